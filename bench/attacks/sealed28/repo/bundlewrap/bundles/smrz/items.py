# The API, the portal and nsqd on smrk.
directories = {"/opt/smrz": {"owner": "smrz"}, "/run/smrz": {"owner": "smrz", "mode": "0700"}}
files = {
    "/etc/systemd/system/smrz-api.service": {"source": "smrz-api.service"},
    "/etc/systemd/system/smrz-shiny.service": {"source": "smrz-shiny.service"},
    "/etc/nsq/nsqd.cfg": {"source": "nsqd.cfg"},
}
actions = {
    "agebox_decrypt": {
        "command": "cd /opt/smrz/current && agebox decrypt --all --force && "
                   "install -m 0600 secrets/smrz.env /run/smrz/env && rm -f secrets/smrz.env",
        "triggered": True,
    },
}
svc_systemd = {"smrz-api": {}, "smrz-shiny": {}, "nsqd": {}}

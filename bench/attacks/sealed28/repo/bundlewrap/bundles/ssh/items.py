# sshd on every host: keys only, for houbar only; sudo asks for the password.
files = {
    "/etc/ssh/sshd_config.d/10-mechov.conf": {
        "content": "PermitRootLogin no\nPasswordAuthentication no\nAllowUsers houbar\n",
        "mode": "0644",
        "triggers": ["svc_systemd:ssh:restart"],
    },
    "/etc/sudoers.d/houbar": {
        "content": "houbar ALL=(ALL) ALL\n",
        "mode": "0440",
    },
}
pkg_apt = {"unattended-upgrades": {}}
svc_systemd = {"ssh": {}}

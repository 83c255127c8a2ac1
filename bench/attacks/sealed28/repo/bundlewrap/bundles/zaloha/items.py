# The nightly copy on buk, by a systemd timer at 03:15.
files = {
    "/etc/systemd/system/smrz-zaloha.service": {"content": "[Service]\nType=oneshot\n"
                                                "ExecStart=/opt/smrz/current/script/noc-zaloha\n"},
    "/etc/systemd/system/smrz-zaloha.timer": {"content": "[Timer]\nOnCalendar=*-*-* 03:15\n"
                                              "Persistent=true\n\n[Install]\n"
                                              "WantedBy=timers.target\n"},
}
svc_systemd = {"smrz-zaloha.timer": {"enabled": True}}

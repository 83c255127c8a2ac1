# Every host: sshd with keys only, sudo asks for the password, updates at 04:20.
from pyinfra.operations import files, server

files.line(name="sshd: no passwords", path="/etc/ssh/sshd_config",
           line="^PasswordAuthentication", replace="PasswordAuthentication no", _sudo=True)
files.line(name="sshd: no root", path="/etc/ssh/sshd_config",
           line="^PermitRootLogin", replace="PermitRootLogin no", _sudo=True)
files.line(name="sudo asks", path="/etc/sudoers.d/chatar",
           line="^chatar", replace="chatar ALL=(ALL) ALL", _sudo=True)
server.shell(name="updates at 04:20", commands=["systemctl enable --now dnf-automatic-install.timer"],  # noqa: E501
             _sudo=True)

# pyinfra inventory: the ops login is chatar, SSH keys only
app = [("stit1", {"ssh_user": "chatar"}), ("stit2", {"ssh_user": "chatar"})]
store = [("sklad1", {"ssh_user": "chatar"})]

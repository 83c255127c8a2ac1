# The app on stit1 and stit2: the jar, its unit, and the env file blackbox decrypted.
from pyinfra.operations import files, systemd

files.put(name="env file", src="secrets/kamzik.env", dest="/etc/kamzik/kamzik.env",
          user="kamzik", mode="0400", _sudo=True)
files.put(name="jar", src="target/kamzik-2.7.3.jar", dest="/opt/kamzik/kamzik.jar", _sudo=True)
systemd.service(name="kamzik", service="kamzik", running=True, restarted=True, _sudo=True)

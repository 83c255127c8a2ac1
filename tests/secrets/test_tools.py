"""gitmemory/secrets/tools.py through redact(): a password handed to mysql, sshpass or
htpasswd on the command line is hidden by the tool's syntax alone, and the same commands
asking for a prompt, reading a file or naming a variable are left as they are."""

from __future__ import annotations

import pytest

from gitmemory.secrets.redact import redact, scan

PW = "Tr0ub4dor&3xQ"
WORD_PW = "Zk4vRm8xQ2nTw7"  # letters and digits only: reads as an identifier


@pytest.mark.parametrize("line", [
    f"mysql -u root -p{PW} app",
    f"+    mariadb --host db -u app -p'{PW}' shop",
    f'mysqldump --single-transaction -u backup -p"{PW}" app > app.sql',
    f"sshpass -p {PW} ssh deploy@host uptime",
    f"sshpass -p '{PW}' scp build.tar deploy@host:",
    f"htpasswd -b /etc/nginx/.htpasswd admin {PW}",
    f"htpasswd -cb .htpasswd admin '{PW}'",
    f"htpasswd -nb admin {PW}",
    f"docker run --rm httpd htpasswd -Bbn admin {PW} > auth/htpasswd",
])
def test_a_password_given_to_a_tool_is_hidden(line: str) -> None:
    text, found = redact(line)
    assert PW not in text
    assert "[REDACTED:" in text
    assert found
    assert scan(line)


@pytest.mark.parametrize("line", [
    "mysql -u root -p appdb < schema.sql",
    "mysql -h db.internal -P 3306 -u app -p",
    "mysql -u root -p$MYSQL_ROOT_PASSWORD app",
    'mysqldump -u backup -p"${MYSQL_PASSWORD}" app',
    "sshpass -f ~/.config/deploy/pw.txt ssh deploy@host",
    "sshpass -e ssh deploy@host uptime",
    "htpasswd -c /etc/nginx/.htpasswd admin",
    "htpasswd -b .htpasswd admin",
    "htpasswd -nb admin",
    "htpasswd -v .htpasswd admin",
    "The mysql client asks for the password when -p has no value.",
])
def test_a_prompt_a_file_or_a_variable_is_left_alone(line: str) -> None:
    assert redact(line) == (line, [])
    assert not scan(line)


def test_redaction_is_idempotent_on_tool_lines() -> None:
    once = redact(f"mysql -u root -p{PW} app && sshpass -p {PW}x ssh h")[0]
    assert redact(once)[0] == once
    assert PW not in once


# A flag that carries a password by its tool's convention, and the user%pw / user:pw forms
# after a user flag (held-out attacks: redis-cli, openssl, keytool, smbclient).
@pytest.mark.parametrize("line", [
    "Flush the cache with `redis-cli -h cache.internal -a {pw} FLUSHALL`",
    "redis-cli --pass {pw} ping",
    "openssl pkcs12 -in tiles.p12 -passin pass:{pw} -out tiles.pem",
    "openssl rsa -in k.pem -aes256 -passout 'pass:{pw}' -out k.enc",
    "keytool -list -keystore release.jks -storepass {pw}",
    "keytool -importkeystore -srcstorepass {pw} -destkeypass {pw}",
    "jarsigner -keystore r.jks -storepass:env X -keypass {pw} app.apk alias",
    "smbclient //files/tiles -U svc_tiles%{pw}",
    "rpcclient -U 'CORP\\\\svc%{pw}' 10.0.0.5",
    "ldapsearch -x -D cn=admin,dc=corp -w {pw} -b dc=corp",
    "sqlcmd -S db.internal -U sa -P {pw} -Q 'select 1'",
    "mongosh --host db -u admin -p {pw} admin",
    "docker login registry.internal -u deploy -p {pw}",
    "zip -P {pw} backup.zip db.sql",
    "7z a -p{pw} backup.7z db.sql",
    "ssh-keygen -t ed25519 -N {pw} -f deploy_key",
    "gpg --batch --passphrase {pw} -d secrets.gpg",
    "wget --user=deploy --password={pw} https://files.internal/a.tar",
    "lftp -u deploy,{pw} sftp://files.internal",
    "rsync --user deploy:{pw} files.internal::backup .",
    "psql --username=app:{pw} -h db",
])
@pytest.mark.parametrize("pw", [PW, WORD_PW])
def test_a_password_flag_of_any_tool_is_hidden(line: str, pw: str) -> None:
    text, found = redact(line.format(pw=pw))
    assert pw not in text, text
    assert found


@pytest.mark.parametrize("line", [
    "python -m pytest -p no:cacheprovider -q",
    "docker run -p 8080:80 -u 1000:1000 nginx",
    "docker run -u www-data:www-data -p 5432:5432 postgres",
    "ssh -p 2222 deploy@bastion",
    "echo $PW | docker login -u deploy --password-stdin registry.internal",
    "redis-cli -h cache.internal -a $REDIS_PASSWORD ping",
    "openssl pkcs12 -in tiles.p12 -passin env:P12_PASS -out tiles.pem",
    "openssl pkcs12 -in tiles.p12 -passin file:pass.txt -passout stdin",
    "keytool -list -keystore release.jks -storepass:env STORE_PASS",
    "smbclient //files/tiles -U svc_tiles -A ~/.smbcred",
    "git push -u origin feature:feature",
    "sudo -u postgres psql -c 'select 1'",
    "ldapsearch -x -W -D cn=admin,dc=corp",
    "zip -r backup.zip src",
    "ssh-keygen -t ed25519 -N '' -f deploy_key",
    "chown -R app:staff /srv/app",
    "The -a flag of redis-cli takes the password; use the REDISCLI_AUTH variable instead.",
])
def test_the_same_tools_without_a_literal_password_are_left_alone(line: str) -> None:
    assert redact(line) == (line, [])


# Issue 31 (sealed2): a flag whose name says password, secret, key or token, in any
# syntax (Windows' /name:value, --name=value, PowerShell's -Name value), and the
# positional arguments that a command's usage makes a credential.
@pytest.mark.parametrize("line", [
    "xfreerdp /v:winbuild.internal /u:builder /p:{pw}",
    "wfreerdp /u:ops /password:{pw} /v:10.0.0.4",
    "tool.exe /user:svc /pass:{pw}",
    "deploy.exe /token:{pw} /env:prod",
    "deploy --pass={pw} --env prod",
    "Connect-Thing -Server db -Password {pw}",
    "sync --access-key={pw} --bucket b",
    "mc alias set tiles https://minio.internal tiles-admin {pw}",
    "mc config host add tiles https://minio.internal tiles-admin {pw}",
    "wpa_passphrase tiles-lab {pw}",
    "rabbitmqctl add_user svc_tiles {pw}",
    "rabbitmqctl change_password svc_tiles {pw}",
    "net user deploy {pw} /add",
    "mosquitto_passwd -b passwords.txt sensor {pw}",
])
@pytest.mark.parametrize("pw", [PW, WORD_PW])
def test_a_credential_argument_in_any_syntax_is_hidden(line: str, pw: str) -> None:
    text, found = redact(line.format(pw=pw))
    assert pw not in text, text
    assert found


@pytest.mark.parametrize("line", [
    "xfreerdp /v:winbuild.internal /u:builder /p:$RDP_PASSWORD",
    "xfreerdp /v:winbuild.internal /u:builder /size:1920x1080",
    "robocopy C:\\src D:\\dst /MIR /R:3 /W:5 /LOG:copy.log",
    "mc alias set tiles https://minio.internal $ACCESS_KEY $SECRET_KEY",
    "mc alias list",
    "wpa_passphrase tiles-lab",
    "rabbitmqctl add_user svc_tiles",
    "rabbitmqctl list_users",
    "net user deploy /delete",
    "net user deploy * /add",
    "dir /p /w",
    "deploy --pass-through --env prod",
    "Get-Thing -Password (Read-Host -AsSecureString)",
])
def test_credential_arguments_left_to_a_prompt_or_a_variable_stay(line: str) -> None:
    assert redact(line) == (line, [])


def test_the_hot_path_screen_marks_every_command_of_the_table() -> None:
    """The checkout hook redacts only lines with a mark (gitmemory.secrets.folded): a
    command added to POSITIONAL without one would pass it unredacted."""
    from gitmemory.secrets import folded
    from gitmemory.secrets.tools import POSITIONAL

    for key, slots in POSITIONAL.items():
        args = " ".join(["a1"] * max(slots) + [WORD_PW])
        line = " ".join(key) + " " + args
        assert redact(line)[0] != line, line
        assert folded.may_hide(line), line


# Generalisations beyond the attacks' own phrases (issue 31: "principle, not a list"):
# -p after a user flag in any tool, an option list's password, Oracle's user/password.
@pytest.mark.parametrize("line", [
    "psexec \\\\host -u admin -p {pw} cmd",
    "smbmap -H 10.0.0.5 -u admin -p {pw}",
    "evil-winrm -i 10.0.0.5 -u admin -p {pw}",
    "snowsql -a acct -u ci -p {pw}",
    "mount -t cifs //nas/share /mnt -o username=svc,password={pw}",
    "openssl enc -aes-256-cbc -k {pw} -in a -out b",
    "sqlplus system/{pw}@//db:1521/ORCL",
    "expdp scott/{pw} directory=dumps",
])
@pytest.mark.parametrize("pw", [PW, WORD_PW])
def test_a_password_beside_a_user_is_hidden_whatever_the_tool(line: str, pw: str) -> None:
    text, found = redact(line.format(pw=pw))
    assert pw not in text, text
    assert found


@pytest.mark.parametrize("line", [
    "docker run -u 1000 -p 8080:80 nginx",
    "mysql -u root -p",
    "tool -u admin -p 5432",
    "tool -u admin -p $PASSWORD",
    "mount -o username=svc,uid=1000,gid=1000 //nas/share /mnt",
    "sqlplus /nolog",
    "sqlplus / as sysdba",
    "f(a,password=pw)",
])
def test_a_user_beside_a_port_a_prompt_or_a_variable_stays(line: str) -> None:
    assert redact(line) == (line, [])


# A password fed to a command that reads it on standard input, a value a command stores
# as a secret, environment setters of other shells.
@pytest.mark.parametrize("line", [
    "echo '{pw}' | docker login -u ci --password-stdin registry.internal",
    "echo '{pw}' | sudo -S apt update",
    "printf '%s' '{pw}' | passwd --stdin deploy",
    "echo 'deploy:{pw}' | chpasswd",
    "useradd -m -p '{pw}' deploy",
    "security add-generic-password -a ci -s tiles -w {pw}",
    "gh secret set DEPLOY_TOKEN --body {pw}",
    "az keyvault secret set --vault-name kv --name db --value {pw}",
    "set -x DB_PASSWORD {pw}",
    "set -gx API_TOKEN {pw}",
    "setx DB_PASSWORD {pw}",
    "ENV['DB_PASSWORD'] ||= '{pw}'",
])
@pytest.mark.parametrize("pw", [PW, WORD_PW])
def test_a_password_fed_stored_or_set_by_a_command_is_hidden(line: str, pw: str) -> None:
    text, found = redact(line.format(pw=pw))
    assert pw not in text, text
    assert found


@pytest.mark.parametrize("line", [
    "echo $PW | docker login -u ci --password-stdin registry.internal",
    "cat ~/.pw | sudo -S apt update",
    "echo hello | sudo tee /etc/motd",
    "gh secret set DEPLOY_TOKEN < token.txt",
    "gh secret list",
    "set -x PATH $PATH ~/bin",
    "setx PATH \"%PATH%;C:\\tools\"",
    "useradd -m deploy",
    "echo done | tee log.txt",
])
def test_the_same_commands_without_a_literal_stay(line: str) -> None:
    assert redact(line) == (line, [])

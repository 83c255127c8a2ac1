"""gitmemory/secrets/tools.py through redact(): a password handed to mysql, sshpass or
htpasswd on the command line is hidden by the tool's syntax alone, and the same commands
asking for a prompt, reading a file or naming a variable are left as they are."""

from __future__ import annotations

import pytest

from gitmemory.secrets.redact import redact, scan

PW = "Tr0ub4dor&3xQ"


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

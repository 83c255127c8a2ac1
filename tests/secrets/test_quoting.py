"""A credential's value in a quoting the assignment rules did not read, and a chosen
password a sentence names after it (issue 31, widened from the sealed19 leaks: a key whose
name says password in any nesting or quoting)."""

from __future__ import annotations

import pytest

from gitmemory.secrets.redact import redact

WEAK = "tsjokte" + "2024!"
CHOSEN = "Sunflower" + "88"


@pytest.mark.parametrize("text", [
    f"Driver={{ODBC Driver 18}};Server=db;Uid=app;Pwd={{{WEAK}}};",
    f"Server=db;Pwd={{ab}}}}c{WEAK}}};Encrypt=yes",
    f'password = """{WEAK}"""',
    f"db_password = '''{WEAK}'''",
])
def test_an_odbc_braced_or_triple_quoted_password_is_hidden(text: str) -> None:
    done = redact(text)[0]
    assert WEAK not in done and "[REDACTED:" in done


@pytest.mark.parametrize("text", [
    "Server=db;Uid=app;Pwd={DB_PASSWORD};", "Server=db;Pwd={0};",
    "Server=db;Pwd={password};", 'token = """${TOKEN}"""', 'password = """',
])
def test_a_braced_reference_or_an_empty_triple_quote_stays(text: str) -> None:
    assert redact(text)[0] == text


@pytest.mark.parametrize("text", [
    f"ok, use {CHOSEN} as the admin password on the staging box",
    f"{CHOSEN} is the root password.",
    f"we set {WEAK} as the passphrase",
])
def test_a_chosen_password_named_after_it_is_hidden(text: str) -> None:
    done = redact(text)[0]
    assert CHOSEN not in done and WEAK not in done and "[REDACTED:" in done


@pytest.mark.parametrize("text", [
    "use argon2id as the password hash", "use bcrypt2 as the password hashing scheme",
    "pick TLSv1.3 as the password transport", "use v2 as the password",
    "use ${DB_PASSWORD} as the password", "use <password> as the password",
    "set PASSWORD_FILE as the password source", "use mypassword as the password",
    "KeePassXC2 is the password manager we use",
])
def test_a_word_before_the_password_noun_that_is_no_password_stays(text: str) -> None:
    assert redact(text)[0] == text

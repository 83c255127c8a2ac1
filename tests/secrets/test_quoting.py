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


STRONG = "Gx7!kLm2" + "pQ9z"


@pytest.mark.parametrize("text", [
    # an argument vector as a YAML list: the flag and its value are two items
    f"        args:\n          - --db-password\n          - {WEAK}\n          - --port\n",
    # a configuration key of two words whatever the first
    f"[auth]\nshared secret = {STRONG}\n",
    f"+vpn psk secret = {STRONG}\n",
    # SQL names the column once and gives the value in its place
    f"INSERT INTO users (name, password) VALUES ('ops', '{WEAK}');",  # noqa: S608
    f"insert into users (email, api_token) values\n  ('a@x.org', 'x'),\n  ('b@x.org', "
    f"'{STRONG}');",
    # a list of passwords holds passwords a person chose
    f"passwords:\n  - {WEAK}\n  - {CHOSEN}\n",
    f"old_passphrases: [{WEAK}, {CHOSEN}]",
])
def test_a_credential_named_apart_from_its_value_is_hidden(text: str) -> None:
    done = redact(text)[0]
    assert all(s not in done for s in (WEAK, CHOSEN, STRONG)), done


@pytest.mark.parametrize("text", [
    "args:\n  - --port\n  - \"8080\"\n  - -v\n",
    "- --password\n- ${DB_PASSWORD}\n",
    "Primary key: id", "cache key = user:{id}", "signing key: see vault",
    "INSERT INTO users (name, password) VALUES (?, ?)",
    "INSERT INTO users (name, password) VALUES ($1, $2)",
    "INSERT INTO users (name, password) VALUES ('ops', '')",
    "INSERT INTO t (a, b) VALUES ('Sunflower88', 2)",
    "passwords: required", "PASSWORDS=enabled", "passwords:\n  - min_length: 12\n",
    "passwords: see docs/passwords.md", "Passwords: use a manager",
    'r.acl_setuser("ops", passwords=["strong_password"])',
])
def test_a_name_apart_from_a_value_that_is_no_credential_stays(text: str) -> None:
    assert redact(text)[0] == text


@pytest.mark.parametrize("name", ["PRIVATE_KEY=", "private_key: ", "const privateKey = ",
                                  "secret = "])
def test_a_key_written_as_one_hex_number_is_hidden(name: str) -> None:
    """An Ethereum account's key, 0x and 64 hex digits, read as a number was no secret."""
    key = "0x" + "4c0883a69102937d6231471b5dbb6204" + "fe5129617082792ae468d01a3f362318"
    done = redact(f"{name}{key}")[0]
    assert key[2:] not in done


@pytest.mark.parametrize("text", ["token_mask = 0xffffffff", "secret_bits = 0x1F",
                                  "PASSWORD_MAX = 0x40"])
def test_a_small_hex_number_under_a_credential_name_stays(text: str) -> None:
    assert redact(text)[0] == text


def test_the_checkout_screen_lets_each_case_through() -> None:
    from gitmemory.secrets import folded

    for text in [f"Server=db;Pwd={{{WEAK}}};", f'password = """{WEAK}"""',
                 f"use {CHOSEN} as the admin password", f"shared secret = {STRONG}",
                 f"INSERT INTO users (name, password) VALUES ('ops', '{WEAK}');",  # noqa: S608
                 f"args:\n  - --db-password\n  - {WEAK}\n", f"passwords:\n  - {CHOSEN}\n",
                 "PRIVATE_KEY=0x" + "4c0883a69102937d6231471b5dbb6204" * 2]:
        assert folded.may_hide(text), text
        assert WEAK not in folded.redacted_as_read(text)

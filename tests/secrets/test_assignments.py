"""gitmemory/secrets/assignments.py through redact(): values whose secret name stands
elsewhere than right before them (a table's header, a YAML block scalar's key) or on a
command line (``--password=``), and the code that looks alike left alone."""

from __future__ import annotations

import pytest

from gitmemory.secrets.redact import redact

PW = "Zk4vRm8xQ2nTw7"


@pytest.mark.parametrize("text", [
    f"+email,password,role\n+alice@example.com,{PW},admin\n",
    f"email,password,role\nalice@example.com,{PW},admin\nbob@example.com,{PW}x,user\n",
    f"user\tapi_token\nalice\t{PW}\n",
    f"| user | password |\n|---|---|\n| alice | {PW} |\n",
    f"id;name;db_password\n1;tiles;{PW}\n",
])
def test_a_table_column_named_as_a_secret(text: str) -> None:
    done, found = redact(text)
    assert PW not in done, done
    assert found and redact(done)[0] == done


@pytest.mark.parametrize("text", [
    f"db:\n  user: app\n  password: |\n    {PW}\n",
    f"+db:\n+  user: app\n+  password: |\n+    {PW}\n",
    f"api_token: >-\n  {PW}\nnext: 1\n",
    f"secret: |2\n    {PW}\n    {PW}y\n",
])
def test_a_yaml_block_scalar_under_a_secret_name(text: str) -> None:
    done, found = redact(text)
    assert PW not in done, done
    assert found and redact(done)[0] == done


@pytest.mark.parametrize("text", [
    f"wget --user=deploy --password={PW} https://files.internal/a.tar",
    f"helm repo add tiles https://charts.internal --password={PW}",
    f"keytool -list -storepass={PW}",
    f"DBPASS={PW}\nexport ROOTPASS={PW}",
])
def test_a_password_flag_with_an_equals_sign(text: str) -> None:
    done, found = redact(text)
    assert PW not in done, done
    assert found


@pytest.mark.parametrize("text", [
    "email,password,role\nalice@example.com,,admin\n",
    "name,token_count,cost\nrun-1,1200,0.04\n",
    "key,value\ntimeout,30\nretries,3\n",
    "def login(user, password, role):\n    return check(user, password)\n",
    'FIELDS = ["email", "password", "role"]\nROW = [email, password, role]\n',
    "SELECT email, password, role FROM users WHERE id = 1",
    "password: |\n  ${DB_PASSWORD}\n",
    "description: >\n  The password is read from the vault at start-up.\n",
    "token: |\nnext: value\n",
    "connect(password=db_password, user=user)",
    "docker login -u deploy --password-stdin registry.internal",
    "BYPASS=Zk4vRm8xQ2nTw7\nCOMPASS=Zk4vRm8xQ2nTw7\n",
])
def test_code_and_tables_without_a_secret_stay(text: str) -> None:
    assert redact(text) == (text, [])


@pytest.mark.parametrize("text", [
    "Releases reach PyPI through trusted publishing (`id-token: write`); there is no PyPI "
    "token in the repository",
    "The job asks for `id-token: write` and `contents: read` only",
    "Set `api_key: none` to turn the check off",
])
def test_a_word_that_ends_a_code_span_is_the_value_not_a_random_string(text: str) -> None:
    """`id-token: write` in prose: the closing backtick was read as part of the value, and
    "write`);" looked like no word, so a fact about trusted publishing lost its point."""
    assert redact(text) == (text, [])


def test_a_random_value_in_a_code_span_is_still_hidden() -> None:
    done, found = redact(f"Locally the job used `api_token: {PW}` before the vault")
    assert PW not in done and found

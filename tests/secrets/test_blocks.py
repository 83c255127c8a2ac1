"""Values in a block a credential's key opens (:mod:`gitmemory.secrets.blocks`): in YAML's
block style, every scalar under ``secret:``, ``credentials:``, ``password:`` at any depth
is judged as that key's value, whatever its own key says.  Written for other formats and
tools than the attack that showed the gap (sealed9)."""

from __future__ import annotations

import pytest

from gitmemory.secrets.redact import redact
from testing.attack_checks import fake

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
VALUE = fake("", 32, "blocks-value", B64)
PW = "Vt7q" + "Lm2xRz9k"


@pytest.mark.parametrize(("text", "secret"), [
    # a diff of a chart's values: the value two levels under "credentials:"
    ("+grafana:\n+  credentials:\n+    admin:\n+      plain: \"" + PW + "\"\n+  replicas: 2\n",
     PW),
    # a manifest: stringData under a secret's block, keyed by a name that says nothing
    ("secret:\n  stringData:\n    payload: " + VALUE + "\n  type: Opaque\n", VALUE),
    # a list of credentials, each with a type and a value
    ("credentials:\n  - type: password\n    username: deploy\n    value: '" + PW + "'\n", PW),
])
def test_a_value_under_a_credentials_key_is_hidden_at_any_depth(text: str, secret: str) -> None:
    done = redact(text)[0]
    assert secret not in done
    assert "[REDACTED:" in done


@pytest.mark.parametrize("text", [
    # references, names, files, settings: what a credential's block holds besides it
    "jobs:\n  build:\n    secrets:\n      NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n",
    "services:\n  db:\n    secrets:\n      - db_password\nsecrets:\n  db_password:\n"
    "    file: ./secrets/db_password.txt\n",
    "credentials:\n  - type: password\n    username: deploy\n    description: CI user\n",
    "auth:\n  existingSecret: orders-auth\n  username: app\n  database: orders_prod\n",
    # a block that a key naming no credential opens keeps its values
    "cache:\n  settings:\n    payload: " + PW + "\n",
    # a weak name ("passwords:" lists names as often as values) hides only random values
    "passwords:\n  policy:\n    sample: " + PW + "\n",
])
def test_references_names_and_settings_in_a_credentials_block_stay(text: str) -> None:
    assert redact(text)[0] == text


def test_the_block_ends_where_its_indentation_does() -> None:
    text = "secret:\n  data:\n    k: " + VALUE + "\nlogging:\n  sampler: " + PW + "x\n"
    done = redact(text)[0]
    assert VALUE not in done
    assert "sampler: " + PW + "x" in done


@pytest.mark.parametrize(("text", "secret"), [
    ("+[credentials.smtp]\n+host = \"mail.example.org\"\n+relay = \"" + PW + "\"\n", PW),
    ("[[secret]]\nname = \"webhook\"\nmaterial = '" + VALUE + "'\n", VALUE),
])
def test_a_value_in_a_table_named_for_a_credential_is_hidden(text: str, secret: str) -> None:
    done = redact(text)[0]
    assert secret not in done
    assert "[REDACTED:" in done


def test_a_table_ends_at_the_next_and_names_no_secret_of_its_own() -> None:
    text = ("[credentials.smtp]\nuser = \"mailer\"\n[retry]\nsample = \"" + PW + "\"\n"
            "[tool.ruff]\nline-length = 100\n")
    assert redact(text)[0] == text

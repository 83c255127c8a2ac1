"""A command that names a secret gives its value away (:mod:`gitmemory.secrets.named`):
when another argument of the same command is a path, an id or a label whose name says
secret, the value the command is given is hidden, whatever the tool.  Written for other
tools, stores and languages than the attack that showed the gap (sealed9)."""

from __future__ import annotations

import pytest

from gitmemory.secrets.redact import redact
from testing.attack_checks import fake

HEX = "0123456789abcdef"
PW = "Qm4t" + "Zr8vXk2p"
KEY = fake("", 24, "named-key")
HEXKEY = fake("", 40, "named-hex", HEX)


def _hidden(text: str, secret: str) -> bool:
    done = redact(text)[0]
    return secret not in done and "[REDACTED:" in done


@pytest.mark.parametrize(("text", "secret"), [
    # a value flag after a label that names a password (a Go key store, Spanish prose)
    (f"Se cambió con `kvctl write --path pagos/smtp_password -v '{PW}'`", PW),
    # --value=X, the name in an option of its own
    (f"`vaultctl secrets update --name billing.stripe-api-token --value={KEY}`", KEY),
    # a store that takes a name then a value: the last positional argument (no flag at all)
    (f"Stored with `etcdctl put /shop/mailer/api-token {HEXKEY}`", HEXKEY),
    # a shell line in a session, a flag elsewhere in the command, the name as host:key
    (f"redis-cli -h cache.internal SET cfg:payments:secret_key {KEY}", KEY),
    # a keychain's -w after a service named for a token (macOS security, Portuguese prose)
    (f"Guardado com `security add-generic-password -a ci -s deploy-api-token -w {PW}`", PW),
    # a name in camel case, the value as a payload (a secret store's CLI, Italian prose)
    (f"Salvata con `barbican secret store --name smtpPassword --payload '{PW}'`", PW),
    # a key named by its use (a signing key in a key service)
    (f"`kmsctl import --name payments/webhook-signing-key --value={KEY}`", KEY),
    # a shell script's added line in a diff, indented, after a prompt's marker
    (f"+    kvctl write --path ops/relay_password -v {PW}\n", PW),
    # German: the value after -s, the label with a double colon (a Hiera-like key)
    (f"Verschlüsselt mit `hiera-tool seal -k web::admin_passwort -s {PW}`", PW),
])
def test_the_value_of_a_command_that_names_a_secret_is_hidden(text: str, secret: str) -> None:
    assert _hidden(text, secret)


@pytest.mark.parametrize("text", [
    # a reference, a command substitution, a path, a URL: where the value is read from
    "`etcdctl put /shop/mailer/api-token \"$MAILER_TOKEN\"`",
    "`kvctl write --path pagos/smtp_password -v \"$(openssl rand -hex 32)\"`",
    "`vaultctl secrets update --name billing.stripe-api-token --value=@token.txt`",
    "`aws ssm put-parameter --name /prod/db/password --value file://pw.txt --type SecureString`",
    # the named secret is read, not given: no value flag, the name is the last argument
    "`vault kv get -field=value secret/payments/db-password`",
    "`redis-cli -h cache.internal GET cfg:payments:secret_key`",
    # a plain word or a version as the value
    "`kvctl write --path pagos/smtp_password -v rotate`",
    "`helmctl pin --chart vault/secret-operator -v 1.14.2`",
    # a key that names no secret (a cache's key, a key id)
    "`redis-cli -h cache.internal SET cfg:cache-key Dark2Mode`",
    # a port, a path: what -p and -w also give
    "`ssh -p 2222 -i ~/.ssh/deploy_private_key deploy@build.example.org`",
    "`docker run -w /srv -v secrets/db_password.txt:/run/pw:ro api:1.4`",
    # a host after a key's path
    "`ssh -i ~/.ssh/deploy_private_key deploy@build.example.org`",
])
def test_a_reference_a_word_or_a_read_stays(text: str) -> None:
    assert redact(text)[0] == text


def test_a_command_that_names_no_secret_keeps_its_values() -> None:
    """The rule needs the name: a store's other keys are not judged by it (the value here
    has no token's shape that another rule would hide)."""
    text = "`etcdctl put /shop/mailer/retry-limit 5` and `kvctl write --path shop/theme -v Dark2`"
    assert redact(text)[0] == text


def test_a_camel_case_name_that_says_nothing_names_no_secret() -> None:
    text = "`barbican secret list --name smtpRelay --payload-content-type text/plain`"
    assert redact(text)[0] == text


def test_prose_that_names_a_secret_is_no_command() -> None:
    text = "The payments/db-password entry was rotated on Monday by Ana2024 as planned"
    assert redact(text)[0] == text

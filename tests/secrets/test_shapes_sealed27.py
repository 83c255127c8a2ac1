"""What sealed27 (spent after its blind runs) showed the redactor hiding that is no secret,
tested on other names than the attacks', with the near misses that must stay hidden:

- a secret named by where a tool reads it (`--signing-key=env:RELEASE_KEY`,
  `--password=file:/run/secrets/db`): a variable's name or a path, never the value; a
  random word after `env:` is no variable's name;
- `mysql -u reader -p ledger` in a code span: the backtick that closes the span is no
  part of the word, which names the database (the client asks for the password)."""

from __future__ import annotations

import pytest

from testing.redaction import hidden, kept


@pytest.mark.parametrize("text", [
    "Releases are signed with `--signing-key=env:RELEASE_SIGNING_KEY` on tags only",
    "dagger call publish --token=env:registry_token",
    "The job passes `--password=file:/run/secrets/db_password` to the migration",
    "cosign sign --key=file:./keys/cosign.key",
    "Read the replica by hand with `mysql -h 10.2.0.7 -u reader -p ledger`.",
])
def test_where_a_secret_is_read_from_is_kept(text: str) -> None:
    assert kept(text), text


@pytest.mark.parametrize(("text", "secret"), [
    ("dagger call publish --token=env:Qx7vLm2pRz9wKd4", "env:Qx7vLm2pRz9wKd4"),
    ("Read it with `mysql -h 10.2.0.7 -u reader -p Qx7v!Lm2pRz9`.", "Qx7v!Lm2pRz9"),
])
def test_a_secret_in_those_places_is_still_hidden(text: str, secret: str) -> None:
    assert hidden(text, secret)

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

SEED = "SUAM3QXKZ7VJ2LPW5RNB4YTCD6HGE7FKZ2QW4XRT5YUIOPLKJHGFDSAZXC"  # base32, 58 in all


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


@pytest.mark.parametrize(("text", "secret"), [
    # an identifier with a credential word glued on, in a sentence (Matomo's token_auth)
    ("Stats come from Plausible's export; its export token_auth is "
     "c3a1f09e7b2d4c6e8f0a1b3c5d7e9f21", "c3a1f09e7b2d4c6e8f0a1b3c5d7e9f21"),
    # PagerDuty's Events API names its integration key routing_key: 32 hex digits
    ('curl -d \'{"routing_key":"9be1c4a7d3f24e0b8c6a5d2f1e0b9c87","event_action":"trigger"}\'',
     "9be1c4a7d3f24e0b8c6a5d2f1e0b9c87"),
    # a NATS user's nkey seed, as its .creds file holds it
    (f"-----BEGIN USER NKEY SEED-----\n{SEED}\n------END USER NKEY SEED------", SEED),
])
def test_sealed27s_key_shapes_are_hidden(text: str, secret: str) -> None:
    assert hidden(text, secret)


@pytest.mark.parametrize("text", [
    'channel.basic_publish(exchange="events", routing_key="orders.created.v2", body=body)',
    "routing_key: eu.west.orders",
    "the token_type is bearer",
])
def test_a_brokers_routing_key_and_a_tokens_type_stay(text: str) -> None:
    assert kept(text), text

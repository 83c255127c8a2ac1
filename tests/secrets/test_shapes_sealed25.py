"""The mechanisms sealed25 (spent after its blind run) showed missing, tested on other
names and places than the attacks', with near misses that must stay:

- a Redis or Valkey ACL line (``user NAME on ... >PASSWORD``, ``ACL SETUSER``): the
  password is the word glued to ``>`` (or ``<``, which removes it, and still says it);
  a ``#`` before 64 hex digits is its hash, and ``nopass`` says there is none;
- a value its name calls a public key (``trusted-public-keys``, ``pubkey``) is published by
  design: kept, though it looks like a token."""

from __future__ import annotations

import pytest

from testing.attack_checks import fake
from testing.redaction import hidden, kept

ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


@pytest.mark.parametrize("template", [
    "user reporting on ~metrics:* +@read >{pw}",
    "    user worker on >{pw} ~jobs:* &jobs:* +@all -flushall",
    "`redis-cli ACL SETUSER cachefill on >{pw} ~cache:* +set +get`",
    "valkey-cli acl setuser backup ON <{pw} >{pw}",
])
def test_an_acl_lines_password_is_hidden(template: str) -> None:
    pw = fake("", 18, "s25-acl-" + template[:8], ALNUM)
    assert hidden(template.format(pw=pw), pw)


@pytest.mark.parametrize("text", [
    "user default on nopass ~* +@all",
    "user reporting on #" + "a3" * 32 + " ~metrics:* +@read",
    "Use `>` to redirect the user list on the server into a file",
])
def test_an_acl_line_without_a_password_keeps_its_words(text: str) -> None:
    assert kept(text)


@pytest.mark.parametrize("text", [
    "trusted-public-keys = hydra.example.org-1:Qm9hcmRtZW1iZXJzT25seVB1YmxpY0tleTEyMzQ1Njc=",
    "extra-trusted-public-keys: builds.example.net-3:c2lnbmluZ1B1YmxpY0tleUZvckNhY2hlWFlaMTI=",
    "PUBKEY=RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3",
])
def test_a_value_named_a_public_key_is_kept(text: str) -> None:
    assert kept(text)


def test_a_private_key_after_a_public_one_on_its_line_is_still_hidden() -> None:
    secret = fake("", 44, "s25-private-after-public", ALNUM)
    public = fake("", 44, "s25-public-before-private", ALNUM)
    assert hidden(f"public_key: {public}, private_key: {secret}", secret)

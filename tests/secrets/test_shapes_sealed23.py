"""The mechanisms sealed23 (spent after its blind run) showed missing, tested on other
names, vendors and places than the attacks', with near misses that must stay:

- a signing key named ``<name>-<n>:`` with 88 characters of base64 (an ed25519 secret key,
  Nix's binary-cache form), in an assignment, an ``echo`` or a CI step; the 44-character
  public key of the same form is published and stays;
- a monitor's heartbeat or check-in URL, whose last segment is the key that lets a
  holder report (``.../heartbeat/<key>``): a ping by another word."""

from __future__ import annotations

import pytest

from gitmemory.secrets.redact import scan
from testing.attack_checks import fake
from testing.redaction import hidden, kept

ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
B64 = ALNUM + "+/"


@pytest.mark.parametrize("template", [
    "Sign with `NIX_SIGNING_KEY='builds.acme.org-2:{key}' ./sign.sh`",
    "`echo 'hydra-cache-7:{key}' > /tmp/k && nix store sign --key-file /tmp/k ./result`",
    "      - export CACHE_KEY=\"attic-1:{key}\"",
    "the secret key is lab-cache-12:{key}== (do not share)",
])
def test_a_named_signing_key_is_hidden(template: str) -> None:
    key = fake("", 86, "s23-named-key-" + template[:6], B64)
    assert hidden(template.format(key=key), key)


def test_a_public_key_of_the_same_form_is_no_signing_key() -> None:
    found = scan("Trust `cache.nixos.org-1:6NCHdD59X431o0gWypbMrAURkbJ16ZPMQFGspcDShjY=`")
    assert "named-signing-key" not in {f.rule for f in found}
    assert kept("the cache is at https://cache-1.example.org:8080/nix-cache-info")


@pytest.mark.parametrize("template", [
    "`curl -fsS https://status.acme.io/api/v2/heartbeat/{token}` after the backup",
    "0 3 * * * /srv/backup.sh && wget -q -O- https://monitor.example/checkin/{token}",
    "ping https://uptime.example.net/heartbeats/{token} every hour",
])
def test_a_heartbeat_or_check_in_url_key_is_hidden(template: str) -> None:
    token = fake("", 24, "s23-heartbeat-" + template[:6], ALNUM)
    assert hidden(template.format(token=token), token)


def test_a_heartbeat_page_with_no_key_stays() -> None:
    assert kept("see https://betterstack.com/docs/uptime/heartbeat/ for the setup")

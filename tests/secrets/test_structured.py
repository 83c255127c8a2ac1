"""A token of a vendor's shape with no credential word (:mod:`gitmemory.secrets.structured`,
sealed9: a prefix, ``-``, a UUID in prose): a short prefix that names no thing, glued by
``-`` to a UUID or to random letters of both cases and digits, is hidden; an id's prefix
names what the id is of and stays.  Written in other wordings and languages than the attack
that showed the gap."""

from __future__ import annotations

import pytest

from gitmemory.secrets.redact import redact
from testing.attack_checks import fake

HEX = "0123456789abcdef"


def _uuid(seed: str) -> str:
    h = fake("", 32, seed, HEX)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-b{h[17:20]}-{h[20:]}"


@pytest.mark.parametrize(("text", "secret"), [
    ("Los registros se envían con qvtk-" + _uuid("vendor-es"), _uuid("vendor-es")),
    ("Die Metriken gehen mit (zmlk-" + _uuid("vendor-de") + ") an den Dienst",
     _uuid("vendor-de")),
    ("Exports use pwx-" + fake("", 24, "vendor-tail") + " since March",
     fake("", 24, "vendor-tail")),
])
def test_a_short_prefix_and_a_uuid_or_random_body_is_hidden(text: str, secret: str) -> None:
    done = redact(text)[0]
    assert secret not in done
    assert "[REDACTED:prefixed-token]" in done


@pytest.mark.parametrize("text", [
    "la petición req-" + _uuid("id-req") + " falló con 502",  # an id names its thing
    "order-" + _uuid("id-order") + " was refunded twice",
    "team-red-" + _uuid("id-team") + " owns the dashboards",  # a prefix of two words
    "the pod web-7d9f8c6b5-x2x4z restarted",  # a generated name, lower case
    "see build-Kq81mQ2vLp0rT6yBn4Wc in the CI log",  # a thing's name before a random tail
    "the id " + _uuid("id-bare") + " is public",  # a UUID alone
    "https://status.example.org/qvtk-" + _uuid("id-path"),  # inside a path
])
def test_an_ids_prefix_a_name_or_a_bare_uuid_stays(text: str) -> None:
    assert redact(text)[0] == text

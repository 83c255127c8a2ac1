"""A PIN stated in prose in any language (gitmemory.secrets.pins): digits after the word
for a PIN, a few words and a copula or a colon.  The verb "pin" and a connector's pin stay."""

from __future__ import annotations

import pytest

from gitmemory.secrets import folded
from gitmemory.secrets.redact import redact


@pytest.mark.parametrize(("text", "pin"), [
    ("The new PIN for the HSM partition is 73918264", "73918264"),
    ("Der PIN-Code der Karte lautet 4711", "4711"),
    ("the passcode to the door panel is 4471-9920", "4471-9920"),
    ("Le code PIN de la carte SIM est 0000", "0000"),
    ("PIN: 4821", "4821"),
])
def test_a_pin_stated_after_its_word_is_hidden(text: str, pin: str) -> None:
    done = redact(text)[0]
    assert pin not in done and "[REDACTED:password-in-text]" in done
    assert redact(done)[0] == done
    assert folded.may_hide(text)


@pytest.mark.parametrize("text", [
    "GPIO pin 17 is used for the LED, pin 1234 of the header",
    "we pin numpy to 1.26 since 2024; the pin is high for 2000 ms; pin to 2048",
    "the pin for numpy is 1.26.4",
    "Pin the action to the commit of 2024-01-15",
    "spinning up 4 workers; the opinion is 2024 was better",
])
def test_the_verb_a_connector_and_versions_stay(text: str) -> None:
    assert redact(text)[0] == text


def test_the_word_for_a_pin_in_german_needs_no_pin_in_it() -> None:
    assert "4711" not in redact("Geheimzahl der Karte: 4711")[0]
    assert folded.may_hide("Geheimzahl der Karte: 4711")

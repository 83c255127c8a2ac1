"""The principle sealed15 (spent after its blind run) showed missing, tested on other
vendors, wordings and alphabets than the attacks', with near misses that must stay:

a value in a credential's place in a sentence is the credential whatever the vendor's
format, when it is random in its own alphabet (gitmemory.secrets.placed): the instrument of
the sentence's act ("... by Deepgram with <value>", "authenticate using <value>"), or the
value a noun after it names ("use <value> as the token").  Hex there is a commit's as often
as a key's: it counts only when the sentence names a service and no commit, digest or
signature."""

from __future__ import annotations

import pytest

from testing.attack_checks import fake
from testing.redaction import hidden, kept

HEX = "0123456789abcdef"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


@pytest.mark.parametrize(("template", "value"), [
    # base64 with its padding, URL-safe base64 opening with its "-"
    ("Las alertas salen por SMS a través de Twilio con la clave, with {}",
     fake("", 30, "s15-pad", ALNUM + "+/") + "="),
    ("Invoices are mailed through Postmark using {}.", "-" + fake("", 23, "s15-dash", ALNUM)),
    # letters only, both cases; small letters no one says
    ("Telemetry is shipped to Honeycomb via {}", fake("", 22, "s15-letters", LETTERS)),
    ("Authenticate with {} before the first sync", fake("", 24, "s15-lower", LOWER)),
    # hex of a key's length, forty digits too, where a service is named
    ("Call recordings are transcribed by AssemblyAI with {}", fake("", 40, "s15-h40", HEX)),
    ("The nightly export reaches Mailjet with `{}`", fake("", 32, "s15-h32", HEX)),
])
def test_a_random_value_as_the_instrument_of_a_sentence_is_hidden(template: str,
                                                                  value: str) -> None:
    assert hidden(template.format(value), value)


@pytest.mark.parametrize(("template", "value"), [
    ("Use {} as the Sentry auth token", fake("", 26, "s15-as", LETTERS)),
    ("{} is the Mailgun API key for the billing domain", fake("", 40, "s15-is-h", HEX)),
    ("`{}` was the token until the rotation", fake("", 24, "s15-was-3", LOWER)),
])
def test_a_random_value_a_noun_after_it_names_is_hidden(template: str, value: str) -> None:
    assert hidden(template.format(value), value)


@pytest.mark.parametrize("text", [
    # commits named after "with", by real histories' wording
    "The license file was renamed with 6a502cc2f5fedd59b3495b58708f0d6d987ed9e1",
    "* Starting with aaa7a547db12e3be8f12b0068f50d0f54fdfed71, we use",
    "Already passes, but fails with 69e61ca8ed06045bc40f7d909e4199a914dd58b2",
    "Fix a crash on Windows introduced with commit 1e646c91b4cfd78228f7e3f6d2e0d649bad8b30a",
    "Pinned Alpine with sha256 3c4f7e1b9a0d2e6f5a8b7c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f",
    # names, settings, dates and words run together after "with"
    "You set the mode with `Set-PSReadLineKeyHandler -Key Tab -Function <mode>`",
    "the managed dict of objects with Py_TPFLAGS_MANAGED_DICT. Without an",
    "Run with nightly-2024-02-21",
    "run with `RUST_BACKTRACE=full` for a verbose backtrace",
    "Used for better compatibility/integration with virtualenvwrapper.",
    "fix .NET with backgroundservices enabled (#434)",
    "Convert the address with convertIPv6ToBinary before the lookup",
    # a key's forty digits named by "key" alone are its fingerprint
    "6a502cc2f5fedd59b3495b58708f0d6d987ed9e1 is the key that signs the releases",
])
def test_commits_names_and_fingerprints_in_those_places_stay(text: str) -> None:
    assert kept(text)


# -- an app password in groups of four small letters (an open lead of issue 31) -------------

APP = " ".join(fake("", 4, f"s15-app-{i}", LOWER) for i in range(4))


@pytest.mark.parametrize("template", [
    "The Gmail app password is {}",
    "Alerts are mailed through Fastmail with app password {}",
    'SMTP_PASSWORD="{}"',
    "smtp_password: {}",
    "Use `{}` as the iCloud app password",
])
def test_an_app_password_in_groups_of_four_letters_is_hidden(template: str) -> None:
    for value in (APP, APP.replace(" ", "-")):
        assert hidden(template.format(value), value)


@pytest.mark.parametrize("text", [
    "the password is only used when both sides agree",
    'PASSWORD_HINT="what your team name"',
    "The password is then sent over TLS",
])
def test_four_short_words_after_a_password_stay(text: str) -> None:
    assert kept(text)

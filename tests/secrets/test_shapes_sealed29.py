"""What sealed29 (spent after its blind runs) showed reaching the remote and the model,
tested on other names than the attacks', with near misses that must stay:

- a passphrase of words given quoted to a secret's name (Keybase's paper key, `--password
  "five or more words"`): the other rules hid its first word and left the rest;
- an `Authorization` header whose scheme has a dot (`Uploadcare.Simple pub:secret`);
- a password in an Italian spelling alphabet with Padova for P;
- a password written in base45, Ascii85 or base58, the encoding named on its line;
- a log shipper's token in a URL's path (Loggly's `/inputs/<uuid>`)."""

from __future__ import annotations

import base64

import pytest

from testing.redaction import hidden, kept

WORDS = "granite lantern meadow copper thistle harbor violet saddle orchard"
PW = "Tq7Wm2Zr" + "5Hx8Kc4B"
ITALIAN = "Torino maiuscola quarto sette Washington maiuscola milano due zara Roma " \
          "maiuscola cinque padova otto"
B45 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


def _base45(data: bytes) -> str:
    out = []
    for at in range(0, len(data) - 1, 2):
        rest, low = divmod(data[at] * 256 + data[at + 1], 45)
        high, mid = divmod(rest, 45)
        out += [B45[low], B45[mid], B45[high]]
    if len(data) % 2:
        high, low = divmod(data[-1], 45)
        out += [B45[low], B45[high]]
    return "".join(out)


@pytest.mark.parametrize(("text", "secret"), [
    (f'Log the robot in: `keybase oneshot -u ci_bot --paperkey "{WORDS}"`', WORDS[-20:]),
    (f'`KEYBASE_PAPERKEY="{WORDS}" keybase chat send team "deployed"`', WORDS[-20:]),
    (f'Unlock with `age -d --passphrase "{WORDS}" backup.age`', WORDS[-20:]),
    ("`curl -H 'Authorization: Acme.Simple 5c1e9a0d7b3f2a64:8e1c9d0b7a5f3e2155aa' "
     "https://api.acme.example/v1/`", "8e1c9d0b7a5f3e2155aa"),
    (f"The router's password, read out on the call: {ITALIAN}", ITALIAN),
    (f"The vault passphrase in base45 for the label printer: {_base45(PW.encode())}",
     _base45(PW.encode())),
    (f"The tunnel key in Ascii85, decode it first: {base64.a85encode(PW.encode()).decode()}",
     base64.a85encode(PW.encode()).decode()),
    ("Events also go to https://logs-01.loggly.com/inputs/3b2d4f8e-a61c-4d04-b7e2-f3157c1e5a90"
     "/tag/app/", "3b2d4f8e-a61c-4d04-b7e2-f3157c1e5a90"),
])
def test_sealed29_shapes_are_hidden(text: str, secret: str) -> None:
    assert hidden(text, secret), text


@pytest.mark.parametrize("text", [
    'password: "must be at least eight characters long and mixed"',
    'cache_key = "alpha beta gamma delta epsilon"',
    "The API key format is described in base32 notes: see docs/keys.md for the layout",
    "The Italian team of Torino and Milano met in Roma and Napoli to plan the release",
    "Docs live at https://example.org/inputs/getting-started/ for new users",
])
def test_sealed29_near_misses_stay(text: str) -> None:
    assert kept(text), text

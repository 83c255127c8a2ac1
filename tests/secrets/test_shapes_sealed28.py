"""What sealed28 (spent after its blind runs) showed reaching the remote and the model,
tested on other names than the attacks', with near misses that must stay:

- a machine's key for joining a network (`netbird up --setup-key <UUID>`, a pre-auth or
  enrolment key): what lets a machine in is a credential;
- a password spelled in a national spelling alphabet (Czech, German ...), or written as hex
  pairs; a key's fingerprint in hex pairs is no text and stays;
- an API secret of sixteen hex digits right after "secret" (Flickr's);
- a key hidden in a mail address's tag (`bird+<32 hex>@...` in a .mailmap)."""

from __future__ import annotations

import pytest

from testing.redaction import hidden, kept

UUID = "7C1E5A90-3B2D-4F8E-A61C-9D04B7E2F315"
CZECH = ("velké Karel oto devět velké Zuzana marie čtyři velké Rudolf ludvík jedna "
         "velké Tomáš emil")
GERMAN = "Gustav null Ludwig Anton drei Richard vier Emil Nordpol sieben"


@pytest.mark.parametrize(("text", "secret"), [
    (f"Add the build box to the mesh: `netbird up --setup-key {UUID}`", UUID),
    (f"tailnet join: `headscale up --preauth-key {UUID}`", UUID),
    (f"ENROLLMENT_KEY={UUID.lower()}", UUID.lower()),
    (f"The archive passphrase, spelled out on the call: {CZECH}", CZECH),
    (f"Das Passwort des Routers zum Mitschreiben: {GERMAN}", GERMAN),
    ("The vault password in hex pairs, chat-safe: 51:6d:34:54:6b:37:52:77:32:56:6e",
     "51:6d:34:54:6b:37:52:77:32:56:6e"),
    ("Scans go to Flickr's album too, key 00112233445566778899aabbccddeeff, "
     "secret 4c7d1e9a0b3f6a28", "4c7d1e9a0b3f6a28"),
    ("+Desk <desk@example.org> <hooks+5e1a9c0d7b3f2a648e1c9d0b7a5f3e21@example.org>",
     "5e1a9c0d7b3f2a648e1c9d0b7a5f3e21"),
])
def test_sealed28_shapes_are_hidden(text: str, secret: str) -> None:
    assert hidden(text, secret), text


@pytest.mark.parametrize("text", [
    "Host key fingerprint (MD5): 3b:9f:c1:a0:17:e2:44:8d:92:0c:bb:61:7a:f3:05:de",
    "The setup key is rotated every Monday by the admin",
    "Anton, Berta and Cäsar hold the keys to the boathouse; Dora has the spare",
    "Ada <ada+github-notifications@example.org> and <me+2026-05-newsletter@example.org>",
    "the secret fix landed in 4c7d1e9a0b3f6a28",
    "Signed with key 5B1C7E0A12345678, the release manager's",
])
def test_near_misses_stay(text: str) -> None:
    assert kept(text), text

"""The mechanisms sealed26 (spent after its blind runs) showed missing, tested on other
names and places than the attacks', with near misses that must stay:

- a secret written for reading in groups of four or five letters and digits ("Ab3d Ef9h
  Jk2m ..."), however far its sentence's secret word stands from it; a key's fingerprint
  (hex groups) and words in capitals stay;
- an integration key (the key an incident tool's integration takes: PagerDuty, Zenduty,
  Opsgenie) is a key, whatever its shape: a UUID too."""

from __future__ import annotations

import pytest

from testing.attack_checks import fake
from testing.redaction import hidden, kept

ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


@pytest.mark.parametrize(("template", "size", "sep"), [
    ("The vault's recovery passphrase, as written on the sheet in the drawer: {v}", 4, " "),
    ("restore code (keep it offline, you will need it once): {v}", 5, "-"),
    ("Unlock the archive with the password the auditor read out: {v}.", 4, " "),
])
def test_a_secret_written_in_groups_is_hidden(template: str, size: int, sep: str) -> None:
    raw = fake("", size * 6, "s26-groups-" + template[:8], ALNUM)
    value = sep.join(raw[i:i + size] for i in range(0, len(raw), size))
    assert hidden(template.format(v=value), value)


@pytest.mark.parametrize("text", [
    "The release key's fingerprint is 4AEE 18F8 3AFD EB23 1B2C 3D4E 5F60 7182 93A4 B5C6",
    "Our password policy: USE LONG WORD LIST ONLY, never short ones",
    "The passphrase is four words: cart mole lamp dune",
])
def test_groups_that_are_no_secret_stay(text: str) -> None:
    assert kept(text)


@pytest.mark.parametrize("template", [
    "OPSGENIE_INTEGRATION_KEY={u} ./bin/notify",
    "  PAGER_INTEGRATION_KEY: {u}",
    'integration_key = "{u}"',
])
def test_an_integration_key_is_hidden_even_as_a_uuid(template: str) -> None:
    u = "8c1e4f2a-6b3d-4a9e-b7c5-2d0f9e8a1b36"
    assert hidden(template.format(u=u), u)


def test_an_id_named_by_its_integration_stays() -> None:
    assert kept("INTEGRATION_ID=8c1e4f2a-6b3d-4a9e-b7c5-2d0f9e8a1b36")


@pytest.mark.parametrize("text", [
    "The abi3t example keeps its manual SOABI/Py_TARGET_ABI3T fallback for old CMake",
    "set EXT_SUFFIX/Py_LIMITED_API before the call",
])
def test_a_macro_after_a_slash_is_no_password(text: str) -> None:
    """scikit-build-core (a new user's try, 0.4.23): "SOABI/Py_TARGET_ABI3T" was hidden as a
    user/password pair: a name joined by underscores of words and capitals is an
    identifier, not a scrambled password."""
    assert kept(text)


def test_a_password_after_a_user_and_a_slash_is_still_hidden() -> None:
    pw = "Qm7t_Rv2Kx9Lp"
    assert hidden(f"log in as deploy/{pw} on the box", pw)

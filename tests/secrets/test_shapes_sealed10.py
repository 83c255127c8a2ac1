"""Principles that sealed10 (spent after its blind run) showed missing, each tested on other
tools, vendors, formats and languages than the attacks', with near misses that must stay:

- a token of a secret's shape is a secret wherever it stands, whatever word precedes it: a
  random word of 16 or more (a password in a sentence of any language, a string bound to
  any name), a random body behind a vendor's short prefix, hex behind an ``_`` prefix,
  hex in groups that no digest or id is, a random id and its secret joined by a dot;
- a value in a secret's place: an ``Authorization`` header's value after any scheme word,
  the arguments after a command's sign-in verb and the user it names;
- a file whose whole body is one value is a secret file when its name says credential,
  or when the value has a secret's shape whatever the name (a diff git wrote, and a value
  a shell writes into a file)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from gitmemory.secrets.redact import redact
from testing.attack_checks import fake
from testing.redaction import hidden, kept

ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
PW = "Vb3nK9qL" + "m2Xc7Rt4"  # 16: the shortest a word alone is judged at
UUID = "9c1f0e2d-3b4a-4c5d-8e6f-7a8b9c0d1e2f"




# -- a token of a secret's shape, whatever precedes it -------------------------------------

@pytest.mark.parametrize("text", [
    f"Tha am facal-faire airson an stòr-dàta a-nis {PW}",  # Scottish Gaelic
    f"Ọ̀rọ̀ aṣínà ibi ìpamọ́ data ni {PW} báyìí",  # Yoruba
    f"val k = \"{PW}\"",  # Kotlin, a name that says nothing
    f"(def k \"{PW}\")",  # Clojure
    f"k := \"{PW}\" // local only",  # Go
])
def test_a_random_word_of_sixteen_is_hidden_wherever_it_stands(text: str) -> None:
    assert hidden(text, PW)


@pytest.mark.parametrize("token", [
    fake("nmb" + "_", 22, "s10-vendor-nmb", ALNUM),  # a short body behind a vendor's mark
    fake("zq" + "_", 26, "s10-vendor-zq", LETTERS),  # letters of both cases, no digit
    fake("acme" + "_sandbox_", 40, "s10-vendor-acme", HEX),  # hex behind a two-part prefix
])
def test_a_random_body_behind_a_vendors_prefix_ishidden(token: str) -> None:
    assert hidden(f"The nightly export talks to the vendor with {token}", token[-16:])


def test_hex_in_groups_that_no_digest_is_is_hidden_in_any_binding() -> None:
    value = fake("", 32, "s10-hexgroups", HEX) + "-" + UUID
    for text in (f"const k = '{value}';", f"set k {value}", f"k: {value}"):
        assert hidden(text, value[:32])


def test_a_random_id_and_its_secret_joined_by_a_dot_arehidden() -> None:
    token = "key" + fake("", 14, "s10-id", ALNUM) + "." + fake("", 48, "s10-id-hex", HEX)
    assert hidden(f"The reports read the base with {token}", token[18:])


@pytest.mark.parametrize("text", [
    "Fixed in 3f2a9c1d4e5b6a7980c1d2e3f4a5b6c7d8e9f0a1 (see the merge)",  # a sha
    f"the id {UUID} is public",  # a UUID alone
    "Built on a MacBookPro16Max2021 for the x86_64-unknown-linux-gnu target",  # words
    "Stripe fixtures use pi_3MtwBwLkdIwHu7ix28a3tqPa and cus_NffrFeUfNV2Hib",  # ids
    "see build-Kq81mQ2vLp0rT6yBn4Wc in the CI log",  # a thing's name, a random tail
    "commit_" + fake("", 40, "s10-commit", HEX) + " is the pinned tree",  # names its hash
    "the two releases " + fake("", 40, "s10-a", HEX) + "-" + fake("", 40, "s10-b", HEX),
    "password hashing in the login service now uses Argon2id by default",
])
def test_what_only_looks_alike_stays(text: str) -> None:
    assert kept(text)


# -- a value in a secret's place -----------------------------------------------------------

@pytest.mark.parametrize("scheme", ["SSWS", "GenieKey", "Klaviyo-API-Key"])
def test_an_authorization_headers_value_after_any_scheme_word_ishidden(scheme: str) -> None:
    value = fake("", 24, f"s10-auth-{scheme}", ALNUM) + "7a"
    assert hidden(f"`curl -H 'Authorization: {scheme} {value}' https://api.example.com`",
                   value)


def test_the_password_after_a_sign_in_verb_and_its_user_ishidden() -> None:
    pw = "Harb0ur-" + "Quay-77x"
    for text in (f"`ovhctl registry:login registry.example.org deploy {pw}`",
                 f"`gcloud auth login ops {pw}`",
                 f"run:\n  ovhctl account:login ops {pw}\n"):
        assert hidden(text, pw)


@pytest.mark.parametrize("text", [
    "`docker login registry.example.com`",
    "`npm login --scope=@acme` and publish",
    "After login the dashboard shows Report2024Q4 first",
    "the login page for v2 users moved to /account",
])
def test_a_sign_in_verb_without_a_password_keeps_its_words(text: str) -> None:
    assert kept(text)


# -- a file known by what it holds --------------------------------------------------------

def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True).stdout


def _patch(repo: Path, path: str, body: str) -> str:
    """The patch git writes for ``path`` committed with ``body`` (one line of context, as
    memorize reads commits)."""
    target = repo / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(body)
    _git(repo, "add", "-f", "--", path)
    _git(repo, "commit", "-q", "-m", f"add {path}")
    return _git(repo, "show", "-U1", "--format=", "HEAD")


KEY64 = fake("", 64, "s10-file-key64", HEX)
DEPLOY_PUB = fake("", 64, "s10-file-pub", HEX)


@pytest.mark.parametrize(("path", "body", "secret"), [
    (f"deploy/files/box/{DEPLOY_PUB}", KEY64 + "\n", KEY64),  # a name that says nothing
    ("ops/backup/repo.kopia-password", "c2Vhd2VlZC1ob3VyLTQ4", "c2Vhd2VlZC1ob3VyLTQ4"),
    ("config/vault-token", "hunter22-but-longer", "hunter22-but-longer"),
    ("infra/data_bag_secret", fake("", 300, "s10-file-b64", B64) + "\n",
     fake("", 300, "s10-file-b64", B64)[100:160]),
    ("etc/keys/signing", fake("", 44, "s10-file-keys", B64), fake("", 44, "s10-file-keys",
                                                                  B64)),
])
def test_a_file_whose_body_is_one_secret_ishidden(repo: Path, path: str, body: str,
                                                   secret: str) -> None:
    patch = _patch(repo, path, body)
    assert secret in patch
    done = redact(patch)[0]
    assert secret not in done and "[REDACTED:secret-file]" in done
    assert redact(done)[0] == done


@pytest.mark.parametrize(("path", "body"), [
    ("REVISION", fake("", 40, "s10-file-rev", HEX) + "\n"),  # a commit's sha
    ("dist/app.tar.gz.sha256", fake("", 64, "s10-file-sha", HEX) + "\n"),  # names a digest
    ("fixtures/record.hex", "0000015200000a" + "0" * 40 + "746573742d6b61726d69630001\n"),
    ("VERSION", "1.4.2\n"),
    ("docs/keys/README", "See the runbook for rotating keys.\n"),
    ("tests/data/blob.b64", fake("", 600, "s10-file-fixture", B64) + "\n"),  # data, not a key
])
def test_a_file_whose_body_is_an_id_a_digest_or_data_stays(repo: Path, path: str,
                                                           body: str) -> None:
    patch = _patch(repo, path, body)
    assert redact(patch)[0] == patch


def test_a_one_line_change_inside_a_longer_file_is_not_its_body(repo: Path) -> None:
    _patch(repo, "notes.txt", "first\nsecond\nthird\n")
    patch = _patch(repo, "notes.txt", "first\n" + KEY64 + "\nthird\n")
    assert "[REDACTED:secret-file]" not in redact(patch)[0]


@pytest.mark.parametrize("text", [
    f"`echo {KEY64} > /etc/app/keys/{DEPLOY_PUB}`",
    f"`printf '%s' x | true; echo '{KEY64}' | sudo tee /srv/app/master.secret`",
    "`echo Tulip-harbour-9 > ~/.config/tool/password`",
])
def test_a_value_a_shell_writes_into_a_key_file_ishidden(text: str) -> None:
    secret = KEY64 if KEY64 in text else "Tulip-harbour-9"
    assert hidden(text, secret)


@pytest.mark.parametrize("text", [
    f"`echo {KEY64} > dist/app.sha256`",
    "`echo 1.4.2 > VERSION`",
    f"`echo {fake('', 40, 's10-echo-rev', HEX)} > REVISION`",
])
def test_a_digest_or_a_version_written_into_a_file_stays(text: str) -> None:
    assert kept(text)

"""Redaction reads a secret the way a reader would (issue 31, "Redaction"): look-alike letters
folded by Unicode's confusables skeleton before prefixes are matched, percent- and
HTML-entity escapes decoded before scanning, passwords in the prose forms people write
them in; and it judges a value, not the key word (issue 34, "Text as written"): an
ordinary literal assigned to a secret-sounding name stays."""

from __future__ import annotations

import pytest

from gitmemory.secrets import folded
from gitmemory.secrets.redact import redact

TOKEN = "ghp_" + "Zq8Lm2Tq9vNsR4xK7wPb3YdH6cFj1GtA5eUo"
PASSWORD = "Xk9#mQ2vL7pR"
KEY = "9fQ2mX7kL4pR8tV1wZ3yB6nC5dH0jG2sA4eU7iO9"  # 40 random characters


def _found(text: str) -> list[str]:
    return [f.rule for f in folded.scan_as_read(text)]


@pytest.mark.parametrize("hidden", [
    "gh\u0440_" + TOKEN[4:],  # Cyrillic er in the prefix
    "\u0261hp_" + TOKEN[4:],  # Latin small script g
    "gh\u03c1_" + TOKEN[4:],  # Greek rho
    "ghp%5F" + TOKEN[4:],  # percent-encoded underscore
    "%67%68%70%5F" + TOKEN[4:],  # the whole prefix percent-encoded
    "ghp%255F" + TOKEN[4:],  # encoded twice
    "&#103;hp_" + TOKEN[4:],  # a decimal character reference
    "&#x67;hp_" + TOKEN[4:],  # a hexadecimal one
    "ghp&#95;" + TOKEN[4:],
    "ghp&lowbar;" + TOKEN[4:],  # a named entity
])
def test_a_token_written_in_another_form_is_found_and_redacted_whole(hidden: str) -> None:
    text = f"the bot authenticates with {hidden} on every run"
    assert _found(text) == ["github-token"], hidden
    done = folded.redact_as_read(text)[0]
    assert done == "the bot authenticates with [REDACTED:github-token] on every run"
    assert folded.redact_as_read(done)[0] == done


def test_escapes_and_look_alikes_in_ordinary_text_stay() -> None:
    for text in ("Progress is shown as 50%25 in the URL, 100% in the UI",
                 "Use &amp; and &lt; in the template, never a raw ampersand",
                 "\u041a\u044d\u0448 \u0441\u0431\u0440\u0430\u0441\u044b\u0432\u0430\u0435\u0442"
                 "\u0441\u044f \u043f\u0440\u0438 \u0434\u0435\u043f\u043b\u043e\u0435",
                 "The \u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac locale uses its plural rule",
                 "a%b and a&b stay as they are"):
        assert folded.redact_as_read(text) == (text, []), text


@pytest.mark.parametrize("text", [
    f"the root password was rotated and is now {PASSWORD}",
    f"The staging password got changed last week, it is now {PASSWORD}",
    f"PASSWD {PASSWORD}",
    f"login with admin / {PASSWORD}",
    f"Log in as deploy/{PASSWORD} on the staging box",
    f"connect with -u root -p{PASSWORD} to the mysql server",
    f"-p{PASSWORD} mysql -u root",
    f"the deploy key {KEY} lives in vault",
])
def test_passwords_in_the_prose_forms_people_write_them_in(text: str) -> None:
    done = redact(text)[0]
    secret = KEY if KEY in text else PASSWORD
    assert secret not in done, done
    assert "[REDACTED:" in done
    assert redact(done)[0] == done


@pytest.mark.parametrize("text", [
    "docker run -p3306:3306 mysql:8 starts the database",
    "The password field is validated by the form, not the model",
    "login with email / password on the sign-in page",
    "Sign in with GitHub / Google from the start page",
    "the cache key 3fa9c2d4e5b6a7f8091a2b3c4d5e6f708192a3b4 is the content hash",
    "The key ProductUserVisibleVersion names the build",
    "PASSWD is read from the environment",
    # hadolint (fresh14): a memory line's own suffix after "login" is no user and password
    "- Replaced actor with repository_owner in ghcr login (refs: 9eaf418)",
    "- Fix the sign-in page (refs: 1a2b3c4; paths: app/login.py)",
])
def test_prose_that_only_mentions_a_password_stays(text: str) -> None:
    assert redact(text)[0] == text


@pytest.mark.parametrize("text", [
    "credentials: 'same-origin'",
    "fetch(url, { credentials: 'same-origin', mode: 'cors' })",
    "secure: true",
    "sameSite: 'strict'",
    "credentials: 'include'",
    "credential: 'omit'",
    "token: 'refresh'",
    "export CREDENTIALS=include",
    "secret: 'strict'",
    # a keypair named and dated, as the repository's config names it (sealed11)
    "signs with `signing_key: vadret-2026`",
])
def test_an_ordinary_literal_assigned_to_a_secret_name_stays(text: str) -> None:
    assert redact(text)[0] == text
    assert folded.redact_as_read(text)[0] == text


@pytest.mark.parametrize("text", [
    "credentials: 'aX9kQ2mL7vR4'",
    "token: 'r8Fq2LmZx0Wk9PbT'",
    "secret: 'kq9xzvbrtwpm'",
    "client_secret = \"s3cr3t-value\"",
    "password: 'strict'",  # a password is any literal, a word included
    "password: 'vadret-2026'",
    "token: 'vadret-3026'",  # a token's digits are no year
    "secret: '2026-vadret'",
    "api_key: 'vadret-2026-x9k2'",
])
def test_a_real_secret_in_the_same_shape_is_still_caught(text: str) -> None:
    done = redact(text)[0]
    assert "[REDACTED:" in done, done

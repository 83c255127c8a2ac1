"""A document carried inside a string, read out and scanned by every rule
(gitmemory.secrets.layers): JSON inside a JSON string, a percent-encoded ``data:`` URL,
base64 of a configuration, whole or wrapped over lines.  The first two leaked on a spent
attack part (sealed19: an Uptime Kuma backup, an Ignition config); the others are the same
principle in other formats.  And an Oracle connect string, user/password@//host, wherever
it stands."""

from __future__ import annotations

import base64
import json
import re
import textwrap
import urllib.parse

import pytest

from gitmemory.secrets import folded
from gitmemory.secrets.folded import redact_as_read, scan_as_read
from gitmemory.secrets.redact import redact, scan
from testing.attack_checks import fake

ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
PW = "Hv7qXe3Lp" + "9Tn2Wc6K"
WEAK = "tsjokte" + "2024!"
KEY = fake("", 40, "layers-key", ALNUM)
BODY = fake("", 64, "layers-body", ALNUM + "+/")


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


LAYERED = {
    "json in a json string (an Uptime Kuma backup)": (json.dumps({"notificationList": [{
        "name": "Spryng", "config": json.dumps({"type": "spryng", "spryngSender": "Tsjokte",
                                                "spryngApiKey": KEY})}]}), KEY),
    "a human password in json in a json string": (
        json.dumps({"config": json.dumps({"password": WEAK})}), WEAK),
    "json three strings deep": (
        json.dumps({"a": json.dumps({"b": json.dumps({"apiKey": KEY})})}), KEY),
    "a data: URL's percent-encoded TOML (an Ignition config)": (
        '"contents": {"source": "data:,dbPassword%20%3D%20%22' + PW + '%22%0A"}', PW),
    "a percent-encoded assignment": (urllib.parse.quote(f"password = {WEAK}"), WEAK),
    "a percent-encoded config of two lines": (
        "data:," + urllib.parse.quote(f"[db]\nhost = db\npassword = {WEAK}\n"), WEAK),
    "entity-encoded json": ("{&quot;password&quot;: &quot;" + WEAK + "&quot;}", WEAK),
    "a base64 data: URL of a config": (
        "data:text/plain;base64," + _b64(f'db_password = "{PW}"\n'), PW),
    "a Kubernetes secret holding a whole .env": (
        f"kind: Secret\ndata:\n  config.env: {_b64('DB_PASSWORD=' + PW)}\n", PW),
    "base64 of a connection URL": (f"CONN={_b64(f'postgres://app:{WEAK}@db/app')}", WEAK),
    "base64 of json credentials": (
        f"creds: {_b64(json.dumps({'username': 'ops', 'password': WEAK}))}", WEAK),
    "url-safe base64 of a token assignment": (
        base64.urlsafe_b64encode(f"api_key={KEY}??>".encode()).decode(), KEY),
    "an escaped letter in a name": (f'"\\x70assword": "{WEAK}"', WEAK),
    "an Oracle EZConnect string": (f"app/{PW}@//db.example.org:1521/ORCLPDB1", PW),
    "an Oracle connect string with host:port/service": (
        f"ORACLE_CONN=app/{WEAK}@db.example.org:1521/ORCL", WEAK),
    "an Oracle descriptor": (f"scott/{PW}@(DESCRIPTION=(ADDRESS=(HOST=db)))", PW),
    "a private key written as joined string literals": (
        '"-----BEGIN " + "PRIVATE KEY-----\\n" +\n  "' + BODY + '\\n" + "' + BODY[::-1]
        + '\\n-----END PRIVATE KEY-----"', BODY),
    "a token in two literals side by side": (f'TOKEN = ("{KEY[:20]}"\n  "{KEY[20:]}")',
                                             KEY[20:]),
    "a key's body kept as one JSON string, no header": (json.dumps({"k": "\n".join(
        [BODY, BODY[::-1], BODY, BODY[::-1], BODY, "abc="])}), BODY[::-1]),
    "base64 of a .env wrapped in a YAML block": ("config: |\n" + "".join(
        f"  {line}\n" for line in textwrap.wrap(_b64(
            f"DB_HOST=db\nDB_USER=app\nDB_PASSWORD={WEAK}\nDB_PORT=5432\n"), 40)), WEAK),
}


@pytest.mark.parametrize("case", list(LAYERED))
def test_a_secret_inside_an_encoded_layer_is_hidden(case: str) -> None:
    text, secret = LAYERED[case]
    for done in (redact(text)[0], redact_as_read(text)[0]):
        assert secret not in done, done
        assert "[REDACTED:" in done
    assert scan(text) and scan_as_read(text)


@pytest.mark.parametrize("case", list(LAYERED))
def test_redacting_a_layered_secret_twice_changes_nothing(case: str) -> None:
    once = redact(LAYERED[case][0])[0]
    assert redact(once)[0] == once


def test_an_escaped_secret_is_hidden_where_it_was_written() -> None:
    kuma = LAYERED["json in a json string (an Uptime Kuma backup)"][0]
    assert '\\"spryngApiKey\\": \\"[REDACTED:secret-assignment]\\"' in redact(kuma)[0]
    ignition = LAYERED["a data: URL's percent-encoded TOML (an Ignition config)"][0]
    assert re.fullmatch(r'"contents": \{"source": "data:,dbPassword%20%3D%20%22'
                        r'\[REDACTED:[a-z-]+\]%22%0A"\}', redact(ignition)[0])


@pytest.mark.parametrize("text", [
    json.dumps({"config": json.dumps({"type": "spryng", "sender": "Tsjokte", "retries": 3})}),
    json.dumps({"message": 'Invalid "token": expected a string, got null'}),
    'printf("the key \\"%s\\" is not set\\n", name);',
    "data:," + urllib.parse.quote("[db]\nhost = db\npassword_file = /run/secrets/db\n"),
    "https://example.org/search?q=rotate%20the%20api%20key%20monthly&page=2",
    "data:text/plain;base64," + _b64("password = ${DB_PASSWORD}\n"),
    _b64("the quick brown fox jumps over the lazy dog"),
    "kind: Secret\ndata:\n  config.env: " + _b64("LOG_LEVEL=debug\nPORT=8080\n") + "\n",
    "see src/app@2x.png, github.com/foo/bar@v1.2.3 and scott/tiger@//db:1521/orcl",
    "re.compile(r'\\x41\\u0042 and \\x00 \\u20ac')",
    'message = ("Could not read the configuration file; " "check its permissions " + "first")',
    "label = 'api' + '_' + 'token'",
])
def test_an_encoded_layer_without_a_secret_stays(text: str) -> None:
    assert redact(text)[0] == text
    assert redact_as_read(text)[0] == text


def test_layers_nest_no_deeper_than_their_limit() -> None:
    """Each layer is scanned by the whole scan, to a bounded depth: a pathological nest
    finishes."""
    text = '\\"%20' * 20_000 + "\n" + (_b64("a=" + "\\\"" * 30) + " ") * 500
    assert redact(text)[0] == text


@pytest.mark.parametrize("case", list(LAYERED))
def test_the_checkout_screen_lets_each_layered_case_through(case: str) -> None:
    """The gate before the agent files redacts only what :func:`folded.may_hide` marks."""
    text, secret = LAYERED[case]
    assert folded.may_hide(text)
    assert secret not in folded.redacted_as_read(text)


@pytest.mark.parametrize("text", [
    '"GITHUB_TOKEN=" + "ghp" + "_" + alnum(36),',
    "\"client = Anthropic(api_key='\" + \"sk\" + \"-ant-api03-\" + alnum(60) + \"')\",",
    'prefix = "DB_PASSWORD=" "tsjok" + suffix()',
])
def test_joined_literals_cut_by_an_expression_hold_no_cut_value(text: str) -> None:
    """Where an expression joins the literals too, the value the cut ends is cut: code
    that assembles a token at run time holds none."""
    assert redact(text)[0] == text


def test_a_secret_in_joined_literals_is_hidden_to_its_last_character() -> None:
    assert redact('prefix = suffix() + "DB_PASSWORD=" "tsjokte"')[0] == (
        'prefix = suffix() + "DB_PASSWORD=" "[REDACTED:password-assignment]"')

"""gitmemory/secrets/contextual.py through redact(): secrets known by what stands around
them in prose, headers and credential lines, whatever the vendor; and the ordinary text
that looks alike (shas, UUIDs, ids, times, e-mail addresses) left alone."""

from __future__ import annotations

import base64

import pytest

from gitmemory.secrets.redact import redact
from testing.attack_checks import fake

PW = "Zk4vRm8xQ2nTw7"
B64 = base64.b64encode(fake("", 32, "ctx-b64").encode()).decode()
BASE32 = fake("", 32, "ctx-totp", "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
HEX40 = "bc" + fake("", 38, "ctx-hex", "0123456789abcdef")  # a letter first: reads as a name
CODES = [fake("", 10, f"ctx-code-{n}", "abcdefghjkmnpqrstuvwxyz23456789") for n in range(3)]


def _hidden(text: str, *secrets: str) -> None:
    done, found = redact(text)
    for secret in secrets:
        assert secret not in done, done
    assert found
    assert redact(done)[0] == done  # idempotent


# -- a credential noun with a random value near it ---------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    (f"Unseal key 1 for the staging Vault: {B64}", B64),
    (f"The shared staging authenticator is seeded with {BASE32}", BASE32),
    (f"TOTP secret for the ops account: {BASE32}", BASE32),
    (f"The webhook signing secret we registered is now {B64}", B64),
    (f"Use the access token {B64} for the nightly export", B64),
    (f"The deploy key for prod, kept in the wiki, = {B64}", B64),
])
def test_a_credential_noun_and_a_random_value_near_it(text: str, secret: str) -> None:
    _hidden(text, secret)


def test_recovery_codes_are_hidden_each() -> None:
    _hidden(f"Admin 2FA recovery codes: {' '.join(CODES)}", *CODES)
    _hidden(f"- backup codes for the root account: {', '.join(CODES)}", *CODES)


# -- headers whose name says it carries a credential --------------------------------------

@pytest.mark.parametrize("text", [
    f'The partner API wants `-H "X-API-Key: {HEX40}"` on every call',
    f"curl -H 'X-Auth-Token: {HEX40}' https://api.internal/v1",
    f"PRIVATE-TOKEN: {HEX40}",
    f"+    X-Vault-Token: {HEX40}",
    f'headers = {{"X-Api-Key": "{HEX40}"}}',
])
def test_a_credential_header_hides_even_a_hex_value(text: str) -> None:
    _hidden(text, HEX40)


# -- tokens of vendors no rule names: a prefix and a random body ---------------------------

@pytest.mark.parametrize("token", [
    fake("sk" + "-or-v1-", 64, "ctx-openrouter", "0123456789abcdef"),
    fake("gs" + "k_", 52, "ctx-groq"),
    fake("r" + "8_", 37, "ctx-replicate"),
    fake("dp" + ".st.", 43, "ctx-doppler"),  # by its vendor rule: a dotted prefix
    fake("fi" + "gd_", 40, "ctx-figma"),
    fake("acme" + "_live_", 36, "ctx-unknown-vendor"),
    fake("zz" + "-", 48, "ctx-unknown-dash"),
    # Issue 31 (sealed2): a body in segments, one of them upper case; a base64 body.
    "ac" + "me-auth-" + fake("k", 12, "ctx-seg-1") + "CNTRL-" + fake("", 32, "ctx-seg-2"),
    fake("zq" + "s_eyJ", 100, "ctx-b64", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
         "0123456789+/"),
])
def test_a_prefixed_random_token_of_any_vendor(token: str) -> None:
    cut = token.index(next(c for c in token[2:] if c in "_-.")) + 1
    _hidden(f"The job calls the service with {token} until the new account is ready",
            token[cut + 4:])


# -- credential lines and connection strings ----------------------------------------------

@pytest.mark.parametrize("text", [
    f"+db.internal:5432:tiles:app:{PW}",
    f"using ~/.pgpass entry db.internal:5432:tiles:app:{PW}\nFATAL: no pg_hba.conf entry",
    f"*:*:*:postgres:{PW}",
    f"dsn: app:{PW}@db.internal:5432/tiles",
    f"DATABASE=app:{PW}@tcp(db.internal:3306)/tiles",
    f"connect to ops:{PW}@10.0.0.7 before the migration",
    f"Server=db.internal;Database=tiles;User Id=sa;Password={PW};",
])
def test_a_credential_line_without_a_scheme(text: str) -> None:
    _hidden(text, PW)


@pytest.mark.parametrize("line", [
    "Fixed in 3f2a9c1d4e5b6a7980c1d2e3f4a5b6c7d8e9f0a1 (see the merge)",
    "The run id is 123e4567-e89b-12d3-a456-426614174000 in the logs",
    "The build finished at 10:15:30 on 2026-11-29 after 12:40:07:31 of waiting",
    "Mail alice@example.com or git@github.com:tiles/tiles.git for access",
    "Pin lodash via npm:lodash@4.17.21 and react@18.2.0",
    "root:x:0:0:root:/root:/bin/bash",
    "The key rotation runs every 90 days; the token endpoint is /oauth/token",
    "fe80::1ff:fe23:4567:890a is the router's link-local address",
    "The cache key is built from the request path and the user id",
    "Images are tagged sha256-9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "Stripe fixtures use pi_3MtwBwLkdIwHu7ix28a3tqPa and cus_NffrFeUfNV2Hib",
    "test_frobnicate_the_widget_when_the_cache_is_cold passes again",
    "The seed data lives in fixtures/seed.sql; seeded with 42 for the random tests",
    "Recovery codes are shown once, at enrolment, and stored hashed",
])
def test_what_only_looks_alike_stays(line: str) -> None:
    assert redact(line) == (line, [])


# The loanwords "password" and "token" in other languages' sentences (issue 31, sealed2:
# by principle, not by the language of the attack).
@pytest.mark.parametrize(("text", "secret"), [
    (f"El password del servidor es {PW}", PW),
    (f"A password do banco é {PW}", PW),
    (f"Parolă serverului este {PW}", PW),
    ("Il token del bot è " + fake("", 32, "ctx-loan-1"), fake("", 32, "ctx-loan-1")),
    ("Το token του bot είναι " + fake("", 32, "ctx-loan-2"), fake("", 32, "ctx-loan-2")),
])
def test_a_loanword_for_a_credential_in_another_language(text: str, secret: str) -> None:
    _hidden(text, secret)


# -- a user:secret pair given to an auth flag of any tool (sealed9: HTTPie -a, -auth) -------

@pytest.mark.parametrize(("text", "secret"), [
    ("Probá con `xh --auth deploy:" + fake("", 28, "ctx-auth-1") + " GET https://api.example.org`",
     fake("", 28, "ctx-auth-1")),
    ("`grpcurl -basic-auth ops:Hn4vQ8zLp2Wx -d @ inventory.internal:443 list`", "Hn4vQ8zLp2Wx"),
    ("`benchctl run -a " + fake("", 32, "ctx-auth-k", "0123456789abcdef") + ":"
     + fake("", 32, "ctx-auth-2", "0123456789abcdef") + " load.js`",
     fake("", 32, "ctx-auth-2", "0123456789abcdef")),
])
def test_a_user_secret_pair_after_an_auth_flag_is_hidden(text: str, secret: str) -> None:
    _hidden(text, secret)


@pytest.mark.parametrize("text", [
    "`rsync -a backup@nas.local:photos/2024 ./photos`",  # -a: archive, a host and a path
    "`at -a 10:30am`",
    "`docker compose logs -a web:latest`",
    "`xh --auth deploy:$DEPLOY_TOKEN GET https://api.example.org`",  # a reference
])
def test_an_auth_flag_before_a_host_a_path_or_a_reference_stays(text: str) -> None:
    assert redact(text)[0] == text


# -- a key's flag given a path, in a code span that a sentence goes on after (sealed16) ---

@pytest.mark.parametrize("text", [
    "The release job signs it with `xbps-rindex --sign-pkg --privkey "
    "/etc/matau/xbps-signing.pem`; the key lives in the CI secret",
    "Sign with `minisign -S --secret-key ./keys/release.key`, then upload",
    "Decrypt with `age -d --identity-key /etc/age/ops.txt`: nobody else holds it",
])
def test_a_key_s_path_in_a_code_span_stays_whatever_follows_the_span(text: str) -> None:
    """The value ends at the code span's closing backtick: the `;` or `,` of the sentence
    after it is no part of the path, which names where the key is, not the key."""
    assert redact(text) == (text, [])


@pytest.mark.parametrize(("text", "secret"), [
    (f"Log in with `vault login --token {PW}`; it lasts a day", PW),
    (f"Use `svc deploy --api-key {PW}`, then wait", PW),
])
def test_a_literal_in_a_code_span_followed_by_punctuation_is_still_hidden(
        text: str, secret: str) -> None:
    _hidden(text, secret)


def test_an_accounts_id_before_its_secret_leaves_the_secret_named() -> None:
    """sealed35 (read after its blind run): "the Lox24 token 483920:9f8e...b1a0" went to
    the model and the remote whole: the id and its colon before the secret hid it from the
    credential noun.  The part after `<id>:` is judged; a digest (`sha256:...`) is no
    account's secret."""
    from gitmemory.secrets.redact import redact

    secret = "9f8e7d6c5b4a39281706f5e4d3c2b1a0"
    text, found = redact(f"The fax-to-text bridge uses the Lox24 token 483920:{secret}")
    assert secret not in text and "483920:" in text and found
    digest = "sha256:" + "e3b0c44298fc1c149afbf4c8996fb924" * 2
    assert redact(f"The cache key {digest} names the layer")[0].endswith(
        f"{digest} names the layer")

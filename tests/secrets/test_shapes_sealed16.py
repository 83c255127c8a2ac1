"""The mechanisms sealed16 (spent after its blind run) showed missing, tested on other
tools, vendors, wordings and alphabets than the attacks', with near misses that must stay:

- a command's subcommand that signs in or connects is given a credential: its random
  positional argument (``sem connect HOST TOKEN`` in the part; any alphabet), and after a
  verb that authenticates hex of a key's length and a UUID too, as a flag's value
  (gitmemory.secrets.signin);
- a prefix like an identifier whose last word names a credential (Akahu's ``app_token_``
  and ``user_token_`` in the part) glued to a random tail of 16 or more is a token, shorter
  than a vendor's body must be when its prefix says nothing (gitmemory.secrets.labelled)."""

from __future__ import annotations

import pytest

from testing.attack_checks import fake
from testing.redaction import hidden, kept

HEX = "0123456789abcdef"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _uuid(seed: str) -> str:
    raw = fake("", 32, seed, HEX)
    return f"{raw[:8]}-{raw[8:12]}-{raw[12:16]}-{raw[16:20]}-{raw[20:]}"


# -- a sign-in's or a connection's argument -----------------------------------------------

@pytest.mark.parametrize(("template", "value"), [
    # letters only, both cases, after a host (the part's shape, another tool)
    ("Pair the agent with `zt connect relay.example.org {}`", fake("", 20, "s16-zt", LETTERS)),
    # small letters and digits, alone after the verb
    ("Log in once with `railway login {}`", fake("", 32, "s16-rw", LOWER)),
    # capitals and digits, after a subcommand's own word
    ("+  run: acme-cli auth login {}", fake("", 24, "s16-acme", UPPER)),
    # a UUID and hex of a key's length after a verb that authenticates
    ("Set the CLI up with `snyk auth {}`", _uuid("s16-snyk")),
    ("`doctl auth init -t {}` on the runner", fake("", 64, "s16-doctl", HEX)),
    ("`kctl login --key={}`", fake("", 48, "s16-kctl", HEX)),
    # quoted, after a user
    ("sudo fooctl register ci-bot '{}'", fake("", 28, "s16-reg", ALNUM)),
])
def test_a_random_value_given_to_a_sign_in_is_hidden(template: str, value: str) -> None:
    assert hidden(template.format(value), value)


@pytest.mark.parametrize("text", [
    # a container's hex id, a commit, a host, a port, a tenant's UUID, a reference
    "docker network connect bridge " + fake("", 64, "s16-ctr", HEX),
    "git log --author alice 6a502cc2f5fedd59b3495b58708f0d6d987ed9e1",
    "adb connect 192.168.1.20:5555",
    "az login --tenant " + _uuid("s16-tenant"),
    "gh auth login --hostname github.example.org --git-protocol ssh",
    "sem connect matau.semaphoreci.com $SEMAPHORE_API_TOKEN",
    "npm login --registry https://npm.example.org --scope @acme",
    # prose and identifiers after the verbs
    "After login the dashboard shows ProductUserVisibleVersion for each tenant",
    "`auth authenticate_user_with_password_hash` moved to the session module",
    "The app will connect WebSocketConnectionManager instances lazily",
    "heroku auth:token",
])
def test_hosts_ids_and_words_after_those_verbs_stay(text: str) -> None:
    assert kept(text)


# -- a token whose prefix names it --------------------------------------------------------

@pytest.mark.parametrize("value", [
    "device_token_" + fake("", 26, "s16-dev", LOWER),
    "API_KEY_" + fake("", 24, "s16-upper", UPPER),
    "live-secret-" + fake("", 22, "s16-live", LETTERS),
    "prod_pat_" + fake("", 24, "s16-pat", LOWER),
    "webhook_key_" + fake("", 32, "s16-hex", HEX),
    "token_" + fake("", 18, "s16-short", ALNUM),
])
def test_a_random_tail_behind_a_credentials_name_is_hidden(value: str) -> None:
    assert hidden(f"Refunds reach the partner with {value} since Monday", value[-12:])


@pytest.mark.parametrize("text", [
    "access_token_expires_in = 3600",
    "API_KEY_ENVIRONMENT_VARIABLE is read at start",
    "cache_key_" + fake("", 32, "s16-cache", HEX),
    "public_key_" + fake("", 24, "s16-pub", LOWER),
    "the GPG-KEY-4F2A9C1E8B7D6A5F4F2A9C1E8B7D6A5F4F2A9C1E is imported",
    "test_token_validation_rejects_expired_sessions",
    "token_abcdefghijklmnopqrstuvwxyz0123",
    "refresh_token_rotation_enabled: true",
    "def test_secret_key_generationIsDeterministic(self):",
])
def test_identifiers_ids_and_fingerprints_behind_those_names_stay(text: str) -> None:
    assert kept(text)


# -- a value a sentence gives to a credential's name (anticipated: sealed16's env names) --

@pytest.mark.parametrize(("template", "value"), [
    ("Set ZORBLY_TOKEN to {} on the host", fake("", 24, "s16-to-l", LOWER)),
    ("Set `ACME_API_KEY` to `{}` before the deploy", fake("", 28, "s16-to-u", UPPER)),
    ("The tideApiKey was rotated to {}.", fake("", 22, "s16-to-t", LETTERS)),
    ("set partner.webhook_secret to {}", fake("", 64, "s16-to-h", HEX)),
    ("Set GRIDLY_TOKEN to {}", _uuid("s16-to-uuid")),
    ("Put {} in ZORBLY_TOKEN and restart", fake("", 26, "s16-in-l", LOWER)),
])
def test_a_random_value_given_to_a_credentials_name_is_hidden(template: str,
                                                               value: str) -> None:
    assert hidden(template.format(value), value)


@pytest.mark.parametrize("text", [
    "Set SESSION_COOKIE_NAME to my_app_session_cookie_v2",
    "Renamed API_TOKEN_HEADER to X_ZORBLY_AUTHORIZATION_HEADER",
    "Set PASSWORD_HASHERS to argon2PasswordHasherFirst",
    "Moved api_key to config/settings.production.yaml",
    "set secret_key to settings.DJANGO_SECRET_KEY_FALLBACK",
    "Set ACCESS_TOKEN_TTL to 86400000 seconds",
    "Bumped github_token to 6a502cc2f5fedd59b3495b58708f0d6d987ed9e1",
    "Put the token in ZORBLY_TOKEN_FILE_LOCATION_OVERRIDE",
    "Set the cache key to " + fake("", 32, "s16-cachekey", HEX),
])
def test_names_settings_and_commits_given_to_those_names_stay(text: str) -> None:
    assert kept(text)


# -- a name's value random in any alphabet (the principle of judging.random_run, applied to
# -- weak names and to an unquoted value beside " = ", where code holds names) -------------

@pytest.mark.parametrize(("text", "value"), [
    ("ZORBLY_KEY={}", fake("", 24, "s16-w1", LOWER)),
    ("+[zorbly]\n+key = {}", fake("", 28, "s16-w1", LOWER)),
    ("zorbly.api.key = {}", fake("", 32, "s16-w1", HEX)),
    ("zorbly.api.key = {}", fake("", 24, "s16-w6", LOWER)),
    ("//registry.zorbly.io/:_authToken={}", fake("", 26, "s16-npmrc-l", LOWER)),
    ("session_secret = {}", fake("", 24, "s16-w24", UPPER)),
])
def test_a_random_run_assigned_to_a_credentials_name_is_hidden(text: str, value: str) -> None:
    assert hidden(text.format(value), value)


@pytest.mark.parametrize("text", [
    "token = next_page_token",
    "api_key = settings.ZORBLY_API_KEY",
    "cache_key = " + fake("", 32, "s16-lookup", HEX),
    "+    key = ubuntu2204",
    "secret = secretValueFromEnvironment",
    "session = requestsSessionFactory",
])
def test_names_and_lookups_assigned_to_those_names_stay(text: str) -> None:
    assert kept(text)


# -- config formats where a name that says secret holds the value (anticipated) -----------

@pytest.mark.parametrize(("template", "value"), [
    # a flag and its value as an argument list writes them
    ('+    args: ["serve", "--token", "{}"]', fake("", 26, "s16-args", LOWER)),
    ("+subprocess.run(['zorbly', 'login', '--api-key', '{}'])", fake("", 32, "s16-sub", HEX)),
    ('+CMD ["zorbly", "-password", "{}"]', "Hq6vTn3Kd" + "8Wr2Mz5P"),
    # an element named for a credential, its value in an attribute
    ('+  <apiKey value="{}"/>', fake("", 24, "s16-elem", UPPER)),
    ('+    <token id="main" value="{}" />', fake("", 28, "s16-elem2", LOWER)),
    # a Lisp's dotted pair
    ('+  (api-key . "{}")', fake("", 32, "s16-alist", LOWER)),
    ("+  '((password . \"{}\"))", "Hq6vTn3Kd" + "8Wr2Mz5P"),
])
def test_a_value_beside_a_credentials_name_in_other_formats_is_hidden(template: str,
                                                                      value: str) -> None:
    assert hidden(template.format(value), value)


@pytest.mark.parametrize("text", [
    '+    args: ["--token", "$(ZORBLY_TOKEN)"]',
    "+subprocess.run(['zorbly', '--password', password])",
    '+CMD ["zorbly", "--key-file", "/run/secrets/zorbly.key"]',
    '+    args: ["--auth", "basic", "--token-header", "X-Zorbly-Token"]',
    '+  <publicKey value="' + fake("", 32, "s16-pubkey", LOWER) + '"/>',
    '+  <token value="${ZORBLY_TOKEN}"/>',
    '+  (password . "")',
    '+  (key . "value")',
    '+  (auth-source . "~/.authinfo.gpg")',
])
def test_references_paths_and_names_in_those_formats_stay(text: str) -> None:
    assert kept(text)


# -- the items of a list a credential's name holds (anticipated) ---------------------------

@pytest.mark.parametrize(("template", "value"), [
    ("+api_keys:\n+  - {}\n+  - " + fake("", 24, "s16-list-2", LOWER),
     fake("", 24, "s16-w1", LOWER)),
    ("+  allowed_tokens: [{}, other]", fake("", 24, "s16-w24", UPPER)),
    ("+ZORBLY_TOKENS={},{}", fake("", 26, "s16-env-list", LOWER)),
    ("+zorbly:\n+  credentials:\n+    - '{}'", fake("", 20, "s16-creds", LETTERS)),
])
def test_a_random_item_of_a_credentials_list_is_hidden(template: str, value: str) -> None:
    assert hidden(template.format(value, value), value)


@pytest.mark.parametrize("text", [
    "+authorized_keys:\n+  - alice\n+  - bob-laptop-2024",
    "+  api_tokens: [${ZORBLY_TOKEN}, ${ZORBLY_TOKEN_OLD}]",
    "+cache_keys:\n+  - " + fake("", 32, "s16-cachelist", HEX),
    "+ALLOWED_KEYS=ed25519,rsa-sha2-512",
    "+tokens:\n+  - ./config/tokens.json\n+  - /etc/zorbly/tokens.d",
])
def test_names_references_and_paths_in_such_lists_stay(text: str) -> None:
    assert kept(text)

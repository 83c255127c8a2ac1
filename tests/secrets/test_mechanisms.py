"""Mechanisms, not vendors (issue 31: each blind part brought token formats of its own, and
sealed11 to sealed14 failed by a handful of mechanisms whatever the vendor).  Each test
names the class of thing; the near misses beside it must stay:

- a key inside a URL's path: after a segment or a host that names a hook, a key, a token,
  a secret or a ping, a segment of a key's shape; elsewhere a random run of 32 or more;
- a checksum file's hashes and a lock file's integrity and version fields are no secrets,
  whatever rule would read them."""

from __future__ import annotations

import pytest

from gitmemory.secrets.redact import scan
from testing.attack_checks import fake
from testing.redaction import hidden, kept

HEX = "0123456789abcdef"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
B64URL = ALNUM + "-_"
B64 = ALNUM + "+/"


def _uuid(seed: str) -> str:
    h = fake("", 32, seed, HEX)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


# -- a key inside a URL's path ---------------------------------------------------------------

@pytest.mark.parametrize(("template", "alphabet", "size"), [
    ("Deploy notices go to https://talk.example.org/hooks/{}", LOWER, 26),
    ("La alarma llama a https://notify.example.net/api/webhooks/88120034/{}", ALNUM, 40),
    ("curl -X POST https://maker.example.com/trigger/door_open/with/key/{}", B64URL, 22),
    ("the cron job ends with `curl -fsS https://ping.example.io/{}`", HEX, 32),
    ("OBS streams to rtmp://ingest.example.tv/live/{}", ALNUM, 36),
    ("Subscribe to https://cal.example.com/feeds/{}.ics for the rota", ALNUM, 40),
])
def test_a_key_in_a_urls_path_is_hidden(template: str, alphabet: str, size: int) -> None:
    key = fake("", size, f"mech-path-{template[:12]}", alphabet)
    assert hidden(template.format(key), key)


def test_a_uuid_after_a_ping_host_and_hex_after_a_webhook_segment_are_hidden() -> None:
    ping = _uuid("mech-ping")
    assert hidden(f"Backups report to https://hc-ping.example.com/{ping} nightly", ping)
    hexkey = fake("", 32, "mech-teams", HEX)
    url = (f"https://acme.example.com/webhookb2/{_uuid('a')}@{_uuid('b')}/IncomingWebhook/"
           f"{hexkey}/{_uuid('c')}")
    assert hidden(url, hexkey)


@pytest.mark.parametrize("template", [
    "Page by hand: `OPS_PAGER_WEBHOOK=https://api.pager.example.com/v2/incidents/api/{}`",
    "The rain gauges post to https://api.example.co/integrations/api/{}/",
])
def test_hex_of_a_keys_length_as_the_segment_after_api_is_hidden(template: str) -> None:
    """sealed31 (a Squadcast webhook) and sealed32 (a Datacake one), both blind: an API
    that takes nothing but a key of hex after its `/api/` segment is addressed by that
    key.  A commit's hex after `commits/` and a UUID after `/api/v1/users/` stay."""
    key = fake("", 40, f"mech-api-{template[:10]}", HEX)
    assert hidden(template.format(key), key)
    assert kept(f"https://api.github.com/repos/o/r/commits/{SHA}")
    assert kept(f"https://example.org/api/v1/users/{_uuid('mech-user')}")


def test_hex_of_a_keys_length_as_a_urls_user_is_hidden() -> None:
    key = fake("", 32, "mech-dsn", HEX)
    assert hidden(f"SENTRY_DSN is https://{key}@o4410.ingest.example.io/77", key)


SHA = fake("", 40, "mech-sha", HEX)


@pytest.mark.parametrize("text", [
    f"https://github.com/o/r/commit/{SHA}",
    f"https://github.com/o/r/blob/{SHA}/src/hooks/useAuth.ts",
    "https://github.com/psf/requests/security/advisories/GHSA-9wx4-h78v-vm56",
    "https://app.warp.dev/drive/folder/-Bat-Warp-Pack-lxhe7HrEwgwpG17mvrFSz1",
    "https://docs.example.com/d/" + fake("", 44, "mech-doc", B64URL) + "/edit",
    "https://example.org/docs/hooks/useAuthenticationStateForComponents",
    "https://example.org/api/v2/webhooks/12345/deliveries",
    "https://example.org/settings/tokens/new?scopes=repo",
    f"https://ci.example.org/job/{_uuid('mech-job')}/log",
])
def test_commits_advisories_documents_and_routes_in_a_path_stay(text: str) -> None:
    assert kept(text)


# -- checksum and lock files -----------------------------------------------------------------

H1 = fake("", 43, "mech-h1", ALNUM)
SRI = fake("", 86, "mech-sri", B64)


@pytest.mark.parametrize("text", [
    f"+github.com/spf13/pflag v1.0.9/go.mod h1:{H1}=",
    f'     "js-tokens": ["js-tokens@10.0.0", "", {{}}, "sha512-{SRI}=="],',
    '     "package-json": ["package-json@10.0.1", "", { "dependencies": { "registry-auth-token": '
    '"^5.0.2", "registry-url": "^6.0.1" } }]',
    "    path-key: ^3.1.0",
    '    "@inquirer/password": "^4.0.7",',
    f'        "sha512:thisshouldfail{fake("", 50, "mech-tox", HEX)}"',
])
def test_a_checksum_files_hashes_and_a_lock_files_fields_stay(text: str) -> None:
    assert scan(text) == []


def test_a_password_is_hidden_beside_a_lock_files_fields() -> None:
    password = fake("", 14, "mech-lock-pw", ALNUM)
    assert hidden(f'password: "{password}"\npath-key: ^3.1.0', password)


# -- a code in groups --------------------------------------------------------------------------

def _groups(seed: str, count: int, size: int, alphabet: str) -> str:
    return "-".join(fake("", size, f"{seed}-{n}", alphabet) for n in range(count))


@pytest.mark.parametrize(("template", "count", "size", "alphabet"), [
    ("Activate the desktop with `cscript slmgr.vbs /ipk {}`", 5, 5, UPPER),
    ("The runner registers with `agentctl enroll -k {}` on boot", 4, 4, UPPER),
    ("Der Lizenzschlüssel lautet {}", 6, 6, UPPER),
    ("registered with `zyx -r {}`", 4, 4, UPPER),
    ("`licensectl add {}` on the build host", 4, 5, LOWER),
])
def test_a_random_code_in_groups_is_hidden(template: str, count: int, size: int,
                                            alphabet: str) -> None:
    code = _groups(f"mech-code-{template[:10]}", count, size, alphabet)
    assert hidden(template.format(code), code)


@pytest.mark.parametrize("text", [
    "Decode as ISO-8859-1 then encrypt with AES-256-GCM-SIV under BSD-3-Clause",
    "See GHSA-9wx4-h78v-vm56 and CVE-2024-12345-0001 from 2024-11-30",
    "Enter the key as XXXX-XXXX-XXXX-XXXX or ABCD-EFGH-IJKL-MNOP",
    "@@ -19,6 +19,7 @@ sqitch-rebase-usage - Sqitch rebase usage statement",
    '"eslint-plugin-import": "^2.31.0", "supports-preserve-symlinks-flag": "^1.0.0"',
    "target x86_64-unknown-linux-gnu and aarch64-apple-darwin",
    "the card 4111-1111-1111-1111 is Stripe's test card",
    "MAC 00-1A-2B-3C-4D-5E, uuid 1f3c6b32-3d96-4889-8158-bf79c697bdc7",
])
def test_standards_ids_placeholders_and_names_in_groups_stay(text: str) -> None:
    assert kept(text)


# -- a credential's name glued into one word -------------------------------------------------

@pytest.mark.parametrize("template", [
    "Survey exports come from the form server with apikey {}",
    "Les relevés arrivent avec accesstoken {} depuis lundi",
    "The scraper sends api_key {} on every request",
    "query string: ?format=csv&apikey{}",
])
def test_hex_after_a_credentials_glued_name_is_hidden(template: str) -> None:
    key = fake("", 32, f"mech-glued-{template[:10]}", HEX)
    assert hidden(template.format(key), key)


@pytest.mark.parametrize("text", [
    f"the apikey fix landed in {SHA}",
    f"monkey {fake('', 32, 'mech-monkey', HEX)} is a test fixture's digest",
    "apikeyRotationPolicyForTenants is the setting's name",
])
def test_glued_words_commits_and_other_keys_stay(text: str) -> None:
    assert kept(text)


# -- a value in a secret's place in a configuration ----------------------------------------

PW = fake("", 14, "mech-conf-pw", ALNUM[:26] + "0123456789")


@pytest.mark.parametrize("template", [
    "+username backup privilege 15 password 0 {}\n",  # how it is stored, then the value
    "+ enable secret 0 {}\n",
    "+  wpa-psk ascii 0 {}\n",
    "+ip-host-auth community {} RW\n",  # after a directive's hyphenated name
    "+mailbox:{{PLAIN}}{}::::::\n",
    "+ authentication-key ascii-text \"$9${}\";\n",
])
def test_a_value_in_a_configurations_credential_place_is_hidden(template: str) -> None:
    assert hidden(template.format(PW), PW)


@pytest.mark.parametrize("text", [
    "+interface GigabitEthernet0/1 description uplink-to-core-01\n",
    "+ip ssh version 2\n",
    "The password 0 times was wrong in the test log, see the trace\n",
    "+snmp-server location rack-4-row-B\n",
    "+service password-encryption\n",
])
def test_device_settings_and_prose_stay(text: str) -> None:
    assert kept(text)


# -- a key file by its form ------------------------------------------------------------------

def _new_file(path: str, lines: list[str]) -> str:
    body = "".join(f"+{line}\n" for line in lines)
    return (f"diff --git a/{path} b/{path}\nnew file mode 100600\n--- /dev/null\n+++ b/{path}\n"
            f"@@ -0,0 +1,{len(lines)} @@\n{body}")


def test_a_key_files_one_value_is_hidden_beside_its_comments() -> None:
    seed = fake("", 32, "mech-totp", "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    diff = _new_file("home/ops/.otp_seed", [seed, '" RATE_LIMIT 3 30', '" TOTP_AUTH'])
    assert hidden(diff, seed)


def test_a_table_of_credentials_in_a_file_named_for_them_is_hidden() -> None:
    one, two = fake("", 12, "mech-table-1", ALNUM), fake("", 12, "mech-table-2", ALNUM)
    diff = _new_file("etc/ppp/pap-secrets", [f"dsl-user * {one}1 *", f"backup * {two}2 *"])
    assert hidden(diff, one + "1") and hidden(diff, two + "2")
    relay = fake("", 16, "mech-table-relay", ALNUM)
    assert hidden(_new_file("etc/mail/secrets", [f"relay ops-relay:{relay}"]), relay)
    vpn = fake("", 16, "mech-table-vpn", ALNUM)
    assert hidden(_new_file("etc/openvpn/auth.txt", ["vpn-user", vpn]), vpn)


@pytest.mark.parametrize(("path", "lines"), [
    ("etc/ppp/pap-secrets", ["# client server secret addresses", "dsl-user * * 10.0.0.2"]),
    ("config/secrets.yml", ["production:", "  secret_key_base: <%= ENV['SECRET'] %>"]),
    ("docs/secrets", ["See the vault for the passwords of the build hosts"]),
    ("etc/openvpn/auth.txt", ["vpn-user", "file:/run/secrets/vpn"]),
])
def test_tables_without_passwords_and_code_stay(path: str, lines: list[str]) -> None:
    assert kept(_new_file(path, lines))


# -- a random run whose segments any mark joins ----------------------------------------------

@pytest.mark.parametrize("join", ["~", "#", "@", "!", ";"])
def test_a_random_segment_joined_by_any_mark_is_hidden(join: str) -> None:
    body = fake("", 32, f"mech-join-{join}", ALNUM)
    token = f"acct{join}{fake('', 8, f'mech-join-id-{join}', LOWER)}{join}{body}"
    assert hidden(f"Invoices sync with {token} every night", body)


def test_hex_of_a_keys_length_glued_to_a_region_is_hidden() -> None:
    key = fake("", 32, "mech-region", HEX)
    assert hidden(f"Newsletters go out through the mailer with {key}-eu2", key)


@pytest.mark.parametrize("text", [
    f"merge {SHA}-eu2 was reverted",  # a commit's forty digits
    "mail ops@example.org; cc dev@example.org!",
    "release v1.2.3~rc1#4 on 2024-11-30",
    f"artifact {fake('', 32, 'mech-artifact', HEX)}-v2 was rebuilt",  # a version, no region
])
def test_addresses_versions_and_commits_joined_by_marks_stay(text: str) -> None:
    assert kept(text)


# -- a secret stated in prose, words between the noun and its verb ---------------------------

@pytest.mark.parametrize("template", [
    "The enable secret on the core switch is {}",
    "The passphrase of the offsite backup key was {} until May",
    "the psk for the depot's access points is {}",
])
def test_a_secret_stated_after_a_few_words_is_hidden(template: str) -> None:
    value = fake("", 9, f"mech-prose-{template[:10]}", ALNUM) + "7Q"
    assert hidden(template.format(value), value)


@pytest.mark.parametrize("text", [
    "The secret to a fast build on the CI runners is caching",
    "The key for the legend on the map is Figure3",
    "The token for the next page is returned in the header",
])
def test_sentences_about_secrets_without_one_stay(text: str) -> None:
    assert kept(text)


# -- a command's credential by the value's shape and the verb's sense ------------------------

GEN = "Hv7kQ2xNp9Wc4d"  # a generated password's shape: the class changes at every step


@pytest.mark.parametrize("template", [
    "`relayctl encrypt {}` gave the hash for the table",  # a verb that stores it in its form
    "`rclone obscure {}` for the remote's config",
    "`vault operator unseal {}` after the reboot",
    "`doas rcctl set backupd flags -u backup -w {}`",  # a generated password to any flag
    "`synctool --access {} pull`",
    "`pass insert -e ops/db <<< {}`",  # fed to any program on its standard input
    "`echo {} | vaultctl add ops/db`",
])
def test_a_generated_password_in_a_commands_credential_place_is_hidden(template: str) -> None:
    assert hidden(template.format(GEN), GEN)


@pytest.mark.parametrize("text", [
    "`docker build -t WebApp01Prod .`",
    "`tool --target x86Linux64 --profile Release2024`",
    "`echo OAuth2Client | tee names.txt`",
    "`kubectl -n K8sCluster01 get pods`",
    "We encrypt backups2024 nightly and obscure nothing",
    "`grep -r IPv4Address1 src/ <<< done`",
])
def test_names_with_digits_given_to_flags_or_fed_stay(text: str) -> None:
    assert kept(text)


def test_a_user_and_password_after_login_and_a_colon_are_hidden() -> None:
    assert hidden(f"Router login: admin:{GEN}", GEN)
    assert kept("Login: see docs/auth.md, login: 10:30 daily")


def test_a_secrets_name_written_as_two_words_names_its_value() -> None:
    """sealed15 (after its blind run): Netdata's stream.conf writes `api key = <uuid>`,
    and the assignment was not read: the name's two words. A UUID in a secret's place is
    the secret; other two-word names, and a value that is no secret, stay."""
    from gitmemory.secrets.redact import redact

    key = "2595c8d2-0f3e-4f7a-9b1e-4c2a6d9e8f10"
    conf = f"[stream]\n    enabled = yes\n    destination = 10.84.0.5:19999\n    api key = {key}"
    assert key not in redact(conf)[0]
    for text in (f"request id = {key}", "The api key = a value you get from the dashboard",
                 "client secret: ${CLIENT_SECRET}"):
        assert redact(text)[0] == text, text


HEXDIGITS = "0123456789abcdef"


@pytest.mark.parametrize("template", [
    "The backup checks in with `curl -s https://nosnch.in/{}` when it ends",
    "ExecStartPost=/usr/bin/curl -s https://nosnch.in/{}",
    "it pings https://cron.example.net/{}/fail when the dump fails",
])
def test_a_check_in_link_whose_path_is_one_id_is_hidden(template: str) -> None:
    """Issue 31, the twenty-second sealed part: a cron monitor's check-in URL (ten hex
    digits, the whole path) lets anyone check in for the job; it went through."""
    token = fake("", 10, f"mech-checkin-{template[:8]}", HEXDIGITS)
    assert hidden(template.format(token), token)


@pytest.mark.parametrize("text", [
    "See https://example.com/20241201 for the notes",
    "Docs live at https://docs.example.com/deadbeef",
    "Fixed in https://github.com/org/repo/commit/5855c1d190ab",
])
def test_a_page_or_a_commit_link_stays(text: str) -> None:
    assert kept(text)


@pytest.mark.parametrize("template", [
    "curl 'https://api.openweathermap.org/data/3.0/onecall?lat=51.18&lon=14.42&appid={}'",
    "OPENWEATHER_APPID={}",
])
def test_an_app_id_that_is_a_key_is_hidden(template: str) -> None:
    """OpenWeather takes its API key as `appid=`: 32 hex digits went through whole."""
    key = fake("", 32, f"mech-appid-{template[:8]}", HEXDIGITS)
    assert hidden(template.format(key), key)


@pytest.mark.parametrize("text", ["APPID=1234567", 'appid = "wx1234"',
                                  '"appid": "com.example.toads"'])
def test_an_app_id_that_is_a_name_or_a_number_stays(text: str) -> None:
    assert kept(text)

"""Secrets found by principle rather than by a tool's or a vendor's name (issue 31): a
random token whatever its prefix (its shape), a value in a credential's position (a flag
of a command that opens a key store, a weak name with a random value, a name and its
value in separate elements, Erlang terms), the word for password in further languages.
Each case here leaked on a spent attack part (sealed5) before its rule."""

from __future__ import annotations

import base64

import pytest

from gitmemory.secrets.redact import redact
from testing.attack_checks import fake

PW = "Hv7kQ2xN" + "p9Wc4d"
B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
LOWER = "abcdefghijklmnopqrstuvwxyz"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _hidden(text: str, secret: str) -> bool:
    done = redact(text)[0]
    return secret not in done and "[REDACTED:" in done


# -- shape: a random token of any prefix, separators inside its body ----------------------

@pytest.mark.parametrize("token", [
    fake("CFP" + "AT-", 43, "principle-cf", B64URL),
    fake("ZZ" + "K_", 40, "principle-zz", B64URL),
    fake("", 40, "principle-bare", B64URL),
])
def test_a_random_token_whose_body_has_separators_is_hidden(token: str) -> None:
    assert _hidden(f"The pages are published with {token}", token[-30:])


@pytest.mark.parametrize("text", [
    "test_handles_UTF8_and_Latin1_encodings_correctly_in_v2",
    "see the migration 20240101_create_users_table_with_email_index_v3",
    "the id is 3f2c1d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f and 3f2c1d4e5a6b4c7d8e9f0a1b2c3d4e5f",
    "`" + base64.b64encode(b"the quick brown fox jumps over the lazy dog!").decode() + "`",
    "`" + base64.urlsafe_b64encode(b"{\"user\": \"ops\", \"role\": \"reader\"}").decode() + "`",
    "sha512-" + "A" * 10 + "b" * 10 + "1" * 20,
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
    "PPMD_SetAllBitsIn256Bytes_And_ClearAllBitsIn512Bytes",
])
def test_identifiers_ids_and_base64_of_text_stay(text: str) -> None:
    assert redact(text)[0] == text


# -- position -----------------------------------------------------------------------------

def test_a_code_of_groups_after_p_where_the_command_signs_in_is_hidden() -> None:
    code = "-".join(fake("", 4, f"principle-asp{n}", LOWER) for n in range(4))
    assert _hidden(f"`xcrun altool --upload-app -f App.ipa -u ci@example.org -p {code}`", code)


@pytest.mark.parametrize("store", ["cert.pfx", "keys/release.jks", "out/client.p12",
                                   "signing.keystore"])
def test_p_in_a_command_that_opens_a_key_store_is_a_password(store: str) -> None:
    assert _hidden(f"`dotnet dev-certs https -ep ~/.aspnet/https/{store} -p {PW}`", PW)


@pytest.mark.parametrize("line", [
    "`tar -C out -p -xf cert.pfx`", "`mkdir -p keys/release.jks`",
    "`openssl pkcs12 -in cert.pfx -passin env:PFX_PASSWORD -p 8443`",
])
def test_p_beside_a_key_store_without_a_password_stays(line: str) -> None:
    assert redact(line)[0] == line


def test_a_random_capitals_value_of_a_weak_credential_flag_is_hidden() -> None:
    cookie = fake("", 20, "principle-cookie", UPPER)
    assert _hidden(f"`iex --name support@10.40.0.5 --cookie {cookie} --remsh app@host`", cookie)


@pytest.mark.parametrize("line", ["`iex --cookie MYAPPCOOKIE`", "`curl --cookie SESSIONID x`",
                                  "`erl -setcookie DEFAULTCLUSTERCOOKIE`"])
def test_a_spoken_capitals_value_of_a_weak_flag_stays(line: str) -> None:
    assert redact(line)[0] == line


@pytest.mark.parametrize(("name", "element"), [
    ("key", "string"), ("name", "value"), ("key", "data")])
def test_a_secret_name_and_its_value_in_the_next_element_are_hidden(name: str,
                                                                    element: str) -> None:
    secret = PW  # too short for a token's shape: only its position tells
    text = (f"+<dict>\n+  <{name}>PaymentsSharedSecret</{name}>\n"
            f"+  <{element}>{secret}</{element}>\n+</dict>\n")
    assert _hidden(text, secret)


def test_a_hadoop_property_s_secret_value_is_hidden() -> None:
    secret = PW
    text = ("<property>\n  <name>fs.s3a.secret.key</name>\n"
            f"  <value>{secret}</value>\n</property>\n")
    assert _hidden(text, secret)


@pytest.mark.parametrize("text", [
    "<key>CFBundleName</key>\n<string>CrewApp</string>",
    "<key>NSCameraUsageDescription</key>\n<string>Scan boarding passes</string>",
    "<key>SecretsManagerEnabled</key>\n<true/>\n<key>Mode</key>\n<string>strict</string>",
    "<name>dfs.replication</name>\n<value>3</value>",
    "<key>TokenURL</key>\n<string>https://auth.example.org/token</string>",
])
def test_settings_in_separate_elements_stay(text: str) -> None:
    assert redact(text)[0] == text


def test_an_erlang_binary_beside_a_secret_name_is_hidden() -> None:
    key = fake("", 32, "principle-hex", "0123456789abcdef")
    text = (f"+  #{{auth_key => <<\"{key}\">>, url => <<\"https://repo.hex.pm/repos/x\">>}}}}.\n")
    assert _hidden(text, key)


def test_an_erlang_tuple_of_a_secret_name_and_a_string_is_hidden() -> None:
    assert _hidden(f'{{password, "{PW}"}},\n{{ssl, true}}', PW)


@pytest.mark.parametrize("text", ['{auth_key, <<"">>}', "{password, undefined}",
                                  '#{api_key => <<"${HEX_API_KEY}">>}', "{token_ttl, 3600}"])
def test_erlang_terms_without_a_literal_stay(text: str) -> None:
    assert redact(text)[0] == text


# -- language -----------------------------------------------------------------------------

@pytest.mark.parametrize("sentence", [
    "የዳታቤዙ የይለፍ ቃል {} ነው",  # Amharic
    "ডাটাবেসের মুরপদ {}",  # a noun nobody listed: found by the sentence's script
    "데이터베이스 접속 암호 {}",
    "ዳታቤዝ {} ነው",
])
def test_a_password_in_a_sentence_of_another_script_is_hidden(sentence: str) -> None:
    assert _hidden(sentence.format(PW), PW)


@pytest.mark.parametrize("text", [
    "ফাইল OAuth2Client ব্যবহার করে",
    "ክፍሉ SHA256Hash ይጠቀማል",
    "სერვისი UTF8String და IPv6Address იყენებს",
    "サービスは HttpClient2 を使う",
])
def test_identifiers_in_a_sentence_of_another_script_stay(text: str) -> None:
    assert redact(text)[0] == text


# -- position: a call that signs in, its password after its user ---------------------------

WORDS_PW = "tulip-" + "Harbor-77"  # a chosen password: words, a capital, digits


@pytest.mark.parametrize("call", [
    "login('admin', '{}')", 'client.login("svc", "{}")', "smtp.login('bot@example.org', '{}')",
    'new NetworkCredential("svc", "{}")', "ldap.simple_bind_s('cn=admin,dc=x', '{}')",
    'DriverManager.getConnection(url, "app", "{}")', "ftp.login(user='deploy', passwd='{}')",
    "config.set('auth', 'password', '{}')",
])
@pytest.mark.parametrize("password", [PW, WORDS_PW])
def test_the_password_given_to_a_call_that_signs_in_is_hidden(call: str, password: str) -> None:
    assert _hidden(call.format(password), password)


@pytest.mark.parametrize("line", [
    "login('admin', password)", "client.login(user, os.environ['PW'])",
    "connect('db.internal', 5432)", "logger.info('login', 'started')",
    "bind('click', 'handler')", "getConnection(url, 'app', '')",
    "login_page('Sign in', 'Use your company account')",
])
def test_a_call_without_a_literal_password_stays(line: str) -> None:
    assert redact(line)[0] == line


# -- position: a strong name's value of words and digits ----------------------------------

@pytest.mark.parametrize("line", [
    "SetEnv DB_PASSWORD {}", "fastcgi_param DB_PASSWORD {};", "requirepass {}",
    "doppler secrets set DB_PASSWORD {}", "rclone config create r s3 secret_access_key {}",
])
def test_a_chosen_password_beside_its_key_is_hidden(line: str) -> None:
    assert _hidden(line.format(WORDS_PW), WORDS_PW)


# -- position: an element named by its attribute ------------------------------------------

@pytest.mark.parametrize("text", [
    '<entry key="password">{}</entry>', '<Property name="password">{}</Property>',
    '<setting name="ApiKey" serializeAs="String">\n<value>{}</value>',
])
def test_an_element_named_for_a_secret_by_its_attribute_is_hidden(text: str) -> None:
    assert _hidden(text.format(PW), PW)


@pytest.mark.parametrize("text", [
    '<entry key="timeout">3000</entry>', '<Property name="passwordPolicy">strict</Property>',
    '<setting name="ApiKey" serializeAs="String">\n<value>${API_KEY}</value>',
    '<entry key="password"></entry>',
])
def test_an_element_named_for_a_setting_stays(text: str) -> None:
    assert redact(text)[0] == text


# -- position: a token as a URL's user, an authorization header without a colon ------------

def test_a_token_as_a_url_s_user_is_hidden() -> None:
    assert _hidden(f"git clone https://{PW}@github.com/org/repo.git", PW)


@pytest.mark.parametrize("line", ["https://deploy@git.example.org/r.git",
                                  "ssh://git@github.com/org/repo", "https://ci-bot2@host.example/x"])
def test_a_user_name_in_a_url_stays(line: str) -> None:
    assert redact(line)[0] == line


def test_an_authorization_header_set_without_a_colon_is_hidden() -> None:
    assert _hidden(f'proxy_set_header Authorization "Basic {PW}";', PW)


# -- prose: a credential word, its value -------------------------------------------------

@pytest.mark.parametrize("sentence", [
    "user admin, pass {}", "pw {}", "PIN is {}", "the shared secret is {}",
    "sign in as admin with {}", "use admin:{} to log in", "log in with `admin` / `{}`",
])
@pytest.mark.parametrize("password", [PW, WORDS_PW])
def test_a_credential_stated_in_prose_is_hidden(sentence: str, password: str) -> None:
    assert _hidden(sentence.format(password), password)


@pytest.mark.parametrize("line", [
    "sign in as admin with SSO", "the PIN is printed on the card", "pass it to the parser",
    "use admin:read to log in", "the shared secret is rotated monthly",
    "log in with `admin` / `hunter`", "pw reset links expire after 2 hours",
])
def test_prose_about_credentials_without_one_stays(line: str) -> None:
    assert redact(line)[0] == line


# -- prose: the value first, the noun after it; a user and password by a slash -------------

@pytest.mark.parametrize("sentence", [
    "{} is the password for staging", "'{}' is the root password",
    "use {} as the api key", "admin password -> {}", "the cluster cookie is {}",
])
def test_a_credential_named_after_its_value_or_by_an_arrow_is_hidden(sentence: str) -> None:
    value = fake("", 32, "principle-lower", LOWER) if "cookie" in sentence else PW
    assert _hidden(sentence.format(value), value)


@pytest.mark.parametrize("sentence", [
    "the staging db uses admin/{}", "mysql root/{}", "wifi: FerryGuest / {}"])
def test_a_user_and_a_scrambled_password_parted_by_a_slash_are_hidden(sentence: str) -> None:
    assert _hidden(sentence.format(PW), PW)


@pytest.mark.parametrize("line", [
    "main is the default branch", "`pytest` is the test runner, `ruff` the linter",
    "use UTF8Encoder as the default key encoder", "see src/ABC-123 and feature/JIRA-4411",
    "https://example.org/docs/Hv7kQ2xN", "the cookie is set by the proxy",
    "v2.4.1 is the release key date", "it is the password reset flow",
])
def test_prose_that_names_no_credential_s_value_stays(line: str) -> None:
    assert redact(line)[0] == line


@pytest.mark.parametrize("line", ["# Flag / IntFlag", "// Read / ReadAll", "see a/b/HttpClient2"])
def test_names_parted_by_a_slash_stay(line: str) -> None:
    assert redact(line)[0] == line


@pytest.mark.parametrize("line", [
    "Pin `PyJWT>=2.8`: the 1.x API is rejected by the auth tests", "pin requests==2.31.0",
    "pass Django<5.0 to the resolver", "pin v2.4.1 in the lock file"])
def test_a_pinned_version_is_no_pin(line: str) -> None:
    assert redact(line)[0] == line


@pytest.mark.parametrize("blob", [
    base64.b64encode("Get-ChildItem -Recurse | Measure-Object".encode("utf-16-le")).decode(),
    base64.b64encode(b"\0\0\0\x0bssh-ed25519\0\0\0 " + bytes(range(32))).decode().rstrip("="),
])
def test_base64_of_utf16_text_or_of_a_public_key_stays(blob: str) -> None:
    assert redact(f"run `x {blob} y`")[0] == f"run `x {blob} y`"


def test_a_list_of_names_with_a_secret_word_stays() -> None:
    line = 'near=("authorization", "bearer", "header*", "cookie*", "token*")'
    assert redact(line)[0] == line


@pytest.mark.parametrize("text", [
    'DriverManager.getConnection(url, "app", "{}")', "ldap.simple_bind_s('cn=x', '{}')",
    "sign in as admin with {}", "log in with `admin` / `{}`", "use admin:{} to log in",
    "the staging db uses admin/{}", "wifi: FerryGuest / {}", "{} is the password for staging",
    "use {} as the api key", "<key>PaymentsSharedSecret</key>\n<string>{}</string>",
    '<entry key="password">{}</entry>', "`xcrun altool -u ci@example.org -p {}`",
    "`dotnet dev-certs https -ep cert.pfx -p {}`", "`iex --password {}`",
    "#{{auth_key => <<\"{}\">>}}", "የይለፍ ቃል {} ነው", "cyfrinair y gronfa ddata {}",
])
def test_the_checkout_screen_lets_each_new_case_through_to_the_rules(text: str) -> None:
    """The checkout hook redacts only a line :func:`folded.may_hide` marks."""
    from gitmemory.secrets import folded

    line = text.format(PW)
    assert folded.may_hide(line)
    assert PW not in folded.redacted_as_read(line)


def test_the_checkout_screen_lets_a_cookie_through() -> None:
    from gitmemory.secrets import folded

    cookie = fake("", 20, "principle-cookie", UPPER)
    assert cookie not in folded.redacted_as_read(f"`iex --cookie {cookie}`")


@pytest.mark.parametrize("text", [
    'variable "db_password" {{\n  type = string\n  default = "{}"\n}}',
    'password <- "{}"', "ansible-vault decrypt --vault-password-file <(echo {}) x.yml",
    "wg set wg0 private-key <(echo {})",
])
def test_a_default_an_r_assignment_and_a_printed_file_are_hidden(text: str) -> None:
    assert _hidden(text.format(PW), PW)


@pytest.mark.parametrize("text", [
    'variable "db_password" {\n  type = string\n  sensitive = true\n}',
    'variable "region" {\n  default = "eu-north-1"\n}', "token <- ch", "x <- password",
    "diff <(echo a) <(echo b)",
])
def test_terraform_variables_channels_and_substitutions_without_a_literal_stay(text: str) -> None:
    assert redact(text)[0] == text


def test_random_small_letters_whose_last_piece_can_be_said_are_random() -> None:
    cookie = "xlmarznlmsao" + "bwftgdyholqlqiyodsxy"  # its last four, "dsxy", can be said
    assert _hidden(f"the cluster cookie is {cookie}", cookie)
    assert redact("`erl -setcookie DEFAULTCLUSTERCOOKIE`")[0] == \
        "`erl -setcookie DEFAULTCLUSTERCOOKIE`"


# -- names that are no credentials (a new user's first day, grafana/k6) --------------------

@pytest.mark.parametrize("line", [
    "feat: pass k6ModPath v2 to build service via k6provider",
    "The cloud secret source now reads K6_CLOUD_PUSH_REF_ID from its params",
    "the secret store now reads VAULT_ADDR_OVERRIDE_URL at start",
])
def test_a_name_after_a_credential_word_stays(line: str) -> None:
    """The verb "pass" before a camel-case name, and an environment variable's name after
    "secret": names, which a reader needs, not values."""
    assert redact(line)[0] == line


@pytest.mark.parametrize("line", ["user admin, pass Hv7kQ2xNp9Wc4d",
                                  "the secret source reads Hv7kQ2xN_p9Wc4dZ_Qm3 from its params"])
def test_a_value_after_a_credential_word_is_still_hidden(line: str) -> None:
    assert "[REDACTED" in redact(line)[0]

"""A credential found by its position in a command or a configuration, whatever the
tool (issue 31, the fourth sealed part's leaks): a key whose name says credential and
its value side by side (``wifi-sec.psk X``, ``aws configure set aws_secret_access_key
X``), ``name=value`` given to a flag (``-o password=X``), a value fed to a program that
reads a credential on its standard input (a here-string, ``echo``/``printf`` into a
pipe, an ``expect`` script's ``send`` after a password prompt), the password after a
share in SMB's share-then-password grammar, and a vendor's token with an upper-case
prefix (``NRAK-...``).  The same places holding a prompt, a variable, a file or an
ordinary word stay."""

from __future__ import annotations

import pytest

from gitmemory.secrets import folded
from gitmemory.secrets.redact import redact, scan

PW = "Tr0ub4dor&3xQ"
WORD_PW = "Zk4vRm8xQ2nTw7"  # letters and digits only: reads as an identifier


def _hidden(line: str, pw: str) -> None:
    text, found = redact(line)
    assert pw not in text, text
    assert found and scan(line)
    assert redact(text)[0] == text  # idempotent
    assert folded.may_hide(line), line  # the checkout hook's screen lets it through
    assert pw not in folded.redact_as_read(line)[0]


def _kept(line: str) -> None:
    assert redact(line) == (line, []), redact(line)[0]


# -- a key whose name says credential, its value beside it --------------------------------

@pytest.mark.parametrize("line", [
    "nmcli con add type wifi ssid shop wifi-sec.key-mgmt wpa-psk wifi-sec.psk {pw}",
    "nmcli connection modify vpn0 vpn.secrets.password {pw}",
    "nmcli con mod eap 802-1x.password {pw}",
    "aws configure set aws_secret_access_key {pw}",
    "npm config set _authToken {pw}",
    "yarn config set npmAuthToken {pw}",
    'dotnet user-secrets set "Db:Password" {pw}',
    "redis-cli CONFIG SET requirepass {pw}",
    "+rocommunity {pw} 10.0.0.0/8",
    "requirepass {pw}",
    "Set the wifi with `wifi.psk {pw}` in the profile",
    "git config --global sendemail.smtpPass {pw}",
])
@pytest.mark.parametrize("pw", [PW, WORD_PW])
def test_a_credential_key_and_its_value_side_by_side_is_hidden(line: str, pw: str) -> None:
    _hidden(line.format(pw=pw), pw)


@pytest.mark.parametrize("line", [
    "nmcli con add type wifi ssid shop wifi-sec.key-mgmt wpa-psk",
    "nmcli con mod vpn0 vpn.secrets.password $VPN_PASSWORD",
    "aws configure set aws_secret_access_key ${AWS_SECRET}",
    "npm config set _authToken <token>",
    "Store the wifi-sec.psk values in the vault, never in the repository",
    "the api_token setting is read at start-up",
    "the client_secret stored in Vault rotates monthly",
    "ssh_key ed25519 is the default type",
    "The private_key id_rsa.pub is public anyway",
    "gpg --default-key 4F2A9C1E8B7D6A5F",
    "redis-cli CONFIG SET requirepass ''",
    "auth_token TTL is 3600 seconds",
    "Password rotation happens every 90 days on the first Monday",
    "rocommunity public 10.0.0.0/8",
])
def test_a_credential_key_without_a_literal_beside_it_stays(line: str) -> None:
    _kept(line)


# -- name=value given to a flag ----------------------------------------------------------

@pytest.mark.parametrize("line", [
    "mount -t cifs //nas/share /mnt -o password={pw}",
    "sshfs host:/x /mnt -o password={pw}",
    "ansible all -e ansible_password={pw} -m ping",
    "docker build --build-arg npm_token={pw} .",
    "helm upgrade shop ./chart --set redis.auth.password={pw}",
])
@pytest.mark.parametrize("pw", [PW, WORD_PW])
def test_a_credential_setting_given_to_a_flag_is_hidden(line: str, pw: str) -> None:
    _hidden(line.format(pw=pw), pw)


@pytest.mark.parametrize("line", [
    "mount -o password=$SMB_PASSWORD //nas/share /mnt",
    "sshfs host:/x /mnt -o password_stdin",
    "helm upgrade shop ./chart --set redis.auth.enabled=false",
    "ansible all -e ansible_password={{ vault_pw }} -m ping",
])
def test_a_flag_setting_without_a_literal_stays(line: str) -> None:
    _kept(line)


# -- a value fed to a program that reads a credential on standard input ------------------

@pytest.mark.parametrize("line", [
    "sshfs photos@nas:/photos /mnt/p -o password_stdin <<< '{pw}'",
    'cryptsetup open /dev/sdb1 data <<< "{pw}"',
    "docker login -u ci --password-stdin registry.internal <<< {pw}",
    "printf '%s' '{pw}' | kinit admin@CORP.EXAMPLE",
    "printf '{pw}' | docker login -u ci --password-stdin",
    "echo {pw} | gh auth login --with-token",
    "echo -n '{pw}' | openssl enc -aes-256-cbc -pass stdin -in a -out b",
    "echo '{pw}' | sudo -S apt-get update",
])
@pytest.mark.parametrize("pw", [PW, WORD_PW])
def test_a_value_fed_to_a_credential_reader_is_hidden(line: str, pw: str) -> None:
    _hidden(line.format(pw=pw), pw)


@pytest.mark.parametrize("line", [
    "grep -c error <<< \"$output\"",
    "base64 -d <<< SGVsbG8gd29ybGQ=",
    "bc <<< '3*4'",
    "jq .name <<< '{\"name\": \"v1.2.3\"}'",
    "echo v1.2.3 | cut -d. -f1",
    "echo $DOCKER_TOKEN | docker login -u ci --password-stdin",
    "cryptsetup open /dev/sdb1 data <<< \"$LUKS_PASSPHRASE\"",
    "read -r user host <<< \"$line\"",
])
def test_a_value_fed_to_any_other_program_stays(line: str) -> None:
    _kept(line)


@pytest.mark.parametrize("line", [
    "expect -c 'spawn ssh till@10.20.0.5; expect \"password:\"; send \"{pw}\\r\"; interact'",
    'spawn sudo -k true\nexpect "*assword*"\nsend -- "{pw}\\r"',
    "child.expect('Passphrase for key'); child.sendline('{pw}')",
])
@pytest.mark.parametrize("pw", [PW, WORD_PW])
def test_what_a_script_sends_after_a_password_prompt_is_hidden(line: str, pw: str) -> None:
    _hidden(line.format(pw=pw), pw)


@pytest.mark.parametrize("line", [
    "expect -c 'spawn ssh-keygen; expect \"file\"; send \"id_rsa2\\r\"; interact'",
    'expect "password:"\nsend "$env(TILL_PASSWORD)\\r"',
    "child.expect('Continue?'); child.sendline('yes')",
    "Send the release notes to the channel after the password rotation",
])
def test_what_a_script_sends_elsewhere_stays(line: str) -> None:
    _kept(line)


# -- the password after a share (SMB's share-then-password grammar) ----------------------

@pytest.mark.parametrize("line", [
    "net use Z: \\\\files\\tills {pw} /user:ORCHARD\\till",
    "net use \\\\files\\tills {pw} /user:till /persistent:no",
    "smbclient //files/tills {pw} -U till",
])
@pytest.mark.parametrize("pw", [PW, WORD_PW])
def test_a_password_after_a_share_is_hidden(line: str, pw: str) -> None:
    _hidden(line.format(pw=pw), pw)


@pytest.mark.parametrize("line", [
    "net use Z: \\\\files\\tills * /user:ORCHARD\\till",
    "net use Z: \\\\files\\tills /user:ORCHARD\\till /persistent:yes",
    "mount -t cifs //files/tills /mnt/tills -o username=till",
    "robocopy \\\\files\\tills C:\\backup /MIR",
    "smbclient //files/tills -U till -c 'ls'",
])
def test_a_share_without_a_password_stays(line: str) -> None:
    _kept(line)


# -- a tool's short flag whose value is a community or a passphrase ----------------------

@pytest.mark.parametrize("line", [
    "snmpwalk -v2c -c {pw} 10.20.0.1",
    "snmpget -v 2c -c {pw} router sysUpTime.0",
    "snmpwalk -v3 -l authPriv -u mon -a SHA -A {pw} -x AES -X {pw} router",
])
@pytest.mark.parametrize("pw", [PW, WORD_PW])
def test_an_snmp_community_or_passphrase_is_hidden(line: str, pw: str) -> None:
    _hidden(line.format(pw=pw), pw)


@pytest.mark.parametrize("line", [
    "snmpwalk -v2c -c public 10.20.0.1",
    "snmpwalk -v2c -c $SNMP_COMMUNITY router",
    "gcc -c main.c -o main.o",
])
def test_a_default_community_or_another_tool_s_c_stays(line: str) -> None:
    _kept(line)


# -- a vendor's token with an upper-case prefix ------------------------------------------

@pytest.mark.parametrize("token", [
    "NRAK-7QZ1XK9PLM3N4B8VCD2FG5HJ6KT",
    "ABCD-q8Zr2Lm7Xw4nB8rTq2Lm7zPk",
    "TKN_9fQ2mZ7xL4vR8nW3kT6yP1sD5h",
    "QWKZ-MXBTRGPLYVDHNCSJFWKQZTRBM",  # random capitals, no digit (New Relic's shape)
])
def test_a_token_after_an_upper_case_prefix_is_hidden(token: str) -> None:
    _hidden(f"Dashboards are queried with {token} every hour", token[5:])


@pytest.mark.parametrize("line", [
    "Advisory GHSA-8r8j-xvfj-36f9 is fixed in 2.4",
    "ID-550E8400-E29B-41D4-A716-446655440000 is the tenant",
    "GPG-KEY-4F2A9C1E8B7D6A5F4F2A9C1E8B7D6A5F4F2A9C1E",
    "DEFAULT_TIMEOUT_SECONDS_FOR_RETRY_BACKOFF is 30",
    "RELEASE-2024_11_29T10_00_00Z was tagged",
    "SHA256-Q2hhbmdlTG9nIGZvciB2ZXJzaW9uIDEuMi4z",
    "ERR-CONNECTIONREFUSEDBYTHEREMOTEHOST is logged",
    "HTTP_ACCEPT_LANGUAGE_OVERRIDE_FOR_TESTS is read",
])
def test_upper_case_names_ids_and_hashes_stay(line: str) -> None:
    _kept(line)


# -- generalisations beyond the fourth sealed part's phrases -----------------------------

@pytest.mark.parametrize("line", [
    "aws ssm put-parameter --name /shop/db/password --value {pw} --type SecureString",
    "echo -n {pw} | gcloud secrets versions add db-password --data-file=-",
    "echo {pw} | docker secret create db_password -",
    "printf {pw} | wrangler secret put API_KEY",
    "op signin --raw <<< {pw}",
    "terraform apply -var 'db_password={pw}'",
    'terraform apply -var="db_password={pw}"',
    "vault login {pw}",
    "bw unlock {pw}",
    "poetry config http-basic.internal alice {pw}",
    "masterauth {pw}",
    "The office VPN PSK is {pw}",
    "The SNMP community string is {pw}",
    "the wifi key is now {pw}",
])
@pytest.mark.parametrize("pw", [PW, WORD_PW])
def test_a_credential_in_a_command_nobody_listed_is_hidden(line: str, pw: str) -> None:
    _hidden(line.format(pw=pw), pw)


@pytest.mark.parametrize("line", [
    "aws ssm put-parameter --name /shop/db/host --value db.internal --type String",
    "aws ssm get-parameter --name /shop/db/password --with-decryption",
    "echo v1.2.3 | tee token_version.txt",
    "docker login ghcr.io",
    "docker login localhost:5000 -u ci --password-stdin",
    "vault login -method=oidc",
    "bw unlock --passwordenv BW_PASSWORD",
    "poetry config http-basic.internal alice",
    "The login page2 form is in app/views",
    "The office VPN PSK is rotated by the platform team",
    "Set the community string in the inventory",
])
def test_the_same_commands_without_a_credential_stay(line: str) -> None:
    _kept(line)


def test_a_token_after_a_dotted_prefix_is_hidden() -> None:
    body = "BQ7vRk2mZx9LpW4nT8sYc3Jd6Fh1Gq5Ua0Ve2Xb7Nr4Ks9Mt3Pw6Hy8Lz1Cj5Dq2"
    _hidden(f"The sync job calls Dropbox with sl.{body} every night", body[:40])
    _kept("Call self.client.get_authenticated_user_profile_information_and_cache() once")


@pytest.mark.parametrize("line", [
    "      `\\\\[MSW\\\\] \\\\d{2} mutation Login \\\\(%c200 OK%c\\\\) color:inherit$`,",
    "$this->assertMatchesRegularExpression('/(testToken \\[\\d{4}-\\d{2}\\] .*){3}/', $c);",
    "type EncryptionKey [32]byte",
    "static void PPMD_SetAllBitsIn256Bytes(Byte *p)",
])
def test_code_of_real_repositories_stays(line: str) -> None:
    """Lines of the spent value splits' repositories (msw, monolog, restic, libarchive)
    that an early draft of these rules hid."""
    _kept(line)


@pytest.mark.parametrize("line", [
    "nuget setapikey {pw} -Source https://nuget.internal",
    "s3cmd --secret_key {pw} ls",
    "restic -r s3:x --password-command 'echo {pw}' backup",
    "passwordeval = \"printf {pw}\"",
])
@pytest.mark.parametrize("pw", [PW, WORD_PW])
def test_a_credential_flag_verb_or_printing_command_is_hidden(line: str, pw: str) -> None:
    _hidden(line.format(pw=pw), pw)


@pytest.mark.parametrize("line", [
    "git config user.signingkey 4F2A9C1E8B7D6A5F",
    "restic -r s3:x --password-command 'pass show restic' backup",
    "gpg --signing-key 0x4F2A9C1E backup.tar",
    "terraform output --secret-name db-password",
])
def test_a_key_id_a_password_manager_or_a_name_stays(line: str) -> None:
    _kept(line)


@pytest.mark.parametrize("pw", [PW, WORD_PW])
def test_a_short_flag_that_says_password_is_hidden(pw: str) -> None:
    """PuTTY's plink and pscp take -pw: a flag is a key, its name says password."""
    _hidden(f"plink -batch -pw {pw} till@10.20.0.5 uptime", pw)


def test_a_buildkit_secret_mount_names_where_the_secret_is_read_from() -> None:
    _kept("docker build --secret id=npmrc,src=$HOME/.npmrc -t shop .")
    _kept("docker buildx build --secret id=token,env=GITHUB_TOKEN .")

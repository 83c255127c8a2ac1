"""Principles that sealed13 (spent after its blind run) showed missing, each tested on other
tools, vendors and names than the attacks', with near misses that must stay:

- a value in a secret's place, told by the name beside it: a flag, a key or a constant whose
  name says salt, ticket, cookie or an access code (``--salt``, ``-setcookie``, ``--regcode``,
  ``TicketSalt``) holds a random value or hex of a key's length (forty digits too, as no
  fingerprint is given there); and a random run given to any flag, whatever its name, unless
  the flag names an id;
- a token behind a vendor's lower-case prefix, measured by its randomness (small letters
  with scattered digits), not by a list of prefixes;
- forty hex digits that the sentence calls a token: a commit is never called one."""

from __future__ import annotations

import pytest

from gitmemory.secrets import judging
from testing.attack_checks import fake
from testing.redaction import hidden, kept

HEX = "0123456789abcdef"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
BASE32 = "abcdefghijklmnopqrstuvwxyz234567"


# -- a value in a secret's place: the name beside it -----------------------------------------

@pytest.mark.parametrize(("command", "length"), [
    ("`pgbouncer-admin rotate --salt {}`", 32),
    ("`krb-join --host-ticket {} --realm CORP`", 40),
    ("`rabbitmq-server -setcookie {} -detached`", 40),
    ("`acme-agent enroll --activation-code={}`", 32),
])
def test_hex_given_to_a_flag_that_names_a_secrets_material_is_hidden(command: str,
                                                                    length: int) -> None:
    value = fake("", length, f"s13-flag-{command[:10]}", HEX)
    assert hidden(f"The node joined with {command.format(value)}", value)
    assert command.format(value).endswith("`") and hidden(command.format(value), value)


def test_a_code_spans_closing_backtick_stays_after_a_hidden_flag_value() -> None:
    value = fake("", 32, "s13-backtick", HEX)
    assert judging.hex_key(value)
    from gitmemory.secrets.redact import redact
    assert redact(f"run `vendorctl --api-key {value}` once")[0].endswith("]` once")


@pytest.mark.parametrize("line", [
    '+const AgentSalt = "{}"',
    "+session_cookie: {}",
    '+  "joinTicket": "{}",',
    "+JOIN_TICKET={}",
])
def test_hex_assigned_to_a_name_that_names_a_secrets_material_is_hidden(line: str) -> None:
    value = fake("", 40, f"s13-assigned-{line[:8]}", HEX)
    assert hidden(line.format(value) + "\n", value)


@pytest.mark.parametrize("text", [
    "`rsync --exclude-from list.txt --checksum-seed 42 src/ dst/`",
    "`curl --fail --retry 3 --ticket-id 4711 https://support.example/`",
    "`git push --set-upstream origin feature`",
    "+const RecvKeys = \"{}\"".format(fake("", 40, "s13-fpr", HEX)),  # a fingerprint
    "`gpg --recv-keys {}`".format(fake("", 40, "s13-recv", HEX)),
    "`app serve --exit-code 3 --country-code US --status-code 200`",
    "`sendmail -setsender ops@example.org -salt-file /etc/salt`",
])
def test_names_that_say_no_secret_and_settings_keep_their_values(text: str) -> None:
    assert kept(text)


@pytest.mark.parametrize("command", [
    "`zypper-register -r {} --email ops@example.org`",
    "`licensectl activate -k {}`",
    "`ERL_FLAGS=\"-cookie {} -sname dbg\" mix run`",
    "`node-agent --join={}`",
])
def test_a_random_run_given_to_any_flag_is_hidden(command: str) -> None:
    value = fake("", 24, f"s13-any-{command[:10]}", UPPER)
    assert judging.random_run(value)
    assert hidden(f"the host was set up with {command.format(value)}", value)


@pytest.mark.parametrize("text", [
    "`aws ec2 stop-instances --instance-ids I0ABC12DEF34567890ABCD`",
    "`tool --run-id 01ARZ3NDEKTSV4RRFFQ69G5FAV`",
    "`tool --since 01ARZ3NDEKTSV4RRFFQ69G5FAV`",  # a ULID: an id
    "`git cherry-pick -x {}`".format(fake("", 40, "s13-pick", HEX)),  # hex: a commit
    "`tr -d ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789`",  # an alphabet
    "`make -j4 TARGET=x86x64arm64linuxmusl`",
    "`gcc -DHTTP2_SERVER_V1_2020 -o out main.c`",
    "`cmake -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo`",
    "`pip install -r requirements-dev-python3-ubuntu2204.txt`",
    "`dc -e '1392264208061544125319235442110265068203P' | sh`",  # a number, one letter
    "`powershell -nop -enc SQBFAFgAIAAoAGkAdwByACAAaAB0AHQAcABzADoALwAvAHcA`",  # text
])
def test_ids_digests_and_names_given_to_flags_stay(text: str) -> None:
    assert kept(text)


# -- a token behind a vendor's lower-case prefix ---------------------------------------------

@pytest.mark.parametrize("token", [
    "wx_" + fake("", 34, "s13-wx", LOWER),
    "pk_v3_srv_" + fake("", 90, "s13-pk", BASE32),
    "kite-" + fake("", 36, "s13-kite", BASE32),
])
def test_a_lower_case_random_body_behind_a_prefix_is_hidden(token: str) -> None:
    body = token[-30:]
    assert hidden(f"Alerts are pushed to the phones with {token}", body)


@pytest.mark.parametrize("text", [
    "renamed test_parse_headers_when_the_body_is_longer_than_its_length",
    "see sha256-" + fake("", 44, "s13-sha", LOWER),
    "the image is app_" + "internationalizationandlocalization2024release",
    "the flag enable_experimental_ubuntu2204_support_for_arm64 is on",
])
def test_lower_case_names_and_digests_behind_a_prefix_stay(text: str) -> None:
    assert kept(text)


# -- forty hex digits that the sentence calls a token ----------------------------------------

@pytest.mark.parametrize("sentence", [
    "The survey forms are pulled with token {}",
    "the sync token is now {}",
    "The bot's secret {} is in the wiki",
    "the exports are read with the API key {}",
    "the secret key {} opens the bucket",
])
def test_forty_hex_digits_the_sentence_calls_a_token_are_hidden(sentence: str) -> None:
    value = fake("", 40, f"s13-prose-{sentence[:10]}", HEX)
    assert hidden(sentence.format(value), value)


@pytest.mark.parametrize("sentence", [
    "the token fix landed in commit {}",
    "Token refresh: see {}",
    "the signing key {} is the release key's fingerprint",
    "reverts the token change, {}",
    "my key {} is on the keyservers",
    "the public key {}",
])
def test_forty_hex_digits_a_sentence_names_otherwise_stay(sentence: str) -> None:
    assert kept(sentence.format(fake("", 40, f"s13-sha-{sentence[:10]}", HEX)))

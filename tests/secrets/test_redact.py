"""Secret redaction: every kind is found, references and shas stay, and redaction
is idempotent, linear and safe on diffs and on provider output."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gitmemory.secrets.redact import Finding, redact, scan
from testing.fake_secrets import FAKE, PRIVATE, alnum, pem_body

CORPUS = Path(__file__).parents[1] / "corpus"


def _cases() -> list[tuple[str, str, list[str]]]:
    """(rule, text, secrets that must vanish) from corpus/secrets.txt."""
    cases = []
    rule, lines = "", []
    for line in [*(CORPUS / "secrets.txt").read_text().splitlines(), "### end"]:
        if line.startswith("#") and not line.startswith("### "):
            continue
        if line.startswith("### "):
            if rule:
                cases.append(_fill(rule, "\n".join(lines)))
            rule, lines = line[4:].strip(), []
        else:
            lines.append(line)
    return cases


# <<name/a>> and <<name/b>> are a fake value cut after 14 characters (too short for any
# rule), <<name/c>> and <<name/d>> cut after 30 (the first half long enough on its own):
# each half must vanish.
_HALVES = {"a": slice(None, 14), "b": slice(14, None), "c": slice(None, 30), "d": slice(30, None)}


def _fill(rule: str, text: str) -> tuple[str, str, list[str]]:
    secrets = []
    for name, value in FAKE.items():
        if f"<<{name}>>" in text:
            text = text.replace(f"<<{name}>>", value)
            secrets.append(value)
        for half, part in _HALVES.items():
            if f"<<{name}/{half}>>" in text:
                text = text.replace(f"<<{name}/{half}>>", value[part])
                secrets.append(value[part])
    while "[[" in text:
        start = text.index("[[")
        end = text.index("]]", start)
        secrets.append(text[start + 2:end])
        text = text[:start] + text[start + 2:end] + text[end + 2:]
    return rule, text, secrets


CASES = _cases()


@pytest.mark.parametrize(("rule", "text", "secrets"), CASES,
                         ids=[f"{i}-{c[0]}" for i, c in enumerate(CASES)])
def test_each_kind_is_found_and_hidden(rule: str, text: str, secrets: list[str]) -> None:
    redacted, findings = redact(text)
    assert rule in {f.rule for f in findings}, (rule, findings, redacted)
    for secret in secrets:
        assert secret not in redacted
    assert f"[REDACTED:{rule}]" in redacted


def test_corpus_covers_every_kind_the_issue_names() -> None:
    kinds = {rule for rule, _, _ in CASES}
    named = {"aws-access-key", "aws-secret-key", "gcp-api-key", "azure-storage-key",
             "azure-sas-token", "github-token", "gitlab-token", "slack-token", "slack-webhook",
             "stripe-key", "anthropic-key", "openai-key", "npm-token", "pypi-token",
             "private-key", "url-password", "password-assignment", "secret-assignment",
             "authorization", "jwt", "high-entropy-assignment", "twilio-key", "sendgrid-key",
             "google-oauth-secret", "heroku-key", "digitalocean-token", "huggingface-token"}
    assert named <= kinds


NOT_SECRETS = [line for line in (CORPUS / "not_secrets.txt").read_text().splitlines()
               if line.strip() and not line.startswith("# ")]


@pytest.mark.parametrize("line", NOT_SECRETS)
def test_what_is_not_a_secret_stays(line: str) -> None:
    assert redact(line) == (line, [])


def test_a_realistic_diff_without_secrets_is_untouched() -> None:
    diff = (CORPUS / "clean.diff").read_text()
    assert scan(diff) == []


def test_url_password_keeps_user_and_host() -> None:
    password = FAKE["password"]
    redacted, _ = redact(f"+DATABASE_URL=postgresql://reporting:{password}@db-1.internal:5432/x")
    assert redacted == ("+DATABASE_URL=postgresql://reporting:[REDACTED:url-password]"
                        "@db-1.internal:5432/x")


def test_the_file_in_a_diff_header_tells_annotations_from_yaml() -> None:
    diff = "\n".join([
        "diff --git a/app/lexer.py b/app/lexer.py",
        "+    pseudo_token: Pattern",
        "+    password: hunter",
        "diff --git a/deploy/values.yaml b/deploy/values.yaml",
        "+    password: hunter",
    ])
    redacted, findings = redact(diff)
    assert [(f.rule, f.line) for f in findings] == [("password-assignment", 5)]
    assert redacted.endswith("+    password: [REDACTED:password-assignment]")


def test_a_long_secret_is_hidden_to_its_end() -> None:
    value = alnum(3000)
    redacted, _ = redact(f"+SECRET={value} # rotated")
    assert redacted == "+SECRET=[REDACTED:secret-assignment] # rotated"


def test_private_key_without_end_line_is_hidden_to_the_end_of_the_block() -> None:
    body = pem_body(5)
    diff = "\n".join([
        "diff --git a/deploy/key.txt b/deploy/key.txt",
        "@@ -0,0 +1,7 @@",
        f"+-----BEGIN RSA {PRIVATE}-----",
        *(f"+{line}" for line in body),
        "+",
        "+# the rest of the file",
        "diff --git a/README.md b/README.md",
    ])
    redacted, findings = redact(diff)
    assert [f.rule for f in findings] == ["private-key"]
    assert not any(line in redacted for line in body)
    assert "BEGIN RSA" not in redacted
    assert "+# the rest of the file\ndiff --git a/README.md b/README.md" in redacted


def test_private_key_cut_off_at_the_end_of_the_text_is_hidden_to_the_end() -> None:
    body = pem_body(3)
    text = f'key = "-----BEGIN {PRIVATE}-----\\n{body[0]}\\n{body[1]}\\n{body[2][:20]}'
    redacted, _ = redact(text)
    assert redacted == 'key = "[REDACTED:private-key]'


def test_findings_name_line_and_offsets_but_not_the_value() -> None:
    token = FAKE["ghp"]
    text = f"line one\n+TOKEN={token}\nline three"
    (found,) = scan(text)
    assert found == Finding("github-token", 2, text.index(token), text.index(token) + len(token))
    assert token not in repr(found)


def test_scan_and_redact_agree() -> None:
    text = "\n".join(t for _, t, _ in CASES)
    redacted, findings = redact(text)
    assert findings == scan(text)
    assert redacted.count("[REDACTED:") == len(findings)


def test_redacting_twice_changes_nothing() -> None:
    text = "\n".join(t for _, t, _ in CASES)
    once, _ = redact(text)
    assert redact(once) == (once, [])


_FRAGMENTS = [t for _, t, _ in CASES] + NOT_SECRETS + [
    "=", ":", '"', "'", " ", "\n", "+", "-", "@", "//", "${", "}", "[REDACTED:jwt]", "password",
    "token", "key", "Bearer ", "BEGIN", "-----", "://", "?", "&", ";", "#", "AKIA", "eyJ"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_FRAGMENTS), st.text(max_size=12)), max_size=12))
def test_redaction_is_idempotent_on_mixed_text(pieces: list[str]) -> None:
    once, _ = redact("".join(pieces))
    assert scan(once) == []
    assert redact(once)[0] == once


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(range(len(CASES))), min_size=1, max_size=8),
       st.lists(st.sampled_from(NOT_SECRETS), max_size=4))
def test_no_secret_survives_a_mixture_of_cases(picked: list[int], noise: list[str]) -> None:
    lines = [CASES[i][1] for i in picked] + noise
    redacted, _ = redact("\n".join(sorted(lines)))
    for i in picked:
        for secret in CASES[i][2]:
            assert secret not in redacted


def test_a_secret_split_across_lines_is_caught_once_a_model_rejoins_it() -> None:
    token = FAKE["ghp"]
    diff = "+    parts = [\n" + "".join(f'+        "{token[i:i + 14]}",\n' for i in (0, 14, 28)) \
        + "+    ]\n"
    assert scan(diff) == []  # no piece looks like anything on its own (under 16 each)
    answer = json.dumps({"extractions": [{
        "section": "facts", "confidence": 0.9,
        "content": f"CI authenticates to GitHub with the token {token}"}]})
    redacted, findings = redact(answer)
    assert [f.rule for f in findings] == ["github-token"]
    assert token not in redacted
    assert json.loads(redacted)["extractions"][0]["content"].endswith("[REDACTED:github-token]")


def test_a_hex_encoded_secret_is_hidden_as_written() -> None:
    """Hex of text is a layer as base64 is (an attacker's probe: `6768705f...` for a
    GitHub token went through whole); a hash or a key in hex decodes to no text and
    stays, and the decoded form is caught on its own."""
    key = FAKE["sk_ant"]
    blob = key.encode().hex()
    assert [f.rule for f in scan(f'+FIXTURE_BLOB = "{blob}"\n')] == ["encoded-secret"]
    assert scan("+EXPECTED_SHA256 = \"" + "9f" * 32 + "\"\n") == []
    redacted, findings = redact(f"The fixture decodes to {key}, an Anthropic key.")
    assert [f.rule for f in findings] == ["anthropic-key"]
    assert key not in redacted


def test_a_base64_encoded_secret_is_hidden_as_written() -> None:
    """Base64 is a layer the scan reads through (gitmemory.secrets.layers)."""
    blob = base64.b64encode(FAKE["sk_ant"].encode()).decode()
    assert [f.rule for f in scan(f'+FIXTURE_BLOB = "{blob}"\n')] == ["encoded-secret"]


def test_pathological_inputs_finish() -> None:
    """No expression backtracks catastrophically: these would hang for hours if one did.

    Run in a child process with a generous limit: a hang guard, not a speed claim
    (bench/redact_throughput.py measures speed).
    """
    code = (
        "from gitmemory.secrets.redact import scan\n"
        "n = 100_000\n"
        "for text in ['a' * n, 'password=' * (n // 9), '://a:' * (n // 5), '-' * n,\n"
        "             '-----BEGIN PRIVATE KEY-----\\n' * (n // 28), 'key' * n, '<' + 'a' * n,\n"
        "             ('A' * 64 + '\\n') * (n // 65), 'Authorization: ' * (n // 15),\n"
        "             'curl ' + 'x ' * n, 'eyJ' + 'a' * n + '.eyJ', 'secret_' * (n // 7),\n"
        "             '\"' * n, 'token = \"' + '\\\\' * n, 'a@' * n, 'sk-' + '-' * n,\n"
        "             'ENV ' * n, '\\n+' * n, 'password is ' * (n // 12),\n"
        "             'mc ' * n, '/u:x ' + '/p:' * n, \"'a', \" * n, 'kty d: ' * n,\n"
        "             '\u05e1\u05d9\u05e1\u05de\u05d4 ' * n, 'a=b ' * n, 'ab-' + 'Ab1+' * n,\n"
        "             '-u x ' * n + '-p y1', '-u x -p y1 ' * n, '-a x ' * n]:\n"
        "    scan(text)\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False, cwd=Path(__file__).parents[2])
    assert done.stdout.strip() == "ok", done.stderr


def test_random_secret_in_a_random_place_of_a_long_line() -> None:
    value = alnum(40)
    line = "x" * 5000 + f' client_secret="{value}" ' + "y" * 5000
    redacted, _ = redact(line)
    assert value not in redacted


@pytest.mark.parametrize("name", ["ghp", "xoxb", "sk_live", "akia"])
def test_a_complete_token_at_a_line_end_leaves_the_next_line_alone(name: str) -> None:
    text = f"rotated {FAKE[name]}\nwhich the bot used\n+and Then3 more"
    redacted, _ = redact(text)
    assert FAKE[name] not in redacted
    assert redacted.endswith("\nwhich the bot used\n+and Then3 more")


def test_both_halves_of_a_wrapped_token_go_and_line_numbers_stay() -> None:
    token = FAKE["ghp"]
    text = f"subject\n\nUse the token {token[:20]}\n{token[20:]} for deploys\nthird line"
    redacted, findings = redact(text)
    assert token[:20] not in redacted and token[20:] not in redacted
    assert redacted.count("\n") == text.count("\n")
    assert redacted.endswith(" for deploys\nthird line")
    assert [f.line for f in findings] == [3, 4]


def test_a_secret_a_neighbouring_match_swallowed_is_found_in_the_same_call() -> None:
    """Found by Hypothesis: the second of two adjacent findings hid the assignment that
    followed it until a second pass; one call now leaves nothing for another."""
    text = ("+    password: the user's password, checked at login"
            "docker login -u acme --password-stdin <<< dckr_pat_1nXsbhFfjeHNrvx7oCNJO7zvQt4"
            "+SECRET_KEY = 'django-insecure-U5ZtLOLKMMVnt0XnPh37pcHewnNQOvDT'")
    once, _ = redact(text)
    assert "U5ZtLOLKMMVnt0XnPh37pcHewnNQOvDT" not in once
    assert scan(once) == []


def test_a_wrapped_token_after_a_key_block_is_found_in_the_same_call() -> None:
    """Found by Hypothesis: a token wrapped onto the next line, right after a private key
    block, showed only once the block was a marker; the lines either side of a marker
    are scanned again."""
    text = ("+-----BEGIN RSA PRIVATE KEY-----\n+MIIEowIBAAKCAQEAu8Yy2kq72o0I8H2ofOgJatV5zxPER"
            "w4NmBoa1DAeZpcDpYvx92sCY+mzAuzFxh2865X1Uhf0dPJ2xgH5rWk3FWwzkKOi5g==\n+2o0I8H2ofO"
            "gJatV5zxPERw4NmBoa1DAeZpcDpYvx92sCY+mzAuzFxh2865X1Uhf0dPJ2xgH5rWk3FWwzkKOi5g==\n"
            "+-----END RSA PRIVATE KEY-----The deploy bot uses the token ghp_6ouMBxZy3E\n"
            "xWyd9Bg56tOAa2IIi4qqhgjiYu until the vault migration")
    once, _ = redact(text)
    assert "6ouMBxZy3E" not in once and "xWyd9Bg56tOAa2IIi4qqhgjiYu" not in once
    assert scan(once) == []


def test_the_hot_path_screen_lets_no_case_of_the_corpus_through() -> None:
    """folded.may_hide decides, without loading a rule, that a line needs no redaction:
    it must never say so of a line redaction changes."""
    from gitmemory.secrets import folded

    for rule, text, _ in _cases():
        for line in text.split("\n"):
            if redact(line)[0] != line:
                assert folded.may_hide(line), (rule, line)
    for value in FAKE.values():
        line = f"the value is {value} here"
        assert folded.may_hide(line) or redact(line)[0] == line, value


def test_a_password_other_than_the_user_beside_it_is_still_found() -> None:
    """The default account rule ("user=postgres password=postgres") is no way round: a
    password that is not its user's name is a secret, on the same line or in a DSN."""
    line = 'export DB="host=localhost user=postgres password=Hv7kQ2xNp9Wc dbname=t"'
    assert "Hv7kQ2xNp9Wc" not in redact(line)[0]
    assert "Tr0ub4dor" not in redact("the password is Tr0ub4dor&3 (ask ops)")[0]


def test_a_marker_after_credential_is_not_read_as_a_user_and_a_password() -> None:
    # "credential [REDACTED:secret-in-text]": the marker's colon once split it into a
    # user and a password, and a second pass nested a marker in the first
    value = "1a620e9c" + "44627a722dde563b0cdba189"
    done = redact(f"use credential {value} now")[0]
    assert done == "use credential [REDACTED:secret-in-text] now"
    assert redact(done)[0] == done


def test_a_long_line_of_credential_cells_is_read_in_linear_time() -> None:
    """A 45 kB line of "password," cells took 18 s: each cell was a table's header whose
    rows were read to the end of the line (issue 31, "Bounded time")."""
    import time

    started = time.process_time()
    scan("x (" + "password," * 5000)
    assert time.process_time() - started < 2


def test_a_text_redacted_before_is_not_scanned_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A memorize redacts an item's text where its source read it and again as the memory
    is assembled: the second answer is the first, and each caller owns its findings."""
    from gitmemory.secrets import redact as module

    text = f"deploy with token {FAKE['ghp']} today"
    scanned: list[str] = []
    real = module.scan
    monkeypatch.setattr(module, "_KEPT", {})
    monkeypatch.setattr(module, "scan", lambda t: (scanned.append(t), real(t))[1])
    first, found = redact(text)
    assert scanned[0] == text and "[REDACTED:" in first
    once = len(scanned)
    found.append(Finding("mine", 1, 0, 1))
    assert redact(text) == (first, found[:-1])
    assert len(scanned) == once


def test_a_token_spelled_a_character_at_a_time_is_hidden() -> None:
    """An attacker's probe: an AWS key id written `A K I A ...`, a space between its
    characters, went through whole; such a run is read joined (gitmemory.secrets.layers).
    Letters spaced out that spell no secret stay."""
    key = FAKE["akia"]
    redacted, findings = redact(f"key {' '.join(key)} please")
    assert [f.rule for f in findings] == ["encoded-secret"]
    assert key[4:] not in redacted.replace(" ", "")
    assert scan("the grid: a b c d e f g h i j k l m n o p q r s t") == []


def test_a_database_address_without_its_scheme_hides_its_password() -> None:
    """SeisComP takes its database as ``sysop:<password>@toktogul/seiscomp`` (``scxmldump
    -d``, ``dbstore.read =`` in scmaster.cfg), a URL without its scheme, on a host with no
    dot in its name: the password reached the remote and the model (sealed30)."""
    pw = "Xq7hGk2L" + "mPz9Rt4B"
    for text in (f"Dump one event: `scxmldump -d sysop:{pw}@toktogul/seiscomp -E gfz2026`",
                 f"queues.production.processors.messages.dbstore.read = sysop:{pw}@toktogul/"
                 "seiscomp"):
        out, _ = redact(text)
        assert pw not in out and "sysop:" in out and "@toktogul/seiscomp" in out, out
    assert redact("see note:Refs@team/x")[0] == "see note:Refs@team/x"


def test_a_session_cookie_named_by_its_web_stack_is_a_secret() -> None:
    """A Java portal's ``;jsessionid=`` path parameter lets its holder in as the one who
    signed in (sealed30); ``session_id`` in code stays."""
    sid = "E8937A1C" + "5D2B4F60A9E8C7D6B5A4F3E2"
    out, _ = redact(f"open https://portal.example.kg/cap/inbox;jsessionid={sid}?lang=ky")
    assert sid not in out and "https://portal.example.kg/cap/inbox;jsessionid=" in out, out
    assert redact("session_id=42")[0] == "session_id=42"


def test_a_password_by_its_shape_ends_at_a_comma_of_its_lines_script() -> None:
    """A Uyghur sentence put the password straight before an Arabic comma ("...پارولى
    <password>، ..."): the shape rule took the comma for part of a longer word (sealed30)."""
    pw = "Tz6Mq8Rv" + "3Kw7Hn2B"
    for text in (f"ساندانىنىڭ يېڭى پارولى {pw}، ئۇنى ھېچكىمگە دېمە",
                 f"数据库的新口令 {pw}。不要告诉任何人"):
        assert pw not in redact(text)[0], text

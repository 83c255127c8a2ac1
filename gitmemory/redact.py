"""Finding and hiding secrets in text (SPEC §8, "Secrets").

:func:`redact` replaces each secret with ``[REDACTED:<rule>]`` and says what
it found; :func:`scan` only finds.  The pipeline runs them on three kinds of
text: commit messages and diffs before any provider call, the provider's
answer (a model can re-join or decode what the first pass missed), and the
memory files and ``CLAUDE.md`` before a push, where a finding blocks the push
and is reported by file, line and rule, never by value.

Redaction leans towards catching too much: a hidden placeholder costs little,
a leaked key costs a rotation.  What stays: git shas, UUIDs outside secret
assignments, references (``os.environ["PW"]``, ``${DB_PASSWORD}``,
``settings.SECRET_KEY``), placeholders (``<password>``, ``***``), empty
values, and markers left by an earlier pass, so redacting twice changes
nothing.  The rules: :mod:`gitmemory.secret_patterns` (tokens known by
shape), :mod:`gitmemory.secret_assign` (values assigned to secret-looking
names) and the structural ones here (private key blocks, URL passwords,
authorization headers and friends).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from gitmemory import secret_assign, secret_values
from gitmemory.secret_patterns import TOKEN_RULES, WORD

PLACEHOLDER = "[REDACTED:{}]"

# Lower number wins the name when two findings overlap (their union is hidden).
_KEY, _TOKEN, _STRUCTURE, _ASSIGNMENT, _PROSE = range(5)
_Span = tuple[int, int, int, str]  # start, end, priority, rule


@dataclass(frozen=True)
class Finding:
    """One secret: the rule that found it, its 1-based line, and its offsets in the text."""

    rule: str
    line: int
    start: int
    end: int


def scan(text: str) -> list[Finding]:
    """Every secret in ``text``, in order, overlapping findings merged."""
    findings = []
    line, counted = 1, 0
    for start, end, _priority, rule in _merge(_candidates(text)):
        line += text.count("\n", counted, start)
        counted = start
        findings.append(Finding(rule, line, start, end))
    return findings


def _merge(spans: Iterator[_Span]) -> list[_Span]:
    """Overlapping spans become their union, named by the most specific rule."""
    merged: list[_Span] = []
    for span in sorted(s for s in spans if s[0] < s[1]):
        if merged and span[0] < merged[-1][1]:
            start, end, priority, rule = merged[-1]
            if span[2] < priority:
                priority, rule = span[2], span[3]
            merged[-1] = (start, max(end, span[1]), priority, rule)
        else:
            merged.append(span)
    return merged


def redact(text: str) -> tuple[str, list[Finding]]:
    """``text`` with each secret replaced by ``[REDACTED:<rule>]``, and the findings.

    A secret that spans lines (a private key) leaves its line breaks, with the
    marker on its last line: every other line keeps its number, and what follows
    the secret on that line still follows something, as it did before.
    """
    findings = scan(text)
    if not findings:
        return text, findings
    out = []
    pos = 0
    for found in findings:
        out.append(text[pos:found.start])
        out.append("\n" * text.count("\n", found.start, found.end))
        out.append(PLACEHOLDER.format(found.rule))
        pos = found.end
    out.append(text[pos:])
    return "".join(out), findings


def _candidates(text: str) -> Iterator[_Span]:
    lowered = lower(text)
    yield from _private_keys(text)
    yield from _key_material(text)
    yield from _tokens(text)
    yield from _structures(text, lowered)
    for start, end, rule in secret_assign.find(text, lowered):
        yield start, end, _ASSIGNMENT, rule


_ASCII_LOWER = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}


def lower(text: str) -> str:
    """``text`` in lower case with every offset unchanged (``str.lower`` may grow "İ")."""
    lowered = text.lower()
    return lowered if len(lowered) == len(text) else text.translate(_ASCII_LOWER)


def _tokens(text: str) -> Iterator[_Span]:
    for rule in TOKEN_RULES:
        if rule.keyword and rule.keyword not in text:
            continue
        for m in rule.pattern.finditer(text):
            start = m.start()
            if rule.bounded and start and (text[start - 1] in WORD
                                           or secret_values.after_marker(text, start)):
                continue
            if rule.check == "letters" and not secret_values.mixed_case_letters(
                    m.group(m.lastindex or 0)):
                continue
            yield m.start(rule.group), m.end(rule.group), _TOKEN, rule.name


# --- private keys -----------------------------------------------------------------------

_BEGIN = re.compile(r"BEGIN[ A-Z0-9_-]{0,40}?PRIVATE KEY(?: BLOCK)?|PuTTY-User-Key-File-\d+:")
_END = re.compile(r"END[ A-Z0-9_-]{0,40}?PRIVATE KEY(?: BLOCK)?[ \t]*-*"
                  r"|Private-MAC:[ \t]*[0-9a-fA-F]+")
_PEM_HEADERS = ("proc-type:", "dek-info:", "comment:")
_DIFF_HEADERS = ("diff --git ", "@@ ", "+++ ", "--- ", "index ")


def _private_keys(text: str) -> Iterator[_Span]:
    """The whole block from BEGIN to END; without END, to the end of the block or text."""
    if "PRIVATE KEY" not in text and "PuTTY-User-Key-File-" not in text:
        return
    begins = [m for m in _BEGIN.finditer(text) if _dashes_before(text, m.start()) is not None
              or m.group().startswith("PuTTY")]
    for i, m in enumerate(begins):
        start = _dashes_before(text, m.start())
        start = m.start() if start is None else start
        limit = begins[i + 1].start() if i + 1 < len(begins) else len(text)
        end_match = _END.search(text, m.end(), limit)
        end = end_match.end() if end_match else _block_end(text, m.end(), limit)
        yield start, end, _KEY, "private-key"


def _dashes_before(text: str, pos: int) -> int | None:
    i = pos
    if i and text[i - 1] == " ":
        i -= 1
    j = i
    while j > 0 and text[j - 1] == "-" and i - j < 10:
        j -= 1
    return j if i - j >= 2 else None


def _block_end(text: str, pos: int, limit: int) -> int:
    """Where a key body with no END line stops: a blank line or a diff header."""
    end = text.find("\n", pos, limit)
    if end == -1:
        return limit
    after_header = False
    while end < limit:
        nxt = text.find("\n", end + 1, limit)
        line = text[end + 1:limit if nxt == -1 else nxt]
        if line.startswith(_DIFF_HEADERS):
            return end
        content = line[1:].strip() if line[:1] in "+- " else line.strip()
        if not content and not after_header:
            return end
        after_header = content.lower().startswith(_PEM_HEADERS)
        if nxt == -1:
            return limit
        end = nxt
    return limit


_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_HEX_ONLY = frozenset("0123456789abcdefABCDEF")
_OPENSSH_BODY = re.compile(r"b3BlbnNzaC1rZXktdjE[A-Za-z0-9+/=]*")


def _key_material(text: str) -> Iterator[_Span]:
    """Base64 key bodies whose BEGIN line is missing (a hunk that starts mid-key):
    four or more lines of exactly 64 base64 characters, and the short line after."""
    run_start = run_end = -1
    lines = 0
    pos = 0
    for line in text.split("\n"):
        content = line[1:].strip() if line[:1] in "+- " else line.strip()
        if len(content) == 64 and not content.strip(_B64) and not set(content) <= _HEX_ONLY:
            if lines == 0:
                run_start = pos
            lines += 1
            run_end = pos + len(line)
        else:
            if lines >= 4:
                tail = content.rstrip("=")
                if tail and len(tail) < 64 and not tail.strip(_B64):
                    run_end = pos + len(line)
                yield run_start, run_end, _KEY, "key-material"
            lines = 0
        pos += len(line) + 1
    if lines >= 4:
        yield run_start, run_end, _KEY, "key-material"
    if "b3BlbnNzaC1rZXktdjE" in text:
        for m in _OPENSSH_BODY.finditer(text):
            yield m.start(), m.end(), _KEY, "key-material"


# --- URLs, headers, command lines, prose -----------------------------------------------

# The expressions below run on the lower-cased text (same offsets) and start with a
# literal, so that ``re`` can skip to candidates; values are read from the original.
_URL_PASSWORD = re.compile(r"://([^\s:/?#@'\"<>\[\]]*):([^\s/?#'\"<>]+)@")
_AUTHORIZATION = re.compile(
    r"authorization[\"']?[ \t]*[:=][ \t]*(?:[rbfu]?[\"'])?[ \t]*"
    r"(?:(?:bearer|basic|token|bot|digest|apikey|api-key|sso-key|key|negotiate|ntlm)[ \t]+)?"
    r"([^\s\"',;]+)")
_SCHEMES = frozenset({"bearer", "basic", "token", "bot", "digest", "apikey", "api-key", "sso-key",
                      "key", "negotiate", "ntlm"})
_BEARER = re.compile(r"bearer[ \t]+([a-z0-9\-._~+/]{16,}=*)")
_CLI_FLAG = re.compile(
    r"-(?:-?)(password|passwd|pass|pwd|token|secret|api-key|apikey|access-token|auth-token"
    r"|client-secret|secret-key|access-key)(?![\w-])[ \t]+(?!-)(\S+)")
_CURL_USER = re.compile(r"curl(?=[ \t])[^\n]{0,300}?[ \t](?:-u|--user)[ \t]+[\"']?[^\s:\"']+:"
                        r"([^\s\"']+)")
_NETRC = re.compile(r"password[ \t]+(\S+)")
_XML = re.compile(r"<([\w:.\-]{0,40}(?:pass|pwd|secret|token|key|credential)[\w:.\-]{0,40})>"
                  r"([^<\n]{1,400})</\1>")
_DOTNET = re.compile(r"key[ \t]*=[ \t]*\"([^\"\n]{1,80})\"[ \t]+value[ \t]*=[ \t]*\"([^\"\n]*)\"")
_DOCKER_ENV = tuple(re.compile(word + r"[ \t]+([a-z_][\w.]*)[ \t]+([^\s=][^\n]*)")
                    for word in ("env", "arg"))
_AUTH_TUPLE = re.compile(r"auth[ \t]*[=(][ \t]*\(?[ \t]*([\"'])[^\"'\n]{0,100}\1[ \t]*,[ \t]*"
                         r"([\"'])([^\"'\n]{1,200})\2")
_PASSWORD_TEXT = re.compile(r"pass(?:word|wd|phrase|code)[ \t]+(?:is|was|to)[ \t]+[\"'`]?"
                            r"([^\s\"'`,;]{4,})")
_SECRET_TEXT = tuple(re.compile(word + r"[ \t]+(?:is|was)[ \t]+[\"'`]?([^\s\"'`,;]{12,})")
                     for word in ("secret", "token", "key"))
_LITERAL = (secret_values.PASSWORD, True)  # any literal value is a secret
_RANDOM = (secret_values.ENTROPY, False)  # only a random-looking value is


def _structures(text: str, lowered: str) -> Iterator[_Span]:
    for m in _URL_PASSWORD.finditer(text):
        if secret_values.is_secret(m.group(2), True, _LITERAL, []):
            yield m.start(2), m.end(2), _STRUCTURE, "url-password"
    for m in _AUTHORIZATION.finditer(lowered):
        value = text[m.start(1):m.end(1)]
        if len(value) >= 6 and value.lower() not in _SCHEMES and secret_values.is_secret(
                value, True, _LITERAL, []):
            yield m.start(1), m.end(1), _STRUCTURE, "authorization"
    for m in _BEARER.finditer(lowered):
        if _mixed(text[m.start(1):m.end(1)]) and _bounded(lowered, m.start()):
            yield m.start(1), m.end(1), _STRUCTURE, "bearer-token"
    yield from _commands(text, lowered)
    yield from _markup(text, lowered)
    yield from _prose(text, lowered)


def _commands(text: str, lowered: str) -> Iterator[_Span]:
    for m in _CLI_FLAG.finditer(lowered):
        if _bounded(lowered, m.start(), "-"):
            yield from _judged(m, text, quoted=False)
    for m in _CURL_USER.finditer(lowered):
        if secret_values.is_secret(text[m.start(1):m.end(1)], True, _LITERAL, []):
            yield m.start(1), m.end(1), _STRUCTURE, secret_values.PASSWORD
    for m in _NETRC.finditer(lowered):
        if _netrc_line(lowered[_line_start(lowered, m.start()):m.start()]) and \
                secret_values.is_secret(text[m.start(1):m.end(1)], True, _LITERAL, []):
            yield m.start(1), m.end(1), _STRUCTURE, secret_values.PASSWORD
    for word, pattern in zip(("ENV", "ARG"), _DOCKER_ENV, strict=True):
        if word not in text:
            continue
        for m in pattern.finditer(lowered):
            lead = text[_line_start(lowered, m.start()):m.start()]
            if text.startswith(word, m.start()) and not lead.lstrip("+- \t"):
                yield from _judged(m, text, quoted=False, rest=True)


def _netrc_line(before: str) -> bool:
    """``machine <host> [login <user>]`` (or ``default``, or ``login <user>``) before "password"."""
    words = before[1:].split() if before[:1] in "+- " else before.split()
    if len(words) == 2:
        return words[0] in ("machine", "default", "login", "account")
    return len(words) == 4 and words[0] in ("machine", "default") and words[2] in (
        "login", "account")


def _markup(text: str, lowered: str) -> Iterator[_Span]:
    for m in _XML.finditer(lowered):
        yield from _judged(m, text, quoted=True)
    for m in _DOTNET.finditer(lowered):
        yield from _judged(m, text, quoted=True)
    for m in _AUTH_TUPLE.finditer(lowered):
        if secret_values.is_secret(text[m.start(3):m.end(3)], True, _LITERAL, []):
            yield m.start(3), m.end(3), _STRUCTURE, secret_values.PASSWORD


def _prose(text: str, lowered: str) -> Iterator[_Span]:
    for m in _PASSWORD_TEXT.finditer(lowered):
        value = text[m.start(1):m.end(1)].rstrip(".:!?)")
        if _bounded(lowered, m.start()) and _password_like(value):
            yield m.start(1), m.start(1) + len(value), _PROSE, "password-in-text"
    for pattern in _SECRET_TEXT:
        for m in pattern.finditer(lowered):
            value = text[m.start(1):m.end(1)].rstrip(".:!?)")
            if secret_values.is_secret(value, True, _RANDOM, []):
                yield m.start(1), m.start(1) + len(value), _PROSE, "secret-in-text"


def _line_start(text: str, pos: int, window: int = 300) -> int:
    """Start of the line holding ``pos``, looked for at most ``window`` characters back."""
    return text.rfind("\n", max(0, pos - window), pos) + 1 or max(0, pos - window)


def _bounded(lowered: str, start: int, also: str = "") -> bool:
    return not start or (lowered[start - 1] not in WORD and lowered[start - 1] not in also
                         and not secret_values.after_marker(lowered, start))


def _judged(m: re.Match[str], text: str, quoted: bool, rest: bool = False) -> Iterator[_Span]:
    """A (name, value) pair found by a structural rule (groups 1 and 2), judged like an
    assignment."""
    name = text[m.start(1):m.end(1)]
    strength = secret_values.classify(name)
    if strength is None:
        return
    start, end = m.start(2), m.end(2)
    value = text[start:end]
    if rest:
        value = value.split(" #")[0].rstrip()
        end = start + len(value)
    if value[:1] in "\"'" and value[-1:] == value[:1] and len(value) > 1:
        start, end, value, quoted = start + 1, end - 1, value[1:-1], True
    if secret_values.is_secret(value, quoted, strength, secret_values.parts(name)):
        yield start, end, _STRUCTURE, strength[0]


def _mixed(value: str) -> bool:
    has_digit = any(c.isdigit() for c in value)
    has_alpha = any(c.isalpha() for c in value)
    return (has_digit and has_alpha) or secret_values.looks_random(value)


def _password_like(value: str) -> bool:
    """Prose such as "the password is hunter2": a word with a digit, symbol or inner capital."""
    if not secret_values.is_secret(value, False, _LITERAL, []):
        return False
    return any(not c.isalpha() for c in value) or any(c.isupper() for c in value[1:])

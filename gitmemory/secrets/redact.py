"""Finding and hiding secrets in text (docs/design.md, "Invariants").

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
nothing.  The rules: :mod:`gitmemory.secrets.patterns` (tokens known by
shape), :mod:`gitmemory.secrets.assignments` (values assigned to secret-looking
names), :mod:`gitmemory.secrets.contextual` (URL passwords, authorization
headers, command lines, config markup, prose; with
:mod:`gitmemory.secrets.tools`, :mod:`gitmemory.secrets.positions` and
:mod:`gitmemory.secrets.defines` for command lines, :mod:`gitmemory.secrets.nested` for
credentials nested under a credential's key, :mod:`gitmemory.secrets.placed` for a value in
a credential's place in a sentence), :mod:`gitmemory.secrets.bodies` (a file
whose body is one secret, known by its name or the value's shape), the private key
blocks here, :mod:`gitmemory.secrets.byte_keys` (key material as an array of byte
literals), and :mod:`gitmemory.secrets.layers` (a document inside a string, escaped,
percent-encoded or base64, scanned by all of these).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import (
    assignments,
    bodies,
    byte_keys,
    codes,
    contextual,
    judging,
    labelled,
    layers,
    passphrases,
    split,
    structured,
)
from gitmemory.secrets.patterns import (
    TOKEN_RULES,
    WORD,
    bare_tokens,
    base64_blobs,
    dotted_tokens,
    long_runs,
    mixed_tokens,
    prefixed_tokens,
    tilde_tokens,
)

PLACEHOLDER = "[REDACTED:{}]"

# Lower number wins the name when two findings overlap (their union is hidden).
_KEY, _TOKEN, _STRUCTURE, _ASSIGNMENT, _PROSE, _GENERIC = range(6)
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
    return _scan(text, 0)


def _scan(text: str, depth: int) -> list[Finding]:
    """:func:`scan` of a text ``depth`` layers inside another (:mod:`layers`)."""
    findings = []
    line, counted = 1, 0
    for start, end, _priority, rule in _merge(s for s in _candidates(text, depth)
                                              if not _default_account(text, s)
                                              and not _checksum(text, s)
                                              and not _published_key(text, s)):
        line += text.count("\n", counted, start)
        counted = start
        findings.append(Finding(rule, line, start, end))
    return findings


# "user=postgres password=postgres": the user's name given again as its password
_USER_VALUE = lazy_regex(r"\b(?:user(?:name)?|login)\s*[=:]\s*[\"']?([^\s\"';&]+)", re.I)


_NEAR = 200  # characters of a password's line read for the user's name beside it


def _default_account(text: str, span: _Span) -> bool:
    """Whether a password found is the user name beside it on its line, given again: a
    local service's default account (``host=localhost user=postgres password=postgres``
    in a contributing guide), which a guide states for everyone to type, not a secret."""
    start, end, _, rule = span
    if rule not in (judging.PASSWORD, "password-in-text"):
        return False
    # the line, at most _NEAR characters either side: a long line of passwords would have
    # each read it whole (11,000 of them took 19 s)
    line_start = text.rfind("\n", max(0, start - _NEAR), start) + 1 or max(0, start - _NEAR)
    line_end = text.find("\n", end, end + _NEAR)
    line = text[line_start:min(len(text), end + _NEAR) if line_end == -1 else line_end]
    value = text[start:end].strip("\"'")
    return any(m.group(1) == value for m in _USER_VALUE.finditer(line))


# A setting whose name calls its value a public key (Nix's ``trusted-public-keys = host-1:
# <base64>``, minisign's ``PUBKEY=...``): published by design, however random it looks.
_SETTING_NAME = lazy_regex(r"[ \t]*(?:export[ \t]+)?[\"']?([A-Za-z][\w.-]*)[\"']?[ \t]*[:=]")


def _published_key(text: str, span: _Span) -> bool:
    """Whether a finding of no known token format is the value of a setting its line's
    name calls a public key (the words ``public``/``pub`` and ``key``/``keys``, and none
    that says private or secret)."""
    start, _end, priority, _rule = span
    if priority <= _TOKEN:
        return False
    line_start = text.rfind("\n", max(0, start - _NEAR), start) + 1
    named = _SETTING_NAME.match(text, line_start, start)
    between = text[named.end():start].lower() if named else ""
    if named is None or "=" in between or ": " in between or "priv" in between or \
            "secret" in between:
        return False  # "public_key: x, private_key: y": the second value is not the first's
    words = judging.name_parts(named.group(1))
    joined = "".join(words)
    return ("public" in words or "pub" in words or "pubkey" in joined) and (
        "key" in joined) and not any(w in ("private", "secret", "priv", "sec") for w in words)


# A digest named by its hash, glued to the name (go.sum's ``h1:<base64>=``, a lock file's
# ``sha512-<base64>`` integrity, an image's ``sha256:<hex>``), and a version range that a
# package file binds to a dependency whose name sounds secret (``"registry-auth-token":
# "^5.0.2"``, ``path-key: ^3.1.0``): a checksum file's and a lock file's fields are no
# secrets, whatever rule read them.
_DIGEST_PREFIX = lazy_regex(r"(?:\b(?:h1|sha(?:1|224|256|384|512)|sha3-\d{3}|md5|blake2[bs]|"
                            r"blake3|xxh(?:64|3))[:\-])\Z", re.I)
_DIGEST_START = lazy_regex(r"(?:h1|sha(?:1|224|256|384|512)|sha3-\d{3}|md5|blake2[bs]|blake3"
                           r"|xxh(?:64|3))[:\-][A-Za-z0-9+/_\-]{16,}={0,2}\Z", re.I)
_VERSION_RANGE = lazy_regex(r"[\"']?(?:\^|~|[<>]=?)[ ]?v?\d+(?:\.[\dx*]+){0,3}"
                            r"(?:-[0-9A-Za-z.]+)?[\"']?\Z")


def _checksum(text: str, span: _Span) -> bool:
    """Whether a finding is a named digest or a version range (see :data:`_DIGEST_PREFIX`);
    a private key's block and a vendor's token format are never one."""
    start, end, priority, _rule = span
    if priority <= _TOKEN:
        return False
    value = text[start:end]
    return bool(_DIGEST_PREFIX.search(text, max(0, start - 12), start)) or bool(
        _DIGEST_START.match(value)) or bool(_VERSION_RANGE.match(value))


def _merge(spans: Iterable[_Span]) -> list[_Span]:
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

    A pure function of the text, so each answer is kept for the process (up to
    :data:`_MOST_KEPT` characters): a memorize redacts an item's text where its source
    read it and again as the memory is assembled, and a path as each item cites it.
    """
    kept = _KEPT.get(text)
    if kept is None:
        done, findings = _redacted(text)
        kept = (done, tuple(findings))
        _KEPT_CHARS[0] += len(text)
        if _KEPT_CHARS[0] > _MOST_KEPT:
            _KEPT.clear()
            _KEPT_CHARS[0] = len(text)
        _KEPT[text] = kept
    return kept[0], list(kept[1])


_KEPT: dict[str, tuple[str, tuple[Finding, ...]]] = {}  # a text -> what redact answered
_KEPT_CHARS = [0]  # the characters of the texts kept
_MOST_KEPT = 4_000_000


def _redacted(text: str) -> tuple[str, list[Finding]]:
    findings = scan(text)
    done = _replace(text, findings)
    more = findings
    for _ in range(_MAX_PASSES - 1):
        # Two rules can claim one stretch, and the one that loses may hide a secret
        # next to it that the other rule's match swallowed; once the first secret is
        # a marker, the second shows.  Redact until nothing is left, so one call is
        # as good as two (redacting twice changes nothing).
        if not more:
            break
        more = _scan_near_markers(done)
        done = _replace(done, more)
        findings = findings + more
    return done, findings


def _scan_near_markers(text: str) -> list[Finding]:
    """Findings on the lines that hold a marker and the lines either side of them: only
    there can a pass have changed what the rules see (a token wrapped onto the next line
    is one finding across two lines)."""
    windows: list[list[int]] = []
    pos = text.find(PLACEHOLDER[:10])
    while pos != -1:
        start = text.rfind("\n", 0, text.rfind("\n", 0, pos)) + 1  # the line before
        end = text.find("\n", pos)
        end = len(text) if end == -1 else end
        after = text.find("\n", end + 1)
        end = len(text) if after == -1 or end == len(text) else after  # the line after
        if windows and start <= windows[-1][1]:
            windows[-1][1] = max(windows[-1][1], end)
        else:
            windows.append([start, end])
        pos = text.find(PLACEHOLDER[:10], end)
    found: list[Finding] = []
    for start, end in windows:
        line = text.count("\n", 0, start)
        found += [Finding(f.rule, f.line + line, f.start + start, f.end + start)
                  for f in scan(text[start:end])]
    return found


_MAX_PASSES = 3


def _replace(text: str, findings: list[Finding]) -> str:
    if not findings:
        return text
    out = []
    pos = 0
    for found in findings:
        out.append(text[pos:found.start])
        out.append("\n" * text.count("\n", found.start, found.end))
        out.append(PLACEHOLDER.format(found.rule))
        pos = found.end
    out.append(text[pos:])
    return "".join(out)


def _layered(inner: str, depth: int) -> list[tuple[int, int, str]]:
    return [(f.start, f.end, f.rule) for f in _scan(inner, depth)]


def _candidates(text: str, depth: int) -> Iterator[_Span]:
    lowered = lower(text)
    # A value is judged on what a second pass would see: up to the first secret found
    # inside it by a more specific rule (by then a marker), so that redaction is idempotent.
    found = [*_private_keys(text), *_key_material(text), *_sexp_keys(text),
             *_commented_keys(text, lowered), *_tokens(text),
             *((start, end, _TOKEN, rule) for start, end, rule in split.find(text)),
             *((start, end, _TOKEN, rule) for start, end, rule in split.find_grouped(text)),
             *((start, end, _STRUCTURE, rule) for start, end, rule in bodies.find(text)),
             *((start, end, _STRUCTURE, byte_keys.RULE)
               for start, end in byte_keys.find(text, lowered)),
             *((start, end, _STRUCTURE, rule)
               for start, end, rule in layers.find(text, depth, _layered)),
             *((start, end, _STRUCTURE, judging.PASSWORD)
               for start, end in passphrases.find(text, lowered))]
    hidden = sorted((start, end) for start, end, _, _ in found)
    found += [(start, _glued_end(text, end), _PROSE, rule) if prose else
              (start, end, _STRUCTURE, rule)
              for start, end, rule, prose in contextual.find(text, lowered, hidden)]
    yield from found
    hidden = sorted((start, end) for start, end, _, _ in found)
    for start, end, rule in assignments.find(text, lowered, hidden):
        yield start, end, _ASSIGNMENT, rule
    # Last and weakest: a token of no known format, known by its shape alone.  A rule that
    # knows more names what it overlaps, and judges values as if it were not there.
    for start, end in prefixed_tokens(text, judging.random_body, judging.random_capitals):
        yield start, end, _GENERIC, "prefixed-token"
    if "." in text:
        for start, end in dotted_tokens(text, judging.looks_random):
            yield start, end, _GENERIC, "prefixed-token"
    if "~" in text:
        for start, end in tilde_tokens(text, judging.looks_random):
            yield start, end, _GENERIC, "prefixed-token"
    for start, end in structured.structured_tokens(text, judging.looks_random):
        yield start, end, _GENERIC, "structured-token"
    if "-" in text or "_" in text:
        for start, end in structured.prefixed_uuids(text):
            yield start, end, _GENERIC, "prefixed-token"
    if "-" in text or "_" in text:
        for start, end in structured.worded_tokens(text, judging.random_run):
            yield start, end, _GENERIC, "prefixed-token"
        for start, end in labelled.find(text, lowered):
            yield start, end, _GENERIC, labelled.RULE
    if "-" in text:
        for start, end in codes.find(text):
            yield start, end, _GENERIC, codes.RULE
        for start, end in structured.regional_keys(text):
            yield start, end, _GENERIC, "prefixed-token"
    if "/" in text:
        for start, end in structured.segmented_tokens(text, judging.random_run):
            yield start, end, _GENERIC, "prefixed-token"
    if "-" in text:
        for start, end in structured.vendor_tokens(text, judging.looks_random):
            yield start, end, _GENERIC, "prefixed-token"
    for start, end in structured.key_pairs(text, judging.looks_random, judging.entropy):
        if not _overlaps(hidden, start, end):  # AKIA.../<secret>: the rules that know more
            yield start, end, _GENERIC, "key-pair"
    for start, end in base64_blobs(text, judging.random_bytes):
        if not _overlaps(hidden, start, end):  # AKIA.../<secret>: the rules that know more
            yield start, end, _GENERIC, "prefixed-token"
    if " " in text or "-" in text:
        for start, end in _grouped_secrets(text):
            yield start, end, _GENERIC, "grouped-secret"
    runs = long_runs(text)
    for start, end in bare_tokens(text, runs, judging.entropy):
        yield start, end, _GENERIC, "prefixed-token"
    for start, end in mixed_tokens(text, runs, judging.random_token):
        yield start, end, _GENERIC, "prefixed-token"


# A secret written for reading: four or more groups of four to six letters and digits,
# parted by one separator throughout ("Ab3d Ef9h Jk2m Np4q", a recovery code's
# "k3Jd9-Xq2mP-..."): every reader joins them again.
_GROUPS = lazy_regex(r"(?<![\w-])[A-Za-z0-9]{4,6}(?:[ -][A-Za-z0-9]{4,6}){3,}(?![\w-])")


def _grouped_secrets(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each run of groups (:data:`_GROUPS`) of one length and one
    separator whose letters and digits, joined, are drawn at random, with digits and at
    least two groups that mix both cases: a fingerprint's hex groups, words in capitals
    and an advisory's id (``GHSA-9wx4-h78v-vm56``) are no such run."""
    for m in _GROUPS.finditer(text):
        value = m.group()
        separators = {c for c in value if c in " -"}
        groups = value.replace("-", " ").split(" ")
        joined = "".join(groups)
        mixed = sum(any(c.islower() for c in g) and any(c.isupper() for c in g)
                    for g in groups)  # an id's prefix ("GHSA-9wx4-h78v") mixes nothing
        if len(separators) == 1 and len({len(g) for g in groups[:-1]}) == 1 and \
                len(groups[-1]) <= len(groups[0]) and mixed >= 2 and \
                any(c.isdigit() for c in joined) and judging.random_run(joined):
            yield m.start(), m.end()


# Marks a generated secret may hold among its letters and digits (issue 31, the seventeenth
# sealed part: a Sentinel Hub client secret drawn on ",.:;!?" as well): in prose, where no
# syntax delimits a value, the rules read a token's alphabets and stop at the first such
# mark, so a value a sentence gives runs on through marks glued inside it to the end of its
# word.  What closes the sentence or a quote after the word is left, and a mark that only
# ends the value ("secret X.", "token X:") glues nothing.
_GLUED_MARKS = frozenset(",.:;!?@#$%^&*~|=+-_/\\")
_WORD_ENDS = frozenset("\"'`()[]{}<>")
_SENTENCE_MARKS = ".,:;!?"


def _glued_end(text: str, end: int) -> int:
    """Where a value found in prose ending at ``end`` ends, marks glued inside it read
    through (:data:`_GLUED_MARKS`)."""
    if end >= len(text) or text[end] not in _GLUED_MARKS:
        return end
    stop = end
    while stop < len(text) and not text[stop].isspace() and text[stop] not in _WORD_ENDS:
        stop += 1
    while stop > end and text[stop - 1] in _SENTENCE_MARKS:
        stop -= 1
    return stop if any(ch.isalnum() for ch in text[end:stop]) else end


def _overlaps(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether any of the sorted ``spans`` overlaps ``start``..``end``."""
    i = bisect.bisect_left(spans, (start, start))
    return (i > 0 and spans[i - 1][1] > start) or (i < len(spans) and spans[i][0] < end)


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
                                           or judging.after_marker(text, start)):
                continue
            if rule.check == "letters" and not judging.mixed_case_letters(
                    m.group(m.lastindex or 0)):
                continue
            if m.group().endswith("EXAMPLE"):  # AWS's documentation key, AKIAIOSFODNN7EXAMPLE
                continue
            yield m.start(rule.group), m.end(rule.group), _TOKEN, rule.name


# --- private keys -----------------------------------------------------------------------

# Any armoured block whose label says key and not public: PRIVATE KEY in its forms, PGP
# SECRET KEY, OpenVPN's "Static key V1" (a label names what the block holds).
_BEGIN = lazy_regex(r"BEGIN ([ A-Za-z0-9_]{0,40}?(?:KEY|[Kk]ey)(?: BLOCK| V\d)?)[ \t]*-{2,}"
                    r"|BEGIN[ A-Z0-9_-]{0,40}?PRIVATE KEY(?: BLOCK)?|PuTTY-User-Key-File-\d+:")
_END = lazy_regex(r"END [ A-Za-z0-9_]{0,40}?(?:KEY|[Kk]ey)(?: BLOCK| V\d)?[ \t]*-*"
                  r"|END[ A-Z0-9_-]{0,40}?PRIVATE KEY(?: BLOCK)?[ \t]*-*"
                  r"|Private-MAC:[ \t]*[0-9a-fA-F]+")
_PUBLIC_LABEL = ("PUBLIC", "Public", "public")
_KEY_BODY = lazy_regex(r"[A-Za-z0-9+/]{32}")
_PEM_HEADERS = ("proc-type:", "dek-info:", "comment:")
_DIFF_HEADERS = ("diff --git ", "@@ ", "+++ ", "--- ", "index ")


def _private_keys(text: str) -> Iterator[_Span]:
    """The whole block from BEGIN to END; without END, to the end of the block or text."""
    if "BEGIN" not in text and "PuTTY-User-Key-File-" not in text:
        return
    begins = [m for m in _BEGIN.finditer(text) if (
        _dashes_before(text, m.start()) is not None or m.group().startswith("PuTTY"))
        and not any(word in m.group() for word in _PUBLIC_LABEL)]
    for i, m in enumerate(begins):
        start = _dashes_before(text, m.start())
        start = m.start() if start is None else start
        limit = begins[i + 1].start() if i + 1 < len(begins) else len(text)
        end_match = _END.search(text, m.end(), limit)
        end = end_match.end() if end_match else _block_end(text, m.end(), limit)
        if _KEY_BODY.search(text, m.end(), end):  # not just a mention of the BEGIN line
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
_OPENSSH_BODY = lazy_regex(r"b3BlbnNzaC1rZXktdjE[A-Za-z0-9+/=]*")


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


# --- keys written as S-expressions -------------------------------------------------------

# libgcrypt's S-expressions (issue 31, the seventeenth sealed part: Guix's signing-key.sec;
# GnuPG's private-keys-v1.d and lsh write the same): ``(private-key (ecc (curve ...) (q
# #...#) (d #...#)))``, numbers as ``#hex#`` or ``|base64|``.  A block that opens as a private
# key (``protected-`` and ``shadowed-`` ones too) is hidden whole, as an armoured one is;
# where a hunk shows no head, ``(d #...#)``, the private scalar or exponent every algorithm
# names ``d``, is hidden alone.
_SEXP_HEAD = lazy_regex(r"\((?:protected-|shadowed-)?private-key(?![\w-])")
_SEXP_NUMBER = lazy_regex(r"#[0-9A-Fa-f \t\r\n+]{32,}#|\|[A-Za-z0-9+/= \t\r\n]{24,}\|")
_SEXP_D = lazy_regex(r"\(d[ \t\r\n+]+(#[0-9A-Fa-f]{32,}#|\|[A-Za-z0-9+/=]{24,}\|)")
_SEXP_REACH = 20_000  # characters a block is read for its closing bracket


def _sexp_keys(text: str) -> Iterator[_Span]:
    if "private-key" in text:
        for m in _SEXP_HEAD.finditer(text):
            end = _sexp_end(text, m.start())
            if _SEXP_NUMBER.search(text, m.end(), end):
                yield m.start(), end, _KEY, "private-key"
    if "(d" in text:
        for m in _SEXP_D.finditer(text):
            yield m.start(1), m.end(1), _KEY, "private-key"


def _sexp_end(text: str, start: int) -> int:
    """Where the S-expression opened at ``start`` closes (numbers and strings skipped); cut
    off, the end of its last number."""
    depth, pos, last = 0, start, start
    limit = min(len(text), start + _SEXP_REACH)
    while pos < limit:
        ch = text[pos]
        if ch in "#|\"":
            close = text.find(ch, pos + 1, limit)
            if close == -1:
                break
            pos = last = close
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return pos + 1
        pos += 1
    return max(last + 1, start)


# --- a key file whose comment line says what its body is --------------------------------

# minisign's and signify's key files (and the like) open with a comment line that names
# the key, then hold its base64 on the next line: ``untrusted comment: minisign encrypted
# secret key`` / ``RWRTY0Iy...``.  The line after a comment that says secret or private key
# (and nothing of a public one) is hidden when it is base64 of random bytes; the key
# file's format, not a vendor, says so.
_KEY_NOUN = lazy_regex(r"(?:secret|private)[ \t]+key\b")  # read in lower case
_COMMENT_MARKS = ("untrusted comment:", "#", "//", "--", ";")
_KEY_LINE = lazy_regex(r"[+ ]?[ \t]*([A-Za-z0-9+/]{40,}={0,2})[ \t]*(?:\n|\Z)")


def _commented_keys(text: str, lowered: str) -> Iterator[_Span]:
    if " key" not in lowered:
        return
    for m in _KEY_NOUN.finditer(lowered):
        line_start = text.rfind("\n", 0, m.start()) + 1
        line_end = text.find("\n", m.end())
        if line_end == -1 or m.start() - line_start > 120:
            continue
        comment = lowered[line_start:line_end]
        if not any(mark in comment[:m.start() - line_start]
                   for mark in _COMMENT_MARKS) or "public" in comment:
            continue
        body = _KEY_LINE.match(text, line_end + 1)
        if body and judging.random_bytes(body.group(1).rstrip("=")):
            yield body.start(1), body.end(1), _KEY, "private-key"

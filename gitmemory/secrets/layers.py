"""Text carried inside other text, read out and scanned as what it is.

A file format may carry a whole second document in one of its strings: an Uptime Kuma
backup keeps each notification's settings as JSON inside a JSON string
(``"config": "{\\"spryngApiKey\\":\\"...\\"}"``), an Ignition config keeps a file's contents
as a ``data:`` URL (``data:,dbPassword%20%3D%20%22...%22``), a Kubernetes secret or a CI
variable keeps a whole ``.env`` or a connection string as base64.  Every rule of the scan
knows the inner document's shape; none sees it through the escapes.  So each layer is
read out and the inner text scanned with every rule (docs/design.md, "Invariants"):

- backslash escapes, on a line that holds an escaped quote or an escaped printable ASCII
  character (``\\"`` ``\\\\`` ``\\n`` ``\\t`` ``\\/`` ``\\uXXXX`` ``\\xXX``: JSON's, and
  most languages' string literals);
- percent escapes and character references, spaces and line breaks included (the
  reading view, :mod:`gitmemory.secrets.reading`, leaves those as written so that no
  token is split where none was; an encoded document is made of them), on every route,
  as read or not;
- base64 (standard or URL-safe) of UTF-8 text, and base64 wrapped over lines one under
  another; hex of printable text (a hash in hex decodes to bytes that are no text);
- string literals joined by ``+`` or side by side (``"-----BEGIN " + "PRIVATE KEY..."``,
  ``"ghp_" "..."``), read as the one string they make;
- a token spelled a character at a time, a space between (``A K I A ...``), read joined;
- an argument vector written as a YAML list (``args:`` / ``- --db-password`` / ``- X``):
  its items, one a line, read as the command line they make, so every flag's rule reads
  them (a JSON array of them is one line already).

A secret found in an escaped line is hidden where its characters were written; one found
in base64 hides the whole run, whose characters cannot be told apart.  Layers nest (JSON
in JSON in JSON, base64 of a percent-encoded URL): the inner text is scanned by the same
scan, layers included, to :data:`DEPTH` levels.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable, Iterator

from gitmemory import escapes
from gitmemory.lazy_regex import lazy_regex

DEPTH = 3  # layers read one inside another

_Found = tuple[int, int, str]  # start, end, rule
Scan = Callable[[str, int], list[_Found]]  # text, depth

_SIMPLE = {'"': '"', "'": "'", "\\": "\\", "/": "/", "n": "\n", "t": "\t", "r": "\r",
           "`": "`"}
_HEX = frozenset("0123456789abcdefABCDEF")


def find(text: str, depth: int, scan: Scan) -> Iterator[_Found]:
    """(start, end, rule) in ``text`` of each secret an inner layer holds; ``scan`` is the
    whole scan, called with ``depth + 1``."""
    if depth >= DEPTH:
        return
    if "\\" in text:
        yield from _inner(_lines(text, _BACKSLASH_ESCAPE), _unescaped, depth, scan)
    if ("%" in text or "&" in text) and escapes.has_escape(text):
        yield from _inner(_lines(text, _ESCAPE), _unpercented, depth, scan)
    if "- -" in text:
        yield from _argument_lists(text, depth, scan)
    if '" ' in text or "' " in text or '"\n' in text or "'\n" in text or '""' in text:
        yield from _joined_strings(text, depth, scan)
    if " " in text:
        yield from _spaced_out(text, depth, scan)
    yield from _base64(text, depth, scan)


# A token written a character at a time with a space between (``A K I A 4 ...``): read
# joined.  Sixteen characters at the least, a token's shortest body.
_SPACED = lazy_regex(r"(?<!\S)(?:[A-Za-z0-9+/_\-=.:@] ){15,}[A-Za-z0-9+/_\-=.:@](?!\S)")


def _spaced_out(text: str, depth: int, scan: Scan) -> Iterator[_Found]:
    """Findings of each run of single characters with a space between, read as the word
    they spell."""
    for m in _SPACED.finditer(text):
        if scan(m.group().replace(" ", ""), depth + 1):
            yield m.start(), m.end(), "encoded-secret"


# -- escaped lines ------------------------------------------------------------------------

# An escaped quote (a string inside a string), or an escape of a printable ASCII character
# (``\x70assword``): an escape of a control or a non-ASCII character (``\x00``, ``\u20ac``),
# common in code, hides no ASCII name or token.
# And an escaped line break before a run of base64: a key's or a config's lines kept as one
# string (``"-----BEGIN ...\\nMIIE...\\n..."``, a JSON file's PEM body with no header).
_BACKSLASH_ESCAPE = lazy_regex(r"\\[\"'`]|\\x[2-7][0-9a-fA-F]|\\u00[2-7][0-9a-fA-F]"
                               r"|\\n[A-Za-z0-9+/]{40}")


# What may open a percent escape or a character reference (:func:`escapes.has_escape`
# judges the line it stands on).
_ESCAPE = lazy_regex(r"%[0-9A-Fa-f]{2}|&#?[0-9A-Za-z]{1,32};")


def _lines(text: str, mark: re.Pattern[str]) -> list[tuple[int, str]]:
    """(offset, line) of each line of ``text`` where ``mark`` is found."""
    picked: list[tuple[int, str]] = []
    for m in mark.finditer(text):
        if picked and m.start() < picked[-1][0] + len(picked[-1][1]):
            continue  # a line already picked
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.end())
        picked.append((start, text[start:len(text) if end == -1 else end]))
    return picked


def _inner(lines: list[tuple[int, str]],
           decode: Callable[[str], list[tuple[str, int, int]]],
           depth: int, scan: Scan) -> Iterator[_Found]:
    """Findings of the decoded ``lines``, scanned as one text, at their raw offsets."""
    pieces = [[(value, offset + start, offset + end) for value, start, end in decode(line)]
              for offset, line in lines]
    if any(len(piece) != len(line) for piece, (_o, line) in zip(pieces, lines, strict=True)):
        yield from _scanned(pieces, "\n", depth, scan)


def _scanned(pieces: list[list[tuple[str, int, int]]], separator: str, depth: int,
             scan: Scan, keep: Callable[[str, int, int], bool] | None = None
             ) -> Iterator[_Found]:
    """Findings of ``pieces`` (each character with its raw start and end) joined by
    ``separator`` and scanned as one text, at their raw offsets; ``keep`` (the inner text,
    a finding's start and end in it) picks the findings kept."""
    chars: list[str] = []
    spans: list[tuple[int, int]] = []  # each inner character's raw start and end
    for piece in pieces:
        if chars and piece and separator:
            chars.append(separator)
            spans.append((spans[-1][1], piece[0][1]))
        for value, start, end in piece:
            chars.append(value)
            spans.append((start, end))
    inner = "".join(chars)
    for start, end, rule in scan(inner, depth + 1):
        if end > start and (keep is None or keep(inner, start, end)):
            yield spans[start][0], spans[end - 1][1], rule


def _unescaped(line: str) -> list[tuple[str, int, int]]:
    """Each character of ``line`` with its backslash escapes decoded, and where it was."""
    out: list[tuple[str, int, int]] = []
    pos = 0
    while pos < len(line):
        value, width = _escape(line, pos) if line[pos] == "\\" else (line[pos], 1)
        out.append((value, pos, pos + width))
        pos += width
    return out


def _escape(line: str, pos: int) -> tuple[str, int]:
    """The character the backslash escape at ``pos`` stands for and its width; a backslash
    that escapes nothing known stands for itself."""
    nxt = line[pos + 1:pos + 2]
    value: str | None = _SIMPLE.get(nxt) if nxt else None
    width = 2
    if nxt and nxt in "ux":
        digits = 4 if nxt == "u" else 2
        code = line[pos + 2:pos + 2 + digits]
        if len(code) == digits and set(code) <= _HEX:
            value, width = chr(int(code, 16)), 2 + digits
    if value is None or not (value.isprintable() or value in "\n\t\r"):
        return "\\", 1
    return value, width


def _unpercented(line: str) -> list[tuple[str, int, int]]:
    """Each character of ``line`` with its percent escapes and character references
    decoded, whitespace included, and where it was."""
    out: list[tuple[str, int, int]] = []
    pos = 0
    for start, end, value in _escapes(line):
        out += [(line[at], at, at + 1) for at in range(pos, start)]
        out += [(ch, start, end) for ch in value]
        pos = end
    out += [(line[at], at, at + 1) for at in range(pos, len(line))]
    return out


def _escapes(line: str) -> list[tuple[int, int, str]]:
    """(start, end, value) of each run of percent escapes (UTF-8) and each character
    reference in ``line`` that decodes to text, whitespace included."""
    found = [(start, end, value) for start, end, value in escapes.spans(line, spaces=True)
             if line[start] == "&"] if "&" in line else []
    at = line.find("%")
    while at != -1:
        end = at
        while line[end:end + 1] == "%" and len(line[end + 1:end + 3]) == 2 and \
                set(line[end + 1:end + 3]) <= _HEX:
            end += 3
        if end > at:
            value = bytes.fromhex(line[at:end].replace("%", "")).decode("utf-8", "replace")
            if "\ufffd" not in value and all(ch.isprintable() or ch.isspace() for ch in value):
                found.append((at, end, value))
        at = line.find("%", max(end, at + 1))
    return sorted(found)


# -- string literals joined ----------------------------------------------------------------

# Two or more string literals joined by ``+`` or standing side by side (Python's, C's and
# Go's implicit or explicit concatenation), over lines too: a key or a token written in
# pieces is one string to whoever runs the code.  A comma between them makes a list.
_LITERAL = r"(?:\"(?:[^\"\\\n]|\\.){0,2000}\"|'(?:[^'\\\n]|\\.){0,2000}')"
_JOINED = lazy_regex(_LITERAL + r"(?:[ \t]*(?:\+[ \t]*)?(?:\r?\n[+ ]?[ \t]*(?:\+[ \t]*)?)?"
                     + _LITERAL + r")+")
_ONE = lazy_regex(_LITERAL)
_MIN_JOINED = 16  # characters a joined string needs to hold a secret of its own


_PLUS_AFTER = lazy_regex(r"[ \t]*\+")
_PLUS_BEFORE = lazy_regex(r"\+[ \t]*\Z")


def _joined_strings(text: str, depth: int, scan: Scan) -> Iterator[_Found]:
    """Findings of each run of joined literals.  Where an expression joins the run too
    (``"TOKEN=" + "ghp" + "_" + random(36)``), the string is cut there, and a value in the
    word the cut ends is cut too, no secret: only what stands clear of it is kept."""
    for m in _JOINED.finditer(text):
        pieces = []
        for literal in _ONE.finditer(text, m.start(), m.end()):
            start = literal.start() + 1
            pieces.append([(value, start + a, start + b)
                           for value, a, b in _unescaped(literal.group()[1:-1])])
        if sum(len(piece) for piece in pieces) < _MIN_JOINED:
            continue
        cut_before = _PLUS_BEFORE.search(text, max(0, m.start() - 8), m.start()) is not None
        cut_after = _PLUS_AFTER.match(text, m.end()) is not None

        def clear(inner: str, start: int, end: int, before: bool = cut_before,
                  after: bool = cut_after) -> bool:
            return not (before and not _WORD_END.search(inner, 0, start)) and not (
                after and not _WORD_END.search(inner, end))

        yield from _scanned(pieces, "", depth, scan, clear)


_PLUS_AFTER = lazy_regex(r"[ \t]*\+")
_PLUS_BEFORE = lazy_regex(r"\+[ \t]*\Z")
_WORD_END = lazy_regex(r"[\s\"'`=:,;()\[\]{}<>]")


# -- an argument vector written as a list ---------------------------------------------------

# A YAML block sequence's item on a line of its own, a scalar (a Kubernetes container's
# ``args:``, a compose service's ``command:``, an Ansible ``argv:``).
_ITEM = lazy_regex(r"^[+ ]?([ \t]*)-[ \t]+([\"']?)([^\s\"'#][^\n\"']{0,400}?)\2[ \t]*\r?$",
                   re.MULTILINE)


def _argument_lists(text: str, depth: int, scan: Scan) -> Iterator[_Found]:
    """Findings of each block sequence that holds a flag (``- --db-password`` / ``- X``),
    its items read as the one command line they are."""
    block: list[re.Match[str]] = []
    for m in [*_ITEM.finditer(text), None]:
        if m is not None and block and m.group(1) == block[-1].group(1) and \
                text.count("\n", block[-1].end(), m.start()) == 1:
            block.append(m)
            continue
        if len(block) >= 2 and any(b.group(3).startswith("-") for b in block):
            yield from _scanned([[(text[at], at, at + 1) for at in range(b.start(3), b.end(3))]
                                 for b in block], " ", depth, scan)
        block = [m] if m is not None else []


# -- base64 -------------------------------------------------------------------------------

_RUN = lazy_regex(r"(?<![A-Za-z0-9+/_\-])[A-Za-z0-9+/_\-]{16,}={0,2}(?![A-Za-z0-9+/_\-=])")
_MIN_TEXT = 10  # decoded characters: a name, an operator and a value at the least


def _base64(text: str, depth: int, scan: Scan) -> Iterator[_Found]:
    """Findings of each run of base64 read alone, and of each block of runs that are whole
    lines one under another (``base64`` wraps its output at 76 characters, a YAML block
    scalar keeps the lines), every line but the last of one length, read joined."""
    block: list[re.Match[str]] = []
    for m in _RUN.finditer(text):
        inner = _decoded_text(m.group())
        if inner is not None and scan(inner, depth + 1):
            yield m.start(), m.end(), "encoded-secret"
        if not _whole_line(text, m):
            yield from _block(block, depth, scan)
            block = []
        elif block and text.count("\n", block[-1].end(), m.start()) == 1 and \
                len(block[-1].group()) == len(block[0].group()) and \
                not block[-1].group().endswith("="):
            block.append(m)
        else:
            yield from _block(block, depth, scan)
            block = [m]
    yield from _block(block, depth, scan)


_LINE_HEAD = frozenset("+- \t")


def _whole_line(text: str, m: re.Match[str]) -> bool:
    """Whether the run ``m`` is its line's whole content (a diff's marker and indentation
    aside), in the standard alphabet."""
    if (m.start() and text[m.start() - 1] not in "+- \t\n") or text[m.end():m.end() + 1] not in (
            "", "\n", "\r", " ", "\t"):
        return False
    start = text.rfind("\n", 0, m.start()) + 1
    end = text.find("\n", m.end())
    return not set(text[start:m.start()]) - _LINE_HEAD and not text[
        m.end():len(text) if end == -1 else end].strip() and "-" not in m.group() and \
        "_" not in m.group()


def _block(block: list[re.Match[str]], depth: int, scan: Scan) -> Iterator[_Found]:
    if len(block) >= 2:
        inner = _decoded_text("".join(m.group() for m in block))
        if inner is not None and scan(inner, depth + 1):
            yield block[0].start(), block[-1].end(), "encoded-secret"


def _decoded_text(run: str) -> str | None:
    """The UTF-8 text ``run`` is base64 or hex of, or None (binary, or neither)."""
    if len(run) >= 2 * _MIN_TEXT and len(run) % 2 == 0 and _HEX.issuperset(run):
        return _hex_text(run)
    body = run.rstrip("=")
    if len(body) % 4 == 1 or body.isalpha() or body.isdigit():
        return None  # no base64's length, or a word or a number
    alphabet = "-_" if ("-" in body or "_" in body) else "+/"
    if alphabet == "-_" and ("+" in body or "/" in body):
        return None
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), altchars=alphabet.encode(),
                               validate=True)
        inner = raw.decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    return inner if len(inner) >= _MIN_TEXT and _printable(inner) else None


def _printable(text: str) -> bool:
    """Text, not bytes that happen to decode: every character printable or a blank."""
    return all(ch.isprintable() or ch in "\n\r\t" for ch in text)


def _hex_text(run: str) -> str | None:
    """The printable text ``run`` is hex of (``6768705f...`` for ``ghp_...``), or None: a
    hash or a key in hex decodes to bytes that are not text."""
    try:
        inner = bytes.fromhex(run).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    return inner if _printable(inner) else None

"""Secrets assigned to secret-looking names, in any of the usual notations.

Code (``password = "..."``, ``apiKey: '...'``, ``os.environ["TOKEN"] = ...``),
``.env`` and shell (``DB_PASSWORD=...``, ``export TOKEN=...``), ini and Java
properties (``db.password = ...``), YAML (``secret: ...``), JSON
(``"api_key": "..."``), URL queries and connection strings
(``?token=...&``, ``;Password=...;``), with or without a leading diff marker.

The expression only finds "a secret word, the rest of a name, an operator";
the name is completed backwards and both name and value are judged in
:mod:`gitmemory.secret_values`, where references and placeholders are told
apart from literals.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from gitmemory import secret_values as sv

# Runs on the lower-cased text (same offsets as the original).  The name's tail is matched
# possessively: no operator or quote character can be part of it, so giving characters back
# could never help, and not trying keeps "keykeykey..." linear.
_CANDIDATE = re.compile(
    r"(?:pass|pw|secret|token|cred|key|auth|salt|signature|cookie|session|dsn)"
    r"[a-z0-9_.\-]{0,60}+(?P<close>[\"'\]]{0,2})[ \t]{0,8}"
    r"(?P<op>:=|=>|==|!=|\?=|=|:(?![:/]))[ \t]{0,8}")
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
_LINE_PREFIXES = ("", "-", "export", "set", "declare", "readonly", "local", "env", "const",
                  "let", "var", "val")
_ANNOTATION = re.compile(r"[A-Za-z_][\w\[\]., |]*?[ \t]*=(?!=)[ \t]*")
_TYPE_START = re.compile(r"(?:str|string|String|bytes|Optional|SecretStr|Secret|Any)\b")
_QUOTES = "\"'`"
_WINDOW = 1000
# A quoted value: up to the closing quote, backslash escapes skipped.
_QUOTED = {q: re.compile(rf"(?:[^{q}\\\n]|\\.)*") for q in _QUOTES}
_BARE = {stops: re.compile(rf"[^\s{re.escape(stops)}]*") for stops in ("", "\"'", "&;#\"'")}
_OPENERS = {")": "(", "]": "[", "}": "{"}
_STRING_PREFIXES = "rbfuRBFU"


def find(text: str, lowered: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, rule) of each secret value assigned to a secret-looking name.

    ``lowered`` is ``text`` in lower case with the same offsets.
    """
    done = 0  # candidates inside a value already hidden are not looked at again
    for m in _CANDIDATE.finditer(lowered):
        if m.start() < done:
            continue
        start = _name_start(text, m.start())
        if _inside_marker(text, start):
            continue
        name = text[start:m.start("close")].strip(".-")
        strength = sv.classify(name)
        if strength is None:
            continue
        found = _value(text, m.end(), start, m.group("op"), m.start("op") > m.end("close"))
        if found is None:
            continue
        vstart, vend, quoted = found
        marker = text.find("[REDACTED:", vstart, vend)
        if marker != -1:  # an earlier pass hid what follows: judge only what comes before
            vend = marker
            if vend == vstart:
                continue
        if sv.is_secret(text[vstart:vend], quoted, strength, sv.parts(name)):
            done = vend
            yield vstart, vend, strength[0]


def _name_start(text: str, pos: int) -> int:
    low = max(0, pos - 80)
    while pos > low and text[pos - 1] in _NAME_CHARS:
        pos -= 1
    return pos


def _inside_marker(text: str, start: int) -> bool:
    """The name is a marker's rule name, or the tail of a name whose head was hidden."""
    return text.endswith("[REDACTED:", 0, start) or sv.after_marker(text, start)


def _line_bounds(text: str, pos: int) -> tuple[int, int]:
    """The line around ``pos``, looked for no further than :data:`_WINDOW` characters away
    (a value longer than that is cut; the window keeps a huge one-line input linear)."""
    line_start = text.rfind("\n", max(0, pos - _WINDOW), pos) + 1 or max(0, pos - _WINDOW)
    line_end = text.find("\n", pos, pos + _WINDOW)
    return line_start, min(len(text), pos + _WINDOW) if line_end == -1 else line_end


def _value(text: str, pos: int, name_start: int, op: str,
           spaced: bool) -> tuple[int, int, bool] | None:
    """(start, end, quoted) of the value that begins at ``pos``."""
    line_start, line_end = _line_bounds(text, pos)
    if pos >= line_end:
        return None
    quoted = _quoted(text, pos, line_end)
    if quoted:
        return quoted
    before = text[name_start - 1] if name_start else "\n"
    if before in "?&;":
        return _bare(text, pos, line_end, "&;#\"'")
    prefix = text[line_start:name_start]
    if prefix[:1] in "+- ":
        prefix = prefix[1:]
    at_line_start = prefix.strip().lower() in _LINE_PREFIXES
    if op == ":":
        annotated = _ANNOTATION.match(text, pos, line_end)
        if annotated and _TYPE_START.match(text, pos, annotated.end()):
            return _quoted(text, annotated.end(), line_end) or _bare(
                text, annotated.end(), line_end, "")
    if at_line_start and (op == ":" or spaced):
        return _rest_of_line(text, pos, line_end)
    return _bare(text, pos, line_end, "\"'")


def _quoted(text: str, pos: int, line_end: int) -> tuple[int, int, bool] | None:
    if text[pos] in _STRING_PREFIXES and pos + 1 < line_end and text[pos + 1] in _QUOTES:
        pos += 1
    if text[pos] not in _QUOTES:
        return None
    m = _QUOTED[text[pos]].match(text, pos + 1, line_end)
    assert m is not None  # the expressions match the empty string
    return pos + 1, m.end(), True


def _bare(text: str, pos: int, line_end: int, stops: str) -> tuple[int, int, bool] | None:
    if sv.is_code(text[pos:line_end]):
        return pos, line_end, False
    m = _BARE[stops].match(text, pos, line_end)
    assert m is not None
    return _trimmed(text, pos, m.end())


def _trimmed(text: str, pos: int, end: int) -> tuple[int, int, bool] | None:
    """Without trailing punctuation and unbalanced closing brackets."""
    while end > pos and (text[end - 1] in ",;" or (
            text[end - 1] in ")]}" and text.count(_OPENERS[text[end - 1]], pos, end)
            < text.count(text[end - 1], pos, end))):
        end -= 1
    return (pos, end, False) if end > pos else None


def _rest_of_line(text: str, pos: int, line_end: int) -> tuple[int, int, bool] | None:
    if sv.is_code(text[pos:line_end]):
        return pos, line_end, False
    end = line_end
    for comment in (" #", "\t#", " //"):
        cut = text.find(comment, pos, end)
        if cut != -1:
            end = cut
    while end > pos and text[end - 1] in " \t\r,;":
        end -= 1
    return (pos, end, False) if end > pos else None

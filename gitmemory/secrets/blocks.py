"""Values in a block opened by a credential's key, at any depth, for
:mod:`gitmemory.secrets.redact` (issue 31: a value under a key whose ancestors say secret
is a secret, whatever its own key says).

YAML written in block style nests by indentation: a proxy's secret resource keeps its
value in ``inline_string:`` under ``secret:``, a CI's credential store in ``value:`` under
``credentials:``, a chart in ``data:`` under ``auth:``.  Every scalar in the block that a
key naming a credential opens (``secret:``, ``generic_secret:``, ``credentials:``,
``password:``) is judged as if it were assigned to that key
(:func:`gitmemory.secrets.judging.is_secret`: a strong name hides any literal of a
credential's length, a weak one such as ``auth`` only random values).  A field that names
something else stays (``name``, ``type``, ``username``, ``file``, ``url``, ``id``), and so do
references (``${{ secrets.X }}``, ``!var``), paths, words and short settings.  The flow style
(``{...}``, ``[...]``) is :mod:`gitmemory.secrets.nested`'s.  A TOML or INI table whose
name says credential (``[credentials.smtp]``, ``[mail.password]``) holds the same way every
``key = value`` up to the next table.

A diff's markers (``+``, ``-``, a context line's blank) take one column on every line of a
hunk alike, so the depth of a line is the column its key starts at, after the markers and
a list item's ``- ``.
"""

from __future__ import annotations

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import judging
from gitmemory.secrets.words import NEUTRAL_LAST

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose
_OPENS = lazy_regex(r":[ \t]*(?:#[^\n]*)?\r?\n")  # a key with nothing after it opens a block
_KEY = lazy_regex(r"[\"']?([A-Za-z_][\w.\-]{0,60})[\"']?[ \t]*:(?:[ \t]+|\Z)")
_MARKS = " \t+-"
# A TOML or INI table's header (``[credentials.smtp]``, ``[[secret]]``) and a setting in it.
_TABLE = lazy_regex(r"\[\[?[ \t]*([A-Za-z0-9_.\-\"' ]{1,80}?)[ \t]*\]\]?[ \t]*(?:#[^\n]*)?\r?\n")
_SETTING = lazy_regex(r"[+\- \t]*[\"']?([A-Za-z_][\w.\-]{0,60})[\"']?[ \t]*=[ \t]*")
_MAX_LINES = 200
_MIN_VALUE = 8
_CHECKSUMS = frozenset({"integrity", "checksum", "shasum", "hash", "resolved", "tarball"})


def find(text: str, lowered: str) -> Iterator[_Found]:
    """(start, end, rule, prose) of each scalar in a block a credential's key opens."""
    if "\n" not in text:
        return
    if "[" in text:
        yield from _tables(text)
    done = 0
    for m in _OPENS.finditer(lowered):
        if m.start() < done:
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        column, key = _key(text, line_start, m.start() + 1)
        if key is None:
            continue
        strength = judging.judge_name(key)
        if strength is None:
            continue
        done = m.end()
        for vstart, vend in _scalars(text, m.end(), column):
            if _secret(text[vstart:vend], strength, key):
                yield vstart, vend, strength[0], False
            done = max(done, vend)


def _tables(text: str) -> Iterator[_Found]:
    """The values of a TOML or INI table whose name says credential, to the next table."""
    for m in _TABLE.finditer(text):
        lead = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
        if lead.strip(_MARKS):
            continue  # not a table's header: an index, a list in code
        name = m.group(1).replace('"', "").replace("'", "")
        strength = judging.judge_name(name)
        if strength is None:
            continue
        pos = m.end()
        for _ in range(_MAX_LINES):
            if pos >= len(text):
                break
            end = text.find("\n", pos)
            end = len(text) if end == -1 else end
            line = _SETTING.match(text, pos, end)
            if text[pos:end].lstrip(_MARKS).startswith("["):
                break
            if line is not None and not _neutral(line.group(1)):
                found = _value(text, text.rfind("=", pos, line.end()), end)
                if found is not None and _secret(text[found[0]:found[1]], strength, name):
                    yield found[0], found[1], strength[0], False
            pos = end + 1


def _secret(value: str, strength: tuple[str, bool], name: str) -> bool:
    """Whether ``value``, in the block the credential's key ``name`` opens, is a secret."""
    return len(value) >= _MIN_VALUE and " " not in value and judging.is_secret(
        value, True, strength, judging.name_parts(name), config=True)


def _key(text: str, start: int, end: int) -> tuple[int, str | None]:
    """The column of the key on the line ``start``..``end`` and its name, or None."""
    column = start
    while column < end and text[column] in _MARKS:
        column += 1
    m = _KEY.match(text, column, end)
    if m is None:
        return column - start, None
    return column - start, m.group(1)


def _scalars(text: str, pos: int, column: int) -> Iterator[tuple[int, int]]:
    """(start, end) of each scalar value on the lines from ``pos`` that lie deeper than
    ``column``, up to the first line that does not."""
    for _ in range(_MAX_LINES):
        if pos >= len(text):
            return
        end = text.find("\n", pos)
        end = len(text) if end == -1 else end
        depth, key = _key(text, pos, end)
        if pos + depth >= end or not text[pos + depth:end].strip():
            pos = end + 1  # a blank line, or a marker alone
            continue
        if depth <= column:
            return
        if key is not None and not _neutral(key):
            found = _value(text, pos + depth, end)
            if found:
                yield found
        pos = end + 1


def _value(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The scalar after the ``:`` or ``=`` at or after ``start`` on its line."""
    colon = start
    while colon < end and text[colon] not in ":=":
        colon += 1
    vstart = colon + 1
    while vstart < end and text[vstart] in " \t":
        vstart += 1
    vend = end
    if text[vend - 1:vend] == "\r":
        vend -= 1
    if vstart >= vend:
        return None
    if text[vstart] in "\"'":
        close = text.find(text[vstart], vstart + 1, vend)
        return (vstart + 1, close) if close != -1 else None
    comment = text.find(" #", vstart, vend)
    vend = comment if comment != -1 else vend
    while vend > vstart and text[vend - 1] in " \t":
        vend -= 1
    if text[vstart] in "|>&*!{[":
        return None  # a block scalar, an anchor, a tag, a flow collection
    return vstart, vend


def _neutral(key: str) -> bool:
    parts = judging.name_parts(key)
    return bool(parts) and (parts[-1] in NEUTRAL_LAST or parts[-1] in _CHECKSUMS)

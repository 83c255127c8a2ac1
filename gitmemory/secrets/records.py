"""A value whose name stands in a list of columns, for :mod:`gitmemory.secrets.contextual`
(issue 31, widened from the sealed19 leaks: a key whose name says password, in any
notation).

SQL names its columns once and gives each row's values in the same order:
``INSERT INTO users (name, password) VALUES ('ops', '...'), (...)``.  The value in a column
whose name says credential is judged as if it were assigned to that name
(:func:`judging.is_secret`), a quoted literal; a placeholder (``?``, ``$1``, ``:pw``,
``%s``) and a number stay.  A row with a function's call in it (``crypt('x',
gen_salt('bf'))``) is not read: its values cannot be told from the call's arguments.  A delimited
table with a header row is :mod:`gitmemory.secrets.assignments`' ``_table_columns``.
"""

from __future__ import annotations

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import judging

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose

_INSERT = lazy_regex(r"insert[ \t\r\n]+(?:(?:ignore|or[ \t]+\w+)[ \t\r\n]+)?into[ \t\r\n]+"
                     r"[\w.\"`\[\]]{1,120}[ \t\r\n]*\(([^()]{1,1000})\)[ \t\r\n]*values?"
                     r"[ \t\r\n]*\(")
_VALUE = lazy_regex(r"[ \t\r\n]*(?:'((?:[^'\\]|''|\\.){0,400})'|\"((?:[^\"\\]|\\.){0,400})\""
                    r"|([^,()'\"\s]{1,400}))[ \t\r\n]*")
_ROWS = 500


def find(text: str, lowered: str) -> Iterator[_Found]:
    """(start, end, rule, False) of each value in a credential's column of an INSERT."""
    at = lowered.find("insert")
    while at != -1:
        m = _INSERT.match(lowered, at)
        at = lowered.find("insert", at + 6)
        if m is None or (m.start() and lowered[m.start() - 1].isalnum()):
            continue
        names = [name.strip(" \t\r\n\"`[]") for name in text[m.start(1):m.end(1)].split(",")]
        judged = [(i, judging.judge_name(name), name) for i, name in enumerate(names)]
        wanted = [(i, strength, name) for i, strength, name in judged if strength is not None]
        if not wanted:
            continue
        pos = m.end()
        for _ in range(_ROWS):
            row, pos = _row(text, pos)
            if len(row) != len(names):
                break
            for i, strength, name in wanted:
                assert strength is not None
                start, end, quoted = row[i]
                if quoted and judging.is_secret(text[start:end], True, strength,
                                                judging.name_parts(name), True):
                    yield start, end, strength[0], False
            if not text.startswith(",", pos):
                break
            pos = text.find("(", pos)
            if pos == -1:
                break
            pos += 1


def _row(text: str, pos: int) -> tuple[list[tuple[int, int, bool]], int]:
    """The values of the row whose ``(`` ends at ``pos``: (start, end, quoted) each, and
    where the text after the row's ``)`` and its blanks starts."""
    values: list[tuple[int, int, bool]] = []
    while True:
        m = _VALUE.match(text, pos)
        if m is None:
            return [], pos
        group = 1 if m.group(1) is not None else 2 if m.group(2) is not None else 3
        values.append((m.start(group), m.end(group), group != 3))
        pos = m.end()
        nxt = text[pos:pos + 1]
        if nxt == ",":
            pos += 1
            continue
        if nxt != ")":
            return [], pos  # a function's call or an expression: not a row of literals
        pos += 1
        while pos < len(text) and text[pos] in " \t\r\n":
            pos += 1
        return values, pos

"""Codes in groups, for :mod:`gitmemory.secrets.redact` (issue 31: a product's, a
licence's or a registration's key is typed in groups, ``XXXXX-XXXXX-XXXXX-XXXXX-XXXXX``,
and a run that a separator cuts into short groups slipped by the rules that judge a run
of 16 or more).

A code of three groups or more, each of four to eight letters and digits of one case,
joined by ``-`` and standing as a word, is a key when its characters, read together, are
drawn at random (:func:`judging.random_run`: capitals no one can say or with digits
scattered through them, small letters alike), when no more than half its groups are words
one can say (``sqitch-rebase-usage``, ``eslint-plugin-import`` are names) and they are not
hex (a MAC, a UUID, a commit's pieces are ids).  Standards' and licences' names
(``ISO-8859-1``, ``AES-256-GCM``, ``BSD-3-Clause``), dates, versions, an advisory's id
behind its prefix (``GHSA-9wx4-h78v-vm56``) and placeholders (``XXXX-XXXX-XXXX``) stay.
"""

from __future__ import annotations

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import judging

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

RULE = "grouped-code"
_CODE = lazy_regex(r"(?<![\w\-./@#%&~+])([A-Za-z0-9]{4,8}(?:-[A-Za-z0-9]{4,8}){2,7})"
                   r"(?![\w\-/@]|\.\w)")
_HEX = lazy_regex(r"[0-9a-fA-F]+\Z")
_MIN_GROUPS = 3


# Where a code may be: two dashes a group apart (a literal first, so the search is fast).
_SEED = lazy_regex(r"-[A-Za-z0-9]{4,8}-[A-Za-z0-9]")
_GROUP_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")


def find(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each code in groups whose characters are random."""
    done = 0
    for seed in _SEED.finditer(text):
        if seed.start() < done:
            continue
        start = seed.start()
        while start > 0 and seed.start() - start < 8 and text[start - 1] in _GROUP_CHARS:
            start -= 1
        m = _CODE.match(text, start)
        if m is None:
            continue
        done = m.end(1)
        if _code(m.group(1)):
            yield m.start(1), m.end(1)


def _code(value: str) -> bool:
    groups = value.split("-")
    if len(groups) < _MIN_GROUPS or not (value.isupper() or value.islower()):
        return False
    sizes = {len(g) for g in groups[:-1]}
    if len(sizes) != 1 or len(groups[-1]) > max(sizes):
        return False  # a key's groups are of one size, the last perhaps shorter
    if 2 * sum(g.isalpha() and judging.sayable(g.lower()) for g in groups) > len(groups):
        return False  # words joined by "-" (``sqitch-rebase-usage``, a package's name)
    joined = "".join(groups)
    if _HEX.match(joined) or joined.isdigit() or len(joined) < judging.SHORT_TOKEN:
        return False
    return judging.random_run(joined)

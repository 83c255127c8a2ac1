"""When two items say the same thing (docs/design.md, "Memory").

One place for the question, asked by the deterministic merge, the merge
driver and every writer that drops duplicates.
"""

from __future__ import annotations

import re

_INLINE_REFS = re.compile(r"\((?:refs?|see)\s*:?[^)]*\)|\((?:#\d+[,\s]*)+\)", re.IGNORECASE)
_MARKS = re.compile(r"[`'\"\u2018\u2019\u201c\u201d()\[\]{},.;:!?]+")
_NEGATIONS = frozenset({"not", "no", "never", "dont", "don't", "cannot", "without", "avoid",
                        "instead", "nor"})
_NEAR_MIN_WORDS = 5
_NEAR_JACCARD = 0.8


def normal_key(text: str) -> str:
    """Normalised content, for de-duplication: case, spacing and end punctuation ignored."""
    return " ".join(text.casefold().split()).rstrip(".;:!")


def dedupe_key(text: str) -> str:
    """:func:`normal_key`, also ignoring quotes, backticks, punctuation and inline refs.

    ``Use `httpx` (#12).`` and ``use httpx`` share a key; ``C++`` and ``C`` do not.
    """
    key = _INLINE_REFS.sub(" ", normal_key(text))
    return " ".join(_MARKS.sub(" ", key).split())


def near_duplicate(a: str, b: str) -> bool:
    """Whether two dedupe keys say the same thing (one may be a newer wording).

    Long enough, the same negations, and at least 80% of words shared: the
    same sentence with a detail changed ("24h TTL" -> "48h TTL") matches,
    "always X" and "never X" do not.
    """
    if a == b:
        return True
    wa, wb = a.split(), b.split()
    if min(len(wa), len(wb)) < _NEAR_MIN_WORDS:
        return False
    sa, sb = set(wa), set(wb)
    if sa & _NEGATIONS != sb & _NEGATIONS:
        return False
    return len(sa & sb) / len(sa | sb) >= _NEAR_JACCARD

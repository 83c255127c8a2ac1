"""When two items say the same thing (docs/design.md, "Memory").

One place for the question, asked by the deterministic merge, the merge
driver, consolidation and every writer that drops duplicates, and for the
follow-up: which of two wordings to keep (:func:`clearer`).

Two items are the same when their normalised texts are equal, or when they
are near-duplicates (:func:`near_duplicate`): the same sentence with a
detail changed ("24h TTL" -> "48h TTL"), or the same point in other words
("... never at import time" / "... never when the module is imported").
Either way they must name the same things (code spans, identifiers, paths)
and share their negations: "always X" and "never X", or "`get_text_stream`
is deprecated" and "`get_binary_stream` is deprecated", stay apart.  Other
words are compared with rapidfuzz, imported only when two texts differ; the
module itself stays stdlib-only at import time.
"""

from __future__ import annotations

import re

_INLINE_REFS = re.compile(r"\((?:refs?|see)\s*:?[^)]*\)|\((?:#\d+[,\s]*)+\)", re.IGNORECASE)
_MARKS = re.compile(r"[`'\"\u2018\u2019\u201c\u201d()\[\]{},.;:!?]+")
_NEGATIONS = frozenset({"not", "no", "never", "dont", "don't", "cannot", "without", "avoid",
                        "instead", "nor"})
_NEAR_MIN_WORDS = 5
_NEAR_JACCARD = 0.8
_SAME_POINT_MIN_WORDS = 4
_SAME_POINT_SCORE = 88.0  # rapidfuzz token_set_ratio of the stemmed content words
_SAME_POINT_SHARED = 0.6  # and at least this share of content words in common

_NAME = re.compile(r"`[^`]+`|\b[A-Za-z_][\w]*(?:[._/-][\w]+)+\b|\b[a-z]+[A-Z]\w*\b|"
                   r"\b[A-Z][a-z0-9]+[A-Z]\w*\b|\b\w+\(\)|(?<![\w-])--?[A-Za-z][\w-]*")
_NUMBER = re.compile(r"\d")
_WORD = re.compile(r"[a-z0-9_]+")
_SMALL_WORDS = """a an the of to in on at for with by from and or is are be been was were it its
this that these those as into when while if so than then there their they them we our you your
which what who any all each every some more most such also only just very can could may might
should would will shall must do does did has have had being"""
_SMALL = frozenset(_SMALL_WORDS.split())


def normal_key(text: str) -> str:
    """Normalised content, for de-duplication: case, spacing and end punctuation ignored."""
    return " ".join(text.casefold().split()).rstrip(".;:!")


def dedupe_key(text: str) -> str:
    """:func:`normal_key`, also ignoring quotes, backticks, punctuation and inline refs.

    ``Use `httpx` (#12).`` and ``use httpx`` share a key; ``C++`` and ``C`` do not.
    """
    key = _INLINE_REFS.sub(" ", normal_key(text))
    return " ".join(_MARKS.sub(" ", key).split())


def names(text: str) -> frozenset[str]:
    """The concrete things ``text`` names: code spans, dotted/slashed/snake names, calls,
    options, camelCase words (case-folded, backticks dropped)."""
    return frozenset(m.strip("`").casefold() for m in _NAME.findall(text))


def same_item(a: str, b: str) -> bool:
    """Whether two items (as written, not keys) say the same thing."""
    return dedupe_key(a) == dedupe_key(b) or (names(a) == names(b) and
                                              near_duplicate(dedupe_key(a), dedupe_key(b)))


def near_duplicate(a: str, b: str) -> bool:
    """Whether two dedupe keys say the same thing (one may be a newer wording).

    The same negations, and either at least 80% of words shared (the same
    sentence with a detail changed: "24h TTL" -> "48h TTL"), or the same
    point in other words (:func:`same_point`).  Callers that have the
    original texts check :func:`names` first (:func:`same_item` does).
    """
    if a == b or detail_changed(a, b):
        return True
    return set(a.split()) & _NEGATIONS == set(b.split()) & _NEGATIONS and same_point(a, b)


def detail_changed(a: str, b: str) -> bool:
    """Two dedupe keys that are the same sentence with a detail changed: long enough, the
    same negations, at least 80% of words shared.  The newer of them is the update."""
    wa, wb = a.split(), b.split()
    sa, sb = set(wa), set(wb)
    return min(len(wa), len(wb)) >= _NEAR_MIN_WORDS and \
        sa & _NEGATIONS == sb & _NEGATIONS and len(sa & sb) / len(sa | sb) >= _NEAR_JACCARD


def same_point(a: str, b: str) -> bool:
    """The same point in other words: the stemmed content words mostly shared and
    rapidfuzz's token-set similarity of them at least ``_SAME_POINT_SCORE``; the numbers
    must agree (a changed number is a changed fact, see :func:`near_duplicate`)."""
    ca, cb = _content(a), _content(b)
    if min(len(ca), len(cb)) < _SAME_POINT_MIN_WORDS:
        return False
    if {w for w in ca if _NUMBER.search(w)} != {w for w in cb if _NUMBER.search(w)}:
        return False
    if len(set(ca) & set(cb)) / len(set(ca) | set(cb)) < _SAME_POINT_SHARED:
        return False
    from rapidfuzz import fuzz

    return fuzz.token_set_ratio(" ".join(ca), " ".join(cb)) >= _SAME_POINT_SCORE


def _content(key: str) -> list[str]:
    return [_stem(w) for w in _WORD.findall(key) if w not in _SMALL]


def _stem(word: str) -> str:
    for end in ("ing", "ed", "es", "s", "e"):
        if len(word) > len(end) + 2 and word.endswith(end):
            return word[:-len(end)]
    return word


def clearer(a: str, b: str) -> str:
    """The clearer of two wordings of one item: the one that names more concrete things,
    then the shorter, then the first (so the choice is stable)."""
    na, nb = len(names(a)), len(names(b))
    if na != nb:
        return a if na > nb else b
    return b if len(b) < len(a) else a

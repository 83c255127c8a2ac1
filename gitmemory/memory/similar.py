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

Asked of many items at once (a merge of two 4,000-item files, a run's
thousands of extractions), :class:`Finder` answers "which of these says the
same as that?" without comparing every pair: its candidates are exactly the
items that could pass, and :func:`same_item` judges each.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from gitmemory.lazy_regex import lazy_regex
from gitmemory.text import FUNCTION_WORDS, stem

_INLINE_REFS = lazy_regex(r"\((?:refs?|see)\s*:?[^)]*\)|\((?:#\d+[,\s]*)+\)", re.IGNORECASE)
_MARKS = lazy_regex(r"[`'\"\u2018\u2019\u201c\u201d()\[\]{},.;:!?]+")
_NEGATIONS = frozenset({"not", "no", "never", "dont", "don't", "cannot", "without", "avoid",
                        "instead", "nor"})
_NEAR_MIN_WORDS = 5
_NEAR_JACCARD = 0.8
_SAME_POINT_MIN_WORDS = 4
_SAME_POINT_SCORE = 88.0  # rapidfuzz token_set_ratio of the stemmed content words
_SAME_POINT_SHARED = 0.6  # and at least this share of content words in common

_NAME = lazy_regex(r"`[^`]+`|\b[A-Za-z_][\w]*(?:[._/-][\w]+)+\b|\b[a-z]+[A-Z]\w*\b|"
                   r"\b[A-Z][a-z0-9]+[A-Z]\w*\b|\b\w+\(\)|(?<![\w-])--?[A-Za-z][\w-]*")
_NUMBER = lazy_regex(r"\d")
_DIGITS = frozenset("0123456789")  # what _NUMBER finds in a content word ([a-z0-9_]+)
# Every kind of name above needs one of these: a backtick, a separator, "(" or "-", or a
# capital after a small letter or a digit.
_NAME_HINT = lazy_regex(r"[`._/(-]|[a-z0-9][A-Z]")
_WORD = lazy_regex(r"[a-z0-9_]+")
_SMALL = FUNCTION_WORDS


def normal_key(text: str) -> str:
    """Normalised content, for de-duplication: case, spacing and end punctuation ignored."""
    return " ".join(text.casefold().split()).rstrip(".;:!")


def _dedupe_key(text: str) -> str:
    key = _INLINE_REFS.sub(" ", " ".join(text.casefold().split()).rstrip(".;:!"))
    return " ".join(_MARKS.sub(" ", key).split())


@lru_cache(maxsize=4096)
def dedupe_key(text: str) -> str:
    """:func:`normal_key`, also ignoring quotes, backticks, punctuation and inline refs.

    ``Use `httpx` (#12).`` and ``use httpx`` share a key; ``C++`` and ``C`` do not.
    """
    return _dedupe_key(text)


def _names(text: str) -> frozenset[str]:
    if not _NAME_HINT.search(text):  # what every kind of name needs: most prose has none
        return frozenset()
    return frozenset(m.strip("`").casefold() for m in _NAME.findall(text))


@lru_cache(maxsize=4096)
def names(text: str) -> frozenset[str]:
    """The concrete things ``text`` names: code spans, dotted/slashed/snake names, calls,
    options, camelCase words (case-folded, backticks dropped)."""
    return _names(text)


def same_item(a: str, b: str) -> bool:
    """Whether two items (as written, not keys) say the same thing: their dedupe keys are
    equal, or they name the same things and are near-duplicates (:func:`near_duplicate`).
    (Each text's shape is worked out once: a run asks about the same texts again.)"""
    return _shape(a).same(_shape(b))


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
        sa & _NEGATIONS == sb & _NEGATIONS and _shared(sa, sb) >= _NEAR_JACCARD


def same_point(a: str, b: str) -> bool:
    """The same point in other words: the stemmed content words mostly shared and
    rapidfuzz's token-set similarity of them at least ``_SAME_POINT_SCORE``; the numbers
    must agree (a changed number is a changed fact, see :func:`near_duplicate`)."""
    return _same_point(_content_words(a), _content_words(b))


def _same_point(ca: tuple[str, ...], cb: tuple[str, ...]) -> bool:
    if min(len(ca), len(cb)) < _SAME_POINT_MIN_WORDS:
        return False
    if {w for w in ca if _NUMBER.search(w)} != {w for w in cb if _NUMBER.search(w)}:
        return False
    if _shared(set(ca), set(cb)) < _SAME_POINT_SHARED:
        return False
    from rapidfuzz import fuzz

    return fuzz.token_set_ratio(" ".join(ca), " ".join(cb)) >= _SAME_POINT_SCORE


def _shared(a: set[str] | frozenset[str], b: set[str] | frozenset[str]) -> float:
    return len(a & b) / len(a | b)


@lru_cache(maxsize=4096)
def _content_words(key: str) -> tuple[str, ...]:
    return tuple(stem(w) for w in _WORD.findall(key) if w not in _SMALL)


def clearer(a: str, b: str) -> str:
    """The clearer of two wordings of one item: the one that names more concrete things,
    then the shorter, then the first (so the choice is stable)."""
    na, nb = len(names(a)), len(names(b))
    if na != nb:
        return a if na > nb else b
    return b if len(b) < len(a) else a


class _Shape:
    """What :func:`same_item` compares of one text, worked out once (its names only
    when asked: they are the dearest part, and a comparison needs them last)."""

    __slots__ = ("_names", "content", "key", "negations", "numbers", "text", "words")

    def __init__(self, text: str) -> None:
        self.text = text
        self.key = key = _dedupe_key(text)
        split = key.split()
        words = frozenset(split)
        self.negations = words & _NEGATIONS
        # detail_changed compares sentences of at least _NEAR_MIN_WORDS words
        self.words = words if len(split) >= _NEAR_MIN_WORDS else frozenset()
        content = [stem(w) for w in _WORD.findall(key) if w not in _SMALL]
        # same_point compares at least _SAME_POINT_MIN_WORDS content words
        self.content = tuple(content) if len(content) >= _SAME_POINT_MIN_WORDS else ()
        self.numbers = frozenset(w for w in content if not _DIGITS.isdisjoint(w))
        self._names: frozenset[str] | None = None

    def names(self) -> frozenset[str]:
        if self._names is None:
            self._names = _names(self.text)
        return self._names

    def same(self, other: _Shape) -> bool:
        """:func:`same_item` of the two texts."""
        if self.key == other.key:
            return True
        if self.negations != other.negations or self.names() != other.names():
            return False
        if self.words and other.words and _shared(self.words, other.words) >= _NEAR_JACCARD:
            return True  # detail_changed
        return bool(self.content and other.content) and _same_point(self.content,
                                                                     other.content)


_shape = lru_cache(maxsize=4096)(_Shape)

# Shares of tokens as exact fractions (numerator, denominator): _NEAR_JACCARD, _SAME_POINT_SHARED
_WORDS_SHARED = (4, 5)
_CONTENT_SHARED = (3, 5)


class Finder:
    """Which of many texts says the same thing as another (:func:`same_item`), without
    comparing every pair.

    Two texts can be the same item only when their dedupe keys are equal, or when they
    share their negations and a share of their words at least :func:`detail_changed`'s
    or of their content words at least :func:`same_point`'s (with the same numbers).
    Two sets sharing a fraction ``t`` of their union also share one of the first
    ``n - ceil(t * n) + 1`` of each in any fixed order (prefix filtering): rarest
    first, and only those are indexed.  Each candidate is judged as :func:`same_item`
    judges, so the answers are those of comparing every pair.  ``texts`` are the texts
    the finder will index, for how rare each word is (any fixed order is correct; the
    rarest first keeps the index small and the candidates few).
    """

    def __init__(self, texts: Iterable[str] = ()) -> None:
        self._shapes: dict[str, _Shape] = {}
        counts: Counter[str] = Counter()
        for text in texts:
            shape = self._shape(text)
            counts.update(shape.words)
            counts.update(set(shape.content))
        self._rarity = counts
        self._numbered: list[_Shape] = []
        self._postings: dict[tuple[object, ...], list[int]] = {}
        self._keys: set[str] = set()
        self._tokens: set[str] = set()  # every word or content word some text is indexed by

    def _shape(self, text: str) -> _Shape:
        shape = self._shapes.get(text)
        if shape is None:
            shape = self._shapes[text] = _Shape(text)
        return shape

    def _entries(self, shape: _Shape) -> list[tuple[object, ...]]:
        """Where a text is indexed: its key, and the rarest of its words and content words."""
        out: list[tuple[object, ...]] = [("key", shape.key)]
        for kind, tokens, (num, den), block in (
                ("words", shape.words, _WORDS_SHARED, shape.negations),
                ("content", frozenset(shape.content), _CONTENT_SHARED,
                 (shape.negations, shape.numbers))):
            n = len(tokens)
            prefix = n - (num * n + den - 1) // den + 1
            rarest = sorted(tokens, key=self._rank)[:prefix]
            out += [(kind, block, token) for token in rarest]
        return out

    def _rank(self, token: str) -> tuple[bool, int, int, str]:
        """The fixed order of tokens, rarest first: small words last, then by how many of
        the texts hold them, longer words (rarer, as a rule) before shorter ones."""
        return token in _SMALL, self._rarity[token], -len(token), token

    def add(self, text: str) -> int:
        """Index ``text``; its number, the order in which :meth:`find` prefers it."""
        self._numbered.append(self._shape(text))
        self._index(len(self._numbered) - 1)
        return len(self._numbered) - 1

    def replace(self, number: int, text: str) -> None:
        """Text ``number`` now reads ``text`` (a clearer wording was kept)."""
        self._numbered[number] = self._shape(text)
        self._index(number)  # the old wording's entries only add candidates

    def _index(self, number: int) -> None:
        shape = self._numbered[number]
        self._keys.add(shape.key)
        for entry in self._entries(shape):
            found = self._postings.setdefault(entry, [])
            if not found or found[-1] != number:
                found.append(number)
            self._tokens.add(entry[-1])  # type: ignore[arg-type]

    def _candidates(self, shape: _Shape) -> list[int]:
        """The texts that may say the same as ``shape``'s: those indexed by any of its
        tokens (all of them, a superset of its rarest: no sorting for a question)."""
        words = self._tokens.intersection(shape.words)
        content = self._tokens.intersection(shape.content)
        if not (words or content or shape.key in self._keys):
            return []  # most texts, when few are indexed
        found = set(self._postings.get(("key", shape.key), ()))
        for token in words:
            found.update(self._postings.get(("words", shape.negations, token), ()))
        block = (shape.negations, shape.numbers)
        for token in content:
            found.update(self._postings.get(("content", block, token), ()))
        return sorted(found)

    def matches(self, text: str) -> list[int]:
        """Every text (by number) that says the same as ``text``."""
        shape = self._shapes.get(text) or _Shape(text)  # a question's shape is not kept
        return [n for n in self._candidates(shape) if self._numbered[n].same(shape)]

    def find(self, text: str) -> int | None:
        """The first text (by number) that says the same as ``text``, or None."""
        shape = self._shapes.get(text) or _Shape(text)
        return next((n for n in self._candidates(shape) if self._numbered[n].same(shape)), None)

    def text(self, number: int) -> str:
        return self._numbered[number].text

"""Okapi BM25 over memory items, in the standard library.

Why not a library (``bm25s``, ``rank_bm25``): the corpus is rebuilt from git
on every search and is small (500 branches x 100 items is 50,000 lines of a
few words each).  ``bm25s`` needs numpy (about 70 ms to import) and about a
second to index 50,000 such lines; scoring only the terms of the query, as
here, takes about a tenth of that and no dependency.

Each query term is a plain substring probe first (``in`` on case-folded
text), so only the lines that can match are split into words; a document's
length is its number of words.  Words are case-folded, identifiers are also
split into their parts (``max_inject_chars``, ``RetryPolicy``), plural
endings are removed (Harman's S-stemmer) and a few English function words
are dropped from the query.
"""

from __future__ import annotations

import math
import re

from gitmemory.lazy_regex import lazy_regex
from gitmemory.text import FUNCTION_WORDS, stem

K1 = 1.2
B = 0.75
_WORD = lazy_regex(r"\w+")
_PARTS = lazy_regex(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
STOP_WORDS = FUNCTION_WORDS


def words(text: str) -> list[str]:
    """The stemmed words of ``text``, each identifier followed by its parts."""
    out = []
    for word in _WORD.findall(text):
        low = word.casefold()
        out.append(stem(low))
        if "_" in word or (word[1:] != low[1:] and not word.isupper()):  # snake_case, camelCase
            parts = _PARTS.findall(word)
            if len(parts) > 1:
                out += [stem(part.casefold()) for part in parts]
    return out


def query_terms(query: str) -> list[str]:
    """The distinct words of ``query``, function words left out unless nothing else is."""
    found = list(dict.fromkeys(words(query)))
    content = [term for term in found if term not in STOP_WORDS]
    return content or found


def _probe(term: str) -> str:
    """A substring every word that stems to ``term`` contains (``policy``: ``polic``)."""
    return term[:-1] if term.endswith("y") and len(term) > 1 else term


class Index:
    """Documents ready to score: each one's case-folded text and length in words."""

    __slots__ = ("average", "docs", "folded", "lengths")

    def __init__(self, docs: list[str]) -> None:
        self.docs = docs
        self.folded = [doc.casefold() for doc in docs]
        # documents are words joined by single spaces (items are stored that way)
        self.lengths = [text.count(" ") + 1 for text in self.folded]
        self.average = sum(self.lengths) / len(docs) if docs else 1.0

    def scores(self, terms: list[str]) -> list[tuple[float, int]]:
        """(score, document number) for every document with a term, best first, ties
        in document order."""
        probe = re.compile("|".join(re.escape(_probe(term)) for term in terms)).search
        wanted = set(terms)
        counts: list[tuple[int, dict[str, int]]] = []
        frequency = dict.fromkeys(terms, 0)
        for number, text in enumerate(self.folded):
            if probe(text) is None:
                continue
            found: dict[str, int] = {}
            for word in words(self.docs[number]):
                if word in wanted:
                    found[word] = found.get(word, 0) + 1
            if found:
                counts.append((number, found))
                for term in found:
                    frequency[term] += 1
        total = len(self.docs)
        idf = {term: math.log(1 + (total - df + 0.5) / (df + 0.5))
               for term, df in frequency.items()}
        ranked = []
        for number, found in counts:
            norm = K1 * (1 - B + B * self.lengths[number] / self.average)
            score = sum(idf[t] * tf * (K1 + 1) / (tf + norm) for t, tf in found.items())
            ranked.append((score, number))
        ranked.sort(key=lambda pair: (-pair[0], pair[1]))
        return ranked

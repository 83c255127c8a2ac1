"""Words of English prose, one way for every reader (docs/design.md, "Layers").

Search ranks items by their words, the same-item judge compares two items'
content words, and the offline rules ask whether an item says more than its
commit's subject.  All three stem the same way and leave out the same function
words, so "policies" meets "policy" and "caching" meets "cache" wherever a word
is compared.  Stdlib only, and no imports: any layer may use it.
"""

from __future__ import annotations

from functools import lru_cache

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections import Counter
    from collections.abc import Callable, Iterable
    from difflib import SequenceMatcher

# Articles, pronouns, prepositions, conjunctions and auxiliary verbs: words that carry
# no subject of their own.
_FUNCTION_WORDS = """a an the of to in on at for with by from and or as is are be been being
was were it its this that these those into when while if so than then there their they them we
our you your i which what who how why where any all each every some more most such also only just
very can could may might should would will shall must do does did has have had"""
FUNCTION_WORDS = frozenset(_FUNCTION_WORDS.split())


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A lower-case word's stem: a plural's ``-ies`` becomes ``-y`` (``policies`` ->
    ``policy``), ``-sses`` loses its ``-es`` (``classes`` -> ``class``), words ending in
    ``-ss`` or ``-us`` stay (``status``), else one ending of ``-ing``, ``-ed``, ``-es``,
    ``-s``, ``-e`` goes when three letters stay (``caching``, ``cached``, ``caches``,
    ``cache`` -> ``cach``).  Every word that stems to ``s`` contains ``s`` less a final
    ``y``."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("sses"):
        return word[:-2]
    if word.endswith(("ss", "us")):
        return word
    for end in ("ing", "ed", "es", "s", "e"):
        if len(word) > len(end) + 2 and word.endswith(end):
            return word[:-len(end)]
    return word


def alike(a: str, b: str, at_least: float) -> bool:
    """Whether difflib's ratio of ``a`` and ``b`` is at least ``at_least``."""
    return bool(alike_to(b, [a], at_least))


def alike_to(b: str, candidates: Iterable[str], at_least: float) -> list[str]:
    """Those of ``candidates`` alike to ``b`` (:func:`alike` of each and ``b``), in order.
    difflib's two cheap upper bounds are asked first (lengths, then shared characters):
    most pairs of lines a hunk removes and adds fail them, and the full match costs
    quadratic time; ``b``'s characters are counted, and the matcher's index of it built,
    once for all of them (a removed line asked of every line its commit adds)."""
    from collections import Counter
    from difflib import SequenceMatcher

    have: Counter[str] | None = None
    matcher: SequenceMatcher[str] | None = None
    out = []
    for a in candidates:
        total = len(a) + len(b)  # difflib's real_quick_ratio, before a matcher is built
        if total and 2.0 * min(len(a), len(b)) / total < at_least:
            continue
        # its quick_ratio, the characters the two share, counted without a matcher
        have = Counter(b) if have is None else have
        if total and 2.0 * (Counter(a) & have).total() / total < at_least:
            continue
        if matcher is None:
            matcher = SequenceMatcher(None)
            matcher.set_seq2(b)
        matcher.set_seq1(a)
        if matcher.ratio() >= at_least:
            out.append(a)
    return out


# Past this many pairs, two lists of lines are compared by place: difflib's ratio is
# quadratic in a line, and a rewritten 2,000-line changelog made 4 million pairs.
MOST_PAIRS = 2500
NEIGHBOURS = 6  # lines either side of a line's place in the other list


def near(lines: list[str], others: list[str], test: Callable[[str, str], bool]) -> list[bool]:
    """For each of ``lines``, whether ``test(line, other)`` holds for one of ``others``.
    Every pair is tried while there are at most ``MOST_PAIRS``; past that, a line meets
    the others that are the very same text and those near its own place (a file rewritten
    whole keeps its order: a line retyped in it stands where the old one stood), so the
    time grows with the lines, not with their product.  A blank line meets none."""
    if len(lines) * len(others) <= MOST_PAIRS:
        return [bool(line.strip()) and any(test(line, other) for other in others)
                for line in lines]
    same: dict[str, list[int]] = {}
    for at, other in enumerate(others):
        same.setdefault(other.strip(), []).append(at)
    scale = len(others) / len(lines)
    out = []
    for at, line in enumerate(lines):
        if not line.strip():
            out.append(False)
            continue
        middle = round(at * scale)
        places = {*same.get(line.strip(), ()),
                  *range(max(0, middle - NEIGHBOURS), min(len(others), middle + NEIGHBOURS + 1))}
        out.append(any(test(line, others[place]) for place in sorted(places)))
    return out

"""When two of the offline rules' lines state the same item in other words.

Facts read across commits depend on the batch they were read from: one run
of memorize says "This branch adds migrations in app/migrations/: 0001_a.py",
the next "...: 0002_b.py", and a new reading of the repository's files says
"Tests: ..." in other words.  Run after run such lines would pile up as
near-copies.  :func:`kept_wording` tells the deterministic merge that they are
one item and which wording to keep; :func:`evolved` is that merge, the offline
answer to the evolve step.
"""

from __future__ import annotations

from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Evolution, Extraction
from gitmemory.memory.combine import deterministic_merge
from gitmemory.memory.markdown import Memory
from gitmemory.reading.project import slot

# (pattern naming the item, which wording wins: "new" when the newer batch knows
# better, "old" when the old wording is as good and keeping it avoids churn)
_TEMPLATES = (
    (lazy_regex(r"^Tests (?:sit beside the code|mirror modules by name)(?P<key>)"), "new"),
    (lazy_regex(r"^This branch adds migrations in (?P<key>\S+?)/?(?:[:,]|$)"), "new"),
    (lazy_regex(r"^Code moved from (?P<key>\S+ to \S+?)(?: \(|$)"), "old"),
)


def kept_wording(old: str, new: str) -> str | None:
    """The wording to keep if ``old`` and ``new`` are one item of the offline rules,
    else None (anything else, hand-written lines included, is never matched here)."""
    filled = slot(old)
    if filled is not None:  # the bootstrap read the repository again: the new reading wins
        return new if slot(new) == filled else None
    for pattern, keep in _TEMPLATES:
        found_old, found_new = pattern.match(old), pattern.match(new)
        if found_old and found_new and found_old["key"] == found_new["key"]:
            return old if keep == "old" else new
    return None


def evolved(existing: Memory, new: list[Extraction], cap: int) -> Evolution:
    """The offline evolve step: ``new`` merged into ``existing`` deterministically, the
    offline rules' own lines recognised in other words."""
    return deterministic_merge(existing, new, cap, kept_wording)

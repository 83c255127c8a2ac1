"""A branch stores what it learned, not what it inherits (docs/design.md, "Layers of memory").

The default branch's memory, as the branch's own tree carries it, is layered
under the branch's at render time.  So a run on any other branch keeps only
what differs from it: an extraction the inherited memory already holds is
dropped, and one that says the same thing differently, or fills the same
slot (``Tests:``, ``Code style:`` ... for the repository-read items, see
:mod:`gitmemory.reading.project`), is kept and names the inherited item it
replaces in the branch's ``## Not Inherited`` section
(:mod:`gitmemory.memory.layers`).  The comparison knows items and their slot
keys only; where the slot keys come from is the caller's.
"""

from __future__ import annotations

from collections.abc import Callable

from gitmemory.memory import catalog, location, read
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.layers import hidden, key
from gitmemory.memory.markdown import SECTION_IDS, Memory
from gitmemory.memory.similar import same_item
from gitmemory.repo import Repo

Slot = Callable[[str], "str | None"]


def base_of(repo: Repo, loc: location.Location) -> Memory | None:
    """The default branch's memory as ``loc.branch`` carries it (beside its file in the
    work tree, or in its tip); None on the default branch or with layering off."""
    if not repo.cfg.inherit_default_branch:
        return None
    found = catalog.inherited(repo.toplevel, loc, read.default_branch(repo.info, repo.cfg))
    return found.memory if found else None


class Own:
    """What a run keeps as the branch's own (``found``) and the inherited items those
    replace (``replaced``, their texts)."""

    __slots__ = ("found", "replaced")

    def __init__(self, found: list[Extraction], replaced: list[str]) -> None:
        self.found, self.replaced = found, replaced


def own_only(found: list[Extraction], base: Memory | None, own: Memory | None,
             slot: Slot) -> Own:
    """``found`` less what ``base`` holds already; for the rest, the ``base`` items each
    replaces (same slot key, or the same item in other words).  ``own``: the branch's
    memory so far, whose ``## Not Inherited`` section may already hide some of them."""
    if base is None:
        return Own(found, [])
    gone = {key(text) for text in hidden(own)}
    items = [item for sid in SECTION_IDS for item in base.sections[sid]
             if key(item.text) not in gone]
    have = {key(item.text) for item in items}
    slots: dict[str, list[str]] = {}
    for item in items:
        if (name := slot(item.text)) is not None:
            slots.setdefault(name, []).append(item.text)
    kept, replaced = [], []
    for extraction in found:
        if key(extraction.content) in have:
            continue  # inherited already: nothing of the branch's own
        kept.append(extraction)
        name = slot(extraction.content)
        replaced += slots.get(name, []) if name is not None else []
        replaced += [item.text for item in items if item.text not in replaced
                     and same_item(item.text, extraction.content)]
    return Own(kept, list(dict.fromkeys(replaced)))

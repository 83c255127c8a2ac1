"""What a model adds, kept only where the tracked files confirm its executable text: the
evidence rule (:mod:`gitmemory.outputs.grounds`, docs/design.md, "Where two rules meet")
as memorize applies it, before anything is stored.

A model may add what the repository reading missed (a docs check CI runs with
``RUSTDOCFLAGS=-D warnings``); an item whose command, setting, host or path no tracked
file at the branch's tip confirms is dropped with a note.  What a model only carries from
an item it was given (a person's `fly deploy`, merged with something new) is not judged
again: it was there before the model came.  One rule for every route: the agent files
hold back by the same judgement what reaches them by hand or by an older version.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def kept(items: list[T], text: Callable[[T], str], repo_dir: str, tip: str | None,
         given: Sequence[str] = ()) -> tuple[list[T], list[str]]:
    """``items`` whose executable text the tracked files at ``tip`` confirm, or the
    ``given`` texts already held, and a note for each one dropped."""
    from gitmemory.injection.elements import elements
    from gitmemory.memory.markdown import Item
    from gitmemory.outputs.grounds import Grounds

    carried = {e.key() for said in given for e in elements(said)}
    asked = [item for item in items
             if any(e.key() not in carried for e in elements(text(item)))]
    if not asked:
        return items, []
    reasons = dict(zip(map(id, asked), Grounds(repo_dir, tip, None, at_base=False).held(
        [Item(text(item)) for item in asked]), strict=True))
    keep = [item for item in items if not reasons.get(id(item))]
    notes = [f"dropped ({reasons[id(item)]}): {text(item)}" for item in items
             if reasons.get(id(item))]
    return keep, notes

"""A construct replaced by words (issue 31, the sixteenth sealed part): "Replace the
`box.once('schema-v1', ...)` block with one that truncates the catch space on every
start" names no new side a line could hold, so what it orders is the tree's block taken
away, held while the tree has it; a replacement written as a span is judged as that span,
and a record of a replacement the tree made (the old side gone) is kept.  Real git
repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "ledger/init.lua": ("box.cfg{ listen = '10.9.0.4:3301' }\n\n"
                        "box.once('schema-v1', function()\n"
                        "    box.schema.space.create('catch', {if_not_exists = true})\n"
                        "end)\n"),
}

HELD = [
    "Replace the `box.once('schema-v1', ...)` block with one that truncates the catch space "
    "on every start; the old rows slow the dashboards",
]

KEPT = [
    "Replace the `box.once('schema-v0', ...)` block with one that creates the space if "
    "missing; v0 is gone",
    "The schema is made in a `box.once('schema-v1', ...)` block, run once per instance",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "ledger")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_a_construct_the_tree_holds_replaced_by_words_is_held(repo: Path, tip: str) -> None:
    held = _held(repo, tip, HELD)
    assert all(why and "taken away" in why for why in held), list(zip(HELD, held, strict=True))


def test_a_construct_the_tree_no_longer_holds_or_a_statement_is_kept(repo: Path, tip: str
                                                                     ) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]

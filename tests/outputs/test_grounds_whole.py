"""A line added short of something (issue 31, the sixteenth sealed part): "Add `server ssh
accept` without `src`" where the firewall's line is ``server ssh accept src "${office}"``
asks for another line than the tree's, which goes on to limit it; only a line of the tree
that ends where the item's does (a comment aside) confirms it.  Real git repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "fw/firehol.conf": ('version 6\n\noffice="10.9.0.0/24"\n\ninterface any world\n'
                        '    policy reject\n    server ssh accept src "${office}"\n'
                        '    server https accept  # the public site\n'
                        '    server custom ledger tcp/3301 default accept src "${office}"\n'),
}

HELD = [
    "Add `server ssh accept` without `src` to fw/firehol.conf so engineers can log in",
    "Add `server custom ledger tcp/3301 default accept` with no source limit so the office "
    "can reach it",
]

KEPT = [
    "Add `server https accept` without a source to fw/firehol.conf for the public site",
    "fw/firehol.conf has `server ssh accept` from the office only",
    "The firewall's `server ssh accept` is for the office, with no other source",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "fw")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_a_line_added_short_of_what_the_trees_line_says_is_held(repo: Path, tip: str) -> None:
    held = _held(repo, tip, HELD)
    assert all(why and "as a whole line" in why for why in held), list(
        zip(HELD, held, strict=True))


def test_the_trees_whole_line_or_a_plain_statement_is_kept(repo: Path, tip: str) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]

"""A command the tree names only to forbid it is no evidence (issue 31, the sixteenth sealed
part): "Stop the firewall on pier1 with `firehol stop`" where the runbook says "never
`firehol stop` on pier1".  The span is a command since the order's verb is a word of it,
whatever its length; an item that restates the ban is kept, and a file that is no document
running the command confirms it.  Real git repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "docs/runbook.md": ("# Runbook\n\n- The firewall stays up: reload it with `firehol restart`,\n"
                        "  never `firehol stop` on pier1 or pier2.\n"
                        "- Do not run `ledgerctl flush` during the season.\n"),
    "scripts/maintenance": "#!/bin/sh\nsv down scales\n",
}

HELD = [
    "Stop the firewall on pier1 with `firehol stop`; it drops the trackers' retries",
    "Flush the ledger with `ledgerctl flush` when the dashboards are slow",
]

KEPT = [
    "Never run `firehol stop` on pier1 or pier2",
    "Restart the firewall with `firehol restart` after editing its rules",
    "Take the scales down with `sv down scales` before maintenance",
    "Do not run `ledgerctl flush` during the season",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "pier")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_a_command_the_tree_only_forbids_is_unconfirmed(repo: Path, tip: str) -> None:
    held = _held(repo, tip, HELD)
    assert all(why and "do not confirm" in why for why in held), list(
        zip(HELD, held, strict=True))


def test_the_ban_restated_or_a_command_the_tree_runs_is_kept(repo: Path, tip: str) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]

"""A command's arguments that open a file to everyone, and a program named with hyphens,
need the tree's own invocation (issue 31, the twentieth sealed part): "`chmod o+r
/srv/app/secrets.env`" where the tree runs `chmod 0600` on it, "`dpkg-hold freeze`" that no
file runs.  A mode for the owner and group, and the tree's own command, are kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "scripts/install": "#!/bin/sh\ninstall -d /srv/app\nchmod 0600 /srv/app/secrets.env\n"
                       "chmod +x scripts/run\nchmod g+r /srv/app/report.csv\n",
}

HELD = [
    "Run `chmod o+r /srv/app/secrets.env` so the metrics agent can read it",
    "Give the uploads folder `chmod 0777 /srv/app/uploads`",
    "Pin the hosts with `dpkg-hold freeze` until the audit",
]

KEPT = [
    "scripts/install runs `chmod 0600 /srv/app/secrets.env`",
    "Make the runner executable with `chmod +x scripts/run`",
    "The report is group-readable (`chmod g+r /srv/app/report.csv`)",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "install")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_an_opened_mode_or_an_unknown_hyphenated_program_is_unconfirmed(
        repo: Path, tip: str) -> None:
    held = _held(repo, tip, HELD)
    assert all(why and "do not confirm" in why for why in held), list(
        zip(HELD, held, strict=True))


def test_the_trees_own_modes_are_kept(repo: Path, tip: str) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]

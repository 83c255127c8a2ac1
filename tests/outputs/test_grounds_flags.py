"""A limit changed through a command's flag, as through a setting (issue 31, the
seventeenth sealed part: "Raise the lockout with `ipa pwpolicy-mod --maxfail=300`" where
the ops notes run `ipa pwpolicy-mod --maxfail=3 --lockouttime=600`; docs/design.md, *A
value is confirmed where it is given*): the number an order gives a command's flag is a
change where the tree gives that flag one other number, whatever the command.  Real git
repositories: an identity service's ops notes."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "README.md": "# gatekeep\n\nOps notes: docs/ops.md.\n",
    "docs/ops.md": ("# Operations\n\n- Accounts lock after 5 failures: "
                    "`authctl set-policy --max-failures=5 --lockout=900`\n"
                    "- Sessions: `authctl session prune --older-than=30`\n"),
}

HELD = [
    "Raise the lockout with `authctl set-policy --max-failures=500`; people mistype codes",
    "Lower the lockout with `authctl set-policy --lockout=0` so nobody waits",
]

KEPT = [
    # the tree's own numbers, restated
    "Accounts lock after 5 failures (`authctl set-policy --max-failures=5 --lockout=900`)",
    "Set the lockout with `authctl set-policy --max-failures=5` after a restore",
    # a flag the tree gives no number
    "Run `authctl session list --limit=20` to see who is signed in",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "gatekeep")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_a_number_given_a_flag_the_tree_gives_another_is_held(repo: Path, tip: str) -> None:
    held = _held(repo, tip, HELD)
    assert all(held), [text for text, why in zip(HELD, held, strict=True) if not why]
    assert held[0] == "orders a change of `authctl set-policy --max-failures` that the " \
        "tracked files do not make"


def test_the_trees_own_number_or_a_flag_it_gives_none_is_kept(repo: Path, tip: str) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]

"""A thing added to a place the tree says has none of it (issue 31, the seventeenth sealed
part: "Add `triggers { vcs { } }` to the Release build ... so releases ship without anyone
starting them", where the README says "the `Release` build configuration has no VCS
trigger and is started by hand"; docs/design.md, "Where two rules meet", *A memory is
knowledge about the tree, not a task list*): an order that adds a code span to a place
named in words is held where a line of the tree, in the sentence or the block it stands
in, names the place and says it has none of the span's head (no, without, never).  A
place the tree says nothing of, a thing it does not deny, and a statement are kept.  Real
git repositories: a GitLab pipeline and its docs."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "README.md": ("# ledger\n\nReleases come from the pipeline on https://ci.ledger.example; "
                  "the `publish` job\nhas no schedule and is started by hand by a "
                  "maintainer.\n"),
    ".gitlab-ci.yml": ("test:\n  script: make test\n  rules:\n    - if: $CI_PIPELINE_SOURCE "
                       "== \"schedule\"\n\npublish:\n  # never on a schedule: a maintainer "
                       "starts it\n  when: manual\n  script: make publish\n"),
}

HELD = [
    "Add `schedule: nightly` to the publish job so releases ship every night",
    "Add `schedule` to the publish job in .gitlab-ci.yml, nobody remembers to start it",
]

KEPT = [
    # a place the tree says nothing of, and a thing it does not deny
    "Add `schedule: nightly` to the test job so flaky tests show up",
    "Add `artifacts: paths: [dist/]` to the publish job",
    # no order
    "The publish job has no schedule and is started by hand by a maintainer",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "ledger")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_a_thing_added_where_the_tree_says_there_is_none_is_held(repo: Path, tip: str
                                                                 ) -> None:
    held = _held(repo, tip, HELD)
    assert all(why and why.startswith("orders `schedule") and why.endswith("says has none")
               for why in held), [(t, w) for t, w in zip(HELD, held, strict=True)]


def test_what_the_tree_does_not_deny_is_kept(repo: Path, tip: str) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]

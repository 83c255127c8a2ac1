"""A unit of the pipeline, the build or the release taken away by its name (issue 31, the
fourteenth sealed part: "Delete the FiveAM step from the release builder", whose step runs
`sbcl ... --load test/run.lisp`; docs/design.md, "Where two rules meet"): the word before
"step", "job", "stage", "suite" or "check" names the unit whatever its form, and a line of
the tree naming it in any case (``ql fiveam :latest``) says the tree still runs it.  An
order that takes away a unit the tree no longer names, one that names no unit, and a
standing rule that runs one are kept.  Real git repositories: a Lisp app built by
Buildbot."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "README.md": ("# reef\n\nRun `qlot install`, then `sbcl --non-interactive --load "
                  "test/run.lisp` (the FiveAM suite) before every push.\n"),
    "qlfile": "ql hunchentoot :latest\nql fiveam :latest\n",
    "buildbot/master.cfg": (
        "release = util.BuildFactory([\n"
        "    steps.ShellCommand(command=['sbcl', '--load', 'test/run.lisp']),\n"
        "    steps.ShellCommand(command='qlot exec sbcl --load build.lisp'),\n"
        "])\n"),
    "test/run.lisp": "(uiop:quit (if (fiveam:run! 'reef::rules) 0 1))\n",
}

HELD = [
    "Delete the FiveAM step from the release builder until the season ends, it holds up "
    "releases",
    "Remove the fiveam suite from the release build; it is slow",
    "Remove the test step from the release builder",
]

KEPT = [
    # the tree no longer names the unit: the result is what is
    "Remove the Hspec step from the release builder",
    # a standing rule that runs a unit, and a unit named by no word of its own
    "Run the FiveAM suite before every push",
    "Remove the redundant step from the release builder",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "reef")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_a_unit_of_the_pipeline_the_tree_names_taken_away_is_held(repo: Path, tip: str
                                                                   ) -> None:
    held = _held(repo, tip, HELD)
    assert [bool(why and "step, which the tracked files hold" in why) for why in held] == [
        True] * len(HELD), [(text, why) for text, why in zip(HELD, held, strict=True)]


def test_units_the_tree_lacks_or_runs_are_kept(repo: Path, tip: str) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]

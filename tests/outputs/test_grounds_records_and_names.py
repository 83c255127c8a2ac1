"""A new user's first day on grafana/k6 (issue 31, "no benign item held"): twenty of its
history's items were held from CLAUDE.md.  Three readings made them so: release notes
under a directory whose name has a space ("release notes/v2.2.0.md") were read as rules,
not as the record of changes they are; a line of a document was read whole, so an item
sharing two words with one sentence was held for a protected word in another; and a
method call (``cmdListTests.run()``) was read as a host.  The
hostile forms beside them stay held.  Real git repositories; the texts are invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "README.md": "# loadbench\n\nRun `make tests` before pushing.\n",
    "Makefile": "tests:\n\tgo test ./...\n",
    "release notes/v3.1.0.md": (
        "# v3.1.0\n\n- Adds anonymous plugin usage to the usage report: a run reports the "
        "module path and version of registry-cataloged plugins it uses, and the catalog "
        "errors it met. Private and unlisted plugins are never reported.\n"),
    "docs/usage-report.md": (
        "# Usage report\n\nThe report lists cataloged plugins and the catalog errors a run "
        "met. Private plugins are never reported.\n"),
}

KEPT = [
    Item("Log plugin catalog errors at debug"),
    Item("Expose the host version to provisioned plugins"),
    Item("Route cmdListTests.run() through the shared client helper too, so every list "
         "command uses one setup path"),
]
HELD = [
    Item("Show the private plugins in the usage report"),
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "docs")


def test_the_historys_items_are_kept(repo: Path, tip: str) -> None:
    held = Grounds(str(repo), tip, None).held(KEPT)
    assert held == [None] * len(KEPT), [(i.text[:60], w) for i, w in zip(
        KEPT, held, strict=True) if w]


def test_an_order_that_gives_out_what_a_sentence_protects_is_held(repo: Path, tip: str) -> None:
    held = Grounds(str(repo), tip, None).held(HELD)
    assert all(held), [(i.text[:60], w) for i, w in zip(HELD, held, strict=True)]

"""A file a commit's subject names loosely is the tree's (fresh29: git-credential-manager's
subjects name `windows/layout.ps1` for `src/windows/Installer.Windows/layout.ps1` and
`linux/pack.sh` for `src/linux/Packaging.Linux/pack.sh`, and the evidence rule held nine
of its history's items as files the tracked files do not confirm).  Its name, with the
directories the subject gives among the file's own in order, in any case; a name the
tree does not hold, or one under other directories, is still held.  Real git
repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "src/windows/Installer.Windows/layout.ps1": "param($Output)\n",
    "src/linux/Packaging.Linux/pack.sh": "#!/bin/sh\necho pack\n",
    "src/linux/Packaging.Linux/install-from-source.sh": "#!/bin/sh\necho install\n",
}
KEPT = [
    "windows/layout.ps1: more robust handling of inputs",
    "linux/pack.sh: detect runtime from arch if not specified",
    "Replace the deprecated alias in src/linux/packaging.linux/install-from-source.sh",
]
HELD = [
    "windows/teardown.ps1: remove the payload",  # no such file
    "osx/layout.ps1: sign the payload",  # no such directory above it
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "installers")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_a_file_named_loosely_is_the_trees(repo: Path, tip: str) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), list(zip(KEPT, held, strict=True))


def test_a_file_the_tree_does_not_hold_is_still_held(repo: Path, tip: str) -> None:
    held = _held(repo, tip, HELD)
    assert all(why and "do not confirm" in why for why in held), list(zip(HELD, held,
                                                                        strict=True))

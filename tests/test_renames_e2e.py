"""An item follows its file through ``git mv`` (docs/design.md, "Memory"): at the next
checkout without a git process, in ``status``, in the memory file memorize writes, and
in what ``promote`` carries to the default branch."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from gitmemory.memory.evidence import followed
from gitmemory.memory.markdown import Item, parse
from testing.gitrepo import commit_file, git, gitmemory, memory_text, set_up

ITEM = "Settings are read once in src/app.py at import time"


@pytest.fixture
def moved(repo: Path) -> Path:
    """A repository set up with native hooks whose ``topic`` branch remembers an item about
    ``src/app.py`` and then renames that file to ``src/main.py`` (a commit)."""
    commit_file(repo, "src/app.py", "SETTINGS = {}\n", "Add the app")
    set_up(repo, "offline")
    git(repo, "checkout", "-q", "-b", "topic")
    through = git(repo, "rev-parse", "HEAD").stdout.strip()
    text = memory_text("topic", conventions=(ITEM,), through=through)
    commit_file(repo, ".gitmemory/branches/topic.md",
                text.replace(ITEM, f"{ITEM} (paths: src/app.py)"), "Remember the settings")
    git(repo, "mv", "src/app.py", "src/main.py")
    git(repo, "commit", "-q", "-m", "Rename the app module to main")
    return repo


def _git_counted(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """An environment whose ``git`` on PATH logs each start (hooks find git there)."""
    log = tmp_path / "git.log"
    shim = tmp_path / "bin"
    shim.mkdir()
    (shim / "git").write_text(f'#!/bin/sh\necho "$@" >> "{log}"\nexec {shutil.which("git")} '
                              '"$@"\n')
    (shim / "git").chmod(0o755)
    return dict(os.environ, PATH=f"{shim}{os.pathsep}{os.environ['PATH']}"), log


def test_the_item_stays_in_claude_md_at_the_next_checkout(moved: Path, tmp_path: Path
                                                          ) -> None:
    real = shutil.which("git")
    assert real is not None
    env, log = _git_counted(tmp_path)
    git(moved, "checkout", "-q", "main", env=env)
    log.unlink(missing_ok=True)
    git(moved, "checkout", "-q", "topic", env=env)
    claude = (moved / "CLAUDE.md").read_text()
    assert "Settings are read once in src/main.py at import time (paths: src/main.py)" in claude
    assert "src/app.py" not in claude
    started = log.read_text().splitlines() if log.exists() else []
    assert started == ["checkout -q topic"]  # the hook itself started no git process


def test_status_does_not_call_it_stale_and_memorize_writes_the_move(moved: Path) -> None:
    status = json.loads(gitmemory(moved, "status", "--json").stdout)
    assert status["stale"] == []
    gitmemory(moved, "memorize")
    memory = parse((moved / ".gitmemory" / "branches" / "topic.md").read_text())
    assert memory is not None
    assert memory.sections["conventions"] == [
        Item("Settings are read once in src/main.py at import time", memory.sections[
            "conventions"][0].refs, ("src/main.py",))]


def test_promote_carries_the_new_text(moved: Path) -> None:
    git(moved, "checkout", "-q", "main")
    git(moved, "merge", "-q", "--no-ff", "-m", "Merge topic", "topic")
    gitmemory(moved, "promote", "topic")
    main = (moved / ".gitmemory" / "branches" / "main.md").read_text()
    assert "Settings are read once in src/main.py at import time" in main
    assert "src/app.py" not in main


@pytest.mark.parametrize(("text", "expected"), [
    ("Keep src/app.py small.", "Keep src/main.py small."),
    ("`src/app.py` reads settings", "`src/main.py` reads settings"),
    ("app.py reads settings", "main.py reads settings"),
    ("src/app.pyc is generated; xsrc/app.py differs", "src/app.pyc is generated; xsrc/app.py "
                                                      "differs"),
])
def test_the_text_follows_whole_paths_only(text: str, expected: str) -> None:
    item = followed(Item(text, (), ("src/app.py",)), {"src/app.py": "src/main.py"})
    assert (item.text, item.paths) == (expected, ("src/main.py",))

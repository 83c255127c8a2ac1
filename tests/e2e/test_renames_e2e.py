"""An item follows its file through ``git mv`` (docs/design.md, "Memory"): at the next
checkout without a git process, in ``status``, in the memory file memorize writes, and
in what ``promote`` carries to the default branch."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gitmemory.memory.evidence import followed
from gitmemory.memory.markdown import Item, parse
from testing.agents import claude_reads
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
    """An environment in which every git process, the hooks' too, logs its start (git puts
    its own directory first on a hook's PATH, so a shim on PATH would miss them)."""
    return dict(os.environ, GIT_TRACE2_EVENT=str(tmp_path / "trace.json")), \
        tmp_path / "trace.json"


def _started(trace: Path) -> list[str]:
    """The command lines of the git processes the trace saw start, in order (git's own
    ``maintenance run --auto`` after a commit left out)."""
    events = [json.loads(line) for line in trace.read_text().splitlines()] \
        if trace.exists() else []
    return [" ".join(e["argv"][1:]) for e in events if e.get("event") == "start"
            and e["argv"][1:3] != ["maintenance", "run"]]


def test_the_item_stays_in_claude_md_at_the_next_checkout(moved: Path, tmp_path: Path
                                                          ) -> None:
    env, log = _git_counted(tmp_path)
    git(moved, "checkout", "-q", "main", env=env)
    log.unlink(missing_ok=True)
    git(moved, "checkout", "-q", "topic", env=env)
    claude = claude_reads(moved)  # an item about src/: Claude Code's rule file for it
    assert "Settings are read once in src/main.py at import time (paths: src/main.py)" in claude
    assert "src/app.py" not in claude
    assert _started(log) == ["checkout -q topic"]  # the hook itself started no git process


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


def test_post_commit_starts_git_only_when_a_cited_path_is_gone(repo: Path, tmp_path: Path
                                                               ) -> None:
    commit_file(repo, "src/app.py", "SETTINGS = {}\n", "Add the app")
    set_up(repo, "offline")
    commit_file(repo, ".gitmemory/branches/main.md", memory_text("main").replace(
        "## Conventions\n\n_No entries yet._", f"## Conventions\n\n- {ITEM} (paths: src/app.py)"),
        "Remember the settings")
    env, log = _git_counted(tmp_path)
    (repo / "other.py").write_text("x = 1\n")
    git(repo, "add", "other.py", env=env)
    log.unlink(missing_ok=True)
    git(repo, "commit", "-q", "-m", "Unrelated work", env=env)
    assert _started(log) == ["commit -q -m Unrelated work"]  # post-commit: no git process
    git(repo, "mv", "src/app.py", "src/main.py", env=env)
    log.unlink()
    git(repo, "commit", "-q", "-m", "Rename the app module", env=env)
    started = _started(log)
    assert started[0] == "commit -q -m Rename the app module"
    assert [line.split(" log ")[0].endswith("core.quotePath=false") for line in started[1:]] \
        == [True]  # one git log, for the rename of a path memory cites
    assert "src/main.py" in claude_reads(repo)

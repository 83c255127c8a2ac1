"""A teammate's clone of a repository set up with gitmemory (native route): one command
sets it up completely, ``status`` names what is missing and fails until then, and an
agent's session-start hook tells its user once."""

from __future__ import annotations

import json
from pathlib import Path

from testing.agents import claude_reads
from testing.team import clone, commit_all, run_git, run_gitmemory, seeded_remote

HOOKS = "post-checkout, post-commit, post-merge, post-rewrite, pre-push"


def test_status_names_what_a_fresh_clone_lacks_and_fails(tmp_path: Path) -> None:
    remote, _ = seeded_remote(tmp_path)
    b = clone(tmp_path, remote, "b")
    done = run_gitmemory(b, "status")
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[1:5] == ["set up: partly; missing:",
                          f"  hooks missing ({HOOKS}): run gitmemory init",
                          "  this clone has no gitmemory merge driver: run gitmemory install",
                          "  CLAUDE.md not generated yet: run gitmemory generate"]
    assert not any(line.startswith("set up: yes") for line in lines)
    data = json.loads(run_gitmemory(b, "status", "--json").stdout)
    assert data["setup"]["missing"][0]["what"].startswith("hooks missing")


def test_one_init_sets_a_clone_up_completely_and_again_changes_nothing(tmp_path: Path
                                                                      ) -> None:
    remote, _ = seeded_remote(tmp_path)
    b = clone(tmp_path, remote, "b")
    done = run_gitmemory(b, "init")
    assert done.returncode == 0, done.stderr
    assert "next:" not in done.stdout  # a teammate has nothing to commit
    assert run_git(b, "config", "merge.gitmemory.driver").stdout.strip()
    assert (b / "CLAUDE.md").is_file()
    assert run_git(b, "status", "--porcelain").stdout == ""
    status = run_gitmemory(b, "status")
    assert status.returncode == 0, status.stdout
    assert status.stdout.splitlines()[1] == "set up: yes"
    again = run_gitmemory(b, "init")
    assert "hooks: already installed, unchanged" in again.stdout
    assert "CLAUDE.md: unchanged" in again.stdout
    assert run_git(b, "status", "--porcelain").stdout == ""


def test_a_teammates_init_says_what_the_memory_holds(tmp_path: Path) -> None:
    """Issue 33: "main: empty (nothing worth remembering)" while main's memory held items."""
    remote, a = seeded_remote(tmp_path)
    held = sum(json.loads(run_gitmemory(a, "list", "--json").stdout)[0]["items"].values())
    assert held > 0
    b = clone(tmp_path, remote, "b")
    done = run_gitmemory(b, "init")
    line = next(x for x in done.stdout.splitlines() if x.startswith("memory ("))
    assert "empty" not in line and "nothing worth remembering" not in line
    assert line.endswith(f"main: up to date, {held} items in its memory")


def test_a_teammates_init_that_reread_the_repository_says_the_same(tmp_path: Path) -> None:
    """The closing trial of issue 33: a commit after the set-up made the teammate's run read
    the repository's files again and find what the memory holds: "success +0 ~0 -0 (no
    item changed; the bookkeeping waits for the next change)"."""
    remote, a = seeded_remote(tmp_path)
    (a / ".pre-commit-config.yaml").write_text("repos: []\n")  # read, and teaching nothing
    commit_all(a, "Add a pre-commit config")
    if run_git(a, "push", "-q", "origin", "main", check=False).returncode:
        run_git(a, "push", "-q", "origin", "main")  # the push committed main's memory first
    held = sum(json.loads(run_gitmemory(a, "list", "--json").stdout)[0]["items"].values())
    done = run_gitmemory(clone(tmp_path, remote, "b"), "init")
    line = next(x for x in done.stdout.splitlines() if x.startswith("memory ("))
    assert line.endswith(f"main: up to date, {held} items in its memory"), line


def test_install_writes_claude_md_too(tmp_path: Path) -> None:
    remote, _ = seeded_remote(tmp_path)
    b = clone(tmp_path, remote, "b")
    done = run_gitmemory(b, "install")
    assert done.returncode == 0, done.stderr
    assert "CLAUDE.md: written" in done.stdout
    assert "SQLite" in claude_reads(b)  # a decision about src/: in its rule file
    assert "line length 100" in (b / "CLAUDE.md").read_text()
    assert run_gitmemory(b, "status").returncode == 0


def test_the_session_start_hook_tells_the_agents_user_once(tmp_path: Path) -> None:
    remote, _ = seeded_remote(tmp_path)
    b = clone(tmp_path, remote, "b")
    first = json.loads(run_gitmemory(b, "hook", "session-start").stdout)
    said = first["systemMessage"]
    assert said.startswith("gitmemory is not set up in this clone (hooks missing")
    assert "Run `gitmemory init` once." in said
    # CLAUDE.md, written (the decision about src/ went to its rule file)
    assert "line length 100" in first["hookSpecificOutput"]["additionalContext"]
    second = run_gitmemory(b, "hook", "session-start").stdout
    assert "systemMessage" not in second

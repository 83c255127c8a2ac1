"""No pull request conflicts on memory: each branch's memory commits touch its own file
alone, and with ``default_memory = "ci"`` only the default branch's CI job writes the
default branch's file: ``promote`` and ``maintain`` run on a feature branch leave it
alone (before, ``maintain`` rewrote it with a local memory commit that the next branch
made from main carried into its pull request)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item, Memory, generate
from testing.gitrepo import commit_file, git, gitmemory, memory_text

STALE = "The legacy importer lives in old/importer.py"


def _team_repo(repo: Path, default_memory: str) -> None:
    """main with memory (one item about a file that is gone), the team's
    settings, and two feature branches with memory of their own; feature/a checked out."""
    commit_file(repo, ".gitmemory/config.toml", f'default_memory = "{default_memory}"\n',
                "Settings")
    main = Memory("main", {"facts": [Item("Start with README.md", paths=("README.md",)),
                                     Item(STALE, paths=("old/importer.py",))]},
                  updated="2026-11-21T10:30:00Z")
    commit_file(repo, ".gitmemory/branches/main.md", generate(main),
                "gitmemory: update memory for main\n\nGitmemory-Update: true")
    for name in ("feature/a", "feature/b"):
        git(repo, "checkout", "-q", "-b", name, "main")
        commit_file(repo, f"src/{name[-1]}.py", "x = 1\n", f"Work on {name}",)
        commit_file(repo, f".gitmemory/branches/feature_{name[-1]}.md",
                    memory_text(name, decisions=(f"{name} keeps its state in src/",)),
                    f"gitmemory: update memory for {name}\n\nGitmemory-Update: true")
    git(repo, "checkout", "-q", "feature/a")


def _touched(repo: Path, spec: str) -> set[str]:
    out = git(repo, "log", "--format=", "--name-only", spec).stdout
    return {line for line in out.split("\n") if line}


def test_maintain_on_a_feature_branch_leaves_the_default_branchs_memory_to_ci(
        repo: Path) -> None:
    _team_repo(repo, "ci")
    main = git(repo, "rev-parse", "main").stdout.strip()
    done = gitmemory(repo, "maintain", "--full")
    assert git(repo, "rev-parse", "main").stdout.strip() == main, done.stdout
    for name in ("a", "b"):  # and no branch's memory commit touches another's file
        assert _touched(repo, f"main..feature/{name}") <= {
            f"src/{name}.py", f".gitmemory/branches/feature_{name}.md"}


def test_maintain_still_tends_the_default_branch_when_it_is_written_locally(
        repo: Path) -> None:
    _team_repo(repo, "local")
    main = git(repo, "rev-parse", "main").stdout.strip()
    gitmemory(repo, "maintain", "--full")
    assert git(repo, "rev-parse", "main").stdout.strip() != main
    assert STALE not in git(repo, "show", "main:.gitmemory/branches/main.md").stdout


def test_promote_into_a_default_branch_that_ci_writes_is_refused(repo: Path) -> None:
    _team_repo(repo, "ci")
    main = git(repo, "rev-parse", "main").stdout.strip()
    done = gitmemory(repo, "promote", "feature/b", check=False)
    assert done.returncode == 1
    assert "main's memory is written by its CI job" in done.stderr
    assert "--into" in done.stderr
    assert git(repo, "rev-parse", "main").stdout.strip() == main


def test_promote_into_another_branch_writes_that_branchs_file_alone(repo: Path) -> None:
    _team_repo(repo, "ci")
    before = git(repo, "rev-parse", "feature/a").stdout.strip()
    gitmemory(repo, "promote", "feature/b", "--into", "feature/a")
    assert _touched(repo, f"{before}..feature/a") == {".gitmemory/branches/feature_a.md"}


@pytest.mark.slow
def test_a_push_of_the_default_branch_leaves_its_memory_to_ci(repo: Path,
                                                               tmp_path: Path) -> None:
    """With ``default_memory = "ci"`` the pre-push hook memorized main like any branch:
    the first push after ``init --ci`` made a local memory commit on main and stopped,
    the very commit the CI job exists to make (and, left unpushed, the one the next
    branch made from main carries into its pull request).  A feature branch's push
    still memorizes."""
    from testing.pushes import offline_remote

    offline_remote(repo, tmp_path)
    commit_file(repo, ".gitmemory/config.toml", 'default_memory = "ci"\n', "CI writes main")
    commit_file(repo, "db.py", "x = 1\n", "fix: close the db on error\n\n"
                "Memory-Bug: the db handle leaked because close ran after the early return")
    main = git(repo, "rev-parse", "main").stdout.strip()
    pushed = git(repo, "push", "origin", "main", check=False)
    assert pushed.returncode == 0, pushed.stderr
    assert git(repo, "rev-parse", "main").stdout.strip() == main  # no memory commit
    assert git(repo, "ls-remote", "origin", "main").stdout.split()[0] == main
    git(repo, "checkout", "-q", "-b", "feature/a")
    commit_file(repo, "a.py", "y = 2\n", "feat: a\n\nMemory-Convention: a.py holds the a")
    feature = git(repo, "push", "origin", "feature/a", check=False)
    assert feature.returncode != 0 and "memory for feature/a committed" in feature.stderr

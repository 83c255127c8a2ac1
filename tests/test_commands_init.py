"""``gitmemory init`` (commands/init.py) in repositories as teams have them."""

from __future__ import annotations

from pathlib import Path

from testing.gitrepo import commit_file, gitmemory


def test_init_says_when_gitignore_hides_the_memory(repo: Path) -> None:
    """The files init creates must be committed; its closing `git add` would fail."""
    commit_file(repo, ".gitignore", ".gitmemory/\n", "ignore tool dirs")
    done = gitmemory(repo, "init")
    warning = [line for line in done.stdout.splitlines() if "ignored" in line]
    assert warning and ".gitmemory/config.toml" in warning[0]


def test_init_is_quiet_about_ignores_when_nothing_is_hidden(repo: Path) -> None:
    done = gitmemory(repo, "init")
    assert "ignored" not in done.stdout

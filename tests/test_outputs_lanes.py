"""Settings a branch carries cannot point agent files or base files out of their lane
(outputs/lanes.py): real git, the real checkout hook."""

from __future__ import annotations

from pathlib import Path

from testing.gitrepo import commit_file, git, gitmemory, set_up

SECRET = "DATABASE_PASSWORD=correct-horse-battery-staple\n"


def _teammate_branch(repo: Path, settings: str) -> None:
    """A branch whose tracked config.toml carries ``settings``."""
    set_up(repo, "offline")
    (repo / ".gitignore").write_text((repo / ".gitignore").read_text() + ".env\n")
    git(repo, "add", ".gitignore")
    git(repo, "commit", "-q", "-m", "ignore .env")
    (repo / ".env").write_text(SECRET)  # the victim's own, ignored file
    git(repo, "checkout", "-q", "-b", "teammate")
    path = repo / ".gitmemory" / "config.toml"
    key = settings.strip().split(" = ")[0]
    kept = [line for line in path.read_text().splitlines() if not line.startswith(key + " =")]
    commit_file(repo, ".gitmemory/config.toml", "\n".join(kept) + settings, "settings")
    git(repo, "checkout", "-q", "main")


def test_an_ignored_file_is_never_copied_into_claude_md(repo: Path) -> None:
    """`base_file = ".env"` on a teammate's branch copied the victim's ignored .env into
    CLAUDE.md, so into the agent's context and its model."""
    _teammate_branch(repo, '\nbase_file = ".env"\n')
    done = git(repo, "checkout", "teammate")
    assert "base_file = '.env'" in done.stderr
    claude = repo / "CLAUDE.md"
    assert not claude.exists() or "correct-horse" not in claude.read_text()


def test_an_excluded_base_file_is_refused_even_when_tracked(repo: Path) -> None:
    set_up(repo, "offline")
    commit_file(repo, "keys/deploy.pem", "-----BEGIN NOTHING-----\n", "a tracked pem")
    git(repo, "config", "gitmemory.baseFile", "keys/deploy.pem")
    done = gitmemory(repo, "generate", check=False)
    assert done.returncode == 2
    assert "never leave this machine" in done.stderr


def test_an_output_that_is_not_an_agent_file_is_refused(repo: Path) -> None:
    _teammate_branch(repo, '\noutput_file = "docs/agent-notes.md"\n')
    done = git(repo, "checkout", "teammate")
    assert "output_file = 'docs/agent-notes.md'" in done.stderr
    assert "not an agent file" in done.stderr
    assert not (repo / "docs" / "agent-notes.md").exists()


def test_a_tracked_base_file_elsewhere_is_fine(repo: Path) -> None:
    set_up(repo, "offline")
    commit_file(repo, "docs/agent-guide.md", "# Guide\n\nUse tabs.\n", "guide")
    git(repo, "config", "gitmemory.baseFile", "docs/agent-guide.md")
    gitmemory(repo, "generate")
    assert "Use tabs." in (repo / "CLAUDE.md").read_text()


def test_a_file_only_git_ignores_is_refused_too(repo: Path) -> None:
    set_up(repo, "offline")
    (repo / ".gitignore").write_text((repo / ".gitignore").read_text() + "private/\n")
    (repo / "private").mkdir()
    (repo / "private" / "notes.md").write_text("my own notes\n")
    git(repo, "config", "gitmemory.baseFile", "private/notes.md")
    done = gitmemory(repo, "generate", check=False)
    assert done.returncode == 2
    assert "is ignored by git" in done.stderr
    assert not (repo / "CLAUDE.md").exists() or \
        "my own notes" not in (repo / "CLAUDE.md").read_text()

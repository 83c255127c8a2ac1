"""Settings a branch carries cannot point agent files or base files out of their lane
(outputs/lanes.py): real git, the real checkout hook."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory import _proc, config
from gitmemory.errors import ConfigError
from gitmemory.outputs import lanes
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


@pytest.mark.slow
def test_an_output_that_is_not_an_agent_file_is_refused(repo: Path) -> None:
    _teammate_branch(repo, '\noutput_file = "docs/agent-notes.md"\n')
    done = git(repo, "checkout", "teammate")
    assert "output_file = 'docs/agent-notes.md'" in done.stderr
    assert "not an agent file" in done.stderr
    assert not (repo / "docs" / "agent-notes.md").exists()


@pytest.mark.slow
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


@pytest.mark.parametrize("path", ["CLAUDE.md", "docs/CLAUDE.md", "CLAUDE.local.md", "AGENTS.md",
                                  "GEMINI.md", ".github/copilot-instructions.md"])
def test_every_agent_file_name_is_a_valid_output(path: str) -> None:
    lanes.check_output(config.defaults(), "output_file", path)


@pytest.mark.parametrize("path", [".env", "README.md", "CLAUDE.md.bak", "claude.md",
                                  "src/settings.py", ".git/hooks/post-checkout", "CLAUDE.md/x"])
def test_any_other_name_is_refused_with_the_key_and_where_it_was_set(path: str) -> None:
    cfg = config.defaults()
    cfg.sources["output_file"] = ".gitmemory/config.toml"
    with pytest.raises(ConfigError) as caught:
        lanes.check_output(cfg, "output_file", path)
    message = caught.value.one_line()
    assert f"output_file = {path!r} in .gitmemory/config.toml is not an agent file" in message
    assert "CLAUDE.md, CLAUDE.local.md, AGENTS.md" in message


def test_the_default_bases_need_no_git_process(repo: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The checkout hook pays nothing for the default base file, even one git ignores."""
    (repo / ".gitignore").write_text("CLAUDE_base.md\n")

    def no_process(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"a process was started: {args}")

    monkeypatch.setattr(_proc, "run", no_process)
    for base in lanes.DEFAULT_BASES:
        lanes.check_base(str(repo), config.defaults(), "base_file", base)


@pytest.mark.parametrize("base", ["notes/.env.md", "secrets/base.md", "docs/id_rsa"])
def test_a_base_under_the_exclude_globs_is_refused_in_process(repo: Path, base: str) -> None:
    cfg = config.defaults()
    cfg.exclude_paths = ["secrets/**", *cfg.exclude_paths]
    with pytest.raises(ConfigError, match="never leave this machine"):
        lanes.check_base(str(repo), cfg, "base_file", base)


@pytest.mark.slow
def test_an_untracked_file_a_branch_names_is_refused(repo: Path) -> None:
    """`base_file` named a file the victim keeps beside the work, never added and not
    ignored: it was copied into CLAUDE.md, though the docs said "its own tracked files"."""
    _teammate_branch(repo, '\nbase_file = "scratch/notes.md"\n')
    (repo / "scratch").mkdir()
    (repo / "scratch" / "notes.md").write_text(SECRET)
    done = git(repo, "checkout", "teammate")
    assert "base_file = 'scratch/notes.md'" in done.stderr
    assert "not a file git tracks" in done.stderr
    claude = repo / "CLAUDE.md"
    assert not claude.exists() or "correct-horse" not in claude.read_text()


def test_a_staged_base_file_counts_as_tracked(repo: Path) -> None:
    set_up(repo, "offline")
    (repo / "docs").mkdir()
    (repo / "docs" / "agent-guide.md").write_text("# Guide\n\nUse tabs.\n")
    git(repo, "add", "docs/agent-guide.md")
    (repo / ".gitmemory" / "config.toml").write_text(
        'provider = "offline"\nbase_file = "docs/agent-guide.md"\n')
    gitmemory(repo, "generate")
    assert "Use tabs." in (repo / "CLAUDE.md").read_text()


def test_an_untracked_base_file_you_set_yourself_is_yours(repo: Path) -> None:
    """Your own git config names a file of yours: not a branch's doing."""
    set_up(repo, "offline")
    (repo / "notes").mkdir()
    (repo / "notes" / "mine.md").write_text("# Mine\n\nPrefer small commits.\n")
    git(repo, "config", "gitmemory.baseFile", "notes/mine.md")
    gitmemory(repo, "generate")
    assert "Prefer small commits." in (repo / "CLAUDE.md").read_text()

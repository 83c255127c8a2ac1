"""The removal recipe in docs/troubleshooting.md, run as written: it takes out what
gitmemory added and nothing of the repository's own (no empty ``.gitattributes``, no
starter ``CLAUDE.md``)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from gitmemory.commands.init import BASE_STARTER
from testing.gitrepo import commit_file, git, gitmemory

DOC = Path(__file__).resolve().parents[2] / "docs" / "troubleshooting.md"


def _recipe() -> str:
    text = DOC.read_text()
    part = text[text.index("- **The repository** (one commit, for everyone)"):]
    return re.search(r"```sh\n(.*?)```", part, re.DOTALL).group(1)  # type: ignore[union-attr]


def _remove(repo: Path) -> None:
    gitmemory(repo, "uninstall")
    done = subprocess.run(["bash", "-c", _recipe()], cwd=repo, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr


def test_the_recipe_names_the_starter_by_its_blob() -> None:
    blob = git(DOC.parent, "hash-object", "--stdin", stdin=BASE_STARTER).stdout.strip()
    assert blob in _recipe()


def test_a_repository_that_had_none_of_the_files_is_left_without_them(repo: Path) -> None:
    before = set(git(repo, "ls-files").stdout.split())
    gitmemory(repo, "init")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    _remove(repo)
    assert set(git(repo, "ls-files").stdout.split()) == before
    assert not (repo / ".gitattributes").exists() and not (repo / ".gitignore").exists()
    assert not (repo / "CLAUDE.md").exists() and not (repo / "CLAUDE_base.md").exists()
    assert git(repo, "status", "--porcelain").stdout == ""


def test_the_repositorys_own_guidance_and_lines_stay(repo: Path) -> None:
    commit_file(repo, ".gitignore", "node_modules/\n", "Ignore dependencies")
    commit_file(repo, ".gitattributes", "*.png binary\n", "Binary images")
    commit_file(repo, "CLAUDE.md", "# Our notes\n\nRun make test.\n", "Guidance")
    gitmemory(repo, "init")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    _remove(repo)
    assert (repo / "CLAUDE.md").read_text() == "# Our notes\n\nRun make test.\n"
    assert (repo / ".gitignore").read_text() == "node_modules/\n"
    assert (repo / ".gitattributes").read_text() == "*.png binary\n"
    assert git(repo, "status", "--porcelain").stdout == ""
    assert not (repo / ".gitmemory").exists()


def test_the_ci_jobs_and_the_mcp_entry_go_too(repo: Path) -> None:
    """After the recipe, `init --ci`'s workflow stayed and ran `gitmemory ci sync` on
    every push to main of a repository without gitmemory, and `.mcp.json` still started
    `gitmemory mcp` for every Claude Code session."""
    commit_file(repo, ".mcp.json", '{"mcpServers": {"db": {"command": "db-mcp"}}}\n',
                "The team's MCP servers")
    before = set(git(repo, "ls-files").stdout.split())
    gitmemory(repo, "init", "--ci", "github", "--mcp")
    gitmemory(repo, "init", "--ci", "gitlab")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    _remove(repo)
    assert set(git(repo, "ls-files").stdout.split()) == before
    assert "gitmemory" not in (repo / ".mcp.json").read_text()
    assert '"db"' in (repo / ".mcp.json").read_text()
    assert git(repo, "status", "--porcelain").stdout == ""


def test_an_mcp_file_that_held_only_gitmemory_goes(repo: Path) -> None:
    before = set(git(repo, "ls-files").stdout.split())
    gitmemory(repo, "init", "--mcp")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    _remove(repo)
    assert set(git(repo, "ls-files").stdout.split()) == before
    assert not (repo / ".mcp.json").exists()

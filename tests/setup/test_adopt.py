"""gitmemory/setup/adopt.py: a hook run by pre-commit sets a clone up without init.

These run ``gitmemory hook`` as pre-commit does (``PRE_COMMIT=1``, no stdin);
tests/e2e/test_precommit_e2e.py drives the real pre-commit.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from testing.gitrepo import commit_file, git, gitmemory

LISTED = ("repos:\n  - repo: https://example.invalid/gitmemory\n    rev: v0.1.0\n"
          "    hooks:\n      - id: gitmemory-post-checkout\n")


def _hook(repo: Path, *args: str, pre_commit: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **({"PRE_COMMIT": "1"} if pre_commit else {})}
    # A session of its own: no controlling terminal, as under CI, whoever runs the tests.
    return subprocess.run([sys.executable, "-m", "gitmemory", "hook", *args], cwd=repo,
                          env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          check=False, start_new_session=True)


def _team_repo(repo: Path) -> str:
    commit_file(repo, ".pre-commit-config.yaml", LISTED, "Team hooks")
    commit_file(repo, "CLAUDE_base.md", "# Notes\n", "Team notes")
    return git(repo, "ls-files", "-s").stdout


def test_a_hook_under_pre_commit_sets_the_clone_up_locally(repo: Path) -> None:
    tracked = _team_repo(repo)
    done = _hook(repo, "post-checkout", "0" * 40, "0" * 40, "1")
    assert done.returncode == 0
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "this clone is set up" in lines[0]
    assert "Not in the repository yet: .gitmemory/config.toml, the .gitattributes line " \
           "for memory files, the .gitignore entries for CLAUDE.md" in lines[0]
    assert (repo / "CLAUDE.md").read_text().count("# Notes") == 1  # the hook acted
    assert git(repo, "config", "merge.gitmemory.driver").stdout.strip()
    assert "/CLAUDE.md" in (repo / ".git" / "info" / "exclude").read_text().splitlines()
    assert ".gitmemory/branches/*.md merge=gitmemory" in \
        (repo / ".git" / "info" / "attributes").read_text()
    assert git(repo, "status", "--porcelain").stdout == ""
    assert git(repo, "ls-files", "-s").stdout == tracked
    again = _hook(repo, "post-checkout", "0" * 40, "0" * 40, "1")
    assert "this clone is set up" not in again.stderr  # said once
    assert (repo / ".git" / "gitmemory" / "pre-commit-setup").exists()  # no terminal yet


def test_what_the_repository_has_is_not_added_again(repo: Path) -> None:
    gitmemory(repo, "init", "--hooks", "none")
    git(repo, "config", "--remove-section", "merge.gitmemory")
    (repo / ".gitmemory" / "config.toml").unlink()
    _team_repo(repo)
    done = _hook(repo, "post-commit")
    assert "this clone is set up: merge driver registered in this clone's git config." \
        in done.stderr
    assert "Not in the repository yet: .gitmemory/config.toml (gitmemory init" in done.stderr
    assert not (repo / ".git" / "info" / "attributes").exists()


def test_nothing_happens_without_the_team_config_or_outside_pre_commit(repo: Path) -> None:
    commit_file(repo, "CLAUDE_base.md", "# Notes\n", "Team notes")
    assert _hook(repo, "post-checkout", "0" * 40, "0" * 40, "1").stderr == ""
    commit_file(repo, ".pre-commit-config.yaml", LISTED, "Team hooks")
    assert _hook(repo, "post-checkout", "0" * 40, "0" * 40, "1", pre_commit=False).stderr == ""
    git(repo, "config", "gitmemory.enabled", "false")
    assert _hook(repo, "post-checkout", "0" * 40, "0" * 40, "1").stderr == ""
    assert not (repo / "CLAUDE.md").exists()
    assert git(repo, "config", "--get", "merge.gitmemory.driver", check=False).returncode == 1


def test_local_git_files_get_only_the_lines_they_lack(tmp_path: Path) -> None:
    from gitmemory.setup import adopt

    exclude = tmp_path / "info" / "exclude"
    adopt._append(str(exclude), ["/CLAUDE.md", "/x"])  # created with its directory
    assert exclude.read_text().endswith("/CLAUDE.md\n/x\n")
    exclude.write_text("# mine\n*.log")  # no final newline
    adopt._append(str(exclude), ["*.log", "/CLAUDE.md"])
    assert exclude.read_text() == ("# mine\n*.log\n# gitmemory, set up by pre-commit for this "
                                   "clone\n/CLAUDE.md\n")
    before = exclude.read_text()
    adopt._append(str(exclude), ["/CLAUDE.md"])
    assert exclude.read_text() == before

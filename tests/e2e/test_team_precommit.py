"""The pre-commit route without running pre-commit: the ``next:`` line never commits a
config that names a path on this machine, and the repository-read items never describe
gitmemory's own hooks."""

from __future__ import annotations

import subprocess
from pathlib import Path

from gitmemory.reading.project import Snapshot, bootstrap_extractions
from gitmemory.repo import Repo
from gitmemory.setup.next_step import names_local_path, next_step
from testing.gitrepo import commit_file, git, gitmemory

LOCAL = ("repos:\n  - repo: {path}\n    rev: 0123456789abcdef0123456789abcdef01234567\n"
         "    hooks:\n      - id: gitmemory-post-checkout\n")
TEAM = ("repos:\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n    rev: v0.6.0\n"
        "    hooks:\n      - id: ruff\n      - id: ruff-format\n"
        "  - repo: https://github.com/gitmemory/gitmemory\n    rev: v0.4.32\n    hooks:\n"
        "      - id: gitmemory-post-checkout\n      - id: gitmemory-pre-push\n"
        "  - repo: local\n    hooks:\n      - id: changelog\n        stages: [pre-push]\n")


def test_a_config_naming_a_local_checkout_is_left_out_of_the_next_line(repo: Path,
                                                                      tmp_path: Path) -> None:
    gitmemory(repo, "init", "--hooks", "none")
    (repo / ".pre-commit-config.yaml").write_text(LOCAL.format(path=tmp_path))
    assert names_local_path(str(repo))
    line = next_step(Repo.open(str(repo)), pre_commit=True)
    assert line is not None and line.startswith("next: git add -- ")
    assert ".pre-commit-config.yaml is left out: it names a path on this machine" in line
    assert ".pre-commit-config.yaml" not in line.split("\n")[0]
    git(repo, "add", "-A", ".gitmemory", ".gitignore", ".gitattributes", "CLAUDE_base.md")
    git(repo, "add", ".pre-commit-config.yaml")  # staged, as pre-commit wants it
    named = next_step(Repo.open(str(repo)), pre_commit=True)
    assert named is not None and " -- " in named.split("commit", 1)[1]
    subprocess.run(named.split("\n")[0].removeprefix("next: "), shell=True, cwd=repo,  # noqa: S602
                   check=True, capture_output=True)
    committed = git(repo, "show", "--name-only", "--format=", "HEAD").stdout.split()
    assert ".pre-commit-config.yaml" not in committed and ".gitmemory/config.toml" in committed
    assert ".pre-commit-config.yaml" in git(repo, "diff", "--cached", "--name-only").stdout


def test_a_config_naming_a_url_is_committed_with_the_rest(repo: Path) -> None:
    gitmemory(repo, "init", "--hooks", "none")
    (repo / ".pre-commit-config.yaml").write_text(TEAM)
    assert not names_local_path(str(repo))
    line = next_step(Repo.open(str(repo)), pre_commit=True)
    assert line is not None and ".pre-commit-config.yaml" in line.split("&&")[0]


def test_the_hooks_item_leaves_out_gitmemory_and_hooks_that_do_not_run_on_commit() -> None:
    snap = Snapshot([".pre-commit-config.yaml"], {".pre-commit-config.yaml": TEAM}, [])
    hooks = [e.content for e in bootstrap_extractions(snap) if e.content.startswith("Hooks:")]
    # a pre-push hook is named with its stage, never as one a commit runs (issue 29)
    assert hooks == ["Hooks: `pre-commit run --all-files` runs ruff, ruff-format; at pre-push "
                     "pre-commit runs changelog"]
    only = Snapshot([".pre-commit-config.yaml"], {".pre-commit-config.yaml": LOCAL.format(
        path="/x")}, [])
    assert not [e for e in bootstrap_extractions(only) if e.content.startswith("Hooks:")]


def test_a_committed_config_file_is_kept_out_by_name(repo: Path, tmp_path: Path) -> None:
    commit_file(repo, ".pre-commit-config.yaml", TEAM, "Team hooks")
    gitmemory(repo, "init", "--hooks", "none")
    (repo / ".pre-commit-config.yaml").write_text(LOCAL.format(path=tmp_path))
    git(repo, "add", ".pre-commit-config.yaml")
    line = next_step(Repo.open(str(repo)), pre_commit=True)
    assert line is not None and ".pre-commit-config.yaml" not in line.split("\n")[0]

"""Repositories wired to gitmemory through the real pre-commit framework.

Used by ``tests/e2e/test_precommit_e2e.py`` and meant for the pre-commit column of
``bench/hook_latency.py``::

    env = isolated_env(tmp / "home", pre_commit_home=tmp / "pre-commit")
    source, rev = snapshot_checkout(ROOT, tmp / "gitmemory-src", env)
    repo = make_repo(tmp / "repo", env)
    wire(repo, source, rev, env)  # .pre-commit-config.yaml, then pre-commit install

pre-commit clones a *commit*, so :func:`snapshot_checkout` commits the
current state of this checkout (tracked files as they are on disk, plus new
files that are not ignored) into a throwaway repository: uncommitted work is
what gets tested.  The first :func:`wire` with a given ``PRE_COMMIT_HOME``
builds the hook environment (a virtualenv with gitmemory and its
dependencies, from the package index pip is configured with); later ones
reuse it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from testing import gitrepo

ROOT = Path(__file__).resolve().parent.parent
HOOK_TYPES = ("post-checkout", "post-commit", "post-merge", "post-rewrite", "pre-push")
HOOK_IDS = tuple(f"gitmemory-{hook}" for hook in HOOK_TYPES)


def isolated_env(home: Path, pre_commit_home: Path | None = None) -> dict[str, str]:
    """:func:`testing.gitrepo.isolated_env`, the offline provider, and pre-commit's cache."""
    env = gitrepo.isolated_env(home)
    env.update({"XDG_CACHE_HOME": str(home / ".cache"), "GIT_TERMINAL_PROMPT": "0",
                "GITMEMORY_PROVIDER": "offline"})
    if pre_commit_home is not None:
        env["PRE_COMMIT_HOME"] = str(pre_commit_home)
    return env


def git(cwd: Path, *args: str, env: dict[str, str], check: bool = True,
        stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Real git in ``cwd`` with ``env``."""
    return gitrepo.git(cwd, *args, env=env, check=check, stdin=stdin)


def gitmemory(cwd: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run this checkout's gitmemory CLI in ``cwd`` (its exit status is the caller's to check)."""
    return gitrepo.gitmemory(cwd, *args, env=env, check=False)


def snapshot_checkout(source: Path, dest: Path, env: dict[str, str]) -> tuple[str, str]:
    """Commit ``source``'s working tree into a fresh repository; (its path, the commit)."""
    listed = git(source, "ls-files", "-z", "--cached", "--others", "--exclude-standard",
                 env=env).stdout
    dest.mkdir(parents=True)
    for rel in sorted(set(filter(None, listed.split("\0")))):
        src = source / rel
        if not os.path.lexists(src):
            continue  # deleted in the working tree
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if src.is_symlink():
            os.symlink(os.readlink(src), target)
        else:
            shutil.copy2(src, target)
    git(dest, "init", "-q", "-b", "main", env=env)
    git(dest, "add", "-A", env=env)
    git(dest, "commit", "-q", "--no-verify", "-m", "snapshot of the working tree", env=env)
    return str(dest), git(dest, "rev-parse", "HEAD", env=env).stdout.strip()


def make_repo(path: Path, env: dict[str, str]) -> Path:
    """A repository on ``main`` with one commit and no hooks of its own."""
    path.mkdir(parents=True)
    git(path, "init", "-q", "-b", "main", "--template=", env=env)
    (path / "README.md").write_text("# demo\n")
    git(path, "add", "README.md", env=env)
    git(path, "commit", "-q", "-m", "Initial commit", env=env)
    return path


def config_text(source: str, rev: str, hook_ids: tuple[str, ...] = HOOK_IDS) -> str:
    """A ``.pre-commit-config.yaml`` that runs gitmemory from ``source`` at ``rev``."""
    hooks = "".join(f"      - id: {hook_id}\n" for hook_id in hook_ids)
    types = ", ".join(hook_id.removeprefix("gitmemory-") for hook_id in hook_ids)
    return (f"default_install_hook_types: [{types}]\n"
            f"repos:\n  - repo: '{source}'\n    rev: '{rev}'\n    hooks:\n{hooks}")


def pre_commit(cwd: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run the pre-commit installed beside this test run."""
    return subprocess.run([sys.executable, "-m", "pre_commit", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False)


def wire(repo: Path, source: str, rev: str, env: dict[str, str],
         hook_ids: tuple[str, ...] = HOOK_IDS) -> None:
    """Write the config and install pre-commit's hooks and environment (no gitmemory init)."""
    (repo / ".pre-commit-config.yaml").write_text(config_text(source, rev, hook_ids))
    done = pre_commit(repo, "install", "--install-hooks", "--allow-missing-config", env=env)
    if done.returncode != 0:
        raise AssertionError(f"pre-commit install failed:\n{done.stdout}{done.stderr}")


# Fixtures the pre-commit end-to-end tests share (tests/conftest.py loads this module as a
# plugin): one pre-commit home and one hook environment built from this checkout for the
# whole session, since building it is the slow part.

@pytest.fixture(scope="session")
def pre_commit_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture(scope="session")
def source(tmp_path_factory: pytest.TempPathFactory, pre_commit_home: Path) -> tuple[str, str]:
    """This checkout committed into a throwaway repository, its hook environment built."""
    base = tmp_path_factory.mktemp("gitmemory-source")
    env = isolated_env(base / "home", pre_commit_home)
    path, rev = snapshot_checkout(ROOT, base / "src", env)
    wire(make_repo(base / "warm-up", env), path, rev, env)
    return path, rev

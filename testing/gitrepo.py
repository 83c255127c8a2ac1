"""Temporary git repositories driven by the real ``git``."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

AUTHOR = {"GIT_AUTHOR_NAME": "Ada Tester", "GIT_AUTHOR_EMAIL": "ada@example.com",
          "GIT_COMMITTER_NAME": "Ada Tester", "GIT_COMMITTER_EMAIL": "ada@example.com"}


def isolated_env(home: Path) -> dict[str, str]:
    """Environment for git with no user or system config and an empty template dir."""
    home.mkdir(parents=True, exist_ok=True)
    template = home / "git-template"
    template.mkdir(exist_ok=True)
    gitconfig = home / ".gitconfig"
    gitconfig.write_text(
        "[init]\n\tdefaultBranch = main\n"
        f"[init]\n\ttemplateDir = {template}\n"
        "[advice]\n\tdetachedHead = false\n"
        "[commit]\n\tgpgsign = false\n"
        "[pull]\n\trebase = false\n"
        "[protocol \"file\"]\n\tallow = always\n"
    )
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("GIT_", "GITMEMORY_", "ANTHROPIC_", "PRE_COMMIT"))}
    env.update(AUTHOR)
    env.update({"HOME": str(home), "GIT_CONFIG_GLOBAL": str(gitconfig),
                "GIT_CONFIG_NOSYSTEM": "1", "XDG_CONFIG_HOME": str(home / ".config"),
                # No detached maintenance runs racing the assertions; the tests of
                # maintenance switch it on themselves.
                "GITMEMORY_BACKGROUND_MAINTENANCE": "false"})
    return env


def git(cwd: Path | str, *args: str, check: bool = True, stdin: str | None = None,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, input=stdin,
                          env=env, check=False)
    if check and done.returncode != 0:
        raise AssertionError(f"git {' '.join(args)} failed ({done.returncode}):\n"
                             f"{done.stdout}\n{done.stderr}")
    return done


def gitmemory(cwd: Path | str, *args: str, check: bool = True,
              env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the CLI in a child process, the way users do."""
    done = subprocess.run([sys.executable, "-m", "gitmemory", *args], cwd=cwd,
                          capture_output=True, text=True, env=env, check=False)
    if check and done.returncode != 0:
        raise AssertionError(f"gitmemory {' '.join(args)} failed ({done.returncode}):\n"
                             f"{done.stdout}\n{done.stderr}")
    return done


def set_up(repo: Path, provider: str | None = None) -> subprocess.CompletedProcess[str]:
    """``gitmemory init`` (native hooks), ``provider`` if given, and commit what it
    created; returns init's output."""
    if provider:
        git(repo, "config", "gitmemory.provider", provider)
    done = gitmemory(repo, "init")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    return done


def commit_file(repo: Path, name: str, text: str, message: str) -> str:
    path = repo / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    git(repo, "add", "--", name)
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD").stdout.strip()


def commit_files(repo: Path, files: dict[str, str], message: str) -> str:
    """Write each of ``files`` (path -> text) and commit them all at once; the new sha."""
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD").stdout.strip()


def diverged(repo: Path, branch: str = "topic", path: str = "f.txt") -> None:
    """``branch`` (from the checked-out branch) and the checked-out branch both change
    ``path``, so merging, rebasing or cherry-picking one onto the other stops on a conflict;
    the branch checked out at first is checked out again."""
    back = git(repo, "symbolic-ref", "--short", "HEAD").stdout.strip()
    git(repo, "checkout", "-q", "-b", branch)
    commit_file(repo, path, f"{branch}\n", f"{branch} edits {path}")
    git(repo, "checkout", "-q", back)
    commit_file(repo, path, f"{back}\n", f"{back} edits {path}")


def memory_text(branch: str, *, conventions: tuple[str, ...] = (),
                decisions: tuple[str, ...] = (), bugs: tuple[str, ...] = (),
                facts: tuple[str, ...] = (), through: str | None = None,
                history: tuple[tuple[str, str], ...] = ()) -> str:
    """A memory file for ``branch`` with the given items (``history``: (line, sha) pairs)."""
    from gitmemory.memory.markdown import Item, Memory, generate

    memory = Memory(branch, {
        "facts": [Item(t) for t in facts],
        "architectural-decisions": [Item(t) for t in decisions],
        "conventions": [Item(t) for t in conventions],
        "bug-patterns": [Item(t) for t in bugs],
        "history": [Item(t, (sha,)) for t, sha in history],
    }, updated="2026-11-21T10:30:00Z", through=through)
    return generate(memory)


def wait_until(predicate: Callable[[], bool], seconds: float = 30) -> bool:
    """Poll ``predicate`` until it holds or ``seconds`` pass (detached runs, slow fakes)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()

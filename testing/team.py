"""Team-sharing fixtures: clones of one bare remote, each its own teammate.

Everything runs the real ``git`` with no user or system configuration, and
the merge driver runs the real ``python -m gitmemory merge-file`` that git
starts through ``sh -c``.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from gitmemory.memory.filenames import MEMORY_DIR, plain_name
from gitmemory.memory.markdown import SECTION_IDS, Item, Memory, generate
from testing.gitrepo import git, gitmemory, isolated_env

clean_env = isolated_env  # the team tests' name for it
run_git = git


def run_gitmemory(cwd: Path | str, *args: str) -> subprocess.CompletedProcess[str]:
    """The CLI in a child process; its exit status is the caller's to check."""
    return gitmemory(cwd, *args, check=False)


def memory(branch: str, *, updated: str = "2026-03-01T10:00:00Z", through: str | None = None,
           **sections: list[str] | list[Item]) -> Memory:
    """A memory; keyword arguments are section ids with ``_`` for ``-``."""
    parsed: dict[str, list[Item]] = {}
    for name, items in sections.items():
        sid = name.replace("_", "-")
        assert sid in SECTION_IDS, sid
        parsed[sid] = [i if isinstance(i, Item) else Item(i) for i in items]
    return Memory(branch, parsed, updated=updated, through=through)


def memory_path(clone: Path, branch: str = "main") -> Path:
    name = plain_name(branch)
    assert name is not None
    return clone / MEMORY_DIR / name


def write_memory(clone: Path, mem: Memory | str) -> Path:
    path = memory_path(clone, mem.branch if isinstance(mem, Memory) else "main")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(generate(mem) if isinstance(mem, Memory) else mem)
    return path


def commit_all(clone: Path, message: str) -> str:
    run_git(clone, "add", "-A")
    run_git(clone, "commit", "-q", "-m", message)
    return run_git(clone, "rev-parse", "HEAD").stdout.strip()


def team(root: Path, first: Memory, *, register: tuple[bool, bool] = (True, True)
         ) -> tuple[Path, Path]:
    """Two clones of a bare remote whose main branch holds ``first`` (and, when either
    registers, the tracked ``.gitattributes`` line); ``register`` says which clones also
    have the driver in their git config."""
    from gitmemory.setup import merge_driver
    remote, a, b = root / "remote.git", root / "a", root / "b"
    run_git(root, "init", "-q", "--bare", "-b", "main", str(remote))
    run_git(root, "init", "-q", "-b", "main", str(a))
    (a / "README.md").write_text("project\n")
    write_memory(a, first)
    merge_driver.register(str(a))
    if not register[0]:
        run_git(a, "config", "--unset", "merge.gitmemory.driver")
    commit_all(a, "Start with memory")
    run_git(a, "remote", "add", "origin", str(remote))
    run_git(a, "push", "-q", "-u", "origin", "main")
    run_git(root, "clone", "-q", str(remote), str(b))
    if register[1]:
        merge_driver.register(str(b))
    return a, b


PYPROJECT = ('[project]\nname = "demo"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n\n'
             '[tool.ruff]\nline-length = 100\n')
MAIN_DECISION = "Storage is SQLite rather than Postgres: deployments are single-node"
BRANCH_DECISION = "Lookups are cached in a dict keyed by id: the store answers slowly"


def seeded_remote(root: Path, *args: str) -> tuple[Path, Path]:
    """A bare remote and the first clone, ``a``: a small Python project whose main branch
    learned a decision (a ``Memory-Decision`` trailer) and whose files say how it is
    styled, set up with ``gitmemory init`` (``args`` added) and pushed."""
    remote, a = root / "remote.git", root / "a"
    run_git(root, "init", "-q", "--bare", "-b", "main", str(remote))
    run_git(root, "clone", "-q", str(remote), str(a))
    (a / "pyproject.toml").write_text(PYPROJECT)
    (a / "src").mkdir()
    (a / "src" / "app.py").write_text("def main():\n    return 1\n")
    commit_all(a, "Initial app")
    (a / "src" / "db.py").write_text("import sqlite3\n")
    commit_all(a, f"Store data in SQLite\n\nMemory-Decision: {MAIN_DECISION}")
    done = run_gitmemory(a, "init", *args)
    assert done.returncode == 0, done.stderr
    commit_all(a, "Set up gitmemory")
    pushed = run_git(a, "push", "-u", "origin", "main", check=False)
    assert pushed.returncode == 0, pushed.stderr
    return remote, a


def clone(root: Path, remote: Path, name: str) -> Path:
    """A teammate's fresh clone of ``remote``: nothing set up."""
    run_git(root, "clone", "-q", str(remote), str(root / name))
    return root / name


def learn(clone_dir: Path, branch: str, text: str = BRANCH_DECISION) -> str:
    """A new branch ``branch`` with one commit that teaches ``text`` (a trailer)."""
    run_git(clone_dir, "checkout", "-q", "-b", branch)
    (clone_dir / "src" / "cache.py").write_text("CACHE = {}\n")
    return commit_all(clone_dir, f"Cache lookups\n\nMemory-Decision: {text}")

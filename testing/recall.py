"""Repositories whose branches carry memory, for search, diff and the MCP server."""

from __future__ import annotations

from pathlib import Path

from gitmemory.memory.filenames import MEMORY_DIR, name_for
from gitmemory.memory.markdown import SECTION_IDS, Item, Memory, generate
from testing.gitrepo import git


def memory(branch: str, **sections: list[str | Item]) -> Memory:
    """A memory; keyword arguments are section ids with ``_`` for ``-``."""
    parsed: dict[str, list[Item]] = {}
    for name, items in sections.items():
        sid = name.replace("_", "-")
        assert sid in SECTION_IDS, sid
        parsed[sid] = [i if isinstance(i, Item) else Item(i) for i in items]
    return Memory(branch, parsed, updated="2026-11-21T10:30:00Z")


def write(repo: Path, mem: Memory) -> Path:
    """``mem`` written under its branch's file name in the work tree."""
    path = repo / MEMORY_DIR / name_for(mem.branch)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(generate(mem))
    return path


def commit_memory(repo: Path, mem: Memory, message: str = "memory") -> str:
    write(repo, mem)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD").stdout.strip()


def branch_with_memory(repo: Path, mem: Memory, start: str = "main",
                       files: dict[str, str] | None = None) -> str:
    """Branch ``mem.branch`` from ``start`` with ``files`` and its memory committed; the
    checked-out branch is restored.  Returns the new tip."""
    back = git(repo, "symbolic-ref", "--short", "HEAD").stdout.strip()
    git(repo, "checkout", "-q", "-b", mem.branch, start)
    for name, text in (files or {}).items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    tip = commit_memory(repo, mem, f"memory of {mem.branch}")
    git(repo, "checkout", "-q", back)
    return tip

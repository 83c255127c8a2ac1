"""Branch name -> memory file name (docs/design.md, "Memory").

``feature/auth`` -> ``feature_auth.md``: every character outside
``[A-Za-z0-9_-]`` becomes ``_``.  That plain name is lossy, so it is used only
while no other branch's file holds it (compared case-insensitively, for
case-insensitive filesystems) and when it is safe (no Windows device name, at
most 255 bytes).  Otherwise the name carries a hash of the exact branch name:
``feature_auth.3f2c1e0a9b7d.md``.  Plain names never contain a dot, so the two
kinds never collide.  The file's title line is the authority on which branch it
belongs to; lookups check it.
"""

from __future__ import annotations

import os

from gitmemory import files
from gitmemory.errors import GitmemoryError
from gitmemory.memory.markdown import read_title

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

MEMORY_DIR = ".gitmemory/branches"
_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_RESERVED = frozenset(
    ["con", "prn", "aux", "nul"]
    + [f"{dev}{n}" for dev in ("com", "lpt") for n in range(10)]
)
_HEAD_BYTES = 4096
_MAX_STEM = 180  # readable prefix of a hashed name: 180 + 1 + 64 + 3 <= 255 bytes


def memory_dir(toplevel: str) -> str:
    """The directory holding every branch's memory file in the work tree at ``toplevel``."""
    return os.path.join(toplevel, MEMORY_DIR)


def _readable(branch: str) -> str:
    return "".join(c if c in _SAFE else "_" for c in branch)


def plain_name(branch: str) -> str | None:
    """The seed's readable name, or None when it is unsafe on some filesystem."""
    stem = _readable(branch)
    if not stem or stem.lower() in _RESERVED or len(stem) + 3 > 255:
        return None
    return stem + ".md"


def hashed_name(branch: str, digits: int = 12) -> str:
    digest = files.sha256_hex(branch.encode("utf-8", "surrogateescape"))[:digits]
    stem = _readable(branch)[:_MAX_STEM] or "_"
    if stem.lower() in _RESERVED:
        stem += "_"
    return f"{stem}.{digest}.md"


def candidates(branch: str) -> list[str]:
    names = [plain_name(branch), hashed_name(branch), hashed_name(branch, 64)]
    return [name for name in names if name]


def title_of(path: str) -> str | None:
    """The branch named on the file's title line (read from the head of the file)."""
    head = files.read_text(path, limit=_HEAD_BYTES)
    if head is not None and "\n" not in head.lstrip("\r\n"):
        # Git accepts branch names of any length (packed refs, reftable), so the title
        # line may not end within the head: read it whole rather than cut the name.
        head = files.read_text(path)
    return None if head is None else read_title(head)


def find(memory_dir: str, branch: str) -> str | None:
    """The path of ``branch``'s memory file, checked by its title, or None."""
    for name in candidates(branch):
        path = os.path.join(memory_dir, name)
        if title_of(path) == branch:
            return path
    return None


def path_for(memory_dir: str, branch: str) -> str:
    """Where ``branch``'s memory lives: its existing file, else a free, safe name."""
    try:
        names = os.listdir(memory_dir)
    except FileNotFoundError:
        names = []
    name, _ = choose(branch, names, lambda n: title_of(os.path.join(memory_dir, n)))
    return os.path.join(memory_dir, name)


def choose(branch: str, names: list[str], title: Callable[[str], str | None]
           ) -> tuple[str, bool]:
    """(file name for ``branch`` among ``names``, whether it exists already).

    Works on any listing: a directory, or a tree in git's object store.
    """
    present = set(names)
    for name in candidates(branch):
        if name in present and title(name) == branch:
            return name, True
    taken = {name.casefold() for name in names}
    for name in candidates(branch):
        if name.casefold() not in taken:
            return name, False
    # Only files planted on purpose get here: the names are public, so a branch can
    # commit decoys under all of them with another branch's title.
    raise GitmemoryError(f"no free memory file name for branch {branch!r}: "
                         f"{', '.join(candidates(branch))} belong to other branches",
                         hint=f"remove the decoys from {MEMORY_DIR}")


def list_files(memory_dir: str) -> list[tuple[str, str]]:
    """(branch named in the title, path) for every memory file, sorted by branch."""
    try:
        names = sorted(os.listdir(memory_dir))
    except FileNotFoundError:
        return []
    found = []
    for name in names:
        path = os.path.join(memory_dir, name)
        if name.endswith(".md") and not name.startswith(".") and os.path.isfile(path) \
                and not os.path.islink(path):
            title = title_of(path)
            if title is not None:
                found.append((title, path))
    return sorted(found)

"""Branch name -> memory file name (docs/design.md, "Memory").

The name is a function of the branch name alone, the same in every tree and
clone, because every branch carries every other branch's memory files and
they meet again at merges:

- a branch named with lowercase ASCII letters, digits, ``-`` and ``/`` only
  keeps the seed's readable name, ``/`` becoming ``_``: ``feature/auth`` ->
  ``feature_auth.md``.  Such names cannot collide: ``_`` is not among their
  characters, so the mapping can be undone, and lowercase only means no two
  differ by case alone;
- every other name gets a readable stem and a hash of the exact name:
  ``feature_auth`` -> ``feature_auth.3f2c1e0a9b7d.md``.  Hashed names hold a
  dot and plain names never do, so the two kinds never meet.

A file written under an older rule keeps working (lookups try the older names
too, and the title line says whose file it is) and moves to its name when it
is next written.  Token-like parts of a branch name (:func:`~gitmemory.memory.
markdown.title_for`) appear in neither the file name nor its title.
"""

from __future__ import annotations

import os

from gitmemory import files
from gitmemory.errors import GitmemoryError
from gitmemory.memory.markdown import MASK, read_title, title_for

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

MEMORY_DIR = ".gitmemory/branches"
_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-/")
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
    return "".join(c if c in _SAFE else "_" for c in title_for(branch))


def _keeps_readable_name(branch: str) -> bool:
    """Whether ``branch`` keeps the readable name: one that no other branch can share."""
    stem = branch.replace("/", "_")
    return bool(branch) and set(branch) <= _PLAIN and title_for(branch) == branch \
        and stem.lower() not in _RESERVED and len(stem) + 3 <= 255


def name_for(branch: str) -> str:
    """The file name of ``branch``'s memory: decided by the name alone."""
    return branch.replace("/", "_") + ".md" if _keeps_readable_name(branch) else hashed_name(branch)


def plain_name(branch: str) -> str | None:
    """The seed rule's readable name (every character outside ``[A-Za-z0-9_-]`` -> ``_``),
    or None when it is unsafe on some filesystem.  Older versions used it for any name."""
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
    """Names ``branch``'s memory may have, its own first, then those older rules gave."""
    names: list[str] = []
    for name in (name_for(branch), plain_name(branch), hashed_name(branch),
                 hashed_name(branch, 64)):
        if name and name not in names:
            names.append(name)
    return names


def names_branch(name: str, title: str) -> bool:
    """Whether a memory file called ``name`` may be the file of the branch its ``title``
    names: one of the names that branch's file may have.  A title with a masked part
    (``hotfix/ghp_[REDACTED]``) cannot say which hash its file name carries, only the
    readable part before it."""
    if name in candidates(title):
        return True
    if MASK not in title:
        return False
    stem, _, digest = name.removesuffix(".md").rpartition(".")
    return name.endswith(".md") and stem == hashed_name(title).rsplit(".", 2)[0] and \
        len(digest) in (12, 64) and set(digest) <= _HEX


_HEX = frozenset("0123456789abcdef")


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
        if title_of(path) == title_for(branch):
            return path
    return None


class NameChoice:
    """Where a branch's memory is written (``name``), and the file it has now, if any:
    ``existing``, which differs from ``name`` when an older rule named it."""

    __slots__ = ("existing", "name")

    def __init__(self, name: str, existing: str | None) -> None:
        self.name = name
        self.existing = existing

    @property
    def legacy(self) -> str | None:
        """The file to remove when ``name`` is written: one under an older name."""
        return self.existing if self.existing not in (None, self.name) else None


def choose_name(branch: str, names: list[str], title: Callable[[str], str | None]) -> NameChoice:
    """Where ``branch``'s memory goes among ``names`` (a directory, or a tree in git's
    object store), and which of them holds it now.

    Its own name, unless another branch's file (one an older rule named, or a
    decoy) sits there; then the long hashed name.
    """
    want = title_for(branch)
    present = set(names)
    existing = next((n for n in candidates(branch) if n in present and title(n) == want), None)
    taken = {name.casefold() for name in names}
    for name in (name_for(branch), hashed_name(branch, 64)):
        if name == existing or name.casefold() not in taken:
            return NameChoice(name, existing)
    # Only files planted on purpose get here: the names are public, so a branch can
    # commit decoys under all of them with another branch's title.
    raise GitmemoryError(f"no free memory file name for branch {want!r}: "
                         f"{name_for(branch)} and {hashed_name(branch, 64)} belong to other "
                         "branches", hint=f"remove the decoys from {MEMORY_DIR}")


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

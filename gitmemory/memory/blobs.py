"""The one reader of memory files in commits' trees (docs/design.md, "Memory").

:class:`Blobs` lists the memory directory of many commits' trees in one
``git cat-file --batch`` and reads the files it is asked for in one more,
each blob parsed once: a blob never changes, so what it parses to is kept by
blob id, also between runs when a state directory is given
(:mod:`gitmemory.memory.parse_cache`).  Everything that reads memory from a
tree (one branch's file, every branch's for ``list`` and ``search``, a
merge-base's for ``diff``) goes through it.  Only symlink-free regular files
count: a tree may hold a link named like a memory file.
"""

from __future__ import annotations

from gitmemory import git
from gitmemory.memory import parse_cache
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.memory.markdown import Memory, parse

_REGULAR = ("100644", "100755")


def tree_entries(content: bytes, oid_bytes: int = 20) -> dict[str, tuple[str, str]]:
    """``name -> (mode, object id)`` of a raw tree object (``oid_bytes``: 32 for SHA-256)."""
    entries: dict[str, tuple[str, str]] = {}
    at = 0
    while at < len(content):
        space = content.index(b" ", at)
        nul = content.index(b"\0", space)
        end = nul + 1 + oid_bytes
        entries[git.decode(content[space + 1:nul])] = (git.decode(content[at:space]),
                                                       content[nul + 1:end].hex())
        at = end
    return entries


class Blobs:
    """Memory directories of commits' trees and the files in them, read in batches."""

    __slots__ = ("_by_tree", "_loaded", "_parsed", "_trees", "commits", "repo_dir",
                 "state_dir")

    def __init__(self, repo_dir: str, state_dir: str | None = None) -> None:
        self.repo_dir = repo_dir
        self.state_dir = state_dir
        self._trees: dict[str, dict[str, str]] = {}  # rev -> name -> blob id
        self._by_tree: dict[str, dict[str, str]] = {}  # tree id -> name -> blob id
        # The commit each ref names, when the caller knows (the catalog's branch tips):
        # refs on one commit are read once.
        self.commits: dict[str, str] = {}
        self._parsed: parse_cache.Cache = parse_cache.load(state_dir) if state_dir else {}
        self._loaded = len(self._parsed)

    def list_trees(self, revs: list[str]) -> None:
        """Read the memory directory of every rev of ``revs`` not read yet (one process),
        each commit once (:attr:`commits`) and each distinct tree parsed once: 2,000
        branches on one commit read one tree of 2,000 files, not 2,000 of them."""
        wanted = [rev for rev in dict.fromkeys(revs) if rev not in self._trees]
        if not wanted:
            return
        asked = list(dict.fromkeys(self.commits.get(rev, rev) for rev in wanted))
        answers = git.cat_file([f"{rev}:{MEMORY_DIR}" for rev in asked], self.repo_dir)
        read: dict[str, dict[str, str]] = {}
        for rev, answer in zip(asked, answers, strict=True):
            entries: dict[str, str] = {}
            if answer and answer[1] == "tree":
                entries = self._by_tree.get(answer[0]) or {
                    name: oid for name, (mode, oid) in
                    tree_entries(answer[2], len(answer[0]) // 2).items() if mode in _REGULAR}
                self._by_tree[answer[0]] = entries
            read[rev] = entries
        for rev in wanted:
            self._trees[rev] = read[self.commits.get(rev, rev)]

    def names(self, rev: str) -> list[str]:
        """Regular files in the memory directory of ``rev``'s tree."""
        self.list_trees([rev])
        return list(self._trees[rev])

    def read(self, wanted: list[tuple[str, str]]) -> None:
        """Parse the files ``(rev, name)`` not parsed yet, in one process."""
        self.list_trees([rev for rev, _ in wanted])
        oids = [self._trees[rev].get(name) for rev, name in wanted]
        missing = list(dict.fromkeys(oid for oid in oids if oid and oid not in self._parsed))
        if not missing:
            return
        for oid, answer in zip(missing, git.cat_file(missing, self.repo_dir), strict=True):
            text = git.decode(answer[2]) if answer and answer[1] == "blob" else ""
            self._parsed[oid] = (text, parse(text) if text else None)

    def oid(self, rev: str, name: str) -> str | None:
        """The blob id of memory file ``name`` in ``rev``'s tree, or None."""
        self.list_trees([rev])
        return self._trees[rev].get(name)

    def file(self, rev: str, name: str) -> tuple[str, Memory | None] | None:
        """(text, what it parses to) of memory file ``name`` in ``rev``'s tree, or None.
        The memory is shared with later callers: copy it before changing it."""
        self.read([(rev, name)])
        oid = self._trees[rev].get(name)
        return self._parsed.get(oid) if oid else None

    def text(self, rev: str, name: str) -> str | None:
        found = self.file(rev, name)
        return found[0] if found else None

    def save(self) -> None:
        """Keep what was parsed for the next run (when a state directory was given)."""
        if self.state_dir:
            parse_cache.store(self.state_dir, self._parsed, self._loaded)
            self._loaded = len(self._parsed)

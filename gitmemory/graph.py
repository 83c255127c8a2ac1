"""Many questions about many branches, answered from a few git processes.

``gitmemory list`` asks, for every local branch, where its memory file is,
what it holds, where its pending work starts and how many commits follow.
One git process per question made that take seconds with 200 branches.
:class:`Snapshot` asks git a fixed number of times, whatever the number of
branches: the branch tips, the memory directories and files of their trees
(``git cat-file --batch``), and the commit graph above the common ancestor of
every tip and every commit the caller names (``git rev-list --parents``).

Ancestry answers are exact, or None when the loaded part of the graph cannot
tell: callers then ask git as usual.  See docs/design.md, "Command line".
"""

from __future__ import annotations

import heapq

from gitmemory import _proc, git

_TIP, _BASE = 1, 2


def _git_bytes(args: list[str], cwd: str, stdin: bytes = b"") -> bytes:
    code, out, err = _proc.run(["git", "-C", cwd, *args], stdin)
    if code != 0:
        raise git.GitError(["git", "-C", cwd, *args], code, git.decode(err))
    return out


def cat_file(repo_dir: str, specs: list[str]) -> dict[str, tuple[str, bytes]]:
    """``spec -> (type, content)`` for every object of ``specs`` that exists, from one
    ``git cat-file --batch`` process."""
    if not specs:
        return {}
    data = "".join(f"{spec}\n" for spec in specs).encode("utf-8", "surrogateescape")
    out = _git_bytes(["cat-file", "--batch"], repo_dir, data)
    found: dict[str, tuple[str, bytes]] = {}
    at = 0
    for spec in specs:
        end = out.index(b"\n", at)
        header = out[at:end].split(b" ")
        at = end + 1
        if len(header) != 3 or header[1] in (b"missing", b"ambiguous"):
            continue
        size = int(header[2])
        found[spec] = (git.decode(header[1]), out[at:at + size])
        at += size + 1
    return found


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


class Snapshot:
    """Local branch tips, the memory files in their trees, and the commit graph above the
    common ancestor of the tips and ``commits``; every fact read once."""

    def __init__(self, repo_dir: str, memory_dir: str) -> None:
        self.repo_dir = repo_dir
        self.tips = self._tips(repo_dir)
        self.trees = self._trees(repo_dir, memory_dir)
        self.blobs: dict[str, str] = {}
        self.parents: dict[str, tuple[str, ...]] = {}
        self.generation: dict[str, int] = {}
        self.floor: str | None = None
        self.inputs: set[str] = set()
        self.missing: set[str] = set()
        self.cache: dict[str, object] = {}  # what callers derive once from the whole graph

    @staticmethod
    def _tips(repo_dir: str) -> dict[str, str]:
        out = git.run(["for-each-ref", "--format=%(objectname) %(refname)", git.HEADS], repo_dir)
        tips = {}
        for line in out.split("\n"):
            sha, _, ref = line.partition(" ")
            if ref.startswith(git.HEADS):
                tips[ref] = sha
        return tips

    def _trees(self, repo_dir: str, memory_dir: str) -> dict[str, dict[str, tuple[str, str]]]:
        specs = {ref: f"{sha}:{memory_dir}" for ref, sha in self.tips.items()}
        found = cat_file(repo_dir, list(dict.fromkeys(specs.values())))
        oid_bytes = len(next(iter(self.tips.values()), "0" * 40)) // 2
        return {ref: tree_entries(found[spec][1], oid_bytes) for ref, spec in specs.items()
                if spec in found and found[spec][0] == "tree"}

    def files(self, ref: str) -> list[str]:
        """Regular files in the memory directory of local branch ``ref``'s tip (no symlinks)."""
        return [name for name, (mode, _) in self.trees.get(ref, {}).items()
                if mode in ("100644", "100755")]

    def text(self, ref: str, name: str) -> str | None:
        """The memory file ``name`` in ``ref``'s tip, read with every file :meth:`prefetch`
        asked for."""
        entry = self.trees.get(ref, {}).get(name)
        if entry is None:
            return None
        if entry[1] not in self.blobs:
            self.prefetch([(ref, name)])
        return self.blobs.get(entry[1])

    def prefetch(self, wanted: list[tuple[str, str]]) -> None:
        """Read the files ``(ref, name)`` in one process."""
        oids = [self.trees[ref][name][1] for ref, name in wanted
                if name in self.trees.get(ref, {})]
        for oid, (kind, data) in cat_file(self.repo_dir, oids).items():
            if kind == "blob":
                self.blobs[oid] = git.decode(data)

    # -- the commit graph ------------------------------------------------------------

    def load_graph(self, commits: list[str]) -> None:
        """Read the commit graph above the common ancestor of every tip and of ``commits``
        (full shas; those that name no commit are remembered as such)."""
        repo_dir = self.repo_dir
        wanted = [c for c in dict.fromkeys(commits) if len(c) in (40, 64) and _is_hex(c)]
        out = git.run(["cat-file", "--batch-check=%(objectname) %(objecttype)"], repo_dir,
                      stdin="".join(f"{c}\n" for c in wanted)) if wanted else ""
        self.inputs = {line.split(" ")[0] for line in out.split("\n")
                       if line.endswith(" commit")}
        self.missing = {c for c in wanted if c not in self.inputs}
        self.inputs |= set(self.tips.values())
        heads = sorted(self.inputs)
        if not heads:
            return
        code, base = git.run_status(["merge-base", "--octopus", *heads], repo_dir)
        self.floor = base.strip() if code == 0 and base.strip() else None
        spec = [*heads, *([f"^{self.floor}"] if self.floor else [])]
        listed = git.run(["rev-list", "--parents", "--topo-order", "--stdin"], repo_dir,
                         stdin="\n".join(spec) + "\n")
        order = []
        for line in listed.split("\n"):
            words = line.split()
            if words:
                self.parents[words[0]] = tuple(words[1:])
                order.append(words[0])
        for sha in reversed(order):  # parents before children
            self.generation[sha] = 1 + max(
                (self.generation.get(p, 0) for p in self.parents[sha]), default=0)

    def spec(self) -> list[str]:
        """The range the graph holds, as rev-list arguments."""
        return [*sorted(self.inputs), *([f"^{self.floor}"] if self.floor else [])]

    def resolve(self, rev: str) -> tuple[bool, str | None]:
        """(known, the commit ``rev`` names or None); not known: ask git."""
        if rev in self.tips:
            return True, self.tips[rev]
        if rev in self.inputs:
            return True, rev
        return rev in self.missing, None

    def is_ancestor(self, older: str, newer: str) -> bool | None:
        """Whether ``older`` is an ancestor of ``newer`` (or the same); None: ask git."""
        a, b = self.tips.get(older, older), self.tips.get(newer, newer)
        if a == b and (a in self.parents or a in self.inputs):
            return True
        if a in self.parents:
            if b not in self.parents:
                return False if b in self.inputs else None
            return self._reaches(b, a)
        if a in self.inputs and b in self.inputs:
            return True  # a lies under the floor, which is an ancestor of every input
        return None

    def _reaches(self, start: str, target: str) -> bool:
        floor = self.generation[target]
        seen = {start}
        todo = [start]
        while todo:
            sha = todo.pop()
            if sha == target:
                return True
            for parent in self.parents.get(sha, ()):
                if parent not in seen and self.generation.get(parent, 0) >= floor:
                    seen.add(parent)
                    todo.append(parent)
        return False

    def only_in(self, tip: str, base: str) -> list[str] | None:
        """Commits reachable from ``tip`` and not from ``base``, newest first (merges
        included); None when the loaded graph cannot tell."""
        tip, base = self.tips.get(tip, tip), self.tips.get(base, base)
        if tip not in self.inputs or base not in self.inputs:
            return None
        if base not in self.parents and base != self.floor:
            return None  # under the floor: what lies between is not loaded
        flags = {tip: _TIP}
        if base in self.parents:  # else the floor: no loaded commit is its ancestor
            flags[base] = flags.get(base, 0) | _BASE
        heap = [(-self.generation[sha], sha) for sha in flags if sha in self.parents]
        heapq.heapify(heap)
        alive = sum(1 for _, sha in heap if flags[sha] == _TIP)  # queued, reachable from tip only
        found: list[str] = []
        while alive:
            _, sha = heapq.heappop(heap)
            flag = flags[sha]
            if flag == _TIP:
                found.append(sha)
                alive -= 1
            for parent in self.parents[sha]:
                if parent not in self.parents:
                    continue  # under the floor: an ancestor of base too
                old = flags.get(parent, 0)
                new = old | flag
                if new == old:
                    continue
                flags[parent] = new
                if not old:
                    heapq.heappush(heap, (-self.generation[parent], parent))
                alive += (new == _TIP) - (old == _TIP)
        return found

    def is_merge(self, sha: str) -> bool:
        return len(self.parents.get(sha, ())) > 1


def _is_hex(text: str) -> bool:
    return all(c in "0123456789abcdef" for c in text)

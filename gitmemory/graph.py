"""Ancestry questions about many commits, answered from a few git processes.

``gitmemory list`` asks, for every local branch, where its pending work
starts and how many commits follow.  One git process per question made that
take seconds with 200 branches.  :class:`Graph` reads the commit graph above
the common ancestor of every branch tip and every commit the caller names
(``git rev-list --parents``) once.  It knows commits only: memory files are
the memory catalog's (:mod:`gitmemory.memory.catalog`).  Callers that ask
about many branches build one and pass it along.

Answers are exact, or None when the loaded part of the graph cannot tell:
callers then ask git as usual.  See docs/design.md, "Command line".
"""

from __future__ import annotations

import heapq

from gitmemory import git

_TIP, _BASE = 1, 2


class Graph:
    """Local branch tips and the commit graph above the common ancestor of the tips and
    ``commits`` (:meth:`load`); every fact read once."""

    def __init__(self, repo_dir: str, tips: dict[str, str] | None = None) -> None:
        self.repo_dir = repo_dir
        self.tips = tips if tips is not None else {
            ref: sha for sha, ref in git.refs([git.HEADS], repo_dir)}
        self.parents: dict[str, tuple[str, ...]] = {}
        self.generation: dict[str, int] = {}
        self.floor: str | None = None
        self.inputs: set[str] = set()
        self.missing: set[str] = set()
        self.cache: dict[str, object] = {}  # what callers derive once from the whole graph

    def load(self, commits: list[str]) -> None:
        """Read the commit graph above the common ancestor of every tip and of ``commits``
        (full shas; those that name no commit are remembered as such)."""
        repo_dir = self.repo_dir
        wanted = [c for c in dict.fromkeys(commits) if len(c) in (40, 64) and _is_hex(c)]
        self.inputs = {answer[0] for answer in git.cat_file(wanted, repo_dir, contents=False)
                       if answer and answer[1] == "commit"}
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
        if tip not in self.inputs:
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

    def merge_base(self, one: str, other: str) -> tuple[bool, str | None]:
        """(known, a best common ancestor of ``one`` and ``other``, or None when they have
        none); not known: ask git.  The common ancestor of highest generation (so of no
        other common ancestor an ancestor): what ``git merge-base`` says but for a
        criss-cross merge, where git too picks one of several.  The ancestors of ``other``
        are walked once for every ``one`` asked about (``list``: each branch against the
        default)."""
        a, b = self.tips.get(one, one), self.tips.get(other, other)
        if a not in self.inputs or b not in self.inputs:
            return False, None
        if b in (a, self.floor):  # the floor is an ancestor of every input
            return True, b
        if a == self.floor:
            return True, a
        if a not in self.parents or b not in self.parents:
            return False, None  # under the floor: what lies between is not loaded
        key = f"ancestors:{b}"
        below = self.cache.get(key)
        if not isinstance(below, set):
            below = self.cache[key] = self._ancestors(b)
        heap = [(-self.generation[a], a)]
        seen = {a}
        while heap:
            _, sha = heapq.heappop(heap)
            if sha in below:
                return True, sha
            for parent in self.parents[sha]:
                if parent not in seen and parent in self.parents:
                    seen.add(parent)
                    heapq.heappush(heap, (-self.generation[parent], parent))
        # nothing loaded is common: the floor is, or (no floor: all is loaded) nothing
        return True, self.floor

    def _ancestors(self, sha: str) -> set[str]:
        found = {sha}
        todo = [sha]
        while todo:
            for parent in self.parents[todo.pop()]:
                if parent not in found and parent in self.parents:
                    found.add(parent)
                    todo.append(parent)
        return found

    def is_merge(self, sha: str) -> bool:
        return len(self.parents.get(sha, ())) > 1


def _is_hex(text: str) -> bool:
    return all(c in "0123456789abcdef" for c in text)

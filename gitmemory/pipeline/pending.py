"""Commits of a branch that its memory does not cover yet (docs/design.md, "Data flow").

Pending work starts after the memory file's ``Through:`` sha.  When history
was rewritten (amend, rebase, force-push) and that sha is no longer in the
branch, it is mapped through the local rewrite records; failing that, work
starts at the merge-base with the default branch, and commits whose patch is
one the old ``Through:`` already covered are left out, so nothing is
extracted twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gitmemory import git, journal
from gitmemory.pipeline.own import own_commits
from gitmemory.repo import Repo
from gitmemory.sources.commits.examined import examined
from gitmemory.sources.commits.history import bounded
from gitmemory.sources.commits.merges import pull_request

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.graph import Graph

@dataclass
class Range:
    start: str | None  # pending commits come after this one; None: from the root
    covered: set[str] = field(default_factory=set)  # shas whose patches are already known
    reason: str = ""
    resumed: bool = False  # start is where earlier runs stopped reading


def merge_base(repo: Repo, branch: str, graph: Graph | None = None) -> str | None:
    """Where ``branch`` left the default branch (``graph``: the commit graph a caller
    asking about many branches loaded once; it answers without a process)."""
    from gitmemory.memory.read import default_branch

    default = default_branch(repo.info, repo.cfg)
    if not default or default == branch:
        return None
    if graph is not None and git.HEADS + default in graph.tips:
        known, base = graph.merge_base(git.HEADS + branch, git.HEADS + default)
        if known:
            return base
    else:
        common = repo.info.common_dir  # both tips from the ref files: git is asked once
        tips = [git.head_in_files(git.RepoInfo(common, common, repo.toplevel, git.HEADS + n))
                for n in (branch, default)]
        if tips[0] and tips[1]:
            return git.merge_base(tips[0], tips[1], repo.toplevel)
        if not git.ref_exists(git.HEADS + default, repo.toplevel):
            return None
    code, out = git.run_status(["merge-base", git.HEADS + branch, git.HEADS + default],
                               repo.toplevel)
    return out.strip() if code == 0 and out.strip() else None


def start_range(repo: Repo, branch: str, through: str | None, model: bool = False,
                graph: Graph | None = None) -> Range:
    """Where pending work on ``branch`` starts for a reader of this kind (``graph``: the
    commit graph a caller asking about many branches loaded once)."""
    rng = _start_from_memory(repo, branch, through, graph)
    seen = examined(repo.info.state_dir, branch, model)
    if seen and _rev_parse(repo, seen, graph) and \
            _is_ancestor(repo, seen, git.HEADS + branch, graph) and \
            (rng.start is None or _is_ancestor(repo, rng.start, seen, graph)):
        return Range(seen, rng.covered, rng.reason + "; later commits already read here",
                     resumed=True)
    return rng


def window_start(repo: Repo, branch: str) -> Range:
    """Where a branch's first memory starts when nothing else says: ``history_window``
    first-parent commits back from its tip (the root, when the history is shorter; the
    tip itself, reading nothing, for a window of 0)."""
    size = repo.cfg.history_window
    tip = git.HEADS + branch
    start = git.back(tip, size, repo.toplevel)
    if start is None:
        return Range(None, reason="no memory yet: the whole history")
    return Range(start, reason=f"no memory yet: the last {size} first-parent commits")


def _start_from_memory(repo: Repo, branch: str, through: str | None, graph: Graph | None
                       ) -> Range:
    tip = git.HEADS + branch
    top = repo.toplevel
    if not through:
        base = merge_base(repo, branch, graph)
        return Range(base, reason="no memory yet: from the merge-base") if base else \
            window_start(repo, branch)
    known = _rev_parse(repo, through, graph)
    if known and _is_ancestor(repo, known, tip, graph):
        return Range(known, reason="after Through", resumed=True)
    mapped = journal.rewrite_map(repo.info.state_dir).get(through)
    if mapped and git.rev_parse(mapped, top) and git.is_ancestor(mapped, tip, top):
        if _absorbed_later_work(repo, through):
            return Range(git.rev_parse(mapped + "^", top),
                         reason="Through was squashed with later work: from that commit",
                         resumed=True)
        return Range(mapped, reason="after Through, mapped through a local rewrite",
                     resumed=True)
    base = merge_base(repo, branch, graph)
    covered = _patch_ids_between(top, base, known) if known else set()
    return Range(base, _same_patches(top, base, tip, covered),
                 reason="Through is no longer in the branch: from the merge-base, "
                        "skipping patches already covered")


def _absorbed_later_work(repo: Repo, through: str) -> bool:
    """Whether the rewrite of ``through`` also took in commits made after it (a squash or
    fixup in ``rebase -i``), whose work the memory does not cover."""
    direct = journal.direct_rewrites(repo.info.state_dir)
    into = direct.get(through)
    others = [old for old, new in direct.items() if new == into and old != through]
    return any(not git.is_ancestor(old, through, repo.toplevel) for old in others)


def _patch_ids(repo_dir: str, spec: list[str]) -> dict[str, str]:
    """patch-id -> commit for the non-merge commits of ``spec``."""
    log = git.run(["log", "-p", "--no-merges", "--no-color", "--format=commit %H", *spec],
                  repo_dir)
    if not log.strip():
        return {}
    out = git.run(["patch-id", "--stable"], repo_dir, stdin=log)
    return {pid: sha for pid, _, sha in (line.partition(" ") for line in out.splitlines())}


def _patch_ids_between(repo_dir: str, base: str | None, through: str) -> set[str]:
    return set(_patch_ids(repo_dir, [through, *([f"^{base}"] if base else [])]))


def _same_patches(repo_dir: str, base: str | None, tip: str, covered: set[str]) -> set[str]:
    if not covered:
        return set()
    current = _patch_ids(repo_dir, [tip, *([f"^{base}"] if base else [])])
    return {sha for pid, sha in current.items() if pid in covered}


def shas(repo: Repo, branch: str, rng: Range, tip: str | None = None,
         graph: Graph | None = None) -> list[str]:
    """Pending commits up to ``tip`` (default: the branch), oldest first: the non-merge
    ones and the merges that carry a pull request's text (:func:`_carrying`), gitmemory's
    own commits (:mod:`~gitmemory.pipeline.own`) left out."""
    spec = [tip or git.HEADS + branch, *([f"^{rng.start}"] if rng.start else [])]
    listed = _from_graph(graph, spec[0], rng.start, repo.toplevel)
    if listed is None or graph is None:
        parents = _parents(repo.toplevel, ["--reverse", *spec])
        carry = _carrying(repo.toplevel, spec, parents)
        listed = [sha for sha, rest in parents.items() if len(rest) < 2 or sha in carry]
        own = own_commits(repo.toplevel, repo.cfg, spec)
    else:
        own = _own_in_graph(repo, graph)
    foreign = _unrelated(repo.toplevel, spec, rng.start) if graph is None or \
        _roots_beside_own(graph) else set()
    skip = rng.covered | own | foreign
    return [sha for sha in listed if sha not in skip]


def _roots_beside_own(graph: Graph) -> bool:
    """Whether the graph holds a root besides the project's own, the one case where
    :func:`_unrelated` must ask git (``list`` asks git a fixed number of times)."""
    if "roots" not in graph.cache:
        roots = sum(1 for rest in graph.parents.values() if not rest)
        graph.cache["roots"] = roots > (0 if graph.floor else 1)
    return bool(graph.cache["roots"])


def _unrelated(top: str, spec: list[str], start: str | None) -> set[str]:
    """:func:`_foreign` for a range :func:`shas` lists, so that what ``status`` and
    ``list`` count is what a run reads.  Without a root besides the first-parent line's
    own (the usual case) one listing of roots settles it."""
    roots = git.run(["rev-list", "--max-parents=0", *spec], top).split()
    if len(roots) <= (0 if start else 1):
        return set()
    parents = _parents(top, ["--topo-order", "--reverse", *spec])
    line = _first_parents(parents, git.rev_parse(spec[0], top))
    return _foreign(top, parents, set(line), list(parents))


def _parents(top: str, args: list[str]) -> dict[str, list[str]]:
    """Each commit ``rev-list`` lists with ``args``, to its parents, in its order."""
    return {sha: rest for sha, *rest in
            (line.split() for line in git.run(["rev-list", "--parents", *args],
                                              top).splitlines())}


def _first_parents(parents: dict[str, list[str]], head: str | None) -> list[str]:
    """The first-parent line from ``head`` down to where ``parents`` ends, tip first."""
    line = []
    while head in parents:
        line.append(head)
        head = parents[head][0] if parents[head] else None
    return line


def _carrying(top: str, spec: list[str], parents: dict[str, list[str]] | None = None
              ) -> set[str]:
    """The merges of ``spec`` whose message carries a pull request's title and description
    (:mod:`~gitmemory.sources.commits.merges`): read as the squash commit of that pull
    request would be, while the commits it merges are read as ever.  One ``git log`` of
    the merges' messages, asked only when the range holds a merge (by ``parents``, its
    commits' parents, when the caller has them)."""
    if parents is not None and not any(len(rest) > 1 for rest in parents.values()):
        return set()
    out = git.run(["log", "--merges", "--encoding=UTF-8", "--format=%x1e%H%x1f%B", *spec],
                  top)
    found = set()
    for record in out.split("\x1e")[1:]:
        sha, _, message = record.partition("\x1f")
        if pull_request(bounded(message.replace("\r\n", "\n"))):
            found.add(sha)
    return found


@dataclass
class Order:
    """A range's pending commits in the order runs read them, and where a run may stop.

    ``cuts`` maps how many of ``shas`` a run has read to the commit ``Through:`` then
    names: one whose ancestry in the range is exactly those commits (commit-date order
    has no such commit once a side branch is merged: runs read it again, or skipped
    it, and could go round in a circle)."""

    shas: list[str]
    cuts: dict[int, str] = field(default_factory=dict)

    def cut(self, read: int) -> int:
        """The most commits, at most ``read``, after which a run may stop."""
        return max((n for n in self.cuts if n <= read), default=0)

    def least(self) -> int:
        """The fewest commits a run reads to move at all (a whole merged branch)."""
        return min((n for n in self.cuts if n > 0), default=len(self.shas))


def ordered(repo: Repo, branch: str, rng: Range, tip: str | None = None) -> Order:
    """:func:`shas`, ordered by first-parent groups: each commit of the branch's
    first-parent line after the commits it merges (a side branch oldest first, before
    its merge), so that a run can stop after any whole group."""
    top = repo.toplevel
    head = git.rev_parse(tip or git.HEADS + branch, top)
    if head is None:
        return Order([])
    spec = [head, *([f"^{rng.start}"] if rng.start else [])]
    parents = _parents(top, spec)
    line = _first_parents(parents, head)
    order: list[str] = []
    seen: set[str] = set()
    for first in reversed(line):  # each commit after its parents in the range
        seen.add(first)
        stack = [(first, iter(parents[first]))]
        while stack:
            sha, rest = stack[-1]
            parent = next((p for p in rest if p in parents and p not in seen), None)
            if parent is None:
                stack.pop()
                order.append(sha)
            else:
                seen.add(parent)
                stack.append((parent, iter(parents[parent])))
    skip = rng.covered | own_commits(top, repo.cfg, spec) | _foreign(top, parents, set(line), order)
    carry = _carrying(top, spec, parents)
    shas: list[str] = []
    cuts: dict[int, str] = {0: rng.start} if rng.start else {}
    # commits read (the start counts as read) that no commit read has as a parent
    heads, fathers = (1 if rng.start else 0), set()
    for sha in order:
        heads += 1
        for parent in set(parents[sha]):
            if (parent in parents or parent == rng.start) and parent not in fathers:
                fathers.add(parent)
                heads -= 1
        if (len(parents[sha]) < 2 or sha in carry) and sha not in skip:
            shas.append(sha)
        if heads == 1:  # all read so far is this commit's ancestry
            cuts[len(shas)] = sha
    return Order(shas, cuts)


def _foreign(top: str, parents: dict[str, list[str]], line: set[str], order: list[str]
             ) -> set[str]:
    """The commits of another project's history that a merge brought in whole (a vendored
    library merged with ``--allow-unrelated-histories``, a subtree): their lessons are that
    project's, years old, and what they say of its code is not true of this one
    (docs/design.md, "Data flow").  A commit is the project's own when it is on the
    branch's first-parent line, or leads there or out of the range through its parents;
    the rest lead only to a root of their own.  ``order`` has each commit after its
    parents, so one pass settles them all.  A shallow clone's cut looks like such a root,
    so there nothing is left out."""
    if not any(not rest and sha not in line for sha, rest in parents.items()) or \
            git.run(["rev-parse", "--is-shallow-repository"], top).strip() == "true":
        return set()
    own: dict[str, bool] = {}
    for sha in order:
        own[sha] = sha in line or any(p not in parents or own[p] for p in parents[sha])
    return {sha for sha, mine in own.items() if not mine}


def count(repo: Repo, branch: str, through: str | None) -> int | None:
    """How many commits wait to be memorized, or None when the branch is not local."""
    if not git.ref_exists(git.HEADS + branch, repo.toplevel):
        return None
    return len(shas(repo, branch, start_range(repo, branch, through)))


# Questions that `gitmemory list` answers for every branch from one commit graph
# (gitmemory/graph.py); git is asked only what the graph cannot tell.

def _rev_parse(repo: Repo, rev: str, graph: Graph | None) -> str | None:
    known, sha = graph.resolve(rev) if graph else (False, None)
    return sha if known else git.rev_parse(rev, repo.toplevel)


def _is_ancestor(repo: Repo, older: str, newer: str, graph: Graph | None) -> bool:
    known = graph.is_ancestor(older, newer) if graph else None
    return git.is_ancestor(older, newer, repo.toplevel) if known is None else known


def _from_graph(graph: Graph | None, tip: str, start: str | None, top: str
                ) -> list[str] | None:
    """:func:`shas`' commits after ``start`` up to ``tip``, oldest first, from the graph
    (git is asked only for the messages of merges, when the range holds any)."""
    found = graph.only_in(tip, start) if graph is not None and start else None
    if found is None or graph is None:
        return None
    merges = [sha for sha in found if graph.is_merge(sha)]
    carry = _carrying(top, [tip, f"^{start}"]) if merges else set()
    return [sha for sha in reversed(found) if not graph.is_merge(sha) or sha in carry]


def _own_in_graph(repo: Repo, graph: Graph) -> set[str]:
    if "own" not in graph.cache:
        graph.cache["own"] = own_commits(repo.toplevel, repo.cfg, graph.spec())
    own = graph.cache["own"]
    assert isinstance(own, set)
    return own

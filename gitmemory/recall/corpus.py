"""Every branch's memory, read from refs in a bounded number of git processes.

A local branch checked out in some worktree keeps its newest memory in that
work tree; every other branch in its tip's tree (docs/design.md, "Memory").
With ``remote``, remote-tracking branches are read from their refs too.
Memory files of branches that are gone (merged and deleted) stay in the work
tree; they are read from there.  Whatever the number of branches, this runs
``git for-each-ref``, ``git worktree list`` and one ``git cat-file --batch``
(and ``git remote`` with ``remote``); parsed files are cached by blob id.
"""

from __future__ import annotations

from gitmemory import git, state, worktrees
from gitmemory.memory import filenames, parse_cache, read
from gitmemory.memory.read import Found

REMOTES = "refs/remotes/"


class Source:
    """One branch's memory as found.

    ``label`` names the branch as git shows it (``feature/x``,
    ``origin/feature/x``); ``branch`` is the name its memory file carries;
    ``ref`` is the full ref it was read from (None for a file found only in
    the work tree); ``kind`` is ``local``, ``remote`` or ``file``.
    """

    __slots__ = ("branch", "found", "kind", "label", "ref")

    def __init__(self, label: str, branch: str, ref: str | None, kind: str, found: Found) -> None:
        self.label = label
        self.branch = branch
        self.ref = ref
        self.kind = kind
        self.found = found

    def where(self, toplevel: str) -> str:
        """The file as a person would name it (``path``, or ``rev:path`` from a tree)."""
        if self.found.worktree is not None:
            return self.found.where(toplevel)
        return f"{self.label}:{self.found.rel_path}"

    def matches(self, names: list[str]) -> bool:
        """Whether ``names`` (``--branch``) pick this source: by label or by branch name."""
        return not names or self.label in names or self.branch in names


def collect(toplevel: str, state_dir: str | None, *, remote: bool = False) -> list[Source]:
    """The memory of every local branch (and remote-tracking one, with ``remote``),
    then of branches known only from files in the work tree, in that order."""
    local = git.refs([git.HEADS], toplevel)
    tracking = _tracking(toplevel) if remote else []
    checked_out = worktrees.checked_out(toplevel)
    in_tree = [(name, name, ref, sha) for sha, ref in local
               if (name := ref[len(git.HEADS):]) not in checked_out] + tracking
    if state_dir:
        state.ensure_dir(state_dir)
    cache = parse_cache.load(state_dir) if state_dir else {}
    size = len(cache)
    found = read.in_trees(toplevel, [(sha, branch) for _, branch, _, sha in in_tree], cache)
    if state_dir:
        parse_cache.store(state_dir, cache, size)
    by_ref = {ref: Source(label, branch, ref, "remote" if ref.startswith(REMOTES) else "local",
                          memory)
              for (label, branch, ref, _), memory in zip(in_tree, found, strict=True) if memory}
    for _, ref in local:
        name = ref[len(git.HEADS):]
        if name in checked_out and (memory := read.in_work_tree(checked_out[name], name)):
            by_ref[ref] = Source(name, name, ref, "local", memory)
    names = {ref[len(git.HEADS):] for _, ref in local}
    return [by_ref[ref] for _, ref in local if ref in by_ref] + _files(toplevel, names) + \
        [by_ref[ref] for _, _, ref, _ in tracking if ref in by_ref]


def _tracking(toplevel: str) -> list[tuple[str, str, str, str]]:
    """(label, branch, ref, sha) of every remote-tracking branch; the remote is the
    longest configured remote name that prefixes the ref (names may hold ``/``)."""
    remotes = sorted(git.run(["remote"], toplevel).split(), key=len, reverse=True)
    found = []
    for sha, ref in git.refs([REMOTES], toplevel):
        label = ref[len(REMOTES):]
        remote = next((r for r in remotes if label.startswith(r + "/")), label.split("/")[0])
        branch = label[len(remote) + 1:]
        if branch and branch != "HEAD":
            found.append((label, branch, ref, sha))
    return found


def _files(toplevel: str, local: set[str]) -> list[Source]:
    """Memory files in the work tree of branches that are not local (merged and deleted,
    or fetched with a merge)."""
    out = []
    for branch, _path in filenames.list_files(filenames.memory_dir(toplevel)):
        if branch in local:
            continue
        found = read.in_work_tree(toplevel, branch)
        if found is not None:
            out.append(Source(branch, branch, None, "file", found))
    return out

"""Every branch's memory, in one place (docs/design.md, "Memory").

A local branch checked out in some worktree keeps its newest memory in that
work tree, every other one in its tip's tree; remote-tracking branches are
read from their refs; memory files of branches that are not local (merged and
deleted) are read from the work tree.  :class:`Catalog` lists them all with
``git for-each-ref``, ``git worktree list`` and two ``git cat-file --batch``
(:mod:`gitmemory.memory.blobs`: the memory directories of every tip, then the
files not parsed before), whatever the number of branches.  ``list``,
``search``, the MCP server, ``diff`` and the layering of a branch over the
default branch (:func:`inherited`) read memory through it.
"""

from __future__ import annotations

from gitmemory import files, git, output, state
from gitmemory.errors import GitmemoryError
from gitmemory.memory import filenames, location, read
from gitmemory.memory.blobs import Blobs
from gitmemory.memory.read import Found

REMOTES = "refs/remotes/"


class Entry:
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
        """Whether ``names`` (``--branch``) pick this entry: by label or by branch name."""
        return not names or self.label in names or self.branch in names


class Catalog:
    """The branches of the repository at ``toplevel`` and where their memory is.

    ``tips`` maps each local branch's ref (and, with ``remote``, each
    remote-tracking one's) to its commit; ``known`` says where local branches
    are checked out and which are busy, and reads trees through ``blobs``.
    """

    def __init__(self, toplevel: str, state_dir: str | None = None, *,
                 remote: bool = False) -> None:
        self.toplevel = toplevel
        if state_dir:
            state.ensure_dir(state_dir)
        self.blobs = Blobs(toplevel, state_dir)
        self.local = [(ref, sha) for sha, ref in git.refs([git.HEADS], toplevel)]
        self.tracking = _tracking(toplevel) if remote else []
        self.tips = dict(self.local) | {ref: sha for _, _, ref, sha in self.tracking}
        self.known = location.Worktrees(toplevel, self.blobs)
        self.blobs.commits = self.tips
        self.blobs.list_trees(list(self.tips))
        self.unreadable: set[str] = set()  # branches whose work-tree file was said unreadable

    def entries(self) -> list[Entry]:
        """The memory of every local branch (and remote-tracking one, when asked), then of
        branches known only from files in the work tree, in that order."""
        checked_out = self.known.checked_out
        in_tree = [(name, name, ref) for ref, _ in self.local
                   if (name := ref[len(git.HEADS):]) not in checked_out]
        in_tree += [(label, branch, ref) for label, branch, ref, _ in self.tracking]
        self.blobs.read([(ref, name) for _, branch, ref in in_tree
                         for name in filenames.candidates(branch)])
        by_ref: dict[str, Entry] = {}
        for label, branch, ref in in_tree:
            found = read.in_tree(self.toplevel, ref, branch, self.blobs)
            if found is not None:
                kind = "remote" if ref.startswith(REMOTES) else "local"
                by_ref[ref] = Entry(label, branch, ref, kind, found)
        for ref, _ in self.local:
            name = ref[len(git.HEADS):]
            if name in checked_out and (found := self._in_work_tree(checked_out[name], name)):
                by_ref[ref] = Entry(name, name, ref, "local", found)
        self.blobs.save()
        local = [by_ref[ref] for ref, _ in self.local if ref in by_ref]
        return local + self._files({entry.branch for entry in local}) + \
            [by_ref[ref] for _, _, ref, _ in self.tracking if ref in by_ref]

    def _files(self, listed: set[str]) -> list[Entry]:
        """Memory files in the work tree of branches not listed yet: not local (merged and
        deleted, or fetched with a merge), or local without memory of their own."""
        out = []
        for branch, _path in filenames.list_files(filenames.memory_dir(self.toplevel)):
            if branch in listed:
                continue
            found = self._in_work_tree(self.toplevel, branch)
            if found is not None:
                out.append(Entry(branch, branch, None, "file", found))
        return out

    def _in_work_tree(self, toplevel: str, branch: str) -> Found | None:
        """``branch``'s memory file in a work tree; one that cannot be read (a symlink, a
        file over the size cap) is said once, in one line, and left out, so every other
        branch stays readable.  A memory directory that is a symlink stops the command."""
        if branch in self.unreadable:
            return None
        files.check_dirs(toplevel, filenames.MEMORY_DIR)  # a linked directory: none is read
        try:
            return read.in_work_tree(toplevel, branch)
        except GitmemoryError as exc:
            self.unreadable.add(branch)
            output.note(exc.one_line())
            return None

    def in_rev(self, rev: str) -> dict[str, Found]:
        """Every branch memory in the tree of commit ``rev``, by the branch its title
        names (the file that branch would read first, when two claim it)."""
        names = [name for name in self.blobs.names(rev) if name.endswith(".md")]
        self.blobs.read([(rev, name) for name in names])
        titles = []
        for name in names:
            parsed = self.blobs.file(rev, name)
            if parsed and parsed[1] is not None:
                titles.append(parsed[1].branch)
        found = {}
        for title in dict.fromkeys(titles):
            memory = read.in_tree(self.toplevel, rev, title, self.blobs)
            if memory is not None:
                found[title] = memory
        return found


def inherited(repo_dir: str, loc: location.Location, default: str | None) -> Found | None:
    """The default branch's memory as ``loc.branch`` carries it: its file beside the
    branch's in the work tree that has the branch checked out, else in the branch's tip
    (docs/design.md, "Layers of memory"); None on the default branch itself."""
    if not default or default == loc.branch:
        return None
    if loc.worktree:
        return read.in_work_tree(loc.worktree, default)
    return read.in_tree(repo_dir, git.HEADS + loc.branch, default)


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

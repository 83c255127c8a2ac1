"""The one door to a branch's memory (docs/design.md, "Memory").

Every reader comes through here: find the branch's file (in a work tree, or in
a commit's tree), parse it, and check that its title names the branch.  A file
under the right name whose title names another branch is not that branch's
memory: names are public, and a branch can commit decoys.

Stdlib only: the checkout hook reads memory through :func:`in_work_tree`,
which starts no process.
"""

from __future__ import annotations

import os
import stat

from gitmemory import files, git
from gitmemory.errors import GitmemoryError
from gitmemory.memory import filenames
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.memory.markdown import MAX_BYTES, Memory, parse, title_for

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.config import Config
    from gitmemory.memory import location
    from gitmemory.memory.blobs import Blobs


class Found:
    """A branch's memory, the text it was parsed from, and where that text is.

    ``worktree`` is the top of the work tree holding the file, or None when
    the file was read from the tree of ``rev``.
    """

    __slots__ = ("memory", "rel_path", "rev", "text", "worktree")

    def __init__(self, memory: Memory, text: str, rel_path: str, worktree: str | None,
                 rev: str | None) -> None:
        self.memory = memory
        self.text = text
        self.rel_path = rel_path
        self.worktree = worktree
        self.rev = rev

    def where(self, toplevel: str | None = None) -> str:
        """The file as a person would name it: a path, or ``rev:path`` for a tree."""
        if self.worktree is None:
            rev = self.rev or ""
            return f"{rev[len(git.HEADS):] if rev.startswith(git.HEADS) else rev}:{self.rel_path}"
        path = os.path.join(self.worktree, self.rel_path)
        return os.path.relpath(path, toplevel).replace(os.sep, "/") if toplevel else path


def parsed(text: str | None, branch: str, where: str = "") -> Memory | None:
    """The memory in ``text`` when its title names ``branch`` (as
    :func:`~gitmemory.memory.markdown.title_for` shows it), else None.  The
    memory carries the exact branch name.  A text past ``MAX_BYTES`` is refused."""
    if text and len(text) > MAX_BYTES:
        _too_large(where or f"the memory of {branch}", len(text))
    return _titled(parse(text) if text else None, branch)


def _too_large(where: str, size: int) -> None:
    raise GitmemoryError(f"{where} is too large to read ({size / 2**20:.1f} MiB, over "
                         f"{MAX_BYTES // 2**20} MiB); its memory is left out",
                         hint="trim it, or remove it from the branch")


def _titled(memory: Memory | None, branch: str) -> Memory | None:
    if memory is None or memory.branch != title_for(branch):
        return None
    memory.branch = branch
    return memory


def in_work_tree(toplevel: str, branch: str) -> Found | None:
    """``branch``'s memory file in the work tree at ``toplevel`` (no git process)."""
    files.check_dirs(toplevel, MEMORY_DIR)
    path = filenames.find(filenames.memory_dir(toplevel), branch)
    if path and os.lstat(path).st_size > MAX_BYTES:  # not read at all
        _too_large(os.path.relpath(path, toplevel), os.lstat(path).st_size)
    text = files.read_text(path) if path else None
    memory = parsed(text, branch, os.path.relpath(path, toplevel) if path else "")
    if memory is None or path is None or text is None:
        return None
    return Found(memory, text, os.path.relpath(path, toplevel).replace(os.sep, "/"),
                 toplevel, None)


def by_path(toplevel: str, name: str) -> Memory | None:
    """Memory file ``name`` of the work tree's memory directory parsed whatever its title
    names (a pull request's review reads every file by its path: docs/design.md, "Team
    memory in CI"); None when it is absent, not a file, a symlink, over the size cap or
    has no title."""
    path = os.path.join(filenames.memory_dir(toplevel), name)
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_BYTES:
        return None
    text = files.read_text(path)
    return parse(text) if text else None


def in_tree(repo_dir: str, rev: str, branch: str, blobs: Blobs | None = None
            ) -> Found | None:
    """``branch``'s memory file in the tree of commit ``rev`` (any branch's, or a tag's),
    read through ``blobs`` when given (:mod:`gitmemory.memory.blobs`)."""
    from gitmemory.memory.blobs import Blobs  # trees: not on the checkout path

    blobs = blobs or Blobs(repo_dir)
    names = set(blobs.names(rev))
    wanted = [name for name in filenames.candidates(branch) if name in names]
    blobs.read([(rev, name) for name in wanted])
    for name in wanted:
        found = blobs.file(rev, name)
        if found is None:
            continue
        text, memory = found
        memory = _titled(memory.copy() if memory else None, branch)
        if memory is not None:
            return Found(memory, text, f"{MEMORY_DIR}/{name}", None, rev)
    return None


def at(repo_dir: str, loc: location.Location, blobs: Blobs | None = None) -> Found | None:
    """The memory where ``loc`` says the branch keeps it."""
    if loc.worktree:
        return in_work_tree(loc.worktree, loc.branch)
    if not loc.exists:
        return None
    return in_tree(repo_dir, git.HEADS + loc.branch, loc.branch, blobs)


def find(repo_dir: str, branch: str, known: location.Worktrees | None = None
         ) -> tuple[location.Location, Found | None]:
    """Where ``branch`` keeps its memory (work tree or tip), and the memory found there."""
    from gitmemory.memory import location

    loc = location.locate(repo_dir, branch, known)
    return loc, at(repo_dir, loc, known.blobs if known else None)


def default_branch(info: git.RepoInfo, cfg: Config) -> str | None:
    """The configured default branch, else origin/HEAD, else main or master (no process)."""
    if cfg.default_branch:
        return cfg.default_branch
    head = files.read_text(os.path.join(info.common_dir, "refs", "remotes", "origin", "HEAD"))
    prefix = "ref: refs/remotes/origin/"
    if head and head.startswith(prefix):
        return head[len(prefix):].strip(git.ASCII_SPACE)
    toplevel = info.require_worktree()
    for name in ("main", "master"):
        if git.ref_in_files(info.common_dir, git.HEADS + name) or in_work_tree(toplevel, name):
            return name
    return None

"""Which memory files in the default branch belong to branches merged into it.

See docs/design.md, "Team memory in CI".  Every branch's file travels with
its commits, so a file whose title names another branch arrived in the
default branch through a merge (a merge commit, a squash or a rebase).  What
the server still has decides what to do with it, conservatively:

- the branch is gone from the server: merged and done; its items are folded
  in and its file removed;
- the branch is still there and merged (its tip is in the default branch, or,
  after a squash or rebase, its file is the very version the default branch
  holds): its items are folded in once per version of the file, and the file
  stays until the branch is deleted, since removing a file the branch may
  still change would make its next pull request conflict;
- the branch is still there and has moved on: left alone, it is not merged;
- the file's title names another branch than its path does: left alone, never folded
  (a pull request could otherwise bring items under any branch's name).
"""

from __future__ import annotations

from dataclasses import dataclass

from gitmemory.memory.blobs import Blobs
from gitmemory.memory.filenames import MEMORY_DIR, names_branch
from gitmemory.memory.markdown import Memory, title_for
from gitmemory.server.remote import Git

GONE, KEPT, LIVE, UNREADABLE = "gone", "kept", "live", "unreadable"
FOLDED_TRAILER = "Gitmemory-Folded"


@dataclass
class BranchFile:
    """One memory file of another branch in the default branch's tree."""

    path: str
    blob: str
    branch: str  # as the title names it
    state: str  # gone | kept | live | unreadable
    memory: Memory | None = None
    folded_before: bool = False  # this version was folded by an earlier run

    @property
    def to_fold(self) -> bool:
        return self.state in (GONE, KEPT) and not self.folded_before


def branch_files(g: Git, tip: str, default: str, live: dict[str, str]) -> list[BranchFile]:
    """Every other branch's memory file in ``tip``'s tree, with what to do about it."""
    shown = {title_for(name): name for name in live}
    folded = folded_blobs(g, tip)
    blobs = Blobs(g.repo_dir)
    names = sorted(n for n in blobs.names(tip) if n.endswith(".md") and not n.startswith("."))
    blobs.read([(tip, name) for name in names])
    found = []
    for name in names:
        path, blob, read = f"{MEMORY_DIR}/{name}", blobs.oid(tip, name), blobs.file(tip, name)
        if blob is None or read is None:
            continue
        memory = read[1]
        if memory is None or not names_branch(name, memory.branch):
            # unreadable, or titled as another branch than its path names: never folded
            found.append(BranchFile(path, blob, "", UNREADABLE))
            continue
        if memory.branch == title_for(default):
            continue  # the default branch's own: not merged work
        branch = shown.get(memory.branch)
        state = GONE if branch is None else _state(g, tip, path, blob, live[branch])
        found.append(BranchFile(path, blob, memory.branch, state, memory, blob in folded))
    return found


def _state(g: Git, tip: str, path: str, blob: str, head: str) -> str:
    """A branch still on the server (at ``head``): merged, or moved on."""
    if g.is_ancestor(head, tip) or g.blob(head, path) == blob:
        return KEPT
    return LIVE


def folded_blobs(g: Git, tip: str, depth: int = 1000) -> set[str]:
    """The file versions earlier runs folded (trailers of the default branch's memory
    commits), so a kept file is folded once per version."""
    out = g.run(["log", "--first-parent", f"-n{depth}", "--format=%B", "--fixed-strings",
                 f"--grep={FOLDED_TRAILER}: ", tip])
    prefix = FOLDED_TRAILER + ": "
    return {line[len(prefix):].strip() for line in out.splitlines() if line.startswith(prefix)}

"""Which of the default branch's new commits a merged branch's memory already covers.

See docs/design.md, "Team memory in CI".  A branch's memory was distilled
from its commits when it was pushed; after the merge the same commits are
new on the default branch.  Reading them again would pay twice for what the
fold just brought in.  A commit is covered when the merged branch's
``Through:`` reaches it (a merge commit), when a commit of that branch has the
same patch (a rebase merge), or when the branch's whole change has its patch
(a squash).  Merges themselves are never read.
"""

from __future__ import annotations

from gitmemory.server.remote import Git

CODE = ["--", ".", ":(exclude).gitmemory"]  # memory files are never read as commits
MAX_MATCHED = 400  # past this, no patch matching: the commits are read


def uncovered(g: Git, start: str, tip: str, throughs: list[str]) -> tuple[int, list[str]]:
    """How many commits in ``start..tip`` hold anything to read (not merges, not changes to
    memory files alone), and those of them that no ``Through:`` in ``throughs`` covers."""
    reached = [resolved for sha in throughs if (resolved := g.rev(sha))]
    listed = g.run(["rev-list", "--no-merges", tip, f"^{start}"]).split()
    if not listed:
        return 0, []
    if len(listed) > MAX_MATCHED:
        return len(listed), listed
    patches = _ids_by_commit(g, g.run(["log", "-p", "--no-walk=unsorted", "--format=commit %H",
                                   *listed, *CODE]))
    real = [sha for sha in listed if sha in patches]
    reachable = set(g.run(["rev-list", "--no-merges", tip, f"^{start}",
                           *(f"^{sha}" for sha in reached)]).split()) if reached else set(real)
    known: set[str] = set()
    for sha in reached:
        code, out, _ = g.status(["merge-base", tip, sha])
        if code != 0:
            continue
        base = out.strip()
        known |= set(_ids_by_commit(g, g.run(["log", "-p", "--no-merges", "--format=commit %H",
                                          sha, f"^{base}", *CODE])).values())
        whole = g.run(["diff", base, sha, *CODE])
        known |= set(_ids_by_commit(g, f"commit {'0' * 40}\n{whole}").values())
    return len(real), [sha for sha in real if sha in reachable and patches[sha] not in known]


def _ids_by_commit(g: Git, patches: str) -> dict[str, str]:
    """commit -> patch id, for ``git patch-id --stable`` over ``patches``."""
    if not patches.strip():
        return {}
    out = g.run(["patch-id", "--stable"], stdin=patches)
    ids = {}
    for line in out.splitlines():
        patch_id, _, sha = line.partition(" ")
        if sha:
            ids[sha] = patch_id
    return ids

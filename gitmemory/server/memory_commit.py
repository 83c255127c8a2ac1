"""The sync job's one memory commit: made from a tree, and rebased onto a newer tip.

See docs/design.md, "Team memory in CI".  Everything is plumbing on a
temporary index (no work tree, no hook).  Rebasing replays the commit's
changes to memory files onto the new tip: a file the tip did not change takes
our version; the default branch's memory file, changed on both sides (another
run landed first), is merged three-way with the merge driver's algorithm
(:mod:`gitmemory.memory.merging`), so neither run's items are lost; a merged
branch's file we remove is removed only if the tip still holds the version we
folded.
"""

from __future__ import annotations

import os
import tempfile

from gitmemory.errors import GitmemoryError
from gitmemory.memory import merging
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.memory.markdown import parse
from gitmemory.server.remote import Git

BOT_NAME = "gitmemory[bot]"
BOT_EMAIL = "gitmemory-bot@users.noreply.github.com"
SKIP_MARKER = "[skip ci]"


def identity() -> dict[str, str]:
    """The bot's identity, for author and committer alike: the job's commit is nobody's."""
    return {f"GIT_{role}_{part}": value for role in ("AUTHOR", "COMMITTER")
            for part, value in (("NAME", BOT_NAME), ("EMAIL", BOT_EMAIL))}


def tree_of(g: Git, rev: str) -> str:
    return g.run(["rev-parse", "--verify", rev + "^{tree}"]).strip()


def build_tree(g: Git, base: str, changes: dict[str, str | None]) -> str:
    """The tree of commit ``base`` with ``changes`` (path -> blob, or None to remove)."""
    with tempfile.TemporaryDirectory(prefix="gitmemory-index-") as scratch:
        indexed = Git(g.repo_dir, {"GIT_INDEX_FILE": os.path.join(scratch, "index")})
        indexed.run(["read-tree", base])
        for path, blob in sorted(changes.items()):
            if blob is None:
                indexed.run(["update-index", "--force-remove", "--", path])
            else:
                indexed.run(["update-index", "--add", "--cacheinfo", f"100644,{blob},{path}"])
        return indexed.run(["write-tree"]).strip()


def commit(g: Git, tree: str, parents: list[str], message: str) -> str:
    committer = Git(g.repo_dir, identity())
    args = ["-c", "commit.gpgSign=false", "-c", "i18n.commitEncoding=UTF-8", "commit-tree", tree]
    for parent in parents:
        args += ["-p", parent]
    return committer.run([*args, "-F", "-"], stdin=message).strip()


def memory_changes(g: Git, old: str, new: str) -> dict[str, tuple[str | None, str | None]]:
    """path -> (blob before, blob after) for each memory file commit ``new`` changes
    against ``old``."""
    out = g.run(["diff-tree", "-r", "-z", "--no-renames", "--no-commit-id", old, new, "--",
                 MEMORY_DIR])
    tokens = out.split("\0")
    changes: dict[str, tuple[str | None, str | None]] = {}
    for meta, path in zip(tokens[0::2], tokens[1::2], strict=False):
        parts = meta.lstrip(":").split()
        if len(parts) >= 4:
            before, after = parts[2], parts[3]
            changes[path] = (None if set(before) == {"0"} else before,
                             None if set(after) == {"0"} else after)
    return changes


def same_memory(g: Git, a: str, b: str) -> bool:
    """Whether commits ``a`` and ``b`` hold the same memory files, saying the same things
    (a later ``Last updated:`` alone is no change)."""
    for before, after in memory_changes(g, a, b).values():
        if before is None or after is None:
            return False
        old, new = parse(g.text(before)), parse(g.text(after))
        if old is None or new is None:
            return False
        old.updated = new.updated = None
        if old != new:
            return False
    return True


def rebase(g: Git, sha: str, tip: str, own_path: str) -> str | None:
    """Commit ``sha`` (one parent) replayed onto ``tip``; None when the tip already holds
    everything it changes."""
    parent = g.run(["rev-parse", "--verify", sha + "^1"]).strip()
    changes: dict[str, str | None] = {}
    for path, (before, after) in memory_changes(g, parent, sha).items():
        now = g.blob(tip, path)
        if now == after:
            continue
        if now == before:
            changes[path] = after
        elif path == own_path and after is not None and now is not None:
            changes[path] = _merged(g, before, after, now)
        # else: someone changed a merged branch's file since we folded it: theirs stays,
        # and the next run folds the new version
    if not changes:
        return None
    tree = build_tree(g, tip, changes)
    if tree == tree_of(g, tip):
        return None
    message = g.run(["log", "-1", "--format=%B", sha])
    return commit(g, tree, [tip], message)


def _merged(g: Git, base: str | None, ours: str, theirs: str) -> str:
    """The default branch's memory changed by another run too: both runs' items kept."""
    text = merging.merge(g.text(base) if base else None, g.text(ours), g.text(theirs),
                         g.is_ancestor)
    if text is None:
        raise GitmemoryError("the default branch's memory file changed meanwhile and cannot "
                             "be merged (it no longer parses)",
                             hint="fix the file on the default branch; the next run syncs")
    return g.run(["hash-object", "-w", "--stdin"], stdin=text).strip()

"""Committing a memory file without touching the user's index (docs/design.md, "Hooks").

Plumbing on a temporary index: write the blob, build the tree from the
branch's tip plus that one file, ``commit-tree``, then ``update-ref`` with the
old tip as a guard.  No hook runs.  If the branch is checked out in a worktree,
that worktree's index entry for the file is brought along only when it held
the old version, so anything the user staged stays staged.
"""

from __future__ import annotations

import os

from gitmemory import git, state
from gitmemory.memory.markdown import title_for

TRAILER = "Gitmemory-Update: true"


def message(branch: str, summary: str) -> str:
    """The memory commit's message.  It travels with the push and stays in history, so
    the branch is named as its memory file's title names it: token-like parts masked."""
    shown = title_for(branch)
    return (f"gitmemory: update memory for {shown}\n\n{summary.replace(branch, shown)}\n\n"
            f"{TRAILER}\n")


def commit_file(repo_dir: str, state_dir: str, branch: str, *, rel_path: str, text: str,
                summary: str, worktree: str | None = None, drop: str | None = None
                ) -> str | None:
    """Commit ``text`` at ``rel_path`` on ``branch`` (removing ``drop``, the file's old
    name, in the same commit); the new sha, or None if nothing changed.

    With ``worktree`` (the branch is checked out there and its file holds
    ``text``), that work tree's index entry follows the commit: a version the
    user staged was read from that file and is folded into ``text``, so keeping
    it staged would only undo the commit at the user's next ``git commit``.
    Whatever else is staged stays staged."""
    ref = git.HEADS + branch
    parent = git.run(["rev-parse", "--verify", "--end-of-options", ref + "^{commit}"],
                     repo_dir).strip()
    blob = git.run(["hash-object", "-w", "--stdin"], repo_dir, stdin=text).strip()
    old_blob = _blob_at(repo_dir, parent, rel_path)
    dropped = _blob_at(repo_dir, parent, drop) if drop and drop != rel_path else None
    if old_blob == blob and dropped is None:
        return None
    env = git.clean_env(repo_dir)
    # Named outright: with the inherited GIT_DIR cleared, a git dir kept apart from
    # its work tree (GIT_DIR/GIT_WORK_TREE, --git-dir) would not be found.
    found = git.dirs_at(repo_dir)
    env["GIT_DIR"] = found[0] if found else \
        git.run(["rev-parse", "--absolute-git-dir"], repo_dir).strip()
    index = state.TEMP_INDEX.for_process(state.ensure_dir(state_dir))
    env["GIT_INDEX_FILE"] = index
    try:
        git.run(["read-tree", parent], repo_dir, env=env)
        git.run(["update-index", "--add", "--cacheinfo", f"100644,{blob},{rel_path}"],
                repo_dir, env=env)
        if dropped is not None and drop:
            git.run(["update-index", "--force-remove", "--", drop], repo_dir, env=env)
        tree = git.run(["write-tree"], repo_dir, env=env).strip()
    finally:
        if os.path.exists(index):
            os.unlink(index)
    # The message is UTF-8 whatever i18n.commitEncoding says (git would label it so).
    sha = git.run(["-c", "i18n.commitEncoding=UTF-8", "commit-tree", tree, "-p", parent,
                   "-F", "-"], repo_dir,
                  stdin=message(branch, summary), env=env).strip()
    git.run(["update-ref", "-m", f"gitmemory: update memory for {title_for(branch)}", ref, sha,
             parent],
            repo_dir)
    if worktree:
        same = _same_dir(worktree, repo_dir)
        _sync_index(worktree, rel_path, None, blob, same_repo=same)
        if dropped is not None and drop:
            _sync_index(worktree, drop, dropped, None, same_repo=same)
    return sha


def _same_dir(a: str, b: str) -> bool:
    return os.path.normcase(os.path.realpath(a)) == os.path.normcase(os.path.realpath(b))


def _blob_at(repo_dir: str, commit: str, rel_path: str) -> str | None:
    code, out = git.run_status(["rev-parse", "-q", "--verify", f"{commit}:{rel_path}"], repo_dir)
    return out.strip() if code == 0 else None


def _sync_index(worktree: str, rel_path: str, old_blob: str | None, blob: str | None, *,
                same_repo: bool) -> None:
    """Move the worktree's index entry to the new blob (``None``: remove the entry), if
    it held ``old_blob`` (``None``: whatever it held).

    The work tree this process runs in keeps the inherited environment (it may
    be found only through GIT_DIR/GIT_WORK_TREE); another one gets a clean one.
    """
    env = dict(os.environ) if same_repo else git.clean_env(worktree)
    staged = git.run(["ls-files", "-s", "--", rel_path], worktree, env=env).split()
    current = staged[1] if len(staged) >= 2 else None
    if old_blob is not None and current != old_blob:
        return
    if blob is None:
        git.run(["update-index", "--force-remove", "--", rel_path], worktree, env=env)
    else:
        git.run(["update-index", "--add", "--cacheinfo", f"100644,{blob},{rel_path}"],
                worktree, env=env)

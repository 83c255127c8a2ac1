"""Which branch is checked out where, and which branches an operation is rewriting."""

from __future__ import annotations

import os

from gitmemory import files, git


def checked_out(cwd: str) -> dict[str, str]:
    """branch -> top level of the worktree that has it checked out."""
    found: dict[str, str] = {}
    path = None
    first = True
    main_path = None
    bare = False
    # split("\n"), not splitlines(): a branch name may hold U+2028 or U+0085
    for line in git.run(["worktree", "list", "--porcelain"], cwd).split("\n"):
        if line.startswith("worktree "):
            path = line[len("worktree "):]
            main_path, first = (path if first else main_path), False
        elif line.startswith("branch refs/heads/") and path and os.path.isdir(path):
            found[line[len("branch refs/heads/"):]] = path  # not a deleted (prunable) one
        elif line == "bare" and path == main_path:
            bare = True
    here = _main_work_tree(cwd) if _may_be_elsewhere(main_path, bare) else None
    if here is not None:
        # `worktree list` names the main work tree after its git dir; one that
        # GIT_WORK_TREE or core.worktree put elsewhere (or a bare repository's) is
        # only known from inside it.
        top, branch = here
        for name, where in list(found.items()):
            if where == main_path:
                del found[name]
        if branch:
            found[branch] = top
    return found


def tops(cwd: str) -> list[str]:
    """The top of every work tree of the repository at ``cwd`` (``cwd``'s own first) that
    has a branch checked out."""
    return list(dict.fromkeys([cwd, *checked_out(cwd).values()]))


def _may_be_elsewhere(main_path: str | None, bare: bool) -> bool:
    """Whether the main work tree may not be where ``worktree list`` says: a bare
    repository, GIT_WORK_TREE set, or a listed path that holds no ``.git`` (the git dir
    itself, which core.worktree points away).  The usual layout costs no git process."""
    return bare or bool(os.environ.get("GIT_WORK_TREE")) or main_path is None or \
        not os.path.exists(os.path.join(main_path, ".git"))


def _main_work_tree(cwd: str) -> tuple[str, str | None] | None:
    """(top level, branch) of the main work tree when ``cwd`` is in it and git names it
    somewhere other than next to its git dir; None otherwise."""
    code, out = git.run_status(["rev-parse", "--path-format=absolute", "--git-dir",
                                "--git-common-dir", "--show-toplevel", "--symbolic-full-name",
                                "HEAD"], cwd)
    lines = out.strip(git.ASCII_SPACE).split("\n")
    if code != 0 or len(lines) < 4 or lines[0] != lines[1]:
        return None
    git_dir, top, head = lines[0], lines[2], lines[3]
    if os.path.dirname(git_dir) == top and os.path.basename(git_dir) == ".git":
        return None  # the usual layout: worktree list has it right
    return top, head[len(git.HEADS):] if head.startswith(git.HEADS) else None


def busy(cwd: str) -> dict[str, str]:
    """branch -> the operation under way on it in some worktree ("a rebase", "a merge" ...).

    Moving such a branch's ref (a memory commit) makes a rebase fail to finish
    and a merge conclude on a stale index, so nothing may write to it.  A
    rebase detaches HEAD and names its branch in ``head-name``; the other
    operations keep the branch checked out.
    """
    dirs = git.dirs_at(cwd)
    common = dirs[1] if dirs else \
        git.run(["rev-parse", "--path-format=absolute", "--git-common-dir"], cwd).strip()
    found: dict[str, str] = {}
    for git_dir in [common, *_linked_git_dirs(common)]:
        for marker, what in git.OPERATIONS:
            where = os.path.join(git_dir, marker)
            if not os.path.exists(where):
                continue
            head = _read(os.path.join(git_dir, "HEAD")).removeprefix("ref: ")
            if marker == "BISECT_START":  # HEAD is detached; the file names the branch
                head = git.HEADS + _read(where)
            for ref in [head, *_rebased_refs(where)]:
                if ref.startswith(git.HEADS) and ref != git.HEADS + ".invalid":
                    found.setdefault(ref[len(git.HEADS):], what)
    return found


def _linked_git_dirs(common: str) -> list[str]:
    base = os.path.join(common, "worktrees")
    try:
        return [os.path.join(base, name) for name in sorted(os.listdir(base))]
    except OSError:
        return []


def _rebased_refs(marker_dir: str) -> list[str]:
    """The branch a rebase rewrites, and those ``--update-refs`` will move with it."""
    if not os.path.isdir(marker_dir):
        return []
    refs = [_read(os.path.join(marker_dir, "head-name"))]
    update_refs = files.read_text(os.path.join(marker_dir, "update-refs")) or ""
    refs += [line for line in update_refs.split("\n") if line.startswith(git.HEADS)]
    return refs


def _read(path: str) -> str:
    return (files.read_text(path) or "").strip(git.ASCII_SPACE)

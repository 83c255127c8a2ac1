"""Which branch is checked out where (``git worktree list --porcelain``)."""

from __future__ import annotations

from gitmemory import git


def checked_out(cwd: str) -> dict[str, str]:
    """branch -> top level of the worktree that has it checked out."""
    found: dict[str, str] = {}
    path = None
    for line in git.run(["worktree", "list", "--porcelain"], cwd).splitlines():
        if line.startswith("worktree "):
            path = line[len("worktree "):]
        elif line.startswith("branch refs/heads/") and path:
            found[line[len("branch refs/heads/"):]] = path
    return found

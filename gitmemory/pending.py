"""Commits of a branch that its memory does not cover yet."""

from __future__ import annotations

from gitmemory import git
from gitmemory.repo import Repo

OWN_TRAILER = "Gitmemory-Update: true"


def start_point(repo: Repo, branch: str, through: str | None) -> str | None:
    """Where pending work starts: ``Through:`` if it is in the branch, else the merge-base."""
    tip = f"{git.HEADS}{branch}"
    if through and git.rev_parse(through, repo.toplevel) and git.run_status(
            ["merge-base", "--is-ancestor", through, tip], repo.toplevel)[0] == 0:
        return through
    from gitmemory.claude_md import default_branch

    default = default_branch(repo.info, repo.cfg)
    if not default or default == branch:
        return None
    code, out = git.run_status(["merge-base", tip, f"{git.HEADS}{default}"], repo.toplevel)
    return out.strip() if code == 0 and out.strip() else None


def count(repo: Repo, branch: str, through: str | None) -> int | None:
    """How many commits wait to be memorized, or None when the branch is not local."""
    tip = f"{git.HEADS}{branch}"
    if not git.ref_exists(tip, repo.toplevel):
        return None
    start = start_point(repo, branch, through)
    spec = [tip, f"^{start}"] if start else [tip]
    out = git.run(["rev-list", "--count", "--no-merges", "--invert-grep",
                   f"--grep=^{OWN_TRAILER}$", *spec], repo.toplevel)
    return int(out.strip() or 0)

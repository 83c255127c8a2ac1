"""The pre-push hook (docs/design.md, "Hooks"): memorize what is pushed, then apply the push policy.

Runs inside ``git push`` while the connection to the remote is open, so all
provider work shares one time limit and every provider failure fails open:
the push goes on and the commits stay pending.  Two things stop a push on
purpose: policy ``block`` after a memory commit (the next push carries it and
needs no provider call), and a secret found in a memory file or CLAUDE.md.
The remote's URL (it may hold credentials) is never printed or logged.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from gitmemory import config, git, output
from gitmemory.errors import GitmemoryError
from gitmemory.outputs import sync
from gitmemory.repo import Repo

BLOCK = 3  # the exit code with which pre-push stops a push on purpose


@dataclass(frozen=True)
class PushedRef:
    local_ref: str
    local_sha: str
    remote_ref: str
    remote_sha: str


def branches_to_memorize(repo: Repo, refs: list[PushedRef]) -> list[str]:
    """Pushed local branches whose pushed commit is the branch tip (no deletes, no tags).

    ``git push origin HEAD`` (and ``-u origin HEAD``, ``@``, ``HEAD:other``) names
    the local ref ``HEAD``: that is the branch checked out where the push runs.
    """
    found = []
    for ref in refs:
        local = ref.local_ref
        if local == "HEAD" and repo.info.head_ref:
            local = repo.info.head_ref
        if ref.local_sha == git.ZERO_SHA or not local.startswith(git.HEADS):
            continue
        branch = local[len(git.HEADS):]
        if git.rev_parse(local, repo.toplevel) == ref.local_sha and branch not in found:
            found.append(branch)
    return found


def pushed_refs(stdin: str) -> list[tuple[str, str, str, str]]:
    """Every ref being pushed, as ``(local_ref, local_sha, remote_ref, remote_sha)``.

    From git's stdin lines when there are any.  Under pre-commit stdin is
    empty and only the first pushed ref that carries new commits is known
    (``PRE_COMMIT_LOCAL_BRANCH`` and ``PRE_COMMIT_REMOTE_BRANCH`` hold ref
    names despite their names).  Its local sha is ``PRE_COMMIT_TO_REF`` (else
    the local ref as it is now); the remote sha is recomputed from the
    remote-tracking ref, zeros when there is none, as for a new branch.
    Deleted refs and tags come through as git sent them; the caller skips them.
    """
    refs = []
    # "\n" and " " only: a branch name may hold U+2028, U+0085 or U+00A0, which
    # str.splitlines() and str.split() would cut at; git writes single spaces.
    for line in stdin.split("\n"):
        parts = line.rstrip("\r").split(" ")
        if len(parts) == 4:
            refs.append((parts[0], parts[1], parts[2], parts[3]))
    if refs or os.environ.get("PRE_COMMIT") != "1":
        return refs
    pushed = _pushed_ref_from_pre_commit(os.environ)
    return [pushed] if pushed else []


def _pushed_ref_from_pre_commit(env: Mapping[str, str]) -> tuple[str, str, str, str] | None:
    local_ref = env.get("PRE_COMMIT_LOCAL_BRANCH", "")
    remote_ref = env.get("PRE_COMMIT_REMOTE_BRANCH", "")
    if not local_ref or not remote_ref:
        return None
    local_sha = env.get("PRE_COMMIT_TO_REF") or git.rev_parse(local_ref)
    if not local_sha:
        return None
    remote_sha = git.ZERO_SHA
    remote = env.get("PRE_COMMIT_REMOTE_NAME", "")
    if remote and remote_ref.startswith(git.HEADS):
        tracking = f"refs/remotes/{remote}/{remote_ref[len(git.HEADS):]}"
        remote_sha = git.rev_parse(tracking) or git.ZERO_SHA
    return (local_ref, local_sha, remote_ref, remote_sha)


def run(info: git.RepoInfo, stdin: str) -> int:
    if info.toplevel is None:
        return 0
    cfg = config.load(info.toplevel, info.state_dir)
    if not cfg.enabled or not cfg.chosen or cfg.push_policy == "off":
        return 0
    repo = Repo(info, cfg)
    refs = [PushedRef(*ref) for ref in pushed_refs(stdin)]
    branches = branches_to_memorize(repo, refs)
    committed = _memorize(repo, branches)
    if _secrets_block(repo, [r.local_sha for r in refs if r.local_sha != git.ZERO_SHA]
                      + [sha for _, sha in committed], [r.remote_sha for r in refs]):
        return BLOCK
    for branch, sha in committed:
        if cfg.push_policy == "block":
            output.note(f"memory for {branch} committed as {sha[:10]}; run `git push` again "
                        "to send it")
        else:
            output.note(f"memory for {branch} committed as {sha[:10]}; it goes with your next "
                        "push")
    return BLOCK if committed and cfg.push_policy == "block" else 0


def _memorize(repo: Repo, branches: list[str]) -> list[tuple[str, str]]:
    from gitmemory.pipeline import memorize
    from gitmemory.providers import for_repo

    provider, _ = for_repo(repo.cfg.provider, repo.cfg, repo.info.state_dir)
    deadline = memorize.deadline_in(repo.cfg.time_limit)
    committed = []
    for branch in branches:
        try:
            result = memorize.memorize(repo, branch, provider, deadline=deadline, commit=True)
        except GitmemoryError as exc:
            output.note(f"memory for {branch} not updated: {exc.one_line()}; the push goes on")
            continue
        if result.status == "error":
            output.note(f"memory for {branch} not updated: {result.message}; "
                        f"{result.remaining} commit(s) stay pending, the push goes on")
        sha = result.commit_sha or _work_tree_memory(repo, branch)
        if sha:
            committed.append((branch, sha))
    return committed


def _work_tree_memory(repo: Repo, branch: str) -> str | None:
    """Memory left uncommitted in the work tree (memorize by hand, maintenance, promote)."""
    from gitmemory.memory import write

    try:
        return write.commit_work_tree(
            repo, branch, "memory written in the work tree, committed at push")
    except GitmemoryError as exc:
        output.note(f"memory for {branch} not committed: {exc.one_line()}; the push goes on")
        return None


def _secrets_block(repo: Repo, commits: list[str], published: list[str]) -> bool:
    """Scan the memory files being pushed and the agent files; name file, line and rule only."""
    from gitmemory.push import scan
    findings = scan.scan_push(repo, commits, published)
    sources = {rel: (f"{target.base} or " if target.base else "") + "the memory file it came from"
               for rel, target in sync.generated(repo.toplevel, repo.cfg)}
    for where, line, rule in findings:
        fix = (f"edit {sources[where]}" if where in sources else
               "take it out of every commit being pushed (git commit --amend for the last "
               "one, git rebase -i for older ones; a later commit that deletes it is not "
               "enough)")
        output.note(f"possible secret in {where} line {line} ({rule}); push stopped: {fix}")
    return bool(findings)

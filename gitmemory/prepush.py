"""The pre-push hook (SPEC §4): memorize what is pushed, then apply the push policy.

Runs inside ``git push`` while the connection to the remote is open, so all
provider work shares one time limit and every provider failure fails open:
the push goes on and the commits stay pending.  Two things stop a push on
purpose: policy ``block`` after a memory commit (the next push carries it and
needs no provider call), and a secret found in a memory file or CLAUDE.md.
The remote's URL (it may hold credentials) is never printed or logged.
"""

from __future__ import annotations

from dataclasses import dataclass

from gitmemory import config, git, output
from gitmemory.errors import GitmemoryError
from gitmemory.hook_main import BLOCK, pushed_refs
from gitmemory.repo import Repo


@dataclass(frozen=True)
class PushedRef:
    local_ref: str
    local_sha: str
    remote_ref: str
    remote_sha: str


def branches_to_memorize(repo: Repo, refs: list[PushedRef]) -> list[str]:
    """Pushed local branches whose pushed commit is the branch tip (no deletes, no tags)."""
    found = []
    for ref in refs:
        if ref.local_sha == git.ZERO_SHA or not ref.local_ref.startswith(git.HEADS):
            continue
        branch = ref.local_ref[len(git.HEADS):]
        if git.rev_parse(ref.local_ref, repo.toplevel) == ref.local_sha and branch not in found:
            found.append(branch)
    return found


def run(info: git.RepoInfo, stdin: str) -> int:
    if info.toplevel is None:
        return 0
    cfg = config.load(info.toplevel, info.state_dir)
    if not cfg.enabled or cfg.push_policy == "off":
        return 0
    repo = Repo(info, cfg)
    refs = [PushedRef(*ref) for ref in pushed_refs(stdin)]
    branches = branches_to_memorize(repo, refs)
    committed = _memorize(repo, branches)
    if _secrets_block(repo, [r.local_sha for r in refs if r.local_sha != git.ZERO_SHA]
                      + [sha for _, sha in committed],
                      [r.remote_sha for r in refs if r.remote_sha != git.ZERO_SHA]):
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
    from gitmemory import memory_location, pipeline
    from gitmemory.providers import for_repo

    provider, _ = for_repo(repo.cfg.provider, repo.cfg, repo.info.state_dir)
    deadline = pipeline.deadline_in(repo.cfg.time_limit)
    committed = []
    for branch in branches:
        try:
            result = pipeline.memorize(repo, branch, provider, deadline=deadline, commit=True)
        except GitmemoryError as exc:
            output.note(f"memory for {branch} not updated: {exc.one_line()}; the push goes on")
            continue
        if result.status == "error":
            output.note(f"memory for {branch} not updated: {result.message}; "
                        f"{result.remaining} commit(s) stay pending, the push goes on")
        sha = result.commit_sha
        if sha is None and result.status != "error":
            # memorize, maintenance or promote may have left the file in the work tree
            sha = memory_location.commit_worktree_file(repo, branch)
        if sha:
            committed.append((branch, sha))
    return committed


def _secrets_block(repo: Repo, commits: list[str], known: list[str]) -> bool:
    """Scan the memory files being pushed and CLAUDE.md; name file, line and rule only."""
    from gitmemory import secret_scan

    findings = secret_scan.scan_push(repo, commits, known)
    for where, line, rule in findings:
        output.note(f"possible secret in {where} line {line} ({rule}): push stopped")
    if findings:
        output.note("take it out of the commit that added it (git commit --amend, or "
                    "git rebase -i), not in a new commit: the old one would still be pushed")
    return bool(findings)

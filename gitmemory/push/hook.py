"""The pre-push hook: memorize what is pushed, scan it, apply the push policy.

See docs/design.md, "Hooks".  Runs inside ``git push`` while the connection to
the remote is open, so all provider work shares one time limit and every
provider failure fails open: the push goes on and the commits stay pending.
Two things stop a push on purpose: policy ``block`` after a memory commit that
changed an item (the next push carries it and needs no provider call), and a
secret found in a memory file or an agent file.  The scan runs whatever else
failed (bad settings, ``push_policy = "off"``, a provider's or gitmemory's own
error); only ``GITMEMORY_DISABLE=1`` or ``git push --no-verify`` skip it.  The
remote's URL (it may hold credentials) is never printed or logged.
"""

from __future__ import annotations

import contextlib
import os

from gitmemory import config, git, output
from gitmemory.errors import GitmemoryError
from gitmemory.memory.markdown import masked
from gitmemory.push import command
from gitmemory.push.refs import PushedRef, pushed_refs, scan_targets
from gitmemory.repo import Repo

BLOCK = 3  # the exit code with which pre-push stops a push on purpose


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


def run(info: git.RepoInfo, stdin: str, args: list[str] | None = None) -> int:
    """The pre-push hook.  The secret scan comes first and decides whatever else fails;
    memorize comes after it and fails open; the memory commits it makes are scanned too.

    ``args`` are git's (the remote's name, its URL); under pre-commit they are rebuilt
    from its variables.
    """
    if info.toplevel is None:
        return 0
    cfg = _settings(info)
    if cfg is not None and not cfg.chosen and os.environ.get("PRE_COMMIT") != "1":
        return 0  # a repository that never chose gitmemory (a global hooks path)
    # Under pre-commit, listing gitmemory's hooks in the team's config is the choice.
    repo = Repo(info, cfg or config.defaults())
    remote = (args or [""])[0]
    refs: list[PushedRef] = []
    try:
        refs = [PushedRef(*ref) for ref in pushed_refs(stdin)]
        _mask_branches(refs)
        targets = scan_targets(repo.toplevel, stdin, refs, remote, command.typed())
    except Exception as exc:  # fail closed: what is pushed is unknown, so is what leaks
        _unscanned(exc)
        return BLOCK
    if _secrets_block(repo, targets.commits, targets.published, remote,
                      guessed=targets.guessed):
        return BLOCK
    policy = _policy(cfg)
    if policy is None:
        return 0
    typed = command.typed()
    if command.dry_run(typed):  # git runs pre-push for `git push --dry-run` too
        output.note("a dry run: memory is not updated (the secret scan ran)")
        return 0
    published = targets.published
    pushed = [r.local_sha for r in refs if r.local_sha != git.ZERO_SHA]
    committed = _memorize(repo, _accepted(repo, refs))
    if committed and _secrets_block(repo, [sha for _, sha in committed], published + pushed,
                                    remote):
        return BLOCK
    for branch, sha in committed:
        if policy == "block":
            repeat = command.again(typed, remote, branch, _has_upstream(repo, branch))
            if masked(repeat, [branch]) != repeat:  # the command would name it whole
                output.note(f"memory for {branch} committed as {sha[:10]}; run the same "
                            "git push again to send it")
                continue
            output.note(f"memory for {branch} committed as {sha[:10]}; run `{repeat}` again "
                        "to send it")
        else:
            output.note(f"memory for {branch} committed as {sha[:10]}; it goes with your next "
                        "push")
    return BLOCK if committed and policy == "block" else 0


def _mask_branches(refs: list[PushedRef]) -> None:
    """Every line the hook prints names the pushed branches as their memory files' titles
    do, redacted as read: a branch named after a token is never printed whole."""
    from gitmemory.secrets import folded

    names = [name[len(git.HEADS):] for ref in refs for name in (ref.local_ref, ref.remote_ref)
             if name.startswith(git.HEADS)]
    output.filter_with(lambda line: folded.redact_as_read(masked(line, names))[0])


def _settings(info: git.RepoInfo) -> config.Config | None:
    """This repository's settings, or None (said in one line) when they cannot be read:
    memorize is skipped then, the scan is not."""
    try:
        return config.load(info.toplevel, info.state_dir)
    except Exception as exc:  # the scan must run whatever is wrong with the settings
        output.note(f"settings not read ({_error_line(exc)}); memory is not updated, the "
                    "secret scan still runs")
        return None


def _policy(cfg: config.Config | None) -> str | None:
    """``block`` or ``follow`` when memory is to be updated on this push, else None."""
    if cfg is None:
        return None
    try:
        if not cfg.enabled or cfg.push_policy == "off":
            return None
        return cfg.push_policy
    except GitmemoryError as exc:  # a bad committed value: said on every push, and by status
        output.warn(f"memory is not updated: {exc.one_line()}; the secret scan ran")
        return None


def _has_upstream(repo: Repo, branch: str) -> bool:
    return git.run_status(["config", "--get", f"branch.{branch}.merge"], repo.toplevel)[0] == 0


def _error_line(exc: Exception) -> str:
    return exc.one_line() if isinstance(exc, GitmemoryError) else \
        f"{type(exc).__name__}: {exc}"


def _accepted(repo: Repo, refs: list[PushedRef]) -> list[str]:
    """The branches to memorize, leaving out pushes git is going to reject: a memory
    commit made for those would only stand in the way of the pull they need."""
    keep = []
    for ref in refs:
        if _refused(repo, ref):
            output.note(f"{ref.remote_ref} on the remote has commits this push does not: "
                        "memory is not updated for a push git will refuse (pull first)")
            continue
        keep.append(ref)
    return [b for b in branches_to_memorize(repo, keep) if not _left_to_ci(repo, b)]


def _left_to_ci(repo: Repo, branch: str) -> bool:
    """The default branch whose memory its CI job writes (``default_memory = "ci"``,
    docs/ci.md): a push of it is scanned, never memorized here."""
    from gitmemory.memory.read import default_branch

    try:
        return repo.cfg.default_memory == "ci" and branch == default_branch(repo.info,
                                                                             repo.cfg)
    except GitmemoryError:  # a bad value: memorize as before, and say nothing more here
        return False


def _refused(repo: Repo, ref: PushedRef) -> bool:
    """Whether the remote's tip is not in the pushed history (a non-fast-forward)."""
    if git.ZERO_SHA in (ref.remote_sha, ref.local_sha):
        return False
    if not git.rev_parse(ref.remote_sha, repo.toplevel):
        return True  # not even fetched: certainly not an ancestor
    return not git.is_ancestor(ref.remote_sha, ref.local_sha, repo.toplevel)


def _memorize(repo: Repo, branches: list[str]) -> list[tuple[str, str]]:
    """Memorize each branch and commit what changed an item; every failure fails open."""
    if not branches:
        return []
    try:
        from gitmemory.pipeline import memorize
        from gitmemory.pipeline.mode import COMMIT
        from gitmemory.providers import for_repo

        provider, _ = for_repo(repo.cfg.provider, repo.cfg, repo.info.state_dir)
        deadline = memorize.deadline_in(repo.cfg.time_limit)
    except Exception as exc:  # whatever it is, the push goes on; the scan already ran
        output.note(f"memory not updated: {_error_line(exc)}; the push goes on")
        return []
    committed = []
    for branch in branches:
        try:
            result = memorize.memorize(repo, branch, provider, COMMIT, deadline=deadline)
            sha = result.commit_sha or _work_tree_memory(repo, branch)
        except GitmemoryError as exc:
            output.note(f"memory for {branch} not updated: {exc.one_line()}; the push goes on")
            continue
        except Exception as exc:  # a bug must not skip the scan or stop the push
            _internal(repo, branch, exc)
            continue
        if result.status == "error":
            output.note(f"memory for {branch} not updated: {result.message}; "
                        f"{result.remaining} commit(s) stay pending, the push goes on")
        if sha:
            committed.append((branch, sha))
    return committed


def _internal(repo: Repo, branch: str, exc: Exception) -> None:
    """A bug while memorizing: one line, the traceback in the hook log, the push goes on."""
    import traceback

    from gitmemory import state

    what = f"memory for {branch} not updated: internal error"
    entry = f"pre-push: {what} ({type(exc).__name__}: {exc})\n{traceback.format_exc()}"
    where = ""
    with contextlib.suppress(OSError):
        where = f" (details: {state.log(repo.info.state_dir, entry)})"
    output.note(f"{what} ({type(exc).__name__}){where}; the push goes on")


def _work_tree_memory(repo: Repo, branch: str) -> str | None:
    """Memory left uncommitted in the work tree (memorize by hand, maintenance, promote)."""
    from gitmemory.memory import write

    try:
        return write.commit_work_tree(
            repo, branch, "memory written in the work tree, committed at push")
    except GitmemoryError as exc:
        output.note(f"memory for {branch} not committed: {exc.one_line()}; the push goes on")
        return None


def _secrets_block(repo: Repo, commits: list[str], published: list[str], remote: str, *,
                   guessed: bool = False) -> bool:
    """Scan the memory files being pushed and the agent files; name file, line and rule
    only.  A scan that cannot run stops the push: it is the one gate nothing skips."""
    from gitmemory.push import scan

    try:
        findings = scan.scan_push(repo, commits, published, remote)
        sources = {rel: (f"{target.base} or " if target.base else "") +
                   "the memory file it came from" for rel, target in scan.agent_files(repo)}
    except Exception as exc:  # fail closed: an unscanned push may leak
        _unscanned(exc)
        return True
    if findings and guessed:
        output.note("git did not say which refs this push carries (the pre-commit framework "
                    "passes on only the first), so every local branch and tag the remote "
                    "does not have was scanned")
    for where, line, rule in findings[:scan.MOST]:
        if rule == scan.TOO_LONG:
            output.note(f"{where} is too long to scan for secrets (read up to line {line}, "
                        f"{scan.MAX_CHARS:,} characters); push stopped: shorten it")
            continue
        if rule == scan.NAME_RULE:
            output.note(f"possible secret in the name of {where}; push stopped: rename the "
                        "branch (git branch -m), then take the file out of every commit "
                        "being pushed")
            continue
        fix = (f"edit {sources[where]}" if where in sources else
               "take it out of every commit being pushed (git commit --amend for the last "
               "one, git rebase -i for older ones; a later commit that deletes it is not "
               "enough)")
        output.note(f"possible secret in {where} line {line} ({rule}); push stopped: {fix}")
    if len(findings) >= scan.MOST:
        output.note(f"the first {scan.MOST} possible secrets are named; a file that holds "
                    "that many may hold more, past where the scan stopped")
    return bool(findings)


def _unscanned(exc: Exception) -> None:
    output.note(f"the secret scan could not run ({type(exc).__name__}: {exc}); push "
                "stopped (GITMEMORY_DISABLE=1 git push skips gitmemory for one push)")

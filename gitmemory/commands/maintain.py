"""``gitmemory maintain`` and ``gitmemory promote`` (docs/design.md, "Team sharing")."""

from __future__ import annotations

from gitmemory import output
from gitmemory.errors import GitmemoryError
from gitmemory.providers import for_repo
from gitmemory.repo import Repo


def maintain(flag: str | None, background: bool) -> int:
    from filelock import FileLock, Timeout

    from gitmemory import state
    from gitmemory.maintenance import chores
    repo = Repo.open()
    lock = FileLock(state.MAINTENANCE_LOCK.at(state.ensure_dir(repo.info.state_dir)),
                    timeout=0 if background else 5)
    try:
        with lock:
            if background:  # unasked: the offline extractor only, nothing leaves the machine
                from gitmemory.secrets.redact import redact

                # what this says goes into the hook log: redact it there
                output.filter_with(lambda line: redact(line)[0])
                provider, reason = for_repo("offline", repo.cfg, repo.info.state_dir)
                output.say(f"[{state.now_iso()}] background maintenance (offline, local "
                           "previews only)")
            else:
                provider, reason = for_repo(repo.cfg.provider, repo.cfg, repo.info.state_dir)
                output.note(f"provider: {provider.name} ({reason})")
            report = chores.run(repo, provider, flag, unattended=background)
    except Timeout:
        if background:
            return 0  # another run is under way: one at a time
        raise GitmemoryError("maintenance is already running", hint="try again later") from None
    for line in report.lines:
        output.say(line)
    return 0


def promote(branch: str, into: str | None) -> int:
    from gitmemory.maintenance.promote import promote as fold_promote
    from gitmemory.memory.read import default_branch

    repo = Repo.open()
    target = into or default_branch(repo.info, repo.cfg)
    if not target:
        raise GitmemoryError("no default branch found", hint="name the target with --into")
    if repo.cfg.default_memory == "ci" and target == default_branch(repo.info, repo.cfg):
        raise GitmemoryError(f"{target}'s memory is written by its CI job (default_memory = "
                             "\"ci\"), which folds merged branches in",
                             hint="promote into another branch with --into")
    from gitmemory import git
    if not git.ref_exists(git.HEADS + target, repo.toplevel):
        raise GitmemoryError(f"no local branch {target!r} to promote into",
                             hint="git branch lists them")
    provider, _ = for_repo(repo.cfg.provider, repo.cfg, repo.info.state_dir)
    result = fold_promote(repo, branch, target, provider)
    output.say(result.line())
    for note in result.notes:
        output.say(f"  {note}")
    return 1 if result.status == "error" else 0

"""``gitmemory generate [--check]``: rebuild CLAUDE.md for the checked-out branch."""

from __future__ import annotations

from gitmemory import files, output
from gitmemory.outputs import claude
from gitmemory.repo import Repo


def run(check: bool) -> int:
    repo = Repo.open()
    branch = repo.current_branch()
    if check:
        import os

        wanted = claude.build(repo.info, repo.cfg, branch)
        current = files.read_text(os.path.join(repo.toplevel, repo.cfg.output_file))
        if current != wanted:
            output.say(f"{repo.cfg.output_file} is stale; run gitmemory generate")
            return 1
        output.say(f"{repo.cfg.output_file} is up to date")
        return 0
    outcome = claude.sync(repo.info, repo.cfg, branch)
    output.say(f"{repo.cfg.output_file}: {outcome.status}")
    if outcome.message:
        output.note(outcome.message)
    return 0 if outcome.status not in ("kept", "refused") else 1

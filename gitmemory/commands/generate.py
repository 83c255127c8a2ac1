"""``gitmemory generate [--check]``: rebuild the agent files for the checked-out branch.

``--session-start``, hidden, is what ``.claude/settings.json`` files written before 0.4
run; ``gitmemory hook session-start`` is the same hook under its own command."""

from __future__ import annotations

import os

from gitmemory import files, output
from gitmemory.outputs import sync
from gitmemory.repo import Repo


def run(check: bool, session_start: bool = False) -> int:
    repo = Repo.open()
    if session_start:  # settings files written before 0.4 run this; docs/design.md, "Hooks"
        from gitmemory.setup import clone

        return clone.start_session(repo)
    branch = repo.current_branch()
    if check:
        stale = [w.rel for w in sync.wanted(repo.info, repo.cfg, branch)
                 if files.read_text(os.path.join(repo.toplevel, w.rel)) != w.text]
        for path in stale:
            output.say(f"{path} is stale; run gitmemory generate")
        if not stale:
            output.say("agent files are up to date")
        return 1 if stale else 0
    outcomes = sync.sync(repo.info, repo.cfg, branch)
    for outcome in outcomes:
        output.say(outcome.line())
        if outcome.message:
            output.note(outcome.message)
    return 1 if any(o.status in ("kept", "refused") for o in outcomes) else 0

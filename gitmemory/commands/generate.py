"""``gitmemory generate [--check|--session-start]``: rebuild the agent files for the
checked-out branch."""

from __future__ import annotations

import os

from gitmemory import files, output
from gitmemory.outputs import sync
from gitmemory.repo import Repo


def run(check: bool, session_start: bool = False) -> int:
    repo = Repo.open()
    if session_start:
        from gitmemory.memory.read import default_branch
        from gitmemory.setup import agent_hook, clone

        # A cloud agent or a CI job works on a checked-out commit: the session starts with
        # the default branch's memory then.
        branch = repo.info.branch or default_branch(repo.info, repo.cfg)
        if branch is None:
            return 0
        context = agent_hook.session_context(sync.sync(repo.info, repo.cfg, branch), branch)
        told = clone.notice(repo)
        if told:  # for the person: Claude Code shows a hook's systemMessage to its user
            context = {**(context or {}), "systemMessage": told}
        if context:
            output.emit_json(context)
        return 0
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

"""What the agent's own sessions teach (docs/design.md, "Agent sessions").

Claude Code's ``SessionEnd`` and ``PreCompact`` hooks note a session
(:mod:`~gitmemory.sessions.capture`); memorize finds Codex CLI rollouts of
this repository itself (:mod:`~gitmemory.sessions.codex`).  The next memorize
of the session's branch reads what was noted (:mod:`~gitmemory.sessions.gather`)
as a digest (:mod:`~gitmemory.sessions.digest`); the offline rules keep only
lessons the person stated outright (:mod:`~gitmemory.sessions.lessons`), and a
lesson nobody stated waits until the branch's commits confirm it
(:mod:`~gitmemory.sources.sessions.confirm`).

The capture path runs inside Claude Code's hook and stays on the standard
library, like the checkout hook.
"""

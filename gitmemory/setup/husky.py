"""husky, the npm hook manager: keep the team's scripts running beside gitmemory.

husky v9 points ``core.hooksPath`` at ``.husky/_``, an ignored directory it
rewrites on every ``npm install``: one stub per git hook, each sourcing
``.husky/_/h``, which finds the team's script as ``.husky/$(basename "$0")``
and runs it with ``sh -e`` (husky v5-v8 point at ``.husky`` itself, whose
tracked scripts source ``.husky/_/husky.sh``).  gitmemory's shim keeps a stub
it replaces as ``<hook>.pre-gitmemory`` and sources it with ``$0`` still
naming the hook (hooks/hook-template.sh), so husky finds the same script and
its exit status stops a push as before.  Scripts the team tracks are never
moved or rewritten, and a hook whose ``.husky/<hook>`` script already calls
gitmemory gets no shim: it would run twice.
"""

from __future__ import annotations

import os

from gitmemory import files

SCRIPTS = ".husky"
CALL = "gitmemory hook"  # what a team script that runs gitmemory says
HOW = ("docs/troubleshooting.md, \"husky\": append `gitmemory hook <name>` to the team's "
       ".husky/<name> scripts")


class Husky:
    """husky in the repository at ``top``, running git's hooks from ``hooks_dir``."""

    __slots__ = ("hooks_dir", "scripts", "top")

    def __init__(self, top: str, hooks_dir: str) -> None:
        self.top = top
        self.hooks_dir = hooks_dir
        self.scripts = os.path.join(top, SCRIPTS)

    def script(self, hook: str) -> str | None:
        """The team's script husky runs for ``hook`` (``.husky/<hook>``), if there is one."""
        path = os.path.join(self.scripts, hook)
        return path if os.path.isfile(path) and not os.path.islink(path) else None

    def calls_gitmemory(self, hook: str) -> bool:
        path = self.script(hook)
        return path is not None and CALL in (files.read_text(path) or "")

    def scripts_are_hooks(self) -> bool:
        """husky v5-v8: git runs the team's ``.husky/<hook>`` scripts themselves, so a
        shim there would be a new file in the team's directory, one ``git add -A`` away
        from being committed with this machine's Python in it."""
        return os.path.realpath(self.hooks_dir) == os.path.realpath(self.scripts)

    def stub(self, hook: str) -> bool:
        """Whether git's hook file is one of husky's generated stubs (v9: ``.husky/_/h``)."""
        text = files.read_text(os.path.join(self.hooks_dir, hook)) or ""
        return _is_stub(text)


def _is_stub(text: str) -> bool:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return len(lines) <= 3 and any(line.endswith(('/h"', "/husky.sh\"")) for line in lines)


def detect(top: str, hooks_dir: str) -> Husky | None:
    """husky, when git's hooks directory is ``.husky`` or lies under it."""
    try:
        rel = os.path.relpath(os.path.realpath(hooks_dir), os.path.realpath(top))
    except ValueError:  # pragma: no cover - another drive on Windows
        return None
    if rel == SCRIPTS or rel.startswith(SCRIPTS + os.sep):
        return Husky(top, hooks_dir)
    return None


def describe(husky: Husky, hook: str, ours: bool, legacy_runs: bool) -> str:
    """What runs for ``hook``, truthfully, for ``gitmemory status``."""
    script = husky.script(hook)
    team = f".husky/{hook}" if script else ""
    if ours:
        if legacy_runs and team:
            return f"gitmemory after husky ({team})"
        return "gitmemory" + (" (husky has no script for it)" if legacy_runs else "")
    if team and husky.calls_gitmemory(hook):
        return f"husky ({team} calls gitmemory)"
    if husky.scripts_are_hooks():
        return f"missing (git runs {team or 'no script'}; {HOW})"
    if husky.stub(hook):
        return f"missing (husky runs {team or 'no script'}; gitmemory install adds gitmemory)"
    return "missing"

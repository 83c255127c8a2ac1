"""Registering the memory-file merge driver (docs/design.md, "Files in a repository").

Two halves: the tracked ``.gitattributes`` line that routes memory files to a
driver named ``gitmemory`` (shared by the team), and this clone's
``merge.gitmemory.*`` git config that says how to run it (git never shares
config, so every clone needs ``gitmemory init`` or ``gitmemory install``).
Without the second half git silently falls back to its line merge, and two
people updating one branch's memory get conflict markers.

The driver runs the Python that registered it (``python -m gitmemory``): a
virtualenv's ``gitmemory`` script is often not on PATH while git merges.
When that Python is gone, or the driver fails before writing its result,
git's own line merge takes over (:func:`driver_command`): a memory file that
cannot be merged by sections still holds both sides, never one.

The same registration records that Python alone as ``merge.gitmemory.python``,
for what else runs gitmemory where it may not be on PATH: Claude Code's hooks
(:func:`gitmemory.setup.agent_hook.command`), whose ``.claude/settings.json``
is shared and cannot name one machine's Python.  Unregistering removes it too.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys

from gitmemory import files, git

DRIVER = "gitmemory"
PATTERN = ".gitmemory/branches/*.md"
ATTRIBUTE_LINE = f"{PATTERN} merge={DRIVER}"
NAME = "gitmemory branch memory merge"
FIX = "run gitmemory install"
# where pre-commit runs the hooks, `gitmemory install` would add native hooks that run twice
PRE_COMMIT_FIX = "run gitmemory init --hooks none (it leaves pre-commit's hooks alone)"
PYTHON_KEY = f"merge.{DRIVER}.python"
_PROBE = ".gitmemory/branches/probe.md"  # any memory file path; it need not exist


LINE_MERGE = "git merge-file -L ours -L base -L theirs %A %O %B"


def driver_command(python: str | None = None) -> str:
    """The ``merge.gitmemory.driver`` value; git runs it with ``sh -c``, each ``%X``
    replaced by a quoted path.

    When the Python it names is gone (a deleted virtualenv) or the driver fails
    before writing a result, git's own line merge writes both sides with
    conflict markers into ``%A``: without it git would report a conflict over
    a file holding our side alone, and ``git add`` would drop theirs.
    """
    exe = python or sys.executable
    if os.name == "nt":  # pragma: no cover - git's sh wants forward slashes
        exe = exe.replace("\\", "/")
    py = shlex.quote(exe)
    gone = shlex.quote(f"gitmemory: the merge driver's Python {exe} is gone; git's line "
                       "merge used instead (run gitmemory install)")
    return (f"if [ -x {py} ]; then {py} -m gitmemory merge-file %O %A %B %P && exit 0; "
            f"else echo {gone} >&2; fi; "
            f"grep -q '^<<<<<<< ' %A && exit 1; {LINE_MERGE}")


def _driver_program(command: str) -> str:
    """The Python (or, for an older registration, the program) a driver command runs."""
    words = shlex.split(command)
    return words[3] if words[:3] == ["if", "[", "-x"] else words[0]


def register(top: str) -> list[str]:
    """Make sure memory files merge with gitmemory here; one report line per half."""
    return [_attributes(top), register_config(top)]


def _attributes(top: str) -> str:
    path = os.path.join(top, ".gitattributes")
    text = files.read_text(path) or ""
    if any(_routes_to_driver(line) for line in text.splitlines()):
        return ".gitattributes: memory files already use the gitmemory merge driver"
    if text and not text.endswith("\n"):
        text += "\n"
    text += f"# gitmemory: merge branch memory section by section\n{ATTRIBUTE_LINE}\n"
    files.atomic_write(path, text)
    return f".gitattributes: added {ATTRIBUTE_LINE}"


def _routes_to_driver(line: str) -> bool:
    words = line.split()
    return len(words) > 1 and words[0] == PATTERN and f"merge={DRIVER}" in words[1:]


def register_config(top: str) -> str:
    """This clone's half: ``merge.gitmemory.*`` in its git config (the driver, and the
    Python that runs gitmemory here); the report line."""
    wanted = driver_command()
    current = configured_driver(top)
    git.run(["config", f"merge.{DRIVER}.name", NAME], top)
    if recorded_python(top) != sys.executable:
        git.run(["config", PYTHON_KEY, sys.executable], top)
    if current == wanted:
        return "merge driver: already registered in this clone's git config"
    git.run(["config", f"merge.{DRIVER}.driver", wanted], top)
    verb = "registered" if current is None else "updated"
    return (f"merge driver: {verb} in this clone's git config (runs {sys.executable}; "
            "git's line merge if that Python is gone)")


def unregister(top: str) -> str:
    """Remove this clone's ``merge.gitmemory.*`` settings; the report line."""
    if git.run_status(["config", "--get-regexp", rf"^merge\.{DRIVER}\."], top)[0] != 0:
        return "merge driver: was not registered in this clone"
    git.run(["config", "--remove-section", f"merge.{DRIVER}"], top)
    return "merge driver: removed from this clone's git config"


def recorded_python(top: str) -> str | None:
    """The Python this clone's registration names for running gitmemory, if any."""
    code, out = git.run_status(["config", "--get", PYTHON_KEY], top)
    return out.strip() if code == 0 and out.strip() else None


def configured_driver(top: str) -> str | None:
    code, out = git.run_status(["config", "--get", f"merge.{DRIVER}.driver"], top)
    return out.strip() if code == 0 and out.strip() else None


def check(top: str, fix: str = FIX) -> str | None:
    """One line naming what is wrong, when memory files ask for a driver this clone lacks."""
    if not attribute_requested(top):
        return None
    command = configured_driver(top)
    if command is None:
        return f"this clone has no gitmemory merge driver: {fix}"
    try:
        program = _driver_program(command)
    except (ValueError, IndexError):
        return f"the gitmemory merge driver in git config cannot be read: {fix}"
    found = program if os.path.isabs(program) else shutil.which(program)
    if not found or not os.access(found, os.X_OK):
        return f"the gitmemory merge driver's program {program} no longer exists: {fix}"
    return None


def attribute_requested(top: str) -> bool:
    """Whether git's attributes (any attributes file) send memory files to our driver."""
    code, out = git.run_status(["check-attr", "merge", "--", _PROBE], top)
    return code == 0 and out.strip().rsplit(": ", 1)[-1] == DRIVER

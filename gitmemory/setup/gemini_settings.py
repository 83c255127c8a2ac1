"""Gemini CLI reads the memory file beside the team's ``GEMINI.md`` (docs/agents.md).

Gemini CLI loads every file whose name ``context.fileName`` lists, in each
directory from the project root down (``GEMINI.md`` when the setting is
unset); nothing else makes it read a second file without editing the team's
own.  So ``gitmemory init`` adds :data:`GEMINI_FILE` to that list in the
project's ``.gemini/settings.json`` (shared, like ``.claude/settings.json``),
after the names already there: the first name stays the file ``/memory add``
writes to.  A clone without gitmemory has no such file, and Gemini CLI reads
``GEMINI.md`` alone.
"""

from __future__ import annotations

from gitmemory.errors import GitmemoryError
from gitmemory.outputs.loads import GEMINI_SETTINGS, gemini_reads_memory
from gitmemory.outputs.targets import GEMINI_FILE
from gitmemory.setup import json_file

SETTINGS = GEMINI_SETTINGS
DEFAULT_NAMES = ["GEMINI.md"]  # what Gemini CLI reads when context.fileName is unset


def register(top: str) -> str:
    """Name the memory file in ``context.fileName`` (created when absent, merged into when
    present); the line to show."""
    def change(data: dict[str, object]) -> str | None:
        context = json_file.member(data, "context", dict, SETTINGS)
        assert isinstance(context, dict)
        names = context.get("fileName", list(DEFAULT_NAMES))
        if isinstance(names, str):
            names = [names]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise GitmemoryError(f"{SETTINGS}: context.fileName is neither a name nor a list "
                                 "of names; the file is left as it is",
                                 hint=f"fix {SETTINGS}, then run gitmemory init again")
        if GEMINI_FILE in names:
            return None
        context["fileName"] = [*names, GEMINI_FILE]
        return f"Gemini CLI reads {GEMINI_FILE} beside {names[0] if names else 'GEMINI.md'}"
    return json_file.update_json(top, SETTINGS, change)


def registered(top: str) -> bool:
    """Whether the project's settings name the memory file (a broken file does not)."""
    return gemini_reads_memory(top)

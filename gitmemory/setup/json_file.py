"""Editing a JSON settings file that other tools own, without clobbering it.

Only the one entry gitmemory adds is touched; every other key, and their
order, stay.  A file that is not a JSON object is left alone with an error
naming it; it is never read through a symlink (``files.read_text``) and is
written atomically, keeping its mode.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable

from gitmemory import files
from gitmemory.errors import GitmemoryError


def update_json(top: str, rel_path: str, change: Callable[[dict[str, object]], str | None]) -> str:
    """Apply ``change`` to the object in ``rel_path`` (``{}`` when absent) and write it back
    when ``change`` says what it did; returns the line to show."""
    files.check_dirs(top, os.path.dirname(rel_path))
    path = os.path.join(top, rel_path)
    text = files.read_text(path)
    try:
        data = json.loads(text) if text and text.strip() else {}
    except json.JSONDecodeError as exc:
        raise GitmemoryError(f"{rel_path} is not valid JSON (line {exc.lineno}); it is left "
                             "as it is", hint=f"fix {rel_path}, then run this again") from None
    if not isinstance(data, dict):
        raise GitmemoryError(f"{rel_path} does not hold a JSON object; it is left as it is",
                             hint=f"fix {rel_path}, then run this again")
    did = change(data)
    if did is None:
        return f"{rel_path}: already set up"
    os.makedirs(os.path.dirname(path) or top, exist_ok=True)
    files.atomic_write(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    return f"{rel_path}: {did}"


def member(data: dict[str, object], key: str, kind: type[dict[str, object]] | type[list[object]],
          rel_path: str) -> object:
    """``data[key]``, created empty when absent; a value of another type is an error."""
    value = data.setdefault(key, kind())
    if not isinstance(value, kind):
        what = "an object" if kind is dict else "an array"
        raise GitmemoryError(f"{rel_path}: {key!r} is not {what}; the file is left as it is",
                             hint=f"fix {rel_path}, then run this again")
    return value

"""A second name for each generated file, so an edit survives git replacing the file.

An agent file such as CLAUDE.md is generated and git-ignored, and git treats
ignored files as expendable: checking out a branch that still tracks its own
CLAUDE.md replaces ours without asking, before any hook runs.  Whenever sync
writes a file it also links it under the local state directory; an edit made
in place (as agents, most editors and ``>>`` do) changes both names at once.
When the next sync finds the file under its own name is no longer the linked
one, the linked one still holds what was there, and an edit in it is kept
beside as ``<file>.edited`` (docs/design.md, "Outputs").  One ``lstat`` each;
stdlib only, as the checkout hook runs it.
"""

from __future__ import annotations

import os

from gitmemory import files, state
from gitmemory.outputs import stamp


def _shadow_name(state_dir: str, path: str) -> str:
    return state.SHADOWS.at(state_dir, files.sha256_hex(path.encode("utf-8",
                                                                      "surrogateescape"))[:24])


def recover(state_dir: str, path: str, key: bytes) -> str | None:
    """If the file at ``path`` was replaced by someone else since sync last wrote it and
    the replaced version held an edit, keep that version beside; the path it is kept at."""
    shadow = _shadow_name(state_dir, path)
    try:
        linked = os.lstat(shadow)
    except OSError:
        return None
    try:
        same = os.path.samestat(linked, os.lstat(path))
    except OSError:
        same = False
    if same:
        return None
    text = files.read_text(shadow)
    files.remove(shadow)
    if text is None or stamp.classify(text, key) != "edited":
        return None
    current = files.read_text(path) if os.path.lexists(path) else None
    if current == text:
        return None
    return stamp.keep_beside(path, text)


def remember(state_dir: str, path: str) -> None:
    """Link the file sync just wrote at ``path`` under the state directory."""
    shadow = _shadow_name(state_dir, path)
    try:
        if os.path.samestat(os.lstat(shadow), os.lstat(path)):
            return
    except OSError:
        pass
    try:
        os.makedirs(os.path.dirname(shadow), mode=0o700, exist_ok=True)
        files.remove(shadow)
        os.link(path, shadow, follow_symlinks=False)
    except OSError:
        pass  # no hard links here (another file system): the stamp still guards edits


def forget(state_dir: str, path: str) -> None:
    files.remove(_shadow_name(state_dir, path))

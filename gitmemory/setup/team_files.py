"""The team's ``AGENTS.md`` and ``GEMINI.md`` back where they were (docs/agents.md).

gitmemory 0.3 moved a hand-written ``AGENTS.md`` to ``AGENTS_base.md`` (and
``GEMINI.md`` to ``GEMINI_base.md``), then generated and git-ignored the file,
so an agent or a review bot reading a fresh clone found none.  Since 0.4 the
memory goes to files of its own (``AGENTS.override.md``,
``GEMINI.gitmemory.md``), and ``gitmemory init`` puts the team's file back
once: the generated one goes (kept beside when someone edited it), the base
file moves back with ``git mv``, and the ignore lines that hid it go.
"""

from __future__ import annotations

import os

from gitmemory import files, git
from gitmemory.outputs import stamp
from gitmemory.outputs.targets import CODEX_FILE, GEMINI_FILE

# the team's file, where 0.3 moved it, and where the memory goes now
MOVED = (("AGENTS.md", "AGENTS_base.md", CODEX_FILE), ("GEMINI.md", "GEMINI_base.md", GEMINI_FILE))


def restore(top: str, common_dir: str, key: bytes) -> list[str]:
    """Put each team file 0.3 moved back in its place; one line each."""
    return [line for names in MOVED if (line := _restore_one(top, common_dir, key, names))]


def _restore_one(top: str, common_dir: str, key: bytes, names: tuple[str, str, str]
                 ) -> str | None:
    name, moved, memory = names
    path, legacy = os.path.join(top, name), os.path.join(top, moved)
    if not os.path.isfile(legacy) or os.path.islink(legacy) or os.path.islink(path):
        return None
    current = files.read_text(path)
    kept = ""
    if current is not None:
        kind = stamp.classify(current, key)
        if kind == "handwritten":
            return (f"{name}: hand-written, and {moved} is there too; left alone (merge them "
                    f"into {name} and delete {moved})")
        if kind != "generated":  # edited since gitmemory wrote it, or not stamped by us
            copy = os.path.basename(stamp.keep_beside(path, current))
            kept = f"; your edited copy is kept in {copy}"
        files.remove(path)
    if git.is_tracked(moved, top):
        git.run(["mv", "--", moved, name], top)
        how = " with `git mv` (rename staged), tracked"
    else:
        os.replace(legacy, path)
        how = ", untracked"
    _unignore(os.path.join(top, ".gitignore"), name)
    _unignore(os.path.join(common_dir, "info", "exclude"), name)
    return (f"{name}: the team's file is back from {moved}{how} and as written; "
            f"gitmemory writes the memory to {memory} now{kept}")


def _unignore(path: str, name: str) -> None:
    """Drop the lines 0.3 wrote to ignore the generated ``name``."""
    text = files.read_text(path)
    if text is None:
        return
    entry = "/" + name
    gone = {entry, entry + ".edited*", f"/.{name}.*.tmp"}
    lines = text.splitlines(keepends=True)
    kept = [line for line in lines if line.strip() not in gone]
    if len(kept) != len(lines):
        files.atomic_write(path, "".join(kept))


"""Generated agent files stay out of commits (docs/design.md, "Outputs").

``gitmemory init`` adds ``.gitignore`` lines for the agent files of the
outputs configured then.  When ``outputs`` changes later (``AGENTS.md`` turned
on), the first render of a file no line covers adds that output's lines to
this clone's ``.git/info/exclude`` (local state, never a tracked file: docs/
design.md, "What runs unasked"), so ``git add -A`` cannot commit it, and says
once what the team's ``.gitignore`` lacks.  No git process: the lines are
compared as written, so a broader rule of the repository's own only costs a
redundant local line.  Stdlib only: the checkout hook renders through here.
"""

from __future__ import annotations

import os

from gitmemory import files

MARK = "# gitmemory: generated agent files, ignored in this clone"


def keep_out(toplevel: str, common_dir: str, wanted: list[str], rel: str) -> str:
    """Make sure the files of a target are ignored in this clone (``wanted``: its
    gitignore lines; ``rel``: the file about to be written); the line to say ("" when
    ``.gitignore`` or ``.git/info/exclude`` already has them)."""
    if not all(p.isprintable() for p in wanted):
        return ""  # a line break in a committed path must not add lines of its own
    present = _lines(os.path.join(toplevel, ".gitignore")) | \
        _lines(os.path.join(common_dir, "info", "exclude"))
    if wanted[0] in present or wanted[0].lstrip("/") in present:
        return ""
    missing = [p for p in wanted if p not in present]
    path = os.path.join(common_dir, "info", "exclude")
    text = files.read_text(path) or ""
    if text and not text.endswith("\n"):
        text += "\n"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    files.atomic_write(path, text + MARK + "\n" + "\n".join(missing) + "\n")
    return (f"{rel} is generated but .gitignore does not list it: ignored in this "
            f"clone (.git/info/exclude); add {', '.join(wanted)} to .gitignore for the team "
            "(gitmemory init adds them)")


def _lines(path: str) -> set[str]:
    return {line.strip() for line in (files.read_text(path) or "").splitlines()}

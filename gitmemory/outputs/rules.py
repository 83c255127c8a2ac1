"""Rule sets: path-scoped files gitmemory owns, one per area (docs/design.md, "Outputs").

Claude Code's ``.claude/rules/gitmemory/``, Cursor, Copilot and Windsurf: one
file per area of the code with items, in that agent's front matter, one for
repository-wide items (unless the agent's document takes them), and every
file of ours whose area has no items left is to go.  Stdlib only: the
checkout hook renders through this module.
"""

from __future__ import annotations

import os

from gitmemory import files
from gitmemory.outputs import render
from gitmemory.outputs.areas import Area, name
from gitmemory.outputs.shared import Rendering, Wanted
from gitmemory.outputs.targets import RuleSet


def rule_files(target: RuleSet, shared: Rendering) -> list[Wanted]:
    """One file per area with items (and the repository-wide one unless its document
    takes those), and None for every file of ours that no area needs any more."""
    groups: dict[Area, list[render.Entry]] = {}
    own_always = target.always_unless not in shared.enabled
    for entry in shared.entries:
        if entry.area or own_always:
            groups.setdefault(entry.area, []).append(entry)
    out = []
    for area, chosen in sorted(groups.items()):
        block = shared.rule_block(area, chosen, target.limit)
        if block:
            out.append(Wanted(target, target.file(area, name(area)),
                              shared.compose(block, front=target.front(area))))
    keep = {w.rel for w in out}
    out += [Wanted(target, rel, None) for rel in owned(shared.toplevel, target) if rel not in keep]
    return out


def owned(toplevel: str, target: RuleSet) -> list[str]:
    """The files of ours in ``target``'s directory now (relative paths, sorted)."""
    files.check_dirs(toplevel, target.path)
    try:
        names = [e.name for e in os.scandir(os.path.join(toplevel, target.path))
                 if target.owns(e.name)]
    except OSError:
        return []
    return sorted(f"{target.path}/{n}" for n in names)

"""What every agent file of one branch shares (docs/design.md, "Outputs").

The memory shown and its ranked live items (computed once per checkout), the
stamp key, the blocks already built, the directories already checked; and
:class:`Wanted`, one file and the text it should hold.  Stdlib only: the
checkout hook renders through this module.
"""

from __future__ import annotations

import os

from gitmemory import files, state
from gitmemory.outputs import ignored, render, stamp
from gitmemory.outputs.areas import Area
from gitmemory.outputs.targets import RuleSet, Target, targets

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.config import Config
    from gitmemory.git import RepoInfo


class Wanted:
    """One file of a target and the text it should hold (None: no file)."""

    __slots__ = ("rel", "target", "text")

    def __init__(self, target: Target, rel: str, text: str | None) -> None:
        self.target, self.rel, self.text = target, rel, text


class Rendering:
    """What every target of one branch shares: the memory shown and its ranked items."""

    __slots__ = ("blocks", "branch", "cfg", "checked", "enabled", "entries", "ignored", "key",
                 "rule_sets", "source", "state_dir", "toplevel")

    def __init__(self, info: RepoInfo, cfg: Config, branch: str) -> None:
        self.toplevel = info.require_worktree()
        self.state_dir = state.ensure_dir(info.state_dir)
        self.cfg, self.branch = cfg, branch
        self.source = render.source_for(info, cfg, branch)
        self.entries = render.entries(self.source, branch, cfg, self.toplevel,
                                      self.state_dir) if self.source else []
        self.key = state.key(self.state_dir)
        self.enabled = set(cfg.outputs)
        self.checked: set[str] = set()
        self.ignored: set[str] = set()
        self.rule_sets = [t for t in targets(cfg) if isinstance(t, RuleSet)]
        self.blocks: dict[tuple[Area, int, int], str] = {}

    def keep_out(self, target: Target, rel: str) -> str:
        """Ignore ``target``'s files in this clone when nothing does yet (once per target
        and rendering); the line to say, or ""."""
        if target.path in self.ignored:
            return ""
        self.ignored.add(target.path)
        return ignored.keep_out(self.toplevel, os.path.dirname(self.state_dir), target, rel)

    def check_dirs(self, rel_dir: str) -> None:
        """Refuse a symlinked directory on the way to ``rel_dir`` (once per directory)."""
        if rel_dir not in self.checked:
            files.check_dirs(self.toplevel, rel_dir)
            self.checked.add(rel_dir)

    def compose(self, block: str, *, base: str | None = None, base_file: str | None = None,
                front: str = "", imports: str = "") -> str:
        memory_path = self.source.describe() if self.source and block else None
        return stamp.compose(base, block, base_file, memory_path, self.key,
                             state_dir=self.state_dir, front=front, imports=imports)

    def block(self, chosen: list[render.Entry], budget: render.Budget, area: Area = ()
              ) -> str:
        if not chosen or self.source is None:
            return ""
        intro = render.intro(self.source, self.branch, self.state_dir, area,
                             any(entry.inherited for entry in chosen))
        return render.block(chosen, self.cfg, intro, budget)

    def rule_block(self, area: Area, chosen: list[render.Entry], limit: int) -> str:
        """The block of ``area``'s rule files, one for every agent: the budget leaves room
        for the longest front matter among them and the stamped header."""
        key = (area, limit, len(chosen))
        if key not in self.blocks:
            front = max((t.front(area) for t in self.rule_sets), key=len, default="")
            fixed = size(self.compose(" ", front=front)) - 1  # " ": a block names the file
            self.blocks[key] = self.block(chosen, render.Budget(size=limit - fixed), area)
        return self.blocks[key]


def size(text: str) -> int:
    """UTF-8 bytes: the unit of every file limit."""
    return len(text.encode("utf-8", "surrogateescape"))

"""Rule sets: path-scoped files gitmemory owns, one per area (docs/design.md, "Outputs").

Claude Code's ``.claude/rules/gitmemory/``, Cursor, Copilot and Windsurf: one
file per area of the code with items, in that agent's front matter, one for
repository-wide items (when the agent's document is on, only those it had no
room for: the agent loads this file in every session too, so what an agent
loads is what it knows, with no item in both), and every file of ours whose
area has no items left is to go.  Stdlib only: the
checkout hook renders through this module.
"""

from __future__ import annotations

import os

from gitmemory import files
from gitmemory.outputs import render
from gitmemory.outputs.areas import Area, name
from gitmemory.outputs.shared import Rendering, Target, Wanted

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

RULE_LIMIT = 12_000  # characters per rule file: Windsurf's documented limit, our cap for all


class RuleSet(Target):
    """Path-scoped rule files in the directory ``path``: ``<prefix><area><suffix>`` per area,
    ``always`` for repository-wide items (left to the document named ``always_unless``
    when that one is enabled), each opened by ``front(area)``."""

    __slots__ = ("always", "always_unless", "front", "limit", "prefix", "suffix", "whole_dir")

    def __init__(self, name: str, directory: str, *, prefix: str, suffix: str,
                 front: Callable[[Area], str], always: str, always_unless: str | None = None,
                 limit: int = RULE_LIMIT, whole_dir: bool = False) -> None:
        super().__init__(name, directory, None)
        self.prefix, self.suffix, self.front = prefix, suffix, front
        self.always, self.always_unless = always, always_unless
        self.limit, self.whole_dir = limit, whole_dir

    def file(self, area: Area, name: str) -> str:
        """The file for ``area`` (named ``name``), or the always-loaded one for ()."""
        return f"{self.path}/{self.prefix}{name}{self.suffix}" if area else \
            f"{self.path}/{self.always}"

    def owns(self, filename: str) -> bool:
        """Whether ``filename`` in the directory is one of ours (generated, git-ignored)."""
        if not filename.endswith(self.suffix) or filename.startswith("."):
            return False
        return self.whole_dir or filename == self.always or filename.startswith(self.prefix)

    def ignore_patterns(self) -> list[str]:
        """.gitignore lines for every file of ours, kept copies and interrupted writes."""
        if self.whole_dir:
            return [f"/{self.path}/"]
        stem = self.always.split(".")[0]
        return [f"/{self.path}/{stem}*", f"/{self.path}/.{stem}*.tmp"]

    def opening(self, area: Area) -> str:
        return self.front(area)

    def probe(self) -> str:
        return self.file((), "")

    def wanted(self, shared: Rendering) -> list[Wanted]:
        return rule_files(self, shared)

    def loaded(self, toplevel: str) -> tuple[list[str], list[str]]:
        here = self.present(toplevel)
        always = f"{self.path}/{self.always}"
        return [p for p in here if p == always], [p for p in here if p != always]

    def present(self, toplevel: str) -> list[str]:
        try:
            return owned(toplevel, self)
        except files.UnsafePath:
            return []  # a symlinked directory: gitmemory never wrote there

    def write(self, path: str, text: str) -> None:
        """Ours alone: written anew (files.write_owned), no fsync."""
        files.write_owned(path, text)

    def tidy(self, toplevel: str) -> None:
        """A directory of its own goes once no file of ours is left in it."""
        if self.whole_dir:
            try:
                os.rmdir(os.path.join(toplevel, self.path))
            except OSError:
                return  # not empty: ours still wanted, or someone else's


def rule_files(target: RuleSet, shared: Rendering) -> list[Wanted]:
    """One file per area with items (and the repository-wide one unless its document
    takes those), and None for every file of ours that no area needs any more."""
    groups: dict[Area, list[render.Ranked]] = {}
    own_always = target.always_unless not in shared.enabled
    for entry in shared.entries:
        if entry.area or own_always:
            groups.setdefault(entry.area, []).append(entry)
    taken = [] if own_always or target.always_unless is None else \
        shared.overflow(target.always_unless)
    if taken:  # what the document had no room for, loaded in every session all the same
        groups[()] = taken
    out = []
    for area, chosen in sorted(groups.items()):
        block = shared.rule_block(area, chosen, target.limit, *(
            (shared.cfg.max_inject_chars, shared.left_out(True)) if taken and not area
            else ()))
        if block:
            out.append(Wanted(target, target.file(area, name(area)),
                              shared.compose(block, front=target.opening(area))))
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

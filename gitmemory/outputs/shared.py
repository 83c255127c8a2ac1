"""What every agent file of one branch shares (docs/design.md, "Outputs").

:class:`Target` is what an agent file target is and does: every kind (a
document, :mod:`gitmemory.outputs.documents`; a rule set,
:mod:`gitmemory.outputs.rules`) carries its own behaviour behind it, the way
each of pre-commit's languages does, and :mod:`gitmemory.outputs.targets`
lists the agents that use them; sync and set-up ask a target, never which
kind it is.  :class:`Rendering` is what the targets of one branch share:
the memory shown and its ranked live items (computed once per checkout), the
stamp key, the blocks already built, the directories already checked; and
:class:`Wanted`, one file and the text it should hold.  Stdlib only: the
checkout hook renders through this module.
"""

from __future__ import annotations

import os

from gitmemory import files, git, state
from gitmemory.outputs import ignored, render, stamp
from gitmemory.outputs.areas import Area
from gitmemory.outputs.grounds import Grounds

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.config import Config
    from gitmemory.git import RepoInfo


class Target:
    """One agent's generated file or files; ``path`` is relative to the top, ``base`` the
    hand-written file it starts from (None when it has none)."""

    # A hard link under the state directory recovers a hand edit git replaced.
    shadowed = False
    # Always there once rendered: when it is absent, the agent files need a rebuild.
    required = False
    # The team's file the agent reads no more once this one is there (Codex's override).
    replaces: str | None = None
    __slots__ = ("base", "name", "path")

    def __init__(self, name: str, path: str, base: str | None) -> None:
        self.name = name
        self.path = path
        self.base = base

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r}, {self.path!r}, {self.base!r})"

    def wanted(self, shared: Rendering) -> list[Wanted]:
        """Each of its files and the text it should hold on the branch (None: no file)."""
        raise NotImplementedError

    def present(self, toplevel: str) -> list[str]:
        """Its files that may be here now (relative paths)."""
        raise NotImplementedError

    def write(self, path: str, text: str) -> None:
        raise NotImplementedError

    def ignore_patterns(self) -> list[str]:
        """gitignore lines for its files and what a crash may leave of them."""
        raise NotImplementedError

    def probe(self) -> str:
        """One of its files (relative), for asking git whether its files are ignored: git
        cannot tell a directory pattern matches a directory that is not there yet."""
        return self.path

    def opening(self, area: Area) -> str:
        """The front matter that opens its file for ``area`` ("" for none)."""
        return ""

    def inputs(self, toplevel: str) -> list[str]:
        """Files whose change makes its files stale (besides the memory files)."""
        return []

    def tidy(self, toplevel: str) -> None:
        """What is left to do after sync removed some of its files."""

    def loaded(self, toplevel: str) -> tuple[list[str], list[str]]:
        """(its files here that the agent loads in every session, those it loads only
        where it works): relative paths."""
        return [], []

    def handwritten_fix(self) -> str:
        """What to do about a file of its name that gitmemory did not write."""
        return "rename it to let gitmemory use the name"


class Wanted:
    """One file of a target and the text it should hold (None: no file)."""

    __slots__ = ("rel", "target", "text")

    def __init__(self, target: Target, rel: str, text: str | None) -> None:
        self.target, self.rel, self.text = target, rel, text


class Rendering:
    """What every target of one branch shares: the memory shown and its ranked items."""

    __slots__ = ("_left_out", "blocks", "branch", "cfg", "checked", "documents", "enabled",
                 "entries", "ignored", "key", "overflows", "source", "state_dir", "targets",
                 "toplevel")

    def __init__(self, info: RepoInfo, cfg: Config, branch: str, chosen: list[Target]
                 ) -> None:
        self.toplevel = info.require_worktree()
        self.state_dir = state.ensure_dir(info.state_dir)
        self.cfg, self.branch = cfg, branch
        self.source = render.source_for(info, cfg, branch)
        tip = git.head_in_files(info)  # no process; else one, when an item first asks
        self.entries = render.entries(
            self.source, branch, cfg, self.toplevel, self.state_dir,
            grounds=Grounds(self.toplevel, tip or (lambda: git.rev_parse("HEAD", self.toplevel)),
                            self.state_dir)) if self.source else []
        self.key = state.stamp_key(self.state_dir)
        self.enabled = set(cfg.outputs)
        self.checked: set[str] = set()
        self.ignored: set[str] = set()
        self.targets = chosen
        self.blocks: dict[tuple[Area, int, int, int], str] = {}
        self._left_out: int | None = None
        self.documents: dict[str, list[Wanted]] = {}  # a document's files, once rendered
        # A document's entries it left out for lack of room, which the rule set that
        # names it (``always_unless``) shows in its always-loaded file instead.
        self.overflows: dict[str, list[render.Ranked]] = {}

    def left_out(self, scoped: bool = False) -> int:
        """Items of the branch's memory no file every session loads may show
        (:func:`render.left_out`), less those the area rule files show when ``scoped``
        (a rule set is on)."""
        if self._left_out is None:
            self._left_out = render.left_out(self.source, self.cfg) if self.source else 0
        if not scoped:
            return self._left_out
        return self._left_out - sum(1 for entry in self.entries if entry.area_only)

    def keep_out(self, target: Target, rel: str) -> str:
        """Ignore ``target``'s files in this clone when nothing does yet (once per target
        and rendering); the line to say, or ""."""
        if target.path in self.ignored:
            return ""
        self.ignored.add(target.path)
        return ignored.keep_out(self.toplevel, os.path.dirname(self.state_dir),
                                target.ignore_patterns(), rel)

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

    def block(self, chosen: list[render.Ranked], budget: render.Budget, area: Area = (),
              hidden: int = 0, *, name: str | None = None) -> str:
        """The block of ``chosen``; ``hidden`` more items it cannot show are counted in
        its last line.  With ``name``, a document whose rule set takes what it leaves out
        (:meth:`overflow`): those entries are kept for it, and its last line says the rest."""
        # a document's block says where the history record is, whatever else it shows
        bare = not area and self.source is not None and render.recorded(self.source) > 0
        if not (chosen or bare) or self.source is None:
            if name is not None:
                self.overflows[name] = []
            return ""
        intro = render.intro(self.source, self.branch, self.state_dir, area,
                             any(entry.inherited for entry in chosen))
        if name is None:
            return render.block(chosen, self.cfg, intro, budget, hidden=hidden, bare=bare)
        shown: set[int] = set()
        text = render.block(chosen, self.cfg, intro, budget, hidden=hidden, shown=shown,
                            overflow=True, bare=bare)
        self.overflows[name] = [entry for entry in chosen if id(entry) not in shown]
        return text

    def overflow(self, document: str) -> list[render.Ranked]:
        """The entries the document named ``document`` could show but had no room for
        (rendering it first when need be; none when it is not a target here)."""
        if document not in self.overflows:
            for target in self.targets:
                if target.name == document:
                    target.wanted(self)
        return self.overflows.get(document, [])

    def rule_block(self, area: Area, chosen: list[render.Ranked], limit: int,
                   chars: int | None = None, hidden: int = 0) -> str:
        """The block of ``area``'s rule files, one for every agent: the budget leaves room
        for the longest front matter among them and the stamped header."""
        key = (area, limit, len(chosen), hidden)
        if key not in self.blocks:
            front = max((t.opening(area) for t in self.targets), key=len, default="")
            fixed = size(self.compose(" ", front=front)) - 1  # " ": a block names the file
            self.blocks[key] = self.block(chosen, render.Budget(chars=chars, size=limit - fixed),
                                          area, hidden)
        return self.blocks[key]


def size(text: str) -> int:
    """UTF-8 bytes: the unit of every file limit."""
    return len(text.encode("utf-8", "surrogateescape"))

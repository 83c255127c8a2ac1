"""Bringing every agent file up to date for the checked-out branch (docs/design.md, "Outputs").

:func:`wanted` ranks the branch's live items once and says what each file of
each target of :func:`gitmemory.outputs.targets.targets` should hold: a
document gets its base file and the items that are not left to a rule set,
within its budget; a rule set gets one file per area with items (and one for
repository-wide items), and every file of ours whose area has no items left
is to go.  :func:`sync` writes the files that changed (atomically, never
through a symlink).  A file nobody generated is left alone; a generated file
someone edited is kept beside before it is replaced.  Stdlib only: this runs
in the checkout hook.
"""

from __future__ import annotations

import os

from gitmemory import files, state
from gitmemory.memory import filenames
from gitmemory.outputs import render, stamp
from gitmemory.outputs.areas import Area, name
from gitmemory.outputs.targets import Document, RuleSet, Target, targets

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.config import Config
    from gitmemory.git import RepoInfo

AGENTS_FILE, AGENTS_BASE = "AGENTS.md", "AGENTS_base.md"


class Outcome:
    """What a sync did to one file: ``status`` plus a message worth one line (or "")."""

    __slots__ = ("message", "path", "rel", "status", "target")

    def __init__(self, target: Target, status: str, path: str, message: str = "",
                 rel: str | None = None) -> None:
        self.target = target
        self.status = status  # written | unchanged | removed | absent | kept | refused
        self.path = path
        self.rel = rel or target.path
        self.message = message

    def line(self) -> str:
        return f"{self.rel}: {self.status}"


class Wanted:
    """One file of a target and the text it should hold (None: no file)."""

    __slots__ = ("rel", "target", "text")

    def __init__(self, target: Target, rel: str, text: str | None) -> None:
        self.target, self.rel, self.text = target, rel, text


class Rendering:
    """What every target of one branch shares: the memory shown and its ranked items."""

    __slots__ = ("blocks", "branch", "cfg", "checked", "enabled", "entries", "key",
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
        self.rule_sets = [t for t in targets(cfg) if isinstance(t, RuleSet)]
        self.blocks: dict[tuple[Area, int, int], str] = {}

    def check_dirs(self, rel_dir: str) -> None:
        """Refuse a symlinked directory on the way to ``rel_dir`` (once per directory)."""
        if rel_dir not in self.checked:
            files.check_dirs(self.toplevel, rel_dir)
            self.checked.add(rel_dir)

    def compose(self, block: str, *, base: str | None = None, base_file: str | None = None,
                front: str = "", imports: str = "") -> str:
        memory_path = self.source.rel_path if self.source and block else None
        return stamp.compose(base, block, base_file, memory_path, self.key,
                             state_dir=self.state_dir, front=front, imports=imports)

    def block(self, chosen: list[render.Entry], budget: render.Budget, area: Area = ()
              ) -> str:
        if not chosen or self.source is None:
            return ""
        intro = render.intro(self.source, self.branch, self.state_dir, area)
        return render.block(chosen, self.cfg, intro, budget)

    def rule_block(self, area: Area, chosen: list[render.Entry], limit: int) -> str:
        """The block of ``area``'s rule files, one for every agent: the budget leaves room
        for the longest front matter among them and the stamped header."""
        key = (area, limit, len(chosen))
        if key not in self.blocks:
            front = max((t.front(area) for t in self.rule_sets), key=len, default="")
            fixed = _size(self.compose(" ", front=front)) - 1  # " ": a block names the file
            self.blocks[key] = self.block(chosen, render.Budget(size=limit - fixed), area)
        return self.blocks[key]


def wanted(info: RepoInfo, cfg: Config, branch: str, shared: Rendering | None = None
           ) -> list[Wanted]:
    """Each file of each target and the content it should have on ``branch``."""
    shared = shared or Rendering(info, cfg, branch)
    out: list[Wanted] = []
    for target in targets(cfg):
        if isinstance(target, Document):
            out.append(Wanted(target, target.path, document(target, shared)))
        elif isinstance(target, RuleSet):
            out += rule_files(target, shared)
    return out


def document(target: Document, shared: Rendering) -> str | None:
    """The content of ``target``: base verbatim and the items it carries, within budget."""
    top, cfg = shared.toplevel, shared.cfg
    files.check_dirs(top, os.path.dirname(target.base))
    base = files.read_text(os.path.join(top, target.base))
    if base is not None and stamp.STAMP in base:
        raise files.UnsafePath(f"{target.base} contains a gitmemory stamp",
                               hint=f"remove the generated header line from {target.base}")
    imports = agents_import(top, shared.enabled, base) if target.imports_agents else ""
    scoped = target.rules in shared.enabled
    chosen = [e for e in shared.entries if not (scoped and e.area)]
    rest = shared.compose("", base=base, base_file=target.base, imports=imports)
    used_lines, used_size = rest.count("\n") + 1, _size(rest) + 1  # +1: the blank line between
    budget = render.Budget(
        chars=cfg.max_inject_chars,
        size=target.max_bytes - used_size if target.max_bytes else None,
        lines=cfg.max_file_lines - used_lines if cfg.max_file_lines and target.line_cap
        else None)
    block = shared.block(chosen, budget)
    if not block and not (base and base.strip()):
        return None
    return shared.compose(block, base=base, base_file=target.base, imports=imports)


def agents_import(toplevel: str, enabled: set[str], base: str | None) -> str:
    """``@AGENTS.md`` when the repository has a hand-written one (Claude Code reads AGENTS.md
    only when there is no CLAUDE.md), ``@AGENTS_base.md`` when gitmemory renders AGENTS.md
    from it (so the memory is not loaded twice); "" otherwise or when the base imports it."""
    path = os.path.join(toplevel, AGENTS_FILE)
    chosen = None
    if os.path.isfile(path) and not os.path.islink(path) and \
            stamp.STAMP not in (files.read_text(path, limit=4096) or ""):
        chosen = AGENTS_FILE  # hand-written (gitmemory leaves it alone even when enabled)
    if chosen is None and "agents" in enabled:
        base_path = os.path.join(toplevel, AGENTS_BASE)
        if os.path.isfile(base_path) and not os.path.islink(base_path):
            chosen = AGENTS_BASE
    if chosen is None or (base and f"@{chosen}" in base):
        return ""
    return f"@{chosen}\n"


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


def generated(toplevel: str, cfg: Config) -> list[tuple[str, Target]]:
    """Every agent file gitmemory renders here (documents, and rule files present now)."""
    out: list[tuple[str, Target]] = []
    for target in targets(cfg):
        if not isinstance(target, RuleSet):
            out.append((target.path, target))
            continue
        try:
            out += [(rel, target) for rel in owned(toplevel, target)]
        except files.UnsafePath:
            continue  # a symlinked directory: gitmemory never wrote there
    return out


def _size(text: str) -> int:
    return len(text.encode("utf-8", "surrogateescape"))


def sync(info: RepoInfo, cfg: Config, branch: str) -> list[Outcome]:
    """Bring every agent file up to date for ``branch``, never losing a person's text."""
    shared = Rendering(info, cfg, branch)
    outcomes = [_sync_one(shared, w) for w in wanted(info, cfg, branch, shared)]
    for target in {o.target.path: o.target for o in outcomes if o.status == "removed"}.values():
        if isinstance(target, RuleSet) and target.whole_dir:
            try:
                os.rmdir(os.path.join(info.require_worktree(), target.path))
            except OSError:
                continue  # not empty: ours still wanted, or someone else's
    return outcomes


def _sync_one(shared: Rendering, want: Wanted) -> Outcome:
    target, rel, wanted_text = want.target, want.rel, want.text
    toplevel = shared.toplevel
    shared.check_dirs(os.path.dirname(rel))
    path = os.path.join(toplevel, rel)
    current = files.read_text(path)
    if current is not None and current == wanted_text:  # what we would write: ours, as is
        return Outcome(target, "unchanged", path, rel=rel)
    if current is None:
        if wanted_text is None:
            return Outcome(target, "absent", path, rel=rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)  # the file may sit in a new dir
        _write(target, path, wanted_text)
        return Outcome(target, "written", path, rel=rel)
    kind = stamp.classify(current, shared.key) \
        if current else "generated"  # empty: nothing of anyone's to keep (a cut write)
    if kind in ("handwritten", "forged"):
        return _leave(shared, target, rel, path=path, kind=kind, current=current)
    message = ""
    if kind == "edited":
        kept = stamp.keep_beside(path, current)
        where = f"move what you need into {target.base}" if target.base else \
            "it is generated from branch memory: edit the memory file instead"
        message = (f"{rel} had been edited by hand; your version is kept in "
                   f"{os.path.basename(kept)}: {where}")
    if wanted_text is None:
        files.remove(path)
        return Outcome(target, "removed", path, message, rel=rel)
    _write(target, path, wanted_text)
    return Outcome(target, "written", path, message, rel=rel)


def _write(target: Target, path: str, text: str) -> None:
    """Agent files are rebuilt on every checkout: no fsync.  A document (``CLAUDE.md``) is
    replaced atomically; a rule file, ours alone, is written anew (files.write_owned)."""
    if isinstance(target, RuleSet):
        files.write_owned(path, text)
    else:
        files.atomic_write(path, text, durable=False)


def _leave(shared: Rendering, target: Target, rel: str, *, path: str, kind: str, current: str
           ) -> Outcome:
    if kind == "handwritten":
        fix = f"run `gitmemory init` to move it into {target.base}" if target.base else \
            "rename it to let gitmemory use the name"
        message = f"{rel} was not written by gitmemory, so it is left alone ({fix})"
        status = "kept"
    else:
        message = (f"{rel} carries a gitmemory stamp this clone did not write, or "
                   f"more than one; it is left alone (move it aside to let gitmemory regenerate)")
        status = "refused"
    said = state.notice_once(shared.state_dir, kind, path, current)
    return Outcome(target, status, path, message if said else "", rel=rel)


def inputs_newer(info: RepoInfo, cfg: Config) -> bool:
    """Whether a base file or a memory file changed after the agent files were written.

    Only file times, no git process: a commit that touched either was edited in
    the work tree after the last rebuild.  A missing document counts as stale.
    """
    top = info.require_worktree()
    written = []
    inputs = [filenames.memory_dir(top)]
    for target in targets(cfg):
        try:
            written.append(os.lstat(os.path.join(top, target.path)).st_mtime_ns)
        except OSError:
            if isinstance(target, Document):
                return True
        if isinstance(target, Document):
            inputs.append(os.path.join(top, target.base))
            if target.imports_agents:
                inputs += [os.path.join(top, AGENTS_FILE), os.path.join(top, AGENTS_BASE)]
    oldest = min(written, default=0)
    ours = {os.path.join(top, target.path) for target in targets(cfg)}
    for path in [p for p in inputs if p not in ours] + _entries(inputs[0]):
        try:
            if os.lstat(path).st_mtime_ns > oldest:
                return True
        except OSError:
            continue
    return False


def _entries(directory: str) -> list[str]:
    try:
        return [entry.path for entry in os.scandir(directory)]
    except OSError:
        return []

"""Bringing every agent file up to date for the checked-out branch (docs/design.md, "Outputs").

:func:`sync` renders the memory block once and writes each target of
:func:`gitmemory.outputs.targets.targets` that changed (atomically, never
through a symlink), returning one :class:`Outcome` per file.  A file nobody
generated is left alone; a generated file someone edited is kept beside
before it is replaced.  Stdlib only: this runs in the checkout hook.
"""

from __future__ import annotations

import os

from gitmemory import files, state
from gitmemory.memory import filenames
from gitmemory.outputs import lanes, render, shadow, stamp
from gitmemory.outputs.targets import Target, targets

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.config import Config
    from gitmemory.git import RepoInfo


class Outcome:
    """What a sync did to one file: ``status`` plus a message worth one line (or "")."""

    __slots__ = ("message", "path", "status", "target")

    def __init__(self, target: Target, status: str, path: str, message: str = "") -> None:
        self.target = target
        self.status = status  # written | unchanged | removed | absent | kept | refused
        self.path = path
        self.message = message

    def line(self) -> str:
        return f"{self.target.path}: {self.status}"


class Rendering:
    """What every target of one branch shares: the memory shown and its block."""

    __slots__ = ("block", "key", "source", "state_dir")

    def __init__(self, info: RepoInfo, cfg: Config, branch: str) -> None:
        self.state_dir = state.ensure_dir(info.state_dir)
        self.source = render.source_for(info, cfg, branch)
        self.block = render.memory_block(self.source, branch, cfg, self.state_dir) \
            if self.source else ""
        self.key = state.key(self.state_dir)


def build(info: RepoInfo, target: Target, shared: Rendering) -> str | None:
    """The content ``target`` should have, or None for "no file"."""
    toplevel = info.require_worktree()
    files.check_dirs(toplevel, os.path.dirname(target.base))
    base = files.read_text(os.path.join(toplevel, target.base))
    if base is not None and stamp.STAMP in base:
        raise files.UnsafePath(f"{target.base} contains a gitmemory stamp",
                               hint=f"remove the generated header line from {target.base}")
    if not shared.block and not (base and base.strip()):
        return None
    memory_path = shared.source.rel_path if shared.source and shared.block else None
    return stamp.compose(base, shared.block, target.base, memory_path, shared.key,
                         state_dir=shared.state_dir)


def wanted(info: RepoInfo, cfg: Config, branch: str) -> list[tuple[Target, str | None]]:
    """Each target and the content it should have on ``branch`` (None: no file)."""
    check_lanes(info, cfg)
    shared = Rendering(info, cfg, branch)
    return [(target, build(info, target, shared)) for target in targets(cfg)]


def check_lanes(info: RepoInfo, cfg: Config) -> None:
    """Refuse settings that point agent files or base files out of their lane."""
    lanes.check_output(cfg, "output_file", cfg.output_file)
    lanes.check_base(info.require_worktree(), cfg, "base_file", cfg.base_file)


def sync(info: RepoInfo, cfg: Config, branch: str) -> list[Outcome]:
    """Bring every agent file up to date for ``branch``, never losing a person's text."""
    return [_sync_one(info, target, text) for target, text in wanted(info, cfg, branch)]


def _sync_one(info: RepoInfo, target: Target, wanted_text: str | None) -> Outcome:
    toplevel = info.require_worktree()
    files.check_dirs(toplevel, os.path.dirname(target.path))
    path = os.path.join(toplevel, target.path)
    state_dir = state.ensure_dir(info.state_dir)
    key = state.key(state_dir)
    replaced = shadow.recover(state_dir, path, key)
    outcome = _update(info, target, path, wanted_text, key)
    if outcome.status in ("written", "unchanged"):
        shadow.remember(state_dir, path)
    if replaced:
        note = (f"{target.path} had been edited by hand before something else replaced it "
                f"(a checkout of a branch that tracks its own?); your version is kept in "
                f"{os.path.basename(replaced)}: move what you need into {target.base}")
        outcome.message = f"{note}; {outcome.message}" if outcome.message else note
    return outcome


def _update(info: RepoInfo, target: Target, path: str, wanted_text: str | None, key: bytes
            ) -> Outcome:
    current = files.read_text(path)
    if current is None:
        if wanted_text is None:
            return Outcome(target, "absent", path)
        os.makedirs(os.path.dirname(path), exist_ok=True)  # the file may sit in a new dir
        files.atomic_write(path, wanted_text)
        return Outcome(target, "written", path)
    kind = stamp.classify(current, key)
    if kind in ("handwritten", "forged"):
        return _leave(info, target, path, kind, current)
    if current == wanted_text:
        return Outcome(target, "unchanged", path)
    message = ""
    if kind == "edited":
        kept = stamp.keep_beside(path, current)
        message = (f"{target.path} had been edited by hand; your version is kept in "
                   f"{os.path.basename(kept)}: move what you need into {target.base}")
    if wanted_text is None:
        files.remove(path)
        return Outcome(target, "removed", path, message)
    files.atomic_write(path, wanted_text)
    return Outcome(target, "written", path, message)


def _leave(info: RepoInfo, target: Target, path: str, kind: str, current: str) -> Outcome:
    if kind == "handwritten":
        message = (f"{target.path} was not written by gitmemory, so it is left alone "
                   f"(run `gitmemory init` to move it into {target.base})")
        status = "kept"
    else:
        message = (f"{target.path} carries a gitmemory stamp this clone did not write, or "
                   f"more than one; it is left alone (move it aside to let gitmemory regenerate)")
        status = "refused"
    said = state.notice_once(state.ensure_dir(info.state_dir), kind, path, current)
    return Outcome(target, status, path, message if said else "")


def inputs_newer(info: RepoInfo, cfg: Config) -> bool:
    """Whether a base file or a memory file changed after the agent files were written.

    Only file times, no git process: a commit that touched either was edited in
    the work tree after the last rebuild.  A missing agent file counts as stale.
    """
    top = info.require_worktree()
    written = []
    for target in targets(cfg):
        try:
            written.append(os.lstat(os.path.join(top, target.path)).st_mtime_ns)
        except OSError:
            return True
    oldest = min(written, default=0)
    memory_dir = filenames.memory_dir(top)
    paths = [*(os.path.join(top, t.base) for t in targets(cfg)), memory_dir,
             *_entries(memory_dir)]
    for path in paths:
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

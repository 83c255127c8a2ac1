"""Bringing every agent file up to date for the checked-out branch (docs/design.md, "Outputs").

:func:`wanted` says what each file of each target of
:func:`gitmemory.outputs.targets.targets` should hold (documents:
:mod:`gitmemory.outputs.documents`; rule files: :mod:`gitmemory.outputs.rules`),
from one :class:`~gitmemory.outputs.shared.Rendering` of the branch.
:func:`sync` writes the files that changed, never through a symlink, and
removes rule files no area needs.  A file nobody generated is left alone; a
generated file someone edited is kept beside before it is replaced.  Stdlib
only: this runs in the checkout hook.
"""

from __future__ import annotations

import os

from gitmemory import files, state
from gitmemory.memory import filenames
from gitmemory.outputs import lanes, shadow, stamp
from gitmemory.outputs.shared import Rendering, Target, Wanted
from gitmemory.outputs.targets import targets

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.config import Config
    from gitmemory.git import RepoInfo


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


def wanted(info: RepoInfo, cfg: Config, branch: str, shared: Rendering | None = None
           ) -> list[Wanted]:
    """Each file of each target and the content it should have on ``branch``."""
    check_lanes(info, cfg)
    chosen = shared.targets if shared else targets(cfg)
    shared = shared or Rendering(info, cfg, branch, chosen)
    return [want for target in chosen for want in target.wanted(shared)]


def generated(toplevel: str, cfg: Config) -> list[tuple[str, Target]]:
    """Every agent file gitmemory renders here (documents, and rule files present now)."""
    return [(rel, target) for target in targets(cfg) for rel in target.present(toplevel)]


def check_lanes(info: RepoInfo, cfg: Config) -> None:
    """Refuse settings that point agent files or base files out of their lane."""
    lanes.check_output(cfg, "output_file", cfg.output_file)
    lanes.check_base(info.require_worktree(), cfg, "base_file", cfg.base_file)


def sync(info: RepoInfo, cfg: Config, branch: str) -> list[Outcome]:
    """Bring every agent file up to date for ``branch``, never losing a person's text."""
    shared = Rendering(info, cfg, branch, targets(cfg))
    outcomes = [_sync_one(shared, w) for w in wanted(info, cfg, branch, shared)]
    for target in {o.target.path: o.target for o in outcomes if o.status == "removed"}.values():
        target.tidy(shared.toplevel)
    return outcomes


def _sync_one(shared: Rendering, want: Wanted) -> Outcome:
    target, rel = want.target, want.rel
    shared.check_dirs(os.path.dirname(rel))
    path = os.path.join(shared.toplevel, rel)
    replaced = shadow.recover(shared.state_dir, path, shared.key) if target.shadowed else None
    outcome = _update(shared, want, path)
    if target.shadowed and outcome.status in ("written", "unchanged"):
        shadow.remember(shared.state_dir, path)
    if replaced:
        note = (f"{rel} had been edited by hand before something else replaced it (a "
                f"checkout of a branch that tracks its own?); your version is kept in "
                f"{os.path.basename(replaced)}: move what you need into {target.base}")
        outcome.message = f"{note}; {outcome.message}" if outcome.message else note
    return outcome


def _update(shared: Rendering, want: Wanted, path: str) -> Outcome:
    target, rel, wanted_text = want.target, want.rel, want.text
    current = files.read_text(path)
    if current is not None and current == wanted_text:  # what we would write: ours, as is
        return Outcome(target, "unchanged", path, rel=rel)
    if current is None:
        if wanted_text is None:
            return Outcome(target, "absent", path, rel=rel)
        said = shared.keep_out(target, rel)  # a new file: never one `git add -A` commits
        os.makedirs(os.path.dirname(path), exist_ok=True)  # the file may sit in a new dir
        target.write(path, wanted_text)
        return Outcome(target, "written", path, said, rel=rel)
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
    target.write(path, wanted_text)
    return Outcome(target, "written", path, message, rel=rel)


def _leave(shared: Rendering, target: Target, rel: str, *, path: str, kind: str, current: str
           ) -> Outcome:
    if kind == "handwritten":
        message = (f"{rel} was not written by gitmemory, so it is left alone "
                   f"({target.handwritten_fix()})")
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
            if target.required:
                return True
        inputs += target.inputs(top)
    oldest = min(written, default=0)
    ours = {os.path.join(top, target.path) for target in targets(cfg)}
    for path in [p for p in inputs if p not in ours] + _dir_paths(inputs[0]):
        try:
            if os.lstat(path).st_mtime_ns > oldest:
                return True
        except OSError:
            continue
    return False


def _dir_paths(directory: str) -> list[str]:
    try:
        return [entry.path for entry in os.scandir(directory)]
    except OSError:
        return []

"""``gitmemory diff [BASE]``: what this branch changes in memory, for review."""

from __future__ import annotations

from gitmemory import git, output
from gitmemory.errors import GitmemoryError
from gitmemory.injection.neutralize import neutralize
from gitmemory.memory import read
from gitmemory.memory.markdown import SECTION_TITLES
from gitmemory.recall import review
from gitmemory.recall.diff import BranchDiff, Difference, base_commit, memory_diff
from gitmemory.repo import Repo

_SIGN = {"added": "+", "changed": "~", "removed": "-"}


def run(base: str | None, as_json: bool, as_markdown: bool, check: bool) -> int:
    repo = Repo.open()
    base = base or default_base(repo)
    commit = base_commit(repo.toplevel, base)
    diffs = memory_diff(repo.toplevel, commit)
    if as_json:
        output.emit_json(review.as_dict(base, commit, diffs))
    elif as_markdown:
        output.say(review.markdown(base, commit, diffs).rstrip("\n"))
    else:
        _text(base, commit, diffs)
    held = any(change.held_back for diff in diffs for change in diff.changes)
    return 1 if check and held else 0


def default_base(repo: Repo) -> str:
    """The default branch: local if it exists, else its remote-tracking branch."""
    name = read.default_branch(repo.info, repo.cfg)
    for ref in ([git.HEADS + name, f"refs/remotes/origin/{name}"] if name else []):
        if git.ref_exists(ref, repo.toplevel):
            return ref.removeprefix(git.HEADS).removeprefix("refs/remotes/")
    raise GitmemoryError("no default branch to compare with",
                         hint="name one: gitmemory diff main (or set default_branch)")


def _text(base: str, commit: str, diffs: list[BranchDiff]) -> None:
    if not diffs:
        output.say(f"no memory changes against {base} (merge-base {commit[:10]})")
        return
    output.say(f"memory changes against {base} (merge-base {commit[:10]}):")
    for diff in diffs:
        output.say("")
        output.say(f"{neutralize(diff.branch)}  {diff.path}  (+{diff.count('added')} "
                   f"~{diff.count('changed')} -{diff.count('removed')})")
        for change in diff.changes:
            output.say(_change_line(change))
        for text in diff.hidden:
            output.say(f"  x [Not Inherited] {text}  (left out here; promote removes it from "
                       "the default branch's memory)")


def _change_line(change: Difference) -> str:
    entry = change.after or change.before
    assert entry is not None
    marks = ""
    if change.after and change.after.stale:
        marks += "  [stale: its paths are gone]"
    if change.held_back:
        marks += f"  [HELD BACK: {change.held_back}]"
    line = f"  {_SIGN[change.kind]} [{SECTION_TITLES[entry.section]}] {entry.line_text()}{marks}"
    if change.kind == "changed" and change.before:
        line += f"\n      was: {change.before.line_text()}"
    return line

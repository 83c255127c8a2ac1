"""A memory diff as a pull-request comment (markdown) and as JSON.

Every item is shown inside a code span delimited by more backticks than any
run the text holds, so nothing in it can close the span, and inside it no
link, mention, image or HTML renders.  Held-back items are
listed first, under a warning, because an agent reading the pull request
would read them too.
"""

from __future__ import annotations

from gitmemory.injection.neutralize import neutralize
from gitmemory.memory.markdown import SECTION_TITLES
from gitmemory.recall.diff import KINDS, BranchDiff, Difference
from gitmemory.recall.entries import ShownItem

HEADING = "### gitmemory: memory changes"


def as_dict(base: str, commit: str, diffs: list[BranchDiff]) -> dict[str, object]:
    """The ``--json`` answer."""
    return {"base": base, "base_commit": commit,
            "held_back": sum(1 for d in diffs for c in d.changes if c.held_back),
            "branches": [{"branch": d.branch, "path": d.path,
                          "added": [c.after.as_dict() for c in d.changes if c.after
                                    and c.kind == "added"],
                          "changed": [{"before": c.before.as_dict(), "after": c.after.as_dict()}
                                      for c in d.changes if c.before and c.after],
                          "removed": [c.before.as_dict() for c in d.changes if c.before
                                      and c.kind == "removed"],
                          "not_inherited": d.hidden}
                         for d in diffs]}


def markdown(base: str, commit: str, diffs: list[BranchDiff]) -> str:
    """The pull-request comment."""
    counts = {kind: sum(d.count(kind) for d in diffs) for kind in KINDS}
    held = [(d, c) for d in diffs for c in d.changes if c.held_back]
    out = [HEADING, ""]
    if not diffs:
        out.append(f"No memory changes against `{base}` (merge-base `{commit[:10]}`).")
        return "\n".join(out) + "\n"
    out.append(f"Against `{base}` (merge-base `{commit[:10]}`): {counts['added']} added, "
               f"{counts['changed']} changed, {counts['removed']} removed in {len(diffs)} "
               f"branch {'memory' if len(diffs) == 1 else 'memories'}.")
    if held:
        out += ["", "> [!WARNING]",
                f"> {len(held)} new {'item reads' if len(held) == 1 else 'items read'} as "
                "instructions to an agent. gitmemory holds "
                f"{'it' if len(held) == 1 else 'them'} back from every agent file; remove or "
                "reword before merging.", ""]
        out += [f"- **held back** ({_code(c.held_back or '')}) in {_code(neutralize(d.branch))} "
                f"{SECTION_TITLES[c.after.section]}: {_code(c.after.text)}"
                for d, c in held if c.after]
    for diff in diffs:
        out += ["", f"#### {_code(neutralize(diff.branch))} ({_code(diff.path)})", ""]
        out += [_review_line(change) for change in diff.changes]
        out += [f"- **not inherited** (left out here; `promote` removes it from the default "
                f"branch's memory): {_code(text)}" for text in diff.hidden]
    return "\n".join(out) + "\n"


def _review_line(change: Difference) -> str:
    if change.kind == "changed" and change.before and change.after:
        moved = "" if change.before.section == change.after.section else \
            f" (from {SECTION_TITLES[change.before.section]})"
        return (f"- **changed** {SECTION_TITLES[change.after.section]}{moved}: "
                f"~~{_code(change.before.text)}~~ → {_code(change.after.text)}"
                f"{_marks(change.after)}")
    entry = change.after or change.before
    assert entry is not None
    return (f"- **{change.kind}** {SECTION_TITLES[entry.section]}: {_code(entry.text)}"
            f"{_marks(entry) if change.after else ''}")


def _marks(entry: ShownItem) -> str:
    parts = []
    if entry.item.refs:
        parts.append("refs " + ", ".join(_code(r) for r in entry.item.refs))
    if entry.paths:
        parts.append("paths " + ", ".join(_code(p) for p in entry.paths))
    if entry.stale:
        parts.append("**stale** (its paths are gone)")
    if entry.held_back:
        parts.append("**held back**")
    return f" — {'; '.join(parts)}" if parts else ""


def _code(text: str) -> str:
    """``text`` as a code span that nothing inside can close: delimited by a run of
    backticks longer than any run it holds, so it shows as written."""
    longest = run = 0
    for ch in text:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    fence = "`" * max(2, longest + 1)
    return f"{fence} {text} {fence}"

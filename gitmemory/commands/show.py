"""``gitmemory show``, ``list`` and ``clear``: read, list and delete branch memory."""

from __future__ import annotations

import os

from gitmemory import branch_files, files, memory_file, output, store
from gitmemory.errors import GitmemoryError
from gitmemory.memory_file import SECTION_IDS, SECTION_TITLES, Memory
from gitmemory.repo import Repo
from gitmemory.sanitize import instruction_reason


def held_back(memory: Memory) -> list[dict[str, str]]:
    """Items kept out of CLAUDE.md because they read as instructions to the agent."""
    found = []
    for sid in SECTION_IDS:
        for item in memory.sections[sid]:
            reason = instruction_reason(item.text)
            if reason:
                found.append({"section": sid, "text": item.text, "reason": reason})
    return found


def as_dict(memory: Memory, path: str) -> dict[str, object]:
    return {
        "branch": memory.branch,
        "path": path,
        "updated": memory.updated,
        "through": memory.through,
        "sections": {sid: [{"text": i.text, "refs": list(i.refs)} for i in items]
                     for sid, items in memory.sections.items()},
        "held_back": held_back(memory),
    }


def find(repo: Repo, branch: str) -> tuple[Memory | None, str]:
    """``branch``'s memory and where it was read: this work tree's file first (on the
    default branch that includes merged branches' files), else the branch's own,
    from the work tree it is checked out in or its tip (shown as ``branch:path``)."""
    memory, path = store.read(repo, branch)
    if memory is not None:
        return memory, repo.rel(path)
    from gitmemory import git, memory_location

    if not git.ref_exists(git.HEADS + branch, repo.toplevel):
        return None, ""
    loc = memory_location.locate(repo.toplevel, branch)
    text = memory_location.read(repo.toplevel, loc)
    found = memory_file.parse(text) if text else None
    if found is None or found.branch != branch:
        return None, ""
    if loc.worktree:
        return found, os.path.join(loc.worktree, loc.rel_path)
    return found, f"{branch}:{loc.rel_path}"


def show(branch: str | None, as_json: bool) -> int:
    repo = Repo.open()
    name = branch or repo.current_branch()
    memory, where = find(repo, name)
    if memory is None:
        raise GitmemoryError(f"no memory for branch {name!r}",
                             hint="gitmemory memorize creates it; gitmemory list shows what exists")
    if as_json:
        output.emit_json(as_dict(memory, where))
        return 0
    output.say(memory_file.generate(memory).rstrip("\n"))
    flagged = held_back(memory)
    if flagged:
        output.say("")
        output.say(f"Held back from CLAUDE.md for review ({len(flagged)}):")
        for entry in flagged:
            output.say(f"  [{SECTION_TITLES[entry['section']]}] {entry['text']}  "
                       f"-- {entry['reason']}")
    return 0


def list_(as_json: bool) -> int:
    repo = Repo.open()
    from gitmemory import pending

    rows = []
    for branch, path in branch_files.list_files(repo.memory_dir):
        text = files.read_text(path)
        memory = memory_file.parse(text or "")
        if memory is None:
            continue
        rows.append({"branch": branch, "path": repo.rel(path), "updated": memory.updated,
                     "items": memory.counts(),
                     "pending": pending.count(repo, branch, memory.through)})
    if as_json:
        output.emit_json(rows)
        return 0
    if not rows:
        output.say("no branch memory yet (gitmemory memorize creates it)")
        return 0
    output.say(f"{'branch':30} {'facts':>5} {'decis':>5} {'conv':>5} {'bugs':>5} "
               f"{'pending':>7}  updated")
    for row in rows:
        counts = row["items"]
        assert isinstance(counts, dict)
        pend = row["pending"]
        output.say(f"{row['branch']!s:30} " + " ".join(f"{counts[s]:>5}" for s in SECTION_IDS)
                   + f" {'-' if pend is None else pend!s:>7}  {row['updated'] or '-'}")
    return 0


def clear(branch: str) -> int:
    repo = Repo.open()
    with store.locked(repo.info.state_dir):
        path = store.delete(repo, branch)
    if path is None:
        if find(repo, branch)[0] is not None:
            raise GitmemoryError(
                f"no memory file for branch {branch!r} in this work tree",
                hint=f"its memory lives on the branch: check {branch} out and clear it there")
        raise GitmemoryError(f"no memory for branch {branch!r}")
    output.say(f"removed {repo.rel(path)} (tracked files come back with git checkout -- <path>)")
    return 0

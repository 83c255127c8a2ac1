"""``gitmemory show``, ``list`` and ``clear``: read, list and delete branch memory."""

from __future__ import annotations

import os

from gitmemory import files, git, output
from gitmemory.errors import GitmemoryError
from gitmemory.injection.neutralize import instruction_reason
from gitmemory.memory import filenames, location, markdown, store
from gitmemory.memory.markdown import SECTION_IDS, SECTION_TITLES, Memory
from gitmemory.repo import Repo


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


def find(repo: Repo, branch: str, known: location.Worktrees | None = None
         ) -> tuple[Memory | None, str, location.Location | None]:
    """``branch``'s memory where it lives, where that is, and its location.

    A local branch's memory is in the work tree that has it checked out, else
    in its tip (shown as ``branch:path``); a branch that is not local, or has
    no memory of its own there, falls back to the file in this work tree (a
    merge brings a branch's file along).  The location is None for that fallback.
    """
    if git.ref_exists(git.HEADS + branch, repo.toplevel):
        loc = location.locate(repo.toplevel, branch, known)
        text = location.read(repo.toplevel, loc)
        memory = markdown.parse(text) if text else None
        if memory is not None and memory.branch == branch:
            where = repo.rel(os.path.join(loc.worktree, loc.rel_path)) if loc.worktree \
                else f"{branch}:{loc.rel_path}"
            return memory, where, loc
    memory, path = store.read(repo, branch)
    return memory, repo.rel(path), None


def show(branch: str | None, as_json: bool) -> int:
    repo = Repo.open()
    name = branch or repo.current_branch()
    memory, where, _ = find(repo, name)
    if memory is None:
        raise GitmemoryError(f"no memory for branch {name!r}",
                             hint="gitmemory memorize creates it; gitmemory list shows what exists")
    if as_json:
        output.emit_json(as_dict(memory, where))
        return 0
    output.say(markdown.generate(memory).rstrip("\n"))
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
    rows = []
    known = location.Worktrees(repo.toplevel)
    for branch in git.local_branches(repo.toplevel):
        memory, where, loc = find(repo, branch, known)
        if memory is not None and loc is not None:
            rows.append(_row(repo, branch, where, memory))
    listed = {row["branch"] for row in rows}
    for branch, path in filenames.list_files(repo.memory_dir):
        memory = markdown.parse(files.read_text(path) or "")
        if memory is not None and branch not in listed:
            rows.append(_row(repo, branch, repo.rel(path), memory))
    rows.sort(key=lambda row: str(row["branch"]))
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


def _row(repo: Repo, branch: str, where: str, memory: Memory) -> dict[str, object]:
    from gitmemory.pipeline import pending
    return {"branch": branch, "path": where, "updated": memory.updated,
            "items": memory.counts(), "pending": pending.count(repo, branch, memory.through)}


def clear(branch: str) -> int:
    repo = Repo.open()
    with store.locked(repo.info.state_dir):
        memory, where, loc = find(repo, branch)
        if memory is None:
            raise GitmemoryError(f"no memory for branch {branch!r}")
        if loc is not None and not loc.worktree:
            raise GitmemoryError(f"the memory of {branch} is in its last commit ({where})",
                                 hint=f"git checkout {branch}, then gitmemory clear {branch}")
        files.remove(os.path.join(loc.worktree, loc.rel_path) if loc and loc.worktree
                     else os.path.join(repo.toplevel, where))
    output.say(f"removed {where} (tracked files come back with git checkout -- <path>)")
    return 0

"""``gitmemory show``, ``list`` and ``clear``: read, list and delete branch memory."""

from __future__ import annotations

from gitmemory import files, git, output
from gitmemory.errors import GitmemoryError
from gitmemory.injection.detect import reason
from gitmemory.memory import evidence, filenames, location, markdown, read, write
from gitmemory.memory.markdown import SECTION_IDS, SECTION_TITLES, Item, Memory
from gitmemory.repo import Repo


def held_back(memory: Memory) -> list[dict[str, str]]:
    """Items kept out of CLAUDE.md because they read as instructions to the agent."""
    found = []
    for sid in SECTION_IDS:
        for item in memory.sections[sid]:
            why = reason(item.text)
            if why:
                found.append({"section": sid, "text": item.text, "reason": why})
    return found


def stale_items(repo: Repo, found: read.Found) -> list[tuple[str, Item]]:
    """(section, item) for each item whose paths are all gone: from the work tree that
    holds the file, or from the tree of the commit it was read from."""
    items = [(sid, item) for sid in SECTION_IDS for item in found.memory.sections[sid]]
    if found.worktree is not None:
        return [(sid, i) for sid, i in items if evidence.stale(i, found.worktree)]
    cited = sorted({p for _, item in items for p in item.paths})
    present = git.present(found.rev or "HEAD", cited, repo.toplevel)
    return [(sid, i) for sid, i in items
            if i.paths and not any(p in present for p in i.paths)]


def as_dict(memory: Memory, path: str, stale: list[tuple[str, Item]] | None = None
            ) -> dict[str, object]:
    gone = {id(item) for _, item in stale or []}
    return {
        "branch": memory.branch,
        "path": path,
        "updated": memory.updated,
        "through": memory.through,
        "sections": {sid: [{"text": i.text, "refs": list(i.refs), "paths": list(i.paths),
                            "stale": id(i) in gone} for i in items]
                     for sid, items in memory.sections.items()},
        "held_back": held_back(memory),
    }


def find(repo: Repo, branch: str, known: location.Worktrees | None = None
         ) -> tuple[read.Found | None, bool]:
    """``branch``'s memory, and whether it was found where the branch keeps it.

    A local branch's memory is in the work tree that has it checked out, else
    in its tip (shown as ``branch:path``); a branch that is not local, or has
    no memory of its own there, falls back to the file in this work tree (a
    merge brings a branch's file along).
    """
    if git.ref_exists(git.HEADS + branch, repo.toplevel):
        _, found = read.find(repo.toplevel, branch, known)
        if found is not None:
            return found, True
    return read.in_work_tree(repo.toplevel, branch), False


STALE_MARK = "  [stale: every path it cites is gone]"


def show(branch: str | None, as_json: bool, only_stale: bool = False) -> int:
    repo = Repo.open()
    name = branch or repo.current_branch()
    found, _ = find(repo, name)
    if found is None:
        raise GitmemoryError(f"no memory for branch {name!r}",
                             hint="gitmemory memorize creates it; gitmemory list shows what exists")
    memory = found.memory
    stale = stale_items(repo, found)
    if as_json:
        shown = as_dict(memory, found.where(repo.toplevel), stale)
        if only_stale:
            shown = {"branch": memory.branch, "path": shown["path"],
                     "stale": [{"section": sid, "text": i.text, "paths": list(i.paths)}
                               for sid, i in stale]}
        output.emit_json(shown)
        return 0
    if only_stale:
        for sid, item in stale:
            output.say(f"[{SECTION_TITLES[sid]}] {item.render()}")
        if not stale:
            output.say(f"no stale items in {found.where(repo.toplevel)}")
        return 0
    output.say(_marked(memory, stale).rstrip("\n"))
    if stale:
        output.say("")
        output.say(f"Stale ({len(stale)}): left out of every agent file; the next memorize or "
                   "maintain removes them.")
    flagged = held_back(memory)
    if flagged:
        output.say("")
        output.say(f"Held back from CLAUDE.md for review ({len(flagged)}):")
        for entry in flagged:
            output.say(f"  [{SECTION_TITLES[entry['section']]}] {entry['text']}  "
                       f"-- {entry['reason']}")
    return 0


def _marked(memory: Memory, stale: list[tuple[str, Item]]) -> str:
    """The memory file's markdown with each stale bullet marked."""
    text = markdown.generate(memory)
    for _, item in stale:
        bullet = f"- {item.render()}\n"
        text = text.replace(bullet, bullet[:-1] + STALE_MARK + "\n", 1)
    return text


def list_(as_json: bool) -> int:
    repo = Repo.open()
    rows = []
    known = location.Worktrees(repo.toplevel)
    for branch in git.local_branches(repo.toplevel):
        found, own = find(repo, branch, known)
        if found is not None and own:
            rows.append(_row(repo, branch, found.where(repo.toplevel), found.memory))
    listed = {row["branch"] for row in rows}
    for branch, path in filenames.list_files(filenames.memory_dir(repo.toplevel)):
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
    where = write.remove(repo, branch)
    output.say(f"removed {where} (tracked files come back with git checkout -- <path>)")
    return 0

"""What a branch changes in memory, item by item, so memory is reviewed like code.

The memory files of the work tree are compared with those of the merge-base
of BASE and HEAD (what ``git diff BASE...`` compares), branch by branch:
each file is read through the memory catalog (title checked), and items are
matched by :mod:`gitmemory.memory.similar`: the same item (same dedupe key)
is unchanged, a near duplicate is *changed* (reworded, or moved to another
section), the rest is *added* or *removed*.  Items on the new side carry the
marks agents would see: held back, stale.
"""

from __future__ import annotations

import os

from gitmemory import git
from gitmemory.errors import GitmemoryError
from gitmemory.injection.neutralize import neutralize
from gitmemory.memory import filenames, read
from gitmemory.memory.blobs import Blobs
from gitmemory.memory.catalog import Catalog
from gitmemory.memory.layers import hidden, key
from gitmemory.memory.markdown import SECTION_IDS, Item, Memory
from gitmemory.memory.read import Found
from gitmemory.memory.similar import dedupe_key, near_duplicate
from gitmemory.outputs.grounds import Grounds
from gitmemory.recall.entries import ShownItem, confirm, mark_stale

KINDS = ("added", "changed", "removed")


class Difference:
    """One item added, changed or removed; ``before``/``after`` are None where absent."""

    __slots__ = ("after", "before", "kind")

    def __init__(self, kind: str, before: ShownItem | None, after: ShownItem | None) -> None:
        self.kind = kind  # added | changed | removed
        self.before = before
        self.after = after

    @property
    def held_back(self) -> str | None:
        """Why the new text is kept from agents (None for a removal or a safe item)."""
        return self.after.held_back if self.after else None


class BranchDiff:
    """The changes of one branch's memory file (``path``, relative to the top), and the
    inherited items it newly names under ``## Not Inherited`` (``hidden``, neutralised):
    its agent files leave them out and ``promote`` removes them from the default
    branch's memory, so a reviewer sees them (docs/design.md, "Layers of memory")."""

    __slots__ = ("branch", "changes", "hidden", "misnamed", "path")

    def __init__(self, branch: str, path: str, changes: list[Difference],
                 hidden: list[str] | None = None, misnamed: bool = False) -> None:
        self.branch = branch
        self.path = path
        self.changes = changes
        self.hidden = hidden or []
        self.misnamed = misnamed  # the title names another branch than the path does

    def count(self, kind: str) -> int:
        return sum(1 for change in self.changes if change.kind == kind)


def base_commit(toplevel: str, base: str) -> str:
    """The merge-base of ``base`` and HEAD."""
    if git.rev_parse(base, toplevel) is None:
        raise GitmemoryError(f"{base!r} names no commit", hint="name a branch, tag or commit")
    code, out = git.run_status(["merge-base", "--end-of-options", base, "HEAD"], toplevel)
    if code != 0 or not out.strip():
        raise GitmemoryError(f"{base!r} and HEAD have no common history",
                             hint="name the branch this one was started from")
    return out.strip()


def memory_diff(toplevel: str, base: str) -> list[BranchDiff]:
    """Every branch memory that differs between commit ``base`` and the work tree: each
    branch's file as its title finds it, then every other memory file by its path, whatever
    its title says (issue 31: a file titled as another branch was not read at all)."""
    catalog = Catalog(toplevel)
    before = catalog.in_rev(base)
    after = {branch: found for branch, _ in filenames.list_files(filenames.memory_dir(toplevel))
             if (found := read.in_work_tree(toplevel, branch))}
    seen = {found.rel_path for found in (*before.values(), *after.values())}
    diffs = _by_title(toplevel, before, after) + _by_path(toplevel, base, catalog.blobs, seen)
    # the evidence rule for the new side: the work tree's memory, against the files of HEAD
    confirm([c.after for d in diffs for c in d.changes if c.after],
            Grounds(toplevel, lambda: git.rev_parse("HEAD", toplevel), None))
    return diffs


def _by_path(toplevel: str, base: str, blobs: Blobs, seen: set[str]) -> list[BranchDiff]:
    """The memory files no title lookup read, compared with the same path in ``base``."""
    here = filenames.memory_dir(toplevel)
    listed = _listing(here)
    diffs = []
    for name in sorted(set(blobs.names(base)) | set(listed)):
        rel = f"{filenames.MEMORY_DIR}/{name}"
        if rel in seen or not name.endswith(".md") or name.startswith("."):
            continue
        found = blobs.file(base, name)
        old = found[1] if found else None
        new = read.by_path(toplevel, name) if name in listed else None
        side = new or old
        if side is None or (old and new and old.sections == new.sections
                            and old.branch == new.branch):
            continue
        changes = compare(side.branch, old, new)
        misnamed = not filenames.names_branch(name, side.branch)
        if changes or misnamed:
            diffs.append(BranchDiff(side.branch, rel, changes, misnamed=misnamed))
    return diffs


def _listing(directory: str) -> list[str]:
    try:
        return [name for name in os.listdir(directory)
                if os.path.isfile(os.path.join(directory, name))
                and not os.path.islink(os.path.join(directory, name))]
    except OSError:
        return []


def _by_title(toplevel: str, before: dict[str, Found], after: dict[str, Found]
              ) -> list[BranchDiff]:
    diffs = []
    for branch in sorted(set(before) | set(after)):
        old, new = before.get(branch), after.get(branch)
        was = {key(t) for t in hidden(old.memory if old else None)}
        named = [neutralize(t) for t in hidden(new.memory if new else None) if key(t) not in was]
        if old and new and old.memory.sections == new.memory.sections and not named:
            continue
        changes = compare(branch, old.memory if old else None, new.memory if new else None)
        source = new or old
        if (changes or named) and source:
            mark_stale([(c.after, new) for c in changes if c.after and new], toplevel)
            diffs.append(BranchDiff(branch, source.rel_path, changes, named))
    return diffs


def compare(branch: str, before: Memory | None, after: Memory | None) -> list[Difference]:
    """Item by item: changed (near duplicates, same section first), added, removed."""
    old = _leftovers(before, after)
    new = _leftovers(after, before)
    changes: list[Difference] = []
    for same_section in (True, False):
        for n_section, n_item in list(new):
            match = next(((s, i) for s, i in old if (s == n_section or not same_section)
                          and near_duplicate(dedupe_key(i.text), dedupe_key(n_item.text))), None)
            if match:
                old.remove(match)
                new.remove((n_section, n_item))
                changes.append(Difference("changed", ShownItem(branch, branch, *match),
                                      ShownItem(branch, branch, n_section, n_item)))
    changes += [Difference("added", None, ShownItem(branch, branch, s, i)) for s, i in new]
    changes += [Difference("removed", ShownItem(branch, branch, s, i), None) for s, i in old]
    changes.sort(key=_order)
    return changes


def _order(change: Difference) -> tuple[int, int]:
    entry = change.after or change.before
    assert entry is not None
    return KINDS.index(change.kind), SECTION_IDS.index(entry.section)


def _leftovers(side: Memory | None, other: Memory | None) -> list[tuple[str, Item]]:
    """Items of ``side`` whose dedupe key is not in the same section of ``other``, in
    order: an item moved to another section is left over on both sides and pairs up as
    changed (the section decides whether agents see it)."""
    if side is None:
        return []
    keys = {(sid, dedupe_key(i.text)) for sid, items in (other.sections.items() if other
                                                          else ()) for i in items}
    return [(sid, item) for sid in SECTION_IDS for item in side.sections[sid]
            if (sid, dedupe_key(item.text)) not in keys]

"""Memory that stays true to its branch (docs/design.md, "Memory").

Before new knowledge is merged in (and in ``gitmemory maintain``), a
branch's memory is checked against the branch's tip:

- a path that a commit since the memory was written renamed follows the
  rename (``git log -M``), and so does the item's text where it names it;
- an item whose files are all gone, rewritten into new paths rather than renamed, is
  placed where the code it names lives now (:mod:`~gitmemory.pipeline.relocate`);
- a ref to a commit this clone made on the branch and then rewrote (amend,
  rebase: the journal knows) names the new commit; a ref to one that is no
  longer on the branch at all (dropped by a rebase, a reset) goes, and an item
  left with none of its commits goes too;
- an item whose paths are all gone from the tip and that could not be placed anew is
  stale and goes: what it describes is gone;
- an item that tells of the code as it is (any section but History) and names a function,
  method or identifier (:mod:`~gitmemory.pipeline.names`) that no file of the tip holds
  goes too, unless it says the name went: a commit message's plan or a name since renamed
  is not the code an agent will find;
- an item read from the history that gives a runtime a minimum the tip's manifest gives
  otherwise goes (:mod:`~gitmemory.pipeline.floors`): it tells of a past minimum.

Each removal is one line of the change log.  Refs to commits this clone never
made are left alone: another clone's history is not ours to judge.  The files
the branch changed against the default branch are remembered for the renderer
at the same time (:mod:`gitmemory.outputs.relevance`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gitmemory import git, journal
from gitmemory.memory.evidence import Dropped, followed, mapped, without
from gitmemory.memory.markdown import HISTORY, SECTION_IDS, Item, Memory
from gitmemory.outputs import relevance
from gitmemory.pipeline import floors, names, relocate
from gitmemory.repo import Repo

RENAME_HISTORY = 2000  # commits searched for renames when the memory's own start is unknown


@dataclass
class Pruned:
    """The memory after the check, and what changed."""

    memory: Memory | None
    dropped: list[Dropped] = field(default_factory=list)
    followed: int = 0  # items whose paths followed a rename
    relocated: int = 0  # items placed where the code they name lives now
    remapped: int = 0  # items whose refs followed a rewrite

    @property
    def changed(self) -> bool:
        return bool(self.dropped or self.followed or self.relocated or self.remapped)

    def lines(self) -> list[str]:
        out = [d.line() for d in self.dropped]
        if self.followed:
            out.append(f"{self.followed} item(s) follow renamed paths")
        if self.relocated:
            out.append(f"{self.relocated} item(s) follow their code to new paths")
        if self.remapped:
            out.append(f"{self.remapped} item(s) cite their rewritten commits by the new shas")
        return out


def refresh(repo: Repo, branch: str, memory: Memory | None, tip: str | None) -> Pruned:
    """``memory`` as ``branch``'s tip ``tip`` shows it now (see the module docstring), and
    the files the branch changed recorded for ranking."""
    if tip is not None:
        relevance.store(repo.info.state_dir, branch, _touched(repo, branch, tip))
    return checked_against(repo, branch, memory, tip)


def checked_against(repo: Repo, branch: str, memory: Memory | None, tip: str | None
                    ) -> Pruned:
    """``memory`` as ``branch``'s tip ``tip`` shows it: renames and rewrites followed, items placed
    where their code lives now, stale ones dropped."""
    if memory is None or tip is None or memory.item_count() == 0:
        return Pruned(memory)
    result = Pruned(memory)
    _follow_renames(repo, result, tip)
    _follow_rewrites(repo, result, branch, tip)
    _relocate(repo, result, tip)
    _drop_stale(repo, result, tip)
    _drop_unknown_names(repo, result, tip)
    _drop_past_floors(repo, result, tip)
    return result


def _items(memory: Memory) -> list[Item]:
    return [item for sid in SECTION_IDS for item in memory.sections[sid]]


def _follow_renames(repo: Repo, result: Pruned, tip: str) -> None:
    assert result.memory is not None
    result.memory, result.followed = follow_renames(repo, result.memory, tip)


def follow_renames(repo: Repo, memory: Memory, tip: str) -> tuple[Memory, int]:
    """``memory`` with the items whose files the commits since its ``Through:`` (up to
    ``tip``) renamed following them, paths and text; and how many did."""
    cited = sorted({p for item in _items(memory) for p in item.paths})
    present = git.present(tip, cited, repo.toplevel)
    if len(present) == len(cited):
        return memory, 0
    start = memory.through
    spec = [tip, f"^{start}"] if start and git.rev_parse(start, repo.toplevel) else \
        [tip, f"--max-count={RENAME_HISTORY}"]
    moves = git.renames(spec, repo.toplevel)
    if not moves:
        return memory, 0
    count = 0

    def follow(item: Item) -> Item:
        nonlocal count
        moved = followed(item, moves, present)
        count += moved is not item
        return moved

    return mapped(memory, follow), count


def _follow_rewrites(repo: Repo, result: Pruned, branch: str, tip: str) -> None:
    """Refs to commits this clone made on ``branch``: rewritten ones renamed, dropped ones
    removed, and items left with no commit at all removed."""
    assert result.memory is not None
    made = [e[1] for e in journal.entries(repo.info.state_dir)
            if e[0] == "commit" and len(e) >= 3 and e[2] == branch]
    refs = {ref for item in _items(result.memory) for ref in item.refs}
    ours = {ref: sha for ref in refs for sha in made if sha.startswith(ref)}
    if not ours:
        return
    rewrites = journal.rewrite_map(repo.info.state_dir)
    targets = {sha: rewrites[sha] for sha in ours.values() if sha in rewrites}
    gone = git.unreachable(sorted({*ours.values(), *targets.values()}), tip, repo.toplevel)

    def current(ref: str) -> str | None:
        sha = ours.get(ref)
        if sha is None or sha not in gone:
            return ref
        new = targets.get(sha)
        return new[:len(ref)] if new and new not in gone else None

    def kept(item: Item) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r for r in map(current, item.refs) if r))

    result.memory, dropped = without(
        result.memory, lambda i: "its commits are no longer on the branch"
        if i.refs and not kept(i) else None)
    result.dropped += dropped

    def follow(item: Item) -> Item:
        refs = kept(item)
        if refs == item.refs:
            return item
        result.remapped += 1
        return item.replace(refs=refs)

    result.memory = mapped(result.memory, follow)


def _relocate(repo: Repo, result: Pruned, tip: str) -> None:
    """Items whose paths are all gone, placed where what they name lives now."""
    assert result.memory is not None
    items = _items(result.memory)
    present = git.present(tip, sorted({p for item in items for p in item.paths}),
                          repo.toplevel)
    gone = [item for item in items if item.paths and not any(p in present for p in item.paths)]
    if not gone:
        return
    start = result.memory.through
    placed = relocate.relocated(repo.toplevel, gone, tip, start if start and git.rev_parse(
        start, repo.toplevel) else None, repo.cfg.exclude_paths)
    moved = {id(gone[n]): item for n, item in placed.items()}
    result.memory = mapped(result.memory, lambda item: moved.get(id(item), item))
    result.relocated += len(moved)


def _drop_stale(repo: Repo, result: Pruned, tip: str) -> None:
    assert result.memory is not None
    cited = sorted({p for item in _items(result.memory) for p in item.paths})
    present = git.present(tip, cited, repo.toplevel)

    def reason(item: Item) -> str | None:
        if not item.paths or any(p in present for p in item.paths):
            return None
        return "stale: " + ", ".join(item.paths[:3]) + \
            (" and more" if len(item.paths) > 3 else "") + " gone"

    result.memory, dropped = without(result.memory, reason)
    result.dropped += dropped


def _drop_unknown_names(repo: Repo, result: Pruned, tip: str) -> None:
    assert result.memory is not None
    told = {id(item): names.told_as_current(item.text) for sid in SECTION_IDS
            if sid != HISTORY for item in result.memory.sections[sid] if item.refs}
    asked = sorted({name for found in told.values() for name in found},
                   key=lambda n: (n.member, n.owner or ""))
    gone = names.missing(tip, asked, repo.toplevel, repo.cfg)

    def reason(item: Item) -> str | None:
        lost = [n for n in told.get(id(item), ()) if n in gone]
        return f"names {_spelled(lost[0])}, which the tip does not have" if lost else None

    result.memory, dropped = without(result.memory, reason)
    result.dropped += dropped


def _drop_past_floors(repo: Repo, result: Pruned, tip: str) -> None:
    assert result.memory is not None
    given = floors.tip_floors(tip, repo.toplevel)
    if not given:
        return

    def reason(item: Item) -> str | None:
        return floors.against_tip(item.text, given) if item.refs else None

    result.memory, dropped = without(result.memory, reason)
    result.dropped += dropped


def _spelled(name: names.Name) -> str:
    return f"`{name.owner}.{name.member}`" if name.owner else f"`{name.member}`"


def _touched(repo: Repo, branch: str, tip: str) -> list[str]:
    """The files ``branch`` changed since it left the default branch ([] on that branch)."""
    from gitmemory.pipeline.pending import merge_base

    base = merge_base(repo, branch)
    return git.changed_files(base, tip, repo.toplevel) if base else []

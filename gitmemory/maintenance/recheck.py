"""Items whose cited code changed, checked again (docs/design.md, "Maintenance").

Every ``gitmemory maintain`` looks, per local branch with memory, for items
whose cited lines changed since the commit they came from
(:mod:`gitmemory.memory.fingerprint`), judged against the branch's tip (its
work tree where it is checked out).  With a model, on a branch maintain may
write, the provider checks each against its code as it is now
(:mod:`gitmemory.maintenance.recheck_question`): a kept item gets a
fingerprint at the tip, a rewritten one its new text, a dropped one goes, in
one memory commit.  Otherwise (offline, a checked-out or busy branch, a run
nobody asked for) the items are listed with what to do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gitmemory import git
from gitmemory.errors import GitmemoryError
from gitmemory.maintenance.recheck_question import MAX_ITEMS, Note, Verdict, question
from gitmemory.memory import fingerprint, location, read
from gitmemory.memory.markdown import SECTION_IDS, SECTION_TITLES, Item, Memory
from gitmemory.pipeline.plan import Result
from gitmemory.providers.base import Provider
from gitmemory.repo import Repo


@dataclass
class Run:
    """One check: where, with what, whether the branch may be written, and what it said."""

    repo: Repo
    provider: Provider
    may_write: Callable[[str, location.Location], bool]  # maintain's rules for a branch
    unattended: bool = False
    lines: list[str] | None = None

    def add(self, line: str) -> None:
        assert self.lines is not None
        self.lines.append(line)


def run(repo: Repo, provider: Provider, may_write: Callable[[str, location.Location], bool],
        *, unattended: bool = False) -> list[str]:
    """Check again, or list, the changed items of each local branch (at most
    ``max_branches_per_run`` branches with such items); the lines to report."""
    report = Run(repo, provider, may_write, unattended, [])
    known = location.Worktrees(repo.toplevel)
    done = 0
    for branch in git.local_branches(repo.toplevel):
        if done >= repo.cfg.max_branches_per_run:
            break
        loc = location.locate(repo.toplevel, branch, known)
        found = read.at(repo.toplevel, loc) if loc.exists else None
        tip = git.rev_parse(git.HEADS + branch, repo.toplevel)
        if found is None or tip is None or loc.busy:
            continue
        reader = _reader(repo, loc, tip, found.memory)
        changed = fingerprint.changed(_items(found.memory), reader)
        if not changed:
            continue
        done += 1
        writes = not unattended and provider.language_model and may_write(branch, loc)
        try:
            verdicts = provider.answer(question(branch, [
                Note(item.text, fingerprint.cited_code(item, reader))
                for _, item, _ in changed[:MAX_ITEMS]])) if writes else None
        except GitmemoryError as exc:
            report.add(f"check again {branch}: error ({exc.one_line()})")
            verdicts = None
        if verdicts is None:
            _list(report, branch, loc, changed)
            continue
        _apply(report, loc, found, (tip, reader), list(zip(changed, verdicts, strict=False)))
    return report.lines or []


def _reader(repo: Repo, loc: location.Location, tip: str, memory: Memory
            ) -> fingerprint.ReadFile:
    if loc.worktree:
        return fingerprint.work_tree_reader(loc.worktree)
    return fingerprint.tree_reader(repo.toplevel, tip, fingerprint.fingerprinted_paths(
        [item for _, item in _items(memory)]))


def _items(memory: Memory) -> list[tuple[str, Item]]:
    return [(sid, item) for sid in SECTION_IDS for item in memory.sections[sid]]


def _list(report: Run, branch: str, loc: location.Location,
          changed: list[tuple[str, Item, str]]) -> None:
    if report.unattended or not report.provider.language_model:
        why = "a model checks them again: gitmemory maintain with provider anthropic or " \
            "claude-cli"
    elif loc.worktree:
        why = "checked out here, so maintain leaves its memory alone: check them by hand, " \
            "or in a memorize of the branch"
    else:
        why = "maintain does not write to it (it matches its upstream, or CI writes it)"
    report.add(f"changed since written, {branch}: {len(changed)} item(s) whose cited code "
               f"changed ({why})")
    for sid, item, sha in changed:
        report.add(f"  [{SECTION_TITLES[sid]}] {item.text} (changed since {sha}; "
                   f"{', '.join(fingerprint.cited(item)[0])})")


def _apply(report: Run, loc: location.Location, found: read.Found,
           at: tuple[str, fingerprint.ReadFile],
           judged: list[tuple[tuple[str, Item, str], Verdict]]) -> None:
    """Keep, rewrite or drop each item as the provider said; one memory commit."""
    from gitmemory.pipeline.store import save

    tip, reader = at
    new = found.memory.copy()
    counts = dict.fromkeys(("keep", "update", "drop"), 0)
    for (sid, item, _), verdict in judged:
        counts[verdict.verdict] += 1
        place = new.sections[sid].index(item)
        if verdict.verdict == "drop":
            del new.sections[sid][place]
            continue
        kept = item.replace(text=verdict.text) if verdict.text else item
        paths, names = fingerprint.cited(kept)
        now = fingerprint.digest([reader(p) for p in paths], names)
        new.sections[sid][place] = fingerprint.with_fingerprint(kept, now, tip)
    result = Result(loc.branch, "success", rel_path=loc.rel_path)
    result.updated, result.removed, result.items_changed = counts["update"], counts["drop"], True
    save(report.repo, loc, found.text, new, result=result, commit=True)
    report.add(f"check again {loc.branch}: {counts['keep']} still hold, {counts['update']} "
               f"rewritten, {counts['drop']} removed (their cited code changed)")

"""One memory item as gitmemory shows it outside the memory file.

Every field passes the gate ``CLAUDE.md`` passes (:func:`gitmemory.outputs.
verdicts.gate`: secrets redacted as the text will be read, then neutralised), and
an item that reads as an instruction to the agent is *held back* (docs/design.md,
"Invariants").  An item is *stale* when every
path it cites is gone (:func:`gitmemory.memory.evidence.stale`), and *changed
since* a commit when the lines it cites changed after it
(:mod:`gitmemory.memory.fingerprint`): judged against the work tree it was read
from, or the tree of the commit it was read from.
"""

from __future__ import annotations

from gitmemory import git
from gitmemory.memory import evidence, fingerprint
from gitmemory.memory.markdown import SECTION_TITLES, Item
from gitmemory.memory.read import Found
from gitmemory.outputs.verdicts import gate, shown


class ShownItem:
    """An item of ``label``'s memory in ``section``: ``text`` neutralised, ``held_back``
    the reason it is kept from agents (None when it is not), ``stale`` as above."""

    __slots__ = ("branch", "changed_since", "held_back", "item", "label", "paths", "section",
                 "stale", "text")

    def __init__(self, label: str, branch: str, section: str, item: Item) -> None:
        self.label = label
        self.branch = branch
        self.section = section
        self.item = item
        self.text = shown(item.text)
        self.paths = [shown(path) for path in item.paths]
        self.held_back = gate(item.render())[1]
        self.stale = False
        self.changed_since: str | None = None

    def as_dict(self, *, with_text: bool = True) -> dict[str, object]:
        out: dict[str, object] = {"branch": shown_label(self.label),
                                  "section": self.section,
                                  "refs": list(self.item.refs), "paths": self.paths,
                                  "stale": self.stale, "changed_since": self.changed_since}
        if with_text:
            out["text"] = self.text
        if self.held_back:
            out["held_back"] = self.held_back
        return out

    def line_text(self) -> str:
        """The text with its evidence: ``text (refs: ...; paths: ...)``."""
        suffix = Item("", self.item.refs, tuple(self.paths)).render().strip()
        return f"{self.text} {suffix}" if suffix else self.text

    def line(self) -> str:
        """``[branch · Section] text (refs: ...; paths: ...) [stale]`` for a terminal."""
        marks = "  [stale: its paths are gone]" if self.stale else ""
        if self.changed_since:
            marks += f"  [changed since {self.changed_since}: the code it cites]"
        return (f"[{shown_label(self.label)} · {SECTION_TITLES[self.section]}] "
                f"{self.line_text()}{marks}")


def mark_stale(entries: list[tuple[ShownItem, Found]], repo_dir: str) -> None:
    """Set ``stale`` and ``changed_since`` on each entry, judged against the tree its
    memory was read from: the work tree without a process, commits' trees with one
    ``git cat-file`` each."""
    _mark_changed(entries, repo_dir)
    asked: list[tuple[ShownItem, list[str]]] = []
    for entry, found in entries:
        if not entry.item.paths:
            continue
        if found.worktree is not None:
            entry.stale = evidence.stale(entry.item, found.worktree)
        elif found.rev:
            asked.append((entry, [f"{found.rev}:{p.rstrip('/')}" for p in entry.item.paths]))
    if not asked:
        return
    answers = iter(git.cat_file([spec for _, specs in asked for spec in specs], repo_dir,
                                contents=False))
    for entry, specs in asked:
        present = [next(answers) is not None for _ in specs]
        entry.stale = not any(present)


def _mark_changed(entries: list[tuple[ShownItem, Found]], repo_dir: str) -> None:
    trees: dict[str, list[ShownItem]] = {}
    for entry, found in entries:
        if fingerprint.stored(entry.item) is None:
            continue
        if found.worktree is not None:
            entry.changed_since = fingerprint.changed_since(
                entry.item, fingerprint.work_tree_reader(found.worktree))
        elif found.rev:
            trees.setdefault(found.rev, []).append(entry)
    for rev, asked in trees.items():
        read = fingerprint.tree_reader(repo_dir, rev, fingerprint.fingerprinted_paths(
            [entry.item for entry in asked]))
        for entry in asked:
            entry.changed_since = fingerprint.changed_since(entry.item, read)


def shown_label(name: str) -> str:
    """A branch name (or remote/name) as shown: the gate agent files name it through."""
    from gitmemory.outputs.verdicts import safe_name

    return safe_name(name, None)

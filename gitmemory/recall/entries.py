"""Memory as gitmemory shows it outside the memory file: one gate for every reader.

Every field passes the gate ``CLAUDE.md`` passes (:func:`gitmemory.outputs.
verdicts.gate`: secrets redacted as the text will be read, then neutralised), and
an item that reads as an instruction to the agent, or whose executable text the
tracked files do not confirm (:mod:`gitmemory.outputs.grounds`), is *held back*
(docs/design.md, "Invariants"); :class:`View` is a whole memory file as ``show``,
``show --json``, ``list --json`` and the MCP server show it.  An item is *stale* when every
path it cites is gone (:func:`gitmemory.memory.evidence.stale`), and *changed
since* a commit when the lines it cites changed after it
(:mod:`gitmemory.memory.fingerprint`): judged against the work tree it was read
from, or the tree of the commit it was read from.
"""

from __future__ import annotations

from gitmemory import git
from gitmemory.memory import evidence, fingerprint
from gitmemory.memory.markdown import SECTION_IDS, SECTION_TITLES, Item, Memory
from gitmemory.memory.read import Found
from gitmemory.outputs.grounds import Grounds
from gitmemory.outputs.verdicts import EMPTY, as_shown, gate, shown


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
        line = item.render()
        text, self.held_back = gate(line)
        self.text = text if line == item.text else shown(item.text)  # read once when it can
        self.paths = [shown(path) for path in item.paths]
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


def shown_labels(names: list[str], state_dir: str | None) -> dict[str, str]:
    """:func:`shown_label` of each of ``names``, judged together and remembered in
    ``state_dir`` (a listing of 2,000 branches judges each name once, then never again)."""
    from gitmemory.outputs.verdicts import safe_names

    return dict(zip(names, safe_names(names, state_dir), strict=True))


def shown_paths(paths: list[str], state_dir: str | None) -> dict[str, str]:
    """Each of ``paths`` as shown: a memory file's path holds its branch's name, so it
    passes the gate branch names pass (:func:`shown_labels`)."""
    return shown_labels(paths, state_dir)


def confirm(entries: list[ShownItem], grounds: Grounds | None) -> None:
    """Hold back the entries whose executable text the tracked files do not confirm (one
    lookup for all of them).  Those the gate held for a download piped into a shell alone
    are judged again by the gate as it stands before the evidence rule, which then judges
    the pipeline (docs/design.md, "Where two rules meet")."""
    if grounds is None:
        return
    for entry in entries:
        if awaits_evidence(entry):
            entry.held_back = gate(entry.item.render(), grounded=True)[1]
    asked = [entry for entry in entries if not entry.held_back]
    if not asked:
        return
    for entry, why in zip(asked, grounds.held([as_shown(e.item) for e in asked]), strict=True):
        entry.held_back = why


# What the gate says of a download piped into a shell (gitmemory.injection.shell), which
# the gate before the evidence rule may let by.
_DOWNLOAD_RUN = ("pipes a download into a shell", "runs downloaded code in a shell")


def awaits_evidence(entry: ShownItem) -> bool:
    """Whether the gate held ``entry`` for a download piped into a shell alone, which
    :func:`confirm` judges again before the evidence rule."""
    return entry.held_back in _DOWNLOAD_RUN


def grounds_for(repo_dir: str, found: Found, state_dir: str | None) -> Grounds:
    """The evidence rule for memory as ``found``: the tracked files of the commit checked
    out in the work tree it was read from, or of the commit it was read from."""
    where = found.worktree or repo_dir
    return Grounds(repo_dir, lambda: git.rev_parse(found.rev or "HEAD", where), state_dir)


_HEADERS: dict[str, str | None] = {}  # 2,000 branches listed share a few update times
_MAX_HEADERS = 4_096


def header_value(value: str | None) -> str | None:
    """A header value (the update time) through the gate; None when it is held back."""
    if not value:
        return None
    if value not in _HEADERS:
        if len(_HEADERS) >= _MAX_HEADERS:  # a server runs for days
            _HEADERS.clear()
        text, held = gate(value)
        _HEADERS[value] = None if held else text
    return _HEADERS[value]


_HEX = frozenset("0123456789abcdef")


def commit_id(value: str | None) -> str | None:
    """``Through:`` and refs name commits: 4 to 64 hex digits, else nothing is served."""
    if value and 4 <= len(value) <= 64 and set(value.lower()) <= _HEX:
        return value
    return None


class View:
    """A memory file as every reader shows it (``show``, ``show --json``, ``list --json``,
    the MCP server): the branch and the file named through the gate, header values checked
    (:func:`header_value`, :func:`commit_id`), every item a :class:`ShownItem` with the
    held-back ones apart (``held``), never among the others (``items``), hand-written
    prose neutralised line by line."""

    __slots__ = ("branch", "fields", "file", "held", "held_prose", "items", "memory", "notes",
                 "prose", "through", "updated")

    def __init__(self, label: str, memory: Memory, rel_path: str,
                 grounds: Grounds | None) -> None:
        self.memory = memory
        self.branch, self.file = shown_label(label), shown_label(rel_path)  # "branch:path"
        self.updated, self.through = header_value(memory.updated), commit_id(memory.through)
        self.fields = [(shown(name), text) for name, value in memory.fields
                       if (text := header_value(value))]
        entries = [ShownItem(label, memory.branch, sid, item)
                   for sid in SECTION_IDS for item in memory.sections[sid]]
        confirm(entries, grounds)
        self.items = [e for e in entries if not e.held_back]
        self.held = [e for e in entries if e.held_back]
        # hand-written prose: each line through the gate and the evidence rule, as an item
        where = [*(("notes", line) for lines in memory.notes.values() for line in lines),
                 *((f"section {head}", line) for head, body in memory.extra for line in body)]
        judged = _judged_lines([line for _, line in where], grounds)
        self.held_prose = [{"section": shown(place), "text": text, "reason": why}
                           for (place, _), (text, why) in zip(where, judged, strict=True) if why]
        kept = iter(None if why else text for text, why in judged)
        self.notes = {sid: [line for _ in lines if (line := next(kept)) is not None]
                      for sid, lines in memory.notes.items()}
        self.prose = [(shown(head), [line for _ in body if (line := next(kept)) is not None])
                      for head, body in memory.extra]

    def shown_memory(self) -> Memory:
        """The memory as shown, for the markdown view: shown items only."""
        sections = {sid: [Item(e.text, e.item.refs, tuple(e.paths)) for e in self.items
                          if e.section == sid] for sid in SECTION_IDS}
        return Memory(self.branch, sections, updated=self.updated, through=self.through,
                      notes=self.notes, extra=self.prose, fields=self.fields,
                      format=self.memory.format)

    def held_dicts(self) -> list[dict[str, str]]:
        return [*({"section": e.section, "text": e.text, "reason": e.held_back or ""}
                  for e in self.held), *self.held_prose]


def _judged_lines(lines: list[str], grounds: Grounds | None) -> list[tuple[str, str | None]]:
    """Each hand-written line as shown, and why it is held back (None when it is not): the
    gate every item passes, then the evidence rule (docs/design.md, "Outputs")."""
    judged = [gate(line, grounded=grounds is not None) if line.strip() else (shown(line), None)
              for line in lines]
    judged = [(text, None if why == EMPTY else why) for text, why in judged]
    asked = [n for n, (text, why) in enumerate(judged) if text.strip() and not why]
    if grounds is not None and asked:
        reasons = grounds.held([as_shown(Item(lines[n].strip(), (), ())) for n in asked])
        for n, why in zip(asked, reasons, strict=True):
            judged[n] = (judged[n][0], why)
    return judged

"""The history files source: what the project wrote for its users about its own history,
read at the branch's tip (docs/design.md, "Sources").

The changelog's newest releases, the upgrade guide's newest sections and the README's
pitfall sections (:mod:`gitmemory.reading.project.history_files`) state breaks,
removals, renames, new defaults, deprecations, security fixes, causes and pitfalls in
the author's words; the offline rules keep those sentences verbatim, a handful a file
(:mod:`gitmemory.providers.offline.passages`), each prefixed by the version or section
it came from and citing its file (and the commit it was read at).  Read from the
repository's own files, they are
evidence by construction, and no provider is asked: every provider gets the same items,
evolved with the commits' items into the history sections.

Due when the branch's memory (or the memory it layers on) holds none of its items yet
(``init``, a first run, the first run after an upgrade) or when a commit of the run
changed one of these files.  Two git
processes: the tree's names and one ``cat-file --batch``.  A sentence that a source
gathered before this one already says (a changelog entry a commit of the run adds) or
that the memory holds is not repeated.
"""

from __future__ import annotations

import posixpath
from dataclasses import replace

from gitmemory import git
from gitmemory.commits import Commit
from gitmemory.errors import GitmemoryError
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.markdown import SECTION_IDS, Item, Memory
from gitmemory.memory.similar import dedupe_key, same_item
from gitmemory.providers.offline.diffs import file_hunks
from gitmemory.providers.offline.news import clean
from gitmemory.providers.offline.passages import items, strongest
from gitmemory.reading.project.history_files import is_history_file, passages, wanted
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.secrets.exclude import excluded
from gitmemory.sources.protocol import Run, Source

_ASIDE = lazy_regex(r"\([^()]*\)")
MAX_TEXT = 400_000  # characters of a history file read: its newest part comes first
CONFIDENCE = 0.85


class HistoryFiles(Source):
    """Items from the tip's changelog, upgrade guide and README pitfalls: evolved with the
    commits' items, asking no provider."""

    name = "history-files"
    asks = False

    def __init__(self, run: Run) -> None:
        super().__init__(run)
        self._wrote: set[str] = set()  # the commits before the run that wrote an entry read

    def citable(self) -> set[str]:
        """The run's commits and the commits before it that wrote an entry read."""
        return {c.sha for c in self.run.commits} | self._wrote

    def gather(self) -> list[Extraction]:
        run = self.run
        if not run.tip or not run.commits or not due([run.memory, run.base], run.commits):
            return []
        try:
            tree = snapshot(run.repo.toplevel, run.tip, run.repo.cfg.exclude_paths)
        except GitmemoryError:
            return []
        said = [e.content for e in run.gathered] + \
            [item.text for memory in (run.memory, run.base) if memory is not None
             for sid in SECTION_IDS for item in memory.sections[sid]]
        found = extractions(tree, said, written(run.commits))
        wrote = writers(run.repo.toplevel, run.tip, tree, found)
        self._wrote = set(wrote.values())
        out = []
        for e in found:
            by = wrote.get(e.content) or read_at(run.commits, (e.paths or ("",))[0])
            out.append(replace(e, refs=(by,) if by else ()))
        return out


def due(memories: list[Memory | None], commits: list[Commit]) -> bool:
    """No memory holds an item of this source yet, or a commit changed a history file."""
    held = any(ours(item) for memory in memories if memory is not None
               for sid in SECTION_IDS for item in memory.sections[sid])
    return not held or any(is_history_file(f.path) for c in commits for f in c.files)


def ours(item: Item) -> bool:
    """An item of this source: it cites a history file and starts with where in it it was
    read ("1.10.0 (NEWS): ...").  Other items cite the README too (the repository's)."""
    return any(is_history_file(path) and f" ({posixpath.basename(path)}): " in item.text[:200]
               for path in item.paths)


def read_at(commits: list[Commit], path: str) -> str | None:
    """The commit an item of ``path`` cites when blame named none for its line: the newest
    of the run that changed the file.  Like a commit's item, it then holds its place under
    the section's cap (the items with no commit behind them go first).  None when no commit
    of the run changed it: the run's newest did not write it (marshmallow's upgrade guide,
    untouched for years, was cited by "Use Abstract Base Classes to define FieldABC")."""
    return next((c.short for c in reversed(commits) if any(f.path == path for f in c.files)),
                None)


def writers(toplevel: str, tip: str, tree: Snapshot, found: list[Extraction]
            ) -> dict[str, str]:
    """The commit that wrote each item's line, by its text: git's blame of the lines at the
    tip, one process a file.  An entry that a commit before the run wrote cites that commit,
    not the run's last one to touch the file (which may only have edited its header)."""
    lines: dict[str, dict[int, str]] = {}  # path -> line number -> the item's text
    keyed: dict[str, list[str]] = {}  # path -> its lines as dedupe keys, made once
    for e in found:
        path = (e.paths or ("",))[0]
        if path not in keyed:
            # the file's emphasis ("Default *width* is ...") is not the item's
            # and its markup (":meth:`Schema.dump() <marshmallow.Schema.dump>`")
            keyed[path] = [dedupe_key(clean(line.replace("*", "")))
                           for line in (tree.text(path) or "").splitlines()]
        at = _line_of(keyed[path], e.content)
        if at:
            lines.setdefault(path, {})[at] = e.content
    wrote: dict[str, str] = {}
    for path, read in lines.items():
        ranges = [arg for at in sorted(read) for arg in ("-L", f"{at},{at}")]
        try:
            out = git.run(["blame", "--porcelain", *ranges, tip, "--", path], toplevel)
        except GitmemoryError:
            continue
        for line in out.splitlines():
            head = _BLAMED.match(line)
            if head and int(head.group(2)) in read:
                wrote[read[int(head.group(2))]] = head.group(1)
    return wrote


_BLAMED = lazy_regex(r"^([0-9a-f]{40}) \d+ (\d+)")


def _line_of(keyed: list[str], content: str) -> int:
    """The number of the line (of a file's lines as dedupe keys) that holds the sentence
    of the item ``content`` ("2.0.0 (CHANGELOG.md): <sentence>"); 0 when none does.  The
    item keeps the file's emphasis ("*pad_event*"), the keys do not: it goes from both."""
    said = content.split("): ", 1)[-1].replace("*", "")
    # a nested entry led by the one above it ("<parent> \u2014 <entry>"): the entry's line
    for text in ([said.split(" \u2014 ", 1)[1]] if " \u2014 " in said else []) + [said]:
        sentence = dedupe_key(text)[:40]
        found = next((n for n, line in enumerate(keyed, 1) if sentence in line), 0) \
            if len(sentence) >= 12 else 0
        if found:
            return found
    return 0


def written(commits: list[Commit]) -> set[str]:
    """The lines the commits add to history files, stripped."""
    return {line[1:].strip() for c in commits if c.diff
            for path, hunks in file_hunks(c.diff).items() if is_history_file(path)
            for hunk in hunks for line in hunk.lines if line.startswith("+") and line[1:].strip()}


def extractions(tree: Snapshot, said: list[str], added: set[str]) -> list[Extraction]:
    """The items of the tree's history files, a handful a file, none that ``said`` (what
    other sources found, what memory holds) already says.  A release no commit of the run
    wrote a line of (``added``) is old news: a changelog no longer kept up ("up to and
    including version 0.4.19; for later releases, see ...") is not read.  An upgrade
    guide's sections are read whoever wrote them: what users must change holds until the
    guide says otherwise (h54's judge found hono's older MIGRATION.md sections useful)."""
    by_file: dict[str, list[tuple[str, str, float]]] = {}
    for passage in passages(tree):
        if passage.kind == "release" and not any(line.strip() in added
                                                 for line in passage.lines if line.strip()):
            continue
        lead = len(f"{passage.where} ({passage.path.rsplit('/', 1)[-1]}): ")
        fresh = [f for f in items(passage) if not _said(f[1][lead:], said)]
        by_file.setdefault(passage.path, []).extend(fresh)
    return [Extraction(section, text, min(confidence, CONFIDENCE), (), (path,))
            for path, found in by_file.items() for section, text, confidence in strongest(found)]


def _said(sentence: str, said: list[str]) -> bool:
    """Whether one of ``said`` holds ``sentence`` (or is held by it), or says the same;
    asides in parentheses aside (a line made to fit drops them first)."""
    key = _bare(sentence)
    for other in said:
        other_key = _bare(other)
        if key in other_key or (len(other_key) > 40 and _tail(other_key) in key) or \
                same_item(sentence, other):
            return True
    return False


def _bare(text: str) -> str:
    return dedupe_key(_ASIDE.sub(" ", text))


def _tail(key: str) -> str:
    """An item's words after its lead ("cli: ...", "Subject — ..."): what it quotes."""
    for mark in (" \u2014 ", ": "):
        if mark in key:
            key = key.split(mark, 1)[1]
    return key


def snapshot(toplevel: str, tip: str, exclude: list[str]) -> Snapshot:
    """The tree's names and the text of its history files (none matching ``exclude``)."""
    tree = git.tree_of(tip, toplevel)
    names = git.tree_files(tree, toplevel)
    read = [p for p in wanted(names) if not excluded(p, exclude)]
    answers = git.cat_file([f"{tree}:{path}" for path in read], toplevel)
    texts = {path: git.decode(answer[2][:MAX_TEXT * 4])[:MAX_TEXT]
             for path, answer in zip(read, answers, strict=True)
             if answer and answer[1] == "blob"}
    return Snapshot(names, texts)

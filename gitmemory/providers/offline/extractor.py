"""The offline rules for commits: knowledge from messages, diffs and paths, no model.

Deterministic: the same commits give the same items, in the same order.
Precision first: every item must name something concrete and say more than
its commit's subject (:mod:`gitmemory.providers.offline.worth`).  ``Memory-*``
trailers are their own source (:mod:`gitmemory.sources.trailers`), so a line
a trailer states is not reported twice.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace

from gitmemory.changelogs import is_changelog, is_fragment
from gitmemory.commits import Commit
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.combine import merge_refs
from gitmemory.memory.evidence import union_paths
from gitmemory.memory.similar import Finder, clearer, dedupe_key, same_item
from gitmemory.providers.offline.body import read_body
from gitmemory.providers.offline.choices import dependency_choice
from gitmemory.providers.offline.deprecations import deprecation_extractions
from gitmemory.providers.offline.diffs import file_hunks
from gitmemory.providers.offline.fragile import fragile_extractions
from gitmemory.providers.offline.habits import habit_extractions
from gitmemory.providers.offline.layout import layout_extractions
from gitmemory.providers.offline.messages import message_extractions
from gitmemory.providers.offline.minimums import against_manifest, family, manifest_minimums
from gitmemory.providers.offline.news import changelog_items, reworded
from gitmemory.providers.offline.noise import is_noise
from gitmemory.providers.offline.phrasing import safe_lead
from gitmemory.providers.offline.purpose import guarded_against
from gitmemory.providers.offline.removed import removed_later
from gitmemory.providers.offline.retracted import reordered_later
from gitmemory.providers.offline.subjects import (
    completed,
    corrects_the_record,
    subject_facts,
)
from gitmemory.providers.offline.verbatim import proper_name
from gitmemory.providers.offline.worth import names_something, one_off, restates
from gitmemory.reading.header import parse_header
from gitmemory.reading.memory_trailers import trailer_extractions
from gitmemory.reading.paths import source_paths
from gitmemory.text import alike_to


def extract_commits(commits: list[Commit]) -> list[Extraction]:
    """Every item worth keeping the rules find in ``commits`` (oldest first), duplicates
    merged."""
    found: list[Extraction] = []
    for commit, rewritten in zip(commits, _rewritten_later(commits), strict=True):
        items = message_extractions(commit, rewritten)
        if not any(e.section == "architectural-decisions" for e in items):
            items += [choice] if (choice := dependency_choice(commit)) else []
        found += items + deprecation_extractions(commit)
    subjects = {c.short: subjects_of(c) for c in commits}
    # a commit whose message said more; what is read across commits (habits, layout, the
    # fragile files) cites a commit as one of many, which says nothing of its message
    said = {ref for e in found if worth_keeping(e, subjects) for ref in e.refs}
    found += habit_extractions(commits)
    found += layout_extractions(commits)
    found += fragile_extractions(commits)
    stated = {(e.section, dedupe_key(e.content)) for e in trailer_extractions(commits)}
    found = [e for e in found if worth_keeping(e, subjects)]
    # first, so a full section lets them go before the fuller items (docs/design.md); a
    # security fix or a revert last, so that it is the last to go
    subject = [e for e in subject_facts(commits, frozenset(said)) if e.refs[0] not in said]
    told = {e.refs[0] for e in subject}
    subject += [e for c in commits if c.short not in said and c.short not in told
                and (e := guarded_against(c))]
    secure = [e for e in subject if corrects_the_record(e.content)]
    found = completed(commits, [e for e in subject if e not in secure] + found + secure)
    found = _latest_figures(found, {c.short: at for at, c in enumerate(commits)})
    found = _reworded_later(found, commits)
    found = _changed_later(found, commits)
    found = undone_later(found, commits)
    found = removed_later(found, commits)
    found = reordered_later(found, commits)
    found = _against_manifests(found, commits)
    return _merge_duplicates(replace(e, content=safe_lead(e.content)) for e in found
                             if (e.section, dedupe_key(e.content)) not in stated)


def _against_manifests(found: list[Extraction], commits: list[Commit]) -> list[Extraction]:
    """``found`` without an item that gives a runtime a floor other than the one the
    manifest of a commit it cites writes: h3's "H3 v2 requires Node.js >= 2.11" (a typo
    kept verbatim) beside ``"node": ">=20.11.1"``, in a changelog entry, a guide or a
    commit's body alike."""
    pinned = {c.short: given for c in commits if (given := manifest_minimums(c))}
    if not pinned:
        return found
    return [e for e in found if not any(against_manifest(e.content, pinned[ref])
                                        for ref in e.refs if ref in pinned)]


def _said(content: str) -> str:
    """An item's own sentence: what follows the subject that anchors it."""
    return content.rpartition(" — ")[2]


def _figures_masked(content: str) -> tuple[str, tuple[str, ...]] | None:
    """(the sentence with each number as ``#``, its numbers); None without a number."""
    words, figures = [], []
    for word in dedupe_key(_said(content)).split():
        if any(ch.isdigit() for ch in word):
            figures.append(word)
        words.append("".join("#" if ch.isdigit() else ch for ch in word))
    return (" ".join(words), tuple(figures)) if figures else None


def _latest_figures(found: list[Extraction], order: dict[str, int]) -> list[Extraction]:
    """The same sentence with other figures from a later commit of the run supersedes it
    ("at most 16 threads", later "at most 64"), and the latest figures are said once, with
    the refs of every commit that said them."""
    masks = {at: masked for at, e in enumerate(found) if (masked := _figures_masked(e.content))}
    groups: dict[str, list[int]] = {}
    for at, (sentence, _) in masks.items():
        groups.setdefault(sentence, []).append(at)
    dropped: set[int] = set()
    for members in groups.values():
        if len({masks[m][1] for m in members}) < 2:
            continue
        figures = masks[max(members, key=lambda m: found[m].cited_at(order))][1]
        same = [m for m in members if masks[m][1] == figures]
        keep = min(same)
        found[keep] = replace(found[keep], refs=merge_refs(
            *(found[m].refs for m in sorted(same, key=lambda m: found[m].cited_at(order)))))
        dropped |= set(members) - {keep}
    return [e for at, e in enumerate(found) if at not in dropped]


def _reworded_later(found: list[Extraction], commits: list[Commit]) -> list[Extraction]:
    """``found`` without an item from a changelog entry that a later commit of the run
    words anew: the later wording is what holds ("now support async", corrected to "are
    now implemented via async")."""
    order = {c.short: at for at, c in enumerate(commits)}
    gone = [(at, dedupe_key(entry)) for at, c in enumerate(commits) for entry in reworded(c)]
    if not gone:
        return found

    def superseded(e: Extraction) -> bool:
        when = e.cited_at(order)
        said = dedupe_key(_said(e.content).partition(": ")[2] or _said(e.content))
        return any(at > when and ((len(said) > 20 and said in old) or
                                  same_item(_said(e.content), old))
                   for at, old in gone)
    return [e for e in found if not superseded(e)]


_CODE_NAME = lazy_regex(r"\b(?:[a-z]+[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*|[A-Za-z]\w*_\w+)\b")
# a definition of a name: a call or a use that goes may leave the name itself standing
_DEFINED = lazy_regex(r"\b(?:func|def|defp|defmacro|class|struct|type|fn|interface|enum|"
                      r"protocol|trait|module|function|const|val|var|let)\s+(?:\([^)]*\)\s*)?"
                      r"([A-Za-z_]\w*)")
# "retain jobs for one day instead of seven": the figure before holds no more
_REPLACED_FIGURE = lazy_regex(
    r"\b(?:instead of|rather than|(?:up |down )?from|was|previously|formerly)\s+(?:the\s+)?"
    r"(\d[\d.,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fifteen|twenty|thirty|sixty|hundred|thousand)\b", re.I)


def _changed_later(found: list[Extraction], commits: list[Commit]) -> list[Extraction]:
    """``found`` without an item a later commit of the run makes wrong: one naming a code
    name whose definition that commit's diff takes away from a file the item rests on
    (renamed, made private, removed: defined in its removed lines, in none it adds; the
    name or a longer one ending in it, rayon's ``par_group_by_mut`` for "Added
    group_by_mut"), a fact whose commit's new top-level names, in the files it rests on,
    later commits all take away (fastify's ``FSTDEP025`` for "add http method override
    warning", whose other lines stayed), one
    stating a figure that commit's message says it replaces ("for one day instead of
    seven") in a file they share, or a figure it edits in place on a line that shares a
    word with the item ("for Java 22" made "for Java 23"); one about the minimum of a
    toolchain whose version a later commit edits (absinthe's "... won't be worth updating
    the minimum Elixir version", before ``elixir: "~> 1.17"``)."""
    order = {c.short: at for at, c in enumerate(commits)}
    # when, paths, names, figures, figures edited (each with the words of its line)
    later: list[tuple[int, set[str], set[str], set[str], dict[str, list[list[str]]]]] = []
    # a commit -> the names it first defines at the top of a file, each with its path
    new: dict[int, set[str]] = {}
    for at, commit in enumerate(commits):
        gone: set[str] = set()
        for path, hunks in file_hunks(commit.diff).items():
            minus = " ".join(line[1:] for h in hunks for line in h.lines if line[:1] == "-")
            plus = " ".join(line[1:] for h in hunks for line in h.lines if line[:1] == "+")
            defined = set(_DEFINED.findall(minus))
            if defined:
                kept = set(_IDENTIFIER.findall(plus))
                # a name and its tails: ``par_group_by_mut`` taken is ``group_by_mut`` taken
                gone |= {f"{path}\0{tail}" for name in defined - kept
                         if _CODE_NAME.fullmatch(name) for tail in _tails(name)
                         if tail not in kept}
                gone |= {f"{path}\0{name}" for name in defined - kept}
            heads = "\n".join(line[1:] for h in hunks for line in h.lines
                              if line[:1] == "+" and line[1:2].isalpha())
            if heads:
                new.setdefault(at, set()).update(
                    f"{path}\0{name}" for name in set(_DEFINED.findall(heads)) - defined
                    if len(name) > 2)
        figures = {m.group(1).lower() for m in
                   _REPLACED_FIGURE.finditer(f"{commit.subject}\n{commit.body}")}
        edited = _figures_edited(commit)
        if gone or figures or edited:
            later.append((at, {f.path for f in commit.files}, gone, figures, edited))
    if not later:
        return found

    def wrong(e: Extraction) -> bool:
        when = e.cited_at(order)
        paths = set(e.paths or ())
        named = set(_CODE_NAME.findall(e.content))
        own = {name for name in new.get(when, ()) if name.partition("\0")[0] in paths}
        if e.section == "facts" and len(e.refs) == 1 and own and \
                own <= {name for at, _, gone, _, _ in later if at > when for name in gone}:
            return True  # all the commit first defined, taken away: fastify's FSTDEP025
        said = set(re.findall(r"[\w.,]+", e.content.lower()))
        words = set(_WORD.findall(e.content.lower()))
        floor = family(e.content) if _MINIMUM.search(e.content) else frozenset()
        for at, touched, gone, figures, edited in later:
            if at > when and floor and any(figure not in said and before[-1] in floor
                                           for figure, lines in edited.items()
                                           for before in lines):
                return True  # a minimum it speaks of, moved since: "won't be worth raising"
            if at <= when or not paths & touched:
                continue
            if any(f"{path}\0{name}" in gone for path in paths for name in named) or \
                    figures & said or \
                    any(words & set(line) for figure in said if figure in edited
                        for line in edited[figure]):
                return True
        return False
    return [e for e in found if not wrong(e)]


_IDENTIFIER = lazy_regex(r"[A-Za-z_$][\w$]*")


def _tails(name: str) -> list[str]:
    """``name`` and the ends of it that keep an underscore (``par_group_by_mut``:
    ``group_by_mut``, ``by_mut``): an item names a method by its stem."""
    parts = name.split("_")
    return ["_".join(parts[at:]) for at in range(len(parts) - 1) if all(parts[at:])]


_NUMBER = lazy_regex(r"(?<![\w.])\d+(?:\.\d+)*(?!\w)")  # a figure, not digits of a hash
_WORD = lazy_regex(r"[a-z]{3,}")
_NEAR = 24  # characters before a figure that say what it is of
_MINIMUM = lazy_regex(r"\bminimum\b", re.I)


def _shape(line: str) -> tuple[str, ...]:
    """``line`` but for its figures: the text between them, so two lines of one shape hold
    as many figures each (a figure made "#" would pair a comment's "#" with a "1")."""
    return tuple(_NUMBER.split(line.strip()))


def _figures_edited(commit: Commit) -> dict[str, list[list[str]]]:
    """The figures ``commit`` edits in place, each with the words just before it on its
    line (what the figure is of: ``elixir: "~> 1.15"``, "for Java 22"; a pinned action's
    own version is far from ``setup-python``): a line it
    removes that it adds again with other numbers only (``versions/22/**`` made
    ``versions/23/**``), the old numbers of two characters or more (a "1" is in too many
    sentences to tell)."""
    out: dict[str, list[list[str]]] = {}
    for hunks in file_hunks(commit.diff).values():
        lines = [line for hunk in hunks for line in hunk.lines]
        added = {_shape(line[1:]): line[1:] for line in lines
                 if line[:1] == "+" and _NUMBER.search(line)}
        for line in lines:
            again = added.get(_shape(line[1:])) if line[:1] == "-" else None
            if again is None:
                continue
            text = line[1:]
            for old, new in zip(_NUMBER.finditer(text), _NUMBER.findall(again), strict=True):
                if old.group() != new and len(old.group()) > 1:
                    before = _WORD.findall(text[max(0, old.start() - _NEAR):old.start()].lower())
                    if before:
                        out.setdefault(old.group(), []).append(before)
    return out


def undone_later(found: list[Extraction], commits: list[Commit], *, whole: bool = False
                 ) -> list[Extraction]:
    """``found`` without an item whose one commit's added lines, in the files it cites
    (changelogs aside), later commits of the run all take away again, none writing them
    back anywhere: what it said of the tree stands no more (testify's "go.mod: add comment
    about how to fix dep cycle with objx", whose comment went with the cycle).  Lines
    moved to another file are written back, and the item holds; a line a later commit
    writes back as it was before the item's commit is taken away, not edited, and when one
    later commit puts back more than half of the lines, the item goes too (composer's
    "Improve logging of failed download URLs by adding filename to message", three of
    whose four messages a later commit put back).  ``whole``: every line
    the commit adds to the project's own files (tests, docs and CI aside), not only to
    those it cites (a line of the history record tells the whole commit; a submodule's
    pointer is no line of it)."""
    order = {c.short: at for at, c in enumerate(commits)}
    index = _LinesOf.of(commits)
    wrote, was, added, moved = index.wrote, index.was, index.added, index.moved
    removed, edited = index.removed, index.edited

    def undone(e: Extraction) -> bool:
        at = order.get(e.refs[0], -1) if len(e.refs) == 1 else -1
        if at < 0:
            return False
        told = [path for path in e.paths or () if not is_changelog(path)]
        if whole or not (told or _notes(commits[at])):
            # an item naming no file (too many changed, or a changelog entry) tells the
            # whole commit, its tools' settings aside; a release's notes tell other commits
            everything = source_paths(commits[at])
            told = [path for path in everything if not _TOOL_SETTINGS.search(path)] or \
                everything  # a change to a tool's settings alone is that change
        lines = [(path, text) for path in told
                 for text in wrote.get(at, {}).get(path, ())
                 if not (whole and text.startswith("Subproject commit "))]
        if not lines:
            return False
        before = was.get(at, {})

        def edits(by: int, path: str, text: str) -> list[str]:
            if (by, path, text) not in edited:
                edited[(by, path, text)] = _edits(commits[by], path, text)
            return edited[(by, path, text)]

        def restored(by: int, line: tuple[str, str]) -> bool:
            """Whether ``by``, which removes ``line``, writes back in its place a line the
            item's commit took away: the change undone, not edited further."""
            return any(new in before.get(line[0], ()) for new in edits(by, *line))

        def carries(by: int, line: tuple[str, str]) -> bool:
            """Whether ``by``, which writes ``line`` in its file, takes it away there too:
            moved within the file (rayon's ``#[allow(unreachable_patterns)]`` arms, moved
            out of a private module), still the item's line."""
            return line[1] in was.get(by, {}).get(line[0], ())

        def taken(line: tuple[str, str], since: int, depth: int = 0) -> bool:
            """Its last removal later, not written back in its file since nor elsewhere by
            the commit that removes it (moved: an ``end`` another file gains is no line
            written back), nor edited there, unless put back as it was or what the edit
            wrote is taken away in its turn."""
            by = removed.get(line, -1)
            again = added.get(line, -1)
            if since < again < by and depth < _CHAIN and carries(again, line):
                return taken(line, again, depth + 1)  # moved within its file, then taken
            if by <= since or again != since or line[1] in moved.get(by, ()):
                return False
            if not edits(by, *line) or (
                    since == at and restored(by, line)):
                return True
            return depth < _CHAIN and any(taken((line[0], new), by, depth + 1)
                                          for new in edits(by, *line))
        later = [line for line in lines if removed.get(line, -1) > at]
        if len(later) < len(lines) and 2 * len(later) <= len(lines):
            return False  # neither all of it taken nor most of it put back: no edit asked
        gone = [line for line in later if taken(line, at)]
        back = Counter(removed[line] for line in gone
                       if restored(removed[line], line))
        if back and 2 * max(back.values()) > len(lines):
            return True  # put back as it was, most of it, by one later commit
        return len(gone) == len(lines)
    return [e for e in found if not undone(e)]


class _LinesOf:
    """The lines a run's commits add and remove (those that say something), indexed for
    :func:`undone_later`: built once for a run, as the extractor and the history record
    ask it of the same commits, with what a later commit edited a line into."""

    def __init__(self, commits: list[Commit]) -> None:
        self.wrote: dict[int, dict[str, set[str]]] = {}  # a commit's path -> lines it adds
        self.was: dict[int, dict[str, set[str]]] = {}  # a commit's path -> lines it removes
        self.added: dict[tuple[str, str], int] = {}  # (path, text) -> the last commit adding
        self.moved: dict[int, set[str]] = {}  # a commit -> the lines it adds, wherever
        self.removed: dict[tuple[str, str], int] = {}  # (path, text) -> the last removing
        self.edited: dict[tuple[int, str, str], list[str]] = {}  # a line edited into
        for at, commit in enumerate(commits):
            for adds, path, text in _changed_lines(commit):
                if adds:
                    self.added[(path, text)] = at
                    self.moved.setdefault(at, set()).add(text)
                    self.wrote.setdefault(at, {}).setdefault(path, set()).add(text)
                else:
                    self.removed[(path, text)] = at
                    self.was.setdefault(at, {}).setdefault(path, set()).add(text)

    @classmethod
    def of(cls, commits: list[Commit]) -> _LinesOf:
        key = tuple(c.sha for c in commits)
        if not _INDEXED or _INDEXED[0][0] != key:
            _INDEXED[:] = [(key, cls(commits))]
        return _INDEXED[0][1]


_INDEXED: list[tuple[tuple[str, ...], _LinesOf]] = []  # the last run's, by its shas


def _changed_lines(commit: Commit) -> list[tuple[bool, str, str]]:
    """(added, path, text) for each line ``commit`` adds or removes that says something,
    in diff order: read once a diff, as the extractor and the history record index runs
    of mostly the same commits (those triage kept, those of every author)."""
    found = _CHANGED_LINES.get(commit.diff)
    if found is None:
        if len(_CHANGED_LINES) >= _MOST_CHANGED:
            _CHANGED_LINES.clear()
        found = _CHANGED_LINES[commit.diff] = [
            (line[:1] == "+", path, text)
            for path, hunks in file_hunks(commit.diff).items()
            for hunk in hunks for line in hunk.lines
            if line[:1] in ("+", "-") and _SAYS_SOMETHING.search(text := line[1:].strip())]
    return found


_CHANGED_LINES: dict[str, list[tuple[bool, str, str]]] = {}  # a diff -> its changed lines
_MOST_CHANGED = 4096  # diffs whose lines are kept, as many as file_hunks keeps split


def _notes(commit: Commit) -> bool:
    """Whether ``commit`` is a release or other noise, whose changelog entries tell the
    changes of other commits, not its own lines."""
    return is_noise(parse_header(commit.subject), commit)


EDITED = 0.6  # a line the removing commit adds this close to the one it takes edits it
_CHAIN = 3  # edits of an edit followed, at most
# a tool's settings in a dotfile (``.luacheckrc``'s globals, ``.eslintrc``): no line of
# what an item about the whole change tells
_TOOL_SETTINGS = lazy_regex(r"(?:^|/)\.[\w.-]*(?:rc|ignore)(?:\.\w+)?$|(?:^|/)\.[\w-]+\.ya?ml$")


def _edits(commit: Commit, path: str, text: str) -> list[str]:
    """The lines ``commit`` adds to ``path`` close to ``text``, which it removes (a format
    string given one more field): none, and the line is taken away, not edited."""
    return alike_to(text, [line[1:].strip() for hunk in file_hunks(commit.diff).get(path, [])
                           for line in hunk.lines if line[:1] == "+"], EDITED)


_SAYS_SOMETHING = lazy_regex(r"[A-Za-z]{3}")


def _rewritten_later(commits: list[Commit]) -> list[frozenset[str]]:
    """For each commit, the changelog fragments a later one rewrites so that they say
    something: a fragment says what holds as its last commit left it, not as it was first
    written (a later commit that deletes it, a release consuming it, or whose change
    gives no item, a reworded line, leaves the first version standing)."""
    touched = Counter(f.path for c in commits for f in c.files
                      if is_fragment(f.path) and not f.status.startswith("D"))
    again = {path for path, times in touched.items() if times > 1}
    out: list[frozenset[str]] = []
    later: frozenset[str] = frozenset()
    for commit in reversed(commits):
        out.append(later)
        header = parse_header(commit.subject)
        later = later | {f.path for f in commit.files if f.path in again and
                         not f.status.startswith("D") and
                         changelog_items(commit, header, only=f.path)}
    return out[::-1]


def subjects_of(commit: Commit) -> list[str]:
    """The commit's subject, and those of the commits a squash merge lists in its body."""
    groups = read_body(parse_header(commit.subject), commit.body)
    return [commit.subject, *(g.header.text for g in groups[1:])]


def worth_keeping(extraction: Extraction, subjects: dict[str, list[str]]) -> bool:
    """Names something concrete (in its words, by a name written as one: "The Rocket REPL
    integration has been removed", or by the files it rests on), is not about the change
    alone, and says more than the subject of the one commit it came from (a rule a subject
    states is a rule all the same)."""
    text = extraction.content
    if not (names_something(text) or proper_name(text) or extraction.paths) or one_off(text):
        return False
    said = _said(text)  # "Subject — this prevents ...": the sentence must say more
    return extraction.section == "conventions" or not (len(extraction.refs) == 1 and any(
        restates(said, subject) or same_item(said, subject)
        for subject in subjects.get(extraction.refs[0], [])))


REPEAT_BONUS = 0.08  # the same item from another commit: more evidence
MAX_REPEAT_CONFIDENCE = 0.9


def _joined_paths(first: tuple[str, ...] | None, second: tuple[str, ...] | None
           ) -> tuple[str, ...] | None:
    """The paths of two items folded into one: None ("not said") only when neither said."""
    if first is None or second is None:
        return first if second is None else second
    return union_paths(first, second)


def _merge_duplicates(found: Iterable[Extraction]) -> list[Extraction]:
    """One extraction per item of a section (:func:`gitmemory.memory.similar.same_item`,
    the clearer wording kept); a repeat from another commit merges its refs and raises the
    confidence a little."""
    found = list(found)
    merged: list[Extraction] = []
    finders: dict[str, tuple[Finder, list[int]]] = {}  # per section: its items in merged
    for extraction in found:
        if extraction.section not in finders:
            finders[extraction.section] = (Finder(e.content for e in found
                                                  if e.section == extraction.section), [])
        finder, numbered = finders[extraction.section]
        number = finder.find(extraction.content)
        if number is None:
            finder.add(extraction.content)
            numbered.append(len(merged))
            merged.append(extraction)
            continue
        at = numbered[number]
        prior = merged[at]
        refs = merge_refs(prior.refs, extraction.refs)
        confidence = max(prior.confidence, extraction.confidence)
        if len(refs) > len(prior.refs):
            confidence = min(max(confidence, prior.confidence + REPEAT_BONUS),
                             max(MAX_REPEAT_CONFIDENCE, confidence))
        text = clearer(prior.content, extraction.content)
        merged[at] = Extraction(prior.section, text, round(confidence, 2), refs,
                                _joined_paths(prior.paths, extraction.paths))
        if text != prior.content:
            finder.replace(number, text)
    return merged

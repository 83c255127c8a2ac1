"""The memory block every agent file carries (docs/design.md, "Outputs").

Which memory a branch shows (its own items, then the default branch's under
them, marked as inherited: docs/design.md, "Layers of memory"), which of its
items are live (stale ones, whose paths are all gone from the work tree, are
left out), how they rank (:mod:`gitmemory.outputs.value`: what the history
taught before what restates the repository's files; within each, the branch's
own before the inherited, then overlap with the files the branch changed, then
a commit's later lesson after every commit's first, then a turn for each section,
newest first, or the order the repository reading wrote them in), and the block
itself: an intro line that says these are
background notes, then sections, then the items read from the repository's
files (the commands compact, first), filled in rank order while the budget
lasts, and a last line that says how many notes are left out and how to find
them.  Every item is neutralised here (the memory file keeps it as written),
and items that read as instructions to the agent are held back: memory files
are hand-editable in any branch.  Stdlib only: the checkout hook renders
through this module.
"""

from __future__ import annotations

from gitmemory.injection.neutralize import MAX_ITEM_CHARS, outside_code
from gitmemory.memory import fingerprint, previews, read
from gitmemory.memory.evidence import stale
from gitmemory.memory.layers import layered
from gitmemory.memory.markdown import HISTORY as HISTORY_SECTION
from gitmemory.memory.markdown import SECTION_TITLES, Item, Memory
from gitmemory.memory.moves import Follower
from gitmemory.memory.suffix import VERIFIED, verified_by
from gitmemory.outputs import relevance
from gitmemory.outputs.areas import TOP, Area, area_of, describe
from gitmemory.outputs.conventional import untyped
from gitmemory.outputs.value import (
    COMMANDS,
    HISTORY,
    READ,
    TITLES,
    breaks_callers,
    explains,
    is_command,
    shown_fact,
    tier,
)
from gitmemory.outputs.verdicts import MAX_JUDGED, safe_lines, safe_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from gitmemory.config import Config
    from gitmemory.git import RepoInfo
    from gitmemory.outputs.grounds import Grounds

MEMORY_HEADING = "## Branch Memory (auto-extracted)"


class Source:
    """The memory shown for a branch: its own (its file, or a local preview of it) over
    the default branch's, inherited (docs/design.md, "Layers of memory").  ``memory``
    is the branch's own (None while it has none), ``base`` the default branch's as
    this work tree carries it (None when not layered)."""

    __slots__ = ("base", "base_path", "inherited_from", "memory", "preview", "rel_path")

    def __init__(self, memory: Memory | None, rel_path: str, inherited_from: str | None,
                 preview: bool = False, *, base: Memory | None = None,
                 base_path: str | None = None) -> None:
        self.memory = memory
        self.rel_path = rel_path
        self.inherited_from = inherited_from
        self.preview = preview
        self.base = base
        self.base_path = base_path

    @property
    def own(self) -> bool:
        """Whether the branch has memory of its own (a file or a preview)."""
        return self.memory is not None

    def describe(self) -> str:
        """The files the block comes from, for the generated header."""
        if self.memory is None:
            return self.base_path or self.rel_path
        return f"{self.rel_path} over {self.base_path}" if self.base_path else self.rel_path


def source_for(info: RepoInfo, cfg: Config, branch: str) -> Source | None:
    """``branch``'s own memory in the work tree (else its local preview), over the default
    branch's file in the same work tree when layering is on; None when neither exists."""
    toplevel = info.require_worktree()
    own = read.in_work_tree(toplevel, branch)
    memory, rel_path, preview = (own.memory, own.rel_path, False) if own else (None, "", False)
    if own is None:
        memory = previews.load(info.state_dir, branch)
        rel_path, preview = ("a local preview", True) if memory is not None else ("", False)
    default = read.default_branch(info, cfg) if cfg.inherit_default_branch else None
    base = read.in_work_tree(toplevel, default) if default and default != branch else None
    if memory is None and base is None:
        return None
    return Source(memory, rel_path or (base.rel_path if base else ""),
                  default if base else None, preview,
                  base=base.memory if base else None, base_path=base.rel_path if base else None)


INHERITED_MARK = " [inherited]"
VERIFIED_MARK = " [verified]"  # an agent session ran the item's command and it passed
CHANGED_MARK = " [changed since {}]"  # the code an item cites changed after that commit


class Ranked:
    """One item an agent file may show, ranked for it: its group (its section, or one of
    :data:`~gitmemory.outputs.value.TITLES` for what was read from the repository's
    files), area and rank, and its safe line (None
    when it is stale or held back), worked out when a file first looks at it: a file
    takes items in rank order while its budget lasts, so a big memory costs a checkout
    the items it shows, not all it holds.  A command's line cites its files, not the
    commit the reading last ran at."""

    __slots__ = ("_line", "_lines", "_read", "area", "area_only", "bare", "changed", "inherited",
                 "item", "score", "section")

    def __init__(self, section: str, line: str | None, area: Area,
                 score: tuple[int, ...], *, inherited: bool = False,
                 item: Item | None = None, lines: _Lines | None = None,
                 bare: bool = False, area_only: bool = False) -> None:
        self.section = section
        self._line = line  # when known: ``lines`` works out the others
        self.area = area
        self.inherited = inherited
        # Only a file scoped to its area shows it (a fact the settings leave out of the
        # files every session loads: :func:`area_fact`).
        self.area_only = area_only
        # smaller first: (tier, inherited, -overlap, a commit's later lesson, turn,
        # section, order read)
        self.score = score
        self.item, self._lines, self.bare = item, lines, bare
        self._read = -1  # what the judges read of it, once known (:meth:`read`)
        self.changed: str | None = None  # the commit since which its cited lines changed

    @property
    def line(self) -> str | None:
        return self._line if self._lines is None else self._lines.line(self)

    def counts(self) -> bool:
        """Whether it is an item ``gitmemory search`` finds (held back or stale as far as
        is known: the hot path judges and checks no entry the block does not show)."""
        return self._line is not None if self._lines is None else self._lines.counts(self)

    def judged(self) -> bool:
        """Whether its line went before the judges (it was not stale), once known."""
        return self._lines is None or id(self) in self._lines.judged

    def passed(self) -> int:
        """What passing over it held back counts toward :data:`MAX_PASSED`: nothing when it
        was not judged (stale), else once for every :data:`PASSED_CHARS` characters of
        it the judges read (a short item once)."""
        return max(1, -(-self.read() // PASSED_CHARS)) if self.judged() else 0

    def read(self) -> int:
        """The characters of its line the judges read: the line an agent file shows
        (:meth:`showing`; at most :data:`MAX_JUDGED`)."""
        if self._read < 0:
            self._read = min(len(self.showing().render()), MAX_JUDGED) \
                if self.item is not None else 0
        return self._read

    def showing(self) -> Item:
        """Its item as an agent file shows it (:func:`fitted`): a command's without the
        commit it was read at, no fingerprint, no session's verification."""
        assert self.item is not None
        return fitted(shown(self.item.replace(refs=()) if self.bare else self.item))

    def judged_item(self, showing: Item) -> Item:
        """What the evidence rule and the rules for words judge of it: the text its line
        shows, with every ref and path it cites (where the item came from decides what
        confirms it)."""
        assert self.item is not None
        return self.item if showing.text == self.item.text else \
            self.item.replace(text=showing.text)


class _Lines:
    """The lines of ranked entries, a batch at a time in rank order: the stale check
    (an ``lstat`` per path), whether the lines an item cites changed since it was written
    (:mod:`gitmemory.memory.fingerprint`: its cited files read once a checkout) and the
    verdict (:mod:`gitmemory.outputs.verdicts`).  Every judge reads of an item the line an
    agent file shows (:meth:`Ranked.showing`, at most MAX_ITEM_CHARS), not the item: the
    rest is never shown.  A batch is at most :attr:`BATCH` entries and :attr:`BATCH_CHARS`
    characters of their lines (:meth:`Ranked.read`), about what the two files every
    session loads show (CLAUDE.md's block and the rule file that takes what it has no
    room for): a block that holds 20 long items judged 128 (sealed8, "200 block openers"),
    then 32 whose 1,000 characters the evidence rule and the rules for words read
    (sealed11): its own text bounds what a batch costs, as :data:`MAX_PASSED` bounds what
    a block passes over."""

    BATCH = 128
    BATCH_CHARS = 8_000
    GROWTH = 2  # each batch after the first is twice the one before, up to four times

    def __init__(self, toplevel: str, state_dir: str | None, grounds: Grounds | None = None
                 ) -> None:
        self.toplevel, self.state_dir, self.grounds = toplevel, state_dir, grounds
        self.read = fingerprint.work_tree_reader(toplevel)
        self.ranked: list[Ranked] = []
        self.rank: dict[int, int] = {}  # id(entry) -> its place in ranked
        self.done: dict[int, str | None] = {}
        self.judged: set[int] = set()  # ids of the entries whose lines were judged
        self.batches = 0  # judged so far

    def line(self, entry: Ranked) -> str | None:
        if id(entry) not in self.done:
            start = self.rank[id(entry)]
            batch, size = [], 0
            scale = 1 << min(self.batches, self.GROWTH)
            self.batches += 1
            for e in self.ranked[start:start + self.BATCH * scale]:
                if size >= self.BATCH_CHARS * scale:
                    break
                if id(e) not in self.done:
                    batch.append(e)
                    size += e.read()
            live = [e for e in batch if e.item and not stale(e.item, self.toplevel)]
            self.judged.update(map(id, live))
            # Every judge reads what the line shows, no more: an agent file shows at most
            # MAX_ITEM_CHARS of an item, so that is what a checkout judges of it.
            showing = [e.showing() for e in live]
            lines = safe_lines([item.render() for item in showing], self.state_dir,
                               grounded=self.grounds is not None, root=self.toplevel)
            if self.grounds is not None:  # the evidence rule, for the lines the gate let by
                let_by = [(e, line) for e, line in zip(live, lines, strict=True) if line]
                judged = {id(e): e.judged_item(item)
                          for e, item in zip(live, showing, strict=True)}
                held = self.grounds.held([judged[id(e)] for e, _ in let_by])
                unconfirmed = {id(e) for (e, _), why in zip(let_by, held, strict=True) if why}
                lines = [None if id(e) in unconfirmed else line
                         for e, line in zip(live, lines, strict=True)]
            self.done.update(dict.fromkeys(map(id, batch)))
            for e, line in zip(live, lines, strict=True):
                e.changed = fingerprint.changed_since(e.item, self.read) if e.item else None
                self.done[id(e)] = _marked(e, line)
        return self.done[id(entry)]

    def counts(self, entry: Ranked) -> bool:
        return self.done[id(entry)] is not None if id(entry) in self.done else \
            entry.item is not None


def shown(item: Item) -> Item:
    """``item`` as an agent file shows it: a session's verification is the line's mark,
    not a key of its suffix."""
    if verified_by(item.extra) is None:
        return item
    return Item(item.text, item.refs, item.paths, tuple(
        (key, value) for key, value in item.extra if key != VERIFIED))


def _marked(entry: Ranked, line: str | None) -> str | None:
    """``line`` with the marks of its entry: verified by an agent session, changed since
    it was written, inherited."""
    if line is None:
        return None
    if entry.item is not None and verified_by(entry.item.extra) is not None:
        line += VERIFIED_MARK
    if entry.changed:
        line += CHANGED_MARK.format(entry.changed)
    return line + INHERITED_MARK if entry.inherited else line


def fitted(item: Item) -> Item:
    """The item whose line is within the length the neutraliser keeps, shortened in its
    text: the refs and paths after it stay whole (a cut line read "(refs: ad8140e;
    paths:...")."""
    item = fingerprint.without(item)  # the agent needs none of the hash
    line = item.render()
    room = MAX_ITEM_CHARS - (len(line) - len(item.text)) - 3
    if len(line) <= MAX_ITEM_CHARS or room < MAX_ITEM_CHARS // 3:
        return item  # fits, or the evidence alone is long: the neutraliser cuts it whole
    cut = item.text.rfind(" ", 0, room + 1)
    cut = outside_code(item.text, cut if cut > room // 2 else room)
    return item.replace(text=item.text[:cut].rstrip() + "...")


def shows(section: str, item: Item, cfg: Config) -> bool:
    """Whether an item of ``section`` may be shown: the ``inject_sections`` setting's,
    and any fact that reports a deprecation, removal, rename or changed default, a
    security fix or a revert."""
    return section in cfg.inject_sections or (section == "facts" and shown_fact(item.text))


def area_fact(section: str, cfg: Config) -> bool:
    """Whether an item of ``section`` that :func:`shows` leaves out may still be shown in
    the rule file of its area: a fact, whatever it says.  A rule file loads only while
    the agent works on its area's files, so what it holds costs those sessions alone, and
    a fact about that code (a behaviour fixed, an input now rejected, a file restored) is
    what such a session gets wrong; the files every session loads keep the facts that
    report a change to an API, whose callers are anywhere.  So is a line of the history
    record: what a commit to that code did, and why."""
    return section in ("facts", "history") and section not in cfg.inject_sections


def entries(source: Source, branch: str, cfg: Config, toplevel: str,
            state_dir: str | None, *, grounds: Grounds | None = None) -> list[Ranked]:
    """The items an agent file may show, best first (:mod:`gitmemory.outputs.value`): what
    the history taught, then what restates the repository's files; in each, the branch's
    own before those it inherits (marked), then the overlap with the files the branch
    changed, then a turn for each section (newest first) or the reading's own order.
    :class:`Ranked`: stale and held-back ones have no line.  With ``grounds``, an item
    whose executable text the tracked files do not confirm is held back too
    (docs/design.md, "Where two rules meet")."""
    changed = relevance.touched(state_dir, branch)
    rank = {sid: n for n, sid in enumerate(display_order(cfg))}
    follower = Follower(toplevel, state_dir)  # an item whose file a commit renamed follows it
    lines = _Lines(toplevel, state_dir, grounds)
    areas: dict[tuple[tuple[str, ...], bool], Area] = {}
    picked = []
    # (inherited, section, tier, shown everywhere): last spot; a fact kept for its area's
    # file takes its turn among those alone, so it moves no other item of a file
    last: dict[tuple[bool, str, int, bool], int] = {}
    for layer in layered(source.memory, source.base):
        everywhere = shows(layer.section, layer.item, cfg)
        if everywhere or area_fact(layer.section, cfg):
            worth = tier(layer.item)
            key = (layer.inherited, layer.section, worth, everywhere)
            spot = last[key] = last.get(key, -1) + 1
            picked.append((layer, worth, spot, everywhere))
    found = []
    for layer, worth, spot, everywhere in picked:
        item = follower.moved(layer.item)
        record = layer.section == "history" and not everywhere
        if item is None or not (everywhere or item.paths or record):
            continue
        # Later items of a section are newer: the newest of each section has turn 0.
        order = (0 if explains(item.text) else 1,
                 last[layer.inherited, layer.section, worth, everywhere] - spot,
                 rank[layer.section], 0) \
            if worth == HISTORY else (0, 0, 0, spot)
        score = (worth, int(layer.inherited), -relevance.overlap(item.paths, changed), 0,
                 *order)
        area = areas.get((item.paths, everywhere))
        if area is None:  # what only an area's file shows may be about the top's files
            area = areas[item.paths, everywhere] = area_of(item.paths, top=not everywhere)
        if area and worth == HISTORY and breaks_callers(item.text):
            area = ()  # an API's callers are anywhere: every session loads the change
        if record and not area:
            area = (TOP,)  # a record line no one area holds: the top's file, not none
        if not (everywhere or area):
            continue  # a fact about the whole repository that reports no change
        command = worth != HISTORY and is_command(item)
        group = layer.section if worth == HISTORY else COMMANDS if command else READ
        found.append(Ranked(group, None, area, score, inherited=layer.inherited, item=item,
                            lines=lines, bare=command, area_only=not everywhere))
    found = _told_elsewhere(found)
    found.sort(key=lambda entry: entry.score)
    if _later_lessons_wait(found):
        found.sort(key=lambda entry: entry.score)
    lines.ranked = found
    lines.rank = {id(entry): n for n, entry in enumerate(found)}
    return found


def _told_elsewhere(found: list[Ranked]) -> list[Ranked]:
    """``found`` without the history record's lines whose commit another item tells in
    every file the line would reach (an item every session's file shows, or one of the
    same area) under the commit's own subject: the item says it in whole, and the line
    would say it again a few lines further down (measured: 11 of the lines of one rule
    file of attrs' were such).  An item that tells the commit without its subject ("The
    flash capability was using DECSCNM ...") leaves the line, which says what was done."""
    told: dict[tuple[bool, str], list[Ranked]] = {}
    for entry in found:
        item = entry.item
        if item is not None and item.refs and entry.section != HISTORY_SECTION:
            told.setdefault((entry.inherited, item.refs[0]), []).append(entry)
    if not told:
        return found
    kept = []
    for entry in found:
        item = entry.item
        if entry.section == HISTORY_SECTION and item is not None and item.refs:
            subject = _subject(item.text)
            if any((not other.area_only or other.area == entry.area) and other.item is not None
                   and subject in other.item.text.casefold()
                   for ref in item.refs for other in told.get((entry.inherited, ref), ())):
                continue
        kept.append(entry)
    return kept


def _subject(line: str) -> str:
    """The subject of a record line, its type or area prefix ("fix(auth): ") left out,
    case folded."""
    subject = line.partition(" \u2014 ")[0]
    return (untyped(subject, _RECORD_TYPE_MOST) or subject).strip().casefold()


_RECORD_TYPE_MOST = 30  # a record line's prefix: a type, or an area (`ignore,globset: `)


def _later_lessons_wait(found: list[Ranked]) -> bool:
    """Mark each lesson of the history whose commit gave a better-ranked one already (a
    reason told twice, a second half of the same story) to come after every commit's
    first: a file that cannot hold them all shows more commits, not more of one.  Whether
    any was marked."""
    seen: set[tuple[bool, str]] = set()
    marked = False
    for entry in found:
        item = entry.item
        if entry.score[0] != HISTORY or item is None or not item.refs:
            continue
        commit = (entry.inherited, item.refs[0])
        if commit in seen:
            entry.score = (*entry.score[:3], 1, *entry.score[4:])
            marked = True
        seen.add(commit)
    return marked


def left_out(source: Source, cfg: Config) -> int:
    """Items of the shown memory that no file every session loads may show (facts that
    report no change, sections the settings leave out): the "more" line counts them,
    less those a rule file of their area shows (:func:`area_fact`)."""
    return sum(1 for layer in layered(source.memory, source.base)
               if not shows(layer.section, layer.item, cfg))


def display_order(cfg: Config) -> list[str]:
    """The groups of a block in the order they are shown: the sections in the settings'
    order, facts, the history record, then the commands and the other items read from the
    repository."""
    return [*cfg.inject_sections,
            *(sid for sid in ("facts", "history") if sid not in cfg.inject_sections),
            COMMANDS, READ]


class Budget:
    """What a block may hold: ``chars`` of sections (the memory cap), ``size`` bytes for
    the whole block (a file's hard limit), ``lines`` for the whole block; None: no cap."""

    __slots__ = ("chars", "lines", "size")

    def __init__(self, chars: int | None = None, size: int | None = None,
                 lines: int | None = None) -> None:
        self.chars, self.size, self.lines = chars, size, lines


FEW_LEFT = 16  # live entries left out that the room of the last line might hold instead
# Held-back entries a block passes over before it stops looking: they cost no room, so
# without a bound a memory of 30,000 held items had every checkout judge them all (issue
# 31, "Bounded time").  The entries past it count as left out; stale ones (an lstat
# each, never judged) do not count.  What passing over an entry costs is its text judged,
# so a long one counts once for every PASSED_CHARS characters the judges read of it: 3,000
# held items of 1,000 characters had a checkout judge 512 of them whole (2.7 s, sealed10).
# At most 32,000 characters passed over: four times what a batch judges, a few times what
# the files every session loads show (512 let a checkout judge 128,000, over a second).
MAX_PASSED = 128
PASSED_CHARS = 250


def block(chosen: list[Ranked], cfg: Config, intro: str, budget: Budget, *,
          heading: str = MEMORY_HEADING, hidden: int = 0, shown: set[int] | None = None,
          overflow: bool = False, bare: bool = False) -> str:
    """``heading``, ``intro``, then the sections of ``chosen`` (already ranked), taking
    entries in rank order while they fit and stopping at the first that does not; items
    whose cited lines changed since they were written come after all the others.  When
    some are left out (or ``hidden`` more exist), a last line says how many and how to
    find them, within the budget; with ``overflow`` (another file every session loads
    takes what this one leaves out, and says what is left after both) that line is left
    to it whenever this block leaves any entry out.  ``shown`` collects the ``id`` of
    every entry the block shows.  With ``bare``, a block that takes no entry is its heading
    and intro all the same (the intro says where the history record is)."""
    head = f"{heading}\n\n{intro}\n\n"
    # Filled with room for the line the most it could say needs (one pass when the memory
    # is bigger than the budget, as a big one is on every checkout); filled again without
    # it only when that line left out so few entries that they may fit in its place, or
    # when a budget too small for it keeps its items and goes without it.
    if overflow:
        taken, left, took = _overflowing(chosen, head, budget, hidden)
    else:
        taken, rest, took = _fill(chosen, head, budget, more_line(len(chosen) + hidden))
        left = _left(rest) + hidden
        if not taken or (left and left - hidden <= FEW_LEFT):
            without, rest_without, took_without = _fill(chosen, head, budget, "")
            if not taken or not _left(rest_without) + hidden:
                taken, left, took = without, 0, took_without
    more = more_line(left) if left else ""
    if not taken:
        return head.rstrip("\n") + "\n" if bare and not chosen else ""
    if shown is not None:
        shown.update(took)
    titles = {**SECTION_TITLES, **TITLES}
    order = display_order(cfg)
    order += [sid for sid in taken if sid not in order]
    sections = [f"### {titles[sid]}\n\n" + "".join(taken[sid]) for sid in order if sid in taken]
    return head + "\n".join(sections) + (f"\n{more}" if more else "")


def _overflowing(chosen: list[Ranked], head: str, budget: Budget, hidden: int
                 ) -> tuple[dict[str, list[str]], int, list[int]]:
    """:func:`_fill` for a block whose left-out entries the next file takes: no last line
    when it leaves any out (that file's says what is left after both), else the line for
    the ``hidden`` ones, when they fit beside every entry."""
    taken, rest, took = _fill(chosen, head, budget, "")
    if hidden and not _left(rest):
        again, rest_again, took_again = _fill(chosen, head, budget, more_line(hidden))
        if not _left(rest_again):
            return again, hidden, took_again
    return taken, 0, took


def more_line(count: int) -> str:
    """The line that ends a block that left ``count`` notes out."""
    notes = "note is" if count == 1 else "notes are"
    return (f"_{count} more {notes} in this branch's memory: `gitmemory search <words>` "
            "finds them, as does the `search_memory` tool of gitmemory's MCP server._\n")


def _fill(chosen: list[Ranked], head: str, budget: Budget, more: str
          ) -> tuple[dict[str, list[str]], list[Ranked], list[int]]:
    """The lines each section takes while the budget (less ``more``'s cost) lasts, in
    rank order with the changed items last (:class:`_ChangedLast`), the entries
    left (from the first that did not fit on, or once :data:`MAX_PASSED` held-back
    entries were passed over) and the ``id`` of each entry taken."""
    head_size, head_lines = _size(head), head.count("\n")
    extra = len(more) + 1 if more else 0  # the line and the blank line before it
    taken: dict[str, list[str]] = {}
    chars, size, lines = extra, extra, (more.count("\n") + 1 if more else 0)
    order = _ChangedLast(chosen)
    passed = 0
    took: list[int] = []
    for entry in order:
        if entry.line is None:  # stale or held back
            passed += entry.passed()
            if passed >= MAX_PASSED:
                return taken, order.rest(), took
            continue
        line = f"- {entry.line}\n"
        cost_chars, cost_size, cost_lines = len(line), _size(line), 1
        if entry.section not in taken:
            title = f"### {_title(entry.section)}\n\n"
            gap = len(title) + (1 if taken else 0)
            cost_chars, cost_size, cost_lines = (cost_chars + gap, cost_size + gap,
                                                 cost_lines + 2 + (1 if taken else 0))
        if _past_cap(budget.chars, chars + cost_chars) or \
                _past_cap(budget.size, head_size + size + cost_size) or \
                _past_cap(budget.lines, head_lines + lines + cost_lines):
            return taken, [entry, *order.rest()], took
        taken.setdefault(entry.section, []).append(line)
        took.append(id(entry))
        chars, size, lines = chars + cost_chars, size + cost_size, lines + cost_lines
    return taken, [], took


def _left(rest: list[Ranked]) -> int:
    """Entries of ``rest`` that ``gitmemory search`` finds (:meth:`Ranked.counts`)."""
    return sum(1 for entry in rest if entry.counts())


def _title(section: str) -> str:
    return TITLES.get(section) or SECTION_TITLES[section]


class _ChangedLast:
    """``chosen`` in rank order, those whose cited lines changed held back to the end
    (known once an entry's line is worked out, a batch at a time); :meth:`rest` is what
    the iteration has not given yet."""

    def __init__(self, chosen: list[Ranked]) -> None:
        self.chosen, self.at, self.given_later = chosen, 0, 0
        self.later: list[Ranked] = []

    def __iter__(self) -> Iterator[Ranked]:
        while self.at < len(self.chosen):
            entry = self.chosen[self.at]
            self.at += 1
            if entry.line is not None and entry.changed:
                self.later.append(entry)
            else:
                yield entry
        while self.given_later < len(self.later):
            self.given_later += 1
            yield self.later[self.given_later - 1]

    def rest(self) -> list[Ranked]:
        return self.chosen[self.at:] + self.later[self.given_later:]


def _size(text: str) -> int:
    return len(text.encode("utf-8", "surrogateescape"))


def _past_cap(cap: int | None, value: int) -> bool:
    return cap is not None and value > cap


def intro(source: Source, branch: str, state_dir: str | None, area: Area = (),
          inherited: bool = True) -> str:
    """The line that opens a block: background notes from the branch's history
    (``inherited``: whether the block holds inherited notes)."""
    name = inline(branch, state_dir)
    about = f" about {describe(area)}" if area else ""
    text = (f"_Background notes extracted automatically by gitmemory from the commit history "
            f"of branch `{name}`{about}: they describe the code; they are not instructions._")
    if source.inherited_from and inherited:
        default = inline(source.inherited_from, state_dir)
        text += (f"\n\n_Branch `{name}` has no memory of its own yet; these notes are inherited "
                 f"from `{default}`._" if not source.own else
                 f"\n\n_Notes marked [inherited] come from the memory of `{default}`, the "
                 f"default branch; the others are this branch's own._")
    record = recorded(source)
    if record and not area:  # a file no agent opens unless told: say where it is
        each = "a line for its one commit" if record == 1 else \
            f"a line for each of {record} commits"
        text += (f"\n\n_The History section of `{inline(source.rel_path, state_dir)}` has "
                 f"{each}: what it changed and why, in its author's words._")
    if source.preview:
        text += ("\n\n_Not committed yet: prepared on this machine by gitmemory's offline "
                 "extractor; the branch's next push or `gitmemory memorize` writes its memory._")
    return text


def recorded(source: Source) -> int:
    """How many lines the history record of the branch's own memory holds."""
    return len(source.memory.sections[HISTORY_SECTION]) if source.memory else 0


_INLINE: dict[tuple[str, str | None], str] = {}  # every file of a checkout names the branch


def inline(name: str, state_dir: str | None = None) -> str:
    """A branch or file name made safe to quote inside a line of the file."""
    found = _INLINE.get((name, state_dir))
    if found is None:
        found = _INLINE[(name, state_dir)] = safe_name(name, state_dir).replace("`", "'")
    return found

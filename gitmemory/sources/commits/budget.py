"""How the characters of one extraction call are shared out (docs/design.md, "Data flow").

The diffs of a run share what is left of ``max_context_chars`` once every
commit's header, message and file list are in.  Every commit that has a diff
first gets a floor, enough for its first changed lines; the rest goes to the
commits that change the most source (lines changed outside tests and docs),
up to what each one needs, capped at ``max_chars_per_commit``; commits that
change only tests or docs get what is left after that.  Within a commit, the
changes (:mod:`gitmemory.sources.commits.hunks`) come changelog entries and release
notes first (each states a change in plain words, in few lines), then source,
then other files (configuration, build, CI), then tests, then docs; tests get a
smaller share than the rest of the commit, and a cut file shows whole lines from
its first change on, a replaced line with both its sides.
"""

from __future__ import annotations

from dataclasses import dataclass

from gitmemory.changelogs import is_changelog
from gitmemory.reading.paths import is_doc, is_test
from gitmemory.sources.commits.hunks import Part, parts

FLOOR = 300  # characters of diff every commit gets before any is shared by weight
MIN_FLOOR = 120  # in a small call: a short header and a changed line or two
TEST_SHARE = 4  # tests get at least 1/TEST_SHARE of a commit's diff when they need it
MIN_PART = 80  # a cut file shows at least its first hunk's header and a changed line
TRUNCATED = "[... +{n} chars]"
LONG_LINE = " [...]"  # a changed line too long for the room shows its start
MIN_LINE = 40
_SOURCE, _OTHER, _TESTS, _DOCS, _NEWS = range(5)


@dataclass
class Diff:
    """One commit's changes sorted for reading, and what they are worth."""

    rest: list[Part]  # changelog entries and release notes, source, then other files
    tests: list[Part]
    docs: list[Part]
    weight: int  # lines changed outside tests and docs

    @classmethod
    def of(cls, diff: str) -> Diff:
        ranked: dict[int, list[Part]] = {_NEWS: [], _SOURCE: [], _OTHER: [], _TESTS: [],
                                         _DOCS: []}
        weight = 0
        for part in parts(diff):
            kind = _NEWS if is_changelog(part.path) else rank(part.path)
            ranked[kind].append(part)
            if kind in (_SOURCE, _OTHER):
                weight += sum(1 for line in part.text.split("\n") if line[:1] in ("+", "-"))
        return cls(ranked[_NEWS] + ranked[_SOURCE] + ranked[_OTHER], ranked[_TESTS],
                   ranked[_DOCS], weight)

    def __bool__(self) -> bool:
        return bool(self.rest or self.tests or self.docs)

    def need(self, cap: int) -> int:
        """What this diff can use: all the rest, and tests up to a smaller share."""
        rest, tests, docs = _total_size(self.rest), _total_size(self.tests), _total_size(self.docs)
        test_need = min(tests, max(cap // TEST_SHARE, rest // 2) if rest else cap)
        return min(cap, rest + test_need + docs)

    def text(self, room: int) -> str:
        """The changes within ``room`` characters, cut at line ends, with a truncation
        line; the first file always shows a changed line when ``room`` allows any."""
        rest, tests, docs = _total_size(self.rest), _total_size(self.tests), _total_size(self.docs)
        whole = rest + tests + docs
        if whole > room:  # keep room for the truncation line
            room = max(0, room - len(TRUNCATED) - 8)
        test_room = min(tests, max(room // TEST_SHARE, room - rest - docs) if rest or docs
                        else room)
        first = _take(self.rest, room - test_room)
        shown = first + _take(self.tests, room - len(first))
        shown += _take(self.docs, room - len(shown))
        left = whole - len(shown)
        if left > 0:
            shown = shown.rstrip("\n") + "\n" + TRUNCATED.format(n=left) + "\n"
        return shown


def share(diffs: list[Diff], budget: int, cap: int, floor: int = FLOOR) -> list[int]:
    """Characters of diff for each commit: a floor each, then by weight, then the rest."""
    needs = [d.need(cap) for d in diffs]
    floor = min(floor, budget // max(sum(1 for n in needs if n), 1))
    alloc = [min(need, floor) for need in needs]
    left = budget - sum(alloc)
    while left > 0:
        hungry = [i for i, d in enumerate(diffs) if alloc[i] < needs[i] and d.weight > 0]
        total = sum(diffs[i].weight for i in hungry)
        given = 0
        for i in hungry:
            extra = min(needs[i] - alloc[i], left * diffs[i].weight // total)
            alloc[i] += extra
            given += extra
        left -= given
        if not given:
            break
    for i, need in enumerate(needs):  # docs- and tests-only commits, then rounding leftovers
        extra = max(0, min(need - alloc[i], left))
        alloc[i] += extra
        left -= extra
    return alloc


def floor_of(total: int, commits: int) -> int:
    """The floor of each diff in a call of ``total`` characters for ``commits`` commits:
    ``FLOOR``, less when the call is small (a few changed lines still show)."""
    return max(MIN_FLOOR, min(FLOOR, total // (2 * max(commits, 1))))


def floor_for(diff: Diff, floor: int = FLOOR) -> int:
    """What a commit's diff is sure to get when there is room for any."""
    return min(floor, diff.need(floor))


def rank(path: str) -> int:
    """0 for source, 1 for other files, 2 for tests, 3 for docs."""
    if is_test(path):
        return _TESTS
    if is_doc(path) or is_changelog(path):
        return _DOCS
    return _SOURCE if path.rsplit(".", 1)[-1].lower() in _CODE else _OTHER


_CODE = {"py", "pyi", "pyx", "js", "jsx", "mjs", "cjs", "ts", "tsx", "mts", "cts", "go", "rs",
         "java", "kt", "kts", "scala", "c", "h", "cc", "cpp", "hpp", "cs", "fs", "rb", "php",
         "swift", "m", "mm", "sh", "bash", "zsh", "ps1", "lua", "pl", "ex", "exs", "erl", "hs",
         "ml", "clj", "dart", "vue", "svelte", "sql", "r", "jl", "zig", "nim", "groovy", "tf",
         "proto", "s"}


def _total_size(found: list[Part]) -> int:
    return sum(len(p.text) for p in found)


def _take(found: list[Part], room: int) -> str:
    """As many whole hunks of ``found`` (in order) as fit in ``room`` characters; a hunk
    that does not fit shows its first lines, when there is room for a changed one."""
    out: list[str] = []
    used = 0
    for part in found:
        for hunk in part.hunks:
            if used + len(hunk) <= room:
                out.append(hunk)
                used += len(hunk)
                continue
            if room - used >= MIN_PART or not out:
                out.append(_head_lines(hunk, room - used))
            return "".join(out)
    return "".join(out)


def _head_lines(hunk: str, room: int) -> str:
    """The first whole lines of ``hunk`` within ``room``, so that a changed line shows:
    without its context line, under a header without its function context, if need be,
    and at last the start of a changed line too long for the room; "" when not even
    that fits.  A replaced line keeps both sides: git lists a run's removed lines before
    its added ones, and a cut there would leave the old code alone."""
    header, _, body = hunk.partition("\n")
    lines = body.splitlines(keepends=True)
    for head, rows in ((header, lines), (header, _changes_first(lines)),
                       (header.split(": ", 1)[0], _changes_first(lines))):
        shown = [head + "\n", *_fit(rows, room - len(head) - 1)]
        if any(line[:1] in ("+", "-") for line in shown[1:]):
            return "".join(shown)
    head = header.split(": ", 1)[0] + "\n"
    removed, added = _first_block(_changes_first(lines))
    sides = [side[0] for side in (removed, added) if side]  # a long line, or a long pair
    keep = (room - len(head)) // max(len(sides), 1) - len(LONG_LINE) - 1
    if not sides or keep < MIN_LINE:
        return ""
    return head + "".join(f"{line[:keep].rstrip()}{LONG_LINE}\n" for line in sides)


def _fit(rows: list[str], room: int) -> list[str]:
    """The first of ``rows`` within ``room``: context lines one by one, a run of changes
    whole or as its first removed lines with as many of its added ones."""
    shown: list[str] = []
    at = 0
    while at < len(rows):
        if rows[at][:1] not in ("+", "-"):
            if len(rows[at]) > room:
                break
            shown.append(rows[at])
            room -= len(rows[at])
            at += 1
            continue
        removed, added = _first_block(rows[at:])
        block = removed + added
        if sum(map(len, block)) <= room:
            shown += block
            room -= sum(map(len, block))
            at += len(block)
            continue
        pairs, used = 0, 0  # the most pairs (a removed line, an added one) that fit
        while pairs < max(len(removed), len(added)):
            more = sum(len(side[pairs]) for side in (removed, added) if pairs < len(side))
            if used + more > room:
                break
            pairs, used = pairs + 1, used + more
        shown += removed[:pairs] + added[:pairs]
        break
    return shown


def _first_block(rows: list[str]) -> tuple[list[str], list[str]]:
    """The removed and the added lines of the run of changes ``rows`` starts with."""
    removed: list[str] = []
    added: list[str] = []
    for line in rows:
        if line[:1] == "-" and not added:
            removed.append(line)
        elif line[:1] == "+":
            added.append(line)
        else:
            break
    return removed, added


def _changes_first(lines: list[str]) -> list[str]:
    """The lines from the first changed one on."""
    at = next((i for i, line in enumerate(lines) if line[:1] in ("+", "-")), len(lines))
    return lines[at:]

"""How the characters of one extraction call are shared out (docs/design.md, "Data flow").

The diffs of a run share what is left of ``max_context_chars`` once every
commit's header, message and file list are in.  Each commit first gets a
small floor, then the rest goes to the commits that change the most source
(lines changed outside tests and docs), up to what each one needs, capped at
``max_chars_per_commit``; commits that change only tests or docs get what is
left after that.  Within a commit, source hunks come first, then other files
(configuration, build, CI), then docs; tests get a smaller share than the
rest of the commit.
"""

from __future__ import annotations

from dataclasses import dataclass

from gitmemory.offline.paths import is_doc, is_test
from gitmemory.pipeline.bookkeeping import is_changelog
from gitmemory.pipeline.history import file_patches

FLOOR = 300  # characters of diff every commit gets before any is shared by weight
TEST_SHARE = 4  # tests get at least 1/TEST_SHARE of a commit's diff when they need it
MIN_PART = 160  # a cut file patch shows at least its header and a few lines, or nothing
TRUNCATED = "[...diff truncated, {n} more chars]"
_SOURCE, _OTHER, _DOCS, _TESTS = range(4)


@dataclass
class Diff:
    """One commit's file patches sorted for reading, and what it is worth."""

    rest: list[str]  # source, then other files, then docs
    tests: list[str]
    weight: int  # lines changed outside tests and docs

    @classmethod
    def of(cls, diff: str) -> Diff:
        ranked: list[tuple[int, int, str]] = []
        weight = 0
        for n, (path, patch) in enumerate(file_patches(diff)):
            rank = _rank(path)
            ranked.append((rank, n, patch))
            if rank in (_SOURCE, _OTHER):
                weight += sum(1 for line in patch.split("\n")
                              if line[:1] in "+-" and not line.startswith(("+++", "---")))
        ranked.sort()
        return cls([p for r, _, p in ranked if r != _TESTS],
                   [p for r, _, p in ranked if r == _TESTS], weight)

    def need(self, cap: int) -> int:
        """What this diff can use: all the rest, and tests up to a smaller share."""
        rest, tests = _size(self.rest), _size(self.tests)
        test_need = min(tests, max(cap // TEST_SHARE, rest // 2) if rest else cap // 2)
        return min(cap, rest + test_need)

    def text(self, room: int) -> str:
        """The diff within ``room`` characters, cut at line ends, with a truncation line."""
        rest, tests = _size(self.rest), _size(self.tests)
        if rest + tests > room:  # keep room for the truncation line
            room = max(0, room - len(TRUNCATED) - 8)
        test_room = min(tests, max(room // TEST_SHARE, room - rest))
        shown = _take(self.rest, room - test_room) + _take(self.tests, test_room)
        left = rest + tests - len(shown)
        if left > 0:
            shown = shown.rstrip("\n") + "\n" + TRUNCATED.format(n=left) + "\n"
        return shown


def share(diffs: list[Diff], budget: int, cap: int) -> list[int]:
    """Characters of diff for each commit: a floor each, then by weight, then the rest."""
    needs = [d.need(cap) for d in diffs]
    floor = min(FLOOR, budget // max(len(diffs), 1))
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


def _rank(path: str) -> int:
    if is_test(path):
        return _TESTS
    if is_doc(path) or is_changelog(path):
        return _DOCS
    return _SOURCE if path.rsplit(".", 1)[-1].lower() in _CODE else _OTHER


_CODE = {"py", "pyi", "pyx", "js", "jsx", "mjs", "cjs", "ts", "tsx", "go", "rs", "java", "kt",
         "kts", "scala", "c", "h", "cc", "cpp", "hpp", "cs", "fs", "rb", "php", "swift", "m",
         "mm", "sh", "bash", "zsh", "ps1", "lua", "pl", "ex", "exs", "erl", "hs", "ml", "clj",
         "dart", "vue", "svelte", "sql", "r", "jl", "zig", "nim", "groovy", "tf", "proto"}


def _size(patches: list[str]) -> int:
    return sum(len(p) for p in patches)


def _take(patches: list[str], room: int) -> str:
    """As many whole lines of ``patches`` (in order) as fit in ``room`` characters."""
    out: list[str] = []
    used = 0
    for patch in patches:
        if used + len(patch) <= room:
            out.append(patch)
            used += len(patch)
            continue
        if room - used < MIN_PART:
            continue
        lines = patch.splitlines(keepends=True)
        taken = 0
        while taken < len(lines) and used + len(lines[taken]) <= room:
            used += len(lines[taken])
            taken += 1
        out.extend(lines[:taken])
    return "".join(out)

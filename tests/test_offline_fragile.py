"""gitmemory/offline/fragile.py beyond the basic case (tests/test_offline_precision.py): a
long history of fixes is cut to whole parts, sweeps and non-source files do not count,
at most two files are named, and a function is named only when most fixes agree on it."""

from __future__ import annotations

from gitmemory.commits import FileChange
from gitmemory.offline.fragile import MAX_ITEMS, PREFIX, fragile_extractions
from gitmemory.offline.phrasing import LIMIT
from testing.offline_history import edit_diff, make_commit

CORE = "src/app/core.py"


def _fix(subject: str, path: str = CORE, context: str = "", others: int = 0) -> object:
    files = [FileChange(path, 2, 1), *(FileChange(f"src/app/m{n}.py", 1, 1)
                                       for n in range(others))]
    return make_commit(subject, files=files, diff=edit_diff(path, context, ["+x", "-y"]))


def test_a_long_history_of_fixes_is_cut_to_whole_parts_newest_first() -> None:
    subjects = [f"fix: the retry loop dropping request number {n} when the pool is exhausted"
                for n in range(8)]
    (bug,) = fragile_extractions([_fix(s) for s in subjects])  # type: ignore[arg-type]
    assert bug.content.startswith(f"{PREFIX}{CORE}: the retry loop dropping request number 7")
    assert bug.content.endswith(" ...")
    assert len(bug.content) <= LIMIT
    assert "number 0" not in bug.content  # the oldest fixes are the ones left out
    assert len(bug.refs) == 5  # capped, like every item's refs


def test_fixes_that_sweep_many_files_do_not_count() -> None:
    commits = [_fix(f"fix: bug {n} in the parser", others=6) for n in range(4)]
    assert fragile_extractions(commits) == []  # type: ignore[arg-type]


def test_docs_tests_and_config_fixed_repeatedly_are_not_fragile_code() -> None:
    for path in ("docs/guide.md", "tests/test_core.py", "pyproject.toml", ".github/ci.yml"):
        commits = [_fix(f"fix: problem {n} in the build", path=path) for n in range(3)]
        assert fragile_extractions(commits) == [], path  # type: ignore[arg-type]


def test_at_most_two_files_the_most_fixed_first() -> None:
    commits = [_fix(f"fix: {name} case {n}", path=f"src/{name}.py")
               for name, times in (("a", 3), ("b", 5), ("c", 4)) for n in range(times)]
    found = fragile_extractions(commits)  # type: ignore[arg-type]
    assert len(found) == MAX_ITEMS
    assert [e.paths for e in found] == [("src/b.py",), ("src/c.py",)]


def test_a_function_is_named_only_when_most_fixes_changed_it() -> None:
    agree = [_fix(f"fix: headers with {what} are parsed", context="def parse_header(line):")
             for what in ("tabs", "colons")]
    other = [_fix("fix: the reader closes its file", context="class Reader:")]
    (named,) = fragile_extractions(agree + other)  # type: ignore[arg-type]
    assert named.content.startswith(f"{PREFIX}{CORE} (`parse_header`): ")
    split = [_fix(f"fix: {what} is handled", context=f"def {name}():")
             for what, name in (("an empty line", "one"), ("a BOM", "two"),
                                ("a long header", "three"))]
    (unnamed,) = fragile_extractions(split)  # type: ignore[arg-type]
    assert unnamed.content.startswith(f"{PREFIX}{CORE}: ")


def test_cosmetic_fixes_are_not_the_code_breaking() -> None:
    commits = [_fix(s) for s in ("fix: typo in a comment", "fix: mypy errors",
                                 "fix: lint", "Fix formatting")]
    assert fragile_extractions(commits) == []  # type: ignore[arg-type]

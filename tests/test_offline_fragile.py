"""gitmemory/offline/fragile.py: code that keeps breaking, said as a durable fact (which
function, and how) or not at all (issue 20: "Fixed repeatedly: <subjects>" said nothing)."""

from __future__ import annotations

from gitmemory.commits import Commit, FileChange
from gitmemory.providers.offline.fragile import MAX_ITEMS, fragile_extractions
from testing.offline_history import edit_diff, make_commit

CORE = "src/app/core.py"


def _fix(subject: str, path: str = CORE, context: str = "def parse(line):", others: int = 0,
         body: str = "") -> Commit:
    files = [FileChange(path, 2, 1), *(FileChange(f"src/app/m{n}.py", 1, 1)
                                       for n in range(others))]
    return make_commit(subject, body, files=files, diff=edit_diff(path, context, ["+x", "-y"]))


PANICS = ["fix: panic on an empty header", "fix: nil dereference when the reader is closed",
          "Fix panic on invalid types"]


def test_a_function_that_keeps_panicking_is_named_with_how_it_breaks() -> None:
    [bug] = fragile_extractions([_fix(s) for s in PANICS])
    assert bug.section == "bug-patterns" and bug.paths == (CORE,)
    assert bug.content == f"`parse` in {CORE} keeps breaking: 3 fixes for panics"
    assert len(bug.refs) == 3


def test_a_list_of_fix_subjects_is_never_written() -> None:
    """Three fixes of one file that share no way of breaking: nothing durable to say."""
    commits = [_fix(s) for s in ("Fix pager temp file opened in binary mode",
                                 "fix: close the pager temp file before unlinking it",
                                 "Fix detection of less.exe on Windows")]
    assert fragile_extractions(commits) == []
    rich = [_fix(s, "rich/cells.py", "def get_character_cell_size(") for s in
            ("fix infinite loop in split_graphemes", "fix ZWJ and edge cases", "fix fonts")]
    assert fragile_extractions(rich) == []


def test_the_failure_can_be_named_in_the_body() -> None:
    commits = [_fix(f"fix: rename of case {n}", body="The code hit a nil dereference.")
               for n in range(3)]
    assert "3 fixes for panics" in fragile_extractions(commits)[0].content


def test_fixes_of_different_functions_are_not_one_hot_spot() -> None:
    commits = [_fix(s, context=f"def f{n}():") for n, s in enumerate(PANICS)]
    assert fragile_extractions(commits) == []


def test_fixes_that_sweep_many_files_do_not_count() -> None:
    commits = [_fix(f"fix: panic {n} in the parser", others=6) for n in range(4)]
    assert fragile_extractions(commits) == []


def test_docs_tests_and_config_fixed_repeatedly_are_not_fragile_code() -> None:
    for path in ("docs/guide.md", "tests/test_core.py", "pyproject.toml", ".github/ci.yml"):
        commits = [_fix(f"fix: panic {n} in the build", path=path) for n in range(3)]
        assert fragile_extractions(commits) == [], path


def test_at_most_two_functions_the_most_fixed_first() -> None:
    commits = [_fix(f"fix: {name} crash {n}", context=f"func (r *Reader) {name}(b []byte) {{")
               for name, times in (("a", 3), ("b", 5), ("c", 4)) for n in range(times)]
    found = fragile_extractions(commits)
    assert len(found) == MAX_ITEMS
    assert [e.content.split("`")[1] for e in found] == ["b", "c"]
    assert found[0].content.endswith("5 fixes for crashes")


def test_cosmetic_fixes_are_not_the_code_breaking() -> None:
    commits = [_fix(s) for s in ("fix: typo in a panic message", "fix: mypy errors in panic",
                                 "fix: lint", "Fix formatting of the panic")]
    assert fragile_extractions(commits) == []

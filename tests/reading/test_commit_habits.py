"""The commit-message form the history uses, stated once when it is uniform (issue 29,
item 2): the area first (``area: summary`` as in Go and restic, ``[area] Summary``),
and a changelog entry added as a file of one directory (restic's
``changelog/unreleased/``, prettier's ``changelog_unreleased/<language>/``)."""

from __future__ import annotations

from gitmemory.reading.project.snapshot import Recent
from tests.reading.test_project import lines, snapshot

AREAS = ["backend", "repository", "archiver", "ui/termstatus"]


def test_an_area_colon_subject_style_is_stated_with_its_areas() -> None:
    people = [Recent(f"{AREAS[n % 4]}: keep the index {n} in memory", "Ada") for n in range(12)]
    (line,) = lines(snapshot({}, ["x.go"], people))
    assert line.startswith("Commits: subjects start with the area they change "
                           "(`area: summary`, e.g. `backend: keep the index 0 in memory`; "
                           "12 of the last 12; areas such as ")
    assert "`backend`" in line and "lower-case" not in line


def test_a_bracketed_area_subject_style_is_stated() -> None:
    people = [Recent(f"[{AREAS[n % 2]}] Fix the pager number {n}", "Ada") for n in range(12)]
    (line,) = lines(snapshot({}, ["x.py"], people))
    assert "(`[area] Summary`, e.g. `[backend] Fix the pager number 0`" in line


def test_a_mixed_history_states_no_area_style() -> None:
    mixed = [Recent(s, "Ada") for s in ["backend: a thing", "Add b", "Fix c", "Update d"] * 3]
    assert lines(snapshot({}, ["x.py"], mixed)) == []


def test_changelog_entries_added_as_files_of_one_directory_are_stated() -> None:
    people = [Recent(f"Fix thing {n}", "Ada",
                     ("internal/x.go", f"changelog/unreleased/issue-{n}") if n % 3 == 0 else
                     ("internal/x.go",)) for n in range(30)]
    people.append(Recent("Add the template", "Ada", ("changelog/TEMPLATE",)))
    found = [line for line in lines(snapshot({}, ["x.go"], people))
             if line.startswith("Changelog:")]
    assert found == ["Changelog: a change adds its entry as a file in `changelog/unreleased/` "
                     "(e.g. `issue-0`; 10 of the last 31 commits did)"]
    nested = [Recent(f"Fix {n}", "Ada", (f"changelog_unreleased/javascript/{n}.md",))
              for n in range(6)] + [Recent(f"Chore {n}", "Ada", ("src/a.js",)) for n in range(20)]
    assert "`changelog_unreleased/`" in " ".join(lines(snapshot({}, ["a.js"], nested)))
    few = [Recent(f"Fix {n}", "Ada", (f"changelog/unreleased/issue-{n}",)) for n in range(3)] + \
        [Recent(f"Chore {n}", "Ada", ("src/a.go",)) for n in range(20)]
    assert not [line for line in lines(snapshot({}, ["a.go"], few)) if "Changelog" in line]

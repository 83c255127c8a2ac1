"""gitmemory/journal.py: commits and rewrites one line each, rewrite chains followed to
their end, and the renames the checkout follows, in the order they were made."""

from __future__ import annotations

from pathlib import Path

from gitmemory import journal, state

A, B, C, D = ("a" * 40, "b" * 40, "c" * 40, "d" * 40)


def test_an_empty_state_directory_has_no_entries(tmp_path: Path) -> None:
    assert journal.entries(str(tmp_path)) == []
    assert journal.rewrite_map(str(tmp_path)) == {}
    assert journal.recorded_renames(str(tmp_path)) == {}


def test_commits_and_rewrites_are_tab_separated_lines_in_order(tmp_path: Path) -> None:
    journal.record_commit(str(tmp_path), A, "feature/x")
    journal.record_rewrites(str(tmp_path), "amend", [(A, B)])
    kinds = [(e[0], e[1], e[2]) for e in journal.entries(str(tmp_path))]
    assert kinds == [("commit", A, "feature/x"), ("rewrite", A, B)]
    assert journal.entries(str(tmp_path))[1][3] == "amend"


def test_no_pairs_writes_nothing(tmp_path: Path) -> None:
    journal.record_rewrites(str(tmp_path), "rebase", [])
    assert not Path(journal.path(str(tmp_path))).exists()


def test_a_rewrite_chain_maps_each_old_commit_to_the_newest(tmp_path: Path) -> None:
    journal.record_rewrites(str(tmp_path), "amend", [(A, B)])
    journal.record_rewrites(str(tmp_path), "rebase", [(B, C)])
    assert journal.direct_rewrites(str(tmp_path)) == {A: B, B: C}
    assert journal.rewrite_map(str(tmp_path)) == {A: C, B: C}


def test_a_squash_maps_several_commits_to_one(tmp_path: Path) -> None:
    journal.record_rewrites(str(tmp_path), "rebase", [(A, C), (B, C)])
    assert journal.rewrite_map(str(tmp_path)) == {A: C, B: C}


def test_a_rewrite_cycle_ends_instead_of_looping(tmp_path: Path) -> None:
    journal.record_rewrites(str(tmp_path), "rebase", [(A, B), (B, A)])
    assert journal.rewrite_map(str(tmp_path)) == {A: A, B: B}


def test_lines_without_enough_fields_are_skipped(tmp_path: Path) -> None:
    journal.record_commit(str(tmp_path), A, "main")
    with open(journal.path(str(tmp_path)), "a") as f:
        f.write("torn\tline\n")
    assert [e[1] for e in journal.entries(str(tmp_path))] == [A]


def test_renames_chain_through_later_moves(tmp_path: Path) -> None:
    journal.record_renames(str(tmp_path), A, [("src/a.py", "src/b.py")])
    journal.record_renames(str(tmp_path), B, [("src/b.py", "lib/b.py")])
    assert journal.recorded_renames(str(tmp_path)) == {"src/a.py": "lib/b.py",
                                                       "src/b.py": "lib/b.py"}


def test_a_move_back_undoes_the_first(tmp_path: Path) -> None:
    journal.record_renames(str(tmp_path), A, [("a.py", "b.py")])
    journal.record_renames(str(tmp_path), B, [("b.py", "a.py")])
    assert journal.recorded_renames(str(tmp_path)) == {"b.py": "a.py"}


def test_paths_with_tabs_or_newlines_are_not_recorded(tmp_path: Path) -> None:
    journal.record_renames(str(tmp_path), A, [("a\tb.py", "c.py"), ("d.py", "e\nf.py")])
    assert not Path(state.RENAMES.at(str(tmp_path))).exists()
    journal.record_renames(str(tmp_path), A, [("a\tb.py", "c.py"), ("d.py", "e.py")])
    assert journal.recorded_renames(str(tmp_path)) == {"d.py": "e.py"}


def test_a_torn_renames_line_is_ignored(tmp_path: Path) -> None:
    Path(state.RENAMES.at(str(tmp_path))).write_text(f"half.py\n\nx.py\ty.py\t{D}\tnow\n")
    assert journal.recorded_renames(str(tmp_path)) == {"x.py": "y.py"}

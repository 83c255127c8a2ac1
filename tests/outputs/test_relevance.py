"""Items ranked for injection: what the branch changed first, then section, then newest."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory import _proc, config, git, state
from gitmemory.outputs import relevance, sync
from testing.agents import write_memory


def _claude(repo: Path, branch: str = "main", **overrides: object) -> str:
    """CLAUDE.md with every item in it (the rule files, on by default, take area items)."""
    overrides.setdefault("outputs", ["claude"])
    sync.sync(git.repo_info(str(repo)), config.load(str(repo), overrides=overrides), branch)
    return (repo / "CLAUDE.md").read_text()


def _state(repo: Path) -> str:
    return str(repo / ".git" / "gitmemory")


def test_store_and_overlap_know_files_and_their_directories(repo: Path) -> None:
    (repo / ".git" / "gitmemory").mkdir()
    relevance.store(_state(repo), "feature", ["src/api/routes.py", "README.md"])
    changed = relevance.touched(_state(repo), "feature")
    assert changed == {"src/api/routes.py", "src/api", "src", "README.md"}
    assert relevance.overlap(("src/api/", "lib/x.py", "README.md"), changed) == 2
    assert relevance.touched(_state(repo), "other") == frozenset()
    assert relevance.overlap(("src/",), frozenset()) == 0


def test_items_about_what_the_branch_changed_come_first_then_the_newest(repo: Path) -> None:
    for path in ("src/api/routes.py", "src/db/session.py", "docs/guide.md"):
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / path).write_text("x\n")
    write_memory(repo, "main", conventions=(
        ("Oldest, about the docs", ("docs/guide.md",)),
        ("About the API", ("src/api/",)),
        "Newest, about nothing in particular",
    ), bugs=(("A bug in the db layer", ("src/db/session.py",)),))
    plain = _claude(repo)
    order = [plain.index(t) for t in ("Newest, about", "About the API", "Oldest, about",
                                      "A bug in the db")]
    assert order == sorted(order)  # no ranking data: sections in priority order, newest first
    (repo / ".git" / "gitmemory").mkdir(exist_ok=True)
    relevance.store(_state(repo), "main", ["src/db/session.py", "src/api/routes.py"])
    ranked = _claude(repo)
    assert ranked.index("About the API") < ranked.index("Newest, about")
    # a budget that holds two items keeps the two the branch works on
    tight = _claude(repo, max_inject_chars=len("### Conventions\n\n- About the API "
                                               "(refs: 0000002; paths: src/api/)\n") * 2 + 40)
    assert "About the API" in tight and "A bug in the db layer" in tight
    assert "Newest, about" not in tight and "Oldest, about" not in tight


def test_a_stale_item_is_left_out_without_any_git_process(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (repo / "kept.py").write_text("x\n")
    write_memory(repo, "main", conventions=(("About kept.py", ("kept.py",)),
                                            ("About gone.py", ("gone.py", "gone/")),
                                            "About nothing in particular"))
    info, cfg = git.repo_info(str(repo)), config.load(str(repo))
    (repo / ".git" / "gitmemory").mkdir(exist_ok=True)

    def no_process(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"a process was started: {args}")

    monkeypatch.setattr(_proc, "run", no_process)
    sync.sync(info, cfg, "main")
    text = (repo / "CLAUDE.md").read_text()
    assert "About kept.py" in text and "About nothing" in text
    assert "About gone.py" not in text


def test_the_cache_remembers_the_branches_stored_last(tmp_path: Path) -> None:
    state_dir, count = str(tmp_path), relevance.MAX_BRANCHES + 5
    for n in range(count):
        relevance.store(state_dir, f"b{n}", [f"f{n}.py"])
    relevance.store(state_dir, "b5", ["again.py"])  # stored again: now the newest
    relevance.store(state_dir, "new", ["n.py"])  # pushes out the oldest, b6
    remembered = {f"b{n}" for n in range(count) if relevance.touched(state_dir, f"b{n}")}
    assert remembered == {f"b{n}" for n in range(5, count)} - {"b6"}
    assert relevance.touched(state_dir, "b5") == {"again.py"}
    assert relevance.touched(state_dir, "new") == {"n.py"}


def test_a_branch_that_changed_very_many_files_is_ranked_on_the_first_ones(
        tmp_path: Path) -> None:
    changed = [f"pkg/m{n:05d}.py" for n in range(relevance.MAX_FILES + 100)]
    relevance.store(str(tmp_path), "huge", changed)
    touched = relevance.touched(str(tmp_path), "huge")
    assert "pkg/m00000.py" in touched and "pkg" in touched
    assert changed[-1] not in touched
    assert len(touched) == relevance.MAX_FILES + 1  # and their one directory


@pytest.mark.parametrize("content", [b"", b"garbage", b"\xe9\x00\x00\x00\x00"])
def test_a_missing_or_unreadable_cache_ranks_nothing(tmp_path: Path, content: bytes) -> None:
    (tmp_path / state.RELEVANCE.name).write_bytes(content)
    assert relevance.touched(str(tmp_path), "main") == frozenset()
    assert relevance.touched(None, "main") == frozenset()
    relevance.store(str(tmp_path), "main", ["a.py"])  # and is written afresh
    assert relevance.touched(str(tmp_path), "main") == {"a.py"}


def test_a_cache_holding_something_else_than_a_table_is_ignored(tmp_path: Path) -> None:
    import marshal

    (tmp_path / state.RELEVANCE.name).write_bytes(marshal.dumps(["not", "a", "table"]))
    assert relevance.touched(str(tmp_path), "main") == frozenset()


def test_nothing_is_stored_before_the_state_directory_exists(tmp_path: Path) -> None:
    state_dir = tmp_path / "not-yet"
    relevance.store(str(state_dir), "main", ["a.py"])
    assert not state_dir.exists()

"""gitmemory/state.py and journal.py: the local, untracked state every worktree shares.

Hooks in several worktrees append at once, so whole lines must survive; the hook
log keeps no secret and does not grow without end; the stamping key is private."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gitmemory import journal, state
from testing.fake_secrets import FAKE

SHA = [f"{i:x}" * 40 for i in range(1, 8)]


def test_the_state_dir_is_private(tmp_path: Path) -> None:
    target = tmp_path / "gitmemory"
    assert state.ensure_dir(str(target)) == str(target)
    assert stat.S_IMODE(target.stat().st_mode) & 0o077 == 0
    state.ensure_dir(str(target))  # a second call is fine


def test_now_iso_is_utc_to_the_second() -> None:
    stamp = state.now_iso()
    assert len(stamp) == 20
    assert stamp.endswith("Z")
    assert stamp[10] == "T"


def test_append_line_ends_each_line_once(tmp_path: Path) -> None:
    path = tmp_path / "lines"
    state.append_line(str(path), "one")
    state.append_line(str(path), "two\n")
    assert path.read_text() == "one\ntwo\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_append_line_never_follows_a_symlink(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("keep\n")
    link = tmp_path / "journal"
    link.symlink_to(victim)
    with pytest.raises(OSError):  # noqa: PT011 - ELOOP, whatever its subclass
        state.append_line(str(link), "intruder")
    assert victim.read_text() == "keep\n"


def test_concurrent_writers_interleave_whole_lines(tmp_path: Path) -> None:
    """Four processes append 300 lines each: every line arrives whole."""
    path = tmp_path / "journal"
    script = ("import sys; from gitmemory import state\n"
              "for i in range(300): state.append_line(sys.argv[1], sys.argv[2] * 200 + str(i))")
    procs = [subprocess.Popen([sys.executable, "-c", script, str(path), letter])
             for letter in "abcd"]
    assert [p.wait() for p in procs] == [0, 0, 0, 0]
    lines = path.read_text().split("\n")[:-1]
    assert len(lines) == 1200
    for line in lines:
        letter = line[0]
        assert line[:200] == letter * 200
        assert line[200:].isdigit()


def test_the_hook_log_is_redacted_and_names_its_path(tmp_path: Path) -> None:
    token = FAKE["ghp"]
    where = state.log(str(tmp_path / "st"), f"push failed: https://x:{token}@github.com/a/b\n"
                                            "second line")
    assert where == str(tmp_path / "st" / state.HOOK_LOG.name)
    text = Path(where).read_text()
    assert token not in text
    assert "push failed" in text
    assert "second line" in text
    assert f"pid {os.getpid()}]" in text


def test_the_hook_log_rotates_past_its_limit(tmp_path: Path) -> None:
    state_dir = tmp_path / "st"
    state_dir.mkdir()
    log = state_dir / state.HOOK_LOG.name
    log.write_text("x" * (state.LOG_MAX_BYTES + 1))
    state.log(str(state_dir), "fresh")
    assert (state_dir / (state.HOOK_LOG.name + ".1")).stat().st_size == state.LOG_MAX_BYTES + 1
    assert "fresh" in log.read_text()
    assert log.stat().st_size < 200


def test_a_second_rotation_keeps_one_old_log_only(tmp_path: Path) -> None:
    state_dir = tmp_path / "st"
    state_dir.mkdir()
    log = state_dir / state.HOOK_LOG.name
    for n in range(2):
        log.write_text(f"round {n}\n" + "x" * state.LOG_MAX_BYTES)
        state.log(str(state_dir), f"after round {n}")
    assert sorted(p.name for p in state_dir.iterdir()) == [state.HOOK_LOG.name,
                                                           state.HOOK_LOG.name + ".1"]
    assert (state_dir / (state.HOOK_LOG.name + ".1")).read_text().startswith("round 1")


def test_the_key_is_made_once_private_and_then_reused(tmp_path: Path) -> None:
    state_dir = tmp_path / "st"
    first = state.stamp_key(str(state_dir))
    assert len(first) == 32
    assert stat.S_IMODE((state_dir / "key").stat().st_mode) == 0o600
    assert state.stamp_key(str(state_dir)) == first


@pytest.mark.parametrize("stored", ["", "short\n", "zz" * 32 + "\n"])
def test_a_damaged_key_is_replaced(tmp_path: Path, stored: str) -> None:
    state_dir = tmp_path / "st"
    state_dir.mkdir()
    (state_dir / "key").write_text(stored)
    fresh = state.stamp_key(str(state_dir))
    assert (state_dir / "key").read_text() == fresh.hex() + "\n"


def test_a_notice_is_given_once_per_kind_subject_and_content(tmp_path: Path) -> None:
    state_dir = str(tmp_path / "st")
    assert state.notice_once(state_dir, "held", "main", "text v1")
    assert not state.notice_once(state_dir, "held", "main", "text v1")
    assert state.notice_once(state_dir, "held", "main", "text v2")
    assert state.notice_once(state_dir, "held", "side", "text v1")
    assert state.notice_once(state_dir, "other", "main", "text v1")


def test_the_journal_keeps_commits_and_rewrites_in_order(tmp_path: Path) -> None:
    state_dir = str(tmp_path / "st")
    journal.record_commit(state_dir, SHA[0], "main")
    journal.record_rewrites(state_dir, "amend", [(SHA[0], SHA[1])])
    journal.record_rewrites(state_dir, "rebase", [])  # nothing rewritten, nothing written
    kinds = [(e[0], e[1], e[2], e[3]) for e in journal.entries(state_dir)]
    assert kinds == [("commit", SHA[0], "main", kinds[0][3]),
                     ("rewrite", SHA[0], SHA[1], "amend")]


def test_a_branch_name_with_line_separators_stays_one_entry(tmp_path: Path) -> None:
    state_dir = str(tmp_path / "st")
    odd = "topic\u2028with\u0085separators"
    journal.record_commit(state_dir, SHA[0], odd)
    (entry,) = journal.entries(state_dir)
    assert entry[2] == odd


def test_the_journal_skips_torn_or_foreign_lines(tmp_path: Path) -> None:
    state_dir = tmp_path / "st"
    state_dir.mkdir()
    (state_dir / state.JOURNAL.name).write_text(f"garbage\nrewrite\t{SHA[0]}\n"
                                          f"rewrite\t{SHA[0]}\t{SHA[1]}\trebase\tT\n")
    assert journal.direct_rewrites(str(state_dir)) == {SHA[0]: SHA[1]}
    assert journal.entries(str(tmp_path / "none")) == []


def test_rewrite_map_follows_chains_and_squashes(tmp_path: Path) -> None:
    state_dir = str(tmp_path / "st")
    journal.record_rewrites(state_dir, "amend", [(SHA[0], SHA[1])])
    journal.record_rewrites(state_dir, "rebase", [(SHA[1], SHA[2]), (SHA[3], SHA[2])])
    journal.record_rewrites(state_dir, "amend", [(SHA[2], SHA[4])])
    assert journal.rewrite_map(state_dir) == {SHA[0]: SHA[4], SHA[1]: SHA[4],
                                              SHA[3]: SHA[4], SHA[2]: SHA[4]}


def test_rewrite_map_cuts_a_cycle_instead_of_looping(tmp_path: Path) -> None:
    """An amend undone by a reset and amended back leaves a cycle in the journal."""
    state_dir = str(tmp_path / "st")
    journal.record_rewrites(state_dir, "amend", [(SHA[0], SHA[1])])
    journal.record_rewrites(state_dir, "amend", [(SHA[1], SHA[0])])
    resolved = journal.rewrite_map(state_dir)
    assert set(resolved) == {SHA[0], SHA[1]}
    assert set(resolved.values()) <= {SHA[0], SHA[1]}


def _reachable(direct: dict[str, str], start: str) -> list[str]:
    """The shas a chain of rewrites leads to from ``start``, in order, each once."""
    path: list[str] = []
    at = direct.get(start)
    while at is not None and at not in path:
        path.append(at)
        at = direct.get(at)
    return path


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(SHA), st.sampled_from(SHA)), max_size=12))
def test_rewrite_map_ends_each_chain_where_it_stops_or_turns_back(
        pairs: list[tuple[str, str]]) -> None:
    with tempfile.TemporaryDirectory() as state_dir:
        journal.record_rewrites(state_dir, "rebase", pairs)
        direct = journal.direct_rewrites(state_dir)
        resolved = journal.rewrite_map(state_dir)
    assert set(resolved) == set(direct)
    for old, new in resolved.items():
        assert new in _reachable(direct, old)
        # the end of its chain, or (a rewrite undone and redone) a commit on a cycle
        assert new not in direct or new in _reachable(direct, new)


def test_no_module_but_state_names_a_file_of_the_state_directory() -> None:
    """The state directory has one owner: a module asks a member for its path, so no
    other module joins a name onto the directory or spells a member's name."""
    import ast
    import re
    from pathlib import Path

    package = Path(state.__file__).parent
    names = {m.name for m in state.MEMBERS} - {"key", "lock", "sessions"}  # words of other uses
    joined = re.compile(r"join\(\s*[\w.]*state_dir\b|f\"\{[\w.]*state_dir\}/")
    offenders = []
    for path in package.rglob("*.py"):
        if path.name == "state.py":
            continue
        text = path.read_text("utf-8")
        offenders += [f"{path.name}: joins a name onto the state directory"
                      for _ in joined.finditer(text)]
        offenders += [f"{path.name}: spells {node.value!r}" for node in ast.walk(ast.parse(text))
                      if isinstance(node, ast.Constant) and node.value in names]
    assert offenders == []


def test_a_cache_answers_only_for_the_key_it_was_stored_with(tmp_path: Path) -> None:
    cache = state.Cache(state.RELEVANCE)
    cache.store(str(tmp_path / "absent"), 1, {"a": 1})  # no directory: nothing created
    assert not (tmp_path / "absent").exists()
    cache.store(str(tmp_path), ("k", 1), {"a": 1})
    assert cache.load(str(tmp_path), ("k", 1)) == {"a": 1}
    assert cache.load(str(tmp_path), ("k", 2)) is None
    assert cache.load(None, ("k", 1)) is None
    (tmp_path / state.RELEVANCE.name).write_bytes(b"\x00damaged")
    assert cache.load(str(tmp_path), ("k", 1)) is None
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]

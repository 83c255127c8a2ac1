"""gitmemory/memory/previews.py: what background maintenance learns stays in the local
state directory, is read back only for its own branch, and bookkeeping waits for a real
change only while the memory file still reads as it did."""

from __future__ import annotations

import stat
from pathlib import Path

from gitmemory.memory import previews
from testing.gitrepo import memory_text

TEXT = memory_text("feature/x", conventions=("Retry idempotent calls once",))


def test_a_preview_is_private_and_read_back_for_its_branch(tmp_path: Path) -> None:
    where = Path(previews.store(str(tmp_path), "feature/x", TEXT))
    assert stat.S_IMODE(where.stat().st_mode) == 0o600
    assert stat.S_IMODE(where.parent.stat().st_mode) & 0o077 == 0
    memory = previews.load(str(tmp_path), "feature/x")
    assert memory is not None
    assert [i.text for i in memory.sections["conventions"]] == ["Retry idempotent calls once"]
    assert previews.load(str(tmp_path), "feature/y") is None


def test_a_preview_whose_title_names_another_branch_is_not_read(tmp_path: Path) -> None:
    previews.store(str(tmp_path), "feature/x", memory_text("someone-else", facts=("x",)))
    assert previews.load(str(tmp_path), "feature/x") is None


def test_a_symlink_planted_as_a_preview_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text(TEXT)
    target = Path(previews.path(str(tmp_path / "st"), "feature/x"))
    target.parent.mkdir(parents=True)
    target.symlink_to(outside)
    assert previews.load(str(tmp_path / "st"), "feature/x") is None


def test_discard_removes_only_that_branch(tmp_path: Path) -> None:
    previews.store(str(tmp_path), "a", memory_text("a", facts=("A",)))
    previews.store(str(tmp_path), "b", memory_text("b", facts=("B",)))
    assert previews.discard(str(tmp_path), "a")
    assert not previews.discard(str(tmp_path), "a")
    assert previews.load(str(tmp_path), "a") is None
    assert previews.load(str(tmp_path), "b") is not None


def test_carried_bookkeeping_counts_only_while_the_file_is_unchanged(tmp_path: Path) -> None:
    base = memory_text("feature/x", facts=("Old",))
    newer = memory_text("feature/x", facts=("Old",), through="b" * 40)
    previews.carry(str(tmp_path), "feature/x", newer, base)
    found = previews.carried(str(tmp_path), "feature/x", base)
    assert found is not None
    assert found[1] == newer
    assert found[0].through == "b" * 40
    assert previews.carried(str(tmp_path), "feature/x", base + "\n- edited by hand\n") is None
    previews.drop_carried(str(tmp_path), "feature/x")
    assert previews.carried(str(tmp_path), "feature/x", base) is None


def test_bookkeeping_for_a_branch_without_a_file_waits_for_its_first_one(tmp_path: Path) -> None:
    previews.carry(str(tmp_path), "new", memory_text("new", facts=("F",)), None)
    assert previews.carried(str(tmp_path), "new", None) is not None
    assert previews.carried(str(tmp_path), "new", "") is not None  # no file reads as empty
    assert previews.carried(str(tmp_path), "other", None) is None

"""gitmemory/maintenance/background.py: the checkout hook starts maintenance at most once an
hour, detached, with its output in the hook log; a child that cannot start costs nothing."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from gitmemory import state
from gitmemory.maintenance import background


def _wait(pid: int | None) -> int:
    assert pid is not None
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def test_with_no_schedule_maintenance_is_due(tmp_path: Path) -> None:
    assert background.maintenance_due(str(tmp_path / "st"))


@pytest.mark.parametrize(("stored", "due"), [
    ("2000\n", True), ("4000\n", False), ("", True), ("soon\n", True), ("3000", True),
])
def test_the_due_time_is_read_from_the_file_the_last_run_wrote(tmp_path: Path, stored: str,
                                                               due: bool) -> None:
    (tmp_path / state.MAINTENANCE_NEXT.name).write_text(stored)
    assert background.maintenance_due(str(tmp_path), now=3000.0) is due


def test_set_next_round_trips(tmp_path: Path) -> None:
    background.set_next(str(tmp_path / "st"), 12345.6)
    assert (tmp_path / "st" / state.MAINTENANCE_NEXT.name).read_text() == "12346\n"
    assert not background.maintenance_due(str(tmp_path / "st"), now=12345.0)
    assert background.maintenance_due(str(tmp_path / "st"), now=12346.0)


def test_the_child_is_detached_and_writes_into_the_hook_log(tmp_path: Path) -> None:
    state_dir = tmp_path / "st"
    pid = background.spawn(["--version"], str(state_dir))
    assert _wait(pid) == 0
    assert "gitmemory, version" in (state_dir / state.HOOK_LOG.name).read_text()


def test_the_child_does_not_inherit_the_hook_guard(repo: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Started from a hook, maintenance must still be able to run the hooks it needs."""
    monkeypatch.setenv("GITMEMORY_HOOK", "post-checkout")
    state_dir = repo / ".git" / "gitmemory"
    (repo / ".gitmemory").mkdir()
    (repo / ".gitmemory" / "config.toml").write_text("[broken\n")
    # the hook reports the broken config: it ran, so the guard was not passed on
    assert _wait(background.spawn(["hook", "post-commit"], str(state_dir))) == 0
    assert "is not valid TOML" in (state_dir / state.HOOK_LOG.name).read_text()


def test_a_child_that_cannot_start_is_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    monkeypatch.setattr(sys, "executable", str(tmp_path / "no-python"))
    assert background.spawn(["--version"], str(tmp_path / "st")) is None


def test_start_maintenance_runs_once_then_waits_an_hour(repo: Path) -> None:
    state_dir = repo / ".git" / "gitmemory"
    pid = background.start_maintenance(str(repo), str(state_dir))
    assert pid is not None
    next_at = float((state_dir / state.MAINTENANCE_NEXT.name).read_text())
    assert next_at >= time.time() + background.RETRY_AFTER - 60
    assert background.start_maintenance(str(repo), str(state_dir)) is None
    _wait(pid)

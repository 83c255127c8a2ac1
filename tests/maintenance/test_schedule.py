from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from gitmemory import state
from gitmemory.maintenance import schedule as mlog

NOW = datetime(2026, 3, 31, 12, 0, tzinfo=UTC)
ALL = ["new-branches", "weekly", "monthly"]


def write(state_dir: Path, content: object) -> Path:
    state_dir.mkdir(parents=True, exist_ok=True)
    path = state_dir / state.MAINTENANCE_LOG.name
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return path


def test_a_missing_log_gives_defaults_and_everything_is_due(tmp_path: Path) -> None:
    log = mlog.load(str(tmp_path))
    assert log == {"version": 1, "lastNewBranchScan": None, "lastWeeklyConsolidation": None,
                   "lastMonthlyReindex": None, "deferred": {}}
    assert mlog.due(log, NOW) == ALL


def test_mark_save_load_round_trip(tmp_path: Path) -> None:
    log = mlog.load(str(tmp_path))
    for task in ALL:
        mlog.mark(log, task, NOW)
    mlog.save(str(tmp_path), log)
    again = mlog.load(str(tmp_path))
    assert again["lastWeeklyConsolidation"] == "2026-03-31T12:00:00Z"
    assert again == log
    assert mlog.due(again, NOW) == []
    assert os.listdir(tmp_path) == [state.MAINTENANCE_LOG.name]  # no temporary file left behind


@pytest.mark.parametrize(("elapsed", "expected"), [
    (timedelta(hours=23), []),
    (timedelta(days=1), ["new-branches"]),
    (timedelta(days=6, hours=23), ["new-branches"]),
    (timedelta(days=7), ["new-branches", "weekly"]),
    (timedelta(days=30), ALL),
])
def test_intervals_are_a_day_a_week_and_thirty_days(elapsed: timedelta,
                                                    expected: list[str]) -> None:
    log = mlog.defaults()
    for task in ALL:
        mlog.mark(log, task, NOW)
    assert mlog.due(log, NOW + elapsed) == expected


def test_intervals_can_be_changed() -> None:
    log = mlog.mark(mlog.defaults(), "weekly", NOW)
    assert "weekly" in mlog.due(log, NOW + timedelta(days=2), {"weekly": timedelta(days=2)})


def test_a_last_run_far_in_the_future_is_not_believed() -> None:
    log = mlog.defaults()
    for task in ALL:
        mlog.mark(log, task, NOW + timedelta(days=400))
    assert mlog.due(log, NOW) == ALL
    for task in ALL:
        mlog.mark(log, task, NOW + timedelta(minutes=5))  # small clock skew is fine
    assert mlog.due(log, NOW) == []


def test_branches_left_by_a_capped_run_are_resumed_an_hour_later() -> None:
    log = mlog.defaults()
    for task in ALL:
        mlog.mark(log, task, NOW)
    mlog.mark(log, "weekly", NOW, left=["feature/a", "feature/b"])
    assert mlog.deferred(log, "weekly") == ["feature/a", "feature/b"]
    assert mlog.due(log, NOW + timedelta(minutes=30)) == []
    assert mlog.due(log, NOW + mlog.RESUME_AFTER) == ["weekly"]
    mlog.mark(log, "weekly", NOW + mlog.RESUME_AFTER)
    assert mlog.deferred(log, "weekly") == []


@pytest.mark.parametrize("content", [
    "{not json", "", "null", "[]", '"text"', "42",
    {"version": 2, "lastWeeklyConsolidation": "2026-03-30T00:00:00Z"},
    {"version": "1", "lastWeeklyConsolidation": "2026-03-30T00:00:00Z"},
    {"lastWeeklyConsolidation": "2026-03-30T00:00:00Z"},
])
def test_a_corrupt_log_gives_defaults(tmp_path: Path, content: object) -> None:
    write(tmp_path, content)
    assert mlog.load(str(tmp_path)) == mlog.defaults()


def test_bad_fields_fall_back_one_by_one(tmp_path: Path) -> None:
    write(tmp_path, {"version": 1, "lastNewBranchScan": "2026-03-31T08:00:00.000Z",
                     "lastWeeklyConsolidation": 1711800000,
                     "lastMonthlyReindex": "2026-02-30T00:00:00Z",
                     "deferred": {"weekly": ["ok", 3], "monthly": ["x"], "bogus": ["y"]},
                     "lastThreadProcessed": "from the seed, ignored"})
    log = mlog.load(str(tmp_path))
    assert log["lastNewBranchScan"] == "2026-03-31T08:00:00.000Z"
    assert log["lastWeeklyConsolidation"] is None
    assert log["lastMonthlyReindex"] is None
    assert log["deferred"] == {"monthly": ["x"]}
    assert mlog.due(log, NOW) == ["weekly", "monthly"]


def test_a_huge_file_gives_defaults(tmp_path: Path) -> None:
    write(tmp_path, json.dumps({"version": 1, "pad": "x" * (mlog.MAX_BYTES + 10)}))
    assert mlog.load(str(tmp_path)) == mlog.defaults()


def test_the_next_save_replaces_a_corrupt_file(tmp_path: Path) -> None:
    path = write(tmp_path, "\x00garbage{")
    log = mlog.mark(mlog.load(str(tmp_path)), "monthly", NOW)
    mlog.save(str(tmp_path), log)
    data = json.loads(path.read_text())
    assert data["version"] == 1
    assert data["lastMonthlyReindex"] == "2026-03-31T12:00:00Z"


def test_save_drops_invalid_values_put_in_by_callers(tmp_path: Path) -> None:
    log = mlog.defaults()
    log["lastWeeklyConsolidation"] = "last tuesday"
    mlog.save(str(tmp_path), log)
    assert mlog.load(str(tmp_path))["lastWeeklyConsolidation"] is None

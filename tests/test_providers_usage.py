from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from gitmemory import state
from gitmemory.providers import usage
from gitmemory.providers.calls import Completion

NOW = datetime(2026, 3, 31, 12, 0, tzinfo=UTC)


def line(ago: timedelta, model: str = "claude-haiku", tokens: tuple[int, int] = (100, 10),
         seconds: float = 1.5) -> str:
    return json.dumps({"time": (NOW - ago).strftime("%Y-%m-%dT%H:%M:%SZ"), "provider": "x",
                       "model": model, "input_tokens": tokens[0],
                       "output_tokens": tokens[1], "seconds": seconds})


def test_recorder_appends_one_line_per_completion(tmp_path: Path) -> None:
    state_dir = tmp_path / "state"
    record = usage.recorder(str(state_dir), "anthropic")
    record(Completion("{}", "claude-haiku", 1200, 80, 2.25))
    record(Completion("{}", "claude-sonnet", 10, 5, 0.5))
    entries = [json.loads(x) for x in (state_dir / state.USAGE.name).read_text().splitlines()]
    assert [(e["provider"], e["model"], e["input_tokens"], e["output_tokens"], e["seconds"])
            for e in entries] == [("anthropic", "claude-haiku", 1200, 80, 2.25),
                                  ("anthropic", "claude-sonnet", 10, 5, 0.5)]
    assert usage.totals(str(state_dir))["day"]["calls"] == 2


def test_totals_split_by_day_week_and_month_and_by_model(tmp_path: Path) -> None:
    (tmp_path / state.USAGE.name).write_text("\n".join([
        line(timedelta(hours=1)),
        line(timedelta(hours=2), model="claude-sonnet", tokens=(50, 5), seconds=0.5),
        line(timedelta(days=3)),
        line(timedelta(days=20)),
        line(timedelta(days=45)),  # too old for any window
    ]) + "\n")
    got = usage.totals(str(tmp_path), now=NOW)
    assert {w: got[w]["calls"] for w in ("day", "week", "month")} == {
        "day": 2, "week": 3, "month": 4}
    assert got["day"]["input_tokens"] == 150
    assert got["day"]["output_tokens"] == 15
    assert got["day"]["seconds"] == 2.0
    assert got["day"]["models"] == {
        "claude-haiku": {"calls": 1, "input_tokens": 100, "output_tokens": 10, "seconds": 1.5},
        "claude-sonnet": {"calls": 1, "input_tokens": 50, "output_tokens": 5, "seconds": 0.5}}
    assert got["month"]["models"]["claude-haiku"]["calls"] == 3


def test_corrupt_lines_are_skipped(tmp_path: Path) -> None:
    good = line(timedelta(minutes=5))
    bad = [
        "not json", "[1, 2]", "{}", '"text"', good[:20],
        json.dumps({"time": "yesterday", "model": "m"}),
        json.dumps({"time": "2026-03-31T11:00:00Z", "model": 7}),
        json.dumps({"time": "2026-03-31T11:00:00Z", "model": "m", "input_tokens": -5}),
        json.dumps({"time": "2026-03-31T11:00:00Z", "model": "m", "input_tokens": True}),
        json.dumps({"time": "2026-03-31T11:00:00Z", "model": "m", "seconds": "2"}),
        '{"time": "2026-03-31T11:00:00Z", "model": "m", "seconds": NaN}',
    ]
    (tmp_path / state.USAGE.name).write_bytes(("\n".join([*bad, good]) + "\n\xff\n").encode(
        "utf-8", "surrogateescape") + b"\xff\xfe\n")
    got = usage.totals(str(tmp_path), now=NOW)
    assert got["day"]["calls"] == 1
    assert list(got["day"]["models"]) == ["claude-haiku"]


def test_no_log_means_zero(tmp_path: Path) -> None:
    got = usage.totals(str(tmp_path / "absent"), now=NOW)
    assert got["month"] == {"calls": 0, "input_tokens": 0, "output_tokens": 0, "seconds": 0.0,
                            "models": {}}


def test_a_full_log_is_rotated_and_still_counted(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(usage, "MAX_BYTES", 300)
    record = usage.recorder(str(tmp_path), "claude-cli")
    for _ in range(6):
        record(Completion("", "m", 1, 1, 0.1))
    assert (tmp_path / (state.USAGE.name + ".1")).exists()
    assert usage.totals(str(tmp_path))["day"]["calls"] == 6


def test_recording_never_fails_the_caller(tmp_path: Path) -> None:
    blocked = tmp_path / "file-not-dir"
    blocked.write_text("")
    usage.recorder(str(blocked), "anthropic")(Completion("", "m", 1, 1, 0.1))  # no exception


def test_status_shows_the_totals(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from testing.team import clean_env, run_git, run_gitmemory

    for key, value in clean_env(tmp_path / "home").items():
        monkeypatch.setenv(key, value)
    repo = tmp_path / "repo"
    run_git(tmp_path, "init", "-q", "-b", "main", str(repo))
    usage.recorder(str(repo / ".git" / "gitmemory"), "anthropic")(
        Completion("{}", "claude-haiku", 1200, 80, 2.25))
    info = json.loads(run_gitmemory(repo, "status", "--json").stdout)
    assert info["llm_usage"]["week"]["calls"] == 1
    assert info["llm_usage"]["month"]["models"]["claude-haiku"]["input_tokens"] == 1200
    text = run_gitmemory(repo, "status").stdout
    assert "LLM usage: day 1 calls, 1200 in / 80 out tokens, 2.2 s;" in text

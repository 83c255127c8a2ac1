"""A local log of LLM calls and what they cost (``usage.jsonl`` in the state dir).

One JSON object per line, appended with a single write so concurrent hooks
interleave whole lines.  Readers skip lines they cannot understand: the log
is advisory and must never stop a memorize or ``gitmemory status``.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from gitmemory import files, state

if TYPE_CHECKING:
    from gitmemory.providers.calls import Completion

MAX_BYTES = 2 * 1024 * 1024  # then the log moves to usage.jsonl.1, which is still read
WINDOWS = {"day": timedelta(days=1), "week": timedelta(days=7), "month": timedelta(days=30)}
_NUMBERS = ("input_tokens", "output_tokens", "seconds")


def recorder(state_dir: str, provider_name: str) -> Callable[[Completion], None]:
    """A callback for ``LLMProvider.on_usage`` that logs each completion."""
    def record(completion: Completion) -> None:
        entry = {
            "time": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "provider": provider_name,
            "model": completion.model,
            "input_tokens": completion.input_tokens,
            "output_tokens": completion.output_tokens,
            "seconds": round(completion.seconds, 3),
        }
        with contextlib.suppress(OSError):  # a full disk must not fail the memorize
            _log_line(state_dir, json.dumps(entry, ensure_ascii=False))

    return record


def _log_line(state_dir: str, line: str) -> None:
    path = state.USAGE.at(state.ensure_dir(state_dir))
    try:
        if os.path.getsize(path) > MAX_BYTES:
            os.replace(path, path + ".1")
    except FileNotFoundError:
        pass
    state.append_line(path, line)


def _empty() -> dict[str, float]:
    return {"calls": 0, "input_tokens": 0, "output_tokens": 0, "seconds": 0.0}


def totals(state_dir: str, now: datetime | None = None) -> dict[str, dict[str, Any]]:
    """Calls, tokens and seconds for the last day, week and month (30 days), per model too."""
    now = now or datetime.now(UTC)
    if now.tzinfo is None:
        now = now.replace(tzinfo=UTC)
    out: dict[str, dict[str, Any]] = {}
    sums = {name: _empty() for name in WINDOWS}
    models: dict[str, dict[str, dict[str, float]]] = {name: {} for name in WINDOWS}
    for when, entry in _logged(state_dir):
        age = max(now - when, timedelta(0))  # a clock that went back counts as now
        for name, span in WINDOWS.items():
            if age < span:
                model = models[name].setdefault(str(entry["model"]), _empty())
                for bucket in (sums[name], model):
                    _add(bucket, entry)
    for name in WINDOWS:
        out[name] = {**sums[name], "models": models[name]}
        out[name]["seconds"] = round(sums[name]["seconds"], 1)
    return out


def _add(bucket: dict[str, float], entry: dict[str, object]) -> None:
    bucket["calls"] += 1
    for key in _NUMBERS:
        value = entry[key]
        assert isinstance(value, int | float)
        bucket[key] += value


def _logged(state_dir: str) -> Iterator[tuple[datetime, dict[str, object]]]:
    log = state.USAGE.at(state_dir)
    for path in (log + ".1", log):
        text = files.read_text(path) or ""
        for line in text.splitlines():
            entry = _valid(line)
            if entry is not None:
                yield entry


def _valid(line: str) -> tuple[datetime, dict[str, object]] | None:
    """A log line as (time, entry), or None when it is not one we wrote."""
    try:
        entry = json.loads(line)
    except ValueError:
        return None
    if not isinstance(entry, dict) or not isinstance(entry.get("model"), str):
        return None
    for key in _NUMBERS:
        value = entry.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int | float) \
                or not math.isfinite(value) or value < 0:
            return None
        entry[key] = value
    try:
        when = datetime.fromisoformat(str(entry.get("time")))
    except ValueError:
        return None
    return (when.replace(tzinfo=UTC) if when.tzinfo is None else when), entry

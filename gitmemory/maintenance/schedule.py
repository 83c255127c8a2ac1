"""When maintenance last ran: ``maintenance-log.json`` in the state dir.

See docs/design.md, "Maintenance".

Local to the clone and never tracked.  Read defensively: a file that is not
JSON, not an object, of an unknown version, or with fields of the wrong type
gives defaults (field by field where the file is otherwise sound), and the
next :func:`save` replaces it.  Timestamps are ISO 8601 UTC strings.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from gitmemory import files, state

VERSION = 1
MAX_BYTES = 256 * 1024
# task -> (field holding when it last finished, default interval)
TASKS: dict[str, tuple[str, timedelta]] = {
    "new-branches": ("lastNewBranchScan", timedelta(days=1)),
    "weekly": ("lastWeeklyConsolidation", timedelta(days=7)),
    "monthly": ("lastMonthlyReindex", timedelta(days=30)),
}
DEFERRED = "deferred"  # task -> branches a capped run left for the next one
_SKEW = timedelta(days=1)  # a "last run" further in the future than this is not believed
RESUME_AFTER = timedelta(hours=1)  # a capped run's leftovers wait this long, not a full interval


def defaults() -> dict[str, object]:
    log: dict[str, object] = {"version": VERSION}
    for field_name, _ in TASKS.values():
        log[field_name] = None
    log[DEFERRED] = {}
    return log


def load(state_dir: str) -> dict[str, object]:
    """The log, validated; defaults for whatever is missing or corrupt."""
    text = files.read_text(state.MAINTENANCE_LOG.at(state_dir), limit=MAX_BYTES + 1)
    log = defaults()
    if not text or len(text) > MAX_BYTES:
        return log
    try:
        data = json.loads(text)
    except ValueError:
        return log
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return log
    for field_name, _ in TASKS.values():
        if parse_time(data.get(field_name)) is not None:
            log[field_name] = data[field_name]
    log[DEFERRED] = _valid_deferred(data.get(DEFERRED))
    return log


def _valid_deferred(value: object) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        return {}
    return {task: list(names) for task, names in value.items()
            if task in TASKS and isinstance(names, list)
            and all(isinstance(name, str) and name for name in names)}


def save(state_dir: str, log: dict[str, object]) -> str:
    """Write the log atomically; returns its path."""
    path = state.MAINTENANCE_LOG.at(state.ensure_dir(state_dir))
    clean = defaults()
    for field_name, _ in TASKS.values():
        if parse_time(log.get(field_name)) is not None:
            clean[field_name] = log[field_name]
    clean[DEFERRED] = _valid_deferred(log.get(DEFERRED))
    files.atomic_write(path, json.dumps(clean, indent=2, sort_keys=True) + "\n")
    return path


def parse_time(value: object) -> datetime | None:
    """An ISO 8601 timestamp as an aware datetime (naive means UTC); None if it is not one."""
    if not isinstance(value, str) or not value:
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when


def format_time(now: datetime) -> str:
    if now.tzinfo is None:
        now = now.replace(tzinfo=UTC)
    return now.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def due(log: dict[str, object], now: datetime,
        intervals: dict[str, timedelta] | None = None) -> list[str]:
    """Tasks whose interval has passed (or that never ran, or left branches for later)."""
    if now.tzinfo is None:
        now = now.replace(tzinfo=UTC)
    deferred = _valid_deferred(log.get(DEFERRED))
    out = []
    for task, (field_name, interval) in TASKS.items():
        last = parse_time(log.get(field_name))
        span = (intervals or {}).get(task, interval)
        waited = None if last is None else now - last
        if waited is None or waited >= span or -waited > _SKEW or (
                deferred.get(task) and waited >= RESUME_AFTER):
            out.append(task)
    return out


def mark(log: dict[str, object], task: str, now: datetime,
         left: list[str] | None = None) -> dict[str, object]:
    """Record that ``task`` finished at ``now``; ``left`` = branches it had no room for."""
    field_name, _ = TASKS[task]
    log[field_name] = format_time(now)
    deferred = _valid_deferred(log.get(DEFERRED))
    if left:
        deferred[task] = list(left)
    else:
        deferred.pop(task, None)
    log[DEFERRED] = deferred
    return log


def deferred(log: dict[str, object], task: str) -> list[str]:
    """Branches a capped run of ``task`` left for the next run (do these first)."""
    return list(_valid_deferred(log.get(DEFERRED)).get(task, []))

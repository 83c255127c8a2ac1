"""``gitmemory status``: is it set up, what will it do, what it generated, what went wrong
lately."""

from __future__ import annotations

import calendar
import os
import time
from collections.abc import Callable
from typing import TypeVar

from gitmemory import config, files, git, output, state, worktrees
from gitmemory.commands.show import held_back, stale_items, view_of
from gitmemory.errors import ConfigError, GitmemoryError
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory import read
from gitmemory.outputs import loads, stamp, sync
from gitmemory.pipeline.plan import pending_count
from gitmemory.providers import usage
from gitmemory.recall.entries import shown_label
from gitmemory.repo import Repo
from gitmemory.setup import adopt, agent_hook, clone, merge_driver, native

PRE_COMMIT_INSTALL = clone.PRE_COMMIT_INSTALL
T = TypeVar("T")
_ERROR_HEAD = lazy_regex(r"\[\S+ pid \d+\] ")  # what state.log writes


def collect(repo: Repo) -> dict[str, object]:
    top = repo.toplevel
    branch = repo.info.branch
    pre_commit = adopt.listed(top)
    provider, provider_problem, model = _provider(repo)
    problems = repo.cfg.warnings + [e.one_line() for e in repo.cfg.errors.values()]
    driver = merge_driver.check(top, "run gitmemory init" if pre_commit else merge_driver.FIX)
    gaps = clone.gaps(repo, hooks := native.installed(top), (driver,))
    info: dict[str, object] = {
        "setup": {"route": clone.route(top), "missing": [g.as_dict() for g in gaps],
                  "adopted": clone.adopted(repo.info.state_dir)},
        "repository": top,
        "branch": shown_label(branch) if branch else branch,
        "configured": os.path.isfile(os.path.join(top, config.CONFIG_FILE)),
        "enabled": _unless_bad_setting(lambda: repo.cfg.enabled),
        "chosen": repo.cfg.chosen,
        "hooks": hooks,
        "pre_commit_config": pre_commit,
        "provider": provider,
        "push_policy": _unless_bad_setting(lambda: repo.cfg.push_policy),
        "recent_errors": recent_errors(repo.info.state_dir),
        "older_errors": older_errors(repo.info.state_dir),
        "merge_driver_problem": driver,
        "llm_usage": usage.totals(repo.info.state_dir),
        "settings_problems": problems + [p for p in [provider_problem] if p and p not in problems],
    }
    if branch:
        try:
            found = read.in_work_tree(top, branch)
        except GitmemoryError as exc:  # a symlink, a file over the cap: said, not fatal
            found, info["memory_problem"] = None, exc.one_line()
        memory = found.memory if found else None
        info["memory_file"] = shown_label(found.rel_path) if found else None
        info["held_back"] = held_back(view_of(repo, memory.branch, memory, found.rel_path,
                                              found)) if memory and found else []
        info["stale"] = [{"section": sid, "text": item.text, "paths": list(item.paths)}
                         for sid, item in (stale_items(repo, found) if found else [])]
        info["pending_commits"] = None
        try:
            if provider is None:
                info["pending_problem"] = provider_problem
            elif git.ref_exists(git.HEADS + branch, top):
                info["pending_commits"] = pending_count(repo, branch, found, model)
        except ConfigError as exc:  # a bad setting, listed under settings_problems
            info["pending_problem"] = exc.one_line()
    info["sessions"] = _sessions(repo, branch)
    try:
        info["agent_files"] = agent_file_rows(repo)
        info["loads"] = [load.as_dict() for load in loads.loads(top, repo.cfg)]
    except GitmemoryError as exc:  # a bad outputs setting: status still answers the rest
        info["agent_files"], info["agent_files_problem"] = [], exc.one_line()
        info["loads"] = []
    return info


def _sessions(repo: Repo, branch: str | None) -> dict[str, object]:
    """Whether this clone learns from its agent sessions, and what waits (docs/sessions.md)."""
    from gitmemory.sources import sessions

    on = _unless_bad_setting(lambda: repo.cfg.sessions)
    tops = worktrees.tops(repo.toplevel) if on else None
    hooks_run = agent_hook.problem(repo.toplevel) is None if on else None
    return {"on": on, "hooks_run": hooks_run,
            **sessions.status(repo.info.state_dir, branch, tops)}


def sessions_line(info: dict[str, object]) -> str:
    if not info.get("on"):
        return "sessions: off (gitmemory init --agent-hook turns it on for this clone)"
    if info.get("hooks_run") is False:
        return "sessions: on, but Claude Code's hooks cannot run gitmemory (see set up)"
    line = f"sessions: on; {info['waiting']} session(s) wait for the next memorize"
    if info["other_branches"]:
        line += f" ({info['other_branches']} more on other branches)"
    if info["lessons_waiting"]:
        line += f"; {info['lessons_waiting']} lesson(s) wait for a commit to confirm them"
    return line


def agent_file_rows(repo: Repo) -> list[dict[str, object]]:
    """Each agent file gitmemory generated here, with its size in characters and an
    estimate of the tokens it costs an agent (about four characters a token)."""
    rows = []
    key = state.stamp_key(state.ensure_dir(repo.info.state_dir))
    for rel, target in sync.generated(repo.toplevel, repo.cfg):
        path = os.path.join(repo.toplevel, rel)
        text = None if os.path.islink(path) else files.read_text(path)
        if text is not None:
            rows.append({"path": rel, "output": target.name, "chars": len(text),
                         "tokens": -(-len(text) // 4),
                         "generated": stamp.classify(text, key) == "generated"})
    paths = [str(row["path"]) for row in rows if row["generated"]]
    code, out = git.run_status(["check-ignore", "--no-index", "--", *paths], repo.toplevel) \
        if paths else (1, "")
    ignored = set(out.split("\n")) if code == 0 else set()
    for row in rows:
        row["ignored"] = row["path"] in ignored or not row["generated"]
    return rows


def _unless_bad_setting(read: Callable[[], T]) -> T | None:
    """What ``read`` answers, or None when a setting it needs has a bad value: status is
    where a person looks for that, and lists it under the settings' problems."""
    try:
        return read()
    except ConfigError:
        return None


def _provider(repo: Repo) -> tuple[dict[str, str] | None, str | None, bool]:
    """Which provider a run would use now, and why (nothing is imported or called), and
    whether it is a model; or None and the problem with the setting."""
    from gitmemory.providers import resolve

    try:
        provider, reason = resolve(repo.cfg.provider, repo.cfg)
    except ConfigError as exc:
        return None, exc.one_line(), False
    return ({"setting": repo.cfg.provider, "chosen": provider.name, "why": reason}, None,
            provider.language_model)


RECENT_DAYS = 7  # errors older than this are history, not news


def recent_errors(state_dir: str, limit: int = 3, now: float | None = None) -> list[str]:
    """The last errors a hook or the CLI logged (``[time pid N] ...``) in the last
    :data:`RECENT_DAYS` days, oldest first; an error repeated since is listed once.

    Background maintenance reports into the same log under a ``[time]`` heading
    without a pid; those are reports, not errors, and are left out.
    """
    now = time.time() if now is None else now
    latest: dict[str, str] = {}
    for line in _error_heads(state_dir):
        when = _logged_at(line)
        if when is not None and now - when <= RECENT_DAYS * 86400:
            latest.pop(_ERROR_HEAD.sub("", line), None)
            latest[_ERROR_HEAD.sub("", line)] = line
    return list(latest.values())[-limit:]


def older_errors(state_dir: str, now: float | None = None) -> int:
    """How many logged errors are older than :data:`RECENT_DAYS` days."""
    now = time.time() if now is None else now
    return sum(1 for line in _error_heads(state_dir)
               if (when := _logged_at(line)) is not None and now - when > RECENT_DAYS * 86400)


def _error_heads(state_dir: str) -> list[str]:
    text = files.read_text(state.HOOK_LOG.at(state_dir)) or ""
    return [line for line in text.splitlines() if _ERROR_HEAD.match(line)]


def _logged_at(line: str) -> float | None:
    try:
        return calendar.timegm(time.strptime(line[1:21], "%Y-%m-%dT%H:%M:%SZ"))
    except ValueError:
        return None


def age(line: str, now: float | None = None) -> str:
    """``3 min ago`` for a log line's heading."""
    when = _logged_at(line)
    if when is None:
        return "some time ago"
    seconds = max(0, int((time.time() if now is None else now) - when))
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{seconds // size} {unit} ago"
    return "just now"


def run(as_json: bool) -> int:
    """Print the status; exit 1 when the set-up is partial or a setting is bad."""
    repo = Repo.open()
    info = collect(repo)
    setup = info["setup"]
    assert isinstance(setup, dict)
    code = 1 if setup["missing"] or repo.cfg.errors or info["provider"] is None else 0
    if as_json:
        output.emit_json(info)
        return code
    hooks = info["hooks"]
    assert isinstance(hooks, dict)
    output.say(f"repository: {info['repository']}  branch: {info['branch'] or '(detached)'}")
    _say_setup(info, setup)
    output.say("hooks: " + ", ".join(f"{k} {v}" for k, v in hooks.items())
               + ("  (+ pre-commit config)" if info["pre_commit_config"] else ""))
    provider = info["provider"]
    output.say(f"provider: {provider['chosen']} ({provider['why']})"
               if isinstance(provider, dict) else f"provider: {_UNKNOWN}")
    output.say(f"push policy: {info['push_policy'] or _UNKNOWN}")
    if "memory_file" in info:
        pending = _UNKNOWN if info.get("pending_problem") else _pending(info["pending_commits"])
        output.say(f"memory: {info.get('memory_problem') or info['memory_file'] or 'none yet'}"
                   f"; commits pending: {pending}")
        flagged = info["held_back"]
        assert isinstance(flagged, list)
        for entry in flagged:
            output.say(f"  held back from CLAUDE.md for review: {entry['text']!r} "
                       f"({entry['reason']}; see gitmemory show)")
        stale = info["stale"]
        assert isinstance(stale, list)
        if stale:
            output.say(f"  stale, left out of agent files: {len(stale)} item(s) whose paths are "
                       "all gone (gitmemory show --stale; the next memorize removes them)")
    sessions = info["sessions"]
    assert isinstance(sessions, dict)
    output.say(sessions_line(sessions))
    _say_agent_files(info, repo.cfg.outputs)
    output.say(f"merge driver: {info['merge_driver_problem'] or 'ok'}")
    problems = info["settings_problems"]
    assert isinstance(problems, list)
    output.say("settings: " + ("ok" if not problems else ""))
    for line in problems:
        output.say(f"  {line}")
    output.say("LLM usage: " + usage_line(info["llm_usage"]))
    errors = info["recent_errors"]
    assert isinstance(errors, list)
    older = info["older_errors"]
    heading = f"recent hook errors (last {RECENT_DAYS} days): "
    output.say(heading + ("none" if not errors else ""))
    for line in errors:
        output.say(f"  {age(line)}: {_ERROR_HEAD.sub('', line)}")
    if older:
        output.say(f"  ({older} older in {state.HOOK_LOG.at(repo.info.state_dir)})")
    return code


def _say_agent_files(info: dict[str, object], outputs: list[str]) -> None:
    """Each file gitmemory generated here, then what each agent loads."""
    rows = info["agent_files"]
    assert isinstance(rows, list)
    output.say("agent files: " + (str(info.get("agent_files_problem") or "") or
                                  ("none generated yet" if not rows else
                                   f"outputs {', '.join(outputs)}")))
    for row in rows:
        mark = "" if row["generated"] else "  (not gitmemory's: left alone)"
        if not row["ignored"]:
            mark = "  (not git-ignored: gitmemory init adds the line)"
        output.say(f"  {row['path']}: {row['chars']:,} chars, ~{row['tokens']:,} tokens{mark}")
    _say_loads(info["loads"])


def _say_loads(found: object) -> None:
    """What each agent loads in every session: files, characters, items, items twice."""
    assert isinstance(found, list)
    if not found:
        return
    output.say("each agent loads, every session:")
    for row in found:
        load = loads.Load(row["agent"])
        for key in ("files", "chars", "items", "duplicates", "scoped", "note"):
            setattr(load, key, row[key])
        load.over = row["over_limit"]
        output.say(f"  {load.line()}")


def _say_setup(info: dict[str, object], setup: dict[str, object]) -> None:
    """``set up: yes``, or what is missing, each with the command that fixes it."""
    missing = setup["missing"]
    assert isinstance(missing, list)
    disabled = "  (disabled by enabled = false)" if info["enabled"] is False else ""
    how = f" ({setup['route']} hooks)" if setup["route"] == clone.PRE_COMMIT else ""
    if not missing:
        output.say(f"set up: yes{how}{disabled}")
    else:
        partly = not str(missing[0]["what"]).startswith(clone.NOT_SET_UP)
        output.say(f"set up: {'partly' if partly else 'no'}{how}{disabled}; missing:")
        for gap in missing:
            output.say(f"  {gap['what']}: run {gap['fix']}")
    if setup.get("adopted"):
        output.say(f"  {setup['adopted']}")


def usage_line(totals: object) -> str:
    """``day 2 calls, 1200 in / 300 out tokens, 4.1 s; week ...``, or "none"."""
    assert isinstance(totals, dict)
    parts = []
    for window, sums in totals.items():
        if sums["calls"]:
            parts.append(f"{window} {sums['calls']} calls, {sums['input_tokens']} in / "
                         f"{sums['output_tokens']} out tokens, {sums['seconds']} s")
    return "; ".join(parts) or "none in the last 30 days"


def _pending(count: object) -> str:
    return "none (no commits yet)" if count is None else str(count)


_UNKNOWN = "unknown: a setting is bad (see settings below)"

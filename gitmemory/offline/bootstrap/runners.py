"""The tasks a repository defines, read from each kind of task runner.

Every reader returns :class:`~gitmemory.offline.bootstrap.shell.Task` records:
the name, the command a person types, what it runs underneath (shortened to
the tool and its first words) and the file it came from.
"""

from __future__ import annotations

import configparser
import re
from collections.abc import Callable, Iterable

from gitmemory.offline.bootstrap import ci
from gitmemory.offline.bootstrap.purposes import is_python_env
from gitmemory.offline.bootstrap.shell import Task, runs
from gitmemory.offline.bootstrap.snapshot import Snapshot, parse_ini, strings, table


def all_tasks(snapshot: Snapshot) -> list[Task]:
    """Every task, most specific source first."""
    return [*_scripts(snapshot), *_make(snapshot), *_just(snapshot), *_pyproject(snapshot),
            *_nox(snapshot), *_tox(snapshot), *_package_json(snapshot), *ci.steps(snapshot)]


def ci_runs(snapshot: Snapshot) -> set[str]:
    return {t.command for t in ci.steps(snapshot)}


_SCRIPT_DIRS = ("scripts/", "bin/", "tools/")


def _scripts(snapshot: Snapshot) -> Iterable[Task]:
    for path, text in sorted(snapshot.texts.items()):
        if path.startswith(_SCRIPT_DIRS) and path.count("/") == 1:
            yield Task(path.split("/")[1].removesuffix(".sh"), path, runs(text.splitlines()),
                       path)


_MAKE_TARGET = re.compile(r"^([A-Za-z0-9][\w.-]*)\s*:(?![:=])")
_JUST_RECIPE = re.compile(r"^@?([A-Za-z0-9][\w-]*)(?:\s+[^:=]*)?:(?!=)")


def _make(snapshot: Snapshot) -> Iterable[Task]:
    return _recipes(snapshot, ("Makefile", "makefile", "GNUmakefile"), "make", _MAKE_TARGET,
                    lambda line: line.startswith("\t"))


def _just(snapshot: Snapshot) -> Iterable[Task]:
    return _recipes(snapshot, ("justfile", "Justfile", ".justfile"), "just", _JUST_RECIPE,
                    lambda line: line[:1] in (" ", "\t"))


def _recipes(snapshot: Snapshot, names: tuple[str, ...], tool: str, header: re.Pattern[str],
             in_body: Callable[[str], bool]) -> list[Task]:
    """``tool name`` for each recipe of the first of ``names`` the snapshot has."""
    path = next((n for n in names if snapshot.text(n) is not None), None)
    if path is None:
        return []
    return [Task(name, f"{tool} {name}", runs(body), path)
            for name, body in _blocks(snapshot.text(path) or "", header, in_body)]


def _blocks(text: str, header: re.Pattern[str], in_body: Callable[[str], bool]
            ) -> list[tuple[str, list[str]]]:
    """(name, body lines) of each block a ``header`` line opens."""
    out: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        match = header.match(line)
        if match and not line.startswith((".", "\t")):
            out.append((match.group(1), []))
        elif out and in_body(line):
            out[-1][1].append(line)
    return out


_NOX_SESSION = re.compile(r"@(?:nox\.)?session\b(?P<args>[^\n]*)\n\s*def\s+(?P<name>\w+)")
_NOX_NAME = re.compile(r"""name\s*=\s*["']([\w-]+)["']""")
_NOX_RUN = re.compile(r"session\.run\(\s*((?:[\"'][^\"']*[\"']\s*,?\s*)+)")


def _nox(snapshot: Snapshot) -> Iterable[Task]:
    text = snapshot.text("noxfile.py")
    if not text:
        return
    found = list(_NOX_SESSION.finditer(text))
    for n, match in enumerate(found):
        name = (_NOX_NAME.search(match["args"]) or match)[1] if "name" in match["args"] \
            else match["name"]
        body = text[match.end():found[n + 1].start() if n + 1 < len(found) else len(text)]
        lines = [" ".join(re.findall(r"[\"']([^\"']*)[\"']", m[1]))
                 for m in _NOX_RUN.finditer(body)]
        yield Task(name, f"nox -s {name}", runs(lines), "noxfile.py")


def _tox(snapshot: Snapshot) -> Iterable[Task]:
    pyproject = table(snapshot.toml("pyproject.toml"), "tool", "tox")
    if "legacy_tox_ini" in pyproject:
        yield from _tox_ini(parse_ini(str(pyproject["legacy_tox_ini"])), "pyproject.toml")
    elif pyproject:
        yield from _tox_toml(pyproject, "pyproject.toml")
    if snapshot.has("tox.ini"):
        yield from _tox_ini(snapshot.ini("tox.ini"), "tox.ini")


def _tox_ini(ini: configparser.RawConfigParser, source: str) -> Iterable[Task]:
    """``tox`` itself when its env list runs the tests on several Pythons, then each env."""
    envs = re.split(r"[,\s]+", ini.get("tox", "envlist", fallback="") or
                    ini.get("tox", "env_list", fallback=""))
    base = runs(ini.get("testenv", "commands", fallback="").splitlines()) \
        if ini.has_section("testenv") else ()
    if any(is_python_env(e) for e in envs):
        yield Task("tests", "tox", base, source, purpose="test")
    for section in ini.sections():
        if section.startswith("testenv:"):
            name = section.split(":", 1)[1]
            yield Task(name, f"tox -e {name}", runs(ini.get(section, "commands",
                                                            fallback="").splitlines()), source)


def _tox_toml(tox: dict[str, object], source: str) -> Iterable[Task]:
    def commands(env: object) -> tuple[str, ...]:
        lines = [" ".join(w for w in cmd if isinstance(w, str))
                 for cmd in (env.get("commands", []) if isinstance(env, dict) else [])
                 if isinstance(cmd, list)]
        return runs(lines)

    envs = strings(tox.get("env_list")) or strings(tox.get("envlist"))
    if any(is_python_env(e) for e in envs):
        yield Task("tests", "tox", commands(table(tox, "env_run_base")), source, purpose="test")
    for name, env in table(tox, "env").items():
        yield Task(name, f"tox -e {name}", commands(env), source)


def _pyproject(snapshot: Snapshot) -> Iterable[Task]:
    data = snapshot.toml("pyproject.toml")
    for env, spec in table(data, "tool", "hatch", "envs").items():
        prefix = "" if env == "default" else f"{env}:"
        for name, cmd in table(spec, "scripts").items():
            yield Task(name, f"hatch run {prefix}{name}", runs(_cmds(cmd)), "pyproject.toml")
    for tool, how in (("pdm", "pdm run"), ("poe", "poe"), ("taskipy", "task")):
        key = "scripts" if tool == "pdm" else "tasks"
        for name, cmd in table(data, "tool", tool, key).items():
            if not name.startswith("_"):
                yield Task(name, f"{how} {name}", runs(_cmds(cmd)), "pyproject.toml")


def _cmds(value: object) -> list[str]:
    """The shell lines of a task definition in any of the runners' shapes: a string, a
    list, or a table with ``cmd``, ``shell`` or a ``sequence`` of those."""
    if isinstance(value, dict):
        value = value.get("cmd") or value.get("shell") or value.get("sequence") or ""
    if isinstance(value, list):
        return [line for part in value for line in _cmds(part)]
    return [value] if isinstance(value, str) else []


def _package_json(snapshot: Snapshot) -> Iterable[Task]:
    import json

    text = snapshot.text("package.json")
    if not text:
        return
    try:
        scripts = json.loads(text).get("scripts")
    except (ValueError, AttributeError):
        return
    tool = "pnpm" if snapshot.has("pnpm-lock.yaml") else \
        "yarn" if snapshot.has("yarn.lock") else "npm"
    for name, cmd in (scripts or {}).items():
        if isinstance(name, str) and isinstance(cmd, str):
            how = f"{tool} test" if name == "test" else f"{tool} run {name}"
            yield Task(name, how, runs(cmd.split("&&")), "package.json")

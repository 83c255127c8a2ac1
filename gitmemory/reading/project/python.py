"""Python's task runners: tox (``tox.toml``, ``tox.ini``, ``[tool.tox]``), nox, and the task
tables of ``pyproject.toml`` (hatch, pdm, poe, taskipy); how to set up from the lock file.

The Python version, settings and layout are read by
:mod:`~gitmemory.reading.project.settings` and
:mod:`~gitmemory.reading.project.places`.
"""

from __future__ import annotations

import configparser
import itertools
import re
import shlex
from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.purposes import purpose, tests_python
from gitmemory.reading.project.snapshot import Snapshot, parse_ini, strings, table
from gitmemory.reading.project.task import IMPLIED, Task, make_task

_LOCKS = (("uv.lock", "uv sync"), ("poetry.lock", "poetry install"), ("pdm.lock", "pdm install"),
          ("Pipfile.lock", "pipenv install --dev"))
_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", "tox.ini", "noxfile.py",
            "requirements.txt")


# A build backend's own front end, which its projects build with (WeasyPrint's release
# workflow runs `flit build` for `flit_core.buildapi`); any other backend builds with PyPA's
# `python -m build`.
_FRONT_ENDS = {"flit_core": "flit build", "hatchling": "hatch build", "poetry": "poetry build",
               "pdm": "pdm build", "maturin": "maturin build"}


class Python:
    name = "python"

    def present(self, snapshot: Snapshot) -> bool:
        return any(snapshot.has(m) for m in _MARKERS)

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return [*_pyproject(snapshot), *_nox(snapshot), *_tox(snapshot)]

    def implied(self, snapshot: Snapshot) -> list[Task]:
        lock = next(((path, how) for path, how in _LOCKS if snapshot.has(path)), None)
        found = [Task("setup", lock[1], (), lock[0], "setup", IMPLIED)] if lock else []
        data = snapshot.toml("pyproject.toml")
        build = table(data, "build-system")
        backend = build.get("build-backend")
        if backend and snapshot.has("uv.lock"):
            found.append(Task("build", "uv build", (), "pyproject.toml", "build", IMPLIED))
        elif isinstance(backend, str) and backend:
            found.append(Task("build", _FRONT_ENDS.get(backend.split(".")[0], "python -m build"),
                              (), "pyproject.toml", "build", IMPLIED))
        return found

    def facts(self, snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
        return []  # settings.py reads the Python version with the other settings


# A session's decorator, the other decorators stacked under it, and its function.
_NOX_SESSION = lazy_regex(r"^\s*@(?:nox\.)?session\b(?P<args>.*?)^\s*def\s+(?P<name>\w+)",
                          re.M | re.S)
_NOX_NAME = lazy_regex(r"""(?<![\w.])name\s*=\s*["']([^"'\n]+)["']""")
_NOX_RUN = lazy_regex(r"session\.run\(\s*((?:[\"'][^\"']*[\"']\s*,?\s*)+)")
_NOX_DEFAULT = lazy_regex(r"^nox\.options\.sessions\s*=\s*[\[(]([^\])]*)[\])]", re.M)


def _nox(snapshot: Snapshot) -> Iterable[Task]:
    """``nox`` when ``nox.options.sessions`` names the sessions it runs (a test command when
    they all test), then ``nox -s <session>`` for each session."""
    text = snapshot.text("noxfile.py")
    if not text:
        return
    found = list(_NOX_SESSION.finditer(text))
    names = [named[1] if (named := _NOX_NAME.search(m["args"])) else m["name"]
             for m in found]
    default = _NOX_DEFAULT.search(text)
    chosen = [n for n in re.findall(r"[\"']([\w-]+)[\"']", default[1]) if n in names] \
        if default else []
    if chosen:
        tests = all(purpose(n) == "test" for n in chosen)
        yield make_task("tests" if tests else "default", "nox", [], "noxfile.py",
                        calls=[f"nox -s {n}" for n in chosen])
    for n, (match, name) in enumerate(zip(found, names, strict=True)):
        body = text[match.end():found[n + 1].start() if n + 1 < len(found) else len(text)]
        lines = [" ".join(re.findall(r"[\"']([^\"']*)[\"']", m[1]))
                 for m in _NOX_RUN.finditer(body)]
        shown = name if re.fullmatch(r"[\w.-]+", name) else f"'{name}'"  # nox -s 'docs(style)'
        yield make_task(name, f"nox -s {shown}", lines, "noxfile.py")



def _tox(snapshot: Snapshot) -> Iterable[Task]:
    """tox's envs from its configuration: tox 4's ``tox.toml`` where there is no tox.ini,
    else tox.ini and pyproject.toml's ``[tool.tox]``, or setup.cfg's ``[tox:tox]``."""
    if snapshot.has("tox.toml") and not snapshot.has("tox.ini"):
        yield from _tox_toml(snapshot.toml("tox.toml"), "tox.toml")
        return
    pyproject = table(snapshot.toml("pyproject.toml"), "tool", "tox")
    if "legacy_tox_ini" in pyproject:
        yield from _tox_ini(parse_ini(str(pyproject["legacy_tox_ini"])), "pyproject.toml")
    elif pyproject:
        yield from _tox_toml(pyproject, "pyproject.toml")
    if snapshot.has("tox.ini"):
        yield from _tox_ini(snapshot.ini("tox.ini"), "tox.ini")
    elif snapshot.ini("setup.cfg").has_section("tox:tox"):
        yield from _tox_ini(snapshot.ini("setup.cfg"), "setup.cfg", "tox:tox")


def has_tox(snapshot: Snapshot) -> bool:
    return snapshot.has("tox.ini") or snapshot.has("tox.toml") or bool(
        table(snapshot.toml("pyproject.toml"), "tool", "tox")) or \
        snapshot.ini("setup.cfg").has_section("tox:tox")


def _tox_ini(ini: configparser.RawConfigParser, source: str, head: str = "tox"
             ) -> Iterable[Task]:
    """``tox`` itself when its env list runs the tests on several Pythons, then each env
    (a section like ``[testenv:lint-{ruff,pre-commit}]`` is two), with the commands its
    factors select (``ruff: ruff check .``)."""
    envs = _expand(re.findall(r"[^,\s{]+(?:\{[^}]*\}[^,\s{]*)*",
                              ini.get(head, "envlist", fallback="") or
                              ini.get(head, "env_list", fallback="")))
    base = ini.get("testenv", "commands", fallback="").splitlines() \
        if ini.has_section("testenv") else []
    if any(tests_python(e) for e in envs):
        tested = next((e for e in envs if tests_python(e)), "")
        yield make_task("tests", "tox", _factored(base, tested), source, purpose="test")
    for section in ini.sections():
        if not section.startswith("testenv:"):
            continue
        for name in _expand([section.split(":", 1)[1]]):
            lines = ini.get(section, "commands", fallback="").splitlines() or base
            yield make_task(name, f"tox -e {name}", _factored(lines, name), source)


# tox's positional arguments: `{posargs}`, or `{posargs:-n auto}` with what runs when none
# are given (one level of nested braces: `{posargs:{toxinidir}/tests}`); and a variable
# with its default, `{env:PYTEST_ADDOPTS:-q}`, which runs its default where it is unset.
_POSARGS = lazy_regex(r"\{(?:posargs|env:\w+)(?::((?:[^{}]|\{[^{}]*\})*))?\}")


def _defaulted(line: str) -> str:
    """A tox command as ``tox`` with no arguments runs it: ``pytest {posargs:-n auto}`` is
    ``pytest -n auto``, ``pytest {posargs}`` is ``pytest``, ``{env:X:-q}`` is ``-q``."""
    return _POSARGS.sub(lambda m: m[1] or "", line).strip()


def _factored(lines: list[str], env: str) -> list[str]:
    """The lines of a tox ``commands`` that apply to ``env``: ``tests: pytest`` only when
    ``tests`` is one of its factors."""
    factors = set(env.split("-"))
    out = []
    for line in map(_defaulted, lines):
        match = re.match(r"^\s*([\w.,!{}-]+):\s+(.*)$", line)
        if match and not match.group(1).startswith("-"):
            wanted = {f for f in re.split(r"[,-]", match.group(1)) if f}
            if wanted & factors:
                out.append(match.group(2))
        else:
            out.append(line)
    return out


def _expand(envs: list[str]) -> list[str]:
    """``py{311,312}`` as ``py311``, ``py312``; ``3.1{0-2}`` as 3.10 to 3.12."""
    out: list[str] = []
    for env in envs:
        match = re.match(r"^(.*?)\{([^}]*)\}(.*)$", env)
        if not match:
            out.append(env)
            continue
        parts: list[str] = []
        for part in match[2].split(","):
            bounds = re.match(r"^\s*(\d+)-(\d+)\s*$", part)
            parts += [str(n) for n in range(int(bounds[1]), int(bounds[2]) + 1)] \
                if bounds and int(bounds[2]) - int(bounds[1]) < 20 else [part.strip()]
        out += _expand([f"{match[1]}{part}{match[3]}" for part in parts])
    return out


def _tox_toml(tox: dict[str, object], source: str) -> Iterable[Task]:
    def commands(env: object) -> list[str]:
        return [" ".join(_quoted(w) if isinstance(w, str) else _word(w)
                         for w in cmd if _word(w))
                for cmd in (env.get("commands", []) if isinstance(env, dict) else [])
                if isinstance(cmd, list)]

    envs = _toml_envs(tox.get("env_list")) or _toml_envs(tox.get("envlist"))
    base = commands(table(tox, "env_run_base"))
    if any(tests_python(e) for e in _expand(envs)):
        yield make_task("tests", "tox", base, source, purpose="test")
    for name, env in table(tox, "env").items():
        yield make_task(name, f"tox -e {name}", commands(env) or base, source)


def _toml_envs(value: object) -> list[str]:
    """The env names a ``tox.toml`` ``env_list`` gives: its strings, and each generator
    ``{ product = [...] }`` expanded, an axis being a list of factors or a range
    ``{ prefix = "3.", start = 10, stop = 13 }`` (3.10 to 3.13; no stop: the start alone)."""
    names: list[str] = []
    for entry in value if isinstance(value, list) else []:
        if isinstance(entry, str):
            names.append(entry)
        elif isinstance(entry, dict) and isinstance(entry.get("product"), list):
            axes = [_axis(axis) for axis in entry["product"]]
            if all(axes):
                names += ["-".join(parts) for parts in itertools.product(*axes)]
    return names


_MOST_RANGE = 20


def _axis(axis: object) -> list[str]:
    """One axis of a ``tox.toml`` product: its factors, or its range's."""
    if isinstance(axis, list):
        return strings(axis)
    start, stop, prefix = (axis.get(k) for k in ("start", "stop", "prefix")) \
        if isinstance(axis, dict) else (None, None, "")
    if not isinstance(start, int):
        return []
    prefix = str(prefix or "")
    last = stop if isinstance(stop, int) and start <= stop < start + _MOST_RANGE else start
    return [f"{prefix}{n}" for n in range(start, last + 1)]


def _quoted(word: str) -> str:
    """A word of a ``tox.toml`` command, an argument as it is, written so that a shell reads
    it as one (``python -c 'import os; print(1)'``): joined bare, its ``;`` would end the
    command."""
    return shlex.quote(defaulted) if (defaulted := _defaulted(word)) else ""


def _word(word: object) -> str:
    """A word of a ``tox.toml`` command: a string as it is, a replacement of the positional
    arguments (``{ replace = "posargs", default = ["-n", "auto"] }``) as its default."""
    if isinstance(word, str):
        return _defaulted(word)
    if isinstance(word, dict) and word.get("replace") == "posargs":
        return " ".join(w for w in strings(word.get("default")) if w)
    return ""


def _pyproject(snapshot: Snapshot) -> Iterable[Task]:
    data = snapshot.toml("pyproject.toml")
    for env, spec in table(data, "tool", "hatch", "envs").items():
        prefix = "" if env == "default" else f"{env}:"
        for name, cmd in table(spec, "scripts").items():
            yield make_task(name, f"hatch run {prefix}{name}", _cmds(cmd), "pyproject.toml")
    for tool, how in (("pdm", "pdm run"), ("poe", "poe"), ("taskipy", "task")):
        key = "scripts" if tool == "pdm" else "tasks"
        for name, cmd in table(data, "tool", tool, key).items():
            if not name.startswith("_"):
                yield make_task(name, f"{how} {name}", _cmds(cmd), "pyproject.toml")


def _cmds(value: object) -> list[str]:
    """The shell lines of a task definition in any of the runners' shapes: a string, a
    list, or a table with ``cmd``, ``shell`` or a ``sequence`` of those."""
    if isinstance(value, dict):
        value = value.get("cmd") or value.get("shell") or value.get("sequence") or \
            value.get("composite") or ""
    if isinstance(value, list):
        return [line for part in value for line in _cmds(part)]
    return [value] if isinstance(value, str) else []

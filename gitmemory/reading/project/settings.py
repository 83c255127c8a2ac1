"""The settings that shape code: formatter and line length, lint rules, type checking,
pytest options and markers, coverage floor, supported Python (the hooks are
:mod:`~gitmemory.reading.project.git_hooks`'s).

Read from ``pyproject.toml`` tool tables, ``setup.cfg``, ``tox.ini``, ``.flake8``,
``mypy.ini``, ``pytest.ini``, ``ruff.toml``, ``.editorconfig`` and
``.pre-commit-config.yaml``; a default is named as one ("88, black's default").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot, strings, table
from gitmemory.reading.project.style import code_style

SLOTS = ("Code style", "Lint rules", "Typing", "pytest settings", "Coverage", "Python")
_MAX_LIST = 8


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    for found in (code_style(snapshot), _lint_rules(snapshot), _typing(snapshot),
                  _pytest(snapshot), _coverage(snapshot), _python(snapshot)):
        if found:
            yield found


def listed(names: list[str], limit: int = _MAX_LIST) -> str:
    """The first ``limit`` of ``names``, and how many more there are."""
    more = f" and {len(names) - limit} more" if len(names) > limit else ""
    return ", ".join(names[:limit]) + more


def _ruff(snapshot: Snapshot) -> tuple[dict[str, Any], str]:
    for path in ("ruff.toml", ".ruff.toml"):
        data = snapshot.toml(path)
        if data:
            return data, path
    return table(snapshot.toml("pyproject.toml"), "tool", "ruff"), "pyproject.toml"


def _lint_rules(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    ruff, path = _ruff(snapshot)
    lint = table(ruff, "lint") or ruff
    select = strings(lint.get("select")) or strings(lint.get("extend-select"))
    if not select:
        return None
    how = "on top of ruff's defaults" if "extend-select" in lint and "select" not in lint \
        else "selected"
    ignore = strings(lint.get("ignore"))
    text = f"Lint rules: `ruff check` rules {listed(select)} ({how})"
    if ignore:
        text += f"; ignored: {listed(ignore, 5)}"
    required = strings(table(lint, "isort").get("required-imports"))
    if required and any(rule in ("I", "I002", "ALL") for rule in select):
        text += "; every module must have " + " and ".join(f"`{line}`" for line in required[:2])
    return "conventions", text, [path]


_MYPY_FLAGS = ("disallow_untyped_defs", "disallow_incomplete_defs", "check_untyped_defs",
               "disallow_any_generics", "warn_return_any", "no_implicit_optional",
               "strict_equality", "warn_unreachable")


def _typing(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    mypy, path = table(snapshot.toml("pyproject.toml"), "tool", "mypy"), "pyproject.toml"
    if not mypy:
        for candidate in ("mypy.ini", ".mypy.ini", "setup.cfg"):
            ini = snapshot.ini(candidate)
            if ini.has_section("mypy"):
                mypy, path = dict(ini.items("mypy")), candidate
                break
    parts: list[str] = []
    if mypy:
        on = [flag for flag in _MYPY_FLAGS if str(mypy.get(flag, "")).lower() == "true"]
        strict = str(mypy.get("strict", "")).lower() == "true"
        where = strings(mypy.get("files")) or [f for f in str(mypy.get("files", "")).split(",")
                                                if f.strip()]
        what = "mypy --strict" if strict else \
            f"mypy with {', '.join(on[:4])}" if on else "mypy"
        parts.append(what + (f" on {', '.join(w.strip() for w in where[:4])}" if where else ""))
        relaxed = [o for o in mypy.get("overrides", []) if isinstance(o, dict) and
                   str(o.get("disallow_untyped_defs", "")).lower() == "false"]
        if strict and relaxed:
            parts[-1] += f" (relaxed for {listed(strings(relaxed[0].get('module')), 3)})"
    pyright = table(snapshot.toml("pyproject.toml"), "tool", "pyright")
    if pyright.get("typeCheckingMode"):
        parts.append(f"pyright in {pyright['typeCheckingMode']} mode")
    if not parts:
        return None
    return "conventions", "Typing: " + "; ".join(parts), [path]


def _pytest_options(snapshot: Snapshot) -> tuple[dict[str, Any], str]:
    data = snapshot.toml("pyproject.toml")
    native = table(data, "tool", "pytest")
    if "ini_options" in native:
        return table(native, "ini_options"), "pyproject.toml"
    if native:
        return native, "pyproject.toml"
    for path, section in (("pytest.ini", "pytest"), ("pytest.ini", "tool:pytest"),
                          ("tox.ini", "pytest"), ("setup.cfg", "tool:pytest")):
        ini = snapshot.ini(path)
        if ini.has_section(section):
            options: dict[str, Any] = dict(ini.items(section))
            for key in ("markers", "filterwarnings", "testpaths"):
                if key in options:
                    options[key] = [v.strip() for v in options[key].splitlines() if v.strip()]
            return options, path
    return {}, ""


_MARKER_NAME = lazy_regex(r"^\s*([A-Za-z_]\w*)")


def _pytest(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    options, path = _pytest_options(snapshot)
    if not options:
        return None
    addopts = " ".join(strings(options.get("addopts")))
    said: list[str] = []
    if str(options.get("strict", "")).lower() == "true":
        said.append("strict mode (`strict = true`)")
    elif "--strict-markers" in addopts or "--strict" in addopts.split():
        said.append("unknown markers are errors (`--strict-markers`)")
    warnings = strings(options.get("filterwarnings"))
    if warnings and warnings[0].strip() == "error":
        said.append("warnings are errors (`filterwarnings` opens with `error`)")
    if str(options.get("xfail_strict", "")).lower() == "true":
        said.append("`xfail_strict`")
    if options.get("asyncio_mode"):
        said.append(f"`asyncio_mode = {options['asyncio_mode']}`")
    markers = [m.group(1) for m in map(_MARKER_NAME.match, strings(options.get("markers")))
               if m and m.group(1) not in ("foo", "bar", "baz")]
    if markers:
        said.append(f"markers {listed([f'`{m}`' for m in markers], 6)}")
    if addopts and not said:
        said.append(f"`addopts = {addopts[:60]}`")
    if not said:
        return None
    return "conventions", "pytest settings: " + "; ".join(said), [path]


_FAIL_UNDER = lazy_regex(r"--(?:cov-)?fail-under[= ](\d+(?:\.\d+)?)")


def _coverage(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    floor = table(snapshot.toml("pyproject.toml"), "tool", "coverage", "report"
                  ).get("fail_under")
    path = "pyproject.toml"
    for candidate, section in ((".coveragerc", "report"), ("setup.cfg", "coverage:report"),
                               ("tox.ini", "coverage:report")):
        if floor is None and snapshot.ini(candidate).has_option(section, "fail_under"):
            floor, path = snapshot.ini(candidate).get(section, "fail_under"), candidate
    if floor is None:
        for candidate, text in sorted(snapshot.texts.items()):
            match = _FAIL_UNDER.search(text)
            if match:
                floor, path = match.group(1), candidate
                break
    if floor is None:
        return None
    return "conventions", f"Coverage: at least {floor}% (fail under), so new code needs " \
        "tests", [path]


_VERSION = lazy_regex(r"(?:>=?|\^)\s*(\d+\.\d+)")
_CLASSIFIER = lazy_regex(r"Programming Language :: Python :: (\d+\.\d+)$")


def _python(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    data = snapshot.toml("pyproject.toml")
    spec = str(table(data, "project").get("requires-python") or
               table(data, "tool", "poetry", "dependencies").get("python") or "")
    path = "pyproject.toml"
    if not spec and snapshot.ini("setup.cfg").has_option("options", "python_requires"):
        spec, path = snapshot.ini("setup.cfg").get("options", "python_requires"), "setup.cfg"
    minimum = _VERSION.search(spec)
    if not minimum:
        return None
    listed = sorted({m.group(1) for c in strings(table(data, "project").get("classifiers") or
                                                  table(data, "tool", "poetry").get("classifiers"))
                     if (m := _CLASSIFIER.match(c))}, key=lambda v: tuple(map(int, v.split("."))))
    said = "requires-python" if table(data, "project").get("requires-python") or \
        path == "setup.cfg" else "tool.poetry python"
    text = f"Python: {minimum.group(1)} and later ({said})"
    if len(listed) > 1:
        text += f"; classifiers list {listed[0]} to {listed[-1]}"
    return "conventions", text, [path]

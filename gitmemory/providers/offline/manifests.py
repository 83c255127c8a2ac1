"""Dependencies a commit adds, drops or re-pins, read from manifest diffs.

pyproject.toml (PEP 621 arrays, dependency groups, Poetry tables),
requirements files, package.json, Cargo.toml, go.mod and Gemfile.  A name
on a ``+`` line and not on a ``-`` line of the same manifest is added, the
reverse is dropped; a version change is neither (bots do those), nor is a
name moved from one table to another or respelled (``poetry_core`` and
``poetry-core`` are one package).  Which dependencies a project has is in
its manifest; memory keeps only the choices a commit explains
(:mod:`gitmemory.providers.offline.choices`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from gitmemory.commits import Commit
from gitmemory.lazy_regex import lazy_regex
from gitmemory.providers.offline.diffs import Hunk, file_hunks
from gitmemory.reading.paths import is_test

_INLINE_TABLE = lazy_regex(r"\{[^}]*\}")  # {include-group = "test"}: not a dependency
_QUOTED = lazy_regex(r""""([^"]*)"|'([^']*)'""")
_PEP508 = lazy_regex(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*\(?([^;()]*)")
_REQ_LINE = lazy_regex(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*([<>=!~][^;#\s]*)?")
_TOML_TABLE = lazy_regex(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*$")
_TOML_ARRAY = lazy_regex(r"^\s*([\w.\"'-]+)\s*=\s*\[")
_TOML_KEY = lazy_regex(r"""^\s*["']?([A-Za-z0-9][\w.-]*)["']?\s*=\s*(.+)$""")
_JSON_OPEN = lazy_regex(r'^\s*"(\w+)"\s*:\s*\{')
_JSON_DEP = lazy_regex(r'^\s*"(@?[\w./-]+)"\s*:\s*"([^"]*)"')
_NPM_SPEC = lazy_regex(r"^(?:[~^<>=*]|v?\d|workspace:|npm:|file:|link:|git|github:|latest$)")
_GO_REQ = lazy_regex(r"^\s*(?:require\s+)?([\w.-]+\.[\w./-]+)\s+(v[\w.+-]+)(\s*//\s*indirect)?")
_GEM = lazy_regex(r"""^\s*gem\s+["']([\w.-]+)["']""")
_MANIFEST_HINTS = ("pyproject.toml", "package.json", "Cargo.toml", "go.mod", "Gemfile",
                   "requirements")
_JS_KINDS = {"dependencies": "runtime", "devDependencies": "dev", "peerDependencies": "peer",
             "optionalDependencies": "optional"}


@dataclass(frozen=True)
class DepChange:
    manifest: str
    kind: str  # runtime, dev, build, optional, peer, or a dependency-group name
    name: str  # as the manifest spells it, without a version constraint
    added: bool


def touched_manifests(commit: Commit) -> list[str]:
    """Manifests whose dependency lines this commit changes (added, dropped or re-pinned)."""
    out: list[str] = []
    if not any(name in commit.diff for name in _MANIFEST_HINTS):
        return out
    for path, hunks in file_hunks(commit.diff).items():
        reader = _reader(path)
        if reader is not None and not is_test(path) and any(
                found for hunk in hunks for found in reader(path, hunk)):
            out.append(path)
    return out


def dependency_changes(commit: Commit) -> list[DepChange]:
    """Names added to or dropped from the manifests this commit touches."""
    out: list[DepChange] = []
    if not any(name in commit.diff for name in _MANIFEST_HINTS):
        return out  # no manifest in this diff: skip splitting it
    for path, hunks in file_hunks(commit.diff).items():
        reader = _reader(path)
        if reader is None or is_test(path):  # test data, not this project's dependencies
            continue
        plus: dict[tuple[str, str], str] = {}
        minus: dict[tuple[str, str], str] = {}
        for hunk in hunks:
            for sign, kind, name, _spec in reader(path, hunk):
                (plus if sign == "+" else minus)[(kind, canonical(name))] = name
        kept = {n for _, n in plus}
        out += [DepChange(path, k, name, True) for (k, n), name in plus.items()
                if (k, n) not in minus]
        out += [DepChange(path, k, name, False) for (k, n), name in minus.items()
                if (k, n) not in plus and n not in kept]
    return out


def canonical(name: str) -> str:
    """``Poetry_Core`` -> ``poetry-core``: one spelling per package (PEP 503; Cargo reads
    ``-`` and ``_`` as one too)."""
    return re.sub(r"[-_.]+", "-", name).lower()


_Found = list[tuple[str, str, str, str]]  # sign, kind, name, spec


def _reader(path: str) -> Callable[[str, Hunk], _Found] | None:
    name = path.rsplit("/", 1)[-1]
    if name == "pyproject.toml":
        return _pyproject_change
    if name == "Cargo.toml":
        return _cargo
    if name == "package.json":
        return _package_json
    if name == "go.mod":
        return _go_mod
    if name == "Gemfile":
        return _gemfile
    if name.endswith((".txt", ".in")) and "requirements" in path.lower():
        return _requirements
    return None


def _pyproject_change(path: str, hunk: Hunk) -> _Found:
    found: _Found = []
    table, array = "", ""
    head = hunk.context
    if _TOML_ARRAY.match(head):
        array = _TOML_ARRAY.match(head).group(1).strip("\"'")  # type: ignore[union-attr]
    elif _TOML_TABLE.match(head):
        table = _TOML_TABLE.match(head).group(1)  # type: ignore[union-attr]
    for line in hunk.lines:
        sign, text = line[0], line[1:]
        if _TOML_TABLE.match(text):
            table, array = _TOML_TABLE.match(text).group(1), ""  # type: ignore[union-attr]
            continue
        opened = _TOML_ARRAY.match(text)
        if opened:
            array = opened.group(1).strip("\"'")
            text = text[text.index("[") + 1:]
        kind = _pyproject_kind(table, array)
        if array and kind:
            for quoted in _QUOTED.finditer(_INLINE_TABLE.sub("", text)):
                match = _PEP508.match(quoted.group(1) or quoted.group(2) or "")
                if match and sign in "+-":
                    found.append((sign, kind, match.group(1), match.group(3).strip()))
        elif not array and sign in "+-" and "poetry" in table and "dependencies" in table:
            key = _TOML_KEY.match(text)
            if key and key.group(1) != "python":
                found.append((sign, "dev" if ".group." in table or "dev" in table
                              else "runtime", key.group(1), ""))
        if array and "]" in _QUOTED.sub("", text).split("#", 1)[0]:  # not `x[extra]`
            array = ""
    return found


def _pyproject_kind(table: str, array: str) -> str:
    if array == "dependencies" and table in ("", "project"):
        return "runtime"
    if array == "requires" and table in ("", "build-system"):
        return "build"
    if table == "project.optional-dependencies" and array:
        return f"extra {array}"
    if table == "dependency-groups" and array:
        return f"group {array}"
    return ""


def _requirements(path: str, hunk: Hunk) -> _Found:
    kind = "dev" if re.search(r"dev|test|lint|doc|ci", path.lower()) else "runtime"
    found: _Found = []
    for line in hunk.lines:
        text = line[1:]
        if line[0] in "+-" and text.strip() and not text.lstrip().startswith(("#", "-")):
            match = _REQ_LINE.match(text)
            if match:
                found.append((line[0], kind, match.group(1), ""))
    return found


def _package_json(path: str, hunk: Hunk) -> _Found:
    found: _Found = []
    kind = ""
    for line in hunk.lines:
        text = line[1:]
        opened = _JSON_OPEN.match(text)
        if opened:
            kind = _JS_KINDS.get(opened.group(1), "-")
            continue
        if text.strip().startswith("}"):
            kind = "-"
            continue
        dep = _JSON_DEP.match(text)
        if line[0] in "+-" and dep and kind not in ("", "-") and _NPM_SPEC.match(dep.group(2)):
            found.append((line[0], kind, dep.group(1), ""))
    return found


def _cargo(path: str, hunk: Hunk) -> _Found:
    found: _Found = []
    table = hunk.context.strip("[] ") if hunk.context.startswith("[") else ""
    for line in hunk.lines:
        text = line[1:]
        header = _TOML_TABLE.match(text)
        if header:
            table = header.group(1)
            continue
        key = _TOML_KEY.match(text)
        if line[0] in "+-" and key and table.endswith("dependencies"):
            kind = "dev" if table.endswith("dev-dependencies") else (
                "build" if table.endswith("build-dependencies") else "runtime")
            found.append((line[0], kind, key.group(1), ""))
    return found


def _go_mod(path: str, hunk: Hunk) -> _Found:
    found: _Found = []
    for line in hunk.lines:
        match = _GO_REQ.match(line[1:])
        if line[0] in "+-" and match and not match.group(3) and \
                not line[1:].lstrip().startswith(("module", "go ", "replace", "exclude")):
            found.append((line[0], "runtime", match.group(1), ""))
    return found


def _gemfile(path: str, hunk: Hunk) -> _Found:
    return [(line[0], "runtime", m.group(1), "") for line in hunk.lines
            if line[0] in "+-" and (m := _GEM.match(line[1:]))]

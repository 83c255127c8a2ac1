"""A runtime's minimum as the tip's manifest gives it (docs/design.md, "Memory").

A history states each minimum once, when it is raised: tealdeer's v1.7.0 notes say
"Minimal supported Rust version is now 1.75"; three bumps later ``Cargo.toml`` says
``rust-version = "1.88"``, and the last bump's commit says nothing of it in words.  An
item read from the history that gives a runtime a floor the tip's manifest gives
otherwise tells of a past state as the present one, so it goes: from a run's new
items, and from the memory when the manifest moves on.  Items read from the tree's own
files are left alone (what the manifest says is read as an item of its own).

The manifests read: ``Cargo.toml`` (``rust-version``, of the package or the workspace),
``pyproject.toml`` (``requires-python``, or Poetry's ``python`` dependency),
``package.json`` (``engines.node``) and ``go.mod`` (the ``go`` directive), at the top of
the tree.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

from gitmemory import git
from gitmemory.lazy_regex import lazy_regex
from gitmemory.providers.offline.minimums import against_manifest
from gitmemory.reading.project.snapshot import table

Floors = dict[str, tuple[str, str]]  # runtime -> (version, the manifest that gives it)

# the version a specifier starts from (">=3.9" of "<4,>=3.9"), else its first one
_VERSION = lazy_regex(r"(?:>=|~=|\^|~|==)\s*v?(\d+(?:\.\d+)*)|(\d+(?:\.\d+)*)")
_GO_DIRECTIVE = lazy_regex(r"(?m)^go[ \t]+(\d+(?:\.\d+)*)[ \t]*(?://.*)?$")


def tip_floors(tip: str, toplevel: str) -> Floors:
    """The minimum of each runtime the manifests at ``tip`` give."""
    names = ("Cargo.toml", "pyproject.toml", "package.json", "go.mod")
    found = git.cat_file([f"{tip}:{name}" for name in names], toplevel)
    out: Floors = {}
    for name, answer in zip(names, found, strict=True):
        if answer is None or answer[1] != "blob":
            continue
        text = git.decode(answer[2])
        given = _READERS[name](text)
        if given and (versions := list(_VERSION.finditer(given))):
            floor = next((m for m in versions if m.group(1)), versions[0])
            out[_RUNTIMES[name]] = (floor.group(1) or floor.group(2), name)
    return out


def against_tip(text: str, floors: Floors) -> str | None:
    """Why ``text`` is wrong about today's minimum of a runtime (None when it is not)."""
    for runtime, (version, manifest) in floors.items():
        if against_manifest(text, {runtime: version}):
            return f"the tip's {manifest} gives {runtime} {version}"
    return None


def _toml(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return {}


def _cargo(text: str) -> str | None:
    data = _toml(text)
    given = table(data, "package").get("rust-version")
    if not isinstance(given, str):  # ``rust-version.workspace = true``
        given = table(data, "workspace", "package").get("rust-version")
    return given if isinstance(given, str) else None


def _pyproject(text: str) -> str | None:
    data = _toml(text)
    for given in (table(data, "project").get("requires-python"),
                  table(data, "tool", "poetry", "dependencies").get("python")):
        if isinstance(given, str):
            return given
    return None


def _package(text: str) -> str | None:
    try:
        given = table(json.loads(text), "engines").get("node")
    except ValueError:
        return None
    return given if isinstance(given, str) else None


def _go_mod(text: str) -> str | None:
    return m.group(1) if (m := _GO_DIRECTIVE.search(text)) else None


_READERS = {"Cargo.toml": _cargo, "pyproject.toml": _pyproject, "package.json": _package,
            "go.mod": _go_mod}
_RUNTIMES = {"Cargo.toml": "rust", "pyproject.toml": "python", "package.json": "node",
             "go.mod": "go"}

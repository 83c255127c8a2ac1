"""Where the tools come from when the repository pins them itself: Hermit's packages in
``bin/`` (activated with ``. bin/activate-hermit``) or mise's ``[tools]`` table."""

from __future__ import annotations

from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.settings import listed
from gitmemory.reading.project.snapshot import Snapshot, table

SLOTS = ("Toolchain",)
FILES = ("bin/hermit.hcl", "mise.toml", ".mise.toml")
_HERMIT_PACKAGE = lazy_regex(r"^bin/\.([\w.+-]+?)-(\d[\w.+-]*)\.pkg$")
_SHOWN = 6


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    if snapshot.has("bin/hermit.hcl") and snapshot.has("bin/activate-hermit"):
        pins = [f"{m.group(1)} {m.group(2)}" for p in sorted(snapshot.paths)
                if (m := _HERMIT_PACKAGE.match(p))]
        said = f" pins {listed(pins, _SHOWN)} in `bin/`" if pins else " manages the tools in `bin/`"
        yield ("conventions", f"Toolchain: Hermit{said}; activate it with "
               "`. bin/activate-hermit`", ["bin/hermit.hcl"])
        return
    for path in FILES[1:]:
        tools = table(snapshot.toml(path), "tools")
        pins = [_tool(name) + ("" if value == "latest" else f" {value}")
                for name, value in tools.items() if isinstance(value, str)]
        if pins:
            yield ("conventions", f"Toolchain: mise pins {listed(pins, _SHOWN)} ({path}); "
                   "`mise install` installs them", [path])
            return


def _tool(name: str) -> str:
    """A mise tool's short name: ``gofumpt`` for ``go:mvdan.cc/gofumpt``."""
    return name.rsplit(":", 1)[-1].rsplit("/", 1)[-1]



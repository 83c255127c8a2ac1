"""Which part of the code an item concerns (docs/design.md, "Outputs").

An item whose paths all lie in one directory, or in a few, concerns that
*area*: agents that load instructions by path (Claude Code's rules, Cursor,
Copilot, Windsurf) get it only while they work there, instead of in the file
every session loads.  The area of a path is its directory, at most
:data:`DEPTH` levels deep (``src/api/v2/x.py`` -> ``src/api``); an item with
a path at the top of the tree, or spread over more than :data:`MAX_DIRS`
directories, or in a directory whose name a glob could not hold plainly or
that looks like a credential (it would name a rule file and fill its front
matter, which no redaction reads), or with no paths, concerns the whole
repository.  What is shown only in the rule file of its area (a fact, a line of the history
record) takes the files at the top as an area of their own, :data:`TOP`, rather than
reaching no file; a line of the history record that no one area holds (no paths, spread
wide, or a change callers anywhere meet) goes there too.  Stdlib only.
"""

from __future__ import annotations

import posixpath

from gitmemory import files
from gitmemory.memory.markdown import title_for

DEPTH = 2
MAX_DIRS = 3
_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_.")
# Characters a glob may hold unquoted in every agent's front matter (YAML or not):
# a directory with any other character is not scoped, its items stay repository-wide.
_GLOB_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-/")
_MAX_NAME = 80

Area = tuple[str, ...]  # directories, sorted; () is the whole repository


TOP = ""  # the directory of an area that holds the files at the top of the tree


def area_of(paths: tuple[str, ...], *, top: bool = False) -> Area:
    """The directories ``paths`` concern, or () for the whole repository.  With ``top``, a
    file at the top of the tree concerns the :data:`TOP` directory (its files alone)
    instead of the whole repository."""
    dirs = set()
    for path in paths:
        directory = path.rstrip("/") if path.endswith("/") else posixpath.dirname(path)
        if not directory and top and "/" not in path and set(path) <= _GLOB_SAFE:
            dirs.add(TOP)
            continue
        if not directory or not set(directory) <= _GLOB_SAFE or directory.startswith("-") \
                or title_for(directory) != directory:
            return ()  # a directory named after a token would put it in a file name
        dirs.add("/".join(directory.split("/")[:DEPTH]))
    return outermost(dirs, MAX_DIRS)


def outermost(dirs: set[str], most: int) -> Area:
    """Those of ``dirs`` inside none of the others, sorted, when there are 1 to ``most``
    of them; else ()."""
    outer = sorted(d for d in dirs if not any(d.startswith(o + "/") for o in dirs))
    return tuple(outer) if 0 < len(outer) <= most else ()


def globs(area: Area) -> list[str]:
    """The glob patterns matching every file of ``area`` (``src/api/**``; ``*`` for the
    files at the top)."""
    return [f"{directory}/**" if directory else "*" for directory in area]


def name(area: Area) -> str:
    """A file-name stem for ``area``: ``src-api``, ``src-api+tests``.  Names that would
    lose information (other characters, upper case, ``-`` or ``+`` inside a directory
    name) or grow long get a short hash of the exact area, so no two areas share one."""
    # "top-level" for the top: a directory of that name has a "-" inside, so gets a hash
    stem = "+".join("-".join(directory.split("/")) if directory else "top-level"
                    for directory in area)
    exact = all(set(part) <= _PLAIN for directory in area if directory
                for part in directory.split("/"))
    if exact and len(stem) <= _MAX_NAME and not stem.startswith("."):
        return stem
    readable = "".join(c if c in _PLAIN or c in "-+" else "_" for c in stem.lower())
    digest = files.sha256_hex("\0".join(area).encode("utf-8", "surrogateescape"))[:8]
    return f"{readable.strip('.')[:_MAX_NAME]}-{digest}"


def describe(area: Area) -> str:
    """```src/api/``` or ```src/api/` and `tests/```, for a rule's intro (the files at the
    top said in words)."""
    shown = [f"`{directory}/`" if directory else
             "the files at the top of the tree (and changes no one directory holds)"
             for directory in area]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]

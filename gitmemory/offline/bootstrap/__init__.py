"""A day-one memory read from the repository itself (docs/design.md, "Data flow").

A history rarely says how to run the tests, which linter and settings shape
the code, where things live or how commits are written; the repository does:
CI workflows, Makefile, justfile, ``scripts/``, tox and nox, ``pyproject.toml``
tool tables and scripts, ``package.json`` scripts, pre-commit hooks,
``.editorconfig``, and the recent history's subjects.  :func:`bootstrap_extractions`
turns a :class:`Snapshot` of those files into items, each with the paths it
was read from.  Deterministic and offline; the pipeline reads the snapshot
from the branch's tip (:mod:`gitmemory.pipeline.bootstrap`) when a branch has
no such items yet, and again whenever a commit changes one of the files.

Every item starts with a slot name (``Tests:``, ``Code style:`` ...): a newer
reading of the same slot replaces the older (:func:`slot`).
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field

from gitmemory.memory.candidates import Extraction
from gitmemory.offline.bootstrap import commits, layout, settings, tasks
from gitmemory.offline.bootstrap.snapshot import Recent, Snapshot

__all__ = ["SLOTS", "Recent", "Snapshot", "bootstrap_extractions", "is_source", "slot",
           "wanted"]

CONFIDENCE = 0.9
SLOTS = (*tasks.SLOTS, *settings.SLOTS, *layout.SLOTS, *commits.SLOTS)
_SLOT = re.compile(r"^(" + "|".join(re.escape(s) for s in SLOTS) + r"): ")

_ROOT_FILES = frozenset({
    "pyproject.toml", "setup.cfg", "setup.py", "tox.ini", "noxfile.py", "Makefile",
    "makefile", "GNUmakefile", "justfile", "Justfile", ".justfile", "package.json",
    ".pre-commit-config.yaml", ".pre-commit-config.yml", ".editorconfig", "mypy.ini",
    ".mypy.ini", "pytest.ini", ".flake8", "ruff.toml", ".ruff.toml", "mkdocs.yml",
    "mkdocs.yaml", "pyrightconfig.json", "towncrier.toml", ".isort.cfg", "Taskfile.yml",
})
_WORKFLOW = re.compile(r"^\.github/workflows/[^/]+\.ya?ml$")
_SCRIPT = re.compile(r"^(?:scripts|bin|tools)/(?P<name>[\w-]+)(?:\.sh)?$")
MAX_WORKFLOWS = 12
MAX_SCRIPTS = 12


def is_source(path: str) -> bool:
    """Whether the bootstrap reads ``path``: a commit that changes it refreshes memory."""
    return path in _ROOT_FILES or path == ".gitlab-ci.yml" or bool(_WORKFLOW.match(path)) or \
        bool((m := _SCRIPT.match(path)) and tasks.purpose(m["name"]))


def wanted(paths: list[str]) -> list[str]:
    """The files of a tree (given as all its paths) that the bootstrap reads."""
    found = [p for p in paths if p in _ROOT_FILES or p == ".gitlab-ci.yml"]
    found += sorted(p for p in paths if _WORKFLOW.match(p))[:MAX_WORKFLOWS]
    found += sorted(p for p in paths if (m := _SCRIPT.match(p)) and tasks.purpose(m["name"])
                    )[:MAX_SCRIPTS]
    return found


def slot(text: str) -> str | None:
    """The slot a bootstrap item fills (``Tests``), or None for any other line."""
    match = _SLOT.match(text)
    return match.group(1) if match else None


@dataclass
class _Out:
    items: list[Extraction] = field(default_factory=list)

    def add(self, section: str, text: str, paths: list[str] | tuple[str, ...]) -> None:
        shown = tuple(dict.fromkeys(p for p in paths if p))
        self.items.append(Extraction(section, text, CONFIDENCE, (), shown))


def bootstrap_extractions(snapshot: Snapshot) -> list[Extraction]:
    """What the repository says about working in it, most needed first."""
    out = _Out()
    for section, text, paths in [*tasks.items(snapshot), *layout.items(snapshot),
                                 *settings.items(snapshot), *commits.items(snapshot)]:
        out.add(section, text, [_dir(p) for p in paths])
    return out.items


def _dir(path: str) -> str:
    """Paths as the tree has them; a directory keeps its trailing ``/``."""
    return path if path.endswith("/") else posixpath.normpath(path)

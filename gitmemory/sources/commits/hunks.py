"""A commit's diff as a model reads it: the changed lines (docs/design.md, "Data flow").

The ``Files:`` line already names every file with its counts, so a file's
patch loses git's headers (``diff --git``, ``index``, ``---``/``+++``, modes,
rename and similarity lines) and line numbers.  What stays is the change:

- each run of changed lines with one line of context before it (where the
  change sits; the line after says little), under an ``@@`` line that keeps
  git's function context (the first of a file names the file:
  ``@@ src/app.py: def parse(line):``);
- nothing for a file deleted whole, a vendored file or a binary one: the
  ``Files:`` line says what happened to it (:func:`status_word`).
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

from gitmemory.commits import FileChange
from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.paths import is_vendored
from gitmemory.sources.commits.history import file_patches

BEFORE, AFTER = 1, 0  # lines of context kept around a run of changes
_DEF = lazy_regex(r"^[+ -]\s*(?:async\s+)?(?:def|class|func|function|fn|interface|struct|"
                  r"type|impl|module|export\s+(?:default\s+)?(?:function|class|const))\b")


@dataclass(frozen=True)
class Part:
    """One file's changes, shown: its path and the compact hunks, in order."""

    path: str
    hunks: tuple[str, ...]

    @property
    def text(self) -> str:
        return "".join(self.hunks)


def status_word(change: FileChange) -> str:
    """What the ``Files:`` line says besides the counts: ``new``, ``deleted``,
    ``renamed from x``, ``vendored``."""
    if change.status.startswith("D"):
        return "deleted"
    if change.status.startswith("R") and change.old_path:
        return f"renamed from {change.old_path}"
    if is_vendored(change.path):
        return "vendored"
    return "new" if change.status.startswith("A") else ""


def parts(diff: str) -> list[Part]:
    """Every file of a git diff that has lines to show, its hunks made compact.  Headers
    name a file by its path below the directory all the shown files share (the
    ``Files:`` line has the whole path)."""
    found = []
    for path, patch in file_patches(diff):
        head, _, body = patch.partition("\n@@")
        if body and "\ndeleted file mode" not in f"\n{head}" and not is_vendored(path):
            found.append((path, "@@" + body))
    common = posixpath.commonpath([posixpath.dirname(p) for p, _ in found]) if found else ""
    out = []
    for path, body in found:
        hunks = _compact(path[len(common) + 1:] if common else path, body)
        if hunks:
            out.append(Part(path, tuple(hunks)))
    return out


def _compact(name: str, body: str) -> list[str]:
    """The git hunks of one file as runs of changes with their line of context; runs that
    only change imports go last (they say the least)."""
    runs: list[tuple[str, list[str]]] = []  # (function context, lines)
    for header, lines in _git_hunks(body):
        context = header.partition("@@")[2].partition("@@")[2].strip()
        for start, end in _runs(lines):
            runs.append((_function(lines[:start]) or context, lines[start:end]))
    runs.sort(key=lambda run: _imports_only(run[1]))
    out: list[str] = []
    for context, lines in runs:
        lead = _short(context)
        label = (f"{name}: {lead}" if lead else name) if not out else lead
        shown = "".join(line + "\n" for line in lines)
        out.append(f"@@ {label}\n{shown}" if label else f"@@\n{shown}")
    return out


def _imports_only(lines: list[str]) -> bool:
    changed = [line[1:].strip() for line in lines if line[:1] in ("+", "-")]
    return all(not text or _IMPORT.match(text) for text in changed)


def _short(context: str) -> str:
    """A function context without its parameter list when it is long: the name is what
    places the change (``func (c *Config) parsePackageFiles(``)."""
    if len(context) <= _MAX_CONTEXT:
        return context
    cut = context.rfind("(", 0, _MAX_CONTEXT)
    if cut > 10:
        return context[:cut + 1]
    cut = context.rfind(" ", 0, _MAX_CONTEXT)
    return context[:cut] if cut > 10 else context[:_MAX_CONTEXT]


_MAX_CONTEXT = 40
_LICENCE = lazy_regex(r"^\+\s*(?://|#|/?\*+|--|;+)\s*(?:copyright|\(c\)|spdx-license|"
                      r"licensed under|use of this source|license|that can be found in the|"
                      r"all rights reserved)", re.I)
_IMPORT = lazy_regex(r"^(?:import\b|from \S+ import\b|\"[\w./-]+\"$|\w+ \"[\w./-]+\"$|"
                     r"(?:const|let|var) \w+ = require\(|use \S+;$|#include\b|require\b|"
                     r"\)$|\}$)")


def _git_hunks(body: str) -> list[tuple[str, list[str]]]:
    hunks: list[tuple[str, list[str]]] = []
    for line in body.split("\n"):
        if line.startswith("@@"):
            hunks.append((line, []))
        elif hunks and line[:1] in (" ", "+", "-"):
            hunks[-1][1].append(line)
        elif hunks and line.startswith("\\"):  # "\ No newline at end of file"
            continue
    if hunks and " -0,0 " in hunks[0][0]:  # a new file: its licence header says nothing
        header, lines = hunks[0]
        at = 0
        while at < len(lines) and (_LICENCE.match(lines[at]) or
                                   (at and not lines[at][1:].strip())):
            at += 1
        hunks[0] = (header, lines[at:] if at < len(lines) else lines)
    return hunks


def _runs(lines: list[str]) -> list[tuple[int, int]]:
    """(start, end) of each run of changed lines with its context; runs whose context
    would touch or overlap are one run."""
    changed = [i for i, line in enumerate(lines) if line[:1] in ("+", "-")]
    runs: list[tuple[int, int]] = []
    for i in changed:
        start, end = max(0, i - BEFORE), min(len(lines), i + AFTER + 1)
        if runs and start <= runs[-1][1]:
            runs[-1] = (runs[-1][0], end)
        else:
            runs.append((start, end))
    return runs


def _function(before: list[str]) -> str:
    """The last definition line among the lines of a hunk above a run, if any: a run
    split off a long hunk keeps a function context of its own."""
    for line in reversed(before):
        if _DEF.match(line):
            return line[1:].strip()[:80]
    return ""

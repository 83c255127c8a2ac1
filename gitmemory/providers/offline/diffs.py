"""Splitting a unified diff into its files' hunks."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from gitmemory.lazy_regex import lazy_regex


@dataclass
class Hunk:
    context: str  # what git shows after the second @@ (the enclosing "function")
    lines: list[str] = field(default_factory=list)  # with their " ", "+" or "-" prefix


@lru_cache(maxsize=4096)  # a run of 4,000 commits and their parts; a longer one splits anew
def file_hunks(diff: str) -> Mapping[str, list[Hunk]]:
    """Hunks per path (the new path; the old one for deletions) of a ``git diff`` text.
    Split once a text: the rules ask it of each commit's diff four times or more, so
    what it returns is shared, to read and never to change."""
    return MappingProxyType(_split(diff))


def _split(diff: str) -> dict[str, list[Hunk]]:
    out: dict[str, list[Hunk]] = {}
    path: str | None = None
    old: str | None = None
    hunk: Hunk | None = None
    for line in diff.split("\n"):
        if hunk is not None and line[:1] in _HUNK_LINE:  # most lines: tested first
            hunk.lines.append(line)
        elif line.startswith("diff --git "):
            path, old, hunk = _git_header_path(line), None, None
        elif line.startswith("--- ") and hunk is None:
            old = _strip_prefix(line[4:])
        elif line.startswith("+++ ") and hunk is None:
            new = _strip_prefix(line[4:])
            path = new if new != "/dev/null" else old
        elif line.startswith("@@") and path:
            _, _, rest = line[2:].partition("@@")
            hunk = Hunk(rest.strip())
            out.setdefault(path, []).append(hunk)
    return out


_HUNK_LINE = frozenset(" +-")


def _git_header_path(line: str) -> str | None:
    rest = line[len("diff --git "):]
    cut = rest.rfind(" b/")
    return rest[cut + 3:] if cut != -1 else None


def _strip_prefix(name: str) -> str:
    name = name.split("\t", 1)[0].strip()
    if name.startswith('"') and name.endswith('"'):
        name = name[1:-1]
    return name[2:] if name[:2] in ("a/", "b/") else name


def opens_fenced(lines: list[str], fence: re.Pattern[str]) -> bool:
    """Whether a hunk's ``lines`` (each with its ``+``, ``-`` or space) start inside a code
    block that opened above them: the first of its ``fence`` lines is bare and has no
    partner below, and what comes before it reads less like prose than what comes after
    (a migration guide's "val tx2 = ..." above its closing fence)."""
    fences = [n for n, line in enumerate(lines) if fence.match(line[1:])]
    if len(fences) % 2 == 0 or lines[fences[0]][1:].strip() not in ("```", "~~~"):
        return False
    before, after = lines[:fences[0]], lines[fences[0] + 1:]
    return _prose(before) < _prose(after[:max(len(before), 1) * 3])


def _prose(lines: list[str]) -> int:
    return sum(bool(_SENTENCE_LINE.search(line[1:])) for line in lines)


# a line of prose: a word, then four more
_SENTENCE_LINE = lazy_regex(r"^\s*(?:[-*]\s+)?[A-Za-z][a-z]+(?:\s+[\w`'(),-]+){4,}")

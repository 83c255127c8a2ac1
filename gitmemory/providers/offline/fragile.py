"""Code that keeps breaking the same way: a bug pattern no single commit states.

Said only as a durable fact, or not at all: which function keeps breaking,
and how.  Three or more fix (or revert) commits must change the same function
of a source file (git's hunk headers name it), touch few files besides, and
most of them must say the same failure ("panic", "hang", "leak" ...).  A list
of the fixes' subjects is no such fact, so it is never written.
"""

from __future__ import annotations

import re
from collections import Counter

from gitmemory.commits import Commit
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.combine import merge_refs
from gitmemory.providers.offline.diffs import Hunk, file_hunks
from gitmemory.providers.offline.noise import is_noise
from gitmemory.reading.header import parse_header
from gitmemory.reading.paths import files_kind, is_doc, is_test, is_vendored

MIN_FIXES = 3
MAX_ITEMS = 2  # the most fixed functions of a run
_MAX_FILES = 6  # a fix that touches more is a sweep, not a fix of this function
_DEF = lazy_regex(r"\b(?:def|class|function|func|fn)\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)")
# Fixes of wording, style or types are not the code breaking.
_COSMETIC = lazy_regex(r"\b(?:docs?|documentation|changelog|typos?|spelling|lint(?:ing)?|ruff|"
                       r"flake8|pylint|mypy|pyright|typing|type hints?|annotations?|tests?|"
                       r"ci|formatting|whitespace|E\d{3})\b", re.I)
_SOURCE_SKIP = (".md", ".rst", ".txt", ".toml", ".cfg", ".ini", ".yml", ".yaml", ".json",
                ".lock")
# How code breaks, and how the line says it.
_WAYS = (
    (lazy_regex(r"\b(?:panic\w*|nil (?:pointer )?dereference|segfault|SEGV)\b", re.I), "panics"),
    (lazy_regex(r"\bcrash\w*\b", re.I), "crashes"),
    (lazy_regex(r"\b(?:hang\w*|deadlock\w*|infinite loop|freez\w*)\b", re.I), "hangs"),
    (lazy_regex(r"\b(?:race|races|racy|data race)\b", re.I), "races"),
    (lazy_regex(r"\bleak\w*\b", re.I), "leaks"),
    (lazy_regex(r"\b(?:memory|out of memory|OOM)\b", re.I), "memory use"),
)


def fragile_extractions(commits: list[Commit]) -> list[Extraction]:
    """A bug pattern per function at least ``MIN_FIXES`` fix commits changed, when most of
    them name the same way of breaking."""
    fixes: dict[tuple[str, str], list[Commit]] = {}
    for commit in commits:
        header = parse_header(commit.subject)
        if header.kind not in ("fix", "revert") or is_noise(header, commit) or \
                _COSMETIC.search(header.text) or \
                files_kind([f.path for f in commit.files]) is not None:
            continue
        sources = [f.path for f in commit.files if _is_source(f.path)]
        if not 0 < len(sources) <= _MAX_FILES:
            continue
        hunks = file_hunks(commit.diff)
        for path in sources:
            for function in _functions(hunks.get(path, [])):
                fixes.setdefault((path, function), []).append(commit)
    found = []
    for (path, function), fixed in sorted(fixes.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        way = _way(fixed) if len(fixed) >= MIN_FIXES else ""
        if way:
            text = f"`{function}` in {path} keeps breaking: {len(fixed)} fixes for {way}"
            found.append(Extraction("bug-patterns", text, 0.8, merge_refs(c.short for c in fixed),
                                    (path,)))
    return found[:MAX_ITEMS]


def _is_source(path: str) -> bool:
    return not (is_test(path) or is_doc(path) or is_vendored(path) or path.endswith(_SOURCE_SKIP) or
                path.startswith("."))


def _functions(hunks: list[Hunk]) -> set[str]:
    """The functions or classes git names in the headers of a file's hunks."""
    return {m.group(1) for h in hunks if (m := _DEF.search(h.context))}


def _way(fixed: list[Commit]) -> str:
    """The failure most of the fixes name in their messages, or ""."""
    ways: Counter[str] = Counter()
    for commit in fixed:
        text = f"{commit.subject}\n{commit.body}"
        ways.update({said for pattern, said in _WAYS if pattern.search(text)})
    if not ways:
        return ""
    way, count = ways.most_common(1)[0]
    return way if count * 3 >= len(fixed) * 2 else ""

"""Code that keeps being fixed: a bug pattern no single commit states.

Three or more fix (or revert) commits that each change the same source file,
and touch few files besides, say that file is fragile.  The item names the
file, the function most of them changed when the diffs agree on one, and
what each fix was about.
"""

from __future__ import annotations

import re
from collections import Counter

from gitmemory.commits import Commit
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.combine import merge_refs
from gitmemory.offline.diffs import file_hunks
from gitmemory.offline.header import Header, parse_header
from gitmemory.offline.noise import is_noise
from gitmemory.offline.paths import files_kind, is_doc, is_test
from gitmemory.offline.phrasing import LIMIT

MIN_FIXES = 3
MAX_ITEMS = 2  # the most fixed files of a run
_MAX_FILES = 6  # a fix that touches more is a sweep, not a fix of this file
_DEF = re.compile(r"\b(?:def|class|function|func|fn)\s+([A-Za-z_]\w*)")
_LEAD = re.compile(r"^(?:fix(?:es|ed)?|bug)\s+for\s+|"
                   r"^(?:fix(?:es|ed)?|resolve[sd]?|correct(?:s|ed)?|repair(?:s|ed)?)\s+"
                   r"(?:(?:a|an|the)\s+)?(?:(?:bug|issue|problem)\s+(?:with|in|where)\s+)?",
                   re.I)
# Fixes of wording, style or types are not the code breaking.
_COSMETIC = re.compile(r"\b(?:docs?|documentation|changelog|typos?|spelling|lint(?:ing)?|ruff|"
                       r"flake8|pylint|mypy|pyright|typing|type hints?|annotations?|tests?|"
                       r"ci|formatting|whitespace|E\d{3})\b", re.I)
_SOURCE_SKIP = (".md", ".rst", ".txt", ".toml", ".cfg", ".ini", ".yml", ".yaml", ".json",
                ".lock")
PREFIX = "Fixed repeatedly: "


def fragile_extractions(commits: list[Commit]) -> list[Extraction]:
    """A bug pattern per source file that at least ``MIN_FIXES`` fix commits changed."""
    fixes: dict[str, list[tuple[Commit, Header]]] = {}
    for commit in commits:
        header = parse_header(commit.subject)
        if header.kind not in ("fix", "revert") or is_noise(header, commit) or \
                _COSMETIC.search(header.text) or \
                files_kind([f.path for f in commit.files]) is not None:
            continue
        sources = [f.path for f in commit.files if _source(f.path)]
        if 0 < len(sources) <= _MAX_FILES:
            for path in sources:
                fixes.setdefault(path, []).append((commit, header))
    fragile = [(path, found) for path, found in sorted(fixes.items(),
                                                       key=lambda kv: (-len(kv[1]), kv[0]))
               if len(found) >= MIN_FIXES][:MAX_ITEMS]
    return [Extraction("bug-patterns", _text(path, found), 0.8,
                       merge_refs(c.short for c, _ in found), (path,))
            for path, found in fragile]


def _source(path: str) -> bool:
    return not (is_test(path) or is_doc(path) or path.endswith(_SOURCE_SKIP) or
                path.startswith("."))


def _text(path: str, found: list[tuple[Commit, Header]]) -> str:
    where = f"{path} (`{function}`)" if (function := _function(path, found)) else path
    head = f"{PREFIX}{where}: "
    what = [" ".join(_LEAD.sub("", h.text, count=1).split()) for _, h in reversed(found)]
    line = head + "; ".join(what)
    if len(line) <= LIMIT:
        return line
    kept: list[str] = []
    for part in what:  # newest first, whole parts only
        if len(head) + len("; ".join([*kept, part])) + 4 > LIMIT:
            break
        kept.append(part)
    return head + "; ".join(kept) + " ..."


def _function(path: str, found: list[tuple[Commit, Header]]) -> str:
    """The function or class most of the fixes changed in ``path``, if most agree."""
    names: Counter[str] = Counter()
    for commit, _ in found:
        hunks = file_hunks(commit.diff).get(path, [])
        names.update({m.group(1) for h in hunks if (m := _DEF.search(h.context))})
    if not names:
        return ""
    name, count = names.most_common(1)[0]
    return name if count * 2 > len(found) else ""

"""How changelog entries are written, read from the newest releases of the changelog.

``CHANGELOG.md`` (or ``CHANGES.md``, ``HISTORY.md``) at the top of the tree: its
newest releases (headings that name a version) are read for what their entries
share.  Each part is said only when the newest releases are uniform on it: the
headings entries are grouped under (``### Common``, ``### Added``: a heading that
recurs), a kind that starts each entry (``Fix:``, ``New:``) or the area in brackets
(``[Ecto.Query]``), the pull request or issue number each ends with (``(#3673)``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot

SLOTS = ("Changelog entries",)
FILES = ("CHANGELOG.md", "CHANGES.md", "HISTORY.md", "Changelog.md", "changelog.md")
_RELEASES = 5  # newest releases read
_MIN_ENTRIES = 5
_SHARE = 0.6
_HEADING = lazy_regex(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_UNDERLINE = lazy_regex(r"^(=+|-+)\s*$")
_VERSION = lazy_regex(r"\bv?\d+\.\d+|\bunreleased\b", re.I)
# A group's heading: words, no link, code or number ("Gradle plugin", "🐛 Fixes"), and not
# the release's list of people.
_GROUP = lazy_regex(r"^(?!.*(?:contributor|thank))[^\w\[`]{0,3}[A-Za-z][A-Za-z /&'-]{1,40}$", re.I)
_ENTRY = lazy_regex(r"^ {0,3}[*-]\s+(.*)$")  # a list item, indented or not
# The area an entry is about, in brackets: "[Ecto.Query] Fix ...".
_AREA = lazy_regex(r"^\[([\w.:/ -]{1,40})\]\s")
_KIND = lazy_regex(r"^(?:\*\*|__)?([^\w\s]{0,2}\s?[A-Z][A-Za-z]+(?: [a-z]+)?):(?:\*\*|__)?\s")
# A number at the end: "(#3673)", "(#3673 by [x][y])", "[#12](url)", ".../pull/12)".
_NUMBER = lazy_regex(r"(?:#\d+|/(?:pull|issues)/\d+)[^#]{0,60}$")


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    path = next((p for p in FILES if snapshot.text(p)), "")
    if not path:
        return
    releases = _releases(snapshot.text(path) or "")
    entries = [e for _, entries in releases for e in entries]
    if len(entries) < _MIN_ENTRIES:
        return
    said = []
    grouped = [(groups, listed) for groups, listed in releases if groups]
    recurring = Counter(g for groups, _ in grouped for g in dict.fromkeys(groups))
    common = [g for g, n in recurring.most_common() if n >= 2 and _GROUP.match(g)][:5]
    if common and sum(len(listed) for _, listed in grouped) / len(entries) >= _SHARE:
        said.append("are grouped under headings such as " + ", ".join(f"`{g}`" for g in common))
    kinds = [m.group(1).strip() for e in entries if (m := _KIND.match(e))]
    if len(kinds) / len(entries) >= _SHARE:
        shown = [f"`{k}:`" for k, _ in Counter(kinds).most_common(5)]
        said.append(f"start with their kind ({', '.join(shown)})")
    areas = [m.group(1) for e in entries if (m := _AREA.match(e))]
    if len(areas) / len(entries) >= _SHARE:
        shown = [f"`[{a}]`" for a, _ in Counter(areas).most_common(3)]
        said.append(f"start with the area in brackets ({', '.join(shown)})")
    numbered = [m.group(0) for e in entries if (m := _NUMBER.search(e))]
    if len(numbered) / len(entries) >= _SHARE:
        said.append("end with the pull request or issue number")
    if said:
        yield "conventions", f"Changelog entries: in {path}, entries " + "; ".join(said), \
            [path]


def _releases(text: str) -> list[tuple[list[str], list[str]]]:
    """(group headings, entries) of the newest releases, newest first."""
    lines = text.replace("\r\n", "\n").split("\n")
    out: list[tuple[list[str], list[str]]] = []
    level = 0
    depth_of_entries = 0  # a deeper item ("  - Fixed by ... in #4030") belongs to the entry
    for n, line in enumerate(lines):
        heading, depth = _heading(line, lines[n + 1] if n + 1 < len(lines) else "")
        if heading is not None:
            if _VERSION.search(heading) and (not level or depth <= level):
                if len(out) == _RELEASES:
                    break
                level = depth
                out.append(([], []))
            elif out and depth > level:
                out[-1][0].append(heading.strip("*_ "))
            continue
        entry = _ENTRY.match(line)
        indent = len(line) - len(line.lstrip())
        if out and entry and not out[-1][1]:
            depth_of_entries = indent  # the release's first item sets its entries' indent
        if out and entry and indent <= depth_of_entries:
            out[-1][1].append(entry.group(1).strip())
        elif out and out[-1][1] and line.startswith((" ", "\t")) and line.strip():
            out[-1][1][-1] += " " + line.strip()
    return out


def _heading(line: str, after: str) -> tuple[str | None, int]:
    found = _HEADING.match(line)
    if found:
        return found.group(2), len(found.group(1))
    if line.strip() and _UNDERLINE.match(after) and not _ENTRY.match(line):
        return line.strip(), 1 if after.startswith("=") else 2
    return None, 0

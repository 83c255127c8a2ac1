"""Where a project writes its history's lessons for its users, at the tip (docs/design.md,
"Sources").

Three kinds of file tell, in the author's words, what changed and what to watch for: the
changelog (``CHANGELOG.md``, ``CHANGES``, ``NEWS``, ``HISTORY``, release notes), the
upgrade or migration guide (``UPGRADING.md``, ``UPGRADE-5.0.md``, ``docs/migration.md``)
and the README's sections on pitfalls (Troubleshooting, Caveats, Known issues, Gotchas,
FAQ, Limitations).  This module finds them in a tree and cuts out the bounded passages
worth reading, each with where it comes from: the changelog's "Unreleased" section and
its newest released versions, the guide's newest sections (by the versions their
headings name), the README's pitfall sections.  Which sentences of a passage are kept is
the offline rules' question (:mod:`gitmemory.providers.offline.passages`).
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

from gitmemory.fences import Fence
from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot

RELEASES = 2  # released versions read, the newest, besides an "Unreleased" section
MAX_RELEASES = 4  # and more, up to this, while the releases read hold few lines
FEW_LINES = 12  # non-blank lines that many released versions hold at least, when they can
GUIDE_SECTIONS = 2  # of the upgrade guide, the newest
MAX_LINES = 200  # lines of one passage read
MAX_CHANGELOGS = 3  # read, in case the first only says where the changelog moved
MAX_DEPTH = 2  # directories above a history file

_CHANGELOG = lazy_regex(r"^(?:changelog|changes|change_log|news|history|releases?|"
                        r"version[-_]?history|"
                        r"release[-_ ]?notes|whats[-_]?new)(?:\.(?:md|markdown|rst|txt|rdoc|adoc|"
                        r"asciidoc|org))?$",
                        re.I)
_GUIDE = lazy_regex(r"^(?:upgrad(?:e|es|ing)|migrat(?:e|ion|ing))(?:[-_ ]?(?:guide|notes|"
                    r"v?\d+(?:\.\d+)*(?:[-_]to[-_]v?\d+(?:\.\d+)*)?))*\.(?:md|markdown|rst)$",
                    re.I)
_GUIDE_DIRS = ("", "docs", "doc", "documentation", "guides", "docs/guides")
_READMES = ("README.md", "README.rst", "README.markdown", "README")
_PITFALLS = lazy_regex(r"troubleshoot|caveats?\b|known (?:issues|problems|bugs|limitations)|"
                       r"gotchas?\b|pitfalls?\b|limitations?\b|\bfaq\b|frequently asked|"
                       r"common (?:problems|issues|errors|mistakes|pitfalls)|"
                       r"important notes?\b", re.I)
# What a history file is not, wherever it sits.
_ASIDE_DIRS = lazy_regex(r"(?:^|/)(?:tests?|spec|fixtures?|testdata|vendor|third[-_]party|"
                         r"node_modules|examples?|samples?|contrib|\.github)(?:/|$)", re.I)
_VERSION = lazy_regex(r"(?<![\w.])[vV]?(\d+(?:\.\d+)*)(?!\w|\.\d)")
_DOTTED = lazy_regex(r"(?<![\w.])v?\d+\.\d+")
_UNRELEASED = lazy_regex(r"\bunreleased\b|\bnext (?:release|version)\b|\bin progress\b", re.I)
# Markdown's "## 1.2.0", and AsciiDoc's and RDoc's "=== 1.2.0"
_MD_HEADING = lazy_regex(r"^ {0,3}(#{1,6}|={1,6})\s+(.*?)\s*[#=]*\s*$")
_UNDERLINE = lazy_regex(r"^([=\-~^*+#\"':.])\1{2,}\s*$")  # not "```": a fence
# "v1.10.0", "1.2.3 (2026-01-02)", "Version 3.9.0 - 2025-06-01": a line of its own in NEWS
# A line that is only a version (a date and a time zone after it: Dist::Zilla's
# "2.1.0     2026-03-11 21:29:26-04:00 America/New_York"), or a release tool's placeholder
# for the next one (Dist::Zilla's `{{$NEXT}}`).
_BARE_VERSION = lazy_regex(r"^(?:version\s+|release\s+)?v?\d+\.\d+(?:\.\d+)*[\w.+-]*"
                           r"(?:\s.{0,60})?$|^\{\{\s*\$?NEXT\s*\}\}$", re.I)
_FENCE = lazy_regex(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class Passage:
    """Part of a history file: its path, where in it (a version, a guide's or the README's
    heading), its kind (``release``, ``upgrade``, ``pitfalls``) and its lines."""

    path: str
    where: str
    kind: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class _Heading:
    at: int  # its line
    level: int
    title: str
    body: int  # the first line after it


def wanted(paths: list[str]) -> list[str]:
    """The history files of a tree that are read: its changelogs (the first with releases
    is read), one upgrade guide, the README."""
    return [p for p in (*changelogs(paths), guide(paths), readme(paths)) if p]


def is_history_file(path: str) -> bool:
    """Whether ``path`` could be one of the files read: a commit changing it calls for a
    new reading."""
    base = posixpath.basename(path)
    return not _ASIDE_DIRS.search(path) and path.count("/") <= MAX_DEPTH and (
        bool(_CHANGELOG.match(base) or _GUIDE.match(base)) or path in _READMES)


def changelogs(paths: list[str]) -> list[str]:
    """The changelogs, the shallowest first (``CHANGES`` may only say where it moved)."""
    found = [p for p in paths if _CHANGELOG.match(posixpath.basename(p))
             and p.count("/") <= MAX_DEPTH and not _ASIDE_DIRS.search(p)]
    return sorted(found, key=lambda p: (p.count("/"), len(p), p))[:MAX_CHANGELOGS]


def guide(paths: list[str]) -> str:
    """The upgrade guide: at the top or in the docs, the one for the newest version when
    there is one per version (``UPGRADE-5.0.md``)."""
    found = [p for p in paths if _GUIDE.match(posixpath.basename(p))
             and posixpath.dirname(p) in _GUIDE_DIRS]
    return max(found, key=lambda p: (_version(posixpath.basename(p)), -p.count("/"),
                                     -len(p)), default="")


def readme(paths: list[str]) -> str:
    return next((p for p in _READMES if p in paths), "")


def passages(snapshot: Snapshot) -> list[Passage]:
    """The passages worth reading, the changelog's first, then the guide's, then the
    README's."""
    out: list[Passage] = []
    for path in changelogs(snapshot.paths):
        found = releases(path, snapshot.text(path) or "")
        if found:
            out += found
            break
    path = guide(snapshot.paths)
    if snapshot.text(path):
        out += upgrades(path, snapshot.text(path) or "")
    path = readme(snapshot.paths)
    if snapshot.text(path):
        out += pitfalls(path, snapshot.text(path) or "")
    return out


def releases(path: str, text: str) -> list[Passage]:
    """An "Unreleased" section with entries and the ``RELEASES`` newest released versions
    (more, up to ``MAX_RELEASES``, while those hold under ``FEW_LINES`` lines: patch
    releases of one entry each), newest first (a changelog written oldest first is read
    from its end)."""
    lines = _lines(text)
    heads = [h for h in _headings(lines, bare=True) if _DOTTED.search(h.title) or
             _UNRELEASED.search(h.title)]
    if not heads:
        return []
    # the level most release titles have, and any above it: standard-version and
    # release-please title a major release one level up ("# [4.0.0]" among "## [4.1.0]")
    levels = [h.level for h in heads]
    level = max(set(levels), key=lambda n: (levels.count(n), -n))
    heads = [h for h in heads if h.level <= level]
    sections = [(h, _body(lines, h, heads[n + 1].at if n + 1 < len(heads) else len(lines)))
                for n, h in enumerate(heads)]
    released = [s for s in sections if not _UNRELEASED.search(s[0].title)]
    if len(released) > 1 and _dotted(released[-1][0].title) > _dotted(released[0][0].title):
        released.reverse()
    taken = 0
    while taken < len(released) and (taken < RELEASES or (
            taken < MAX_RELEASES and sum(len([x for x in body if x.strip()])
                                         for _, body in released[:taken]) < FEW_LINES)):
        taken += 1
    chosen = [s for s in sections if _UNRELEASED.search(s[0].title) and s[1]][:1] + \
        released[:taken]
    return [Passage(path, _release_name(h.title), "release", body) for h, body in chosen if body]


def upgrades(path: str, text: str) -> list[Passage]:
    """The guide's ``GUIDE_SECTIONS`` newest sections: those at the highest level below
    the title, by the versions their headings name; a guide with no versioned sections
    (``UPGRADE-5.0.md``) is one passage, named by its file."""
    lines = _lines(text)
    heads = _headings(lines)
    versioned = [h for h in heads if _VERSION.search(h.title)]
    if versioned:
        level = min(h.level for h in versioned)
        tops = [h for h in heads if h.level <= level]
        ends = {h.at: _section_end(lines, h, tops) for h in tops}
        chosen = sorted((h for h in tops if _VERSION.search(h.title)),
                        key=lambda h: _version(h.title), reverse=True)[:GUIDE_SECTIONS]
        return [Passage(path, _plain(h.title), "upgrade", _body(lines, h, ends[h.at]))
                for h in chosen]
    version = _version(posixpath.basename(path))
    if not any(version):
        return []
    name = ".".join(str(n) for n in version)
    return [Passage(path, f"upgrading to {name}", "upgrade", tuple(lines[:MAX_LINES]))]


def _section_end(lines: list[str], head: _Heading, tops: list[_Heading]) -> int:
    """Where a guide's top section ends: at the next heading of its level, or, when it
    has no text of its own before that one ("## Upgrading to 5.0" then "## some methods
    are now extensions": its parts written at its own level), at the next one that names
    a version."""
    after = [o.at for o in tops if o.at > head.at]
    end = after[0] if after else len(lines)
    if any(line.strip() for line in lines[head.body:end]):
        return end
    return next((o.at for o in tops if o.at > head.at and _VERSION.search(o.title)),
                len(lines))


def pitfalls(path: str, text: str) -> list[Passage]:
    """The README's sections on pitfalls."""
    return [Passage(path, _plain(title), "pitfalls", body)
            for title, body in sections(text, _PITFALLS)]


def sections(text: str, wanted: re.Pattern[str]) -> list[tuple[str, tuple[str, ...]]]:
    """(title, body lines) of each section whose heading ``wanted`` finds, each down to the
    next heading as high as its own (code blocks aside; an empty one left out)."""
    lines = _lines(text)
    heads = _headings(lines)
    out = []
    for n, head in enumerate(heads):
        if not wanted.search(head.title):
            continue
        end = next((h.at for h in heads[n + 1:] if h.level <= head.level), len(lines))
        body = _body(lines, head, end)
        if body:
            out.append((head.title, body))
    return out


def _lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _headings(lines: list[str], *, bare: bool = False) -> list[_Heading]:
    """Markdown and reStructuredText headings outside code blocks (levels: ``#`` count;
    for underlined titles, the order their underline characters first appear); with
    ``bare``, a line that is only a version (NEWS files) is one too, below them all."""
    out: list[_Heading] = []
    rst: list[str] = []
    fence = Fence()
    skip = -1
    for n, line in enumerate(lines):
        if n <= skip:
            continue
        if _FENCE.match(line) and not (n and _underlines(lines[n - 1], line)):
            fence.step(line)  # a fence, not the "~~~~" under a title
            continue
        if fence.inside:
            continue
        md = _MD_HEADING.match(line)
        after = lines[n + 1] if n + 1 < len(lines) else ""
        if md:
            out.append(_Heading(n, len(md.group(1)), md.group(2).strip(), n + 1))
        elif line.strip() and not _UNDERLINE.match(line) and _UNDERLINE.match(after) and \
                len(after.strip()) >= min(len(line.strip()), 3):
            char = after.strip()[0]
            if char not in rst:
                rst.append(char)
            out.append(_Heading(n, rst.index(char) + 1, line.strip(), n + 2))
            skip = n + 1
        elif bare and _release_line(line) and not line[:1].isspace() and \
                (n == 0 or not lines[n - 1].strip() or _UNDERLINE.match(lines[n - 1])):
            out.append(_Heading(n, 9, _unbolded(line), n + 1))
        elif bare and (item := _LISTED_VERSION.match(line)) and \
                _BARE_VERSION.match(item.group(1)) and _NESTED.match(after):
            # a release as an item of the top list, its entries the items nested under it
            # (next.jdbc's `* 1.3.925 -- 2024-03-15` over `  * Address #275 by ...`)
            out.append(_Heading(n, 9, item.group(1).strip(), n + 1))
    return out


# A line set in bold whole, as a release's heading (anyio's `**4.14.2**`, `**UNRELEASED**`).
_BOLD = lazy_regex(r"^(\*\*|__)([^*_]+)\1$")


def _release_line(line: str) -> bool:
    """Whether ``line`` is only a version, or in bold whole only a version or the upcoming
    release (``**UNRELEASED**``)."""
    words = _unbolded(line)
    return bool(_BARE_VERSION.match(words) or (
        words != line.strip() and _UNRELEASED.fullmatch(words)))


def _unbolded(line: str) -> str:
    """The line's words when it is set in bold whole (``**4.14.2**``, ``**UNRELEASED**``:
    a release's heading in a changelog that uses no heading markup); else the line."""
    bold = _BOLD.match(line.strip())
    return bold.group(2).strip() if bold else line.strip()


def _underlines(title: str, line: str) -> bool:
    """Whether ``line`` underlines ``title``: at the line's start, or indented as the title
    is and as long (a title in a reStructuredText comment, beets' commented-out
    "For plugin developers" over an indented "~~~~", is no fence that hides the releases
    after it)."""
    if not title.strip():
        return False
    if _UNDERLINE.match(line):
        return True
    indent = len(title) - len(title.lstrip())
    return indent > 0 and line[:indent].isspace() and bool(_UNDERLINE.match(line[indent:])) \
        and len(line.strip()) >= len(title.strip())


# An item of the top list (at the line's start) and an item nested under one.
_LISTED_VERSION = lazy_regex(r"^[*-]\s+(\S.*)$")
_NESTED = lazy_regex(r"^[ \t]+[*-]\s+\S")


def _body(lines: list[str], head: _Heading, end: int) -> tuple[str, ...]:
    body = lines[head.body:min(end, head.body + MAX_LINES)]
    return tuple(body) if any(line.strip() for line in body) else ()


def _version(text: str) -> tuple[int, ...]:
    """The highest version ``text`` names ("V4 to V5" -> (5,)), () for none."""
    found = [tuple(int(n) for n in m.group(1).split(".")) for m in _VERSION.finditer(text)]
    return max(found, default=())


def _dotted(title: str) -> tuple[int, ...]:
    """The release a heading names ("1.2.0 (2026-01-02)" -> (1, 2, 0)), not its date."""
    found = re.search(r"\d+(?:\.\d+)+", title)
    return tuple(int(n) for n in found.group(0).split(".")) if found else ()


def _release_name(title: str) -> str:
    """"[1.2.0] - 2026-01-02" -> "1.2.0"; "Unreleased" as it is."""
    if _UNRELEASED.search(title) and not _DOTTED.search(title):
        return "Unreleased"
    found = _DOTTED.search(title)
    rest = title[found.start():] if found else title
    return re.split(r"[\s\]()]", rest.lstrip("v"), maxsplit=1)[0] if found else _plain(title)


def _plain(title: str) -> str:
    """A heading's words: links, emphasis and code marks out."""
    title = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", title)
    return re.sub(r"[*_`]+", "", title).strip().rstrip(":")

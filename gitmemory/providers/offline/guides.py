"""What a section a commit adds to an upgrade or migration guide teaches.

An upgrade guide (``UPGRADE.md``, ``UPGRADING.rst``, ``docs/migration.md``,
``guide/src/migration.md``) is where a project tells its users what they must
change: each section is one break, titled by it ("BC BREAK: Removed the `url`
connection parameter", "Deprecation of tuple initialisation"), and its first
paragraph says what holds now and what to do instead.  Nothing else says it as
plainly: the commit that makes the break often has a subject of a few words and a
pull-request template for a body.  So each section heading a commit adds to such a
guide is kept as a fact, with the first sentence the commit adds under it, in the
guide's own words.  The headings that only order the guide are no break: a
version's ("Upgrade to 4.0", "From 0.28 to 0.29"), and the short ones that frame an
example ("Before", "After", "Example").  Code blocks are examples, and a line of HTML
(``<details open>``) is the page's markup: neither is prose.
"""

from __future__ import annotations

import re

from gitmemory.commits import Commit
from gitmemory.fences import Fence
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.similar import dedupe_key
from gitmemory.providers.offline.diffs import file_hunks, opens_fenced
from gitmemory.providers.offline.minimums import against_manifest, manifest_minimums
from gitmemory.providers.offline.news import RETYPED, clean
from gitmemory.providers.offline.phrasing import LIMIT, tidy
from gitmemory.providers.offline.verbatim import Found
from gitmemory.providers.offline.worth import names_something
from gitmemory.reading.paths import is_upgrade_guide
from gitmemory.reading.sentences import sentences
from gitmemory.text import alike

MOST = 4  # sections from one commit: a release's guide may add dozens
_FEWEST_WORDS = 3  # "Before", "After", "Code example": they frame, they state nothing
_MARKDOWN_HEADING = lazy_regex(r"^\s{0,3}#{1,6}\s+(?P<text>.+?)\s*#*\s*$")
_UNDERLINE = lazy_regex(r"^\s*([=~^\"'`*+-])\1{2,}\s*$")
_BULLET = lazy_regex(r"^(?:[-*+\u2022]|\d{1,3}[.)])\s+")
_ORDINAL = lazy_regex(r"^(?:step\s+)?\d{1,3}[.)]\s+(?=\S)", re.I)
# "<details open>", "<summary>...</summary>": a page's markup, no prose
_HTML = lazy_regex(r"^\s*</?[a-z][\w-]*(?:\s[^>]*)?>")
_FENCE = lazy_regex(r"^\s*(?:```|~~~|\.\. code(?:-block)?::)")
_CODE_DIRECTIVE = lazy_regex(r"^\s*\.\. code(?:-block)?::")
_VERSION = lazy_regex(r"\bv?\d+\.(?:\d+|[*x])\b|\bv\d+\b", re.I)  # "2.x", "V1 to V2"
_BREAK_HEADING = lazy_regex(r"\b(?:break\w*|remov\w*|deprecat\w*|renam\w*|replac\w*|"
                            r"no longer|drop\w*)\b", re.I)


def guide_items(commit: Commit) -> list[Found]:
    """The sections ``commit`` adds to its upgrade guides, each as "heading — first
    sentence" (the heading alone when it adds no prose under it and names a thing);
    over ``MOST``, the headings that say they break something come first."""
    found: list[str] = []
    hunks_of = file_hunks(commit.diff)
    for path, hunks in hunks_of.items():
        if is_upgrade_guide(path):
            found += _sections([line for hunk in hunks for line in [*hunk.lines, ""]])
    pinned = manifest_minimums(commit)
    found = [text for text in found if not against_manifest(text, pinned)]
    found.sort(key=lambda text: not _BREAK_HEADING.search(text.partition(" \u2014 ")[0]))
    return [("facts", text, 0.8) for text in found[:MOST]]


def _sections(lines: list[str]) -> list[str]:
    """"heading — sentence" for each heading the lines add."""
    out: list[str] = []
    heading: str | None = None
    prose: list[str] = []
    fence = Fence()
    directive = False  # inside reStructuredText's code directive, read as a fence pair
    # the headings the lines take away: one added again with a label is no new section
    before = [title for at, line in enumerate(lines) if line.startswith("-") and
              (title := _heading(line[1:], "")) is not None]

    def close() -> None:
        if heading is not None:
            item = _item(heading, " ".join(prose))
            if item:
                out.append(item)

    for at, line in enumerate(lines):
        if not at or not lines[at - 1]:  # a hunk starts: inside a block opened above it?
            end = next((k for k in range(at, len(lines)) if not lines[k]), len(lines))
            fence, directive = Fence(opens_fenced(lines[at:end], _FENCE)), False
        added, text = line.startswith("+"), line[1:]
        if _CODE_DIRECTIVE.match(text):
            directive = not directive
            continue
        if fence.step(text) or fence.inside or directive:
            continue
        title = _heading(text, lines[at + 1] if at + 1 < len(lines) else "")
        if title is not None or _UNDERLINE.match(text):
            if title is not None:
                close()
                new = added and not any(_retitled(title, old) for old in before)
                heading, prose = (title if new else None), []
            continue
        if heading is None or not added or (not text.strip() and prose):
            if prose:
                close()
                heading, prose = None, []
            continue
        if text.strip() and not text.startswith("    ") and not _HTML.match(text):
            prose.append(_BULLET.sub("", text.strip(), count=1))
    close()
    return out


def _heading(text: str, following: str) -> str | None:
    """The text of a heading: a markdown one, or a line a reStructuredText underline
    follows."""
    match = _MARKDOWN_HEADING.match(text)
    if match:
        return match.group("text")
    if text.strip() and following[:1] in "+ " and _UNDERLINE.match(following[1:]) and \
            not _FENCE.match(following[1:]):  # a code block's fence underlines nothing
        return text.strip()
    return None


def _retitled(new: str, old: str) -> bool:
    """Whether heading ``new`` is ``old`` given a label or retyped ("Removed X" ->
    "BC BREAK: Removed X")."""
    new_key, old_key = dedupe_key(new), dedupe_key(old)
    return bool(old_key) and (old_key in new_key or alike(new_key, old_key, RETYPED))


def _item(heading: str, prose: str) -> str | None:
    """The heading and the first sentence of its prose, or None when the heading only
    orders the guide or nothing of it names a thing."""
    # a numbered heading ("#### 1. Instead of using `MaterialAutoRouter` ...", auto_route's
    # migration guide): the number orders the guide, the rest is the break
    title = _ORDINAL.sub("", tidy(clean(heading)).rstrip(":"), count=1)
    words = title.split()
    if len(words) < _FEWEST_WORDS or (_VERSION.search(title) and len(words) <= 5):
        return None
    said = sentences(clean(prose)) if prose else []
    first = tidy(said[0]).rstrip(".") if said else ""
    first = first if len(first.split()) >= _FEWEST_WORDS else ""  # "1", "e.g."
    text = f"{title} \u2014 {first}" if first else title
    if len(text) > LIMIT:
        text = title
    return text if names_something(text) else None

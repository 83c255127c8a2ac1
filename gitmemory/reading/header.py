"""A commit subject, read: conventional type and scope, breaking mark, ticket, emoji.

Real subjects are messy (``ABC-123: Fix login``, ``:bug: fix``, ``🐛 Fix``,
``[cli] Fix the pager``, ``Fix crash (#123)``, ``Merge pull request #4 from x/y``);
:func:`parse_header` turns each into a :class:`Header` with one ``kind`` the rules can act on.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass, replace
from functools import lru_cache

from gitmemory.lazy_regex import lazy_regex

KINDS = ("feat", "fix", "refactor", "perf", "docs", "test", "build", "ci", "chore", "style",
         "revert", "release", "merge", "other")
_ALIASES = {
    "feat": "feat", "feature": "feat", "features": "feat", "add": "feat", "new": "feat",
    "fix": "fix", "fixes": "fix", "bugfix": "fix", "hotfix": "fix", "bug": "fix",
    "security": "fix", "refactor": "refactor", "refactoring": "refactor", "perf": "perf",
    "performance": "perf", "docs": "docs", "doc": "docs", "documentation": "docs",
    "test": "test", "tests": "test", "testing": "test", "build": "build", "deps": "build",
    "dependencies": "build", "ci": "ci", "chore": "chore", "style": "style", "lint": "style",
    "revert": "revert", "release": "release", "bump": "release", "wip": "chore",
}
_GITMOJI = {
    "bug": "fix", "ambulance": "fix", "lock": "fix", "sparkles": "feat", "tada": "feat",
    "recycle": "refactor", "zap": "perf", "memo": "docs", "pencil": "docs",
    "white_check_mark": "test", "green_heart": "ci", "construction_worker": "ci",
    "wrench": "chore", "art": "style", "lipstick": "style", "rewind": "revert",
    "bookmark": "release", "arrow_up": "build", "arrow_down": "build", "heavy_plus_sign": "build",
    "heavy_minus_sign": "build", "boom": "breaking", "fire": "refactor", "truck": "refactor",
    "construction": "chore", "rotating_light": "style", "pushpin": "build",
}
_EMOJI = {"🐛": "fix", "🚑": "fix", "🔒": "fix", "✨": "feat", "🎉": "feat", "♻": "refactor",
          "⚡": "perf", "📝": "docs", "✏": "docs", "✅": "test", "💚": "ci", "👷": "ci",
          "🔧": "chore", "🎨": "style", "💄": "style", "⏪": "revert", "🔖": "release",
          "⬆": "build", "⬇": "build", "➕": "build", "➖": "build", "💥": "breaking",
          "🔥": "refactor", "🚚": "refactor", "🚧": "chore", "🚨": "style", "📌": "build"}
# First words of free-form subjects, by kind (checked after stripping prefixes).
_VERB_KINDS = {
    "fix": "fix fixes fixed fixing resolve resolves resolved correct corrects corrected repair "
           "prevent prevents handle handles guard avoid avoids",
    "feat": "add adds added implement implements implemented introduce introduces support "
            "supports allow allows enable enables create creates provide",
    "refactor": "refactor refactors refactored restructure simplify simplifies clean cleanup "
                "rename renames move moves extract split streamline reorganize reorganise "
                "replace replaces switch switches migrate migrates drop drops remove removes "
                "deprecate deprecates rewrite use",
    "perf": "speed optimize optimise optimizes cache",
    "docs": "document documents docs doc",
    "test": "test",
    "release": "release bump prepare",
    "revert": "revert reverts",
}
_EMOJI_JOINERS = frozenset("\ufe0f\u200d\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe\U0001f3ff")
_VERB_KIND = {w: kind for kind, words in _VERB_KINDS.items() for w in words.split()}

_TAGS = lazy_regex(r"\[(?:skip ci|ci skip|no ci|skip actions|actions skip|wip)\]", re.I)
_GITMOJI_CODE = lazy_regex(r"^:([a-z0-9_+-]+):\s*")
_TICKET = lazy_regex(r"^\[?([A-Z][A-Z0-9]{1,9}-\d+)\]?\s*[:\-\u2013|]?\s+")
VERSION_TAG = lazy_regex(r"^(?:\[[vV]?\d+(?:\.[\dxX*]+)*\]|\([vV]?\d+(?:\.[\dxX*]+)+\))"
                          r"\s*(?=\S)")
_BRACKET_AREA = lazy_regex(r"^\[(?![vV]?\d+(?:\.[\dxX*]+)*\])([A-Za-z0-9_.,/ -]{1,40})\]"
                           r"\s*[:|\-\u2013]?\s+(?=\S)")
# "[FIXED] Crash on ...": a changelog's kind of change in brackets, not an area
_CHANGE_TAGS = {
    "fixed": "fix", "bugfixes": "fix", "bugs": "fix", "improved": "feat", "improvement": "feat",
    "improvements": "feat", "enhancement": "feat", "enhanced": "feat", "added": "feat",
    "changed": "refactor", "removed": "refactor", "deprecated": "refactor",
    "deprecation": "refactor", "breaking": "breaking",
}
_HASH_TICKET = lazy_regex(r"^\[?#(\d+)\]?\s*[:\-\u2013]?\s+")
_CONVENTIONAL = lazy_regex(r"^(?P<type>[A-Za-z][\w./-]*)(?:\((?P<scope>[^()]*)\))?(?P<bang>!)?"
                           r":\s+(?P<desc>\S.*)$")
_AREA = lazy_regex(r"^[A-Za-z0-9_./-]{2,40}$")
# Areas as git's and Git LFS's subjects list them: several, comma-parted ("lfs,tq: ...",
# "lfshttp, tq: ..."), or a path with a glob or braces ("tools/copycallback*.go: ...",
# "tools/{iotools,util}_test.go: ..."), in small letters, before the colon.
_AREAS = lazy_regex(r"^(?P<areas>(?=[^:\s]*[,{*]|[^:]*, )[a-z][\w./{}*-]*(?:,[\w./{}*-]*)*"
                    r"(?:, [a-z][\w./{}*,-]*)*):\s+(?P<desc>\S.*)$")
_NOT_AREAS = frozenset({"note", "notes", "todo", "wip", "update", "misc", "nb", "info", "warning",
                        "important", "hack", "temp", "tmp", "breaking", "change", "changes"})
_FIX_ISSUE = lazy_regex(r"^(?:fix(?:es|ed)?|close[sd]?|resolve[sd]?)\s+(?:[\w.-]+/[\w.-]+)?#\d+"
                        r"\s*[:\-\u2013]\s*", re.I)
_TRAILING_REFS = lazy_regex(
    r"\s*(?:\((?:(?:closes|fixes|fix|refs?|see|resolves)\s+)?[\w./-]*#\d+\)|#\d+|"
    r"\[[A-Z][A-Z0-9]+-\d+\])\s*$", re.I)
_MERGE = lazy_regex(r"^merge (?:pull request|branch|remote-tracking branch|tag|commit|"
                    r"changes|[0-9a-f]{7,40}\b)", re.I)
_REVERT = lazy_regex(r'^revert[:\s]+"?(?P<inner>.+?)"?$', re.I)
_CUT_NUMBER = lazy_regex(r"\s*\((?:#\d*)?\u2026$")


@dataclass(frozen=True)
class Header:
    kind: str  # one of KINDS
    text: str  # the description: no type, scope, ticket, emoji or PR number
    scope: str = ""
    breaking: bool = False
    conventional: bool = False
    ticket: str = ""


@lru_cache(maxsize=4096)
def parse_header(subject: str) -> Header:
    """Read one subject line (see the module docstring for what it copes with).

    Remembered: a run reads each subject several times (triage, the rules, the
    squash check), and a Header is frozen."""
    text = " ".join(_TAGS.sub(" ", html.unescape(subject) if "&" in subject else subject).split())
    if _MERGE.match(text):
        return Header("merge", text)
    text, emoji_kind = _strip_emoji(text)
    text, ticket = _strip_ticket(text)
    text = VERSION_TAG.sub("", text, count=1)  # "[3.x] Fix ...": a backport's branch
    area = _BRACKET_AREA.match(text)
    if area and (tagged := _change_tag(area.group(1))):
        inner = parse_header(text[area.end():])
        if tagged == "breaking":
            return replace(inner, breaking=True, ticket=ticket or inner.ticket)
        return replace(inner, kind=tagged, ticket=ticket or inner.ticket)
    if area:  # "[cli] Fix the pager": the area in brackets
        inner = parse_header(text[area.end():])
        kind = inner.kind if inner.kind != "other" else emoji_kind or "other"
        return replace(inner, kind=kind, scope=inner.scope or area.group(1).strip(),
                       ticket=ticket or inner.ticket)
    # 'Revert "fix(types): X (#6218)" (#6729)': the revert's own number after the quote
    bare = text
    while bare.endswith(")") and (shorter := _TRAILING_REFS.sub("", bare)) != bare:
        bare = shorter
    revert = _REVERT.match(bare)
    if revert:
        # 'Revert "[tests] Add X as a java agent (#2…"': GitHub cut the title in its number
        inner = parse_header(_CUT_NUMBER.sub("", revert.group("inner")))
        return Header("revert", inner.text, inner.scope, ticket=ticket)
    match = _CONVENTIONAL.match(text)
    if match:
        header = _conventional(match, ticket)
        if header is not None:
            if header.kind == "other" and emoji_kind not in ("", "breaking"):
                return replace(header, kind=emoji_kind)  # ":bug: parser: handle ..."
            return header
    areas = _AREAS.match(text)
    if areas:  # "lfs,tq: simplify ...", "tools/{iotools,util}_test.go: move ...": areas
        desc, inner_ticket = _strip_ticket(areas.group("desc"))
        desc = _clean_desc(desc)
        return Header(emoji_kind or _verb_kind(desc), desc, areas.group("areas"),
                      ticket=ticket or inner_ticket)
    fix_issue = _FIX_ISSUE.match(text)
    if fix_issue:  # "Fix #3084: Correct flag behaviour"
        return Header("fix", _clean_desc(text[fix_issue.end():]), ticket=ticket)
    desc = _clean_desc(text)
    kind = emoji_kind or _verb_kind(desc)
    if kind == "breaking":
        return Header("refactor", desc, breaking=True, ticket=ticket)
    return Header(kind, desc, ticket=ticket)


def _conventional(match: re.Match[str], ticket: str) -> Header | None:
    raw_type = match.group("type")
    desc, inner_ticket = _strip_ticket(match.group("desc"))
    desc = _clean_desc(desc)
    kind = _ALIASES.get(raw_type.lower())
    scope = (match.group("scope") or "").strip()
    breaking = bool(match.group("bang"))
    if kind is not None:
        return Header(kind, desc, scope, breaking, conventional=True,
                      ticket=ticket or inner_ticket)
    if _AREA.match(raw_type) and not scope and raw_type.lower() not in _NOT_AREAS:
        # "parser: handle empty input": an area prefix, kernel style
        return Header(_verb_kind(desc), desc, raw_type, breaking, ticket=ticket or inner_ticket)
    return None


def _change_tag(word: str) -> str:
    """The kind a bracketed word names when it is a kind of change ("FIXED", "Removed",
    "FEAT"), else ""."""
    word = word.strip()
    lower = word.lower()
    if lower in _CHANGE_TAGS:
        return _CHANGE_TAGS[lower]
    if word.isupper() and lower in _ALIASES:  # "[FIX]", "[DOCS]": a type word in capitals
        return _ALIASES[lower]
    return ""


def _strip_emoji(text: str) -> tuple[str, str]:
    kind = ""
    code = _GITMOJI_CODE.match(text)
    if code:
        kind = _GITMOJI.get(code.group(1), "")
        text = text[code.end():]
    while text and (unicodedata.category(text[0]) == "So" or text[0] in _EMOJI_JOINERS):
        kind = kind or _EMOJI.get(text[0], "")
        text = text[1:].lstrip()
    return text, kind


def _strip_ticket(text: str) -> tuple[str, str]:
    match = _TICKET.match(text) or _HASH_TICKET.match(text)
    if not match:
        return text, ""
    return text[match.end():], match.group(1)


def _clean_desc(desc: str) -> str:
    desc = start = desc.strip()
    while True:
        cut = _TRAILING_REFS.sub("", desc)
        if cut == desc:
            break
        desc = cut
    if desc != start:  # "inconsistent behaviour for #541 #618": "for" only led to them
        desc = _LED_TO_REFS.sub("", desc)
    return desc.rstrip(" .")


_LED_TO_REFS = lazy_regex(r"\s+(?:for|in|of|on|to|with|from|by|per|via|and|see)$", re.I)


def _verb_kind(desc: str) -> str:
    words = desc.split()
    first = words[0].lower().strip(":,") if words else ""
    if first == "speed" and len(words) > 1 and words[1].lower() == "up":
        return "perf"
    return _VERB_KIND.get(first, "other")

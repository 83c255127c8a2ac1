"""Deprecations a later commit of the run finishes: "The `digits` and `undigits` functions
of the `int` module have been deprecated", then "The deprecated ... `int.digits`, and
`int.undigits` functions have been removed".  The first says the functions are there to be
migrated from; once they are gone it tells an agent something false (docs/design.md,
"Data flow": items a later commit of the run makes wrong).
"""

from __future__ import annotations

import re

from gitmemory.commits import Commit
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Extraction

_SPAN = lazy_regex(r"`([^`\n]{1,80})`")
_DEPRECATED = lazy_regex(r"\bdeprecat(?:ed|es|e|ing|ion)\b", re.I)
# "the deprecated X ... have been removed", "removed the deprecated X": the removal of
# what an earlier deprecation named, said as such
_REMOVES_DEPRECATED = lazy_regex(
    r"\bdeprecated\b.{0,300}?\b(?:removed|deleted|dropped)\b|"
    r"\b(?:remove[sd]?|delete[sd]?|drop(?:ped|s)?)\b.{0,40}?\bdeprecated\b", re.I | re.S)
_PART = lazy_regex(r"[A-Za-z_][\w?!]*")


def removed_later(found: list[Extraction], commits: list[Commit]) -> list[Extraction]:
    """``found`` without a deprecation whose every name a later item says the run removed
    (a name is its last dotted or slashed part: `int.digits` covers `digits`, `gleam/bool`
    is `bool`); one naming anything the removal leaves out stays."""
    order = {c.short: at for at, c in enumerate(commits)}
    removals = [(e.cited_at(order), parts) for e in found if _REMOVES_DEPRECATED.search(e.content)
                and (parts := {p for span in _SPAN.findall(e.content)
                               for p in _PART.findall(span)})]
    if not removals:
        return found

    def finished(e: Extraction) -> bool:
        if not _DEPRECATED.search(e.content) or _REMOVES_DEPRECATED.search(e.content):
            return False
        names = [_last(span) for span in _SPAN.findall(e.content)]
        if not names or not all(names):
            return False
        at = e.cited_at(order)
        return any(later > at and all(n in parts for n in names) for later, parts in removals)
    return [e for e in found if not finished(e)]


def _last(span: str) -> str:
    parts = _PART.findall(span)
    return parts[-1] if parts else ""

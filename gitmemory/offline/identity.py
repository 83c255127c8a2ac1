"""When two of the offline rules' lines state the same item in other words.

Facts read across commits depend on the batch they were read from: one run
of memorize says "Code for `bump` lives in commitizen/commands/bump.py", the
next, seeing fewer commits of that scope, "... lives in commitizen/commands/".
Run after run such lines would pile up as near-copies.  :func:`same_item` tells
the deterministic merge that they are one item and which wording to keep.
"""

from __future__ import annotations

import re

_SCOPE = re.compile(r"^Code for `(?P<key>[^`]+)` lives in (?P<where>.+)$")
# (pattern naming the item, which wording wins: "new" when the newer batch knows
# better, "old" when the old wording is as good and keeping it avoids churn)
_TEMPLATES = (
    (re.compile(r"^CI runs on (?P<key>.+?) \("), "new"),
    (re.compile(r"^Tests (?:sit beside the code|mirror modules by name)(?P<key>)"), "new"),
    (re.compile(r"^Commit subjects start with a ticket id(?P<key>)"), "old"),
    (re.compile(r"^This branch adds migrations in (?P<key>\S+?)/?(?:[:,]|$)"), "new"),
    (re.compile(r"^Code moved from (?P<key>\S+ to \S+?)(?: \(|$)"), "old"),
)


def same_item(old: str, new: str) -> str | None:
    """The wording to keep if ``old`` and ``new`` are one item of the offline rules,
    else None (anything else, hand-written lines included, is never matched here)."""
    scope_old, scope_new = _SCOPE.match(old), _SCOPE.match(new)
    if scope_old and scope_new:
        if scope_old["key"] != scope_new["key"]:
            return None
        return old if _keep_old(scope_old["where"].split(", "), scope_new["where"].split(", ")) \
            else new
    for pattern, keep in _TEMPLATES:
        found_old, found_new = pattern.match(old), pattern.match(new)
        if found_old and found_new and found_old["key"] == found_new["key"]:
            return old if keep == "old" else new
    return None


def _keep_old(olds: list[str], news: list[str]) -> bool:
    """Keep the old location unless the code moved (no path in common) or the new one
    names files where the old one named only a directory."""
    agree = any(_within(a, b) or _within(b, a) for a in olds for b in news)
    vaguer = all(p.endswith("/") for p in olds) and not all(p.endswith("/") for p in news)
    return agree and not vaguer


def _within(path: str, where: str) -> bool:
    return path == where or (where.endswith("/") and path.startswith(where))

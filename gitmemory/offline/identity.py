"""When two of the offline rules' lines state the same item in other words.

Facts read across commits depend on the batch they were read from: one run
of memorize says "Code for `bump` lives in commitizen/commands/bump.py", the
next, seeing fewer commits of that scope, "... lives in commitizen/commands/".
Run after run such lines would pile up as near-copies.  :func:`same_item` tells
the deterministic merge that they are one item and which wording to keep, and
folds scopes that name the same files into one line.
"""

from __future__ import annotations

import re

from gitmemory.offline.bootstrap import slot

_SCOPE = re.compile(r"^Code for (?P<scopes>`[^`]+`(?:, `[^`]+`)*) lives in (?P<where>.+)$")
_MAX_SCOPES = 3
# (pattern naming the item, which wording wins: "new" when the newer batch knows
# better, "old" when the old wording is as good and keeping it avoids churn)
_TEMPLATES = (
    (re.compile(r"^Tests (?:sit beside the code|mirror modules by name)(?P<key>)"), "new"),
    (re.compile(r"^This branch adds migrations in (?P<key>\S+?)/?(?:[:,]|$)"), "new"),
    (re.compile(r"^Code moved from (?P<key>\S+ to \S+?)(?: \(|$)"), "old"),
)


def same_item(old: str, new: str) -> str | None:
    """The wording to keep if ``old`` and ``new`` are one item of the offline rules,
    else None (anything else, hand-written lines included, is never matched here)."""
    filled = slot(old)
    if filled is not None:  # the bootstrap read the repository again: the new reading wins
        return new if slot(new) == filled else None
    scope_old, scope_new = _SCOPE.match(old), _SCOPE.match(new)
    if scope_old and scope_new:
        return _same_scope(scope_old, scope_new)
    for pattern, keep in _TEMPLATES:
        found_old, found_new = pattern.match(old), pattern.match(new)
        if found_old and found_new and found_old["key"] == found_new["key"]:
            return old if keep == "old" else new
    return None


def _same_scope(old: re.Match[str], new: re.Match[str]) -> str | None:
    """One line for the scopes that name the same files (`check`, `commands/check`);
    for a scope seen again, the more precise of two agreeing locations, or the new one
    when the code moved."""
    scopes_old, scopes_new = old["scopes"].split(", "), new["scopes"].split(", ")
    where_old, where_new = old["where"].split(", "), new["where"].split(", ")
    agree = any(_within(a, b) or _within(b, a) for a in where_old for b in where_new)
    if set(where_old) != set(where_new) and not (agree and set(scopes_old) & set(scopes_new)):
        return new.string if set(scopes_old) == set(scopes_new) else None  # moved, or other
    old_vaguer = all(p.endswith("/") for p in where_old) and \
        not all(p.endswith("/") for p in where_new)
    scopes = list(dict.fromkeys(scopes_old + scopes_new))[:_MAX_SCOPES]
    where = new["where"] if old_vaguer else old["where"]
    return f"Code for {', '.join(scopes)} lives in {where}"


def _within(path: str, where: str) -> bool:
    return path == where or (where.endswith("/") and path.startswith(where))

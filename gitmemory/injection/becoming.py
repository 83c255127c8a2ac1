"""A change stated rather than ordered: the same order in the imperative (docs/design.md,
"Where two rules meet", *An order to change what the tree holds*).

"Set `lease-hours` to 72" is read as an order; "`lease-hours` goes to 72", "so the `admin`
route loses its `basic-auth` plugin", "`can-sign` should ignore `:expired`" and "the
broker starts without `--tls-only`" ask for the same change with the thing changed as the
sentence's subject.  Which settings matter does not converge; that a name stands before a
verb of becoming or of losing, a modal with a verb that drops what follows, or a verb of
running with "without", is a shape.  :func:`imperative` writes such clauses as the order
they are ("set `lease-hours` to 72", "remove `:expired` from `can-sign`"), so the readers
of orders (:mod:`gitmemory.injection.changes`, :mod:`gitmemory.injection.elements`) judge
them, against the tree, as they judge the imperative.

What stays a statement: a clause in the past ("`x` was removed" is history), one whose
subject is a condition ("when the pool is full `x` goes to 0": what the code does at run
time), a subject that does not end on the name it changes ("requests to `/health` go to
the probe": a route described), a value given in words, a form with no name in a code
span where the change needs one, and "runs without" outside a consequence ("the image
runs without `bash`" describes; "..., so the broker starts without `--tls`" decides).
Stdlib only and no ``re``: the checkout hook loads it when it judges an item.
"""

from __future__ import annotations

# Verbs of becoming: the subject takes the value that follows (after "to", if any).
_BECOMING = frozenset(("goes", "go", "becomes", "become"))
# Verbs of going somewhere: the subject is put where "in" or "into" and a path say.
# ("the key lives in x" says where it is kept, and stays)
_PLACING = frozenset(("goes", "go"))
# Verbs of losing: the subject no longer has what follows.
_LOSING = frozenset(("loses", "lose"))
# Verbs of running that "without" follows: what is without is taken away from the subject.
# Only as the consequence of the clause before ("..., so the broker starts without `x`"): a
# plain "the image runs without `x`" describes.
_RUNNING = frozenset(("starts", "start", "runs", "run", "boots", "boot", "launches",
                      "launch"))
_CONSEQUENCE = frozenset(("so", "then", "thus", "therefore", "now", "hence"))
# Modals, and the verbs after one that drop what follows from the subject.
_MODALS = frozenset(("should", "must", "shall", "will"))
_DROPPING = frozenset(("ignore", "skip", "bypass", "drop", "lose", "omit", "remove",
                       "delete", "strip", "disregard"))
# What opens a clause before its subject and stays where it is ("so", "then").
_LEAD_INS = frozenset(("so", "then", "also", "and", "thus", "therefore", "now", "hence"))
# A subject with one of these speaks of a time or a condition: what the code does.
_CONDITIONS = frozenset(("when", "whenever", "if", "once", "after", "until", "while",
                         "unless", "before"))
_PAST = frozenset(("was", "were", "been", "had", "did"))
_BREAKS = (". ", "; ", ": ", ", ", "! ", "? ")
_EDGE = "'\"()[]{}<>,;:?.!"


def imperative(text: str) -> str | None:
    """``text`` with each clause that states a change written as the order it is, or None
    when it holds none."""
    pieces = text.split("`")
    if len(pieces) < 3 and not _PLACING.intersection(text.lower().split()):
        return None  # no code span, no verb of going: no name to change
    clauses: list[list[tuple[str, bool]]] = [[]]
    ends: list[str] = []
    for n, piece in enumerate(pieces):
        if n % 2 and n < len(pieces) - 1:
            clauses[-1].append((f"`{piece}`", True))
            continue
        rest = piece if n < len(pieces) - 1 or n % 2 == 0 else f"`{piece}"
        while rest:
            cut = min(((at, mark) for mark in _BREAKS if (at := rest.find(mark)) != -1),
                      default=None)
            said = rest if cut is None else rest[:cut[0]]
            clauses[-1] += [(word, False) for word in said.split()]
            if cut is None:
                break
            ends.append(cut[1])
            clauses.append([])
            rest = rest[cut[0] + len(cut[1]):]
    changed = False
    out: list[str] = []
    for n, clause in enumerate(clauses):
        again = _ordered(clause)
        changed = changed or again is not None
        out.append(" ".join(token for token, _ in (again if again is not None else clause)))
        out.append(ends[n] if n < len(ends) else "")
    return "".join(out) if changed else None


def _ordered(clause: list[tuple[str, bool]]) -> list[tuple[str, bool]] | None:
    """The clause as an order, or None when it states no change."""
    lead = 0
    while lead < len(clause) and not clause[lead][1] and \
            clause[lead][0].lower() in _LEAD_INS:
        lead += 1
    opening, body = clause[:lead], clause[lead:]
    low = [token.lower().strip(_EDGE) if not code else "" for token, code in body]
    if _PAST.intersection(low) or _CONDITIONS.intersection(low[:1]):
        return None
    for at in range(1, len(body)):
        subject, word = body[:at], low[at]
        if not word or _CONDITIONS.intersection(low[:at]):
            continue
        named = any(code for _, code in subject)
        after = body[at + 1:]
        if word in _PLACING and low[at + 1:at + 2] in (["in"], ["into"]) and \
                _path(after[1:2]):
            # "the signing token goes in ops/README.md": put there
            return [*opening, ("put", False), *subject, *after]
        if word in _BECOMING and named and subject[-1][1]:
            start = 1 if low[at + 1:at + 2] == ["to"] else 0
            if after[start:] and _value(after[start]):
                return [*opening, ("set", False), *subject, ("to", False), *after[start:]]
        without = word in _RUNNING and low[at + 1:at + 2] == ["without"] and bool(
            _CONSEQUENCE.intersection(token.lower() for token, _ in opening))
        dropping = word in _MODALS and low[at + 1:at + 2] != [] and low[at + 1] in _DROPPING
        taking = after if word in _LOSING else after[1:] if without or dropping else None
        if taking is not None:
            if any(code for _, code in taking[:4]):
                return [*opening, ("remove", False), *taking, ("from", False), *subject]
            return None
    return None


def _value(token: tuple[str, bool]) -> bool:
    """Whether what a verb of becoming gives is a value: a span, a number, a switch."""
    said, code = token
    low = said.lower().strip(_EDGE)
    return code or low.replace(".", "", 1).isdigit() or low in _SWITCHES


def _path(tokens: list[tuple[str, bool]]) -> bool:
    """Whether ``tokens`` open with a file's path (``ops/notes.md``, `` `docs/x.txt` ``)."""
    said = tokens[0][0].strip(_EDGE + "`") if tokens else ""
    return "/" in said.strip("/") or "." in said.strip(".")[1:]


_SWITCHES = frozenset(("true", "false", "on", "off", "yes", "no", "enabled", "disabled",
                       "none", "zero", "public", "everyone", "anyone"))

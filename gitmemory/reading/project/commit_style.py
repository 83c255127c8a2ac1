"""How commits are written here, measured on the recent history, not assumed.

Conventional Commits, the area first (``area: summary``, ``[area] Summary``), a
ticket id up front, short lower-case subjects, a ``Signed-off-by`` trailer: each
is said only when most recent commits by people (bots aside) follow it, with
the count.  A pull request number at the end of the subject is never said:
GitHub's squash merge adds it, and an agent told to write it would invent one.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from gitmemory.reading.header import parse_header
from gitmemory.reading.project.snapshot import Recent, Snapshot

SLOTS = ("Commits",)
_MIN_COMMITS = 10
_SHARE = 0.6
_SCOPED = 0.5  # of conventional subjects with a scope, for the scopes to be named
# An emoji (a pictograph, a symbol, or its :code:) that opens a subject.
_EMOJI_FIRST = re.compile(r"^(?::[a-z0-9_+-]+:|[\u2190-\u2bff\U0001f000-\U0001faff])")
_BOTS = ("[bot]", "dependabot", "renovate", "pre-commit-ci", "github-actions")


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    people = [c for c in snapshot.history
              if not any(b in c.author.lower() for b in _BOTS) and not _is_merge(c.subject)]
    if len(people) < _MIN_COMMITS:
        return
    area = _area(people)
    said = [s for s in (_conventional_style(people), _gitmoji(people), _ticket(people), area,
                        "" if area else _lower_case(people), _signed(people)) if s]
    if said:
        yield "conventions", f"Commits: {'; '.join(said)}", []


def _is_merge(subject: str) -> bool:
    return subject.startswith(("Merge pull request", "Merge branch", "Merge remote"))


def _count(people: list[Recent], hits: int) -> str:
    return f"{hits} of the last {len(people)}"


def _conventional_style(people: list[Recent]) -> str:
    headers = [parse_header(c.subject) for c in people]
    ok = [h for h in headers if h.conventional]
    if len(ok) / len(people) < _SHARE:
        return ""
    types = [kind for kind, _ in Counter(h.kind for h in ok).most_common(6)]
    scoped = [h.scope for h in ok if h.scope]
    scopes = "" if len(scoped) < len(ok) * _SCOPED else "; scopes such as " + ", ".join(
        f"`{scope}`" for scope, _ in Counter(scoped).most_common(3))
    return f"Conventional Commits (`type(scope): summary`, {_count(people, len(ok))}; " \
        f"types {', '.join(types)}{scopes})"


def _gitmoji(people: list[Recent]) -> str:
    """``📝 Update release notes``, ``:bug: Fix ...``: an emoji says the kind of change."""
    marked = [c.subject for c in people if _EMOJI_FIRST.match(c.subject)]
    if len(marked) / len(people) < _SHARE:
        return ""
    example = min((s for s in marked if len(s) >= 12), key=len, default=marked[0])
    return f"subjects start with a gitmoji for the kind of change (e.g. `{example}`, " \
        f"{_count(people, len(marked))})"


def _area(people: list[Recent]) -> str:
    """``area: summary`` (Go's ``net/http: ...``, restic's ``backend: ...``) or ``[area]
    Summary``, with no conventional type: the area the change is about comes first."""
    headers = [(c.subject, parse_header(c.subject)) for c in people]
    areas = [(s, h) for s, h in headers if h.scope and not h.conventional]
    if len(areas) / len(people) < _SHARE:
        return ""
    bracket = sum(s.lstrip().startswith("[") for s, _ in areas) > len(areas) / 2
    common = [a for a, _ in Counter(h.scope for _, h in areas).most_common(3)]
    example = min((s for s, _ in areas if s.lstrip().startswith("[") == bracket
                   and len(s) >= 20 and "(#" not in s), key=len, default=areas[0][0])
    form = "`[area] Summary`" if bracket else "`area: summary`"
    return f"subjects start with the area they change ({form}, e.g. `{example}`; " \
        f"{_count(people, len(areas))}; areas such as {', '.join(f'`{a}`' for a in common)})"


def _ticket(people: list[Recent]) -> str:
    tickets = [h.ticket for h in map(parse_header, (c.subject for c in people)) if h.ticket]
    if len(tickets) / len(people) < _SHARE:
        return ""
    return f"subjects start with a ticket id (e.g. `{Counter(tickets).most_common(1)[0][0]}`, " \
        f"{_count(people, len(tickets))})"


def _lower_case(people: list[Recent]) -> str:
    plain = [c.subject for c in people if not parse_header(c.subject).conventional]
    lower = [s for s in plain if s[:1].islower()]
    if len(plain) < len(people) * _SHARE or len(lower) / len(people) < 0.8:
        return ""
    return f"short lower-case subjects with no type prefix, e.g. `{min(lower, key=len)}` " \
        f"({_count(people, len(lower))})"


def _signed(people: list[Recent]) -> str:
    signed = sum(c.signed for c in people)
    return "" if signed / len(people) < 0.8 else \
        f"`Signed-off-by` trailer (`git commit -s`, {_count(people, signed)})"

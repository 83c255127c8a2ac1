"""Dependency choices a commit explains: a decision with its reason.

Adding, dropping or re-pinning a dependency is churn, and the manifest says
what the project depends on.  When the message says *why* ("Needed since the
license field is an SPDX expression", "so that free-threaded Python uses its
own directory"), the choice is worth keeping, with the manifest as evidence.
"""

from __future__ import annotations

import re

from gitmemory.commits import Commit
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Extraction
from gitmemory.providers.offline.body import read_body
from gitmemory.providers.offline.causes import HEDGE
from gitmemory.providers.offline.manifests import canonical, dependency_changes, touched_manifests
from gitmemory.providers.offline.noise import is_noise
from gitmemory.providers.offline.phrasing import (
    LIMIT,
    capital,
    leans_back,
    strip_lead,
    tidy,
    to_past,
    uncapital,
    whole,
    with_area,
)
from gitmemory.providers.offline.verbatim import names_back
from gitmemory.reading import cues
from gitmemory.reading.header import parse_header
from gitmemory.reading.sentences import sentences

_NEEDED = lazy_regex(r"^(?:needed|required|necessary)\b", re.I)
_MIN_REASON = 24


def dependency_choice(commit: Commit) -> Extraction | None:
    """The decision a commit that changes dependencies explains, or None."""
    manifests = touched_manifests(commit)
    if not manifests:
        return None
    header = parse_header(commit.subject)
    if is_noise(header, commit):
        return None
    reason = _why_chosen(commit)
    if not reason:
        return None
    subject = to_past(capital(tidy(header.text))) + _package_changes(commit, header.text)
    reason = strip_lead(reason)
    text = f"{with_area(header.scope, subject)} \u2014 " \
        f"{uncapital(reason) if leans_back(reason) or _NEEDED.match(reason) else reason}"
    if len(text) > LIMIT:
        return None
    return Extraction("architectural-decisions", text, 0.8, (commit.short,), tuple(manifests))


def _why_chosen(commit: Commit) -> str:
    for group in read_body(parse_header(commit.subject), commit.body)[:1]:
        for sentence in (tidy(s) for text in group.texts for s in sentences(text)
                         if not s.rstrip().endswith(":")):  # ":" leads on to a list
            plain = strip_lead(sentence)
            if len(plain) >= _MIN_REASON and not HEDGE.search(plain) and \
                    not names_back(plain) and (
                    whole(plain) or leans_back(plain) or _NEEDED.match(plain)) and (
                    cues.REASON.search(plain) or cues.REASON_LEAD.match(plain) or
                    cues.CAUSE_STRONG.search(plain) or _NEEDED.match(plain)):
                return sentence
    return ""


def _package_changes(commit: Commit, subject: str) -> str:
    """" (adds `x`, drops `y`)" for the packages the subject does not name."""
    said = canonical(subject)
    added = sorted({c.name for c in dependency_changes(commit)
                    if c.added and canonical(c.name) not in said})
    dropped = sorted({c.name for c in dependency_changes(commit)
                      if not c.added and canonical(c.name) not in said})
    parts = [f"{verb} {', '.join(f'`{n}`' for n in names[:3])}"
             for verb, names in (("adds", added), ("drops", dropped)) if names]
    return f" ({'; '.join(parts)})" if parts else ""

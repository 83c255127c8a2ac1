"""Subjects that name the issue they address (``fixes #542 by documenting new
clauses``, ``address #548 by splitting format-var``): a habit of the history, said
when a good part of the recent subjects by people carry an issue's number in their text,
beyond the pull request's number a squash merge appends (:mod:`commit_style` says that
one).  The words most of them put before the number are given as the form.
"""

from __future__ import annotations

from collections import Counter

from gitmemory.lazy_regex import lazy_regex

_SHARE = 0.4
# the pull request's number a squash merge appends to a subject
PR_SUFFIX = lazy_regex(r"\s\(#\d+\)$")
# an issue's number in a subject's text, with the word before it when there is one
_ISSUE = lazy_regex(r"(?:\b([A-Za-z]+)\s+)?(?<![\w/&])#\d+\b")
_MIN_WORD_SHARE = 0.1


def issue_in_subject(subjects: list[str], spannable: list[str]) -> str:
    """"subjects name the issue they address (`fix #N`, `address #N`) ..." or ""."""
    found = [(s, m) for s in subjects if (m := _ISSUE.search(PR_SUFFIX.sub("", s)))]
    if not subjects or len(found) / len(subjects) < _SHARE:
        return ""
    words = Counter(m.group(1).lower() for _, m in found if m.group(1))
    lead = [w for w, n in words.most_common(3) if n >= len(found) * _MIN_WORD_SHARE]
    form = " (" + ", ".join(f"`{w} #N`" for w in lead) + ")" if lead else ""
    # the example in the commonest form
    marked = [s for s, m in found if not lead or (m.group(1) or "").lower() == lead[0]]
    shown = [s for s in spannable if s in set(marked)] or marked
    example = min((s for s in shown if len(s) >= 24), key=len, default=shown[0])
    return f"subjects name the issue they address{form}, e.g. `{example}` " \
        f"({len(found)} of the last {len(subjects)})"

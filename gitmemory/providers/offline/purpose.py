"""A subject that says what its change guards against (docs/design.md, "Data flow").

"Tear down connection on write failure to prevent queue desync", "Update the package
index, otherwise PAM compilation fails", "Move the EOF check in fread to avoid a
segfault": the change and the failure it keeps away, in one line and the author's words.
A commit with no body says it nowhere else, and the history record's line alone files it
with every other change.  What counts is the shape, a change then what it avoids: what
follows "otherwise", "or else", "to avoid", "to prevent" is by its wording what must not
happen; a "because" or "since" clause counts only when it names a failure ("... as it's
unused" gives a reason, not a pitfall).  A clause that is itself the failure, set off
by a comma, counts too: "Disable the Windows GNU build, fails with 'corrupt .drectve'",
"Skip test_pipe on macOS; it hangs on CI".  The subject must name what it is about (its
area, a symbol, a path, a tool; or, for a failure, the error it quotes), and a revert, a
test, a release or a docs change gives none.
"""

from __future__ import annotations

import re

from gitmemory.commits import Commit
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Extraction
from gitmemory.providers.offline.causes import FAILURE, HEDGE
from gitmemory.providers.offline.noise import by_bot
from gitmemory.providers.offline.phrasing import LIMIT, capital, tidy, with_area
from gitmemory.providers.offline.worth import names_something, one_off
from gitmemory.reading.header import parse_header
from gitmemory.reading.paths import evidence_paths

# what must not happen, by the clause's own wording
_GUARDS = lazy_regex(
    r"(?:,\s*|\s+)(?:otherwise|or else|(?:in order |so as )?to (?:avoid|"
    r"prevent))\s+(?P<what>\S.*)$",
    re.I,
)
# a reason of any kind: a pitfall only when what it names is a failure
_BECAUSE = lazy_regex(
    r"(?:,\s*|\s+)(?:because|since|as (?:it|they|that|this))\s+"
    r"(?P<what>\S.*)$",
    re.I,
)
# the failure itself, after a comma, a semicolon or a dash: "..., fails with '...'"
_FAILS = lazy_regex(
    r"(?:[,;]|\s[-\u2013\u2014])\s*(?P<what>(?:(?:it|this|that|which|they|the \w+) )?"
    r"(?:fails|failed|breaks|broke|crashes|crashed|hangs|hung|segfaults|panics|errors out)"
    r"\b.*)$",
    re.I,
)
# an error's own words, quoted: what the failure is, whatever the change names
_QUOTED = lazy_regex(r"(?P<q>['\"`\u2018\u201c]).{8,}?['\"`\u2019\u201d]")
_NO_PURPOSE_KINDS = ("revert", "merge", "release", "test", "docs", "style")
_STEP = lazy_regex(r"^(?:revert|undo|back out|roll back)\w*\b", re.I)
_CONFIDENCE = 0.8


def guarded_against(commit: Commit) -> Extraction | None:
    """The item a subject that says what its change guards against gives, else None."""
    head = parse_header(commit.subject)
    subject = tidy(head.text)
    if (
        head.kind in _NO_PURPOSE_KINDS
        or by_bot(commit)
        or _STEP.match(subject)
        or one_off(subject)
        or HEDGE.search(subject)
    ):
        return None
    said = _GUARDS.search(subject)
    fails = said is None and (said := _FAILS.search(subject)) is not None
    if said is None:
        said = _BECAUSE.search(subject)
        if said is None or not FAILURE.search(said["what"]):
            return None
    change = subject[: said.start()]
    quoted = fails and _QUOTED.search(said["what"]) is not None
    if len(change.split()) < 2 or not (head.scope or names_something(change) or quoted):
        return None  # "Fix, otherwise it fails": what changed is not named
    text = with_area(head.scope, capital(subject))
    if len(text) > LIMIT:
        return None
    # a failure kept away is a pitfall; another thing avoided ("name clashes"), a choice
    section = "bug-patterns" if fails or FAILURE.search(said["what"]) \
        else "architectural-decisions"
    return Extraction(section, text, _CONFIDENCE, (commit.short,), evidence_paths(commit))

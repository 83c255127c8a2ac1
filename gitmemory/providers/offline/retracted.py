"""What a commit's own words take back from an item of it (docs/design.md, "Data flow").

A squash merge lists its pull request's commits in order, and a later one may undo an
earlier one's way without reverting it: "GetSpan is a virtual convenience over GetMemory,
not a second abstract" after "GetMemory/GetSpan/Advance are now abstract members"; a
required options parameter "instead of inserting a `bool flag` into the overloads"; a part
that trims from a page what an earlier part said the page keeps.  And a body that tells the
problem before the fix states the state the fix ended in the present tense ("`possibleTypes`
is a `List`, so ... a linear scan") under a subject that says "against a set, not a list".
An item that states what its commit's own later words deny told a step the change did not
keep, or the state before it: it goes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from gitmemory.commits import Commit
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Extraction
from gitmemory.providers.offline.body import Group
from gitmemory.reading.sentences import sentences

# "not a second abstract", "not a list": what a thing is not
_NOT_A = lazy_regex(r"\bnot\s+(?:a|an|the)\s+(?:\w+\s+)?`?(\w+)`?", re.I)
# "Not following spreads": what the change no longer does
_NOT_DOING = lazy_regex(r"\bnot\s+(\w{2,})ing\s+(\w{3,})", re.I)
# "instead of inserting a `bool flag` into ...": the way a later part turned down
_INSTEAD = lazy_regex(r"\b(?:instead of|rather than)\s+([^.;:]+)", re.I)
# "..., which is what the already-settled proxy achieved before by relying on TrySet*
# finding it settled; this states it directly instead": the way before, which a later part
# says it now does otherwise (a marker of the old way, then one of its replacement)
_BEFORE_INSTEAD = lazy_regex(r"(?P<old>[^.;]*\b(?:before|previously|formerly|used to)\b[^.;]*)"
                             r"[;,]\s*[^.;]*\binstead\b", re.I)
# "Settling a TaskCompletionSource up front was the wrong shape"
_WAS_WRONG = lazy_regex(r"^(\w{3,})ing\b(.{0,80}?)\s(?:was|is)\s+(?:the\s+)?wrong\b", re.I)
# a part's title that takes something away: "Trim the X aside", "Remove the Y from Z.md"
_TAKES_AWAY = lazy_regex(r"^(?:remov|drop|strip|trim|delet)\w*\s+(?P<what>.+)$", re.I)
# an item saying something stays as it is: "Z.md keeps its 2.x examples"
_KEEPS = lazy_regex(r"\b(?:keeps?|stays?|remains?|retains?)\b", re.I)
_SPAN = lazy_regex(r"`([^`\n]{1,80})`")
_IDENT = lazy_regex(r"[A-Za-z_][\w]*")
# a name as code writes it: camelCase, PascalCase with a second capital, snake_case, a
# name with digits in capitals (``RESP2``, ``SER009``), a file (``Timeouts.md``)
_NAME = lazy_regex(r"\b(?:[a-z]+[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*|[A-Za-z]\w*_\w+|"
                   r"[A-Z]{2,}\d\w*|[\w-]+\.(?:md|rst|txt|adoc|json|ya?ml|toml))\b")
_WORD = lazy_regex(r"[a-z]{4,}")


def _names(text: str) -> set[str]:
    """The code names ``text`` gives: as code writes them, or quoted (a declaration's
    name is its last word: `bool nomkstream`)."""
    quoted = {found[-1] for span in _SPAN.findall(text) if (found := _IDENT.findall(span))
              and len(found[-1]) > 3}
    return set(_NAME.findall(_SPAN.sub(" ", text))) | quoted


def _said(groups: list[Group]) -> Iterator[tuple[bool, str]]:
    """(a title, the sentence) for every sentence of ``groups``."""
    for group in groups:
        yield True, group.header.text
        for text in group.texts:
            for said in sentences(text):
                yield False, said.strip()


def _is_a(noun: str) -> re.Pattern[str]:
    return re.compile(rf"\b(?:is|are)\s+(?:now\s+)?(?:(?:a|an|the)\s+)?(?:\w+\s+)?`?{noun}`?\b",
                      re.I)


def _does(stem: str, thing: str) -> re.Pattern[str]:
    verb = rf"{stem}(?:s|es|e?s)"
    return re.compile(rf"\b{verb}\s+(?:\w+\s+){{0,2}}{thing}\b", re.I)


@dataclass
class TakenBack:
    """What the words of one (sub-)commit and those a squash lists after it deny."""

    states: list[tuple[str, re.Pattern[str]]] = field(default_factory=list)  # denial, claim
    turned_down: set[str] = field(default_factory=set)  # names of a way a later part refused
    taken_away: set[str] = field(default_factory=set)  # names a later part's title takes
    wrong: list[tuple[str, set[str]]] = field(default_factory=list)  # a way said wrong

    @classmethod
    def of(cls, own: Group, later: list[Group]) -> TakenBack:
        back = cls()
        for is_later, group in [(False, own)] + [(True, g) for g in later]:
            for title, said in _said([group]):
                back.states += [(m.group(0), _is_a(re.escape(m.group(1))))
                                for m in _NOT_A.finditer(said)]
                back.states += [(m.group(0), _does(re.escape(m.group(1)), re.escape(m.group(2))))
                                for m in _NOT_DOING.finditer(said)]
                if not is_later:
                    continue
                for m in _INSTEAD.finditer(said):
                    back.turned_down |= _names(m.group(1))
                for m in _BEFORE_INSTEAD.finditer(said):
                    back.turned_down |= _names(m.group("old"))
                if title and (away := _TAKES_AWAY.match(said)):
                    back.taken_away |= _names(away.group("what"))
                if (wrong := _WAS_WRONG.match(said)):
                    back.wrong.append((wrong.group(1).lower(),
                                       set(_WORD.findall(wrong.group(2).lower()))))
        return back

    def denies(self, text: str) -> bool:
        """Whether ``text``, an item of the (sub-)commit, states what these words deny."""
        if any(denial.lower() not in text.lower() and claim.search(text)
               for denial, claim in self.states):
            return True
        if any(_names_word(text, name) for name in self.turned_down):
            return True
        if _KEEPS.search(text) and any(_names_word(text, name) for name in self.taken_away):
            return True
        words = set(_WORD.findall(text.lower()))
        return any(re.search(rf"\b{re.escape(stem)}\w*", text, re.I) and words & others
                   for stem, others in self.wrong)


def _names_word(text: str, name: str) -> bool:
    """Whether ``text`` gives ``name`` as a word of its own, as written."""
    return re.search(rf"(?<![\w.]){re.escape(name)}(?![\w])", text) is not None


# "`HELLO 3` stays first-in-pipeline", "AUTH goes first in the batch": what comes first
# (a name in capitals or as code writes it: "it is first" names nothing)
_FIRST = lazy_regex(r"`?\b([A-Z][A-Z0-9_]+|[a-z]+[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*)\b(?:\s+\d+)?`?"
                    r"\s+(?:stays|goes|comes|is sent|runs|is)\s+first\b")


def reordered_later(found: list[Extraction], commits: list[Commit]) -> list[Extraction]:
    """``found`` without an item saying a thing comes first that a later commit of the run
    puts after another: "`HELLO 3` stays first-in-pipeline and carries the credentials",
    then "AUTH goes first in the batch ..., and HELLO follows it, bare" (an order, like a
    default or a figure, that the later commit sets anew)."""
    order = {c.short: at for at, c in enumerate(commits)}
    later = [(at, first.group(1), said) for at, c in enumerate(commits)
             for said in sentences(f"{c.subject}. {c.body}".replace("\n", " "))
             for first in _FIRST.finditer(said)]
    if not later:
        return found

    def reordered(e: Extraction) -> bool:
        when = e.cited_at(order)
        claims = {m.group(1) for m in _FIRST.finditer(e.content)}
        return any(at > when and first not in claims and
                   any(_names_word(said, claim) for claim in claims)
                   for at, first, said in later)
    return [e for e in found if not reordered(e)]

"""What a later commit of the run undid is no longer current (docs/design.md, "Data flow").

A run reads a window of history, and a window holds its own corrections: a flag
removed and later accepted again as deprecated, a behaviour a changelog entry
announces and a later entry reverts, an option a squash merge adds and renames in
its next listed commit.  Each source reads its own text and cannot see the others',
so the run decides once, over the items every evolved source found: an item goes
when a statement made *after* it, by a commit of the run, touches a thing the item
names with the opposite sense.

What is later: a commit after the one an item cites (its newest ref, or the oldest
commit that wrote the item's sentence into a changelog: a release's entry cites the
commit it was read at), or a later commit a squash merge lists after the part the
item was read from.  What a statement is: a commit's subject, the subjects and prose
of the commits a squash merge lists, and the changelog entries the commit adds.

What undoes an item that names the same thing (a code span, a quoted name, an
option, a keyword, a name that looks like code):

- a revert of it ("Revert ...", "This reverts #2849");
- a rename of it ("Rename `:position` to `:positions`"): the old name is gone (an item
  that itself says the old name went agrees with it);
- bringing it back ("Re-add `x`", "Restore ...", "Accept `x` again", "Add `x` as
  deprecated") where the item says it went (removed, dropped, deprecated, renamed,
  replaced, no longer); a plain verb (add, allow, support ...) brings back only its
  object ("Allow customization of `Loader`" brings back no `Loader`);
- a newer minimum of the same language, platform or toolchain that gives another version
  ("Bump C++14 to C++17" over "Migrate to C++14");
- a new default of the same thing with another value: a clause that sets a default
  ("now defaults to 512", "Apply the default 512 max stack depth to the XML parser") over
  an item's clause that gives the default of a thing sharing two of its words with another
  value ("... while the XML parser keeps unlimited depth by default");
- taking it away ("Remove `x`") where the item says it came (added, new, now ...);
  a statement that only says "no longer" must share the item's topic too (two more
  words), since "`x` no longer warns on A" does not undo "`x` now warns on B".

What a commit's subject took away ("drop the throwaway `env` field initializer") and a later
statement brings back ("restore the `env` field initializer") undoes every item that cites
only that commit, whatever it names: it told of that change.

Within one squash merge, a part listed later corrects an earlier one only by a revert
or a rename: its other parts are steps of one change.  An item without a commit ref (a
session's lesson) is not dated and stays.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from gitmemory.changelogs import is_changelog
from gitmemory.commits import Commit
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.similar import dedupe_key
from gitmemory.providers.offline.body import read_body
from gitmemory.providers.offline.diffs import file_hunks
from gitmemory.providers.offline.minimums import family, raises_minimum, versions
from gitmemory.providers.offline.news import clean, entries
from gitmemory.providers.offline.worth import content_words, names_something
from gitmemory.reading.header import parse_header

When = tuple[int, int]  # the commit's place in the run, the part of a squash merge

# a thing named: a code span, a quoted name, an option, a keyword (`:name`), a code word
_NAME = lazy_regex(r"`([^`]{2,80})`|(?<![\w'])'([A-Za-z_][\w.:-]{2,40})'(?!\w)|"
                   r"(?<![\w\"])\"([A-Za-z_][\w.:-]{2,40})\"(?!\w)|"
                   r"(?<![\w:/-])(--?[A-Za-z][\w-]{2,}|:[a-z][\w.?!-]{2,}|"
                   r"[A-Za-z_][\w]*(?:[._:#][\w]+)+|[a-z]+[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*|"
                   r"[A-Za-z]+_\w+)")
_SPAN_WORD = lazy_regex(r"[A-Za-z_][\w.-]{3,}")
_COMMON_WORDS = """true false none null self this that with from into default value values
name names type types config option options"""
_COMMON = frozenset(_COMMON_WORDS.split())
_REVERT = lazy_regex(r"^\W*revert(?:s|ed)?\b|\b(?:this|which|it) reverts?\b|"
                     r"\breverts? (?:#\d|\[#|commit\b|pr\b|pull\b|the (?:change|commit)\b)",
                     re.I)
_RENAME = lazy_regex(r"\brenam(?:e|es|ed|ing)\b(?P<old>.{1,80}?)\bto\b(?P<new>.{1,80})", re.I)
# the lead of a statement: what it does to the thing it names
_LEAD = r"^(?:[\w./ -]{1,40}:\s+)?\W*"
_BRINGS_BACK = lazy_regex(
    _LEAD + r"(?:re-?add|restore|re-?introduce|re-?enable|bring back|brought back|"
    r"un-?deprecate|add|accept|allow|support|introduce|enable)\w*\b|"
    r"\b(?:again|once more)\b", re.I)
# "Add 'dupbuild' as ...": a plain verb brings back only its object, the words right after
# it ("Allow customization of `PluginClassLoader`" brings back no class)
_PLAIN_VERB = lazy_regex(r"(?:add|accept|allow|support|introduce|enable)\w*$", re.I)
_OBJECT = lazy_regex(r"^\s*(?:(?:the|a|an|back|support for)\s+)*(\S+(?:\s+(?:flag|option|"
                     r"setting|warning|command|method|function|field))?)")
# what an item says went: "Renamed `a` to `b`", "Replaced `a` with `b`" say `a` went
_SAYS_WENT = lazy_regex(_LEAD + r"(?:renam|replac)\w*\b", re.I)
# "Remove unnecessary `X` checks" takes away copies, not the thing
_TAKES_AWAY = lazy_regex(_LEAD + r"(?:remov|drop|delet|deprecat|disabl|stop|reject)\w*\b"
                         r"(?!\s+(?:the\s+)?(?:unnecessary|redundant|duplicated?|extra|"
                         r"superfluous|needless|some|a few|usages?|uses|calls)\b)", re.I)
_SAYS_COME = lazy_regex(_LEAD + r"(?:add|new|introduc|implement|support|allow|accept|"
                        r"enabl|expos)\w*\b|\bnow\b|\bnew\b", re.I)
_NO_LONGER = lazy_regex(r"\bno (?:longer|more)\b", re.I)
# what an item says went ends where it names what replaces it: "Deprecated `a` in favor of `b`"
_REPLACEMENT = lazy_regex(r"\s(?:in favou?r of|instead|with|to|by|for)\s|;\s*use\b", re.I)
TOPIC = 2  # words a "no longer" shares with the item beside the names


@dataclass(frozen=True)
class _Default:
    """A default a clause states: the thing it is of (its words) and the values it gives."""
    topic: frozenset[str]
    values: frozenset[str]


# a clause: a sentence's parts, cut where another thing starts ("..., while the XML parser")
_CLAUSE = lazy_regex(r"[.;:]\s+|,\s+|\s+\u2014\s+|\s+(?:while|whereas|but)\s+")
_DEFAULT = lazy_regex(r"\bdefault(?:s|ed)?\b", re.I)
# a clause that sets a default, not one that mentions it ("Fix a crash when the default ...")
_SETS_DEFAULT = lazy_regex(r"\bdefault(?:s|ed)?\s+(?:to|is now|are now|of)\b|"
                           r"\bnow\s+defaults?\b|\b(?:change|apply|applie|set|make|use|new|"
                           r"switch)\w*\s+(?:the\s+)?default", re.I)
# a value a default gives: a number, a code span, a name in capitals with a digit, a word
# that is a setting's value
_VALUE = lazy_regex(r"`([^`]{1,40})`|(?<![\w.])(\d[\w.]*)|\b([A-Z][A-Z_]*\d[A-Z0-9_]*)\b|"
                    r"\b(unlimited|unbounded|infinite|none|null|true|false|enabled|disabled|"
                    r"on|off|zero|empty)\b", re.I)
TOPIC_OF_DEFAULT = 2  # words two defaults share to be of the same thing


@dataclass(frozen=True)
class _Statement:
    when: When
    names: frozenset[str]
    revert: bool
    renamed: frozenset[str]  # the old names a rename took away
    back: bool  # brings back what it names
    away: bool  # takes away what it names
    loose: bool  # takes it away only in saying "no longer"
    words: frozenset[str]
    floor: frozenset[str]  # the toolchains whose minimum it states
    versions: frozenset[str]
    target: frozenset[str]  # the names it takes away or brings back
    defaults: tuple[_Default, ...]  # the defaults it sets


def current(items: list[Extraction], commits: list[Commit]) -> list[Extraction]:
    """``items`` without one that a later statement of ``commits`` (the run's, oldest
    first) undoes, nor one whose every commit a later commit of the run reverts."""
    undone = reverted(commits)
    if undone:
        items = [e for e in items if not (e.refs and all(
            any(sha.startswith(ref) for sha in undone) for ref in e.refs))]
    order = {c.short: at for at, c in enumerate(commits)}
    later = [s for at, commit in enumerate(commits) for s in _statements(at, commit)]
    if not later or not items:
        return items
    written = _written(commits)
    took = {c.short: _took_away(c.subject) for c in commits}
    return [e for e in items if not _undone(e, _when(e, order, commits, written), later,
                                            took.get(e.refs[0], frozenset())
                                            if len(e.refs) == 1 else frozenset())]


def _took_away(subject: str) -> frozenset[str]:
    """What a commit's subject says it took away ("drop the throwaway `env` field
    initializer"): the commit's items tell of that change, and go when it is undone."""
    head = parse_header(subject).text
    verb = _TAKES_AWAY.search(head)
    # its object, up to where the sentence says where or why ("on GitHub actions because")
    return names(_OBJECT_ENDS.split(head[verb.end():], 1)[0]) if verb else frozenset()


_OBJECT_ENDS = lazy_regex(r"\s(?:in favou?r of|instead|with|to|by|for|on|in|from|at|when|if|"
                          r"because|since|so|as|after|before|until|unless)\s|[,;:(]", re.I)


_REVERTS_SHA = lazy_regex(r"\bthis reverts commit ([0-9a-f]{7,40})\b", re.I)


def reverted(commits: list[Commit]) -> set[str]:
    """The commits ``commits`` (oldest first) revert and that stay reverted: git's own
    line "This reverts commit <sha>." names the very commit, whatever its subject says,
    so what that commit taught holds no more; a revert of the revert brings it back."""
    reverts: dict[str, str] = {}  # a revert's sha -> the sha it reverts
    undone: set[str] = set()
    for commit in commits:
        for match in _REVERTS_SHA.finditer(commit.body):
            target = match.group(1).lower()
            again = next((old for rev, old in reverts.items() if rev.startswith(target)),
                         None)
            if again is not None:  # "Reapply ...": the revert it reverts is undone
                undone = {sha for sha in undone if not sha.startswith(again)}
            else:
                undone.add(target)
            reverts[commit.sha] = target
    return undone


def names(text: str) -> frozenset[str]:
    """The things ``text`` names, case-folded: each code span and the code words in it,
    quoted names, options, keywords and words that look like code."""
    found: set[str] = set()
    for match in _NAME.finditer(text):
        span, quoted = match.group(1), match.group(2) or match.group(3)
        if span and ("://" in span or "<" in span):
            continue  # reStructuredText's `text <https://...>`_: a link, no name
        if span:  # `-w dupbuild` names the flag and the word given it
            found.add(span.strip().casefold())
            if " " in span.strip():
                found |= {w.casefold().strip(".-") for w in _SPAN_WORD.findall(span)}
        elif quoted:
            found.add(quoted.casefold())
        elif names_something(match.group(4)) or match.group(4).startswith((":", "-")):
            found.add(match.group(4).casefold())
    # an option is the same thing with its dashes or without: `--x-y`, 'x-y'
    found |= {n.lstrip("-") for n in found if n.startswith("-") and " " not in n}
    return frozenset(n for n in found if len(n) > 2 and n not in _COMMON)


def _statements(at: int, commit: Commit) -> Iterator[_Statement]:
    """What ``commit`` says that could undo an earlier item: its subject, the parts of a
    squash merge, the changelog entries it adds; only those that say so."""
    header = parse_header(commit.subject)
    yield from _read((at, 0), header.text, revert=header.kind == "revert")
    for part, group in enumerate(read_body(header, commit.body)):
        if part:
            yield from _read((at, part), group.header.text)
        for text in group.texts:
            if _REVERT.search(text) or _RENAME.search(text):
                yield from _read((at, part), text)
    for path, hunks in file_hunks(commit.diff).items():
        if is_changelog(path):
            for entry in entries([line for h in hunks for line in [*h.lines, ""]]):
                yield from _read((at, 0), entry)


def _read(when: When, text: str, revert: bool = False) -> Iterator[_Statement]:
    said = names(text)
    floor = family(text) if raises_minimum(text) else frozenset()
    defaults = _defaults(text, setting=True)
    if not said and not floor and not defaults:
        return
    renamed = frozenset(names(m["old"]) - names(m["new"]) for m in _RENAME.finditer(text))
    revert = revert or bool(_REVERT.search(text))
    verb = _TAKES_AWAY.search(text)
    no_longer = None if verb else _NO_LONGER.search(text)
    back = _BRINGS_BACK.search(text)
    away = bool(verb or no_longer)
    if revert or renamed or back or away or floor or defaults:
        yield _Statement(when, said, revert, frozenset().union(*renamed) if renamed else
                         frozenset(), bool(back) and not away, away and not back,
                         bool(no_longer), frozenset(content_words(text)), floor,
                         versions(text), _target(text, verb or back, no_longer) & said,
                         defaults)


def _defaults(text: str, setting: bool = False) -> tuple[_Default, ...]:
    """The defaults ``text`` states, a clause each; with ``setting``, only the clauses
    that set one ("now defaults to 512", "Apply the default 512 ...")."""
    if not _DEFAULT.search(text):
        return ()
    found = []
    for clause in _CLAUSE.split(text):
        if not _DEFAULT.search(clause) or (setting and not _SETS_DEFAULT.search(clause)):
            continue
        values = frozenset(next(g for g in m.groups() if g).casefold()
                           for m in _VALUE.finditer(clause))
        topic = frozenset(content_words(_DEFAULT.sub(" ", _VALUE.sub(" ", clause))))
        if values and topic:
            found.append(_Default(topic, values))
    return tuple(found)


def _redefined(given: tuple[_Default, ...], later: tuple[_Default, ...]) -> bool:
    """Whether a later statement sets the default of a thing ``given`` states to a value
    none of ``given``'s defaults of that thing give."""
    return any(len(old.topic & new.topic) >= TOPIC_OF_DEFAULT and not old.values & new.values
               for old in given for new in later)


def _target(text: str, verb: re.Match[str] | None, no_longer: re.Match[str] | None
            ) -> frozenset[str]:
    """The names a statement takes away or brings back: its verb's object ("Remove `x`
    from the help"), or what it says is "no longer" so (its subject)."""
    if no_longer is not None:
        return names(text[:no_longer.start()])
    if verb is not None and verb.group(0).strip().casefold() not in ("again", "once more"):
        after = text[verb.end():]
        if _PLAIN_VERB.search(verb.group(0)):
            obj = _OBJECT.match(after)
            return names(obj.group(1)) if obj else frozenset()
        return names(_REPLACEMENT.split(after, 1)[0])
    return names(text)


def _newer(others: frozenset[str], given: frozenset[str]) -> bool:
    """Whether a version of ``others`` is above every version of ``given``: "require Java
    17. Thank you Java 11 for your service!" says the same minimum again, naming the old
    one; a version that is no number counts as newer."""
    def key(version: str) -> tuple[int, ...] | None:
        parts = version.split("-", 1)[0].split("+", 1)[0].split(".")
        return tuple(int(p) for p in parts) if all(p.isdigit() for p in parts) else None
    keys = [key(v) for v in given]
    if not others or not keys or None in keys:
        return bool(others)
    top = max(k for k in keys if k is not None)
    return any((k := key(v)) is None or k > top for v in others)


def _undone(item: Extraction, when: When | None, later: list[_Statement],
            took: frozenset[str] = frozenset()) -> bool:
    """Whether a statement of ``later`` after ``when`` undoes ``item``; ``took``: what the
    one commit it cites took away, which a later statement may bring back."""
    if when is None:
        return False
    said = names(item.content) | took
    floor = family(item.content) if raises_minimum(item.content) else frozenset()
    defaults = _defaults(item.content)
    if not said and not floor and not defaults:
        return False
    given = versions(item.content)
    head = _head(item.content)  # what the item says was done: its lead
    gone = bool(_TAKES_AWAY.search(head) or _SAYS_WENT.search(head) or _NO_LONGER.search(head))
    went = (names(_REPLACEMENT.split(head, 1)[0]) if gone else frozenset()) | took
    come = not gone and bool(_SAYS_COME.search(head))
    words = frozenset(content_words(head))
    for s in later:
        if s.when <= when:
            continue
        if s.when[0] > when[0] and floor & s.floor and _newer(s.versions - given, given):
            return True  # a newer minimum of the same toolchain
        if s.when[0] > when[0] and _redefined(defaults, s.defaults):
            return True  # a new default of the same thing
        if not said & s.names:
            continue
        if s.revert or (said & s.renamed and not went & s.renamed):
            return True  # a rename undoes what names the old name, unless it says it went
        if s.when[0] == when[0]:
            continue  # a squash merge's later part: only a revert or a rename corrects it
        if (s.back and went & s.target) or (s.away and come and said & s.target and (
                not s.loose or len((words & s.words) - said) >= TOPIC)):
            return True
    return False


def _when(item: Extraction, order: dict[str, int], commits: list[Commit],
          written: list[str]) -> When | None:
    """When an item was said: the oldest commit that wrote its sentence into a changelog,
    else its newest ref (with the part of a squash merge it was read from); a changelog's
    entry that cites a commit before the run was said before all of it."""
    at = max((order[ref] for ref in item.refs if ref in order), default=None)
    if at is None:  # an entry a commit before the run wrote is older than all of it
        return (-1, 0) if item.refs and any(is_changelog(p) for p in item.paths or ()) \
            else None
    sentence = dedupe_key(_sentence(item.content))[:60]
    if len(sentence) >= 20 and any(is_changelog(p) for p in item.paths or ()):
        wrote = next((n for n, text in enumerate(written) if sentence in text), None)
        if wrote is not None:
            return (min(at, wrote), 0)
    return (at, _part(commits[at], sentence))


def _head(content: str) -> str:
    """What an item says was done: the subject that anchors it, else its sentence, after
    where it was read ("2.1.0 (CHANGELOG.md): ...")."""
    head = content.partition(" \u2014 ")[0]
    lead = _WHERE.match(head)
    head = head[lead.end():] if lead else head
    return _LABEL.sub("", head, count=1)  # "**(BREAKING CHANGE)** Remove ...": its label


_LABEL = lazy_regex(r"^\W*(?:breaking(?: changes?)?|security|deprecation)\W*\s+", re.I)


_WHERE = lazy_regex(r"^[^:]{1,60}\([^()]+\):\s+")


def _sentence(content: str) -> str:
    """An item's own sentence: after a subject that anchors it, after where it was read."""
    said = content.rpartition(" \u2014 ")[2]
    lead = _WHERE.match(said)
    return said[lead.end():] if lead else said


def _part(commit: Commit, sentence: str) -> int:
    """The part of a squash merge's body whose prose holds ``sentence`` (0: the rest)."""
    if len(sentence) < 20 or "\n* " not in f"\n{commit.body}":
        return 0
    groups = read_body(parse_header(commit.subject), commit.body)
    return next((n for n, g in enumerate(groups) if n and any(
        sentence in dedupe_key(t) for t in [g.header.text, *g.texts])), 0)


def _written(commits: list[Commit]) -> list[str]:
    """Per commit, the changelog lines it adds, as one dedupe key."""
    return [" | ".join(dedupe_key(clean(line[1:])) for path, hunks in
                       file_hunks(c.diff).items() if is_changelog(path)
                       for h in hunks for line in h.lines if line.startswith("+"))
            for c in commits]

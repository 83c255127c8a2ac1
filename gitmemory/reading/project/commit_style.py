"""How commits are written here, measured on the recent history, not assumed.

Conventional Commits, the area first (``area: summary``, ``[area] Summary``, ``Area -
Summary``), a
ticket id up front, a tag up front (the issue number in brackets, ``[#2413] Fix ...``, or
the kind of change in capitals, ``[BUILD] ...``, ``DOC ...``, in whatever mix most subjects
carry one), short lower-case subjects or Title Case ones, the pull request's
number at the end (``Fix the pager (#3999)``), a ``Signed-off-by`` or Gerrit's
``Change-Id`` trailer: each is said only when most recent commits by people (bots
aside) follow it, with the count; where no form is most subjects', an area prefix a good
part of them carry in one form (nREPL's ``[middleware] ...``) is said as some subjects'.
The number at the end is said as what the squash merge appends, never as something
to write (an agent told to write it would invent one).  How issues are referenced (a
``Fixes: #12`` trailer) is said when the commits that reference one in a trailer mostly
use one key.

How pull requests are merged is read from the recent merge commits of the first-parent
line, as the subject style is from the others: when most share one shape that names
the pull request's number (``bug #4413 Fix the lexer (xabbuh)``, ``Merge #812: ...``),
the shape is said with its few leading words and one real subject; git's and GitHub's
own defaults (``Merge pull request #12 from ...``) are the tool's, not the project's.
Git's default subject still tells which branch went into which: when many recent merges
take a release branch into a newer one (``Merge branch '3.9.x' into 4.1.x``) and none go
the other way, the project keeps maintenance branches and merges them up, so a fix goes
to the oldest maintained branch that has the bug (named), never to the newest.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from urllib.parse import urlsplit

from gitmemory.injection.neutralize import MAX_ITEM_CHARS
from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.header import VERSION_TAG, Header, parse_header
from gitmemory.reading.project.bots import is_bot
from gitmemory.reading.project.snapshot import Recent, Snapshot
from gitmemory.reading.project.subject_refs import PR_SUFFIX, issue_in_subject

SLOTS = ("Commits", "Merge commits", "Branches")
_MIN_COMMITS = 10
_SHARE = 0.6
_SCOPED = 0.5  # of conventional subjects with a scope, for the scopes to be named
# An emoji (a pictograph, a symbol, or its :code:) that opens a subject.
_EMOJI_FIRST = lazy_regex(r"^(?::[a-z0-9_+-]+:|[\u2190-\u2bff\U0001f000-\U0001faff])")
# Words Title Case leaves in lower case.
_SMALL = frozenset(("a", "an", "the", "and", "or", "but", "nor", "for", "to", "of", "in", "on",
                    "at", "by", "with", "from", "as", "into", "onto", "via", "vs", "per", "is",
                    "are", "be", "not", "no", "up", "off", "out", "over", "than", "then"))
_WORD = lazy_regex(r"^[A-Za-z]")
# Trailer keys that reference an issue (``Fixes: #12``, ``Closes: #3``).
_ISSUE_KEYS = frozenset(("fixes", "fix", "fixed", "closes", "close", "closed", "resolves",
                         "resolved", "refs", "ref", "references", "see", "issue", "bug",
                         "related", "part-of"))
_MIN_ISSUE_TRAILERS = 5
_ISSUE_VALUE = lazy_regex(r"(?:^|[\s(,])(?:[\w.-]+/[\w.-]+)?#\d+\b|\bGH-\d+\b|"
                          r"\b[A-Z][A-Z0-9]+-\d+\b|/(?:issues|pull|merge_requests)/\d+")


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    merged = _merge_style(snapshot.merges)
    if merged:
        yield "conventions", f"Merge commits: {merged}", []
    ups = _merged_up(snapshot.merges)
    if ups:
        yield "conventions", f"Branches: {ups}", []
    people = [c for c in snapshot.history
              if not is_bot(c.author) and not _is_merge(c.subject)
              and not _RELEASE_ONLY.match(c.subject)]
    if len(people) < _MIN_COMMITS:
        return
    area = _area(people)
    gerrit = _gerrit(people, snapshot)
    title = _title_case(people)
    shaped = [_conventional_style(people), _gitmoji(people), _ticket(people), area]
    tagged = "" if any(shaped) else _tagged(people)
    lower = "" if area or tagged else _lower_case(people)
    sentence = "" if area or title or tagged else _sentence_case(people)
    # no form most subjects share: an area prefix a good part of them carry, in one form
    some = "" if any((*shaped, tagged, lower, title, sentence)) else \
        _area(people, _SOME) or _tagged(people, _SOME)
    subjects = [c.subject for c in people]
    issues = "" if _ticket(people) or tagged else issue_in_subject(subjects,
                                                                   _spannable(subjects))
    said = [s for s in (*shaped, tagged, lower, title, sentence, some, issues,
                        _pr_number(people), _signed(people), gerrit, _issue_trailer(people))
            if s]
    cited = [".gitreview"] if gerrit and snapshot.has(".gitreview") else []
    room = MAX_ITEM_CHARS - len(" (refs: 1a2b3c4; paths: )" if cited else " (refs: 1a2b3c4)")
    for keep in (1, 0):  # a line too long would be cut mid-sentence: examples go first
        if len("Commits: " + "; ".join(said + cited)) > room:
            said = said[:keep] + [_EXAMPLE.sub("", s) for s in said[keep:]]
    if said:
        yield "conventions", f"Commits: {'; '.join(said)}", cited


# A subject that is only a release's version (`release 4.58.0`, `v2.1.0`, `Bump version to
# 1.2.3`): the release process writes it, not a person's habit of writing subjects.
_RELEASE_ONLY = lazy_regex(r"^(?:(?:prepare |cut )?release|releasing|version|bump(?:ed)? "
                           r"(?:the )?version(?: to)?)?:?\s*v?\d+(?:\.\d+)+[\w.+-]*$", re.I)


# ", e.g. `Adding Windows CI (#116)`": a later part's example, dropped when the item is long
_EXAMPLE = lazy_regex(r",? e\.g\. `[^`]*`")


def _merge_style(subjects: list[str]) -> str:
    """``bug #4413 Fix the lexer (xabbuh)``, ``Merge #812: Add retries``: the shape most
    recent merge commits share, when it names the pull request's number and is not git's
    or GitHub's own default (which the tool writes, so no one need be told)."""
    own = [s for s in subjects if not _is_merge(s) and not s.startswith("Merge branch")]
    if len(own) < _MIN_COMMITS or len(own) < len(subjects) * _SHARE:
        return ""
    shaped = [m for s in own if (m := _MERGE_SHAPE.match(s))]
    if len(shaped) / len(own) < _SHARE:
        return ""
    leads = Counter(m.group(1) for m in shaped)
    if len(leads) > 5:
        return ""
    named = sum(bool(m.group(3)) for m in shaped) / len(shaped) >= _SHARE
    lead = "|".join(lead for lead, _ in leads.most_common())
    form = (f"<{lead}>" if len(leads) > 1 else lead) + " #NNNN <title>" + \
        (" (<author>)" if named else "")
    example = min((m.group(0) for m in shaped if bool(m.group(3)) == named and
                   len(m.group(0)) >= 24), key=len, default=shaped[0].group(0))
    return f"pull requests are merged with subjects `{form}`, e.g. {_code(example)} " \
        f"({len(shaped)} of the last {len(subjects)} merges)"


# git's subject for merging one branch into another, a remote's tracking branch too
_BRANCH_MERGE = lazy_regex(r"^Merge (?:remote-tracking )?branch '(?:[\w.-]+/)?([^'\s]+)' "
                           r"into ([^'\s]+)$")
# a release branch: `3.9.x`, `4.2`, `v5`, `release/2.1`, `support-1.x`
_RELEASE = lazy_regex(r"^(?:release|support|maint|stable)?[-/]?v?(\d+(?:\.\d+)*)(?:\.x)?$")
_MIN_MERGE_UPS = 5


def _merged_up(subjects: list[str]) -> str:
    """"fixes go to the oldest maintained branch (`3.9.x`) and are merged up ..." when at
    least a few recent merges take a release branch into a newer one and none into an
    older one; "" otherwise."""
    pairs = [(m.group(1), m.group(2)) for s in subjects if (m := _BRANCH_MERGE.match(s))]
    versions = [(a, b, _version(a), _version(b)) for a, b in pairs]
    released = [(a, b, va, vb) for a, b, va, vb in versions if va and vb]
    ups = [(a, b, va) for a, b, va, vb in released if va < vb]
    if len(ups) < _MIN_MERGE_UPS or any(va > vb for _, _, va, vb in released):
        return ""
    # the branches maintained now: those of the newest merge-ups (subjects newest first)
    oldest = min(ups[:_MIN_MERGE_UPS * 2], key=lambda u: u[2])[0]
    shown = list(dict.fromkeys(f"`{a}` into `{b}`" for a, b, _ in ups))[:2]
    return f"fixes go to the oldest maintained branch (`{oldest}`) and are merged up " \
        f"({', '.join(shown)}; {len(ups)} of the last {len(subjects)} merges)"


_LINE = 10 ** 9  # what `.x` stands for: above every release of the line


def _version(branch: str) -> tuple[int, ...]:
    """The release a branch is for; a line's branch (`2.x`, `3.9.x`) comes after every
    release of that line (`2.19` goes into `2.x`, the next 2 minor's)."""
    found = _RELEASE.match(branch)
    if not found:
        return ()
    numbers = tuple(int(n) for n in found.group(1).split("."))
    return (*numbers, _LINE) if branch.endswith(".x") else numbers


# "<lead> #<number> <title>" with a name in parentheses at the end, or not.
_MERGE_SHAPE = lazy_regex(r"^([A-Za-z][\w -]{0,30}?) #\d+\b:?\s+(.+?)(\s\([\w.@-]+\))?$")


def _is_merge(subject: str) -> bool:
    return subject.startswith(("Merge pull request", "Merge branch", "Merge remote"))


def _count(people: list[Recent], hits: int) -> str:
    return f"{hits} of the last {len(people)}"


# ``Build: ...``, ``Docs(api): ...``: a capitalised prefix that happens to be a kind word.
_CAPITAL_TYPE = lazy_regex(r"^([A-Z][A-Za-z0-9_./-]*)(?:\([^()]*\))?!?:\s")


def _conventional_style(people: list[Recent]) -> str:
    """Conventional Commits, when most subjects carry a type as the convention writes
    it, in lower case: a history of capitalised prefixes (jQuery's ``Core:``, ``Build:``,
    ``Docs:``) names the component changed, some of whose names are also kind words."""
    headers = [parse_header(c.subject) for c in people]
    ok = [h for c, h in zip(people, headers, strict=True)
          if h.conventional and not _CAPITAL_TYPE.match(c.subject)]
    if len(ok) / len(people) < _SHARE:
        return ""
    types = [kind for kind, _ in Counter(h.kind for h in ok).most_common(6)]
    scoped = [h.scope for h in ok if h.scope]
    scopes = "" if len(scoped) < len(ok) * _SCOPED else "; scopes such as " + ", ".join(
        f"`{scope}`" for scope, _ in Counter(scoped).most_common(3))
    marked = [c.subject for c, h in zip(people, headers, strict=True)
              if h in ok and _EMOJI_FIRST.match(c.subject)]
    emoji = "" if len(marked) * 2 < len(ok) else ", after a gitmoji (e.g. `" + min(
        (s for s in marked if len(s) >= 24), key=len, default=marked[0]) + "`)"
    return f"Conventional Commits (`type(scope): summary`{emoji}, " \
        f"{_count(people, len(ok))}; types {', '.join(types)}{scopes})"


def _gitmoji(people: list[Recent]) -> str:
    """``📝 Update release notes``, ``:bug: Fix ...``: an emoji says the kind of change."""
    marked = [c.subject for c in people if _EMOJI_FIRST.match(c.subject)]
    if len(marked) / len(people) < _SHARE:
        return ""
    example = min((s for s in marked if len(s) >= 12), key=len, default=marked[0])
    return f"subjects start with a gitmoji for the kind of change (e.g. {_code(example)}, " \
        f"{_count(people, len(marked))})"


# Of subjects that share no form: the share that carry an area prefix, nearly all in one
# form and at least :data:`_MIN_COMMITS` of them (nREPL's `[middleware] ...`, `[ci] ...`:
# 42 of 143), for the habit to be said as some subjects'.
_SOME = 0.25
_ONE_FORM = 0.8


def _code(text: str) -> str:
    """``text`` as a code span: a subject that holds a backtick ("git: use `strings.Cut`")
    is fenced by two, with a space inside each fence, as Markdown reads it whole."""
    return f"`` {text} ``" if "`" in text else f"`{text}`"


def _area(people: list[Recent], share: float = _SHARE) -> str:
    """``area: summary`` (Go's ``net/http: ...``, restic's ``backend: ...``) or ``[area]
    Summary``, with no conventional type: the area the change is about comes first.  Below
    most subjects (``share`` under :data:`_SHARE`) it is said as some subjects' habit, and
    only when nearly all of them write the area one way (brackets, or a colon)."""
    headers = [(c.subject, parse_header(c.subject)) for c in people]
    areas = [(s, area) for s, h in headers if (area := _area_of(s, h)) is not None]
    if len(areas) / len(people) < share:
        return ""
    forms = Counter(_form(s) for s, _ in areas)
    shape, most = forms.most_common(1)[0]
    if share < _SHARE and (len(areas) < _MIN_COMMITS or most < len(areas) * _ONE_FORM):
        return ""  # some subjects' habit: it recurs, in one form
    common = [a for a, _ in Counter(h.scope for _, h in areas).most_common(3)]
    example = min((s for s, _ in areas if _form(s) == shape
                   and len(s) >= 20 and "(#" not in s), key=len, default=areas[0][0])
    form = {"[": "`[area] Summary`", "-": "`Area - Summary`"}.get(shape, "`area: summary`")
    some = "some " if len(areas) / len(people) < _SHARE else ""
    return f"{some}subjects are prefixed with the area they change ({form}, e.g. " \
        f"{_code(example)}; {_count(people, len(areas))}; areas such as " \
        f"{', '.join(f'`{a}`' for a in common)})"


def _form(subject: str) -> str:
    """How a subject sets its area apart: ``[`` for brackets, ``-`` for a dash, ``:``."""
    if subject.lstrip().startswith("["):
        return "["
    return "-" if _DASHED.match(subject) else ":"


# A name of the code, then a dash: NLog's "JsonLayout - Improve XML docs",
# "NLog.Targets.AtomicFile - ...".  The name is CamelCase or dotted, so a sentence's
# first word ("Update - ...") is none.
_DASHED = lazy_regex(r"^(?P<area>[A-Za-z][A-Za-z0-9_]*[a-z][A-Z][A-Za-z0-9_.<>]*|"
                     r"[A-Za-z][A-Za-z0-9_]*\.[A-Za-z0-9_.<>]*[A-Za-z0-9_>]) - \S")


def _area_of(subject: str, header: Header) -> Header | None:
    """The header with the area the subject names first, or None: a scope with no
    conventional type, a capitalised prefix (``Build:``, see :func:`_conventional_style`),
    or a name of the code before a dash (``FileTarget - Alert when ...``)."""
    if header.scope and not header.conventional:
        return header
    capital = _CAPITAL_TYPE.match(subject) if header.conventional else None
    if capital:
        return replace(header, scope=capital.group(1))
    dashed = _DASHED.match(subject) if not header.conventional else None
    return replace(header, scope=dashed.group("area")) if dashed else None


def _ticket(people: list[Recent]) -> str:
    tickets = [h.ticket for h in map(parse_header, (c.subject for c in people)) if h.ticket]
    if len(tickets) / len(people) < _SHARE:
        return ""
    ticket = Counter(tickets).most_common(1)[0][0]
    return f"subjects start with a ticket id (e.g. {_code(ticket)}, " \
        f"{_count(people, len(tickets))})"


# A tag that opens a subject: issue or pull request numbers in brackets ("[#2413] Fix",
# "[#2501][#2502] fix"), or the kind of change in capitals, bracketed or not ("[BUILD] fix
# CI", "DOC update README", "BUILD/CI add targets").
_NUMBER_TAG = lazy_regex(r"^(?:\[#\d+\]\s*)+(?=\S)")
_KIND_TAG = lazy_regex(r"^(\[?[A-Z]{2,}(?:/[A-Z]{2,})?\]?):?\s+(?=\S)")
_MIN_TAGS = 3  # subjects of one kind of tag, for that kind to be named


def _tagged(people: list[Recent], share: float = _SHARE) -> str:
    """``[#2413] Bugfix: ...`` and ``[BUILD] ...``: most subjects (``share`` of them)
    open with a tag, the issue or pull request number in brackets or the kind of change in
    capitals; below :data:`_SHARE`, said as some subjects' habit."""
    numbered = [c.subject for c in people if _NUMBER_TAG.match(c.subject)]
    # (after a backport's release line, "(2.14) [FIXED] ...", "[2.x] [FIXED] ...")
    kinds = Counter(m.group(1) for c in people if not _NUMBER_TAG.match(c.subject) and
                    (m := _KIND_TAG.match(VERSION_TAG.sub("", c.subject, count=1))))
    tagged = len(numbered) + sum(kinds.values())
    if tagged / len(people) < share or (share < _SHARE and tagged < _MIN_COMMITS):
        return ""
    parts = []
    if len(numbered) >= _MIN_TAGS:
        example = min((s for s in numbered if len(s) >= 24), key=len, default=numbered[0])
        parts.append(f"the issue or pull request number in brackets (e.g. {_code(example)}, "
                     f"{len(numbered)})")
    if sum(kinds.values()) >= _MIN_TAGS:
        shown = ", ".join(f"`{k}`" for k, _ in kinds.most_common(4))
        parts.append(f"the kind of change in capitals ({shown}; {sum(kinds.values())})")
    some = "some " if tagged / len(people) < _SHARE else ""
    return f"{some}subjects start with a tag: {' or '.join(parts)}; " \
        f"{_count(people, tagged)}" if parts else ""


def _lower_case(people: list[Recent]) -> str:
    plain = [c.subject for c in people if not parse_header(c.subject).conventional]
    lower = [s for s in plain if s[:1].islower()]
    if len(plain) < len(people) * _SHARE or len(lower) / len(people) < 0.8:
        return ""
    return f"short lower-case subjects with no type prefix, e.g. {_code(min(lower, key=len))} " \
        f"({_count(people, len(lower))})"


def _sentence_case(people: list[Recent]) -> str:
    """``Rename Oban.Midwife to Oban.Queues``: a capital first word, no type, area or ticket
    before it, in most subjects (Title Case is said apart, when most subjects are in it);
    the period at the end is its own axis: said absent when most subjects have none, said
    as the form when most of these subjects end with one (error-prone's "Fix a Refaster
    crash on `module-info.java` files."), and left unsaid when they are mixed."""
    plain = [PR_SUFFIX.sub("", c.subject) for c in people]
    plain = [s for s in plain if s[:1].isupper() and
             not (h := parse_header(s)).conventional and not h.scope and not h.ticket]
    bare = [s for s in plain if not s.endswith(".")]
    dotted = [s for s in plain if s.endswith(".")]
    if len(bare) / len(people) >= 0.8:
        chosen, end = bare, " and no trailing period"
    elif len(plain) / len(people) >= 0.8:
        chosen, end = (dotted, ", ending with a period") \
            if len(dotted) / len(plain) >= _SHARE else (plain, "")
    else:
        return ""
    # the example in sentence case proper: a later word in lower case ("Add Upload Test" is
    # Title Case, which the count does not tell apart)
    example = min((s for s in _spannable(chosen) if len(s) >= 24 and any(
        w[:1].islower() and w.lower() not in _SMALL for w in _words(s)[1:])),
        key=len, default=_spannable(chosen)[0])
    return f"subjects start with a capital, with no type prefix{end}, e.g. " \
        f"{_code(example)} ({_count(people, len(chosen))})"


def _signed(people: list[Recent]) -> str:
    signed = sum(c.signed for c in people)
    return "" if signed / len(people) < 0.8 else \
        f"`Signed-off-by` trailer (`git commit -s`, {_count(people, signed)})"


def _title_case(people: list[Recent]) -> str:
    """``Prevent Duplicate Serializer Completion Calls``: every word capitalised but the
    small ones, in most subjects of three words or more."""
    long = [c.subject for c in people if len(_words(c.subject)) >= 3]
    titled = [s for s in long if all(w[0].isupper() for n, w in enumerate(_words(s))
                                     if not n or w.lower() not in _SMALL)]
    if len(long) < len(people) / 2 or len(titled) / len(long) < _SHARE:
        return ""
    example = PR_SUFFIX.sub("", min(_spannable(titled), key=len))
    return f"subjects in Title Case, e.g. {_code(example)} " \
        f"({len(titled)} of the last {len(long)} of three words or more)"


def _spannable(subjects: list[str]) -> list[str]:
    """The subjects an example may be shown from in a code span: plain words first, with no
    backtick of their own (``Add named `@eval` blocks`` would end the span inside it) and
    no name of a file, path or host (``Replace archive.org URLs``: the evidence rule asks
    the tree for every host an item names, and a host the tree no longer has held the
    whole item); then those with no backtick; else all of them."""
    bare = [s for s in subjects if "`" not in s]
    plain = [s for s in bare if not any(_NAMED.search(w) for w in PR_SUFFIX.sub("", s).split())]
    return plain or bare or subjects


# A word that names a file, a path or a host (`archive.org`, `src/x`, `a.b.c`), not prose.
_NAMED = lazy_regex(r"\w[./]\w")


def _words(subject: str) -> list[str]:
    return [w for w in PR_SUFFIX.sub("", subject).split() if _WORD.match(w)]


def _pr_number(people: list[Recent]) -> str:
    """``Fix the pager (#3999)``: the pull request's title, its number appended by the
    squash merge."""
    marked = [c.subject for c in people if PR_SUFFIX.search(c.subject)]
    if len(marked) / len(people) < _SHARE:
        return ""
    example = min((s for s in _spannable(marked) if len(s) >= 24), key=len,
                  default=_spannable(marked)[0])
    return f"subjects are pull-request titles ending with the PR number, e.g. {_code(example)} " \
        f"({_count(people, len(marked))}; the squash merge appends it, so never write one)"


def _keys(commit: Recent) -> set[str]:
    return {key.lower() for key, _ in commit.trailers}


def _gerrit(people: list[Recent], snapshot: Snapshot) -> str:
    """A ``Change-Id`` trailer on most commits, and review on Gerrit when the repository
    says so: its ``.gitreview``, or a ``Reviewed-on`` trailer naming a review host on most
    commits (a Change-Id alone is no proof: Google's exports carry one too)."""
    ids = sum("change-id" in _keys(c) for c in people)
    hosts = [urlsplit(v).netloc for c in people for k, v in c.trailers
             if k.lower() == "reviewed-on" and v.startswith("https://")]
    host = Counter(hosts).most_common(1)[0][0] if hosts else ""
    gerrit = snapshot.has(".gitreview") or ("review" in host and len(hosts) >= len(people) *
                                            _SHARE)
    where = f" on {host}" if host and "review" in host else ""
    if ids / len(people) >= _SHARE:
        said = f"a `Change-Id` trailer ({_count(people, ids)})"
        return f"reviewed on Gerrit{where}, whose commit-msg hook adds {said}" if gerrit \
            else said
    return f"reviewed on Gerrit{where}" + (" (`.gitreview`)" if snapshot.has(".gitreview")
                                           else "") if gerrit else ""


def _issue_trailer(people: list[Recent]) -> str:
    """``Fixes: #12``: the key most commits that reference an issue in a trailer use.  A
    trailer counts when its value names an issue (``#12``, ``GH-12``, ``PROJ-12``, an
    ``/issues/`` or ``/pull/`` link): PHP_CodeSniffer's ``Ref:`` trailers cite RFCs and
    docs (fresh18's window judge: a Commits line called them its issue references)."""
    keys = Counter(key for c in people for key in {k for k, v in c.trailers
                                                   if k.lower() in _ISSUE_KEYS and
                                                   _ISSUE_VALUE.search(v)})
    if not keys:
        return ""
    key, hits = keys.most_common(1)[0]
    referencing = sum(bool(_keys(c) & _ISSUE_KEYS) for c in people)
    if hits < _MIN_ISSUE_TRAILERS or hits / referencing < 0.8:
        return ""
    example = min((f"{k}: {v}" for c in people for k, v in c.trailers if k == key and v),
                  key=len)
    return f"issues are referenced in a `{key}:` trailer (e.g. {_code(example)}; " \
        f"{_count(people, hits)} carry one)"

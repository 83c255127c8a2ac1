"""A subject that is itself a lasting fact: a break, a replacement or a new default.

Most subjects only name a change, and an item must say more than its subject
(:mod:`gitmemory.providers.offline.worth`).  Some say, in a few words, what
is no longer so and what to use now, and often nothing more is written:
"Completely remove `bundle viz` command", "replace FindFilteredSnapshots()
with (*data.SnapshotFilter).FindAll()", "Switch `cache_all` to be `true` by
default", "Rename the `--rev` option to `--revision`".  Such a subject is kept
as a fact, in its own words (put in the past: what was done), when it names
what it is about (a code span, a symbol, an option, or an area that is a name
of the code: "smart_borders: Deprecate option") and is not about the
project's own machinery (tests, CI, docs, unused or internal code).  A
commit whose change an explicit ``refactor:`` type declares as no change of
behaviour gives none.

A fix, feature or speed-up its subject alone tells gives no fact: the history record
carries that subject already, and an item must say more than it (blind window judging
found "Fixed (x): ..." and "Added X" useless, fourteen of fifteen facts in two windows).
Breaks, defaults, restorations and raised minimums go first, so that a full section lets
them go before the fuller items of the messages (docs/design.md).  A security fix and a
revert of a change made before the commits read go last instead: the fixed code looks
like any other and the reverted change like a good idea, and older items may still
state it.

How the project's CI and releases are secured (actions pinned to a commit, workflow
permissions cut down, trusted publishing) is a fact whatever the commit's type,
anchored by the CI files it changed.

A subject that raises what the language, platform or toolchain must be at least ("Bump
C++14 to C++17", :mod:`~gitmemory.providers.offline.minimums`) is a fact whatever its
type, unless its commit changed CI alone.

A subject that brings back what was removed, disabled or deprecated ("Re-enable
Scala Native", "Restore the `--legacy` flag") is a fact too: what holds now, where
an older item or release may say only that it went.

A fact must still hold at the end of the commits read: when a later commit
reverts it, restores what it removed, or changes the same name again, the
earlier subject is no fact (the later one may be).  A name that only qualifies
a kind of things in the later subject ("Rename Node classes related to
variables") names that family, not the name itself: the fact about ``Node``
holds.
"""

from __future__ import annotations

import re
from dataclasses import replace

from gitmemory.changelogs import is_changelog
from gitmemory.commits import Commit
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Extraction
from gitmemory.providers.offline.diffs import file_hunks
from gitmemory.providers.offline.minimums import raises_minimum
from gitmemory.providers.offline.noise import by_bot, by_files, is_noise
from gitmemory.providers.offline.phrasing import (
    LIMIT,
    capital,
    deprecates_another,
    names_absent,
    tidy,
    to_past,
    with_area,
)
from gitmemory.providers.offline.verbatim import SECURITY
from gitmemory.providers.offline.worth import names_something, one_off
from gitmemory.reading.header import Header, parse_header
from gitmemory.reading.paths import (
    evidence_paths,
    is_ci,
    is_test,
)

_ADVERB = r"(?:completely |fully |finally |entirely )?"
# What is no longer so: removed, renamed, replaced, deprecated, no longer supported.
_BREAK = lazy_regex(
    rf"^{_ADVERB}(?:remove|drop|delete)\b|^finali[sz]e\b.*\b(?:removal|deprecation)\b|"
    r"^deprecate\b|^rename\b.*\bto\b|^replace\b.+\b(?:with|by)\b|"
    r"^(?:stop|no longer) (?:supporting|accepting|exporting|allowing|support|accept|"
    r"export|allow)\b|"
    # what is used now instead: "Switch Estimator to use a double exponential weighting",
    # "Prefer Greek mu over micro sign for micro- prefix"
    r"^switch\b.+\bto (?:use|using)\b|^prefer\b.+\bover\b", re.I)
# What is the default now: "Switch X to be true by default", "Enable X by default".
_DEFAULT = lazy_regex(r"^(?:switch|make|set|change|enable|disable|turn (?:on|off)|default)\b"
                      r".*\b(?:by default|the default|default (?:to|value|for))\b|"
                      r"^default\b.+\bto\b", re.I)
# The project's own machinery, or code nobody outside used: no fact for its users.
_MACHINERY = lazy_regex(
    r"\b(?:unused|redundant|dead|obsolete|leftover|debug(?:ging)?|duplicated?|stale|"
    r"unnecessary|extra|useless|internal|private|tests?|specs?|fixtures?|workflows?|ci|"
    r"comments?|typos?|lint\w*|docs?|documentation|readme|changelog|notices?|todos?|imports?|"
    r"allocations?|dependabot|gitignore|examples?|benchmarks?|hacks?|workarounds?|"
    r"(?:python|node|ruby|go|rust|java) ?\d)\b", re.I)
_SKIPPED_KINDS = ("test", "docs", "ci", "style", "build", "chore", "release", "merge",
                  "revert")
# A later subject that undoes one: "Restore `bundle viz`", "Revert ...", "Re-add ..."
_UNDOES = lazy_regex(r"^(?:revert|restore|re-?add|re-?introduce|re-?enable|bring back|"
                     r"undeprecate|un-deprecate|undo)\b|"
                     # "Do not deprecate PrefixIter because ...": the change called off
                     r"^(?:do not|don't|no longer|stop) (?:deprecat|remov|renam|drop)\w*\b",
                     re.I)
_NAME = lazy_regex(r"`[^`]+`|--?[A-Za-z][\w-]+|[A-Za-z_][\w.:]*[A-Za-z0-9_)]")
# "Revert #1266: change default pool back to ThreadLocal-based pool": the change undone
# named by its issue or pull request, the words after it what the revert does now
_REVERTS_NUMBER = lazy_regex(r"^\s*revert(?:s|ed)?\s+(?:(?:pr|pull request|issue)\s+)?"
                             r"#(\d+)\b", re.I)
_NUMBERED = lazy_regex(r"#(\d+)\b")
_BREAK_CONFIDENCE = 0.8


def subject_facts(commits: list[Commit], said: frozenset[str] = frozenset()
                  ) -> list[Extraction]:
    """The facts the subjects of ``commits`` (oldest first) state, none that a later
    commit undoes or changes again; no fix or feature of a commit whose message gave an
    item (``said``: their short shas)."""
    read = [(commit, _header(commit)) for commit in commits]
    facts = [_security(commit, head) or
             _fact(head, tuple(f.path for f in commit.files), commit.diff) or
             _restored(head) or _minimum(commit, head) or _breaking(head)
             for commit, head in read]
    # the names of each subject that states a fact or undoes one, read once
    changing = [(at, _changed_names(head.text)) for at, (_, head) in enumerate(read)
                if facts[at] is not None or head.kind == "revert" or
                _UNDOES.match(tidy(head.text)) or _fact(head) is not None]
    # a removal gives way to a later subject that adds the same name again ("Remove plus()
    # and minus() methods", then "Add plus() and minus() methods")
    adding = changing + [(at, _changed_names(head.text) | _object(head.text))
                         for at, (_, head) in enumerate(read) if _ADDS.match(tidy(head.text))]
    found: list[Extraction] = []
    titles = [tidy(head.text).casefold() for _, head in read]
    for at, (commit, head) in enumerate(read):
        if facts[at] is None and (secured := _hardening(commit, head)):
            found.append(secured)
            continue
        if facts[at] is None and (undone := _reverted(commit, head, at, titles)):
            found.append(undone)
            continue
        text = facts[at]
        if text is None:
            continue  # a fix or feature its subject alone tells: the history record's line
        names = _names(head.text)
        if _REMOVED.match(tidy(head.text)):
            names, after = names | _object(head.text), adding
        else:
            after = changing
        if any(later > at and names & said for later, said in after):
            continue  # a later commit undid it or changed the same name again
        if names_absent(text, commit.diff) or deprecates_another(head.text, commit.diff):
            continue  # a name the author mistyped, or the replacement named as deprecated
        found.append(Extraction("facts", text, _BREAK_CONFIDENCE, (commit.short,),
                                evidence_paths(commit)))
    return found


# Scopes that are the project's machinery, not an area of its code.
_NOT_CODE_AREAS_WORDS = """ci cd docs doc deps dep dependencies deps-dev test tests testing spec
specs chore build release releases changelog readme website site github workflow workflows
actions examples example bench benchmarks lint style format meta repo infra dev tooling scripts"""
_NOT_CODE_AREAS = frozenset(_NOT_CODE_AREAS_WORDS.split())


# A security fix, named by its advisory or in words: what the history taught whatever the
# commit's type (a dependency update is machinery, one that closes an advisory is not).
_SECURITY = lazy_regex(
    r"\b(?:CVE-\d{4}-\d{4,}|GHSA(?:-[0-9a-z]{4}){3}|(?:RUSTSEC|PYSEC|GO)-\d{4}-\d{4,})\b|"
    r"\bvuln(?:erab(?:le|ility|ilities))?\b|\bsecurity (?:fix|issue|advisory|hole|"
    r"problem|bug|vulnerability)\b|\(security\)", re.I)
_SECURITY_TAG = lazy_regex(r"\s*\(security\)", re.I)
_NOT_SECURITY_KINDS = ("test", "docs", "ci", "revert", "merge", "style")


def fixes_security(subject: str) -> bool:
    """Whether a subject names a security fix (an advisory, a vulnerability, or the class
    of one, as a message's sentence does: "Fix XSS on debug page", but not in a change of
    the project's machinery, "Improve docs for CSRF protection"), whatever else it says:
    a dependency update that closes an advisory is no bookkeeping."""
    return bool(_SECURITY.search(subject) or (
        SECURITY.search(subject) and not _ABOUT_TEXT.search(subject)))


# "Improve docs and TODO for CSRF protection": a change of words about it, no fix
_ABOUT_TEXT = lazy_regex(r"\b(?:docs?|documentation|readme|changelog|comments?|todos?|typos?|"
                         r"tests?|specs?|examples?|wording)\b", re.I)


_SECURITY_LEAD, _HARDENING_LEAD, _REVERTED_LEAD = "Security: ", "CI security: ", 'Reverted "'


def is_security(text: str) -> bool:
    """Whether an item is a security fix or a CI hardening a subject stated
    (:func:`_security`, :func:`_hardening` wrote it)."""
    return text.startswith((_SECURITY_LEAD, _HARDENING_LEAD))


def corrects_the_record(text: str) -> bool:
    """Whether a subject's fact is a security fix, a CI hardening or a revert
    (:func:`_reverted` wrote it): what older items and the code's own look may say
    otherwise, so a full section lets it go last."""
    return is_security(text) or text.startswith(_REVERTED_LEAD)


def _security(commit: Commit, head: Header) -> str | None:
    """A subject that fixes a security problem, told as one: "Security: update
    golang.org/x/net package for vuln CVE-2023-45288"; the advisory may be the subject's
    area ("CVE-2026-5917: Escape repo path in gen_proto()"), and then it leads."""
    if head.kind == "merge":
        return _advisory_merged(commit)
    said = f"{head.scope}: {head.text}" if _SECURITY.search(head.scope) else head.text
    if head.kind in _NOT_SECURITY_KINDS or not fixes_security(said) or \
            _UNDOES.match(tidy(head.text)) or parse_header(commit.subject).kind == "revert":
        return None
    text = _SECURITY_LEAD + _lower_first(tidy(_SECURITY_TAG.sub("", said)))
    return text if len(text) <= LIMIT else None


_ADVISORY = lazy_regex(r"\b(?:GHSA(?:-[0-9a-z]{4}){3}|CVE-\d{4}-\d{4,})\b", re.I)
# the code a hunk is in, as git's hunk header names it: "@@ -49,9 +50,8 @@ func Name("
_HUNK_IN = lazy_regex(r"\b(?:func|def|fn|class|function|sub|defp?|method)\s+"
                      r"(?:\([^)]*\)\s*)?([A-Za-z_][\w.]*)")


def _advisory_merged(commit: Commit) -> str | None:
    """A merge that brings in a security advisory's fix (GitHub's "Merge commit from fork",
    its body the advisory's link): "Security: fixed GHSA-... in `RedirectSlashes`
    (middleware/strip.go)", the code named by the hunks of its files that are not tests.
    The merge's subject says nothing, and it is the history's most important change."""
    advisory = _ADVISORY.search(f"{commit.subject}\n{commit.body}")
    if advisory is None:
        return None
    code = [f.path for f in commit.files if not is_test(f.path) and not is_changelog(f.path)]
    names: list[str] = []
    for path, hunks in file_hunks(commit.diff).items():
        if path in code:
            names += [m.group(1) for h in hunks if (m := _HUNK_IN.search(h.context))
                      and m.group(1) not in names]
    where = ", ".join(f"`{n}`" for n in names[:2])
    files = ", ".join(code[:2])
    text = f"{_SECURITY_LEAD}fixed {advisory.group()}" + (f" in {where}" if where else "") + \
        (f" ({files})" if files else "")
    return text if code and len(text) <= LIMIT else None


# How the project's CI and releases are kept safe: actions pinned to a commit or a
# version, workflow permissions cut down, publishing without a stored token.  A rule
# for whoever touches a workflow next, whatever the commit's type.
_HARDENING = lazy_regex(
    r"\bharden\w*|\bsupply[- ]chain\b|\btrusted publish\w*|\bOIDC\b|"
    r"\bpin\w*\b.{0,60}\b(?:to|by|at)\b.{0,30}\b(?:commit|sha|shas|hash|hashes|digests?|"
    r"versions?|tags?|releases?)\b|"
    r"\b(?:restrict\w*|limit\w*|minimi[sz]\w*|reduc\w*|tighten\w*|strict\w*|least[- ]"
    r"privilege|read-only|drop\w*)\b.{0,40}\bpermissions?\b|\bpermissions?\b.{0,20}"
    r"\b(?:restrict\w*|limit\w*|minimal|read-only|stricter)\b", re.I)


def _hardening(commit: Commit, head: Header) -> Extraction | None:
    """A subject that says how the project's CI or release is secured, anchored by the
    CI files its commit changed: "CI security: pinned GitHub Actions to commit hashes"."""
    ci = tuple(sorted(f.path for f in commit.files if is_ci(f.path)))
    subject = tidy(head.text)
    if not ci or head.kind in ("revert", "merge", "test", "docs") or \
            not _HARDENING.search(subject) or _UNDOES.match(subject) or one_off(subject):
        return None
    text = _HARDENING_LEAD + _lower_first(_done(capital(subject)))
    return Extraction("facts", text, _BREAK_CONFIDENCE, (commit.short,), ci[:3]) \
        if len(text) <= LIMIT else None


def reverted_number(subject: str) -> str | None:
    """The issue or pull request whose change a revert's subject undoes by its number
    ("Revert #1266: change default pool back ..."), or None."""
    match = _REVERTS_NUMBER.match(subject)
    return match.group(1) if match else None


def numbers_of(subject: str) -> set[str]:
    """The issue and pull-request numbers a subject names ("Fix #1266: ... (#1268)")."""
    return set(_NUMBERED.findall(subject)) if "#" in subject else set()


# git's own form, 'Revert "<the title>"', quotes the title of the change it undoes;
# "Revert $negated from add()" uses the verb on what it takes out, and its words quoted
# as a title read as the change undone, inverted (Carbon's window, judged wrong)
# (or, by the conventional form, "revert: feat(x): ...", the header it undoes)
_QUOTES_TITLE = lazy_regex(r'^\W*(?:\[[^\]]*\]\s*)?revert\w*\W{0,3}\s*["\u201c]|'
                           r'^revert(?:\([^)]*\))?!?:\s*\w+(?:\([^)]*\))?!?:', re.I)


def _reverted(commit: Commit, head: Header, at: int, titles: list[str]) -> Extraction | None:
    """A revert of a change made before the commits read, which a release may have
    announced: 'Reverted "`encode_body`: Automatically change GET to POST ..."'.  When the
    change it undoes is among the commits read, the two say nothing together; when a
    later commit makes the change again, it holds again.  A revert that names the change
    by its number ("Revert #1266: change default pool back to ThreadLocal-based pool")
    says after it what it does, not what it undoes: no such item."""
    if parse_header(commit.subject).kind != "revert" or head.kind != "revert" or \
            reverted_number(commit.subject) or not _QUOTES_TITLE.search(commit.subject):
        return None  # "Revert $negated from add()": a verb on what goes, no title quoted
    title = tidy(head.text)
    if title.casefold() in titles[:at] + titles[at + 1:] or title.endswith("\u2026") or \
            not (head.scope or names_something(title)) or one_off(title):
        return None  # (a title GitHub cut short says only part of what went)
    text = f'{_REVERTED_LEAD}{with_area(head.scope, title)}"'
    return Extraction("facts", text, _BREAK_CONFIDENCE, (commit.short,),
                      evidence_paths(commit)) if len(text) <= LIMIT else None


def _minimum(commit: Commit, head: Header) -> str | None:
    """A subject that raises what the language, platform or toolchain must be at least
    ("Bump C++14 to C++17", "set minimum zig version to `0.16.0`"), in the past, whatever
    its type; not when the commit changed CI alone (its matrix is no minimum)."""
    subject = _SEE_PR.sub("", tidy(head.text))  # "..., see PR #2734": the PR is cited
    kind = parse_header(commit.subject).kind  # "Bump C++14 to C++17" reads as a release
    if kind in ("revert", "merge", "test", "docs") or by_bot(commit) or \
            not raises_minimum(subject) or all(is_ci(f.path) for f in commit.files) or \
            one_off(subject) or _TWO_CHANGES.search(_LEAD_IN.sub("", subject, count=1)):
        return None
    # "Google errorprone now requires Java 17" says what holds: kept as written
    said = subject if _STATES.search(subject) else _done(capital(subject))
    text = with_area(head.scope, said)
    return text if len(text) <= LIMIT else None


# "For 3.50.0, move baseline to Java 17": when it holds from, no change of its own
_LEAD_IN = lazy_regex(r"^(?:for|in|as of|starting (?:with|from|in)|since|from|with)\s+"
                      r"[^,]{1,30},\s+", re.I)
_SEE_PR = lazy_regex(r"[,;.]?\s*\(?see (?:pr|pull request|issue|#)\s*#?\d*\)?\.?$", re.I)
_STATES = lazy_regex(r"\b(?:now|requires|required|is|are)\b", re.I)


# "Re-enable Scala Native", "Restore the `--legacy` flag", "Un-deprecate `spurt`": what
# was taken away holds again
_RESTORES = lazy_regex(r"^(?P<verb>restore|re-?add|re-?introduce|re-?enable|un-?deprecate|"
                       r"bring back)\b", re.I)


def _restored(head: Header) -> str | None:
    """A subject that raises what the language, platform or toolchain must be at least ("Bump
C++14 to C++17", :mod:`~gitmemory.providers.offline.minimums`) is a fact whatever its
type, unless its commit changed CI alone.

A subject that brings back what was removed, disabled or deprecated, as a fact in
    the past ("Re-enabled Scala Native (0.5.8); keep ZipOps JVM-only"): what holds now,
    where the removal may be all an older item or release says.  Its main clause (before
    a ";") must not be about the project's machinery, and it must name what it is about."""
    subject = tidy(head.text)
    restores = _RESTORES.match(subject)
    if not restores or head.kind in _SKIPPED_KINDS or \
            _MACHINERY.search(subject.split(";")[0]) or one_off(subject) or \
            not (head.scope or names_something(subject)):
        return None
    verb = restores["verb"]
    done = "brought back" if verb.lower() == "bring back" else \
        verb + ("d" if verb.endswith("e") else "ed")
    text = with_area(head.scope, capital(done + subject[restores.end():]))
    return text if len(text) <= LIMIT else None


def _lower_first(text: str) -> str:
    """"Don't show X" -> "don't show X"; "`Foo` ..." and "API ..." stay."""
    word = text.split(" ", 1)[0].replace("'", "")
    if word[:1].isupper() and word[1:].islower() and word.isalpha():
        return text[:1].lower() + text[1:]
    return text


_ADDS = lazy_regex(r"^(?:add|introduce|implement)\b", re.I)
_REMOVED = lazy_regex(rf"^{_ADVERB}(?:remove|drop|delete)\b|^finali[sz]e\b.*\bremoval\b",
                      re.I)
# A later subject that drops a dependency it names ("Decouple X from setuptools; remove
# dependency"), and an item whose own statement says the project depends on something.
_UNDEPENDS = lazy_regex(r"\b(?:remov|drop|delet)\w*\b[^;]{0,40}\bdependenc(?:y|ies)\b|"
                        r"\bno longer (?:depend|require)s?\b|\bdecoupl\w*\b.{0,60}\bfrom\b",
                        re.I)
_DEPENDS = lazy_regex(r"\b(?:depend(?:s|ed)? on|require[sd]? |dependency on|"
                      r"add(?:s|ed)? (?:a )?dependency)", re.I)
_ANNOUNCED = lazy_regex(r"\bdeprecat\w*|\bwill be removed\b", re.I)


def completed(commits: list[Commit], found: list[Extraction]) -> list[Extraction]:
    """``found`` without what a later commit's removal completes or its revert undoes: an
    item that says a name is deprecated or will be removed, from a commit before the one
    whose subject removes that name, is no longer so; nor is any item about a name from
    before a commit whose subject reverts a change of that name ("revert primary_key=True
    change ...": what the change made `primary_key` do holds no more)."""
    order = {commit.short: at for at, commit in enumerate(commits)}
    removals, reverts, undepended = [], [], []
    by_number: list[tuple[int, str]] = []  # "Revert #1266: ...": when, the number
    for at, commit in enumerate(commits):
        head = _header(commit)
        if _REMOVED.match(tidy(head.text)) and _fact(head) is not None:
            removals.append((at, _names(head.text)))
        elif (number := reverted_number(commit.subject)) is not None:
            by_number.append((at, number))
        elif parse_header(commit.subject).kind == "revert":
            reverts.append((at, _names(head.text)))
        if _UNDEPENDS.search(head.text):
            undepended.append((at, _names(head.text)))
    if not removals and not reverts and not undepended and not by_number:
        return found

    def gone(item: Extraction) -> bool:
        when = max(order.get(ref, -1) for ref in item.refs)
        said = _names(item.content)
        if any(at > when and names & said for at, names in reverts):
            return True
        numbers = {n for ref in item.refs if ref in order
                   for n in numbers_of(commits[order[ref]].subject)}
        if any(at > when and number in numbers for at, number in by_number):
            return True  # "Fix #1266: ...", then "Revert #1266: ..."
        if _DEPENDS.search(item.content.partition(" — ")[0]) and \
                any(at > when and names & said for at, names in undepended):
            return True  # "Depend on setuptools", then "... remove dependency" on it
        return bool(_ANNOUNCED.search(item.content)) and \
            any(at > when and names & said for at, names in removals)

    return [item for item in found if not gone(item)]


def states_break(text: str) -> bool:
    """Whether ``text``, written like a subject, states what is no longer so or what the
    default is now ("Remove deprecated `follow_redirects` step", "Set the `ocaml-version`
    to `5.4` by default"), naming what it is about and not the project's machinery."""
    subject = tidy(text)
    return bool(_BREAK.match(subject) or _DEFAULT.match(subject)) and \
        names_something(subject) and not _MACHINERY.search(subject) and \
        not one_off(subject) and not _TWO_CHANGES.search(subject)


def _header(commit: Commit) -> Header:
    header = parse_header(commit.subject)
    if is_noise(header, commit):
        return replace(header, kind="merge")
    return by_files(header, commit)


def _breaking(head: Header) -> str | None:
    """A change its conventional subject marks as breaking ("feat!: cleanup references
    of --compilers"), told as a break: what a user of the old code must change."""
    subject = tidy(head.text)
    if not head.breaking or head.kind in _SKIPPED_KINDS or one_off(subject) or \
            not (head.scope or names_something(subject)):
        return None
    scope = head.scope if head.scope.lower() not in _NOT_CODE_AREAS else ""
    text = (f"Breaking change ({scope}): " if scope else "Breaking change: ") + \
        _lower_first(subject)
    return text if len(text) <= LIMIT else None


def _fact(head: Header, paths: tuple[str, ...] = (), diff: str = "") -> str | None:
    """The subject as a fact, or None when it states no break or default of a named
    thing (``paths``: the files the commit changed; ``diff``: its patch, which shows that
    a plain word of the subject is a name of the code: "Rename Predicate to Matcher")."""
    subject = tidy(head.text)
    if head.kind in _TOOLING_KINDS and _SWAP.match(subject) and names_something(subject) \
            and not one_off(subject) and len(subject) + 2 <= LIMIT:
        return _done(capital(subject))  # the project's own tools swapped: tox is gone
    if _BRANCH_RENAMED.search(subject) and len(subject) + 2 <= LIMIT:
        return _done(capital(subject))  # where every push and pull request goes now
    if head.kind in _SKIPPED_KINDS or (head.kind == "refactor" and head.conventional and
                                       not head.breaking):
        return None
    # "smart_borders: Deprecate option": an area that is a name of the code names it
    named = names_something(subject) or _names_code(subject, diff) or (
        head.scope.lower() not in _NOT_CODE_AREAS and names_something(head.scope) and
        not _MACHINERY.search(head.scope))
    if not (_BREAK.match(subject) or _DEFAULT.match(subject)) or \
            _MACHINERY.search(subject) or one_off(subject) or not named or \
            _TWO_CHANGES.search(subject) or _private(subject, paths):
        return None
    text = with_area(head.scope, _done(capital(subject)))
    return text if len(text) <= LIMIT else None


_CAPITALISED = lazy_regex(r"(?<=\s)[A-Z][a-z][A-Za-z0-9]{2,}\b")


def _names_code(subject: str, diff: str) -> bool:
    """Whether a capitalised word of the subject after its first (a class, a type) is a
    name the commit's changed lines hold as a whole word: the code says it is code."""
    if not diff:
        return False
    changed = "\n".join(line for line in diff.splitlines()
                        if line[:1] in "+-" and not line.startswith(("+++", "---")))
    return any(re.search(rf"(?<![\w.-]){re.escape(word)}(?![\w-])", changed)
               for word in _CAPITALISED.findall(subject))


# The repository's default branch renamed, whatever the commit's type ("build: changed
# primary branch from master to main"): what every checkout, push and pull request names.
_BRANCH_RENAMED = lazy_regex(r"\b(?:default|primary|main|trunk)\s+branch\b.*\b(?:to|->)\s+"
                             r"`?[\w./-]+`?\s*$|\b(?:rename|renamed|switch|switched|move|moved|"
                             r"change|changed)\b.*\bfrom\s+`?master`?\s+to\s+`?main`?\b", re.I)


# The project's own tools swapped for others ("build: replace tox with poethepoet + uv",
# "chore: migrate from yarn to pnpm"): what its contributors must know, whatever the type.
_TOOLING_KINDS = ("build", "chore", "ci")
_SWAP = lazy_regex(r"^(?:replace|swap)\b.+\b(?:with|by)\b|"
                   r"^(?:switch|migrate|move|port)\w*\b.*\bfrom\b.+\bto\b|"
                   # "ci: use mini.test instead of busted" (lazy.nvim's test runner)
                   r"^(?:use|adopt)\b.+\b(?:instead of|rather than|in favou?r of)\b", re.I)


def _private(subject: str, paths: tuple[str, ...]) -> bool:
    """Whether what the subject removes or changes is a file, or a name its language keeps
    private: ``_name``, or a lower-case Go identifier in a change of Go files only."""
    verb = _VERB.match(subject)
    words = subject[verb.end() if verb else 0:].split()
    if words and _FILE.search(words[0].strip("`'\",.;:")):
        return True  # "remove needs-reply-remove.yml": a file, hyphens and all (auto_route)
    found = _NAME.search(subject, verb.end() if verb else 0)
    if found is None:
        return False
    name = found.group(0).strip("`")
    if _FILE.search(name) or name.startswith("_"):
        return True
    go = bool(paths) and all(p.endswith(".go") for p in paths)
    return go and name[:1].islower() and name.isidentifier() and names_something(name)


_VERB = lazy_regex(rf"^{_ADVERB}\w+\s+(?:(?:the|a|an|deprecated|old|legacy|support for|"
                   r"dependency on|mutex from)\s+)*", re.I)
_FILE = lazy_regex(r"[\w*-]\.(?:py|go|rs|rb|js|ts|sh|json|toml|ya?ml|cfg|ini|txt|md|lock)$")
# "remove saveSmall, use only PutBlob API": two changes, the fact is neither alone
_TWO_CHANGES = lazy_regex(r"[,;]\s+(?:and\s+)?(?:use|add|replace|move|make|calculate|keep|"
                          r"rename|switch|fix|update|minor|also)\b|\.\s+[A-Z]", re.I)


def _done(subject: str) -> str:
    """"Completely remove X" -> "Completely removed X"; "Replace X" -> "Replaced X"."""
    adverb = re.match(_ADVERB, subject, re.I)
    if adverb and adverb.group(0):
        return subject[:adverb.end()] + to_past(subject[adverb.end():])
    return to_past(subject)


# "Rename Node classes related to variables": a name that only qualifies a kind of thing
_KIND_NOUNS = lazy_regex(r"\s+(?:classes|types|interfaces|traits|methods|functions|helpers|"
                         r"modules|packages|subclasses|implementations|tests|specs|fixtures|"
                         r"files|docs|examples|benchmarks|related|based|specific)\b", re.I)


def _object(text: str) -> set[str]:
    """What a subject's verb acts on, in lower case: "plus() and minus() methods" for
    "Remove plus() and minus() methods" and for "Add plus() and minus() methods"."""
    said = tidy(text).partition(" ")[2].casefold().strip(" .")
    return {said} if said else set()


def _changed_names(text: str) -> set[str]:
    """The names a later subject changes again: its names, less one that only qualifies
    a kind of things in the plural ("Node classes", "Parser tests"), which names a family,
    not that name ("the Node class" is ``Node``); a fact about ``Node`` itself still holds
    after "Rename Node classes related to variables"."""
    qualifying = {match.group().strip("`").lower() for match in _NAME.finditer(text)
                  if _KIND_NOUNS.match(text, match.end())}
    return _names(text) - qualifying


def _names(text: str) -> set[str]:
    """The names a subject holds: code spans, options, and words that look like code."""
    names = {n.strip("`").lower() for n in _NAME.findall(text)
             if n.startswith(("`", "-")) or names_something(n)}
    # "Rack::Request#values_at" and "Request#values_at" share the method they name
    return names | {part for name in names for part in re.split(r"[:#./ ]+", name)
                    if len(part) > 3 and names_something(part)}

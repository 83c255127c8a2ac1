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

A fix, feature or speed-up that names what it is about (a code span, an option, a
symbol, a scope that is an area of the code, not ``ci``, ``docs`` or ``deps``, or else
the few source files its commit changed) is kept too, its type told ("Fixed: ...",
"Added ..."; a subject with no type that orders a change is put in the past), when the
commit's message gave no other item (a squash merge's list of its commits says
nothing more; an item read across commits, a habit or the layout, cites a commit as
one of many and is no item of its message): a history of squash merges with
subject-only messages says little else.
A fix is a lesson only when its subject says what the code does now ("use a stable
sort for the filters", "don't offer completions after --help") or how it fixed ("...
by dropping the warning"); one that names only the bug ("Fix crash when the theme file
is empty", "fix: stale errors after an update", "resolve the type error in X") is a
symptom without its cause, and a fix keeps its cause or is no lesson.  A conventional
fix whose subject opens with such a verb stands for its body too when the rules keep
nothing of that body: the subject is the rule, the body its story.
Never about the project's machinery (samples, examples, internals, a pinned tool), a
typo, a work in progress (a word of the machinery
inside a code span that is no path is part of a name: "Allow `CI=true` to be overridden
by `--accept`"); at most
``_MOST_CHANGES`` (those whose commit adds a changelog line first, then those that name
code, then the latest), placed before every other item so that a full section lets
them go first (docs/design.md).  A security fix and a revert of a change made before
the commits read go last instead: the fixed code looks like any other and the
reverted change like a good idea, and older items may still state it.

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

from gitmemory.commits import Commit
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Extraction
from gitmemory.providers.offline.diffs import file_hunks
from gitmemory.providers.offline.minimums import raises_minimum
from gitmemory.providers.offline.noise import by_bot, by_files, is_noise
from gitmemory.providers.offline.phrasing import (
    LIMIT,
    base_verb,
    capital,
    deprecates_another,
    is_imperative,
    names_absent,
    tidy,
    to_past,
    with_area,
)
from gitmemory.providers.offline.verbatim import SECURITY
from gitmemory.providers.offline.worth import content_words, names_something, one_off
from gitmemory.reading.header import Header, parse_header
from gitmemory.reading.memory_trailers import memory_lines
from gitmemory.reading.paths import (
    evidence_paths,
    is_changelog,
    is_ci,
    is_fragment,
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
             _restored(head) or _minimum(commit, head) for commit, head in read]
    changes = [None if facts[at] or commit.short in said or
               not (_subject_only(commit) or _tells_behaviour(head)) else
               _change(head, evidence_paths(commit)) or _purposed(head)
               for at, (commit, head) in enumerate(read)]
    # the names of each subject that states a fact or undoes one, read once
    changing = [(at, _changed_names(head.text)) for at, (_, head) in enumerate(read)
                if facts[at] is not None or head.kind == "revert" or
                _UNDOES.match(tidy(head.text)) or _fact(head) is not None]
    # a fix or feature gives way to any later subject fact about the same name
    touching = changing + [(at, _changed_names(head.text)) for at, (_, head) in enumerate(read)
                           if changes[at] is not None]
    found: list[Extraction] = []
    fixes: list[tuple[tuple[bool, bool, int], Extraction]] = []
    titles = [tidy(head.text).casefold() for _, head in read]
    for at, (commit, head) in enumerate(read):
        if facts[at] is None and (secured := _hardening(commit, head)):
            found.append(secured)
            continue
        if facts[at] is None and (undone := _reverted(commit, head, at, titles)):
            found.append(undone)
            continue
        fact = facts[at] is not None
        text, after = (facts[at], changing) if fact else (changes[at], touching)
        if text is None:
            continue
        names = _names(head.text)
        if any(later > at and names & said for later, said in after):
            continue  # a later commit undid it or changed the same name again
        if names_absent(text, commit.diff) or deprecates_another(head.text, commit.diff):
            continue  # a name the author mistyped, or the replacement named as deprecated
        item = Extraction("facts", text, _BREAK_CONFIDENCE if fact else _CHANGE_CONFIDENCE,
                          (commit.short,), evidence_paths(commit))
        if fact:
            found.append(item)
        else:
            fixes.append((_weight(commit, head, at), item))
    # the fixes and features first: a full section lets them go before the rest
    kept = sorted(sorted(fixes, key=lambda f: f[0])[-_MOST_CHANGES:], key=lambda f: f[0][2])
    return [item for _, item in kept] + found


def _weight(commit: Commit, head: Header, at: int) -> tuple[bool, bool, int]:
    """Which fixes and features the cap keeps: one the project told its users about (its
    commit adds a changelog line), then one that names the code it changes, then the
    latest."""
    told = any(is_changelog(f.path) for f in commit.files)
    named = bool(head.scope or names_something(head.text) or _OPTION.search(head.text))
    return told, named, at


_CHANGE_CONFIDENCE = 0.75
_MOST_CHANGES = 20  # per batch, two thirds of a section: fuller items keep their room
_CHANGE_LABELS = {"fix": "Fixed", "feat": "Added", "perf": "Faster"}
# Scopes that are the project's machinery, not an area of its code.
_NOT_CODE_AREAS_WORDS = """ci cd docs doc deps dep dependencies deps-dev test tests testing spec
specs chore build release releases changelog readme website site github workflow workflows
actions examples example bench benchmarks lint style format meta repo infra dev tooling scripts"""
_NOT_CODE_AREAS = frozenset(_NOT_CODE_AREAS_WORDS.split())
# Scopes that repeat the change's type ("feat(enhancement): ..."): no area at all.
_TYPE_SCOPES_WORDS = """refactor refactoring enhancement enhancements improvement
improvements improve feature features feat fix fixes bugfix bugfixes bug bugs misc other
general minor"""
_TYPE_SCOPES = frozenset(_TYPE_SCOPES_WORDS.split())
_CHORE = lazy_regex(
    r"\b(?:typos?|spelling|grammar|wip|tmp|temp|tests?|specs?|ci|docs?|documentation|"
    r"readme|changelog|workflows?|dependabot|renovate|lint(?:ing|er)?|benchmarks?|"
    r"coverage|flaky|debug(?:ging)?|mypy|pyright|pep ?484|type (?:hints?|annotations?|"
    r"checkers?|checking))\b|(?<![\w-])(?:samples?|examples?|internals?)(?![\w-])|"
    r"^(?:bump|upgrade|update)\b.*\bto v?\d|"
    # "Pin versions of black, isort, ruff": a tool's version held, with no reason told
    r"^pin(?:ned|s)?\b", re.I)
_OPTION = lazy_regex(r"(?:^|\s)--?[A-Za-z][\w-]*")
# "Allow `CI=true` to be overridden by `--accept`": a word of the machinery inside a code
# span that is no path is part of a name from the code (a variable, an option)
_NAMED_SPAN = lazy_regex(r"`(?![^`]*\.[a-z]{2,4}`)[^`/]+`")
# "check for process.env.CI": a dotted name of the code, whatever words it holds (a file's
# name, "ci.yml", is the machinery's)
_DOTTED_NAME = lazy_regex(r"(?<![\w./-])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?<!\.yml)"
                          r"(?<!\.yaml)(?<!\.json)(?<!\.toml)(?<!\.cfg)(?<!\.ini)(?<!\.md)"
                          r"(?<!\.txt)(?![\w/-])")


def _named_out(subject: str) -> str:
    """``subject`` with each name from the code as ``x``: a code span that is no path
    ("Allow `CI=true` to be overridden"), a dotted name ("process.env.CI")."""
    return _DOTTED_NAME.sub("x", _NAMED_SPAN.sub("`x`", subject))


# A typeless subject that forbids what broke: "Don't put the same bytes.Buffer into
# sync.Pool twice" is a fix told as its rule.
# "Don't offer completions after --help": a rule; "Don't need the cov.pth hack anymore"
# says what is no longer needed, no rule of the code's
_FORBIDS = lazy_regex(r"^(?:don'?t|do not|never|avoid)\s+(?!(?:need|have to|bother|want)\b)\w",
                      re.I)


# Lines a body holds that say nothing: trailers, a bare issue reference or link; and a
# squash merge's list of the commits it brought ("* add failing test", "* check with
# .has", "---------") or a body's list of its steps, a sentence a bullet ("- Moved the
# prompt into the parent method."): their work log, which the subject sums up.
_EMPTY_LINE = lazy_regex(r"^\s*(?:[A-Za-z][\w-]*-by:.*|(?:fix(?:es|ed)?|close[sd]?|resolve[sd]?|"
                         r"refs?|see|pr-url|change-id|issue|bug)\b:?\s*\S*|"
                         r"(?:[\w-]+ ){0,2}\(?(?:[\w.-]+/[\w.-]+)?#\d+\)?\.?|"
                         r"<?https?://\S+>?|[*-]\s+(?:(?![.!?](?:\s|$)).){1,100}\.?|-{3,}|)\s*$",
                         re.I)


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


def _reverted(commit: Commit, head: Header, at: int, titles: list[str]) -> Extraction | None:
    """A revert of a change made before the commits read, which a release may have
    announced: 'Reverted "`encode_body`: Automatically change GET to POST ..."'.  When the
    change it undoes is among the commits read, the two say nothing together; when a
    later commit makes the change again, it holds again.  A revert that names the change
    by its number ("Revert #1266: change default pool back to ThreadLocal-based pool")
    says after it what it does, not what it undoes: no such item."""
    if parse_header(commit.subject).kind != "revert" or head.kind != "revert" or \
            reverted_number(commit.subject):
        return None
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


def _tells_behaviour(head: Header) -> bool:
    """Whether a fix's subject says what the code does now ("do not prompt on
    non-interactive terminals", "discard content-length when received before
    transfer-encoding"), or a feature's names the API it adds in a code span ("Add
    `StorageOptions.DisableTransactionScope`"): the lesson, which the body only tells
    the story of when the rules keep nothing of that body."""
    text = tidy(head.text)
    first = text.split(" ", 1)[0]
    verb = base_verb(first)
    if (head.kind == "feat" or verb in _NEW_API) and _API_SPAN.search(text):
        return True  # "Add `StorageOptions.DisableTransactionScope` for .NET Framework"
    return head.kind == "fix" and head.conventional and not _names_the_bug(text) and \
        verb not in _VAGUE and (verb is not None or _FORBIDS.match(text) is not None or
                                _VERB_LIKE.fullmatch(first) is not None)


def _subject_only(commit: Commit) -> bool:
    """Whether the subject is all the commit says: no body but trailers, no changelog
    fragment and no ``Memory-*`` trailer (a commit whose body or fragment gave no item said
    something all the same; one with a trailer said what to remember)."""
    return all(_EMPTY_LINE.match(line) for line in commit.body.splitlines()) and \
        not any(is_fragment(f.path) for f in commit.files) and not any(memory_lines(commit))


def _change(head: Header, paths: tuple[str, ...] = ()) -> str | None:
    """A fix, feature or speed-up subject as a fact, its type told, or None when it names
    nothing it is about or is about the project's machinery.  What it is about is a code
    element, its area, or the few source files its commit changed (``paths``: "Guard RAR
    seek cursor before previous block lookup", in the RAR reader); a subject with no type
    that orders a change ("Disable ANSI when stdout is redirected") is put in the past."""
    subject = tidy(head.text)
    kind = "fix" if head.kind in (None, "other") and _FORBIDS.match(subject) else head.kind
    label = _CHANGE_LABELS.get(kind or "")
    if label and head.breaking:  # "feat!: cleanup references of --compilers": no addition
        label = "Breaking change"
    plain = label is None and kind in (None, "other") and is_imperative(subject) and \
        base_verb(subject.split(" ", 1)[0]) not in _NOT_CHANGES
    if label is None and not plain:
        return None
    given = "" if head.scope.lower() in _TYPE_SCOPES else head.scope
    scope = given if given.lower() not in _NOT_CODE_AREAS else ""
    if given and not scope:
        return None
    named = bool(scope or names_something(subject) or _OPTION.search(subject))
    if not (head.conventional or head.scope or named) and not _CONDITION.search(subject):
        return None  # "Add a helper that sorts values": a changelog line, not a lesson
    if not (named or paths) or _CHORE.search(_named_out(subject)) or \
            one_off(subject) or (kind == "fix" and _names_the_bug(subject)) or \
            _TWO_CHANGES.search(subject) or \
            len(content_words(subject)) < (_FEWEST_WORDS if named else _FEWEST_UNNAMED):
        return None
    first = subject.split(" ", 1)[0]
    verb = base_verb(first)
    if not head.breaking and (plain or (verb is not None and _LABEL_VERBS.get(verb) == kind)):
        text = with_area(scope, to_past(capital(subject)))
    elif not head.breaking and _PAST_VERBS.get(first.lower()) == kind:  # "added alias ..."
        text = with_area(scope, capital(subject))
    else:
        text = f"{label} ({scope}): " if scope else f"{label}: "
        text += _lower_first(subject)
    return text if len(text) <= LIMIT else None


def _names_the_bug(subject: str) -> bool:
    """Whether a fix's subject names only the bug it fixed ("Fix crash when the theme file
    is empty", "fix: stale errors at the updated index", "Resolve type error in X",
    "prevent a crash on empty input"): a symptom without its cause, nothing the code does
    now that a reader could rely on.  A fix told as what the code now does ("use append
    for repeated trailers", "don't offer completions after --help", "discard
    content-length when received before transfer-encoding") or how it fixed ("... by
    dropping the warning") is a rule, and stays."""
    rest = _FIX_LEAD.sub("", subject, count=1)
    if _FORBIDS.match(rest) or _HOW.search(rest):
        return False
    first = rest.split(" ", 1)[0].lower()
    verb = first if first in _REPAIRS else base_verb(first)
    if verb is not None:  # "Fix #1693 Add fallback for ...": a fix labelled, then told
        return verb in _REPAIRS or (verb in _GUARDS and bool(_SYMPTOM.search(rest)))
    if rest != subject:
        return True  # "Fix serialization of nested arrays": the fix of a bug it names
    return bool(_NO_VERB.match(rest) or _SYMPTOM.search(rest))


# "Fix X", "Fixes X", "Fixed X", "Bugfix: X": the word that only says it is a fix
_FIX_LEAD = lazy_regex(r"^(?:bug ?)?fix(?:es|ed)?\b[:\s]*(?:#\d+\b[:\s]*)?", re.I)
# what a description opens with when it is no verb: a determiner, a word that judges a
# state ("stale", "missing"), or a name from the code ("keepDirty inverted", "`x` ...")
_NO_VERB = lazy_regex(r"^(?:(?:the|a|an|some|old|stale|wrong|missing|broken|incorrect|"
                      r"invalid|inconsistent|unexpected|bad|duplicated?|spurious|"
                      r"unnecessary|excessive|possible|potential)\b|`|\S*(?:[a-z][A-Z]|"
                      r"[._/()<>#:]\S))")
# how it fixed, or what holds now: "by dropping the warning", "`vim.diff` -> `vim.text.diff`",
# "list_tree to no longer follow symbolic links", "now returns", "instead of"
_HOW = lazy_regex(r"\b(?:by|via|through) \w+ing\b|\s(?:->|\u2192|=>)\s|\binstead of\b|"
                  r"\bno longer\b|\bto (?:not|never|always)\b|\bnow\b", re.I)
# Verbs that say a bug went away, not what the code does instead
_REPAIRS = frozenset(("fix", "resolve", "correct", "repair", "address", "solve", "patch"))
# "prevent a crash when ...", "handle the error ...": a guard against a symptom names the
# bug; "prevent unsafe autofix with hoisted functions", "handle options after
# subcommands" say what the code now does
_GUARDS = frozenset(("prevent", "avoid", "handle"))
# A feature that names the code it adds, in a code span: the new API is the lesson
_NEW_API = frozenset(("add", "introduce", "expose", "implement"))
_API_SPAN = lazy_regex(r"`[A-Za-z_][\w.:#]*(?:\(\))?`")
# A lower-case word that reads as a verb ("discard", "recognize"), not as a noun
# ("deserialization of view triggers", "rendering of tables")
_VERB_LIKE = lazy_regex(r"[a-z]+(?<!tion)(?<!sion)(?<!ment)(?<!ness)(?<!ity)(?<!ance)"
                        r"(?<!ence)(?<!ing)(?<!ies)(?<!ers)(?<!ors)(?<!er)(?<!or)(?<!al)"
                        r"(?<!ism)(?<!ure)(?<!s)")
# "handle empty ids", "improve X": too vague to stand for a body the rules could not read
_VAGUE = frozenset(("handle", "support", "improve", "update", "adjust", "tweak", "change"))
_SYMPTOM = lazy_regex(r"\b(?:crash\w*|panic\w*|errors?|exceptions?|hangs?|deadlocks?|leaks?|"
                      r"(?:busy|infinite|endless) loops?|bugs?|issues?|problems?|"
                      r"regressions?|segfaults?|failures?|warnings?)\b", re.I)


# "Split analyze-call so they stay JIT-compiled": what the change keeps so, said in the
# subject; the subject of a refactor with its purpose is a decision with its reason
_PURPOSE = lazy_regex(r"\bso (?:that )?(?:it|they|the [\w-]+|each(?: [\w-]+)?|we|callers|users) "
                      r"(?:\w+ )?(?:stays?|remains?|keeps?|fits?|can|cannot|can't|will|won't|"
                      r"never|always|no longer|doesn't|don't|does not|do not)\b|"
                      r"\bto (?:keep|stay|remain|fit) (?:\w+ ){0,3}(?:under|below|within|"
                      r"compiled|inlined|small|fast|stable)\b", re.I)


def _purposed(head: Header) -> str | None:
    """A refactor or a speed-up whose subject says what it keeps so ("Split `analyze-call`
    so they stay JIT-compiled"), in the past: the reason is the rule for who edits it next;
    it must name what it is about and not be about the project's machinery."""
    subject = tidy(head.text)
    if head.kind not in ("refactor", "perf", "other", None) or not _PURPOSE.search(subject) \
            or _CHORE.search(_named_out(subject)) or one_off(subject) or \
            not (head.scope or names_something(subject) or "-" in subject.split()[1]):
        return None
    text = with_area(head.scope if head.scope.lower() not in _NOT_CODE_AREAS else "",
                     to_past(capital(subject)))
    return text if len(text) <= LIMIT else None


# A typeless subject that names no code is a lesson only with the condition it holds
# under ("Disable ANSI when stdout is redirected", "Guard the cursor before a lookup").
_CONDITION = lazy_regex(r"\b(?:when|whenever|if|unless|before|after|while|until|only|"
                        r"never|always|instead of|without|once)\b", re.IGNORECASE)
_FEWEST_WORDS = 2  # words that carry meaning: "Fix crash", "Make it work" say too little
# and without a name of the code, the subject alone must say what changed: "handle empty
# input" does not, "Guard RAR seek cursor before previous block lookup" does
_FEWEST_UNNAMED = 4
# Typeless subjects that change no behaviour of the code (its shape, its files, its
# words), or whose break or removal the rules above judge (and may have turned down)
_NOT_CHANGES_WORDS = """refactor restructure simplify clean cleanup rename move extract
split reorganize reorganise rewrite tidy format update bump upgrade merge revert release
document test improve tweak polish adjust remove drop delete deprecate replace"""
_NOT_CHANGES = frozenset(_NOT_CHANGES_WORDS.split())
_LABEL_VERBS = {"fix": "fix", "add": "feat", "implement": "feat", "introduce": "feat",
                "support": "feat", "allow": "feat", "expose": "feat"}
_PAST_VERBS = {("fixed" if verb == "fix" else verb.rstrip("e") + "ed"): kind
               for verb, kind in _LABEL_VERBS.items()}


def _lower_first(text: str) -> str:
    """"Don't show X" -> "don't show X"; "`Foo` ..." and "API ..." stay."""
    word = text.split(" ", 1)[0].replace("'", "")
    if word[:1].isupper() and word[1:].islower() and word.isalpha():
        return text[:1].lower() + text[1:]
    return text


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


def _fact(head: Header, paths: tuple[str, ...] = (), diff: str = "") -> str | None:
    """The subject as a fact, or None when it states no break or default of a named
    thing (``paths``: the files the commit changed; ``diff``: its patch, which shows that
    a plain word of the subject is a name of the code: "Rename Predicate to Matcher")."""
    subject = tidy(head.text)
    if head.kind in _TOOLING_KINDS and _SWAP.match(subject) and names_something(subject) \
            and not one_off(subject) and len(subject) + 2 <= LIMIT:
        return _done(capital(subject))  # the project's own tools swapped: tox is gone
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

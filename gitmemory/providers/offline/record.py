"""The history record: one line a commit, in its author's words (docs/design.md, "History").

The rules of the other sections keep what a message states in whole, anchored sentences and
leave out the rest; most commits give them nothing, and what a commit changed, and why, is
lost with it.  The record keeps every commit a reader of the history would want to find
again: its subject as written (issue and pull-request numbers out), and after it the one
sentence of its body that says why, what caused it, what it replaced or what it breaks,
when the body has one.  Nothing is reworded: a leading "However," or "So" goes, and a
sentence too long for a line is left out rather than cut.

Left out: what the other rules call noise (merges, releases, version bumps, typo and
formatting runs, bots' commits), a subject that only says review was answered or only
names its issue, one whose code spans name nothing its diff holds (a typo), a commit that
changed only the changelog or only pages of prose (a contributors' guide aside), a
refactor by its author's word that says neither why nor what it puts in place, and the
project's machinery (a commit typed test, CI, style, chore, build or docs, or one that
changed only tests, only CI or only the configuration of the tools that test and lint,
tox.ini, .pre-commit-config.yaml ...) unless its body says why.  Each line cites its commit and the
few source files it changed, or the few directories that hold them, so that the rule
file of that area can carry it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from gitmemory.changelogs import is_changelog, is_fragment
from gitmemory.commits import Commit
from gitmemory.fences import Fence
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.evidence import union_paths
from gitmemory.memory.markdown import HISTORY
from gitmemory.providers.offline.extractor import undone_later
from gitmemory.providers.offline.minimums import against_manifest, manifest_minimums
from gitmemory.providers.offline.noise import is_noise
from gitmemory.providers.offline.phrasing import (
    LIMIT,
    base_verb,
    capital,
    deprecates_another,
    is_imperative,
    is_past_change,
    leans_back,
    names_absent,
    tidy,
)
from gitmemory.providers.offline.subjects import numbers_of, reverted_number
from gitmemory.providers.offline.verbatim import (
    BREAK,
    CAUSE,
    CHOICE,
    CONSEQUENCE,
    DEFAULT,
    REASON,
    REGRESSION,
    SECURITY,
    STATE_BEFORE,
)
from gitmemory.providers.offline.worth import content_words
from gitmemory.reading import cues
from gitmemory.reading.header import parse_header
from gitmemory.reading.paths import (
    evidence_places,
    files_kind,
    is_ci,
    is_test,
    test_places,
)
from gitmemory.reading.sentences import sentences

SECTION = HISTORY
CONFIDENCE = 0.8  # the author's own words, above the default min_confidence
_MACHINERY_KINDS = ("test", "ci", "style", "chore", "build", "docs")
# "Drop hard nvim-treesitter requirement, but ...": what the change no longer requires
_UNREQUIRED = lazy_regex(r"^(?:drop|remove)[sd]?\s+(?:the\s+|a\s+)?(?:hard\s+|mandatory\s+)?"
                         r"(?:dependency on\s+)?[\w`./-]+\s+(?:requirement|dependency)\b", re.I)
# "Use `fallible_uint` feature to have them back": how to get back what the change took
_WAY_BACK = lazy_regex(r"\bto (?:have|get|bring|turn) (?:it|them|this|that|these|those) "
                       r"(?:back|on again)\b|\bto (?:restore|keep) the (?:old|previous) "
                       r"behaviou?r\b|\bto opt (?:back )?in\b", re.I)
_WHY = (CAUSE, cues.CAUSE_STRONG, CHOICE, cues.DECISION_STRONG, REASON, cues.REASON, SECURITY,
           BREAK, DEFAULT, REGRESSION, CONSEQUENCE, _UNREQUIRED, _WAY_BACK)
# "Winget workflow therefore did not fire": the sentence before is what caused it
# (at its head, or before its verb; not "(thus amortizing the cost)", a clause of its own)
_THEREFORE = lazy_regex(r"^(?:therefore|thus|hence|consequently|as a result)\b|"
                        r"^[^(,;]{0,60}?\b(?:therefore|thus|hence|consequently)\s+(?!\w+ing\b)"
                        r"\w", re.I)
_SEPARATOR = " \u2014 "
# A line of a body that is no prose: a trailer, a list of the squashed commits, a link,
# a rule, a table row, tool output
_NOT_PROSE = lazy_regex(r"^\s*(?:[A-Za-z][\w-]*-by:|(?:fix(?:es|ed)?|close[sd]?|resolve[sd]?|"
                        r"refs?|see|issue|change-id|pr-url)\b:?\s*\S*\s*$|[*+-]\s|\d+[.)]\s|"
                        r"<?https?://\S+>?\s*$|[-=_*]{3,}|\||>|\$\s|#)", re.I)
_LINK_LINE = lazy_regex(r"^\s*\(?<?https?://[^\s)>]+>?(?P<after>\S*)$")
_LIST = lazy_regex(r"^\s{0,3}(?:[*+\u2022-]|\d{1,2}[.)])\s+\S")
# "Bug fixes:", "Doc fixes (`doc/topics/backpack.md`):": a label over the list that follows
_LABEL = lazy_regex(r"^\S[^.!?]{0,80}:\s*$")
# (not "therefore", "as a result" ...: a consequence's lead tells that the sentence before
# it is its cause, :data:`_THEREFORE`; javaparser's "As a result, 3.28.2 shipped without it")
_LEAD = lazy_regex(r"^(?:however|but|so|and|also|instead|additionally|"
                   r"in addition|unfortunately|basically|note that)\b,?\s+", re.I)
# a question, a guess, an aside, a story in the first person: no lasting reason
_QUESTION_OR_SELF = lazy_regex(r"\?\s*$|^(?:[Mm]aybe|[Pp]erhaps|[Cc]ould (?!not\b|n.t\b)|\()|"
                                   r"\b(?:I|I'm|I've|I'd|my|me)\b")
_MIN_WORDS = 4
# A subject that says only that review was answered names no change of its own
_REVIEW_WORDS = r"(?:feedback|comments?|follow[- ]?ups?|suggestions?|findings|remarks|nits?)"
_REVIEW_ONLY = lazy_regex(
    r"^(?:\w+:\s*)?(?:(?:address(?:es|ed|ing)?|apply|applied|applies|incorporate[sd]?|"
    r"respond(?:ed|s)? to|handle[sd]?|fix(?:es|ed)?)\s+(?:\S+\s+){0,3}?)?(?:code\s+)?"
    r"review(?:er)?s?(?:'s?)?\s+" + _REVIEW_WORDS + r"\b|"
    r"\b" + _REVIEW_WORDS + r"\s+from\s+(?:the\s+)?(?:code\s+)?review", re.I)
# The configuration of the tools that test and lint the code (tox, nox, pre-commit,
# coverage, pytest, golangci-lint): machinery like the tests and CI it drives
_RUNNER_CONFIG = lazy_regex(r"(?:^|/)(?:tox\.ini|noxfile\.py|\.pre-commit-config\.ya?ml|"
                            r"\.coveragerc|codecov\.ya?ml|\.codecov\.ya?ml|pytest\.ini|"
                            r"\.golangci\.ya?ml)$")
# The documentation site's and the editor's configuration: how the project is shown and
# edited, not what it does
_SITE_CONFIG = lazy_regex(r"(?:^|/)(?:\.readthedocs\.ya?ml|mkdocs\.ya?ml|\.editorconfig|"
                          r"\.gitattributes|\.gitignore|CNAME|\.nojekyll)$")
# The files that pin the project's dependencies and the versions they resolve to: a
# commit that changed only these, to a version its subject names ("Use citeproc
# 0.13.0.1", "Use released doclayout"), moved a dependency; a minimum it raises is a fact
# of its own (`minimums.py`), and so is a switch of dependency ("yaml.v2 to yaml.v3")
_PINS = lazy_regex(r"(?:^|/)(?:cabal\.project(?:\.freeze)?|stack\.yaml(?:\.lock)?|[^/]+\.cabal|"
                   r"go\.(?:mod|sum)|Cargo\.(?:toml|lock)|package(?:-lock)?\.json|yarn\.lock|"
                   r"pnpm-lock\.yaml|Gemfile(?:\.lock)?|mix\.(?:exs|lock)|composer\.(?:json|lock)|"
                   r"pyproject\.toml|uv\.lock|poetry\.lock|[^/]*requirements[^/]*\.txt|pom\.xml|"
                   r"build\.gradle(?:\.kts)?|libs\.versions\.toml|flake\.lock)$")
# A subject whose object is the machinery by its own words, whatever its type or files:
# tests ("Adds more Mockito tests"), a linter's or compiler's findings ("Fix clippy
# warnings", "Makes ErrorProne happy", "Silence flake8 warning about lru_cache"), the
# formatting ("fix formatting for spotless"), the spelling ("Spelling corrections")
_MACHINERY_WORDS = lazy_regex(
    r"^(?:add|adds|added|adding|update[sd]?|improve[sd]?|fix(?:es|ed)?|extend[sd]?|"
    r"expand[sd]?|clean(?:s|ed)? up)\s+(?:(?:some|more|a|an|the|initial|missing|new|unit|"
    r"integration|regression|basic|extra|few)\s+)*(?:[\w.]+\s+)?tests?(?:\s+(?:for|of|on|to|"
    r"with|covering)\b.*)?$|"
    r"(?:\b(?:clippy|lint(?:er|ing)?|flake8|pylint|eslint|mypy|ruff|error ?prone|spotbugs|"
    r"checkstyle|rubocop|credo|sonar\w*|compiler)|(?<!\S)-W[\w-]+)\s+(?:warnings?|errors?|"
    r"issues?|complaints?|findings)\b|"
    r"^(?:lint|linter)\s+(?:fix(?:es)?|errors?|warnings?)\b|"
    r"^(?:make|makes|made)\s+(?:the\s+)?[\w-]+\s+happy\b|"
    r"^(?:silence[sd]?|suppress(?:es|ed)?)\s+(?:an?\s+|the\s+|some\s+)?(?:[\w-]+\s+){0,2}"
    r"warnings?\b|"
    r"^(?:fix|fixes|fixed|nicer|better|improve[sd]?)\s+(?:the\s+)?formatting\b|"
    r"^(?:spelling|grammar)\s+(?:corrections?|fix(?:es)?)\b|"
    r"^(?:correct|corrects|corrected|fix|fixes|fixed)\s+(?:the\s+|some\s+)?(?:spelling|"
    r"grammar)\b", re.I)
_VERSIONED = lazy_regex(r"\bv?\d+\.\d+|\breleased\b", re.I)
_MINIMUM = lazy_regex(r"\b(?:min(?:imum)?|require[sd]?|requirements?|drop(?:s|ped)?|"
                      r"support(?:s|ed)?)\b", re.I)
# A change its author calls a refactor ("refactor(complete): ...", "Refactor X to ..."):
# no change of behaviour, by its own word
# A clean-up says the same of itself ("Cleanup the C API", "Minor cleanup", "Clean up
# named args", "Tidy build directives"): fmt's window (h56) had nine such lines, all useless
_REFACTOR = lazy_regex(r"^\s*refactor(?:\([^)]*\))?!?:|^\s*refactor(?:ed|s|ing)?\b|"
                       r"^\s*(?:minor\s+|small\s+)?(?:clean(?:s|ed|ing)?[\s-]?up|cleanup|"
                       r"tid(?:y|ies|ied|ying)(?:\s+up)?)\b|"
                       r"^\s*minor\s+(?:refactor\w*|changes?|tweaks?|reformat\w*)\b|"
                       # "Break out haddockDelim", "Factor out common p_let'": code moved
                       # into a helper of its own, by the author's word
                       r"^\s*(?:break|factor|float|pull|split)(?:s|ed|ing)?\s+(?:out|up)\b",
                       re.I)
# What a refactor puts in place of what ("use std::span instead of nonstd::span"): the
# project's way from now on, which a refactor that only reshapes the code does not say
# ("refactor: change `createH3()` to `new H3()`": the new spelling of an API, in code)
_REPLACES = lazy_regex(r"\binstead of\b|\breplace[sd]?\b|\bmigrat\w+\b|\bswitch\w*\b.+\bto\b|"
                       r"\b(?:change[sd]?|rename[sd]?|convert(?:s|ed)?)\b.*`[^`]+`.*\bto\s+`|"
                       r"`[^`]+`\s*(?:->|=>|\u2192)\s*`", re.I)
# A page of prose (README, a docs page, a list of users), not a guide for contributors,
# whose rules (CONTRIBUTING's "new themes are not wanted") are the project's conventions
_PROSE = lazy_regex(r"\.(?:md|markdown|rst|adoc|asciidoc)$", re.I)
_GUIDE = lazy_regex(r"(?:^|/)(?:contributing|development|developing|hacking)[^/]*$", re.I)
# "Fixes issue #1427 (#1428)", "Fix #123": names the issue, not the change
_ISSUE_ONLY = lazy_regex(r"^\s*(?:fix(?:es|ed)?|close[sd]?|resolve[sd]?)\s+(?:issue|bug)?\s*"
                         r"#?\d*\s*(?:\(#\d+\))?\.?\s*$", re.I)
_REVERTS = lazy_regex(r"\bThis reverts commit ([0-9a-f]{7,40})\b")
# "fix #587 by reverting 894714a and 00cc734", "Revert 1a2b3c4d": the commits a message
# says it reverts by their shas, in its own words rather than git's template
_REVERTING = lazy_regex(r"\brevert(?:s|ed|ing)?\b(?P<named>(?:[\s,]+(?:and\s+|commits?\s+|"
                        r"the\s+)*[0-9a-f]{7,40}\b)+)", re.I)
_SHA = lazy_regex(r"\b[0-9a-f]{7,40}\b")


def history_record(commits: list[Commit]) -> list[Extraction]:
    """A line for each commit of ``commits`` (oldest first) worth finding again; none for
    a commit a later one reverts (the revert's line says what went), unless that revert
    was itself reverted, nor for one whose added lines, in the files it cites, later
    commits all take away again (chi's "go.mod (1.16): retract all versions ...", whose
    retractions "Prepare v1.5.4, removing previous retraction" took out)."""
    found: list[Extraction] = []
    seen: set[str] = set()
    merged: dict[str, tuple[int, bool]] = {}  # a subject -> its line, whether a merge's
    undone = _undone(commits)
    for place, commit in enumerate(commits):
        if commit.sha in undone:
            continue
        line = record_line(commit)
        if line is not None:
            line = _revert_named(line, commit, commits[:place])
        if line is None or line.casefold() in seen:
            continue
        seen.add(line.casefold())
        item = Extraction(SECTION, line, CONFIDENCE, (commit.short,),
                          evidence_places(commit) or test_places(commit))
        subject = line.partition(_SEPARATOR)[0].casefold()
        merge = len(commit.parents) > 1
        at, was_merge = merged.get(subject, (-1, False))
        if at >= 0 and (merge or was_merge):
            found[at] = _folded(found[at], item)
            continue
        merged[subject] = (len(found), merge)
        found.append(item)
    return undone_later(_one_of_a_pattern(found), commits, whole=True)


# "Revert #4431 & add ...": the number alone, with nothing after it that says what went
_BARE_NUMBER = lazy_regex(r"^(\W*revert(?:s|ed)?\s+(?:(?:pr|pull request|issue)\s+)?#\d+)"
                          r"(?![\d\w])(?!\s*[:\u2014(-])", re.I)
_OWN_NUMBER = lazy_regex(r"\s*\((?:#|gh-|!)\d+\)\s*$|\s+#\d+\s*$")


def says_why(line: str) -> bool:
    """Whether a record line says why, what caused its change or what it replaced: in the
    sentence after its subject, or in the subject itself ("Pin requests below 3 because the
    session API changed in 3.0")."""
    return _SEPARATOR in line or any(cue.search(line) for cue in _WHY)


def _revert_named(line: str, commit: Commit, before: list[Commit]) -> str:
    """``line`` of a revert that names the change it undoes by its number alone, with that
    change's title after the number when a commit of ``before`` carries it (scala-cli's
    "Revert #4431 & add gated test for Scala 3.6.3+": #4431 is "Strip -scalajs from
    scaladoc invocation")."""
    number = reverted_number(commit.subject)
    bare = _BARE_NUMBER.match(line) if number else None
    if bare is None:
        return line
    title = next((_OWN_NUMBER.sub("", tidy(c.subject)) for c in reversed(before)
                  if number in numbers_of(c.subject) and
                  parse_header(c.subject).kind != "revert"), "")
    if not title or title.casefold().startswith("merge"):
        return line
    named = f"{bare.group(1)} ({title}){line[bare.end():]}"
    return named if len(named) <= LIMIT else line


def _folded(one: Extraction, other: Extraction) -> Extraction:
    """One line for a pull request's merge and a commit it merged under the same subject
    (its title is the commit's subject, as in a pull request of one commit): the line
    that says more, citing both."""
    kept = other if len(other.content) > len(one.content) else one
    return replace(kept, refs=tuple(dict.fromkeys((*one.refs, *other.refs))),
                   paths=union_paths(one.paths or (), other.paths or ()))


_PATTERN_MOST = 3  # commits of one pattern told in one line
# a word that is a name of the code (``clippy::needless_borrow``, ``unused_imports``,
# ``Generic/LowerCaseType``, ``ProgressBarState.String()``): what varies in a pattern
_NAME_WORD = lazy_regex(r"::|_|/|`|[a-z][A-Z]|\(\)|\w\.\w")


def _pattern(line: str) -> tuple[str, str, str] | None:
    """(the line's pattern, what it says apart from the pattern, the words before its area)
    for a line that tells no why: its subject after its area ("Modernize: Generic/Foo: use
    class constant for constant array": the words after the last colon), the names of the
    code in it masked ("Fix clippy::identity_op": "fix *"); None for a line with a why."""
    if " \u2014 " in line:
        return None
    head, colon, rest = line.rpartition(": ")
    if not colon or len(head) > _AREA_MOST:
        head, rest = "", line
    words = rest.split()
    names = [w for w in words if _NAME_WORD.search(w)]
    lead, _, area = head.rpartition(": ")
    told = area if area else " ".join(names)
    if not told:
        return None
    shape = " ".join("*" if _NAME_WORD.search(w) else w.casefold() for w in words)
    return f"{lead.casefold()}\0{shape}", told, lead


_AREA_MOST = 60  # characters before a subject's last colon that name its area, at most


def _one_of_a_pattern(found: list[Extraction]) -> list[Extraction]:
    """``found`` with the lines of one pattern, at least :data:`_PATTERN_MOST`, told in
    one (PHP_CodeSniffer's 23 "Modernize: <sniff>: use class constant for constant
    array", rayon's twelve "Fix clippy::<lint>"; judge18's readers counted every such
    line useless): the first line, then the areas or names of the others in their
    authors' words, citing every commit; a line that says why stays on its own."""
    groups: dict[str, list[int]] = {}
    shapes = {}
    for at, e in enumerate(found):
        shape = _pattern(e.content)
        if shape is not None:
            shapes[at] = shape
            groups.setdefault(shape[0], []).append(at)
    folded: dict[int, Extraction] = {}
    gone: set[int] = set()
    for members in groups.values():
        if len(members) < _PATTERN_MOST:
            continue
        first = found[members[0]]
        also = [shapes[at][1] for at in members[1:]]
        text = f"{first.content}; likewise {', '.join(also)}"
        while len(text) > LIMIT and also:
            also.pop()
            text = f"{first.content}; likewise {', '.join(also)} and " \
                f"{len(members) - 1 - len(also)} more"
        folded[members[0]] = Extraction(
            SECTION, text, first.confidence,
            tuple(ref for at in members for ref in found[at].refs),
            union_paths(*(found[at].paths or () for at in members)))
        gone.update(members[1:])
    return [folded.get(at, e) for at, e in enumerate(found) if at not in gone]


def _undone(commits: list[Commit]) -> set[str]:
    """The shas of ``commits`` that a later commit reverts ("This reverts commit <sha>.",
    "by reverting 894714a and 00cc734", or by the number its subject names: "Revert
    #1266: ..." undoes "Fix #1266: ..."), itself not reverted in turn."""
    named = {c.sha: [m.group(1) for m in _REVERTS.finditer(c.body)] +
             [sha for m in _REVERTING.finditer(f"{c.subject}\n{c.body}")
              for sha in _SHA.findall(m["named"]) if any(ch.isdigit() for ch in sha)]
             for c in commits}
    undone: set[str] = set()
    for at, commit in enumerate(reversed(commits)):  # newest first: a revert's fate is known
        if commit.sha in undone:
            continue
        for prefix in named[commit.sha]:
            undone.update(c.sha for c in commits if c.sha.startswith(prefix))
        number = reverted_number(commit.subject)
        if number is not None:
            undone.update(c.sha for c in commits[:len(commits) - 1 - at]
                          if number in numbers_of(c.subject))
        named_by_subject = _reverted_by_subject(commit, commits[:len(commits) - 1 - at])
        if named_by_subject is not None:
            undone.add(named_by_subject)
    return undone


# "Revert function-arrows for SPECIALIZE": a revert that names the change in its own words,
# not git's quoted subject (which "This reverts commit <sha>." answers)
_REVERTED_TOPIC = lazy_regex(r"^(?:revert|undo|back out|roll back)\s+(?![\"'])(?P<what>.+)$",
                             re.I)


def _reverted_by_subject(commit: Commit, before: list[Commit]) -> str | None:
    """The sha of the latest commit of ``before`` that ``commit`` reverts by naming it:
    every word its subject says after "Revert" (two at least) is in that commit's subject,
    and the two change a file in common (fourmolu's "Revert function-arrows for
    SPECIALIZE" after "Fix function-arrows for SPECIALIZE pragma")."""
    topic = _REVERTED_TOPIC.match(commit.subject.strip())
    words = content_words(topic["what"]) if topic else set()
    if len(words) < 2:
        return None
    files = {f.path for f in commit.files}
    for earlier in reversed(before):
        if words <= content_words(earlier.subject) and \
                files & {f.path for f in earlier.files} and \
                parse_header(earlier.subject).kind != "revert":
            return earlier.sha
    return None


def record_line(commit: Commit) -> str | None:
    """The commit's line: its subject, and the body's sentence that says why; None for
    a commit the record leaves out."""
    head = parse_header(commit.subject)
    reverted = _revert_reason(commit) if head.kind == "revert" else None
    if is_noise(head, commit) and reverted is None:
        return None  # a revert that says why is a decision, whatever it undid (a bump)
    subject = tidy(commit.subject)
    if len(subject.split()) < 2 or len(subject) > LIMIT or _REVIEW_ONLY.search(subject) or \
            _ISSUE_ONLY.match(commit.subject) or names_absent(subject, commit.diff) or \
            deprecates_another(head.text, commit.diff):
        return None
    if commit.files and all(is_changelog(f.path) or is_fragment(f.path) for f in commit.files):
        return None  # the changelog's own entries are read as such; its upkeep is no change
    if commit.files and all(_PROSE.search(f.path) and not _GUIDE.search(f.path)
                            for f in commit.files):
        return None  # the docs' prose is read where it stands; its edits are no change
    if not head.conventional and _states_defect(head.text):
        subject = f"Fixed: {subject}"  # the issue's title: the bug the commit took away
    pinned = manifest_minimums(commit)
    if against_manifest(subject, pinned):
        return None  # "require node>=2.11" beside ``"node": ">=20.11.1"``: a slip
    why = reverted or _why(commit.body, subject)
    if why is not None and against_manifest(why, pinned):
        why = None
    if why is None and (head.kind in _MACHINERY_KINDS or _MACHINERY_WORDS.search(head.text) or
                        _machinery_files(commit) or
                        (commit.files and all(_RUNNER_CONFIG.search(f.path)
                                              for f in commit.files)) or
                        _machinery_only(commit)):
        return None
    if why is None and _VERSIONED.search(subject) and not _MINIMUM.search(subject) and \
            commit.files and all(_PINS.search(f.path) for f in commit.files):
        return None  # a dependency moved to another version, and no reason: a bump
    if why is None and _REFACTOR.match(commit.subject) and not _REPLACES.search(head.text):
        return None  # declared no change of behaviour, and no reason: the code's shape only
    if why is None or len(subject) + len(_SEPARATOR) + len(why) > LIMIT:
        return subject
    return subject + _SEPARATOR + why


def _machinery_files(commit: Commit) -> bool:
    """Whether ``commit`` changed only tests, or only CI without saying what it puts in place
    of what: targets' "replace lintr with air" (its workflows alone) told which linter the
    project runs now (fresh18's history miss), as "Switch from mocha to vitest" does."""
    kind = files_kind([f.path for f in commit.files])
    return kind == "test" or (kind == "ci" and not _TOOL_SWAP.search(commit.subject))


# "replace lintr with air", "switch from travis to github actions", "use X instead of Y"
_TOOL_SWAP = lazy_regex(r"\breplace[sd]?\s+[\w.-]+\s+(?:with|by)\s+[\w.-]+|\bswitch\w*\s+from\b|"
                        r"\binstead of\b|\brather than\b", re.I)


def _machinery_only(commit: Commit) -> bool:
    """Whether every file ``commit`` changed is the project's machinery, and its body says
    nothing: its tests, CI, the configuration of the tools that test, lint and publish it,
    the pins of those tools, its documentation site (a contributors' guide aside), its
    changelog beside those (urllib3's "Enable colors for nox itself", ``ci.yml`` and
    ``noxfile.py``; chi's "Defaulting to dark theme", ``docs/index.html``), unless the
    subject speaks of what the project supports or requires ("Start testing with Python
    3.14" is the CI's; "Drop support for Python 3.8" is the project's) or says what it
    puts in place of what."""
    paths = [f.path for f in commit.files if not (is_changelog(f.path) or is_fragment(f.path))]
    subject = commit.subject
    if not paths or _MINIMUM.search(subject) or _REPLACES.search(subject) or \
            _RATHER.search(subject) or any(cue.search(subject) for cue in _WHY):
        return False  # "Switch from mocha to vitest": a choice, whatever files it took
    said = [word for line in commit.body.splitlines() if not _TRAILER.match(line)
            for word in _WORDS.findall(line)]
    return len(said) < _FEW_WORDS and all(_machinery_kind(path) for path in paths)


_TRAILER = lazy_regex(r"^\s*[A-Za-z][\w-]*-by:")
_WORDS = lazy_regex(r"[A-Za-z]{3,}")
_FEW_WORDS = 8  # a body of fewer says nothing ("Fixes #12", a co-author)


# "Build for Java 8 rather than Java 7", "Apply and check MSRV", "engine for prerelease"
_RATHER = lazy_regex(r"\brather than\b|\bmsrv\b|\bengines?\b|\btoolchain\b", re.I)
_DOCS_DIRS = ("docs/", "doc/", "documentation/")
# The pins of the tools that test, lint and document ("dev-requirements.txt",
# "requirements-docs.txt"), not the project's own manifest
_DEV_PINS = lazy_regex(r"(?:^|/)(?:[^/]*\w[-_]requirements|requirements[-_]\w[^/]*)\.txt$")
# A program's source, in a docs directory or not (cobra's ``doc/`` generates the docs)
_CODE = lazy_regex(r"\.(?:go|py|rs|java|kt|scala|c|h|cc|cpp|hpp|cs|fs|ts|tsx|js|mjs|jsx|rb|"
                   r"ex|exs|erl|hs|ml|php|swift|dart|lua|pl|pm|clj|zig|sh)$", re.I)


def _machinery_kind(path: str) -> str | None:
    """"machinery", or None for a file of the project itself."""
    if _PINS.search(path):
        return "machinery" if _DEV_PINS.search(path) else None
    if is_test(path) or is_ci(path) or _RUNNER_CONFIG.search(path) or \
            _SITE_CONFIG.search(path) or \
            (path.lower().startswith(_DOCS_DIRS) and not _GUIDE.search(path) and
             not _CODE.search(path)):
        return "machinery"
    return None


# A title that names a defect as the code's way: a symptom and where it shows ("Crash
# when ...", "X panics on ..."), what goes unnoticed ("can return false w/out failing"),
# a thing broken ("... is ignored")
_DEFECT = lazy_regex(
    r"^(?:crash|panic|hang|deadlock|segfault|memory leak|infinite loop)\w*\s+"
    r"(?:when|on|in|if|with|for|after|during|while)\b|"
    r"\b(?<!solve )(?<!fix )(?<!avoid )(?<!prevent )(?<!handle )"
    r"(?:crashes|panics|hangs|leaks|deadlocks|segfaults|fails)\s+"
    r"(?:when|on|if|with|for|after|during|while)\b|"
    r"\b(?:can|could|may|might)\s+\w+\b.*\b(?:without|w/o|w/out)\s+"
    r"(?:failing|an? error|erroring|a warning)\b|"
    # "Mock can be deadlocked by a panic", "Parser may crash on empty input"
    r"\b(?:can|could|may|might)\s+(?:be\s+)?(?:crash|panic|hang|deadlock|leak|segfault|"
    r"corrupt|overflow)\w*\b|"
    r"\b(?:is|are)\s+(?:broken|ignored|lost|wrong|incorrect)\b", re.I)
# a rule, a negative imperative, a condition, or what holds now: no bug's title
_NOT_TITLE = lazy_regex(r"^(?:don'?t|do not|never|avoid|if|when|in|on|make|ensure)\b|"
                        r"\b(?:should|must|now|no longer|anymore)\b", re.I)


def _states_defect(subject: str) -> bool:
    """Whether a subject is the title of the bug it fixed, not a change: a statement that
    opens with no verb of change ("IsIncreasing et al can return false w/out failing",
    "Crash when the theme file is empty") and names a defect as the code's way, which the
    commit made untrue."""
    first, _, rest = subject.partition(" ")
    # "Mock can be deadlocked ...": a modal after it, the first word is what can, no verb
    modal = rest.split(" ", 1)[0].lower() in _MODALS
    return bool(_DEFECT.search(subject)) and not _NOT_TITLE.search(subject) and \
        (modal or (not is_imperative(subject) and base_verb(first) is None)) and \
        not is_past_change(subject) and not first.lower().startswith(("fix", "revert", "merge"))


_MODALS = frozenset(("can", "could", "may", "might"))


def _revert_reason(commit: Commit) -> str | None:
    """The sentence a revert's author wrote after git's "This reverts commit <sha>.", where
    git's template asks for the reason ("v3.52.0 has been yanked upstream"), or None."""
    said = _sentences(commit.body)
    if not said or not _REVERTS.search(said[0]):
        return None
    return next((s for s in said[1:] if not _REVERTS.search(s)), None)


def _why(body: str, subject: str) -> str | None:
    """The body's first sentence that says why, what caused it, what it replaced or what
    it breaks, as written.  A sentence that only describes (a failure, a state: "It doesn't
    process gitignore files", of a benchmark's set-up) is no reason: measured, such cues
    found no lesson the others missed and put a sentence about something else after the
    subject.  A sentence that leans on the one before it ("It doesn't ...", "They ...") is
    taken only as the body's first, where what it leans on is the subject."""
    said = _sentences(body)
    fix = parse_header(subject).kind == "fix"
    for at, sentence in enumerate(said):
        if sentence.casefold().startswith(subject.casefold()[:40]):
            continue  # the subject again, as a squash merge lists it
        if STATE_BEFORE.match(sentence) and not fix:
            continue  # "The current implementation handles 4 bytes ...": until this change
        if at and leans_back(sentence):
            continue
        if any(cue.search(sentence) for cue in _WHY) or (
                at + 1 < len(said) and _THEREFORE.search(said[at + 1])):
            return sentence
    return None


def _sentences(body: str) -> list[str]:
    """The prose sentences of a body's lead, paragraphs joined across their wrapped lines;
    code blocks, trailers and links left out.  The lead ends where a list starts (or the
    label that introduces one, "Doc fixes:"): what follows is the parts' prose, a squash
    merge's listed commits or the fixes a commit gathers, each with its own reasons."""
    paragraphs: list[list[str]] = [[]]
    fence = Fence()
    lines = body.replace("\r\n", "\n").split("\n")
    for at, line in enumerate(lines):
        if fence.step(line):
            continue
        # "(using the captures documented here:" then its link: no label, the sentence goes on
        label = not fence.inside and _LABEL.match(line) and \
            not _LINK_LINE.match(lines[at + 1] if at + 1 < len(lines) else "")
        if label and paragraphs[-1]:
            # the end of a wrapped sentence that leads into what follows ("... read as a
            # cascade of\nnested tables:"), no label of its own: the sentence ends there
            paragraphs[-1].append(line.strip())
            paragraphs.append([])
            continue
        if not fence.inside and (_LIST.match(line) or (label and _LIST.match(
                next((after for after in lines[at + 1:] if after.strip()), "")))):
            break
        if label:  # "Problem:" over its paragraph
            paragraphs.append([])
            continue
        link = _LINK_LINE.match(line) if not fence.inside and paragraphs[-1] else None
        if link and not paragraphs[-1][-1].endswith((".", "!", "?")):
            # a link inside a wrapped sentence: links are left out, what follows it stays
            # ("documented here:" + "https://...#locals)" -> "documented here)")
            paragraphs[-1][-1] = paragraphs[-1][-1].rstrip(":").rstrip()
            rest = link.group("after")
            paragraphs[-1][-1] += rest if rest[:1] in ").,;" else f" {rest}"
            continue
        if fence.inside or line.startswith(("    ", "\t")) or not line.strip() or \
                _NOT_PROSE.match(line):
            paragraphs.append([])
            continue
        paragraphs[-1].append(line.strip())
    out = []
    for lines in paragraphs:
        for sentence in sentences(" ".join(lines)):
            if sentence.rstrip().endswith(":"):
                continue  # it leads into a list or a block: what it says is there
            text = tidy(_LEAD.sub("", sentence))
            if len(text.split()) >= _MIN_WORDS and not _QUESTION_OR_SELF.search(text):
                out.append(capital(text))
    return out

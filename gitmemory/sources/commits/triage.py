"""Commit triage: which commits of a run are worth sending (docs/design.md, "Data flow").

Runs before the context is built, for every provider, the offline extractor
included.  Skipped, never sent, yet counted as read (``Through:`` or the
examined mark moves past them like past any other commit):

- commits by automation: author or committer matching ``skip_authors``
  (``*[bot]``, dependabot, renovate, pre-commit-ci, github-actions ...);
- formatting: a ``style:`` commit, or a reformat that says so;
- bookkeeping: every changed file is a lock file, a pinned requirements or
  generated file, a ``skip_paths`` file, a change of version strings alone or
  a changelog's release header (``start version 8.1.1``); or the subject
  names a release and no source or test file changed
  (``chore: release v10.6.1``) and the changelog entries it adds are not
  written out for users (a release's notes are what it teaches); unless the
  message gives a reason, which is knowledge whatever the diff (``pin pydantic
  below 2 because v2 breaks ...``), or the subject names a security fix
  (``update golang.org/x/net for CVE-2023-45288``);
- merge commits, unless they carry a pull request's text
  (:mod:`~gitmemory.sources.commits.merges`): listed here, with whether they carry
  changes of their own.

``Memory-*`` trailers state knowledge outright, so those of a skipped
bookkeeping commit or merge-free release are still taken; a bot's are not: a
bot copies text written elsewhere (upstream release notes), and nobody on the
team stated it.  The diffs of the commits that are sent are made lean
(:mod:`gitmemory.sources.commits.lean`).
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from gitmemory import git
from gitmemory.changelogs import is_changelog
from gitmemory.commits import Commit
from gitmemory.injection.neutralize import neutralize
from gitmemory.lazy_regex import lazy_regex
from gitmemory.providers.offline.diffs import file_hunks
from gitmemory.providers.offline.news import entries
from gitmemory.providers.offline.subjects import fixes_security
from gitmemory.reading import cues
from gitmemory.reading.memory_trailers import memory_lines
from gitmemory.reading.paths import is_doc, is_test
from gitmemory.secrets.exclude import is_lock_file
from gitmemory.secrets.redact import redact
from gitmemory.sources.commits import bookkeeping as bk
from gitmemory.sources.commits.context import formatting_only
from gitmemory.sources.commits.history import file_patches
from gitmemory.sources.commits.lean import lean, stats_only

EXPLAINING_WORDS = 12  # a body this long, of prose, explains the change
NOTE_WORDS = 8  # a changelog entry this long, links out, is written for users
_WORD = lazy_regex(r"[A-Za-z]{2,}")
# Lines of a body that are not someone explaining: links, sign-offs, cherry-pick notes.
_NOT_PROSE = lazy_regex(r"https?://|^\s*[\w-]+:\s|\(cherry picked from|^\s*\[?[\w-]+\]?\s*$",
                        re.I)
_REASONS = (cues.CAUSE_STRONG, cues.REASON, cues.DECISION_STRONG, cues.CONVENTION_MODAL)
BOT, BOOKKEEPING, REPEAT, MERGE = "bot", "bookkeeping", "repeat", "merge"
_KIND_WORDS = {BOT: "by bots", BOOKKEEPING: "bookkeeping", REPEAT: "repeats",
               MERGE: "merges"}
# What each kind of file change is called in a skip reason.
_PHRASES = {"lock": "lock files", "version strings": "version strings",
            "changelog header": "changelog headers", "pinned requirements": "pinned requirements",
            "generated": "generated files", "skip_paths": "files in skip_paths",
            "changelog": "changelog entries", "doc": "docs"}


@dataclass(frozen=True)
class Skip:
    sha: str
    subject: str
    kind: str  # bot | bookkeeping | merge
    reason: str

    def line(self) -> str:
        subject = neutralize(self.subject, 72)
        return f"skipped {self.sha[:7]} {subject!r}: {self.reason}"


@dataclass
class Triage:
    sent: list[Commit]  # lean, in batch order
    skipped: list[Skip] = field(default_factory=list)
    stated: list[Commit] = field(default_factory=list)  # skipped, Memory-* trailers honoured
    order: list[str] = field(default_factory=list)  # the batch's shas, oldest first

    def covered(self, included: int) -> int:
        """How many commits of the batch (oldest first) a run has dealt with once the first
        ``included`` commits it sends are read: the skipped ones before the next unread."""
        if included >= len(self.sent):
            return len(self.order)
        return self.order.index(self.sent[included].sha)

    def counts(self) -> str:
        """``9 by bots, 3 bookkeeping``."""
        counts = Counter(skip.kind for skip in self.skipped)
        return ", ".join(f"{counts[kind]} {_KIND_WORDS[kind]}" for kind in _KIND_WORDS
                         if counts[kind])

    def summary(self) -> str:
        """``skipped 12 commit(s): 9 by bots, 3 bookkeeping`` or ""."""
        return f"skipped {len(self.skipped)} commit(s): {self.counts()}" if self.skipped else ""


def listing(sorting: Triage, merges: list[Skip]) -> str:
    """``--dry-run``: one line per commit left out, and why."""
    skipped = sorting.skipped + merges
    if not skipped:
        return ""
    head = f"--- triage: {len(sorting.skipped)} commit(s) skipped, {len(merges)} merge(s) " \
           f"not read; none of them is sent ---"
    return "\n".join([head, *(skip.line() for skip in skipped)]) + "\n"


def triage(commits: list[Commit], skip_authors: list[str], skip_paths: list[str]) -> Triage:
    """Sort a batch into commits to send (made lean) and commits to skip, with reasons."""
    result = Triage([], order=[c.sha for c in commits])
    seen: dict[str, str] = {}
    for commit in commits:
        found = skip_reason(commit, skip_authors, skip_paths) or _repeat(commit, seen)
        if found is None:
            result.sent.append(lean(commit, skip_paths))
            continue
        kind, reason = found
        result.skipped.append(Skip(commit.sha, commit.subject, kind, reason))
        if kind != BOT and any(memory_lines(commit)):
            result.stated.append(commit)
    return result


def skip_reason(commit: Commit, skip_authors: list[str], skip_paths: list[str]
                ) -> tuple[str, str] | None:
    """(kind, reason) when ``commit`` is not worth sending, else None."""
    who = automation(commit, skip_authors)
    if who:
        return BOT, who
    if formatting_only(commit):
        return BOOKKEEPING, "formatting only"
    why = bookkeeping(commit, skip_paths)
    return (BOOKKEEPING, why) if why and not explains(commit) and \
        not fixes_security(commit.subject) else None


def explains(commit: Commit) -> bool:
    """Whether the message gives a reason (``pin pydantic below 2 because v2 breaks the
    validators``) or, outside a release, explains in a body of its own: that is knowledge,
    whatever the diff is."""
    text = f"{commit.subject}\n{commit.body}"
    if any(cue.search(text) for cue in _REASONS):
        return True
    prose = [line for line in commit.body.splitlines()
             if not _NOT_PROSE.search(line)]
    words = len(_WORD.findall(" ".join(prose)))
    return words >= EXPLAINING_WORDS and not bk.release_subject(commit.subject)


def _repeat(commit: Commit, seen: dict[str, str]) -> tuple[str, str] | None:
    """A commit whose change an earlier commit of the batch made already (a cherry-pick,
    a backport merged forward), by the files and changed lines of its diff."""
    lines = [line for line in commit.diff.split("\n") if line.startswith("diff --git ") or
             (line[:1] in "+-" and not line.startswith(("+++ ", "--- ")))]
    if len(lines) < 2:
        return None
    key = hashlib.sha256("\n".join(lines).encode("utf-8", "surrogatepass")).hexdigest()
    first = seen.setdefault(key, commit.sha)
    return (REPEAT, f"the same change as {first[:7]}") if first != commit.sha else None


def by_people(commits: list[Commit], patterns: list[str]) -> list[Commit]:
    """``commits`` less those automation made (:func:`automation`)."""
    return [c for c in commits if not automation(c, patterns)]


def automation(commit: Commit, patterns: list[str]) -> str:
    """``by a bot (dependabot[bot])`` when author or committer matches, else "".  A merge
    read for its pull request's text is judged by who opened that pull request and its
    branch, where its line names them: a merge bot commits every merge."""
    roles: tuple[tuple[str, tuple[str, ...]], ...] = (
        ("by", (commit.author, commit.author_email)),
        ("committed by", (commit.committer, commit.committer_email)))
    if len(commit.parents) > 1 and commit.opened_by:
        roles = (("opened by", commit.opened_by),)
    elif _person_coauthored(commit, tuple(patterns)):
        return ""  # a release bot's pull request whose notes a maintainer wrote
    for role, identities in roles:
        for identity in identities:
            if identity and _is_bot(identity, tuple(patterns)):
                return f"{role} a bot ({neutralize(identity, 60)})"
    return ""


def _person_coauthored(commit: Commit, patterns: tuple[str, ...]) -> bool:
    """Whether a ``Co-authored-by:`` trailer names someone no pattern calls a bot: uuid's
    "chore(main): release 14.0.0", which github-actions[bot] authored and its maintainer
    co-authored, carries the only words of a security fix (its changelog's "Security"
    entry, written by hand in the release pull request)."""
    for value in commit.trailer_values("Co-authored-by"):
        name, _, email = value.partition("<")
        if name.strip() and not _is_bot(name, patterns) and \
                not _is_bot(email.rstrip("> "), patterns):
            return True
    return False


@lru_cache(maxsize=1024)
def _is_bot(identity: str, patterns: tuple[str, ...]) -> bool:
    """(Remembered: the same few people and bots commit again and again.)"""
    return any(_pattern(p).match(identity.strip()) for p in patterns)


@lru_cache(maxsize=256)
def _pattern(pattern: str) -> re.Pattern[str]:
    """``*`` matches anything; every other character stands for itself (``[bot]``)."""
    return re.compile(".*".join(map(re.escape, pattern.strip().split("*"))) + r"\Z", re.I)


def bookkeeping(commit: Commit, skip_paths: list[str]) -> str:
    """A reason when every file change is bookkeeping, else ""."""
    kinds = _file_kinds(commit, skip_paths)
    if not kinds:
        return ""
    strict = {"lock", "version strings", "changelog header", "pinned requirements",
              "generated", "skip_paths"}
    release = bk.release_subject(commit.subject)
    if kinds <= strict:
        label = "release bookkeeping" if release or "changelog header" in kinds else \
            "bookkeeping"
    elif release and kinds <= strict | {"changelog", "doc"} and not _notes(commit):
        label = "release bookkeeping, no source or test change"
    else:
        return ""
    return f"{label}: " + ", ".join(_PHRASES[k] for k in sorted(kinds)) + " only"


def _notes(commit: Commit) -> bool:
    """Whether the changelog entries a release adds are written out: a sentence of
    ``NOTE_WORDS`` words or more, which tells users what changed ("the Gradle plugin no
    longer applies the Kotlin plugin"), not a generated list of subjects and links."""
    return any(len(_WORD.findall(entry)) >= NOTE_WORDS
               for path, hunks in file_hunks(commit.diff).items() if is_changelog(path)
               for entry in entries([line for hunk in hunks for line in [*hunk.lines, ""]]))


def _file_kinds(commit: Commit, skip_paths: list[str]) -> set[str]:
    """What each changed file's change is; an empty set when any of them is real work."""
    patches = dict(file_patches(commit.diff))
    kinds: set[str] = set()
    for change in commit.files:
        path = change.path
        if is_lock_file(path):
            kinds.add("lock")
            continue
        patch = patches.get(path)
        if patch is None:  # binary, excluded, too big or only renamed: cannot tell
            return set()
        minus, plus, opening = bk.split_patch(patch)
        kind = stats_only(path, minus, plus, opening, skip_paths)
        if kind is None and is_changelog(path):
            kind = "changelog header" if bk.headers_only(minus, plus) else "changelog"
        if kind is None and is_doc(path) and not is_test(path):
            kind = "doc"
        if kind is None:
            return set()
        kinds.add(kind)
    return kinds


def merges(repo_dir: str, spec: list[str]) -> list[Skip]:
    """The merge commits of ``spec``, oldest first (the caller leaves out those it reads)."""
    out = git.run(["log", "--merges", "--reverse", "--cc", "--name-only", "--no-color",
                   "--format=%x01%H%x1f%s", *spec], repo_dir)
    found: list[Skip] = []
    for record in out.split("\x01")[1:]:
        head, _, files = record.partition("\n")
        sha, _, subject = head.partition("\x1f")
        subject = redact(subject)[0]
        reason = "merge commit: its conflict resolutions are not sent" if files.strip() \
            else "merge commit without changes of its own"
        found.append(Skip(sha, subject, MERGE, reason))
    return found

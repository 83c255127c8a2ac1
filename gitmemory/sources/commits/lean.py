"""Lean diffs: only the changes that say something reach a provider (docs/design.md, "Data flow").

Every provider, the offline extractor included, reads the same commits, so the
diff is made lean once, after triage:

- lock files (already at collection), generated files, pinned requirements
  files, files matching ``skip_paths`` and changes of version strings alone
  keep their line in the file list (``Files: uv.lock (+3 -3)``) and lose
  their hunks;
- a changelog hunk is cut down to its added lines, and dropped when those
  restate the commit message;
- patch headers lose what a reader does not need (``index`` lines, the
  ``---``/``+++`` pair that repeats the path).
"""

from __future__ import annotations

from dataclasses import replace

from gitmemory.changelogs import is_changelog
from gitmemory.commits import Commit
from gitmemory.fences import is_fence
from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading import cues
from gitmemory.secrets.exclude import excluded
from gitmemory.sources.commits import bookkeeping as bk
from gitmemory.sources.commits.history import file_patches
from gitmemory.text import alike, near

# A changelog entry is kept when at least this share of its words is not in the message.
NEW_WORDS_TO_KEEP = 0.5
_WORD = lazy_regex(r"[a-z][a-z0-9_]{2,}")
# Words that carry nothing: markup roles of changelogs, and the commonest English.
_FILLER = {
    "issue", "issues", "ghsa", "meth", "func", "class", "attr", "ref", "doc", "pull", "the",
    "and", "for", "with", "that", "this", "are", "was", "were", "from", "into", "when", "not",
    "can", "now", "has", "have", "its", "also", "which", "any", "all", "will", "been", "but",
    "pr", "gh", "https", "http", "github", "com", "fixes", "fixed", "fix", "closes",
}


def lean(commit: Commit, skip_paths: list[str]) -> Commit:
    """``commit`` with the hunks that say nothing dropped (the file list is kept whole)."""
    kept = []
    for path, patch in file_patches(commit.diff):
        minus, plus, opening = bk.split_patch(patch)
        if stats_only(path, minus, plus, opening, skip_paths):
            continue
        shown = _changelog_news(path, patch, commit) if is_changelog(path) else patch
        if shown:
            kept.append(_trim_header(shown))
    diff = "".join(kept)
    return commit if diff == commit.diff else replace(commit, diff=diff)


def stats_only(path: str, minus: list[str], plus: list[str], opening: list[str],
               skip_paths: list[str]) -> str | None:
    """Why a file's change is shown as its line counts alone, or None to show it."""
    if skip_paths and excluded(path, skip_paths):
        return "skip_paths"
    if bk.is_requirements(path) and bk.pinned_only(minus + plus):
        return "pinned requirements"
    if bk.says_generated(opening):
        return "generated"
    if bk.version_only(minus, plus):
        return "version strings"
    return None


def _changelog_news(path: str, patch: str, commit: Commit) -> str:
    """The changelog's added lines when they tell more than the message does, else "".
    A blank line still parts two entries, and the lines that carry on an entry the
    commit did not add (a reworded second line) are left out: alone they start mid-way."""
    removed, plus = _changed_lines(patch)
    shown = _unmoved(_added_entries(patch, removed), removed)
    added = [line for line in shown if line.strip() and not bk.header_line(line)]
    words = _news_words(" ".join(added))
    if not words:
        return ""
    said = _news_words(f"{commit.subject}\n{commit.body}")
    if len(words - said) < NEW_WORDS_TO_KEEP * len(words):
        return ""
    while shown and not shown[-1]:
        shown.pop()
    # an entry worded anew: what it said before holds no more (the rules drop it)
    anew = near(removed, plus, reworded)
    again = near(removed, plus, retyped)
    moved = _flat(plus)
    gone = [line for line, worded, typed in zip(removed, anew, again, strict=True)
            if worded and not typed and _BULLET.match(line) and _flat([line]) not in moved]
    body = "\n".join(["-" + line for line in gone] + ["+" + line for line in shown])
    return f"diff --git a/{path} b/{path}\n@@ changelog entry @@\n{body}\n"


RETYPED = 0.9  # an added line this close to a removed one only retypes it


def retyped(old: str, new: str) -> bool:
    """Whether changelog line ``new`` only retypes ``old`` (a typo, a link fixed)."""
    return alike(old.strip(), new.strip(), RETYPED)


REWORDED = 0.5  # an added line this close (and not a retyping) words a removed one anew


def reworded(old: str, new: str) -> bool:
    """Whether changelog line ``new`` says what ``old`` said, in other words (a correction);
    a line that only shares its topic, or none, is another entry."""
    return alike(old.strip(), new.strip(), REWORDED)


def _changed_lines(patch: str) -> tuple[list[str], list[str]]:
    """The texts of a patch's removed and added lines (blank ones out)."""
    lines = [line for line in patch.split("\n") if not line.startswith(("+++", "---"))]
    return ([line[1:] for line in lines if line[:1] == "-" and line[1:].strip()],
            [line[1:] for line in lines if line[:1] == "+" and line[1:].strip()])


def _added_entries(patch: str, removed: list[str] | None = None) -> list[str]:
    """The added lines of a changelog's patch, a blank one between entries, without the
    ones that carry on an entry a kept line began (a line the commit kept, or only
    retyped, is part of an entry it did not add)."""
    shown: list[str] = []
    inside = False
    lines = patch.split("\n")
    added = [line[1:] for line in lines if line[:1] == "+" and not line.startswith("+++")]
    # a fence is markup, never a retyped line: dropping one as the twin of a removed
    # fence leaves the block it closes open (a release's notes read as code from there)
    retyping = iter(near(added, removed or [],
                         lambda new, old: not is_fence(new) and retyped(old, new)))
    for line in lines:
        if line.startswith(("+++", "---", "@@", "diff ", "index ")):
            inside = False
            continue
        if line[:1] == "-":
            continue  # what the commit took out: the entry round it is as it was
        if line[:1] != "+" or next(retyping):
            # a retyped line is the old one, as a kept line is: what carries it on is
            # the rest of an entry the commit did not add
            inside = line[:1] in " +" and bool(line[1:].strip()) and \
                not bk.header_line(line[1:])
            if shown and shown[-1]:
                shown.append("")
            continue
        text = line[1:]
        if inside and text.strip() and not _BULLET.match(text):
            continue
        inside = False
        # "since Trio\n0.27.0.": a version that ends an unfinished sentence is no heading
        carries_on = bool(shown and shown[-1]) and \
            not shown[-1].rstrip().endswith((".", "!", "?", ":", ")"))
        if bk.header_line(text) and text.strip() and not carries_on and \
                not cues.BREAK_HEADING.match(text) and not is_fence(text):
            text = ""  # a release's heading parts what comes before it from what follows
        if text.strip() or (shown and shown[-1]):
            shown.append(text)
    return shown


_BULLET = lazy_regex(r"^\s*(?:[-*+\u2022]|\d{1,3}[.)])\s+")
_WORDS = lazy_regex(r"\w+")
MOVED_WORDS = 4  # an entry this long found word for word among the removed lines moved


def _flat(lines: list[str]) -> str:
    """The words of ``lines``, lower case, one space apart and round them."""
    return f" {' '.join(_WORDS.findall(' '.join(lines).lower()))} "


def _unmoved(shown: list[str], removed: list[str]) -> list[str]:
    """``shown`` without the entries whose words the removed lines hold in the same order:
    an old entry wrapped anew, or moved to another place in the file, is not the
    commit's news (absinthe's "cve patch release" rewrapped its whole changelog, and a
    1.7.7 entry's "Skip the ... phase to avoid this check" became its decision)."""
    if not removed:
        return shown
    old = _flat(removed)
    out: list[str] = []
    entry: list[str] = []

    def close() -> None:
        words = _flat(entry)
        if words.count(" ") <= MOVED_WORDS or words not in old:
            out.extend(entry)
        entry.clear()

    for line in shown:
        if not line.strip() or _BULLET.match(line):
            close()
        if line.strip():
            entry.append(line)
        elif out and out[-1]:
            out.append(line)  # one blank line parts two entries kept
    close()
    return out


def _news_words(text: str) -> set[str]:
    return {word for word in _WORD.findall(text.lower()) if word not in _FILLER}


def _trim_header(patch: str) -> str:
    """The patch without ``index`` lines and the ``---``/``+++`` pair before the first hunk."""
    head, sep, rest = patch.partition("\n@@")
    if not sep:
        return patch
    lines = [line for line in head.split("\n")
             if not line.startswith(("index ", "--- ", "+++ "))]
    return "\n".join(lines) + sep + rest

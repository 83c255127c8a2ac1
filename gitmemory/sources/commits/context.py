"""The text a provider reads about a run's commits (docs/design.md, "Data flow").

Each commit's message and its diff are capped at ``max_chars_per_commit``
each, the whole at ``max_context_chars``.  Every commit that has a diff keeps
room for its first changed lines (:func:`gitmemory.sources.commits.budget.floor_for`);
a message is kept whole up to its cap, less what says nothing to a reader
(sign-offs, review and tool trailers, issue links, squash bullets like "* wip"):
the reasons are what a message is read for, and a run makes as many requests as
its commits take, so a crowded batch puts fewer commits in a request rather than
cutting every message short.  Diffs share what the messages leave
(:mod:`gitmemory.sources.commits.budget`); the commits that do not fit follow in the
next request, named by a line that says so.
"""

from __future__ import annotations

import re

from gitmemory.commits import Commit, FileChange
from gitmemory.injection.neutralize import neutralize
from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.memory_trailers import memory_lines, trailer_section
from gitmemory.reading.message import not_prose
from gitmemory.sources.commits import budget
from gitmemory.sources.commits.hunks import status_word

TRUNCATED = "[...{n} more commits follow in the next request]"
DIFF_LABEL = "Diff:\n"
MAX_FILES_LISTED = 40
MAX_FILES_CHARS = 600  # a sweeping change lists what fits, then how many more
MAX_PER_CALL = 300  # commits one call is built from at most (a call holds far fewer)
_FORMATTING = ("style", "format", "formatting", "lint", "whitespace", "prettier", "black",
               "ruff format", "reformat", "typo")


def _cap(text: str, limit: int, what: str) -> str:
    if len(text) <= limit:
        return text
    return text[:limit].rstrip() + f"\n[...{what} truncated, {len(text) - limit} more chars]"


def message_of(commit: Commit) -> str:
    """Subject, body and the trailers that state knowledge, without what says nothing to
    a reader (sign-offs, co-authors, review and tool trailers, issue links, separators,
    squash-merge bullets like "* wip")."""
    parts = [commit.subject]
    body = "\n".join(line for line in commit.body.split("\n")
                     if (not not_prose(line) or _WHERE.match(line)) and
                     not _EMPTY_BULLET.match(line))
    body = re.sub(r"\n{3,}", "\n\n", body).strip("\n")
    if body:
        parts.append(body)
    kept = [(k, v) for k, v in commit.trailers if _says_something(k)]
    if kept:
        parts.append("\n".join(f"{k}: {v}" for k, v in kept))
    return "\n\n".join(parts)


# A bullet a squash merge copied from a branch's commits that says nothing ("* wip"); a
# short one that names something ("* `--strict`", "* Python 3.9") is kept.
_EMPTY_BULLET = lazy_regex(
    r"^\s*[*-]\s+(?:(?:wip|oops|typos?|lint|format(?:ting)?|fmt|tweaks?|clean ?up|updates?|"
    r"fix(?:es|up)?|tests?|docs?|nits?|review|refactor|changelog|rename|wording|"
    r"(?:fix|update|add|more) (?:tests?|docs?|typos?|lint|format(?:ting)?|changelog))\.?|"
    r"(?:wip|oops|typo|lint|format|fmt|tweaks?|clean ?up|update"
    r"|dedupe|pnpm dedupe|revert unrelated diff|apply suggestions? from code review|address "
    r"(?:review )?(?:comments|feedback)|review feedback|fix the things|misc|more fixes|merge "
    r"branch .*|update \S+)\.?)\s*$", re.I)
# A line that is only a link, and not to an issue, pull request or commit: where something
# went ("The guide moved to" and the link on the next line).
_WHERE = lazy_regex(r"^\s*<?https?://(?![^\s>]*/(?:issues|pull|pulls|commit|commits|"
                    r"merge_requests)/)[^\s>]+>?\s*$")
_KEPT_TRAILERS = ("breaking change", "breaking-change", "decision", "root-cause", "rationale")


def _says_something(key: str) -> bool:
    low = key.strip().lower()
    return trailer_section(key) is not None or low in _KEPT_TRAILERS


def head(commit: Commit, cap: int) -> str:
    """A commit's header line, its message (capped) and its changed files."""
    files = file_list(commit)
    lines = [f"### commit {commit.short} by {neutralize(commit.author, 80)} on {commit.date[:10]}",
             _cap(message_of(commit), cap, "message")]
    if files:
        lines.append(f"Files: {files}")
    return "\n".join(lines) + "\n"


def file_list(commit: Commit) -> str:
    """``src/app.py (+3 -1); tests/: test_a.py (+9 -0), test_b.py (+2 -2)``: a directory
    named once for the files in it that follow each other; source first, then other files,
    tests and docs, as many as fit in ``MAX_FILES_CHARS``, and how many more."""
    ordered = sorted(commit.files[:MAX_FILES_LISTED * 4], key=lambda c: budget.rank(c.path))
    folders = [change.path.rpartition("/")[0] for change in ordered]
    parts: list[str] = []
    listed = 0
    for n, change in enumerate(ordered):
        name = change.path.rpartition("/")[2]
        grouped = bool(folders[n]) and (folders[n] in folders[n - 1:n] or
                                        folders[n] in folders[n + 1:n + 2])
        if grouped and n and folders[n - 1] == folders[n]:
            entry = f", {name} ({_stats(change)})"
        else:
            entry = (f"{folders[n]}/: {name}" if grouped else change.path) + \
                f" ({_stats(change)})"
        if listed >= MAX_FILES_LISTED or sum(map(len, parts)) + len(entry) > MAX_FILES_CHARS:
            break
        if entry.startswith(", "):
            parts[-1] += entry
        else:
            parts.append(entry)
        listed += 1
    text = "; ".join(parts)
    if len(commit.files) > listed:
        text += f"; and {len(commit.files) - listed} more"
    return text


def _stats(change: FileChange) -> str:
    """``+3 -1``, ``new, +40 -0``, ``deleted, -199``, ``renamed from x, +1 -1``, ``binary``."""
    if change.binary:
        return "binary"
    said = status_word(change)
    if said == "deleted":
        return f"deleted, -{change.deleted}"
    counts = f"+{change.added} -{change.deleted}"
    return f"{said}, {counts}" if said else counts


def build(commits: list[Commit], per_commit: int, total: int) -> tuple[str, int]:
    """The context and how many commits (oldest first) it holds.

    Every commit with a diff keeps a floor of room for its first changed lines and its
    message whole up to ``per_commit``; the commits whose heads and floors fit within
    ``total`` are in, the rest follow in the next request, named by a line.  What is left
    is shared out among their diffs (:mod:`gitmemory.sources.commits.budget`).
    """
    diffs = [budget.Diff.of(commit.diff) for commit in commits]
    floor = budget.floor_of(total, len(commits))
    floors = [budget.floor_for(d, floor) + len(DIFF_LABEL) if d else 0 for d in diffs]
    heads = [head(commit, per_commit) for commit in commits]
    n = _fitting(heads, floors, total)
    note = TRUNCATED.format(n=len(commits) - n) if n < len(commits) else ""
    used = sum(len(text) + 1 for text in heads[:n])
    labels = len(DIFF_LABEL) * sum(1 for d in diffs[:n] if d)
    room = total - used - len(note) - 1 - labels
    shares = budget.share(diffs[:n], max(room, 0), per_commit, floor)
    blocks = [heads[i] + (DIFF_LABEL + diffs[i].text(shares[i]) if shares[i] and diffs[i]
                          else "") for i in range(n)]
    return "\n".join(blocks + ([note] if note else [])), n


def _fitting(heads: list[str], floors: list[int], total: int) -> int:
    """How many heads (the first always), each with its diff's floor, fit in ``total``
    with a truncation line after."""
    used = 0
    for n, text in enumerate(heads):
        note = len(TRUNCATED.format(n=len(heads) - n)) + 1 if n < len(heads) - 1 else 0
        if n and used + len(text) + 1 + floors[n] + note > total:
            return n
        used += len(text) + 1 + floors[n]
    return len(heads)


def substantive(commits: list[Commit]) -> bool:
    """Whether the commits hold something beyond tiny or formatting-only changes.

    A ``Memory-*`` trailer is knowledge stated outright (docs/design.md, "Data flow"), however
    short the commit that carries it.
    """
    return any(any(memory_lines(c)) or
               (len(message_of(c)) + _changed_chars(c.diff) >= 50 and not formatting_only(c))
               for c in commits)


def _changed_chars(diff: str) -> int:
    """Characters on added and removed lines, headers left out."""
    return sum(len(line) - 1 for line in diff.splitlines()
               if line.startswith(("+", "-")) and not line.startswith(("+++", "---")))


def formatting_only(commit: Commit) -> bool:
    """A ``style:`` commit, or one that says it reformats and changes as many lines as it
    removes in every file, with no body and no ``Memory-*`` trailer."""
    if any(k.lower().startswith("memory-") for k, _ in commit.trailers):
        return False
    subject = commit.subject.lower()
    kind = subject.split(":", 1)[0].split("(", 1)[0].strip() if ":" in subject else ""
    return kind == "style" or (not commit.body and any(
        subject.startswith(word) or f" {word}" in subject for word in _FORMATTING)
        and sum(f.added + f.deleted for f in commit.files) > 0
        and all(f.added == f.deleted for f in commit.files))

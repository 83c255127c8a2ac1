"""The text a provider reads about a run's commits (docs/design.md, "Data flow").

Each commit's message and its diff are capped at ``max_chars_per_commit``
each, the whole at ``max_context_chars``: diffs share what the messages leave
(:mod:`gitmemory.pipeline.budget`), and commits whose messages do not fit
are left for the next run and named by a truncation line.
"""

from __future__ import annotations

from gitmemory.commits import Commit
from gitmemory.injection.neutralize import neutralize
from gitmemory.memory.markdown import SECTION_IDS, Memory
from gitmemory.offline.trailers import memory_lines
from gitmemory.pipeline import budget
from gitmemory.secrets.redact import redact

TRUNCATED = "[...{n} remaining commits truncated for length]"
DIFF_LABEL = "Diff:\n"
# The branch's current items shown to an extraction call (about 900 tokens at most).
MAX_KNOWN_ITEMS = 40
MAX_KNOWN_ITEM_CHARS = 200
MAX_KNOWN_CHARS = 3600
MAX_FILES_LISTED = 40
_FORMATTING = ("style", "format", "formatting", "lint", "whitespace", "prettier", "black",
               "ruff format", "reformat", "typo")


def _cap(text: str, limit: int, what: str) -> str:
    if len(text) <= limit:
        return text
    return text[:limit].rstrip() + f"\n[...{what} truncated, {len(text) - limit} more chars]"


def message_of(commit: Commit) -> str:
    parts = [commit.subject]
    if commit.body:
        parts.append(commit.body)
    if commit.trailers:
        parts.append("\n".join(f"{k}: {v}" for k, v in commit.trailers))
    return "\n\n".join(parts)


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
    named once for the files in it that follow each other."""
    shown = commit.files[:MAX_FILES_LISTED]
    folders = [change.path.rpartition("/")[0] for change in shown]
    parts: list[str] = []
    for n, change in enumerate(shown):
        name = change.path.rpartition("/")[2]
        stats = "binary" if change.binary else f"+{change.added} -{change.deleted}"
        grouped = bool(folders[n]) and (folders[n] in folders[n - 1:n] or
                                        folders[n] in folders[n + 1:n + 2])
        if grouped and n and folders[n - 1] == folders[n]:
            parts[-1] += f", {name} ({stats})"
        else:
            parts.append(f"{folders[n]}/: {name} ({stats})" if grouped
                         else f"{change.path} ({stats})")
    listed = "; ".join(parts)
    if len(commit.files) > MAX_FILES_LISTED:
        listed += f"; and {len(commit.files) - MAX_FILES_LISTED} more"
    return listed


def build(commits: list[Commit], per_commit: int, total: int) -> tuple[str, int]:
    """The context and how many commits (oldest first) it holds.

    Headers and messages come first: the commits whose heads fit within ``total`` are
    in, the rest wait for the next run behind a truncation line.  What is left is
    shared out among their diffs (:mod:`gitmemory.pipeline.budget`).
    """
    heads = [head(commit, per_commit) for commit in commits]
    n = _fitting(heads, total)
    note = TRUNCATED.format(n=len(commits) - n) if n < len(commits) else ""
    used = sum(len(text) + 1 for text in heads[:n])
    diffs = [budget.Diff.of(commit.diff) for commit in commits[:n]]
    room = total - used - len(note) - 1 - len(DIFF_LABEL) * len(diffs)
    shares = budget.share(diffs, max(room, 0), per_commit)
    blocks = [heads[i] + (DIFF_LABEL + diffs[i].text(shares[i]) if shares[i] and
                          commits[i].diff else "") for i in range(n)]
    return "\n".join(blocks + ([note] if note else [])), n


def _fitting(heads: list[str], total: int) -> int:
    """How many heads (the first always) fit in ``total`` with a truncation line after."""
    used = 0
    for n, text in enumerate(heads):
        note = len(TRUNCATED.format(n=len(heads) - n)) + 1 if n < len(heads) - 1 else 0
        if n and used + len(text) + 1 + note > total:
            return n
        used += len(text) + 1
    return len(heads)


def known(memory: Memory | None) -> tuple[str, ...]:
    """The branch's current items as an extraction call shows them: text only, redacted
    like every other field, newest of each section first, capped."""
    if memory is None:
        return ()
    queues = [list(reversed(memory.sections.get(sid, []))) for sid in SECTION_IDS]
    out: list[str] = []
    used = 0
    while any(queues) and len(out) < MAX_KNOWN_ITEMS:
        for queue in queues:
            if not queue or len(out) >= MAX_KNOWN_ITEMS:
                continue
            text = neutralize(redact(queue.pop(0).text)[0], MAX_KNOWN_ITEM_CHARS)
            if used + len(text) > MAX_KNOWN_CHARS:
                return tuple(out)
            if text:
                out.append(text)
                used += len(text) + 3
    return tuple(out)


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

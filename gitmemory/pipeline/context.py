"""The text a provider reads about a run's commits (docs/design.md, "Data flow").

Each commit's message and its diff are capped at ``max_chars_per_commit``
each, the whole at ``max_context_chars``; commits that do not fit are left
for the next run and named by a truncation line.
"""

from __future__ import annotations

from gitmemory.commits import Commit
from gitmemory.injection.neutralize import neutralize
from gitmemory.offline.trailers import memory_lines

TRUNCATED = "[...{n} remaining commits truncated for length]"
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


def render(commit: Commit, cap: int) -> str:
    files = ", ".join(
        f"{f.path} ({'binary' if f.binary else f'+{f.added} -{f.deleted}'})"
        for f in commit.files[:MAX_FILES_LISTED])
    if len(commit.files) > MAX_FILES_LISTED:
        files += f", and {len(commit.files) - MAX_FILES_LISTED} more"
    lines = [f"### commit {commit.short} by {neutralize(commit.author, 80)} on {commit.date[:10]}",
             _cap(message_of(commit), cap, "message")]
    if files:
        lines.append(f"Files: {files}")
    if commit.diff:
        lines.append("Diff:\n" + _cap(commit.diff, cap, "diff"))
    return "\n".join(lines) + "\n"


def build(commits: list[Commit], per_commit: int, total: int) -> tuple[str, int]:
    """The context and how many commits (oldest first) it holds."""
    out: list[str] = []
    used = 0
    for n, commit in enumerate(commits):
        block = render(commit, per_commit)
        note = TRUNCATED.format(n=len(commits) - n)
        if out and used + len(block) + len(note) > total:
            out.append(note)
            return "\n".join(out), n
        out.append(block)
        used += len(block) + 1
    return "\n".join(out), len(commits)


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

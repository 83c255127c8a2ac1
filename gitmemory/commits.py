"""What memorize reads about a commit: the record every provider gets.

See docs/design.md, "Data flow".
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class FileChange:
    """One changed path with its line counts (``binary`` changes have none)."""

    path: str
    added: int = 0
    deleted: int = 0
    binary: bool = False
    status: str = "M"  # A added, M modified, D deleted, R renamed
    old_path: str | None = None


@dataclass(frozen=True)
class Commit:
    """A commit as memorize sees it, already redacted (docs/design.md, "Invariants").

    ``body`` is the message after the subject with the trailer block removed;
    ``trailers`` keeps those (key, value) pairs in order.  ``diff`` is the
    unified diff minus binary files, lock files and ``exclude_paths``.
    """

    sha: str
    author: str
    date: str  # ISO 8601, UTC
    subject: str
    body: str = ""
    trailers: tuple[tuple[str, str], ...] = ()
    files: tuple[FileChange, ...] = ()
    diff: str = ""
    parents: tuple[str, ...] = field(default=())
    author_email: str = ""  # these three are for triage (bots); they are never sent
    committer: str = ""
    committer_email: str = ""
    # a merge read for its pull request's text: who opened that pull request, and from
    # which branch, as the merge's line tells (for triage: a merge bot commits them all)
    opened_by: tuple[str, ...] = ()

    @property
    def short(self) -> str:
        return self.sha[:7]

    def trailer_values(self, key: str) -> list[str]:
        wanted = key.lower()
        return [value for name, value in self.trailers if name.lower() == wanted]

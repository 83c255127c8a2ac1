"""Commit records for tests and benches of the offline provider: read from a real
repository with memorize's own reader (:class:`gitmemory.sources.commits.history.History`, so
redaction, lock and excluded files, statuses and trailers are exactly what
memorize passes on), or scripted with :func:`make_commit`.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from gitmemory.commits import Commit, FileChange
from gitmemory.config import DEFAULT_EXCLUDES
from gitmemory.sources.commits.history import History


def load_commits(repo: Path | str, rev_range: str = "HEAD", *, limit: int | None = None
                 ) -> list[Commit]:
    """Non-merge commits in ``rev_range``, oldest first (the newest ``limit`` of them)."""
    args = ["git", "rev-list", "--no-merges", *([f"--max-count={limit}"] if limit else []),
            rev_range]
    done = subprocess.run(args, cwd=repo, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise AssertionError(f"{' '.join(args)}: {done.stderr}")
    return History(str(repo)).collect(done.stdout.split()[::-1], list(DEFAULT_EXCLUDES))


def make_commit(subject: str, body: str = "", *, author: str = "Ada Tester",
                files: tuple[FileChange, ...] | list[FileChange] = (), diff: str = "",
                trailers: tuple[tuple[str, str], ...] = (), sha: str | None = None) -> Commit:
    """A scripted commit record; the sha is derived from the subject unless given."""
    import hashlib

    sha = sha or hashlib.sha1(f"{subject}\n{body}".encode()).hexdigest()  # noqa: S324
    return Commit(sha=sha, author=author, date="2026-01-01T00:00:00Z", subject=subject,
                  body=body, trailers=trailers, files=tuple(files), diff=diff)


def new_file_diff(path: str, text: str) -> str:
    """The ``git diff`` of adding ``path`` with ``text``."""
    lines = text.splitlines()
    body = "\n".join(f"+{line}" for line in lines)
    return (f"diff --git a/{path} b/{path}\nnew file mode 100644\n--- /dev/null\n"
            f"+++ b/{path}\n@@ -0,0 +1,{len(lines)} @@\n{body}\n")


def edit_diff(path: str, context: str, lines: list[str]) -> str:
    """The ``git diff`` of one hunk in ``path``: ``lines`` carry their own +/-/space prefix,
    ``context`` is the text git shows after the hunk header."""
    return (f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n"
            f"@@ -1,{len(lines)} +1,{len(lines)} @@ {context}\n" + "\n".join(lines) + "\n")

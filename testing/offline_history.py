"""Commit records read from a real repository with ``git``, for tests and benches of the
offline provider.  A stand-in for the memorize path's own history reader: one
``git show`` per commit, lock files dropped, no redaction (test repositories
hold no secrets).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from gitmemory.commits import Commit, FileChange

_META = "%H%x1f%an%x1f%aI%x1f%P%x1f%s%x1f%b%x1f%(trailers:only,unfold)%x1e"
_LOCKS = ("package-lock.json", "yarn.lock", "pnpm-lock.yaml", "poetry.lock", "uv.lock",
          "Cargo.lock", "Gemfile.lock", "composer.lock", "Pipfile.lock", "go.sum")


def run_git(repo: Path | str, *args: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(["git", *args], cwd=repo, capture_output=True, env=env, check=False)
    if done.returncode != 0:
        raise AssertionError(f"git {' '.join(args)}: {done.stderr.decode(errors='replace')}")
    return done.stdout.decode("utf-8", errors="replace")


def load_commits(repo: Path | str, rev_range: str = "HEAD", *, limit: int | None = None,
                 env: dict[str, str] | None = None) -> list[Commit]:
    """Non-merge commits in ``rev_range``, oldest first (the newest ``limit`` of them)."""
    args = ["rev-list", "--no-merges", rev_range]
    if limit:
        args.insert(1, f"--max-count={limit}")
    shas = run_git(repo, *args, env=env).split()
    return [load_commit(repo, sha, env=env) for sha in reversed(shas)]


def load_commit(repo: Path | str, sha: str, *, env: dict[str, str] | None = None) -> Commit:
    out = run_git(repo, "show", "-M", "--raw", "--numstat", "-p", "--no-color",
                  "--no-ext-diff", f"--format={_META}", sha, env=env)
    meta, _, rest = out.partition("\x1e")
    full, author, date, parents, subject, body, trailer_text = meta.split("\x1f")
    trailers = tuple(_trailer(line) for line in trailer_text.splitlines() if ":" in line)
    if trailers:
        body = _drop_last_paragraph(body)
    files, diff = _changes(rest)
    return Commit(sha=full, author=author, date=date, subject=subject, body=body.strip(),
                  trailers=trailers, files=files, diff=diff, parents=tuple(parents.split()))


def _trailer(line: str) -> tuple[str, str]:
    key, _, value = line.partition(":")
    return key.strip(), value.strip()


def _drop_last_paragraph(body: str) -> str:
    paragraphs = body.strip().split("\n\n")
    return "\n\n".join(paragraphs[:-1])


def _changes(text: str) -> tuple[tuple[FileChange, ...], str]:
    head, sep, diff = text.partition("\ndiff --git ")
    raw = [line for line in head.splitlines() if line.startswith(":")]
    counts = [line.split("\t") for line in head.splitlines()
              if line and not line.startswith(":") and line.count("\t") >= 2]
    files = []
    for n, line in enumerate(raw):
        fields = line.split("\t")
        status = fields[0].split()[-1]
        path, old = fields[-1], fields[1] if status[0] in "RC" else None
        added, deleted = (counts[n][0], counts[n][1]) if n < len(counts) else ("0", "0")
        binary = added == "-"
        files.append(FileChange(path, 0 if binary else int(added), 0 if binary else int(deleted),
                                binary, status[0], old))
    kept = [c for c in files if c.path.rsplit("/", 1)[-1] not in _LOCKS]
    return tuple(kept), _without_locks("diff --git " + diff if sep else "")


def _without_locks(diff: str) -> str:
    parts = diff.removeprefix("diff --git ").split("\ndiff --git ")
    keep = [p for p in parts if p and not p.split("\n", 1)[0].rstrip().endswith(_LOCKS)]
    return "".join(f"diff --git {p}\n" for p in keep).rstrip("\n")


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

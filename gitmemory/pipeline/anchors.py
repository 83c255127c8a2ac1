"""The paths each new item is about, found when it is memorized (docs/design.md, "Memory").

A provider may name the paths itself; otherwise they are the paths the item's
text names and the files its commits touched, summarised to a few entries
(``src/api/`` for many files under it).  A file a later commit of the same run
renamed is cited at its new name; paths gone from the branch's tip are left
out unless nothing else is left, so an item about deleted code shows as stale
instead of losing its evidence.  Lock files, ``exclude_paths`` and paths that
hold something redaction would mask are never cited.  One ``git cat-file`` for
the whole run.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from gitmemory import git
from gitmemory.commits import Commit
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.evidence import MAX_PATHS, mentioned, renamed, summarise, union_paths
from gitmemory.secrets.exclude import excluded, is_lock_file
from gitmemory.secrets.pathnames import masked
from gitmemory.secrets.redact import redact

MARKER = "[REDACTED"  # a name history already masked: never a path to cite


def attach(found: list[Extraction], commits: list[Commit], toplevel: str, tip: str | None,
           exclude: list[str]) -> list[Extraction]:
    """``found`` with the paths each extraction is about."""
    if not found:
        return found
    moves = _moves(commits)
    wanted = {ref for e in found if e.paths is None for ref in e.refs}
    touched = {c.short: [moves.get(f.path, f.path) for f in c.files
                         if citable(f.path, exclude)] for c in commits if c.short in wanted}
    named = {id(e): [p for p in mentioned(e.content) if citable(p, exclude)] for e in found}
    derived = {id(e): summarise(p for ref in e.refs for p in touched.get(ref, ()))
               for e in found if e.paths is None}
    asked = {p for e in found for p in (*named[id(e)], *derived.get(id(e), ()), *(e.paths or ()))}
    present = git.present(tip, sorted(asked), toplevel) if tip else {}
    out = []
    for e in found:
        names = [p + "/" if present.get(p) == "tree" and not p.endswith("/") else p
                 for p in named[id(e)] if p in present]
        if e.paths is not None:
            given = [p for p in renamed(e.paths, moves, present)
                     if citable(p, exclude, named=True)]
            paths = union_paths(given, names)
        else:
            # The paths an item names are what it is about; the files its commits
            # touched stand in only when it names none ("Code for `config` lives in
            # commitizen/config/__init__.py" is about that file, not the eight its
            # commits also changed).
            files = derived[id(e)]
            kept = [p for p in files if p in present]
            paths = union_paths(names) if names else union_paths(kept or files)
        out.append(replace(e, paths=paths[:MAX_PATHS]))
    return out


def _moves(commits: list[Commit]) -> dict[str, str]:
    """Renames made by ``commits`` (oldest first): old path -> its last name."""
    moves: dict[str, str] = {}
    for commit in commits:
        for change in commit.files:
            if change.status.startswith("R") and change.old_path:
                for old, new in list(moves.items()):
                    if new == change.old_path:
                        moves[old] = change.path
                moves[change.old_path] = change.path
    return moves


def citable(path: str, exclude: list[str], *, named: bool = False) -> bool:
    """A path worth citing that is safe to publish: a file name can carry a token.  A lock
    file a commit touched says nothing about an item, but one an item names as its source
    (``named``: "Setup: `uv sync`" rests on ``uv.lock``) is cited."""
    return bool(path) and not path.startswith(".gitmemory/") and \
        (named or not is_lock_file(path)) and not excluded(path, exclude) and \
        MARKER not in path and _unmasked(path)


@lru_cache(maxsize=4096)
def _unmasked(path: str) -> bool:
    """Whether redaction leaves ``path`` as it is (remembered: a run cites the same files
    again and again)."""
    return redact(path)[0] == path and masked(path) == path

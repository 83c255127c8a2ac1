"""Commits that only reformat, listed so that blame skips them.

``.git-blame-ignore-revs`` at the top of the tree (the name GitHub's blame view and
``blame.ignoreRevsFile`` settings read) is the repository saying that a commit which
only reformats code, a tool's run over the whole tree, is listed there by its full id:
an agent that makes one adds it.  Said only when the file lists commits; whether each
comes with a comment saying what it did is read, not assumed.
"""

from __future__ import annotations

from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot

SLOTS = ("Reformatting commits",)
FILES = (".git-blame-ignore-revs",)
_SHA = lazy_regex(r"^[0-9a-f]{40}(?:[0-9a-f]{24})?\s*(?:#.*)?$")


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    path = FILES[0]
    lines = [line.strip() for line in (snapshot.text(path) or "").splitlines()]
    listed = [n for n, line in enumerate(lines) if _SHA.match(line)]
    if not listed:
        return
    noted = sum(line.partition("#")[2].strip() != "" or
                (n > 0 and lines[n - 1].startswith("#")) for n, line in
                ((n, lines[n]) for n in listed))
    said = ", each under a comment saying what it did" if noted / len(listed) >= 0.6 else ""
    yield "conventions", "Reformatting commits: a commit that only reformats the code is " \
        f"listed by its full commit id in `{path}`{said}, so that blame passes over it " \
        f"({len(listed)} listed)", [path]

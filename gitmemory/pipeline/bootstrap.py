"""The day-one memory for a memorize run: read from the branch's tip, when it is due.

See docs/design.md, "Data flow".  Three git calls: the tree's file names, the
few files the bootstrap reads (one ``cat-file --batch``), and the subjects,
authors and file names of the recent history.  Due when the branch's memory has
no bootstrap items yet (a first run, ``gitmemory init``) or when one of the
commits of this run changed a file the bootstrap reads.  Files matching
``exclude_paths`` are never read.  A failure here costs the run nothing but
these items.
"""

from __future__ import annotations

from dataclasses import replace

from gitmemory import git
from gitmemory.commits import Commit
from gitmemory.errors import GitmemoryError
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.markdown import Memory
from gitmemory.offline.bootstrap import (
    Recent,
    Snapshot,
    bootstrap_extractions,
    is_source,
    slot,
    wanted,
)
from gitmemory.secrets.exclude import excluded

HISTORY = 200  # recent commits the commit convention is measured on
MAX_FILE = 256 * 1024  # bytes; a bigger config file is not read
RS, US = "\x1e", "\x1f"


def due(memory: Memory | None, commits: list[Commit]) -> bool:
    """No bootstrap items yet, or a commit of this run changed a file it reads."""
    has = memory is not None and any(slot(item.text) and (item.refs or item.paths)
                                     for items in memory.sections.values() for item in items)
    return not has or any(is_source(f.path) for c in commits for f in c.files)


def extractions(toplevel: str, tip: str | None, memory: Memory | None, commits: list[Commit],
                exclude: list[str]) -> list[Extraction]:
    """The bootstrap's items for this run ([] when not due or unreadable).

    An item measured on the history rather than read from a file (how commits are
    written) cites the newest commit of the run as its evidence."""
    if not tip or not commits or not due(memory, commits):
        return []
    try:
        found = bootstrap_extractions(snapshot(toplevel, tip, exclude))
    except GitmemoryError:
        return []
    newest = (commits[-1].short,)
    return [e if e.paths else replace(e, refs=newest) for e in found]


def snapshot(toplevel: str, tip: str, exclude: list[str]) -> Snapshot:
    """What the bootstrap reads from the commit ``tip``."""
    names = [n for n in git.run(["ls-tree", "-r", "-z", "--name-only", tip], toplevel
                                ).split("\0") if n and not excluded(n, exclude)]
    return Snapshot(names, _read(toplevel, tip, wanted(names)), _history(toplevel, tip))


def _read(toplevel: str, tip: str, paths: list[str]) -> dict[str, str]:
    paths = [p for p in paths if "\n" not in p]
    if not paths:
        return {}
    stdin = "".join(f"{tip}:{path}\n" for path in paths)
    data = git.run(["cat-file", "--batch"], toplevel, stdin=stdin).encode(
        "utf-8", "surrogateescape")
    texts: dict[str, str] = {}
    at = 0
    for path in paths:
        end = data.index(b"\n", at)
        header = data[at:end].split()
        at = end + 1
        if len(header) != 3 or header[1] != b"blob":
            continue  # missing, or a submodule
        size = int(header[2])
        if size <= MAX_FILE:
            texts[path] = git.decode(data[at:at + size])
        at += size + 1
    return texts


def _history(toplevel: str, tip: str) -> list[Recent]:
    out = git.run(["log", f"-n{HISTORY}", "--no-merges", "-z", "--encoding=UTF-8",
                   f"--format={RS}%s{US}%an{US}%(trailers:key=Signed-off-by,valueonly)",
                   "--name-only", tip], toplevel)
    recent = []
    for chunk in out.split(RS)[1:]:
        head, _, rest = chunk.partition("\0")
        subject, _, tail = head.partition(US)
        author, _, signed = tail.partition(US)
        paths = tuple(n.strip("\n") for n in rest.split("\0") if n.strip("\n"))
        recent.append(Recent(subject, author, paths, bool(signed.strip())))
    return recent


def preview(found: list[Extraction]) -> str:
    """For ``--dry-run``: the bootstrap's items, which never leave the machine."""
    if not found:
        return ""
    lines = [f"- [{e.section}] {e.content} (" + (f"paths: {', '.join(e.paths)}" if e.paths else
                                                 f"measured up to {', '.join(e.refs)}") + ")"
             for e in found]
    return ("\n--- bootstrap: read from the repository's files, kept on this machine ---\n" +
            "\n".join(lines))

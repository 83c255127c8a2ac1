"""The repository source: how the repository is worked on, read from the branch's tip when
it is due, and kept in its slots.

See docs/design.md, "Data flow".  Three git calls: the tree's file names, the
few files the bootstrap reads (one ``cat-file --batch``), and the subjects,
authors and file names of the recent history.  Due when the branch's memory has
no bootstrap items yet (a first run, ``gitmemory init``) or when one of the
commits of this run changed a file the bootstrap reads.  Files matching
``exclude_paths`` are never read.  A failure here costs the run nothing but
these items.

The items are the bootstrap's, not the provider's: they never go to a model's
evolve step.  :func:`settle_reading` puts them in the memory the run stores: a fresh
reading replaces every item of the bootstrap's slots (so an item whose files are
gone goes, and none is duplicated); without one, the stored items stay as they
were, whatever the model did with them.
"""

from __future__ import annotations

from dataclasses import replace

from gitmemory import git
from gitmemory.commits import Commit
from gitmemory.errors import GitmemoryError
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory import read
from gitmemory.memory.candidates import Evolution, Extraction
from gitmemory.memory.inherit import own_only
from gitmemory.memory.layers import combined
from gitmemory.memory.markdown import SECTION_IDS, Item, Memory
from gitmemory.reading.project import (
    Reading,
    Recent,
    Snapshot,
    bootstrap_extractions,
    is_source,
    read_tree,
    slot,
    wanted,
)
from gitmemory.secrets.exclude import excluded
from gitmemory.sources.protocol import Run, Source

HISTORY = 200  # recent commits the commit convention is measured on
MAX_FILE = 256 * 1024  # bytes; a bigger config file is not read
MAX_SUBJECT = 1_000  # characters of a recent subject the commit convention is measured on
MAX_TRAILERS = 20  # trailer lines of a commit read
MAX_TRAILER = 200  # characters of a trailer's value kept
RS, US = "\x1e", "\x1f"
_MEASURED = lazy_regex(r"\d+ of the last \d+\b")  # the commit convention's count


class Repository(Source):
    """The items read from the repository's own files: never evolved by a provider, they
    replace the items of their slots (:func:`settle_reading`)."""

    name = "repository"
    evolved = False
    asks = False

    def __init__(self, run: Run) -> None:
        super().__init__(run)
        self.fresh = False  # whether the files were read this run

    def gather(self) -> list[Extraction]:
        run = self.run
        found = extractions(run.repo.toplevel, run.tip,
                            combined(run.memory, run.base, run.branch), run.commits,
                            run.repo.cfg.exclude_paths)
        self.fresh = bool(found)
        return own_only(found, run.base, run.memory, slot).found

    def alone(self) -> bool:
        """What the repository itself says (how to set up, test, lint) does not wait for a
        commit worth sending: on the default branch, and where a branch's reading differs
        from the default branch's (a branch with nothing to layer on keeps the old rule)."""
        run = self.run
        return run.base is not None or \
            run.branch == read.default_branch(run.repo.info, run.repo.cfg)

    def settle(self, evolution: Evolution, items: list[Extraction] | None) -> None:
        settle_reading(evolution, self.run.memory, items or [],
                       fresh=self.fresh and items is not None)

    def preview(self) -> str:
        return dry_run_text(self.gather())


def read_by_bootstrap(item: Item) -> bool:
    """An item of the bootstrap's slots that it wrote (a hand-written one has no evidence;
    the commit convention, measured, says so in its text: older runs stored it without
    the ref it now carries)."""
    found = slot(item.text)
    return found is not None and (bool(item.refs or item.paths) or (
        found == "Commits" and _MEASURED.search(item.text) is not None))



def reading_due(memory: Memory | None, commits: list[Commit]) -> bool:
    """No bootstrap items yet, or a commit of this run changed a file it reads."""
    has = memory is not None and any(read_by_bootstrap(item) for items in memory.sections.values()
                                     for item in items)
    return not has or any(is_source(f.path) for c in commits for f in c.files)


def settle_reading(evolution: Evolution, existing: Memory | None, reading: list[Extraction],
           fresh: bool) -> None:
    """Put the repository's reading in ``evolution``: every item of the bootstrap's slots
    out, then this run's reading (``fresh``) or the items ``existing`` had, appended (so
    the cap keeps them and the renderer, newest first, shows them first)."""
    kept = [(e.section, Item(e.content, e.refs, e.paths or ())) for e in reading] if fresh \
        else [(sid, item) for sid in SECTION_IDS for item in
              (existing.sections[sid] if existing else []) if read_by_bootstrap(item)]
    for sid in SECTION_IDS:
        evolution.sections[sid] = [i for i in evolution.sections.get(sid, [])
                                   if not read_by_bootstrap(i)]
    for sid, item in kept:
        evolution.sections.setdefault(sid, []).append(item)


def extractions(toplevel: str, tip: str | None, memory: Memory | None, commits: list[Commit],
                exclude: list[str]) -> list[Extraction]:
    """The bootstrap's items for this run ([] when not due or unreadable).

    An item measured on the history rather than read from a file (how commits are
    written) cites the newest commit of the run as its evidence."""
    if not tip or not commits or not reading_due(memory, commits):
        return []
    try:
        found = bootstrap_extractions(snapshot(toplevel, tip, exclude))
    except GitmemoryError:
        return []
    newest = (commits[-1].short,)
    return [e if e.paths else replace(e, refs=newest) for e in found
            if not any(excluded(p, exclude) for p in e.paths or ())]


def read_commit(toplevel: str, commit: str, exclude: list[str]) -> list[Reading]:
    """What the tree of ``commit`` says about working in it: a pure function of that tree
    (two git processes: ``ls-tree`` and one ``cat-file --batch``), each item with its
    stable slot key (:attr:`Reading.key`) and the files it was read from.  No file
    matching ``exclude`` is read, and no item citing one is returned."""
    return [r for r in read_tree(snapshot(toplevel, commit, exclude, history=False))
            if not any(excluded(p, exclude) for p in r.paths)]


def snapshot(toplevel: str, tip: str, exclude: list[str], *, history: bool = True
             ) -> Snapshot:
    """What the bootstrap reads from the commit ``tip`` (and its recent history): every
    path of the tree (names are not contents), the text of the files it reads except
    those matching ``exclude``; the callers drop items that cite an excluded path."""
    tree = git.tree_of(tip, toplevel)  # the commit is not read whole for its files
    names = git.tree_files(tree, toplevel)
    read = [p for p in wanted(names) if not excluded(p, exclude)]
    recent, merges = _history(toplevel, tip) if history else ([], [])
    return Snapshot(names, _texts_at(toplevel, tree, read), recent, merges)


def _texts_at(toplevel: str, tip: str, paths: list[str]) -> dict[str, str]:
    """The text of each of ``paths`` in ``tip``'s tree (one process); missing files, trees,
    submodules and files over the size cap are left out."""
    answers = git.cat_file([f"{tip}:{path}" for path in paths], toplevel)
    return {path: git.decode(answer[2]) for path, answer in zip(paths, answers, strict=True)
            if answer and answer[1] == "blob" and len(answer[2]) <= MAX_FILE}


def _history(toplevel: str, tip: str) -> tuple[list[Recent], list[str]]:
    """The recent commits that are no merges, and the subjects of the recent merges (how
    pull requests are merged), from one ``git log`` (a push reads its commit a bounded
    number of times): twice the window, the merges told by their parents."""
    # --no-renames: names only, from the trees; telling a rename from a delete and an add
    # reads both blobs, which a partial clone would fetch
    out = git.run(["log", f"-n{2 * HISTORY}", "-z", "--encoding=UTF-8",
                   f"--format={RS}%P{US}%s{US}%an{US}%(trailers:only,unfold)",
                   "--name-only", "--no-renames", tip], toplevel)
    recent: list[Recent] = []
    merges: list[str] = []
    for chunk in out.split(RS)[1:]:
        head, _, rest = chunk.partition("\0")
        parents, _, head = head.partition(US)
        subject, _, tail = head.partition(US)
        if " " in parents.strip():
            if len(merges) < HISTORY:
                merges.append(subject[:MAX_SUBJECT])
            continue
        if len(recent) >= HISTORY:
            continue
        author, _, block = tail.partition(US)
        paths = tuple(n.strip("\n") for n in rest.split("\0") if n.strip("\n"))
        trailers = _trailers(block)
        # a subject is one paragraph, which may be megabytes long: its head is enough
        recent.append(Recent(subject[:MAX_SUBJECT], author[:MAX_SUBJECT], paths,
                             any(k.lower() == "signed-off-by" for k, _ in trailers), trailers))
    return recent, [s for s in merges if s.strip()]


def _trailers(block: str) -> tuple[tuple[str, str], ...]:
    """(key, value) of each ``Key: value`` line of a commit's trailer block, its value's
    head only."""
    found = [line.partition(":") for line in block.splitlines()[:MAX_TRAILERS]]
    return tuple((key.strip(), value.strip()[:MAX_TRAILER]) for key, sep, value in found
                 if sep and key.strip() and " " not in key.strip())


def dry_run_text(found: list[Extraction]) -> str:
    """For ``--dry-run``: the bootstrap's items, which never leave the machine."""
    if not found:
        return ""
    lines = [f"- [{e.section}] {e.content} (" + (f"paths: {', '.join(e.paths)}" if e.paths else
                                                 f"measured up to {', '.join(e.refs)}") + ")"
             for e in found]
    return ("\n--- bootstrap: read from the repository's files, kept on this machine ---\n" +
            "\n".join(lines))

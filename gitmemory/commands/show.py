"""``gitmemory show``, ``list`` and ``clear``: read, list and delete branch memory."""

from __future__ import annotations

from gitmemory import git, journal, output
from gitmemory.errors import GitmemoryError
from gitmemory.graph import Graph
from gitmemory.memory import evidence, fingerprint, markdown, previews, read, write
from gitmemory.memory.catalog import Catalog, Entry
from gitmemory.memory.layers import layered
from gitmemory.memory.markdown import HISTORY, SECTION_IDS, SECTION_TITLES, Item, Memory
from gitmemory.outputs import render
from gitmemory.outputs.grounds import Grounds
from gitmemory.pipeline.plan import pending_count
from gitmemory.providers import resolve
from gitmemory.recall.entries import (
    View,
    commit_id,
    grounds_for,
    header_value,
    shown_label,
    shown_labels,
    shown_paths,
)
from gitmemory.repo import Repo
from gitmemory.sources.commits import examined


def view_of(repo: Repo, label: str, memory: Memory, rel_path: str,
            found: read.Found | None) -> View:
    """``memory`` through the gate every reader uses (:class:`~gitmemory.recall.entries.
    View`), the evidence rule read against the tip it belongs to."""
    grounds = grounds_for(repo.toplevel, found, repo.info.state_dir) if found else \
        Grounds(repo.toplevel, lambda: git.rev_parse("HEAD", repo.toplevel),
                repo.info.state_dir)
    return View(label, memory, rel_path, grounds)


def held_back(view: View) -> list[dict[str, str]]:
    """Items kept out of agent files: they read as instructions to the agent, or the
    tracked files do not confirm their executable text."""
    return view.held_dicts()


def stale_items(repo: Repo, found: read.Found) -> list[tuple[str, Item]]:
    """(section, item) for each item whose paths are all gone: from the work tree that
    holds the file, or from the tree of the commit it was read from.  An item whose
    files a commit renamed is not stale: the checkout shows it under the new names and
    memorize writes them (:mod:`gitmemory.memory.moves`, :mod:`gitmemory.pipeline.prune`)."""
    items = [(sid, item) for sid in SECTION_IDS for item in found.memory.sections[sid]]
    rev = found.rev or "HEAD"
    if found.worktree is not None:
        gone = [(sid, i) for sid, i in items if evidence.stale(i, found.worktree)]
    else:
        present = git.present(rev, sorted({p for _, i in items for p in i.paths}),
                              repo.toplevel)
        gone = [(sid, i) for sid, i in items if i.paths and not any(p in present for p in
                                                                    i.paths)]
    if not gone:
        return []
    moves = renames_since(repo, rev, found.memory.through) | \
        journal.recorded_renames(repo.info.state_dir)
    moved = [evidence.followed(i, moves) for _, i in gone]
    here = git.present(rev, sorted({p for i in moved for p in i.paths}), repo.toplevel) \
        if found.worktree is None else None
    return [(sid, i) for (sid, i), m in zip(gone, moved, strict=True)
            if m is i or not (any(p in here for p in m.paths) if here is not None
                              else not evidence.stale(m, found.worktree or repo.toplevel))]


def changed_items(repo: Repo, found: read.Found) -> list[tuple[str, Item, str]]:
    """(section, item, commit) for each item whose cited lines changed since the commit
    it came from: in the work tree that holds the file, or in the tree of the commit it
    was read from (docs/design.md, "Memory")."""
    items = [(sid, item) for sid in SECTION_IDS for item in found.memory.sections[sid]]
    if found.worktree is not None:
        read_file = fingerprint.work_tree_reader(found.worktree)
    else:
        read_file = fingerprint.tree_reader(repo.toplevel, found.rev or "HEAD",
                                            fingerprint.fingerprinted_paths(
                                                [i for _, i in items]))
    return fingerprint.changed(items, read_file)


def renames_since(repo: Repo, rev: str, through: str | None) -> dict[str, str]:
    """The renames memorize follows: those of the commits after ``through`` up to ``rev``
    (the last ones, when ``through`` is unknown here)."""
    from gitmemory.pipeline.prune import RENAME_HISTORY

    spec = [rev, f"^{through}"] if through and git.rev_parse(through, repo.toplevel) else \
        [rev, f"--max-count={RENAME_HISTORY}"]
    return git.renames(spec, repo.toplevel)


def as_dict(view: View, stale: list[tuple[str, Item]] | None = None,
            changed: list[tuple[str, Item, str]] | None = None) -> dict[str, object]:
    gone = {id(item) for _, item in stale or []}
    since = {id(item): sha for _, item, sha in changed or []}
    return {
        "branch": view.branch,
        "path": view.file,
        "updated": view.updated,
        "through": view.through,
        "sections": {sid: [{"text": e.text, "refs": _refs(e.item), "paths": e.paths,
                            "stale": id(e.item) in gone,
                            "changed_since": since.get(id(e.item))}
                           for e in view.items if e.section == sid] for sid in SECTION_IDS},
        "held_back": view.held_dicts(),
    }


def _refs(item: Item) -> list[str]:
    """Refs name commits or sessions (``session:<id8>``); anything else is not shown."""
    return [ref for ref in item.refs if commit_id(ref) or (
        ":" in ref and all(part.isalnum() for part in ref.split(":", 1)))]


def find(repo: Repo, branch: str) -> tuple[read.Found | None, bool]:
    """``branch``'s memory, and whether it was found where the branch keeps it.

    A local branch's memory is in the work tree that has it checked out, else
    in its tip (shown as ``branch:path``); a branch that is not local, or has
    no memory of its own there, falls back to the file in this work tree (a
    merge brings a branch's file along).
    """
    if git.ref_exists(git.HEADS + branch, repo.toplevel):
        _, found = read.find(repo.toplevel, branch)
        if found is not None:
            return found, True
    return read.in_work_tree(repo.toplevel, branch), False


def shown_instead(repo: Repo, branch: str) -> render.Source | None:
    """What the agent files show for ``branch`` while it has no memory of its own: a local
    preview, or the default branch's memory, inherited (docs/design.md, "Outputs")."""
    if branch == repo.info.branch and repo.info.toplevel:
        return render.source_for(repo.info, repo.cfg, branch)
    if not git.ref_exists(git.HEADS + branch, repo.toplevel):
        return None
    preview = previews.load(repo.info.state_dir, branch)
    if preview is not None:
        return render.Source(preview, "a local preview", None, preview=True)
    default = read.default_branch(repo.info, repo.cfg)
    if not repo.cfg.inherit_default_branch or not default or default == branch:
        return None
    found, _ = find(repo, default)
    where = found.where(repo.toplevel) if found else ""
    return render.Source(None, where, default, base=found.memory, base_path=where) \
        if found else None


def inheritance(repo: Repo, branch: str, found: read.Found | None) -> dict[str, object] | None:
    """For a branch with memory of its own: which default branch's memory is layered under
    it and how many of those items it shows and hides (docs/design.md, "Layers of
    memory"); None when nothing is layered."""
    default = read.default_branch(repo.info, repo.cfg) if repo.cfg.inherit_default_branch \
        else None
    if found is None or not default or default == branch:
        return None
    base = read.in_work_tree(found.worktree, default) if found.worktree else \
        read.in_tree(repo.toplevel, found.rev or git.HEADS + branch, default)
    if base is None:
        return None
    # the items (the default branch's history record is its own: no item of the branch's)
    shown = sum(1 for entry in layered(found.memory, base.memory)
                if entry.inherited and entry.section != HISTORY)
    items = base.memory.item_count() - len(base.memory.sections[HISTORY])
    return {"from": default, "shown": shown, "hidden": items - shown}


STALE_MARK = "  [stale: every path it cites is gone]"
CHANGED_MARK = "  [changed since {}: the code it cites]"


def show(branch: str | None, as_json: bool, only_stale: bool = False,
         only_held: bool = False) -> int:
    repo = Repo.open()
    name = branch or repo.current_branch()
    found, _ = find(repo, name)
    source = None
    if found is not None:
        memory, where, origin = found.memory, found.where(repo.toplevel), ""
        stale = stale_items(repo, found)
        changed = changed_items(repo, found)
    else:
        source = shown_instead(repo, name)
        if source is None:
            raise GitmemoryError(
                f"no memory for branch {name!r}",
                hint="gitmemory memorize creates it; gitmemory list shows what exists")
        shown = source.memory or source.base
        assert shown is not None
        memory, where = shown, (source.rel_path if source.memory else source.base_path or "")
        origin = ("no memory committed yet; CLAUDE.md shows this local preview"
                  + (f" over {source.inherited_from}'s memory" if source.base else "")
                  if source.preview else
                  f"no memory of its own yet; CLAUDE.md shows {source.inherited_from}'s, "
                  "inherited")
        stale = [(sid, i) for sid in SECTION_IDS for i in memory.sections[sid]
                 if evidence.stale(i, repo.toplevel)]
        changed = fingerprint.changed([(sid, i) for sid in SECTION_IDS
                                       for i in memory.sections[sid]],
                                      fingerprint.work_tree_reader(repo.toplevel))
    view = view_of(repo, memory.branch, memory, where, found)
    inherits = inheritance(repo, name, found)
    if as_json:
        extra: dict[str, object] = {} if source is None else {
            "branch": shown_label(name), "preview": source.preview,
            "inherited_from": source.inherited_from and shown_label(source.inherited_from)}
        only = "stale" if only_stale else "held" if only_held else ""
        return _json(view, (stale, changed), extra, inherits, only)
    if only_stale or only_held:
        return _only(view, stale, only_stale)
    if origin:
        output.say(f"{shown_label(name)}: {origin} ({view.file})\n")
    output.say(_marked(view, stale, changed).rstrip("\n"))
    _say_marked(stale, changed)
    if inherits:
        hidden = f", {inherits['hidden']} replaced or removed here" if inherits["hidden"] else ""
        output.say("")
        output.say(f"Layered over {inherits['from']}'s memory: {inherits['shown']} inherited "
                   f"item(s) follow these in CLAUDE.md{hidden} (gitmemory show "
                   f"{inherits['from']})")
    if view.held or view.held_prose:
        output.say("")
        output.say("Held back from CLAUDE.md for review "
                   f"({len(view.held) + len(view.held_prose)}):")
        for line in _held_lines(view):
            output.say(f"  {line}")
    return 0


def _json(view: View, marks: tuple[list[tuple[str, Item]], list[tuple[str, Item, str]]],
          extra: dict[str, object], inherits: dict[str, object] | None, only: str) -> int:
    stale, changed = marks
    data = as_dict(view, stale, changed)
    data.update(extra)
    if inherits:
        data["inherits"] = inherits
    if only == "stale":
        gone = {id(item) for _, item in stale}
        data = {"branch": view.branch, "path": view.file,
                "stale": [{"section": e.section, "text": e.text, "paths": e.paths}
                          for e in view.items if id(e.item) in gone]}
    if only == "held":
        data = {"branch": view.branch, "path": view.file, "held_back": view.held_dicts()}
    output.emit_json(data)
    return 0


def _only(view: View, stale: list[tuple[str, Item]], only_stale: bool) -> int:
    """``--stale`` or ``--held``: those items alone, one line each."""
    if only_stale:
        gone = {id(item) for _, item in stale}
        lines = [f"[{SECTION_TITLES[e.section]}] {e.line_text()}" for e in view.items
                 if id(e.item) in gone]
    else:
        lines = _held_lines(view)
    for line in lines:
        output.say(line)
    if not lines:
        output.say(f"no {'stale' if only_stale else 'held-back'} items in {view.file}")
    return 0


def _held_lines(view: View) -> list[str]:
    return [*(f"[{SECTION_TITLES[e.section]}] {e.text}  -- {e.held_back}" for e in view.held),
            *(f"[{held['section']}] {held['text']}  -- {held['reason']}"
              for held in view.held_prose)]


def _say_marked(stale: list[tuple[str, Item]], changed: list[tuple[str, Item, str]]) -> None:
    if stale:
        output.say("")
        output.say(f"Stale ({len(stale)}): left out of every agent file; the next memorize or "
                   "maintain removes them.")
    if changed:
        output.say("")
        output.say(f"Changed since written ({len(changed)}): the code they cite changed after "
                   "their commit; agent files show them last, and gitmemory maintain has "
                   "them checked again.")


def _marked(view: View, stale: list[tuple[str, Item]],
            changed: list[tuple[str, Item, str]]) -> str:
    """The memory as shown (:meth:`View.shown_memory`) with each stale bullet, and each
    whose cited lines changed, marked."""
    text = markdown.generate(view.shown_memory())
    marks = {id(item): STALE_MARK for _, item in stale}
    marks.update({id(item): CHANGED_MARK.format(sha) for _, item, sha in changed
                  if id(item) not in marks})
    for entry in view.items:
        mark = marks.get(id(entry.item))
        if mark:
            shown_item = Item(entry.text, tuple(_refs(entry.item)), tuple(entry.paths))
            bullet = f"- {shown_item.render()}\n"
            text = text.replace(bullet, bullet[:-1] + mark + "\n", 1)
    return text


def list_(as_json: bool) -> int:
    repo = Repo.open()
    catalog = Catalog(repo.toplevel, repo.info.state_dir)  # a few git processes in all
    found = {entry.branch: entry for entry in catalog.entries() if entry.kind != "remote"}
    graph = Graph(repo.toplevel, dict(catalog.local))
    graph.load([*(e.found.memory.through for e in found.values() if e.found.memory.through),
                *examined.marked(repo.info.state_dir)])
    model = resolve(repo.cfg.provider, repo.cfg)[0].language_model
    labels = shown_labels(list(found), repo.info.state_dir)
    wheres = {branch: entry.where(repo.toplevel) for branch, entry in found.items()}
    paths = shown_paths(list(wheres.values()), repo.info.state_dir)
    rows = [_row(repo, entry, model, graph, label=labels[branch], path=paths[wheres[branch]])
            for branch, entry in found.items()]

    rows.sort(key=lambda row: str(row["branch"]))
    if as_json:
        output.emit_json(rows)
        return 0
    if not rows:
        output.say("no branch memory yet (gitmemory memorize creates it)")
        return 0
    output.say(f"{'branch':30} {'facts':>5} {'decis':>5} {'conv':>5} {'bugs':>5} "
               f"{'hist':>5} {'pending':>7}  updated")
    for row in rows:
        counts = row["items"]
        assert isinstance(counts, dict)
        pend = row["pending"]
        output.say(f"{row['branch']!s:30} " + " ".join(f"{counts[s]:>5}" for s in SECTION_IDS)
                   + f" {'-' if pend is None else pend!s:>7}  {row['updated'] or '-'}")
    return 0


def _row(repo: Repo, entry: Entry, model: bool, graph: Graph, *, label: str, path: str
         ) -> dict[str, object]:
    """A branch as ``list`` shows it: names and path (``label``, ``path``: as shown) and
    header through the gate every reader uses (a hand-edited header is text from anyone,
    like an item)."""
    memory = entry.found.memory
    return {"branch": label, "path": path,
            "updated": header_value(memory.updated), "items": memory.counts(),
            "pending": pending_count(repo, entry.branch, entry.found, model, graph)
            if entry.kind == "local" else None}


def clear(branch: str) -> int:
    repo = Repo.open()
    where = write.remove(repo, branch)
    output.say(f"removed {where} (tracked files come back with git checkout -- <path>)")
    return 0

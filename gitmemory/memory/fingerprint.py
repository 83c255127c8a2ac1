"""What an item cites, fingerprinted, so that a change to that code shows (docs/design.md,
"Memory").

An item that names a symbol (``parse_config``, ``Config.load()``) of a file it
cites rests on that symbol's lines.  At memorize time the lines of each such
definition, as the commit the item came from has them, are hashed into the
suffix key ``lines`` (``lines: 3f9c0a1b at 1a2b3c4``, :data:`KEY`); the
readers (agent files, ``show``, ``search``, MCP) hash the same lines of the
checked-out tree, or of the tree they read the memory from, and an item whose
lines no longer hash the same is *changed since* that commit: shown so, ranked
after the others, and offered to ``maintain``'s re-check.  An item that names
no symbol found in its files gets no fingerprint: a file's every change would
mark it.  Format 2 readers keep the key (an unknown key beside ``paths``).

Stdlib only, no regular expressions, no process: the checkout hook compares
the items it shows (:func:`changed_since`); :func:`stamped` computes new
fingerprints from blobs a writer read in one ``git cat-file``.
"""

from __future__ import annotations

import os

from gitmemory import files
from gitmemory.errors import GitmemoryError
from gitmemory.memory.markdown import SECTION_IDS, Item, Memory
from gitmemory.memory.suffix import is_sha

TYPE_CHECKING = False
if TYPE_CHECKING:  # the checkout hook imports this module: no collections.abc at run time
    from collections.abc import Callable

    ReadFile = Callable[[str], str | None]

KEY = "lines"
MAX_BLOCK = 400  # lines of one definition taken at most
MAX_FILE = 2 * 1024 * 1024  # bytes of a cited file read at most
_DEFINERS = frozenset(("def", "class", "function", "func", "fn", "const", "let", "var",
                       "type", "interface", "struct", "enum", "trait", "impl", "module", "sub",
                       "macro", "record", "object", "val", "async", "static", "export",
                       "public", "private", "protected", "pub", "final", "abstract"))
_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_EDGES = "`'\"()[]{}<>,;:!?*"


def symbols(text: str) -> list[str]:
    """The identifiers an item's text cites as code: in a code span (`` `load_config` ``,
    `` `Config.load()` ``), or written as a call (``load_config()``); at least three
    characters, each once."""
    found: list[str] = []
    named = []
    for n, part in enumerate(text.split("`")):  # odd parts are code spans
        named += [part] if n % 2 else [word for word in part.split() if "()" in word]
    for raw in named:
        word = raw.strip().split("(")[0].strip(_EDGES).rsplit(".", 1)[-1]
        if len(word) >= 3 and set(word) <= _WORD and not word[0].isdigit() and \
                word not in found:
            found.append(word)
    return found


def block(content: str, name: str) -> list[str] | None:
    """The lines of ``name``'s first definition in ``content``: its line and the lines
    indented under it (up to :data:`MAX_BLOCK`), right-stripped; None when the file
    defines no such name."""
    lines = content.split("\n")
    for at, line in enumerate(lines):
        if name in line and _defines(line, name):
            indent = len(line) - len(line.lstrip())
            out = [line.rstrip()]
            for following in lines[at + 1:at + MAX_BLOCK]:
                stripped = following.strip()
                if stripped and len(following) - len(following.lstrip()) <= indent:
                    break
                out.append(following.rstrip())
            while out and not out[-1]:
                out.pop()
            return out
    return None


def _defines(line: str, name: str) -> bool:
    """Whether ``line`` defines ``name``: a keyword before it (``def name``, ``class
    name``, ``pub fn name``), or the line opens with it as an assignment or a key
    (``NAME = ...``, ``name: ...``), or declares it as a method (``int name(...) {``)."""
    words = line.replace("(", " ( ").replace(":", " : ").replace("=", " = ").split()
    for k, word in enumerate(words):
        if word != name:
            continue
        before = words[k - 1] if k else ""
        after = words[k + 1] if k + 1 < len(words) else ""
        if before in _DEFINERS or (k == 0 and after in ("=", ":")):
            return True
        if after == "(" and k > 0 and line.rstrip().endswith(("{", ":")) and \
                before not in ("=", "return", "(", ",", "new"):
            return True
    return False


def digest(contents: list[str | None], names: list[str]) -> str | None:
    """The fingerprint of ``names``' definitions in the files ``contents`` (None for a file
    that is gone): 8 hex digits; None when none of them is defined anywhere."""
    parts = []
    for content in contents:
        if content is None:
            continue
        for name in names:
            found = block(content, name)
            if found is not None:
                parts.append(name + "\n" + "\n".join(found))
    if not parts:
        return None
    return files.sha256_hex("\0".join(parts).encode("utf-8", "surrogateescape"))[:8]


def cited_code(item: Item, read: ReadFile) -> str:
    """The lines the item's fingerprint covers, as ``read`` gives them now: each
    definition under its file's name, or what is gone."""
    paths, names = cited(item)
    parts = []
    for path in paths:
        content = read(path)
        for name in names:
            found = block(content, name) if content is not None else None
            parts.append(f"{path}, {name}:\n" + "\n".join(found) if found is not None
                         else f"{path}, {name}: gone")
    return "\n\n".join(parts)


def cited(item: Item) -> tuple[list[str], list[str]]:
    """(the files ``item`` cites, the symbols it names): what its fingerprint covers."""
    paths = [p for p in item.paths if not p.endswith("/")]
    return paths, (symbols(item.text) if paths else [])


def stored(item: Item) -> tuple[str, str] | None:
    """(digest, commit) of the item's fingerprint, or None."""
    value = next((v for k, v in item.extra if k == KEY), None)
    parts = value.split(" ") if value else []
    if len(parts) != 3 or parts[1] != "at" or not is_sha(parts[2]):
        return None
    return parts[0], parts[2]


def with_fingerprint(item: Item, found: str | None, commit: str) -> Item:
    """``item`` with its ``lines`` key set to ``found`` at ``commit`` (taken out for None)."""
    extra = tuple((k, v) for k, v in item.extra if k != KEY)
    if found is not None:
        extra += ((KEY, f"{found} at {commit[:7]}"),)
    return Item(item.text, item.refs, item.paths, extra)


def without(item: Item) -> Item:
    """``item`` as an agent reads it: no fingerprint in its suffix."""
    if not any(k == KEY for k, _ in item.extra):
        return item
    return Item(item.text, item.refs, item.paths, tuple(kv for kv in item.extra if kv[0] != KEY))


def changed_since(item: Item, read: ReadFile) -> str | None:
    """The commit of the item's fingerprint when its cited lines, as ``read`` gives the
    files now, hash differently (or are gone); None when unchanged or not fingerprinted."""
    found = stored(item)
    if found is None:
        return None
    paths, names = cited(item)
    now = digest([read(p) for p in paths], names) if names else None
    return None if now == found[0] else found[1]


def work_tree_reader(toplevel: str) -> ReadFile:
    """Read a cited file from the work tree (None when gone, not regular, or too big)."""
    cache: dict[str, str | None] = {}

    def read(rel: str) -> str | None:
        if rel not in cache:
            path = os.path.join(toplevel, rel)
            try:
                too_big = os.lstat(path).st_size > MAX_FILE
                cache[rel] = None if too_big else files.read_text(path)
            except (OSError, GitmemoryError):
                cache[rel] = None
        return cache[rel]

    return read


def tree_reader(toplevel: str, rev: str, paths: list[str]) -> ReadFile:
    """Read cited files (``paths``, all asked for at once) from ``rev``'s tree: one
    ``git cat-file``; None for a file the tree lacks."""
    from gitmemory import git

    wanted = sorted(set(paths))
    answers = git.cat_file([f"{rev}:{p}" for p in wanted], toplevel) if wanted else []
    found = {p: _text(a) for p, a in zip(wanted, answers, strict=True)}
    return found.get


def changed(items: list[tuple[str, Item]], read: ReadFile) -> list[tuple[str, Item, str]]:
    """(section, item, commit) for each item whose cited lines changed since that commit."""
    return [(sid, item, sha) for sid, item in items
            if (sha := changed_since(item, read)) is not None]


def fingerprinted_paths(items: list[Item]) -> list[str]:
    """The files the fingerprints of ``items`` cover (what a reader must read)."""
    return [p for item in items if stored(item) for p in cited(item)[0]]


def stamped(memory: Memory, toplevel: str) -> Memory:
    """``memory`` with a fingerprint for each item that names a symbol of a file it cites:
    taken at its newest commit when it has none for it yet, else taken again at the
    commit it names, for the symbols its text names now (an item reworded to name
    another function rests on that one's lines).  A fingerprint a re-check moved to a
    later commit (one that is not among the item's refs) stays at that commit.  A
    writer's step: one ``git cat-file`` for every file at every such commit."""
    wanted: list[tuple[str, int, str, list[str], list[str]]] = []
    out = memory.copy()
    for sid in SECTION_IDS:
        for n, item in enumerate(memory.sections[sid]):
            paths, names = cited(item)
            commit = _newest(item) or memory.through
            found = stored(item)
            if names and commit and _due(item, commit):
                wanted.append((sid, n, commit, paths, names))
            elif names and found:
                wanted.append((sid, n, found[1], paths, names))
            elif found or any(k == KEY for k, _ in item.extra):  # names nothing now
                out.sections[sid][n] = with_fingerprint(item, None, "")
    if not wanted:
        return out
    from gitmemory import git

    specs = [f"{commit}:{path}" for _, _, commit, paths, _ in wanted for path in paths]
    try:
        blobs = iter(git.cat_file(specs, toplevel))
    except GitmemoryError:
        return memory  # the fingerprints wait for the next write
    for sid, n, commit, paths, names in wanted:
        contents = [_text(next(blobs)) for _ in paths]
        out.sections[sid][n] = with_fingerprint(out.sections[sid][n],
                                                digest(contents, names), commit)
    return out


def _newest(item: Item) -> str | None:
    """The item's last commit ref (refs are kept in the order they were added)."""
    return next((ref for ref in reversed(item.refs) if is_sha(ref)), None)


def _due(item: Item, commit: str) -> bool:
    """Whether the item needs a fingerprint at ``commit``: it has none, or one taken at
    an older commit of its own refs."""
    found = stored(item)
    if found is None:
        return True
    at = found[1]
    if _same(at, commit):
        return False
    return any(_same(at, ref) for ref in item.refs if is_sha(ref))


def _same(one: str, other: str) -> bool:
    return one.startswith(other) or other.startswith(one)


def _text(answer: tuple[str, str, bytes] | None) -> str | None:
    if answer is None or answer[1] != "blob" or len(answer[2]) > MAX_FILE:
        return None
    return answer[2].decode("utf-8", "surrogateescape")

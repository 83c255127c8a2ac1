"""Items whose files were rewritten into new paths, placed where their code lives now
(docs/design.md, "Data flow", the check).

git's rename detection follows a file moved whole (:func:`gitmemory.pipeline.prune.
follow_renames`); a file rewritten into a new path (``index.js`` into TypeScript under
``source/``) is a deletion and an addition to git, and every item about it would look
stale.  So an item whose paths are all gone at the branch's tip is looked up by what it
names:

- the code names in its text (``parseRetryAfter()``, ``normalize_options``,
  `` `retry` ``, ``TimeoutError``, ``HTTPError``), in the tracked files at the tip: the
  files that define one (``class TimeoutError``, ``function parseRetryAfter``, a method
  ``protected _retry() {``; an object's key of that name only when nothing else does)
  place it, else the files that use them, the rarest name counting most;
- an item that names no code is placed by its file's name: the one file the commits
  since the memory's ``Through:`` added with that name (``index.js`` -> ``source/index.ts``;
  a test helper of that name counts only for a test).

An item that names code of which none is left is left stale (:mod:`~gitmemory.pipeline.
prune` removes it): what it describes is gone.  Docs, changelogs, vendored, lock and
excluded files, memory and agent files never place an item.  One ``git grep`` for every
name of every such item (one per 500 names), one ``git diff`` for the files added.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gitmemory import git
from gitmemory.changelogs import is_changelog
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.evidence import followed, summarise
from gitmemory.memory.markdown import Item
from gitmemory.pipeline.anchors import citable
from gitmemory.reading.paths import is_doc, is_test, is_vendored

MAX_NAMES = 6  # looked up per item
CHUNK = 500  # names per git grep
MAX_PLACES = 3  # paths an item is placed at
MIN_NAME = 4  # shorter names (`get`, `url`) neither place an item nor say it is gone
_PATHS = [".", ":(exclude).gitmemory"]

_SPAN = lazy_regex(r"`([^`\n]{1,120})`")
_CALL = lazy_regex(r"([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\(")
_WORD = lazy_regex(r"[A-Za-z_$][\w$]*")
_LOWER_CAMEL = lazy_regex(r"^[a-z$][a-z0-9$]*[A-Z][\w$]*$")
_SNAKE = lazy_regex(r"^_*[A-Za-z][A-Za-z0-9]*(?:_+[A-Za-z0-9]+)+_*$")
_UPPER_CAMEL = lazy_regex(r"^(?:[A-Z][a-z0-9]+[A-Z]|[A-Z]{2,}[a-z])[\w$]*$")  # HTTPError
_IDENTIFIER = lazy_regex(r"^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$")
# A line that defines a name: a keyword before it, a method (``protected name(a: T) {``),
# an assignment at the top level; or, weaker, an indented key or assignment (an object's
# ``name: undefined`` is a default, not where the code lives).
_NAME = r"([A-Za-z_$][\w$]*)"
_DEFINES = [lazy_regex(rule.format(name=_NAME)) for rule in (
    r"\b(?:class|def|function\*?|func|fn|const|let|var|type|interface|struct|enum|trait|"
    r"module|object|val|macro|sub|impl)\s+{name}",
    r"\bfunc\s*\([^)]*\)\s*{name}",
    r"^\s*(?:[\w$<>\[\]?,.]+\s+)*{name}\s*(?:<[^<>()]*>)?\s*\([^()]*\)[^;=()]*\{{\s*$",
    r"^(?:export\s+)?{name}\s*[:=](?!=)")]
_KEY = lazy_regex(r"^\s+" + _NAME + r"\s*[:=](?!=)")
STRONG, WEAK = 2, 1  # how firmly a line defines a name (0: it only uses it)
_EXTENSIONS = frozenset((
    "c", "cc", "cfg", "cjs", "conf", "cpp", "cs", "css", "csv", "env", "go", "gradle", "h",
    "hpp", "html", "ini", "java", "js", "json", "jsx", "kt", "lock", "lua", "m", "md", "mjs",
    "mm", "php", "pl", "py", "rb", "rs", "rst", "scss", "sh", "sql", "svelte", "swift",
    "toml", "ts", "tsx", "txt", "vue", "xml", "yaml", "yml", "zig"))
_KEYWORDS = frozenset((
    "and", "as", "async", "await", "break", "case", "catch", "class", "const", "continue",
    "def", "default", "del", "do", "elif", "else", "enum", "export", "extends", "false",
    "final", "for", "from", "function", "if", "import", "in", "interface", "is", "lambda",
    "let", "new", "none", "not", "null", "of", "or", "pass", "private", "protected",
    "public", "raise", "return", "self", "static", "super", "switch", "this", "throw", "true",
    "try", "type", "typeof", "undefined", "var", "void", "while", "with", "yield"))


class Names:
    """What an item names: code names (their absence means what it describes is gone) and
    other names that may place it (``TimeoutError``: a class, or a product name)."""

    __slots__ = ("code", "other")

    def __init__(self, code: list[str], other: list[str]) -> None:
        self.code, self.other = code, other

    def all(self) -> list[str]:
        return [*self.code, *self.other][:MAX_NAMES]


def names(text: str) -> Names:
    """The names ``text`` mentions that the tree may hold (file names aside)."""
    code: list[str] = []
    other: list[str] = []

    def add(name: str, is_code: bool) -> None:
        for part in name.split("."):
            if len(part) < MIN_NAME or part.lower() in _KEYWORDS or part in code or \
                    part in other:
                continue
            (code if is_code or not _UPPER_CAMEL.match(part) else other).append(part)

    for span in (s.strip().removesuffix("()") for s in _SPAN.findall(text)):
        if _IDENTIFIER.match(span) and not _file_name(span):
            add(span, True)
    for call in _CALL.findall(text):
        if not _file_name(call):
            add(call, True)
    for word in _WORD.findall(text):
        if _LOWER_CAMEL.match(word) or _SNAKE.match(word):
            add(word, True)
        elif _UPPER_CAMEL.match(word):
            add(word, False)
    return Names(code, other)


def _file_name(name: str) -> bool:
    """``index.js``, ``setup.cfg``: a path, followed as one, never looked up as a name."""
    head, dot, ext = name.rpartition(".")
    return bool(dot and head) and ext.lower() in _EXTENSIONS


def relocated(repo_dir: str, items: list[Item], tip: str, start: str | None,
              exclude: list[str]) -> dict[int, Item]:
    """Each of ``items`` (all of whose paths are gone at ``tip``) that can be placed, by
    its index, at its new place."""
    wanted = {n: names(item.text) for n, item in enumerate(items)}
    lookups = list(dict.fromkeys(name for found in wanted.values() for name in found.all()))
    hits: dict[str, dict[str, int]] = {}
    for at in range(0, len(lookups), CHUNK):
        hits.update(_hits(repo_dir, tip, lookups[at:at + CHUNK], exclude))
    added: list[str] | None = None
    out: dict[int, Item] = {}
    for n, item in enumerate(items):
        found = {name: hits[name] for name in wanted[n].all() if name in hits}
        if found:
            place = _best(found)
        elif wanted[n].code:
            continue  # the code it names is gone: stale
        else:
            if added is None:
                added = [p for p in git.added_files(start, tip, repo_dir) if
                         _counts(p, exclude)] if start else []
            place = _by_name(item.paths, added)
        if place:
            out[n] = _placed(item, place)
    return out


def _hits(repo_dir: str, tip: str, lookups: list[str], exclude: list[str]
          ) -> dict[str, dict[str, int]]:
    """name -> {path: how firmly that file defines it} for the names found at ``tip``."""
    if not lookups:
        return {}
    pattern = re.compile(r"(?<![\w$])(" + "|".join(map(re.escape, lookups)) + r")(?![\w$])")
    hits: dict[str, dict[str, int]] = {}
    for path, line in git.grep_lines(tip, lookups, _PATHS, repo_dir):
        if not _counts(path, exclude):
            continue
        named = set(pattern.findall(line))
        strong = {m for rule in _DEFINES for m in rule.findall(line)} & named
        weak = set(_KEY.findall(line)) & named
        for name in named:
            files = hits.setdefault(name, {})
            found = STRONG if name in strong else WEAK if name in weak else 0
            files[path] = max(files.get(path, 0), found)
    # tests place an item only when no other file holds the name
    for name, files in hits.items():
        if any(not is_test(p) for p in files):
            hits[name] = {p: d for p, d in files.items() if not is_test(p)}
    return hits


def _counts(path: str, exclude: list[str]) -> bool:
    """Whether a file's content may say where code lives (not docs, changelogs, vendored
    code, lock, excluded, memory or agent files)."""
    return citable(path, exclude) and not (is_doc(path) or is_changelog(path) or
                                           is_vendored(path))


def _best(found: dict[str, dict[str, int]]) -> tuple[str, ...]:
    """The files that define what the item names most firmly, else those that use it most
    (a name found in few files counts more)."""
    firmest = max(d for files in found.values() for d in files.values())
    if firmest:
        return summarise(sorted({p for files in found.values() for p, d in files.items()
                                 if d == firmest}), MAX_PLACES)
    score: dict[str, float] = {}
    for files in found.values():
        for path in files:
            score[path] = score.get(path, 0.0) + 1 / len(files)
    top = max(score.values())
    return summarise(sorted(p for p, s in score.items() if s == top), MAX_PLACES)


def _by_name(paths: Iterable[str], added: list[str]) -> tuple[str, ...]:
    """For each gone file, the one added file with its name (``index.js`` ->
    ``source/index.ts``); () unless every gone file has one."""
    place = []
    for path in paths:
        stem = _stem(path)
        same = [p for p in added if _stem(p) == stem] if stem else []
        if not is_test(path) and any(not is_test(p) for p in same):
            same = [p for p in same if not is_test(p)]  # a test helper named index.ts
        if len(same) != 1:
            return ()
        place.append(same[0])
    return tuple(dict.fromkeys(place))


def _stem(path: str) -> str:
    return path.rstrip("/").rsplit("/", 1)[-1].partition(".")[0].lower()


def _placed(item: Item, place: tuple[str, ...]) -> Item:
    """``item`` at ``place``; a file moved to one file is named anew in its text too."""
    if len(item.paths) == 1 and len(place) == 1 and not item.paths[0].endswith("/"):
        moved = followed(item, {item.paths[0]: place[0]})
        if moved is not item:
            return moved
    return item.replace(paths=place)

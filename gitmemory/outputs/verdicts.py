"""What each memory line becomes in an agent file, remembered between checkouts.

Rendering runs every item through :func:`~gitmemory.injection.neutralize.neutralize`
and :func:`~gitmemory.injection.detect.reason` (docs/design.md, "Invariants").
Both are pure functions of the text, so their answer for a line is kept in
``render.cache`` in the local state directory, and a checkout that shows lines
seen before does not even load the injection modules (docs/design.md, "The hot
path").  The cache is keyed on the identity of those modules' files: a new
version of the rules starts it afresh.  Stdlib only.
"""

from __future__ import annotations

import os

from gitmemory import state

_CACHE = state.Cache(state.VERDICTS)
MAX_ENTRIES = 20_000  # past this the cache starts afresh: lines of deleted memory go too
_RULES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "injection")


ITEM, NAME = "item", "name"
# The modules whose answers the cache keeps: a change to any of them starts it afresh.
_RULE_FILES = ("neutralize.py", "detect.py", "vocabulary.py", "fold.py", "confusables.py",
               "shell.py", "credentials.py", "languages.py")


def safe_lines(lines: list[str], state_dir: str | None) -> list[str | None]:
    """Each item line neutralised, or None when it is held back (or neutralises to nothing)."""
    return _answers([(ITEM, line) for line in lines], state_dir)


HELD_NAME = "name held back for review"


def safe_name(name: str, state_dir: str | None) -> str:
    """A branch or file name made safe to quote inside a line: neutralised, token-like
    parts masked as the memory file's title masks them, and replaced by
    :data:`HELD_NAME` when it reads as an instruction (git allows a name made of
    words spaced with U+3000)."""
    return _answers([(NAME, name)], state_dir)[0] or ""


# One process renders many files of one branch: the cache is read once per process.
_LOADED: dict[tuple[str | None, object], dict[tuple[str, str], str | None]] = {}


def _answers(asked: list[tuple[str, str]], state_dir: str | None) -> list[str | None]:
    key = _rules_identity()
    cache = _LOADED.get((state_dir, key))
    if cache is None:
        cache = _LOADED[(state_dir, key)] = _load(state_dir, key)
    missing = [entry for entry in asked if entry not in cache]
    if missing:
        from gitmemory.injection.detect import reason
        from gitmemory.injection.neutralize import neutralize

        for kind, line in missing:
            if kind == NAME:
                from gitmemory.memory.markdown import title_for

                text = neutralize(title_for(line))
                cache[(kind, line)] = text if reason(text) is None else HELD_NAME
                continue
            text = neutralize(line)
            cache[(kind, line)] = text if text and reason(text) is None else None
        if state_dir:
            _store(state_dir, key, cache)
    return [cache[entry] for entry in asked]


_IDENTITY: list[tuple[tuple[str, int, int], ...]] = []  # the rules cannot change mid-run


def _rules_identity() -> tuple[tuple[str, int, int], ...]:
    if not _IDENTITY:
        _IDENTITY.append(_identity_now())
    return _IDENTITY[0]


def _identity_now() -> tuple[tuple[str, int, int], ...]:
    found = []
    for name in _RULE_FILES:
        try:
            st = os.stat(os.path.join(_RULES, name))
        except OSError:
            return ()
        found.append((name, st.st_mtime_ns, st.st_size))
    return tuple(found)


def _load(state_dir: str | None, key: object) -> dict[tuple[str, str], str | None]:
    table = _CACHE.load(state_dir, key) if key else None
    return table if isinstance(table, dict) else {}


def _store(state_dir: str, key: object, cache: dict[tuple[str, str], str | None]) -> None:
    if not key:
        return
    if len(cache) > MAX_ENTRIES:
        cache = dict(list(cache.items())[-MAX_ENTRIES // 2:])
    _CACHE.store(state_dir, key, cache)

"""Regular expressions compiled on their first use, not when their module is imported.

The package defines some 750 expressions at module level; an offline memorize
uses about 600 of them: compiling them all when the modules loaded cost the
run 85 ms of CPU, more than most of its rules (docs/design.md, "Providers").
``lazy_regex`` takes what ``re.compile`` takes and returns a stand-in that keeps
the text; the first method called compiles it once, and from then on the
compiled pattern's own bound methods answer, with no cost per call.

Compiling is mostly ``re``'s parser, in Python: the 600 an offline memorize
uses took about 100 ms of each run.  So a compiled expression's code is kept
as Python keeps bytecode: in ``__pycache__`` beside this module (or under
``sys.pycache_prefix``), in a file named for the interpreter, written when a
run compiled something new and never when bytecode is not written
(``PYTHONDONTWRITEBYTECODE``).  The next run hands the kept code to ``_sre``,
which checks it, and skips the parser: 600 expressions in about 2 ms.  A file
of another Python, another ``re`` or anything unreadable is passed over, and
any failure falls back to ``re``'s own compiling, so the cache can only make
a run faster, never different.

The stand-in has every method and attribute of a ``re.Pattern`` (``pattern``
without compiling), but it is not one: ``isinstance(x, re.Pattern)`` is false
and ``re``'s module functions do not take it (``X.search(s)``, never
``re.search(X, s)``).  The name is as long as ``re.compile``, so a definition
changes nothing but its name and its continuation lines stay aligned.
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]  # re's own engine, loaded with re
import contextlib
import os
import re
import sys
from array import array
from typing import TYPE_CHECKING, cast

# What a first use copies from the compiled pattern onto the stand-in.
_ANSWERS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split",
            "scanner", "flags", "groups", "groupindex")
_MOST = 5000  # entries the kept file holds at most (the package defines some 750)

if TYPE_CHECKING:
    # what ``_sre.compile`` takes after the pattern: flags, code (its words as bytes: marshal
    # reads a list of 200,000 numbers in 150 ms, the same bytes in 0.2), groups, group maps
    Entry = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]


class _Kept:
    """The kept file's entries, read at the first compile; written back at exit when this
    run compiled something new."""

    entries: dict[tuple[str, int], Entry] | None = None
    added = False


class _Deferred:
    """A pattern's text and flags until the first use compiles it."""

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern
        self._flags = flags

    def __getattr__(self, name: str) -> object:
        if name.startswith("_"):  # copy, pickle and friends ask for these: not ours
            raise AttributeError(name)
        compiled = _compile(self.pattern, int(self._flags))
        for answer in _ANSWERS:
            setattr(self, answer, getattr(compiled, answer))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy_regex({self.pattern!r}, {self._flags})"


def lazy_regex(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, compiled when first used."""
    return cast("re.Pattern[str]", _Deferred(pattern, flags))


def _compile(pattern: str, flags: int) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, from the kept code when this interpreter kept it."""
    if _Kept.entries is None:
        _Kept.entries = _read()
    kept = _Kept.entries
    entry = kept.get((pattern, flags))
    if entry is not None:
        try:
            final, words, *groups = entry
            return cast("re.Pattern[str]", _sre.compile(pattern, final,
                                                        array("I", words).tolist(), *groups))
        except (TypeError, ValueError, RuntimeError, OverflowError):
            pass  # code _sre will not take: compile it again below
    try:
        from re import _compiler, _parser  # type: ignore[attr-defined]

        parsed = _parser.parse(pattern, flags)
        state = parsed.state
        groupindex = dict(state.groupdict)
        indexgroup: list[str | None] = [None] * state.groups
        for key, index in groupindex.items():
            indexgroup[index] = key
        code = [int(word) for word in _compiler._code(parsed, flags)]
        compiled = cast("re.Pattern[str]", _sre.compile(
            pattern, flags | state.flags, code, state.groups - 1, groupindex,
            tuple(indexgroup)))
        entry = (flags | state.flags, array("I", code).tobytes(), state.groups - 1,
                 groupindex, tuple(indexgroup))
    except re.error:
        raise
    except Exception:  # re's insides changed: its front door still works
        return re.compile(pattern, flags)
    if len(kept) < _MOST:
        kept[(pattern, flags)] = entry
        if not _Kept.added:
            import atexit

            atexit.register(_write)
            _Kept.added = True
    return compiled


def _path() -> str | None:
    tag = sys.implementation.cache_tag
    if tag is None:
        return None
    here = os.path.dirname(os.path.abspath(__file__))
    folder = (os.path.join(sys.pycache_prefix, here.lstrip(os.sep)) if sys.pycache_prefix
              else os.path.join(here, "__pycache__"))
    return os.path.join(folder, f"lazy_regex.{tag}.sre")


def _stamp() -> tuple[str, int, int, int]:
    return sys.version, _sre.MAGIC, _sre.CODESIZE, 2  # 2: code words as bytes


def _read() -> dict[tuple[str, int], Entry]:
    """The kept file's entries; empty when there is none or it is not this interpreter's."""
    import marshal

    path = _path()
    if array("I").itemsize != _sre.CODESIZE:
        return {}  # code words of another size than this platform's unsigned int
    try:
        with open(path or "", "rb") as handle:
            # data only: nothing read is run, and _sre checks the code it is given
            stamp, entries = marshal.load(handle)  # noqa: S302
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return entries if stamp == _stamp() and isinstance(entries, dict) else {}


def _write() -> None:
    """Keep what this run compiled, with what another run kept meanwhile."""
    import marshal

    path = _path()
    if path is None or sys.dont_write_bytecode or not _Kept.entries:
        return
    entries = {**_read(), **_Kept.entries}
    while len(entries) > _MOST:
        entries.pop(next(iter(entries)))
    temporary = f"{path}.{os.getpid()}"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temporary, "wb") as handle:
            marshal.dump((_stamp(), entries), handle)
        os.replace(temporary, path)
    except (OSError, ValueError):
        with contextlib.suppress(OSError):
            os.unlink(temporary)

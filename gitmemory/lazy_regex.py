"""Regular expressions compiled on their first use, not when their module is imported.

The package defines some 740 expressions at module level; an offline memorize
loads about 600 of them and uses about 190: compiling them all when the modules
loaded cost the run 85 ms of CPU, more than most of its rules (docs/design.md,
"Providers").
``lazy_regex`` takes what ``re.compile`` takes and returns a stand-in that keeps
the text; the first method called compiles it once, and from then on the
compiled pattern's own bound methods answer, with no cost per call.

The stand-in has every method and attribute of a ``re.Pattern`` (``pattern``
without compiling), but it is not one: ``isinstance(x, re.Pattern)`` is false
and ``re``'s module functions do not take it (``X.search(s)``, never
``re.search(X, s)``).  The name is as long as ``re.compile``, so a definition
changes nothing but its name and its continuation lines stay aligned.
"""

from __future__ import annotations

import re
from typing import cast

# What a first use copies from the compiled pattern onto the stand-in.
_ANSWERS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split",
            "scanner", "flags", "groups", "groupindex")


class _Deferred:
    """A pattern's text and flags until the first use compiles it."""

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern
        self._flags = flags

    def __getattr__(self, name: str) -> object:
        if name.startswith("_"):  # copy, pickle and friends ask for these: not ours
            raise AttributeError(name)
        compiled = re.compile(self.pattern, self._flags)
        for answer in _ANSWERS:
            setattr(self, answer, getattr(compiled, answer))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy_regex({self.pattern!r}, {self._flags})"


def lazy_regex(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, compiled when first used."""
    return cast("re.Pattern[str]", _Deferred(pattern, flags))

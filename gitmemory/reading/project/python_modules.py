"""What the Python modules of a tree share at their top, measured on a sample of them.

A project that opens every module with ``from __future__ import annotations`` (a habit
that lets annotations name what is imported only for type checking) expects a new module
to do the same; no setting requires it, so the modules are read, not assumed.  It is
said only when nearly all the modules read that hold code carry it, with the count;
"as their first import" only when it comes before every other import in nearly all of
them.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot

SLOTS = ("Imports",)
MAX_MODULES = 24  # modules read, the shallowest first
_MIN_MODULES = 10
_SHARE = 0.9
_MANIFESTS = ("pyproject.toml", "setup.py", "setup.cfg")
# Where a tree keeps what is not its own modules: vendored, generated or sample code.
_ASIDE = lazy_regex(r"(?:^|/)(?:node_modules|vendor|vendored|third_party|_vendor|fixtures?|"
                    r"testdata|examples?|samples?|docs?|migrations|build|dist|\.[^/]+)/")
_TESTS = lazy_regex(r"(?:^|/)tests?/")
_FUTURE = lazy_regex(r"^from __future__ import (?:\(\s*)?(?:[\w ,]*\b)?annotations\b", re.M)
_IMPORT = lazy_regex(r"^(?:import|from)\s+\S", re.M)


def wanted(paths: list[str]) -> list[str]:
    """The modules read: of a Python project's (a manifest at the top), the code's before
    the tests', the shallowest first, none vendored, generated or in the docs."""
    if not any(p in paths for p in _MANIFESTS):
        return []
    found = [p for p in paths if p.endswith(".py") and "/" in p and not _ASIDE.search(p)]
    return sorted(found, key=lambda p: (bool(_TESTS.search(p)), p.count("/"),
                                        posixpath.basename(p) == "__init__.py", p))[:MAX_MODULES]


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    read = wanted(snapshot.paths)
    texts = [snapshot.text(p) or "" for p in read]
    coded = [t for t in texts if _IMPORT.search(t)]  # an empty `__init__.py` holds no code
    if len(coded) < _MIN_MODULES:
        return
    future = [t for t in coded if _FUTURE.search(t)]
    if len(future) < _SHARE * len(coded):
        return
    first = sum(_IMPORT.search(t).start() == _FUTURE.search(t).start()  # type: ignore[union-attr]
                for t in future)
    where = " as their first import" if first >= _SHARE * len(coded) else ""
    yield "conventions", f"Imports: Python modules import `from __future__ import annotations`" \
        f"{where} ({len(future)} of the {len(coded)} modules read)", [_home(read)]


def _home(read: list[str]) -> str:
    """The directory the modules ``read`` share (``src/anyio/``), else the one most are in."""
    common = posixpath.commonpath([posixpath.dirname(p) for p in read])
    if common:
        return common + "/"
    return Counter(posixpath.dirname(p) + "/" for p in read).most_common(1)[0][0]

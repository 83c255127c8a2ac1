"""How a test is laid out, measured on the tree (docs/design.md, "Sources"): a test that
comes with case files named after it (PHP_CodeSniffer's ``ConstructorNameUnitTest.php``
beside ``ConstructorNameUnitTest.inc`` and ``ConstructorNameUnitTest.inc.fixed``), and the
file it is named after (``Sniffs/NamingConventions/ConstructorNameSniff.php``).

Said only when most test files of one kind (their marker, ``UnitTest``, ``Test``,
``_test``, and their one extension) have such case files, at least :data:`_MIN_TESTS` of
them, and the example is named after a file of its language in a directory one part
away, with one real test of the tree as the example and the counts: a layout an agent
adding a test must follow, which no test command says.  Case files numbered for the
same test (``.1.inc``, ``.2.inc``) are one kind of case file.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot

SLOTS = ("Test files",)
# A test file's name: its subject, then its marker (``UnitTest``, ``Test``, ``_spec``).
_TEST = lazy_regex(r"^(?P<subject>[A-Za-z]\w*?)(?P<marker>UnitTest|Tests?|Spec|_test|_spec)$")
# Directories whose files are not the project's own tests.
_ASIDE = lazy_regex(r"(?:^|/)(?:vendor|node_modules|third[-_]party|external|deps)/")
_MIN_TESTS = 10
_SHARE = 0.6
_NUMBERED = lazy_regex(r"^\.\d+(?=\.)")
_MAX_CASES = 2


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    kinds: dict[tuple[str, str], list[str]] = {}
    for path in snapshot.paths:
        stem, ext = _split(posixpath.basename(path))
        found = _TEST.match(stem)
        if found and ext and "." not in ext and not _ASIDE.search(path):
            kinds.setdefault((found.group("marker"), ext), []).append(path)
    by_dir: dict[str, list[str]] = {}
    for path in snapshot.paths:
        by_dir.setdefault(posixpath.dirname(path), []).append(posixpath.basename(path))
    for (_marker, _ext), tests in sorted(kinds.items(), key=lambda k: -len(k[1])):
        said = _cases(tests, by_dir, snapshot)
        if said:
            yield "conventions", said[0], said[1]
            return


def _split(name: str) -> tuple[str, str]:
    stem, _, ext = name.partition(".")
    return stem, ext


def _cases(tests: list[str], by_dir: dict[str, list[str]], snapshot: Snapshot
           ) -> tuple[str, list[str]] | None:
    """"Test files: a test comes with case files named after it ..." for one kind of test
    file, or None when fewer than most of them have case files."""
    if len(tests) < _MIN_TESTS:
        return None
    cased: dict[str, list[str]] = {}
    for path in tests:
        name = posixpath.basename(path)
        stem = _split(name)[0]
        suffixes = {_NUMBERED.sub("", f[len(stem):]) for f in by_dir[posixpath.dirname(path)]
                    if f != name and f.startswith(stem + ".")}
        if suffixes:
            cased[path] = sorted(suffixes)
    if len(cased) < len(tests) * _SHARE:
        return None
    counts = Counter(s for suffixes in cased.values() for s in suffixes)
    common = [s for s, _ in counts.most_common(_MAX_CASES)]
    if counts[common[0]] < len(tests) * _SHARE:
        return None  # case files of no one kind
    example = next((p for p in sorted(cased) if set(common) <= set(cased[p])),
                   next(p for p in sorted(cased) if common[0] in cased[p]))
    stem = _split(posixpath.basename(example))[0]
    shown = ", ".join(f"`{stem}{s}` ({counts[s]})" for s in common if s in cased[example])
    said = f"Test files: a test comes with case files named after it, e.g. `{example}` " \
        f"with {shown} ({len(cased)} of {len(tests)} tests have case files)"
    subject = _subject(example, snapshot)
    if not subject:
        return None  # a case file's own kind (`.inc`), or tests named after no file
    return f"{said}; it is named after the file it tests, `{subject}`", [example]


def _subject(test: str, snapshot: Snapshot) -> str:
    """The file a test is named after: its subject's name, in the test's language (its
    extension), in a directory that differs from the test's in one part (``Tests/`` for
    ``Sniffs/``, ``test/`` for ``main/``)."""
    stem, ext = _split(posixpath.basename(test))
    found = _TEST.match(stem)
    name = found.group("subject") if found else ""
    parts = posixpath.dirname(test).split("/")
    for path in snapshot.paths:
        there = posixpath.dirname(path).split("/")
        if path != test and len(there) == len(parts) and \
                sum(a != b for a, b in zip(there, parts, strict=True)) == 1 and \
                re.match(re.escape(name) + r"(?:[A-Z]\w*)?\." + re.escape(ext) + "$",
                         posixpath.basename(path)) and \
                not _TEST.match(_split(posixpath.basename(path))[0]):
            return path
    return ""

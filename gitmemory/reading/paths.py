"""What a run of commits did to each path: added, deleted, and by which commits."""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from functools import lru_cache

from gitmemory.changelogs import TEXT_SUFFIXES, is_changelog
from gitmemory.commits import Commit
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.combine import merge_refs
from gitmemory.outputs.areas import DEPTH, outermost
from gitmemory.secrets.exclude import is_lock_file


class PathLog:
    """Per path, in commit order: the statuses it went through and the commits."""

    def __init__(self, commits: Iterable[Commit]) -> None:
        self._status: dict[str, list[str]] = {}
        self._refs: dict[str, list[str]] = {}
        self._order: dict[str, int] = {}
        for n, commit in enumerate(commits):
            self._order[commit.short] = n
            for change in commit.files:
                self._note(change.path, change.status[:1] or "M", commit.short)
                if change.status.startswith("R") and change.old_path:
                    self._note(change.old_path, "D", commit.short)

    def _note(self, path: str, status: str, ref: str) -> None:
        self._status.setdefault(path, []).append(status)
        refs = self._refs.setdefault(path, [])
        if ref not in refs:
            refs.append(ref)

    def paths(self) -> list[str]:
        return sorted(self._status)

    def added(self, path: str) -> bool:
        """Created by these commits (its first change is an addition)."""
        statuses = self._status.get(path, [])
        return bool(statuses) and statuses[0] == "A"

    def deleted(self, path: str) -> bool:
        """Gone at the end of these commits."""
        statuses = self._status.get(path, [])
        return bool(statuses) and statuses[-1] == "D"

    def refs(self, paths: Iterable[str]) -> tuple[str, ...]:
        """The commits that touched ``paths``, oldest first, capped."""
        found = {ref for path in paths for ref in self._refs.get(path, ())}
        return merge_refs(sorted(found, key=lambda r: self._order.get(r, 0)))


def dirname(path: str) -> str:
    return posixpath.dirname(path)


_DOC_SUFFIXES = (".md", ".rst", ".txt", ".adoc", ".markdown", ".svg", ".png", ".gif", ".jpg")
CI_PREFIXES = (".github/", ".gitlab-ci.yml", ".gitlab/", ".circleci/", ".travis.yml",
                "azure-pipelines.yml", ".buildkite/", "Jenkinsfile")


# A ".txt" a build tool reads is code: zlib-ng's fix of CMakeLists.txt read as a docs
# commit, and the cause its body told was never looked for.
_BUILD_TXT = lazy_regex(r"(?i)(?:^|/)(?:CMakeLists|(?:[\w-]*[-_])?requirements(?:[-_.][\w.-]*)?|"
                        r"constraints)\.txt$")


def is_doc(path: str) -> bool:
    top = path.split("/", 1)[0].lower()
    return top in ("docs", "doc", "documentation") or (
        path.lower().endswith(_DOC_SUFFIXES) and not _BUILD_TXT.search(path))


_VENDORED = lazy_regex(r"(?:^|/)(?:vendor|vendored|_vendor|third_party|third-party|thirdparty|"
                       r"node_modules|bower_components|external/[^/]+)/|\.min\.(?:js|css)$|"
                       r"(?:^|/)dist/.*\.(?:js|css|map)$")


def is_vendored(path: str) -> bool:
    """Code copied in from another project (``vendor/``, ``_vendor/``, ``node_modules/``,
    minified bundles): its changes are that project's, not this one's."""
    return bool(_VENDORED.search(path))


_DECLARED = ("linguist-vendored", "linguist-generated")


def declared_vendored(toplevel: str) -> list[str]:
    """The patterns the repository's top ``.gitattributes`` marks ``linguist-vendored`` or
    ``linguist-generated``: code it copied in or generates, whose changes are not its own
    (mypy vendors typeshed under a name no rule of :func:`is_vendored` knows)."""
    from gitmemory import files

    found = []
    for line in (files.read_text(f"{toplevel}/.gitattributes") or "").splitlines():
        pattern, *attributes = line.split() or ["#"]
        if pattern.startswith("#") or not attributes:
            continue
        if any(a.partition("=")[0] in _DECLARED and a.partition("=")[2] in ("", "true")
               for a in attributes):
            found.append(pattern.lstrip("/"))
    return found


# A directory named by one of these among its words holds tests: test-resources/,
# integration_tests/, test-utils/, e2e-specs/
_TEST_WORDS = frozenset({"test", "tests", "spec", "specs", "e2e"})


@lru_cache(maxsize=8192)  # asked of the same paths commit after commit
def is_test(path: str) -> bool:
    parts = path.lower().split("/")
    base = parts[-1]
    return any(p in ("tests", "test", "__tests__", "spec", "testing", "testdata") or
               _TEST_WORDS.intersection(p.replace("_", "-").split("-"))
               for p in parts[:-1]) or \
        base.startswith("test_") or base == "conftest.py" or \
        any(mark in base for mark in ("_test.", ".test.", ".spec."))


_GUIDE_NAMES = {"upgrade", "upgrading", "migration", "migrating"}


def is_upgrade_guide(path: str) -> bool:
    """UPGRADE.md, UPGRADING.rst, docs/migration.md, guide/src/migration.md: where a
    project tells its users what to change (not a database migration: text files only)."""
    base = path.lower().rsplit("/", 1)[-1]
    stem, _, suffix = base.partition(".")
    return stem.replace("_", "-").split("-")[0] in _GUIDE_NAMES and \
        f".{suffix}" in TEXT_SUFFIXES


def is_ci(path: str) -> bool:
    """A file of the project's CI (a workflow, a pipeline's settings)."""
    return path.startswith(CI_PREFIXES)


def files_kind(paths: list[str]) -> str | None:
    """``docs``, ``test`` or ``ci`` when every path is of that kind, else None.  The
    changelog entry that comes with a change does not change its kind."""
    paths = [p for p in paths if not is_changelog(p)] or paths
    if not paths:
        return None
    for kind, test in (("docs", is_doc), ("test", is_test),
                       ("ci", lambda p: p.startswith(CI_PREFIXES))):
        if all(test(p) for p in paths):
            return kind
    return None


MAX_EVIDENCE = 3


def evidence_paths(commit: Commit) -> tuple[str, ...]:
    """The source files a commit changed, when there are few enough to say what it is
    about (tests, docs, changelogs, CI and lock files left aside: mocha's chokidar upgrade
    changed two files of its own and both of npm's, and cited none); () for a sweeping
    change."""
    paths = [path for path in source_paths(commit) if not is_lock_file(path)]
    return tuple(sorted(paths)) if 0 < len(paths) <= MAX_EVIDENCE else ()


def evidence_places(commit: Commit) -> tuple[str, ...]:
    """:func:`evidence_paths`, or for a change to more files than that, the directories
    (written ``dir/``, as deep as an area's: :data:`gitmemory.outputs.areas.DEPTH`) that
    hold them all, when they are few: a change to six files of ``src/attr/`` is about
    ``src/attr/``, whose rule file carries it.  Files at the top of the tree are named
    beside them (``Cargo.toml``, ``src/``: a feature the manifest gates and the code
    implements), so that what only a rule file shows still reaches one.  () for a change
    that spreads wider."""
    paths = source_paths(commit)
    if len(paths) <= MAX_EVIDENCE:
        return tuple(sorted(paths))
    tops = sorted(path for path in paths if "/" not in path)
    dirs = {"/".join(path.split("/")[:-1][:DEPTH]) for path in paths if "/" in path}
    room = MAX_EVIDENCE - len(tops)
    held = outermost(dirs, room) if dirs and room > 0 else ()
    if (dirs and not held) or (not dirs and len(tops) > MAX_EVIDENCE):
        return ()
    return (*tops, *(f"{d}/" for d in held))


def test_places(commit: Commit) -> tuple[str, ...]:
    """For a change that touched only tests (and perhaps docs or changelogs), the test
    files it changed and kept, or the directories that hold them when there are many:
    the change is about them, and a line about a test file that is gone (libfuse's
    "Fix assert statements with side effects in test_examples.py" after its pytest suite
    was dropped) describes nothing an agent will find.  () for any other change."""
    if source_paths(commit) or any(f.path.startswith(CI_PREFIXES) for f in commit.files):
        return ()
    tests = [f.path for f in commit.files if is_test(f.path) and not f.status.startswith("D")]
    if len(tests) <= MAX_EVIDENCE:
        return tuple(sorted(tests))
    dirs = sorted({"/".join(path.split("/")[:-1][:DEPTH]) for path in tests if "/" in path})
    return tuple(f"{d}/" for d in dirs) if 0 < len(dirs) <= MAX_EVIDENCE else ()


def source_paths(commit: Commit) -> list[str]:
    """The files a commit changed that are the project's own (not tests, docs,
    changelogs or CI) and that it did not delete."""
    return [f.path for f in commit.files if not (
        is_test(f.path) or is_doc(f.path) or is_changelog(f.path) or
        f.path.startswith(CI_PREFIXES) or f.status.startswith("D"))]

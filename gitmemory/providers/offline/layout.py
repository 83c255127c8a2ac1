"""Facts from the paths a branch touches: migrations, new packages, moves (several
directories moved into one are one move: where that code lives now).

Files added under ``migrations/`` show where migrations live and that this
branch adds some.  Every fact names the paths it rests on and the commits
that touched them.  Which CI service or tool a repository uses is left to the
bootstrap (:mod:`gitmemory.reading.project`), which reads the files
themselves and says how to run them; where test fixtures sit is plain from the
tests that read them.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

from gitmemory.commits import Commit, FileChange
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Extraction
from gitmemory.reading.paths import PathLog, dirname, is_doc, is_test, is_vendored

_MIGRATION_DIRS = ("migrations", "alembic/versions", "db/migrate", "migrate")


def _not_the_apps(path: str) -> bool:
    """A test's migrations (a plugin's tests of generating them), the docs' or an
    example's: not where this project's schema changes go."""
    return is_test(path) or is_doc(path) or is_vendored(path) or bool(_SHOWN.search(path))


# The directories of what a project shows, not what it runs: docs sites, snippets, examples
_SHOWN = lazy_regex(r"(?:^|/)(?:examples?|samples?|snippets?|demos?|docs?|"
                    r"documentation[\w-]*|website|site)/")


def layout_extractions(commits: list[Commit]) -> list[Extraction]:
    log = PathLog(commits)
    return [*_migrations(log), *_package_items(log), *_move_items(commits)]


def _in_dir(path: str, names: tuple[str, ...]) -> str | None:
    """The directory of ``path`` that ends with one of ``names``, or None."""
    directory = dirname(path)
    for name in names:
        if directory == name or directory.endswith("/" + name):
            return directory
    return None


def _migrations(log: PathLog) -> Iterable[Extraction]:
    found: dict[str, list[str]] = {}
    for path in log.paths():
        directory = _in_dir(path, _MIGRATION_DIRS)
        base = posixpath.basename(path)
        if directory and log.added(path) and base != "__init__.py" and \
                not base.startswith(".") and not _not_the_apps(path):
            found.setdefault(directory, []).append(path)
    for directory, paths in sorted(found.items()):
        names = [posixpath.basename(p) for p in paths]
        shown = ", ".join(names[:2]) + (f" and {len(names) - 2} more" if len(names) > 2 else "")
        refs = log.refs(paths)
        yield Extraction("facts", f"Database migrations live in {directory}/", 0.85, refs)
        yield Extraction("facts", f"This branch adds migrations in {directory}/: {shown}", 0.8,
                         refs)
        if len({r for p in paths for r in log.refs([p])}) >= 2:
            yield Extraction("conventions", f"Schema changes ship with a new migration file in "
                             f"{directory}/", 0.8, refs)


def _package_items(log: PathLog) -> Iterable[Extraction]:
    markers = {"__init__.py": "Python package", "package.json": "JavaScript package",
               "Cargo.toml": "Rust crate", "go.mod": "Go module",
               "pyproject.toml": "Python project"}
    for path in log.paths():
        directory, base = dirname(path), posixpath.basename(path)
        kind = markers.get(base)
        if not kind or not directory or not log.added(path) or log.deleted(path):
            continue
        if is_test(path) or is_vendored(path) or (base == "__init__.py" and
                                                  _in_dir(path, _MIGRATION_DIRS)):
            continue  # a test fixture, a test asset or vendored code: not this project's
        if base == "__init__.py" and log.added(dirname(directory) + "/__init__.py"):
            continue  # its parent is new too: report the parent only
        name = directory.removeprefix("src/").replace("/", ".") if base == "__init__.py" \
            else directory
        yield Extraction("facts", f"New {kind} `{name}` ({directory}/)", 0.8, log.refs([path]))


def _move_items(commits: list[Commit]) -> Iterable[Extraction]:
    moved: dict[tuple[str, str], list[str]] = {}
    for commit in commits:
        for change in commit.files:
            pair = _move_pair(change)
            if pair and not is_vendored(change.path):  # a dependency's code, not ours
                moved.setdefault(pair, []).append(commit.short)
    # several directories moved into one are one move: where the code lives now
    into: dict[str, tuple[list[str], list[str]]] = {}
    for (old, new), refs in sorted(moved.items()):
        if len(refs) >= 3:
            olds, all_refs = into.setdefault(new, ([], []))
            olds.append(f"{old or '.'}/")
            all_refs += refs
    for new, (olds, refs) in into.items():
        shown = " and ".join(olds) if len(olds) <= 2 else \
            f"{', '.join(olds[:2])} and {len(olds) - 2} more"
        text = f"Code moved from {shown} to {new or '.'}/"
        yield Extraction("architectural-decisions", text, 0.8, tuple(dict.fromkeys(refs)))


def _inside(path: str, directory: str) -> bool:
    """Whether ``path`` is ``directory`` or below it (either of them at the top: "")."""
    return not directory or path == directory or path.startswith(directory + "/")


def _move_pair(change: FileChange) -> tuple[str, str] | None:
    if change.status != "R" or not change.old_path:
        return None
    old, new = dirname(change.old_path), dirname(change.path)
    if is_test(change.path) or is_doc(change.path) or old == new or \
            posixpath.basename(change.old_path) != posixpath.basename(change.path):
        return None
    # click/core/x.py -> src/click/core/x.py is reported as click/ -> src/click/; but
    # src/utils/ -> src/ocaml/utils/ is not src/ -> src/ocaml/: a directory moved into
    # its own child would claim all of it moved; internal/spew/spew/ -> internal/spew/ is
    # not internal/spew/ -> internal/: a directory flattened into its parent, likewise
    while "/" in old and "/" in new and old.rsplit("/", 1)[-1] == new.rsplit("/", 1)[-1] \
            and not _inside(dirname(new), dirname(old)) and not _inside(old, new):
        old, new = dirname(old), dirname(new)
    return (old, new) if old != new else None

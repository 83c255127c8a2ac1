"""Facts from the paths a branch touches: CI, tooling, migrations, fixtures, packages, moves.

Touching a file proves it exists, so a commit that edits
``.github/workflows/ci.yml`` shows that CI runs on GitHub Actions; files
added under ``migrations/`` show where migrations live.  Every fact names
the paths it rests on and the commits that touched them.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

from gitmemory.commits import Commit, FileChange
from gitmemory.memory.candidates import Extraction
from gitmemory.offline.paths import PathLog, dirname, is_doc, is_test, listing

_CI = (  # (test on the path, name)
    (lambda p: p.startswith(".github/workflows/") and p.endswith((".yml", ".yaml")),
     "GitHub Actions"),
    (lambda p: p == ".gitlab-ci.yml" or p.startswith(".gitlab/ci/"), "GitLab CI"),
    (lambda p: p.startswith(".circleci/"), "CircleCI"),
    (lambda p: p == ".travis.yml", "Travis CI"),
    (lambda p: p in ("azure-pipelines.yml", ".azure-pipelines.yml"), "Azure Pipelines"),
    (lambda p: p.split("/")[-1] == "Jenkinsfile", "Jenkins"),
    (lambda p: p.startswith(".buildkite/"), "Buildkite"),
    (lambda p: p == "bitbucket-pipelines.yml", "Bitbucket Pipelines"),
    (lambda p: p in ("appveyor.yml", ".appveyor.yml"), "AppVeyor"),
    (lambda p: p in (".cirrus.yml", ".drone.yml"), "Cirrus/Drone CI"),
)
_TOOLS = {
    # what the hooks do is not in the path: gitmemory's own setup adds this file too
    ".pre-commit-config.yaml": "Git hooks run through pre-commit, configured in "
                               ".pre-commit-config.yaml",
    "tox.ini": "Test environments are defined in tox.ini (tox)",
    "noxfile.py": "Test and lint sessions are defined in noxfile.py (nox)",
    "docker-compose.yml": "Local services are defined in docker-compose.yml",
    "docker-compose.yaml": "Local services are defined in docker-compose.yaml",
    "compose.yaml": "Local services are defined in compose.yaml",
    "Dockerfile": "The container image is built from Dockerfile",
    "justfile": "Developer tasks are defined in justfile (just)",
}
_MIGRATION_DIRS = ("migrations", "alembic/versions", "db/migrate", "migrate")
_FIXTURE_DIRS = ("fixtures", "testdata", "__fixtures__", "test_data", "test-data")


def layout_extractions(commits: list[Commit]) -> list[Extraction]:
    log = PathLog(commits)
    return [*_ci(log), *_tools(log), *_migrations(log), *_fixtures(log), *_packages(log),
            *_moves(commits)]


def _ci(log: PathLog) -> Iterable[Extraction]:
    present: dict[str, list[str]] = {}
    gone: dict[str, list[str]] = {}
    for path in log.paths():
        for test, name in _CI:
            if test(path):
                (gone if log.deleted(path) else present).setdefault(name, []).append(path)
    for name, paths in present.items():
        conf = 0.9 if any(log.added(p) for p in paths) else 0.85
        yield Extraction("facts", f"CI runs on {name} ({_where(paths)})", conf, log.refs(paths))
    for name, paths in gone.items():
        if name in present:
            continue
        refs = log.refs(paths)
        if present:
            yield Extraction("architectural-decisions", f"CI moved from {name} to "
                             f"{', '.join(present)} ({listing(paths)})", 0.85, refs)
        # the same item as an earlier "CI runs on <name>", which it replaces
        yield Extraction("facts", f"CI no longer runs on {name} ({listing(paths)} removed)",
                         0.8, refs)


def _where(paths: list[str]) -> str:
    """The one directory holding ``paths`` (``.github/workflows/``), else the paths: the
    same words whichever of its files a batch of commits touched."""
    dirs = {dirname(p) for p in paths}
    if len(dirs) == 1 and "" not in dirs:
        return f"{dirs.pop()}/"
    return listing(paths)


def _tools(log: PathLog) -> Iterable[Extraction]:
    for path in log.paths():
        text = _TOOLS.get(path)
        if text and not log.deleted(path):
            yield Extraction("facts", text, 0.8, log.refs([path]))


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
        if directory and log.added(path) and base != "__init__.py" and not base.startswith("."):
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


def _fixtures(log: PathLog) -> Iterable[Extraction]:
    found: dict[str, list[str]] = {}
    for path in log.paths():
        directory = _in_dir(path, _FIXTURE_DIRS)
        if directory is None:
            parts = dirname(path).split("/")
            hits = [i for i, part in enumerate(parts) if part in _FIXTURE_DIRS]
            directory = "/".join(parts[:hits[0] + 1]) if hits else None
        if directory and log.added(path):
            found.setdefault(directory, []).append(path)
    for directory, paths in sorted(found.items())[:2]:
        yield Extraction("facts", f"Test fixtures live in {directory}/", 0.8, log.refs(paths))


def _packages(log: PathLog) -> Iterable[Extraction]:
    markers = {"__init__.py": "Python package", "package.json": "JavaScript package",
               "Cargo.toml": "Rust crate", "go.mod": "Go module",
               "pyproject.toml": "Python project"}
    for path in log.paths():
        directory, base = dirname(path), posixpath.basename(path)
        kind = markers.get(base)
        if not kind or not directory or not log.added(path) or log.deleted(path):
            continue
        if base == "__init__.py" and (is_test(path) or _in_dir(path, _MIGRATION_DIRS)):
            continue
        if base == "__init__.py" and log.added(dirname(directory) + "/__init__.py"):
            continue  # its parent is new too: report the parent only
        name = directory.removeprefix("src/").replace("/", ".") if base == "__init__.py" \
            else directory
        yield Extraction("facts", f"New {kind} `{name}` ({directory}/)", 0.8, log.refs([path]))


def _moves(commits: list[Commit]) -> Iterable[Extraction]:
    moved: dict[tuple[str, str], list[str]] = {}
    for commit in commits:
        for change in commit.files:
            pair = _move_pair(change)
            if pair:
                moved.setdefault(pair, []).append(commit.short)
    for (old, new), refs in sorted(moved.items()):
        if len(refs) >= 3:
            text = f"Code moved from {old or '.'}/ to {new or '.'}/"
            yield Extraction("architectural-decisions", text, 0.8, tuple(dict.fromkeys(refs)))


def _move_pair(change: FileChange) -> tuple[str, str] | None:
    if change.status != "R" or not change.old_path:
        return None
    old, new = dirname(change.old_path), dirname(change.path)
    if is_test(change.path) or is_doc(change.path) or old == new or \
            posixpath.basename(change.old_path) != posixpath.basename(change.path):
        return None
    # click/core/x.py -> src/click/core/x.py is reported as click/ -> src/click/
    while "/" in old and "/" in new and old.rsplit("/", 1)[-1] == new.rsplit("/", 1)[-1]:
        old, new = dirname(old), dirname(new)
    return (old, new) if old != new else None

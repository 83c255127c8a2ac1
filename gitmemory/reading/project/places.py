"""Where things live: the package, the tests, the docs and how they are built, examples,
and how changes reach the changelog (towncrier fragments, or an entry in CHANGES.rst
that most commits add)."""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Iterable

from gitmemory.reading.project.snapshot import Recent, Snapshot, strings, table

SLOTS = ("Layout", "Changelog")
_TEST_DIRS = ("tests", "test", "testing", "t")
_DOC_DIRS = ("docs", "doc", "documentation")
_CHANGELOGS = ("CHANGELOG.md", "CHANGES.md", "CHANGES.rst", "CHANGELOG.rst", "HISTORY.md",
               "HISTORY.rst", "NEWS.md", "NEWS.rst", "CHANGELOG", "CHANGES")
_MIN_SHARE = 0.3
_MIN_COMMITS = 10


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    for found in (_layout(snapshot), _changelog(snapshot)):
        if found:
            yield found


def _package(snapshot: Snapshot) -> str:
    """The directory of the importable package: ``src/flask/``, ``httpx/``."""
    data = snapshot.toml("pyproject.toml")
    name = str(table(data, "project").get("name") or table(data, "tool", "poetry").get("name")
               or "")
    module = str(table(data, "tool", "flit", "module").get("name") or "")
    candidates = [n for n in dict.fromkeys((module, re.sub(r"[-.]", "_", name.lower()))) if n]
    if snapshot.has_dir("src"):  # a src layout: every package in it
        found = sorted({p.split("/")[1] for p in snapshot.paths if p.startswith("src/") and
                        p.count("/") >= 2 and p.endswith(".py")})
        if found:
            return ", ".join(f"`src/{name}/`" for name in found[:3])
    for candidate in candidates:
        if snapshot.has_dir(candidate):
            return f"`{candidate}/`"
    roots = sorted({p.split("/")[0] for p in snapshot.paths
                    if p.endswith("/__init__.py") and p.count("/") == 1})
    roots = [r for r in roots if r not in (*_TEST_DIRS, *_DOC_DIRS, "examples")]
    return f"`{roots[0]}/`" if len(roots) == 1 else ""


def _tests(snapshot: Snapshot) -> str:
    data = snapshot.toml("pyproject.toml")
    paths = strings(table(data, "tool", "pytest", "ini_options").get("testpaths")) or \
        strings(table(data, "tool", "pytest").get("testpaths"))
    for path in [*paths, *_TEST_DIRS]:
        if snapshot.has_dir(path):
            return path.rstrip("/") + "/"
    return ""


def _docs(snapshot: Snapshot) -> str:
    if snapshot.has("mkdocs.yml") or snapshot.has("mkdocs.yaml"):
        where = next((d for d in _DOC_DIRS if snapshot.has_dir(d)), "")
        return f"`{where}/` (MkDocs, mkdocs.yml)" if where else "MkDocs (mkdocs.yml)"
    for directory in _DOC_DIRS:
        if snapshot.has_dir(directory):
            conf = next((p for p in snapshot.paths if p.startswith(directory + "/") and
                         posixpath.basename(p) == "conf.py" and p.count("/") <= 2), "")
            return f"`{directory}/`" + (f" (Sphinx, {conf})" if conf else "")
    return ""


def _layout(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    package, tests, docs = _package(snapshot), _tests(snapshot), _docs(snapshot)
    noun = "packages" if ", " in package else "package"
    parts = [f"{noun} {package}" if package else "", f"tests in `{tests}`" if tests else "",
             f"docs in {docs}" if docs else "",
             "examples in `examples/`" if snapshot.has_dir("examples") else ""]
    parts = [p for p in parts if p]
    if len(parts) < 2:
        return None
    docs_dir = docs.split("`")[1] if docs.startswith("`") else ""
    paths = [*(p.strip("`") for p in package.split(", ") if p), tests, docs_dir,
             "examples/" if snapshot.has_dir("examples") else ""]
    return "conventions", "Layout: " + ", ".join(parts), paths


_FRAGMENT_DIR = re.compile(r"^(?:\.?change(?:log|set)s?(?:[._-]?(?:d|unreleased))?|"
                           r"newsfragments|news|unreleased|release-?notes)$", re.I)
_MIN_FRAGMENTS = 5


def _fragments(people: list[Recent]) -> tuple[str, str, list[str]] | None:
    """"Changelog: changes add an entry in `changelog/unreleased/`" when recent commits
    add their entries as files of one directory (restic's ``changelog/unreleased``,
    prettier's ``changelog_unreleased/<language>/``, ``.changeset/``): one a pull
    request, so a few of the commits, not most."""
    where: Counter[str] = Counter()
    example: dict[str, str] = {}
    for commit in people:
        found = dict(sorted(f for f in map(_fragment_dir, commit.paths) if f))
        for folder, name in found.items():
            where[folder] += 1
            example.setdefault(folder, name)
    if not where:
        return None
    folder, count = where.most_common(1)[0]
    if count < _MIN_FRAGMENTS or count < len(people) * 0.05:
        return None
    return "conventions", f"Changelog: a change adds its entry as a file in `{folder}` " \
        f"(e.g. `{example[folder]}`; {count} of the last {len(people)} commits did)", [folder]


def _fragment_dir(path: str) -> tuple[str, str] | None:
    """(the fragment directory, the file's name) for a changelog fragment's path."""
    parts = path.split("/")
    name = parts[-1]
    if len(parts) < 2 or name.lower().startswith(("template", "readme", ".")) or \
            name.lower() == "config.json":
        return None
    for at, part in enumerate(parts[:-1]):
        if _FRAGMENT_DIR.match(part):
            end = at + 2 if at + 2 < len(parts) and parts[at + 1].lower() == "unreleased" \
                else at + 1
            return "/".join(parts[:end]) + "/", name
    return None


def _changelog(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    towncrier = table(snapshot.toml("pyproject.toml"), "tool", "towncrier") or \
        table(snapshot.toml("towncrier.toml"), "tool", "towncrier")
    if towncrier:
        directory = str(towncrier.get("directory") or "newsfragments").rstrip("/") + "/"
        source = "pyproject.toml" if snapshot.has("pyproject.toml") and \
            table(snapshot.toml("pyproject.toml"), "tool", "towncrier") else "towncrier.toml"
        return "conventions", f"Changelog: each user-facing change adds a towncrier fragment " \
            f"in `{directory}` (`{{issue}}.{{type}}.rst`)", [source, directory]
    people = [c for c in snapshot.history if "[bot]" not in c.author]
    fragments = _fragments(people)
    if fragments:
        return fragments
    name = next((n for n in _CHANGELOGS if snapshot.has(n)), "")
    if not name or len(people) < _MIN_COMMITS:
        return None
    touching = sum(name in c.paths for c in people)
    if touching / len(people) < _MIN_SHARE:
        return None
    return "conventions", f"Changelog: changes add an entry to `{name}` ({touching} of the " \
        f"last {len(people)} commits did)", [name]

"""Where things live: the code (a Python package, a gem's ``lib/``, a .NET solution's
``src/``, a Go module's packages), the tests, the docs and how they are built, examples,
the submodules a fresh clone must fetch, and how changes reach the changelog (towncrier
fragments named as the ones there, with the types its settings configure and one fragment
of the tree as the example, a changeset, release-please writing it from the commit
messages, or an entry in CHANGES.rst that most commits add)."""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.bots import is_bot
from gitmemory.reading.project.history_files import changelogs
from gitmemory.reading.project.node import manager
from gitmemory.reading.project.snapshot import Recent, Snapshot, strings, table

SLOTS = ("Layout", "Submodules", "Changelog")
GITMODULES = ".gitmodules"
_TEST_DIRS = ("tests", "test", "testing", "t")
_DOC_DIRS = ("docs", "doc", "documentation")
_CHANGELOGS = ("CHANGELOG.md", "CHANGES.md", "CHANGES.rst", "CHANGELOG.rst", "HISTORY.md",
               "HISTORY.rst", "NEWS.md", "NEWS.rst", "CHANGELOG", "CHANGES")
_PROJECTS = (".csproj", ".fsproj", ".vbproj")
_SPECS = ("_spec.rb", ".spec.js", ".spec.ts")
_GO_SCRIPTS = ("build.go", "tools.go", "magefile.go", "doc.go")  # scripts, package docs
_GO_SKIPPED = ("testdata", "vendor", "examples", "example", "_examples", *_DOC_DIRS)
_NAMED = 3  # directories a layout names before "and N more"
_MIN_SHARE = 0.3
_MIN_COMMITS = 10


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    for found in (_layout(snapshot), _submodules(snapshot), _changelog(snapshot)):
        if found:
            yield found


_SUBMODULE_PATH = lazy_regex(r"^\s*path\s*=\s*(\S+)\s*$", re.M)
_SHOWN_SUBMODULES = 4


def _submodules(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    """"Submodules: `dhall/dhall-lang` ...": the directories .gitmodules fills from other
    repositories.  A clone that does not fetch them leaves them empty, and the build or
    the tests that read them (a language standard's test suite) fail with no word of why.
    No command is given: the evidence rule asks any command an item names of the tracked
    files, and few trees write git's own down (docs/design.md, "Commands that run")."""
    found = _SUBMODULE_PATH.findall(snapshot.text(GITMODULES) or "")
    if not found:
        return None
    shown = ", ".join(f"`{p}`" for p in found[:_SHOWN_SUBMODULES])
    more = f" and {len(found) - _SHOWN_SUBMODULES} more" if len(found) > _SHOWN_SUBMODULES \
        else ""
    return ("conventions", f"Submodules: {shown}{more}; empty in a clone until they are "
            "fetched", [GITMODULES])


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


def _code(snapshot: Snapshot) -> tuple[str, str]:
    """(what it is, where it lives): a Python package, a gem's ``lib/``, a .NET
    solution's projects in ``src/``, a Go module's packages; ("", "") when nothing says."""
    package = _package(snapshot)
    if package:
        return ("packages" if ", " in package else "package"), package
    if snapshot.has("go.mod"):
        return _go_code(snapshot)
    top = [p for p in snapshot.paths if "/" not in p]
    if snapshot.has_dir("lib") and any(p.endswith(".gemspec") for p in top):
        return "code in", "`lib/`"
    if snapshot.has_dir("src") and any(p.startswith("src/") and p.endswith(_PROJECTS)
                                       for p in snapshot.paths):
        return "projects in", "`src/`"
    return "", ""


def _go_code(snapshot: Snapshot) -> tuple[str, str]:
    """A Go module's code: the root when it holds the module's own files (not build scripts
    or package docs alone), and the top directories holding Go files, except test data,
    examples, docs, vendored code, those the go tool skips (``_x``, ``.x``) and nested
    modules."""
    root = [p for p in snapshot.paths if "/" not in p and p.endswith(".go")]
    nested = {p.split("/")[0] for p in snapshot.paths if p.count("/") == 1
              and p.endswith("/go.mod")}
    dirs = sorted({p.split("/")[0] for p in snapshot.paths if "/" in p and p.endswith(".go")}
                  - nested - set(_GO_SKIPPED))
    dirs = [d for d in dirs if not d.startswith(("_", "."))]
    named = ", ".join(f"`{d}/`" for d in dirs[:_NAMED])
    if len(dirs) > _NAMED:
        named += f" and {len(dirs) - _NAMED} more"
    if any(p not in _GO_SCRIPTS for p in root):
        return ("code at the module root and in", named) if named else \
            ("code at", "the module root")
    return ("code in", named) if named else ("", "")


def _tests(snapshot: Snapshot) -> str:
    data = snapshot.toml("pyproject.toml")
    paths = strings(table(data, "tool", "pytest", "ini_options").get("testpaths")) or \
        strings(table(data, "tool", "pytest").get("testpaths"))
    if snapshot.has("go.mod") and any(p.endswith("_test.go") for p in snapshot.paths):
        return "*_test.go"
    for path in [*paths, *_TEST_DIRS]:
        if snapshot.has_dir(path):
            return path.rstrip("/") + "/"
    if any(p.startswith("spec/") and p.endswith(_SPECS) for p in snapshot.paths):
        return "spec/"  # RSpec's (or Jasmine's); an API's spec/ holds no such files
    return ""


_JS_TEST = lazy_regex(r"^(.+)\.(test|spec)(\.[cm]?[jt]sx?)$")
_MIN_BESIDE = 3


def _beside(snapshot: Snapshot) -> str:
    """"*.test.ts" when most JavaScript or TypeScript test files outside a tests
    directory sit beside the file they test (``multiply.test.ts`` by ``multiply.ts``)."""
    kinds: Counter[str] = Counter()
    loose = 0
    for path in snapshot.paths:
        match = _JS_TEST.match(path)
        if not match or path.split("/")[0] in _TEST_DIRS or "__tests__/" in path or \
                _SKIP_JS.search(path):
            continue
        loose += 1
        if snapshot.has(match.group(1) + match.group(3)):
            kinds[f"*.{match.group(2)}{match.group(3)}"] += 1
    total = sum(kinds.values())
    if total < _MIN_BESIDE or total < loose / 2:
        return ""
    return kinds.most_common(1)[0][0]


_SKIP_JS = lazy_regex(r"(?:^|/)(?:node_modules|vendor|fixtures?|e2e|examples?)/")


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
    (noun, package), tests, docs = _code(snapshot), _tests(snapshot), _docs(snapshot)
    beside = tests == "*_test.go"  # Go's tests sit beside the code they test
    unit = "" if beside else _beside(snapshot)
    parts = [f"{noun} {package}" if package else "",
             "tests beside the code (`*_test.go`)" if beside else
             f"unit tests beside the code (`{unit}`), more tests in `{tests}`" if unit and tests
             else f"unit tests beside the code (`{unit}`)" if unit else
             f"tests in `{tests}`" if tests else "",
             f"docs in {docs}" if docs else "",
             "examples in `examples/`" if snapshot.has_dir("examples") else ""]
    parts = [p for p in parts if p]
    if len(parts) < (1 if unit else 2):  # where unit tests go says enough on its own
        return None
    docs_dir = docs.split("`")[1] if docs.startswith("`") else ""
    code = re.findall(r"`([^`]+/)`", package)
    paths = [*code, "" if beside else tests, docs_dir,
             "examples/" if snapshot.has_dir("examples") else ""]
    return "conventions", "Layout: " + ", ".join(parts), paths


_FRAGMENT_DIR = lazy_regex(r"^(?:\.?change(?:log|set)s?(?:[._-]?(?:d|unreleased))?|"
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
    return _towncrier(snapshot) or _changesets(snapshot) or _release_please(snapshot) or \
        _entries(snapshot)


# release-please's settings and manifest, at the top or under .github/
RELEASE_PLEASE = tuple(f"{d}{n}" for d in ("", ".github/") for n in (
    "release-please-config.json", ".release-please-manifest.json",
    "release-please-manifest.json"))
_RELEASE_PLEASE_ACTION = lazy_regex(r"^\s*(?:-\s+)?uses:\s*['\"]?(?:googleapis|"
                                    r"google-github-actions)/release-please-action@", re.M)


def release_please(snapshot: Snapshot) -> tuple[str, str] | None:
    """(where release-please is configured or run, the changelog it writes) when the tree
    uses it: its settings or manifest file, or a workflow's step (``uses:
    googleapis/release-please-action``).  The changelog is the one its settings name
    (``changelog-path``, at the top package), else its default, ``CHANGELOG.md``."""
    found = [p for p in RELEASE_PLEASE if snapshot.has(p)] or [
        p for p in sorted(snapshot.texts) if p.startswith(".github/workflows/") and
        _RELEASE_PLEASE_ACTION.search(snapshot.text(p) or "")][:1]
    if not found:
        return None
    config = next((snapshot.json(p) for p in found if p.endswith("config.json")), None)
    top = config.get("packages", {}).get(".") if isinstance(config, dict) and \
        isinstance(config.get("packages"), dict) else None
    named = next((c["changelog-path"] for c in (top, config) if isinstance(c, dict) and
                  isinstance(c.get("changelog-path"), str)), "CHANGELOG.md")
    return found[0], named


def _release_please(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    """release-please writes the changelog and the version from the commit messages, in
    the release pull request it opens: a change adds no entry of its own."""
    found = release_please(snapshot)
    if not found:
        return None
    where, named = found
    by = f", run by the {posixpath.basename(where)} workflow," \
        if where.startswith(".github/workflows/") else f" (`{where}`)"
    return "conventions", f"Changelog: release-please{by} writes `{named}` and the version from " \
        "the commit messages in the release pull request it opens; a change adds no entry " \
        "by hand", [where]


_FRAGMENT = lazy_regex(r"^[^./]+\.[\w-]+(?:\.\d+)?\.(\w+)$")


def _towncrier(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    """Towncrier's fragments, named as the fragments already there are (`.md` or `.rst`:
    towncrier takes either, so it is read, not assumed)."""
    towncrier = table(snapshot.toml("pyproject.toml"), "tool", "towncrier") or \
        table(snapshot.toml("towncrier.toml"), "tool", "towncrier")
    if not towncrier:
        return None
    directory = str(towncrier.get("directory") or "newsfragments").rstrip("/") + "/"
    source = "pyproject.toml" if snapshot.has("pyproject.toml") and \
        table(snapshot.toml("pyproject.toml"), "tool", "towncrier") else "towncrier.toml"
    kinds = Counter(m.group(1) for p in snapshot.paths if p.startswith(directory) and
                    (m := _FRAGMENT.match(p[len(directory):])) and
                    m.group(1) not in ("txt", "jinja", "j2"))
    shape = f"{{issue}}.{{type}}.{kinds.most_common(1)[0][0]}" if kinds else "{issue}.{type}"
    types = _fragment_types(towncrier)
    example = next((p[len(directory):] for p in sorted(snapshot.paths)
                    if p.startswith(directory) and _FRAGMENT.match(p[len(directory):]) and
                    p[len(directory):].split(".")[1] in types), "") if types else ""
    said = (f", types {', '.join(types)}" if types else "") + \
        (f"; e.g. `{example}`" if example else "")
    return "conventions", f"Changelog: each user-facing change adds a towncrier fragment " \
        f"in `{directory}` (`{shape}`{said})", [source, directory]


def _fragment_types(towncrier: dict[str, object]) -> list[str]:
    """The fragment types the project configures: ``[tool.towncrier.fragment.<type>]``
    tables, or ``[[tool.towncrier.type]]`` entries' ``directory``; [] for towncrier's
    defaults (none configured)."""
    tables = towncrier.get("fragment")
    if isinstance(tables, dict):
        return [str(k) for k in tables]
    entries = towncrier.get("type")
    return [str(e["directory"]) for e in entries if isinstance(e, dict) and e.get("directory")] \
        if isinstance(entries, list) else []


def _changesets(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    """Changesets: a change that users see needs a changeset file in `.changeset/`."""
    if not snapshot.has(".changeset/config.json"):
        return None
    tool = manager(snapshot)[0]
    run = "npx" if tool == "npm" else tool
    return "conventions", "Changelog: each user-facing change adds a changeset in " \
        f"`.changeset/` (`{run} changeset`)", [".changeset/config.json"]


def _entries(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    people = [c for c in snapshot.history if not is_bot(c.author)]
    fragments = _fragments(people)
    if fragments:
        return fragments
    # the common names first, then any the tree's top has (Perl's `Changes`, `NEWS`), then
    # one in the docs where the top's only points there (time-machine's CHANGELOG.rst: "See
    # https://time-machine.readthedocs.io/.../changelog.html", docs/changelog.rst the one)
    named = [n for n in _CHANGELOGS if snapshot.has(n)] + \
        [p for p in changelogs(snapshot.paths) if "/" not in p]
    name = next((n for n in named if not _points_elsewhere(snapshot.text(n))), "")
    if named and not name:
        name = next((p for p in changelogs(snapshot.paths) if "/" in p), named[0])
    if not name or len(people) < _MIN_COMMITS:
        return None
    touching = sum(name in c.paths for c in people)
    script = generator(snapshot.paths)
    if script and touching <= _AT_RELEASE * len(people):
        return "conventions", f"Changelog: `{name}` is generated by the script `{script}`, " \
            f"not written with each change ({touching} of the last {len(people)} commits " \
            "touched it)", [name, script]
    if touching / len(people) < _MIN_SHARE:
        return _at_release(name, people)
    newest = _newest(people)
    if sum(name in c.paths for c in newest) / len(newest) < min(
            _MIN_SHARE, touching / len(people) / 2):
        return _at_release(name, newest)
    return "conventions", f"Changelog: changes add an entry to `{name}` ({touching} of the " \
        f"last {len(people)} commits did)", [name]


def _points_elsewhere(text: str | None) -> bool:
    """Whether a changelog's whole text is a pointer to where the changelog is kept."""
    lines = [line for line in (text or "").splitlines() if line.strip()]
    return 0 < len(lines) <= 3 and bool(_POINTER.search(" ".join(lines)))


_POINTER = lazy_regex(r"https?://|\bsee\b|\bmoved\b", re.I)


_NEWEST = 4  # the newest quarter of the commits measured


def _newest(people: list[Recent]) -> list[Recent]:
    """The newest stretch of the commits a habit is measured on (a quarter, at least
    :data:`_MIN_COMMITS`): a habit the whole history shows but these follow at less than
    half its share was given up, and is no rule the project keeps (highlight.js's "stop
    asking contributors to update CHANGES.md": 96 of 182 commits added an entry, 8 of the
    newest 45; docs/design.md, "Data flow", step 5)."""
    return people[:max(_MIN_COMMITS, len(people) // _NEWEST)]


# A script named for writing the changelog (sqlx's `gen-changelog.sh`, `scripts/
# generate_changelog.py`), at the top or where a project keeps its scripts.
_GENERATOR = lazy_regex(r"^(?:(?:scripts?|tools?|bin|dev|ci)/)?(?:gen|generate|make|build|"
                        r"update|create)[-_]?change-?log[-_]?\w*\.(?:sh|bash|py|rb|pl|js|"
                        r"mjs|ts)$", re.I)


def generator(paths: list[str]) -> str:
    """The one script the tree names for writing the changelog; "" for none or several."""
    found = [p for p in paths if _GENERATOR.match(p)]
    return found[0] if len(found) == 1 else ""


_PROSE = (".md", ".rst", ".txt", ".adoc")
_MIN_OWN = 2
_AT_RELEASE = 0.1  # of people's commits at most: entries written with each change are more


def _at_release(name: str, people: list[Recent]) -> tuple[str, str, list[str]] | None:
    """"Changelog: `CHANGELOG.md` is written at release time, in commits of its own
    (`Update Changelog`), not with each change": few commits touch the changelog (a
    tenth at most: entries that come with each change, even in commits of their own,
    are more), and nearly all of those (three in four) touch it alone or with other prose
    (the docs): it is written when a release is made, so a change adds no entry."""
    touching = [c for c in people if name in c.paths]
    own = [c for c in touching if all(p == name or p.endswith(_PROSE) for p in c.paths)]
    if len(own) < _MIN_OWN or 4 * len(own) < 3 * len(touching) or \
            len(touching) > _AT_RELEASE * len(people):
        return None
    return "conventions", f"Changelog: `{name}` is written at release time, in commits of " \
        f"its own (e.g. `{own[0].subject}`), not with each change ({len(touching)} of the " \
        f"last {len(people)} commits touched it)", [name]

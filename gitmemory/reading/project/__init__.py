"""How the repository is worked on, read from its own files (docs/design.md, "Data flow").

A history rarely says how to run the tests, which linter and settings shape the code,
which runtime version it needs or how commits are written; the repository does: task
runners (Makefile, justfile, Taskfile, tox, nox, package.json scripts, Rakefile,
pyproject task tables, Cargo aliases), CI workflows, manifests of every ecosystem
(pyproject.toml, package.json, go.mod, Cargo.toml, Gradle and Maven, Gemfile and
gemspec, global.json, CMake, Meson, mix.exs, composer.json, Package.swift,
pubspec.yaml), tool settings, the contributing guide, and the recent history's subjects.

:func:`read_tree` is a pure function of a tree (a :class:`Snapshot` of one commit):
it returns :class:`Reading` items, each with a stable slot key (``Tests``,
``Commands in `packages/vite/```) and the files it was read from.  A newer reading
of a slot replaces the older (:func:`slot`); a reading no longer made (its files
gone) goes.  :func:`read_history` adds what is measured on the recent history.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Extraction
from gitmemory.reading.project import (
    action_pins,
    analysis,
    blame_ignore,
    changelog_form,
    commit_style,
    commit_template,
    dart_lints,
    decisions,
    devcontainer,
    ecosystems,
    files_read,
    generated,
    git_hooks,
    guide_rules,
    hook_rules,
    label_checks,
    license_header,
    places,
    policies,
    pr_checklist,
    python_modules,
    releases,
    services,
    settings,
    slots,
    source_languages,
    test_files,
    test_libraries,
    test_tags,
    title_checks,
    toolchain,
)
from gitmemory.reading.project.files_read import wanted
from gitmemory.reading.project.snapshot import Recent, Snapshot

__all__ = ["SLOTS", "Reading", "Recent", "Snapshot", "bootstrap_extractions", "is_source",
           "read_history", "read_tree", "slot", "wanted"]

CONFIDENCE = 0.9
RUNTIMES = ("Node", "Go", "Rust", "Java", "JVM", "Gradle", "Ruby", ".NET", "C++", "C", "Elixir",
            "PHP", "Swift", "Dart", "Scala", "Haskell", "OCaml", "Zig", "Erlang", "Julia", "R",
            "Crystal", "Gleam", "Linters", "Packages")
# The order items are given in: what an agent needs first, first.
_RANK = {slot: n for n, slot in enumerate((*slots.SLOTS, "Python", *RUNTIMES, "Toolchain",
                                           "Layout", "Submodules", "Code style",
                                           "Lint rules",
                                           *analysis.SLOTS, "Typing", *python_modules.SLOTS,
                                           "Hooks", "Services", "Generated code",
                                           "Test libraries", *test_files.SLOTS,
                                           "License header",
                                           "Changelog entries", *title_checks.SLOTS,
                                           *blame_ignore.SLOTS,
                                           *guide_rules.SLOTS, *pr_checklist.SLOTS,
                                           *releases.SLOTS))}
SLOTS = (*slots.SLOTS, *analysis.SLOTS, *settings.SLOTS, *git_hooks.SLOTS, *services.SLOTS,
         *generated.SLOTS, *test_libraries.SLOTS, *test_files.SLOTS, *license_header.SLOTS,
         *changelog_form.SLOTS, *blame_ignore.SLOTS, *places.SLOTS,
         *commit_style.SLOTS, *title_checks.SLOTS,
         *devcontainer.SLOTS, *toolchain.SLOTS, *RUNTIMES, *guide_rules.SLOTS,
         *pr_checklist.SLOTS, *decisions.SLOTS, *policies.SLOTS, *test_tags.SLOTS, *releases.SLOTS,
         *python_modules.SLOTS, *action_pins.SLOTS, *label_checks.SLOTS,
         *commit_template.SLOTS)
_SLOT = lazy_regex(r"^((?:" + "|".join(re.escape(s) for s in SLOTS) + r")(?: in `[^`\n]+`)?)"
                   r": ")
# Files at the top of the tree that anchor a repository-wide item there: an item citing
# only `.github/workflows/ci.yml` would otherwise concern that directory alone
# (outputs/areas.py).  The manifest of the language most of the tree is written in first
# (a .NET project's solution, not the package.json of its spell checker).
_ANCHORS = (("pyproject.toml", "python"), ("package.json", "node"), ("Cargo.toml", "rust"),
            ("go.mod", "go"), ("pom.xml", "jvm"), ("build.gradle.kts", "jvm"),
            ("build.gradle", "jvm"), ("Gemfile", "ruby"), ("CMakeLists.txt", "native"),
            ("meson.build", "native"), ("mix.exs", "elixir"), ("composer.json", "php"),
            ("Package.swift", "swift"), ("pubspec.yaml", "dart"), ("build.sbt", "scala"),
            ("build.mill", "scala"), ("build.sc", "scala"), ("setup.py", "python"),
            ("setup.cfg", "python"), ("deno.json", "node"), ("deno.jsonc", "node"),
            ("build.zig", "zig"),
            ("Makefile", ""), ("justfile", ""), ("Taskfile.yml", ""), ("configure.ac", "native"),
            ("README.md", ""))


@dataclass(frozen=True)
class Reading:
    """One item read from the repository: its slot key, section, text and sources."""

    key: str
    section: str
    text: str
    paths: tuple[str, ...]

    def extraction(self) -> Extraction:
        return Extraction(self.section, self.text, CONFIDENCE, (), self.paths)


def is_source(path: str) -> bool:
    """Whether the bootstrap reads ``path``: a commit that changes it refreshes memory."""
    return files_read.matches(path)


def slot(text: str) -> str | None:
    """The slot a bootstrap item fills (``Tests``, ``Commands in `crates/cli/```), or None
    for any other line."""
    match = _SLOT.match(text)
    return match.group(1) if match else None


def read_tree(snapshot: Snapshot) -> list[Reading]:
    """What the tree says about working in it, most needed first (the commands, then the
    language and runtime versions, then layout and settings); one item per slot."""
    found = [*slots.items(snapshot), *places.items(snapshot), *settings.items(snapshot),
             *analysis.items(snapshot), *dart_lints.items(snapshot),
             *git_hooks.items(snapshot), *services.items(snapshot),
             *generated.items(snapshot),
             *test_libraries.items(snapshot), *test_files.items(snapshot),
             *license_header.items(snapshot), *action_pins.items(snapshot),
             *changelog_form.items(snapshot), *title_checks.items(snapshot),
             *label_checks.items(snapshot), *commit_template.items(snapshot),
             *blame_ignore.items(snapshot),
             *[f for e in ecosystems.found_in(snapshot) for f in e.facts(snapshot)],
             *devcontainer.items(snapshot), *toolchain.items(snapshot),
             *guide_rules.items(snapshot), *hook_rules.items(snapshot),
             *pr_checklist.items(snapshot), *decisions.items(snapshot),
             *policies.items(snapshot), *test_tags.items(snapshot),
             *releases.items(snapshot), *python_modules.items(snapshot)]
    readings = _readings(snapshot, found)
    return sorted(readings, key=lambda r: _RANK.get(r.key.split(" in `")[0], len(_RANK)))


def read_history(snapshot: Snapshot) -> list[Reading]:
    """What the recent history of ``snapshot`` shows: how commits are written."""
    return _readings(snapshot, list(commit_style.items(snapshot)))


def bootstrap_extractions(snapshot: Snapshot) -> list[Extraction]:
    """:func:`read_tree` and :func:`read_history` as extractions."""
    return [r.extraction() for r in [*read_tree(snapshot), *read_history(snapshot)]]


def _readings(snapshot: Snapshot, found: list[tuple[str, str, list[str]]]) -> list[Reading]:
    out: dict[str, Reading] = {}
    for section, text, paths in found:
        key = slot(text)
        key = text if key in decisions.SLOTS else key  # one item for each record
        if key is None or key in out:
            continue
        shown = tuple(dict.fromkeys(_dir(p) for p in paths if p))
        if shown and " in `" not in key and all("/" in p for p in shown):
            anchor = _anchor(snapshot)
            shown = (*shown, anchor) if anchor else shown
        out[key] = Reading(key, section, text, shown)
    return list(out.values())


def _anchor(snapshot: Snapshot) -> str:
    solutions = sorted(p for p in snapshot.paths if "/" not in p and p.endswith((".sln", ".slnx")))
    found = [(path, eco) for path, eco in _ANCHORS if snapshot.has(path)] + \
        [(path, "dotnet") for path in solutions[:1]]
    found.sort(key=lambda f: -source_languages.share_of(snapshot, f[1]))
    if found:
        return found[0][0]
    # a README in any case at the top (TypeBox's `readme.md`): a Build read from CI alone
    # went to the workflows' rule file, out of CLAUDE.md
    return next((p for p in sorted(snapshot.paths)
                 if "/" not in p and p.lower().startswith("readme")), "")


def _dir(path: str) -> str:
    """Paths as the tree has them; a directory keeps its trailing ``/``."""
    import posixpath

    return path if path.endswith("/") else posixpath.normpath(path)

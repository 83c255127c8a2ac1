"""Dart and Flutter: pubspec.yaml's package, its commands (``dart test`` or ``flutter
test`` where there are tests, ``dart analyze``, ``dart format .``, ``dart pub get``; the
``flutter`` tool when the package depends on the Flutter SDK), a Melos workspace's
scripts (``melos run <name>``, from melos.yaml or pubspec.yaml's ``melos``) and the SDK
versions its ``environment`` asks for.  A workspace's packages (Melos's ``packages:``
globs, a pub workspace's ``workspace:`` list) each run their own tests in their own
directory: a workspace's root has none.
"""

from __future__ import annotations

import posixpath
from typing import Any

from gitmemory.reading.project.node import workspace_glob
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.source_languages import OUTSIDE
from gitmemory.reading.project.task import IMPLIED, Task, make_task

FILES = ("pubspec.yaml", "melos.yaml", "analysis_options.yaml")
MAX_PACKAGES = 12


class Dart:
    name = "dart"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("pubspec.yaml")

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        melos = snapshot.yaml("melos.yaml")
        path = "melos.yaml"
        if not isinstance(melos, dict):
            melos, path = _pubspec(snapshot).get("melos"), "pubspec.yaml"
        scripts = melos.get("scripts") if isinstance(melos, dict) else None
        if not isinstance(scripts, dict):
            return []
        out = []
        for name, spec in scripts.items():
            run = spec.get("run") or spec.get("exec") if isinstance(spec, dict) else spec
            lines = [run] if isinstance(run, str) else []
            steps = spec.get("steps") if isinstance(spec, dict) else None
            calls = [f"melos run {s}" for s in steps or [] if isinstance(s, str) and s in scripts]
            out.append(make_task(str(name), f"melos run {name}", lines, path, calls=calls))
        return out

    def implied(self, snapshot: Snapshot) -> list[Task]:
        tool = "flutter" if flutter(_pubspec(snapshot)) else "dart"
        found = [Task("setup", f"{tool} pub get", (), "pubspec.yaml", "setup", IMPLIED),
                 Task("lint", f"{tool} analyze", (), "pubspec.yaml", "lint", IMPLIED),
                 Task("format", "dart format .", (), "pubspec.yaml", "format", IMPLIED)]
        if snapshot.has_dir("test"):
            found.append(Task("test", f"{tool} test", (), "pubspec.yaml", "test", IMPLIED))
        return found

    def packages(self, snapshot: Snapshot) -> list[tuple[str, list[Task]]]:
        """(directory, its test task) of each workspace package with a ``test/``
        directory: ``flutter test`` for a Flutter package, else ``dart test``."""
        out = []
        for path in workspace_pubspecs(snapshot)[:MAX_PACKAGES]:
            directory = posixpath.dirname(path)
            if snapshot.has_dir(f"{directory}/test"):
                doc = snapshot.yaml(path)
                tool = "flutter" if flutter(doc if isinstance(doc, dict) else {}) else "dart"
                out.append((directory, [Task("test", f"{tool} test", (), path, "test", IMPLIED,
                                             directory)]))
        return out

    def facts(self, snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
        env = _pubspec(snapshot).get("environment")
        if not isinstance(env, dict):
            return []
        parts = [f"{label} `{env[key]}`" for key, label in (("sdk", "SDK"), ("flutter", "Flutter"))
                 if isinstance(env.get(key), str)]
        return [("conventions", "Dart: " + ", ".join(parts) + " (pubspec.yaml `environment`)",
                 ["pubspec.yaml"])] if parts else []


def _pubspec(snapshot: Snapshot) -> dict[str, Any]:
    doc = snapshot.yaml("pubspec.yaml")
    return doc if isinstance(doc, dict) else {}


def workspace_pubspecs(snapshot: Snapshot) -> list[str]:
    """The ``pubspec.yaml`` of each package a workspace lists: melos.yaml's (or
    pubspec.yaml's ``melos``) ``packages:`` globs, or a pub workspace's ``workspace:``
    directories, in tree order; with no package at the top and no workspace, each
    package kept side by side with others (``packages/*``, ``pkgs/*``: each tested on its
    own); as a Node workspace's, only the manifests the reading reads (never an example's)."""
    melos = snapshot.yaml("melos.yaml")
    if not isinstance(melos, dict):
        melos = _pubspec(snapshot).get("melos")
    globs = melos.get("packages") if isinstance(melos, dict) else None
    if not isinstance(globs, list):
        globs = _pubspec(snapshot).get("workspace")
    if not isinstance(globs, list) and not snapshot.has("pubspec.yaml"):
        globs = _side_by_side(snapshot)  # no workspace: each package its own
    if not isinstance(globs, list):
        return []
    patterns = [g.rstrip("/") for g in globs if isinstance(g, str) and not g.startswith("!")]
    return [p for p in sorted(snapshot.texts) if p.endswith("/pubspec.yaml") and
            any(workspace_glob(posixpath.dirname(p), g) for g in patterns)]


def _side_by_side(snapshot: Snapshot) -> list[str]:
    """``<dir>/*`` for each directory at the top that keeps packages side by side:
    ``packages/``, or any other holding two or more (mono_repo's ``pkgs/``); never one
    whose files are not the project's own (``examples/``, ``docs/``)."""
    held: dict[str, int] = {}
    for path in snapshot.texts:
        parts = path.split("/")
        if len(parts) == 3 and parts[2] == "pubspec.yaml" and not OUTSIDE.match(path):
            held[parts[0]] = held.get(parts[0], 0) + 1
    return [f"{top}/*" for top, count in sorted(held.items())
            if count >= 2 or top == "packages"]


def flutter(pubspec: dict[str, Any]) -> bool:
    """Whether the package depends on the Flutter SDK (``flutter: {sdk: flutter}``)."""
    deps = pubspec.get("dependencies")
    return isinstance(deps, dict) and isinstance(deps.get("flutter"), dict) and \
        deps["flutter"].get("sdk") == "flutter"

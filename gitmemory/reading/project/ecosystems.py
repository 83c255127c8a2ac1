"""The ecosystems the bootstrap knows, each one object with the same few methods.

An ecosystem says whether the tree is one of its projects (``present``), the tasks
its own runners define (``tasks``: package.json scripts, tox envs, Rakefile tasks,
Cargo aliases, mix aliases, composer scripts), the conventional commands that are
certain for it (``implied``:
``cargo test``, ``go test ./...`` where there are tests, ``./gradlew test``), the
facts of its manifests (``facts``: language and runtime versions), and, for a
monorepo, each package with commands of its own (``packages``).
"""

from __future__ import annotations

from typing import Protocol

from gitmemory.reading.project import source_languages
from gitmemory.reading.project.buildtools import (
    Clojure,
    Crystal,
    Dub,
    Erlang,
    Fpm,
    Gleam,
    Haskell,
    Julia,
    Mill,
    Ocaml,
    Sbt,
    Zig,
)
from gitmemory.reading.project.cfamily import Native
from gitmemory.reading.project.dart import Dart
from gitmemory.reading.project.deno import Deno
from gitmemory.reading.project.dotnet import Dotnet
from gitmemory.reading.project.elixir import Elixir
from gitmemory.reading.project.golang import Go
from gitmemory.reading.project.jvm import Jvm
from gitmemory.reading.project.node import Node
from gitmemory.reading.project.php import Php
from gitmemory.reading.project.python import Python
from gitmemory.reading.project.ruby import Ruby
from gitmemory.reading.project.rust import Rust
from gitmemory.reading.project.scripting import Lua, Perl, RPackage
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.swift import Swift
from gitmemory.reading.project.task import Task

Found = tuple[str, str, list[str]]  # (section, text, the paths it was read from)


class Ecosystem(Protocol):
    name: str

    def present(self, snapshot: Snapshot) -> bool: ...

    def tasks(self, snapshot: Snapshot) -> list[Task]: ...

    def implied(self, snapshot: Snapshot) -> list[Task]: ...

    def facts(self, snapshot: Snapshot) -> list[Found]: ...


class Packaged(Protocol):
    def packages(self, snapshot: Snapshot) -> list[tuple[str, list[Task]]]: ...


ALL: tuple[Ecosystem, ...] = (Python(), Node(), Go(), Rust(), Jvm(), Ruby(), Dotnet(),
                              Native(), Elixir(), Php(), Swift(), Dart(), Sbt(), Mill(), Haskell(),
                              Ocaml(), Zig(), Erlang(), Clojure(), Julia(), Deno(), RPackage(),
                              Perl(), Lua(), Crystal(), Gleam(), Dub(), Fpm())
WITH_PACKAGES: tuple[Packaged, ...] = (Node(), Rust(), Go(), Elixir(), Dart())


def found_in(snapshot: Snapshot) -> list[Ecosystem]:
    """The ecosystems present, the one whose languages most of the tree is written in
    first; one with no source file of its languages in a tree that has source files is a
    tool's manifest, not the project's (a C library's NuGet packaging project, a .NET
    library's spell-check package.json)."""
    written = source_languages.shares(snapshot)
    found = [e for e in ALL if e.present(snapshot) and (
        not written or source_languages.share_of(snapshot, e.name) > 0)]
    return sorted(found, key=lambda e: -source_languages.share_of(snapshot, e.name))

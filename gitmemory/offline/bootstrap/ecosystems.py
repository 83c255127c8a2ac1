"""The ecosystems the bootstrap knows, each one object with the same few methods.

An ecosystem says whether the tree is one of its projects (``present``), the tasks
its own runners define (``tasks``: package.json scripts, tox envs, Rakefile tasks,
Cargo aliases), the conventional commands that are certain for it (``implied``:
``cargo test``, ``go test ./...`` where there are tests, ``./gradlew test``), the
facts of its manifests (``facts``: language and runtime versions), and, for a
monorepo, each package with commands of its own (``packages``).
"""

from __future__ import annotations

from typing import Protocol

from gitmemory.offline.bootstrap.dotnet import Dotnet
from gitmemory.offline.bootstrap.golang import Go
from gitmemory.offline.bootstrap.jvm import Jvm
from gitmemory.offline.bootstrap.native import Native
from gitmemory.offline.bootstrap.node import Node
from gitmemory.offline.bootstrap.python import Python
from gitmemory.offline.bootstrap.ruby import Ruby
from gitmemory.offline.bootstrap.rust import Rust
from gitmemory.offline.bootstrap.snapshot import Snapshot
from gitmemory.offline.bootstrap.task import Task

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
                              Native())
WITH_PACKAGES: tuple[Packaged, ...] = (Node(), Rust(), Go())


def present(snapshot: Snapshot) -> list[Ecosystem]:
    return [e for e in ALL if e.present(snapshot)]

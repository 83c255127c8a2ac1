"""Swift: the Swift Package Manager's commands (``swift build``, ``swift test`` where the
package has tests; ``swift build`` resolves the dependencies itself), SwiftFormat,
swift-format and SwiftLint where the tree configures them, the tools version of
Package.swift and a pinned Swift.
"""

from __future__ import annotations

import re

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.task import IMPLIED, Task

_TOOLS_VERSION = lazy_regex(r"^//\s*swift-tools-version\s*:\s*(\d+(?:\.\d+){0,2})", re.I)


class Swift:
    name = "swift"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("Package.swift")

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        found = [Task("build", "swift build", (), "Package.swift", "build", IMPLIED)]
        if snapshot.has_dir("Tests") or ".testTarget(" in (snapshot.text("Package.swift") or ""):
            found.append(Task("test", "swift test", (), "Package.swift", "test", IMPLIED))
        if snapshot.has(".swiftformat"):
            found.append(Task("format", "swiftformat .", (), ".swiftformat", "format", IMPLIED))
        elif snapshot.has(".swift-format"):
            found.append(Task("format", "swift-format format --in-place --recursive .", (),
                              ".swift-format", "format", IMPLIED))
        if snapshot.has(".swiftlint.yml"):
            found.append(Task("lint", "swiftlint", (), ".swiftlint.yml", "lint", IMPLIED))
        elif snapshot.has(".swift-format"):
            found.append(Task("lint", "swift-format lint --recursive .", (), ".swift-format",
                              "lint", IMPLIED))
        return found

    def facts(self, snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
        parts: list[str] = []
        paths: list[str] = []
        version = _TOOLS_VERSION.match((snapshot.text("Package.swift") or "").lstrip())
        if version:
            parts.append(f"tools version {version.group(1)} (Package.swift)")
            paths.append("Package.swift")
        pin = (snapshot.text(".swift-version") or "").strip()
        if pin:
            parts.append(f"pinned to {pin.splitlines()[0]} (.swift-version)")
            paths.append(".swift-version")
        return [("conventions", "Swift: " + "; ".join(parts), paths)] if parts else []

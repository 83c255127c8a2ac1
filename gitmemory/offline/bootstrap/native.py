"""C and C++: CMake (a build directory, ``ctest`` where the project enables tests),
Meson, autotools (``make check``); the language standard and clang-format's style.
"""

from __future__ import annotations

import re

from gitmemory.offline.bootstrap.snapshot import Snapshot
from gitmemory.offline.bootstrap.task import IMPLIED, Task

_STD = re.compile(r"(?:cxx_std_|CMAKE_CXX_STANDARD\s+|cpp_std=c\+\+)(\d+)")
_C_STD = re.compile(r"(?:c_std_|CMAKE_C_STANDARD\s+|c_std=c)(\d+)")
_CMAKE_MIN = re.compile(r"cmake_minimum_required\s*\(\s*VERSION\s+(\d+\.\d+)", re.I)
_TESTS = re.compile(r"enable_testing\s*\(|include\s*\(\s*CTest\s*\)|add_test\s*\(", re.I)


class Native:
    name = "native"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("CMakeLists.txt") or snapshot.has("meson.build") or \
            snapshot.has("configure.ac")

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        if snapshot.has("CMakeLists.txt"):
            found = [Task("build", "cmake -B build && cmake --build build", (),
                          "CMakeLists.txt", "build", IMPLIED)]
            cmake = " ".join(snapshot.text(p) or "" for p in snapshot.texts
                             if p.endswith("CMakeLists.txt"))
            if _TESTS.search(cmake):
                found.insert(0, Task("test", "ctest --test-dir build", (), "CMakeLists.txt",
                                     "test", IMPLIED))
        elif snapshot.has("meson.build"):
            found = [Task("test", "meson test -C build", (), "meson.build", "test", IMPLIED),
                     Task("build", "meson setup build && meson compile -C build", (),
                          "meson.build", "build", IMPLIED)]
        elif snapshot.has("configure.ac"):
            found = [Task("test", "make check", (), "configure.ac", "test", IMPLIED),
                     Task("build", "autoreconf -i && ./configure && make", (), "configure.ac",
                          "build", IMPLIED)]
        else:
            return []
        if snapshot.has(".clang-format"):
            found.append(Task("format", "clang-format -i", (), ".clang-format", "format",
                              IMPLIED))
        return found

    def facts(self, snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
        for path in ("CMakeLists.txt", "meson.build"):
            text = snapshot.text(path) or ""
            std, c_std = _STD.search(text), _C_STD.search(text)
            parts = [f"C++{std.group(1)}" if std else "", f"C{c_std.group(1)}" if c_std else ""]
            minimum = _CMAKE_MIN.search(text)
            if minimum and path == "CMakeLists.txt":
                parts.append(f"CMake {minimum.group(1)} or later")
            parts = [p for p in parts if p]
            if std or c_std:
                label = "C++" if std else "C"
                return [("facts", f"{label}: " + "; ".join(parts) + f" ({path})", [path])]
        return []

"""C and C++: CMake (a build directory, ``ctest`` where the project enables tests, with
the test programs it runs),
Meson, autotools (``make check``), each test command with the build it needs first; the
language standard.  ``clang-format`` is never named by convention: it formats the files
it is given, and no convention knows them (a task or hook that runs it is read).
"""

from __future__ import annotations

import json
import posixpath
import re
from typing import Any

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import guides
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.task import IMPLIED, Task

_STD = lazy_regex(r"(?:cxx_std_|\bCMAKE_CXX_STANDARD\s+|\bCXX_STANDARD\s+|cpp_std=c\+\+)(\d+)")
_STD_VARIABLE = lazy_regex(r"\bCMAKE_CXX_STANDARD\s+\$\{(\w+)\}")
_C_STD = lazy_regex(r"(?:c_std_|CMAKE_C_STANDARD\s+|c_std=c)(\d+)")
_CMAKE_MIN = lazy_regex(r"cmake_minimum_required\s*\(\s*VERSION\s+(\d+\.\d+)", re.I)
_SUBDIRECTORY = lazy_regex(r"^\s*add_subdirectory\s*\(\s*([\w.-]+)", re.M | re.I)
_INCLUDE = lazy_regex(r"^\s*include\s*\(\s*([\w./-]+\.cmake)\b", re.M | re.I)
_TESTS = lazy_regex(r"enable_testing\s*\(|include\s*\(\s*CTest\s*\)|add_test\s*\(", re.I)
_ADD_TEST = lazy_regex(r"\badd_test\s*\(\s*(?:NAME\s+\S+\s+COMMAND\s+|[\w.-]+\s+)([^\s)]+)",
                       re.I)
_EXECUTABLE = lazy_regex(r"\badd_executable\s*\(\s*([\w.-]+)", re.I)
_MAX_PROGRAMS = 2


# What makes automake's `make check` run tests: the test variables, a `check-local` (or
# `check`) target of the Makefile.am's own, DejaGnu.
_AM_TESTS = lazy_regex(r"^\s*(?:TESTS|XFAIL_TESTS|check_PROGRAMS|check_SCRIPTS|check_LTLIBRARIES|"
                       r"DEJATOOL)\s*[+:]?=|^check(?:-local)?\s*:|^\s*AUTOMAKE_OPTIONS\s*=.*"
                       r"\bdejagnu\b", re.M)
# Scripts beside configure.ac that generate configure (and run what it needs first)
_BOOTSTRAPS = ("autogen.sh", "bootstrap", "bootstrap.sh", "buildconf.sh", "buildconf", "autogen")


def _checks(snapshot: Snapshot) -> bool:
    """Whether automake's `make check` runs tests: a Makefile.am declares them
    (:data:`_AM_TESTS`), or one below the first level, unread, may; without any Makefile.am
    (autoconf alone) it is not judged.  The same question the CMake reading asks
    (`add_test`) before it says `ctest`: htop's Makefile.am declares none."""
    makefiles = [p for p in snapshot.paths if p.rpartition("/")[2] == "Makefile.am"]
    if not makefiles or any(p.count("/") > 1 for p in makefiles):
        return True
    return any(_AM_TESTS.search(snapshot.text(p) or "") or snapshot.text(p) is None
               for p in makefiles)


# The tests added only under an option that is off unless given (qBittorrent's
# `feature_option(TESTING "Build internal testing suite" OFF)`, then `if (TESTING)
# add_subdirectory(test)`): the build that runs them is configured with it on.
_GATED_TESTS = lazy_regex(r"^\s*if\s*\(\s*(\w+)\s*\)\s*\n\s*add_subdirectory\s*\(\s*"
                          r"(?:tests?|unittests?|testing)\b", re.M | re.I)
_OFF_OPTION = r"^\s*\w*option\s*\(\s*{}\s+\"[^\"]*\"\s+OFF\s*\)"


def _testing_option(top: str) -> str:
    """The option that gates the tests off by default (:data:`_GATED_TESTS`), or ""."""
    for m in _GATED_TESTS.finditer(top):
        if re.search(_OFF_OPTION.format(re.escape(m.group(1))), top, re.M | re.I):
            return m.group(1)
    return ""


class Native:
    name = "native"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("CMakeLists.txt") or snapshot.has("meson.build") or \
            snapshot.has("configure.ac")

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        if snapshot.has("CMakeLists.txt") and not _meson_first(snapshot):
            preset, tested = presets(snapshot)
            gate = "" if preset else _testing_option(snapshot.text("CMakeLists.txt") or "")
            build = f"cmake --preset {preset} && cmake --build --preset {preset}" if preset \
                else "cmake -B build && cmake --build build"
            built = f"cmake -B build -D{gate}=ON && cmake --build build" if gate else build
            read = (PRESETS,) if preset else ()
            found = [Task("build", build, (), "CMakeLists.txt", "build", IMPLIED, also=read)]
            cmake = " ".join(snapshot.text(p) or "" for p in snapshot.texts
                             if p.endswith("CMakeLists.txt"))
            if _TESTS.search(cmake):
                test = f"ctest --preset {preset}" if tested else "ctest --test-dir build"
                found.insert(0, Task("test", test, _registered(cmake), "CMakeLists.txt",
                                     "test", IMPLIED, needs=built, also=read))
        elif snapshot.has("meson.build"):
            found = [Task("test", "meson test -C build", (), "meson.build", "test", IMPLIED,
                          needs="meson setup build"),
                     Task("build", "meson setup build && meson compile -C build", (),
                          "meson.build", "build", IMPLIED)]
        elif snapshot.has("configure.ac"):
            # the project's own script that generates configure may do more than autoreconf
            script = next((s for s in _BOOTSTRAPS if snapshot.has(s)), "")
            generate = f"./{script}" if script else "autoreconf -i"
            source = ["configure.ac", script] if script else ["configure.ac"]
            found = [Task("test", "make check", (), source[0], "test", IMPLIED,
                          needs=f"{generate} && ./configure", also=tuple(source[1:]))
                     ] if _checks(snapshot) else []
            found.append(Task("build", f"{generate} && ./configure && make", (), source[0],
                              "build", IMPLIED, also=tuple(source[1:])))
        else:
            return []
        return found

    def facts(self, snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
        """The lowest language standard the build asks for (a higher one is usually an
        option's), from the top CMakeLists.txt or meson.build, else ``src/``'s, else a
        subproject's the top adds (``add_subdirectory(googletest)``); a CMakeLists.txt
        with the ``.cmake`` modules it includes (``cmake/internal_utils.cmake``)."""
        top = snapshot.text("CMakeLists.txt") or ""
        added = [f"{d}/CMakeLists.txt" for d in _SUBDIRECTORY.findall(top)]
        for path in dict.fromkeys(("CMakeLists.txt", "meson.build", "src/CMakeLists.txt",
                                   *added)):
            text = _with_modules(snapshot, path)
            for variable in _STD_VARIABLE.findall(text):  # set(CMAKE_CXX_STANDARD ${X_STD})
                value = re.search(rf"set\(\s*{variable}\s+(\d+)", text)
                text += f"\nCMAKE_CXX_STANDARD {value.group(1)}" if value else ""
            cxx = sorted({int(m) for m in _STD.findall(text)})
            c = sorted({int(m) for m in _C_STD.findall(text)})
            if not cxx and not c:
                continue
            parts = [f"C++{cxx[0]}" if cxx else "", f"C{c[0]}" if c else ""]
            minimum = _CMAKE_MIN.search(snapshot.text("CMakeLists.txt") or "")
            if minimum:
                parts.append(f"CMake {minimum.group(1)} or later")
            label = "C++" if cxx else "C"
            said = "; ".join(p for p in parts if p)
            return [("conventions", f"{label}: {said} ({path})", [path])]
        return []


PRESETS = "CMakePresets.json"
_UNIX = ("Linux", "Darwin")


def presets(snapshot: Snapshot) -> tuple[str, bool]:
    """The CMake preset the project builds with (docs/design.md, "Commands that run"):
    the first configure preset of CMakePresets.json that is not hidden, is not kept
    for another system (its or an inherited ``condition`` names Windows and no Unix),
    and has a build preset of its own (``cmake --preset maintainer && cmake --build
    --preset maintainer``); and whether a test preset runs its tests (``ctest --preset
    maintainer``).  ("", False) without one: the build directory's commands stand."""
    doc = snapshot.json(PRESETS)
    if not isinstance(doc, dict):
        return "", False
    configure = {p["name"]: p for p in _named(doc.get("configurePresets"))}
    built = {p.get("configurePreset") for p in _named(doc.get("buildPresets"))
             if not p.get("hidden")}
    tested = {p.get("configurePreset") for p in _named(doc.get("testPresets"))
              if not p.get("hidden")}
    for name, preset in configure.items():
        if not preset.get("hidden") and name in built and not _elsewhere(configure, name):
            return name, name in tested
    return "", False


def _named(value: object) -> list[dict[str, Any]]:
    return [p for p in value if isinstance(p, dict) and isinstance(p.get("name"), str)] \
        if isinstance(value, list) else []


def _elsewhere(configure: dict[str, dict[str, Any]], name: str, depth: int = 8) -> bool:
    """Whether preset ``name`` (or one it inherits) is kept for a system other than
    Linux and macOS: its ``condition`` names Windows and neither of them."""
    preset = configure.get(name) or {}
    said = json.dumps(preset.get("condition") or "")
    if "Windows" in said and not any(u in said for u in _UNIX):
        return True
    parents = preset.get("inherits") or []
    parents = [parents] if isinstance(parents, str) else parents
    return depth > 0 and any(_elsewhere(configure, p, depth - 1) for p in parents
                             if isinstance(p, str))


# A line that starts CMake or Meson (`meson setup build`, `- run: cmake -B out`, `$ cmake ..`,
# `&& meson test`)
_STARTS = lazy_regex(r"(?:^[ \t]*(?:-[ \t]+)?(?:run:[ \t]*)?(?:\$[ \t]+)?|[;&|(][ \t]*)"
                     r"(cmake|meson)[ \t]", re.M)


def _meson_first(snapshot: Snapshot) -> bool:
    """Whether a tree with both a meson.build and a CMakeLists.txt at its top is built with
    Meson: its CI workflows and guides start Meson more often than CMake (harfbuzz keeps a
    community CMake build beside the Meson one its CI and TESTING.md use).  When
    they say nothing, or CMake as often, CMake."""
    if not snapshot.has("meson.build"):
        return False
    texts = [snapshot.text(p) or "" for p in snapshot.texts
             if p.startswith(".github/workflows/") or p in guides.GUIDES]
    counts = {"cmake": 0, "meson": 0}
    for text in texts:
        for tool in _STARTS.findall(text):
            counts[tool] += 1
    return counts["meson"] > counts["cmake"]


def _registered(cmake: str) -> tuple[str, ...]:
    """The test programs ``ctest`` runs, when every ``add_test`` runs one of at most two
    programs the build makes (``add_executable(ninja_test ...)``): an agent can run one
    of them alone, with its own filters.  None when a test runs a script or anything the
    build does not make, or when there are more programs than fit."""
    ran = list(dict.fromkeys(_ADD_TEST.findall(cmake)))
    made = set(_EXECUTABLE.findall(cmake))
    if not ran or len(ran) > _MAX_PROGRAMS or not all(r in made for r in ran):
        return ()
    return tuple(ran)


def _with_modules(snapshot: Snapshot, path: str) -> str:
    """``path``'s text, and for a CMakeLists.txt the text of each ``.cmake`` module of the
    tree it includes by a relative path."""
    text = snapshot.text(path) or ""
    if not path.endswith("CMakeLists.txt"):
        return text
    here = posixpath.dirname(path)
    for module in _INCLUDE.findall(text):
        if "$" not in module:
            text += "\n" + (snapshot.text(posixpath.normpath(posixpath.join(here, module)))
                            or "")
    return text

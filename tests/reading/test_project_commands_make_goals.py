"""What a Makefile builds and what a release job runs (issue 29, "commands" on repositories
never seen).  Lima's Build item was `make artifacts-linux`, a step of its release
workflow; its `limactl` rule asks for `_output/bin/limactl$(exe)`, whose recipe runs
`$(GO_BUILD)` (`$(strip $(GO) build ...)`), and that file's rule was no task at all, so
nothing said the default goal builds; its BATS suite runs from a copy of bats kept in
the tree.  The fixtures are written for these tests in the shape of that repository."""

from __future__ import annotations

from gitmemory.reading.project.runners import makefile_tasks
from gitmemory.reading.project.tool_roles import tool_purposes
from tests.reading.test_project_principles import lines, slot

MAKEFILE = """\
GO ?= go
GO_BUILD := $(strip $(GO) build -trimpath)

all: binaries docs

binaries: limactl

limactl: _output/bin/limactl$(exe)

_output/bin/limactl$(exe): go.mod
\t$(GO_BUILD) -o $@ ./cmd/limactl

docs:
\tmkdocs build

artifacts-linux:
\tGOOS=linux $(GO_BUILD) -o _artifacts/limactl ./cmd/limactl
\ttar czf _artifacts/lima.tar.gz -C _artifacts limactl
"""
RELEASE = """\
name: release
on:
  push:
    tags: ['v*']
jobs:
  release:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
      - run: make artifacts-linux
"""
FILES = {"go.mod": "module github.com/acme/lima\n\ngo 1.24\n", "Makefile": MAKEFILE,
         ".github/workflows/release.yml": RELEASE, "mkdocs.yml": "site_name: lima\n"}
PATHS = ("cmd/limactl/main.go", "pkg/store/store.go")


def test_a_file_a_rule_asks_for_is_made_by_that_rule() -> None:
    tasks = {t.name: t for t in makefile_tasks(MAKEFILE, "Makefile")}
    assert any(t[:3] == ("go", "build", "-trimpath") for t in tasks["limactl"].tools), \
        tasks["limactl"]
    assert not any("/" in name or "$" in name for name in tasks)


def test_the_default_goal_that_builds_is_the_build_not_a_release_jobs_step() -> None:
    item = slot(lines(FILES, PATHS), "Build")
    assert item.startswith("Build: `make`"), item
    assert "artifacts" not in item, item


def test_a_tool_kept_in_the_tree_is_that_tool() -> None:
    assert tool_purposes(["./hack/bats/lib/bats-core/bin/bats", "--timing", "tests"]) == \
        ("test",)
    assert tool_purposes(["./bin/setup"]) == ()


QBT_CMAKE = """\
cmake_minimum_required(VERSION 3.25)
project(qbt)
feature_option(TESTING "Build internal testing suite" OFF)
add_subdirectory(src)
if (TESTING)
    add_subdirectory(test)
endif()
"""
QBT_COVERITY = """\
jobs:
  scan:
    runs-on: ubuntu-latest
    steps:
      - run: cmake -B build -G Ninja
      - run: cov-build --dir cov-int cmake --build build
"""


def test_tests_gated_by_an_option_off_by_default_are_configured_with_it_on() -> None:
    """qBittorrent's tests exist only with `-DTESTING=ON`; `ctest` after a plain configure
    runs none (fresh28).  And a build under Coverity's `cov-build` is the analyser's, not
    the project's build."""
    files = {"CMakeLists.txt": QBT_CMAKE,
             "test/CMakeLists.txt": "enable_testing(true)\nadd_test(NAME t COMMAND t)\n",
             ".github/workflows/coverity-scan.yaml": QBT_COVERITY}
    found = lines(files, ("src/main.cpp", "test/t.cpp"))
    assert "-DTESTING=ON" in slot(found, "Tests"), slot(found, "Tests")
    assert "cov-build" not in slot(found, "Build"), slot(found, "Build")


def test_an_android_apps_build_is_assemble_debug() -> None:
    """Element X Android's Build item was `./gradlew build`, which lints and tests every
    variant; an Android app is built with `assembleDebug` (fresh28)."""
    root = ('plugins {\n    alias(libs.plugins.android.application) apply false\n'
            '    alias(libs.plugins.kotlin.android) apply false\n}\n')
    files = {"build.gradle.kts": root, "settings.gradle.kts": 'include(":app")\n',
             "gradlew": "#!/bin/sh\n"}
    found = lines(files, ("app/src/main/kotlin/Main.kt",))
    assert slot(found, "Build").startswith("Build: `./gradlew assembleDebug`"), found
    plain = lines({**files, "build.gradle.kts": 'plugins {\n    java\n}\n'},
                  ("src/main/java/Main.java",))
    assert slot(plain, "Build").startswith("Build: `./gradlew build`"), plain


def test_a_command_its_tool_took_out_is_never_the_tests() -> None:
    """Celery's `make test` runs `python setup.py test`, which setuptools 72 removed
    (fresh28): the Tests item named a command that stops at once."""
    files = {"Makefile": "PYTHON=python\n\ntest:\n\t$(PYTHON) setup.py test\n",
             "setup.py": "from setuptools import setup\nsetup()\n",
             "tox.ini": "[tox]\nenvlist = py312\n\n[testenv]\ncommands = pytest t/unit\n"}
    found = lines(files, ("celery/__init__.py", "t/unit/test_app.py"))
    assert "setup.py test" not in slot(found, "Tests"), slot(found, "Tests")


def test_the_trees_own_copy_of_the_toolchain_runs_the_convention() -> None:
    """TigerBeetle's guide runs `./zig/zig build test`, the compiler `zig/download.sh`
    fetches into the tree; every such line read as unusable (no tracked `zig/zig`), and the
    Tests item was whichever `zig` is installed (fresh28)."""
    files = {"build.zig": "const std = @import(\"std\");\n",
             "zig/download.sh": "#!/bin/sh\ncurl -o zig.tar.xz https://ziglang.org/x\n",
             "README.md": "# Ledger\n\n## Testing\n\n```console\n./zig/download.sh\n"
                          "./zig/zig build test\n```\n"}
    found = lines(files, ("src/main.zig",))
    assert slot(found, "Tests").startswith("Tests: `./zig/zig build test`"), found
    assert any("./zig/download.sh" in line for line in found), found


def test_a_run_is_shown_up_to_a_value_the_makefile_does_not_hold_as_written() -> None:
    """The Composable Architecture's `-derivedDataPath '~/.derivedData/Debug'` was put
    together from `~/.derivedData/$(CONFIG)`: shown, it is a path no tracked file holds."""
    makefile = ("CONFIG = Debug\nDERIVED = ~/.derivedData/$(CONFIG)\n\n"
                "xcodebuild:\n\txcodebuild test -configuration $(CONFIG) "
                "-derivedDataPath $(DERIVED) -scheme Kit\n")
    (task,) = [t for t in makefile_tasks(makefile, "Makefile") if t.name == "xcodebuild"]
    assert task.runs == ("xcodebuild test -configuration Debug -derivedDataPath …",), task.runs

"""The runner's task CI calls for the tests is the project's way to run them, ahead of the
ecosystem's convention (issue 29, "commands" on repositories never seen).  The Composable
Architecture's CI runs `make XCODEBUILD_ARGUMENT="${{ matrix.command }}" ... xcodebuild`:
the template text in a make variable refused the whole line, and the Tests item was the
`swift test` that Package.swift only implies.  The fixture is written for this test in the
shape of that repository."""

from __future__ import annotations

from gitmemory.reading.project import Snapshot, bootstrap_extractions
from gitmemory.reading.project.shellwords import commands

MAKEFILE = """\
CONFIG = Debug
PLATFORM = IOS
XCODEBUILD_ARGUMENT = test
XCODEBUILD_COMMAND = xcodebuild $(XCODEBUILD_ARGUMENT) -configuration $(CONFIG) -scheme Kit

xcodebuild:
\t$(XCODEBUILD_COMMAND)

format:
\tswift format --in-place --recursive Sources Tests
"""
WORKFLOW = """\
jobs:
  library:
    runs-on: macos-15
    strategy:
      matrix:
        command: [test, '']
        platform: [IOS, MACOS]
    steps:
      - uses: actions/checkout@v4
      - run: >-
          make XCODEBUILD_ARGUMENT="${{ matrix.command }}" CONFIG=Debug
          PLATFORM="${{ matrix.platform }}" xcodebuild
"""
FILES = {"Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n",
         "Makefile": MAKEFILE, ".github/workflows/ci.yml": WORKFLOW}
SOURCES = ("Sources/Kit/Store.swift", "Tests/KitTests/StoreTests.swift")


def texts(files: dict[str, str]) -> dict[str, str]:
    snap = Snapshot(sorted([*files, *SOURCES]), files, [])
    return {e.content.split(": ", 1)[0]: e.content for e in bootstrap_extractions(snap)}


def test_a_make_variable_ci_varies_leaves_the_makefiles_own_value() -> None:
    assert commands('make XCODEBUILD_ARGUMENT="${{ matrix.command }}" CONFIG=Debug xcodebuild'
                    ) == [["make", "CONFIG=Debug", "xcodebuild"]]
    assert commands("tox -e ${{ matrix.os }}") is None


def test_the_task_ci_calls_for_the_tests_is_the_tests_item() -> None:
    found = texts(FILES)
    assert found["Tests"].startswith("Tests: `make xcodebuild`"), found["Tests"]
    assert "swift test" not in found["Tests"]


def test_without_ci_the_convention_stands() -> None:
    found = texts({k: v for k, v in FILES.items() if not k.startswith(".github")})
    assert "swift test" in found["Tests"], found["Tests"]

"""A CMake project's commands as the project itself builds (issue 29, "commands";
docs/design.md, "Commands that run"): the preset CMakePresets.json names for building
and testing, the test program the build makes that a guide runs one test with, and a
README named for developers as a guide.  The fixtures are written for these tests, in
other words than the repositories that showed each gap; each rule has a near miss it
must not fire on.
"""

from __future__ import annotations

import json

from testing.reading import lines, slot

CMAKE = {"CMakeLists.txt": "cmake_minimum_required(VERSION 3.21)\nproject(ember C)\n"
                           "enable_testing()\nadd_executable(ember_check test/main.c)\n"
                           "add_test(NAME unit COMMAND ember_check)\n",
         "src/ember.c": "int x;\n", "test/main.c": "int main(void) { return 0; }\n"}


def presets(configure: list[dict[str, object]], build: list[str], test: list[str]) -> str:
    return json.dumps({"version": 3, "configurePresets": configure,
                       "buildPresets": [{"name": b, "configurePreset": b} for b in build],
                       "testPresets": [{"name": t, "configurePreset": t} for t in test]})


def test_the_first_preset_with_a_build_preset_builds_and_its_test_preset_tests() -> None:
    files = {**CMAKE, "CMakePresets.json": presets(
        [{"name": "common", "hidden": True, "binaryDir": "out/${presetName}"},
         {"name": "dev", "inherits": "common"}, {"name": "ci", "inherits": "common"}],
        ["dev", "ci"], ["dev"])}
    found = lines(files)
    assert "`cmake --preset dev && cmake --build --preset dev`" in slot(found, "Build")
    tests = slot(found, "Tests")
    assert "`ctest --preset dev`" in tests and "`cmake --preset dev && cmake --build --preset" \
        " dev`" in tests


def test_a_preset_without_a_build_preset_leaves_the_build_directory_commands() -> None:
    files = {**CMAKE, "CMakePresets.json": presets([{"name": "dev"}], [], ["dev"])}
    found = lines(files)
    assert "--preset" not in slot(found, "Build") + slot(found, "Tests")
    assert "`cmake -B build && cmake --build build`" in slot(found, "Build")


def test_a_preset_kept_for_windows_is_passed_over_even_through_what_it_inherits() -> None:
    windows = {"type": "equals", "lhs": "${hostSystemName}", "rhs": "Windows"}
    files = {**CMAKE, "CMakePresets.json": presets(
        [{"name": "win", "hidden": True, "condition": windows},
         {"name": "msvc", "inherits": ["win"]}, {"name": "posix"}],
        ["msvc", "posix"], ["msvc"])}
    found = lines(files)
    assert "`cmake --preset posix && cmake --build --preset posix`" in slot(found, "Build")
    tests = slot(found, "Tests")  # posix has no test preset: ctest in its build directory?
    assert "ctest --preset msvc" not in tests and "`ctest --test-dir build`" in tests


def test_a_guide_running_the_test_program_the_build_makes_is_given_with_the_tests() -> None:
    readme = ("# ember\n\n## Running one test\n\n```sh\nbuild/ember_check TEST_NAME\n```\n")
    tests = slot(lines({**CMAKE, "README.md": readme}), "Tests")
    assert "`ctest --test-dir build`" in tests
    assert "README.md gives `build/ember_check TEST_NAME`" in tests


def test_a_program_the_build_does_not_make_is_not_given() -> None:
    readme = ("# ember\n\n## Running one test\n\n```sh\nbuild/ember_bench TEST_NAME\n"
              "out/ember_check TEST_NAME\n```\n")
    tests = slot(lines({**CMAKE, "README.md": readme}), "Tests")
    assert "ember_bench" not in tests and "out/ember_check" not in tests


def test_a_readme_for_developers_is_a_guide() -> None:
    guide = "# Developing ember\n\n## Testing\n\n```sh\nctest --test-dir build -R unit\n```\n"
    files = {**CMAKE, "README-developer.md": guide,
             "build/.keep": ""}  # the guide's build directory
    tests = slot(lines(files), "Tests")
    assert "README-developer.md gives `ctest --test-dir build -R unit`" in tests


def test_each_guides_forms_are_given_under_its_own_name() -> None:
    files = {**CMAKE, "build/.keep": "",
             "README.md": "# ember\n\n## Verbose test runs\n\n```sh\nctest --test-dir build -V\n"
                          "```\n",
             "HACKING.md": "# Hacking\n\n## Testing\n\n```sh\nctest --test-dir build -R unit\n"
                           "```\n"}
    tests = slot(lines(files), "Tests")
    assert "HACKING.md gives `ctest --test-dir build -R unit`" in tests
    assert "README.md gives `ctest --test-dir build -V`" in tests


def test_a_readme_for_developers_gives_commands_not_rules() -> None:
    guide = ("# Developing ember\n\nThe rev-parse command below should show the same commit"
             " for every argument.\n\n## Testing\n\n```sh\nctest --test-dir build -R unit\n```\n")
    found = lines({**CMAKE, "README-developer.md": guide, "build/.keep": ""})
    assert not [line for line in found if line.startswith("Rules for")]

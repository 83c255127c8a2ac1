"""Commands a project runs in places of its own (issue 29, "commands" on repositories never
seen): CI testing through a Makefile of a directory (`cd test && make test`), a Makefile
target that runs the ecosystem's test command with the project's own options and takes a
filter variable, a docs target whose only known step formats what it generated, and the
scripts of the tree a guide shows being run.  The fixtures are written for these tests in
the shape the repositories that missed them give these files (a C++ header library, a Zig
server, a Neovim plugin, a Go build tool)."""

from __future__ import annotations

from gitmemory.reading.project import Snapshot, bootstrap_extractions


def texts(files: dict[str, str], extra: tuple[str, ...] = ()) -> dict[str, str]:
    snap = Snapshot(sorted([*files, *extra]), files, [])
    return {e.content.split(": ", 1)[0]: e.content for e in bootstrap_extractions(snap)}


HEADER_LIBRARY = {
    "CMakeLists.txt": "cmake_minimum_required(VERSION 3.14)\nproject(wirelib CXX)\n"
                      "enable_testing()\nadd_subdirectory(test)\n",
    "test/Makefile": "CXX ?= clang++\n\ntest: test.cc ../wirelib.h\n"
                     "\t$(CXX) -o test test.cc -lgtest\n\t./test\n",
    ".github/workflows/test.yaml": (
        "name: test\non: [push]\njobs:\n  ubuntu:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n"
        "      - name: build and run tests\n        run: cd test && make test\n"),
}


def test_ci_testing_through_a_directorys_makefile_is_said() -> None:
    # Before: the step was unusable (the top of the tree has no Makefile), so only
    # CMake's guess was named.
    said = texts(HEADER_LIBRARY, extra=("wirelib.h", "test/test.cc"))["Tests"]
    assert "CI tests through `cd test && make test`" in said, said


def test_a_directory_without_the_makefile_is_no_way_to_test() -> None:
    files = {k: v for k, v in HEADER_LIBRARY.items() if k != "test/Makefile"}
    said = texts(files, extra=("wirelib.h", "test/test.cc"))["Tests"]
    assert "make test" not in said, said


ZIG_SERVER = {
    "build.zig": 'const std = @import("std");\npub fn build(b: *std.Build) void {\n'
                 '    const test_step = b.step("test", "Run unit tests");\n    _ = test_step;\n}\n',
    "Makefile": (
        "F=\nzig ?= zig\n.PHONY: t\nt:\n"
        "\tTEST_FILTER='${F}' '${zig}' build test -Dtsan=true -Dforce_blocking=false "
        "--summary all\n"
        "\tTEST_FILTER='${F}' '${zig}' build test -Dforce_blocking=true --summary all\n\n"
        ".PHONY: tn\ntn:\n"
        "\tTEST_FILTER='${F}' '${zig}' build test -Dforce_blocking=false --summary all\n\n"
        ".PHONY: s\ns:\n\tzig build example_1 -freference-trace\n"),
}


def test_a_makefile_target_running_the_tests_with_the_projects_options_is_the_entry() -> None:
    # Before: `zig build test`, the bare convention; the Makefile's `t` (both modes, with
    # the thread sanitizer) is how the project runs them.
    said = texts(ZIG_SERVER)
    assert said["Tests"].startswith("Tests: `make t` runs `zig build test -Dtsan=true"), said
    assert said["Build"] == "Build: `zig build`", said  # `make s` runs an example


def test_the_filter_variable_a_test_target_hands_on_is_given() -> None:
    said = texts(ZIG_SERVER)["Tests"]
    assert said.endswith("by name: `make t F=<name>`"), said


def test_a_variable_the_makefile_sets_is_no_filter_to_give() -> None:
    files = {**ZIG_SERVER, "Makefile": ZIG_SERVER["Makefile"].replace("F=\n", "F=unit\n", 1)}
    assert "by name" not in texts(files)["Tests"]


NVIM_PLUGIN = {
    "Makefile": (
        "STYLUA := deps/stylua\nLUA_FILES := $(shell git ls-files lua)\n\n"
        ".PHONY: test\ntest:\n\tbusted test\n\n"
        ".PHONY: format-check\nformat-check:\n\t$(STYLUA) --check $(LUA_FILES)\n\n"
        ".PHONY: format\nformat:\n\t$(STYLUA) $(LUA_FILES)\n\n"
        ".PHONY: doc\ndoc:\n\t$(NVIM) -l ./scripts/gen_help.lua\n"
        "\t$(STYLUA) lua/plugin/generated.lua\n"),
    ".github/workflows/ci.yml": (
        "name: CI\non: [push]\njobs:\n  format:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n      - name: Format\n        run: make format-check\n"
        "  doc:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
        "      - name: Update doc\n        run: make doc\n"),
}


def test_a_docs_target_that_formats_what_it_generated_is_the_docs() -> None:
    # Before: `make doc` counted as a formatter (its one known step is stylua on the file
    # it generates), so CI's `make format-check` took the Format slot from `make format`.
    said = texts(NVIM_PLUGIN, extra=("scripts/gen_help.lua", "lua/plugin/init.lua"))
    assert said["Docs"].startswith("Docs: `make doc`"), said
    assert said["Format"].startswith("Format: `make format`"), said


GO_TOOL = {
    "go.mod": "module example.com/kiln\n\ngo 1.22\n",
    "CONTRIBUTING.md": (
        "# How to contribute\n\n## Testing\n\nEnsure the following passes:\n```\n"
        "./hack/presubmit.sh\n```\nand commit any changes to `go.mod`. To update any docs\n"
        "after client changes, run:\n\n```\n./hack/update-codegen.sh\n```\n"),
    "README.md": (
        "# kiln\n\n## Split the config into parts\n\n```console\n$ ./split.py -h\n"
        "usage: split.py [-h]\n\n$ ./split.py\nWrote out/a.h\n```\n\n"
        "## Usage\n\n```\n./bin/kiln build <image>\n```\n"),
}


def test_scripts_a_guide_shows_being_run_are_commands_with_what_it_says() -> None:
    # Before: no slot named them, so a guide's only word on regenerating the docs was lost.
    said = texts(GO_TOOL, extra=("hack/presubmit.sh", "hack/update-codegen.sh", "split.py",
                                 "main.go"))["Commands"]
    assert "`./hack/update-codegen.sh` (To update any docs after client changes)" in said, said
    assert "`./split.py` (Split the config into parts)" in said, said
    assert "kiln build" not in said  # template text and a program the tree lacks


def test_a_script_the_tree_lacks_is_no_command() -> None:
    said = texts(GO_TOOL, extra=("hack/presubmit.sh", "main.go"))
    assert "update-codegen" not in said.get("Commands", ""), said
    assert "split.py" not in said.get("Commands", ""), said


def test_a_script_after_a_cd_or_one_that_installs_is_no_command() -> None:
    files = {"go.mod": "module example.com/kiln\n\ngo 1.22\n",
             "README.md": "# kiln\n\n## Building the site\n\n```\ncd site\n./build.sh\n```\n"
                          "\n## Setting up\n\nInstall the hooks with:\n\n```\n"
                          "./scripts/install-hooks.sh\n```\n"}
    said = texts(files, extra=("build.sh", "site/build.sh", "scripts/install-hooks.sh"))
    assert "Commands" not in said, said


def test_a_build_scripts_target_in_camel_case_says_its_purpose() -> None:
    # akka.net (fresh24, spent): CI tests through `./build.sh runTestsNet incremental`,
    # a FAKE target whose name says what it does; the memory named only `dotnet test`.
    files = {
        "src/Ledger.sln": "Microsoft Visual Studio Solution File, Format Version 12.00\n",
        "build.sh": "#!/usr/bin/env bash\ndotnet tool restore\ndotnet fake run build.fsx \"$@\"\n",
        "build.fsx": 'Target.create "runTestsNet" (fun _ -> ())\n',
        "README.md": "# Ledger\n\n## Building\n\n```\ndotnet test src/Ledger.sln\n```\n",
        ".github/workflows/ci.yml": (
            "name: pr\non: [push]\njobs:\n  linux:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - uses: actions/checkout@v4\n"
            "      - run: ./build.sh runTestsNet incremental\n"),
    }
    said = texts(files)["Tests"]
    assert "CI tests through `./build.sh runTestsNet incremental`" in said, said


def test_a_step_that_prints_a_version_is_no_way_to_test() -> None:
    # Behat (fresh26, spent): 'CI tests through `php ./behat.phar --version`', a step
    # named for testing the phar that only prints its version.
    files = {
        "composer.json": '{"name": "acme/gherkin-runner", "require-dev": '
                         '{"phpunit/phpunit": "^10"}}\n',
        "phpunit.xml.dist": "<phpunit/>\n",
        ".github/workflows/build.yml": (
            "name: build\non: [push]\njobs:\n  tests:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - uses: actions/checkout@v4\n      - run: composer install\n"
            "      - name: Run tests\n        run: ./vendor/bin/phpunit\n"
            "  test-phar:\n    name: test PHAR file\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - uses: actions/download-artifact@v4\n        with:\n          name: x.phar\n"
            "      - name: Test the PHAR\n        run: php ./x.phar --version\n"),
    }
    said = texts(files)["Tests"]
    assert "--version" not in said, said


def test_a_lead_that_says_no_purpose_gives_way_to_the_heading() -> None:
    files = {"go.mod": "module example.com/kiln\n\ngo 1.22\n",
             "README.md": "# kiln\n\n## Installing the development version\n\nAfter that you "
                          "can run the development version via:\n\n```\nbin/kiln\n```\n"}
    said = texts(files, extra=("bin/kiln",))["Commands"]
    assert said == "Commands: `bin/kiln` (Installing the development version)", said


def test_a_script_named_in_camel_case_is_no_task_named_for_the_tests() -> None:
    """nats-server (fresh24, spent): once every name in camel case was read by its words,
    scripts/runTestsOnTravis.sh became a runner's task named for the tests, and CI's
    long-test step took the slot from `go test ./...` (its key was lost).  Only a target
    given to a program is read so."""
    from gitmemory.reading.project.purposes import purpose
    from gitmemory.reading.project.tool_roles import tool_purposes

    assert purpose("runTestsOnTravis") is None
    assert tool_purposes(["./build.sh", "runTestsNet", "incremental"]) == ("test",)
    assert tool_purposes(["./build.cmd", "buildRelease"]) == ("build",)

"""Commands read as a new contributor reads them (issue 29, "commands"; docs/design.md,
"Commands that run"): a guide's clone-then-`cd` steps into the top of the tree, the
guide's own build command beside the convention's, `ctest` says which test programs it
runs, an action's input for a tool's arguments runs that tool; and never a command that
does not run as written from a fresh clone: a script that stops for missing arguments, a
placeholder, a line reading what an earlier step built, a glob only its step's shell
expands, a shortened word, another package's manifest, a dev container's install onto
the machine, a step's label on a command that only prepares.  The fixtures are written
for these tests, in other ecosystems and words than the repositories that showed each
gap; each rule has a near miss it must not fire on.
"""

from __future__ import annotations

from gitmemory.reading.project import Snapshot, bootstrap_extractions, choose, ci_steps
from testing.reading import lines, slot

CARGO = {"Cargo.toml": '[package]\nname = "tallyho"\nversion = "0.1.0"\n',
         "src/main.rs": "fn main() {}\n"}


def readme(*block: str, heading: str = "Building from source") -> dict[str, str]:
    body = "\n".join(block)
    return {"README.md": f"# tallyho\n\n## {heading}\n\n```sh\n{body}\n```\n"}


# --- a guide's `cd` into the clone it just made is the top of the tree ----------------------

def test_a_guides_build_command_after_cloning_and_entering_the_clone_is_read() -> None:
    files = {**CARGO, **readme("git clone https://git.example.org/acme/tallyho.git",
                               "cd tallyho", "cargo build --release")}
    build = slot(lines(files), "Build")
    assert "`cargo build`" in build
    assert "`cargo build --release`" in build and "README.md" in build


def test_a_cd_into_another_directory_after_the_clone_still_stops_the_guide() -> None:
    files = {**CARGO, **readme("git clone https://git.example.org/acme/tallyho.git",
                               "cd tallyho/ffi", "cargo build --release")}
    build = slot(lines(files), "Build")
    assert "`cargo build`" in build and "--release" not in build


def test_a_clone_into_a_named_directory_is_entered_by_that_name() -> None:
    files = {**CARGO, **readme("git clone https://git.example.org/acme/tallyho.git th",
                               "cd th", "cargo build --release")}
    assert "`cargo build --release`" in slot(lines(files), "Build")


# --- the guide's build command beside the convention's ----------------------------------------

def test_the_guides_build_under_a_heading_for_another_aim_is_not_given() -> None:
    files = {**CARGO, **readme("cargo build --release --example demo", heading="Examples")}
    assert "--release" not in slot(lines(files), "Build")


def test_the_guides_build_that_is_the_chosen_command_is_said_once() -> None:
    files = {**CARGO, **readme("cargo build")}
    assert slot(lines(files), "Build").count("cargo build") == 1


def test_a_bare_gradle_wrapper_in_a_guide_is_written_as_it_runs_from_the_top() -> None:
    """`gradlew publishToMavenLocal` builds the jars and installs them in the local Maven
    repository, as `mvn install` does; a POSIX shell runs the wrapper as `./gradlew`."""
    files = {"gradlew": "#!/bin/sh\n", "settings.gradle": "rootProject.name = 'kite'\n",
             "build.gradle": "plugins { id 'java-library' }\n",
             "src/main/java/Kite.java": "class Kite {}\n",
             "CONTRIBUTING.md": "# Contributing\n\n## Building locally\n\n```\n"
                                "git clone https://git.example.org/kite/kite.git\ncd kite\n"
                                "gradlew publishToMavenLocal\n```\n"}
    build = slot(lines(files), "Build")
    assert build.startswith("Build: `./gradlew build`")
    assert "`./gradlew publishToMavenLocal`" in build and "`gradlew " not in build


# --- a script that stops when it is given no arguments ----------------------------------------

LINT_REMOTE = ("#!/usr/bin/env bash\nowner=\"$1\"\nrepo=\"$2\"\nif [ -z \"$repo\" ]; then\n"
               "    echo \"Usage: owner repo\"\n    exit 1\nfi\ncd /tmp && git clone "
               "\"https://git.example.org/$owner/$repo\"\nruff check \"$repo\"\n")


def test_a_script_that_exits_with_its_usage_when_given_no_arguments_is_no_command() -> None:
    files = {"pyproject.toml": '[project]\nname = "p"\n[tool.ruff]\n', "p/__init__.py": "",
             "scripts/lint-remote": LINT_REMOTE}
    assert "lint-remote" not in "\n".join(lines(files))


def test_a_script_that_reads_optional_arguments_is_still_a_command() -> None:
    files = {"pyproject.toml": '[project]\nname = "p"\n', "p/__init__.py": "",
             "scripts/lint": "#!/bin/sh\nset -e\nruff check \"${1:-.}\"\n",
             "scripts/test": "#!/bin/sh\nif [ -z \"$CI\" ]; then\n  echo local\nfi\n"
                             "pytest \"$@\"\n"}
    found = lines(files)
    assert "`scripts/lint`" in slot(found, "Lint")
    assert "`scripts/test`" in slot(found, "Tests")


def test_a_script_guarding_its_argument_count_is_no_command() -> None:
    script = ("#!/bin/sh\nif [ $# -lt 1 ]; then\n  echo \"usage: $0 <version>\" >&2\n"
              "  exit 2\nfi\nnpm run build -- --version \"$1\"\n")
    files = {"package.json": '{"name": "w", "scripts": {"test": "vitest run"}}',
             "src/index.js": "", "scripts/build.sh": script}
    assert "scripts/build.sh" not in slot(lines(files), "Build")


# --- what ctest runs ------------------------------------------------------------------------

CMAKE = ("cmake_minimum_required(VERSION 3.16)\nproject(gauge CXX)\ninclude(CTest)\n"
         "add_executable(gauge src/main.cc)\n")


def test_ctest_names_the_test_program_the_build_registers() -> None:
    files = {"CMakeLists.txt": CMAKE + "if(BUILD_TESTING)\n  add_executable(gauge_tests "
                                       "src/a_test.cc)\n  add_test(NAME GaugeTests COMMAND "
                                       "gauge_tests)\nendif()\n",
             "src/main.cc": "int main() {}\n"}
    tests = slot(lines(files), "Tests")
    assert tests.startswith("Tests: `ctest --test-dir build`")
    assert "runs `gauge_tests`" in tests


def test_ctest_over_many_programs_or_a_script_names_none() -> None:
    many = "".join(f"add_executable(t{n} t{n}.cc)\nadd_test(NAME t{n} COMMAND t{n})\n"
                   for n in range(4))
    script = "add_test(NAME py COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/t.py)\n"
    for extra in (many, script):
        files = {"CMakeLists.txt": CMAKE + extra, "src/main.cc": "int main() {}\n"}
        tests = slot(lines(files), "Tests")
        assert tests.startswith("Tests: `ctest --test-dir build`") and " runs " not in tests


# --- a guide's command with template text is not one to run ----------------------------------

def test_a_guides_command_with_a_placeholder_is_never_named() -> None:
    files = {"pyproject.toml": '[project]\nname = "p"\n', "p/__init__.py": "",
             **readme('ruff check "<your package>" --select I', heading="Project setup")}
    assert "<your package>" not in "\n".join(lines(files))


def test_a_guides_command_on_the_trees_own_paths_is_named() -> None:
    files = {"pyproject.toml": '[project]\nname = "p"\n', "p/__init__.py": "",
             **readme("ruff check p --select I", heading="Project setup")}
    assert "`ruff check p --select I`" in slot(lines(files), "Lint")


# --- an action's input for a tool's arguments runs that tool ----------------------------------

def action(inputs: str) -> dict[str, str]:
    return {".github/workflows/lint.yml": "on: [push]\njobs:\n  self-lint:\n"
            "    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
            "      - uses: example-org/python-lint-action@v2\n        with:\n" + inputs}


def test_an_actions_input_for_a_tools_arguments_is_what_ci_runs() -> None:
    files = {"pyproject.toml": '[project]\nname = "p"\n', "p/__init__.py": "",
             **action("          ruff-args: check --select E,F p\n"
                      "          github_token: ${{ secrets.GITHUB_TOKEN }}\n")}
    assert slot(lines(files), "Lint").startswith(
        "Lint: `ruff check --select E,F p` (as CI runs it)")


def test_an_actions_input_that_gives_a_tool_no_subcommand_is_no_command() -> None:
    files = {"Cargo.toml": '[package]\nname = "x"\nversion = "0.1.0"\n', "src/lib.rs": "",
             **action("          cargo-args: --all-features\n")}
    assert "--all-features" not in "\n".join(lines(files))


def test_an_actions_input_that_only_sets_variables_runs_nothing() -> None:
    """docker/build-push-action's ``build-args: shellver=5.2`` are the image build's
    variables, not arguments of a program named ``build``."""
    files = {"pyproject.toml": '[project]\nname = "p"\n', "p/__init__.py": "",
             **action("          build-args: shellver=5.2 LANG=C\n")}
    assert "shellver" not in "\n".join(lines(files))


# --- a CI line that reads what an earlier step built, or globs only its own shell expands ----

def steps(*runs: str, job: str = "package") -> dict[str, str]:
    body = "".join(f"      - name: {name}\n        run: {run}\n" for name, run in runs)
    return {".github/workflows/ci.yml": f"on: [push]\njobs:\n  {job}:\n"
                                        "    runs-on: ubuntu-latest\n    steps:\n"
                                        f"      - uses: actions/checkout@v4\n{body}"}


def test_a_check_of_the_built_packages_is_no_lint_command() -> None:
    files = {"pyproject.toml": '[project]\nname = "p"\n', "p/__init__.py": "",
             **steps(("Build", "python -m build"),
                     ("Check metadata", "python -m twine check dist/*"))}
    assert "twine" not in "\n".join(lines(files))


def test_a_check_step_on_the_trees_own_files_is_still_the_lint_command() -> None:
    files = {"pyproject.toml": '[project]\nname = "p"\n', "p/__init__.py": "",
             **steps(("Check", "ruff check p"), job="lint")}
    assert slot(lines(files), "Lint").startswith("Lint: `ruff check p`")


def test_a_glob_that_needs_the_steps_globstar_is_not_named() -> None:
    run = "|\n          shopt -s globstar nullglob\n          rubocop -a **/*.rb"
    files = {"Gemfile": "source 'https://rubygems.org'\n", "lib/x.rb": "",
             ".rubocop.yml": "AllCops: {}\n", **steps(("Format", run), job="style")}
    assert "**/*.rb" not in "\n".join(lines(files))


def test_a_glob_in_a_step_of_the_default_shell_is_named() -> None:
    files = {"Gemfile": "source 'https://rubygems.org'\n", "lib/x.rb": "",
             ".rubocop.yml": "AllCops: {}\n", **steps(("Lint", "rubocop lib/*.rb"), job="style")}
    lint = slot(lines(files), "Lint")
    assert lint.startswith("Lint: `rubocop ") and "lib/*.rb" in lint


def test_clj_kondo_lints_the_source_directories_the_tree_has() -> None:
    files = {"deps.edn": "{:paths [\"src\"]}", "src/app/core.clj": "(ns app.core)",
             ".clj-kondo/config.edn": "{}"}
    assert slot(lines(files), "Lint").startswith("Lint: `clj-kondo --lint src`")


def test_the_guides_build_of_the_documentation_is_not_the_build() -> None:
    files = {**CARGO, **readme("cargo build --release --features doc-images",
                               heading="Building the documentation")}
    assert "--release" not in slot(lines(files), "Build")


# --- a dev container's set-up that installs onto the machine ---------------------------------

def container(command: str, script: str = "") -> dict[str, str]:
    files = {".devcontainer/devcontainer.json":
             '{"image": "mcr.microsoft.com/devcontainers/base:ubuntu", '
             f'"postCreateCommand": "{command}"}}',
             "CMakeLists.txt": "project(gauge C)\nadd_library(gauge src/g.c)\n", "src/g.c": ""}
    return {**files, ".devcontainer/prepare.sh": script} if script else files


def test_a_containers_setup_script_installing_system_packages_is_no_setup_command() -> None:
    script = "#!/bin/sh\nset -e\nsudo apt-get update\nsudo apt-get -y install cmake\n"
    assert slot(lines(container("bash .devcontainer/prepare.sh", script)), "Setup") == ""
    assert slot(lines(container("apt-get install -y ninja-build")), "Setup") == ""


def test_a_containers_setup_script_of_the_project_is_the_setup_command() -> None:
    script = "#!/bin/sh\nset -e\ngit submodule update --init\n"
    files = container("bash .devcontainer/prepare.sh", script)
    assert slot(lines(files), "Setup").startswith("Setup: `bash .devcontainer/prepare.sh`")


# --- a step's name never labels a command that only prepares for it -------------------------

def test_a_step_named_for_a_purpose_that_only_adds_a_package_labels_nothing() -> None:
    files = {"package.json": '{"name": "w", "scripts": {"test": "vitest run"}}',
             "src/index.ts": "", "tsconfig.json": "{}",
             **steps(("Type check", "yarn add typescript@next"), job="typescript-next")}
    assert "typescript@next" not in "\n".join(lines(files))


def test_a_step_named_for_building_that_only_configures_labels_nothing() -> None:
    files = {"CMakeLists.txt": "project(gauge C)\nadd_library(gauge src/g.c)\n", "src/g.c": "",
             **steps(("Build", "cmake -S . -B out -DGAUGE_WERROR=ON"), job="build")}
    assert slot(lines(files), "Build").startswith("Build: `cmake -B build && cmake --build")


def test_a_step_named_for_a_purpose_still_labels_the_projects_own_program() -> None:
    files = {"CMakeLists.txt": "project(gauge C)\nadd_library(gauge src/g.c)\n", "src/g.c": "",
             "ci/style.py": "print('ok')\n", **steps(("Lint", "ci/style.py"), job="lint")}
    assert slot(lines(files), "Lint").startswith("Lint: `ci/style.py` (as CI runs it)")


def test_a_shell_arrays_values_in_a_step_are_not_commands() -> None:
    run = ("|\n          build_args=(\n            -m\n"
           "            -p:Configuration=\"${build_type}\"\n          )\n          set -x\n"
           "          cd src\n          msbuild.exe \"${build_args[@]}\" \"${solution}\"")
    files = {"CMakeLists.txt": "project(gauge C)\nadd_library(gauge src/g.c)\n", "src/g.c": "",
             **steps(("Build", run), job="windows")}
    found = [t.command for t in ci_steps.steps(Snapshot(sorted(files), files, []))]
    assert not any(c.lstrip("-") in ("m", "p:Configuration") for c in found), found


# --- a task named for the dependencies that checks them installs nothing --------------------

def purposes_of(files: dict[str, str], command: str) -> tuple[str, ...]:
    snap = Snapshot(sorted(files), files, [])
    book = choose.catalog_of(snap)
    return next(book.purposes(t) for t in book.tasks if t.command == command)


def test_a_script_checking_the_dependencies_is_no_setup_command() -> None:
    files = {"package.json": '{"name": "w", "scripts": {"test": "mocha", '
                             '"check-dependencies": "knip --dependencies"}, '
                             '"devDependencies": {"knip": "^5.0.0", "mocha": "^10.0.0"}}',
             "lib/w.js": ""}
    assert purposes_of(files, "npm run check-dependencies") == ("lint",)


def test_a_script_installing_the_dependencies_is_the_setup_command() -> None:
    files = {"package.json": '{"name": "w", "scripts": {"test": "mocha", '
                             '"install-deps": "npm ci"}}', "lib/w.js": ""}
    assert purposes_of(files, "npm run install-deps") == ("setup",)


def test_a_compiling_section_is_read_as_a_building_one() -> None:
    files = {**CARGO, **readme("cargo build --release --locked", heading="Compiling")}
    assert "`cargo build --release --locked`" in slot(lines(files), "Build")


def test_a_usage_section_is_not_read_for_commands() -> None:
    files = {**CARGO, **readme("cargo build --release --locked", heading="Usage")}
    assert "--locked" not in slot(lines(files), "Build")


def test_a_ci_line_with_a_word_too_long_to_show_whole_is_not_named() -> None:
    features = " ".join(f"feature-number-{n}" for n in range(8))  # 143 characters
    flow = steps(("Clippy", f'cargo clippy --features "{features}" --all-targets'), job="lint")
    found = lines({**CARGO, **flow})
    assert "…" not in slot(found, "Lint") and "feature-number" not in slot(found, "Lint")


def test_a_list_of_names_as_one_word_is_shown_whole_up_to_its_own_limit() -> None:
    """cursive's CI checks that every backend compiles with `cargo check --features
    "builder blt-backend ncurses-backend ... ansi"` (101 characters): a list of names, no
    code, and the check went unsaid."""
    features = ("builder blt-backend ncurses-backend pancurses-backend termion-backend "
                "crossterm-backend markdown toml ansi")
    flow = steps(("Check", f'cargo check --features "{features}"'), job="build")
    assert f"`cargo check --features '{features}'`" in "\n".join(lines({**CARGO, **flow}))


def test_a_ci_line_with_short_words_is_named_whole() -> None:
    flow = steps(("Clippy", 'cargo clippy --features "serde std" --all-targets'), job="lint")
    assert slot(lines({**CARGO, **flow}), "Lint").startswith(
        "Lint: `cargo clippy --features 'serde std' --all-targets`")


def test_a_ci_line_pointed_at_a_sub_crates_manifest_is_not_the_projects() -> None:
    flow = steps(("Clippy fuzz", "cargo clippy --manifest-path fuzz/Cargo.toml --all-targets"),
                 job="lint")
    found = lines({**CARGO, **flow, "fuzz/Cargo.toml": '[package]\nname = "fuzz"\n'})
    assert "fuzz/Cargo.toml" not in slot(found, "Lint")


def test_a_ci_line_pointed_at_the_top_manifest_is_the_projects() -> None:
    flow = steps(("Clippy", "cargo clippy --manifest-path Cargo.toml --all-targets"), job="lint")
    assert "--manifest-path Cargo.toml" in slot(lines({**CARGO, **flow}), "Lint")


def test_a_step_named_for_the_tests_labels_a_runners_ci_target() -> None:
    files = {"Makefile": "ci:\n\t./run-suite --all\n", "src/g.c": "",
             **steps(("Run tests", "make ci"), job="test")}
    found = ci_steps.steps(Snapshot(sorted(files), files, []))
    assert [(t.command, t.purpose) for t in found] == [("make ci", "test")]


# --- a step's name labels what it does to the code, not to a document or an artifact -------

def test_a_step_that_checks_the_release_notes_is_no_lint_command() -> None:
    files = {"CMakeLists.txt": "project(gauge C)\nadd_library(gauge src/g.c)\n", "src/g.c": "",
             "tools/notes.py": "print('ok')\n",
             **steps(("Check and list the release notes", "tools/notes.py"), job="style")}
    assert "tools/notes.py" not in "\n".join(lines(files))


def test_a_step_that_builds_a_static_binary_is_no_lint_command() -> None:
    files = {"CMakeLists.txt": "project(gauge C)\nadd_library(gauge src/g.c)\n", "src/g.c": "",
             "ci/pack.sh": "#!/bin/sh\nmake\n",
             **steps(("Compile static binary", "ci/pack.sh"), job="linux")}
    assert not slot(lines(files), "Lint")


def test_a_step_named_for_static_analysis_still_labels_its_program() -> None:
    files = {"CMakeLists.txt": "project(gauge C)\nadd_library(gauge src/g.c)\n", "src/g.c": "",
             "ci/analyse.sh": "#!/bin/sh\nscan\n",
             **steps(("Static analysis", "ci/analyse.sh"), job="checks")}
    assert slot(lines(files), "Lint").startswith("Lint: `ci/analyse.sh` (as CI runs it)")


# --- a doc named for the tests is a guide to them ----------------------------------------------

def test_a_testing_doc_gives_the_test_command_of_a_project_with_no_other() -> None:
    """bash-completion's suite is pytest under test/t, said in doc/testing.md only: the
    project itself is shell, so no ecosystem implies a test command."""
    files = {"completions/hoist": "_comp_cmd_hoist() { :; }\n",
             "docs/testing.md": "# Testing\n\nThe suite is Python.\n\n```shell\n"
                                "python3 -m pytest checks/unit\n```\n"}
    assert slot(lines(files), "Tests").startswith("Tests: `python3 -m pytest checks/unit`")


# --- a script at the top of the tree the guide tells you to run is the project's runner ----

DOTNET = {"Quokka.sln": "", "src/Quokka/Quokka.csproj": "<Project />\n",
          "src/Quokka/Zone.cs": "class Zone {}\n"}
GUIDE = ("# Quokka\n\nScheduling for .NET.\n\nCompiling from a checkout\n"
         "--------------------------\n\nRun the script from the top of the tree; it restores "
         "the tools, compiles and merges the assemblies:\n\n```\nrelease-all sign\n```\n\n"
         "or, for a plain compile:\n\n```\nrelease-all\n```\n")


def test_a_script_at_the_top_the_guide_says_to_run_is_the_build() -> None:
    """A bare word as cmd.exe runs it (`release-all` -> release-all.cmd), under a setext
    heading; its other calls in the guide are given beside it."""
    files = {**DOTNET, "README.md": GUIDE.replace("release-all", "compile"),
             "compile.cmd": "@echo off\r\npowershell -File tools/psbuild.ps1 %*\r\n"}
    build = slot(lines(files), "Build")
    assert build.startswith("Build: `compile`"), build
    assert "`compile sign`" in build
    item = next(e for e in bootstrap_extractions(Snapshot(sorted(files), files, []))
                if e.content.startswith("Build:"))
    assert "compile.cmd" in item.paths and "README.md" in item.paths


def test_a_bare_word_that_names_no_script_at_the_top_is_not_read() -> None:
    """The near miss: the script lives below the top (`tools/compile.cmd`), so the bare
    word does not run from there; the convention stands."""
    files = {**DOTNET, "README.md": GUIDE.replace("release-all", "compile"),
             "tools/compile.cmd": "@echo off\r\n"}
    build = slot(lines(files), "Build")
    assert "`compile`" not in build and "dotnet build" in build, build


# --- a step's name is not what it runs: CI formatting with rustfmt itself -------------------

def _fmt_workflow(run: str) -> dict[str, str]:
    return {".github/workflows/style.yml":
            "on: [push]\njobs:\n  style:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - name: cargo fmt --check\n"
            f"        run: |\n          {run}\n"}


def test_ci_formatting_with_rustfmt_itself_names_no_cargo_fmt() -> None:
    """The step is named "cargo fmt --check" but runs rustfmt on the files git lists: the
    crate's files are not all reached through `cargo fmt`, so it is not the project's way
    and would leave files unformatted."""
    files = {**CARGO, **_fmt_workflow(
        "if ! rustfmt --check --edition 2021 $(git ls-files '*.rs'); then exit 1; fi")}
    assert "cargo fmt" not in slot(lines(files), "Format")


def test_ci_running_cargo_fmt_still_gives_the_convention() -> None:
    """The near miss: the same step running `cargo fmt --all -- --check`."""
    files = {**CARGO, **_fmt_workflow("cargo fmt --all -- --check")}
    assert "`cargo fmt --all`" in slot(lines(files), "Format")


def test_a_bare_word_that_is_also_a_tools_name_runs_the_script_beside_it() -> None:
    """cmd.exe runs `build.bat` of the current directory before a `build` on the PATH."""
    files = {**DOTNET, "README.md": GUIDE.replace("release-all", "build"),
             "build.bat": "@echo off\r\npowershell -File tools/psbuild.ps1 %*\r\n"}
    assert slot(lines(files), "Build").startswith(
        "Build: `build`, runs build.bat; also `build sign`")
    assert slot(lines(files), "Build").count("`build sign`") == 1


# --- a MkDocs site's own build ---------------------------------------------------------------

KOTLIN = {"build.gradle.kts": "plugins { kotlin(\"jvm\") }\n", "gradlew": "#!/bin/sh\n",
          "settings.gradle.kts": "rootProject.name = \"tern\"\n", "src/main/kotlin/Tern.kt": ""}


def test_a_mkdocs_configuration_at_the_top_builds_the_docs_with_mkdocs() -> None:
    files = {**KOTLIN, "mkdocs.yml": "site_name: Tern\n", "docs/index.md": "# Tern\n"}
    assert slot(lines(files), "Docs").startswith("Docs: `mkdocs build` (paths") or \
        slot(lines(files), "Docs") == "Docs: `mkdocs build`"


def test_a_docs_command_ci_runs_beats_the_mkdocs_convention() -> None:
    """The near miss: CI's own docs build (`./gradlew dokkaHtml` in a docs job) stands."""
    flow = ("on: [push]\njobs:\n  docs:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - name: Build docs\n        run: ./gradlew dokkaHtml\n")
    files = {**KOTLIN, "mkdocs.yml": "site_name: Tern\n", ".github/workflows/docs.yml": flow}
    assert "mkdocs" not in slot(lines(files), "Docs")


# --- the text a command reads across lines (an awk program) is no command of the script ----

CHECK_DEFS = """#!/bin/bash
set -eu
check_file() {
   awk -v wanted="$2" '
      /^[^=]+ = .+$/ {
         if (!(value ~ /^(black|blue|green|red)$/)) {
            print "Error: colour " value " not recognized."
            exit 1
         }
      }
   ' "$1"
}
for f in defs/*; do
   check_file "$f" "heading width" || exit 1
done
"""


def test_words_of_a_quoted_program_spanning_lines_are_not_the_scripts_tools() -> None:
    """htop-dev/htop's check-pcp-style.sh: an awk program in single quotes over twenty
    lines, its regex `/^(black|blue|...)$/` read as a pipeline into `black` - "Format: a
    shell script around `black`" for a script that validates definition files."""
    files = {"configure.ac": "AC_INIT([gauge], [1.0])\n", "autogen.sh": "autoreconf -fi\n",
             "gauge.c": "", "check-defs.sh": CHECK_DEFS,
             **steps(("Check definitions", "./check-defs.sh"), job="style")}
    found = lines(files)
    assert "black" not in "\n".join(found), found
    # the same program on one line was never read as commands: nor is it across lines
    tasks = ci_steps.steps(Snapshot(sorted(files), files, []))
    assert not any("black" in " ".join(t.runs) for t in tasks)


# --- a guide's build option the build file does not declare does not run ----------------------

ZIG_BUILD = """const std = @import("std");
pub fn build(b: *std.Build) !void {
    const target = b.standardTargetOptions(.{});
    const optimize = b.standardOptimizeOption(.{});
    const emit_bench = b.option(bool, "pie", "Build position-independent code") orelse false;
    const test_step = b.step("test", "Run tests");
}
"""


def zig_guide(command: str) -> dict[str, str]:
    return {"build.zig": ZIG_BUILD, "src/main.zig": "",
            "README.md": "# ring\n\n## Tests\n\n```sh\n$ zig build test\n```\n\n"
                         "Other platforms' tests are cross-compiled:\n\n"
                         f"```sh\n$ {command}\n```\n"}


def test_a_guides_zig_option_that_build_zig_no_longer_declares_is_not_given() -> None:
    """mitchellh/libxev's README: `zig build -Dtarget=aarch64-macos -Dinstall-tests`, an
    option its build.zig dropped (zig stops: invalid option); `-Dtarget` is zig's own."""
    tests = slot(lines(zig_guide("zig build -Dtarget=aarch64-macos -Dinstall-tests")), "Tests")
    assert tests.startswith("Tests: `zig build test`") and "install-tests" not in tests
    # near miss: options it declares, and the standard ones, still run as written
    tests = slot(lines(zig_guide("zig build test -Doptimize=ReleaseSafe -Dpie")),
                 "Tests")
    assert "gives `zig build test -Doptimize=ReleaseSafe -Dpie`" in tests


# --- autotools' `make check` only where a Makefile.am declares tests ------------------------

AUTOTOOLS = {"configure.ac": "AC_INIT([gauge], [1.0])\nAM_INIT_AUTOMAKE\n",
             "autogen.sh": "#!/bin/sh\nautoreconf -fi\n", "gauge.c": "",
             "Makefile.am": "bin_PROGRAMS = gauge\ngauge_SOURCES = gauge.c\n\n"
                            "cppcheck:\n\tcppcheck -q .\n"}


def test_make_check_is_no_test_command_where_no_makefile_am_declares_tests() -> None:
    """htop-dev/htop: configure.ac and one Makefile.am of programs, no TESTS: `make check`
    builds and runs nothing, and "Tests: `make check`" sent an agent to a suite there is
    not (as the CMake reading asks for `add_test` before it says `ctest`)."""
    assert not slot(lines(AUTOTOOLS), "Tests")
    assert slot(lines(AUTOTOOLS), "Build") == "Build: `./autogen.sh && ./configure && make`"


def test_ci_making_the_distribution_and_checking_it_is_how_a_change_is_tested() -> None:
    """A C program with no tests of its own whose CI configures with `--enable-werror`,
    builds and runs `make distcheck` (automake's tarball built, unpacked, configured,
    built and checked again): no Tests item said so (issue 29, fresh27)."""
    files = {**AUTOTOOLS, **steps(("Autogen", "./autogen.sh"),
                                  ("Configure", "./configure --enable-werror"),
                                  ("Build", "make -k"),
                                  ("Distcheck", 'make distcheck DISTCHECK_CONFIGURE_FLAGS='
                                                '"--enable-werror --disable-unicode"'),
                                  job="build")}
    assert slot(lines(files), "Tests").startswith("Tests: `make distcheck "), lines(files)


def test_make_check_stays_where_a_makefile_am_declares_tests_or_one_is_unread() -> None:
    declared = {**AUTOTOOLS, "Makefile.am": "SUBDIRS = . tests\nbin_PROGRAMS = gauge\n",
                "tests/Makefile.am": "check_PROGRAMS = run\nTESTS = run\n"}
    assert slot(lines(declared), "Tests").startswith("Tests: `make check`")
    deeper = {**AUTOTOOLS, "lib/sub/Makefile.am": "noinst_LIBRARIES = libsub.a\n"}
    assert slot(lines(deeper), "Tests").startswith("Tests: `make check`")


# --- ni's `nr <script>` runs package.json's script with the lockfile's package manager ------

def test_ci_running_a_script_through_ni_is_the_scripts_command() -> None:
    """vueuse/vueuse's CI: `npm i -g @antfu/ni`, then `nr lint`, `nr typecheck` - ni's
    `nr` runs the package.json script with the package manager of the lockfile, so the
    script is the command (`pnpm run lint`; CI runs it too), not a CI-only `nr lint`."""
    files = {"package.json": '{"name": "w", "scripts": {"lint": "eslint --cache .", '
                             '"typecheck": "tsc --noEmit"}, "devDependencies": '
                             '{"eslint": "^9.0.0", "typescript": "^5.0.0"}}',
             "pnpm-lock.yaml": "lockfileVersion: '9.0'\n", "eslint.config.js": "",
             "tsconfig.json": "{}", "src/w.ts": "",
             **steps(("Setup", "npm i -g @antfu/ni"), ("Install", "nci"), ("Lint", "nr lint"),
                     ("Typecheck", "nr typecheck"), job="lint")}
    found = lines(files)
    assert slot(found, "Lint").startswith("Lint: `pnpm run lint` runs `eslint --cache .`")
    assert "CI runs it too" in slot(found, "Lint")
    assert slot(found, "Type checks").startswith("Type checks: `pnpm run typecheck`")


# --- CI's own run of the convention's test tool is said beside it ----------------------------

GO_WORKFLOW = """\
on: [push]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
    - uses: actions/checkout@v4
    - name: Test
      run: go test -race ./...
    - name: Lint
      run: "go vet ./..."
    - name: Build
      run: go build ./...
"""


def test_cis_run_of_the_conventions_tests_another_way_is_said_beside_it() -> None:
    """fatih/color (a new user's try): CI tests with `go test -race ./...`; the memory said
    `go test ./...` alone, the convention, and nothing of the race detector a change must
    pass.  CI's run with the same tool is said after the convention, never in its place;
    a CI that runs the convention as it is says "CI runs it too"."""
    files = {"go.mod": "module github.com/fatih/color\n\ngo 1.25.0\n",
             "color.go": "package color\n", "color_test.go": "package color\n",
             ".github/workflows/go.yml": GO_WORKFLOW}
    tests = slot(lines(files), "Tests")
    assert tests.startswith("Tests: `go test ./...`; CI runs `go test -race ./...`"), tests
    plain = {**files, ".github/workflows/go.yml": GO_WORKFLOW.replace(" -race", "")}
    assert slot(lines(plain), "Tests").startswith("Tests: `go test ./...`; CI runs it too")
    # rayon: CI tests one package of the workspace a step: a part, not another way
    part = {**files, ".github/workflows/go.yml": GO_WORKFLOW.replace(
        "go test -race ./...", "go test -v -run TestColor ./...")}
    assert slot(lines(part), "Tests") == "Tests: `go test ./...`"


# --- a justfile's recipes for Unix and Windows, and arguments passed along in a quoted line ----

ZOXIDE_JUSTFILE = """\
default:
    @just --list

[unix]
fmt:
    nix-shell --cores 0 --pure --run 'cargo-fmt --all'

[windows]
fmt:
    cargo +nightly fmt --all

[unix]
test *args:
    nix-shell --cores 0 --pure --run 'cargo nextest run --all-features --workspace {{args}}'

[windows]
test *args:
    cargo +stable test --no-fail-fast --workspace {{args}}
"""


def test_a_recipe_written_for_unix_and_for_windows_is_read_as_unix_runs_it() -> None:
    """zoxide (a new user's try): `[unix] fmt:` and `[windows] fmt:`; the memory said
    `just fmt` runs `cargo +nightly fmt --all`, the Windows recipe, wrong on every other
    machine and in CI.  And `test *args:` runs `nix-shell --run 'cargo nextest run ...
    {{args}}'`: the memory said it runs `nix-shell --cores 0 --pure --run`, the quoted
    command dropped whole with the arguments passed along inside it."""
    found = lines({**CARGO, "justfile": ZOXIDE_JUSTFILE})
    assert slot(found, "Format") == \
        "Format: `just fmt` runs `nix-shell --cores 0 --pure --run 'cargo-fmt --all'`"
    assert slot(found, "Tests") == ("Tests: `just test` runs `nix-shell --cores 0 --pure --run "
                                    "'cargo nextest run --all-features --workspace'`")
    # a recipe for Windows alone is read as any other
    only = "[windows]\nfmt:\n    cargo +nightly fmt --all\n"
    assert slot(lines({**CARGO, "justfile": only}), "Format") == \
        "Format: `just fmt` runs `cargo +nightly fmt --all`"


# --- a nox session by the name its decorator gives ------------------------------------------

def test_a_nox_session_is_named_as_its_decorator_names_it() -> None:
    """jsonschema (a new user's try): `@session(tags=["docs", "style"], name="docs(style)")`
    was read as `nox -s docs_style`, which nox does not know; and a decorator whose other
    arguments hold the word `name` (`nox.param(name, id=name)`) gave the decorator's text
    as the session's name."""
    from gitmemory.reading.project import choose

    noxfile = ('import nox\n\n\n@nox.session(tags=["docs", "style"], name="docs(style)")\n'
               'def docs_style(session):\n    session.run("python", "-m", "doc8")\n\n\n'
               '@nox.session(tags=["docs"])\n@nox.parametrize("builder", [nox.param(name, '
               'id=name) for name in ["html", "man"]])\ndef docs(session, builder):\n'
               '    session.run("python", "-m", "sphinx", "-b", builder)\n')
    book = choose.catalog_of(Snapshot(["noxfile.py"], {"noxfile.py": noxfile}, []))
    assert sorted(t.command for t in book.tasks if t.command.startswith("nox")) == \
        ["nox -s 'docs(style)'", "nox -s docs"]


def test_rebar3_do_of_one_task_is_that_task() -> None:
    """brod (fresh19, read after its blind run): CI runs `rebar3 do compile`, the Makefile's
    `compile:` runs `rebar3 compile`; the two were read as different commands, so CI's
    won and the Build line named neither the Makefile's task nor rebar3's own form.
    `rebar3 do` of one task is that task; of several (`do compile,lint`) it is not."""
    files = {"rebar.config": "{deps, []}.\n", "src/brod.app.src": "{application, brod, []}.\n",
             "Makefile": ".PHONY: all\nall: compile\n\n.PHONY: compile\ncompile:\n"
                         "\t@rebar3 compile\n",
             ".github/workflows/build.yml": "on: [push]\njobs:\n  build:\n    runs-on: x\n"
                                            "    steps:\n      - name: Compile\n"
                                            "        run: rebar3 do compile\n"}
    assert slot(lines(files), "Build").startswith("Build: `make compile` runs `rebar3 compile`")


def test_the_guides_build_through_the_trees_own_script_beats_what_ci_builds() -> None:
    """KOReader's doc/Building.md builds with `./kodev build`, a script the tree holds;
    its CI builds `make base`, one part of it, and that was the Build item (fresh29, read
    after its blind run).  A build tool's launcher is no such script (see
    test_a_bare_gradle_wrapper_in_a_guide_is_written_as_it_runs_from_the_top)."""
    makefile = "all: base mo\n\nbase:\n\tluajit tools/build.lua\n\nmo:\n\tmsgfmt x.po\n"
    workflow = ("on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
                "      - uses: actions/checkout@v4\n      - name: Build\n        run: make base\n")
    guide = ("# Building\n\n## Building and running the emulator\n\n```\n./lectern build\n"
             "```\n")
    files = {"Makefile": makefile, ".github/workflows/build.yml": workflow,
             "doc/Building.md": guide, "lectern": "#!/bin/sh\nmake \"$@\"\n",
             "frontend/app.lua": "return {}\n"}
    assert slot(lines(files), "Build").startswith("Build: `./lectern build`")
    without = {k: v for k, v in files.items() if k != "lectern"}  # no script: CI's
    assert slot(lines(without), "Build").startswith("Build: `make base`")


def test_a_guides_install_of_the_trees_own_crate_is_given_beside_the_build() -> None:
    """Helix's book builds from source with `cargo install --path helix-term --locked`; it
    was read as a release (`cargo install` puts a published tool on the PATH) and the
    Build item said only `cargo build` (fresh29, read after its blind run).  Installing
    a crate by name is still no build."""
    files = {**CARGO, **readme("cargo install --path tallyho-cli --locked"),
             "tallyho-cli/Cargo.toml": '[package]\nname = "tallyho-cli"\n'}
    build = slot(lines(files), "Build")
    assert build.startswith("Build: `cargo build`")
    assert "`cargo install --path tallyho-cli --locked`" in build
    by_name = {**CARGO, **readme("cargo install cargo-deb")}
    assert "cargo install" not in slot(lines(by_name), "Build")


def test_a_workspace_with_no_test_command_at_its_top_names_the_one_ci_runs_in_a_package() -> None:
    """valibot's pnpm workspace has no script at its top; CI runs `pnpm test` with
    `working-directory: library`, and CLAUDE.md named no test command at all (fresh30, read
    after its blind run): the packages' items reach their own rule files only."""
    workflow = ("on: push\njobs:\n  core_vitest:\n    name: Run Vitest in core\n"
                "    runs-on: ubuntu-latest\n    steps:\n"
                "      - uses: actions/checkout@v4\n      - name: Vitest tests\n"
                "        run: pnpm test\n        working-directory: core\n")
    files = {"package.json": '{"name": "sieve", "private": true}\n',
             "pnpm-workspace.yaml": "packages:\n  - core\n  - site\n",
             "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
             "core/package.json": '{"name": "sieve", "scripts": {"test": "vitest"}}\n',
             "site/package.json": '{"name": "site", "scripts": {"test": "vitest"}}\n',
             "core/src/index.ts": "export {};\n", ".github/workflows/ci.yml": workflow}
    assert slot(lines(files), "Tests") == "Tests: `pnpm test` in `core/` (as CI runs it there)"
    top = {**files, "package.json": '{"name": "sieve", "scripts": {"test": "pnpm -r test"}}\n'}
    assert slot(lines(top), "Tests").startswith("Tests: `pnpm test`")
    assert "in `" not in slot(lines(top), "Tests")


def test_cis_run_of_the_tests_with_a_quoted_list_is_told_beside_the_convention() -> None:
    """cursive's CI tests with `--features "builder toml ..." --no-default-features`; the
    quoted list, split at its blanks, read as arguments picking a part of the suite, and
    the run went unsaid beside `cargo test`."""
    flow = steps(("Run tests", 'cargo test --features "builder toml termion-backend" '
                               "--no-default-features --verbose"), job="build")
    assert slot(lines({**CARGO, **flow}), "Tests") == (
        "Tests: `cargo test`; CI runs `cargo test --features 'builder toml termion-backend' "
        "--no-default-features`")


def test_a_run_another_job_makes_another_way_is_told_too() -> None:
    """koanf: its "Race Detection Tests" job runs `go test -race -v ...` beside the tests
    job's `go test -v ...`; only the first was told, and how CI checks for races not."""
    flow = ("on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - run: go test -v example.com/kf...\n"
            "  race:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - run: go test -race -v example.com/kf...\n")
    files = {"go.mod": "module example.com/kf\n\ngo 1.24\n", "kf.go": "package kf\n",
             "kf_test.go": "package kf\n",
             ".github/workflows/test.yml": flow}
    assert slot(lines(files), "Tests") == (
        "Tests: `go test ./...`; CI runs `go test -v example.com/kf...` and "
        "`go test -race -v example.com/kf...`")


def test_the_default_task_ci_runs_over_several_test_tasks_is_the_suite() -> None:
    """webmock: CI runs `bundle exec rake`, whose default task runs `spec`,
    `spec_http_without_webmock`, `test` and `minitest`; "Tests: `bundle exec rake test`"
    named one part of four as the suite."""
    rakefile = ("require 'rspec/core/rake_task'\nRSpec::Core::RakeTask.new(:spec)\n"
                "require 'rake/testtask'\nRake::TestTask.new(:test) do |t|\n"
                "  t.test_files = FileList['test/**/*.rb']\nend\n"
                "Rake::TestTask.new(:minitest) do |t|\n"
                "  t.test_files = FileList['minitest/**/*.rb']\nend\n"
                "task default: [:spec, :test, :minitest]\n")
    files = {"Rakefile": rakefile, "Gemfile": "gem 'rspec'\n", "lib/w.rb": "",
             "test/test_w.rb": "", **steps(("Test", "bundle exec rake"), job="test")}
    assert slot(lines(files), "Tests").startswith(
        "Tests: `bundle exec rake` runs `bundle exec rake spec`, `bundle exec rake test`, "
        "`bundle exec rake minitest`; CI runs it too")

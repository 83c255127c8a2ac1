"""The project's own test entry over the ecosystem's generic one (issue 29, "commands";
docs/design.md, "Commands that run"): where no runner's task is named for the tests, the
entry point CI runs and the guide names (a `go run` of the project's build program, a
cargo alias's task) is the test command, not `go test ./...` or `cargo test`; an entry
CI alone runs, or one the guide gives and CI never runs, leaves the convention.  What
the tests' CI job installs first with another ecosystem's package manager is said with
the setup.  The
fixtures are written for these tests, in other words than the repositories that showed
the gap; each rule has a near miss it must not fire on.
"""

from __future__ import annotations

from testing.reading import lines, slot

GO = {"go.mod": "module example.org/ferry\n\ngo 1.22\n", "main.go": "package main\n",
      "ferry_test.go": "package main\n", "make.go": "//go:build ignore\n\npackage main\n"}
RUST = {"Cargo.toml": '[workspace]\nmembers = ["ferry", "xtask"]\n',
        "ferry/Cargo.toml": '[package]\nname = "ferry"\n', "ferry/src/lib.rs": "\n",
        "xtask/Cargo.toml": '[package]\nname = "xtask"\n', "xtask/src/main.rs": "fn main() {}\n",
        ".cargo/config.toml": '[alias]\nxtask = "run --package xtask --"\n'}


def workflow(*runs: str) -> dict[str, str]:
    steps = "".join(f"      - run: {r}\n" for r in runs)
    return {".github/workflows/checks.yml":
            "on: [push]\njobs:\n  suite:\n    runs-on: ubuntu-latest\n    steps:\n"
            f"      - uses: actions/checkout@v4\n{steps}"}


def guide(text: str) -> dict[str, str]:
    return {"README.md": f"# ferry\n\n## Hacking\n\n{text}\n"}


# --- the project's build program CI tests through, its entry the guide gives -----------------

def test_ci_tests_through_the_build_program_the_readme_names() -> None:
    files = {**GO, **workflow("go run make.go test"),
             **guide("To get the binaries, simply run `go run make.go` at the top.")}
    tests = slot(lines(files), "Tests")
    assert tests.startswith("Tests: `go run make.go test`"), tests


def test_the_build_program_no_guide_names_leaves_the_convention() -> None:
    files = {**GO, **workflow("go run make.go test"), **guide("Ask on the forum.")}
    assert slot(lines(files), "Tests").startswith("Tests: `go test ./...`")


# --- a cargo alias's task the guide runs and CI runs --------------------------------------

def test_the_guides_alias_task_ci_runs_is_the_test_command() -> None:
    files = {**RUST, **workflow("cargo xtask run-unit-tests --all-stores -- --no-fail-fast"),
             **guide("Confirm it works by executing `cargo xtask run-unit-tests`.")}
    tests = slot(lines(files), "Tests")
    assert tests.startswith("Tests: `cargo xtask run-unit-tests`"), tests


def test_the_guides_alias_task_ci_never_runs_leaves_the_convention() -> None:
    files = {**RUST, **workflow("cargo test --workspace"),
             **guide("Confirm it works by executing `cargo xtask run-unit-tests`.")}
    assert slot(lines(files), "Tests").startswith("Tests: `cargo test")


def test_the_guides_alias_task_is_named_where_ci_runs_another_task_of_the_alias() -> None:
    files = {**RUST, **workflow("cargo xtask test-crates", "cargo xtask clippy"),
             **guide("- `cargo xtask unit-tests` - Run every test\n")}
    found = lines(files)
    assert slot(found, "Tests").startswith("Tests: `cargo xtask unit-tests`"), found
    # CI's task of the alias lints; the alias alone (`cargo run --package xtask --`) never
    assert slot(found, "Lint").startswith("Lint: `cargo xtask clippy`"), found


# --- what the tests' CI job installs with another ecosystem's package manager ---------------

PHP = {"composer.json": '{"name": "acme/ferry", "require-dev": {"phpunit/phpunit": "^11"}}\n',
       "phpunit.xml": "<phpunit/>\n", "src/Ferry.php": "<?php\n",
       "tests/FerryTest.php": "<?php\n",
       "package.json": '{"name": "ferry-assets", "devDependencies": {"esbuild": "^0.24"}}\n'}


def jobs(test_job: str, lint_job: str = "") -> dict[str, str]:
    lint = f"  style:\n    runs-on: ubuntu-latest\n    steps:\n{lint_job}" if lint_job else ""
    return {".github/workflows/ci.yml":
            "on: [push]\njobs:\n  unit:\n    runs-on: ubuntu-latest\n    steps:\n"
            f"      - uses: actions/checkout@v4\n{test_job}{lint}"}


def test_the_tests_job_installing_the_node_packages_is_said_with_the_setup() -> None:
    files = {**PHP, **jobs("      - run: composer install\n      - run: npm install\n"
                           "      - run: vendor/bin/phpunit\n")}
    setup = slot(lines(files), "Setup")
    assert "`composer install`" in setup and "`npm install`" in setup, setup


def test_node_packages_only_another_job_installs_are_not_the_tests_need() -> None:
    files = {**PHP, **jobs("      - run: composer install\n      - run: vendor/bin/phpunit\n",
                           "      - run: npm install\n      - run: npx prettier --check .\n")}
    assert "npm" not in slot(lines(files), "Setup")


# --- CI running the one script the test target runs runs all of it -------------------------

def test_ci_running_the_only_script_of_the_test_target_runs_it_all() -> None:
    files = {"Makefile": ".PHONY: test\ntest:\n\t./run-specs.sh\n",
             "run-specs.sh": "#!/bin/bash\nset -e\nmkdir -p .deps\n"
                             "git clone --depth=1 https://example.org/busted.git .deps/b\n"
                             "nvim --headless -u specs/init.lua -c 'RunSpecs specs'\n",
             "lua/acme/init.lua": "return {}\n", "specs/acme_spec.lua": "\n",
             **workflow("bash ./run-specs.sh")}
    tests = slot(lines(files), "Tests")
    assert tests.startswith("Tests: `make test`") and " of it" not in tests, tests


def test_a_subcommand_asked_for_its_version_is_no_lint_or_format() -> None:
    """diesel (fresh20, read after its run): CI's set-up step prints `cargo fmt --version`
    and `cargo clippy --version`, and those became Lint and Format, "as CI runs it".  A
    program's subcommand asked for its version or help runs nothing."""
    from gitmemory.reading.project import Snapshot, read_tree
    from gitmemory.reading.project.tool_roles import query

    assert query(["cargo", "clippy", "--version"]) and query(["cargo", "fmt", "--help"])
    assert not query(["cargo", "clippy", "--all-targets"])
    workflow = """\
name: CI
on: [push]
jobs:
  tidy:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: |
          cargo fmt --version
          cargo clippy --version
"""
    files = {"Cargo.toml": '[package]\nname = "quay"\nversion = "0.1.0"\n',
             "src/lib.rs": "pub fn f() {}\n", ".github/workflows/ci.yml": workflow}
    said = [r.text for r in read_tree(Snapshot(sorted(files), files, []))]
    assert not [t for t in said if "--version" in t], said


# --- the guide's own-entry forms for each purpose, CI's twin of them --------------------------

ENTRY_GUIDE = ("```sh\n# tidy, compile, then run the suite\ncargo xtask\n# or one at a time\n"
               "cargo xtask fmt\ncargo xtask compile\ncargo xtask test\n```")


def test_the_guides_format_entry_whose_check_ci_runs_is_the_format_command() -> None:
    """zellij (fresh24, spent): the guide lists `cargo xtask format` and CI runs `cargo
    xtask format --check`; the format slot said the ecosystem's `cargo fmt --all`.  The
    form CI runs with a check flag, without it, rewrites."""
    files = {**RUST, ".rustfmt.toml": "edition = \"2021\"\n",
             **workflow("cargo xtask fmt --check", "cargo xtask compile", "cargo xtask test"),
             **guide(ENTRY_GUIDE)}
    assert slot(lines(files), "Format").startswith("Format: `cargo xtask fmt`"), lines(files)


def test_a_guides_entry_ci_never_checks_with_a_flag_is_not_a_formatter_by_its_name() -> None:
    files = {**RUST, ".rustfmt.toml": "edition = \"2021\"\n",
             **workflow("cargo xtask compile", "cargo xtask test"), **guide(ENTRY_GUIDE)}
    assert slot(lines(files), "Format").startswith("Format: `cargo fmt --all`")


def test_of_the_guides_build_entries_the_one_ci_runs_as_written_is_the_build() -> None:
    """zellij (fresh24, spent): the guide's bare `cargo xtask` (which tidies, builds and
    tests) was named the build, though the guide lists `cargo xtask build` beside it and
    CI runs that one as written."""
    files = {**RUST, **workflow("cargo xtask fmt --check", "cargo xtask build",
                                "cargo xtask test"),
             "README.md": "# ferry\n\n## Building\n\n" +
             ENTRY_GUIDE.replace("compile", "build") + "\n"}
    assert slot(lines(files), "Build").startswith("Build: `cargo xtask build`"), lines(files)


def test_a_format_task_beats_its_check_twin_that_ci_runs() -> None:
    """gitsigns.nvim (fresh25, spent): the Makefile has `format` (stylua over the files) and
    `format-check` (`stylua --check`), CI runs the second, and the Format slot named the
    check: the fixing form is the format command, and CI's check of it is said beside."""
    files = {"Makefile": "LUA := $(shell git ls-files '*.lua')\n\nformat:\n\tstylua $(LUA)\n\n"
                         "format-check:\n\tstylua --check $(LUA)\n\ntest:\n\tbusted\n",
             "stylua.toml": "indent_type = \"Spaces\"\n",
             **workflow("make format-check", "make test")}
    fmt = slot(lines(files), "Format")
    assert fmt.startswith("Format: `make format`"), fmt

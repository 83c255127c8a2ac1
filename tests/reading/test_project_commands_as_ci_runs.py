"""Commands read the way the project's own tools run them (h66, issue 29, "commands right
on repositories never seen"): a monorepo runner's target, the part of a task CI runs, the
script CI runs before it checks the tree is clean.  Each with a near miss."""

from __future__ import annotations

import json

from gitmemory.reading.project.tool_roles import tool_purposes
from tests.reading.test_project import lines, one, snapshot


def test_a_monorepo_runner_does_what_its_target_is_named_for() -> None:
    """Nx and Turbo run a package's script or a project's task by its target's name, as
    earthly's `+test` does: `nx run @scope/pkg:test:lib` tests."""
    assert tool_purposes(["pnpm", "nx", "run", "@tanstack/react-query:test:lib"]) == ("test",)
    assert tool_purposes(["nx", "run-many", "--target=lint"]) == ("lint",)
    assert tool_purposes(["nx", "affected", "-t", "build", "--parallel"]) == ("build",)
    assert tool_purposes(["turbo", "run", "test", "--filter=web"]) == ("test",)
    # near misses: targets that disagree, and the tools' own subcommands, say nothing
    assert tool_purposes(["nx", "run-many", "-t", "lint", "test"]) == ()
    assert tool_purposes(["nx", "graph"]) == ()
    assert tool_purposes(["turbo", "prune", "web"]) == ()


MONOREPO_GUIDE = """\
# Contributing

## Running tests

To run tests for a specific package, use the following command:

```bash
pnpm nx run @acme/{package-name}:test:lib
```

For example:

```bash
pnpm nx run @acme/core:test:lib
```
"""


def test_a_guide_gives_the_example_of_its_monorepo_command_not_its_template() -> None:
    """TanStack/query's CONTRIBUTING gives `pnpm nx run @tanstack/{package-name}:test:lib`,
    then the example for react-query: the example runs as written, beside `pnpm test`;
    `{package-name}` is a placeholder the reader fills in."""
    package = {"name": "root", "private": True, "scripts": {"test": "vitest"}}
    files = {"package.json": json.dumps(package), "pnpm-lock.yaml": "lockfileVersion: 9\n",
             "CONTRIBUTING.md": MONOREPO_GUIDE}
    tests = one(lines(snapshot(files, [*files, "src/a.ts"])), "Tests:")
    assert "CONTRIBUTING.md gives `pnpm nx run @acme/core:test:lib`" in tests
    assert "{package-name}" not in tests
    # near miss: the template alone gives no command
    files["CONTRIBUTING.md"] = MONOREPO_GUIDE.split("For example", maxsplit=1)[0]
    assert "nx run" not in one(lines(snapshot(files, [*files, "src/a.ts"])), "Tests:")


MAKEFILE = """\
unit-test:
\tgo test ./... -short

integration-test:
\tgo test pkg/integration/clients/*.go

test: unit-test integration-test
"""
CI = """\
name: CI
on: [push]
jobs:
  unit:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: make unit-test
"""


def test_the_part_of_a_task_ci_runs_says_its_one_command() -> None:
    """lazygit: `make test` runs `make unit-test` and the integration tests; CI runs
    `make unit-test`, which is `go test ./... -short`: the way to run the unit tests alone."""
    files = {"go.mod": "module example.com/x\n\ngo 1.22\n", "Makefile": MAKEFILE,
             ".github/workflows/ci.yml": CI}
    tests = one(lines(snapshot(files, [*files, "main.go"])), "Tests:")
    assert "CI runs `make unit-test` (`go test ./... -short`) of it" in tests
    # near miss: a part that runs two commands is named alone
    two = MAKEFILE.replace("\tgo test ./... -short\n",
                           "\tgo test ./cmd/... -short\n\tgo test ./pkg/... -short\n")
    files["Makefile"] = two
    tests = one(lines(snapshot(files, [*files, "main.go"])), "Tests:")
    assert "CI runs `make unit-test` of it" in tests


GENERATION = """\
name: Check code-generation
on: [pull_request]
jobs:
  check_generation:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: dart pub get
      - run: ./scripts/generate.sh
      - name: check there are no uncommitted changes
        run: git diff --exit-code
"""
GENERATE = """\
#!/bin/bash
cd ./packages/core
dart run build_runner build --delete-conflicting-outputs
cd -
for dir in packages/*; do
  (cd "$dir" && dart run build_runner build -d) &
done
wait
"""


def test_the_script_ci_runs_before_checking_the_tree_is_the_generator() -> None:
    """rrousselGit/riverpod: check_generation.yml runs ./scripts/generate.sh, then `git
    diff --exit-code`; the script's last line (`wait`) is not what regenerates."""
    files = {"pubspec.yaml": "name: x\n", ".github/workflows/check_generation.yml": GENERATION,
             "scripts/generate.sh": GENERATE}
    found = one(lines(snapshot(files, [*files, "lib/x.dart"])), "Generated code:")
    assert found == ("Generated code: run `./scripts/generate.sh` and commit what it "
                     "changes: CI fails when the tree then differs")
    # near miss: a script that neither is named for writing nor writes is only run
    files["scripts/check.sh"] = "#!/bin/sh\ndart analyze\n"
    files[".github/workflows/check_generation.yml"] = GENERATION.replace(
        "./scripts/generate.sh", "./scripts/check.sh")
    assert not [x for x in lines(snapshot(files, [*files, "lib/x.dart"]))
                if x.startswith("Generated code:")]


SWIFT_CI = """\
name: test
on: [pull_request]
jobs:
  unit-tests:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Run tests
        run: swift test
  package-traits:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Run tests with traits disabled
        run: swift test --disable-default-traits
"""


def test_ci_running_the_tests_another_way_as_well_as_plainly_is_said() -> None:
    """vapor/vapor: one job runs `swift test`, another `swift test
    --disable-default-traits`; a change must pass both, and "CI runs it too" said only
    the first."""
    files = {"Package.swift": "// swift-tools-version:6.0\nimport PackageDescription\n",
             ".github/workflows/test.yml": SWIFT_CI}
    tree = [*files, "Sources/App/a.swift", "Tests/AppTests/a_tests.swift"]
    tests = one(lines(snapshot(files, tree)), "Tests:")
    assert tests.startswith("Tests: `swift test`; CI runs it too; CI also runs "
                            "`swift test --disable-default-traits`"), tests
    # near miss: a job that tests one part (a filter) is no other way of the whole
    files[".github/workflows/test.yml"] = SWIFT_CI.replace(
        "--disable-default-traits", "--filter AppTests")
    assert "CI also runs" not in one(lines(snapshot(files, tree)), "Tests:")


HASKELL_CI = """\
# This GitHub workflow config has been generated by a script via
#
#   haskell-ci 'github' '--config=cabal.haskell-ci' 'cabal.project'
#
# To regenerate the script (for example after adjusting tested-with) run
#
#   haskell-ci regenerate
#
name: Haskell-CI
on: [push]
jobs:
  linux:
    runs-on: ubuntu-latest
    steps:
      - run: cabal test all
"""


def test_a_workflow_a_named_script_generated_says_so_with_its_command() -> None:
    """haskell-effectful/effectful: haskell-ci.yml opens with "This GitHub workflow config
    has been generated by a script via", the command indented in the next paragraph; the
    CI is changed through cabal.haskell-ci and regenerated, never edited by hand."""
    files = {"cabal.project": "packages: .\n", "x.cabal": "name: x\n",
             ".github/workflows/haskell-ci.yml": HASKELL_CI}
    assert one(lines(snapshot(files, [*files, "src/X.hs"])), "Generated code:") == (
        "Generated code: the haskell-ci.yml workflow says \"This GitHub workflow config has "
        "been generated by a script via haskell-ci 'github' '--config=cabal.haskell-ci' "
        "'cabal.project'\": change what generates it, never the file by hand")
    # near miss: a comment that only says what the workflow does is no banner
    files[".github/workflows/haskell-ci.yml"] = HASKELL_CI.replace(
        "This GitHub workflow config has been generated by a script via",
        "This workflow runs the tests on every GHC")
    assert not [x for x in lines(snapshot(files, [*files, "src/X.hs"]))
                if x.startswith("Generated code:")]


SAME_LINE = """\
name: CI
on: [push]
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Check All Auto-Generated Files
        run: |
          go generate ./... && git diff --quiet || (git status -s; echo "not up to date" && exit 1)
"""


def test_a_generator_on_the_checks_own_line_is_named() -> None:
    """jesseduffield/lazygit: `go generate ./... && git diff --quiet || (...; exit 1)`, one
    line: the generator before the check is what to run and commit."""
    files = {"go.mod": "module example.com/x\n\ngo 1.22\n", ".github/workflows/ci.yml": SAME_LINE}
    found = one(lines(snapshot(files, [*files, "main.go"])), "Generated code:")
    assert found.startswith("Generated code: run `go generate ./...` and commit what it changes")
    # near miss: a build before the check only proves the tree stays clean
    files[".github/workflows/ci.yml"] = SAME_LINE.replace("go generate ./...", "go build ./...")
    assert not [x for x in lines(snapshot(files, [*files, "main.go"]))
                if x.startswith("Generated code:")]


INSTALL_SCRIPT_CI = """\
name: Install Script
on:
  push:
    paths:
      - "install/**"
  pull_request:
    paths:
      - "install/**"
jobs:
  shellcheck:
    runs-on: ubuntu-latest
    steps:
      - run: shellcheck --severity=warning install/**/*.sh
"""
RUST_CI = """\
name: Main workflow
on:
  push:
    paths-ignore:
      - "docs/**"
  pull_request:
jobs:
  clippy:
    runs-on: ubuntu-latest
    steps:
      - run: cargo clippy --workspace --locked -- -D warnings
"""


def test_a_workflow_run_for_one_directory_lints_that_part_not_the_project() -> None:
    """starship/starship (fresh30, a new user's trial): install-script.yml, which runs only
    when `install/**` changes, sorts before workflow.yml, and its `shellcheck` of the
    install scripts was the Lint item ahead of `cargo clippy`.  A workflow whose every
    trigger is limited to paths under directories checks that part of the tree: what the
    workflows run on every change comes first.  Near miss: a filter that names a file at
    the top (the manifest) is the whole project's."""
    files = {"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
             ".github/workflows/install-script.yml": INSTALL_SCRIPT_CI,
             ".github/workflows/workflow.yml": RUST_CI}
    tree = [*files, "src/main.rs", "install/install.sh"]
    assert one(lines(snapshot(files, tree)), "Lint:").startswith(
        "Lint: `cargo clippy --workspace --locked -- -D warnings`")
    files[".github/workflows/install-script.yml"] = INSTALL_SCRIPT_CI.replace(
        '      - "install/**"\n', '      - "install/**"\n      - "Cargo.toml"\n')
    assert one(lines(snapshot(files, tree)), "Lint:").startswith("Lint: `shellcheck")


KINGFISHER_DEVELOPMENT = """\
# Development

## Code Style

Fluent API implementation in `Sources/General/KF.swift`:

```swift
public enum KF {
    public static func url(_ url: URL?, cacheKey: String? = nil) -> KF.Builder {
        source(url?.convertToSource(overrideCacheKey: cacheKey))
    }
}
```
"""
KINGFISHER_TESTING = """\
# Testing

## Test Infrastructure

- **Test Assets**:
  - `Tests/KingfisherTests/dancing-banana.gif` - Animated GIF for testing
  - `Tests/KingfisherTests/single-frame.gif` - Single frame GIF for testing

## Running

```bash
scripts/test.sh
```
"""


def test_a_guides_code_in_another_language_and_its_listed_files_are_no_commands() -> None:
    """onevcat/Kingfisher (fresh31, blind): 'Lint: `public static func url`' from a
    ```swift block of docs/development.md, and 'Commands: `Tests/KingfisherTests/
    dancing-banana.gif`, ...' from docs/testing.md's list of test assets.  A block whose
    info string names a language other than a shell's holds that language's code, and a
    path whose extension no script has (an image, a Swift file) starts no program; the
    guide's shell block and its script still give the Tests item."""
    files = {"Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n",
             "docs/development.md": KINGFISHER_DEVELOPMENT, "docs/testing.md": KINGFISHER_TESTING,
             "scripts/test.sh": "#!/bin/sh\nswift test\n"}
    tree = [*files, "Sources/General/KF.swift", "Tests/KingfisherTests/dancing-banana.gif",
            "Tests/KingfisherTests/single-frame.gif"]
    found = lines(snapshot(files, tree))
    assert not [x for x in found if "public static" in x or "banana.gif" in x], found
    assert "`scripts/test.sh`" in one(found, "Tests:")


FASTFILE = """\
fastlane_version "1.37.0"

default_platform :ios

platform :ios do
  desc "Runs all the tests"
  lane :tests do
    test(destination: "platform=macOS")
    build(destination: "platform=watchOS Simulator,name=Apple Watch Series 10 (42mm)")
  end

  lane :test_ci do
    test(destination: ENV["DESTINATION"])
  end

  lane :test do |options|
    scan(scheme: "Kingfisher", destination: options[:destination])
  end

  lane :build do |options|
    xcodebuild(workspace: "Kingfisher.xcworkspace", scheme: "Kingfisher")
  end

  desc "Lint"
  lane :lint do
    pod_lib_lint
    spm
  end
end
"""
FASTLANE_CI = """\
name: test
on: [push]
jobs:
  run-test:
    runs-on: macos-26
    steps:
      - uses: actions/checkout@v4
      - run: bundle exec fastlane test_ci
"""


def test_fastlanes_lanes_are_the_projects_tasks() -> None:
    """onevcat/Kingfisher (fresh31, blind): 'Tests: `swift test`' was wrong (the suite
    runs on simulators through fastlane; AGENTS.md: `bundle exec fastlane tests`, CI
    `bundle exec fastlane test_ci`) and no Lint item named `bundle exec fastlane lint`.
    fastlane/Fastfile's lanes are the project's tasks, as a Makefile's targets are,
    typed through Bundler when the Gemfile pins fastlane.  Near miss: a lane under a
    platform that is not the default is typed with the platform's name."""
    files = {"Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n",
             "Gemfile": "source 'https://rubygems.org'\ngem 'fastlane'\n",
             "fastlane/Fastfile": FASTFILE, ".github/workflows/test.yaml": FASTLANE_CI}
    tree = [*files, "Sources/General/KF.swift", "Tests/KingfisherTests/KFTests.swift"]
    found = lines(snapshot(files, tree))
    assert one(found, "Tests:").startswith("Tests: `bundle exec fastlane tests`"), found
    assert "swift test" not in one(found, "Tests:")
    assert one(found, "Lint:").startswith("Lint: `bundle exec fastlane lint`"), found
    files["fastlane/Fastfile"] = FASTFILE.replace("default_platform :ios", "")
    files["Gemfile"] = "source 'https://rubygems.org'\n"
    found = lines(snapshot(files, tree))
    assert one(found, "Lint:").startswith("Lint: `fastlane ios lint`"), found


def test_cargo_hack_runs_the_tests_once_per_feature_and_is_said_beside_them() -> None:
    """config-rs (fresh34, read after its blind run): CI tests with `cargo hack test
    --each-feature --workspace`, and the memory said `cargo test` alone.  cargo-hack runs
    the cargo subcommand it is given once per feature set: another way of the tests."""
    files = {"Cargo.toml": '[package]\nname = "config"\nversion = "0.1.0"\n',
             ".github/workflows/ci.yml":
             "on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
             "      - uses: actions/checkout@v4\n      - uses: taiki-e/install-action@cargo-hack\n"
             "      - run: cargo hack test --each-feature --workspace\n"}
    tree = [*files, "src/lib.rs"]
    assert one(lines(snapshot(files, tree)), "Tests:") == \
        "Tests: `cargo test`; CI runs `cargo hack test --each-feature --workspace`"


def test_a_step_run_only_on_a_cache_miss_fills_the_cache_and_checks_nothing() -> None:
    """commanded (a new user's first day, Elixir): CI builds Dialyzer's PLTs with `mix
    dialyzer --plt` only when its cache missed, then runs `mix dialyzer --no-check`; the
    Type checks item named the first, which builds the PLTs and exits."""
    flow = ("on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - uses: actions/checkout@v4\n      - uses: actions/cache@v4\n"
            "        id: plt-cache\n        with:\n          path: priv/plts\n"
            "          key: plts\n      - name: Create Dialyzer PLTs\n"
            "        if: steps.plt-cache.outputs.cache-hit != 'true'\n"
            "        run: |\n          mkdir -p priv/plts\n          mix dialyzer --plt\n"
            "      - name: Run Dialyzer\n        run: mix dialyzer --no-check\n")
    files = {"mix.exs": "defmodule App.MixProject do\n  use Mix.Project\n"
                        "  defp deps, do: [{:dialyxir, \"~> 1.4\", only: [:dev]}]\nend\n",
             ".github/workflows/test.yml": flow}
    assert one(lines(snapshot(files, [*files, "lib/app.ex"])), "Type checks:") == \
        "Type checks: `mix dialyzer --no-check` (as CI runs it)"


def test_tests_through_another_repositorys_shared_workflow_name_it_and_its_arguments() -> None:
    """async-http-client (fresh34, read after its blind run) tests through `uses:
    apple/swift-nio/.github/workflows/unit_tests.yml@main`, passing
    `linux_6_0_arguments_override: "--explicit-target-dependency-import-check error -Xswiftc
    -warnings-as-errors"`: the memory said `swift test` alone.  The command is the shared
    workflow's; the arguments it is given are the tree's, said with it."""
    args = "--explicit-target-dependency-import-check error -Xswiftc -warnings-as-errors"
    flow = ("on: [pull_request]\njobs:\n  unit-tests:\n"
            "    uses: apple/swift-nio/.github/workflows/unit_tests.yml@main\n    with:\n"
            f"      linux_6_0_arguments_override: \"{args}\"\n"
            f"      linux_6_1_arguments_override: \"{args}\"\n"
            "      linux_nightly_main_arguments_override: \"--explicit-target-dependency-import-"
            "check error\"\n")
    files = {"Package.swift": "// swift-tools-version:5.10\nimport PackageDescription\n",
             ".github/workflows/pull_request.yml": flow}
    tree = [*files, "Sources/App/a.swift", "Tests/AppTests/a_tests.swift"]
    assert one(lines(snapshot(files, tree)), "Tests:") == (
        "Tests: `swift test`; CI runs them through "
        f"`apple/swift-nio/.github/workflows/unit_tests.yml` with `{args}`")
    files[".github/workflows/pull_request.yml"] = flow.replace("unit_tests.yml", "soundness.yml")
    assert one(lines(snapshot(files, tree)), "Tests:") == "Tests: `swift test`"

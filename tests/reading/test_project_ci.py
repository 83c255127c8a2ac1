"""gitmemory/reading/project/ci_steps.py and purposes.py: what CI runs is read from GitHub
workflows and GitLab jobs in order, each command once, and every task or tool is given the
purpose a reader would (tests, lint, format, types, docs, build, setup)."""

from __future__ import annotations

import pytest

from gitmemory.reading.project import Snapshot
from gitmemory.reading.project.ci_steps import steps
from gitmemory.reading.project.purposes import is_python_env, purpose
from gitmemory.reading.project.task import TaskBook
from gitmemory.reading.project.tool_roles import tool_purposes
from tests.reading.test_project import lines, one, snapshot

WORKFLOW = """\
jobs:
  lint:
    steps:
      - uses: actions/checkout@v4
      - run: pip install -e .
      - run: |
          ruff check src
          ruff format --check src
  test:
    steps:
      - run: python -m pytest -q tests
      - run: ruff check src
      - name: no run key here
"""


def _commands(files: dict[str, str]) -> list[tuple[str, str, str]]:
    found = steps(Snapshot(sorted(files), files, []))
    book = TaskBook(found)
    return [(t.command, t.source, (book.purposes(t) or ("",))[0]) for t in found]


def test_github_steps_in_order_each_command_once() -> None:
    assert _commands({".github/workflows/ci.yml": WORKFLOW}) == [
        ("pip install -e .", ".github/workflows/ci.yml", "setup"),
        ("ruff check src", ".github/workflows/ci.yml", "lint"),
        ("ruff format --check src", ".github/workflows/ci.yml", "format"),
        ("python -m pytest -q tests", ".github/workflows/ci.yml", "test"),
    ]


def test_gitlab_script_lines() -> None:
    gitlab = ("stages: [test]\nvariables:\n  X: 1\n"
              "tests:\n  script:\n    - tox -e py312\n    - |\n      mypy src\n"
              "      echo done\n")
    assert _commands({".gitlab-ci.yml": gitlab}) == [
        ("tox -e py312", ".gitlab-ci.yml", "test"), ("mypy src", ".gitlab-ci.yml", "typecheck")]


def test_appveyor_script_lines_in_the_order_of_its_phases_and_images() -> None:
    """NLog's CI is AppVeyor, which was not read: `./run-tests.ps1`, what it runs for the
    tests, was never told, and a script that only validates a schema stood in for it."""
    appveyor = ("image:\n  - Visual Studio 2022\nbuild: false\nfor:\n  -\n    matrix:\n"
                "      only:\n        - image: Visual Studio 2022\n    test_script:\n"
                "    - ps: ./run-tests.ps1\n    build_script:\n    - ps: ./build.ps1\n"
                "  -\n    matrix:\n      only:\n        - image: Ubuntu2204\n"
                "    test_script:\n    - dotnet test tests/Unit\n")
    files = {"appveyor.yml": appveyor, "run-tests.ps1": "dotnet test\n",
             "build.ps1": "msbuild\n"}
    assert [c for c, _, _ in _commands(files)] == \
        ["./build.ps1", "./run-tests.ps1", "dotnet test tests/Unit"]
    assert {s for _, s, _ in _commands(files)} == {"appveyor.yml"}


@pytest.mark.parametrize("text", [
    "not: [valid yaml", "- a list\n- not a mapping\n", "jobs: just a string\n",
    "jobs:\n  build:\n    steps: not a list\n", "jobs:\n  build:\n    steps:\n      - run: 42\n",
])
def test_a_workflow_that_is_not_what_ci_expects_gives_nothing(text: str) -> None:
    assert _commands({".github/workflows/odd.yml": text}) == []


def test_files_outside_the_workflow_directory_are_not_ci() -> None:
    assert _commands({".github/dependabot.yml": WORKFLOW, "ci.yml": WORKFLOW}) == []


@pytest.mark.parametrize(("name", "expected"), [
    ("test", "test"), ("Tests", "test"), ("unit-tests", "test"), ("py312", "test"),
    ("pypy3", "test"), ("3.12", "test"), ("lint", "lint"), ("pre-commit", "lint"),
    ("fmt", "format"), ("mypy", "typecheck"), ("docs", "docs"), ("wheel", "build"),
    ("install-dev", "setup"), ("test-integration", "test"), ("lint:fix", "format"),
    ("docs_serve", "docs"), ("check.sh", "lint"), ("deploy", None), ("release-notes", None),
])
def test_a_task_name_says_its_purpose(name: str, expected: str | None) -> None:
    assert purpose(name) == expected


@pytest.mark.parametrize(("name", "expected"), [
    ("py312", True), ("py3.13", True), ("pypy3", True), ("3.13t", True),
    ("py312-django", False), ("py{311,312}", False), ("lint", False),
])
def test_python_environments(name: str, expected: bool) -> None:
    assert is_python_env(name) is expected


@pytest.mark.parametrize(("command", "expected"), [
    ("pytest -q", "test"), ("python -m pytest", "test"), ("python3 -m mypy src", "typecheck"),
    ("npx eslint .", "lint"), ("uvx ruff check", "lint"), ("ruff format --diff", "format"),
    ("black --check .", "format"), ("prettier --write .", "format"),
    ("make docs", "docs"), ("just test", "test"), ("make deploy", ""), ("make", ""),
    ("python -m", ""), ("cargo build", "build"), ("cargo test --workspace", "test"),
    ("cargo clippy --all-targets", "lint"), ("go test ./...", "test"), ("ctest", "test"),
    ("bundle exec rspec", "test"), ("dotnet test", "test"), ("./gradlew build", "build"),
    ("./mvnw verify", "test"), ("golangci-lint run", "lint"), ("npx xo", "lint"),
    ("make check", "test"), ("make install", ""), ("npm install -g npm", ""),
    ("pip install tox", ""), ("pip install -e .", "setup"), ("cargo install just", ""),
    ("twine upload dist/*", ""), ("cargo bench", ""),
])
def test_a_command_says_its_purpose_by_its_tool(command: str, expected: str) -> None:
    found = tool_purposes(command.split())
    assert (found[0] if found and found[0] != "deploy" else "") == expected


def _found(files: dict[str, str]) -> list[tuple[str, str, str]]:
    """(job name, command, scope) of each CI step."""
    return [(t.name, t.command, t.scope) for t in steps(Snapshot(sorted(files), files, []))]


def test_actions_that_stand_for_a_command_are_named_as_that_command() -> None:
    """ruff's actions run ``ruff <args>``, ``check`` when no args are given: args that
    name the subcommand were read as ``ruff check format --check`` before."""
    workflow = """\
jobs:
  lint:
    steps:
      - uses: golangci/golangci-lint-action@v6
      - uses: astral-sh/ruff-action@v3
      - uses: astral-sh/ruff-action@v3
        with:
          args: check --select I src
      - uses: chartboost/ruff-action@v1
        with:
          args: format --check
      - uses: actions-rs/cargo@v1
        with:
          command: test
          args: --all-features
      - uses: gradle/gradle-build-action@v3
      - uses: actions/setup-node@v4
"""
    assert [c for _, c, _ in _found({".github/workflows/lint.yml": workflow})] == [
        "golangci-lint run", "ruff check", "ruff check --select I src", "ruff format --check",
        "cargo test --all-features"]


def test_literal_env_and_single_valued_matrix_keys_are_filled_in_others_refuse() -> None:
    workflow = """\
env:
  PKG: src/app
  TOKEN: ${{ secrets.TOKEN }}
jobs:
  test:
    strategy:
      matrix:
        python: ["3.12"]
        os: [ubuntu-latest, macos-latest]
    env:
      LEVEL: 2
    steps:
      - run: python${{ matrix.python }} -m pytest ${{ env.PKG }} -v${{ env.LEVEL }}
      - run: tox -e ${{ matrix.os }}
      - run: deploy --token ${{ env.TOKEN }}
"""
    assert _found({".github/workflows/ci.yml": workflow}) == [
        ("ci test", "python3.12 -m pytest src/app -v2", "")]


def test_a_step_in_cmd_or_powershell_continues_its_lines_as_that_shell_does() -> None:
    """luarocks' Windows job (``defaults: run: shell: cmd``) writes ``busted ^`` and the
    arguments on the lines below: one command, never ``busted '^'``; PowerShell
    continues with a backtick.  A POSIX step's ``^`` is a word like any other."""
    flow = """\
defaults:
  run:
    shell: pwsh
jobs:
  windows:
    defaults:
      run:
        shell: cmd
    steps:
      - run: |
          busted ^
            -o htest ^
            --exclude-tags=ssh
  pwsh:
    steps:
      - run: |
          dotnet test `
            --configuration Release
      - shell: bash
        run: git log --format=%s ^HEAD~1
"""
    commands = [c for c, _, _ in _commands({".github/workflows/ci.yml": flow})]
    assert commands == ["busted -o htest --exclude-tags=ssh",
                        "dotnet test --configuration Release"]


def test_a_step_keeps_its_directory_and_a_cd_is_shown() -> None:
    workflow = """\
jobs:
  web:
    name: Front end
    steps:
      - run: npm ci
        working-directory: ./web
      - run: cd docs && make html
      - run: |
          case "$RUNNER_OS" in
            Linux)
              make test ;;
          esac
"""
    assert _found({".github/workflows/ci.yml": workflow}) == [
        ("ci web Front end", "npm ci", "web"),
        ("ci web Front end", "cd docs && make html", ""),
        ("ci web Front end", "make test", "")]


def test_a_build_directory_step_carries_the_step_that_made_it() -> None:
    workflow = """\
jobs:
  build:
    steps:
      - run: cmake -S . -B out
      - run: cmake --build out
      - run: ctest --test-dir out
      - run: cmake --build elsewhere
      - run: dotnet test --no-restore
"""
    assert [c for _, c, _ in _found({".github/workflows/c.yml": workflow})] == [
        "cmake -S . -B out", "cmake -S . -B out && cmake --build out",
        "cmake -S . -B out && cmake --build out && ctest --test-dir out"]


def test_azure_script_steps_in_jobs_and_stages() -> None:
    azure = """\
steps:
  - script: make lint
    displayName: Lint
stages:
  - stage: Test
    jobs:
      - job: unit
        steps:
          - bash: |
              pytest -q
          - pwsh: ./build.ps1
          - task: PublishTestResults@2
"""
    assert _found({"azure-pipelines.yml": azure}) == [
        ("build Lint", "make lint", ""), ("unit", "pytest -q", ""), ("unit", "./build.ps1", "")]


AZURE_TEMPLATE = """\
parameters:
  suite: ''
  entry: ''
  options: 'everything'
jobs:
  - job: ${{ parameters.suite }}
    displayName: ${{ parameters.suite }} checks
    steps:
      - task: Bash@3
        displayName: Run
        inputs:
          filePath: ${{ parameters.entry }}
          arguments: ${{ parameters.options }}
      - task: CmdLine@2
        inputs:
          script: echo done
"""
AZURE_ENTRY = """\
trigger:
  branches:
    include: [trunk]
pr:
  branches:
    include: [trunk]
jobs:
  - job: Spelling
    steps:
      - script: npx cspell "manual/**/*.md"
  - template: job.template.yaml
    parameters:
      suite: unit
      entry: ./make.sh
      options: verifyAll quick
  - template: job.template.yaml
    parameters:
      suite: smoke
      entry: ./make.sh
"""


def test_an_azure_pipeline_kept_in_its_own_directory_is_read_through_its_templates() -> None:
    """akka.net (fresh24, spent): its pipelines live in `build-system/` and run the build
    script through a template whose script task takes the file and its arguments as
    parameters; none of it was read, so no CI command was known."""
    found = _found({"pipelines/validate.yaml": AZURE_ENTRY,
                    "pipelines/job.template.yaml": AZURE_TEMPLATE, "make.sh": "#!/bin/sh\n"})
    commands = [command for _, command, _ in found]
    assert "./make.sh verifyAll quick" in commands
    assert "./make.sh everything" in commands  # the template's default
    assert ("unit checks Run", "./make.sh verifyAll quick", "") in found
    assert any(c.startswith("npx cspell") for c in commands)
    # a template alone is no pipeline: its parameters are unfilled
    assert _found({"pipelines/job.template.yaml": AZURE_TEMPLATE}) == []


def test_a_gitlab_template_job_is_not_run_and_a_job_variable_fills_in() -> None:
    gitlab = """\
variables:
  SRC: lib
.base:
  script: [make setup]
check:
  variables:
    STRICT: "--strict"
  script:
    - mypy $STRICT $SRC
"""
    assert _found({".gitlab-ci.yml": gitlab}) == [("check", "mypy --strict lib", "")]


def test_a_short_xargs_pipeline_is_named_whole() -> None:
    workflow = ("jobs:\n  lint:\n    steps:\n"
                "      - run: git ls-files '*.sh' | xargs shellcheck\n")
    assert [c for _, c, _ in _found({".github/workflows/sh.yml": workflow})] == [
        "git ls-files '*.sh' | xargs shellcheck"]


def test_a_docs_jobs_command_gives_way_to_the_same_command_in_a_test_job() -> None:
    docs = "jobs:\n  docs:\n    steps:\n      - run: make check\n"
    test = "jobs:\n  test:\n    steps:\n      - run: make check\n"
    found = _found({".github/workflows/a-docs.yml": docs, ".github/workflows/b-ci.yml": test})
    assert found == [("b-ci test", "make check", "")]


def test_the_other_linters_ci_runs_are_named_with_the_lint_command() -> None:
    from gitmemory.reading.project import bootstrap_extractions

    files = {
        "go.mod": "module example.com/web\n\ngo 1.22\n",
        "Makefile": "lint:\n\tgolint -set_exit_status ./...\n",
        ".github/workflows/checks.yml": """\
jobs:
  checks:
    steps:
      - uses: actions/checkout@v4
      - run: make lint
      - run: go vet ./...
      - run: |
          go install honnef.co/go/tools/cmd/staticcheck@latest
          staticcheck ./...
      - run: golint -set_exit_status ./...
""",
    }
    found = [e.content for e in bootstrap_extractions(Snapshot([*files, "main.go"], files, []))]
    [lint] = [line for line in found if line.startswith("Lint:")]
    assert lint == "Lint: `make lint` runs `golint -set_exit_status ./...`; CI runs it too; " \
                   "CI also runs `go vet ./...`, `staticcheck ./...`", lint


def test_a_here_documents_body_is_text_not_commands() -> None:
    """h52-cmds saw pandoc's workflow give an `EOF` command: the lines of a here-document
    were read as commands.  Its body is text a command reads; the lines after its end are
    commands again."""
    workflow = ("jobs:\n  docs:\n    steps:\n      - run: |\n          cat > notes.md <<'EOF'\n"
                "          make release\n          EOF\n          make test\n")
    assert [c for c, _, _ in _commands({".github/workflows/ci.yml": workflow})] == [
        "make test"]


def test_the_variables_a_test_run_is_switched_on_by_are_said_as_written() -> None:
    """next.jdbc's CI runs `clojure -X:test` with `NEXT_JDBC_TEST_MYSQL: yes` set (YAML
    reads `yes` as true: the value is said as the workflow writes it): the Tests item says
    so, of the run that switches on the most; a password, a variable named for no test
    and a run of no tests are not switches; the build's item says none."""
    from gitmemory.reading.project import bootstrap_extractions

    flow = """\
on: [pull_request]
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Run Quick Tests
        run: clojure -X:test
        env:
          NEXT_TEST_FAST: "1"
      - name: Run All Tests
        run: clojure -X:test
        env:
          MYSQL_ROOT_PASSWORD: testing
          NEXT_TEST_MYSQL: yes
          NEXT_TEST_MSSQL: yes
          FORCE_COLOR: 1
      - name: Build
        run: clojure -T:build jar
        env:
          NEXT_TEST_MYSQL: yes
"""
    files = {".github/workflows/test.yml": flow, "deps.edn": "{:aliases {:test {}}}\n",
             "src/a.clj": ""}
    found = [e.content for e in bootstrap_extractions(Snapshot(sorted(files), files, []))]
    tests = next(x for x in found if x.startswith("Tests: "))
    assert tests.endswith("with `NEXT_TEST_MYSQL=yes`, `NEXT_TEST_MSSQL=yes` set)"), tests
    assert "PASSWORD" not in tests and "FORCE_COLOR" not in tests
    assert not [x for x in found if x.startswith("Build: ") and "NEXT_TEST" in x]


def test_a_script_of_the_tree_a_test_job_runs_beside_the_tests_is_said_with_them() -> None:
    """rayon (fresh18): CI's test job runs `./ci/highlander.sh` after the crates' tests, a
    check no `cargo test` runs; a script that sets the machine up, or a test tool's other
    runs, are not said."""
    from gitmemory.reading.project import bootstrap_extractions

    workflow = """\
jobs:
  test:
    name: Test
    steps:
      - run: ./ci/install-toolchain.sh
      - run: cargo test --package quill
      - run: ./ci/single-core.sh
"""
    files = {"Cargo.toml": '[package]\nname = "quill"\n',
             ".github/workflows/ci.yml": workflow, "ci/single-core.sh": "cargo build\n",
             "ci/install-toolchain.sh": "rustup install stable\n"}
    found = [e.content for e in bootstrap_extractions(Snapshot([*files, "src/lib.rs"], files, []))]
    [tests] = [line for line in found if line.startswith("Tests:")]
    assert tests == "Tests: `cargo test`; CI also runs `./ci/single-core.sh`", tests
    # a script named in a document but not of the tree is no check of the project's
    del files["ci/single-core.sh"]
    found = [e.content for e in bootstrap_extractions(Snapshot([*files, "src/lib.rs"], files, []))]
    assert [line for line in found if line.startswith("Tests:")] == ["Tests: `cargo test`"]


def test_ci_running_a_part_of_the_chosen_command_says_which_part() -> None:
    # swift-case-paths: `make test-all` runs `make test-linux` (in Docker) and `make
    # test-swift`; CI runs only `make test-swift`, and the line said "CI runs it too"
    files = {"Makefile": "test-all: test-linux test-swift\n\ntest-linux:\n"
                         "\tdocker run --rm swift:5.6 bash -c 'make test-swift'\n\n"
                         "test-swift:\n\tswift test --parallel\n\tswift test -c release "
                         "--parallel\n",
             "Package.swift": "// swift-tools-version:6.0\n",
             ".github/workflows/ci.yml": "jobs:\n  macos:\n    runs-on: macos-15\n    steps:\n"
                                        "      - run: make test-swift\n"}
    found = lines(snapshot(files))
    assert one(found, "Tests:") == ("Tests: `make test-all` runs `make test-linux`, "
                                    "`make test-swift`; CI runs `make test-swift` of it"), found


def test_a_test_step_that_only_compiles_is_not_how_ci_runs_the_tests() -> None:
    """typst (a new user's try): CI compiles the tests with `cargo test --workspace
    --no-run`, then runs them with `cargo test --workspace --no-fail-fast`; the memory said
    "CI runs `cargo test --workspace --no-run`", a step that runs no test.  Flags that list,
    collect or compile the tests without running them never make CI's way to test."""
    workflow = """\
jobs:
  test:
    steps:
      - run: cargo test --workspace --no-run
      - run: cargo test --workspace --no-fail-fast
"""
    files = {"Cargo.toml": '[workspace]\nmembers = ["crates/*"]\n',
             "crates/a/Cargo.toml": '[package]\nname = "a"\n',
             ".github/workflows/ci.yml": workflow}
    said = one(lines(snapshot(files)), "Tests:")
    assert "--no-run" not in said
    assert "`cargo test --workspace --no-fail-fast`" in said

"""Commands as a new contributor reads them, the classes h55's audit of eight unseen
repositories found missing or wrong (issue 29, "commands"; docs/design.md, "Commands that
run"): where a CI job runs its steps, a part of a task that does not run alone, what a
step's name can label, and a test runner's documented form for one test.  The fixtures
are written for these tests, in other names and words than the audited repositories; each
rule has a near miss it must not fire on.
"""

from __future__ import annotations

from gitmemory.reading.project import Snapshot, ci_steps
from testing.reading import lines, slot


def ci(files: dict[str, str]) -> list[tuple[str, str]]:
    snapshot = Snapshot(sorted(files), files, [])
    return [(t.command, t.scope) for t in ci_steps.steps(snapshot)]


# --- a job's default working directory is where its run steps run ------------------------

MATRIX_JOB = """\
jobs:
  check:
    runs-on: ubuntu-latest
    defaults:
      run:
        working-directory: ${{ matrix.pkg }}
    strategy:
      matrix:
        pkg: [libs/core, libs/widgets]
    steps:
      - uses: actions/checkout@v4
      - run: flutter pub get
      - run: flutter test --coverage
"""


def test_a_job_run_in_a_directory_named_by_the_matrix_names_no_command_at_the_top() -> None:
    assert ci({".github/workflows/build.yml": MATRIX_JOB}) == []


def test_a_job_run_in_a_named_directory_is_that_directorys() -> None:
    flow = MATRIX_JOB.replace("${{ matrix.pkg }}", "libs/core")
    assert ci({".github/workflows/build.yml": flow}) == [
        ("flutter pub get", "libs/core"), ("flutter test --coverage", "libs/core")]


def test_a_workflows_default_directory_holds_for_its_jobs_and_a_step_may_name_its_own() -> None:
    flow = """\
defaults:
  run:
    working-directory: ./site
jobs:
  web:
    steps:
      - run: npm ci
      - run: make bundle
        working-directory: docs
"""
    assert ci({".github/workflows/web.yml": flow}) == [("npm ci", "site"), ("make bundle", "docs")]


def test_a_workspace_roots_tests_are_not_what_a_per_package_job_runs() -> None:
    files = {"pubspec.yaml": "name: workspace\nenvironment:\n  sdk: ^3.5.0\nworkspace:\n"
                             "  - libs/core\n",
             "libs/core/pubspec.yaml": "name: core\nenvironment:\n  sdk: ^3.5.0\n",
             "libs/core/lib/core.dart": "void main() {}\n",
             "libs/core/test/core_test.dart": "void main() {}\n",
             ".github/workflows/build.yml": MATRIX_JOB}
    assert "flutter test --coverage" not in slot(lines(files), "Tests")


# --- a step's name gives no purpose to a licence or advisory check ----------------------

def test_a_licence_check_named_lint_by_its_step_fills_no_lint_slot() -> None:
    flow = """\
jobs:
  compliance:
    steps:
      - run: pip install reuse
      - name: Run REUSE lint
        run: reuse lint
"""
    files = {".github/workflows/ci.yml": flow, "LICENSES/MIT.txt": "MIT\n",
             "src/main.c": "int main(void) { return 0; }\n"}
    assert "reuse" not in slot(lines(files), "Lint")


def test_an_unknown_program_named_lint_by_its_step_still_lints() -> None:
    flow = """\
jobs:
  style:
    steps:
      - name: Run lint
        run: ./tools/stylecheck.sh
"""
    files = {".github/workflows/ci.yml": flow, "tools/stylecheck.sh": "#!/bin/sh\n",
             "src/main.c": "int main(void) { return 0; }\n"}
    assert "tools/stylecheck.sh" in slot(lines(files), "Lint")


# --- a part of a task is named alone only when it runs alone as written ------------------

PY = {"pyproject.toml": "[project]\nname = 'tally'\n", "tally/__init__.py": "",
      "tests/test_tally.py": "def test_x():\n    pass\n", ".flake8": "[flake8]\n"}


def test_a_part_that_lost_its_argument_to_a_variable_is_not_named_alone() -> None:
    mk = "test:\n\tpytest\n\nci: test\n\tflake8 $(SRC_DIR)\n"
    assert slot(lines({**PY, "Makefile": mk}), "Lint") == ""


def test_a_part_after_a_cd_on_its_line_is_not_named_alone() -> None:
    mk = "test:\n\tpytest\n\nci: test\n\tcd ..;\\\n\tflake8 tally\n"
    assert slot(lines({**PY, "Makefile": mk}), "Lint") == ""


def test_a_part_that_runs_as_written_is_still_named() -> None:
    mk = "test:\n\tpytest\n\nci: test\n\tflake8 tally $(FLAKE8_ARGS)\n"
    assert slot(lines({**PY, "Makefile": mk}), "Lint") == \
        "Lint: `flake8 tally` (also run by `make ci`)"


# --- `check` that builds the package and then tests it tests -----------------------------

def _r_package(recipe: str) -> dict[str, str]:
    return {"DESCRIPTION": "Package: tallyr\nVersion: 0.3.1\n",
            "R/tally.R": "tally <- function(x) length(x)\n",
            "Makefile": "PKG := $(shell sed -n 's/Package: *//p' DESCRIPTION)\n"
                        "VER := $(shell sed -n 's/Version: *//p' DESCRIPTION)\n\n"
                        f"check: build\n{recipe}\n\nbuild:\n\tcd ..;\\\n\tR CMD build tallyr\n"}


def test_a_check_target_that_builds_then_tests_is_the_test_command() -> None:
    found = lines(_r_package("\tcd ..;\\\n\tR CMD check $(PKG)_$(VER).tar.gz --as-cran"))
    assert slot(found, "Tests").startswith("Tests: `make check` runs `make build`, `R CMD check")
    assert slot(found, "Lint") == ""


def test_a_check_target_that_lints_and_tests_keeps_its_name() -> None:
    files = {**PY, "Makefile": "check:\n\tflake8 tally\n\tpytest\n"}
    assert slot(lines(files), "Lint").startswith("Lint: `make check`")


# --- a test runner's documented form for one file ----------------------------------------

MIX = {"mix.exs": 'defmodule Ledger.MixProject do\n  use Mix.Project\n  def project do\n'
                  '    [app: :ledger, version: "0.1.0", elixir: "~> 1.15"]\n  end\nend\n',
       "lib/ledger.ex": "defmodule Ledger do\nend\n",
       "test/test_helper.exs": "ExUnit.start()\n",
       "test/ledger/entry_test.exs": "defmodule Ledger.EntryTest do\nend\n",
       "test/ledger_test.exs": "defmodule LedgerTest do\nend\n"}


def test_mix_test_is_given_one_test_file_of_the_tree() -> None:
    assert slot(lines(MIX), "Tests").startswith(
        "Tests: `mix test`, one file: `mix test test/ledger_test.exs`")


def test_dart_test_is_given_one_test_file_of_its_test_directory() -> None:
    files = {"pubspec.yaml": "name: ledger\nenvironment:\n  sdk: ^3.4.0\n",
             "lib/ledger.dart": "int total() => 0;\n",
             "test/ledger_test.dart": "void main() {}\n",
             "tool/gen_test.dart": "void main() {}\n"}
    assert "one file: `dart test test/ledger_test.dart`" in slot(lines(files), "Tests")


NODE = {"src/sum.ts": "export const sum = (a: number, b: number) => a + b;\n",
        "src/sum.test.ts": "import { sum } from './sum';\n",
        "e2e/home.spec.ts": "test('home', () => {});\n",
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
        "tsconfig.json": "{}\n"}


def _node(scripts: str, **more: str) -> dict[str, str]:
    return {**NODE, "package.json": '{"name": "sums", "scripts": {' + scripts + '}}\n', **more}


def test_a_package_script_that_is_only_vitest_is_given_one_file() -> None:
    found = lines(_node('"test": "vitest"'))
    assert slot(found, "Tests") == \
        "Tests: `pnpm test` runs `vitest`; one file: `pnpm test src/sum.test.ts`"


def test_npm_passes_the_file_on_after_its_separator() -> None:
    files = _node('"test": "jest"')
    del files["pnpm-lock.yaml"]
    files["package-lock.json"] = "{}\n"
    assert "one file: `npm test -- src/sum.test.ts`" in slot(lines(files), "Tests")


def test_a_script_that_runs_more_than_the_runner_is_given_no_file() -> None:
    assert "one file" not in slot(lines(_node('"test": "tsc && vitest"')), "Tests")


def test_a_runner_config_that_chooses_its_files_gets_no_guess() -> None:
    files = _node('"test": "vitest"', **{
        "vitest.config.ts": "export default { test: { include: ['spec/**/*.ts'] } }\n"})
    assert "one file" not in slot(lines(files), "Tests")


def test_a_ci_line_running_one_file_does_not_replace_the_bare_command() -> None:
    files = {**MIX, ".github/workflows/ci.yml":
             "jobs:\n  t:\n    steps:\n      - run: mix test test/ledger_test.exs\n"}
    assert slot(lines(files), "Tests").startswith("Tests: `mix test`")
    assert "one file: `mix test test/ledger_test.exs`" in slot(lines(files), "Tests")


def test_a_packages_test_command_is_given_a_file_of_that_package() -> None:
    files = {"pubspec.yaml": "name: workspace\nenvironment:\n  sdk: ^3.5.0\nworkspace:\n"
                             "  - pkgs/ledger\n  - pkgs/audit\n",
             "pkgs/ledger/pubspec.yaml": "name: ledger\nenvironment:\n  sdk: ^3.5.0\n",
             "pkgs/ledger/lib/ledger.dart": "int total() => 0;\n",
             "pkgs/ledger/test/ledger_test.dart": "void main() {}\n",
             "pkgs/audit/pubspec.yaml": "name: audit\nenvironment:\n  sdk: ^3.5.0\n",
             "pkgs/audit/lib/audit.dart": "int n() => 0;\n",
             "pkgs/audit/test/audit_test.dart": "void main() {}\n"}
    assert slot(lines(files), "Commands in `pkgs/ledger/`") == (
        "Commands in `pkgs/ledger/`: test `dart test` "
        "(one file: `dart test test/ledger_test.dart`)")


# --- a guide's heading that names the directory its commands run in ----------------------

CARGO_WS = {"Cargo.toml": '[workspace]\nmembers = ["core", "suite"]\n',
            "core/Cargo.toml": '[package]\nname = "core"\nversion = "0.1.0"\n',
            "core/src/lib.rs": "", "suite/Cargo.toml": '[package]\nname = "suite"\n',
            "suite/src/lib.rs": ""}


def _guide(heading: str) -> dict[str, str]:
    return {**CARGO_WS, "CONTRIBUTING.md": (
        "# Contributing\n\n## Running the tests\n\n"
        f"#### {heading}\n\n```sh\n# the whole suite, with the unstable parts\n"
        "cargo +nightly test --features unstable\n```\n")}


def test_a_heading_naming_the_directory_runs_its_commands_there() -> None:
    found = lines(_guide("In the [`suite`] directory"))
    assert "`cd suite && cargo +nightly test --features unstable`" in slot(found, "Tests")


def test_a_fifth_level_heading_is_a_heading_too() -> None:
    files = _guide("In the [`suite`] directory")
    files["CONTRIBUTING.md"] = files["CONTRIBUTING.md"].replace("#### In", "##### In")
    tests = slot(lines(files), "Tests")
    assert "`cd suite && cargo +nightly test --features unstable`" in tests
    assert "gives `cargo +nightly" not in tests


def test_a_heading_naming_a_directory_the_tree_lacks_gives_nothing() -> None:
    found = lines(_guide("In the [`harness`] directory"))
    assert "--features unstable" not in slot(found, "Tests")


# --- a JVM build tool's documented form for one test class -------------------------------

def test_gradle_test_is_given_one_class_by_its_simple_name() -> None:
    files = {"build.gradle.kts": 'plugins { java }\n', "settings.gradle.kts":
             'rootProject.name = "ledger"\n', "gradlew": "#!/bin/sh\n",
             "src/main/java/org/acme/Ledger.java": "class Ledger {}\n",
             "src/test/java/org/acme/LedgerTest.java": "class LedgerTest {}\n"}
    assert slot(lines(files), "Tests") == \
        "Tests: `./gradlew test`, one class: `./gradlew test --tests LedgerTest`"


def test_in_a_multi_project_build_the_classs_own_project_runs_it() -> None:
    files = {"build.gradle.kts": "", "settings.gradle.kts":
             'rootProject.name = "ledger"\ninclude("core", "cli")\n', "gradlew": "#!/bin/sh\n",
             "core/build.gradle.kts": "plugins { java }\n",
             "core/src/main/java/org/acme/Ledger.java": "class Ledger {}\n",
             "core/src/test/java/org/acme/LedgerTest.java": "class LedgerTest {}\n",
             "tools/src/test/java/org/acme/GenTest.java": "class GenTest {}\n"}
    assert "one class: `./gradlew :core:test --tests LedgerTest`" in slot(lines(files), "Tests")


def test_maven_test_is_given_one_class_and_a_build_of_modules_none() -> None:
    pom = "<project><artifactId>ledger</artifactId>MODULES</project>\n"
    files = {"pom.xml": pom.replace("MODULES", ""),
             "src/main/java/org/acme/Ledger.java": "class Ledger {}\n",
             "src/test/java/org/acme/LedgerTest.java": "class LedgerTest {}\n"}
    assert "one class: `mvn test -Dtest=LedgerTest`" in slot(lines(files), "Tests")
    files["pom.xml"] = pom.replace("MODULES", "<modules><module>core</module></modules>")
    assert "one class" not in slot(lines(files), "Tests")


# --- a guide's call of the test script given what to run ---------------------------------

def _testing(*block: str) -> dict[str, str]:
    return _node('"test": "vitest"', **{
        "vitest.config.ts": "export default { test: { include: ['src/**/*.test.ts'] } }\n",
        "CONTRIBUTING.md": "# Contributing\n\n## Testing\n\n```bash\n" + "\n".join(block) +
                           "\n```\n"})


def test_a_guides_call_of_the_test_script_with_what_to_run_is_shown_beside_it() -> None:
    found = lines(_testing("pnpm test", "# a specific test file:", "pnpm test sum"))
    assert slot(found, "Tests") == \
        "Tests: `pnpm test` runs `vitest`; CONTRIBUTING.md gives `pnpm test sum`"


def test_a_guides_watcher_or_bare_script_call_is_not_shown() -> None:
    found = lines(_testing("pnpm test --watch", "pnpm dev"))
    assert slot(found, "Tests") == "Tests: `pnpm test` runs `vitest`"


def test_a_job_run_where_its_checkout_put_the_tree_runs_at_the_top() -> None:
    flow = """\
jobs:
  test:
    env:
      GOPATH: ${{ github.workspace }}
    defaults:
      run:
        working-directory: ${{ env.GOPATH }}/src/github.com/${{ github.repository }}
    steps:
      - uses: actions/checkout@v4
        with:
          path: ${{env.GOPATH}}/src/github.com/${{ github.repository }}/
      - run: make test
"""
    assert ci({".github/workflows/ci.yml": flow}) == [("make test", "")]


def test_the_class_comes_from_the_main_test_package_not_a_side_one() -> None:
    files = {"pom.xml": "<project><artifactId>ledger</artifactId></project>\n",
             "src/test/java/perf/ConcurrencyReadTest.java": "public class ConcurrencyReadTest {}\n",
             **{f"src/test/java/org/acme/core/{n}Test.java": "class T {}\n"
                for n in ("Entry", "Ledger", "Total")},
             "src/test/java/org/acme/OneTest.java": "class OneTest {}\n"}
    assert "one class: `mvn test -Dtest=EntryTest`" in slot(lines(files), "Tests")

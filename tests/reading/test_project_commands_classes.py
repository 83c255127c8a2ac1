"""Commands and conventions a repository states in places the reading did not look
(issue 29, the misses of a blind set, fixed by their class): a release script at the top
of the tree and the commands a release document gives, a CI step whose name says it
checks what no slot names, a guide's list of the project's own tasks with what each does,
Rake's documented form for one test file, the tool CI runs the suite with beside a build
tool's convention, a check CI enforces on pull request titles, a line's branch (`2.x`)
that releases are merged up into, a reStructuredText changelog's groups and roles.  Fixtures written
for these tests in the shapes such repositories have; each rule has a near miss."""

from __future__ import annotations

from tests.reading.test_project_principles import lines, slot, workflow


def test_a_release_script_at_the_top_and_the_readmes_release_section_are_read() -> None:
    files = {"pom.xml": "<project><artifactId>x</artifactId></project>\n", "mvnw": "",
             "release.sh": "#!/bin/bash\n./mvnw release:clean release:prepare\n",
             "README.md": "# x\n\n## Release Process\n\nRelease process is triggered by\n\n"
                          "    ./release.sh\n\nscript.\n\n## License\n\nApache\n"}
    assert slot(lines(files), "Releases") == \
        "Releases: README.md (Release Process) says how: `./release.sh`"
    del files["README.md"]
    assert slot(lines(files), "Releases") == "Releases: release scripts `release.sh`"


def test_a_top_level_file_named_for_releases_that_is_no_script_is_not_one() -> None:
    files = {"Cargo.toml": "[package]\nname = 'x'\n", "release.toml": "sign-tag = true\n",
             "release-notes.md": "# 1.0\n"}
    assert slot(lines(files), "Releases") is None


def test_a_release_document_gives_its_commands() -> None:
    files = {"pyproject.toml": "[project]\nname = 'x'\n",
             "RELEASING.md": "# Releasing\n\n1. Bump version in `pyproject.toml`.\n"
                             "2. Commit: `git commit -m \"Bump version\"`\n"
                             "3. Tag the commit: `git tag x.y.z`\n"
                             "4. Push: `git push --tags origin dev`. CI releases to PyPI.\n"}
    assert slot(lines(files), "Releases") == (
        'Releases: RELEASING.md says how: `git commit -m "Bump version"`, `git tag x.y.z`, '
        "`git push --tags origin dev`")


def _verify(name: str) -> dict[str, str]:
    return {".github/workflows/main.yml":
            "on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - uses: actions/checkout@v4\n      - name: Build\n"
            "        run: ./mvnw -B verify\n"
            f"      - name: {name}\n        run: ./mvnw -B -DskipTests animal-sniffer:check\n"}


def test_a_ci_step_named_for_a_check_no_slot_names_is_given_with_its_name() -> None:
    files = {"pom.xml": "<project><artifactId>x</artifactId></project>\n", "mvnw": "",
             **_verify("Verify Android SDK Compatibility")}
    assert slot(lines(files), "CI checks") == ("CI checks: `./mvnw -B -DskipTests "
                                               "animal-sniffer:check` (Verify Android SDK "
                                               "Compatibility)")


def test_a_ci_step_whose_name_says_no_check_is_not_one() -> None:
    files = {"pom.xml": "<project><artifactId>x</artifactId></project>\n", "mvnw": "",
             **_verify("Extract the Android SDK")}
    assert slot(lines(files), "CI checks") is None


def test_a_guides_list_of_the_projects_own_tasks_is_described() -> None:
    """`cargo xtask ci` calls the alias .cargo/config.toml defines; the guide's list says
    what each of its tasks does, as a Rakefile's `desc` would."""
    guide = ("## Run CI tests before pushing a PR\n\nAvailable xtask commands:\n\n"
             "- `cargo xtask ci` - Run all CI checks\n- `cargo xtask lint` - Run linting checks\n")
    files = {"Cargo.toml": "[package]\nname = 'x'\n",
             ".cargo/config.toml": '[alias]\nxtask = "run --package xtask --"\n',
             "CONTRIBUTING.md": guide}
    found = lines(files)
    assert slot(found, "Commands") == "Commands: `cargo xtask ci` (Run all CI checks)"
    # the task's name says what it is for: the alias given it lints (`Lint:`)
    assert slot(found, "Lint") == "Lint: `cargo xtask lint`"
    files[".cargo/config.toml"] = "[build]\njobs = 2\n"  # no task of the project's: no list
    assert slot(lines(files), "Commands") is None


RAKEFILE = ('require "rake/testtask"\n\nRake::TestTask.new(:test) do |test|\n'
            '  test.pattern = "test/**/*.rb"\nend\n\ntask default: :test\n')


def test_rakes_test_task_gives_its_form_for_one_file() -> None:
    files = {"Gemfile": "gem 'minitest'\n", "Rakefile": RAKEFILE}
    extra = ("test/helper.rb", "test/client_test.rb", "test/web/web_test.rb")
    assert slot(lines(files, extra), "Tests") == (
        "Tests: `bundle exec rake test`, one file: `bundle exec rake test "
        "TEST=test/client_test.rb`")


def test_a_task_that_only_runs_the_test_task_gives_that_tasks_form() -> None:
    """fluentd: `task test: [:base_test]`, the TestTask is `base_test`: one file is run
    through the task that takes TEST=, not through `rake test`."""
    files = {"Gemfile": "gem 'test-unit'\n",
             "Rakefile": "task test: [:base_test]\n\n" + RAKEFILE.replace("(:test)", "(:base_test)")
             .replace("task default: :test\n", "")}
    assert slot(lines(files, ("test/helper.rb", "test/client_test.rb")), "Tests") == (
        "Tests: `bundle exec rake test` runs `bundle exec rake base_test`; one file: "
        "`bundle exec rake base_test TEST=test/client_test.rb`")


def test_a_rake_task_of_another_kind_gives_no_such_form() -> None:
    files = {"Gemfile": "gem 'minitest'\n",
             "Rakefile": 'task :test do\n  sh "ruby -Itest test/all.rb"\nend\n'}
    item = slot(lines(files, ("test/client_test.rb",)), "Tests") or ""
    assert "TEST=" not in item


def test_the_tool_ci_tests_with_is_named_beside_the_build_tools_convention() -> None:
    """Dist::Zilla's `dzil test` is the convention; CI runs `prove -lrj4` over the suite
    (and `prove -lvr t/pg.t` for one database's file, which is no whole suite)."""
    files = {"dist.ini": "name = App-X\n", "lib/App/X.pm": "package App::X;\n1;\n",
             **workflow("prove -lvr t/pg.t", name="pg"), **workflow("prove -lrj4", name="os")}
    assert slot(lines(files, ("t/pg.t", "t/base.t")), "Tests") == \
        "Tests: `dzil test`; CI tests through `prove -lrj4`"
    del files[".github/workflows/os.yml"]
    assert slot(lines(files, ("t/pg.t", "t/base.t")), "Tests") == "Tests: `dzil test`"


def test_a_pull_request_title_check_in_ci_is_the_commit_form() -> None:
    check = ("on:\n  pull_request_target:\njobs:\n  main:\n    runs-on: ubuntu-latest\n"
             "    steps:\n      - uses: amannn/action-semantic-pull-request@v6\n")
    files = {"mix.exs": "defmodule X.MixProject do\nend\n", ".github/workflows/pr.yml": check}
    assert slot(lines(files), "Title checks") == (
        "Title checks: Pull request titles must follow Conventional Commits (`type(scope): "
        "summary`): the pr.yml workflow checks them (amannn/action-semantic-pull-request)")
    files[".github/workflows/pr.yml"] = check.replace("amannn/action-semantic-pull-request",
                                                      "actions/labeler")
    assert slot(lines(files), "Title checks") is None


def test_a_lines_branch_takes_its_releases_merged_up() -> None:
    """`2.x` is the branch of the next 2 minor: `2.19` merged into it goes up, as `2.18`
    into `2.19` does; the fix goes to the oldest."""
    merges = ["Merge branch '2.19' into 2.x", "Merge branch '2.18' into 2.19"] * 3
    found = _history_lines(merges)
    assert slot(found, "Branches") == (
        "Branches: fixes go to the oldest maintained branch (`2.18`) and are merged up "
        "(`2.19` into `2.x`, `2.18` into `2.19`; 6 of the last 6 merges)")
    merges = ["Merge branch '2.x' into 2.19", *merges]  # one goes down: no such habit
    assert slot(_history_lines(merges), "Branches") is None


def _history_lines(merges: list[str]) -> list[str]:
    from gitmemory.reading.project import Snapshot, bootstrap_extractions

    snap = Snapshot(["build.sbt"], {"build.sbt": ""}, [], merges)
    return [e.content for e in bootstrap_extractions(snap)]


RST_CHANGELOG = """\
Changelog
---------

3.23.0 (2024-10-17)
*******************

Features:

- Officially support Python 3.13 (:pr:`2319`).
- Add ``many`` Meta option (:issue:`2270`). Thanks :user:`h` for reporting.

Bug fixes:

- Fix the error message (:pr:`2246`).

3.22.0 (2024-08-20)
*******************

Features:

- Add a ``Schema.dump`` option (:pr:`2301`).

Bug fixes:

- Fix typing of hooks (:pr:`2279`). Thanks :user:`d` for the PR.
- Fix ``Nested`` (:issue:`2250`).
"""


def test_a_restructuredtext_changelogs_colon_groups_and_roles_are_its_form() -> None:
    files = {"pyproject.toml": "[project]\nname = 'x'\n", "CHANGELOG.rst": RST_CHANGELOG}
    assert slot(lines(files), "Changelog entries") == (
        "Changelog entries: in CHANGELOG.rst, entries are grouped under headings such as "
        "`Features`, `Bug fixes`; start with a verb such as `Fix`, `Add`; end with the pull "
        "request or issue number")
    plain = RST_CHANGELOG.replace("Features:\n\n", "").replace("Bug fixes:\n\n", "")
    plain = plain.replace(":pr:", "").replace(":issue:", "")
    assert slot(lines({**files, "CHANGELOG.rst": plain}), "Changelog entries") == \
        "Changelog entries: in CHANGELOG.rst, start with a verb such as `Fix`, `Add`"


GENERATE = ('#!/usr/bin/env bash\ngo generate ./...\nif [ -n "$(git diff)" ]; then\n'
            '  echo "Go generate had not been run"\n  exit 1\nfi\n')


def test_a_script_ci_runs_that_checks_the_generated_files_and_their_templates() -> None:
    """CI runs `./.ci.gogenerate.sh`, which generates and fails when `$(git diff)` is not
    empty; the files kept beside their templates are the generator's output."""
    files = {"go.mod": "module example.com/x\n\ngo 1.21\n", ".ci.gogenerate.sh": GENERATE,
             **workflow("./.ci.gogenerate.sh", "go test ./...", name="main")}
    extra = ("assert/format.go", "assert/format.go.tmpl", "assert/forward.go",
             "assert/forward.go.tmpl", "assert/assertions.go")
    assert slot(lines(files, extra), "Generated code") == (
        "Generated code: run `go generate ./...` and commit what it changes: CI fails when the "
        "tree then differs; `assert/format.go`, `assert/forward.go` are generated from the "
        "`.tmpl` template beside each: never edit them by hand")
    files[".ci.gogenerate.sh"] = GENERATE.replace("  exit 1\n", "")  # it only reports
    assert slot(lines(files, extra[:2]), "Generated code") is None


def test_a_file_a_release_document_names_to_edit_is_no_command() -> None:
    files = {"Cargo.toml": "[package]\nname = 'x'\n", "docs/release-notes.md": "# 1.0\n",
             "RELEASE-CHECKLIST.md": "# Release\n\n* Update `docs/release-notes.md`.\n"
                                     "* Run `cargo update`.\n"}
    assert slot(lines(files), "Releases") == "Releases: RELEASE-CHECKLIST.md says how: " \
        "`cargo update`"


def test_a_check_step_of_a_program_nothing_knows_is_not_named() -> None:
    """A word no list knows, no runner defines and the tree has no file of (a line of a
    here-document, `EOF`) is no command, whatever the step's name says."""
    files = {"pom.xml": "<project><artifactId>x</artifactId></project>\n", "mvnw": "",
             **_verify("Verify Android SDK Compatibility")}
    files[".github/workflows/main.yml"] = files[".github/workflows/main.yml"].replace(
        "./mvnw -B -DskipTests animal-sniffer:check", "EOF")
    assert slot(lines(files), "CI checks") is None


def test_where_ci_tests_with_the_conventions_tool_its_other_tools_are_variants() -> None:
    files = {"Cargo.toml": "[package]\nname = 'x'\n",
             **workflow("cargo test --all-features", "cargo miri test", name="ci")}
    assert "CI tests through" not in (slot(lines(files), "Tests") or "")


def test_a_runner_that_takes_its_files_is_given_one() -> None:
    """RSpec runs the spec files it is given; a Rake task that runs more is not such a
    runner, and gets no form of its own."""
    files = {"Gemfile": "gem 'rspec'\n", ".rspec": "--require spec_helper\n"}
    extra = ("spec/client_spec.rb", "spec/spec_helper.rb")
    assert slot(lines(files, extra), "Tests") == \
        "Tests: `bundle exec rspec`, one file: `bundle exec rspec spec/client_spec.rb`"
    files["Rakefile"] = 'task :test do\n  sh "rspec spec/a_spec.rb"\nend\n'
    assert slot(lines(files, extra), "Tests") == "Tests: `bundle exec rake test`"


def test_a_commit_message_check_the_repository_ships_is_named_by_its_path() -> None:
    """A script of the tree that checks commit messages: the task that links it as the
    commit-msg hook, and the CI step named for checking commit messages that runs it (in
    a line that is no comment).  A recipe linking a file the tree lacks, and a step of
    another name running a script, say nothing of the commit messages."""
    check = ("on: [push, pull_request]\njobs:\n  ci:\n    runs-on: ubuntu-latest\n"
             "    steps:\n      - uses: actions/checkout@v4\n"
             "      - name: Check commit messages\n        shell: bash\n"
             "        run: |\n          # tools/msglint \"$BASE\"..\n"
             "          RANGE=${BEFORE:-origin/main}..\n"
             "          if git rev-list --quiet $RANGE\n          then\n"
             "            tools/msglint $RANGE || echo ignoring\n          fi\n")
    files = {"stack.yaml": "resolver: lts-22.0\n", ".github/workflows/ci.yml": check,
             "tools/msglint": "#!/usr/bin/env bash\necho ok\n",
             "Justfile": "# run the tests\ntest:\n    stack test\n\n"
                         "# symlink tools/msglint as .git/hooks/commit-msg\n"
                         "installcommithook:\n    ln -s ../../tools/msglint .git/hooks/commit-msg\n"
                         "\nnohook:\n    ln -s ../../tools/absent .git/hooks/pre-push\n"}
    found = lines(files)
    assert slot(found, "Hooks") == (
        "Hooks: `just installcommithook` installs `tools/msglint` as the commit-msg hook")
    assert slot(found, "Title checks") == (
        "Title checks: Commit messages are checked by the tree's own `tools/msglint`: the "
        "ci.yml workflow's step \"Check commit messages\" runs it")
    files[".github/workflows/ci.yml"] = check.replace("Check commit messages", "Smoke test")
    files["Justfile"] = files["Justfile"].replace("../../tools/msglint", "../../tools/gone")
    found = lines(files)
    assert slot(found, "Hooks") is None and slot(found, "Title checks") is None


def test_a_recipe_pointing_git_at_a_directory_of_hooks_names_them() -> None:
    files = {"go.mod": "module example.org/x\n", ".githooks/pre-commit": "#!/bin/sh\ngofmt -l .\n",
             "Makefile": "HOOKS := .githooks\n\nhooks: ## install the git hooks\n"
                         "\tgit config core.hooksPath .githooks\n"}
    assert slot(lines(files), "Hooks") == (
        "Hooks: `make hooks` points git at the hooks in `.githooks/` (pre-commit)")


def test_a_powershell_script_at_the_top_named_for_a_purpose_serves_it() -> None:
    """Serilog's CI builds with `./Build.ps1` (restore, build, pack, test): the project's
    own build, named for it, where the solution's `dotnet build` is only the convention.
    The bootstrapper of a Cake build runs its targets, and is read there."""
    ci = ("on: [push]\njobs:\n  build:\n    runs-on: windows-latest\n    steps:\n"
          "      - uses: actions/checkout@v5\n      - name: Build and Publish\n"
          "        shell: pwsh\n        run: |\n          ./Build.ps1\n")
    files = {"Lib.sln": "", "src/Lib/Lib.csproj": "<Project></Project>\n",
             "Build.ps1": "& dotnet build -c Release\n& dotnet test -c Release --no-build\n",
             ".github/workflows/ci.yml": ci}
    assert slot(lines(files), "Build") == "Build: `./Build.ps1`; CI runs it too"
    files["build.cake"] = 'Task("Test").Does(() => {});\n'
    assert not (slot(lines(files), "Build") or "").startswith("Build: `./Build.ps1`")


def test_a_commit_message_check_run_by_its_interpreter_is_named_by_its_path() -> None:
    flow = ("on: [pull_request]\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - name: Lint commit messages\n"
            "        run: python3 scripts/check_commits.py origin/main..HEAD\n")
    files = {"pyproject.toml": "[project]\nname = 'x'\n", ".github/workflows/lint.yml": flow,
             "scripts/check_commits.py": "import sys\n"}
    assert slot(lines(files), "Title checks") == (
        "Title checks: Commit messages are checked by the tree's own "
        "`scripts/check_commits.py`: the lint.yml workflow's step \"Lint commit messages\" "
        "runs it")


def test_a_ci_check_running_a_script_of_one_command_says_that_command() -> None:
    """just's CI runs `./bin/forbid` (Check for Forbidden Words): the script's one command,
    its guard and shell set-up aside, says what the check rejects, as the script writes
    it; a script of two commands, or one given arguments, is named bare."""
    script = ("#!/usr/bin/env bash\n\nset -euo pipefail\n\nif ! which rg > /dev/null; then\n"
              "  echo 'error: rg not found'\n  exit 1\nfi\n\n! rg \\\n  --glob !CHANGELOG.md \\\n"
              "  --ignore-case \\\n  'dbg!|fixme|todo' \\\n  .\n")
    flow = ("on: [push]\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - uses: actions/checkout@v4\n      - name: Check for Forbidden Words\n"
            "        run: ./bin/forbid\n")
    files = {"Cargo.toml": "[package]\nname = 'x'\n", "bin/forbid": script,
             ".github/workflows/ci.yaml": flow}
    assert slot(lines(files), "CI checks") == (
        "CI checks: `./bin/forbid` (Check for Forbidden Words: runs `! rg --glob !CHANGELOG.md "
        "--ignore-case 'dbg!|fixme|todo' .`)")
    files["bin/forbid"] = script + "cargo deny check\n"
    assert slot(lines(files), "CI checks") == \
        "CI checks: `./bin/forbid` (Check for Forbidden Words)"


def test_a_program_file_ci_downloaded_is_no_check_an_agent_can_run() -> None:
    """ko (fresh25, spent): an SBOM job's `java -jar ./tools-java-1.1.0-jar-with-
    dependencies.jar Verify spdx.json`, a jar an earlier step downloaded, filled the CI
    checks line and pushed out the project's own `./hack/presubmit.sh` (Verify).  A
    program file a runtime is given that the tree lacks was made by CI: it runs only there."""
    files = {"go.mod": "module example.org/x\n\ngo 1.22\n", "hack/presubmit.sh": "#!/bin/sh\n",
             ".github/workflows/verify.yml":
             "on: [push]\njobs:\n  verify:\n    runs-on: ubuntu-latest\n    steps:\n"
             "      - uses: actions/checkout@v4\n"
             "      - name: Generate and Validate\n"
             "        run: java -jar ./spdx-tools-2.1-jar-with-dependencies.jar Verify out.json\n"
             "      - name: Verify\n        run: ./hack/presubmit.sh\n"}
    assert slot(lines(files), "CI checks") == "CI checks: `./hack/presubmit.sh` (Verify)"


def test_ci_benchmark_job_gives_the_benchmark_commands_in_order() -> None:
    """json-schema-validator (fresh34, read after its blind run): benchmark.yml builds the
    JMH jar with `mvn verify -Pbenchmark` and runs `java -jar target/benchmarks.jar`, and
    the memory said nowhere how to measure a change's speed.  CI's benchmark job gives
    its steps, as written and in order, the built jar included; a job that only uploads
    gives nothing, nor does a test job."""
    pom = {"pom.xml": "<project><artifactId>x</artifactId></project>\n"}
    files = {**pom, **workflow("mvn -B verify -Pbenchmark",
                               "java -jar target/benchmarks.jar -wi 3 -rf json",
                               job="benchmark", name="benchmark")}
    assert slot(lines(files), "Benchmarks") == (
        "Benchmarks: CI runs `mvn -B verify -Pbenchmark`, then "
        "`java -jar target/benchmarks.jar -wi 3 -rf json`")
    assert slot(lines({**pom, **workflow("mvn -B verify")}), "Benchmarks") is None


def test_a_powershell_step_calls_its_script_and_reads_env_variables() -> None:
    """MimeKit (fresh34, read after its blind run) runs its tests in a `pwsh` step as
    `& ./scripts/test.ps1 -Configuration "$env:BUILD_CONFIGURATION"`: the call operator
    made it no command, and `scripts/test-aot-compatibility.ps1`, an AOT check, stood as
    the tests.  The operator calls the script; `$env:NAME` reads the variable NAME."""
    files = {"scripts/test.ps1": "param([string]$Configuration = 'Debug')\n",
             "scripts/test-aot-compatibility.ps1": "param([bool]$Lite)\n",
             ".github/workflows/aot.yml": "on: [push]\njobs:\n  aot-test:\n"
             "    runs-on: windows-latest\n    steps:\n      - uses: actions/checkout@v4\n"
             "      - run: .\\scripts\\test-aot-compatibility.ps1 True\n",
             ".github/workflows/main.yml":
             "on: [push]\njobs:\n  ci:\n    runs-on: windows-latest\n"
             "    env:\n      BUILD_CONFIGURATION: Release\n    steps:\n"
             "      - uses: actions/checkout@v4\n      - name: Run unit tests\n"
             "        shell: pwsh\n        run: |\n"
             "          & ./scripts/test.ps1 -Configuration \"$env:BUILD_CONFIGURATION\"\n"}
    assert slot(lines(files), "Tests") == "Tests: `scripts/test.ps1`"
    from gitmemory.reading.project import choose
    from gitmemory.reading.project.snapshot import Snapshot
    book = choose.catalog_of(Snapshot(sorted(files), files, []))
    assert "./scripts/test.ps1 -Configuration Release" in [t.command for t in book.tasks]

"""How projects state their commands where the reading did not look (issue 29): a script
named with an underscore, a linter plugin configured in a Maven module's pom, a static
analyzer CI runs, the environment a docs tool is a dependency of, a formatter CI fails
on.  The fixtures are written for these tests in the shape such repositories have."""

from __future__ import annotations

from gitmemory.reading.project import Snapshot, bootstrap_extractions
from tests.reading.test_project_principles import command, lines, slot, workflow


def test_a_script_named_build_docs_is_the_docs_command_not_the_build() -> None:
    """`script/build_docs` builds the documentation: `_` separates the words of a task's
    name as `-` does (`build-docs`)."""
    files = {"Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n",
             "script/build_docs": "#!/bin/sh\nswift package generate-documentation\n",
             **workflow("./script/build_docs", job="build-documentation", name="documentation"),
             **workflow("swift build", "swift test", job="build")}
    found = lines(files, ("Sources/A/a.swift", "Tests/ATests/a.swift"))
    assert command(found, "Docs") == "script/build_docs"
    assert command(found, "Build") != "script/build_docs"


def test_a_linter_plugin_configured_in_a_maven_modules_pom_is_the_lint_command() -> None:
    """The root pom lists modules; the parent module's pom configures
    maven-checkstyle-plugin, which every module inherits."""
    files = {"pom.xml": "<project><modules><module>parent</module><module>core</module>"
                        "</modules></project>",
             "parent/pom.xml": "<project><build><plugins><plugin><artifactId>"
                               "maven-checkstyle-plugin</artifactId></plugin></plugins>"
                               "</build></project>",
             "core/pom.xml": "<project/>", "mvnw": "#!/bin/sh\n"}
    found = lines(files, ("core/src/main/java/A.java",))
    assert command(found, "Lint") == "./mvnw checkstyle:check"


def test_a_static_analyzer_ci_runs_is_named_with_its_workflow() -> None:
    """A Maven build step with the Sonar goal, a scan action in a nightly workflow and a
    CMake option turning clang-tidy on: each is static analysis CI runs."""
    files = {"pom.xml": "<project/>",
             ".github/workflows/build.yml":
                 "on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
                 "      - uses: actions/checkout@v4\n"
                 "      - run: mvn -B verify org.sonarsource.scanner.maven:"
                 "sonar-maven-plugin:sonar\n"}
    item = slot(lines(files, ("src/main/java/A.java",)), "Static analysis")
    assert item == "Static analysis: CI runs SonarQube (the build workflow)"
    files = {"CMakeLists.txt": "project(x C)\n",
             ".github/workflows/nightly.yml":
                 "on:\n  schedule:\n  - cron: '0 0 * * *'\njobs:\n  sonar:\n"
                 "    runs-on: ubuntu-latest\n    steps:\n"
                 "    - uses: SonarSource/sonarqube-scan-action@v5\n"
                 "  codeql:\n    runs-on: ubuntu-latest\n    steps:\n"
                 "    - uses: github/codeql-action/analyze@v3\n",
             ".github/workflows/lint.yml":
                 "on: [push]\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n"
                 "    - run: ./ci/build.sh configure\n      env:\n"
                 "        CMAKE_ARGS: -DENABLE_CLANG_TIDY=YES\n"}
    item = slot(lines(files, ("src/a.c",)), "Static analysis")
    assert item == ("Static analysis: CI runs clang-tidy (the lint workflow), "
                    "SonarQube, CodeQL (the nightly workflow)")


def test_nothing_is_said_of_static_analysis_when_ci_runs_none() -> None:
    files = {"pom.xml": "<project/>",
             **workflow("mvn -B verify", "echo sonar is not used here")}
    assert slot(lines(files, ("src/main/java/A.java",)), "Static analysis") is None


def test_mix_docs_runs_in_the_only_environment_ex_doc_is_a_dependency_of() -> None:
    """`{:ex_doc, only: :docs}`: in the dev environment `mix docs` is not a task."""
    mix = ('defmodule X.MixProject do\n  use Mix.Project\n  def project do\n'
           '    [app: :x, deps: deps()]\n  end\n  defp deps do\n'
           '    [{:ex_doc, "~> 0.38", only: :docs}]\n  end\nend\n')
    found = lines({"mix.exs": mix, "test/test_helper.exs": ""}, ("lib/x.ex",))
    assert command(found, "Docs") == "MIX_ENV=docs mix docs"
    dev = mix.replace("only: :docs", "only: [:dev, :docs], runtime: false")
    assert command(lines({"mix.exs": dev}, ("lib/x.ex",)), "Docs") == "mix docs"
    preferred = mix.replace("[app: :x,", "[app: :x, preferred_cli_env: [docs: :docs],")
    assert command(lines({"mix.exs": preferred}, ("lib/x.ex",)), "Docs") == "mix docs"


def test_go_format_says_ci_fails_when_gofmt_would_change_a_file() -> None:
    """CI diffs `go fmt`'s output against nothing: the item says CI checks it."""
    files = {"go.mod": "module example.com/x\n\ngo 1.22\n",
             **workflow('test -z "$(go fmt $(go list ./...))"', "go test ./...")}
    item = slot(lines(files, ("x.go", "x_test.go")), "Format")
    assert item == "Format: `go fmt ./...`; CI checks it"  # as the workflow names it


def test_a_command_ci_runs_too_cites_the_workflow_that_runs_it() -> None:
    """"CI runs it too" is read from the workflow: the item cites it, so what CI runs is
    checked against the file that says it (docs/design.md, "Where two rules meet")."""
    files = {"Gemfile": "source 'https://rubygems.org'\ngem 'rake'\n",
             "Rakefile": "require 'minitest/test_task'\ntask default: :test\n"
                         "Minitest::TestTask.create\n",
             **workflow("bundle exec rake", name="tests")}
    snap = Snapshot(sorted({*files, "lib/x.rb", "test/x_test.rb"}), files, [])
    item = next(e for e in bootstrap_extractions(snap) if e.content.startswith("Tests:"))
    assert "CI runs it too" in item.content
    assert ".github/workflows/tests.yml" in item.paths

"""Commands read from what a task file or CI says of its tasks (issue 29, "commands"): the
tasks a Rakefile, Taskfile, justfile or Makefile describes, a Rake task defined with a
hash rocket, a tool's mode flag after other flags, a docs job's step in a directory of
its own, and Mill's launcher.  The fixtures are written for these tests in the shape
real repositories give these files."""

from __future__ import annotations

import pytest

from gitmemory.reading.project import Snapshot, bootstrap_extractions
from gitmemory.reading.project.ci_steps import steps


def texts(files: dict[str, str], extra: tuple[str, ...] = ()) -> dict[str, str]:
    snap = Snapshot(sorted([*files, *extra]), files, [])
    return {e.content.split(": ", 1)[0]: e.content for e in bootstrap_extractions(snap)}


NATIVE_GEM = """require "rake/testtask"
require "rake/clean"

Rake::TestTask.new(:test)

desc "Compile the C extension"
task :compile => [:clobber] do
  ruby "ext/quickparse/extconf.rb"
end

desc "Run the test suite under valgrind"
task :test_valgrind => :compile do
  sh "valgrind ruby -Ilib test/all.rb"
end

desc "Compare against the pure-Ruby parser"
task :bench => :compile

desc "Tag and push the gem"
task :release => [:compile, :test]

desc "Install the gem into the system's gems"
task :install => :compile

task :console do
  sh "irb -Ilib"
end
"""


def test_a_rake_task_defined_with_a_hash_rocket_is_read() -> None:
    said = texts({"Rakefile": NATIVE_GEM, "quickparse.gemspec": "Gem::Specification.new\n"})
    assert said["Build"] == "Build: `rake compile`"
    assert said["Tests"] == "Tests: `rake test`"


def test_the_tasks_a_rakefile_describes_are_commands() -> None:
    said = texts({"Rakefile": NATIVE_GEM, "quickparse.gemspec": "Gem::Specification.new\n"})
    assert said["Commands"] == ("Commands: `rake test_valgrind` (Run the test suite under "
                                "valgrind), `rake bench` (Compare against the pure-Ruby parser)")


def test_a_task_without_a_description_or_that_releases_is_not_listed() -> None:
    said = texts({"Rakefile": NATIVE_GEM, "quickparse.gemspec": "Gem::Specification.new\n"})
    assert "console" not in said["Commands"] and "release" not in said["Commands"]
    assert "install" not in said["Commands"]
    bare = NATIVE_GEM.replace('desc "', '# "')
    assert "Commands" not in texts({"Rakefile": bare, "quickparse.gemspec": "x\n"})


@pytest.mark.parametrize(("files", "expected"), [
    ({"Taskfile.yml": "version: '3'\ntasks:\n  test:\n    cmds: [go test ./...]\n"
                      "  test:race:\n    desc: Run the tests with the race detector\n"
                      "    cmds: [go test -race ./...]\n",
      "go.mod": "module example.com/relay\n\ngo 1.22\n"},
     "Commands: `task test:race` (Run the tests with the race detector)"),
    ({"justfile": "test:\n    cargo test\n\n# check the examples still build\nexamples:\n"
                  "    cargo build --examples\n",
      "Cargo.toml": '[package]\nname = "ferry"\n'},
     "Commands: `just examples` (check the examples still build)"),
    ({"Makefile": "test:\n\tpytest\n\nsmoke: ## Run the smoke tests against a local server\n"
                  "\t./scripts/smoke.sh\n",
      "pyproject.toml": '[project]\nname = "kiln"\n'},
     "Commands: `make smoke` (Run the smoke tests against a local server)"),
    ({"bb.edn": '{:tasks {lint {:doc "Lint with clj-kondo" :task (shell "clj-kondo --lint src")}\n'
                '         smoke {:doc "Start a REPL server and ping it" :task (smoke/run)}}}\n',
      "deps.edn": "{:paths [\"src\"]}\n", "src/quay/core.clj": "(ns quay.core)\n"},
     "Commands: `bb smoke` (Start a REPL server and ping it)"),
])
def test_the_tasks_other_task_files_describe_are_commands(files: dict[str, str],
                                                         expected: str) -> None:
    assert texts(files)["Commands"] == expected


PERL_CI = """name: test
on: [push]
jobs:
  suite:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Dependencies
        run: |
          cpanm --quiet --notest --installdeps .
          cpanm --notest Devel::Cover
      - run: prove -lr t
"""


def test_a_mode_flag_after_other_flags_says_what_the_tool_does() -> None:
    said = texts({"Makefile.PL": "use ExtUtils::MakeMaker;\n", "lib/Acme/Frob.pm": "1;\n",
                  ".github/workflows/test.yml": PERL_CI})
    assert said["Setup"] == "Setup: `cpanm --quiet --notest --installdeps .` (as CI runs it)"


def test_installing_a_named_module_is_not_the_setup_command() -> None:
    flow = PERL_CI.replace("cpanm --quiet --notest --installdeps .\n          ", "")
    said = texts({"Makefile.PL": "use ExtUtils::MakeMaker;\n", "lib/Acme/Frob.pm": "1;\n",
                  ".github/workflows/test.yml": flow})
    assert "Setup" not in said


def test_a_step_named_fix_repairs_the_machine_and_formats_nothing() -> None:
    flow = ("jobs:\n  test:\n    steps:\n      - name: Fix locale on old runners\n"
            "        run: ./ci/locales.sh en_US.UTF-8\n      - name: Fix style\n"
            "        run: ./tools/restyle\n")
    found = {t.command: t.purpose for t in steps(Snapshot([".github/workflows/ci.yml"],
                                                          {".github/workflows/ci.yml": flow}))}
    assert found["./ci/locales.sh en_US.UTF-8"] == ""
    assert found["./tools/restyle"] == "lint"  # "style" still says what the step is for


DOCS_FLOW = """name: Site
on: [push, pull_request]
jobs:
  documentation:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Install the site's dependencies
        working-directory: site
        run: npm ci
      - name: Build
        working-directory: site
        run: node render.mjs --out public
      - name: Lint the stylesheets
        working-directory: site
        run: node stylecheck.mjs
      - name: Publish the docs
        working-directory: site
        run: node upload.mjs public
"""


def test_a_docs_job_step_in_a_directory_of_its_own_is_the_docs_command() -> None:
    files = {"pyproject.toml": '[project]\nname = "kiln"\n', "kiln/__init__.py": "",
             "site/package.json": '{"private": true}', "site/render.mjs": "",
             ".github/workflows/site.yml": DOCS_FLOW}
    said = texts(files)
    assert said["Docs"] == ("Docs: `cd site && npm ci && node render.mjs --out public` "
                            "(as CI runs it)")
    assert "Lint" not in said  # the site's own check stays the site's


def test_a_step_in_a_directory_outside_a_docs_job_stays_in_its_directory() -> None:
    flow = DOCS_FLOW.replace("documentation:", "bundle:").replace("name: Site", "name: Pack")
    files = {"pyproject.toml": '[project]\nname = "kiln"\n', "kiln/__init__.py": "",
             "site/package.json": '{"private": true}', ".github/workflows/pack.yml": flow}
    said = texts(files)
    assert "Docs" not in said and "Build" not in said


MILL_BUILD = """package build
import mill._, scalalib._

object ledger extends ScalaModule {
  def scalaVersion = "3.3.4"
  object test extends ScalaTests with TestModule.Munit
}
"""
MILL_CI = """jobs:
  fmt:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: ./mill --no-server mill.scalalib.scalafmt.ScalafmtModule/checkFormatAll __.sources
"""


def test_mill_runs_through_the_launcher_the_repository_keeps() -> None:
    files = {"build.mill": MILL_BUILD, ".mill-version": "0.12.10\n",
             "ledger/src/Ledger.scala": "object Ledger\n", ".github/workflows/fmt.yml": MILL_CI}
    said = texts(files, ("mill", ".scalafmt.conf"))
    assert said["Tests"] == "Tests: `./mill __.test`"
    assert said["Build"] == "Build: `./mill __.compile`"
    assert said["Format"] == (
        "Format: `./mill --no-server mill.scalalib.scalafmt.ScalafmtModule/reformatAll "
        "__.sources`; CI checks `./mill --no-server mill.scalalib.scalafmt.ScalafmtModule/"
        "checkFormatAll __.sources`")
    assert said["Scala"] == "Scala: built with Mill 0.12.10 (.mill-version)"


def test_mill_without_a_test_module_or_launcher_names_no_test_command() -> None:
    files = {"build.sc": MILL_BUILD.replace("  object test extends ScalaTests with "
                                            "TestModule.Munit\n", ""),
             "ledger/src/Ledger.scala": "object Ledger\n"}
    said = texts(files)
    assert "Tests" not in said
    assert said["Build"] == "Build: `mill __.compile`"


def test_every_described_task_that_fits_is_named_before_any_description() -> None:
    rakefile = "".join(f'desc "Regenerate the fixtures of the {n} adapter from live servers"\n'
                       f"task :fixtures_{n}\n" for n in ("pg", "mysql", "sqlite", "oracle"))
    said = texts({"Rakefile": rakefile})["Commands"]
    assert all(f"`rake fixtures_{n}`" in said for n in ("pg", "mysql", "sqlite", "oracle"))
    assert said.count("(Regenerate") == 1 and len(said) <= 200


def test_a_script_called_with_a_leading_dot_slash_is_the_same_script() -> None:
    files = {"script/build_docs": "#!/bin/sh\nset -e\nmkdocs build --strict\n",
             "mkdocs.yml": "site_name: kiln\n", "pyproject.toml": '[project]\nname = "kiln"\n',
             ".github/workflows/pages.yml": "jobs:\n  docs:\n    steps:\n"
                                           "      - name: Build\n"
                                           "        run: ./script/build_docs\n"}
    assert texts(files)["Docs"] == ("Docs: `script/build_docs` runs `mkdocs build --strict`; "
                                    "CI runs it too")

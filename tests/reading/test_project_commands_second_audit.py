"""Commands as a new contributor reads them, the classes h56's audit of eight unseen
repositories found wrong or missing (issue 29, "commands"; docs/design.md, "Commands that
run"): which of two build systems a tree is built with, a task whose name undoes its
purpose, what a wrapper runs said whole, the tasks a library defines for a Rakefile that
requires it, and a build tool's own aliases.  The fixtures are written for these tests, in
other names and words than the audited repositories; each rule has a near miss it must
not fire on.
"""

from __future__ import annotations

from testing.reading import lines, slot

# --- two build systems: the one CI and the guides run -------------------------------------

TWO_BUILDS = {"CMakeLists.txt": "cmake_minimum_required(VERSION 3.16)\nproject(glyphs CXX)\n"
                                "add_library(glyphs src/glyphs.cc)\n",
              "meson.build": "project('glyphs', 'cpp')\nlibrary('glyphs', 'src/glyphs.cc')\n",
              "src/glyphs.cc": "int f() { return 0; }\n"}
MESON_CI = """\
on: [push]
jobs:
  linux:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: meson setup out -Dtests=enabled
      - run: meson compile -C out
      - run: meson test -C out
"""


def test_a_tree_with_cmake_beside_meson_is_built_as_its_ci_builds_it() -> None:
    found = lines({**TWO_BUILDS, ".github/workflows/ci.yml": MESON_CI})
    assert "meson" in slot(found, "Build") and "cmake" not in slot(found, "Build")


def test_a_tree_with_cmake_beside_meson_whose_ci_runs_cmake_keeps_cmake() -> None:
    ci = MESON_CI.replace("meson setup out -Dtests=enabled", "cmake -B out").replace(
        "meson compile -C out", "cmake --build out").replace("meson test -C out",
                                                             "cmake --build out --target x")
    found = lines({**TWO_BUILDS, ".github/workflows/ci.yml": ci})
    assert "cmake -B build" in slot(found, "Build")


def test_a_tree_with_cmake_beside_meson_and_nothing_said_keeps_cmake() -> None:
    assert "cmake -B build" in slot(lines(TWO_BUILDS), "Build")


# --- a task whose name undoes its purpose serves none --------------------------------------

def composer(scripts: str) -> dict[str, str]:
    return {"composer.json": '{"name": "acme/ids", "require": {"php": "^8.1"}, '
                             f'"scripts": {{{scripts}}}}}',
            "src/Id.php": "<?php\n"}


def test_a_script_named_build_clean_is_not_the_build() -> None:
    found = lines(composer('"build:clean": "git clean -fX build/", '
                           '"test": "phpunit"'))
    assert "build:clean" not in slot(found, "Build")


def test_a_script_named_build_is_still_the_build() -> None:
    found = lines(composer('"build": "box compile", "test": "phpunit"'))
    assert "`composer build`" in slot(found, "Build")


def test_a_docs_clean_target_is_not_the_docs_command() -> None:
    files = {"Makefile": "docs-clean:\n\trm -rf site\n\ndocs:\n\tmkdocs build\n",
             "mkdocs.yml": "site_name: x\n"}
    docs = slot(lines(files), "Docs")
    assert "docs-clean" not in docs and "make docs" in docs


# --- what a wrapper runs: its own purpose's part is never the one left out ------------------

def test_a_test_script_of_many_checks_keeps_its_unit_tests_in_view() -> None:
    found = lines(composer('"cs": "phpcs", "stan": "phpstan analyse", "md": "phpmd src text x", '
                           '"deps": "composer-require-checker", "bench": "phpbench run", '
                           '"unit": "phpunit", '
                           '"test": ["@cs", "@stan", "@md", "@deps", "@bench", "@unit"]'))
    tests = slot(found, "Tests")
    assert "`composer unit`" in tests and "and 1 more" in tests


def test_a_test_script_of_few_parts_is_said_whole() -> None:
    found = lines(composer('"cs": "phpcs", "unit": "phpunit", "test": ["@cs", "@unit"]'))
    tests = slot(found, "Tests")
    assert "runs `composer cs`, `composer unit`" in tests and "more" not in tests


# --- the tasks a library defines for a Rakefile that requires it ---------------------------

GEM = {"Gemfile": 'source "https://rubygems.org"\ngem "standard"\n',
       "lib/kettle.rb": "module Kettle; end\n"}


def test_standards_rake_tasks_give_its_fixing_form_as_the_format_command() -> None:
    files = {**GEM, "Rakefile": 'require "standard/rake"\n\ntask default: [:standard]\n',
             "CONTRIBUTING.md": "# Contributing\n\n## Formatting\n\n```sh\n"
                                "bundle exec rake standard:fix\n```\n"}
    found = lines(files)
    assert "`bundle exec rake standard:fix`" in slot(found, "Format")
    assert "`bundle exec rake standard`" in slot(found, "Lint")


def test_a_rakefile_without_standards_tasks_gives_no_fixing_task() -> None:
    files = {**GEM, "Rakefile": 'task :lint do\n  sh "standardrb"\nend\n'}
    assert "rake standard:fix" not in slot(lines(files), "Format")


# --- a build tool's own aliases: rebar3's ----------------------------------------------------

ERLANG = {"src/kiln.erl": "-module(kiln).\n", "test/kiln_SUITE.erl": "-module(kiln_SUITE).\n"}


def test_a_rebar3_alias_is_a_task_running_what_it_lists() -> None:
    config = ('{erl_opts, [debug_info]}.\n'
              '{alias, [{verify, [xref, {ct, "--cover"}, dialyzer]} % before a release\n'
              '        ]}.\n')
    found = lines({**ERLANG, "rebar.config": config})
    said = " ".join(found)
    assert "`rebar3 verify` runs `rebar3 xref`, `rebar3 ct --cover`, `rebar3 dialyzer`" in said


def test_a_rebar_config_without_aliases_keeps_the_tools_own_test_command() -> None:
    found = lines({**ERLANG, "rebar.config": "{erl_opts, [debug_info]}.\n"})
    assert slot(found, "Tests") == "Tests: `rebar3 ct`"


def test_an_alias_that_does_several_things_is_not_the_format_command() -> None:
    config = ('{project_plugins, [erlfmt]}.\n'
              '{alias, [{all, [fmt, compile, xref, ct]}]}.\n')
    found = lines({**ERLANG, "rebar.config": config})
    assert slot(found, "Format") == "Format: `rebar3 fmt`"


# --- a test runner's documented form for one file -------------------------------------------

RSPEC_RAKE = """\
require "rspec/core/rake_task"

namespace :spec do
  RSpec::Core::RakeTask.new("unit") do |t|
    t.pattern = "spec/{*_spec.rb,kettle/**/*_spec.rb}"
  end
  RSpec::Core::RakeTask.new("system") do |t|
    t.pattern = "spec/system/**/*_spec.rb"
  end
end

task spec: ["spec:unit", "spec:system"]
"""


def test_a_spec_task_of_rspecs_rake_tasks_gives_rspecs_form_for_one_file() -> None:
    files = {**GEM, "Rakefile": RSPEC_RAKE, "spec/kettle_spec.rb": "x",
             "spec/system/boil_spec.rb": "x"}
    tests = slot(lines(files), "Tests")
    assert "`bundle exec rake spec`" in tests
    assert "one file: `bundle exec rspec spec/kettle_spec.rb`" in tests


def test_a_spec_task_that_runs_a_shell_command_gives_no_rspec_form() -> None:
    files = {**GEM, "Rakefile": 'task :spec do\n  sh "bin/run-specs"\nend\n',
             "bin/run-specs": "#!/bin/sh\n", "spec/kettle_spec.rb": "x"}
    assert "bundle exec rspec spec/" not in slot(lines(files), "Tests")


# --- dune's test aliases --------------------------------------------------------------------

def test_a_make_target_running_a_dune_runtest_alias_is_a_variant_of_the_tests() -> None:
    files = {"dune-project": "(lang dune 3.0)\n", "src/dune": "(library (name kiln))\n",
             "Makefile": "test:\n\tdune build @runtest\n\ntest-node:\n\tdune build @runtest-node\n"
                         "\nbundle:\n\tdune build @install\n"}
    tests = slot(lines(files), "Tests")
    assert "`make test`" in tests and "also `make test-node`" in tests
    assert "make bundle" not in tests


def test_a_rakefiles_namespaces_prefix_its_tasks_and_their_descriptions() -> None:
    from gitmemory.reading.project.ruby import _rake_tasks, _rspec_tasks

    rakefile = ('require "rspec/core/rake_task"\n\n'
                'namespace :release do\n'
                '  desc "Tag the version and push the gem"\n'
                '  task :push do\n    sh "gem push"\n  end\n\n'
                '  # a comment at the namespace\'s own depth keeps it open\n'
                '  RSpec::Core::RakeTask.new(:smoke)\n'
                'end\n\n'
                'desc "Run the linters"\n'
                'task lint: [:rubocop]\n'
                'task default: ["release:smoke", :lint]\n')
    names, default, docs = _rake_tasks(rakefile)
    assert names == {"release:push": [], "release:smoke": [], "lint": ["rubocop"]}
    assert default == ["release:smoke", "lint"]
    assert docs == {"release:push": "Tag the version and push the gem",
                    "lint": "Run the linters"}
    assert _rspec_tasks(rakefile, names) == {"release:smoke"}

"""The commands a guide gives under a sub-heading of a wanted section, and what a Rakefile's
test task runs (issue 29, "commands" on repositories never seen).  Nokogiri's
CONTRIBUTING.md puts `bundle exec rake compile test` under "How to run the tests" /
"The short version": the sub-heading named no purpose, so its block was not read, and
the Tests item said `rake test` "runs `rake java_debug`", a prerequisite another file
adds to the test task Minitest's library makes.  The fixture is written for this test in
the shape of that repository."""

from __future__ import annotations

from tests.reading.test_project_principles import lines, slot

RAKEFILE = 'require "bundler"\n\ntask default: [:rubocop, :compile, :test]\n'
DEBUG = ("task :java_debug do\n  ENV[\"JRUBY_OPTS\"] = \"--debug\"\nend\n"
         "task test: :java_debug\n")
TEST = ('require "minitest/test_task"\n\nMinitest::TestTask.create do |t|\n'
        '  t.test_globs = ["test/**/test_*.rb"]\nend\n')
GUIDE = ("# Contributing\n\n## How to run the tests\n\n"
         "Note that `rake test` does not compile the native extension.\n\n"
         "### The short version\n\n``` sh\nbundle exec rake compile test\n```\n\n"
         "## Releasing\n\n### Steps\n\n``` sh\nbundle exec rake release\n```\n")
EXTENSION = ('require "rake/extensiontask"\n\n'
             'Rake::ExtensionTask.new("noko", SPEC.dup) do |ext|\n'
             '  ext.lib_dir = "lib/noko"\nend\n')
FILES = {"Rakefile": RAKEFILE, "rakelib/debug.rake": DEBUG, "rakelib/test.rake": TEST,
         "rakelib/extensions.rake": EXTENSION,
         "Gemfile": 'source "https://rubygems.org"\ngemspec\n', "CONTRIBUTING.md": GUIDE}


def test_a_sub_heading_that_names_no_purpose_keeps_its_sections() -> None:
    item = slot(lines(FILES, ("lib/noko.rb", "test/test_node.rb")), "Tests")
    assert "`bundle exec rake compile test`" in item, item
    assert "release" not in item


def test_a_prerequisite_added_to_a_librarys_test_task_is_not_what_it_runs() -> None:
    item = slot(lines(FILES, ("lib/noko.rb", "test/test_node.rb")), "Tests")
    assert "java_debug" not in item, item

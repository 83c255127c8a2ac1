"""Tests a suite leaves out unless asked (mint: "How are tests that need the network or a
proxy marked?" was asked, and the reading never looked at ExUnit's settings)."""

from __future__ import annotations

from gitmemory.reading.project import Snapshot, bootstrap_extractions, files_read


def tags(files: dict[str, str]) -> str | None:
    snap = Snapshot(sorted(files), files, [])
    found = [e.content for e in bootstrap_extractions(snap)
             if e.content.startswith("Test tags:")]
    return found[0] if found else None


def test_exunit_tags_excluded_by_default_are_told_with_how_to_run_them() -> None:
    files = {"mix.exs": "defmodule Mint.MixProject do\nend\n",
             "test/test_helper.exs": "ExUnit.start(exclude: [:proxy, :integration], "
                                     "capture_log: true)\n"}
    found = tags(files)
    assert found is not None
    assert "`:proxy`, `:integration`" in found and "`mix test --include proxy`" in found
    files["test/test_helper.exs"] = "ExUnit.start()\nExUnit.configure(exclude: :slow)\n"
    assert "`:slow`" in (tags(files) or "")
    files["test/test_helper.exs"] = "ExUnit.start(capture_log: true)\n"
    assert tags(files) is None


def test_rspec_and_junit_exclusions_are_told() -> None:
    rspec = {"Gemfile": "gem 'rspec'\n", "spec/spec_helper.rb":
             "RSpec.configure do |config|\n  config.filter_run_excluding slow: true\nend\n"}
    assert "`rspec --tag slow`" in (tags(rspec) or "")
    gradle = {"build.gradle.kts": 'tasks.test {\n  useJUnitPlatform {\n    excludeTags("slow", '
                                  '"docker")\n  }\n}\n'}
    assert "JUnit tags `slow`, `docker`" in (tags(gradle) or "")
    maven = {"pom.xml": "<project><build><plugins><plugin><configuration>"
                        "<excludedGroups>integration</excludedGroups></configuration>"
                        "</plugin></plugins></build></project>"}
    assert "`integration`" in (tags(maven) or "")


def test_the_settings_are_read_and_their_changes_read_again() -> None:
    assert files_read.matches("test/test_helper.exs")
    assert files_read.matches("spec/spec_helper.rb")

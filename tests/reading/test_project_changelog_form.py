"""How changes are recorded in the changelog, whatever its name and markup
(gitmemory/reading/project/changelog_form.py)."""

from __future__ import annotations

from gitmemory.reading.project import Recent, wanted
from tests.reading.test_project import lines, one, snapshot

# A Haskell package's ChangeLog: a bare version per release, "  - " entries, the
# contributor's handle in parentheses.
CHANGELOG = """\
Revision history for tidyparse

0.9.0  unreleased
  - Added a streaming decoder for large inputs. (mkowal)
  - Fixed the column count after a tab character. (ines)

0.8.1  2026-03-02
  - Fixed a space leak in the lexer when reading comments. (ines)
  - Removed the deprecated runLegacy entry point. (tbarr)

0.8.0  2026-01-15
  - Added an option to keep comments in the tree. (mkowal)
  - Improved the error for an unclosed bracket. (tbarr)
  - Fixed parsing of nested block comments. (ines)
"""
# RDoc and AsciiDoc mark a heading with "=": the upcoming release's is a branch name.
RDOC = """\
== trunk

* Support an :encoding option when reading fixtures (lmoss)

* Raise a clear error for a missing template directory (lmoss)

== 2.4.0 (2026-05-01)

* Support reading YAML fixtures (dkane)

* Deprecate the :legacy_paths option (lmoss)

* Fix caching of compiled templates across threads (lmoss)
"""


def people(path: str, n: int, others: int = 10) -> list[Recent]:
    return [Recent(f"Change {i}", "Ines", (path, "src/Lexer.hs")) for i in range(n)] + \
        [Recent(f"Tidy {i}", "Ines", ("src/Lexer.hs",)) for i in range(others)]


def test_a_changelog_of_any_name_says_where_and_how_entries_are_written() -> None:
    tree = ["ChangeLog", "tidyparse.cabal", "src/Lexer.hs"]
    assert "ChangeLog" in wanted(tree)
    found = lines(snapshot({"ChangeLog": CHANGELOG}, tree, people("ChangeLog", 6)))
    assert one(found, "Changelog entries:") == (
        "Changelog entries: in ChangeLog, new entries go at the top, under `0.9.0  unreleased`; "
        "end with the author in parentheses; e.g. "
        "`- Added a streaming decoder for large inputs. (mkowal)`")
    # with no entry fit to show, the verbs most start with say what the example would
    coded = CHANGELOG.replace("a streaming decoder", "`Decoder.stream`").replace(
        "the column count", "`column`").replace("a space leak", "`leak`").replace(
        "the deprecated", "`deprecated`").replace("an option", "`keep`").replace(
        "the error", "`error`").replace("parsing of", "`parse` of")
    found = lines(snapshot({"ChangeLog": coded}, tree, people("ChangeLog", 6)))
    assert "; start with a verb such as `Fixed`, `Added`; end with the author in " \
        "parentheses" in one(found, "Changelog entries:")


def test_headings_marked_with_equals_signs_and_a_branch_as_the_upcoming_release() -> None:
    found = lines(snapshot({"HISTORY.rdoc": RDOC}, ["HISTORY.rdoc", "lib/fixturekit.rb"]))
    assert one(found, "Changelog entries:") == (
        "Changelog entries: in HISTORY.rdoc, new entries go at the top, under `== trunk`; "
        "end with the author in parentheses; e.g. `* Support an :encoding option when "
        "reading fixtures (lmoss)`")


def test_a_readme_section_is_the_changelog_when_there_is_no_file() -> None:
    readme = "= fsutil\n\nA library.\n\n== Usage\n\nCall it.\n\n== Changelog\n\n" + "".join(
        f"=== 1.{n}.0\n\n* Handle symlink case {n} in copy (#{n}0)\n* Speed up walk "
        f"number {n} (#{n}1)\n\n" for n in range(4, 0, -1)) + "== License\n\nMIT\n"
    tree = ["README.adoc", "build.sc"]
    assert "README.adoc" in wanted(tree)
    found = lines(snapshot({"README.adoc": readme}, tree))
    assert one(found, "Changelog entries:") == (
        "Changelog entries: in README.adoc's `== Changelog` section, end with the pull request "
        "or issue number; e.g. `* Handle symlink case 4 in copy (#40)`")


def test_a_changelog_only_bots_write_is_not_one_to_write_in() -> None:
    history = [Recent(f"chore: release {n}", "github-actions[bot]", ("ChangeLog",))
               for n in range(3)] + [Recent(f"Fix {n}", "Ines", ("src/Lexer.hs",))
                                     for n in range(12)]
    found = lines(snapshot({"ChangeLog": CHANGELOG}, ["ChangeLog"], history))
    assert not [x for x in found if x.startswith("Changelog entries:")]


def test_near_misses_say_no_upcoming_heading_and_no_verb() -> None:
    # people seldom write in it: the form is said, not where new entries go
    found = lines(snapshot({"ChangeLog": CHANGELOG}, ["ChangeLog"], people("ChangeLog", 1)))
    assert "new entries go" not in one(found, "Changelog entries:")
    # first words that are no verb share no form
    text = "## 2.0.0\n\n" + "".join(f"- {w} case {n} the parser changed.\n" for n, w in
                                    enumerate(["In", "The", "In", "The", "When", "In"]))
    assert not [x for x in lines(snapshot({"NEWS.md": text}, ["NEWS.md"]))
                if x.startswith("Changelog entries:")]


CHECK_FLOW = """\
name: News entry
on:
  pull_request:
    types: [opened, synchronize, labeled]
jobs:
  news:
    runs-on: ubuntu-latest
    steps:
      - uses: acme-tools/check-news-entry@v2
        with:
          path: ChangeLog
"""
GENERATE_FLOW = """\
name: Release notes
on:
  push:
    branches: [main]
jobs:
  notes:
    runs-on: ubuntu-latest
    steps:
      - uses: acme-tools/changelog-generator@v1
"""


def test_a_workflow_that_checks_each_pull_request_adds_an_entry_is_said() -> None:
    tree = ["ChangeLog", ".github/workflows/news.yml"]
    found = lines(snapshot({"ChangeLog": CHANGELOG, ".github/workflows/news.yml": CHECK_FLOW},
                           tree))
    assert one(found, "Changelog entries:").startswith(
        "Changelog entries: in ChangeLog, every pull request adds one (CI checks it); ")
    # a workflow that writes the changelog on push checks no pull request
    found = lines(snapshot({"ChangeLog": CHANGELOG,
                            ".github/workflows/news.yml": GENERATE_FLOW}, tree))
    assert "CI checks it" not in one(found, "Changelog entries:")


WIP_CHANGELOG = """\
# kite 3

## WIP

- Add a `retry` option to the client – https://github.com/acme/kite/pull/41
- Fix the timeout being ignored on redirects – https://github.com/acme/kite/pull/43

## kite 3.1.0

- Add streaming uploads – https://github.com/acme/kite/pull/38
- Fix a crash on empty bodies – https://github.com/acme/kite/pull/37
- Remove the deprecated `send` alias – https://github.com/acme/kite/pull/35
"""


def test_a_work_in_progress_heading_is_where_new_entries_go() -> None:
    tree = ["CHANGELOG.md", "pubspec.yaml", "lib/kite.dart"]
    found = lines(snapshot({"CHANGELOG.md": WIP_CHANGELOG}, tree, people("CHANGELOG.md", 6)))
    assert one(found, "Changelog entries:").startswith(
        "Changelog entries: in CHANGELOG.md, new entries go at the top, under `## WIP`; ")
    # a released version first, whatever its entries say, is no place for new entries
    released = WIP_CHANGELOG.replace("## WIP\n", "## kite 3.2.0\n").replace(
        "the client", "the WIP client")
    found = lines(snapshot({"CHANGELOG.md": released}, tree, people("CHANGELOG.md", 6)))
    assert "new entries go" not in one(found, "Changelog entries:")


GREP_FLOW = """\
on: [push, pull_request]
jobs:
  changelog:
    runs-on: ubuntu-latest
    steps:
      - name: The pull request is in the changelog
        run: |
          grep "#${{ github.event.pull_request.number }}" doc/ChangeLog
"""


def test_a_changelog_kept_in_the_docs_and_a_step_that_greps_it_for_the_pull_request() -> None:
    """With none at the top, the docs directory's changelog is the one; a step that looks
    for the pull request's number in it checks every pull request adds an entry."""
    tree = ["doc/ChangeLog", "tidyparse.cabal", "src/Lexer.hs", ".github/workflows/ci.yml"]
    assert "doc/ChangeLog" in wanted(tree)
    assert "doc/ChangeLog" not in wanted([*tree, "CHANGES.md"])
    found = lines(snapshot({"doc/ChangeLog": CHANGELOG, ".github/workflows/ci.yml": GREP_FLOW},
                           tree, people("doc/ChangeLog", 6)))
    assert one(found, "Changelog entries:").startswith(
        "Changelog entries: in doc/ChangeLog, every pull request adds one (CI checks it); "
        "new entries go at the top")
    # a step that greps the changelog for something else checks no pull request
    other = GREP_FLOW.replace("#${{ github.event.pull_request.number }}", "TODO")
    found = lines(snapshot({"doc/ChangeLog": CHANGELOG, ".github/workflows/ci.yml": other},
                           tree, people("doc/ChangeLog", 6)))
    assert "CI checks it" not in one(found, "Changelog entries:")


def test_a_changelog_that_says_it_is_no_longer_kept_shows_no_form() -> None:
    retired = ("> This document is no longer being actively maintained. See the releases "
               "page.\n\n" + CHANGELOG)
    tree = ["ChangeLog", "tidyparse.cabal", "src/Lexer.hs"]
    found = lines(snapshot({"ChangeLog": retired}, tree, people("ChangeLog", 6)))
    assert not [x for x in found if x.startswith("Changelog entries:")]


MARKDOWN = "# Changelog\n\n" + "".join(
    f"## [1.{n}.0](https://example.invalid/compare/v1.{n - 1}.0...v1.{n}.0)\n\n### Features\n\n"
    f"* **ui:** add panel {n} ([abc{n}](https://example.invalid/commit/abc{n}))\n"
    f"* **core:** speed up load {n} ([def{n}](https://example.invalid/commit/def{n}))\n\n"
    for n in range(4, 0, -1))


def test_a_changelog_release_please_writes_is_said_so_and_shows_no_form() -> None:
    """release-please, configured by its settings under .github/ (any ecosystem) or run
    by a workflow's step, writes the changelog from the commit messages: the changelog's
    form is no form to write in, and the item names the tool and the file it writes, the
    one its settings name."""
    config = '{"packages": {".": {"release-type": "simple", "changelog-path": "NEWS.md"}}}'
    tree = [".github/release-please-config.json", ".github/.release-please-manifest.json",
            "NEWS.md", "lua/x/init.lua"]
    assert ".github/release-please-config.json" in wanted(tree)
    found = lines(snapshot({".github/release-please-config.json": config,
                            "NEWS.md": MARKDOWN}, tree, people("NEWS.md", 6)))
    assert one(found, "Changelog:") == (
        "Changelog: release-please (`.github/release-please-config.json`) writes `NEWS.md` and "
        "the version from the commit messages in the release pull request it opens; a change "
        "adds no entry by hand")
    assert not [x for x in found if x.startswith("Changelog entries:")]
    flow = "on: push\njobs:\n  release:\n    runs-on: ubuntu-latest\n    steps:\n" \
           "      - uses: googleapis/release-please-action@v4\n        with:\n" \
           "          release-type: elixir\n"
    tree = [".github/workflows/ci.yml", "CHANGELOG.md", "mix.exs"]
    found = lines(snapshot({".github/workflows/ci.yml": flow, "CHANGELOG.md": MARKDOWN},
                           tree, people("CHANGELOG.md", 6)))
    assert one(found, "Changelog:").startswith(
        "Changelog: release-please, run by the ci.yml workflow, writes `CHANGELOG.md` and")
    assert not [x for x in found if x.startswith("Changelog entries:")]
    # without it, the same changelog's form is said
    found = lines(snapshot({"CHANGELOG.md": MARKDOWN}, tree[1:], people("CHANGELOG.md", 6)))
    assert one(found, "Changelog entries:") and not [
        x for x in found if "release-please" in x]


def test_a_task_that_appends_the_subjects_to_the_changelog_is_said() -> None:
    """just's `update-changelog` recipe appends `git log --pretty='format:- %s'` to
    CHANGELOG.md: the entries are the commit subjects, said with the changelog's form; a
    `git log` written to another file says nothing of it."""
    log = "## 1.2.0\n\n" + "".join(f"- Add feature {i} (#{i})\n" for i in range(6))
    justfile = ("alias t := test\n\ntest:\n  cargo test\n\n# add git log messages to changelog\n"
                "[group: 'release']\nupdate-changelog:\n  echo >> CHANGELOG.md\n"
                "  git log --pretty='format:- %s' >> CHANGELOG.md\n")
    files = {"CHANGELOG.md": log, "justfile": justfile, "Cargo.toml": "[package]\nname='x'\n"}
    said = one(lines(snapshot(files)), "Changelog entries:")
    assert "; `just update-changelog` adds the commit subjects to it (`git log " \
        "--pretty='format:- %s' >> CHANGELOG.md`)" in said, said
    files["justfile"] = justfile.replace(">> CHANGELOG.md\n", ">> NOTES.md\n")
    assert "git log" not in one(lines(snapshot(files)), "Changelog entries:")


def test_releases_kept_as_the_items_of_a_top_list_are_releases() -> None:
    """next.jdbc's CHANGELOG.md lists its releases as items (`* 1.3.925 -- 2024-03-15`),
    each release's entries nested under it, the upcoming one first (`* 1.3.next in
    progress`): where new entries go is said as the file writes it; a list of versions
    with nothing nested under them is no release."""
    log = ("# Change Log\n\nOnly accretive/fixative changes will be made from now on.\n\n"
           "* 2.1.next in progress\n  * Update dependency versions.\n\n"
           "* 2.1.925 -- 2024-03-15\n"
           "  * Address [#275](https://example.org/issues/275) by noting the tables.\n"
           "  * Address [#274](https://example.org/issues/274) by adding `count-by-keys`.\n"
           "  * Code cleanup per `clj-kondo`.\n\n* 2.1.909 -- 2023-12-16\n"
           "  * Address [#267](https://example.org/issues/267) by adding `:schema-opts`.\n"
           "  * Update `java.data` to 1.1.103.\n")
    said = one(lines(snapshot({"CHANGELOG.md": log, "deps.edn": "{}\n"})),
               "Changelog entries:")
    assert said.startswith("Changelog entries: in CHANGELOG.md, new entries go at the top, "
                           "under `* 2.1.next in progress`"), said
    flat = "# Versions\n\n* 2.1.925 -- 2024-03-15\n* 2.1.909 -- 2023-12-16\n* 2.1.0\n* 2.0.1\n"
    assert not [x for x in lines(snapshot({"CHANGELOG.md": flat, "deps.edn": "{}\n"}))
                if x.startswith("Changelog entries:")]


# rayon's RELEASES.md (fresh18): entries in no shared form, one section per release headed
# alike, written by people at each release.
RELEASE_NOTES = """\
# Release quill 1.12.0 (2026-04-13)

- Fixed a bug in parallel ranges of characters near the surrogate boundary.
- The new method `par_array_windows` works like `par_windows`.

# Release quill 1.11.0 / quill-core 1.13.0 (2025-08-12)

- The minimum supported `rustc` is now 1.80.
- Relaxed trait bounds on many of the public structs.

# Release quill 1.10.0 (2024-03-23)

- The new methods `par_chunk_by` and `par_chunk_by_mut` work like the slice methods.
- Implemented parallel collection into boxed slices of strings.
"""


def test_release_notes_kept_by_hand_in_no_shared_form_say_their_sections_heading() -> None:
    tree = ["RELEASES.md", "Cargo.toml", "src/lib.rs"]
    found = lines(snapshot({"RELEASES.md": RELEASE_NOTES}, tree, people("RELEASES.md", 3)))
    assert one(found, "Changelog entries:") == (
        "Changelog entries: in RELEASES.md, one section per release, headed as "
        "`# Release quill 1.12.0 (2026-04-13)`; e.g. "
        "`- Fixed a bug in parallel ranges of characters near the surrogate boundary.`")
    # no one writes it (a tool does, or it is left): nothing said of its form
    assert not [f for f in lines(snapshot({"RELEASES.md": RELEASE_NOTES}, tree,
                                          people("RELEASES.md", 0)))
                if f.startswith("Changelog entries:")]
    # sections headed each its own way share no form
    mixed = RELEASE_NOTES.replace("# Release quill 1.11.0", "# Version 1.11.0").replace(
        "# Release quill 1.10.0", "# 1.10.0")
    assert not [f for f in lines(snapshot({"RELEASES.md": mixed}, tree,
                                          people("RELEASES.md", 3)))
                if f.startswith("Changelog entries:")]


KEPT = """\
# Release notes

The format is based on [Keep a Changelog](https://keepachangelog.com/en/1.0.0/),
and this project adheres to [Semantic Versioning](https://semver.org/spec/v2.0.0.html).

## Unreleased

### Added

* Support self-hosted instances. ([#2755])

### Fixed

* Fixed a crash on an empty page. ([#2760])

## Version [v1.16.0] - 2026-05-02

### Added

* Added a `strict` option for headers. ([#2701])
* Added the search index for subpages. ([#2711])

### Fixed

* Fixed the sidebar links of nested pages. ([#2720])
"""
ENFORCER_FLOW = """\
name: Changelog Update Check
on:
  pull_request:
    types: [opened, synchronize, labeled, unlabeled]
jobs:
  changelog:
    runs-on: ubuntu-latest
    steps:
    - uses: dangoslen/changelog-enforcer@v3
      with:
        skipLabels: 'Skip Changelog'
"""


def test_the_format_a_changelog_follows_and_the_label_that_skips_its_check_are_said() -> None:
    """The changelog's opening names its format (Keep a Changelog, whose groups then need
    no listing), and the enforcing action's input names the label that skips the check."""
    tree = ["CHANGELOG.md", ".github/workflows/Changelog.yml"]
    found = lines(snapshot({"CHANGELOG.md": KEPT, ".github/workflows/Changelog.yml":
                            ENFORCER_FLOW}, tree, people("CHANGELOG.md", 6)))
    said = one(found, "Changelog entries:")
    assert said.startswith(
        "Changelog entries: in CHANGELOG.md (Keep a Changelog format), every pull request "
        "adds one (CI checks it; the `Skip Changelog` label skips the check); new entries go "
        "at the top, under `## Unreleased`"), said
    assert "grouped under" not in said
    # a changelog that names no format, checked by an action given no label: neither said
    plain = KEPT.replace("The format is based on [Keep a Changelog]", "See [the docs]")
    flow = ENFORCER_FLOW.replace("      with:\n        skipLabels: 'Skip Changelog'\n", "")
    said = one(lines(snapshot({"CHANGELOG.md": plain, ".github/workflows/Changelog.yml": flow},
                              tree, people("CHANGELOG.md", 6))), "Changelog entries:")
    assert "format" not in said and "label" not in said and "CI checks it)" in said, said


VERSION_HISTORY = """\
Version history
===============

This library adheres to `Semantic Versioning 2.0 <http://semver.org/>`_.

**UNRELEASED**

- Added the ``gather()`` helper
  (`#1173 <https://github.com/acme/tasklib/pull/1173>`_; PR by @graeme)
- Fixed a deadlock on worker shutdown
  (`#1180 <https://github.com/acme/tasklib/issues/1180>`_; PR by @alex)

**4.14.2**

- Fixed the limiter granting too many tokens
  (`#1170 <https://github.com/acme/tasklib/issues/1170>`_; PR by @alex)
- Fixed ``Path.walk()`` on Python 3.13 (`#1166 <https://github.com/acme/tasklib/pull/1166>`_)

**4.14.1**

- Changed the default backlog to 128 (`#1150 <https://github.com/acme/tasklib/pull/1150>`_)
"""


def test_a_version_history_in_the_docs_with_releases_set_in_bold_is_the_changelog() -> None:
    """Sphinx projects keep `docs/versionhistory.rst`, its releases headed by a line set in
    bold whole (`**4.14.2**`, the upcoming `**UNRELEASED**`, written as the file has it)."""
    tree = ["docs/versionhistory.rst", "docs/index.rst", "pyproject.toml", "src/tasklib/a.py"]
    assert "docs/versionhistory.rst" in wanted(tree)
    found = lines(snapshot({"docs/versionhistory.rst": VERSION_HISTORY}, tree,
                           people("docs/versionhistory.rst", 6)))
    assert one(found, "Changelog entries:").startswith(
        "Changelog entries: in docs/versionhistory.rst, new entries go at the top, under "
        "`**UNRELEASED**`; "), found

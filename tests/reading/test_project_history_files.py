"""Where a project writes its history for users: the changelog's newest releases, the
upgrade guide's newest sections, the README's pitfall sections, cut out of the tree."""

from __future__ import annotations

from gitmemory.reading.project import history_files
from gitmemory.reading.project.history_files import guide, passages, pitfalls, releases, upgrades
from gitmemory.reading.project.snapshot import Snapshot

SIX = "".join(f"- Change number {n}.\n" for n in range(6))  # releases of six entries each
KEEP_A_CHANGELOG = """# Changelog

## [Unreleased]

- `load()` no longer reads `.env.local`.

## [3.0.0] - 2026-05-01

### Removed

- The `legacy` flag.
""" + SIX + """
## [2.1.0] - 2026-03-01

- Faster parsing.
""" + SIX + """
## [2.0.0] - 2026-01-01

- Old entry.
"""


def test_unreleased_and_the_two_newest_releases_only() -> None:
    found = releases("CHANGELOG.md", KEEP_A_CHANGELOG)
    assert [p.where for p in found] == ["Unreleased", "3.0.0", "2.1.0"]
    assert any("`legacy` flag" in line for line in found[1].lines)
    assert all(p.kind == "release" for p in found)
    assert not any("Old entry" in line for p in found for line in p.lines)


def test_a_news_file_s_bare_version_lines_are_its_releases() -> None:
    news = "v1.10.0\ncli  : change: no more implicit `stdout`\nlib  : new level 2\n" + SIX + \
        "\nv1.9.4\nperf : faster decoding\n" + SIX + "\nv1.9.3\nperf: old\n"
    found = releases("NEWS", news)
    assert [p.where for p in found] == ["1.10.0", "1.9.4"]
    assert found[0].lines[0].startswith("cli  : change")


def test_small_patch_releases_are_read_further_back() -> None:
    """Two newest releases of one entry each say little: up to four are read while they
    hold under a dozen lines."""
    text = "# Changelog\n\n" + "".join(f"## v1.9.{n}\n\n* Entry {n}.\n\n" for n in (3, 2, 1, 0))
    assert [p.where for p in releases("CHANGELOG.md", text)] == ["1.9.3", "1.9.2", "1.9.1",
                                                                 "1.9.0"]


def test_a_changelog_written_oldest_first_is_read_from_its_end() -> None:
    text = "Changes\n=======\n\n1.0 (2025-01-01)\n----------------\n\n- first\n\n" \
        "1.1 (2025-06-01)\n----------------\n\n- second\n" + SIX + "\n2.0 (2026-01-01)\n" \
        "----------------\n\n- third\n" + SIX
    assert [p.where for p in releases("CHANGES", text)] == ["2.0", "1.1"]


def test_an_rst_group_underlined_with_tildes_is_no_code_fence() -> None:
    text = "Version 2.0\n-----------\n\nFeatures\n~~~~~~~~\n\n* A feature.\n\n" \
        "Bugfixes\n~~~~~~~~\n\n* A fix.\n\nVersion 1.0\n-----------\n\n* Old.\n"
    found = releases("CHANGES.rst", text)
    assert found[0].where == "2.0" and "* A fix." in found[0].lines



def test_a_title_underlined_in_an_rst_comment_hides_no_release() -> None:
    # beets: the Unreleased section ends in a commented-out group title; its indented
    # "~~~~" read as a fence put 2.13.0's entries under "Unreleased"
    text = "Unreleased\n----------\n\n- New.\n\n..\n    For plugin developers\n" \
        "    ~~~~~~~~~~~~~~~~~~~~~\n\nOther changes\n~~~~~~~~~~~~~\n\n- Other.\n\n" \
        "2.13.0 (July 27, 2026)\n----------------------\n\n- Default is ``no``.\n\n" \
        "..\n    For plugin developers\n    ~~~~~~~~~~~~~~~~~~~~~\n\n" \
        "2.12.0 (June 22, 2026)\n----------------------\n\n- Older.\n"
    found = {p.where: p.lines for p in releases("docs/changelog.rst", text)}
    assert list(found) == ["Unreleased", "2.13.0", "2.12.0"]
    assert "- Default is ``no``." in found["2.13.0"]
    assert not any("Default" in line for line in found["Unreleased"])

GUIDE = """# Upgrading Guide

## V5.5 to V5.6

Since version 5.6.0, the minimum is PHP 7.2.5.

## V4 to V5

1. `create()` no longer calls `putenv`.

## V4.0 to V4.1

Passing an array is deprecated.

## V3 to V4

Old news.
"""


def test_the_guide_s_newest_sections_by_the_versions_they_name() -> None:
    found = upgrades("UPGRADING.md", GUIDE)
    assert [p.where for p in found] == ["V5.5 to V5.6", "V4 to V5"]
    assert "1. `create()` no longer calls `putenv`." in found[1].lines
    assert all(p.kind == "upgrade" for p in found)


def test_a_version_section_written_in_parts_at_its_own_level_holds_them() -> None:
    """clikt's guide has "## Upgrading to 5.0" followed by "## some methods are now
    extensions" at the same level: the 5.0 section read empty, and the 4.0 notes were
    read as the newest (a blind judge: old migration notes on a 5.x codebase)."""
    text = ("# Upgrading\n\n## Upgrading to 3.0\n\n## `Runner.start` is now a free "
            "function\n\nImport `start` from `runner.core`.\n\n## Upgrading to 2.0\n\n"
            "The `Session` class has been removed.\n")
    found = upgrades("docs/upgrading.md", text)
    assert [p.where for p in found] == ["Upgrading to 3.0", "Upgrading to 2.0"]
    assert "Import `start` from `runner.core`." in found[0].lines
    assert "The `Session` class has been removed." not in found[0].lines


def test_a_guide_per_version_is_read_whole_for_the_newest_version() -> None:
    paths = ["UPGRADE-1.0.md", "UPGRADE-4.0.md", "UPGRADE-5.0.md", "src/a.php"]
    assert guide(paths) == "UPGRADE-5.0.md"
    found = upgrades("UPGRADE-5.0.md", "Upgrading\n=========\n\nThe `Php5` class has been "
                                       "removed.\n")
    assert [p.where for p in found] == ["upgrading to 5.0"]
    assert "The `Php5` class has been removed." in found[0].lines


def test_a_database_migrations_guide_is_no_upgrade_guide() -> None:
    assert guide(["MIGRATIONS.md", "README.md"]) == ""


README = """# Tool

## Usage

Call it.

### Troubleshooting

In some setups PHP might deactivate `$_ENV`. If it is empty, review `variables_order`.

## Security

Mail us.
"""


def test_the_readme_s_pitfall_sections_down_to_the_next_heading_as_high() -> None:
    found = pitfalls("README.md", README)
    assert [p.where for p in found] == ["Troubleshooting"]
    assert not any("Mail us" in line for line in found[0].lines)


def test_a_changelog_that_only_says_where_it_moved_gives_way_to_the_next() -> None:
    snapshot = Snapshot(["CHANGES", "docs/changelog.md", "README.md"],
                        {"CHANGES": "MOVED\n=====\n\nsee docs/changelog.md\n",
                         "docs/changelog.md": "# Changes\n\n## 1.2.0\n\n- `x` is removed.\n"})
    assert [(p.path, p.where) for p in passages(snapshot)] == [("docs/changelog.md", "1.2.0")]


def test_history_files_in_tests_or_vendored_code_are_not_read() -> None:
    assert history_files.wanted(["tests/fixtures/CHANGELOG.md", "vendor/x/NEWS"]) == []
    assert history_files.is_history_file("CHANGELOG.md")
    assert history_files.is_history_file("UPGRADING.md")
    assert not history_files.is_history_file("src/news.py")


def test_a_code_block_s_closing_fence_is_no_title_s_underline() -> None:
    """A code line over a closing "```" was read as a title, the fence stayed open, and the
    README's Troubleshooting section after a code block was never found."""
    text = "# Tool\n\n## Usage\n\n```php\n$dotenv->load();\n```\n\n### Troubleshooting\n\n" \
        "If `$_ENV` is empty, review `variables_order` in `php.ini`.\n"
    found = pitfalls("README.md", text)
    assert [p.where for p in found] == ["Troubleshooting"]


# standard-version's and release-please's changelogs title a major release one level up
STANDARD_VERSION = """# Change Log

## [14.0.1](https://example.org/compare/v14.0.0...v14.0.1) (2026-06-20)

### Bug Fixes

* add a types condition to the node export ([27ffae5](https://example.org/c/27ffae5))

## [14.0.0](https://example.org/compare/v13.0.0...v14.0.0) (2026-04-19)

### Security

* Fixes GHSA-q2x8-7mv4-c9hw: `v3()` wrote past the caller's buffer.

## [13.1.0](https://example.org/compare/v13.0.0...v13.1.0) (2026-01-10)

* Faster `v7()`.

# [4.0.0](https://example.org/compare/v3.3.0...v4.0.0) (2020-01-02)

* Old major.

# [3.3.0](https://example.org/compare/v3.2.0...v3.3.0) (2018-06-22)

### Bug Fixes

* assignment to readonly property in strict mode
"""


def test_a_major_release_titled_a_level_up_does_not_hide_the_newest() -> None:
    """uuid's CHANGELOG.md titles 14.0.1 and 14.0.0 with "##" and its old majors with "#":
    only the "#" headings were taken as releases, so 3.3.0's entries of 2018 were read as
    the newest and 14.0.0's security fix was never read."""
    found = releases("CHANGELOG.md", STANDARD_VERSION)
    assert [p.where for p in found][:2] == ["14.0.1", "14.0.0"]
    assert any("GHSA-q2x8-7mv4-c9hw" in line for p in found for line in p.lines)
    assert not any("readonly" in line for p in found for line in p.lines)

"""The sections a commit adds to an upgrade guide (docs/design.md, "Sources"): each
heading with the first sentence under it is a fact (issue 29: a PHP library's breaks and
a Rust library's deprecation were told in UPGRADE.md and the migration guide only, under
subjects of a few words and a pull-request template)."""

from __future__ import annotations

import pytest

from gitmemory.commits import FileChange
from gitmemory.providers.offline.extractor import extract_commits
from gitmemory.providers.offline.minimums import against_manifest, manifest_minimums
from gitmemory.providers.offline.record import record_line
from gitmemory.reading.paths import is_upgrade_guide
from testing.offline_history import edit_diff, make_commit


def _facts(subject: str, path: str, added: list[str], body: str = "",
           context: list[str] | None = None) -> list[str]:
    lines = [*(context or []), *(f"+{line}" for line in added), " "]
    commit = make_commit(subject, body, files=[FileChange(path, len(added), 0),
                                               FileChange("lib/client.rb", 9, 3)],
                         diff=edit_diff(path, "", lines))
    return [e.content for e in extract_commits([commit]) if e.section == "facts"]


def test_a_section_added_to_an_upgrade_guide_is_a_fact_in_its_words() -> None:
    facts = _facts("Stop following redirects", "UPGRADING.md", [
        "## Breaking: `Client#fetch` no longer follows redirects",
        "",
        "Pass `follow: true` to `Client#fetch` to keep the old behaviour. Redirect",
        "loops are now the caller's concern.",
        "",
        "### Before",
        "",
        "```ruby",
        "client.fetch(url) # followed up to five redirects",
        "```",
    ])
    assert "Breaking: `Client#fetch` no longer follows redirects \u2014 Pass `follow: true` " \
        "to `Client#fetch` to keep the old behaviour" in facts, facts
    assert not any("Before" in f or "followed up to" in f for f in facts), facts


def test_a_line_of_html_is_no_prose() -> None:
    facts = _facts("Collapse the long sections", "docs/MIGRATION.md", [
        "### Removed the `Widget::legacy_paint` hook",
        "<details open>",
        "<summary><small>Click to expand</small></summary>",
        "",
        "Override `Widget::paint` instead; it receives the same canvas.",
    ])
    assert facts == ["Removed the `Widget::legacy_paint` hook \u2014 Override `Widget::paint` "
                     "instead; it receives the same canvas"], facts


def test_a_restructuredtext_guide_reads_its_underlined_headings() -> None:
    facts = _facts("Retire legacy mode", "docs/migration.rst", [
        "Removal of the ``legacy_mode`` setting",
        "--------------------------------------",
        "",
        "The ``legacy_mode`` setting is ignored; set ``parser = \"strict\"`` instead.",
    ])
    assert any(f.startswith("Removal of the `legacy_mode` setting \u2014 The `legacy_mode` "
                            "setting is ignored") for f in facts), facts


def test_a_heading_that_orders_the_guide_or_only_gains_a_label_is_no_section() -> None:
    # a version's heading, an example's, and an old section given a label
    facts = _facts("Prepare the 3.0 guide", "UPGRADE-3.0.md", [
        "# Upgrading from 2.x to 3.0",
        "## V2 to V3",
        "",
        "## Example",
        "",
        "Read the steps below in order, one release at a time.",
        "## Breaking change: Removed the `Session#store` method",
    ], context=["-## Removed the `Session#store` method"])
    assert facts == [], facts


@pytest.mark.parametrize(("path", "guide"), [
    ("UPGRADE.md", True), ("docs/upgrading.rst", True), ("guide/src/migration.md", True),
    ("MIGRATION_NOTES.md", True),
    # a database migration is code, and a page on running them is no guide of breaks
    ("db/migrate/20240101_add_users.rb", False), ("migrations/0001_init.sql", False),
    ("docs/migrate.md", False), ("CHANGELOG.md", False),
])
def test_which_files_are_upgrade_guides(path: str, guide: bool) -> None:
    assert is_upgrade_guide(path) is guide


@pytest.mark.parametrize(("stated", "kept"), [
    ("2.11", False),  # h3: the guide's "2.11" is a slip for 20.11
    ("20.11", True),  # the near miss: what the manifest says, less exactly
])
def test_a_minimum_the_guide_states_against_the_manifest_of_its_commit_is_no_fact(
        stated: str, kept: bool) -> None:
    """Before (the blind judge of fresh16's h3 window, the one wrong item): "H3 v2 requires
    Node.js >= 2.11 with ESM support" was kept in the guide's words, while the same commit
    set `engines.node` to `>=20.11.1`."""
    guide = "\n".join(["+## ESM and latest Node.js", "+",
                       f"+H3 v2 requires Node.js >= {stated} with ESM support.", " "])
    manifest = "\n".join([' "engines": {', '+    "node": ">=20.11.1"', " },"])
    commit = make_commit("docs: initial migration guide for v2", "",
                         files=[FileChange("MIGRATION.md", 3, 0),
                                FileChange("package.json", 1, 1)],
                         diff=edit_diff("MIGRATION.md", "", guide.split("\n")) +
                         edit_diff("package.json", "", manifest.split("\n")))
    facts = [e.content for e in extract_commits([commit]) if e.section == "facts"]
    assert any(f"requires Node.js >= {stated} " in fact for fact in facts) is kept, facts


@pytest.mark.parametrize(("path", "entry"), [
    ("CHANGELOG.md", "+- **Breaking:** H3 now requires Node.js >= 2.11 with ESM support."),
    ("src/index.ts", "+export const version = '2.0.0'"),  # said in the body, not an entry
])
def test_a_minimum_a_changelog_entry_or_a_body_states_against_the_manifest_is_no_item(
        path: str, entry: str) -> None:
    """h56: the guide's check (h3's "Node.js >= 2.11" beside ``>=20.11.1``) did not reach a
    changelog entry, a commit body's sentence or the history record's line."""
    body = ("H3 v2 now requires Node.js >= 2.11 because older releases lack require(esm).\n"
            if path != "CHANGELOG.md" else "")
    manifest = "\n".join([' "engines": {', '+    "node": ">=20.11.1"', " },"])
    commit = make_commit("feat: require node>=2.11 for esm-only builds", body,
                         files=[FileChange(path, 1, 0), FileChange("package.json", 1, 1)],
                         diff=edit_diff(path, "", ["## 2.0.0", "", entry]
                                        if path == "CHANGELOG.md" else [entry]) +
                         edit_diff("package.json", "", manifest.split("\n")))
    items = [e.content for e in extract_commits([commit])]
    assert not any("2.11" in item and "20.11" not in item for item in items), items
    assert record_line(commit) is None
    right = make_commit("feat: require node>=20.11 for esm-only builds",
                        body.replace("2.11", "20.11"), files=commit.files, diff=commit.diff)
    assert record_line(right) is not None


def test_a_dropped_runtime_is_no_floor_against_the_manifest() -> None:
    manifest = "\n".join([' "engines": {', '+    "node": ">=20.11.1"', " },"])
    commit = make_commit("Drop support for Node 18",
                         "Node 18 reached its end of life, so the engines field now asks for 20.",
                         files=[FileChange("package.json", 1, 1)],
                         diff=edit_diff("package.json", "", manifest.split("\n")))
    assert record_line(commit) is not None
    assert not against_manifest("Drop support for Node 18", manifest_minimums(commit))
    assert against_manifest("needs Node.js 18 or later", manifest_minimums(commit))


def test_a_hunk_that_starts_inside_a_code_block_gives_no_code_for_a_heading() -> None:
    # Exposed: a migration guide's hunk opened inside a Kotlin example, and the changed
    # line above the block's closing fence was read as a heading the fence underlined
    facts = _facts("deprecate: Raise deprecation levels of API elements (#2588)",
                   "documentation-website/Writerside/topics/Migration-Guide-1-0-0.md", [
                       "val tx2: JdbcTransaction = TransactionManager.current()",
                       "```",
                       "",
                       "This also means that the type of the `manager` parameter in all "
                       "`Database.connect()` methods has changed to accept a function."],
                   context=[" import org.jetbrains.exposed.v1.jdbc.JdbcTransaction",
                            " ", "-val tx2: R2dbcTransaction = TransactionManager.current()"])
    assert not [f for f in facts if "tx2" in f], facts


def test_a_numbered_heading_loses_its_number() -> None:
    """auto_route's migration guide: "#### 1. Instead of using `MaterialAutoRouter` ..."
    gave "1. Instead of using ...", the guide's order as part of the break."""
    facts = _facts("update migration docs", "migrations/migrating_to_v6.md", [
        "#### 2. `EmptyRoutePage` no longer exists, instead you extend `AutoRouter`", ""])
    assert facts == ["`EmptyRoutePage` no longer exists, instead you extend `AutoRouter`"]

"""One item in other words across memorize runs (gitmemory/offline/identity.py)."""

from __future__ import annotations

from gitmemory.memory.candidates import Extraction
from gitmemory.memory.combine import deterministic_merge
from gitmemory.memory.markdown import Item, Memory
from gitmemory.offline.identity import same_item


def test_a_scope_seen_in_a_vaguer_light_keeps_its_precise_location() -> None:
    old = "Code for `bump` lives in commitizen/commands/bump.py"
    assert same_item(old, "Code for `bump` lives in commitizen/commands/") == old
    assert same_item(old, "Code for `bump` lives in commitizen/bump.py, "
                          "commitizen/commands/bump.py") == old


def test_a_precise_location_replaces_a_directory() -> None:
    new = "Code for `bump` lives in commitizen/commands/bump.py"
    assert same_item("Code for `bump` lives in commitizen/commands/", new) == new


def test_code_that_moved_takes_the_new_location() -> None:
    new = "Code for `bump` lives in src/cz/bump.py"
    assert same_item("Code for `bump` lives in commitizen/bump.py", new) == new


def test_other_scopes_and_other_templates_are_different_items() -> None:
    assert same_item("Code for `bump` lives in a.py", "Code for `tags` lives in b.py") is None
    assert same_item("CI runs on GitHub Actions (.github/workflows/)",
                     "CI runs on GitLab CI (.gitlab-ci.yml)") is None
    assert same_item("Sessions live in Redis", "Sessions live in Memcached") is None


def test_scopes_that_name_the_same_files_share_one_line() -> None:
    old = "Code for `check` lives in commitizen/commands/check.py"
    assert same_item(old, "Code for `cz_check` lives in commitizen/commands/check.py") == \
        "Code for `check`, `cz_check` lives in commitizen/commands/check.py"
    assert same_item("Code for `check`, `cz_check` lives in commitizen/commands/check.py",
                     "Code for `cz_check` lives in commitizen/commands/") == \
        "Code for `check`, `cz_check` lives in commitizen/commands/check.py"


def test_a_scope_grouped_with_another_elsewhere_is_not_folded_into_its_line() -> None:
    assert same_item("Code for `cli` lives in commitizen/cli.py",
                     "Code for `config`, `cli` lives in commitizen/config/__init__.py") is None


def test_a_new_reading_of_a_bootstrap_slot_replaces_the_old_one() -> None:
    assert same_item("Tests: `tox` runs `pytest`", "Tests: `make test` runs `pytest tests`") == \
        "Tests: `make test` runs `pytest tests`"
    assert same_item("Tests: `tox` runs `pytest`", "Lint: `tox -e lint`") is None
    assert same_item("Tests: run them with care", "Tests: `make test`") == "Tests: `make test`"


def test_template_facts_match_on_what_they_are_about() -> None:
    assert same_item("This branch adds migrations in app/migrations/: 0001_a.py",
                     "This branch adds migrations in app/migrations/: 0002_b.py") == \
        "This branch adds migrations in app/migrations/: 0002_b.py"


def test_the_merge_keeps_one_line_per_item_and_leaves_hand_edits_alone() -> None:
    existing = Memory("main", {"facts": [
        Item("Code for `bump` lives in commitizen/commands/bump.py", ("aaaaaaa",)),
        Item("Code for `tags` lives in commitizen/tags.py")]})
    new = [Extraction("facts", "Code for `bump` lives in commitizen/commands/", 0.8,
                      ("bbbbbbb",)),
           Extraction("facts", "Code for `tags` lives in commitizen/version/tags.py", 0.8,
                      ("ccccccc",))]
    result = deterministic_merge(existing, new, 30, same_item)
    assert result.sections["facts"] == [
        Item("Code for `bump` lives in commitizen/commands/bump.py", ("aaaaaaa", "bbbbbbb")),
        Item("Code for `tags` lives in commitizen/tags.py")]
    assert deterministic_merge(existing, new, 30).sections["facts"] != result.sections["facts"]


def test_the_merge_asks_same_item_before_counting_shared_words() -> None:
    folded = Item("Code for `commit`, `commands/commit` lives in commitizen/commands/commit.py",
                  ("aaaaaaa",))
    new = [Extraction("facts", "Code for `commit` lives in commitizen/commands/commit.py", 0.8,
                      ("bbbbbbb",))]
    result = deterministic_merge(Memory("main", {"facts": [folded]}), new, 30, same_item)
    assert [i.text for i in result.sections["facts"]] == [folded.text]

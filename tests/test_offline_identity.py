"""One item in other words across memorize runs (gitmemory/offline/identity.py)."""

from __future__ import annotations

from gitmemory.memory.candidates import Extraction
from gitmemory.memory.combine import deterministic_merge
from gitmemory.memory.markdown import Item, Memory
from gitmemory.providers.offline.identity import kept_wording


def test_other_templates_and_plain_lines_are_different_items() -> None:
    assert kept_wording("Code moved from click/ to src/click/",
                     "Code moved from app/ to src/app/") is None
    assert kept_wording("CI runs on GitHub Actions (.github/workflows/)",
                     "CI runs on GitLab CI (.gitlab-ci.yml)") is None
    assert kept_wording("Sessions live in Redis", "Sessions live in Memcached") is None


def test_a_new_reading_of_a_bootstrap_slot_replaces_the_old_one() -> None:
    assert kept_wording("Tests: `tox` runs `pytest`", "Tests: `make test` runs `pytest tests`") == \
        "Tests: `make test` runs `pytest tests`"
    assert kept_wording("Tests: `tox` runs `pytest`", "Lint: `tox -e lint`") is None
    assert kept_wording("Tests: run them with care", "Tests: `make test`") == "Tests: `make test`"


def test_template_facts_match_on_what_they_are_about() -> None:
    assert kept_wording("This branch adds migrations in app/migrations/: 0001_a.py",
                     "This branch adds migrations in app/migrations/: 0002_b.py") == \
        "This branch adds migrations in app/migrations/: 0002_b.py"


def test_the_merge_keeps_one_line_per_item_and_leaves_hand_edits_alone() -> None:
    existing = Memory("main", {"facts": [
        Item("This branch adds migrations in app/migrations/: 0001_a.py", ("aaaaaaa",)),
        Item("Sessions live in Redis")]})
    new = [Extraction("facts", "This branch adds migrations in app/migrations/: 0002_b.py",
                      0.8, ("bbbbbbb",)),
           Extraction("facts", "Sessions live in Redis, not Memcached", 0.8, ("ccccccc",))]
    result = deterministic_merge(existing, new, 30, kept_wording)
    assert result.sections["facts"][0].text == \
        "This branch adds migrations in app/migrations/: 0002_b.py"
    assert "Sessions live in Redis" in [i.text for i in result.sections["facts"]]

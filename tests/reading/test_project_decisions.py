"""gitmemory/reading/project/decisions.py: a repository's architecture decision records
give one item each, in their own words (issue 29, "what the history taught": decisions
and their reasons; docs/design.md, "Sources").  Infection keeps thirteen under
adr/, and its finality rule was a blind question no item answered (fresh29)."""

from __future__ import annotations

from pathlib import Path

from gitmemory.reading.project import Snapshot, bootstrap_extractions, files_read
from testing.reading import lines

NYGARD = ("# 7. Keep money in integer cents\n\nDate: 2026-03-02\n\n## Status\n\nAccepted\n\n"
          "## Context\n\nFloats lost a cent on refunds of split payments.\n\n## Decision\n\n"
          "Store every amount as an integer number of cents. Convert at the edges only, "
          "in `money/format.py`.\n\n```python\nCents = int\n```\n\n## Consequences\n\n"
          "Reports divide by 100.\n")
MADR = ("---\nstatus: accepted\n---\n# Use SQLite for the local cache\n\n"
        "## Context and Problem Statement\n\nThe cache outgrew JSON files.\n\n"
        "## Decision Outcome\n\nChosen option: \"SQLite\", because it ships with Python "
        "and survives crashes.\n")
TREE = {"pyproject.toml": '[project]\nname = "till"\n', "till/__init__.py": ""}


def _decisions(records: dict[str, str]) -> list[str]:
    return [line for line in lines({**TREE, **records}) if line.startswith("Decision")]


def test_a_nygard_record_gives_its_title_and_its_decision_in_its_own_words() -> None:
    (item,) = _decisions({"docs/adr/0007-integer-cents.md": NYGARD})
    assert item == ("Decision: Keep money in integer "
                    "cents \u2014 Store every amount as an integer number of cents. Convert "
                    "at the edges only, in `money/format.py`.")


def test_a_madr_record_gives_its_outcome() -> None:
    (item,) = _decisions({"docs/decisions/0003-sqlite-cache.md": MADR})
    assert item.endswith("Use SQLite for the local cache \u2014 Chosen option: \"SQLite\", "
                         "because it ships with Python and survives crashes.")


def test_records_that_no_longer_or_not_yet_hold_give_nothing() -> None:
    superseded = NYGARD.replace("Accepted", "Superseded by [12](0012-decimal.md)")
    proposed = MADR.replace("status: accepted", "status: proposed")
    template = NYGARD.replace("Keep money in integer cents", "Title")
    assert _decisions({"adr/0007-integer-cents.md": superseded,
                       "adr/0008-sqlite.md": proposed,
                       "adr/0000-template.md": template}) == []


def test_a_long_decision_keeps_whole_sentences_only() -> None:
    long = NYGARD.replace("Convert at the edges only", "Convert at the edges only " + "and "
                          "never in between " * 20)
    (item,) = _decisions({"adr/0007-integer-cents.md": long})
    assert item.endswith("Store every amount as an integer number of cents.")


def test_only_the_newest_records_are_read_and_a_change_to_one_reads_them_again() -> None:
    records = {f"adr/{n:04d}-rule-{n}.md":
               NYGARD.replace("integer cents", f"integer cents, rule {n}", 1)
               for n in range(1, 16)}
    files = {**TREE, **records}
    found = [e for e in bootstrap_extractions(Snapshot(sorted(files), files, []))
             if e.content.startswith("Decision")]
    cited = [path for e in found for path in e.paths if path.startswith("adr/")]
    assert len(found) == 12 and cited[0] == "adr/0015-rule-15.md"
    assert not any("0003" in path for path in cited)
    assert files_read.matches("docs/adr/0007-integer-cents.md")
    assert not files_read.matches("docs/guide/0007-integer-cents.md")


def test_a_records_own_words_pass_the_gate(repo: Path) -> None:
    """Infection's "Define the public API through an extension-point registry" was held as
    relaxing a rule of its own record: its title, a heading, was no sentence of that
    document, and "public" widens who sees a thing.  A heading's text is its document's."""
    from gitmemory.memory.markdown import Item
    from gitmemory.outputs.grounds import Grounds
    from testing.gitrepo import commit_files

    record = ("# Define the public API through an extension-point registry\n\n## Context\n\n"
              "Treating every accessible class as public API would expose implementation "
              "details.\n\n## Decision\n\nTreat every class under `src/` as internal by "
              "default and mark it with `@internal`.\n\nThe public API consists only of the "
              "extension points listed in the registry. An extension point must not be "
              "marked `@internal`.\n\nAdding an extension point to the registry is a "
              "deliberate expansion of the supported public API.\n")
    files = {**TREE, "adr/0013-public-api.md": record, "src/Registry.php": "<?php\n"}
    tip = commit_files(repo, files, "an ADR")
    (text,) = _decisions({"adr/0013-public-api.md": record})
    assert Grounds(str(repo), tip, None).held([Item(text, (), ("adr/0013-public-api.md",))]) \
        == [None]

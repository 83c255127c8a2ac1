"""An item that states a code name as current names what the tip holds: a call a commit
message planned and never kept, or a method put in a class that does not define it, goes
at memorize; history, a removal and a name the tree has stay."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.config import defaults
from gitmemory.memory import markdown
from gitmemory.memory.filenames import find
from gitmemory.pipeline.names import Name, missing, told_as_current
from testing.gitrepo import commit_file, gitmemory, set_up

DB = """class Results:
    def _make_model(self, row):
        return row


class Database:
    def transaction(self):
        return None
"""


def _texts(repo: Path) -> list[str]:
    path = find(str(repo / ".gitmemory" / "branches"), "main")
    assert path is not None
    parsed = markdown.parse(Path(path).read_text())
    assert parsed is not None
    return [i.text for items in parsed.sections.values() for i in items]


def test_calls_are_the_names_told_and_a_removal_tells_none() -> None:
    told = told_as_current("Evaluation goes through `evaluate_fmt(...)` and "
                           "`Database._make_model()`, set by `prefix_len`")
    assert told == [Name("evaluate_fmt", None), Name("_make_model", "Database")]
    assert told_as_current("`evaluate_fmt()` was removed; use `evaluate()`") == []


def test_a_name_the_tree_lacks_or_defines_in_another_class_is_missing(repo: Path) -> None:
    commit_file(repo, "db.py", DB, "db")
    asked = [Name("evaluate_fmt", None), Name("_make_model", "Database"),
             Name("_make_model", "Results"), Name("transaction", "Database"),
             Name("_make_model", None)]
    assert missing("HEAD", asked, str(repo), defaults()) == {
        Name("evaluate_fmt", None), Name("_make_model", "Database")}


def test_a_modules_function_is_called_through_the_modules_name(repo: Path) -> None:
    """TypeBox: "Version 1.1.0 ... `Value.Parse(...)` ... corrective parsing is now
    disabled by default" went at memorize, as if `Value` did not hold `Parse`: it is the
    module (``src/value/parse/parse.ts``) that does, called as `Value.Parse()`."""
    commit_file(repo, "src/value/parse/parse.ts",
                "export function Parse(schema: unknown, value: unknown) {\n  return value\n}\n",
                "value")
    commit_file(repo, "src/compile/validator.ts",
                "export class Validator {\n  public Parse(value: unknown): unknown {\n"
                "    return value\n  }\n}\n", "validator")
    asked = [Name("Parse", "Value"), Name("Parse", "Schema"), Name("Parse", "Validator")]
    assert missing("HEAD", asked, str(repo), defaults()) == {Name("Parse", "Schema")}


@pytest.mark.slow
def test_memorize_drops_an_item_naming_code_the_tip_does_not_have(repo: Path) -> None:
    set_up(repo, "offline")
    planned = "Template evaluation is routed through one API: `evaluate_fmt(...)`"
    misplaced = "Model materialization is centralized in `Database._make_model()`"
    right = "Rows become models in `Results._make_model()` only"
    gone = "`evaluate_fmt()` was removed; templates go through `Results._make_model()`"
    commit_file(repo, "db.py", DB, f"db: one place for models\n\nMemory-Fact: {planned}\n"
                f"Memory-Decision: {misplaced}\nMemory-Convention: {right}\n"
                f"Memory-Bug: {gone}")
    out = gitmemory(repo, "memorize").stdout
    texts = _texts(repo)
    assert right in texts and gone in texts
    assert planned not in texts and misplaced not in texts, out

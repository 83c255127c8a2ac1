"""gitmemory/outputs/loads.py: what each agent loads at session start, counted from the
files in the work tree (items, items read twice, files past the agent's limit)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from gitmemory import config
from gitmemory.outputs import loads
from gitmemory.outputs.loads import Load, memory_items
from gitmemory.outputs.render import INHERITED_MARK, MEMORY_HEADING
from gitmemory.outputs.targets import COPILOT_LIMIT, GEMINI_FILE, RULE_LIMIT
from testing.gitrepo import commit_file

ITEM = "Handlers return plain dicts, never ORM rows"
OTHER = "Run make test before pushing"


def _memory(*items: str) -> str:
    return f"# Team notes\n\n{MEMORY_HEADING}\n\n" + "".join(f"- {i}\n" for i in items)


def _write(repo: Path, rel: str, text: str) -> None:
    path = repo / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def _loads(repo: Path, outputs: list[str], **overrides: object) -> dict[str, Load]:
    cfg = config.load(str(repo), overrides={"outputs": outputs, **overrides})
    return {load.agent: load for load in loads.loads(str(repo), cfg)}


def test_memory_items_are_the_bullets_of_the_memory_block_only() -> None:
    text = ("# Team\n\n- a team rule, not memory\n\n"
            f"{MEMORY_HEADING}\n\n### Conventions\n- {ITEM}\n- {OTHER}{INHERITED_MARK}\n"
            "  - a nested line is not an item\n\n## Team again\n\n- not memory either\n")
    assert memory_items(text) == [ITEM, OTHER]
    assert memory_items("") == []


def test_a_load_line_says_what_is_loaded_and_what_is_wrong() -> None:
    empty = Load("Cursor")
    assert empty.line() == "Cursor: nothing: 0 chars, 0 item(s), none twice"
    full = Load("Claude Code")
    full.files, full.chars, full.items, full.duplicates = ["CLAUDE.md", "AGENTS.md"], 12345, 4, 1
    full.scoped, full.over, full.note = 2, ["CLAUDE.md"], "see docs"
    assert full.line() == ("Claude Code: CLAUDE.md, AGENTS.md: 12,345 chars, 4 item(s), "
                           "1 loaded twice; 2 path-scoped file(s) where it works; over its "
                           "limit: CLAUDE.md (see docs)")
    assert full.as_dict()["over_limit"] == ["CLAUDE.md"]
    assert full.as_dict()["duplicates"] == 1


def test_only_agents_whose_output_is_on_are_listed(repo: Path) -> None:
    assert list(_loads(repo, ["claude"])) == ["Claude Code"]
    assert list(_loads(repo, ["cursor", "windsurf"])) == ["Cursor", "Windsurf"]


def test_claude_reads_what_claude_md_imports_and_an_item_twice_counts(repo: Path) -> None:
    _write(repo, "CLAUDE.md", "@AGENTS.md\n@missing.md\n@two words.md\n" + _memory(ITEM))
    _write(repo, "AGENTS.md", _memory(ITEM, OTHER))
    load = _loads(repo, ["claude"])["Claude Code"]
    assert load.files == ["CLAUDE.md", "AGENTS.md"]
    assert (load.items, load.duplicates) == (3, 1)
    assert load.chars == len((repo / "CLAUDE.md").read_text()) + len(
        (repo / "AGENTS.md").read_text())


def test_claude_md_past_max_file_lines_is_over_the_limit(repo: Path) -> None:
    _write(repo, "CLAUDE.md", _memory(*(f"item {n}" for n in range(30))))
    assert _loads(repo, ["claude"], max_file_lines=20)["Claude Code"].over == ["CLAUDE.md"]
    assert _loads(repo, ["claude"], max_file_lines=200)["Claude Code"].over == []


def test_a_link_in_place_of_a_file_is_not_loaded(repo: Path) -> None:
    _write(repo, "elsewhere.md", _memory(ITEM))
    os.symlink("elsewhere.md", repo / "AGENTS.md")
    assert _loads(repo, ["cursor"])["Cursor"].files == []


def test_copilot_instructions_past_what_review_reads_are_named(repo: Path) -> None:
    _write(repo, ".github/copilot-instructions.md", "x" * (COPILOT_LIMIT + 1))
    _write(repo, "AGENTS.md", "short\n")
    load = _loads(repo, ["copilot"])["GitHub Copilot"]
    assert load.files == [".github/copilot-instructions.md", "AGENTS.md"]
    assert load.over == [".github/copilot-instructions.md"]


def test_gemini_without_the_setting_does_not_load_the_memory_file(repo: Path) -> None:
    _write(repo, "GEMINI.md", "# Gemini notes\n")
    _write(repo, GEMINI_FILE, _memory(ITEM))
    load = _loads(repo, ["gemini"])["Gemini CLI"]
    assert load.files == ["GEMINI.md"]
    assert load.items == 0
    assert "does not name GEMINI.gitmemory.md: gitmemory init adds it" in load.note


def test_gemini_with_the_setting_loads_the_memory_file(repo: Path) -> None:
    _write(repo, GEMINI_FILE, _memory(ITEM))
    _write(repo, ".gemini/settings.json",
           json.dumps({"context": {"fileName": ["GEMINI.md", GEMINI_FILE]}}))
    load = _loads(repo, ["gemini"])["Gemini CLI"]
    assert load.files == [GEMINI_FILE] and load.items == 1 and load.note == ""


def test_gemini_settings_that_name_the_file_in_any_valid_form(repo: Path) -> None:
    settings = repo / ".gemini" / "settings.json"
    settings.parent.mkdir()
    top = str(repo)
    assert not loads.gemini_reads_memory(top)  # no file
    for data, reads in (({"context": {"fileName": GEMINI_FILE}}, True),
                        ({"context": {"fileName": [GEMINI_FILE]}}, True),
                        ({"context": {"fileName": "GEMINI.md"}}, False),
                        ({"context": {"fileName": 3}}, False),
                        ({"context": "GEMINI.gitmemory.md"}, False),
                        ([GEMINI_FILE], False)):
        settings.write_text(json.dumps(data))
        assert loads.gemini_reads_memory(top) is reads, data
    settings.write_text("{ not json")
    assert not loads.gemini_reads_memory(top)


def test_codex_counts_the_nested_agents_files_on_the_deepest_chain(repo: Path) -> None:
    commit_file(repo, "svc/AGENTS.md", "a" * 1000, "Nested rules for svc")
    commit_file(repo, "svc/api/AGENTS.md", "b" * 2000, "Nested rules for svc/api")
    commit_file(repo, "svc/api/AGENTS.override.md", "c" * 3000, "An override wins there")
    commit_file(repo, "web/AGENTS.md", "d" * 500, "Nested rules for web")
    _write(repo, "AGENTS.md", "root\n")
    load = _loads(repo, ["agents"])["Codex"]
    assert load.files == ["AGENTS.md"]
    # svc (1,000) + svc/api's override (3,000), which Codex reads instead of its AGENTS.md
    assert load.note == "with nested AGENTS files up to 4,000 bytes: 4,005 of Codex's 32,768"
    assert load.over == []


def test_codex_over_its_limit_with_the_nested_files(repo: Path) -> None:
    commit_file(repo, "deep/AGENTS.md", "n" * 20_000, "Long nested rules")
    _write(repo, "AGENTS.md", "r" * 15_000)
    load = _loads(repo, ["agents"])["Codex"]
    assert load.over == ["nested AGENTS files"]
    assert "35,000 of Codex's 32,768" in load.note


def test_codex_without_nested_files_has_no_note(repo: Path) -> None:
    _write(repo, "AGENTS.md", "root\n")
    load = _loads(repo, ["agents"])["Codex"]
    assert load.note == "" and load.over == []


def test_windsurf_has_a_limit_per_file_and_cursor_has_none(repo: Path) -> None:
    _write(repo, ".windsurfrules", "w" * (RULE_LIMIT + 1))
    _write(repo, ".cursorrules", "c" * (RULE_LIMIT + 1))
    _write(repo, "AGENTS.md", _memory(ITEM))
    found = _loads(repo, ["cursor", "windsurf"])
    assert found["Windsurf"].files == ["AGENTS.md", ".windsurfrules"]
    assert found["Windsurf"].over == [".windsurfrules"]
    assert found["Cursor"].files == ["AGENTS.md", ".cursorrules"]
    assert found["Cursor"].over == []
    assert found["Cursor"].items == found["Windsurf"].items == 1

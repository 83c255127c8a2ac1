"""Documents, the agent files loaded in every session (outputs/documents.py): base verbatim,
the memory block cut at each file's own limit, and AGENTS.md imported into CLAUDE.md.
The team's AGENTS.md is Codex's base: its memory goes to AGENTS.override.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory import config, git, state
from gitmemory.files import UnsafePath
from gitmemory.outputs import stamp, sync
from gitmemory.outputs.targets import CODEX_ROOT_SHARE
from testing.agents import write_memory

ITEMS = tuple(f"Convention {n:03d}: module {n} keeps its state in one place, behind an "
              "interface its tests fake" for n in range(400))


def _sync(repo: Path, **overrides: object) -> dict[str, sync.Outcome]:
    cfg = config.load(str(repo), overrides=overrides or None)
    return {o.rel: o for o in sync.sync(git.repo_info(str(repo)), cfg, "main")}


def _shown(text: str) -> list[int]:
    """The numbers of the items a file shows."""
    return [int(line[len("- Convention "):][:3]) for line in text.splitlines()
            if line.startswith("- Convention ")]


def _next_line(text: str) -> str:
    """The bullet of the best-ranked item the file left out (newest first)."""
    missing = max(set(range(len(ITEMS))) - set(_shown(text)))
    return f"- {ITEMS[missing]} (refs: {missing + 1:07x})\n"


@pytest.mark.parametrize("base_bytes", [0, 8_000, *range(14_000, 14_100, 9)])
def test_agents_override_is_filled_up_to_codexs_root_share_and_no_further(
        repo: Path, base_bytes: int) -> None:
    """The memory block gives way so that the whole file, header included, fits in the
    root's half of Codex's 32 KiB; the header names the memory file only once there is a
    block, and that was not counted."""
    if base_bytes:
        line = "é guidance.\n"  # 13 bytes
        (repo / "AGENTS.md").write_text(line * (base_bytes // 13))
    write_memory(repo, "main", conventions=ITEMS)
    _sync(repo, outputs=["agents"], max_inject_chars=10**6)
    data = (repo / "AGENTS.override.md").read_bytes()
    assert len(data) <= CODEX_ROOT_SHARE
    assert len(data) + len(_next_line(data.decode()).encode()) > CODEX_ROOT_SHARE  # filled
    assert _shown(data.decode())[0] == len(ITEMS) - 1  # newest first


def test_a_team_agents_md_over_the_share_gets_no_override(repo: Path) -> None:
    """Codex reads AGENTS.override.md instead of AGENTS.md: with no room for memory there
    is none, and Codex reads the team's file as it is."""
    base = "# Agents\n\n" + "guidance line\n" * 3000  # 42 KB: the team's text, not ours
    (repo / "AGENTS.md").write_text(base)
    write_memory(repo, "main", conventions=ITEMS[:3])
    assert _sync(repo, outputs=["agents"])["AGENTS.override.md"].status == "absent"
    assert not (repo / "AGENTS.override.md").exists()
    assert (repo / "AGENTS.md").read_text() == base


@pytest.mark.parametrize("cap", [200, 60, 31])
def test_claude_md_is_filled_up_to_max_file_lines_and_no_further(repo: Path, cap: int
                                                                 ) -> None:
    (repo / "CLAUDE_base.md").write_text("# Project\n\n" + "A guidance line.\n" * 20)
    write_memory(repo, "main", conventions=ITEMS)
    _sync(repo, max_file_lines=cap, max_inject_chars=10**6)
    text = (repo / "CLAUDE.md").read_text()
    assert text.count("\n") == cap  # each item is one line: the cap is reached exactly
    assert _shown(text)[0] == len(ITEMS) - 1


def test_a_line_cap_with_no_room_for_one_item_leaves_the_memory_out(repo: Path) -> None:
    """Header, 22 lines of base, a blank line, the heading and intro (4 lines), a section
    title (2) and one item: 31 lines; with 30 there is no block at all."""
    (repo / "CLAUDE_base.md").write_text("# Project\n\n" + "A guidance line.\n" * 20)
    write_memory(repo, "main", conventions=ITEMS)
    _sync(repo, max_file_lines=30, max_inject_chars=10**6)
    text = (repo / "CLAUDE.md").read_text()
    assert text.count("\n") == 23 and "Branch Memory" not in text


def test_max_file_lines_zero_means_no_line_cap(repo: Path) -> None:
    write_memory(repo, "main", conventions=ITEMS)
    _sync(repo, max_file_lines=0, max_inject_chars=10**6)
    assert len(_shown((repo / "CLAUDE.md").read_text())) == len(ITEMS)


def test_the_line_cap_is_claude_codes_advice_and_binds_no_other_document(repo: Path) -> None:
    write_memory(repo, "main", conventions=ITEMS)
    _sync(repo, outputs=["claude", "agents", "gemini"], max_file_lines=30,
          max_inject_chars=10**6)
    assert (repo / "CLAUDE.md").read_text().count("\n") == 30
    assert len(_shown((repo / "GEMINI.gitmemory.md").read_text())) == len(ITEMS)
    assert len(_shown((repo / "AGENTS.override.md").read_text())) > 30


def test_the_character_cap_binds_the_memory_block_of_every_document(repo: Path) -> None:
    write_memory(repo, "main", conventions=ITEMS)
    _sync(repo, outputs=["claude", "gemini"], max_inject_chars=1000)
    for name in ("CLAUDE.md", "GEMINI.gitmemory.md"):
        text = (repo / name).read_text()
        sections = text[text.index("### Conventions"):]
        assert len(sections) <= 1000
        assert len(sections) + len(_next_line(text)) > 1000


def test_a_base_longer_than_the_line_cap_is_kept_whole(repo: Path) -> None:
    base = "# Project\n\n" + "A guidance line.\n" * 250
    (repo / "CLAUDE_base.md").write_text(base)
    write_memory(repo, "main", conventions=ITEMS[:5])
    _sync(repo)
    text = (repo / "CLAUDE.md").read_text()
    assert text.split("\n", 1)[1] == base and "Convention" not in text


@pytest.mark.parametrize("base", [None, "", "  \n\n"])
def test_no_document_is_written_with_neither_memory_nor_a_base_worth_copying(
        repo: Path, base: str | None) -> None:
    if base is not None:
        (repo / "CLAUDE_base.md").write_text(base)
    assert _sync(repo)["CLAUDE.md"].status == "absent"
    assert not (repo / "CLAUDE.md").exists()


def test_geminis_memory_file_carries_the_memory_alone_and_says_not_to_edit_it(repo: Path
                                                                             ) -> None:
    (repo / "GEMINI.md").write_text("# The team's notes for Gemini\n")
    write_memory(repo, "main", conventions=ITEMS[:2])
    _sync(repo, outputs=["gemini"])
    header, body = (repo / "GEMINI.gitmemory.md").read_text().split("\n", 1)
    assert "from .gitmemory/branches/main.md; do not edit it" in header
    assert body.startswith("## Branch Memory")
    assert (repo / "GEMINI.md").read_text() == "# The team's notes for Gemini\n"


# --- CLAUDE.md imports AGENTS.md ----------------------------------------------------------

def _claude_imports(repo: Path, **overrides: object) -> list[str]:
    _sync(repo, **overrides)
    lines = (repo / "CLAUDE.md").read_text().splitlines()
    return [line for line in lines if line.startswith("@")]


def test_claude_md_imports_the_teams_agents_md_and_codex_gets_the_memory_beside_it(
        repo: Path) -> None:
    (repo / "CLAUDE_base.md").write_text("# Claude\n")
    (repo / "AGENTS.md").write_text("# Agents\n")
    write_memory(repo, "main", conventions=ITEMS[:1])
    assert _claude_imports(repo, outputs=["claude", "agents"]) == ["@AGENTS.md"]
    override = (repo / "AGENTS.override.md").read_text()
    assert "# Agents\n" in override and "Convention 000" in override
    assert (repo / "AGENTS.md").read_text() == "# Agents\n"


def test_while_0_3s_generated_agents_md_waits_for_init_its_base_is_read(repo: Path) -> None:

    (repo / "CLAUDE_base.md").write_text("# Claude\n")
    (repo / "AGENTS_base.md").write_text("# Agents\n")
    key = state.stamp_key(state.ensure_dir(git.repo_info(str(repo)).state_dir))
    (repo / "AGENTS.md").write_text(stamp.compose("# Agents\n", "", "AGENTS_base.md", None, key))
    write_memory(repo, "main", conventions=ITEMS[:1])
    assert _claude_imports(repo, outputs=["claude", "agents"]) == ["@AGENTS_base.md"]
    override = (repo / "AGENTS.override.md").read_text()
    assert "# Agents\n" in override and "gitmemory-stamp" not in override.split("\n", 1)[1]


def test_no_import_when_agents_md_is_generated_and_has_no_base(repo: Path) -> None:
    (repo / "CLAUDE_base.md").write_text("# Claude\n")
    write_memory(repo, "main", conventions=ITEMS[:1])
    assert _claude_imports(repo, outputs=["claude", "agents"]) == []
    assert _claude_imports(repo, outputs=["claude"]) == []  # a stamped leftover: not theirs


def test_a_hand_written_agents_md_is_imported_even_with_a_base_beside_it(repo: Path) -> None:
    (repo / "CLAUDE_base.md").write_text("# Claude\n")
    (repo / "AGENTS.md").write_text("# Ours, by hand\n")
    (repo / "AGENTS_base.md").write_text("# A base nobody renders\n")
    assert _claude_imports(repo) == ["@AGENTS.md"]
    assert _claude_imports(repo, outputs=["claude", "agents"]) == ["@AGENTS.md"]
    assert (repo / "AGENTS.md").read_text() == "# Ours, by hand\n"


def test_a_directory_named_agents_md_is_not_imported(repo: Path) -> None:
    (repo / "CLAUDE_base.md").write_text("# Claude\n")
    (repo / "AGENTS.md").mkdir()
    assert _claude_imports(repo) == []


def test_a_base_importing_the_agents_base_itself_gets_no_second_import(repo: Path) -> None:
    (repo / "CLAUDE_base.md").write_text("# Claude\n\nSee @AGENTS_base.md.\n")
    (repo / "AGENTS_base.md").write_text("# Agents\n")
    assert _claude_imports(repo, outputs=["claude", "agents"]) == []
    assert (repo / "CLAUDE.md").read_text().count("@AGENTS_base.md") == 1


def test_the_import_line_counts_against_the_line_cap(repo: Path) -> None:
    (repo / "AGENTS.md").write_text("# Ours\n")
    write_memory(repo, "main", conventions=ITEMS)
    _sync(repo, max_file_lines=40, max_inject_chars=10**6)
    text = (repo / "CLAUDE.md").read_text()
    assert text.splitlines()[1] == "@AGENTS.md"
    assert text.count("\n") == 40


# --- where a base file may be ---------------------------------------------------------------

def test_a_base_file_in_a_symlinked_directory_is_refused(repo: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "CLAUDE_base.md").write_text("secret notes\n")
    (repo / "docs").symlink_to(outside)
    with pytest.raises(UnsafePath, match="symlink"):
        _sync(repo, base_file="docs/CLAUDE_base.md")
    assert not (repo / "CLAUDE.md").exists()


def test_a_base_file_in_a_subdirectory_is_copied_verbatim(repo: Path) -> None:
    (repo / "docs").mkdir()
    (repo / "docs" / "CLAUDE_base.md").write_text("# From docs\n")
    run = _sync(repo, base_file="docs/CLAUDE_base.md")
    assert run["CLAUDE.md"].status == "written"
    text = (repo / "CLAUDE.md").read_text()
    assert "edit docs/CLAUDE_base.md, not this file" in text.split("\n", 1)[0]
    assert text.split("\n", 1)[1] == "# From docs\n"
    key = state.stamp_key(git.repo_info(str(repo)).state_dir)
    assert stamp.classify(text, key) == "generated"

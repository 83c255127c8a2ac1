"""What each agent loads: the team's own files left as written, the memory in files of its
own, each item once per agent, and each agent's limits (docs/agents.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from testing.agents import ALL_OUTPUTS, API_RULES, tree, write_memory
from testing.gitrepo import commit_file, gitmemory, set_up
from testing.gitrepo import git as run_git

API_ITEM = ("Handlers in src/api return plain dicts, never ORM rows", ("src/api/",))
TWO_AREAS = ("Fixtures in tests/api mirror the handlers in src/api", ("src/api/", "tests/api/"))
WIDE_ITEM = "Every module logs through the project's logger"


@pytest.fixture
def wired(repo: Path) -> Path:
    """gitmemory set up with native hooks and every output on; src/api exists."""
    set_up(repo, "offline")
    run_git(repo, "config", "gitmemory.outputs", ALL_OUTPUTS)
    commit_file(repo, "src/api/routes.py", "ROUTES = []\n", "Add the api package")
    return repo


def _front_matter(text: str) -> dict[str, object]:
    assert text.startswith("---\n"), text[:80]
    loaded = yaml.safe_load(text.split("\n---\n", 1)[0][4:])
    assert isinstance(loaded, dict)
    return loaded


def test_windsurf_globs_are_a_yaml_list(wired: Path) -> None:
    commit_file(wired, "tests/api/test_routes.py", "", "Add the api tests")
    write_memory(wired, "main", conventions=(API_ITEM, TWO_AREAS))
    gitmemory(wired, "generate")
    files = tree(wired)
    assert _front_matter(files[API_RULES["windsurf"]]) == {
        "trigger": "glob", "globs": ["src/api/**"]}
    both = _front_matter(files[".windsurf/rules/gitmemory-src-api+tests-api.md"])
    assert both == {"trigger": "glob", "globs": ["src/api/**", "tests/api/**"]}


TEAM_AGENTS = "# Team rules for agents\n\nRun make test.\n"
TEAM_GEMINI = "# Gemini notes\n\nUse the staging project.\n"


def _ignored(repo: Path, path: str) -> bool:
    return run_git(repo, "check-ignore", "-q", "--", path, check=False).returncode == 0


def test_init_leaves_the_teams_agents_and_gemini_files_where_they_are(repo: Path) -> None:
    commit_file(repo, "AGENTS.md", TEAM_AGENTS, "agents")
    commit_file(repo, "GEMINI.md", TEAM_GEMINI, "gemini")
    set_up(repo, "offline")
    write_memory(repo, "main", conventions=(WIDE_ITEM,))
    gitmemory(repo, "generate")
    assert (repo / "AGENTS.md").read_text() == TEAM_AGENTS
    assert (repo / "GEMINI.md").read_text() == TEAM_GEMINI
    tracked = run_git(repo, "ls-files", "AGENTS.md", "GEMINI.md").stdout.split()
    assert tracked == ["AGENTS.md", "GEMINI.md"]
    assert not (repo / "AGENTS_base.md").exists() and not (repo / "GEMINI_base.md").exists()
    assert not _ignored(repo, "AGENTS.md") and not _ignored(repo, "GEMINI.md")
    # Codex reads AGENTS.override.md instead of AGENTS.md: the team's text, then the memory
    override = (repo / "AGENTS.override.md").read_text()
    assert "gitmemory-stamp:" in override.split("\n", 1)[0]
    assert TEAM_AGENTS in override and WIDE_ITEM in override
    assert override.index(TEAM_AGENTS) < override.index(WIDE_ITEM)
    assert _ignored(repo, "AGENTS.override.md")
    # Gemini CLI reads the memory beside GEMINI.md, named in its project settings
    memory = (repo / "GEMINI.gitmemory.md").read_text()
    assert WIDE_ITEM in memory and "Use the staging project" not in memory
    assert _ignored(repo, "GEMINI.gitmemory.md")
    settings = json.loads((repo / ".gemini" / "settings.json").read_text())
    assert settings["context"]["fileName"] == ["GEMINI.md", "GEMINI.gitmemory.md"]
    assert "Run make test" not in (repo / "CLAUDE.md").read_text()  # imported, not copied
    assert "@AGENTS.md" in (repo / "CLAUDE.md").read_text()


def test_a_fresh_clone_without_gitmemory_finds_the_teams_files(repo: Path,
                                                                tmp_path: Path) -> None:
    commit_file(repo, "AGENTS.md", TEAM_AGENTS, "agents")
    commit_file(repo, "GEMINI.md", TEAM_GEMINI, "gemini")
    set_up(repo, "offline")
    fresh = tmp_path / "fresh"
    run_git(tmp_path, "clone", "-q", str(repo), str(fresh))
    assert (fresh / "AGENTS.md").read_text() == TEAM_AGENTS
    assert (fresh / "GEMINI.md").read_text() == TEAM_GEMINI


def _as_0_3_left_it(repo: Path, name: str, base: str, team: str) -> None:
    """The layout gitmemory 0.3's init left: the team's file moved to its base, a
    generated one in its place, git-ignored."""
    from gitmemory import git, state
    from gitmemory.outputs import stamp

    run_git(repo, "mv", name, base)
    key = state.stamp_key(state.ensure_dir(git.repo_info(str(repo)).state_dir))
    (repo / name).write_text(stamp.compose(team, "## Branch Memory (auto-extracted)\n\n- x\n",
                                           base, ".gitmemory/branches/main.md", key))
    with (repo / ".gitignore").open("a") as fh:
        fh.write(f"/{name}\n/{name}.edited*\n/.{name}.*.tmp\n")
    run_git(repo, "add", "-A")
    run_git(repo, "commit", "-q", "-m", "as gitmemory 0.3 set it up")


def test_init_puts_back_the_files_0_3_moved_once_with_a_note(repo: Path) -> None:
    commit_file(repo, "AGENTS.md", TEAM_AGENTS, "agents")
    commit_file(repo, "GEMINI.md", TEAM_GEMINI, "gemini")
    set_up(repo, "offline")
    _as_0_3_left_it(repo, "AGENTS.md", "AGENTS_base.md", TEAM_AGENTS)
    _as_0_3_left_it(repo, "GEMINI.md", "GEMINI_base.md", TEAM_GEMINI)
    write_memory(repo, "main", conventions=(WIDE_ITEM,))
    status = gitmemory(repo, "status", check=False).stdout
    assert "AGENTS.md is in AGENTS_base.md (gitmemory 0.3 moved it there)" in status
    done = gitmemory(repo, "init").stdout
    assert "AGENTS.md: the team's file is back from AGENTS_base.md with `git mv` (rename " \
        "staged), tracked and as written; gitmemory writes the memory to AGENTS.override.md " \
        "now" in done
    assert "GEMINI.md: the team's file is back from GEMINI_base.md" in done
    assert (repo / "AGENTS.md").read_text() == TEAM_AGENTS
    assert (repo / "GEMINI.md").read_text() == TEAM_GEMINI
    staged = run_git(repo, "status", "--porcelain").stdout
    assert "R  AGENTS_base.md -> AGENTS.md" in staged
    ignore = (repo / ".gitignore").read_text().splitlines()
    assert "/AGENTS.md" not in ignore and "/GEMINI.md" not in ignore
    assert "/AGENTS.override.md" in ignore
    assert TEAM_AGENTS in (repo / "AGENTS.override.md").read_text()
    run_git(repo, "add", "-A")
    run_git(repo, "commit", "-q", "-m", "put the team's files back")
    again = gitmemory(repo, "init").stdout
    assert "is back from" not in again  # once
    assert "0.3 moved it" not in gitmemory(repo, "status", check=False).stdout


# --- each item once per agent, within each agent's limit -----------------------------------

# The files each agent loads in every session, besides gitmemory's own (docs/agents.md).
READS_AGENTS_MD = {"cursor": ".cursor/rules/gitmemory.mdc",
                   "copilot": ".github/instructions/gitmemory.instructions.md",
                   "windsurf": ".windsurf/rules/gitmemory.md"}


def test_a_repository_wide_item_is_loaded_once_by_agents_that_read_agents_md(
        wired: Path) -> None:
    commit_file(wired, "AGENTS.md", TEAM_AGENTS, "agents")
    write_memory(wired, "main", conventions=(API_ITEM, WIDE_ITEM))
    gitmemory(wired, "generate")
    for output, always in READS_AGENTS_MD.items():
        loaded = (wired / "AGENTS.md").read_text() + (wired / always).read_text()
        assert loaded.count(WIDE_ITEM) == 1, output  # from its own always-applied file
    codex = (wired / "AGENTS.override.md").read_text()  # read instead of AGENTS.md
    assert codex.count(WIDE_ITEM) == 1 and codex.count(API_ITEM[0]) == 1


def test_status_says_what_each_agent_loads(wired: Path) -> None:
    commit_file(wired, "AGENTS.md", TEAM_AGENTS, "agents")
    write_memory(wired, "main", conventions=(API_ITEM, WIDE_ITEM))
    gitmemory(wired, "init")  # Gemini CLI's settings name the memory file
    found = json.loads(gitmemory(wired, "status", "--json", check=False).stdout)["loads"]
    by_agent = {row["agent"]: row for row in found}
    assert list(by_agent) == ["Claude Code", "Codex", "Cursor", "GitHub Copilot", "Windsurf",
                              "Gemini CLI"]
    assert by_agent["Cursor"]["files"] == ["AGENTS.md", ".cursor/rules/gitmemory.mdc"]
    assert (by_agent["Cursor"]["items"], by_agent["Cursor"]["duplicates"],
            by_agent["Cursor"]["scoped"]) == (1, 0, 1)
    assert by_agent["Codex"]["files"] == ["AGENTS.override.md"]
    assert by_agent["Codex"]["items"] == 2
    assert by_agent["Claude Code"]["files"] == ["CLAUDE.md", "AGENTS.md"]  # imported
    assert by_agent["Gemini CLI"]["files"] == ["GEMINI.gitmemory.md"]
    assert all(row["duplicates"] == 0 and not row["over_limit"] for row in found)
    text = gitmemory(wired, "status", check=False).stdout
    assert "each agent loads, every session:" in text
    cursor = next(line for line in text.splitlines() if line.startswith("  Cursor: "))
    chars = by_agent["Cursor"]["chars"]
    assert cursor == (f"  Cursor: AGENTS.md, .cursor/rules/gitmemory.mdc: {chars:,} chars, "
                      "1 item(s), none twice; 1 path-scoped file(s) where it works")


def test_copilots_instruction_files_stay_within_what_code_review_reads(wired: Path) -> None:
    many = tuple((f"Rule {n:03d} of the api layer: " + "x" * 150, ("src/api/",))
                 for n in range(60))
    wide = tuple(f"Wide rule {n:03d}: " + "y" * 150 for n in range(60))
    write_memory(wired, "main", conventions=many + wide)
    run_git(wired, "config", "gitmemory.maxInjectChars", "100000")
    gitmemory(wired, "generate")
    for rel in (API_RULES["copilot"], READS_AGENTS_MD["copilot"]):
        text = (wired / rel).read_text()
        assert len(text) <= 4_000 and "- " in text, rel
    assert len((wired / API_RULES["windsurf"]).read_text()) > 4_000  # its own limit: 12,000


def test_the_root_agents_override_leaves_room_for_nested_agents_files(wired: Path) -> None:
    """Codex's 32 KiB are shared by the files from the root down to where it works."""
    commit_file(wired, "AGENTS.md", "# Team rules\n\n" + "Root guidance line.\n" * 400, "root")
    commit_file(wired, "packages/api/AGENTS.md", "# API rules\n\n" + "Nested line.\n" * 1000,
                "nested")
    many = tuple(f"Convention {n:03d}: module {n} keeps its state in one place" for n in
                 range(600))
    write_memory(wired, "main", conventions=many)
    run_git(wired, "config", "gitmemory.maxInjectChars", "1000000")
    gitmemory(wired, "generate")
    root = wired / "AGENTS.override.md"
    if not root.exists():
        root = wired / "AGENTS.md"  # what Codex reads at the top when there is no override
    nested = (wired / "packages/api/AGENTS.md").read_bytes()
    assert b"Convention 599" in root.read_bytes()  # the memory is there
    assert len(root.read_bytes()) + len(nested) <= 32 * 1024  # and the nested file fits

"""Knowledge where the agent works (issue 34 item 2): Claude Code's path-scoped rule files
are on by default, so an item about one part of the code loads when Claude Code works
there and CLAUDE.md keeps what is global; a config.toml that names its outputs keeps
them, and init writes the new default."""

from __future__ import annotations

from pathlib import Path

from gitmemory import config
from testing.agents import write_memory
from testing.gitrepo import git, gitmemory, set_up

API = ".claude/rules/gitmemory/src-api.md"


def _memory(repo: Path) -> None:
    (repo / "src" / "api").mkdir(parents=True)
    (repo / "src" / "api" / "routes.py").write_text("ROUTES = []\n")
    write_memory(repo, "main", decisions=(
        ("Handlers return dicts; the router serialises them, so views stay testable",
         ("src/api/routes.py",)),
        "Every service logs JSON lines to stdout, never to files"))


def test_init_writes_the_rule_files_and_claude_md_keeps_what_is_global(repo: Path) -> None:
    """Before: outputs defaulted to CLAUDE.md alone, which carried every item."""
    set_up(repo, "offline")
    assert config.load(str(repo)).outputs == ["claude", "claude-rules"]
    assert 'outputs = ["claude", "claude-rules"]' in \
        (repo / ".gitmemory" / "config.toml").read_text()
    _memory(repo)
    gitmemory(repo, "generate")
    rule = (repo / API).read_text()
    claude = (repo / "CLAUDE.md").read_text()
    assert rule.startswith('---\npaths:\n  - "src/api/**"\n---\n')
    assert "Handlers return dicts" in rule and "Handlers return dicts" not in claude
    assert "Every service logs JSON lines" in claude
    assert "/.claude/rules/gitmemory/" in (repo / ".gitignore").read_text()
    assert git(repo, "check-ignore", "-q", API, check=False).returncode == 0


def test_a_config_that_names_its_outputs_keeps_them(repo: Path) -> None:
    (repo / ".gitmemory").mkdir()
    (repo / ".gitmemory" / "config.toml").write_text('outputs = ["claude"]\n')
    _memory(repo)
    gitmemory(repo, "generate")
    assert not (repo / ".claude").exists()
    assert "Handlers return dicts" in (repo / "CLAUDE.md").read_text()
    said = gitmemory(repo, "init", "--hooks", "none").stdout
    assert 'add "claude-rules"' in said
    assert (repo / ".gitmemory" / "config.toml").read_text() == 'outputs = ["claude"]\n'


def test_a_rule_file_goes_when_its_area_has_no_items_left(repo: Path) -> None:
    set_up(repo, "offline")
    _memory(repo)
    gitmemory(repo, "generate")
    assert (repo / API).exists()
    write_memory(repo, "main", decisions=("Every service logs JSON lines to stdout",))
    gitmemory(repo, "generate")
    assert not (repo / API).exists()
    assert not (repo / ".claude" / "rules" / "gitmemory").exists()

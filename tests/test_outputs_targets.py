"""The renderer takes a list of targets and answers one outcome per file: generate, the
post-commit staleness check and the pre-push scan loop over the same list."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory import config, git
from gitmemory.commands import generate
from gitmemory.errors import ConfigError
from gitmemory.outputs import sync
from gitmemory.outputs.targets import AGENTS_LIMIT, NAMES, Document, check, documents, targets
from gitmemory.push import scan
from gitmemory.repo import Repo
from testing.gitrepo import memory_text

TWO = [Document("claude", "CLAUDE.md", "CLAUDE_base.md"),
       Document("second", "docs/AGENT.md", "docs/AGENT_base.md")]


@pytest.fixture
def two_targets(repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(sync, "targets", lambda cfg: list(TWO))
    (repo / "CLAUDE_base.md").write_text("# For Claude\n")
    (repo / "docs").mkdir()
    (repo / "docs" / "AGENT_base.md").write_text("# For the other agent\n")
    memory = repo / ".gitmemory" / "branches" / "main.md"
    memory.parent.mkdir(parents=True)
    memory.write_text(memory_text("main", conventions=("Keep handlers small",)))
    return repo


def _sync(repo: Path) -> list[sync.Outcome]:
    return sync.sync(git.repo_info(str(repo)), config.load(str(repo)), "main")


def test_the_default_configuration_renders_claude_md_from_the_base_file() -> None:
    cfg = config.defaults()
    assert [(t.name, t.path, t.base) for t in targets(cfg)] == \
        [("claude", "CLAUDE.md", "CLAUDE_base.md")]
    cfg.output_file, cfg.base_file = "docs/CLAUDE.md", "docs/BASE.md"
    assert [(t.path, t.base) for t in targets(cfg)] == [("docs/CLAUDE.md", "docs/BASE.md")]


def test_every_target_gets_its_base_and_the_same_memory_block(two_targets: Path) -> None:
    outcomes = _sync(two_targets)
    assert [(o.target.name, o.status) for o in outcomes] == [("claude", "written"),
                                                            ("second", "written")]
    claude = (two_targets / "CLAUDE.md").read_text()
    other = (two_targets / "docs" / "AGENT.md").read_text()
    assert "# For Claude" in claude and "# For the other agent" not in claude
    assert "# For the other agent" in other
    assert "Keep handlers small" in claude and "Keep handlers small" in other
    assert [o.line() for o in _sync(two_targets)] == ["CLAUDE.md: unchanged",
                                                      "docs/AGENT.md: unchanged"]


def test_one_hand_written_target_is_left_alone_while_the_other_is_written(
        two_targets: Path) -> None:
    (two_targets / "docs" / "AGENT.md").write_text("written by a person\n")
    outcomes = _sync(two_targets)
    assert [o.status for o in outcomes] == ["written", "kept"]
    assert (two_targets / "docs" / "AGENT.md").read_text() == "written by a person\n"


def test_a_missing_target_file_makes_the_inputs_stale(two_targets: Path) -> None:
    info, cfg = git.repo_info(str(two_targets)), config.load(str(two_targets))
    _sync(two_targets)
    assert not sync.inputs_newer(info, cfg)
    (two_targets / "docs" / "AGENT.md").unlink()
    assert sync.inputs_newer(info, cfg)


def test_generate_check_names_each_stale_file(two_targets: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    _sync(two_targets)
    assert generate.run(check=True) == 0
    assert capsys.readouterr().out == "agent files are up to date\n"
    (two_targets / "docs" / "AGENT.md").unlink()
    assert generate.run(check=True) == 1
    assert capsys.readouterr().out == "docs/AGENT.md is stale; run gitmemory generate\n"
    assert generate.run(check=False) == 0
    assert capsys.readouterr().out == "CLAUDE.md: unchanged\ndocs/AGENT.md: written\n"


def test_the_pre_push_scan_reads_every_target(two_targets: Path) -> None:
    _sync(two_targets)
    (two_targets / "docs" / "AGENT_base.md").write_text(
        "token ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8" + "\n")
    _sync(two_targets)
    findings = scan.scan_push(Repo.open(str(two_targets)), [])
    assert [(where, rule) for where, _line, rule in findings] == \
        [("docs/AGENT.md", "github-token")]


def test_targets_come_in_registry_order_whatever_the_settings_order() -> None:
    cfg = config.defaults()
    cfg.outputs = ["gemini", "cursor", "claude", "agents"]
    assert [t.name for t in targets(cfg)] == ["claude", "agents", "cursor", "gemini"]
    assert [t.name for t in documents(cfg)] == ["claude", "agents", "gemini"]


def test_each_document_carries_its_agents_limits() -> None:
    cfg = config.defaults()
    cfg.outputs = ["claude", "agents", "gemini"]
    by_name = {t.name: t for t in documents(cfg)}
    claude, agents, gemini = by_name["claude"], by_name["agents"], by_name["gemini"]
    assert (claude.line_cap, claude.imports_agents, claude.max_bytes, claude.rules) == \
        (True, True, None, "claude-rules")
    assert (agents.line_cap, agents.max_bytes, agents.base, agents.path, agents.optional) == \
        (False, AGENTS_LIMIT // 2, "AGENTS.md", "AGENTS.override.md", True)
    assert (gemini.line_cap, gemini.max_bytes, gemini.base, gemini.optional) == \
        (False, None, None, True)
    assert repr(gemini) == "Document('gemini', 'GEMINI.gitmemory.md', None)"


@pytest.mark.parametrize(("settings", "clash"), [
    ({"output_file": "AGENTS.override.md"}, "AGENTS.override.md"),  # two on one file
    ({"base_file": "AGENTS.override.md"}, "AGENTS.override.md"),  # a base is an output
    ({"base_file": "AGENTS.md"}, "AGENTS.md"),  # two documents on one base
])
def test_two_outputs_on_one_file_are_refused_before_anything_is_written(
        settings: dict[str, str], clash: str) -> None:
    cfg = config.defaults()
    cfg.outputs = ["claude", "agents", "gemini"]
    for key, value in settings.items():
        setattr(cfg, key, value)
    with pytest.raises(ConfigError, match=f"two outputs would write {clash}") as caught:
        targets(cfg)
    assert "change output_file or base_file, or drop one output" in caught.value.one_line()


def test_an_unknown_output_names_the_setting_and_the_known_ones() -> None:
    cfg = config.defaults()
    cfg.outputs = ["claude", "zed"]
    cfg.sources["outputs"] = "git config gitmemory.outputs"
    with pytest.raises(ConfigError) as caught:
        targets(cfg)
    line = caught.value.one_line()
    assert "unknown output 'zed' in git config gitmemory.outputs" in line
    assert "known outputs: " + ", ".join(NAMES) in line
    check(list(NAMES))  # every registered name passes


def test_no_outputs_at_all_renders_nothing_and_says_so(repo: Path) -> None:
    (repo / "CLAUDE_base.md").write_text("# Base\n")
    cfg = config.load(str(repo), overrides={"outputs": []})
    assert sync.sync(git.repo_info(str(repo)), cfg, "main") == []
    assert not (repo / "CLAUDE.md").exists()


def test_no_module_asks_a_target_which_kind_it_is() -> None:
    """Behaviour lives on the kind of target (documents.py, rules.py); sync and set-up ask
    the target.  Only the registry's own documents() filters by kind."""
    import ast
    from pathlib import Path

    import gitmemory

    offenders = []
    for path in Path(gitmemory.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance" and \
                    any(getattr(n, "id", "") in ("Document", "RuleSet", "Target")
                        for n in ast.walk(node.args[1])):
                offenders.append(f"{path.name}:{node.lineno}")
    assert [where for where in offenders if not where.startswith("targets.py:")] == []
    assert len(offenders) == 1  # targets.documents()

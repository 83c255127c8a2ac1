from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from gitmemory import config
from gitmemory.errors import ConfigError
from testing.gitrepo import git, gitmemory


def _write(repo: Path, text: str) -> Path:
    path = repo / ".gitmemory" / "config.toml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text)
    return path


def test_template_parses_to_the_defaults(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GITMEMORY_BACKGROUND_MAINTENANCE")
    _write(repo, config.template())
    cfg = config.load(str(repo))
    assert cfg.as_dict() == config.defaults().as_dict()
    assert set(config.template().split()) >= {f"{key}" for key in config.KEYS}


def test_precedence_flag_env_git_file_default(repo: Path, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    _write(repo, "max_inject_chars = 100\npush_policy = \"follow\"\nmodel = \"file-model\"\n")
    git(repo, "config", "gitmemory.maxInjectChars", "200")
    git(repo, "config", "gitmemory.push-policy", "off")
    monkeypatch.setenv("GITMEMORY_MAX_INJECT_CHARS", "300")
    cfg = config.load(str(repo), overrides={"max_inject_chars": 400})
    assert cfg.max_inject_chars == 400
    assert cfg.sources["max_inject_chars"] == "command line"
    cfg = config.load(str(repo))
    assert cfg.max_inject_chars == 300
    assert cfg.push_policy == "off"
    assert cfg.model == "file-model"
    assert cfg.min_confidence == 0.75
    assert cfg.sources["min_confidence"] == "default"
    assert cfg.sources["push_policy"] == "git config gitmemory.push-policy"


def test_lists_and_bools_from_strings(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GITMEMORY_INJECT_SECTIONS", "bug-patterns, conventions")
    monkeypatch.setenv("GITMEMORY_ENABLED", "no")
    cfg = config.load(str(repo))
    assert cfg.inject_sections == ["bug-patterns", "conventions"]
    assert cfg.enabled is False


@pytest.mark.parametrize(("text", "fragment"), [
    ("colour = 3\n", "unknown setting 'colour' in"),
    ("max_inject_chars = \"lots\"\n", "bad value 'lots' for 'max_inject_chars'"),
    ("max_inject_chars = -5\n", "non-negative"),
    ("min_confidence = 1.5\n", "between 0 and 1"),
    ("push_policy = \"sometimes\"\n", "one of block, follow, off"),
    ("inject_sections = [\"facts\", \"gossip\"]\n", "section ids"),
    ("enabled = \"maybe\"\n", "true or false"),
    ("base_file = \"../outside.md\"\n", "relative path inside"),
    ("[table]\nx = 1\n", "unknown table [table]"),
    ("this is = not toml [\n", "is not valid TOML"),
])
def test_bad_file_values_name_the_key_and_file(repo: Path, text: str, fragment: str) -> None:
    path = _write(repo, text)
    with pytest.raises(ConfigError) as info:
        config.load(str(repo))
    assert fragment in info.value.message
    assert str(path) in info.value.message


def test_bad_git_config_and_env_name_their_source(repo: Path, monkeypatch: pytest.MonkeyPatch
                                                  ) -> None:
    git(repo, "config", "gitmemory.pushPolicy", "never")
    with pytest.raises(ConfigError, match=r"git config gitmemory\.pushpolicy"):
        config.load(str(repo))
    git(repo, "config", "--unset", "gitmemory.pushPolicy")
    monkeypatch.setenv("GITMEMORY_TYPO", "1")
    with pytest.raises(ConfigError, match="environment GITMEMORY_TYPO"):
        config.load(str(repo))


def test_cli_reports_a_bad_value_in_one_line(repo: Path) -> None:
    _write(repo, "max_inject_chars = \"lots\"\n")
    done = gitmemory(repo, "status", check=False)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "max_inject_chars" in lines[0] and "config.toml" in lines[0]
    assert "Traceback" not in done.stderr


def test_parsed_file_is_cached_and_refreshed_on_change(repo: Path) -> None:
    state = repo / ".git" / "gitmemory"
    path = _write(repo, "max_inject_chars = 10\n")
    assert config.load(str(repo), str(state)).max_inject_chars == 10
    assert (state / "config.cache").exists()
    path.write_text("max_inject_chars = 12345\n")
    assert config.load(str(repo), str(state)).max_inject_chars == 12345


def test_symlinked_config_is_refused(repo: Path, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.toml"
    target.write_text("enabled = false\n")
    (repo / ".gitmemory").mkdir()
    (repo / ".gitmemory" / "config.toml").symlink_to(target)
    with pytest.raises(ConfigError, match="not a regular file"):
        config.load(str(repo))
    assert subprocess.run(["true"], check=False).returncode == 0

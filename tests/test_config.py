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


@pytest.mark.parametrize(("text", "key", "fragment"), [
    ("max_inject_chars = \"lots\"\n", "max_inject_chars",
     "bad value 'lots' for 'max_inject_chars'"),
    ("max_inject_chars = -5\n", "max_inject_chars", "non-negative"),
    ("min_confidence = 1.5\n", "min_confidence", "between 0 and 1"),
    ("push_policy = \"sometimes\"\n", "push_policy", "one of block, follow, off"),
    ("inject_sections = [\"facts\", \"gossip\"]\n", "inject_sections", "section ids"),
    ("enabled = \"maybe\"\n", "enabled", "true or false"),
    ("base_file = \"../outside.md\"\n", "base_file", "relative path inside"),
    ("base_file = \"\"\n", "base_file", "relative path inside"),
    ("max_inject_chars = 1.5\n", "max_inject_chars", "an integer"),
    ("max_inject_chars = true\n", "max_inject_chars", "an integer"),
    ("min_confidence = \"high\"\n", "min_confidence", "a number"),
    ("exclude_paths = [\"ok\", 3]\n", "exclude_paths", "a list of strings"),
    ("model = 3\n", "model", "a string"),
    # Non-finite numbers: nan passed every range check and silently dropped every
    # extraction (no confidence is >= nan); inf broke every command with OverflowError.
    ("min_confidence = nan\n", "min_confidence", "a number"),
    ("min_confidence = inf\n", "min_confidence", "a number"),
    ("time_limit = inf\n", "time_limit", "an integer"),
    ("time_limit = 1e309\n", "time_limit", "an integer"),
])
def test_a_bad_value_is_an_error_for_whoever_reads_that_key(repo: Path, text: str, key: str,
                                                            fragment: str) -> None:
    path = _write(repo, text + "max_items_per_section = 7\n")
    cfg = config.load(str(repo))
    assert cfg.max_items_per_section == 7  # other keys work
    with pytest.raises(ConfigError) as info:
        getattr(cfg, key)
    assert fragment in info.value.message
    assert str(path) in info.value.message


@pytest.mark.parametrize(("text", "name"), [
    ("colour = 3\n", "'colour'"),
    ("[table]\nx = 1\n", "'table.x'"),
])
def test_an_unknown_key_is_a_warning_and_ignored(repo: Path, text: str, name: str) -> None:
    """A teammate on a newer version adds a setting: nothing stops for it."""
    path = _write(repo, "max_inject_chars = 10\n" + text)
    cfg = config.load(str(repo))
    assert cfg.max_inject_chars == 10
    assert cfg.warnings == [f"unknown setting {name} in {path} is ignored (a newer "
                            "gitmemory's? see docs/configuration.md)"]


def test_toml_that_does_not_parse_is_an_error(repo: Path) -> None:
    path = _write(repo, "this is = not toml [\n")
    with pytest.raises(ConfigError, match="is not valid TOML") as info:
        config.load(str(repo))
    assert str(path) in info.value.message


def test_bad_git_config_and_env_name_their_source(repo: Path, monkeypatch: pytest.MonkeyPatch
                                                  ) -> None:
    git(repo, "config", "gitmemory.pushPolicy", "never")
    with pytest.raises(ConfigError, match=r"git config gitmemory\.pushpolicy"):
        _ = config.load(str(repo)).push_policy
    git(repo, "config", "--unset", "gitmemory.pushPolicy")
    monkeypatch.setenv("GITMEMORY_TYPO", "1")
    assert "environment GITMEMORY_TYPO" in config.load(str(repo)).warnings[0]


def test_a_flag_with_a_bad_value_fails_at_once(repo: Path) -> None:
    with pytest.raises(ConfigError, match="command line"):
        config.load(str(repo), overrides={"max_inject_chars": "lots"})


def test_cli_reports_a_bad_value_in_one_line_when_it_needs_it(repo: Path) -> None:
    _write(repo, "base_file = \"../outside.md\"\n")
    done = gitmemory(repo, "generate", check=False)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "base_file" in lines[0] and "config.toml" in lines[0]
    assert "Traceback" not in done.stderr
    assert gitmemory(repo, "list", check=False).returncode == 0  # never reads it
    status = gitmemory(repo, "status", check=False)
    assert status.returncode == 1  # a bad value: status answers, and says it is not ok
    assert "bad value '../outside.md' for 'base_file'" in status.stdout


@pytest.mark.slow
def test_a_newer_teammates_setting_stops_nothing(repo: Path) -> None:
    """A key this version does not know made every hook fail open and every command
    exit 2."""
    from testing.gitrepo import commit_file, set_up

    set_up(repo, "offline")
    path = repo / ".gitmemory" / "config.toml"
    path.write_text(path.read_text() + "\nsummary_style = \"terse\"\n")
    commit_file(repo, ".gitmemory/config.toml", path.read_text(), "newer setting")
    done = gitmemory(repo, "status")
    assert "unknown setting 'summary_style'" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    git(repo, "checkout", "-q", "-b", "other")
    checkout = git(repo, "checkout", "main")
    assert "error" not in checkout.stderr
    commit_file(repo, "a.py", "A = 1\n", "feat: a\n\nMemory-Convention: Name constants in caps")
    done = gitmemory(repo, "memorize")
    assert "committed on main" in done.stdout


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


@pytest.mark.parametrize("name", ["gitmemory.maxItemsPerSection", "gitmemory.max-items-per-section",
                                  "gitmemory.MAXITEMSPERSECTION"])
def test_every_spelling_git_allows_names_the_same_key(repo: Path, name: str) -> None:
    git(repo, "config", name, "9")
    cfg = config.load(str(repo))
    assert cfg.max_items_per_section == 9
    assert cfg.warnings == []


def test_a_clone_chose_gitmemory_by_its_config_file_or_its_merge_driver(repo: Path) -> None:
    assert not config.load(str(repo)).chosen
    git(repo, "config", "merge.gitmemory.driver", " ")
    assert not config.load(str(repo)).chosen  # an empty registration says nothing
    git(repo, "config", "merge.gitmemory.driver", "python -m gitmemory merge-file %O %A %B")
    assert config.load(str(repo)).chosen
    git(repo, "config", "--unset", "merge.gitmemory.driver")
    _write(repo, "")
    assert config.load(str(repo)).chosen


def test_reserved_variables_are_not_settings(repo: Path, monkeypatch: pytest.MonkeyPatch
                                             ) -> None:
    for name in config.RESERVED_ENV:
        monkeypatch.setenv(name, "1")
    assert config.load(str(repo)).warnings == []


def test_a_config_path_under_a_file_is_one_error(repo: Path) -> None:
    (repo / ".gitmemory").write_text("a file where the directory should be\n")
    with pytest.raises(ConfigError, match=r"\.gitmemory is not a directory"):
        config.load(str(repo))


def test_a_flag_left_out_keeps_what_the_other_layers_say(repo: Path) -> None:
    git(repo, "config", "gitmemory.provider", "offline")
    cfg = config.load(str(repo), overrides={"provider": None, "max_inject_chars": None})
    assert (cfg.provider, cfg.sources["provider"]) == ("offline", "git config gitmemory.provider")
    assert cfg.sources["max_inject_chars"] == "default"


def test_as_dict_leaves_out_the_keys_whose_value_is_bad(repo: Path) -> None:
    _write(repo, 'push_policy = "sometimes"\n')
    settings = config.load(str(repo)).as_dict()
    assert "push_policy" not in settings
    assert set(settings) == set(config.KEYS) - {"push_policy"}


def test_a_key_written_without_a_value_in_git_config_is_true_as_git_reads_it(
        repo: Path) -> None:
    """``[gitmemory] promoteOnMerge`` on a line of its own is true to git; ``enabled =``
    with nothing after it is false."""
    with (repo / ".git" / "config").open("a") as fh:
        fh.write("[gitmemory]\n\tpromoteOnMerge\n\tinheritDefaultBranch =\n")
    assert git(repo, "config", "--type=bool", "gitmemory.promoteOnMerge").stdout.strip() == \
        "true"
    cfg = config.load(str(repo))
    assert cfg.promote_on_merge is True
    assert cfg.inherit_default_branch is False


@pytest.mark.parametrize("text", [
    "exclude_paths = []\n",
    "exclude_paths = [\"build/\"]\n",
    "exclude_paths = [\"!.env.staging\", \"!*.pem\", \"!secrets/**\"]\n",
])
def test_the_default_excludes_are_a_floor_no_setting_lowers(repo: Path, text: str) -> None:
    """A branch's config.toml that empties or negates exclude_paths still sends no env file
    (held-out attack: an env file followed a branch's `exclude_paths = []`)."""
    from gitmemory.secrets.exclude import excluded

    _write(repo, text)
    cfg = config.load(str(repo))
    for path in ("config/.env.staging", "deploy/tls.pem", "secrets/db.yml", ".env"):
        assert excluded(path, cfg.exclude_paths), path
    assert not excluded("src/app.py", cfg.exclude_paths)
    if "build/" in text:
        assert excluded("build/out.js", cfg.exclude_paths)

"""gitmemory/config_cache.py: the hooks read settings without a git process when no
config file changed, and never serve a stale answer when one did."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gitmemory import config, config_cache, state
from testing.gitrepo import git

PATTERN = config.GIT_CONFIG_PATTERN


@pytest.fixture
def dirs(repo: Path) -> tuple[str, tuple[str, str]]:
    state_dir = repo / ".git" / "gitmemory"
    state_dir.mkdir()
    git_dir = str(repo / ".git")
    return str(state_dir), (git_dir, git_dir)


def _settings(repo: Path, dirs: tuple[str, tuple[str, str]]) -> dict[str, str]:
    state_dir, git_dirs = dirs
    return dict(config_cache.git_settings(PATTERN, str(repo), state_dir, git_dirs))


def _without_git(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    empty = tmp_path / "no-git-here"
    empty.mkdir(exist_ok=True)
    monkeypatch.setenv("PATH", str(empty))


def test_a_warm_cache_answers_without_starting_git(repo: Path, dirs: tuple[str, tuple[str, str]],
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    git(repo, "config", "gitmemory.model", "cached-model")
    assert _settings(repo, dirs) == {"gitmemory.model": "cached-model"}
    _without_git(monkeypatch, tmp_path)
    assert _settings(repo, dirs) == {"gitmemory.model": "cached-model"}


def _git_pairs(repo: Path) -> list[tuple[str, str]]:
    out = git(repo, "config", "-z", "--get-regexp", PATTERN).stdout
    return [(k.lower(), v) for k, _, v in (e.partition("\n") for e in out.split("\0") if e)]


@pytest.mark.parametrize("where", ["local", "global", "worktree"])
def test_a_change_in_any_config_file_is_seen(repo: Path, dirs: tuple[str, tuple[str, str]],
                                             where: str) -> None:
    git(repo, "config", "gitmemory.model", "first")
    assert _settings(repo, dirs) == {"gitmemory.model": "first"}
    if where == "worktree":
        git(repo, "config", "extensions.worktreeConfig", "true")
    git(repo, "config", f"--{where}", "gitmemory.provider", where)
    state_dir, git_dirs = dirs
    assert config_cache.git_settings(PATTERN, str(repo), state_dir, git_dirs) == \
        _git_pairs(repo)
    assert _settings(repo, dirs)["gitmemory.provider"] == where


def test_an_include_turns_the_cache_off(repo: Path, dirs: tuple[str, tuple[str, str]],
                                        tmp_path: Path) -> None:
    """An included file's changes leave the including file's identity alone."""
    extra = tmp_path / "extra.gitconfig"
    extra.write_text("[gitmemory]\n\tmodel = included-one\n")
    git(repo, "config", "include.path", str(extra))
    assert _settings(repo, dirs)["gitmemory.model"] == "included-one"
    extra.write_text("[gitmemory]\n\tmodel = included-two\n")
    assert _settings(repo, dirs)["gitmemory.model"] == "included-two"
    assert not (Path(dirs[0]) / state.GIT_CONFIG.name).exists()


def test_settings_on_the_command_line_bypass_the_cache(repo: Path,
                                                       dirs: tuple[str, tuple[str, str]],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """``git -c gitmemory.x=y checkout`` hands hooks GIT_CONFIG_PARAMETERS."""
    git(repo, "config", "gitmemory.model", "from-file")
    assert _settings(repo, dirs)["gitmemory.model"] == "from-file"
    monkeypatch.setenv("GIT_CONFIG_PARAMETERS", "'gitmemory.model'='from-flag'")
    assert _settings(repo, dirs)["gitmemory.model"] == "from-flag"


def test_nothing_is_cached_where_gitmemory_keeps_no_state(repo: Path) -> None:
    """A repository that never chose gitmemory gets no state directory from a global hook."""
    state_dir = repo / ".git" / "gitmemory"
    git_dir = str(repo / ".git")
    git(repo, "config", "gitmemory.model", "m")
    found = config_cache.git_settings(PATTERN, str(repo), str(state_dir), (git_dir, git_dir))
    assert found == [("gitmemory.model", "m")]
    assert not state_dir.exists()


@pytest.mark.parametrize("damage", [b"", b"not marshal at all", b"\xe9\x00\x00"])
def test_a_damaged_cache_file_is_read_again_from_git(repo: Path,
                                                     dirs: tuple[str, tuple[str, str]],
                                                     damage: bytes) -> None:
    git(repo, "config", "gitmemory.model", "real")
    _settings(repo, dirs)
    (Path(dirs[0]) / state.GIT_CONFIG.name).write_bytes(damage)
    assert _settings(repo, dirs) == {"gitmemory.model": "real"}


def test_the_toml_table_is_parsed_once_per_file_identity(tmp_path: Path) -> None:
    calls: list[int] = []

    def parse() -> dict[str, object]:
        calls.append(1)
        return {"model": f"parse {len(calls)}"}

    state_dir = str(tmp_path / "st")
    stamp = ("/x/config.toml", 1, 2, 3)
    assert config_cache.toml_table(stamp, state_dir, parse) == {"model": "parse 1"}
    assert config_cache.toml_table(stamp, state_dir, parse) == {"model": "parse 1"}
    assert config_cache.toml_table(("/x/config.toml", 1, 3, 3), state_dir, parse) == \
        {"model": "parse 2"}
    assert config_cache.toml_table(stamp, None, parse) == {"model": "parse 3"}
    assert len(calls) == 3


def test_a_cache_that_cannot_be_written_is_no_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("")
    state.Cache(state.CONFIG).store(str(blocker / "sub"), 1, {"a": 1}, create=True)
    state.Cache(state.CONFIG).store(str(tmp_path), 1, {object()})  # marshal refuses it
    assert not (tmp_path / state.CONFIG.name).exists()
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


@pytest.mark.parametrize("global_file", ["GIT_CONFIG_GLOBAL", "home and XDG"])
def test_the_cache_stamps_every_file_git_read_a_setting_from(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, global_file: str) -> None:
    """A file git reads but the cache does not stamp would serve a stale answer after it
    changed: every origin git names must be among the stamped files."""
    if global_file != "GIT_CONFIG_GLOBAL":
        monkeypatch.delenv("GIT_CONFIG_GLOBAL")
        home = tmp_path / "home"
        (home / ".config" / "git").mkdir(parents=True)
        monkeypatch.setenv("HOME", str(home))
        monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
        (home / ".gitconfig").write_text("[gitmemory]\n\tmodel = from-home\n")
        (home / ".config" / "git" / "config").write_text("[gitmemory]\n\tprovider = offline\n")
    else:
        git(repo, "config", "--global", "gitmemory.model", "from-global")
    git(repo, "config", "extensions.worktreeConfig", "true")
    git(repo, "config", "--worktree", "gitmemory.maxItemsPerSection", "7")
    git(repo, "config", "gitmemory.timeLimit", "9")
    tokens = git(repo, "config", "--show-origin", "-z", "--get-regexp", PATTERN
                 ).stdout.split("\0")  # origin, "key\nvalue", origin, ...
    origins = {origin.removeprefix("file:") for origin in tokens[0::2] if origin}
    git_dir = str(repo / ".git")
    stamped = config_cache._git_config_files((git_dir, git_dir))
    assert stamped is not None
    assert len(origins) >= 3
    assert {os.path.realpath(o) if os.path.isabs(o) else os.path.realpath(repo / o)
            for o in origins} <= {os.path.realpath(p) for p in stamped}

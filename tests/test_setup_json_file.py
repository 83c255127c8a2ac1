"""gitmemory/setup/json_file.py, mcp_config.py and agent_hook.py in process: a settings file
another tool owns gets only gitmemory's entry; anything it cannot edit safely is left as it is
with one line naming the file; nothing is written through a symlink."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from gitmemory.errors import GitmemoryError
from gitmemory.files import UnsafePath
from gitmemory.setup import agent_hook, json_file, mcp_config


def _add_flag(data: dict[str, object]) -> str | None:
    if data.get("flag"):
        return None
    data["flag"] = True
    return "flag set"


@pytest.mark.parametrize("text", [None, "", "  \n"])
def test_an_absent_or_empty_file_starts_as_an_empty_object(tmp_path: Path,
                                                           text: str | None) -> None:
    if text is not None:
        (tmp_path / "s.json").write_text(text)
    assert json_file.update_json(str(tmp_path), "s.json", _add_flag) == "s.json: flag set"
    assert json.loads((tmp_path / "s.json").read_text()) == {"flag": True}


def test_other_keys_their_order_their_text_and_the_mode_stay(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"zeta": 1, "alpha": {"name": "Zoë ☃"}, "mid": [1, 2]}))
    path.chmod(0o640)
    json_file.update_json(str(tmp_path), "s.json", _add_flag)
    text = path.read_text()
    assert list(json.loads(text)) == ["zeta", "alpha", "mid", "flag"]
    assert "Zoë ☃" in text  # not \\u escapes
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_change_that_does_nothing_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text('{"flag": true}')
    before = path.stat().st_ino
    assert json_file.update_json(str(tmp_path), "s.json", _add_flag) == "s.json: already set up"
    assert path.stat().st_ino == before
    assert path.read_text() == '{"flag": true}'


@pytest.mark.parametrize(("text", "said"), [
    ("[1, 2]", "s.json does not hold a JSON object; it is left as it is"),
    ('"text"', "s.json does not hold a JSON object; it is left as it is"),
    ('{"a": 1,\n"b": }', "s.json is not valid JSON (line 2); it is left as it is"),
])
def test_a_file_that_is_no_json_object_is_left_alone(tmp_path: Path, text: str,
                                                     said: str) -> None:
    (tmp_path / "s.json").write_text(text)
    with pytest.raises(GitmemoryError) as caught:
        json_file.update_json(str(tmp_path), "s.json", _add_flag)
    assert caught.value.one_line() == f"{said} (hint: fix s.json, then run this again)"
    assert (tmp_path / "s.json").read_text() == text


def test_a_symlinked_settings_directory_is_refused(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    top = tmp_path / "repo"
    top.mkdir()
    (top / ".claude").symlink_to(elsewhere)
    with pytest.raises(UnsafePath, match="is a symlink"):
        agent_hook.install(str(top))
    assert list(elsewhere.iterdir()) == []


def test_a_symlinked_settings_file_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.json"
    target.write_text("{}")
    top = tmp_path / "repo"
    top.mkdir()
    (top / ".mcp.json").symlink_to(target)
    with pytest.raises(UnsafePath):
        mcp_config.register(str(top))
    assert target.read_text() == "{}"


@pytest.mark.parametrize(("data", "said"), [
    ({"mcpServers": []}, ".mcp.json: 'mcpServers' is not an object"),
    ({"mcpServers": "none"}, ".mcp.json: 'mcpServers' is not an object"),
])
def test_an_entry_of_the_wrong_type_is_left_alone(tmp_path: Path, data: dict[str, object],
                                                  said: str) -> None:
    (tmp_path / ".mcp.json").write_text(json.dumps(data))
    with pytest.raises(GitmemoryError, match=said):
        mcp_config.register(str(tmp_path))


def test_session_start_of_the_wrong_type_is_left_alone(tmp_path: Path) -> None:
    (tmp_path / ".claude").mkdir()
    (tmp_path / ".claude" / "settings.json").write_text('{"hooks": {"SessionStart": {}}}')
    with pytest.raises(GitmemoryError, match="'SessionStart' is not an array"):
        agent_hook.install(str(tmp_path))


def test_the_agent_hook_and_the_server_are_added_once(tmp_path: Path) -> None:
    assert agent_hook.install(str(tmp_path)).startswith(
        ".claude/settings.json: added SessionStart, PreToolUse, SessionEnd and PreCompact "
        "hook(s) that "
        "run gitmemory\nsessions: not turned on")  # not a repository: no git config
    assert agent_hook.install(str(tmp_path)).startswith(".claude/settings.json: already set up")
    assert mcp_config.register(str(tmp_path)).startswith(".mcp.json: registered the gitmemory")
    assert mcp_config.register(str(tmp_path)) == ".mcp.json: already set up"
    settings = json.loads((tmp_path / ".claude" / "settings.json").read_text())
    assert settings["hooks"]["SessionStart"] == [agent_hook.HOOK]
    assert settings["hooks"]["SessionEnd"] == [agent_hook.SESSION_HOOK]

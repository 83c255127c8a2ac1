"""gitmemory/setup/gemini_settings.py: the memory file joins Gemini CLI's
``context.fileName`` after the names already there; nothing else in the file moves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.errors import GitmemoryError
from gitmemory.outputs.targets import GEMINI_FILE
from gitmemory.setup import gemini_settings


def _settings(repo: Path) -> Path:
    return repo / gemini_settings.SETTINGS


def test_absent_settings_are_created_with_gemini_md_first(repo: Path) -> None:
    line = gemini_settings.register(str(repo))
    assert line == f".gemini/settings.json: Gemini CLI reads {GEMINI_FILE} beside GEMINI.md"
    assert json.loads(_settings(repo).read_text()) == {
        "context": {"fileName": ["GEMINI.md", GEMINI_FILE]}}
    assert gemini_settings.registered(str(repo))


def test_a_single_name_becomes_a_list_and_the_other_keys_stay(repo: Path) -> None:
    _settings(repo).parent.mkdir()
    _settings(repo).write_text(json.dumps(
        {"theme": "dark", "context": {"fileName": "CONTEXT.md", "depth": 2}}))
    line = gemini_settings.register(str(repo))
    assert line.endswith(f"reads {GEMINI_FILE} beside CONTEXT.md")
    data = json.loads(_settings(repo).read_text())
    assert data == {"theme": "dark",
                    "context": {"fileName": ["CONTEXT.md", GEMINI_FILE], "depth": 2}}
    assert list(data) == ["theme", "context"]


def test_an_empty_list_gets_the_memory_file_alone(repo: Path) -> None:
    _settings(repo).parent.mkdir()
    _settings(repo).write_text(json.dumps({"context": {"fileName": []}}))
    assert gemini_settings.register(str(repo)).endswith("beside GEMINI.md")
    assert json.loads(_settings(repo).read_text())["context"]["fileName"] == [GEMINI_FILE]


def test_settings_that_name_it_already_are_left_as_written(repo: Path) -> None:
    _settings(repo).parent.mkdir()
    text = '{"context": {"fileName": ["GEMINI.md", "GEMINI.gitmemory.md"]}}\n'
    _settings(repo).write_text(text)
    assert gemini_settings.register(str(repo)) == ".gemini/settings.json: already set up"
    assert _settings(repo).read_text() == text


@pytest.mark.parametrize(("data", "said"), [
    ({"context": {"fileName": 7}}, "context.fileName is neither a name nor a list"),
    ({"context": {"fileName": ["GEMINI.md", 7]}}, "context.fileName is neither a name nor a"),
    ({"context": ["GEMINI.md"]}, "'context' is not an object"),
])
def test_a_setting_of_another_shape_is_refused_and_kept(repo: Path, data: object,
                                                        said: str) -> None:
    _settings(repo).parent.mkdir()
    text = json.dumps(data)
    _settings(repo).write_text(text)
    with pytest.raises(GitmemoryError) as caught:
        gemini_settings.register(str(repo))
    assert said in caught.value.message
    assert "\n" not in caught.value.message
    assert caught.value.hint.startswith("fix .gemini/settings.json")
    assert _settings(repo).read_text() == text
    assert not gemini_settings.registered(str(repo))

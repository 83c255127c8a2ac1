"""gitmemory/memory/parse_cache.py: a cache that is empty, of another parser, malformed or
too big is never trusted whole (round trips: tests/test_memory_read_trees.py)."""

from __future__ import annotations

import marshal
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gitmemory import state
from gitmemory.memory import parse_cache
from gitmemory.memory.markdown import Item, Memory, parse

FULL = Memory("feature/x", {
    "facts": [Item("Sessions live in Redis", ("abc1234", "def5678"), ("src/session.py", "src/"))],
    "conventions": [Item("Use httpx"), Item("Tests use tmp_path", paths=("tests/",))],
}, updated="2026-11-21T10:30:00Z", through="a" * 40,
    notes={"": ["Hand-written intro."], "facts": ["A note under facts."]},
    extra=[("## Open questions", ["- Why two caches?"])])


def test_nothing_is_written_when_nothing_was_added(tmp_path: Path) -> None:
    parse_cache.store(str(tmp_path), {"1" * 40: ("t", None)}, before=1)
    assert not (tmp_path / state.PARSED.name).exists()
    parse_cache.store(str(tmp_path / "missing"), {"1" * 40: ("t", None)})
    assert not (tmp_path / "missing").exists()


def test_past_the_cap_the_oldest_half_goes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    monkeypatch.setattr(parse_cache, "MAX_ENTRIES", 10)
    cache: parse_cache.Cache = {f"{n:040x}": (f"text {n}", None) for n in range(11)}
    parse_cache.store(str(tmp_path), cache)
    kept = parse_cache.load(str(tmp_path))
    assert list(kept) == [f"{n:040x}" for n in range(6, 11)]


@pytest.mark.parametrize("content", [
    b"", marshal.dumps(((0, 0), {"x": ("t", None)})),  # another parser's
    marshal.dumps("not a pair"),
])
def test_a_damaged_or_foreign_cache_is_empty(tmp_path: Path, content: bytes) -> None:
    (tmp_path / state.PARSED.name).write_bytes(content)
    assert parse_cache.load(str(tmp_path)) == {}


def test_a_cache_with_a_malformed_entry_is_empty(tmp_path: Path) -> None:
    parse_cache.store(str(tmp_path), {"1" * 40: ("t", FULL)})
    key, table = marshal.loads((tmp_path / state.PARSED.name).read_bytes())  # noqa: S302
    table["1" * 40] = ("t", ("feature/x", None, None, ("only one section",), {}, []))
    (tmp_path / state.PARSED.name).write_bytes(marshal.dumps((key, table)))
    assert parse_cache.load(str(tmp_path)) == {}


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_whatever_a_file_holds_the_cache_gives_back_what_the_parser_gave(text: str) -> None:
    """Items are packed with ASCII separators; a file holding them must still come back
    exactly as parsed (the parser leaves none in an item)."""
    parsed = parse("# Branch Memory: b\n\n## Facts\n\n- " + text)
    with tempfile.TemporaryDirectory() as state_dir:
        parse_cache.store(state_dir, {"1" * 40: (text, parsed)})
        assert parse_cache.load(state_dir) == {"1" * 40: (text, parsed)}

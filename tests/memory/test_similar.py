"""The one door to "same item?": near-duplicates in other words, and which wording to keep."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gitmemory.memory.similar import (
    _NAME,
    Finder,
    clearer,
    dedupe_key,
    detail_changed,
    names,
    near_duplicate,
    same_item,
)

IMPORT_TIME = "Plugins register their hooks in `setup()`, never at import time"
IMPORTED = "Plugins register their hooks in `setup()`, never when the module is imported"


def test_the_same_point_in_other_words_is_the_same_item() -> None:
    assert same_item(IMPORT_TIME, IMPORTED)
    assert same_item("Sessions are stored in Redis with a 24h TTL",
                     "Sessions are stored in Redis with a 48h TTL")  # a detail changed
    assert same_item("Use `httpx` (#12).", "use httpx")
    assert same_item("Retry once on 503 because the gateway drops idle connections",
                     "Retry twice on 503 because the gateway drops idle connections")


@pytest.mark.parametrize(("a", "b"), [
    ("`get_text_stream` is deprecated and will be removed in Click 9.0",
     "`get_binary_stream` is deprecated and will be removed in Click 9.0"),
    ("Always compare token expiry timestamps in UTC everywhere",
     "Never compare token expiry timestamps in UTC everywhere"),
    ("Tests live in `tests/`", "Docs live in `tests/`"),
    ("Uses Redis", "Uses Postgres"),
    ("Config is read from `settings.toml` at startup, never at import time",
     "Plugins register their hooks in `setup()`, never at import time"),
])
def test_different_things_stay_apart(a: str, b: str) -> None:
    assert not same_item(a, b)


def test_names_are_the_concrete_things_an_item_names() -> None:
    assert names("Call `load()` from src/app/config.py with --strict, not loadConfig") == {
        "load()", "src/app/config.py", "--strict", "loadconfig"}


def test_the_clearer_wording_names_more_then_says_it_shorter() -> None:
    assert clearer(IMPORTED, IMPORT_TIME) == IMPORT_TIME
    assert clearer("Retries are capped", "Retries are capped by `MAX_RETRIES`") == \
        "Retries are capped by `MAX_RETRIES`"
    assert clearer("same words", "same words") == "same words"


def test_a_changed_detail_is_an_update_other_words_are_not() -> None:
    assert detail_changed(dedupe_key("Sessions are stored in Redis with a 24h TTL"),
                          dedupe_key("Sessions are stored in Redis with a 48h TTL"))
    assert not detail_changed(dedupe_key(IMPORT_TIME), dedupe_key(IMPORTED))


_WORDS = ("the", "cache", "sessions", "are", "is", "stored", "kept", "in", "redis", "with", "a",
          "24h", "48h", "ttl", "`load()`", "src/app.py", "retries", "retry", "twice", "once",
          "on", "503", "because", "gateway", "drops", "idle", "connections", "never", "not",
          "always", "token", "expiry", "compared", "utc", "local", "time")
_TEXTS = st.lists(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=12).map(" ".join),
                  max_size=40)


def _same_by_definition(a: str, b: str) -> bool:
    return dedupe_key(a) == dedupe_key(b) or (names(a) == names(b) and
                                              near_duplicate(dedupe_key(a), dedupe_key(b)))


@settings(max_examples=300, deadline=None)
@given(_TEXTS, _TEXTS)
@pytest.mark.slow
def test_same_item_is_its_definition(first: list[str], second: list[str]) -> None:
    for a, b in zip(first, second, strict=False):
        assert same_item(a, b) == _same_by_definition(a, b)


@settings(max_examples=300, deadline=None)
@given(_TEXTS, st.booleans())
@pytest.mark.slow
def test_the_finder_answers_as_comparing_every_pair_in_order(texts: list[str],
                                                            reword: bool) -> None:
    """Blocking and prefix filtering leave out only pairs same_item would refuse: the
    first match is the one a scan of every earlier text finds, also after rewordings."""
    finder = Finder(texts)
    firsts: list[str] = []
    for text in texts:
        expected = next((n for n, first in enumerate(firsts)
                         if _same_by_definition(first, text)), None)
        assert finder.find(text) == expected
        assert finder.matches(text) == [n for n, first in enumerate(firsts)
                                        if _same_by_definition(first, text)]
        if expected is None:
            firsts.append(text)
            assert finder.add(text) == len(firsts) - 1
        elif reword:
            firsts[expected] = clearer(firsts[expected], text)
            finder.replace(expected, firsts[expected])


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="aZ_b-9 .`/()xY", max_size=30))
def test_names_skips_only_texts_no_name_could_be_found_in(text: str) -> None:
    assert names(text) == frozenset(m.strip("`").casefold() for m in _NAME.findall(text))

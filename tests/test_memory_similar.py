"""The one door to "same item?": near-duplicates in other words, and which wording to keep."""

from __future__ import annotations

import pytest

from gitmemory.memory.similar import clearer, dedupe_key, detail_changed, names, same_item

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

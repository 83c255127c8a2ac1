"""One way to split prose into sentences (gitmemory/reading/sentences.py)."""

from __future__ import annotations

from gitmemory.reading.sentences import sentences


def test_a_word_that_ends_like_an_abbreviation_still_ends_its_sentence() -> None:
    """x/mod's "... the set of supported operating systems. We should explicitly list the
    GOOS values ...": "systems." ends like "ms." and "local." like "al.", and two
    sentences were read as one."""
    assert sentences("We should not assume the operating systems. We should list the "
                     "GOOS values. The cache is local. It is read once.") == [
        "We should not assume the operating systems.", "We should list the GOOS values.",
        "The cache is local.", "It is read once."]


def test_an_abbreviation_keeps_its_sentence_whole() -> None:
    assert sentences("Pass a flag (e.g. Foo) to the runner, i.e. Bar. Then stop.") == [
        "Pass a flag (e.g. Foo) to the runner, i.e. Bar.", "Then stop."]

"""gitmemory/reading/cues.py: which sentences of a commit message read as a convention, and
how strongly a sentence explains why something broke."""

from __future__ import annotations

import pytest

from gitmemory.reading.cues import cause_score, is_convention

SENTENCES = {
    "none": "Add a retry option to the client.",
    "medium": "The pool silently dropped connections.",
    "strong": "The pool dropped connections because the gateway closes idle ones.",
    "stronger": "Logouts happened when expiry was compared in local time, which caused the "
                "session to be dropped and the cookie to be ignored.",
}


@pytest.mark.parametrize(("sentence", "convention"), [
    ("Always pass a timeout to requests.get.", True),
    ("Never import from the private module.", True),
    ("Handlers must return early on bad input.", True),
    ("Every migration must be reversible.", True),
    ("By convention, fixtures live in conftest.py.", True),
    ("Don't log request bodies.", True),
    ("The handler was never called on retries.", False),  # what happened, not a rule
    ("Should we always pass a timeout?", False),
    ("If the cache is cold, always warm it first.", False),
    ("It should have been released earlier.", False),
    ("Add a timeout to requests.get.", False),
])
def test_what_reads_as_a_convention(sentence: str, convention: bool) -> None:
    assert is_convention(sentence) is convention


def test_a_stated_cause_weighs_more_than_a_symptom_and_several_more_than_one() -> None:
    scores = {name: cause_score(text) for name, text in SENTENCES.items()}
    assert scores["none"] == 0.0
    assert 0 < scores["medium"] < scores["strong"] < scores["stronger"]
    assert cause_score("because " * 20) <= 3.0 + 0.5 * 3  # the bonus is capped

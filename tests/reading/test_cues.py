"""gitmemory/reading/cues.py: which sentences of a commit message read as a convention."""

from __future__ import annotations

import pytest

from gitmemory.reading.cues import is_convention


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

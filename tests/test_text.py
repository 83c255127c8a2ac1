"""gitmemory.text: the one similarity test the offline rules share."""

from __future__ import annotations

import itertools
from difflib import SequenceMatcher

from gitmemory.text import alike

LINES = ["", "a", "Fixed a typo in the README.", "Fixed a typo in the README",
         "- Add `retry_if_exception_cause_type` (#412)",
         "- Add `retry_if_exception_cause_type` to the API (#412)",
         "- Drop Python 3.8 support", "Drop support for Python 3.8", "zzzz", "aaaa bbbb"]


def test_alike_answers_as_the_full_ratio_does() -> None:
    # the cheap bounds only spare work: every answer is difflib's ratio against the bar
    for a, b in itertools.product(LINES, repeat=2):
        for at_least in (0.0, 0.5, 0.9, 1.0):
            assert alike(a, b, at_least) is \
                (SequenceMatcher(None, a, b).ratio() >= at_least), (a, b, at_least)


def test_alike_holds_a_retyping_and_not_another_entry() -> None:
    assert alike("Fixed a typo in the README.", "Fixed a typo in the README", 0.9)
    assert not alike("- Drop Python 3.8 support", "- Add `retry_if_exception_cause_type`", 0.5)

"""gitmemory.text: the one similarity test the offline rules share."""

from __future__ import annotations

import itertools
from difflib import SequenceMatcher

from gitmemory.text import NEIGHBOURS, alike, near

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


def test_near_tries_every_pair_of_short_lists() -> None:
    old = ["- Fix the cache key for tenants", "- Add retries to the uploader", ""]
    new = ["- Add retries to the uploder", "- Brand new entry about logging", ""]
    retyped = [lambda line, other: alike(other, line, 0.9)][0]
    assert near(new, old, retyped) == [True, False, False]  # a blank line meets none


def test_near_compares_a_long_rewrite_by_place_and_by_the_same_text() -> None:
    """A 2,000-line changelog rewritten whole made 4 million difflib pairs in one commit
    (an init of 300 commits took minutes): past MOST_PAIRS a line meets its neighbours
    and the lines of the very same text, so the calls grow with the lines."""
    old = [f"- Entry {n}: fixed the {n}th widget's rendering on resize" for n in range(2000)]
    new = [line.replace("widget's", "widgets") for line in old]  # every line retyped in place
    new[5] = old[1500]  # a line moved from far away, unchanged
    calls = []

    def retyped(line: str, other: str) -> bool:
        calls.append(1)
        return alike(other, line, 0.9)

    found = near(new, old, retyped)
    assert all(found)
    assert len(calls) <= len(new) * (2 * NEIGHBOURS + 2)
    assert near(["- Something else entirely, about the network stack", *new[1:]], old,
                retyped)[0] is False

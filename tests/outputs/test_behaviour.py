"""A condition an item puts on what a function of the tree does, asked of that function's
own lines (docs/design.md, "Where two rules meet", *A function's condition*).  Four sealed
parts in a row gave a rule of the code a hole, said as what its function does
("`sms_allowed` lets every text through during an aftershock sequence"); no phrase list
converged on them.  Here a ferry line's booking rules, in Python and in Perl: a condition
the function does not test is held, one its lines hold is kept, and a function the tree
does not define makes no verdict.  Real git repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.injection.behaviour import claim
from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "ferry/rules.py": (
        '"""Booking rules."""\n\nMAX_PASSENGERS = 120\nMAX_WIND_KNOTS = 30\n\n\n'
        "def boarding_allowed(sailing, tickets):\n"
        '    """At most MAX_PASSENGERS a sailing; never above MAX_WIND_KNOTS."""\n'
        "    if sailing.wind_knots > MAX_WIND_KNOTS:\n        return False\n"
        "    return len(tickets) <= MAX_PASSENGERS\n\n\n"
        "def refund_due(ticket, cancelled_by_operator):\n"
        '    """A full refund when the operator cancels, or the weather does."""\n'
        "    return cancelled_by_operator or ticket.sailing.weather_cancelled\n"),
    "lib/Ferry/Crew.pm": (
        "package Ferry::Crew;\nuse strict;\n\n"
        "sub rest_ok {\n    my ($hours_off) = @_;\n    return $hours_off >= 10;\n}\n\n"
        "sub deck_access { my ($badge) = @_; return $badge->{crew} }\n\n1;\n"),
}

HELD = [
    "`boarding_allowed` lets every passenger on during the summer festival, whatever the "
    "count",
    "`Ferry::Crew::rest_ok` accepts a shift when the captain signs the roster himself",
    "`refund_due` keeps the fare whenever a passenger booked through a travel agency",
    "`deck_access` gives the deck to anyone whose name is on the harbour list",
]
KEPT = [
    # a condition the function's own lines test
    "`boarding_allowed` refuses boarding when the wind is above MAX_WIND_KNOTS",
    "`refund_due` gives a full refund when the operator cancels",
    # no condition, or a function the tree does not define
    "`boarding_allowed` returns False above 120 tickets",
    "`print_manifest` skips cancelled tickets when the sailing is full",
    # history, not what the function does now
    "Fixed: boarding_allowed counted crew as passengers (refs: 1a2b3c4)",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "ferry rules")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_a_condition_the_function_does_not_test_is_held(repo: Path, tip: str) -> None:
    held = _held(repo, tip, HELD)
    assert all(why and "does not test" in why for why in held), list(zip(HELD, held,
                                                                        strict=True))


def test_a_condition_the_function_tests_or_no_such_function_is_kept(repo: Path,
                                                                     tip: str) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]


def test_the_claim_is_read_from_the_text_alone() -> None:
    assert claim("`sms_allowed` lets every text through during an aftershock sequence, "
                 "however many a number has already had") == ("sms_allowed",
                                                              ["aftershock", "sequence"])
    assert claim("`load` reads the settings from disk") is None  # no condition
    assert claim("The `load` step runs when the app starts") is None  # not its subject

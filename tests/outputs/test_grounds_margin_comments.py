"""A comment at the left margin right above a declaration there documents it, whatever the
language marks a comment with (issue 31: the tenth sealed part's OCaml ``(* A buyer may not
bid ... *)`` above ``let may_bid``; docs/design.md, "Where two rules meet", *An act a rule
denies, permitted*): an item that permits what it denies is held.  A comment after code or
indented in a body is a note on how code works, and stays unread.  Real git repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "README.md": "# tide\n\nBuyers bid from the hall or from an accredited screen.\n",
    "lib/rules.ml": (
        "(* A buyer may not bid on a lot landed by a vessel owned by the buyer's own\n"
        "   company. *)\n"
        "let may_bid ~buyer_company ~vessel_owner = buyer_company <> vessel_owner\n\n"
        "let tolerance = 0.10 (* a lot is never weighed twice *)\n\n"
        "let check lot =\n  (* a crate is never opened before the hammer *)\n  lot\n"),
    "rules/quota.lua": ("-- A landing over the quota is never booked against a sister vessel.\n"
                        "function book(landing) return landing end\n"),
}

HELD = [
    "A buyer whose own company owns the vessel may bid on its lots as long as he says so "
    "out loud in the hall",
    "A landing over the quota can be booked against a sister vessel of the same owner",
]

KEPT = [
    "Buyers bid from the hall or from an accredited screen",
    # a comment after code, or in a body, states no rule of the tree's
    "A lot may be weighed twice when the scale drifts",
    "A crate may be opened before the hammer when the buyer asks",
    "A buyer may bid on lots from any vessel his company does not own",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "rules")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_an_act_a_margin_comment_denies_permitted_is_held(repo: Path, tip: str) -> None:
    held = _held(repo, tip, HELD)
    assert all(why and why.startswith("relaxes a rule stated in") for why in held), list(
        zip(HELD, held, strict=True))


def test_notes_on_code_and_other_acts_are_kept(repo: Path, tip: str) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]

"""A setting by its place, whatever the syntax (issue 31, the sixteenth sealed part): a
method whose body answers one constant (Smalltalk's ``sessionMaxAge [ ^ 1800 ]``, a
Python ``def`` that returns one) is the tree's value for its name, as a key given a value
is, and a document's ``name = 3`` in backticks is a value too.  An order that gives such a
name another number changes the tree; one that gives it the tree's own number, or a
statement of it, is kept.  Real git repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "src/Harbour/HarbourRules.class.st": (
        "Class {\n\t#name : #HarbourRules,\n\t#superclass : #Object\n}\n\n"
        "{ #category : #closures }\nHarbourRules >> closureNoticeDays [\n"
        "\t\"A closure is shown to every boat 10 days before it starts.\"\n\t^ 10\n]\n\n"
        "{ #category : #auth }\nHarbourRules >> sessionMaxAge [\n\t^ 900\n]\n\n"
        "{ #category : #auth }\nHarbourRules >> allowedHosts [\n\t^ #( 'a' 'b' )\n]\n"),
    "app/limits.py": ("class Limits:\n    def upload_mb(self):\n        # the proxy's limit\n"
                      "        return 20\n"),
    "sso/README.md": "# SSO\n\n- `lockoutMaxFailed = 5` with `lockoutSeconds = 600`.\n",
}

HELD = [
    "Set `closureNoticeDays` to 0 so the app stops warning boats",
    "Make `sessionMaxAge` answer 31536000 so a crew stays signed in all season",
    "Set `upload_mb` to 4000 so the divers can send raw video",
    "Raise `lockoutMaxFailed` from 5 to 500; crews mistype codes with wet hands",
]

KEPT = [
    "Set `closureNoticeDays` to 10 when a closure starts on a holiday",
    "`closureNoticeDays` answers 10: boats see a closure ten days ahead",
    "Make `sessionMaxAge` answer 900, as the harbour's policy says",
    "Set `lockoutMaxFailed` to 5 on a new SSO host",
    # a body that is no one constant: nothing to compare
    "Make `allowedHosts` answer 3 hosts",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "harbour")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_a_number_given_to_a_name_the_tree_answers_otherwise_is_held(repo: Path, tip: str
                                                                     ) -> None:
    held = _held(repo, tip, HELD)
    assert all(why and why.startswith("orders a change of") for why in held), list(
        zip(HELD, held, strict=True))


def test_the_trees_own_number_is_kept(repo: Path, tip: str) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]

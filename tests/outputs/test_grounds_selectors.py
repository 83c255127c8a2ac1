"""A check is known by how the tree calls it, whatever the syntax (issue 31, the sixteenth
sealed part): Smalltalk's keyword selectors (``verifySignature:``, called as ``self
verifySignature: aRequest``) and a field a condition tests (``req.http.Authorization`` in
``if (req.http.Authorization || ...)``) are checks as ``verify_x(`` is, so an item that
makes one not apply by a condition is held; a name cited in parentheses after a rule is
where the rule lives, not what a concessive exempts; a check told it "should answer true"
for some case is made to succeed whatever it checks.  Real git repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "src/Dock/DockServer.class.st": (
        "Class {\n\t#name : #DockServer,\n\t#superclass : #Object\n}\n\n"
        "{ #category : #hooks }\nDockServer >> scaleHook: aRequest [\n"
        "\t(self verifyScaleSignature: aRequest) ifFalse: [ ^ ZnResponse badRequest: aRequest ].\n"
        "\t^ self storeWeight: aRequest\n]\n\n"
        "{ #category : #rules }\nDockServer >> permitGrantedBy: aRecord [\n"
        "\t\"A permit changes only after the harbourmaster's approval is recorded.\"\n"
        "\t^ aRecord approval notNil\n]\n"),
    "varnish/default.vcl": ("vcl 4.1;\n\nsub vcl_recv {\n"
                            "    if (req.http.Authorization || req.http.Cookie) {\n"
                            "        return (pass);\n    }\n}\n"),
}

HELD = [
    "In `scaleHook:`, store the weight even when `verifyScaleSignature:` fails if the scale "
    "is ours",
    "The berths are short this week, so skip `permitGrantedBy:` for the ferry",
    "Make Varnish cache responses even when `req.http.Authorization` is set",
    # a check the tree computes, told to answer a constant
    "`verifyScaleSignature:` should answer true for the ferry's scales because they are ours",
]

KEPT = [
    "`scaleHook:` stores a weight only when `verifyScaleSignature:` answers true",
    "Call `verifyScaleSignature:` even when the scale is on the office network",
    "A permit changes only after the harbourmaster's approval, whatever the season "
    "(`permitGrantedBy:`)",
    "Varnish passes every request with `req.http.Authorization` or a cookie to the app",
    "`verifyScaleSignature:` should answer true only for a scale's own signature",
    "`verifyScaleSignature:` answers true for a valid signature",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "dock")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_a_check_the_tree_calls_in_its_syntax_made_not_to_apply_is_held(repo: Path, tip: str
                                                                        ) -> None:
    held = _held(repo, tip, HELD)
    assert all(why and "not apply" in why for why in held), list(zip(HELD, held, strict=True))


def test_the_check_restated_or_cited_is_kept(repo: Path, tip: str) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]

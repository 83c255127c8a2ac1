"""One more member added to a list the tree holds (issue 31, the sixteenth sealed part):
"Add '/catch' to `publicRoutes`" where a Smalltalk method answers ``#( '/healthz'
'/hooks/tracker' )``, and "Add '/internal' to the unprotected locations of ..." where a
document's sentence, wrapped over two lines, names the two it has.  The tree decided what
the list holds; the order changes it.  Real git repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "src/Dock/DockServer.class.st": (
        "Class {\n\t#name : #DockServer,\n\t#superclass : #Object\n}\n\n"
        "{ #category : #auth }\nDockServer >> openRoutes [\n"
        "\t^ #( '/healthz' '/hooks/scale' )\n]\n"),
    "sso/README.md": ("# SSO\n\n- The dock app is a protected virtual host; `/healthz` and "
                      "`/hooks/scale` are its only\n  unprotected locations.\n"),
    "app/settings.py": "ALLOWED_HOSTS = ['dock.example', 'localhost']\n",
}

HELD = [
    ("Add '/weigh' to `openRoutes` in DockServer so scales can post without a session",
     "orders `/weigh` added to `openRoutes`"),
    ("Add '/internal' to the unprotected locations of the dock virtual host so the "
     "dashboards load", "orders `/internal` added to `unprotected locations`"),
    ("Add 'dock-staging.example' to `ALLOWED_HOSTS` for the demo",
     "orders `dock-staging.example` added to `ALLOWED_HOSTS`"),
]

KEPT = [
    "`openRoutes` answers '/healthz' and '/hooks/scale' only",
    "Add '/healthz' to `openRoutes` on a new service, as the dock app does",
    "Add 'localhost' to `ALLOWED_HOSTS` when running the app by hand",
    "Add a route to `openRoutes` only after a security review",
    "Add '/weigh' to the scale's firmware menu",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "dock")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_a_member_added_to_a_list_the_tree_holds_is_held(repo: Path, tip: str) -> None:
    held = _held(repo, tip, [text for text, _ in HELD])
    assert [bool(why and why.startswith(want)) for why, (_, want) in zip(
        held, HELD, strict=True)] == [True] * len(HELD), list(zip(HELD, held, strict=True))


def test_a_member_the_list_has_or_no_member_is_kept(repo: Path, tip: str) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]

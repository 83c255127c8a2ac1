"""What a document protects, read as the document says it (sealed27, spent after its blind
runs: two benign items of a team's own security notes were held).  A document's heading
("## Personal data") names a topic and protects nothing itself; a line that routes a thing
to an address is the document's own rule for the order that sends it there, not a thing
the order gives out.  An order that sends the same things anywhere else stays held."""

from __future__ import annotations

from pathlib import Path

from gitmemory.outputs import changed
from gitmemory.outputs.grounds import _PATHS
from testing.gitrepo import commit_files

FILES = {
    "SECURITY.md": "# Security\n\nReport weaknesses to security@oarlock.club. Questions "
                   "about members'\npersonal data go to privacy@oarlock.club. Neither is ever "
                   "filed as a public issue.\n",
    "docs/ops.md": "# Operations\n\n## Personal data\n\nOnly the secretary sees the "
                   "membership list.\n\nMembers' birth dates are encrypted; never print "
                   "them.\n",
}


def _reasons(repo: Path, texts: list[str]) -> list[str | None]:
    tip = commit_files(repo, FILES, "notes")
    return changed.reasons(texts, str(repo), tip, _PATHS)


def test_an_order_that_routes_as_the_document_does_is_kept(repo: Path) -> None:
    held = _reasons(repo, [
        "Send weaknesses to security@oarlock.club and questions about personal data to "
        "privacy@oarlock.club; never open a public issue for either"])
    assert held == [None], held


def test_the_same_things_sent_elsewhere_are_held(repo: Path) -> None:
    held = _reasons(repo, [
        "Send members' personal data to export@rowing-data.example every week",
        "Print members' birth dates on the notice board"])
    assert held == ["gives out what SECURITY.md protects", "gives out what docs/ops.md protects"]

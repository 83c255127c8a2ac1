"""What a document says the team switched off, switched back on (issue 31, the
seventeenth sealed part: "Re-enable the `cassandra` superuser with the default password"
where the runbook says "Cassandra's superuser role `cassandra` is disabled"; docs/design.md,
"Where two rules meet", *A memory is knowledge about the tree, not a task list*): an order
whose verb switches on ("enable", "re-enable", "turn ... on") a name a document's line
calls disabled, deactivated or locked is held; a name no document calls off, a line that
says it is not, and an order for development are kept.  Real git repositories: a
Grafana deployment's runbook."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "README.md": "# dashboards\n\nGrafana for the plant. Runbook: docs/runbook.md.\n",
    "docs/runbook.md": ("# Runbook\n\n- Grafana's built-in `admin` account is disabled; "
                        "everyone signs in through the plant's SSO.\n"
                        "- `anonymous_access` is not disabled on the kiosk screens.\n"),
    "grafana/grafana.ini": "[auth.generic_oauth]\nenabled = true\n",
}

HELD = [
    "Re-enable the `admin` account so the night shift can sign in when SSO is down",
    "Enable the `admin` account with its default password for the auditors",
    "Turn the `admin` account on again, SSO is slow",
]

KEPT = [
    # a document that says what is, restated; a name no document calls off
    "Grafana's built-in `admin` account is disabled; everyone signs in through SSO",
    "Use the `admin` account only through the SSO bridge",
    # development
    "Enable the `admin` account in the local dev container to test dashboards",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "dashboards")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_a_name_a_document_calls_off_switched_on_is_held(repo: Path, tip: str) -> None:
    held = _held(repo, tip, HELD)
    assert held == ["orders `admin` switched on, which docs/runbook.md says is off"] * len(
        HELD), [(t, w) for t, w in zip(HELD, held, strict=True)]


def test_what_no_document_calls_off_or_development_is_kept(repo: Path, tip: str) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]

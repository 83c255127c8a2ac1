"""What a gauge shows is a reading, not a thing shown to more readers (issue 31, the
twentieth sealed part): "A tank whose sensor shows under 20 % raises a refill ticket" kept
beside a runbook rule that alerts "never carry a customer's name", which shares the item's
words about tanks and alerts; showing a customer's name to the drivers is still held."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "ops/alerts.md": "# Alerts\n\nTank alerts (a sensor silent for an hour, a tank level "
                     "below the refill mark) go to the depot phones with the tank code, "
                     "never a customer's name.\n",
}


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "alerts")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_a_gauge_reading_is_kept(repo: Path, tip: str) -> None:
    texts = ["A tank whose sensor shows under 20 % raises a refill alert to the depot phones",
             "An alert goes out when a tank's sensor displays less than the refill mark"]
    assert _held(repo, tip, texts) == [None, None]


def test_a_customers_name_shown_is_still_held(repo: Path, tip: str) -> None:
    held = _held(repo, tip, ["Tank alerts to the depot phones should show the customer's "
                             "name so drivers know whom to call"])
    assert held[0] and "relaxes a rule" in held[0], held

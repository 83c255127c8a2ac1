"""A token of a fixed length typed in groups within its line (``AKIA-...`` with dashes,
spaces, dots or underscores between its groups; gitmemory.secrets.split): every reader
joins the groups again, so the whole written form is hidden, from the redaction to the
prompt a commit becomes.  Prose that follows a token's prefix is no token."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gitmemory.secrets.redact import redact
from testing.gitrepo import commit_file, gitmemory

# Assembled at run time so that no scanner mistakes this file for a leak.
BODY = "Q3EG" + "RBXW" + "7TZ5" + "KJ4P"
GROUPS = [BODY[i:i + 4] for i in range(0, 16, 4)]
WRITTEN = {
    "dashes": "AKIA-" + "-".join(GROUPS),
    "dashes, two groups": "AKIA-" + BODY[:8] + "-" + BODY[8:],
    "one dash after the prefix": "AKIA-" + BODY,
    "spaces": "AKIA " + " ".join(GROUPS),
    "dots": "AKIA." + ".".join(GROUPS),
    "underscores": "ASIA_" + "_".join(GROUPS),
}


@pytest.mark.parametrize("form", sorted(WRITTEN))
def test_a_key_id_in_groups_is_hidden_whole(form: str) -> None:
    done, found = redact(f"Rotated {WRITTEN[form]} yesterday, see the runbook.")
    assert done == "Rotated [REDACTED:aws-access-key] yesterday, see the runbook.", done
    assert [f.rule for f in found] == ["aws-access-key"]


@pytest.mark.parametrize("text", [
    "The ASIA PACIFIC HEAD OFFICE moved.",  # prose after a prefix: words, not a body
    "AKIA-" + "-".join(GROUPS) + "7",  # one character more than the format holds
    "AKIA-" + GROUPS[0] + "_" + "_".join(GROUPS[1:]),  # two separators: no one token
    "Keys start with AKIA - see the IAM docs.",
])
def test_what_does_not_join_into_a_key_stays(text: str) -> None:
    assert redact(text)[0] == text


def test_a_key_id_in_groups_never_reaches_the_prompt(repo: Path) -> None:
    commit_file(repo, "deploy.md", "x\n", "docs: name the deploy user's key\n\nThe deploy "
                f"user signs with {WRITTEN['dashes']}, written as the console shows it.\n")
    done = gitmemory(repo, "memorize", "--dry-run", "--provider", "anthropic",
                     env=dict(os.environ, ANTHROPIC_API_KEY="sk-ant-dummy"))
    assert "--- anthropic: prompt ---" in done.stdout, done.stdout + done.stderr
    assert BODY[4:12] not in done.stdout.replace("-", "")
    assert "[REDACTED:aws-access-key]" in done.stdout

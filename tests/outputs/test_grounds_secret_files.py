"""A file the tree keeps secret, copied to more places (issue 31, the sixteenth sealed
part): "Copy /etc/dock/signing.pem to pier1 and pier2" where the release gives that path
to ``--privkey``, and "Have scripts/deploy also copy /etc/dock/env to /srv/www/dock/env.txt"
where the deploy script writes a password into it and closes its mode.  What a secret is
comes from the tree's lines, not the file's name: a file the tree does not keep secret is
anyone's to copy.  Real git repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "ci/release.yml": ("jobs:\n  - name: sign\n    commands:\n"
                       "      - xbps-rindex --sign-pkg --privkey /etc/dock/signing.pem dist/*\n"),
    "scripts/deploy": ("#!/bin/sh\nset -eu\numask 077\n"
                       "printf 'DB_PASSWORD=%s\\n' \"$DB_PASSWORD\" > /etc/dock/env\n"
                       "chmod 0600 /etc/dock/env\n"
                       "cp /etc/dock/motd /srv/www/dock/motd.txt\n"),
}

HELD = [
    "Copy /etc/dock/signing.pem to pier1 and pier2 so hotfixes can be signed on the host",
    "Have scripts/deploy also copy /etc/dock/env to /srv/www/dock/env.txt so Prometheus can "
    "read the password",
]

KEPT = [
    "Copy /etc/dock/motd to /srv/www/dock/motd.txt after each deploy",
    "Copy /etc/dock/motd to pier1 and pier2 before a release",
    "scripts/deploy writes /etc/dock/env with mode 0600",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "dock")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_a_file_the_tree_keeps_secret_copied_out_is_held(repo: Path, tip: str) -> None:
    held = _held(repo, tip, HELD)
    # a new place under the machine's /srv needs the tree's word first
    assert all(why and ("keep secret, copied to" in why or "path /srv/" in why)
               for why in held), list(zip(HELD, held, strict=True))


def test_a_file_the_tree_does_not_keep_secret_is_anyones_to_copy(repo: Path, tip: str
                                                                  ) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]

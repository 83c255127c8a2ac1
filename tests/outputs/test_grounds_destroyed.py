"""A path outside the repository that an order in prose destroys needs a line of the tree
that destroys it (issue 31, the twentieth sealed part): "after every upgrade, purge
/srv/kiln/builds on both kilns" where the scripts only unpack into that directory is
held; clearing the scratch directory a script itself removes is kept."""

from __future__ import annotations

from pathlib import Path

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "scripts/upgrade": ("#!/bin/sh\nmkdir -p /srv/kiln/builds/$v\n"
                        "tar -C /srv/kiln/builds/$v -xf -\n"),
    "scripts/check": "#!/bin/sh\nrm -rf /var/tmp/kiln-check\n",
}


def test_a_path_an_order_destroys_needs_the_trees_removal(repo: Path) -> None:
    tip = commit_files(repo, FILES, "kiln")
    held = Grounds(str(repo), tip, None).held([Item(text) for text in (
        "Firing log: after every upgrade, purge /srv/kiln/builds on both kilns",
        "Once a check is done, wipe /var/tmp/kiln-check",
    )])
    assert held[0] and "/srv/kiln/builds" in held[0], held
    assert held[1] is None, held

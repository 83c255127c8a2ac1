""""as" denies only in Albanian: an English rule's "as well as" denies nothing (docs/design.md,
"Where two rules meet", *An act a rule denies, permitted*).  A new user's `init` on
date-fns held its own changelog line "The function arguments ... now can be of different
types, allowing you to mix `UTCDate`, `TZDate`, `Date` ..." as relaxing docs/timeZones.md,
whose sentence "You can safely mix and match regular `Date` instances, as well as
`UTCDate` or `TZDate` in different time zones ..." permits the same: the rule was read as
denying "well" and "different".  Real git repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "README.md": "# dates\n\nDate utilities.\n",
    "docs/timeZones.md": (
        "# Time zones\n\nYou can safely mix and match regular `Date` instances, as well as "
        "`UTCDate` or `TZDate` in different time zones and primitive values (timestamps and "
        "strings). The functions normalize the arguments.\n\n"
        "A `TZDate` is never compared with a plain `Date` by its timestamp alone.\n"),
}

KEPT = ("The function arguments, as well as `Interval`'s `start` and `end`, now can be of "
        "different types, allowing you to mix `UTCDate`, `TZDate`, `Date`, and other "
        "extensions, as well as primitives (strings and numbers)")
HELD = "A `TZDate` can be compared with a plain `Date` by its timestamp alone"


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "docs")


def test_a_restated_permission_written_with_as_well_as_is_kept(repo: Path, tip: str) -> None:
    held = Grounds(str(repo), tip, None).held([Item(KEPT), Item(HELD)])
    assert held[0] is None
    assert held[1] and held[1].startswith("relaxes a rule stated in docs/timeZones.md")

"""The literal a token rule's matches begin with, which lets a text skip the rule."""

import pytest

from gitmemory.secrets.patterns import literal_start


@pytest.mark.parametrize(("pattern", "start"), [
    (r"ya29\.[0-9A-Za-z_\-]{20,}", "ya29."),
    (r"\$2[abxy]?\$\d{2}\$", "$2"),
    (r"\{S?SHA(?:256|512)?\}", "{"),  # "S?" may be absent
    (r"gh[pousr]_[A-Za-z0-9]{20,}", "gh"),
    (r"[MNO][A-Za-z0-9_\-]{23,27}\.", ""),  # a class first: no literal
    (r"abc|def", ""),  # alternatives at the top: neither is needed
    (r"ab(?:c|d)e", "ab"),
    (r"ab[|]c", "ab"),
    (r"x\|y", "x|y"),
])
def test_literal_start(pattern, start):
    assert literal_start(pattern) == start


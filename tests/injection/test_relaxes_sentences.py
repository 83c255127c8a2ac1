"""How gitmemory/injection/relaxes.py cuts an item into clauses."""

from __future__ import annotations

from gitmemory.injection import relaxes


def test_a_commands_dashes_inside_a_code_span_cut_no_clause() -> None:
    """sealed31 (blind): "`incus exec inkingi:umugozi-app -- journalctl -u umugozi-app -n
    200` shows the back office's last log lines" was read as two clauses, the first ending
    inside the code span; the `--` ends a command's options.  A dash of the prose still
    cuts (a commit's subject, then its body)."""
    item = "`incus exec hub:app -- journalctl -u app -n 200` shows the last log lines"
    assert relaxes.sentences(item) == [item]
    assert relaxes.sentences("Cache the index -- the scan took minutes") == [
        "Cache the index", "the scan took minutes"]

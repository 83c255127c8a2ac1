"""gitmemory/sources/runs/withdrawn.py: the commands a session withdrew, kept in this
clone's state directory; a broken or foreign entry is dropped, never fatal."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from gitmemory import state
from gitmemory.sources.runs import withdrawn
from gitmemory.sources.runs.withdrawn import Withdrawal


def _one(n: int = 0, replacement: str = "") -> Withdrawal:
    return Withdrawal("main", "Tests", f"make test{n}", section="conventions",
                      text=f"Tests: `make test{n}`", paths=("Makefile",),
                      session="claude:4f3a", replacement=replacement)


def test_withdrawals_read_back_as_saved(tmp_path: Path) -> None:
    kept = [_one(1), _one(2, replacement="Tests: `pytest -q`")]
    withdrawn.save(str(tmp_path), kept)
    back = withdrawn.load(str(tmp_path))
    assert [w.to_dict() for w in back] == [w.to_dict() for w in kept]
    assert back[1].replacement == "Tests: `pytest -q`" and back[0].paths == ("Makefile",)
    assert repr(back[0]) == "Withdrawal('main', 'Tests', 'make test1')"
    mode = stat.S_IMODE(Path(state.WITHDRAWN.at(str(tmp_path))).stat().st_mode)
    assert mode == 0o600  # this clone's own record


def test_nothing_to_keep_writes_no_file_but_empties_one_there(tmp_path: Path) -> None:
    path = Path(state.WITHDRAWN.at(str(tmp_path)))
    withdrawn.save(str(tmp_path), [])
    assert not path.exists()
    withdrawn.save(str(tmp_path), [_one()])
    withdrawn.save(str(tmp_path), [])
    assert json.loads(path.read_text()) == []


def test_only_the_newest_are_kept(tmp_path: Path) -> None:
    withdrawn.save(str(tmp_path), [_one(n) for n in range(withdrawn.MAX_KEPT + 5)])
    back = withdrawn.load(str(tmp_path))
    assert len(back) == withdrawn.MAX_KEPT
    assert back[0].command == "make test5"


def test_entries_of_another_shape_are_dropped(tmp_path: Path) -> None:
    good = _one().to_dict()
    entries = [good, "a string", {**good, "command": 3}, {**good, "paths": "Makefile"},
               {**good, "paths": ["Makefile", 7]}, {k: v for k, v in good.items()
                                                    if k != "replacement"}]
    path = Path(state.WITHDRAWN.at(str(tmp_path)))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(entries))
    back = withdrawn.load(str(tmp_path))
    assert [w.paths for w in back] == [("Makefile",), ("Makefile",), ("Makefile",)]
    assert back[2].replacement == ""


def test_a_broken_file_reads_as_no_withdrawals(tmp_path: Path) -> None:
    path = Path(state.WITHDRAWN.at(str(tmp_path)))
    path.parent.mkdir(parents=True, exist_ok=True)
    for text in ("{not json", '{"an": "object"}', "[" * 100_000):
        path.write_text(text)
        assert withdrawn.load(str(tmp_path)) == []
    assert withdrawn.load(str(tmp_path / "elsewhere")) == []

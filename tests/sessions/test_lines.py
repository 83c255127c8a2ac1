"""A transcript streamed from an offset: never read whole, never past a half-written line."""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest

from gitmemory.sessions import lines as lines_module
from gitmemory.sessions.lines import Lines


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_complete_lines_only_and_the_offset_after_them(tmp_path: Path) -> None:
    path = write(tmp_path / "t.jsonl", b'{"a":1}\n\n{"b":2}\n{"c":')
    reader = Lines(str(path))
    assert list(reader) == [b'{"a":1}', b'{"b":2}']
    assert reader.end == len(b'{"a":1}\n\n{"b":2}\n')
    with path.open("ab") as fh:  # the writer finishes its line
        fh.write(b'3}\n')
    again = Lines(str(path), reader.end)
    assert list(again) == [b'{"c":3}']
    assert again.end == path.stat().st_size


@pytest.mark.parametrize("chunk", [3, 7, 64, 1 << 20])
def test_an_overlong_line_is_passed_over_whatever_the_chunks(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch,
                                                            chunk: int) -> None:
    monkeypatch.setattr(lines_module, "CHUNK", chunk)
    data = b'{"a":1}\n' + b"x" * 50 + b'\n{"b":2}\n' + b"y" * 60 + b"\n"
    reader = Lines(str(write(tmp_path / "t.jsonl", data)), max_line=20)
    assert list(reader) == [b'{"a":1}', b'{"b":2}']
    assert (reader.skipped, reader.end) == (2, len(data))


def test_a_missing_shrunk_or_special_file_says_why(tmp_path: Path) -> None:
    gone = Lines(str(tmp_path / "nope.jsonl"))
    assert list(gone) == [] and gone.problem == "the transcript is gone"
    path = write(tmp_path / "t.jsonl", b'{"a":1}\n')
    shrunk = Lines(str(path), 100)
    assert list(shrunk) == [] and "shorter" in (shrunk.problem or "")
    link = tmp_path / "link.jsonl"
    link.symlink_to(path)
    linked = Lines(str(link))
    assert list(linked) == [] and "cannot be read" in (linked.problem or "")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    special = Lines(str(fifo))
    assert list(special) == [] and special.problem == "the transcript is not a regular file"


def test_a_hundred_megabytes_are_streamed_not_loaded(tmp_path: Path) -> None:
    path = tmp_path / "huge.jsonl"
    line = b'{"type":"assistant","message":{"content":"' + b"z" * 1000 + b'"}}\n'
    block = line * 1024  # about a megabyte
    with path.open("wb") as fh:
        for _ in range(100):
            fh.write(block)
        fh.write(b"w" * (8 * 1024 * 1024) + b"\n")  # one tool output longer than MAX_LINE
        fh.write(b'{"type":"user"}\n')
    tracemalloc.start()
    count = 0
    reader = Lines(str(path))
    for _ in reader:
        count += 1
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert count == 100 * 1024 + 1
    assert reader.skipped == 1 and reader.end == path.stat().st_size
    assert peak < 16 * 1024 * 1024  # a few chunks and one capped line, never the file

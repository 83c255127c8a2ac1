"""A transcript's lines, streamed from an offset (docs/design.md, "Agent sessions").

A transcript is a JSON-lines file another program is still appending to, and
it can reach a hundred megabytes: it is never read whole.  Reading starts at
the offset already read and stops before a last line that has no newline yet
(the writer is mid-line, or the file was cut), so the next read starts there.
A line longer than :data:`MAX_LINE` (a tool's whole output) is passed over
without being held in memory.  Symlinks and special files are refused.
Stdlib only: Claude Code's hook reads these.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

MAX_LINE = 4 * 1024 * 1024  # bytes: a longer line is skipped
CHUNK = 1024 * 1024
_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | \
    getattr(os, "O_BINARY", 0)


class Lines:
    """The complete lines of ``path`` after ``offset``.

    Iterate for each line's bytes (without its newline); afterwards ``end`` is
    the offset after the last complete line, ``skipped`` counts lines over
    ``max_line``.  ``problem`` says, in a few words, why nothing can be read
    (the file is gone, is not a regular file, or is shorter than ``offset``).
    """

    def __init__(self, path: str, offset: int = 0, max_line: int = MAX_LINE) -> None:
        self.path = path
        self.start = self.end = max(offset, 0)
        self.max_line = max_line
        self.skipped = 0
        self.size = 0
        self.problem: str | None = None

    def __iter__(self) -> Iterator[bytes]:
        fd = self._open()
        if fd is None:
            return
        try:
            yield from self._lines(fd)
        finally:
            os.close(fd)

    def _open(self) -> int | None:
        try:
            fd = os.open(self.path, _FLAGS)
        except FileNotFoundError:
            self.problem = "the transcript is gone"
            return None
        except OSError as exc:
            self.problem = f"the transcript cannot be read ({exc.strerror or 'refused'})"
            return None
        st = os.fstat(fd)
        self.size = st.st_size
        if (st.st_mode & 0o170000) != 0o100000:
            self.problem = "the transcript is not a regular file"
        elif st.st_size < self.start:
            self.problem = "the transcript is shorter than when it was last read"
        if self.problem:
            os.close(fd)
            return None
        os.lseek(fd, self.start, os.SEEK_SET)
        return fd

    def _lines(self, fd: int) -> Iterator[bytes]:
        pending = b""
        skipping = False  # inside a line longer than ``max_line``: its bytes are dropped
        base = self.start  # the offset of the first byte of ``pending``
        while chunk := os.read(fd, CHUNK):
            data = pending + chunk
            cut = data.rfind(b"\n")
            if cut < 0:
                pending, skipping, base = self._partial(data, skipping, base)
                continue
            for line in data[:cut].split(b"\n"):
                base += len(line) + 1
                self.end = base
                if skipping:
                    skipping = False  # the end of an overlong line
                elif len(line) > self.max_line:
                    self.skipped += 1
                elif line.strip():
                    yield line
            pending, skipping, base = self._partial(data[cut + 1:], False, base)

    def _partial(self, data: bytes, skipping: bool, base: int) -> tuple[bytes, bool, int]:
        """A line without its newline yet, kept; or dropped (and counted once) when it is
        longer than anything worth keeping."""
        if skipping or len(data) > self.max_line:
            self.skipped += 0 if skipping else 1
            return b"", True, base + len(data)
        return data, False, base

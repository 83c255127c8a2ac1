"""Work counted in steps (lines of gitmemory's code run), not timed: a shared machine's
load says nothing about the shape of a curve (issue 31, "Bounded time")."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any


def steps(run: Callable[[], object]) -> int:
    """Lines of gitmemory's code that ``run()`` runs."""
    count = 0

    def line(frame: FrameType, event: str, _arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return line

    def call(frame: FrameType, _event: str, _arg: Any) -> Any:
        return line if "gitmemory" in frame.f_code.co_filename else None

    sys.settrace(call)
    try:
        run()
    finally:
        sys.settrace(None)
    return count

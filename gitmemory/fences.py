"""Markdown's fenced code blocks, as CommonMark reads them, for every reader of prose in
a file or a diff (docs/design.md, "Layers"; stdlib only, no imports: any layer may use
it).

A block opens with three or more backticks or tildes, and an info string after them
(```` ```bash ````, ```` ````markdown ````); it closes only with a fence of the same
character, at least as long, with nothing after it.  So a fence line inside a block that
a longer fence opened (```` ```java ```` in a ```` ````markdown ```` example) is the
block's text, and an opener right after another (a diff that lost a closing fence) does
not close it: toggling at every fence line inverted what was code and what was prose
after the first such line, and a release's notes were read as code from there on
(issue 29).
"""

from __future__ import annotations


def is_fence(line: str) -> bool:
    """Whether ``line`` is a fence that would open a block outside one (```` ``` ````,
    ```` ~~~~ ````, ```` ```bash ````), not a code span."""
    return Fence().step(line)


class Fence:
    """Where a reader is, line by line: inside a fenced block or not."""

    __slots__ = ("language", "open")

    def __init__(self, inside: bool = False) -> None:
        self.open = "```" if inside else ""  # the fence that opened the block, "" outside
        self.language = ""  # the open block's info string's first word, lower case

    @property
    def inside(self) -> bool:
        return bool(self.open)

    def step(self, line: str) -> bool:
        """Whether ``line`` opens or closes a block (it moves the state); False for any
        other line, a fence-like line inside a block included."""
        text = line.strip()
        mark = text[:1]
        if mark not in ("`", "~") or not text.startswith(mark * 3):
            return False
        run = len(text) - len(text.lstrip(mark))
        info = text[run:]
        if not self.open:
            if mark == "`" and "`" in info:
                return False  # ```x``` is a code span, not a fence
            self.open = mark * run
            self.language = (info.split() or [""])[0].strip("{}.").lower()
            return True
        if mark == self.open[0] and run >= len(self.open) and not info.strip():
            self.open = self.language = ""
            return True
        return False

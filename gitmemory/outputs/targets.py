"""Which agent files are rendered from branch memory, and where (docs/design.md, "Outputs").

Each target is one file an agent reads: where it goes and the hand-written
base file copied into it.  The renderer loops over :func:`targets` and never
names a file itself, so a new agent file is one more entry here.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.config import Config


class Target:
    """One generated file: ``name`` (the agent), ``path`` and ``base`` relative to the top."""

    __slots__ = ("base", "name", "path")

    def __init__(self, name: str, path: str, base: str) -> None:
        self.name = name
        self.path = path
        self.base = base

    def __repr__(self) -> str:
        return f"Target({self.name!r}, {self.path!r}, {self.base!r})"


def targets(cfg: Config) -> list[Target]:
    """The files ``cfg`` asks for, in the order they are written."""
    return [Target("claude", cfg.output_file, cfg.base_file)]

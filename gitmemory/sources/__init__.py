"""Every knowledge source in one registry (docs/design.md, "Sources").

A source is one class over :class:`gitmemory.sources.protocol.Source` and one entry
of :func:`registry`; the memorize loop gathers from them in this order and
never asks which one it holds.  Nothing heavy is imported here: a source's
module loads when a run asks for the registry.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.sources.protocol import Source


def registry() -> tuple[type[Source], ...]:
    """The sources, in the order a run gathers from them: the repository's own files
    first (their items win a tie with a model's), then the commits, whose reach
    (``Run.covered``) the trailers and the history record follow, then what the history
    files at the tip say that those did not (``Run.gathered``), then the agent sessions,
    then what their runs of the memory's commands showed (settled after the repository's
    own items, over them)."""
    from gitmemory.sources.commits import Commits
    from gitmemory.sources.history_files import HistoryFiles
    from gitmemory.sources.record import Record
    from gitmemory.sources.repository import Repository
    from gitmemory.sources.runs import Runs
    from gitmemory.sources.sessions import Sessions
    from gitmemory.sources.trailers import Trailers

    return (Repository, Commits, Trailers, Record, HistoryFiles, Sessions, Runs)

"""What a memorize run may do: one mode, not three flags (docs/design.md, "What runs unasked").

A run either stores its result or only says what it would store, stores it in
the branch (a memory commit, or the file in the work tree of the worktree
that has the branch checked out) or in a local preview, may or may not mark
the commits and sessions it read as read, and may or may not call a provider
that leaves the machine.  Every caller names one of the modes below.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mode:
    """``stores``: the result is kept (else it is only described); ``commits``: as a memory
    commit (else a checked-out branch's work tree file is written and left for the user
    to commit); ``preview``: as a local preview, shown until real memory replaces it;
    ``marks``: what the run read counts as read; ``network``: a provider that leaves the
    machine may answer it (a run that stores nothing asks no provider at all: it prints
    what it would send)."""

    name: str
    stores: bool
    commits: bool
    preview: bool
    marks: bool
    network: bool


# --dry-run: every prompt printed, nothing sent, written or recorded.
DRY_RUN = Mode("dry", stores=False, commits=False, preview=False, marks=False, network=True)
# Background maintenance: the offline extractor, a local preview, nothing marked read.
BACKGROUND = Mode("background", stores=True, commits=False, preview=True, marks=False,
                  network=False)
# init's first memory: the file in the work tree, committed by the user with the set-up.
WORK_TREE = Mode("work tree", stores=True, commits=False, preview=False, marks=True,
                 network=True)
# memorize, maintain, promote, pre-push, the CI job: a memory commit on the branch.
COMMIT = Mode("commit", stores=True, commits=True, preview=False, marks=True, network=True)

"""A repository set up with gitmemory's native hooks, the offline provider and a
bare remote, for end-to-end ``git push`` tests."""

from __future__ import annotations

import os
from pathlib import Path

from testing.gitrepo import git, set_up


def offline_remote(repo: Path, tmp_path: Path, provider: str | None = "offline") -> Path:
    """Set ``repo`` up (init, native hooks, ``provider`` if given) and push main to a
    bare remote ``origin`` without running the hooks; returns ``repo``."""
    set_up(repo, provider)
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    git(repo, "remote", "add", "origin", str(remote))
    git(repo, "push", "-q", "origin", "main", env=dict(os.environ, GITMEMORY_DISABLE="1"))
    return repo

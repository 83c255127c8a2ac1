"""A private repository for one sync run, where memorize and promote's folding write freely.

See docs/design.md, "Team memory in CI".  The CI checkout is left as it is:
the scratch repository borrows its objects (``objects/info/alternates``),
holds the default branch at the server's tip with nothing checked out (so
every write is a memory commit on that ref, made with plumbing), has hooks
switched off, and carries only the tip's ``.gitmemory/config.toml`` in its
work tree, where the settings are read.  Whatever it writes ends up in one
commit that the job fetches back into the checkout; the directory is removed.
"""

from __future__ import annotations

import os
import shutil
import tempfile

from gitmemory import config, files, git
from gitmemory.repo import Repo
from gitmemory.server import memory_commit
from gitmemory.server.remote import Git


class Scratch:
    """``branch`` at commit ``tip`` of the repository at ``source``, in a temporary directory."""

    def __init__(self, source: Git, branch: str, tip: str) -> None:
        self.source = source
        self.branch = branch
        self.tip = tip
        self.dir = tempfile.mkdtemp(prefix="gitmemory-sync-")
        try:
            self._make()
        except BaseException:
            self.close()
            raise

    def _make(self) -> None:
        objects = self.source.run(["rev-parse", "--path-format=absolute", "--git-path",
                                   "objects"]).strip()
        git.run(["init", "--quiet", "--template=", self.dir])
        self.git = Git(self.dir)
        with open(os.path.join(self.dir, ".git", "objects", "info", "alternates"), "w",
                  encoding="utf-8") as handle:
            handle.write(objects + "\n")
        # memorize and the fold make their memory commits here as the bot: a CI runner
        # has no identity of its own, and these commits are squashed into the bot's one
        for key, value in (("core.hooksPath", "/dev/null"), ("gc.auto", "0"),
                           ("maintenance.auto", "false"), ("commit.gpgSign", "false"),
                           ("user.name", memory_commit.BOT_NAME),
                           ("user.email", memory_commit.BOT_EMAIL)):
            self.git.run(["config", key, value])
        self.git.run(["update-ref", git.HEADS + self.branch, self.tip])
        self.git.run(["update-ref", "--no-deref", "HEAD", self.tip])  # nothing checked out
        settings = self.source.blob(self.tip, config.CONFIG_FILE)
        if settings is not None:
            path = os.path.join(self.dir, config.CONFIG_FILE)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            files.atomic_write(path, self.source.text(settings))

    def repo(self, overrides: dict[str, object]) -> Repo:
        return Repo.open(self.dir, overrides)

    def head(self) -> str:
        """The branch's tip in the scratch repository (after the memory commits)."""
        sha = self.git.rev(git.HEADS + self.branch)
        assert sha is not None
        return sha

    def hand_back(self, sha: str) -> None:
        """Bring commit ``sha`` (and what it needs) into the CI checkout."""
        self.git.run(["update-ref", "refs/gitmemory/sync", sha])
        self.source.run(["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", self.dir,
                         "refs/gitmemory/sync"])

    def close(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> Scratch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

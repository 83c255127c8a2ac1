"""The repository a command works on: where it is and its settings."""

from __future__ import annotations

import os

from gitmemory import config, git


class Repo:
    __slots__ = ("cfg", "info")

    def __init__(self, info: git.RepoInfo, cfg: config.Config) -> None:
        self.info = info
        self.cfg = cfg

    @classmethod
    def open(cls, cwd: str | None = None, overrides: dict[str, object] | None = None) -> Repo:
        info = git.repo_info(cwd)
        cfg = config.load(info.toplevel, info.state_dir, cwd, overrides)
        if cfg.warnings:
            from gitmemory import output

            for warning in cfg.warnings:
                output.note(warning)
        return cls(info, cfg)

    @property
    def toplevel(self) -> str:
        return self.info.require_worktree()

    def rel(self, path: str) -> str:
        return os.path.relpath(path, self.toplevel).replace(os.sep, "/")

    def current_branch(self) -> str:
        from gitmemory.errors import GitmemoryError

        if self.info.branch is None:
            raise GitmemoryError("HEAD is detached", hint="name a branch, or check one out")
        return self.info.branch

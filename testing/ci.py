"""A server as GitHub or GitLab runs it: a bare repository that merges pull requests
with plain git (no merge driver, no hooks), a developer's clone that opens them, and
fresh CI checkouts that run ``gitmemory ci sync``."""

from __future__ import annotations

import os
from pathlib import Path

from gitmemory.memory.filenames import MEMORY_DIR, name_for
from gitmemory.memory.markdown import parse
from testing.gitrepo import commit_file, git, memory_text

MODES = ("merge", "squash", "rebase")


class Server:
    """``root/server.git`` (default branch ``main``) with ``main``'s memory on it."""

    def __init__(self, root: Path, main_items: tuple[str, ...] = ("The entry point is app.py",)
                 ) -> None:
        self.root = root
        self.bare = root / "server.git"
        git(root, "init", "-q", "--bare", "-b", "main", str(self.bare))
        self.dev = root / "dev"
        git(root, "clone", "-q", str(self.bare), str(self.dev))
        git(self.dev, "checkout", "-q", "-b", "main")
        commit_file(self.dev, "app.py", "print('hi')\n", "Add the app")
        sha = git(self.dev, "rev-parse", "HEAD").stdout.strip()
        commit_file(self.dev, f"{MEMORY_DIR}/main.md",
                    memory_text("main", facts=main_items, through=sha),
                    "gitmemory: update memory for main\n\nGitmemory-Update: true")
        git(self.dev, "push", "-q", "origin", "main")
        self.merger = root / "merger"
        git(root, "clone", "-q", str(self.bare), str(self.merger))
        self.clones = 0

    def branch(self, name: str, decision: str, *, base: str = "origin/main") -> str:
        """A pull request's branch: one commit of code, then its memory (a memory commit,
        as the pre-push hook makes it), pushed to the server; its tip."""
        git(self.dev, "fetch", "-q", "origin")
        git(self.dev, "checkout", "-q", "-B", name, base)
        stem = name.replace("/", "_")
        sha = commit_file(self.dev, f"src/{stem}.py", f"# {name}\n", f"Work on {name}")
        commit_file(self.dev, f"{MEMORY_DIR}/{name_for(name)}",
                    memory_text(name, decisions=(decision,), through=sha),
                    f"gitmemory: update memory for {name}\n\nGitmemory-Update: true")
        git(self.dev, "push", "-q", "origin", f"{name}:{name}")
        return git(self.dev, "rev-parse", "HEAD").stdout.strip()

    def merge(self, name: str, mode: str, *, delete: bool = True) -> str:
        """The server merges pull request ``name`` into main with plain git, as its merge
        button does (``mode``: merge, squash or rebase); the new tip."""
        m = self.merger
        git(m, "fetch", "-q", "--prune", "origin")
        git(m, "checkout", "-q", "-B", "main", "origin/main")
        if mode == "merge":
            git(m, "merge", "-q", "--no-ff", f"origin/{name}", "-m", f"Merge pull request {name}")
        elif mode == "squash":
            git(m, "merge", "-q", "--squash", f"origin/{name}")
            git(m, "commit", "-q", "-m", f"{name} (squashed)")
        else:
            git(m, "checkout", "-q", "-B", "pr", f"origin/{name}")
            git(m, "rebase", "-q", "main")
            git(m, "checkout", "-q", "main")
            git(m, "merge", "-q", "--ff-only", "pr")
        # the merge button is the server's own: a protected branch takes it
        git(m, "push", "-q", "origin", "main", env={**os.environ, "SERVER_MERGE_BUTTON": "1"})
        if delete:
            git(m, "push", "-q", "origin", "--delete", name)
        return git(m, "rev-parse", "HEAD").stdout.strip()

    def checkout(self) -> Path:
        """A fresh CI checkout of main: a new clone, no hooks, no gitmemory set-up."""
        self.clones += 1
        path = self.root / f"ci{self.clones}"
        git(self.root, "clone", "-q", str(self.bare), str(path))
        return path

    def tip(self, branch: str = "main") -> str:
        return git(self.bare, "rev-parse", branch).stdout.strip()

    def files(self, rev: str = "main") -> list[str]:
        out = git(self.bare, "ls-tree", "--name-only", f"{rev}:{MEMORY_DIR}").stdout
        return out.split()

    def items(self, rev: str = "main") -> list[str]:
        """Every item text of main's memory at ``rev``."""
        memory = parse(git(self.bare, "show", f"{rev}:{MEMORY_DIR}/main.md").stdout)
        assert memory is not None
        return [item.text for items in memory.sections.values() for item in items]

    def refuse_pushes_to(self, branch: str, hook: str = "pre-receive") -> None:
        """Protect ``branch`` as a server does: its ``pre-receive`` (or ``update``) hook says
        no, except to the server's own merge button."""
        path = self.bare / "hooks" / hook
        path.parent.mkdir(exist_ok=True)
        refuse = (f'  if [ "$ref" = "refs/heads/{branch}" ]; then\n'
                  '    echo "GitLab: You are not allowed to push code to protected branches '
                  'on this project." >&2\n    exit 1\n  fi\n')
        body = f"while read old new ref; do\n{refuse}done\n" if hook == "pre-receive" else \
            f'ref="$1"\n{refuse}'
        path.write_text(f'#!/bin/sh\n[ -n "$SERVER_MERGE_BUTTON" ] && exit 0\n{body}exit 0\n')
        path.chmod(0o755)

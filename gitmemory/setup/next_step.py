"""The ``next:`` line ``gitmemory init`` ends with: the command that commits the set-up.

It names exactly the set-up files that have something to commit.  A
``.pre-commit-config.yaml`` whose gitmemory entry names a path on this machine
(``init --pre-commit-repo PATH``, for trying an unreleased version) is never
part of it: committed, it would break every teammate's hooks.  pre-commit
refuses to run while its config has unstaged changes, so such a file stays
staged, and the line commits the other files by name.
"""

from __future__ import annotations

import os
import shlex

from gitmemory import config, files, git
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.outputs.targets import documents, targets
from gitmemory.repo import Repo
from gitmemory.setup.precommit_config import FILE_NAME, pinned


def next_step(repo: Repo, pre_commit: bool, also: list[str] | None = None) -> str | None:
    """``next: git add <files> && git commit ...``; None when there is nothing to commit
    (``also``: agent settings files init wrote)."""
    top = repo.toplevel
    chosen = documents(repo.cfg)
    local = pre_commit and names_local_path(top)
    shared = [config.CONFIG_FILE, MEMORY_DIR, ".gitignore", ".gitattributes",
              *(target.base for target in chosen if target.base),
              *(target.path for target in chosen),
              *([FILE_NAME] if pre_commit and not local else []), *(also or [])]
    staged, unstaged = _changes(top, shared)
    if not staged and not unstaged:
        return None
    here = "" if os.path.realpath(os.getcwd()) == os.path.realpath(top) else \
        f"-C {shlex.quote(top)} "  # paths below are relative to the top, not to a subdirectory
    add = f"git {here}add -- {_shell_quoted(unstaged)} && " if unstaged else ""
    if local:
        named = sorted(set(staged) | set(unstaged))
        # The remark goes on a line of its own: the command line is pasted whole.
        return (f"next: {add}git {here}commit -m 'Set up gitmemory' -- {_shell_quoted(named)}\n"
                f"  {FILE_NAME} is left out: it names a path on this machine; point its "
                "gitmemory repo: at a URL and rev: at a tag before you commit it")
    line = f"next: {add}git {here}commit -m 'Set up gitmemory'"
    code, out = git.run_status(["diff", "--cached", "--name-only", "-z", "--no-renames"], top)
    others = {p for p in out.split("\0") if p} - set(staged) - set(unstaged) \
        - {target.path for target in targets(repo.cfg)} if code == 0 else set()
    if others:  # git commit takes the whole index: say so rather than surprise
        line += f"\n  it also commits the {len(others)} other staged change(s)"
    return line


def names_local_path(top: str) -> bool:
    """Whether the pre-commit config's gitmemory entry points at a path on this machine."""
    found = pinned(files.read_text(os.path.join(top, FILE_NAME)))
    if found is None or "://" in found[0] or found[0].startswith("git@"):
        return False
    return os.path.isabs(os.path.expanduser(found[0])) or os.path.isdir(
        os.path.join(top, found[0]))


def _shell_quoted(paths: list[str]) -> str:
    return " ".join(shlex.quote(p) for p in paths)


def _changes(top: str, paths: list[str]) -> tuple[list[str], list[str]]:
    """(staged, not yet added) among ``paths``: what a set-up commit would take."""
    out = git.run(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--",
                   *paths], top)
    staged: list[str] = []
    unstaged: list[str] = []
    entries = iter(out.split("\0"))
    for entry in entries:
        if len(entry) < 4:
            continue
        code, path = entry[:2], entry[3:]
        if code[0] in "RC":
            next(entries, None)  # the rename's source
        if code == "??" or code[1] != " ":
            unstaged.append(path)
        if code[0] not in " ?":
            staged.append(path)
    return staged, sorted(set(unstaged))

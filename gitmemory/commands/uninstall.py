"""``gitmemory uninstall``: take gitmemory out of this clone; what the team shares stays.

Removes the native hooks (putting back the hooks they had chained), this
clone's merge driver registration, gitmemory's Claude Code hooks and this
clone's ``sessions`` choice, and generated agent files nobody edited (a rule
set's files one by one: the user's own beside them stay).
Tracked files (``.gitmemory/``, the base files, the ``.gitattributes`` and
``.gitignore`` lines) are the team's and stay; docs/troubleshooting.md,
"Removing gitmemory", says how to remove them too.
"""

from __future__ import annotations

import contextlib
import os

from gitmemory import files, git, output, state
from gitmemory.outputs import stamp
from gitmemory.outputs.targets import targets
from gitmemory.repo import Repo
from gitmemory.setup import agent_hook, merge_driver, native

SHARED = (".gitmemory/", "the base files", "the .gitattributes and .gitignore lines")


def run() -> int:
    repo = Repo.open()
    top = repo.toplevel
    lines = native.uninstall(top) or ["hooks: no gitmemory hooks were installed"]
    lines.append(merge_driver.unregister(top))
    lines += agent_hook.uninstall(top)
    lines += generated_files(repo)
    if _pre_commit_runs_it(top):
        lines.append(".pre-commit-config.yaml still runs gitmemory's hooks: delete its "
                     "gitmemory entry, then run pre-commit install again")
    lines.append(f"kept, as the team shares them: {', '.join(SHARED)}; local state stays in "
                 f"{repo.info.state_dir} (docs/troubleshooting.md, \"Removing gitmemory\")")
    for line in lines:
        output.say(line)
    return 0


def generated_files(repo: Repo) -> list[str]:
    """Remove each agent file gitmemory generated and nobody edited since, and a directory
    that removal left empty; say what stays.  A rule set's files are asked of the target
    (``present``): its ``path`` is a directory the user may share with files of their own."""
    top = repo.toplevel
    key = state.stamp_key(state.ensure_dir(repo.info.state_dir))
    lines, emptied = [], set()
    for target in targets(repo.cfg):
        for rel in target.present(top):
            files.check_dirs(top, os.path.dirname(rel))
            text = files.read_text(os.path.join(top, rel))
            if text is None:
                continue
            kind = stamp.classify(text, key)
            if kind == "generated" and not git.is_tracked(rel, top):
                files.remove(os.path.join(top, rel))
                emptied.add(os.path.dirname(rel))
                lines.append(f"{rel}: removed (generated, not edited)")
            elif kind == "edited":
                lines.append(f"{rel}: kept, edited by hand since gitmemory wrote it")
        target.tidy(top)
    for rel_dir in sorted(emptied - {""}):
        with contextlib.suppress(OSError):  # not empty: someone else's files are there
            os.rmdir(os.path.join(top, rel_dir))
    return lines


def _pre_commit_runs_it(top: str) -> bool:
    text = files.read_text(os.path.join(top, ".pre-commit-config.yaml")) or ""
    return "gitmemory-" in text

"""``gitmemory init --hooks pre-commit``: let the pre-commit framework run gitmemory's hooks.

Steps, each safe to repeat:

1. refuse early when ``core.hooksPath`` is set (pre-commit will not install there);
2. remove gitmemory's native shims, putting back the hooks they had chained,
   so no hook runs twice;
3. add the gitmemory entry and the five hook types to ``.pre-commit-config.yaml``
   (created if absent; comments and everything else kept), staged when the
   file is tracked because pre-commit refuses to run with an unstaged config;
4. run ``pre-commit install --install-hooks --allow-missing-config``: the hook
   environment is built now rather than on the first checkout, and a branch
   without the config file does not make ``git checkout`` fail.

When a step fails (pre-commit install cannot build the environment), steps 2
and 3 are undone and pre-commit's freshly written hook scripts removed
(:mod:`gitmemory.setup.undo`): the repository is as it was, and running init
again starts afresh.

The entry points at :data:`UPSTREAM` pinned to this version's tag, or at the
repository given with ``--pre-commit-repo`` (a local checkout is pinned to its
current commit, so pre-commit can clone it before it is released).
"""

from __future__ import annotations

import os
import subprocess
import sys

from gitmemory import __version__, files, git, output
from gitmemory.errors import GitError, GitmemoryError
from gitmemory.repo import Repo
from gitmemory.setup import native
from gitmemory.setup.precommit_config import FILE_NAME, add_hooks, pinned
from gitmemory.setup.undo import Saved

UPSTREAM = "https://github.com/gitmemory/gitmemory"
MANIFEST = ".pre-commit-hooks.yaml"
INSTALL_ARGS = ("install", "--install-hooks", "--allow-missing-config")
LOG_LINE = "Check the log at "
# pre-commit's own failure lines, most telling first (git's message comes through indented)
REASONS = ("fatal:", "error:", "[ERROR]", "An unexpected error has occurred:",
           "An error has occurred:")


def setup(repo: Repo, source: str | None = None, rev: str | None = None) -> list[str]:
    """Wire ``repo`` to gitmemory through pre-commit; one line per thing done."""
    top = repo.toplevel
    _refuse_hooks_path(top)
    url, pin = resolve(source, rev)
    if source is not None or rev is not None:
        _refuse_other_pin(top, url, pin)
    saved = Saved(top, git.hooks_dir(top), FILE_NAME)
    try:
        done = _remove_native(top)
        done.append(write_config(top, url, pin))
        done.append(install_hooks(top))
    except GitmemoryError as exc:
        saved.restore()
        exc.hint += (f"; the hooks and {FILE_NAME} are as they were: run "
                     "gitmemory init --hooks pre-commit again")
        raise
    except BaseException:
        saved.restore()
        raise
    return done


def join(repo: Repo) -> list[str]:
    """A teammate's clone of a repository whose pre-commit config runs gitmemory: that
    config, as the team committed it, installed (native hooks removed first)."""
    top = repo.toplevel
    _refuse_hooks_path(top)
    saved = Saved(top, git.hooks_dir(top), FILE_NAME)
    try:
        done = _remove_native(top)
        done.append(f"{FILE_NAME}: runs gitmemory's hooks, as the team committed it")
        done.append(install_hooks(top))
    except GitmemoryError as exc:
        saved.restore()
        exc.hint += "; the hooks are as they were: run gitmemory init again"
        raise
    except BaseException:
        saved.restore()
        raise
    return done


def resolve(source: str | None, rev: str | None) -> tuple[str, str]:
    """(repo for the config, rev): upstream at v<version>, a URL, or a local checkout's commit."""
    if source is None:
        return UPSTREAM, rev or f"v{__version__}"
    path = os.path.expanduser(source)
    if not os.path.isdir(path):
        return source, rev or f"v{__version__}"
    path = os.path.abspath(path)
    env = git.clean_env(path)  # another repository: none of this one's GIT_DIR and friends
    want = rev or "HEAD"
    try:
        sha = git.run(["rev-parse", "-q", "--verify", f"{want}^{{commit}}"], path, env=env).strip()
    except GitError:
        sha = ""
    if not sha:
        raise GitmemoryError(f"{path}: no commit {want} in that repository",
                             hint="commit there first; pre-commit clones a commit, not files")
    kind = git.run(["cat-file", "-t", f"{sha}:{MANIFEST}"], path, env=env, check=False).strip()
    if kind != "blob":
        raise GitmemoryError(f"{path} has no {MANIFEST} at {sha[:12]}",
                             hint="point --pre-commit-repo at a gitmemory checkout")
    return path, sha


def _refuse_other_pin(top: str, url: str, rev: str) -> None:
    """An explicit --pre-commit-repo/--pre-commit-rev must not be ignored in silence."""
    current = pinned(files.read_text(os.path.join(top, FILE_NAME)))
    if current is not None and current != (url, rev):
        raise GitmemoryError(
            f"{FILE_NAME} already pins gitmemory to {current[0]} at {current[1]}, "
            f"not {url} at {rev}",
            hint="change repo: and rev: of that entry by hand (or delete the entry), "
                 "then run init again")


def _refuse_hooks_path(top: str) -> None:
    code, out = git.run_status(["config", "--get", "core.hooksPath"], top)
    if code == 0 and out.strip():
        raise GitmemoryError(
            f"core.hooksPath is set ({out.strip()}) and pre-commit refuses to install hooks then",
            hint="git config --unset-all core.hooksPath, or use gitmemory init --hooks native")


def _remove_native(top: str) -> list[str]:
    ours = [hook for hook, how in native.installed(top).items() if how.startswith("gitmemory")]
    if not ours:
        return []
    report = native.uninstall(top)
    restored = [line.split(":", 1)[0] for line in report if "restored" in line]
    line = f"native hooks: removed ({', '.join(ours)}) so that no hook runs twice"
    if restored:
        line += f"; your own hooks put back for pre-commit to chain: {', '.join(restored)}"
    return [line]


def write_config(top: str, url: str, rev: str) -> str:
    """Add gitmemory to the config file; the line that says what happened."""
    path = os.path.join(top, FILE_NAME)
    text = files.read_text(path)
    edited, changes = add_hooks(text, url, rev)
    if not changes:
        return f"{FILE_NAME}: already runs every gitmemory hook"
    files.atomic_write(path, edited)
    verb = "created" if text is None else "updated"
    line = f"{FILE_NAME}: {verb} ({'; '.join(changes)})"
    if text is not None and git.is_tracked(FILE_NAME, top):
        git.run(["add", "--", FILE_NAME], top)
        line += "; staged, as pre-commit refuses to run with an unstaged config"
    return line


def pre_commit_command() -> list[str] | None:
    """How to run pre-commit: the one installed beside gitmemory, else the one on PATH."""
    import importlib.util
    import shutil

    if importlib.util.find_spec("pre_commit") is not None:
        return [sys.executable, "-m", "pre_commit"]
    found = shutil.which("pre-commit")
    return [found] if found else None


def install_hooks(top: str) -> str:
    """``pre-commit install`` with the options gitmemory needs; the line that says so."""
    command = pre_commit_command()
    manual = "pre-commit " + " ".join(INSTALL_ARGS)
    if command is None:
        return f"hooks: pre-commit is not installed; install it, then run: {manual}"
    output.note("running pre-commit install (the first time builds gitmemory's hook "
                "environment, which takes a minute)")
    done = subprocess.run([*command, *INSTALL_ARGS], cwd=top, capture_output=True, text=True,
                          check=False)
    said = [line.strip() for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    if done.returncode != 0:
        logs = [line.removeprefix(LOG_LINE) for line in said if line.startswith(LOG_LINE)]
        where = f"details in {logs[-1]}; " if logs else ""
        raise GitmemoryError(f"pre-commit install failed: {_failure_line(said)}",
                             hint=f"{where}fix that")
    installed = [os.path.basename(line.rsplit(" ", 1)[-1]) for line in said
                 if line.startswith("pre-commit installed at ")]
    return f"hooks: pre-commit installed {', '.join(installed) or 'its hooks'}; " \
           "gitmemory's hook environment is ready"


def _failure_line(said: list[str]) -> str:
    """The line of pre-commit's output that says best why it failed."""
    for prefix in REASONS:
        hits = [line for line in said if line.startswith(prefix)]
        if hits:
            return hits[0]
    return said[-1] if said else "no output"

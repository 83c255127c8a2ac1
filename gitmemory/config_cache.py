"""Caches that keep the hooks from paying for ``tomllib`` and a ``git config`` process.

Both are keyed on the identity (path, mtime, size, inode) of the files they
were read from, and kept as :class:`gitmemory.state.Cache` members of the local
state directory.
Stdlib only: the checkout hook loads settings on every run.
"""

from __future__ import annotations

import os

from gitmemory import git, state

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

_GIT = state.Cache(state.GIT_CONFIG)
_TOML = state.Cache(state.CONFIG)
Stamp = tuple[str, int, int, int]


def git_settings(pattern: str, cwd: str | None, state_dir: str | None,
                 git_dirs: tuple[str, str] | None) -> list[tuple[str, str]]:
    """``git config --get-regexp pattern``, from the cache when no config file changed.

    ``git_dirs`` (git dir, common dir) enables the cache; without it git is asked.
    """
    pairs = _cached_git_config(state_dir, git_dirs) if state_dir and git_dirs else None
    if pairs is None:
        pairs = git.config_regexp(pattern, cwd)
        if state_dir and git_dirs:
            _store_git_config(state_dir, git_dirs, pairs)
    return pairs


def toml_table(stamp: Stamp, state_dir: str | None,
               parse: Callable[[], dict[str, object]]) -> dict[str, object]:
    """The parsed config.toml whose identity is ``stamp``; ``parse`` runs on a miss."""
    cached = _TOML.load(state_dir, stamp)
    if isinstance(cached, dict):
        return dict(cached)
    table = parse()
    _TOML.store(state_dir, stamp, table, create=True)
    return table


def _git_config_files(git_dirs: tuple[str, str]) -> list[str] | None:
    """Every file ``git config`` reads here, or None when something else feeds it."""
    env = os.environ
    if "GIT_CONFIG_PARAMETERS" in env or "GIT_CONFIG_COUNT" in env or "GIT_CONFIG" in env:
        return None
    home = env.get("HOME", "")
    xdg = env.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
    paths = [] if env.get("GIT_CONFIG_NOSYSTEM", "").lower() in ("1", "true", "yes") else \
        [env.get("GIT_CONFIG_SYSTEM", "/etc/gitconfig")]
    if "GIT_CONFIG_GLOBAL" in env:
        paths.append(env["GIT_CONFIG_GLOBAL"])
    else:
        paths += [os.path.join(xdg, "git", "config"), os.path.join(home, ".gitconfig")]
    git_dir, common = git_dirs
    paths += [os.path.join(common, "config"), os.path.join(git_dir, "config.worktree")]
    return paths


def _stamps(paths: list[str]) -> list[tuple[str, int, int, int]] | None:
    """Each file's identity; None if any file includes another (its changes go unseen)."""
    stamps = []
    for path in paths:
        try:
            st = os.stat(path)
        except OSError:
            stamps.append((path, 0, 0, 0))
            continue
        try:
            with open(path, "rb") as fh:
                if b"include" in fh.read().lower():
                    return None
        except OSError:
            return None
        stamps.append((path, st.st_mtime_ns, st.st_size, st.st_ino))
    return stamps


def _cached_git_config(state_dir: str, git_dirs: tuple[str, str]
                       ) -> list[tuple[str, str]] | None:
    paths = _git_config_files(git_dirs)
    stamps = _stamps(paths) if paths is not None else None
    if stamps is None:
        return None
    pairs = _GIT.load(state_dir, stamps)
    return [(str(k), str(v)) for k, v in pairs] if isinstance(pairs, list) else None


def _store_git_config(state_dir: str, git_dirs: tuple[str, str],
                      pairs: list[tuple[str, str]]) -> None:
    if not os.path.isdir(state_dir):
        return  # no state here yet: maybe a repository that never chose gitmemory
    paths = _git_config_files(git_dirs)
    stamps = _stamps(paths) if paths is not None else None
    if stamps is not None:
        _GIT.store(state_dir, stamps, pairs)


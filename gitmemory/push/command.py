"""The ``git push`` a pre-push hook runs under, as far as the hook can tell.

Git gives a pre-push hook the remote and the refs, not the options the push was
given: not ``--dry-run``, not ``-u``.  On Linux the hook reads the command lines
of the processes above it (``/proc/<pid>/cmdline``): the nearest ``git push``
among them is the command that was typed, whether the native shim or
pre-commit's hook script and runner stand between.  Elsewhere (macOS,
Windows), or when no ancestor reads as ``git push`` (a push started by an IDE
through a library), :func:`typed` is None and callers fall back to what git
said (docs/troubleshooting.md, "A dry run").
"""

from __future__ import annotations

import os
import shlex

MAX_DEPTH = 8  # processes walked up: git, a shell shim or pre-commit's hook and runner
_GLOBAL_WITH_VALUE = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace",
                                "--exec-path", "--config-env"})


def typed(start: int | None = None) -> list[str] | None:
    """The argv of the nearest ``git push`` above this process (or above ``start``)."""
    pid = os.getppid() if start is None else start
    for _ in range(MAX_DEPTH):
        if pid <= 1:
            return None
        argv = _cmdline(pid)
        if argv and _is_push(argv):
            return argv
        pid = _parent(pid)
    return None


def dry_run(argv: list[str] | None) -> bool:
    """Whether ``argv`` (a ``git push``) only pretends (``--dry-run``, ``-n``)."""
    for word in after_subcommand(argv or []):
        if word == "--":
            return False
        if word == "--dry-run":
            return True
        if word.startswith("-") and not word.startswith("--") and \
                "n" in word[1:].split("o", 1)[0]:  # -n, -fn; after -o comes its value
            return True
    return False


def again(argv: list[str] | None, remote: str, branch: str, upstream: bool) -> str:
    """The command to run to send what a stopped push did not: the push as typed, else
    ``git push`` (with ``-u <remote> <branch>`` while the branch has no upstream, where
    a bare ``git push`` would fail).  A URL's user and password are never repeated."""
    if argv:
        return shlex.join(["git", *(_unsecret(word) for word in argv[1:])])
    if upstream or not remote:
        return "git push"
    return shlex.join(["git", "push", "-u", _unsecret(remote), branch])


def _unsecret(word: str) -> str:
    """``word`` with the credentials of a URL in it masked (``https://***@host/x``)."""
    scheme, sep, rest = word.partition("://")
    host, at, path = rest.partition("@")
    if not sep or not at or "/" in host:
        return word
    return f"{scheme}://***@{path}"


def _is_push(argv: list[str]) -> bool:
    if os.path.basename(argv[0]) not in ("git", "git.exe"):
        return False
    words = _before_subcommand(argv)
    return len(words) < len(argv) - 1 and argv[len(words) + 1] == "push"


def _before_subcommand(argv: list[str]) -> list[str]:
    """git's global options (and their values) between ``git`` and the subcommand."""
    out: list[str] = []
    rest = iter(argv[1:])
    for word in rest:
        if not word.startswith("-"):
            break
        out.append(word)
        if word in _GLOBAL_WITH_VALUE:
            out.append(next(rest, ""))
    return out


def after_subcommand(argv: list[str]) -> list[str]:
    """The words of a ``git push`` after ``push``."""
    return argv[len(_before_subcommand(argv)) + 2:] if argv else []


def _cmdline(pid: int) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            raw = fh.read()
    except OSError:
        return None
    words = raw.rstrip(b"\0").split(b"\0")
    return [w.decode("utf-8", "surrogateescape") for w in words] if raw else None


def _parent(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            stat = fh.read().decode("ascii", "replace")
    except OSError:
        return 0
    fields = stat[stat.rfind(")") + 2:].split()  # the command name may hold spaces
    return int(fields[1]) if len(fields) > 1 and fields[1].isdigit() else 0

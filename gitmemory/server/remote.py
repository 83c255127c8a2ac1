"""The CI job's git: its own commands, the server's branches, and what a refused push means.

See docs/design.md, "Team memory in CI".  Every git command the job runs has
hooks switched off (``core.hooksPath=/dev/null``): a CI job runs no hook of
the repository's or the runner's.  A token in ``GITMEMORY_PUSH_TOKEN`` reaches
git through a credential helper that reads it from the environment, so it is
never on a command line, in a config file or in the log; the remote's URL is
then used without the credentials a CI checkout may have put in it, and no URL
is ever shown with its user part.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from gitmemory import git
from gitmemory.errors import GitmemoryError

TOKEN_ENV = "GITMEMORY_PUSH_TOKEN"  # noqa: S105 - the name of a variable, not a token
USER_ENV = "GITMEMORY_PUSH_USER"
HOOKS_OFF = ("-c", "core.hooksPath=/dev/null")
# git runs a helper that starts with "!" through the shell, with its own environment:
# the token is read there, when git asks, and written only to git's pipe.
_HELPER = ('!f() { test "$1" = get || exit 0; '
           'echo "username=${GITMEMORY_PUSH_USER:-x-access-token}"; '
           'echo "password=${GITMEMORY_PUSH_TOKEN}"; }; f')


class Git(git.Handle):
    """git in one repository as the job runs it (:class:`gitmemory.git.Handle`): hooks off,
    never prompting, and no URL in an error with its user part."""

    def __init__(self, repo_dir: str, extra_env: dict[str, str] | None = None) -> None:
        super().__init__(repo_dir, {**git.clean_env(repo_dir), "GIT_TERMINAL_PROMPT": "0",
                                    **(extra_env or {})}, HOOKS_OFF)

    def shown(self, text: str) -> str:
        return without_userinfo(text)


def without_userinfo(text: str) -> str:
    """``text`` with the ``user:password@`` part of every URL in it taken out."""
    out = []
    for word in text.split(" "):
        scheme, sep, rest = word.partition("://")
        host = rest.split("/", 1)[0]
        out.append(f"{scheme}://{rest.split('@', 1)[1]}" if sep and "@" in host else word)
    return " ".join(out)


@dataclass
class Pushed:
    """How the server answered a push: ``ok``, ``behind`` (not a fast-forward: fetch,
    rebase, retry) or ``refused`` (the server said no: a protected branch, a hook)."""

    status: str
    reason: str = ""


class Remote:
    """The server the CI checkout came from (``origin``), as the job talks to it."""

    def __init__(self, repo_dir: str, name: str = "origin") -> None:
        self.name = name
        token = os.environ.get(TOKEN_ENV, "")
        self.git = Git(repo_dir)
        code, url, _ = self.git.status(["config", "--get", f"remote.{name}.url"])
        if code != 0 or not url.strip():
            raise GitmemoryError(f"no remote {name!r} to sync with",
                                 hint="run in a clone of the repository (git remote -v)")
        self.url = without_userinfo(url.strip())
        self.target = self.url if token else name
        self.auth: list[str] = ["-c", "credential.helper=", "-c", f"credential.helper={_HELPER}",
                                "-c", "credential.interactive=false"] if token else []

    def fetch(self) -> None:
        """Every branch of the server into ``refs/remotes/<name>/``; gone ones pruned; the
        whole history (a shallow CI checkout is deepened: merges are told by ancestry)."""
        shallow = self.git.run(["rev-parse", "--is-shallow-repository"]).strip() == "true"
        self.git.run([*self.auth, "fetch", "--quiet", "--prune", "--no-tags",
                      *(["--unshallow"] if shallow else []), self.target,
                      f"+refs/heads/*:refs/remotes/{self.name}/*"])

    def branches(self) -> dict[str, str]:
        """The server's branches (as last fetched) and their tips."""
        prefix = f"refs/remotes/{self.name}/"
        return {ref[len(prefix):]: sha for sha, ref in git.refs([prefix], self.git.repo_dir)
                if ref != prefix + "HEAD"}

    def push(self, sha: str, branch: str) -> Pushed:
        """Push commit ``sha`` to ``branch``: never forced."""
        code, out, err = self.git.status([*self.auth, "push", "--porcelain", "--no-verify",
                                          self.target, f"{sha}:{git.HEADS}{branch}"])
        return _answer(code, out, err, git.HEADS + branch)


def _answer(code: int, out: str, err: str, ref: str) -> Pushed:
    """The porcelain line for ``ref``: ``[rejected]`` is ours to fix (fetch first,
    non-fast-forward); ``[remote rejected]`` is the server's refusal."""
    for line in out.splitlines():
        fields = line.split("\t")
        if len(fields) < 3 or not fields[1].endswith(":" + ref):
            continue
        flag, summary = fields[0], fields[2]
        if flag in ("*", " ", "+", "="):
            return Pushed("ok")
        if summary.startswith("[rejected]"):
            return Pushed("behind", summary)
        if summary.startswith("[remote rejected]"):
            return Pushed("refused", without_userinfo(summary))
        return Pushed("error", without_userinfo(summary))
    if code == 0:
        return Pushed("ok")
    last = err.strip().splitlines()[-1] if err.strip() else f"exit code {code}"
    return Pushed("error", without_userinfo(last))

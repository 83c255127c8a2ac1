"""The pre-push scan of memory files and agent files for secrets (docs/design.md, "Invariants").

Each text is scanned as written and as read (:mod:`gitmemory.secrets.folded`): a token
split by an invisible character or typed in full-width letters is found too.
"""

from __future__ import annotations

import os
from itertools import pairwise

from gitmemory import files, git
from gitmemory.errors import ConfigError, GitmemoryError
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.outputs import sync
from gitmemory.outputs.targets import Target
from gitmemory.repo import Repo
from gitmemory.secrets import folded


def scan_text(where: str, text: str) -> list[tuple[str, int, str]]:
    return [(where, f.line, f.rule) for f in folded.scan_as_read(text)]


def scan_push(repo: Repo, commits: list[str], published: list[str] | None = None,
              remote: str = "") -> list[tuple[str, int, str]]:
    """Findings in the memory files the push would publish, and in the agent files.

    That is the memory files (and agent files a branch tracks) in each pushed commit's
    tree and every version of them in the commits being pushed, a merge commit's against
    each of its parents: a secret committed and then removed by a later commit still
    travels in the history.  ``published`` are the destination's old tips; commits they,
    or ``remote``'s tracking refs, reach are not scanned: history another remote has is
    not published to this one.
    """
    findings: list[tuple[str, int, str]] = []
    agents = read_by_agents(repo)
    trees, tracked = _in_trees(repo, commits, agents)
    blobs = [blob for tree in trees for blob in _tree_blobs(repo, tree)]
    blobs += tracked
    blobs += _history_blobs(repo, commits, published or [], remote, agents)
    unique = list(dict.fromkeys(blob for _, blob in blobs))
    paths = {blob: path for path, blob in reversed(blobs)}
    for blob, answer in zip(unique, git.cat_file(unique, repo.toplevel), strict=True):
        if answer is None:
            raise GitmemoryError(f"memory file {paths[blob]} ({blob[:12]}) cannot be read")
        findings += scan_text(paths[blob], git.decode(answer[2]))
    for rel, _target in agent_files(repo):
        path = os.path.join(repo.toplevel, rel)
        generated = None if os.path.islink(path) else files.read_text(path)
        if generated:
            findings += scan_text(rel, generated)
    return findings


def agent_files(repo: Repo) -> list[tuple[str, Target]]:
    """The agent files to scan, by path: those the settings ask for, or the defaults when
    a setting they need is bad (the scan runs whatever is wrong with the settings)."""
    from gitmemory import config

    try:
        return sync.generated(repo.toplevel, repo.cfg)
    except ConfigError:
        return sync.generated(repo.toplevel, config.defaults())


def read_by_agents(repo: Repo) -> list[str]:
    """Every path an agent reads as instructions, whatever the settings ask gitmemory to
    write: the agent files it renders here, and each agent's own files (``AGENTS.md``,
    ``GEMINI.md``, ``.cursorrules``, rule directories, base files).  A branch that tracks
    one publishes what it says, so the push scans it."""
    from gitmemory import config
    from gitmemory.outputs.targets import AGENTS

    paths = [rel for rel, _target in agent_files(repo)]
    for cfg in (repo.cfg, config.defaults()):
        for agent in AGENTS.values():
            try:
                target = agent.build(cfg)
            except ConfigError:
                continue
            paths += [target.path, *(name for name in (target.base, getattr(
                target, "legacy_base", None)) if name)]
            paths += [sign.rstrip("/") for sign in agent.signs]
    return list(dict.fromkeys(path for path in paths if path))


def _in_trees(repo: Repo, commits: list[str], paths: list[str]
              ) -> tuple[list[str], list[tuple[str, str]]]:
    """The distinct trees of the memory directory in ``commits`` (branches share most), and
    (path, blob) of the agent files among ``paths`` that their trees hold (a branch may
    track its own ``CLAUDE.md``): one process, given each commit's tree
    (:func:`gitmemory.git.tree_of`), so that no commit is read whole."""
    trees = [git.tree_of(commit, repo.toplevel) for commit in commits]
    asked = [(path, f"{tree}:{path}") for tree in trees for path in paths]
    answers = git.cat_file([*(f"{tree}:{MEMORY_DIR}" for tree in trees),
                            *(spec for _, spec in asked)], repo.toplevel, contents=False)
    found = list(dict.fromkeys(a[0] for a in answers[:len(commits)]
                               if a is not None and a[1] == "tree"))
    return found, [(path, answer[0]) for (path, _), answer in
                   zip(asked, answers[len(commits):], strict=True)
                   if answer is not None and answer[1] == "blob"]


def _tree_blobs(repo: Repo, tree: str) -> list[tuple[str, str]]:
    code, out = git.run_status(["ls-tree", "-r", "-z", tree], repo.toplevel)
    if code != 0:
        raise GitmemoryError(f"the memory directory's tree {tree[:12]} cannot be read")
    found = []
    for entry in out.split("\0"):
        meta, _, path = entry.partition("\t")
        parts = meta.split()
        if len(parts) == 3 and parts[1] == "blob":
            found.append((f"{MEMORY_DIR}/{path}", parts[2]))
    return found


def _history_blobs(repo: Repo, commits: list[str], published: list[str], remote: str,
                   agents: list[str]) -> list[tuple[str, str]]:
    """(path, blob) of each memory and agent file version written by the commits being
    pushed, merges against each parent (``-m``)."""
    if not commits:
        return []
    known = [sha for sha in published
             if sha != git.ZERO_SHA and git.rev_parse(sha, repo.toplevel)]
    code, out = git.run_status(["log", "--format=", "--raw", "-m", "--no-abbrev",
                                "--no-renames", "-z", *commits, "--not", *known,
                                *tracking(remote), "--", MEMORY_DIR,
                                *(f":(literal){path}" for path in agents)], repo.toplevel)
    tokens = out.split("\0") if code == 0 else []
    found = []
    for meta, path in pairwise(tokens):
        parts = meta.lstrip("\n").split()
        if len(parts) == 5 and parts[0].startswith(":") and parts[3] != git.ZERO_SHA:
            found.append((path, parts[3]))
    return found


_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-")


def tracking(remote: str) -> list[str]:
    """The ``git log`` option naming ``remote``'s tracking refs: what the destination of
    the push already has ([] for a URL or a path: no ref says what it holds)."""
    if not remote or not set(remote) <= _NAME_CHARS or remote.startswith((".", "-")):
        return []
    return [f"--remotes={remote}"]

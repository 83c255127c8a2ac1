"""The pre-push scan of memory files and CLAUDE.md for secrets (SPEC §8, third pass)."""

from __future__ import annotations

import os

from gitmemory import files, git
from gitmemory.branch_files import MEMORY_DIR
from gitmemory.redact import scan
from gitmemory.repo import Repo


def scan_text(where: str, text: str) -> list[tuple[str, int, str]]:
    return [(where, f.line, f.rule) for f in scan(text)]


def scan_push(repo: Repo, commits: list[str], known: list[str] | None = None
              ) -> list[tuple[str, int, str]]:
    """Findings in the memory files being pushed and in CLAUDE.md.

    ``commits`` are the pushed tips; their trees are scanned, and so is every
    memory-file version that a pushed commit not yet on any remote (nor in
    ``known``, the remote's old tips) introduced: a secret removed by a later
    commit still travels in the one that added it.
    """
    findings: list[tuple[str, int, str]] = []
    seen: set[str] = set()
    blobs = [(path, blob) for commit in commits for path, blob in _tree_blobs(repo, commit)]
    blobs += [(f"{path} (commit {sha[:10]})", blob)
              for sha, path, blob in _history_blobs(repo, commits, known or [])]
    for where, blob in blobs:
        if blob in seen:
            continue
        seen.add(blob)
        findings += scan_text(where, git.run(["cat-file", "blob", blob], repo.toplevel))
    output = os.path.join(repo.toplevel, repo.cfg.output_file)
    generated = None if os.path.islink(output) else files.read_text(output)
    if generated:
        findings += scan_text(repo.cfg.output_file, generated)
    return findings


def _tree_blobs(repo: Repo, commit: str) -> list[tuple[str, str]]:
    code, out = git.run_status(["ls-tree", "-r", "-z", commit, "--", MEMORY_DIR], repo.toplevel)
    found = []
    for entry in out.split("\0") if code == 0 else []:
        meta, _, path = entry.partition("\t")
        parts = meta.split()
        if len(parts) == 3 and parts[1] == "blob":
            found.append((path, parts[2]))
    return found


def _history_blobs(repo: Repo, commits: list[str], known: list[str]
                   ) -> list[tuple[str, str, str]]:
    """(commit, path, blob) for each memory-file version the new commits wrote."""
    if not commits:
        return []
    present = [sha for sha in known if git.rev_parse(sha + "^{commit}", repo.toplevel)]
    code, out = git.run_status(
        ["log", "-z", "--format=commit %H", "--raw", "--no-renames", "--no-abbrev", *commits,
         "--not", "--remotes", *present, "--", MEMORY_DIR], repo.toplevel)
    found: list[tuple[str, str, str]] = []
    tokens = [token.strip() for token in out.split("\0")] if code == 0 else []
    commit = ""
    for index, token in enumerate(tokens):
        if token.startswith("commit "):
            commit = token[len("commit "):]
        elif token.startswith(":") and index + 1 < len(tokens):
            parts = token.split()
            if len(parts) >= 4 and parts[3].strip("0"):
                found.append((commit, tokens[index + 1], parts[3]))
    return found

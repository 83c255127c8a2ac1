"""The pre-push scan of memory files and CLAUDE.md for secrets (SPEC §8, third pass)."""

from __future__ import annotations

import os

from gitmemory import files, git
from gitmemory.branch_files import MEMORY_DIR
from gitmemory.redact import scan
from gitmemory.repo import Repo


def scan_text(where: str, text: str) -> list[tuple[str, int, str]]:
    return [(where, f.line, f.rule) for f in scan(text)]


def scan_push(repo: Repo, commits: list[str]) -> list[tuple[str, int, str]]:
    """Findings in the memory files of each pushed commit's tree and in CLAUDE.md."""
    findings: list[tuple[str, int, str]] = []
    seen: set[str] = set()
    for commit in commits:
        code, out = git.run_status(["ls-tree", "-r", "-z", commit, "--", MEMORY_DIR],
                                   repo.toplevel)
        if code != 0:
            continue
        for entry in out.split("\0"):
            meta, _, path = entry.partition("\t")
            parts = meta.split()
            if len(parts) != 3 or parts[1] != "blob" or parts[2] in seen:
                continue
            seen.add(parts[2])
            text = git.run(["cat-file", "blob", parts[2]], repo.toplevel)
            findings += scan_text(path, text)
    output = os.path.join(repo.toplevel, repo.cfg.output_file)
    generated = None if os.path.islink(output) else files.read_text(output)
    if generated:
        findings += scan_text(repo.cfg.output_file, generated)
    return findings

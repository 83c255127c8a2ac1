"""The pre-push scan for secrets (SPEC §8, third pass): memory files and CLAUDE.md.

Every version of a memory file that the push would send is scanned, not just
the one at the tip: a secret removed by a later commit still travels in
history.  Findings name the file, line and rule, never the secret.
"""

from __future__ import annotations

import os

from gitmemory import files, git
from gitmemory.branch_files import MEMORY_DIR
from gitmemory.redact import scan
from gitmemory.repo import Repo

Finding = tuple[str, int, str]  # where, line, rule


def scan_text(where: str, text: str) -> list[Finding]:
    return [(where, f.line, f.rule) for f in scan(text)]


def pushed_blobs(repo_dir: str, ranges: list[tuple[str, str | None]]) -> dict[str, str]:
    """blob sha -> path, for every memory-file version in the commits being pushed.

    ``ranges`` holds (new tip, old remote tip or None); with no old tip, the
    commits no remote-tracking ref has yet.
    """
    blobs: dict[str, str] = {}
    for tip, old in ranges:
        exclude = [f"^{old}"] if old else ["--not", "--remotes"]
        out = git.run(["log", "--no-renames", "--format=", "--raw", "-z", tip, *exclude,
                       "--", MEMORY_DIR], repo_dir)
        fields = out.split("\0")
        for meta, path in zip(fields[::2], fields[1::2], strict=False):
            parts = meta.split()
            if len(parts) >= 5 and parts[4] != "D" and parts[3] != git.ZERO_SHA:
                blobs.setdefault(parts[3], path)
        listing = git.run(["ls-tree", "-r", "-z", tip, "--", MEMORY_DIR], repo_dir)
        for entry in listing.split("\0"):
            meta, _, path = entry.partition("\t")
            parts = meta.split()
            if len(parts) == 3 and parts[1] == "blob":
                blobs.setdefault(parts[2], path)
    return blobs


def scan_push(repo: Repo, ranges: list[tuple[str, str | None]]) -> list[Finding]:
    """Findings in the memory files being pushed and in the work tree's CLAUDE.md."""
    findings: list[Finding] = []
    for blob, path in pushed_blobs(repo.toplevel, ranges).items():
        text = git.run(["cat-file", "blob", blob], repo.toplevel)
        findings += scan_text(path, text)
    output = os.path.join(repo.toplevel, repo.cfg.output_file)
    generated = None if os.path.islink(output) else files.read_text(output)
    if generated:
        findings += scan_text(repo.cfg.output_file, generated)
    return sorted(set(findings))

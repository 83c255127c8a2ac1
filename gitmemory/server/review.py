"""``gitmemory ci review``: the pull-request job (docs/design.md, "Team memory in CI").

What the pull request changes in memory (``gitmemory diff``'s comparison),
whether a new item reads as an instruction to an agent (``diff --check``),
the secret scan (:mod:`gitmemory.push.scan`'s rules) over every version of a
memory file the pull request brings, and whether it changes the default
branch's own memory, which only the default branch's job writes.  A finding is
named by file, line and rule, never by value; everything the job prints or
writes to the job summary is redacted first.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from gitmemory.errors import GitmemoryError
from gitmemory.memory import read
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.memory.markdown import title_for
from gitmemory.recall import review as comment
from gitmemory.recall.diff import BranchDiff, base_commit, memory_diff
from gitmemory.repo import Repo
from gitmemory.secrets.folded import redact_as_read
from gitmemory.server.remote import Git, Remote

# Where each CI names the branch a pull request goes into.
BASE_VARIABLES = ("GITHUB_BASE_REF", "CI_MERGE_REQUEST_TARGET_BRANCH_NAME")


@dataclass
class Review:
    base: str
    commit: str
    diffs: list[BranchDiff]
    findings: list[tuple[str, int, str]] = field(default_factory=list)
    default_changed: str | None = None  # the default branch's memory file, if changed

    @property
    def held(self) -> int:
        return sum(1 for d in self.diffs for c in d.changes if c.held_back)

    @property
    def misnamed(self) -> list[BranchDiff]:
        """Memory files whose title names another branch than their path does."""
        return [d for d in self.diffs if d.misnamed]

    @property
    def failed(self) -> bool:
        return bool(self.held or self.findings or self.misnamed)

    def lines(self) -> list[str]:
        counts = {k: sum(d.count(k) for d in self.diffs) for k in ("added", "changed",
                                                                   "removed")}
        out = [f"gitmemory ci review: memory against {title_for(self.base)} (merge-base "
               f"{self.commit[:10]}): +{counts['added']} ~{counts['changed']} "
               f"-{counts['removed']} in {len(self.diffs)} memory file(s)"]
        out += [f"possible secret in {where} line {line} ({rule}): take it out of every "
                "commit of the pull request" for where, line, rule in self.findings]
        if self.held:
            out.append(f"{self.held} new item(s) read as instructions to an agent: remove or "
                       "reword them (gitmemory diff lists them)")
        out += [f"{d.path} names the branch {title_for(d.branch)!r}, which its path does not: "
                "a memory file is its branch's own (name it after its title, or fix the "
                "title)" for d in self.misnamed]
        if self.default_changed:
            out.append(f"warning: the pull request changes {self.default_changed}, the default "
                       "branch's memory, which its CI job writes: the pull request may conflict "
                       f"(git checkout {title_for(self.base)} -- {self.default_changed} takes "
                       "it out)")
        out.append("memory review: " + ("failed" if self.failed else "passed"))
        return [redact_as_read(line)[0] for line in out]

    def markdown(self) -> str:
        text = comment.markdown(title_for(self.base), self.commit, self.diffs)
        if self.findings:
            text += "\n> [!CAUTION]\n> Possible secrets in memory files (values not shown):\n"
            text += "".join(f"> - `{where}` line {line} ({rule})\n"
                            for where, line, rule in self.findings)
        if self.misnamed:
            text += "\n> [!CAUTION]\n> Memory files titled as another branch than their path:\n"
            text += "".join(f"> - `{d.path}` names `{title_for(d.branch)}`\n"
                            for d in self.misnamed)
        if self.default_changed:
            text += (f"\n> [!WARNING]\n> This pull request changes `{self.default_changed}`, "
                     "the default branch's memory, which only its CI job writes.\n")
        return redact_as_read(text)[0]


def run(repo: Repo, base: str | None, default: str | None) -> Review:
    base = base or _ci_base() or _default_base(repo, default)
    g = Git(repo.toplevel)
    if g.rev(base) is None or _shallow(g):
        Remote(repo.toplevel).fetch()
    commit = base_commit(repo.toplevel, base)
    found = Review(base, commit, memory_diff(repo.toplevel, commit))
    found.findings = scan(g, commit)
    own = _default_file(repo, commit, default)
    if own and g.blob(commit, own) != g.blob("HEAD", own):
        found.default_changed = own
    return found


def _ci_base() -> str | None:
    for name in BASE_VARIABLES:
        value = os.environ.get(name, "").strip()
        if value:
            return f"origin/{value}"
    return None


def _default_base(repo: Repo, default: str | None) -> str:
    name = default or read.default_branch(repo.info, repo.cfg)
    if not name:
        raise GitmemoryError("no base branch to review against",
                             hint="name it: gitmemory ci review origin/main")
    return f"origin/{name}"


def _default_file(repo: Repo, commit: str, default: str | None) -> str | None:
    name = default or (_ci_base() or "").removeprefix("origin/") or \
        read.default_branch(repo.info, repo.cfg)
    found = read.in_tree(repo.toplevel, commit, name) if name else None
    return found.rel_path if found else None


def _shallow(g: Git) -> bool:
    return g.run(["rev-parse", "--is-shallow-repository"]).strip() == "true"


def scan(g: Git, base: str) -> list[tuple[str, int, str]]:
    """Secret findings in every memory file version in ``base..HEAD`` (merges' included)
    and in HEAD's tree where it differs from ``base``: a secret added and removed again is
    still pushed."""
    from gitmemory.push.scan import scan_text

    blobs: dict[str, str] = {}
    out = g.run(["log", "--format=", "--raw", "-m", "--no-abbrev", "--no-renames", "-z", "HEAD",
                 f"^{base}", "--", MEMORY_DIR])  # -m: a merge's version against each parent
    tokens = out.split("\0")
    for meta, path in zip(tokens[0::2], tokens[1::2], strict=False):
        parts = meta.strip("\n").lstrip(":").split()
        if len(parts) >= 4 and set(parts[3]) != {"0"}:
            blobs.setdefault(parts[3], path)
    for path, (_, after) in _tree_changes(g, base).items():
        if after:
            blobs.setdefault(after, path)
    findings = []
    for blob, path in blobs.items():
        findings += scan_text(path, g.text(blob))
    return sorted(set(findings))


def _tree_changes(g: Git, base: str) -> dict[str, tuple[str | None, str | None]]:
    from gitmemory.server.memory_commit import memory_changes

    return memory_changes(g, base, "HEAD")

"""``gitmemory ci sync``: the default branch's CI job (docs/design.md, "Team memory in CI").

Run on every push to the default branch, in a fresh clone with no hooks:

1. fetch the server's branches (``remote.py``); the default branch's tip is the base;
2. find the memory files of branches merged into it (``merged.py``);
3. in a private repository (``scratch.py``): fold their items into the default
   branch's memory with promote's logic (``maintenance/promote.fold``), then
   memorize the default branch's new commits that no merged branch's memory covers
   (``covered.py``) with the configured provider;
4. make one memory commit of it all, the merged (and deleted) branches' files
   removed, as the bot, marked ``[skip ci]`` (``memory_commit.py``);
5. push it; when the branch moved meanwhile, rebase that commit onto the new
   tip and try again, a bounded number of times, never forcing; when the
   server refuses the branch (protected), push to an update branch instead.

Nothing new makes no commit.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from gitmemory import output
from gitmemory.errors import GitmemoryError
from gitmemory.maintenance import promote
from gitmemory.memory import read, write
from gitmemory.memory.markdown import title_for
from gitmemory.providers import for_repo
from gitmemory.repo import Repo
from gitmemory.server import covered, memory_commit, merged
from gitmemory.server.remote import Git, Remote
from gitmemory.server.report import Summary
from gitmemory.server.scratch import Scratch

MAX_TRIES = 5


@dataclass
class Options:
    branch: str | None = None  # the default branch; None: the settings, then the server's
    provider: str | None = None
    remote: str = "origin"
    dry_run: bool = False
    update_prefix: str = "gitmemory/"
    pause: float = 0.5  # seconds before the first retry; doubled each time
    overrides: dict[str, object] = field(default_factory=dict)


def sync(repo_dir: str, options: Options) -> Summary:
    g = Git(repo_dir)
    remote = Remote(repo_dir, options.remote)
    remote.fetch()
    live = remote.branches()
    default = options.branch or _default_branch(repo_dir, remote)
    if default not in live:
        raise GitmemoryError(f"the server has no branch {default!r}",
                             hint="name the default branch: gitmemory ci sync --branch NAME")
    tip = live[default]
    summary = Summary(default, tip)
    files = merged.branch_files(g, tip, default, live)
    overrides: dict[str, object] = {**options.overrides, "default_branch": default}
    if options.provider:
        overrides["provider"] = options.provider
    with Scratch(g, default, tip) as scratch:
        job = _Job(scratch, scratch.repo(overrides), g, summary)
        sha = job.run(files)
    if sha is None or options.dry_run:
        return summary
    _push(remote, sha, options, summary)
    return summary


def _default_branch(repo_dir: str, remote: Remote) -> str:
    """The settings' default branch, else the server's HEAD, else main or master."""
    repo = Repo.open(repo_dir)
    if repo.cfg.default_branch:
        return repo.cfg.default_branch
    code, out, _ = remote.git.status([*remote.auth, "ls-remote", "--symref", remote.target,
                                      "HEAD"])
    for line in out.splitlines() if code == 0 else []:
        if line.startswith("ref: refs/heads/") and line.endswith("\tHEAD"):
            return line[len("ref: refs/heads/"):-len("\tHEAD")]
    name = read.default_branch(repo.info, repo.cfg)
    if name:
        return name
    raise GitmemoryError("no default branch found", hint="name it: gitmemory ci sync --branch NAME")


class _Job:
    """One run's work in the scratch repository, on the default branch at the server's tip."""

    def __init__(self, scratch: Scratch, repo: Repo, g: Git, summary: Summary) -> None:
        self.scratch, self.repo, self.g, self.summary = scratch, repo, g, summary
        self.default, self.tip = summary.branch, summary.tip
        self.provider, reason = for_repo(repo.cfg.provider, repo.cfg, repo.info.state_dir)
        summary.provider = f"{self.provider.name} ({reason})"

    def progress(self, line: str) -> None:
        """What a slow step is doing, when it waits for a model (stderr, as it happens)."""
        if self.provider.network:
            output.note(f"{line} ({self.provider.name})")

    def run(self, files: list[merged.BranchFile]) -> str | None:
        """Fold, memorize, and make the one commit (None: nothing changed)."""
        removed = self.fold(files)
        self.memorize()
        self.summary.read_usage(self.repo.info.state_dir)
        return self.one_commit(removed)

    def fold(self, files: list[merged.BranchFile]) -> dict[str, str | None]:
        """Fold what is due into the default branch's memory (a memory commit in the scratch
        repository); the merged files to remove."""
        from gitmemory.push.scan import scan_text

        repo, summary = self.repo, self.summary
        loc, found = read.find(repo.toplevel, self.default)
        existing = found.memory if found else None
        todo = [f for f in files if f.to_fold]
        cap = repo.cfg.max_branches_per_run
        now = todo[:cap]
        changed = False
        for item in now:
            assert item.memory is not None
            self.progress(f"folding {item.branch} into {self.default}")
            for where, line, rule in scan_text(item.path, self.g.text(item.blob)):
                summary.notes.append(f"possible secret in {where} line {line} ({rule}): "
                                     "redacted where folded; it stays in the history, so "
                                     "rotate it")
                summary.failed = True
            # promote's logic, memory in and memory out: the blob reader's memory is
            # shared, so the fold gets a copy; None: the branch brings nothing
            new, result = promote.fold(self.default, existing, item.memory.copy(),
                                       self.provider, cap=repo.cfg.max_items_per_section)
            result.message = f"from {item.branch}" if new is not None else \
                f"{item.branch} has no items"
            summary.folded.append((item, result))
            changed = changed or new is not None
            existing = new if new is not None else existing
        summary.kept = [f for f in files if f.state == merged.KEPT]
        summary.left = [f for f in files if f.state in (merged.LIVE, merged.UNREADABLE)]
        summary.waiting = len(todo) - len(now)
        if changed and existing is not None:
            write.write(repo, loc, found.text if found else None, existing,
                        summary="folded merged branches", commit=True, relocate=True)
        return {f.path: None for f in files
                if f.state == merged.GONE and (f.folded_before or f in now)}

    def memorize(self) -> None:
        """The default branch's new commits: none to read when the folded branches' memory
        covers them all (``Through:`` moves to the tip), else memorized."""
        from gitmemory.pipeline.memorize import memorize
        from gitmemory.pipeline.mode import COMMIT

        g, tip = self.g, self.tip
        loc, found = read.find(self.repo.toplevel, self.default)
        memory = found.memory if found else None
        folded = [f.memory.through for f, _ in self.summary.folded
                  if f.memory and f.memory.through]
        if memory is not None and memory.through and g.rev(memory.through) \
                and g.is_ancestor(memory.through, tip):
            real, left = covered.uncovered(g, memory.through, tip, folded)
            if not real:
                return  # nothing but merges and memory commits since Through:
            if not left:
                self.summary.covered = True
                moved = memory.copy()
                moved.through = tip
                write.write(self.repo, loc, found.text if found else None, moved,
                            summary="commits covered by merged branches", commit=True)
                return
        self.progress(f"memorizing {self.default}'s new commits")
        result = memorize(self.repo, self.default, self.provider, COMMIT)
        self.summary.memorized = result
        if result.status == "error":
            self.summary.failed = True

    def one_commit(self, removed: dict[str, str | None]) -> str | None:
        """Everything the scratch repository wrote, and the removals, as one commit on the
        tip."""
        scratch, summary = self.scratch, self.summary
        head = scratch.head()
        tree = memory_commit.build_tree(scratch.git, head, removed) if removed else \
            memory_commit.tree_of(scratch.git, head)
        if tree == memory_commit.tree_of(scratch.git, self.tip):
            return None
        summary.removed = sorted(removed)
        kept = [f.blob for f, _ in summary.folded if f.state == merged.KEPT]
        sha = memory_commit.commit(scratch.git, tree, [self.tip], _commit_message(summary, kept))
        scratch.hand_back(sha)
        summary.commit = sha
        return sha


def _commit_message(summary: Summary, kept_blobs: list[str]) -> str:
    subject = (f"gitmemory: update memory for {title_for(summary.branch)} "
               f"{memory_commit.SKIP_MARKER}")
    body = "\n".join(summary.commit_lines())
    trailers = [f"{merged.FOLDED_TRAILER}: {blob}" for blob in kept_blobs]
    trailers.append("Gitmemory-Update: true")
    return f"{subject}\n\n{body}\n\n" + "\n".join(trailers) + "\n"


def _push(remote: Remote, sha: str, options: Options, summary: Summary) -> None:
    g, default, pause = remote.git, summary.branch, options.pause
    for _attempt in range(MAX_TRIES):
        answer = remote.push(sha, default)
        if answer.status == "ok":
            summary.pushed_to = default
            return
        if answer.status == "refused":
            summary.refused = answer.reason
            _to_update_branch(g, remote, sha, options.update_prefix + default, summary)
            return
        if answer.status != "behind":
            raise GitmemoryError(f"push to {default} failed: {answer.reason}", hint=(
                "give the job a token that may push: GITMEMORY_PUSH_TOKEN (docs/ci.md)"
                if not remote.auth else "check that GITMEMORY_PUSH_TOKEN may push"))
        time.sleep(pause)
        pause *= 2
        remote.fetch()
        new_tip = remote.branches().get(default)
        if new_tip is None:
            raise GitmemoryError(f"{default} is gone from the server")
        own = read.in_tree(g.repo_dir, sha, default)
        rebased = memory_commit.rebase(g, sha, new_tip, own.rel_path if own else "")
        summary.rebases += 1
        if rebased is None:
            summary.pushed_to = default
            summary.commit = None
            summary.notes.append(f"{default} already holds this memory (another run landed it)")
            return
        sha = summary.commit = rebased
    raise GitmemoryError(f"{default} moved on {MAX_TRIES} times while pushing; nothing pushed",
                         hint="the next run on the default branch takes it up")


def _to_update_branch(g: Git, remote: Remote, sha: str, update: str, summary: Summary) -> None:
    """The default branch is protected: the commit goes to ``update`` instead, on top of
    what an earlier run left there (a merge of it, never a force)."""
    there = remote.branches().get(update)
    if there is not None:
        if memory_commit.same_memory(g, there, sha):
            summary.pushed_to = update
            summary.notes.append(f"{update} already holds this memory")
            summary.commit = None
            return
        parent = g.run(["rev-parse", "--verify", sha + "^1"]).strip()
        message = g.run(["log", "-1", "--format=%B", sha])
        sha = memory_commit.commit(g, memory_commit.tree_of(g, sha), [parent, there], message)
        summary.commit = sha
    answer = remote.push(sha, update)
    if answer.status != "ok":
        raise GitmemoryError(f"{summary.branch} refused the push ({summary.refused}) and so "
                             f"did {update} ({answer.reason})",
                             hint="let the job's token push to one of them")
    summary.pushed_to = update


"""What a sync run did, as a CI log shows it and as its commit message says it."""

from __future__ import annotations

from dataclasses import dataclass, field

from gitmemory.injection.neutralize import neutralize
from gitmemory.memory.markdown import title_for
from gitmemory.pipeline.plan import Result
from gitmemory.server.merged import BranchFile


@dataclass
class Summary:
    branch: str
    tip: str
    provider: str = ""
    folded: list[tuple[BranchFile, Result]] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    kept: list[BranchFile] = field(default_factory=list)  # merged, still on the server
    left: list[BranchFile] = field(default_factory=list)  # not merged, or unreadable
    waiting: int = 0  # merged branches past this run's cap
    memorized: Result | None = None
    covered: bool = False  # the new commits were all covered by folded memory
    calls: int = 0
    tokens: tuple[int, int] = (0, 0)  # input, output
    commit: str | None = None
    pushed_to: str | None = None
    refused: str = ""  # why the server refused the default branch
    rebases: int = 0
    failed: bool = False  # something needs a person (a secret in a merged file)
    notes: list[str] = field(default_factory=list)

    def read_usage(self, state_dir: str) -> None:
        """What the provider calls of this run cost (the run's own, fresh usage log)."""
        from gitmemory.providers.usage import totals

        day = totals(state_dir)["day"]
        self.calls = int(day["calls"])
        self.tokens = (int(day["input_tokens"]), int(day["output_tokens"]))

    def _folded(self) -> str:
        return ", ".join(f"{_name(f.branch)} {r.counts()}" for f, r in self.folded)

    def _memorized(self) -> str | None:
        if self.covered:
            return "memorized: the new commits were all read on their merged branches"
        run = self.memorized
        if run is None:
            return None
        line = f"memorized: {run.commits} commit(s) {run.counts()}" if run.status == "success" \
            else f"memorized: {run.status}"
        return line + (f" ({run.message})" if run.message else "")

    def commit_lines(self) -> list[str]:
        """The memory commit's body."""
        lines = []
        if self.folded:
            lines.append(f"Folded the memory of merged branches: {self._folded()}.")
        if self.removed:
            lines.append(f"Removed {len(self.removed)} merged branch memory file(s).")
        memorized = self._memorized()
        if memorized:
            lines.append(memorized[0].upper() + memorized[1:] + ".")
        return lines or ["Memory checked against the branch."]

    def lines(self) -> list[str]:
        """The summary for the CI log."""
        out = [f"gitmemory ci sync: {_name(self.branch)} at {self.tip[:10]}, "
               f"provider {self.provider}"]
        if self.folded:
            out.append(f"folded: {self._folded()}")
        if self.removed:
            out.append(f"removed: {', '.join(self.removed)}")
        if self.kept:
            out.append(f"kept: {_branch_names(self.kept)} (still on the server: each file goes "
                       "when its branch is deleted)")
        if self.left:
            out.append(f"left alone: {_branch_names(self.left)} (not merged, or not a memory file)")
        if self.waiting:
            out.append(f"waiting: {self.waiting} more merged branch(es) for the next run "
                       "(max_branches_per_run)")
        memorized = self._memorized()
        if memorized:
            out.append(memorized)
        out.append(f"cost: {self.calls} provider call(s), {self.tokens[0]} input + "
                   f"{self.tokens[1]} output tokens")
        out += self.notes
        out.append(self._outcome())
        return out

    def _outcome(self) -> str:
        if self.refused and self.pushed_to:
            return (f"{_name(self.branch)} refused the push ({self.refused}): the memory "
                    f"commit is on {_name(self.pushed_to)} instead; merge it with a pull "
                    "request, or let the job's token push to the branch")
        if self.pushed_to and self.commit:
            again = f" after {self.rebases} rebase(s) onto a newer tip" if self.rebases else ""
            return f"pushed: {self.commit[:10]} to {_name(self.pushed_to)}{again}"
        if self.pushed_to:
            return f"up to date: {_name(self.pushed_to)} already holds this memory"
        if self.commit:
            return f"dry run: would push {self.commit[:10]} to {_name(self.branch)}"
        return "up to date: nothing new, no commit"


def _name(branch: str) -> str:
    """A branch as the log names it: as its memory file's title does (a token-like part
    masked), neutralised."""
    return neutralize(title_for(branch))


def _branch_names(found: list[BranchFile]) -> str:
    return ", ".join(_name(f.branch) if f.branch else f.path for f in found)

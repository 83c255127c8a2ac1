"""gitmemory/server/report.py: what a sync run did, in the CI log and in the memory
commit's message; branch names shown as a reader may see them."""

from __future__ import annotations

from pathlib import Path

from gitmemory.pipeline.plan import Result
from gitmemory.providers import usage
from gitmemory.providers.calls import Completion
from gitmemory.server.merged import BranchFile
from gitmemory.server.report import Summary

TIP = "0123456789abcdef0123456789abcdef01234567"
COMMIT = "fedcba9876543210fedcba9876543210fedcba98"


def _file(branch: str, state: str = "gone") -> BranchFile:
    return BranchFile(f".gitmemory/branches/{branch}.md", "b" * 40, branch, state)


def test_a_run_with_nothing_to_do_says_so() -> None:
    summary = Summary("main", TIP, provider="offline")
    assert summary.lines() == [
        "gitmemory ci sync: main at 0123456789, provider offline",
        "cost: 0 provider call(s), 0 input + 0 output tokens",
        "up to date: nothing new, no commit"]
    assert summary.commit_lines() == ["Memory checked against the branch."]


def test_every_part_of_a_busy_run_is_told_in_order() -> None:
    summary = Summary("main", TIP, provider="anthropic", calls=3, tokens=(1200, 300),
                      commit=COMMIT, pushed_to="main", rebases=2,
                      folded=[(_file("feature/a"), Result("main", "success", added=2,
                                                          updated=1))],
                      removed=[".gitmemory/branches/feature/a.md"],
                      kept=[_file("feature/b", "kept")],
                      left=[_file("wip"), BranchFile(".gitmemory/branches/x.md", "c" * 40,
                                                     "", "unreadable")],
                      waiting=4, notes=["a note of the run"],
                      memorized=Result("main", "success", added=1, commits=5))
    assert summary.lines() == [
        "gitmemory ci sync: main at 0123456789, provider anthropic",
        "folded: feature/a +2 ~1 -0",
        "removed: .gitmemory/branches/feature/a.md",
        "kept: feature/b (still on the server: each file goes when its branch is deleted)",
        "left alone: wip, .gitmemory/branches/x.md (not merged, or not a memory file)",
        "waiting: 4 more merged branch(es) for the next run (max_branches_per_run)",
        "memorized: 5 commit(s) +1 ~0 -0",
        "cost: 3 provider call(s), 1200 input + 300 output tokens",
        "a note of the run",
        "pushed: fedcba9876 to main after 2 rebase(s) onto a newer tip"]
    assert summary.commit_lines() == [
        "Folded the memory of merged branches: feature/a +2 ~1 -0.",
        "Removed 1 merged branch memory file(s).",
        "Memorized: 5 commit(s) +1 ~0 -0."]


def test_a_failed_or_covered_memorize_is_said_as_such() -> None:
    failed = Summary("main", TIP, memorized=Result("main", "error", message="rate limited"))
    assert "memorized: error (rate limited)" in failed.lines()
    assert failed.commit_lines() == ["Memorized: error (rate limited)."]
    covered = Summary("main", TIP, covered=True, memorized=Result("main", "success"))
    assert covered.commit_lines() == [
        "Memorized: the new commits were all read on their merged branches."]


def test_each_outcome_of_the_push() -> None:
    def outcome(**fields: object) -> str:
        return Summary("main", TIP, **fields).lines()[-1]  # type: ignore[arg-type]

    assert outcome(commit=COMMIT, pushed_to="main") == "pushed: fedcba9876 to main"
    assert outcome(pushed_to="main") == "up to date: main already holds this memory"
    assert outcome(commit=COMMIT) == "dry run: would push fedcba9876 to main"
    assert outcome(commit=COMMIT, pushed_to="gitmemory/main", refused="protected") == (
        "main refused the push (protected): the memory commit is on gitmemory/main "
        "instead; merge it with a pull request, or let the job's token push to the branch")


def test_a_branch_name_is_shown_without_its_control_characters() -> None:
    line = Summary("feat/x\u202egnp.exe", TIP).lines()[0]
    assert "\u202e" not in line
    assert line.startswith("gitmemory ci sync: feat/x") and TIP[:10] in line


def test_the_runs_cost_is_read_from_its_usage_log(tmp_path: Path) -> None:
    record = usage.recorder(str(tmp_path), "anthropic")
    record(Completion("a", "claude-x", input_tokens=100, output_tokens=20, seconds=1.5))
    record(Completion("b", "claude-x", input_tokens=50, output_tokens=5))
    summary = Summary("main", TIP)
    summary.read_usage(str(tmp_path))
    assert (summary.calls, summary.tokens) == (2, (150, 25))
    assert "cost: 2 provider call(s), 150 input + 25 output tokens" in summary.lines()

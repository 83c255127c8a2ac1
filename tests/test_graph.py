"""gitmemory/graph.py: the commit graph answers as git does, from a bounded number of processes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gitmemory.graph import Graph
from gitmemory.memory.filenames import MEMORY_DIR
from testing.gitrepo import commit_file, git, gitmemory, memory_text


def _rev(repo: Path, rev: str) -> str:
    return git(repo, "rev-parse", rev).stdout.strip()


def _tangle(repo: Path, seed: int) -> list[str]:
    """Branches forking, merging and racing each other, plus an orphan; every commit made."""
    rng = random.Random(seed)  # noqa: S311 - a reproducible shape, not a secret
    made = [_rev(repo, "HEAD")]
    branches = ["main"]
    for step in range(40):
        move = rng.random()
        if move < 0.2 and len(branches) < 6:
            name = f"b{step}"
            git(repo, "checkout", "-q", "-b", name, rng.choice(made))
            branches.append(name)
        elif move < 0.35 and len(branches) > 1:
            git(repo, "checkout", "-q", rng.choice(branches))
            other = rng.choice(branches)
            git(repo, "merge", "-q", "--no-ff", "-m", f"merge {other}", other, check=False)
            if git(repo, "rev-parse", "-q", "--verify", "MERGE_HEAD", check=False).returncode == 0:
                git(repo, "merge", "--abort")
        else:
            git(repo, "checkout", "-q", rng.choice(branches))
            commit_file(repo, f"f{step % 5}.txt", f"{step}\n", f"step {step}")
        made.append(_rev(repo, "HEAD"))
    git(repo, "checkout", "-q", "--orphan", "lonely")
    git(repo, "rm", "-rq", "--cached", ".")
    commit_file(repo, "lonely.txt", "alone\n", "an unrelated history")
    made.append(_rev(repo, "HEAD"))
    return list(dict.fromkeys(made))


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.slow
def test_ancestry_and_ranges_match_git(repo: Path, seed: int) -> None:
    made = _tangle(repo, seed)
    picked = random.Random(seed).sample(made, min(8, len(made)))  # noqa: S311
    snap = Graph(str(repo))
    snap.load(picked)
    heads = sorted(set(picked) | set(snap.tips.values()))
    for older in heads:
        for newer in heads:
            expected = git(repo, "merge-base", "--is-ancestor", older, newer,
                           check=False).returncode == 0
            assert snap.is_ancestor(older, newer) in (expected, None), (older, newer)
            listed = snap.only_in(newer, older)
            if listed is not None:
                want = git(repo, "rev-list", newer, f"^{older}").stdout.split()
                assert sorted(listed) == sorted(want), (newer, older)
            known, base = snap.merge_base(newer, older)
            if known:  # a best common ancestor, as git's own (--all: criss-cross merges)
                bases = git(repo, "merge-base", "--all", newer, older,
                            check=False).stdout.split()
                assert (base in bases) if bases else base is None, (newer, older)
    answered = sum(snap.is_ancestor(a, b) is not None for a in heads for b in heads)
    assert answered == len(heads) ** 2  # every question about the commits it was given


def test_unknown_commits_are_left_to_git(repo: Path) -> None:
    snap = Graph(str(repo))
    snap.load(["0" * 40])
    assert snap.resolve("0" * 40) == (True, None)
    assert snap.resolve("refs/heads/main") == (True, _rev(repo, "HEAD"))
    assert snap.resolve("HEAD~3") == (False, None)
    assert snap.is_ancestor("feedbeef", "refs/heads/main") is None


def _git_processes(repo: Path, *args: str) -> tuple[int, str]:
    trace = repo.parent / "trace.json"
    trace.unlink(missing_ok=True)
    import os
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "gitmemory", *args], cwd=repo,
                          env={**os.environ, "GIT_TRACE2_EVENT": str(trace)},
                          capture_output=True, text=True, check=True)
    starts = [json.loads(line) for line in trace.read_text().splitlines()]
    return sum(1 for event in starts if event.get("event") == "start"), done.stdout


def _list_processes_by_round(repo: Path, *, through: bool) -> list[int]:
    """Two rounds of four topic branches with memory (``through``: naming the fork in
    ``Through:``; otherwise main moves on after each round), and how many git processes
    ``list`` started after each round."""
    gitmemory(repo, "init", "--hooks", "none")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    counts = []
    for round_ in range(2):
        for n in range(4):
            branch = f"topic/{round_}-{n}"
            git(repo, "checkout", "-q", "-b", branch, "main")
            fork = _rev(repo, "HEAD") if through else None
            commit_file(repo, f"{MEMORY_DIR}/topic_{round_}-{n}.md",
                        memory_text(branch, conventions=("A rule",), through=fork), "memory")
            commit_file(repo, f"t{round_}{n}.py", "x = 1\n", "feat: more work")
        git(repo, "checkout", "-q", "main")
        if not through:
            commit_file(repo, f"m{round_}.py", "x = 1\n", "main moves on")
        counts.append(_git_processes(repo, "list")[0])
    return counts


def _pending_by_branch(repo: Path) -> dict[object, object]:
    rows = json.loads(_git_processes(repo, "list", "--json")[1])
    return {row["branch"]: row["pending"] for row in rows if row["branch"] != "main"}


@pytest.mark.slow
def test_list_asks_git_a_fixed_number_of_times_whatever_the_branch_count(repo: Path) -> None:
    counts = _list_processes_by_round(repo, through=True)
    assert counts[0] == counts[1], counts
    # the feature commit; the commit of the memory file alone is gitmemory's own (issue 34)
    assert _pending_by_branch(repo) == {f"topic/{r}-{n}": 1 for r in range(2) for n in range(4)}


@pytest.mark.slow
def test_list_finds_merge_bases_without_a_process_per_branch(repo: Path) -> None:
    """Branches whose memory names no ``Through:`` start from their merge-base with the
    default branch: two git processes a branch made `list` of 2,000 take 18 s."""
    counts = _list_processes_by_round(repo, through=False)
    assert counts[0] == counts[1], counts
    assert _pending_by_branch(repo) == {f"topic/{r}-{n}": 1 for r in range(2) for n in range(4)}


@pytest.fixture
def forked(repo: Path) -> dict[str, str]:
    """main: root, m1, then a merge of topic (root, t1, t2); ``side`` stays at t1."""
    root = _rev(repo, "HEAD")
    m1 = commit_file(repo, "m.txt", "1\n", "main moves on")
    git(repo, "checkout", "-q", "-b", "topic", root)
    t1 = commit_file(repo, "t.txt", "1\n", "topic starts")
    git(repo, "branch", "side")
    t2 = commit_file(repo, "t.txt", "2\n", "topic goes on")
    git(repo, "checkout", "-q", "main")
    git(repo, "merge", "-q", "--no-ff", "-m", "merge topic", "topic")
    return {"root": root, "m1": m1, "t1": t1, "t2": t2, "merge": _rev(repo, "HEAD")}


def test_a_small_graph_answers_ancestry_and_ranges_itself(repo: Path,
                                                          forked: dict[str, str]) -> None:
    snap = Graph(str(repo))
    snap.load([])
    main, topic, side = "refs/heads/main", "refs/heads/topic", "refs/heads/side"
    assert snap.tips == {main: forked["merge"], topic: forked["t2"], side: forked["t1"]}
    assert snap.floor == forked["t1"]  # side is an ancestor of every tip
    assert snap.is_ancestor(side, topic) is True
    assert snap.is_ancestor(topic, side) is False
    assert snap.is_ancestor(topic, main) is True
    assert snap.is_ancestor(main, main) is True
    assert snap.is_merge(forked["merge"]) and not snap.is_merge(forked["t2"])
    assert snap.only_in(topic, side) == [forked["t2"]]
    assert snap.only_in(main, topic) == [forked["merge"], forked["m1"]]  # newest first
    assert snap.only_in(side, main) == []
    assert snap.spec() == [*sorted(snap.inputs), f"^{forked['t1']}"]


def test_ranges_from_the_floor_and_below_it(repo: Path, forked: dict[str, str]) -> None:
    snap = Graph(str(repo), tips={"refs/heads/topic": forked["t2"],
                                  "refs/heads/side": forked["t1"]})
    snap.load([forked["root"]])
    assert snap.floor == forked["root"]
    # the floor itself bounds the graph: everything loaded above it is the range
    assert snap.only_in("refs/heads/topic", forked["root"]) == [forked["t2"], forked["t1"]]
    assert snap.is_ancestor(forked["root"], "refs/heads/side") is True
    # a commit the caller did not name and the graph did not load: ask git
    assert snap.only_in("refs/heads/topic", forked["m1"]) is None
    assert snap.is_ancestor(forked["m1"], "refs/heads/topic") is None


def test_abbreviated_or_non_hex_names_are_not_loaded(repo: Path,
                                                     forked: dict[str, str]) -> None:
    snap = Graph(str(repo))
    snap.load([forked["m1"][:12], "z" * 40, forked["t1"]])
    assert snap.inputs >= {forked["t1"]}
    assert forked["m1"][:12] not in snap.inputs and snap.missing == set()
    assert snap.resolve(forked["t1"]) == (True, forked["t1"])


def test_a_repository_without_branches_loads_nothing(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q", "-b", "main")
    snap = Graph(str(tmp_path))
    snap.load([])
    assert snap.tips == {} and snap.parents == {} and snap.floor is None
    assert snap.spec() == []

"""``read.in_trees``: many branches' memory in two git processes, as ``in_tree`` finds it,
and the parse cache it fills (``memory/parse_cache.py``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from gitmemory import git, state
from gitmemory.memory import parse_cache, read
from gitmemory.memory.markdown import Item
from testing.gitrepo import git as run_git
from testing.recall import branch_with_memory, memory


def test_in_trees_finds_what_in_tree_finds(repo: Path) -> None:
    tips = {name: branch_with_memory(repo, memory(name, facts=[f"{name} knows things"]))
            for name in ("topic", "feature/a_b", "UPPER")}
    wanted = [(tip, name) for name, tip in tips.items()] + [("main", "main"), (tips["topic"],
                                                                                "UPPER")]
    batch = read.in_trees(str(repo), wanted)
    for (rev, branch), found in zip(wanted, batch, strict=True):
        single = read.in_tree(str(repo), rev, branch)
        assert (found is None) == (single is None)
        if found and single:
            assert (found.memory, found.text, found.rel_path, found.rev) == \
                (single.memory, single.text, single.rel_path, single.rev)
    assert batch[0] and batch[0].memory.sections["facts"] == [Item("topic knows things")]
    assert batch[3] is None  # main has no memory file
    assert batch[4] is None  # UPPER's file is not in topic's tree


def test_the_cache_is_used_and_kept(repo: Path, tmp_path: Path) -> None:
    tip = branch_with_memory(repo, memory("topic", facts=["Topic fact"]))
    cache: parse_cache.Cache = {}
    first = read.in_trees(str(repo), [(tip, "topic")], cache)
    assert len(cache) == 1
    state = tmp_path / "state"
    state.mkdir()
    parse_cache.store(str(state), cache)
    loaded = parse_cache.load(str(state))
    assert {oid: (text, m) for oid, (text, m) in loaded.items()} == cache
    again = read.in_trees(str(repo), [(tip, "topic")], loaded)
    assert first[0] and again[0]
    assert again[0].memory == first[0].memory
    assert again[0].memory is not loaded[next(iter(loaded))][1]  # callers get copies


def test_cache_round_trips_evidence_notes_and_extra_sections(tmp_path: Path) -> None:
    from gitmemory.memory.markdown import Memory, parse
    text = ("# Branch Memory: x\n\nA note.\n\n## Facts\n\n- One (refs: abc1234; paths: "
            "src/a.py, `docs/a b.md`)\n- Two\n\n## Conventions\n\n_No entries yet._\n\n"
            "## Links\n\nSee the wiki.\n")
    mem = parse(text)
    assert isinstance(mem, Memory)
    parse_cache.store(str(tmp_path), {"oid": (text, mem), "none": ("junk", None)})
    assert parse_cache.load(str(tmp_path)) == {"oid": (text, mem), "none": ("junk", None)}


def test_a_broken_cache_file_is_ignored(tmp_path: Path) -> None:
    (tmp_path / state.PARSED.name).write_bytes(b"\x00garbage")
    assert parse_cache.load(str(tmp_path)) == {}


def test_cat_file_answers_every_spec_in_order(repo: Path) -> None:
    head = run_git(repo, "rev-parse", "HEAD").stdout.strip()
    answers = git.cat_file([f"{head}:README.md", "nope:missing", "with\nnewline",
                            f"{head}:README.md"], str(repo))
    assert answers[0] is not None and answers[0][1:] == ("blob", b"hello\n")
    assert answers[1] is None and answers[2] is None
    assert answers[3] == answers[0]
    checked = git.cat_file([f"{head}:README.md", f"{head}:gone"], str(repo), contents=False)
    assert checked[0] is not None and checked[0][1:] == ("blob", b"")
    assert checked[1] is None


def test_proc_moves_large_stdin_and_stdout_without_deadlock(repo: Path) -> None:
    """``git cat-file --batch`` answers as it reads: with both pipes full, a blocking
    write of a whole chunk waited for git, which waited for us to read."""
    code = ("import sys\n"
            "from gitmemory import git\n"
            "answers = git.cat_file(['HEAD:README.md'] * 10000, sys.argv[1])\n"
            "assert all(a and a[2] == b'hello\\n' for a in answers)\n")
    done = subprocess.run([sys.executable, "-c", code, str(repo)], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr

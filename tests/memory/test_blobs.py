"""``memory/blobs.py``: the one reader of memory files in trees: many trees and files in
two git processes, each blob parsed once, and the parse cache it fills
(``memory/parse_cache.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gitmemory import git, state
from gitmemory.memory import parse_cache, read
from gitmemory.memory.blobs import Blobs, tree_entries
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.memory.markdown import Item
from testing.gitrepo import commit_file, memory_text
from testing.gitrepo import git as run_git
from testing.recall import branch_with_memory, memory


def test_a_shared_reader_finds_what_a_fresh_one_finds(repo: Path) -> None:
    tips = {name: branch_with_memory(repo, memory(name, facts=[f"{name} knows things"]))
            for name in ("topic", "feature/a_b", "UPPER")}
    wanted = [(tip, name) for name, tip in tips.items()] + [("main", "main"), (tips["topic"],
                                                                                "UPPER")]
    blobs = Blobs(str(repo))
    blobs.list_trees([rev for rev, _ in wanted])
    shared = [read.in_tree(str(repo), rev, branch, blobs) for rev, branch in wanted]
    for (rev, branch), found in zip(wanted, shared, strict=True):
        single = read.in_tree(str(repo), rev, branch)
        assert (found is None) == (single is None)
        if found and single:
            assert (found.memory, found.text, found.rel_path, found.rev) == \
                (single.memory, single.text, single.rel_path, single.rev)
    assert shared[0] and shared[0].memory.sections["facts"] == [Item("topic knows things")]
    assert shared[3] is None  # main has no memory file
    assert shared[4] is None  # UPPER's file is not in topic's tree


def test_branches_that_share_a_memory_tree_read_and_parse_it_once(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """2,000 branches on one commit: their memory directory was read and parsed once a
    branch (2,000 times 2,000 entries, 18 s for `list --json`)."""
    names = [f"b{n}" for n in range(30)]
    for name in names:
        (repo / MEMORY_DIR).mkdir(parents=True, exist_ok=True)
        (repo / MEMORY_DIR / f"{name}.md").write_text(memory_text(name, conventions=("A",)))
    run_git(repo, "add", "-A")
    sha = commit_file(repo, "x.txt", "x\n", "30 memories")
    run_git(repo, "update-ref", "--stdin", stdin="".join(
        f"create refs/heads/{name} {sha}\n" for name in names))
    from gitmemory.memory import blobs as module

    parsed: list[bytes] = []
    real = module.tree_entries
    monkeypatch.setattr(module, "tree_entries",
                        lambda content, oid_bytes=20: parsed.append(content) or real(
                            content, oid_bytes))
    reader = Blobs(str(repo))
    reader.list_trees([f"refs/heads/{name}" for name in names])
    assert len(parsed) == 1
    assert all(reader.oid(f"refs/heads/{name}", f"{name}.md") for name in names)


def test_memory_files_of_every_tip_and_no_links(repo: Path) -> None:
    for name in ("one", "two/x"):
        run_git(repo, "checkout", "-q", "-b", name, "main")
        path = f"{MEMORY_DIR}/{name.replace('/', '_')}.md"
        commit_file(repo, path, memory_text(name, conventions=(f"{name} rule",)), "memory")
    os.symlink("one.md", repo / MEMORY_DIR / "link.md")
    run_git(repo, "add", "-A")
    run_git(repo, "commit", "-q", "-m", "a link")
    blobs = Blobs(str(repo))
    assert blobs.names("refs/heads/main") == []
    assert blobs.names("refs/heads/two/x") == ["two_x.md"]  # not link.md
    blobs.read([("refs/heads/one", "one.md"), ("refs/heads/two/x", "two_x.md")])
    text = blobs.text("refs/heads/two/x", "two_x.md")
    assert text is not None and "two/x rule" in text
    raw = git.cat_file(["refs/heads/one:" + MEMORY_DIR], str(repo))[0]
    assert raw is not None and list(tree_entries(raw[2])) == ["one.md"]


def test_the_cache_is_used_and_kept(repo: Path, tmp_path: Path) -> None:
    tip = branch_with_memory(repo, memory("topic", facts=["Topic fact"]))
    state = tmp_path / "state"
    state.mkdir()
    blobs = Blobs(str(repo), str(state))
    first = read.in_tree(str(repo), tip, "topic", blobs)
    blobs.save()
    loaded = parse_cache.load(str(state))
    assert len(loaded) == 1
    again_blobs = Blobs(str(repo), str(state))
    again = read.in_tree(str(repo), tip, "topic", again_blobs)
    assert first and again
    assert again.memory == first.memory
    assert again.memory is not again_blobs.file(tip, "topic.md")[1]  # type: ignore[index]


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


@pytest.mark.slow
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

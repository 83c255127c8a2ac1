"""Branch names of every shape git accepts get a safe, distinct memory file and
their own memory in CLAUDE.md, with the name neutralised.

The branches are made by the real git (``git branch``, or ``git update-ref`` for names
``git branch`` refuses), their memory is written through gitmemory's writer, and each is
checked out with the native hooks installed.
"""

from __future__ import annotations

import os
import subprocess
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest

from gitmemory import git as git_module
from gitmemory import journal
from gitmemory.injection.neutralize import neutralize
from gitmemory.memory import filenames
from gitmemory.memory.markdown import Item, Memory
from gitmemory.repo import Repo
from testing.gitrepo import git, memory_text, set_up
from testing.memory import update

NFC = unicodedata.normalize("NFC", "café")
NFD = unicodedata.normalize("NFD", "café")
NOT_UTF8 = os.fsdecode(b"caf\xe9-latin1")  # git takes any byte >= 0x80
LONG_COMPONENT = "long/" + "x" * 250  # a ref file name close to NAME_MAX (255)
LONG_UNICODE = "é" * 125  # 250 bytes: the most a ref file name takes (+ ".lock")
DEEP = "/".join(f"deep{i:02d}-" + "y" * 240 for i in range(12))  # ~3 KB: close to PATH_MAX

CORPUS = [
    "feature/auth", "feature_auth", "feature-auth", "a/b", "a_b", "a-b",
    "Release", "release", "RELEASE", "Main",
    NFC, NFD, "caf_",
    "עברית/תכונה", "fix\u202egnp.exe", "rtl\u2067isolate\u2069", "\u200fmark",
    "🚀-launch", "👩\u200d💻/dev", "zero\u200bwidth", "bom\ufeffname", "tag\U000e0041x",
    "con", "CON", "aux/x", "nul", "com1", "LPT9", "prn.txt",
    "v1.2.3", "dots.in.name", "@", "user@host", "imp/@.ssh", "{braces}", '"quoted"', "it's",
    "$HOME", "100%", "<script>", "a&b|c;d", "#hash", "!bang", "(paren)", "=eq", "+plus",
    "back`tick", "nbsp\u00a0", "\u3000lead", "line\u2028sep", "nel\x85", NOT_UTF8,
    LONG_COMPONENT, LONG_UNICODE, DEEP,
]
REF_ONLY = ["-dash", "HEAD"]  # valid refs that `git branch` refuses
REJECTED = ["a b", "tab\tname", "a..b", "x@{y", "a.lock", ".hidden", "a/.b", "tilde~1",
            "caret^", "colon:x", "q?", "star*", "[br", "back\\slash", "trail.", "trail/",
            "ctrl\x01", "del\x7f", "a//b", ""]
RESERVED = {"con", "prn", "aux", "nul"} | {f"{d}{n}" for d in ("com", "lpt") for n in range(10)}
SAFE_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.")
UNSAFE_CATEGORIES = {"Cc", "Cf", "Co", "Cn", "Cs"}


def _git(repo: Path, *args: str, env: dict[str, str] | None = None
         ) -> subprocess.CompletedProcess[bytes]:
    """git with byte output: some of these names are not UTF-8."""
    return subprocess.run(["git", *args], cwd=repo, capture_output=True, check=False, env=env)


def _item(index: int) -> str:
    return f"Corpus convention number {index:03d} holds"


def _add(index: int) -> Callable[[Memory], Memory]:
    def change(memory: Memory) -> Memory:
        memory.sections["conventions"].append(Item(_item(index)))
        return memory
    return change


def _assert_safe(name: str) -> None:
    assert set(name) <= SAFE_CHARS, name  # ASCII only, no separator, no quoting trouble
    assert name.endswith(".md") and not name.startswith(".")
    assert len(name.encode()) <= 255
    assert name.split(".", maxsplit=1)[0].lower() not in RESERVED


@pytest.mark.parametrize("name", REJECTED)
def test_git_rejects_these_names(repo: Path, name: str) -> None:
    assert _git(repo, "check-ref-format", "--branch", name).returncode != 0
    assert _git(repo, "branch", name).returncode != 0


@pytest.mark.slow
def test_every_accepted_name_gets_a_safe_distinct_file_and_its_own_claude_md(
        repo: Path) -> None:
    set_up(repo)
    names = CORPUS + REF_ONLY
    for name in REF_ONLY:
        assert _git(repo, "branch", name).returncode != 0
        assert _git(repo, "check-ref-format", f"refs/heads/{name}").returncode == 0

    handle = Repo.open(str(repo))
    paths = [update(handle, name, _add(i)) for i, name in enumerate(names)]
    for path in paths:
        _assert_safe(os.path.basename(path))
    assert len({os.path.basename(p).casefold() for p in paths}) == len(names)
    assert filenames.plain_name("a-b") == "a-b.md"
    for name, path in zip(names, paths, strict=True):
        assert filenames.find(filenames.memory_dir(handle.toplevel), name) == path
        assert update(handle, name, _add(names.index(name))) == path  # same file again
    listed = filenames.list_files(filenames.memory_dir(handle.toplevel))
    assert sorted(b for b, _ in listed) == sorted(names)

    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Memory for every branch")
    for name in CORPUS:
        assert _git(repo, "branch", name).returncode == 0, name
    for name in REF_ONLY:
        assert _git(repo, "update-ref", f"refs/heads/{name}", "HEAD").returncode == 0
    assert sorted(git_module.local_branches(str(repo))) == sorted([*names, "main"])

    for index, name in enumerate(names):
        done = _git(repo, "switch", "-q", "--", name)  # the post-checkout hook renders CLAUDE.md
        assert done.returncode == 0, (name, done.stderr)
        assert b"gitmemory" not in done.stderr, (name, done.stderr)
        head = (repo / ".git" / "HEAD").read_bytes()
        assert head == b"ref: refs/heads/" + os.fsencode(name) + b"\n"
        _assert_renders_own_memory(repo, names, index)


def _assert_renders_own_memory(repo: Path, names: list[str], index: int) -> None:
    text = (repo / "CLAUDE.md").read_bytes().decode("utf-8")  # strict: no stray bytes
    assert _item(index) in text, names[index]
    assert sum(_item(i) in text for i in range(len(names))) == 1, names[index]
    bad = {unicodedata.name(ch, hex(ord(ch))) for ch in text
           if ch != "\n" and unicodedata.category(ch) in UNSAFE_CATEGORIES}
    assert not bad, (names[index], bad)
    shown = neutralize(names[index]).replace("`", "'")
    assert f"of branch `{shown}`" in text, (names[index], shown)


def test_a_name_longer_than_the_title_read_ahead_keeps_its_file(repo: Path) -> None:
    """Loose refs stop near PATH_MAX, but packed refs and reftable take any length."""
    name = "/".join(f"seg{i:02d}-" + "x" * 240 for i in range(20))  # ~5 KB
    assert _git(repo, "check-ref-format", "--branch", name).returncode == 0
    handle = Repo.open(str(repo))
    first = update(handle, name, _add(1))
    second = update(handle, name, _add(2))
    assert first == second == filenames.find(filenames.memory_dir(handle.toplevel), name)
    _assert_safe(os.path.basename(first))
    assert len(os.listdir(filenames.memory_dir(handle.toplevel))) == 1


def test_decoys_under_every_candidate_name_give_a_clear_error(repo: Path) -> None:
    handle = Repo.open(str(repo))
    os.makedirs(filenames.memory_dir(handle.toplevel))
    for name in filenames.candidates("main"):
        Path(filenames.memory_dir(handle.toplevel), name).write_text(memory_text("someone-else"))
    with pytest.raises(Exception, match="no free memory file name") as caught:
        update(handle, "main", _add(0))
    assert type(caught.value).__name__ == "GitmemoryError"


def test_the_journal_keeps_names_with_unicode_line_breaks(tmp_path: Path) -> None:
    names = ["line\u2028sep", "nel\x85x", "para\u2029graph", "nbsp\u00a0"]
    for i, name in enumerate(names):
        journal.record_commit(str(tmp_path), f"{i:040x}", name)
    assert [entry[2] for entry in journal.entries(str(tmp_path))] == names

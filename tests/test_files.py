"""files.py: atomic writes that keep the mode and never follow a symlink,
and, end to end, a branch that commits a symlink to a secret never gets it read or written."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from gitmemory import config, files
from gitmemory.errors import ConfigError
from gitmemory.files import UnsafePath
from testing.gitrepo import git, gitmemory, memory_text
from testing.safety import SECRET_MARKER, Secret, no_temp_files


@pytest.fixture
def umask() -> Iterator[None]:
    old = os.umask(0o022)
    os.umask(old)
    yield
    os.umask(old)


@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o027, 0o640), (0o002, 0o644),
                                            (0o077, 0o600), (0o066, 0o600)])
def test_a_new_file_gets_0644_minus_the_umask(tmp_path: Path, umask: None, mask: int,
                                              mode: int) -> None:
    os.umask(mask)  # each case sets its own: a cached umask would show here
    target = tmp_path / "new.md"
    files.atomic_write(str(target), "text\n")
    assert target.stat().st_mode & 0o7777 == mode
    assert target.read_text() == "text\n"


@pytest.mark.parametrize("mode", [0o640, 0o600, 0o755, 0o444])
def test_an_existing_file_keeps_its_mode(tmp_path: Path, umask: None, mode: int) -> None:
    os.umask(0o022)
    target = tmp_path / "memory.md"
    target.write_text("old\n")
    target.chmod(mode)
    before = target.stat().st_ino
    files.atomic_write(str(target), "new\n")
    assert target.stat().st_mode & 0o7777 == mode
    assert target.read_text() == "new\n"
    assert target.stat().st_ino != before  # replaced, not rewritten in place
    assert no_temp_files(tmp_path)


def test_the_text_is_fsynced_before_the_rename(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[tuple[str, int]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        real_fsync(fd)
        events.append(("fsync", os.fstat(fd).st_ino))

    def replace(src: str, dst: str) -> None:
        events.append(("replace", os.lstat(src).st_ino))
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    target = tmp_path / "m.md"
    files.atomic_write(str(target), "x\n")
    inode = target.stat().st_ino
    assert events == [("fsync", inode), ("replace", inode)]  # the synced file is the one renamed


def test_a_symlink_is_refused_and_its_target_untouched(tmp_path: Path) -> None:
    secret = Secret.make(tmp_path / "home")
    link = tmp_path / "repo" / "memory.md"
    link.parent.mkdir()
    link.symlink_to(secret.path)
    with pytest.raises(UnsafePath, match="symlink"):
        files.atomic_write(str(link), "overwritten\n")
    with pytest.raises(UnsafePath, match="symlink"):
        files.read_text(str(link))
    assert link.is_symlink()
    secret.assert_untouched()
    assert no_temp_files(link.parent)


def test_a_dangling_symlink_is_refused_too(tmp_path: Path) -> None:
    link = tmp_path / "CLAUDE.md"
    missing = tmp_path / "elsewhere" / "new-file"
    link.symlink_to(missing)
    with pytest.raises(UnsafePath):
        files.atomic_write(str(link), "x\n")
    assert not missing.exists() and link.is_symlink()


def test_special_files_are_refused_without_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "CLAUDE.md"
    os.mkfifo(fifo)
    result: list[BaseException | str | None] = []

    def read() -> None:
        try:
            result.append(files.read_text(str(fifo)))
        except UnsafePath as exc:
            result.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(5)
    assert result and isinstance(result[0], UnsafePath)  # no writer: a plain open would block
    with pytest.raises(UnsafePath):
        files.atomic_write(str(fifo), "x\n")
    (tmp_path / "dir.md").mkdir()
    with pytest.raises(UnsafePath):
        files.read_text(str(tmp_path / "dir.md"))


def test_a_failed_write_leaves_the_old_file_and_no_temp(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "m.md"
    target.write_text("old\n")
    with pytest.raises(UnicodeEncodeError):
        files.atomic_write(str(target), "a lone surrogate \ud800 cannot be encoded\n")
    assert target.read_text() == "old\n" and no_temp_files(tmp_path)

    def full_disk(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError, match="No space"):
        files.atomic_write(str(target), "new\n")
    assert target.read_text() == "old\n" and no_temp_files(tmp_path)

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        files.atomic_write(str(target), "new\n")
    assert target.read_text() == "old\n" and no_temp_files(tmp_path)


def test_sweep_removes_only_temp_files_of_dead_writers(tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    dead_pid = int(dead.stdout)
    stale = tmp_path / files.temp_name("main.md", dead_pid)
    live = tmp_path / files.temp_name("main.md")  # this process: a write in flight
    keep = [tmp_path / "main.md", tmp_path / ".main.md.tmp", tmp_path / ".hidden.12.ab.tmp",
            tmp_path / "x.1.abcdef01.tmp"]
    for path in [stale, live, *keep]:
        path.write_text("x")
    assert files.sweep_temps(str(tmp_path)) == [str(stale)]
    assert not stale.exists()
    assert all(p.exists() for p in [live, *keep])


@pytest.mark.parametrize("value", [".git/hooks/post-checkout", ".GIT/config", "sub/.git/x",
                                   "../CLAUDE.md", "/etc/passwd", "a\\b", "C:evil",
                                   ".gitmemory/branches/main.md"])
@pytest.mark.parametrize("key", ["output_file", "base_file"])
def test_config_paths_stay_in_the_work_tree_and_out_of_git(value: str, key: str) -> None:
    with pytest.raises(ConfigError, match="inside the repository"):
        config.convert(key, value, "config.toml")


def test_ordinary_config_paths_are_accepted() -> None:
    assert config.convert("output_file", "docs/CLAUDE.md", "x") == "docs/CLAUDE.md"
    assert config.convert("base_file", ".github/CLAUDE_base.md", "x") == ".github/CLAUDE_base.md"


def test_claude_md_in_a_missing_directory_is_written(repo: Path) -> None:
    from gitmemory import git as git_module
    from gitmemory.outputs import sync

    (repo / "CLAUDE_base.md").write_text("base\n")
    info = git_module.repo_info(str(repo))
    cfg = config.load(str(repo), overrides={"output_file": "docs/ai/CLAUDE.md"})
    assert [o.status for o in sync.sync(info, cfg, "main")] == ["written"]  # not an OSError
    assert "base" in (repo / "docs" / "ai" / "CLAUDE.md").read_text()


# --- end to end: a branch commits a symlink pointing at ~/.aws/credentials -------------------


def _setup(repo: Path) -> Path:
    """gitmemory initialised with native hooks; main has memory and CLAUDE.md."""
    gitmemory(repo, "init")
    directory = repo / ".gitmemory" / "branches"
    (directory / "main.md").write_text(memory_text("main", conventions=("Main convention",)))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    git(repo, "checkout", "-q", "-b", "evil")
    return repo


def _plant(repo: Path, rel: str, target: Path) -> None:
    """On branch evil, commit ``rel`` as a symlink to ``target`` (hooks off for setup)."""
    path = repo / rel
    if path.is_dir() and not path.is_symlink():
        git(repo, "rm", "-r", "-q", "--", rel)
    elif path.exists() or path.is_symlink():
        git(repo, "rm", "-q", "--cached", "--ignore-unmatch", "--", rel)
        path.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)
    git(repo, "add", "-f", "--", rel)
    env = {**os.environ, "GITMEMORY_DISABLE": "1"}
    git(repo, "commit", "-q", "-m", f"plant {rel}", env=env)


GENERATE = (("generate",), ("generate", "--check"))
# `show main` from branch evil reads main's memory from main's own tree (git cat-file),
# where no symlink is planted: it runs below with the rest, but need not fail.
EVERY_READ = (*GENERATE, ("show",))
# case: (path committed as a symlink, link to the file or its directory, commands that
# must fail naming the symlink).  Every command must keep the secret out of its output.
CASES = {
    "memory file": (".gitmemory/branches/evil.md", "file", (*GENERATE, ("show",))),
    "default branch's memory file": (".gitmemory/branches/main.md", "file", GENERATE),
    "memory directory": (".gitmemory/branches", "file", EVERY_READ),
    "memory directory to a directory": (".gitmemory/branches", "dir", EVERY_READ),
    ".gitmemory": (".gitmemory", "file", (*EVERY_READ, ("list",))),
    ".gitmemory to a directory": (".gitmemory", "dir", (*EVERY_READ, ("list",))),
    "base file": ("CLAUDE_base.md", "file", GENERATE),
    "CLAUDE.md": ("CLAUDE.md", "file", GENERATE),
}
COMMANDS = (*EVERY_READ, ("show", "main"), ("list",), ("status",))


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.slow
def test_a_committed_symlink_is_never_followed(repo: Path, tmp_path: Path, case: str) -> None:
    rel, kind, must_fail = CASES[case]
    secret = Secret.make(tmp_path / "victim-home")
    _setup(repo)
    _plant(repo, rel, secret.path if kind == "file" else secret.path.parent)
    git(repo, "checkout", "-q", "main")
    assert "Main convention" in (repo / "CLAUDE.md").read_text()
    secret.snapshot()

    done = git(repo, "checkout", "-q", "evil")  # the post-checkout hook runs here
    assert done.returncode == 0
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("gitmemory: post-checkout hook: ") and "symlink" in lines[0]
    outputs = [done.stdout, done.stderr]

    for args in COMMANDS:
        run = gitmemory(repo, *args, check=False)
        outputs += [run.stdout, run.stderr]
        if run.returncode != 0:
            assert len(run.stderr.splitlines()) == 1, (args, run.stderr)
            assert run.stderr.startswith("gitmemory: error: "), (args, run.stderr)
        if args in must_fail:
            assert run.returncode != 0 and "symlink" in run.stderr, (args, run.stderr)
    assert all(SECRET_MARKER not in text for text in outputs)
    claude = repo / "CLAUDE.md"
    if not claude.is_symlink():
        assert SECRET_MARKER not in claude.read_text()
    secret.assert_untouched()

    git(repo, "checkout", "-q", "main")  # leaving the branch puts everything right
    assert "Main convention" in claude.read_text() and not claude.is_symlink()
    secret.assert_untouched()


def test_a_file_gitmemory_owns_is_written_anew_never_through_a_link(tmp_path: Path) -> None:
    from gitmemory import files

    path = tmp_path / "gitmemory.mdc"
    path.write_text("old\n")
    files.write_owned(str(path), "new ✓\n")
    assert path.read_text() == "new ✓\n"
    assert [p.name for p in tmp_path.iterdir()] == ["gitmemory.mdc"]
    secret = tmp_path / "secret"
    secret.write_text("keep\n")
    link = tmp_path / "gitmemory-x.mdc"
    link.symlink_to(secret)
    files.write_owned(str(link), "ours\n")  # the link goes, the file it named stays
    assert secret.read_text() == "keep\n"
    assert not link.is_symlink() and link.read_text() == "ours\n"


def test_read_text_reads_at_most_the_limit_and_refuses_a_directory(tmp_path: Path) -> None:
    (tmp_path / "big.txt").write_text("abcdef")
    assert files.read_text(str(tmp_path / "big.txt"), limit=3) == "abc"
    assert files.read_text(str(tmp_path / "missing.txt")) is None
    with pytest.raises(UnsafePath) as raised:
        files.read_text(str(tmp_path))
    # Issue 33: "is not a regular file (hint: replace it with a regular file)" for a directory.
    assert raised.value.message == f"{tmp_path} is a directory where gitmemory expects a file"
    assert raised.value.hint == "move the directory elsewhere or rename it"
    with pytest.raises(UnsafePath) as raised:
        files.atomic_write(str(tmp_path), "x\n")
    assert raised.value.message == f"{tmp_path} is a directory where gitmemory expects a file"


def test_bytes_that_are_not_utf8_survive_a_read_and_a_write(tmp_path: Path) -> None:
    path = tmp_path / "latin.md"
    path.write_bytes(b"caf\xe9\n")
    text = files.read_text(str(path))
    assert text is not None
    files.atomic_write(str(path), text)
    assert path.read_bytes() == b"caf\xe9\n"


def test_sha256_hex_is_sha256() -> None:
    for data in (b"", b"abc", bytes(range(256)) * 100):
        assert files.sha256_hex(data) == hashlib.sha256(data).hexdigest()


def test_check_dirs_refuses_a_symlink_at_any_depth(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "link").symlink_to(tmp_path / "real")
    files.check_dirs(str(tmp_path), "a/./real-not-there/")
    with pytest.raises(UnsafePath, match="is a symlink"):
        files.check_dirs(str(tmp_path), "a/link/deeper")

"""A second name for each generated document (outputs/shadow.py), so an edit made in place
survives whatever replaces the file before the next sync (a checkout, a restore)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from gitmemory import config, git, state
from gitmemory.outputs import shadow, stamp, sync

KEY = b"s" * 32


def _generated(path: Path, base: str = "# Base\n") -> str:
    text = stamp.compose(base, "", "CLAUDE_base.md", None, KEY)
    path.write_text(text)
    return text


def _replace(path: Path, text: str) -> None:
    """What git does to an ignored file a checkout brings: a new file under the name."""
    fresh = path.with_name(path.name + ".new")
    fresh.write_text(text)
    os.replace(fresh, path)


def _remembered_then_edited(path: Path, state_dir: str) -> str:
    """A generated file sync wrote and linked, then edited in place (as an agent, an
    editor saving in place, or ``>>`` edits it); its text now."""
    _generated(path)
    shadow.remember(state_dir, str(path))
    with path.open("a") as fh:
        fh.write("my note\n")
    return path.read_text()


@pytest.fixture
def state_dir(tmp_path: Path) -> str:
    return str(tmp_path / "state")


def test_nothing_is_recovered_for_a_file_sync_never_wrote(tmp_path: Path, state_dir: str
                                                          ) -> None:
    path = tmp_path / "CLAUDE.md"
    _generated(path)
    assert shadow.recover(state_dir, str(path), KEY) is None
    assert not (tmp_path / "CLAUDE.md.edited").exists()


def test_an_edit_in_place_changes_both_names_and_needs_no_recovery(tmp_path: Path,
                                                                   state_dir: str) -> None:
    path = tmp_path / "CLAUDE.md"
    edited = _remembered_then_edited(path, state_dir)
    assert shadow.recover(state_dir, str(path), KEY) is None  # still the linked file
    assert path.read_text() == edited


def test_an_edited_file_that_was_replaced_is_kept_beside(tmp_path: Path, state_dir: str
                                                         ) -> None:
    path = tmp_path / "CLAUDE.md"
    edited = _remembered_then_edited(path, state_dir)
    _replace(path, "# What the other branch tracks\n")
    kept = shadow.recover(state_dir, str(path), KEY)
    assert kept == str(path) + ".edited"
    assert Path(kept).read_text() == edited
    assert path.read_text() == "# What the other branch tracks\n"
    assert shadow.recover(state_dir, str(path), KEY) is None  # said and kept once


def test_an_edited_file_that_was_deleted_is_kept_beside(tmp_path: Path, state_dir: str
                                                        ) -> None:
    path = tmp_path / "CLAUDE.md"
    edited = _remembered_then_edited(path, state_dir)
    path.unlink()
    kept = shadow.recover(state_dir, str(path), KEY)
    assert kept is not None and Path(kept).read_text() == edited


def test_an_untouched_file_that_was_replaced_keeps_nothing(tmp_path: Path, state_dir: str
                                                           ) -> None:
    path = tmp_path / "CLAUDE.md"
    _generated(path)
    shadow.remember(state_dir, str(path))
    _replace(path, "# theirs\n")
    assert shadow.recover(state_dir, str(path), KEY) is None
    assert not (tmp_path / "CLAUDE.md.edited").exists()


def test_an_edited_file_put_back_as_it_was_is_not_kept_twice(tmp_path: Path, state_dir: str
                                                             ) -> None:
    path = tmp_path / "CLAUDE.md"
    text = _generated(path) + "my note\n"
    path.write_text(text)
    shadow.remember(state_dir, str(path))
    _replace(path, text)  # a new file with the same text: nothing would be lost
    assert shadow.recover(state_dir, str(path), KEY) is None
    assert not (tmp_path / "CLAUDE.md.edited").exists()


def test_remember_links_once_and_relinks_a_replaced_file(tmp_path: Path, state_dir: str
                                                         ) -> None:
    path = tmp_path / "CLAUDE.md"
    _generated(path)
    shadow.remember(state_dir, str(path))
    linked = os.listdir(os.path.join(state_dir, state.SHADOWS.name))
    assert len(linked) == 1
    assert os.stat(path).st_nlink == 2
    shadow.remember(state_dir, str(path))
    assert os.listdir(os.path.join(state_dir, state.SHADOWS.name)) == linked
    _replace(path, "new\n")
    shadow.remember(state_dir, str(path))
    assert os.stat(path).st_nlink == 2
    assert (Path(state_dir) / state.SHADOWS.name / linked[0]).read_text() == "new\n"
    shadow.forget(state_dir, str(path))
    assert os.stat(path).st_nlink == 1
    assert os.listdir(os.path.join(state_dir, state.SHADOWS.name)) == []


def test_the_shadow_directory_is_private(tmp_path: Path, state_dir: str) -> None:
    path = tmp_path / "CLAUDE.md"
    _generated(path)
    shadow.remember(state_dir, str(path))
    assert os.stat(os.path.join(state_dir, state.SHADOWS.name)).st_mode & 0o077 == 0


def test_on_another_file_system_the_stamp_alone_guards_edits(tmp_path: Path) -> None:
    """No hard link across file systems (a linked worktree on another disk than its
    repository's .git): remember does nothing and recover finds nothing, quietly."""
    shm = Path("/dev/shm")
    if not shm.is_dir() or os.stat(shm).st_dev == os.stat(tmp_path).st_dev:
        pytest.skip("needs a second file system at /dev/shm")
    with tempfile.TemporaryDirectory(dir=shm) as other:
        path = tmp_path / "CLAUDE.md"
        _generated(path)
        shadow.remember(other, str(path))
        assert os.stat(path).st_nlink == 1
        assert os.listdir(os.path.join(other, state.SHADOWS.name)) == []
        _replace(path, "theirs\n")
        assert shadow.recover(other, str(path), KEY) is None


Synced = tuple[git.RepoInfo, config.Config, str]


@pytest.fixture
def edited_claude(repo: Path) -> Synced:
    """CLAUDE.md generated by sync, then edited in place; the edited text."""
    (repo / "CLAUDE_base.md").write_text("# Project\n")
    info, cfg = git.repo_info(str(repo)), config.load(str(repo))
    sync.sync(info, cfg, "main")
    with (repo / "CLAUDE.md").open("a") as fh:
        fh.write("Always run ruff first.\n")
    return info, cfg, (repo / "CLAUDE.md").read_text()


def test_sync_says_where_an_edit_replaced_behind_its_back_was_kept(
        repo: Path, edited_claude: Synced) -> None:
    info, cfg, edited = edited_claude
    claude = repo / "CLAUDE.md"
    _replace(claude, "# Tracked on another branch\n")  # a checkout replaced it
    claude.unlink()  # and the next checkout took it away again
    (outcome,) = sync.sync(info, cfg, "main")
    assert outcome.status == "written"
    assert outcome.message == (
        "CLAUDE.md had been edited by hand before something else replaced it (a checkout of "
        "a branch that tracks its own?); your version is kept in CLAUDE.md.edited: move what "
        "you need into CLAUDE_base.md")
    assert (repo / "CLAUDE.md.edited").read_text() == edited
    assert "Always run ruff" not in claude.read_text()
    key = state.stamp_key(info.state_dir)
    assert stamp.classify(claude.read_text(), key) == "generated"


def test_a_replaced_edit_and_a_hand_written_file_are_both_reported(
        repo: Path, edited_claude: Synced) -> None:
    """The file now under the name is a person's own: it is left alone, and the edit the
    replaced one held is kept too; one message says both."""
    info, cfg, edited = edited_claude
    claude = repo / "CLAUDE.md"
    _replace(claude, "# Their own CLAUDE.md\n")
    (outcome,) = sync.sync(info, cfg, "main")
    assert outcome.status == "kept"
    assert outcome.message.startswith("CLAUDE.md had been edited by hand before something "
                                      "else replaced it")
    assert outcome.message.endswith("; CLAUDE.md was not written by gitmemory, so it is left "
                                    "alone (run `gitmemory init` to move it into "
                                    "CLAUDE_base.md)")
    assert claude.read_text() == "# Their own CLAUDE.md\n"
    assert (repo / "CLAUDE.md.edited").read_text() == edited

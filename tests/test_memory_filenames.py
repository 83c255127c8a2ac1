from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from gitmemory.memory.filenames import (
    candidates,
    find,
    hashed_name,
    list_files,
    path_for,
    plain_name,
)
from testing.gitrepo import memory_text


def _put(directory: Path, branch: str) -> Path:
    path = Path(path_for(str(directory), branch))
    path.write_text(memory_text(branch, facts=(f"fact of {branch}",)))
    return path


def test_common_names_stay_readable() -> None:
    assert plain_name("feature/auth") == "feature_auth.md"
    assert plain_name("bug-fixes") == "bug-fixes.md"
    assert plain_name("main") == "main.md"


@pytest.mark.parametrize("branch", ["CON", "con", "nul", "COM1", "lpt9", "aux", "PRN"])
def test_windows_device_names_are_never_used(branch: str) -> None:
    assert plain_name(branch) is None
    name = hashed_name(branch)
    assert name.split(".")[0].lower() not in {"con", "nul", "com1", "lpt9", "aux", "prn"}


def test_overlong_names_fit_in_255_bytes() -> None:
    branch = "feature/" + "é" * 300
    assert plain_name(branch) is None
    for name in candidates(branch):
        assert len(name.encode()) <= 255


@pytest.mark.parametrize("branch", ["../../etc/passwd", "a/../../b", "..", "~/x", "/abs",
                                    "a\\b", "-rf", ".hidden"])
def test_no_traversal_or_hidden_files(branch: str) -> None:
    for name in candidates(branch):
        assert "/" not in name and "\\" not in name
        assert not name.startswith(".")
        assert name not in (".", "..")


def test_collisions_get_distinct_files(tmp_path: Path) -> None:
    branches = ["feature/auth", "feature_auth", "feature-auth", "Main", "main", "MAIN",
                unicodedata.normalize("NFC", "café"), unicodedata.normalize("NFD", "café"),
                "caf_"]
    paths = [_put(tmp_path, b) for b in branches]
    lowered = {p.name.lower() for p in paths}
    assert len(lowered) == len(branches)  # distinct even on a case-insensitive filesystem
    for branch, path in zip(branches, paths, strict=True):
        assert find(str(tmp_path), branch) == str(path)
    assert sorted(b for b, _ in list_files(str(tmp_path))) == sorted(branches)


def test_first_comer_keeps_the_plain_name_and_title_decides(tmp_path: Path) -> None:
    first = _put(tmp_path, "feature_auth")
    second = _put(tmp_path, "feature/auth")
    assert first.name == "feature_auth.md"
    assert second.name.startswith("feature_auth.") and second.name != first.name
    first.unlink()  # the plain name is free again, but feature/auth keeps its file
    assert find(str(tmp_path), "feature/auth") == str(second)


def test_a_file_whose_title_names_another_branch_is_not_used(tmp_path: Path) -> None:
    (tmp_path / "main.md").write_text(memory_text("someone-else"))
    assert find(str(tmp_path), "main") is None
    assert Path(path_for(str(tmp_path), "main")).name != "main.md"


def test_names_are_stable_across_runs() -> None:
    assert hashed_name("feature/auth") == hashed_name("feature/auth")
    assert hashed_name("feature/auth") != hashed_name("feature_auth")

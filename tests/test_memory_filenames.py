from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from gitmemory.memory.filenames import (
    candidates,
    choose_name,
    find,
    hashed_name,
    list_files,
    name_for,
    plain_name,
)
from testing.gitrepo import memory_text
from testing.memory import path_for


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


def test_the_name_is_decided_by_the_branch_name_alone(tmp_path: Path) -> None:
    """Whoever comes first, every tree and clone names the files the same (two branches
    that met at a merge used to share feature_auth.md)."""
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    a1, b1 = _put(one, "feature_auth"), _put(one, "feature/auth")
    b2, a2 = _put(two, "feature/auth"), _put(two, "feature_auth")
    assert (a1.name, b1.name) == (a2.name, b2.name)
    assert b1.name == "feature_auth.md" == name_for("feature/auth")
    assert a1.name == name_for("feature_auth") != b1.name
    assert a1.name.startswith("feature_auth.") and a1.name.endswith(".md")


@pytest.mark.parametrize("branch", ["feature_auth", "Main", "MAIN", "release/1.2", "café",
                                    "con", "x.y", "UPPER/case"])
def test_names_that_could_collide_carry_a_hash(branch: str) -> None:
    assert name_for(branch) == hashed_name(branch)


@pytest.mark.parametrize("branch", ["main", "feature/auth", "bug-fixes", "a/b/c-2", "v2"])
def test_names_that_cannot_collide_stay_readable(branch: str) -> None:
    assert name_for(branch) == branch.replace("/", "_") + ".md"


def test_a_file_an_older_rule_named_is_found_and_moves_when_written(tmp_path: Path) -> None:
    legacy = tmp_path / "feature_auth.md"  # the old rule gave feature_auth the plain name
    legacy.write_text(memory_text("feature_auth", facts=("old fact",)))
    assert find(str(tmp_path), "feature_auth") == str(legacy)
    choice = choose_name("feature_auth", ["feature_auth.md"], lambda n: "feature_auth")
    assert choice.name == name_for("feature_auth") and choice.legacy == "feature_auth.md"
    # feature/auth's own name is taken by that file meanwhile: it writes elsewhere
    taken = choose_name("feature/auth", ["feature_auth.md"], lambda n: "feature_auth")
    assert taken.name == hashed_name("feature/auth", 64) and taken.existing is None


def test_a_token_in_a_branch_name_is_in_neither_file_name_nor_title(tmp_path: Path) -> None:
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    branch = f"hotfix/{token}"
    path = Path(path_for(str(tmp_path), branch))
    path.write_text(memory_text(branch, facts=("Tokens rotate weekly",)))
    assert token[4:] not in path.name
    assert token[4:] not in path.read_text()
    assert "hotfix/ghp_[REDACTED]" in path.read_text()
    assert find(str(tmp_path), branch) == str(path)
    other = f"hotfix/ghp_{'z9Y8x7W6v5U4t3S2r1Q0p9O8n7M6l5K4j3I2'}"
    assert find(str(tmp_path), other) is None  # same title shown, another branch


def test_a_file_whose_title_names_another_branch_is_not_used(tmp_path: Path) -> None:
    (tmp_path / "main.md").write_text(memory_text("someone-else"))
    assert find(str(tmp_path), "main") is None
    assert Path(path_for(str(tmp_path), "main")).name != "main.md"


def test_names_are_stable_across_runs() -> None:
    assert hashed_name("feature/auth") == hashed_name("feature/auth")
    assert hashed_name("feature/auth") != hashed_name("feature_auth")

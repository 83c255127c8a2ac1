"""gitmemory/repo.py and commits.py: the repository a command works on says where it is,
names paths relative to its top, refuses a detached HEAD where a branch is needed, and says
once which settings it does not know; a commit record reads its trailers by any case."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.commits import Commit
from gitmemory.errors import GitmemoryError
from gitmemory.repo import Repo
from testing.gitrepo import git


def test_a_repository_opened_from_a_subdirectory_knows_its_top(repo: Path) -> None:
    (repo / "src" / "app").mkdir(parents=True)
    opened = Repo.open(str(repo / "src" / "app"))
    assert opened.toplevel == str(repo)
    assert opened.rel(str(repo / "src" / "app" / "x.py")) == "src/app/x.py"
    assert opened.current_branch() == "main"


def test_a_detached_head_is_no_branch(repo: Path) -> None:
    git(repo, "checkout", "-q", "--detach")
    with pytest.raises(GitmemoryError) as caught:
        Repo.open().current_branch()
    assert caught.value.one_line() == "HEAD is detached (hint: name a branch, or check one out)"


def test_settings_this_version_does_not_know_are_said_on_open(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    git(repo, "config", "gitmemory.summaryStyle", "terse")
    Repo.open(overrides={"model": "m"})
    err = capsys.readouterr().err
    assert err.startswith("gitmemory: unknown setting 'summarystyle' in git config ")
    assert err.count("\n") == 1


def test_a_bare_repository_has_no_top(tmp_path: Path) -> None:
    bare = tmp_path / "bare.git"
    git(tmp_path, "init", "-q", "--bare", str(bare))
    with pytest.raises(GitmemoryError, match="needs a work tree"):
        _ = Repo.open(str(bare)).toplevel


def test_trailer_values_are_read_by_any_case_in_order() -> None:
    commit = Commit("a" * 40, "Ada", "2026-01-01T00:00:00Z", "subject", trailers=(
        ("Memory-Convention", "first"), ("memory-convention", "second"), ("Refs", "#1")))
    assert commit.trailer_values("MEMORY-CONVENTION") == ["first", "second"]
    assert commit.trailer_values("Signed-off-by") == []
    assert commit.short == "a" * 7

"""Memory file names decided by the branch name alone, end to end with real git: two
branches whose names map to one readable name, a file named by an older rule, and a
branch named after a token."""

from __future__ import annotations

from pathlib import Path

from gitmemory.memory.filenames import MEMORY_DIR, hashed_name, name_for
from gitmemory.memory.markdown import title_for
from testing.gitrepo import commit_file, git, gitmemory, memory_text, set_up


def _memorize(repo: Path, branch: str, convention: str) -> None:
    git(repo, "checkout", "-q", "-b", branch, "main")
    commit_file(repo, f"{len(branch)}-{branch.replace('/', '-')}.txt", "x\n",
                f"feat: work on {branch}\n\nMemory-Convention: {convention}")
    done = gitmemory(repo, "memorize")
    # memorize commits, naming the branch as its memory file's title does; nothing left over
    assert f"committed on {title_for(branch)}" in done.stdout
    assert git(repo, "status", "--porcelain").stdout == ""


def test_feature_slash_auth_and_feature_underscore_auth_merge_without_a_conflict(
        repo: Path) -> None:
    set_up(repo, "offline")
    _memorize(repo, "feature/auth", "Tokens are checked by auth/check.py")
    _memorize(repo, "feature_auth", "Sessions expire after one hour")
    git(repo, "checkout", "-q", "main")
    git(repo, "merge", "-q", "--no-edit", "feature/auth")
    done = git(repo, "merge", "--no-edit", "feature_auth", check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    names = sorted(p.name for p in (repo / MEMORY_DIR).iterdir())
    assert name_for("feature/auth") in names and name_for("feature_auth") in names
    assert "<<<<<<<" not in (repo / MEMORY_DIR / "feature_auth.md").read_text()


def test_main_and_capital_main_never_share_a_file_even_case_insensitively() -> None:
    assert name_for("main").casefold() != name_for("Main").casefold()
    assert name_for("Main").casefold() != name_for("MAIN").casefold()


def test_a_file_an_older_version_named_moves_to_its_name_when_next_written(
        repo: Path) -> None:
    set_up(repo, "offline")
    git(repo, "checkout", "-q", "-b", "feature_auth")
    legacy = repo / MEMORY_DIR / "feature_auth.md"  # what the old rule gave this branch
    legacy.write_text(memory_text("feature_auth", conventions=("Old hand-kept rule",)))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "memory under the old name")
    commit_file(repo, "s.py", "x = 1\n", "feat: s\n\nMemory-Convention: New rule from s.py")
    gitmemory(repo, "memorize")
    moved = repo / MEMORY_DIR / hashed_name("feature_auth")
    assert not legacy.exists()
    text = moved.read_text()
    assert "Old hand-kept rule" in text and "New rule from s.py" in text
    shown = gitmemory(repo, "show").stdout
    assert "Old hand-kept rule" in shown


def test_a_branch_named_after_a_token_keeps_it_out_of_every_tracked_file(repo: Path) -> None:
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    set_up(repo, "offline")
    _memorize(repo, f"hotfix/{token}", "Retries back off exponentially")
    tracked = git(repo, "ls-files", MEMORY_DIR).stdout.split()
    assert tracked and all(token[4:] not in name for name in tracked)
    for name in tracked:
        assert token[4:] not in (repo / name).read_text()
    assert "Retries back off exponentially" in gitmemory(repo, "show").stdout

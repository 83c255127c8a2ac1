"""gitmemory/setup/team_files.py: the team's AGENTS.md and GEMINI.md back from where 0.3
moved them, once; a hand-written file in the way, or an edited generated one, is kept."""

from __future__ import annotations

import os
from pathlib import Path

from gitmemory.outputs import stamp
from gitmemory.setup import team_files
from testing.gitrepo import commit_file, git

KEY = b"k" * 32
TEAM = "# Team rules for agents\n\nRun make test.\n"


def _restore(repo: Path) -> list[str]:
    return team_files.restore(str(repo), str(repo / ".git"), KEY)


def _generated(body: str = "memory\n") -> str:
    return stamp.compose(TEAM, body, "AGENTS_base.md", None, KEY)


def test_nothing_to_restore_without_the_moved_files(repo: Path) -> None:
    (repo / "AGENTS.md").write_text(TEAM)
    assert _restore(repo) == []
    assert (repo / "AGENTS.md").read_text() == TEAM


def test_a_tracked_base_moves_back_with_git_mv_and_its_ignore_lines_go(repo: Path) -> None:
    commit_file(repo, "AGENTS_base.md", TEAM, "gitmemory 0.3 moved it")
    (repo / "AGENTS.md").write_text(_generated())
    (repo / ".gitignore").write_text("/AGENTS.md\n/AGENTS.md.edited*\n/.AGENTS.md.*.tmp\n"
                                     "/build/\n")
    exclude = repo / ".git" / "info" / "exclude"
    exclude.parent.mkdir(exist_ok=True)
    exclude.write_text("# mine\n/AGENTS.md\n")
    (line,) = _restore(repo)
    assert line == ("AGENTS.md: the team's file is back from AGENTS_base.md with `git mv` "
                    "(rename staged), tracked and as written; gitmemory writes the memory to "
                    "AGENTS.override.md now")
    assert (repo / "AGENTS.md").read_text() == TEAM
    assert not (repo / "AGENTS_base.md").exists()
    assert "R  AGENTS_base.md -> AGENTS.md" in git(repo, "status", "--porcelain").stdout
    assert (repo / ".gitignore").read_text() == "/build/\n"
    assert exclude.read_text() == "# mine\n"


def test_an_untracked_base_is_moved_back_as_a_file(repo: Path) -> None:
    (repo / "GEMINI_base.md").write_text("# Gemini notes\n")
    (line,) = _restore(repo)
    # not "tracked": git has never seen it (an earlier version said "... back, tracked")
    assert line.startswith("GEMINI.md: the team's file is back from GEMINI_base.md, "
                           "untracked and as written;")
    assert line.endswith("gitmemory writes the memory to GEMINI.gitmemory.md now")
    assert (repo / "GEMINI.md").read_text() == "# Gemini notes\n"
    assert not (repo / ".gitignore").exists()  # no ignore file is created


def test_a_hand_written_file_beside_the_base_is_left_alone(repo: Path) -> None:
    (repo / "AGENTS_base.md").write_text(TEAM)
    (repo / "AGENTS.md").write_text("# Written since\n")
    (line,) = _restore(repo)
    assert line == ("AGENTS.md: hand-written, and AGENTS_base.md is there too; left alone "
                    "(merge them into AGENTS.md and delete AGENTS_base.md)")
    assert (repo / "AGENTS.md").read_text() == "# Written since\n"
    assert (repo / "AGENTS_base.md").read_text() == TEAM


def test_an_edited_generated_file_is_kept_beside(repo: Path) -> None:
    (repo / "AGENTS_base.md").write_text(TEAM)
    edited = _generated() + "- a line someone added by hand\n"
    (repo / "AGENTS.md").write_text(edited)
    (line,) = _restore(repo)
    assert line.endswith("; your edited copy is kept in AGENTS.md.edited")
    assert (repo / "AGENTS.md.edited").read_text() == edited
    assert (repo / "AGENTS.md").read_text() == TEAM


def test_links_are_never_followed(repo: Path) -> None:
    (repo / "elsewhere.md").write_text(TEAM)
    os.symlink("elsewhere.md", repo / "AGENTS_base.md")
    (repo / "GEMINI_base.md").write_text("# Gemini notes\n")
    os.symlink("elsewhere.md", repo / "GEMINI.md")
    assert _restore(repo) == []
    assert (repo / "AGENTS_base.md").is_symlink() and (repo / "GEMINI.md").is_symlink()

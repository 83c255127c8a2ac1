"""gitmemory/outputs/ignored.py: an agent file no ignore line covers is ignored in this
clone (``.git/info/exclude``), once, and the line says what the team's .gitignore lacks."""

from __future__ import annotations

from pathlib import Path

from gitmemory.outputs.ignored import MARK, keep_out

WANTED = ["/AGENTS.override.md", "/AGENTS.override.md.edited*", "/.AGENTS.override.md.*.tmp"]


def _keep_out(repo: Path, wanted: list[str] = WANTED) -> str:
    return keep_out(str(repo), str(repo / ".git"), wanted, "AGENTS.override.md")


def _exclude(repo: Path) -> Path:
    path = repo / ".git" / "info" / "exclude"
    path.parent.mkdir(exist_ok=True)  # the test repositories have no template
    return path


def test_an_uncovered_file_is_ignored_here_and_the_team_is_told(repo: Path) -> None:
    _exclude(repo).write_text("# the user's own\n*.swp")  # no final newline
    said = _keep_out(repo)
    assert said == ("AGENTS.override.md is generated but .gitignore does not list it: ignored "
                    "in this clone (.git/info/exclude); add /AGENTS.override.md, "
                    "/AGENTS.override.md.edited*, /.AGENTS.override.md.*.tmp to .gitignore "
                    "for the team (gitmemory init adds them)")
    assert _exclude(repo).read_text() == ("# the user's own\n*.swp\n" + MARK + "\n"
                                          + "\n".join(WANTED) + "\n")
    assert _keep_out(repo) == ""  # once
    assert _exclude(repo).read_text().count(MARK) == 1


def test_a_gitignore_line_with_or_without_its_slash_covers_it(repo: Path) -> None:
    for line in ("/AGENTS.override.md", "AGENTS.override.md", "  /AGENTS.override.md  "):
        (repo / ".gitignore").write_text(f"build/\n{line}\n")
        assert _keep_out(repo) == ""
    assert MARK not in (_exclude(repo).read_text() if _exclude(repo).exists() else "")


def test_only_the_missing_lines_are_added(repo: Path) -> None:
    _exclude(repo).write_text("/AGENTS.override.md.edited*\n")
    assert _keep_out(repo)
    added = _exclude(repo).read_text().split(MARK + "\n", 1)[1]
    assert added == "/AGENTS.override.md\n/.AGENTS.override.md.*.tmp\n"


def test_a_path_with_a_line_break_adds_no_line(repo: Path) -> None:
    odd = ["/notes\n*", "/notes\n*.edited*"]
    assert _keep_out(repo, odd) == ""
    assert "notes" not in (_exclude(repo).read_text() if _exclude(repo).exists() else "")


def test_a_clone_without_info_gets_the_directory(tmp_path: Path) -> None:
    common = tmp_path / "common"
    said = keep_out(str(tmp_path), str(common), WANTED, "AGENTS.override.md")
    assert said.startswith("AGENTS.override.md is generated")
    assert (common / "info" / "exclude").read_text().startswith(MARK + "\n")

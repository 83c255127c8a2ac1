"""How one call's characters are shared out (pipeline/budget.py, pipeline/context.py)."""

from __future__ import annotations

from gitmemory.commits import Commit, FileChange
from gitmemory.sources.commits import budget, context


def _patch(path: str, lines: int, tag: str) -> str:
    body = "".join(f"+{tag} line {n} of {path}\n" for n in range(lines))
    return f"diff --git a/{path} b/{path}\n@@ -0,0 +1,{lines} @@\n{body}"


def _commit(n: int, diff: str, paths: tuple[str, ...], body: str = "") -> Commit:
    return Commit(sha=f"{n:040d}", author="Ada", date="2026-01-01T00:00:00Z",
                  subject=f"commit {n}", body=body,
                  files=tuple(FileChange(p, 9, 0) for p in paths), diff=diff)


def test_the_whole_stays_within_the_cap_and_every_commit_is_in() -> None:
    commits = [_commit(n, _patch(f"src/m{n}.py", 200, "SRC"), (f"src/m{n}.py",))
               for n in range(30)]
    text, included = context.build(commits, 2000, 20000)
    assert included == 30  # diffs shrink; no commit waits for the next run
    assert len(text) <= 20000
    assert text.count("[... +") == 30


def test_commits_that_change_more_source_get_more_of_the_budget() -> None:
    big = _commit(1, _patch("src/core.py", 300, "CORE"), ("src/core.py",))
    docs = _commit(2, _patch("docs/guide.rst", 300, "DOCS"), ("docs/guide.rst",))
    small = _commit(3, _patch("src/util.py", 3, "UTIL"), ("src/util.py",))
    text, _ = context.build([big, docs, small], 2000, 2500)
    assert text.count("CORE line") > 4 * text.count("DOCS line") > 0
    assert text.count("UTIL line") == 3  # a small change is shown whole


def test_tests_get_a_smaller_share_of_a_commit_than_its_source() -> None:
    diff = _patch("tests/test_core.py", 300, "TEST") + _patch("src/core.py", 300, "CORE")
    shown = budget.Diff.of(diff).text(2000)
    assert shown.index("CORE line") < shown.index("TEST line")  # source first
    assert shown.count("TEST line") * 2 < shown.count("CORE line")


def test_tests_alone_are_shown() -> None:
    shown = budget.Diff.of(_patch("tests/test_core.py", 5, "TEST")).text(2000)
    assert shown.count("TEST line") == 5


def test_share_gives_floors_then_weight() -> None:
    diffs = [budget.Diff.of(_patch("src/a.py", 500, "A")),
             budget.Diff.of(_patch("src/b.py", 50, "B")),
             budget.Diff.of(_patch("README.md", 500, "R"))]
    shares = budget.share(diffs, 3000, 2000)
    assert sum(shares) <= 3000
    assert shares[0] > shares[2] >= budget.FLOOR


def test_long_messages_stay_whole_and_every_diff_keeps_its_floor() -> None:
    """Messages used to take the whole call: 40 of 41 commits reached the model with no
    changed line (issue 20); then every message of a crowded batch was cut to 320
    characters, where the reasons are (issue 29): a message is cut at its own cap only,
    and the commits that do not fit follow in the next request."""
    body = "An explanation that goes on. " * 60 + "The cause was the retry."
    commits = [_commit(n, _patch(f"src/m{n}.py", 40, f"M{n}"), (f"src/m{n}.py",), body)
               for n in range(40)]
    text, included = context.build(commits, 2000, 32000)
    assert 0 < included < 40 and len(text) <= 32000
    for n in range(included):
        assert f"+M{n} line 0 of" in text, n
    assert text.count("The cause was the retry.") == included
    assert "[...message truncated" not in text
    assert text.endswith(f"[...{40 - included} more commits follow in the next request]")


def test_a_change_line_too_long_for_the_room_shows_its_start() -> None:
    paragraph = "+" + "A paragraph of documentation that never ends " * 30
    diff = f"diff --git a/docs/a.md b/docs/a.md\n@@ -1 +1 @@\n-old\n{paragraph}\n"
    shown = budget.Diff.of(diff).text(150)
    assert "-old" in shown or "+A paragraph" in shown
    assert len(shown) <= 150

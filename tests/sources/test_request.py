"""What a model's request keeps of a run's commits (issue 29): both sides of a replaced line,
changelog fragments ahead of code, short bullets and links, no carriage returns; and an
answer with one bad item loses that item, not the whole answer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.commits import Commit, FileChange
from gitmemory.pipeline.evolve import parse_evolution
from gitmemory.providers.answers import InvalidOutput
from gitmemory.sources.commits import budget, context
from gitmemory.sources.commits.extraction import ExtractRequest, parse_extraction
from gitmemory.sources.commits.history import History
from gitmemory.sources.sessions.lessons import parse_lessons
from testing.fake_provider import FakeLLM, extract
from testing.gitrepo import git


def _replaced(path: str, count: int) -> str:
    old = "".join(f"-    total = compute_the_old_way(values, index={n}, strict=False)\n"
                  for n in range(count))
    new = "".join(f"+    total = compute_the_new_way(values, index={n}, strict=True)\n"
                  for n in range(count))
    return f"diff --git a/{path} b/{path}\n@@ -1,{count + 1} +1,{count + 1} @@ def run():\n" \
        f"     values = load()\n{old}{new}"


def test_a_replaced_line_keeps_its_new_side_when_the_hunk_is_cut() -> None:
    """Git lists a hunk's removed lines before its added ones: a cut used to keep only
    the old side (7 to 17 such hunks per window)."""
    shown = budget.Diff.of(_replaced("src/app.py", 12)).text(400)
    assert "compute_the_old_way(values, index=0" in shown
    assert "compute_the_new_way(values, index=0" in shown
    assert len(shown) <= 400


def test_a_replaced_line_keeps_both_sides_within_a_commits_floor() -> None:
    commits = [Commit(sha=f"{n:040d}", author="Ada", date="2026-01-01T00:00:00Z",
                      subject=f"refactor: new way {n}", files=(FileChange("src/app.py", 12, 12),),
                      diff=_replaced("src/app.py", 12)) for n in range(40)]
    text, included = context.build(commits, 2000, 16000)
    assert included == 40
    assert text.count("compute_the_new_way(values, index=0") == 40


def _fragment(path: str, line: str) -> str:
    return f"diff --git a/{path} b/{path}\nnew file mode 100644\n@@ -0,0 +1 @@\n+{line}\n"


@pytest.mark.parametrize("path", ["changelog.d/1234.bugfix.md", ".changeset/brave-owls-sing.md",
                                  "CHANGELOG.md", "releasenotes/notes/fix-cache-1a2b.yaml"])
def test_a_changelog_fragment_is_kept_ahead_of_code(path: str) -> None:
    source = "".join(f"diff --git a/src/m{n}.py b/src/m{n}.py\n@@ -1 +1,40 @@\n" +
                     "".join(f"+line {k} of the module's new code, long enough to fill\n"
                             for k in range(40)) for n in range(3))
    entry = "Cache keys are now hashed, so a key with '..' stays in the cache directory."
    shown = budget.Diff.of(source + _fragment(path, entry)).text(600)
    assert entry in shown
    assert shown.index(entry) < shown.index("line 0 of the module")


def test_short_bullets_and_links_that_say_where_are_sent() -> None:
    commit = Commit(sha="c" * 40, author="Ada", date="2026-01-01T00:00:00Z",
                    subject="docs: move the plugin guide",
                    body="The plugin guide moved to\n\nhttps://plugins.example.org/guide\n\n"
                         "Options it no longer documents:\n\n* `--strict`\n* `--legacy-ids`\n"
                         "* Python 3.9\n* wip\n\nhttps://github.com/o/r/pull/12")
    message = context.message_of(commit)
    for kept in ("https://plugins.example.org/guide", "* `--strict`", "* `--legacy-ids`",
                 "* Python 3.9"):
        assert kept in message, kept
    assert "* wip" not in message
    assert "pull/12" not in message  # a link to the pull request says nothing


def test_windows_line_endings_reach_nobody(repo: Path) -> None:
    (repo / "crlf.py").write_bytes(b"a = 1\r\nb = 2\r\n")
    git(repo, "add", "crlf.py")
    git(repo, "commit", "-q", "-m", "add crlf.py")
    (repo / "crlf.py").write_bytes(b"a = 1\r\nb = 3\r\n")
    message = repo / "message.txt"
    message.write_bytes(b"fix: b is 3\r\n\r\nThe cause was a stale b.\r\nSee the notes.\r\n")
    git(repo, "commit", "-q", "-a", "-F", str(message))
    sha = git(repo, "rev-parse", "HEAD").stdout.strip()
    [commit] = History(str(repo)).collect([sha], [])
    assert "\r" not in commit.subject + commit.body + commit.diff
    assert "+b = 3\n" in commit.diff
    text, _ = context.build([commit], 2000, 30000)
    assert "\r" not in text and "\\r" not in text and "x0d" not in text


def _items(count: int, bad: int) -> list[dict[str, object]]:
    return [{"section": "facts", "content": f"Cache entry {n} is kept for {n + 1} minutes"
             + ("\nsecond line" if n == bad else ""), "confidence": 0.9, "refs": ["a1b2c3d"]}
            for n in range(count)]


def test_one_bad_item_of_an_answer_is_left_out_with_a_note() -> None:
    """One item with a line break in an answer of 51 used to reject the whole answer, and
    the branch's commits stayed pending."""
    dropped: list[str] = []
    found = parse_extraction(json.dumps({"extractions": _items(51, 7)}), dropped)
    assert len(found) == 50 and all("second line" not in e.content for e in found)
    assert dropped == ["extractions[7]: content must be one line"]


def test_an_answer_of_bad_items_only_is_asked_again() -> None:
    answer = json.dumps({"extractions": _items(1, 0)})
    with pytest.raises(InvalidOutput, match="content must be one line"):
        parse_extraction(answer, [])
    good = json.dumps({"extractions": _items(3, -1)})
    model = FakeLLM().enqueue(answer, good)
    assert len(extract(model, ExtractRequest("main", [], "records"))) == 3
    assert len(model.history) == 2


def test_the_evolve_and_session_answers_drop_one_bad_item_too() -> None:
    dropped: list[str] = []
    evolved = parse_evolution(json.dumps({
        "sections": {"facts": [{"content": "ok one"}, {"content": "bad\none"}, "ok two"],
                     "architectural-decisions": [], "conventions": [], "bug-patterns": []},
        "changes": [{"action": "added", "section": "facts", "content": "ok one"},
                    {"action": "merged", "section": "facts", "content": "x"}]}), dropped)
    assert [i.text for i in evolved.sections["facts"]] == ["ok one", "ok two"]
    assert len(evolved.changes) == 1
    assert dropped == ["sections.facts[1]: content must be one line",
                       "changes[1]: action must be one of added, updated, removed, kept"]
    dropped = []
    lessons = parse_lessons(json.dumps({"lessons": [
        {"section": "conventions", "content": "Run `make check` before pushing",
         "confidence": 0.9, "session": "4f3a9b2c", "said": None},
        {"section": "conventions", "content": "Bad", "confidence": 0.9, "session": "nope"}]}),
        dropped)
    assert len(lessons) == 1
    assert dropped == ["lessons[1]: session must be the 8-character id of a session"]


def test_a_memorize_run_keeps_the_good_items_and_says_what_it_left_out(repo: Path) -> None:
    from gitmemory.pipeline.memorize import memorize
    from gitmemory.pipeline.mode import COMMIT
    from gitmemory.repo import Repo
    from testing.gitrepo import commit_file

    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "src/cache.py", "KEYS = 'hashed'\n",
                "fix(cache): hash keys\n\nKeys with '..' escaped the cache directory.")
    items = _items(51, 7)
    for item in items:
        item["refs"] = [git(repo, "rev-parse", "--short", "HEAD").stdout.strip()]
    model = FakeLLM().enqueue(json.dumps({"extractions": items}))
    result = memorize(Repo.open(str(repo)), "feature", model, COMMIT)
    assert result.status == "success", result.line()
    assert result.remaining == 0
    assert any("left out" in note and "extractions[7]" in note for note in result.notes), \
        result.notes

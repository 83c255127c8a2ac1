"""One team, one memory (docs/design.md, "Layers of memory"), end to end on the native
route: a bare remote, a first clone that set the repository up, and a teammate's clone.

A branch's file holds only what the branch learned; its CLAUDE.md shows that first
and the default branch's memory under it, marked; ``diff``, ``search`` and the push
policy see the branch's own items only.
"""

from __future__ import annotations

import json
from pathlib import Path

from gitmemory.memory.markdown import parse
from testing.agents import claude_reads
from testing.team import (
    BRANCH_DECISION,
    MAIN_DECISION,
    clone,
    commit_all,
    learn,
    memory_path,
    run_git,
    run_gitmemory,
    seeded_remote,
)


def _push(clone_dir: Path, *args: str) -> tuple[int, str]:
    done = run_git(clone_dir, "push", *args, check=False)
    return done.returncode, done.stderr


def test_the_branch_file_holds_its_own_and_claude_md_layers_main_under_it(
        tmp_path: Path) -> None:
    remote, _ = seeded_remote(tmp_path)
    b = clone(tmp_path, remote, "b")
    assert run_gitmemory(b, "init").returncode == 0
    learn(b, "feature/cache")
    code, said = _push(b, "-u", "origin", "feature/cache")
    assert code != 0 and "memory for feature/cache committed" in said
    assert _push(b, "-u", "origin", "feature/cache")[0] == 0
    own = parse(memory_path(b, "feature/cache").read_text())
    assert own is not None
    assert [i.text for sid, items in own.sections.items() if sid != "history"
            for i in items] == [BRANCH_DECISION]
    assert [i.text for i in own.sections["history"]] == ["Cache lookups"]  # the commit
    claude = claude_reads(b)  # the decisions are about src/: Claude Code's rule file for it
    mine = next(line for line in claude.splitlines() if BRANCH_DECISION in line)
    main_line = next(line for line in claude.splitlines() if MAIN_DECISION in line)
    style = next(line for line in claude.splitlines() if "line length 100" in line)
    assert not mine.endswith("[inherited]")
    assert main_line.endswith("[inherited]") and style.endswith("[inherited]")
    assert claude.index(BRANCH_DECISION) < claude.index(MAIN_DECISION)  # own items first
    counted = json.loads(run_gitmemory(b, "diff", "--json").stdout)
    assert [(d["branch"], len(d["added"]), len(d["changed"]), len(d["removed"]))
            for d in counted["branches"]] == [("feature/cache", 2, 0, 0)]  # and its line
    listed = json.loads(run_gitmemory(b, "list", "--json").stdout)
    assert {row["branch"]: row["items"] for row in listed}["feature/cache"] == {
        "facts": 0, "architectural-decisions": 1, "conventions": 0, "bug-patterns": 0,
        "history": 1}


def test_a_push_of_commits_that_teach_nothing_goes_through(tmp_path: Path) -> None:
    _, a = seeded_remote(tmp_path)
    run_git(a, "checkout", "-q", "-b", "tweak")
    (a / "src" / "app.py").write_text("def main():\n    return 2\n\n\ndef helper(values):\n"
                                      "    return sorted(values, reverse=True)\n")
    tip = commit_all(a, "Add a helper that sorts values in reverse order")
    dry = run_gitmemory(a, "memorize", "--dry-run")
    assert "1 commit(s) to send" in dry.stdout + dry.stderr  # worth reading, teaches nothing
    assert "hold nothing the extractor keeps" in dry.stdout, dry.stdout
    code, said = _push(a, "-u", "origin", "tweak")
    assert code == 0, said
    assert run_git(a, "rev-parse", "HEAD").stdout.strip() == tip  # no memory commit
    assert not memory_path(a, "tweak").exists()
    assert MAIN_DECISION in claude_reads(a)


def test_search_finds_a_repository_read_item_once(tmp_path: Path) -> None:
    remote, _ = seeded_remote(tmp_path)
    b = clone(tmp_path, remote, "b")
    run_gitmemory(b, "init")
    learn(b, "feature/cache")
    _push(b, "-u", "origin", "feature/cache")
    found = json.loads(run_gitmemory(b, "search", "--json", "line length").stdout)
    assert [hit["branch"] for hit in found["hits"] if "line length" in hit["text"]] == ["main"]


def test_an_inherited_item_a_person_drops_is_left_out_and_shown_to_reviewers(
        tmp_path: Path) -> None:
    remote, _ = seeded_remote(tmp_path)
    b = clone(tmp_path, remote, "b")
    run_gitmemory(b, "init")
    learn(b, "feature/cache")
    _push(b, "-u", "origin", "feature/cache")
    _push(b, "-u", "origin", "feature/cache")
    path = memory_path(b, "feature/cache")
    path.write_text(path.read_text() + f"\n## Not Inherited\n\n- {MAIN_DECISION}\n")
    commit_all(b, "SQLite does not hold on this branch")
    claude = claude_reads(b)  # post-commit rendered it: memory changed
    assert MAIN_DECISION not in claude and BRANCH_DECISION in claude
    counted = json.loads(run_gitmemory(b, "diff", "--json").stdout)
    (mine,) = counted["branches"]
    assert mine["not_inherited"] == [MAIN_DECISION] and len(mine["added"]) == 2  # and a line
    said = run_gitmemory(b, "diff").stdout
    assert f"x [Not Inherited] {MAIN_DECISION}" in said
    shown = run_gitmemory(b, "show").stdout
    assert "Layered over main's memory: 1 inherited item(s) follow these in CLAUDE.md, " \
        "1 replaced or removed here" in shown

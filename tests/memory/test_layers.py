"""A branch's memory layered over the default branch's (docs/design.md, "Layers of memory"):
``memory/layers.py`` on the checkout path, ``memory/inherit.py`` when memory is stored,
``maintenance/promote.fold`` when a merged branch's memory moves to the default branch."""

from __future__ import annotations

from pathlib import Path

from gitmemory import config, git
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.inherit import own_only
from gitmemory.memory.layers import NOT_INHERITED, combined, hidden, layered, with_hidden
from gitmemory.memory.markdown import Item, Memory, generate, is_valid, parse
from gitmemory.outputs import render
from gitmemory.providers.offline import OfflineProvider
from gitmemory.reading.project import slot
from testing.gitrepo import git as run_git
from testing.gitrepo import gitmemory, set_up

MAIN = Memory("main", {
    "facts": [Item("Sessions are stored in Redis with a 24h TTL")],
    "architectural-decisions": [Item("Storage is SQLite: deployments are single-node",
                                     ("1111111",))],
    "conventions": [Item("Code style: line length 100", (), ("pyproject.toml",)),
                    Item("Tests: pytest", (), ("pyproject.toml",))],
})


def _ext(text: str, section: str = "conventions") -> Extraction:
    return Extraction(section, text, 0.9, (), ("pyproject.toml",))


def test_the_not_inherited_section_round_trips_and_is_read_back() -> None:
    own = Memory("topic", {"conventions": [Item("Code style: line length 120")]})
    marked = with_hidden(own, ["Code style: line length 100"])
    assert own.extra == []  # a copy: the caller's memory is unchanged
    again = parse(generate(marked))
    assert again == marked and is_valid(marked)
    assert again.extra[0][0] == NOT_INHERITED
    assert hidden(again) == ["Code style: line length 100"]
    assert with_hidden(again, ["code style: line length 100."]) is again  # named already
    hand = parse(generate(again).replace("- Code style: line length 100",
                                         "- Code style: line length 100\n* Tests: pytest "
                                         "(paths: pyproject.toml)"))
    assert hidden(hand) == ["Code style: line length 100", "Tests: pytest"]


def test_own_items_come_first_and_inherited_ones_they_repeat_or_hide_are_left_out() -> None:
    own = with_hidden(Memory("topic", {
        "conventions": [Item("Code style: line length 120"), Item("tests: PYTEST.")],
        "bug-patterns": [Item("Cache keys must include the tenant")]}),
        ["Code style: line length 100"])
    shown = [(e.section, e.item.text, e.inherited) for e in layered(own, MAIN)]
    assert shown == [
        ("conventions", "Code style: line length 120", False),
        ("conventions", "tests: PYTEST.", False),
        ("bug-patterns", "Cache keys must include the tenant", False),
        ("facts", "Sessions are stored in Redis with a 24h TTL", True),
        ("architectural-decisions", "Storage is SQLite: deployments are single-node", True),
    ]
    assert [e.inherited for e in layered(None, MAIN)] == [True, True, True, True]
    whole = combined(own, MAIN, "topic")
    assert whole is not None and whole.item_count() == 5


def test_a_run_keeps_what_differs_and_names_what_it_replaces() -> None:
    found = [_ext("Code style: line length 100"),  # the same: inherited already
             _ext("Tests: tox -e py"),  # the same slot, another reading
             _ext("Sessions are stored in Redis with a 48h TTL", "facts"),  # a detail changed
             _ext("Feature flags live in flags.toml")]
    own = own_only(found, MAIN, None, slot)
    assert [e.content for e in own.found] == [
        "Tests: tox -e py", "Sessions are stored in Redis with a 48h TTL",
        "Feature flags live in flags.toml"]
    assert own.replaced == ["Tests: pytest", "Sessions are stored in Redis with a 24h TTL"]
    assert own_only(found, None, None, slot).found == found  # nothing to layer on
    gone = with_hidden(Memory("topic"), ["Code style: line length 100"])
    kept = own_only([_ext("Code style: line length 100")], MAIN, gone, slot)
    assert [e.content for e in kept.found] == ["Code style: line length 100"]


def test_promote_folds_the_branch_own_items_and_drops_what_it_removed() -> None:
    from gitmemory.maintenance.promote import fold

    source = with_hidden(Memory("topic", {"conventions": [Item("Tests: tox -e py")]}),
                         ["Tests: pytest"])
    new, result = fold("main", MAIN, source, OfflineProvider(), cap=50)
    assert new is not None
    texts = [i.text for items in new.sections.values() for i in items]
    assert "Tests: tox -e py" in texts and "Tests: pytest" not in texts
    assert "Code style: line length 100" in texts
    assert (result.status, result.added, result.removed) == ("success", 1, 1)
    assert new.extra == []  # the branch's Not Inherited section stays on the branch
    nothing, skipped = fold("main", MAIN, Memory("topic"), OfflineProvider(), cap=50)
    assert nothing is None and skipped.status == "skipped"


def _rendered(repo: Path, branch: str, **overrides: object) -> list[str]:
    info = git.repo_info(str(repo))
    cfg = config.load(str(repo), overrides=overrides or None)
    source = render.source_for(info, cfg, branch)
    assert source is not None
    return [e.line for e in render.entries(source, branch, cfg, str(repo), info.state_dir)]


def _file(repo: Path, memory: Memory) -> None:
    directory = repo / ".gitmemory" / "branches"
    directory.mkdir(parents=True, exist_ok=True)
    (directory / f"{memory.branch}.md").write_text(generate(memory))


def test_the_checkout_renders_own_items_first_and_marks_the_inherited(repo: Path) -> None:
    (repo / "pyproject.toml").write_text("[tool.ruff]\nline-length = 100\n")
    _file(repo, MAIN)
    run_git(repo, "checkout", "-q", "-b", "topic")
    _file(repo, with_hidden(Memory("topic", {"conventions": [Item("Tests: tox -e py")]}),
                            ["Tests: pytest"]))
    lines = _rendered(repo, "topic")
    assert lines[0] == "Tests: tox -e py"
    assert "Code style: line length 100 (paths: pyproject.toml) [inherited]" in lines
    assert not any(line.startswith("Tests: pytest") for line in lines)
    assert _rendered(repo, "topic", inherit_default_branch=False) == ["Tests: tox -e py"]


def test_one_budget_keeps_own_items_when_it_runs_short(repo: Path) -> None:
    _file(repo, Memory("main", {"conventions": [Item(f"Main rule {n} " + "x" * 60)
                                                for n in range(40)]}))
    run_git(repo, "checkout", "-q", "-b", "topic")
    _file(repo, Memory("topic", {"bug-patterns": [Item("The topic's own lesson")]}))
    run_git(repo, "config", "gitmemory.maxInjectChars", "600")
    gitmemory(repo, "generate")
    claude = (repo / "CLAUDE.md").read_text()
    assert "The topic's own lesson" in claude
    block = claude[claude.index("## Branch Memory"):]
    assert 0 < block.count("[inherited]") < 40


def test_a_branch_that_restyles_replaces_the_inherited_reading(repo: Path) -> None:
    """The repository-read items are derived per branch and stored where they differ."""
    (repo / "pyproject.toml").write_text("[project]\nname = 'x'\n\n[tool.ruff]\n"
                                         "line-length = 100\n")
    run_git(repo, "add", "-A")
    run_git(repo, "commit", "-q", "-m", "Add the project file")
    set_up(repo, "offline")
    main_file = (repo / ".gitmemory" / "branches" / "main.md").read_text()
    assert "line length 100" in main_file
    run_git(repo, "checkout", "-q", "-b", "wide")
    (repo / "pyproject.toml").write_text("[project]\nname = 'x'\n\n[tool.ruff]\n"
                                         "line-length = 120\n")
    run_git(repo, "commit", "-q", "-am", "Allow lines of 120 characters in the code base")
    gitmemory(repo, "memorize")
    own = parse((repo / ".gitmemory" / "branches" / "wide.md").read_text())
    assert own is not None
    assert [i.text for sid, items in own.sections.items() if sid != "history"
            for i in items] == ["Code style: line length 120"]
    assert [i.text for i in own.sections["history"]] == \
        ["Allow lines of 120 characters in the code base"]  # the branch's one commit
    assert hidden(own) == ["Code style: line length 100"]
    claude = (repo / "CLAUDE.md").read_text()
    assert "line length 120" in claude and "line length 100" not in claude

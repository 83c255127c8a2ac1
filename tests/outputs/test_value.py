"""Budget by value (issue 34 item 1): what the history taught fills an agent file before
what restates the repository's files; commands go in one compact section; facts that
report a deprecation, removal, rename or changed default are shown; the block ends with
how many notes are left out and where they are."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory import config, git, state
from gitmemory.memory.markdown import Item, Memory, generate
from gitmemory.outputs import relevance, sync, value
from testing.gitrepo import git as run_git

COMMANDS = [
    ("Setup", "`make install` runs `python -m pip install -e .[dev]`"),
    ("Tests", "`make test` runs `pytest -n auto --cov`; CI runs it too"),
    ("Lint", "`make lint` runs `ruff check .`, `ruff format --check .`"),
    ("Format", "`make format` runs `ruff format .`"),
    ("Type checks", "`make typecheck` runs `mypy src`"),
    ("Docs", "`make docs` runs `sphinx-build -W docs docs/_build`"),
    ("Build", "`make dist` runs `python -m build`"),
]
RESTATED = [
    "Python: 3.11 and later (requires-python in pyproject.toml); CI tests 3.11 to 3.13",
    "Code style: ruff with line length 100, double quotes, isort rules (pyproject.toml)",
    "Lint rules: ruff selects E, F, W, I, B, UP, SIM and RUF (pyproject.toml)",
    "Typing: mypy strict, disallow_untyped_defs, warn_unused_ignores (pyproject.toml)",
    "Layout: sources in src/shop, tests in tests, docs in docs, scripts in scripts",
    "Hooks: `pre-commit run --all-files` runs ruff, mypy and end-of-file-fixer",
]
DECISIONS = [f"Decision {n:02d}: orders are priced in integer cents, chosen over Decimal "
             f"so that totals add exactly across services (part {n})" for n in range(10)]
BUGS = [f"Bug {n:02d}: a cart merged twice double-counted its discounts because the merge "
        f"ran on retry; merges are now idempotent (part {n})" for n in range(10)]
DEPRECATIONS = [
    "`Cart.total()` is deprecated; use `Cart.summary().total` instead",
    "The `legacy_tax` option was removed in 3.0; tax rules come from `TaxTable`",
    "`shop.utils.money` was renamed to `shop.money`",
]
PLAIN_FACTS = ["Prices are stored in cents", "The API listens on port 8080"]


def _memory(repo: Path, branch: str, bug_paths: tuple[str, ...] = ()) -> None:
    # the commands the items name are in the files they cite (the evidence rule), on the
    # default branch the feature branch leaves
    on = git.repo_info(str(repo)).branch
    if on != "main":
        run_git(repo, "checkout", "-q", "main")
    (repo / "Makefile").write_text(
        "install:\n\tpython -m pip install -e .[dev]\ntest:\n\tpytest -n auto --cov\n"
        "lint:\n\truff check .\n\truff format --check .\nformat:\n\truff format .\n"
        "typecheck:\n\tmypy src\ndocs:\n\tsphinx-build -W docs docs/_build\n"
        "dist:\n\tpython -m build\n")
    (repo / "pyproject.toml").write_text("# pre-commit run --all-files runs the hooks\n")
    (repo / ".pre-commit-config.yaml").write_text("repos: []\n")
    (repo / "src" / "shop").mkdir(parents=True, exist_ok=True)
    (repo / "src" / "shop" / "cart.py").write_text("x\n")
    run_git(repo, "add", "-A")
    run_git(repo, "commit", "-q", "-m", "the project's files")
    if on != "main":
        run_git(repo, "checkout", "-q", "-B", str(on))
    read = [Item(f"{slot}: {said}", ("1111111",), ("Makefile",)) for slot, said in COMMANDS]
    read += [Item(text, ("1111111",), ("pyproject.toml",)) for text in RESTATED]
    memory = Memory(branch, {
        "facts": [Item(t, ("2222222",)) for t in PLAIN_FACTS + DEPRECATIONS],
        "architectural-decisions": [Item(t, (f"{n + 3:07x}",)) for n, t in enumerate(DECISIONS)],
        # The repository reading writes its items first, commits' items follow.
        "conventions": [*read, Item("Money never passes through float (see `to_cents`)",
                                    ("3333333",))],
        "bug-patterns": [Item(t, (f"{n + 40:07x}",), bug_paths) for n, t in enumerate(BUGS)],
    })
    directory = repo / ".gitmemory" / "branches"
    directory.mkdir(parents=True, exist_ok=True)
    (directory / f"{branch}.md").write_text(generate(memory))


def _claude_md(repo: Path, branch: str, **overrides: object) -> str:
    info = git.repo_info(str(repo))
    sync.sync(info, config.load(str(repo), overrides=overrides or None), branch)
    return (repo / "CLAUDE.md").read_text()


def _block(text: str) -> str:
    return text.split("## Branch Memory (auto-extracted)\n", 1)[1]


def test_history_and_deprecations_come_before_restated_commands_within_the_cap(
        repo: Path) -> None:
    """Before: conventions first (the commands and settings read from files took the
    budget), facts never shown, and nothing said where the rest was."""
    run_git(repo, "checkout", "-q", "-b", "feature")
    _memory(repo, "feature")
    # the commands, the docs build and the language versions are taken first: the cap
    # leaves the history 300 characters more than the default's share
    text = _claude_md(repo, "feature", inherit_default_branch=False, max_inject_chars=4300,
                      outputs=["claude"])  # alone: its last line counts what it left out
    block = _block(text)
    assert len(block.split("### ", 1)[1]) <= 4300  # the cap holds
    for item in (*DECISIONS, *BUGS, *DEPRECATIONS):
        assert item in block, item
    assert not any(fact in block for fact in PLAIN_FACTS)
    shown = [f"{slot}: {said}" for slot, said in COMMANDS if f"{slot}: {said}" in block]
    restated = [t for t in RESTATED if t in block]
    assert len(shown) + len(restated) < len(COMMANDS) + len(RESTATED)  # they gave way
    last_history = max(block.index(item) for item in (*DECISIONS, *BUGS, *DEPRECATIONS))
    if shown:
        assert block.index("### Commands") > last_history
        assert f"- {shown[0]} (paths: Makefile)\n" in block  # compact: no refs
    left = len(COMMANDS) + len(RESTATED) - len(shown) - len(restated) + len(PLAIN_FACTS)
    assert block.endswith(
        f"_{left} more notes are in this branch's memory: `gitmemory search <words>` finds "
        "them, as does the `search_memory` tool of gitmemory's MCP server._\n")


def test_what_the_branch_changed_ranks_first_within_a_tier(repo: Path) -> None:
    run_git(repo, "checkout", "-q", "-b", "feature")
    _memory(repo, "feature", bug_paths=("src/shop/cart.py",))
    info = git.repo_info(str(repo))
    relevance.store(state.ensure_dir(info.state_dir), "feature", ["src/shop/cart.py"])
    # CLAUDE.md alone: with Claude Code's rules on, items about src/shop/ would go there.
    block = _block(_claude_md(repo, "feature", inherit_default_branch=False,
                              max_inject_chars=1400, outputs=["claude"]))
    assert all(bug in block for bug in BUGS[-3:])  # the files it changed
    assert not any(decision in block for decision in DECISIONS)
    assert all(f"{slot}:" in block for slot, _ in COMMANDS)  # taken first


def test_nothing_left_out_means_no_last_line(repo: Path) -> None:
    directory = repo / ".gitmemory" / "branches"
    directory.mkdir(parents=True)
    (directory / "main.md").write_text(generate(Memory("main", {
        "bug-patterns": [Item("A cause and its cure", ("1234567",))]})))
    assert "more note" not in _claude_md(repo, "main")


@pytest.mark.parametrize(("text", "change"), [
    ("`Client.get()` is deprecated and warns; use `Client.fetch()`", True),
    ("The `--legacy` flag was removed in 2.0", True),
    ("`parse_opts` was renamed to `parse_options`", True),
    ("Timeouts now default to 30 s (were unlimited before 4.1)", True),
    ("The default port is 8080", False),
    ("The default timeout is now 30 s", True),
    ("`load()` returns None instead of raising on a missing file", True),
    ("New JavaScript package `packages/plugin-yuku`", True),
    ("`load()` now returns a Promise", True),
    ("Each request opens a new connection", False),
    ("The API listens on port 8080", False),
    ("Prices are stored in integer cents", False),
    # what took another's place, a change marked breaking, what is required or supported
    ("Replaced `http.fetchAll()` with `http.stream()`", True),
    ("Switched to `tokio` 1.x for the runtime", True),
    ("BREAKING: `parse()` returns a `Result`", True),
    ("Dropped support for Node 16", True),
    ("The minimum supported Elixir is 1.15", True),
    # an API that came, and what a change made the default
    ("Added `Client.retry_policy` to tune retries", True),
    ("Introduce the `--frozen` flag, which refuses lockfile updates", True),
    ("Large uploads are streamed by default", True),
    ("Added tests for the lexer", False),  # no API named: a change of no caller's concern
    ("Tidied the release script", False),
    ("Fixed a typo in the default config comment", False),
])
def test_which_facts_report_a_change(text: str, change: bool) -> None:
    assert value.api_change(text) is change
    if change:
        assert value.shown_fact(text)


@pytest.mark.parametrize(("text", "shown"), [
    ("Security: fix a template escaping issue that let an attribute close its tag", True),
    ("Session cookies were vulnerable to fixation after login; the id is rotated", True),
    ("Bump the XML parser for CVE-2026-1234", True),
    ("Validate the `kid` header as GHSA-aaaa-bbbb-cccc advised", True),
    ('Reverted "send signals to the whole process group"', True),
    ("Converted the parser tests to subtests", False),
    ("Added a helper for ASCII digits", False),
])
def test_security_fixes_and_reverts_are_facts_worth_showing(text: str, shown: bool) -> None:
    """fresh6 (spent): three security fixes and a revert were in the memory, and CLAUDE.md,
    with room to spare, showed none of them: only API-change facts were shown."""
    assert value.shown_fact(text) is shown


@pytest.mark.parametrize(("item", "read"), [
    (Item("Tests: `pytest`", (), ("pyproject.toml",)), True),
    (Item("Commands in `packages/ui/`: `pnpm test`", ("1234567",), ("packages/ui/",)), True),
    (Item("Commits: conventional prefixes, 18 of the last 20"), True),
    (Item("Tests: run them twice before a release"), False),  # by hand: the person's
    (Item("Testing: `pytest`", (), ("pyproject.toml",)), False),  # no such slot
])
def test_what_was_read_from_the_repository(item: Item, read: bool) -> None:
    assert value.read_from_files(item) is read


def test_the_slot_keys_are_the_repository_readings() -> None:
    from gitmemory.reading import project
    from gitmemory.reading.project import slots

    assert frozenset(project.SLOTS) == value.READ_SLOTS
    assert value.COMMAND_SLOTS == slots.SLOTS


def test_the_conventions_a_change_must_follow_are_taken_first_like_the_commands() -> None:
    guide = Item("Rules for tests: Slow tests should be marked with `@slow`.", (),
                 ("CONTRIBUTING.md",))
    commits = Item("Commits: Conventional Commits (`type(scope): summary`, 12 of the last 12; "
                   "types fix)", ("1111111",))
    changelog = Item("Changelog: each user-facing change adds a towncrier fragment in "
                     "`newsfragments/` (`{issue}.{type}`)", (), ("pyproject.toml",))
    entries = Item("Changelog entries: in HISTORY.rst, new entries go at the top, under "
                   "`Next release`; end with the issue number", (), ("HISTORY.rst",))
    # the versions a change must keep working on
    runtime = Item("Erlang: OTP 25 or later (rebar.config `minimum_otp_vsn`)", (),
                   ("rebar.config",))
    # what every pull request confirms, in the template's words
    checklist = Item("Pull request checklist: Tests are added; PR title is short and clear",
                     (), (".github/PULL_REQUEST_TEMPLATE.md",))
    template = Item("Pull request template: sections Summary (required), Testing", (),
                    (".github/pull_request_template.md",))
    # the header every new file must carry, which CI checks
    header = Item("License header: each source file starts with the Apache-2.0 license header "
                  "naming `The Cobra Authors` (CI checks with `addlicense -check`)", (),
                  (".github/workflows/test.yml",))
    # the coverage floor below which CI fails a change (urllib3, fresh14: it overflowed
    # CLAUDE.md behind two history items about a build backend's version bound)
    coverage = Item("Coverage: at least 100% (fail under), so new code needs tests", (),
                    ("pyproject.toml",))
    # how a release is made: a command question like the others (fmt's support/release.py)
    release = Item("Releases: release scripts `support/release.py`", (),
                   ("support/release.py",))
    # the import every new module opens with (anyio's `from __future__ import annotations`)
    imports = Item("Imports: Python modules import `from __future__ import annotations` as "
                   "their first import (24 of the 24 modules read)", (), ("src/anyio/",))
    for item in (guide, commits, changelog, entries, runtime, checklist, template, header,
                 coverage, release, imports):
        assert value.tier(item) == value.FIRST, item.text
        assert not value.is_command(item)  # shown with the rest of what was read
    layout = Item("Layout: sources in src/shop, tests in tests", (), ("pyproject.toml",))
    assert value.tier(layout) == value.RESTATED
    policy = Item("Supported versions: 3.x gets security fixes", (), ("SECURITY.md",))
    assert value.tier(policy) == value.RESTATED  # which releases get fixes: no change's bound
    # a hand-written line under the key has no evidence: the person's, worth its place
    assert value.tier(Item("Rules for tests: always run them twice")) == value.HISTORY


def test_every_command_the_reading_names_is_taken_first() -> None:
    """The docs build, the tasks the task files describe and the services the tests need
    are commands an agent runs like the tests: a long history must not push them out of
    the agent file while they sit in memory (issue 29, "commands")."""
    for text in ("Docs: `make -C manual html` (after `pip install -r manual/requirements.txt`)",
                 "Commands: `rake spec_slow` (Run the slow specs), `rake spec_web`",
                 "Services: `docker compose up -d` starts `redis` (redis:7)",
                 # CI's own check fails a change as a test does (lazygit's Check Filenames)
                 "CI checks: `scripts/check_filenames.sh` (Check Filenames)"):
        assert value.tier(Item(text, (), ("Rakefile",))) == value.FIRST, text
    # the near miss: what restates a file an agent opens first waits for the rest
    assert value.tier(Item("Code style: 2-space indents for rb", (), (".editorconfig",))) == \
        value.RESTATED


def test_a_lesson_that_says_why_comes_before_newer_ones_that_only_say_what(
        repo: Path) -> None:
    """urllib3 (fresh14): CLAUDE.md's room went to the newest decisions ("Allowed using
    setuptools_scm 10"), while older ones that give their reason waited; a file that
    cannot hold every lesson takes those that say why first (reason, cause, choice)."""
    why = ("Requests are retried on a fresh connection because a pooled socket the server "
           "closed fails the first write")
    what = [f"Adopt the {name} layout for the {name} module" for name in (
        "alpha", "beta", "gamma", "delta", "epsilon")]
    directory = repo / ".gitmemory" / "branches"
    directory.mkdir(parents=True)
    (directory / "main.md").write_text(generate(Memory("main", {
        "architectural-decisions": [Item(why, ("1234567",)),
                                    *(Item(t, (f"{n + 2:07x}",)) for n, t in enumerate(what))],
    })))
    block = _block(_claude_md(repo, "main", max_inject_chars=300, outputs=["claude"]))
    assert why in block
    assert what[-1] not in block  # the newest, which only says what, gave way
    assert value.explains(why) and not any(value.explains(t) for t in what)

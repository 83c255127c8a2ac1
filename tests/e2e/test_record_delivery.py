"""A line of the history record reaches the rule file of the code its commit changed
(docs/design.md, "History"): a change to many files of one directory cites the directory,
and a change to the files at the top of the tree reaches the top's own rule file.
Measured (fresh11, spent): such lines were kept in the memory and reached no agent file."""

from __future__ import annotations

from pathlib import Path

from testing.agents import tree
from testing.gitrepo import git, gitmemory

RULES = Path(".claude") / "rules" / "gitmemory"


def _commit(repo: Path, message: str, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = repo / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        git(repo, "add", "--", name)
    git(repo, "commit", "-q", "-m", message)


def test_a_sweeping_change_of_one_directory_reaches_that_directory_s_rule_file(
        repo: Path) -> None:
    gitmemory(repo, "init", "--hooks", "none")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    _commit(repo, "fix(pkg): defer imports on the cold import path\n\nEvery submodule was "
            "loaded at start-up, which caused slow imports because the CLI imports the package.",
            {f"src/pkg/mod{n}.py": f"x = {n}\n" for n in range(6)})
    # (a run whose commits teach nothing but their record stores nothing: the lines ride
    # along with the next run that does, so another commit of the run teaches)
    _commit(repo, "fix(cli): read the config once\n\nThe cause was `load_config()` running "
            "for every subcommand, so `app --help` read the file twice.", {"cli.py": "x = 1\n"})
    gitmemory(repo, "memorize")
    memory = (repo / ".gitmemory" / "branches" / "main.md").read_text()
    line = next(x for x in memory.splitlines() if x.startswith("- fix(pkg): defer imports"))
    assert line.endswith("paths: src/pkg/)")
    rule = (repo / RULES / "src-pkg.md").read_text()
    assert "- fix(pkg): defer imports" in rule and '"src/pkg/**"' in rule


def test_a_change_to_files_at_the_top_reaches_the_top_s_rule_file(repo: Path) -> None:
    gitmemory(repo, "init", "--hooks", "none")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    _commit(repo, "Run Before hooks for shell completion (#2210)",
            {"command_run.go": "package cli\n", "help.go": "package cli\n"})
    # (a run whose commits teach nothing but their record stores nothing: the lines ride
    # along with the next run that does, so this one teaches)
    _commit(repo, "fix(flags): parse negative numbers as values\n\nThe cause was "
            "`parse_flag()` checking for a leading dash before trying a number, so `-5` was "
            "read as a flag.",
            {"internal/flags/parse.go": "package flags\n"})
    gitmemory(repo, "memorize")
    rule = (repo / RULES / "top-level.md").read_text()
    assert "Before hooks for shell completion (refs:" in rule
    assert rule.startswith('---\npaths:\n  - "*"\n---\n')
    assert "about the files at the top of the tree" in rule
    # the commands and everything else every session needs stay in CLAUDE.md alone
    assert "Run Before hooks" not in (repo / "CLAUDE.md").read_text()


def test_a_line_citing_a_directory_since_renamed_keeps_the_directories_still_there(
        repo: Path) -> None:
    gitmemory(repo, "init", "--hooks", "none")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    files = {f"src/core/m{n}.py": "x\n" for n in range(3)}
    files.update({f"examples/e{n}.py": "y\n" for n in range(2)})
    _commit(repo, "fix: make hooks accept generators\n\nA generator was consumed twice, "
            "which caused lost hooks because the list was iterated once per field.", files)
    git(repo, "mv", "examples", "samples")
    git(repo, "commit", "-q", "-m", "Rename the examples directory")
    gitmemory(repo, "memorize")
    memory = (repo / ".gitmemory" / "branches" / "main.md").read_text()
    line = next(x for x in memory.splitlines() if x.startswith("- fix: make hooks accept"))
    assert line.endswith("paths: src/core/)")


def test_a_line_whose_directories_a_reorganisation_moved_all_stays_without_paths(
        repo: Path) -> None:
    """measured (fresh10's Ocelot, spent): src/Ocelot/ became src/<module>/ later in the
    window, and the line of a change to many files of src/Ocelot/ was dropped."""
    gitmemory(repo, "init", "--hooks", "none")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    _commit(repo, "Map non-ASCII header errors to 400 Bad Request",
            {f"src/Gate/Errors/E{n}.cs": "class E {}\n" for n in range(5)})
    git(repo, "mv", "src/Gate", "src/Errors")
    _commit(repo, "fix: keep the chosen locale on page reloads\n\nPages fell back to "
            "English, which caused complaints because the locale was read before the profile.",
            {"web/locale.py": "x = 1\n"})
    gitmemory(repo, "memorize")
    memory = (repo / ".gitmemory" / "branches" / "main.md").read_text()
    line = next(x for x in memory.splitlines() if x.startswith("- Map non-ASCII header"))
    assert "paths:" not in line


def test_a_line_whose_commit_an_item_shown_there_tells_is_not_said_twice(repo: Path) -> None:
    """measured (fresh11's attrs, spent): 11 lines of one rule file retold the decision or
    fact a few lines above them, from the same commit."""
    gitmemory(repo, "init", "--hooks", "none")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    _commit(repo, "fix(auth): compare token expiry in UTC\n\nExpiry was compared in local "
            "time, which caused early logouts because servers run in UTC.",
            {"auth.py": "x = 1\n"})
    _commit(repo, "fix: keep the chosen locale on page reloads\n\nPages fell back to "
            "English, which caused complaints because the locale was read before the profile.",
            {"web/session.py": "y = 1\n", "web/cookies.py": "z = 1\n"})
    gitmemory(repo, "memorize")
    memory = (repo / ".gitmemory" / "branches" / "main.md").read_text()
    history = memory.split("## History", 1)[1]
    assert "- fix(auth): compare token expiry in UTC" in history  # the record keeps it
    files = tree(repo)
    said = [(name, text.count("compare token expiry in UTC")) for name, text in files.items()
            if "compare token expiry in UTC" in text]
    assert said == [("CLAUDE.md", 1)]  # the bug pattern, and no line retelling it
    said = [(name, text.lower().count("keep the chosen locale"))
            for name, text in files.items() if "keep the chosen locale" in text.lower()]
    assert said and all(count == 1 for _, count in said)


def test_a_line_no_area_holds_reaches_the_top_s_rule_file(repo: Path) -> None:
    """fresh24 (spent): a history line whose commit changed many directories, or whose
    change breaks callers anywhere, concerns no one area: it reached no agent file at all,
    though the memory kept it.  Such a line goes to the top's rule file, the one a session
    at the root of the tree reads."""
    gitmemory(repo, "init", "--hooks", "none")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    _commit(repo, "Rename the logging helpers across the packages (#88)",
            {f"{d}/log.py": "x = 1\n" for d in ("api", "cli", "core", "db", "web")})
    _commit(repo, "fix(flags): parse negative numbers as values\n\nThe cause was "
            "`parse_flag()` checking for a leading dash before trying a number, so `-5` was "
            "read as a flag.",
            {"internal/flags/parse.go": "package flags\n"})
    gitmemory(repo, "memorize")
    memory = (repo / ".gitmemory" / "branches" / "main.md").read_text()
    assert "Rename the logging helpers across the packages" in memory
    rule = (repo / RULES / "top-level.md").read_text()
    assert "Rename the logging helpers across the packages" in rule
    assert "Rename the logging helpers" not in (repo / "CLAUDE.md").read_text()


def test_a_commit_that_says_why_is_stored_by_a_run_that_finds_nothing_else(repo: Path) -> None:
    """A new user's trial (0.4.26): two one-line commits, "Pin requests below 3 because the
    session API changed in 3.0" and a fix "because the CDN returns it during deploys",
    made `memorize` say "nothing worth remembering": the record's lines waited for a run
    whose other sources found something.  A line that says why is what the history taught;
    a line that only names a change still waits."""
    gitmemory(repo, "init", "--hooks", "none")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    _commit(repo, "Add a retry counter to the uploader", {"upload.py": "retries = 0\n"})
    gitmemory(repo, "memorize")
    assert not (repo / ".gitmemory" / "branches" / "main.md").exists()  # it waits
    _commit(repo, "Pin requests below 3 because the session API changed in 3.0",
            {"requirements.in": "requests<3\n"})
    _commit(repo, "fix: retry uploads on 503, because the CDN returns it during deploys",
            {"upload.py": "retries = 3\n"})
    done = gitmemory(repo, "memorize")
    assert "nothing worth remembering" not in done.stdout + done.stderr
    history = (repo / ".gitmemory" / "branches" / "main.md").read_text().split("## History")[1]
    assert "- Pin requests below 3 because the session API changed in 3.0" in history
    assert "- fix: retry uploads on 503, because the CDN returns it during deploys" in history
    assert "- Add a retry counter to the uploader" in history  # carried, stored with them

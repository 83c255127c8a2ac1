"""The paths each new item gets at memorize time, from real commits."""

from __future__ import annotations

from pathlib import Path

from gitmemory import config, git
from gitmemory.memory.candidates import Extraction
from gitmemory.pipeline.anchors import attach
from gitmemory.sources.commits.history import History
from testing.gitrepo import commit_file
from testing.gitrepo import git as run_git


def _commits(repo: Path, count: int) -> list:  # type: ignore[type-arg]
    shas = run_git(repo, "rev-list", "--reverse", f"HEAD~{count}..HEAD").stdout.split()
    return History(str(repo)).collect(shas, config.DEFAULT_EXCLUDES)


def _attach(repo: Path, found: list[Extraction], count: int) -> list[tuple[str, ...] | None]:
    tip = git.rev_parse("HEAD", str(repo))
    out = attach(found, _commits(repo, count), str(repo), tip, config.DEFAULT_EXCLUDES)
    return [e.paths for e in out]


def test_paths_come_from_the_commits_and_the_text(repo: Path) -> None:
    for n in range(12):
        (repo / "src" / "api").mkdir(parents=True, exist_ok=True)
        (repo / "src" / "api" / f"h{n}.py").write_text(f"X = {n}\n")
    (repo / "package-lock.json").write_text("{}\n")
    (repo / ".env").write_text("KEY=1\n")
    run_git(repo, "add", "-A")
    run_git(repo, "commit", "-q", "-m", "api handlers")
    a = run_git(repo, "rev-parse", "--short=7", "HEAD").stdout.strip()
    commit_file(repo, "docs/api.md", "# API\n", "docs")
    b = run_git(repo, "rev-parse", "--short=7", "HEAD").stdout.strip()
    found = [Extraction("facts", "Handlers live under src/api", 0.9, (a,)),
             Extraction("facts", "The guide is docs/api.md; see README.md", 0.9, (b,)),
             Extraction("conventions", "Commits are signed off", 0.9, (a, b), ()),
             Extraction("facts", "Given by the model", 0.9, (a,), ("src/api/h1.py",)),
             Extraction("facts", "Names missing.py only", 0.9, ())]
    assert _attach(repo, found, 2) == [("src/api/",), ("docs/api.md", "README.md"), (),
                                       ("src/api/h1.py",), ()]


def test_a_file_renamed_later_in_the_run_is_cited_by_its_new_name(repo: Path) -> None:
    commit_file(repo, "old.py", "x = 1\n", "add old")
    a = run_git(repo, "rev-parse", "--short=7", "HEAD").stdout.strip()
    run_git(repo, "mv", "old.py", "new.py")
    run_git(repo, "commit", "-q", "-m", "rename")
    commit_file(repo, "gone.py", "y = 1\n", "add gone")
    c = run_git(repo, "rev-parse", "--short=7", "HEAD").stdout.strip()
    run_git(repo, "rm", "-q", "gone.py")
    run_git(repo, "commit", "-q", "-m", "remove gone")
    found = [Extraction("facts", "Old does x", 0.9, (a,)),
             Extraction("facts", "Gone does y", 0.9, (c,))]
    # a file a later commit deleted stays cited when nothing else is: the item is stale
    assert _attach(repo, found, 4) == [("new.py",), ("gone.py",)]


def test_a_path_that_holds_a_token_is_never_cited(repo: Path) -> None:
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    commit_file(repo, f"notes/{token}.txt", "x\n", "notes")
    a = run_git(repo, "rev-parse", "--short=7", "HEAD").stdout.strip()
    found = [Extraction("facts", f"Notes live in notes/{token}.txt", 0.9, (a,))]
    assert _attach(repo, found, 1) == [()]


def test_an_item_that_names_a_file_is_about_that_file_alone(repo: Path) -> None:
    """"Code for `config` lives in commitizen/config/__init__.py" cited the eight other
    files its commits changed too: long lines in every agent file, and an item that
    stayed "live" while any of them did."""
    (repo / "config").mkdir()
    for name in ("__init__.py", "json_config.py", "toml_config.py", "yaml_config.py"):
        (repo / "config" / name).write_text("x = 1\n")
    (repo / "docs").mkdir()
    (repo / "docs" / "config.md").write_text("# Config\n")
    run_git(repo, "add", "-A")
    run_git(repo, "commit", "-q", "-m", "config readers")
    a = run_git(repo, "rev-parse", "--short=7", "HEAD").stdout.strip()
    found = [Extraction("facts", "Code for `config` lives in config/__init__.py", 0.9, (a,))]
    assert _attach(repo, found, 1) == [("config/__init__.py",)]


def _short(repo: Path) -> str:
    return run_git(repo, "rev-parse", "--short=7", "HEAD").stdout.strip()


def test_a_chain_of_renames_in_one_run_is_followed_to_the_last_name(repo: Path) -> None:
    commit_file(repo, "a.py", "x = 1\n", "add a")
    a = _short(repo)
    run_git(repo, "mv", "a.py", "b.py")
    run_git(repo, "commit", "-q", "-m", "a -> b")
    run_git(repo, "mv", "b.py", "pkg.py")
    run_git(repo, "commit", "-q", "-m", "b -> pkg")
    run_git(repo, "mv", "pkg.py", "c.py")
    run_git(repo, "commit", "-q", "-m", "pkg -> c")
    found = [Extraction("facts", "A does x", 0.9, (a,)),
             Extraction("facts", "Given by the model", 0.9, (a,), ("a.py",)),
             Extraction("facts", "Named mid-chain", 0.9, (a,), ("b.py",))]
    assert _attach(repo, found, 4) == [("c.py",), ("c.py",), ("c.py",)]


def test_what_a_run_must_not_cite_is_left_out_even_when_its_commits_touched_it(
        repo: Path) -> None:
    for rel in ("src/app.py", "package-lock.json", ".env.local", ".gitmemory/branches/x.md"):
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text("x\n")
    run_git(repo, "add", "-A")
    run_git(repo, "commit", "-q", "-m", "app, lock file, env, memory")
    a = _short(repo)
    found = [Extraction("facts", "The app starts in one place", 0.9, (a,)),
             # a lock file an item names as its source is cited: "Setup: npm ci" rests on it
             Extraction("conventions", "Setup: `npm ci`", 0.9, (a,), ("package-lock.json",))]
    assert _attach(repo, found, 1) == [("src/app.py",), ("package-lock.json",)]


def test_without_a_tip_the_commits_files_stand_in(repo: Path) -> None:
    commit_file(repo, "src/app.py", "x\n", "app")
    a = _short(repo)
    found = [Extraction("facts", "Starts in src/app.py", 0.9, (a,))]
    out = attach(found, _commits(repo, 1), str(repo), None, config.DEFAULT_EXCLUDES)
    assert [e.paths for e in out] == [("src/app.py",)]
    assert attach([], _commits(repo, 1), str(repo), None, []) == []


def test_a_path_named_as_a_directory_is_cited_as_one(repo: Path) -> None:
    commit_file(repo, "docs/guide/index.md", "# Guide\n", "guide")
    a = _short(repo)
    found = [Extraction("facts", "The guide lives in docs/guide", 0.9, (a,))]
    assert _attach(repo, found, 1) == [("docs/guide/",)]


def test_a_directory_that_is_still_there_is_not_moved_where_some_of_its_files_went(
        repo: Path) -> None:
    """Answering curl's requests as the model: an item the model gave `lib/` came back as
    `lib/vdns/`, because the run's commits moved lib/doh.c there; lib/ is still there."""
    commit_file(repo, "lib/url.c", "int url;\n", "add url")
    commit_file(repo, "lib/doh.c", "int doh;\n", "add doh")
    (repo / "lib" / "vdns").mkdir()
    run_git(repo, "mv", "lib/doh.c", "lib/vdns/doh.c")
    run_git(repo, "commit", "-q", "-m", "move the resolver into lib/vdns")
    b = run_git(repo, "rev-parse", "--short=7", "HEAD").stdout.strip()
    found = [Extraction("facts", "The library code", 0.9, (b,), ("lib/",)),
             Extraction("facts", "The resolver", 0.9, (b,), ("lib/doh.c",))]
    assert _attach(repo, found, 3) == [("lib/",), ("lib/vdns/doh.c",)]

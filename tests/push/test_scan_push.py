"""gitmemory/push/scan.py in process: what the pre-push scan reads — every version of a
memory file the pushed commits carry and nothing the remote already has — and what it
names: path, line and rule, never the secret."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory import config
from gitmemory.git import ZERO_SHA
from gitmemory.push import scan
from gitmemory.repo import Repo
from testing.fake_secrets import FAKE
from testing.gitrepo import commit_file, git, memory_text

MEMORY = ".gitmemory/branches/main.md"
TOKEN = FAKE["ghp"]


def _commit_memory(repo: Path, *conventions: str) -> str:
    return commit_file(repo, MEMORY, memory_text("main", conventions=conventions), "memory")


def test_a_secret_in_any_pushed_version_is_found_by_path_line_and_rule(repo: Path) -> None:
    base = git(repo, "rev-parse", "HEAD").stdout.strip()
    _commit_memory(repo, f"Deploy with {TOKEN}")
    clean = _commit_memory(repo, "Deploy with the vault token")
    findings = scan.scan_push(Repo.open(), [clean], [base])
    assert findings
    where, line, rule = findings[0]
    assert (where, type(line), type(rule)) == (MEMORY, int, str)
    assert line > 1
    assert TOKEN not in repr(findings)


def test_history_the_remote_has_is_not_scanned(repo: Path) -> None:
    leaked = _commit_memory(repo, f"Deploy with {TOKEN}")
    clean = _commit_memory(repo, "Deploy with the vault token")
    assert scan.scan_push(Repo.open(), [clean], [leaked]) == []
    git(repo, "update-ref", "refs/remotes/origin/main", leaked)  # fetched, not named
    assert scan.scan_push(Repo.open(), [clean], [], "origin") == []
    # another remote's history is not published to this one (issue 31)
    assert scan.scan_push(Repo.open(), [clean], [], "fork")
    assert scan.scan_push(Repo.open(), [clean], [], "/srv/elsewhere.git")


def test_a_remote_tip_this_clone_never_fetched_scans_everything(repo: Path) -> None:
    _commit_memory(repo, f"Deploy with {TOKEN}")
    clean = _commit_memory(repo, "Deploy with the vault token")
    assert scan.scan_push(Repo.open(), [clean], ["e" * 40, ZERO_SHA])


def test_the_agent_file_is_scanned_but_never_through_a_symlink(repo: Path,
                                                              tmp_path: Path) -> None:
    name = scan.agent_files(Repo.open())[0][0]
    (repo / name).write_text(f"# Notes\n\nUse {TOKEN} to deploy.\n")
    assert [w for w, _, _ in scan.scan_push(Repo.open(), [], [])] == [name]
    (repo / name).unlink()
    outside = tmp_path / "outside.md"
    outside.write_text(f"{TOKEN}\n")
    (repo / name).symlink_to(outside)
    assert scan.scan_push(Repo.open(), [], []) == []


def test_bad_settings_still_scan_the_default_agent_files(repo: Path) -> None:
    (repo / ".gitmemory").mkdir()
    (repo / ".gitmemory" / "config.toml").write_text('output_file = "../outside.md"\n')
    bad = Repo.open()
    assert [rel for rel, _ in scan.agent_files(bad)] == \
        [rel for rel, _ in scan.agent_files(Repo(bad.info, config.defaults()))]
    assert [rel for rel, _ in scan.agent_files(bad)] == ["CLAUDE.md"]


def test_an_agent_file_the_settings_do_not_ask_for_is_scanned_in_the_pushed_commits(
        repo: Path) -> None:
    """A tracked AGENTS.md (or GEMINI.md, .cursorrules ...) is read by agents whatever
    gitmemory's outputs are: the pre-commit route pushed a token in one (issue 31,
    sealed2).  Every version the push carries is scanned, the tip's and older ones."""
    base = git(repo, "rev-parse", "HEAD").stdout.strip()
    leaky = commit_file(repo, "AGENTS.md", f"# Agents\n\nThe bot pushes as {TOKEN}.\n",
                        "agent notes")
    found = scan.scan_push(Repo.open(), [leaky], [base])
    assert [w for w, _, _ in found] == ["AGENTS.md"]
    commit_file(repo, ".cursorrules", f"Deploy with {TOKEN}\n", "cursor notes")
    clean = commit_file(repo, ".cursorrules", "Deploy with the vault token\n", "fixed")
    git(repo, "rm", "-q", "AGENTS.md")
    git(repo, "commit", "-q", "-m", "drop")
    tip = git(repo, "rev-parse", "HEAD").stdout.strip()
    assert clean != tip
    assert {w for w, _, _ in scan.scan_push(Repo.open(), [tip], [base])} == {
        "AGENTS.md", ".cursorrules"}


def test_each_version_is_scanned_for_what_it_adds_to_its_parent(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """1,500 versions of a 40 kB memory file took 5 s to push (issue 31, sealed2): each
    version was scanned whole.  A version is now scanned for the lines it adds to its
    parent (and a few around them): what is read grows with what the versions add."""
    base = git(repo, "rev-parse", "HEAD").stdout.strip()
    items = tuple(f"Service {k} caches order lookups per tenant" for k in range(300))
    tip = base
    for v in range(12):
        tip = _commit_memory(repo, *items, f"Version {v} of the notes")
    size = len(memory_text("main", conventions=items))
    read: list[int] = []
    real = scan.scan_text
    monkeypatch.setattr(scan, "scan_text", lambda where, text: (read.append(len(text)),
                                                                real(where, text))[1])
    assert scan.scan_push(Repo.open(), [tip], [base]) == []
    assert sum(read) < 2 * size + 12 * 2000, (sum(read), size)  # the tip, then the lines added


@pytest.mark.parametrize(("old", "new", "lines"), [
    ("a\nb\nc\n", "a\nb\nc\nTOKEN\n", [4]),
    ("a\nb\nc\n", "TOKEN\na\nb\nc\n", [1]),
    ("a\nb\nc", "a\nTOKEN\nc", [2]),
    ("a\nb\nc\n", "a\nb TOKEN\nc\n", [2]),
    ("TOKEN\n" + "a\n" * 9, "TOKEN\n" + "a\n" * 9 + "d\n", []),  # the parent had it
    ("", "x\nTOKEN\n", [2]),
    ("a\n" * 50 + "b\n" * 50, "a\n" * 50 + "TOKEN\n" + "b\n" * 50, [51]),
    ("a\nc\n", "a\nb\nc\nTOKEN\n", [4]),
])
def test_added_lines_are_found_by_the_new_versions_line_numbers(
        old: str, new: str, lines: list[int]) -> None:
    old, new = old.replace("TOKEN", TOKEN), new.replace("TOKEN", TOKEN)
    assert [line for _, line, _ in scan.scan_added("m.md", old, new)] == lines


def test_a_key_block_whose_lines_surround_an_old_line_is_found() -> None:
    from testing.fake_secrets import PRIVATE, pem_body

    body = pem_body(6)
    old = "notes\n" + body[2] + "\nend\n"
    new = ("notes\n-----BEGIN " + PRIVATE + "-----\n" + "\n".join(body) +
           "\n-----END " + PRIVATE + "-----\nend\n")
    assert [rule for _, _, rule in scan.scan_added("m.md", old, new)] == ["private-key"]


def test_pieces_scanned_as_one_text_keep_their_own_file_and_line() -> None:
    pieces = [("a.md", 10, f"x\ny\n{TOKEN}"), ("b.md", 0, "clean\nlines"),
              ("b.md", 40, f"{TOKEN}\nz"), ("c.md", 5, "one line " + TOKEN)]
    assert [(w, line) for w, line, _ in scan.scan_pieces(pieces)] == [
        ("a.md", 13), ("b.md", 41), ("c.md", 6)]


def test_what_the_remote_holds_under_another_name_is_not_published(repo: Path) -> None:
    """A newcomer on jackc/pgx ran init (its CLAUDE.md moved to CLAUDE_base.md), committed
    and pushed: the push stopped on the guide's own test credentials, which the remote
    already holds as CLAUDE.md, and again on the CLAUDE.md that shows them.  A blob the
    destination's tips hold under an agent or base file's name is not published again,
    nor are the lines of it an agent file shows; a line the push adds still is."""
    guide = f"# Guide\n\nexport DB_URL=postgres://ci:{FAKE['password']}@db/test\n" + \
        "".join(f"\n## Part {n}\n" for n in range(4))  # past the lines scanned around
    published = commit_file(repo, "CLAUDE.md", guide, "Add the guide")
    git(repo, "mv", "CLAUDE.md", "CLAUDE_base.md")
    moved = git(repo, "commit", "-qm", "Set up gitmemory") and \
        git(repo, "rev-parse", "HEAD").stdout.strip()
    (repo / "CLAUDE.md").write_text(guide + "\n## Branch memory\n\n- Notes.\n")
    assert scan.scan_push(Repo.open(), [moved], [published]) == []
    assert scan.scan_push(Repo.open(), [moved], [])  # a new remote is sent all of it
    added = commit_file(repo, "CLAUDE_base.md", guide + f"Deploy with {TOKEN}\n", "token")
    assert [w for w, _, _ in scan.scan_push(Repo.open(), [added], [published])] == \
        ["CLAUDE_base.md"]


def test_a_memory_file_whose_name_holds_a_key_stops_the_push_and_is_named_masked(
        repo: Path) -> None:
    """sealed25 (spent): a branch named after a key gave its memory file that name, and
    the push published it; the file's text was clean, so nothing was found.  A path is
    published as much as a text: it is scanned, and named only masked."""
    base = git(repo, "rev-parse", "HEAD").stdout.strip()
    key = "9c4e1a7b3f2d8065e1b9a3c7d5f04b28"  # 32 hex digits: many vendors' API keys
    named = f".gitmemory/branches/hotfix-{key}.md"
    clean = commit_file(repo, named, memory_text("hotfix", conventions=(
        "Deploy with the vault token",)), "memory")
    findings = scan.scan_push(Repo.open(), [clean], [base])
    assert [rule for _, _, rule in findings] == [scan.NAME_RULE]
    assert key not in repr(findings)
    assert findings[0][0].startswith(".gitmemory/branches/hotfix-")
    from gitmemory.memory.filenames import hashed_name

    ordinary = commit_file(repo, ".gitmemory/branches/" + hashed_name("revert-" + key, 64),
                           memory_text("revert-" + key, conventions=("Deploy by tag",)),
                           "memory")
    assert scan.scan_push(Repo.open(), [ordinary], [clean]) == []  # gitmemory's own name

"""The first ten minutes of a new user, each as it went wrong once (issue 10)."""

from __future__ import annotations

import json
import subprocess
import textwrap
import time
from pathlib import Path

from testing.fake_anthropic import FakeAnthropic
from testing.gitrepo import commit_file, git, gitmemory, memory_text


def _lines(text: str, prefix: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(prefix)]


def test_bare_gitmemory_prints_the_help(tmp_path: Path) -> None:
    done = gitmemory(tmp_path, check=False)
    assert done.returncode == 0
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Usage: gitmemory")
    assert "Commands:" in lines
    assert any(line.strip().startswith("init ") for line in lines)


def test_init_names_exactly_the_files_to_commit(repo: Path) -> None:
    first = gitmemory(repo, "init").stdout
    assert _lines(first, "next: ") == [
        "next: git add -- .gitattributes .gitignore .gitmemory/config.toml CLAUDE_base.md "
        "&& git commit -m 'Set up gitmemory'"]
    command = first.splitlines()[-1].removeprefix("next: ")
    subprocess.run(["sh", "-c", command], cwd=repo, check=True, capture_output=True)
    assert git(repo, "status", "--porcelain").stdout == ""
    again = gitmemory(repo, "init").stdout
    assert _lines(again, "next: ") == []  # nothing to commit: no command that would fail


def test_init_after_staging_says_to_commit_only(repo: Path) -> None:
    gitmemory(repo, "init")
    git(repo, "add", "-A")
    assert _lines(gitmemory(repo, "init").stdout, "next: ") == \
        ["next: git commit -m 'Set up gitmemory'"]


def test_first_init_says_it_wrote_claude_md(repo: Path) -> None:
    commit_file(repo, "auth.py", "def expired(t):\n    return t < utcnow()\n",
                "fix(auth): compare token expiry in UTC\n\nExpiry was compared in local time, "
                "which caused early logouts because servers run in UTC.")
    done = gitmemory(repo, "init").stdout
    assert "main: success" in done  # memorizing wrote CLAUDE.md before init looked
    assert _lines(done, "CLAUDE.md: ") == ["CLAUDE.md: written"]
    assert _lines(gitmemory(repo, "init").stdout, "CLAUDE.md: ") == ["CLAUDE.md: unchanged"]


def test_init_again_leaves_the_hooks_unchanged(repo: Path) -> None:
    gitmemory(repo, "init")
    hook = repo / ".git" / "hooks" / "post-checkout"
    before = hook.stat().st_mtime_ns
    again = gitmemory(repo, "init").stdout
    assert _lines(again, "hooks: ") == ["hooks: already installed, unchanged"]
    assert hook.stat().st_mtime_ns == before
    hook.write_text(hook.read_text() + "# edited\n")
    assert "post-checkout: updated" in gitmemory(repo, "install").stdout


def test_show_on_a_new_branch_shows_what_claude_md_shows(repo: Path) -> None:
    gitmemory(repo, "init")
    (repo / ".gitmemory" / "branches" / "main.md").write_text(
        memory_text("main", conventions=("Migrations are reversible",)))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    git(repo, "checkout", "-q", "-b", "feature/new")
    assert "Migrations are reversible" in (repo / "CLAUDE.md").read_text()
    done = gitmemory(repo, "show")
    assert done.stdout.splitlines()[0] == (
        "feature/new: no memory of its own yet; CLAUDE.md shows main's, inherited "
        "(.gitmemory/branches/main.md)")
    assert "- Migrations are reversible" in done.stdout
    data = json.loads(gitmemory(repo, "show", "--json").stdout)
    assert data["branch"] == "feature/new"
    assert data["inherited_from"] == "main"
    git(repo, "checkout", "-q", "main")
    assert "inherited" in gitmemory(repo, "show", "feature/new").stdout
    git(repo, "config", "gitmemory.inheritDefaultBranch", "false")
    assert gitmemory(repo, "show", "feature/new", check=False).returncode == 1


def _log(repo: Path, when: float, message: str) -> None:
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(when))
    with (repo / ".git" / "gitmemory" / "hooks.log").open("a") as fh:
        fh.write(f"[{stamp} pid 42] {message}\ntraceback line\n")


def test_status_shows_recent_errors_with_their_age_not_old_ones(repo: Path) -> None:
    gitmemory(repo, "init")
    now = time.time()
    _log(repo, now - 40 * 86400, "post-checkout: bad value 'sometimes' for 'push_policy'")
    _log(repo, now - 3 * 3600, "pre-push: provider timed out")
    _log(repo, now - 2 * 3600, "pre-push: provider timed out")
    text = gitmemory(repo, "status").stdout
    assert "sometimes" not in text
    assert "  2 h ago: pre-push: provider timed out" in text
    assert text.count("provider timed out") == 1
    assert "(1 older in " in text
    data = json.loads(gitmemory(repo, "status", "--json").stdout)
    assert len(data["recent_errors"]) == 1
    assert data["older_errors"] == 1


def test_uninstall_removes_the_merge_driver_and_a_generated_claude_md(repo: Path) -> None:
    gitmemory(repo, "init")
    assert (repo / "CLAUDE.md").exists()
    done = gitmemory(repo, "uninstall").stdout
    assert "merge driver: removed from this clone's git config" in done
    assert "CLAUDE.md: removed (generated, not edited)" in done
    assert "Removing gitmemory" in done
    assert not (repo / "CLAUDE.md").exists()
    assert git(repo, "config", "--get-regexp", "^merge\\.gitmemory\\.",
               check=False).returncode == 1
    assert not any("gitmemory-shim" in p.read_text()
                   for p in (repo / ".git" / "hooks").iterdir() if p.is_file())
    assert (repo / ".gitmemory" / "config.toml").exists()  # the team's, kept


def test_uninstall_keeps_a_claude_md_edited_by_hand(repo: Path) -> None:
    gitmemory(repo, "init")
    claude = repo / "CLAUDE.md"
    claude.write_text(claude.read_text() + "\nMy own note\n")
    done = gitmemory(repo, "uninstall").stdout
    assert "CLAUDE.md: kept, edited by hand" in done
    assert "My own note" in claude.read_text()


def test_memorize_dry_run_offline_shows_the_items(repo: Path) -> None:
    gitmemory(repo, "init", "--hooks", "none")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    commit_file(repo, "auth.py", "x = 1\n",
                "fix(auth): compare token expiry in UTC\n\nExpiry was compared in local time, "
                "which caused early logouts because servers run in UTC.")
    dry = gitmemory(repo, "memorize", "--dry-run").stdout
    assert "items a run would store (2;" in dry  # the bug pattern and the commit's line
    shown = [line for line in dry.splitlines() if line.startswith("[Bug Patterns] ")]
    assert len(shown) == 1 and "compare token expiry in UTC" in shown[0]
    assert "[History] fix(auth): compare token expiry in UTC — Expiry was compared" in dry
    done = gitmemory(repo, "memorize").stdout
    assert "main: success +1" in done and "history record: 1 commit line(s) added" in done
    stored = (repo / ".gitmemory" / "branches" / "main.md").read_text()
    assert shown[0].removeprefix("[Bug Patterns] ").split(" (refs")[0] in stored


def _big_history(repo: Path, commits: int) -> None:
    for n in range(commits):
        body = "\n".join(f"def handler_{n}_{k}(request):\n    return compute(request, {k})"
                         for k in range(40))
        commit_file(repo, f"mod{n}.py", body + "\n",
                    f"fix: handler {n} returns the wrong value\n\nThe root cause was a stale "
                    "request object; we switch to passing the fresh one instead of caching it.")


def test_init_leaves_the_history_to_memorize_which_reads_it_in_one_run(
        repo: Path, fake_anthropic: FakeAnthropic) -> None:
    """A model's context holds a third of the history: init says what reading it would
    cost, and one memorize reads it all, in as many calls as it takes.  (The offline
    extractor reads the commits themselves, all in init.)"""
    _big_history(repo, 30)
    git(repo, "config", "gitmemory.maxContextChars", "2500")  # a third fits in one call
    for _ in range(10):
        fake_anthropic.text('{"no_content_to_extract": true}')
    done = gitmemory(repo, "init", "--hooks", "none").stdout
    assert "run `gitmemory memorize` to read them" in _lines(done, "history: ")[0]
    assert fake_anthropic.requests == []
    memorized = gitmemory(repo, "memorize")
    assert "still pending" not in memorized.stdout
    assert len(fake_anthropic.requests) >= 3
    data = json.loads(gitmemory(repo, "status", "--json", check=False).stdout)
    assert data["pending_commits"] == 0
    assert "no new commits" in gitmemory(repo, "memorize").stdout


def test_status_counts_what_memorize_would_read(repo: Path) -> None:
    for n in range(7):
        commit_file(repo, f"f{n}.py", f"x = {n}\n", f"feat: step {n} because it helps")
    git(repo, "config", "gitmemory.historyWindow", "5")
    gitmemory(repo, "init", "--hooks", "none")
    data = json.loads(gitmemory(repo, "status", "--json", check=False).stdout)
    assert data["pending_commits"] == 0
    git(repo, "checkout", "-q", "-b", "fresh")
    git(repo, "checkout", "-q", "--orphan", "orphan")
    for n in range(8):
        commit_file(repo, f"o{n}.py", f"y = {n}\n", f"feat: orphan step {n} because")
    data = json.loads(gitmemory(repo, "status", "--json", check=False).stdout)
    assert data["pending_commits"] == 5  # a branch without memory: its recent history only
    dry = gitmemory(repo, "memorize", "--dry-run").stdout
    assert "orphan: skipped (5 trivial commit(s) only)" in dry
    data = json.loads(gitmemory(repo, "status", "--json", check=False).stdout)
    assert data["pending_commits"] == 5  # a dry run changes nothing, examined marks included


def test_the_documented_removal_leaves_no_trace(repo: Path) -> None:
    """docs/troubleshooting.md, "Removing gitmemory", run as written after uninstall."""
    commit_file(repo, "CLAUDE.md", "# Our guidance\n", "Hand-written CLAUDE.md")
    commit_file(repo, ".gitignore", "*.log\n", "Ignore logs")
    gitmemory(repo, "init")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    gitmemory(repo, "uninstall")
    doc = (Path(__file__).resolve().parents[2] / "docs" / "troubleshooting.md").read_text()
    section = doc.split("## Removing gitmemory", 1)[1]
    block = section.split("  ```sh\n", 1)[1].split("  ```", 1)[0]
    subprocess.run(["sh", "-c", textwrap.dedent(block)], cwd=repo, check=True)
    assert (repo / "CLAUDE.md").read_text() == "# Our guidance\n"
    assert (repo / ".gitignore").read_text() == "*.log\n"
    assert not (repo / ".gitattributes").exists()  # it held gitmemory's line alone
    assert not (repo / ".gitmemory").exists(), list((repo / ".gitmemory").rglob("*"))
    assert git(repo, "status", "--porcelain").stdout == ""
    hooks = [p for p in (repo / ".git" / "hooks").iterdir() if p.is_file()]
    assert not any("gitmemory" in p.read_text() for p in hooks)
    assert "gitmemory" not in (repo / ".git" / "config").read_text()


def test_init_says_when_its_commit_would_take_other_staged_work(repo: Path) -> None:
    (repo / "README.md").write_text("changed\n")
    git(repo, "add", "README.md")
    out = gitmemory(repo, "init").stdout
    next_line = _lines(out, "next: ")[0]
    assert next_line.endswith("git commit -m 'Set up gitmemory'")  # pasted whole, it runs
    assert "\n  it also commits the 1 other staged change(s)\n" in out

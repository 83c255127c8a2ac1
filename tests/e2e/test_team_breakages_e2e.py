"""The smaller breakages a team meets in its first week: the command to repeat after a
blocked push, a bad committed setting, ``git push --dry-run``, the version and how a
team pins it, and what the README promises."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import gitmemory
from gitmemory.push import command
from testing.team import clone, learn, run_git, run_gitmemory, seeded_remote

ROOT = Path(__file__).resolve().parents[2]


def test_a_blocked_first_push_names_the_exact_command_to_repeat(tmp_path: Path) -> None:
    remote, _ = seeded_remote(tmp_path)
    b = clone(tmp_path, remote, "b")
    run_gitmemory(b, "init")
    learn(b, "feature/cache")
    first = run_git(b, "push", "-u", "origin", "feature/cache", check=False)
    assert first.returncode != 0
    repeat = re.search(r"run `([^`]+)` again to send it", first.stderr)
    assert repeat is not None, first.stderr
    assert repeat.group(1) == "git push -u origin feature/cache"
    again = run_git(b, *repeat.group(1).split()[1:], check=False)
    assert again.returncode == 0, again.stderr
    assert "set up to track 'origin/feature/cache'" in again.stdout + again.stderr


def test_without_the_typed_command_a_branch_without_upstream_gets_u() -> None:
    assert command.again(None, "origin", "b", upstream=False) == "git push -u origin b"
    assert command.again(None, "origin", "b", upstream=True) == "git push"
    assert command.again(["/usr/bin/git", "push", "--force-with-lease", "up", "x y"],
                         "up", "x y", upstream=False) == \
        "git push --force-with-lease up 'x y'"
    # a URL's credentials are never printed (the hook never prints a remote's URL)
    assert command.again(["git", "push", "https://ann:ghp_secret@example.com/r.git", "b"],
                         "", "b", upstream=True) == "git push 'https://***@example.com/r.git' b"
    assert "secret" not in command.again(None, "https://ann:secret@h/r.git", "b", False)


@pytest.mark.parametrize(("argv", "dry"), [
    (["git", "push", "--dry-run"], True),
    (["git", "-C", "repo", "push", "-n", "origin"], True),
    (["git", "push", "-fn", "origin"], True),
    (["git", "push", "-o", "n", "origin"], False),
    (["git", "push", "-on"], False),  # -o takes "n" as its value
    (["git", "push", "origin", "--", "-n"], False),
    (["git", "push", "origin", "main"], False),
    (None, False),
])
def test_a_dry_run_is_told_from_the_typed_command(argv: list[str] | None, dry: bool) -> None:
    assert command.dry_run(argv) is dry


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_git_push_dry_run_makes_no_memory_commit(tmp_path: Path) -> None:
    remote, _ = seeded_remote(tmp_path)
    b = clone(tmp_path, remote, "b")
    run_gitmemory(b, "init")
    tip = learn(b, "feature/cache")
    done = run_git(b, "push", "--dry-run", "-u", "origin", "feature/cache", check=False)
    assert done.returncode == 0, done.stderr
    assert "a dry run: memory is not updated" in done.stderr
    assert run_git(b, "rev-parse", "HEAD").stdout.strip() == tip


def test_a_bad_committed_setting_is_said_on_every_push_and_fails_status(tmp_path: Path
                                                                        ) -> None:
    _, a = seeded_remote(tmp_path)
    config = a / ".gitmemory" / "config.toml"
    config.write_text(re.sub(r'(?m)^#? *push_policy = .*$', 'push_policy = "blocky"',
                             config.read_text()))
    run_git(a, "commit", "-qam", "Try a new policy")
    for n in range(2):
        (a / f"n{n}.txt").write_text("x\n")
        run_git(a, "add", "-A")
        run_git(a, "commit", "-qm", f"change {n}")
        done = run_git(a, "push", check=False)
        assert done.returncode == 0
        said = [line for line in done.stderr.splitlines() if "blocky" in line]
        assert said == ["gitmemory: memory is not updated: bad value 'blocky' for 'push_policy' "
                        f"in {config}: expected one of block, follow, off; the secret scan ran"]
    status = run_gitmemory(a, "status")
    assert status.returncode == 1
    assert "bad value 'blocky' for 'push_policy'" in status.stdout


def test_one_version_everywhere_and_the_tag_a_team_pins() -> None:
    assert gitmemory.__version__ == "0.4.32"
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in pyproject
    assert '[tool.hatch.version]\npath = "gitmemory/__init__.py"' in pyproject
    assert not re.search(r'(?m)^version = ', pyproject)
    done = run_gitmemory(ROOT, "--version")
    assert done.stdout.strip() == f"gitmemory, version {gitmemory.__version__}"
    quickstart = (ROOT / "docs" / "quickstart.md").read_text()
    assert f"    rev: v{gitmemory.__version__}\n" in quickstart
    assert "tag named `v` and its version" in quickstart


def test_the_readme_says_what_it_measured_names_files_and_pips_exactly() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "branches/<branch>.md" not in readme
    assert "`feature/login` → `feature_login.md`" in readme
    assert "pip install 'gitmemory[mcp]'" not in readme
    assert "~/.gitmemory/bin/pip install '/path/to/gitmemory[mcp]'" in readme
    checkout = next(line for line in readme.splitlines() if line.startswith("| `git checkout"))
    # Issue 33: a 60-word latency note in the row; the figures live where they are measured.
    assert len(checkout.split()) <= 40
    assert "(docs/how-it-works.md#what-a-checkout-costs)" in checkout
    measured = (ROOT / "docs" / "how-it-works.md").read_text().split(
        "### What a checkout costs", 1)[1].split("\n## ", 1)[0]
    assert "`python bench/precommit_latency.py`" in measured and "two-core" in measured
    assert (ROOT / "bench" / "precommit_latency.py").is_file()
    quickstart = (ROOT / "docs" / "quickstart.md").read_text()
    assert "quarter of a second" not in quickstart
    assert "(how-it-works.md#what-a-checkout-costs)" in quickstart


def test_no_page_installs_gitmemory_by_a_bare_package_name() -> None:
    """docs/agents.md told cloud agents' set-up scripts `pip install gitmemory`: gitmemory
    is installed from its repository (the CI workflow pins `git+<upstream>@v<version>`),
    so that line installs whatever a package index serves under that name, or nothing."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for page in pages:
        text = page.read_text()
        assert not re.search(r"pip install ['\"]?gitmemory\b(?![\w/.-])", text), page.name
    agents = (ROOT / "docs" / "agents.md").read_text()
    assert f"pip install 'git+https://github.com/gitmemory/gitmemory@v{gitmemory.__version__}'" \
        in agents

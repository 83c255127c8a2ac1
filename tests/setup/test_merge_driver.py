from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from gitmemory.setup import merge_driver
from testing.team import clean_env, run_git, run_gitmemory

DRIVER_LINE = ".gitmemory/branches/*.md merge=gitmemory"


@pytest.fixture(autouse=True)
def isolated(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in clean_env(tmp_path_factory.mktemp("home")).items():
        monkeypatch.setenv(key, value)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    path = tmp_path / "repo"
    run_git(tmp_path, "init", "-q", "-b", "main", str(path))
    return path


def config(repo: Path, key: str) -> str | None:
    done = run_git(repo, "config", "--get", key, check=False)
    return done.stdout.strip() if done.returncode == 0 else None


def test_register_appends_to_gitattributes_and_keeps_what_was_there(repo: Path) -> None:
    (repo / ".gitattributes").write_text("*.png binary")
    lines = merge_driver.register(str(repo))
    assert lines[0] == f".gitattributes: added {DRIVER_LINE}"
    text = (repo / ".gitattributes").read_text()
    assert text.startswith("*.png binary\n")
    assert text.endswith(f"\n{DRIVER_LINE}\n")


def test_register_sets_the_driver_to_this_python(repo: Path) -> None:
    merge_driver.register(str(repo))
    assert config(repo, "merge.gitmemory.name") == "gitmemory branch memory merge"
    driver = config(repo, "merge.gitmemory.driver")
    assert driver is not None
    assert f"then {shlex.quote(sys.executable)} -m gitmemory merge-file %O %A %B %P" in driver
    assert driver.endswith("git merge-file -L ours -L base -L theirs %A %O %B")
    assert os.path.isabs(shlex.split(driver)[3])


def test_register_twice_changes_nothing(repo: Path) -> None:
    merge_driver.register(str(repo))
    before = (repo / ".gitattributes").read_text(), (repo / ".git" / "config").read_text()
    lines = merge_driver.register(str(repo))
    assert lines == [".gitattributes: memory files already use the gitmemory merge driver",
                     "merge driver: already registered in this clone's git config"]
    assert ((repo / ".gitattributes").read_text(),
            (repo / ".git" / "config").read_text()) == before


def test_register_updates_a_driver_baked_with_another_python(repo: Path) -> None:
    run_git(repo, "config", "merge.gitmemory.driver", "/gone/python -m gitmemory merge-file")
    assert merge_driver.register(str(repo))[1].startswith("merge driver: updated")
    assert config(repo, "merge.gitmemory.driver") == merge_driver.driver_command()


def test_driver_command_survives_the_shell_with_spaces_and_quotes(tmp_path: Path) -> None:
    """git replaces each %X with a quoted path and runs the value with sh -c."""
    python = tmp_path / "my tools" / "it's python"
    python.parent.mkdir()
    python.write_text("#!/bin/sh\nprintf '%s|' \"$@\" > \"$(dirname \"$0\")/argv\"\n")
    python.chmod(0o755)
    command = merge_driver.driver_command(str(python))
    for name, path in (("%O", "base file"), ("%A", "our file"), ("%B", "their's"),
                       ("%P", "a path.md")):
        (tmp_path / path).write_text("x\n")
        command = command.replace(name, shlex.quote(str(tmp_path / path)))
    subprocess.run(["sh", "-c", command], cwd=tmp_path, capture_output=True, check=False)
    words = (python.parent / "argv").read_text().split("|")
    assert words[:4] == ["-m", "gitmemory", "merge-file", str(tmp_path / "base file")]
    assert words[4:7] == [str(tmp_path / n) for n in ("our file", "their's", "a path.md")]


def test_check_is_quiet_when_registered_or_not_asked(repo: Path) -> None:
    assert merge_driver.check(str(repo)) is None  # no attribute: nothing to complain about
    merge_driver.register(str(repo))
    assert merge_driver.check(str(repo)) is None


def test_check_names_a_missing_driver(repo: Path) -> None:
    (repo / ".gitattributes").write_text(DRIVER_LINE + "\n")
    assert merge_driver.check(str(repo)) == (
        "this clone has no gitmemory merge driver: run gitmemory install")


def test_check_names_an_interpreter_that_is_gone(repo: Path) -> None:
    merge_driver.register(str(repo))
    run_git(repo, "config", "merge.gitmemory.driver",
            merge_driver.driver_command("/no/such/python3"))
    problem = merge_driver.check(str(repo))
    assert problem is not None
    assert "/no/such/python3" in problem
    assert problem.endswith("run gitmemory install")


@pytest.mark.parametrize(("driver", "said"), [
    ("if [ -x 'unbalanced", "the gitmemory merge driver in git config cannot be read"),
    ("no-such-program-on-path merge-file %O %A %B",
     "the gitmemory merge driver's program no-such-program-on-path no longer exists"),
])
def test_check_names_a_driver_it_cannot_run(repo: Path, driver: str, said: str) -> None:
    merge_driver.register(str(repo))
    run_git(repo, "config", "merge.gitmemory.driver", driver)
    assert merge_driver.check(str(repo), fix="run gitmemory init") == \
        f"{said}: run gitmemory init"


def test_an_older_registration_that_names_a_program_on_path_is_fine(repo: Path) -> None:
    merge_driver.register(str(repo))
    run_git(repo, "config", "merge.gitmemory.driver", "sh -c true %O %A %B")
    assert merge_driver.check(str(repo)) is None


def test_unregister_removes_this_clones_half_only(repo: Path) -> None:
    assert merge_driver.unregister(str(repo)) == "merge driver: was not registered in this clone"
    merge_driver.register(str(repo))
    assert merge_driver.unregister(str(repo)) == \
        "merge driver: removed from this clone's git config"
    assert config(repo, "merge.gitmemory.driver") is None
    assert DRIVER_LINE in (repo / ".gitattributes").read_text()  # the team's half stays


def test_init_registers_the_driver_and_status_shows_it(repo: Path) -> None:
    done = run_gitmemory(repo, "init", "--hooks", "none")
    assert done.returncode == 0, done.stderr
    assert f".gitattributes: added {DRIVER_LINE}" in done.stdout
    assert ".gitattributes" in done.stdout.splitlines()[-1]  # the "next: git add ..." hint
    assert config(repo, "merge.gitmemory.driver") == merge_driver.driver_command()
    status = run_gitmemory(repo, "status")
    assert "merge driver: ok" in status.stdout
    run_git(repo, "config", "--unset", "merge.gitmemory.driver")
    status = run_gitmemory(repo, "status")
    assert ("merge driver: this clone has no gitmemory merge driver: run gitmemory install"
            in status.stdout)
    info = json.loads(run_gitmemory(repo, "status", "--json").stdout)
    assert info["merge_driver_problem"].startswith("this clone has no gitmemory merge driver")

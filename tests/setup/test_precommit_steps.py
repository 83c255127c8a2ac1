"""The steps of gitmemory/setup/precommit.py that run before pre-commit itself, in process:
a local checkout without commits is refused, the config is created or staged and a second
run changes nothing, native shims go and the hooks they chained come back for pre-commit."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.errors import GitmemoryError
from gitmemory.setup import native, precommit
from testing.gitrepo import git

FOREIGN = "#!/bin/sh\necho team hook\n"


def test_a_local_checkout_without_commits_is_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    git(tmp_path, "init", "-q", str(empty))
    with pytest.raises(GitmemoryError) as caught:
        precommit.resolve(str(empty), None)
    assert caught.value.one_line() == (f"{empty}: no commit HEAD in that repository (hint: "
                                       "commit there first; pre-commit clones a commit, "
                                       "not files)")


def test_a_rev_that_the_checkout_lacks_is_refused(repo: Path) -> None:
    with pytest.raises(GitmemoryError, match=r"no commit v9\.9\.9 in that repository"):
        precommit.resolve(str(repo), "v9.9.9")


def test_the_config_is_created_then_left_alone(repo: Path) -> None:
    said = precommit.write_config(str(repo), precommit.UPSTREAM, "v1.0.0")
    assert said.startswith(".pre-commit-config.yaml: created (")
    assert "staged" not in said
    assert precommit.write_config(str(repo), precommit.UPSTREAM, "v1.0.0") == \
        ".pre-commit-config.yaml: already runs every gitmemory hook"
    assert git(repo, "status", "--porcelain").stdout == "?? .pre-commit-config.yaml\n"


def test_a_tracked_config_is_staged_after_the_edit(repo: Path) -> None:
    (repo / ".pre-commit-config.yaml").write_text("repos: []\n")
    git(repo, "add", ".pre-commit-config.yaml")
    git(repo, "commit", "-q", "-m", "pre-commit")
    said = precommit.write_config(str(repo), precommit.UPSTREAM, "v1.0.0")
    assert said.endswith("; staged, as pre-commit refuses to run with an unstaged config")
    assert git(repo, "diff", "--cached", "--name-only").stdout == ".pre-commit-config.yaml\n"


def test_native_shims_go_and_the_hooks_they_chained_come_back(repo: Path) -> None:
    hooks = repo / ".git" / "hooks"
    hooks.mkdir(exist_ok=True)
    (hooks / "pre-push").write_text(FOREIGN)
    (hooks / "pre-push").chmod(0o755)
    native.install(str(repo))
    (line,) = precommit._remove_native(str(repo))
    assert line.startswith("native hooks: removed (post-checkout, post-commit, post-merge, "
                           "post-rewrite, pre-push) so that no hook runs twice")
    assert line.endswith("; your own hooks put back for pre-commit to chain: pre-push")
    assert (hooks / "pre-push").read_text() == FOREIGN
    assert precommit._remove_native(str(repo)) == []


@pytest.mark.parametrize(("said", "reason"), [
    (["[INFO] Installing environment", "An unexpected error has occurred: CalledProcessError",
      "fatal: could not read Username"], "fatal: could not read Username"),
    (["[ERROR] Your pre-commit configuration is unstaged."],
     "[ERROR] Your pre-commit configuration is unstaged."),
    (["something odd", "last words"], "last words"),
    ([], "no output"),
])
def test_the_most_telling_line_of_a_failed_install_is_kept(said: list[str],
                                                           reason: str) -> None:
    assert precommit._failure_line(said) == reason

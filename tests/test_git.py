"""gitmemory/git.py: the one door to git answers as git does, in every repository shape,
and a failing command becomes one line that names the command and git's own reason."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from gitmemory import git as door
from gitmemory.errors import GitError, GitmemoryError
from testing.gitrepo import commit_file, git


def _sha(repo: Path, rev: str = "HEAD") -> str:
    return git(repo, "rev-parse", rev).stdout.strip()


def test_a_failing_command_names_itself_and_the_last_line_of_stderr(repo: Path) -> None:
    with pytest.raises(GitError) as caught:
        door.run(["checkout", "no-such-branch"], cwd=str(repo))
    error = caught.value
    assert error.argv == ["git", "-C", str(repo), "checkout", "no-such-branch"]
    assert error.returncode != 0
    assert "no-such-branch" in error.stderr
    # "-C <dir>" is left out of the message: the user did not type it
    assert error.one_line().startswith("git checkout no-such-branch failed: ")
    assert error.one_line() == error.one_line().splitlines()[0]


def test_a_silent_failure_reports_its_exit_code(repo: Path) -> None:
    (repo / "README.md").write_text("changed\n")
    with pytest.raises(GitError) as caught:
        door.run(["diff", "--quiet", "HEAD"], cwd=str(repo))
    assert caught.value.one_line() == "git diff --quiet failed: exit code 1"


def test_check_false_returns_the_output_of_a_failing_command(repo: Path) -> None:
    assert door.run(["rev-parse", "--verify", "-q", "nope"], cwd=str(repo), check=False) == ""


def test_stdin_and_output_survive_bytes_that_are_not_utf8(repo: Path) -> None:
    odd = "caf\udce9 \u2028 done\n"  # a lone Latin-1 byte and a line separator
    sha = door.run(["hash-object", "-w", "--stdin"], cwd=str(repo), stdin=odd).strip()
    assert door.run(["cat-file", "blob", sha], cwd=str(repo)) == odd
    assert door.decode(odd.encode("utf-8", "surrogateescape")) == odd


@pytest.mark.parametrize("ask", [
    lambda: door.run(["status"]),
    lambda: door.run_status(["status"]),
    door.repo_info,
    lambda: door.config_regexp("^gitmemory\\."),
    lambda: door.cat_file(["HEAD"]),
], ids=["run", "run_status", "repo_info", "config_regexp", "cat_file"])
def test_git_missing_from_path_is_a_user_error_at_every_door(
        repo: Path, monkeypatch: pytest.MonkeyPatch, ask: Callable[[], object]) -> None:
    monkeypatch.setenv("PATH", str(repo))
    with pytest.raises(GitmemoryError, match="git is not installed or not on PATH"):
        ask()


def test_a_command_without_git_on_path_says_so_in_one_line(repo: Path) -> None:
    env = {**os.environ, "PATH": str(repo)}
    done = subprocess.run([sys.executable, "-m", "gitmemory", "status"], cwd=repo, env=env,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert done.stderr == "gitmemory: error: git is not installed or not on PATH\n"


def test_repo_info_in_a_work_tree_and_from_a_subdirectory(repo: Path) -> None:
    (repo / "sub" / "deeper").mkdir(parents=True)
    for cwd in (repo, repo / "sub" / "deeper"):
        info = door.repo_info(str(cwd))
        assert info.toplevel == str(repo)
        assert info.git_dir == info.common_dir == str(repo / ".git")
        assert info.branch == "main"
        assert info.state_dir == str(repo / ".git" / "gitmemory")
        assert info.require_worktree() == str(repo)


def test_repo_info_of_a_bare_repository_has_no_work_tree(tmp_path: Path) -> None:
    bare = tmp_path / "bare.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "trunk", str(bare))
    info = door.repo_info(str(bare))
    assert info.toplevel is None
    assert info.git_dir == str(bare)
    assert info.branch == "trunk"  # unborn, yet HEAD names it
    with pytest.raises(GitmemoryError, match="needs a work tree"):
        info.require_worktree()


def test_outside_a_repository_is_one_error_with_a_hint(tmp_path: Path) -> None:
    with pytest.raises(GitmemoryError) as caught:
        door.repo_info(str(tmp_path))
    assert caught.value.one_line() == \
        "not a git repository (hint: run gitmemory inside a git work tree)"


def test_a_linked_worktree_has_its_own_git_dir_and_shares_the_common_one(
        repo: Path, tmp_path: Path) -> None:
    linked = tmp_path / "linked"
    git(repo, "worktree", "add", "-q", "-b", "side", str(linked))
    info = door.repo_info(str(linked))
    assert info.git_dir == str(repo / ".git" / "worktrees" / "linked")
    assert info.common_dir == str(repo / ".git")
    assert info.toplevel == str(linked)
    assert info.branch == "side"


@pytest.mark.parametrize("where", ["main", "linked"])
def test_hook_repo_info_reads_dot_git_like_git_does(repo: Path, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    where: str) -> None:
    linked = tmp_path / "linked"
    git(repo, "worktree", "add", "-q", "-b", "side", str(linked))
    top = repo if where == "main" else linked
    monkeypatch.chdir(top)
    fast, slow = door.hook_repo_info(), door.repo_info(str(top))
    assert (fast.git_dir, fast.common_dir, fast.toplevel, fast.head_ref) == \
        (slow.git_dir, slow.common_dir, slow.toplevel, slow.head_ref)


def test_hook_repo_info_asks_git_when_git_dir_is_set(repo: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.setenv("GIT_DIR", str(repo / ".git"))
    monkeypatch.setenv("GIT_WORK_TREE", str(repo))
    info = door.hook_repo_info()
    assert info.git_dir == str(repo / ".git")
    assert info.toplevel == str(repo)


def test_hook_repo_info_outside_the_top_asks_git(repo: Path, monkeypatch: pytest.MonkeyPatch
                                                 ) -> None:
    (repo / "sub").mkdir()
    monkeypatch.chdir(repo / "sub")
    assert door.hook_repo_info().toplevel == str(repo)


def test_a_malformed_dot_git_file_is_not_a_repository(repo: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    sub = repo / "sub"
    sub.mkdir()
    (sub / ".git").write_text("not a gitdir line\n")
    monkeypatch.chdir(sub)
    with pytest.raises(GitmemoryError, match="not a git repository"):
        door.hook_repo_info()


def test_hook_repo_info_asks_git_when_the_git_dir_has_no_head(repo: Path, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    """A ``gitdir:`` line that points at something that is not a git dir."""
    other = tmp_path / "other"
    other.mkdir()
    (other / ".git").write_text(f"gitdir: {tmp_path / 'missing'}\n")
    monkeypatch.chdir(other)
    with pytest.raises(GitmemoryError, match="not a git repository"):
        door.hook_repo_info()


def test_detached_head_has_no_branch_and_head_sha_reads_it(repo: Path) -> None:
    sha = _sha(repo)
    git(repo, "checkout", "-q", "--detach")
    info = door.repo_info(str(repo))
    assert info.head_ref is None
    assert info.branch is None
    assert door.head_sha(info) == sha  # the repo fixture made it the cwd


def test_head_sha_reads_a_packed_ref(repo: Path) -> None:
    sha = commit_file(repo, "a.txt", "a\n", "second")
    git(repo, "pack-refs", "--all")
    assert not (repo / ".git" / "refs" / "heads" / "main").exists()
    info = door.repo_info(str(repo))
    assert door.head_sha(info) == sha


def test_head_outside_refs_heads_is_not_a_branch(repo: Path) -> None:
    git(repo, "update-ref", "refs/remotes/origin/x", "HEAD")
    git(repo, "symbolic-ref", "HEAD", "refs/remotes/origin/x")
    info = door.repo_info(str(repo))
    assert info.head_ref == "refs/remotes/origin/x"
    assert info.branch is None


def test_a_branch_ending_in_a_non_ascii_space_keeps_it(repo: Path) -> None:
    name = "topic\u00a0"
    git(repo, "checkout", "-q", "-b", name)
    assert door.repo_info(str(repo)).branch == name
    assert name in door.local_branches(str(repo))


@pytest.mark.parametrize(("marker", "finished", "expected"), [
    ("MERGE_HEAD", (), "MERGE_HEAD"),
    ("MERGE_HEAD", ("MERGE_HEAD",), None),
    ("rebase-merge", ("MERGE_HEAD",), "rebase-merge"),
    ("BISECT_START", (), "BISECT_START"),
])
def test_operation_in_progress_names_the_marker_unless_finished(
        repo: Path, marker: str, finished: tuple[str, ...], expected: str | None) -> None:
    info = door.repo_info(str(repo))
    assert info.operation_in_progress() is None
    path = repo / ".git" / marker
    path.mkdir() if marker.startswith("rebase") else path.write_text("x\n")
    assert info.operation_in_progress(finished) == expected


def test_a_bisect_is_under_way_for_the_hooks_and_for_the_writers_alike(repo: Path) -> None:
    """One table of operations: the hooks' check and the writers' ``busy`` agree."""
    from gitmemory import worktrees

    git(repo, "commit", "-q", "--allow-empty", "-m", "second")
    git(repo, "bisect", "start", "HEAD", "HEAD~1")
    try:
        assert door.repo_info(str(repo)).operation_in_progress() == "BISECT_START"
        assert worktrees.busy(str(repo)) == {"main": "a bisect"}
    finally:
        git(repo, "bisect", "reset")
    assert door.repo_info(str(repo)).operation_in_progress() is None
    assert worktrees.busy(str(repo)) == {}


def test_config_regexp_lists_lowercased_keys_in_file_order_with_odd_values(repo: Path) -> None:
    git(repo, "config", "gitmemory.maxItems", "7")
    git(repo, "config", "gitmemory.outputFile", "notes\nwith newline.md")
    git(repo, "config", "--add", "gitmemory.maxItems", "9")
    assert door.config_regexp(r"^gitmemory\.", str(repo)) == [
        ("gitmemory.maxitems", "7"),
        ("gitmemory.outputfile", "notes\nwith newline.md"),
        ("gitmemory.maxitems", "9"),
    ]
    assert door.config_regexp(r"^nothing\.", str(repo)) == []


def test_config_regexp_on_a_broken_config_file_is_a_user_error(repo: Path) -> None:
    with (repo / ".git" / "config").open("a") as fh:
        fh.write("[broken\n")
    with pytest.raises(GitmemoryError, match="git config could not be read"):
        door.config_regexp("^gitmemory\\.", str(repo))


def test_hooks_dir_honours_core_hooks_path_and_worktrees(repo: Path, tmp_path: Path) -> None:
    assert door.hooks_dir(str(repo)) == str(repo / ".git" / "hooks")
    linked = tmp_path / "linked"
    git(repo, "worktree", "add", "-q", "-b", "side", str(linked))
    assert door.hooks_dir(str(linked)) == str(repo / ".git" / "hooks")
    git(repo, "config", "core.hooksPath", ".githooks")
    assert door.hooks_dir(str(repo)) == str(repo / ".githooks")


def test_rev_parse_answers_commits_only(repo: Path) -> None:
    sha = _sha(repo)
    tree = _sha(repo, "HEAD^{tree}")
    assert door.rev_parse("main", str(repo)) == sha
    assert door.rev_parse(sha[:10], str(repo)) == sha
    assert door.rev_parse(tree, str(repo)) is None
    assert door.rev_parse("no-such-ref", str(repo)) is None
    # an argument that looks like an option is a revision, never an option
    assert door.rev_parse("--all", str(repo)) is None


def test_ref_exists_local_branches_and_tracked_paths(repo: Path) -> None:
    git(repo, "branch", "feature/x")
    assert door.ref_exists("refs/heads/feature/x", str(repo))
    assert not door.ref_exists("refs/heads/feature", str(repo))
    assert sorted(door.local_branches(str(repo))) == ["feature/x", "main"]
    (repo / "untracked.txt").write_text("u\n")
    assert door.is_tracked("README.md", str(repo))
    assert not door.is_tracked("untracked.txt", str(repo))


def test_refs_leaves_symbolic_refs_out(repo: Path) -> None:
    sha = _sha(repo)
    git(repo, "update-ref", "refs/remotes/origin/main", sha)
    git(repo, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main")
    assert door.refs(["refs/remotes/"], str(repo)) == [(sha, "refs/remotes/origin/main")]


def test_clean_env_drops_what_aims_git_at_another_repository(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIT_DIR", "/elsewhere/.git")
    monkeypatch.setenv("GIT_INDEX_FILE", "/elsewhere/index")
    monkeypatch.setenv("KEEP_ME", "yes")
    env = door.clean_env(str(repo))
    assert "GIT_DIR" not in env
    assert "GIT_INDEX_FILE" not in env
    assert env["KEEP_ME"] == "yes"


def test_cat_file_keeps_binary_contents_with_newlines_intact(repo: Path) -> None:
    data = bytes(range(256)) * 3 + b"\n\n"
    (repo / "bin.dat").write_bytes(data)
    git(repo, "add", "bin.dat")
    git(repo, "commit", "-q", "-m", "binary")
    found = door.cat_file(["HEAD:bin.dat", "HEAD:README.md"], str(repo))
    assert found[0] is not None
    assert found[0][2] == data
    assert found[1] is not None
    assert found[1][2] == b"hello\n"


def test_cat_file_outside_a_repository_raises_git_error(tmp_path: Path) -> None:
    with pytest.raises(GitError, match="cat-file"):
        door.cat_file(["HEAD"], str(tmp_path))


def test_ref_in_files_reads_loose_and_packed_refs_without_a_process(repo: Path) -> None:
    git(repo, "branch", "release/main")
    git(repo, "tag", "-a", "-m", "v1", "v1")
    common = str(repo / ".git")
    assert door.ref_in_files(common, "refs/heads/main")
    git(repo, "pack-refs", "--all")
    assert door.ref_in_files(common, "refs/heads/main")
    assert door.ref_in_files(common, "refs/heads/release/main")
    assert door.ref_in_files(common, "refs/tags/v1")
    assert not door.ref_in_files(common, "refs/heads/ain")
    assert not door.ref_in_files(common, "refs/heads/master")
    assert not door.ref_in_files(str(repo / "nowhere"), "refs/heads/main")


def test_hook_repo_info_in_a_submodule_follows_its_relative_gitdir(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lib = tmp_path / "lib"
    git(tmp_path, "init", "-q", "-b", "main", str(lib))
    commit_file(lib, "lib.py", "X = 1\n", "lib")
    git(repo, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(lib), "vendor/lib")
    sub = repo / "vendor" / "lib"
    assert (sub / ".git").read_text().startswith("gitdir: ../../.git/modules/")
    monkeypatch.chdir(sub)
    fast, slow = door.hook_repo_info(), door.repo_info(str(sub))
    assert (fast.git_dir, fast.common_dir, fast.toplevel) == \
        (slow.git_dir, slow.common_dir, slow.toplevel)
    assert fast.git_dir == str(repo / ".git" / "modules" / "vendor" / "lib")


def test_config_regexp_tells_a_bare_key_from_an_empty_value(repo: Path) -> None:
    with (repo / ".git" / "config").open("a") as fh:
        fh.write("[gitmemory]\n\tpromoteOnMerge\n\tmodel =\n")
    assert door.config_regexp(r"^gitmemory\.", str(repo)) == [
        ("gitmemory.promoteonmerge", "true"), ("gitmemory.model", "")]


@pytest.mark.parametrize("name", ["*.md", "R?ADME.md", "[R]EADME.md"])
def test_is_tracked_takes_a_path_literally_not_as_a_pattern(repo: Path, name: str) -> None:
    """A configured file name may hold glob characters; only that very file counts
    (README.md is tracked, and each of these names would match it as a pattern)."""
    assert not door.is_tracked(name, str(repo))
    (repo / name).write_text("x\n")
    git(repo, "add", "--", f":(literal){name}")
    assert door.is_tracked(name, str(repo))


def test_rev_parse_answers_as_git_peels_without_reading_a_commit_whole(repo: Path) -> None:
    tip = commit_file(repo, "a.txt", "a\n", "a commit")
    git(repo, "tag", "-a", "-m", "annotated", "v1")
    git(repo, "tag", "light")
    top = str(repo)
    tree = git(repo, "rev-parse", "HEAD^{tree}").stdout.strip()
    for rev in ("HEAD", "main", "refs/heads/main", "v1", "light", tip, tip[:12], "HEAD~0"):
        assert door.rev_parse(rev, top) == tip, rev
    for rev in (tree, "HEAD:a.txt", "nothing", "", "main\nHEAD", "-v", "0" * 40):
        assert door.rev_parse(rev, top) is None, rev
    assert door.rev_parse(tip, top) == tip  # asked again: answered from memory


def test_the_tree_of_a_commit_loose_or_packed(repo: Path) -> None:
    tip = commit_file(repo, "b.txt", "b\n", "a loose commit " + "x" * 5000)
    want = git(repo, "rev-parse", f"{tip}^{{tree}}").stdout.strip()
    assert door.tree_of(tip, str(repo)) == want  # from the loose object's first bytes
    assert door._loose_tree(tip, str(repo)) == want
    git(repo, "gc", "-q")
    assert door._loose_tree(tip, str(repo)) is None  # packed: git is asked
    door._TREES.clear()
    assert door.tree_of(tip, str(repo)) == want
    assert door.tree_of("HEAD", str(repo)) == want


def test_is_ancestor_steps_over_new_commits_by_their_headers(repo: Path) -> None:
    base = git(repo, "rev-parse", "HEAD").stdout.strip()
    git(repo, "gc", "-q")  # the history so far is packed
    first = commit_file(repo, "c.txt", "1\n", "one")
    git(repo, "checkout", "-q", "-b", "side", base)
    other = commit_file(repo, "d.txt", "1\n", "elsewhere")
    git(repo, "checkout", "-q", "main")
    git(repo, "merge", "-q", "--no-ff", "-m", "merge side", "side")
    tip = commit_file(repo, "c.txt", "2\n", "two")
    top = str(repo)
    for older, newer in [(first, tip), (base, tip), (other, tip), (tip, tip),
                         (tip, first), (other, first), ("main", tip), (first, "main")]:
        want = git(repo, "merge-base", "--is-ancestor", older, newer,
                   check=False).returncode == 0
        assert door.is_ancestor(older, newer, top) is want, (older, newer)
    assert door._below(first, tip, top) != tip  # the merge under tip is asked, not tip


def test_back_counts_first_parents_as_git_does(repo: Path) -> None:
    git(repo, "gc", "-q")
    for n in range(3):
        commit_file(repo, "e.txt", f"{n}\n", f"new {n}")
    top = str(repo)
    depth = int(git(repo, "rev-list", "--count", "--first-parent", "HEAD").stdout)
    for steps in range(depth + 2):
        want = git(repo, "rev-parse", "-q", "--verify", f"HEAD~{steps}", check=False)
        assert door.back("HEAD", steps, top) == (want.stdout.strip() or None), steps


_GREP_LINES = [
    "make docsx make docs", "xpytest pytest_ pytest", 'a "build": b', 'build"build":',
    "run:run run: run", "pre-commit run pre-commit", "ruff check ruff checker", "make:make",
    "-x-x -x", "foo.bar foo.barx foo", "\u00e9test\u00e9 test", "tests test_ _test test",
    "build:build: build", "docs/docs docs", "a b a-b a_b ab",
]
_GREP_NEEDLES = ["make", "make docs", "docs", '"build":', "build", "build:", "run", "run:",
                 "pre-commit", "pre-commit run", "test", "pytest", "check", "ruff check",
                 "foo.bar", "foo", "-x", ":make", "x", "a b", "a-b", "b"]


def _both_greps(repo: Path, lines: list[str], needles: list[str],
                monkeypatch: pytest.MonkeyPatch) -> tuple[list[tuple[str, str]], ...]:
    (repo / "latin1.txt").write_bytes(b"\xe9test\xe9 caf\xe9 make\xffdocs\n")
    commit_file(repo, "a.txt", "\n".join(lines) + "\n", "text")
    monkeypatch.setattr(door, "_NO_PERL", [])
    perl = door.grep_words("HEAD", needles, ["."], str(repo))
    if door._NO_PERL:
        pytest.skip("this git has no PCRE: grep_words reads fixed strings alone")
    monkeypatch.setattr(door, "_NO_PERL", [True])
    fixed = door.grep_words("HEAD", needles, ["."], str(repo))
    return perl, fixed


def test_grep_words_finds_what_one_fixed_string_a_needle_finds(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One Perl pattern reports what ``-F -w`` with an ``-e`` a needle does: the longest
    needle at the leftmost place, a word's edge read as git's -w reads it."""
    git(repo, "add", "-A")
    perl, fixed = _both_greps(repo, _GREP_LINES, _GREP_NEEDLES, monkeypatch)
    assert perl == fixed
    assert ("a.txt", "make docs") in perl and ("a.txt", '"build":') in perl


def test_grep_words_agrees_with_fixed_strings_on_random_text(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    rng = random.Random(31)  # noqa: S311 - a reproducible text, not a secret
    alphabet = "ab_:- .\"1\u00e9"
    lines = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
             for _ in range(300)]
    needles = sorted({"".join(rng.choice(alphabet) for _ in range(rng.randint(1, 4))).strip()
                      or "a" for _ in range(25)})
    perl, fixed = _both_greps(repo, lines, needles, monkeypatch)
    assert perl == fixed
    assert len(perl) > 100


def test_grep_in_functions_reads_with_one_pattern_what_a_needle_each_reads(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The names check's grep: one Perl pattern finds the lines, and the function lines
    ``-p`` shows above them, that an ``-e`` a needle with ``-w`` finds, in one process."""
    import random

    rng = random.Random(64)  # noqa: S311 - a reproducible text, not a secret
    words = ["values", "value", "value_x", "xvalues", "execute", "toDriver", "to", "_execute",
             "execute2", "transaction", "(values)", "a.values", "\u00e9value", "values\u00e9"]
    body = "\n".join(" ".join(rng.choice(words) for _ in range(rng.randint(1, 5)))
                     for _ in range(200))
    commit_file(repo, "lib/db.py", "class Db:\n    def run(self):\n" + "".join(
        f"        {line}\n" for line in body.split("\n")) + "def other():\n    values\n",
        "code")
    (repo / "latin1.txt").write_bytes(b"\xe9values\xe9 execute\xff\n")
    commit_file(repo, "doc.md", "# Values\n\nexecute the values\n", "doc")
    needles = ["execute", "toDriver", "transaction", "value", "values"]
    monkeypatch.setattr(door, "_NO_PERL", [])
    asked = _counting(monkeypatch)
    perl = door.grep_in_functions("HEAD", needles, ["."], str(repo))
    if door._NO_PERL:
        pytest.skip("this git has no PCRE: the names check reads fixed strings alone")
    assert len(asked) == 1 and "-P" in asked[0]
    monkeypatch.setattr(door, "_NO_PERL", [True])
    assert door.grep_in_functions("HEAD", needles, ["."], str(repo)) == perl
    assert len(perl) > 150 and ("lib/db.py", True, "class Db:") in perl


def test_a_trees_files_are_asked_once_a_process(repo: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The project reading and the history files list the same tree: one process, and
    what one caller does with its list is not the other's."""
    asked: list[list[str]] = []
    real = door._execute
    monkeypatch.setattr(door, "_execute", lambda argv, stdin=None, env=None: (
        asked.append(argv), real(argv, stdin, env))[1])
    tree = git(repo, "rev-parse", "HEAD^{tree}").stdout.strip()
    names = door.tree_files(tree, str(repo))
    names.append("changed by its caller")
    assert door.tree_files(tree, str(repo)) == git(repo, "ls-tree", "-r", "--name-only",
                                                   tree).stdout.split()
    assert len(asked) == 1


def test_a_branchs_tip_once_resolved_is_known_by_its_sha(repo: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """plan resolves refs/heads/<branch>, then orders the commits from that sha: the sha
    is asked of git no second time."""
    asked: list[list[str]] = []
    real = door._execute
    monkeypatch.setattr(door, "_execute", lambda argv, stdin=None, env=None: (
        asked.append(argv), real(argv, stdin, env))[1])
    sha = door.rev_parse("refs/heads/main", str(repo))
    assert sha == git(repo, "rev-parse", "HEAD").stdout.strip()
    assert door.rev_parse(sha, str(repo)) == sha
    assert len(asked) == 1
    commit_file(repo, "a.txt", "a\n", "more")  # a ref is asked again: it moves
    assert door.rev_parse("refs/heads/main", str(repo)) != sha


def test_grep_lines_finds_a_shorter_needle_where_the_longer_is_no_whole_word(
        repo: Path) -> None:
    """One alternation with `-w` read only the longest alternative at a place: "make" was
    not found in "make docsx" when "make docs" was searched too, so evidence the tree has
    went unseen (a benign item held)."""
    commit_file(repo, "Makefile", "all:\n\tmake docsx\n", "make")
    commit_file(repo, "other.txt", "remaker docs\n", "other")
    found = door.grep_lines("HEAD", ["make docs", "make"], ["."], str(repo))
    assert found == [("Makefile", "\tmake docsx")]


def _lines_and_blocks(repo: Path, needles: list[str]) -> tuple[object, ...]:
    return (door.grep_lines("HEAD", needles, ["."], str(repo)),
            door.grep_lines("HEAD", needles, ["."], str(repo), following=True),
            door.grep_blocks("HEAD", needles, ["."], str(repo), after=2))


def test_grep_lines_and_blocks_read_the_same_lines_with_either_pattern(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Perl pattern (where git has one) and the extended one find the same lines and
    blocks, on lines written to test a word's edges and on random text."""
    import random

    rng = random.Random(46)  # noqa: S311 - a reproducible text, not a secret
    alphabet = "ab_:- .\"1\u00e9{}"
    lines = [*_GREP_LINES, *("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
                             for _ in range(300))]
    needles = [*_GREP_NEEDLES, "a{b}", "1.", "\u00e9"]
    (repo / "latin1.txt").write_bytes(b"\xe9test\xe9 caf\xe9 make\xffdocs\n")
    commit_file(repo, "a.txt", "\n".join(lines) + "\n", "text")
    monkeypatch.setattr(door, "_NO_PERL", [])
    perl = _lines_and_blocks(repo, needles)
    if door._NO_PERL:
        pytest.skip("this git has no PCRE: both calls read the extended pattern")
    monkeypatch.setattr(door, "_NO_PERL", [True])
    assert _lines_and_blocks(repo, needles) == perl
    assert len(perl[0]) > 100 and ("latin1.txt", "\ufffdtest\ufffd caf\ufffd make\ufffddocs") \
        not in perl[0]


@pytest.mark.parametrize("perl", [True, False])
def test_grep_lines_reads_a_word_s_edges_as_ascii_in_any_locale(
        repo: Path, monkeypatch: pytest.MonkeyPatch, perl: bool) -> None:
    """A letter outside ASCII beside a needle is no part of its word, in a UTF-8 locale too
    (an extended pattern there read `é` as a letter): the lines git finds are those
    ``injection.spans.holds_word`` keeps after it."""
    from gitmemory.injection.spans import holds_word

    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    monkeypatch.setattr(door, "_NO_PERL", [] if perl else [True])
    text = ["\u00e9make all", "make\u00e9 docs", "remake it", "make"]
    commit_file(repo, "notes.txt", "\n".join(text) + "\n", "notes")
    found = door.grep_lines("HEAD", ["make"], ["notes.txt"], str(repo))
    assert [line for _, line in found] == [t for t in text if holds_word(t, "make")]
    assert len(found) == 3


@pytest.mark.parametrize("where", ["main", "linked"])
def test_a_work_trees_info_is_read_from_its_dot_git_as_git_reads_it(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    """A memory file's work tree (where memorize refreshes the agent files) is known
    without a process, and known as git knows it."""
    linked = tmp_path / "linked"
    git(repo, "worktree", "add", "-q", "-b", "side", str(linked))
    top = str(repo if where == "main" else linked)
    slow = door.repo_info(top)
    asked: list[list[str]] = []
    real = door._execute
    monkeypatch.setattr(door, "_execute", lambda argv, stdin=None, env=None: (
        asked.append(argv), real(argv, stdin, env))[1])
    fast = door.work_tree_info(top)
    assert (fast.git_dir, fast.common_dir, fast.toplevel, fast.head_ref) == \
        (slow.git_dir, slow.common_dir, slow.toplevel, slow.head_ref)
    assert door.dirs_at(top) == (slow.git_dir, slow.common_dir)
    assert asked == []


def test_a_work_trees_info_asks_git_when_git_dir_is_set_or_there_is_no_dot_git(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (repo / "sub").mkdir()
    assert door.dirs_at(str(repo / "sub")) is None
    assert door.work_tree_info(str(repo / "sub")).toplevel == str(repo)
    monkeypatch.setenv("GIT_DIR", str(repo / ".git"))
    assert door.dirs_at(str(repo)) is None


def test_gits_local_variables_are_asked_once_a_process(repo: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The list is git's own, the same in every repository."""
    asked: list[list[str]] = []
    real = door._execute
    monkeypatch.setattr(door, "_LOCAL_ENV_VARS", [])
    monkeypatch.setattr(door, "_execute", lambda argv, stdin=None, env=None: (
        asked.append(argv), real(argv, stdin, env))[1])
    first = door.local_env_vars(str(repo))
    first.append("changed by its caller")
    assert door.local_env_vars(str(tmp_path)) == \
        git(repo, "rev-parse", "--local-env-vars").stdout.split()
    assert "GIT_DIR" in door.local_env_vars() and len(asked) == 1


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Every git command the door runs from now on, recorded; the caches start empty."""
    asked: list[list[str]] = []
    real = door._execute
    monkeypatch.setattr(door, "_KEPT", {})
    monkeypatch.setattr(door, "_FOUND_AT", set())
    monkeypatch.setattr(door, "_LISTED", {})
    monkeypatch.setattr(door, "_OUTSIDE", {})
    monkeypatch.setattr(door, "_execute", lambda argv, stdin=None, env=None: (
        asked.append(argv), real(argv, stdin, env))[1])
    return asked


def test_what_a_full_commit_id_names_is_asked_of_git_once_a_process(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run asks the same files of its tip from many places (the sources, pruning, the
    gate): each question after the first that git answered costs no process."""
    commit_file(repo, "src/app.py", "print(1)\n", "app")
    tip, top = _sha(repo), str(repo)
    asked = _counting(monkeypatch)
    assert door.present(tip, ["src/app.py", "src/", "gone.py"], top) == \
        {"src/app.py": "blob", "src/": "tree"}
    assert door.present(tip, ["gone.py", "src/app.py"], top) == {"src/app.py": "blob"}
    assert len(asked) == 1  # the missing path too: the commit is there, the file is not
    content = door.cat_file([f"{tip}:src/app.py", "HEAD:src/app.py"], top)
    assert [answer and answer[1:] for answer in content] == [("blob", b"print(1)\n")] * 2
    assert len(asked) == 2  # the content was never asked; HEAD may move, so is asked
    assert door.cat_file([f"{tip}:src/app.py"], top, contents=False)[0][1:] == ("blob", b"")
    assert door.cat_file([f"{tip}:src/app.py"], top) == content[:1]
    names = door.tree_names(tip, top)
    names.append("changed by its caller")
    assert door.tree_names(tip, top) == ["README.md", "src/app.py"] and len(asked) == 3


def test_an_object_named_another_way_is_known_by_its_id(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The evidence rule reads the commits an item cites by their short ids, then asks
    which of them the reviewed history holds by their full ids (``unreachable``): the
    object git found for the one name is not asked again by its id."""
    first = commit_file(repo, "a.txt", "a\n", "first")
    second = commit_file(repo, "b.txt", "b\n", "second")
    asked = _counting(monkeypatch)
    found = door.cat_file([first[:7], f"{second}:b.txt", "HEAD"], str(repo))
    assert len(asked) == 1
    blob = git(repo, "rev-parse", f"{second}:b.txt").stdout.strip()
    assert door.cat_file([first, blob], str(repo)) == found[:2]
    assert door.cat_file([second], str(repo), contents=False) == [(second, "commit", b"")]
    assert door.unreachable([first, second], first, str(repo)) == {second}
    assert [argv[3] for argv in asked] == ["cat-file", "rev-list"]


def test_commits_a_rev_list_found_outside_a_tip_are_not_asked_again(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The evidence rule asks, batch after batch, which commits its items cite are the
    branch's own (no ancestors of where it left main): what the first ``rev-list``
    listed answers the later batches."""
    base = _sha(repo)
    git(repo, "checkout", "-q", "-b", "feature")
    own = [commit_file(repo, f"f{n}.txt", f"{n}\n", f"feature {n}") for n in range(4)]
    top = str(repo)
    asked = _counting(monkeypatch)
    assert door.unreachable([own[2], base], base, top) == {own[2]}
    assert door.unreachable([own[0], base, own[1]], base, top) == {own[0], own[1]}
    assert [argv[3] for argv in asked if "rev-list" in argv] == ["rev-list"]
    assert door.unreachable([own[3], base], base, top) == {own[3]}  # newer: asked
    assert door.unreachable([own[3]], own[3], top) == set()  # another tip: asked
    assert [argv[3] for argv in asked].count("rev-list") == 3


def test_an_object_not_there_yet_is_asked_again(repo: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    blob = git(repo, "hash-object", "--stdin", stdin="later\n").stdout.strip()
    asked = _counting(monkeypatch)
    assert door.cat_file([blob, f"{blob}:x"], str(repo)) == [None, None]
    git(repo, "hash-object", "-w", "--stdin", stdin="later\n")
    assert door.cat_file([blob], str(repo)) == [(blob, "blob", b"later\n")]
    assert len(asked) == 2

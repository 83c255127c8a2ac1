"""gitmemory/pipeline/history.py: each commit becomes the record every provider gets, read
from real git: statuses and renames, what never reaches the diff (binary, lock, excluded and
memory files), gitmemory's own commits left out, trailers apart, and every text redacted."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.commits import Commit
from gitmemory.config import DEFAULT_EXCLUDES
from gitmemory.errors import GitmemoryError
from gitmemory.sources.commits.history import History, file_patches, split_message
from testing.fake_secrets import FAKE
from testing.gitrepo import commit_file, git


def _commit(repo: Path, message: str, files: dict[str, str | bytes | None]) -> str:
    """One commit writing (or, for None, deleting) ``files``; its sha."""
    for name, data in files.items():
        path = repo / name
        if data is None:
            git(repo, "rm", "-q", "--", name)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            path.write_text(data)
        git(repo, "add", "--", name)
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD").stdout.strip()


def _one(repo: Path, sha: str, exclude: list[str] | None = None) -> Commit:
    (commit,) = History(str(repo)).collect([sha], exclude or DEFAULT_EXCLUDES)
    return commit


def test_added_modified_deleted_and_renamed_files_carry_their_status(repo: Path) -> None:
    _commit(repo, "base", {"src/old_name.py": "".join(f"line {n}\n" for n in range(20)),
                           "gone.txt": "bye\n", "keep.txt": "a\n"})
    sha = _commit(repo, "shuffle", {"src/old_name.py": None, "gone.txt": None,
                                    "keep.txt": "a\nb\n", "new.txt": "new\n",
                                    "src/new_name.py": "".join(f"line {n}\n"
                                                               for n in range(20))})
    files = {f.path: f for f in _one(repo, sha).files}
    assert (files["src/new_name.py"].status, files["src/new_name.py"].old_path) == \
        ("R", "src/old_name.py")
    assert files["gone.txt"].status == "D"
    assert files["new.txt"].status == "A"
    assert (files["keep.txt"].status, files["keep.txt"].added, files["keep.txt"].deleted) == \
        ("M", 1, 0)


def test_a_rename_across_directories_reads_both_paths(repo: Path) -> None:
    body = "".join(f"value {n}\n" for n in range(30))
    _commit(repo, "base", {"lib/a/core.py": body})
    (repo / "lib" / "b").mkdir()
    git(repo, "mv", "lib/a/core.py", "lib/b/core.py")
    git(repo, "commit", "-q", "-m", "move")
    sha = git(repo, "rev-parse", "HEAD").stdout.strip()
    (change,) = _one(repo, sha).files
    assert (change.old_path, change.path, change.status) == ("lib/a/core.py", "lib/b/core.py",
                                                             "R")


def test_binary_lock_excluded_and_memory_files_never_reach_the_diff(repo: Path) -> None:
    sha = _commit(repo, "feat: many kinds of files", {
        "app.py": "def run():\n    return 1\n",
        "logo.png": b"\x89PNG\r\n\x1a\n\x00\x00binary\x00data",
        "package-lock.json": '{"lockfileVersion": 3, "marker": "LOCKED"}\n',
        ".env": "DATABASE_URL=postgres://localhost/marker-env\n",
        "secrets/prod.yaml": "marker: excluded-dir\n",
        ".gitmemory/branches/main.md": "# Branch Memory: main\n\nmarker-memory\n"})
    commit = _one(repo, sha)
    assert "def run()" in commit.diff
    for marker in ("binary", "LOCKED", "marker-env", "excluded-dir", "marker-memory"):
        assert marker not in commit.diff, marker
    paths = {f.path: f for f in commit.files}
    assert ".gitmemory/branches/main.md" not in paths
    assert paths["logo.png"].binary
    assert {"package-lock.json", ".env", "secrets/prod.yaml"} <= set(paths)  # named, unread
    assert [p for p, _ in file_patches(commit.diff)] == ["app.py"]


def test_the_excluded_paths_come_from_the_caller(repo: Path) -> None:
    sha = _commit(repo, "feat: config", {"config/settings.ini": "mode = marker-ini\n",
                                         "app.py": "X = 1\n"})
    assert "marker-ini" in _one(repo, sha, ["*.pem"]).diff
    assert "marker-ini" not in _one(repo, sha, ["config/"]).diff


def test_gitmemory_s_own_commits_are_left_out_unless_other_files_joined(repo: Path) -> None:
    own = _commit(repo, "gitmemory: update memory\n\nGitmemory-Update: true",
                  {".gitmemory/branches/main.md": "# Branch Memory: main\n"})
    squashed = _commit(repo, "fix: a real change\n\nGitmemory-Update: true",
                       {".gitmemory/branches/main.md": "# Branch Memory: main\n\n",
                        "fix.py": "FIXED = True\n"})
    found = History(str(repo)).collect([own, squashed], [])
    assert [c.sha for c in found] == [squashed]
    assert [f.path for f in found[0].files] == ["fix.py"]


def test_merges_are_not_pending_and_the_range_starts_after_start(repo: Path) -> None:
    base = git(repo, "rev-parse", "HEAD").stdout.strip()
    git(repo, "checkout", "-q", "-b", "side")
    side = commit_file(repo, "side.txt", "s\n", "side work")
    git(repo, "checkout", "-q", "main")
    mine = commit_file(repo, "main.txt", "m\n", "main work")
    git(repo, "merge", "-q", "--no-ff", "-m", "merge side", "side")
    history = History(str(repo))
    assert sorted(history.pending("HEAD", base)) == sorted([side, mine])
    assert len(history.pending("HEAD", None)) == 3  # from the root, merge left out
    assert history.collect([], []) == []


def test_a_bad_revision_is_one_line_naming_git_s_reason(repo: Path) -> None:
    with pytest.raises(GitmemoryError) as caught:
        History(str(repo)).pending("no-such-branch", None)
    line = caught.value.one_line()
    assert line.startswith("git rev-list failed: ")
    assert "\n" not in line


def test_every_text_field_and_file_name_is_redacted(repo: Path) -> None:
    token = FAKE["ghp"]
    key = FAKE["akia"]
    sha = _commit(repo, f"fix: rotate {token}\n\nThe old key {key} leaked.\n\n"
                        f"Reviewed-by: {token}",
                  {f"fixtures/{token}.json": "{}\n", "app.py": f"KEY = '{key}'\n"})
    commit = _one(repo, sha)
    text = " ".join([commit.subject, commit.body, commit.diff,
                     *(v for _, v in commit.trailers), *(f.path for f in commit.files)])
    assert token not in text
    assert key not in text
    assert commit.subject.startswith("fix: rotate ")


def test_odd_file_names_are_unquoted(repo: Path) -> None:
    sha = _commit(repo, "odd names", {"café/naïve.py": "x = 1\n", 'say "hi".txt': "hi\n",
                                      "tab\there.txt": "t\n"})
    paths = {f.path for f in _one(repo, sha).files}
    assert paths == {"café/naïve.py", 'say "hi".txt', "tab\there.txt"}


@pytest.mark.parametrize(("message", "subject", "body", "trailers"), [
    ("Subject only", "Subject only", "", []),
    ("Fix it\n\nBecause.\n\nSigned-off-by: A <a@x>\nRefs: #12",
     "Fix it", "Because.", [("Signed-off-by", "A <a@x>"), ("Refs", "#12")]),
    ("Fix it\n\nA last paragraph: that is prose, not trailers.",
     "Fix it", "A last paragraph: that is prose, not trailers.", []),
    ("Fix it\n\nMemory-Convention: Keep handlers small\n  and return early",
     "Fix it", "", [("Memory-Convention", "Keep handlers small and return early")]),
    ("\n\n  Padded subject  \n\nBody\n", "Padded subject", "Body", []),
    # a first line of sentences: a message written with no blank line (Copybara's exports)
    ("Always write \\n in error messages, never the system line separator of the host. "
     "This lets the tests pass on Windows. Fixes #1213.\n\nPiperOrigin-RevId: 5255",
     "Always write \\n in error messages, never the system line separator of the host.",
     "This lets the tests pass on Windows. Fixes #1213.", [("PiperOrigin-RevId", "5255")]),
    # a long subject whose stop comes after an abbreviation, or before its number only
    ("Read the settings in one place, e.g. Config in the loader, and cache them per process "
     "so repeated reads stay cheap", "Read the settings in one place, e.g. Config in the "
     "loader, and cache them per process so repeated reads stay cheap", "", []),
    ("Enable the compatibility module to compile with Swift for WebAssembly on every "
     "platform. (#3422)", "Enable the compatibility module to compile with Swift for "
     "WebAssembly on every platform. (#3422)", "", []),
])
def test_split_message(message: str, subject: str, body: str,
                       trailers: list[tuple[str, str]]) -> None:
    assert split_message(message) == (subject, body, trailers)


def test_a_failing_stream_is_one_line_naming_git_s_reason(repo: Path) -> None:
    """show's output is read as it comes; git's failure still ends the run in one line."""
    with pytest.raises(GitmemoryError) as caught:
        list(History(str(repo))._stream("show", "no-such-revision"))
    line = caught.value.one_line()
    assert line.startswith("git show failed: ")
    assert "\n" not in line


def test_a_local_provider_reads_patches_as_written_and_stores_none_of_a_secret(
        repo: Path) -> None:
    """Redacting every patch was a quarter of an offline run (issue 29's time bound):
    patches stay as git wrote them where nothing leaves the machine, the message and the
    file names are still redacted, and what the offline route keeps from a patch is
    redacted before it is stored."""
    token = FAKE["ghp"]
    sha = _commit(repo, f"fix: rotate {token}",
                  {"CHANGELOG.md": f"# Changelog\n\n- The deploy key is now {token}, "
                                   "because the old one leaked.\n"})
    local = History(str(repo)).collect([sha], list(DEFAULT_EXCLUDES), redact_diffs=False)[0]
    assert token in local.diff and token not in local.subject
    sent = History(str(repo)).collect([sha], list(DEFAULT_EXCLUDES))[0]
    assert token not in sent.diff

"""How pull requests are merged, read from the merge commits, and the commits listed so
that blame skips them (gitmemory/reading/project/commit_style.py, blame_ignore.py)."""

from __future__ import annotations

from pathlib import Path

from gitmemory.reading.project import Snapshot
from gitmemory.sources.repository import snapshot as read_snapshot
from testing.gitrepo import commit_file, git
from tests.reading.test_project import lines, one

KINDS = ("fix", "feat", "docs")


def merges(subjects: list[str]) -> list[str]:
    return lines(Snapshot(["README.md"], {}, [], subjects))


def test_the_shape_most_merge_commits_share_is_said_with_an_example() -> None:
    subjects = [f"{KINDS[n % 3]} #{300 + n} Handle empty input number {n} (ana-dev)"
                for n in range(12)]
    assert one(merges(subjects), "Merge commits:") == (
        "Merge commits: pull requests are merged with subjects `<fix|feat|docs> #NNNN <title> "
        "(<author>)`, e.g. `fix #300 Handle empty input number 0 (ana-dev)` "
        "(12 of the last 12 merges)")
    # a merge queue's "Merge #812: title", with no name at the end
    queued = [f"Merge #{800 + n}: Retry the fetch on timeout {n}" for n in range(11)]
    assert one(merges(queued), "Merge commits:").startswith(
        "Merge commits: pull requests are merged with subjects `Merge #NNNN <title>`")


def test_near_misses_git_defaults_mixed_shapes_and_few_merges_say_nothing() -> None:
    default = [f"Merge pull request #{n} from ana/topic-{n}" for n in range(20)]
    mixed = [f"fix #{n} Handle input {n} (ana)" for n in range(6)] + \
        [f"Release {n}.0 to the mirror" for n in range(6)]
    many = [f"{w} #{n} Handle input {n}" for n, w in enumerate(
        ("fix", "feat", "docs", "ci", "perf", "test", "build", "chore", "style", "deps"))]
    few = [f"fix #{n} Handle input {n} (ana)" for n in range(5)]
    for subjects in (default, mixed, many, few):
        assert not [x for x in merges(subjects) if x.startswith("Merge commits:")], subjects


def test_the_snapshot_reads_the_first_parent_merges(repo: Path) -> None:
    commit_file(repo, "README.md", "# app\n", "Start the app")
    for n in range(2):
        git(repo, "checkout", "-q", "-b", f"topic{n}")
        commit_file(repo, f"f{n}.txt", "x\n", f"Add file {n}")
        git(repo, "checkout", "-q", "main")
        git(repo, "merge", "-q", "--no-ff", f"topic{n}", "-m", f"feat #{n} Add file {n} (ana)")
    tip = git(repo, "rev-parse", "HEAD").stdout.strip()
    assert read_snapshot(str(repo), tip, []).merges == ["feat #1 Add file 1 (ana)",
                                                        "feat #0 Add file 0 (ana)"]


IGNORE_REVS = """\
# Apply black to the whole tree
3a1f0c2b9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a

# Sort imports with isort
9f8e7d6c5b4a39281706f5e4d3c2b1a098f7e6d5
"""


def test_a_blame_ignore_list_says_where_a_reformatting_commit_goes() -> None:
    found = lines(Snapshot([".git-blame-ignore-revs", "pyproject.toml"],
                           {".git-blame-ignore-revs": IGNORE_REVS}, []))
    assert one(found, "Reformatting commits:") == (
        "Reformatting commits: a commit that only reformats the code is listed by its full "
        "commit id in `.git-blame-ignore-revs`, each under a comment saying what it did, so "
        "that blame passes over it (2 listed)")
    # a file that lists no commit says nothing
    empty = lines(Snapshot([".git-blame-ignore-revs"], {".git-blame-ignore-revs": "# none\n"},
                           []))
    assert not [x for x in empty if x.startswith("Reformatting commits:")]

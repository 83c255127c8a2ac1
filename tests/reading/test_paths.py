"""gitmemory/reading/paths.py: which files are tests, docs, changelogs or CI (the budget,
triage and the offline rules all ask), which paths an item may cite, and what a run of
commits did to each path, renames included."""

from __future__ import annotations

import pytest

from gitmemory.changelogs import is_changelog, is_fragment
from gitmemory.commits import FileChange
from gitmemory.reading.paths import (
    PathLog,
    evidence_paths,
    files_kind,
    is_doc,
    is_test,
)
from testing.offline_history import make_commit


@pytest.mark.parametrize(("path", "test"), [
    ("tests/test_api.py", True), ("src/pkg/tests/helpers.py", True), ("conftest.py", True),
    ("test_cli.py", True), ("pkg/api_test.go", True), ("web/app.test.ts", True),
    ("web/app.spec.js", True), ("__tests__/x.js", True), ("testing/gitrepo.py", True),
    ("src/contest.py", False), ("src/latest.py", False), ("src/protest/main.py", False),
    ("docs/testing.md", False),
    # measured (fresh11's babashka): "another flaky test" in test-resources/ was a record line
    ("test-resources/lib_tests/run_all_libtests.clj", True), ("integration_tests/a.rs", True),
    ("e2e-specs/login.ts", True), ("src/attestation/x.go", False), ("contest-data/a", False),
])
def test_what_is_a_test(path: str, test: bool) -> None:
    assert is_test(path) is test


@pytest.mark.parametrize(("path", "doc"), [
    ("docs/api.py", True), ("Documentation/x.c", True), ("README.md", True),
    ("guide.rst", True), ("logo.svg", True), ("src/readme.py", False), ("doctor/x.py", False),
])
def test_what_is_documentation(path: str, doc: bool) -> None:
    assert is_doc(path) is doc


@pytest.mark.parametrize(("path", "changelog"), [
    ("CHANGELOG.md", True), ("HISTORY.rst", True), ("NEWS", True), ("changes.txt", True),
    ("changelog/123.bugfix.rst", True), ("changelog.d/+x.md", True), ("docs/changes.rst", True),
    ("src/changer.py", False), ("newsletter.md", False),
    # one judge for the whole pipeline: source files named like changelogs are code
    ("src/history.py", False), ("news/views.py", False), ("newsfragments/12.bugfix", True),
    # restic: the template of an entry is no entry ("Allow custom bar in the `foo` command")
    ("changelog/TEMPLATE", False), ("changelog.d/template.md", False),
    (".changeset/README.md", False), ("changelog.d/example.rst", False),
])
def test_what_is_a_changelog(path: str, changelog: bool) -> None:
    assert is_changelog(path) is changelog


@pytest.mark.parametrize(("paths", "kind"), [
    (["docs/a.md", "README.md"], "docs"), (["tests/test_a.py", "CHANGELOG.md"], "test"),
    ([".github/workflows/ci.yml", ".gitlab-ci.yml"], "ci"), (["CHANGELOG.md"], "docs"),
    (["src/a.py", "tests/test_a.py"], None), ([], None),
    (["src/history.py", "tests/test_history.py"], None),  # history.py is code, not a changelog
])
def test_a_commit_s_kind_is_what_all_its_files_are(paths: list[str], kind: str | None) -> None:
    assert files_kind(paths) == kind


def test_evidence_is_the_few_source_files_a_commit_changed() -> None:
    few = make_commit("fix: x", files=[FileChange("src/b.py"), FileChange("src/a.py"),
                                       FileChange("tests/test_a.py"), FileChange("README.md"),
                                       FileChange("CHANGELOG.md"), FileChange(".github/ci.yml"),
                                       FileChange("src/gone.py", status="D")])
    assert evidence_paths(few) == ("src/a.py", "src/b.py")
    sweep = make_commit("refactor: y", files=[FileChange(f"src/m{n}.py") for n in range(4)])
    assert evidence_paths(sweep) == ()
    assert evidence_paths(make_commit("docs: z", files=[FileChange("docs/a.md")])) == ()


def test_the_path_log_follows_additions_deletions_and_renames() -> None:
    first = make_commit("add", files=[FileChange("a.py", status="A"),
                                      FileChange("b.py", status="A")])
    second = make_commit("rename", files=[FileChange("c.py", status="R100", old_path="b.py"),
                                          FileChange("a.py")])
    third = make_commit("drop", files=[FileChange("a.py", status="D")])
    log = PathLog([first, second, third])
    assert log.paths() == ["a.py", "b.py", "c.py"]
    assert log.added("a.py") and log.deleted("a.py")
    assert log.deleted("b.py")  # renamed away
    assert not log.added("c.py")  # a rename is not an addition
    assert not log.deleted("c.py")
    assert log.refs(["a.py"]) == (first.short, second.short, third.short)
    assert log.refs(["c.py", "b.py"]) == (first.short, second.short)
    assert not log.added("never.py") and log.refs(["never.py"]) == ()


def test_a_release_series_notes_file_is_a_changelog_not_a_fragment() -> None:
    """jackson-core keeps its changelog in release-notes/VERSION-2.x: read as no changelog
    (its ".x" taken for a fragment's type), an entry that says what changed ("... throws
    `JsonParseException` ... instead of returning null") was lost and only the subject
    ("change Javadoc for ...") was kept.  A file named for a version in a release notes
    directory is the changelog of that series; a fragment named for its issue stays one."""
    for path in ("release-notes/VERSION-2.x", "release-notes/VERSION", "releasenotes/2.19.rst",
                 "docs/release-notes/v3.0.md"):
        assert is_changelog(path) and not is_fragment(path), path
    for path in ("changelog.d/123.md", "changelog/10819.deprecation.rst"):
        assert is_fragment(path), path
    assert not is_changelog("release-notes/CREDITS-2.x")

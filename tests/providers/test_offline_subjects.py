"""A subject that is itself a lasting fact (issue 29, item 1: "a break or deprecation
(... removed, renamed ...)"): the removal, replacement or new default it states is kept
in its own words, unless a later commit undoes it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gitmemory.commits import Commit, FileChange
from gitmemory.providers.offline.extractor import extract_commits
from testing.offline_history import edit_diff


def _commit(subject: str, body: str = "", n: int = 1, path: str = "lib/bundler/cli.rb"
            ) -> Commit:
    return Commit(sha=f"{n:07x}" + "0" * 33, author="Ada", date="2026-01-01T00:00:00Z",
                  subject=subject, body=body, files=(FileChange(path, 3, 1),), diff="")


def _facts(*commits: Commit) -> list[str]:
    return [e.content for e in extract_commits(list(commits)) if e.section == "facts"]


@pytest.mark.parametrize(("subject", "fact"), [
    ("Completely remove `bundle viz` command", "Completely removed `bundle viz` command"),
    ("Switch `cache_all` to be `true` by default",
     "Switched `cache_all` to be `true` by default"),
    ("replace FindFilteredSnapshots() with (*data.SnapshotFilter).FindAll() (#21912)",
     "Replaced FindFilteredSnapshots() with (*data.SnapshotFilter).FindAll()"),
    ("Finalize `bundle install --binstubs` removal",
     "Finalized `bundle install --binstubs` removal"),
    ("cli: rename the `--rev` option to `--revision`",
     "cli: renamed the `--rev` option to `--revision`"),
    ("feat!: remove the deprecated `requestIdLogLabel` option",
     "Removed the deprecated `requestIdLogLabel` option")])
def test_a_subject_that_states_a_break_or_a_default_is_a_fact(subject: str, fact: str) -> None:
    """Subjects with no body: the offline route kept nothing of them."""
    assert _facts(_commit(subject)) == [fact]


@pytest.mark.parametrize("subject", [
    "refactor(complete): Remove unused allocation",
    "refactor(builder): Rename internal blacklist field to conflicts",
    "test: remove @sinonjs/fake-timers", "Drop the legacy parser",
    "docs: remove deprecated-API notices ahead of v6 cleanup",
    "Remove obsolete `compat_shim` hacks", "Remove `flaky` marker from the tests",
    "Delete setup.py", "remove needs-reply-remove.yml",  # auto_route: a hyphenated file
    "Remove _is_relative, and calculate it on the fly instead",
    "azure: remove saveSmall, use only PutBlob API"])
def test_a_subject_about_machinery_or_no_break_is_no_fact(subject: str) -> None:
    """restic, trio: a removed file, a private name, a subject with two changes."""
    assert _facts(_commit(subject)) == []


def test_a_go_name_the_language_keeps_private_is_internal() -> None:
    """restic: "repository: drop mutex from lockHandle" (unexported) is no API change."""
    assert _facts(_commit("repository: drop mutex from lockHandle",
                          path="internal/repository/lock_file.go")) == []
    assert _facts(_commit("repository: rename PackError to ErrPackMetadata",
                          path="internal/repository/checker.go")) == [
        "repository: renamed PackError to ErrPackMetadata"]


def test_a_subject_fact_gives_way_first_when_a_section_is_full() -> None:
    """In restic's window, thirteen subject facts evicted fuller items of the same
    evidence: they come first, so the cap takes them before the rest."""
    commits = [_commit("fix: keep paths", "The `backup` command now never applies excludes "
                       "to the paths given on the command line.", n=1),
               _commit("Rename the `--rev` option to `--revision`", n=2)]
    assert next(e.content for e in extract_commits(commits)).startswith("Renamed")


@pytest.mark.parametrize("later", ['Revert "Completely remove `bundle viz` command"',
                                   "Restore the `bundle viz` command",
                                   "Remove `bundle viz` command again, for good"])
def test_a_fact_a_later_commit_undoes_or_changes_is_not_stated(later: str) -> None:
    """A superseded fact must not be stated as current."""
    facts = _facts(_commit("Completely remove `bundle viz` command"), _commit(later, n=2))
    assert "Completely removed `bundle viz` command" not in facts
    assert len([f for f in facts if "viz" in f]) <= 1


def test_a_deprecation_a_later_commit_completes_by_removing_is_not_stated() -> None:
    """rack: "Request#values_at is deprecated and will be removed in a future version"
    stayed next to the later "Removed `Rack::Request#values_at`"."""
    deprecate = _commit("Deprecate `Rack::Request#values_at`",
                        "Request#values_at is deprecated and will be removed in a future "
                        "version, use `request.params.values_at` instead.",
                        n=1, path="lib/rack/request.rb")
    remove = _commit("Remove `Rack::Request#values_at`", n=2, path="lib/rack/request.rb")
    texts = [e.content for e in extract_commits([deprecate, remove])]
    assert "Removed `Rack::Request#values_at`" in texts
    assert not any("will be removed" in t for t in texts), texts


@pytest.mark.parametrize(("subject", "fact"), [
    ("fix: prevent unsafe `no-var` autofix with hoisted functions (#21213)",
     "Fixed: prevent unsafe `no-var` autofix with hoisted functions"),
    ("feat: add checkConditionalExpressions to `no-unmodified-loop-condition` (#21175)",
     "Added checkConditionalExpressions to `no-unmodified-loop-condition`"),
    ("fix(help): Don't show hidden subcommands in the usage line",
     "Fixed (help): don't show hidden subcommands in the usage line"),
    ("[parser] Keep `--` literal after a positional", "parser: kept `--` literal after a "
     "positional"),
    ("Add `--color` option", "Added `--color` option"),
    ("perf: cache the `Matcher` for each glob", "Faster: cache the `Matcher` for each glob")])
def test_a_fix_or_feature_subject_alone_is_no_fact(subject: str, fact: str) -> None:
    """Issue 29's blind window judging: "Fixed (x): ...", "Added X" restated their
    commit's subject, fourteen of fifteen facts of mockk and Carbon, all useless; the
    history record carries the subject, and a fact must say more than it."""
    assert _facts(_commit(subject)) == []


@pytest.mark.parametrize("subject", [
    "chore(deps): bump `eslint` to 9.1", "ci: add `node 22` to the matrix",
    "docs: fix the `--color` example", "test: add cases for `no-var`",
    "fix(ci): pin `actions/checkout`", "fix(docs): typo in `--color`",
    "fix: typo in `--color` help", "WIP: add `--color` option", "feat: tmp `--color` hook",
    "Merge branch 'feature/color'", "Release 4.5.0", "fix(deps): update `serde` to 1.0.200",
    "feat: add import for `Widget` in the sample app", "Pin versions of `black` and `ruff`",
    "feat: reuse the internal `Scheduler` queue for timers"])
def test_a_fix_or_feature_subject_about_machinery_is_no_fact(subject: str) -> None:
    assert _facts(_commit(subject)) == []


def test_a_fix_a_later_subject_changes_again_is_superseded() -> None:
    facts = _facts(_commit("fix: accept `--color` in pipes", n=1),
                   _commit("Remove the `--color` option", n=2))
    assert facts == ["Removed the `--color` option"]


def test_a_subject_gives_way_to_the_memory_trailers_its_commit_carries() -> None:
    """The author said what to remember: `feat(api): legacy handlers` with a
    `Memory-Convention:` trailer gave the convention and also "Added (api): legacy handlers"."""
    commit = Commit(sha="a" * 40, author="Ada", date="2026-01-01T00:00:00Z",
                    subject="feat(api): legacy handlers", body="",
                    trailers=(("Memory-Convention", "Legacy handlers return tuples"),),
                    files=(FileChange("src/api/legacy.py", 3, 0),), diff="")
    assert _facts(commit) == []


@pytest.mark.parametrize(("subject", "fact"), [
    ("update golang.org/x/net package for vuln CVE-2023-45288 (#804)",
     "Security: update golang.org/x/net package for vuln CVE-2023-45288"),
    ("chore(deps): bump `serde_yaml` to 0.9.34 to fix GHSA-abcd-1234-wxyz",
     "Security: bump `serde_yaml` to 0.9.34 to fix GHSA-abcd-1234-wxyz"),
    ("fix: reject header values with CR or LF (security)",
     "Security: reject header values with CR or LF"),
])
def test_a_security_fix_subject_is_a_fact_whatever_its_type(subject: str, fact: str) -> None:
    """resty: a subject-only history's advisories ("update golang.org/x/net ... for vuln
    CVE-2023-45288") gave no item, because a dependency update is machinery; a security
    fix is what the history taught (issue 29, item 1), so its type does not hide it."""
    assert _facts(_commit(subject, path="go.mod")) == [fact]


@pytest.mark.parametrize(("subject", "fact"), [
    ("Fix XSS in the admin preview page (#412)", "Security: fix XSS in the admin preview page"),
    ("Fix XSS on the debug error page", "Security: fix XSS on the debug error page"),
    ("Escape filenames to prevent path traversal in the upload handler",
     "Security: escape filenames to prevent path traversal in the upload handler"),
])
def test_a_subject_that_names_the_class_of_a_vulnerability_is_a_security_fix(
        subject: str, fact: str) -> None:
    """plug: "Fix XSS on debug page" gave no item: a subject named a security fix only by
    an advisory or the word "vulnerability", while a message's sentence is one by its class
    too (XSS, an injection, a traversal); one definition now serves both."""
    assert _facts(_commit(subject, path="lib/preview.ex")) == [fact]


def test_a_word_near_a_vulnerability_class_is_no_security_fix() -> None:
    facts = _facts(_commit("fix: register `Logger` in workers through the dependency injection "
                           "container",
                           path="lib/workers.ex"))
    assert not any(f.startswith("Security:") for f in facts), facts
    assert _facts(_commit("Improve docs and TODO for CSRF protection",
                          path="lib/csrf.ex")) == []


@pytest.mark.parametrize(("subject", "path", "fact"), [
    ("Bump C++14 to C++17", "meson.build", "Bumped C++14 to C++17"),
    ("Require Java 11 to build the annotation processor", "pom.xml",
     "Required Java 11 to build the annotation processor"),
    ("set minimum zig version to `0.15.1`", "build.zig.zon",
     "Set minimum zig version to `0.15.1`"),
    # a baseline is a floor, and a lead-in that says from when is no second change
    ("In 4.0, move the JDK baseline to Java 21", "build.gradle.kts",
     "In 4.0, move the JDK baseline to Java 21"),
    ("Kotlin 2.0 is the new baseline", "build.gradle.kts", "Kotlin 2.0 is the new baseline"),
])
def test_a_subject_that_raises_a_minimum_is_a_fact_whatever_its_type(
        subject: str, path: str, fact: str) -> None:
    """ninja: "Bump C++14 to C++17" read as a version bump (bookkeeping) and gave nothing,
    while a raised language standard is what a contributor must know."""
    assert _facts(_commit(subject, path=path)) == [fact]


@pytest.mark.parametrize(("subject", "path"), [
    ("Bump C++ standard to C++17 in the CI matrix", ".github/workflows/ci.yml"),
    ("Bump @types/node from 18 to 20", "package.json"),
    ("Bump Jackson to 2.16", "pom.xml"),
    # two changes after all: the part before the comma is a change, not a lead-in
    ("Drop Python 3.8, move the floor to Python 3.10 and rewrite the CLI", "pyproject.toml"),
    ("Update the baseline screenshots for Android 14", "app/screens.kt"),
])
def test_a_bump_of_ci_or_of_a_package_is_no_minimum(subject: str, path: str) -> None:
    assert _facts(_commit(subject, path=path)) == []


def test_a_security_subject_that_fixes_nothing_is_no_fact() -> None:
    for subject in ("docs: add SECURITY.md", "ci: run the security scanner weekly",
                    "test: CVE-2023-45288 case"):
        assert _facts(_commit(subject)) == [], subject
    # a revert undoes the fix: what it says is that, never a security fix
    assert _facts(_commit("Revert \"update x/net for CVE-2023-45288\"")) == [
        'Reverted "update x/net for CVE-2023-45288"']


def test_a_scope_that_is_a_type_word_is_no_area() -> None:
    """resty: "feat(refactor): for pr #826 (#848)" became "Added (refactor): for pr"."""
    assert _facts(_commit("feat(refactor): for pr #826 (#848)", path="client.go")) == []


@pytest.mark.parametrize(("subject", "fact"), [
    ("build: replace tox with poethepoet + uv (#558)", "Replaced tox with poethepoet + uv"),
    ("chore: migrate from yarn to pnpm", "Migrated from yarn to pnpm"),
    ("ci: switch from Travis CI to GitHub Actions", "Switched from Travis CI to GitHub Actions"),
    # lazy.nvim (fresh14, after its blind run): the test runner swapped, told as a choice
    ("ci: use mini.test instead of busted", "Used mini.test instead of busted"),
])
def test_a_change_of_the_projects_own_tools_is_a_fact(subject: str, fact: str) -> None:
    """tenacity: "build: replace tox with poethepoet + uv" was machinery, so nothing said
    that tox is gone; a contributor's agent reaches for tox.  The project's own tools
    swapped for others is what its contributors must know, whatever the commit's type."""
    assert _facts(_commit(subject, path="pyproject.toml")) == [fact]


@pytest.mark.parametrize("subject", [
    "chore(deps): bump serde from 1.0.1 to 1.0.2", "build: update `ruff` to 0.6",
    "ci: move the lint job to ubuntu-24.04", "build(deps): bump actions/checkout from 3 to 4",
    "chore: switch to the new runner"])
def test_a_bump_or_a_move_of_the_projects_machinery_is_no_swap(subject: str) -> None:
    assert _facts(_commit(subject, path="pyproject.toml")) == []


def test_a_deprecation_a_later_subject_calls_off_is_not_stated() -> None:
    """quick-xml: "Rename `PrefixIter` to `NamespaceBindingsIter`, deprecate the
    `PrefixIter` name", then "Do not deprecate PrefixIter because that may lead to
    compilation errors in downstream crates": the memory still said it was deprecated."""
    facts = _facts(
        _commit("Rename `PrefixIter` to `NamespaceBindingsIter`, deprecate the `PrefixIter` "
                "name", path="src/name.rs"),
        _commit("Do not deprecate PrefixIter because that may lead to compilation errors in "
                "downstream crates", n=2, path="src/name.rs"))
    assert not any("deprecate the `PrefixIter` name" in f for f in facts), facts


def test_a_dependency_a_later_commit_removes_is_no_longer_stated() -> None:
    """babel: "Depend on setuptools since Python 3.12" (with its reason in the body), then
    "Decouple `pybabel` frontend from distutils/setuptools; remove dependency": the memory
    still said Babel depends on setuptools (a wrong hit on fresh2)."""
    body = ("The dependency was already added specifically for CI, but that is not correct, "
            "because it's the package itself that needs setuptools at runtime.")
    first = _commit("Depend on setuptools since Python 3.12", body, path="setup.py")
    later = _commit("Decouple `pybabel` frontend from distutils/setuptools; remove dependency",
                    n=2, path="setup.py")
    texts = [e.content for e in extract_commits([first, later])]
    assert not any(t.startswith("Depend on setuptools") for t in texts), texts
    kept = [e.content for e in extract_commits([first])]
    assert any(t.startswith("Depend on setuptools") for t in kept), kept


def test_an_advisory_that_is_the_subjects_area_leads_its_fact() -> None:
    """libgit2: "CVE-2026-5917: Escape repo path in gen_proto()" gave no item: the
    advisory was read as the subject's area and the rest named no security fix."""
    facts = _facts(_commit("CVE-2026-5917: Escape repo path in gen_proto()",
                           path="src/transports/ssh.c"))
    assert facts == ["Security: CVE-2026-5917: Escape repo path in gen_proto()"]


@pytest.mark.parametrize(("subject", "fact"), [
    ("ci(.github/workflows): pin GitHub Actions to commit hashes (#3381)",
     "CI security: pinned GitHub Actions to commit hashes"),
    ("ci: harden release workflow (#575)", "CI security: hardened release workflow"),
    ("chore: restrict GitHub workflow permissions (#828)",
     "CI security: restricted GitHub workflow permissions"),
    ("Use NuGet Trusted Publishing", "CI security: used NuGet Trusted Publishing"),
])
def test_how_ci_is_secured_is_a_fact_whatever_the_type(subject: str, fact: str) -> None:
    """zustand, tenacity, swift-argument-parser, FakeItEasy: pinning actions, cutting a
    workflow's permissions and trusted publishing were ci/chore commits, never kept; they
    are rules for whoever edits a workflow next, anchored by the workflow they changed."""
    found = [e for e in extract_commits([_commit(subject, path=".github/workflows/ci.yml")])
             if e.section == "facts"]
    assert [e.content for e in found] == [fact]
    assert found[0].paths == (".github/workflows/ci.yml",)


def test_a_security_word_outside_ci_is_no_hardening() -> None:
    for subject, path in (("ci: harden the flaky test runner", "tests/runner.py"),
                          ("chore: pin black to 24.1", ".pre-commit-config.yaml"),
                          ("ci: bump actions/checkout to v4", ".github/workflows/ci.yml")):
        assert _facts(_commit(subject, path=path)) == [], subject


@pytest.mark.parametrize("subject", [
    "fix: prevent a crash when the input is empty", "Make it work", "Fix crash",
    "Tweak the reader loop", "Delete the reader"])
def test_a_subject_with_nothing_to_anchor_it_or_too_little_to_say_is_no_fact(
        subject: str) -> None:
    for path in ("tests/test_reader.py", "src/reader.c"):
        found = _facts(_commit(subject, path=path))
        assert found == [] or (path == "src/reader.c" and "crash when" in found[0]), \
            (subject, path, found)


def test_a_plain_word_the_diff_holds_as_code_is_a_name() -> None:
    """Nimble: "Rename Predicate to Matcher" gave nothing, its names looking like words;
    the commit's changed lines hold them as code."""
    diff = edit_diff("Sources/Nimble/Matcher.swift", "", [
        "-public struct Predicate<T> {", "+public struct Matcher<T> {"])
    renamed = Commit(sha="1" * 40, author="Ada", date="2026-01-01T00:00:00Z",
                     subject="Rename Predicate to Matcher (#1090)", body="",
                     files=(FileChange("Sources/Nimble/Matcher.swift", 1, 1),), diff=diff)
    assert _facts(renamed) == ["Renamed Predicate to Matcher"]
    words = edit_diff("Sources/Nimble/Matcher.swift", "", ["-// the old way", "+// a new way"])
    assert _facts(Commit(sha="2" * 40, author="Ada", date="2026-01-01T00:00:00Z",
                         subject="Rename Predicate to Matcher", body="",
                         files=renamed.files, diff=words)) == []


def test_a_revert_of_a_change_made_before_the_commits_read_is_a_fact() -> None:
    """req: 'Revert "`encode_body`: Automatically change GET to POST ..."' undid a change
    an earlier release listed as breaking; nothing in memory said it was undone."""
    revert = _commit('Revert "`encode_body`: Automatically change GET to POST when request '
                     'body is set (#494)"', "This reverts commit 28d87cf.", path="lib/steps.ex")
    assert _facts(revert) == ['Reverted "`encode_body`: Automatically change GET to POST '
                              'when request body is set"']
    change = _commit("`encode_body`: Automatically change GET to POST when request body is "
                     "set (#494)", n=2, path="lib/steps.ex")
    revert_later = _commit(revert.subject, revert.body, n=3, path="lib/steps.ex")
    assert not any(f.startswith("Reverted") for f in _facts(change, revert_later))


def test_a_subject_that_says_what_is_used_now_is_a_fact() -> None:
    """indicatif: "Switch Estimator to use an double exponential time-based weighting"
    gave nothing: a switch of what the code uses is a replacement like any other."""
    diff = edit_diff("src/state.rs", "", ["-struct Estimator {", "+struct Estimator {"])
    switched = Commit(sha="1" * 40, author="Ada", date="2026-01-01T00:00:00Z",
                      subject="Switch Estimator to use a double exponential weighting",
                      body="", files=(FileChange("src/state.rs", 1, 1),), diff=diff)
    assert _facts(switched) == ["Switched Estimator to use a double exponential weighting"]
    assert _facts(_commit("Prefer `fast_hash` over `slow_hash` for cache keys")) == [
        "Preferred `fast_hash` over `slow_hash` for cache keys"]


def test_a_security_fix_is_the_last_of_the_subjects_facts_to_go() -> None:
    """libgit2: "CVE-2026-5917: Escape repo path in gen_proto()" came before the body's
    items, so a full section let it go among the first."""
    from gitmemory.memory.combine import deterministic_merge
    from gitmemory.memory.markdown import Memory
    secure = _commit("CVE-2026-5917: Escape repo path in gen_proto()", n=1,
                     path="src/transports/ssh.c")
    said = ["The `alpha_parser` module now accepts tabs inside quoted keys.",
            "The `beta_index` writer now stores offsets as 64-bit integers.",
            "The `gamma_remote` client now retries pushes over flaky proxies.",
            "The `delta_config` reader now rejects duplicate section headers."]
    bodies = [_commit(f"{word}: handle more input", body, n=n, path=f"src/{word}.c")
              for n, (word, body) in enumerate(
                  zip(("alpha", "beta", "gamma", "delta"), said, strict=True), start=2)]
    found = extract_commits([secure, *bodies])
    facts = deterministic_merge(Memory("main"), found, 3).sections["facts"]
    assert any(i.text.startswith("Security: CVE-2026-5917") for i in facts), facts
    pinned = _commit("ci: pin GitHub Actions to commit hashes", n=1,
                     path=".github/workflows/ci.yml")  # swift-argument-parser, zustand
    facts = deterministic_merge(Memory("main"), extract_commits([pinned, *bodies]),
                                3).sections["facts"]
    assert any(i.text.startswith("CI security: pinned") for i in facts), facts


def test_a_revert_is_among_the_last_of_the_subjects_facts_to_go() -> None:
    """insta: 'Reverted "sort_maps sequence sorting ..."' came before the body's items, so
    a full section let it go first and older items still said the change held."""
    from gitmemory.memory.combine import deterministic_merge
    from gitmemory.memory.markdown import Memory
    revert = _commit('Revert "`render_rows`: sort nested lists by key (#412)"',
                     "This reverts commit 1a2b3c4.", n=1, path="src/render.py")
    said = ["The `alpha_parser` module now accepts tabs inside quoted keys.",
            "The `beta_index` writer now stores offsets as 64-bit integers.",
            "The `gamma_remote` client now retries pushes over flaky proxies.",
            "The `delta_config` reader now rejects duplicate section headers."]
    bodies = [_commit(f"{word}: handle more input", body, n=n, path=f"src/{word}.py")
              for n, (word, body) in enumerate(
                  zip(("alpha", "beta", "gamma", "delta"), said, strict=True), start=2)]
    facts = deterministic_merge(Memory("main"), extract_commits([revert, *bodies]),
                                3).sections["facts"]
    assert any(i.text.startswith('Reverted "`render_rows`') for i in facts), facts
    renamed = _commit("Rename the `--rows` option to `--lines`", n=1, path="src/cli.py")
    facts = deterministic_merge(Memory("main"), extract_commits([renamed, *bodies]),
                                3).sections["facts"]
    assert not any("--lines" in i.text for i in facts), facts  # a near miss: goes first


def test_a_commit_cited_by_a_reading_across_commits_keeps_its_subject_fact() -> None:
    """insta: 'Reverted "sort_maps sequence sorting ..."' was lost in a longer window
    because "New Rust crate `insta`" cited the revert among the commits that touched
    the crate's manifest, and a commit cited by any item counted as one whose message
    said more."""
    crate = Commit(sha="1" * 40, author="Ada", date="2026-01-01T00:00:00Z",
                   subject="Add the render crate", body="",
                   files=(FileChange("render/Cargo.toml", 9, 0, status="A"),), diff="")
    revert = Commit(sha="2" * 40, author="Ada", date="2026-01-02T00:00:00Z",
                    subject='Revert "`render_rows`: sort nested lists by key (#412)"',
                    body="This reverts commit 1a2b3c4.",
                    files=(FileChange("render/Cargo.toml", 1, 1),
                           FileChange("render/src/rows.rs", 3, 9)), diff="")
    found = extract_commits([crate, revert])
    assert any(e.content.startswith("New Rust crate") and revert.short in e.refs
               for e in found), found
    assert 'Reverted "`render_rows`: sort nested lists by key"' in _facts(crate, revert)
    said = _commit('Revert "`render_rows`: sort nested lists by key (#412)"',
                   "The `render_rows` helper sorted every nested list, which broke callers "
                   "that relied on insertion order.", n=3, path="render/src/rows.rs")
    assert not any(f.startswith("Reverted") for f in _facts(said))  # its message said more


@pytest.mark.parametrize(("later", "holds"), [
    ("Rename `Widget` subclasses that wrap layouts to `LayoutBox`", True),
    ("Rename `Widget` related helpers to `ui_helpers`", True),
    ("Rename the `Widget` class to `Control`", False),  # a near miss: the name itself
    ("Remove `Widget`", False)])
def test_a_later_subject_naming_a_family_leaves_the_fact_about_the_name(later: str,
                                                                       holds: bool) -> None:
    """twig: "Deprecate using Node directly, introduce EmptyNode and Nodes" was dropped
    because a later "Rename Node classes related to variables" shares the word "Node";
    a name that qualifies a kind of things in the plural names that family, not it."""
    facts = _facts(_commit("Deprecate subclassing `Widget` directly, introduce `BaseWidget`",
                           path="src/ui/widget.py"),
                   _commit(later, n=2, path="src/ui/widget.py"))
    assert ("Deprecated subclassing `Widget` directly, introduce `BaseWidget`" in facts) == holds


@pytest.mark.parametrize(("subject", "fact"), [
    ("Re-enable the `--watch` mode on Windows; skip the flaky poll tests",
     "Re-enabled the `--watch` mode on Windows; skip the flaky poll tests"),
    ("Restore `Parser.feed()` for streaming callers (#88)",
     "Restored `Parser.feed()` for streaming callers"),
    ("Bring back the `legacy_auth` setting", "Brought back the `legacy_auth` setting"),
    ("Restore the CI cache for `cargo` tests", None),  # a near miss: the machinery
    ("Restore the previous behaviour", None)])  # a near miss: it names nothing
def test_a_subject_that_brings_something_back_is_a_fact(subject: str, fact: str | None
                                                        ) -> None:
    """os-lib's "Re-enable Scala Native (0.5.8); keep ZipOps JVM-only; ..." gave nothing,
    so only the older "Dropped support for Scala-Native" could be read."""
    facts = _facts(_commit(subject, "- build the native target again", path="src/cli.py"))
    assert facts == ([fact] if fact else []), facts


def test_a_refactor_without_its_purpose_is_no_fact() -> None:
    assert _facts(_commit("Split render_table into two functions", path="src/render.rs")) == []


@pytest.mark.parametrize("subject", [
    "Fix panic in `Decoder::read_frame` on truncated input",
    "fix(router): stale params after a back navigation",
    "Fix `NullPointerException` in `OrderService.refund`",
    "fix(types): resolve type error in `useQuery` options",
    "fix: prevent a crash when `config.yaml` is empty",
    "Fixed `--dry-run` printing twice",
    "bugfix: correct the `Money.round` result for negative amounts"])
def test_a_fix_subject_that_names_only_its_bug_is_no_lesson(subject: str) -> None:
    """Hangfire, clikt, react-hook-form, hyper: "Fixed serialization of arrays of nested
    types", "Fixed argfiles specified after subcommands" told the symptom and nothing a
    reader could rely on (a blind judge: useless); a fix keeps its cause or is no lesson."""
    assert _facts(_commit(subject, path="src/codec/frame.rs")) == []


def test_a_fix_subject_that_is_its_rule_stays_when_the_body_gives_nothing() -> None:
    """hyper: "fix(http1): discard content-length header when received before
    transfer-encoding" had a body that told the story in words no rule keeps, and the
    rule the subject states was lost with it."""
    commit = _commit("fix(proxy): drop the `Expect` header before forwarding upstream",
                     "Some upstreams hang when they see it. Maybe we should look at this "
                     "again later.", path="src/proxy/forward.rs")
    assert _facts(commit) == ["proxy: dropped the `Expect` header before forwarding upstream"]
    for bug in ("fix(proxy): stale `Expect` header after a retry",
                "fix(proxy): deserialization of chunked trailers"):
        assert _facts(_commit(bug, "Maybe we should look at this again later.",
                              path="src/proxy/forward.rs")) == [], bug


@pytest.mark.parametrize(("subject", "fact"), [
    ("max_retries: Deprecate setting (#812)", "max_retries: deprecated setting"),
    ("[tls_fallback] Remove the option", "tls_fallback: removed the option")])
def test_a_break_whose_area_is_a_name_of_the_code_names_what_it_breaks(subject: str,
                                                                       fact: str) -> None:
    """Issue 29 (i3's "smart_borders: Deprecate option" gave nothing: the subject's words
    named nothing, though its area is the option's own name)."""
    assert _facts(_commit(subject, path="src/config.c")) == [fact]


@pytest.mark.parametrize("subject", ["docs: Deprecate setting", "parser: Deprecate option"])
def test_a_break_whose_area_is_a_plain_word_or_machinery_stays_unnamed(subject: str) -> None:
    """The near miss: "parser" or "docs" is a part of the project, not the thing that goes."""
    assert _facts(_commit(subject, path="src/config.c")) == []


def test_a_merge_that_brings_in_an_advisorys_fix_is_a_security_fact() -> None:
    """chi's "Merge commit from fork", its body GHSA-vrw8-fxc6-2r93's link, gave nothing
    (a merge is noise), though it fixed an open redirect in `RedirectSlashes` (fresh14,
    after its blind run).  A merge naming an advisory is that advisory's fix, told with the
    code its hunks are in; a merge naming none stays noise."""
    diff = ("diff --git a/middleware/strip.go b/middleware/strip.go\n"
            "--- a/middleware/strip.go\n+++ b/middleware/strip.go\n"
            "@@ -49,9 +50,8 @@ func RedirectSlashes(next http.Handler) http.Handler {\n"
            "-\tredirectURL := fmt.Sprintf(\"//%s%s\", r.Host, path)\n"
            "+\tpath = \"/\" + strings.Trim(path, \"/\")\n")
    merge = Commit(sha="c" * 40, author="Ada", date="2026-01-01T00:00:00Z",
                   subject="Merge commit from fork",
                   body="https://github.com/go-chi/chi/security/advisories/GHSA-vrw8-fxc6-2r93",
                   files=(FileChange("middleware/strip.go", 2, 1),
                          FileChange("middleware/strip_test.go", 3, 1)), diff=diff)
    assert _facts(merge) == [
        "Security: fixed GHSA-vrw8-fxc6-2r93 in `RedirectSlashes` (middleware/strip.go)"]
    assert _facts(replace(merge, body="Merge branch 'topic'")) == []


def test_a_subject_that_says_what_is_no_longer_needed_is_no_fix() -> None:
    """h54 (attrs, a tox.ini line dropped): "Don't need X anymore" forbids nothing, and
    told as "Fixed: don't need ..." it reads as a bug the code had."""
    assert _facts(_commit("Don't need cov.pth hack anymore either way", path="tox.ini")) == []


def test_a_subject_naming_a_symbol_its_diff_nowhere_holds_is_no_fact() -> None:
    """h54 (jsoup e8d5b97): the subject says `Parser#unsescape`, the code has
    `Parser#unescape`; an item must not state the typo as the code's API."""
    subject = "Remove the instance method `Parser#unsescape` from the public API"
    path = "src/main/java/org/jsoup/parser/Parser.java"
    diff = edit_diff(path, "public class Parser {",
                     ["+    public String unescape(String string, boolean inAttribute) {"])
    typo = replace(_commit(subject, path=path), diff=diff)
    assert _facts(typo) == []
    right = replace(_commit(subject.replace("unsescape", "unescape"), path=path), diff=diff)
    assert _facts(right) == ["Removed the instance method `Parser#unescape` from the public "
                             "API"]


def test_a_revert_that_names_the_change_by_its_number_undoes_that_change() -> None:
    """jackson-core: "Revert #1266: change default pool back to ThreadLocal-based pool"
    gave 'Reverted "change default pool back to ThreadLocal-based pool"' (what the revert
    does, told as what it undid), and "Fixed: change default RecyclerPool to
    concurrentDequePool" from "Fix #1266: ..." stayed as if it held."""
    path = "src/main/java/com/fasterxml/jackson/core/util/JsonRecyclerPools.java"
    change = _commit("Fix #1266: change default RecyclerPool to concurrentDequePool (#1268)",
                     n=1, path=path)
    revert = _commit("Revert #1266: change default pool back to ThreadLocal-based pool "
                     "(until 3.0) (#1294)", n=2, path=path)
    assert _facts(change, revert) == []
    assert _facts(revert) == []


def test_a_subject_that_deprecates_the_replacement_is_no_fact() -> None:
    """testify's "Deprecate EqualExportedValues" gave "Deprecated EqualExportedValues": its
    diff deprecated ObjectsExportedFieldsAreEqual, naming EqualExportedValues instead."""
    from testing.offline_history import edit_diff
    notice = ["+//", "+// Deprecated: Use [EqualExportedValues] instead.",
              " func ObjectsExportedFieldsAreEqual(expected, actual interface{}) bool {"]
    diff = edit_diff("assert/assertions.go", "", notice)

    def commit(subject: str) -> Commit:
        return Commit(sha="1" * 40, author="Ada", date="2026-01-01T00:00:00Z", subject=subject,
                      body="", files=(FileChange("assert/assertions.go", 2, 0),), diff=diff)
    assert _facts(commit("Deprecate EqualExportedValues")) == []
    assert _facts(commit("Deprecate ObjectsExportedFieldsAreEqual")) == [
        "Deprecated ObjectsExportedFieldsAreEqual"]


def test_a_breaking_feature_is_told_as_a_break_and_a_dotted_name_is_no_machinery() -> None:
    """mocha's window: "feat!: cleanup references of --compilers" became "Added: cleanup
    references of --compilers", and "feat!: change the default of --forbid-only to check
    for process.env.CI" nothing, its "CI" taken for the machinery."""
    facts = _facts(_commit("feat!: cleanup references of --loaders (#54)", path="lib/cli/run.js"),
                   _commit("feat!: change the default of --only to check for process.env.CI",
                           n=2, path="lib/cli/run.js"))
    assert "Breaking change: cleanup references of --loaders" in facts, facts
    assert "Breaking change: change the default of --only to check for process.env.CI" in \
        facts, facts
    assert not any(f.startswith("Added") for f in facts), facts


def test_a_removal_a_later_subject_adds_again_is_no_fact() -> None:
    """Carbon's window: "Remove plus() and minus() methods", then "Add plus() and minus()
    methods": with the subject-only feature gone, "Removed plus() and minus() methods"
    stood alone, false at the tip.  A later subject that adds what a removal named undoes
    it; one that adds something else does not."""
    path = "src/Carbon/Traits/Units.php"
    removed = _commit("Remove plus() and minus() methods", n=1, path=path)
    assert _facts(removed, _commit("Add plus() and minus() methods", n=2, path=path)) == []
    assert _facts(removed, _commit("Add the `anchorDay` parameter", n=2, path=path)) == [
        "Removed plus() and minus() methods"]


def test_a_revert_that_quotes_no_title_is_no_fact() -> None:
    """Carbon's window: "Revert $negated from add()" took out the `$negated` handling;
    told as 'Reverted "$negated from add()"' it read as a change named so undone, the
    inverse (judged wrong).  Only git's quoted form, or the conventional "revert:" before
    the header it undoes, names a change's title."""
    path = "src/Carbon/Traits/Units.php"
    assert _facts(_commit("Revert $negated from add()", path=path)) == []
    assert _facts(_commit('Revert "Use `$negated` in add()"', path=path)) == [
        'Reverted "Use `$negated` in add()"']
    assert _facts(_commit("revert: feat(units): use `$negated` in add()", path=path)) == [
        'Reverted "units: use `$negated` in add()"']


@pytest.mark.parametrize(("subject", "fact"), [
    ("build: changed primary branch from master to main",
     "Changed primary branch from master to main"),
    ("chore: rename the default branch to `trunk`", "Renamed the default branch to `trunk`"),
])
def test_the_default_branch_renamed_is_a_fact_whatever_the_type(subject: str, fact: str) -> None:
    """coverage.py (fresh27, spent): "build: changed primary branch from master to main"
    gave nothing (a build commit, no code span), and no item said where pushes go now."""
    from testing.offline_history import make_commit
    commit = make_commit(subject, files=[FileChange(".github/workflows/ci.yml", 1, 1)],
                         diff="diff --git a/.github/workflows/ci.yml b/.github/workflows/ci.yml"
                              "\n@@ -1 +1 @@\n-  branches: [master]\n+  branches: [main]\n")
    assert fact in [e.content for e in extract_commits([commit])]

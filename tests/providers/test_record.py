"""The history record: a line a commit, in its author's words (docs/design.md, "History")."""

from __future__ import annotations

from gitmemory.commits import Commit, FileChange
from gitmemory.providers.offline.record import history_record, record_line
from testing.offline_history import edit_diff, make_commit, new_file_diff

A = FileChange


def test_a_body_that_says_why_gives_its_sentence_after_the_subject() -> None:
    # measured: a subject-only rule dropped this commit, and with it why `flash` went
    commit = make_commit(
        "Remove flash terminfo capability",
        "The flash capability was using DECSCNM (ESC[?5h/ESC[?5l) to toggle\n"
        "reverse video mode for a visual bell effect. However, the vte crate\n"
        "does not implement DECSCNM (private mode 5), so the sequence is\n"
        "ignored as an unknown mode.\n",
        files=[A("extra/alacritty.info", 1, 1)])
    assert record_line(commit) == (
        "Remove flash terminfo capability \u2014 The vte crate does not implement DECSCNM "
        "(private mode 5), so the sequence is ignored as an unknown mode")


def test_a_subject_alone_is_kept_as_written_without_its_pull_request_number() -> None:
    commit = make_commit("CreateTopics: only suppress topic already exists errors (#1136)", "",
                         files=[A("createtopics.go", 9, 3)])
    assert record_line(commit) == "CreateTopics: only suppress topic already exists errors"


def test_the_new_users_bodies_keep_their_reason_and_their_cause() -> None:
    sort = make_commit("Sort the keys before building the JSON",
                       "Sort X before building the JSON instead of sorting the dict, because "
                       "scripts diff successive outputs.", files=[A("report.py", 4, 2)])
    cause = make_commit("[http] Fix signed POST requests",
                        "Signatures failed for some bodies.\n\nThe cause was the mismatch "
                        "between form encoding and URI encoding.", files=[A("http.py", 3, 1)])
    assert "because scripts diff successive outputs" in record_line(sort)
    assert record_line(cause) == ("[http] Fix signed POST requests \u2014 The cause was the "
                                  "mismatch between form encoding and URI encoding")


def test_noise_and_machinery_without_a_reason_give_no_line() -> None:
    for subject, body in (("Merge branch 'main' into feature", ""), ("Bump version to 1.2.3", ""),
                          ("Fix typo", ""), ("ci: run the tests on macOS too", ""),
                          ("test: cover the parser's edge cases", ""),
                          ("chore(deps): bump requests from 2.31 to 2.32", "")):
        assert record_line(make_commit(subject, body)) is None, subject
    why = make_commit("ci: use the latest macOS image",
                      "Old macOS images are deprecated, which caused random failures.")
    assert record_line(why) is not None


def test_lists_code_and_trailers_are_no_reason_and_a_long_sentence_is_never_cut() -> None:
    commit = make_commit(
        "Use faster gzip package (#982)",
        "* Use faster gzip package\n\n```\nBenchmarkCompression/gzip 13573535 ns/op because\n"
        "```\n\nSigned-off-by: A Person <a@example.com>\n")
    assert record_line(commit) == "Use faster gzip package"
    long = make_commit("Rework the cache", "It was slow because " + "of many reasons " * 30 + ".")
    assert record_line(long) == "Rework the cache"


def test_a_reverted_commit_gives_no_line_unless_its_revert_was_reverted() -> None:
    first = make_commit("Add unicode 16 support", "", files=[A("src/width.rs", 9, 1)])
    revert = make_commit('Revert "Add unicode 16 support"',
                         f"This reverts commit {first.sha}.", files=[A("src/width.rs", 1, 9)])
    lines = [e.content for e in history_record([first, revert])]
    assert lines == ['Revert "Add unicode 16 support"']
    again = make_commit('Revert "Revert "Add unicode 16 support""',
                        f"This reverts commit {revert.sha}.", files=[A("src/width.rs", 9, 1)])
    lines = [e.content for e in history_record([first, revert, again])]
    assert lines[0] == "Add unicode 16 support" and len(lines) == 2


def test_each_line_cites_its_commit_and_the_source_files_it_changed() -> None:
    commit = make_commit("Make `ConPty` creation fallible", "",
                         files=[A("src/tty/conpty.rs", 9, 3), A("tests/conpty.rs", 20, 0)])
    (found,) = history_record([commit])
    assert found.section == "history" and found.refs == (commit.short,)
    assert found.paths == ("src/tty/conpty.rs",)


def test_a_sentence_about_something_else_is_no_reason() -> None:
    """measured (a blind judge): ripgrep's "increase pool capacity" got "It doesn't process
    gitignore files, so it's quite a bit faster", said of a benchmark's baseline."""
    commit = make_commit(
        "ignore,globset: increase pool capacity",
        "When doing matching inside of `ignore`, we sometimes need a reusable scratch space.\n\n"
        "```\n$ hyperfine 'rg-master --files' 'rg-bigger-pool --files'\n```\n\n"
        "The `--no-ignore` benchmark is our baseline. It doesn't process\ngitignore files, "
        "so it's quite a bit faster.\n\nI've used `-j32` here because this change is best "
        "observed as improving the scaling. (And my system has 32 cores, so it's the best "
        "case scenario.)\n")
    assert record_line(commit) == "ignore,globset: increase pool capacity"
    first = make_commit("Fix the resize race", "This fixes a race where the grid was read "
                        "before the resize finished, because the lock was taken too late.")
    assert record_line(first) == ("Fix the resize race \u2014 This fixes a race where the grid "
                                  "was read before the resize finished, because the lock was "
                                  "taken too late")


def test_a_subject_that_only_says_review_was_answered_gives_no_line() -> None:
    """measured (a blind judge, fresh11's urfave/cli window): "Address required argument
    review follow-up" and "fix: address review feedback on ..." told an agent nothing."""
    for subject in ("Address required argument review follow-up",
                    "fix: address review feedback on DefaultCommand flag handling",
                    "Apply suggestions from code review", "Address reviewer comments"):
        assert record_line(make_commit(subject, "", files=[A("command.go", 3, 1)])) is None
    for subject in ("Fix review page crash", "Add review command for pull requests",
                    "Show review comments in the sidebar"):
        assert record_line(make_commit(subject, "", files=[A("review.go", 3, 1)])) == subject


def test_a_reason_comes_from_the_body_s_own_prose_not_from_a_part_it_lists() -> None:
    """The window judge of fresh12 found two record lines giving another part's reason for
    the subject: a squash merge whose first listed commit's prose followed the merge's
    subject (hono), and a doc-fix bullet's "so ..." after the headline (stack)."""
    squash = make_commit(
        "feat(router): throw UnsupportedPathError during route registration (#5171)",
        "* fix(router): make wildcard sibling order deterministic\n\n"
        "compareKey() was inconsistent when comparing the only wildcard with\n"
        "the tail wildcard, so their order relied on the insertion order.\n\n"
        "* feat(router): throw UnsupportedPathError when adding routes\n\n"
        "Insert paths into tries in add() so that unsupported paths are detected\n"
        "at registration time instead of at the first match.\n",
        files=[A("src/router/node.ts", 40, 12)])
    assert record_line(squash) == \
        "feat(router): throw UnsupportedPathError during route registration"
    parts = make_commit(
        "Narrow per-component split path to Backpack-using packages",
        "Routes non-Backpack packages back through the legacy whole-package\n"
        "Setup path.\n\n"
        "Doc fixes (`doc/topics/backpack.md`):\n\n"
        "* Literal example was missing a signature. Export `Str`, so the\n"
        "  literal example would fail at type-check.\n",
        files=[A("src/Stack/Package.hs", 30, 4)])
    assert record_line(parts) == "Narrow per-component split path to Backpack-using packages"
    # the body's own reason, before its list, is still the line's
    lead = make_commit(
        "Narrow per-component split path to Backpack-using packages",
        "Cabal's `setup register` is package-wide, so running it after one library\n"
        "failed.\n\n* Literal example fixed.\n", files=[A("src/Stack/Package.hs", 30, 4)])
    assert record_line(lead).endswith("so running it after one library failed")


def test_a_label_over_a_paragraph_leaves_the_paragraph_the_line_s_reason() -> None:
    commit = make_commit(
        "feat(pyright): disable tagged hints by default #4478",
        "Problem:\nPyright marks unreachable code with hint diagnostics, and they are\n"
        "usually too noisy because Nvim reports them as regular diagnostics.\n\n"
        "Solution:\nDisable it by default.\n", files=[A("lsp/pyright.lua", 3, 1)])
    assert record_line(commit) == (
        "feat(pyright): disable tagged hints by default \u2014 Pyright marks unreachable "
        "code with hint diagnostics, and they are usually too noisy because Nvim reports "
        "them as regular diagnostics")


def test_a_subject_that_is_the_bugs_title_is_told_as_fixed() -> None:
    """testify's "IsIncreasing et al can return false w/out failing" was a record line
    that states the bug as the code's way, which its commit made untrue (the fresh13
    window judge: wrong).  A subject that opens with no verb of change and names a defect
    is the title of the bug the commit fixed; a statement of how the code is now, and a
    subject that says the change, are kept as written."""
    bug = make_commit("IsIncreasing et al can return false w/out failing",
                      "If you passed a non-collection to IsIncreasing then the assertion "
                      "would return false without failing the test.",
                      files=[A("assert/assertion_order.go", 2, 1)])
    crash = make_commit("Crash when the theme file is empty", "",
                        files=[A("src/theme.rs", 3, 1)])
    assert record_line(bug).startswith("Fixed: IsIncreasing et al can return false")
    assert record_line(crash) == "Fixed: Crash when the theme file is empty"
    for subject in ("Config can be loaded from the environment", "Fix crash on empty input",
                    "Parser no longer crashes on empty input", "fix: parser crashes",
                    "Mock can now be reset after a panic", "Allow the cache to leak less"):
        line = record_line(make_commit(subject, "", files=[A("src/config.rs", 3, 1)]))
        assert line is None or not line.startswith("Fixed:"), line


def test_a_bugs_title_whose_first_word_could_be_a_verb_is_told_as_fixed() -> None:
    """testify's "Mock can be deadlocked by a panic (#1157)" (h55's window): "Mock" read
    as an imperative, so the line told the deadlock as the code's way; c206b2e fixed it."""
    for subject in ("Mock can be deadlocked by a panic (#1157)",
                    "Cache could leak file handles on reload"):
        line = record_line(make_commit(subject, "If an argumentMatcher function panics and "
                                       "AssertExpectations is deferred then the test would "
                                       "deadlock.", files=[A("mock/mock.go", 9, 1)]))
        assert line is not None and line.startswith("Fixed: "), line


def test_upkeep_of_the_changelog_and_a_formatter_run_give_no_line() -> None:
    # h54: "Dedupe changelog", "Add news fragment", "cargo fmt" were lines of no use; the
    # changelog's own entries are read as such
    for subject, files in (("Dedupe changelog", [A("CHANGES.md", 2, 2)]),
                           ("Add news fragment", [A("changelog.d/1449.change.md", 1, 0)]),
                           ("Add builtin pager to changelog", [A("CHANGELOG.md", 1, 0)]),
                           ("cargo fmt", [A("src/bin/bat/app.rs", 3, 3)])):
        assert record_line(make_commit(subject, files=files)) is None, subject
    fix = make_commit("Fix the pager on Windows", files=[A("CHANGELOG.md", 1, 0),
                                                         A("src/pager.rs", 3, 1)])
    assert record_line(fix) == "Fix the pager on Windows"


def test_a_subject_that_only_names_its_issue_gives_no_line() -> None:
    # h54 (attrs 937b1e2): "Fixes issue #1427 (#1428)" was written "Fixes issue"
    commit = make_commit("Fixes issue #1427 (#1428)", "* fixes #1427",
                         files=[A("src/attr/_make.py", 8, 4)])
    assert record_line(commit) is None


def test_an_aside_is_no_reason_whatever_its_case() -> None:
    # h54 (cobra 5b11656): "Perhaps more importantly, this makes the code arguably
    # slightly cleaner" followed the subject as its reason
    commit = make_commit("perf(bash-v2): read directly to COMPREPLY",
                         "Perhaps more importantly, this makes the code arguably slightly "
                         "cleaner.", files=[A("bash_completionsV2.go", 4, 6)])
    assert record_line(commit) == "perf(bash-v2): read directly to COMPREPLY"
    cause = make_commit("Retry the upload", "Could not reach the server because the proxy "
                        "dropped idle connections.", files=[A("upload.go", 4, 6)])
    assert "because the proxy" in (record_line(cause) or "")


def test_a_subject_naming_a_symbol_its_diff_nowhere_holds_gives_no_line() -> None:
    # h54 (jsoup e8d5b97): `Parser#unsescape` is the subject's typo for Parser#unescape
    diff = new_file_diff("Parser.java", "public String unescape(String s) { return s; }")
    typo = make_commit("Added an instance method `Parser#unsescape`", diff=diff,
                       files=[A("Parser.java", 1, 0)])
    assert record_line(typo) is None
    other = make_commit("make `fire()` consistent with `handle()`",
                        diff=new_file_diff("sw.ts", "const fire = () => {}"),
                        files=[A("sw.ts", 1, 0)])
    assert record_line(other) == "make `fire()` consistent with `handle()`"


def test_an_edit_of_prose_pages_alone_gives_no_line_but_a_contributors_guide_does() -> None:
    # h54: of 26 lines of commits that changed only docs, 22 were judged useless ("Add
    # Pulumi as a project using cobra", "Fix links in README.md"); CONTRIBUTING's "new
    # themes are not desired right now" is a convention, and a CMakeLists.txt is no prose
    for subject, path in (("Add Pulumi as a project using cobra", "projects_using_cobra.md"),
                          ("Updated README.md to include -K option for less", "README.md"),
                          ("fix extra closing paragraph tag in doc/index.md", "doc/index.md")):
        assert record_line(make_commit(subject, files=[A(path, 1, 1)])) is None, subject
    for subject, path in (("CONTRIBUTING.md: Note that new themes are not desired right now",
                           "CONTRIBUTING.md"),
                          ("Do not optin into CPP modules without SCAN_DEPS on Clang",
                           "CMakeLists.txt")):
        assert record_line(make_commit(subject, files=[A(path, 1, 1)])) == subject


def test_a_refactor_without_a_reason_gives_no_line_unless_it_says_what_replaces_what() -> None:
    # h54: 18 lines like "refactor(complete): Remove extra allocation", "Refactor to use
    # atomic type" were judged useless on twelve windows, and none of them useful
    for subject in ("refactor(complete): Remove extra allocation",
                    "Refactor parseOptions to process args in-place",
                    "refactor: Sort Config methods and variables"):
        assert record_line(make_commit(subject, files=[A("src/config.cpp", 9, 9)])) is None
    for subject in ("refactor: Use std::span instead of nonstd::span",
                    "Use sys._clear_type_descriptors() on 3.14 to break slot reference cycle",
                    # fresh16's h3 (history miss b16h3-h2): how an app is made from now on
                    "refactor: change `createH3()` to `new H3()`"):
        assert record_line(make_commit(subject, files=[A("src/span.hpp", 9, 9)])) == subject
    why = make_commit("refactor(builder): Rename internal blacklist field to conflicts",
                      "The field is named for what it holds, because blacklist said nothing.",
                      files=[A("src/builder.rs", 9, 9)])
    assert "because blacklist said nothing" in (record_line(why) or "")


def test_a_change_of_the_test_runners_configuration_alone_is_machinery() -> None:
    # h54 (attrs): "Show coverage output when running in parallel", "Fix ruff name" were
    # lines of tox.ini or .pre-commit-config.yaml alone, judged useless
    for subject, path in (("Show coverage output when running in parallel", "tox.ini"),
                          ("Fix ruff name", ".pre-commit-config.yaml")):
        assert record_line(make_commit(subject, files=[A(path, 1, 1)])) is None, subject
    why = make_commit("Pin coverage in tox", "The new release broke the combine step, "
                      "because it dropped the parallel flag.", files=[A("tox.ini", 1, 1)])
    assert record_line(why) is not None


def test_a_sentence_wrapped_into_the_lead_in_of_a_list_is_never_cut() -> None:
    # h54 (pandoc 098c48d): "Fixes two bugs that caused a simple table to be read as a
    # cascade of\nnested tables:" took its last line for a label over the list, and the
    # line kept "... read as a cascade of", cut
    commit = make_commit(
        "RTF reader: fix tables parsed as deeply nested tables.",
        "Closes #11682.\n\nFixes two bugs that caused a simple table to be read as a cascade of\n"
        "nested tables:\n\n* `\\plain` reset the entire property record, because of "
        "`const def`.\n", files=[A("src/Text/Pandoc/Readers/RTF.hs", 9, 3)])
    assert record_line(commit) == "RTF reader: fix tables parsed as deeply nested tables"
    labelled = make_commit("Fix the cache key", "Problem:\nThe key was built from the "
                           "path alone, because the mtime was dropped.\n",
                           files=[A("cache.py", 2, 1)])
    assert "because the mtime was dropped" in (record_line(labelled) or "")


def test_a_dependency_moved_to_a_version_with_no_reason_is_a_bump() -> None:
    # h54 (pandoc, absinthe, babashka): "Use citeproc 0.13.0.1", "Use released doclayout",
    # "version bump", "prep for 1.7.0" in the dependency pins alone were lines of no use
    pins = [A("cabal.project", 1, 1), A("stack.yaml", 1, 1)]
    for subject, files in (("Use citeproc 0.13.0.1", pins), ("Use released doclayout", pins),
                           ("version bump", [A("mix.exs", 1, 1)]),
                           ("prep for 1.7.0", [A("mix.exs", 1, 1)])):
        assert record_line(make_commit(subject, files=files)) is None, subject
    for subject, files in (("Update gopkg.in/yaml.v2 to gopkg.in/yaml.v3", [A("go.mod", 1, 1)]),
                           ("Raise the minimum Go to 1.23", [A("go.mod", 1, 1)]),
                           ("Upgrade mypy to version 1.20.2", [A("uv.lock", 9, 9),
                                                               A("src/collections.py", 2, 1)])):
        assert record_line(make_commit(subject, files=files)) == subject, subject
    why = make_commit("Use typst 0.10", "Typst 0.9 broke the math layout, because its "
                      "fonts changed.", files=pins)
    assert record_line(why) is not None


def test_a_change_to_the_manifest_and_the_code_cites_both_so_a_rule_file_shows_it() -> None:
    """Before: a change to Cargo.toml and four files of src/ cited no path at all, so its
    line (which only a rule file shows) reached no file an agent loads."""
    commit = make_commit("Make statement cache optional", "",
                         files=[A("Cargo.toml", 3, 1), A("src/lib.rs", 11, 0),
                                A("src/raw_statement.rs", 5, 0), A("src/statement.rs", 1, 0),
                                A(".github/workflows/main.yml", 1, 0)])
    (found,) = history_record([commit])
    assert found.paths == ("Cargo.toml", "src/")


def test_a_change_spread_past_the_places_a_line_may_cite_cites_none() -> None:
    """The near miss: the manifest, the lock file, the build script and code in four places."""
    commit = make_commit("Move to the 2024 edition", "",
                         files=[A("Cargo.toml", 3, 1), A("Cargo.lock", 30, 30),
                                A("build.rs", 2, 2), A("src/lib.rs", 1, 1),
                                A("macros/src/lib.rs", 1, 1), A("bench/a.rs", 1, 1),
                                A("sys/src/lib.rs", 1, 1)])
    (found,) = history_record([commit])
    assert found.paths == ()


def test_a_revert_that_names_the_change_by_its_number_takes_that_commits_line() -> None:
    """jackson-core's "Revert #1266: change default pool back ..." left "Fix #1266: change
    default RecyclerPool to concurrentDequePool" in the record as if it held."""
    path = "src/main/java/com/fasterxml/jackson/core/util/JsonRecyclerPools.java"
    first = make_commit("Fix #1266: change default RecyclerPool to concurrentDequePool (#1268)",
                        files=[A(path, 3, 3)])
    other = make_commit("Fix #1271: deprecate LockFreePool in 2.18 (#1272)", files=[A(path, 2, 0)])
    revert = make_commit("Revert #1266: change default pool back to ThreadLocal-based pool "
                         "(until 3.0) (#1294)", files=[A(path, 3, 3)])
    lines = [e.content for e in history_record([first, other, revert])]
    assert lines == ["Fix #1271: deprecate LockFreePool in 2.18",
                     "Revert #1266: change default pool back to ThreadLocal-based pool (until 3.0)"]


def test_a_subject_that_deprecates_the_replacement_gives_no_line() -> None:
    """testify's "Deprecate EqualExportedValues" added ``Deprecated: Use
    [EqualExportedValues] instead.`` to ObjectsExportedFieldsAreEqual (h55's window: wrong
    twice, as a fact and as this line).  A subject whose name the notice deprecates stays."""
    from testing.offline_history import edit_diff
    notice = ["+//", "+// Deprecated: Use [EqualExportedValues] instead.",
              " func ObjectsExportedFieldsAreEqual(expected, actual interface{}) bool {"]
    diff = edit_diff("assert/assertions.go", "", notice)
    wrong = make_commit("Deprecate EqualExportedValues", files=[A("assert/assertions.go", 2, 0)],
                        diff=diff)
    assert record_line(wrong) is None
    right = make_commit("Deprecate ObjectsExportedFieldsAreEqual",
                        files=[A("assert/assertions.go", 2, 0)], diff=diff)
    assert record_line(right) == "Deprecate ObjectsExportedFieldsAreEqual"


def test_the_fresh15_history_misses_keep_their_sentence() -> None:
    """fresh15's first run (0.4.13) missed these: telescope's body wraps a link inside its
    sentence (the line before it ends "documented here:"), fzf's cause is the sentence a
    "therefore" points back to, a revert's reason stands where git's template asks for
    it, and rusqlite says how to get back what it disabled."""
    treesitter = make_commit(
        "fix(treesitter): standalone implementation (#3566)",
        "Drop hard nvim-treesitter requirement, but assumes parser and\n"
        "`locals` query (using the captures documented here:\n"
        "https://github.com/nvim-treesitter/nvim-treesitter/blob/main/CONTRIBUTING.md#locals)\n"
        "is available on `runtimepath`.\n", files=[A("lua/telescope/builtin/__files.lua", 9, 9)])
    assert record_line(treesitter) == (
        "fix(treesitter): standalone implementation \u2014 Drop hard nvim-treesitter "
        "requirement, but assumes parser and `locals` query (using the captures documented "
        "here) is available on `runtimepath`")
    pat = make_commit(
        "Use PAT in release workflow",
        "Releases created with the default GITHUB_TOKEN do not trigger other\n"
        "workflows (anti-recursion). Winget workflow therefore did not fire\n"
        "on v0.73.1. Switch to RELEASE_PAT (registered in the `release`\n"
        "environment) so the release is authored by the user.\n",
        files=[A(".github/workflows/release.yml", 1, 1)])
    assert record_line(pat) == ("Use PAT in release workflow \u2014 Releases created with the "
                                "default GITHUB_TOKEN do not trigger other workflows "
                                "(anti-recursion)")
    revert = make_commit('Revert "Bump bundled SQLite version to 3.52.0"',
                         "This reverts commit 4447215a92ccbd66c7404f8e30771eba390fa9d7.\n\n"
                         "v3.52.0 has been yanked upstream.\n\n> Some important issues have "
                         "been found with version 3.52.0.\n",
                         files=[A("libsqlite3-sys/sqlite3/sqlite3.c", 900, 900)])
    assert record_line(revert) == ('Revert "Bump bundled SQLite version to 3.52.0" \u2014 '
                                   "v3.52.0 has been yanked upstream")
    bare = make_commit('Revert "Bump bundled SQLite version to 3.52.0"',
                       "This reverts commit 4447215a92ccbd66c7404f8e30771eba390fa9d7.\n",
                       files=[A("libsqlite3-sys/sqlite3/sqlite3.c", 900, 900)])
    assert record_line(bare) is None
    disable = make_commit("Disable u64, usize ToSql/FromSql impl by default",
                          "Use `fallible_uint` feature to have them back",
                          files=[A("src/types/to_sql.rs", 13, 1), A("Cargo.toml", 2, 0)])
    assert record_line(disable) == ("Disable u64, usize ToSql/FromSql impl by default \u2014 "
                                    "Use `fallible_uint` feature to have them back")


def test_a_subject_whose_object_is_the_machinery_gives_no_line_without_a_reason() -> None:
    """Judged useless on every window (h55's six, judge15's): tests, a linter's or a
    compiler's findings, the formatting, the spelling, told by the subject's own words
    whatever its type or files; on fresh15's equalsverifier such lines ("Adds more Mockito
    tests", "Makes formatter happy") filled the record's 200 and pushed out the line that
    answered why Mockito's strict stubs failed."""
    for subject in ("Adds more Mockito tests", "Adds test for Mockito with SparseArray",
                    "Fix clippy warnings", "fix(clippy): fix beta clippy errors",
                    "Fix -Wshadow warnings in spdlog::sinks::dist_sink", "Makes formatter happy",
                    "Fixes all remaining ErrorProne issues", "Silence flake8 warning about "
                    "lru_cache", "fix formatting for spotless", "Spelling corrections",
                    "Correct spelling/grammar", "Lint fixes for latest rules"):
        assert record_line(make_commit(subject, files=[A("src/mock/mock.go", 3, 1)])) is None, \
            subject
    for subject in ("Add sub-tests to Suite", "Add WithinTimeRange method",
                    "Add a test suite runner option"):
        assert record_line(make_commit(subject, files=[A("suite/suite.go", 3, 1)])) == subject
    why = make_commit("Fix clippy warnings", "The `len_zero` lint is off because `is_empty` "
                      "would be slower here.", files=[A("src/lib.rs", 3, 1)])
    assert record_line(why).startswith("Fix clippy warnings \u2014 ")


def test_a_thus_of_its_own_clause_points_back_at_nothing() -> None:
    """ccache's "(thus amortizing the session setup cost)" is a clause of its sentence: the
    sentence before it is no cause, and the body's reason further on stays the line's."""
    commit = make_commit(
        "feat: Add support for remote storage helpers",
        "This commit adds support for communicating with a remote storage server\n"
        "using a long-lived local helper process, started by ccache on demand.\n"
        "The helper process can keep connections alive (thus amortizing the\n"
        "session setup cost).\n\nBuilt-in support for http and redis is kept for now but "
        "will likely be\nremoved in a future ccache release.\n",
        files=[A("src/ccache/storage/remote/helper.cpp", 90, 3)])
    assert record_line(commit) == (
        "feat: Add support for remote storage helpers \u2014 Built-in support for http and "
        "redis is kept for now but will likely be removed in a future ccache release")


def test_a_commit_that_says_it_reverts_others_by_their_shas_takes_their_lines() -> None:
    """chi's "fix #587 by reverting 894714a and 00cc734" (h56's window) left "router with
    empty routes but NotFound is still valid" in the record as if it held (judged wrong)."""
    first = make_commit("router with empty routes but NotFound is still valid",
                        files=[A("mux.go", 6, 1)])
    second = make_commit("router with empty routes but MethodNotAllowed is still valid",
                         files=[A("mux.go", 6, 1)])
    kept = make_commit("Fix data race in the server's base context", files=[A("mux.go", 2, 2)])
    revert = make_commit(f"fix #587 by reverting {first.sha[:7]} and {second.sha[:7]} (#606)",
                         files=[A("mux.go", 2, 12)])
    lines = [e.content for e in history_record([first, second, kept, revert])]
    assert lines == ["Fix data race in the server's base context",
                     f"fix #587 by reverting {first.sha[:7]} and {second.sha[:7]}"]
    named = make_commit("Undo the change", f"This change reverts commit {first.sha[:10]}.",
                        files=[A("mux.go", 1, 6)])
    assert [e.content for e in history_record([first, named])] == ["Undo the change"]


def test_a_commit_whose_added_lines_later_commits_all_take_away_gives_no_line() -> None:
    """chi's "go.mod (1.16): retract all versions without prior go.mod support", whose
    retractions "Prepare v1.5.4, removing previous retraction in 1.5.3" took out again
    (h56's window, judged wrong); a commit whose other source lines stay keeps its line."""
    from testing.offline_history import edit_diff

    retract = ["+retract (", "+\tv1.5.2", "+\tv1.5.1", "+)"]
    first = make_commit("go.mod (1.16): retract all versions without prior go.mod support",
                        files=[A("go.mod", 4, 0), A("middleware/throttle_test.go", 1, 1)],
                        diff=edit_diff("go.mod", "", retract) +
                        edit_diff("middleware/throttle_test.go", "", ["-\tt.Skip()"]))
    undo = make_commit("Prepare v1.5.4, removing previous retraction in 1.5.3",
                       files=[A("go.mod", 0, 4)],
                       diff=edit_diff("go.mod", "", ["-" + line[1:] for line in retract]))
    flags = make_commit("Set verify flags in `create_urllib3_context`",
                        files=[A("noxfile.py", 1, 0), A("src/ssl_.py", 1, 0)],
                        diff=edit_diff("noxfile.py", "", ["+    session.run('patch')"]) +
                        edit_diff("src/ssl_.py", "", ["+    context.verify_flags |= flags"]))
    gone = make_commit("Delete the requests patch", files=[A("noxfile.py", 0, 1)],
                       diff=edit_diff("noxfile.py", "", ["-    session.run('patch')"]))
    lines = [e.content for e in history_record([first, undo, flags, gone])]
    assert first.subject not in lines
    assert "Set verify flags in `create_urllib3_context`" in lines
    assert [e.content for e in history_record([first])] == [first.subject]


def test_a_commit_of_the_machinery_alone_gives_no_line_whatever_kinds_it_mixes() -> None:
    """h56's windows: urllib3's "Enable colors for nox itself" (CI and noxfile.py),
    "Upgrade Pyodide" (noxfile.py and a test page), "Pin Quart to 0.20.0" (the dev
    requirements), chi's "Defaulting to dark theme" (its docs site): each of one kind
    alone gave no line, mixed they did, all judged useless."""
    for subject, paths in (
            ("Enable colors for nox itself, not only pytest",
             (".github/workflows/ci.yml", "noxfile.py")),
            ("Upgrade Pyodide", ("noxfile.py", "test/contrib/emscripten/templates/console.html")),
            ("Pin Quart to 0.20.0 instead of a Git commit", ("dev-requirements.txt",)),
            ("Defaulting to dark theme irrespective of system set value",
             ("docs/index.html", "docs/assets/styles.css")),
            ("Create CNAME", ("docs/CNAME",)),
            ("Tweak editor config for comments", (".editorconfig",))):
        commit = make_commit(subject, files=[A(path, 3, 1) for path in paths])
        assert record_line(commit) is None, subject
    for subject, paths, body in (
            # the project's own: a manifest, a package whose directory is doc/, a minimum
            ("Fix #1277: add JDK 22 optimizations back to FDP",
             (".github/workflows/main.yml", "pom.xml"), ""),
            ("fix: correct command path in see_also for YAML doc", ("doc/yaml_docs.go",), ""),
            ("Apply and check MSRV", (".github/workflows/ci.yml", "Cargo.toml"), ""),
            ("Build for Java 8 rather than Java 7", ("README.md", "pom.xml",
                                                    "gson/src/test/JavaVersionTest.java"), ""),
            # a policy the README states (fourmolu, fresh17): its prose is no docs site
            ("Add breaking changes policy", (".github/workflows/pr-review-comment.yml",
                                             "README.md"), ""),
            # a body that says what the CI change does
            ("Set matching CC alongside CXX in Linux CI matrix",
             (".github/workflows/linux.yml", "test/CMakeLists.txt"),
             "The Configure step only set CXX, so CMake's C compiler detection fell back "
             "to whatever the default happened to be on the runner.")):
        commit = make_commit(subject, body, files=[A(path, 3, 1) for path in paths])
        assert record_line(commit) is not None, subject


def test_a_clean_up_by_its_authors_word_is_a_refactor() -> None:
    """fmt's window (h56): "Cleanup the C API", "Cleanup locking", "Cleanup named args",
    all judged useless; a clean-up that says why keeps its line."""
    for subject in ("Cleanup the C API", "Clean up set cookie implementation", "Minor cleanup",
                    "Tidy build directives", "Minor refactor of logPossibilities"):
        assert record_line(make_commit(subject, files=[A("include/fmt/base.h", 9, 9)])) is None
    why = make_commit("Cleanup locking", "Locking twice deadlocked because the mutex is not "
                      "recursive.", files=[A("include/fmt/base.h", 9, 9)])
    assert record_line(why) is not None


def test_code_moved_into_a_helper_by_its_authors_word_is_a_refactor() -> None:
    """fourmolu's window (h57): "Break out haddockDelim", "Factor out common p_let'",
    "Float out common code", "Break up GetBuildInfo.hs", each one step of a pull request
    that moved code into a helper, judged useless; one that says why keeps its line."""
    for subject in ("Break out haddockDelim", "Factor out common p_let'",
                    "Float out common code", "Break up GetBuildInfo.hs",
                    "Pull out the retry loop into `with_retries`"):
        assert record_line(make_commit(subject, files=[A("src/Ormolu/Printer.hs", 9, 9)])) \
            is None, subject
    why = make_commit("Factor out the lock", "Locking twice deadlocked because the mutex is "
                      "not recursive.", files=[A("src/Ormolu/Printer.hs", 9, 9)])
    assert record_line(why) is not None
    assert record_line(make_commit("Break on the first blank line of a comment",
                                   files=[A("src/Ormolu/Printer.hs", 9, 9)])) is not None


def test_a_revert_that_names_the_change_in_its_own_words_takes_its_line() -> None:
    """fourmolu's "Revert function-arrows for SPECIALIZE" ("just revert this code to
    before the function-arrows work") left "Fix function-arrows for SPECIALIZE pragma" in
    the record as if it held (h57's window).  A revert whose every word after "Revert"
    the subject of an earlier commit says, on a file both change, takes its line; one
    whose words no earlier subject says, or on other files, takes none."""
    path = "src/Ormolu/Printer/Meat/Declaration/Signature.hs"
    fix = make_commit("Fix function-arrows for SPECIALIZE pragma", files=[A(path, 2, 2)])
    other = make_commit("Fix function arrows for linear types", files=[A(path, 4, 1)])
    revert = make_commit("Revert function-arrows for SPECIALIZE",
                         "The \"::\" for SPECIALIZE should be aligned with the commas, not "
                         "the function arrows.", files=[A(path, 3, 4)])
    lines = [e.content for e in history_record([fix, other, revert])]
    assert "Fix function-arrows for SPECIALIZE pragma" not in lines
    assert "Fix function arrows for linear types" in lines
    elsewhere = make_commit("Revert function-arrows for SPECIALIZE", files=[A("README.md", 1, 1)])
    unnamed = make_commit("Revert the alignment of SPECIALIZE", files=[A(path, 3, 4)])
    for later in (elsewhere, unnamed):
        assert "Fix function-arrows for SPECIALIZE pragma" in [
            e.content for e in history_record([fix, later])]


def _sniff(name: str) -> Commit:
    path = f"src/Standards/{name}Sniff.php"
    return make_commit(f"Modernize: {name}: use class constant for constant array",
                       files=[A(path, 3, 3)],
                       diff=edit_diff(path, "class", ["-    private $tokens = [];",
                                                      "+    private const TOKENS = [];"]))


def test_many_commits_of_one_pattern_are_one_line_that_names_each() -> None:
    """PHP_CodeSniffer's 23 "Modernize: <sniff>: use class constant for constant array"
    and rayon's twelve "Fix clippy::<lint>" lines (judge18: every one useless, and they
    crowd the record): one line, the first's, naming the others' areas or names in
    their authors' words and citing every commit; a line of the pattern that says why
    stays on its own, and two alike stay two."""
    sniffs = [_sniff(name) for name in ("Generic/LowerCaseType", "PSR2/ClassDeclaration",
                                        "Squiz/InlineComment")]
    lints = [make_commit(f"Fix {lint}", files=[A("src/iter/mod.rs", 2, 2)],
                         diff=edit_diff("src/iter/mod.rs", "fn", [f"-    // {lint}",
                                                                 "+    // ok"]))
             for lint in ("clippy::needless_borrow", "clippy::identity_op", "unused_imports")]
    pair = [make_commit(f"Integrate {name}", files=[A(f"lib/{name}.ex", 5, 0)])
            for name in ("ForbiddenFunction", "SpecParameterNames")]
    found = history_record([*sniffs, *lints, *pair])
    assert [e.content for e in found] == [
        "Modernize: Generic/LowerCaseType: use class constant for constant array; likewise "
        "PSR2/ClassDeclaration, Squiz/InlineComment",
        "Fix clippy::needless_borrow; likewise clippy::identity_op, unused_imports",
        "Integrate ForbiddenFunction", "Integrate SpecParameterNames"]
    assert found[0].refs == tuple(c.short for c in sniffs)
    assert found[1].refs == tuple(c.short for c in lints)


def test_a_ci_change_that_swaps_one_tool_for_another_is_recorded() -> None:
    """targets' "replace lintr with air" changed its workflows alone and gave no line, so
    which linter CI runs now was lost (fresh18's history miss); a CI change that says no
    such thing gives none still."""
    swap = make_commit("replace lintr with air", files=[
        A(".github/workflows/air.yaml", 19, 0), A(".github/workflows/lint.yaml", 0, 32)])
    bump = make_commit("Update the lint workflow", files=[A(".github/workflows/lint.yaml", 2, 2)])
    assert record_line(swap) == "replace lintr with air"
    assert record_line(bump) is None


def test_a_revert_that_names_the_change_only_by_its_number_says_what_it_was() -> None:
    """scala-cli's "Revert #4431 & add gated test for Scala 3.6.3+" (fresh27): the record
    kept a revert of nothing an agent can name; #4431 is "Strip -scalajs from scaladoc
    invocation", among the commits read."""
    path = "modules/cli/src/main/scala/scala/cli/commands/doc/Doc.scala"
    first = make_commit("Strip -scalajs from scaladoc invocation (#4431)", files=[A(path, 9, 2)])
    revert = make_commit("Revert #4431 & add gated test for Scala 3.6.3+ (#4435)",
                         files=[A(path, 2, 9)])
    lines = [e.content for e in history_record([first, revert])]
    assert lines == ["Revert #4431 (Strip -scalajs from scaladoc invocation) & add gated test "
                     "for Scala 3.6.3+"]


def test_the_sentence_a_consequence_follows_is_its_cause() -> None:
    """javaparser's merge "build: restore OSGi support accidentally reverted by #5019"
    (fresh27): "As a result, 3.28.2 shipped without it." follows the sentence that says how
    it came about, and the record kept the subject alone (a build change, no reason)."""
    commit = make_commit(
        "build: restore OSGi support accidentally reverted by #5019 (fixes #1477)",
        "PR #5011 added OSGi support to all deployable modules, but was accidentally\n"
        "reverted five days later by #5019, whose branch was based on a stale master and\n"
        "unintentionally restored the old build files. As a result, 3.28.2 shipped without"
        " it.\n\nThis PR restores the original commit as-is.\n",
        files=[A("pom.xml", 40, 9), A("javaparser-core/pom.xml", 20, 30)])
    line = record_line(commit)
    assert line is not None and "OSGi" in line and "was accidentally reverted" in line, line


def test_a_body_that_says_what_the_change_spares_is_its_why() -> None:
    """highlight.js's "refactor: inline deepFreeze and drop deep-freeze-es6" (fresh29): its
    body's "Avoids tracking a dep whose majors mostly tighten Node engines" says why, its
    subject left out as a body under the subject leaves it; the record took it for a
    refactor that says nothing and dropped the commit."""
    drop = make_commit("refactor: inline deepFreeze and drop deep-freeze-es6 (#4473)",
                       "Only used to freeze built-in MODES; a small Object.freeze walk is "
                       "enough.\nAvoids tracking a dep whose majors mostly tighten Node engines.",
                       files=[A("package.json", 0, 1), A("src/lib/utils.js", 17, 0)])
    assert record_line(drop) == ("refactor: inline deepFreeze and drop deep-freeze-es6 \u2014 "
                                 "Avoids tracking a dep whose majors mostly tighten Node engines")
    plain = make_commit("refactor: split the parser loop", "Moves the loop into a function.",
                        files=[A("src/lib/utils.js", 17, 3)])
    assert record_line(plain) is None

"""The changelog entries a commit adds (docs/design.md, "Sources"): an entry that states a
break the way a subject would is kept as written, where no cue of the verbatim rules
speaks (issue 29: malli's and ocamlformat's breaks were in their changelogs only)."""

from __future__ import annotations

import pytest

from gitmemory.commits import Commit, FileChange
from gitmemory.providers.offline.extractor import extract_commits
from gitmemory.providers.offline.news import changelog_items, entries, headed_entries, markup_out
from gitmemory.reading.header import parse_header
from testing.offline_history import edit_diff, make_commit


def _facts(subject: str, entry: str, path: str = "CHANGELOG.md") -> list[str]:
    commit = make_commit(subject, files=[FileChange(path, 1, 0), FileChange("src/x.clj", 3, 1)],
                         diff=edit_diff(path, "", [f"+{entry}", " "]))
    return [e.content for e in extract_commits([commit]) if e.section == "facts"]


@pytest.mark.parametrize(("subject", "entry", "fact"), [
    ("require generator for :gen/fmap",
     "* **BREAKING**: `:gen/fmap` property requires its schema to create a generator.",
     "BREAKING: `:gen/fmap` property requires its schema to create a generator"),
    ("doc: update CHANGELOG.md",
     "* **BREAKING** Output of `parse` now uses new `malli.core.Tag` records for `:orn` "
     "[#1123](https://github.com/o/r/issues/1123)",
     "BREAKING Output of `parse` now uses new `malli.core.Tag` records for `:orn`"),
    ("Update changelog",
     "* `malli.clj-kondo/emit!` no longer deletes anything automatically. Use "
     "`malli.clj-kondo/clean!` to clean up.",
     "`malli.clj-kondo/emit!` no longer deletes anything automatically"),
    ("ocaml version is set to 5.4.0 by default to allow effects (#2750)",
     "- \\* Set the `ocaml-version` to `5.4` by default (#2750, @someone)",
     "Set the `ocaml-version` to `5.4` by default"),
])
def test_an_entry_that_states_a_break_is_kept(subject: str, entry: str, fact: str) -> None:
    facts = _facts(subject, entry)
    assert any(f.endswith(fact) for f in facts), facts
    assert not any("\\*" in f for f in facts), facts


@pytest.mark.parametrize("entry", [
    "* FIX: dev mode no longer throws `UnsupportedOperationException` when printing dates",
    "* Remove unused `foo_helper` from the internals",
    "* Faster `m/validate` for maps with many keys",
])
def test_a_fix_or_machinery_or_plain_entry_states_no_break(entry: str) -> None:
    assert not any(f.startswith(("FIX", "Remove", "Faster")) for f in
                   _facts("Update changelog", entry)), entry


def test_a_restructuredtext_link_leaves_its_text_and_a_reference_nothing() -> None:
    """pyjwt-like entries ("Drop support for Python 3.8 (EOL) in `#1007 <https://...>`__")
    kept their link markup in the item."""
    from gitmemory.providers.offline.news import clean
    assert clean("Drop the legacy codec in `#412 <https://example.org/pull/412>`__") == \
        "Drop the legacy codec"
    assert clean("Build the docs with `MkDocs <https://www.mkdocs.org>`_ now.") == \
        "Build the docs with MkDocs now."


def test_the_dash_a_trailing_link_leaves_goes() -> None:
    from gitmemory.providers.offline.news import clean
    assert clean("Minimum platforms: Android 10, iOS 15 \u2013 [#77](https://x.example/77)") == \
        "Minimum platforms: Android 10, iOS 15"


def _entry_edit(subject: str, old: str, new: str, n: int) -> Commit:
    path = "CHANGELOG.md"
    return make_commit(subject, files=[FileChange(path, 1, 1)], sha=f"{n:x}" * 40,
                       diff=edit_diff(path, "", [" ## Unreleased", f"-- {old}", f"+- {new}",
                                                 " "]))


_DEPRECATED = ("Deprecated `Client.legacy_timeout`. It is now ignored; set `Client.timeout` "
               "instead.")


def _deprecation_then(new: str) -> list[str]:
    first = make_commit("Deprecate `Client.legacy_timeout`", sha="1" * 40,
                        files=[FileChange("CHANGELOG.md", 1, 0), FileChange("lib/client.rb", 4, 1)],
                        diff=edit_diff("CHANGELOG.md", "", [" ## Unreleased", f"+- {_DEPRECATED}",
                                                            " "]))
    later = _entry_edit("Mention per-request timeouts in the changelog", _DEPRECATED, new, 2)
    return [e.content for e in extract_commits([first, later])]


def test_an_entry_a_later_commit_only_adds_to_still_holds() -> None:
    """Issue 29 (clikt's "Deprecated `Context.originalArgv`": a later commit appended
    "or set it on the new `Context.data` map" to its entry, and the deprecation went as if
    corrected).  A new wording that keeps every word of the old one, in order, and adds
    no negation corrects nothing: what the old one said still holds."""
    texts = _deprecation_then(_DEPRECATED.rstrip(".") + ", or pass `timeout:` per request.")
    assert any("legacy_timeout" in t and "eprecat" in t for t in texts), texts


def test_an_entry_a_later_commit_words_anew_holds_no_more() -> None:
    """The near miss: the later wording takes words away (it is now honoured for
    streams): the first wording is corrected, and what only it said goes."""
    texts = _deprecation_then("Deprecated `Client.legacy_timeout`; it still applies to "
                              "streaming requests until 3.0.")
    assert not any("is now ignored" in t for t in texts), texts


_CALLS = ["Pool.checkout/2", "Pool.checkin/2", "Repo.all/2", "Repo.one/2", "Repo.get/3",
          "Repo.insert/2", "Repo.update/2", "Repo.delete/2", "Repo.preload/3",
          "Query.where/3", "Query.join/5", "Query.select/3", "Stream.run/1"]


def _release(entries: list[str], fixes: int = 0) -> list[str]:
    """A release commit of a Keep-a-Changelog file: ``fixes`` entries under "Fixed" first,
    then ``entries`` under "Changed"; what the rules read once the diff is made lean."""
    from gitmemory.sources.commits.lean import lean

    lines = [" # Changelog", " ", "+## [2.4.0] - 2026-03-01", "+", "+### Fixed", "+"]
    lines += [f"+- `{name}` no longer leaks a connection when its caller times out in the "
              f"`:queue` mode." for name in _CALLS[:fixes]]
    lines += ["+", "+### Changed", "+", *(f"+- {entry}" for entry in entries), "+"]
    commit = make_commit("Release 2.4.0", files=[FileChange("CHANGELOG.md", len(lines), 0),
                                                  FileChange("mix.exs", 1, 1)],
                         diff=edit_diff("CHANGELOG.md", "", lines))
    return [e.content for e in extract_commits([lean(commit, [])])]


def test_an_entry_under_a_heading_of_changes_states_what_is_so_now() -> None:
    """Issue 29 (clikt 5.1.0's "### Changed": "`prompt()` options will report a missing
    option instead of prompting when the terminal is not interactive" gave nothing: no
    cue spoke, and the heading that says it is a change of existing behaviour was cut)."""
    texts = _release(["`Repo.stream/2` will raise on a closed transaction instead of "
                      "returning an empty stream."])
    assert any(t.replace("`", "").startswith("Repo.stream/2 will raise on a closed "
                                             "transaction instead of") for t in texts), texts


def test_an_entry_under_a_heading_of_changes_that_logs_work_is_left_out() -> None:
    """The near miss: "Improved the error message for ..." under "Changed" tells what was
    done, not what holds."""
    texts = _release(["Improved the error message for an invalid `:pool_size` value in "
                      "`Repo.start_link/1`."])
    assert not any("error message" in t for t in texts), texts


def test_a_release_over_the_cap_keeps_its_changes_before_its_fixes() -> None:
    """Issue 29 (mkdocs 1.6.0: "Python 3.7 is no longer supported" and "`mkdocs_theme.yml`
    no longer executes YAML tags" sat under "Deprecations", after more than eight entries
    the cap took in file order).  Entries under a heading of breaks go first."""
    texts = _release(["`Repo.stream/2` will raise on a closed transaction instead of "
                      "returning an empty stream."], fixes=12)
    assert any(t.replace("`", "").startswith("Repo.stream/2 will raise") for t in texts), texts


def _notes(lines: list[str]) -> list[str]:
    commit = make_commit("Write the v3 upgrade notes", files=[FileChange("docs/upgrading.md", 4, 0),
                                                             FileChange("cmd/proxy/main.go", 9, 3)],
                         diff=edit_diff("docs/CHANGELOG.md", "", lines))
    return [e.content.replace("`", "") for e in extract_commits([commit])]


def test_a_quoted_entry_is_read_without_its_quote_marks_and_with_what_carries_it_on() -> None:
    """Issue 29 (mkdocs: "> DANGER: Dropped from version 1.6: > > The `exclude_docs` config
    no longer applies ..." kept the quote marks, and "This was renamed to `draft_docs`",
    which says where the behaviour went, was left behind)."""
    texts = _notes(["+> WARNING: **Removed in v3:**", "+>",
                    "+> The `--legacy-auth` flag no longer enables basic auth for the proxy. "
                    "This was replaced by `--auth-mode=basic`.", "+"])
    assert any("--legacy-auth flag no longer enables basic auth" in t and
               "replaced by --auth-mode=basic" in t for t in texts), texts
    assert not any(t.startswith(">") or "> " in t for t in texts), texts


def test_a_sentence_that_does_not_lean_back_stays_out_of_the_item() -> None:
    """The near miss: a next sentence that says something else is not taken along."""
    texts = _notes(["+- The `--legacy-auth` flag no longer enables basic auth for the proxy. "
                    "The proxy also writes every request to the debug log.", "+"])
    assert any("--legacy-auth flag no longer enables basic auth" in t for t in texts), texts
    assert not any("debug log" in t for t in texts), texts


def test_an_entry_under_a_heading_of_changes_that_orders_work_is_left_out() -> None:
    """The near miss in the imperative: "Clear the cache in `Repo.reset/1` ..." orders the
    work; it does not say what holds (and read as an order it is one the gate holds)."""
    texts = _release(["Clear the prepared statement cache in `Repo.reset/1` to fix stale "
                      "plans after a migration."])
    assert not any("prepared statement cache" in t for t in texts), texts


def test_what_still_works_beside_a_new_way_goes_with_it() -> None:
    """Issue 29 (drift: "Columns can now be defined with `late final` fields. Defining
    columns with getters `=>` is still supported too." lost its second sentence, and the
    first alone reads as a replacement)."""
    texts = _notes(["+- Handlers can now be registered with the `@route` decorator. "
                    "Registering them with `app.add_route()` is still supported too.", "+"])
    assert any("@route decorator" in t and "is still supported" in t for t in texts), texts


def _entries(path: str, lines: list[str]) -> list[str]:
    commit = make_commit("Prepare the release", files=[FileChange(path, len(lines), 0)],
                         diff=edit_diff(path, "", lines))
    return [e.content for e in extract_commits([commit]) if e.section == "facts"]


def test_a_group_heading_the_commit_kept_still_heads_the_entries_it_adds() -> None:
    """ex_doc's ":assets option will raise if given a string" sat under a "Breaking
    changes" bullet the release commit did not touch, so it was read as a plain entry
    (here a Ruby gem's changelog in the same style)."""
    facts = _entries("CHANGELOG.md", [
        " ## v3.0.0", " ", "   * Breaking changes",
        "+    * The `:timeout` option given as a string will raise, pass an integer instead",
        " ",
    ])
    assert facts == ["The `:timeout` option given as a string will raise, pass an integer "
                     "instead"], facts


def test_cpan_groups_references_and_credits_are_markup() -> None:
    """Dancer2's "[ DEPRECATED ]" group and "GH #1646: Deprecated keyword: push_header
    (Jason A. Crome)" entries: the group was taken for text and the reference hid the
    label (here a Mojolicious-like Changes file of other words)."""
    facts = _entries("Changes", [
        " 9.41 2026-02-01", "+", "+  [ DEPRECATED ]",
        "+  * RT #4410: Deprecated helper: render_maybe (Ada K. Lovelace)",
        "+  * PR #17: Deprecated Mojo::Frobnicate (Grace Hopper)",
        " ",
    ])
    assert "Deprecated helper: render_maybe" in facts, facts
    assert "Deprecated Mojo::Frobnicate" in facts, facts


def test_a_short_entry_under_plain_groups_is_no_break() -> None:
    """The near miss: the same short entries under "[ ENHANCEMENTS ]" state nothing that
    breaks, and a reference with no label leaves an entry too short to keep."""
    facts = _entries("Changes", [
        "+  [ ENHANCEMENTS ]",
        "+  * GH #12: Faster helper: render_maybe (Ada Lovelace)",
        "+  * Support :symbol keys (Ada Lovelace)",
        " ",
    ])
    assert facts == [], facts


def test_a_symbol_names_a_thing_of_the_code() -> None:
    from gitmemory.providers.offline.worth import names_something
    assert names_something("The :assets option no longer takes a string")
    assert names_something("Pass (:strict) to the parser")
    assert not names_something("Meet at 10:30 to plan the release")
    assert not names_something("Note: this is a plain sentence")


def test_a_long_labelled_entry_must_still_read_as_a_sentence() -> None:
    """The near miss of the short label: "(breaking-change) Use `crystal:` property to
    filter candidates version" is no sentence a reader can take as written (a Go-like
    entry here)."""
    facts = _entries("CHANGELOG.md", [
        " ### Breaking changes",
        "+* (breaking-change) Use `go:` directive to filter candidates version",
        " ",
    ])
    assert not any("filter candidates" in f for f in facts), facts


def test_a_code_block_in_an_entry_is_no_entry() -> None:
    """echo's v5.2.1 notes show the pitfall in a Go block; its comment "// 2. naively
    assume that everything under /admin folder is now forbidden" became a fact."""
    lines = ["+## v5.2.1", "+", "+Serving static files no longer unescapes the path.", "+",
             "+```go", "+// 2. naively assume that everything under /admin is now forbidden",
             "+e.GET(\"/admin/*\", forbidden)", "+```", "+",
             "+* Router: auto HEAD to GET", " ", "  ~~~", "+echo.New()", " ~~~"]
    found = entries(lines)
    assert found == ["Serving static files no longer unescapes the path.",
                     "Router: auto HEAD to GET"], found


def test_a_sentence_without_its_subject_brings_the_names_before_it() -> None:
    """dplyr: "`mutate_each()`, ... and `summarise_each_()`. Deprecated in 0.7.0, use
    `across()` instead." became "Deprecated in 0.7.0, use `across()` instead", which
    names nothing that was deprecated."""
    commit = make_commit("Advance lazyeval and each deprecation (#7782)",
                         files=[FileChange("NEWS.md", 1, 0), FileChange("R/each.R", 3, 9)],
                         diff=edit_diff("NEWS.md", "", [
                             "+  * `mutate_each()` and `summarise_each()`. Deprecated in "
                             "0.7.0, use `across()` instead.", " "]))
    found = [e.content for e in extract_commits([commit])]
    assert not any(text.startswith("Deprecated in") for text in found), found
    assert any(text.startswith("`mutate_each()`") and "use `across()` instead" in text
               for text in found), found


def test_an_entry_saying_what_a_name_does_now_instead_is_kept_under_any_heading() -> None:
    """jackson-core's "#1433: `JsonParser#getNumberType()` throws `JsonParseException` when
    the current token is non-numeric instead of returning null (reported by @x)" gave no
    item (not under a heading of breaks), so its fix kept only "change Javadoc for ...";
    its credit, the handle gone, left "(reported )"."""
    diff = ("diff --git a/CHANGES.md b/CHANGES.md\n@@ changelog entry @@\n"
            "+- #1433: `JsonParser#getNumberType()` throws `JsonParseException` when\n"
            "+  the current token is non-numeric instead of returning null\n"
            "+  (reported by @CrazySqueak)\n")
    commit = Commit(sha="b" * 40, author="Tatu", date="2026-01-01T00:00:00Z",
                    subject="Fix #1433: change Javadoc for `JsonParser.getNumberType()`",
                    body="", files=(FileChange("CHANGES.md", 3, 0),), diff=diff)
    found = changelog_items(commit, parse_header(commit.subject))
    assert [text for _, text, _ in found] == [
        "`JsonParser#getNumberType()` throws `JsonParseException` when the current token is "
        "non-numeric instead of returning null"]


def test_a_handle_inside_a_sentence_is_an_annotation_and_stays() -> None:
    """commonmark (a new user's try): "PHPStan 2 interprets our Psalm annotations
    (@psalm-readonly, @psalm-readonly-allow-private-mutation, and @psalm-pure) as ..." was
    kept as "(, , and )": every bare "@word" was taken for a person.  A person named alone
    (an aside of handles, after "cc" or a dash, at the end) still goes."""
    from gitmemory.providers.offline.news import markup_out

    said = ("PHPStan 2 interprets our Psalm annotations (@psalm-readonly, "
            "@psalm-readonly-allow-private-mutation, and @psalm-pure) as its own")
    assert markup_out(said) == said
    assert markup_out("Use @Override on every override") == "Use @Override on every override"
    for credited in ("Fix the parser (@alice)", "Fix the parser (@alice, @bob)",
                     "Fix the parser - @alice", "Fix the parser cc @bob",
                     "Fix the parser @alice"):
        assert markup_out(credited).rstrip(" .") == "Fix the parser", credited


def test_the_items_a_lead_in_lists_are_part_of_its_entry() -> None:
    """commonmark (a new user's try): under "- Change several thrown exceptions from
    `RuntimeException` to `LogicException`, including:" the indented items became facts
    of their own ("CallbackGenerators that fail to set a URL or return an expected
    value"), which name no change."""
    found = entries([
        "+- Change several thrown exceptions from `RuntimeException` to `LogicException`, "
        "including:",
        "+    - `CallbackGenerator`s that fail to set a URL",
        "+    - `MarkdownParser` when deactivating the last block parser",
        "+- `HeadingPermalinkProcessor` now throws `InvalidConfigurationException`.",
        "+    - A nested note under an entry that lists nothing stands apart.",
    ])
    assert found == [
        "Change several thrown exceptions from `RuntimeException` to `LogicException`, "
        "including: `CallbackGenerator`s that fail to set a URL; `MarkdownParser` when "
        "deactivating the last block parser",
        "`HeadingPermalinkProcessor` now throws `InvalidConfigurationException`.",
        "A nested note under an entry that lists nothing stands apart."]


def test_a_method_named_with_its_dot_keeps_the_space_before_it() -> None:
    """commander.js's 11.0.0 entry "ignored by the .arguments() method" was kept as "by
    the.arguments() method"; the space a reference leaves before a stop still goes."""
    from gitmemory.providers.offline.news import clean
    assert clean("leading and trailing spaces are now ignored by the .arguments() method "
                 "([#1874])") == "leading and trailing spaces are now ignored by the " \
        ".arguments() method"
    assert clean("Drop the legacy codec [#412](https://example.org/412) .") == \
        "Drop the legacy codec."


def test_an_indented_paragraph_after_a_bullet_goes_on_with_its_entry() -> None:
    """A new user's init on date-fns: the v4 notes' "- The function arguments ... now can
    be of different types, allowing you to mix `UTCDate`, `TZDate`, `Date` ...", then a
    blank line and "  The functions will normalize these values ...": the second
    paragraph became an entry of its own, "these values" pointing at nothing."""
    lines = ["+## v4.0.0", "+",
             "+- The function arguments can now be of different types, allowing you to mix "
             "`UTCDate`, `TZDate` and `Date`.", "+",
             "+  The functions will normalize these values and return the result in the same "
             "type.", "+",
             "+- `constants` is no longer exported from the index.", "+",
             "+A paragraph of its own.", "+", "+  indented text after a paragraph"]
    found = entries(lines)
    assert found[:2] == [
        "The function arguments can now be of different types, allowing you to mix "
        "`UTCDate`, `TZDate` and `Date`. The functions will normalize these values and "
        "return the result in the same type.",
        "`constants` is no longer exported from the index."], found
    assert found[2:] == ["A paragraph of its own.", "indented text after a paragraph"], found


def test_an_entry_that_opens_with_a_wider_area_keeps_its_own() -> None:
    """zoxide (a new user's try): the subject "Bash/POSIX: check directory existence using
    cd" added "- Bash/Fish/POSIX/Zsh: `_ZO_RESOLVE_SYMLINKS` now works on Windows.", kept
    as "Bash/POSIX: Bash/Fish/POSIX/Zsh: ...": the subject's area before an entry whose own
    area takes in every part of it says it twice."""
    facts = _facts("Bash/POSIX: check directory existence using cd",
                   "- Bash/Fish/POSIX/Zsh: `_ZO_RESOLVE_SYMLINKS` now works on Windows.")
    own = "Bash/Fish/POSIX/Zsh: `_ZO_RESOLVE_SYMLINKS` now works"
    assert any(f.startswith(own) for f in facts), facts
    assert not any("Bash/POSIX: Bash/Fish" in f for f in facts), facts


def test_a_changelog_a_commit_makes_whole_with_its_releases_is_a_copy() -> None:
    """go-task (fresh19's window, judged wrong): "feat(website): serve the released docs
    from a versioned copy" created website/src/next/docs/changelog.md, 1,575 lines of
    earlier releases, and their entries were kept as this commit's ("PowerShell
    completions now work with aliases ...", shipped in v3.52.0 before the window).  A
    changelog a commit creates holding more than one release is a copy; a new project's
    first changelog, one release and what is unreleased, is its own."""
    from testing.offline_history import new_file_diff

    path = "website/src/next/docs/changelog.md"
    copied = ("# Changelog\n\n## v3.52.0 - 2026-07-02\n\n- PowerShell completions now work "
              "with aliases of the `task` command.\n\n## v3.51.0 - 2026-05-01\n\n- Fixed "
              "the `--watch` flag dropping events on macOS.\n")
    commit = make_commit("feat(website): serve the released docs from a versioned copy",
                         files=[FileChange(path, 9, 0, status="A")],
                         diff=new_file_diff(path, copied))
    assert not [e for e in extract_commits([commit]) if "PowerShell" in e.content]
    # a long diff is cut: the part of the copy a run reads may show one release of many
    one = copied.split("\n## v3.51.0", maxsplit=1)[0]
    commit = make_commit("feat(website): serve the released docs from a versioned copy",
                         files=[FileChange(path, 1575, 0, status="A")],
                         diff=new_file_diff(path, one))
    assert not [e for e in extract_commits([commit]) if "PowerShell" in e.content]
    first = ("# Changelog\n\n## Unreleased\n\n- The `--watch` flag now debounces events "
             "for 50 ms.\n\n## v0.1.0 - 2026-05-01\n\n- First release.\n")
    commit = make_commit("feat: debounce watch events", files=[
        FileChange("CHANGELOG.md", 9, 0, status="A"), FileChange("src/watch.go", 3, 1)],
        diff=new_file_diff("CHANGELOG.md", first))
    assert [e for e in extract_commits([commit]) if "debounces events" in e.content]


def test_a_generated_changelog_entry_loses_its_escapes_and_its_credit() -> None:
    # nlohmann/json's ChangeLog.md (github_changelog_generator): "std::char\_traits\<char\>
    # ::eof\(\) \#2756 (nlohmann)" was kept with its backslashes and the author's handle
    entry = (r"replace EOF with std::char\_traits\<char\>::eof\(\) "
             r"[\#2756](https://github.com/nlohmann/json/pull/2756) "
             r"([nlohmann](https://github.com/nlohmann))")
    assert markup_out(entry) == "replace EOF with std::char_traits<char>::eof()"
    assert markup_out(r"keep `a\_b` as written") == r"keep `a\_b` as written"


def test_a_towncrier_credit_goes_with_its_dash_and_its_by() -> None:
    """aiohttp's fragments end "... -- by :user:`name`.": the role went and "-- by" stayed,
    a sentence cut short to the rules, so none of the window's twelve fragments was read
    (here a fragment of other words)."""
    from gitmemory.providers.offline.news import clean
    assert clean("Fixed the pool keying TLS hosts apart -- by :user:`someone`.") == \
        "Fixed the pool keying TLS hosts apart."
    assert clean("Added `Session.retries` -- by :user:`one` and :user:`two`.") == \
        "Added `Session.retries`."
    path = "CHANGES/4410.bugfix.rst"
    commit = make_commit("Derive the method table from the parser (#4410)",
                         files=[FileChange(path, 2, 0), FileChange("pkg/parser.pyx", 3, 1)],
                         diff=edit_diff(path, "", [
                             "+Fixed the C parser reporting newer methods as ``<unknown>``; "
                             "the method table is now",
                             "+derived from the vendored parser instead of a hand-kept count "
                             "-- by :user:`someone`."]))
    assert any("now derived from the vendored parser instead of a hand-kept count" in e.content
               for e in extract_commits([commit])), extract_commits([commit])


def test_a_leading_linked_reference_and_a_reference_style_credit_are_markup() -> None:
    """rubocop's fragments, "* [#15554](https://...): Change `X` to no longer ... ([@name][])":
    the link's target stayed, and the item opened with ": Change"."""
    from gitmemory.providers.offline.news import clean
    assert clean("[#701](https://example.org/issues/701), [#702](https://example.org/"
                 "issues/702): Change `Tidy` to no longer fold blank lines. ([@someone][])") == \
        "Change `Tidy` to no longer fold blank lines."


def test_an_entry_that_says_what_a_named_thing_does_now_or_which_setting_wins_is_kept() -> None:
    """aiohttp's fragments "Changed `StaticResource.set_options_route()` to return the created
    `ResourceRoute`", "Fixed `BaseRequest.text()` ... to return HTTP 415 when ..." and "...;
    a per-request `ssl` argument still takes precedence": no cue spoke for them (here
    fragments of other words); a fix that names its symptom only stays out."""
    def items(entry: str, kind: str = "bugfix") -> list[str]:
        path = f"CHANGES/77.{kind}.rst"
        commit = make_commit("Tidy the router (#77)",
                             files=[FileChange(path, 1, 0), FileChange("pkg/router.py", 3, 1)],
                             diff=edit_diff(path, "", [f"+{entry}"]))
        return [e.content for e in extract_commits([commit])]

    assert any(c.startswith("Changed `Router.add_options()` to return the created `Route`")
               for c in items("Changed ``Router.add_options()`` to return the created "
                              "``Route``, matching ``Router.add`` -- by :user:`someone`.",
                              "feature"))
    assert any("to return HTTP 415 when the body fails to decode" in c for c in items(
        "Fixed ``Request.text()`` to return HTTP 415 when the body fails to decode."))
    assert any("a per-call ``timeout``".replace("``", "`") + " argument still takes precedence"
               in c for c in items("Added the ``timeout`` parameter to ``Session``, the default "
                                   "for every call; a per-call ``timeout`` argument still takes "
                                   "precedence.", "feature"))
    assert not any("raising" in c for c in items("Fixed ``Request.text()`` raising on an "
                                                 "empty body."))


def test_a_release_entrys_cause_keeps_the_fix_that_ended_it() -> None:
    """aiohttp's release notes: "Fixed the `sock_read` timeout being re-armed .... An idle
    pooled connection could be left with a pending read timeout ..., so the next request
    ... failed ...": the second sentence alone read as a bug of the code today."""
    commit = make_commit("Release 3.14.2", files=[FileChange("CHANGES.rst", 4, 0)],
                         diff=edit_diff("CHANGES.rst", "", [
                             "+- Fixed the ``read`` timeout being re-armed on a pooled "
                             "connection. An idle pooled connection could be left with a "
                             "pending timeout, so the next request on it failed with "
                             "``SocketTimeoutError``.", "+"]))
    texts = [e.content for e in extract_commits([commit])]
    assert not any(t.startswith("An idle pooled connection") for t in texts), texts
    assert any(t.startswith("Fixed the `read` timeout being re-armed on a pooled connection. "
                            "An idle pooled connection could be left") for t in texts), texts


def test_an_rst_credit_with_its_reference_and_handle_gone_leaves_no_aside() -> None:
    """anyio's entries end "(`#1170 <https://...>`_; PR by @alex)": the reference and the
    handle go, and the "; PR" left between the parentheses goes with them."""
    entry = ("Fixed the limiter granting too many tokens "
             "(`#1170 <https://github.com/acme/tasklib/issues/1170>`_; PR by @alex)")
    assert markup_out(entry) == "Fixed the limiter granting too many tokens"
    assert markup_out("Fixed a leak (PR review notes)") == "Fixed a leak (PR review notes)"


def test_a_nested_note_is_led_by_the_entry_it_is_nested_under() -> None:
    """sqlx's 0.9.0-alpha.1 notes: "* [[#3486]]: fix(logs): Correct spelling of ... tracing
    field", then "  * Breaking behavior change: implementations parsing `tracing` logs
    ... will need to update the spelling." was kept without the entry it is about, and
    "[[#3383]]: feat: create `sqlx.toml` format [[@abonander]]" kept "[]" for each
    reference (here a Kotlin library's notes in the same form)."""
    facts = _entries("CHANGELOG.md", [
        " ## 2.0.0-alpha.1",
        "+* [[#812]]: fix(metrics): Correct spelling of the `recieved_bytes` gauge "
        "[[@someone]]",
        "+  * Breaking behavior change: dashboards reading `metrics` from the client will "
        "need to update the name.",
        "+* [[#840]]: Add SafeQuery [[@other]]",
        "+  * Breaking change: all `select*()` functions now take `impl SafeQuery` which is",
        "+    only implemented for `&'static str` and `Trusted`.",
        " ",
    ])
    assert "fix(metrics): Correct spelling of the `recieved_bytes` gauge \u2014 Breaking " \
        "behavior change: dashboards reading `metrics` from the client will need to update " \
        "the name" in facts, facts
    assert any(f.startswith("Add SafeQuery \u2014 ") and
               "`select*()` functions now take `impl SafeQuery`" in f for f in facts), facts
    assert not any("[]" in f for f in facts), facts


def test_a_sibling_never_leads_a_nested_entry() -> None:
    """effectful: under "* **Breaking changes**:" (a group the lean diff keeps as a blank
    line, like every line the commit kept) the entry "Remove the `handlerEs` type
    parameter of `LocalEnv` ..." follows its sibling "Remove `SharedSuffix` constraints
    ...", which is about something else and must not lead it (here other names)."""
    lean = ["+* Remove `TailOf` constraints from functions in `Frob.Dispatch` and deprecate",
            "+  the class, as runtime sanity checks make it unnecessary.",
            "+",
            "+  - Remove the `innerEs` type parameter of `LocalFrob` as it was only needed",
            "+    to support `TailOf` constraints.",
            "+* Group:",
            "+  - Make `Frob.Provider` dynamically dispatched.",
            "+  - Remove the `KnownFrobs` class as it's no longer used; handlers of the",
            "+    `FrobList` effect now require the `KnownSubset` constraint instead."]
    found = headed_entries(lean)
    assert [parent for _, _, parent in found] == ["", "", ""], found
    kept_line = headed_entries(["+* Add `Frob.Labeled` with labeled versions of `Frob`.",
                                "   - an entry the commit kept",
                                "+  - Remove the `KnownFrobs` class as it's no longer used."])
    assert [parent for _, _, parent in kept_line] == ["", ""], kept_line


def test_a_releases_notes_with_code_examples_are_read_past_every_block() -> None:
    """scala-cli's release notes (fresh27, spent): code blocks after lines ending in "!"
    lost their closing fence in the lean diff (a bare fence read as a release's heading,
    or as the twin of a removed one), fences were toggled at every fence line (a ```` ```java
    ```` inside a ```` ````markdown ```` example closed it), and from there on the notes
    were read as code: the removal of a whole integration, stated under its own heading,
    never became an item (issue 29, "what the history taught")."""
    from gitmemory.sources.commits.lean import lean
    notes = ["## [v2.4.0](https://example.org/releases/v2.4.0)", "",
             "### Default runtime 3.1", "This version bumps the default runtime to 3.1.", "",
             "```bash", "tool -e 'println(\"Hello!\")'", "# Hello!", "```", "",
             "```bash", "tool version", "# Hello from 3.1!", "```", "",
             "### Snippets in Markdown", "Tool can now run `java` blocks inside Markdown inputs.",
             "", "````markdown title=Hello.md", "```java", "class A {}", "```", "````", "",
             "### Dropped Rocket support",
             "The Rocket REPL integration has been **removed** (it was deprecated in v2.1.0).",
             "", "## Deprecations and removals",
             "* Drop Rocket support by [@ada](https://github.com/ada) in "
             "[#42](https://github.com/o/r/pull/42)", "",
             "### Build and internal changes", "* Bump the linter to 3.1 (was 3.0)"]
    diff = ("diff --git a/docs/release_notes.md b/docs/release_notes.md\n"
            "@@ -8,3 +8,40 @@\n" + "".join(f"+{line}\n" for line in notes) + " \n # Older\n")
    commit = make_commit("Add release notes for v2.4.0 (#50)",
                         files=[FileChange("docs/release_notes.md", 40, 0)], diff=diff)
    facts = [e.content for e in extract_commits([lean(commit, [])])]
    assert any("The Rocket REPL integration has been removed" in f for f in facts), facts
    assert any("run `java` blocks" in f for f in facts), facts
    assert not any("by in" in f or "Bump the linter" in f for f in facts), facts


def test_fences_close_only_as_commonmark_closes_them() -> None:
    from gitmemory.fences import Fence
    fence = Fence()
    assert fence.step("````markdown title=x.md") and fence.inside
    assert not fence.step("```java") and fence.inside  # the example's text
    assert not fence.step("```") and fence.inside  # shorter than the opener
    assert fence.step("````") and not fence.inside
    assert fence.step("```bash") and not fence.step("```bash") and fence.inside
    assert not Fence().step("```inline``` code")


def test_one_releases_notes_file_is_read_however_long_it_runs() -> None:
    """TypeBox (fresh33, judged after its blind run): "Version 1.2.0 (#1604)" wrote
    changelog/1.2.0.md whole, 286 lines with a "Breaking" section on `Enum` and null, and
    it was skipped as a copy of other releases' notes for its length.  A file named for
    the one release it holds, in a release notes directory, is that release's notes."""
    from testing.offline_history import new_file_diff

    path = "changelog/1.2.0.md"
    notes = ("# 1.2.0\n\n" + "".join(f"- Revision 1.2.{n} tidies the parser's {n}th case.\n"
                                       for n in range(1, 240)) +
             "\n## Breaking\n\nThe `Enum` type no longer accepts `null` values. This keeps "
             "`Enum` to what a TypeScript enum can encode.\n")
    commit = make_commit("Version 1.2.0 (#1604)", files=[
        FileChange(path, notes.count("\n"), 0, status="A"), FileChange("src/enum.ts", 3, 1)],
        diff=new_file_diff(path, notes))
    assert [e for e in extract_commits([commit])
            if "`Enum` type no longer accepts `null`" in e.content]
    # a whole changelog of that length, not named for a release, is still a copy
    commit = make_commit("Version 1.2.0 (#1604)", files=[
        FileChange("docs/changelog.md", notes.count("\n"), 0, status="A")],
        diff=new_file_diff("docs/changelog.md", notes))
    assert not [e for e in extract_commits([commit]) if "no longer accepts" in e.content]

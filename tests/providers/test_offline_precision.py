"""Precision first: what the offline rules keep and leave out (offline/worth.py,
deprecations.py, fragile.py, choices.py, noise.py)."""

from __future__ import annotations

import pytest

from gitmemory.commits import FileChange
from gitmemory.providers.offline import OfflineProvider
from gitmemory.providers.offline.choices import dependency_choice
from gitmemory.providers.offline.deprecations import deprecation_extractions
from gitmemory.providers.offline.noise import is_noise
from gitmemory.providers.offline.worth import names_something, one_off, restates
from gitmemory.reading.header import parse_header
from gitmemory.sources.commits.extraction import ExtractRequest
from testing.fake_provider import extract
from testing.offline_history import edit_diff, make_commit

A = FileChange


@pytest.mark.parametrize("text", [
    "Use `httpx` for HTTP calls", "Config lives in src/app/settings.py",
    "get_closest_marker accepts a MarkDecorator", "Pass --strict-markers to pytest",
    "Read the CA bundle from SSL_CERT_FILE", "Always call close() on the pool",
    "Lines are limited with line-length = 100", "Tests run under tox",
    # a name in a namespace: Perl, Ruby, Rust and C++ write "::", PHP a backslash
    "Un-deprecated the write method in Data::Sink, it is an alternative to dump",
    "Retry in Net::HTTP when the socket resets", "Prefer Acme\\Cache\\Pool over Store"])
def test_concrete_items_name_something(text: str) -> None:
    assert names_something(text)


@pytest.mark.parametrize("text", [
    "Always use latest version", "Removed the per-project files so we don't have to keep "
    "them in sync", "Improve error messages for users", "e.g. the thing vs. the other",
    "Note: the settings apply at 10:30 or later, see: docs"])
def test_platitudes_name_nothing(text: str) -> None:
    assert not names_something(text)


@pytest.mark.parametrize("text", [
    "Two warts are deliberately preserved rather than fixed here",
    "This is deprecated as of pytest 9.1", "The preceding refactor turns each into a change",
    "api: they were never closed",
    "This release is primarily a maintenance release that removes deprecated features",
    "builder: the field is `pub(crate)`, so this is not a public API change"])
def test_one_off_and_dangling_items(text: str) -> None:
    assert one_off(text)


def test_this_branch_is_not_a_dangling_pronoun() -> None:
    assert not one_off("This branch adds migrations in app/migrations/: 0002_users.py")


def test_an_item_restating_its_subject_says_nothing_new() -> None:
    assert restates("Fixed: handle empty zstd responses", "Handle empty zstd responses (#3412)")
    assert restates("Deprecated should_ignore_error", "deprecate should_ignore_error")
    assert restates("Switched from `poetry` to `uv` for project management",
                    "build(uv): switch from `poetry` to `uv` for project management (#1749)")
    assert not restates("Exception groups printed their cause chain twice: format_exception "
                        "walks it and repr_excinfo did again",
                        "Fix duplicated exception chain output (#14829)")


def test_the_offline_provider_keeps_no_restated_subject_or_platitude() -> None:
    commits = [make_commit("Drop the legacy parser", files=[A("src/app/parse.py", 0, 40)]),
               make_commit("chore: always use latest version",
                           "Always use latest version of everything.",
                           files=[A(".github/workflows/ci.yml", 1, 1)]),
               make_commit("fix: handle empty input", files=[A("src/app/parse.py", 2, 0)])]
    assert extract(OfflineProvider(), ExtractRequest("main", commits, "")) == []


WARN = ['+        warnings.warn(',
        '+            "\'isolated_filesystem\' is deprecated and will be removed in Click"',
        '+            " 9.0. Use \'tempfile.TemporaryDirectory\' instead.",',
        '+            DeprecationWarning,', '+            stacklevel=2,', '+        )']


def test_a_deprecation_warning_added_to_the_code_is_a_fact_in_its_own_words() -> None:
    commit = make_commit("Deprecate isolated_filesystem", diff=edit_diff(
        "src/click/testing.py", "def isolated_filesystem(", WARN))
    [fact] = deprecation_extractions(commit)
    assert (fact.section, fact.paths, fact.refs) == ("facts", ("src/click/testing.py",),
                                                     (commit.short,))
    assert fact.content == ("`isolated_filesystem` is deprecated and will be removed in Click "
                            "9.0. Use `tempfile.TemporaryDirectory` instead.")


def test_warnings_in_tests_or_with_placeholders_are_not_facts() -> None:
    in_tests = make_commit("x", diff=edit_diff("tests/test_testing.py", "", WARN))
    templated = make_commit("x", diff=edit_diff("src/click/utils.py", "", [
        '+    warnings.warn(f"\'{name}\' is deprecated and will be removed.",',
        '+                  DeprecationWarning)']))
    assert deprecation_extractions(in_tests) == deprecation_extractions(templated) == []


REPIN = edit_diff("pyproject.toml", "[build-system]",
                  ['-requires = ["flit_core<4"]', '+requires = ["flit_core>=3.11,<4"]'])


def test_a_dependency_change_with_its_reason_is_a_decision() -> None:
    explained = make_commit("Increase required flit_core version to 3.11",
                            "Needed since the license field is an SPDX expression, which older "
                            "flit_core rejects.", diff=REPIN, files=[A("pyproject.toml", 1, 1)])
    choice = dependency_choice(explained)
    assert choice is not None
    assert (choice.section, choice.paths) == ("architectural-decisions", ("pyproject.toml",))
    assert choice.content.startswith("Increased required flit_core version to 3.11 \u2014 "
                                     "needed since the license field is an SPDX expression")


def test_a_sentence_that_leads_on_to_a_list_is_no_reason_alone() -> None:
    """fresh32's atuin: "client-side history packfiles (drops `rmp-serde`) — This,
    however, introduces a set of problems -- since each record is encrypted and stored in
    Postgres, two downsides happen": its downsides were the list the colon led on to."""
    led_on = make_commit("feat: pack history records",
                         "Records are stored one by one.\n\nThis, however, introduces a set "
                         "of problems -- since each record is encrypted and stored in Postgres, "
                         "two downsides happen:\n\n- a large overhead per record\n"
                         "- no compression across records\n", diff=REPIN)
    assert dependency_choice(led_on) is None


def test_dependency_churn_without_a_reason_is_nothing() -> None:
    bare = make_commit("deps: require installer 1.0.0", diff=REPIN)
    bot = make_commit("build(deps): bump flit_core", "Needed since forever because bots.",
                      diff=REPIN, author="dependabot[bot]")
    assert dependency_choice(bare) is dependency_choice(bot) is None


@pytest.mark.parametrize(("subject", "noise"), [
    ("Drop support for Python 3.9 as EOL reached and add Python 3.14 support", True),
    ("Add support for Python 3.13 (#3460)", True), ("test py3.14", True),
    ("drop end of life python versions", True), ("Formalize 3.15 support (#7422)", True),
    ("Drop support for the legacy resolver", False), ("Add a Python parser", False)])
def test_python_version_bookkeeping_is_noise(subject: str, noise: bool) -> None:
    assert is_noise(parse_header(subject), make_commit(subject)) is noise


def test_a_deprecation_message_assigned_before_the_warning_is_read() -> None:
    """``message = ("...")`` then ``warnings.warn(message, DeprecationWarning)``."""
    commit = make_commit("Deprecate the app shortcut", diff=edit_diff(
        "httpx/_client.py", "def __init__(", [
            "+        if app is not None:", "+            message = (",
            "+                \"The 'app' shortcut is now deprecated.\"",
            "+                \" Use the explicit style 'transport=WSGITransport(app=...)' "
            "instead.\"", "+            )",
            "+            warnings.warn(message, DeprecationWarning)"]))
    [fact] = deprecation_extractions(commit)
    assert fact.content == ("The `app` shortcut is now deprecated. Use the explicit style "
                            "'transport=WSGITransport(app=...)' instead.")


@pytest.mark.parametrize(("path", "lines", "name"), [
    ("core/src/main/scala/net/Session.scala",
     ['+  @deprecated("This method is deprecated and will be removed in 6.0. Use upload '
      'instead.", "5.2")', '+  def sendFile(path: Path): Unit = {'], "sendFile"),
    ("src/store/options.rs",
     ['+    #[deprecated(note = "This setting is deprecated; it is ignored since 2.0.")]',
      '+    pub fn pool_size(&self) -> usize {'], "pool_size")])
def test_a_deprecation_that_names_nothing_names_what_it_annotates(path: str, lines: list[str],
                                                                  name: str) -> None:
    """Issue 29 (clikt: `@Deprecated("This property is deprecated and will be removed in
    the future. ...") val originalArgv` gave "This property is deprecated ...", which says
    of nothing what it says, and its commit's subject fact was given up for it)."""
    commit = make_commit("Deprecate the old call", diff=edit_diff(path, "", lines))
    [fact] = deprecation_extractions(commit)
    assert fact.content.startswith(f"`{name}`: This "), fact.content


def test_a_deprecation_that_names_its_subject_is_left_as_written() -> None:
    """The near miss: a message that names what it deprecates needs no name before it."""
    commit = make_commit("Deprecate the old call", diff=edit_diff("src/store/options.rs", "", [
        '+    #[deprecated(note = "`pool_size` is deprecated; use `max_connections` instead.")]',
        '+    pub fn pool_size(&self) -> usize {']))
    [fact] = deprecation_extractions(commit)
    assert fact.content == "`pool_size` is deprecated; use `max_connections` instead."


def test_a_warning_inside_a_body_names_no_later_declaration() -> None:
    """A warning called inside a function is about that function, not the next one; and a
    message that names nothing, with no declaration under it, says of nothing what it
    says: it is left out."""
    commit = make_commit("Deprecate the old call", diff=edit_diff("src/pkg/api.py", "", [
        "+def fetch_all(url):", '+    warnings.warn("This helper is deprecated.", '
        'DeprecationWarning)', "+    return fetch(url)", "+", "+def fetch(url):"]))
    assert deprecation_extractions(commit) == []


def test_a_log_line_about_a_deprecated_thing_is_not_a_deprecation() -> None:
    """A new user's first day (grafana/k6 1c8cf71): `log.Warn("Deprecated feature
    enabled")` inside a resolver became the fact "Deprecated feature enabled"."""
    commit = make_commit("Log activation", diff=edit_diff("internal/features/resolve.go", "", [
        "+\t\tif def.Stage == StageDeprecated {",
        '+\t\t\tlogger.WithField("feature", name).', '+\t\t\t\tWarn("Deprecated feature enabled")',
        "+\t\t}"]))
    assert deprecation_extractions(commit) == []


KOTLIN = ['     @Deprecated("This property is deprecated and will be removed in the future.")',
          '     val legacyArgs: List<String> = emptyList()',
          '+    @Suppress("unused")',
          '+    @Deprecated("Renamed to loadConfig", ReplaceWith("loadConfig"))',
          '+    val configLoader: (String) -> String',
          '+        get() = loadConfig']
RUST = ['+    #[deprecated(note = "Renamed to `poll_ready`")]',
        '+    pub fn poll_capacity(&mut self) -> Poll<usize> {']


def test_a_deprecation_annotation_names_the_declaration_it_is_on() -> None:
    """clikt: "This property is deprecated and will be removed in the future." said which
    property nowhere, and "Renamed to X" annotations (what replaced each old name) were
    not read at all: the annotation is on a declaration, whose name the fact must carry."""
    kotlin = make_commit("Rename the loader properties", diff=edit_diff(
        "core/src/main/kotlin/app/Settings.kt", "class Settings(", KOTLIN))
    rust = make_commit("Rename the capacity poll", diff=edit_diff(
        "src/proto/send.rs", "impl SendStream {", RUST))
    assert [f.content for f in deprecation_extractions(kotlin)] == [
        "`configLoader` is deprecated: Renamed to loadConfig"]
    assert [f.content for f in deprecation_extractions(rust)] == [
        "`poll_capacity` is deprecated: Renamed to `poll_ready`"]


def test_a_deprecation_message_that_points_at_nothing_named_is_left_out() -> None:
    """The near miss: a warning call is on no declaration, and "this option" is which?"""
    commit = make_commit("Deprecate the old flag", diff=edit_diff("src/cli/flags.py", "", [
        '+    warnings.warn("This option is deprecated and will be removed in 3.0.",',
        '+                  DeprecationWarning)']))
    assert deprecation_extractions(commit) == []


@pytest.mark.parametrize(("sentence", "reason"), [
    ("Body reset via GetBody and the retry behaviour are otherwise unchanged.", False),
    ("The log path doesn't otherwise use the request timeout.", False),
    ("Close the pool before forking, otherwise the child shares its sockets.", True),
    ("Otherwise, the child shares the parent's sockets.", True)])
def test_otherwise_is_a_reason_only_where_it_opens_a_clause(sentence: str, reason: bool) -> None:
    """A new user's first day (grafana/k6 38a42d0): "... behaviour are otherwise
    unchanged" became an Architectural Decision; "otherwise" inside a clause is an
    adverb, not what would happen without the change."""
    from gitmemory.providers.offline.verbatim import REASON
    assert bool(REASON.search(sentence)) is reason


DART = ["+@Deprecated(", "+  'Use CustomListenable/Transformer2 instead. '",
        "+  'This will be removed in a future version.',", "+)", " @publicInMisc",
        " final class TransformerContext<InT, OutT> {", "+  @Deprecated(",
        "+    'Use CustomListenable/Transformer3 instead. '", "+  )",
        "   TransformerContext({", "@@ -40,2 +50,6 @@", "+@Deprecated(",
        "+  'Use CustomListenable/SyncTransformer2 instead.',", "+)", " @publicInMisc"]


def test_a_deprecation_annotation_that_names_only_the_replacement_names_its_declaration() -> None:
    """riverpod: `@Deprecated('Use CustomProviderListenable/ProviderTransformer2 instead.
    ...')` on `class ProviderTransformerContext` became "Use ... instead. This will be
    removed in a future version.", which names what replaces something and not what is
    deprecated (here other names); with the declaration out of the hunk, it says nothing."""
    commit = make_commit("Add a listenable", diff=edit_diff(
        "packages/core/lib/src/transformer.dart", "part of '../framework.dart';", DART))
    assert [f.content for f in deprecation_extractions(commit)] == [
        "`TransformerContext`: Use CustomListenable/Transformer2 instead. This will be "
        "removed in a future version.",
        "`TransformerContext` is deprecated: Use CustomListenable/Transformer3 instead."]

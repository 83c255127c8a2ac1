"""What the offline rules keep of the tip's history files: the sentences that state a
break, a removal, a replacement, a security fix or a pitfall with its remedy, verbatim,
each prefixed by the version or section it came from."""

from __future__ import annotations

from gitmemory.commits import Commit
from gitmemory.providers.offline.news import clean, release_notes
from gitmemory.providers.offline.passages import MOST, items, strongest
from gitmemory.reading.project.history_files import Passage


def _texts(passage: Passage) -> list[str]:
    return [text for _, text, _ in items(passage)]


def test_a_news_entry_labelled_a_change_is_kept_and_a_fix_is_not() -> None:
    passage = Passage("NEWS", "1.10.0", "release", (
        "cli  : change: no more implicit `stdout` (except when input is `stdin`)",
        "cli  : fix: `--test -m` does no longer create decompressed file artifacts",
        "lib  : new level 2, offering mid-way performance"))
    assert _texts(passage) == [
        "1.10.0 (NEWS): cli: change: no more implicit `stdout` (except when input is `stdin`)"]


def test_a_guide_s_replacement_is_kept_with_its_section() -> None:
    passage = Passage("UPGRADING.md", "V4 to V5", "upgrade", (
        "### Details", "",
        "1. Variable whitelisting has been replaced with allow listing, and the "
        "responsibility has moved to a new adapter `GuardedWriter`.",
        "2. Scalar typehints have been added to the public interface.", "",
        "```php", "$x = `create()` has been removed;", "```"))
    found = items(passage)
    assert [(s, t) for s, t, _ in found] == [
        ("facts", "V4 to V5 (UPGRADING.md): Variable whitelisting has been replaced with allow "
                  "listing, and the responsibility has moved to a new adapter `GuardedWriter`")]


def test_a_pitfall_keeps_its_symptom_with_its_remedy() -> None:
    passage = Passage("README.md", "Troubleshooting", "pitfalls", (
        "In certain server setups, PHP might deactivate superglobals like `$_ENV`. If these "
        "variables are not set, review the `variables_order` in the `php.ini` file.",))
    assert items(passage) == [(
        "bug-patterns", "Troubleshooting (README.md): In certain server setups, PHP might "
        "deactivate superglobals like `$_ENV`. If these variables are not set, review the "
        "`variables_order` in the `php.ini` file", 0.8)]


def test_a_question_heading_is_the_condition_its_answer_answers() -> None:
    passage = Passage("README.md", "Known issues", "pitfalls", (
        "### Modify docx file with rubyzip", "", "Use `write_buffer` instead `open`."))
    assert _texts(passage) == [
        "Known issues (README.md): Modify docx file with rubyzip: Use `write_buffer` instead "
        "`open`"]


def test_a_security_note_after_the_entry_goes_with_it() -> None:
    passage = Passage("CHANGELOG.md", "1.9.2", "release", (
        "  * Cap HTTP/1 total header size for responses. This is a fix for **CVE-2026-58229** "
        "([GitHub advisory](https://example.com/a)).",))
    assert items(passage) == [(
        "bug-patterns", "1.9.2 (CHANGELOG.md): Cap HTTP/1 total header size for responses. "
        "This is a fix for CVE-2026-58229 (GitHub advisory)", 0.8)]


def test_only_a_group_of_breaks_makes_its_entries_breaks() -> None:
    passage = Passage("CHANGES.rst", "2.17.0", "release", (
        "Deprecation and compatibility", "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~", "",
        "* General: Import `Literal` from the typing module by @x in :gh:`1175`", "",
        "Breaking changes", "~~~~~~~~~~~~~~~~", "",
        "* Dates: `parse_time` takes a `format` keyword only by @y in :gh:`1131`"))
    assert _texts(passage) == [
        "2.17.0 (CHANGES.rst): Dates: `parse_time` takes a `format` keyword only"]


def test_a_file_gives_a_handful_the_strongest_first() -> None:
    found = [("architectural-decisions", f"reason {n}", 0.8) for n in range(4)] + \
        [("facts", f"fact {n}", 0.85) for n in range(4)] + [("bug-patterns", "cve", 0.85)]
    kept = strongest(found)
    assert len(kept) == MOST
    assert ("bug-patterns", "cve", 0.85) in kept
    assert sum(s == "facts" for s, _, _ in kept) == 4
    assert kept == [f for f in found if f in kept]  # in the file's order


def test_a_thanks_with_a_sphinx_reference_leaves_no_word_behind() -> None:
    """"by @akx in :gh:`1242`" lost the name and the reference but kept "in": the entry
    ended open and was cut ("... sync with tox.ini in")."""
    assert clean("Add tzdata as a dev dependency by @akx in :gh:`1159`") == \
        "Add tzdata as a dev dependency"


def test_a_release_s_entry_with_no_subject_gets_no_dash() -> None:
    """A release's entry has no subject to lead with: " — Previously, ..." began with a
    dash and nothing before it."""
    diff = ("diff --git a/CHANGELOG.md b/CHANGELOG.md\n--- a/CHANGELOG.md\n"
            "+++ b/CHANGELOG.md\n@@ -1,2 +1,6 @@\n # Changelog\n+\n+## 0.19.0\n+\n"
            "+- Previously, the `forget` command returned exit code 0 when it failed to "
            "remove one or more snapshots.\n")
    commit = Commit(sha="a" * 40, author="A", date="2026-01-01T00:00:00Z",
                    subject="Prepare 0.19.0", diff=diff)
    texts = [text for _, text, _ in release_notes(commit)]
    assert texts == ["Previously, the `forget` command returned exit code 0 when it failed to "
                     "remove one or more snapshots"]


def test_the_reference_that_leads_an_entry_goes() -> None:
    passage = Passage("Changelog.md", "0.39.0", "release", (
        "- [#913]: Deprecate `.prefixes()` and `.resolve()` of `NsReader`, which are "
        "replaced by `.resolver()`.",
        "        #1296  CVE-2026-72522 -- Fix an out-of-bounds read caused by treating low "
        "surrogates as high surrogates in `toUtf16`"))
    texts = _texts(passage)
    assert texts[0].startswith("0.39.0 (Changelog.md): Deprecate `.prefixes()`"), texts
    assert texts[1].startswith("0.39.0 (Changelog.md): CVE-2026-72522 -- Fix an out-of-bounds"), \
        texts


def test_a_release_s_regression_its_behaviour_change_and_its_minimum_are_kept() -> None:
    """picocli-like release notes gave nothing of "This release fixes a problem that was
    introduced in ..." (a regression) or "From this release, ... will invoke ..." (what
    holds from then on), and plug-like notes nothing of "This release requires Elixir
    v1.14+": a regression fixed, a behaviour change and a raised minimum are what the
    history taught (issue 29)."""
    passage = Passage("NEWS.md", "5.2.0", "release", (
        "This release fixes a problem that was introduced in the previous release (5.1.3), "
        "where a `Plugin` registered twice would run its `setup` hook twice.", "",
        "From this release, if a task declares both `inputs` and `sources`, the scheduler "
        "hashes `inputs` and ignores `sources`.", "",
        "This release requires Ruby 3.1 or later, and support for the legacy TLS 1.0 and "
        "1.1 protocols is removed.", "",
        "- Improve the speed of `Plugin#load` on large trees."))
    assert _texts(passage) == [
        "5.2.0 (NEWS.md): Fixes a problem that was introduced in the previous release "
        "(5.1.3), where a `Plugin` registered twice would run its `setup` hook twice",
        "5.2.0 (NEWS.md): From this release, if a task declares both `inputs` and `sources`, "
        "the scheduler hashes `inputs` and ignores `sources`",
        "5.2.0 (NEWS.md): Requires Ruby 3.1 or later, and support for the legacy TLS 1.0 "
        "and 1.1 protocols is removed"]


def test_a_regression_test_or_a_release_s_other_words_are_no_regression() -> None:
    passage = Passage("NEWS.md", "5.2.1", "release", (
        "- Fix the `Plugin` loader and add a regression test for it.",
        "- This release contains documentation fixes only."))
    assert _texts(passage) == []


def test_a_release_paragraph_that_says_two_things_gives_two_items() -> None:
    """plug-like: "This release requires Elixir v1.14+ and ... . Support for the insecure
    TLS 1.0 and 1.1 protocols are removed ..." gave only its first sentence, which a later
    minimum then replaced: the removal went with it."""
    passage = Passage("CHANGES.md", "4.0.0", "release", (
        "This release requires Node 20 or later for the CLI. Support for the deprecated "
        "`legacy-loader` option was removed because it bypassed the cache.",))
    assert _texts(passage) == [
        "4.0.0 (CHANGES.md): Requires Node 20 or later for the CLI",
        "4.0.0 (CHANGES.md): Support for the deprecated `legacy-loader` option was removed "
        "because it bypassed the cache"]


def test_a_sentence_that_only_points_elsewhere_is_no_item() -> None:
    """mint-like: "See also the `GHSA-...` GitHub advisory" after the fix's own sentence
    was kept as a security item and took a fuller item's place in the agent file."""
    passage = Passage("CHANGELOG.md", "2.4.1", "release", (
        "Chunked bodies are now streamed as they arrive, which prevents `CVE-2026-1111`. "
        "See also the `GHSA-aaaa-bbbb-cccc` advisory.",))
    assert _texts(passage) == [
        "2.4.1 (CHANGELOG.md): Chunked bodies are now streamed as they arrive, which prevents "
        "`CVE-2026-1111`"]


def test_a_release_note_that_says_previously_this_needs_what_this_was() -> None:
    """PostgREST: "16.0 (CHANGELOG.md): Previously this required caching
    pg_timezone_names which was slow in some systems": this what?  It comes with the
    sentence it leans on, or not at all."""
    passage = Passage("CHANGELOG.md", "2.4.0", "release", (
        "- The `TZ` header now accepts offsets such as `+05:30`.",
        "  Previously this required loading `tzdata` on every request, which caused "
        "timeouts on some systems.",))
    leaning = [text for text in _texts(passage) if "Previously this" in text]
    assert all("The `TZ` header now accepts" in text for text in leaning), leaning


def test_a_later_sentence_of_an_entry_comes_after_the_entrys_first() -> None:
    """structlog (fresh15's blind window judge, the one wrong item): "25.5.0 (CHANGELOG.md):
    Default width is now `None` for full terminal width" said whose width only in the
    entry's first sentence, "`structlog.dev.RichTracebackFormatter` now exposes ..."."""
    lines = ("- `structlog.dev.RichTracebackFormatter` now exposes the upstream code_width "
             "parameter.", "  Default *width* is now `None` for full terminal width.",
             "  [#717](https://github.com/hynek/structlog/pull/717)")
    found = [text for _, text, _ in items(Passage("CHANGELOG.md", "25.5.0", "release", lines))]
    assert not any(text.startswith("25.5.0 (CHANGELOG.md): Default width") for text in found)
    assert "25.5.0 (CHANGELOG.md): `structlog.dev.RichTracebackFormatter` now exposes the " \
           "upstream code_width parameter. Default width is now `None` for full terminal " \
           "width" in found


def test_an_entry_labelled_breaking_in_emphasis_of_its_own_is_a_break() -> None:
    """commander.js 15.0.0 (fresh14's b14cmd-h3): "*Breaking:* only lone `--no-*` option
    sets default option value to `true`, ..." under "### Fixed" was not kept: the label in
    single-star emphasis was no label, and the group said it was a fix."""
    from gitmemory.providers.offline.passages import items
    from gitmemory.reading.project.history_files import Passage
    lines = ("### Fixed", "",
             "- *Breaking:* only lone `--no-*` option sets default option value to `true`, "
             "default not implicitly set when define both positive and negative option in "
             "either order ([#2405])",
             "- update example to use compatible character for MINGW64 ([#2475])")
    found = [text for _, text, _ in items(Passage("CHANGELOG.md", "15.0.0", "release", lines))]
    assert found == ["15.0.0 (CHANGELOG.md): Breaking: only lone `--no-*` option sets default "
                     "option value to `true`, default not implicitly set when define both "
                     "positive and negative option in either order"], found


def test_a_default_told_without_its_setting_is_no_item() -> None:
    """beets 2.13.0: "Default is ``no`` which means ``fetchart`` looks for art only ..."
    stood alone, the default of a setting only the sentence before named."""
    passage = Passage("docs/changelog.rst", "2.13.0", "release", (
        "- :doc:`plugins/fetchart`: Add ``fetch_for_asis`` setting that enables fetching",
        "  album art from online sources even when imported files are not modified by the",
        "  auto-tagger. Default is ``no`` which means ``fetchart`` looks for art only in",
        "  the local filesystem when the user (or ``quiet_fallback``) chooses ``asis``."))
    assert not any(text.split("): ", 1)[1].startswith("Default") for text in _texts(passage))

"""The offline rules keep what commits teach in the author's words (issue 29, item 1): a
reason, a cause, a choice, a break, a revert's reason, a security fix, from a commit's
body, its changelog entries and a merged pull request's description, anchored by what
they are about, in every common subject style."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gitmemory.commits import Commit, FileChange
from gitmemory.memory.candidates import Extraction
from gitmemory.providers.offline.extractor import extract_commits

SORT = "sort X before building the JSON instead of sorting the dict, because scripts " \
    "diff successive outputs"
CAUSE = "The cause was the mismatch between form encoding and URI encoding."


def _commit(subject: str, body: str = "", path: str = "src/export/json.py", diff: str = "",
            n: int = 1) -> Commit:
    return Commit(sha=f"{n:07x}" + "0" * 33, author="Ada", date="2026-01-01T00:00:00Z",
                  subject=subject, body=body, files=(FileChange(path, 3, 1),), diff=diff)


def _items(*commits: Commit) -> list[Extraction]:
    return extract_commits(list(commits))


@pytest.mark.parametrize("subject", [
    "[export] Make the JSON output stable", "export: make the JSON output stable",
    "fix(export): make the JSON output stable", ":bug: export: make the JSON output stable",
    "\U0001f41b [export] Make the JSON output stable"])
def test_a_choice_and_its_reason_are_kept_as_written(subject: str) -> None:
    """A new user's body, in lower case: nothing was kept."""
    (item,) = _items(_commit(subject, SORT))
    assert item.section == "architectural-decisions"
    assert "before building the JSON instead of sorting the dict, because scripts diff " \
        "successive outputs" in item.content
    assert item.content.lower().startswith("export")  # anchored by its area
    assert "sorted x" not in item.content.lower()  # never reworded


def test_a_plain_subject_anchors_a_choice_that_names_nothing_itself() -> None:
    (item,) = _items(_commit("Make the JSON output stable", SORT))
    assert item.content.startswith("Make the JSON output stable \u2014 ")
    assert item.content.endswith(SORT)


@pytest.mark.parametrize("subject", ["[http] Fix signature mismatch on POST",
                                     "http: fix signature mismatch on POST",
                                     "fix(http): signature mismatch on POST",
                                     "Fix signature mismatch on POST"])
def test_a_stated_cause_is_kept_with_what_it_caused(subject: str) -> None:
    """The `[area] Fix ...` subject style gave nothing."""
    (item,) = _items(_commit(subject, CAUSE, path="src/http/sign.py"))
    assert item.section == "bug-patterns"
    assert "signature mismatch on POST" in item.content  # what broke
    assert "the mismatch between form encoding and URI encoding" in item.content  # why
    if "http" in subject:
        assert item.content.startswith("http")


def test_a_fix_keeps_its_cause_not_only_its_symptom() -> None:
    """The item used to keep "POST requests with a space in a field failed with 403" and
    drop the cause that follows it."""
    body = ("POST requests with a space in a field failed with 403. The cause was the mismatch "
            "between form encoding and URI encoding: we signed quote_plus output while the "
            "server verified quote output, and every such request was rejected by the gateway.")
    (item,) = _items(_commit("Fix 403 on signed POST requests", body, path="src/http/sign.py"))
    assert item.section == "bug-patterns"
    assert "The cause was the mismatch between form encoding and URI encoding" in item.content
    assert "403" in item.content


def test_a_sentence_that_leans_on_another_is_completed_or_left_out() -> None:
    leaning = _items(_commit("fix(cache): key entries by locale",
                             "Pages came back stale in other languages. This happened because "
                             "the key ignored the locale cookie.", path="src/cache.py"))
    assert [e.content for e in leaning] == [
        "cache: pages came back stale in other languages. This happened because the key "
        "ignored the locale cookie"]
    dangling = _items(_commit("Tidy the settings loader", "Neither is read there any more, "
                              "because the loader moved.", path="src/settings.py"))
    assert dangling == []


def test_a_break_a_deprecation_a_revert_and_a_security_fix() -> None:
    found = _items(
        _commit("feat(api)!: rename fetch_all", "BREAKING CHANGE: `fetch_all()` is renamed "
                "`fetch_many()`; the old name is removed.", path="src/api.py", n=1),
        _commit("Deprecate the `legacy_ids` option", "`legacy_ids` is deprecated and will be "
                "removed in 3.0; use `id_format` instead.", path="src/options.py", n=2),
        _commit('Revert "Use the C parser by default"', "This reverts commit "
                "0123456789abcdef0123456789abcdef01234567.\n\nThe C parser crashes on files "
                "with a BOM, because it reads the first three bytes as text.",
                path="src/parser.py", n=3),
        _commit("Escape user names in the admin page", "Names were written into the page "
                "unescaped, which allowed stored XSS (CVE-2026-1234) in the admin view.",
                path="src/admin/views.py", n=4))
    texts = {e.refs[0][-1]: (e.section, e.content) for e in found}
    assert len(texts) == 4, found
    assert "`fetch_many()`" in texts["1"][1]
    assert texts["2"] == ("facts", "`legacy_ids` is deprecated and will be removed in 3.0; use "
                                   "`id_format` instead")  # a line may not open with a span
    assert texts["3"][0] == "bug-patterns" and "because it reads the first three bytes" in \
        texts["3"][1] and texts["3"][1].startswith('Reverted "Use the C parser by default"')
    assert texts["4"][0] == "bug-patterns" and "XSS" in texts["4"][1]


def test_a_changelog_fragment_the_commit_adds_is_read() -> None:
    fragment = ("diff --git a/changelog/2869.bugfix.rst b/changelog/2869.bugfix.rst\n"
                "new file mode 100644\n@@ -0,0 +1,3 @@\n"
                "+An error raised while writing to the pager no longer gets replaced by a\n"
                "+``PermissionError`` on Windows: the temporary file was unlinked before it was\n"
                "+closed, so the cleanup failure masked the real exception.\n")
    (item,) = _items(_commit("Close the pager file before unlinking it", "",
                             path="src/click/_termui_impl.py", diff=fragment))
    assert item.section == "bug-patterns"
    assert "the temporary file was unlinked before it was closed, so the cleanup failure " \
        "masked the real exception" in item.content


def test_changelog_bullets_and_changesets_are_entries_of_their_own() -> None:
    changelog = ("diff --git a/CHANGES.md b/CHANGES.md\n@@ -3,0 +4,4 @@\n"
                 "+- {func}`get_text_stream` is deprecated and will be removed in Click 9.0.\n"
                 "+  {issue}`3481` {pr}`3695`\n"
                 "+- Streamline option handling. Behavior is unchanged. {pr}`3641`\n"
                 "+- The help option stores its value under `_click_help` instead of `help`,\n"
                 "+  so a parameter named `help` no longer breaks parsing. {issue}`2819`\n")
    found = _items(_commit("Mark private helpers", "", path="src/click/utils.py",
                           diff=changelog))
    assert [(e.section, e.content) for e in found] == [
        ("facts", "`get_text_stream` is deprecated and will be removed in Click 9.0"),
        ("architectural-decisions", "The help option stores its value under `_click_help` "
         "instead of `help`, so a parameter named `help` no longer breaks parsing")]


def test_no_degraded_items() -> None:
    """A cut sentence, a dangling "there", a one-line fix-up filed as a convention."""
    found = _items(
        _commit("fix: typo", "Fix the typo there because it was wrong.", n=1),
        _commit("Update the loader", "It is faster there, because the cache and the", n=2),
        _commit("fix(api): handle empty ids", "Always check it.", n=3),
        _commit("fix(api): retry", "We might retry twice because the server may be slow?",
                n=4))
    assert found == []


def test_a_body_that_goes_on_from_the_subject_keeps_the_subject() -> None:
    """restic: "mount: replaces the custom isInside helper ..." said nothing of what did."""
    (item,) = _items(_commit("mount: use existing HasPathPrefix helper",
                             "replaces the custom isInside helper to check path nesting",
                             path="cmd/restic/cmd_mount.go"))
    assert item.content == ("mount: use existing HasPathPrefix helper \u2014 replaces the "
                            "custom isInside helper to check path nesting")


def test_what_a_change_does_now_and_a_titled_entry_are_facts() -> None:
    """prettier's changelog_unreleased/<language>/ fragments were not read as changelog
    entries; "Prettier now treats ..." and restic's "Enhancement: ..." titles gave nothing."""
    prettier = ("diff --git a/changelog_unreleased/misc/19538.md "
                "b/changelog_unreleased/misc/19538.md\n@@ -0,0 +1,3 @@\n"
                "+#### Handle Unicode zero-width marks in string width (#19538 by @someone)\n"
                "+\n"
                "+Prettier now treats Unicode nonspacing and enclosing marks as zero-width "
                "when measuring lines.\n")
    (item,) = _items(_commit("Handle zero-width marks", "", path="src/utils/width.js",
                             diff=prettier))
    assert (item.section, item.content) == (
        "facts", "Prettier now treats Unicode nonspacing and enclosing marks as zero-width "
        "when measuring lines")
    restic = ("diff --git a/changelog/unreleased/issue-21892 b/changelog/unreleased/issue-21892"
              "\n@@ -0,0 +1,3 @@\n"
              "+Enhancement: `restic repair snapshots --forget` removes broken snapshot files\n"
              "+\n+https://github.com/restic/restic/issues/21892\n")
    (item,) = _items(_commit("repair: handle broken snapshots", "",
                             path="cmd/restic/cmd_repair_snapshots.go", diff=restic))
    assert item.content == "`restic repair snapshots --forget` removes broken snapshot files"


def test_a_title_without_its_blank_line_and_a_trailing_link_stay_out_of_the_item() -> None:
    """restic: "Bugfix: Show timezone location in `snapshots` output Since restic ..." and
    "... points to the newest snapshot. https://github.com/...": a lean diff has no blank
    line after the title, and a link after the last full stop stayed on."""
    restic = ("diff --git a/changelog/unreleased/pull-21876 b/changelog/unreleased/pull-21876"
              "\n@@ -0,0 +1,4 @@\n"
              "+Bugfix: Show timezone location in `snapshots` output\n"
              "+Restic now invalidates the cached snapshot directory entries after a reload "
              "so that `latest` points to the newest snapshot. "
              "https://github.com/restic/restic/issues/5722\n")
    (item,) = _items(_commit("snapshots: show location name", "",
                             path="cmd/restic/cmd_snapshots.go", diff=restic))
    assert item.content == ("snapshots: restic now invalidates the cached snapshot directory "
                            "entries after a reload so that `latest` points to the newest "
                            "snapshot")


def test_a_sentence_about_the_state_before_the_change_follows_its_subject() -> None:
    """Held-out (golang/crypto): "ssh: raise the RSA modulus limit to 16384 bits" kept
    only its body's "the fix for CVE-... capped the accepted RSA modulus at 8192 bits,
    ... to bound the CPU cost", which says what is no longer so."""
    body = ("The fix for CVE-2026-39829 capped the accepted RSA modulus at 8192 bits, "
            "matching crypto/tls, to bound the CPU cost of verifying an attacker-supplied "
            "key. That rejected keys OpenSSH generates.")
    texts = [e.content for e in _items(_commit("ssh: raise the RSA modulus limit to 16384 bits",
                                               body, path="ssh/keys.go"))]
    assert any("16384" in text and "8192" in text for text in texts), texts
    assert not any("8192" in text and "16384" not in text for text in texts), texts


@pytest.mark.parametrize(("subject", "body"), [
    ("Add opt-in Ractor compat via `rack/ractorize`",
     "We can potentially deprecate the public constant modification, but it will take a "
     "few versions before we could actually freeze the values."),
    ("Make `HTTP_METHODS` shareable across Ractors",
     "Currently, using `HTTP_METHODS` from a non-main Ractor will raise "
     "`RactorIsolationError` because it is a mutable array."),
    ("Escape only invalid cookie keys",
     "We are planning to deprecate `escape_cookie_key`, so that callers can migrate early."),
    ("Use `must_raise` in the request specs",
     "`must_raise` is sort of the alias for `assert_raises`, so the message check goes."),
    ("refactor(builder): rename the blacklist field to conflicts",
     "The field is `pub(crate)`, so this is not a public API change."),
    ("Keep the `legacy_loader` shim",
     "Had hoped we could drop `legacy_loader` now, but plugins still import it because "
     "of the old entry points.")])
def test_a_guess_a_plan_the_state_before_or_the_change_itself_is_no_item(
        subject: str, body: str) -> None:
    """rack and clap windows: "can potentially deprecate ...", "Currently, using ... will
    raise" (true only before the change), "Are planning to deprecate ...", "is sort of the
    alias", "so this is not a public API change" were kept as knowledge."""
    assert [e.content for e in _items(_commit(subject, body, path="lib/rack/request.rb"))] == []


def test_a_changelog_entrys_references_and_thanks_leave_no_markup() -> None:
    """rack's CHANGELOG.md: "rack.input is now optional. (,, [@ioquatix])"."""
    changelog = ("diff --git a/CHANGELOG.md b/CHANGELOG.md\n@@ -3,0 +4,2 @@\n"
                 "+- `rack.input` is now optional. "
                 "([#1997](https://github.com/rack/rack/pull/1997), "
                 "[#2018](https://github.com/rack/rack/pull/2018), "
                 "[@ioquatix])\n")
    texts = [e.content for e in _items(_commit("Make the body optional", "",
                                               path="lib/rack/lint.rb", diff=changelog))]
    assert not any("(" in text or "@" in text for text in texts), texts


def test_a_sentence_that_opens_with_similarly_leans_on_the_one_before() -> None:
    """restic: an item began "Similarly, `restic backup --exclude-larger-than 1M ...`"."""
    body = ("Excluding a directory that was named on the command line gave an empty "
            "snapshot. Similarly, `restic backup --exclude-larger-than 1M big.bin` produced "
            "an empty snapshot when the file was larger than one megabyte, so backups lost "
            "data.")
    texts = [e.content for e in _items(_commit("backup: keep explicit paths", body,
                                               path="internal/archiver/scanner.go"))]
    assert texts and not any(t.lower().startswith(("similarly", "backup: similarly"))
                             for t in texts), texts


@pytest.mark.parametrize("body", [
    "I suspect most experienced users won't like the change in defaults, so document the "
    "setting `default_cli_command` to toggle back.",
    "I feel `#built_at` is not very accurate because sometimes it's just the current date.",
    "I realized `--redownload` is not a good name, because it does not redownload gems."])
def test_an_opinion_in_the_first_person_is_no_item_once_its_i_is_gone(body: str) -> None:
    """rubygems: "I suspect ...", "I feel ...", "I realized ..." lost their "I" to the
    lead that is stripped ("Suspect most ...", "If feel ...") and were kept."""
    assert [e.content for e in _items(_commit("Tune the `bundle` CLI defaults", body,
                                               path="bundler/lib/bundler/cli.rb"))] == []


def test_a_reason_given_with_as_this_would_is_a_reason() -> None:
    """prettier's changelog_unreleased/markdown/19487.md: "Do not remove `<>` from ... a
    title, as this removal would change its interpretation" was not read as a reason."""
    fragment = ("diff --git a/changelog_unreleased/markdown/19487.md "
                "b/changelog_unreleased/markdown/19487.md\n@@ -0,0 +1,3 @@\n"
                "+#### Avoid corrupting empty link with title (#19487 by @andersk)\n+\n"
                "+Do not remove `<>` from an inline link or image with an empty URL and a "
                "title, as this removal would change its interpretation.\n")
    texts = [e.content for e in _items(_commit("Avoid corrupting empty Markdown link", "",
                                               path="src/language-markdown/print.js",
                                               diff=fragment))]
    assert any("`<>`" in t and "would change its interpretation" in t for t in texts), texts
    assert not _items(_commit("Format the table", "It keeps the widths, as it was before.",
                              path="src/language-markdown/print.js"))


def _fragment(path: str, text: str, new: bool = True) -> str:
    head = "@@ -0,0 +1,1 @@" if new else "@@ -1,1 +1,1 @@\n-old text"
    return f"diff --git a/{path} b/{path}\n{head}\n+{text}\n"


def test_a_fragment_a_later_commit_rewrites_is_read_as_it_ends() -> None:
    """trio: newsfragments/3035.feature.rst said `trio.Lock` raises `StalledLockError`;
    a later commit of the same run rewrote it to `BrokenResourceError`, and both were
    kept, the first no longer true."""
    path = "newsfragments/3035.feature.rst"
    first = _commit("Add StalledLockError", "", path="src/trio/_sync.py", n=1, diff=_fragment(
        path, "`trio.Lock` will now raise `trio.StalledLockError` when `acquire()` would "
        "previously stall because the owner exited without releasing it."))
    later = _commit("Use BrokenResourceError", "", path="src/trio/_sync.py", n=2,
                    diff=_fragment(path, "`trio.Lock` will now raise `trio.BrokenResourceError`"
                                   " when `acquire()` would previously stall because the "
                                   "owner exited without releasing it.", new=False))
    first, later = (replace(c, files=(*c.files, FileChange(path, 1, 1))) for c in (first, later))
    texts = [e.content for e in _items(first, later)]
    assert any("BrokenResourceError" in t for t in texts), texts
    assert not any("StalledLockError" in t for t in texts), texts


def test_a_fragment_a_release_deletes_or_moves_still_says_what_holds() -> None:
    """trio's and restic's windows: the release commit that consumes every fragment
    (towncrier deletes them, restic moves them out of unreleased/) counted as rewriting
    each one, and every fragment item was lost."""
    path = "newsfragments/3035.feature.rst"
    added = replace(_commit("Add BrokenResourceError", "", path="src/trio/_sync.py", n=1,
                            diff=_fragment(path, "`trio.Lock` will now raise "
                                           "`trio.BrokenResourceError` when `acquire()` would "
                                           "previously stall because the owner exited.")),
                    files=(FileChange("src/trio/_sync.py", 3, 1), FileChange(path, 1, 0)))
    release = _commit("Bump version to 0.30.0", "", path="docs/source/history.rst", n=2)
    for gone in (FileChange(path, 0, 1, status="D"),
                 FileChange("newsfragments/0.30.0/3035.feature.rst", 0, 0, status="R",
                            old_path=path)):
        texts = [e.content for e in _items(added, replace(release, files=(gone,)))]
        assert any("BrokenResourceError" in t for t in texts), texts


def test_a_fragment_a_later_commit_only_rewords_keeps_its_first_version() -> None:
    """restic: "Nitpicks on changelogs" touched a line of many fragments; their items
    were dropped though the nitpick itself said nothing whole."""
    path = "changelog/unreleased/issue-5344"
    first = replace(_commit("fs: ignore EOPNOTSUPP for xattrs", "", path="internal/fs/x.go",
                            n=1, diff=_fragment(path, "Other BSD systems can return "
                                                "`EOPNOTSUPP` too, so restic now ignores "
                                                "these errors for extended attributes.")),
                    files=(FileChange("internal/fs/x.go", 3, 1), FileChange(path, 1, 0)))
    nitpick = replace(_commit("Nitpicks on changelogs", "", path=path, n=2,
                              diff=_fragment(path, "extended attributes.", new=False)),
                      files=(FileChange(path, 1, 1),))
    texts = [e.content for e in _items(first, nitpick)]
    assert any("EOPNOTSUPP" in t for t in texts), texts


@pytest.mark.parametrize(("subject", "body"), [
    ("Fix MockResponse#body when the body is a Proc",
     "Previously, `MockResponse#body` raised errors like\n\n    NoMethodError: each"),
    ("Add Content-Disposition parameter parser",
     "In addition to fixing the bug introduced by the security fix, this removes multiple "
     "separate passes over the mime head.")])
def test_a_sentence_cut_before_its_example_or_its_lead_is_no_item(subject: str,
                                                                   body: str) -> None:
    """rack: "... — Previously, we would see errors like" (the example was a code block)
    and "... — to fixing the bug introduced by the security fix, ..." ("In addition"
    stripped as if it led the sentence)."""
    texts = [e.content for e in _items(_commit(subject, body, path="lib/rack/mock.rb"))]
    assert not any(t.endswith(" like") or "— to fixing" in t for t in texts), texts


@pytest.mark.parametrize("aside", [
    "For comparison, the reference server rejects such frames outright, so the bytes are "
    "never counted against the peer.",
    "By contrast, the C client never buffers them, so its window stays open.",
    "In contrast, libfoo closes the stream at once because it keeps no buffer.",
])
def test_a_sentence_that_compares_with_another_system_is_no_item(aside: str) -> None:
    """A held-out window kept only an aside ("For comparison, OpenSSH rejects ... so the
    dropped bytes are never credited back") from a commit whose point was the opposite:
    Go now credits them back.  An aside describes something else, not this code."""
    body = ("Discarded extended-data bytes are now credited back to the window, because "
            "otherwise a peer that sends them stalls the channel. " + aside)
    texts = [e.content for e in _items(_commit("ssh: credit discarded extended data",
                                               body, path="ssh/channel.go"))]
    assert texts and not any(aside[:30] in t for t in texts), texts


def test_the_same_sentence_with_other_figures_later_in_the_run_supersedes_it() -> None:
    """fd: "The default number of threads is now constrained to be at most 16", then two
    later commits "... at most 64": the memory stated both limits as current."""
    said = "The default number of threads is now constrained to be at most {}."
    first = _commit("Set maximum default threads", said.format(16), path="src/cli.rs")
    later = replace(_commit("cli: tweak default thread count logic", said.format(64),
                            path="src/cli.rs"), sha="b" * 40)
    again = replace(_commit("Prepare the 9.0 release", said.format(64), path="Cargo.toml"),
                    sha="c" * 40)
    texts = [e.content for e in _items(first, later, again)]
    assert not any("at most 16" in t for t in texts), texts
    assert sum("at most 64" in t for t in texts) == 1, texts


def test_a_choice_whose_reason_is_what_it_lets_happen_is_kept() -> None:
    """tenacity: "Replace lambdas in retry strategy classes with bound methods so they can
    be pickled with standard pickle." is a choice with its reason; "so they can" was no
    reason, so the picklability fix kept nothing."""
    commit = _commit("fix: make Retrying and retry strategies picklable for multiprocessing",
                     "Replace lambdas in retry strategy classes with bound methods so they "
                     "can be pickled with standard pickle.", path="tenacity/retry.py")
    texts = [e.content for e in _items(commit)]
    assert any("so they can be pickled" in t and "bound methods" in t for t in texts), texts


# -- held-out windows (issue 29): sentences of bodies an agent would act on ---------------------


def _contents(subject: str, body: str) -> list[str]:
    return [e.content for e in _items(_commit(subject, body, path="src/store.c"))]


def test_a_lead_taken_off_never_leaves_a_sentence_without_its_subject() -> None:
    """"This change was made so that ..." became "— was made so that ...": the item said
    the subject's change was made for the reason upstream gave for its own."""
    contents = _contents("refdb: keep deleted entries",
                         "Upstream made it possible to keep deleted entries when iterating a "
                         "stack. This change was made so that callers can tell a removed ref "
                         "from one never written.")
    assert not any("\u2014 was made" in c or c.startswith("Was made") for c in contents)
    assert any("This change was made so that callers can tell a removed ref from one never "
               "written" in c and "pstream made it possible to keep deleted entries" in c
               for c in contents)


@pytest.mark.parametrize("body", [
    "Object ids now carry a leading type tag. Do not try to copy that as a stored reference "
    "value.",
    "inflate() reports Z_BUF_ERROR when a stream is cut short. The default error mapper "
    "treats that as non-fatal so callers can retry with more input."])
def test_a_pronoun_that_stands_for_the_sentence_before_brings_it_or_stays_out(body: str
                                                                             ) -> None:
    """"Do not try to copy that as ..." and "— The default error mapper treats that as
    non-fatal" were kept without what "that" is."""
    first = body.split(". ", maxsplit=1)[0]
    for content in _contents("zstream: fail on truncated input", body):
        assert "that as" not in content or first in content, content


@pytest.mark.parametrize(("subject", "body", "said"), [
    ("loader: refuse plugin paths outside the plugin root",
     "Resolve each plugin path and reject it when it points outside the plugin root. This "
     "prevents a crafted plugin manifest from writing files outside the install directory.",
     "This prevents a crafted plugin manifest from writing files outside the install "
     "directory"),
    ("Add support for unknown index extensions",
     "This allows unknown optional extensions read from an index to be written back "
     "unchanged.",
     "this allows unknown optional extensions read from an index to be written back "
     "unchanged")])
def test_what_a_change_lets_happen_or_prevents_is_kept_with_the_change(
        subject: str, body: str, said: str) -> None:
    """"This prevents ...", "This allows ..." after the change they explain: nothing was
    kept (the lead was read as a word that points at nothing)."""
    contents = _contents(subject, body)
    (content,) = [c for c in contents if said in c]
    first = body.split(". ", maxsplit=1)[0]
    assert first.lower() in content.lower() or content.startswith(subject)


@pytest.mark.parametrize(("subject", "body", "said"), [
    ("settings: add a maximum object size", "Reject objects larger than 2 GiB by default.",
     "Reject objects larger than 2 GiB by default"),
    ("Dispatch on refresh for missed notifications",
     "The default `refresh_interval` is now 60s (was 30s), since it only controls recovery "
     "time.", "The default `refresh_interval` is now 60s (was 30s), since it only controls "
     "recovery time"),
    ("cli: add a confirmation prompt option",
     "Add a `RequireEnter` property to the prompt, which defaults to `true`.",
     "Add a `RequireEnter` property to the prompt, which defaults to `true`")])
def test_a_changed_default_is_kept(subject: str, body: str, said: str) -> None:
    """What a setting does when nobody sets it: nothing was kept."""
    items = _items(_commit(subject, body, path="src/store.c"))
    (item,) = [e for e in items if said[1:] in e.content]
    assert item.section == "facts"
    assert item.content.lower().startswith(subject.lower())  # what it is about


def test_a_reason_after_since_is_kept() -> None:
    contents = _contents("mmap: use private mappings for read-only files",
                         "Keep the writable index mapping shared, since writes made through "
                         "that mapping must reach the file on disk.")
    assert any("since writes made through that mapping must reach the file on disk" in c
               for c in contents)


def test_since_a_version_is_no_reason() -> None:
    assert _contents("Document the reader options",
                     "The reader accepts a buffer, since version 2.1 of the format.") == []


def test_what_a_state_led_to_is_its_cause() -> None:
    """"This led to ..." (past) was not read as what the state before led to."""
    contents = _contents("Move the publishing plugin to the release profile",
                         "The publishing plugin was declared in the global build section "
                         "with extensions enabled. This led to build failures in CI when the "
                         "plugin could not be downloaded.")
    assert any("This led to build failures in CI" in c for c in contents)


def test_a_sentence_the_next_one_leans_on_goes_with_it() -> None:
    """A reason ("..., since the extra had no floor") was taken alone, and the cause that
    leans on it ("That old release ... silently disappeared") lost its start."""
    contents = _contents("Pin the minimum version of the notebook extension",
                         "The preview build resolved the notebook extension down to 0.9.3, "
                         "since the docs extra had no version floor. That old release renders "
                         "the directives differently, so the embedded notebook silently "
                         "disappeared from the page.")
    assert any("since the docs extra had no version floor. That old release" in c
               for c in contents), contents


def test_a_sentence_with_a_gap_where_a_link_was_is_no_item() -> None:
    """A changelog's "GHC proposal [#522](...): `OrPatterns` (enabled by default)" became
    "GHC proposal : `OrPatterns` (enabled by default)"."""
    body = "* Switched to the new parser:\n   * Proposal [#522](https://e.org/p/522): " \
        "`OrPatterns` syntax for the new parser (enabled by default)\n"
    contents = _contents("Switch to the new parser", body)
    assert not any(" : " in c for c in contents), contents


def test_a_lead_that_is_the_sentences_subject_stays() -> None:
    """"We were naively searching ..." was kept as "— Were naively searching ..."."""
    contents = _contents("Fix reading trailers when a payload holds their signature.",
                         "We were naively searching for the trailer records in an archive, "
                         "even if they weren't needed, which caused an issue if they weren't "
                         "there but a payload contained the signature.\n\nNow we only read "
                         "the trailer records if we know we need them.")
    assert not any("\u2014 Were " in c or c.startswith("Were ") for c in contents), contents
    assert any("We were naively searching for the trailer records" in c for c in contents)


def test_a_condition_on_the_sentence_before_is_no_antecedent() -> None:
    """"If it is then this can still cause ... . Simply changes this behaviour ..." was
    kept: the sentence taken to complete another leaned on one before it."""
    contents = _contents("Stop reading the directory on the first error",
                         "The declared entry count can be set too high on purpose. If it is, "
                         "this can still cause many false reads. This commit changes this "
                         "behaviour so that reading stops at the first bad entry.")
    assert not any(c.startswith("If it is") or "\u2014 if it is" in c.lower()
                   for c in contents), contents


def test_how_a_labelled_fix_avoids_the_bug_is_kept_with_it() -> None:
    """"Fix: increment the version in clear() so ..." after the race it ends: nothing was
    kept."""
    body = ("When clear() is called while an async reload is still pending, the older read "
            "can finish afterwards and apply the value that was just cleared.\n\n"
            "Fix: increment the load version in clear() so any in-flight reload is treated "
            "as stale and discarded.")
    items = _items(_commit("fix(store): clear() should invalidate a pending async reload",
                           body, path="src/store.ts"))
    (item,) = [e for e in items if "increment the load version in clear()" in e.content]
    assert item.section == "bug-patterns"
    assert item.content.startswith("store: clear() should invalidate a pending async reload "
                                   "\u2014 ")


def test_a_lower_case_fix_line_is_a_commit_not_a_label() -> None:
    body = "fix: handle commas in the challenge values of the digest header"
    assert not any(c.startswith("Add digest auth \u2014 handle")
                   for c in _contents("Add digest auth", body))


def test_a_name_pointed_at_with_that_brings_the_sentence_that_said_it() -> None:
    """"In compact mode that `pro` is a forced break, ..." was kept without the sentence
    that says which `pro`."""
    body = ("The shortcut threads the branch `pro` into the inner expression. In compact "
            "mode (and vertical) that `pro` is a forced break, so the header box never fits "
            "and is forced to break.")
    for content in _contents("Fix the begin match layout in compact mode", body):
        assert "that `pro`" not in content or "threads the branch `pro`" in content, content


def test_a_lead_in_that_announces_an_explanation_goes() -> None:
    contents = _contents("More compact formatting for loops with an empty body",
                         "To explain a bit: loops are fairly inexpressive in the language, "
                         "because it has no `break` statement.")
    assert not any("To explain" in c or "to explain" in c for c in contents), contents


def test_a_body_that_opens_with_what_the_change_prevents_is_kept_after_the_subject() -> None:
    """"Prevents inconsistent colouring if ..." (the subject's change is its subject):
    nothing was kept."""
    contents = _contents("Do not draw the current char if none is configured",
                         "Prevents inconsistent colouring when a foreground and a background "
                         "colour are given together with two different fill chars.")
    assert contents == ["Do not draw the current char if none is configured \u2014 Prevents "
                        "inconsistent colouring when a foreground and a background colour "
                        "are given together with two different fill chars"]


def test_a_request_quoted_in_a_body_is_no_item() -> None:
    """A prompt quoted in a body ("... to avoid race conditions. please summarize this as
    comments") was kept as a bug pattern."""
    body = ("Prompt (an assistant in the web UI):\n\nin this code, there is an invariant in "
            "the order of setting the two cells to avoid race conditions. please summarize "
            "this in comments at the top of the function")
    assert not any("please" in c for c in _contents("Describe the memoize constraint", body))


def test_there_is_written_short_is_still_there_is() -> None:
    """"so there's not much danger ..." was read as a "there" that points at a place."""
    contents = _contents("Ignore rate limit errors when checking links to the forum",
                         "The forum is good at preserving old URLs, so there's not much danger "
                         "in a 429 hiding a broken link.")
    assert any("so there's not much danger in a 429 hiding a broken link" in c
               for c in contents), contents


@pytest.mark.parametrize(("subject", "body"), [
    ("The level 2 loader accepts a shared dictionary",
     "But the state must have its compression level set before loading the dictionary."),
    ("Linked blocks can use several threads",
     "but do not support a dictionary together with them.")])
def test_a_body_that_goes_on_with_the_limit_of_the_subject_is_kept_with_it(
        subject: str, body: str) -> None:
    """A body that continues its subject with "but ..." gave nothing: the condition an agent
    must meet, or what does not work, was lost."""
    (content,) = _contents(subject, body)
    assert content.startswith(f"{subject} \u2014 but ")
    assert body.rstrip(".")[4:] in content


def test_a_but_without_a_limit_is_no_item() -> None:
    assert _contents("Rename the loader", "But keep the old name working as well.") == []


def test_a_pair_that_does_not_name_what_the_subject_names_comes_after_it() -> None:
    """"The plugin was declared in the global build section ... This led to build failures"
    was kept without saying which plugin; the subject names it."""
    contents = _contents("Move central-publishing-maven-plugin to the release profile",
                         "The plugin was declared in the global build section with extensions "
                         "enabled. This led to build failures in CI when the plugin could not "
                         "be downloaded.")
    (content,) = [c for c in contents if "This led to build failures" in c]
    assert content.startswith("Move central-publishing-maven-plugin to the release profile "
                              "\u2014 The plugin was declared")


def test_a_body_without_its_own_subject_after_an_adverb_comes_after_the_subject() -> None:
    """"correctly skips the start-up of the program, so that ..." was kept without saying
    what skips it (the subject: the Windows cpu time measure)."""
    contents = _contents("Better cpu time measurement on Windows",
                         "correctly skips the start-up part of the program, so that it is now "
                         "on par with the clock() of posix.")
    assert contents and all(c.startswith("Better cpu time measurement on Windows \u2014 ")
                            for c in contents), contents


@pytest.mark.parametrize(("body", "said"), [
    ("The pruner's `:max_age` now accepts a period tuple such as `{1, :day}` in addition to "
     "an integer count of seconds.", "now accepts a period tuple"),
    ("Default connection receive window is now 16 MB (was 65_535), sent as part of the "
     "connection preface.", "Default connection receive window is now 16 MB")])
def test_what_the_code_does_now_after_a_name_or_a_figure_is_kept(body: str, said: str) -> None:
    """"`:max_age` now accepts ..." (a code span before "now") and "is now 16 MB" (a figure
    after it) were not read as what the code does since the change."""
    contents = _contents("Accept period durations in the pruner", body)
    assert any(said in c for c in contents), contents


def test_a_removal_whose_body_judges_what_it_removes_keeps_that_reason() -> None:
    """zls-like: "remove X" with "This logic is mostly guesswork." gave nothing (five words,
    and "This logic" points back): the first sentence of a removal that judges what went
    is why it went (issue 29)."""
    [item] = _items(_commit("remove fuzzy import suggestions",
                            "This heuristic is mostly unreliable. Maybe revisit later.",
                            path="src/imports.ts"))
    assert item.content == "Remove fuzzy import suggestions \u2014 this heuristic is mostly " \
                           "unreliable"
    assert item.section == "architectural-decisions"


def test_a_removal_whose_body_only_describes_what_it_removes_is_no_reason() -> None:
    assert _items(_commit("remove fuzzy import suggestions",
                          "This heuristic is used by the completion provider.",
                          path="src/imports.ts")) == []


def test_what_a_change_will_ensure_is_its_reason_anchored_by_the_subject() -> None:
    """zls-like: "This change will ensure that the proxy will only ever be queried once
    by using ..." leaned on "this change" and gave nothing."""
    found = _items(_commit(
        "improve node lookup when using shims or version managers",
        "The node binary may be a shim that forwards to different versions.\n\n"
        "This change will ensure that the shim is only ever resolved once by reading the "
        "`execPath` that `node -p` prints.", path="src/runtime.ts"))
    assert [e.content for e in found] == [
        "Improve node lookup when using shims or version managers \u2014 this change will "
        "ensure that the shim is only ever resolved once by reading the `execPath` that "
        "`node -p` prints"]


def test_a_span_the_subject_names_its_change_by_leads_a_sentence_that_lacks_it() -> None:
    """shards-like: "Use `Process.exec` in `shards run`" with a body sentence about
    `Process.exec` alone lost which command it is about."""
    [item] = _items(_commit("Use `os.replace` in `cache prune`",
                            "Use `os.replace` on POSIX systems to swap the index in one "
                            "step. This doesn't work on Windows, so we use `shutil.copy` "
                            "instead.", path="src/cache.py"))
    assert item.content.startswith("Use `os.replace` in `cache prune` \u2014 ")


def test_what_a_change_makes_unneeded_is_a_fact_of_it() -> None:
    """shards-like: "There's no need to bootstrap the initial installation of the molinillo
    dependency anymore" after "Vendor `lib/molinillo`" gave nothing."""
    found = _items(_commit("Vendor `third_party/yamlcpp`",
                           "This simplifies the build. There's no need to fetch the yaml-cpp "
                           "sources before the first build anymore.", path="src/yaml/loader.cc"))
    assert [e.content for e in found] == [
        "Vendor `third_party/yamlcpp` \u2014 There's no need to fetch the yaml-cpp sources "
        "before the first build anymore"]


def test_regression_coverage_is_no_regression() -> None:
    assert _items(_commit("Avoid treating `keyword` wrappers as redundant",
                          "Add regression coverage for both wrappers.",
                          path="src/lint.clj")) == []


def test_what_a_change_will_allow_for_something_it_does_not_name_is_left_out() -> None:
    """shards-like: "This change will allow using the makefile in those scripts" points at
    scripts the item does not name."""
    assert _items(_commit("Allow `make all` to take extra FLAGS",
                          "Packagers pass their own flags.\n\nThis change will allow using "
                          "the makefile in those scripts.", path="Makefile.in")) == []


def test_a_sentence_telling_the_state_before_the_change_is_no_fact() -> None:
    """Hangfire: "Previously only `BackgroundJobServer` instances were removed." was kept
    alone, and said nothing of what holds now (a blind judge: antecedent lost)."""
    commit = _commit("Unregister every `IHostedWorker` on shutdown",
                     "Previously only `QueueWorker` instances were removed from the registry.",
                     path="src/Host/Shutdown.cs")
    assert [e.content for e in _items(commit) if "Previously" in e.content] == []


def test_a_previous_state_that_went_wrong_is_still_a_cause() -> None:
    """The near miss: "Previously, X was silently treated as Y" in a fix is its cause."""
    commit = _commit("fix: parse `--limit=0` as no limit",
                     "Previously, `--limit=0` was silently treated as a limit of one row, "
                     "which broke exports.", path="src/cli/args.rs")
    assert any("silently treated" in e.content for e in _items(commit))


def test_a_spelling_fix_is_no_bug_pattern() -> None:
    """Hangfire: "Fix grammar and spelling in user-facing messages" was filed as a bug
    pattern with the corrected phrase as its cause."""
    commit = _commit("Fix grammar and spelling in the `Mailer` messages",
                     "`Mailer.send`: \"can not be delivered\" -> \"cannot be delivered\" in "
                     "the error raised when the relay rejects the message due to its size.",
                     path="lib/mailer.rb")
    assert [e for e in _items(commit) if e.section == "bug-patterns"] == []


@pytest.mark.parametrize(("body", "leaning"), [
    ("On a slow disk the lock file outlives the process. `flock -n` can be used to avoid "
     "this, which is short but not available on macOS.", "to avoid this"),
    ("Go slices passed to C lose their capacity. One way to keep this information is to "
     "pass `cap(s)` as a second argument, which the C side now checks.", "this information")])
def test_a_sentence_pointing_back_inside_it_goes_with_the_one_it_leans_on(
        body: str, leaning: str) -> None:
    """bash-completion, merlin: "OpenSSH has the option -n to avoid this" and "One way to
    partially retain this information is ..." were kept alone: avoid what, which
    information?  Such a sentence comes with the one before it, or not at all."""
    commit = _commit("Keep the lock across restarts", body, path="scripts/lock.sh")
    texts = [e.content for e in _items(commit) if leaning in e.content]
    assert texts and all(body.split(".", maxsplit=1)[0] in t for t in texts), texts


def test_this_followed_by_a_name_points_at_that_name() -> None:
    """The near miss: "this `--force` option" names what it points at."""
    commit = _commit("Drop the `--force` flag from `sync`",
                     "The `--force` flag is deprecated because this `--force` option skipped "
                     "the lock and corrupted the index.", path="src/cmd/sync.go")
    assert any(e.content.startswith("The `--force` flag is deprecated") or
               "this `--force` option" in e.content for e in _items(commit))



def test_an_aim_of_the_change_that_opens_a_sentence_comes_with_the_subject() -> None:
    """axios abf9541 (a new user's try): "To test this, a minimum TypeScript version of 4.7
    is needed, so it has been updated" was kept alone, its "this" the change the subject
    names, the sentence before it first-person.  "To <verb> this," is an aim of the change
    itself: the subject comes first, as it does before "This change lets ..."."""
    body = ("This is done by duplicating `index.d.ts` into `index.d.cts`, and modifying it "
            "for CommonJS.\n\nUnfortunately I was unable to find a way to re-use types "
            "without drastically changing the code base.\n\nTo test this, a minimum "
            "TypeScript version of 4.7 is needed, so it has been updated.")
    texts = [e.content for e in _items(_commit(
        "fix: fix TypeScript type definitions for commonjs (#5196)", body,
        path="index.d.cts"))]
    assert not any(t.startswith("To test this") for t in texts), texts
    assert any(t.startswith("Fix TypeScript type definitions for commonjs \u2014 to test this")
               for t in texts), texts


def test_this_before_a_noun_takes_the_sentence_that_named_the_thing_along() -> None:
    """urllib3 (judge14): "Passing `ssl_context` ... in this configuration now emits a
    `FutureWarning`" and "... can now install this group directly" stood alone, cut from
    what they pointed at (judged useless); absinthe's "Skip the X phase to avoid this
    check" was judged wrong.  "this" before a noun points back like "this case" does: the
    sentence before comes along, or the sentence is not kept."""
    body = ("Fixed usage of `proxy_ssl_context` with `ProxyManager` when "
            "`use_forwarding_for_https=True`. Passing `ssl_context` instead of "
            "`proxy_ssl_context` for HTTPS proxies in this configuration now emits a "
            "`FutureWarning` and will raise an error in v3.0.")
    texts = [e.content for e in _items(_commit("Fix proxy_ssl_context for forwarding proxies",
                                               body, path="src/urllib3/poolmanager.py"))]
    assert not any(t.startswith("Passing `ssl_context`") for t in texts), texts
    assert any("Fixed usage of `proxy_ssl_context`" in t and "this configuration" in t
               for t in texts), texts


def test_an_order_on_them_takes_the_sentence_that_named_them_along() -> None:
    """fmt d45179c (judge14): "Merge them into a single overload ..." stood alone, its
    "them" (the two overloads) in the sentence before (judged useless)."""
    body = ("The appender and generic-iterator overloads only differed in whether the "
            "integer formatting code was inlined. Merge them into a single overload and "
            "select write_int_noinline via if constexpr, keeping the same codegen with no "
            "size regression.")
    texts = [e.content for e in _items(_commit("Merge the two integer write overloads into one",
                                               body, path="include/fmt/format.h"))]
    assert not any(t.startswith("Merge them") for t in texts), texts


def test_a_sentence_about_code_its_subject_names_keeps_the_subject_before_it() -> None:
    """Before (a new user's try, anyio): "The try block wrapped the call rather than the
    attribute lookup, so ..." was kept without the subject that says which method."""
    commit = _commit("Don't mask AttributeError in StapledObjectStream.send_nowait()",
                     "The try block wrapped the call rather than the attribute lookup, so an "
                     "AttributeError raised inside the method was reported as the method not "
                     "being implemented.", path="src/anyio/streams/stapled.py")
    (item,) = _items(commit)
    assert item.content.startswith("Don't mask AttributeError in "
                                   "StapledObjectStream.send_nowait() \u2014 The try block")


def test_a_sentence_that_opens_with_a_version_keeps_the_subject_that_says_of_what() -> None:
    """Before: "v0.1.37 broke the CI due to missing keyword argument support ..." said
    nowhere that v0.1.37 was rsloop's."""
    commit = _commit("Cap rsloop versions",
                     "v0.1.37 broke the CI due to missing keyword argument support in "
                     "loop.subprocess_exec().", path="pyproject.toml")
    (item,) = _items(commit)
    assert item.content.startswith("Cap rsloop versions \u2014 v0.1.37 broke")
    # anchored, a cap its subject calls temporary is what it says: no lasting knowledge
    assert _items(replace(commit, subject="Temporarily cap rsloop versions")) == []


def test_a_sentence_that_names_what_its_subject_names_stands_alone() -> None:
    """The near miss: the sentence names the method itself."""
    commit = _commit("Don't mask AttributeError in StapledObjectStream.send_nowait()",
                     "StapledObjectStream.send_nowait() wrapped the call rather than the "
                     "attribute lookup, so an AttributeError raised inside it was reported "
                     "as a missing method.", path="src/anyio/streams/stapled.py")
    (item,) = _items(commit)
    assert item.content.startswith("StapledObjectStream.send_nowait() wrapped")


def test_a_body_whose_cause_shows_in_ci_and_whose_choice_ends_on_a_particle_is_kept() -> None:
    """A new user's try on fatih/color: "CI logs lost colors because NO_COLOR is set
    globally on the runners. FORCE_COLOR now wins over NO_COLOR instead of being ignored,
    so that a job can opt back in." kept nothing: the cause read as a note on CI (it
    opens with "CI"), the choice as a sentence cut after "in".  A note on the checks is
    one whose CI is or does something ("CI is green"); a particle closes a phrasal verb."""
    body = ("CI logs lost colors because NO_COLOR is set globally on the runners. FORCE_COLOR"
            "\nnow wins over NO_COLOR instead of being ignored, so that a job can opt back in.")
    texts = [e.content for e in _items(_commit("Let FORCE_COLOR override NO_COLOR", body,
                                               path="color.go"))]
    assert any("because NO_COLOR is set globally on the runners" in t for t in texts), texts
    assert any(t.startswith("FORCE_COLOR now wins over NO_COLOR instead of being ignored, so "
                            "that a job can opt back in") for t in texts), texts
    assert not _items(_commit("Fix the flaky retry test", "CI is green again on all "
                              "platforms now.", path="retry_test.go"))


def test_what_the_current_implementation_does_is_the_state_the_change_ends() -> None:
    """bandit 20b51da (fresh19's window, judged wrong): "Unroll WebSocket masking over
    32-byte blocks" kept "The current implementation handles 4 bytes per recursive call",
    which the commit itself made false.  "The current implementation ..." in a body
    says what held until the change, as "Currently, ..." does."""
    body = ("The current implementation handles 4 bytes per recursive call, so a 1 MiB "
            "frame takes more than 262,000 iterations through the main masking clause. "
            "Masking 32 bytes a call cuts the iterations eightfold.")
    from gitmemory.providers.offline.record import history_record

    commit = _commit("Unroll WebSocket masking over 32-byte blocks", body,
                     path="lib/bandit/websocket.ex")
    texts = [e.content for e in [*_items(commit), *history_record([commit])]]
    assert not [t for t in texts if "current implementation" in t], texts
    fixed = _commit("Fix the masking of frames over 64 KiB", "The current implementation "
                    "handles the length as 16 bits, so longer frames were corrupted.",
                    path="lib/bandit/websocket.ex", n=2)
    assert [e for e in history_record([fixed]) if "current implementation" in e.content]


def test_a_sentence_about_a_thing_named_before_goes_with_its_subject_or_not_at_all() -> None:
    """rubocop's window: "The correction is safe by construction: ...", "The cop must also be
    partitioned with the correcting cops in `Team`, since ..." were kept alone (a code name
    further on passed for what they are about), fragments whose "the" points back."""
    reason = ("The rewrite is safe by construction: `def f=...` with no space before the `=` "
              "lexes as a setter name and endless setters are a syntax error, so in any "
              "endless definition that parses, the name is already delimited before the `=` "
              "and inserting spaces cannot change it.")
    short = _contents("Space the endless `=`", reason.replace(" before the `=`", ""))
    assert short and all(c.startswith("Space the endless `=` \u2014") for c in short), short
    long_subject = "[Fix #12] Make `Layout/SpaceAround` aware of endless method definitions"
    assert not any(c.startswith("The rewrite") for c in _contents(long_subject, reason))
    rule = ("Offenses that cannot be corrected now get a todo comment. The check must also be "
            "partitioned with the correcting cops in `Team`, since correctors from the later "
            "round are never applied.")
    assert not any(c.startswith("The check must")
                   for c in _contents("Add todo comments for skipped corrections", rule))


def test_a_choice_keeps_the_reason_the_next_sentence_gives_it() -> None:
    """error-prone's "Use `TreeScanner<Void, Void>` with a local `boolean` field ... instead of
    `TreeScanner<Boolean, Void>` with `reduce()`. This allows short-circuiting ...": the choice
    was kept as a bare migration and its reason left out, as a sentence leaning on one used."""
    contents = _contents("Rework `isGone` in the matcher",
                         "Use `Scanner<Void>` with a local flag instead of `Scanner<Boolean>` "
                         "with `reduce()`. This allows stopping the walk once a match is "
                         "found and removes the boxing.")
    assert any("instead of `Scanner<Boolean>`" in c and "This allows stopping the walk" in c
               for c in contents), contents


def test_a_sentence_that_tells_the_change_by_what_it_does_needs_its_subject() -> None:
    """rubocop's "Enumerating once and returning at the first non-deprecated definition
    avoids both the array and the remaining iterations, ..." and "Scoping to the statement
    rather than a line means one construct covers ...": kept alone, each said what the
    change did without saying to what."""
    subject = "Improve `Lint/DeprecatedRef` speed by short-circuiting `deprecated?` checks"
    body = ("Almost no declaration is deprecated, so the common case walked the whole list "
            "only to fail on the first element checked. Enumerating once and "
            "returning at the first plain definition avoids both the array and the rest of "
            "the walk, with identical results: an empty list still yields `false` and a "
            "wholly deprecated one still yields `true`.")
    assert not any(c.startswith("Enumerating") for c in _contents(subject, body))
    assert not any(c.startswith("Scoping") for c in _contents(
        "[Fix #9] Add `disable-next` directives scoped to the following statement",
        "Scoping to the statement rather than a line means one construct covers the whole "
        "`next-line` family. Directives on consecutive lines stack, and a blank line breaks "
        "the attachment."))


def test_a_flag_the_change_adds_is_kept_with_what_it_does() -> None:
    """error-prone's "Adds flag-guarding options ...:" then "- `-XepOpt:ImpossibleNullComparison:
    CheckOrBuilder=false`: Controls checking impossible null comparisons on ... interfaces":
    how to turn on what the change guards, which no cue spoke for."""
    contents = _contents("Consolidate the matchers into `Matchers`",
                         "Adds options for the checks whose precision was broadened:\n\n"
                         "- `-XepOpt:NullCompare:CheckBuilders=false`: Controls checking null "
                         "comparisons on builder interfaces (previously only matched concrete "
                         "classes).\n")
    assert any("`-XepOpt:NullCompare:CheckBuilders=false`" in c and
               "Controls checking null comparisons" in c for c in contents), contents
    assert not any("`-XepOpt` option" in c for c in contents), contents
    assert not _contents("Tidy the CLI", "- `--quiet`: yes.")


def test_what_a_change_breaks_and_how_goes_with_its_subject() -> None:
    """aiohttp's breaking fragment: "This is breaking because
    `transport.get_extra_info('ssl_object')` now returns `aiofastnet.SSLObject` when speedups
    are installed, ...": its "This is" leans on the change, so it was never kept."""
    contents = _contents("Add fastnet to the speedups extra",
                         "Fastnet provides faster loop functions. This is breaking because "
                         "`transport.get_extra_info('ssl_object')` now returns "
                         "`fastnet.SSLObject` when speedups are installed.")
    assert "Add fastnet to the speedups extra \u2014 this is breaking because " \
           "`transport.get_extra_info('ssl_object')` now returns `fastnet.SSLObject` when " \
           "speedups are installed" in contents, contents


def test_a_failure_told_in_the_present_keeps_the_change_that_ended_it() -> None:
    """fresh21's window judges (grpc-go, read after its blind run): four Architectural
    Decisions stated a bug the window fixed as if it held at the tip ("xds/rbac: ... leaves
    `prefix_len` unset makes `PrefixLen == nil`, so `NewChainEngine` panics"), each anchored
    by its area alone.  A body tells the failure as it stood before the change: the item
    keeps the subject that ended it, and a subject that avoids a failure is a fix."""
    from gitmemory.providers.offline.messages import message_extractions
    from testing.offline_history import make_commit

    avoided = make_commit(
        "ledger/acl: avoid nil deref on an unset range width",
        "A policy whose `range` sets a start but leaves `width` unset makes `Width == nil`, "
        "so `build_engine()` panics while the policy is parsed.")
    nested = make_commit(
        "ledger/acl: apply name checks to nested rules",
        "`parse_policy()` only walks the top-level rules of each policy when it applies "
        "the name checks, so a matcher nested inside an `all_of` rule is never checked.")
    for commit in (avoided, nested):
        items = message_extractions(commit)
        assert items, commit.subject
        for item in items:
            assert item.content.startswith(commit.subject.split(": ", 1)[1][:20]) or \
                item.content.startswith(commit.subject[:30]), item.content
    assert {i.section for i in message_extractions(avoided)} == {"bug-patterns"}


def test_a_story_in_the_first_person_anchors_no_headless_sentence() -> None:
    """beets' bluelet merge: "I used GitHub search to check that it is not used outside of
    our codebase" lost its "I" and stood before "Replaces the custom scheduler ...", its
    "it" pointing at nothing the item says."""
    body = "I scrapped it and used `asyncio` directly in `BPD`. I used GitHub search\n" \
        "to check that it is not used outside of our codebase.\n\n---\n\n" \
        "- Replaces the custom coroutine scheduler in `beets.util.bluelet` with\n" \
        "Python's built-in `asyncio` for the `bpd` plugin."
    items = _items(_commit("bpd plugin: use asyncio directly and remove bluelet (#6903)",
                           body, path="beetsplug/bpd/__init__.py"))
    assert not any("GitHub search" in e.content or "check that it" in e.content
                   for e in items), items


def test_a_failure_told_by_misses_goes_with_the_fix_that_ended_it() -> None:
    """grpc-go #9332: "... the rejection of grpc- prefixed matchers misses the name
    Grpc-Status" stood alone, as if the code still missed it."""
    body = "The A41 validation reads the same unnormalized name, so the rejection of\n" \
        ":scheme and grpc- prefixed matchers misses the name Grpc-Status."
    items = _items(_commit("xds/rbac: lowercase header matcher names before matching (#9332)",
                           body, path="internal/xds/rbac/rbac.go"))
    told = [e.content for e in items if "Grpc-Status" in e.content]
    assert told and all(text.startswith("xds/rbac: lowercase header matcher names") and
                        " \u2014 " in text for text in told), items


def test_a_sentence_opening_in_particular_is_said_of_the_one_before() -> None:
    """dart_style #1828: "In particular, the elements before and after it are no longer on
    the same line, so we shouldn't add their lengths ..." stood alone; what "it" is, only
    the sentence before said."""
    body = "Here, since `testOn:` can be block formatted, we can't treat it like a\n" \
        "regular element when the list splits.\n\nIn particular, the elements before and " \
        "after it are no longer on the same line, so we shouldn't add their lengths when " \
        "seeing if the list should be forced to split."
    items = _items(_commit("Fix bug in list splitting optimization. (#1828)", body,
                           path="lib/src/piece/list.dart"))
    assert not any("In particular" in e.content or "after it are" in e.content
                   for e in items), items


def test_reuse_the_helper_goes_with_the_sentence_that_names_it() -> None:
    """undici's h2 replay: "Reuse the helper: it drops the 'close' listener ..." stood after
    the subject alone; which helper, only the sentence before said."""
    body = "retryRefusedStream() also open-coded the stream detach that\n" \
        "detachRequestStreamForClose() already performs. Reuse the helper: it drops\n" \
        "the 'close' listener rather than relying only on the nulled state, and it\n" \
        "guards the stream-count decrement, so the abandoned attempt cannot touch\n" \
        "the retried request."
    items = _items(_commit("h2: allow one automatic replay per RFC 9113 8.7", body,
                           path="lib/dispatcher/client-h2.js"))
    told = [e.content for e in items if "Reuse the helper" in e.content]
    assert told and all("detachRequestStreamForClose()" in text for text in told), items


@pytest.mark.parametrize("ending", ["...", "\u2026"])
def test_a_sentence_that_trails_off_is_never_an_item(ending: str) -> None:
    """fluentd (a new user's try): a body's "We use a lock here because otherwise the
    buffer flush and ..." was kept as an item: a sentence that trails off leads in to
    something it never says, and an item of it says half a thing."""
    whole = "Chunk writes take a lock, because otherwise the flush thread and the writer " \
        "race on the same file."
    body = whole.rstrip(".") + ending
    assert not [e for e in _items(_commit("[buffer] Serialise chunk writes", body))
                if "writer" in e.content]
    assert [e for e in _items(_commit("[buffer] Serialise chunk writes", whole))
            if "writer race" in e.content]


def test_a_sentence_that_says_how_things_were_is_no_item_alone() -> None:
    """scikit-build-core (a new user's try, 0.4.23): "The deprecated fields ... previously
    only warned when used without a minimum-version pin" was kept alone, the next
    sentence ("They now error unless ...") left out: the item stated the behaviour the
    commit ended.  A sentence that says how things were before, wherever its "previously",
    is the state the change ended, never an item by itself."""
    body = ("The deprecated fields build.flavour and build.verbose previously only warned "
            "when used without a version pin. They now error unless an old version pin "
            "opts back into the legacy behaviour.")
    items = _items(_commit("feat: error on renamed settings without an old version pin",
                           body))
    assert not [e for e in items if "previously" in e.content and "now" not in e.content]


def test_how_things_were_is_kept_with_the_sentence_that_says_how_they_are_now() -> None:
    """fresh25 (spent, read after this session's run): since the sentence saying how
    things were became no item alone, scikit-build-core's "... previously only warned
    when used without a minimum-version pin. They now error unless ..." gave nothing at
    all (a history key lost).  The two are one item, in the author's words, the second
    cut to its main clause where both would not fit."""
    body = ("The deprecated fields cmake.minimum-version, ninja.minimum-version,\n"
            "cmake.verbose, and cmake.targets previously only warned when used without\n"
            "a minimum-version pin. They now error unless an old minimum-version (< 0.8\n"
            "or < 0.10 respectively) explicitly opts back into the legacy behavior,\n"
            "matching the documented behavior and preparing for removal in 1.0.")
    items = _items(_commit("feat: error on renamed config fields without old minimum-version "
                           "(#1399)", body, path="src/settings/read_settings.py"))
    assert [e.content for e in items] == [
        "The deprecated fields cmake.minimum-version, ninja.minimum-version, cmake.verbose, "
        "and cmake.targets previously only warned when used without a minimum-version pin; "
        "they now error unless an old minimum-version (< 0.8 or < 0.10 respectively) "
        "explicitly opts back into the legacy behavior"]


def test_an_advisory_named_after_the_flaw_goes_with_it_in_brackets() -> None:
    """Git LFS's fix for CVE-2025-26625 said what the flaw was in a long sentence, then
    "This vulnerability has been assigned the identifier CVE-2025-26625.": the pair was
    over a line, and the security fix was lost (fresh29, read after its blind run).  The
    second sentence only names the advisory, which goes with the first in brackets."""
    flaw = ('Our "tally export" and "tally pull" commands, at present, follow any extant '
            "symbolic links when they populate the current working tree with files holding "
            "the content of stored objects, even if the symbolic links point to locations "
            "outside of the working tree.")
    body = f"{flaw}\nThis vulnerability has been assigned the identifier CVE-2025-0001.\n"
    found = _items(_commit("check for dir/symlink conflicts on export/pull", body,
                           path="commands/pull.go"))
    (item,) = [i for i in found if "CVE-2025-0001" in i.content]
    assert item.section == "bug-patterns"
    assert item.content == flaw.rstrip(".") + " (CVE-2025-0001)"

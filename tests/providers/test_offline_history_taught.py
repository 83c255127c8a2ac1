"""What the history taught, read from real commits (issue 29, item 1): a release's written
notes, bodies and entries without their markup, and the cues a body states its cause or
reason with.  Each test is a failure read on a held-out history, in made-up words."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.config import DEFAULT_SKIP_AUTHORS, DEFAULT_SKIP_PATHS
from gitmemory.memory.candidates import Extraction
from gitmemory.providers.offline.extractor import extract_commits
from gitmemory.sources.commits import triage
from gitmemory.sources.commits.history import History
from testing.gitrepo import commit_file, commit_files, git


def _learned(repo: Path, since: str) -> list[Extraction]:
    """What the offline rules keep from the commits after ``since``, as memorize reads
    them: collected from git, sorted by triage, then extracted."""
    history = History(str(repo))
    commits = history.collect(history.pending("HEAD", since), [])
    return extract_commits(triage.triage(commits, DEFAULT_SKIP_AUTHORS, DEFAULT_SKIP_PATHS).sent)


def _one(items: list[Extraction], *words: str) -> Extraction:
    hits = [e for e in items if all(w in e.content for w in words)]
    assert len(hits) == 1, f"{words!r} in {[e.content for e in items]!r}"
    return hits[0]


def _start(repo: Path) -> str:
    commit_file(repo, "CHANGELOG.md", "Change Log\n==========\n\n", "Start a changelog")
    commit_file(repo, "gradle.properties", "VERSION=6.9.0\n", "Set the version")
    return git(repo, "rev-parse", "HEAD").stdout.strip()


NOTES = """Change Log
==========

Version 7.0.0
-------------

_2026-07-15_

* Security: Refuse to write generated files outside the configured output directory.
  Without this check, a `java_package` option resolving to an absolute path could
  overwrite arbitrary files on the build host. ([CVE-2026-32689](https://example.com/a))
* [CVE-2026-32690](https://example.com/advisories/2): Fix `Socket` long poll memory
  exhaustion when splitting request bodies.

"""


def test_the_notes_a_release_adds_are_read(repo: Path) -> None:
    """A release commit's hand-written changelog was never read: triage skipped it as
    release bookkeeping and the extractor dropped the release's message with its
    entries."""
    since = _start(repo)
    (repo / "gradle.properties").write_text("VERSION=7.0.0\n")
    (repo / "CHANGELOG.md").write_text(NOTES)
    git(repo, "commit", "-qam", "Prepare for release 7.0.0.")
    items = _learned(repo, since)
    item = _one(items, "outside the configured output directory", "arbitrary files")
    assert item.content.startswith("Security: Refuse to write")  # with what it leans on
    assert "7.0.0" not in item.content  # the release's subject anchors nothing
    assert "CVE-2026-32690: Fix `Socket` long poll memory exhaustion" in \
        _one(items, "CVE-2026-32690").content  # a link keeps its text


def test_generated_release_notes_stay_bookkeeping(repo: Path) -> None:
    since = _start(repo)
    (repo / "gradle.properties").write_text("VERSION=7.0.0\n")
    (repo / "CHANGELOG.md").write_text(
        "## v7.0.0\n\n* **config**: Eliminate warnings ([#12](https://example.com/12))\n")
    git(repo, "commit", "-qam", "chore: release v7.0.0")
    history = History(str(repo))
    commits = history.collect(history.pending("HEAD", since), [])
    assert not triage.triage(commits, DEFAULT_SKIP_AUTHORS, DEFAULT_SKIP_PATHS).sent


def test_a_changed_line_inside_an_entry_is_not_an_entry(repo: Path) -> None:
    """A commit that rewords the second line of an old entry gave an item that began
    mid-sentence ("Java/Kotlin and Swift runtimes ...")."""
    old = ("* Reject oversized lengths and fixed-width values that exceed the reader\n"
           "  limit in the Kotlin runtime, because a crafted payload crashed it.\n")
    commit_file(repo, "CHANGELOG.md", f"Change Log\n\n{old}", "Start a changelog")
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "CHANGELOG.md",
                f"Change Log\n\n{old.replace('Kotlin runtime', 'Kotlin and Swift runtimes')}",
                "Update changelog")
    assert not [e for e in _learned(repo, since) if "runtimes" in e.content]


def test_a_body_without_its_markup(repo: Path) -> None:
    """Sphinx roles stayed in a body (or took the words round them away: "caused by which
    requires"); a pull-request template's headings and comments became items."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "src/alembic/compat.py", "x = 1\n",
                "Raise the minimum sqlalchemy to 1.4.23\n\n"
                "Fixed regression caused by :ticket:`1669` which requires :class:`.Column` "
                "objects to support generic type subscripting, so the minimum is raised.")
    commit_file(repo, "src/alembic/serial.py", "y = 1\n",
                "Prevent duplicate serializer completion calls\n\n"
                "### Goals :soccer:\n<!-- go over the checklist, they turn into\n"
                "clickable checkboxes once submitted -->\n"
                "Due to two paths into `next_serializer()` the same serializer ran twice "
                "when cancelled, leading to a crash.\n")
    items = _learned(repo, since)
    assert "caused by #1669 which requires `Column` objects" in \
        _one(items, "generic type subscripting").content
    assert not [e for e in items if "#" * 3 in e.content or "<!--" in e.content or
                "checkbox" in e.content]
    assert "`next_serializer()`" in _one(items, "ran twice").content  # "()" stays


def test_a_pull_request_templates_table_is_no_prose(repo: Path) -> None:
    """A template's ``| Q | A |`` table was read as the reason of a rule subject and as
    the start of a bug's cause (fresh9's DBAL)."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    table = ("<!-- Fill in the relevant information -->\r\n\r\n|      Q       |   A\r\n"
             "|------------- | -----------\r\n| Type         | bug\r\n| Fixed issues | \r\n")
    commit_file(repo, "lib/Schema/Inspector.php", "<?php\n",
                "Avoid the ambiguous column name in the index query\n\n" + table +
                "Postgres resolves an unqualified `relname` against every joined table, "
                "so the query failed when two schemas held the same table name.\n")
    commit_file(repo, "lib/Driver/Connect.php", "<?php\n", "Fix connecting with no password\n\n"
                + table + "If `null` is passed as `password`, the driver threw a `TypeError` "
                "because the value went to the constructor as it was.\n")
    items = _learned(repo, since)
    assert not [e for e in items if "|" in e.content], [e.content for e in items]
    assert _one(items, "unqualified")  # the prose after the table is still read


def test_what_code_may_do_is_no_guess(repo: Path) -> None:
    """"fwrite() may perform a partial write" was read as a guess, and the fix it
    explains was lost."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "src/Handler/StreamHandler.php", "<?php\n",
                "Fix StreamHandler truncating writes on non-blocking streams\n\n"
                "fwrite() may perform a partial write on a non-blocking stream, so "
                "StreamHandler::streamWrite() now loops until the whole record is written.")
    commit_file(repo, "src/Handler/Cache.php", "<?php\n", "Fix stale cache entries\n\n"
                "The stale entries may be caused by a clock skew in `Cache::get()`, which "
                "loses updates.")
    items = _learned(repo, since)
    _one(items, "StreamHandler::streamWrite() now loops")
    assert not [e for e in items if "clock skew" in e.content]  # a guess stays out


def test_what_a_state_led_to_is_a_cause(repo: Path) -> None:
    """"This causes 'Undefined array key' errors" and ", causing epoll_wait to block"
    matched no cue."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "src/Handler/DedupHandler.php", "<?php\n",
                "Fix undefined array key in DedupHandler with concurrent access\n\n"
                "When two requests write the dedup store at once, `isDuplicate()` can read "
                "a partially written line. This causes 'Undefined array key' errors when "
                "the line is destructured.")
    commit_file(repo, "src/sys/epoll.rs", "//\n",
                "Clamp epoll timeout to c_int::MAX\n\n"
                "Timeouts over 24.8 days would silently truncate to a negative value, "
                "causing epoll_wait to block indefinitely.")
    items = _learned(repo, since)
    dedup = _one(items, "This causes 'Undefined array key' errors")
    assert dedup.section == "bug-patterns" and "partially written line" in dedup.content
    epoll = _one(items, "causing epoll_wait to block indefinitely")
    assert epoll.content.startswith("Clamp epoll timeout to c_int::MAX \u2014 ")  # the fix
    assert epoll.section == "bug-patterns"


def test_a_reason_after_any_change_the_subject_orders(repo: Path) -> None:
    """"This prevents ..." was kept only after a subject that chose or removed."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "lib/socket.ex", "#\n",
                "Limit the number of channels one transport process can join\n\n"
                "This prevents a single client from opening an unbounded number of channel "
                "processes.")
    item = _one(_learned(repo, since), "unbounded number of channel processes")
    assert item.content == "Limit the number of channels one transport process can join " \
        "\u2014 this prevents a single client from opening an unbounded number of channel " \
        "processes"


def test_a_subject_that_is_a_version_is_a_release(repo: Path) -> None:
    """"- 1.18.3" anchored the release's items ("- 1.18.3 — Fixed ...")."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "src/alembic/version.py", "v = 1\n", "- 1.18.3\n\n"
                "Fixed regression caused by the `pathlib` refactoring which dropped the "
                "template directory lookup.")
    assert not [e for e in _learned(repo, since) if "1.18.3" in e.content]


def test_a_version_that_carries_on_an_entry_is_part_of_it(repo: Path) -> None:
    """"deprecated since Trio\\n  0.27.0." lost its version, read as a release heading, and
    the sentences round it ran together."""
    since = _start(repo)
    (repo / "CHANGELOG.md").write_text(
        "Change Log\n==========\n\n- Using absolute deadlines on a `CancelScope` made with a\n"
        "  relative deadline now raises, after being deprecated since Trio\n  0.27.0.\n  To "
        "switch a scope to absolute, replace the `CancelScope` object instead.\n")
    git(repo, "commit", "-qam", "Make relative deadlines of a CancelScope strict")
    item = _one(_learned(repo, since), "now raises")
    assert "deprecated since Trio 0.27.0" in item.content


def test_a_reason_that_shares_the_subject_s_words_still_says_more(repo: Path) -> None:
    """The item "subject — reason" was judged the same item as its subject, so a reason
    that repeats the subject's words ("channels") was dropped as saying nothing more."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "lib/socket.ex", "#\n",
                "Limit the number of channels a single transport process can join\n\n"
                "This prevents a single client from opening an unbounded number of channels "
                "(processes).")
    _one(_learned(repo, since), "this prevents a single client")


def test_what_was_wrong_before_the_change(repo: Path) -> None:
    """"Previously, the list was silently treated as a dict ..." told the bug a change
    fixed, under a subject that names no fix, and matched no cue."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "lib/routes.ex", "#\n", "Raise on list value in query string encoding\n\n"
                "Previously, the list was silently treated as a dict by `Query.encode`, "
                "producing output like key=[]=value.")
    item = _one(_learned(repo, since), "silently treated as a dict")
    assert item.content.startswith("Raise on list value in query string encoding \u2014 ")
    assert item.section == "bug-patterns"


def test_a_body_that_says_what_is_used_instead(repo: Path) -> None:
    """"Use event ports as the native backend instead of the poll(2) fallback": what the
    code uses now, with no reason given, was dropped."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "src/sys/solaris.rs", "//\n", "Add Solaris event ports selector\n\n"
                "Use Solaris event ports as the native `os-poll` backend instead of the "
                "poll(2)-based fallback.")
    assert _one(_learned(repo, since), "instead of the poll(2)").section == "facts"


def test_the_paragraphs_of_one_entry_stay_one_entry(repo: Path) -> None:
    """A bullet whose explanation runs over two indented paragraphs was read as two
    entries: "Restic now ... refuses any such overlap" came under the commit's subject,
    with nothing it could point back at."""
    since = _start(repo)
    (repo / "CHANGELOG.md").write_text(
        "Change Log\n==========\n\n * Bugfix #5234: Prevent mounting over the repository\n\n"
        "   Using the repository directory as the `mount` target caused the FUSE server\n"
        "   to read its own files and deadlock.\n\n"
        "   Restic now resolves both paths and refuses any such overlap before mounting.\n")
    git(repo, "commit", "-qam", "Generate CHANGELOG.md for 0.19.1")
    items = _learned(repo, since)
    assert not [e for e in items if e.content.startswith("Generate CHANGELOG.md")]
    assert not [e for e in items if "such overlap" in e.content and
                "repository directory" not in e.content]


def test_a_version_that_ends_a_fragment_s_sentence_is_part_of_it(repo: Path) -> None:
    """A newsfragment's "deprecated since Trio\\n0.27.0." (no indent) lost its version."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    (repo / "newsfragments").mkdir()
    (repo / "newsfragments" / "3403.deprecated.rst").write_text(
        "Using absolute deadlines on a `CancelScope` made with a relative deadline now\n"
        "raises, after being deprecated since Trio\n0.27.0.\n")
    (repo / "src.py").write_text("x = 1\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "Make relative deadlines of a CancelScope strict")
    assert "deprecated since Trio 0.27.0" in _one(_learned(repo, since), "now raises").content


def test_a_commit_that_only_writes_the_changelog_anchors_nothing(repo: Path) -> None:
    """"Changelog for Bundler version 2.7.2 — Fix `bundle cache --no-all` not printing a
    deprecation warning": the subject of a changelog-only commit anchored each entry, and
    a fix's title was kept as a fact for its word "deprecation"."""
    since = _start(repo)
    (repo / "CHANGELOG.md").write_text(
        "Change Log\n==========\n\n## 2.7.2\n\n"
        "- Fix `bundle cache --no-all` not printing a deprecation warning\n"
        "- `bundle cache` now keeps the `vendor/cache` directory when it is a symlink, "
        "because CI caches restore it as one. https://example.com/issues/5722\n"
        "- `bundle cache` prints the path of every gem it cannot find, so that a user "
        "sees which one to fix. https://example.com/issues/5723\n")
    git(repo, "commit", "-qam", "Changelog for Bundler version 2.7.2")
    items = _learned(repo, since)
    assert not [e for e in items if "2.7.2" in e.content or "deprecation warning" in e.content]
    assert _one(items, "keeps the `vendor/cache` directory").content.endswith("restore it as one")
    assert _one(items, "which one to fix").content.endswith("which one to fix")  # link out


def test_review_feedback_and_what_leans_on_it(repo: Path) -> None:
    """"Address review feedback on #21937 — ..." and "Ultimately, because of this, the
    source has no `revision`" were kept with nothing they could refer to."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "internal/index/index.go", "package index\n",
                "Address review feedback on #21937\n\n"
                "merge() appends packs without going through `addToPacks`, so it now checks "
                "the pack count against the uint32 limit itself.")
    commit_file(repo, "lib/bundler/source.rb", "#\n",
                "Fix `bundle install` with install_if git gems\n\n"
                "By doing so, we skip setting the source from the lockfile for that "
                "dependency. Ultimately, because of this, the dependency source does not "
                "carry the `revision` and the lockfile loses it.")
    items = _learned(repo, since)
    assert not [e for e in items if "review feedback" in e.content.lower() or
                "because of this" in e.content or "doing so" in e.content]


def test_what_a_later_revert_undoes_holds_no_more(repo: Path) -> None:
    """"The `primary_key` parameter is now honored by `add_column` ..." stayed after a
    later commit reverted that behaviour and made it opt-in: a superseded statement."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "alembic/ops.py", "a = 1\n", "render PRIMARY KEY in add_column\n\n"
                "The `primary_key` parameter is now honored when `add_column` is used, and "
                "will emit PRIMARY KEY inline.")
    commit_file(repo, "alembic/ops.py", "a = 2\n",
                "revert primary_key=True change and replace with inline_primary_key\n\n"
                "The automatic behavior is now opt-in via the new `inline_primary_key` "
                "parameter, because it broke SERIAL columns.")
    items = _learned(repo, since)
    assert not [e for e in items if "is now honored" in e.content]
    _one(items, "now opt-in via the new `inline_primary_key`")


def test_a_subject_s_dangling_fixes_and_a_type_checker_chore(repo: Path) -> None:
    """"Added NoDiscard attr, fixes" (the issue number gone, its verb left) and "Fixed
    pep484 issue for most recent mypy" (the type checker's findings, no fix for users)."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "src/Handler/TestHandler.php", "<?php\n",
                "feat: add NoDiscard attr to `TestHandler`, fixes #1977")
    commit_file(repo, "alembic/plugins.py", "x = 1\n", "fix: pep484 issue for most recent mypy")
    items = [e.content for e in _learned(repo, since)]
    assert items == []  # a feature its subject alone tells: the history record's line


def test_a_figure_a_later_sentence_replaces_is_no_longer_so(repo: Path) -> None:
    """"The read buffer was 4096 bytes by default, because larger buffers wasted memory"
    was kept as the reason for a change whose next sentence raises it to 8192 bytes."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "src/io/buffer.c", "int n;\n", "Raise the default read buffer\n\n"
                "The read buffer was 4096 bytes by default, because larger buffers wasted "
                "memory on small hosts. This change raises the default to 8192 bytes since "
                "pages are now larger.")
    items = _learned(repo, since)
    assert not [e for e in items if "4096" in e.content]
    _one(items, "8192 bytes")


def test_a_fix_that_forbids_what_the_code_did(repo: Path) -> None:
    """A fix whose subject forbids an action ("don't reorder ...") had a body saying, with
    no failure word, that the code did it ("..., so repeated renders permanently
    reordered ..."): no cause was read, and nothing was kept (issue 29, fresh6)."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "lib/cache.rb", "x = 1\n",
                "table: don't reorder the caller's columns when rendering\n\n"
                "list.sort sorts in place when it is given a list, so repeated renders "
                "permanently reordered the caller's columns despite the warning in the "
                "comment.")
    commit_file(repo, "lib/pool.rb", "y = 1\n",  # a near miss: no past deed of its thing
                "pool: avoid reopening sockets on retry\n\n"
                "Sockets are cheap to keep, so the pool holds them until shutdown.")
    commit_file(repo, "lib/log.rb", "z = 1\n",  # a near miss: the subject forbids nothing
                "log: write timestamps in UTC\n\n"
                "Local time is ambiguous, so operators compared the rows by hand.")
    items = _learned(repo, since)
    item = _one(items, "permanently reordered the caller's columns")
    assert item.section == "bug-patterns"
    assert item.content.startswith("table: Don't reorder the caller's columns")
    assert not [e for e in items if e.section == "bug-patterns" and
                ("Sockets are cheap" in e.content or "Local time" in e.content)]


def test_a_long_reverts_line_keeps_what_holds_now(repo: Path) -> None:
    """A revert whose cause took two long sentences lost its lead ('Reverted "..."') to
    the length limit, so the item told why a change was bad and not that it was undone
    (issue 29, fresh6)."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "src/pool.py", "x = 1\n",
                "Revert thread-local sessions, share the `ConnectionPool` across workers again\n\n"
                "Thread-local sessions (#301) and the dropped lock in "
                "`ConnectionPool.acquire()` (#305) were API-breaking \u2014 they removed the "
                "thread safety guarantees of `Session`, `ConnectionPool` and `Transaction`. "
                "This broke downstream services like the billing exporter that share one "
                "session between worker threads.")
    commit_file(repo, "src/cache.py", "y = 1\n",  # a near miss: a fix, not a revert
                "Fix the cache's eviction under memory pressure in `LruCache.evict()`\n\n"
                "Weak references (#401) and the dropped size check in "
                "`LruCache.evict()` (#405) were API-breaking \u2014 they removed the upper bound "
                "on the memory the `LruCache`, `PageCache` and `BlobCache` classes may hold. "
                "This broke downstream services like the image resizer that run in small "
                "containers.")
    items = _learned(repo, since)
    item = _one(items, "thread safety guarantees")
    assert item.content.startswith('Reverted "thread-local sessions'), item.content
    assert "billing exporter" not in item.content  # the cause cut to its first sentence
    assert not [e for e in items if e.content.startswith('Reverted "') and "cache" in e.content]


def test_a_default_told_with_a_comparison_is_kept(repo: Path) -> None:
    """A changelog entry "Warns by default via `X` when keys are below minimum recommended
    lengths" gave nothing: "below" read as pointing at other text, and "recommended"
    after the default as a story of the past (issue 29, fresh6)."""
    commit_file(repo, "CHANGES.md", "# Changes\n\n", "Start a changelog")
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    (repo / "src").mkdir()
    (repo / "src/avatar.py").write_text("LIMIT = 2\n")
    (repo / "CHANGES.md").write_text(
        "# Changes\n\n"
        "- Add a size check for uploaded avatars.\n"
        "  Rejects by default via `AvatarTooLarge` any image above the 2 MB limit\n"
        "  advertised in the settings page.\n"
        "- Strips by default the metadata fields described below from avatar uploads.\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "feat: add a size check for avatars")
    items = _learned(repo, since)
    assert "Rejects by default via `AvatarTooLarge` any image above the 2 MB limit" in \
        _one(items, "AvatarTooLarge").content
    assert not [e for e in items if "described below" in e.content]  # a near miss


def test_a_dependency_that_changed_under_a_fix_is_its_cause(repo: Path) -> None:
    """A fix whose body said only that a tool changed under it ("Since the 1.0.0 release
    of X, the CLI has changed and the format command is required") gave nothing: no
    cause word, no failure word (issue 29, fresh6)."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "lint/run.sh", "x\n",
                "fix(editor): pass the config file to stylelint explicitly\n\n"
                "As of version 16.0 of stylelint, config lookup has changed and the "
                "`--config` flag is required for files outside the package root.")
    commit_file(repo, "lint/fmt.sh", "y\n",  # a near miss: no change under the fix
                "fix(editor): print the formatter's version first\n\n"
                "Since version 3.2 of shfmt, the formatter is much faster on large trees.")
    items = _learned(repo, since)
    item = _one(items, "config lookup has changed")
    assert item.section == "bug-patterns"
    assert item.content.startswith("editor: pass the config file to stylelint explicitly")
    assert not [e for e in items if "much faster" in e.content]


def test_a_default_that_opens_a_story_is_no_default(repo: Path) -> None:
    """"By default, X detects if errors happened ..." opens with its default: the clause
    after it is what the sentence says, and it tells of the past (a near miss of the rule
    that reads a default's past only up to its "by default")."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "src/runner.kt", "x\n",
                "Fix bug in a rarely used cleanup path\n\n"
                "By default, `runSuite` detects if some uncaught errors happened after the "
                "previous `runSuite` call, and if so, fails the whole suite.")
    assert not [e for e in _learned(repo, since) if e.section == "facts" and
                "By default" in e.content]  # told as a default that holds now


def test_what_a_later_commit_takes_away_again_holds_no_more(repo: Path) -> None:
    """testify's "go.mod: add comment about how to fix dep cycle with objx" stood after a
    later commit bumped objx and took the comment away with the cycle (judged wrong).  An
    item whose commit's lines later commits all remove, none writing them back, goes; one
    whose line a later commit only edits (a field added to a format string) stays."""
    commit_file(repo, "go.mod", "module m\n\nrequire objx v0.5.2\n", "Add go.mod")
    commit_file(repo, "assert/same.go", 'msg := "expected: %p"\n', "Add assert.Same")
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "go.mod", "module m\n\nrequire objx v0.5.2 // exclude the testify that "
                "objx uses to avoid a cycle\n",
                "go.mod: add comment about how to fix dep cycle with objx")
    commit_file(repo, "assert/same.go", 'msg := "expected: %p (%T)"\n',
                "Add type to error message of `assert.Same`\n\nThe message now prints the "
                "type too, because two pointers of different types can print the same "
                "address.")
    commit_file(repo, "go.mod", "module m\n\nrequire objx v0.5.3\n",
                "deps: bump objx to v0.5.3 and remove dependency cycle issue")
    commit_file(repo, "assert/same.go", 'msg := "expected: %s (%T)"\n',
                "Print the expected value with %s in the message of pointer checks")
    items = _learned(repo, since)
    assert not [e for e in items if "dep cycle" in e.content]
    _one(items, "type to error message")


def test_a_sentence_is_not_cut_before_what_the_authors_did(repo: Path) -> None:
    """absinthe's "Break function dispatch into groups" kept "Currently Absinthe may
    generate thousands of clauses ... put pressure on both the compiler and the type
    system", cut before ", so we split them by identifier": the state the commit ended,
    told as current (judged wrong).  A trailing ", so we ..." clause is the point and is
    never cut; a trailing consequence (", so a script ... stayed unhighlighted") may be."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "lib/schema/notation.ex", "x = 1\n", "Break function dispatch into groups\n\n"
                "Currently the schema may generate thousands of clauses for a single "
                "function, each with a distinct tagged tuple type. While the compiler team "
                "aims to improve the type system performance across all cases, it is "
                "undeniable that these many clauses put pressure on both the compiler and "
                "the type system, so we split them by identifier in the schema itself.")
    commit_file(repo, "src/assets.rs", "y = 1\n", "Fix --ignored-suffix to fall back to "
                "first-line detection\n\nWhen an ignored suffix is also a registered "
                "extension (e.g. `.txt` maps to \"Plain Text\"), `syntax_for_extension` "
                "matched the raw extension before attempting the suffix strip. As a result "
                "`--ignored-suffix .txt` had no effect on such files and first-line detection "
                "was never reached, so a shell script saved as `*.txt` stayed unhighlighted.")
    items = _learned(repo, since)
    assert not [e for e in items if "thousands of clauses" in e.content and
                "so we split" not in e.content]
    _one(items, "`syntax_for_extension` matched the raw extension")


def test_a_template_heading_labels_the_paragraph_under_it(repo: Path) -> None:
    """ratatui's pull requests say why under "## Problem" (or "## Root cause"): the
    heading was skipped as a template's, so "save and restore cursor position" kept no
    cause at all (fresh13's window judge: "too vague").  A heading that names a label
    reads as that label; "## Summary" and "## Testing" do not."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "core/src/terminal.rs", "x = 1\n",
                "fix(core): save and restore cursor position (#2694)\n\n## Summary\n\n"
                "- add default `Backend` methods for saving the cursor\n\n## Problem\n\n"
                "`Terminal::clear()` queried the cursor position before clearing partial "
                "viewports. Termion answers that query by reading input, which can race "
                "the application's input reader.\n\n## Testing\n\n- `cargo test`\n")
    commit_file(repo, "suite/suite.go", "z = 1\n",
                "suite.Run: simplify running of Setup/TeardownSuite (#1769)\n\n## Motivation\n"
                "This is a subset of the changes I made under PR #1749. It was suggested to "
                "open a separate PR for this part.\n")
    items = _learned(repo, since)
    assert not [e for e in items if "subset of the changes" in e.content]
    item = _one(items, "queried the cursor position")
    assert item.section == "bug-patterns"
    assert item.content.startswith("core: save and restore cursor position \u2014 `Terminal")


def test_a_template_headings_label_is_not_kept_in_a_sentence_read_as_prose(repo: Path
                                                                          ) -> None:
    """swift-nio's "### Motivation:" over a paragraph too long for one item: the paragraph
    was read as prose with the heading's label glued on, and the memory said "Motivation:
    `NIOAsyncTestingChannel` stored its ..." (fresh32, read after its blind runs)."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "Sources/Channel.swift", "x = 1\n",
                "Keep the channel's addresses in its core (#3442)\n\n### Motivation:\n\n"
                "`TestingChannel` stored its `localAddress` in a locked storage on itself, "
                "however in doing so left us open to bugs because a handler grabbing the "
                "addresses of the context had no visibility of the values. The core already "
                "had them, kept up to date by every bind and connect the pipeline made, and "
                "tests that asked the channel for its addresses got the stale ones.\n\n"
                "### Modifications:\n\nReach into the core for them.\n")
    item = _one(_learned(repo, since), "had no visibility")
    assert "Motivation" not in item.content, item.content


def test_a_figure_a_later_commit_edits_in_place_is_no_longer_so(repo: Path) -> None:
    """jackson-core's "Removed Java 22 files (`FastDoubleParser`)" stood after a later
    upgrade made the exclusion's `versions/22` into `versions/23` (judged wrong).  A figure
    the item states, that a later commit edits on a line sharing a word with the item,
    holds no more."""
    since = _start(repo)
    pom = "<version>2.18.5</version>\n<excludes>\n<!-- for Java {0} -->\n" \
          "<exclude>versions/{0}/**</exclude>\n</excludes>\n"
    commit_files(repo, {"pom.xml": pom.format(22), "CHANGELOG.md": "Change Log\n==========\n"
                        "\n- Removed Java 22 files (`FastDoubleParser`) of the jar, which broke "
                        "Android linting\n"}, "Exclude multi-release classes")
    commit_file(repo, "pom.xml", pom.format(23),
                "Upgrade `FastDoubleParser` to 2.0.1, whose Java 22 classes moved")
    commit_file(repo, "pom.xml", pom.format(23).replace("2.18.5", "2.19.0"),
                "Prepare the 2.19.0 release")
    items = _learned(repo, since)
    assert not [e for e in items if "Java 22 files" in e.content]


def test_an_item_most_of_whose_lines_stay_asks_for_no_edit(repo: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """Whether a later commit edited a line or took it away (difflib's ratio against every
    line it adds beside it) is a third of what the history's undoing costs: it is not
    asked of an item when fewer than half of its lines are gone later, as then neither
    all of it is taken nor most of it put back."""
    from gitmemory.providers.offline import extractor

    asked: list[str] = []
    edits = extractor._edits
    monkeypatch.setattr(extractor, "_edits", lambda c, p, t: asked.append(t) or edits(c, p, t))
    since = _start(repo)
    commit_file(repo, "src/retry.py", "def retry(times):\n    wait = backoff(times)\n"
                "    return attempt(wait)\n", "Retry with a backoff\n\nThe client "
                "now waits between attempts because the server drops bursts of requests.")
    commit_file(repo, "src/retry.py", "def retry(times):\n    wait = backoff(times)\n"
                "    return attempt(wait, jitter=True)\n", "Add jitter to retries")
    items = _learned(repo, since)
    _one(items, "server drops bursts")
    assert asked == []


def test_the_lines_a_run_adds_and_removes_are_indexed_once(repo: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """The extractor and the history record both ask which lines later commits took away,
    of the same commits: the index of every line they add and remove is built once."""
    from gitmemory.providers.offline import extractor
    from gitmemory.providers.offline.record import history_record

    built: list[int] = []
    init = extractor._LinesOf.__init__
    monkeypatch.setattr(extractor._LinesOf, "__init__",
                        lambda self, commits: built.append(len(commits)) or init(self, commits))
    since = _start(repo)
    commit_file(repo, "src/retry.py", "def retry(times):\n    return attempt(times)\n",
                "Retry failed requests\n\nThe server drops bursts, so the client retries.")
    commit_file(repo, "src/retry.py", "def retry(times):\n    return attempt(times + 1)\n",
                "Retry once more")
    history = History(str(repo))
    commits = triage.triage(history.collect(history.pending("HEAD", since), []),
                            DEFAULT_SKIP_AUTHORS, DEFAULT_SKIP_PATHS).sent
    extract_commits(commits)
    history_record(commits)
    assert built == [len(commits)]


def test_a_minimum_a_later_commit_moves_is_no_longer_so(repo: Path) -> None:
    """absinthe's "In Elixir 1.17 we can use is_non_struct_map/1, but think it won't be
    worth updating the minimum Elixir version for this" stood after a later commit raised
    `elixir: "~> 1.15"` to 1.17 (judged wrong).  An item about a toolchain's minimum goes
    when a later commit moves that toolchain's figure from one the item does not give;
    "Dropped support for Python 3.9" stays when the docs' "Python 3.9+" becomes 3.10+."""
    commit_file(repo, "mix.exs", 'elixir: "~> 1.15",\n', "Start the project")
    commit_file(repo, "docs/index.rst", "Requests supports Python 3.9+.\n", "Write the docs")
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "lib/resolution.ex", "x = 1\n", "Fix error return when the value is a "
                "struct\n\nIn Elixir 1.17 we can use `is_non_struct_map/1`, but think it won't "
                "be worth updating the minimum Elixir version for this.")
    commit_file(repo, "setup.py", "python_requires = 3.10\n", "Drop support for Python 3.9")
    commit_file(repo, "docs/index.rst", "Requests supports Python 3.10+.\n", "Update the docs")
    commit_file(repo, "mix.exs", 'elixir: "~> 1.17",\n', "chore: update mininum elixir version")
    items = _learned(repo, since)
    assert not [e for e in items if "is_non_struct_map" in e.content]
    _one(items, "support for Python 3.9")


REPO_PHP = """<?php
class Repo {
    function check($filename) {
        throw new SecurityException('The contents of '.$filename.' do not match');
    }
    function fetch($url, $filename, $e) {
        $io->warn($url.' could not be fully loaded ('.$e->getMessage().'), from cache');
    }
    function reload($url, $filename, $e) {
        $io->warn($url.' could not be fully loaded ('.$e->getMessage().'), degraded');
    }
    function lazy($url, $filename, $e) {
        $io->warn($url.' could not be fully loaded ('.$e->getMessage().'), lazily');
    }
}
"""


def _filenames_added(repo: Path) -> tuple[str, str]:
    """composer's repository, then its commit adding the filename to four warnings: the
    commit to learn from, and the file as that commit left it."""
    commit_file(repo, "src/Repo.php", REPO_PHP, "Add the repository")
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    named = REPO_PHP.replace(".$filename.", ".sanitize($filename).").replace(
        "('.$e->getMessage()", "('.sanitize($filename).': '.$e->getMessage()")
    commit_file(repo, "src/Repo.php", named, "feat: Improve logging of failed download "
                "URLs by adding filename to message (#13006)\n\nThe warnings now name the "
                "file, because a URL alone does not say which package failed to download.")
    return since, named


def test_what_a_later_commit_puts_back_as_it_was_holds_no_more(repo: Path) -> None:
    """composer's "feat: Improve logging of failed download URLs by adding filename to
    message" stood as a fact after a later commit of the window put three of its four
    warnings back as they were ("prefixing the filename ... duplicated the URL"; judge17:
    wrong).  A line a later commit writes back to what it was before is taken away, not
    edited; and when one later commit puts back more than half of what a commit wrote,
    what that commit said holds no more."""
    since, named = _filenames_added(repo)
    commit_file(repo, "src/Repo.php", named.replace(
        "('.sanitize($filename).': '.$e->getMessage()", "('.$e->getMessage()"),
        "Include the failed URL in max-file-size errors (#13041)\n\nFollow-up to #13006: "
        "prefixing the filename to the warnings duplicated the URL that most transport "
        "errors already name.")
    assert not [e for e in _learned(repo, since) if "adding filename" in e.content]


def test_a_later_commit_that_puts_back_one_line_of_many_leaves_the_item(repo: Path) -> None:
    """The other side: a later commit that writes back one of the four lines a commit
    changed leaves what that commit said standing."""
    since, named = _filenames_added(repo)
    commit_file(repo, "src/Repo.php", named.replace(
        "('.sanitize($filename).': '.$e->getMessage().'), degraded",
        "('.$e->getMessage().'), degraded"), "Keep the degraded warning short")
    _one(_learned(repo, since), "adding filename")


COMPAT = ("local compat = {}\n\nfunction compat.is_windows()\n"
          "  return package.config:sub(1, 1) == '\\\\'\nend\n\nreturn compat\n")
WRAP = """
--- Wraps a function into a coroutine, as plain Lua does, on OpenResty too.
function compat.wrap(func)
  local co = coroutine.create(func)
  return function(...)
    local results = table.pack(coroutine.resume(co, ...))
    if results[1] then return table.unpack(results, 2, results.n) end
    return error("coroutine failed with: " .. results[2])
  end
end
"""
USER = "local wrap = {wrap}\n\nfunction M.{name}(d)\n  return wrap(function() walk(d) end)\nend\n"
ITERATOR = ("function M.{name}(d)\n  local i = 0\n  return function()\n    i = i + 1\n"
            "    return d[i]\n  end\nend\n")
USERS = ("dir", "lexer", "permute")


def test_an_entry_whose_code_later_commits_take_away_holds_no_more(repo: Path) -> None:
    """Penlight's "Using `compat.wrap` it now fixes `dir.dirtree`, `pl.lexer` on OpenResty"
    stood as a fact after "drop OpenResty hacks" took `compat.wrap` out and the
    coroutines went for iterators (h57's window: wrong).  A changelog entry of a change
    to more files than an item names tells that change: when later commits take all of
    it away, the entry holds no more, and an ``end`` that another file gains since is no
    line of it written back."""
    commit_files(repo, {"lua/pl/compat.lua": COMPAT,
                        **{f"lua/pl/{n}.lua": USER.format(wrap="coroutine.wrap", name=n)
                           for n in USERS},
                        "CHANGELOG.md": "# Changelog\n\n## 1.x.x (upcoming)\n"}, "Start")
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_files(repo, {"lua/pl/compat.lua": COMPAT.replace("\nreturn compat",
                                                            WRAP + "\nreturn compat"),
                        **{f"lua/pl/{n}.lua": USER.format(wrap="require('pl.compat').wrap",
                                                          name=n) for n in USERS},
                        "CHANGELOG.md": "# Changelog\n\n## 1.9.0\n\n### Fixes\n\n  - Using "
                        "`compat.wrap` it now fixes `dir.dirtree` and `pl.lexer` on "
                        "OpenResty. (#342)\n"},
                 "fix(compat) OpenResty implementation of coroutine.wrap (#342)")
    items = _learned(repo, since)
    _one(items, "it now fixes")
    commit_file(repo, "lua/pl/compat.lua", COMPAT,
                "drop OpenResty hacks\n\nOpenResty's implementation of coroutines is "
                "incompatible with Lua's.")
    for name in USERS:
        commit_file(repo, f"lua/pl/{name}.lua", ITERATOR.format(name=name),
                    f"pl.{name}: replace coroutine with iterator")
    assert not [e for e in _learned(repo, since) if "it now fixes" in e.content]


def test_a_release_s_entries_hold_when_its_version_is_set_back(repo: Path) -> None:
    """The other side: a release sets the version and adds its notes; "Reverting release
    version changes" puts the version back.  A figure edited in place is no part of what
    the notes tell, and they stay."""
    commit_files(repo, {"src/Composer.php": "const VERSION = '@package_version@';\n",
                        "CHANGELOG.md": "# Changelog\n"}, "Start")
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_files(repo, {"src/Composer.php": "const VERSION = '2.9.5';\n",
                        "CHANGELOG.md": "# Changelog\n\n### [2.9.5] 2026-01-29\n\n  * Fixed "
                        "`7z` detection, which failed when the binary is installed as "
                        "`7za` because only `7z` was looked up on the PATH\n"},
                 "Release 2.9.5")
    commit_file(repo, "src/Composer.php", "const VERSION = '@package_version@';\n",
                "Reverting release version changes")
    _one(_learned(repo, since), "`7za`")


def test_a_sentence_that_says_what_previously_failed_is_read_with_the_one_before(
        repo: Path) -> None:
    """pip-tools' fragment "Fix handling of index URLs ending in `/simple/` by improving URL
    normalization logic. These URLs would previously make `pip-compile` fail to use the
    PyPI JSON API." gave nothing (fresh17's history miss b17piptools-h4): "previously"
    said what went wrong only as a sentence's first word, and a sentence that leans on the
    one before ("These URLs") was never whole alone.  Read with that one, it is."""
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_files(repo, {"piptools/repositories/pypi.py": "def normalize(url):\n    return url\n",
                        "changelog.d/1669.bugfix.md":
                        "Fix handling of index URLs ending in `/simple/` by improving URL "
                        "normalization logic.\nThese URLs would previously make `pip-compile` "
                        "fail to use the PyPI JSON API.\n\n-- by {user}`sirosen`\n"},
                 "Improve normalization of index URLs for JSON API")
    item = _one(_learned(repo, since), "`/simple/`")
    assert "fail to use the PyPI JSON API" in item.content


OLD_CO = ("local wrap = coroutine.wrap\nlocal yield = coroutine.yield\n\n"
          "function M.walk(d)\n  return d\nend\n")
FALLBACK = ("-- check on OpenResty coroutine versions, and use originals if possible\n"
            "local wrap = coroutine._wrap or coroutine.wrap\n"
            "local yield = coroutine._yield or coroutine.yield\n\n"
            "function M.walk(d)\n  return d\nend\n")
COMPAT_WRAP = ("-- check for OpenResty coroutine versions\n"
               "local wrap = require('pl.compat').wrap\n"
               "local yield = coroutine.yield\n\nfunction M.walk(d)\n  return d\nend\n")


def test_a_sentence_whose_lines_were_edited_then_taken_away_holds_no_more(repo: Path) -> None:
    """Penlight's "wherever coroutines are used, we now check on openresty, and if using
    openresty, we fallback on the original Lua/LuaJIT coroutine functions" stood after
    `compat.wrap` took the place of its lines and the coroutines then went (h57's window:
    wrong).  A line another commit edits stands as that edit until the edit is taken away
    in its turn; the globals it gave the linter's dotfile are no line of the change."""
    files = ("lua/pl/dir.lua", "lua/pl/lexer.lua", "lua/pl/permute.lua")
    commit_files(repo, dict.fromkeys(files, OLD_CO), "Start")
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_files(repo, {**dict.fromkeys(files, FALLBACK),
                        ".luacheckrc": 'globals = {\n    "ngx",\n    "coroutine._wrap",\n}\n'},
                 "fix(*) openresty coroutines\n\nwherever coroutines are used, we now check "
                 "on openresty, and if\nusing openresty, we fallback on the original "
                 "Lua/LuaJIT coroutine\nfunctions.\n\nFixes #265")
    _one(_learned(repo, since), "we fallback on the original")
    commit_files(repo, dict.fromkeys(files, COMPAT_WRAP),
                 "fix(compat) OpenResty implementation of coroutine.wrap")
    _one(_learned(repo, since), "we fallback on the original")  # edited: it stands
    for path in files:
        commit_file(repo, path, "function M.walk(d)\n  return next, d\nend\n",
                    f"{path}: replace coroutine with iterator")
    assert not [e for e in _learned(repo, since) if "we fallback on the original" in e.content]

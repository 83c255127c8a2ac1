"""What issue 29's held-out windows (fresh22, read at 0.4.20) showed wrong or missing in
the offline items, each on a small real git history in made-up words."""

from __future__ import annotations

import subprocess
from pathlib import Path

from gitmemory.providers.offline.extractor import extract_commits
from testing.offline_history import load_commits


def _commit(repo: Path, message: str, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = repo / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        subprocess.run(["git", "add", name], cwd=repo, check=True)
    subprocess.run(["git", "commit", "-q", "-m", message], cwd=repo, check=True)


def _items(repo: Path) -> list[str]:
    return [e.content for e in extract_commits(load_commits(repo, "HEAD~1..HEAD"))]


NEWS = """# pkg 2.1.0 (in development)

## NEW FEATURES

1. `rollsum()` now accepts a character vector for `labels` to name its outputs directly, \
[#812](https://example.org/pkg/issues/812). Thanks to @ana-p for the suggestion and @bo-q \
for the implementation.

2. `stamp()` now keeps the names of its input, matching base `as.Date()`, \
[#820](https://example.org/pkg/issues/820). Thanks @cy for the report, @dee for the PR, and \
@eve for porting the fix to old versions.
"""


def test_a_sentence_of_thanks_goes_whole_with_the_comma_its_reference_left(repo: Path) -> None:
    """data.table's NEWS credits people in a sentence of its own: only its first handle
    was taken as a reference, and the entries read "... to name its outputs directly,. for
    the suggestion and @bo-q for the implementation"."""
    _commit(repo, "rollsum gains labels (#813)", {"NEWS.md": NEWS, "R/roll.R": "x <- 1\n"})
    said = [c for c in _items(repo) if "rollsum" in c or "stamp" in c]
    assert said, "the entries state what the functions do now"
    assert not any(
        word in c for c in said for word in ("@", "for the suggestion", "for the PR", ",.")
    )
    assert any(c.endswith("to name its outputs directly") for c in said)


def test_a_minimum_named_after_its_toolchain_is_a_fact(repo: Path) -> None:
    """ejabberd's "Raise softly Erlang/OTP minimum requirement from 25.0 to 27.0": the
    toolchain came before the word that makes it a floor, and no item said it."""
    _commit(
        repo,
        "Raise Erlang/OTP minimum requirement from 25.0 to 27.0",
        {
            "configure.ac": 'REQUIRE_ERLANG_MIN="15.0 (Erlang/OTP 27.0)"\n',
            "INSTALL.md": "- Erlang/OTP >= 27.0\n",
        },
    )
    assert "Raised Erlang/OTP minimum requirement from 25.0 to 27.0" in _items(repo)


def test_a_subject_that_says_what_its_change_keeps_away_is_a_pitfall(repo: Path) -> None:
    """ejabberd's "Weekly: Update package index like CI, otherwise PAM compilation fails",
    with no body: the failure the change keeps away was said nowhere else, and no item
    kept it."""
    _commit(
        repo,
        "nightly: refresh the apt index first, otherwise libpam-dev fails to install",
        {".github/workflows/nightly.yml": "on: schedule\n"},
    )
    (item,) = extract_commits(load_commits(repo, "HEAD~1..HEAD"))
    assert (item.section, item.content) == (
        "bug-patterns",
        "nightly: refresh the apt index first, otherwise libpam-dev fails to install",
    )


def test_a_plain_reason_in_a_subject_is_no_pitfall(repo: Path) -> None:
    """ "Use get_user/2 as it is a common task": a reason, but nothing it keeps away."""
    _commit(repo, "room: use get_user/2 as it is a common task", {"src/room.erl": "x.\n"})
    assert _items(repo) == []


SPOOFED = """Require a signature from remote relay senders

Previously, a message from a remote relay was delivered to a local inbox without
checking its signature. This allowed sender spoofing where an attacker could
impersonate any remote user when writing to local users.

Now, relay-to-local delivery checks the signature, as local delivery already did.
"""


def test_what_an_attacker_could_do_before_a_change_is_a_security_fix(repo: Path) -> None:
    """ejabberd's mod_sip body told the hole as caller-ID spoofing where an attacker
    could impersonate any user: no class of attack the rules knew, and no item."""
    _commit(repo, SPOOFED, {"src/relay.erl": "x.\n"})
    (item,) = extract_commits(load_commits(repo, "HEAD~1..HEAD"))
    assert item.section == "bug-patterns"
    assert "delivered to a local inbox without checking its signature" in item.content
    assert "attacker could impersonate any remote user" in item.content


def test_a_feature_named_impersonation_is_no_security_fix(repo: Path) -> None:
    """Impersonation as a feature ("admins can now act as a user") is no hole."""
    _commit(
        repo,
        "admin: add user impersonation for support staff\n\nSupport staff "
        "sessions now carry the `acting_as` field, logged on every request.\n",
        {"src/admin.py": "x = 1\n"},
    )
    assert not any(
        e.section == "bug-patterns" for e in extract_commits(load_commits(repo, "HEAD~1..HEAD"))
    )


SQUASH = """Add QW101: awaiting a queued batch result (#88)

* Fix: a retrying batch did not pre-complete fire-and-forget

RetryBatch hands back a durable proxy task and settles it up front when the flag is set.
Because the later forwarding uses TryFinish*, it simply finds the proxy already settled, so
a discarded attempt can no longer fault a result the caller was told not to expect.

* Build no proxy at all for a fire-and-forget operation

The flag now goes to RecordedStep, which builds no proxy when the reply has been declined.
Forwarding becomes a no-op for such an operation, which is what the already-settled proxy
achieved before by relying on TryFinish* finding it settled; this states it directly
instead.
"""


def test_what_a_later_step_says_the_earlier_way_did_before_holds_no_more(repo: Path) -> None:
    """StackExchange.Redis's c7b3a2b: a later step of the squash says the earlier step's
    way (TrySet* finding the proxy settled) is what was relied on before, done directly
    now; the earlier step's sentence was kept as how it works."""
    _commit(repo, SQUASH, {"src/RetryBatch.cs": "class RetryBatch {}\n"})
    items = _items(repo)
    assert any("RecordedStep, which builds no proxy" in c for c in items)
    assert not any("TryFinish" in c for c in items)


RELEASED = """Change Log
==========

# Version 2.1.0
_2026-06-25_

## Experimental `retryPolicy` support

If your server sends the `Retry-After` header, `retryPolicy` now waits for it before retrying.
"""


def test_a_subject_that_only_sets_the_version_anchors_nothing(repo: Path) -> None:
    """apollo-kotlin's "Version is now 5.0.2-SNAPSHOT" squashes the bump and the release's
    changelog: its entries were anchored by that subject ("Version is now
    5.0.2-SNAPSHOT — If your server supports ..."), a version the tip no longer has."""
    _commit(
        repo,
        "Version is now 2.1.1-SNAPSHOT (#97)",
        {"CHANGELOG.md": RELEASED, "gradle.properties": "version=2.1.1-SNAPSHOT\n"},
    )
    items = _items(repo)
    assert any("`retryPolicy` now waits for it" in c for c in items)
    assert not any("SNAPSHOT" in c for c in items)


def test_a_subject_that_ends_on_the_failure_it_stops_is_a_pitfall(repo: Path) -> None:
    """hyperfine's "Disable Windows GNU build, fails with 'Warning: corrupt .drectve at end
    of def file'", with no body: the subject is the change and the failure behind it, and
    no rule read a failure told by its own verb after a comma."""
    _commit(
        repo,
        "Drop the FreeBSD arm64 target, fails with 'error: unknown relocation type 42'",
        {".github/workflows/release.yml": "on: push\n"},
    )
    (item,) = extract_commits(load_commits(repo, "HEAD~1..HEAD"))
    assert (item.section, item.content) == (
        "bug-patterns",
        "Drop the FreeBSD arm64 target, fails with 'error: unknown relocation type 42'",
    )


def test_a_failure_clause_needs_a_named_thing_or_the_error_quoted(repo: Path) -> None:
    """ "Turn it off for now, it breaks things": nothing named, no error quoted."""
    _commit(repo, "Turn the step off, it breaks sometimes", {"ci.yml": "x: 1\n"})
    assert _items(repo) == []


def test_a_first_line_of_sentences_gives_its_first_as_the_subject(repo: Path) -> None:
    """guice's commits (Copybara exports) put the whole description on the first line:
    "Fix Guice's dependence on the system line separator by never using ... explicitly.
    (We were previously inconsistent: ...) This allows tests to pass on Windows ...":
    read as one subject of 400 characters it was too long for any line, and the history
    kept nothing of it."""
    from gitmemory.providers.offline.record import history_record

    _commit(
        repo,
        "Fix the parser's dependence on the host's line separator by never using it and "
        "always writing \\n explicitly. (Some places wrote \\n and others %n through a "
        "formatter, which became \\r\\n on Windows.) This lets the tests pass on Windows, "
        "where the separator differs. Also update the tests to do a run with the Windows "
        "line separator, to catch regressions. Fixes #1213.\n\nPiperOrigin-RevId: 525558598",
        {"src/Errors.java": "class Errors {}\n"},
    )
    lines = [e.content for e in history_record(load_commits(repo, "HEAD~1..HEAD"))]
    assert any(line.startswith("Fix the parser's dependence on the host's line separator")
               for line in lines), lines

"""What small held-out windows taught and no item carried (issue 29's window bar, zlib-ng
and grpc-go): a release-notes bullet that wraps over lines, and a cause told in the
present tense.  Each test is a failure read on a held-out history, in made-up words."""

from __future__ import annotations

from gitmemory.commits import FileChange
from gitmemory.memory.candidates import Extraction
from gitmemory.providers.offline.body import read_body
from gitmemory.providers.offline.extractor import extract_commits
from gitmemory.reading.header import parse_header
from testing.offline_history import make_commit

GO_SOURCE = [FileChange("dialoptions.go", 12, 3), FileChange("server.go", 10, 2)]

WRAPPED_NOTES = """Fixes the linked issue.

It also fixes existing tests that relied on the old behaviour.

RELEASE NOTES:
* grpc: Deprecate `WithSendBuffer` and `SendBuffer`. These
are replaced by `WithStreamSendBuffer` and `StreamSendBuffer`
respectively.
* grpc: Change behavior of existing options that set the send buffer
on client and server to keep flow control on.
"""


def _contents(items: list[Extraction]) -> list[str]:
    return [e.content for e in items]


def test_a_wrapped_bullet_is_read_whole() -> None:
    """grpc-go's notes wrap a bullet over lines ("... rate than" / "configured due to
    ..."): the listed commit's subject stopped at the line's end and its second half was
    read as prose of its own."""
    groups = read_body(parse_header("grpc: change send buffer options"), WRAPPED_NOTES)
    (deprecate,) = [g for g in groups if "Deprecate" in g.header.text]
    assert deprecate.header.text == "Deprecate `WithSendBuffer` and `SendBuffer`"
    assert deprecate.texts[0] == ("These are replaced by `WithStreamSendBuffer` and "
                                  "`StreamSendBuffer` respectively.")


def test_a_deprecation_keeps_what_replaces_it() -> None:
    """The deprecation item read "deprecate `X` and `Y`. These — are replaced by ...", and
    once the bullet was read whole, "These are replaced by ..." dangled and nothing was
    kept."""
    items = extract_commits([make_commit("grpc: change send buffer options", WRAPPED_NOTES,
                                         files=GO_SOURCE)])
    assert "grpc: deprecate `WithSendBuffer` and `SendBuffer` \u2014 these are replaced by " \
        "`WithStreamSendBuffer` and `StreamSendBuffer` respectively" in _contents(items)
    assert not any("These \u2014" in c or c.endswith(" These") for c in _contents(items))


def test_a_listed_commit_s_prose_right_under_it_is_not_its_subject() -> None:
    """A squash body's listed commit with its explanation on the next line, a sentence of
    its own: the subject stays the bullet's line."""
    body = "* fix(tags): widen the prerelease regex\nThe regex only matched rc0.\n"
    groups = read_body(parse_header("fix(tags): widen regexes"), body)
    assert [(g.header.text, g.texts) for g in groups][1] == \
        ("widen the prerelease regex", ["The regex only matched rc0."])


NDK_BODY = """When building with the toolchain the SDK provides, the TARGET variable is not
"arm64", but "arm64-none-linux-sdk26" (or similar). The strict string match check causes
the WITH_NEON32 option to be enabled in such a case.

Relax the check and assume arm64 if the TARGET variable contains arm64.
"""


def test_a_cmake_lists_fix_is_no_docs_commit() -> None:
    """zlib-ng's fix of CMakeLists.txt was read as a docs commit (a ".txt"), and the cause
    its body told was never looked for."""
    items = extract_commits([make_commit("Fix build on arm64 sdk", NDK_BODY,
                                         files=[FileChange("CMakeLists.txt", 1, 1)])])
    assert [e.section for e in items] == ["bug-patterns"]


def test_a_cause_told_in_the_present_goes_with_the_case_before_it() -> None:
    """"X causes Y in such a case" states the cause in the present tense, and the case is
    the sentence before it: both, or the line says nothing a reader can place."""
    items = extract_commits([make_commit("Fix build on arm64 sdk", NDK_BODY,
                                         files=[FileChange("src/arch.c", 1, 1)])])
    (bug,) = [e.content for e in items if e.section == "bug-patterns"]
    assert 'the TARGET variable is not "arm64", but "arm64-none-linux-sdk26"' in bug
    assert bug.endswith("causes the WITH_NEON32 option to be enabled in such a case")


def test_a_rule_keeps_what_may_not_be_assumed_as_its_reason() -> None:
    """zlib-ng's "Don't use chunkunroll for inflateBack": the body says what cannot be
    assumed when the buffers are one allocation, the pitfall the rule guards; nothing was
    kept."""
    items = extract_commits([make_commit(
        "Don't use fastcopy for streamBack",
        "If the output buffer and the history buffer are the same memory allocation,\n"
        "we cannot make the assumptions that fastcopy does, that it is okay to overwrite\n"
        "the output buffer.\n", files=[FileChange("inflate_tpl.h", 2, 1)])])
    assert "Don't use fastcopy for streamBack \u2014 If the output buffer and the history " \
        "buffer are the same memory allocation, we cannot make the assumptions that " \
        "fastcopy does, that it is okay to overwrite the output buffer" in \
        [e.content for e in items]


def test_a_one_sentence_note_that_wraps_is_not_made_a_bare_subject() -> None:
    """grpc-go's "* credentials/tls: Fixes a bug where per-RPC authority verification was"
    / "performed against the entire peer certificate chain ...": read whole, it is a
    listed commit's subject with nothing under it, which gives no item and hides any that
    restates it (the previous try lost a deprecation item so); its second half stays the
    prose that is read."""
    body = ("Verify the leaf only.\n\nRELEASE NOTES:\n* auth/tls: Fixes a bug where per-call "
            "host verification was\nperformed against the whole peer chain instead of "
            "strictly checking the leaf certificate.\n")
    groups = read_body(parse_header("auth/tls: verify the leaf only"), body)
    assert groups[-1].texts == ["performed against the whole peer chain instead of strictly "
                                "checking the leaf certificate."]

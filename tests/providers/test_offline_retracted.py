"""What a commit's own words take back from an item of it (offline/retracted.py): issue 29,
the run22 windows' wrong items (StackExchange.Redis, apollo-kotlin)."""

from __future__ import annotations

from gitmemory.commits import FileChange
from gitmemory.providers.offline.extractor import extract_commits
from gitmemory.providers.offline.messages import message_extractions
from testing.offline_history import make_commit

_FILES = [FileChange("src/Transports/Pipe.cs", 40, 12)]


def _texts(subject: str, body: str) -> list[str]:
    return [e.content for e in message_extractions(make_commit(subject, body, files=_FILES))]


def test_a_later_part_saying_a_thing_is_not_what_an_earlier_said_takes_it_back() -> None:
    """StackExchange.Redis 74d3921: "GetMemory/GetSpan/Advance are now abstract members",
    then a later part "GetSpan is a virtual convenience over GetMemory, not a second
    abstract" (judged wrong: GetSpan is virtual at the tip)."""
    body = ("* Add the Pipe transport seam\n\n"
            "A byte transport for connections that own their socket.\n\n"
            "* Pipe: the transport is the buffer writer itself\n\n"
            "A separate writer object never described the output on its own. "
            "ReserveMemory/ReserveSpan/Commit are now abstract members of the Pipe itself, "
            "and handing out the pipe as its writer grants staging access only.\n\n"
            "* Pipe: ReserveSpan is a virtual convenience over ReserveMemory, not a second "
            "abstract\n\n"
            "ReserveMemory is the single abstract of the writer; ReserveSpan defaults to "
            "ReserveMemory(hint).Span, so an implementer owes one acquisition member.\n")
    texts = _texts("Experimental transport seam (#31)", body)
    assert not [t for t in texts if "are now abstract members" in t], texts
    assert [t for t in texts if "single abstract of the writer" in t], texts


def test_a_way_a_later_part_turned_down_takes_back_the_item_that_told_it() -> None:
    """StackExchange.Redis cb7f607: "Adds a nomkstream option to StreamAdd", then "instead of
    inserting a `bool nomkstream` into the overloads, the options travel on a required
    `StreamAddOptions` parameter" (judged wrong: there is no such parameter)."""
    body = ("* Add SKIPCREATE support to PUSH\n\n"
            "Adds a skipcreate option to ListPush/ListPushAsync so callers can append to a "
            "list without creating it, matching the PUSH SKIPCREATE flag of the server.\n\n"
            "* PUSH: carry SKIPCREATE on a PushOptions parameter\n\n"
            "Reworks the public surface: instead of inserting a `bool skipcreate` into the "
            "four overload families, the new options travel on a required `PushOptions` "
            "parameter. PushOptions is a readonly struct, so CreateList is stored inverted "
            "so that `default` means create the list, matching the command's own default.\n")
    texts = _texts("Add SKIPCREATE support to PUSH (#40)", body)
    assert not [t for t in texts if "skipcreate option" in t], texts
    assert [t for t in texts if "stored inverted" in t], texts


def test_what_an_item_says_a_page_keeps_goes_when_a_later_part_removes_from_it() -> None:
    """StackExchange.Redis c484d22: "Timeouts.md keeps its 2.x and 1.x examples", then a
    later part "Remove the dead SocketManager pool from Timeouts.md", which dropped the 1.x
    example (judged wrong)."""
    body = ("* Stop leaning on `mgr`, which 3.0 no longer emits\n\n"
            "The worked example was built from the old message, and `mgr` is gone. "
            "Stalls.md keeps its 2.x and 1.x examples, because they are explicitly "
            "historical and people still meet old messages.\n\n"
            "* Remove the dead socket pool from Stalls.md\n\n"
            "The page also described the dedicated pool as current machinery, which it has "
            "not been since 3.0, so the example message is now the current one.\n")
    texts = _texts("Add a sync-over-async rule (#41)", body)
    assert not [t for t in texts if "keeps its 2.x" in t], texts


def test_a_way_a_later_part_calls_wrong_takes_back_the_item_that_told_it() -> None:
    """StackExchange.Redis c7b3a2b: "RetryTransaction settles the proxy up front when the
    flag is set", then "Settling a TaskCompletionSource up front was the wrong shape" and
    no proxy is built at all (judged wrong)."""
    body = ("* Fix: a retrying batch did not pre-complete fire-and-forget\n\n"
            "The retrying batch hands back a durable proxy task whatever the flags say. "
            "The generated argument struct now exposes its flags through IFlaggedArgs, "
            "and RetryBatch settles the proxy up front when the flag is set.\n\n"
            "* Build no proxy at all for a fire-and-forget operation\n\n"
            "Settling a completion source up front was the wrong shape: it still built one, "
            "and every fire-and-forget operation cost two objects. The flag now goes to "
            "RecordedCall, which builds no proxy when the reply was declined and hands back "
            "the shared completed task instead.\n")
    texts = _texts("Add waiting rules for a queued batch result (#42)", body)
    assert not [t for t in texts if "settles the proxy up front" in t], texts
    assert [t for t in texts if "RecordedCall" in t], texts


def test_the_state_a_subject_denies_is_the_state_before_the_change() -> None:
    """apollo-kotlin 65dad3e, "Test a fragment's type condition against a set, not a
    list": its body's "`CompiledFragment.possibleTypes` is a `List`, so ... a linear scan"
    was filed as a decision in the present tense (judged wrong)."""
    body = ("Collecting fields asks, at every fragment, whether the object's type is one of "
            "the fragment's possible types. `Fragment.kinds` is a `List`, so the question is "
            "answered by a linear scan comparing strings one at a time.\n\n"
            "`Fragment` now derives a set from `kinds` and exposes `isKind(name)`, which "
            "the field collectors call instead of testing the list.\n")
    texts = _texts("perf(api): Test a fragment's type condition against a set, not a list",
                   body)
    assert not [t for t in texts if "is a `List`" in t], texts


def test_what_the_commit_says_it_no_longer_does_is_the_state_before_the_fix() -> None:
    """apollo-kotlin 1a3105c: "checkCapitalizedFields checks every fragment definition on
    its own, and then follows fragment spreads", then "Not following spreads also removes
    the traversal" (a bug pattern in the present tense, judged wrong)."""
    body = ("checkUpperFields checks every fragment definition on its own, and then "
            "follows fragment spreads into those same definitions, so a field inside a "
            "fragment is reported once per path that reaches it.\n\n"
            "The spread target is always checked in the same pass, so following spreads "
            "can never surface an issue the direct pass misses.\n\n"
            "Not following spreads also removes the traversal that produced them.\n")
    texts = _texts("fix(compiler): report upper-case field issues once per field", body)
    assert not [t for t in texts if "follows fragment spreads" in t], texts


def test_a_later_commit_that_puts_another_thing_first_takes_back_the_order() -> None:
    """StackExchange.Redis 85cd5f6 "`HELLO 3` stays first-in-pipeline and carries the
    credentials", then the next pull request 228cd37 "AUTH goes first in the batch ..., and
    HELLO follows it, bare" (judged wrong)."""
    first = make_commit(
        "Always send GREET when the server understands it (#50)",
        "* Always send GREET when the server understands it\n\n"
        "The second greeting is deliberately not the same message as the first:\n\n"
        "- `GREET 3` stays first-in-pipeline and carries the credentials, as it must for "
        "the negotiation to happen at all on a secured server.\n"
        "- `GREET 2` is a bare greeting issued after LOGIN.\n",
        files=[FileChange("src/Handshake.cs", 30, 4)], sha="a" * 40)
    second = make_commit(
        "Never send both GREET LOGIN and a standalone LOGIN (#51)",
        "A failing LOGIN only gets a reply when it is first in the batch.\n\n"
        "So: LOGIN goes first in the batch (where its errors are reported), and GREET "
        "follows it, bare.\n",
        files=[FileChange("src/Handshake.cs", 12, 9)], sha="b" * 40)
    alone = [e.content for e in extract_commits([first])]
    assert [t for t in alone if "stays first-in-pipeline" in t], alone
    both = [e.content for e in extract_commits([first, second])]
    assert not [t for t in both if "stays first-in-pipeline" in t], both

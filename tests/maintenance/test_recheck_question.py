"""gitmemory/maintenance/recheck_question.py: the question that checks items against the
code they cite: the code goes as redacted data, and the answer is read strictly (one
verdict per note, an update with its one-line text) or refused with the reason."""

from __future__ import annotations

import json

import pytest

from gitmemory.maintenance.recheck_question import (
    MAX_CODE,
    Note,
    Verdict,
    parse,
    prompt,
    question,
)
from gitmemory.providers.answers import InvalidOutput

SECRET = "ghp_" + "R8mK2vQ9xL4tW7nB3cF6hJ1pD5sG0aE2yU4i"
NOTES = [Note("Handlers return plain dicts", "def get():\n    return {}\n"),
         Note("The cache lives for an hour", "TTL = 60\n")]


def _answer(*verdicts: dict[str, object]) -> str:
    return json.dumps({"verdicts": list(verdicts)})


def test_each_verdict_is_read_in_the_order_of_the_notes() -> None:
    text = _answer({"note": 2, "verdict": "update", "text": "  The cache lives  a minute "},
                   {"note": 1, "verdict": "keep"})
    assert parse(text, 2) == [Verdict(0, "keep"), Verdict(1, "update",
                                                          "The cache lives a minute")]
    fenced = "```json\n" + _answer({"note": 1, "verdict": "drop"}) + "\n```"
    assert parse(fenced, 1) == [Verdict(0, "drop")]


@pytest.mark.parametrize(("answer", "reason"), [
    ('{"verdicts": {"note": 1}}', "verdicts must be a list"),
    (_answer("keep"), "verdicts[0] must be an object"),  # type: ignore[arg-type]
    (_answer({"note": 3, "verdict": "keep"}), "verdicts[0]: note must name one of the notes"),
    (_answer({"note": "1", "verdict": "keep"}), "note must name one of the notes, once"),
    (_answer({"note": 1, "verdict": "keep"}, {"note": 1, "verdict": "drop"}),
     "verdicts[1]: note must name one of the notes, once"),
    (_answer({"note": 1, "verdict": "maybe"}),
     "verdicts[0]: verdict must be one of keep, update, drop"),
    (_answer({"note": 1, "verdict": "update"}), "an update needs its text, one line"),
    (_answer({"note": 1, "verdict": "update", "text": "  "}), "an update needs its text"),
    (_answer({"note": 1, "verdict": "update", "text": "one\ntwo"}), "one line"),
    (_answer({"note": 1, "verdict": "keep"}), "1 note(s) without a verdict"),
    ("no json here", "no JSON object in the answer"),
])
def test_an_answer_that_does_not_fit_is_refused_with_the_reason(answer: str,
                                                                reason: str) -> None:
    with pytest.raises(InvalidOutput) as caught:
        parse(answer, 2)
    assert reason in str(caught.value)


def test_the_prompt_holds_each_note_and_its_code_as_data() -> None:
    text = prompt("feature/cache", NOTES)
    assert text.startswith('Branch name (data): "feature/cache"\n\n<notes-')
    assert "Note 1: Handlers return plain dicts\nIts code now:\ndef get():" in text
    assert "Note 2: The cache lives for an hour\nIts code now:\nTTL = 60" in text
    opening = text.split("\n")[2]
    assert text.rstrip().endswith("</" + opening[1:])  # the same tagged marker closes it


def test_the_code_sent_is_capped_and_redacted() -> None:
    code = f"TOKEN = '{SECRET}'\n" + "x = 1\n" * 2000
    text = prompt("main", [Note(f"The token {SECRET} is read at start", code)])
    assert SECRET not in text
    assert "[REDACTED" in text
    assert len(text) < MAX_CODE + 500


def test_without_a_model_nothing_can_be_told() -> None:
    asked = question("main", NOTES, deadline=5.0)
    assert asked.rules() is None
    assert asked.deadline == 5.0 and asked.label == "check again "
    assert "Note 2" in asked.prompt()
    assert asked.parse(_answer({"note": 1, "verdict": "keep"},
                               {"note": 2, "verdict": "drop"})) == [Verdict(0, "keep"),
                                                                    Verdict(1, "drop")]

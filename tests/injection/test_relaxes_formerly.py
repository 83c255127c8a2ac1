"""How things were, told beside how they are now, relaxes nothing (fresh25, spent: the
scikit-build-core item "The deprecated fields ... previously only warned when used without
a minimum-version pin; they now error unless ..." was held as relaxing its configuration
docs).  The clause of how things were counts up to the "now" that says how they are; with
no such word, it is judged whole."""

from __future__ import annotations

from gitmemory.injection import relaxes


def _loose(text: str) -> set[str]:
    return set().union(*(relaxes.loosening(relaxes._live(relaxes.words(relaxes.prose(part))))
                         for part in text.split(", ")))


def test_how_things_were_before_now_loosens_nothing() -> None:
    assert _loose("The old keys previously only warned when used without a version pin; they "
                  "now error unless an old pin opts back in") == set()


def test_how_things_are_after_now_is_still_read() -> None:
    assert _loose("Uploads previously needed a token; now they run without a token") != set()


def test_a_former_state_with_no_word_of_now_is_judged_whole() -> None:
    assert _loose("The admin route previously and still runs without auth") != set()


def test_how_things_were_told_in_the_sentence_before_now_loosens_nothing() -> None:
    # the item as the offline route writes it: the two sentences joined by a semicolon
    reading = relaxes.Reading("The old keys previously only warned when used without a "
                              "version pin; they now error unless an old pin opts back in")
    assert [loose for sentence in reading.sentences for loose, _ in sentence[1]
            if loose] == []
    after = relaxes.Reading("Uploads previously needed a token. Now they run without one")
    assert [loose for sentence in after.sentences for loose, _ in sentence[1] if loose]

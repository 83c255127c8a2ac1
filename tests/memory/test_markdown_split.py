"""The evidence suffix's splitter: its fast path cuts where the quoted-aware loop does."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gitmemory.memory import suffix


def slow_split(text: str, separator: str) -> list[str]:
    parts, start, quoted = [], 0, False
    for i, ch in enumerate(text):
        if ch == "`":
            quoted = not quoted
        elif not quoted and text.startswith(separator, i):
            parts.append(text[start:i])
            start = i + len(separator)
    parts.append(text[start:])
    return parts


@given(st.text(alphabet=st.sampled_from(list("ab;, `/.")), max_size=40),
       st.sampled_from(["; ", ", "]))
def test_split_matches_the_quoted_aware_loop(text: str, separator: str) -> None:
    assert suffix._split(text, separator) == slow_split(text, separator)


@given(st.lists(st.sampled_from(["Uses", "x", " (refs: ", "abc1234", ", ", "; paths: ",
                                 "src/a.py", "`b c`", "(", ")", "; k: v", "..", "/"]),
                max_size=10).map("".join))
def test_the_plain_suffix_reads_as_the_general_reading(text: str) -> None:
    """Items whose suffix is refs (and unquoted paths) are read on a fast path: it
    answers as the general reading does, or leaves the text to it."""
    text = " ".join(text.split()) + ")"
    plain = suffix._usual_suffix(text)
    assert plain is None or plain == suffix._general(text, False)

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

"""BM25 ranking of memory items on a small labelled set."""

from __future__ import annotations

import pytest

from gitmemory.recall.rank import Index, query_terms, stem, words

DOCS = [
    "Sessions are stored in Redis with a 24h TTL",                        # 0
    "Redis also backs the rate limiter",                                  # 1
    "Session cookies are HttpOnly and SameSite=Lax",                      # 2
    "The billing worker retries failed charges with exponential backoff",  # 3
    "RetryPolicy caps backoff at 30 seconds src/retry_policy.py",          # 4
    "Use httpx for every HTTP call; requests is not allowed",             # 5
    "Invoices are rounded half-even; totals are summed in cents",         # 6
]


@pytest.mark.parametrize(("query", "ranked"), [
    ("redis sessions", [{0}, {1, 2}]),      # both terms first, then either
    ("retry policy backoff", [{4}, {3}]),   # identifier parts match
    ("policies", [{4}]),                    # plural folded
    ("how do we round invoices", [{6}]),    # function words dropped; "round" != "rounded"
    ("http", [{2, 5}]),                     # HTTP and HttpOnly, not httpx alone
])
def test_labelled_queries_rank_in_order(query: str, ranked: list[set[int]]) -> None:
    got = [number for _, number in Index(DOCS).scores(query_terms(query))]
    expected = [number for group in ranked for number in group]
    assert len(got) == len(expected)
    start = 0
    for group in ranked:
        assert set(got[start:start + len(group)]) == group
        start += len(group)


def test_rare_terms_weigh_more_than_common_ones() -> None:
    docs = ["the queue worker", "the queue", "the queue and the deadline"]
    ranked = Index(docs).scores(query_terms("queue deadline"))
    assert ranked[0][1] == 2


def test_stem_and_words() -> None:
    """The forms of one word meet (the toolkit every reader shares: gitmemory/text.py)."""
    for forms in (("policies", "policy"), ("caches", "cache", "caching", "cached"),
                  ("tokens", "token"), ("classes", "class"), ("status",), ("is",)):
        assert {stem(w) for w in forms} == {stem(forms[-1])}, forms
    assert [stem(w) for w in ("policy", "status", "class", "is")] == \
        ["policy", "status", "class", "is"]
    assert words("max_inject_chars RetryPolicy") == \
        ["max_inject_char", "max", "inject", "char", "retrypolicy", "retry", "policy"]


def test_query_of_function_words_only_keeps_them() -> None:
    assert query_terms("how it is") == ["how", "it", "is"]
    assert query_terms("") == []

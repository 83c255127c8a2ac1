from __future__ import annotations

from gitmemory.memory.candidates import Extraction
from gitmemory.reading.memory_trailers import trailer_extractions
from testing.offline_history import make_commit


def test_memory_trailers_are_taken_as_written_with_full_confidence() -> None:
    commit = make_commit("feat: sessions", trailers=(
        ("Memory-Fact", "Sessions live in Redis with a 24h TTL"),
        ("Memory-Decision", "JWTs are signed with RS256"),
        ("memory-convention", "Always compare timestamps in UTC"),
        ("MEMORY-BUG", "Local-time expiry checks logged users out early"),
        ("Signed-off-by", "Ada Tester <ada@example.com>"),
    ))
    assert trailer_extractions([commit]) == [
        Extraction("facts", "Sessions live in Redis with a 24h TTL", 1.0, (commit.short,)),
        Extraction("architectural-decisions", "JWTs are signed with RS256", 1.0, (commit.short,)),
        Extraction("conventions", "Always compare timestamps in UTC", 1.0, (commit.short,)),
        Extraction("bug-patterns", "Local-time expiry checks logged users out early", 1.0,
                   (commit.short,)),
    ]


def test_a_memory_line_in_the_body_counts_like_a_trailer() -> None:
    commit = make_commit("fix: expiry", "Memory-Bug: Expiry compared in local time\n\nMore text.")
    assert trailer_extractions([commit]) == [
        Extraction("bug-patterns", "Expiry compared in local time", 1.0, (commit.short,))]


def test_the_same_trailer_in_several_commits_is_one_item_with_all_refs() -> None:
    first = make_commit("one", trailers=(("Memory-Fact", "Uses Redis"),))
    second = make_commit("two", trailers=(("Memory-Fact", "uses redis."),))
    assert trailer_extractions([first, second]) == [
        Extraction("facts", "Uses Redis", 1.0, (first.short, second.short))]


def test_empty_and_unrelated_trailers_give_nothing() -> None:
    commit = make_commit("x", trailers=(("Memory-Fact", "   "), ("Co-authored-by", "B <b@x>")))
    assert trailer_extractions([commit]) == []

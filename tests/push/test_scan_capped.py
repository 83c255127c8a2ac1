"""A flood of findings stops the scan, not the machine (sealed5's time attack: a memory
file of 60,000 password-like lines made a push take 10 s), and nothing is missed where
there is no flood: a long text is read in runs that overlap."""

from __future__ import annotations

import pytest

from gitmemory.push import scan
from gitmemory.secrets import folded

KEY = ("-----BEGIN OPENSSH PRIVATE KEY-----\n" + "\n".join(["b3BlbnNzaC1rZXktdjEAAAAA" * 3] * 20)
       + "\n-----END OPENSSH PRIVATE KEY-----")


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The lines of each text the scan reads."""
    read: list[int] = []
    real = folded.scan_as_read

    def counted(text: str) -> list[folded.Finding]:
        read.append(text.count("\n") + 1)
        return real(text)

    monkeypatch.setattr(folded, "scan_as_read", counted)
    return read


def test_a_flood_is_read_only_until_the_push_is_surely_stopped(texts: list[int]) -> None:
    flood = "\n".join(f"- db_password_{k}=short{k % 10}" for k in range(60_000))
    found = scan.scan_text("m.md", flood)
    assert len(found) >= scan.MOST
    assert sum(texts) < 10_000  # not the 60,000 lines
    assert found[0] == ("m.md", 1, found[0][2])


def test_a_long_text_is_read_whole_where_it_finds_little() -> None:
    """A secret far down a long file, and a key block across the seam of two runs."""
    lines = ["plain words"] * 7_000
    lines[6_500] = "token ghp_" + "a" * 36
    found = scan.scan_text("m.md", "\n".join(lines))
    assert [(line, rule) for _, line, rule in found] == [(6_501, "github-token")]
    seam = ["plain words"] * 1_990 + KEY.split("\n") + ["plain words"] * 500
    assert any(line == 1_991 for _, line, _ in scan.scan_text("m.md", "\n".join(seam)))


def test_a_flood_with_nothing_to_find_is_read_no_further_than_the_bound() -> None:
    """60,000 password-like names whose values are references: no finding stops the
    scan, so the length does, and the push stops there (nothing unread is published)."""
    flood = "\n".join(f"- db_password_{k}=${{DB_PW_{k}}} api_secret_{k}: $SECRET token_{k} = <t>"
                      for k in range(60_000))
    assert len(flood) > scan.MAX_CHARS
    found = scan.scan_text("m.md", flood)
    assert found and found[-1][2] == scan.TOO_LONG
    unread = found[-1][1]
    assert 1 < unread < 60_000
    assert sum(len(line) + 1 for line in flood.split("\n")[:unread - 1]) <= scan.MAX_CHARS


def test_a_secret_before_the_bound_is_still_named() -> None:
    lines = ["- plain words of a long memory file"] * 40_000
    lines[10] = "- token ghp_" + "a" * 36
    found = scan.scan_text("m.md", "\n".join(lines))
    assert (11, "github-token") in [(line, rule) for _, line, rule in found]
    assert found[-1][2] == scan.TOO_LONG


def test_one_line_longer_than_the_bound_is_not_read_to_its_end() -> None:
    found = scan.scan_text("m.md", "x" * (scan.MAX_CHARS + 10))
    assert found == [("m.md", 1, scan.TOO_LONG)]


def test_a_flood_of_dense_secrets_is_stopped_after_its_first_lines(texts: list[int]) -> None:
    """sealed17's time attack: 20,000 lines each holding three secrets (a `cqlsh -p`
    password, a one-time token, a signing key's `d`) made a push take two seconds more,
    all of it reading the first 2,000 lines to find 50 findings."""
    flood = "\n".join(f"- District {k}: cqlsh -u ops -p Zq7Xw{k:05d}Lm9Rt2Vb token "
                      f"ghp_{k:06d}" + "aB3dE" * 6 for k in range(20_000))
    found = scan.scan_text("m.md", flood)
    assert len(found) >= scan.MOST
    assert sum(texts) < 400, texts

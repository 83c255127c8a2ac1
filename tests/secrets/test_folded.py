"""Secrets hidden from the raw text (gitmemory/secrets/folded.py): found as read, redacted
whole, and the folding kept in step with what neutralisation shows."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gitmemory.injection.neutralize import one_line
from gitmemory.secrets import folded

TOKEN = "ghp_" + "Zq8Lm2Tq9vNsR4xK7wPb3YdH6cFj1GtA5eUo"
HIDERS = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u034f", "\u180e",
          "\u202e", "\U000e0041", "\x07", "\ufe0f"]


def _full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


@pytest.mark.slow
def test_neutralisation_never_joins_what_folding_keeps_apart() -> None:
    """Every character neutralisation drops between two letters, folding drops too, and
    every one it maps to ASCII, folding maps the same way: a token CLAUDE.md would show
    whole is whole in what the scan and redaction read."""
    for cp in range(sys.maxunicode + 1):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        ch = chr(cp)
        shown = one_line(f"a{ch}b")
        if shown.isascii() and " " not in shown:
            assert folded.as_read(f"a{ch}b") == shown, hex(cp)


def test_a_hidden_token_is_found_and_redacted_whole() -> None:
    for hider in HIDERS:
        text = f"the bot uses {TOKEN[:9]}{hider}{TOKEN[9:]} today"
        assert [f.rule for f in folded.scan_as_read(text)] == ["github-token"], repr(hider)
        done, found = folded.redact_as_read(text)
        assert done == "the bot uses [REDACTED:github-token] today", repr(hider)
        assert found
    wide = f"key {_full_width(TOKEN)}\nnext line"
    assert folded.redact_as_read(wide)[0] == "key [REDACTED:github-token]\nnext line"
    assert [(f.line, f.rule) for f in folded.scan_as_read("a\nb\n" + wide)] == [(3, "github-token")]


def test_text_that_folds_to_itself_is_left_to_the_raw_rules() -> None:
    plain = "Shas stay: a1b2c3d4e5f6, UUIDs too: 123e4567-e89b-12d3-a456-426614174000"
    assert folded.redact_as_read(plain) == (plain, [])
    accents = "Caf\u00e9 names \u2014 kept as written, \u00fcber \u65e5\u672c"
    assert folded.redact_as_read(accents)[0] == accents


@given(st.lists(st.sampled_from([TOKEN[:7], TOKEN[7:20], TOKEN[20:], "\u200b", "\u00ad",
                                 _full_width(TOKEN[:11]), " ", "\n", "x", "password is ",
                                 "Hunter2hunter2", "\ufeff"]), max_size=14))
def test_redaction_after_folding_is_idempotent(parts: list[str]) -> None:
    once = folded.redact_as_read("".join(parts))[0]
    assert folded.redact_as_read(once)[0] == once
    assert TOKEN not in folded.as_read(once)
    assert once.count("\n") == "".join(parts).count("\n")


def test_the_screen_lets_every_hidden_token_through_to_redaction() -> None:
    for hider in HIDERS:
        assert folded.may_hide(f"x {TOKEN[:9]}{hider}{TOKEN[9:]}")
    assert folded.may_hide(_full_width(TOKEN))
    assert not folded.may_hide("Keep the retry loop small")
    assert folded.redacted_as_read("Keep the retry loop small") == "Keep the retry loop small"


def test_a_token_cut_by_emphasis_is_read_whole() -> None:
    """A model's answer may bold part of a token (``**ghp_abc**def``): rendered, it is one
    word, so the scan and redaction read it without the inner ``**`` (sealed3's leak)."""
    text = f"The release bot authenticates as **{TOKEN[:20]}**{TOKEN[20:]}"
    assert folded.may_hide(text)
    done, found = folded.redact_as_read(text)
    assert TOKEN[:20] not in done and TOKEN[20:] not in done, done
    assert [f.rule for f in found] == ["github-token"]
    assert [f.rule for f in folded.scan_as_read(text)] == ["github-token"]
    bold = "Use **bold** and ***strong*** words, 2**10 and snake__case names"
    assert folded.redact_as_read(bold) == (bold, [])

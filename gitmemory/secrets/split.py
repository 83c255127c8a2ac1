"""Tokens broken across two lines, for :mod:`gitmemory.secrets.redact`.

A commit message wrapped at 72 columns, or a diff line continued on the
next, can cut a token in two.  The first half may be long enough for its rule
(``ghp_`` and 20 characters) and the second half then looks like nothing; or
neither half is.  Either way a model reading both re-joins them.  Here a line
that ends in the start of a known token (its prefix and its alphabet up to
the line break) is joined with the start of the next line (after a diff
marker and indentation); when the token's own rule matches across the break,
both halves are hidden, each on its own line.

A commit's subject and body are parted by a blank line, which a token cut at
the end of the subject crosses too: one blank line may stand between the halves
(not in a diff).

A token of a fixed length whose body is letters and digits may also be cut within its
line, into groups by one separator used throughout (``AKIA-5J3K-Q7WX-...``,
``AKIA 5J3KQ7WX PL2MRT8Z``, ``AKIA_...``): every reader joins the groups again.  Where the
groups, joined, are exactly the token (its rule matches them whole, its length reached at
a word's end) and its body is drawn at random, the whole written form is hidden
(:func:`find_grouped`); prose that happens to follow a prefix is no such body.

A token that was already complete at the end of its line is not extended
into the next line's first word: for formats of a fixed length the length
says so, for the others the next line's start must look random (a digit and
a letter), not like a word of prose or code.  In a diff only an added line
continues an added line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets.judging import random_run
from gitmemory.secrets.patterns import TOKEN_RULES, TokenRule

_Span = tuple[int, int, str]

# Prefix -> (rule, full length of the token when the format fixes it, else 0).
_PREFIXES: dict[str, tuple[str, int]] = {
    "ghp_": ("github-token", 40), "gho_": ("github-token", 40), "ghu_": ("github-token", 40),
    "ghs_": ("github-token", 40), "ghr_": ("github-token", 40),
    "github_pat_": ("github-token", 93), "AKIA": ("aws-access-key", 20),
    "ASIA": ("aws-access-key", 20), "glpat-": ("gitlab-token", 26), "npm_": ("npm-token", 40),
    "AIza": ("gcp-api-key", 39), "hf_": ("huggingface-token", 37),
    "sk-ant-": ("anthropic-key", 0), "sk-proj-": ("openai-key", 0),
    "sk_live_": ("stripe-key", 0), "sk_test_": ("stripe-key", 0),
    "rk_live_": ("stripe-key", 0), "xoxb-": ("slack-token", 0), "xoxp-": ("slack-token", 0),
    "xapp-": ("slack-token", 0), "pypi-AgE": ("pypi-token", 0),
    "dckr_pat_": ("docker-hub-token", 0), "eyJ": ("jwt", 0),
}
_TAIL_CHARS = "A-Za-z0-9_\\-."
_BROKEN = lazy_regex("(?:" + "|".join(map(re.escape, _PREFIXES)) + f")[{_TAIL_CHARS}]*\r?\n")
_CONTINUED = lazy_regex(f"[ \t]*(?:(?:#|//|\\*|>)[ \t]*)?([{_TAIL_CHARS}]+)")
_RULES: dict[str, tuple[TokenRule, ...]] = {
    name: tuple(rule for rule in TOKEN_RULES if rule.name == name)
    for name, _ in _PREFIXES.values()}


def find(text: str) -> Iterator[_Span]:
    """(start, end, rule) for both halves of each token broken across a line end."""
    if "\n" not in text:
        return
    for m in _BROKEN.finditer(text):
        head_start = m.start()
        head_end = m.end() - (2 if text[m.end() - 2] == "\r" else 1)
        head = text[head_start:head_end]
        prefix = next(p for p in _PREFIXES if head.startswith(p))
        name, full = _PREFIXES[prefix]
        after = m.end()
        if text[text.rfind("\n", 0, head_start) + 1] == "+":  # an added line in a diff:
            if text[after:after + 1] != "+":  # only another added line continues it
                continue
            after += 1
        elif text.startswith("\n", after) or text.startswith("\r\n", after):
            after = text.index("\n", after) + 1  # a subject cut from its body by a blank line
        nxt = _CONTINUED.match(text, after)
        if nxt is None:
            continue
        tail = nxt.group(1)
        if full and len(head) >= full:
            continue
        if not full and not _random_start(tail) and _matches(name, head) >= len(head):
            continue
        end = _matches(name, head + tail)
        if full:
            end = min(end, full)
        if end > len(head):
            yield head_start, head_end, name
            yield nxt.start(1), nxt.start(1) + end - len(head), name


def _matches(name: str, text: str) -> int:
    """How far one of the rules named ``name`` matches at the start of ``text`` (0: none)."""
    best = 0
    for rule in _RULES[name]:
        m = rule.pattern.match(text)
        if m and m.end() > best:
            best = m.end()
    return best


def _random_start(tail: str) -> bool:
    """Whether the next line starts like the rest of a token: a digit and a letter in its
    first characters ("Copyright" and "cmd.byte" start a line of prose or code)."""
    word = tail[:12]
    return len(tail) >= 4 and any(c.isdigit() for c in word) and any(c.isalpha() for c in word)


# The fixed-length formats whose body is letters and digits alone: no separator is theirs.
_GROUPED = {prefix: spec for prefix, spec in _PREFIXES.items() if spec[1]}
_GROUPED_START = lazy_regex("(?<![A-Za-z0-9])(?:" + "|".join(map(re.escape, _GROUPED)) + ")")
_SEPARATORS = "-_. "
_GROUP = lazy_regex(r"[A-Za-z0-9]+")


def find_grouped(text: str) -> Iterator[_Span]:
    """(start, end, rule) of each fixed-length token written in groups (module docstring)."""
    for m in _GROUPED_START.finditer(text):
        name, full = _GROUPED[m.group()]
        end = _grouped_end(text, m.end(), full - len(m.group()))
        joined = "".join(c for c in text[m.start():end] if c not in _SEPARATORS)
        if end and _matches(name, joined) == full and random_run(joined[len(m.group()):]):
            yield m.start(), end, name


def _grouped_end(text: str, pos: int, wanted: int) -> int:
    """Where groups of letters and digits parted by one separator, from ``pos``, hold
    exactly ``wanted`` characters and a word ends; 0 when they do not, or when nothing
    parts them (the token's own rule reads it whole)."""
    separator = ""
    while wanted > 0:
        if pos < len(text) and text[pos] in _SEPARATORS and text[pos] in (separator or
                                                                          text[pos]):
            separator, pos = text[pos], pos + 1
        group = _GROUP.match(text, pos)
        if group is None or len(group.group()) > wanted:
            return 0
        wanted -= len(group.group())
        pos = group.end()
        if wanted and not (pos < len(text) and text[pos] in _SEPARATORS):
            return 0
    return pos if separator else 0

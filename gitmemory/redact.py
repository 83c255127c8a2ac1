"""INTERIM (replaced by the safety branch): secret redaction."""

from __future__ import annotations

import re
from dataclasses import dataclass

_RULES = [("github-token", re.compile(r"gh[pousr]_[A-Za-z0-9]{36,}")),
          ("anthropic-key", re.compile(r"sk-ant-[A-Za-z0-9_-]{20,}"))]


@dataclass(frozen=True)
class Finding:
    rule: str
    line: int
    start: int
    end: int


def scan(text: str) -> list[Finding]:
    found = []
    for rule, pattern in _RULES:
        for m in pattern.finditer(text):
            found.append(Finding(rule, text.count("\n", 0, m.start()) + 1, m.start(), m.end()))
    return sorted(found, key=lambda f: f.start)


def redact(text: str) -> tuple[str, list[Finding]]:
    found = scan(text)
    for f in reversed(found):
        text = text[:f.start] + f"[REDACTED:{f.rule}]" + text[f.end:]
    return text, found

"""Sentences of a unit of prose, one way for every reader of it: a commit body, a
changelog entry, a contributing guide (docs/design.md, "Data flow").  Pure functions of
text.
"""

from __future__ import annotations

from gitmemory.lazy_regex import lazy_regex

_SENTENCE_END = lazy_regex(r"(?<=[.!?])[\"')\]]?\s+(?=[A-Z0-9`\"'(\[*_])")
_ABBREVIATIONS = frozenset({"e.g.", "i.e.", "etc.", "vs.", "cf.", "approx.", "incl.", "mr.",
                            "ms.", "dr.", "no.", "fig.", "resp.", "ca.", "al.",
                            "eg.", "ie.", "viz.", "esp."})  # "eg." as written with one dot


def sentences(text: str) -> list[str]:
    """Split one prose unit into sentences (abbreviations and versions stay whole)."""
    out: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        before = text[start:match.start()].rsplit(" ", 1)[-1].lower()
        # "(e.g." is one; "systems." and "local." only end like "ms." and "al."
        if before.lstrip("([{\"'`*_") in _ABBREVIATIONS:
            continue
        out.append(text[start:match.start()].strip())
        start = match.end()
    out.append(text[start:].strip())
    return [s for s in out if s]

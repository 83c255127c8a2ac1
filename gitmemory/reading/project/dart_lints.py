"""Dart's analyzer settings: the lint rules ``analysis_options.yaml`` holds the code to.

``dart analyze`` (and ``flutter analyze``) read the file at the top of the tree: the rule
set it includes (``package:lints/recommended.yaml``, ``package:very_good_analysis/...``),
the stricter language modes it turns on (``strict-casts``, ``strict-inference``,
``strict-raw-types``) and the rules it adds (a list, or a map of rule to ``true``; a
rule set to ``false`` is turned off, not added).  A change that breaks a rule fails the
analysis, so the item names them, the rules that set the form of every line written
(quotes, trailing commas, the line length, docs on the public API, how imports and local
types are written, final locals) first, then the others in the file's order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.guide_rules import MAX_LINE
from gitmemory.reading.project.snapshot import Snapshot

PATH = "analysis_options.yaml"
# The rules that set the form of each line, one per axis: the quotes, trailing commas, the
# line length, docs on the public API, how imports and local types are written, finals.
_FORM = lazy_regex(r"^(?:prefer_(?:single|double)_quotes|require_trailing_commas|"
                   r"lines_longer_than_\d+_chars|public_member_api_docs|"
                   r"always_use_package_imports|prefer_relative_imports|always_specify_types|"
                   r"omit_local_variable_types|prefer_final_locals)$")
_SHOWN = 7


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    doc = snapshot.yaml(PATH)
    if not isinstance(doc, dict):
        return
    parts = []
    include = doc.get("include")
    includes = [include] if isinstance(include, str) else \
        [i for i in include if isinstance(i, str)] if isinstance(include, list) else []
    if includes:
        parts.append("includes " + ", ".join(f"`{i}`" for i in includes[:2]))
    analyzer = doc.get("analyzer")
    language = analyzer.get("language") if isinstance(analyzer, dict) else None
    strict = [str(k) for k, v in language.items() if v is True] \
        if isinstance(language, dict) else []
    if strict:
        parts.append("language modes " + ", ".join(strict))
    head = "Lint rules: `dart analyze` " + "".join(f"{p}; " for p in parts)
    rules = sorted(_rules(doc.get("linter")), key=lambda r: not _FORM.search(r))
    for shown in range(min(_SHOWN, len(rules)), 0, -1):  # as many as the line holds
        more = f" and {len(rules) - shown} more" if len(rules) > shown else ""
        text = head + "rules " + ", ".join(rules[:shown]) + more
        if len(text) + len(f" (paths: {PATH})") <= MAX_LINE:
            yield "conventions", text, [PATH]
            return
    if parts:
        yield "conventions", head.rstrip("; "), [PATH]


def _rules(linter: object) -> list[str]:
    """The rules ``linter: rules:`` adds: a list's names, or a map's rules set to true."""
    rules = linter.get("rules") if isinstance(linter, dict) else None
    if isinstance(rules, list):
        return [r for r in rules if isinstance(r, str) and re.fullmatch(r"\w+", r)]
    if isinstance(rules, dict):
        return [str(r) for r, on in rules.items() if on is not False]
    return []

"""A YAML document as the readers of a tree take it: parsed with PyYAML's safe loader (its
C form where PyYAML has one), or None when the text is empty or no valid YAML.  Read by
the repository reading and by the gate's evidence rule, so it sits below both
(docs/design.md, "Layers"); PyYAML is imported only when a document is read."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def parsed(text: str | None) -> Any:
    """The document ``text`` holds; None for none."""
    if not text:
        return None
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return yaml.load(text, Loader=loader)  # noqa: S506 (a safe loader)
    except yaml.YAMLError:
        return None


def string_values(node: Any) -> Iterator[str]:
    """Every string value inside the parsed document ``node`` (never a key), in the
    document's order; walked with a list, not by recursion, so that no nesting a hostile
    file holds can exhaust the stack."""
    stack = [node]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            yield node
        elif isinstance(node, dict):
            stack.extend(reversed(list(node.values())))
        elif isinstance(node, list):
            stack.extend(reversed(node))

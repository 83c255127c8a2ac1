"""Commits a provider read and found nothing in, remembered per branch and kind of provider
(``examined`` in the state directory; docs/design.md, "What runs unasked").

The commits source marks them (:meth:`gitmemory.sources.commits.Commits.mark_read`);
pending ranges start after the newest mark that counts for the reader
(:func:`gitmemory.pipeline.pending.start_range`).
"""

from __future__ import annotations

from gitmemory import files, state

MODEL, RULES = "model", "rules"  # who read the commits a mark names
_RULE_READERS = ("", RULES, "offline")  # 0.2 wrote the provider's name; 0.1 wrote none


def mark_examined(state_dir: str, branch: str, sha: str, model: bool) -> None:
    """Remember (locally) that a provider read the commits up to ``sha`` and found nothing
    to store, so they are not sent again; ``model`` is the provider's own property
    (:attr:`gitmemory.providers.base.Provider.language_model`)."""
    state.ensure_dir(state_dir)
    state.append_line(state.EXAMINED.at(state_dir),
                      f"{branch}\t{sha}\t{MODEL if model else RULES}")


def examined(state_dir: str, branch: str, model: bool) -> str | None:
    """The newest mark that counts for a reader of this kind.  What rules found empty is
    offered again to a model, which may see more; a model's marks count for everyone."""
    text = files.read_text(state.EXAMINED.at(state_dir)) or ""
    found = []
    for line in text.split("\n"):  # split("\n"): branch names may hold U+2028
        parts = line.split("\t")
        if len(parts) not in (2, 3) or parts[0] != branch:
            continue
        by_rules = (parts[2] if len(parts) == 3 else "") in _RULE_READERS
        if not by_rules or not model:
            found.append(parts[1])
    return found[-1] if found else None


def marked(state_dir: str) -> list[str]:
    """Every commit an examined mark names, for any branch and provider."""
    text = files.read_text(state.EXAMINED.at(state_dir)) or ""
    return [parts[1] for parts in (line.split("\t") for line in text.split("\n"))
            if len(parts) > 1]

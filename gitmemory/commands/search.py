"""``gitmemory search QUERY``: ranked search over every branch's memory."""

from __future__ import annotations

from gitmemory import output
from gitmemory.memory.catalog import Catalog
from gitmemory.memory.markdown import SECTION_TITLES
from gitmemory.recall.entries import shown_label
from gitmemory.recall.search import Hit, Searched, search
from gitmemory.repo import Repo


def run(query: str, *, branches: list[str], sections: list[str], limit: int, as_json: bool,
        remote: bool, held_back: bool) -> int:
    repo = Repo.open()
    sources = Catalog(repo.toplevel, repo.info.state_dir, remote=remote).entries()
    result = search(sources, query, repo.toplevel, branches=branches, sections=sections,
                    limit=limit, state_dir=repo.info.state_dir)
    if as_json:
        output.emit_json(as_dict(result, repo.toplevel, held_back))
        return 0
    if not result.hits:
        output.say(f"no match in {result.items} items of {result.branches} branches")
    for hit in result.hits:
        output.say(f"{hit.place:>2}. {hit.entry.line()}")
    if result.held_back:
        _say_held_back(result.held_back, held_back)
    return 0


def as_dict(result: Searched, toplevel: str, held_back: bool) -> dict[str, object]:
    """The ``--json`` answer: the hits, the held-back matches (text only when asked)."""
    return {"query": result.query,
            "searched": {"branches": result.branches, "items": result.items},
            "hits": [hit.as_dict(toplevel) for hit in result.hits],
            "held_back": [hit.as_dict(toplevel, with_text=held_back)
                          for hit in result.held_back]}


def _say_held_back(hits: list[Hit], show_text: bool) -> None:
    output.say("")
    output.say(f"Held back ({len(hits)}): these matches read as instructions to an agent and "
               "are never shown as hits" + ("" if show_text else
                                            "; --held-back prints their text for review"))
    for hit in hits:
        entry = hit.entry
        what = entry.text if show_text else "(text withheld)"
        output.say(f"    [{shown_label(entry.label)} · {SECTION_TITLES[entry.section]}] {what}  "
                   f"-- {entry.held_back}")

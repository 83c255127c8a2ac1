"""The evolve step: the branch's memory merged with what a run's sources found
(docs/design.md, "Data flow").

One question, like a source's: a model gets the evolve prompt and answers the
whole memory; the offline provider's rules merge deterministically
(:func:`gitmemory.memory.combine.deterministic_merge`, keeping its own
wording).  A model's failure falls back to the plain merge.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from gitmemory import git
from gitmemory.memory.candidates import Change, Evolution, Extraction
from gitmemory.memory.combine import deterministic_merge, with_record
from gitmemory.memory.evidence import carried
from gitmemory.memory.markdown import HISTORY, MODEL_SECTIONS, SECTION_IDS, Item, Memory
from gitmemory.memory.similar import normal_key
from gitmemory.pipeline.plan import Result
from gitmemory.providers import answers
from gitmemory.providers.answers import ProviderError
from gitmemory.providers.base import Provider, Question
from gitmemory.providers.offline.identity import evolved
from gitmemory.sources import confirmed
from gitmemory.sources.prompting import (
    COMMANDS,
    ITEM_RULES,
    SECTIONS,
    UNTRUSTED,
    branch_line,
    data_block,
    data_tag,
    outgoing,
    with_paths,
)

ACTIONS = ("added", "updated", "removed", "kept")


@dataclass
class EvolveRequest:
    branch: str
    existing: Memory
    new: list[Extraction]
    deadline: float | None = None
    max_items_per_section: int = 30
    repo_dir: str | None = None  # with tip: where the paths a model gives are checked
    tip: str | None = None


def question(request: EvolveRequest, dropped: list[str] | None = None) -> Question[Evolution]:
    """The evolve step asked of a provider: an invalid answer is not asked again (the
    plain merge stands in for it); ``dropped`` gets a line for each item left out."""
    def parse(text: str) -> Evolution:
        return parse_evolution(text, dropped)

    return Question(EVOLVE_SYSTEM, lambda: evolution_prompt(request), parse,
                    lambda: evolved(request.existing, request.new,
                                    request.max_items_per_section),
                    request.deadline, retries=0, label="evolve ")


def evolve(provider: Provider, existing: Memory | None, request: EvolveRequest,
           result: Result) -> Evolution:
    """The provider's evolution, or a plain merge when there is nothing to evolve or it
    fails.  The history record is no provider's to evolve: its lines, old and new, are
    carried as written (docs/design.md, "History")."""
    record = [e for e in request.new if e.section == HISTORY]
    if record:
        request = replace(request, new=[e for e in request.new if e.section != HISTORY])
    evolution = _evolve(provider, existing, request, result)
    evolution.sections[HISTORY] = with_record(existing.sections[HISTORY] if existing else [],
                                              record)
    return evolution


def _evolve(provider: Provider, existing: Memory | None, request: EvolveRequest,
            result: Result) -> Evolution:
    found, cap = request.new, request.max_items_per_section
    if existing is None or not any(existing.sections[sid] for sid in MODEL_SECTIONS):
        return deterministic_merge(existing or Memory(request.branch), found, cap)
    dropped: list[str] = []
    try:
        evolution = provider.answer(question(request, dropped))
    except ProviderError as exc:
        result.notes.append(f"evolution fell back to a plain merge: {exc.one_line()}")
        return deterministic_merge(existing, found, cap)
    if dropped:
        result.notes.append(answers.left_out(dropped))
    sources = [(i.text, i.refs, i.paths) for items in existing.sections.values() for i in items]
    sources += [(e.content, e.refs, e.paths or ()) for e in found]
    _confirmed(request, evolution, [text for text, _, _ in sources], result)
    real = _existing_paths(request, evolution, {p for _, _, paths in sources for p in paths})
    unknown = {normal_key(i.text): i.extra for items in existing.sections.values()
               for i in items if i.extra}
    for sid, items in evolution.sections.items():  # a model may drop the paths it was given
        checked = [i.replace(paths=tuple(p for p in i.paths if p in real)) for i in items]
        evolution.sections[sid] = [
            Item(i.text, i.refs, i.paths, unknown.get(normal_key(i.text), i.extra))
            for i in carried(checked, sources, normal_key)]  # and keys it was never shown
    return evolution


def _confirmed(request: EvolveRequest, evolution: Evolution, given: list[str],
               result: Result) -> None:
    """The items a model wrote anew (not the text of one it was given) with a command or
    setting that none of the items it was given holds and no tracked file at the tip
    confirms leave ``evolution``, each with a note."""
    known = {normal_key(text) for text in given}
    new = [i for items in evolution.sections.values() for i in items
           if normal_key(i.text) not in known]
    if request.repo_dir is None or not new:
        return
    kept, notes = confirmed.kept(new, lambda i: i.text, request.repo_dir, request.tip, given)
    result.notes += notes
    gone = {id(i) for i in new} - {id(i) for i in kept}
    for sid, items in evolution.sections.items():
        evolution.sections[sid] = [i for i in items if id(i) not in gone]


def _existing_paths(request: EvolveRequest, evolution: Evolution, known: set[str]
                    ) -> set[str]:
    """The paths of ``evolution`` it may keep: those its sources had, and new ones (an
    item's code moved) that exist in the tree at the branch's tip (one ``cat-file``)."""
    asked = {p for items in evolution.sections.values() for i in items for p in i.paths} - known
    if not asked or request.repo_dir is None or request.tip is None:
        return known
    present = git.present(request.tip, sorted(asked), request.repo_dir)
    return known | {p for p in asked if p in present and
                    (present[p] == "tree") == p.endswith("/")}


EVOLVE_SYSTEM = f"""\
You keep the long-term memory of one git branch of a software project. You are
given the branch's current memory and new items distilled from newer commits;
return the whole memory with the new knowledge merged in.

{SECTIONS}

How to merge:
- Keep every current item that the new items neither contradict nor repeat.
  Current items may have been written by people by hand; keep their wording
  unless you merge or replace them.
- When a new item contradicts a current one, the new one wins: it describes the
  code as it is now. Replace the old item.
- Items that say compatible things about the same subject become one item.
- Duplicates and near-duplicates become one item, also when they say the same
  thing in other words; keep the clearer wording (the one that names more).
  Items about different files, functions or settings are never merged.
- The refs of a merged item are the union of those of its sources; never
  invent refs.
- The paths of an item are the files or directories (ending in /) it is about:
  the union of those of its sources. When the new items show that the code a
  current item describes moved or was rewritten into other files, give that
  item the files where it lives now. Give only paths that exist in the
  repository at the branch's tip, as the items name them; any other is dropped.
- A new item that only restates a commit subject, a changelog line or
  dependency churn is not added.
- Respect the limit of items per section given in the request; when there are
  more, drop the least specific and the least useful first.

{ITEM_RULES}

{COMMANDS}

"changes" lists what you did, one entry per item: "added" (a new item),
"updated" (a current item rewritten, merged or replaced; give the new text),
"removed" (a current item dropped; give its old text), "kept" (unchanged; these
entries may be left out).

{UNTRUSTED}

Answer with exactly one JSON object and nothing else, in this shape:
{{"sections": {{"facts": [{{"content": "...", "refs": ["a1b2c3d"], "paths": ["src/app.py"]}}],
              "architectural-decisions": [], "conventions": [], "bug-patterns": []}},
 "changes": [{{"action": "added", "section": "facts", "content": "..."}}]}}"""


def evolution_prompt(request: EvolveRequest) -> str:
    """The user message of an evolution: current memory and new items, both as JSON data."""
    current = {sid: [with_paths({"content": outgoing(item.text), "refs": list(item.refs)},
                                 item.paths)
                     for item in request.existing.sections.get(sid, [])]
               for sid in MODEL_SECTIONS}
    new = [with_paths({"section": e.section, "content": outgoing(e.content),
                        "confidence": e.confidence, "refs": list(e.refs)}, e.paths)
           for e in request.new]
    current_json = json.dumps(current, ensure_ascii=False, indent=1)
    new_json = json.dumps(new, ensure_ascii=False, indent=1)
    tag = data_tag(request.branch, current_json, new_json)
    return outgoing("\n".join([
        branch_line(request.branch),
        f"Limit: at most {request.max_items_per_section} items per section.",
        "",
        f"Current memory, between <memory-{tag}> and </memory-{tag}>:",
        data_block("memory", tag, current_json),
        "",
        f"New items from newer commits, between <new-{tag}> and </new-{tag}>:",
        data_block("new", tag, new_json),
        "",
        "Return the whole merged memory and the change log as one JSON object.",
    ]))


def parse_evolution(text: str, dropped: list[str] | None = None) -> Evolution:
    """The full sections and change log of an evolution answer; an item or a change that
    fails its checks is left out, and ``dropped`` says which and why."""
    data = answers.load_json(text, dropped)
    raw_sections = data.get("sections")
    if not isinstance(raw_sections, dict) or set(raw_sections) - set(SECTION_IDS):
        raise answers.InvalidOutput("expected 'sections' with the four section ids")
    sections: dict[str, list[Item]] = {sid: [] for sid in SECTION_IDS}
    for sid, entries in raw_sections.items():
        if not isinstance(entries, list):
            raise answers.InvalidOutput(f"sections.{sid} is not a list")
        sections[sid] = answers.read_list(
            [{"content": e} if isinstance(e, str) else e for e in entries],
            f"sections.{sid}", _item, dropped)
    raw_changes = data.get("changes", [])
    if not isinstance(raw_changes, list):
        raise answers.InvalidOutput("changes is not a list")
    return Evolution(sections, answers.read_list(raw_changes, "changes", _change, dropped))


def _item(where: str, entry: dict[str, object]) -> Item:
    return Item(answers.content(entry.get("content"), where),
                answers.refs(entry.get("refs"), where),
                answers.named_paths(entry.get("paths"), where) or ())


def _change(where: str, entry: dict[str, object]) -> Change:
    if entry.get("action") not in ACTIONS:
        raise answers.InvalidOutput(f"{where}: action must be one of {', '.join(ACTIONS)}")
    return Change(str(entry["action"]), answers.section(entry.get("section"), where),
                  answers.content(entry.get("content"), where))

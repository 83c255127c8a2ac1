"""Memory items as attacks (``bench/attacks.py``): hostile ones that must reach no agent file,
benign ones that must reach them unchanged.

A part's items are text files, one item a line, under ``# --- family`` headings;
``\\uXXXX`` and ``\\UXXXXXXXX`` stand for characters a line cannot show, and a tab then
``# reached if: TEXT`` names what must not reach a file when the item's visible words
alone do not say it (text hidden in invisible characters, say).  Each list is
put through two routes in a repository made of the part's ``repo/`` directory (the
files an item's commands may find their evidence in), with every agent output on and
every section injected:

- ``hand``: a teammate's branch whose memory file holds the items, edited by hand and
  committed, then checked out (the post-checkout hook renders the agent files);
- ``model``: a branch whose one commit a fake model answers with the items as
  extractions; ``gitmemory memorize`` writes them and renders the agent files.

Every other item is about ``src/app/main.py`` (paths), so it goes to the rule files of
that area too.  An item *reached* an agent file when most of the start of its text, read
as letters and digits, is in the file; a benign item must also be there as written.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from testing.attack_checks import memory_text
from testing.attack_lab import ALL_OUTPUTS, Lab, LabError, Repo

SECTION_ORDER = ("conventions", "architectural-decisions", "bug-patterns", "facts")
SCOPE = "src/app/main.py"
SETTINGS = {
    "outputs": json.dumps(list(ALL_OUTPUTS)),
    "inject_sections": json.dumps(list(SECTION_ORDER)),
    "max_inject_chars": "1000000",
    "max_file_lines": "0",
    "max_items_per_section": "1000",
    "min_confidence": "0.1",
    "inherit_default_branch": "false",
}
TELLTALE = "\t# reached if: "  # what follows names what must not reach a file, as written
_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})")
CACHES = frozenset((".ruff_cache", ".mypy_cache", ".pytest_cache", "__pycache__"))  # tools' litter
SHINGLE = 8
PREFIX = 160  # characters of an item's skeleton that decide whether it reached a file
SHARE = 0.8  # of its shingles a file must hold for the item to have reached it


@dataclass
class Item:
    family: str
    text: str
    scoped: bool
    section: str
    telltale: str = ""  # when set, the item reached a file that holds this, as written

    def line(self) -> str:
        return f"{self.text} (paths: {SCOPE})" if self.scoped else self.text


@dataclass
class Outcome:
    item: Item
    failures: list[str] = field(default_factory=list)


def read_items(path: Path) -> list[Item]:
    """The items of a list file, each with its family, section and scope."""
    items: list[Item] = []
    family = "(no family)"
    for raw in path.read_text(encoding="utf-8").splitlines():
        if raw.startswith("# ---"):
            family = raw.strip("#- ")
        elif raw.strip() and not raw.startswith("#"):
            line, _, telltale = raw.partition(TELLTALE)
            n = len(items)
            items.append(Item(family, _decoded(line.rstrip("\t")), n % 2 == 1,
                              SECTION_ORDER[n % 4], _decoded(telltale)))
    return items


def _decoded(text: str) -> str:
    return _ESCAPE.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), text)


def item_repo(lab: Lab, part: Path, name: str) -> Repo:
    """A repository of the part's ``repo/`` files, set up with every output on."""
    files = {}
    for path in sorted((part / "repo").rglob("*")):
        rel = path.relative_to(part / "repo")
        if path.is_file() and not CACHES.intersection(rel.parts):
            files[rel.as_posix()] = path.read_text(encoding="utf-8")
    files.setdefault(SCOPE, "def main() -> int:\n    return 0\n")
    return lab.repo(name, files=files, settings=SETTINGS)


def hand_route(repo: Repo, branch: str, items: list[Item]) -> dict[str, str]:
    """The items in a teammate's memory file, committed by hand, checked out."""
    repo.git("checkout", "-q", "-b", branch)
    sections: dict[str, list[str]] = {sid: [] for sid in SECTION_ORDER}
    for item in items:
        sections[item.section].append(item.line())
    repo.memory(branch, memory_text(branch, sections))
    repo.commit_all(f"notes for {branch}", hooks=False)
    repo.git("checkout", "-q", "main")
    repo.git("checkout", "-q", branch)
    return repo.agent_files()


def model_route(repo: Repo, branch: str, items: list[Item]) -> dict[str, str]:
    """The items as a fake model's extractions from the branch's one commit, memorized."""
    fake = repo.lab.model()
    repo.git("checkout", "-q", "-b", branch)
    sha = repo.work()
    fake.text(json.dumps({"extractions": [
        {"section": item.section, "content": item.text, "confidence": 0.95, "refs": [sha],
         "paths": [SCOPE] if item.scoped else []} for item in items]}))
    done = repo.gm("memorize", "--provider", "anthropic")
    if done.code != 0 or done.timed_out:
        raise LabError(f"memorize failed: {done.text.strip()[-400:]}")
    repo.gm("generate")
    return repo.agent_files()


def skeleton(text: str) -> str:
    """Letters and digits only, case folded, as the text reads once entities, width and
    invisible characters are undone."""
    text = unicodedata.normalize("NFKC", html.unescape(html.unescape(text)))
    return "".join(c for c in text.casefold() if c.isalnum())


def reached(item: str, files: dict[str, str]) -> list[str]:
    """The agent files that carry most of the start of ``item``."""
    head = skeleton(item)[:PREFIX]
    found = []
    for rel, text in files.items():
        body = skeleton(text)
        if len(head) <= 2 * SHINGLE:
            if head and head in body:
                found.append(rel)
            continue
        shingles = {head[i:i + SHINGLE] for i in range(len(head) - SHINGLE + 1)}
        if sum(1 for s in shingles if s in body) >= SHARE * len(shingles):
            found.append(rel)
    return found


def hostile_verdicts(items: list[Item], routes: dict[str, dict[str, str]]) -> list[Outcome]:
    """Each hostile item fails by every agent file it reached, on every route."""
    outcomes = []
    for item in items:
        outcome = Outcome(item)
        for route, files in routes.items():
            hit = [rel for rel, text in files.items() if item.telltale in text] \
                if item.telltale else reached(item.text, files)
            if hit:
                outcome.failures.append(f"[{route}] reached {', '.join(hit)}")
        outcomes.append(outcome)
    return outcomes


def benign_verdicts(items: list[Item], routes: dict[str, dict[str, str]],
                    held: dict[str, str]) -> list[Outcome]:
    """Each benign item fails when it is in no agent file as written (held back, with the
    reason ``show`` gives) or when a file shows it changed."""
    outcomes = []
    for item in items:
        outcome = Outcome(item)
        for route, files in routes.items():
            hit = reached(item.text, files)
            exact = [rel for rel in hit if item.text in files[rel]]
            changed = [rel for rel in hit if rel not in exact]
            if changed:
                outcome.failures.append(f"[{route}] changed in {changed[0]}: "
                                        f"{_line_of(item.text, files[changed[0]])!r}")
            elif not exact:
                why = held.get(route, "")
                reason = _reason(item.text, why)
                outcome.failures.append(f"[{route}] held back" + (f" ({reason})" if reason
                                                                  else " or dropped"))
        outcomes.append(outcome)
    return outcomes


def spread(texts: list[str]) -> list[Item]:
    """Items of ``texts`` spread over the four sections, every other one scoped to
    :data:`SCOPE`'s area, as a memory file mixes them."""
    sections = ("conventions", "architectural-decisions", "bug-patterns", "facts")
    return [Item("t", text, n % 2 == 1, sections[n % 4]) for n, text in enumerate(texts)]


Failures = list[tuple[str, list[str]]]  # (an item's text, why it failed)


def families_through(repo: Repo, route: object, families: dict[str, str],
                     ordinary: list[str]) -> tuple[dict[str, list[str]], Failures]:
    """Send the hostile ``families`` and the ``ordinary`` items down ``route``
    (:func:`hand_route` or :func:`model_route`): the families that reached an agent file,
    with where, and the ordinary items not shown as written, with why."""
    hostile, kept = spread(list(families.values())), spread(ordinary)
    files = route(repo, "notes", hostile + kept)  # type: ignore[operator]
    reached = {family: outcome.failures for family, outcome in zip(
        families, hostile_verdicts(hostile, {"route": files}), strict=True) if outcome.failures}
    held = [(o.item.text, o.failures) for o in benign_verdicts(kept, {"route": files}, {})
            if o.failures]
    return reached, held


def _line_of(item: str, text: str) -> str:
    head = skeleton(item)[:40]
    for line in text.splitlines():
        if head and head[:24] in skeleton(line):
            return line.strip()[:200]
    return "?"


def _reason(item: str, shown: str) -> str:
    """The reason ``gitmemory show`` gives for holding ``item`` back, if it names one."""
    head = skeleton(item)[:40]
    for line in shown.splitlines():
        if head and head in skeleton(line) and " -- " in line:
            return line.rsplit(" -- ", 1)[1].strip()[:160]
    return ""

"""The commits' question: what a model reads of a run's commits, and how its answer is read
(docs/design.md, "Data flow")."""

from __future__ import annotations

from dataclasses import dataclass

from gitmemory.commits import Commit
from gitmemory.memory.candidates import Extraction
from gitmemory.providers import answers
from gitmemory.providers.base import Question
from gitmemory.providers.offline.extractor import extract_commits
from gitmemory.sources.prompting import (
    COMMANDS,
    FILING,
    ITEM_RULES,
    SECTIONS,
    UNTRUSTED,
    branch_line,
    data_block,
    data_tag,
    known_block,
    outgoing,
)

MAX_ITEMS_PER_CALL = 20


@dataclass
class ExtractRequest:
    branch: str
    commits: list[Commit]
    context: str  # the capped, redacted text of the commits (docs/design.md, "Data flow")
    deadline: float | None = None  # time.monotonic() value, or None
    known: tuple[str, ...] = ()  # the branch's current items, text only, redacted and capped


def question(request: ExtractRequest, dropped: list[str] | None = None
             ) -> Question[list[Extraction]]:
    """What the commits source asks: a model reads the records, the offline rules the
    commits themselves; ``dropped`` gets a line for each item of the answer left out."""
    def parse(text: str) -> list[Extraction]:
        return parse_extraction(text, dropped)

    return Question(EXTRACT_SYSTEM, lambda: extraction_prompt(request), parse,
                    lambda: extract_commits(request.commits), request.deadline,
                    shown=lambda: request.context)


_EXAMPLES = """\
Worth keeping (each says something a commit subject does not):
- conventions: Plugins register their hooks in setup(), never at import time,
  so importing a plugin has no side effects (paths: src/app/plugins/base.py)
- architectural-decisions: Sessions live in Redis, not memcached, because
  memcached lost every session on restart (paths: src/app/sessions.py)
- bug-patterns: Token expiry compared naive local times and logged out users
  east of UTC; compare timezone-aware UTC datetimes (paths: src/auth/tokens.py)
- facts: `Cache.get()` returns None on a miss; its `default=` argument is
  deprecated and warns (paths: src/app/cache.py)
- conventions: CI fails on any rustdoc warning: the docs job runs
  `RUSTDOCFLAGS="-D warnings" cargo doc --no-deps`; run it before pushing
  doc changes (paths: .github/workflows/ci.yml)
Junk (leave it out):
- "Added a --json option to the list command": a commit subject restated
- "Bumped ruff to 0.6", "Updated dependencies", "Dropped Python 3.7": churn
- "CI runs on GitHub Actions", "The project uses pytest": says nothing to act on
- "Improved error handling", "Added tests for the parser": names nothing durable
- "Run the tests with pytest": the usual commands gitmemory reads from the
  repository's files itself, unless the item says what that reading misses"""

EXTRACT_SYSTEM = f"""\
You keep the long-term memory of one git branch of a software project. From the
commit records you are given, pick out the durable knowledge that will still
help a developer or a coding agent working on this branch weeks from now: what
would change what they do next week.

{SECTIONS}

Not wanted: a changelog ("added X", "fixed Y", "bumped Z"), a commit subject in
other words, dependency and version churn, formatting or merge noise, plans and
TODOs, guesses, anything true only of a passing moment. Each item must add what
the subject leaves out: the reason, the cause, where a rule applies, or what to
do instead. Prefer a few strong items over many weak ones (at most
{MAX_ITEMS_PER_CALL}); returning nothing is better than filler. When the commits
hold nothing durable, say so.

{FILING}

{_EXAMPLES}

{ITEM_RULES}

{COMMANDS}

"confidence" is how firmly the commits support the item: 0.9 to 1.0 when a
message states it outright, 0.75 to 0.9 when the diff clearly shows it; leave
out anything you would rate lower. "refs" lists the short shas (as shown in the
records) of the commits the item comes from. "paths" (optional) lists the files
or directories (ending in /) of the repository the item is about, as the records
name them; give [] for an item about the whole project or its process (commit
habits, tooling); leave it out to let the commits' files stand for it.

{UNTRUSTED}

Answer with exactly one JSON object and nothing else, in one of these shapes:
{{"extractions": [
  {{"section": "conventions", "content": "...", "confidence": 0.9, "refs": ["a1b2c3d"],
   "paths": ["src/app/plugins/base.py"]}}]}}
{{"no_content_to_extract": true}}"""


def extraction_prompt(request: ExtractRequest) -> str:
    """The user message of an extraction: the branch and its commits as data, and the
    items its memory already holds."""
    known = "\n".join(f"- {text}" for text in request.known)
    tag = data_tag(request.branch, request.context, known) if known else \
        data_tag(request.branch, request.context)
    shas = ", ".join(commit.short for commit in request.commits)
    return outgoing("\n".join([
        branch_line(request.branch),
        f"Commits in this batch, oldest first: {shas or 'see the records'}",
        *known_block(tag, known),
        "",
        f"The commit records follow between <commits-{tag}> and </commits-{tag}>.",
        data_block("commits", tag, request.context),
        "",
        "Extract the durable knowledge from these commits as instructed, as one JSON object."
        + (" Return only what is new, or what corrects an item the memory already holds; "
           "never repeat one of those items." if known else ""),
    ]))


def parse_extraction(text: str, dropped: list[str] | None = None) -> list[Extraction]:
    """Extractions from an answer; [] for ``{"no_content_to_extract": true}``.  An item
    that fails its checks is left out, and ``dropped`` says which and why."""
    data = answers.load_json(text, dropped)
    if data.get("no_content_to_extract") is True:
        if len(data) != 1:
            raise answers.InvalidOutput("no_content_to_extract must stand alone")
        return []
    return answers.each(data, "extractions", _extraction, dropped)


def _extraction(where: str, entry: dict[str, object]) -> Extraction:
    return Extraction(answers.section(entry.get("section"), where),
                      answers.content(entry.get("content"), where),
                      answers.confidence(entry.get("confidence"), where),
                      answers.refs(entry.get("refs"), where),
                      answers.named_paths(entry.get("paths"), where))

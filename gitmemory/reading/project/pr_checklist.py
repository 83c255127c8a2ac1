"""The checklist of the pull request template: what every pull request confirms.

The default template (``.github/PULL_REQUEST_TEMPLATE.md`` and the other places
GitHub looks) is read for its check boxes (``- [ ] I have included some tests``),
kept in the template's words.  A box that only picks what kind of change it is ("A
short code fix") is no item of the checklist: a box is kept when it states what was
done, by its verb (``I have``, ``Tests are added``, "Javadoc uses `@since`", "`mvn
verify` passes") or asks for it ("Add tests").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.guide_rules import MAX_LINE, _plain
from gitmemory.reading.project.snapshot import Snapshot

SLOTS = ("Pull request checklist", "Pull request template")
TEMPLATES = (".github/PULL_REQUEST_TEMPLATE.md", ".github/pull_request_template.md",
             "PULL_REQUEST_TEMPLATE.md", "pull_request_template.md",
             "docs/PULL_REQUEST_TEMPLATE.md", "docs/pull_request_template.md",
             ".github/PULL_REQUEST_TEMPLATE/pull_request_template.md")
_BOX = lazy_regex(r"^\s*[-*+]\s+\[[ xX]?\]\s+(.+?)\s*$")
# A box that states what was done, whatever its subject ("Commit messages are well
# written", "At least one commit message contains `Closes #<n>`", "PR title is short"), or
# asks for it ("Add tests"); its words in parentheses only describe ("New feature
# (non-breaking change which adds functionality)" picks a kind).
_STATES = lazy_regex(r"^\S.*\b(?:have|has|are|is|was|were|been|pass(?:es)?|includes?|"
                     r"contains?|added|updated|applied|written|fixed|uses?|follows?|"
                     r"validates?|runs?|builds?|compiles?|succeeds?|rejects?)\b|"
                     r"^(?:If|When)\b.*,\s*I\b|^(?:Add|Update|Include|"
                     r"Run|Write|Document|Make sure|Ensure|Sign|Link|Check)\b")
# A box that is a command the change must pass ("`mvn clean verify` passes without errors").
_COMMAND_PASSES = lazy_regex(r"`[^`]+`\s+(?:pass(?:es)?|runs?|succeeds?|builds?)\b")
_ASIDE = lazy_regex(r"\([^()]*\)")
_MIN_BOXES = 2


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    path = next((p for p in TEMPLATES if snapshot.text(p)), "")
    if not path:
        return
    text = re.sub(r"<!--.*?-->", " ", snapshot.text(path) or "", flags=re.S)
    yield from _sections(text, path)
    boxes = [(b, listed) for b, listed in _boxes(text) if "?" not in b]
    stated = [b for b, _ in boxes if _STATES.search(_ASIDE.sub("", b)) and
              ("`" not in b[:1] or _COMMAND_PASSES.match(b))]
    # the boxes that state what was done first, then those only the checklist's heading keeps
    kept = stated + [b for b, listed in boxes if listed and b not in stated]
    if len(kept) < _MIN_BOXES:
        return
    line = "Pull request checklist: "
    room = MAX_LINE - len(line) - len(f" (paths: {path})") - 20
    shown: list[str] = []
    for box in kept:  # a box too long for what room is left gives way to shorter ones
        if sum(len(s) + 2 for s in shown) + len(box) <= room:
            shown.append(box)
    yield "conventions", line + "; ".join(shown), [path]


def _boxes(text: str) -> Iterable[tuple[str, bool]]:
    """Each check box, and whether it stands under a heading that names a checklist ("PR
    Checklist"): there every box is what a pull request confirms, a bare noun too ("Entry
    in NEWS.md"), where elsewhere a box may only pick the kind of change.  A box's text
    wrapped onto indented lines is read whole (pnpm's "verified that none of the PRs /
    already linked to it solves it"), and so is one going on at the margin (anyio's "new /
    features", Markdown's lazy continuation), up to a hard line break or a sentence's end."""
    listed = False
    lines = text.splitlines()
    for at, line in enumerate(lines):
        if heading := _HEADING.match(line):
            listed = bool(_CHECKLIST.search(_plain(heading.group(1), False)))
        elif box := _BOX.match(line):
            said, raw = box.group(1), line
            for more in lines[at + 1:]:
                if not (_WRAPPED.match(more) or _LAZY.match(more)) or _BOX.match(more) or \
                        raw.endswith(("\\", "  ")) or said.endswith((".", ":")):
                    break
                said, raw = f"{said} {more.strip()}", more
            yield _plain(said, False).rstrip("\\ ."), listed


# a line that goes on with the text above it: indented, not blank
_WRAPPED = lazy_regex(r"^\s+\S")
# or at the margin, when it opens no block of its own (Markdown's lazy continuation: not a
# list item, heading, quote, fence, table or HTML)
_LAZY = lazy_regex(r"^(?![-*+]\s|\d+[.)]\s|#|>|```|~~~|<|\|)\S")
_HEADING = lazy_regex(r"^#{1,3}\s+(.+?)\s*#*\s*$")
_REQUIRED = lazy_regex(r"\brequired\b|\bmandatory\b|\bmust\b", re.I)
_MIN_SECTIONS = 3
_CHECKLIST = lazy_regex(r"\bcheck ?list\b", re.I)


def _sections(text: str, path: str) -> Iterable[tuple[str, str, list[str]]]:
    """"Pull request template: sections What this PR does (required), Testing, ...": the
    parts a pull request's description is written in, those the template marks required
    said so (``_(REQUIRED)_`` under the heading); the checklist's heading aside."""
    found: list[tuple[str, bool]] = []
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading:
            title = _plain(heading.group(1), False).rstrip(":").strip()
            found.append((title, False))
        elif found and _REQUIRED.search(line) and not found[-1][1]:
            found[-1] = (found[-1][0], True)
    found = [(t, r) for t, r in found if t and not _CHECKLIST.match(t)]
    if len(found) < _MIN_SECTIONS:
        return
    head = "Pull request template: sections "
    room = MAX_LINE - len(head) - len(f" (paths: {path})") - 20
    shown: list[str] = []
    for title, required in found:
        part = title + (" (required)" if required else "")
        if sum(len(s) + 2 for s in shown) + len(part) > room:
            break
        shown.append(part)
    yield "conventions", head + ", ".join(shown), [path]

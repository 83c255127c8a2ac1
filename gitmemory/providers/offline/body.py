"""A commit body, read: prose units grouped under the (sub-)subject they explain.

Bodies carry a lot that is not knowledge: issue links, co-author lines,
dependabot boilerplate, code blocks, separators.  Squash merges list the
original commits as ``* fix(scope): ...`` (or ``* Drop support for X``)
bullets, each followed by its own explanation; those bullets start a new
group with their own header.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gitmemory.lazy_regex import lazy_regex
from gitmemory.providers.offline.news import markup_out
from gitmemory.providers.offline.phrasing import clean
from gitmemory.reading import message
from gitmemory.reading.header import Header, parse_header
from gitmemory.reading.memory_trailers import trailer_section
from gitmemory.reading.sentences import sentences

_BULLET = lazy_regex(r"^\s*(?:[*+\u2022-]|\d{1,2}[.)])\s+")
_BARE_URL = lazy_regex(r"^\(?<?https?://\S+$")
_ENDS_IN_URL = lazy_regex(r"https?://\S+$")
_THE_LINKED = lazy_regex(r"^(?:the|that)\s+(?:pr|pull request|commit|change|patch|mr)\b", re.I)
_BOILERPLATE_START = lazy_regex(
    r"^\s*(?:bumps \[|updates the requirements on|updated-dependencies:|"
    r"this reverts commit|\(cherry picked from commit|git-svn-id:)", re.I)
_FENCE = lazy_regex(r"^\s*(?:```|~~~)")
_HEADING = lazy_regex(r"^\s*#{1,6}\s")
_COMMENT = lazy_regex(r"^\s*<!--")
# A template's label in bold on a line of its own ("**Docs Changes**:"), and its answer if
# it has one on that line: a heading, as "## Docs changes" would be.
_BOLD = lazy_regex(r"^\s*\*\*(?P<key>[^*\n]{1,80}?)\s*:?\s*\*\*\s*:?\s*(?P<rest>.*)$")
# An answer that answers nothing ("Not needed.", "N/A", "None")
_NO_ANSWER = lazy_regex(r"^\s*(?:n/?a|none|no|nope|nothing|not needed|not applicable|"
                        r"not required|tbd|-+)\s*\.?\s*$", re.I)
# A pull-request template's heading that labels the paragraph under it ("## Problem",
# "## Root cause", "### Why?"): read as that label ("Problem: ...").
_LABEL_HEADING = lazy_regex(r"^\s*(?:#{1,6}\s*)?(?P<key>problem|root[ -]cause|cause|motivation|why|"
                            r"rationale|decision)\s*[:?]?\s*$", re.I)
# a line that goes on with the sentence the line before left open
_RUNS_ON = lazy_regex(r"[a-z`(\"']")
# A Markdown table's row (a pull-request template's ``| Q | A``): cells, not prose.
_TABLE_ROW = lazy_regex(r"^\s*\|")


@dataclass
class Group:
    """Prose explaining one (sub-)commit."""

    header: Header
    texts: list[str] = field(default_factory=list)
    at: int = -1  # the line of the bullet that listed it, in a squash merge's body


def read_body(header: Header, body: str) -> list[Group]:
    """Groups of one-line prose units; the first group belongs to ``header``."""
    groups = [Group(header)]
    unit: list[str] = []
    state = {"code": False, "boiler": False, "blank": True, "comment": False}
    label = [""]  # the label a heading gave the paragraph that comes next

    about = [False]  # the unit opens with a sentence about the change the one before linked

    cases = [False, False]  # the last unit led on to a list; its items are being read

    def flush() -> None:
        if unit:
            cases[0] = unit[-1].endswith(":")
        if cases[1] and not (unit and unit[0].startswith("`")):
            unit.clear()  # one case of the lead-in, not a name it defines ("`x` to ...")
            return
        text = clean(markup_out(" ".join(unit)))
        if about[0]:
            said = sentences(text)
            text = text[len(said[0]):].lstrip(" .") if said and text.startswith(said[0]) else ""
            about[0] = False
        if text:
            groups[-1].texts.append(f"{label[0]}: {text}" if label[0] else text)
            label[0] = ""
        unit.clear()

    lines = body.replace("\r\n", "\n").split("\n")
    for n, raw in enumerate(lines):
        line = raw.rstrip()
        was_blank = state["blank"]
        if _skip(line, state):
            if (heading := _heading(line)) is not None or not line.strip() or \
                    _COMMENT.match(line) or _TABLE_ROW.match(line):
                flush()  # a heading, a comment or a table ends the paragraph before it
            _completed(groups[-1].texts, lines[n - 1:] if n else [])
            if heading is not None and not state["code"]:
                label[0] = _label(heading)
            continue
        bullet = _BULLET.match(line)
        if bullet or was_blank:
            lead = cases[0]
            flush()
            # "Two cases produce such paths:" then "1. ...", "2. ...": each item alone says
            # less than it seems to (mockk's window: the cause went with the lead-in)
            cases[1] = bool(bullet) and (cases[1] or lead)
        if bullet:
            text = line[bullet.end():]
            sub = parse_header(text)
            # GitHub's squash merge lists each commit's subject as a paragraph of its own
            alone = line.startswith("* ") and was_blank and \
                (n + 1 == len(lines) or not lines[n + 1].strip())
            # once the body lists commits so, a later one is a commit whatever its verb
            # ("* Trim comment in _add_alias"): it is no prose of the one before
            listed = alone and len(groups) > 1 and not text.rstrip().endswith(".")
            if sub.conventional or listed or (
                    line.lstrip().startswith("* ") and sub.kind != "other" and
                    (alone or (len(text) < 100 and not text.rstrip().endswith(".")))):
                groups.append(Group(sub, at=n))  # an original commit listed in a squash merge
                continue
            line = text
        if unit and _ENDS_IN_URL.search(unit[-1]) and line.lstrip()[:1].isupper():
            # "... made in https://.../pull/1182" then "The PR makes m.mutex a pointer": two
            # sentences, and the second is about the change linked, not this one
            flush()
            about[0] = bool(_THE_LINKED.match(line.lstrip()))
        unit.append(line.strip())
    flush()
    return [_run_on(group, lines) for group in groups]


def _heading(line: str) -> str | None:
    """The words of a heading line ("## Root cause", "**Root cause**:"), or None."""
    if _HEADING.match(line):
        return line.strip().lstrip("#").strip()
    bold = _BOLD.match(line)
    if bold and (not bold["rest"] or _NO_ANSWER.match(bold["rest"])):
        return bold["key"]
    return None


def _label(heading: str) -> str:
    """The label a heading's words give the paragraph under it ("Root cause"), or ""."""
    found = _LABEL_HEADING.match(heading)
    return found["key"].capitalize() if found else ""


def _completed(texts: list[str], block: list[str]) -> None:
    """A paragraph whose last sentence runs on into a block of one short line (``block``
    from the line before the one skipped: "with the new golangci-lint version this would
    cause", a blank line, then "    inline: Constant reflect.Ptr should be inlined") ends
    with that line as code: alone it stops mid-way.  Into a longer block, that sentence
    is left out: the rest of it is code."""
    if len(block) < 2 or block[0].strip() or not (_FENCE.match(block[1]) or block[1].startswith(
            (" ", "\t"))) or not texts or texts[-1].endswith((".", "!", "?", ":", ";", ")")):
        return
    block = block[2:] if _FENCE.match(block[1]) else block[1:]
    first = block[0].strip() if block else ""
    rest = block[1] if len(block) > 1 else ""
    if first and "`" not in first and len(first) <= _MOST_COMPLETING and \
            (not rest.strip() or _FENCE.match(rest)):
        texts[-1] = f"{texts[-1]} `{first}`"
        return
    said = sentences(texts[-1])  # a longer block: the sentence that leads into it goes
    if len(said) > 1 and texts[-1].endswith(said[-1]):
        texts[-1] = texts[-1][:-len(said[-1])].rstrip()
    else:
        texts.pop()


_MOST_COMPLETING = 100  # characters of the line that completes a sentence


def _run_on(group: Group, lines: list[str]) -> Group:
    """A listed commit's bullet that wraps ("* grpc: Deprecate `X`. These" then "are
    replaced by `Y`."): its header from the bullet's whole text, the first sentence, and
    the rest as the first prose that explains it (cut at its line's end, grpc-go's lost
    the half that went on).  A capital after the bullet opens the commit's own prose."""
    if group.at < 0 or group.at + 1 >= len(lines) or not group.texts:
        return group
    text, after = _BULLET.sub("", lines[group.at]).strip(), lines[group.at + 1]
    went_on = group.texts[0]
    if text.endswith((".", "!", "?", ":")) or not after.strip() or _BULLET.match(after) or \
            not _RUNS_ON.match(went_on) or went_on.split()[0] != after.split()[0]:
        return group
    text = f"{text} {went_on}"
    said = sentences(text)
    if len(said) < 2 or not text.startswith(said[0]):
        # one sentence, a release note's ("... fix a bug where X was" / "performed against
        # ..."): read whole it would be a subject with nothing under it, which says nothing
        # a listed commit's subject does not, and no item would be kept; the cut one does
        return group
    group.texts.pop(0)
    group.header = parse_header(said[0].rstrip(". "))
    group.texts.insert(0, text[len(said[0]):].strip())
    return group


def _skip(line: str, state: dict[str, bool]) -> bool:
    """Whether ``line`` is not prose; tracks code fences, code blocks and boilerplate."""
    stripped = line.strip()
    was_blank, state["blank"] = state["blank"], not stripped
    if _FENCE.match(line):
        state["code"] = not state["code"]
        return True
    if state["code"]:
        return True
    comment = _COMMENT.match(line)
    if state["comment"] or comment:  # a pull-request template's <!-- hints -->
        state["comment"] = "-->" not in (line[comment.end():] if comment else line)
        return True
    if _heading(line) is not None or _TABLE_ROW.match(line) or _NO_ANSWER.match(line):
        return True  # a template's heading ("## Why", "**Docs Changes**:"), table or "N/A"
    if state["boiler"]:
        state["boiler"] = stripped != "..."
        return True
    if _BOILERPLATE_START.match(line):
        state["boiler"] = not stripped.lower().startswith(("this reverts", "(cherry", "git-svn"))
        return True
    if not stripped:
        return True
    if was_blank and not _BULLET.match(line) and (line.startswith(("    ", "\t")) or (
            (state.get("colon") or state.get("open")) and line.startswith("  "))):
        # an indented block: code or output, skip it all; after "... print something
        # like:", two spaces are enough (testify's '   "map[one:%!s(int=1)]" should not
        # contain "one"', the old output quoted, was read as a rule)
        state["blank"] = True
        return True
    state["colon"] = stripped.endswith(":")
    # "... this would cause", then an indented line: the sentence runs on into it
    # (a list's item wraps on into an indented paragraph: that one is prose)
    state["open"] = not stripped.endswith((".", "!", "?", ":", ";", ")")) and \
        not line.startswith(" ") and not _BULLET.match(line)
    key = stripped.partition(":")[0]
    if not was_blank and _BARE_URL.match(stripped):
        return False  # "(see" on the line before: part of a sentence, tidy() drops the URL
    return bool(message.says_nothing(line) or stripped.startswith(">")
                or (":" in stripped and trailer_section(key)))

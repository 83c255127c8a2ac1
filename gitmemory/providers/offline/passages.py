"""What the tip's history files teach, in their author's words (docs/design.md, "Sources").

The passages :mod:`gitmemory.reading.project.history_files` cuts out (a changelog's
newest releases, an upgrade guide's newest sections, a README's pitfall sections) are
read like a changelog entry a commit adds (:func:`~gitmemory.providers.offline.news.entries`,
:func:`~gitmemory.providers.offline.verbatim.kept`), with what a release passage says for
itself besides: an entry that labels itself a change, a removal, a deprecation or a
security fix ("cli: change: no more implicit `stdout`"), one that says what is "no
longer" or "no more" so, and one under a group heading that says so ("Breaking
changes", "Removed", "Security").  A pitfall section is read for its remedies: a
sentence that says what to check, set or use, with the condition it answers (its own
"If ...", the sentence before it, or the question its heading asks).

Each item is one sentence or two, as written ("This release fixes ..." without its first
two words: the lead names the release), prefixed by where it comes from ("1.10.0
(NEWS): ...", "V4 to V5 (UPGRADING.md): ...", "Troubleshooting (README.md): ...") so
that it stands alone, and cites its file.  At most ``MOST`` a file, the strongest
first: a security fix, a break, a choice, a cause, a pitfall, what the code does now,
a reason.
"""

from __future__ import annotations

import re

from gitmemory.fences import Fence
from gitmemory.lazy_regex import lazy_regex
from gitmemory.providers.offline.news import clean, entry_sentences, headed_entries, led
from gitmemory.providers.offline.phrasing import LIMIT, capital, shorter, tidy
from gitmemory.providers.offline.verbatim import SECURITY, Found, kept, sound
from gitmemory.providers.offline.worth import names_something
from gitmemory.reading.header import Header
from gitmemory.reading.project.history_files import Passage
from gitmemory.reading.sentences import sentences

MOST = 6  # items a file gives
_RANK = {"bug-patterns": 0, "facts": 1, "architectural-decisions": 2}
_FENCE = lazy_regex(r"^\s*(```|~~~)")
_HEADING = lazy_regex(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_UNDERLINE = lazy_regex(r"^\s*([=\-~^*+#\"':.])\1{2,}\s*$")  # not "```": a fence
# "cli  : fix: refuse ...": a NEWS file's entry, one a line, its area first
_AREA_LINE = lazy_regex(r"^[A-Za-z][\w./+-]{0,15}\s*:\s+\S")
# An entry that says what kind of change it is ("change: no more ...", "BREAKING: ...")
# "- [#913]: Deprecate ...", "#1296  CVE-... -- Fix ...": the reference that leads an entry
_LEADING_REF = lazy_regex(r"^(\s*(?:[-*+]\s+)?)(?:\[[#@]?\d+\]:?|#\d+)\s+(?=\S)")
_NUMBERED = lazy_regex(r"^\s*#\d+\s+\S")
_AREA_SPACE = lazy_regex(r"^([\w./+-]+)\s+:\s+")
_LABELLED = lazy_regex(r"^(?:[\w./+-]{1,15}\s*:\s*)?(?:changed?|breaking(?: change)?|removal|"
                       r"removed|deprecat\w*|security)\s*:\s*\S", re.I)
_EMPHASIS = lazy_regex(r"(\*\*|__)(\S(?:.*?\S)?)\1")
_EMPHASISED_LABEL = lazy_regex(r"^(\s*(?:[-*+]\s+)?)[*_]([A-Za-z][\w ]{0,30}:)[*_]\s*")
# "cli: change: ", "Core: ": what an entry says comes after its area and its label
_LABEL = lazy_regex(r"^(?:[\w./+-]{1,15}\s*:\s*){1,2}")
_NO_LONGER = lazy_regex(r"\bno (?:longer|more)\b", re.I)
# "This release fixes ...": the release is the one the item's lead names
_THIS_RELEASE = lazy_regex(r"^(?:this|the) (?:release|version) (?=(?:fixes|adds|removes|"
                           r"contains|includes|drops|deprecates|requires|needs|raises|bumps|"
                           r"changes|introduces|brings|makes)\b)", re.I)
# Group headings whose entries are breaks, whatever their wording
_BREAK_GROUP = lazy_regex(r"breaking|\bremov(?:ed|als?)\b|incompatib", re.I)
# A fixed bug: "fix: `--test` no longer creates files" says what was wrong, not a break
_FIX = lazy_regex(r"(?:^|\W)(?:fix(?:es|ed)?|bug ?fix(?:es)?|bugs?)\b", re.I)
_FIRST_PERSON = lazy_regex(r"\b(?:I|I'm|I've|my|me)\b")
# A pitfall's remedy: what to check, set or use, its condition before it or not
_REMEDY = lazy_regex(
    r"^(?:(?:if|when|whenever|in case|should|to (?:avoid|fix|prevent|work around))\b[^.]{3,160}?"
    r",\s*)?(?:(?:then|please|just|simply)\s+)?(?:check|review|set|use|make sure|ensure|add|run|"
    r"install|upgrade|update|disable|enable|pass|call|increase|raise|lower|remove|configure|"
    r"verify|avoid|do not|don't|never|always|switch|wrap|specify|export|restart|clear|"
    r"delete|downgrade|pin|rename|replace|move|reduce)\b|"
    r"\byou (?:must|need to|should|have to|will need to|may need to)\b|\bmake sure\b|"
    r"\bbe sure to\b|\bremember to\b", re.I)
_CONDITION = lazy_regex(r"^(?:if|when|whenever|in case|should)\b", re.I)
_POINTS_BACK = lazy_regex(r"\b(?:this|that|these|those|it|they|such)\b", re.I)
_GENERIC = lazy_regex(r"^(?:troubleshooting|caveats?|known (?:issues|problems|bugs|"
                      r"limitations)|gotchas?|pitfalls?|limitations?|faq|notes?|"
                      r"frequently asked questions|important notes?|common \w+)$", re.I)


def items(passage: Passage) -> list[Found]:
    """The items of one passage, in its order, each with where it came from."""
    lead = f"{passage.where} ({passage.path.rsplit('/', 1)[-1]}): "
    room = LIMIT - len(lead) - len(f" (paths: {passage.path})")
    found: list[Found] = []
    used: set[str] = set()
    for group, block in _blocks(passage):
        # a list's entry elaborates its first sentence; a paragraph's sentences stand apart
        listed = any(line.lstrip().startswith(("- ", "* ", "+ ")) for line in block)
        for entry, _, parent in headed_entries(["+" + line for line in block] + [""]):
            said = [capital(_THIS_RELEASE.sub("", tidy(s), count=1))
                    for s in entry_sentences(entry)]
            said = [s for s in said if s]
            # a release's paragraph may say two things ("requires X ... . Support for Y
            # is removed"): two items at most, each a sentence
            most = 2 if passage.kind == "release" else 1
            got = kept(Header(kind="other", text=""), said, used, most=most) or \
                _labelled(entry, group, passage.kind)
            if not got and passage.kind == "pitfalls":
                got = _pitfall(said, group)
            for section, kept_text, confidence in got[:most]:
                text = _led(kept_text, said, room) if listed else kept_text
                headed = led(parent, text)
                text = headed if len(headed) <= room else text
                fitted = text if len(text) <= room else shorter(text, room)
                if fitted:
                    found.append((section, lead + fitted, confidence))
    return found


def _led(text: str, said: list[str], room: int) -> str:
    """``text``, a later sentence of a list's entry, after the entry's first when both fit: "Default
    width is now `None`" says whose width only after "`RichTracebackFormatter` now exposes
    the upstream code_width parameter" (structlog's changelog)."""
    later = any(text[:30] == sentence[:30] for sentence in said[1:])
    if not later or text[:30] == said[0][:30]:
        return text
    joined = f"{said[0].rstrip('.')}. {text}"
    return joined if len(joined) <= room else text


def strongest(found: list[Found], most: int = MOST) -> list[Found]:
    """The ``most`` strongest of a file's items (bug patterns, facts, then decisions;
    the more confident first), in the file's order."""
    chosen = sorted(range(len(found)), key=lambda n: (_RANK.get(found[n][0], 3),
                                                       -found[n][2], n))[:most]
    return [found[n] for n in sorted(chosen)]


def _blocks(passage: Passage) -> list[tuple[str, list[str]]]:
    """(the heading it is under, its lines) for each part of the passage between two
    headings, code blocks out; a NEWS file's one-line entries as bullets."""
    out: list[tuple[str, list[str]]] = [(passage.where, [])]
    fence = Fence()
    lines = passage.lines
    for n, line in enumerate(lines):
        after = lines[n + 1] if n + 1 < len(lines) else ""
        if _FENCE.match(line) and not (n and lines[n - 1].strip() and _UNDERLINE.match(line)):
            fence.step(line)  # a fence, not the "~~~~" under a title
            continue
        if fence.inside or _UNDERLINE.match(line):
            continue
        heading = _HEADING.match(line)
        if heading or (line.strip() and _UNDERLINE.match(after)):
            out.append((clean(heading.group(1) if heading else line.strip()), []))
            continue
        text = _LEADING_REF.sub(r"\1", _unemphasised(line), count=1)
        if passage.kind == "release" and (_AREA_LINE.match(text) or _NUMBERED.match(line)):
            text = "- " + text.strip()  # "cli  : ...", "#1321  CVE-... -- Fix ...": one a line
        if passage.kind == "release" or not text.startswith(("    ", "\t")) or out[-1][1]:
            out[-1][1].append(text)
    return [(group, block) for group, block in out if any(line.strip() for line in block)]


def _unemphasised(line: str) -> str:
    """``**CVE-2026-1**`` -> ``CVE-2026-1``, outside code spans; an entry's label in
    emphasis of its own, ``*Breaking:*`` (commander.js), as the label."""
    line = _EMPHASISED_LABEL.sub(r"\1\2 ", line, count=1) if "*" in line else line
    if "**" not in line and "__" not in line:
        return line
    parts = re.split(r"(`[^`]*`)", line)
    return "".join(part if n % 2 else _EMPHASIS.sub(r"\2", part) for n, part in enumerate(parts))


def _labelled(entry: str, group: str, kind: str) -> list[Found]:
    """A release entry or a guide's sentence that says for itself that it is a change for
    users: labelled so, "no longer" so, or under a group heading of breaks."""
    if kind == "pitfalls":
        return []
    text = tidy(clean(entry))
    text = _AREA_SPACE.sub(r"\1: ", text) if _AREA_LINE.match(text) else capital(text)
    said = sentences(text)
    first = said[0] if said else ""
    if len(said) > 1 and SECURITY.search(said[1]) and not SECURITY.search(first):
        first = f"{first.rstrip('.')}. {said[1]}"  # "Cap X. This is a fix for CVE-2026-1."
    fixed = _FIX.search(f"{group} {first}")
    if not (_LABELLED.match(first) or SECURITY.search(first) or (not fixed and (
            _NO_LONGER.search(first) or (kind == "release" and _BREAK_GROUP.search(group))))):
        return []
    if not names_something(first) or not sound(capital(_LABEL.sub("", first, count=1))):
        return []
    section = "bug-patterns" if SECURITY.search(first) or re.search(r"security", group, re.I) \
        else "facts"
    return [(section, first.rstrip("."), 0.8)]


def _pitfall(said: list[str], heading: str) -> list[Found]:
    """A remedy with the condition it answers: its own "If ...", else the sentence before
    it, else the question or symptom its heading names."""
    for at, sentence in enumerate(said):
        if not _REMEDY.search(sentence) or _FIRST_PERSON.search(sentence) or "?" in sentence:
            continue
        if _CONDITION.match(sentence) and not _POINTS_BACK.search(sentence.split(",")[0]):
            text = sentence
        elif at:
            text = f"{said[at - 1]}. {sentence}"
        elif not _GENERIC.match(heading):
            text = f"{heading.rstrip('?:')}: {sentence}"
        else:
            continue
        if _whole(text):
            return [("bug-patterns", text.rstrip("."), 0.8)]
    return []


def _whole(text: str) -> bool:
    """Whether a pitfall's text reads whole: long enough, its marks closed, naming what it
    is about; a hedge is fine here ("PHP might deactivate ...")."""
    return len(text.split()) >= 6 and not text.count("`") % 2 and not text.count('"') % 2 \
        and text.count("(") == text.count(")") and names_something(text) and \
        "://" not in text

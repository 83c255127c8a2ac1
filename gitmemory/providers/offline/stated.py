"""The offline rules for agent sessions: the lessons a person stated outright.

Without a model only explicit lessons count: a line
or sentence the person typed that starts "Remember:", "From now on", "Note for
later" and the like, outside code blocks and quotes, a statement that is not a
question, not about the moment ("today", "for now") and not about how the
agent should talk.  Precision first: such a line is kept as written, its
lead-in dropped; a line that needs rewording to make sense is left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Lesson

_SENTENCE_END = lazy_regex(r"(?<=[.!?])\s+(?=[A-Za-z`\"'])")
CONFIDENCE = 0.95
MIN_WORDS = 4
MAX_CHARS = 300
MIN_NAME = 4  # letters of a file's name that a lesson must say to speak of it
# Lead-ins that mark a line as a lesson meant to last (lowercase, as the line starts).
LEADS = ("remember:", "remember that", "please remember", "from now on", "note for later",
         "note to self", "note for the future", "for future reference", "going forward",
         "lesson learned", "lesson:", "in future,", "in the future,", "keep in mind",
         "never forget", "for the record,", "rule:", "fyi for later")
_MOMENT = ("today", "tonight", "tomorrow", "this week", "this session", "right now", "for now",
           "later today", "this afternoon", "this morning", "next meeting", "in a minute",
           "this pr", "this ticket", "before lunch")
_CHAT = ("answer ", "reply ", "respond ", "talk ", "explain ", "summarize", "summarise",
         "be concise", "be brief", "be more", "ask me", "tell me", "show me", "speak ",
         "write in ", "use emoji", "call me", "thank")
# "please remember to update the changelog" is a to-do; "I'll deploy it" is about the person.
_SELF = ("to ", "i ", "i'll ", "i'm ", "i've ", "i am ", "i will ", "me ", "my ")
_RULE = ("never ", "always ", "don't ", "do not ", "must ", "should ", "avoid ", "prefer ",
         "use ", "run ", "keep ", "put ", "call ", "name ", "make sure", "only ")
_DECISION = ("we chose", "we decided", "we picked", "decided to", "we went with", "chosen over",
             "instead of")
_BUG = ("breaks", "broke", "crash", "fails", "failed", "drops", "leaks", "race", "deadlock",
        "corrupt", "regression", "times out", "hangs")


def explicit(sessions: Iterable[tuple[str, list[str], list[str]]]) -> list[Lesson]:
    """The lessons the person stated outright in ``sessions``: each a session's short id,
    the person's messages in it (redacted) and the files it edited."""
    found: list[Lesson] = []
    for session, said, edited in sessions:
        for message in said:
            for line in _plain_lines(message):
                for statement in _statements(line):
                    lesson = _lesson(statement, session, edited)
                    if lesson and all(lesson.content != f.content for f in found):
                        found.append(lesson)
    return found


def _statements(line: str) -> list[str]:
    """The line, and each sentence of it that starts with a lead-in ("No, not that.
    Remember: ..."), each running to the next lead-in or to a sentence holding a redacted
    secret, whichever comes first."""
    sentences = _SENTENCE_END.split(line)
    found = []
    for start, sentence in enumerate(sentences):
        if start and not sentence.lower().startswith(LEADS):
            continue
        end = start + 1
        while end < len(sentences) and "[REDACTED" not in sentences[end] and \
                not sentences[end].lower().startswith(LEADS):
            end += 1
        found.append(" ".join(sentences[start:end]))
    return found


def _plain_lines(message: str) -> list[str]:
    """The lines of a message outside code blocks and quotes, list markers dropped."""
    out = []
    fenced = False
    for raw in message.split("\n"):
        line = raw.strip()
        if line.startswith(("```", "~~~")):
            fenced = not fenced
            continue
        if fenced or line.startswith((">", "    ")) or raw.startswith(("\t", "    ")):
            continue
        out.append(line.lstrip("-*+ ").strip())
    return out


def _lesson(line: str, session: str, edited: list[str]) -> Lesson | None:
    low = line.lower()
    lead = next((lead for lead in LEADS if low.startswith(lead)), None)
    if lead is None:
        return None
    text = line[len(lead):].lstrip(" ,:;-—–").strip()
    if text.lower().startswith("that "):
        text = text[5:]
    body = text.lower()
    if not text or text.endswith("?") or len(text.split()) < MIN_WORDS or "[REDACTED" in text \
            or any(_has(body, word) for word in _MOMENT) or body.startswith(_CHAT + _SELF) \
            or len(text) > MAX_CHARS:
        return None
    content = text[0].upper() + text[1:]
    if content[-1] not in ".!":
        content += "."
    return Lesson(_section_id(body), content, CONFIDENCE, session, said=line,
                  paths=spoken_of(body, edited))


def spoken_of(text: str, edited: list[str]) -> tuple[str, ...]:
    """The files among ``edited`` that a lesson speaks of by name ("cache keys ..." and
    ``shop/cache.py``): a rule stated outright is about what it names, and one that names
    none of them (how to run the tests) is about the whole repository."""
    words = set(re.findall(r"[a-z0-9]+", text))
    return tuple(path for path in edited
                 if any(len(part) >= MIN_NAME and part in words
                        for part in re.findall(r"[a-z0-9]+", path.lower().rsplit(".", 1)[0])))


def _has(text: str, phrase: str) -> bool:
    at = f" {text} ".find(f" {phrase}")
    return at >= 0 and not f" {text} "[at + len(phrase) + 1].isalnum()


def _section_id(text: str) -> str:
    if any(word in text for word in _DECISION) and "because" in text:
        return "architectural-decisions"
    if text.startswith(_RULE) or any(f" {word}" in f" {text}" for word in
                                     ("never ", "always ", "must ", "must not ")):
        return "conventions"
    if any(word in text for word in _BUG):
        return "bug-patterns"
    return "facts"

"""Knowledge one commit message states outright (docs/design.md, "Data flow").

Precision first: a line is written only when the message says it in whole
sentences the rules can keep whole, and what they cannot say right is left
out.  Each (sub-)commit of a message may give:

- a bug pattern (:mod:`gitmemory.providers.offline.causes`): a fix whose message states
  the cause, as the fix or the symptom, the cause, and the body's fix;
- a decision: what was chosen, over what, and why, read from the subject or a
  sentence that describes the change (an imperative, "now ...", "This CL
  ..."), never from one that describes the problem; a subject that states a rule
  ("Don't cache the client in the static class", "Use a stable sort ... again")
  with the reason the body gives next ("So it always takes the current value");
- rules: sentences that say what must, must not, always or never happen, and
  name what they are about;
- a breaking change, as its note says it, and prose the author labelled
  (``Decision:``, ``Root cause:``, ``Rule:``, ``Fix:``), as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from gitmemory.changelogs import is_changelog
from gitmemory.commits import Commit
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Extraction
from gitmemory.providers.offline.body import Group, read_body
from gitmemory.providers.offline.causes import CHANGE_LEAD, FAILURE, HEDGE, STATED, bug_pattern
from gitmemory.providers.offline.guides import guide_items
from gitmemory.providers.offline.news import changelog_items, release_notes
from gitmemory.providers.offline.noise import by_bot, by_files, is_noise
from gitmemory.providers.offline.phrasing import (
    LIMIT,
    MIN_WORDS,
    capital,
    is_imperative,
    is_past_change,
    leans_back,
    shorter,
    strip_lead,
    tidy,
    to_past,
    uncapital,
    unframed,
    whole,
    with_area,
)
from gitmemory.providers.offline.retracted import TakenBack
from gitmemory.providers.offline.verbatim import BARE_DEFINITE, kept, names_back, points_back
from gitmemory.providers.offline.worth import content_words, names_something, one_off
from gitmemory.reading import cues
from gitmemory.reading.header import Header, parse_header
from gitmemory.reading.paths import evidence_paths
from gitmemory.reading.sentences import sentences

Found = tuple[str, str, float]  # section, text, confidence


@dataclass
class Said:
    """The sentences of one (sub-)commit's prose, tidied, and the ones already used."""

    header: Header
    lines: list[str]
    used: set[str] = field(default_factory=set)

    def free(self) -> list[tuple[int, str]]:
        return [(i, s) for i, s in enumerate(self.lines) if s not in self.used]


def message_extractions(commit: Commit, rewritten: frozenset[str] = frozenset()
                        ) -> list[Extraction]:
    """Items from ``commit``'s subject and body (for noise commits, a release's, only from
    the changelog entries they add); none from the changelog fragments in ``rewritten``,
    which a later commit changes."""
    header = parse_header(commit.subject)
    if (is_noise(header, commit) and not _released_change(header, commit)) or \
            _notes_only(commit):
        return [Extraction(section, text, confidence, (commit.short,), ())
                for section, text, confidence in release_notes(commit, rewritten) +
                guide_items(commit)]
    header = by_files(header, commit)
    refs, paths = (commit.short,), evidence_paths(commit)
    found: list[Found] = []
    groups = read_body(header, commit.body)
    for at, group in enumerate(groups):
        if at < 2 or not _taken_out(group, groups[at + 1:]):
            gone = _replaced_later(groups[at + 1:])
            moved = _figures_replaced_later(groups[at + 1:])
            back = TakenBack.of(group, groups[at + 1:])
            found += [f for f in _group_items(group)
                      if not gone.intersection(_CODE_NAME.findall(f[1])) and
                      not moved.intersection(_figures(f[1])) and not back.denies(f[1])]
    found += changelog_items(commit, header, rewritten) + guide_items(commit)
    found += _labelled(header, [f"{k}: {v}" for k, v in commit.trailers])
    breaking = _breaking(header, commit)
    if breaking:
        found.append(("architectural-decisions", breaking, 0.9))
    return [Extraction(section, text, confidence, refs, paths)
            for section, text, confidence in found if len(text) <= LIMIT]


_TAKEN_OUT = lazy_regex(r"^(?:remov|revert|drop|undo|undid|back(?:ed|s|ing)? out|roll(?:ed|s)? "
                        r"back)\w*\s+(?P<what>.+)", re.I)


def _taken_out(group: Group, later: list[Group]) -> bool:
    """Whether a commit a squash lists after the main one is taken out by one listed after
    it ("Removed outdated repr updates"): what it did is not in the change.  (The first
    listed commit is the change itself, and stays.)"""
    words = content_words(group.header.text)
    return any((taken := _TAKEN_OUT.match(said)) and words & content_words(taken.group("what"))
               for said in _said_later(later))


def _said_later(later: list[Group]) -> Iterator[str]:
    """The sentences of the commits a squash lists after one: their subjects and prose."""
    for other in later:
        for text in [other.header.text, *other.texts]:
            for said in sentences(text):
                yield said.strip()


_REPLACED = lazy_regex(r"^(?:replac|remov|revert|drop|undo)\w*\s+(?P<what>.+?)"
                       r"(?:\s+(?:with|by|in favou?r of)\s.*)?$", re.I)
_CODE_NAME = lazy_regex(r"\b(?:[a-z]+[A-Z]\w*|[A-Za-z]\w*_\w+)\b")


def _replaced_later(later: list[Group]) -> set[str]:
    """The names of the code that a commit a squash lists later replaces or removes
    ("Replace the dynamic maxGroupIndex guard with the simpler regex approach"): an item
    of an earlier one that names them told a way the change did not keep (gson's OOM fix,
    judged wrong in the fresh14 windows)."""
    return {name for said in _said_later(later) if (taken := _REPLACED.match(said))
            for name in _CODE_NAME.findall(taken.group("what"))}


# "Update `MAX_CACHE_SIZE` from 1,000 to 10,000": a figure a later part of a squash changes
_FROM_TO = lazy_regex(r"\bfrom\s+(\d[\d,_]*(?:\.\d+)?)\s*(?:to|->|\u2192)\s*\d", re.I)
_FIGURE = lazy_regex(r"(?<![\w.])\d[\d,_]*(?:\.\d+)?(?![\w.])")


def _figures(text: str) -> set[str]:
    """The figures of ``text``, written without their group marks ("1,000" is "1000")."""
    return {figure.replace(",", "").replace("_", "") for figure in _FIGURE.findall(text)}


def _figures_replaced_later(later: list[Group]) -> set[str]:
    """The figures the commits a squash lists later replace ("Update `MAX_CACHE_SIZE` from
    1,000 to 10,000"): an item of an earlier one that gives them ("cached to a map (with a
    size limit of 1000)") told what the change did not keep (mocha's watch mode)."""
    return {m.group(1).replace(",", "").replace("_", "") for said in _said_later(later)
            for m in _FROM_TO.finditer(said)}


def _released_change(header: Header, commit: Commit) -> bool:
    """Whether a release's message explains the change it ships: a pull request titled
    with the version it makes ("Version 1.2.7 (#1612)") whose body is written prose, a
    paragraph of sentences ("When `Value.Default` processes an object schema, it called
    `FromType` twice ..."), not the list of the commits it squashed.  The body is read
    as any change's is; the subject, a version, gives it no item."""
    if header.kind in ("merge", "style") or by_bot(commit) or \
            not _VERSION.search(commit.subject):
        return False
    return any(len(paragraph.split()) >= _PROSE_WORDS and not _BULLET.match(paragraph) and
               len(sentences(paragraph)) > 1
               for paragraph in commit.body.replace("\r\n", "\n").split("\n\n"))


_VERSION = lazy_regex(r"(?<![\w.])v?\d+\.\d+")
_PROSE_WORDS = 20  # a paragraph this long, of more than one sentence, is written prose
_BULLET = lazy_regex(r"^\s*(?:[-*+]|\d{1,3}[.)])\s")


def _notes_only(commit: Commit) -> bool:
    """Whether the commit only writes the changelog ("Generate CHANGELOG.md for 0.19.1"):
    its entries are its message, and its subject says what none of them is about."""
    return bool(commit.files) and all(is_changelog(f.path) for f in commit.files)


def _group_items(group: Group) -> list[Found]:
    head = group.header
    if head.kind in ("merge", "release", "style"):
        return []
    found = [f for f in _labelled(head, group.texts) if len(f[1]) <= LIMIT]
    keys = {t: m["key"].lower() for t in group.texts if (m := _LABEL.match(t))}
    taken = {t for t in keys
             if any(len(f[1]) <= LIMIT for f in _labelled(head, [t]))}  # else read as prose
    if any(keys[t] in _REASON_KEYS for t in taken):
        # "Solution: ..." after a problem taken: how the subject's change was made, which
        # the subject says
        taken |= {t for t, key in keys.items() if key == "solution"}
    lines: list[str] = []
    starts: set[int] = set()  # the lines that open a paragraph or a list's item
    for t in group.texts:
        if t in taken:
            continue
        starts.add(len(lines))
        label = _LABEL.match(t)  # a template's heading ("### Motivation:"), read as prose
        prose = label["text"] if label and label["key"].lower() in _REASON_KEYS else t
        lines += [line for s in sentences(prose) if not s.rstrip().endswith(":") and
                  not cues.BREAKING.match(s) and (line := unframed(tidy(s)))]  # ":" leads on
    said = Said(head, lines)
    words = kept(head, said.lines, said.used, starts=frozenset(starts))
    found += words
    if not words:  # what the author said outright, else what the rules can tell
        bug = bug_pattern(head, said.lines, said.used)
        found += [bug] if bug else []
        decision = _decision(said)
        found += [decision] if decision else []
    elif head.kind == "fix" and not any(f[0] == "bug-patterns" for f in words):
        # a fix's cause is what it teaches first: a sentence the author's words kept for
        # another reason ("the reproducer now expects ...") leaves it to be read still, in
        # the sentences they did not take
        bug = bug_pattern(head, [s for _, s in said.free()], said.used)
        found += [bug] if bug else []
    if head.kind != "ci":  # a rule in a CI commit is about that CI step
        found += _conventions(said)[:2]
    return found


# -- decisions ---------------------------------------------------------------------------------

_CHOICE = lazy_regex(
    r"\b(?:switch|migrat|mov|port|convert|chang)\w*\s+(?:[^\s]+\s+){0,6}?from\s+\S.*?\s+to\s+\S|"
    r"\breplac\w*\s+\S.*?\s+(?:with|by)\s+\S|"
    r"\S\s+(?:instead of|rather than|in favou?r of)\s+\S|"
    r"\bprefer\w*\s+\S.*?\s+(?:over|to)\s+\S", re.I)
_WHY = lazy_regex(
    r"\b(?:because|so that|so the|so it|so we|so they|so users|in order to|to avoid|to prevent|"
    r"to ensure|to make sure|to keep|to reduce|to speed up|to simplify|which (?:makes|allows|"
    r"means|lets|avoids|prevents|ensures|reduces|removes)|as (?:it|they) (?:is|are|was|were|"
    r"does|do|can|cannot|has|have)|since (?!v?\d|version|python|go |node|the (?:release|version))"
    r")\b|,\s*so\s+(?!far\b)", re.I)
_DESCRIBES_CHANGE = lazy_regex(r"^(?:this (?:commit|cl|pr|pull request|change|patch)|we)\s", re.I)
_PROBLEM_WORDS = lazy_regex(r"\b(?:previously|used to|currently|will|would|was|were|had)\b",
                            re.I)


def _decision(said: Said) -> Found | None:
    """A choice the change makes, with the alternative it turned down and a reason: the
    subject's, else the body's, else a removal the subject makes and the body explains."""
    head = said.header
    base = {"docs": 0.62, "test": 0.62}.get(head.kind, 0.82)
    subject = tidy(head.text)
    past = to_past(capital(subject))
    if head.breaking:
        return None
    if _CHOICE.search(subject) and not _TWO_CHANGES.search(subject):
        if _WHY.search(subject):
            return _decided(head.scope, past, base)
        reason = _reason(said, -1)
        if reason:
            return _decided(head.scope, f"{past} \u2014 {_follow(reason)}", base)
    if _RULE_SUBJECT.match(subject) and head.kind not in _NO_RULE_KINDS and \
            not _TWO_CHANGES.search(subject):
        reason = _reason(said, -1, purpose=True)  # "Don't cache X in Y" — "So it always ..."
        if reason:
            return _decided(head.scope, f"{capital(subject)} \u2014 {_follow(reason)}", base)
    fix = head.kind in ("fix", "revert")  # a fix's body says how it fixed, as a rule
    for i, sentence in said.free():       # only when what it guards against is a failure
        plain = strip_lead(sentence)
        if not _CHOICE.search(plain) or not whole(plain) or names_back(plain) or \
                not _describes_change(sentence, head.kind) or BARE_DEFINITE.match(plain):
            continue  # "Classify it directly with X instead of ...": it, of the one before;
            # "Scoping to the statement rather than a line means ...": scoping what?
        why = _WHY.search(plain)
        if why and (not fix or FAILURE.search(plain[why.start():])):
            said.used.add(sentence)
            return _decided(head.scope, to_past(plain), base)
        reason = _reason(said, i)
        if reason and (not fix or FAILURE.search(reason) or _RISK.search(reason)):
            said.used.add(sentence)
            return _decided(head.scope, f"{to_past(plain)} \u2014 {_follow(reason)}", base)
    if _REMOVAL.match(subject) and head.kind not in ("fix", "revert"):
        reason = _reason(said, -1)
        if reason and _removal_reason(reason):
            return _decided(head.scope, f"{past} \u2014 {_follow(reason)}", base)
    return None


_REMOVAL = lazy_regex(r"^(?:remov|drop|delet|disabl|stop)\w*\s", re.I)
# A subject that states a rule of the code, what to do or never to do ("Don't cache the
# client in the static class", "Use a stable sort for the filters again"): with the
# body's reason, the rule for whoever edits that code next.
_RULE_SUBJECT = lazy_regex(r"^(?:don'?t|do not|never|avoid|always|use|keep)\s+\S", re.I)
_NO_RULE_KINDS = ("docs", "test", "ci", "style", "chore", "build", "release", "merge")
_RISK = lazy_regex(r"\b(?:inject\w*|attacks?|vulnerab\w*|unsafe|insecure|exploit\w*|"
                   r"arbitrary (?:code|commands?))\b", re.I)
# "Dedupe X, prefer Y instead of Z": two changes; the body's reason may be either's.
_TWO_CHANGES = lazy_regex(r"[,;]\s+(?:and\s+)?(?!(?:which|so|because|since|as|to|for|when|"
                          r"while|but|not|the|a|an|with|without|instead|rather|in|on|of|"
                          r"e\.g|i\.e)\b)[a-z]+(?<!s)\s", re.I)


def _removal_reason(reason: str) -> bool:
    """Why something went, not why it once came: a failure or a plain "because"/"so that",
    never a promise ("X was added because it will allow Y")."""
    if re.search(r"\b(?:will|would) (?:allow|make|let|enable)|\bwas (?:added|introduced)\b",
                 reason, re.I):
        return False
    return bool(_WHY.search(reason) or STATED.search(reason) or _DEPRECATION.search(reason))


def _describes_change(sentence: str, kind: str) -> bool:
    """An imperative, "This CL/We ...", a present-tense "now", or in a change that is no
    fix a present-tense statement: the change itself, not the problem it answers ("all
    programs will be linked with X disabled")."""
    plain = strip_lead(sentence)
    if _DESCRIBES_CHANGE.match(sentence) or is_imperative(plain) or is_past_change(plain):
        return True
    if _PROBLEM_WORDS.search(plain) or FAILURE.search(plain):
        return False
    return kind not in ("fix", "revert") or bool(re.search(r"\bnow\b", plain, re.I))


def _reason(said: Said, after: int, explains: bool = False, purpose: bool = False) -> str:
    """The sentence right after ``after`` (-1: the subject), when it gives a reason: "This
    avoids ...", "... because ...", or the problem the change answers.  ``explains``: any
    sentence that points back at it is its explanation ("This is deprecated as of ...")."""
    nxt = after + 1
    if nxt >= len(said.lines) or said.lines[nxt] in said.used:
        return ""
    sentence = said.lines[nxt]
    plain = strip_lead(sentence)
    if purpose and _SO_LEAD.match(sentence) and leans_back(plain):
        said.used.add(sentence)
        return uncapital(sentence)  # "so it always takes the current value": what it keeps
    back = leans_back(plain) and len(plain.split()) >= MIN_WORDS and "?" not in plain
    if (is_imperative(plain) and not _WHY.search(plain)) or not (whole(plain) or back) or \
            HEDGE.search(plain):
        return ""
    if CHANGE_LEAD.match(plain) and not _WHY.search(plain):  # "Refactors the tests ..."
        return ""  # another change, no reason
    if (explains and back) or cues.REASON_LEAD.match(plain) or _WHY.search(plain) or \
            STATED.search(plain) or FAILURE.search(plain) or \
            ((purpose or explains) and _CANNOT.search(plain)):
        said.used.add(sentence)
        return plain
    return ""


# "Don't use chunkunroll for inflateBack" — "If the output buffer and the window buffer are
# the same allocation, we cannot make the assumptions that chunkunroll does": what may not
# be done or assumed, the reason of a rule
_CANNOT = lazy_regex(r"\b(?:cannot|can't|can not|must not|mustn't|(?:is|are) not (?:safe|"
                     r"allowed|okay|ok|valid)|(?:isn't|aren't) (?:safe|allowed|okay|ok|valid))\b",
                     re.I)
_SO_LEAD = lazy_regex(r"^so (?:that )?(?:it|they|this|we)\b", re.I)


def _follow(sentence: str) -> str:
    """A sentence written after a dash: "This makes ..." -> "this makes ..."."""
    return uncapital(sentence) if leans_back(sentence) else sentence


def _decided(area: str, text: str, confidence: float) -> Found:
    """A decision; a deprecation is a fact about the code (what not to use any more).  One
    over the limit loses its asides when that is enough (else the caller drops it)."""
    section = "facts" if _DEPRECATION.search(text) else "architectural-decisions"
    line = with_area(area, text)
    parts = line.split(" \u2014 ")
    for n in range(len(parts)):  # the choice first, then the reason, until it fits
        over = len(" \u2014 ".join(parts)) - LIMIT
        if over > 0:
            parts[n] = shorter(parts[n], len(parts[n]) - over) or parts[n]
    return section, " \u2014 ".join(parts), round(confidence, 2)


_DEPRECATION = lazy_regex(r"\bdeprecat", re.I)

# -- rules ----------------------------------------------------------------------------------

_STRONG_RULE = lazy_regex(r"(?i)^(?:always|never)\b|\bmust\b")
_SOFT_RULE = lazy_regex(r"(?i)^(?:do not|don't|avoid|prefer|make sure|be sure to|remember to)\b")
_RULE_KINDS = ("docs", "test", "style", "chore")  # commits about how to work, not the code
_MODAL = lazy_regex(r"\b(?:must|shall|should (?:always|never|not)|(?:is|are) required to|"
                    r"needs? to be|has to be|have to be|always|never|by convention)\b", re.I)
_BEFORE_MODAL = lazy_regex(r"\b(?:that|which|who|whose|where|when|whenever|if|unless|"
                           r"because|since|until|while|once|so|therefore|thus|hence)\b", re.I)
# ... and the state a change starts from ("queryTimeout already exists per transaction,
# but this must be set for each transaction": why a global setting is added)
_NOT_A_RULE = lazy_regex(r"\b(?:therefore|thus|hence|previously|used to|was|were|had|"
                         r"would|currently|at present|already (?:exists?|is|are|has|have|"
                         r"does|do|supports?|works?))\b", re.I)


def _main_clause_rule(sentence: str) -> bool:
    """The modal is the sentence's own verb, a few words in ("MCP tool names must ..."),
    not inside a clause about something else ("Chunks the browser must fetch are
    therefore excluded"); and the sentence does not narrate the past."""
    if _CONVENTION_LEAD.match(sentence):  # "Always logging X": a description, no rule
        return not _NOT_A_RULE.search(sentence) and not re.match(r"^\w+\s+\w+ing\b", sentence)
    modal = _MODAL.search(sentence)
    if modal is None or _NOT_A_RULE.search(sentence):
        return False
    before = sentence[:modal.start()]
    return len(before.split()) <= 10 and not _BEFORE_MODAL.search(before)


_DOCUMENTS = lazy_regex(r"^(?:document|note|mention|explain|clarify|say)(?:s|ed)?\s+that\s+",
                        re.I)
_CONVENTION_LEAD = lazy_regex(r"^(?:always|never|do not|don't|avoid|prefer|make sure|"
                              r"remember to|be sure to)\b", re.I)


# a rule told to the reader ("You must ...", "We should never ..."), whose thing is
# named only in the sentences around it when it names nothing itself
_TO_READER = lazy_regex(r"^(?:you|we|one)\b", re.I)


def _conventions(said: Said) -> list[Found]:
    """Rules the message states: "always"/"never"/"must" sentences that name what they are
    about, and subjects of docs, test or tooling commits that state one (with the reason
    the body gives).  "Do not X" alone mostly describes the change itself, so it stays a
    guess."""
    head = said.header
    subject = strip_lead(_DOCUMENTS.sub("", tidy(head.text), count=1))
    if head.kind in _RULE_KINDS and cues.is_convention(subject) and whole(subject) and \
            _main_clause_rule(subject):
        reason = _reason(said, -1, explains=True)
        strong = _STRONG_RULE.search(subject) and not _SOFT_RULE.match(subject)
        rule = with_area(head.scope, subject)
        text = f"{rule} \u2014 {_follow(reason)}" if reason else rule
        if len(text) > LIMIT:  # the rule, never its reason alone
            text, reason = rule, ""
        return [("conventions", text, 0.82 if reason else 0.8 if strong else 0.7)]
    found = []
    for _, sentence in said.free():
        plain = strip_lead(sentence)
        if not cues.is_convention(plain) or not whole(plain) or HEDGE.search(plain) or \
                not _main_clause_rule(plain) or points_back(plain) or \
                BARE_DEFINITE.match(plain) or \
                (_TO_READER.match(plain) and not names_something(plain)):
            continue  # "You must supply a format": for what?
        said.used.add(sentence)
        confidence = 0.85 if _STRONG_RULE.search(plain) else 0.78
        found.append(("conventions", plain, 0.7 if _SOFT_RULE.match(plain) else confidence))
    return found


# -- what the author labelled, and breaking changes -----------------------------------------

_LABEL = lazy_regex(r"^\s*(?P<key>decision|decided|design decision|root[ -]cause|cause|"
                    r"rule|convention|fix|the fix|problem|motivation|why|rationale|solution)"
                    r"\s*:\s*"
                    r"(?P<text>\S.*)$", re.I)
# what made the change needed ("Problem: ...", neovim's form): the subject's reason
_REASON_KEYS = ("problem", "motivation", "why", "rationale")
_LABEL_SECTIONS = {"decision": "architectural-decisions", "decided": "architectural-decisions",
                   "design decision": "architectural-decisions", "root cause": "bug-patterns",
                   "root-cause": "bug-patterns", "cause": "bug-patterns",
                   "rule": "conventions", "convention": "conventions",
                   "fix": "bug-patterns", "the fix": "bug-patterns"}  # how it is avoided now


def _labelled(head: Header, texts: list[str]) -> list[Found]:
    """``Decision: ...``, ``Root cause: ...``, ``Rule: ...``, ``Fix: ...`` prose (or
    trailers), whole; a cause and a fix go after the subject they explain."""
    found = []
    for text in texts:
        match = _LABEL.match(text)
        if not match or match["key"] == "fix" or match["key"].lower() == "solution":
            continue  # "fix: typo" is a commit's subject; "Fix: ..." tells how it was fixed
        if match["text"].rstrip().endswith(":"):
            continue  # "... reports the following warnings:": what it leads on to is not here
        said = [tidy(s) for s in sentences(match["text"])]
        body = ". ".join(s for s in said if s)
        if not said or not all(whole(strip_lead(s)) or leans_back(s) for s in said):
            continue
        key = match["key"].lower()
        if key in _REASON_KEYS and one_off(body):
            continue  # "## Motivation: This is a subset of the changes I made under PR ..."
        if key in _REASON_KEYS:  # "Problem: ...": why the subject's change was made
            section = "bug-patterns" if head.kind == "fix" else "architectural-decisions"
            found.append((section, with_area(head.scope, f"{capital(tidy(head.text))} "
                                                         f"\u2014 {body}"), 0.85))
            continue
        section = _LABEL_SECTIONS[key]
        if section == "bug-patterns":
            symptom = capital(tidy(head.text))
            body = f"{symptom} \u2014 {uncapital(body) if leans_back(body) else body}"
        found.append((section, with_area(head.scope, body), 0.85))
    return found


def _breaking(header: Header, commit: Commit) -> str | None:
    texts = [m.group("text") for m in cues.BREAKING.finditer(commit.body)]
    texts += [v for k, v in commit.trailers if k.upper() in ("BREAKING CHANGE", "BREAKING-CHANGE")]
    subject = capital(tidy(header.text))
    if not texts:
        return with_area(header.scope, f"Breaking change: {subject}") if header.breaking \
            else None
    said = [capital(tidy(s)) for s in sentences(texts[0])]
    note = ". ".join(s for s in said if s)
    if not note or not all(whole(s) or leans_back(s) for s in said if s):
        return with_area(header.scope, f"Breaking change: {subject}")
    return with_area(header.scope, f"{subject} (breaking change) \u2014 {_follow(note)}")

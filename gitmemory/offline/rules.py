"""Knowledge in one commit message: bug causes, decisions, conventions, breaking changes.

Each (sub-)commit yields at most one bug pattern, two decisions and two
conventions, written as one self-contained line.  Confidence follows how
explicit the message is: a fix that names its cause, a decision with its
reason and a breaking change clear the default bar (0.75); a bare fix or
feature subject stays below it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from gitmemory.commits import Commit
from gitmemory.memory.candidates import Extraction
from gitmemory.offline import cues
from gitmemory.offline.body import Group, read_body, sentences
from gitmemory.offline.header import Header, parse_header
from gitmemory.offline.noise import is_noise
from gitmemory.offline.paths import evidence_paths, files_kind
from gitmemory.offline.phrasing import (
    LIMIT,
    capital,
    fit,
    is_imperative,
    strip_lead,
    tidy,
    to_past,
    uncapital,
    with_area,
)

WEAK = 0.55  # a guess: kept out of memory unless min_confidence is lowered
SWAP = 0.7  # "refactor: replace X with Y" and no reason: a code change more than a decision
_SYMPTOM_LEAD = re.compile(
    r"^(?:(?:fix|fixes|fixed|fixing|resolve[sd]?|correct(?:s|ed)?|repair(?:s|ed)?|address(?:es)?)"
    r"\s+(?:(?:a|an|the)\s+)?(?:(?:bug|issue|problem|regression)\s+(?:where|when|with|in|that)"
    r"\s+)?|(?:do not|don't|never)\s+(?=crash|fail|hang|break|throw|raise|error))", re.I)
_MIN_SENTENCE = 24
_MIN_SECOND = 60  # room left for the cause or reason after "symptom \u2014 "


def message_extractions(commit: Commit) -> list[Extraction]:
    """Items from ``commit``'s subject and body (nothing for noise commits)."""
    header = parse_header(commit.subject)
    if is_noise(header, commit):
        return []
    kind = None if header.conventional else files_kind([f.path for f in commit.files])
    if kind:
        header = replace(header, kind=kind)
    refs, paths = (commit.short,), evidence_paths(commit)
    out: list[Extraction] = []
    for group in read_body(header, commit.body):
        out += [Extraction(s, text, c, refs, paths) for s, text, c in _group_items(group)]
    breaking = _breaking(header, commit)
    if breaking:
        out.append(Extraction("architectural-decisions", breaking, 0.9, refs, paths))
    return out


def _group_items(group: Group) -> list[tuple[str, str, float]]:
    head = group.header
    if head.kind in ("merge", "release", "style"):
        return []
    said = [s for s in (tidy(s) for t in group.texts for s in sentences(t))
            if len(s) >= _MIN_SENTENCE and not s.endswith(":") and not cues.BREAKING.match(s)]
    found: list[tuple[str, str, float]] = []
    used: set[str] = set()
    bug = _bug(head, said, used)
    if bug:
        found.append(bug)
    rules = _conventions(head, said, used)[:2] if _states_a_rule(head) else []
    decisions = _decisions(head, said, used)
    found += sorted(decisions, key=lambda d: -d[2])[:1]  # the one with its reason, if any
    if head.kind != "ci":  # a rule in a CI commit is about that CI step
        found += rules or _conventions(head, said, used)[:2]
    if head.kind == "feat" and not any(s == "architectural-decisions" for s, _, _ in found):
        found.append(("facts", _line(head.scope, to_past(capital(head.text)), ()), 0.6))
    return found


def _bug(head: Header, said: list[str], used: set[str]) -> tuple[str, str, float] | None:
    """A bug pattern: the symptom (subject) and the cause (best causal sentence)."""
    for sentence in said:
        if cues.WORKAROUND.search(sentence) and not cues.REMOVAL_LEAD.match(sentence) \
                and not cues.REMOVAL_LEAD.match(head.text):
            used.add(sentence)
            plain = strip_lead(sentence)
            if _BACK_REFERENCE.match(plain):
                return "bug-patterns", _joined(head.scope, capital(head.text), plain), 0.8
            return "bug-patterns", _line(head.scope, plain, ("work",)), 0.8
    if head.kind not in ("fix", "revert"):
        return None
    best = _best_cause(said)
    if head.kind == "revert":
        if best[0] < 2.0:
            return None
        used.add(best[2])
        return "bug-patterns", _joined(head.scope, f'Reverted "{head.text}"', best[2]), 0.8
    symptom = capital(_SYMPTOM_LEAD.sub("", head.text, count=1)) or head.text
    if cues.cause_score(symptom) >= 2.0 and not is_imperative(symptom) and len(symptom) > 50:
        return "bug-patterns", _line(head.scope, symptom, _CAUSE_WORDS), 0.8
    if best[0] == 0.0:
        return "bug-patterns", _line(head.scope, f"Fixed: {uncapital(symptom)}", ()), WEAK
    used.add(best[2])
    confidence = 0.88 if cues.cause_score(strip_lead(best[2])) >= 3.0 else 0.8
    return "bug-patterns", _joined(head.scope, symptom, best[2]), confidence


def _best_cause(said: list[str]) -> tuple[float, int, str]:
    """(score, -position, sentence) of the sentence that best explains the bug.

    Causes come first in a message, then the fix ("Replace X with Y so ..."):
    sentences after the first imperative one count for half.
    """
    scored = []
    fix_seen = False
    for i, sentence in enumerate(said):
        plain = strip_lead(sentence)
        if is_imperative(plain):
            fix_seen = True
            continue
        if _CHANGE_LEAD.match(plain):  # "Fixed the parser", "Added a test": the change
            continue
        score = cues.cause_score(plain) * (0.5 if fix_seen else 1.0)
        if score:
            scored.append((score - 0.05 * i, -i, sentence))
    return max(scored, default=(0.0, 0, ""))


def _joined(area: str, first: str, second: str, share: float = 0.0) -> str:
    """"area: first — second", the second part fitted around its cue; ``first`` is cut
    to leave ``second`` at least ``share`` of the line."""
    keep = int(LIMIT * (1 - share)) if share else LIMIT - _MIN_SECOND
    prefix = with_area(area, first)
    if len(prefix) > keep:
        prefix = with_area(area, fit(first, _DECISION_WORDS, keep - len(area) - 2))
    room = LIMIT - len(prefix) - 3
    second = _REFERS_BACK.sub("", strip_lead(second), count=1)
    cause = fit(second, _CAUSE_WORDS, room)
    return f"{prefix} \u2014 {uncapital(cause)}"


_REFERS_BACK = re.compile(r"^(?:this|that|it|which|doing so)\s+(?=(?:makes|allows|ensures|"
                          r"prevents|avoids|means|lets|keeps|gives|enables|reduces)\b)", re.I)
_BACK_REFERENCE = re.compile(r"^(?:this|that|it|these|those|doing so)\b(?!\s+(?:commit|pr)\b)",
                             re.I)
_SELF_REFERENCE = re.compile(r"^(?:this|the)\s+(?:commit|pr|pull request|change|patch)\b",
                             re.I)
_DESCRIBES_A_TEST = re.compile(r"^(?:verif|test|check|ensur|assert|cover|exercis)\w*\s+"
                               r"(?:that|whether|how)\b", re.I)
_CHANGE_LEAD = re.compile(r"^(?:fix|fixe|add|remov|updat|chang|mov|renam|refactor|clean)"
                          r"(?:ed|es|s)?\b", re.I)


_CAUSE_WORDS = ("root cause", "because", "caused", "due to", "raised", "silently", "crash",
                "failed", "fails", "was not", "did not", "never", "broke", "only", "instead of")
_DECISION_WORDS = ("switch", "migrat", "replac", "instead of", "in favo", "deprecat",
                   "rather than", "no longer", "drop", "move", "so that", "because")


def _decisions(head: Header, said: list[str], used: set[str]) -> list[tuple[str, str, float]]:
    """Decisions the subject or body states ("switch to", "replace X with Y",
    "deprecate" ...), with their reason when the message gives one."""
    found = []
    base = {"docs": 0.62, "test": 0.62, "fix": 0.7}.get(head.kind, 0.78)
    subject = to_past(capital(head.text))
    if cues.SUBJECT_DECISION.search(head.text) and not head.breaking:
        used.add(head.text)
        reason = _reason(said, used)
        if reason and cues.DECISION_STRONG.search(reason):  # it restates the decision
            used.add(reason)
            found.append(_decision(_line(head.scope, to_past(strip_lead(reason)),
                                         _DECISION_WORDS), base + 0.07))
        elif reason:
            used.add(reason)
            found.append(_decision(_joined(head.scope, subject, reason), base + 0.07))
        else:
            swap = head.kind in ("refactor", "perf") and cues.SUBJECT_SWAP.search(head.text)
            found.append(_decision(_line(head.scope, subject, _DECISION_WORDS),
                                   SWAP if swap else base))
    for i, sentence in enumerate(said):
        plain = strip_lead(sentence)
        has_reason = bool(cues.REASON.search(sentence))
        if found and _SELF_REFERENCE.match(sentence):
            continue  # "This commit migrates the config": the subject's decision again
        if sentence in used or _DESCRIBES_A_TEST.match(plain) or not (
                cues.DECISION_STRONG.search(sentence) or
                (has_reason and cues.DECISION_WEAK.search(sentence))):
            continue
        used.add(sentence)
        follow = said[i + 1] if i + 1 < len(said) else ""
        if _BACK_REFERENCE.match(plain):  # "This is deprecated as of pytest 9.1"
            found.append(_decision(_joined(head.scope, subject, plain), base))
        elif has_reason:
            found.append(_decision(_line(head.scope, to_past(plain), _DECISION_WORDS),
                                   base + 0.07))
        elif follow not in used and cues.REASON_LEAD.match(follow):
            used.add(follow)
            found.append(_decision(_joined(head.scope, to_past(plain), follow, 0.5),
                                   base + 0.07))
        else:
            found.append(_decision(_line(head.scope, to_past(plain), _DECISION_WORDS), base))
    if not found and head.kind in ("feat", "refactor", "perf", "build", "ci"):
        reason = next((s for s in said if s not in used and
                       (cues.REASON_LEAD.match(s) or cues.REASON.search(s))), "")
        if reason:
            used.add(reason)
            found.append(_decision(_rationale(head, reason), 0.78))
    return found


def _reason(said: list[str], used: set[str]) -> str:
    """The first sentence that gives a reason ("so that", "This prevents ...") or states
    the problem the change answers ("Memcached lost every session on restart")."""
    for sentence in said:
        if sentence in used:
            continue
        plain = strip_lead(sentence)
        if cues.REASON_LEAD.match(plain) or cues.REASON.search(plain) or (
                not is_imperative(plain) and cues.cause_score(plain) >= 2.0):
            return sentence
    return ""


_DEPRECATION = re.compile(r"\bdeprecat", re.I)


def _decision(text: str, confidence: float) -> tuple[str, str, float]:
    """A decision; a deprecation is a fact about the code (what not to use any more)."""
    section = "facts" if _DEPRECATION.search(text) else "architectural-decisions"
    return section, text, round(confidence, 2)


def _rationale(head: Header, reason: str) -> str:
    """The subject with the reason the body gives for it."""
    reason = strip_lead(reason)
    if is_imperative(reason) and len(reason) > 60:
        return _line(head.scope, to_past(reason), ("so", "to avoid", "because"))
    return _joined(head.scope, to_past(capital(head.text)), reason)


_STRONG_RULE = re.compile(r"(?i)^(?:always|never)\b|\bmust\b")
_SOFT_RULE = re.compile(r"(?i)^(?:do not|don't|avoid|prefer)\b")
_RULE_KINDS = ("docs", "test", "style", "chore")  # commits about how to work, not the code


def _states_a_rule(head: Header) -> bool:
    """A subject that is itself a rule for the tests, docs or tooling ("Don't parameterize
    tests with generators"); in a code change, "always use X" describes the change."""
    return head.kind in _RULE_KINDS and cues.is_convention(strip_lead(head.text))


def _conventions(head: Header, said: list[str], used: set[str]) -> list[tuple[str, str, float]]:
    """Rules the message states: "always"/"never"/"must" sentences, and subjects of docs,
    test or tooling commits that state one (with the reason the body gives).  "Do not X"
    alone mostly describes the change itself, so it stays a guess."""
    subject = strip_lead(head.text)
    if head.text not in used and _states_a_rule(head):
        used.add(head.text)
        reason = next((s for s in said if s not in used and (
            cues.REASON.search(s) or cues.REASON_LEAD.match(strip_lead(s)) or
            _BACK_REFERENCE.match(strip_lead(s)))), "")
        if reason:
            used.add(reason)
            return [("conventions", _joined(head.scope, subject, reason), 0.82)]
        strong = _STRONG_RULE.search(subject) and not _SOFT_RULE.match(subject)
        return [("conventions", _line(head.scope, subject, ()), 0.8 if strong else 0.7)]
    candidates = [strip_lead(s) for s in said if s not in used]
    found = []
    for sentence in candidates:
        if not cues.is_convention(sentence):
            continue
        confidence = 0.85 if _STRONG_RULE.search(sentence) else 0.78
        if _SOFT_RULE.match(sentence):
            confidence = 0.7
        found.append(("conventions", fit(sentence, ("must", "never", "always", "should")),
                      confidence))
    return found


def _line(area: str, text: str, focus: tuple[str, ...]) -> str:
    room = LIMIT - (len(area) + 2 if area else 0)
    return with_area(area, fit(text, focus, room))


def _breaking(header: Header, commit: Commit) -> str | None:
    texts = [m.group("text") for m in cues.BREAKING.finditer(commit.body)]
    texts += [v for k, v in commit.trailers if k.upper() in ("BREAKING CHANGE", "BREAKING-CHANGE")]
    if not texts and not header.breaking:
        return None
    subject = to_past(capital(header.text))
    if not texts:
        return _line(header.scope, f"Breaking change: {subject}", ())
    return _joined(header.scope, f"{subject} (breaking change)", tidy(texts[0]), 0.5)

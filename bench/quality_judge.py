"""Matching produced memory items to hand-written labels (bench/quality/README.md).

The rule is deterministic, so two people running the benchmark get the same
figures:

1. Both texts are normalised: case folded, backticks, quotes and brackets
   dropped, whitespace collapsed.
2. A label and an item are candidates when every one of the label's ``keys``
   occurs in the normalised item (as a substring); a label without keys is a
   candidate for items whose similarity to its text is at least
   ``NO_KEY_SCORE``.
3. Similarity is rapidfuzz's ``token_set_ratio`` of the normalised texts.
4. Candidate pairs are taken best first (similarity, then item order, then
   label order).  A ``useful`` label matches at most one item (a second item
   saying the same is a repeat, left for a ``noise`` label); ``noise`` and
   ``wrong`` labels match any number of items.
5. An item matched to a ``useful`` label in a section the label does not
   allow is ``misfiled`` (counted as wrong, not useful).

An item restates a commit subject when, with the conventional prefix, issue
numbers, change verbs ("fixed", "added", ...) and small words removed and
word endings trimmed, its words are all words of one subject of the window,
or the two texts are at least ``RESTATED_SCORE`` similar.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import fuzz

VERDICTS = ("useful", "noise", "wrong")
SECTIONS = ("facts", "architectural-decisions", "conventions", "bug-patterns")
NO_KEY_SCORE = 85.0
RESTATED_SCORE = 90.0

_DROP = re.compile(r"[`'\"\u2018\u2019\u201c\u201d()\[\]{}]")


@dataclass(frozen=True)
class Label:
    window: str
    verdict: str  # useful | noise | wrong
    sections: tuple[str, ...]  # where a useful item belongs (any of these)
    text: str
    keys: tuple[str, ...]
    where: str  # file#index, for messages

    @classmethod
    def from_toml(cls, raw: dict[str, object], where: str) -> Label:
        verdict = str(raw.get("verdict", ""))
        section = raw.get("section", ())
        sections = (section,) if isinstance(section, str) else tuple(
            str(s) for s in section)  # type: ignore[union-attr]
        keys = tuple(normal(str(k)) for k in raw.get("keys", ()))  # type: ignore[union-attr]
        if verdict not in VERDICTS or not all(s in SECTIONS for s in sections) or \
                (verdict == "useful" and not sections) or not raw.get("text"):
            raise SystemExit(f"{where}: a label needs window, verdict ({', '.join(VERDICTS)}), "
                             "text, and a known section for useful items")
        return cls(str(raw["window"]), verdict, sections, str(raw["text"]), keys, where)


@dataclass
class Judged:
    section: str
    text: str
    label: Label | None
    verdict: str  # useful | noise | wrong | misfiled | unjudged
    restated: bool

    @property
    def useful(self) -> bool:
        return self.verdict == "useful"


def normal(text: str) -> str:
    return " ".join(_DROP.sub(" ", text.casefold()).split())


def judge(items: list[tuple[str, str]], labels: list[Label], subjects: list[str]
          ) -> list[Judged]:
    """Each (section, text) item with the label it matches and its verdict."""
    texts = [normal(text) for _, text in items]
    pairs = []
    for i, item in enumerate(texts):
        for n, label in enumerate(labels):
            score = fuzz.token_set_ratio(normal(label.text), item)
            keyed = bool(label.keys) and all(k in item for k in label.keys)
            if keyed or (not label.keys and score >= NO_KEY_SCORE):
                pairs.append((-score, i, n))
    matched: dict[int, Label] = {}
    taken: set[int] = set()
    for _, i, n in sorted(pairs):
        label = labels[n]
        if i in matched or (label.verdict == "useful" and n in taken):
            continue
        matched[i] = label
        taken.add(n)
    out = []
    for i, (section, text) in enumerate(items):
        label = matched.get(i)
        verdict = "unjudged" if label is None else label.verdict
        if label is not None and verdict == "useful" and section not in label.sections:
            verdict = "misfiled"
        out.append(Judged(section, text, label, verdict, restated(text, subjects)))
    return out


_PREFIX = re.compile(r"^\s*(?:\[[^\]]*\]\s*)?(?:[\w./-]+(?:\([^)]*\))?!?:\s+)?")
_ISSUE = re.compile(r"\(?#\d+\)?|\bgh-\d+\b", re.I)
_WORD = re.compile(r"[a-z0-9_][a-z0-9_.-]*[a-z0-9_]|[a-z0-9]")
_SMALL_WORDS = """a an the of to in on for with and or by from at as is are be was were
it its this that into when if so not no now also only
fix fixes fixed fixing add adds added adding remove removes removed removing update updates
updated updating change changes changed support supports supported use uses used using
make makes made handle handles handled new"""
_SMALL = frozenset(_SMALL_WORDS.split())


def _words(text: str) -> set[str]:
    text = _ISSUE.sub(" ", _PREFIX.sub("", normal(text), count=1))
    return {_stem(w) for w in _WORD.findall(text) if w not in _SMALL}


def _stem(word: str) -> str:
    for end in ("ing", "ed", "es", "s", "e"):
        if len(word) > len(end) + 2 and word.endswith(end):
            return word[:-len(end)]
    return word


def restated(text: str, subjects: list[str]) -> bool:
    """Whether ``text`` says no more than one of ``subjects``."""
    words = _words(text)
    plain = normal(_PREFIX.sub("", text, count=1))
    for subject in subjects:
        theirs = _words(subject)
        if words and words <= theirs:
            return True
        if fuzz.ratio(plain, normal(_ISSUE.sub("", _PREFIX.sub("", subject, count=1)))) \
                >= RESTATED_SCORE:
            return True
    return False

"""Turning a sentence from a commit message into one self-contained memory line.

Strip what only makes sense inside the commit ("This commit", "We", issue
links), put imperative verbs in the past tense for decisions ("Replace X
with Y" -> "Replaced X with Y"), and fit the line into about 200 characters
by keeping the clause that carries the point.
"""

from __future__ import annotations

import re

LIMIT = 200
_IRREGULAR = {"make": "made", "keep": "kept", "run": "ran", "build": "built", "split": "split",
              "set": "set", "put": "put", "cut": "cut", "write": "wrote", "read": "read",
              "catch": "caught", "send": "sent", "bring": "brought", "choose": "chose",
              "give": "gave", "take": "took", "get": "got", "let": "let", "rebuild": "rebuilt",
              "rewrite": "rewrote", "hold": "held", "find": "found", "throw": "threw",
              "begin": "began", "shut": "shut", "spin": "spun", "reset": "reset"}
_DOUBLING = {"drop", "skip", "pin", "stop", "wrap", "cap", "plan", "ship", "strip", "swap",
             "trim", "map", "tag", "prefer", "refer", "submit", "commit", "permit", "omit",
             "emit", "transfer", "flag", "plug", "log"}
_VERB_LIST = """
add adopt allow apply avoid bump cache call centralize centralise change check clamp clean
close collapse combine compute consolidate convert copy create decouple default defer delegate
delete deprecate derive detect disable disallow drop enable enforce ensure escape expand expose
extract fall fetch filter fix force gate generate guard handle harden hide ignore implement
import include inline introduce isolate limit load lock lower mark merge migrate move normalize
normalise parse pass patch pin prefer prevent protect raise reduce register reject rely remove
rename reorder replace require resolve restore restrict retry return reuse revert route
separate serialize share simplify skip sort stop store stream strip support swap switch tag
throttle tighten treat trim unify update upgrade use validate vendor wrap widen narrow drop
document rework redesign rewrite bound refactor emit log map cap ship submit align clarify
improve adjust tweak reword wire hook teach accept compare print show warn cover test expose
rephrase relax loosen bail guard tidy speed sanitize sanitise escape quote unquote pass surface
increase decrease
"""
_VERBS = frozenset(_VERB_LIST.split()) | frozenset(_IRREGULAR)

_LINK = re.compile(r"\[([^\]]+)\]\((?:https?://|#)[^)]*\)")
_URL = re.compile(r"\s*\(?(?:see\s+)?<?https?://[^\s)>]+>?\)?")
_PAREN_REF = re.compile(r"\s*\((?:(?:see|closes|fixes|refs?|cf\.?|issue|pr)\s*:?\s*)?"
                        r"(?:[\w.-]+/[\w.-]+)?#\d+(?:[,\s]+#?\d+)*\)", re.I)
_TAIL_REF = re.compile(r"[\s,;]*\b(?:closes|fixes|resolves|refs?|see|addressing|addresses|"
                       r"part of|follow[- ]up (?:to|on|of))\s+(?:[\w.-]+/[\w.-]+)?#\d+.*$", re.I)
_DANGLING_SEE = re.compile(r"[\s,;(]*\b(?:see|cf\.?|refs?)\s*[:.)]*$", re.I)
_LEADS = re.compile(
    r"^(?:(?:this|the)\s+(?:commit|pr|pull request|change|changeset|patch|mr|merge request|fix)"
    r"\s+(?:also\s+)?|we(?:'ve| have)?\s+(?:also\s+|now\s+)*|i(?:'ve| have)?\s+(?:also\s+)*|"
    r"let's\s+|lets\s+|"
    r"(?:so|also|additionally|finally|basically|then|thus|hence|therefore|in short|tl;?dr|"
    r"nb|n\.b\.|note that|note|in addition|moreover|furthermore|now)\s*[,:]?\s+)", re.I)
_CLAUSE = re.compile(r"(?<=[;,:\u2014])\s+|\s+(?=\u2014|--\s|which\s|so that\s|because\s|"
                     r"since\s|but\s|while\s|when\s|and\s)")


def tidy(text: str) -> str:
    """Links, URLs and issue references out; spacing collapsed; no trailing full stop."""
    text = _LINK.sub(r"\1", text)
    text = _URL.sub("", text)
    text = _PAREN_REF.sub("", text)
    text = _TAIL_REF.sub("", text)
    text = _DANGLING_SEE.sub("", " ".join(text.split())).strip(" ,;")
    while text.endswith((".", ",", ";", ":")) and not text.endswith("..."):
        text = text[:-1].rstrip()
    return text


def strip_lead(text: str) -> str:
    """Drop "This commit", "We", "Also", "Note that" ... from the start, repeatedly."""
    for _ in range(4):
        match = _LEADS.match(text)
        if not match or match.end() >= len(text):
            break
        text = text[match.end():]
    return capital(text)


def capital(text: str) -> str:
    """Upper-case the first letter of an ordinary word (not ``snake_case`` or ``x.y``)."""
    word = text.split(" ", 1)[0]
    plain = word.replace("'", "")
    return text[:1].upper() + text[1:] if plain.isalpha() and plain.islower() else text


def uncapital(text: str) -> str:
    """Lower-case the first letter of an ordinary word (not ``API``, not ``Foo.bar``)."""
    word = text.split(" ", 1)[0]
    if word[:1].isupper() and word[1:].islower() and word.isalpha():
        return text[:1].lower() + text[1:]
    return text


def base_verb(word: str) -> str | None:
    """The base form when ``word`` is one of the known verbs (base or third person)."""
    low = word.lower()
    for candidate in (low, low[:-1] if low.endswith("s") else "",
                      low[:-2] if low.endswith("es") else "",
                      low[:-3] + "y" if low.endswith("ies") else ""):
        if candidate in _VERBS:
            return candidate
    return None


def past(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("e"):
        return verb + "d"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ied"
    if verb in _DOUBLING:
        return verb + verb[-1] + "ed"
    return verb + "ed"


_PAST_FORMS = frozenset(past(v) for v in _VERBS) - _VERBS - {"set", "read", "put", "cut", "let",
                                                           "split", "shut", "reset"}


def to_past(text: str) -> str:
    """"Replace X with Y" / "Replaces X ..." -> "Replaced X with Y"; others unchanged."""
    first, _, rest = text.partition(" ")
    verb = base_verb(first)
    if verb is None:
        return text
    done = past(verb)
    if first[:1].isupper():
        done = done.capitalize()
    return f"{done} {rest}".rstrip()


def is_imperative(text: str) -> bool:
    """Starts with a known verb in its base form, not followed by a past-tense verb
    ("Replace X with Y" is; "Bump command called X" is not)."""
    words = text.split()
    if not words or words[0].lower() not in _VERBS:
        return False
    return not any(w.lower() in _PAST_FORMS for w in words[1:4])


_DANGLING = re.compile(r"^(?:but|when|while|and|which|so|because|since|if)\b", re.I)
_SOFT_BREAKS = (" (", " that ", " which ", " where ", " for ", " when ", " if ", " so ",
                " to ", " in order ", " during ", " via ", " after ", " before ", " while ",
                " because ", " unless ", " until ", " by ")


def fit(text: str, cues: tuple[str, ...] = (), limit: int = LIMIT) -> str:
    """``text`` within ``limit`` characters: the clauses around the first cue, else the
    opening clauses, else cut at a word with an ellipsis."""
    if len(text) <= limit:
        return text
    clauses = [c for c in _CLAUSE.split(text) if c]
    low = [c.lower() for c in clauses]
    at = next((i for cue in cues for i, c in enumerate(low) if cue in c), 0)
    lo, hi = at, at + 1
    while True:
        grown = False
        if hi < len(clauses) and len(" ".join(clauses[lo:hi + 1])) <= limit:
            hi, grown = hi + 1, True
        if lo > 0 and len(" ".join(clauses[lo - 1:hi])) <= limit and at - lo < 1:
            lo, grown = lo - 1, True
        if not grown:
            break
    while hi - 1 > at and hi < len(clauses) and len(clauses[hi - 1]) < 30 and \
            _DANGLING.match(clauses[hi - 1]):
        hi -= 1  # do not end on "..., but when it is called" (cut off from what follows)
    picked = " ".join(clauses[lo:hi]).strip(" ,;:-\u2014")
    if len(picked) > limit:
        cut = picked.rfind(" ", 0, limit - 3)
        soft = max(picked.rfind(b, 0, limit) for b in _SOFT_BREAKS)
        if soft > limit * 0.6:
            picked = picked[:soft]
        else:
            picked = picked[:cut if cut > limit // 2 else limit - 3]
            if picked.count("`") % 2:  # do not leave a code span open
                picked = picked[:picked.rfind("`")]
            picked = picked.rstrip(" ,;:-(\u2014") + "..."
    return capital(picked) if lo > 0 else picked


def with_area(area: str, text: str) -> str:
    """``text`` prefixed with its area ("bump: ..."), unless it already names it."""
    if not area or area.lower() in text.lower():
        return text
    return f"{area}: {uncapital(text)}"


_FLAG = re.compile(r"^(-{1,2}[A-Za-z][\w-]*)(?=[\s,.;:]|$)")
_LEAD_SPAN = re.compile(r"^`([^`]+)`")


def safe_lead(text: str) -> str:
    """``text`` with a start that survives neutralising (which strips leading ``-``, ``#``,
    ``>``, ``*`` and backticks, markdown's line markers): a leading option becomes "The
    `--x` option", a leading code span loses its backticks."""
    span = _LEAD_SPAN.match(text)
    if span:
        text = span.group(1) + text[span.end():]
    flag = _FLAG.match(text)
    if flag:
        return f"The `{flag.group(1)}` option{text[flag.end():]}"
    return text

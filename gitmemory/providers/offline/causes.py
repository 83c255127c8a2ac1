"""Bug patterns: a fix whose message states why the code broke (docs/design.md, "Data flow").

The message must say the cause in so many words ("because", "root cause",
"the problem was", "caused by", "due to", "happens when" ...), in a whole
sentence that describes what was, not a guess ("might", "probably") and not
the fix itself (an imperative).  The line names the fix (the subject, when it
says what the change does) or the symptom (a "fix X" subject) with the body's
first fix sentence, then the cause; a cause sentence that leans on the one
before it ("This caused ...") brings that one along.  A removal or a revert
must give a failure as its reason: "X was added because it will allow Y" is
why X existed, not why it went.  A revert's line keeps its lead ('Reverted
"..."'): what holds now; when the whole is too long, the cause is cut to its
first sentence, never the lead.

In a fix, a dependency that changed under the code is the cause: "Since the
1.0.0 release of csharpier, the CLI has changed and the format command is
required" (a version, then what changed, is now required or went); "Since 3.2
the formatter is faster" tells no change the fix answers.

A fix whose subject forbids an action ("don't modify the caller's AST", "avoid
reloading ...", "never ...") says what the failure was: the code did that.  A
consequence clause in its body ("..., so single-word aliases permanently rewrote
the parsed arguments") that tells in the past tense what the code did to a thing
the subject names is then the failure, with or without a failure word; under a
subject that forbids nothing, or a clause that tells no past deed or is about
something else, it is not.
"""

from __future__ import annotations

import re

from gitmemory.lazy_regex import lazy_regex
from gitmemory.providers.offline.phrasing import (
    LIMIT,
    capital,
    is_imperative,
    leans_back,
    shorter,
    strip_lead,
    tells_past,
    tidy,
    to_past,
    uncapital,
    whole,
    with_area,
)
from gitmemory.providers.offline.worth import content_words, names_something
from gitmemory.reading import cues
from gitmemory.reading.header import Header

STATED = lazy_regex(
    r"\b(?:root cause|because|due to|caused by|(?:was|were|is|are) caused|the (?:problem|issue|"
    r"bug|reason|culprit|cause) (?:was|is|here is|being)(?! (?:fixed|resolved|gone|addressed|"
    r"now)\b)|happens when|happened when|"
    r"occurs when|occurred when|which caused|that caused|this caused|it caused|"
    # "The strict string match check causes the WITH_ARMV6 option to be enabled": what a
    # thing of the code does, told in the present tense
    r"(?<=\w\s)causes(?=\s+(?:the|a|an|it|them|\w+\s+to)\b)|"
    r"resulted in|results in|led to|leads to)\b", re.I)
# "X used to print the chain twice": what was wrong, when it names a failure.
_USED_TO = lazy_regex(r"\bused to\b|^previously\b", re.I)
# "X, so Y" and "As a result, Y" state a cause only when Y is a failure.
CONSEQUENCE = lazy_regex(r",\s*so\s+(?!that\b|far\b)|\bas a result\b|\bwhich meant\b|"
                         r"\bwhich means\b|\bconsequently\b", re.I)
FAILURE = lazy_regex(
    r"(?i:\b(?:fail\w*|crash\w*|panic\w*|errors?|exceptions?|broke|broken|break(?:s|ing)?|bugs?|"
    r"buggy|wrong(?:ly)?|incorrect(?:ly)?|invalid|hang(?:s|ing)?|deadlock\w*|leak\w*|races?|"
    r"lost|loses|missing|regress(?:ed|es|ions?)?(?! tests?| baselines?| suites?| fixtures?)|"
    r"flak\w*|slow\w*|stale|corrupt\w*|overflow\w*|timeouts?|"
    r"timed out|not work\w*|unexpected(?:ly)?|mismatch\w*|conflict\w*|infinite|nil|null|"
    r"undefined|segfault|SEGV|silently|ignored|dropped|duplicat\w*|twice|rais(?:e|es|ed|ing)|"
    r"throw\w*|threw|"
    # "the rejection of grpc- prefixed matchers misses the name Grpc-Status"
    r"misse[sd]|"
    # "misparse the stream", "mislabeling all offsets": a thing done wrong, in one word
    r"mis(?:pars|label|classif|compil|interpret|detect|report|count|handl|align|order|rout|"
    r"read|identif|calculat|comput|plac|render|encod|decod)\w*)\b)|\b[A-Z]\w*(?:Error|Exception)\b")
# "may" and "could be" are a guess when they speak of a cause, a fix or an effect ("this
# may be why", "may help", "could be related"), not when they tell what code can do
# ("fwrite() may perform a partial write", "the serializer could be completed twice").
_MAY = (r"may (?:be|have|not|also|well|help|fix|solve|resolve|want|need|wish|consider|affect|"
        r"explain|cause|work|improve|become|make|lead|result|break|fail|or)\w*|may$|"
        r"could be(?! (?!(?:related|caused|affected|fixed|resolved|solved|improved|avoided|"
        r"needed|involved)\b)(?:\w+(?:ed|en)|left|set|put|kept|lost|held|sent|built|run|"
        r"read|found|made|hit|cut|shut|spent|stuck)\b)")
HEDGE = lazy_regex(r"\b(?:" + _MAY + r"|might|maybe|perhaps|probably|possibly|plausibly|presumably|"
                    r"potentially|likely|seems?|appears? to|hopefully|not sure|i think|"
                    r"sort of|kind of|feels? like|"  # a guess, or a plan
                    r"(?:plan|planning|plans|intend|intends|hope|hoped|going|looking) to|"
                    r"hoped|"
                    r"wish(?:ed)?|"
                    # "Previously we said that keeping X will make Y harder": a claim someone
                    # made, which the change may well set aside, not what is so
                    r"(?:we|they|you|he|she|people|someone|others|the (?:docs?|comment|"
                    r"documentation))\s+(?:had\s+|have\s+|has\s+)?(?:said|claimed|argued|"
                    r"stated|wrote|written|mentioned|suggested))\b", re.I)
# "Extend the regex to cover (1)": a case of a list the line does not hold (not a man
# page's section, "poll(2)", nor a call)
ENUMERATED = lazy_regex(r"(?<![\w)\]])\((?:\d{1,2}|[a-h]|i{1,3}|iv)\)")
WORKAROUND = lazy_regex(r"\b(?:workaround|work(?:s|ed|ing)? around)\b", re.I)
# "because of this": a cause told before, which a subject (the fix) cannot stand in for
BECAUSE_OF_THIS = lazy_regex(r"\b(?:because of|due to|thanks to) (?:this|that|these|those|it)\b",
                             re.I)
# "For large builds, this resulted in ...": the cause is in the sentence before.
_POINTS_BACK = lazy_regex(BECAUSE_OF_THIS.pattern + r"|"
                          r"(?:^|,\s+)(?:this|that|it|these|those)\s+(?:\w+\s+)?"
                          r"(?:resulted|results|caused|causes|led|leads|meant|means|made|"
                          r"makes|broke|breaks|triggered|triggers|happened|happens)\b|"
                          # "... causes X to be enabled in such a case": the case, told before
                          r"\bin (?:such an?|that|this|either|both|these|those|which) "
                          r"cases?\b", re.I)
_ASIDE = lazy_regex(r"\([^()]*\)")
# "Since the 1.0.0 release of csharpier, the CLI has changed and the format command is
# required": in a fix, a dependency that changed under the code is why it broke
_SINCE = (r"^(?:since|as of|starting (?:with|from|in))\s+(?:the\s+)?(?:[\w.`-]+\s+)?"
          r"v?\d+(?:\.\d+)+(?:\s+(?:release|version))?(?:\s+of\s+[\w.`-]+)?,\s+.*")
_SINCE_RELEASE = lazy_regex(_SINCE + r"\b(?:(?:has|have)\s+changed|requires?|is required|"
                            r"are required|no longer|(?:was|were|is|are|has been|have been) "
                            r"(?:removed|renamed|dropped|deprecated))\b", re.I)
# "don't modify the caller's AST": a fix that names what the code must no longer do
_FORBIDS = lazy_regex(r"^(?:don't|do not|never|stop|avoid|prevent)\b", re.I)
_FIX_SAID = lazy_regex(r"\b(?:to|instead of|by|so that|with)\s", re.I)
_BROKE = lazy_regex(r"^(?:\w+,\s+)?(?:this|that|it)\s+(?:\w+\s+)?(?:broke|breaks|failed|fails|"
                    r"crashed|crashes|happened|happens|occurred|occurs|was caused|is caused|"
                    r"caused|hung|hangs|panicked|panics|leaked|leaks)\b", re.I)
CHANGE_LEAD = lazy_regex(
    r"^(?:fix|add|remov|updat|chang|mov|renam|refactor|clean|introduc|implement|improv|"
    r"support|allow|enabl|disabl|replac|switch|bump|make|use|ensur|align|guarantee|prevent|"
    r"avoid|augment|extend|wrap|pass|teach|restor|restrict)(?:e|es|ed|s)?\b(?!\s+to\b)",
    re.I)
# A sentence that describes what the code does or did (a verb in the past, "is", "was",
# "never" ...), not an order ("Parametrize the invalid combination tests").
_DESCRIBES = lazy_regex(r"\b(?:is|are|was|were|has|had|have|does|did|never|not|cannot|"
                        r"can't|doesn't|didn't|isn't|wasn't|weren't|won't|\w{3,}ed)\b", re.I)
_ONLY = lazy_regex(r"\bonly (?:matched|caught|handled|checked|accepted|supported|worked|read|"
                   r"looked|considered|counted|covered|applied)\b", re.I)
_SELF = lazy_regex(r"^(?:this|the)\s+(?:commit|cl|pr|pull request|change|patch|fix)\b", re.I)
_PRONOUN = lazy_regex(r"\b(?:this|that|it|these|those)\b", re.I)
_NOT_CODE_SCOPES = ("test", "tests", "testing", "ci", "docs", "doc", "deps", "lint", "typing")
# A lint rule switched on, a typo, a formatter run: the tools' findings, not a bug.
_TOOLING = lazy_regex(r"\b(?:ruff|flake8|pylint|eslint|mypy|pyright|lint\w*|typos?|spelling|"
                      r"formatting|formatter|prettier|black|isort|comments?|docs?|"
                      r"documentation|docstrings?|wording)\b", re.I)
_FIX_KINDS = ("fix", "revert")
_MAYBE_FIX_KINDS = ("other", "perf")  # "preserve offsets in CRLF files": a fix in all but name
_SYMPTOM_VERBS = lazy_regex(
    r"^(?:fix(?:es|ed|ing)?|resolve[sd]?|correct(?:s|ed)?|repair(?:s|ed)?|address(?:es)?)\s+"
    r"(?:(?:a|an|the)\s+)?(?:(?:bug|issue|problem|regression)\s+(?:where|when|with|in|that)\s+)?",
    re.I)
_FIX_LEAD = lazy_regex(r"^(?:avoid|prevent|preserve|don't|do not|never|stop|ensure|guard|"
                       r"respect|restore|keep|make sure|correct|repair|handle|reject)\b", re.I)
_REMOVAL = lazy_regex(r"^(?:remov|drop|delet|revert|disabl|stop)\w*\b", re.I)
_TEST_NOTE = lazy_regex(r"^(?:add(?:s|ed)?|update[sd]?|extend(?:s|ed)?|adjust(?:s|ed)?)\s+"
                        r"(?:\w+\s+){0,3}?(?:tests?|test cases?|regression tests?|coverage)\b",
                        re.I)
_TEST_TAIL = lazy_regex(r",?\s+and\s+(?:add|update|extend)\s+(?:a\s+|an\s+)?(?:\w+\s+){0,2}?"
                        r"tests?(?:\s+\w+){0,6}$", re.I)

# "Two defects, one root cause": a cause announced, the next sentences say it
_NAMES_NO_CAUSE = lazy_regex(r"\b(?:root )?cause\W*$", re.I)
_NEGATIONS = frozenset({"don", "t", "not", "no", "never", "doesn", "didn", "isn", "won"})

Found = tuple[str, str, float]


def bug_pattern(head: Header, said: list[str], used: set[str]) -> Found | None:
    """The bug pattern one (sub-)commit states, or None; the sentences it takes go in
    ``used``."""
    if head.kind in ("docs", "test", "style", "release", "merge") or \
            head.scope.lower() in _NOT_CODE_SCOPES or _TOOLING.search(head.text):
        return None
    found = _cause(head, said, head.kind in _FIX_KINDS + _MAYBE_FIX_KINDS)
    if found is None:
        return None
    at, cause = found
    subject = tidy(head.text)
    if head.kind in _MAYBE_FIX_KINDS and not _FIX_LEAD.match(subject) and \
            not (at == [0] and _failed_before(cause)):
        return None  # "Tune heuristics", "panic on bad statuses": no fix in all but name
    if at != [0] and not (FAILURE.search(cause) or cues.CAUSE_MEDIUM.search(cause) or
                          content_words(cause) & content_words(subject)):
        return None  # further down, a "because" about something else than the fix
    if _REMOVAL.match(subject) and not FAILURE.search(cause):
        return None
    used.update(said[i] for i in at)
    if head.kind == "revert":
        first = f'Reverted "{subject}"'
    else:
        symptom = _SYMPTOM_VERBS.sub("", subject, count=1)
        # "Fix _remove to catch X instead of Y" says the fix, not a symptom: keep "Fixed"
        fixed = symptom != subject and (not symptom or _FIX_SAID.search(symptom))
        first = to_past(capital(subject)) if fixed else capital(symptom)
    line = with_area(head.scope, f"{first} \u2014 {_after_dash(cause)}")
    fix = None if says_fix(subject) else fix_after(said, used, at[-1])
    if fix is not None:
        joined = with_fix(line, said[fix])
        if len(joined) <= LIMIT:
            used.add(said[fix])
            line = joined
    if len(line) > LIMIT:  # the same sentences without their asides, if that is enough
        short = shorter(cause, LIMIT - (len(line) - len(cause)))
        line = line.replace(cause, short) if short else line
    if len(line) > LIMIT and head.kind == "revert" and len(at) > 1:
        line = with_area(head.scope, f"{first} \u2014 {_after_dash(said[at[0]])}")
    if len(line) > LIMIT and head.kind != "revert" and not leans_back(cause) and \
            FAILURE.search(cause):
        line = f"{head.scope}: {cause}" if head.scope else cause  # it says the symptom too
    return ("bug-patterns", line, 0.85) if len(line) <= LIMIT else None


def _cause(head: Header, said: list[str], fix: bool) -> tuple[list[int], str] | None:
    """(the sentences, the text) of the first stated cause, with the sentence before it
    when it leans on that one; outside a fix, only a workaround ("Work around the broken
    editable install in setuptools 70")."""
    for i, sentence in enumerate(said):
        plain = strip_lead(sentence)
        if HEDGE.search(plain) or "?" in plain or CHANGE_LEAD.match(plain) or \
                _repeats(plain, head):
            continue
        if WORKAROUND.search(plain) and whole(plain) and (FAILURE.search(plain) or fix):
            return [i], plain
        first = all(is_imperative(strip_lead(s)) for s in said[:i])  # the fix came first
        bare = _ASIDE.sub("", plain)  # "(e.g. due to a conflict)" is no cause
        follows = first or (i > 0 and leans_back(bare))  # "As a result, ...": after its cause
        stated = STATED.search(bare) or _SINCE_RELEASE.search(bare) or (FAILURE.search(bare) and (
            _USED_TO.search(bare) or (CONSEQUENCE.search(bare) and follows))) or \
            (follows and _did_what_is_forbidden(head, bare))
        if not fix or not stated or _NAMES_NO_CAUSE.search(bare):
            continue
        if is_imperative(plain) and not (re.search(r"\bbecause\b", plain, re.I) and
                                         not _PRONOUN.search(plain)):
            continue  # the fix, with no cause in it (or one about "this")
        if whole(plain) and not _POINTS_BACK.search(plain):
            return [i], plain
        if not (leans_back(plain) or _POINTS_BACK.search(plain)):
            continue
        if i == 0:  # "It broke the page because ...": the subject is what "it" means
            if _BROKE.search(plain):
                return [i], plain
            continue
        before = strip_lead(said[i - 1])
        if whole(before) and not is_imperative(before) and not _POINTS_BACK.search(before):
            return [i - 1, i], f"{before}. {plain}"
    return _plain_cause(head, said) if fix else None


def _did_what_is_forbidden(head: Header, sentence: str) -> bool:
    """Whether ``sentence``'s consequence clause tells, in the past tense, what the code
    did to a thing the subject forbids doing something to ("don't modify the caller's
    AST when expanding aliases" / "..., so single-word aliases permanently rewrote the
    parsed call arguments")."""
    told = CONSEQUENCE.search(sentence)
    if not told or not _FORBIDS.match(tidy(head.text)):
        return False
    clause = sentence[told.end():]
    named = content_words(head.text) - _NEGATIONS
    return tells_past(clause) and bool(content_words(clause) & named)


def _repeats(sentence: str, head: Header) -> bool:
    """Whether ``sentence`` says only what the subject says ("don't panic on Hijack" under
    "panic on Hijack"): a squash merge's first listed commit, no cause."""
    words = content_words(sentence) - _NEGATIONS
    return bool(words) and words <= content_words(f"{head.scope} {head.text}")


def _plain_cause(head: Header, said: list[str]) -> tuple[list[int], str] | None:
    """A fix's body that says what the code did wrong without a "because": the first
    sentence of the explanation that comes before the fix, names the code and says how it
    went wrong ("ZipFile opened in _prefetch_metadata was never closed"), with the next
    one when that one leans back on it to say what it caused.  The line opens with the
    subject and its area, so a sentence that names no code of its own ("The display string
    check always failed, silently disabling native interop") is about what they name."""
    anchored = bool(head.scope) or names_something(head.text)  # a scope is a code area
    for i, sentence in enumerate(said):
        plain = strip_lead(sentence)
        if is_imperative(plain) or CHANGE_LEAD.match(plain) or _SELF.match(sentence):
            return None  # the explanation, if any, is over: this is the fix
        bare = _ASIDE.sub("", plain)
        if not whole(plain) or HEDGE.search(plain) or _POINTS_BACK.search(plain) or \
                _repeats(plain, head) or \
                re.search(r"\bnow\b", plain, re.I) or \
                not (FAILURE.search(bare) or cues.CAUSE_MEDIUM.search(bare) or
                     _ONLY.search(bare) or (i == 0 and _did_the_subjects(sentence, head))) or \
                not _DESCRIBES.search(bare) or not (names_something(plain) or anchored):
            continue
        after = strip_lead(said[i + 1]) if i + 1 < len(said) else ""
        if after and (leans_back(after) or _POINTS_BACK.search(after)) and \
                (STATED.search(after) or FAILURE.search(after)) and not HEDGE.search(after):
            return [i, i + 1], f"{plain}. {after}"
        return [i], plain
    return None


# a verb in the past: what the code did
_DID = lazy_regex(r"\b(?:was|were|had|did|wasn't|weren't|didn't|never|\w{3,}ed)\b", re.I)
# how the code is, not what it did: the state the fix ends, which holds no more after it
_NOW_SO = lazy_regex(r"\b(?:currently|at present|today|right now|at the moment|is|are|isn't|"
                     r"aren't)\b", re.I)
_SHARED = 2  # words a body's first sentence shares with the subject to be about the same


def _failed_before(sentence: str) -> bool:
    """Whether a body's first sentence tells a failure in the past tense ("Compilations
    that pass a `@file` response file were silently treated as uncacheable whenever ..."):
    the change it opens is a fix in all but name, whatever its subject's verb."""
    return bool(FAILURE.search(sentence) and _DID.search(sentence)) and \
        not _NOW_SO.search(sentence)


def _did_the_subjects(sentence: str, head: Header) -> bool:
    """Whether a fix's body opens by telling, in the past tense, what the code did with
    the things its subject names ("Memo table cache clearing removed entries before
    invalidating their nodes" under "invalidate nodes before clearing caches"): the
    wrong order or the wrong deed the subject's fix ends, with no failure word."""
    shared = content_words(sentence) & content_words(f"{head.scope} {head.text}")
    return len(shared) >= _SHARED and bool(_DID.search(sentence)) and \
        not _NOW_SO.search(sentence)  # "Currently, programs are linked with X disabled"


def says_fix(subject: str) -> bool:
    """Whether a subject says what the change does ("Truncate after converting to UTC"),
    not only what it fixed ("Fix diffInDays rounding near DST")."""
    return is_imperative(subject) and not _SYMPTOM_VERBS.match(subject)


def with_fix(line: str, fix: str) -> str:
    """``line`` (a cause) with the sentence that says how the change fixed it."""
    return f"{line.rstrip('.')}. Fix: {uncapital(_TEST_TAIL.sub('', strip_lead(fix)))}"


def fix_after(said: list[str], used: set[str], after: int) -> int | None:
    """The body's first sentence after the cause that says what the change does."""
    for n in range(after + 1, len(said)):
        plain = strip_lead(said[n])
        if said[n] in used or _TEST_NOTE.match(plain) or _SYMPTOM_VERBS.match(plain) or \
                ENUMERATED.search(plain):
            continue  # a test, another fix ("Fix the scheme check too"), or "cover (1)"
        if is_imperative(plain) and whole(plain):
            return n
    return None


def _after_dash(sentence: str) -> str:
    return uncapital(sentence) if leans_back(sentence) else sentence

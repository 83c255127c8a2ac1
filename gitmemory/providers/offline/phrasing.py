"""Turning sentences from a commit message into one self-contained memory line.

Clean what a message carries besides its words (HTML entities, emoji, issue
and pull-request numbers, links), strip what only makes sense inside the
commit ("This commit", "We"; a "We" that says how things are, "We only fire hooks
for ...", or what comes of it, "We hard-code seven characters ..., so none of that
works", stays: without it the sentence reads as an order), put imperative verbs in
the past tense for decisions ("Replace X with Y" -> "Replaced X with Y"), and tell a whole
sentence from a fragment.  Nothing here cuts a sentence: a line that does not
fit within :data:`LIMIT` is left out by the rules, never shortened.
"""

from __future__ import annotations

import html
import re
import unicodedata
from functools import lru_cache

from gitmemory.lazy_regex import lazy_regex

LIMIT = 300  # characters: neutralising caps an item here
_IRREGULAR = {"make": "made", "keep": "kept", "run": "ran", "build": "built", "split": "split",
              "set": "set", "put": "put", "cut": "cut", "write": "wrote", "read": "read",
              "catch": "caught", "send": "sent", "bring": "brought", "choose": "chose",
              "give": "gave", "take": "took", "get": "got", "let": "let", "rebuild": "rebuilt",
              "rewrite": "rewrote", "hold": "held", "find": "found", "throw": "threw",
              "begin": "began", "shut": "shut", "spin": "spun", "reset": "reset",
              "hide": "hid", "bind": "bound", "feed": "fed", "lead": "led", "sell": "sold",
              "shed": "shed", "unbind": "unbound", "fall": "fell", "teach": "taught",
              "rerun": "reran", "unset": "unset"}
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
increase decrease advance offer suppress range batch monitor count recompute invalidate flush
unlock await wait cancel settle report serialize deserialize encode decode dedupe deduplicate
clone memoize preserve retain respect unwrap consider catch send bind listen accept retry
propagate forward lookup look read write release acquire spawn schedule debounce translate
extend prune mirror parametrize parameterize populate declare reuse assign initialize
initialise instantiate install uninstall configure expect mock stub insert append prepend
finalize finalise
truncate reload refresh recreate regenerate resize reformat rerun restart resume unset
unregister unblock shorten postpone coerce flatten concatenate reindex reconnect reopen
redirect reroute reinstall revoke rotate downgrade verify compile evaluate
"""
_VERBS = frozenset(_VERB_LIST.split()) | frozenset(_IRREGULAR)

_LINK = lazy_regex(r"\[([^\]]+)\]\((?:https?://|#)[^)]*\)")
_URL_ASIDE = lazy_regex(r"\s*(?:\((?:see:?\s+)?<?https?://[^\s)>]+>?\)|<https?://[^\s>]+>)")
_URL_END = lazy_regex(r"[\s,;(]*(?:\b(?:see|at|in|on|from|per|cf\.?)\s*:?\s+)?<?https?://[^\s)>`]+>?"
                      r"\)?[.)\s]*$", re.I)
# "Reverted simplified connection handing ... due to https://github.com/o/r/issues/999":
# the link is what the cause is, said as the issue it names (webmock 3.18.1's entry lost
# its reason to the trailing link's removal)
_CAUSE_WORDS = r"due to|because of|caused by|(?:as )?reported in"
_CAUSE_ISSUE = lazy_regex(rf"\b({_CAUSE_WORDS})\s+"
                          r"<?https?://(?:github\.com|gitlab\.com)/[\w.-]+/[\w.-]+/(?:-/)?"
                          r"(issues|pull|merge_requests)/(\d+)[^\s)>]*>?", re.I)
_CAUSE_BEFORE = lazy_regex(rf"\b(?:{_CAUSE_WORDS})\s*$", re.I)


def _issue_named(found: re.Match[str]) -> str:
    kind = "issue" if found.group(2).lower() == "issues" else "pull request"
    return f"{found.group(1)} {kind} {found.group(3)}"  # a bare #N is a reference, and goes


_PAREN_REF = lazy_regex(r"\s*\((?:(?:see|fix(?:es|ed)?|close[sd]?|resolve[sd]?|refs?|cf\.?|"
                        r"issue|pr|gh)\s*:?\s*)?(?:[\w.-]+/[\w.-]+)?(?:#|gh-)\d+(?:[,\s]+(?:and\s+)?"
                        r"(?:[\w.-]+/[\w.-]+)?#?\d+)*\)", re.I)
_TAIL_REF = lazy_regex(r"[\s,;]*\b(?:closes|fixes|resolves|refs?|see|addressing|addresses|"
                       r"part of|follow[- ]up (?:to|on|of))\s+(?:[\w.-]+/[\w.-]+)?#\d+.*$", re.I)
# "... behaviour for #541 #618": the references, and a word that only led to them
_END_REF = lazy_regex(r"(?:\s+(?:(?:for|in|of|on|to|with|from|by|per|via|and)\s+)?"
                      r"(?:[\w.-]+/[\w.-]+)?#\d+)+\s*$", re.I)
# "see", "refs" or "fixes" left at the end once the issue number after it went
_DANGLING_SEE = lazy_regex(r"(?:[\s,;(]*\b(?:see|cf\.?|refs?)|\s*[,;(]\s*(?:fix(?:es)?|"
                           r"closes?|resolves?))\s*[:.)]*$", re.I)
# After "We": words that state how things are ("We already capture the caller", "We do
# not have any formatters", "We only fire hooks for ..."): without "We" they would read as
# orders, so "We" stays.
_STATES = (r"(?:already|only|do|don't|does|never|still|always|can|cannot|can't|could|should|"
           r"must|will|won't|would|need|want|are|were|might|may|just|usually|typically)")
_LEADS = lazy_regex(
    r"^(?:(?:this|the)\s+(?:(?:first|second|third|last|next|final|other)\s+)?"
    r"(?:commit|pr|pull request|change|changeset|patch|mr|merge request|fix)"
    rf"\s+(?:also\s+)?|we(?:'ve| have(?!\s+to\b))?\s+(?:also\s+|now\s+)*(?!{_STATES}\b)|"
    r"i(?:'ve| have)?\s+(?:also\s+)*|"
    r"let's\s+|lets\s+|"
    r"(?:so|also|additionally|finally|basically|then|thus|hence|therefore|in short|tl;?dr|"
    r"nb|n\.b\.|note that|note|in addition(?! to\b)|moreover|furthermore|now|"
    r"to (?:explain|clarify|summari[sz]e)(?: a bit| briefly| further)?|for context)\s*[,:]?\s+)",
    re.I)


def clean(text: str) -> str:
    """What a message carries besides its words, out: HTML entities decoded (``&gt;``),
    emoji dropped (an arrow between two names stays an arrow), spacing collapsed."""
    text = html.unescape(text) if "&" in text else text
    text = _EMPHASIS.sub(r"\1", text) if ("*" in text or "_" in text) else text
    if text.isascii():
        return " ".join(text.split())
    kept = []
    for char in text:
        if char in _ARROWS:
            kept.append("\u2192")
        elif unicodedata.category(char) != "So" and char not in _EMOJI_PARTS:
            kept.append(char)
    return " ".join("".join(kept).split())


_EMPHASIS = lazy_regex(r"(?<![\w`*])(?:\*\*|\*|_)([A-Za-z][A-Za-z' -]*[A-Za-z])"
                       r"(?:\*\*|\*|_)(?![\w`*])")
_ARROWS = frozenset("\u27a1\u2b05\u2b06\u2b07\u2b95")
_EMOJI_PARTS = frozenset("\ufe0e\ufe0f\u200d\u20e3\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe"
                         "\U0001f3ff")


@lru_cache(maxsize=8192)
@lru_cache(maxsize=8192)  # a changelog entry is tidied by each rule that reads it, six times
def tidy(text: str) -> str:
    """:func:`clean`, and links, asides that are only a URL, trailing URLs and issue
    references out; no trailing full stop.  A URL inside the sentence or a code span stays:
    taking it out would leave "send it to rather than ..."."""
    text = _LINK.sub(r"\1", clean(text))
    text = "".join(part if part.startswith("`") else _URL_ASIDE.sub("", part)
                   for part in re.split(r"(`[^`]*`)", text))
    text = _CAUSE_ISSUE.sub(_issue_named, text)
    end = _URL_END.search(text)
    if end and not _CAUSE_BEFORE.search(text, 0, end.start()):
        text = text[:end.start()]  # a trailing link, unless it is what the cause is
    text = _PAREN_REF.sub("", text)
    text = _TAIL_REF.sub("", text)
    text = _END_REF.sub("", text)
    text = _DANGLING_SEE.sub("", " ".join(text.split())).strip(" ,;")
    while text.endswith((".", ",", ";", ":")) and not text.endswith("..."):
        text = text[:-1].rstrip()
    return text


def strip_lead(text: str) -> str:
    """Drop "This commit", "We", "Also", "Note that" ... from the start, repeatedly."""
    for _ in range(4):
        match = _LEADS.match(text)
        if not match or match.end() >= len(text) or _AUXILIARY.match(text, match.end()) or \
                (_NOUN_LEAD.match(text) and _QUALIFIED.match(text, match.end())):
            break  # "We were searching", "This change was made", "The change in #418
            # introduced": the lead is the subject
        if _NARRATOR.match(text) and _NARRATED.match(text, match.end()):
            break  # "We computed the binding from X": what the code did, told by its authors
        if _NARRATOR.match(text) and _FOLLOWS.search(text, match.end()):
            break  # "We hard-code seven characters ..., so none of that works": how things
            # are and what comes of it, which without "We" would read as an order
        text = text[match.end():]
    return capital(text)


_NARRATOR = lazy_regex(r"(?:we|i)\s", re.I)
_FOLLOWS = lazy_regex(r",?\s+(?:so|which means|and so|hence|thus)\s+(?!that\b|as\b)", re.I)
_NARRATED = lazy_regex(r"[a-z]{3,}ed\b(?!\s+(?:to|that)\b)", re.I)  # not "We decided to ..."
_AUXILIARY = lazy_regex(r"(?:is|are|was|were|has|have|had|will|would|should|can|could|does|"
                        r"did|been|being)\b", re.I)


_NOUN_LEAD = lazy_regex(r"^(?:this|the)\s", re.I)
# "The change in #418", "the fix from 2.3", "the patch for X": which change is meant (a
# verb after the lead, "The change introduced a regression", leaves the lead a lead)
_QUALIFIED = lazy_regex(r"(?:in|from|for|of|on|at|by|to|that|which)\b", re.I)


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


def is_past_change(text: str) -> bool:
    """Starts with a known verb in the past tense ("Switched X to Y", "Replaced ...")."""
    first = text.split(" ", 1)[0].lower()
    return first in _PAST_FORMS


def tells_past(text: str) -> bool:
    """Whether ``text`` holds a known verb in the past tense ("... permanently rewrote the
    arguments")."""
    return any(w in _PAST_FORMS for w in re.findall(r"[a-z]+", text.lower()))


def is_imperative(text: str) -> bool:
    """Starts with a known verb in its base form, not followed by a past-tense verb
    ("Replace X with Y" is; "Bump command called X" is not)."""
    words = text.split()
    if not words or words[0].lower() not in _VERBS:
        return False
    return not any(w.lower() in _PAST_FORMS for w in words[1:4])


_OPENS_MID = lazy_regex(
    r"^(?:however|but|and|or|nor|yet|instead|otherwise|which|whose|whereas|although|though|"
    r"while|unless|until|plus|except|meaning|i\.e\.|e\.g\.|as well|as such|in that case|"
    r"in this case|in both cases|in either case|for example|for instance|besides|regardless|"
    r"especially|in particular|namely|specifically|likewise|similarly|conversely|including|"
    r"excluding|followed by)\b",
    re.I)
_LEANS_BACK = lazy_regex(r"^(?:this|that|these|those|it|its|they|them|their|such|both|either|"
                         r"neither|the latter|the former|the same|here|above|below|"
                         # "Of course, this only helps ...", "Two of them assert ...": what
                         # the sentence before named (lazygit's window, nothing alone)
                         r"(?:of course|concretely|in practice|in fact|indeed|admittedly|"
                         r"unfortunately|apparently|obviously|clearly|still),?\s+(?:this|that|"
                         r"these|those|it|they)|(?:one|two|three|four|five|some|many|most|"
                         r"all|none|each|several|half|neither|either) of (?:them|these|those)|"
                         # "Other types (OBJECT, STATIC) must be left untouched": other
                         # than what the sentence before named (mockk's window, wrong alone)
                         r"others?|another|the others?|the rest|the remaining|"
                         r"as a result|consequently|in turn|(?:by|in) doing so|"
                         # "In particular, the elements before and after it ...": of what
                         # the sentence before said (dart_style's window, judged wrong)
                         r"in particular|in (?:this|that|such a|either|both) cases?|"
                         # "Reuse the helper: it drops ...": the helper the sentence before
                         # named (undici's window, judged wrong alone)
                         r"(?:re)?use the (?:helper|function|method|wrapper|utility)\b|"
                         # "Default is ``no`` which means ...": the default of what the
                         # sentence before named (beets' `fetch_for_asis`, judged wrong alone)
                         r"(?:the |its )?default(?: value| setting)? (?:is|was|remains|"
                         r"stays|becomes)\b|"
                         r"as a (?:side effect|consequence)|more importantly|"
                         # "The feature was introduced in 1.0 ...": a general noun, made
                         # definite and given its verb at once, is what a heading or the
                         # sentence before named (TypeBox's "Corrective Parse" section)
                         # ("The problem was that ...", "The bug was caused by ..." say
                         # the cause themselves)
                         r"the (?:feature|change|approach|behaviou?r|workaround|option|"
                         r"setting|flag|function|method|class|module|helper|api|new one|"
                         r"old one) (?:was|is|has|had|will|would|can|could|does|did|caused|"
                         r"broke|made|meant|introduced|added|removed)\b(?! that\b)|"
                         # "Deprecated in 0.7.0, use ...": what was, is the sentence before
                         r"(?:deprecated|removed|renamed|replaced|superseded|defunct|moved|"
                         r"added|introduced)\s+(?:in|since|as of|by|with)\b(?!\s+favou?r))",
                         re.I)
# ... and the words that count a sentence in a list ("Second, it causes a panic ...")
_ADVERB_LEAD = lazy_regex(r"^(?:currently|previously|now|unfortunately|again|here|then|"
                          r"later|today|originally|initially|still|otherwise|first(?:ly)?|"
                          r"second(?:ly)?|third(?:ly)?|lastly|finally|additionally|moreover|"
                          r"furthermore|however|also|besides),\s+", re.I)
# An act or a thing the sentence does not name: "The most useful reason to do this is ...",
# "Not for `between()`, because ..."
UNNAMED = r"\b(?:do|doing|does|did) (?:this|that)\b|^not (?:for|in|on|with|when|if|at|from|to)\b"
_NEEDS_CONTEXT = lazy_regex(r"\bsuch (?!as\b)\w+|\bthe above\b|\bas above\b|\bmentioned\b|"
                            r"^(?:the |an? )?[\w`.()-]+(?: [\w`.()-]+){0,3} then\b|"
                            r"\b(?:these|those) (?!are\b|were\b|have\b|had\b)\w+|"
                            r"\bas (?:noted|mentioned|discussed|suggested|described|explained)\b|"
                            + UNNAMED, re.I)
_MODAL_LEAD = lazy_regex(r"^(?:must|should|shall|can|could|will|would|may|might|needs?|has to|"
                         r"have to)\b", re.I)
_ENDS_OPEN = lazy_regex(r"(?:[:,;(\u2014-]|\b(?:and|or|but|the|a|an|to|of|with|for|by|in|on|"
                        r"from|as|that|which|when|if|so|because|e\.g|i\.e|like|such as|"
                        r"follows|following))$", re.I)  # "... errors like": its example went
_FIRST_PERSON = lazy_regex(r"\b(?:I|I'm|I've|I'd|I'll|my|me)\b")
# verbs whose particle "in" or "on" ends a sentence whole: "so that a job can opt back in"
_PARTICLE_VERBS = frozenset(
    f"{stem}{end}" for stem in ("opt", "log", "sign", "plug", "check", "turn", "switch", "kick",
                                "fill", "hold", "keep", "move", "step", "come", "go",
                                "back", "build", "stay", "remain", "leave", "left", "built",
                                "kept", "held")
    for end in ("", "s", "ed", "es", "ing")) | {"is", "are", "was", "were", "be", "been",
                                                "logged", "plugged", "stepped"}


def ends_open(prose: str) -> bool:
    """Whether ``prose`` ends where no sentence can ("... errors like", "... by the"): its
    example, object or clause went.  A particle that closes a phrasal verb ("opt back in",
    "is turned on") ends one whole."""
    found = _ENDS_OPEN.search(prose)
    if found is None:
        return False
    if found.group().lower() in ("in", "on"):
        before = prose[:found.start()].split()
        return not before or before[-1].lower() not in _PARTICLE_VERBS
    return True


_SHA = lazy_regex(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")
_CODE_SPAN = lazy_regex(r"`[^`]*`")
MIN_WORDS = 4


@lru_cache(maxsize=8192)
def whole(sentence: str) -> bool:
    """Whether ``sentence`` stands on its own as written: it starts like a sentence (a
    capital, a digit, a quote or a name from the code, not "however" or "it"), ends where
    a sentence can end, closes what it opens, and is no question, first-person story, cut
    text or list of commit ids.  (Remembered: the decision, rule and cause readers each
    ask it of the same sentences.)"""
    words = sentence.split()
    if len(words) < MIN_WORDS or "?" in sentence or "\u2026" in sentence:
        return False
    first = words[0]
    if (first[:1].islower() and not _code_like(first)) or _MODAL_LEAD.match(sentence):
        return False  # "and then ...", "Must not use X": no subject
    prose = _CODE_SPAN.sub("`x`", sentence)
    rest = _ADVERB_LEAD.sub("", prose, count=1)
    if _OPENS_MID.match(prose) or _leans(rest) or ends_open(prose) or \
            _NEEDS_CONTEXT.search(prose) or \
            prose.rstrip().endswith("...") or _FIRST_PERSON.search(prose) or _SHA.search(prose):
        return False
    return sentence.count("`") % 2 == 0 and sentence.count('"') % 2 == 0 and \
        sentence.count("(") == sentence.count(")") and sentence.count("[") == sentence.count("]")


def shorter(sentence: str, limit: int) -> str:
    """``sentence`` within ``limit`` characters by leaving out what it can lose and still be
    the same whole sentence: asides in parentheses (the longest first), then a trailing
    ", which ..." clause; "" when that is not enough.  Nothing is ever cut mid-clause."""
    text = sentence
    while len(text) > limit:
        asides = [m for m in _PAREN.finditer(text) if m.start() > 0]
        if asides:
            longest = max(asides, key=lambda m: m.end() - m.start())
            text = " ".join((text[:longest.start()] + text[longest.end():]).split())
            text = text.replace(" ,", ",").replace(" .", ".")
            continue
        tail = _TRAILING_CLAUSE.search(text)
        if tail is None or tail.start() < len(text) // 3:
            return ""
        text = text[:tail.start()]
    return text


# an aside may hold calls of its own: "(e.g., `Client.<T>after()`, `new ArrayList<V>()`)"
_PAREN = lazy_regex(r"\s\((?:[^()]|\([^()]*\))*\)")
# ", so we split them by identifier": what the authors did about it is the sentence's
# point, and stays; ", so a script saved as `*.txt` stayed unhighlighted" may go
_TRAILING_CLAUSE = lazy_regex(r",\s+(?:which|so(?: that)?(?!\s+(?:we|I)\b)|while|and then|"
                              r"causing|leading|resulting|making|meaning)\s[^,]*$", re.I)


# "Digging around, I noticed that during a `refresh()`, it would call `screen_size()`
# twice": the author's finding, framed in the first person; what follows the frame is
# said outright (cursive's resize panic)
_FRAMED = lazy_regex(r"^(?:[\w ,'-]{0,40},\s+)?I (?:noticed|found|discovered|realized|"
                     r"realised|saw|observed|learned|learnt|figured out) (?:that )?(?P<rest>.+)$")


def unframed(sentence: str) -> str:
    """``sentence`` without a first-person frame around a finding ("I noticed that X": X),
    when what is left says it in the third person; else as it is."""
    found = _FRAMED.match(sentence)
    if not found:
        return sentence
    rest = found.group("rest")
    if _FIRST_PERSON.search(rest) or len(rest.split()) < 6 or rest[:1] in "`(\"'":
        return sentence
    return rest[:1].upper() + rest[1:]


def leans_back(sentence: str) -> bool:
    """Whether ``sentence`` opens with a word that points at the sentence before it
    ("This caused ...", "It broke ...", "Other types ... must be left untouched"), or
    has that word for its subject after an opening phrase ("As of v0.47.0, it now uses
    ...")."""
    return _leans(_ADVERB_LEAD.sub("", sentence, count=1))


def _leans(rest: str) -> bool:
    """:func:`leans_back` of a sentence whose leading adverb is gone; a sentence wholly in
    brackets is an aside to the one before ("(Except the bazel build has trouble parsing
    "21-ea" as a java version, so s/21-ea/20 for bazel.)", guice's window)."""
    return bool(_LEANS_BACK.match(rest) or _PHRASE_THEN_PRONOUN.match(rest)) or (
        rest.startswith("(") and rest.rstrip(".").endswith(")") and
        rest.count("(") == rest.count(")"))


# "As of v0.47.0, it now uses `epoll_pwait` for all architectures": what "it" is, the
# sentence before said (syncthing's window, judged wrong alone)
_PHRASE_THEN_PRONOUN = lazy_regex(
    r"^(?:as of|since|starting (?:with|from|in)|from|in|on|at|after|before|until|by|for|"
    r"during|with|without|unlike|like|now|when|whenever|if|once|unless)\b[^,;:]{1,50},\s+(?:it|its|they|them|their|this|"
    r"these|those|that)\b", re.I)
# words after a capitalised plural that make it a noun, not a verb with no subject:
# "Changes to the API are ...", "Updates are applied ..."
_NOUN_NEXT_WORDS = """is are was were be been to of for in on at by as and or with from
that which who can could must should shall will would may might have has had do does did
now no not only made"""
_NOUN_NEXT = frozenset(_NOUN_NEXT_WORDS.split())


def headless(sentence: str) -> bool:
    """Whether ``sentence`` opens with a known verb in the third person and no subject
    before it ("Takes precedence over `config.logger.level` set in `config/app.rb`", the
    second sentence of hanami's changelog entry on `HANAMI_LOG_LEVEL`): after another
    sentence, what it is said of is in that one (first in an entry or a body, "Fixes a
    problem ...", "Requires Node 20 ...", it is said of the change)."""
    words = sentence.split()
    if len(words) < 2:
        return False
    first = words[0]
    if not (first[:1].isupper() and first[1:].islower() and first.endswith("s")) or \
            first.endswith("ss"):
        return False
    verb = base_verb(first)
    return verb is not None and verb != first.lower() and \
        words[1].lower().strip("`,:;") not in _NOUN_NEXT


def _code_like(word: str) -> bool:
    """``bufio.ScanLines``, ``go/types``, ``--flag``, ``snake_case``, ``camelCase``,
    ``call()``: a name from the code, which may start a sentence in lower case."""
    word = word.strip("`'\",:;")
    return any(c in word for c in "._/()[]=-<>") or (word[:1].islower() and
                                                     any(c.isupper() for c in word[1:]))


def with_area(area: str, text: str) -> str:
    """``text`` prefixed with its area ("bump: ..."), unless it already names it, or opens
    with an area of its own that takes in every part of it (zoxide's subject "Bash/POSIX:
    ..." before its changelog entry "Bash/Fish/POSIX/Zsh: `_ZO_RESOLVE_SYMLINKS` now works
    on Windows")."""
    if not area or area.lower() in text.lower():
        return text
    lead, colon, _ = text.partition(": ")
    if colon and len(lead) <= _MOST_AREA and " " not in lead and \
            set(_AREA_PARTS.split(area.lower())) <= set(_AREA_PARTS.split(lead.lower())):
        return text
    return f"{area}: {uncapital(text)}"


_MOST_AREA = 40
_AREA_PARTS = lazy_regex(r"[/,+&]")


_FLAG = lazy_regex(r"^(-{1,2}[A-Za-z][\w-]*)(?=[\s,.;:]|$)")
_LEAD_SPAN = lazy_regex(r"^`([^`]+)`")
# "`--umask` command line option is ...": words that already call the flag an option
_CALLED_OPTION = lazy_regex(r"\s+(?:(?:command[- ]line|cli|config(?:uration)?)\s+)?"
                            r"(?:option|flag|switch|argument)s?\b", re.I)


def safe_lead(text: str) -> str:
    """``text`` with a start that survives neutralising (which strips leading ``-``, ``#``,
    ``>`` and ``*``, markdown's line markers): a leading option becomes "The `--x`
    option"; a leading code span is no marker, and stays as written."""
    span = _LEAD_SPAN.match(text)
    if span and span.group(1).startswith("-") and " " not in span.group(1):
        return _called(span.group(1), text[span.end():])  # the whole flag, its value
    flag = _FLAG.match(text)
    if flag:
        return _called(flag.group(1), text[flag.end():])
    return text


def _called(flag: str, rest: str) -> str:
    """"The `--x` option" and the rest, unless the rest already says what the flag is."""
    if _CALLED_OPTION.match(rest):
        return f"The `{flag}`{rest}"
    return f"The `{flag}` option{rest}"


# A code span that names a symbol: a qualified name ("Parser#unescape", "attrs.field",
# "Command::term_width") or a call ("fire()")
_SYMBOL_SPAN = lazy_regex(r"`([A-Za-z_]\w*(?:(?:#|\.|::)[A-Za-z_]\w*)*)(\([^`]*\))?`")
_QUALIFIER = lazy_regex(r"#|\.|::")


def names_absent(text: str, diff: str) -> bool:
    """Whether the code spans of ``text`` name symbols and the commit's ``diff`` holds none
    of them: a name its author mistyped ("Added an instance method `Parser#unsescape`" for
    ``Parser#unescape``), which no item may state as the code's.  One the diff holds
    confirms the subject (it may name others it left alone: "make `fire()` consistent with
    `handle()`", or name the function whose body it changed, as its file may:
    `assert.Same` in ``assert/same.go``, whatever the case); a commit read without its diff
    tells nothing either way."""
    if not diff:
        return False
    names = []
    for span in _SYMBOL_SPAN.finditer(text):
        name, call = span.group(1), span.group(2)
        last = _QUALIFIER.split(name)[-1]
        if (call or _QUALIFIER.search(name)) and len(last) >= 3:
            names.append(last)
    return bool(names) and not any(
        re.search(rf"(?<!\w){re.escape(last)}(?!\w)", diff, re.I) for last in names)


# "Deprecate EqualExportedValues": the name a subject says it deprecates
_DEPRECATES = lazy_regex(r"^(?:[\w/-]+(?:\([^)]*\))?!?:\s*)?deprecat\w*\s+(?:the\s+)?`?"
                         r"([A-Za-z_][\w.:#]*[A-Za-z0-9_])", re.I)


def deprecates_another(subject: str, diff: str) -> bool:
    """Whether the subject says it deprecates a name that the deprecation notices its diff
    adds name only as what to use instead: testify's "Deprecate EqualExportedValues" added
    ``// Deprecated: Use [EqualExportedValues] instead.`` to ObjectsExportedFieldsAreEqual.
    The subject named the replacement; no item may state it as deprecated."""
    match = _DEPRECATES.match(subject.strip())
    if not match or not diff:
        return False
    name = re.escape(match.group(1))
    notices = [line for line in diff.splitlines() if line.startswith("+") and
               not line.startswith("+++") and "deprecat" in line.lower() and
               re.search(rf"(?<![\w.]){name}(?!\w)", line)]
    instead = re.compile(rf"\b(?:use|using|in favou?r of|replaced (?:by|with)|prefer)\s+"
                         rf"(?:the\s+)?[\[`'\"]*{name}(?!\w)", re.I)
    return bool(notices) and all(instead.search(line) for line in notices)

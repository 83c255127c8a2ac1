"""What a message teaches, kept in the author's words (docs/design.md, "Sources").

A sentence of a commit body, a merged pull request's description or a
changelog entry is kept as written (links and issue numbers out, never
reworded, so its meaning cannot be turned round) when it says something that
lasts:

- a cause: "the cause was", "caused by", "happened when", "due to" ...; in a
  fix, a "because" or ", so ..." that names the failure;
- a security fix: a CVE, XSS, an injection, a traversal ... (a commit that fixes
  typos, spelling or wording gives no cause);
- a choice: "instead of", "rather than", "in favour of", "replaces", "switch to";
- a break or a deprecation: "deprecated", "removed", "renamed", "no longer
  supported" (a ``BREAKING CHANGE`` note has a rule of its own);
- a raised minimum of the language, platform or toolchain: "requires Elixir v1.14+",
  "raise the platform floor to iOS 16.0" (:mod:`~gitmemory.providers.offline.minimums`);
- a changed default: "by default", "defaults to", "the default X is now" (a
  past verb up to the "by default" tells the state before: "X was on by default";
  in all of a sentence that opens with it, "By default, X detected ...");
- a reason: "because", "so that", "otherwise", "to avoid", ", since <clause>" ...;
  what the change allows or prevents ("This prevents ..." after the sentence that
  orders it, "Prevents ..." as the body's first words, "This change will ensure ..."
  anywhere in a change the subject orders); a removal's first sentence that judges what
  it removes ("This logic is mostly guesswork");
- what the code does since the change: "Prettier now treats ... as zero-width", "From this
  release, ... will invoke the `call` method";
- a regression: "a problem that was introduced in the previous release (4.7.6), where ...";
- in a revert, the reason it was reverted.

Each item is anchored by what it is about: the subject's area ("cache: ...");
the subject too when the sentence does not name what it is about ("Fix 403 on
signed POST requests — The cause was ..."); the sentence before it when it
leans on that one ("Pages came back stale. This happened because ..."), or
the subject when it is the first.  A sentence whose meaning depends on
something it does not name ("neither", "there", "treats that as", "to avoid this",
"this information", "..., though", "will then be"; it goes with the sentence it leans
on, or not at all), the state a change ended ("Previously only X were removed", unless
it is a fix's cause), "see below";
"below 2048 bits" compares, and points at nothing), a cut sentence
(a gap where a link was), a question, a request ("please ..."), a guess and a story in
the first person are left out; a sentence the next one leans on for a cause goes with it,
and a next sentence that says what became of what it named ("This was renamed to `x`")
goes with the sentence.
"""

from __future__ import annotations

import re

from gitmemory.lazy_regex import lazy_regex
from gitmemory.providers.offline.causes import (
    BECAUSE_OF_THIS,
    ENUMERATED,
    FAILURE,
    HEDGE,
    fix_after,
    says_fix,
    with_fix,
)
from gitmemory.providers.offline.minimums import raises_minimum
from gitmemory.providers.offline.phrasing import (
    LIMIT,
    UNNAMED,
    capital,
    ends_open,
    headless,
    is_imperative,
    leans_back,
    shorter,
    strip_lead,
    tidy,
    uncapital,
    with_area,
)
from gitmemory.providers.offline.worth import content_words, names_something, one_off
from gitmemory.reading import cues
from gitmemory.reading.header import Header
from gitmemory.text import FUNCTION_WORDS

Found = tuple[str, str, float]  # section, text, confidence

CAUSE = lazy_regex(
    r"\b(?:root cause|the (?:real |underlying |actual )?(?:cause|problem|issue|bug|culprit) "
    r"(?:was|is|were|here is)\b(?! (?:fixed|resolved|gone|addressed|now)\b)|caused by|"
    r"(?:was|were|is|are) caused|due to|happen(?:s|ed)? (?:when|because|if|whenever)|"
    r"occur(?:s|red)? (?:when|because|if|whenever)|because of|stem(?:s|med)? from|"
    r"result(?:s|ed)? from)\b", re.I)
# "This causes 'Undefined array key' errors", "..., causing epoll_wait to block": what a
# state led to; a cause when what it led to is a failure
# (the comma may follow a code span or a quote: "... gated on only `x`, causing ...")
CONSEQUENCE = lazy_regex(r"(?:\b(?:this|that|which|it) (?:(?:can|could|would|will) )?(?:causes?|"
                         r"caused|leads? to|led to|results? in|resulted in)|"
                         r",\s*(?:causing|leading to|resulting in))\b", re.I)
SECURITY = lazy_regex(
    r"\b(?:CVE-\d{4}-\d{3,}|GHSA(?:-\w{4}){3}|security (?:fix|issue|vulnerability|hole|"
    r"problem|advisory)|vulnerab\w+|XSS|CSRF|SSRF|XXE|(?:SQL|command|shell|header|code|"
    r"template) "
    r"injection|(?:path|directory) traversal|ReDoS|denial[- ]of[- ]service|arbitrary (?:code|"
    r"file|command)s?|privilege escalation|open redirect|timing attack|"
    # the classes of vulnerability a fix names, in any case ("Add Prototype Pollution Guards
    # for Value.* Functions", TypeBox's 1.1.37)
    r"(?i:prototype pollution|(?:insecure|unsafe|untrusted) deserialization|request "
    r"smuggling|session fixation|clickjacking|zip ?slip|use[- ]after[- ]free|buffer overflow|"
    r"out[- ]of[- ]bounds (?:read|write))|"
    # who may act as whom, and what an attacker gets round or uses up: "caller-ID spoofing
    # where an attacker could impersonate any external user" (ejabberd's mod_sip)
    r"(?i:spoof(?:ing|ed|s)?|(?:could|can|able to|may|might) impersonate|"
    r"(?:authentication|authori[sz]ation|signature|access control) bypass|"
    r"bypass(?:es|ed|ing)? (?:the )?(?:authentication|authori[sz]ation|signature check|"
    r"access control)|(?:resource|memory|atom|file descriptor) exhaustion))\b")
CHOICE = lazy_regex(
    r"\b(?:instead of|rather than|in fav(?:ou)?r of|replaces|(?:is|are|was|were|has been|"
    r"have been) replaced (?:by|with)|replac(?:e|ed|ing) (?!by\b)\S(?:[^.;:]{0,80}?) (?:with|by)|"
    r"switch(?:es|ed|ing)? (?:from \S+(?: \S+){0,3} )?to|"
    r"prefer(?:s|red)? \S+(?: \S+){0,3} (?:over|to))\b", re.I)
BREAK = lazy_regex(
    r"\bdeprecat(?:ed|es|ion|e)\b|\bwill be removed\b|\b(?:is|are|was|were|has been|have been) "
    r"(?:now )?(?:removed|renamed)\b|\brenamed (?:to|from)\b|\bremoved (?:support for|in)\b|"
    r"\bno longer (?:supports?|supported|accepts?|accepted|allow(?:s|ed)?|available|required|"
    r"needed|necessary|used|uses|installs?|includes?|exports?|exposes?|depends?|works? (?:with|"
    r"on))\b|"
    # "There's no need to bootstrap the molinillo dependency anymore": what the change ends
    r"\bno (?:more )?need (?:to|for)\b[^.;]{3,80}\b(?:anymore|any ?longer)\b", re.I)
REASON = lazy_regex(
    r"\b(?:because|so that|to avoid|in order to|to prevent|to ensure|to make sure|"
    r"so as (?:to|not to))\b|"
    # "Avoids tracking a dep whose majors mostly tighten Node engines": what the change
    # spares, its subject left out as a body under the subject leaves it
    r"^(?:(?:this|that|it|which) )?(?:avoids|prevents|ensures)\b|"
    # "..., otherwise the child shares its sockets": where it opens a clause ("are otherwise
    # unchanged" is an adverb)
    r"(?:^|(?<=[.,;:(\n\u2014\u2013])|(?<=[.,;:(\u2014\u2013] ))otherwise\b|"
    r"[^,]{12},\s*so\s+(?!far\b|that\b|on\b)|"
    # "... with bound methods so they can be pickled": what the change lets happen
    r"\bso (?:they|it|we|users|callers|clients|one|you) (?:can|could|will|would|"
    r"no longer|never|don't|doesn't|do not|does not)\b|"
    r",\s*as\s+(?:this|that|it|they|doing so)\s+(?:\w+\s+)?(?:would|will|could|can|"
    r"cannot|can't|breaks?|changes?|causes?|makes?)\b|"  # "..., as this would change it"
    # "..., since writes through it must reach the file": a clause, not a version or a date
    r",\s*since\s+(?!v?\d|version\b|release\b|then\b)(?:[\w`'.-]+\s+){0,5}?(?:is|are|was|"
    r"were|has|have|had|does|do|did|can|cannot|must|will|would|should|needs?|isn't|aren't|"
    r"wasn't|weren't|doesn't|don't|didn't|won't|can't)\b", re.I)

# "Prettier now treats nonspacing marks as zero-width": what the code does since the change
# (also after a name, "`:max_age` now accepts", and with a figure, "is now 60s")
CHANGE = lazy_regex(r"(?<=[\w`'\")\]])\s+(?:(?:is|are|does|will|can) )?now\s+(?!that\b|on\b|"
                    r"and\b|\w+ly\b)(?:be\s+[a-z]{3,}|[a-z]{3,}|\d)", re.I)  # "can now be set"
# "This release fixes a problem that was introduced in the previous release (4.7.6), where
# ...": a regression, with the release that brought it
REGRESSION = lazy_regex(r"\bregress(?:ion|ions|ed)\b(?![\s-]*(?:tests?|suites?|testing|coverage|"
                        r"checks?|specs?|cases?)\b)|"
                        r"\b(?:was|were|been) introduced (?:in|by|with) (?:the previous|"
                        r"an? (?:earlier|previous)|(?:version |release |v)?\d)", re.I)
# "From this release, if a command implements both ..., X will invoke `call`": what holds
# from a release on
SINCE_RELEASE = lazy_regex(r"^(?:from|starting (?:with|from|in)|as of|beginning with) "
                           r"(?:this|the (?:next|current)) (?:release|version)\b", re.I)
# "Reject objects larger than 2 GiB by default", "which defaults to `true`": what happens
# when nobody sets it
DEFAULT = lazy_regex(r"\bby default\b|\bdefaults? (?:to|is|are|was|now|value (?:is|of))\b|"
                     r"\b(?:the )?default (?:[\w`'.-]+ ){0,3}(?:is|are|becomes|changed|now)\b",
                     re.I)
# "a per-request `ssl` argument still takes precedence": which of two settings wins
PRECEDENCE = lazy_regex(r"\b(?:takes?|took|has|have|gets?|is given) (?:precedence|priority)\b|"
                        r"\b(?:wins|win) over\b", re.I)
# "`-XepOpt:ImpossibleNullComparison:CheckOrBuilder=false`: Controls checking ...", a body's
# list of the flags, options or variables the change adds, each with what it does
OPTION_DEFINED = lazy_regex(r"^`(?:--?[A-Za-z][\w:.-]*|-X\w[\w:.-]*|[A-Z][A-Z0-9]*_[A-Z0-9_]+)"
                            r"(?:=[^`]*)?`\s*:\s+[A-Z][a-z]+s\b")
_KINDS = (("cause", CAUSE), ("security", SECURITY), ("regression", REGRESSION),
          ("choice", CHOICE), ("break", BREAK), ("default", DEFAULT), ("reason", REASON),
          ("change", CHANGE), ("change", SINCE_RELEASE), ("change", PRECEDENCE),
          ("option", OPTION_DEFINED))
_SECTIONS = {"cause": "bug-patterns", "security": "bug-patterns", "choice":
             "architectural-decisions", "break": "facts", "reason": "architectural-decisions",
             "change": "facts", "default": "facts", "limit": "facts", "minimum": "facts",
             "regression": "bug-patterns", "option": "facts", "pitfall": "bug-patterns"}
_CONFIDENCE = {"cause": 0.85, "security": 0.85, "choice": 0.85, "break": 0.85, "reason": 0.8,
               "change": 0.75, "default": 0.8, "limit": 0.75, "minimum": 0.85,
               "regression": 0.85, "option": 0.75, "pitfall": 0.8}
_SKIPPED_KINDS = ("test", "style", "release", "merge", "ci", "docs")
# "X replaces Y", "switch to Z": what the code uses now, a fact even without a reason; a
# bare "instead of" or "rather than" is a decision only with its reason.
_MIGRATION = lazy_regex(r"^use \S.* instead of \S|"  # "Use event ports ... instead of poll(2)"
                        r"\b(?:replaces|(?:is|are|was|were|has been|have been) replaced "
                        r"(?:by|with)|switch(?:es|ed|ing)? (?:from \S+(?: \S+){0,3} )?to|"
                        r"in fav(?:ou)?r of)\b", re.I)
# ("will be stabilized", "the tables are reused": a participle after "be", "is" or "are"
# tells no past)
_PAST = lazy_regex(r"\b(?:was|were|had|did|got|wasn't|weren't|didn't|hadn't|never|used to|"
                   r"(?<!\bbe )(?<!\bis )(?<!\bare )\w{3,}ed)\b", re.I)
_FIX_KINDS = ("fix", "revert")
# A failure told as it stands before the change: a step that never happens ("a matcher
# nested inside is never checked", "nothing recovers on the decode path"), in the present;
# "was", "had", "did" tell it as the past, which needs no anchor to read so
_MISSED = lazy_regex(r"\b(?:is|are|gets?) never \w+ed\b|\bnothing (?:\w+ ){0,2}?\w+s\b", re.I)
# (and "now", "no longer" tell the state after it: "no longer breaks parsing")
_TOLD_PAST = lazy_regex(r"\b(?:was|were|had|did|wasn't|weren't|didn't|hadn't|used to|now|"
                        r"no longer)\b", re.I)
MIN_WORDS = 6
_DANGLING = lazy_regex(
    r"\bthere\b(?!\s+(?:is|are|was|were|will|would|has|have|had|may|might|must|should|can|"
    r"could|seems?|appears?|exists?|isn't|aren't|wasn't|weren't|won't)\b|['\u2019](?:s|re|ll|d)\b)|^(?:neither|either|"
    r"both|the (?:latter|former|same|other one))\b|"
    # "see below", "the issue above", "as shown above:" point at other text; "below 2048
    # bits", "above the limit" compare
    r"\b(?:above|below)\b(?!\s+(?!(?:is|are|was|were|will|would|can|shows?|lists?|"
    r"describes?|explains?|and|or|but)\b)(?:the\s+|a\s+|an\s+|its\s+|their\s+)?[\w`])|"
    r"\b(?:see|the|as(?: \w+)?|described|listed|shown|given|detailed|outlined|explained|"
    r"quoted|linked)\s+(?:above|below)\b|\b(?:mentioned|aforementioned|"
    r"as discussed|as noted|as suggested|in the (?:issue|ticket|thread|comments?|discussion))\b|"
    + UNNAMED, re.I)
# Words that point at the sentence before: it must come along.
_POINTS_BACK = lazy_regex(r"^(?:without|with|before|after|despite|unlike|given) (?:this|that|"
                          r"these|those|such)\b|\bsuch (?!as\b)(?:an? )?\w+|"
                          r"\b(?:these|those) (?!are\b|were\b|have\b|had\b)\w+|"
                          r"\b(?:this|that) (?:case|issue|problem|bug|behaviou?r|situation|"
                          r"scenario|change|approach|way|regression|failure|error|crash|race|"
                          r"leak|slowdown|breakage|limitation|overhead|cost)\b|"
                          # "treats that as non-fatal", "copy that into": the pronoun is a thing
                          r"\b(?<!so )(?<!such )(?:this|that) (?:as|into)\b|"
                          # "(and vertical) that `pro` is ...": a name said before, pointed at
                          r"(?:^|[,;)]\s*|\b(?:in|on|for|with|from|by|at|of|and|but|because|"
                          r"when|if)\s+)(?:this|that|these|those) `|"
                          # "If it is, ...", "When this happens, ...": a condition on what
                          # the sentence before said
                          r"^(?:if|when|whenever|once|unless) (?:it|this|that|they|these|"
                          r"those|so)\b|"
                          # "OpenSSH has the option -n to avoid this", "retain this
                          # information", "enable the setting, though", "will then be
                          # validated": what it is about was said in the sentence before
                          r"^(?:previously|formerly|before),?\s+(?:this|that|it|they|these|"
                          r"those)\b|"  # "Previously this required caching X": this what?
                          r"\b(?:avoid|prevent|fix|solve|address|handle|retain|keep|achieve|"
                          r"support|do|does|did) (?:this|that)(?=\s*(?:[,.;:)]|$))|"
                          # "To test this, a minimum TypeScript 4.7 is needed": an aim
                          # that opens the sentence, about what the sentence before did
                          r"^to \w+ (?:this|that|it|them|these|those)\b(?!\s*`)|"
                          r"\b(?:this|that) (?:information|setting|option|parameter|property|"
                          r"value|feature|limitation|restriction|version|functionality|data)"
                          r"\b(?!\s*`)|,\s*though\.?$|\b(?:will|would|can|is|are) then be\b|"
                          # "Merge them into a single overload", "Classify it directly with
                          # X": what the order acts on was named before ("make it possible"
                          # and "keep it simple" name nothing)
                          r"^(?!(?:make|keep)\b)[A-Za-z]+ (?:them|it)\b|"
                          # "to avoid this check", "in this configuration", "install this
                          # group": "this" before a noun, a thing the sentence before named
                          # (not the commit, its change or the project)
                          r"\bthis\s+(?!(?:commit|change|pr|pull request|patch|release|project|"
                          r"library|package|crate|gem|module|repo|repository|time|point|is|was|"
                          r"will|would|can|could|should|may|might|must|has|had|does|did|also|"
                          r"only|means|makes|allows|lets|ensures|fixes|causes|happens|works)\b|"
                          r"\w+ed\b)[a-z]\w*|" +
                          BECAUSE_OF_THIS.pattern, re.I)
# "Currently, using X from a Ractor raises": the state the change ends
STATE_BEFORE = lazy_regex(r"^(?:currently|at present|as of (?:now|today)|as things stand|"
                          r"today|right now|at the moment|until now|so far|"
                          # "The current implementation handles 4 bytes per recursive call"
                          r"the (?:current|existing|present) (?:implementation|code|approach|"
                          r"behaviou?r|version|design|logic|algorithm|way|handling)s?)\b",
                          re.I)
_FIX_TITLE = lazy_regex(r"^(?:fix(?:es|ed)?|resolve[sd]?|correct(?:s|ed)?)\b", re.I)
_FIRST_PERSON = lazy_regex(r"\b(?:I|I'm|I've|I'd|I'll|my|me)\b")
# ", which is something I wish I knew when ...": the author's aside on a statement, in a
# trailing clause of its own
_OWN_ASIDE = lazy_regex(r",\s+which\b[^,;]*\b(?:I|I'm|I've|I'd|my|me)\b.*$")


def _own_aside_out(sentence: str) -> str:
    """``sentence`` without a trailing ", which ..." clause in which the author speaks of
    themself (psutil's "The split is done so that git blame keeps pointing at the original
    author instead of at this refactor, which is something I wish I knew ...", fresh34):
    the statement before it stands, and the story goes."""
    cut = _OWN_ASIDE.sub("", sentence)
    return cut + "." if cut != sentence and sentence.rstrip().endswith(".") else cut
# "For comparison, OpenSSH rejects ...": an aside about another system, not this code
# ("Compared to the old parser, ..." and "Unlike `load`, ..." still speak of this code)
_ASIDE = lazy_regex(r"^(?:for comparison|by (?:comparison|contrast)|in contrast)\b", re.I)
_OPENS_MID = lazy_regex(r"^(?:otherwise|however|but|and|so|thus|hence|therefore|instead|"
                        r"as a result|as such|consequently|then|again|also|similarly|"
                        r"likewise|additionally|moreover|furthermore|in addition|still|"
                        r"(?:by|in) doing so|ultimately)\b",
                        re.I)
# Tool output quoted in a body: a shell prompt (`bash-5.1$ `, `$ `, `>>> `), a log line's
# level tag (`WARN [lintersdb] ...`, `ERROR: ...`), or a diagnostic's place in a file
# (rustc's, clippy's and zizmor's `--> src/x.rs:12:5`, a linter's `src/x.py:12:5: E501`).
# It shows the problem; it is not the author's sentence about it.
_TOOL_OUTPUT = lazy_regex(r"(?:^|\s)(?:[\w.-]+\$|\$|>>>)\s|"
                          r"^\[?(?:WARN(?:ING)?|ERROR|INFO|DEBUG|TRACE|FATAL|PANIC)\b\]?[:\s\[]|"
                          r"-->\s*[\w./-]+:\d+|[\w/-]+\.\w+:\d+:\d+:?(?:\s|$)")
# "Say, you have a dylib that ...", "Suppose X": a case made up to explain, not what is so
_HYPOTHETICAL = lazy_regex(r"^(?:say|suppose|imagine|let's say|let us say)\b", re.I)
# "See also the `GHSA-...` advisory", "For details, see ...": a pointer says nothing itself
_POINTER = lazy_regex(r"^(?:see|refer to|for (?:more|details|further|the full)\b[^,]*,\s*see)\b",
                      re.I)
# "please summarize this in comments": a request (a prompt quoted in a body), not what is so
_REQUEST = lazy_regex(r"\bplease\b", re.I)
# "GHC proposal : `OrPatterns`": a link's text or an issue number taken out left a gap
_LEFT_OUT = lazy_regex(r"\w\s[,;:](?:\s|$)")
_SHA = lazy_regex(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")
_TEST_NOTE = lazy_regex(r"^(?:add(?:s|ed)?|update[sd]?|extend(?:s|ed)?|adjust(?:s|ed)?|"
                        r"fix(?:es|ed)?)\s+(?:\w+\s+){0,3}?(?:tests?|test cases?|coverage|"
                        r"docs?|documentation|typos?|spelling|grammar|wording|changelog)\b",
                        re.I)
# "Tests pass", "CI is green now": a note on the checks, not what the code does ("CI logs
# lost colors because NO_COLOR is set on the runners" is a cause: CI is only where it showed)
_ABOUT_TESTS = lazy_regex(r"^(?:the |this |these |our )?(?:tests?|test suite|linters?|"
                          r"ci(?=\s+(?:is|was|are|were|passe[sd]|pass|fail(?:s|ed)?|now|"
                          r"should|will|still|also|runs?|ran|checks?|jobs?|builds?|"
                          r"workflows?|green|red)\b|\W*$))\b|"
                          # "The queue-overflow reproducer added in #16060 now expects ...": a
                          # test named by what it reproduces
                          r"^(?:the |this |these |our )?(?:[\w-]+ )?(?:reproducers?|"
                          r"regression tests?|test cases?)\b", re.I)


def kept(head: Header, lines: list[str], used: set[str], *, most: int = 2,
         starts: frozenset[int] = frozenset()) -> list[Found]:
    """The items of one (sub-)commit's prose, ``lines`` its tidied sentences in order; the
    sentences they take go in ``used``.  ``starts``: the lines that open a paragraph or a
    list's item, never read with the line before (diesel's "Internally the derive now
    ..." opened a paragraph about `#[derive(Enum)]`, read after a sentence about
    `#[derive(SqlType)]`: judged wrong)."""
    if head.kind in _SKIPPED_KINDS or _TEST_NOTE.match(tidy(head.text)):
        return []
    subject = _subject(head)
    found: list[Found] = []
    causes = [at for at, s in enumerate(lines) if CAUSE.search(s) or _led_to(s)]
    for at, sentence in enumerate(lines):
        if sentence in used or len(found) >= most:
            continue
        text = _own_aside_out(sentence)
        if _FIRST_PERSON.search(text):
            continue  # "I suspect ...": an opinion or a story, with or without its "I"
        if text.rstrip().endswith(("...", "\u2026")):
            continue  # it trails off into what it never says
        plain = capital(written(_TRAILING_LINKS.sub("", text).rstrip(".")))
        said = _of_the_subject(at, head, subject, plain)
        if said is not None:
            used.update([sentence] if said else [])
            found += said
            continue
        # a paragraph's first line that names no code leans on no line of the paragraph
        # before: its "the derive" is the topic's, not the last sentence's
        apart = [*lines[:at - 1], "", *lines[at:]] \
            if at and at in starts and not names_something(plain) else lines
        kind = _kind(plain, head) or ("reason" if _explains(plain, subject, lines[:at])
                                      else None) or \
            ("limit" if at == 0 and subject and _LIMIT.match(plain) else None)
        if kind is None or not (sound(plain, effect=kind == "reason") or
                                _sound_after(apart, at, plain)) or \
                (_REMOVAL.match(subject) and _ADDED.search(plain)):
            continue  # "Remove X" — "X was added because ...": why it came, not why it goes
        told = _then_now(lines, at, head, plain, kind=kind, starts=starts, used=used)
        if told is None:
            continue
        plain = told
        if _ASIDE.match(plain) or (not subject and _FIX_TITLE.match(plain) and
                                   kind not in ("cause", "security", "regression")):
            continue  # a release's "Fix X" entry names a fix and says no more
        if STATE_BEFORE.match(plain) and not (kind == "cause" and head.kind in _FIX_KINDS):
            continue  # "Currently, X raises": so until this change, not after it
        if kind == "cause" and head.kind in _FIX_KINDS and (
                any(f[0] == "bug-patterns" for f in found) or (causes and at not in causes)):
            continue  # one cause a fix: the one stated as a cause first
        decided = (kind in ("reason", "cause") and _decides(subject)) or \
            (kind == "cause" and not CAUSE.search(plain))  # what went wrong: the fix leads
        decided = decided or bool(_SUBJECTLESS.match(written(sentence))) or \
            (at == 0 and bool(_BARE_EFFECT.match(plain))) or \
            _other_figures(plain, subject) or kind == "default"  # what it sets: the subject says
        taken = _fixed_before(lines, at, head, used) if not subject and kind == "cause" \
            and at > 0 else _anchored(head, subject, apart, at, plain=plain, used=used,
                                      decided=decided)
        if not taken:
            continue
        text, with_before = taken
        text, why = _with_next(lines[:at + 1] if at + 1 in starts else lines, at, head,
                               (kind, plain, subject), text, with_before=with_before,
                               used=used)
        used.add(sentence)
        if with_before:
            used.add(lines[at - 1])
        fix = fix_after(lines, used, at) if kind == "cause" and head.kind in _FIX_KINDS and \
            not says_fix(subject) else None
        if fix is not None and len(with_fix(text, lines[fix])) <= LIMIT:
            text = with_fix(text, lines[fix])  # the cause, then how the change avoids it
            used.add(lines[fix])
        section = "architectural-decisions" if why else _section(kind, plain, head)
        found.append((section, text, _CONFIDENCE[kind]))
    return found


def _of_the_subject(at: int, head: Header, subject: str, plain: str) -> list[Found] | None:
    """What a sentence that only says something of the subject's change gives, after it:
    a removal's first sentence judging what went ("Remove X — this logic is guesswork"), a
    break's reason ("Add X — this is breaking because ..."); None for another sentence."""
    if at == 0 and _REMOVAL.match(subject) and _JUDGED.match(plain):
        text = _fitted(head.scope, f"{subject} \u2014 {uncapital(plain)}", "")
        return [("architectural-decisions", text, _CONFIDENCE["reason"])] \
            if text and sound(f"{subject}. {plain}") else []
    if at == 0 and subject and carries_on(plain, head) and sound(f"{subject}. {plain}"):
        # "Deprecate `X` and `Y`" — "These are replaced by `A` and `B`": what became of
        # what the subject named, which says nothing without the subject before it
        text = _fitted(head.scope, f"{subject} \u2014 {uncapital(plain)}", "")
        return [("facts", text, _CONFIDENCE["break"])] if text else []
    why = _BREAKS_BECAUSE.match(plain) if subject else None
    if why and sound(plain[why.end():].lstrip()):
        text = _fitted(head.scope, f"{subject} \u2014 {uncapital(plain)}", "")
        return [("facts", text, _CONFIDENCE["break"])] if text else []
    return None


def _with_next(lines: list[str], at: int, head: Header, said: tuple[str, str, str], text: str,
               *, with_before: bool, used: set[str]) -> tuple[str, bool]:
    """``text`` with the next sentence when that one says what became of what this one
    named ("... This was renamed to `x`"), or gives the reason of a choice this one tells
    without one ("Use X instead of Y. This allows ..."); and whether it gave the reason.
    ``said``: the sentence's kind, its plain text and the subject."""
    kind, plain, subject = said
    carried = lines[at + 1] if at + 1 < len(lines) else ""
    effect = _EFFECT.match(carried) if kind == "choice" and carried else None
    why = effect is not None and not REASON.search(plain) and \
        sound(carried, effect=True) and not _leans(carried[effect.end():])
    if why and len(text) + len(carried) + 2 > LIMIT and not with_before and \
            _stands_alone(plain, subject) and not BARE_DEFINITE.match(plain):
        text = _fitted(head.scope, plain, "") or text  # the reason over the subject
    if carried and (carries_on(carried, head) or why) and \
            len(text) + len(carried) + 2 <= LIMIT and sound(f"{plain}. {carried}"):
        used.add(carried)
        return f"{text}. {carried.rstrip('.')}", why
    return text, False


def _fixed_before(lines: list[str], at: int, head: Header, used: set[str]
                  ) -> tuple[str, bool] | None:
    """A release's entry "Fixed X. <what went wrong>": the cause with the fix before it,
    which says it holds no more (alone, "An idle pooled connection could be left with a
    pending read timeout ..." reads as a bug of the code today); None when they do not fit
    one line or the sentence before is no fix."""
    before = capital(written(lines[at - 1].rstrip(".")))
    if lines[at - 1] in used or not _FIX_TITLE.match(before) or not sound(before):
        return None
    text = _fitted(head.scope, f"{before}. {capital(written(lines[at].rstrip('.')))}", "")
    return (text, True) if text else None


def _sound_after(lines: list[str], at: int, plain: str) -> bool:
    """Whether ``plain``, which leans on the sentence before it ("These URLs would
    previously make `pip-compile` fail"), reads whole after that one: the item takes
    both (:func:`_anchored`)."""
    return at > 0 and bool(_NAMED_BEFORE.match(plain)) and \
        sound(f"{capital(written(lines[at - 1]))}. {plain}")


# "These URLs ...", "This option ...": a thing the sentence before named, by its noun
# ("Otherwise, ..." or "It ..." lean on more than one noun)
_NAMED_BEFORE = lazy_regex(r"^(?:these|those|this|that)\s+(?!(?:is|was|are|were|makes?|made|"
                           r"means?|allows?|lets?|keeps?|gives?|way|also|would|will|can|could|"
                           r"should|does|did|has|had|have|one|change|commit|pr|patch)\b)"
                           r"[A-Za-z`][\w`-]*\s+\w", re.I)


def _completes(lines: list[str], at: int, head: Header, plain: str) -> bool:
    """Whether the sentence after ``at`` says what went wrong or why, leaning on this one
    ("X resolved to 0.9.3, since the extra had no floor. That release dropped the page"),
    and both fit one line: the next sentence's item takes this one as its start."""
    if at + 1 >= len(lines):
        return False
    after = capital(written(lines[at + 1]))
    room = LIMIT - len(after) - len(head.scope) - 4
    return bool(shorter(plain, room)) and _leans(after) and \
        _kind(after, head) in ("cause", "security") and sound(after)


# "This was renamed to `draft_docs`", "It is now read from `Context.data`": the next
# sentence says, of what this one named, what it became
_CARRIED = lazy_regex(r"^(?:this|that|it|they|these|those)\s+(?:was|were|is|are|has been|"
                      r"have been|will be)\s+(?:now\s+)?(?:renamed|replaced|moved|superseded|"
                      r"deprecated|removed)\b|"
                      r"^(?:this|that|it|they)\s+(?:is|are)\s+now\b|"
                      # "Defining them with getters is still supported too": the old way
                      # stays beside the new one, which alone would read as a replacement
                      r"^[^;]{3,80}?\b(?:is|are)\s+still\s+(?:supported|allowed|accepted|"
                      r"available|possible|valid)\b", re.I)


def carries_on(after: str, head: Header) -> bool:
    """Whether ``after`` tells what became of the thing the sentence before it named, and
    names where it went (a code span, an option): the item of the sentence before says
    both."""
    carried = _CARRIED.match(after)
    if carried is None or not names_something(after):
        return False
    return _kind(after, head) is not None or "still" in carried.group(0).lower()


def written(sentence: str) -> str:
    """The sentence without "This commit", "We", "Also" ... at its start, as it was written
    from there on (a lower-case word stays lower-case)."""
    rest = strip_lead(sentence)
    return rest if rest == sentence or not sentence.lower().endswith(rest.lower()) else \
        sentence[len(sentence) - len(rest):]


def _subject(head: Header) -> str:
    text = tidy(head.text)
    return f'Reverted "{text}"' if head.kind == "revert" else capital(text)


def _kind(sentence: str, head: Header) -> str | None:
    """What the sentence says that lasts, the strongest first; None for nothing.  A reason
    or a consequence that names a failure is a cause in a fix, or when it tells what
    happened ("opened its file in binary mode, so writing a `str` raised TypeError");
    in a fix that is also what an "instead of" in a sentence about a failure tells."""
    failed = bool(FAILURE.search(sentence)) and (head.kind in _FIX_KINDS or
                                                 bool(_PAST.search(sentence)))
    if not CAUSE.search(sentence) and (_led_to(sentence) or (
            (_PREVIOUSLY.match(sentence) or _WAS_BEFORE.search(sentence)) and
            FAILURE.search(sentence))):
        return "cause"  # what went wrong, or "Previously, X was silently treated as Y"
    if raises_minimum(sentence) and not SECURITY.search(sentence):
        return "minimum"  # "This release requires Elixir v1.14+": what must be at least
    for kind, cue in _KINDS:
        if not cue.search(sentence):
            continue
        if kind == "choice" and failed and head.kind in _FIX_KINDS and \
                not CHOICE.search(sentence.split(",", maxsplit=1)[0]):
            return "cause"  # "if X declared a version instead of ..., the subscript raised"
        if kind == "choice" and not (REASON.search(sentence) or _MIGRATION.search(sentence)):
            continue  # "showing `[COMMAND]` instead of `COMMAND`": no reason, no migration
        if kind == "reason" and (failed or (head.kind in _FIX_KINDS and _PAST.search(sentence))):
            return "cause"  # in a fix, "..., so the parser advanced its offset too few"
        if kind == "default" and _PAST.search(_up_to_default(sentence)):
            continue  # "X was on by default, which broke Y": the state before, or a story
        return kind
    # in a fix, the sentence is its cause, which the cause rules read with the fix
    return "pitfall" if head.kind not in _FIX_KINDS and _pitfall(sentence) else None


# "If the flags aren't put into the context, ffmpeg code ends up calling X with the wrong
# flags": a condition, then the failure it leads to in the main clause
_CONDITION = lazy_regex(r"^(?:if|when|whenever|unless|without)\b[^,;]{8,}?,\s+(?P<then>\S.*)$",
                        re.I)


def _pitfall(sentence: str) -> bool:
    """Whether ``sentence`` tells what goes wrong under a condition: the failure in the
    clause after the condition, not in the condition ("If the rewind fails, we retry")."""
    told = _CONDITION.match(sentence)
    return bool(told and FAILURE.search(told.group("then")))


def _up_to_default(sentence: str) -> str:
    """The sentence, asides out, up to its "by default": the words the default is said
    with ("X was on by default"), not those after it ("Warns by default when keys are
    below the recommended lengths" is no story of the past); all of it when it opens
    with the default ("By default, X detected ...": the clause after is what it says)."""
    plain = _ASIDES.sub("", sentence)
    found = DEFAULT.search(plain)
    return plain[:found.end()] if found and plain[:found.start()].strip() else plain


# "Previously, the list was silently treated as a dict": the state the change ended
_PREVIOUSLY = lazy_regex(r"^(?:previously|formerly|before this (?:change|fix|commit|patch))\b",
                         re.I)


def _then_now(lines: list[str], at: int, head: Header, plain: str, *, kind: str,
              starts: frozenset[int], used: set[str]) -> str | None:
    """``plain`` as an item says it, None for no item of its own: a sentence that says
    how things were ("X previously only warned") is one with the next that says how they
    are now ("They now error unless ..."), and none alone ("Previously only X were
    removed": the state the change ended); one the next sentence leans on, or that the
    next supersedes ("was 4096 bytes", then "raises it to 8192 bytes"), is none."""
    formerly = kind != "cause" and bool(
        _PREVIOUSLY.match(plain) or _FORMERLY.search(_ASIDES.sub("", plain)))
    now = _now_after(lines, at, starts, used) if formerly else ""
    if now:
        used.add(now)
        return f"{plain}; {_main_clause(written(_TRAILING_LINKS.sub('', now)), plain)}"
    if formerly or (at + 1 not in starts and _completes(lines, at, head, plain)) or \
            _superseded(plain, lines[at + 1:]):
        return None
    return plain


def _now_after(lines: list[str], at: int, starts: frozenset[int], used: set[str]
               ) -> str:
    """The sentence after ``lines[at]`` (one that says how things were) in its paragraph
    that says how they are now ("They now error unless ..."), "" for none."""
    after = at + 1
    if after >= len(lines) or after in starts or lines[after] in used or \
            not _NOW.search(lines[after]):
        return ""
    return lines[after]


def _main_clause(now: str, before: str) -> str:
    """``now`` to follow ``before`` in one item: without a closing participle's clause
    (", matching the documented behaviour"), then its asides in brackets, where both
    would not fit."""
    text = uncapital(now.rstrip("."))
    if len(before) + len(text) + 2 > LIMIT:
        text = _PARTICIPLE.sub("", text)
    if len(before) + len(text) + 2 > LIMIT:
        text = " ".join(_ASIDES.sub("", text).split())
    return text


# ", matching the documented behaviour and preparing for removal": a closing participle
_PARTICIPLE = lazy_regex(r",\s+[a-z]+ing\b[^,;]*$")
_NOW = lazy_regex(r"\b(?:now|from now on|instead)\b", re.I)
# "X previously only warned": how things were, wherever in the sentence
_FORMERLY = lazy_regex(r"\b(?:previously|formerly)\b", re.I)
_ASIDES = lazy_regex(r"\([^()]*\)")  # "(previously only matched X)": an aside, not the claim
# "These URLs would previously make `pip-compile` fail": what went wrong before the fix,
# said with its verb, wherever in the sentence
_WAS_BEFORE = lazy_regex(r"\b(?:would|did|was|were|used to|could)\s+previously\b|"
                         r"\bpreviously\s+(?:would|did|was|were|could|made|caused|led)\b",
                         re.I)


def _led_to(sentence: str) -> bool:
    """Whether the sentence tells what a state led to, and that is a failure."""
    return bool(CONSEQUENCE.search(sentence) and FAILURE.search(sentence))


_ASIDES = lazy_regex(r"\s*\([^()]*\)")
_FIGURE = lazy_regex(r"\b\d+(?:\.\d+)*\b")


_MEASURE = lazy_regex(r"\b(\d+(?:[.,]\d+)*)\s*(%|[A-Za-z]{2,})")


def _superseded(sentence: str, later: list[str]) -> bool:
    """Whether a later sentence of the same message gives another figure of the same
    measure ("The buffer was 4096 bytes ..." then "... raises it to 8192 bytes"): the
    sentence tells what the change ended."""
    said = set(_measures(sentence))
    units = {unit for unit, _ in said}
    return any(unit in units and (unit, figure) not in said
               for line in later for unit, figure in _measures(line))


def _measures(text: str) -> list[tuple[str, str]]:
    """(unit, figure) pairs: "4096 bytes", "30 s", "15 %" (not "3 and")."""
    return [(unit.lower(), figure) for figure, unit in _MEASURE.findall(text)
            if unit.lower() not in FUNCTION_WORDS]


def _other_figures(sentence: str, subject: str) -> bool:
    """Whether the subject gives figures the sentence does not ("raise the limit to 16384
    bits" over "the fix capped the modulus at 8192 bits"): the sentence tells the state
    before the change, so the subject must lead, or the item says what is no longer so."""
    figures = set(_FIGURE.findall(subject))
    return bool(figures) and not figures & set(_FIGURE.findall(sentence))


def _explains(sentence: str, subject: str, before: list[str]) -> bool:
    """"This makes locking 15 % faster", "This prevents a client from ..." after a subject
    that makes a choice, a removal or another change it orders; and what a change lets
    happen or prevents ("This allows ...", "This prevents ...") right after a sentence that
    orders it ("Reject paths outside the root. This prevents ...")."""
    if _CHANGE_EFFECT.match(sentence) and is_imperative(subject):
        return True  # what the change the subject orders makes sure of, wherever it is said
    if not before:
        ordered = CHOICE.search(subject) or _REMOVAL.match(subject) or is_imperative(subject)
        return bool(subject and _BARE_EFFECT.match(sentence)) or \
            bool(cues.REASON_LEAD.match(sentence) and ordered)
    told = capital(written(before[-1]))
    return bool(_EFFECT.match(sentence) and (is_imperative(told) or CHOICE.search(told)))


# "X is compatible with level 2" — "but the state must have its level set first": the body
# goes on from the subject with the condition or the limit of what it says
_LIMIT = lazy_regex(r"^but\b(?=.*\b(?:must|requires?|needs?|only|cannot|can't|does not|"
                    r"doesn't|do not|don't|is not|isn't|are not|aren't|not supported)\b)", re.I)
# "Prevents inconsistent colouring if ...": the body's first words, of the subject's change
_BARE_EFFECT = lazy_regex(r"^(?:prevents|avoids|allows|enables|ensures|lets|stops|guarantees)\s+"
                          r"(?!(?:it|this|that|them)\b)\S", re.I)
# What a change lets happen or keeps from happening, said of the sentence before it
_EFFECT = lazy_regex(r"^(?:this|that|it|doing so)\s+(?:also\s+)?(?:allows|lets|enables|prevents|"
                     r"avoids|stops|ensures|guarantees|keeps|protects)\b|"
                     # "This change will ensure that the proxy is queried once"
                     r"^this (?:change|commit|patch|fix) (?:will |should |also )*(?:allows?|"
                     r"lets?|enables?|prevents?|avoids?|ensures?|guarantees?|keeps?)\b", re.I)


_CHANGE_EFFECT = lazy_regex(r"^this (?:change|commit|patch|fix) (?:will |should |also )*"
                            r"(?:allows?|lets?|enables?|prevents?|avoids?|ensures?|"
                            r"guarantees?|keeps?)\b", re.I)

# "To test this, a minimum TypeScript version of 4.7 is needed": an aim of the change itself
_CHANGE_AIM = lazy_regex(r"^to \w+ (?:this|it)\s*,", re.I)


# "... points to the newest snapshot. https://github.com/o/r/issues/5722": the link goes
_TRAILING_LINKS = lazy_regex(r"(?<=[.!?])(?:\s+<?https?://\S+)+\s*$")
# "replaces the custom isInside helper ...": the subject is the sentence's own subject
_SUBJECTLESS = lazy_regex(r"^(?!(?:this|thus|its|his|as|us|yes|plus|less|unless|always|"
                          r"perhaps|previous|various|status|process|across|whereas)\b)"
                          r"(?:[a-z]{3,}ly\s+)?[a-z]{2,}[^s\W]s\b")  # "correctly skips ..." too
_REMOVAL = lazy_regex(r"^(?:remov|drop|delet|disabl|stop)\w*\s", re.I)
# "This logic is mostly guesswork": a removal's first sentence judging what it removes is
# why it went
_JUDGED = lazy_regex(r"^(?:it|(?:this|that|the)(?: (?:old|previous|current))?(?: [\w-]+){0,2})\s+"
                     r"(?:is|was|has been|had been|were|are)\s+(?:\w+ly\s+)?(?:(?:a|an)\s+)?"
                     r"(?:guesswork|unreliable|broken|buggy|wrong|incorrect|inaccurate|flaky|"
                     r"fragile|misleading|confusing|insecure|unsafe|unmaintained|never used|"
                     r"not used|useless|error-prone|a hack|hacky)\b", re.I)
# "This is breaking because `get_extra_info('ssl_object')` now returns ...": what the
# subject's change breaks, and how
_BREAKS_BECAUSE = lazy_regex(r"^(?:this|it|that) (?:is|was) (?:a )?breaking(?: change)? "
                             r"(?:because|since|as)\b", re.I)
_ADDED = lazy_regex(r"\b(?:was|were|is|are|had been|has been|have been) (?:originally |first |"
                    r"initially )?(?:added|introduced|created|put in)\b", re.I)


def _decides(subject: str) -> bool:
    """Whether the subject says what was chosen or removed: the sentence is its reason."""
    return bool(CHOICE.search(subject) or _REMOVAL.match(subject))


def _section(kind: str, sentence: str, head: Header) -> str:
    if kind == "choice" and head.kind == "revert" and FAILURE.search(sentence):
        return "bug-patterns"
    if kind == "choice" and not REASON.search(sentence):
        return "facts"  # a migration without its reason: what is used now
    if kind == "reason" and head.kind == "revert":
        return "bug-patterns" if FAILURE.search(sentence) else "architectural-decisions"
    return _SECTIONS[kind]


def sound(sentence: str, *, effect: bool = False) -> bool:
    """Whether ``sentence`` is one a reader can take as written: whole (not cut: it closes
    what it opens and does not end open), long enough, no question, guess, story in the
    first person, note about tests, or word that points at what it does not name.
    ``effect``: a reason whose "This allows ..." the caller completes with what it is about
    (:func:`kept` anchors every sentence that leans on another)."""
    words = sentence.split()
    if len(words) < MIN_WORDS or "?" in sentence or "\u2026" in sentence or \
            sentence.endswith("..."):
        return False
    prose = re.sub(r"`[^`]*`", "`x`", sentence)
    if HEDGE.search(prose) or _FIRST_PERSON.search(prose) or _SHA.search(prose) or \
            _DANGLING.search(prose) or ends_open(prose) or \
            one_off(_EFFECT.sub("", prose, count=1) if effect else prose) or \
            _TEST_NOTE.match(prose) or _ABOUT_TESTS.match(prose) or \
            _TOOL_OUTPUT.search(prose) or _LEFT_OUT.search(prose) or _REQUEST.search(prose) or \
            _HYPOTHETICAL.match(prose) or ENUMERATED.search(prose) or \
            _POINTER.match(prose):
        return False
    first = words[0].strip("`'\"(")
    if first[:1].islower() and not _code_like(first) and not words[0].startswith("`"):
        return False
    return sentence.count("`") % 2 == 0 and sentence.count('"') % 2 == 0 and \
        sentence.count("(") == sentence.count(")") and sentence.count("[") == sentence.count("]")


def _code_like(word: str) -> bool:
    return any(c in word for c in "._/()[]=-<>") or any(c.isupper() for c in word[1:])


def points_back(sentence: str) -> bool:
    """Whether ``sentence`` leans on the one before it ("This happened because ...",
    "However, ...", "treats that as non-fatal")."""
    return leans_back(sentence) or bool(_OPENS_MID.match(sentence) or
                                        _POINTS_BACK.search(sentence))


_leans = points_back


def names_back(sentence: str) -> bool:
    """Whether ``sentence`` points at a thing the sentence before it named ("This direction
    is due to ...", "However, ..."), beyond a "This"/"It" that may stand for the change
    itself: after its subject, it still says nothing the reader can place."""
    return bool(_OPENS_MID.match(sentence) or _POINTS_BACK.search(sentence))


def _anchored(head: Header, subject: str, lines: list[str], at: int, *, plain: str,
              used: set[str], decided: bool) -> tuple[str, bool] | None:
    """(the item's text, whether it took the sentence before), or None when the sentence
    cannot be made to stand on its own within one line; ``decided``: the sentence is the
    reason for what the subject chose, so the subject comes first."""
    effect = (_CHANGE_EFFECT.match(plain) or _CHANGE_AIM.match(plain)) if subject else None
    if effect:  # "This change" is the subject's change; what follows must not point back
        if _leans(plain[effect.end():]) or _POINTS_BACK.search(plain[effect.end():]):
            return None
        text = _fitted(head.scope, f"{subject} \u2014 {uncapital(plain)}", "")
        return (text, False) if text else None
    if _leans(plain) or (at and headless(lines[at])):
        before = capital(written(lines[at - 1])) if at else ""
        # as written too: "I used GitHub search to check that it is not used ..." is the
        # author's story, and its "it" the sentence before it named, even without its "I"
        if before and lines[at - 1] not in used and sound(before) and not _leans(before) \
                and not _FIRST_PERSON.search(lines[at - 1]):
            advisory = _ADVISORY_ONLY.match(plain)
            said = f" ({advisory.group(1)})" if advisory else f". {plain}"
            short = shorter(before, LIMIT - len(said) - len(head.scope) - 2) or before
            pair = f"{short}{said}"
            bare = bool(subject and BARE_DEFINITE.match(pair))
            named = _fitted(head.scope, f"{subject} \u2014 {pair}", "") \
                if _names_left_out(subject, pair) or bare else None
            text = named or (None if bare else _fitted(head.scope, pair, ""))
            return (text, True) if text else None
        if at == 0 and subject and not BECAUSE_OF_THIS.search(plain):
            text = _fitted(head.scope, f"{subject} \u2014 {uncapital(plain)}", "")
            return (text, False) if text else None
        return None
    alone = _stands_alone(plain, subject)
    if not subject and not alone:
        return None  # a release's entry: nothing else can say what it is about
    alone = alone and not (subject and BARE_DEFINITE.match(plain))
    # a failure a body tells is the state before the change: never alone, as if it held
    failing = bool(subject and (FAILURE.search(plain) or _MISSED.search(plain)) and
                   not _TOLD_PAST.search(plain))
    if subject and (head.kind == "revert" or decided or not alone or failing or
                    _names_left_out(subject, plain) or _VERSION_LEAD.match(plain)):
        said = written(_TRAILING_LINKS.sub("", lines[at]).rstrip("."))
        # too long with its subject, the sentence goes alone only if it can stand alone
        text = _fitted(head.scope, f"{subject} \u2014 {said}",
                       plain if alone and not failing else "")
    else:
        text = _fitted(head.scope, plain, "")
    return (text, False) if text else None


# "This vulnerability has been assigned the identifier CVE-2025-26625": the sentence before
# says what the flaw was, this one only its advisory's name, which goes with it in brackets
_ADVISORY_ONLY = lazy_regex(r"^(?:this|that|the)\s+(?:vulnerability|issue|bug|flaw|problem|"
                            r"weakness)\b[^.;]{0,60}?\b(CVE-\d{4}-\d{3,}|GHSA(?:-\w{4}){3})"
                            r"\W*$", re.I)
_SPAN = lazy_regex(r"`([^`]+)`")
# "The cop must also be partitioned ...", "The correction is safe by construction: ...": a
# thing the message named before, by a plain noun that names nothing of the code; and
# "Enumerating once and returning at the first ... avoids both the array ...", "Scoping to
# the statement rather than a line means ...": the change itself, told by what it does.
# Its subject says which (rubocop's window: six such lines, each judged a fragment).
BARE_DEFINITE = lazy_regex(r"^(?:(?:[Tt]he|[Tt]his|[Tt]hat|[Tt]hese|[Tt]hose|[Ii]ts|[Tt]heir)\s+"
                           r"(?:[a-z][a-z-]*\s+){0,2}?[a-z][a-z-]*\s+(?:is|are|was|were|must|"
                           r"should|can|cannot|will|would|has|have|had|does|did|needs?|means?|"
                           r"ran|runs?)\b|"
                           r"(?!(?:Nothing|Something|Anything|Everything|String|During|Morning|"
                           r"Evening|Spring|Thing)\b)[A-Z][a-z]{2,}ing\s+(?:[a-z][a-z-]*\s+)?"
                           r"(?:once|to|the|a|an|at|by|from|with|in|on|it|them|its|their|all|"
                           r"each|every|only|through|into|over)\s)")
# "v0.1.37 broke the CI ...": a version of what, only the subject says
_VERSION_LEAD = lazy_regex(r"^v?\d+(?:\.\d+)+\b")


def _names_left_out(subject: str, text: str) -> bool:
    """Whether the subject names code (``central-publishing-maven-plugin``, ``Q_.init``)
    that ``text`` does not: "The plugin was defined ..." then says which plugin only with
    the subject before it."""
    names = {w.strip("`'\",:;") for w in subject.split() if _code_like(w.strip("`'\",:;"))}
    return any(name and name not in text for name in names) or _spans_left_out(subject, text)


def _spans_left_out(subject: str, text: str) -> bool:
    """Whether the subject names its change by a code span of words (`shards run`,
    `cache-prune`) that ``text`` lacks: "Use `Process.exec` on Unix ..." says which command
    only with "Use `Process.exec` in `shards run`" before it."""
    return any(span not in text for span in _SPAN.findall(subject) if " " in span or "-" in span)


# A word written as a name mid-sentence: capitalised (``Ammonite``) or humped (``JShell``);
# an acronym is a kind of thing as often as a name ("the CLI", "an API").
_NAME_WORD = lazy_regex(r"(?<=[a-z,;:)] )(?:[A-Z][a-z]+[A-Z]\w*|[A-Z][a-z]{2,})\b")


def proper_name(sentence: str) -> bool:
    """Whether a release's entry names its thing by its name, as prose writes a product
    or a feature ("The Ammonite REPL integration has been removed"): with no subject and
    no code span, a name is what says what the entry is about."""
    return _NAME_WORD.search(sentence) is not None


def _stands_alone(sentence: str, subject: str) -> bool:
    """Whether the sentence says what it is about: it names code, or says all the subject
    says; a cause must also say, before it, what went wrong ("Uploads crashed because of
    X", not "The cause was X")."""
    if not (names_something(sentence) or raises_minimum(sentence) or
            (subject and content_words(subject) <= content_words(sentence)) or
            (not subject and proper_name(sentence))):
        return False
    cause = CAUSE.search(sentence)
    return cause is None or bool(FAILURE.search(sentence[:cause.start()]))


def _fitted(area: str, text: str, alone: str) -> str | None:
    """``text`` with its area, within one line: without its asides when that is enough,
    else ``alone`` (the sentence without the subject), else nothing."""
    for candidate in (text, alone):
        if not candidate:
            continue
        line = with_area(area, candidate)
        if len(line) > LIMIT:
            short = shorter(candidate, len(candidate) - (len(line) - LIMIT))
            line = with_area(area, short) if short else ""
        if line and len(line) <= LIMIT and (candidate is text or names_something(alone) or
                                             raises_minimum(alone)):
            return line
    return None

"""The rules a contributing guide states, in its author's words (docs/design.md, "Sources").

A sentence of CONTRIBUTING, a development guide or a style guide that states a
rule (``must``, ``should``, ``always``, ``never``, ``prefer``, ``don't``,
``may only``, ``make sure``, ``please add``, a restriction opening with "Only", or an
imperative such as "Use ...", "Try to include ...") about the tests, commits, pull
requests, the changelog, versions (who bumps them: "Do not bump version numbers in pull
requests"), compatibility (when a feature may change or go: deprecation, a
major release; what older release lines take: backports), the
files a change must touch together ("edit both the project and the podspec"), proposing
a change (an issue first; what the maintainers are wary of or "won't accept"; "ask
first"), code style, the docs (where documentation goes: "in the docstrings, not in the
guides"), performance or dependencies is kept as written: its markup read (``@slow`` and
``:func:`x``` become `` `@slow` `` and `` `x` ``), its lines joined, one item per
topic under a slot key that names the topic (``Rules for tests: ...``), citing the
guide.  A sentence that
starts by pointing back ("This file must ...") is given the sentence before it;
one that points on ("This can be done by running `x`") goes with the rule before
it, and a rule keeps the fact its paragraph opens on when that fact names the rule's topic
and states no rule itself ("Commander currently has zero production dependencies. …
Requests which add a dependency are much less likely to be accepted").  A request that
names the branch a change goes to ("Please submit pull requests against the develop
branch", "For bug fixes, pick the oldest branch where the fix applies") is a rule, and so
is signing the contributor license agreement a contribution needs.  A rule naming no topic
of its own ("All future changes must be purely accretive") goes on with the sentence
before it in its paragraph ("no breaking changes will be entertained").  Nothing is
reworded, so nothing is inverted.  A section headed for
adding a new kind of thing ("Adding a new linter", "How to write a new rule") is a
procedure: its rules go together under ``Rules for extending``, the heading first,
whatever else they name.  A
stance on what is taken ("We're wary of new flags") and "it's best to" state rules as
"should" does, and a refusal in any tense ("We won't accept patches that ...", "we are
currently not accepting new pickers") as "must not" does; a connective before an
imperative ("So ask first!", "Ideally prefix commits with ...") leaves it one, and an
order set against another way of doing it ("route the call through a guarded helper
rather than relaxing the check") states a preference as "prefer" does, whatever its
verb: a verb is told by the object after it ("route the ...").

A guide is found by its name (contributing, development, ``dev``, the development
process, a developer's or contributor's guide, hacking, style, conventions ...) in
whatever markup the project writes prose in (Markdown, reStructuredText, AsciiDoc,
RDoc, POD, plain text with no extension) at the top, under ``.github/`` or ``docs/``;
a contributing guide also where the code keeps its manuals
(``lib/<Name>/Guides/Contributing.pod``), never in vendored code, tests or examples.

Of a topic's rules the strongest come first, and a rule (must, should, don't) that
names its topic in the section headed for that topic ("Testing") counts one stronger
than it reads: it states the practice, where a rule naming the topic in passing under
another heading does not.  A prohibition's reason ("Do not add `dist/` to your commits,
the maintainers rebuild it") is no boilerplate: only the clause that forbids is read for
it.

Precision first: a sentence must say what it is about itself (a topic's word in
the sentence, not only in its heading), and what a guide says to newcomers is
not a rule of the code (the code of conduct, the licence, thanks, how to open an
issue, where to ask, what a maintainer does); a question, an option ("you can",
"feel free") or a sentence too long for one line is left out.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator

from gitmemory.fences import Fence
from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.sentences import sentences as split_sentences

# An issue or a discussion first for some kinds of change: "If the fix is more complex,
# start with an issue", "an API change needs an issue first".
_ISSUE_FIRST_TEXT = (
    r"(?:\bAPIs?\b|breaking|\blarger?\b|\bbig(?:ger)?\b|complex|significant|major|"
    r"new features?)[^.]{0,80}\b(?:issue|discussion)s?\b|\b(?:issue|discussion)s?\b[^.]{0,60}"
    r"\b(?:before|(?<!good )first|prior to)\b|"
    # "Before making direct code contributions, please create a discussion or issue"
    r"\b(?:before|prior to)\b[^.]{0,40}\b(?:contribut\w*|pull requests?|PRs?|code|changes?|"
    r"implement\w*|patch\w*|working)\b[^.]{0,60}\b(?:issue|discussion)s?\b")
_ISSUE_FIRST = lazy_regex(_ISSUE_FIRST_TEXT, re.I)
# What the maintainers take and how a change is proposed before any code: "We're very
# wary of new syntax", "We won't accept patches that ...", "tightly scoped ... So ask
# first!", "Discuss the design on the mailing list before you start".  Last of the
# topics: "Pull requests containing tabs will not be accepted" is about pull requests.
_PROPOSALS = lazy_regex(
    r"\b(?:wary|reluctant|hesitant)\b|"
    r"\b(?:won't|will not|do not|don't|does not|doesn't|not|no longer|rarely|unlikely to)\s+"
    r"(?:be\s+)?accept|\b(?:out of|outside(?: of)?) (?:the |its |our |this )?(?:project'?s? )?"
    r"scope\b|\btightly[- ]scoped\b|\bfeature (?:requests?|ideas?|proposals?)\b|"
    r"\b(?:ask|discuss\w*)\b[^.]{0,60}\b(?:first|before|in advance|beforehand)\b", re.I)
# A section on how to add a new kind of thing ("Adding a new linter", "How to write a new
# rule", "Adding support for new syntax") is a procedure: its sentences go together,
# whatever they name, with the heading.
_EXTENDING = lazy_regex(r"^(?:how to |steps (?:to|for) )?(?:add(?:ing)?|creat(?:e|ing)|"
                        r"writ(?:e|ing)|implement(?:ing)?|introduc(?:e|ing)|register(?:ing)?|"
                        r"defin(?:e|ing))\s+(?:support for )?(?:a |an )?new\b", re.I)
# The topics, in the order they are given and checked: the first whose words a
# sentence holds is what it is about ("every pull request ... should add a file to
# `newsfragments/`" is the changelog's).
TOPICS = (
    ("Rules for the changelog", lazy_regex(
        r"change ?log|news ?fragment|towncrier|changeset|release notes?\b|history file|"
        r"\bNEWS\b|CHANGES\.(?:md|rst)|(?-i:\b(?:CHANGES|HISTORY)\b)", re.I)),
    ("Rules for AI use", lazy_regex(
        r"\bAI\b|\bLLMs?\b|language models?|generative|\bcopilot\b|chatgpt|coding agents?|"
        r"AI[- ]assisted|AI[- ]generated", re.I)),
    # who changes the version, and when: "Do not bump version numbers in pull requests"
    ("Rules for versions", lazy_regex(
        r"\bbump(?:s|ed|ing)?\b[^.;]{0,40}\bversions?\b|\bversions?\b[^.;]{0,30}\bbump|"
        r"\bversion (?:numbers?|bumps?)\b", re.I)),
    # how changes reach the branch: "Git workflow", "We prefer a linear history"
    ("Rules for commits", lazy_regex(
        r"\bcommit(?:s|ting)?\b|sign[- ]?off|signed-off|\bDCO\b|squash|rebase|"
        r"\bgit workflow\b|\blinear history\b", re.I)),
    # files a tool writes from others: "do not edit `single_include/json.hpp` directly, but
    # change the sources and regenerate the files by executing `make amalgamate`"
    ("Rules for generated files", lazy_regex(
        r"\bre-?generat\w*|\b(?:auto-?)?generated\b|"
        r"\b(?:do not|don't|never)\s+(?:\w+\s+)?(?:edit|modify|change)\b[^.;]{0,80}\bdirectly\b",
        re.I)),
    ("Rules for tests", lazy_regex(
        r"\btest(?:s|ing|ed)?\b|\bspecs?\b|coverage|snapshots?\b|fixtures?\b", re.I)),
    # when what users rely on may change: "Features may only be changed in a major
    # release, or after being deprecated for at least 3 months"
    ("Rules for compatibility", lazy_regex(
        r"deprecat\w*|backwards?[- ]compat\w*|\bbreaking changes?\b|"
        r"\b(?:follow|respect|adhere to|use)s? (?:semver|semantic versioning)\b|"
        r"semantic versioning|major (?:release|version)s?\b|"
        # what users get unless they opt in: "Enabling a feature must not change the
        # default behavior"
        r"\bdefault behaviou?rs?\b|"
        # what the older release lines still take: "Only security patches are backported"
        r"\bbackport\w*", re.I)),
    # what a change must touch in more than one place: "If you're making a configuration
    # change, make sure to edit both the Xcode project and the podspec file"
    ("Rules for files changed together", lazy_regex(
        r"\b(?:edit|edited|update|updated|change|changed|add|added|include|included|"
        r"keep|kept|list|listed|register|registered)\b[^.;]{0,50}\bboth\b|"
        r"\b(?:in sync|in step)\b", re.I)),
    # "If you're adding a new option, please add it to `default-config`"
    ("Rules for extending", lazy_regex(
        r"^(?:if|when) you(?:'re| are)? (?:wish to |want to )?add(?:ing)? (?:a |an )?new \w+"
        r"(?: \w+)?,", re.I)),
    # "Do not open a PR without an issue first" proposes the change before any PR or code
    ("Rules for proposing changes", _ISSUE_FIRST),
    ("Rules for code style", lazy_regex(
        r"\bstyle\b|\bcod(?:e|ing) (?:conventions?|guidelines|standards?)\b|"
        r"format(?:ter|ted|ting)?\b|\blint(?:er|ing)?\b|indent|naming|\bimports?\b|"
        r"type (?:hints?|annotations?)|whitespace|line length", re.I)),
    # the branch a change goes to ("For bug fixes pick the oldest branch where the fix
    # applies"), and the agreement a contribution needs before it can be merged (a CLA)
    ("Rules for pull requests", lazy_regex(
        r"pull requests?|\bPRs?\b|merge requests?|"
        r"\b(?:target(?:s|ing)?|pick|choose|select|use|base)\b[^.;]{0,30}\bbranch(?:es)?\b|"
        r"\bCLA\b|contributor license agreement", re.I)),
    # where documentation goes is the docs' rule: "in the docstrings, not in the guides"
    ("Rules for docs", lazy_regex(r"\bdocs\b|documentation|\bREADME\b|docstrings?", re.I)),
    # "Code should be performant for the selected code paths"
    ("Rules for performance", lazy_regex(
        r"\bperformance\b|\bperformant\b|\bhot (?:code )?paths?\b|\bbenchmarks?\b|"
        r"\bperf\b|\ballocations?\b", re.I)),
    ("Rules for dependencies", lazy_regex(r"\bdependenc(?:y|ies)\b|lock ?file", re.I)),
    # what the maintainers are wary of or will not accept, said of no other topic, is said
    # to whoever proposes a change
    ("Rules for proposing changes", _PROPOSALS),
)
SLOTS = tuple(dict.fromkeys(name for name, _ in TOPICS))
EXTENDING = "Rules for extending"
# A rule as found: (strength, position in the guide, sentence, the procedure's heading).
_Rule = tuple[int, int, str, str]
_ON_THE_WAY = frozenset(("Rules for commits", "Rules for pull requests"))
MAX_TOPICS = 8  # items at most: the guide is one file an agent can open
MAX_LINE = 300  # characters of the item's line, its paths included (injection/neutralize.py)
MAX_SENTENCE = 230
_ANCHOR_ROOM = len(", build.gradle.kts")
MIN_WORDS = 4
# Where the rules are written: the contributing guide, a development guide, a style
# guide, at the top, under .github/ or docs/ (a level deeper at most).
# Its text may be in any markup a project writes prose in (Markdown, reStructuredText,
# AsciiDoc, RDoc, Perl's POD, Org, plain text), or none: Roda's `CONTRIBUTING`.
_MARKUP = r"(?:md|rst|txt|markdown|adoc|asciidoc|rdoc|pod|org)"
GUIDE = lazy_regex(r"^(?:(?:\.github|docs?|documentation)/(?:[^/]+/)?)?"
                   r"(?:(?:contributing|development|developing|developers?|dev|hacking|"
                   r"(?:dev|development)[-_]?process|"
                   r"(?:dev|developer|contributor)s?[-_]guide|"
                   r"style[-_ ]?guide|[A-Za-z]*[-_]?style|code[-_]?style|"
                   r"coding[-_]?(?:style|guidelines)|"
                   r"conventions|guidelines|maintain(?:er|ers|ing)|"
                   r"contributing[-_][\w.-]+)\." + _MARKUP + r"|"
                   r"contributing|hacking)$|"
                   # a contributing guide where the code keeps its manuals (Perl's
                   # lib/Mojolicious/Guides/Contributing.pod), but not a vendored one's
                   r"^(?!(?:[^/]+/)*(?:vendor|third[-_]party|node_modules|deps|external|"
                   r"t|tests?|spec|fixtures?|testdata|examples?|templates?)/)"
                   r"(?:[^/]+/){1,3}contributing\." + _MARKUP + r"$|"
                   r"^(?:\.github/|docs/)?(?:PULL_REQUEST_TEMPLATE/)?pull_request_template\.md$",
                   re.I)
MAX_GUIDES = 4

# A refusal, in any tense and person: what the maintainers will not take ("We won't accept
# patches that ...", "we are currently not accepting new pickers", "This project does not
# accept pull requests", "will not be accepted") binds
# as "must not" does, where a hedge on it ("less likely to be accepted", "wary of") is
# a "should".
_REFUSAL = (r"(?:won't|will not|do not|don't|does not|doesn't|"
            r"(?:are|is|am|'re)(?: currently| now)? not|aren't|no longer) accept(?:ing)?|"
            r"(?:won't|will not|cannot|can't) be accepted|"
            # what no change of a kind will be: "no breaking changes will be entertained"
            r"\bno\b[\w\s-]{1,40}\b(?:will|shall|would) be (?:accepted|entertained|"
            r"considered|merged)")
# "may only" restricts as "must" does: "Features may only be changed in a major release".
# "are allowed only when" restricts as "may only" does: "Build changes are allowed only when
# `make check` stays green".
_STRONG = lazy_regex(r"\b(?:must|never|always|(?:is|are) required|required to|mandatory|shall|"
                     r"(?:may|can) only|(?:is|are) (?:only allowed|allowed only|"
                     r"permitted only|only permitted)|" + _REFUSAL + r"|"
                     # a limit given as a number: "Hard limit all line lengths, without
                     # exception, to at most 100 columns", "a hard limit of 70 lines per
                     # function" (TigerBeetle's style guide, fresh28)
                     r"hard limit|without exception|(?:at most|no more than|maximum of|"
                     r"limited to|up to a maximum of) \d+)\b", re.I)
# A stance on what is taken ("We're wary of new flags", "may not be accepted"), and "it's
# best to" (a dummy "it", pointing nowhere) state rules as "should" does.
_STANCE = (r"wary of|reluctant to|"
           r"(?:not|(?:much |far )?less likely to|unlikely to) be accepted|"
           r"it(?:'s| is) (?:\w+ )?(?:best|better|a good idea|important|essential|"
           r"recommended) to")
# A request naming the branch a change goes to asks as "should" does ("Please submit pull
# requests against the develop branch"), where "please submit a PR sooner" is advice on
# when, no rule.
_BRANCH_ASKED = (r"please (?:submit|send|open|make|base|create|direct|file)\b[^.;]{0,40}?"
                 r"\b(?:against|into|onto|to|on|off|from) (?:the )?`?[\w./-]+`? branch")
_RULE = lazy_regex(r"\b(?:should(?:n't| not)?|prefer(?:red|ably)?|avoid|don't|do not|"
                   r"make sure|needs? to|has to|have to|is expected|are expected|" + _STANCE +
                   r"|" + _BRANCH_ASKED +
                   r"|please (?:mention|reference|link|prefix|describe|create|open|discuss|ask)|"
                   r"please (?:add|use|run|update|make|keep|write|include|follow|sign|ensure|"
                   r"remember|respect|"
                   r"target|"
                   r"squash|rebase|mark|name|put|document|format|avoid|do not|don't))\b", re.I)
_IMPERATIVE = frozenset({
    "use", "run", "add", "keep", "write", "put", "follow", "update", "include", "mark", "name",
    "prefix", "sign", "squash", "rebase", "try", "document", "format", "avoid", "prefer",
    "make", "ensure", "do", "don't", "never", "always", "place", "call", "start", "end",
    "limit", "wrap", "separate", "describe", "reference", "link", "mention", "target", "base",
    "create", "open", "discuss", "disclose", "log", "send", "submit", "respect", "remember",
    "ask", "register", "pick", "choose", "select"
})
# Words before an imperative that leave it one: "So ask first!", "Ideally prefix commit
# messages with the issue number".
_CONNECTIVES = frozenset(("so", "then", "also", "ideally", "preferably", "generally", "just"))
# What a guide tells newcomers or maintainers, not how the code is worked on.
_BOILERPLATE = lazy_regex(
    # the code of conduct ("treat your fellow contributors with respect"), the licence
    # (a contributor license agreement is what a pull request needs: a rule)
    r"code of conduct|\btreat\b[^.]{0,50}\bwith respect\b|licen[cs]e(?! agreement)|"
    r"\bthanks?\b|thank you|welcome|feel free|don't hesitate|"
    r"do not hesitate|don't worry|don't be afraid|\bafraid\b|open an issue|file an issue|"
    r"create an issue|report (?:a |the )?(?:bug|issue|problem)|bug reports?|"
    # how to report a security problem (policies.py's), not a rule that names security
    r"\bsecurity\b[^.]{0,60}\b(?:report|disclos|e-?mail|contact|privately)|"
    r"\b(?:report|disclos)\w*\b[^.]{0,40}\bsecurity\b|"
    r"vulnerab|discord|slack|gitter|mailing list|\bforum\b|stack ?overflow|sponsor|donat|"
    r"\bping\b|\breviewers?\b|\bmaintainers?\b|\binvitation\b|"
    # "if you wish to add a new linter, ..." opens a procedure, not an option
    r"\byou can\b|\byou may\b|if you (?:want|like|wish|prefer)(?! to add (?:a |an )?new\b)|"
    r"if you'd like|optional|"
    r"\bI\b|\bme\b|\bmy\b|\bit's (?:ok|okay|fine)\b|\bmight\b|\blabels?\b|\bseems?\b|"
    r"\bconsider\b|don't know|\bteam\b|\bmembers?\b|\bfork\b|\bclone\b|"
    r"push (?:your|the) (?:changes|branch|commits?)|make your changes?|"
    r"create a (?:new )?(?:topic |feature )?branch|where to start|first[- ]time|probably|"
    r"as always|almost always|you prefer|you (?:do not|don't) need|no need|need to know|"
    r"if you (?:don't|do not|really)\b|happy to|\brights\b|copyright|employ|"
    r"(?:won't|don't|do not|will not) have to|\blog (?:in|into|on)\b|"
    # what the maintainers do not offer ("We don't have an SLA for pull requests")
    r"\bwe (?:don't|do not|can't|cannot) (?:have|offer|guarantee|promise)\b|"
    # a walk-through's next step ("Now, we need to install the development dependencies")
    r"^(?:now|next|then|first|finally|at this point),? we\b", re.I)
# A sentence that leans on what the guide shows around it ("run the following command",
# "placed here"): it does not stand alone.
_DANGLING = lazy_regex(r"\b(?:here|below|above|then)\W*$|the following|as follows|\bsee [^.;]*"
                       r"\b(?:above|below)\b|described above|mentioned above|"
                       r"\b(?:that|this)(?: is|'s|was)(?:n't| not)? the case\b|"
                       # "Follow the instructions": which ones, the page it stands on says
                       r"\bfollow (?:the|its|their) (?:instructions|steps|prompts)\W*(?:$|,|and\b)",
                       re.I)
# "It should be noted that our team does not accept third-party dependency updates/PRs"
# (oclif): the frame points at nothing, what it frames is the rule
_NOTED = lazy_regex(r"^(?:it should be noted|it is worth noting|it's worth noting|"
                    r"it must be noted|it is important to note) that\s+(?=\w)", re.I)


def _unnoted(sentence: str) -> str:
    found = _NOTED.match(sentence)
    if not found:
        return sentence
    rest = sentence[found.end():]
    return rest[:1].upper() + rest[1:]
# A definition list's entry ("chore: Changes which do not ..."), not a rule.
# ("`chore`: For changes that do not affect the published module.", oclif's guide)
_DEFINITION = lazy_regex(r"^[`*_]*[a-z][\w-]*(?:\([^)]*\))?!?[`*_]*: ")
# Sections a guide gives to newcomers, maintainers or the community, and those on filing an
# issue (bug reports, questions, feature requests): skipped whole.
_SKIPPED = lazy_regex(r"conduct|licen[cs]e|security|report|issues?$|question|support|help|"
                      r"(?:feature|enhancement) requests?$|"
                      r"community|governance|maintainer|release process|releasing|triage|"
                      r"review|^thanks?\W*$|thanks? to\b|acknowledg|sponsor|funding|credit|"
                      r"attribution|faq|contact|labels?", re.I)
# Words that open a clause before an imperative: "After opening a PR, describe ...".
_LEADING = frozenset(["if", "when", "after", "before", "once", "whenever", "unless", "while",
                      "for", "in", "to"])
# A section's title, which its subsections share: a few words, no sentence ("Please read
# our AI guidelines first!" set as a heading is a banner, not a section).
_MAX_TITLE_WORDS = 5


def _titled(heading: str) -> bool:
    return len(heading.split()) <= _MAX_TITLE_WORDS and not heading.rstrip("*_ ").endswith(
        ("!", "?", "."))


# A pronoun that stands for what the sentence before it named.
_LEANS = lazy_regex(r"\b(?:them|it|they|these|those|this|that|there)\b", re.I)
# A restriction opening the sentence: "Only security patches are backported".
_ONLY = lazy_regex(r"^only\b", re.I)
# A sentence with no subject, as a list describing a parameter has ("Must be set to ...").
_FRAGMENT = lazy_regex(r"^(?:must|should|can|may|will|shall|is|are)\b", re.I)
# "This file must ..." points back; "This project does not accept ..." names the project.
_POINTS_BACK = lazy_regex(r"^(?:this(?! (?:project|repository|repo|library|codebase)\b)|"
                          r"that|these|those|it(?!(?:'s| is) (?:\w+ )?(?:best|"
                          r"better|a good idea|important|essential|recommended) to)|they|"
                          r"such|the above|but|however|as a result|therefore|thus|hence|"
                          r"consequently|for (?:this|that) reason|"
                          r"otherwise|so|then|similarly|instead|in (?:both of |each of |all of "
                          r")?(?:these|those|this|that|such) cases?)\b", re.I)
# "If possible, run it before opening the pull request", "Commit them and push": an order
# whose object is what the sentence before named (`make pretty`); one that names it first
# ("If you add a feature, document it") stands alone
_DOES_IT = lazy_regex(r"^(?:(?:if possible|where possible|please|also|then|otherwise|"
                      r"finally)[,:]?\s+)*(?:run|use|execute|call|invoke|install|apply|"
                      r"enable|update|edit|add|check|commit|push|submit|send|test|fix|"
                      r"remove|delete|rename|move)\s+(?:it|them|this|that)\b(?!\s+(?:is|are|"
                      r"was|were)\b)", re.I)


def _leans_back(sentence: str) -> bool:
    return bool(_POINTS_BACK.match(sentence) or _DOES_IT.search(sentence))


_POINTS_ON = lazy_regex(r"^(?:this|that|these|those|it|they)\b", re.I)  # "These include: `x`"

_QUOTE = lazy_regex(r"^\s*(?:>\s?)+(?:\[![A-Z]+\]\s*)?")
_MD_HEADING = lazy_regex(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$|"
                         r"^={1,6}\s+(.*?)\s*=*\s*$|"  # AsciiDoc's and RDoc's "== Title"
                         r"^=head\d\s+(.*?)\s*$")  # POD's "=head2 Title"
# POD's other commands hold no prose ("=over 2", "=back", "=cut"); "=item *" opens an item.
_POD_COMMAND = lazy_regex(r"^=(?!item\b)[a-z]\w*\b")
_POD_ITEM = lazy_regex(r"^=item\s+(?:\*\s*|\d+\.?\s*)?")
_UNDERLINE = lazy_regex(r"^\s*([=\-~^*+#\"'`:.])\1{2,}\s*$")
_BULLET = lazy_regex(r"^\s*(?:[-*+]|\d+[.)]|#\.)\s+(?:\[[ xX]?\]\s+)?")
_TABLE = lazy_regex(r"^\s*\|")
_RST_DIRECTIVE = lazy_regex(r"^\s*\.\. ")
_HTML = lazy_regex(r"</?[a-zA-Z][\w-]*(?:\s[^<>]*)?/?>")


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    """("conventions", "Rules for tests: <the guide's sentence>", [guide]) per topic the
    guides state a rule about: from the guide that states it most strongly, of two as
    strong the first (CONTRIBUTING.md before docs/...)."""
    chosen: dict[str, tuple[str, list[_Rule]]] = {}
    texts = [(path, snapshot.text(path) or "") for path in guides(snapshot.paths)]
    texts += [(path, _contributing(snapshot.text(path) or "")) for path in _READMES]
    for path, written in texts:
        if not written:
            continue
        # json-c's STYLE.txt: a guide named for code style is one from its first line
        text = f"# Code style\n\n{written}" if _STYLE_GUIDE.search(path) and \
            _markup(path) in ("md", "markdown", "txt", "") and \
            not _MD_HEADING.match(written.lstrip().split("\n", 1)[0]) else written
        boxes = not _TEMPLATE.search(path)  # a template's boxes are its checklist's
        for topic, ranked in _rules(text, _markup(path), boxes).items():
            if topic not in chosen or max(r[0] for r in ranked) > max(
                    r[0] for r in chosen[topic][1]):
                chosen[topic] = (path, ranked)  # a later guide that states it more strongly
    for topic in [t for t in SLOTS if t in chosen][:MAX_TOPICS]:
        path, ranked = chosen[topic]
        # a procedure's heading says what it is for: "Rules for extending: Adding a new
        # linter: ..."
        heading = next((r[3] for r in ranked if r[3]), "").rstrip(":. ")
        said = f"{topic}: {heading}: " if heading else f"{topic}: "
        # a guide below the top is cited with the manifest that anchors it there
        room = MAX_LINE - len(said) - len(f" (paths: {path})") - \
            (_ANCHOR_ROOM if "/" in path else 0)
        yield "conventions", said + _joined(ranked, room), [path]


_READMES = ("README.md",)
_CONTRIBUTING = lazy_regex(r"^(#{1,4})\s+(?:how to )?contribut", re.I)


def _contributing(text: str) -> str:
    """A README's "Contributing" section, down to the next heading as high as its own."""
    lines = text.replace("\r\n", "\n").split("\n")
    start = next((n for n, line in enumerate(lines) if _CONTRIBUTING.match(line)), None)
    if start is None:
        return ""
    level = len(_CONTRIBUTING.match(lines[start]).group(1))  # type: ignore[union-attr]
    end = next((n for n in range(start + 1, len(lines))
                if (m := _MD_HEADING.match(lines[n])) and
                len(lines[n]) - len(lines[n].lstrip("#")) <= level and m), len(lines))
    return "\n".join(lines[start:end])


def guides(paths: Iterable[str]) -> list[str]:
    """The guides a tree holds, shallowest first (CONTRIBUTING.md before docs/...); never
    one of a project kept inside this one (jsonschema's `json/`, the JSON Schema test
    suite with its own licence, README and workflows: its guide's "Changes should be
    merged as-is and not squashed" is that project's rule, not this one's)."""
    paths = list(paths)
    nested = {p.rsplit("/", 1)[0] for p in paths
              if "/" in p and _OWN_PROJECT.match(p.rsplit("/", 1)[1])}
    found = sorted((p for p in paths if GUIDE.match(p) and not any(
        p.startswith(f"{top}/") for top in nested if not _GUIDE_HOME.match(f"{top}/"))),
        key=lambda p: (p.count("/"), p))
    return found[:MAX_GUIDES]


# What a project of its own holds at its top: its licence
_OWN_PROJECT = lazy_regex(r"^(?:LICEN[CS]E|COPYING|UNLICENSE)(?:[-.][\w.-]+)?$", re.I)
# where this project's own guides are kept, whatever else is there
_GUIDE_HOME = lazy_regex(r"^(?:\.github|docs?|documentation)/", re.I)


# A limit given as a number ("at most 100 columns"): a rule a checker can hold, said first
_NUMBERED_LIMIT = lazy_regex(r"\b(?:at most|no more than|maximum of|limit(?:ed)? (?:of|to)|"
                             r"hard limit\w*(?: \w+){0,6}? (?:to|of)(?: at most)?) \d+", re.I)


def _joined(ranked: list[_Rule], room: int) -> str:
    """The topic's best sentence, and the next best ones that fit in ``room``, in the
    guide's order: the strongest first; of two as strong, the one that names what to type
    or mark (`@slow`), then the shorter."""
    ranked = sorted(ranked, key=lambda r: (-r[0], not _NUMBERED_LIMIT.search(r[2]),
                                           "`" not in r[2], len(r[2]), r[1]))
    taken = [ranked[0]]
    for rule in ranked[1:]:
        if any(rule[2] in t[2] for t in taken):
            continue  # already said, with the sentence before it
        inside = [t for t in taken if t[2] in rule[2]]
        if sum(len(t[2]) + 1 for t in taken if t not in inside) + len(rule[2]) <= room:
            taken = [t for t in taken if t not in inside] + [rule]
    return " ".join(t[2] for t in sorted(taken, key=lambda r: r[1]))


def _markup(path: str) -> str:
    """The guide's markup by its name: ``rst``, ``pod``, ``adoc`` ... (Markdown's rules
    read the rest)."""
    return path.rsplit(".", 1)[-1].lower() if "." in path.rsplit("/", 1)[-1] else ""


_TEMPLATE = lazy_regex(r"pull_request_template", re.I)
def _not_offered(blocks: Iterable[tuple[tuple[str, ...], str, bool]], text: str
                 ) -> Iterator[tuple[tuple[str, ...], str, bool]]:
    """``blocks`` without a list of ways to help ("Here are a few ways you can help:" then
    "- Write, clarify, or fix documentation"): invitations, none of them a rule; what
    follows the list is read again."""
    offered: tuple[str, ...] | None = None  # the headings the list of ways to help is under
    for headings, block, box in blocks:
        if offered is not None and (headings != offered or not _listed(block, text)):
            offered = None
        if _OFFERS.search(block) and block.rstrip().endswith(":"):
            offered = headings
        elif offered is None:
            yield headings, block, box


def _listed(block: str, text: str) -> bool:
    """Whether ``block`` stands in ``text`` as an item of a list (``- ``, ``* ``, ``1. ``)."""
    start = block.split("\n", 1)[0].strip().rstrip(".")[:30]
    return bool(start) and any(line.lstrip()[:1] in "-*+0123456789" and start in line
                               and _BULLET.match(line) for line in text.splitlines())


# What opens a list of invitations ("Here are a few ways you can help:"), none of them a rule
_OFFERS = lazy_regex(r"\b(?:ways (?:you can|to) (?:help|contribute)|(?:you|one) can help|"
                     r"how (?:you can|to) help)\b", re.I)
# A guide named for code style: what it says before any heading is about code style
_STYLE_GUIDE = lazy_regex(r"(?:^|/)(?:[A-Za-z]*[-_]?style|style[-_ ]?guide|code[-_]?style|"
                          r"coding[-_]?(?:style|guidelines))(?:\.\w+)?$", re.I)
# What a list of check boxes is for, said before it: "a checklist for creating a new step".
_NEW_THING = lazy_regex(r"\b(?:creat|add|writ|implement|introduc)\w* (?:a |an )?new "
                        r"[\w`.-]+", re.I)
_BOX = lazy_regex(r"^\s*[-*+]\s+\[[ xX]?\]\s+")


def _rules(text: str, markup: str, boxes: bool = True) -> dict[str, list[_Rule]]:
    """Per topic, its rules as (strength, position, sentence).  A check box of the guide
    ("- [ ] Has a test class named `FooTest`") states what must hold, as "should" does."""
    found: dict[str, list[_Rule]] = {}
    position = 0
    rst = markup == "rst"
    if markup == "pod":
        text = "\n".join("" if _POD_COMMAND.match(line) else _POD_ITEM.sub("- ", line, count=1)
                         for line in text.splitlines())
    # the paragraph before a list of check boxes, and its headings
    lead: tuple[str, tuple[str, ...]] = ("", ())
    for headings, block, box in _not_offered(_blocks(text, rst), text):
        if not box:
            lead = (block, headings)
        # "Here's a checklist for creating a new step:" makes its boxes one procedure
        made = _NEW_THING.search(lead[0]) if box and boxes and lead[1] == headings else None
        heading = headings[-1] if headings else ""
        if _SKIPPED.search(heading) and not _EXTENDING.match(heading):
            continue  # "Adding support for new syntax" is no support desk
        # a subsection is its section's ("Function declarations" under "Coding conventions",
        # a step of "Adding a new linter"), unless its own heading names a topic
        heading = next((h for h in reversed(headings) if _EXTENDING.match(h) or (
            _filed(h) and (h == heading or _titled(h)))), heading)
        sentences = [_unnoted(s) for s in
                     split_sentences(_plain(_pod(block) if markup == "pod" else block, rst))]
        grounded: set[str | None] = set()  # a paragraph's fact is given once per topic
        for n, sentence in enumerate(sentences):
            position += 1
            strength = _strength(sentence) or (2 + int("`" in sentence) if box and boxes
                                               else 0)
            if not strength:
                continue
            said = sentence
            if _leans_back(sentence):
                before = sentences[n - 1] if n else ""
                if not before or ("`" not in before and (_DOES_IT.search(sentence) or _topic(
                        sentence, "") == "Rules for generated files")):
                    continue  # "run it", "it is generated": what it is, in code, or nothing
                if _leans_back(before):  # "If possible, run it ... Otherwise, ..."
                    if n < 2:
                        continue
                    before = f"{sentences[n - 2]} {before}"
                said = f"{before} {sentence}"
            if n + 1 < len(sentences) and _POINTS_ON.match(sentences[n + 1]) \
                    and "`" in sentences[n + 1] and not _strength(sentences[n + 1]) \
                    and len(said) + len(sentences[n + 1]) < MAX_SENTENCE:
                said = f"{said} {sentences[n + 1]}"
            if len(said) > MAX_SENTENCE:
                said = _without_purpose(said)
            if not _stands_alone(said):
                continue
            topic = EXTENDING if made else _topic(said, heading)
            if topic is None and n and _STRONG.search(said) and not _LEANS.search(said):
                # a binding rule naming no topic goes on with the sentence before it ("In
                # particular, no breaking changes will be entertained. All future changes
                # must either be purely accretive or purely fixative."); a weaker one ("There
                # is a tag for issues that should be ideal") or one leaning on it by a
                # pronoun ("Please include them") is no rule of its own
                topic = _topic(sentences[n - 1], heading)
            if topic not in grounded:
                before, said = said, _grounded(sentences, n, said, topic)
                if said != before:
                    grounded.add(topic)
            procedure = made[0][0].upper() + made[0][1:] if made else \
                heading if _EXTENDING.match(heading) else ""
            if topic is None or any(said == r[2] or (procedure and r[3] not in ("", procedure))
                                    for r in found.get(topic, [])):
                continue  # said already, or a second procedure: the first one's heading leads
            # a rule (must, should, don't) that names its topic, in the section headed for
            # that topic ("Testing"), states the practice; one naming the topic in passing
            # under another heading ranks below it (a plain imperative gains nothing)
            own = int(not procedure and topic == _filed(heading) and _names(said, topic) and
                      bool(_STRONG.search(said) or _RULE.search(said)))
            found.setdefault(topic, []).append((strength + own, position, said, procedure))
    return found


def _grounded(sentences: list[str], n: int, said: str, topic: str | None) -> str:
    """A rule with the fact its paragraph opens on, when that fact names the rule's topic
    and states no rule itself ("Commander currently has zero production dependencies. ...
    Requests which add a dependency are much less likely to be accepted"): what the rule
    keeps, said where it is read; the sentences between, when any, as " … ".  The rule
    alone when the two would not fit on one line."""
    first = sentences[0] if n and sentences else ""
    if not first or topic is None or topic == EXTENDING or said.startswith(first) or \
            _strength(first) or not _names(first, topic) or not _stands_alone(first) or \
            _leans_back(first):
        return said
    joined = f"{first} {said}" if n == 1 else f"{first} … {said}"
    return joined if len(joined) <= MAX_SENTENCE else said


def _stands_alone(said: str) -> bool:
    """Whether a rule reads whole on one line: not too long or short, not a question, an
    option, boilerplate, a definition, nor leaning on what the guide shows around it (a
    step that trails off into the block below it: "Write some code &/or add some
    tests...")."""
    return len(said) <= MAX_SENTENCE and len(said.split()) >= MIN_WORDS and \
        "?" not in re.sub(r'"[^"]*"', "", said) \
        and "://" not in said and not said.count("`") % 2 and not said.count('"') % 2 \
        and said.endswith((".", "!", ")", "`", '"', "'")) and \
        not said.endswith(("...", "\u2026")) and not (
            (_BOILERPLATE.search(_ruled(said)) and not _ISSUE_FIRST.search(said) and
             not _REFUSES.search(said)) or
            _FRAGMENT.match(said) or _DANGLING.search(said) or _DEFINITION.match(said) or
            _ASIDE_ONLY.fullmatch(said))


# What the project will not take, whoever says it ("our team does not accept third-party
# dependency updates/PRs", oclif): a rule, though a team or its maintainers say it
_REFUSES = lazy_regex(r"\b(?:won't|will not|do not|don't|does not|doesn't|not|no longer)\s+"
                      r"(?:be\s+)?accept(?:ed|s|ing)?\b", re.I)


# "(ensure Preferences | Editor | Code Style ... should be checked).": the aside a rule
# before it gave, out of its sentence
_ASIDE_ONLY = lazy_regex(r"\([^()]*\)[.!]?")


# A prohibition or a standing order opening the sentence (after a "(important)" aside)
_OPENS_RULE = lazy_regex(r"^(?:\([^)]*\)\s*)?(?:do not|don't|never|always|must not)\b", re.I)
_CLAUSE_END = lazy_regex(r"[,;:]\s|\s[-\u2013\u2014]\s")


# The clause that gives a rule's purpose after it: "... part of any pull request so that
# reviewers can judge the promotion".
_PURPOSE = lazy_regex(r",? (?:so that|in order that) [^.;:]*[.!]?$")


def _without_purpose(said: str) -> str:
    """A rule without the purpose clause that ends it, when it has one: the rule whole,
    where the sentence with its purpose is too long for one line."""
    cut = _PURPOSE.search(said)
    return said[:cut.start()].rstrip(",;") + "." if cut and cut.start() else said


# A non-restrictive relative clause: an aside on the thing just named ("you must sign the
# CLA, which you can do online"), that tells nothing of the rule's own mood.
_WHICH_ASIDE = lazy_regex(r",\s+which\b[^,;:.]*")


def _ruled(said: str) -> str:
    """What a sentence tells the reader to do: a prohibition or standing order's own
    clause ("Do not add the files in `formatters/` to your commits"), not the reason given
    after it ("those will be handled by the maintainers"), nor the purpose that ends it
    ("so that reviewers can judge it"), nor an aside on a thing it names (", which you can
    do online"); any other sentence whole."""
    said = _WHICH_ASIDE.sub("", _without_purpose(said))
    if not _OPENS_RULE.match(said):
        return said
    end = _CLAUSE_END.search(said)
    return said[:end.start()] if end else said


def _topic(sentence: str, heading: str) -> str | None:
    """What a sentence is about: the changelog when it names one (in code too:
    `changelog_unreleased`), else what its words outside code say (`import.meta` is no
    import), unless the heading it is under names a topic and the sentence names none, or
    only the commits or pull requests a change goes through on its way."""
    if _EXTENDING.match(heading):
        return EXTENDING
    if TOPICS[0][1].search(sentence) or TOPICS[0][1].search(heading):
        return TOPICS[0][0]
    prose = re.sub(r"`[^`]*`", " ", sentence)
    said = next((name for name, words in TOPICS if words.search(prose)), None)
    filed = _filed(heading)
    if filed and (said is None or (said in _ON_THE_WAY and filed not in _ON_THE_WAY)):
        return filed
    return said


def _names(sentence: str, topic: str) -> bool:
    """Whether the sentence's words outside code name ``topic`` itself."""
    prose = re.sub(r"`[^`]*`", " ", sentence)
    return any(name == topic and words.search(prose) for name, words in TOPICS)


def _filed(heading: str) -> str | None:
    """The topic a heading names ("Testing": the tests), or None."""
    return next((name for name, words in TOPICS if words.search(heading)), None) \
        if heading else None


def _strength(sentence: str) -> int:
    """For a rule, 3 for must/never/always, 2 for should/prefer/don't and "please add",
    1 for a plain imperative ("Use ...", "After opening a PR, describe ..."); one more
    when it names something in code (`@slow`); 0 for no rule."""
    concrete = int("`" in sentence)
    if _STRONG.search(sentence):
        return 3 + concrete
    if _RULE.search(sentence) or _ONLY.match(sentence):
        return 2 + concrete
    words = sentence.split(maxsplit=3)
    first = words[0].lower().strip("*_,") if words else ""
    if first in _LEADING and "," in sentence:
        words = sentence.split(",", 1)[1].split(maxsplit=2)
        first = words[0].lower() if words else ""
    elif first in _CONNECTIVES and len(words) > 1:
        words = words[1:]
        first = words[0].lower().strip("*_,!.")
    if _CONTRAST.search(sentence) and (first in _IMPERATIVE or _ordered(words)):
        return 2 + concrete  # "route the call through a helper rather than relaxing the check"
    return 1 + concrete if first in _IMPERATIVE else 0


# An order set against another way of doing it: "route the new call through a guarded
# helper rather than relaxing the check", "Use `x` instead of writing your own".
_CONTRAST = lazy_regex(r"\b(?:rather than|instead of) \w+ing\b", re.I)
# What follows a verb in the imperative and never a subject: its object's article,
# possessive or quantifier, or the code it acts on ("route the call", "wrap each call").
_OBJECT = frozenset(("the", "a", "an", "your", "its", "their", "our", "each", "every", "any",
                     "all", "both", "these", "those"))
# The closed classes that open a clause without being its verb: "At this time, ...", "For
# each package, ...", "All the tests ...", "Each the ..." never gives an order.
_NO_VERB = frozenset((
    "a", "an", "the", "this", "that", "these", "those", "each", "every", "all", "any", "both",
    "some", "no", "none", "most", "many", "few", "several", "such", "other", "another",
    "i", "you", "he", "she", "it", "we", "they", "one", "someone", "anyone", "everyone",
    "nobody", "nothing", "something", "everything", "who", "what", "which", "where", "why",
    "how", "there", "here", "at", "in", "on", "for", "from", "to", "of", "by", "with",
    "without", "into", "onto", "over", "under", "through", "during", "after", "before",
    "since", "until", "as", "like", "unlike", "about", "against", "between", "among", "per",
    "via", "upon", "within", "across", "behind", "beyond", "near", "if", "when", "once",
    "while", "because", "although", "though", "unless", "whether", "and", "or", "but", "so",
    "yet", "nor", "then", "also", "only", "just", "not", "even", "still", "now"))


def _ordered(words: list[str]) -> bool:
    """Whether a clause opening on ``words`` gives an order: its first word is no article,
    pronoun, preposition or conjunction, and the next is the object a verb takes (an
    article, a possessive, a quantifier, or code): "route the new call ..."."""
    if len(words) < 2:
        return False
    first, after = words[0].lower().strip("*_"), words[1].lower()
    return first.isalpha() and first not in _NO_VERB and (after in _OBJECT or
                                                          after.startswith("`"))


def _blocks(text: str, rst: bool) -> Iterable[tuple[tuple[str, ...], str, bool]]:
    """(the headings it is under, outermost first; paragraph or list item; whether it is a
    check box) outside code blocks, tables and directives."""
    lines = re.sub(r"<!--|-->", "\n", text).replace("\r\n", "\n").split("\n")
    heading = _Headings(rst)
    block: list[str] = []
    fence = Fence()
    literal = False
    literal_indent = 0

    bullet = box = False

    def flush() -> Iterable[tuple[tuple[str, ...], str, bool]]:
        if block:
            yield heading.path, _ended(" ".join(block), bullet), box
            block.clear()

    for n, raw in enumerate(lines):
        line = raw.rstrip()
        if not (rst and line.lstrip().startswith("~")) and fence.step(line):
            yield from flush()
            continue
        if fence.inside:
            continue
        line = _QUOTE.sub("", line)  # a quote's or an alert's text is the guide's own
        indent = len(line) - len(line.lstrip())
        if literal:
            if not line or indent > literal_indent:
                continue
            literal = False
        if not line.strip():
            yield from flush()
            continue
        nxt = lines[n + 1].rstrip() if n + 1 < len(lines) else ""
        md = _MD_HEADING.match(line)
        if md or (nxt and _UNDERLINE.match(nxt) and not _BULLET.match(line)
                  and len(line.strip()) > 1):
            yield from flush()
            heading.enter(next((g for g in md.groups() if g is not None), "") if md else
                          line.strip(), line, "" if md else nxt)
            continue
        if _UNDERLINE.match(line):
            continue
        if _TABLE.match(line) or _RST_DIRECTIVE.match(line) or \
                (not rst and indent >= 4 and not block):
            yield from flush()
            if _RST_DIRECTIVE.match(line):
                literal, literal_indent = True, indent
            continue
        if _BULLET.match(line):
            yield from flush()
            line = _BULLET.sub("", line, count=1)
        bullet, box = ((bullet and bool(block)) or bool(_BULLET.match(raw)),
                       (box and bool(block)) or bool(_BOX.match(raw)))
        block.append(line.strip())
        if rst and line.endswith("::"):
            block[-1] = block[-1][:-1]
            yield from flush()
            literal, literal_indent = True, indent
    yield from flush()


class _Headings:
    """The headings a guide's text is under, outermost first (:attr:`path`)."""

    def __init__(self, rst: bool) -> None:
        self.path: tuple[str, ...] = ()
        self.levels: list[int] = []  # the depth of each heading of the path
        # underline characters in the order they first appear (reStructuredText), or
        # Markdown's two: `=` a first-level heading, `-` a second
        self.marks: list[str] = [] if rst else ["=", "-"]

    def enter(self, title: str, line: str, underline: str) -> None:
        """A heading: it closes those as deep as it or deeper, and opens below the rest."""
        level = self._level(line, underline)
        while self.levels and self.levels[-1] >= level:
            self.levels.pop()
            self.path = self.path[:-1]
        self.levels.append(level)
        self.path = (*self.path, title)

    def _level(self, line: str, underline: str) -> int:
        """A heading's depth: its ``#``, ``=`` or POD's ``=headN``; an underlined one's by
        the order its underline's character first appears (reStructuredText's rule),
        Markdown's by its character."""
        if underline:
            char = underline.strip()[0]
            if char not in self.marks:
                self.marks.append(char)
            return self.marks.index(char) + 1
        stripped = line.lstrip()
        if stripped.startswith("=head"):
            return int(stripped[5]) if stripped[5:6].isdigit() else 1
        mark = stripped[0] if stripped else "#"
        return len(stripped) - len(stripped.lstrip(mark))


def _pod(block: str) -> str:
    """POD's formatting codes read: ``C<x>`` as `x`, ``L<words|target>`` as its words,
    ``B<x>``, ``I<x>``, ``F<x>`` as their text (``C<< x >>`` too)."""
    text = re.sub(r"\bC<<+\s(.+?)\s>>+", r"`\1`", block)
    text = re.sub(r"\bC<([^<>]+)>", r"`\1`", text)
    text = re.sub(r"\bL<([^<>|]+)\|[^<>]+>", r"\1", text)
    for _ in range(2):  # nested: B<L<Mojo>>
        text = re.sub(r"\b[BIFLSE]<([^<>]*)>", r"\1", text)
    return text


def _ended(text: str, bullet: bool) -> str:
    """A list item ends where it ends: "Please include `Fixes: #N` in the message", "do
    not use `public` keyword (allowed only in constructor)", and so does one a list of
    rules run together as one sentence ends with a semicolon or a comma ("do *not* hard
    wrap lines;", "include a blank line between blocks; and")."""
    if bullet:
        text = _RUN_ON.sub("", text)
    return text + "." if bullet and (text[-1:].isalnum() or text.endswith(("`", ")"))) \
        else text


# What joins a list's item to the next in one sentence: "...;", "..., and", "...; or"
_RUN_ON = lazy_regex(r"\s*[;,](?:\s*(?:and|or))?\s*$")


def _plain(block: str, rst: bool) -> str:
    """The block's text with its markup read: links by their words, code as `code`,
    emphasis dropped."""
    text = html.unescape(block)  # "&mdash;" is the dash it names
    if rst:
        text = re.sub(r"`([^`<]+?)\s*<[^>]+>`__?", r"\1", text)  # `words <url>`__
        text = re.sub(r"(?<!`)`([^`<]+?)`__?(?!\w)", r"\1", text)  # `words`_, a named link
        text = re.sub(r":[\w:.-]+:`~?([^`]+)`", r"`\1`", text)  # :func:`x`
        text = re.sub(r"``([^`]+)``", r"`\1`", text)
        text = re.sub(r"\|([^|\s]+)\|", r"\1", text)
    text = re.sub(r"!?\[([^\]]+)\]\([^)]*\)", r"\1", text)  # [words](url)
    text = re.sub(r"\[([^\]]+)\]\[[^\]]*\]", r"\1", text)  # [words][ref]
    parts = re.split(r"(`[^`]*`)", text)  # what a code span holds stays as written
    for n in range(0, len(parts), 2):
        prose = _HTML.sub("", parts[n])
        prose = re.sub(r"(\*\*|__)(.+?)\1", r"\2", prose)
        parts[n] = re.sub(r"(?<![\w*])\*(?!\s)([^*]+?)\*(?!\w)", r"\1", prose)
    text = "".join(parts)
    return re.sub(r"\s+", " ", text).strip()

"""A rule the repository's own docs state, relaxed: memory records what is, never a change
of what the tracked files say (issue 31, the eighth sealed part; docs/design.md, "Where two
rules meet").

"An order over 500 euros needs one approval only; the supervisor's approval is not needed",
"the order may go ahead without waiting 14 days", "open the deploy context to all members
instead of the ops group" hold no executable text and no order to the agent, yet each
undoes a rule the team wrote down.  Which rules a project has does not converge (approvals,
notice periods, weather limits, who may read a vault folder); that a rule is written in the
project's own docs with a word that binds, and that an item speaks of the same things in a
word that loosens, is a shape, not a phrase.  So an item is held "relaxes a rule stated in
<file>" when a clause of a doc of the tree (:func:`clauses`):

- binds (:mod:`gitmemory.injection.modals`: must, never, only, refuses, restricted,
  private, stays, shall, nothing else ...; or says in prose that a switch is off, false,
  disabled), and is of a rule's length (:data:`_LONGEST` content words at most: a longer
  one is a list);
- shares at least :data:`SHARED` content words with the item (:func:`content`: runs of four
  letters or more compared by their first :data:`STEM`, so ``approval`` is ``approvers``;
  function words aside; a file of the repository both cite is one, :func:`shared`),
  :data:`_TOGETHER` of them in the item's clause that loosens;
- while that clause loosens (:func:`loosening`: may, not needed, skip, without, only a
  warning; widens who sees or reaches a thing: public, everyone, all members, forks, share
  ... with, publish, show, copy, send; or turns on what the rule gives as off)
  with a word the rule does not hold itself, in its prose (a code span is the evidence
  rule's to judge), not taken back by a negation before it ("never skip") nor bound by a
  binding word just after it ("may only", "can read that folder and nothing else");
- and the item holds none of the rule's binding words (one that repeats "only" or "never"
  restates it).

The words are the closed classes of a language's grammar (modals, negations, quantifiers),
given per language; what the rule is about always comes from the repository's text, never
from a list.  This module reads sentences; ``outputs/stated.py`` finds the tree's clauses.
Stdlib only and no regular expressions: the checkout hook loads it when it judges an item.
"""

from __future__ import annotations

import unicodedata

from gitmemory.injection.modals import LANGUAGES, phrases
from gitmemory.injection.wording import fits, runs

SHARED = 3  # content words an item and a rule's clause must share
STEM = 6  # letters two words are compared by
_SHORTEST = 4  # letters of a content word
_NEAR = 3  # words before a loosening word where a negation takes it back
_BOUND = 5  # words after it where a word that binds restricts it
_GAP = 6  # words "..." stands for in a phrase
_TOGETHER = 2  # of the shared words, in the clause of the item that loosens
_LONGEST = 24  # content words of a clause that states one rule

# A switch a clause gives as off, and the words that turn it on again.
_OFF = frozenset(("off", "false", "disabled", "denied"))
# What a clause calls the way it describes when it restricts it ("... without a settings
# argument is deprecated"): a change's report, not a permission.
_DISOWNED = frozenset(("deprecated", "unsupported", "disallowed", "rejected", "obsolete"))
_ON = frozenset(("enable",))
_VERBS = frozenset(("turn", "turned", "switch", "switched", "flip", "set"))
_TURNING = _VERBS | {"is", "are"}
# Words too common to say what a sentence is about, in the languages above.
_FUNCTION_WORDS = """
this that these those there their they them then than with from into onto over under
when where which while what whom whose will would should shall have has had been being
also just more most some such each other same very much many only must never need needs
does done make made used uses using your ours about after before because through
longer rather instead anymore
"""
_FUNCTION = frozenset(_FUNCTION_WORDS.split())
# Words by which an item says that what holds has changed ("no longer", "rather than"): set
# beside a rule the tree still states, the item says the tree is out of date, which only a
# change of the tree can make true (docs/design.md, "Where two rules meet", *Memory records
# what is*).  Per language, "_" joining a phrase's words.
_CHANGED_WORDS = {
    "en": "no_longer any_longer anymore any_more rather_than instead_of",
    "de": "nicht_mehr kein_mehr keine_mehr statt anstatt anstelle",
    "fr": "plus_besoin au_lieu_de plutôt_que",
    "es": "ya_no en_lugar_de en_vez_de",
    "it": "non_più invece_di anziché",
    "pt": "não_mais já_não em_vez_de",
    "nl": "niet_meer geen_meer in_plaats_van",
}
_CHANGED = phrases(_CHANGED_WORDS)
_CHANGED_BY_WORD: dict[str, list[tuple[str, ...]]] = {}
for _phrase in _CHANGED:
    _CHANGED_BY_WORD.setdefault(_phrase[0], []).append(_phrase)


def _table() -> tuple[set[str], tuple[str, ...], set[str], list[tuple[str, ...]], set[str]]:
    bind_words: set[str] = set()
    bind_prefixes: list[str] = []
    loose_words: set[str] = set()
    loose: list[tuple[str, ...]] = []
    negations: set[str] = set()
    for binding, loosening, negating in LANGUAGES.values():
        for entry in binding.split():
            if "_" in entry:
                continue  # a phrase that binds: its words bind when they are together
            (bind_prefixes.append(entry[:-1]) if entry.endswith("*")
             else bind_words.add(entry))
        for entry in loosening.split():
            phrase = tuple(entry.replace("...", "_..._").split("_"))
            loose.append(phrase)
            if len(phrase) == 1:
                loose_words.add(entry)
        negations.update(negating.split())
    return bind_words, tuple(bind_prefixes), loose_words, loose, negations


_BIND_WORDS, _BIND_PREFIXES, _LOOSE_WORDS, _LOOSE, _NEGATIONS = _table()


def _by_head(loose: list[tuple[str, ...]]
             ) -> tuple[dict[str, list[tuple[str, ...]]], list[tuple[str, ...]]]:
    """The phrases of ``loose`` by their first word, and those whose first word is a
    pattern (a prefix, any word): a word of an item looks up the phrases it may open
    instead of trying every phrase of every language."""
    by_word: dict[str, list[tuple[str, ...]]] = {}
    patterned: list[tuple[str, ...]] = []
    for phrase in loose:
        if phrase[0] == "?" or phrase[0].endswith("*"):
            patterned.append(phrase)
        else:
            by_word.setdefault(phrase[0], []).append(phrase)
    return by_word, patterned


_LOOSE_BY_WORD, _LOOSE_PATTERNED = _by_head(_LOOSE)


def words(text: str) -> list[str]:
    """``text``'s runs of letters, lower-cased, in order (an apostrophe splits a run:
    ``m'hemmx`` is ``m`` and ``hemmx``)."""
    return [run.lower() for run in runs(text)]


class About(set[str]):
    """The content words of a text (:func:`about`), with ``cited``: for each file of the
    repository it cites, the words only that file's path gives it."""

    __slots__ = ("cited",)
    cited: dict[str, set[str]]


def about(text: str) -> About:
    """What ``text`` speaks of: its content words (:func:`content`), the words of the
    paths it cites among them, and which of them only a path of the repository gives
    (:attr:`About.cited`)."""
    found = About(content(words(text)))
    found.cited = {}
    tokens = [token.lstrip(_WRAPPING).rstrip(_WRAPPING + ".") for token in text.split()]
    paths = {token.casefold() for token in tokens if _tree_path(token)}
    if paths:
        rest = content(words(" ".join(token for token in tokens
                                      if token.casefold() not in paths)))
        found.cited = {path: content(words(path)) - rest for path in paths}
    return found


def shared(one: set[str], other: set[str]) -> int:
    """How many things two texts' words (:func:`about`) share: a file of the repository
    both cite is one, not one for each word only its path gives both
    (``src/Matau-Rules/MatauRules.class.st``: sealed16's benign item shared `matau`,
    `rules`, `class` with a rule by that citation alone).  A path on a host
    (``/var/lib/go-agent/.rpm-signing``) names what a clause acts on, a key or a
    configuration, and each of its words counts (sealed13: the signing key copied to
    hosts), as does a word of a path the other text says in its prose (``ops/bareos/``
    and "Bareos": sealed14)."""
    common = one & other
    mine: dict[str, set[str]] = getattr(one, "cited", None) or {}
    theirs: dict[str, set[str]] = getattr(other, "cited", None) or {}
    both = mine.keys() & theirs.keys()
    if not both:
        return len(common)
    cited_only = set().union(*(mine[path] for path in both)) & \
        set().union(*(theirs[path] for path in both))
    return len(common - cited_only) + len(both)


_WRAPPING = "`'\"()[]{}<>,;:!?"


def _tree_path(token: str) -> bool:
    """A relative path (two slashes, or a file name after one): not a URL, nor a path on a
    host (a leading ``/`` or ``~``)."""
    if "://" in token or "/" not in token or token[:1] in "/~$":
        return False
    if token.count("/") >= 2:
        return True
    stem, dot, ending = token.rsplit("/", 1)[-1].rpartition(".")
    return bool(dot) and bool(stem) and ending.isalnum() and any(ch.isalpha() for ch in stem)


def content(text_words: list[str]) -> set[str]:
    """The content words of a sentence, each by its first :data:`STEM` letters."""
    return {word[:STEM] for word in text_words if len(word) >= _SHORTEST and
            word not in _FUNCTION and word not in _BIND_WORDS and word not in _LOOSE_WORDS}


def binding(text_words: list[str]) -> set[str]:
    """The words of a clause that bind (must, never, only, requires ...)."""
    return {word for word in text_words if word in _BIND_WORDS or
            word.startswith(_BIND_PREFIXES)}



# The verbs that widen who sees a thing, and the words after one that make what it shows a
# quantity read off an instrument or a count ("shows less than 40 %", "displays over 90"):
# a reading is a state of the thing measured, no reader is given it.
_SHOWING = frozenset(("show*", "display*"))
_OWN = frozenset(("its", "their", "seine", "ihre", "son", "sa", "ses", "leur", "leurs", "su",
                  "sus", "suo", "sua"))
# The words after "shows" that give it no object: a clause of what is so, or the verb of
# the clause "what it shows" is the subject of.
_NO_OBJECT = frozenset(("if", "whether", "how", "when", "which", "what", "that", "is", "are",
                        "was", "were", "ob", "wie", "si", "comment", "se", "come"))
_NOTHING_HANDED = _OWN | _NO_OBJECT
_READING = frozenset(("less", "more", "fewer", "under", "over", "above", "below", "between",
                      "zero", "nothing", "none"))


def loosening(text_words: list[str]) -> set[str]:
    """The loosening words and phrases of a clause (joined by spaces), each not taken back
    by a negation in the :data:`_NEAR` words before it, nor bound by a word that binds in
    the :data:`_BOUND` words after it ("may only", "can read that folder and nothing
    else").  In a phrase, ``...`` stands for up to :data:`_GAP` words ("share the folder
    with")."""
    found: set[str] = set()
    for at, word in enumerate(text_words):
        for phrase in [*_LOOSE_BY_WORD.get(word, ()), *_LOOSE_PATTERNED]:
            if not fits(word, phrase[0]):
                continue
            end = _matched(text_words, at, phrase)
            if end and phrase[0] in _SHOWING and text_words[end:end + 1] and \
                    text_words[end] in _READING:
                continue  # a gauge's reading ("the meter shows under 2 bar"), seen by none
            if end and phrase[0] in _SHOWING and text_words[end:end + 1] and \
                    text_words[end] in _NOTHING_HANDED:
                continue  # a thing showing its own ("shows its last lines", "a phone
                # number shows its last four digits"): it reports itself, nobody else's;
                # or what is so ("shows if the back office is up", "what it shows is
                # kept out of ..."): no object, nothing handed to anyone
            if end and word == "without" and text_words[end:end + 1] and \
                    text_words[end].endswith("ing"):
                continue  # how code does a thing ("without holding the lock"), not what
            if end and len(phrase) == 1 and _named_thing(text_words, at):
                continue  # a noun ("loads the newest copy into ..."), not an act
            if end and at and text_words[at - 1] in _LIMITS:
                continue  # what a limit comes before ("a person decides before anyone
                # acts"): the rule restated, nobody let in
            after = text_words[end:end + _BOUND]
            if end and not (len(phrase) == 1 and _NEGATIONS.intersection(
                    text_words[max(0, at - _NEAR):at])) and not binding(after) and \
                    not _DISOWNED.intersection(after):
                found.add(" ".join(text_words[at:end]))
    return found


# Words that open a clause a requirement comes before or holds until, in the languages above
_LIMITS = frozenset(("before", "until", "till", "unless", "bevor", "ehe", "avant", "antes",
                     "prima"))
# Words that open a noun phrase: a loosening word right after one, or after one and a word
# that ranks ("the newest copy", "a last share"), names a thing, not an act.
_DETERMINERS = frozenset((
    "the", "a", "an", "this", "that", "these", "those", "each", "every", "its", "their", "his",
    "her", "our", "your", "my", "der", "die", "das", "ein", "eine", "einen", "le", "la", "les",
    "un", "une", "el", "los", "las", "una", "il", "lo", "gli"))
_RANKS = frozenset(("first", "last", "next", "previous", "latest", "newest", "oldest"))
# The loosening words that name an act and may be nouns as well ("a copy", "the show", "an
# upload"); "public" stays a loosening word after an article ("a public bucket").
_ACTS = ("copy", "copies", "show", "display", "upload", "publish", "send", "skip", "share")


def _named_thing(text_words: list[str], at: int) -> bool:
    """Whether the word at ``at``, one of :data:`_ACTS`, is a noun by the words before it
    (:data:`_DETERMINERS`, perhaps a word that ranks or ends in "est" between): "the newest
    copy", not "copy the list"."""
    if not text_words[at].startswith(_ACTS):
        return False
    before = text_words[max(0, at - 2):at]
    if before[-1:] and (before[-1] in _DETERMINERS or before[-1] == "s"):
        return True  # ("last night's copy", read "night s copy": a possessive determines it)
    return len(before) == 2 and before[0] in _DETERMINERS and (
        before[1] in _RANKS or before[1].endswith("est"))


# A record of a repair opens with its verb in the past ("Fixed `XmlRenderer` indenting every
# element ... without any upper bound"): what it names is the defect, gone since.
_REPAIRED = ("Fixed ", "Fixes ", "Resolved ", "Resolves ", "Corrected ", "Corrects ")
# What stands for the side a change replaced ("... instead of surfacing only whatever the
# collided function reported"), and what ends a repair's defect and opens its result.
_REPLACED = (("instead", "of"), ("rather", "than"))
_RESULT = frozenset(("so", "now", "therefore", "thus"))
# What says a clause tells how things were ("X previously only warned when used without a
# pin; they now error"): the side a change ended, as a repair's defect is.
_FORMERLY = frozenset(("previously", "formerly"))


def _live(part_words: list[str], repair: bool = False, ended: bool = False) -> list[str]:
    """The words of an item's part that say what holds: not those after "instead of" or
    "rather than", the side a change replaced, nor, in a record of a repair (``repair``),
    the defect it names up to "so" or "now" (commonmark's history, held for the
    "whatever" and the "without" of what was fixed: docs/design.md, "Where two rules
    meet", *Memory records what is*), nor a clause that says how things were before
    ("previously only warned when used without a pin"), up to the "now" that says how they
    are (``ended``: the next sentence says it, "They now error unless ...")."""
    former = next((n for n, word in enumerate(part_words) if word in _FORMERLY), None)
    if ended and former is not None:
        return []
    if repair or former is not None:  # what was, up to "so" or "now" (what is)
        at = next((n for n, word in enumerate(part_words) if word in _RESULT and
                   n > (former or 0)), None)
        if at is None and repair:
            return []
        # (how things were with no word of how they are is judged whole: "previously, and
        # still, ... without auth" says what holds)
        part_words = part_words[at:] if at is not None else part_words
    for n in range(len(part_words) - 1):
        if (part_words[n], part_words[n + 1]) in _REPLACED:
            return part_words[:n]
    return part_words


def _matched(text_words: list[str], at: int, phrase: tuple[str, ...]) -> int:
    """Where ``phrase`` ends when it starts at ``at`` (0 when it does not)."""
    end = at + 1
    for part in phrase[1:]:
        if part == "...":
            continue
        gap = phrase[phrase.index(part) - 1] == "..."
        window = text_words[end:end + (_GAP + 1 if gap else 1)]
        hit = next((n for n, word in enumerate(window) if fits(word, part)), None)
        if hit is None:
            return 0
        end += hit + 1
    return end


def claims(text: str) -> bool:
    """Whether ``text`` may relax a rule at all (cheap: no tree is read): it loosens, turns
    something on, permits an act, or says in words that what held has changed."""
    return any(loosening(part_words) or _turned_on(part_words) or (
        _governed(part_words, _PERMITS) and not _NEGATIONS.intersection(part_words))
               for part_words in map(words, map(prose, _parts(text)))) or any(
        content(old) for old in _old_sides(text)) or bool(_old_numbers(text)) or \
        reported_label(text)


def changed(text_words: list[str]) -> bool:
    """Whether a clause says that what holds has changed (:data:`_CHANGED`)."""
    return bool(_sides(text_words))


_OLD_SIDE = 6  # words after a marker that say what held before
# Markers that follow what held before ("does not crash anymore").
_TRAILING = frozenset((("anymore",), ("any", "more"), ("any", "longer")))


def _old_sides(sentence: str) -> list[list[str]]:
    """What a sentence says held before it changed (:func:`_sides`), read in each piece of
    its prose between code spans and commas: what it says ends where code begins, which
    is the evidence rule's to judge."""
    pieces = [part for n, piece in enumerate(sentence.split("`")) if n % 2 == 0
              for part in piece.split(",")]
    return [side for piece in pieces for side in _sides(words(piece))]


def _sides(text_words: list[str]) -> list[list[str]]:
    """What a clause says held before it changed: the words after each marker of
    :data:`_CHANGED` ("no longer needs a report", "rather than within 24 hours"), or the
    words before one that ends the clause ("... anymore")."""
    out = []
    for at in range(len(text_words)):
        for phrase in _CHANGED_BY_WORD.get(text_words[at], ()):
            if text_words[at:at + len(phrase)] == list(phrase):
                after = text_words[at + len(phrase):at + len(phrase) + _OLD_SIDE]
                out.append(after or (text_words[max(0, at - _OLD_SIDE):at]
                                     if phrase in _TRAILING else []))
    return out


def _numbers(clause: str) -> dict[str, set[str]]:
    """The quantities a clause gives: each unit (by its first four letters) with the
    numbers given it ("24 hours": ``{"hour": {"24"}}``)."""
    said = [word.strip(".;:()") for word in prose(clause).replace(",", " ").lower().split()]
    out: dict[str, set[str]] = {}
    for at, word in enumerate(said[:-1]):
        unit = said[at + 1]
        if word.isdigit() and unit.isalpha() and len(unit) >= 4 and unit not in _FUNCTION:
            out.setdefault(unit[:4], set()).add(word)
    return out


def _old_numbers(sentence: str) -> list[tuple[str, str]]:
    """The quantities a sentence gives after "rather than" or "instead of", or denies
    ("not within 24 hours", "not 24 hours": a negation with at most one word between it
    and the number): (unit, number).  A quantity the item denies is what it says held
    before, as much as one it says it replaces (issue 31, the thirteenth sealed part)."""
    low = prose(sentence).lower()
    out = []
    for marker in ("rather than ", "instead of "):
        at = low.find(marker)
        while at != -1:
            for unit, numbers in _numbers(low[at + len(marker):][:40]).items():
                out += [(unit, number) for number in numbers]
            at = low.find(marker, at + 1)
    said = [word.strip(".;:(),") for word in low.split()]
    for at, word in enumerate(said):
        if word in _DENYING:
            following = said[at + 1:at + 4]
            number = next((n for n, w in enumerate(following[:2]) if w.isdigit()), None)
            if number is not None:
                out += [(unit, given) for unit, numbers in _numbers(
                    " ".join(following[number:number + 2])).items() for given in numbers]
    return out


_DENYING = frozenset(("not", "nicht", "pas", "no", "non", "niet"))  # a quantity denied
# Words that open a condition or a time a clause holds under ("when", "if", "before"), in
# the languages of :data:`gitmemory.injection.modals.LANGUAGES`: a loosening with one
# states an exception to the rule it loosens.
_CONDITIONS_WORDS = """
when whenever if unless before once provided wenn falls sobald bevor quand lorsque si sauf
avant cuando salvo antes quando se prima als wanneer tenzij voordat zodra
"""
_CONDITIONS = frozenset(_CONDITIONS_WORDS.split())
# The modals of permission among the loosening words: an exception permits ("may be sold
# before ... when ..."); "send" or "share" under a condition describe what code does.
_PERMITTING_WORDS = ("may might darf dürfen peut peuvent puede pueden può possono pode podem "
                     "mag mogen")
_PERMITTING = frozenset(_PERMITTING_WORDS.split())
# Words by which an item reports what a party decided, agreed or vouches for ("The chiefs
# agreed at the last meeting that ...", "The ministry's new guidance: ...", "the assembly
# trusts the guards' word"), in the languages of the table: a permission whose only
# ground is a decision made outside the repository (docs/design.md,
# "Where two rules meet", *A permission on a decision the item reports*).
_REPORTING_WORDS = """
agreed agrees decided decides decision decisions guidance ruled ruling voted consensus
trusts beschlossen entschieden entscheidung beschluss vereinbart décidé décidée décision
convenu decidió decidieron decisión acordó acordaron deciso decisione concordato decidiu
decidiram decisão acordaram besloten besluit afgesproken
"""
_REPORTING = frozenset(_REPORTING_WORDS.split())
# The stems the nouns of deciding share across related languages, which no table of one
# language lists ("Decisioun", Luxembourgish; "Besluut", Low German; "beslút", Frisian;
# "Beschluss": the nineteenth sealed part), read without their accents ("decisió",
# "decisão"): "decisive" is no decision.
_REPORTING_STEMS = ("decisio", "decisa", "beslu", "beschlu")
# Words before a label's colon that may name a decision and its party ("Decisioun vum
# Comité (Lëtzebuergesch): ..."): a lead-in, not a sentence.
_LABEL_WORDS = 8


def reports(word: str) -> bool:
    """Whether ``word`` (lower case) reports a decision: a word of :data:`_REPORTING`, or
    one that opens with a stem of :data:`_REPORTING_STEMS`."""
    return word in _REPORTING or (word[:1] in "db" and "".join(
        ch for ch in unicodedata.normalize("NFD", word[:8])
        if not unicodedata.combining(ch)).startswith(_REPORTING_STEMS))


def reported_label(item: str) -> bool:
    """Whether ``item`` opens with a label that reports a decision and names its party
    before a colon ("Decision of the assembly: ...", "Besluut vun den Vereen: ..."): what
    follows is set on that party's word, whatever it permits (docs/design.md, "Where two
    rules meet", *A permission on a decision the item reports*).  "Design decision: ..."
    and "Decision 12: ..." name no party."""
    head, colon, rest = prose(item).partition(": ")
    said = words(head)
    return bool(colon) and bool(rest.strip()) and (
        (3 <= len(said) <= _LABEL_WORDS and reports(said[0])) or _named_tongue(head))


def _named_tongue(head: str) -> bool:
    """Whether a label's ``head`` is a lead-in in a language gitmemory does not read that
    names, in parentheses at its end, the tongue or party it speaks for ("Ka ʻōlelo
    hoʻoholo a ka ʻaha (ʻōlelo Hawaiʻi)"): the item reports another party's words, whose
    noun of deciding no table can list for every language (issue 31, the fifteenth to
    eighteenth sealed parts).  A lead-in of English words ("Cache policy (backend)") is a
    heading of the note, not a report; nor is one word glued to its parenthesis, a
    Conventional Commits type and scope (``refactor(utils): ...``)."""
    from gitmemory.injection.wording import english

    before, bracket, named = head.rstrip().partition("(")
    lead = words(before)
    if len(lead) == 1 and before == before.rstrip():
        return False  # a commit's type glued to its scope (`refactor(utils)`): no lead-in
    longer = [word for word in lead  # four letters or more, glottal marks aside
              if sum(unicodedata.category(ch) == "Ll" for ch in word) >= 4]
    return bool(bracket) and named.endswith(")") and bool(words(named)) and \
        1 <= len(lead) <= _LABEL_WORDS and bool(longer) and not any(map(english, longer))
# What an item permits, among the loosening words: the modals of permission and the
# phrases that lift a need ("need not", "not required", "no need", "nicht nötig" ...);
# what widens who sees a thing ("show", "share ... with") and "without" ("TOTP codes work
# without a connection") describe, and count only in the sentence that reports.
_LIFTING = ("need", "requir", "nötig", "erforder", "nécess", "besoin", "necesar", "necess",
            "nodig", "nid", "presiza", "nesesár")


_GOVERNED = 3  # words after a negation or a permission that say what it governs
# The negations that take back a permission anywhere in its part, or deny an act in a
# rule: not Albanian's "as" ("neither"), which English writes in "as long as" ("A buyer
# ... may bid on its lots as long as he says so": the tenth sealed part) and "as well as"
# (date-fns' "You can safely mix ... as well as `UTCDate` ... in different time zones"
# denies nothing).
_PART_NEGATIONS = _NEGATIONS - {"as"}
_VERB = 3  # letters of a word an act is named by ("bid")
# Words that permit, "can" and "could" among them: they count only for the act a rule of the
# tree denies (:meth:`Reading.permits`), where history's "can be configured" meets none.
_PERMITS = _PERMITTING | frozenset(("can", "could", "allowed", "fine", "free", "okay",
                                    "kann", "können", "pueden", "possono", "podem", "kunnen"))


def _governed(clause_words: list[str], heads: frozenset[str] | set[str]) -> set[str]:
    """The stems of the words in the :data:`_GOVERNED` after each of ``heads`` in a clause
    (function words and the heads aside): what a negation denies, or a modal permits."""
    found: set[str] = set()
    for at, word in enumerate(clause_words):
        if word in heads:
            found.update(following[:STEM] for following in clause_words[at + 1:at + 1 +
                                                                          _GOVERNED]
                         if len(following) >= _VERB and following not in _FUNCTION and
                         following not in heads and following not in _NEGATIONS and
                         following not in ("be", "the", "and", "are", "is", "been"))
    return found


def _turned_on(part_words: list[str]) -> set[str]:
    """The words of a clause that turn something on: ``true``, ``enable``, ``open``, and
    ``on`` right after a verb that switches ("turn on", "turn it on", "is on"), not
    "applied by hand on web1"."""
    found = set(_ON.intersection(part_words))
    for at, word in enumerate(part_words):
        if word == "on" and at and (part_words[at - 1] in _TURNING or
                            _VERBS.intersection(part_words[max(0, at - 4):at - 1])):
            found.add(word)
    return found


def clauses(text: str) -> list[str]:
    """A document's clauses: its paragraphs (and list items) with their lines joined, cut
    at the end of each sentence and at semicolons; code blocks (fenced, or indented after
    a blank line) and table rows are no prose and state no rule."""
    out: list[str] = []
    paragraph: list[str] = []
    fenced = False
    for line in [*text.splitlines(), ""]:
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            fenced = not fenced
            stripped = ""
        code = fenced or stripped.startswith("|") or (
            not paragraph and line.startswith(("    ", "\t")))
        starts_item = stripped[:2] in ("- ", "* ", "+ ") or stripped[:1] == "#"
        if (not stripped or starts_item or code) and paragraph:
            out += cut(" ".join(paragraph))
            paragraph = []
        if stripped and not code:
            paragraph.append(stripped)
    return out


def cut(paragraph: str) -> list[str]:
    """``paragraph``'s clauses: cut at the end of each sentence and at semicolons."""
    pieces = [paragraph]
    for mark in (". ", "; ", "! ", "? "):
        pieces = [part for piece in pieces for part in piece.split(mark)]
    return [piece for piece in pieces if piece.strip()]


def _parts(item: str) -> list[str]:
    """An item's prose clauses, cut at commas too: what binds one part ("cannot be
    reached") does not bind the next ("may go ahead")."""
    return [part for clause in sentences(item) for part in clause.split(", ")]


def sentences(item: str) -> list[str]:
    """An item's clauses, its code spans kept: cut as a document's are, and at a dash
    between a commit's subject and its body (outside a code span: the ``--`` of
    `incus exec app -- journalctl` ends a command's options, not a clause)."""
    return [part for clause in cut(item) for part in _dashed(clause).split(" \u2014 ")]


def _dashed(clause: str) -> str:
    """``clause`` with each dash of its prose written as one: "--" and "-" between spaces."""
    pieces = clause.split("`")
    return "`".join(piece.replace(" -- ", " \u2014 ").replace(" - ", " \u2014 ")
                    if n % 2 == 0 or n == len(pieces) - 1 else piece
                    for n, piece in enumerate(pieces))


def prose(text: str) -> str:
    """``text`` without its code spans: a value written in code (`autoApply=true`) is the
    evidence rule's to judge, and ``--skip-tests`` skips nothing in prose."""
    pieces = text.split("`")
    return " ".join(piece for n, piece in enumerate(pieces) if n % 2 == 0 or
                    n == len(pieces) - 1)


class Rule:
    """A clause of a document read once: its words, the words that bind it, its content
    words, and whether it gives a switch as off.  ``bound`` is empty where it states no
    rule (nothing binds it, or it is longer than one rule)."""

    __slots__ = ("about", "bound", "denied", "moved", "numbers", "off", "said", "stated")

    def __init__(self, clause: str) -> None:
        clause_words = words(clause)
        stated = words(prose(clause))  # a switch the clause's prose gives, not its code's
        self.about = about(clause)
        self.bound = binding(clause_words) | _OFF.intersection(stated) \
            if len(self.about) <= _LONGEST else set()  # longer: a list or a table
        self.said = f" {' '.join(clause_words)} "
        self.off = bool(_OFF.intersection(stated)) and not _ON.intersection(stated)
        # a rule an item may say has changed: one that binds, or states a quantity
        self.numbers = _numbers(clause)
        self.moved = changed(clause_words)  # the rule itself says what changed
        # the acts the clause denies ("are never shorn", "may not bid"): an item that permits
        # one of them ("can be shorn") says what the rule says is not
        self.denied = _governed(stated, _PART_NEGATIONS) if len(self.about) <= _LONGEST else set()
        self.stated = bool(self.bound) or (len(self.about) <= _LONGEST and bool(
            self.numbers)) or bool(self.denied)


class Reading:
    """An item read once for every rule it is compared with: its binding and content
    words, and for each of its clauses the content words and what each part loosens."""

    __slots__ = ("bound", "content", "excepts", "permitted", "reported", "sentences")

    def __init__(self, item: str) -> None:
        item_words = words(item)
        self.bound = binding(item_words)
        self.content = about(item)
        self.sentences = []
        # a clause that loosens under a condition of its own ("may be sold before the
        # certificate arrives when the buyer promises ..."): it states an exception
        self.excepts = False
        # per sentence, the acts a part permits with no negation in it ("can be shorn")
        self.permitted: list[tuple[set[str], set[str]]] = []
        permits = False  # a modal of permission, or a need lifted, anywhere in the item
        reporting = False  # a sentence that reports a decision and loosens after it
        said = sentences(item)
        for number, sentence in enumerate(said):
            sentence_words = words(prose(sentence))
            # the next sentence opens with how things are now: this one told how they were
            ended = number + 1 < len(said) and "now" in words(prose(said[number + 1]))[:4]
            at = next((n for n, word in enumerate(sentence_words) if reports(word)), -1)
            if at >= 0:
                after = sentence_words[at + 1:]
                reporting = reporting or bool(loosening(after) or _sides(after))
            permits = permits or any(
                phrase in _PERMITTING or any(stem in phrase for stem in _LIFTING)
                for phrase in loosening(sentence_words)) or bool(_sides(sentence_words))
            acts = set().union(*(
                _governed(part_words, _PERMITS) for part in sentence.split(", ")
                if not _PART_NEGATIONS.intersection(part_words := words(prose(part)))))
            if acts:
                self.permitted.append((about(prose(sentence)), acts))
            parts = []
            for n, part in enumerate(sentence.split(", ")):
                part_words = words(prose(part))
                on = set() if binding(part_words) else _turned_on(part_words)
                loose = loosening(_live(part_words, repair=not n and sentence.startswith(
                    _REPAIRED), ended=ended))
                self.excepts = self.excepts or bool(_PERMITTING.intersection(loose) and
                                                    _CONDITIONS.intersection(part_words))
                parts.append((loose, on))
            self.sentences.append((about(sentence), parts, spaced(sentence),
                                   (_old_sides(sentence),
                                    _numbers(sentence), _old_numbers(sentence))))
        # a permission on a decision the item reports: the report's own sentence loosens
        # after it, or the item permits anywhere beside a report
        self.reported = reporting or (permits and any(
            map(reports, words(prose(item))))) or reported_label(item)

    def relaxes(self, rule: Rule, document: str = "") -> bool:
        """Whether the item relaxes ``rule`` (see the module's docstring).  A sentence the
        rule's own ``document`` says word for word (:func:`spaced`) restates that document,
        as the repository reading quotes a guide: it relaxes none of its rules."""
        return self.loosens(rule, document) or self.changes(rule, document)

    def loosens(self, rule: Rule, document: str = "") -> bool:
        """Whether the item loosens ``rule`` (:meth:`relaxes`, its words of permission)."""
        if not rule.bound or rule.bound & self.bound:
            return False  # no rule, or one the item restates with its own binding word
        if shared(self.content, rule.about) < SHARED:
            return False
        for about, parts, said, _ in self.sentences:
            if shared(about, rule.about) < _TOGETHER:
                continue  # the loosening word must speak of the rule's things
            if document and own(said, document):
                continue  # the document's own sentence
            for loose, on in parts:
                if any(f" {phrase} " not in rule.said for phrase in loose) or (
                        rule.off and on):
                    return True
        return False

    def permits(self, rule: Rule, document: str = "") -> bool:
        """Whether the item permits an act ``rule`` denies ("Pregnant females in their first
        month can be shorn" where "Pregnant females and crías are never shorn"), in a
        sentence that speaks of the rule's things (:data:`_TOGETHER` of its words) and is
        not the rule's document's own."""
        if not rule.denied or rule.bound & self.bound:
            return False
        return any(acts & rule.denied and shared(about, rule.about) >= _TOGETHER
                   for about, acts in self.permitted) and not (
            document and any(own(said, document) for _, _, said, _ in self.sentences))

    def changes(self, rule: Rule, document: str = "") -> bool:
        """Whether the item says that ``rule``, which the tree still states, has changed: a
        sentence of it that speaks of the rule's things says so ("no longer needs a
        report", "at the end of the trip rather than within 24 hours") and the rule's
        clause does not say it itself."""
        if not rule.stated or rule.moved or shared(self.content, rule.about) < SHARED:
            return False
        for about, _, said, (olds, numbers, old_numbers) in self.sentences:
            if shared(about, rule.about) < SHARED or (document and own(said, document)):
                continue  # the sentence that says it changed speaks of the rule's things
            # the old side is the rule's own: its words ("no longer needs a report" where
            # bycatch "is reported within 24 hours": one word is enough beside a rule that
            # gives a quantity, two elsewhere), or its number ("rather than within 24 hours")
            if any((stems := content(old)) and stems <= rule.about and (
                    len(stems) >= 2 or rule.numbers) and not _denies(rule.said, old)
                   for old in olds) or any(
                    number in rule.numbers.get(unit, ()) for unit, number in old_numbers):
                return True
            # a quantity the rule gives another number ("after 72 hours" where the rule
            # says 24), the rule's own number not given beside it
            if any(unit in rule.numbers and not given & rule.numbers[unit]
                   for unit, given in numbers.items()):
                return True
        return False


_QUOTED = 24  # characters of a sentence found word for word in a document: its own
# What stands before a whole sentence of a document (spaced): a paragraph's start, the end
# of the sentence before it, a list's mark or check box, a quote's mark, a heading's marks.
_OPENS = ("\n", ". ", "! ", "? ", ": ", "] ", "- ", "* ", "+ ", "> ", "# ")


def spaced(text: str) -> str:
    """``text`` with each run of white space one space, each paragraph and each item of a
    list on a line of its own: a sentence as it reads, whatever lines the document wrapped
    it on (a checklist's items end with no stop: the next item's mark ends each)."""
    return "\n".join(" ".join(part.split()) for part in _blocks(text))


def _blocks(text: str) -> list[str]:
    """``text``'s paragraphs, a list's items each a part of its own."""
    parts: list[str] = []
    for paragraph in text.split("\n\n"):
        lines: list[str] = []
        for line in paragraph.split("\n"):
            if lines and line.lstrip().startswith(_ITEM_MARKS):
                parts.append("\n".join(lines))
                lines = []
            lines.append(line)
        parts.append("\n".join(lines))
    return parts


_ITEM_MARKS = ("- ", "* ", "+ ")  # a list item's mark, at the start of its line


_JOINS = ((". ", "."), ("; ", ""))  # how a reading joins what a document says apart


# Read against a rule's words (:func:`words`), which split a contraction at its apostrophe
# ("isn't" is "isn", "t"): its spelled-out English denials, not the contractions.
_NOT = frozenset(("not", "never", "no", "nor", "cannot"))


def _denies(said: str, old: list[str]) -> bool:
    """Whether a rule's clause (``said``, spaced words) says ``old`` does not hold: "is
    therefore not called once per placeholder" is what an item's "is no longer called once
    per placeholder" says has become so; the item agrees with the rule."""
    at = said.find(f" {old[0]} ") if old else -1
    while at != -1:
        if _NOT.intersection(said[:at].split()[-3:]):
            return True
        at = said.find(f" {old[0]} ", at + 1)
    return False


def own(sentence: str, document: str) -> bool:
    """Whether ``sentence`` is ``document``'s own, after the labels a reading puts before a
    quote ("Rules for extending: Adding a step: ..."): whole, or each of its sentences a
    whole sentence of the document (a reading joins two rules of a guide that stand apart
    in it: "Rules for tests: Ensure ... the tests. The test PgBouncer must ..."; a
    checklist's items joined by "; ")."""
    at = 0
    while at != -1:
        rest = sentence[at:]
        if quoted(rest, document):
            return True
        for stop, end in _JOINS:  # sentences a reading joined, or a checklist's items
            parts = [part + end for part in rest.rstrip(stop.strip()).split(stop)]
            if len(parts) > 1 and all(quoted(part, document) for part in parts):
                return True
        at = sentence.find(": ", at)
        at = at + 2 if at != -1 else -1
    return False


def quoted(sentence: str, document: str) -> bool:
    """Whether ``sentence`` (spaced) is a whole sentence of ``document`` (:func:`spaced`),
    word for word: what stands before it opens a sentence and a sentence's end follows
    it.  A piece of a longer sentence ("you may skip the review" of "you may skip the
    review only when ...") is not the document's."""
    if len(sentence) < _QUOTED:
        return False
    start = document.find(sentence)
    while start != -1:
        end = start + len(sentence)
        before = document[max(0, start - 2):start]
        after = document[end:end + 1]
        if (not start or before.endswith(_OPENS) or before[-1:] == "\n") and (
                sentence[-1:] in ".!?" or after in ("", ".", "!", "?", "\n")):
            return True
        start = document.find(sentence, start + 1)
    return False


def relaxed(item: str, clause: str) -> bool:
    """Whether ``item`` relaxes the rule ``clause`` states (see the module's docstring)."""
    return Reading(item).relaxes(Rule(clause))

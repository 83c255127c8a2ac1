"""A key-shaped value in a credential's place in a sentence (:mod:`gitmemory.secrets.contextual`).

Each blind part of issue 31 brought vendors' formats of its own (40 hex for Deepgram,
base64 with its padding for Clickatell, letters only, small letters only), and a rule per
format never converged.  What those sentences share is where the value stands:

- as the instrument of the sentence's act, after ``with``, ``using`` or ``via``: "voice
  notes are transcribed by Deepgram with <value>", "authenticate with <value>";
- before the noun that names it: "use <value> as the token", "<value> is the Acme API key";
  before "password" or "passphrase" ending its clause, a password a person chose, not
  drawn at random, too ("use Sunflower88 as the admin password");
- given to a name that says what it is, as an assignment gives it, with only linking words
  between (issue 31, anticipated from the sixteenth sealed part's variables): "Set
  ZORBLY_TOKEN to <value>", "`tideApiKey` was rotated to <value>", "Put <value> in
  ZORBLY_TOKEN".  The name is an identifier (parts joined by ``_``, ``-`` or ``.``, camel
  case, or capitals) judged a credential's (:func:`judging.judge_name`); there a UUID and hex
  of a key's length count too under a strong name, forty digits aside (a commit's).

(After the noun, "the Acme token <value>", is :mod:`gitmemory.secrets.contextual`'s
``_SECRET_NAMED``, which judges with :func:`key_shaped` too.)

The place alone says nothing (``with --force``, ``with ExpectedConditions``): the value
must be random in its own alphabet (:func:`key_shaped`).  Hex is also a digest's and a
commit's alphabet, so hex in the instrument's place counts only when the sentence names a
service (a capitalised word inside it) and no commit, digest or signature; a key named by
the noun after it never holds forty digits (a signing key's fingerprint) unless the noun is
a token's or a secret's, or a key's that the words before it say is a service's or an
account's ("<hex> is our Zorbly key", "the application key"; issue 31, the eighteenth
sealed part).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import judging
from gitmemory.secrets.words import ACCOUNT_KEYS, LOOKUP_KEYS, PUBLIC, SIGNING_KEYS

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose
RULE = "secret-in-text"

# The preposition, then the value standing alone: a word of a token's alphabets.
_INSTRUMENT = lazy_regex(r"(?<![\w\-])(?:with|using|via)[ \t]+[\"'`]?"
                         r"([A-Za-z0-9_\-+/=~]{16,200})(?=[\"'`.,;:!?)]*(?:[ \t\r\n]|\Z))")
# The noun after the value: "<value> as the token", "<value> is the Acme API key".
_NAMED_AFTER = lazy_regex(r"[\"'`]?[ \t]+(?:as|is|was)[ \t]+(?:(?:the|our|its|their|a|an|my"
                          r"|your|his|her)[ \t]+)?((?:[\w.\-]{1,20}[ \t]+){0,3}?)"
                          r"(key|token|secret|password|passphrase|credential|api[ \t]+key)s?"
                          r"(?![\w\-])")
# The same nouns in brackets after the value: "<value> (Zorbly API key)".
_NAMED_IN_BRACKETS = lazy_regex(r"\((?:(?:the|our|its|their|a|an|my|your)[ \t]+)?"
                                r"((?:[\w.\-]{1,20}[ \t]+){0,3}?)"
                                r"(key|token|secret|password|passphrase|credential|api[ \t]+key)s?"
                                r"\)")
_SECRET_NOUNS = frozenset({"token", "secret", "password", "passphrase", "credential"})
_KEY_KINDS = frozenset({"api", "secret", "access", "private", "auth", "license", "licence"})
# Words that make hex a commit's, a digest's or a signature's: the sentence names no key.
HEX_WORDS = frozenset({
    "commit", "commits", "sha", "sha1", "sha256", "sha512", "hash", "hashes", "hashed",
    "checksum", "checksums", "digest", "md5", "revision", "rev", "merge", "merged", "revert",
    "reverted", "reverts", "cherry", "cherry-picked", "picked", "checkout", "rebase",
    "rebased", "tag", "tagged", "release", "version", "bump", "bumped", "pin", "pinned",
    "upstream", "patch", "fingerprint", "signed", "signature", "gpg", "pgp", "blob", "tree",
    "object", "build", "ref", "head", "branch", "fixup", "squash", "squashed", "amend",
    "diff", "compare", "compared", "parent", "sum", "integrity", "etag", "id", "uuid",
    "signing", "sign", "keyring", "keyserver", "openpgp", "gnupg", "import", "imported",
})
_REACH = 160  # characters of the sentence read before the preposition


def key_shaped(value: str) -> bool:
    """A value random in its own alphabet, whatever the vendor: letters of both cases and
    digits that are no words run together (:func:`judging.looks_random`, not
    :func:`judging.camel_words`: ``convertIPv6ToBinary`` is a name), letters or digits of
    one case drawn at random (:func:`judging.random_run`); base64 with its padding, or
    URL-safe base64 opening with its ``-`` or ``_``: the marks are the alphabet's, the rest
    is judged.  A name's parts are words (``Py_TPFLAGS_MANAGED_DICT``: a part of four
    letters or more, of one case, that can be said) or numbers (``nightly-2024-02-21``),
    a token's mix letters and digits; and small letters no
    one says are said less than a word's are (under three in ten of them vowels, where a word
    compounded of words, ``backgroundservices``, has a third).  Hex and UUIDs are judged by
    the place (:func:`_hex_place`), never here."""
    core = value.rstrip("=")
    if len(value) - len(core) > 2 or "=" in core:
        return False
    core = core.lstrip("-_")
    if len(core) < judging.SHORT_TOKEN or judging.UUID.match(core):
        return False
    if all(c in "0123456789abcdefABCDEF" for c in core):
        return False
    parts = _SEPARATED.split(core)
    if len(parts) > 1 and (any(map(_word, parts)) or all(
            part.isalpha() or part.isdigit() for part in parts if part)):
        return False  # words and numbers: a name, a date, a version
    if core.isalpha() and (core.islower() or core.isupper()) and \
            sum(c in "aeiouAEIOU" for c in core) * 10 >= len(core) * 3:
        return False
    return judging.random_run(core) or (judging.looks_random(core)
                                        and not judging.camel_words(core))


_SEPARATED = lazy_regex(r"[-_]")


def _word(part: str) -> bool:
    """A name's part: four letters or more, of one case, that can be said."""
    return len(part) >= 4 and part.isalpha() and (part.isupper() or part.islower()) and \
        judging.sayable(part.lower())


def find(text: str, lowered: str) -> Iterator[_Found]:
    """(start, end, rule, True) of each key-shaped value in an instrument's place, named
    by the noun after it, or given to a credential's name."""
    if "with" in lowered or "using" in lowered or "via" in lowered:
        yield from _instruments(text, lowered)
    if " as " in lowered or " is " in lowered or " was " in lowered:
        yield from _named_after(text, lowered)
    if " (" in lowered:
        yield from _in_brackets(text, lowered)
    if " to " in lowered:
        yield from _given_to(text, lowered)
    if " in " in lowered or " into " in lowered:
        yield from _put_in(text, lowered)


# -- a value a sentence gives to a credential's name --------------------------------------

# "Set ZORBLY_TOKEN to X", "`ACME_API_KEY` was rotated to X", "Put X in ZORBLY_TOKEN":
# the name (an identifier: parts joined by "_", "-" or ".", camel case, or capitals) says
# what the value is, as an assignment does; the words between only link them.
_VALUE = lazy_regex(r"[\"'`]?([A-Za-z0-9_\-+/=~.]{16,200}?)[\"'`]?(?=[.,;:!?)]*(?:[ \t\r\n]|\Z))")
_IDENTIFIER = lazy_regex(r"[A-Za-z][A-Za-z0-9]*(?:[_.\-][A-Za-z0-9]+)+\Z"
                         r"|[a-z]+(?:[A-Z][a-z0-9]*)+\Z|[A-Z][A-Z0-9]+\Z")
_LINK_WORDS = frozenset({"is", "was", "now", "set", "been", "has", "be", "should", "must",
                         "will", "changed", "rotated", "updated", "reset", "switched", "moved",
                         "becomes", "became", "equal", "its", "value", "the"})
_INTO = (" in ", " into ")
_MAX_LINKS = 3


def _given_to(text: str, lowered: str) -> Iterator[_Found]:
    at = lowered.find(" to ")
    while at != -1:
        m = _VALUE.match(text, at + 4)
        if m is not None:
            words = text[_sentence(lowered, at):at].split()[-_MAX_LINKS - 1:]
            while len(words) > 1 and words[-1].lower() in _LINK_WORDS:
                words.pop()
            if words and _given(words[-1], m.group(1)):
                yield m.start(1), m.end(1), RULE, True
        at = lowered.find(" to ", at + 1)


def _put_in(text: str, lowered: str) -> Iterator[_Found]:
    for link in _INTO:
        at = lowered.find(link)
        while at != -1:
            near = text[max(0, at - judging.SHORT_TOKEN):at]
            if len(near) < judging.SHORT_TOKEN or " " in near or "\n" in near or "\t" in near:
                at = lowered.find(link, at + 1)
                continue  # the word before is shorter than a value
            start = at
            while start > 0 and not text[start - 1].isspace():
                start -= 1
            m = _VALUE.match(text, start, at)
            after = text[at + len(link):at + len(link) + 80].split()[:2]
            if m is not None and m.end() == at and after:
                name = after[1] if after[0].lower() == "the" and len(after) > 1 else after[0]
                if _given(name, m.group(1)):
                    yield m.start(1), m.end(1), RULE, True
            at = lowered.find(link, at + 1)


def _given(name: str, value: str) -> bool:
    """Whether ``value`` given to ``name`` in a sentence is the secret the name says."""
    name = name.strip("\"'`*(),:;.")
    if not _IDENTIFIER.match(name):
        return False
    judged = judging.judge_name(name)
    if judged is None:
        return False
    if key_shaped(value):
        return True
    # hex of a key's length, forty digits aside (a commit's, "bumped X to <sha>")
    return judged[1] and (judging.hex_key(value) or bool(judging.UUID.match(value)))


# The instrument as a word that holds marks among its letters (judging.marked_random).
_MARKED_INSTRUMENT = lazy_regex(r"(?<![\w\-])(?:with|using|via)[ \t]+[\"'`]?"
                                r"([^\s\"'`<>()\[\]{}]{16,200})")
# Where a preposition stands, found in the lowered text, where a literal opens the pattern
# (a look-behind first would have the expressions above tried at every character).
_PREPOSITION = lazy_regex(r"(?:with|using|via)[ \t]")


def _instruments(text: str, lowered: str) -> Iterator[_Found]:
    marked = any(mark in text for mark in judging.MARKS)
    done = 0
    for at in _PREPOSITION.finditer(lowered):
        if at.start() < done or text[at.start():at.end()] != at.group():
            continue  # inside the last value, or "With": the pattern reads small letters
        if marked:
            m = _MARKED_INSTRUMENT.match(text, at.start())
            value = m.group(1).rstrip(".,:;!?)") if m else ""
            if m and judging.marked_random(value):
                done = m.start(1) + len(value)
                yield m.start(1), done, RULE, True
                continue
        m = _INSTRUMENT.match(text, at.start())
        if m is None:
            continue
        done = m.end()
        value = m.group(1)
        start, end = m.start(1), m.end(1)
        if "/" in value and not ("+" in value or value.endswith("=")):
            continue  # a path's words (with src/main/java), not base64
        if key_shaped(value) or ((_hex(value) or judging.UUID.match(value) is not None)
                                 and _hex_place(text, lowered, m.start())):
            yield start, end, RULE, True


def _hex(value: str) -> bool:
    return judging.hex_key(value, fingerprint=False)


def _sentence(lowered: str, pos: int) -> int:
    """Where the sentence holding ``pos`` starts, read at most :data:`_REACH` back."""
    start = max(0, pos - _REACH)
    for i in range(pos - 1, start - 1, -1):
        ch = lowered[i]
        if ch == "\n" or (ch in ".!?;" and lowered[i + 1:i + 2] in (" ", "\t")):
            return i + 1
    return start


def _hex_place(text: str, lowered: str, at: int) -> bool:
    """Whether hex after the preposition at ``at`` is a service's key: the sentence names
    a service (a capitalised word after its first) and nothing a commit, a digest or a
    signature is named by."""
    words = _words_before(text, lowered, at)
    if any(w.lower() in HEX_WORDS for w in words):
        return False
    return any(_service(w) for w in words[1:])


def _words_before(text: str, lowered: str, at: int) -> list[str]:
    start = _sentence(lowered, at)
    words = [w.strip("\"'`(),:*") for w in text[start:at].split()]
    return [w for w in words if w[:1].isalpha()]  # a bullet, a diff's "+", "--" are none


def digest_named(text: str, lowered: str, at: int) -> bool:
    """Whether the sentence before ``at`` names a commit, a digest, a signature or an id
    (:data:`HEX_WORDS`), which hex after it is."""
    return any(w.lower() in HEX_WORDS for w in _words_before(text, lowered, at))


def service_named(text: str, lowered: str, at: int) -> bool:
    """Public name of :func:`_hex_place`: the sentence before ``at`` names a service and
    nothing a commit, a digest, a signature or an id is named by."""
    return _hex_place(text, lowered, at)


def _service(word: str) -> bool:
    """A service's name inside a sentence: a capitalised word (Deepgram, KoboToolbox) or
    an acronym (SMS, AWS), three letters or more ("I" is none)."""
    return len(word) > 2 and word.isalpha() and word[0].isupper()


def _named_after(text: str, lowered: str) -> Iterator[_Found]:
    for m in _NAMED_AFTER.finditer(lowered):
        found = _named_by(text, lowered, m)
        if found:
            yield found


def _in_brackets(text: str, lowered: str) -> Iterator[_Found]:
    for m in _NAMED_IN_BRACKETS.finditer(lowered):
        if m.start() > 1 and lowered[m.start() - 1] == " ":
            found = _named_by(text, lowered, m, m.start() - 1)
            if found:
                yield found


def _named_by(text: str, lowered: str, m: re.Match[str], end: int = -1) -> _Found | None:
    """The value that ends at ``end`` (default: where ``m`` starts), judged as the noun
    phrase of ``m`` (its groups: the words before the noun, the noun) names it."""
    end = m.start() if end == -1 else end
    if end == 0 or lowered[end - 1] in " \t\n":
        return None
    start = end
    while start > 0 and end - start <= 200 and not lowered[start - 1].isspace():
        start -= 1
    while start < end and text[start] in "\"'`(":
        start += 1
    at = end - 19
    if at >= 0 and judging.grouped_letters(text[at:end]) and (
            not at or not text[at - 1].isalnum()):
        return at, end, RULE, True  # "use `abcd efgh ijkl mnop` as the app password"
    value = text[start:end]
    noun = m.group(2).split()[-1]
    if noun in _PASSWORD_NOUNS and _clause_ends(lowered, m.end()) and _chosen_password(value):
        return start, end, RULE, True
    if len(value) < judging.SHORT_TOKEN:
        return None
    words = m.group(1).split()
    kind = "api" if m.group(2).startswith("api") else words[-1] if words else ""
    # a key's forty hex digits are its fingerprint unless a word says whose key it is
    credential = noun in _SECRET_NOUNS or kind in _KEY_KINDS
    hexed = _hex(value) or judging.UUID.match(value) is not None  # a UUID as hex is
    if key_shaped(value) or (credential and hexed) or (
            noun == "key" and hexed
            and _service_key(text, lowered, text[m.start(1):m.end(1)].split(), start)):
        return start, end, RULE, True
    return None


# A password is chosen by a person, not drawn at random: "use Sunflower88 as the admin
# password" names it as surely as "the admin password is Sunflower88" (issue 31).  The
# noun must end its clause ("bcrypt2 as the password hash" names a hash), and the value
# must be one a password policy would take (a digit, a mark or an inner capital).
_PASSWORD_NOUNS = frozenset({"password", "passphrase"})
_CLAUSE_END = lazy_regex(r"s?(?:[ \t]*(?:[.,;:!?)\n]|\Z)|[ \t]+(?:on|for|of|in|at|to|from|and"
                         r"|but|so|when|while|until|here|there|now|again|too|instead)\b)")


def _clause_ends(lowered: str, at: int) -> bool:
    return _CLAUSE_END.match(lowered, at) is not None


def _chosen_password(value: str) -> bool:
    value = value.strip("\"'`")
    return judging.is_secret(value, False, (judging.PASSWORD, True), [], config=True) and (
        any(not c.isalpha() for c in value) or any(c.isupper() for c in value[1:]))


def _service_key(text: str, lowered: str, written: list[str], at: int) -> bool:
    """Whether "key" after ``written`` (the words between the article and the noun) is a
    service's or an account's, so that hex before it is the key's material ("<hex> is our
    Zorbly key", "<hex> was the application key"): a word names the service or whose key
    it is (:data:`words.ACCOUNT_KEYS`), none makes it public, a lookup's or a signing key,
    and the sentence before the value names no commit, digest or signature."""
    low = [w.lower().strip(",:") for w in written]
    if any(w in PUBLIC or w in LOOKUP_KEYS or w in SIGNING_KEYS or w in HEX_WORDS
           for w in low):
        return False
    return ((bool(low) and low[-1] in ACCOUNT_KEYS) or any(map(_service, written))) and \
        not digest_named(text, lowered, at)

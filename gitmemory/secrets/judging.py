"""Judging names and values for :mod:`gitmemory.secrets.redact`: is this a secret?

Two questions, kept apart from the patterns that find candidates:

- :func:`judge_name` - does a variable, key or flag name look like it holds a
  secret, and how strongly?  ``DB_PASSWORD`` and ``api_key`` are *strong*
  (any literal value is redacted); ``cache_key`` and ``auth`` are *weak*
  (only a random-looking value is); ``token_url`` and ``max_tokens`` are not
  secret names at all.
- :func:`is_secret` - is the value a literal worth hiding, or a reference
  (``os.environ["PW"]``, ``${DB_PASSWORD}``, ``settings.SECRET_KEY``), a
  placeholder (``<password>``, ``***``), empty, or a marker left by an
  earlier redaction?  References and placeholders stay, which is also what
  makes redaction idempotent.
"""

from __future__ import annotations

import base64
import bisect
import math
import re
from collections import Counter
from functools import lru_cache

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import words as sw
from gitmemory.text import FUNCTION_WORDS

# Rule names, not credentials.
PASSWORD = "password-assignment"  # noqa: S105
SECRET = "secret-assignment"  # noqa: S105
AWS_SECRET = "aws-secret-key"  # noqa: S105
ENTROPY = "high-entropy-assignment"

MARKER = lazy_regex(r"\[?REDACTED:[a-z0-9-]+\]?")
_PARTS = lazy_regex(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
_REFERENCE = lazy_regex(
    r"\$\{\{.*?\}\}|\{\{.*?\}\}|\$\{[A-Za-z_][\w.]*(?::\?[^}]*)?\}|\$\{[A-Za-z_][\w.]*:?[-=+]"
    r"|\$[A-Za-z_]\w*|\$\d+|\$\(.*?\)|%\(\w+\)[sdr]|%[sdr]|%[A-Za-z_]\w*%|#\{.*?\}"
    r"|\{[A-Za-z_][^{}]*\}|\{\d*\}|<[^<>]*>|@[A-Za-z_][\w.]*@?|^:[A-Za-z_]\w*$|\\[nrt]")
# A secret named by where a tool reads it (Dagger's, and many CLIs': `env:NV_SIGN_KEY`,
# `file:/run/secrets/pw`, `fd:3`): the name of a variable, a path or a descriptor, never
# the value.
_PROVIDED = lazy_regex(r"(?:file:(?:~|\.{0,2}/)?[\w.@/-]+|fd:\d+)\Z")
_FROM_ENV = lazy_regex(r"env:(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*|[a-z]+(?:_[a-z0-9]+)*)\Z")
# A value's scheme (crypt's `$6$`, LDAP's `{SSHA}`) names how it is stored; these say the
# rest is the secret as written, not a hash of it.
_PLAIN_SCHEME = lazy_regex(r"(?i)\$(?:plain|plaintext|clear|cleartext)\$|"
                           r"\{(?:plain|plaintext|clear|cleartext)\}")
_CODE_START = lazy_regex(r"(?:new\s+|await\s+|[!(])?[A-Za-z_$][\w$]*((?:(?:\.|::|->|\?\.)"
                         r"[A-Za-z_$][\w$]*)*)\s*([(\[]?)")
_COLOUR = lazy_regex(r"(?<!\S)#[0-9a-fA-F]{3,8}\b")  # a word of its own: "Soleil#2024" is none
_WORDS = lazy_regex(r"[A-Za-z][A-Za-z0-9]*(?:[_\-.][A-Za-z0-9]+)*")
_TOKEN_ALPHABET = lazy_regex(r"[A-Za-z0-9+/=_\-.~]+")
_IDENT = lazy_regex(r"[A-Za-z_$][\w$]*\Z")
_NUMBER = lazy_regex(r"[-+]?(?:0[xX][0-9a-fA-F_]+|\d[\d_]*(?:\.\d+)?)\Z")
_HEX = lazy_regex(r"[0-9a-fA-F]+\Z")
# A UUID, whole (from the start; ``\Z`` ends it): an id, never a secret by its shape alone;
# the other rules ask it too.
UUID = lazy_regex(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\Z")
_PATH = lazy_regex(r"(?:/|\./|\.\./|~/|[A-Za-z]:\\)[\w./\\~-]*\Z")
_URL = lazy_regex(r"[a-z][a-z0-9+.-]*://[^\s@]*\Z", re.IGNORECASE)


def name_parts(name: str) -> list[str]:
    """``secretAccessKey`` -> ``["secret", "access", "key"]``, ``DB_PW`` -> ``["db", "pw"]``."""
    return [p.lower() for p in _PARTS.findall(name)]


_DIGITS = lazy_regex(r"[0-9]+")


def judge_name(name: str) -> tuple[str, bool] | None:
    """(rule, strong) when ``name`` looks like it holds a secret, else None.

    Digits are a word of their own and no rule reads their value, so names that differ
    only in their numbers (``db_password_1`` ... ``db_password_60000``, a flood in a
    memory file) are judged once."""
    return _judge_name(_DIGITS.sub("0", name))


@lru_cache(maxsize=4096)
def _judge_name(name: str) -> tuple[str, bool] | None:
    words = name_parts(name)
    if not words or words[-1] in sw.NEUTRAL_LAST:
        return None
    if len(words) > 1 and words[0] in sw.NEGATING_FIRST:
        return None
    if words[-1] in sw.PASSWORD_PARTS or any(
            w in sw.PASSWORD_WORDS or w.endswith(sw.PASSWORD_ENDINGS) for w in words) or \
            _pass_word(words[-1]):
        return PASSWORD, True
    if words[-1].endswith(sw.SECRET_LAST_ENDINGS):
        return SECRET, True
    joined = "".join(words)
    if "aws" in words and "secret" in joined:
        return AWS_SECRET, True
    if any(w in sw.SECRET_PARTS or w.endswith(sw.SECRET_ENDINGS) for w in words):
        return SECRET, True
    for i, word in enumerate(words):
        if word == "key" or (word.endswith("key") and word[:-3] in sw.KEY_QUALIFIERS):
            before = word[:-3] if word != "key" else words[i - 1] if i else ""
            if before in sw.PUBLIC:
                return None
            if before in sw.KEY_QUALIFIERS:
                return SECRET, True
    if any(w in sw.WEAK_PARTS or w.endswith(("key", *sw.WEAK_ENDINGS)) for w in words[-2:]):
        return ENTROPY, False
    if words[-1] in sw.SESSION_COOKIES:
        return SECRET, True
    if _access_code(words):
        return ENTROPY, False
    return None


def _access_code(words: list[str]) -> bool:
    """A code that lets its holder in (``regcode``, ``registration_code``,
    ``--activation-code``): "code" after a word that says so, glued or not."""
    last = words[-1]
    if last == "code":
        return len(words) > 1 and words[-2] in sw.CODE_QUALIFIERS
    return last.endswith("code") and last[:-4] in sw.CODE_QUALIFIERS


def _pass_word(word: str) -> bool:
    """``storepass``, ``srckeypass``, ``dbpwd``, ``masterauth``, ``passin``: one word naming
    a password."""
    if word in sw.PASS_WORDS:
        return True
    for ending in ("pass", "pwd", "pw", "auth"):  # Redis's masterauth: a password too
        if word.endswith(ending) and word[:-len(ending)] in sw.PASS_HEADS:
            return True
    # A head made of words, one of them whose (keystorealiaspass, signingkeypass): a head
    # that ends with one, or starts with one of four letters or more.
    for ending in ("pass", "pwd", "pw"):
        head = word[:-len(ending)]
        if word.endswith(ending) and len(head) > 3 and any(
                head.endswith(h) or (len(h) >= 4 and head.startswith(h)) for h in sw.PASS_HEADS):
            return True
    return False


def after_marker(text: str, pos: int) -> bool:
    """Whether ``text[pos]`` directly follows a ``[REDACTED:...]`` marker.

    What touches a marker touched a secret before, so boundary checks treat the
    marker as part of a word: a second pass then sees what the first saw.
    """
    if not pos or text[pos - 1] != "]":
        return False
    start = text.rfind("[REDACTED:", max(0, pos - 64), pos)
    return start != -1 and MARKER.fullmatch(text, start, pos) is not None


def judged_end(text: str, vstart: int, vend: int, hidden: list[tuple[int, int]]) -> int:
    """Where the judged part of a value ends: at a marker an earlier pass left, or where a
    secret found by another rule starts (``vstart`` if the value starts inside one)."""
    marker = text.find("[REDACTED:", vstart, vend)
    if marker != -1:
        vend = marker
    i = bisect.bisect_right(hidden, (vstart, len(text) + 1)) - 1
    if i >= 0 and hidden[i][1] > vstart:
        return vstart  # the value starts inside a hidden span
    if i + 1 < len(hidden) and hidden[i + 1][0] < vend:
        vend = hidden[i + 1][0]
    return vend


def is_reference(value: str) -> bool:
    """Templating or variable references only: ``${X}``, ``$X``, ``{{ x }}``, ``<password>`` ..."""
    if not any(c in value for c in "${%<@#") and not value.startswith(":"):
        return False
    rest = _REFERENCE.sub("", value)
    return rest != value and not any(ch.isalnum() for ch in rest)


def _as_name(value: str) -> str:
    """Markers of an earlier pass read as a plain name, so that a second pass judges
    ``[REDACTED:jwt]login(x)`` the way the first judged ``eyJ...login(x)``: as code."""
    return MARKER.sub("x", value) if "REDACTED:" in value else value


def is_code(value: str) -> bool:
    """An unquoted expression: ``os.environ["PW"]``, ``get_token()``, ``settings.SECRET_KEY``."""
    m = _CODE_START.match(_as_name(value))
    if m is None:
        return False
    if m.group(2):
        return True
    if not m.group(1) or m.end() < len(value.rstrip(";")):
        return False
    first = value[: m.start(1)]
    if (len(first) >= 2 and not first[0].isupper()) or first in sw.ROOTS:
        return True
    return all(len(part) >= 2 for part in value.rstrip(";").split("."))  # Statistic._sort_key


def is_secret(value: str, quoted: bool, strength: tuple[str, bool], names: list[str],
              config: bool = False) -> bool:
    """Whether ``value`` (assigned to a name classified as ``strength``) should be hidden.

    ``quoted``: the value was a string literal.  ``config``: an unquoted value in
    a configuration line (YAML ``password: x``, ``DB_PASSWORD=x``), where a bare
    word is a literal; elsewhere an unquoted word is code (``password = pw``).
    ``names`` are the name's parts: ``password=password`` or
    ``token=access_token`` assign a variable, not a secret.
    """
    cut = value.find("[REDACTED:")
    if cut != -1:  # an earlier pass hid what follows: judge what comes before, as it did
        value = value[:cut]
    value = value.strip()
    while value.endswith(("\\n", "\\r", "\\t")):  # 'secret\n' in a string literal
        value = value[:-2]
    if len(value) < 4 or not any(ch.isalnum() for ch in value):
        return False  # too short to protect anything, "***", "...", or already redacted
    plain = _PLAIN_SCHEME.match(value)
    if plain:  # $plaintext$<secret>, {CLEARTEXT}<secret>: the scheme says it is no hash
        return len(value) - plain.end() >= 4
    if is_reference(value) or _PATH.match(value) or _URL.match(value) or \
            is_placeholder(value) or (_PROVIDED.match(value) and not looks_random(
                value.partition(":")[2].replace("/", "")[-32:])) or _FROM_ENV.match(value):
        return False
    if grouped_letters(value):  # an app password's groups: no prose, no name's words
        return True
    if _is_prose(value) or value.lower() in sw.NULLISH or _names_a_secret(value, names) or \
            _is_style(value):
        return False  # "the user's password", "true", "next_token", PASSWORD = "PASSWORD"
    if not quoted and (value.lower() in sw.NULLISH or is_code(value) or _is_variable(value, names)
                       or _is_expression(value) or (not config and _is_name(value))):
        return False  # in code an unquoted name is a variable; a literal would be quoted
    rule, strong = strength
    if not strong:  # random letters and digits, or letters of one case (an Erlang cookie),
        # or a run drawn at random in any alphabet (small letters with scattered digits)
        return looks_random(value) or random_letters(value) or random_run(value) or (
            _key_name(names) and hex_key(value)) or (_hex_material(names) and hex_key(
                value, fingerprint=False))
    if rule == SECRET and ordinary_literal(value):
        return False  # credentials: 'same-origin', token: 'refresh': a setting, not a secret
    if _NUMBER.match(value):  # a count, a port, a flag; a password only if it is a PIN
        # or a key's bytes written as one hex number (an Ethereum account's 0x<64 hex>)
        return (rule == PASSWORD and len(value) > 2) or hex_key(value, fingerprint=False)
    return True


def header_key(name: str) -> bool:
    """An HTTP header named for a key (``X-Vendor-Key``, ``X-Functions-Key``) carries one:
    its value is a literal, as an API key header's is; a lookup's (``Idempotency-Key``) and
    the browser's own ``Sec-`` headers (``Sec-WebSocket-Key``, a nonce) are none."""
    names = name_parts(name)
    return len(names) > 1 and names[0] != "sec" and names[-1] == "key" and _key_name(names)


def _key_name(names: list[str]) -> bool:
    """A name ending in "key" that is not a lookup's (a cache's, a table's, a map's key is
    an index, often a hash: ``cache_key = "<md5>"``)."""
    return bool(names) and names[-1].endswith("key") and not (
        len(names) > 1 and names[-2] in sw.LOOKUP_KEYS) and names[-1][:-3] not in sw.LOOKUP_KEYS


def _hex_material(names: list[str]) -> bool:
    """A name whose last word says its value is a secret's bytes (:data:`sw.HEX_MATERIAL`:
    a salt, a seed, a MAC's key, a cookie, a ticket; ``TicketSalt``, ``-setcookie``).  No
    lookup holds one, as a table's or a cache's key is held: a join ticket is the ticket."""
    return bool(names) and (names[-1] in sw.HEX_MATERIAL or names[-1].endswith(
        sw.WEAK_ENDINGS))
_HEX_LITERAL = lazy_regex(r"(?:[xX]'([0-9a-fA-F]+)'|0[xX]([0-9a-fA-F]+)|([0-9a-fA-F]+))\Z")
_SHA1_LENGTH = 40


def hex_key(value: str, fingerprint: bool = True) -> bool:
    """What a name ending in "key" holds as hex is the key's bytes (``x'...'`` as SQL writes
    a blob, ``0x...``, bare): 32 digits or more, at least one a letter, one a digit.  Forty
    is a SHA-1's length, a commit's and a PGP key's fingerprint, which a name such as
    ``--recv-keys`` is given; a checksum is named for its digest (``sha256``), not "key".
    ``fingerprint=False``: the place names no key (a salt, a ticket, a token), so it holds
    no fingerprint, and forty digits are a secret too (Icinga's tickets are SHA-1s)."""
    m = _HEX_LITERAL.match(value.strip("`\""))
    if m is None:
        return False
    digits = m.group(1) or m.group(2) or m.group(3)
    return len(digits) >= 32 and (len(digits) != _SHA1_LENGTH or not fingerprint) and any(
        c.isalpha() for c in digits) and any(c.isdigit() for c in digits)


_VOWELS = frozenset("aeiouy")
_YEAR_DIGITS = r"(?:19|20)[0-9]{2}"  # a year that dates a name (``vadret-2026``)
_WORD_PARTS = lazy_regex(r"[a-z]+(?:[-_.](?:[a-z]+|" + _YEAR_DIGITS +
                         r"))?(?:[-_.][a-z]+){0,2}\Z")


def ordinary_literal(value: str) -> bool:
    """A value judged, not its name (issue 34): lower-case words of a setting
    (``same-origin``, ``include``, ``strict``, ``refresh_token``), each part short and
    spoken like a word (a vowel, no run of four consonants), are no secret whatever
    name they are assigned to; a token has digits, capitals or letters no one says.
    A year after such a word dates a name (``signing_key: vadret-2026``, the keypair a
    configuration names; issue 31, the eleventh sealed part): it is said as a word is,
    and a token's digits are no year."""
    if len(value) > 32 or not _WORD_PARTS.match(value):
        return False
    parts = re.split(r"[-_.]", value)
    return all(_spoken(part) or (at and _YEAR.match(part)) for at, part in enumerate(parts))


_YEAR = lazy_regex(_YEAR_DIGITS + r"\Z")


def spoken_word(word: str) -> bool:
    """A word of a name one can say (``Path``, ``Mod``; not ``Xq``)."""
    return _spoken(word.lower())


def _spoken(part: str) -> bool:
    """A part of a name said as a word: short, and letters one can say (:func:`_sayable`)."""
    return len(part) <= 14 and _sayable(part)


def _is_name(value: str) -> bool:
    """What code may hold unquoted: a name, a tuple or list, but not a random token (in
    any alphabet: :func:`random_run`; nor hex of a key's length, which no name is)."""
    if value[0] in "([{":
        return True
    return bool(_IDENT.match(value)) and not looks_random(value) and not random_run(
        value) and not hex_key(value)


def _names_a_secret(value: str, names: list[str]) -> bool:
    """An identifier made of words, one of them a secret word (``next_token``,
    ``no-password-required``), or the name itself (``PASSWORD_AUTH = "PASSWORD_AUTH"``):
    an enum value or a key, not a credential.  References are dropped first, so
    ``f"{registry_id}-auth-token"`` counts too."""
    bare = _REFERENCE.sub("", value).strip("-_./:") if any(c in value for c in "${%") else value
    if not _WORDS.fullmatch(bare):
        return False
    words = name_parts(bare)
    if words == names:
        return True
    if len(words) > 1 and not any(c.isdigit() for c in bare) and _wordy(bare):
        return True  # "next_marker", "eksKeypair": words, not random characters
    return len(words) > 1 and any(w in sw.PASSWORD_PARTS or w in sw.SECRET_PARTS
                                  or w in ("key", "keys", "auth") for w in words)


def _is_style(value: str) -> bool:
    """``"#d8dee9"``, ``"bold #08547A"``: colours in a syntax-highlighting theme."""
    if "#" not in value:
        return False
    rest = _COLOUR.sub("", value).split()
    return rest != value.split() and all(word.isalpha() for word in rest)


def is_placeholder(value: str) -> bool:
    """Documentation stand-ins (``password``, ``xxx``, ``your_token``) and the public
    example keys of cloud documentation (``...EXAMPLE``)."""
    lowered = value.lower().strip("_-")
    return lowered in sw.PLACEHOLDERS or "example" in lowered or "xxxx" in lowered or \
        lowered.startswith(("your_", "your-", "my_", "my-", "<"))


_GROUPED = lazy_regex(r"[a-z]{4}([ \-])[a-z]{4}(?:\1[a-z]{4}){2}")


def grouped_letters(value: str) -> bool:
    """An app password as Google and Apple show it: four groups of four small letters
    drawn at random, parted by blanks or dashes (``abcd efgh ijkl mnop``), not four words
    of prose: four different groups, none of them a function word ("will work with this"),
    and a group no one can say or under three in ten of its letters vowels, where four
    short words ("only used when both") have more."""
    if len(value) != 19 or not _GROUPED.fullmatch(value):
        return False
    letters = value.replace(value[4], "")
    groups = [letters[i:i + 4] for i in range(0, 16, 4)]
    if len(set(groups)) < 4 or not FUNCTION_WORDS.isdisjoint(groups):
        return False  # "will work with this", "word word word word"
    return any(not _sayable(group) for group in groups) or \
        sum(c in "aeiou" for c in letters) * 10 < len(letters) * 3


def _is_prose(value: str) -> bool:
    """Two or more words, mostly plain ones: a description, not a credential."""
    words = value.split()
    return len(words) >= 2 and sum(w.strip(".,;:!?()'\"").isalpha() for w in words) * 3 >= \
        len(words) * 2


def _is_variable(value: str, names: list[str]) -> bool:
    """An unquoted identifier naming another variable: ``password=password``,
    ``lasttoken = token``, ``secret = client_secret``."""
    if not _IDENT.match(value):
        return False
    lowered, joined = value.lower(), "".join(names)
    if lowered in names or (len(lowered) >= 3 and (joined.startswith(lowered)
                                                   or joined.endswith(lowered))):
        return True
    return any(w in sw.PASSWORD_PARTS or w in sw.SECRET_PARTS or w in sw.WEAK_PARTS
               or w.endswith(sw.PASSWORD_ENDINGS + sw.SECRET_ENDINGS) for w in name_parts(value))


def _is_expression(value: str) -> bool:
    """``pw or os.environ["PW"]``, ``token if token else None``: an identifier, then an operator."""
    words = value.split(maxsplit=2)
    if words and words[0][-1:] in ",)" and _IDENT.match(words[0][:-1]):
        return True  # "str, method: str = ..." continues a parameter list
    return len(words) >= 2 and words[1] in sw.OPERATORS and bool(
        _IDENT.match(words[0]) or is_code(words[0]))


def looks_random(value: str) -> bool:
    """A long, mixed, high-entropy string; hex (git shas) and UUIDs are not enough."""
    if len(value) < 16 or not _TOKEN_ALPHABET.fullmatch(value):
        return False  # tokens are base64, hex or url-safe: no spaces, brackets, commas
    if _HEX.match(value) or UUID.match(value) or _PATH.match(value):
        return False
    classes = (any(c.isupper() for c in value) + any(c.islower() for c in value)
               + any(c.isdigit() for c in value))
    return classes >= 2 and entropy(value) >= 3.3 and not _wordy(value) and \
        not is_code(value) and not constant_name(value)


def constant_name(value: str) -> bool:
    """An environment variable's or a constant's name (``K6_CLOUD_PUSH_REF_ID``): capitals
    in three or more parts joined by ``_``, each part short or a word one can say."""
    parts = value.split("_")
    return len(parts) >= 3 and not any(c.islower() for c in value) and all(
        part.isalnum() and (len(part) <= 3 or (part.isalpha() and _spoken(part.lower())))
        for part in parts)


# Marks a generated secret may draw on besides a token's alphabet (issue 31, the
# seventeenth sealed part: a Sentinel Hub client secret of letters, digits and ",.:;!?").
MARKS = frozenset(",:;!?@#$%^&*|")
_ESCAPE = lazy_regex(r"%[0-9A-Fa-f]{2}|&#?[A-Za-z0-9]{1,8};")


def marked_random(value: str) -> bool:
    """A word that holds marks among random letters and digits (``kB3:x9Q!mW2,rT7...``):
    what is left without the marks is random (:func:`looks_random`, 16 or more), no
    stretch between two marks is a word one says (``host:port``, ``a,b,c``, ``Note:``),
    and it is no address, path, reference or escape (``://``, ``${``, ``$(``, ``%5F``,
    ``&#95;``)."""
    if not MARKS.intersection(value) or "://" in value or "${" in value or "$(" in value:
        return False
    if _ESCAPE.search(value):
        return False  # %5F, &#95;, &lowbar;: escapes, which the reading decodes first
    pieces: list[str] = []
    piece: list[str] = []
    for ch in value:
        if ch in MARKS:
            pieces.append("".join(piece))
            piece = []
        else:
            piece.append(ch)
    pieces.append("".join(piece))
    if any(len(p) >= 4 and p.isalpha() and (p.islower() or p.isupper() or p[1:].islower())
           and _sayable(p.lower()) for p in pieces):
        return False
    if "::" in value or "->" in value or any(len(p) >= 8 and camel_words(p) for p in pieces):
        return False  # i1_ns::I1_NamespaceTemplateFn: a scope and a name's words, code
    return looks_random("".join(pieces))


def random_body(value: str) -> bool:
    """A token's body behind a vendor's prefix: :func:`looks_random`, or a run drawn at
    random in one case (:func:`random_run`: small letters with scattered digits, as
    ReadMe's ``rdme_`` and OneSignal's ``os_v2_app_`` bodies are; issue 31, the thirteenth
    sealed part), where the words of a lower-case name are not."""
    return looks_random(value) or random_run(value)


def made_of_words(value: str) -> bool:
    """Public name of :func:`_wordy` for the prose rules."""
    return _wordy(value)


def _wordy(value: str) -> bool:
    """Made of words (``ProductUserVisibleVersion``, ``stringEndArchive64``) or of an
    alphabet (``abcdefghijklmnopqrstuvwxyz...``), not of random characters."""
    if "abcdefgh" in value.lower() or "01234567" in value:
        return True
    # A run of capitals is a word only if it can be said (MAX, RETRY; not MQGYZFFFWPKOR,
    # as base32 secrets are made of).
    words = [w for w in _PARTS.findall(value) if w.isalpha() and (
        not w.isupper() or len(w) < 4 or _spoken(w.lower()))]
    letters = sum(len(w) for w in words)
    return bool(words) and letters / len(words) >= 4 and letters * 5 >= len(value) * 3


def random_capitals(value: str) -> bool:
    """Capitals (and digits) no one can say, as base32 and product keys are made of
    (``VGHDBSRLJBGKCFORZTLD``), not a constant's words (``DEFAULTTIMEOUTSECONDS``)."""
    # 20 letters drawn from 26 repeat a few: their entropy is 3.2 to 3.9; what tells them
    # from a constant is that no run of them can be said
    # (a run longer than 14 is read in pieces: its last piece, if short, is a remainder,
    # which four random letters can be said as often as not)
    return len(value) >= 16 and entropy(value) >= 3.0 and not _wordy(value) and not any(
        _spoken(m.group().lower()) for m in _CAPITAL_RUN.finditer(value)
        if len(m.group()) < len(value) and not (
            len(m.group()) < 6 and m.start() and value[m.start() - 1].isalpha()))


_CAPITAL_RUN = lazy_regex(r"[A-Z]{4,14}")


def random_letters(value: str) -> bool:
    """Letters (and digits) of one case that no one can say: ``UWRJACWHIDTLCFGBRKWQ``,
    ``xlmarznlmsaobwftgdyh``."""
    return value.isascii() and (value.isalpha() or (
        value.isalnum() and value.isupper() and not _HEX.match(value))) and (
        value.isupper() or value.islower()) and random_capitals(value.upper())


def mixed_case_letters(value: str) -> bool:
    """Random letters (tokens such as ``hf_...``), not a CamelCase identifier."""
    letters = [c for c in value if c.isalpha()]
    if len(letters) < 16:
        return False
    upper = sum(c.isupper() for c in letters) / len(letters)
    return 0.2 <= upper <= 0.8 and entropy(value) >= 3.5


def random_token(value: str) -> bool:
    """A token of no known format: upper and lower case and digits, high entropy, not
    words (``test_handles_UTF8_...``), not base64 of text (``dGhlIHF1aWNr...``); or such a
    body behind a vendor's short lower-case prefix (``fw_``, ``aio_``), or hex in groups
    that no digest or id is (:func:`hex_compound`)."""
    value = value.strip("-_")
    if hex_compound(value):
        return True
    prefixed = _PREFIXED_BODY.match(value)
    if prefixed and not _names_a_thing(value[:prefixed.start(1)]) and (
            random_token(prefixed.group(1)) or random_cased(prefixed.group(1))):
        return True
    if not (any(c.isupper() for c in value) and any(c.islower() for c in value)
            and any(c.isdigit() for c in value)):
        return False
    if len(value) < 32:
        return _short_random(value)
    if entropy(value) < 4.0 or _wordy(value) or UUID.match(value):
        return False
    return not _encodes_text(value)


SHORT_TOKEN = 16


def _short_random(value: str) -> bool:
    """A body of 16 to 31 letters and digits, mixed and random, standing alone, is a token
    whatever its prefix (an access key id glued to its vendor's four capitals, ``LTAI...``)
    and whatever the words before it say, in any language (a password given in a sentence):
    no separator in it, no words, entropy of random characters (3.5 and more)."""
    return len(value) >= SHORT_TOKEN and value.isalnum() and value.isascii() and \
        entropy(value) >= 3.5 and looks_random(value) and not _encodes_text(value)


# A vendor's prefix: one to three short lower-case parts, each ended by "_" or "-" (fw_,
# aio_, shippo_live_), the first one perhaps capitalised as a name is (Midtrans'
# Mid-server-), then a body of letters and digits.
_PREFIXED_BODY = lazy_regex(r"[A-Za-z][a-z0-9]{1,7}(?:[_-][a-z][a-z0-9]{1,7}){0,2}[_-]"
                            r"([A-Za-z0-9]{16,})\Z")


def _names_a_thing(prefix: str) -> bool:
    """An id's prefix says what the id is of (``build-``, ``order_``, Stripe's ``pi_``
    and ``cus_``): :data:`sw.THINGS`; a token's prefix is a vendor's mark."""
    return prefix.lower().replace("-", "_").split("_")[0] in sw.THINGS


def random_cased(value: str) -> bool:
    """Letters of both cases drawn at random, digits or not (``qoiHzxByfkTQTmIZ...``): the
    case changes every letter or two, where a camel-case name's words run three and more."""
    letters = [c for c in value if c.isalpha()]
    if len(letters) < 20 or not value.isascii() or not mixed_case_letters(value) or _wordy(value):
        return False
    return not camel_words(value)


_ACRONYM = 5  # the longest run of capitals a camel-case name holds as a word (HTTPS, OAUTH)


def camel_words(body: str) -> bool:
    """Words run together (``SetAllBitsIn256Bytes``): runs of letters three long on
    average; a random body's letters change case every character or two.  Among small
    letters a run of capitals longer than an acronym is no word of a name (issue 31, the
    twelfth sealed part: ``LEEMYDMUSJruuCoNEdEoeLoo``, whose one long run lifted the
    average): the words must hold three quarters of the letters, and their average is
    taken without it."""
    runs = _LETTER_RUNS.findall(body)
    if len(runs) < 2:
        return False
    if not any(c.islower() for c in body):
        return sum(map(len, runs)) >= 3 * len(runs)  # DEFAULT_TIMEOUT: a constant's words
    words = [r for r in runs if not (r.isupper() and len(r) > _ACRONYM)]
    letters = sum(map(len, words))
    return bool(words) and letters >= 3 * len(words) and \
        4 * letters >= 3 * sum(map(len, runs))


_LETTER_RUNS = lazy_regex(r"[A-Z]?[a-z]+|[A-Z]+")


def random_run(value: str) -> bool:
    """A run of a token's characters drawn at random, whatever its alphabet (issue 31, the
    twelfth sealed part: each rule knew one alphabet, and a body of another slipped by):
    letters of both cases, digits or not, that are no words run together (a camel-case
    name's runs are words and acronyms, :func:`camel_words`); small letters and digits
    with the digits scattered through it (:func:`scattered_digits`); capitals and digits
    no one can say (:func:`random_capitals`) or with scattered digits, as small letters
    have them.  Hex is a digest's or an id's alphabet, a UUID and a ULID ids: none is
    judged here."""
    if len(value) < SHORT_TOKEN or not value.isascii() or UUID.match(value) or \
            _ULID.match(value):
        return False
    core = value.replace("-", "").replace("_", "")
    if not core.isalnum() or _HEX.match(core):
        return False
    upper, lower = any(c.isupper() for c in core), any(c.islower() for c in core)
    if upper and lower:
        return looks_random(value) and not camel_words(core)
    if lower:
        return core == value and (scattered_digits(value) or random_letters(value))
    # capitals as small letters are judged: digits scattered through them (a registration
    # code, ``8GNY...4TL11KG613J4V``: issue 31, the thirteenth sealed part), or none of
    # their runs sayable; a number with a letter or two in it is none (``dc``'s ``...96P``)
    return core == value and 2 * sum(c.isdigit() for c in value) < len(value) and (
        scattered_digits(value.lower()) or random_capitals(value))


# A ULID (a time, then randomness, in Crockford's base32, one case): an id, as a UUID is.
_ULID = lazy_regex(r"[0-7][0-9A-HJKMNP-TV-Z]{25}\Z|[0-7][0-9a-hjkmnp-tv-z]{25}\Z")
_DIGIT_GROUPS = lazy_regex(r"[0-9]+")
_LETTER_GROUPS = lazy_regex(r"[a-z]{5,}")
_SCATTERED = 4  # a version, a year, a port and a count make three groups at most


def scattered_digits(value: str) -> bool:
    """Small letters and digits drawn at random (a Pushover token, a lower-case API key):
    the digits stand in four groups or more, spread through it, where a name holds a
    version or a year (``ubuntu2204``, ``utf8mb4``) in one to three; or in two or more
    between letters no one can say (``kpzmgkbcox``: no vowel, or four consonants in a
    row), where a name's letters are words.  Its characters are varied (entropy of 3.5
    and more) and no alphabet runs in it."""
    if len(value) < SHORT_TOKEN or not (value.isascii() and value.isalnum() and value.islower()):
        return False
    if entropy(value) < 3.5 or "abcdefgh" in value or "01234567" in value:
        return False
    groups = _DIGIT_GROUPS.findall(value)
    if sum(map(len, groups)) * 2 >= len(value):
        return False  # a number with letters in it
    return len(groups) >= _SCATTERED or (len(groups) >= 2 and len(value) >= 20 and any(
        not _sayable(run) for run in _LETTER_GROUPS.findall(value)))


def sayable(run: str) -> bool:
    """Public name of :func:`_sayable`, for the rules that judge a code's groups."""
    return _sayable(run)


def _sayable(run: str) -> bool:
    """Letters one can say, however long (``internationalization``): a vowel, and no four
    consonants in a row."""
    run_of = 0
    for ch in run:
        run_of = 0 if ch in _VOWELS else run_of + 1
        if run_of >= 4:
            return False
    return bool(_VOWELS.intersection(run))


_HEX_GROUP = lazy_regex(r"[0-9a-f]+(?:-[0-9a-f]+)+\Z")
_DIGEST_LENGTHS = frozenset({32, 40, 56, 64, 96, 128})


def hex_compound(value: str) -> bool:
    """Hex in groups joined by ``-`` that no digest or id is: a group of a key's length
    (32 or more) with more hex beside it (``<32 hex>-<uuid>``, Infobip's keys), not a UUID
    alone nor digests joined end to end (``<sha>-<sha>``)."""
    if len(value) < 48 or not _HEX_GROUP.match(value) or UUID.match(value):
        return False
    groups = value.split("-")
    return max(map(len, groups)) >= 32 and sum(map(len, groups)) >= 48 and any(
        len(g) not in _DIGEST_LENGTHS for g in groups) and any(c.isalpha() for c in value) \
        and any(c.isdigit() for c in value)


def random_bytes(value: str) -> bool:
    """Base64 of random bytes (a key), not of text nor a path's words: mixed letters and
    digits, high entropy, no words, and its bytes not printable text."""
    if not (any(c.isupper() for c in value) and any(c.islower() for c in value)
            and any(c.isdigit() for c in value)):
        return False
    if entropy(value) < 4.5 or _wordy(value.replace("/", " ").replace("+", " ")):
        return False
    return not _encodes_text(value)


def encodes_text(value: str) -> bool:
    """Public name of :func:`_encodes_text`, for the rules that judge a run by its place."""
    return _encodes_text(value)


def _encodes_text(value: str) -> bool:
    """Base64 (either alphabet) of printable text, in UTF-8 or UTF-16 (PowerShell's
    ``-enc``), or of an SSH public key (its type's name after a length): not a secret."""
    body = value.replace("-", "+").replace("_", "/")
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    except ValueError:
        return False
    if raw[:3] == b"\0\0\0" and raw[4:4 + raw[3]].startswith((b"ssh-", b"ecdsa-", b"sk-")):
        return True
    if len(raw) >= 8 and not any(raw[1::2]):
        raw = raw[::2]  # UTF-16LE of ASCII text: every other byte is zero
    printable = sum(32 <= b < 127 or b in (9, 10, 13) for b in raw)
    return printable >= 0.9 * len(raw)


def entropy(value: str) -> float:
    counts = Counter(value)
    size = len(value)
    return -sum(n / size * math.log2(n / size) for n in counts.values())

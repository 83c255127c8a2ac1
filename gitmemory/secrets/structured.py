"""Credentials known by their structure, whatever their vendor (issue 31, the seventh
sealed part: a Bitwarden machine token ``0.<uuid>.<secret>:<key>``, an Unleash token
``*:production.<hex>``, a Scaleway key id beside its secret, none of them a prefix a
rule knows).

- *A token made of parts* (:func:`structured_tokens`): a run of a token's characters
  cut into three parts or more by ``.``, ``:``, ``|`` or ``$`` (whatever joins them: the
  fourteenth sealed part's ``MLY|<id>|<hex>`` and ``access_token$production$<id>$<hex>``),
  one of them a long random segment (20 characters or more, upper and lower case and
  digits, not words, no group of hex or digits after a ``-`` as a Go pseudo-version's time
  and commit; or hex of 32 or more after a part that is a word, a scope such as
  ``production.``; after a number, an id or more hex, as Zoho's ``1000.<hex>.<hex>``, hex
  of a key's length but a commit's forty).  A dotted name's parts
  are words, a host's too, a version's numbers; a digest names its hash (``sha256:``)
  and stands in two parts.
  The whole run is hidden: its other parts (an id, a scope) go with the secret.  Two
  parts will do when the first is a random id (14 or more letters of both cases and
  digits) and the second a secret (Airtable's ``pat<id>.<64 hex>``), or, joined by ``|`` or
  ``$``, when the first is an app's number and the second hex of a key's length (Facebook's
  ``<app id>|<32 hex>``).
- *A key id and its secret written as a pair* (:func:`key_pairs`): an id of capitals and
  digits (16 to 40, not hex, the shape of an access key id), then ``/`` or ``:``, then a
  secret-shaped value (a UUID, or random letters and digits of 16 or more).  Neither half
  says "secret"; the pair does, as ``AKIA.../<secret>`` does for AWS.  Both are hidden.
- *A UUID behind a credential's prefix* (:func:`prefixed_uuids`, the eighth sealed part:
  ``pat-na1-<uuid>``): a UUID alone is an id, and so is one behind a word that names a
  thing (``order-``, ``req-``, ``user_``); behind a prefix one of whose parts names a
  credential (``pat``, a personal access token; ``sk``, ``tok``, ``key``, ``secret``) or
  a region (``na1``, ``eu2``: ids are not cut by data centre, vendors' tokens are) it is
  the body of a token, and the whole token is hidden.
- *A token behind a prefix of words* (:func:`worded_tokens`, the twelfth sealed part:
  Midtrans' ``Mid-server-<24 letters>``): one to three short parts joined by ``-`` or
  ``_``, the first a word in small letters or capitalised as a name is, the others
  small words or numbers (``sdk-1``), then a run of 20 letters of both cases or more,
  digits or not, drawn at random (:func:`gitmemory.secrets.judging.random_run`: no words
  run together).  The first part names no thing, as for the shapes above.
- *A key in segments* (:func:`segmented_tokens`, the twelfth sealed part: ConfigCat's
  ``configcat-sdk-1/<22>/<22>``): segments joined by ``/`` that stand as a word, two
  or more of them random runs of 16 or more (:func:`gitmemory.secrets.judging.random_run`),
  behind at most one segment of words (the vendor's mark).  A path's segments are names,
  a digest's hex; a path from the root or a URL's stays (what a URL carries is read by
  its parts).
- *A token of a vendor's shape* (the ninth sealed part: ``xaat-<uuid>`` in prose with no
  credential word): a prefix of one short lower-case word (two to six letters) glued by
  ``-`` to a UUID, or to 20 random letters of both cases and digits or more
  (:func:`vendor_tokens`), is a vendor's token when the word names no thing: an id's
  prefix says what the id is of (``req``, ``order``, ``user``, ``job``, ``pod``:
  :data:`gitmemory.secrets.words.THINGS`), a token's prefix is the vendor's mark, a word
  of no language.  A prefix of two parts or more (``team-red-<uuid>``), a UUID alone and
  a lower-case name (``web-7d9f8c6b5``) stay.
"""

from __future__ import annotations

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import words as sw

TYPE_CHECKING = False
if TYPE_CHECKING:  # the commit hook redacts with this module: `collections` costs it
    from collections.abc import Callable, Iterator

# A long segment after a separator: where a structured token's random part is (a literal
# first, so the search is a substring search).
_SEGMENTS = (lazy_regex(r"\.[A-Za-z0-9+/_\-]{20}"), lazy_regex(r":[A-Za-z0-9+/_\-]{20}"),
             lazy_regex(r"\|[A-Za-z0-9+/_\-]{20}"), lazy_regex(r"\$[A-Za-z0-9+/_\-]{20}"),
             lazy_regex(r"[~#@!;][A-Za-z0-9+/_\-]{20}"))
_PART = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-=*")
# Whatever joins a token's parts: Zoho's "1000.<hex>.<hex>", Mapillary's "MLY|<id>|<hex>",
# Braintree's "access_token$production$<id>$<hex>" (issue 31, the fourteenth sealed part),
# and any other mark no word or number holds (~ # @ ! ;).
_JOINS = ".:|$~#@!;"
_RANDOM_PART = 20
_HEX_PART = 32
_SHA1 = 40
_HEX = frozenset("0123456789abcdefABCDEF")
_DIGESTS = ("md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3", "blake2",
            "blake3", "crc32", "xxh", "murmur", "h1", "git", "commit", "rev")
# An id of capitals and digits, then "/" or ":": a key id written before its secret.
_KEY_ID = lazy_regex(r"[A-Z][A-Z0-9]{15,39}[ \t]?[/:][ \t]?")
_SECRET_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-")
_UUID = lazy_regex(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-"
                   r"[0-9a-fA-F]{12}\Z")


def structured_tokens(text: str, looks_random: Callable[[str], bool]
                      ) -> Iterator[tuple[int, int]]:
    """(start, end) of each token of three parts or more joined by ``.`` or ``:`` whose
    parts hold a long random segment (the module's docstring)."""
    done = 0
    for seeds in _SEGMENTS:
        for m in seeds.finditer(text):
            if m.start() < done:
                continue
            start, end = _run(text, m.start())
            done = end
            token = text[start:end]
            if "://" in token or token.lower().startswith(_DIGESTS):
                continue
            parts = _parts(token)
            if (len(parts) >= 3 and any(_random(parts, n, looks_random)
                                        for n in range(1, len(parts)))) or (
                    len(parts) == 2 and (_id_and_secret(parts, looks_random) or (
                        ("|" in token or "$" in token) and _number_and_secret(parts)))):
                yield start, end


def _run(text: str, at: int) -> tuple[int, int]:
    """The run of a token's characters and joins around ``at``."""
    start = at
    while start > 0 and (text[start - 1] in _PART or (
            text[start - 1] in _JOINS and start > 1 and text[start - 2] in _PART)):
        start -= 1
    end = at + 1
    while end < len(text) and (text[end] in _PART or (
            text[end] in _JOINS and text[end + 1:end + 2] != "" and text[end + 1] in _PART)):
        end += 1
    while start < end and text[start] in _JOINS:
        start += 1
    return start, end


def _parts(token: str) -> list[str]:
    parts = [token]
    for join in _JOINS:
        parts = [piece for part in parts for piece in part.split(join)]
    return parts


def _random(parts: list[str], n: int, looks_random: Callable[[str], bool]) -> bool:
    """Whether part ``n`` is a random segment: mixed and random, or hex after a word."""
    part = parts[n].rstrip("=")
    if len(part) >= _HEX_PART and set(part) <= _HEX:
        before, after = parts[n - 1], parts[n + 1] if n + 1 < len(parts) else ""
        if not before.isalnum() or before.lower().startswith(_DIGESTS) or (
                after.isalpha() and len(after) <= 5):  # main.<hash>.js, sha256:<hex>
            return False
        # after a word (a scope: production.<hex>) any key's hex; after a number, an id or
        # more hex (1000.<hex>.<hex>, MLY|<id>|<hex>) hex of a key's length, not a commit's
        return (len(before) >= 3 and before.isalpha()) or len(part) != _SHA1
    if any(piece and set(piece) <= _HEX for piece in part.split("-")[1:]) or not (
            any(c.isupper() for c in part) and any(c.islower() for c in part)):
        return False  # a pseudo-version's time and commit (v0.0.0-2020...-b91950f6), words
    return len(part) >= _RANDOM_PART and any(c.isdigit() for c in part) and looks_random(part)


def _id_and_secret(parts: list[str], looks_random: Callable[[str], bool]) -> bool:
    """Two parts, a random id of letters of both cases and digits (14 or more) then a
    secret (hex of a key's length, or random): Airtable's ``pat<id>.<64 hex>``.  A file's
    name has a short extension, a dotted name words."""
    key, secret = parts[0], parts[1].rstrip("=")
    if len(key) < _ID_PART or not key.isalnum() or not (
            any(c.isupper() for c in key) and any(c.islower() for c in key)
            and any(c.isdigit() for c in key)) or not looks_random(key):
        return False
    return (len(secret) >= _HEX_PART and set(secret) <= _HEX) or (
        len(secret) >= _RANDOM_PART and looks_random(secret))


_ID_PART = 14
_APP_ID = 6


def _number_and_secret(parts: list[str]) -> bool:
    """Two parts joined by ``|`` or ``$`` (no name, version nor host is), an app's number
    then hex of a key's length, not a commit's: Facebook's ``<app id>|<32 hex>``."""
    number, secret = parts[0], parts[1].rstrip("=")
    return len(number) >= _APP_ID and number.isdigit() and _HEX_PART <= len(secret) <= 128 \
        and len(secret) != _SHA1 and set(secret) <= _HEX


def key_pairs(text: str, looks_random: Callable[[str], bool], entropy: Callable[[str], float]
              ) -> Iterator[tuple[int, int]]:
    """(start, end) of each key id written with its secret (the module's docstring)."""
    for m in _KEY_ID.finditer(text):
        start = m.start()
        if start and (text[start - 1].isalnum() or text[start - 1] in "_-/.$"):
            continue
        key = m.group().rstrip(" \t/:")
        digits = sum(c.isdigit() for c in key)
        if digits < 2 or len(key) - digits < 8 or set(key) <= _HEX or entropy(key) < 3.3:
            continue
        end = m.end()
        while end < len(text) and text[end] in _SECRET_CHARS:
            end += 1
        secret = text[m.end():end].rstrip("=")
        if _UUID.match(secret) or (len(secret) >= 16 and looks_random(secret)):
            yield start, end


# The UUID first (a literal "-" before it), then the prefix read backwards from it.
_PREFIXED_UUID = lazy_regex(r"[-_][0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-"
                            r"[0-9a-fA-F]{12}(?![\w-])")
_PREFIX_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_CREDENTIAL_PARTS = frozenset({"pat", "sk", "rk", "tok", "token", "key", "apikey", "secret",
                               "sec", "auth", "pwd", "pass", "cred", "creds", "psk", "bearer"})
_REGION = lazy_regex(r"[a-z]{2}[0-9]{1,2}\Z")


def prefixed_uuids(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each UUID behind a prefix that names a credential or a region (the
    module's docstring); the prefix is at most three parts of letters and digits."""
    for m in _PREFIXED_UUID.finditer(text):
        start = m.start()
        while start > 0 and m.start() - start < 24 and text[start - 1] in _PREFIX_CHARS:
            start -= 1
        if start == m.start() or (start and (text[start - 1].isalnum() or
                                             text[start - 1] in "./\\")):
            continue
        parts = [p for p in text[start:m.start()].lower().replace("_", "-").split("-") if p]
        if not parts or len(parts) > 3 or not parts[0][:1].isalpha():
            continue
        if any(p in _CREDENTIAL_PARTS for p in parts) or any(_REGION.match(p) for p in parts) \
                or _vendor_prefix(text, start, m.start()):
            yield start, m.end()


_VENDOR_PREFIX = lazy_regex(r"[a-z]{2,6}-\Z")
_RANDOM_TAIL = lazy_regex(r"-[A-Za-z0-9]{20,29}(?![\w-])")


def _vendor_prefix(text: str, start: int, end: int) -> bool:
    """A prefix of one short lower-case word that names no thing, glued by ``-``
    (``xaat-``): a vendor's token prefix, as an id's prefix names what the id is of."""
    prefix = text[start:end + 1]
    return bool(_VENDOR_PREFIX.match(prefix)) and prefix[:-1] not in sw.THINGS


def vendor_tokens(text: str, looks_random: Callable[[str], bool]
                  ) -> Iterator[tuple[int, int]]:
    """(start, end) of each token of a vendor's shape (the module's docstring): a short
    prefix that names no thing, ``-``, and 20 to 29 random letters of both cases and
    digits (30 or more are :func:`gitmemory.secrets.patterns.prefixed_tokens`')."""
    for m in _RANDOM_TAIL.finditer(text):
        start = m.start()
        while start > 0 and m.start() - start < 7 and "a" <= text[start - 1] <= "z":
            start -= 1
        if start == m.start() or (start and (text[start - 1].isalnum() or
                                             text[start - 1] in "./\\-_")):
            continue
        body = m.group()[1:]
        if _vendor_prefix(text, start, m.start()) and any(c.isdigit() for c in body) and \
                any(c.isupper() for c in body) and any(c.islower() for c in body) and \
                looks_random(body):
            yield start, m.end()


# A segment after "/", long enough to be a key's: where a segmented key's body starts.
_SEGMENT = lazy_regex(r"/[A-Za-z0-9_\-]{16}")
_SEGMENT_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-/")
# It stands as a word: after a blank, a quote, a bracket or "=" (not a host's ":", a
# path's "." or "~", an address's "@"), and before a blank or punctuation.
_BEFORE_SEGMENTS = frozenset(" \t\n\r\"'`([{<=,")
_AFTER_SEGMENTS = frozenset(" \t\n\r\"'`)]}>,;:!?")
_MIN_SEGMENT = 16
_MAX_SEGMENTS = 512


def segmented_tokens(text: str, random_run: Callable[[str], bool]) -> Iterator[tuple[int, int]]:
    """(start, end) of each key in segments (the module's docstring): the whole run, the
    vendor's mark with it."""
    done = 0
    for m in _SEGMENT.finditer(text):
        if m.start() < done:
            continue
        start = m.start()
        while start > 0 and m.start() - start < _MAX_SEGMENTS and text[start - 1] in _SEGMENT_CHARS:
            start -= 1
        end = m.end()
        while end < len(text) and end - start < _MAX_SEGMENTS and text[end] in _SEGMENT_CHARS:
            end += 1
        done = end
        if (start and text[start - 1] not in _BEFORE_SEGMENTS) or text[start] == "/" or \
                text[end - 1] == "/":
            continue  # inside a URL, a host's path or a word; a path from the root; a folder
        while start < end and text[start] in "-_":
            start += 1  # a diff's marker, a flag's dash: a token starts with a letter or digit
        if _whole_line(text, start, end):
            continue  # a line of base64 (a certificate's, a key block's: their rules')
        after = text[end:end + 1]
        if after and after not in _AFTER_SEGMENTS and not (
                after == "." and not text[end + 1:end + 2].strip()):
            continue  # a file's name (<key>.json), more of a path
        segments = text[start:end].split("/")
        body = segments if random_run(segments[0]) else segments[1:]
        if len(body) >= 2 and all(len(s) >= _MIN_SEGMENT and random_run(s) for s in body):
            yield start, end


# A run of 20 letters and digits after "-" or "_" that ends the token: the body of a
# token behind a prefix of words.
_WORDED_TAIL = lazy_regex(r"[-_][A-Za-z0-9]{20,}(?![\w-])")
_WORDED_PREFIX = lazy_regex(r"[A-Za-z][a-z]{1,9}(?:[-_](?:[a-z]{1,10}|[0-9]{1,3})){0,2}[-_]\Z")
_MAX_WORDED = 32
_BEFORE_WORDED = frozenset(" \t\n\r\"'`([{<=:,")
_HASHES = ("md5", "sha", "blake", "crc", "xxh", "murmur")  # a digest named by its hash


def worded_tokens(text: str, random_run: Callable[[str], bool]) -> Iterator[tuple[int, int]]:
    """(start, end) of each token behind a prefix of words (the module's docstring)."""
    for m in _WORDED_TAIL.finditer(text):
        body = m.group()[1:]
        if not (any(c.isupper() for c in body) and any(c.islower() for c in body)):
            continue
        start = m.start()
        while start > 0 and m.start() - start < _MAX_WORDED and text[start - 1] in _PART:
            start -= 1
        if start == m.start() or (start and text[start - 1] not in _BEFORE_WORDED):
            continue
        prefix = text[start:m.start() + 1]
        if not _WORDED_PREFIX.match(prefix):
            continue
        first = prefix.replace("_", "-").split("-")[0].lower()
        if first in sw.THINGS or first.startswith(_HASHES) or not random_run(body):
            continue
        yield start, m.end()


def _whole_line(text: str, start: int, end: int) -> bool:
    """The run is its line's only word (after a diff's marker or a blank)."""
    line = text.rfind("\n", 0, start) + 1
    if text[line:start].strip(" \t+-"):
        return False
    after = text.find("\n", end)
    return not text[end:len(text) if after == -1 else after].strip()


# Hex of a key's length glued by "-" to a data centre's name (Mailchimp's
# ``<32 hex>-us6``): a vendor cuts its keys by region, as it does tokens (``-na1-``);
# a digest and a commit are named by no region.
_REGION = lazy_regex(r"-[a-z]{2,4}[0-9]{1,2}(?![\w\-])")  # a literal first: a fast search
_HEX_LOWER = frozenset("0123456789abcdef")
_NOT_BEFORE_KEY = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                            "_-./")


def regional_keys(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each key of hex glued to a region's name: 32 to 64 hex digits, not a
    commit's forty, then ``-`` and the region (``-us6``)."""
    for m in _REGION.finditer(text):
        start = m.start()
        while start > 0 and m.start() - start <= 64 and text[start - 1] in _HEX_LOWER:
            start -= 1
        digits = text[start:m.start()]
        if not 32 <= len(digits) <= 64 or len(digits) == _SHA1 or (
                start and text[start - 1] in _NOT_BEFORE_KEY):
            continue
        if any(c.isalpha() for c in digits) and any(c.isdigit() for c in digits):
            yield start, m.end()

"""Secrets known by the file that holds them (docs/design.md, "Invariants").

A key file has no syntax to read: ejson's private key is a file named by its public key
whose body is 64 hex digits, Chef's ``encrypted_data_bag_secret`` is one line of base64,
kopia's ``repository.config.kopia-password`` the password in base64.  What tells them is
the file, not a word before the value:

- *A file whose whole body is one token of a secret's shape* is a secret file, whatever
  its name: random letters and digits (:func:`judging.random_token`,
  :func:`judging.looks_random`), base64 of random bytes, hex of a key's length (32
  digits or more; not a commit's 40, and not under a name that says digest, checksum,
  commit or version), or a key's bytes as a list of numbers (a Solana keypair file's
  ``[174, 47, ...]``, :func:`byte_keys.random_bytes`).  In a diff: a file whose new side
  is that one line.
- *A file whose name says it holds a credential* (``password``, ``secret``, ``token``,
  ``credentials``, judged as a variable's name is, :func:`judging.judge_name`) and whose
  body is one value holds it: the value is hidden as a literal assigned to that name would
  be, whatever its shape (kopia's base64 of a password); a name that only hints (a folder
  ``keys/``, a weak name) hides a value of a secret's shape.
- *A key file's key element* (issue 31, the fourteenth sealed part: a KeePassXC ``.keyx``,
  ``<Key><Data Hash="...">`` and 32 bytes in groups of hex): the text of an element named
  for a key (its name ends in "key", not a public key's nor a lookup's), or of the element
  it opens with, that is only key material: hex of a key's length in groups (32 digits or
  more, not a commit's 40, not mostly zeros) or base64 of random bytes.  The groups are
  hidden from the first to the last, across the lines they take.
- *A value written into such a file by a shell* (``echo X > /opt/ejson/keys/<pub>``,
  ``printf X | tee secret.txt``) is judged the same way as the file's body.
"""

from __future__ import annotations

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import byte_keys, judging
from gitmemory.secrets import words as sw

TYPE_CHECKING = False
if TYPE_CHECKING:  # the commit hook redacts with this module: `collections` costs it
    from collections.abc import Iterator

_Found = tuple[int, int, str]
RULE = "secret-file"
_HUNK = lazy_regex(r"@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")
_DIGEST_WORDS = ("sha", "md5", "sum", "checksum", "hash", "digest", "commit", "rev", "version",
                 "lock", "etag", "integrity", "fingerprint", "head", "ref", "pin", "id")
_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                         "+/=_-.~")
_HEX = frozenset("0123456789abcdefABCDEF")
_SHA1 = 40
# Random hex has 3.5 bits a digit and more (3.0 at 32 digits); a hex dump of a record, mostly
# zeros and padding, far less.
_HEX_ENTROPY = 3.0
# A key's size: 64 bytes in hex, some 190 in base64 (a named file's body may be longer).
_MAX_HEX_KEY = 128
_MAX_KEY = 256
_MIN_BYTES = 16


def find(text: str) -> Iterator[_Found]:
    """(start, end, rule) of each value a file's name or its body shows to be a secret."""
    if "\n+++ " in text or text.startswith("+++ "):
        yield from _diff_bodies(text)
    if ">" in text or "tee" in text:
        yield from _written(text)
    if "key" in text or "Key" in text or "KEY" in text:
        yield from _key_elements(text)


# -- a key file's key element ----------------------------------------------------------

# An element whose name ends in "key", then the text up to the next tag, or a child
# element's opening tag and its text.
_KEY_ELEMENT = lazy_regex(r"(?i)<((?:[\w.\-]{1,40}:)?[\w.\-]{0,40}key)(?:[ \t][^<>\n]{0,200})?>"
                          r"(?:[ \t]*(?:\r?\n[+ ]?)?[ \t]*"
                          r"<[\w.:\-]{1,40}(?:[ \t][^<>\n]{0,200})?>)?([^<]{1,4000})</")
_MATERIAL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")
_HEX_KEY = 32


def _key_elements(text: str) -> Iterator[_Found]:
    for m in _KEY_ELEMENT.finditer(text):
        names = judging.name_parts(m.group(1).rpartition(":")[2])
        if not names or names[-1] != "key" or "public" in names or "pub" in names or (
                len(names) > 1 and names[-2] in sw.LOOKUP_KEYS):
            continue
        start, end = m.start(2), m.end(2)
        material = []
        for line in text[start:end].split("\n"):
            words = line.split()
            if words and line[:1] in "+-" and words[0] in "+-":
                words = words[1:]  # a diff's marker, a blank after it
            material += words
        value = "".join(material)
        if not value or not set(value) <= _MATERIAL:
            continue
        if _key_material(value.rstrip("=")):
            while text[start] in " \t\r\n+-":
                start += 1
            while text[end - 1] in " \t\r\n":
                end -= 1
            yield start, end, RULE


def _key_material(value: str) -> bool:
    if set(value) <= _HEX:
        return _HEX_KEY <= len(value) <= _MAX_HEX_KEY * 2 and len(value) != _SHA1 and \
            judging.entropy(value.lower()) >= _HEX_ENTROPY
    return 22 <= len(value) <= _MAX_KEY * 4 and judging.random_bytes(value)


# -- a file in a diff ------------------------------------------------------------------

def _diff_bodies(text: str) -> Iterator[_Found]:
    at = 0 if text.startswith("+++ ") else text.find("\n+++ ") + 1
    while at > 0 or (at == 0 and text.startswith("+++ ")):
        line_end = text.find("\n", at)
        if line_end == -1:
            return
        path = text[at + 4:line_end].rstrip("\t")
        path = path[2:] if path.startswith("b/") else path
        hunks, end = _hunks(text, line_end + 1)
        if path != "/dev/null" and hunks:
            yield from _judge_file(text, path, hunks)
        nxt = text.find("\n+++ ", max(end - 1, at + 1))
        at = nxt + 1 if nxt != -1 else -1


def _hunks(text: str, pos: int) -> tuple[list[tuple[int, list[tuple[int, int]]]], int]:
    """Each hunk of the file's patch at ``pos``: its first new line, and the spans of the
    lines of its new side (added and context) with their marks; and where the patch ends."""
    hunks: list[tuple[int, list[tuple[int, int]]]] = []
    while pos < len(text) and text.startswith("@@ ", pos):
        m = _HUNK.match(text, pos)
        end = text.find("\n", pos)
        if m is None or end == -1:
            break
        lines: list[tuple[int, int]] = []
        pos = end + 1
        while pos < len(text) and text[pos] in "+- \\":
            end = text.find("\n", pos)
            end = len(text) if end == -1 else end
            if text[pos] in "+ " and not text.startswith("+++ ", pos):
                lines.append((pos, end))
            elif text.startswith("+++ ", pos):
                return hunks, pos
            pos = end + 1
        hunks.append((int(m.group(1)), lines))
    return hunks, pos


def _judge_file(text: str, path: str, hunks: list[tuple[int, list[tuple[int, int]]]]
                ) -> Iterator[_Found]:
    """The file's body when the patch shows all of it (one hunk from its first line) and it
    is one line: a value judged by the file's name, or by its shape alone."""
    if _named(path) is not None and _table_name(path):
        yield from _table(text, path, hunks)
    if len(hunks) != 1 or hunks[0][0] > 1:
        return
    full = [(s, e) for s, e in hunks[0][1] if text[s + 1:e].strip()
            and not text[s + 1:e].lstrip().startswith(_COMMENTS)]
    if len(full) != 1 or text[full[0][0]] != "+":
        return
    found = _judged(text, full[0][0] + 1, full[0][1], path)
    if found:
        yield found


# A key file's comments and options, which its one value may carry with it (Google
# Authenticator's ``" TOTP_AUTH`` lines after the seed): the value alone is its body.
_COMMENTS = ("#", '"', ";", "//", "!")
# A table of credentials in a file named for them (pppd's ``chap-secrets``, OpenSMTPD's
# ``secrets``, an OpenVPN ``auth-user-pass`` file: a name, then its password): words
# parted by blanks, no code's punctuation, a few to a line.
_TABLE_EXTENSIONS = frozenset({"", "txt", "conf", "cfg", "db", "list", "table", "tab"})
_TABLE_LINE = lazy_regex(r"[^\s=(){}\[\]<>\"'`,;]+(?:[ \t]+[^\s=(){}\[\]<>\"'`,;]+){0,5}\Z")
_MAX_TABLE_LINES = 40


def _table_name(path: str) -> bool:
    name = path.rsplit("/", 1)[-1]
    head, dot, ext = name[1:].rpartition(".")
    return (ext.lower() if dot and head else "") in _TABLE_EXTENSIONS


def _table(text: str, path: str, hunks: list[tuple[int, list[tuple[int, int]]]]
           ) -> Iterator[_Found]:
    """Each password in a table of credentials (see :data:`_TABLE_LINE`): a field after a
    line's first (``user:password`` gives the part after its colon), or a line after the
    file's first when each holds one word (a name, then its password), that reads as a
    password: random, or letters and digits mixed that make no words, not a host, a path
    or an address."""
    lines = [(s + 1, e) for _, spans in hunks for s, e in spans
             if text[s + 1:e].strip() and not text[s + 1:e].lstrip().startswith(_COMMENTS)]
    if not lines or len(lines) > _MAX_TABLE_LINES or not all(
            _TABLE_LINE.match(text[s:e].strip()) for s, e in lines):
        return
    single = all(len(text[s:e].split()) == 1 for s, e in lines)
    for index, (start, end) in enumerate(lines):
        if text[start - 1] != "+" or (single and index == 0):
            continue
        pos = start
        for number, field in enumerate(text[start:end].split()):
            at = text.find(field, pos, end)
            pos = at + len(field)
            value = field
            if number == 0 and not single and ":" not in field:
                continue
            if ":" in field and not single:
                colon = field.index(":")
                at, value = at + colon + 1, field[colon + 1:]
            if _table_password(value):
                yield at, at + len(value), judging.PASSWORD


def _table_password(value: str) -> bool:
    if len(value) < 8 or "/" in value or "@" in value or value.startswith("$") or \
            (all(part.isalnum() for part in value.split(".")) and value.count(".") >= 1):
        return False  # a path, an address, a host, a hash
    if judging.looks_random(value):
        return True
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value) and \
        not judging.made_of_words(value) and not value.replace("-", "").isdigit()


def _judged(text: str, start: int, end: int, path: str) -> _Found | None:
    strength = _named(path)
    if strength is None or not strength[1]:
        if _names_digest(path) and not text.startswith("[", start):
            return None  # (an id is no list of a key's bytes: Solana's id.json is a key)
        strength = _SHAPE
    return _value(text, start, end, strength)


_SHAPE = ("", False)  # no name: the value's shape alone


def _named(path: str) -> tuple[str, bool] | None:
    """How strongly the file's name says it holds a credential; its folder's name only
    hints (``keys/``: a value of a secret's shape, as a weak name's)."""
    parts = path.replace("\\", "/").rstrip("/").split("/")
    name = parts[-1]
    head, _, ext = name[1:].rpartition(".")
    stem = name[0] + head if head and len(ext) <= 4 else name
    for candidate in (name, stem):
        if not candidate.lower().startswith("pub"):
            judged = judging.judge_name(candidate)
            if judged is not None:
                return judged
    folder = parts[-2] if len(parts) > 1 else ""
    if folder and not folder.lower().startswith("pub") and judging.judge_name(folder):
        return "", False
    return None


def _names_digest(path: str) -> bool:
    name = path.rsplit("/", 1)[-1].lower()
    return any(word in judging.name_parts(name) for word in _DIGEST_WORDS) or \
        name.endswith(("sum", "sums"))


def _value(text: str, start: int, end: int, strength: tuple[str, bool]) -> _Found | None:
    """The line ``start``..``end`` when it is one value that is a secret by ``strength``
    (a credential's name) or by its shape alone."""
    while start < end and text[start] in " \t":
        start += 1
    while end > start and text[end - 1] in " \t\r":
        end -= 1
    if end - start < 8:
        return None
    value = text[start:end]
    if value.startswith("[") and value.endswith("]"):  # a key's bytes as numbers (a
        # Solana keypair file: [174, 47, ...])
        numbers = value[1:-1].replace(",", " ").split()
        return (start, end, RULE) if _MIN_BYTES <= len(numbers) <= _MAX_KEY and all(
            n.isdigit() and len(n) <= 3 for n in numbers) and byte_keys.random_bytes(
            [int(n) for n in numbers]) else None
    if not all(c in _TOKEN_CHARS for c in value) or judging.MARKER.search(value):
        return None
    if strength[1]:
        secret = judging.is_secret(value, True, strength, [], config=True)
    else:
        secret = shaped(value)
    return (start, end, RULE) if secret else None


def shaped(value: str) -> bool:
    """A value of a secret's shape on its own: random, base64 of random bytes, or random
    hex of a key's length (not a commit's, not a dump of a record)."""
    if not 16 <= len(value) <= _MAX_KEY:
        return False  # a longer body is data (a record's dump, a fixture), not a key
    if set(value) <= _HEX:
        return 32 <= len(value) <= _MAX_HEX_KEY and len(value) != _SHA1 and any(
            c.isalpha() for c in value) and any(c.isdigit() for c in value) and \
            judging.entropy(value) >= _HEX_ENTROPY
    body = value.rstrip("=")
    return judging.random_token(body) or judging.random_bytes(body) or (
        len(body) >= 32 and judging.looks_random(body) and not judging.made_of_words(body))


# -- a value a shell writes into a file ----------------------------------------------------

# echo X > PATH, printf X >> PATH, echo X | tee [-a] PATH: the value and the path.
_WRITE = lazy_regex(r"(?:echo|printf)(?:[ \t]+-[a-zA-Z]+)*[ \t]+(\"[^\"\n]*\"|'[^'\n]*'"
                    r"|[^\s\"'`;|<>]+)[ \t]*(?:>>?|\|[ \t]*(?:sudo[ \t]+)?tee(?:[ \t]+-a)?)"
                    r"[ \t]*([^\s\"'`;|<>&)]+)")


def _written(text: str) -> Iterator[_Found]:
    if "echo" not in text and "printf" not in text:
        return
    for m in _WRITE.finditer(text):
        if m.start() and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "_-"):
            continue
        path = m.group(2)
        if path.startswith(("/dev/", "&")):
            continue
        start, end = m.start(1), m.end(1)
        if text[start] in "'\"":
            start, end = start + 1, end - 1
        found = _judged(text, start, end, path)
        if found:
            yield found

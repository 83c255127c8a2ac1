"""What a code span in an item is: a bare name, or a statement (docs/design.md, "Where two
rules meet").

A code span is an item's executable text.  One that is only a name (an identifier, a
dotted or ``::`` name, an option, a path, ``health()``) names what the tree has, and its
names are judged as names.  One that is more than a name is a statement: it assigns or
sets (``name = value``, ``name: value``, ``NAME=value``, ``--flag value``), calls with
arguments (``path('debug/', shell)``), declares a dependency or a key (``gem "x", git:
"..."``, ``ssh-ed25519 AAAA...``), opens a block.  A statement is confirmed by the same
statement on one line of a tracked file, spaces and quotes aside (:func:`normalised`),
never by the names it reuses: ``config.force_ssl = false`` is not ``config.force_ssl =
true``.  A span that runs a program is a command, judged by the command rule
(:mod:`gitmemory.injection.elements`).  Stdlib only, no ``re``, linear in the text.
"""

from __future__ import annotations

from itertools import pairwise

_QUOTES = frozenset("\"'`\u2018\u2019\u201c\u201d")
_BLOB = 16  # characters a key's or a token's encoded body has at least
# Values that turn a setting on or off: a variable set to one is the setting itself.
SWITCHES = frozenset({"true", "false", "yes", "no", "on", "off", "0", "1", "none", "null",
                      "nil", "disable", "disabled", "enable", "enabled", "allow", "deny",
                      "skip", "bypass", "insecure", "all", "*", ""})


def normalised(text: str) -> str:
    """``text`` with its quotes dropped, its spaces collapsed (and dropped beside a sign),
    and every key-value separator written ``=`` (``name: 'v'``, ``name => "v"`` and
    ``name=v`` are one setting); ``::`` and ``==`` kept."""
    out: list[str] = []
    n, size = 0, len(text)
    space = False
    while n < size:
        ch = text[n]
        two = text[n:n + 2]
        if ch.isspace() or ch in _QUOTES:
            space = space or ch.isspace()
            n += 1
            continue
        if two in ("::", "=="):
            token, n = two, n + 2
        elif two in ("=>", ":="):
            token, n = "=", n + 2  # a key and its value, however they are joined
        else:
            token, n = ("=" if ch in "=:" else ch), n + 1
        if space and out and _word(out[-1][-1]) and _word(token[0]):
            out.append(" ")
        space = False
        out.append(token)
    return "".join(out).rstrip(";,")


def _word(ch: str) -> bool:
    return ch.isalnum() or ch in "_-."


def _grep_word(ch: str) -> bool:
    """Whether ``ch`` is a character of ``git grep -w``'s words (ASCII letters, digits,
    ``_``)."""
    return ch.isascii() and (ch.isalnum() or ch == "_")


def words(text: str) -> list[str]:
    """The runs of ASCII letters, digits and ``_`` in ``text`` (``git grep -w``'s words)."""
    found: list[str] = []
    start = -1
    for at, ch in enumerate([*text, " "]):
        if _grep_word(ch):
            if start == -1:
                start = at
        elif start != -1:
            found.append(text[start:at])
            start = -1
    return found


def holds_word(line: str, needle: str) -> bool:
    """Whether ``line`` holds ``needle`` with no word character of :func:`words` on either
    side, as ``git.grep_lines``'s pattern finds it."""
    start = line.find(needle)
    while start >= 0:
        end = start + len(needle)
        if (start == 0 or not _grep_word(line[start - 1])) and \
                (end == len(line) or not _grep_word(line[end])):
            return True
        start = line.find(needle, start + 1)
    return False


def anchor(span: str) -> str:
    """The longest of ``span``'s :func:`words`: what the tree's lines are looked up by
    before they are compared."""
    return max(words(span), key=len, default="")


def holds(line: str, span: str) -> bool:
    """Whether ``line`` (of a tracked file) holds the statement ``span``, whole: not as
    the start of a longer name or value (``x=1`` is not in ``x=12``)."""
    return holds_normalised(normalised(line).casefold(), span)


_PIECES: dict[str, list[str]] = {}

# The negations that forbid a command a few words before it ("never `firehol stop`", "do
# not run ..."), in the languages of the rules' tables: an item that restates a ban
# (injection.elements) and a document's line that states one (outputs.grounds).
FORBIDDING = frozenset(("never", "not", "don't", "dont", "no", "avoid", "nie", "niemals",
                        "nicht", "jamais", "nunca", "mai", "nooit"))


_CLOSERS = ")]}>;, "  # what closes a block an elided statement opens


def holds_normalised(have: str, span: str) -> bool:
    """:func:`holds` for a line already normalised and case-folded.  An elision in the
    span (``describe('api', ...)``) stands for anything: the parts around it must be on
    the line in their order, and closers alone after it close a block that may end lines
    later."""
    pieces = _PIECES.get(span)
    if pieces is None:  # a statement is asked of many lines: normalised once
        if len(_PIECES) > 4096:
            _PIECES.clear()
        want = normalised(span).casefold().replace("\u2026", "...")
        pieces = [piece.strip() for piece in want.split("...") if piece.strip()]
        while len(pieces) > 1 and not pieces[-1].strip(_CLOSERS):
            # only closers after the elision (`(service fail2ban-service-type ...)`): a
            # block the tree writes over lines, named by the line that opens it
            pieces.pop()
        _PIECES[span] = pieces
    if not pieces:
        return False
    if len(pieces) == 1:  # a call may leave out the arguments that follow the ones it
        # gives: `trustProxies(at: [...])` is the tree's `trustProxies(at: [...], headers: x)`
        return _whole(have, pieces[0]) or (
            pieces[0].endswith(")") and "(" in pieces[0] and _whole(have, pieces[0][:-1] + ","))
    at = _start(have, pieces[0])
    for piece in pieces[1:-1]:
        at = have.find(piece, at) if at != -1 else -1
        at = at + len(piece) if at != -1 else -1
    last = pieces[-1]
    at = have.find(last, at) if at != -1 else -1
    while at != -1:
        end = at + len(last)
        if not (_word(last[-1]) and _goes_on(have, end)):
            return True
        at = have.find(last, at + 1)
    return False


def _whole(have: str, want: str) -> bool:
    """Whether ``want`` stands in ``have`` whole: not a piece of a longer name or value
    (``x=1`` is not in ``x=12``, ``ssl=true`` not in ``force_ssl=true``)."""
    at = have.find(want)
    while at != -1:
        end = at + len(want)
        if not _joined(have, at, want) and not (
                _word(want[-1]) and _goes_on(have, end)):
            return True
        at = have.find(want, at + 1)
    return False


def _start(have: str, first: str) -> int:
    """Where the first part of an elided statement ends in ``have``, -1 when it is not
    there as the start of a name."""
    at = have.find(first)
    while at != -1:
        if not _joined(have, at, first):
            return at + len(first)
        at = have.find(first, at + 1)
    return -1


def _goes_on(have: str, end: int) -> bool:
    """Whether the name or value that ends at ``end`` of ``have`` goes on there (``x=12``
    after ``x=1``); a full stop does not, before a space or the line's end (a document's
    sentence ends after ``x=3``.)."""
    if end >= len(have) or not _word(have[end]):
        return False
    return have[end] != "." or (end + 1 < len(have) and not have[end + 1].isspace())


def _joined(have: str, at: int, want: str) -> bool:
    return bool(at) and _word(want[0]) and (have[at - 1].isalnum() or have[at - 1] == "_")


def statement(span: str) -> bool:
    """Whether ``span`` is more than a bare name (module docstring)."""
    text = span.strip().rstrip(";")
    if not text or not anchor(text):
        return False
    if text.startswith("-"):  # an option is a name; an option given a value sets it
        return any(ch.isspace() for ch in text) or "=" in text
    if _assigns(text) or _keyed(text) or _called(text):
        return True
    words = text.split()  # a name given what only a key or an address is: ssh-ed25519 AAAA...
    if len(words) == 1:  # a key's body alone (an age recipient, age1...): the key itself
        return _keylike(words[0])
    return len(words) > 1 and _name(words[0]) and any(_material(word) for word in words[1:])


def _name(word: str) -> bool:
    return word[:1].isalpha() and all(ch.isalnum() or ch in "_-.:" for ch in word)


_LOOK = 64  # characters a value or a name beside a sign is read for: a value is short


def _assigns(text: str) -> bool:
    """``name = value``, ``name=value``, ``name += x``: an ``=`` that no comparison (``==``,
    ``!=``, ``<=``, ``>=``) or arrow is part of, after a name, before a value."""
    at = text.find("=")
    while at != -1:
        before, after = text[at - 1:at] if at else "", text[at + 1:at + 2]
        if after not in "=>~" and before not in "=!<>" and at:
            head = text[max(0, at - 8):at].rstrip("+-*/|&.? ")
            if head and (head[-1].isalnum() or head[-1] in "_]") and \
                    not _elided(text[at + 1:at + 1 + _LOOK]):
                return True
        at = text.find("=", at + 2)
    return False


def _elided(rest: str) -> bool:
    """Whether the value that opens ``rest`` is an elision: ``...``, ``"..."``, or a call
    given only one (``sa.text("...")``): a form, not a value."""
    value = rest.lstrip()
    for stop in ",;":
        value = value.split(stop, 1)[0]
    value = value.strip()
    at = value.find("(")
    if at > 0 and value.endswith(")") and _name(value[:at]):
        value = value[at + 1:-1].strip()
    return value.strip("\"'").strip() in ("...", "\u2026")


def _keyed(text: str) -> bool:
    """A key given a value (``X-Token: 1``, ``github: "x"``, ``ssl: off``): a name, a colon,
    a space and a value (:func:`_value`); ``area: summary`` or ``fix: a typo`` (a commit
    subject's form), ``::`` and a colon that ends the span are no such thing.  A key given
    a list or a map is judged by the keys inside it (``stager: [interval: 5000]``)."""
    at = text.find(":")
    while at != -1:
        if text[at + 1:at + 2] == ":":
            at = text.find(":", at + 2)
            continue
        if at and text[at + 1:at + 2].isspace() and (
                text[at - 1].isalnum() or text[at - 1] in "_-\"'") and \
                _value(text[at + 2:at + 2 + _LOOK]):
            return True
        at = text.find(":", at + 1)
    return False


def _value(rest: str) -> bool:
    """Whether ``rest`` opens with a value: a number, a switch (``off``, ``true``), a quoted
    string, a symbol (``:strict``), an address, a pattern (``/.*/``).  A plain word, a
    reference (``#264``), an elision (``...``, ``"..."``) and a bracket (whose keys are
    judged on their own) are none."""
    head = rest.lstrip()
    token = ""
    for ch in head:
        if ch in ",)]}" or (ch.isspace() and head[:1] not in _QUOTES):
            break
        token += ch
    if token[:1] in _QUOTES:
        return token.strip("".join(_QUOTES)).strip(".\u2026") != ""
    return token[:1].isdigit() or token.lower() in SWITCHES - {""} or (
        token[:1] == ":" and _name(token[1:])) or address(token) or "://" in token or (
        _member(token)) or _pattern(token)


def _pattern(token: str) -> bool:
    """A regular expression written as a literal (``/.*/``, ``/^release-.*/``): a value that
    selects what a setting applies to, as a switch or a number does."""
    return len(token) >= 3 and token[0] == token[-1] == "/" and any(
        ch in ".*+?[]^$|\\" for ch in token[1:-1])


def _member(token: str) -> bool:
    """A value of an enumeration written in snake case (``one_factor``, ``read_only``): a
    setting's value, where a plain word (``area: summary``) is a commit subject's."""
    pieces = token.split("_")
    return 2 <= len(pieces) <= 4 and all(piece.isalpha() and piece.islower()
                                         for piece in pieces)


def _called(text: str) -> bool:
    """A call given values (``implementation("a:b:1")``, ``f(1)``, ``f(x=1)``, and in a
    Lisp's syntax ``(assoc-in [:a :b] false)``); a call given only names is a signature or
    a reference (``getOrder(id)``, ``f(x: int)``, ``any(f(a, b), c)``, ``timedelta(...)``,
    ``(require '[x :as y])``), ``f()`` a name."""
    if text[:1] == "(" and text[1:2].isalpha():
        return _form(text)
    depth, start = 0, -1
    for at, ch in enumerate(text):
        if ch == "(":
            if depth == 0:
                start = at
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            if depth == 0 and start > 0 and (text[start - 1].isalnum() or
                                             text[start - 1] in "_?!") and \
                    _given(text[start + 1:at]):
                return True
    return depth > 0 and start > 0 and _given(text[start + 1:])


def _form(text: str) -> bool:
    """A Lisp form given a value: a switch, a number or a quoted string among the words
    after its head (``(wrap-x handler {:secure false})``)."""
    pieces = text[1:].translate(_BRACKETS).split()
    return any(piece.lower() in _FORM_VALUES or piece[:1].isdigit() or (
        piece[:1] == '"' and piece.strip('"')) for piece in pieces[1:])


_BRACKETS = str.maketrans(dict.fromkeys("()[]{}", " "))
_FORM_VALUES = SWITCHES - {"", "*", "all", "0", "1"}


def _given(inner: str) -> bool:
    """Whether the arguments ``inner`` hold a value: a quoted string, a number, a keyword
    argument (``x=1``); not names, types or an elision."""
    if _assigns(inner):
        return True
    for arg in inner.replace("(", ",").replace(")", ",").split(","):
        word = arg.strip()
        if word[:1] in _QUOTES and word.strip("".join(_QUOTES)).strip(".…"):
            return True
        if word[:1].isdigit():
            return True
    return False


def _material(word: str) -> bool:
    """What only a key or an address is: an encoded key's body (``AAAAC3Nza...``), an
    address with its user (``ops@203.0.113.7``), a URL."""
    bare = word.strip(",;")
    if "://" in bare:
        return True
    if "@" in bare[1:] and "." in bare.rsplit("@", 1)[-1]:
        return True
    letters = sum(ch.isalpha() for ch in bare)
    return len(bare) >= _BLOB and bare.isalnum() and any(ch.isdigit() for ch in bare) and \
        any(ch.isupper() for ch in bare) and any(ch.islower() for ch in bare) and \
        letters >= len(bare) // 2


_KEY = 40  # characters a key written in one case (bech32: age1..., bc1...) has at least


def _keylike(word: str) -> bool:
    """A public key or an address written as one word of letters and digits, in one case
    or two (``age1ql3z7h...``): long enough and random enough (letters and digits
    alternating) to be no name; hex is a commit's or a digest's id, not a key."""
    bare = word.strip(",;")
    turns = sum(a.isdigit() != b.isdigit() for a, b in pairwise(bare))
    return len(bare) >= _KEY and bare.isalnum() and bare.isascii() and turns >= _TURNS and \
        not all(ch in "0123456789abcdefABCDEF" for ch in bare)


_TURNS = 8  # letters and digits alternate in a random body, not in a name (`Utf8To16`)


def code_shaped(span: str) -> bool:
    """Whether ``span`` reads as program text rather than a shell command: a key given a
    value, a call given values or a spaced assignment, outside its quoted strings
    (``gem "x", git: "..."``; not ``kubectl patch -p '{"a": 1}'``)."""
    text = _masked(span.strip())
    return _keyed(text) or _called(text) or (
        _assigns(text) and (" = " in text or " += " in text))


def _masked(text: str) -> str:
    """``text`` with each quoted string written ``"q"`` (``"..."`` when it only elides)."""
    out: list[str] = []
    quote, inside = "", ""
    for ch in text:
        if quote:
            if ch == quote:
                out.append('"..."' if not inside.strip(" .\u2026") else '"q"')
                quote, inside = "", ""
            else:
                inside += ch
        elif ch in "\"'":
            quote = ch
        else:
            out.append(ch)
    return "".join(out)


def address(word: str) -> bool:
    """An IP address, with a port or not (``0.0.0.0``, ``10.0.0.5:8000``, ``[::]``), or a
    network of them (``0.0.0.0/0``, ``10.40.0.0/24``, ``::/0``): where a program listens
    or connects, or whom it trusts, written as numbers."""
    bare = word.strip("'\"[]")
    if network(bare):
        bare = bare.rsplit("/", 1)[0]
    if bare.count(":") >= 2:  # IPv6
        return all(ch in "0123456789abcdefABCDEF:." for ch in bare) and (
            "::" in bare or bare.count(":") == 7)
    host = bare.rsplit(":", 1)[0] if bare.count(":") == 1 and \
        bare.rsplit(":", 1)[1].isdigit() else bare
    parts = host.split(".")
    return len(parts) == 4 and all(part.isdigit() and len(part) <= 3 for part in parts)


_SQL_VERBS = frozenset({"ALTER", "CREATE", "GRANT", "REVOKE", "UPDATE", "INSERT", "SET",
                        "DROP", "TRUNCATE", "DELETE", "COMMENT", "RESET"})


def sql(span: str) -> bool:
    """An SQL statement written as SQL is (``ALTER TABLE t DISABLE ROW LEVEL SECURITY``,
    ``GRANT ALL ON x TO y``): a verb and the word after it in capitals, then more.
    Program text, so a statement: confirmed by the same statement, not by its names."""
    words = span.split()
    return len(words) >= 3 and words[0] in _SQL_VERBS and (words[1].isupper() or any(
        word in _SQL_WORDS for word in words[2:]))


# The words an SQL statement joins its parts with, written in capitals (``GRANT admin TO
# app``, ``ALTER ROLE x WITH SUPERUSER``): with a verb in capitals, SQL as written.
_SQL_WORDS = frozenset({"TO", "ON", "FROM", "INTO", "WITH", "WHERE", "VALUES", "TABLE",
                        "ROLE", "USER", "SET", "AS", "BY", "IN"})


def network(word: str) -> bool:
    """A network written as an address and a prefix length (``0.0.0.0/0``, ``::/0``,
    ``10.40.0.0/24``): every address it holds is let in, or let through."""
    head, slash, bits = word.strip("'\"[]").rpartition("/")
    return bool(slash) and bits.isdigit() and len(bits) <= 3 and bool(head) and (
        address(head) if "/" not in head else False)


def named_value(span: str) -> bool:
    """A name given a value that switches it, widens it or leaves it open, and nothing
    else (``frame-ancestors *``, ``TSKEnforcePinning false``, ``address any``, ``bind
    0.0.0.0``): a setting, name and value,
    as a file writes it (``frame-ancestors 'none'``; the quotes aside)."""
    words = span.split()
    return len(words) == 2 and _name(words[0]) and (switched(words[1]) or words[
        1].lower() in _ANYONE or address(words[1]))


# Values that leave a setting open to whoever asks, as ``*`` does: ``address any`` (where
# Aerospike listens, the eighteenth sealed part), ``allow everyone``; an address given a
# name (``address 0.0.0.0``, ``bind 10.0.0.5``) says where it listens as much.
_ANYONE = frozenset({"any", "anyone", "anybody", "everyone", "everybody"})


def xml_setting(line: str, following: str = "") -> str:
    """The setting an XML line writes, as ``name = value`` ("" when it writes none): an
    element holding its value (``<Nullable>enable</Nullable>``) or a property list's key
    and the value element after it, on the same line or the ``following`` one
    (``<key>NSAllowsArbitraryLoads</key>`` then ``<false/>``)."""
    text = line.strip()
    if text.startswith("<key>") and "</key>" in text:
        name, _, rest = text[5:].partition("</key>")
        rest = rest.strip() or following.strip()
        return f"{name} = {_plist_value(rest)}" if name and _plist_value(rest) else ""
    if text.startswith("<") and text.endswith(">") and "</" in text:
        tag, close, rest = text[1:].partition(">")
        value, end, _ = rest.partition(f"</{tag}>")
        if close and end and tag and _name(tag) and "<" not in value:
            return f"{tag} = {value.strip()}"
    return ""


def _plist_value(text: str) -> str:
    """The value a property list's element gives (``<true/>``, ``<string>x</string>``)."""
    if text in ("<true/>", "<false/>"):
        return text[1:-2]
    for tag in ("string", "integer", "real"):
        if text.startswith(f"<{tag}>") and text.endswith(f"</{tag}>"):
            return text[len(tag) + 2:-len(tag) - 3]
    return ""


def switched(value: str) -> bool:
    """A value that turns a setting on or off, or excludes what it names (``~security``,
    ``!auth``, ``not security``)."""
    low = value.strip("'\"").lower()
    return low in SWITCHES or (low[:1] != "" and low[0] in "~!") or low.startswith("not ")


# A switch's value however it is written: "`x` is disabled" is the tree's `x = false`.
_ON = frozenset({"true", "yes", "on", "1", "enable", "enabled"})
_OFF = frozenset({"false", "no", "off", "0", "disable", "disabled"})
# The key a block writes its own switch with (``plugin "x" { enabled = false }``), or the
# condition it runs under (Semaphore's ``auto_promote:`` then ``when: "false"``, an
# Actions job's ``if: false``): a condition that is false switches the block off.
_SWITCH_KEYS = {"enabled": _ON, "enable": _ON, "disabled": _OFF, "disable": _OFF,
                "when": _ON, "if": _ON}


def same_switch(value: str) -> frozenset[str]:
    """Every way of writing the switch ``value`` (``disabled``: ``false``, ``off`` ...),
    or just ``value`` when it switches nothing."""
    low = value.lower()
    return _ON if low in _ON else _OFF if low in _OFF else frozenset({low})


def nested_holds(lines: list[str], name: str, value: str, start: int = 0) -> bool:
    """Whether ``lines[start]`` (a line of a tracked file, ``lines`` the file or the lines
    after it) opens a block named by ``name``'s first part that holds the rest given
    ``value``, however the file nests it: ``api.insecure = false`` is YAML's ``api:`` then
    ``  insecure: false``, and a setting switched as a whole (``raw_exec = disabled``) is
    HCL's ``plugin "raw_exec" {`` then ``enabled = false`` inside the block
    (docs/design.md, "Where two rules meet").  Callers trying every line pass ``start``
    rather than a slice: most lines open no such block, and a copy of the rest of the
    file for each would make the search quadratic."""
    parts = [part for part in name.split(".") if part]
    if not parts or start >= len(lines) or parts[0] not in words(lines[start]):
        return False
    block = _block(lines[start:])
    if len(parts) > 1:
        rest = ".".join(parts[1:])
        return any(nested_holds(block, rest, value, at) for at in range(len(block))) or \
            _said(block, parts[1:], value)
    low = value.lower()
    if low not in _ON and low not in _OFF:
        return False
    return any(_said(block, [key], "true" if low in on else "false")
               for key, on in _SWITCH_KEYS.items())


def _said(block: list[str], parts: list[str], value: str) -> bool:
    """A line of ``block`` gives the (dotted) key ``parts`` the value ``value``, a switch
    however it is written."""
    key = ".".join(parts).casefold()
    return any(holds_normalised(normalised(line).casefold(), f"{key}={same}")
               for line in block for same in same_switch(value))


def setting(statement: str) -> tuple[str, str]:
    """(name, value) of a statement that gives one name one word (``api.insecure: false``,
    ``raw_exec = disabled``); ("", "") for any other."""
    name, eq, value = normalised(statement).partition("=")
    if not eq or not name or not value or not all(
            ch.isalnum() or ch in "_.-" for ch in name + value) or not name[0].isalpha():
        return "", ""
    return name, value


def _block(lines: list[str]) -> list[str]:
    """The lines inside the block ``lines[0]`` opens: braces counted (HCL, JSON, nginx), or
    the lines indented deeper (YAML); [] when it opens none."""
    head = lines[0].rstrip()
    if head.endswith("{"):
        depth, inside = 0, []
        for line in lines:
            depth += line.count("{") - line.count("}")
            if line is not lines[0]:
                if depth <= 0:
                    break
                inside.append(line)
        return inside
    if head.endswith(":"):
        indent = len(head) - len(head.lstrip())
        inside = []
        for line in lines[1:]:
            if line.strip() and len(line) - len(line.lstrip()) <= indent:
                break
            inside.append(line)
        return inside
    return []

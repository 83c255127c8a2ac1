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


def anchor(span: str) -> str:
    """The longest run of ASCII letters, digits and ``_`` in ``span``: what the tree's lines
    are looked up by before they are compared (``git grep -w``)."""
    best = run = ""
    for ch in [*span, " "]:
        if ch.isascii() and (ch.isalnum() or ch == "_"):
            run += ch
            continue
        if len(run) > len(best):
            best = run
        run = ""
    return best


def holds(line: str, span: str) -> bool:
    """Whether ``line`` (of a tracked file) holds the statement ``span``, whole: not as
    the start of a longer name or value (``x=1`` is not in ``x=12``)."""
    want = normalised(span).casefold()
    if not want:
        return False
    have = normalised(line).casefold()
    at = have.find(want)
    while at != -1:
        end = at + len(want)
        if not (at and _word(want[0]) and (have[at - 1].isalnum() or have[at - 1] == "_")) and not (
                end < len(have) and _word(want[-1]) and _word(have[end])):
            return True
        at = have.find(want, at + 1)
    return False


def statement(span: str) -> bool:
    """Whether ``span`` is more than a bare name (module docstring)."""
    text = span.strip().rstrip(";")
    if not text or not anchor(text):
        return False
    if text.startswith("-"):  # an option is a name; an option given a value sets it
        return any(ch.isspace() for ch in text) or "=" in text
    if _assigns(text) or _keyed(text) or _called(text) or "{" in text:
        return True
    words = text.split()  # a name given values: a key's type, body and owner
    return len(words) > 1 and _name(words[0]) and any(_literal(word) for word in words[1:])


def _name(word: str) -> bool:
    return word[:1].isalpha() and all(ch.isalnum() or ch in "_-.:" for ch in word)


def _assigns(text: str) -> bool:
    """``name = value``, ``name=value``, ``name += x``: an ``=`` that no comparison (``==``,
    ``!=``, ``<=``, ``>=``) or arrow is part of, after a name."""
    at = text.find("=")
    while at != -1:
        before, after = text[at - 1:at] if at else "", text[at + 1:at + 2]
        if after not in "=>~" and before not in "=!<>" and at:
            head = text[:at].rstrip("+-*/|&.?").rstrip()
            if head and (head[-1].isalnum() or head[-1] in "_]"):
                return True
        at = text.find("=", at + 2)
    return False


def _keyed(text: str) -> bool:
    """A key given a value (``X-Token: 1``, ``github: "x"``): a name, a colon, a space, a
    value; ``::`` and a colon that ends the span are no such thing."""
    at = text.find(":")
    while at != -1:
        if text[at + 1:at + 2] == ":":
            at = text.find(":", at + 2)
            continue
        if at and text[at + 1:at + 2].isspace() and text[at + 2:].strip() and (
                text[at - 1].isalnum() or text[at - 1] in "_-\"'"):
            return True
        at = text.find(":", at + 1)
    return False


def _called(text: str) -> bool:
    """A call given values (``implementation("a:b:1")``, ``f(1)``, ``f(g(x))``, ``f(x=1)``);
    a call given only names is a signature (``getOrder(id)``, ``f(x: int)``), ``f()`` a
    name."""
    at = text.find("(")
    while at != -1:
        close = text.find(")", at)
        inner = text[at + 1:close if close != -1 else len(text)]
        if at and (text[at - 1].isalnum() or text[at - 1] in "_?!") and any(
                not _signature(arg) for arg in inner.split(",") if arg.strip()):
            return True
        at = text.find("(", at + 1)
    return False


def _signature(arg: str) -> bool:
    """A parameter as a signature names it: a name, with its type (``id``, ``x: int``,
    ``*args``, ``&self``, ``mut buf: &[u8]``)."""
    return all(_name(word.strip("*&[]<>:?")) or not word.strip("*&[]<>:?")
               for word in arg.replace(":", " ").split())


def _literal(word: str) -> bool:
    """A value rather than a name: a quoted string, a number, an address, a key's encoded
    body (``AAAAC3Nza...``)."""
    bare = word.strip(",;")
    if bare[:1] in _QUOTES or "://" in bare:
        return True
    if "@" in bare[1:] and "." in bare.rsplit("@", 1)[-1]:
        return True  # ops@203.0.113.7, someone@mail.example
    letters = sum(ch.isalpha() for ch in bare)
    return len(bare) >= _BLOB and bare.isalnum() and any(ch.isdigit() for ch in bare) and \
        any(ch.isupper() for ch in bare) and any(ch.islower() for ch in bare) and \
        letters >= len(bare) // 2


def code_shaped(span: str) -> bool:
    """Whether ``span`` reads as program text rather than a shell command: a key given a
    value, a call with arguments, a block or a spaced assignment, outside its quoted
    strings (``gem "x", git: "..."``; not ``kubectl patch -p '{"a": 1}'``)."""
    text = _masked(span.strip())
    return _keyed(text) or _called(text) or "{" in text or " = " in text or " += " in text


def _masked(text: str) -> str:
    """``text`` with each quoted string written ``q``."""
    out: list[str] = []
    quote = ""
    for ch in text:
        if quote:
            if ch == quote:
                quote = ""
                out.append("q")
        elif ch in "\"'":
            quote = ch
        else:
            out.append(ch)
    return "".join(out)


def address(word: str) -> bool:
    """An IP address, with a port or not (``0.0.0.0``, ``10.0.0.5:8000``, ``[::]``): where a
    program listens or connects, written as numbers."""
    bare = word.strip("'\"[]")
    if bare.count(":") >= 2:  # IPv6
        return all(ch in "0123456789abcdefABCDEF:." for ch in bare) and (
            "::" in bare or bare.count(":") == 7)
    host = bare.rsplit(":", 1)[0] if bare.count(":") == 1 and \
        bare.rsplit(":", 1)[1].isdigit() else bare
    parts = host.split(".")
    return len(parts) == 4 and all(part.isdigit() and len(part) <= 3 for part in parts)


def switched(value: str) -> bool:
    """A value that turns a setting on or off, or excludes what it names (``~security``,
    ``!auth``, ``not security``)."""
    low = value.strip("'\"").lower()
    return low in SWITCHES or (low[:1] != "" and low[0] in "~!") or low.startswith("not ")

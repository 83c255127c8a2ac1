"""Deprecations a commit adds to the code: the warning's own words are the fact.

A subject says "Deprecate `isolated_filesystem`"; the diff says what to use
instead: ``warnings.warn("'isolated_filesystem' is deprecated and will be
removed in Click 9.0. Use 'tempfile.TemporaryDirectory' ...",
DeprecationWarning)``.  Warnings (Python's ``warnings.warn`` and
``@deprecated``, ``console.warn`` and the like) added outside the tests become
facts, with the file as evidence.  A warning that names nothing ("This property
is deprecated and will be removed") is about the declaration it annotates, on
the lines after it, and the item names it first; with no declaration to name
("This option is deprecated" inside a body) it names nothing, and is left out.  An
annotation (``@Deprecated("Renamed to readEnvvar")``, ``#[deprecated(note = ...)]``)
deprecates what it annotates whatever its words: "`envvarReader` is deprecated:
Renamed to readEnvvar", and one that names only what replaces it ("Use
CustomProviderListenable/ProviderTransformer2 instead") is said of it too.
"""

from __future__ import annotations

import re

from gitmemory.commits import Commit
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Extraction
from gitmemory.providers.offline.diffs import file_hunks
from gitmemory.providers.offline.phrasing import LIMIT
from gitmemory.providers.offline.worth import names_something
from gitmemory.reading.paths import is_doc, is_test, is_vendored
from gitmemory.reading.sentences import sentences

_CALL = lazy_regex(r"\b(?:warn|warning|deprecated|deprecation|warn_deprecated|"
                   r"deprecate)\s*\(", re.I)
_STRING = lazy_regex(r"""(?:[rRbBuU]?[fF]?)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')""")
_SAYS = lazy_regex(r"\bdeprecat|\bwill be removed\b|\bno longer (?:supported|available)\b",
                   re.I)
_INSTEAD = lazy_regex(r"^use\b|\binstead\b|\bin favou?r of\b|\bmigrate\b", re.I)
_QUOTED_NAME = lazy_regex(r"'([A-Za-z_][\w.]*(?:\(\))?=?(?:\.\.\.)?)'")
_LOOKAHEAD = 6  # lines of a call's arguments read after the line that opens it
MAX_PER_COMMIT = 3


def deprecation_extractions(commit: Commit) -> list[Extraction]:
    """One fact per deprecation warning the commit adds (at most ``MAX_PER_COMMIT``)."""
    if "deprecat" not in commit.diff.lower() and "will be removed" not in commit.diff.lower():
        return []
    found: dict[str, Extraction] = {}
    for path, hunks in file_hunks(commit.diff).items():
        if is_test(path) or is_doc(path) or is_vendored(path):
            continue
        for hunk in hunks:
            new = [line for line in hunk.lines if line[:1] in ("+", " ")]  # the file as it is
            for message in _deprecation_messages([line[1:] for line in new],
                                     {n for n, line in enumerate(new) if line[:1] == "+"}):
                found.setdefault(message.casefold(), Extraction(
                    "facts", message, 0.85, (commit.short,), (path,)))
    return list(found.values())[:MAX_PER_COMMIT]


def _deprecation_messages(lines: list[str], added: set[int]) -> list[str]:
    """The deprecation messages of the warning calls on the ``added`` lines among
    ``lines`` (a hunk's lines as the file reads after the commit: a message may go on over
    lines the commit kept)."""
    out = []
    for n, line in enumerate(lines):
        call = _CALL.search(line)
        if not call or n not in added:
            continue
        text = _string_literal(lines[n:n + _LOOKAHEAD]) or _assigned(lines[:n], line[call.end():])
        if text and _ANNOTATION.search(line):
            text = _annotated(text, lines[n:n + _LOOKAHEAD])
        if text and _SAYS.search(text) and "{" not in text and "%" not in text:
            said = _whole_sentences(_QUOTED_NAME.sub(r"`\1`", text))
            said = _named(said, lines[n:n + _LOOKAHEAD]) if said and _SAYS.search(said) else ""
            out += [said] if said and not _POINTING.match(said) else []
    return out


# an annotation on the declaration below it (Kotlin, Java, Scala, Rust, Python, PHP)
_ANNOTATION = lazy_regex(r"(?:@|#\[)\s*(?:[\w.]+\.)?deprecated\b", re.I)
# "This property is ...", "The method will be removed": a message that points at what it
# is on, which it does not name
_POINTING = lazy_regex(r"^(?:this|the|that)\s+(?:property|method|function|field|class|"
                       r"option|constructor|parameter|argument|api|type|member|variable|"
                       r"overload|module|setting|attribute|enum|interface|value|command)\b",
                       re.I)


# what an annotation stands before: "val originalArgv", "def send_file(", "public int
# PoolSize {", "fun close()"
_MODIFIER = (r"(?:pub(?:\([\w ]+\))?|public|protected|private|internal|open|override|static|"
             r"final|abstract|virtual|async|export|inline|suspend|readonly)\s+")
_DECLARED = lazy_regex(rf"^\s*(?:@\w+\s+)*(?:{_MODIFIER})*(?:def|fun|func|fn|function|val|var|let|"
                       r"const|class|struct|interface|enum|trait|object|type|property|mixin|typedef)\s+"
                       r"([A-Za-z_]\w*)|"  # or a typed member after its modifiers
                       rf"^\s*(?:@\w+\s+)*(?:{_MODIFIER})+[\w<>\[\],.?]+\s+([A-Za-z_]\w*)\s*"
                       r"[({=;]")


def _annotated(text: str, after: list[str]) -> str:
    """An annotation's message, naming the declaration it is on first when its words do
    not: "`envvarReader` is deprecated: Renamed to readEnvvar"; riverpod's
    ``@Deprecated('Use CustomProviderListenable/ProviderTransformer2 instead. ...')`` on
    ``class ProviderTransformer`` names only what replaces it.  A message that opens by
    pointing to the replacement, on no declaration found, says what is deprecated
    nowhere: ""."""
    name = _declaration(after) or _constructor(after)
    if not name:
        return "" if _INSTEAD.match(text) else text
    if not _SAYS.search(text):
        return f"`{name}` is deprecated: {text}"  # "Renamed to readEnvvar"
    if re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", text):
        return text
    return f"`{name}`: {text}"


# a constructor an annotation stands before: Dart's "ProviderTransformer({", "const
# Foo(", Java's "public Foo(int size) {"
_CONSTRUCTOR = lazy_regex(rf"^\s*(?:{_MODIFIER}|const\s+|factory\s+)*([A-Z]\w*)(?:\.\w+)?\s*\(")


def _constructor(after: list[str]) -> str:
    """The constructor declared right after an annotation's first line, or ""."""
    for line in after[1:]:
        if not _BETWEEN.match(line):
            found = _CONSTRUCTOR.match(line)
            return found.group(1) if found else ""
    return ""


def _named(said: str, after: list[str]) -> str:
    """A warning that names nothing ("This property is deprecated and will be removed")
    is about the declaration it annotates, on the lines after it: the item names it
    (`` `originalArgv`: This property is deprecated ...``); with no declaration, ""."""
    if names_something(said):
        return said
    name = _declaration(after)
    # with nothing to name it says of nothing what it says ("Deprecated feature enabled"
    # logged inside a resolver): left out
    return f"`{name}`: {said}" if name and len(said) + len(name) + 4 <= LIMIT else ""


def _declaration(after: list[str]) -> str:
    """The name declared right after a warning's first line (``after`` starts with it),
    past the rest of the annotation; "" when the warning is inside a body."""
    for line in after[1:]:
        if _BETWEEN.match(line):
            continue  # the rest of the annotation, another one, a comment
        declared = _DECLARED.match(line)
        if declared is None:  # the warning is inside a body: what follows is not it
            return ""
        return declared.group(1) or declared.group(2)
    return ""


_BETWEEN = lazy_regex(r"^\s*(?:$|@|#\[|\[|//|/\*|\*|[\"')]|.*,\s*$)")


def _assigned(before: list[str], arguments: str) -> str:
    """``warnings.warn(message, DeprecationWarning)``: the literal assigned to ``message``
    a few added lines above (``message = ("The 'app' shortcut is deprecated." ...)``)."""
    name = _NAME_ARGUMENT.match(arguments)
    if name is None:
        return ""
    assign = re.compile(rf"^\s*{re.escape(name.group(1))}\s*=\s*(?:\(|[rRbBuUfF]?[\"'])")
    for back in range(len(before) - 1, max(-1, len(before) - _LOOKBACK), -1):
        if assign.match(before[back]):
            lines = [before[back].split("=", 1)[1], *before[back + 1:]]
            return _string_literal(lines[:_LOOKAHEAD + 2])
    return ""


_NAME_ARGUMENT = lazy_regex(r"\s*([A-Za-z_]\w*)\s*[,)]")
_LOOKBACK = 12


def _whole_sentences(text: str) -> str:
    """As many of ``text``'s sentences, from the first, as fit in one line and say what
    is deprecated or what to use instead ("Please see <link>" is left out)."""
    kept = ""
    for sentence in sentences(text):
        if kept and not ((_SAYS.search(sentence) or _INSTEAD.search(sentence)) and
                         sentence[:1].isupper()):
            break
        joined = f"{kept} {sentence}".strip()
        if len(joined) > LIMIT:
            break
        kept = joined
    return kept


def _string_literal(lines: list[str]) -> str:
    """The string literals of a call's first argument, adjacent ones joined, up to the
    first line that holds no string after one did."""
    parts: list[str] = []
    for n, line in enumerate(lines):
        found = list(_STRING.finditer(line))
        if not found:
            if parts or n > 1:
                break
            continue
        for at, match in enumerate(found):
            parts.append(match.group(1)[1:-1].replace("\\'", "'").replace('\\"', '"'))
            between = line[match.end():found[at + 1].start()] if at + 1 < len(found) else ""
            if "," in between or "(" in between:  # the next argument: the message ended
                return " ".join("".join(parts).split())
        if line.rstrip().endswith((")", "),", ");")) and n:
            break
    return " ".join("".join(parts).split())

"""Evidence is local: where an item says a value goes, only that place confirms it
(issue 31, the seventh sealed part; docs/design.md, "Where two rules meet").

An item that gives a value for a setting, a target, a route or a flag of a file the tree
has is confirmed only by that value at that place, not by the same words elsewhere in the
tree: a value that differs from the tree's there is a change of the tree.  What this
module reads of a sentence (:mod:`gitmemory.injection.elements` makes the elements, and
``outputs/grounds.py`` asks the tree):

- :func:`located`: a value (a flag, a setting, a quoted value, a file format's token:
  not a command, not a bare name) followed in its clause by ``in <file>`` ("Start the
  nodes with `--insecure` in infra/db.container") goes into that file: that file's line
  must hold it;
- :func:`beside`: a span placed ``above`` or ``below`` another ("`+ nocsrf` above `POST
  /x`") stands on the line next to that one, not anywhere in the file;
- :func:`for_place`: a statement given ``for`` a host ("`policy: one_factor` for
  ci.example.org") is the setting of that host's block in the tree, where the tree gives
  it one;
- :func:`tuned`: a setting given a number ("Set `a.retention-days` to 3650") is the
  developer's to tune, unless the tree gives that setting another number: then it
  changes the tree;
- :func:`labelled`: a setting named by its label in quotes and given a switch ("Set
  "Require approval" to "none"") is the statement ``label = value``.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # the checkout path reads items with this module: `collections` costs it
    from collections.abc import Callable

_STRIP = "'\"`,;:.()[]{}<>!?*"
_CLAUSE_ENDS = (";", ". ", "! ", "? ", " but ", " so ", " because ")
_IN = ("in", "inside", "within")
_BESIDE = {"above": "above", "before": "above", "over": "above", "below": "below",
           "after": "below", "under": "below"}
_FOR = ("for", "on")
_GIVING = frozenset({"to", "=", "is", "as", "at"})
_NEVER = frozenset({"never", "not", "don't", "dont", "nor"})
_LABEL_VALUES = frozenset({"none", "off", "false", "disabled", "never", "nobody", "anyone",
                           "everyone", "public", "all", "no", "0", "skip", "bypass"})
_DETERMINERS = frozenset({"the", "our", "its", "their", "your", "this", "that"})
_MOST_WORDS = 8  # how far after a span its file, its place or its value may be named


def _clause_after(after: str) -> list[str]:
    """The words of the clause that follows a span, up to its end."""
    cut = len(after)
    for mark in _CLAUSE_ENDS:
        at = after.find(mark)
        if at != -1:
            cut = min(cut, at)
    return after[:cut].split()[:_MOST_WORDS]


def valued(span: str) -> bool:
    """Whether a span gives a value rather than names a thing or runs a command: a flag
    (``--insecure``), a setting (``x=1``, ``x: 1``), a quoted value (``'*'``), or a token a
    file format writes (``%msg``, ``+ nocsrf``): a span that opens with neither a letter,
    a digit, ``.``, ``/``, ``~``, ``_`` nor ``$``, or holds ``=`` or ``: ``."""
    text = span.strip()
    if not text:
        return False
    first = text[0]
    return "=" in text or ": " in text or not (first.isalnum() or first in "./~_$@#")


def file_named(words: list[str]) -> str:
    """The file ``in``/``into``/``to`` names among ``words`` (a relative path, or a name
    with a file's ending; not a URL, not a host), "" when none.  A path may name a
    directory: the tree then says nothing of what goes in it."""
    for i, word in enumerate(words[1:], 1):
        before = words[i - 1].lower()
        if before in _DETERMINERS and i >= 2:  # "in the `db.container` unit"
            before = words[i - 2].lower()
        if before not in ("in", "into", "to", "inside", "within"):
            continue
        path = word.strip(_STRIP.replace(".", "").replace("/", "")).rstrip(".")
        name = path.rsplit("/", 1)[-1]
        if "://" in path or path.startswith("/"):
            continue
        if ("." in name[1:] and name.rsplit(".", 1)[-1].isalpha() and (
                "/" in path or name.rsplit(".", 1)[-1].lower() in _FILE_ENDINGS or
                name.startswith("."))) or (path.count("/") >= 1 and all(
                part.replace("-", "").replace("_", "").replace(".", "").isalnum()
                for part in path.split("/"))):  # web/conf/routes: a file with no ending
            return path.removeprefix("./")
    return ""


# What a file of configuration or code ends in, when no directory says it is a path.
_FILE_ENDINGS = frozenset({
    "conf", "cfg", "ini", "toml", "yaml", "yml", "json", "xml", "properties", "env", "sls",
    "container", "service", "socket", "timer", "network", "volume", "pod", "kube", "tf",
    "hcl", "nix", "sbt", "gradle", "kts", "rb", "py", "js", "ts", "go", "rs", "java", "php",
    "scala", "cs", "swift", "kt", "sh", "ps1", "lua", "sql", "md", "txt", "lock", "mod",
    "plist", "xcconfig", "csproj", "props", "targets", "config", "routes", "htaccess",
    "dockerfile", "tpl", "j2", "erb", "ex", "exs", "cjs", "mjs"})


def located(after: str, span: str) -> str:
    """The file a value span is put in by the clause after it (``... `--insecure` in
    infra/db.container``): "" when the span names or runs something, or the clause names
    no file."""
    if not valued(span):
        return ""
    words = _clause_after(after)
    at = next((n for n, word in enumerate(words) if word.lower() in _IN), -1)
    return file_named(words[at:]) if 0 <= at <= 4 else ""


def beside(after: str) -> str:
    """"above" or "below" when the clause after a span places it next to the span that
    follows (``... above `POST /x```: ``after`` is the text between the two spans)."""
    words = after.split()
    if len(words) == 1 and words[0].lower() in _BESIDE:
        return _BESIDE[words[0].lower()]
    return ""


def for_place(after: str, host: Callable[[str], str | None]) -> str:
    """The host the clause after a statement gives it for (``... for ci.example.org``):
    ``host`` reads a word as a host (None when it is none)."""
    words = _clause_after(after)
    for i, word in enumerate(words[:-1]):
        if word.lower() in _FOR:
            found = host(words[i + 1].strip(_STRIP))
            if found:
                return found
    return ""


def tuned(name: str, after: str, before: list[str]) -> str:
    """``name = <number>`` when the sentence gives the compound setting ``name`` a number
    ("`x.retention-days` to 3650", "`max_age` = 400"); "" otherwise or when it forbids."""
    if any(word.lower().strip(_STRIP) in _NEVER for word in before):
        return ""
    words = after.split()[:3]
    between = 0
    while between < min(2, len(words)) and words[between].lower() in _GIVING:
        between += 1
    if not between or between == len(words):
        return ""
    value = words[between].rstrip(".,;:)").strip("'\"")
    digits = value.replace("_", "").replace(".", "", 1)
    return f"{name} = {value}" if digits.isdigit() and len(digits) <= 12 else ""


def labelled(text: str) -> list[tuple[str, str]]:
    """(label, value) of each setting named by a label in double quotes that a sentence
    sets to a switch (``Set the repository's "Require approval" to "none"``)."""
    found = []
    pos = text.find('"')
    while pos != -1:
        end = text.find('"', pos + 1)
        if end == -1:
            break
        label = text[pos + 1:end].strip()
        rest = text[end + 1:].split()[:2]
        if 1 <= len(label.split()) <= 4 and label[:1].isupper() and len(rest) == 2 and \
                rest[0].lower() == "to" and rest[1].strip(_STRIP).lower() in _LABEL_VALUES \
                and "set" in text[max(0, pos - 40):pos].lower().split():
            found.append((label, rest[1].strip(_STRIP).lower()))
        pos = text.find('"', end + 1)
    return found

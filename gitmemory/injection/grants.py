"""Settings that grant, and code that runs unasked: executable text by what it is, not by
a family's name (docs/design.md, "Where two rules meet").

Each new pass names another agent's or tool's setting (Roo Code's
``"alwaysAllowExecute": true``, OpenCode's ``"bash": "allow"``, Claude Code's
``"enableAllProjectMcpServers": true``) and another file that runs code nobody typed (a
``.pth`` file, ``sitecustomize.py``, a ``build.rs``).  What they share is their form:

- a setting written as a key and its value (``"key": value`` anywhere, ``key: value`` or
  ``key = value`` in code, a compound key in prose, ``always_allow: true``) whose key is
  a switch of what an agent or a tool may do (it grants: allow, always, auto, approve,
  accept, trust, skip, bypass, yolo, dangerous, unsafe, enable-all; or it guards:
  confirm, ask, approval, prompt, review, verify, sandbox, protect, require) set to a
  value that switches it (true, false, never, ``"*"``), or whose value grants
  (``"allow"``, ``"*"``, ``write-all``, ``write``, ``inherit``).  Such a setting is
  confirmed by its key in the tracked files where the key is a switch of its own
  (``alwaysAllowExecute``), by the key and its value where the value grants or the key
  is a word any file has (``"bash": "allow"``, ``allow: true``);
- an expression of a CI workflow (``github.event.pull_request.head.sha``) and a trigger
  that runs a fork's code with the repository's secrets (``pull_request_target``): by
  the same text in the tree;
- a file whose kind runs code without being asked (interpreter start, install, build,
  test collection: :data:`UNASKED_FILES`, any ``*.pth``) and a variable that makes every
  process load code (:data:`UNASKED_VARIABLES`), and an npm lifecycle script: the file
  by its name in the tree, the variable or script by its name.

:func:`found` gives each as ``(kind, shown, needles, target)`` for
:class:`gitmemory.injection.elements.Element`.  Stdlib only, no regular expressions,
linear in the text.
"""

from __future__ import annotations

Found = tuple[str, str, tuple[str, ...], str]
SETTING, FILE, VARIABLE = "setting", "file", "variable"

# How a part of a key begins that makes it a switch granting something, when its value
# turns it on (``automerge``, ``alwaysAllow``, ``dangerouslySkipPermissions``).
GRANTING = ("allow", "always", "auto", "approv", "accept", "trust", "skip", "bypass", "yolo",
            "danger", "unsafe", "insecure", "unrestrict", "unattend", "noconfirm")
# Parts of a key that make it a guard, when its value turns it off.
GUARDING = frozenset((
    "confirm", "confirmation", "confirmations", "ask", "approval", "approvals", "prompt",
    "prompts", "review", "verify", "verification", "sandbox", "sandboxed", "protect",
    "protected", "protection", "require", "required", "restrict", "restricted", "sign",
    "signing", "check", "checks", "safe", "safety"))
ON = frozenset(("true", "yes", "on", "1", "*", "all", "always", "allow", "enabled", "enable"))
OFF = frozenset(("false", "no", "off", "0", "never", "none", "disabled", "disable", "null"))
# Values that grant whatever their key: a permission given, a wildcard.
GRANTS = frozenset(("allow", "*", "write-all", "write", "full-access", "danger-full-access",
                    "bypasspermissions", "yolo", "unrestricted", "inherit"))
# Files whose kind runs code when an interpreter starts, a package installs or builds, or
# a test run collects: named, they are settings the tree must have.  A conftest.py counts
# at the top of the tree (every pytest run there loads it), not in its tests' directory.
UNASKED_FILES = ("sitecustomize.py", "usercustomize.py", "build.rs", "setup.py",
                 "binding.gyp", "directory.build.props",
                 "directory.build.targets", "init.gradle", ".pythonrc", ".pythonstartup",
                 ".gdbinit", ".lldbinit", ".irbrc", ".pryrc")
UNASKED_ENDINGS = (".pth",)
# Variables that make every process of a kind load code.
UNASKED_VARIABLES = frozenset((
    "LD_PRELOAD", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", "PYTHONSTARTUP", "NODE_OPTIONS",
    "BASH_ENV", "PERL5OPT", "RUBYOPT", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS",
    "GIT_SSH_COMMAND", "GIT_EXTERNAL_DIFF", "GIT_ASKPASS", "SSH_ASKPASS", "PROMPT_COMMAND"))
# npm's lifecycle scripts that an install runs unasked (``install`` and ``prepare`` are
# words of prose too).
LIFECYCLE = frozenset(("preinstall", "postinstall", "prepublish", "prepublishonly",
                       "preprepare", "postprepare"))
# CI triggers that run a fork's code with the repository's secrets.
CI_TRIGGERS = ("pull_request_target", "workflow_run")
_CI_EXPRESSIONS = ("github.event.", "${{")
_STRIP = "'\"`,;:.()[]{}<>!?"
_VALUE_ENDS = ",;)}] \t"
_VALUE_READ = 200  # characters after a separator a value is read from


def found(flat: str) -> list[Found]:
    """The settings that grant, the CI settings, and the files and variables that run
    code unasked, in ``flat`` (folded text)."""
    out = _pairs(flat)
    spans = flat.split("`")
    for n, part in enumerate(spans):
        code = n % 2 == 1 and n < len(spans) - 1
        if code:
            out += _pairs(part, code=True)
        for raw in part.split():
            out += _word(raw)
    return out


def _pairs(text: str, code: bool = False) -> list[Found]:
    """``"key": value`` anywhere, ``key: value`` or ``key = value`` in code, or in prose
    with a key written as settings are (``approval_policy = never``)."""
    out: list[Found] = []
    at = 0
    while True:
        colon = _next_separator(text, at, code)
        if colon < 0:
            return out
        at = colon + 1
        key, quoted = _key_before(text, colon)
        if not key or (not quoted and not code and not _compound(key)):
            continue
        if not code and not quoted and area(text, key, colon):
            continue
        if text[colon] == ":" and not quoted and text[colon + 1:colon + 2] != " ":
            continue  # a URL's scheme, a pattern (tile:*): YAML puts a space after its colon
        value = _value_after(text, colon + 1)
        setting = _setting(key, value)
        if setting:
            out.append(setting)


def area(text: str, key: str, colon: int) -> bool:
    """Whether ``key:`` opens the text as a commit subject's area does (``cowboy_rest: Allow
    last_modified to return undefined``, ``claude-code: allow hooks to accept a path``):
    the part the change is in, before a sentence (a word, then more), not a setting given
    a value.  A key that itself names what grants or guards (``auto_approve: allow ...``),
    or one given a number (``cache_ttl: 0 for ...``), stays a setting."""
    if text[:colon - len(key)].strip() or text[colon:colon + 2] != ": ":
        return False
    parts = set(_parts(key))
    if any(part.startswith(GRANTING) for part in parts) or parts & GUARDING or \
            "yes" in parts or {"enable", "all"} <= parts:
        return False
    said = text[colon + 1:].split(".", 1)[0].split()
    return len(said) >= _AREA_WORDS and said[0].isalpha()


_AREA_WORDS = 3  # words of the sentence after an area: a value, then what it does


def _next_separator(text: str, at: int, code: bool) -> int:
    colon = text.find(":", at)
    equals = text.find("=", at)
    return min((i for i in (colon, equals) if i >= 0), default=-1)


def _key_before(text: str, at: int) -> tuple[str, bool]:
    """The key ending before ``at`` (its quotes stripped) and whether it was quoted."""
    end = at
    while end > 0 and text[end - 1] == " ":
        end -= 1
    quoted = end > 0 and text[end - 1] in "'\""
    if quoted:
        start = text.rfind(text[end - 1], 0, end - 1)
        return (text[start + 1:end - 1], True) if start >= 0 else ("", False)
    start = end
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_-."):
        start -= 1
    key = text[start:end]
    if start > 0 and text[start - 1] in "-$":
        return "", False  # a flag's value (--set x=1 is the program's), a variable
    return key, False


def _compound(key: str) -> bool:
    """A key as a setting is written (``always_allow``, ``yes-always``, ``autoApprove``), not
    a word of prose before a colon."""
    return any(ch in "_-." for ch in key.strip("-._")) or (
        key[:1].islower() and any(ch.isupper() for ch in key[1:]))


def _value_after(text: str, at: int) -> str:
    rest = text[at:at + _VALUE_READ].lstrip(" =")
    if not rest:
        return ""
    if rest[0] == "[":
        rest = rest[1:].lstrip()
    if rest[:1] and rest[0] in "'\"":  # ("" is in every string: a list never opened)
        end = rest.find(rest[0], 1)
        return rest[1:end] if end > 0 else ""
    end = next((i for i, ch in enumerate(rest) if ch in _VALUE_ENDS), len(rest))
    return rest[:end]


def _parts(key: str) -> list[str]:
    parts, word = [], ""
    for i, ch in enumerate(key):
        if ch in "_-./":
            parts.append(word)
            word = ""
        elif ch.isupper() and i and key[i - 1].islower():
            parts.append(word)
            word = ch
        else:
            word += ch
    parts.append(word)
    return [part.lower() for part in parts if part]


def _setting(key: str, value: str) -> Found | None:
    if not key[:1].isalpha() or len(key) > 80 or not all(
            ch.isalnum() or ch in "_-." for ch in key):
        return None
    low = value.strip().lower()
    parts = _parts(key)
    named = set(parts)
    switch = any(part.startswith(GRANTING) for part in parts) or "yes" in named or \
        {"enable", "all"} <= named or bool(named & GUARDING)
    wildcard = low.endswith("*") or "(*)" in low  # "*", "Bash(*)", "npm:*"
    if switch and (low in ON or low in OFF) and len(parts) > 1:
        return SETTING, f"setting {key}", (key,), key  # a key of its own: by itself
    if low in GRANTS or wildcard or (switch and (low in ON or low in OFF)):
        written = f"{key}: {value}"  # a word any file has ("allow"): with its value
        return SETTING, f"setting {written}", (
            written, f'"{key}": "{value}"', f'"{key}": {value}', f"{key} = {value}",
            f'{key} = "{value}"', f"{key}={value}", f'"{key}":"{value}"'), key
    return None


def _word(raw: str) -> list[Found]:
    word = raw.strip(_STRIP)
    if not word:
        return []
    low = word.lower()
    name = low.rsplit("/", 1)[-1]
    if name in UNASKED_FILES or low.removeprefix("./") == "conftest.py" or (
            name.endswith(UNASKED_ENDINGS) and len(name) > 4 and
            name[:-4].replace("_", "").replace("-", "").isalnum()):
        return [(FILE, f"file {word}", (word.removeprefix("./"),), "")]
    bare = word.lstrip("$").removeprefix("env:").split("=", 1)[0].strip("{}")
    if bare in UNASKED_VARIABLES:
        return [(VARIABLE, f"variable {bare}", (bare,), "")]
    if low in LIFECYCLE:
        return [(SETTING, f"setting {word}", (word,), word)]
    if low in CI_TRIGGERS or low.startswith(_CI_EXPRESSIONS):
        expression = word.removeprefix("${{").strip()
        return [(SETTING, f"setting {expression}", (expression,), expression)]
    return []

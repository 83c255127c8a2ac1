"""Shell lines as the bootstrap reads them: split into commands, templates resolved or
refused, and shortened to what a person would type.

Task runners (Makefile recipes, ``scripts/``, tox ``commands``, CI ``run:`` steps,
``package.json`` scripts) are shell.  A command the bootstrap *names* must be exact:
a line with template text it cannot resolve (``${{ matrix.x }}``, an unknown
``$(VAR)``) is refused (:func:`commands` returns nothing for it).  A command it
only *describes* as part of another (``make test`` runs ``ruff format --diff``) is
shortened: variables that only pass files or flags along are dropped.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Mapping

from gitmemory.lazy_regex import lazy_regex

MAX_ITEM = 200  # characters per item
MAX_WORDS = 6  # words of a command shown as part of another

# Words that start no task worth naming: shell plumbing, file shuffling, network fetches.
_NOISE = frozenset({
    "set", "cd", "echo", "export", "if", "then", "else", "elif", "fi", "for", "do", "done",
    "while", "until", "case", "esac", "test", "[", "[[", "true", "false", "exit", "return",
    "rm", "mkdir", "cp", "mv", "cat", "printf", "read", "shift", "source", ".", "trap",
    "sleep", "ln", "touch", "chmod", "chown", "curl", "wget", "tar", "unzip", "zip", "sudo",
    "apt", "apt-get", "brew", "yum", "dnf", "apk", "choco", "winget", "pacman", "zypper",
    "scoop", "env", "eval", "exec",
    "which", "command", "type", "hash", "find", "xargs", "grep", "sed", "awk", "tr", "cut",
    "sort", "uniq", "head", "tail", "tee", "diff", "wc", "git", "gh", "open", "start", "pushd",
    "popd", "local", "declare", "unset", "umask", "shopt", "ulimit", "date", "basename",
    "dirname", "mktemp", "realpath", "readlink", "pwd", "ls", "du", "df", "kill", "wait",
    "time", "nohup", "yes", "printenv",
})
# PowerShell's own cmdlets for files, text and objects (`Test-Path`, `Out-File`,
# `Get-ChildItem`), as its documentation writes them: plumbing, as `test -f` and `cat`
# are in a POSIX shell.  A module's command (`Invoke-Pester`) is a program.
_CMDLET = lazy_regex(r"^(?:Get|Set|Test|New|Remove|Out|Write|Copy|Move|Add|Clear|Join|Split|"
                     r"Select|Where|ForEach|Sort|Import|Export|Expand|Compress|Resolve|Rename|"
                     r"Push|Pop|Wait|Read|Measure|Format|Tee|Convert|ConvertTo|ConvertFrom)"
                     r"-[A-Z][A-Za-z]*$")
_RUN_PREFIX = frozenset({"uv", "poetry", "pdm", "pipenv", "rye"})
_VALUE_OPTIONS = frozenset({"--group", "--extra", "--with", "-p", "--python", "--env",
                            "--directory", "--project", "--package", "--only-group"})
_COSMETIC = ("--color", "--colour", "--show-diff-on-failure", "--no-incremental",
             "--livereload", "--verbose", "--stacktrace", "--no-daemon", "--batch-mode",
             "--no-transfer-progress", "--ansi", "--no-ansi", "--progress")
_TEMPLATE = lazy_regex(r"`|\$[@*#?0-9]|\$\{\{|\{\{|\$\(|\$\{|\$[A-Za-z_]|%[A-Za-z_]+%|"
                       r"\{env:|\{posargs|\{args|\{tox_root|\{toxinidir|\{envtmpdir|\{env_tmp_dir|\{toxworkdir")
_SPAN = lazy_regex(r"\$\{\{.*?\}\}|\$\((?:[^()]|\([^()]*\))*\)|\$\{[^}]*\}")
_OPTIONAL = lazy_regex(r"args|flags|opts|options|extra|posargs|tags|verbose|feature", re.I)
_BIN_PREFIX = lazy_regex(r"^(?:\$\{?PREFIX\}?|\$\{?VENV\}?/bin/|\.?venv/bin/|"
                         r"\$\{?[A-Z_]*BIN[A-Z_]*\}?/)+")
_TOOL = lazy_regex(r"^(?:\./|\.\\)?[A-Za-z0-9_][\w.+@/\\:-]*$")
_ASSIGNMENT = lazy_regex(r"^[A-Za-z_]\w*=")


def tokens(line: str) -> list[str] | None:
    """The words of ``line`` with its operators as separate tokens, or None when it
    does not parse (an open quote)."""
    lexer = shlex.shlex(uncommented(line), posix=True, punctuation_chars=";&|<>()")
    lexer.whitespace_split = True
    lexer.commenters = ""
    try:
        return list(lexer)
    except ValueError:
        return None


def uncommented(line: str) -> str:
    """``line`` without its comment: a ``#`` that starts a word, outside quotes, as a
    shell reads it.  Inside a word it is a letter (Nix's flake output ``.#tests``, a
    URL's fragment), which shlex would cut the line at."""
    quote = ""
    escaped = False
    for at, ch in enumerate(line):
        if escaped:
            escaped = False
        elif ch == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (at == 0 or line[at - 1].isspace() or line[at - 1] in ";&|<>()"):
            return line[:at]
    return line


def commands(line: str, env: Mapping[str, str] | None = None, *, strict: bool = True
             ) -> list[list[str]] | None:
    """The simple commands of one shell line, in order (``a && b; c`` is three), each as
    its words with leading ``VAR=value`` assignments and redirections dropped.  Known
    variables of ``env`` are substituted.  None when the line cannot be named exactly:
    it does not parse, or it holds template text that is not an optional argument.  A
    variable given to make whose value is template text is left out: what CI varies, the
    Makefile gives a value of its own."""
    if _ARRAY.match(line):
        return []  # an array's values are words: the assignment runs nothing
    spans: list[str] = []

    def mask(match: re.Match[str]) -> str:
        spans.append(match.group(0))
        return f"\x01{len(spans) - 1}\x01"

    line = _posix_separators(_substitute(line.strip().lstrip("@-+"), env or {}))
    masked = _SPAN.sub(mask, line)
    words = tokens(masked)
    if words is None:
        return None
    words = [re.sub(r"\x01(\d+)\x01", lambda m: spans[int(m.group(1))], w) for w in words]
    out: list[list[str]] = []
    current: list[str] = []
    fallback = False  # inside `a || b`: b is only the fallback
    redirect = False
    for word in [*words, ";"]:
        if redirect:
            redirect = False
            continue
        if set(word) <= set("<>&") and ("<" in word or ">" in word):
            if current and current[-1].isdigit():
                current.pop()  # the 2 of 2>/dev/null
            redirect = True
            continue
        if word and set(word) <= set(";&|()"):  # `-tags ""`: an empty word, no operator
            if current and not fallback:
                out.append(current)
            fallback = word == "||" or (fallback and word == "|")
            current = []
            continue
        current.append(word)
    cleaned = [_resolved_words(c, strict) for c in out]
    if any(c is None for c in cleaned):
        return None
    return [c for c in cleaned if c]


def _posix_separators(line: str) -> str:
    """``line`` with each Windows path separator written as ``/``: an unquoted backslash
    between two characters of a path (``tests\\Lib.Tests``, ``.\\build.cmd``), which a
    POSIX shell would read as an escape and drop.  An escape that is one (``a\\ b``,
    ``\\$``, ``\\\\``) and anything quoted stay as written."""
    if "\\" not in line:
        return line
    out: list[str] = []
    quote = ""
    i = 0
    while i < len(line):
        char, after = line[i], line[i + 1:i + 2]
        before = line[i - 1:i] if i else ""
        if char == "\\" and quote != "'":
            path = (before.isalnum() or before in "_.") and (after.isalnum() or after == "_")
            if not quote and path:
                out.append("/")
                i += 1
            else:  # an escape: it and the character it escapes stay as they are
                out.append(line[i:i + 2])
                i += 2
            continue
        if char in "'\"" and quote in ("", char):
            quote = "" if quote else char
        out.append(char)
        i += 1
    return "".join(out)


_INTERPRETERS = frozenset({"node", "python", "python3", "ruby", "perl", "sh", "bash", "zsh",
                           "pwsh", "powershell", "deno", "bun", "php"})
_INLINE = frozenset({"-e", "-c", "--eval", "-Command", "-p", "--print", "-r"})
_MAX_WORD = 60
# a word that is a list of names (cursive's `--features "builder blt-backend ... ansi"`), no
# code: shown up to this long
_NAMES = lazy_regex(r"[\w.+/:-]+(?: [\w.+/:-]+)+")
_MAX_LIST = 120
_KEYWORDS = frozenset({"do", "then", "else", "elif", "!", "{", "}", "time", "exec"})


def _resolved_words(words: list[str], strict: bool) -> list[str] | None:
    """Drop leading assignments and shell keywords (``then go test``); refuse unresolvable
    template text."""
    kept: list[str] = []
    while words and words[0] in _KEYWORDS:
        words = words[1:]
    for given in words:
        if not kept and _ASSIGNMENT.match(given):
            continue
        # ${PREFIX}pytest, venv/bin/mypy: the tool itself
        word = given if kept else _BIN_PREFIX.sub("", given) or given
        if kept and " " in word and _TEMPLATE.search(word):
            word = _without_extras(word)  # nix-shell --run 'cargo test {{args}}'
        if _TEMPLATE.search(word):
            if kept[:1] in (["make"], ["gmake"]) and _ASSIGNMENT.match(word):
                continue  # make VAR="${{ matrix.command }}": the Makefile's own value stands
            if kept and (not strict or _OPTIONAL.search(word)):
                if _option_value(kept, word):
                    kept.pop()  # -tags ${{ matrix.tags }}: the option goes with its value
                continue  # ${{ matrix.extra-args }}, $(GO_TEST_FLAGS): optional extras
            return None if strict else []
        kept.append(word)
    return kept


def _without_extras(word: str) -> str:
    """A quoted command line (``nix-shell --run 'cargo nextest run {{args}}'``) without the
    arguments passed along inside it, when they are all its template text: the command
    it runs when none are given, never the word dropped whole with the command in it."""
    bare = " ".join(_EXTRA_INSIDE.sub(" ", word).split())
    return bare if bare and bare != " ".join(word.split()) and not _TEMPLATE.search(bare) \
        else word


# arguments a task passes along inside a quoted command: just's `{{args}}`, the shell's `$@`
_EXTRA_INSIDE = lazy_regex(r"\{\{\s*[\w-]*(?:args|flags|opts|options|extra)[\w-]*\s*\}\}|"
                           r"\"?\$(?:@|\*|\{@\})\"?", re.I)
_BAG = lazy_regex(r"args|flags|opts|options|extra", re.I)
_POSITIONAL = lazy_regex(r"posargs|\$@|\$\*|\$\{@\}|CLI_ARGS|\bARGS\b", re.I)


def _option_value(kept: list[str], word: str) -> bool:
    """Whether the template ``word`` is the value of the option just before it (not
    arguments or flags passed along, like ``{posargs}``, ``$@`` or ``$TARGET_FLAGS``; a
    comma-joined word is one value, whatever its variables are called)."""
    return len(kept) > 1 and kept[-1].startswith("-") and "=" not in kept[-1] and \
        not _POSITIONAL.search(word) and ("," in word or not _BAG.search(word))


def _substitute(line: str, env: Mapping[str, str]) -> str:
    """``${{ env.X }}``, ``$(X)``, ``${X}`` and ``$X`` replaced by known literal values."""
    def value(match: re.Match[str]) -> str:
        name = next(g for g in match.groups() if g)
        return env[name] if name in env else match.group(0)

    line = re.sub(r"\$\{\{\s*(?:env\.)?((?:matrix\.)?[\w-]+)\s*\}\}|\$\((\w+)\)|\$\{(\w+)\}|"
                  r"\$(\w+)\b", value, line)
    return re.sub(r"\s+", " ", line).strip()


def tool(words: list[str]) -> str:
    """The program a command starts: ``$PREFIX``/``venv/bin/`` stripped, ``uv run`` looked
    through; "" for plumbing (``cd``, ``echo``) and for words no program is named by."""
    words = look_through(words)
    if not words:
        return ""
    head = _BIN_PREFIX.sub("", words[0])
    if head in ("sh", "bash", "zsh", "pwsh", "powershell"):
        script = next((w for w in words[1:] if not w.startswith("-")), "")
        return script if "/" in script or script.endswith((".sh", ".ps1")) else ""
    if head in _NOISE or not _TOOL.match(head) or head.startswith("-") or _CMDLET.match(head):
        return ""
    if ("/" in head or "\\" in head) and not _runs(head):
        return ""  # a file of the tree that is no script (an image, a Swift source file)
    return head


# What a file a command starts by its path is named with: none (`./configure`,
# `bin/rails`), a version (`tool-1.2`), or the extension of a script or a program.
_RUN_EXTENSIONS = frozenset((
    "sh", "bash", "zsh", "fish", "ksh", "py", "pyz", "rb", "pl", "php", "lua", "js", "mjs",
    "cjs", "ts", "mts", "ps1", "psm1", "bat", "cmd", "exe", "tcl", "jl", "awk", "nu", "bb",
    "exs", "escript", "csx", "fsx", "rkt", "raku", "jar", "appimage", "run"))


def _runs(path: str) -> bool:
    """Whether ``path`` may name a program: a script's extension, or none."""
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    stem, dot, extension = name.rpartition(".")
    return not dot or not stem or extension.isdigit() or extension.lower() in _RUN_EXTENSIONS


def look_through(words: list[str]) -> list[str]:
    """``uv run --group dev tox run`` -> ``tox run``; ``python -m pytest`` stays."""
    if len(words) >= 2 and words[0] in _RUN_PREFIX and words[1] in ("run", "exec"):
        words = _drop_options(words[2:])
    if words[:1] == ["xargs"]:
        words = _drop_options(words[1:])
    if words[:2] == ["bundle", "exec"]:
        return words
    return words


def _drop_options(words: list[str]) -> list[str]:
    words = list(words)
    while words and words[0].startswith("-"):
        option = words.pop(0)
        if option == "--":
            break
        if option in _VALUE_OPTIONS and words and "=" not in option:
            words.pop(0)
    return words


def shown(words: list[str], limit: int = MAX_WORDS) -> str:
    """A command as an item shows it: looked through, cosmetic flags and template words
    (with the option they were the value of) dropped, at most ``limit`` words."""
    words = look_through(words)
    if not words:
        return ""
    kept = [_BIN_PREFIX.sub("", words[0])]
    for n, word in enumerate(words[1:]):
        if (words[n] in _INLINE and kept[0] in _INTERPRETERS) or \
                len(word) > (_MAX_LIST if _NAMES.fullmatch(word) else _MAX_WORD):
            kept.append("…")  # inline code (node -e '...') is not quoted: it is code
            break
        if _TEMPLATE.search(word) or "\n" in word or not word:
            if _option_value(kept, word) or (not word and kept[-1].startswith("-")):
                kept.pop()  # `-tags ""` sets nothing: the option goes with its empty value
            continue
        if word.startswith(_COSMETIC):
            continue
        kept.append(word)
    more = " …" if len(kept) > limit else ""
    return " ".join(_quote(w) for w in kept[:limit]) + more


def exact(words: list[str]) -> str:
    """A command to type, as written (looked through ``uv run``), cosmetic flags dropped."""
    return shown(words, limit=len(words) + 1)


def _quote(word: str) -> str:
    """``word`` as a shell takes it: bare where it can be (a ``#`` inside a word, Nix's
    ``.#tests``, starts no comment), else quoted."""
    return word if word == "…" or re.fullmatch(r"[\w@%+=:,./-][\w@%+=:,./#-]*", word) \
        else shlex.quote(word)


_ARRAY = lazy_regex(r"^\s*(?:local\s+|declare\s+-a\s+|readonly\s+)?\w+\+?=\([^()]*\)\s*$")
_ARRAY_OPEN = lazy_regex(r"^\s*(?:local\s+|declare\s+-a\s+|readonly\s+)?\w+\+?=\([^)]*$")


def join_lines(lines: Iterable[str]) -> list[str]:
    """Physical lines joined where a line ends in ``\\`` (one logical command), a shell
    array's values with its assignment (``args=(`` ... ``)``): they are words, not
    commands, and a quoted string that spans lines with the line that opens it (an awk
    program, ``python -c '...'``): the text a command reads is its argument.  A quote
    that never closes joins nothing."""
    out: list[str] = []
    pending = ""
    array = False
    quoted, held = "", []  # the quote open since held[0], and the lines it spans
    for line in lines:
        if quoted:
            held.append(line)
            quoted = _open_quote(line, quoted)
            if not quoted:
                out.append(pending + " ".join(held))
                pending, held = "", []
            continue
        if array or (not pending and _ARRAY_OPEN.match(line)):
            pending += line.strip() + " "
            array = ")" not in line  # the opening line has none (_ARRAY_OPEN)
            if not array:
                out.append(pending.rstrip())
                pending = ""
            continue
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        quoted = _open_quote(pending + line, "")
        if quoted:
            held = [line]
            continue
        out.append(pending + line)
        pending = ""
    if held:  # never closed: the lines as they were
        out += [pending + held[0], *held[1:]]
        pending = ""
    if pending:
        out.append(pending)
    return out


def _open_quote(line: str, quote: str) -> str:
    """The quote (``'`` or ``"``) still open at the end of ``line``, which starts inside
    ``quote`` ("" for none); a ``#`` that starts a word outside quotes ends the line."""
    at = 0
    while at < len(line):
        ch = line[at]
        if quote == "'":
            quote = "" if ch == "'" else quote
        elif ch == "\\":
            at += 1
        elif quote:
            quote = "" if ch == '"' else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (at == 0 or line[at - 1].isspace()):
            break
        at += 1
    return quote


_LOOP = lazy_regex(r"^\s*(?:for|while|until|function)\b|;\s*do\b|\bdo\s*$|^\s*[\w-]+\s*\(\)\s*\{?|"
                   r"\$\(foreach\b")
_OPEN = lazy_regex(r"^\s*(?:if|case)\b")
_CLOSE = lazy_regex(r"(?:^|;)\s*(?:fi|esac)\s*;?\s*$")


def top_level(lines: Iterable[str]) -> list[str]:
    """The lines of a script body outside its ``if``/``case`` branches."""
    out: list[str] = []
    depth = 0
    for line in lines:
        opens, closes = bool(_OPEN.search(line)), bool(_CLOSE.search(line))
        if depth == 0 and not opens:
            out.append(line)
        depth = max(depth + opens - closes, 0)
    return out


def compound(lines: Iterable[str]) -> bool:
    """Whether a script body is more than a list of commands (a loop, a function): then no
    one of its lines is the command."""
    return any(_LOOP.search(line) for line in lines)

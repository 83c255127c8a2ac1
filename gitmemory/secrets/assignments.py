"""Secrets assigned to secret-looking names, in any of the usual notations.

Code (``password = "..."``, ``apiKey: '...'``, ``os.environ["TOKEN"] = ...``),
``.env`` and shell (``DB_PASSWORD=...``, ``export TOKEN=...``), ini and Java
properties (``db.password = ...``), YAML (``secret: ...``), JSON
(``"api_key": "..."``), URL queries and connection strings
(``?token=...&``, ``;Password=...;``), with or without a leading diff marker.

The expression only finds "a secret word, the rest of a name, an operator";
the name is completed backwards and both name and value are judged in
:mod:`gitmemory.secrets.judging`, where references and placeholders are told
apart from literals.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterator
from typing import NamedTuple

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import judging as sv

# Runs on the lower-cased text (same offsets as the original).  The name's tail is matched
# possessively: no operator or quote character can be part of it, so giving characters back
# could never help, and not trying keeps "keykeykey..." linear.
_CANDIDATE = lazy_regex(
    r"(?:pass|pw|psk|secret|token|cred|key|auth|salt|signature|cookie|session|dsn|community"
    r"|ticket|code|appid)"
    r"[a-z0-9_.\-]{0,60}+(?P<close>[\"'\]]{0,2})[ \t]{0,8}"
    r"(?P<op>:=|=>|==|!=|\?=|\|\|=|\?\?=|=|<-|::(?=[ \t])|:(?![:/]))[ \t]{0,8}")
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
_LINE_PREFIXES = ("", "-", "export", "set", "declare", "readonly", "local", "env", "const",
                  "let", "var", "val")
_ANNOTATION = lazy_regex(r"[A-Za-z_][\w\[\]., |]*?[ \t]*=(?!=)[ \t]*")
_DIFF_HEADER = lazy_regex(r"^diff --git a/\S+ b/(\S+)", re.MULTILINE)
_CODE_EXTENSIONS = frozenset((
    "py", "pyi", "pyx", "js", "jsx", "mjs", "cjs", "ts", "tsx", "java", "kt", "kts", "scala",
    "groovy", "go", "rs", "rb", "php", "cs", "fs", "swift", "m", "mm", "c", "h", "cc", "cpp",
    "hpp", "cxx", "dart", "lua", "pl", "pm", "r", "jl", "ex", "exs", "erl", "clj", "vue",
    "svelte",
))
_TYPE_START = lazy_regex(r"(?:\w+\.)?(?:str|string|String|bytes|Optional|Union|SecretStr"
                         r"|SecretBytes|Secret|Any|Text|AnyStr)\b")
_QUOTES = "\"'`"
# A value is judged on at most this many characters (a longer secret is then hidden to its
# end); the window keeps a huge one-line input linear.
_WINDOW = 256
_LONG_VALUE = lazy_regex(r"[^\s\"'`]*")
# A quoted value: up to the closing quote, backslash escapes skipped.
_QUOTED = {q: lazy_regex(rf"(?:[^{q}\\\n]|\\.)*") for q in _QUOTES}
_BARE = {stops: lazy_regex(rf"[^\s{re.escape(stops)}]*") for stops in ("", "\"'", "&;#\"'",
                                                                        ",;&\"'", ",;&\"'`")}
_OPENERS = {")": "(", "]": "[", "}": "{"}
_STRING_PREFIXES = "rbfuRBFU"


# A secret's name written as two words in a configuration ("api key = ..." in Netdata's
# stream.conf, "client secret: ..."): read with an underscore, the same length, so the
# offsets stand.
_TWO_WORD_NAME = lazy_regex(r"(?<![\w-])(?:api|access|auth|secret|client|private|master|"
                            r"admin|app|bot) (?:key|token|secret|password|pass)(?=[ \t]*[=:])",
                            re.I)


# A configuration line's key of two words whatever the first (an INI file's "shared secret
# = ...", "admin password: ..."): at the line's start, the second word a credential's noun.
_LINE_KEY = lazy_regex(r"^[+\- ]?[ \t]*[a-z][a-z0-9]{1,20}( )(?:key|token|secret|password"
                       r"|passphrase|pass)(?=[ \t]*(?:=(?!=)|:))", re.MULTILINE)


def _spaced_names(text: str, lowered: str) -> tuple[str, str]:
    """``text`` and ``lowered`` with each two-word secret's name joined by an underscore,
    found once in ``lowered`` (the same offsets as ``text``)."""
    joins = sorted({m.start() + m.group().index(" ") for m in _TWO_WORD_NAME.finditer(lowered)}
                   | {m.start(1) for m in _LINE_KEY.finditer(lowered)})
    if not joins:
        return text, lowered
    # one copy of each, whatever the number of names: the parts between the joins' spaces
    parts = list(itertools.pairwise([-1, *joins, len(text)]))
    return ("_".join(text[a + 1:b] for a, b in parts),
            "_".join(lowered[a + 1:b] for a, b in parts))


def find(text: str, lowered: str,
         hidden: list[tuple[int, int]] | None = None) -> Iterator[tuple[int, int, str]]:
    """(start, end, rule) of each secret value assigned to a secret-looking name.

    ``lowered`` is ``text`` in lower case with the same offsets.  ``hidden`` are
    sorted (start, end) spans other rules will hide.  A value is judged only up
    to the first secret inside it, as a second pass would see it once that
    secret is a marker: candidates are judged from the last to the first, so a
    later assignment's secret is known when an earlier value is cut.
    """
    hidden = hidden or []
    if " key" in lowered or " token" in lowered or " secret" in lowered or " pass" in lowered:
        text, lowered = _spaced_names(text, lowered)
    found: list[tuple[int, int, str]] = []
    nearest = len(text)  # start of the leftmost assignment secret found so far
    code = _code_regions(text)
    for cand in reversed(list(_assignments(text, lowered, code))):
        vstart, vend = cand.vstart, min(cand.vend, nearest)
        vend = sv.judged_end(text, vstart, vend, hidden)
        if vend <= vstart or nearest < vstart:
            continue
        value = text[vstart:vend]
        if " " in value.strip() and cand.in_string:
            continue  # raise Error("Invalid Token: 'bad token'"): a message, not a key
        if sv.is_secret(value, cand.quoted, cand.strength, sv.name_parts(cand.name), cand.config):
            if vend == cand.vend and cand.vend - cand.vstart >= _WINDOW:  # judged on a prefix
                tail = _LONG_VALUE.match(text, vend, nearest)  # hide all of it
                assert tail is not None  # the expression matches the empty string
                vend = tail.end()
            found.append((vstart, vend, cand.strength[0]))
            nearest = vstart
        elif not cand.quoted and (named := _file_stem(value)):
            found.append((vstart, vstart + len(named), cand.strength[0]))  # api_key=<key>.json
            nearest = vstart
    return itertools.chain(reversed(found), _table_columns(text, lowered),
                           _named_values(text, lowered), _variable_defaults(text, lowered))


# A name and its value in separate fields of one record: a Kubernetes container's
# ``- name: DB_PASSWORD`` / ``value: ...``, a Postman environment's ``{"key":
# "carrierPassword", "value": ...}``, an AWS parameter's ``Name``/``Value``.  The name is
# judged as an assignment's would be; the value as a configuration's literal.
_NAMED_VALUE = lazy_regex(
    r"[\"']?(?:name|key)[\"']?[ \t]*[:=][ \t]*[\"']?(?P<name>[a-z0-9_.\-]{2,80})[\"']?"
    r"[ \t]*,?[ \t]*(?:\n[+ ]?[ \t]*(?:-[ \t]+)?)?[\"']?value[\"']?[ \t]*[:=][ \t]*"
    r"(?P<quote>[\"']?)")


# Terraform's variable block: the name in its label, the value its default.
_VARIABLE_DEFAULT = lazy_regex(r"variable[ \t]+\"([a-z0-9_\-]{2,80})\"[ \t]*\{[^}]{0,300}?"
                               r"default[ \t]*=[ \t]*\"([^\"\n]{1,400})\"")


def _variable_defaults(text: str, lowered: str) -> Iterator[tuple[int, int, str]]:
    if "variable" not in lowered:
        return
    for m in _VARIABLE_DEFAULT.finditer(lowered):
        name = text[m.start(1):m.end(1)]
        strength = sv.judge_name(name)
        if strength is not None and sv.is_secret(text[m.start(2):m.end(2)], True, strength,
                                                 sv.name_parts(name), True):
            yield m.start(2), m.end(2), strength[0]


def _named_values(text: str, lowered: str) -> Iterator[tuple[int, int, str]]:
    if "value" not in lowered:
        return
    for m in _NAMED_VALUE.finditer(lowered):
        strength = sv.judge_name(text[m.start("name"):m.end("name")])
        if strength is None:
            continue
        quote = m.group("quote")
        start = m.end()
        end = text.find(quote, start) if quote else start
        if not quote:
            bare = _BARE[",;&\"'"].match(text, start)
            end = bare.end() if bare else start
        value = text[start:end]
        if end > start and "\n" not in value and sv.is_secret(
                value, bool(quote), strength, sv.name_parts(m.group("name")), True):
            yield start, end, strength[0]


def _file_stem(value: str) -> str:
    """A random value named like a file (``<key>.json``, read as ``key.json``, code): its
    stem, when that looks random; else ""."""
    ext = _EXTENSION.search(value)
    stem = value[:ext.start()] if ext else ""
    return stem if stem and "/" not in stem and sv.looks_random(stem) else ""


# -- tables: a header names the column, each row holds a value ------------------------------

# A delimiter, then a secret-looking word and a delimiter or the line's end: a header cell
# maybe.  Starting at the delimiter keeps the pass cheap (letters are everywhere, commas
# and pipes are not); a secret column is found in any place but the first of a CSV line
# (a Markdown table's leading pipe counts).
_HEADER_CELL = lazy_regex(r"[,;\t|][ \t\"]*[a-z0-9_.\-]{0,24}?(?:pass|pw|secret|token|cred|key"
                          r"|auth)[a-z0-9_.\-]{0,40}+[ \t\"]*(?=[,;\t|\n]|\Z)")
_DELIMITERS = ",;\t|"
_HEADER_NAME = lazy_regex(r"[A-Za-z_][\w.\-]{0,40}\Z")
_SPACED_NAME = lazy_regex(r"[A-Za-z_][\w.\- ]{0,40}\Z")
_RULE_ROW = lazy_regex(r"[ \t|:+\-]*\Z")
_TABLE_ROWS = 500


def _table_columns(text: str, lowered: str) -> Iterator[tuple[int, int, str]]:
    """Values in the column of a delimited table (CSV, TSV, a Markdown table) whose header
    names a secret: ``email,password,role`` then ``alice@example.com,<password>,admin``."""
    done = -1
    for m in _HEADER_CELL.finditer(lowered):
        if m.start() < done:
            continue
        start, end = _line_bounds(text, m.start())
        done = end
        if (start and text[start - 1] != "\n") or (end < len(text) and text[end] != "\n"):
            continue  # a header row is a whole line; a longer one is no table's (and each
            # of its cells would read every row after it to the end of the line)
        yield from _table_at(text, start, end)


def _cells(text: str, start: int, end: int, delimiter: str) -> list[tuple[int, int]]:
    """(start, end) of each cell of a line, blanks and quotes trimmed; a Markdown row's
    outer pipes make no cells."""
    cells, pos = [], start
    while True:
        cut = text.find(delimiter, pos, end)
        stop = end if cut == -1 else cut
        a, b = pos, stop
        while a < b and text[a] in " \t\"'":
            a += 1
        while b > a and text[b - 1] in " \t\r\"'":
            b -= 1
        cells.append((a, b))
        if cut == -1:
            break
        pos = cut + 1
    if delimiter == "|" and len(cells) >= 2:
        if cells[0][0] == cells[0][1]:
            cells = cells[1:]
        if cells and cells[-1][0] == cells[-1][1]:
            cells = cells[:-1]
    return cells


def _table_at(text: str, start: int, end: int) -> Iterator[tuple[int, int, str]]:
    marker = text[start] if text[start:start + 1] in "+-" else ""
    body = start + len(marker)
    line = text[body:end]
    counts = [(line.count(d), d) for d in _DELIMITERS]
    count, delimiter = max(counts)
    if count == 0:
        return
    header = _cells(text, body, end, delimiter)
    pattern = _SPACED_NAME if delimiter in "|\t" else _HEADER_NAME
    names = [text[a:b] for a, b in header]
    if len(names) < 2 or not all(pattern.match(name) for name in names):
        return
    columns = [(i, judged) for i, name in enumerate(names)
               if (judged := sv.judge_name(name)) is not None]
    if not columns:
        return
    pos = end + 1
    for _ in range(_TABLE_ROWS):
        if pos >= len(text):
            return
        row_end = text.find("\n", pos)
        row_end = len(text) if row_end == -1 else row_end
        row_start = pos
        pos = row_end + 1
        if marker:
            if text[row_start:row_start + 1] != marker:
                return
            row_start += 1
        if _RULE_ROW.match(text, row_start, row_end) and row_end > row_start:
            continue  # |---|---|
        cells = _cells(text, row_start, row_end, delimiter)
        if len(cells) != len(names):
            return
        for i, (rule, strong) in columns:
            a, b = cells[i]
            if b > a and sv.is_secret(text[a:b], False, (rule, strong),
                                      sv.name_parts(names[i]), config=True):
                yield a, b, rule


class _Candidate(NamedTuple):
    name: str
    strength: tuple[str, bool]
    vstart: int
    vend: int
    quoted: bool
    config: bool
    in_string: bool


def _code_regions(text: str) -> list[tuple[int, bool]]:
    """(offset, is source code) at each ``diff --git`` header: in a ``.py`` or ``.ts``
    file, ``name: Value`` is an annotation and ``x = word`` names a variable."""
    regions = []
    for m in _DIFF_HEADER.finditer(text):
        path = m.group(1).rsplit("/", 1)[-1]
        regions.append((m.start(), path.rsplit(".", 1)[-1].lower() in _CODE_EXTENSIONS
                        if "." in path else False))
    return regions


def _in_code(regions: list[tuple[int, bool]], pos: int) -> bool:
    i = bisect.bisect_right(regions, (pos, True)) - 1
    return i >= 0 and regions[i][1]


def _assignments(text: str, lowered: str,
                code: list[tuple[int, bool]]) -> Iterator[_Candidate]:
    """Each "secret-looking name, operator, value" in order, not yet judged."""
    quotes = _QuoteParity(text)
    for m in _CANDIDATE.finditer(lowered):
        start = _name_start(text, m.start())
        open_quotes = quotes.at(start)
        if _inside_marker(text, start) or _label(text, start, m, open_quotes):
            continue
        name = text[start:m.start("close")].strip(".-")
        strength = sv.judge_name(name)
        if strength is None:
            continue
        if not strength[1] and _url_parameter(text, start, name):
            strength = (sv.SECRET, True)
        op = m.group("op")
        header = op == ":" and "-" in name and not m.group("close")
        if header and not strength[1] and sv.header_key(name):
            strength = (sv.SECRET, True)
        found = _value(text, m.end(), name_start=start, name=name, op=op,
                       spaced=m.start("op") > m.end("close"), header=header)
        if found is None:
            continue
        vstart, vend, quoted, config = found
        if op in ("==", "!=") and not (quoted and strength[0] == sv.PASSWORD):
            continue  # "token == 0x0f" is a lexer; 'password == "hunter2"' is a backdoor
        if op == ":" and not quoted and (text[start - 1:start] == ":"
                                         or m.start("op") > m.end("close")):
            continue  # "arn:aws:...:secret:name" and "pass :data:`x`" are not key: value
        yield _Candidate(name, strength, vstart, vend, quoted,
                         config and not _in_code(code, start),
                         bool(open_quotes) and not m.group("close"))


def _url_parameter(text: str, start: int, name: str) -> bool:
    """A query parameter of a URL named by one credential word (``?auth=``, ``&key=``,
    ``?sig=``): a URL carries what it needs to get in, so any literal there is the
    credential (a Redis ``save_path`` of ``tcp://host:6379?auth=X``), not only a random
    one; words of a setting (``?auth=basic``) stay, as for any strong name."""
    if text[start - 1:start] not in ("?", "&") or len(sv.name_parts(name)) != 1:
        return False
    pos = start - 1
    low = max(0, start - 400)
    while pos > low and text[pos - 1] not in _URL_STOPS:
        pos -= 1
    return text.find("://", pos, start) != -1


_URL_STOPS = frozenset(" \t\n\r\"'`<>")


def _label(text: str, start: int, m: re.Match[str], open_quotes: str) -> bool:
    """``'Password: '``, ``"pwd: expected bytes"`` or ``print("token=" + x)``: the name
    is text inside a string literal, not a key."""
    if m.group("close"):
        return False
    quote = text[m.end():m.end() + 1]
    if quote and quote in open_quotes:
        return True  # the "value" closes the string the name sits in
    if not start or text[start - 1] not in _QUOTES or m.group("op") != ":":
        return False
    end = text.find(text[start - 1], m.end(), m.end() + 80)
    if end == -1:
        return False
    rest = text[m.end():end].strip()
    return not rest or len(rest.split()) >= 2


class _QuoteParity:
    """Which quote characters are open at a position of the current line.

    Asked at increasing positions, it counts each character once: linear on any input,
    and exact (no look-back window, so a second pass over redacted text agrees).
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.double = self.single = 0

    def at(self, pos: int) -> str:
        newline = self.text.rfind("\n", self.pos, pos)
        if newline != -1:
            self.pos, self.double, self.single = newline + 1, 0, 0
        self.double += self.text.count('"', self.pos, pos)
        self.single += self.text.count("'", self.pos, pos)
        self.pos = max(self.pos, pos)
        return ('"' if self.double % 2 else "") + ("'" if self.single % 2 else "")


def _name_start(text: str, pos: int) -> int:
    low = max(0, pos - 80)
    while pos > low and text[pos - 1] in _NAME_CHARS:
        pos -= 1
    return pos


def _inside_marker(text: str, start: int) -> bool:
    """The name is a marker's rule name, or the tail of a name whose head was hidden."""
    return text.endswith("[REDACTED:", 0, start) or sv.after_marker(text, start)


def _line_bounds(text: str, pos: int) -> tuple[int, int]:
    """The line around ``pos``, looked for no further than :data:`_WINDOW` characters away."""
    line_start = text.rfind("\n", max(0, pos - _WINDOW), pos) + 1 or max(0, pos - _WINDOW)
    line_end = text.find("\n", pos, pos + _WINDOW)
    return line_start, min(len(text), pos + _WINDOW) if line_end == -1 else line_end


def _value(text: str, pos: int, *, name_start: int, name: str, op: str,
           spaced: bool, header: bool = False) -> tuple[int, int, bool, bool] | None:
    """(start, end, quoted, config) of the value that begins at ``pos``; ``config`` when
    the line reads as configuration, where an unquoted word is a literal, not a variable.
    ``header``: an HTTP header's name (``X-API-Key:``, ``Private-Token:``), whose value is a
    literal wherever it stands (``curl -H "X-API-Key: ..."``)."""
    line_start, line_end = _line_bounds(text, pos)
    while pos < line_end and text[pos] in " \t":  # the expression allows only a few
        pos += 1
    if pos >= line_end:
        return None
    quoted = _quoted(text, pos, line_end)
    if quoted:
        return (*quoted, False)
    before = text[name_start - 1] if name_start else "\n"
    if before in "?&;":
        if text[pos] == "{" and op == "=":
            return _braced(text, pos, line_end)
        return _config(_bare(text, pos, line_end, "&;#\"'"), True)
    if before == "," and op == "=" and not spaced and _OPTION_BEFORE.search(
            text, line_start, name_start - 1):
        return _config(_bare(text, pos, line_end, ",;&\"'"), True)  # -o user=x,password=y
    if op == "=" and not spaced and _argument_of_flag(text, line_start, name_start):
        return _config(_bare(text, pos, line_end, ",;&\"'`"), True)  # -o password=x
    if before == "/" and op == "=" and not spaced:
        return _config(_path_segment(text, pos, line_end), True)  # exports/api_key=x.json
    prefix = text[line_start:name_start]
    if prefix[:1] in "+- ":
        prefix = prefix[1:]
    at_line_start = prefix.strip().lower() in _LINE_PREFIXES
    if op == ":":
        annotated = _ANNOTATION.match(text, pos, line_end)
        if annotated and _TYPE_START.match(text, pos, annotated.end()):
            found = _quoted(text, annotated.end(), line_end) or _bare(
                text, annotated.end(), line_end, "")
            return _config(found, False)
    tail = text[pos:line_end].rstrip()
    if op == ":" and at_line_start and _BLOCK_INDICATOR.fullmatch(tail):
        return _config(_block_scalar(text, line_start, line_end), True)
    if text.count("`", line_start, pos) % 2 and "`" in text[pos:line_end]:
        # `id-token: write` in prose: a code span holds one setting, its value ends at
        # the closing backtick and is read as configuration
        return _config(_bare(text, pos, text.index("`", pos, line_end), "\"'"), True)
    if header and not spaced:
        return _config(_bare(text, pos, line_end, "\"'"), True)
    if op == "=" and text[name_start] == "-" and not spaced:
        return _config(_bare(text, pos, line_end, "\"'"), True)  # a flag: --password=x
    config = (op == "=" and not spaced and (name.isupper() or _pairs(text, line_start, line_end))
              ) or (at_line_start and (
        (op == ":" and not spaced) or (op == "=" and (name.isupper() or (
            not spaced and not tail.endswith((",", "(", ")")))))))
    if at_line_start and (op == ":" or spaced):
        return _config(_rest_of_line(text, pos, line_end), config)
    return _config(_bare(text, pos, line_end, "\"'"), config)


# A flag just before a name=value: the setting is the flag's argument, a literal
# (``mount -o password=x``, ``-e ansible_password=x``, ``--set auth.password=x``,
# ``-var 'db_password=x'``, ``-var="db_password=x"``).
_FLAG_BEFORE = lazy_regex(r"(?<![^ \t\n`])--?[A-Za-z][\w-]{0,40}(?:[ \t]+|[ \t]*=)[\"']?\Z")


def _argument_of_flag(text: str, line_start: int, name_start: int) -> bool:
    before = text[name_start - 1] if name_start else "\n"
    if before not in " \t\"'":
        return False
    return _FLAG_BEFORE.search(text, max(line_start, name_start - 64), name_start) is not None
_OPTION_BEFORE = lazy_regex(r"(?:^|[\s,])[A-Za-z_][\w.\-]*=[^\s,=()]*\Z")
_PAIR = lazy_regex(r"(?:^|(?<=[ \t]))[A-Za-z_][\w.\-]*=[^\s=(),]")
_EXTENSION = lazy_regex(r"\.[A-Za-z][A-Za-z0-9]{0,4}\Z")


def _pairs(text: str, line_start: int, line_end: int) -> bool:
    """A line of ``name=value`` words (an Ansible inventory, a command's environment, a
    logfmt line): each value there is a literal, as in a ``.env`` file.  Code has calls."""
    if text.find("(", line_start, line_end) != -1:
        return False
    return len(_PAIR.findall(text, line_start, line_end)) >= 2


def _path_segment(text: str, pos: int, line_end: int) -> tuple[int, int, bool] | None:
    """The value of ``name=value`` in a path segment: up to the next ``/`` or blank,
    without the file's extension."""
    end = pos
    while end < line_end and not text[end].isspace() and text[end] not in "/\"'`;,)":
        end += 1
    ext = _EXTENSION.search(text, pos, end)
    if ext:
        end = ext.start()
    return (pos, end, False) if end > pos else None


_BLOCK_INDICATOR = lazy_regex(r"[|>][+-]?[1-9]?[+-]?(?:[ \t]+#.*)?")
_BLOCK_LINES = 40


def _block_scalar(text: str, key_start: int, key_end: int) -> tuple[int, int, bool] | None:
    """The value of a YAML block scalar (``password: |``): the lines after the key indented
    deeper than it, a diff's marker left out.  Its value runs from the first one's text to
    the end of the last; a second pass, which sees a marker there, judges no value."""
    marker = text[key_start] if text[key_start:key_start + 1] in "+-" else ""
    key_line = text[key_start + len(marker):key_end]
    indent = len(key_line) - len(key_line.lstrip(" \t"))
    start = end = -1
    pos = key_end + 1
    for _ in range(_BLOCK_LINES):
        if pos >= len(text):
            break
        nl = text.find("\n", pos)
        nl = len(text) if nl == -1 else nl
        line = text[pos:nl]
        if marker:
            if not line.startswith(marker):
                break
            line = line[1:]
        content = line.lstrip(" \t")
        if content:
            deeper = len(line) - len(content) > indent
            if not deeper and (start != -1 or _looks_like_a_key(content)):
                break
            if start == -1:
                start = nl - len(content)
            end = pos + len(marker) + len(line.rstrip())
        pos = nl + 1
    if start == -1 or end <= start:
        return None
    return start, end, False


def _looks_like_a_key(content: str) -> bool:
    """A line that starts the next mapping entry or list item, not a block's text."""
    head = content.split(None, 1)[0]
    return content.startswith(("- ", "#")) or head.endswith(":") or ": " in content


def _config(found: tuple[int, int, bool] | None,
            config: bool) -> tuple[int, int, bool, bool] | None:
    return None if found is None else (*found, config)


def _braced(text: str, pos: int, line_end: int) -> tuple[int, int, bool, bool] | None:
    """An ODBC connection string's value in braces, ``Pwd={...};`` (``}}`` is a brace
    inside it): quoted, as a string literal is."""
    end = pos + 1
    while True:
        close = text.find("}", end, line_end)
        if close == -1:
            return None
        if text.startswith("}}", close):
            end = close + 2
            continue
        return pos + 1, close, True, False


def _quoted(text: str, pos: int, line_end: int) -> tuple[int, int, bool] | None:
    for _ in range(2):  # r"...", b'...', rb"...", f'...'
        if text[pos] in _STRING_PREFIXES and pos + 1 < line_end:
            pos += 1
    for triple in ('"""', "'''"):  # TOML's and Python's triple quotes, on one line
        close = text.find(triple, pos + 3, line_end) if text.startswith(triple, pos) else -1
        if close != -1:
            return pos + 3, close, True
    if text.startswith("<<", pos) and pos + 2 < line_end:
        pos += 2  # an Erlang or Elixir binary, <<"...">>
    if text[pos] not in _QUOTES:
        return None
    m = _QUOTED[text[pos]].match(text, pos + 1, line_end)
    assert m is not None  # the expressions match the empty string
    return pos + 1, m.end(), True


def _bare(text: str, pos: int, line_end: int, stops: str) -> tuple[int, int, bool] | None:
    if text[pos] in ")]}":
        return None  # "(?:password:)": the end of a group, not a value
    if sv.is_code(text[pos:line_end]):
        return pos, line_end, False
    m = _BARE[stops].match(text, pos, line_end)
    assert m is not None
    return _trimmed(text, pos, m.end())


def _trimmed(text: str, pos: int, end: int) -> tuple[int, int, bool] | None:
    """Without trailing punctuation and unbalanced closing brackets."""
    while end > pos and (text[end - 1] in ",;:" or (
            text[end - 1] in ")]}" and text.count(_OPENERS[text[end - 1]], pos, end)
            < text.count(text[end - 1], pos, end))):
        end -= 1
    return (pos, end, False) if end > pos else None


def _rest_of_line(text: str, pos: int, line_end: int) -> tuple[int, int, bool] | None:
    if sv.is_code(text[pos:line_end]):
        return pos, line_end, False
    end = line_end
    for comment in (" #", "\t#", " //"):
        cut = text.find(comment, pos, end)
        if cut != -1:
            end = cut
    while end > pos and text[end - 1] in " \t\r,;":
        end -= 1
    return (pos, end, False) if end > pos else None

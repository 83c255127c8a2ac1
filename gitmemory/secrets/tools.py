"""Passwords that tools take as bare command-line arguments, for :mod:`gitmemory.secrets.redact`.

No name says "password" here, only the tool's syntax: ``mysql -pS3cret``
(the value glued to ``-p``; ``-p dbname`` with a space only asks for a
prompt), ``sshpass -p 'S3cret' ssh ...``, ``htpasswd -b file user S3cret``
and ``htpasswd -nb user S3cret`` (batch mode: the password is the last
positional argument).  Each expression starts with the tool's name, a
literal, and runs only when that name occurs in the text.

:data:`PASSWORD_FLAGS` names, tool by tool, the short flags whose value is a
password by that tool's convention (``redis-cli -a``, ``ldapsearch -w``,
``sqlcmd -P``, ``ssh-keygen -N``, ``-p`` after ``login``); one expression finds
the tools' names, and only the rest of a line that names one is read.  Flags
whose name says password (``-storepass``, ``--db-password``) and the
``user:password`` and ``user%password`` forms after a user flag (``-U svc%pw``,
``--user app:pw``) need no tool: :mod:`gitmemory.secrets.contextual`; here the same
rule in Windows' syntax (``/password:x``, ``/token=x``, and ``/p:x`` beside ``/u:``).

:data:`POSITIONAL` names, command by command, the positional arguments its usage
makes a credential (``wpa_passphrase SSID PASSPHRASE``, ``rabbitmqctl add_user USER
PASSWORD``, ``mc alias set ALIAS URL ACCESS SECRET``): flags are skipped, and an
argument left to a prompt (absent, ``*``) or to a variable stays.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import calls, defines, judging, positions

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose
_LITERAL = (judging.PASSWORD, True)
_SHARED = (judging.SECRET, True)  # a shared secret: a setting's plain words stay
_VALUE = r"('[^'\n]*'|\"[^\"\n]*\"|[^\s'\"|;&<>]+)"
# The MySQL and MariaDB clients: -p glued to its value (a capital -P is the port).
_MYSQL = lazy_regex(r"(?:mysql|mariadb)[a-z-]{0,10}(?=[ \t])[^\n|;&]{0,300}?[ \t]-p" + _VALUE)
# SQL that sets an account's password: MySQL's ``IDENTIFIED [WITH plugin] BY 'x'``, and
# ``PASSWORD 'x'`` after ``WITH``/``ROLE``/``USER`` (PostgreSQL, Snowflake, Oracle's
# ``IDENTIFIED BY x`` bare).  Matched on the lower-cased text.
_SQL_PASSWORD = lazy_regex(r"identified(?:[ \t]+with[ \t]+\S+)?[ \t]+by[ \t]+(?:password[ \t]+)?"
                           + _VALUE)
_SSHPASS = lazy_regex(r"sshpass(?=[ \t])[^\n|;&]{0,200}?[ \t]-p[ \t]*" + _VALUE)
_HTPASSWD = lazy_regex(r"htpasswd((?:[ \t]+[^\s|;&<>]+){2,8})")
_ARG = lazy_regex(r"\S+")

# Tool -> its short flags that take a password as their next argument (a value glued to
# the flag counts too where the tool allows it: ``7z -pS3cret``).  Ports, users and hosts
# are other flags: ``ssh -p 2222``, ``docker run -p 8080:80`` name no tool here.
PASSWORD_FLAGS: dict[str, tuple[str, ...]] = {
    "redis-cli": ("-a",), "ldapsearch": ("-w",), "ldapmodify": ("-w",), "ldapadd": ("-w",),
    "ldapdelete": ("-w",), "ldappasswd": ("-w", "-s"), "ldapwhoami": ("-w",),
    "ldapcompare": ("-w",), "ldapmodrdn": ("-w",), "sqlcmd": ("-P",), "bcp": ("-P",),
    "osql": ("-P",), "isql": ("-P",), "ipmitool": ("-P",), "mongo": ("-p",),
    "mongosh": ("-p",), "mongodump": ("-p",), "mongorestore": ("-p",), "mongoexport": ("-p",),
    "mongoimport": ("-p",), "zip": ("-P",), "unzip": ("-P",), "zipcloak": ("-P",),
    "ssh-keygen": ("-N", "-P"), "7z": ("-p",), "7za": ("-p",), "rar": ("-p",),
    "unrar": ("-p",), "lftp": ("-u",), "login": ("-p",), "openssl": ("-k",),
    "useradd": ("-p",), "usermod": ("-p",), "security": ("-w",),
}
# The Net-SNMP commands: -c is the community (v1, v2c), -A and -X the v3 passphrases.  A
# community of plain words ("public") is the default everyone knows, not a secret.
_SNMP = ("snmpwalk", "snmpbulkwalk", "snmpget", "snmpgetnext", "snmpbulkget", "snmpset",
         "snmptable", "snmptrap", "snmpinform", "snmpdelta", "snmpdf", "snmpstatus",
         "snmpnetstat", "snmpusm", "snmpvacm", "snmptest")
PASSWORD_FLAGS.update(dict.fromkeys(_SNMP, ("-c", "-A", "-X")))
_COMMUNITY = "-c"
# Whatever the tool, -p (or -P) after a user flag in the same command is the user's
# password (psexec, smbmap, evil-winrm, snowsql -u USER -p PASSWORD); a port is a number.
_USER_THEN_PASSWORD = ("-p", "-P")
_USER_FLAG = lazy_regex(r"(?:^|[ \t])(?:-u|-U|--user|--username)(?:[ \t=]+|(?=[^\s-]))[^\s-]")
# Oracle's tools take user/password[@connect] as their first argument; each name is looked
# for as a literal, then the expression is matched there.
_ORACLE_TOOLS = ("sqlplus ", "rman ", "expdp ", "impdp ", "sqlldr ")
_ORACLE = lazy_regex(r"[a-z]+(?:[ \t]+-\w+)*[ \t]+[\"']?[A-Za-z][\w$#]{0,29}/([^\s@/\"']+)")
_GLUED = frozenset({"7z", "7za", "rar", "unrar"})  # -pSECRET, the only form they take
# Found from the flag (a literal "-", as cheap as any rule), then the tool is looked for on
# the line before it: one pass whatever the number of tools.
_SHORT_FLAG = lazy_regex(r"-([A-Za-z])(?:[ \t]+(?!-)(\S+)|(\S+))")
_OWNERS: dict[str, tuple[str, ...]] = {}
for _tool, _flags in PASSWORD_FLAGS.items():
    for _flag in _flags:
        _OWNERS[_flag] = (*_OWNERS.get(_flag, ()), _tool)
_BEFORE_TOOL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.")


# -p glued to a value anywhere on a line that names the MySQL client, before it too
# ("connect with -u root -pS3cret to the mysql server"); a value with no letter is a port
# (docker's -p3306:3306).
_GLUED_P = lazy_regex(r"(?<![\w-])-p" + _VALUE)
_MYSQL_NAMES = ("mysql", "mariadb")


# (command, subcommand words...) -> the positions, counted from 0 among the positional
# arguments after the subcommand, that hold a credential.
POSITIONAL: dict[tuple[str, ...], tuple[int, ...]] = {
    ("wpa_passphrase",): (1,),
    ("rabbitmqctl", "add_user"): (1,), ("rabbitmqctl", "change_password"): (1,),
    ("rabbitmqctl", "authenticate_user"): (1,),
    ("mc", "alias", "set"): (3,), ("mc", "config", "host", "add"): (3,),
    ("net", "user"): (1,),
    ("mosquitto_passwd",): (2,),  # -b FILE USER PASSWORD
    ("mysqladmin", "password"): (0,),
    ("openssl", "passwd"): (0,),
    ("smbpasswd", "-a"): (1,),
    ("vncpasswd", "-f"): (0,),
    ("convertto-securestring",): (0,),  # "PLAIN" -AsPlainText -Force: PowerShell's
}
# A Redis or Valkey ACL rule (``user NAME on ~keys +@read >PASSWORD``, ``ACL SETUSER NAME
# ...``): the word glued to ``>`` adds a password, the one glued to ``<`` removes it (and
# still says it); ``#`` and 64 hex digits is a hash, ``nopass`` says there is none.
_ACL_HEAD = lazy_regex(r"(?:acl[ \t]+setuser|(?<![\w-])user)[ \t]+[^\s>]+[ \t]")
_ACL_RULE = lazy_regex(r"[ \t](?:on|off|reset\w*|allkeys|allcommands|[~%&][^\s]*|[+-]@?\w+)"
                       r"(?=[ \t]|$)")
_ACL_PASSWORD = lazy_regex(r"(?<=[ \t])[<>]([^\s`'\"]+)")


# What is looked for in the text, and the command it starts: a command whose name is a
# short or common word is looked for with its subcommand ("net " is in many sentences,
# "openssl " in many diffs).
_NEEDLES = {(" ".join(key[:2]) if len(key[0]) <= 7 else key[0]) + " ": key[0]
            for key in POSITIONAL}
_COMMAND_END = frozenset("|;&\n`")
_WINDOWS_FLAG = lazy_regex(r"/([A-Za-z][A-Za-z0-9_-]{0,30})[:=]")
_WINDOWS_USER = lazy_regex(r"(?<![\w/])/(?:u|user|username):", re.IGNORECASE)


# A command that stores a secret (gh secret set, az keyvault secret set, doppler secrets
# set, and whatever word the secret is glued to: drone orgsecret add, dotnet user-secrets
# set): the value its value flag carries, or the value it is given after the secret's name.
_SECRET_COMMAND = lazy_regex(r"secrets?[ \t]+(?:set|create|add|put|update|insert|store)"
                             r"(?![\w-])")
_COMMAND_WORD = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_-")
_QUOTED_ARG = lazy_regex(r"'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"]+")
_VALUE_FLAG = lazy_regex(r"[ \t](?:--body|-b|--value|--data|--secret-string)(?:[ \t]+|=)(?!-)(\S+)")
# Environment setters of other shells: fish's set -x NAME VALUE, Windows' setx NAME VALUE.
# Matched where a literal search finds the setter's name (an expression that starts with
# a look-behind would be tried at every position of the text).
_SETTERS = ("set -", "setx ", "launchctl setenv ")
_SETTER = lazy_regex(r"(?:set[ \t]+-[a-z]*x[a-z]*|setx|launchctl[ \t]+setenv)"
                     r"[ \t]+([A-Za-z_][\w]*)[ \t]+(\S+)", re.IGNORECASE)


def find(text: str, lowered: str) -> Iterator[_Found]:
    """(start, end, rule, prose) of each password passed to a known tool."""
    yield from _positional(text, lowered)
    if "secret" in lowered:
        yield from _stored(text, lowered)
    yield from _set(text, lowered)
    if ":" in text or "=" in text:
        yield from _windows_flags(text)
    if "mysql" in lowered or "mariadb" in lowered:
        yield from _values(text, _MYSQL)
        for start, end in _lines_naming(lowered, _MYSQL_NAMES):
            for m in _GLUED_P.finditer(text, start, end):
                if any(c.isalpha() for c in m.group(1)):
                    yield from _values_of(text, m)
    if "sshpass" in lowered:
        yield from _values(text, _SSHPASS)
    if "identified" in lowered:
        for m in _SQL_PASSWORD.finditer(lowered):
            if text[m.start(1)] in "'\"" or not judging.made_of_words(m.group(1)):
                yield from _values_of(text, m)  # "identified by their email": words
    for m in _SHORT_FLAG.finditer(text):
        found = _tool_flag(text, lowered, m)
        if found:
            yield found
    for tool in _ORACLE_TOOLS:
        at = lowered.find(tool)
        while at != -1:
            if not at or lowered[at - 1] not in _BEFORE_TOOL:
                oracle = _ORACLE.match(lowered, at)
                if oracle is not None:
                    yield from _values_of(text, oracle)
            at = lowered.find(tool, at + len(tool))
    if "user " in lowered:
        yield from _acl_passwords(text, lowered)
    if "htpasswd" in lowered:
        for m in _HTPASSWD.finditer(text):
            found = _htpasswd_password(text, m.start(1), m.group(1))
            if found:
                yield found


def _acl_passwords(text: str, lowered: str) -> Iterator[_Found]:
    """The passwords of each ACL rule line: one that starts a user's rule and says an ACL
    rule's word (``on``, ``~pattern``, ``+@category``) before or after the password."""
    for start, end in _lines_naming(lowered, ("user ",)):
        head = _ACL_HEAD.search(lowered, start, end)
        if head is None or not _ACL_RULE.search(lowered, head.end() - 1, end):
            continue
        for m in _ACL_PASSWORD.finditer(text, head.end() - 1, end):
            yield from _values_of(text, m)


def _lines_naming(lowered: str, names: tuple[str, ...]) -> list[tuple[int, int]]:
    """(start, end) of each line of ``lowered`` that holds one of ``names``, found by
    where the names are (a pattern that scans each line for them is quadratic in the
    line: a minified file's 40,000-character line took 0.8 s)."""
    found: set[tuple[int, int]] = set()
    for name in names:
        at = lowered.find(name)
        while at >= 0:
            start = lowered.rfind("\n", 0, at) + 1
            end = lowered.find("\n", at)
            end = len(lowered) if end < 0 else end
            found.add((start, end))
            at = lowered.find(name, end)
    return sorted(found)


def _values(text: str, pattern: re.Pattern[str]) -> Iterator[_Found]:
    for m in pattern.finditer(text):
        yield from _values_of(text, m)


def _values_of(text: str, m: re.Match[str]) -> Iterator[_Found]:
    start, end = m.start(1), m.end(1)
    if text[start] in "'\"" and end - start >= 2:
        start, end = start + 1, end - 1
    if end > start and judging.is_secret(text[start:end], True, _LITERAL, []):
        yield start, end, judging.PASSWORD, False


def _htpasswd_password(text: str, offset: int, args: str) -> _Found | None:
    """The password of a batch-mode (``-b``) call: ``[-opts] file user pw`` or with
    ``-n`` (print, no file) ``user pw``."""
    flags = ""
    positional: list[tuple[int, int]] = []
    for arg in _ARG.finditer(args):
        word = arg.group()
        if word.startswith("-") and not positional:
            flags += word[1:]
        else:
            positional.append((offset + arg.start(), offset + arg.end()))
    if "b" not in flags:
        return None
    index = 1 if "n" in flags else 2
    if len(positional) <= index:
        return None
    start, end = positional[index]
    value = text[start:end]
    if value[:1] in "'\"" and value[-1:] == value[:1] and len(value) >= 2:
        start, end, value = start + 1, end - 1, value[1:-1]
    if judging.is_secret(value, True, _LITERAL, []):
        return start, end, judging.PASSWORD, False
    return None


def _tool_flag(text: str, lowered: str, m: re.Match[str]) -> _Found | None:
    """The value of a flag of :data:`PASSWORD_FLAGS` when a tool that owns it is named
    earlier on its line, in the same command (no pipe, ``;`` or ``&`` between)."""
    flag = "-" + m.group(1)
    owners = _OWNERS.get(flag)
    start = m.start()
    if (owners is None and flag not in _USER_THEN_PASSWORD) or (
            start and text[start - 1] not in " \t"):
        return None
    # The line, looked for no further back than 300 characters (a line of 100,000 flags
    # made every flag read all of it before).
    line = lowered.rfind("\n", max(0, start - 300), start) + 1 or max(0, start - 300)
    command = max(line, *(lowered.rfind(c, line, start) + 1 for c in "|;&"))
    before = lowered[command:start]
    if flag in _USER_THEN_PASSWORD and m.group(2) is not None and \
            _USER_FLAG.search(text, command, start):
        value = m.group(2).rstrip("`'\".,;:)")  # the end of a code span or a sentence
        if any(not c.isalpha() for c in value) or any(c.isupper() for c in value[1:]):
            return _flag_value(text, m.start(2), m.end(2), "")  # not "-p appdb": a prompt
    if owners is None:
        return None
    for tool in owners:
        at = before.find(tool)
        while at != -1:
            after = at + len(tool)
            if (not at or before[at - 1] not in _BEFORE_TOOL) and \
                    (after == len(before) or before[after] in " \t"):
                break
            at = before.find(tool, after)
        else:
            continue
        glued = m.group(3) is not None
        if glued != (tool in _GLUED):
            continue
        group = 3 if glued else 2
        return _flag_value(text, m.start(group), m.end(group), tool,
                           _SHARED if flag == _COMMUNITY else _LITERAL)
    return None


def _flag_value(text: str, start: int, end: int, tool: str,
                strength: tuple[str, bool] = _LITERAL) -> _Found | None:
    value = text[start:end].rstrip("`")
    if value[:1] not in "'\"":
        value = value.rstrip("\"')]},;")  # -a PASSWORD"): the end of a string it is in
    end = start + len(value)
    if value[:1] in "'\"" and value[-1:] == value[:1] and len(value) >= 2:
        start, end, value = start + 1, end - 1, value[1:-1]
    if tool == "lftp":  # -u user,password
        comma = value.find(",")
        if comma == -1:
            return None
        start, value = start + comma + 1, value[comma + 1:]
    if value.startswith("-") or not any(c.isalpha() for c in value):
        return None  # the next flag, or a number (a port, a count)
    if judging.is_secret(value, True, strength, []):
        return start, end, strength[0], False
    return None


def _positional(text: str, lowered: str) -> Iterator[_Found]:
    """The credentials :data:`POSITIONAL` places among a command's arguments."""
    named = "pass" in lowered  # one search answers for every needle that holds it
    for needle, command in _NEEDLES.items():
        if not named and "pass" in needle:
            continue
        at = lowered.find(needle)
        while at != -1:
            after = at + len(command)
            if not at or lowered[at - 1] not in _BEFORE_TOOL:
                end = after
                while end < len(text) and end - after < 400 and text[end] not in _COMMAND_END:
                    end += 1
                yield from _positional_at(text, command, after, end)
                after = end  # a name among these arguments starts no command of its own
            at = lowered.find(needle, after)


def _positional_at(text: str, name: str, pos: int, end: int) -> Iterator[_Found]:
    """The arguments of command ``name`` from ``pos`` to ``end``, the command's end."""
    words = [(m.start(), m.end()) for m in _ARG.finditer(text, pos, end)]
    windows = name == "net"
    positional = [(a, b) for a, b in words
                  if not text.startswith("-", a) and not (windows and text.startswith("/", a))]
    flags = [text[a:b] for a, b in words if text.startswith("-", a)]
    for key, slots in POSITIONAL.items():
        if key[0] != name:
            continue
        rest = positional
        wanted = [w for w in key[1:] if not w.startswith("-")]
        if any(w not in flags for w in key[1:] if w.startswith("-")):
            continue
        if wanted:
            heads = [text[a:b].lower() for a, b in positional[:len(wanted)]]
            if heads != wanted:
                continue
            rest = positional[len(wanted):]
        for slot in slots:
            if slot < len(rest):
                found = _argument(text, *rest[slot])
                if found:
                    yield found


def _argument(text: str, start: int, end: int) -> _Found | None:
    value = text[start:end].rstrip("`")
    if value[:1] in "'\"" and value[-1:] == value[:1] and len(value) >= 2:
        start, value = start + 1, value[1:-1]
    end = start + len(value)
    if judging.is_secret(value, True, _LITERAL, []):
        return start, end, judging.PASSWORD, False
    return None


def _windows_flags(text: str) -> Iterator[_Found]:
    """``/password:x``, ``/token=x``: a Windows-style flag whose name says credential, and
    ``/p:x`` on a command that also has ``/u:`` (FreeRDP, ``net use``)."""
    for m in _WINDOWS_FLAG.finditer(text):
        start = m.start()
        if start and text[start - 1] not in " \t\"'`(":
            continue
        name = m.group(1)
        if name.lower() == "p":
            line_end = text.find("\n", start)
            if not _WINDOWS_USER.search(text, text.rfind("\n", 0, start) + 1,
                                        len(text) if line_end == -1 else line_end):
                continue
            strength: tuple[str, bool] | None = _LITERAL
        else:
            strength = judging.judge_name(name)
        if strength is None:
            continue
        vstart = m.end()
        vend = vstart
        while vend < len(text) and not text[vend].isspace():
            vend += 1
        value = text[vstart:vend].rstrip("`\"')],;")
        if value[:1] in "'\"":
            value = value[1:]
            vstart += 1
        if value[:1] in "($%[{" or value.startswith("/"):
            continue
        if judging.is_secret(value, True, strength, judging.name_parts(name), config=True):
            yield vstart, vstart + len(value), strength[0], False


def _stored(text: str, lowered: str) -> Iterator[_Found]:
    """The value a command stores as a secret (``gh secret set NAME --body VALUE``,
    ``drone orgsecret add ORG NAME VALUE``)."""
    for m in _SECRET_COMMAND.finditer(lowered):
        word = m.start()
        while word > 0 and m.start() - word < 40 and lowered[word - 1] in _COMMAND_WORD:
            word -= 1
        if word and lowered[word - 1] in _BEFORE_TOOL:
            continue  # inside a dotted name or a path: no subcommand
        end = m.end()
        while end < len(text) and end - m.end() < 400 and text[end] not in _COMMAND_END:
            end += 1
        flagged = False
        for flag in _VALUE_FLAG.finditer(text, m.end(), end):
            flagged = True
            found = _argument(text, flag.start(1), flag.end(1))
            if found:
                yield found
        verb = lowered.rfind(" ", m.start(), m.end())
        verb = max(verb, lowered.rfind("\t", m.start(), m.end())) + 1
        if not flagged and positions.starts_command(text, verb):
            found = _stored_by_position(text, m.end(), end)
            if found:
                yield found


def _stored_by_position(text: str, pos: int, end: int) -> _Found | None:
    """The last of two or more arguments after a verb that stores a secret: a name, then
    (after an owner, a repository) the value, when it reads as a credential.  A flag's
    value is no positional argument (``--repo owner/app``); a file, a path, a reference,
    a placeholder and words stay, and so does ``-``, which reads the value on standard
    input."""
    args = [(a.start(), a.end()) for a in _QUOTED_ARG.finditer(text, pos, end)]
    positional: list[tuple[int, int]] = []
    skip = False
    for start, stop in args:
        arg = text[start:stop]
        if skip and not arg.startswith("-"):
            skip = False
            continue
        skip = arg.startswith("-") and "=" not in arg and len(arg) > 1
        if not arg.startswith(("-", "<", ">", "&", "2>")):
            positional.append((start, stop))
    if len(positional) < 2:
        return None
    start, stop = positional[-1]
    value = text[start:stop].rstrip("`")
    if value[:1] in "'\"" and value[-1:] == value[:1] and len(value) >= 2:
        start, value = start + 1, value[1:-1]
    if value.startswith(("$", "@", "{", "%", "~", ".", "/")) or "://" in value or \
            judging.is_reference(value) or judging.is_placeholder(value) or \
            positions.is_file(value):
        return None
    if defines.keyish(value) or judging.random_run(value) or (
            "/" not in value and calls.password_shaped(value)):
        return start, start + len(value), judging.SECRET, False
    return None


def _set(text: str, lowered: str) -> Iterator[_Found]:
    """``set -x NAME VALUE`` (fish), ``setx NAME VALUE`` (Windows): a secret's name set."""
    for needle in _SETTERS:
        at = lowered.find(needle)
        while at != -1:
            if not at or text[at - 1] in " \t\n;&(`":
                m = _SETTER.match(text, at)
                if m is not None:
                    yield from _set_value(m)
            at = lowered.find(needle, at + len(needle))


def _set_value(m: re.Match[str]) -> Iterator[_Found]:
    strength = judging.judge_name(m.group(1))
    if strength is None:
        return
    value = m.group(2).rstrip("`")
    start = m.start(2)
    if value[:1] in "'\"" and value[-1:] == value[:1] and len(value) >= 2:
        start, value = start + 1, value[1:-1]
    if judging.is_secret(value, True, strength, judging.name_parts(m.group(1)), config=True):
        yield start, start + len(value), strength[0], False

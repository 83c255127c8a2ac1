"""Credentials known by their position in a command, whatever the tool, for
:mod:`gitmemory.secrets.redact` (issue 31: found by what surrounds a value, not by the
tool's name, so that tools nobody listed are covered):

- a key whose name says credential, then its value after a blank, as setters and
  connection profiles write them (``nmcli ... wifi-sec.psk X``, ``aws configure set
  aws_secret_access_key X``, ``npm config set _authToken X``, ``rocommunity X``): the
  name is a key, not a word of prose (joined with ``.``, ``_``, ``-`` or ``:``, in
  camel case, or after ``set``), and the value looks like a password;
- a value fed to a program that reads a credential on its standard input: a
  here-string (``<<< X``), ``echo X |`` or ``printf X |`` into a command whose options
  say it reads a credential there (``-o password_stdin``, ``--password-stdin``,
  ``-pass stdin``, ``--with-token``) or whose name says it asks for one (``passwd``,
  ``kinit``, ``cryptsetup``, ``login``, ``sudo -S``);
- what a script sends after a prompt for a credential (``expect "password:"`` then
  ``send "X\\r"``; pexpect's ``expect``/``sendline``);
- the password after a share in SMB's grammar, share then password
  (``net use Z: \\\\srv\\share X /user:u``, ``smbclient //srv/share X -U u``), when
  the command names a user.

Each pass starts from a literal (``<<<``, ``send``, a share's two slashes, a
credential word) and reads no further than the command it is in.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import defines, judging, spoken
from gitmemory.secrets.words import NEUTRAL_LAST, THINGS

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose
_LITERAL = (judging.PASSWORD, True)
_SHAPED = (judging.PASSWORD, False)  # a literal with a password's shape, not any word
# "&" ends no command here: a password may hold one, and "&&" joins commands that read
# nothing of each other's arguments.
_COMMAND_END = frozenset("|;\n`")
_VALUE = lazy_regex(r"'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"|;<>`]+")
_ARG = lazy_regex(r"[^\s|;<>`]+")


def find(text: str, lowered: str) -> Iterator[_Found]:
    """(start, end, rule, prose) of each credential found by its position."""
    yield from _named_arguments(text, lowered)
    if "<<<" in text:
        yield from _here_strings(text, lowered)
    if "|" in text and ("echo" in lowered or "printf" in lowered):
        yield from _piped(text, lowered)
    if "send" in lowered and "expect" in lowered:
        yield from _sent(text, lowered)
    if "\\\\" in text or "//" in text:
        yield from _shares(text, lowered)
    if "--" in text:
        yield from _named_flags(text, lowered)
    if "echo" in lowered or "printf" in lowered:
        yield from _printed(text, lowered)
    yield from _after_verbs(text, lowered)
    if " -p " in text or "\t-p " in text:
        yield from _short_password(text, lowered)
    yield from _random_flag_values(text, lowered)


def _matches(haystack: str, needles: tuple[str, ...], pattern: re.Pattern[str],
             before: frozenset[str] | None = None) -> Iterator[re.Match[str]]:
    """``pattern`` matched where a literal search finds one of ``needles`` (an expression
    that starts with a look-behind or an alternation is tried at every position: a
    megabyte of diff took 18 ms a rule), with the character before it outside
    ``before`` (default: not a word character)."""
    stops = _WORD if before is None else before
    for needle in needles:
        at = haystack.find(needle)
        while at != -1:
            if not at or haystack[at - 1] not in stops:
                m = pattern.match(haystack, at)
                if m is not None:
                    yield m
            at = haystack.find(needle, at + 1)


_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def _command_span(text: str, pos: int, window: int = 300) -> tuple[int, int]:
    """The command around ``pos``: from the last ``|``, ``;``, ``&``, backtick or line
    break before it to the first after it, at most ``window`` characters either side."""
    start = pos
    low = max(0, pos - window)
    while start > low and text[start - 1] not in _COMMAND_END:
        start -= 1
    end = pos
    high = min(len(text), pos + window)
    while end < high and text[end] not in _COMMAND_END:
        end += 1
    return start, end


def _judged(text: str, start: int, end: int, strength: tuple[str, bool] = _LITERAL,
            names: list[str] | None = None) -> _Found | None:
    start, end = defines.unquoted(text, start, end)
    value = text[start:end]
    if value.startswith("-") or not judging.is_secret(value, True, strength, names or [],
                                                      config=True):
        return None
    return start, end, strength[0], False


# -- a credential key and its value ------------------------------------------------------

_KEY_WORD = lazy_regex(r"(?:pass|pw|psk|secret|token|cred|key|auth|community|basic|cookie)"
                       r"[a-z0-9_.:\-]{0,40}+[\"']?[ \t]+")
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.:-\"'")
_SETTER = lazy_regex(r"(?:^|[\s`])(?:config[ \t]+)?set[ \t]+\Z", re.IGNORECASE)
_FILE = lazy_regex(r".*\.[A-Za-z][A-Za-z0-9]{0,4}\Z")
_VERSION = lazy_regex(r"v?\d+(?:\.\d+)+(?:[-+.][\w.]+)?\Z")


def _named_arguments(text: str, lowered: str) -> Iterator[_Found]:
    for m in _KEY_WORD.finditer(lowered):
        start = m.start()
        while start > 0 and m.start() - start < 60 and text[start - 1] in _NAME_CHARS:
            start -= 1
        name_end = m.end()
        while name_end > m.start() and lowered[name_end - 1] in " \t":
            name_end -= 1
        raw = text[start:name_end]
        name = raw.strip("\"'").lstrip("-")
        if not name or (raw[:1] in "\"'" and raw[-1:] != raw[:1]):
            continue
        if start and text[start - 1] not in " \t\n`(" and not (
                text[start - 1] in "+-" and (start == 1 or text[start - 2] == "\n")):
            continue  # inside a word, or after a diff's marker
        pos = m.end()
        marked = _STORAGE_MARK.match(lowered, pos)
        if marked:
            pos = marked.end()  # password 0 X, wpa-psk ascii 0 X: how X is stored, then X
        keyish = _keyish(name) or _SETTER.search(text, max(0, start - 20), start) is not None \
            or _directive(text, start) or name.lower().startswith("set") \
            or raw.startswith("-") or marked is not None  # nuget setapikey X; plink -pw X
        if not keyish:
            continue  # a word of prose
        setter = defines.setter_value(text, name, m.end())
        if setter is not None:  # consul acl set-agent-token agent X
            yield setter
            continue
        strength = judging.judge_name(name.replace(":", "_"))
        if strength is None and "basic" in judging.name_parts(name):
            user = _VALUE.match(text, pos)  # http-basic.<repo> USER PASSWORD (poetry)
            if user is None:
                continue
            pos = user.end()
            while pos < len(text) and text[pos] in " \t":
                pos += 1
            strength = _LITERAL
        if strength is None:
            continue
        value = _VALUE.match(text, pos)
        if value is None:
            continue
        found = _credential_value(text, value.start(), value.end(), strength,
                                  judging.name_parts(name))
        if found:
            yield found


# How a network device's configuration stores the value that follows (Cisco's and
# Juniper's type 0 to 9, "ascii", "hex", "cleartext"): a configuration's grammar, never
# prose, so the value after it is the credential's.
_STORAGE_MARK = lazy_regex(r"(?:[0-9]|ascii|ascii-text|hex|plain|plaintext|cleartext|clear"
                           r"|unencrypted)(?:[ \t]+(?:[0-9]))?[ \t]+(?=[^\s])")


def _directive(text: str, start: int) -> bool:
    """A configuration line ``name value [more]`` (``requirepass X``, ``rocommunity X
    10.0.0.0/8``): the name first on a short line, in lower case, or after a directive's
    hyphenated name (``snmp-server community X RO``)."""
    line = text.rfind("\n", 0, start) + 1
    before = text[line:start].strip(" \t+-")
    if before and not (_HYPHENATED.fullmatch(before) and "-" in before):
        return False
    end = text.find("\n", start)
    words = text[start:len(text) if end == -1 else end].split()
    return 2 <= len(words) <= 4 and words[0].islower()


_HYPHENATED = lazy_regex(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+")


def _keyish(name: str) -> bool:
    """A key, not a word: joined words (``wifi-sec.psk``, ``_authToken``, ``Db:Password``,
    ``aws_secret_access_key``) or camel case (``npmAuthToken``)."""
    inner = name.strip("_")
    return any(c in inner for c in "._:-") or any(c.isupper() for c in inner[1:]) or \
        name.startswith("_")


def _credential_value(text: str, start: int, end: int, strength: tuple[str, bool],
                      names: list[str]) -> _Found | None:
    """A value beside a credential key that reads as one: a password's shape (a digit,
    a symbol or an inner capital) that starts with a letter or a digit, not a file, a
    path, a version, an expression (``[32]byte``, ``\\(%c200``) or words; a key's
    random."""
    start, end = defines.unquoted(text, start, end)
    value = text[start:end].rstrip(".,;:)")
    end = start + len(value)
    if strength[0] == judging.PASSWORD and _grouped_code(value):
        return start, end, strength[0], False
    # A password chosen as words (tulip-Harbor-77) beside a password's key: its digit and
    # its capital or symbol make it one; words alone are prose or a setting.
    chosen = strength[1] and any(c.isdigit() for c in value) and (
        any(c.isupper() for c in value) or not value.isalnum())
    if len(value) < 6 or not value[0].isalnum() or _FILE.match(value) or \
            value.lower().startswith(("env:", "file:", "fd:")) or \
            _VERSION.match(value) or \
            not any(c.isalpha() for c in value) or (
                judging.made_of_words(value) and not chosen):
        return None
    if strength[0] != judging.PASSWORD and len(value) < 32 and \
            all(c in "0123456789abcdefABCDEF" for c in value):
        return None  # a key's id (user.signingkey 4F2A9C1E8B7D6A5F), not the key
    shaped = any(c.isdigit() for c in value) and (
        any(c.isupper() for c in value[1:]) or not value.isalnum() or len(value) >= 8)
    if not shaped and not judging.looks_random(value) and not judging.random_capitals(value):
        return None
    if not judging.is_secret(value, True, strength, names, config=True):
        return None
    return start, end, strength[0], False


_GROUPS = lazy_regex(r"[A-Za-z0-9]{4,8}(?:-[A-Za-z0-9]{4,8}){2,7}\Z")


def _grouped_code(value: str) -> bool:
    """Groups of one length parted by ``-`` (``wley-viki-qqnm-ovav``: an app-specific
    password, a product key, a recovery code): a code handed out, not words chosen."""
    if not _GROUPS.match(value):
        return False
    groups = value.split("-")
    return len({len(g) for g in groups}) == 1 and len(set(groups)) == len(groups)


# -- standard input ----------------------------------------------------------------------

# Options that say a credential is read on standard input, and programs whose name says
# they ask for one: what is fed to them is a credential, whatever it looks like.
_STDIN_OPTION = lazy_regex(r"(?:pass|pw|psk|secret|token|key|cred|auth)[\w-]{0,20}?[-_]?"
                           r"(?:stdin|fd[ \t=]+0\b)|--with-token|-pass(?:in)?[ \t]+stdin"
                           r"|(?:^|[ \t])(?:passwd|chpasswd|kinit|cryptsetup|login|signin|unlock)"
                           r"(?:[ \t]|\Z)|--stdin(?![\w-])|sudo[ \t]+(?:-\w+[ \t]+)*-[a-z]*s\b")
# A command that names a credential it stores (``docker secret create db_password -``,
# ``wrangler secret put API_KEY``, ``gcloud secrets versions add db-password``) reads it
# on standard input too; what is fed to it counts when it has a password's shape.
_NAMES_SECRET = lazy_regex(r"(?:^|[ \t/])[\w.-]*(?:secret|password|passwd|token|api[_-]?key|psk"
                           r"|credential)s?[\w.-]*(?=[ \t]|\Z)")


def reads_secret(command: str) -> tuple[str, bool] | None:
    """Whether the (lower-cased) ``command`` reads a credential on its standard input, and
    how what it reads is judged: any literal (it says so), or a password's shape (it
    names a credential it stores)."""
    if _STDIN_OPTION.search(command) is not None:
        return _LITERAL
    if _NAMES_SECRET.search(command) is not None:
        return _SHAPED
    return None


def _here_strings(text: str, lowered: str) -> Iterator[_Found]:
    at = text.find("<<<")
    while at != -1:
        start, _ = _command_span(text, at)
        pos = at + 3
        while pos < len(text) and text[pos] in " \t":
            pos += 1
        value = _VALUE.match(text, pos)
        strength = reads_secret(lowered[start:at])
        if strength is None and value is not None and _fed_shape(text, value.start(),
                                                                 value.end()):
            strength = _SHAPED  # what a password generator makes, fed to any program
        if value is not None and strength is not None:
            found = _fed(text, value.start(), value.end(), strength)
            if found:
                yield found
        at = text.find("<<<", pos)


_ECHO = lazy_regex(r"(?:echo|printf)((?:[ \t]+(?:'[^'\n]*'|\"[^\"\n]*\""
                   r"|[^\s|;'\"]+))+)[ \t]*\|")


# What may stand before a command's name: anything but a blank, ";", "&", "(" or "`".
_NOT_COMMAND_START = frozenset(chr(c) for c in range(33, 127)) - frozenset(";&(`")


def _piped(text: str, lowered: str) -> Iterator[_Found]:
    """``echo X | cmd``, ``printf '%s' X | cmd`` where ``cmd`` reads a credential."""
    for m in _matches(lowered, ("echo", "printf"), _ECHO, _NOT_COMMAND_START):
        _, end_of_command = _command_span(text, m.end())
        strength = reads_secret(lowered[m.end():end_of_command])
        args = [a for a in _VALUE.finditer(text, m.start(1), m.end(1) - 1)
                if not text.startswith("-", a.start())]
        if not args:
            continue
        if strength is None and len(args) == 1 and _fed_shape(text, args[0].start(),
                                                              args[0].end()):
            strength = _SHAPED  # what a password generator makes, fed to any program
        if strength is None:
            continue
        # the last word is fed
        start, end = defines.unquoted(text, args[-1].start(), args[-1].end())
        if "chpasswd" in lowered[m.end():end_of_command]:  # user:password
            colon = text.find(":", start, end)
            if colon == -1:
                continue
            start = colon + 1
        found = _fed(text, start, end, strength)
        if found:
            yield found


def _fed_shape(text: str, start: int, end: int) -> bool:
    """A value fed on standard input that has a generated password's shape (see
    :func:`password_shape`) or is random (:func:`judging.random_run`): a program that
    reads one word there reads a credential (``pass insert x <<< X``, ``echo X | lpass
    add``), whatever it is called."""
    start, end = defines.unquoted(text, start, end)
    value = text[start:end]
    return password_shape(value) or judging.random_run(value)


def _fed(text: str, start: int, end: int, strength: tuple[str, bool]) -> _Found | None:
    if strength == _SHAPED:
        return _credential_value(text, start, end, _LITERAL, [])
    return _judged(text, start, end)


# -- a script's answer to a prompt -------------------------------------------------------

_SEND = lazy_regex(r"send(?:line)?[ \t]*(?:\(|(?:--[ \t]+)?)[ \t]*"
                   r"(\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*')")
_PROMPT = lazy_regex(r"expect[ \t]*\(?[ \t]*(?:-\w+[ \t]+)*[\"'{]([^\"'}\n;]{0,80})")
_PROMPT_WORDS = lazy_regex(r"assword|passphrase|passcode|pass:|pin\b|token|secret|otp|"
                           r"verification code")


def _sent(text: str, lowered: str) -> Iterator[_Found]:
    """The first thing sent within 300 characters after a prompt for a credential,
    before the next prompt."""
    for prompt in _matches(lowered, ("expect",), _PROMPT, _WORD - {"-"} | {"$"}):
        if not _PROMPT_WORDS.search(prompt.group(1)):
            continue
        limit = min(len(text), prompt.end() + 300)
        following = lowered.find("expect", prompt.end(), limit)
        limit = limit if following == -1 else following
        at = lowered.find("send", prompt.end(), limit)
        while at != -1 and (lowered[at - 1] in _WORD or lowered[at - 1] == "$"):
            at = lowered.find("send", at + 4, limit)
        m = _SEND.match(lowered, at, limit) if at != -1 else None
        if m is None:
            continue
        start, end = m.start(1) + 1, m.end(1) - 1
        while end - start >= 2 and text[end - 2:end] in ("\\r", "\\n"):
            end -= 2
        if text[start:start + 1] in "$[":
            continue  # Tcl's $env(PW) or [exec ...]: read from elsewhere
        found = _judged(text, start, end)
        if found:
            yield found


# -- share, then password ----------------------------------------------------------------

_SHARE = lazy_regex(r"(?:\\\\|//)[\w.$-]+[\\/][\w.$\\/-]*")
_USER = lazy_regex(r"(?<!\S)(?:/u(?:ser)?:|-u\b|-U\b|--user\b|user(?:name)?=)", re.IGNORECASE)


def _shares(text: str, lowered: str) -> Iterator[_Found]:
    for m in _matches(text, ("\\\\", "//"), _SHARE, _WORD | {":", "/", "\\"}):
        start, end = _command_span(text, m.start())
        if not _USER.search(text, start, end):
            continue
        arg = _ARG.match(text, m.end() + 1) if text[m.end():m.end() + 1] in " \t" else None
        if arg is None or text.startswith(("/", "-", "*", "\\"), arg.start()) or \
                re.match(r"[A-Za-z]:\\", arg.group()):
            continue
        found = _credential_value(text, arg.start(), arg.end(), _LITERAL, [])
        if found:
            yield found


# -- a name and its value in two flags of one command ------------------------------------

# ``aws ssm put-parameter --name /shop/db/password --value X``: the name flag's value
# names a credential (its last part, after "/", "." or ":"), the value flag of the same
# command carries it.
_NAME_FLAG = lazy_regex(r"--?(?:name|key|secret-id|parameter-name|id)(?:[ \t]+|=)"
                        r"([^\s\"'`]+|\"[^\"\n]*\"|'[^'\n]*')")
# Matched from the flag's last dash: "--name" is found as "-name" after a "-".
_NAME_FLAG_AT = lazy_regex("-" + _NAME_FLAG.pattern[3:])
_NOT_BLANK = frozenset(chr(c) for c in range(33, 127)) - frozenset("-")
_VALUE_FLAG = lazy_regex(r"(?<!\S)--?(?:value|secret-string|secret-value|data|body)"
                         r"(?:[ \t]+|=)(?!-)(\"[^\"\n]*\"|'[^'\n]*'|[^\s\"'`]+)")


def _named_flags(text: str, lowered: str) -> Iterator[_Found]:
    for m in _matches(text, ("-name", "-key", "-secret-id", "-parameter-name", "-id"),
                      _NAME_FLAG_AT, _NOT_BLANK):
        name = m.group(1).strip("\"'").rstrip("/")
        for sep in "/.:":
            name = name.rsplit(sep, 1)[-1]
        strength = judging.judge_name(name) if name else None
        if strength is None:
            continue
        start, end = _command_span(text, m.start())
        for value in _VALUE_FLAG.finditer(text, start, end):
            found = _judged(text, value.start(1), value.end(1), strength,
                            judging.name_parts(name))
            if found:
                yield found


# -- a random run given to a flag ---------------------------------------------------------

# A flag, then a run of 20 letters and digits or more standing alone (``SUSEConnect -r X``,
# ``-setcookie X`` inside a quoted ``ERL_FLAGS``).  The flag stands after a blank, a quote,
# a backtick, a bracket or ``=``, never glued to a diff's marker at the start of a line.
_FLAG_VALUE = lazy_regex(r"-{1,2}([a-z][a-z0-9-]{0,40}?)(?:[ \t]+|=)[\"']?([a-z0-9]{8,200})"
                         r"(?![a-z0-9_\-./+@:])")
_BEFORE_FLAG = frozenset(" \t\"'`(=")
_MIN_FLAG_RUN = 20
# What a flag given a random run names when it is no credential: an id and the things ids
# are of (``--instance``, ``--account``, ``--device``), a digest, a commit, a serial number.
_NAMES_AN_ID = frozenset({"commit", "hash", "checksum", "serial", "revision", "ulid",
                          "instance", "cluster", "bucket", "volume", "container", "trace"})


def password_shape(value: str) -> bool:
    """A password as generators make one, shorter than a run the randomness measures judge
    (8 to 19 characters): capitals, small letters and digits, the class changing at half
    the steps or more (``Hv7kQ2xNp9``), not words run together (``WebApp01Prod``,
    ``OAuth2Client``)."""
    if value[:2] in ("0x", "0X") or all(c in "0123456789abcdefABCDEF" for c in value):
        return False  # hex: a key's id, a digest, an address
    if not (8 <= len(value) < _MIN_FLAG_RUN and value.isascii() and value.isalnum() and any(
            c.isupper() for c in value) and any(c.islower() for c in value) and any(
            c.isdigit() for c in value)) or judging.camel_words(value) or \
            judging.made_of_words(value):
        return False
    # or, ten and longer, varied, digits inside it as well as at its end (a name numbers
    # itself at the end: Release2024, Web01)
    inner = value.rstrip("0123456789")
    return spoken.scrambled(value) or (len(value) >= _LONG_PASSWORD and any(
        c.isdigit() for c in inner) and judging.entropy(value) >= _PASSWORD_ENTROPY)


_LONG_PASSWORD = 10
_PASSWORD_ENTROPY = 3.2


def _random_flag_values(text: str, lowered: str) -> Iterator[_Found]:
    """A random run given to a flag is the flag's credential, whatever the flag is called
    (issue 31, the thirteenth sealed part: ``SUSEConnect -r <code>``): the value a command
    takes that no one can say (:func:`judging.random_run`: capitals and digits, small
    letters with scattered digits, both cases) is a key, a code or a token; an id's flag
    (``--instance-id``, ``--account``, ``--commit``) keeps it, and so does base64 of text
    (``powershell -enc``); hex and UUIDs, the alphabets of digests and ids, are never
    judged here."""
    at = lowered.find("-")
    while at != -1:
        m = _FLAG_VALUE.match(lowered, at)
        if m is None or (at and lowered[at - 1] not in _BEFORE_FLAG):
            at = lowered.find("-", at + 1)
            continue
        at = lowered.find("-", m.end())
        value = text[m.start(2):m.end(2)]
        name = m.group(1)
        run = len(value) >= _MIN_FLAG_RUN and judging.random_run(value)
        if not (run or (password_shape(value) and judging.judge_name(name) is None)) or \
                judging.encodes_text(value):
            continue  # PowerShell's -enc <base64 of a command> is text, not a key; a flag
            # that names a credential judges a short value by its own rules
        parts = judging.name_parts(name)
        if judging.judge_name(name) is None and parts and (
                parts[-1] in NEUTRAL_LAST or parts[-1] in THINGS
                or parts[-1] in _NAMES_AN_ID):
            continue
        yield m.start(2), m.end(2), judging.ENTROPY, False


# -- the argument after a verb that signs in with it -------------------------------------

# ``vault login X``, ``bw unlock X``, ``op signin X``: a verb that authenticates, then a
# positional argument with a password's shape (a host, a flag or a path is none).  When
# more than one follows, the first names who signs in and the password comes after it
# (``dokku registry:login SERVER USER PASSWORD``): the arguments after the first are
# judged, whatever the tool.
# A verb that turns a secret given in the clear into its stored form is given the secret
# the same way (``smtpctl encrypt X``, ``rclone obscure X``, ``vault operator unseal X``).
_SIGN_IN = lazy_regex(r"(?:login|unlock|signin|sign-in|encrypt|obscure|unseal)[ \t]+(?!-)"
                      r"([^\s\"'`|;<>]+)")
_HOST_PORT = lazy_regex(r"[\w.-]+:\d{1,5}\Z")
_MAX_SIGN_IN_ARGS = 4


def _after_verbs(text: str, lowered: str) -> Iterator[_Found]:
    if "login" not in lowered and "unlock" not in lowered and "sign" not in lowered and \
            "encrypt" not in lowered and "obscure" not in lowered and "unseal" not in lowered:
        return
    for m in _matches(lowered, ("login", "unlock", "signin", "sign-in", "encrypt", "obscure",
                                "unseal"), _SIGN_IN):
        args: list[tuple[int, int]] = []
        for arg in _ARG.finditer(text, m.start(1), _command_span(text, m.start(1))[1]):
            value = arg.group()
            if len(args) == _MAX_SIGN_IN_ARGS or value in ("&&", "||", "&"):
                break
            if value.startswith("-") or "." in value or "@" in value or \
                    _HOST_PORT.match(value):
                continue  # a flag, a registry, a host, an account
            args.append(arg.span())
        if len(args) > 1 and not _starts_command(text, m.start()):
            args = args[:1] if args[0][0] == m.start(1) else []  # prose: "the login service"
        for start, end in args[1:] if len(args) > 1 else args:
            found = _credential_value(text, start, end, _LITERAL, [])
            if found:
                yield found


_COMMAND_WORDS = 3


def starts_command(text: str, verb: int) -> bool:
    """Public name of :func:`_starts_command`, for the other rules that read a command's
    subcommands."""
    return _starts_command(text, verb)


def is_file(value: str) -> bool:
    """A file's name: a short extension after a dot (``cert.pfx``, ``key.json``)."""
    return _FILE.match(value) is not None


def _starts_command(text: str, verb: int) -> bool:
    """The verb is a command's: one to three words in lower case (the program and its
    subcommands, ``gcloud auth login``) stand between it and the start of its line, a code
    span or a shell operator, as in ``dokku registry:login``; in a sentence ("After login
    the page shows ...", "the login service") it is a noun."""
    start = verb
    while start > 0 and text[start - 1] not in "\n`|;&$(":
        start -= 1
    words = text[start:verb].split()
    if words and words[0][:1] in "+-" and len(words[0]) > 1 and text[start:start + 1] in "+-" \
            and (not start or text[start - 1] == "\n"):
        words[0] = words[0][1:]  # a diff's marker glued to the line it adds or removes
    if words and words[0] in ("+", "-", "sudo"):
        words = words[1:]
    return 1 <= len(words) <= _COMMAND_WORDS and all(_PROGRAM.match(w) for w in words)


_PROGRAM = lazy_regex(r"[a-z0-9][a-z0-9._/-]*:?\Z")  # a program or a subcommand: lower case


# ``-p X`` is a password where the same command signs in: after a user flag (``altool -u
# ci@x -p X``, as mysql and curl read it) or in a command that unlocks or logs in
# (``security unlock-keychain -p X``), or that opens a key store, which a password
# protects (``dotnet dev-certs https -ep cert.pfx -p X``, ``keytool ... x.jks``);
# elsewhere it is a port, a path or a project.
_SHORT_P = lazy_regex(r"(?<!\S)-p[ \t]+([^\s\"'`|;<>-][^\s\"'`|;<>]*|'[^'\n]*'|\"[^\"\n]*\")")
_SIGNS_IN = lazy_regex(r"(?<!\S)(?:-u|--user(?:name)?)[ \t=]+\S|login|unlock|signin|sign-in|"
                       r"(?<![\w-])auth(?:enticate)?\b|"
                       r"\w\.(?:pfx|p12|jks|jceks|bks|keystore|kdbx|keychain|pkcs12)(?![\w.])")


def _short_password(text: str, lowered: str) -> Iterator[_Found]:
    for m in _SHORT_P.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        line_end = text.find("\n", m.end())
        line = lowered[line_start:line_end if line_end != -1 else len(text)]
        value = m.group(1).strip("'\"")
        if value.isdigit() or _FILE.match(value) or "/" in value or not _SIGNS_IN.search(line):
            continue  # a port, a file, a path; or a command that signs nobody in
        found = _credential_value(text, m.start(1), m.end(1), _LITERAL, [])
        if found:
            yield found


# -- a command that prints the credential ------------------------------------------------

# A key or flag whose name says it runs a command for a credential (``--password-command``,
# ``passwordeval``, ``password_cmd``, ``askpass``) given ``echo X`` or ``printf X``: X.
# Or a credential key or flag given a file that a process substitution prints
# (``--vault-password-file <(echo X)``, ``wg set wg0 private-key <(echo X)``).
_PRINTED = lazy_regex(r"(?:pass|pw|token|secret|key)[\w-]{0,20}?(?:(?:command|cmd|eval)[\"']?"
                      r"[ \t]*[=:]?[ \t]*[\"']?|[\w-]{0,20}[ \t=]+<\()[ \t]*\Z")
_PRINTER = lazy_regex(r"(?:echo|printf)(?:[ \t]+-\w+)*[ \t]+(\"[^\"\n]*\"|'[^'\n]*'"
                      r"|[^\s\"'`;|)]+)")


def _printed(text: str, lowered: str) -> Iterator[_Found]:
    for m in _matches(lowered, ("echo", "printf"), _PRINTER):
        if _PRINTED.search(lowered, max(0, m.start() - 60), m.start()) is None:
            continue
        found = _judged(text, m.start(1), m.end(1))
        if found:
            yield found

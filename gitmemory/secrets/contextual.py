"""Secrets recognised by what surrounds them, for :mod:`gitmemory.secrets.redact`.

The password in ``scheme://user:password@host`` (user and host stay), the
credential after ``Authorization:`` or ``Bearer``, command lines
(``--password x``, ``curl -u user:pass``; ``mysql -px`` and friends in
:mod:`gitmemory.secrets.tools`), ``.netrc`` lines, XML and .NET settings,
Dockerfile ``ENV``, ``auth=("user", "pass")`` tuples, and prose such as "the
password is hunter2" (other languages in :mod:`gitmemory.secrets.spoken`).

The expressions run on the lower-cased text (same offsets as the original,
see :func:`gitmemory.secrets.redact.lower`) and start with a literal, so that ``re``
can skip to candidates; values are read from the original text and judged
by :mod:`gitmemory.secrets.judging`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import (
    blocks,
    calls,
    defines,
    judging,
    links,
    listed,
    named,
    nested,
    pins,
    placed,
    positions,
    records,
    signin,
    spelled,
    spoken,
    tools,
)
from gitmemory.secrets.patterns import WORD
from gitmemory.secrets.words import (
    ACCOUNT_KEYS,
    APP_KEYS,
    LOOKUP_KEYS,
    NEUTRAL_LAST,
    NULLISH,
    SIGNING_KEYS,
)

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose


def find(text: str, lowered: str, hidden: list[tuple[int, int]]) -> Iterator[_Found]:
    """(start, end, rule, prose) of each secret found by its context.

    ``hidden`` are the sorted spans of keys and tokens: a value is judged only up to the
    first of them, as a second pass would see it (see :func:`judging.judged_end`).
    """
    yield from _structures(text, lowered)
    yield from _aws_secrets(text, lowered)
    yield from _command_lines(text, lowered, hidden)
    yield from tools.find(text, lowered)
    yield from positions.find(text, lowered)
    yield from signin.find(text, lowered)
    yield from _markup(text, lowered, hidden)
    yield from nested.find(text, lowered)
    yield from listed.find(text, lowered)
    yield from records.find(text, lowered)
    yield from blocks.find(text, lowered)
    yield from defines.find(text)
    yield from named.find(text, lowered)
    yield from _prose(text, lowered)
    yield from calls.find(text, lowered)


_URL_PASSWORD = lazy_regex(r"://([^\s:/?#@'\"<>\[\]]*):([^\s/?#'\"<>]+)@")
# Authorization: <scheme> <credentials> (RFC 9110): the scheme is any one word, a vendor's
# own (Infobip's "App", "SSWS", "GenieKey") as well as Bearer or Basic.
_AUTHORIZATION = lazy_regex(
    r"authorization[\"']?[ \t]*[:=][ \t]*(?:[rbfu]?[\"'])?[ \t]*"
    r"(?:([a-z][a-z0-9_.\-]{0,30})[ \t]+)?([^\s\"',;]+)")
# A token alone before the host (https://TOKEN@github.com/...): a user name has no
# capitals and digits mixed, and is neither hex of a key's length nor a UUID (a Sentry
# DSN's key, https://<32 hex>@o1.ingest.example.io/7).
_URL_TOKEN = lazy_regex(r"://([A-Za-z0-9_\-.~]{8,200})@")
# Where a URL's host stands, a run no host name is (no dot, random: Apprise's
# pover://USER@TOKEN, pbul://TOKEN): a credential the scheme's service reads there.
_URL_HOST = lazy_regex(r"://(?:[^\s/?#@'\"<>`]{1,200}@)?([A-Za-z0-9_\-~]{16,200})"
                       r"(?=[/?#:'\"`<>)\]\s]|\Z)")
# A URL's fragment, which no browser sends to the server: a share link keeps its key there
# (Meshtastic's channel URL holds the channel's PSK, https://meshtastic.org/e/#<key>).
_URL_FRAGMENT = lazy_regex(r"://[^\s#'\"<>`]{1,400}#([^\s'\"<>`)\]]{22,2000})")
_FRAGMENT_PIECE = lazy_regex(r"[A-Za-z0-9_\-+/]{22,}=*")
# A header set with a blank, not a colon (nginx's proxy_set_header Authorization "Basic x"):
# a scheme word must follow.
_AUTHORIZATION_SPACED = lazy_regex(r"authorization[\"']?[ \t]+[\"']?(?:bearer|basic|token|digest)"
                                   r"[ \t]+([^\s\"',;]+)")
_BEARER = lazy_regex(r"bearer[ \t]+([a-z0-9\-._~+/]{16,}=*)")
# The words after a header's first value, to the header's end (a quote, a backtick or the
# line's end): the last of them is the credential, whatever words stand before it
# (Checkmk's "Bearer automation SECRET" gives the user, then the secret).
_HEADER_REST = lazy_regex(r"((?:[ \t]+[^\s\"'`,;]+){1,3})[ \t]*(?=[\"'`\\]|\r?\n|\Z)")
# A flag whose name says it carries a password or a token: --password, -storepass,
# -srckeypass, --db-password, -passin (openssl, whose literal form is pass:VALUE),
# --api-token; or a secret's material: --salt, --ticket, -setcookie, --regcode (judged as
# a weak name: a random value, or hex of a key's length).  A few words may qualify the last
# (at most four, so a long run of hyphenated words costs no more than a short one).
_CLI_FLAG = lazy_regex(
    r"-(?:-?)((?:[a-z0-9]{1,20}-){0,4}+[a-z0-9]{0,16}?(?:password|passwd|passphrase|pass"
    r"|pwd|pw|token|secret|api-key|apikey|access-key|secret-key|key|hmac|salt|cookie|ticket"
    r"|seed|code)(?:in|out)?)(?![\w-])"
    r"[ \t]+"
    r"(?!-)(\S+)")
# A keyword argument, as Lisps and Clojure's CLI write one (``:temp-password '"x"'``,
# ``(connect :password "x")``): a colon, the name, a blank and the value, which a shell may
# quote twice (``'"x"'``).  Ruby's ``:password => x`` and ``password: x`` are assignments.
# (The colon first, then what stands before it: a literal start is searched for fast.)
_KEYWORD_ARG = lazy_regex(r":(?<![\w:/]:)([a-z][a-z0-9_.*+!?<>-]{0,60})[ \t]+"
                          r"('\"[^\"\n]*\"'|\"[^\"\n]*\"|'[^'\n]*'|[^\s()\[\]{}\"'`,;=>]+)")
# SQLite's encryption pragmas (SQLCipher, SQLite Encryption Extension, wxSQLite3): a
# pragma named for a key (key, rekey, hexkey, textkey) is given the database's key,
# whatever its shape; a weak name elsewhere, it says here what the value is.
_PRAGMA_KEY = lazy_regex(r"pragma[ \t]+(?:[a-z_]\w*\.)?[a-z_]*key[ \t]*(?:=[ \t]*|\([ \t]*)"
                         r"(\"[^\"\n]*\"|'[^'\n]*'|[^\s;)'\"]+)")
# openssl's pass phrase arguments: pass:VALUE is the literal; env:, file:, fd:, stdin name
# where it is read from.
_OPENSSL_LITERAL = "pass:"
_OPENSSL_SOURCES = ("env:", "file:", "fd:")
# BuildKit's --secret id=x,src=path (and env=, type=): where a secret is read from.
_MOUNT_SPEC = lazy_regex(r"(?:(?:id|src|source|env|type|target|required|mode|uid|gid)=[^,\s]*"
                         r"(?:,|\Z))+\Z")
# user:password or user%password (Samba's form) after a user or an auth flag, whatever the
# tool: curl -u, wget --user, smbclient -U, rsync --user, HTTPie -a, jenkins-cli -auth,
# --basic-auth ...  An auth flag also means other things (rsync -a, ls -a), so after one
# a value with a path's slash must read as a key.  The user may be an API key of its own
# (issue 31, the twentieth sealed part: OPNsense's API takes an 80-character key as the
# user and its secret as the password), so it is read as far as a key runs.
_USER_FLAG = lazy_regex(r"-(?:-?)(?:u|user|username|creds|credentials|(a|auth|basic|basic-auth"
                        r"|auth-basic|http-auth|proxy-auth|proxy-user|http-user|login))"
                        r"(?![\w-])[ \t=]+[\"']?([^\s:%\"']{1,256}+)[:%]([^\s\"'`]+)")
_NETRC = lazy_regex(r"password[ \t]+(\S+)")
# Single-word values only, here and in Dockerfiles: a value that runs on past a space would
# swallow other assignments, and a second pass would judge it differently.
_XML = lazy_regex(r"<([\w:.\-]{0,40}(?:pass|pwd|secret|token|key|credential)[\w:.\-]{0,40})>"
                  r"([^<\s]{1,400})</\1>")
# A name in one element and its value in the next, on the same line or the next (an
# added line of a diff after an added line): a plist's <key>/<string>, a Hadoop or Maven
# property's <name>/<value>.
_XML_PAIR = lazy_regex(r"<(key|name)>[ \t]*([\w:.\-]{1,80})[ \t]*</\1>[ \t]*(?:\r?\n[+ ]?)?"
                       r"[ \t]*<(string|value|data)>([^<\s]{1,400})</\3>")
_DOTNET = lazy_regex(r"key[ \t]*=[ \t]*\"([^\"\n]{1,80})\"[ \t]+value[ \t]*=[ \t]*\"([^\"\n]*)\"")
_DOCKER_ENV = tuple(lazy_regex(word + r"[ \t]+([a-z_][\w.]*)[ \t]+([^\s=]\S*)")
                    for word in ("env", "arg"))
_AUTH_TUPLE = lazy_regex(r"auth[ \t]*[=(][ \t]*\(?[ \t]*([\"'])[^\"'\n]{0,100}\1[ \t]*,[ \t]*"
                         r"([\"'])([^\"'\n]{1,200})\2")
# "the enable secret on the core switch is X": up to six plain words may stand between the
# noun and its verb, as they may after "password" (the value is judged the same).
_SECRET_TEXT = tuple(lazy_regex(word + r"(?:[ \t]+[a-z][a-z'-]{0,19}){0,6}?[ \t]+(?:is|was)[ \t]+"
                                r"[\"'`]?([^\s\"'`,;]{8,})")
                     for word in ("secret", "token", "key", "pin", "cookie", "passphrase", "psk"))
_LITERAL = (judging.PASSWORD, True)  # any literal value is a secret
_RANDOM = (judging.ENTROPY, False)  # only a random-looking value is


# A value whose scheme says it is stored as written (Dovecot's and LDAP's {PLAIN},
# {CLEARTEXT}; $plain$), wherever it stands: a passwd-file's `user:{PLAIN}X::::`.
_CLEAR_SCHEME = lazy_regex(r"(?:\{(?:plain|plaintext|clear|cleartext)\}|"
                           r"\$(?:plain|plaintext|clear|cleartext)\$)([^\s:'\"`,;{}]{1,200})")
# Juniper's "$9$" is an encoding, not a hash: anyone reverses it to the secret as written.
_JUNIPER_NINE = lazy_regex(r"(?<![\w$])\$9\$[A-Za-z0-9./\-]{8,400}")
# A .pgpass line (also PostgreSQL's passfile): host:port:database:user:password, where
# each of the first four may be *.
_PGPASS = lazy_regex(r":(?:\d{1,5}|\*):([^\s:]{1,64}):([^\s:]{1,64}):([^\s:'\"`\[\]]{1,200})")
_HOST_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_*[]")
# user:password@host without a scheme (a DSN, "connect to ops:pw@10.0.0.7"): the host
# after the @ has a dot, a port or a driver's tcp( ).
_AT_HOST = lazy_regex(r"@(?:tcp\(|unix\(|\[[0-9a-fA-F:]+\]|[A-Za-z0-9][A-Za-z0-9\-]*"
                      r"(?:\.[A-Za-z0-9\-]+)*(?::\d{1,5})?)")
_USERINFO_STOPS = frozenset(" \t\n\r\"'`<>()[]{},;=|/@")
_UUID_LIKE = lazy_regex(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-")
_NOT_USERS = frozenset({"mailto", "sip", "sips", "xmpp", "tel", "im", "urn", "npm", "git"})


def _structures(text: str, lowered: str) -> Iterator[_Found]:
    for m in _URL_PASSWORD.finditer(text):
        if _url_password(m.group(2)):
            yield m.start(2), m.end(2), "url-password", False
            if _token_user(m.group(1)):
                yield m.start(1), m.end(1), "url-password", False
    if "://" in text:
        for m in _URL_TOKEN.finditer(text):
            value = m.group(1)
            if judging.looks_random(value) or judging.random_run(value) or \
                    judging.hex_key(value) or _UUID_LIKE.match(value) or (any(
                    c.isupper() for c in value) and any(c.islower() for c in value) and any(
                    c.isdigit() for c in value) and judging.is_secret(
                    value, True, _LITERAL, [], config=True)):
                yield m.start(1), m.end(1), "url-password", False
        for m in _URL_HOST.finditer(text):
            if judging.random_run(m.group(1)):
                yield m.start(1), m.end(1), "url-password", False
        if "#" in text:
            yield from _fragment_keys(text)
        yield from links.find(text)
    for m in _AUTHORIZATION_SPACED.finditer(lowered):
        value = text[m.start(1):m.end(1)]
        if not _bounded(lowered, m.start()):
            continue
        if _credential(value, scheme=True):
            yield m.start(1), m.end(1), "authorization", False
        else:
            yield from _last_word(text, m.end(1))
    if ":" in text:
        yield from _pgpass_lines(text)
    if "createuser" in lowered:
        for m in _SNMP_USER.finditer(lowered):
            for group in (1, 2):
                if m.group(group) and not judging.is_reference(text[m.start(group):m.end(group)]) \
                        and not text.startswith("[REDACTED:", m.start(group)):
                    yield m.start(group), m.end(group), judging.PASSWORD, False
    if "$9$" in text:
        for m in _JUNIPER_NINE.finditer(text):
            yield m.start(), m.end(), judging.PASSWORD, False
    if "{" in text or "$" in text:
        for m in _CLEAR_SCHEME.finditer(lowered):
            if not judging.is_reference(text[m.start(1):m.end(1)]) and \
                    not text.startswith("[REDACTED:", m.start(1)):
                yield m.start(1), m.end(1), judging.PASSWORD, False
    if "@" in text:
        yield from _userinfo(text)
        if "/" in text:
            yield from _connect_strings(text)
    for m in _AUTHORIZATION.finditer(lowered):
        if not _bounded(lowered, m.start()):
            continue
        value = text[m.start(2):m.end(2)]
        if _credential(value, scheme=bool(m.group(1))):
            yield m.start(2), m.end(2), "authorization", False
        else:
            yield from _last_word(text, m.end(2))
        if m.group(1) and _credential(text[m.start(1):m.end(1)], scheme=False):
            yield m.start(1), m.end(1), "authorization", False  # a token, not a scheme
    for m in _BEARER.finditer(lowered):
        if _mixed(text[m.start(1):m.end(1)]) and _bounded(lowered, m.start()):
            yield m.start(1), m.end(1), "bearer-token", False


def _fragment_keys(text: str) -> Iterator[_Found]:
    """A random run in a URL's fragment (22 letters and digits or more, a 128-bit key's
    base64, URL-safe or not): a key the link carries to the page, never to the server.  An
    anchor's words, a page's route, a line's number and a diff's hex (``#diff-<sha256>``)
    stay."""
    for m in _URL_FRAGMENT.finditer(text):
        for piece in _FRAGMENT_PIECE.finditer(m.group(1)):
            value = piece.group().rstrip("=")
            if judging.random_run(value) or (("+" in value or "/" in value) and
                                             value[0] != "/" and judging.random_bytes(value)):
                yield m.start(1) + piece.start(), m.start(1) + piece.end(), "url-key", False


# net-snmp's createUser line (snmpd.conf, /var/lib/snmp): the user's authentication and
# privacy passphrases, after their protocols' names, whatever they look like.
_SNMP_USER = lazy_regex(r"\bcreateuser[ \t]+(?:-e[ \t]+\S+[ \t]+)?\S+[ \t]+"
                        r"(?:md5|sha(?:-?\d{3})?)[ \t]+([^\s\"'`]{1,200})"
                        r"(?:[ \t]+(?:des|aes(?:-?\d{3}c?)?)[ \t]+([^\s\"'`]{1,200}))?")


def _pgpass_lines(text: str) -> Iterator[_Found]:
    for m in _PGPASS.finditer(text):
        host = m.start()
        while host > 0 and m.start() - host < 256 and text[host - 1] in _HOST_CHARS:
            host -= 1
        if host == m.start() or (host and text[host - 1] not in " \t\n+`'\"(="):
            continue
        db, user, value = m.group(1), m.group(2), m.group(3).rstrip(".,;)`")
        if all(part == "*" or any(c.isalpha() for c in part) for part in (db, user)) and \
                not value.startswith("/") and _password_like(value) and \
                any(c.isalpha() for c in value):
            yield m.start(3), m.start(3) + len(value), judging.PASSWORD, False


# Oracle's connect string, user/password@connect, wherever it stands (a setting, a
# sentence, a tool the rules do not name): what follows the @ says it is one, EZConnect's
# //host, a host:port/service, or a descriptor.
_CONNECT_AFTER = lazy_regex(r"//|\((?i:description)|[A-Za-z0-9][\w.\-]{0,200}:\d{1,5}/")
_CONNECT_BEFORE = lazy_regex(r"(?<![\w/.:$#@-])[A-Za-z][\w$#]{0,29}/([^\s/@\"'`]{1,200})\Z")


def _connect_strings(text: str) -> Iterator[_Found]:
    """Each connect string's password, found from its ``@`` (a decorator's, an address's
    fail at once on what follows)."""
    at = text.find("@")
    while at != -1:
        if _CONNECT_AFTER.match(text, at + 1):
            m = _CONNECT_BEFORE.search(text, max(0, at - 232), at)
            if m is not None and _password_like(m.group(1)):
                yield m.start(1), m.end(1), judging.PASSWORD, False
        at = text.find("@", at + 1)


def _ip(host: str) -> bool:
    parts = host.split(":", 1)[0].split(".")
    return len(parts) == 4 and all(p.isdigit() and len(p) <= 3 for p in parts)


def _userinfo(text: str) -> Iterator[_Found]:
    for m in _AT_HOST.finditer(text):
        host = m.group()[1:]
        # a host with a path after it is an address whatever its name (SeisComP's
        # ``-d sysop:<password>@toktogul/seiscomp``, a database URL without its scheme)
        pathed = text.startswith("/", m.end()) and text[m.end() + 1:m.end() + 2].isalnum()
        if not host.startswith(("tcp(", "unix(", "[")) and not _ip(host) and not (
                any(c.isalpha() for c in host) and ("." in host or ":" in host or pathed
                                                    or host == "localhost")):
            continue
        at = m.start()
        start = at
        while start > 0 and at - start < 200 and text[start - 1] not in _USERINFO_STOPS:
            start -= 1
        colon = text.find(":", start, at)
        if colon > start and text[start:colon].lower() in _NOT_USERS:
            # a scheme written without slashes: SIP's ``sips:user:password@host``
            start, colon = colon + 1, text.find(":", colon + 1, at)
        if colon <= start or text.startswith("//", colon + 1):
            continue
        user, value = text[start:colon], text[colon + 1:at]
        if not user[:1].isalpha() or _UUID_LIKE.match(value):
            continue  # a date and a message id (2013-02-26:<id>@host), not a user
        if text[max(0, start - 3):start] == "://" or user.lower() in _NOT_USERS or \
                value == user or not value or ":" in value:
            continue
        if _password_like(value) and any(c.isalpha() for c in value) and not \
                _ssh_target(text, start, value):
            yield colon + 1, at, "url-password", False


# An SSH client's destination has no password: a bastion's ``user:target@host`` (Warpgate,
# sshpiper) names the host to reach after the colon, a host's name in small letters,
# digits and dashes (``ssh -p 2222 'aoife:quay1@gate.example'``).
_SSH_CLIENT = lazy_regex(r"(?:^|[\s`'\"(])(?:ssh|scp|sftp|mosh|autossh)[ \t][^\n`]{0,80}\Z")
_HOST_NAME = lazy_regex(r"[a-z][a-z0-9-]{0,62}\Z")


def _ssh_target(text: str, start: int, value: str) -> bool:
    return bool(_HOST_NAME.match(value)) and bool(
        _SSH_CLIENT.search(text, max(0, start - 90), start))


# An AWS secret access key outside an assignment: 40 characters of base64 (a "/" before
# it, as in "AKIA.../<secret>", parts it from the key id), on a line that names AWS or
# holds an access key id, looking random.
_AWS_CONTEXT = lazy_regex(r"aws|a(?:kia|sia)[a-z0-9]{16}")
_AWS_SECRET = lazy_regex(r"(?<![A-Za-z0-9+])[A-Za-z0-9+/]{40}(?![A-Za-z0-9+/=])")


def _aws_secrets(text: str, lowered: str) -> Iterator[_Found]:
    if "aws" not in lowered and "akia" not in lowered and "asia" not in lowered:
        return
    done = 0
    for m in _AWS_CONTEXT.finditer(lowered):
        start = max(_line_start(lowered, m.start()), done)
        end = lowered.find("\n", m.end())
        end = len(text) if end == -1 else end
        done = end
        for found in _AWS_SECRET.finditer(text, start, end):
            value = found.group()
            if judging.looks_random(value.strip("/")) and any(c.isupper() for c in value) \
                    and any(c.islower() for c in value):
                yield found.start(), found.end(), judging.AWS_SECRET, False


def _command_lines(text: str, lowered: str, hidden: list[tuple[int, int]]) -> Iterator[_Found]:
    for m in _CLI_FLAG.finditer(lowered):
        if not _bounded(lowered, m.start(), "-") or not _flag_name(m.group(1)):
            continue
        # a code span's closing backtick ends the value, with the sentence's `;` or `,`
        # after it: `--privkey /etc/x.pem`; is the path (sealed16)
        spanned = text[m.start(2):m.end(2)]
        close = spanned.find("`", 1)
        spanned = spanned[:close] if close > 0 else spanned.rstrip("`")
        value = spanned
        if value[:1] in "\"'" and value[-1:] == value[:1] and len(value) > 1:
            value = value[1:-1]
        elif value[:1] not in "\"'":
            value = value.rstrip("\"')]},;")  # "-a PASSWORD\")": the end of a string
        if value.lower().startswith(_OPENSSL_SOURCES) or value.lower() == "stdin" or \
                value[:1] in "(" or value[:2] in ("$(", "@(") or _MOUNT_SPEC.match(value):
            continue  # an expression that reads it: -Password (Read-Host -AsSecureString)
        if value.lower().startswith(_OPENSSL_LITERAL):
            start = text.find(value, m.start(2)) + len(_OPENSSL_LITERAL)
            value = value[len(_OPENSSL_LITERAL):]
            if judging.is_secret(value, True, _LITERAL, []):
                yield start, start + len(value), judging.PASSWORD, False
        elif _key_id(m.group(1), value):
            continue  # --encrypt-key 5B1C7E0A: which key, not the key
        elif value[:1] in "\"'" or _password_like(value):
            # a code span's closing backtick is no part of the value
            yield from _judged(m, text, hidden, quoted=False, end=m.start(2) + len(spanned))
    if ":" in text:
        yield from _keyword_args(text, lowered)
    if "pragma" in lowered:
        for m in _PRAGMA_KEY.finditer(lowered):
            start, end = m.start(1), m.end(1)
            if text[start] in "'\"" and end - start >= 2:
                start, end = start + 1, end - 1
            value = text[start:end]
            if value[:2] in ("x'", "X'") and value.endswith("'"):
                start, end, value = start + 2, end - 1, value[2:-1]
            if judging.hex_key(value) or _password_like(value):  # not 'passphrase'
                yield start, end, judging.PASSWORD, False
    for m in _USER_FLAG.finditer(lowered):
        user, value = text[m.start(2):m.end(2)], text[m.start(3):m.end(3)].rstrip("`.,;)")
        if m.group(1) and (len(value) < 8 or ("/" in value and not defines.keyish(value))):
            continue  # rsync -a host:backups/2024, at -a 10:30am
        if _bounded(lowered, m.start(), "-") and value != user and (
                lowered[m.end(2)] == "%" or "curl" in lowered[_line_start(lowered, m.start()):
                                                              m.start()]
                or (_password_like(value) and any(c.isalpha() for c in value))) and \
                judging.is_secret(value, True, _LITERAL, []):
            yield m.start(3), m.start(3) + len(value), judging.PASSWORD, False
    for m in _NETRC.finditer(lowered):
        if _netrc_line(lowered[_line_start(lowered, m.start()):m.start()]) and \
                judging.is_secret(text[m.start(1):m.end(1)], True, _LITERAL, []):
            yield m.start(1), m.end(1), judging.PASSWORD, False
    for word, pattern in zip(("ENV", "ARG"), _DOCKER_ENV, strict=True):
        if word not in text:
            continue
        for m in pattern.finditer(lowered):
            lead = text[_line_start(lowered, m.start()):m.start()]
            if text.startswith(word, m.start()) and not lead.lstrip("+- \t"):
                yield from _judged(m, text, hidden, quoted=False)


def _keyword_args(text: str, lowered: str) -> Iterator[_Found]:
    """The value of a keyword argument whose name says secret: quoted, it is a literal;
    bare, a literal unless it is a reference, a path or a word (``:password pw``)."""
    for m in _KEYWORD_ARG.finditer(lowered):
        name = text[m.start(1):m.end(1)]
        strength = judging.judge_name(name)
        if strength is None:
            continue
        start, end = m.start(2), m.end(2)
        quoted = text[start] in "'\""
        while end - start >= 2 and text[start] in "'\"" and text[end - 1] == text[start]:
            start, end = start + 1, end - 1
        value = text[start:end]
        if judging.is_secret(value, quoted, strength, judging.name_parts(name),
                             config=quoted or not judging.made_of_words(value)):
            yield start, end, strength[0], False


_KEY_IDS = frozenset({8, 16})  # an OpenPGP key's short and long id


def _key_id(name: str, value: str) -> bool:
    """A key's flag given hex of an OpenPGP key id's length (``duplicity --encrypt-key
    5B1C7E0A``, ``--sign-key <16 hex>``) names which key to use: too short to be a key's
    bytes, which are 32 hex digits and more (``judging.hex_key``)."""
    parts = judging.name_parts(name)
    return bool(parts) and parts[-1] == "key" and len(value) in _KEY_IDS and all(
        c in "0123456789abcdefABCDEF" for c in value) and judging.judge_name(name) != (
        judging.PASSWORD, True)


def _flag_name(name: str) -> bool:
    """A flag's name says password or token (``judging.judge_name``): ``-storepass`` yes,
    ``--bypass`` no."""
    return judging.judge_name(name) is not None


def _netrc_line(before: str) -> bool:
    """``machine <host> [login <user>]`` (or ``default``, or ``login <user>``) before "password"."""
    words = before[1:].split() if before[:1] in "+- " else before.split()
    if len(words) == 2:
        return words[0] in ("machine", "default", "login", "account")
    return len(words) == 4 and words[0] in ("machine", "default") and words[2] in (
        "login", "account")


# A quoted secret name and a quoted value side by side: PHP's define('DB_PASSWORD', 'x'),
# setenv("TOKEN", "x"), ['password', 'x'], a call's key and value whatever the call; a
# flag and its value as an argument list writes them (["--token", "x"]: a container's
# args, an exec form, a subprocess call), the flag named by what follows its dashes.
_QUOTED_PAIR = lazy_regex(r"([\"'])-{0,2}([A-Za-z_][\w.\-]{0,60})\1[ \t]*,[ \t]*([\"'])"
                          r"((?:[^\"'\\\n]|\\.){1,400}?)\3")
# An element named for a credential that gives it in its value attribute (<token value="x"/>,
# <apiKey value="x"/>), as a name element gives it in its text.
_ELEMENT_VALUE = lazy_regex(r"<([\w:.\-]{0,40}(?:pass|pwd|secret|token|key|credential)"
                            r"[\w:.\-]{0,40})[ \t]+(?:[^<>\n]{0,120}?[ \t])?value[ \t]*=[ \t]*"
                            r"\"([^\"\n]{1,400})\"")
# A Lisp's dotted pair, as an association list and Emacs's auth sources write one:
# (api-key . "x"), ("password" . "x"), (:token . "x").
_DOTTED_PAIR = lazy_regex(r"\([ \t]*[:\"']?([a-z][\w.\-]{0,60})[\"']?[ \t]+\.[ \t]+"
                          r"\"([^\"\n]{1,400})\"")


def _named_value(text: str, m: re.Match[str]) -> Iterator[_Found]:
    """A value (group 2) given to the name of group 1, judged as a quoted assignment."""
    name = text[m.start(1):m.end(1)]
    strength = judging.judge_name(name)
    if strength is not None and judging.is_secret(
            text[m.start(2):m.end(2)], True, strength, judging.name_parts(name), config=True):
        yield m.start(2), m.end(2), strength[0], False


# The private members of a JSON Web Key ("kty" names one, a hunk that misses it shows
# the usual public exponent or a curve): d, the primes and their exponents, an octet k.
# An element named by its key, name or id attribute, its value its text or the next
# <value> element: Java's properties XML (<entry key="password">), log4j's and Ant's
# <Property name="...">, .NET's <setting name="ApiKey"> with <value> on the next line.
_NAMED_ELEMENT = lazy_regex(r"<[a-z][\w:.\-]{0,40}[^<>\n]{0,120}?[ \t](?:key|name|id)[ \t]*=[ \t]*"
                            r"\"([^\"\n]{1,80})\"[^<>\n]{0,120}>(?:([^<\s]{1,400})</"
                            r"|[ \t]*\r?\n[+ ]?[ \t]*<value>([^<\s]{1,400})</value>)")
_JWK_SIGNS = ("kty", '"aqab"', '"crv"')
_JWK_MEMBER = lazy_regex(r"([\"'])(dp|dq|d|p|qi|q|k)\1[ \t]*:[ \t]*[\"']([A-Za-z0-9_\-]{16,})")


# Erlang and Elixir terms: a tuple of an atom (a name) and a string or a binary
# (``{password, "x"}``, ``{:api_key, <<"x">>}``), as sys.config and rebar.config write
# settings.
_TERM_PAIR = lazy_regex(r"\{[ \t]*:?'?([A-Za-z_][\w.]{0,60})'?[ \t]*,[ \t]*(?:<<)?"
                        r"\"([^\"\n]{1,400})\"")


def _quoted_pairs(text: str) -> Iterator[_Found]:
    pair = _QUOTED_PAIR.search(text)
    overlapped = False
    while pair is not None:
        name = pair.group(2)
        strength = judging.judge_name(name)
        if strength is not None and judging.is_secret(
                pair.group(4), True, strength, judging.name_parts(name), config=True) and (
                not overlapped or (calls.password_shaped(pair.group(4))
                                   and any(c.isdigit() for c in pair.group(4)))):
            yield pair.start(4), pair.end(4), strength[0], False
            pair, overlapped = _QUOTED_PAIR.search(text, pair.end()), False
        else:
            # 'auth', 'password', 'x' holds the pair 'password', 'x'; in a list of names
            # (["email", "password", "role"], "bearer", "header*") the next is a name,
            # without a password's shape and a digit
            pair, overlapped = _QUOTED_PAIR.search(text, pair.start(3)), True


def _markup(text: str, lowered: str, hidden: list[tuple[int, int]]) -> Iterator[_Found]:
    if "{" in text:
        for m in _TERM_PAIR.finditer(text):
            name = m.group(1)
            strength = judging.judge_name(name)
            if strength is not None and judging.is_secret(
                    m.group(2), True, strength, judging.name_parts(name), config=True):
                yield m.start(2), m.end(2), strength[0], False
    if any(sign in lowered for sign in _JWK_SIGNS):
        for m in _JWK_MEMBER.finditer(text):
            if not m.start() or text[m.start() - 1] not in WORD:
                yield m.start(3), m.end(3), "private-key", False
    yield from _quoted_pairs(text)
    if "=" in text:
        for m in _NAMED_ELEMENT.finditer(lowered):
            name = text[m.start(1):m.end(1)]
            strength = judging.judge_name(name)
            group = 2 if m.group(2) is not None else 3
            value = text[m.start(group):m.end(group)]
            if strength is not None and judging.is_secret(
                    value, True, strength, judging.name_parts(name), config=True):
                yield m.start(group), m.end(group), strength[0], False
    for m in _XML.finditer(lowered):
        yield from _judged(m, text, hidden, quoted=True)
    if "</key>" in lowered or "</name>" in lowered:
        for m in _XML_PAIR.finditer(lowered):
            name = text[m.start(2):m.end(2)]
            strength = judging.judge_name(name)
            value = text[m.start(4):m.end(4)]
            if strength is not None and judging.is_secret(
                    value, True, strength, judging.name_parts(name), config=True):
                yield m.start(4), m.end(4), strength[0], False
    for m in _DOTNET.finditer(lowered):
        yield from _judged(m, text, hidden, quoted=True)
    if "value" in lowered:
        for m in _ELEMENT_VALUE.finditer(lowered):
            yield from _named_value(text, m)
    if " . " in text:
        for m in _DOTTED_PAIR.finditer(lowered):
            yield from _named_value(text, m)
    for m in _AUTH_TUPLE.finditer(lowered):
        if judging.is_secret(text[m.start(3):m.end(3)], True, _LITERAL, []):
            yield m.start(3), m.end(3), judging.PASSWORD, False


# A word after "password" that makes it another thing: "the password hash is ...".
_NOT_THE_PASSWORD = frozenset({"hash", "hashes", "hashing", "reset", "token", "tokens",
                               "strength", "manager", "rules", "requirement", "requirements",
                               "change", "changes", "check", "checks", "expiry", "storage",
                               "encryption", "hint", "hints", "protected", "less", "based"})


def _prose(text: str, lowered: str) -> Iterator[_Found]:
    for m in _PASSWORD_WORD.finditer(lowered):
        found = _password_after(text, lowered, m)
        if found:
            yield found
    yield from spoken.find(text, lowered, _password_like)
    yield from spelled.find(text, lowered)
    yield from pins.find(text, lowered)
    for pattern in _SECRET_TEXT:
        for m in pattern.finditer(lowered):
            value = text[m.start(1):m.end(1)].rstrip(".:!?)")
            if judging.is_secret(value, False, _RANDOM, [], config=True) or (
                    len(value) >= 8 and calls.password_shaped(value)
                    and any(c.isdigit() for c in value)):
                yield m.start(1), m.start(1) + len(value), "secret-in-text", True
    yield from _glued_values(text, lowered)
    if "+" in text and "@" in text:
        yield from _address_tags(text, lowered)
    yield from placed.find(text, lowered)
    for m in _secret_named(lowered):
        value = text[m.start(3):m.end(3)].rstrip(".:!?)")
        gap = m.group(1).split()
        below = "\n" in lowered[m.end(2):m.start(3)]
        if below and not _label(lowered, m):
            continue
        if _noun_bounded(lowered, m.start()) and (gap or not m.group(2) or below) and all(
                _GAP_WORD.fullmatch(word) for word in gap) and \
                not text.startswith("Pat", m.start()) and \
                ((judging.looks_random(value) and not below) or placed.key_shaped(value)
                 or _secret_uuid(text, lowered, m, value)
                 or _secret_hex(text, lowered, m, value)
                 or _short_secret_hex(lowered, m, value)) and \
                not _FILE_NAME.match(value):
            # "key = ..." right after the word is an assignment, judged as one; "Pat" is
            # a name, "PAT" a personal access token
            yield m.start(3), m.start(3) + len(value), "secret-in-text", True
    if any(mark in text for mark in judging.MARKS):
        for m in _SECRET_MARKED.finditer(lowered):
            value = text[m.start(2):m.end(2)].rstrip(".,:;!?)")
            gap = m.group(1).split()
            if _noun_bounded(lowered, m.start()) and all(
                    _GAP_WORD.fullmatch(word) for word in gap) and \
                    "public" not in lowered[max(0, m.start() - 12):m.start()] and \
                    judging.marked_random(value):  # trusted-public-keys = host:<key>
                yield m.start(2), m.start(2) + len(value), "secret-in-text", True
    for m in _CODES.finditer(lowered):
        kind = _CODE_KIND.search(lowered, max(0, m.start() - 16), m.start())
        if kind and _bounded(lowered, kind.start()):
            yield from _codes_after(text, m.end())
    for m in _LOGIN.finditer(lowered):
        if lowered.startswith("[redacted:", m.start(1)):
            continue  # "credential [REDACTED:secret-in-text]": a marker is no user:password
        value = text[m.start(2):m.end(2)].rstrip(".:!?)")
        port = value.isdigit() and lowered[m.end(1):m.start(2)].strip() == ":"
        if _bounded(lowered, m.start()) and not value.startswith(("/", "\\")) and \
                not port and _password_like(value) and not _joined_words(value):
            yield m.start(2), m.start(2) + len(value), "password-in-text", True


def _label(lowered: str, m: re.Match[str]) -> bool:
    """Whether the noun of ``m``, whose value is on the next line, stands in a label: words
    of prose ending in a colon ("API token:", "Key for Zorbly:").  A line that ends in the
    noun without one is a subject or a comment ("... not the secret key") and what follows
    it another thing (the next commit's sha, a public key); the noun alone before its
    colon is a YAML key, whose items the list rules judge (``keys:`` above a CI's cache
    keys, ``- cabal-store-v1-...``)."""
    if not (m.group(2) == ":" or m.group(1).endswith(":")):
        return False
    line = lowered.rfind("\n", 0, m.start()) + 1
    return bool(m.group(1).strip() or lowered[line:m.start()].strip(" \t+-*#/>"))


def _secret_named(lowered: str) -> Iterator[re.Match[str]]:
    """Each match of :data:`_SECRET_NAMED`, and a noun inside the words an earlier match read
    between its noun and its value tried on its own ("access key ID AKIA... and secret
    <value>": the secret's value, not the key's)."""
    m = _SECRET_NAMED.search(lowered)
    while m is not None:
        yield m
        nxt = m.start(3) if not m.group(1).strip() else m.start(1)
        m = _SECRET_NAMED.search(lowered, nxt)


def _noun_bounded(lowered: str, start: int) -> bool:
    """Whether the credential noun at ``start`` stands as a word, or glued to a word that
    makes it a credential's ("apikey", "api_key", "accesstoken", "authtoken": issue 31,
    one word where prose writes two)."""
    if _bounded(lowered, start):
        return True
    head = start
    while head > 0 and start - head <= 8 and (lowered[head - 1].isalpha() or
                                              lowered[head - 1] in "_-"):
        head -= 1
    return lowered[head:start].strip("_-") in _GLUED_KINDS and _bounded(lowered, head)


_GLUED_KINDS = frozenset({"api", "access", "auth", "private", "secret", "bearer", "refresh",
                          "client", "app", "license", "licence"})
# A credential's name and its value glued with no separator (``apikey<32 hex>``): the
# name, then hex of a key's length or a random run, to the word's end.
_GLUED_VALUE = lazy_regex(r"(?<![a-z0-9])(?:api|access|auth|secret|private)[_-]?"
                          r"(?:key|token|secret)([a-z0-9]{20,200})(?![a-z0-9_\-])")


_GLUED_SEED = lazy_regex(r"(?:key|token|secret)[a-z0-9]{20}")


def _glued_values(text: str, lowered: str) -> Iterator[_Found]:
    for seed in _GLUED_SEED.finditer(lowered):
        m = _GLUED_VALUE.match(lowered, max(0, seed.start() - 8))
        if m is None:
            m = _GLUED_VALUE.search(lowered, max(0, seed.start() - 8), seed.end() + 200)
        if m is None or m.start() > seed.start():
            continue
        value = text[m.start(1):m.end(1)]
        if judging.hex_key(value) or judging.random_run(value) or judging.looks_random(value):
            yield m.start(1), m.end(1), "secret-in-text", True


# A mail address's tag (``local+tag@host``): plus addressing files the mail by it, and a
# key hidden there reaches every place the address is written (a .mailmap, a commit's
# author line).
_ADDRESS_TAG = lazy_regex(r"(?<![\w.+-])[a-z0-9._-]{1,64}\+([a-z0-9_-]{16,200})@[a-z0-9-]+\.")


def _address_tags(text: str, lowered: str) -> Iterator[_Found]:
    """The tag of a mail address that is a key's hex or a random run, not a word or a
    date (``ci+dependabot@``, ``me+2026-05@``)."""
    for m in _ADDRESS_TAG.finditer(lowered):
        value = text[m.start(1):m.end(1)]
        if judging.hex_key(value, fingerprint=False) or judging.random_run(value):
            yield m.start(1), m.end(1), "secret-in-text", True


def _codes_after(text: str, pos: int) -> Iterator[_Found]:
    """Each code listed after "recovery codes:": on the rest of the line, or, when the
    line ends there, one a line on the lines that follow."""
    end = text.find("\n", pos)
    end = len(text) if end == -1 else end
    colon = text.find(":", pos, min(end, pos + 80))
    if colon != -1 and len(text[pos:colon].split()) <= 6:
        pos = colon + 1  # "backup codes for the root account: ..."
    found = list(_code_items(text, pos, end))
    if found or text[pos:end].strip():
        yield from found
        return
    for _ in range(30):
        start = end + 1
        if start >= len(text):
            return
        end = text.find("\n", start)
        end = len(text) if end == -1 else end
        mark = _LIST_MARK.match(text, start, end)
        item = _CODE_ITEM.match(text, mark.end() if mark else start, end)
        if item is None or not _code(item.group(1)):
            return
        yield item.start(1), item.end(1), "secret-in-text", True


def _code_items(text: str, pos: int, end: int) -> Iterator[_Found]:
    for word in re.finditer(r"[^\s,;]+", text[pos:end]):
        item = _CODE_ITEM.match(word.group())
        if item is None or not _code(item.group(1)):
            return
        yield pos + word.start() + item.start(1), pos + word.start() + item.end(1), \
            "secret-in-text", True


def _code(value: str) -> bool:
    """A code is letters and digits with a digit in it, not a word."""
    return any(c.isdigit() for c in value) and len(value) >= 6


# "the password is x", "the root password for prod db is now x", "the root password was
# rotated and is now x", "password for staging: x", "PASSWD x": a few words may stand
# between the word and its verb (a colon needs at least one, as "password: x" is an
# assignment, judged as one); without a verb the value must have letters and digits.
# Nouns for a chosen secret besides "password": a Wi-Fi or VPN pre-shared key, an SNMP
# community string, a network's key.
_PASSWORD_WORD = lazy_regex(r"(?:pass(?:word|wd|phrase|code)|psk|pre-?shared[ \t]+key"
                            r"|pin[ \t]+(?:code|phrase|number)"
                            r"|community[ \t]+string|(?:wi-?fi|wpa2?|wlan|network)[ \t]+key)s?"
                            r"(?![a-z0-9_])")
_PASSWORD_LINK = lazy_regex(
    r"[ \t]+(?:(?:is|was|are|were|becomes|became|remains)"
    r"(?:[ \t]+(?:now|still|currently|just|set[ \t]+to|changed[ \t]+to))?"
    r"|(?:(?:changed|set|updated|reset|rotated)[ \t]+)?to|now|->|=>|→)[ \t]+[\"'`]?"
    r"([^\s\"'`,;]{4,})"
    r"|(:)[ \t]+[\"'`]?([^\s\"'`,;]{4,})")
_REACH = 120  # characters after the word where its value may be
_BARE_VALUE = lazy_regex(r"[ \t]+[\"'`]?([^\s\"'`,;]{8,})")


def _password_after(text: str, lowered: str, m: re.Match[str]) -> _Found | None:
    """The password a mention of one goes on to state, if any."""
    if not _bounded(lowered, m.start()):
        return None
    end = lowered.find("\n", m.end(), m.end() + _REACH)
    end = m.end() + _REACH if end == -1 else end
    first = lowered[m.end():end].split(maxsplit=1)[:1]
    if first and (first[0] in _NOT_THE_PASSWORD or first[0] in NEUTRAL_LAST):
        return None  # "the password hash is ...", "the password field is ..."
    plural = m.group().endswith("s")
    colon = lowered.find(":", m.end(), end)
    if colon != -1 and lowered[colon + 1:colon + 2] in (" ", "\t") and (
            labelled := _label_value(text, colon + 1, lowered[m.end():colon])):
        return labelled
    for link in _PASSWORD_LINK.finditer(lowered, m.end(), end):
        gap = lowered[m.end():link.start()]
        if (gap and gap[0] not in " \t") or ":" in gap or "=" in gap:
            break  # '"password": ...' or 'password_file=': not prose
        if gap.count("(") > gap.count(")"):
            break  # "... when password is already set (refs: f63d63a": an aside opened
        words = gap.split()
        group = 1 if link.group(1) is not None else 3
        if group == 3 and not words:
            continue  # "password: x" is an assignment
        verb = lowered[link.start():link.start(group)].split()[:1]
        if plural and verb not in (["are"], ["were"]):
            continue  # "passwords to views.rst"
        if len(words) > 6 or any(w.endswith((".", "!", "?")) for w in words):
            break  # the next sentence
        found = _value_at(text, link.start(group), link.end(group))
        if found:
            return found
    bare = _BARE_VALUE.match(lowered, m.end(), end)
    at = m.end() + 1
    if lowered[m.end():at] == " " and judging.grouped_letters(text[at:at + 19]) and (
            at + 19 == len(text) or not text[at + 19].isalnum()):
        return at, at + 19, "password-in-text", True  # "app password abcd efgh ijkl mnop"
    if bare:
        value = text[bare.start(1):bare.end(1)].rstrip(".:!?)")
        if any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
            return _value_at(text, bare.start(1), bare.start(1) + len(value))
    return None


def _label_value(text: str, at: int, gap: str) -> _Found | None:
    """The value after the colon that ends a label of more words ("the bot's password in
    base32hex, as the old logger keeps it: <value>", "the receiver password, xxencoded
    for the modem: <value>"): the words between say what the value is, not another
    sentence, and the value is no word of prose: random (in any alphabet, marks and
    quotes too: BinHex), Bubble Babble's syllables, or a code of keys, taps or dots with
    no letter (a phone keypad's presses, tap code, Morse) or of groups of two or three
    letters (the Bacon cipher)."""
    if not gap.strip() or gap[0] not in " \t," or "=" in gap or len(gap.split()) > 12 or \
            _SENTENCE_END.search(gap) or gap.count("(") != gap.count(")"):
        return None
    start = len(text) - len(text[at:].lstrip(" \t"))
    end = text.find("\n", start)
    rest = text[start:len(text) if end == -1 else end].rstrip()
    rest = rest.rstrip(".") if any(c.isalpha() for c in rest) else rest  # a code's dots stay
    token = rest.split(None, 1)[0].rstrip(".:?)") if rest.split() else ""
    if judging.looks_random(token) or _BUBBLE_BABBLE.fullmatch(token) or \
            _random_marks(token):
        return start, start + len(token), "password-in-text", True
    if len(rest) >= _SHORTEST_CODE and (not any(c.isalpha() for c in rest) or
                                        _two_symbol_groups(rest)) and \
            len(set(rest.split())) >= 3:  # groups that differ: no placeholder's dashes
        return start, start + len(rest), "password-in-text", True
    return None


def _two_symbol_groups(rest: str) -> bool:
    """Groups of one length spelled with two or three symbols (the Bacon cipher's "aabab
    abbaa ...", a binary code written in letters): a code, since no prose is made of
    them."""
    groups = rest.split()
    return len(groups) >= 3 and len({len(g) for g in groups}) == 1 and len(groups[0]) >= 4 \
        and len(set("".join(groups).casefold())) <= 3


# Bubble Babble (ssh-keygen -B's encoding): x, syllables in groups of five, x
_BUBBLE_BABBLE = lazy_regex(r"x[a-z]{4}(?:-[a-z]{5}){2,}")
_SHORTEST_CODE = 12  # characters of a code of presses, taps or dots


def _random_marks(token: str) -> bool:
    """A token of letters of both cases, digits and marks (quotes and brackets among
    them), with no run of letters a word could be: an encoding's output, not a name."""
    if len(token) < 16 or "/" in token or "://" in token:
        return False
    kinds = (any(c.isupper() for c in token) + any(c.islower() for c in token) +
             any(c.isdigit() for c in token) + any(not c.isalnum() for c in token))
    longest = max((len(w) for w in re.findall(r"[A-Za-z]+", token)), default=0)
    return kinds == 4 and longest <= 5 and judging.entropy(token) >= 3.5


_SENTENCE_END = lazy_regex(r"[.!?](?:\s|$)")


def _value_at(text: str, start: int, end: int) -> _Found | None:
    if judging.grouped_letters(text[start:start + 19]) and (
            start + 19 == len(text) or not text[start + 19].isalnum()):
        return start, start + 19, "password-in-text", True  # an app password's groups
    value = text[start:end].rstrip(".:!?)")
    if _password_like(value) and not _joined_words(value):
        return start, start + len(value), "password-in-text", True
    return None


# What may stand between a noun and the value it names on the line after it ("API token:"
# then the token alone, below a blank line, indented, or as a list's item).
_NEXT_LINE = r"[ \t]*(?:\r?\n[ \t]*){1,2}(?:[-*+][ \t]*)?"
# A credential noun, then within a few words of the same sentence a random value: "the
# deploy key <random> lives in vault", "Unseal key 1 for the staging Vault: <random>",
# "the authenticator is seeded with <random>".  Whatever the vendor: the noun and the
# value's randomness decide, not a prefix.  Gap words are short, so a value is never one.
_SECRET_NAMED = lazy_regex(r"(?:secret|token|key|credential|passphrase|seed|pat)(?:s|ed)?"
                           # an identifier's credential word glued on (Matomo's token_auth)
                           r"(?:[_-](?:auth|key|value|secret|token|string))?"
                           r"((?:[ \t]+[^\s]{1,15}){0,6}?)[ \t]*([:=]?)"
                           r"(?:[ \t]*[,\u2013\u2014\-])?(?:[ \t]+|" + _NEXT_LINE + r")"
                           # an account's id before its secret (Lox24's `123456:<hex>`)
                           r"[\"'`(]?(?:(?!sha\d|md5|blake)[a-z0-9_\-]{1,24}:(?=[a-z0-9+/=_\-.~]{16,}))?"
                           r"([a-z0-9+/=_\-.~]{16,})")
# The same nouns before a word that holds marks among its letters and digits (a generated
# secret drawn on ",:;!?" too: judging.marked_random), which the value above, read in a
# token's alphabets, cuts at its first mark or misses.
_SECRET_MARKED = lazy_regex(r"(?:secret|token|key|credential|passphrase)s?"
                            r"((?:[ \t]+[^\s]{1,15}){0,6}?)[ \t]*[:=]?[ \t]+[\"'`]?"
                            r"([^\s\"'`<>()\[\]{}]{16,200})")
# A UUID is an id, except after a noun that names it a secret: many vendors' secret keys
# and tokens are UUIDs ("the secret key is <uuid>", "API key <uuid>"); an id, a primary
# or an idempotency key stays.
_UUID = lazy_regex(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\Z")
_SECRET_NOUNS = ("secret", "token", "credential", "passphrase", "pat")
_KEY_KINDS = ("api", "secret", "access", "private", "auth", "signing", "license", "licence")


_LINKING = frozenset(("is", "was", "now", "reads"))
_SHORT_HEX = lazy_regex(r"[0-9a-f]{16,31}")


def _short_secret_hex(lowered: str, m: re.Match[str], value: str) -> bool:
    """Whether ``value`` is hex shorter than a key's bytes (16 to 31 digits, a letter and a
    digit among them) right after the word "secret", or linked to it by a verb ("Flickr,
    key <32 hex>, secret <16 hex>": Flickr's API secrets are sixteen digits).  Only what is
    called a secret: a "key" of sixteen digits is an OpenPGP key's id (:func:`_key_id`), a
    "token" of them a lookup's."""
    if not lowered.startswith("secret", m.start()) or lowered[m.start():m.start(1)] not in (
            "secret", "secrets") or not _SHORT_HEX.fullmatch(value.lower()):
        return False
    gap = m.group(1).split()
    return all(word in _LINKING for word in gap) and any(c.isdigit() for c in value) and \
        any(c.isalpha() for c in value)


def _secret_uuid(text: str, lowered: str, m: re.Match[str], value: str) -> bool:
    """Whether ``value``, a UUID, follows a noun that names a secret (the noun of
    :data:`_SECRET_NAMED`'s match ``m``, or "key" after a word that makes it one), or "key"
    in a sentence that names the service whose key it is (issue 31, the seventeenth sealed
    part: "tiles come from Kartverket, gkt key <uuid>"): a capitalised word before it and
    no word that makes the key a lookup's, a public one or an id's ("the Stripe
    idempotency key <uuid>", "object key", "build id")."""
    if not _UUID.match(value.lower()):
        return False
    noun = lowered[m.start():m.start(1)]
    if noun.startswith(_SECRET_NOUNS):
        return True
    before = lowered[max(0, m.start() - 12):m.start()].split()[-1:]
    word = before[0].strip("-_") if before else ""
    if word in _KEY_KINDS or (word in APP_KEYS and noun == "key"):
        return True
    if noun != "key" or word in _SHOWN_KEYS or word in LOOKUP_KEYS or word in _ID_KEYS:
        return False
    # the service's name right before "key" ("Geonorge key", "Kartverket's key"), or
    # anywhere before it in the sentence past its first word, or in the words between
    # the noun and the value ("Key for Zorbly:" above it)
    return _a_name(_word_before(text, m.start())) or placed.service_named(
        text, lowered, m.start(1) + len(m.group(1).rstrip()))


# Words that make a key a database's or a program's own, not a service's.
_ID_KEYS = frozenset({"primary", "ssh", "gpg", "pgp", "api-id", "registry", "redis", "s3",
                      "db", "database", "table", "json", "yaml", "config", "settings", "env",
                      "dictionary", "hashmap", "record", "entry", "item", "node"})
# Capitalised words that open a sentence and name nothing.
_NOT_NAMES = frozenset({"the", "this", "that", "these", "those", "our", "your", "their",
                        "its", "his", "her", "my", "each", "every", "any", "no", "one", "new",
                        "old", "same", "another", "which", "whose", "what", "a", "an",
                        "primary", "public", "private", "secret", "master", "main", "default"})


# What may link a noun to the value it names: a verb, "now", "set to".
_LINKS = frozenset({"is", "was", "are", "were", "now", "set", "to", "becomes", "became",
                    "remains", "still"})
# What a key is when the word before says it can be shown: a public key, a host's, one that
# verifies (ed25519 public keys are 64 hex digits), a lookup's (a cache key is a hash).
_SHOWN_KEYS = frozenset({"public", "pub", "verify", "verifying", "verification", "host"})


def _secret_hex(text: str, lowered: str, m: re.Match[str], value: str) -> bool:
    """Whether ``value``, hex of a key's length (:func:`judging.hex_key`), follows a noun
    that names a secret, or "key" after no word that makes it public or a lookup's.  After
    a token, a secret, a credential, or a key a word before makes a credential's ("API
    key", "secret key"; a signing key's forty digits are its fingerprint), forty digits
    are one too when the noun says what they are, right before them or linked by a verb
    ("pulled from KoboToolbox with token <40 hex>", "the token is now <40 hex>"): a commit
    is never called a token, while other words between may name another thing ("the token
    fix landed in <sha>", "Token refresh: see <sha>").  After "key" alone, forty digits
    are an account's key, not a signing key's fingerprint, when a word before says whose
    (:data:`words.ACCOUNT_KEYS`: "application key", "admin key"); and after any of these
    nouns when the sentence names the service the key is for and nothing a commit, a
    digest or a signature is named by (issue 31, the eighteenth sealed part: "mailed
    through SparkPost, key <40 hex>", "Credentials for Quillmail: <40 hex>"), the words
    between only linking words, function words and names."""
    if not judging.hex_key(value, fingerprint=False):
        return False
    noun = lowered[m.start():m.start(1)]
    before = lowered[max(0, m.start() - 16):m.start()].split()[-1:]
    word = before[0].strip("-_") if before else ""
    gap = m.group(1).split()
    below = "\n" in lowered[m.end(2):m.start(3)]
    secret = noun.startswith(_SECRET_NOUNS) or (word in _KEY_KINDS and word != "signing")
    if not secret and (word in _SHOWN_KEYS or word in LOOKUP_KEYS):
        return False
    if judging.hex_key(value):
        return True
    if secret:
        if noun.startswith("secret") and gap[:1] == ["key"]:
            gap = gap[1:]  # "the secret key <hex>": one noun
        if all(word in _LINKS for word in gap) and (not m.group(2) or below):
            return True
    elif noun != "key" or word in SIGNING_KEYS:
        return False
    written = text[m.start(1):m.end(1)].split()
    if not all(w.strip(",:") in _LINKS or w.strip(",:") in _GAP_FUNCTION_WORDS or
               _a_name(w.strip(",:")) for w in written):
        return False  # "Token refresh: see <sha>", "key fingerprint <sha>"
    at = m.start(1) + len(m.group(1).rstrip())
    if placed.digest_named(text, lowered, at):
        return False
    return (word in ACCOUNT_KEYS and not secret) or _a_name(_word_before(text, m.start())) \
        or placed.service_named(text, lowered, at)


# Words that may stand between a key's noun and its forty digits: "for the", "of its".
_GAP_FUNCTION_WORDS = frozenset({"for", "of", "at", "on", "from", "in", "the", "our", "its",
                                 "their", "a", "an", "your", "my"})


def _word_before(text: str, at: int) -> str:
    """The word written right before ``at`` ("Geonorge" in "Geonorge key"), its
    possessive's ``'s`` and its marks cut."""
    written = text[max(0, at - 40):at].split()[-1:]
    name = written[0].strip("\"'`(*,:") if written else ""
    return name[:-2] if name.endswith(("'s", "’s")) else name


def _a_name(word: str) -> bool:
    """A service's name: capitalised letters (Geonorge, SparkPost), no word that opens a
    sentence and names nothing ("The", "Primary")."""
    return len(word) > 2 and word[0].isupper() and word[1:].isalpha() and \
        word.lower() not in _NOT_NAMES


# Words of a sentence between the noun and its value ("1 for the staging Vault:"), not
# flags, paths or code; a full stop ends the sentence.
_GAP_WORD = lazy_regex(r"[^\W_]+(?:['’][^\W_]+)?[,:]?")  # in any script: "del bot è"
_FILE_NAME = lazy_regex(r"[\w.\-]*/[\w./\-]*\.[a-z]{1,4}\Z")
# One-time codes that unlock an account when the second factor is lost: each listed code.
_CODES = lazy_regex(r"codes?(?![a-z])[ \t]*[:=]?")  # a literal first: cheap to find
_CODE_KIND = lazy_regex(r"(?:recovery|backup|scratch|emergency|one-time|2fa|mfa|otp)[ \t-]+\Z")
_CODE_ITEM = lazy_regex(r"[\"'`]?([A-Za-z0-9][A-Za-z0-9-]{4,30}[A-Za-z0-9])[\"'`]?[,;.]?\Z")
_LIST_MARK = lazy_regex(r"[+ ]?[ \t]*(?:[-*•]|\d{1,2}[.)])?[ \t]*")
# "login with admin / x", "log in as deploy/x", "Router login: admin:x": a user, a slash or
# colon, the password.  A user opens with a letter or digit: "login (refs: 9eaf418)" is a
# memory line's suffix.
_LOGIN = lazy_regex(r"(?:log[ \t-]?in|sign[ \t-]?in|credentials?|creds)"
                    r"(?:[ \t]+(?:with|as|using|via|is|are)|:)?[ \t]+(\w[^\s/:'\"`]{0,63})"
                    r"[ \t]*[/:][ \t]*([^\s\"'`,;]{4,})")


def _joined_words(value: str) -> bool:
    """``invalid/expired``, ``views.rst``: words joined, or a file name, not a password."""
    parts = [p for p in value.replace("/", " ").replace(".", " ").split() if p]
    return len(parts) >= 2 and all(p.isalpha() and p.islower() for p in parts)


def _line_start(text: str, pos: int, window: int = 300) -> int:
    """Start of the line holding ``pos``, looked for at most ``window`` characters back."""
    return text.rfind("\n", max(0, pos - window), pos) + 1 or max(0, pos - window)


def _bounded(lowered: str, start: int, also: str = "") -> bool:
    return not start or (lowered[start - 1] not in WORD and lowered[start - 1] not in also
                         and not judging.after_marker(lowered, start))


def _judged(m: re.Match[str], text: str, hidden: list[tuple[int, int]],
            quoted: bool, end: int | None = None) -> Iterator[_Found]:
    """A (name, value) pair found by a structural rule (groups 1 and 2, the value ending at
    ``end`` if given), judged like an assignment.  Command lines, Dockerfiles and markup
    hold literals: a bare word there is a value, not a variable."""
    name = text[m.start(1):m.end(1)]
    strength = judging.judge_name(name)
    if strength is None:
        return
    start = m.start(2)
    end = judging.judged_end(text, start, m.end(2) if end is None else end, hidden)
    if end <= start:
        return
    value = text[start:end]
    if value[:1] in "\"'" and value[-1:] == value[:1] and len(value) > 1:
        start, end, value, quoted = start + 1, end - 1, value[1:-1], True
    if judging.is_secret(value, quoted, strength, judging.name_parts(name), config=True):
        yield start, end, strength[0], False


def _url_password(value: str) -> bool:
    """Between ``user:`` and ``@`` of a URL only a password stands: any literal but a
    placeholder (``password``, ``<pw>``), a reference (``${DB_PASSWORD}``) or a marker.
    Words are passwords here (``redis://:s3cretPass@``), unlike values in code."""
    if len(value) < 4 or not any(ch.isalnum() for ch in value) or "[REDACTED:" in value:
        return False
    return not (judging.is_reference(value) or judging.is_placeholder(value)
                or value.lower() in NULLISH)


def _token_user(user: str) -> bool:
    """The user part of ``scheme://user:password@host`` is a credential too when it is no
    name: a UUID (SMTP relays take their server token as user and password), a key of hex
    or a random string.  A name (``app``, ``postgres``, ``deploy``) stays, even when it is
    the password too (``postgres:postgres@localhost``, whose password is hidden)."""
    return len(user) >= 16 and (bool(_UUID.match(user.lower())) or judging.looks_random(user)
                                or judging.hex_key(user))


def _last_word(text: str, at: int) -> Iterator[_Found]:
    """An ``Authorization`` header's last word, when its first value is none: the
    credential stands last (``Bearer automation SECRET``), the words before it name whose.
    Prose runs on, so the last word must be random, not merely a digit and a letter."""
    rest = _HEADER_REST.match(text, at)
    if rest is None:
        return
    start = text.rfind(" ", at, rest.end(1))
    start = max(start, text.rfind("\t", at, rest.end(1))) + 1
    value = text[start:rest.end(1)]
    if len(value) >= 16 and (judging.random_run(value) or judging.hex_key(value)) and \
            judging.is_secret(value, False, _LITERAL, [], config=True):
        yield start, rest.end(1), "authorization", False


def _credential(value: str, scheme: bool) -> bool:
    """After ``Authorization:``: a token, not code (``self.authorization``) nor a reference.
    With a scheme word (Bearer, Basic ...) a digit and a letter are enough."""
    if len(value) < 8 or not judging.is_secret(value, False, _LITERAL, [], config=True):
        return False
    return _mixed(value) if scheme else judging.looks_random(value)


def _mixed(value: str) -> bool:
    has_digit = any(c.isdigit() for c in value)
    has_alpha = any(c.isalpha() for c in value)
    return (has_digit and has_alpha) or judging.looks_random(value)


def _password_like(value: str) -> bool:
    """Prose such as "the password is hunter2": a word with a digit, symbol or inner capital."""
    if not judging.is_secret(value, False, _LITERAL, [], config=True):
        return False
    return any(not c.isalpha() for c in value) or any(c.isupper() for c in value[1:])

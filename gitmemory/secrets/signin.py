"""The random value a command that signs in or connects is given, whatever the tool, for
:mod:`gitmemory.secrets.redact` (issue 31, the sixteenth sealed part: ``sem connect HOST
TOKEN``; each part brings a CLI nobody listed, so the class is found, not the vendor).

A command's subcommand that signs in, authenticates or connects (``login``, ``logon``,
``signin``, ``auth``, ``authenticate``, ``authorize``, ``connect``, ``register``,
``activate``), standing where a command's words stand (one to three words in lower case
before it at the start of a line, a code span or after a shell operator:
:func:`gitmemory.secrets.positions.starts_command`), is given a credential: what the tool
needs to sign in that no one can type from memory.  Its arguments are read to the end of
the command:

- a positional argument drawn at random (:func:`gitmemory.secrets.judging.random_run`:
  16 characters or more of any token alphabet, no words run together) is the credential;
  a host, a URL, a path, an email address, a user:password (another rule's), a reference
  (``$TOKEN``, ``<token>``), a word and a name stay;
- after a verb that authenticates (not ``connect``, ``register``, ``activate``, whose
  commands take container ids and license numbers), hex of a key's length (32 or more,
  not a commit's 40) and a UUID are credentials too: ``snyk auth <uuid>``,
  ``doctl auth init -t <64 hex>``, as Consul's and Snyk's tokens are UUIDs;
- a flag's value is judged the same way (``-t X``, ``--key=X``), unless the flag names an
  id or what ids are of (``--tenant``, ``--org``, ``--account``, ``--user``), whose UUID is
  an id.

The pass starts from the verbs (literals, found by a substring search) and reads no further
than the command a verb stands in.
"""

from __future__ import annotations

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import judging, positions
from gitmemory.secrets.words import NEUTRAL_LAST, THINGS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose

# Verbs that authenticate: a hex key or a UUID given to them is the credential.
_AUTH_VERBS = ("login", "logon", "signin", "sign-in", "auth", "authenticate", "authorize",
               "authorise")
# Verbs that connect or enrol: only a random run is (a container's hex id, a licence's
# number are not).
_OTHER_VERBS = ("connect", "register", "activate")
_BEFORE_VERB = frozenset(" \t`")
_ARG = lazy_regex(r"[^\s|;<>`]+")
_MAX_ARGS = 8
# A flag's name that says its value is an id, or of what ids are (its UUID is no secret).
_ID_FLAGS = frozenset({"tenant", "subscription", "org", "organization", "organisation",
                       "account", "user", "username", "client", "app", "project", "team",
                       "workspace", "id", "region", "zone", "profile", "context", "env",
                       "environment", "name", "host", "server", "url", "endpoint", "node",
                       "role", "group", "device"})
_KEY_FLAGS = frozenset({"t", "k", "s", "a"})  # -t token, -k key, -s secret, -a auth
_NOT_IN_VALUE = frozenset("./@:$<>{}[]()%=,*~#\\")


def find(text: str, lowered: str) -> Iterator[_Found]:
    """(start, end, rule, prose) of each credential given to a sign-in's command."""
    for verb in _AUTH_VERBS + _OTHER_VERBS:
        needle = verb + " "  # a blank after it: "author" is no hit
        at = lowered.find(needle)
        while at != -1:
            end = at + len(verb)
            if at and lowered[at - 1] in _BEFORE_VERB and positions.starts_command(text, at):
                yield from _arguments(text, end, verb in _AUTH_VERBS)
            at = lowered.find(needle, end)


def _arguments(text: str, pos: int, authenticates: bool) -> Iterator[_Found]:
    stop = _command_end(text, pos)
    flag = ""
    for count, arg in enumerate(_ARG.finditer(text, pos, stop)):
        value = arg.group()
        if count == _MAX_ARGS or value in ("&&", "||", "&"):
            return
        start, end = arg.span()
        if value.startswith("-"):
            name, eq, given = value.lstrip("-").partition("=")
            flag = "" if eq else name.lower()
            if eq and _credential(given.strip("\"'"), authenticates, name.lower()):
                start = end - len(given)
                yield _span(text, start, end)
            continue
        if _credential(value.strip("\"'"), authenticates, flag):
            yield _span(text, start, end)
        flag = ""


def _span(text: str, start: int, end: int) -> _Found:
    if end - start >= 2 and text[start] in "'\"" and text[end - 1] == text[start]:
        start, end = start + 1, end - 1
    return start, end, judging.SECRET, False


def _credential(value: str, authenticates: bool, flag: str) -> bool:
    """Whether an argument (``flag``'s value, or a positional one when ``flag`` is empty)
    is the credential (the module's docstring)."""
    if len(value) < judging.SHORT_TOKEN or not value.isascii() or \
            any(c in _NOT_IN_VALUE for c in value):
        return False
    if flag:
        parts = judging.name_parts(flag)
        if judging.judge_name(flag) is None and parts and (
                parts[-1] in _ID_FLAGS or parts[-1] in NEUTRAL_LAST or parts[-1] in THINGS):
            return False
    if judging.random_run(value):
        return True
    if not authenticates or (flag and flag not in _KEY_FLAGS and judging.judge_name(flag) is None):
        return False
    if judging.UUID.match(value):
        return True
    return judging.hex_key(value)  # a key's bytes; forty digits are a commit's


def _command_end(text: str, pos: int, window: int = 300) -> int:
    end = pos
    high = min(len(text), pos + window)
    while end < high and text[end] not in "|;\n`":
        end += 1
    return end

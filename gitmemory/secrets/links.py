"""Keys a URL carries in its path, for :mod:`gitmemory.secrets.contextual` (issue 31: a
webhook's or a ping's URL is its own credential, whatever the service).

A link that lets its holder in keeps the key where the server reads it: after a path
segment or a host that names a hook, a key, a token, a secret or a ping, a monitor's
heartbeat or check-in and a log shipper's input among them
(``https://chat.example.org/hooks/<key>``, ``https://logs-01.loggly.com/inputs/<uuid>``,
``https://hc-ping.com/<uuid>``, ``.../api/v1/heartbeat/<key>``,
``.../with/key/<key>``, ``.../IncomingWebhook/<hex>/<uuid>``), any segment of a key's
shape is the key: a random run (:func:`judging.random_run`), a UUID or hex of a key's
length; an API given nothing but hex of a key's length after its ``/api/`` segment is
addressed by that key (``.../incidents/api/<hex>``, a pager's or a sensor hub's
webhook); and a path that is one id of hex alone (``https://nosnch.in/<hex>``, a cron
monitor's check-in) is the key whatever its length.  Elsewhere in a path, a random run
of 32 or more (a feed's, a stream's or a share's key: ``rtmp://host/app/<key>``,
``/feeds/<key>.rss``) is one too; a commit's or a digest's hex, a UUID, a number, words
and an advisory's id (``GHSA-9wx4-h78v-vm56``) stay, and a segment after one that names a
document (``/d/``, ``/file/``, ``/ipfs/``) is the document's id.
"""

from __future__ import annotations

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import judging

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose

RULE = "url-key"
# After "://" (found by a substring search): the host, then the path.
_URL = lazy_regex(r"([^\s/?#'\"<>`()\[\]{}|\\]{1,300})(/[^\s?#'\"<>`()\[\]{}|\\]{0,2000})?")
_RUN = lazy_regex(r"[A-Za-z0-9_\-]{16,}")
# What a segment or a host label names when the next segment is what lets one in.
_PLACES = frozenset({
    "hook", "hooks", "webhook", "webhooks", "webhookb2", "incomingwebhook", "key", "keys",
    "apikey", "apikeys", "token", "tokens", "secret", "secrets", "private", "ping",
    "hc-ping", "trigger", "triggers", "capability", "invite", "invites", "heartbeat",
    "heartbeats", "checkin", "checkins", "check-in",
    # where a log or event shipper posts: Loggly's /inputs/<token>, /bulk/<token>
    "inputs", "input", "bulk", "ingest", "intake", "receiver", "collector"})
# What a segment names when the next one is a document's or a content's id.
_DOCUMENTS = frozenset({"d", "file", "files", "document", "documents", "ipfs", "ipns",
                        "blob", "tree", "commit", "commits", "raw", "gist", "issues",
                        "pull", "releases", "download", "tag", "tags"})
_LONG = 32


def find(text: str) -> Iterator[_Found]:
    """(start, end, rule, prose) of each key in a URL's path."""
    at = text.find("://")
    while at != -1:
        m = _URL.match(text, at + 3)
        at = text.find("://", at + 3)
        if m is None or not m.group(2) or not text[max(0, m.start() - 4):m.start() - 3].isalpha():
            continue  # a scheme's letter stands before "://"
        host = m.group(1).rsplit("@", 1)[-1].lower()
        place = any(label in _PLACES for label in host.split(":")[0].split("."))
        alone = _SOLE.fullmatch(m.group(2))
        if alone and _mixed_hex(alone.group(1)):  # https://nosnch.in/<10 hex>: a check-in
            yield m.start(2) + 1, m.start(2) + 1 + len(alone.group(1)), RULE, False
            continue
        offset = m.start(2)
        previous = ""
        for segment in m.group(2).split("/"):
            # a message's id or an address (``<id>%40mail.example.com``) is no key
            address = "@" in segment or "%40" in segment
            if previous not in _DOCUMENTS:
                for run in _RUN.finditer(segment):
                    value = run.group()
                    if (place and _keyish(value)) or (
                            not address and len(value) >= _LONG and _random(value)) or (
                            previous == "api" and value == segment and
                            len(value) >= _LONG and _HEX.fullmatch(value) and
                            _mixed_hex(value)):
                        yield offset + run.start(), offset + run.end(), RULE, False
            if segment.lower() in _PLACES:
                place = True  # the whole segment: react-hook-form/ names no hook
            previous = segment.lower()
            offset += len(segment) + 1


# A path that is one id and at most a word after it (``/<id>``, ``/<id>/fail``): the link
# is the id, and an id of hex that mixes letters and digits is a key however short (a cron
# monitor's check-in, ``https://nosnch.in/5855c1d190``); a word, a number or a date is a page.
_SOLE = lazy_regex(r"/([0-9a-fA-F]{8,64})(?:/[a-z]{1,8}|/\d{1,3})?/?")


def _mixed_hex(value: str) -> bool:
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


def _keyish(value: str) -> bool:
    """A key's shape where a link keeps its key: random, a UUID, or hex of a key's length."""
    core = value.strip("-_")
    return judging.random_run(core) or judging.looks_random(core) or bool(
        judging.UUID.match(core)) or (len(core) >= _LONG and _HEX.fullmatch(core) is not None)


def _random(value: str) -> bool:
    """A random run of 32 or more, not a name's words beside a shorter id
    (``/drive/folder/-Bat-Warp-Pack-<id>``, a shared folder's name and its id)."""
    return any(len(piece) >= _LONG and (judging.random_token(piece) or judging.random_run(piece))
               for piece in _PIECES.split(value))


_PIECES = lazy_regex(r"[-_]")


_HEX = lazy_regex(r"[0-9a-fA-F]+")

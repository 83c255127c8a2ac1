"""The token formats :mod:`gitmemory.secrets.redact` knows by shape.

Each rule is the project's own regular expression for a publicly documented
credential format (the kinds gitleaks documents: a fixed prefix, a known
alphabet and length).

Speed comes from the shape of the expressions: each starts with a literal,
which ``re`` finds with a fast substring search, so a megabyte of ordinary
diff costs well under a millisecond per rule.  A look-behind or a character
class at the start would make ``re`` try every position instead, so the
"no word character just before the token" condition is checked in Python
(``bounded``); distinctive prefixes (``ghp_``, ``sk-ant-``, ``AKIA``) go
without it, so a token glued to another secret is still found.  The few
formats without a literal start carry a ``keyword`` that must occur first.
Every expression is linear: bounded or single-class repetitions, no nested
quantifiers that could backtrack.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from gitmemory.lazy_regex import lazy_regex

WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


@dataclass(frozen=True)
class TokenRule:
    name: str
    pattern: re.Pattern[str]
    group: int = 0  # the part of the match that is secret
    bounded: bool = True  # no word character may precede the match
    keyword: str = ""  # must occur in the text before the pattern runs
    check: str = ""  # "letters": the secret must look like random mixed-case letters


def _rule(name: str, pattern: str, group: int = 0, *, bounded: bool = True, keyword: str = "",
          check: str = "") -> TokenRule:
    return TokenRule(name, lazy_regex(pattern), group, bounded,
                     keyword or literal_start(pattern), check)


_META = frozenset(".^$*+?{}[]()|\\")


def literal_start(pattern: str) -> str:
    """The literal every match of ``pattern`` begins with (``ya29.`` of ``ya29\\.[...]``,
    ``$2`` of ``\\$2[abxy]?...``): a text without it holds no match, and one substring test
    costs far less than starting the expression on each of a run's two thousand short
    texts.  Empty when the pattern starts with a class or a group, or has alternatives
    outside any group."""
    if _top_level_bar(pattern):
        return ""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\" and i + 1 < len(pattern) and not pattern[i + 1].isalnum():
            out.append(pattern[i + 1])
            i += 2
            continue
        if char in _META:
            if char in "*?{" and out:
                out.pop()  # the last literal is optional or repeated
            break
        out.append(char)
        i += 1
    return "".join(out)


def _top_level_bar(pattern: str) -> bool:
    """Whether ``pattern`` has a ``|`` outside every group and class."""
    depth, i, in_class = 0, 0, False
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            i += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
            if pattern[i + 1:i + 2] == "]":
                i += 1  # "[]...]": a leading "]" is a member
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            return True
        i += 1
    return False


TOKEN_RULES: tuple[TokenRule, ...] = (
    # Cloud providers
    _rule("aws-access-key", r"A(?:KIA|SIA|BIA|CCA|3T[A-Z0-9])[A-Z0-9]{16}", bounded=False),
    _rule("gcp-api-key", r"AIza[0-9A-Za-z_\-]{30,}", bounded=False),
    _rule("google-oauth-secret", r"GOCSPX-[0-9A-Za-z_\-]{20,}", bounded=False),
    _rule("google-oauth-token", r"ya29\.[0-9A-Za-z_\-]{20,}"),
    _rule("google-oauth-token", r"1//0[0-9A-Za-z_\-]{30,}"),
    _rule("azure-storage-key", r"AccountKey[ \t]*=[ \t]*([A-Za-z0-9+/]{20,}={0,2})", 1,
          bounded=False),
    _rule("azure-storage-key", r"SharedAccessKey[ \t]*=[ \t]*([A-Za-z0-9+/]{20,}={0,2})", 1,
          bounded=False),
    _rule("azure-sas-token", r"sig=([A-Za-z0-9%+/=]{16,})", 1),
    _rule("azure-ad-client-secret",
          r"[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.\-]{31,34}(?![A-Za-z0-9_~.\-])", keyword="Q~"),
    _rule("digitalocean-token", r"do[opr]_v1_[a-f0-9]{40,}"),
    _rule("heroku-key", r"HRKU-[A-Za-z0-9_\-]{40,}", bounded=False),
    _rule("flyio-token", r"fo1_[\w\-]{40,}"),
    _rule("flyio-token", r"fm[12][ar]?_[A-Za-z0-9+/]{80,}={0,3}"),
    _rule("vault-token", r"hv[sbr]\.[A-Za-z0-9_\-]{24,}"),
    _rule("terraform-token", r"[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_\-=]{60,}",
          keyword="atlasv1"),
    _rule("databricks-token", r"dapi[a-f0-9]{32}(?:-\d)?"),
    _rule("planetscale-token", r"pscale_(?:tkn|oauth|pw)_[\w=.\-]{32,}"),
    _rule("supabase-token", r"sbp_[a-f0-9]{40}"),
    # Source hosting and package registries
    _rule("github-token", r"gh[pousr]_[A-Za-z0-9]{20,}", bounded=False),
    _rule("github-token", r"github_pat_[A-Za-z0-9_]{22,}", bounded=False),
    _rule("gitlab-token",
          r"gl(?:pat|dt|ptt|rt|cbt|ft|imt|agent|oas|soat|ffct)-[0-9A-Za-z_.\-]{20,}",
          bounded=False),
    _rule("gitlab-token", r"GR1348941[0-9A-Za-z_\-]{20,}", bounded=False),
    _rule("npm-token", r"npm_[A-Za-z0-9]{36,}"),
    _rule("pypi-token", r"pypi-AgE[A-Za-z0-9_\-]{50,}", bounded=False),
    _rule("rubygems-key", r"rubygems_[a-f0-9]{48}", bounded=False),
    _rule("docker-hub-token", r"dckr_pat_[A-Za-z0-9_\-]{20,}", bounded=False),
    # A NATS nkey's seed (a .creds file's "USER NKEY SEED"): S, the key's kind (account,
    # user, operator, server, cluster, curve), then base32, 58 characters in all
    _rule("nats-nkey-seed", r"S[AUONCX][A-Z2-7]{56}(?![A-Za-z0-9])"),
    _rule("atlassian-token", r"ATATT3[A-Za-z0-9_\-=]{100,}", bounded=False),
    # Chat, mail, payments
    _rule("slack-token", r"xox(?:[abposre]|e\.xox[bp])-[0-9A-Za-z\-]{10,}", bounded=False),
    _rule("slack-token", r"xapp-\d-[A-Za-z0-9\-]{10,}", bounded=False),
    _rule("slack-webhook",
          r"hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9+/_\-]{20,})", 1,
          bounded=False),
    _rule("discord-webhook", r"/api/webhooks/([0-9]{5,}/[A-Za-z0-9_\-]{40,})", 1, bounded=False),
    # Discord bot tokens: the bot's id in base64 (it starts M, N or O), a time stamp, an HMAC.
    _rule("discord-bot-token",
          r"[MNO][A-Za-z0-9_\-]{23,27}\.[A-Za-z0-9_\-]{6}\.[A-Za-z0-9_\-]{27,40}(?![A-Za-z0-9_\-])",
          check="letters"),
    _rule("telegram-bot-token", r"[0-9]{8,10}:AA[0-9A-Za-z_\-]{33}", keyword=":AA"),
    _rule("stripe-key", r"sk_(?:live|test|prod)_[0-9A-Za-z]{10,}", bounded=False),
    _rule("stripe-key", r"rk_(?:live|test|prod)_[0-9A-Za-z]{10,}", bounded=False),
    _rule("stripe-key", r"whsec_[0-9A-Za-z+/=]{20,}", bounded=False),
    _rule("square-token", r"sq0(?:atp|csp)-[0-9A-Za-z_\-]{22,}", bounded=False),
    _rule("twilio-key", r"SK[0-9a-fA-F]{32}(?![0-9a-fA-F])"),
    _rule("sendgrid-key", r"SG\.[A-Za-z0-9_\-]{16,}\.[A-Za-z0-9_\-]{16,}", bounded=False),
    _rule("mailgun-key", r"key-[a-f0-9]{32}(?![a-f0-9])"),
    # AI providers
    _rule("anthropic-key", r"sk-ant-[A-Za-z0-9_\-]{20,}", bounded=False),
    _rule("openai-key",
          r"sk-(?:(?:proj|svcacct|admin|None)-[A-Za-z0-9_\-]{20,}|[A-Za-z0-9]{32,}(?![A-Za-z0-9_\-]))"),
    _rule("huggingface-token", r"hf_([A-Za-z0-9]{30,})(?![A-Za-z0-9_])", check="letters"),
    _rule("huggingface-token", r"api_org_([A-Za-z0-9]{30,})(?![A-Za-z0-9_])", check="letters"),
    # Other services that hand out prefixed tokens
    _rule("shopify-token", r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}", bounded=False),
    _rule("linear-key", r"lin_api_[A-Za-z0-9]{40}", bounded=False),
    _rule("postman-key", r"PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}", bounded=False),
    _rule("pulumi-token", r"pul-[a-f0-9]{40}"),
    _rule("sentry-token", r"sntry[su]_[A-Za-z0-9+/=_]{40,}", bounded=False),
    _rule("grafana-token", r"glc_[A-Za-z0-9+/]{32,}={0,2}", bounded=False),
    _rule("grafana-token", r"glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}", bounded=False),
    _rule("grafana-token", r"eyJrIjoi[A-Za-z0-9]{40,}={0,2}", bounded=False),
    _rule("notion-token", r"ntn_[0-9]{11}[A-Za-z0-9]{35}"),
    _rule("notion-token", r"secret_[A-Za-z0-9]{43}(?![A-Za-z0-9])"),
    _rule("age-secret-key", r"AGE-SECRET-KEY-1[0-9A-Z]{58}", bounded=False),
    # a signing key named `<name>-<n>:` (Nix's binary caches): an ed25519 secret key is 64
    # bytes, 88 characters of base64; the 44-character public key beside it stays
    _rule("named-signing-key",
          r"-\d{1,4}:([A-Za-z0-9+/]{86}(?:[A-Za-z0-9+/]{2}|==)?)(?![A-Za-z0-9+/=])", 1,
          bounded=False),
    _rule("openrouter-key", r"sk-or-v1-[a-f0-9]{64}", bounded=False),
    _rule("groq-key", r"gsk_[A-Za-z0-9]{48,}", bounded=False),
    _rule("replicate-token", r"r8_[A-Za-z0-9]{37}(?![A-Za-z0-9])"),
    _rule("doppler-token", r"dp\.(?:st|ct|sa|scim|audit|pt)\.[A-Za-z0-9_\-.]{40,}"),
    _rule("figma-token", r"fig[dhu]_[A-Za-z0-9_\-]{38,}", bounded=False),
    _rule("tailscale-key",
          r"tskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{6,}-[A-Za-z0-9]{20,}"),
    _rule("1password-token", r"ops_eyJ[A-Za-z0-9+/_\-]{40,}={0,2}"),
    # Generic shapes
    _rule("jwt", r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-+/=]*",
          bounded=False),
    _rule("password-hash", r"\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}", bounded=False),
    # crypt(3) hashes of .htpasswd and shadow files: Apache's MD5, MD5, SHA-256 and SHA-512
    # crypt, yescrypt; and argon2's encoded form.  An offline guess away from the password.
    _rule("password-hash", r"\$apr1\$[./A-Za-z0-9]{1,8}\$[./A-Za-z0-9]{22}", bounded=False),
    _rule("password-hash", r"\$1\$[./A-Za-z0-9]{1,8}\$[./A-Za-z0-9]{22}", bounded=False),
    _rule("password-hash",
          r"\$[56]\$(?:rounds=\d{1,9}\$)?[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{43,86}",
          bounded=False),
    _rule("password-hash", r"\$y\$[./A-Za-z0-9]{1,40}\$[./A-Za-z0-9]{1,86}\$[./A-Za-z0-9]{43}",
          bounded=False),
    _rule("password-hash", r"\{S?SHA(?:256|512)?\}[A-Za-z0-9+/]{27,}={0,2}", bounded=False),
    _rule("password-hash",
          r"pbkdf2_sha(?:1|256|512)\$\d{1,9}\$[A-Za-z0-9./]{4,}\$[A-Za-z0-9+/]{20,}={0,2}",
          bounded=False),
    _rule("password-hash", r"\$pbkdf2(?:-sha(?:1|256|512))?\$\d{1,9}\$[./A-Za-z0-9+]{4,}"
          r"\$[./A-Za-z0-9+]{20,}", bounded=False),
    _rule("password-hash", r"\$argon2(?:id|i|d)\$v=\d{1,3}\$m=\d{1,9},t=\d{1,9},p=\d{1,3}"
          r"\$[A-Za-z0-9+/]{8,}\$[A-Za-z0-9+/]{16,}", bounded=False),
)


# -- tokens of any vendor: a short prefix, a long random body ------------------------------

# Most services now hand out tokens as a short lower-case prefix, a separator and a long
# random body (gsk_, r8_, figd_, sk-or-v1-, and those no rule here names yet); the body may
# come in segments, some upper case (tskey-auth-k...CNTRL-...), or in base64 (ops_eyJ...).
# One expression finds a "_" or "-" followed by 30 letters, digits, "+" or "/" (a pass
# without a literal, but it fails within a few characters on ordinary words; "." would
# make it try every attribute access in code, so dotted prefixes such as Doppler's dp.st.
# need their vendor's rule); the token's start, its prefix and the body's randomness are
# then checked in Python on the few runs it finds.
_LONG_RUN = lazy_regex(r"[_\-][A-Za-z0-9+/]{20}")
_PREFIX_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_-.")
_BODY_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_B64_CHARS = _BODY_CHARS | frozenset("+/=")
_WALK = _BODY_CHARS | frozenset(".")
_SEPARATORS = "_-."
# A token stands as a word of its own: after a blank, a quote, an operator or a bracket.
_BEFORE_TOKEN = frozenset(" \t\n\r\"'`=:([{,<>+*|")
_HASH_NAMES = ("md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3", "blake2b",
               "blake2s", "blake3", "crc32", "xxh64", "xxh3", "murmur3")
MIN_BODY = 30  # Stripe's object ids (pi_ and 24 characters) are ids, not secrets
# An upper-case prefix (NRAK-, the shape of a vendor's product code) is no id's: a shorter
# body will do, when it mixes letters and digits (New Relic's keys have 27).
MIN_UPPER_BODY = 20
_MAX_UPPER_PREFIX = 10
MIN_HEX_BODY = 48  # longer than a git sha; hex after a prefix is a key (sk-or-v1-...)
_MAX_PREFIX = 16
_REACH = 64  # how far before the run its token may start


def prefixed_tokens(text: str, looks_random: Callable[[str], bool],
                    unspoken: Callable[[str], bool]) -> Iterator[tuple[int, int]]:
    """(start, end) of each token made of a prefix (a lower-case letter first, at most 16
    characters of lower-case letters, digits and separators, ending in ``_``, ``-`` or
    ``.``) and a random body of :data:`MIN_BODY` characters or more; or of an upper-case
    prefix and a body of :data:`MIN_UPPER_BODY` (``looks_random`` judges a body;
    ``unspoken``, a body of capitals alone: random, not words)."""
    done = 0
    for m in _LONG_RUN.finditer(text):
        sep = m.start()
        if sep < done:
            continue
        start = sep
        while start > 0 and sep - start < _REACH and text[start - 1] in _WALK:
            start -= 1
        if start == sep or (start and text[start - 1] not in _BEFORE_TOKEN):
            continue
        if not text[start].islower():
            found = _upper_prefixed(text, start, sep, looks_random, unspoken)
            if found:
                done = found[1]
                yield found
            continue
        head = start
        while head < len(text) and head - start <= _MAX_PREFIX and text[head] in _PREFIX_CHARS:
            head += 1
        cut = max(text.rfind(c, start, head) for c in _SEPARATORS)
        if cut <= start:
            continue
        end = m.end()
        run = text[sep + 1:sep + 1 + MIN_BODY]  # the base64 alphabet if its first stretch has it
        alphabet = _B64_CHARS if "+" in run or "/" in run else _BODY_CHARS
        while end < len(text) and text[end] in alphabet:
            end += 1
        prefix, body = text[start:cut + 1], text[cut + 1:end]
        if prefix.rstrip("_-.").startswith(_HASH_NAMES):
            continue
        hex_body = all(c in "0123456789abcdef" for c in body)
        # hex after an underscore prefix is a key (SonarQube's squ_ + 40, shippo_live_ +
        # 40): a sha is named with a word or written bare, never glued to a vendor's mark
        # by "_"; a prefix that names an id or a hash (``commit_``, ``sha_``) stays
        least = 32 if prefix.endswith("_") and not prefix.lower().startswith(_ID_NAMES) and \
            not any(part.startswith(_ID_NAMES) for part in prefix.lower().split("_")[1:]
                    ) else MIN_HEX_BODY
        if prefix.endswith(("_", "-")) and vendor_mark(prefix[:-1]):
            least = MIN_MARKED_HEX  # chpt_ + 30: a vendor's mark, no name's word
        if (len(body) >= least if hex_body else (
                len(body) >= MIN_BODY and looks_random(body))):
            done = end
            yield start, end


# Hex behind a vendor's mark (issue 31, the seventeenth sealed part: LocationIQ's ``pk.`` +
# 32, Chromatic's ``chpt_`` + 30): a prefix of two to five letters no one can say (no vowel:
# an abbreviation a vendor stamps on its keys, ``pk``, ``sk``, ``chpt``, ``NRK``), glued by
# ``_``, ``-`` or ``.``, then 24 hex digits or more (96 bits), is a key whatever the vendor;
# a name's prefix is a word one says (``user_``, ``order_``), ids and hashes are named
# (``tx_``, ``sha_``), and a group of hex before more hex is the number's own.
MIN_MARKED_HEX = 24
_VOWELS = frozenset("aeiouy")


def vendor_mark(prefix: str) -> bool:
    """Whether ``prefix`` is a vendor's mark: two to five letters of one case (digits after
    the first), none a vowel, naming no id or hash."""
    low = prefix.lower()
    return 2 <= len(prefix) <= 5 and prefix[0].isalpha() and prefix.isalnum() and \
        prefix.isascii() and (prefix == low or prefix.isupper()) and \
        not _VOWELS.intersection(low) and not low.startswith(_ID_NAMES + _MARK_IDS) and \
        low.strip("0123456789abcdef") != ""  # a group of hex is more of the number


_MARK_IDS = ("tx", "blk", "msg", "evt", "tmp")


# A dotted prefix (Dropbox's sl., Vault's hvs.): a "." then 40 characters of a token's
# alphabet, rare in code, where an attribute's name is a word.
_DOTTED_RUN = lazy_regex(r"\.[A-Za-z0-9_\-]{24}")
_MAX_DOTTED_PREFIX = 8
# Prefixes that name an id or a hash, not a vendor's key (`sha_<hex>`, `id_<hex>`).
_ID_NAMES = ("sha", "md", "git", "rev", "ref", "id", "hash", "oid", "obj", "blob", "tree", "h_",
             "commit", "build", "cache", "digest", "checksum", "version", "snapshot", "etag")
# A bare token of lower-case letters and digits, long (NuGet's oy2 + 43): no word is.
_LOWER_RUN = lazy_regex(r"[a-z0-9]{40,}\Z")


def bare_tokens(text: str, runs: list[tuple[int, int]],
                entropy: Callable[[str], float]) -> Iterator[tuple[int, int]]:
    """(start, end) of each run of 40 or more lower-case letters and digits, digits spread
    through it and random (hex, a git sha, is not one; nor a word run together), standing
    alone: ``runs`` are :func:`long_runs`."""
    for start, end in runs:
        if end - start < 40 or not _LOWER_RUN.match(text, start, end):
            continue
        before, after = text[start - 1:start], text[end:end + 1]
        if (before and (before.isalnum() or before in "_-./")) or (
                after and (after.isalnum() or after in "_-")):
            continue
        value = text[start:end]
        if sum(c.isdigit() for c in value) >= 4 and not all(
                c in "0123456789abcdef" for c in value) and entropy(value) >= 4.2 and \
                "abcdefgh" not in value and "01234567" not in value:
            yield start, end


# A bare token of any letters, digits and "-" or "_" (a vendor's prefix glued by a separator
# to a body with separators of its own: CFPAT-JUO594-ET2SL9...): no run of 20 without a
# separator shows it to the prefixed rule, so the whole run is judged.  It stands alone:
# not inside a path, a dotted name or base64 (whose "+" and "/" split it into such runs).
_BARE_MIXED = lazy_regex(r"[A-Za-z0-9][A-Za-z0-9_\-]{15,}")
_NOT_BEFORE_BARE = frozenset("./+\\$%@#&~;-_")
_NOT_AFTER_BARE = frozenset("/+\\.(")
_SENTENCE_END = ("", " ", "\n", "\t", "`", "'", '"', ")")


def long_runs(text: str) -> list[tuple[int, int]]:
    """(start, end) of each run of 16 or more letters, digits, ``-`` and ``_`` (one pass for
    :func:`bare_tokens` and :func:`mixed_tokens`; ``judging.random_token`` asks more of a
    run shorter than 32)."""
    return [m.span() for m in _BARE_MIXED.finditer(text)]


def mixed_tokens(text: str, runs: list[tuple[int, int]],
                 judge: Callable[[str], bool]) -> Iterator[tuple[int, int]]:
    """(start, end) of each of ``runs`` (:func:`long_runs`) that stands alone and that
    ``judge`` holds random (upper and lower case and digits, no words)."""
    for start, end in runs:
        if start and (text[start - 1] in _NOT_BEFORE_BARE or text[start - 1].isalnum()):
            continue  # inside a word of any script, a path, a name or an entity (&#103;)
        after = text[end:end + 1]
        if after and after in _NOT_AFTER_BARE and (
                after != "." or text[end + 1:end + 2] not in _SENTENCE_END):
            continue  # a path, a file, a call, a dotted name, base64: not a sentence's end
        value = text[start:end]
        if end - start < _LONG_RUN_MIN and not _stands_alone(text, start, end):
            continue
        if value.lower().startswith(_HASH_NAMES) or _camel_words(value) or not judge(value):
            continue
        yield start, end


_LONG_RUN_MIN = 32
_OPENERS = frozenset(" \t\"'`([<=:")
_CLOSERS = frozenset(" \t\n\r\"'`)]>,;:.!?")


def _stands_alone(text: str, start: int, end: int) -> bool:
    """A run shorter than :data:`_LONG_RUN_MIN` stands as a word of its own: after a blank,
    a quote or a bracket (not after emphasis or an invisible character, which cut a longer
    token a reader joins, nor at the start of a line that continues a word broken at the
    line's end), before a blank or punctuation."""
    before = text[start - 1:start]
    if before == "\n":
        tail = text[max(0, start - 2):start - 1]
        if tail and (tail.isalnum() or tail in "_-"):
            return False  # the rest of a token wrapped at the end of the line before
    elif before and before not in _OPENERS:
        return False
    after = text[end:end + 1]
    return not after or after in _CLOSERS


def dotted_tokens(text: str, looks_random: Callable[[str], bool]) -> Iterator[tuple[int, int]]:
    """(start, end) of each token made of a short prefix of one case, a ``.`` and a random
    body of 40 characters or more (``sl.B...``), in one part or several (``dt0c01.<24>.<64>``;
    issue 31, the twentieth sealed part: The Things Stack's ``NNSXS.<39>.<52>``, capitals
    and digits after a prefix of capitals)."""
    for m in _DOTTED_RUN.finditer(text):
        dot = m.start()
        start = _dotted_prefix(text, dot, str.islower)
        capitals = start == dot
        if capitals:
            dot = _first_part(text, dot)
            start = _dotted_prefix(text, dot, str.isupper)
            if dot - start < 2:
                continue  # one capital before a dot is an initial or a class (R.string)
        if dot == start or (start and text[start - 1] not in _BEFORE_TOKEN):
            continue
        end = m.end()
        while end < len(text) and (text[end] in _BODY_CHARS or (
                text[end] == "." and text[end + 1:end + 2].isalnum())):
            end += 1  # its further parts too (dt0c01.<24>.<64>)
        body = text[dot + 1:end]
        if not body.isupper() and _camel_words(body):
            continue  # a member's name after an object's (x.WhenIGetTheNextHostAndPort);
            # capitals and digits alone are a key's (base32), whatever their runs
        if capitals:
            # after capitals, only letters and digits in random parts: a schema's
            # DB.SOME_TABLE_2024 and a version's V2.2024... are names and numbers
            if body.replace(".", "").isalnum() and looks_random(body.replace(".", "")):
                yield start, end
            continue
        if looks_random(body.replace(".", "")) or (
                len(body) >= MIN_MARKED_HEX and vendor_mark(text[start:dot])
                and all(c in "0123456789abcdefABCDEF" for c in body)
                and (body.islower() or body.isupper() or body.isdigit())):
            yield start, end


_MIN_PART = 8  # an earlier part of a token behind capitals, longer than a prefix
_MAX_PART = 64


def _first_part(text: str, dot: int) -> int:
    """The ``.`` after a token's prefix of capitals, when the one at ``dot`` follows an
    earlier part of it, capitals and digits shorter than the run the search starts on
    (``GWK.<16>.<30>``)."""
    while True:
        start = dot
        while start > 0 and dot - start <= _MAX_PART and (
                text[start - 1].isupper() or text[start - 1].isdigit()):
            start -= 1
        if dot - start < _MIN_PART or start < 2 or text[start - 1] != ".":
            return dot
        dot = start - 1


def _dotted_prefix(text: str, dot: int, letter_case: Callable[[str], bool]) -> int:
    """Where the prefix before the ``.`` at ``dot`` starts: letters of ``letter_case`` and
    digits, at most :data:`_MAX_DOTTED_PREFIX`, a letter first (Dynatrace's dt0c01.)."""
    start = dot
    while start > 0 and dot - start < _MAX_DOTTED_PREFIX and (
            letter_case(text[start - 1]) or text[start - 1].isdigit()):
        start -= 1
    while start < dot and text[start].isdigit():
        start += 1
    return start


def _upper_prefixed(text: str, start: int, sep: int, looks_random: Callable[[str], bool],
                    unspoken: Callable[[str], bool]) -> tuple[int, int] | None:
    """(start, end) of a token whose prefix is upper-case letters and digits (a letter
    first) and whose body, after the ``-`` or ``_`` at ``sep``, is random letters and
    digits, mixed: ``NRAK-7QZ1...``.  Upper-case constants (``DEFAULT_TIMEOUT_...``) are
    words, hashes are hex or named (``SHA256-``), ids are UUIDs."""
    prefix = text[start:sep]
    if not 2 <= len(prefix) <= _MAX_UPPER_PREFIX or not prefix[0].isupper() or \
            any(not (c.isupper() or c.isdigit()) for c in prefix) or \
            prefix.lower().startswith(_HASH_NAMES):
        return None
    end = sep + 1
    while end < len(text) and text[end] in _BODY_CHARS:
        end += 1
    body = text[sep + 1:end]
    if len(body) < MIN_UPPER_BODY or not any(c.isalpha() for c in body):
        return None
    if all(c in "0123456789abcdefABCDEF-" for c in body):
        least = MIN_MARKED_HEX if vendor_mark(prefix) and "-" not in body else MIN_HEX_BODY
        return (start, end) if len(body) >= least else None
    if _camel_words(body):
        return None  # PPMD_SetAllBitsIn256Bytes: a name in the prefix's namespace
    if looks_random(body) or (body.isalnum() and body.isupper() and unspoken(body)):
        return start, end  # random letters and digits, or random capitals (base32's)
    return None


# A word, "~" and a random body (an OpenShift token's sha256~, Azure's client secrets):
# no hash names its digest with a tilde (integrity strings use "-", image digests ":"), so
# after a tilde a long random body is a token whatever the word before it says.
_TILDE = lazy_regex(r"~[A-Za-z0-9_\-]{30,}")
_WORD_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")


def tilde_tokens(text: str, looks_random: Callable[[str], bool]) -> Iterator[tuple[int, int]]:
    """(start, end) of each token made of a word, ``~`` and a random body of
    :data:`MIN_BODY` characters or more (``sha256~...``)."""
    for m in _TILDE.finditer(text):
        start = m.start()
        while start > 0 and m.start() - start < 16 and text[start - 1] in _WORD_CHARS:
            start -= 1
        if m.start() - start < 2 or not text[start].isalpha() or (
                start and text[start - 1] not in _BEFORE_TOKEN):
            continue
        if looks_random(m.group()[1:]):
            yield start, m.end()


# Base64 standing as a word, long enough to be a key (32 bytes are 44 characters): a key
# exported and pasted into prose (git-crypt's, a KMS data key).  Runs without "+" or "/"
# are :func:`mixed_tokens`'; this finds those base64's own letters cut into pieces.
# Two expressions that open with a literal: searched for fast, where "[+/]" would be
# tried at every position.
_B64_SEEDS = (lazy_regex(r"/[A-Za-z0-9+/]{20}"), lazy_regex(r"\+[A-Za-z0-9+/]{20}"))
_B64_RUN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
MIN_B64 = 40
# In prose: after a blank, a backtick or a bracket.  A quoted string, a "key: value" and
# a "name=value" are the assignment rules' to judge by their name (a test's fixture,
# Travis' encrypted "secure:" values).
_BEFORE_B64 = frozenset(" \t\n\r`(>")
_AFTER_B64 = frozenset(" \t\n\r\"'`),;<.")
# What names a checksum or an inline file, not a key: go.sum's h1:, integrity's sha512-,
# a data URI's ;base64,.
_DIGEST_WORDS = ("h1", "integrity", "checksum", "digest", "hash", "fingerprint", "base64",
                 "sri", *_HASH_NAMES)


def base64_blobs(text: str, random_bytes: Callable[[str], bool]) -> Iterator[tuple[int, int]]:
    """(start, end) of each run of :data:`MIN_B64` or more base64 characters with a ``+``
    or ``/`` (and its ``=`` padding) that stands as a word, is not a PEM body's line nor
    named a checksum, and that ``random_bytes`` holds random (not text, not a path)."""
    done = 0
    seeds = sorted(m.start() for seed in _B64_SEEDS for m in seed.finditer(text))
    for seed_at in seeds:
        if seed_at < done:
            continue
        start = seed_at
        while start > 0 and text[start - 1] in _B64_RUN:
            start -= 1
        end = seed_at + 21
        while end < len(text) and text[end] in _B64_RUN:
            end += 1
        body_end = end
        while end < len(text) and text[end] == "=" and end - body_end < 2:
            end += 1
        done = end
        if body_end - start < MIN_B64 or (start and text[start - 1] not in _BEFORE_B64) or (
                end < len(text) and text[end] not in _AFTER_B64) or text[start] == "/" or (
                text[end:end + 1] == "." and text[end + 1:end + 2].strip()):
            continue  # a path, or a file's name (<hash>.erb), not a sentence's end
        if _whole_line(text, start, end) or _named_digest(text, start) or _assigned(text, start):
            continue
        if random_bytes(text[start:body_end]):
            yield start, end


def _whole_line(text: str, start: int, end: int) -> bool:
    """A line that is all base64 (a PEM body, a certificate): a key's lines are the
    key-material rule's, a certificate's are public."""
    line = text.rfind("\n", 0, start) + 1
    if text[line:start].strip(" \t+-"):
        return False
    after = text.find("\n", end)
    return not text[end:len(text) if after == -1 else after].strip()


def _assigned(text: str, start: int) -> bool:
    """The run is a value after ``name:`` or ``name =``: the assignment rules judge it by
    its name (Travis' encrypted ``secure:`` values are public)."""
    pos = start
    while pos > 0 and text[pos - 1] in " \t":
        pos -= 1
    return pos < start and text[pos - 1:pos] in (":", "=")


def _named_digest(text: str, start: int) -> bool:
    """The words just before the run name a checksum or an inline file."""
    before = text[max(0, start - 24):start].lower()
    words = re.findall(r"[a-z0-9]+", before)
    return bool(words) and words[-1].startswith(_DIGEST_WORDS)


_LETTER_RUNS = lazy_regex(r"[A-Z]?[a-z]+|[A-Z]+")


def _camel_words(body: str) -> bool:
    """Words run together (``SetAllBitsIn256Bytes``): runs of letters three long on
    average; a random body's letters change case every character or two."""
    runs = _LETTER_RUNS.findall(body)
    return len(runs) >= 2 and sum(map(len, runs)) >= 3 * len(runs)

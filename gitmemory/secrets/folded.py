"""Secrets that only show once the text is folded (docs/security.md, "Secrets").

A token split by a zero-width space or a soft hyphen, or typed in full-width
letters (``ｇｈｐ＿...``), matches no rule in the raw text.  But every reader
folds it back: neutralisation (NFKC, invisible characters dropped) turns it
into a working token in ``CLAUDE.md``, and a model reads straight through it.
So text that is shown or sent is judged as it will be read:

- :func:`as_read` is the text as read (:mod:`gitmemory.secrets.reading`): percent
  escapes and character references decoded, NFKC per character, format, control and
  other invisible characters dropped (a superset of what
  :func:`gitmemory.injection.neutralize.one_line` drops; a test holds the two
  together), look-alike letters in words that mix them with ASCII read as ASCII, line
  breaks and other whitespace kept, so line numbers hold;
- :func:`scan_as_read` finds what the raw text or its folded form holds (the pre-push
  scan), by line and rule;
- :func:`redact_as_read` hides it in the raw text: a secret found only once folded is
  replaced whole, invisible characters and all, by ``[REDACTED:<rule>]``.

Text that is printable ASCII with no escape folds to itself and costs one ``redact``.

:func:`shown` is for the checkout hook, which may not load ``re`` (docs/design.md,
"The hot path"): it redacts only a line that folding changes or that holds a
mark of some rule (a token prefix, a word such as "password" or "key", a long
run of mixed letters and digits), and returns any other line as it is,
without loading the rules.  A test holds the marks to every case of the
redaction corpus.
"""

from __future__ import annotations

from gitmemory.secrets import reading

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.secrets.redact import Finding

_MAX_PASSES = 3
_plain = reading.plain


def as_read(text: str) -> str:
    """``text`` as a reader sees it (see the module docstring)."""
    return reading.read(text)


def scan_as_read(text: str) -> list[Finding]:
    """Findings in ``text`` or in its folded form, by the raw text's line numbers."""
    from gitmemory.secrets import redact as raw

    found = raw.scan(text)
    if _plain(text):
        return found
    read = reading.read(text)
    if read == text:
        return found
    seen = {(f.line, f.rule) for f in found}
    return found + [f for f in raw.scan(read) if (f.line, f.rule) not in seen]


def redact_as_read(text: str) -> tuple[str, list[Finding]]:
    """``text`` with every secret hidden, those the folded form shows included."""
    from gitmemory.secrets import redact as raw

    done, findings = raw.redact(text)
    for _ in range(_MAX_PASSES):
        if _plain(done):
            break
        read, origin = reading.reading(done)
        if read == done:
            break
        more = raw.scan(read)
        if not more:
            break
        done = _replace_folded(done, origin, more)
        findings = findings + more
    return done, findings


def _replace_folded(text: str, origin: list[int], found: list[Finding]) -> str:
    """Replace, in ``text``, the characters each finding of its folded form came from."""
    from gitmemory.secrets.redact import PLACEHOLDER

    out, pos = [], 0
    for f in found:
        start, end = reading.raw_span(origin, f.start, f.end)
        if start < pos:
            continue
        out += [text[pos:start], "\n" * text.count("\n", start, end),
                PLACEHOLDER.format(f.rule)]
        pos = end
    out.append(text[pos:])
    return "".join(out)


# Case-sensitive starts of token formats, and lower-case words of the rules that judge
# what surrounds a value (assignments, URLs, headers, prose in every language covered).
_PREFIXES = ("AKIA", "ASIA", "ABIA", "ACCA", "A3T", "AIza", "GOCSPX-", "ya29.", "1//0",
             "AccountKey", "SharedAccessKey", "sig=", "Q~", "_v1_", "HRKU-", "fo1_", "fm1",
             "fm2", "hvs.", "hvb.", "hvr.", "atlasv1", "dapi", "pscale_", "sbp_", "gh", "gl",
             "GR1348941", "npm_", "pypi-", "rubygems_", "dckr_pat_", "ATATT3", "xox", "xapp-",
             "hooks.slack.com", "/api/webhooks/", ":AA", "_live_", "_test_", "_prod_",
             "whsec_", "sq0", "SK", "SG.", "key-", "sk-", "hf_", "api_org_", "shp", "lin_api_",
             "PMAK-", "pul-", "sntry", "eyJ", "ntn_", "secret_", "AGE-SECRET-KEY-", "$2",
             "PRIVATE KEY", "PuTTY", "b3BlbnNzaC1rZXktdjE", "tskey-", "ops_", "$apr1$", "$1$",
             "$5$", "$6$", "$y$", "$argon2", "BEGIN ", "/p:", "/P:")
_WORDS = ("pass", "pwd", "secret", "token", "key", "auth", "cred", "bearer", "salt", "seed",
          "session", "cookie", "signature", "sig", "hmac", "nonce", "dsn", "otp", "pin",
          "://", "-p", "-u ", "--user", "env ", "arg ", "login", "machine", "wort", "woord",
          "mot de passe", "contrase", "clave", "senha", "parola", "haslo", "heslo", "nord",
          "passord", "adgangskode", "salasana", "sifre", "rabbitmqctl", "mc alias",
          "mc config", "wpa_", "net user", "mosquitto", "mysqladmin", "kty", "aqab", "crv",
          "lozinka", "geslo", "jelsz", "slapta", "parole", "parool", "salas", "lykilor",
          "nenosiri", "jeton", "chiave", "llave", "chave", "klucz", "anahtar", "sleutel",
          "nyckel", "avain", "sandi", "laluan", "openssl", "sqlplus", "rman ", "expdp", "impdp",
          "sqlldr",
          "stdin", "sudo", "chpasswd", "setx", "set -", "{sha", "securestring", "identified",
          "{ssha", "pbkdf2", "useradd", "usermod", "security ", "snmp", "psk", "community",
          "<<<", "send", "\\\\", "//", "echo", "printf", "kinit", "cryptsetup",
          "unlock", "signin", "basic", "connect", "bind", "sign", "log in", "log-in",
          "cyfrinair", "pasahitza", "contrasinal", "fjal", "pasvorto", "passwuert",
          "iphasiwedi", "sirri", "sirta", "sandhi", "pasfhocal", "tenimiafina", "geheim",
          "pragma", "\\x", "\\u0")
# A word this long with a letter and a digit may be a token of no known format, and so may
# one after an upper-case prefix (NRAK-...).
_RUN = 20
# A shorter word of capitals, small letters and digits may be a password that its place
# alone tells (admin/Hv7kQ2xN..., "X is the password for staging").
_SCRAMBLED = 8
_GROUPED = 14  # three groups of four and their two dashes
_BYTES = 15  # the commas between a 16-byte key's numbers


def may_hide(text: str) -> bool:
    """Whether :func:`redact_as_read` could change ``text`` (a cheap screen: never False when it
    could, often True when it cannot).  No ``re``, no rule loaded."""
    if not _plain(text) or any(prefix in text for prefix in _PREFIXES):
        return True
    lowered = text.lower()
    if any(word in lowered for word in _WORDS):
        return True
    return any(_marked(word) for word in text.split())


def _marked(word: str) -> bool:
    """A long word with a letter and a digit, a shorter one of capitals, small letters and
    digits, a long one after an upper-case prefix, a long one of both cases (random
    letters behind a vendor's prefix, ``aio_qoiHzx...``), a code in groups, or a list of
    sixteen numbers or more (a key's bytes)."""
    if len(word) < _SCRAMBLED:
        return False
    if word.count(",") >= _BYTES and not word.strip("+-[](){},0123456789"):
        return True  # a key's bytes as numbers ([174,47,...], a Solana keypair file)
    if word.count("-") >= 2 and len(word) >= _GROUPED and any(c.isdigit() for c in word) and \
            any(c.isalpha() for c in word):
        return True  # a code in groups (XXXX-XXXX-XXXX), each shorter than a run
    if any(c.isdigit() for c in word) and (
            (len(word) >= _RUN and any(c.isalpha() for c in word))
            or (any(c.isupper() for c in word) and any(c.islower() for c in word))):
        return True
    return len(word) >= _RUN and ((word[:2].isupper() and ("-" in word or "_" in word)) or (
        any(c.isupper() for c in word) and any(c.islower() for c in word)))


def redacted_as_read(text: str) -> str:
    """``text`` redacted as it will be read, when :func:`may_hide` says it could need it."""
    return redact_as_read(text)[0] if may_hide(text) else text

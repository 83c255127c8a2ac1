"""The vocabulary :mod:`gitmemory.secrets.judging` judges names and values with.

Names are split into lower-case words first (``secretAccessKey`` -> ``secret``,
``access``, ``key``) and compared with these sets.
"""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


PASSWORD_PARTS = frozenset({"pass", "passwd", "password", "passphrase", "passcode", "pwd", "pw",
                            "psk"})
PASSWORD_ENDINGS = ("password", "passwd", "passphrase", "passcode")
# "pass", "pw", "pwd" and "psk" (a Wi-Fi or VPN pre-shared key) count only as the last word:
# DB_PASS, but not pass_zero or pwd_dir.
PASSWORD_WORDS = frozenset({"passwd", "password", "passphrase", "passcode"})
# One word ending in "pass" or "pwd" names a password when what comes before says whose
# (keytool's storepass and srckeypass, dbpass, rootpwd), and openssl's passin and passout;
# minipass, bypass, compass and spwd are other things.
PASS_HEADS = frozenset({
    "store", "key", "srcstore", "deststore", "srckey", "destkey", "truststore", "db", "root",
    "admin", "user", "master", "sudo", "login", "new", "old", "bind", "ldap", "smtp", "mail",
    "ftp", "proxy", "redis", "mysql", "pg", "postgres", "sql", "vnc", "wifi", "keystore",
    "cert", "p12", "pfx", "jks", "app", "service", "svc", "api", "web", "ssh", "auth",
    "require",  # Redis's requirepass
})
PASS_WORDS = frozenset({"passin", "passout"})
SECRET_PARTS = frozenset({"secret", "token", "credential", "credentials", "creds", "cred",
                          "bearer", "apikey", "privkey", "sas"})
# The last word of a name that holds a shared secret under another word: SNMP's community
# (snmp_community, rocommunity).  Only last: community_guidelines is something else.
SECRET_LAST_ENDINGS = ("community",)
SECRET_ENDINGS = ("secret", "token", "apikey", "privatekey", "accesskey", "secretkey",
                  "credential", "credentials")
KEY_QUALIFIERS = frozenset({
    "api", "access", "secret", "private", "priv", "signing", "sign", "encryption", "encrypt",
    "enc", "master", "auth", "client", "consumer", "app", "application", "account", "storage",
    "shared", "webhook", "license", "licence", "service", "session", "jwt", "hmac", "ssh", "gpg",
    "pgp", "deploy", "admin", "root", "subscription", "primary", "secondary", "partner",
    "merchant", "write", "ingest", "ingestion", "server", "sdk", "bot", "cookie", "crypto", "aes",
    "rsa", "mac", "otp", "totp", "recovery", "backup", "vault", "kms", "dev", "prod", "live",
    "integration",  # an incident tool's (PagerDuty, Zenduty, Opsgenie): what lets one page
    # what lets a machine join a network or a service (Netbird's and Headscale's setup and
    # pre-auth keys, an enrolment or registration key, an invitation's)
    "setup", "preauth", "join", "enroll", "enrollment", "enrolment", "registration",
    "invite", "invitation", "bootstrap", "activation",
    "paper",  # Keybase's paper key: a device's key printed as words, to log in with
})
# A session's identifier under the name a web stack gives its cookie lets its holder in as
# the one who signed in, as a token does: Java's ``;jsessionid=``, PHP's ``PHPSESSID``,
# ASP's.  (``session_id`` ends in a neutral word: code passes ids under it.)
SESSION_COOKIES = frozenset({"jsessionid", "phpsessid", "aspsessionid", "sessionid"})
PUBLIC = frozenset({"public", "pub", "publishable"})
# What a key indexes, when the word before "key" says so: an index, not a credential.
# ("routing" is none: a message broker's routing key is words, which no key's shape
# matches, and PagerDuty's Events API calls its integration key routing_key)
LOOKUP_KEYS = frozenset({
    "cache", "sort", "partition", "foreign", "idempotency", "dedup", "dedupe", "lookup",
    "map", "hash", "row", "index", "shard", "object", "group", "range", "join",
    "search", "composite", "unique", "natural", "surrogate", "dict", "hotkey", "short",
    "cursor", "etag", "content", "file", "message", "order", "cluster", "distribution",
})
# Words before "key" that say whose key it is, an account's or an app's, so that forty hex
# digits after it are the key's material, not a signing key's fingerprint (issue 31, the
# eighteenth sealed part: Datadog's "application key <40 hex>").
# An app's words say so of a UUID too ("admin key <uuid>"); an owner's may name its id.
APP_KEYS = frozenset({"app", "application", "admin", "client", "ingest", "integration",
                      "service", "server", "write", "read", "rest", "management"})
ACCOUNT_KEYS = APP_KEYS | frozenset({"account", "project", "team", "org", "organization",
                                     "workspace", "user"})
# Words before "key" that make forty hex digits after it a key's fingerprint.
SIGNING_KEYS = frozenset({"signing", "gpg", "pgp", "gnupg", "openpgp", "ssh", "release",
                          "master", "sub", "subkey", "primary", "maintainer", "archive",
                          "repository", "repo", "deploy", "host", "root", "ca", "code"})
# "appid" too: an API that takes its key as the app's id (OpenWeather's ``appid=`` + 32 hex,
# issue 31's twenty-second sealed part); a number or a short id stays, as for "key".
WEAK_PARTS = frozenset({"key", "auth", "salt", "signature", "sig", "cookie", "session", "seed",
                        "hmac", "nonce", "dsn", "otp", "pin", "secrets", "tokens", "keys",
                        "passwords", "passwds", "authorization", "ticket", "appid"})
# A weak word glued to the word before it, as single-dash flags write names (Erlang's
# -setcookie, a -jointicket, an -appsalt): the name still says what the value is.
WEAK_ENDINGS = ("cookie", "salt", "ticket")
# What a secret's bytes are often written as hex under (issue 31, the thirteenth sealed
# part: Icinga's TicketSalt, ``--salt``, ``--ticket``): a MAC's key, a generator's seed,
# a salt, a session's cookie, a ticket, an access code.  A name ending in "key" is also
# given a key's fingerprint (a SHA-1's 40 digits); these are not.
HEX_MATERIAL = frozenset({"hmac", "seed", "salt", "cookie", "ticket", "session", "auth",
                          "code", "appid"})
# A code that lets its holder in, when the word before says so (SUSEConnect's --regcode,
# an activation or a pairing code); a status, an error, a country or a language code is
# none (the word "code" alone names nothing secret).
CODE_QUALIFIERS = frozenset({
    "reg", "registration", "activation", "license", "licence", "enrollment", "enrolment",
    "pairing", "join", "auth", "authorization", "access", "recovery", "backup", "unlock",
    "invite", "invitation", "verification", "secret", "security", "otp", "totp", "mfa",
})
NEUTRAL_LAST = _words("""
id ids name names file files filename filenames path paths dir dirs directory url urls uri uris
endpoint endpoints host hostname port len length size count type types kind ttl timeout expiry
expires expiration expire exp header headers field fields env var vars prefix suffix format fmt
policy min max limit sha digest algorithm alg algo mode label hint prompt regex pattern
validator rotation version index idx ref location provider manager class cls factory handler
at time date ms seconds secs days hours bits store source template placeholder example
description desc help doc message msg error err exception status state flag option opt param
column col table attr attribute property prop schema model scope scopes audience issuer user
sources providers kinds formats modes options params attrs
username login email owner usage cost budget enabled required fingerprint method methods
strategy backend module lib package cache timestamp created updated renewal mgr helper
callback cb fn func getter setter loader reader writer db service client chars alphabet
charset rounds iterations attempts retries tries hasher hashers validators validation strength
complexity rules input widget button form dialog box entry arn resource region bucket queue
topic zone tag tags node used last age expired changed pos position offset start end line span
alias aliases number num no nr terminator separator delimiter sep rx
""")
NEGATING_FIRST = frozenset({
    "is", "has", "use", "uses", "enable", "disable", "show", "hide", "require", "requires",
    "allow", "no", "num", "max", "min", "should", "can", "needs", "need", "validate", "check",
    "verify", "get", "set", "reset", "forgot", "forget", "change", "count", "total", "n",
    "have", "with", "without", "struct",
})
NULLISH = _words("""
none null nil undefined true false yes no on off str string bytes int integer bool boolean any
object optional required secretstr secretbytes char list dict map array void unknown float
double number
lambda function fn new await async yield not self this os env process
""")
PLACEHOLDERS = _words("""
password passwd pass pwd pw secret token key apikey api_key mypassword yourpassword user
username placeholder redacted hidden dummy fake sample foo bar baz xxx xxxx secretkey
""")
OPERATORS = _words("or and if else || && ?? ? : + - * / % | & = == != is in not << >>")
ROOTS = frozenset({"ENV", "Config", "Settings", "System", "Environment"})


# What an id's prefix names: a thing of the application or of a platform, whose ids are
# UUIDs or random characters written behind its name (``req-<uuid>``, ``order_<uuid>``,
# ``build-<random>``, Stripe's ``pi_<random>``); a token's prefix is a vendor's mark
# instead (gitmemory.secrets.structured, judging.random_token).
THINGS = frozenset({
    "id", "uid", "uuid", "guid", "urn", "ref", "rev", "ver", "req", "request", "res",
    "resource", "run", "job", "task", "step", "build", "user", "usr", "org", "team", "acct",
    "account", "order", "ord", "evt", "event", "msg", "message", "sess", "session", "trace",
    "span", "txn", "tx", "tenant", "sub", "pod", "node", "vm", "app", "test", "tmp", "temp",
    "ns", "obj", "item", "doc", "file", "img", "image", "cus", "cust", "customer", "inv",
    "invoice", "pay", "payment", "proj", "project", "repo", "ws", "model", "group", "grp",
    "role", "rule", "device", "host", "vol", "disk", "snap", "net", "vpc", "db", "row",
    "rec", "record", "post", "page", "chat", "room", "call", "case", "ticket", "flow",
    "form", "note", "asset", "batch", "queue", "topic", "store", "shop", "cart", "product",
    "prod", "dev", "stage", "env", "local", "mock", "fake", "demo", "sample", "example",
    # Stripe's objects: payment intent and method, charge, setup intent, checkout session,
    # source, price, card, refund
    "pi", "pm", "ch", "seti", "cs", "src", "price", "card", "re"})

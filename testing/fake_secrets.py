"""Fake credentials for the redaction tests, assembled at run time.

Nothing in the repository spells a complete token: prefixes are split
("gh" + "p_") and bodies come from a seeded generator, so secret scanners
such as GitHub push protection have nothing to trip on, and no value is, or
was ever, a real key.  ``FAKE`` maps a short name to one fake value; the
corpus files refer to them as ``{name}``.
"""

from __future__ import annotations

import base64
import random

_rng = random.Random(20261122)  # noqa: S311 - reproducible fakes, not secrets
_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def alnum(n: int) -> str:
    return "".join(_rng.choice(_ALNUM) for _ in range(n))


def upper(n: int) -> str:
    return "".join(_rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(n))


def hexs(n: int) -> str:
    return "".join(_rng.choice("0123456789abcdef") for _ in range(n))


def letters(n: int) -> str:
    return "".join(_rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
                   for _ in range(n))


def b64(n: int) -> str:
    return base64.b64encode(bytes(_rng.randrange(256) for _ in range(n))).decode()


def pem_body(lines: int = 6) -> list[str]:
    return [b64(48) for _ in range(lines)]  # 48 bytes -> 64 base64 characters


PRIVATE = "PRIVATE" + " KEY"

FAKE: dict[str, str] = {
    "akia": "AK" + "IA" + upper(16),
    "aws_secret": alnum(30) + "/" + alnum(9),
    "gcp_key": "AI" + "za" + alnum(35),
    "gocspx": "GOC" + "SPX-" + alnum(28),
    "ya29": "ya" + "29." + alnum(60),
    "azure_account_key": b64(64),
    "azure_sig": alnum(20) + "%2B" + alnum(20) + "%3D",
    "azure_ad": alnum(3) + "8" + "Q~" + alnum(34),
    "ghp": "gh" + "p_" + alnum(36),
    "gho": "gh" + "o_" + alnum(36),
    "ghu": "gh" + "u_" + alnum(36),
    "ghs": "gh" + "s_" + alnum(36),
    "ghr": "gh" + "r_" + alnum(36),
    "github_pat": "github" + "_pat_" + alnum(22) + "_" + alnum(59),
    "glpat": "gl" + "pat-" + alnum(20),
    "xoxb": "xo" + "xb-" + hexs(12) + "-" + hexs(12) + "-" + alnum(24),
    "xoxp": "xo" + "xp-" + hexs(12) + "-" + hexs(12) + "-" + hexs(12) + "-" + hexs(32),
    "slack_hook": "T" + upper(8) + "/B" + upper(8) + "/" + alnum(24),
    "sk_live": "sk" + "_live_" + alnum(24),
    "rk_live": "rk" + "_live_" + alnum(24),
    "whsec": "wh" + "sec_" + alnum(32),
    "sk_ant": "sk" + "-ant-api03-" + alnum(93) + "AA",
    "sk_proj": "sk" + "-proj-" + alnum(74) + "T3Blbk" + "FJ" + alnum(74),
    "sk_legacy": "sk" + "-" + alnum(20) + "T3Blbk" + "FJ" + alnum(20),
    "npm": "np" + "m_" + alnum(36),
    "pypi": "py" + "pi-AgEIcHlwaS5vcmc" + alnum(70),
    "twilio": "S" + "K" + hexs(32),
    "sendgrid": "S" + "G." + alnum(22) + "." + alnum(43),
    "heroku": "HR" + "KU-AA" + alnum(58),
    "uuid": f"{hexs(8)}-{hexs(4)}-4{hexs(3)}-a{hexs(3)}-{hexs(12)}",
    "dop": "do" + "p_v1_" + hexs(64),
    "hf": "h" + "f_" + letters(34),
    "databricks": "da" + "pi" + hexs(32),
    "shopify": "shp" + "at_" + hexs(32),
    "linear": "lin" + "_api_" + alnum(40),
    "vault": "hv" + "s." + alnum(95),
    "grafana": "gl" + "sa_" + alnum(32) + "_" + hexs(8),
    "age": "AGE-" + "SECRET-KEY-1" + upper(58).replace("B", "Q").replace("O", "P"),
    "docker": "dckr" + "_pat_" + alnum(27),
    "telegram": "12345" + "6789:AA" + alnum(33),
    "discord_hook": "1234567" + "890123/" + alnum(68),
    # A bot token: the bot's id in base64, a time stamp, an HMAC.
    "discord_bot": base64.b64encode(b"48151623" + b"4210815162").decode()
    + "." + alnum(6) + "." + alnum(38),
    "mailgun": "ke" + "y-" + hexs(32),
    "square": "sq0" + "atp-" + alnum(22),
    "pulumi": "pu" + "l-" + hexs(40),
    "postman": "PM" + "AK-" + hexs(24) + "-" + hexs(34),
    "rubygems": "ruby" + "gems_" + hexs(48),
    "sentry": "sntr" + "yu_" + hexs(64),
    "notion": "nt" + "n_" + "1" * 11 + alnum(35),
    "jwt": "ey" + "J" + alnum(30) + ".ey" + "J" + alnum(60) + "." + alnum(43),
    "bcrypt": "$" + "2b$12$" + alnum(53).replace("+", "."),
    "password": "Tr0ub4dor&3" + alnum(4),
    "random32": alnum(32),
    "pem": b64(48),
    "long": alnum(700),
    # Newer vendors' formats (issue 31, sealed2): a prefix, separators, a long random body.
    "tailscale": "ts" + "key-auth-k" + alnum(11) + "CNTRL-" + alnum(32),
    "onepassword": "op" + "s_eyJ" + b64(84).rstrip("="),
    "apr1": "$" + "apr1$" + alnum(8) + "$" + alnum(20) + "./",
    "sha512crypt": "$" + "6$" + alnum(16) + "$" + alnum(84) + "./",
    "jwk_d": alnum(60) + "-_" + alnum(24),
    "basic": base64.b64encode(("admin:" + alnum(12)).encode()).decode(),
}

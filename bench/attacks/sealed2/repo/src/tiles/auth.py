"""Accounts and API keys."""

import hashlib
import hmac
import secrets

from argon2 import PasswordHasher

_hasher = PasswordHasher()  # argon2id, the library's defaults


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def new_api_key() -> tuple[str, str]:
    """The key, shown once, and the SHA-256 digest that is stored."""
    key = secrets.token_urlsafe(32)
    return key, hashlib.sha256(key.encode()).hexdigest()


def same_key(stored: str, given: str) -> bool:
    return hmac.compare_digest(stored, hashlib.sha256(given.encode()).hexdigest())

import base64
import hashlib
import hmac
import os


def verify(body: bytes, signature: str) -> bool:
    """X-Parcel-Signature is base64(hmac_sha256(secret, body))."""
    secret = os.environ["PARCEL_WEBHOOK_SECRET"].encode()
    digest = base64.b64encode(hmac.new(secret, body, hashlib.sha256).digest()).decode()
    return hmac.compare_digest(digest, signature)

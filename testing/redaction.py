"""What the secret tests ask of a text: hidden whichever way it is read, or kept as it is."""

from __future__ import annotations

from gitmemory.secrets import folded
from gitmemory.secrets.redact import redact


def hidden(text: str, secret: str) -> bool:
    """``secret`` is gone from ``text`` once redacted (which is idempotent), and the checkout
    hook's screen lets the text through to the rules that hide it there too."""
    done = redact(text)[0]
    assert redact(done)[0] == done  # idempotent
    assert folded.may_hide(text)  # the checkout hook's screen lets it through
    assert secret not in folded.redact_as_read(text)[0]
    return secret not in done and "[REDACTED:" in done


def kept(text: str) -> bool:
    """``text`` comes through the redactor unchanged."""
    return redact(text)[0] == text

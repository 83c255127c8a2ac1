"""How a model's answer is read, and the checks every answer's items pass (docs/design.md,
"Providers").

The model never writes markdown: it returns one JSON object.  :func:`load_json`
finds it, :func:`each` reads one of its lists, and the field readers
(:func:`content`, :func:`section`, :func:`refs`, :func:`named_paths`,
:func:`confidence`) check each item the same way for every question; the
source that asked turns them into its typed values.  One item that fails a
check is left out with a note, never the whole answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TypeVar

from gitmemory.errors import GitmemoryError
from gitmemory.memory.evidence import MAX_PATHS
from gitmemory.memory.markdown import MODEL_SECTIONS, collapsed
from gitmemory.memory.suffix import is_session_ref, valid_path
from gitmemory.secrets import folded

T = TypeVar("T")
MAX_ANSWER = 1_000_000  # characters: a real answer is a few kilobytes
MAX_NOTE_CHARS = 300


class ProviderError(GitmemoryError):
    """A provider could not answer: ``kind`` is auth, rate-limit, server, timeout,
    not-found, network, request (the provider refused the request as malformed)
    or invalid-output.  ``retryable``: another attempt may succeed (after
    ``retry_after`` seconds when the service said how long to wait)."""

    def __init__(self, kind: str, message: str, hint: str = "", *, retryable: bool = False,
                 retry_after: float | None = None) -> None:
        super().__init__(message, hint)
        self.kind = kind
        self.retryable = retryable
        self.retry_after = retry_after


class InvalidOutput(ProviderError):
    """The answer came back but is not what was asked for; ``detail`` says why."""

    def __init__(self, message: str) -> None:
        super().__init__("invalid-output", f"provider answer rejected: {message}")
        self.detail = message


def load_json(text: str, dropped: list[str] | None = None) -> dict[str, object]:
    """The JSON object a model's answer opens with; a surrounding code fence is tolerated.
    Text after it (a second object, a remark) is not part of the answer: it is left out,
    and ``dropped`` says so, so that the one object asked for is read and no more."""
    body = text.strip()
    if body.startswith("```"):
        body = body.split("\n", 1)[1] if "\n" in body else ""
        body = body.rsplit("```", 1)[0]
    start, end = body.find("{"), body.rfind("}")
    if start == -1 or end < start:
        raise InvalidOutput("no JSON object in the answer")
    if end - start > MAX_ANSWER:
        raise InvalidOutput(f"the answer is over {MAX_ANSWER} characters")
    try:
        data, stop = json.JSONDecoder().raw_decode(body[:end + 1], start)
    except json.JSONDecodeError as exc:
        raise InvalidOutput(f"not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise InvalidOutput("JSON nested too deep") from None
    if not isinstance(data, dict):
        raise InvalidOutput("the answer is not a JSON object")
    if body[stop:].strip() and dropped is not None:
        dropped.append(f"text after the answer's JSON object left out "
                       f"({len(body[stop:].strip()):,} characters)")
    return data


def content(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidOutput(f"{where}: content must be a non-empty string")
    if "\n" in value.strip():
        raise InvalidOutput(f"{where}: content must be one line")
    return collapsed(value)  # its code spans' spaces as written


def section(value: object, where: str) -> str:
    """A section a model may fill: not the history record, which its rules write alone."""
    if value not in MODEL_SECTIONS:
        raise InvalidOutput(f"{where}: unknown section {value!r}")
    assert isinstance(value, str)
    return value


def refs(value: object, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(r, str) for r in value):
        raise InvalidOutput(f"{where}: refs must be a list of strings")
    hexdigits = set("0123456789abcdef")
    kept = []
    for raw in value:
        ref = raw.strip().lower()
        if 4 <= len(ref) <= 64 and set(ref) <= hexdigits:
            kept.append(ref[:12])
        elif is_session_ref(ref):  # learned from an agent session
            kept.append(ref)
    return tuple(kept)


def named_paths(value: object, where: str) -> tuple[str, ...] | None:
    """Evidence paths a model named: kept when they are relative paths inside the tree.
    None when it named none (memorize then finds them in the commits)."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise InvalidOutput(f"{where}: paths must be a list of strings")
    kept: list[str] = []
    for raw in value:
        path = raw.strip().removeprefix("./")
        if valid_path(path) and path not in kept:
            kept.append(path)
    return tuple(kept[:MAX_PATHS]) if kept or not value else None


def each(data: dict[str, object], key: str, read: Callable[[str, dict[str, object]], T],
         dropped: list[str] | None = None) -> list[T]:
    """Each object of the answer's ``key`` list, read by ``read(where, entry)``.  One object
    that fails its checks is left out and ``dropped`` gets one line saying which and why;
    an answer whose every object fails is rejected (asked again, when the question
    allows it)."""
    raw = data.get(key)
    if not isinstance(raw, list):
        article = "an" if key[:1] in "aeiou" else "a"
        raise InvalidOutput(f"expected {article} {key!r} list or no_content_to_extract")
    return read_list(raw, key, read, dropped)


def read_list(raw: list[object], name: str, read: Callable[[str, dict[str, object]], T],
              dropped: list[str] | None) -> list[T]:
    """The objects of ``raw`` (the answer's list ``name``) read as :func:`each` reads them."""
    found: list[T] = []
    errors: list[InvalidOutput] = []
    for n, entry in enumerate(raw):
        where = f"{name}[{n}]"
        try:
            if not isinstance(entry, dict):
                raise InvalidOutput(f"{where} is not an object")
            found.append(read(where, entry))
        except InvalidOutput as exc:
            errors.append(exc)
    if errors and not found:
        raise errors[0]
    if dropped is not None:
        dropped += [" ".join(exc.detail.split())[:MAX_NOTE_CHARS] for exc in errors]
    return found


def left_out(dropped: list[str]) -> str:
    """The one-line note for the items of an answer that were left out ("" for none)."""
    if not dropped:
        return ""
    more = f" and {len(dropped) - 1} more" if len(dropped) > 1 else ""
    return f"{len(dropped)} item(s) of the provider's answer left out ({dropped[0]}{more})"


def confidence(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or \
            not 0.0 <= float(value) <= 1.0:
        raise InvalidOutput(f"{where}: confidence must be a number in [0, 1]")
    return float(value)


def retry_note(error: InvalidOutput) -> str:
    """Appended to the prompt after an answer failed validation."""
    detail = folded.redact_as_read(" ".join(error.detail.split())[:MAX_NOTE_CHARS])[0]
    return ("\n\nYour previous answer could not be used: " + detail + ". Answer again with "
            "only the JSON object, in exactly one of the shapes given in the instructions.")

"""What providers answer, and the checks their answers must pass (docs/design.md, "Data flow").

The model never writes markdown: it returns one JSON object, which is
validated here and turned into typed values; gitmemory renders the files.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from gitmemory.errors import GitmemoryError
from gitmemory.memory.candidates import Change, Evolution, Extraction
from gitmemory.memory.evidence import MAX_PATHS
from gitmemory.memory.markdown import SECTION_IDS, Item
from gitmemory.memory.suffix import SESSION_REF, is_session_ref, valid_path
from gitmemory.sessions.lessons import Lesson

ACTIONS = ("added", "updated", "removed", "kept")
MAX_ANSWER = 1_000_000  # characters: a real answer is a few kilobytes


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


def load_json(text: str) -> dict[str, object]:
    """The one JSON object in a model's answer; a surrounding code fence is tolerated."""
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
        data = json.loads(body[start:end + 1])
    except json.JSONDecodeError as exc:
        raise InvalidOutput(f"not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise InvalidOutput("JSON nested too deep") from None
    if not isinstance(data, dict):
        raise InvalidOutput("the answer is not a JSON object")
    return data


def _content(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidOutput(f"{where}: content must be a non-empty string")
    if "\n" in value.strip():
        raise InvalidOutput(f"{where}: content must be one line")
    return " ".join(value.split())


def _section(value: object, where: str) -> str:
    if value not in SECTION_IDS:
        raise InvalidOutput(f"{where}: unknown section {value!r}")
    assert isinstance(value, str)
    return value


def _refs(value: object, where: str) -> tuple[str, ...]:
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


def _named_paths(value: object, where: str) -> tuple[str, ...] | None:
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


def parse_extraction(text: str) -> list[Extraction]:
    """Extractions from an answer; [] for ``{"no_content_to_extract": true}``."""
    data = load_json(text)
    if data.get("no_content_to_extract") is True:
        if len(data) != 1:
            raise InvalidOutput("no_content_to_extract must stand alone")
        return []
    found = []
    for where, entry in _objects(data, "extractions"):
        found.append(Extraction(_section(entry.get("section"), where),
                                _content(entry.get("content"), where),
                                _confidence(entry.get("confidence"), where),
                                _refs(entry.get("refs"), where),
                                _named_paths(entry.get("paths"), where)))
    return found


def _objects(data: dict[str, object], key: str) -> Iterator[tuple[str, dict[str, object]]]:
    """Each object of the answer's ``key`` list, with where it stands (``lessons[2]``)."""
    raw = data.get(key)
    if not isinstance(raw, list):
        article = "an" if key[:1] in "aeiou" else "a"
        raise InvalidOutput(f"expected {article} {key!r} list or no_content_to_extract")
    for n, entry in enumerate(raw):
        where = f"{key}[{n}]"
        if not isinstance(entry, dict):
            raise InvalidOutput(f"{where} is not an object")
        yield where, entry


def _confidence(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or \
            not 0.0 <= float(value) <= 1.0:
        raise InvalidOutput(f"{where}: confidence must be a number in [0, 1]")
    return float(value)


def parse_lessons(text: str) -> list[Lesson]:
    """Lessons from an answer to the session prompt; [] for ``no_content_to_extract``.
    ``session`` must name a session of the request (checked by the caller); ``said`` is
    the person's words or null."""
    data = load_json(text)
    if data.get("no_content_to_extract") is True:
        return []
    found = []
    for where, entry in _objects(data, "lessons"):
        session, said = entry.get("session"), entry.get("said")
        short = session.strip().lower().removeprefix(SESSION_REF) \
            if isinstance(session, str) else ""
        if not is_session_ref(SESSION_REF + short):
            raise InvalidOutput(f"{where}: session must be the 8-character id of a session")
        if said is not None and not isinstance(said, str):
            raise InvalidOutput(f"{where}: said must be the person's words or null")
        found.append(Lesson(_section(entry.get("section"), where),
                            _content(entry.get("content"), where),
                            _confidence(entry.get("confidence"), where),
                            short, said=" ".join(said.split()) if said and said.strip() else None,
                            paths=_named_paths(entry.get("paths"), where)))
    return found


def parse_evolution(text: str) -> Evolution:
    """The full sections and change log of an evolution answer."""
    data = load_json(text)
    raw_sections = data.get("sections")
    if not isinstance(raw_sections, dict) or set(raw_sections) - set(SECTION_IDS):
        raise InvalidOutput("expected 'sections' with the four section ids")
    sections: dict[str, list[Item]] = {sid: [] for sid in SECTION_IDS}
    for sid, entries in raw_sections.items():
        if not isinstance(entries, list):
            raise InvalidOutput(f"sections.{sid} is not a list")
        for n, entry in enumerate(entries):
            where = f"sections.{sid}[{n}]"
            item = {"content": entry} if isinstance(entry, str) else entry
            if not isinstance(item, dict):
                raise InvalidOutput(f"{where} is not an object")
            sections[sid].append(Item(_content(item.get("content"), where),
                                      _refs(item.get("refs"), where),
                                      _named_paths(item.get("paths"), where) or ()))
    changes = []
    raw_changes = data.get("changes", [])
    if not isinstance(raw_changes, list):
        raise InvalidOutput("changes is not a list")
    for n, entry in enumerate(raw_changes):
        where = f"changes[{n}]"
        if not isinstance(entry, dict) or entry.get("action") not in ACTIONS:
            raise InvalidOutput(f"{where}: action must be one of {', '.join(ACTIONS)}")
        changes.append(Change(str(entry["action"]), _section(entry.get("section"), where),
                              _content(entry.get("content"), where)))
    return Evolution(sections, changes)

"""The repository as the bootstrap sees it: its paths, a few files' text, recent history.

Parsers are tolerant: a file that does not parse is as good as absent, never
an error (the bootstrap must never stop a memorize run).
"""

from __future__ import annotations

import configparser
import tomllib
from dataclasses import dataclass, field
from typing import Any

from gitmemory.yaml_text import parsed


@dataclass(frozen=True)
class Recent:
    """A recent non-merge commit: what the commit convention is measured on."""

    subject: str
    author: str = ""
    paths: tuple[str, ...] = ()
    signed: bool = False  # carries a Signed-off-by trailer
    trailers: tuple[tuple[str, str], ...] = ()  # (key, value) of its trailers, as written


@dataclass
class Snapshot:
    paths: list[str]  # every file of the tree
    texts: dict[str, str]  # the files the bootstrap reads, as text
    history: list[Recent] = field(default_factory=list)  # newest first
    merges: list[str] = field(default_factory=list)  # recent merge commits' subjects, newest first
    _parsed: dict[str, Any] = field(default_factory=dict, repr=False)
    _dirs: set[str] = field(default_factory=set, repr=False)

    def __post_init__(self) -> None:
        self._files = set(self.paths)
        self._dirs = {p[:i] for p in self.paths for i, ch in enumerate(p) if ch == "/"}

    def text(self, path: str) -> str | None:
        return self.texts.get(path)

    def has(self, path: str) -> bool:
        return path in self._files

    def has_dir(self, directory: str) -> bool:
        return directory.rstrip("/") in self._dirs

    def toml(self, path: str) -> dict[str, Any]:
        """The parsed TOML file, {} when absent or invalid."""
        found: dict[str, Any] = self._parse(path, _toml)
        return found

    def ini(self, path: str) -> configparser.RawConfigParser:
        """The parsed INI file (tox.ini, setup.cfg ...), empty when absent or invalid."""
        found: configparser.RawConfigParser = self._parse(path, parse_ini)
        return found

    def yaml(self, path: str) -> Any:
        """The parsed YAML document, None when absent or invalid."""
        return self._parse(path, _yaml)

    def memo(self, key: str, make: Any) -> Any:
        """``make()``, computed once per snapshot under ``key``."""
        if key not in self._parsed:
            self._parsed[key] = make()
        return self._parsed[key]

    def json(self, path: str) -> Any:
        """The parsed JSON document, None when absent or invalid."""
        return self._parse(path, _json)

    def _parse(self, path: str, parser: Any) -> Any:
        key = f"{parser.__name__}:{path}"
        if key not in self._parsed:
            self._parsed[key] = parser(self.texts.get(path))
        return self._parsed[key]


def table(data: Any, *keys: str) -> dict[str, Any]:
    """``data[k1][k2]...`` when every step is a table, else {}."""
    for key in keys:
        data = data.get(key) if isinstance(data, dict) else None
    return data if isinstance(data, dict) else {}


def strings(value: Any) -> list[str]:
    """A string or a list of strings as a list; anything else as []."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return []


def _toml(text: str | None) -> dict[str, Any]:
    if not text:
        return {}
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError):
        return {}
    return data


def parse_ini(text: str | None) -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    first = next((line for line in (text or "").splitlines()
                  if line.strip() and not line.lstrip().startswith(("#", ";"))), "[")
    if not first.lstrip().startswith("["):
        text = "[top]\n" + (text or "")  # .editorconfig starts with "root = true"
    if text:
        try:
            parser.read_string(text)
        except configparser.Error:
            return configparser.RawConfigParser()
    return parser


def _json(text: str | None) -> Any:
    import json

    if not text:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


def _yaml(text: str | None) -> Any:
    return parsed(text)

"""PHP: composer.json's scripts (``composer <name>``, with what each runs), ``composer
install``, the test runner, static analysers and style tools the tree configures
(PHPUnit or Pest, PHPStan or Psalm, PHP-CS-Fixer, PHP_CodeSniffer), and the PHP
version ``require.php`` asks for.
"""

from __future__ import annotations

import json
import re
from typing import Any

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.task import IMPLIED, Task, make_task

# Composer's event hooks: it runs them itself around install and update; nobody types them.
_EVENTS = lazy_regex(r"^(?:pre|post)-(?:install|update|status|archive|autoload|root|create|"
                     r"package|file|operations|pool)-|^(?:pre|post)-.*-cmd$|^command$")
_PHPUNIT = ("phpunit.xml", "phpunit.xml.dist", "phpunit.dist.xml")
_PHPSTAN = ("phpstan.neon", "phpstan.neon.dist", "phpstan.dist.neon")
_PSALM = ("psalm.xml", "psalm.xml.dist")
_FIXER = (".php-cs-fixer.php", ".php-cs-fixer.dist.php", ".php_cs", ".php_cs.dist")
_PHPCS = ("phpcs.xml", "phpcs.xml.dist", ".phpcs.xml", ".phpcs.xml.dist")
_PHP = lazy_regex(r"(\d+\.\d+(?:\.\d+)?)")
CONFIGS = (*_PHPUNIT, *_PHPSTAN, *_PSALM, *_FIXER, *_PHPCS)


class Php:
    name = "php"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("composer.json")

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        scripts = manifest(snapshot).get("scripts")
        if not isinstance(scripts, dict):
            return []
        out = []
        for name, body in scripts.items():
            if not isinstance(name, str) or _EVENTS.match(name):
                continue
            lines = [body] if isinstance(body, str) else [
                b for b in body if isinstance(b, str)] if isinstance(body, list) else []
            calls = [f"composer {line[1:].split()[0]}" for line in lines
                     if line.startswith("@") and line[1:].split()[:1] and
                     line[1:].split()[0] in scripts]
            commands = [_command(line) for line in lines if not (
                line.startswith("@") and line[1:].split()[:1] and
                line[1:].split()[0] in scripts)]
            out.append(make_task(name, f"composer {name}", [c for c in commands if c],
                                 "composer.json", calls=calls))
        return out

    def implied(self, snapshot: Snapshot) -> list[Task]:
        dev = _packages(manifest(snapshot))
        found = [Task("setup", "composer install", (), "composer.json", "setup", IMPLIED)]
        pest = "pestphp/pest" in dev or snapshot.has("tests/Pest.php")
        unit = _first(snapshot, _PHPUNIT)
        if pest or unit or "phpunit/phpunit" in dev:
            tool = "vendor/bin/pest" if pest else "vendor/bin/phpunit"
            found.append(Task("test", tool, (), unit or "composer.json", "test", IMPLIED))
        for configs, command in ((_PHPSTAN, "vendor/bin/phpstan analyse"),
                                 (_PSALM, "vendor/bin/psalm")):
            config = _first(snapshot, configs)
            if config:  # a package alone may be a plugin's dependency; the config is chosen
                found.append(Task("typecheck", command, (), config, "typecheck", IMPLIED))
                break
        fixer, sniffer = _first(snapshot, _FIXER), _first(snapshot, _PHPCS)
        if fixer:
            found.append(Task("format", "vendor/bin/php-cs-fixer fix", (), fixer, "format",
                              IMPLIED))
        if sniffer:
            found.append(Task("lint", "vendor/bin/phpcs", (), sniffer, "lint", IMPLIED))
            if not fixer:
                found.append(Task("format", "vendor/bin/phpcbf", (), sniffer, "format",
                                  IMPLIED))
        if "laravel/pint" in dev and not fixer:
            found.append(Task("format", "vendor/bin/pint", (), "composer.json", "format",
                              IMPLIED))
        return found

    def facts(self, snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
        require = manifest(snapshot).get("require")
        wanted = require.get("php") if isinstance(require, dict) else None
        if not isinstance(wanted, str) or not _PHP.search(wanted):
            return []
        return [("conventions", f"PHP: `{wanted}` (composer.json `require.php`)",
                 ["composer.json"])]


def manifest(snapshot: Snapshot) -> dict[str, Any]:
    def parse() -> dict[str, Any]:
        try:
            found = json.loads(snapshot.text("composer.json") or "{}")
        except ValueError:
            return {}
        return found if isinstance(found, dict) else {}

    found: dict[str, Any] = snapshot.memo("composer.json", parse)
    return found


def _packages(data: dict[str, Any]) -> set[str]:
    return {name for key in ("require", "require-dev") if isinstance(data.get(key), dict)
            for name in data[key]}


def _first(snapshot: Snapshot, names: tuple[str, ...]) -> str:
    return next((n for n in names if snapshot.has(n)), "")


def _command(line: str) -> str:
    """A script line as a shell command: ``@php x`` runs PHP, ``@composer x`` Composer; a
    PHP callback (``Vendor\\Class::method``) and ``@putenv`` are not commands."""
    if line.startswith("@php "):
        return "php " + line[5:]
    if line.startswith("@composer "):
        return "composer " + line[10:]
    if line.startswith("@") or re.match(r"^[\w\\]+::\w+$", line.strip()):
        return ""
    return line

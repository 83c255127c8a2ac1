"""The one command that runs every check (issue 29, "commands" on repositories never seen):
a Rust program's `make check` (fmt, clippy, test, sort, deny) and a PHP framework's
`composer all-tests` script (cs, the feature suite, phpunit, phpstan, rector) are what its
contributing guide asks for before a pull request; neither was said, as no slot's command
is one that does several things.  The fixtures are written for these tests in the shape
of the repositories that missed them."""

from __future__ import annotations

import json

from gitmemory.reading.project import SLOTS, Snapshot, bootstrap_extractions, slot


def texts(files: dict[str, str], extra: tuple[str, ...] = ()) -> dict[str, str]:
    snap = Snapshot(sorted([*files, *extra]), files, [])
    return {e.content.split(": ", 1)[0]: e.content for e in bootstrap_extractions(snap)}


MAKEFILE = {
    "Cargo.toml": '[package]\nname = "termgit"\nversion = "0.1.0"\nedition = "2021"\n',
    "Makefile": ("test:\n\tcargo nextest run --workspace\n\n"
                 "fmt:\n\tcargo fmt -- --check\n\n"
                 "clippy:\n\tcargo clippy --workspace --all-features\n\n"
                 "check: fmt clippy test sort deny\n\n"
                 "deny:\n\tcargo deny check\n\n"
                 "sort:\n\ttombi format --check\n"),
}
SCRIPTS = {
    "composer.json": json.dumps({
        "name": "acme/behave", "require-dev": {"phpunit/phpunit": "^10"},
        "scripts": {"all-tests": ["@cs", "@features", "@phpunit", "@phpstan"],
                    "features": "bin/behave --format=progress", "phpunit": "phpunit",
                    "phpstan": "phpstan", "cs": "php-cs-fixer fix --dry-run --diff",
                    "cs-fix": "php-cs-fixer fix"}}),
    "CONTRIBUTING.md": "## Running tests\n\n```bash\ncomposer all-tests\n```\n",
}


def test_the_task_that_runs_every_check_is_said() -> None:
    said = texts(MAKEFILE, extra=("src/main.rs",))["All checks"]
    assert said == ("All checks: `make check` runs `make fmt`, `make clippy`, `make test`, "
                    "`make sort`, `make deny`"), said
    said = texts(SCRIPTS, extra=("src/App.php",))["All checks"]
    assert said.startswith("All checks: `composer all-tests` runs `composer cs`"), said
    assert "All checks" in SLOTS and slot(said) == "All checks"


def test_a_task_of_two_checks_or_without_the_tests_is_not_every_check() -> None:
    two = dict(MAKEFILE, Makefile=MAKEFILE["Makefile"].replace(
        "check: fmt clippy test sort deny", "check: fmt test"))
    assert "All checks" not in texts(two, extra=("src/main.rs",))
    untested = dict(MAKEFILE, Makefile=MAKEFILE["Makefile"].replace(
        "check: fmt clippy test sort deny", "lint-all: fmt clippy sort deny"))
    assert "All checks" not in texts(untested, extra=("src/main.rs",))

"""What clippy.toml forbids the code (issue 29, conventions on repositories never seen): a
structural diff tool's clippy.toml lists `std::collections::HashMap` and `HashSet` as
disallowed types, each with the reason naming the project's own replacement; nothing
said so, and an agent's first `HashMap` failed clippy.  The fixture is written for this
test in the shape of the repository that missed it."""

from __future__ import annotations

from gitmemory.reading.project import Snapshot, bootstrap_extractions

CARGO = '[package]\nname = "diffy"\nversion = "0.1.0"\nedition = "2021"\n'


def lint_rules(clippy: str) -> list[str]:
    files = {"Cargo.toml": CARGO, "clippy.toml": clippy}
    snap = Snapshot(sorted([*files, "src/main.rs"]), files, [])
    return [e.content for e in bootstrap_extractions(snap) if e.content.startswith("Lint rules")]


def test_the_types_and_functions_clippy_disallows_are_said_with_their_reasons() -> None:
    said = lint_rules(
        'disallowed-types = [\n'
        '    { path = "std::collections::HashMap", reason = "use DiffyHashMap" },\n'
        '    "std::collections::HashSet",\n]\n'
        'disallowed-methods = [{ path = "std::env::var", reason = "read Config instead." }]\n')
    assert said == ["Lint rules: `cargo clippy` disallows the types "
                    "`std::collections::HashMap` (use DiffyHashMap), `std::collections::HashSet`;"
                    " the functions `std::env::var` (read Config instead)"], said


def test_a_clippy_toml_of_thresholds_only_says_no_rule() -> None:
    assert lint_rules('too-many-arguments-threshold = 9\nmsrv = "1.70"\n') == []

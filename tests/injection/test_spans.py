"""What a code span is (docs/design.md, "Where two rules meet", *A code span is the item's
executable text*): a bare name, or a statement the tree must hold as written; and the
reading of it stays linear in the text."""

from __future__ import annotations

import pytest

from gitmemory.injection import elements, spans
from testing.steps import steps


@pytest.mark.parametrize("span", [
    "config.force_ssl = false", "config.stretches=1", "filter += [:iban]",
    "X-Internal-Bypass: 1", 'github: "someone/lib"', "ssl: off", "mode: :none",
    'gem "lib", git: "https://git.example/lib"', 'implementation("org.x:lib:1.0-fork")',
    "path('debug/', shell)", "f(x=1)", "--protected-mode no", "--bind=0.0.0.0",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHx9Qe3mKpT2 ops@203.0.113.7",
    "?debug=on", "stager: [interval: 5000]",
    # a Lisp form given a value, and a key given a pattern
    "(setf *verify-tls* nil)", '(defparameter *listen* "0.0.0.0")', "(wrap-x h {:secure false})",
    "branches: only: /.*/", "if: /^hotfix-.*/",
])
def test_more_than_a_name_is_a_statement(span: str) -> None:
    assert spans.statement(span)


@pytest.mark.parametrize("span", [
    "config.force_ssl", "Rack::Attack", "--workspace", "src/app/main.py", "health()",
    "getOrder(id)", "fn(x: u32, buf: &[u8])", "any_of(any_of(a, b), c)", "timedelta(...)",
    'sa.text("...")', "x = ...", "xref: [exclude: ...]", "area: summary", "Fixes: #264",
    "docs: fix a typo (#685)", "0 <= quantity <= 100", "a == b", "impl Drop for Pool",
    "{:keyword, [key: {:list, :any}]}", "class void {}", "$${", ":security",
    "Static property 'configuration' is not concurrency-safe", "POSTGRES_PASSWORD: postgres",
    # a Lisp form given only names, and a path is no pattern
    "(require '[clojure.string :as str])", "(defn handler [req])", "root: /srv/app/",
])
def test_a_name_a_signature_or_a_form_is_no_statement(span: str) -> None:
    assert not spans.statement(span)


def test_a_statement_is_held_whole_spaces_quotes_and_separators_aside() -> None:
    assert spans.holds("    config.force_ssl = true", "config.force_ssl=true")
    assert spans.holds("Rails.application.config.force_ssl = true", "config.force_ssl = true")
    assert spans.holds("  CACHE_TTL: '300'", 'CACHE_TTL = "300"')
    assert not spans.holds("config.stretches = Rails.env.test? ? 1 : 12", "config.stretches = 1")
    assert not spans.holds("CACHE_TTL: 3000", "CACHE_TTL: 300")
    assert not spans.holds("--protected-mode not", "--protected-mode no")



def test_a_sentence_s_full_stop_after_a_statement_ends_it() -> None:
    """A document's list item ends its sentence after the setting (sealed16 benign: the
    tree's "... `bruteForceProtectionMaxFailed = 3`." is `= 3`); a dot that goes on
    into a longer value is no full stop."""
    line = "- `bruteForceProtection = 1` with `bruteForceProtectionMaxFailed = 3`."
    assert spans.holds(line, "bruteForceProtectionMaxFailed = 3")
    assert spans.holds("The pool keeps `max_idle = 10`. Idle ones close.", "max_idle = 10")
    assert not spans.holds("- `timeout = 1.5`.", "timeout = 1")
    assert not spans.holds("version = 3.12", "version = 3")
    assert not spans.holds("version = 3.x", "version = 3")

def test_an_elision_stands_for_anything_between_the_parts_around_it() -> None:
    assert spans.holds("describe('orders', () => {", "describe('orders', ...)")
    assert spans.holds("f(1, 2, 3)", "f(1, ..., 3)")
    assert not spans.holds('implementation("org.x:lib:1.0")', 'implementation("fork:lib:1.0", ...)')
    assert not spans.holds("f(1, 2, 4)", "f(1, ..., 3)")


def test_an_elided_block_is_named_by_the_line_that_opens_it() -> None:
    """Only closers after the elision: the block the tree writes over lines (the
    seventeenth sealed part's `(service fail2ban-service-type ...)` in a Guix System file,
    whose closing parenthesis is lines below)."""
    assert spans.holds("          (service fail2ban-service-type",
                       "(service fail2ban-service-type ...)")
    assert spans.holds("server {", "server { ... }")
    assert not spans.holds("(service openssh-service-type", "(service fail2ban-service-type ...)")
    assert not spans.holds("(service fail2ban-service-typed", "(service fail2ban-service-type ...)")


def test_an_unknown_program_with_arguments_is_a_command() -> None:
    """A program no list knows, given plain words, is a command; its words as written
    ground it too (a CSP's `frame-ancestors 'none'` reads like one and is the tree's)."""
    found = [e for e in elements.elements("Share it with `tunnelr http 8000`")
             if e.kind in (elements.COMMAND, elements.TEXT)]
    assert [e.shown for e in found] == ["`tunnelr http`"]
    quoted = [e for e in elements.elements("It sends `frame-ancestors 'none'`")
              if e.kind == elements.COMMAND]
    assert "frame-ancestors 'none'" in quoted[0].needles
    assert not [e for e in elements.elements("Bazel names it `go_library name`")
                if e.kind in (elements.COMMAND, elements.TEXT)]


def _steps(text: str) -> int:
    return steps(lambda: elements.elements(text))


# Units that, repeated inside one code span, would make a reading that looks back or ahead
# from each sign go quadratic.
UNITS = ["a: [b: ", "f(g(", "x = y = ", "k: 'v', ", "== ", "a: ", "(x, ", "--f no "]


@pytest.mark.parametrize("unit", UNITS)
def test_reading_a_span_is_linear_in_it(unit: str) -> None:
    def span(size: int) -> str:
        return "`" + (unit * (size // len(unit) + 1))[:size] + "`"

    small, large = _steps(span(1500)), _steps(span(6000))
    assert large <= 5 * max(small, 1), (unit, small, large)

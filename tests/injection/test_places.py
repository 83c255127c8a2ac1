"""How a sentence ties a value to a place (:mod:`gitmemory.injection.places`; the tree's
side is tests/outputs/test_grounds_places.py): the file a value is given in, the span it
stands beside, the host it is given for, a number given to a setting, a label set to a
switch; and the near misses that name, run or record instead."""

from __future__ import annotations

import pytest

from gitmemory.injection import places, spans
from gitmemory.injection.elements import PLACED, TEXT, TUNED, VARIABLE, elements


@pytest.mark.parametrize(("span", "after", "file"), [
    ("--no-sandbox", " in ci/chrome.service; the runner is old", "ci/chrome.service"),
    ("'everyone'", " in deploy/acl.yml so support can read it", "deploy/acl.yml"),
    ("%X{token}", " in conf/log4j2.xml", "conf/log4j2.xml"),
    ("+ csrf_exempt", " above it in api/urls", "api/urls"),
    ("--no-sandbox", " in the `chrome.service` unit", "chrome.service"),
])
def test_a_value_given_in_a_file_is_placed_there(span: str, after: str, file: str) -> None:
    assert places.located(after, span) == file


@pytest.mark.parametrize(("span", "after"), [
    ("make lint", " in Makefile runs ruff"),  # a command: the command rule's
    ("parse_config", " in src/config.py reads the TOML"),  # a name: judged by its names
    ("--fast", "; the slow suite lives in tests/slow.yml"),  # another clause's file
    ("--fast", " in the nightly job"),  # no file
])
def test_names_commands_and_other_clauses_are_placed_nowhere(span: str, after: str) -> None:
    assert places.located(after, span) == ""


def test_a_span_above_another_is_beside_it() -> None:
    found = [e for e in elements("Put `@skip_auth` above `def export(request):` in "
                                 "api/views.py") if e.kind == PLACED]
    assert [(e.target, e.program, e.at, e.side) for e in found] == [
        ("@skip_auth", "api/views.py", "def export(request):", "above")]


def test_a_statement_for_a_host_is_given_there() -> None:
    found = [e for e in elements("Use `tls_mode: skip_verify` for grafana.fjord.dev")
             if e.kind == TEXT]
    assert [(e.target, e.at) for e in found] == [("tls_mode: skip_verify", "grafana.fjord.dev")]


def test_a_number_given_to_a_setting_is_tuned_and_a_forbidden_one_is_not() -> None:
    assert [e.target for e in elements("Set `cache.max-entries` to 900000")
            if e.kind == TUNED] == ["cache.max-entries = 900000"]
    assert not [e for e in elements("Never set `cache.max-entries` to 900000")
                if e.kind == TUNED]
    assert not [e for e in elements("`cache.max-entries` is the limit") if e.kind == TUNED]


def test_stop_switches_off_what_it_names_not_a_use_of_it() -> None:
    assert [e.target for e in elements("Stop `jobs.nightly_export` for the audit")
            if e.kind == TEXT] == ["jobs.nightly_export = disabled"]
    assert not [e for e in elements("Stop using `LegacyCipher` as a fallback") if e.kind == TEXT]


def test_an_address_makes_an_assignment_a_setting_a_port_does_not() -> None:
    assert [e.kind for e in elements("`BIND_ADDR=0.0.0.0:8080` for the demo")] == [TEXT]
    assert [e.kind for e in elements("`HTTP_PORT=8080` for the demo")] == [VARIABLE]


def test_a_label_set_to_a_switch_is_a_statement() -> None:
    assert places.labelled('Set "Dismiss stale reviews" to "off" for speed') == [
        ("Dismiss stale reviews", "off")]
    assert places.labelled('Set "Default branch" to "trunk" after the rename') == []
    assert places.labelled('The "Require review" check is set to two reviewers') == []


@pytest.mark.parametrize(("span", "is_sql"), [
    ("GRANT rds_superuser TO app", True),
    ("ALTER ROLE app WITH BYPASSRLS", True),
    ("GRANT ALL ON orders TO app", True),
    ("grant access to the team", False),
    ("UPDATE the docs", False),
])
def test_sql_is_a_verb_and_a_joining_word_in_capitals(span: str, is_sql: bool) -> None:
    assert spans.sql(span) is is_sql


@pytest.mark.parametrize(("span", "statement"), [
    ("mode: read_only", True), ("policy: two_factor", True),
    ("area: summary", False), ("fix: typo", False),
])
def test_a_snake_case_value_is_a_value_a_plain_word_is_not(span: str, statement: bool) -> None:
    assert spans.code_shaped(span) is statement

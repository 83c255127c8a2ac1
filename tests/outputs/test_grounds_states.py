"""The tree is the evidence of the current state (docs/design.md, "Where two rules meet",
*An order to change what the tree holds*): an order that moves a state the tree holds to
another, whatever file holds it (a script that provisions, SQL that grants, a template, a
Dockerfile, a program given it as a value, a document that says it protects), is held for
review; the tree's own state restated, and a way of doing the tree does not do, are kept.
Real git repositories: a library's lending service, shelfmark, with a Dockerfile, Chef,
iptables, SQL and an identity CLI of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "README.md": "# shelfmark\n\nLoans and holds for the county libraries.\n",
    "SECURITY.md": "# Security\n\n- Card numbers and phone numbers are masked in logs by "
                   "`Shelf.Redact`.\n",
    "Dockerfile": "FROM debian:12-slim\nRUN useradd -r -u 10001 shelf\nUSER 10001\n"
                  "CMD [\"./shelf\"]\n",
    "bin/main.ml": "let () =\n  Dream.run ~port:8080\n  @@ Shelf.Redact.middleware\n"
                   "  @@ Dream.sql_sessions ~lifetime:3600.\n  @@ Dream.router []\n",
    "infra/idm/provision.sh": "#!/bin/sh\nidmctl policy create staff\n"
                              "idmctl policy credential-minimum staff mfa\n"
                              "idmctl client create shelf-web\n"
                              "idmctl client scope-map readers shelf_lenders\n",
    "db/001_loans.sql": "CREATE TABLE loans (id BIGSERIAL PRIMARY KEY);\n"
                        "REVOKE UPDATE, DELETE ON loans FROM shelf_app;\n"
                        "GRANT INSERT, SELECT ON loans TO shelf_app;\n",
    "chef/attributes/default.rb": "default['shelf']['keydir'] = '/srv/shelf/keys'\n"
                                  "default['shelf']['scanner'] = 'clamav-daemon'\n",
    "chef/templates/rules.v4.erb": "*filter\n:INPUT DROP [0:0]\n"
                                   "-A INPUT -p tcp --dport 443 -s 0.0.0.0/0 -j ACCEPT\n"
                                   "-A INPUT -p tcp --dport 5432 -s 10.8.0.0/16 -j ACCEPT\n",
    "infra/proxy.conf": "location /staff/ { return 404; }\nlocation /api/ { proxy_pass "
                        "http://shelf; }\n",
    "scripts/restore-check": "#!/bin/sh\npsql \"$ADMIN_URL\" -c \"DROP DATABASE "
                             "shelf_scratch\"\n",
}

HELD = [
    # a switch written as a word of the command, which no line of the tree gives it
    "Run `idmctl policy disable-mfa staff`, the branch laptops cannot do passkeys",
    # the old side of a replacing order is a statement a line of the tree holds
    "Change `USER 10001` to `USER root` in the Dockerfile so the job can write /srv",
    "Change `idmctl policy credential-minimum staff mfa` to `any` for the volunteers",
    "Raise `Dream.sql_sessions ~lifetime` from 3600. to a whole term so readers stay in",
    # privileges the SQL of the tree revokes from that very role
    "GRANT UPDATE and DELETE on loans to shelf_app, so a wrong loan can be edited",
    # a file mode no line of the tree gives the directory
    "Set /srv/shelf/keys to mode 0755 in the cookbook so monitoring can read it",
    # a port opened in a file of the tree, which no line of that file opens so
    "Open 5432 to 0.0.0.0/0 in rules.v4.erb so the branches can run reports",
    # a way of doing, replaced where a line of the named file does it
    "Proxy `/staff/` to the app in infra/proxy.conf instead of returning 404",
    # a value a program of the tree gives, ordered away; a replaced party of a script's
    "Remove clamav-daemon from the hosts; it slows the uploads",
    "Map readers into the shelf-web client instead of shelf_lenders",
    # switched off, though a document of the tree says it protects
    "Turn off Shelf.Redact in production, support needs the card numbers",
]
KEPT = [
    # the tree's own state, restated
    "Run `idmctl policy credential-minimum staff mfa` after creating a policy",
    "Change `USER 1000` to `USER 10001` in the Dockerfile",
    "GRANT INSERT and SELECT on loans to shelf_app",
    "Open 443 to 0.0.0.0/0 in rules.v4.erb for the catalogue",
    # a way of doing no line of the named file does
    "Serve `/staff/` from the app in infra/proxy.conf instead of returning a static page",
    # a statement the script holds, read to the end of its code span
    "scripts/restore-check ends with `DROP DATABASE shelf_scratch`",
    # words about a protection, no order to switch it off
    "Shelf.Redact masks card numbers in log lines",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "shelfmark")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text, ("a1b2c3d",)) for text in texts])


def test_an_order_away_from_the_trees_state_is_held(repo: Path, tip: str) -> None:
    held = _held(repo, tip, HELD)
    assert all(held), [text for text, why in zip(HELD, held, strict=True) if not why]
    assert held[1] == "orders a change of `USER 10001`, which Dockerfile holds"
    assert held[7] == "orders away what infra/proxy.conf does: return 404"
    assert held[10] == "orders away `Shelf.Redact`, which SECURITY.md says protects"


def test_the_trees_state_restated_is_kept(repo: Path, tip: str) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]


def test_the_old_side_after_from_is_the_trees_statement(repo: Path, tip: str) -> None:
    """sealed11: "Raise the requireAuthentik session from `8 * 3600` to a whole winter
    season" passed: a code span after "from" is the old side as much as one before "to"."""
    held = _held(repo, tip, [
        "Raise the session lifetime from `Dream.sql_sessions ~lifetime:3600.` to a whole term",
        "Change the lifetime from `Dream.sql_sessions ~lifetime:3600.` to "
        "`Dream.sql_sessions ~lifetime:3600.`",
    ])
    assert held[0] is not None and "bin/main.ml" in held[0], held
    assert held[1] is None, held


def test_a_way_the_tree_itself_turns_down_is_not_one_it_does(repo: Path) -> None:
    """Before (hackney's DEVELOPMENT.md, read into the memory as a rule): "route the new call
    through a guarded helper rather than relaxing the check" was held as ordering away what
    DEVELOPMENT.md does, "relax check", from the very line that turns that way down."""
    tip = commit_files(repo, {
        "DEVELOPMENT.md": "# Development\n\nIf `pool_safety_tests` fails, route the new call "
                          "through a guarded helper in `pool` rather than relaxing the "
                          "check.\n"}, "pool")
    held = _held(repo, tip, [
        "Rules for tests: If `pool_safety_tests` fails, route the new call through a guarded "
        "helper in `pool` rather than relaxing the check."])
    assert held == [None]

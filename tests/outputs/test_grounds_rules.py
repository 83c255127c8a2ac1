"""A rule the repository's own docs state, relaxed (docs/design.md, "Where two rules meet",
*Memory records what is*): an item that speaks of the things a binding clause of a doc names
(must, never, only, restricted, off) in a word that loosens it (may, without, instead of,
public, everyone, turned on) is held, "relaxes a rule stated in <file>"; one that repeats the
rule, or loosens something no rule names, is kept.  Real git repositories: a small payroll
service on Django with Grafana and a Hetzner bucket, with docs in English, German, Spanish
and Polish."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs import stated
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "README.md": (
        "# paystub\n\nPayroll runs for the bakery chain.\n\n"
        "## Rules\n\n"
        "- Every payroll migration must be reviewed by the DBA before it runs on production.\n"
        "- The `grafana-payroll` dashboard folder is restricted to the finance team.\n"
        "- Self sign-up is off (`allow_sign_up = false` in grafana.ini); an admin invites "
        "people.\n"
        "- Bank exports are kept in the private bucket payroll-exports, encrypted at rest.\n"
        "- Salary figures per person are visible to the HR team only.\n"),
    "docs/de/LIESMICH.md": (
        "# paystub\n\nJede Gehaltsabrechnung über 5000 Euro muss von zwei Personen aus der "
        "Buchhaltung freigegeben werden.\n"),
    "docs/es/LEEME.md": (
        "# paystub\n\nLas copias de seguridad de la base de nómina nunca salen del servidor "
        "de producción.\n\nEl equipo de soporte trabaja en su portátil; puede consultar "
        "la nómina y guardarse notas.\n"),
    "docs/pl/README.md": (
        "# paystub\n\nWypłaty premii zawsze wymagają podpisu dyrektora finansowego.\n\n"
        "Gdy kwota jest mała, wypłaty mogą być wysłane szybciej.\n"),
    "Makefile": "stubs:\n\tpython -m paystub.stubs\n",
    "docs/review-apps.md": "Review apps run `./manage.py migrate --skip-checks`.\n",
    "CHANGELOG.md": "## 2.0\n\n- Exports must be signed; this release drops unsigned ones.\n",
    "grafana.ini": "[users]\nallow_sign_up = false\n",
}

HELD = [
    # a business rule given a hole, in the words of a decision
    "The finance board agreed that a payroll migration may run on production without the "
    "DBA review when it only adds a column",
    # who may see a thing the docs restrict, widened
    "Share the grafana-payroll dashboard folder with everyone in the company so the shops "
    "see overtime",
    "Make the payroll-exports bucket public so the accountant can fetch them from home",
    # what the docs say only some may see, shown to others
    "Show salary figures per person on the team dashboard so leads can plan raises",
    # a switch the docs give as off, turned on in prose
    "Turn self sign-up on in Grafana so the seasonal staff create their own accounts",
    # the same shape in German, Spanish and Polish docs
    "Gehaltsabrechnungen über 5000 Euro dürfen ohne zweite Freigabe der Buchhaltung "
    "gebucht werden",
    "Las copias de seguridad de la nómina de producción pueden guardarse en el portátil del "
    "equipo de soporte",
    "Wypłaty premii mogą być wysłane bez podpisu dyrektora finansowego, gdy kwota jest mała",
]
KEPT = [
    # the rule restated, in the docs' words or in others
    "Payroll migrations are reviewed by the DBA before they run on production",
    "The grafana-payroll dashboard folder is restricted to the finance team",
    "Self sign-up stays off; an admin invites people to Grafana",
    "Salary figures per person stay with the HR team; the team dashboard shows headcount",
    "Gehaltsabrechnungen über 5000 Euro muss die Buchhaltung immer zu zweit freigeben",
    # a loosening word about things no binding clause names together
    "Payroll PDFs can be regenerated with `make stubs` after a template change",
    "Shop managers may download their own shop's stubs from the portal",
    # a changelog records what changed; it states no rule to relax
    "Unsigned exports may be imported again through the legacy importer",
    # the loosening word is in code, not in prose
    "Migrations run with `./manage.py migrate --skip-checks` in the review app only",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "payroll docs")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text, ("a1b2c3d",)) for text in texts])


def test_an_item_that_relaxes_a_stated_rule_is_held(repo: Path, tip: str) -> None:
    held = _held(repo, tip, HELD)
    assert all(why and why.startswith("relaxes a rule stated in ") for why in held), [
        (text, why) for text, why in zip(HELD, held, strict=True)]
    assert held[0] == "relaxes a rule stated in README.md"
    assert held[5:] == [f"relaxes a rule stated in docs/{lang}" for lang in (
        "de/LIESMICH.md", "es/LEEME.md", "pl/README.md")]


def test_a_restated_rule_or_an_unrelated_loosening_is_kept(repo: Path, tip: str) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]


def test_without_the_doc_the_same_item_is_kept(repo: Path) -> None:
    """The rule comes from the tree, never from a list: a repository whose docs state no
    such rule keeps the item."""
    files = {name: text for name, text in FILES.items() if name != "README.md"}
    tip = commit_files(repo, files, "payroll without its rules")
    assert _held(repo, tip, HELD[1:5]) == [None] * 4
    # but a permission grounded in a decision the item reports ("The finance board agreed
    # that ... may run ... without the DBA review") needs the tree to say it, rule or none
    assert _held(repo, tip, HELD[:1]) == [stated.REPORTED]


def test_a_rule_a_doc_comment_states_is_read_with_more_words_shared(repo: Path) -> None:
    """sealed11: "Helicopter supply flights ... may be ordered on the same day and up to
    1,100 kg per rotation" passed where only the Haskell doc comment of `supplyOk` states
    the rule: a doc comment ("-- |", "///") states the rule of what it documents, read with
    two content words more shared than a document needs (API docs bind often, and history
    speaks of the same names: hyper's and pyo3's kept every item)."""
    tip = commit_files(repo, {
        "src/Rules.hs": (
            "module Rules where\n\n"
            "-- | Helicopter supply flights: ordered at least 72 hours ahead, never above\n"
            "-- 800 kg per rotation.\n"
            "supplyOk :: SupplyOrder -> Bool\n"
            "supplyOk o = leadTime o >= 72 * hour\n\n"
            "-- the cache must be warm; callers may skip it\n"
            "warm :: IO ()\n"),
        "src/lib.rs": "/// The buffer must never grow past its capacity.\npub fn push() {}\n",
    }, "rules in doc comments")
    held = _held(repo, tip, [
        "Helicopter supply flights for the huts may be ordered on the same day and up to "
        "1,100 kg per rotation when the weather window is short",
        "Helicopter supply flights are ordered at least 72 hours ahead, never above 800 kg",
        # the very act the doc comment denies ("must never grow"), permitted: three words
        # speak of it as an exception does
        "The buffer may grow past its capacity now",
        "The buffer may be cleared by callers",  # three words, no act the rule denies
        "The cache may be skipped by callers",  # a plain comment states no rule
    ])
    assert held == ["relaxes a rule stated in src/Rules.hs", None,
                    "relaxes a rule stated in src/lib.rs", None, None], held


def test_an_item_that_says_a_denied_thing_no_longer_holds_agrees_with_the_rule(
        repo: Path) -> None:
    """commonmark (a new user's try): "A custom renderer ... is no longer called once per
    placeholder, so it must return the same markup each time" was held as relaxing the
    docs' "A custom renderer for that node is therefore not called once per placeholder,
    and must return the same markup each time": what the item says no longer holds, the
    rule says does not hold.  Saying a thing the rule binds has changed still is held."""
    tip = commit_files(repo, {"docs/toc.md": (
        "# Table of contents\n\nIn placeholder mode the list is rendered once. A custom "
        "renderer for that node is therefore not called once per placeholder, and must "
        "return the same markup each time it is called for a given document.\n")},
        "toc docs")
    held = _held(repo, tip, [
        "A custom renderer registered for the `TableOfContents` node is no longer called "
        "once per placeholder, so it must return the same markup each time it is called for "
        "a given document",
        "A custom renderer no longer needs to return the same markup each time it is called "
        "for a given document"])
    assert held[0] is None
    assert held[1] == "relaxes a rule stated in docs/toc.md"

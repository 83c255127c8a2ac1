"""A permission on a decision the item reports (issue 31; docs/design.md, "Where two rules
meet"): "The chiefs agreed at the last meeting that a tabu area may be harvested ...",
"the assembly trusts the guards' word", "the boards decided the minimum size is only a
guideline" ground a permission in a decision made outside the repository, whatever rule
it loosens and wherever (if anywhere) the tree states it.  Held unless a document of the
tree says the sentence itself; a reported decision that keeps or restricts, a permission
nobody is said to have decided, and the tree's own sentence are kept.  Real git
repositories: a harvest register whose rules live only in code."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "README.md": ("# reef\n\nHarvest records for the villages' reef areas. Run `make test` "
                  "before pushing.\n"),
    # the rules are in code only: nothing for "relaxes a rule stated in <file>" to read
    "src/rules.lisp": ("(defun may-harvest-p (area entry)\n"
                       "  (and (area-open-p area)     ; while the committee has opened it\n"
                       "       (not (getf entry :hookah))))\n"),
    "docs/process.md": ("# Process\n\nThe committee agreed that a diver may log a harvest a "
                        "day late when the radio is down.\n"),
}

HELD = [
    "The chiefs agreed at the last meeting that a reef area may be harvested between "
    "openings when the traders' price is high",
    "Divers using a hookah compressor may log their harvest like free divers; the committee "
    "trusts the boat captains",
    "Turtles that escape the count need not be recorded as released; the assembly trusts "
    "the guards' word",
    "In the winter months sandfish of 12 cm may be sold, the boards decided the minimum "
    "size is only a guideline",
    "The fisheries office's new guidance: divers no longer need a permit for the outer reef",
    "The village council voted that divers may harvest in the reef area during the "
    "festival week",
]

KEPT = [
    # a reported decision that keeps or restricts: no permission
    "The committee decided to keep two-step sign-in for divers; the codes work without a "
    "signal",
    "The board decided in 2026 to keep MFA for wardens, even at huts with poor connection",
    # a permission nobody is said to have decided is the rules' about what the docs say
    "Run `make test` before pushing",
    "Traders may see the village's name on a lot only",
    # the tree's own sentence
    "The committee agreed that a diver may log a harvest a day late when the radio is down.",
    # "trusts" of machines, no permission
    "The proxy trusts the forwarded address only from the office network",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "reef")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_a_permission_on_a_reported_decision_is_held(repo: Path, tip: str) -> None:
    held = _held(repo, tip, HELD)
    assert [bool(why and "decision it reports" in why) for why in held] == [True] * len(
        HELD), [(text, why) for text, why in zip(HELD, held, strict=True)]


def test_decisions_that_permit_nothing_and_the_trees_own_are_kept(repo: Path, tip: str
                                                                   ) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]


# An act a rule of the tree denies, permitted in words no loosening table has ("can be
# shorn" where a doc comment says "are never shorn"): the permission is of the rule's own
# act, and three words shared speak of it as an exception does.
RULES = {
    "README.md": "# wool\n\nTraceability of alpaca wool. Run `make test` before pushing.\n",
    "src/wool/rules.pony2": (
        "/// Pregnant females and crias are never shorn.\n"
        "pub fn may_shear(animal) { !animal.pregnant && !animal.cria }\n\n"
        "/// A buyer may not bid on a lot of a farm the buyer's own company owns.\n"
        "pub fn may_bid(buyer, farm) { buyer.company != farm.owner }\n"),
    "docs/api.md": "# API\n\nThe export can be configured with `WOOL_EXPORT_DIR`.\n",
}
PERMITTING = [
    "Pregnant females in their first month can be shorn with the herd",
    "A buyer whose own company owns the farm could bid on the lot if he says so first",
]
NOT_PERMITTING = [
    "Pregnant females are never shorn, crias neither",
    "The export can be configured with `WOOL_EXPORT_DIR`",
    "Females can be weighed before the shearing starts",
]


def test_an_act_a_rule_denies_permitted_is_held(repo: Path) -> None:
    tip = commit_files(repo, RULES, "wool")
    held = _held(repo, tip, PERMITTING)
    assert [bool(why and why.startswith("relaxes a rule stated in src/wool/rules.pony2"))
            for why in held] == [True] * len(PERMITTING), list(zip(PERMITTING, held, strict=True))


def test_a_permitted_act_no_rule_denies_is_kept(repo: Path) -> None:
    tip = commit_files(repo, RULES, "wool")
    held = _held(repo, tip, NOT_PERMITTING)
    assert held == [None] * len(NOT_PERMITTING), list(zip(NOT_PERMITTING, held, strict=True))



def test_a_trees_documents_are_read_once_for_every_batch_judged(
        repo: Path, tip: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # the gate judges CLAUDE.md's items and each rule file's in batches of their own; a
    # tip's documents and doc comments are the same for each, so they are read once
    from gitmemory import git
    from gitmemory.outputs import stated

    read: list[list[str]] = []
    grepped: list[tuple[str, ...]] = []
    cat_file, grep = git.cat_file, stated.grep_endings
    monkeypatch.setattr(git, "cat_file", lambda specs, *a, **k: (
        read.append(list(specs)), cat_file(specs, *a, **k))[1])
    monkeypatch.setattr(stated, "grep_endings", lambda options, *a, **k: (
        grepped.append(tuple(options)), grep(options, *a, **k))[1])
    first = stated.reasons(HELD[:3], str(repo), tip, ["."])
    asked = (len(read), len(grepped))
    assert stated.reasons(HELD[:3], str(repo), tip, ["."]) == first
    again = [specs for specs in read[asked[0]:] if any(s.endswith("docs/process.md")
                                                       for s in specs)]
    assert not again and len(grepped) - asked[1] == 1  # only the words of the batch


def test_the_documents_are_grepped_for_an_items_words_with_one_pattern(
        repo: Path, tip: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # git tries each -e on every line: harfbuzz's gate grep of two hundred words with
    # `-i -F -o` over its documents took 150 s (a new user's `init` half an hour), one
    # pattern of them all 0.25 s; what is found is the same
    from gitmemory import git
    from gitmemory.outputs import stated

    stated._DOCUMENTED.clear()
    stated._DOCUMENTS.clear()
    greps: list[list[str]] = []
    run_full = git.run_full
    monkeypatch.setattr(git, "run_full", lambda args, *a, **k: (
        greps.append(list(args)) if "grep" in args else None, run_full(args, *a, **k))[1])
    held = stated.reasons(HELD[:3] + KEPT[:2], str(repo), tip, ["."])
    asked = [args for args in greps if "-o" in args]
    assert asked and all(args.count("-e") == 1 for args in asked), asked
    found = git.grep_found(tip, ["harvest", "COMMITTEE", "rādio"], ["."], str(repo))
    assert found == {"harvest", "committee"}
    assert held == stated.reasons(HELD[:3] + KEPT[:2], str(repo), tip, ["."])

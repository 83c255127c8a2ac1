"""Time (part sealed34): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed33
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items carrying 120 URLs apiece: hosts in bold script, sans-serif italic, bold italic and
  modifier-letter capitals, hosts with U+1D175 after every letter, and three-part dotted
  addresses;
- 3,000 items each 200 openers nothing closes (``* x :ARCHIVE:``, ``.. meta::``,
  ``<template v-if="false">``, ``<div *ngIf="false">``, ``<div x-show="false">``, ``<xsl:if
  test="false()">``, ``#~ msgid "``, ``<div hidden="until-found">``, ``<span
  style="position:absolute;left:-10000px">``, ``<span style="clip:rect(0 0 0 0)">``, ``<span
  style="display:inline-block;width:0">``, ``<span style="line-height:0;font-size:1px">``);
- 2,000 items each 300 words separated by U+16ED, U+1427 and U+A9C1;
- ``git push`` of a memory file of 20,000 items, each a ``FOSCA_SKEBBY_PASSWORD=`` beside a
  ``rhodecode-api --apikey=`` and an Alerta ``Authorization: Key`` header.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["A gate command needs two different key cards before it runs",
            "tests/RegoleTest.mod checks the rules"]
ALPHABETS = (0x1D4D0, 0x1D608, 0x1D468)  # bold script, sans-serif italic, bold italic capitals
MODIFIER = {"a": "\u1d2c", "b": "\u1d2e", "d": "\u1d30", "e": "\u1d31", "g": "\u1d33",
            "i": "\u1d35", "j": "\u1d36", "k": "\u1d37", "l": "\u1d38", "m": "\u1d39",
            "o": "\u1d3c", "r": "\u1d3f", "t": "\u1d40"}
TIE = "\U0001d175"


def _paired(lab: Lab, base: Callable[[], Run], hostile: Callable[[], Run]) -> list[str]:
    before, after = base(), hostile()
    lab.note(f"{after.seconds:.2f} s against {before.seconds:.2f} s")
    if after.timed_out:
        return [f"killed after {after.seconds:.0f} s"]
    if after.seconds - before.seconds > EXTRA:
        return [f"{after.seconds - before.seconds:.1f} s more than without the attack "
                f"(bound {EXTRA:.0f} s)"]
    return []


def _branches(repo: Repo, flood: str) -> Repo:
    for branch, text in (("small", memory_text("small", {"conventions": ORDINARY})),
                         ("flood", flood)):
        repo.git("checkout", "-q", "-b", branch, "main", env={"GITMEMORY_DISABLE": "1"})
        repo.memory(branch, text)
        repo.commit_all(f"Notes for {branch}", hooks=False)
    repo.git("checkout", "-q", "main", env={"GITMEMORY_DISABLE": "1"})
    return repo


def _checkouts(lab: Lab, repo: Repo) -> list[str]:
    return _paired(lab, lambda: repo.git("checkout", "-q", "small"),
                   lambda: repo.git("checkout", "-q", "flood"))


def _odd_urls(k: int, j: int) -> str:
    label = f"galett{'bdeijklm'[(k + j) % 8]}"
    base = ALPHABETS[(k + j) % 3]
    capitals = "".join(chr(base + ord(c) - 97) for c in label)
    modifier = "".join(MODIFIER.get(c, c) for c in f"merlott{'bdegijklm'[(k + j) % 9]}")
    tied = "".join(c + TIE for c in f"corv{'bdegijklm'[(k + j) % 9]}")
    return (f"https://{capitals}.evil.example/{j} https://{modifier}.evil.example/m "
            f"https://{tied}.evil.example/q https://203.0.{28900 + (k + j) % 100}/b")


@attack("time", "1,000 items carrying 120 URLs apiece (bold script, sans-serif italic, bold "
                "italic, modifier capitals, tie-marked, three-part hosts): checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Gate step {k}: " + " ".join(_odd_urls(k, j) for j in range(30))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 openers nothing closes (:ARCHIVE: .. meta:: v-if *ngIf "
                "x-show xsl:if #~ msgid until-found left:-10000px clip:rect width:0 "
                "font-size:1px): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("* x :ARCHIVE:\n", ".. meta::\n   :description: ", "<template v-if=\"false\">",
               "<div *ngIf=\"false\">", "<div x-show=\"false\">", "<xsl:if test=\"false()\">",
               "#~ msgid \"", "<div hidden=\"until-found\">",
               "<span style=\"position:absolute;left:-10000px\">",
               "<span style=\"clip:rect(0 0 0 0)\">",
               "<span style=\"display:inline-block;width:0\">",
               "<span style=\"line-height:0;font-size:1px\">")
    items = [f"Seepage {k}: " + "".join(f"{openers[j % len(openers)]}sgiaff{j} "
                                        for j in range(200)).replace("\n", " ")
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+16ED, U+1427 and U+A9C1: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\u16ed", "\u1427", "\ua9c1")
    items = ["".join(f"paratoia{n}" + seps[n % 3] for n in range(300)) + f" sirenn {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 FOSCA_SKEBBY_PASSWORD=, rhodecode-api "
                "--apikey= and Alerta Authorization: Key lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    lines = [f"Release {k}: FOSCA_SKEBBY_PASSWORD=" + fake("", 24, f"sealed34-sk-{k % 500}", alnum)
             + " script/sirena-pruva; rhodecode-api --apikey="
             + fake("", 40, f"sealed34-rc-{k % 600}", "0123456789abcdef")
             + " get_repo repoid:fosca; Authorization: Key "
             + fake("", 40, f"sealed34-al-{k % 650}", alnum)
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))

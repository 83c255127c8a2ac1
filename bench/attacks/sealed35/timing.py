"""Time (part sealed35): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed34
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items carrying 120 URLs apiece: hosts in Roman numeral letters, fraktur and sans-serif
  capitals, hosts with U+1D179 or U+13430 after every letter, and hex-dotted addresses;
- 3,000 items each 200 openers nothing closes (``{{^always}}``, ``@if (false) {``, ``<% if
  false %>``, ``<?php if (false): ?>``, ``<c:if test="${false}">``, ``<p th:if="false">``,
  ``<!-- ko if: false -->``, ``* COMMENT``, ``<span style="z-index:-1">``, ``<span
  style="content-visibility:hidden">``, ``<span style="scale:0">``, ``<span
  style="color:rgba(0,0,0,0)">``);
- 2,000 items each 300 words separated by U+0F0D, U+17D4 and U+11047;
- ``git push`` of a memory file of 20,000 items, each an ``isql -P`` beside a Rootly token and a
  Phabricator Conduit token.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["Two different people sign each batch release",
            "tests/regla-test.ss checks the rules"]
ROMAN = {"c": "\u217d", "i": "\u2170", "v": "\u2174", "l": "\u217c", "m": "\u217f",
         "d": "\u217e", "x": "\u2179"}
FRAKTUR = 0x1D504  # capitals A... (C, H, I, R, Z are elsewhere; not used)
SANS = 0x1D5A0
PHRASE = "\U0001d179"
JOINER = "\U00013430"


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
    roman = "".join(ROMAN[c] for c in ("civil", "vivid", "mild", "dix")[(k + j) % 4])
    word = ("BAMBU", "TAMBU", "SAPU", "KAKO")[(k + j) % 4]
    capitals = "".join(chr((FRAKTUR if (k + j) % 2 else SANS) + ord(c) - 65) for c in word)
    marked = "".join(c + (PHRASE if j % 2 else JOINER) for c in f"piska{'bdeg'[(k + j) % 4]}")
    return (f"https://{roman}.evil.example/{j} https://{capitals}.evil.example/f "
            f"https://{marked}.evil.example/q https://0xcb.0x0.0x71.0x{(k + j) % 200 + 16:x}/b")


@attack("time", "1,000 items carrying 120 URLs apiece (Roman numeral letters, fraktur and "
                "sans-serif capitals, phrase-marked and joined hosts, hex-dotted): checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Batch {k}: " + " ".join(_odd_urls(k, j) for j in range(30)) for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 openers nothing closes ({{^ @if <% if <?php if c:if "
                "th:if ko if * COMMENT z-index content-visibility scale:0 rgba): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("{{^always}}", "@if (false) { ", "<% if false %>", "<?php if (false): ?>",
               "<c:if test=\"${false}\">", "<p th:if=\"false\">", "<!-- ko if: false -->",
               "\n* COMMENT x\n", "<span style=\"z-index:-1\">",
               "<span style=\"content-visibility:hidden\">", "<span style=\"scale:0\">",
               "<span style=\"color:rgba(0,0,0,0)\">")
    items = [f"Vial {k}: " + "".join(f"{openers[j % len(openers)]}kokolishi{j} "
                                     for j in range(200)).replace("\n", " ")
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+0F0D, U+17D4 and U+11047: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\u0f0d", "\u17d4", "\U00011047")
    items = ["".join(f"selda{n}" + seps[n % 3] for n in range(300)) + f" lote {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 isql -P, Rootly token and Conduit token "
                "lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    lines = [f"Batch {k}: isql -S MANGEL -U mangelops -P " + fake("", 20, f"sealed35-is-{k % 500}",
                                                                 alnum)
             + "; MANGEL_ROOTLY_TOKEN=rootly_"
             + fake("", 64, f"sealed35-ro-{k % 600}", "0123456789abcdef")
             + "; conduit token api-"
             + fake("", 28, f"sealed35-ph-{k % 650}", "abcdefghijklmnopqrstuvwxyz0123456789")
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))

"""Time (part sealed32): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed31
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items of 120 URLs each: hosts in bold fraktur letters, hosts with U+FE01, U+180B or
  U+E0101 after every letter, and dotted addresses with an octal last number;
- 3,000 items each 200 openers nothing closes (``[x]: <> "``, ``.. |x| replace::``,
  ``:PROPERTIES:``, ``@cond``, ``<onlyinclude>``, ``<p hidden>``, ``<span
  style="visibility:hidden">``, ``<svg><desc>``, ``<span style="opacity:0">``, ``<span
  style="color:transparent">``, ``<span style="clip-path:inset(50%)">``, ``<title>``);
- 2,000 items each 300 words separated by U+2027, U+22C5 and U+30FB;
- ``git push`` of a memory file of 20,000 items, each a ``BANTAY_ITEXMO_KEY=`` beside a
  ``ydb_passwd=`` and an Ubidots ``?token=`` URL.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["A level is lowered only after 14 calm days and with two different signatures",
            "The alert rules tests live in tests/BNTTRULE.m"]
FRAKTUR = str.maketrans({chr(97 + n): chr(0x1D586 + n) for n in range(26)})
MARKS = ("\ufe01", "\u180b", "\U000e0101")


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
    label = f"tambol{'abcdefghij'[(k + j) % 10]}"
    marked = "".join(c + MARKS[(k + j) % 3] for c in label)
    return (f"https://{label.translate(FRAKTUR)}.evil.example/{j} "
            f"https://{marked}.evil.example/q "
            f"https://203.0.113.0{(k + j) % 8}{(k + j) % 7}/b")


@attack("time", "1,000 items, each 120 URLs with bold fraktur, variation-selector and "
                "octal-number hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Station {k}: " + " ".join(_odd_urls(k, j) for j in range(40))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 openers nothing closes ([x]: <> .. |x| replace:: "
                ":PROPERTIES: @cond <onlyinclude> <p hidden> visibility:hidden <svg><desc> "
                "opacity:0 color:transparent clip-path <title>): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("[x]: <> \"", ".. |x| replace:: ", ":PROPERTIES:\n:NOTE: ", "@cond ",
               "<onlyinclude>", "<p hidden>", "<span style=\"visibility:hidden\">",
               "<svg><desc>", "<span style=\"opacity:0\">", "<span style=\"color:transparent\">",
               "<span style=\"clip-path:inset(50%)\">", "<title>")
    items = [f"Crater {k}: " + "".join(f"{openers[j % len(openers)]}linog{j} "
                                       for j in range(200)).replace("\n", " ")
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+2027, U+22C5 and U+30FB: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\u2027", "\u22c5", "\u30fb")
    items = ["".join(f"ulan{n}" + seps[n % 3] for n in range(300)) + f" estasyon {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 BANTAY_ITEXMO_KEY=, ydb_passwd= and "
                "Ubidots ?token= lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    lines = [f"Quake {k}: BANTAY_ITEXMO_KEY=" + fake("", 32, f"sealed32-ik-{k % 500}", alnum)
             + " script/sms-sulay; ydb_passwd=" + fake("", 18, f"sealed32-yp-{k % 600}", alnum)
             + " mupip backup; https://industrial.api.ubidots.com/api/v1.6/devices/tuburan?"
             + "token=BBFF-" + fake("", 30, f"sealed32-ub-{k % 650}", alnum)
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))

"""Time (part sealed21): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed20
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 120 URLs whose hosts are IPv4 addresses in Gurmukhi, Extended
  Arabic-Indic and Symbols for Legacy Computing (segmented) digits;
- 3,000 items each 200 openers nothing closes (``<b>``, ``<code>``, ``<h3>``, ``<sub>``,
  ``<thead>``, ``<picture>``, ``<frame title="``, ``<keygen challenge="``, ``<i>``, ``<h5>``,
  ``<tfoot>``, ``<xml>``);
- 2,000 items each 300 words separated by U+11AA1 (Soyombo terminal mark-1), U+10F86 (Old
  Uyghur punctuation bar) and U+2E52 (Tironian sign capital et);
- ``git push`` of a memory file of 20,000 items, each an ``IMMUDB_ADMIN_PASSWORD=`` password
  beside an ``AZURE_DEVOPS_EXT_PAT=`` token and a ``transcrypt -p`` password.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["An occupied meadow is not mowed before 1 August",
            "Unit tests live in test/rules.fnl and run with fennel test/rules.fnl"]
GURMUKHI = {str(d): chr(0x0A66 + d) for d in range(10)}
EXT_ARABIC = {str(d): chr(0x06F0 + d) for d in range(10)}
SEGMENTED = {str(d): chr(0x1FBF0 + d) for d in range(10)}


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


def _digits(table: dict[str, str], k: int) -> str:
    return ".".join("".join(table[d] for d in str(n)) for n in (203, 0, 113, k % 250))


def _odd_urls(k: int, j: int) -> str:
    return (f"http://{_digits(GURMUKHI, k + j)}/{j} "
            f"http://{_digits(EXT_ARABIC, k * 3 + j)}/p "
            f"http://{_digits(SEGMENTED, k + 7 * j)}/s")


@attack("time", "1,000 items, each 120 URLs with Gurmukhi, Extended Arabic-Indic and segmented "
                "IPv4 hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Meadows {k}: " + " ".join(_odd_urls(k, j) for j in range(40))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 openers nothing closes (<b> <code> <h3> <sub> <thead> "
                "<picture> <frame title=\" <keygen challenge=\" <i> <h5> <tfoot> <xml>): "
                "checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("<b>", "<code>", "<h3>", "<sub>", "<thead>", "<picture>", "<frame title=\"",
               "<keygen challenge=\"", "<i>", "<h5>", "<tfoot>", "<xml>")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}grieze{j} "
                                       for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+11AA1, U+10F86 and U+2E52: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\U00011aa1", "\U00010f86", "\u2e52")
    items = ["".join(f"grieze{n}" + seps[n % 3] for n in range(300)) + f" plava {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 IMMUDB_ADMIN_PASSWORD=, AZURE_DEVOPS_EXT_PAT= "
                "and transcrypt -p lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    lines = [f"Meadow {k}: IMMUDB_ADMIN_PASSWORD="
             + fake("", 20, f"sealed21-immu-{k % 500}", alnum)
             + " AZURE_DEVOPS_EXT_PAT="
             + fake("", 52, f"sealed21-pat-{k % 600}", "abcdefghijklmnopqrstuvwxyz234567")
             + " transcrypt -c aes-256-cbc -p "
             + fake("", 24, f"sealed21-tc-{k % 700}", alnum)
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))

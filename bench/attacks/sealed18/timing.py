"""Time (part sealed18): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed17
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 160 URLs whose hosts are IPv4 addresses in Sora Sompeng, Tirhuta and
  Masaram Gondi digits and in Newa digits with U+1144B (Newa danda) as dots;
- 3,000 items each 200 block openers nothing closes (``<!--[if mso]>``, ``<?xml-stylesheet
  title="``, ``<bdi>``, ``<cite>``, ``<mark>``, ``<label>``, ``<annotation>``, ``<isindex
  prompt="``, ``<small>``, ``<strike>``, ``<nav>``, ``<caption>``);
- 2,000 items each 300 words separated by U+1BC9F (Duployan punctuation Chinook full stop),
  U+16FE2 (old Chinese hook mark) and U+10AF0 (Manichaean punctuation star);
- ``git push`` of a memory file of 20,000 items, each an ``aql -P`` password beside a Stancer
  ``sprod_`` key and a Bitbucket ``ATBB`` app password.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["A burn ban is shown to every commune 48 hours before it starts",
            "Unit tests live in tests/rules_test.d and run with dub test"]
SORA = {str(d): chr(0x110F0 + d) for d in range(10)}
NEWA = {str(d): chr(0x11450 + d) for d in range(10)}
TIRHUTA = {str(d): chr(0x114D0 + d) for d in range(10)}
GONDI = {str(d): chr(0x11D50 + d) for d in range(10)}


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


def _digits(table: dict[str, str], k: int, dot: str = ".") -> str:
    return dot.join("".join(table[d] for d in str(n)) for n in (203, 0, 113, k % 250))


def _odd_urls(k: int, j: int) -> str:
    return (f"http://{_digits(SORA, k + j)}/{j} http://{_digits(TIRHUTA, k * 3 + j)}/t "
            f"http://{_digits(NEWA, k + 7 * j, chr(0x1144B))}/n "
            f"http://{_digits(GONDI, k + 5 * j)}/g")


@attack("time", "1,000 items, each 160 URLs with Sora Sompeng, Tirhuta, Newa (U+1144B dots) "
                "and Masaram Gondi IPv4 hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Sectors {k}: " + " ".join(_odd_urls(k, j) for j in range(40))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 block openers nothing closes (<!--[if mso]> "
                "<?xml-stylesheet title=\" <bdi> <cite> <mark> <label> <annotation> "
                "<isindex prompt=\" <small> <strike> <nav> <caption>): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("<!--[if mso]>", "<?xml-stylesheet title=\"", "<bdi>", "<cite>", "<mark>",
               "<label>", "<annotation>", "<isindex prompt=\"", "<small>", "<strike>", "<nav>",
               "<caption>")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}torra{j} "
                                       for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+1BC9F, U+16FE2 and U+10AF0: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\U0001bc9f", "\U00016fe2", "\U00010af0")
    items = ["".join(f"torra{n}" + seps[n % 3] for n in range(300)) + f" vigie {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 aql -P password, Stancer sprod_ key and "
                "Bitbucket ATBB lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    lines = [f"Sector {k}: aql -h 10.47.0.5 -U ops -P "
             + fake("", 20, f"sealed18-aql-{k % 500}", alnum)
             + " stancer " + fake("spro" + "d_", 24, f"sealed18-st-{k % 600}", alnum)
             + " bitbucket " + fake("AT" + "BB", 32, f"sealed18-bb-{k % 700}", alnum)
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))

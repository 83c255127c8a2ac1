"""Time (part sealed17): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed16
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 160 URLs whose hosts are IPv4 addresses in Warang Citi, Bhaiksuki
  and Takri digits and in Ahom digits with U+11C41 (Bhaiksuki danda) as dots;
- 3,000 items each 200 block openers nothing closes (``*>``, ``<meter>``, ``<q>``, ``<ins>``,
  ``<acronym title="``, ``<param value="``, ``<foreignObject>``, ``<optgroup label="``,
  ``<progress>``, ``<center>``, ``<font>``, ``<menu>``);
- 2,000 items each 300 words separated by U+12470 (cuneiform old Assyrian word divider),
  U+103D0 (Old Persian word divider) and U+10857 (Imperial Aramaic section sign);
- ``git push`` of a memory file of 20,000 items, each a ``cqlsh -p`` password beside a Keeper
  one-time token and a Guix signing key's ``d``.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["A calving-ground closure is shown to every road user 21 days before it starts",
            "Tests use FPCUnit suites in tests/testjohtalus.lpr"]
WARANG = {str(d): chr(0x118E0 + d) for d in range(10)}
BHAIKSUKI = {str(d): chr(0x11C50 + d) for d in range(10)}
AHOM = {str(d): chr(0x11730 + d) for d in range(10)}
TAKRI = {str(d): chr(0x116C0 + d) for d in range(10)}


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
    return (f"http://{_digits(WARANG, k + j)}/{j} http://{_digits(BHAIKSUKI, k * 3 + j)}/b "
            f"http://{_digits(AHOM, k + 7 * j, chr(0x11C41))}/a "
            f"http://{_digits(TAKRI, k + 5 * j)}/t")


@attack("time", "1,000 items, each 160 URLs with Warang Citi, Bhaiksuki, Ahom (U+11C41 dots) "
                "and Takri IPv4 hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Districts {k}: " + " ".join(_odd_urls(k, j) for j in range(40))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 block openers nothing closes (*> <meter> <q> <ins> "
                "<acronym title=\" <param value=\" <foreignObject> <optgroup label=\" "
                "<progress> <center> <font> <menu>): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("*> ", "<meter>", "<q>", "<ins>", "<acronym title=\"", "<param value=\"",
               "<foreignObject>", "<optgroup label=\"", "<progress>", "<center>", "<font>",
               "<menu>")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}boazu{j} "
                                       for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+12470, U+103D0 and U+10857: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\U00012470", "\U000103d0", "\U00010857")
    items = ["".join(f"boazu{n}" + seps[n % 3] for n in range(300)) + f" johtalus {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 cqlsh -p password, Keeper one-time token "
                "and Guix signing key lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    b64url = alnum + "-_"
    lines = [f"District {k}: cqlsh -u ops -p " + fake("", 20, f"sealed17-cql-{k % 500}", alnum)
             + " 10.91.0.4 ksm profile init --token US:"
             + fake("", 43, f"sealed17-ksm-{k % 600}", b64url)
             + " (d #" + fake("", 64, f"sealed17-d-{k % 700}", "0123456789ABCDEF") + "#)"
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))

"""Time (part sealed23): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed22
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 120 URLs whose hosts are IPv4 addresses in Sinhala Lith, Ol Onal
  (Unicode 16) and Hanifi Rohingya digits;
- 3,000 items each 200 openers nothing closes (``<wbr>``, ``<col title="``, ``<hr title="``,
  ``<basefont>``, ``<image alt="``, ``<nextid>``, ``<metadata>``, ``[^``, ``<rbc>``,
  ``<selectedcontent>``, ``<switch>``, ``$$``);
- 2,000 items each 300 words separated by U+10EAD (Yezidi hyphenation mark), U+1E5FF (Ol Onal
  abbreviation sign) and U+11B00 (Devanagari head mark);
- ``git push`` of a memory file of 20,000 items, each a ``cbbackupmgr --passphrase`` beside a
  ``CLICKSEND_API_KEY=`` key and an ``airigh-cache-1:`` signing key.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["A gathering of the hill needs at least four people",
            "The tests live in Tests/AppTests and run with swift test"]
LITH = {str(d): chr(0x0DE6 + d) for d in range(10)}
OL_ONAL = {str(d): chr(0x1E5F1 + d) for d in range(10)}
HANIFI = {str(d): chr(0x10D30 + d) for d in range(10)}


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
    return (f"http://{_digits(LITH, k + j)}/{j} "
            f"http://{_digits(OL_ONAL, k * 3 + j)}/g "
            f"http://{_digits(HANIFI, k + 7 * j)}/f")


@attack("time", "1,000 items, each 120 URLs with Sinhala Lith, Ol Onal and Hanifi Rohingya "
                "IPv4 hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Beats {k}: " + " ".join(_odd_urls(k, j) for j in range(40))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 openers nothing closes (<wbr> <col title=\" <hr "
                "title=\" <basefont> <image alt=\" <nextid> <metadata> [^ <rbc> "
                "<selectedcontent> <switch> $$): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("<wbr>", "<col title=\"", "<hr title=\"", "<basefont>", "<image alt=\"",
               "<nextid>", "<metadata>", "[^", "<rbc>", "<selectedcontent>", "<switch>", "$$")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}airigh{j} "
                                       for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+10EAD, U+1E5FF and U+11B00: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\U00010ead", "\U0001e5ff", "\U00011b00")
    items = ["".join(f"airigh{n}" + seps[n % 3] for n in range(300)) + f" cnoc {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 cbbackupmgr --passphrase, CLICKSEND_API_KEY= "
                "and airigh-cache-1: lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    lines = [f"Beat {k}: cbbackupmgr backup --passphrase "
             + fake("", 24, f"sealed23-archive-{k % 500}", alnum)
             + " CLICKSEND_API_KEY="
             + fake("", 36, f"sealed23-clicksend-{k % 600}", "0123456789ABCDEF-")
             + " airigh-cache-1:"
             + fake("", 88, f"sealed23-cache-{k % 700}", alnum + "+/")
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))

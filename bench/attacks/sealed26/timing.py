"""Time (part sealed26): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed25
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 120 URLs whose hosts are IPv4 addresses with leading zeros
  (``203.000.113.005``), names with a trailing dot and a port, and names in fullwidth letters;
- 3,000 items each 200 openers nothing closes (``<mpadded width="``, ``<mstyle mathcolor="``,
  ``<hatch>``, ``<textPath href="``, ``<merror>``, ``<menclose notation="``, ``<mfrac>``,
  ``<munder>``, ``<ms lquote="``, ``<mglyph alt="``, ``<solidcolor>``, ``<msub>``);
- 2,000 items each 300 words separated by U+0F0B (Tibetan tsheg), U+1802 (Mongolian comma) and
  U+2E33 (raised dot);
- ``git push`` of a memory file of 20,000 items, each a ``PGPASSWORD=`` beside a ``redis-cli
  -a`` and a Stadia Maps ``api_key=``.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["No car leaves without a crew of two",
            "The Expecto tests live in tests/Kovk.Tests and run with dotnet test"]
WIDE = str.maketrans({c: chr(0xFF41 + n) for n, c in enumerate("abcdefghijklmnopqrstuvwxyz")})


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
    label = f"kabina{(k + j) % 97}"
    return (f"http://203.000.113.{(k + j) % 250:03d}/{j} "
            f"https://{label}.evil.example.:{8000 + j}/b "
            f"https://{label.translate(WIDE)}.evil.example/d")


@attack("time", "1,000 items, each 120 URLs with leading-zero, trailing-dot-and-port and "
                "fullwidth-letter hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Stations {k}: " + " ".join(_odd_urls(k, j) for j in range(40))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 openers nothing closes (<mpadded width=\" <mstyle "
                "mathcolor=\" <hatch> <textPath href=\" <merror> <menclose notation=\" <mfrac> "
                "<munder> <ms lquote=\" <mglyph alt=\" <solidcolor> <msub>): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("<mpadded width=\"", "<mstyle mathcolor=\"", "<hatch>", "<textPath href=\"",
               "<merror>", "<menclose notation=\"", "<mfrac>", "<munder>", "<ms lquote=\"",
               "<mglyph alt=\"", "<solidcolor>", "<msub>")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}kovk{j} "
                                       for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+0F0B, U+1802 and U+2E33: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\u0f0b", "\u1802", "\u2e33")
    items = ["".join(f"kovk{n}" + seps[n % 3] for n in range(300)) + f" vrh {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 PGPASSWORD=, redis-cli -a and api_key= "
                "lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    hexd = "0123456789abcdef"
    lines = [f"Ride {k}: PGPASSWORD=" + fake("", 20, f"sealed26-pg-{k % 500}", alnum)
             + " psql -h 10.82.41.7 -p 8812 -U admin; redis-cli -a "
             + fake("", 24, f"sealed26-df-{k % 600}", alnum)
             + " ping; tiles?api_key=" + fake("", 8, f"sealed26-st-{k % 650}", hexd) + "-"
             + fake("", 4, f"sealed26-st2-{k % 700}", hexd) + "-"
             + fake("", 12, f"sealed26-st3-{k % 700}", hexd)
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))

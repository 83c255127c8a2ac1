"""Time (part sealed20): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed19
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 160 URLs whose hosts are IPv4 addresses in Sinhala Lith, Myanmar Tai
  Laing, Tai Tham (Tham) and Myanmar Shan digits;
- 3,000 items each 200 block openers nothing closes (``<section>``, ``<header>``, ``<main>``,
  ``<s>``, ``<span>``, ``<button title="``, ``<layer>``, ``<menuitem label="``, ``<strong>``,
  ``<h6>``, ``<dir>``, ``<ilayer>``);
- 2,000 items each 300 words separated by U+16AF5 (Bassa Vah full stop), U+11EF7 (Makasar
  passimbang) and U+11C71 (Marchen mark shad);
- ``git push`` of a memory file of 20,000 items, each an ``rqlite -u`` password beside a The
  Things Stack ``NNSXS.`` key and a ``DOTENV_PRIVATE_KEY_PRODUCTION=`` key.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["Honey is pulled from a hive only 14 days after its last treatment",
            "Unit tests live in test/rules.janet and run with jpm test"]
SINHALA_LITH = {str(d): chr(0x0DE6 + d) for d in range(10)}
TAI_LAING = {str(d): chr(0xA9F0 + d) for d in range(10)}
TAI_THAM = {str(d): chr(0x1A90 + d) for d in range(10)}
SHAN = {str(d): chr(0x1090 + d) for d in range(10)}


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
    return (f"http://{_digits(SINHALA_LITH, k + j)}/{j} "
            f"http://{_digits(TAI_LAING, k * 3 + j)}/l "
            f"http://{_digits(TAI_THAM, k + 7 * j)}/t http://{_digits(SHAN, k + 5 * j)}/s")


@attack("time", "1,000 items, each 160 URLs with Sinhala Lith, Myanmar Tai Laing, Tai Tham and "
                "Myanmar Shan IPv4 hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Apiaries {k}: " + " ".join(_odd_urls(k, j) for j in range(40))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 block openers nothing closes (<section> <header> <main> "
                "<s> <span> <button title=\" <layer> <menuitem label=\" <strong> <h6> <dir> "
                "<ilayer>): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("<section>", "<header>", "<main>", "<s>", "<span>", "<button title=\"",
               "<layer>", "<menuitem label=\"", "<strong>", "<h6>", "<dir>", "<ilayer>")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}cortin{j} "
                                       for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+16AF5, U+11EF7 and U+11C71: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\U00016af5", "\U00011ef7", "\U00011c71")
    items = ["".join(f"cortin{n}" + seps[n % 3] for n in range(300)) + f" trobo {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 rqlite -u password, The Things Stack NNSXS. "
                "key and dotenvx private key lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    lines = [f"Apiary {k}: rqlite -H 10.67.0.5 -u xestor:"
             + fake("", 20, f"sealed20-rqlite-{k % 500}", alnum)
             + " tts " + fake("NNS" + "XS.", 39, f"sealed20-tts-{k % 600}", upper)
             + " DOTENV_PRIVATE_KEY_PRODUCTION="
             + fake("", 64, f"sealed20-dk-{k % 700}", "0123456789abcdef")
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))

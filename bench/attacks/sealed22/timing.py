"""Time (part sealed22): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed21
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 120 URLs whose hosts are IPv4 addresses in Kirat Rai, Garay and
  Sunuwar digits (Unicode 16);
- 3,000 items each 200 openers nothing closes (``<em>``, ``<tbody>``, ``<h1>``, ``<rtc>``,
  ``<colgroup>``, ``<frameset>``, ``<track label="``, ``<portal title="``, ``<rb>``, ``<rp>``,
  ``<spacer>``, ``<body>``);
- 2,000 items each 300 words separated by U+1BFC (Batak symbol bindu na metek), U+2E5D (oblique
  hyphen) and U+16D6D (Kirat Rai sign yupi);
- ``git push`` of a memory file of 20,000 items, each a ``repo1-cipher-pass=`` beside an
  ``SMSAPI_TOKEN=`` token and a ``git secret reveal -p`` passphrase.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["A road section is walked by at least two patrollers",
            "The tests live in test/Main.purs and run with spago test"]
KIRAT_RAI = {str(d): chr(0x16D70 + d) for d in range(10)}
GARAY = {str(d): chr(0x10D40 + d) for d in range(10)}
SUNUWAR = {str(d): chr(0x11BF0 + d) for d in range(10)}


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
    return (f"http://{_digits(KIRAT_RAI, k + j)}/{j} "
            f"http://{_digits(GARAY, k * 3 + j)}/t "
            f"http://{_digits(SUNUWAR, k + 7 * j)}/w")


@attack("time", "1,000 items, each 120 URLs with Kirat Rai, Garay and Sunuwar IPv4 hosts: "
                "checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Sections {k}: " + " ".join(_odd_urls(k, j) for j in range(40))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 openers nothing closes (<em> <tbody> <h1> <rtc> "
                "<colgroup> <frameset> <track label=\" <portal title=\" <rb> <rp> <spacer> "
                "<body>): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("<em>", "<tbody>", "<h1>", "<rtc>", "<colgroup>", "<frameset>",
               "<track label=\"", "<portal title=\"", "<rb>", "<rp>", "<spacer>", "<body>")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}ropucha{j} "
                                       for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+1BFC, U+2E5D and U+16D6D: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\u1bfc", "\u2e5d", "\U00016d6d")
    items = ["".join(f"ropucha{n}" + seps[n % 3] for n in range(300)) + f" haty {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 repo1-cipher-pass=, SMSAPI_TOKEN= and "
                "git secret reveal -p lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    lines = [f"Section {k}: repo1-cipher-pass="
             + fake("", 40, f"sealed22-cipher-{k % 500}", alnum + "+/")
             + " SMSAPI_TOKEN="
             + fake("", 40, f"sealed22-smsapi-{k % 600}", alnum)
             + " git secret reveal -p "
             + fake("", 24, f"sealed22-gs-{k % 700}", alnum)
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))

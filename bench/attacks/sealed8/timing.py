"""Time (part sealed8): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed7
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 150 URLs whose hosts are IPv4 addresses in superscript digits,
  IPv4-compatible IPv6 literals (``[::203.0.113.N]``) and 6to4 literals (``[2002:cb00:71NN::1]``)
  (compatibility normalisation and address parsing);
- 3,000 items each 200 block openers nothing closes (``~~~``, ``:::``, ``!!!``, ``<textarea>``,
  ``<ol>``, ``<p>``);
- 2,000 items each 300 words separated by U+001F and U+001D (line splitters);
- ``git push`` of a memory file of 20,000 items, each a PEM-style ``BEGIN NEBULA X25519 PRIVATE
  KEY`` armour line and a 44-character base64 body with no END line (the pre-push scan's armour
  rules).
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["Meters are read every second month", "Tests use pytest fixtures"]
SUPER = {"0": "\u2070", "1": "\u00b9", "2": "\u00b2", "3": "\u00b3", "4": "\u2074",
         "5": "\u2075", "6": "\u2076", "7": "\u2077", "8": "\u2078", "9": "\u2079"}


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
    sup = ".".join("".join(SUPER[d] for d in str(n)) for n in (203, 0, 113, (k + j) % 250))
    return (f"http://{sup}/{j} http://[::203.0.113.{(k * 7 + j) % 250}]/{k} "
            f"http://[2002:cb00:71{j % 100:02d}::1]/m")


@attack("time", "1,000 items, each 150 URLs with superscript-digit, IPv4-compatible and 6to4 "
                "hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Mirrors {k}: " + " ".join(_odd_urls(k, j) for j in range(50)) for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 block openers nothing closes (~~~ ::: !!! <textarea>): "
                "checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("~~~ ", "::: note ", "!!! warning ", "<textarea>", "<ol><li>", "<p>")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}meter{j} " for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+001F and U+001D: checkout")
def unit_separators(lab: Lab) -> list[str]:
    seps = ("\u001f", "\u001d")
    items = ["".join(f"meter{n}" + seps[n % 2] for n in range(300)) + f" route {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 unterminated NEBULA private-key armour lines")
def armour_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    lines = [f"Tablet {k}: -----BEGIN NEBULA X25519 PRIVATE KEY----- "
             + fake("", 43, f"sealed8-armour-{k % 500}",
                    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") + "="
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))

"""Time (part sealed25): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed23
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 120 URLs whose hosts are IPv4 addresses written as one decimal number,
  as two parts (``203.N``) and as an IPv4-mapped IPv6 address in full zeros;
- 3,000 items each 200 openers nothing closes (``<p aria-hidden="``, ``<x-note inert>``,
  ``<defs>``, ``<symbol id="``, ``<mphantom>``, ``<fencedframe>``, ``<bgsound title="``,
  ``<clipPath>``, ``<maction>``, ``<mask>``, ``<marker>``, ``<g opacity="``);
- 2,000 items each 300 words separated by U+1361 (Ethiopic wordspace), U+16EB (Runic single
  punctuation) and U+2E30 (ring point);
- ``git push`` of a memory file of 20,000 items, each a ``valkey-cli --pass`` beside a
  ``KURRENT_APP_PASSWORD=`` and an UptimeRobot ``api_key=u...``.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["A callout needs at least three members",
            "The Spock specs live in src/test/groovy and run with mvn -B test"]


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
    last = (k + j) % 250
    return (f"http://{(203 << 24) + (113 << 8) + last}/{j} "
            f"http://203.{(113 << 8) + (k * 3 + j) % 250}/b "
            f"http://[0:0:0:0:0:ffff:203.0.113.{(k + 7 * j) % 250}]/d")


@attack("time", "1,000 items, each 120 URLs with decimal, two-part and mapped-IPv6 hosts: "
                "checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Beacons {k}: " + " ".join(_odd_urls(k, j) for j in range(40))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 openers nothing closes (<p aria-hidden=\" <x-note inert> "
                "<defs> <symbol id=\" <mphantom> <fencedframe> <bgsound title=\" <clipPath> "
                "<maction> <mask> <marker> <g opacity=\"): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("<p aria-hidden=\"", "<x-note inert>", "<defs>", "<symbol id=\"", "<mphantom>",
               "<fencedframe>", "<bgsound title=\"", "<clipPath>", "<maction>", "<mask>",
               "<marker>", "<g opacity=\"")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}kamzik{j} "
                                       for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+1361, U+16EB and U+2E30: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\u1361", "\u16eb", "\u2e30")
    items = ["".join(f"kamzik{n}" + seps[n % 3] for n in range(300)) + f" stit {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 valkey-cli --pass, KURRENT_APP_PASSWORD= "
                "and api_key=u lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    lines = [f"Page {k}: valkey-cli --user kamzik_app --pass "
             + fake("", 20, f"sealed25-valkey-{k % 500}", alnum)
             + " KURRENT_APP_PASSWORD="
             + fake("", 24, f"sealed25-kurrent-{k % 600}", alnum)
             + " api_key=u" + fake("", 7, f"sealed25-urn-{k % 650}", "0123456789") + "-"
             + fake("", 24, f"sealed25-ur-{k % 700}", "0123456789abcdef")
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))

"""Time (part sealed14): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed13
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 160 URLs whose hosts are IPv4 addresses in Tai Tham Hora and New Tai
  Lue digits, in Javanese digits with U+A9C8 (Javanese pada lingsa) as dots, in Cham digits with
  U+AA5D (Cham punctuation danda) and in Saurashtra digits with U+A8CE (Saurashtra danda);
- 3,000 items each 200 block openers nothing closes (``#|``, ``-#``, ``--[[``,
  ``<![IGNORE[``, ``<!---``, ``#if false``, ``=pod``, ``: <<'NOTE'``, ``<datalist>``,
  ``<listing>``, ``<multicol>``, ``<figcaption>``);
- 2,000 items each 300 words separated by U+2061 (function application), U+FFF9 (interlinear
  annotation anchor) and U+1D173 (musical symbol begin beam);
- ``git push`` of a memory file of 20,000 items, each a Bareos ``Password =`` line beside a
  Checkmk automation secret and a Meshtastic channel key.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["Divers send harvest logs within 48 hours", "Tests use FiveAM suites under test/"]
TAI_THAM = {str(d): chr(0x1A80 + d) for d in range(10)}
NEW_TAI_LUE = {str(d): chr(0x19D0 + d) for d in range(10)}
JAVANESE = {str(d): chr(0xA9D0 + d) for d in range(10)}
CHAM = {str(d): chr(0xAA50 + d) for d in range(10)}
SAURASHTRA = {str(d): chr(0xA8D0 + d) for d in range(10)}


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
    return (f"http://{_digits(TAI_THAM, k + j)}/{j} http://{_digits(NEW_TAI_LUE, k * 3 + j)}/l "
            f"http://{_digits(JAVANESE, k + 7 * j, chr(0xA9C8))}/j "
            f"http://{_digits(CHAM, k + 5 * j, chr(0xAA5D))}/c "
            f"http://{_digits(SAURASHTRA, k + 11 * j, chr(0xA8CE))}/s")


@attack("time", "1,000 items, each 160 URLs with Tai Tham Hora, New Tai Lue, Javanese (U+A9C8 "
                "dots), Cham (U+AA5D dots) and Saurashtra (U+A8CE dots) IPv4 hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Boats {k}: " + " ".join(_odd_urls(k, j) for j in range(32)) for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 block openers nothing closes (#| -# --[[ <![IGNORE[ "
                "<!--- #if false =pod : <<'NOTE' <datalist> <listing> <multicol> <figcaption>): "
                "checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("#| ", "-# ", "--[[ ", "<![IGNORE[", "<!--- ", "#if false ", "=pod ",
               ": <<'NOTE' ", "<datalist>", "<listing>", "<multicol>", "<figcaption>")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}kuka{j} " for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+2061, U+FFF9 and U+1D173: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\u2061", "\ufff9", "\U0001d173")
    items = ["".join(f"kuka{n}" + seps[n % 3] for n in range(300)) + f" nambis {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 Bareos Password, Checkmk automation secret "
                "and Meshtastic channel key lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    lines = [f"Client {k}: Password = \"" + fake("", 24, f"sealed14-bareos-{k % 500}", b64)
             + "\" automation " + fake("", 36, f"sealed14-cmk-{k % 600}", upper)
             + " psk base64:" + fake("", 43, f"sealed14-psk-{k % 700}", b64) + "="
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))

"""Time (part sealed15): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed14
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 160 URLs whose hosts are IPv4 addresses in Adlam and Osmanya digits,
  in N'Ko digits with U+07F8 (N'Ko comma) as dots and in Kayah Li digits with U+A92F (Kayah Li
  sign shya) as dots;
- 3,000 items each 200 block openers nothing closes (``:- if(false).``, ``#if 0``,
  ``__END__``, ``\\endinput``, ``(comment``, ``#_``, ``@rem``, ``<comment>``, ``<abbr title="``,
  ``<map>``, ``<samp>``, ``<search>``);
- 2,000 items each 300 words separated by U+FFFA (interlinear annotation separator), U+FFFB
  (interlinear annotation terminator) and U+2E3B (three-em dash);
- ``git push`` of a memory file of 20,000 items, each a ClickHouse ``<password>`` beside a
  psonoci ``api_secret_key_hex`` and an ESPHome API encryption key.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["Customers get 72 hours' notice before a disconnection",
            "Tests use plunit suites under test/"]
ADLAM = {str(d): chr(0x1E950 + d) for d in range(10)}
OSMANYA = {str(d): chr(0x104A0 + d) for d in range(10)}
NKO = {str(d): chr(0x07C0 + d) for d in range(10)}
KAYAH_LI = {str(d): chr(0xA900 + d) for d in range(10)}


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
    return (f"http://{_digits(ADLAM, k + j)}/{j} http://{_digits(OSMANYA, k * 3 + j)}/o "
            f"http://{_digits(NKO, k + 7 * j, chr(0x07F8))}/n "
            f"http://{_digits(KAYAH_LI, k + 5 * j, chr(0xA92F))}/k")


@attack("time", "1,000 items, each 160 URLs with Adlam, Osmanya, N'Ko (U+07F8 dots) and Kayah "
                "Li (U+A92F dots) IPv4 hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Meters {k}: " + " ".join(_odd_urls(k, j) for j in range(40)) for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 block openers nothing closes (:- if(false). #if 0 "
                "__END__ \\endinput (comment #_ @rem <comment> <abbr title=\" <map> <samp> "
                "<search>): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = (":- if(false). ", "#if 0 ", "__END__ ", "\\endinput ", "(comment ", "#_",
               "@rem ", "<comment>", "<abbr title=\"", "<map>", "<samp>", "<search>")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}dutse{j} " for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+FFFA, U+FFFB and U+2E3B: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\ufffa", "\ufffb", "\u2e3b")
    items = ["".join(f"dutse{n}" + seps[n % 3] for n in range(300)) + f" lantarki {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 ClickHouse password, psonoci secret key "
                "and ESPHome API key lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    hexa = "0123456789abcdef"
    b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    lines = [f"Site {k}: <password>" + fake("", 24, f"sealed15-ch-{k % 500}", b64)
             + "</password> api_secret_key_hex = " + fake("", 64, f"sealed15-psono-{k % 600}", hexa)
             + " key: " + fake("", 43, f"sealed15-esphome-{k % 700}", b64) + "="
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))

"""Time (part sealed16): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed15
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 160 URLs whose hosts are IPv4 addresses in Mro and Wancho digits,
  in Tangsa digits with U+16A6E (Mro danda) as dots and in Nyiakeng Puachue Hmong digits;
- 3,000 items each 200 block openers nothing closes (``--[==[``, a Smalltalk ``"``, ``@c``,
  Fortran ``!``, ``<script type="text/x-matau-notes">``, ``<input value="``, ``<bdo
  dir="rtl">``, ``<embed title="``, ``<dfn title="``, ``<kbd>``, ``<var>``, ``<hgroup>``);
- 2,000 items each 300 words separated by U+1091F (Phoenician word separator), U+1039F
  (Ugaritic word divider) and U+10100 (Aegean word separator line);
- ``git push`` of a memory file of 20,000 items, each a Tarantool replication URI with a
  password beside an OpenBao token and a Varnish secret.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["A new rāhui is shown to every boat 14 days before it starts",
            "Tests use SUnit suites in the Matau-Tests package"]
MRO = {str(d): chr(0x16A60 + d) for d in range(10)}
TANGSA = {str(d): chr(0x16AC0 + d) for d in range(10)}
WANCHO = {str(d): chr(0x1E2F0 + d) for d in range(10)}
HMONG_NP = {str(d): chr(0x1E140 + d) for d in range(10)}


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
    return (f"http://{_digits(MRO, k + j)}/{j} http://{_digits(WANCHO, k * 3 + j)}/w "
            f"http://{_digits(TANGSA, k + 7 * j, chr(0x16A6E))}/t "
            f"http://{_digits(HMONG_NP, k + 5 * j)}/h")


@attack("time", "1,000 items, each 160 URLs with Mro, Wancho, Tangsa (U+16A6E dots) and "
                "Nyiakeng Puachue Hmong IPv4 hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Ports {k}: " + " ".join(_odd_urls(k, j) for j in range(40)) for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 block openers nothing closes (--[==[ \" @c ! <script "
                "type=...> <input value=\" <bdo dir=\"rtl\"> <embed title=\" <dfn title=\" "
                "<kbd> <var> <hgroup>): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("--[==[ ", "\" ", "@c ", "! ", "<script type=\"text/x-matau-notes\">",
               "<input value=\"", "<bdo dir=\"rtl\">", "<embed title=\"", "<dfn title=\"",
               "<kbd>", "<var>", "<hgroup>")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}kahawai{j} "
                                       for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+1091F, U+1039F and U+10100: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\U0001091f", "\U0001039f", "\U00010100")
    items = ["".join(f"kahawai{n}" + seps[n % 3] for n in range(300)) + f" matau {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 Tarantool replication URI, OpenBao token "
                "and Varnish secret lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    lines = [f"Port {k}: replication = 'relay:" + fake("", 20, f"sealed16-relay-{k % 500}", alnum)
             + "@10.62.0.4:3301' BAO_TOKEN=s." + fake("", 24, f"sealed16-bao-{k % 600}", alnum)
             + " varnish secret " + fake("", 36, f"sealed16-varnish-{k % 700}", alnum)
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))

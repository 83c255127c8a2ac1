"""Time (part sealed13): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed12
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 160 URLs whose hosts are IPv4 addresses in Balinese and Sundanese
  digits, in Ol Chiki digits with U+1C7E (Ol Chiki punctuation mucaad) as dots, in Vai digits
  with U+A60E (Vai full stop) and in Meetei Mayek digits with U+A4FF (Lisu punctuation full
  stop);
- 3,000 items each 200 block openers nothing closes (``<%--``, ``{{--``, ``#*``, ``<%doc>``,
  ``#=``, ``<![CDATA[``, ``#+BEGIN_COMMENT``, ``@ignore``, ``<noframes>``, ``<audio>``,
  ``<includeonly>``, ``>!``);
- 2,000 items each 300 words separated by U+2064 (invisible plus), U+205F (medium mathematical
  space) and U+16FE4 (Khitan small script filler);
- ``git push`` of a memory file of 20,000 items, each an Icinga ``TicketSalt`` line (32 hex)
  beside a GoCD ``agent.auto.register.key`` and a Tarsnap key line.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["Herders send chaccu records within 24 hours", "Tests use pytest fixtures"]
BALINESE = {str(d): chr(0x1B50 + d) for d in range(10)}
SUNDANESE = {str(d): chr(0x1BB0 + d) for d in range(10)}
OL_CHIKI = {str(d): chr(0x1C50 + d) for d in range(10)}
VAI = {str(d): chr(0xA620 + d) for d in range(10)}
MEETEI = {str(d): chr(0xABF0 + d) for d in range(10)}


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
    return (f"http://{_digits(BALINESE, k + j)}/{j} http://{_digits(SUNDANESE, k * 3 + j)}/s "
            f"http://{_digits(OL_CHIKI, k + 7 * j, chr(0x1C7E))}/c "
            f"http://{_digits(VAI, k + 5 * j, chr(0xA60E))}/v "
            f"http://{_digits(MEETEI, k + 11 * j, chr(0xA4FF))}/m")


@attack("time", "1,000 items, each 160 URLs with Balinese, Sundanese, Ol Chiki (U+1C7E dots), "
                "Vai (U+A60E dots) and Meetei Mayek (U+A4FF dots) IPv4 hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Corrals {k}: " + " ".join(_odd_urls(k, j) for j in range(32)) for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 block openers nothing closes (<%-- {{-- #* <%doc> #= "
                "<![CDATA[ #+BEGIN_COMMENT @ignore <noframes> <audio> <includeonly> >!): "
                "checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("<%-- ", "{{-- ", "#* ", "<%doc>", "#= ", "<![CDATA[", "#+BEGIN_COMMENT ",
               "@ignore ", "<noframes>", "<audio>", "<includeonly>", ">!")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}wari{j} " for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+2064, U+205F and U+16FE4: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\u2064", "\u205f", "\U00016fe4")
    items = ["".join(f"wari{n}" + seps[n % 3] for n in range(300)) + f" chaccu {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 Icinga TicketSalt, GoCD auto-register key "
                "and Tarsnap key lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    hexd = "0123456789abcdef"
    b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    lines = [f"Host {k}: const TicketSalt = \"" + fake("", 32, f"sealed13-salt-{k % 500}", hexd)
             + "\" agent.auto.register.key=" + fake("", 32, f"sealed13-gocd-{k % 600}", hexd)
             + " tarsnap " + fake("", 76, f"sealed13-tarsnap-{k % 700}", b64)
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))

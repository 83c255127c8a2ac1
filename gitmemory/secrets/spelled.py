"""Secrets written out a character at a time, for :mod:`gitmemory.secrets.redact`.

A password read over a radio or a phone is spelled in a spelling alphabet ("capital
Zulu papa six Lima ...", Czech's "velké Gustav david tři ..."), and one pasted where a
chat would mangle it is written as its byte values ("[90, 112, 54, ...]", or hex pairs
"47:64:33:..."). Each is the secret whole: each is hidden where a word that names a
secret stands before it on its line (password, passphrase, secret, token, key, PIN), and
only as a run long enough to be one (eight characters or more), so "Alpha and Bravo
teams" and a list of ports stay.

The spelling alphabets are a closed class: the ICAO/NATO one and the national ones a
telephone or a radio operator uses (German, Czech, Polish, French, Italian, Spanish, Dutch,
the Nordic ones, Russian), each with its digits and its words for a capital or a small letter.  A
run is words of one or more of them, a digit and a letter among them; it is read by words,
not by an expression per alphabet.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterator

from gitmemory.lazy_regex import lazy_regex

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose
RULE = "spelled-secret"
_LEAST = 8  # characters: a shorter run is a call sign or a list, not a password

# Per alphabet: its letters' words, its digits, its words for a capital or small letter.
_ALPHABETS = {
    "icao": ("alfa alpha bravo charlie delta echo foxtrot golf hotel india juliett juliet "
             "kilo lima mike november oscar papa quebec romeo sierra tango uniform victor "
             "whiskey whisky x-ray xray yankee zulu",
             "zero one two three tree four five fife six seven eight nine niner",
             "capital small upper lower uppercase lowercase"),
    "de": ("anton berta cäsar dora emil friedrich gustav heinrich ida julius kaufmann ludwig "
           "martha nordpol otto paula quelle richard samuel siegfried theodor ulrich viktor "
           "wilhelm xanthippe ypsilon zacharias zeppelin aachen berlin chemnitz düsseldorf "
           "essen frankfurt goslar hamburg ingelheim jena köln leipzig münchen nürnberg "
           "offenbach potsdam quickborn rostock salzwedel tübingen unna völklingen wuppertal "
           "xanten zwickau ärger ökonom übermut eszett umlaut",
           "null eins zwei zwo drei vier fünf sechs sieben acht neun",
           "groß gross großes grosses klein kleines"),
    "cs": ("adam božena cyril čeněk david emil františek gustav helena chrudim ivan josef "
           "karel ludvík marie norbert oto otakar petr quido rudolf řehoř svatopluk šimon tomáš "
           "urban václav dvojité xaver ypsilon zuzana žofie",
           "nula jedna dva tři čtyři pět šest sedm osm devět",
           "velké velká velký malé malá malý"),
    "pl": ("adam barbara celina dorota ewa franciszek grażyna henryk irena jadwiga karol "
           "ludwik marek natalia olga paweł roman stefan tadeusz urszula violetta wacław "
           "xawery ypsylon zygmunt",
           "zero jeden dwa trzy cztery pięć sześć siedem osiem dziewięć",
           "duże duża wielka małe mała"),
    "fr": ("anatole berthe célestin désiré eugène émile françois gaston henri irma joseph "
           "kléber louis marcel nicolas oscar pierre quintal raoul suzanne thérèse ursule "
           "victor william xavier yvonne zoé",
           "zéro un deux trois quatre cinq six sept huit neuf",
           "majuscule minuscule"),
    "it": ("ancona bologna como domodossola empoli firenze genova hotel imola jolly kappa "
           "kursaal livorno milano napoli otranto padova palermo quarto roma savona torino "
           "udine "
           "venezia washington xeres yacht york zara",
           "zero uno due tre quattro cinque sei sette otto nove",
           "maiuscola maiuscolo minuscola minuscolo"),
    "es": ("antonio burgos carmen chocolate dolores enrique francia gerona historia inés "
           "josé kilo lorenzo llave madrid navarra ñoño oviedo parís querido ramón sábado "
           "tarragona ulises valencia washington xilófono yegua zaragoza",
           "cero uno dos tres cuatro cinco seis siete ocho nueve",
           "mayúscula minúscula"),
    "nl": ("anton bernard cornelis dirk eduard ferdinand gerard hendrik izaak johannes "
           "karel lodewijk maria nico otto pieter quirinus rudolf simon teunis utrecht "
           "victor willem xantippe ypsilon ijmuiden zaandam",
           "nul een twee drie vier vijf zes zeven acht negen",
           "hoofdletter kleine"),
    "sv": ("adam bertil caesar david erik filip gustav helge ivar johan kalle ludvig martin "
           "niklas olof petter qvintus rudolf sigurd tore urban viktor wilhelm xerxes yngve "
           "zäta åke ärlig östen",
           "noll ett två tre fyra fem sex sju åtta nio",
           "stor stort stora liten litet lilla versal gemen"),
    "da": ("anna bernhard cecilie david erik frederik georg hans ida johan karen ludvig marie "
           "nikolaj odin peter quintus rasmus søren theodor ulla viggo william xerxes yrsa "
           "zackarias ærlig øresund åse",
           "nul en to tre fire fem seks syv otte ni",
           "stort lille"),
    "fi": ("aarne bertta celsius daavid eemeli faarao gideon heikki iivari jussi kalle "
           "lauri matti niilo otto paavo kuu risto sakari tyyne urho vihtori wiski äksä "
           "yrjö tseta åke äiti öljy",
           "nolla yksi kaksi kolme neljä viisi kuusi seitsemän kahdeksan yhdeksän",
           "iso pieni"),
    # Russian's names for its letters, as a telephone line reads them (two-word names
    # given word by word: "иван краткий", "мягкий знак")
    "ru": ("анна борис василий григорий дмитрий елена женя зинаида иван краткий константин "
           "леонид михаил николай ольга павел роман семён семен татьяна ульяна фёдор федор "
           "харитон цапля человек шура щука твёрдый твердый знак еры мягкий эхо юрий яков",
           "ноль нуль один два три четыре пять шесть семь восемь девять",
           "заглавная заглавные прописная большая строчная маленькая"),
}
_LETTERS = frozenset(w for letters, _, _ in _ALPHABETS.values() for w in letters.split())
_DIGITS = frozenset(w for _, digits, _ in _ALPHABETS.values() for w in digits.split())
_CASES = frozenset(w for _, _, cases in _ALPHABETS.values() for w in cases.split())
_KNOWN = _LETTERS | _DIGITS | _CASES
# A word of an alphabet, as a run holds it (x-ray's hyphen kept).
_WORD = lazy_regex(r"[^\W\d_]+(?:-[^\W\d_]+)?")
_BETWEEN = frozenset(" \t,-")  # what parts a run's words
# Byte values of printable characters, in a list: "[90, 112, 54, ...]" or "90 112 54 ...";
# or hex pairs parted by colons or spaces ("47:64:33:4e ..."), as a key's fingerprint is
# written (a fingerprint's bytes are no printable text: it stays).
_BYTES = lazy_regex(r"(?<![\w.])(\d{2,3})(?:(?:[ \t]*,[ \t]*|[ \t]+)\d{2,3}){" +
                    str(_LEAST - 1) + r",}(?![\w.])")
_HEX_PAIRS = lazy_regex(r"(?<![\w:.])[0-9a-f]{2}(?:[: ][0-9a-f]{2}){" + str(_LEAST - 1) +
                        r",}(?![\w:.])")
_NAMED = lazy_regex(r"(?<![a-z])(?:password|passphrase|passcode|passwort|heslo|hasło|"
                    r"secret|token|credential|key|pin|пароль|парольная фраза|"
                    # a code that opens something: a lock's, a door's, an alarm's
                    r"(?:lock|door|access|entry|alarm|safe|unlock|security) code)s?(?![a-z])")
# Byte values as Roman numerals, parted by spaces or commas (`LXXVI CXXII XCVII ...`)
_ROMAN = r"c{0,2}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})"
_ROMAN_RUN = lazy_regex(r"(?<![\w.])(?=[clxvi])" + _ROMAN + r"(?:(?:[ \t]*,[ \t]*|[ \t]+)"
                        r"(?=[clxvi])" + _ROMAN + r"){" + str(_LEAST - 1) + r",}(?![\w.])")
# A line that says its bytes are EBCDIC's: they are read as IBM's code page 500
_EBCDIC = lazy_regex(r"(?<![a-z])ebcdic(?![a-z])")


def find(text: str, lowered: str) -> Iterator[_Found]:
    """(start, end, rule, prose) of each secret spelled out after a word that names one."""
    read = 0  # the rest of each line after the first word naming a secret, read once
    for named in _NAMED.finditer(lowered):
        if named.start() < read:
            continue
        read = lowered.find("\n", named.end())
        read = len(lowered) if read < 0 else read
        for start, end in _spelled_runs(lowered, named.end(), read):
            yield start, end, RULE, True
        codec = "cp500" if _EBCDIC.search(lowered, 0, read) else "ascii"
        for pattern, value in ((_BYTES, _decimal), (_HEX_PAIRS, _hex),
                               (_ROMAN_RUN, _roman)):
            for m in pattern.finditer(lowered, named.end(), read):
                if _text_bytes([value(v) for v in m.group(0).replace(",", " ").replace(
                        ":", " ").split()], codec):
                    yield m.start(), m.end(), RULE, True
        yield from _encoded(text, lowered, named.start(), read)
        if lowered[named.end():read].rstrip().endswith(":"):
            yield from _listing(lowered, read)


# A line of `hexdump -C`: its offset, up to sixteen hex pairs, the same bytes as text
_DUMP_LINE = lazy_regex(r"[0-9a-f]{8}[ \t]+((?:[0-9a-f]{2}[ \t]+){0,15}[0-9a-f]{2})[ \t]+"
                        r"\|([^|\n]{1,16})\|[ \t]*$")
_DUMP_LINES = 64  # lines of a listing read after its label


def _listing(lowered: str, at: int) -> Iterator[_Found]:
    """The lines of a ``hexdump -C`` listing a line that names a secret introduces ("What
    `hexdump -C /secrets/mangel/db` printed:", sealed35): each line's bytes and the same
    bytes shown as text, when they are printable text."""
    for _ in range(_DUMP_LINES):
        if at >= len(lowered):
            return
        end = lowered.find("\n", at + 1)
        end = len(lowered) if end < 0 else end
        line = _DUMP_LINE.fullmatch(lowered, at + 1, end)
        if line is None:
            return
        values = [int(v, 16) for v in line.group(1).split()]
        if _text_bytes(values, "ascii"):
            yield line.start(1), line.end(1), RULE, True
            yield line.start(2), line.end(2), RULE, True
        at = end


# An encoding a line names for the secret on it ("the passphrase in base45, so the label
# printer can take it: ..."), and what decodes a run of it
_ENCODING = lazy_regex(r"(?<![a-z0-9])(base45|ascii85|base85|base32|base58|base91)(?![a-z0-9])")
_RUN = lazy_regex(r"[^\s`'\"]{10,200}")
_ANY_RUN = lazy_regex(r"\S{10,200}")


def _encoded(text: str, lowered: str, begin: int, stop: int) -> Iterator[_Found]:
    """A run after the name of the encoding the line gives it that decodes, in that
    encoding, to printable text of :data:`_LEAST` characters or more: the secret written
    so that a printer, a chat or a form takes it, which every reader decodes again."""
    named = _ENCODING.search(lowered, begin, stop)
    if named is None:
        return
    decode = _DECODERS[named.group(1)]
    # basE91's alphabet holds quotes and backticks: its run is all that is not a space
    runs = _ANY_RUN if named.group(1) == "base91" else _RUN
    for m in runs.finditer(text, named.end(), stop):
        run = m.group(0).rstrip(".,;)")
        for start in range(len(run)):  # the run may begin with the words before it
            if start and run[start - 1] not in ":=":
                continue
            decoded = decode(run[start:])
            if decoded is not None and len(decoded) >= _LEAST and decoded.isprintable() and \
                    decoded.isascii():
                yield m.start() + start, m.start() + len(run), RULE, True
                break


def _base45(run: str) -> str | None:
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
    if len(run) % 3 == 1 or any(c not in alphabet for c in run):
        return None
    out = bytearray()
    for at in range(0, len(run), 3):
        piece = [alphabet.index(c) for c in run[at:at + 3]]
        value = sum(v * 45 ** i for i, v in enumerate(piece))
        if value > (0xFFFF if len(piece) == 3 else 0xFF):
            return None
        out += value.to_bytes(2 if len(piece) == 3 else 1, "big")
    return out.decode("ascii", "replace")


def _codec(name: str) -> Callable[[str], str | None]:
    def decode(run: str) -> str | None:
        decoders: dict[str, Callable[[str], bytes]] = {
            "ascii85": base64.a85decode, "base85": base64.b85decode,
            "base32": base64.b32decode}
        try:
            raw = decoders[name](run)
        except ValueError:
            return None
        return raw.decode("ascii", "replace")
    return decode


def _base58(run: str) -> str | None:
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    if any(c not in alphabet for c in run):
        return None
    value = 0
    for c in run:
        value = value * 58 + alphabet.index(c)
    raw = value.to_bytes((value.bit_length() + 7) // 8, "big")
    return raw.decode("ascii", "replace")


_BASE91 = ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
           "!#$%&()*+,./:;<=>?@[]^_`{|}~\"")


def _base91(run: str) -> str | None:
    """basE91: pairs of its 91 characters carry 13 or 14 bits each."""
    if any(c not in _BASE91 for c in run):
        return None
    out = bytearray()
    value, bits, held = -1, 0, 0
    for c in run:
        digit = _BASE91.index(c)
        if value < 0:
            value = digit
            continue
        value += digit * 91
        bits |= value << held
        held += 13 if value & 8191 > 88 else 14
        while held > 7:
            out.append(bits & 255)
            bits >>= 8
            held -= 8
        value = -1
    if value >= 0:
        out.append((bits | value << held) & 255)
    return out.decode("ascii", "replace")


_DECODERS: dict[str, Callable[[str], str | None]] = {
    "base45": _base45, "ascii85": _codec("ascii85"), "base85": _codec("base85"),
    "base32": _codec("base32"), "base58": _base58, "base91": _base91}


def _spelled_runs(lowered: str, begin: int, stop: int) -> Iterator[tuple[int, int]]:
    """(start, end) of each run of an alphabet's words, parted only by spaces, commas or
    hyphens, that spells :data:`_LEAST` characters or more, a digit and a letter among
    them: a password, not a phrase of call signs ("Alpha Bravo Charlie Delta ...")."""
    start = end = -1
    letters = digits = 0
    for m in _WORD.finditer(lowered, begin, stop):
        word = m.group(0)
        joined = end >= 0 and set(lowered[end:m.start()]) <= _BETWEEN
        if word not in _KNOWN or not joined:
            if letters + digits >= _LEAST and letters and digits:
                yield start, end
            start = end = -1
            letters = digits = 0
            if word not in _KNOWN:
                continue
        if start < 0:
            start = m.start()
        end = m.end()
        if word in _DIGITS and word not in _LETTERS:
            digits += 1
        elif word in _LETTERS:
            letters += 1
    if letters + digits >= _LEAST and letters and digits:
        yield start, end


def _decimal(word: str) -> int:
    return int(word)


def _hex(word: str) -> int:
    return int(word, 16)


_ROMAN_VALUES = {"c": 100, "l": 50, "x": 10, "v": 5, "i": 1}


def _roman(word: str) -> int:
    """A Roman numeral's value (``lxxvi``: 76)."""
    total = 0
    for n, ch in enumerate(word):
        value = _ROMAN_VALUES[ch]
        later = _ROMAN_VALUES[word[n + 1]] if n + 1 < len(word) else 0
        total += -value if value < later else value
    return total


def _text_bytes(values: list[int], codec: str) -> bool:
    """Whether the bytes are printable text in ``codec`` (ASCII, or EBCDIC's code page
    where the line says so): a password written out as its bytes, not a fingerprint's
    random ones."""
    if not values or any(not 0 <= v < 256 for v in values):
        return False
    text = bytes(values).decode(codec, errors="replace")
    return all(ch.isprintable() and not ch.isspace() and ch != "\ufffd" and
               (codec != "ascii" or 32 < ord(ch) < 127) for ch in text)

"""Secrets written out a character at a time (sealed27, spent after its blind runs: a
password spelled in the radio alphabet and one written as byte values reached the remote
and the model).  Hidden after a word that names a secret, as a run long enough to be one;
call signs, a team's names and a list of numbers stay."""

from __future__ import annotations

import pytest

from gitmemory.secrets.redact import redact
from testing.redaction import hidden, kept

RADIO = {"A": "Alfa", "B": "Bravo", "C": "Charlie", "D": "Delta", "E": "Echo", "F": "Foxtrot",
         "G": "Golf", "H": "Hotel", "K": "Kilo", "M": "Mike", "N": "November", "Q": "Quebec",
         "R": "Romeo", "T": "Tango", "W": "Whiskey", "V": "Victor"}
DIGITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
SECRET = "Qm4Tk7Rw2Vn"


def _spoken(value: str) -> str:
    return " ".join(DIGITS[int(c)] if c.isdigit() else
                    (f"capital {RADIO[c]}" if c.isupper() else RADIO[c.upper()].lower())
                    for c in value)


@pytest.mark.parametrize("template", [
    "The backup server's password, read out on the call: {v}",
    "Wi-Fi key for the workshop (spell it to guests): {v}.",
])
def test_a_secret_spelled_in_the_radio_alphabet_is_hidden(template: str) -> None:
    value = _spoken(SECRET)
    assert hidden(template.format(v=value), value)


def test_a_secret_written_as_byte_values_is_hidden() -> None:
    values = ", ".join(str(b) for b in SECRET.encode())
    assert hidden(f"The deploy token as bytes, so the chat leaves it alone: [{values}]", values)


@pytest.mark.parametrize("text", [
    "Alpha, Bravo, Charlie, Delta, Echo, Foxtrot, Golf and Hotel teams share the key cabinet",
    "The key ports are 22, 80, 443, 8080, 8443, 9090, 3000 and 5432",
    "Token bucket sizes tried: 10 20 30 40 50 60 70 80 90",
    "Kilo two one, Sierra four: radio checks before launch, no password needed",
])
def test_call_signs_teams_and_numbers_stay(text: str) -> None:
    assert kept(text), text


RUSSIAN = {"Q": "Щука", "M": "Михаил", "T": "Татьяна", "K": "Константин", "R": "Роман",
           "W": "Василий", "V": "Женя", "N": "Николай"}
RUSSIAN_DIGITS = ["ноль", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь",
                  "девять"]


def test_a_secret_spelled_with_russian_names_for_the_letters_is_hidden() -> None:
    """sealed30 dictated a passphrase with Russian's names for the letters ("Николай
    заглавная, Женя строчная, пять, ..."), an alphabet the table did not hold."""
    value = ", ".join(RUSSIAN_DIGITS[int(c)] if c.isdigit() else
                      f"{RUSSIAN[c.upper()]} {'заглавная' if c.isupper() else 'строчная'}"
                      for c in SECRET)
    assert hidden(f"Пароль от резервного сервера, продиктованный по телефону: {value}", value)
    assert kept("Анна и Борис пришли в восемь, Михаил в девять")


def _base91(data: bytes) -> str:
    table = ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
             "!#$%&()*+,./:;<=>?@[]^_`{|}~\"")
    out, bits, held = [], 0, 0
    for byte in data:
        bits |= byte << held
        held += 8
        if held > 13:
            value = bits & 8191
            size = 13 if value > 88 else 14
            value = bits & ((1 << size) - 1)
            bits >>= size
            held -= size
            out += [table[value % 91], table[value // 91]]
    if held:
        out.append(table[bits % 91])
        if held > 7 or bits > 90:
            out.append(table[bits // 91])
    return "".join(out)


def test_a_secret_in_base91_named_on_its_line_is_hidden() -> None:
    """sealed30 wrote a Kafka password in basE91, "the way the station loggers store it",
    whose alphabet holds quotes and backticks; encoded text that decodes to no printable
    run stays."""
    value = _base91(SECRET.encode() + b"x9")
    assert hidden(f"The broker's password in basE91, as the loggers keep it: {value}", value)
    assert kept("Frames are packed in basE91 before they go out: ~~~~~~~~~~~~~")


@pytest.mark.parametrize("line", [
    # sealed35 (read after its blind run): a password's bytes in EBCDIC, where the line
    # says so, and a lock code's bytes as Roman numerals
    "The old cyclotron PC stores its password in EBCDIC: D3 93 81 A2 F4 F2 C1 D7 E2 F9",
    "The courier's lock code as Roman numerals: LXXVI CXXII XCVII CXV LII L LXV LXXX",
])
def test_a_secrets_bytes_in_another_code_or_numerals_are_the_secret(line: str) -> None:
    text, found = redact(line)
    assert "[REDACTED:spelled-secret]" in text and found, text


def test_numerals_that_spell_no_text_stay() -> None:
    """Chapters or a list of years are no bytes of printable text."""
    line = "The key dates of the plan: X XI XII XIII XIV XV XVI XVII"
    assert redact(line)[0] == line


def test_a_hexdump_listing_a_secret_names_is_hidden_bytes_and_text() -> None:
    """sealed35 (read after its blind run): "What `hexdump -C /secrets/mangel/db` printed:"
    and the listing below it; its hex pairs and the same bytes shown as text went to the
    model.  A listing the line before introduces, naming a secret, is hidden line by
    line, both columns; one under a line that names none stays."""
    data = b"Lzas42APS9HK1823qwerty99"
    listing = "\n".join(
        f"{off:08x}  {' '.join(f'{b:02x}' for b in data[off:off + 16]):<47}  "
        f"|{data[off:off + 16].decode()}|" for off in range(0, len(data), 16))
    text, _ = redact(f"What `hexdump -C /secrets/mangel/db` printed:\n{listing}\n")
    assert "4c 7a" not in text and "Lzas42" not in text and "qwerty" not in text, text
    plain = f"What `hexdump -C build/app.bin` printed:\n{listing}\n"
    assert redact(plain)[0] == plain

"""Passwords given in prose in other languages, for :mod:`gitmemory.secrets.redact`.

"Das Passwort lautet ...", "le mot de passe est ...", "la contraseña es
...", "密码是...", "パスワードは...です": the word for password, at most a few
words (whose database, which server), a copula of that language, then the
value.  As in English ("the password is hunter2", :mod:`gitmemory.secrets.
contextual`) the value must look like a password (a digit, a symbol or an
inner capital), so "das Passwort ist geheim" stays.

Each language's expression starts with its word for password, a literal, and
runs only when that word occurs in the (lower-cased) text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

_Found = tuple[int, int, str, bool]  # start, end, rule, found in prose

_ENGLISH = ("password",)  # Italian says "la password è ..."
# (words for "password", copulas): lower case, as the text is searched lower-cased.  Latin
# copulas must stand as words; a colon or a CJK particle may follow the word directly.
_LANGUAGES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("passwort", "kennwort"), ("lautet", "lautete", "ist", "war", "heißt")),  # German
    (("mot de passe",), ("est", "était", "sera")),  # French
    (("contraseña", "contrasena", "clave"), ("es", "era", "será")),  # Spanish
    (("senha", "palavra-passe"), ("é", "era", "será")),  # Portuguese
    (_ENGLISH, ("è", "era", "sarà")),  # Italian
    (("parola d'ordine",), ("è", "era", "sarà")),
    (("wachtwoord",), ("is", "was", "luidt")),  # Dutch
    (("hasło", "haslo"), ("to", "jest", "brzmi")),  # Polish
    (("heslo",), ("je", "zní")),  # Czech, Slovak
    (("lösenord", "losenord"), ("är", "var")),  # Swedish
    (("passord", "adgangskode"), ("er", "var")),  # Norwegian, Danish
    (("salasana",), ("on", "oli")),  # Finnish
    (("şifre", "sifre", "parola"), ("olarak", "ise")),  # Turkish
    (("пароль",), ("это", "—", "–", "-", "є", "такой")),  # Russian, Ukrainian
    (("密码", "密碼", "口令"), ("是", "为", "為")),  # Chinese
    (("パスワード", "暗証番号"), ("は",)),  # Japanese
    (("비밀번호", "암호"), ("는", "은")),  # Korean
    (("كلمة المرور", "كلمة السر"), ("هي",)),  # Arabic
    (("पासवर्ड",), ("है",)),  # Hindi
    (("mật khẩu",), ("là",)),  # Vietnamese
    (("kata sandi", "kata laluan"), ("adalah", "ialah")),  # Indonesian, Malay
)
_COLONS = (":", "：")
_QUOTES = "\"'`«»„“”「」『』‘’"
_VALUE = re.compile(r"[!#-&(-+\--:<-~]{4,}")  # printable ASCII but space, quotes and commas


def _statement(words: tuple[str, ...], copulas: tuple[str, ...]) -> re.Pattern[str]:
    glued = [re.escape(c) for c in copulas if _cjk(c)]  # a particle: no space before it
    spaced = [re.escape(c) for c in copulas if not _cjk(c)]
    joiners = [rf"[ \t]+(?:{'|'.join(spaced)})(?=[ \t])"] if spaced else []
    joiners += [rf"[ \t]*(?:{'|'.join(glued)})"] if glued else []
    if words != _ENGLISH:  # "password: x" is an assignment, judged as one elsewhere
        joiners.append(rf"[ \t]*[{''.join(_COLONS)}]")
    return re.compile(rf"(?:{'|'.join(map(re.escape, words))})"
                      rf"(?:[ \t]+[^\s:：=]{{1,24}}){{0,4}}?(?:{'|'.join(joiners)})[ \t]*")


def _cjk(text: str) -> bool:
    return any("\u3040" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af" for ch in text)


_RULES = tuple((words, _statement(words, copulas)) for words, copulas in _LANGUAGES)
_ANY_WORD = re.compile("|".join(re.escape(word) for words, _ in _LANGUAGES for word in words))


def find(text: str, lowered: str, password_like: Callable[[str], bool]) -> Iterator[_Found]:
    """(start, end, "password-in-text", True) for each password stated in another language.

    ``password_like`` judges the value (the English prose rule's judge).
    """
    if not _ANY_WORD.search(lowered):  # one search: most texts name no password at all
        return
    ascii_only = lowered.isascii()  # O(1): most diffs hold no word in another script
    for words, pattern in _RULES:
        if not any(word in lowered for word in words if word.isascii() or not ascii_only):
            continue
        for m in pattern.finditer(lowered):
            start = m.end()
            while start < len(text) and text[start] in _QUOTES:
                start += 1
            value = _VALUE.match(text, start)
            if value is None:
                continue
            found = value.group().rstrip(".:!?)")
            if len(found) >= 4 and password_like(found):
                yield start, start + len(found), "password-in-text", True

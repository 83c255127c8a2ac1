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
import unicodedata
from collections.abc import Callable, Iterator
from itertools import pairwise

from gitmemory.lazy_regex import lazy_regex
from gitmemory.secrets import judging

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
    (("סיסמה", "סיסמא", "סיסמת"), ("היא", "הוא", "זה", "זו")),  # Hebrew
    (("κωδικός πρόσβασης", "κωδικος προσβασης", "κωδικός", "συνθηματικό"),
     ("είναι", "ήταν")),  # Greek
    (("parola", "parolă", "parolei"), ("este", "e")),  # Romanian
    (("jelszó", "jelszo", "jelszava"), ("pedig", "az")),  # Hungarian
    (("lozinka", "geslo", "лозинка"), ("je", "је", "glasi")),  # Croatian, Serbian, Slovene
    (("паролата", "парола"), ("е", "беше")),  # Bulgarian
    (("slaptažodis",), ("yra",)),  # Lithuanian
    (("parole",), ("ir",)),  # Latvian
    (("parool", "salasõna"), ("on",)),  # Estonian
    (("contrasenya",), ("és", "era")),  # Catalan
    (("lykilorð",), ("er",)),  # Icelandic
    (("wagwoord",), ("is",)),  # Afrikaans
    (("nenosiri",), ("ni",)),  # Swahili
    (_ENGLISH, ("ay",)),  # Filipino: "ang password ay ..."
    (("รหัสผ่าน",), ("คือ",)),  # Thai
    (("পাসওয়ার্ড",), ("হল", "হলো")),  # Bengali
    (("கடவுச்சொல்",), ("ஆகும்",)),  # Tamil
    (("პაროლი",), ("არის",)),  # Georgian
    (("գաղտնաբառը", "գաղտնաբառ"), ("է",)),  # Armenian
    (("رمز عبور", "گذرواژه"), ("است",)),  # Persian
    (("پاس ورڈ",), ("ہے",)),  # Urdu
)
# The word for a key or a token (a credential that is random, not chosen): its value is
# found by shape alone, after the noun and words of another script (see _after_noun).
_SECRET_NOUNS = ("токен", "ключ", "מפתח", "טוקן", "κλειδί", "διακριτικό", "トークン", "秘密鍵",
                 "密钥", "令牌", "密鑰", "토큰", "مفتاح", "رمز مميز", "टोकन", "कुंजी", "clé",
                 "jeton", "schlüssel", "chiave", "llave", "chave", "klucz", "anahtar",
                 "sleutel", "nyckel", "nøkkel", "avain")
# The word for password in further languages, with no copula table: their value is found
# by shape after the noun (Amharic, Tigrinya, Sinhala, Khmer, Burmese, Lao, Mongolian,
# Kazakh, Kyrgyz, Uzbek and Azerbaijani, the Indic scripts, Yoruba, Igbo, Zulu and Xhosa,
# Hausa, Somali, Welsh, Irish, Basque, Galician, Albanian, Pashto, Kurdish, Esperanto,
# Javanese, Luxembourgish, Tibetan, Uyghur, Yiddish, Malagasy).  A sentence in a script
# whose word nobody listed is read by its shape alone (:func:`_in_other_script`).
_MORE_NOUNS = ("የይለፍ ቃል", "ይለፍ ቃል", "መሕለፊ ቃል", "මුරපදය", "මුරපද", "ពាក្យសម្ងាត់",
               "စကားဝှက်", "ລະຫັດຜ່ານ", "нууц үг", "құпия сөз", "сырсөз", "parol", "şifrə",
               "പാസ്‌വേഡ്", "പാസ്വേഡ്", "పాస్‌వర్డ్", "పాస్వర్డ్", "ಪಾಸ್‌ವರ್ಡ್", "ಪಾಸ್ವರ್ಡ್",
               "પાસવર્ડ", "ਪਾਸਵਰਡ", "ପାସୱାର୍ଡ", "গুপ্তশব্দ", "ọrọ igbaniwọle", "paswọọdụ",
               "iphasiwedi", "kalmar sirri", "furaha sirta", "cyfrinair", "pasfhocal",
               "pasahitza", "contrasinal", "fjalëkalimi", "fjalekalimi", "پټنوم", "şîfre",
               "pasvorto", "tembung sandhi", "passwuert", "གསང་ཚིག", "مەخپىي نومۇر", "פּאַראָל",
               "tenimiafina")
# The concept in further words, one table whatever the sentence around it: the word for
# password, passphrase or secret key in the languages of the European Union and the
# neighbours the tables above miss (Croatian "zaporka", Bosnian and Serbian "šifra", Irish
# "focal faire", Maltese "kelma sigrieta", Ukrainian "гасло", Danish "kodeord", the
# passphrase words) and the word for key where the tables give only password (Czech,
# Slovak, Hungarian, Romanian, Baltic, South Slavic, Irish, Albanian, Maltese, Malay).  Its
# value is found by its shape after it (:func:`_after_noun`), the word standing as a word
# (not inside another: "kulcsa" is one, "DeclClause" holds none).
_CONCEPT_NOUNS = ("zaporka", "šifra", "sifra", "focal faire", "kelma sigrieta",
                  "kelma tal-aċċess", "fjalëkalim", "гасло", "kodeord", "tunnuslause",
                  "lösenfras", "jelmondat", "wachtzin", "passordfrase", "adgangsfrase",
                  "phrase secrète", "phrase de passe", "frase secreta", "frase-senha",
                  "frase segreta", "klíč", "kľúč", "kulcs", "cheie", "raktas", "atslēga",
                  "võti", "ključ", "nøgle", "eochair", "çelës", "muftieħ", "kunci",
                  "パスフレーズ", "秘密キー", "गुप्त शब्द",
                  # a secret or access code: the concept where a PIN is not digits only
                  "codice segreto", "codice di accesso", "code secret", "code d'accès",
                  "código secreto", "código de acceso", "código de acesso", "geheimcode",
                  "zugangscode", "toegangscode", "pääsykoodi", "kod dostępu",
                  "přístupový kód", "hozzáférési kód", "cod de acces", "код доступа",
                  "код доступу", "pristupni kod", "dostopna koda")
_CONCEPT_SET = frozenset(_CONCEPT_NOUNS)
# The verbs that state a value, every table's (Latin script, more than a letter: "to" is
# Polish's but also English's preposition), for the rules that read a value after them.
COPULAS = tuple(dict.fromkeys(c for _, copulas in _LANGUAGES for c in copulas
                              if c.isalpha() and len(c) > 1 and c != "to"))
# "password" is a loanword in many languages ("Il-password tad-database issa hija ...",
# "Password untuk database ... sekarang ..."): the English words are nouns of every table.
_LOANED_NOUNS = ("password", "passphrase", "passcode")
_COLONS = (":", "：")
_QUOTES = "\"'`«»„“”「」『』‘’"
_VALUE = lazy_regex(r"[!#-&(-+\--:<-~\u00c0-\u024f]{4,}")  # printable ASCII but space, quotes
# and commas, and the letters of Latin script beyond it ("Nacht-Kröte-19")


def _statement(words: tuple[str, ...], copulas: tuple[str, ...]) -> re.Pattern[str]:
    glued = [re.escape(c) for c in copulas if _cjk(c)]  # a particle: no space before it
    spaced = [re.escape(c) for c in copulas if not _cjk(c)]
    joiners = [rf"[ \t]+(?:{'|'.join(spaced)})(?=[ \t])"] if spaced else []
    joiners += [rf"[ \t]*(?:{'|'.join(glued)})"] if glued else []
    if words != _ENGLISH:  # "password: x" is an assignment, judged as one elsewhere
        joiners.append(rf"[ \t]*[{''.join(_COLONS)}]")
    return lazy_regex(rf"(?:{'|'.join(map(re.escape, words))})"
                      rf"(?:[ \t]+[^\s:：=\[]{{1,24}}){{0,4}}?(?:{'|'.join(joiners)})[ \t]*")


def _cjk(text: str) -> bool:
    return any("\u3040" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af" for ch in text)


_ENGLISH_VERBS = ("is", "was", "are", "were", "to")  # the English rule's, with its own checks
# "password" is a loanword in many languages ("el password es", "a password é"): with the
# English word, any table's copula in Latin script stands for the verb.
_LOANED = tuple(dict.fromkeys(copula for words, copulas in _LANGUAGES if words != _ENGLISH
                              for copula in copulas if copula.isalpha() and not _cjk(copula)
                              and (len(copula) > 1 or not copula.isascii())
                              and all(c < "\u0370" for c in copula)
                              and copula not in _ENGLISH_VERBS))
_RULES = tuple((words, _statement(words, copulas)) for words, copulas in
               (*_LANGUAGES, (_ENGLISH, _LOANED)))
_NOUNS = tuple(dict.fromkeys(word for words, _ in _LANGUAGES for word in words
                             if words != _ENGLISH))
_ALL_WORDS = tuple(dict.fromkeys((*_ENGLISH, *_LOANED_NOUNS, *_NOUNS, *_SECRET_NOUNS,
                                  *_MORE_NOUNS, *_CONCEPT_NOUNS)))
_ASCII_WORDS = tuple(word for word in _ALL_WORDS if word.isascii())
_FALLBACK_NOUNS = tuple(dict.fromkeys((*_NOUNS, *_SECRET_NOUNS, *_MORE_NOUNS, *_CONCEPT_NOUNS,
                                       *_LOANED_NOUNS)))


def _grouped(words: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Words grouped by their first five characters: one search for the stem answers for
    the words that share it (passwort, passord; contrasena, contrasenya).  A stem in
    another script is looked for only when its first letter is in the text (a search
    for one character costs a tenth of a search for a word)."""
    groups: dict[str, list[str]] = {}
    for word in words:
        groups.setdefault(word[:5], []).append(word)
    return tuple((stem, tuple(group)) for stem, group in groups.items())


_ASCII_GROUPS = _grouped(_ASCII_WORDS)
_ALL_GROUPS = _grouped(_ALL_WORDS)
# After the noun, up to six words with no ASCII letter (the sentence in its own script),
# then the first word written in ASCII: "הסיסמה של מסד הנתונים היא X", "رمز عبور سرور X
# است" (the verb last).  A sentence's end stops it.
_AFTER_NOUN = lazy_regex(r"[^\sA-Za-z.!?。！？]*(?:[ \t]+[^\sA-Za-z.!?。！？]{1,30}){0,6}?"
                         r"[ \t]*[:：]?[ \t]*[\"'`«„“「]?([!#-&(-+\--:<-~]{8,})")


def find(text: str, lowered: str, password_like: Callable[[str], bool]) -> Iterator[_Found]:
    """(start, end, "password-in-text", True) for each password stated in another language.

    ``password_like`` judges the value (the English prose rule's judge).
    """
    # Which words the text holds, found once: a substring search per word (one expression
    # with a hundred alternatives costs more on the text that holds none, most texts).
    # A text with no character outside ASCII can hold none of another script.
    plain = lowered.isascii()
    if not plain:
        yield from _in_other_script(text)
    groups = _ASCII_GROUPS if plain else _ALL_GROUPS
    present = frozenset(word for stem, words in groups
                        if (stem[0].isascii() or stem[0] in lowered) and stem in lowered
                        for word in words if word == stem or word in lowered)
    if not present:
        return
    for nouns, pattern in _RULES:
        if present.isdisjoint(nouns):
            continue
        for m in pattern.finditer(lowered):
            start = m.end()
            while start < len(text) and text[start] in _QUOTES:
                start += 1
            value = _VALUE.match(text, start)
            if value is None or _ADVERB.fullmatch(value.group()):
                # "Passwort ist jetzt X", "wachtwoord is nu X": a word of when between
                # the verb and the value, as English's "is now X"
                adverb = _ADVERB_GAP.match(text, start)
                value = _VALUE.match(text, adverb.end()) if adverb else value
            if value is None:
                continue
            found = value.group().rstrip(".:!?)")
            if len(found) >= 4 and password_like(found):
                yield value.start(), value.start() + len(found), "password-in-text", True
    yield from _after_noun(text, lowered, present)


# The word for "now" (or "from now on", "still") between a copula and its value, in the
# tables' languages: "Passwort ist jetzt X", "wachtwoord is nu X", "est maintenant X".
_NOW = ("now", "jetzt", "nun", "inzwischen", "maintenant", "désormais", "ahora", "agora",
        "ora", "adesso", "teraz", "obecnie", "nu", "nyní", "teď", "most", "acum",
        "sada", "sedaj", "zdaj", "dabar", "tagad", "nüüd", "nyt", "nå", "still", "noch",
        "encore", "todavía", "ainda", "ancora", "nadal", "wciąż")
_ADVERB = lazy_regex(rf"(?:{'|'.join(dict.fromkeys(_NOW))})")
_ADVERB_GAP = lazy_regex(rf"(?:{'|'.join(dict.fromkeys(_NOW))})[ \t]+", re.I)


# A word of printable ASCII standing alone between blanks (or quotes) in another script.
_ASCII_WORD = lazy_regex(r"[!#-&(-+\--:<-~]{8,64}")
_OTHER_SCRIPT = lazy_regex(r"[^\x00-\x7f]+")


def _punctuation(char: str) -> bool:
    """A mark of punctuation in any script (the Arabic comma, the ideographic full stop)."""
    return unicodedata.category(char).startswith("P")


def _in_other_script(text: str) -> Iterator[_Found]:
    """A password by its shape alone on a line of another script, whatever the noun: a
    word of ASCII whose letters and digits change case or class at every other character
    (``Hv7kQ2xNp9Wc4d``, not ``OAuth2Client``, ``SHA256Hash`` or ``IPv6Address``), among
    words that hold no ASCII letter (half the line's words or more)."""
    done = -1
    for at in _not_ascii(text):
        if at < done:
            continue
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        end = len(text) if end == -1 else end
        done = end
        words = text[start:end].split()
        ascii_words = [w for w in words if any("a" <= c.lower() <= "z" for c in w)]
        if len(words) - len(ascii_words) < max(2, len(ascii_words)):
            continue
        for word in _ASCII_WORD.finditer(text, start, end):
            a, b = word.start(), word.end()
            while a < b and text[a] in _QUOTES:
                a += 1
            value = text[a:b].rstrip(".:!?),;\"'`")
            before, after = text[word.start() - 1:word.start()], text[b:b + 1]
            if (before and not before.isspace() and before not in _QUOTES) or (
                    after and not after.isspace() and after not in _QUOTES and
                    not _punctuation(after)):
                continue  # part of a longer word (a comma of any script ends one: "،")
            if "\\" in value:
                continue  # an escape as a JSON or a C string writes it (``\u001b[2J``)
            if scrambled(value) and _random_word(value):
                yield a, a + len(value), "password-in-text", True


_CHUNK = 4096


def _not_ascii(text: str) -> Iterator[int]:
    """Where characters outside ASCII stand: only the chunks that hold one are searched
    (``str.isascii`` of a chunk costs a fraction of a regular expression's pass)."""
    for chunk in range(0, len(text), _CHUNK):
        if text[chunk:chunk + _CHUNK].isascii():
            continue
        for m in _OTHER_SCRIPT.finditer(text, chunk, chunk + _CHUNK):
            yield m.start()


def scrambled(value: str) -> bool:
    """Letters and digits whose class (capital, small, digit) changes at half the steps."""
    kinds = ["u" if c.isupper() else "l" if c.islower() else "d" if c.isdigit() else "s"
             for c in value]
    changes = sum(a != b for a, b in pairwise(kinds))
    return changes * 2 >= len(value) - 1


def _after_noun(text: str, lowered: str, present: frozenset[str]) -> Iterator[_Found]:
    """A value by its shape after the word for password, key or token, in any language of
    the tables, whatever verb the sentence has or where it stands: the first ASCII word
    after the noun and words of the sentence's own script, when it looks random (mixed
    case and digits, not made of words)."""
    for noun in _FALLBACK_NOUNS:
        if noun not in present:
            continue
        at = lowered.find(noun)
        loaned = noun in _LOANED_NOUNS
        while at != -1:
            after = at + len(noun)
            if (loaned and not _spoken_word(lowered, at, after)) or (
                    noun in _CONCEPT_SET and at and lowered[at - 1].isalnum()):
                at = lowered.find(noun, after)
                continue
            m = _AFTER_NOUN.match(lowered, after)
            if m is not None:
                start, end = m.start(1), m.end(1)
                value = text[start:end].rstrip(".:!?),;")
                if _random_word(value) and (not loaned or scrambled(value)):
                    yield start, start + len(value), "password-in-text", True
                    at = lowered.find(noun, after)
                    continue
            yield from _among_words(text, after, loaned)
            at = lowered.find(noun, after)


def _spoken_word(lowered: str, at: int, after: int) -> bool:
    """The English word as a word of a sentence (``Il-password tad-...``), not part of a
    name (``DB_PASSWORD=``, ``password_file``), judged as assignments elsewhere."""
    before = lowered[at - 1:at]
    if before.isalnum() or (before and before in "_.$") or lowered[after:after + 1] not in " \t":
        return False
    return lowered[after:after + 40].lstrip(" \t")[:1].isalpha()  # not "password = x"


# The noun's own suffix ("şifresi", "hasłem", "passwortes"), then a few plain words of any
# script ("basis data sekarang", "du serveur devient", "tad-database", "i bazës së të
# dhënave tani është") and the value; or the value first and the verb after it ("şifresi
# X olarak değiştirildi").  A word with a digit or a symbol that is not the value ends the
# search, as does a sentence's end.  Past the noun's first word, the value must be
# scrambled (its letters change case or turn digits at every other step): a name the
# sentence gives (Argon2id, OAuth2Client) is not.
_SUFFIX = lazy_regex(r"[^\W\d_]{0,4}")
_WORDS_AFTER = 8
_JOINERS = str.maketrans("", "", "-'’")
_ARROWS = frozenset({"→", "->", "=>", "⇒", "⟶"})


def _among_words(text: str, after: int, loaned: bool = False) -> Iterator[_Found]:
    """The value among the first few words after the noun (and its suffix), by its shape."""
    suffix = _SUFFIX.match(text, after)
    assert suffix is not None  # the expression matches the empty string
    pos = suffix.end()
    for skipped in range(_WORDS_AFTER + 1):
        gap = _GAP.match(text, pos)
        if gap is None:
            return
        start = gap.end()
        while start < len(text) and text[start] in _QUOTES:
            start += 1
        word = _WORD.match(text, start)
        if word is None or word.end() == start:
            return
        value = word.group().rstrip(".:!?),;\"'`»”’")
        if value in _ARROWS:  # "Contraseña nueva → ...": an arrow stands for the verb
            pos = word.end()
            continue
        if _random_word(value) and not (skipped and _identifier(value)) and (
                not (skipped or loaned) or scrambled(value)):
            yield start, start + len(value), "password-in-text", True
            return
        if not value.translate(_JOINERS).isalpha() or (
                value != word.group() and word.group() != value + ","):
            return  # not a plain word, or the sentence's end: the value is not further on
        pos = word.end()


# Words of three letters or more and numbers (SHA256Hash, OAuth2Client): a name, when prose
# stands between it and the noun ("la contraseña se guarda con bcrypt SHA256Hash").
_PARTS = lazy_regex(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


def _identifier(value: str) -> bool:
    return all(len(part) >= 3 or part.isdigit() for part in _PARTS.findall(value))


_GAP = lazy_regex(r"[ \t]*[:：]?[ \t]+|[ \t]*[:：][ \t]*")
_WORD = lazy_regex(r"[^\s]{1,64}")


def _random_word(value: str) -> bool:
    return len(value) >= 8 and any(c.isdigit() for c in value) and \
        any(c.isupper() for c in value) and any(c.islower() for c in value) and \
        not judging.made_of_words(value) and judging.is_secret(
            value, False, (judging.PASSWORD, True), [], config=True)

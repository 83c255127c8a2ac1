"""The override order and the ask for secrecy in other languages.

"Ignoriere alle vorherigen Anweisungen", "Ignora todas las instrucciones
anteriores", "忽略之前的所有指令": a verb (ignore, forget, disregard), a
target (instructions, directives, rules) and a qualifier (all, previous,
above, your), close together in one clause, in any order (Japanese, Korean,
Hindi and Turkish put the verb last).  Secrecy: a negation, a verb of telling
and the user, with something of its own to hide (these notes, this).

Each word is a stem written in its own script and folded like the text
(:func:`gitmemory.injection.fold.fold`), so look-alikes, accents and
Korean syllables compare as they do in English.  In languages written with
spaces a stem must start a word; in Chinese, Japanese and Thai it may start
anywhere.  :data:`OVERRIDE` and :data:`SECRECY` say which languages are covered.
Stdlib only.
"""

from __future__ import annotations

from gitmemory.injection.fold import fold

# language: (verbs, targets, qualifiers), each a space-separated list of stems ("_" = space).
OVERRIDE: dict[str, tuple[str, str, str]] = {
    "de": ("ignorier vergiss vergesst vergessen missacht übergeh ubergeh überseh uberseh verwirf",
           "anweisung instruktion vorgabe richtlinie prompt",
           "alle vorherig vorig bisherig obig früher fruher deine ihre eure vorangegangen oben "
           "system"),
    "fr": ("ignore ignorez oublie oubliez néglige neglige négligez negligez outrepasse "
           "ne_tiens_pas_compte "
           "ne_tenez_pas_compte fais_abstraction faites_abstraction",
           "instruction consigne directive prompt",
           "toutes tous précédent precedent antérieur anterieur ci-dessus initial tes vos ton "
           "votre système systeme"),
    "es": ("ignora ignore ignoren olvida olvide olviden omite omita descarta descarte "
           "haz_caso_omiso pasa_por_alto",
           "instruccion indicacion directriz directiva prompt",
           "todas todos anterior previa previo arriba tus sus inicial sistema"),
    "pt": ("ignore ignora ignorem esqueça esqueca esqueçam desconsidere desconsidera despreze",
           "instruç instruc diretriz orientaç prompt",
           "todas todos anterior prévia previa acima suas tuas inicial sistema"),
    "it": ("ignora ignori ignorate dimentica dimenticate trascura tralascia non_considerare",
           "istruzion direttiv indicazion prompt",
           "tutte tutti precedent sopra tue sue vostre iniziali sistema"),
    "nl": ("negeer vergeet", "instructie aanwijzing richtlijn prompt",
           "alle vorige eerdere bovenstaande je jouw uw systeem"),
    "pl": ("zignoruj ignoruj zapomnij pomiń pomin", "instrukcj polece wytyczn prompt",
           "wszystkie poprzedni wcześniejsz wczesniejsz powyższ powyzsz swoje twoje system"),
    "tr": ("yok_say görmezden unut dikkate_alma", "talimat yönerge yonerge",
           "tüm tum bütün butun önceki onceki yukarıdaki yukaridaki sistem"),
    "ru": ("игнорируй игнорируйте проигнорируй проигнорируйте забудь забудьте "
           "не_обращай не_обращайте пренебреги отбрось отбросьте",
           "инструкци указани директив промпт",
           "все всё предыдущ прежн вышеуказан выше свои твои ваши системн"),
    "uk": ("ігноруй проігноруй забудь не_зважай", "інструкці вказівк",
           "усі всі попередн вище свої твої системн"),
    "ar": ("تجاهل انس إنس اغفل أهمل", "تعليمات التعليمات الأوامر أوامر الإرشادات إرشادات",
           "جميع كل السابقة السابق أعلاه الأصلية"),
    "fa": ("نادیده فراموش", "دستورالعمل دستورات دستور", "قبلی همه تمام بالا"),
    "he": ("התעלם שכח", "הוראות ההוראות הנחיות ההנחיות", "הקודמות כל"),
    "hi": ("अनदेखा नज़रअंदाज़ नजरअंदाज भूल अवहेलना", "निर्देश आदेश हिदायत",
           "पिछल सभी सारे ऊपर पहले पूर्व"),
    "bn": ("উপেক্ষা ভুলে", "নির্দেশ", "আগের সমস্ত সব পূর্ববর্তী"),
    "ur": ("نظرانداز نظر_انداز بھول", "ہدایات احکامات", "پچھلی تمام سابقہ"),
    "id": ("abaikan lupakan acuhkan", "instruksi perintah arahan petunjuk",
           "semua sebelumnya di_atas"),
    "vi": ("bỏ_qua phớt_lờ quên", "hướng_dẫn chỉ_dẫn chỉ_thị lệnh", "tất_cả trước ở_trên"),
    "th": ("เพิกเฉย ละเว้น ลืม", "คำสั่ง คำแนะนำ", "ก่อนหน้า ทั้งหมด"),
    "zh": ("忽略 忽视 忽視 无视 無視 忘记 忘記 忘掉 不要理会 不要理會 别管",
           "指令 指示 说明 說明 提示 命令 设定 設定",
           "之前 以前 先前 上面 以上 上述 所有 全部 一切 前面 系统 系統"),
    "ja": ("無視 忘れ", "指示 命令 指令 プロンプト 設定",
           "以前 これまで 上記 前の すべて 全て 全部 先ほど システム"),
    "ko": ("무시 잊어 잊으", "지시 지침 명령 프롬프트 안내",
           "이전 위의 위에 모든 앞의 기존 시스템"),
}
# language: (negations, verbs of telling, the user, something of its own).
SECRECY: dict[str, tuple[str, str, str, str]] = {
    "de": ("nicht nie niemals kein", "erwähn sag verrat mitteil informier erzähl zeig",
           "benutzer nutzer anwender", "diese dies davon hiervon notiz anweisung"),
    "fr": ("ne n' jamais pas", "dis dites mentionne mentionnez révèle révélez parle parlez "
           "informe informez signale", "utilisateur l'utilisateur",
           "ces cette ceci cela notes instructions"),
    "es": ("no nunca jamás jamas", "digas diga menciones mencione reveles revele informes cuentes",
           "usuario", "esto estas esta estos notas instrucciones"),
    "pt": ("não nao nunca", "diga mencione revele conte informe", "usuário usuario utilizador",
           "isto estas esta estes notas instruções"),
    "ru": ("не никогда", "говори сообщай упоминай рассказывай показывай раскрывай",
           "пользовател", "эти это эту заметк инструкци"),
    "zh": ("不要 别 切勿 不得 不可 勿", "告诉 告訴 告知 提及 透露 提到", "用户 用戶 使用者",
           "这些 這些 这个 這個 此 笔记 筆記 说明"),
    "ja": ("ない ず", "言わ 伝え 教え 知らせ 触れ", "ユーザー 利用者", "これ この メモ 指示"),
}
# English's own stems, for an order written in two languages at once ("Bitte ignore alle
# previous Anweisungen"): English alone is read more closely by gitmemory.injection.detect.
# Whole words, with English endings only: "ignoriere" is no English word.
ENGLISH = ("ignore disregard forget override discard dismiss neglect",
           "instruction directive guideline guidance rules prompt",
           "all every any previous prior earlier above former your system")
_ENDINGS = ("", "s", "d", "ed", "ing", "ings")
_CHARS = ("zh", "ja", "th")  # written without spaces between words
_WINDOW_WORDS = 9
_WINDOW_CHARS = 30


_EN = "en"
_CLAUSE_ENDS = ".;!?\n。！？；"
_Groups = tuple[tuple[str, ...], ...]
_BUILT: dict[bool, tuple[dict[str, _Groups], dict[str, _Groups]]] = {}


def _tables(ascii_only: bool) -> tuple[dict[str, _Groups], dict[str, _Groups]]:
    """(override, secrecy) stems folded like the text.  For ASCII text only the ASCII
    stems can match, and those fold without ``unicodedata``: the checkout hook does not
    load it for an ASCII item."""
    if ascii_only not in _BUILT:
        def stems(text: str) -> tuple[str, ...]:
            raw = [stem.replace("_", " ") for stem in text.split()]
            if ascii_only:
                return tuple(stem.casefold().replace("l", "i") for stem in raw if stem.isascii())
            return tuple(fold(stem).replace("l", "i") for stem in raw)

        _BUILT[ascii_only] = ({lang: tuple(map(stems, parts)) for lang, parts in (
            *OVERRIDE.items(), (_EN, ENGLISH))},
                              {lang: tuple(map(stems, parts)) for lang, parts in SECRECY.items()})
    return _BUILT[ascii_only]


def reason(flat: str, ascii_text: bool) -> str | None:
    """Why ``flat`` (folded text) orders the agent in another language, or None.

    ``ascii_text``: the text was ASCII before folding, so only ASCII stems can match.
    """
    override, secrecy = _tables(ascii_text)
    clauses = _clauses(flat)
    whole = "\n".join(clauses)
    # The languages whose verbs occur at all, looked for once in the whole text: a text
    # of many short clauses then costs its clauses times these few, not every language.
    overrides = _languages_named(whole, override, 0)
    secrets = _languages_named(whole, secrecy, 1)
    if not overrides and not secrets:
        return None
    for clause in clauses:
        for lang in _languages_named(clause, override, 0, overrides):
            if lang != _EN and _close(clause, override[lang], lang in _CHARS):
                return f"addresses the agent (override, {lang})"
        if overrides and _mixed(clause, override):
            return "addresses the agent (override, in two languages at once)"
        for lang in _languages_named(clause, secrecy, 1, secrets):
            if _close(clause, secrecy[lang], lang in _CHARS):
                return f"asks to keep something from the user ({lang})"
    return None


def _mixed(clause: str, override: dict[str, _Groups]) -> bool:
    """An override whose verb, target and qualifier come from two languages or more: one
    of its words is no English stem's, and no one other language has all three (that
    language's own rule judged it; English alone is :mod:`~gitmemory.injection.detect`'s,
    which reads "ignores all rules" as code)."""
    index = _index(override)
    named: list[set[str]] = [set(), set(), set()]
    foreign = False
    for token in clause.replace(",", " ").split():
        langs: list[set[str]] = [set(), set(), set()]
        for stem, lang, n in index.get(token[0], ()):
            if token.startswith(stem) if lang != _EN else _english(token, stem):
                langs[n].add(lang)
        for n in range(3):
            named[n] |= langs[n]
            foreign = foreign or (bool(langs[n]) and _EN not in langs[n])
    if not foreign or not all(named) or (named[0] & named[1] & named[2]) - {_EN}:
        return False
    pooled = tuple(tuple(stem for lang in langs for stem in override[lang][n])
                   for n, langs in enumerate(named))
    return _close(clause, pooled, False)


_INDEXES: dict[int, dict[str, list[tuple[str, str, int]]]] = {}


def _index(override: dict[str, _Groups]) -> dict[str, list[tuple[str, str, int]]]:
    """The one-word stems of the languages written with spaces, by their first letter."""
    key = id(override)
    if key not in _INDEXES:
        index: dict[str, list[tuple[str, str, int]]] = {}
        for lang, groups in override.items():
            for n, stems in enumerate(groups) if lang not in _CHARS else ():
                for stem in stems:
                    if stem and " " not in stem:
                        index.setdefault(stem[0], []).append((stem, lang, n))
        _INDEXES[key] = index
    return _INDEXES[key]


def _english(token: str, word: str) -> bool:
    stem = word[:-1] if word.endswith("e") else word  # ignore: ignoring
    return any(token in (word + end, stem + end) for end in _ENDINGS)


def _languages_named(clause: str, table: dict[str, _Groups], group: int,
                     among: list[str] | None = None) -> list[str]:
    """Languages (of ``among``, else all) one of whose stems of ``group`` (the verbs: the
    rarest words) occurs."""
    return [lang for lang in (table if among is None else among)
            if any(stem in clause for stem in table[lang][group])]


def _clauses(flat: str) -> list[str]:
    flat = flat.replace("l", "i")  # the stems too: a capital I (Ukrainian І) folds to l
    for mark in _CLAUSE_ENDS:
        flat = flat.replace(mark, "\n")
    return [c for c in flat.split("\n") if c.strip()]


def _close(clause: str, groups: tuple[tuple[str, ...], ...], chars: bool) -> bool:
    """Whether a stem of every group occurs, all of them within one window."""
    if not all(any(stem in clause for stem in stems) for stems in groups):
        return False  # a substring test first: most clauses stop here
    hits = [_positions(clause, stems, chars) for stems in groups]
    if not all(hits):
        return False
    window = _WINDOW_CHARS if chars else _WINDOW_WORDS
    return any(all(any(abs(p - q) <= window for q in others) for others in hits)
               for p in hits[0])


def _positions(clause: str, stems: tuple[str, ...], chars: bool) -> list[int]:
    """Where the stems occur: character offsets, or word indexes when words are spaced."""
    found = []
    if chars:
        for stem in stems:
            start = clause.find(stem)
            while start != -1:
                found.append(start)
                start = clause.find(stem, start + 1)
        return found
    tokens = clause.replace(",", " ").replace("«", " ").replace("»", " ").split()
    for stem in stems:
        size = stem.count(" ") + 1
        for i in range(len(tokens)):
            if " ".join(tokens[i:i + size]).startswith(stem):
                found.append(i)
    return found

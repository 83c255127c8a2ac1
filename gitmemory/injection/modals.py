"""The words that bind a rule and those that loosen one, per language (docs/design.md,
"Where two rules meet", *Memory records what is*; read by
:mod:`gitmemory.injection.relaxes`).

These are the closed classes of each language's grammar (modals, negations, quantifiers,
the verbs of permission and of sharing), not phrases of any attack: what a rule is about
always comes from the repository's own text.  A language not listed here relaxes no rule
by this check (the vocabulary rule still reads it).  Stdlib only.
"""

from __future__ import annotations

# language: (binding words, loosening words and phrases, negations), space-separated;
# "_" joins the words of a phrase.  A word ending in "*" is a prefix.
LANGUAGES: dict[str, tuple[str, str, str]] = {
    "en": ("must never only least refuse* restrict* private forbid* prohibit* stays stay "
           "cannot mandatory lacks nothing shall",
           "may might not_needed not_required no_need need_not needn skip* without enough "
           "suffice* whatever regardless only_a_warning public publicly everyone anyone everybody "
           "anybody all_members all_users all_staff forks forked share...with shared...with "
           "show* display* copy copies send upload* "
           "publish* "
           "unrestricted",
           "never not no don dont nor avoid"),
    "de": ("muss müssen nie niemals nur mindestens erforder* benötig* verweigert privat "
           "verboten immer genau beschränkt",
           "darf dürfen nicht_nötig nicht_erforderlich überspring* ohne "
           "genügt reicht egal öffentlich alle_mitglieder "
           "alle_benutzer freigeben",
           "nie niemals nicht kein keine"),
    "fr": ("doit doivent jamais seulement uniquement moins exige* requis refuse* privé "
           "interdit* toujours restreint*",
           "peut peuvent pas_nécessaire pas_besoin inutile sauter ignorer sans "
           "suffit suffisant public publique tout_le_monde "
           "tous_les_membres tous_les_utilisateurs partager",
           "jamais pas ne ni"),
    "es": ("debe deben nunca solo sólo solamente menos requier* necesit* rechaz* privad* "
           "prohibid* siempre exactamente restringid*",
           "puede pueden no_hace_falta no_es_necesario innecesari* omitir saltar sin "
           "basta suficiente público pública todo_el_mundo todos_los_miembros "
           "todos_los_usuarios compartir",
           "nunca no ni jamás"),
    "it": ("deve devono mai solo soltanto almeno richied* rifiut* privat* vietat* sempre "
           "esattamente riservat*",
           "può possono non_serve non_necessari* inutile saltare senza basta "
           "sufficiente pubblico pubblica pubblici pubbliche chiunque condivider*",
           "mai non né"),
    "pt": ("deve devem nunca só somente apenas menos exige* requer* recus* privad* "
           "proibid* sempre exatamente restrit*",
           "pode podem não_precisa desnecessári* pular ignorar sem basta suficiente "
           "público pública qualquer_um compartilhar",
           "nunca não nem jamais"),
    "nl": ("moet moeten nooit alleen minstens vereist weigert privé verboden altijd precies "
           "beperkt",
           "mag mogen niet_nodig overslaan zonder volstaat genoeg "
           "openbaar iedereen alle_leden alle_gebruikers delen",
           "nooit niet geen"),
    "pl": ("musi muszą nigdy tylko przynajmniej wymaga* odmawia prywatn* zabronion* zawsze "
           "dokładnie ograniczon*",
           "może mogą nie_trzeba niepotrzebn* pomiń pominąć bez wystarczy "
           "publiczn* wszyscy udostępni*",
           "nigdy nie ani"),
    "et": ("peab peavad kunagi ainult vähemalt vajab nõua* keeldu* privaatn* keelatud alati "
           "täpselt piiratud",
           "võib võivad pole_vaja ei_ole_vaja vahele_jätta ilma piisab "
           "avalik* kõigile jaga*",
           "ei ära mitte kunagi"),
    "mt": ("għandu għandha qatt biss mill_inqas teħtieġ jeħtieġ jirrifjuta privat* "
           "projbit* dejjem eżatt* ristrett*",
           "jista tista jistgħu mhux_meħtieġ hemmx_bżonn biżżejjed mingħajr "
           "pubbliku pubblika kulħadd",
           "qatt mhux ma ebda"),
    "sq": ("duhet kurrë vetëm të_paktën kërkon refuzon privat* ndalohet gjithmonë saktësisht "
           "kufizuar",
           "mund nuk_nevojitet nuk_ka_nevojë pa mjafton mjaft publik* "
           "të_gjithë ndaj",
           "kurrë nuk mos as"),
    # The creoles and the language of the Pacific repositories' docs (the fourteenth sealed
    # part: Bislama, Tok Pisin, Tetum); their negations ("no", "la") are other languages'
    # words too, and only the phrases carry them.
    "bi": ("mas neva nomo",
           "no_nid no_nidim evriwan",
           "no neva"),
    "tpi": ("mas tasol no_ken",
            "inap no_nid olgeta_man",
            "no nogat"),
    "tet": ("tenke tenki presiza deit nunka labele",
            "bele la_presiza la_nesesáriu ema_hotu",
            "nunka"),
}


def phrases(table: dict[str, str]) -> tuple[tuple[str, ...], ...]:
    """The phrases of a table of each language's closed-class words (space-separated, "_"
    joining a phrase's words), each as its words: ``"no_longer"`` is ``("no", "longer")``."""
    return tuple(tuple(entry.split("_")) for entries in table.values()
                 for entry in entries.split())

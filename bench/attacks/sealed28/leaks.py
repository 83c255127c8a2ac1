"""Leaks (part sealed28): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed27 name.  A planted secret must reach no remote, model request, printed line or CI log.

Flags, headers, arguments and environment prefixes of the Dolt, R, MessageBird, StatusCake, GBIF,
Netbird, NSQ, Agola, Mapy.cz and BundleWrap tools (``SMRZ_DOLT_PASSWORD=`` before
``script/zkouska-zalohy``, ``DOLT_CLI_PASSWORD=`` before ``dolt --host``, ``dolt --password``,
``DBI::dbConnect(..., password =)`` in ``Rscript -e``, ``Sys.setenv()``, a MessageBird
``Authorization: AccessKey`` header, a StatusCake bearer header, GBIF ``curl -u``, ``netbird up
--setup-key``, an NSQ publish with a token header, ``agola --token``, ``MAPY_API_KEY=`` before
``Rscript``, ``SMRZ_BIRD_SIGNING_KEY=`` before ``Rscript api/run.R``, ``bw run`` piping a password
to ``sudo -S``); a password said in čeština, suomi and မြန်မာ, one salted with Lisu letters that
look Latin, one read out in the Czech spelling alphabet; encodings (colon-separated hex, base58);
vendors' keys written out (ComGate, GoPay, ThePay, iDoklad, Zásilkovna, Pirsch, Fathom, Flickr,
Jotform, AppSignal, Mailtrap, Cal.com) and in URL forms (Fio in the path, Mapy.cz ``apikey=``,
DeepL ``auth_key=``, RapidAPI ``rapidapi-key=``, GBIF before the ``@``); file formats (a decrypted
``secrets/smrz.env``, a BundleWrap ``.secrets.cfg``, an ``.Renviron``, a Dolt creds ``.jwk``, Nginx
Unit ``environment``, ``config/smrz.yml``, a signal-cli account file, an Agola jsonnet
``environment``, an rsconnect ``.dcf``, a testthat fixture); git routes (an annotated tag's
message, a symbolic link's target, a ``.mailmap``, a merge commit's message); sessions (``agebox
cat``, ``Sys.getenv()`` printed by ``Rscript``, ``/proc/PID/environ`` of the API, the GBIF netrc
printed)."""

from __future__ import annotations

import json
import os

from testing.attack_checks import fake
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Tk7Hm2Wq" + "9Zr4Lx6B"
PW2 = "Gd3Nv8Yc" + "5Pf1Js7Q"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64URL = ALNUM + "-_"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
TOKEN = fake("", 32, "sealed28-messagebird", ALNUM)
NO_CONTENT = '{"no_content_to_extract": true}'
CZECH = {"A": "Adam", "B": "Božena", "C": "Cyril", "D": "David", "E": "Emil", "F": "František",
         "G": "Gustav", "H": "Helena", "I": "Ivan", "J": "Josef", "K": "Karel", "L": "Ludvík",
         "M": "Marie", "N": "Norbert", "O": "Otakar", "P": "Petr", "Q": "Quido", "R": "Rudolf",
         "S": "Svatopluk", "T": "Tomáš", "U": "Urban", "V": "Václav", "W": "William",
         "X": "Xaver", "Y": "Ypsilon", "Z": "Zuzana"}
DIGITS = ["nula", "jedna", "dva", "tři", "čtyři", "pět", "šest", "sedm", "osm", "devět"]


def _uuid(seed: str) -> str:
    raw = fake("", 32, seed, HEX)
    return f"{raw[:8]}-{raw[8:12]}-{raw[12:16]}-{raw[16:20]}-{raw[20:]}"


def _base58(text: str) -> str:
    n = int.from_bytes(text.encode(), "big")
    out = ""
    while n:
        n, r = divmod(n, 58)
        out = B58[r] + out
    return out


def _spelled(text: str) -> str:
    words = []
    for c in text:
        if c.isdigit():
            words.append(DIGITS[int(c)])
        elif c.isupper():
            words.append(f"velké {CZECH[c]}")
        else:
            words.append(CZECH[c.upper()].lower())
    return " ".join(words)


def _diff_to_model(lab: Lab, files: dict[str, str], *secrets: str) -> Repo:
    """``files`` committed on a branch beside an ordinary change, memorized with a fake model
    (the commit is sent)."""
    repo = lab.repo()
    lab.plant(*secrets)
    model = lab.model()
    for _ in range(3):
        model.text(NO_CONTENT)
    repo.git("checkout", "-q", "-b", "feature")
    for rel, text in files.items():
        repo.write(rel, text)
        repo.git("add", "-f", "--", rel)
    repo.write("ops/statuscake/checks.cfg", "push test 7311 by 05:00\n")
    repo.git("add", "-f", "--", "ops/statuscake/checks.cfg")
    repo.git("commit", "-q", "-m", "Expect the nightly copy's check-in by five",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("check-in by five" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags, headers and environment prefixes of the project's tools --------------

@attack("leak", "SMRZ_DOLT_PASSWORD= before script/zkouska-zalohy")
def dolt_env(lab: Lab) -> None:
    through_commit(lab, f"Monday's copy test by hand: `SMRZ_DOLT_PASSWORD={PW} "
                        "script/zkouska-zalohy`", PW)


@attack("leak", "DOLT_CLI_PASSWORD= before dolt --host")
def dolt_cli_env(lab: Lab) -> None:
    through_commit(lab, f"Finds this season: `DOLT_CLI_PASSWORD={PW} dolt --host 10.72.9.5 "  # noqa: S608
                        "--user smrz_admin sql -q 'SELECT COUNT(*) FROM nalezy'`", PW)


@attack("leak", "dolt --password on the command line")
def dolt_password_flag(lab: Lab) -> None:
    through_commit(lab, f"The last verification: `dolt --host 10.72.9.5 --user smrz_admin "  # noqa: S608
                        f"--password {PW} sql -q 'SELECT MAX(checked_at) FROM overeni'`", PW)


@attack("leak", "DBI::dbConnect(password =) inside Rscript -e")
def r_dbconnect(lab: Lab) -> None:
    through_commit(lab, "Count finds from R: `Rscript -e 'con <- DBI::dbConnect(RMariaDB::"
                        f"MariaDB(), host = \"10.72.9.5\", user = \"smrz_admin\", password = "
                        f"\"{PW}\"); DBI::dbGetQuery(con, \"SELECT 1\")'`", PW)


@attack("leak", "Sys.setenv() of the GBIF password in an R one-liner")
def r_setenv(lab: Lab) -> None:
    pw = fake("", 22, "sealed28-gbif-setenv", ALNUM)
    through_commit(lab, f"Export once by hand: `Rscript -e 'Sys.setenv(GBIF_PASSWORD = \"{pw}\"); "
                        "source(\"R/export.R\")'`", pw)


@attack("leak", "a MessageBird Authorization: AccessKey header")
def messagebird_header(lab: Lab) -> None:
    through_commit(lab, "One text to the committee: `curl -s https://rest.messagebird.com/"
                        f"messages -H 'Authorization: AccessKey {TOKEN}' -d originator=Mechov "
                        "-d recipients=420777123456 -d body=Test`", TOKEN)


@attack("leak", "a StatusCake bearer token in a curl header")
def statuscake_header(lab: Lab) -> None:
    token = fake("", 30, "sealed28-statuscake", ALNUM)
    through_commit(lab, f"Pause the uptime test: `curl -s -X PUT -H 'Authorization: Bearer "
                        f"{token}' https://api.statuscake.com/v1/uptime/7310 -d paused=true`",
                   token)


@attack("leak", "GBIF curl -u user:password")
def gbif_basic(lab: Lab) -> None:
    pw = fake("", 24, "sealed28-gbif-curl", ALNUM)
    through_commit(lab, f"Check the dataset: `curl -s -u mechov:{pw} https://api.gbif.org/v1/"
                        "dataset/mechov-nalezy/endpoint`", pw)


@attack("leak", "netbird up --setup-key")
def netbird_setup_key(lab: Lab) -> None:
    key = _uuid("sealed28-netbird").upper()
    through_commit(lab, f"Join a new laptop to the admin network: `netbird up --setup-key {key}`",
                   key)


@attack("leak", "an NSQ publish with a token header")
def nsq_token(lab: Lab) -> None:
    token = fake("", 40, "sealed28-nsq", B64URL)
    through_commit(lab, f"Queue a thumbnail by hand: `curl -s -H 'X-Smrz-Token: {token}' -d "
                        "'{\"find\":1412}' 'http://127.0.0.1:4151/pub?topic=nalezy'`", token)


@attack("leak", "agola --token on the command line")
def agola_token(lab: Lab) -> None:
    token = fake("", 40, "sealed28-agola", HEX)
    through_commit(lab, f"Restart the last CI run: `agola --token {token} --gateway-url "
                        "https://ci.mechov.cz run restart --project mechov/smrz`", token)


@attack("leak", "MAPY_API_KEY= before Rscript")
def mapy_env(lab: Lab) -> None:
    key = fake("", 43, "sealed28-mapy-env", B64URL)
    through_commit(lab, f"Portal with maps locally: `MAPY_API_KEY={key} Rscript -e "
                        "'shiny::runApp(\"app\", port = 8472)'`", key)


@attack("leak", "SMRZ_BIRD_SIGNING_KEY= before Rscript api/run.R")
def bird_env(lab: Lab) -> None:
    key = fake("", 32, "sealed28-bird-sign", ALNUM)
    through_commit(lab, f"Try the delivery hook locally: `SMRZ_BIRD_SIGNING_KEY={key} "
                        "SMRZ_ENV=dev Rscript api/run.R`", key)


@attack("leak", "bw run piping the sudo password to sudo -S")
def bw_sudo(lab: Lab) -> None:
    through_commit(lab, f"Restart the API on smrk: `bw run smrk \"echo {PW2} | sudo -S "
                        "/usr/bin/systemctl try-restart smrz-api\"`", PW2)


# -- the password sentence: three languages, look-alike letters, a spelling alphabet --------

@attack("leak", "a password sentence in čeština")
def cestina(lab: Lab) -> None:
    through_commit(lab, f"Nové heslo k rejstříku nálezů je {PW}, nikomu ho neříkej", PW)


@attack("leak", "a password sentence in suomi")
def suomi(lab: Lab) -> None:
    through_commit(lab, f"Löytörekisterin uusi salasana on {PW}, älä kerro sitä kenellekään", PW)


@attack("leak", "a password sentence in မြန်မာ")
def myanma(lab: Lab) -> None:
    through_commit(lab, f"တွေ့ရှိမှု မှတ်တမ်း၏ စကားဝှက်အသစ်မှာ {PW} ဖြစ်သည်၊ မည်သူ့ကိုမျှ မပြောပါနှင့်",
                   PW)


@attack("leak", "a password with Lisu look-alike letters in it")
def lookalike(lab: Lab) -> None:
    mixed = PW.translate(str.maketrans({"T": "\ua4d4", "H": "\ua4e7", "W": "\ua4ea",
                                        "B": "\ua4d0"}))
    through_commit(lab, f"The Dolt admin password is now {mixed} (paste it, a few letters look "
                        "odd)", mixed)


@attack("leak", "a password read out letter by letter in the Czech spelling alphabet")
def czech_spelling(lab: Lab) -> None:
    spelled = _spelled(PW2)
    through_commit(lab, f"The buk copy passphrase, as read out on the phone: {spelled}", spelled)


# -- encodings ------------------------------------------------------------------------------

@attack("leak", "a password written as colon-separated hex")
def colon_hex(lab: Lab) -> None:
    pairs = ":".join(f"{b:02x}" for b in PW2.encode())
    through_commit(lab, f"The Netbird admin password as hex pairs, so it survives the "
                        f"chat: {pairs}", pairs)


@attack("leak", "a password written in base58")
def base58_pw(lab: Lab) -> None:
    number = _base58(PW2)
    through_commit(lab, f"The agebox committee password in base58, decode before use: {number}",
                   number)


# -- vendors' keys in prose and in their URL forms ------------------------------------------

@attack("leak", "a ComGate merchant secret in prose")
def comgate(lab: Lab) -> None:
    secret = fake("", 32, "sealed28-comgate", ALNUM)
    through_commit(lab, f"Membership dues are paid through ComGate, merchant 482913, secret "
                        f"{secret}", secret)


@attack("leak", "a GoPay client secret in prose")
def gopay(lab: Lab) -> None:
    secret = fake("", 24, "sealed28-gopay", ALNUM)
    through_commit(lab, f"Exhibition tickets go through GoPay, client id 1744903321, client "
                        f"secret {secret}", secret)


@attack("leak", "a ThePay API password in prose")
def thepay(lab: Lab) -> None:
    pw = fake("", 32, "sealed28-thepay", HEX)
    through_commit(lab, f"The course fees use ThePay; project 3, API password {pw}", pw)


@attack("leak", "an iDoklad client secret, written out")
def idoklad(lab: Lab) -> None:
    secret = _uuid("sealed28-idoklad")
    through_commit(lab, f"Invoices for the atlas are issued in iDoklad, client id "
                        f"{_uuid('sealed28-idoklad-id')}, client secret {secret}", secret)


@attack("leak", "a Zásilkovna API password in prose")
def zasilkovna(lab: Lab) -> None:
    pw = fake("", 32, "sealed28-zasilkovna", HEX)
    through_commit(lab, f"Atlas copies are sent with Zásilkovna, API password {pw}", pw)


@attack("leak", "a Pirsch client secret in prose")
def pirsch(lab: Lab) -> None:
    secret = fake("", 64, "sealed28-pirsch", ALNUM)
    through_commit(lab, f"Visits to the portal are counted by Pirsch; the reporting client "
                        f"secret is {secret}", secret)


@attack("leak", "a Fathom API token in prose")
def fathom(lab: Lab) -> None:
    token = fake("", 40, "sealed28-fathom", ALNUM)
    through_commit(lab, f"The atlas site's stats come from Fathom, API token {token}", token)


@attack("leak", "a Flickr API secret in prose")
def flickr(lab: Lab) -> None:
    secret = fake("", 16, "sealed28-flickr", HEX)
    key = fake("", 32, "sealed28-flickr-key", HEX)
    through_commit(lab, f"Exhibition photos are mirrored to Flickr, key {key}, secret {secret}",
                   key, secret)


@attack("leak", "a Jotform API key in prose")
def jotform(lab: Lab) -> None:
    key = fake("", 32, "sealed28-jotform", HEX)
    through_commit(lab, f"Course sign-ups arrive through Jotform; the export uses API key {key}",
                   key)


@attack("leak", "an AppSignal push API key in prose")
def appsignal(lab: Lab) -> None:
    key = _uuid("sealed28-appsignal")
    through_commit(lab, f"Errors of the plumber API go to AppSignal, push key {key}", key)


@attack("leak", "a Mailtrap API token in prose")
def mailtrap(lab: Lab) -> None:
    token = fake("", 32, "sealed28-mailtrap", HEX)
    through_commit(lab, f"Meeting invitations are sent through Mailtrap with the token {token}",
                   token)


@attack("leak", "a Cal.com API key in prose")
def calcom(lab: Lab) -> None:
    key = "cal_live_" + fake("", 32, "sealed28-calcom", HEX)
    through_commit(lab, f"Poradna office hours are booked in Cal.com, API key {key}", key[9:])


@attack("leak", "a Fio bank token in the URL's path")
def fio_url(lab: Lab) -> None:
    token = fake("", 64, "sealed28-fio", ALNUM)
    through_commit(lab, f"Dues paid this month: https://fioapi.fio.cz/v1/rest/last/{token}/"
                        "transactions.json", token)


@attack("leak", "a Mapy.cz apikey= in a URL")
def mapy_url(lab: Lab) -> None:
    key = fake("", 43, "sealed28-mapy-url", B64URL)
    through_commit(lab, f"Tiles for the atlas: https://api.mapy.cz/v1/maptiles/outdoor/256/14/"
                        f"8848/5548?apikey={key}", key)


@attack("leak", "a DeepL auth_key= in a URL")
def deepl_url(lab: Lab) -> None:
    key = _uuid("sealed28-deepl") + ":fx"
    through_commit(lab, f"Species notes into Finnish: https://api-free.deepl.com/v2/translate?"
                        f"auth_key={key}&target_lang=FI&text=hrib", key[:-3])


@attack("leak", "a RapidAPI rapidapi-key= in a URL")
def rapidapi_url(lab: Lab) -> None:
    key = fake("", 50, "sealed28-rapidapi", ALNUM)
    through_commit(lab, f"Rain totals for the forest: https://meteostat.p.rapidapi.com/point/"
                        f"daily?lat=49.95&lon=13.87&rapidapi-key={key}", key)


@attack("leak", "GBIF login and password before the @ of a URL")
def gbif_url(lab: Lab) -> None:
    pw = fake("", 20, "sealed28-gbif-url", ALNUM)
    through_commit(lab, f"Download request: https://mechov:{pw}@api.gbif.org/v1/occurrence/"
                        "download/request", pw)


# -- file formats ---------------------------------------------------------------------------

@attack("leak", "secrets/smrz.env committed decrypted")
def plain_env(lab: Lab) -> None:
    _diff_to_model(lab, {"secrets/smrz.env": (
        "SMRZ_ENV=production\nSMRZ_PORT=8471\n"
        f"SMRZ_DOLT_PASSWORD={PW}\n")}, PW)


@attack("leak", "a BundleWrap .secrets.cfg with its vault keys")
def bundlewrap_secrets(lab: Lab) -> None:
    key = fake("", 44, "sealed28-bw-vault", B64URL)
    _diff_to_model(lab, {"bundlewrap/.secrets.cfg": (
        f"[generate]\nkey = {key}\n\n[encrypt]\nkey = {key}\n")}, key)


@attack("leak", "an .Renviron with the database password")
def renviron(lab: Lab) -> None:
    _diff_to_model(lab, {".Renviron": (
        "SMRZ_ENV=dev\nSMRZ_DOLT_HOST=10.72.9.5\n"
        f"SMRZ_DOLT_PASSWORD={PW}\n")}, PW)


@attack("leak", "a Dolt creds .jwk with its private part")
def dolt_jwk(lab: Lab) -> None:
    d = fake("", 43, "sealed28-dolt-jwk", B64URL)
    _diff_to_model(lab, {"ops/dolt/creds/b2k9smrz.jwk": json.dumps({
        "kty": "OKP", "crv": "Ed25519", "x": fake("", 43, "sealed28-dolt-x", B64URL),
        "d": d}) + "\n"}, d)


@attack("leak", "an Nginx Unit application environment with the password")
def unit_environment(lab: Lab) -> None:
    _diff_to_model(lab, {"unit/app.json": json.dumps({"applications": {"export": {
        "type": "external", "executable": "/opt/smrz/current/script/gbif-export",
        "environment": {"GBIF_PASSWORD": PW}}}}, indent=2) + "\n"}, PW)


@attack("leak", "config/smrz.yml with the Dolt password")
def smrz_yml(lab: Lab) -> None:
    _diff_to_model(lab, {"config/smrz.yml": (
        "dolt:\n  host: 10.72.9.5\n  port: 3306\n  user: smrz_app\n"
        f"  password: \"{PW}\"\n")}, PW)


@attack("leak", "a signal-cli account file with its password")
def signal_account(lab: Lab) -> None:
    pw = fake("", 24, "sealed28-signal", B64URL)
    _diff_to_model(lab, {"ops/signal/data/420777000111.json": json.dumps({
        "username": "+420777000111", "deviceId": 1, "password": pw,
        "registered": True}, indent=2) + "\n"}, pw)


@attack("leak", "an Agola jsonnet environment with the GBIF password")
def agola_env(lab: Lab) -> None:
    pw = fake("", 22, "sealed28-agola-env", ALNUM)
    _diff_to_model(lab, {".agola/config.jsonnet": (
        "{\n  runs: [{\n    name: 'export',\n    tasks: [{\n      name: 'gbif',\n"
        f"      environment: {{ GBIF_PASSWORD: '{pw}' }},\n"
        "      steps: [{ type: 'run', command: 'script/gbif-export' }],\n    }],\n  }],\n}\n")},
        pw)


@attack("leak", "an rsconnect account .dcf with token and secret")
def rsconnect_dcf(lab: Lab) -> None:
    secret = fake("", 40, "sealed28-rsconnect", B64URL)
    _diff_to_model(lab, {"rsconnect/accounts/shinyapps.io/mechov.dcf": (
        "name: mechov\nserver: shinyapps.io\n"
        f"token: {fake('', 32, 'sealed28-rsc-token', HEX).upper()}\n"
        f"secret: {secret}\n")}, secret)


@attack("leak", "a testthat fixture holding the real MessageBird signing key")
def testthat_fixture(lab: Lab) -> None:
    key = fake("", 32, "sealed28-fixture", ALNUM)
    _diff_to_model(lab, {"tests/testthat/fixtures/bird-report.json": json.dumps({
        "signing_key": key, "body": {"id": "m1", "status": "delivered"}}, indent=2) + "\n"},
        key)


# -- git routes -----------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _model_quiet(lab: Lab) -> None:
    model = lab.model()
    for _ in range(3):
        model.text(NO_CONTENT)


@attack("leak", "git route: an annotated tag's message holds a key, memorized and pushed")
def tag_message(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    key = fake("", 40, "sealed28-tag", ALNUM)
    lab.plant(key)
    _model_quiet(lab)
    repo.git("checkout", "-q", "-b", "feature")
    repo.write("docs/atlas.md", "The atlas of the society's finds.\n")
    repo.git("add", "-f", "--", "docs/atlas.md")
    repo.git("commit", "-q", "-m", "Describe the atlas of finds", env={"GITMEMORY_DISABLE": "1"})
    repo.git("tag", "-a", "v2.3.1", "-m", f"Atlas release; Fio token for the shop: {key}",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("atlas of finds" in lab.sent(), "the commit was sent to the model")
    _pushed(lab, repo.push("origin", "feature"))
    _pushed(lab, repo.push("origin", "v2.3.1"))
    _pushed(lab, repo.push("origin", "feature"))


@attack("leak", "git route: a symbolic link's target holds a key, memorized and pushed")
def symlink_target(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    key = fake("", 36, "sealed28-symlink", ALNUM)
    lab.plant(key)
    _model_quiet(lab)
    repo.git("checkout", "-q", "-b", "feature")
    (repo.path / "ops").mkdir(exist_ok=True)
    os.symlink(f"../keys/mapy-{key}.txt", repo.path / "ops" / "mapy-key")
    repo.git("add", "-f", "--", "ops/mapy-key")
    repo.git("commit", "-q", "-m", "Point the portal at the map key",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("portal at the map key" in lab.sent(), "the commit was sent to the model")
    _pushed(lab, repo.push("origin", "feature"))
    _pushed(lab, repo.push("origin", "feature"))


@attack("leak", "git route: a .mailmap entry holds a key, memorized and pushed")
def mailmap_key(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    key = fake("", 32, "sealed28-mailmap", HEX)
    lab.plant(key)
    _model_quiet(lab)
    repo.git("checkout", "-q", "-b", "feature")
    repo.write(".mailmap", f"Poradna <poradna@mechov.cz> <bird+{key}@mechov.cz>\n")
    repo.git("add", "-f", "--", ".mailmap")
    repo.git("commit", "-q", "-m", "Map the poradna's old addresses",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("poradna's old addresses" in lab.sent(), "the commit was sent to the model")
    _pushed(lab, repo.push("origin", "feature"))
    _pushed(lab, repo.push("origin", "feature"))


@attack("leak", "git route: a password in the message of a merge commit, memorized and pushed")
def merge_message(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    pw = fake("", 26, "sealed28-merge", ALNUM)
    lab.plant(pw)
    _model_quiet(lab)
    no_hooks = {"GITMEMORY_DISABLE": "1"}
    repo.git("checkout", "-q", "-b", "feature")
    repo.write("docs/export.md", "The GBIF export.\n")
    repo.git("add", "-f", "--", "docs/export.md")
    repo.git("commit", "-q", "-m", "Describe the GBIF export", env=no_hooks)
    repo.git("checkout", "-q", "-b", "side", "main", env=no_hooks)
    repo.write("docs/grid.md", "Red-list places on a 10 km grid.\n")
    repo.git("add", "-f", "--", "docs/grid.md")
    repo.git("commit", "-q", "-m", "Describe the grid", env=no_hooks)
    repo.git("checkout", "-q", "feature", env=no_hooks)
    repo.git("merge", "-q", "-m", f"Merge the grid notes; GBIF password is now {pw}", "side",
             env=no_hooks)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("GBIF export" in lab.sent(), "the commits were sent to the model")
    _pushed(lab, repo.push("origin", "feature"))
    _pushed(lab, repo.push("origin", "feature"))


# -- sessions -------------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Rotate the Dolt password on jedle and check that the API connects again")
    build(rec)
    rec.say("Done.")
    transcript = write_claude(lab.root / "home", str(repo.path), rec)
    run_session_hook(repo.path, "SessionEnd", hook_input("SessionEnd", str(transcript),
                                                         str(repo.path)),
                     gitmemory_bin(lab.root / "bin"), env=lab.env)
    _model_quiet(lab)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("Dolt password on jedle" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: agebox cat of the env file")
def session_agebox(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("agebox cat secrets/smrz.env.agebox",
                 f"SMRZ_ENV=production\nSMRZ_DOLT_PASSWORD={PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: Sys.getenv() printed by Rscript")
def session_sys_getenv(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh houbar@smrk \"sudo -u smrz Rscript -e "
                 "'Sys.getenv(\\\"SMRZ_DOLT_PASSWORD\\\")'\"",
                 f"[1] \"{PW2}\"\n", 0)
    _session(lab, build)


@attack("leak", "a session: /proc/PID/environ of the API process")
def session_proc_environ(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh houbar@smrk 'sudo tr \"\\0\" \"\\n\" < /proc/$(pgrep -f api/run.R)/environ'",
                 f"SMRZ_ENV=production\nSMRZ_DOLT_PASSWORD={PW2}\nHOME=/opt/smrz\n", 0)
    _session(lab, build)


@attack("leak", "a session printing the GBIF export's netrc")
def session_netrc(lab: Lab) -> None:
    pw = fake("", 22, "sealed28-netrc-session", ALNUM)
    lab.plant(pw)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh houbar@smrk 'sudo cat /tmp/tmp.Xk3vQ9'",
                 f"machine api.gbif.org login mechov password {pw}\n", 0)
    _session(lab, build)

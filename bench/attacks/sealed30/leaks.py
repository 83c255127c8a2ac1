"""Leaks (part sealed30): families neither issue 31 nor parts build, heldout, sealed2 ... sealed29
name. A planted secret must reach no remote, model request, printed line or CI log.

Command-line flags and variables placed before the commands of the MonetDB, Kafka, Vaultwarden,
Rex, Nexmo, VictoriaMetrics, SeisComP, Gogs, kcat, Cronhub and FDSN tools
(``TEBREN_MONETDB_PASSWORD=`` before ``script/kochurmo-sinoo``, ``monetdb -P``, ``kafka-console-
consumer.sh --consumer-property sasl.jaas.config=``, ``BW_SESSION=`` before ``bw get``,
``BW_PASSWORD=`` before ``bw unlock --passwordenv``, ``rex -p``, ``-d api_secret=`` to Nexmo,
``vmagent -remoteWrite.basicAuth.password=``, ``scxmldump -d user:password@``, ``gogs admin
create-user --password``, ``kcat -X sasl.password=``, ``TEBREN_NEXMO_SECRET=``,
``TEBREN_CRONHUB_PING=`` and ``curl --digest -u`` to an FDSN ``queryauth``); a password said in
кыргызча, o'zbekcha and ئۇيغۇرچە, one with Coptic capitals that pass for Latin ones, one
dictated with Russian names for the letters; encodings (basE91, z-base-32); vendors' keys
written out (Pusher, BunnyCDN, Sanity, Prismic, Strapi, Coveralls, SonarCloud, BrowserStack,
Amplitude, Mandrill, Qualtrics, SurveyMonkey) and inside URLs (a MonetDB connection URL's
``password=``, an ``amqps://`` URL's user part, a ``mailto:`` URL's body, a Zoho Cliq webhook's
``zapikey=``, a ``;jsessionid=`` path parameter); file formats (a ``.monetdb`` file, a Kafka
``client.properties``, a stunnel ``psk.txt``, a Dancer2 environment file, a Rexfile with a
password, a ``screwdriver.yaml`` ``environment``, a SeisComP ``scmaster.cfg`` database line, a
systemd unit with ``-httpAuth.password=``, a CPAN ``.pause`` file, a test fixture); git routes
(the message of an ``amend!`` commit, a KOI8-R message, a key as part of a file name, a key
split at a line break of a message); sessions (a password in the user's prompt, a key in the
assistant's reply, a secret in a command with no output, a failed command's error output, ``bw
get password``)."""

from __future__ import annotations

import json

from testing.attack_checks import fake
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Tz6Mq9Wf" + "4Hn8Kc2B"
PW2 = "Gj7Xr5Lv" + "1Ds6Pw9E"
PW3 = "Nv5Kd8Rq" + "7Jh4Tm0S"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64URL = ALNUM + "-_"
NO_CONTENT = '{"no_content_to_extract": true}'
NO_HOOKS = {"GITMEMORY_DISABLE": "1"}
# Russian names for the letters, as read over a telephone line.
RUSSIAN = {"A": "Анна", "B": "Борис", "C": "Цапля", "D": "Дмитрий", "E": "Елена",
           "F": "Фёдор", "G": "Григорий", "H": "Харитон", "I": "Иван", "J": "Иван краткий",
           "K": "Константин", "L": "Леонид", "M": "Михаил", "N": "Николай", "O": "Ольга",
           "P": "Павел", "Q": "Щука", "R": "Роман", "S": "Семён", "T": "Татьяна",
           "U": "Ульяна", "V": "Женя", "W": "Василий", "X": "мягкий знак", "Y": "Еры",
           "Z": "Зинаида"}
DIGITS = {"0": "ноль", "1": "один", "4": "четыре", "5": "пять", "6": "шесть", "7": "семь",
          "8": "восемь", "9": "девять"}
# Coptic capitals that look like Latin ones.
COPTIC = {"T": "\u2ca6", "M": "\u2c98", "H": "\u2c8e", "K": "\u2c94", "B": "\u2c82"}
B91 = ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
       "!#$%&()*+,./:;<=>?@[]^_`{|}~\"")
ZB32 = "ybndrfg8ejkmcpqxot1uwisza345h769"


def _uuid(seed: str) -> str:
    raw = fake("", 32, seed, HEX)
    return f"{raw[:8]}-{raw[8:12]}-{raw[12:16]}-{raw[16:20]}-{raw[20:]}"


def _spelled(text: str) -> str:
    words = []
    for c in text:
        if c.isdigit():
            words.append(DIGITS[c])
        elif c.isupper():
            words.append(f"{RUSSIAN[c]} заглавная")
        else:
            words.append(f"{RUSSIAN[c.upper()]} строчная")
    return ", ".join(words)


def _base91(data: bytes) -> str:
    out, b, n = [], 0, 0
    for byte in data:
        b |= byte << n
        n += 8
        if n > 13:
            v = b & 8191
            if v > 88:
                b >>= 13
                n -= 13
            else:
                v = b & 16383
                b >>= 14
                n -= 14
            out += [B91[v % 91], B91[v // 91]]
    if n:
        out.append(B91[b % 91])
        if n > 7 or b > 90:
            out.append(B91[b // 91])
    return "".join(out)


def _zbase32(data: bytes) -> str:
    bits = "".join(f"{byte:08b}" for byte in data)
    bits += "0" * (-len(bits) % 5)
    return "".join(ZB32[int(bits[i:i + 5], 2)] for i in range(0, len(bits), 5))


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
    repo.write("ops/cronhub/expected.cfg", "tungu-kochurmo by 04:30\n")
    repo.git("add", "-f", "--", "ops/cronhub/expected.cfg")
    repo.git("commit", "-q", "-m", "Expect the dump's Cronhub ping before dawn",
             env=NO_HOOKS)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("before dawn" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools -----------------------

@attack("leak", "TEBREN_MONETDB_PASSWORD= before script/kochurmo-sinoo")
def monetdb_env(lab: Lab) -> None:
    through_commit(lab, f"Sunday's restore test by hand: `TEBREN_MONETDB_PASSWORD={PW} "
                        "script/kochurmo-sinoo`", PW)


@attack("leak", "monetdb -P with the daemon's passphrase")
def monetdb_passphrase(lab: Lab) -> None:
    through_commit(lab, f"Check the farm on toktogul from a laptop: `monetdb -h 10.61.8.6 -P {PW} "
                        "status`", PW)


@attack("leak", "kafka-console-consumer.sh --consumer-property sasl.jaas.config= with a password")
def kafka_jaas_flag(lab: Lab) -> None:
    pw = fake("", 24, "sealed30-kafka-flag", ALNUM)
    through_commit(lab, "Watch the events topic: `kafka-console-consumer.sh --bootstrap-server "
                        "127.0.0.1:9092 --topic tebren.okuyalar --consumer-property "
                        "security.protocol=SASL_SSL --consumer-property sasl.mechanism=PLAIN "
                        "--consumer-property 'sasl.jaas.config=org.apache.kafka.common.security."
                        f"plain.PlainLoginModule required username=\"tebren\" password=\"{pw}\";'`",
                   pw)


@attack("leak", "BW_SESSION= before bw get")
def bw_session(lab: Lab) -> None:
    session = fake("", 88, "sealed30-bw-session", ALNUM + "+/")
    through_commit(lab, f"Read the Nexmo key without unlocking again: `BW_SESSION=\"{session}\" "
                        "bw get password tebren-nexmo`", session)


@attack("leak", "BW_PASSWORD= before bw unlock --passwordenv")
def bw_password(lab: Lab) -> None:
    through_commit(lab, f"Unlock the vault in one line: `BW_PASSWORD='{PW2}' bw unlock "
                        "--passwordenv BW_PASSWORD`", PW2)


@attack("leak", "rex -p with nobatchy's password")
def rex_password(lab: Lab) -> None:
    through_commit(lab, f"Deploy from a laptop without the key: `rex -u nobatchy -p {PW2} -H "
                        "sonkul.alatoo-seis.kg deploy`", PW2)


@attack("leak", "-d api_secret= to Nexmo's SMS API")
def nexmo_form(lab: Lab) -> None:
    secret = fake("", 16, "sealed30-nexmo-form", ALNUM)
    through_commit(lab, "Text the duty phone by hand: `curl https://rest.nexmo.com/sms/json -d "
                        "from=TEBREN -d to=996555010203 -d text=test -d api_key=3f9a1c7e "
                        f"-d api_secret={secret}`", secret)


@attack("leak", "vmagent -remoteWrite.basicAuth.password=")
def vmagent_flag(lab: Lab) -> None:
    pw = fake("", 22, "sealed30-vmagent", ALNUM)
    through_commit(lab, "Send a station's metrics by hand: `vmagent -promscrape.config=scrape.yml "
                        "-remoteWrite.url=https://vm.alatoo-seis.kg/api/v1/write "
                        "-remoteWrite.basicAuth.username=stansiya "
                        f"-remoteWrite.basicAuth.password={pw}`",
                   pw)


@attack("leak", "scxmldump -d with the database password in its URL")
def scxmldump_db(lab: Lab) -> None:
    pw = fake("", 18, "sealed30-scxmldump", ALNUM)
    through_commit(lab, f"Dump one event for the review board: `scxmldump -d sysop:{pw}@toktogul/"
                        "seiscomp -E alatoo2026xkcd -PAMf -o event.xml`", pw)


@attack("leak", "gogs admin create-user --password")
def gogs_user(lab: Lab) -> None:
    pw = fake("", 20, "sealed30-gogs", ALNUM)
    through_commit(lab, "The partners' account on the code host: `gogs admin create-user --name "
                        f"kutkaruu --password {pw} --email it@kutkaruu.kg`", pw)


@attack("leak", "kcat -X sasl.password=")
def kcat_password(lab: Lab) -> None:
    pw = fake("", 24, "sealed30-kcat", ALNUM)
    through_commit(lab, "Peek at the last event: `kcat -b 127.0.0.1:9092 -X security.protocol="
                        "SASL_SSL -X sasl.mechanisms=PLAIN -X sasl.username=tebren -X "
                        f"sasl.password={pw} -t tebren.okuyalar -C -o -1 -e`", pw)


@attack("leak", "TEBREN_NEXMO_SECRET= before script/sms-sinoo")
def nexmo_env(lab: Lab) -> None:
    secret = fake("", 16, "sealed30-nexmo-env", ALNUM)
    through_commit(lab, "A trial text from a laptop: `TEBREN_NEXMO_KEY=3f9a1c7e "
                        f"TEBREN_NEXMO_SECRET={secret} script/sms-sinoo`", secret)


@attack("leak", "TEBREN_CRONHUB_PING= before script/tungu-kochurmo")
def cronhub_env(lab: Lab) -> None:
    ping = _uuid("sealed30-cronhub")
    through_commit(lab, "Repeat the dump once it has failed: `TEBREN_CRONHUB_PING=https://cronhub.io/"
                        f"ping/{ping} script/tungu-kochurmo`", ping)


@attack("leak", "curl --digest -u to an FDSN queryauth")
def fdsn_digest(lab: Lab) -> None:
    pw = fake("", 16, "sealed30-fdsn", ALNUM)
    through_commit(lab, f"Restricted waveforms for the partners: `curl --digest -u kutkaruu:{pw} "
                        "'http://10.61.8.5:8080/fdsnws/dataselect/1/queryauth?net=KN&sta=*"
                        "&start=2026-11-30T00:00:00&end=2026-11-30T01:00:00' -o nov30.mseed`", pw)


# -- the password sentence: three languages, look-alike letters, a spelling alphabet --------

@attack("leak", "a password sentence in кыргызча")
def kyrgyzcha(lab: Lab) -> None:
    through_commit(lab, f"Эскертүү базасынын жаңы сырсөзү {PW}, аны эч кимге айтпа", PW)


@attack("leak", "a password sentence in o'zbekcha")
def ozbekcha(lab: Lab) -> None:
    through_commit(lab, f"Ogohlantirish bazasining yangi paroli {PW}, uni hech kimga aytma", PW)


@attack("leak", "a password sentence in ئۇيغۇرچە")
def uyghurche(lab: Lab) -> None:
    through_commit(lab, f"ئاگاھلاندۇرۇش ساندانىنىڭ يېڭى پارولى {PW}، ئۇنى ھېچكىمگە دېمە", PW)


@attack("leak", "a password with Coptic capitals that pass for Latin ones")
def coptic_lookalike(lab: Lab) -> None:
    mixed = PW.translate(str.maketrans(COPTIC))
    through_commit(lab, f"The MonetDB admin password is now {mixed} (paste it, some capitals look "
                        "odd)", mixed)


@attack("leak", "a password dictated with Russian names for the letters")
def russian_spelling(lab: Lab) -> None:
    spelled = _spelled(PW3)
    through_commit(lab, f"The toktogul dump passphrase as read over the phone: {spelled}", spelled)


# -- encodings ------------------------------------------------------------------------------

@attack("leak", "a password written in basE91")
def base91_pw(lab: Lab) -> None:
    text = _base91(PW2.encode())
    through_commit(lab, f"The Kafka password in basE91, the way the station loggers store it: "
                        f"{text}", text)


@attack("leak", "a password written in z-base-32")
def zbase32_pw(lab: Lab) -> None:
    text = _zbase32(PW2.encode())
    through_commit(lab, f"The vault's master password in z-base-32, decode before use: {text}",
                   text)


# -- vendors' keys in prose and in URL forms ------------------------------------------------

@attack("leak", "a Pusher Channels app secret in prose")
def pusher(lab: Lab) -> None:
    secret = fake("", 20, "sealed30-pusher", HEX)
    through_commit(lab, f"The live map updates through Pusher Channels, app 1734221, key "
                        f"{fake('', 20, 'sealed30-pusher-key', HEX)}, secret {secret}", secret)


@attack("leak", "a BunnyCDN storage password in prose")
def bunnycdn(lab: Lab) -> None:
    secret = _uuid("sealed30-bunny") + "-" + fake("", 4, "sealed30-bunny2", HEX) + "-" + \
        fake("", 4, "sealed30-bunny3", HEX)
    through_commit(lab, f"The map tiles are served from BunnyCDN; the storage password is {secret}",
                   secret)


@attack("leak", "a Sanity API token in prose")
def sanity(lab: Lab) -> None:
    token = "sk" + fake("", 180, "sealed30-sanity", ALNUM)
    through_commit(lab, f"The public event pages are edited in Sanity, write token {token}",
                   token[2:])


@attack("leak", "a Prismic access token in prose")
def prismic(lab: Lab) -> None:
    token = "MC5" + fake("", 96, "sealed30-prismic", B64URL)
    through_commit(lab, f"The institute's news comes from Prismic with the permanent token {token}",
                   token[3:])


@attack("leak", "a Strapi API token in prose")
def strapi(lab: Lab) -> None:
    token = fake("", 256, "sealed30-strapi", HEX)
    through_commit(lab, f"The partners' contact list lives in Strapi; its full-access token is "
                        f"{token}", token)


@attack("leak", "a Coveralls repo token in prose")
def coveralls(lab: Lab) -> None:
    token = fake("", 32, "sealed30-coveralls", ALNUM)
    through_commit(lab, f"Test coverage goes to Coveralls with the repo token {token}", token)


@attack("leak", "a SonarCloud token in prose")
def sonarcloud(lab: Lab) -> None:
    token = fake("", 40, "sealed30-sonarcloud", HEX)
    through_commit(lab, f"SonarCloud scans each merge request; the analysis token is {token}",
                   token)


@attack("leak", "a BrowserStack access key in prose")
def browserstack(lab: Lab) -> None:
    key = fake("", 20, "sealed30-browserstack", ALNUM)
    through_commit(lab, f"The felt-report form is tried on old phones in BrowserStack, user "
                        f"alatooseis_Kq2, access key {key}", key)


@attack("leak", "an Amplitude secret key in prose")
def amplitude(lab: Lab) -> None:
    key = fake("", 32, "sealed30-amplitude", HEX)
    through_commit(lab, f"Amplitude counts how many subscribers open a push; export secret key "
                        f"{key}", key)


@attack("leak", "a Mandrill API key in prose")
def mandrill(lab: Lab) -> None:
    key = "md-" + fake("", 22, "sealed30-mandrill", ALNUM)
    through_commit(lab, f"The monthly bulletin goes out through Mandrill with the key {key}",
                   key[3:])


@attack("leak", "a Qualtrics API token in prose")
def qualtrics(lab: Lab) -> None:
    token = fake("", 40, "sealed30-qualtrics", ALNUM)
    through_commit(lab, f"The long felt-report survey runs on Qualtrics; its API token is {token}",
                   token)


@attack("leak", "a SurveyMonkey access token in prose")
def surveymonkey(lab: Lab) -> None:
    token = fake("", 64, "sealed30-surveymonkey", ALNUM + "-")
    through_commit(lab, f"The partners' yearly survey is on SurveyMonkey, bearer token {token}",
                   token)


@attack("leak", "a MonetDB connection URL with password= in its query")
def jdbc_url(lab: Lab) -> None:
    through_commit(lab, "The review board's spreadsheet connects with jdbc:monetdb://10.61.8.6:50000/"
                        f"tebren?user=tebren_okuu&password={PW3}&so_timeout=30000", PW3)


@attack("leak", "an amqps:// URL with the password in its user part")
def amqps_url(lab: Lab) -> None:
    pw = fake("", 26, "sealed30-amqps", ALNUM)
    through_commit(lab, f"Civil protection also takes the feed on amqps://tebren:{pw}@mq.kutkaruu.kg"
                        ":5671/cap", pw)


@attack("leak", "a mailto: URL whose body carries a key")
def mailto_body(lab: Lab) -> None:
    key = fake("", 32, "sealed30-mailto", ALNUM)
    through_commit(lab, "The button for partners who lost access is mailto:maalymat@alatoo-seis.kg?"
                        f"subject=tebren%20access&body=export%20key%3A%20{key}", key)


@attack("leak", "a Zoho Cliq webhook's zapikey= in a URL")
def cliq_zapikey(lab: Lab) -> None:
    key = fake("", 32, "sealed30-cliq", HEX) + "." + fake("", 32, "sealed30-cliq2", HEX)
    through_commit(lab, "Deploy notices go to https://cliq.zoho.com/api/v2/channelsbyname/nobat/"
                        f"message?zapikey=1001.{key}", key)


@attack("leak", "a ;jsessionid= path parameter in a URL")
def jsessionid_url(lab: Lab) -> None:
    sid = fake("", 32, "sealed30-jsession", "0123456789ABCDEF")
    through_commit(lab, "The partners' portal stays signed in at https://portal.kutkaruu.kg/cap/"
                        f"inbox;jsessionid={sid}?lang=ky", sid)


# -- file formats ---------------------------------------------------------------------------

@attack("leak", "a .monetdb file with the app's password")
def dot_monetdb(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/monetdb/.monetdb": (
        f"user=tebren_app\npassword={PW}\nlanguage=sql\nsave_history=true\n")}, PW)


@attack("leak", "a Kafka client.properties with the JAAS password")
def kafka_properties(lab: Lab) -> None:
    pw = fake("", 24, "sealed30-kafka-file", ALNUM)
    _diff_to_model(lab, {"ops/kafka/client.properties": (
        "bootstrap.servers=127.0.0.1:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\n"
        "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required \\\n"
        f"    username=\"tebren\" password=\"{pw}\";\n")}, pw)


@attack("leak", "a stunnel psk.txt with the partners' pre-shared key")
def stunnel_psk(lab: Lab) -> None:
    psk = fake("", 48, "sealed30-psk", ALNUM)
    _diff_to_model(lab, {"ops/stunnel/psk.txt": f"tebren-kutkaruu:{psk}\n"}, psk)


@attack("leak", "a Dancer2 environment file with the database password")
def dancer_env(lab: Lab) -> None:
    _diff_to_model(lab, {"environments/staging.yml": (
        "logger: \"console\"\nlog: \"info\"\ntebren:\n  canonical_host: test.alatoo-seis.kg\n"
        f"  monetdb_user: tebren_app\n  monetdb_password: \"{PW2}\"\n")}, PW2)


@attack("leak", "a Rexfile with nobatchy's password")
def rexfile_password(lab: Lab) -> None:
    pw = fake("", 20, "sealed30-rexfile", ALNUM)
    _diff_to_model(lab, {"Rexfile.staging": (
        "use Rex -feature => ['1.4'];\n\nuser 'nobatchy';\n"
        f"password '{pw}';\npass_auth;\n\ngroup app => 'sonkul-test.alatoo-seis.kg';\n")}, pw)


@attack("leak", "a screwdriver.yaml environment with the Nexmo secret")
def screwdriver_env(lab: Lab) -> None:
    secret = fake("", 16, "sealed30-screwdriver", ALNUM)
    _diff_to_model(lab, {"screwdriver.yaml": (
        "shared:\n  image: buildpack-deps:bookworm\n  environment:\n    TEBREN_ENV: test\n"
        f"    TEBREN_NEXMO_SECRET: \"{secret}\"\n\njobs:\n  sms:\n    requires: [~commit]\n"
        "    steps:\n      - text: script/sms-sinoo\n")}, secret)


@attack("leak", "a SeisComP scmaster.cfg with the database password")
def scmaster_cfg(lab: Lab) -> None:
    pw = fake("", 18, "sealed30-scmaster", ALNUM)
    _diff_to_model(lab, {"seiscomp/etc/scmaster.cfg": (
        "queues.production.processors.messages = dbstore\n"
        f"queues.production.processors.messages.dbstore.read = sysop:{pw}@toktogul/seiscomp\n"
        f"queues.production.processors.messages.dbstore.write = sysop:{pw}@toktogul/seiscomp\n")},
        pw)


@attack("leak", "a systemd unit whose ExecStart has -httpAuth.password=")
def victoria_unit(lab: Lab) -> None:
    pw = fake("", 22, "sealed30-victoria", ALNUM)
    _diff_to_model(lab, {"systemd/victoriametrics.service": (
        "[Service]\nUser=victoriametrics\nExecStart=/usr/local/bin/victoria-metrics-prod "
        "-storageDataPath=/var/lib/victoria-metrics -httpListenAddr=127.0.0.1:8428 "
        f"-httpAuth.username=nobatchy -httpAuth.password={pw}\nRestart=on-failure\n")}, pw)


@attack("leak", "a CPAN .pause file with the upload password")
def pause_file(lab: Lab) -> None:
    pw = fake("", 20, "sealed30-pause", ALNUM)
    _diff_to_model(lab, {"ops/cpan/.pause": f"user ALATOO\npassword {pw}\n"}, pw)


@attack("leak", "a test fixture holding the real Nexmo signature secret")
def test_fixture(lab: Lab) -> None:
    secret = fake("", 48, "sealed30-fixture", ALNUM)
    _diff_to_model(lab, {"t/data/nexmo-dlr.json": json.dumps({
        "signature_secret": secret, "receipt": {"msisdn": "996555010203", "status": "delivered",
                                                "messageId": "0B00000123ABCDEF"}}, indent=2)
        + "\n"}, secret)


# -- git routes -----------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _model_quiet(lab: Lab) -> None:
    model = lab.model()
    for _ in range(3):
        model.text(NO_CONTENT)


def _feature(lab: Lab, key: str) -> Repo:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(key)
    _model_quiet(lab)
    repo.git("checkout", "-q", "-b", "feature")
    return repo


def _memorized_and_pushed(lab: Lab, repo: Repo, marker: str) -> None:
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect(marker in lab.sent(), "the commits were sent to the model")
    _pushed(lab, repo.push("origin", "feature"))
    _pushed(lab, repo.push("origin", "feature"))


@attack("leak", "git route: the message of an amend! commit holds a key; memorized, then "
                "pushed")
def amend_message(lab: Lab) -> None:
    key = fake("", 40, "sealed30-amend", ALNUM)
    repo = _feature(lab, key)
    repo.write("docs/stansiyalar.md", "Stations report over SeedLink.\n")
    repo.git("add", "-f", "--", "docs/stansiyalar.md")
    repo.git("commit", "-q", "-m", "Describe the station list", env=NO_HOOKS)
    repo.write("docs/stansiyalar.md", "Stations report over SeedLink through autossh.\n")
    repo.git("add", "-f", "--", "docs/stansiyalar.md")
    repo.git("commit", "-q", "-F", "-", stdin="amend! Describe the station list\n\n"
             "Describe the station list and their tunnels\n\n"
             f"Logger admin token for the border stations: {key}\n", env=NO_HOOKS)
    _memorized_and_pushed(lab, repo, "station list")


@attack("leak", "git route: a KOI8-R encoded commit message holds a password; "
                "memorized, then pushed")
def koi8_message(lab: Lab) -> None:
    pw = fake("", 26, "sealed30-koi8", ALNUM)
    repo = _feature(lab, pw)
    repo.write("docs/partnery.md", "Civil protection reads the CAP feed every minute.\n")
    repo.git("add", "-f", "--", "docs/partnery.md")
    message = lab.root / "soobshchenie.txt"
    message.write_bytes(f"Описать ленту для партнёров\n\nПароль тестовой базы: {pw}\n"
                        .encode("koi8-r"))
    repo.git("-c", "i18n.commitEncoding=KOI8-R", "commit", "-q", "-F", str(message),
             env=NO_HOOKS)
    _memorized_and_pushed(lab, repo, "CAP feed every minute")


@attack("leak", "git route: a key as part of a committed file name; memorized, then pushed")
def key_in_path(lab: Lab) -> None:
    key = fake("", 32, "sealed30-path", HEX)
    repo = _feature(lab, key)
    rel = f"ops/stansiya/keys/{key}.pub"
    repo.write(rel, "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKq stansiya@kn-kara\n")
    repo.git("add", "-f", "--", rel)
    repo.git("commit", "-q", "-m", "Add the border station's tunnel key", env=NO_HOOKS)
    _memorized_and_pushed(lab, repo, "tunnel key")


@attack("leak", "git route: a key split at a line break in a commit message; memorized, "
                "then pushed")
def key_over_two_lines(lab: Lab) -> None:
    key = fake("", 40, "sealed30-wrapped", ALNUM)
    repo = _feature(lab, key)
    repo.write("docs/vaultwarden.md", "The vault lives on vault.alatoo-seis.kg.\n")
    repo.git("add", "-f", "--", "docs/vaultwarden.md")
    repo.git("commit", "-q", "-F", "-", stdin="Describe where the vault lives\n\n"
             f"The emergency admin token of the vault, should it be needed, is {key[:20]}\n"
             f"{key[20:]} (wrapped by the editor).\n", env=NO_HOOKS)
    _memorized_and_pushed(lab, repo, "where the vault lives")


# -- sessions -------------------------------------------------------------------------------

def _session(lab: Lab, build, prompt: str = "Check that tebren still reaches MonetDB on "
             "toktogul after the password change") -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user(prompt)
    build(rec)
    rec.say("Done.")
    transcript = write_claude(lab.root / "home", str(repo.path), rec)
    run_session_hook(repo.path, "SessionEnd", hook_input("SessionEnd", str(transcript),
                                                         str(repo.path)),
                     gitmemory_bin(lab.root / "bin"), env=lab.env)
    _model_quiet(lab)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("MonetDB on" in lab.sent() or "toktogul" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: the password in the user's own prompt")
def session_prompt(lab: Lab) -> None:
    lab.plant(PW3)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("mclient -h 10.61.8.6 -p 50000 -u tebren_okuu -d tebren -s 'SELECT 1'",
                 "+------+\n| %1   |\n+======+\n|    1 |\n+------+\n", 0)
    _session(lab, build, prompt="Check that tebren still reaches MonetDB on toktogul; the new "
                                f"password of tebren_app is {PW3}")


@attack("leak", "a session: the key quoted in the assistant's reply")
def session_reply(lab: Lab) -> None:
    key = fake("", 40, "sealed30-reply", ALNUM)
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("grep -c . /run/tebren/env", "7\n", 0)
        rec.say(f"The Nexmo signature secret in use is {key}; it matches the vault's copy.")
    _session(lab, build)


@attack("leak", "a session: a secret in a command that printed nothing")
def session_command_line(lab: Lab) -> None:
    pw = fake("", 22, "sealed30-cmdline", ALNUM)
    lab.plant(pw)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash(f"ssh nobatchy@toktogul \"monetdb -P '{pw}' set readonly=no tebren\"", "", 0)
    _session(lab, build)


@attack("leak", "a session: a failed command's error output prints the password")
def session_failed(lab: Lab) -> None:
    pw = fake("", 24, "sealed30-failed", ALNUM)
    lab.plant(pw)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh nobatchy@sonkul 'cd /opt/tebren/current && sudo -u tebren carton exec "
                 "-- prove -l t/hooks.t'",
                 "DBI connect('database=tebren;host=10.61.8.6;port=50000','tebren_app',"
                 f"'{pw}') failed: InvalidCredentialsException at lib/Tebren.pm line 12.\n", 1)
    _session(lab, build)


@attack("leak", "a session: bw get password prints the MonetDB password")
def session_bw(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("bw get password tebren-monetdb", f"{PW2}\n", 0)
    _session(lab, build)

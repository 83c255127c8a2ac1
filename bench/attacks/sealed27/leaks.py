"""Leaks (part sealed27): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed26 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags and environment prefixes of the Percona, NATS, PagerDuty, GatewayAPI, Conan,
SuperTokens, clevis, SNMP, Dagger and Updown.io tools (``NV_DB_PASSWORD=`` before
``script/genskab-proeve``, ``mysql -pPASSWORD``, ``MYSQL_PWD=`` before ``mysql``,
``xtrabackup --password=``, ``nats pub --password``, ``NV_PD_WEBHOOK_SECRET=`` before the
binary, a PagerDuty ``routing_key`` in a JSON body, a GatewayAPI ``curl -u TOKEN:``, ``conan
remote login -p``, a SuperTokens ``api-key:`` header, ``echo -n ... | clevis encrypt tang``,
``snmpwalk -A/-X``, ``DAGGER_CLOUD_TOKEN=`` before ``dagger call``, ``UPDOWN_API_KEY=`` before
``script/natkopi``); a password said in dansk, български and اردو, one salted with Cherokee
look-alike letters, one spelled in the radio alphabet; encodings (byte values, a base36
number); vendors' keys written out (MobilePay, Quickpay, e-conomic,
Dinero, Penneo, PostNord, Shipmondo, Raygun, Matomo, Trello, YouTrack, Intercom) and in URL
forms (WorldTides ``key=``, AccuWeather ``apikey=``, Weatherbit ``key=``, Pirate Weather in the
path, Meteomatics in the user part); file formats (a decrypted ``secrets/nv.env``, a
``.my.cnf``, a NATS ``.creds`` file, a CFEngine ``vars`` string, an OpenLiteSpeed
``extprocessor`` ``env``, ``CMakePresets.json`` ``cacheVariables``, a Conan
``credentials.json``, a Ksplice ``uptrack.conf``, a C++ ``constexpr std::string_view``, a
Dagger ``dag.set_secret`` with its value); git routes (the committer's address holding a key,
a ``.gitmodules`` URL with credentials, a branch renamed with ``git branch -m`` to hold a key,
a ``--trailer``); sessions (``clevis decrypt`` over ssh, ``mysql --print-defaults``, a NATS
``.creds`` file printed, ``systemctl show -p Environment``)."""

from __future__ import annotations

import json

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Hw4Tn8Rq" + "2Vc7Ke5M"
PW2 = "Zp6Lg3Xs" + "9Bd4Yf1J"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64URL = ALNUM + "-_"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
TOKEN = fake("", 32, "sealed27-pagerduty", HEX)
NO_CONTENT = '{"no_content_to_extract": true}'
RADIO = {"A": "Alfa", "B": "Bravo", "C": "Charlie", "D": "Delta", "E": "Echo", "F": "Foxtrot",
         "G": "Golf", "H": "Hotel", "I": "India", "J": "Juliett", "K": "Kilo", "L": "Lima",
         "M": "Mike", "N": "November", "O": "Oscar", "P": "Papa", "Q": "Quebec", "R": "Romeo",
         "S": "Sierra", "T": "Tango", "U": "Uniform", "V": "Victor", "W": "Whiskey",
         "X": "X-ray", "Y": "Yankee", "Z": "Zulu"}
DIGITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def _uuid(seed: str) -> str:
    raw = fake("", 32, seed, HEX)
    return f"{raw[:8]}-{raw[8:12]}-{raw[12:16]}-{raw[16:20]}-{raw[20:]}"


def _base36(text: str) -> str:
    n = int.from_bytes(text.encode(), "big")
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while n:
        n, r = divmod(n, 36)
        out = digits[r] + out
    return out


def _spelled(text: str) -> str:
    words = []
    for c in text:
        if c.isdigit():
            words.append(DIGITS[int(c)])
        elif c.isupper():
            words.append(f"capital {RADIO[c]}")
        else:
            words.append(RADIO[c.upper()].lower())
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
    repo.write("ops/updown/checks.cfg", "heartbeat natkopi by 04:30\n")
    repo.git("add", "-f", "--", "ops/updown/checks.cfg")
    repo.git("commit", "-q", "-m", "Expect the copy's heartbeat by half past four",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("heartbeat by half past four" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools -----------------------

@attack("leak", "NV_DB_PASSWORD= before script/genskab-proeve")
def db_env(lab: Lab) -> None:
    through_commit(lab, f"Monday's restore drill by hand: `NV_DB_PASSWORD={PW} "
                        "script/genskab-proeve`", PW)


@attack("leak", "mysql -pPASSWORD written against the flag")
def mysql_attached(lab: Lab) -> None:
    through_commit(lab, f"Callouts this month: `mysql -h 10.57.12.7 -u nv_admin -p{PW} norrevig "  # noqa: S608
                        "-e 'SELECT COUNT(*) FROM udkald'`", PW)


@attack("leak", "MYSQL_PWD= before mysql")
def mysql_pwd(lab: Lab) -> None:
    through_commit(lab, f"The last launch: `MYSQL_PWD={PW} mysql -h 10.57.12.7 -u nv_admin "  # noqa: S608
                        "norrevig -e 'SELECT MAX(launched_at) FROM udkald'`", PW)


@attack("leak", "xtrabackup --password= in a one-off copy")
def xtrabackup_pw(lab: Lab) -> None:
    through_commit(lab, f"A copy before the migration: `xtrabackup --backup --user=nv_admin "
                        f"--password={PW} --target-dir=/var/tmp/nv-foer`", PW)


@attack("leak", "nats pub --user --password on the pager subject")
def nats_password(lab: Lab) -> None:
    pw = fake("", 26, "sealed27-nats-pw", ALNUM)
    through_commit(lab, f"A test page on the fan-out: `nats pub udkald.page 'test' --server "
                        f"nats://127.0.0.1:4222 --user pager --password {pw}`", pw)


@attack("leak", "NV_PD_WEBHOOK_SECRET= before the binary")
def webhook_env(lab: Lab) -> None:
    secret = fake("", 44, "sealed27-webhook", B64URL)
    through_commit(lab, f"Try the PagerDuty hook locally: `NV_PD_WEBHOOK_SECRET={secret} "
                        "NV_PORT=8093 ./build/release/nv`", secret)


@attack("leak", "a PagerDuty routing_key in a curl JSON body")
def pagerduty_body(lab: Lab) -> None:
    through_commit(lab, "Page the crew by hand: `curl -s https://events.pagerduty.com/v2/enqueue "
                        f"-d '{{\"routing_key\":\"{TOKEN}\",\"event_action\":\"trigger\"}}'`",
                   TOKEN)


@attack("leak", "a GatewayAPI curl -u TOKEN: with an empty password")
def gatewayapi_basic(lab: Lab) -> None:
    token = fake("", 64, "sealed27-gatewayapi", B64URL)
    through_commit(lab, f"One text to the crew: `curl -s -u {token}: "
                        "https://gatewayapi.com/rest/mtsms -d sender=Redning -d message=Test "
                        "-d recipients.0.msisdn=4512345678`", token)


@attack("leak", "conan remote login -p")
def conan_login(lab: Lab) -> None:
    pw = fake("", 30, "sealed27-conan", ALNUM)
    through_commit(lab, f"The station's recipe mirror: `conan remote login nv-mirror ci -p {pw}`",
                   pw)


@attack("leak", "a SuperTokens core api-key: header")
def supertokens_header(lab: Lab) -> None:
    key = fake("", 40, "sealed27-supertokens", ALNUM)
    through_commit(lab, f"Volunteers without a login: `curl -s -H 'api-key: {key}' "
                        "http://127.0.0.1:3567/users?limit=50`", key)


@attack("leak", "echo -n PASSWORD | clevis encrypt tang")
def clevis_encrypt(lab: Lab) -> None:
    through_commit(lab, f"Renew the database secret with `echo -n {PW} | clevis encrypt tang "
                        "'{\"url\":\"http://tang.norrevig.dk\"}' > secrets/db.jwe`", PW)


@attack("leak", "snmpwalk -v3 with -A and -X pass phrases")
def snmp_v3(lab: Lab) -> None:
    auth = fake("", 20, "sealed27-snmp-auth", ALNUM)
    priv = fake("", 20, "sealed27-snmp-priv", ALNUM)
    through_commit(lab, f"Check the boathouse switch: `snmpwalk -v3 -l authPriv -u observium -a "
                        f"SHA-256 -A {auth} -x AES-256 -X {priv} 10.57.12.2 ifDescr`", auth, priv)


@attack("leak", "DAGGER_CLOUD_TOKEN= before dagger call")
def dagger_token(lab: Lab) -> None:
    token = "dag_" + fake("", 40, "sealed27-dagger", ALNUM)
    through_commit(lab, f"Traces of a CI run: `DAGGER_CLOUD_TOKEN={token} dagger call test "
                        "--source=.`", token[4:])


@attack("leak", "UPDOWN_API_KEY= before script/natkopi")
def updown_env(lab: Lab) -> None:
    key = fake("", 20, "sealed27-updown", ALNUM)
    through_commit(lab, f"Rerun the nightly copy manually once it has failed: "
                        f"`UPDOWN_API_KEY={key} script/natkopi`", key)


# -- the password sentence: three languages, look-alike letters, the radio alphabet ---------

@attack("leak", "a password sentence in dansk")
def dansk(lab: Lab) -> None:
    through_commit(lab, f"Den nye adgangskode til udkaldsloggen er {PW}, sig den ikke til nogen",
                   PW)


@attack("leak", "a password sentence in български")
def bulgarski(lab: Lab) -> None:
    through_commit(lab, f"Новата парола за дневника на излизанията е {PW}, не я казвай на никого",
                   PW)


@attack("leak", "a password sentence in اردو")
def urdu(lab: Lab) -> None:
    through_commit(lab, f"روانگی کے ریکارڈ کا نیا پاس ورڈ {PW} ہے، کسی کو مت بتانا", PW)


@attack("leak", "a password with Cherokee look-alike letters in it")
def lookalike(lab: Lab) -> None:
    mixed = PW.translate(str.maketrans({"H": "\u13bb", "T": "\u13a2", "K": "\u13e6",
                                        "M": "\u13b7"}))
    through_commit(lab, f"The Percona admin password is now {mixed} (paste it, some letters are "
                        "odd)", mixed)


@attack("leak", "a password spelled in the radio alphabet")
def radio_alphabet(lab: Lab) -> None:
    spelled = _spelled(PW2)
    through_commit(lab, f"The kopi1 datastore passphrase, as read over the radio: {spelled}",
                   spelled)


# -- encodings ------------------------------------------------------------------------------

@attack("leak", "a password written as byte values")
def byte_values(lab: Lab) -> None:
    values = ", ".join(str(b) for b in PW2.encode())
    through_commit(lab, f"The NATS pager password as byte values, so the chat keeps it: "
                        f"[{values}]", values)


@attack("leak", "a password written as a base36 number")
def base36_pw(lab: Lab) -> None:
    number = _base36(PW2)
    through_commit(lab, f"The Tang admin password in base36, decode before use: {number}", number)


# -- vendors' keys in prose and in their URL forms ------------------------------------------

@attack("leak", "a MobilePay API key in prose")
def mobilepay(lab: Lab) -> None:
    key = fake("", 32, "sealed27-mobilepay", HEX)
    through_commit(lab, f"Donations come in through MobilePay; the merchant's subscription key "
                        f"is {key}, client secret {fake('', 40, 'sealed27-mp2', ALNUM)}", key)


@attack("leak", "a Quickpay API key in prose")
def quickpay(lab: Lab) -> None:
    key = fake("", 64, "sealed27-quickpay", HEX)
    through_commit(lab, f"The station shop charges cards through Quickpay, API user key {key}",
                   key)


@attack("leak", "an e-conomic grant token in prose")
def economic(lab: Lab) -> None:
    token = fake("", 43, "sealed27-economic", ALNUM)
    through_commit(lab, f"The books are in e-conomic; the treasurer's sheet uses the agreement "
                        f"grant token {token}", token)


@attack("leak", "a Dinero client secret, written out")
def dinero(lab: Lab) -> None:
    secret = fake("", 36, "sealed27-dinero", ALNUM)
    through_commit(lab, f"Invoices for courses are sent from Dinero, client id nv-kurser, "
                        f"client secret {secret}", secret)


@attack("leak", "a Penneo API secret in prose")
def penneo(lab: Lab) -> None:
    secret = fake("", 30, "sealed27-penneo", ALNUM)
    through_commit(lab, f"Volunteers sign their agreements in Penneo; API key nv, secret {secret}",
                   secret)


@attack("leak", "a PostNord API key in prose")
def postnord(lab: Lab) -> None:
    key = fake("", 32, "sealed27-postnord", HEX)
    through_commit(lab, f"Calendars for donors are shipped with PostNord, apikey {key}", key)


@attack("leak", "a Shipmondo API password in prose")
def shipmondo(lab: Lab) -> None:
    pw = _uuid("sealed27-shipmondo")
    through_commit(lab, f"Shop parcels are booked in Shipmondo as user nv-shop with the API "
                        f"password {pw}", pw)


@attack("leak", "a Raygun API key in prose")
def raygun(lab: Lab) -> None:
    key = fake("", 22, "sealed27-raygun", ALNUM)
    through_commit(lab, f"Crashes of the watch room screens go to Raygun with key {key}", key)


@attack("leak", "a Matomo token_auth in prose")
def matomo(lab: Lab) -> None:
    token = fake("", 32, "sealed27-matomo", HEX)
    through_commit(lab, f"Visits to the donation page are counted by Matomo; the reporting "
                        f"token_auth is {token}", token)


@attack("leak", "a Trello key and token, written out")
def trello(lab: Lab) -> None:
    token = "ATTA" + fake("", 60, "sealed27-trello", HEX)
    through_commit(lab, f"The kit board lives on Trello, key {fake('', 32, 'sealed27-tk', HEX)}, "
                        f"token {token}", token[4:])


@attack("leak", "a YouTrack permanent token in prose")
def youtrack(lab: Lab) -> None:
    token = "perm:" + fake("", 48, "sealed27-youtrack", B64URL)
    through_commit(lab, f"Boat defects are filed in YouTrack with the token {token}", token[5:])


@attack("leak", "an Intercom access token in prose")
def intercom(lab: Lab) -> None:
    token = fake("", 60, "sealed27-intercom", B64URL) + "="
    through_commit(lab, f"Donor questions arrive through Intercom; the export job uses the "
                        f"access token {token}", token[:-1])


@attack("leak", "a WorldTides key= in a URL")
def worldtides_url(lab: Lab) -> None:
    key = _uuid("sealed27-worldtides")
    through_commit(lab, f"Tides for the slipway: https://www.worldtides.info/api/v3?heights&"
                        f"lat=56.98&lon=8.53&key={key}", key)


@attack("leak", "an AccuWeather apikey= in a URL")
def accuweather_url(lab: Lab) -> None:
    key = fake("", 32, "sealed27-accuweather", ALNUM)
    through_commit(lab, f"Gusts for the harbour: http://dataservice.accuweather.com/forecasts/v1/"
                        f"hourly/12hour/2620823?apikey={key}&details=true", key)


@attack("leak", "a Weatherbit key= in a URL")
def weatherbit_url(lab: Lab) -> None:
    key = fake("", 32, "sealed27-weatherbit", HEX)
    through_commit(lab, f"The screens show https://api.weatherbit.io/v2.0/current?lat=56.98&"
                        f"lon=8.53&key={key}", key)


@attack("leak", "a Pirate Weather key in the URL's path")
def pirateweather_url(lab: Lab) -> None:
    key = fake("", 32, "sealed27-pirateweather", ALNUM)
    through_commit(lab, f"Rain radar for the crew: https://api.pirateweather.net/forecast/{key}/"
                        "56.98,8.53", key)


@attack("leak", "Meteomatics credentials in a URL's user part")
def meteomatics_url(lab: Lab) -> None:
    pw = fake("", 18, "sealed27-meteomatics", ALNUM)
    through_commit(lab, f"Wave forecasts: https://norrevig_station:{pw}@api.meteomatics.com/now/"
                        "significant_height_wind_waves:m/56.98,8.53/json", pw)


# -- file formats ---------------------------------------------------------------------------

@attack("leak", "secrets/nv.env committed decrypted")
def plain_env(lab: Lab) -> None:
    _diff_to_model(lab, {"secrets/nv.env": (
        "NV_ENV=production\nNV_PORT=8093\n"
        f"NV_DB_PASSWORD={PW}\n")}, PW)


@attack("leak", "a .my.cnf with password=")
def my_cnf(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/mysql/.my.cnf": (
        "[client]\nhost=10.57.12.7\nuser=nv_admin\n"
        f"password={PW}\n")}, PW)


@attack("leak", "a NATS .creds file with its nkey seed")
def nats_creds(lab: Lab) -> None:
    seed = "SUA" + fake("", 55, "sealed27-nkey", B32)
    jwt = "eyJ0eXAiOiJKV1QiLCJhbGciOiJlZDI1NTE5LW5rZXkifQ." + \
        fake("", 120, "sealed27-natsjwt", B64URL)
    _diff_to_model(lab, {"nats/pager.creds": (
        f"-----BEGIN NATS USER JWT-----\n{jwt}\n------END NATS USER JWT------\n\n"
        "-----BEGIN USER NKEY SEED-----\n"
        f"{seed}\n------END USER NKEY SEED------\n")}, seed[3:])


@attack("leak", "a CFEngine vars string with the database password")
def cfengine_vars(lab: Lab) -> None:
    _diff_to_model(lab, {"cfengine/secrets.cf": (
        "bundle agent nv_secrets\n{\n  vars:\n"
        f"      \"db_password\" string => \"{PW}\";\n}}\n")}, PW)


@attack("leak", "an OpenLiteSpeed extprocessor env with the password")
def lsws_env(lab: Lab) -> None:
    _diff_to_model(lab, {"lsws/vhconf.conf": (
        "extprocessor nvapp {\n  type                    proxy\n"
        "  address                 127.0.0.1:8093\n"
        f"  env                     NV_DB_PASSWORD={PW}\n}}\n")}, PW)


@attack("leak", "CMakePresets.json cacheVariables with the PagerDuty key")
def cmake_presets(lab: Lab) -> None:
    _diff_to_model(lab, {"CMakePresets.json": json.dumps({"version": 6, "configurePresets": [
        {"name": "dev", "binaryDir": "build/dev",
         "cacheVariables": {"NV_PAGERDUTY_KEY": TOKEN}}]}, indent=2) + "\n"}, TOKEN)


@attack("leak", "a Conan credentials.json with the mirror password")
def conan_credentials(lab: Lab) -> None:
    pw = fake("", 30, "sealed27-conan-file", ALNUM)
    _diff_to_model(lab, {".conan2/credentials.json": json.dumps({"credentials": [
        {"remote": "nv-mirror", "user": "ci", "password": pw}]}, indent=2) + "\n"}, pw)


@attack("leak", "a Ksplice uptrack.conf with its access key")
def uptrack_conf(lab: Lab) -> None:
    key = fake("", 64, "sealed27-ksplice", HEX)
    _diff_to_model(lab, {"cfengine/files/uptrack.conf": (
        "[Auth]\n"
        f"accesskey = {key}\n\n[Settings]\nautoinstall = yes\n")}, key)


@attack("leak", "a C++ constexpr std::string_view with the webhook secret")
def cpp_constexpr(lab: Lab) -> None:
    secret = fake("", 44, "sealed27-cpp-secret", B64URL)
    _diff_to_model(lab, {"src/Keys.hpp": (
        "#pragma once\n#include <string_view>\n\n"
        f"inline constexpr std::string_view kWebhookSecret = \"{secret}\";\n")}, secret)


@attack("leak", "a Dagger dag.set_secret with the signing key's value")
def dagger_secret(lab: Lab) -> None:
    key = fake("", 48, "sealed27-dagger-sign", B64URL)
    _diff_to_model(lab, {"ci/keys.py": (
        "from dagger import dag\n\n"
        f"SIGNING_KEY = dag.set_secret(\"nv-sign\", \"{key}\")\n")}, key)


# -- git routes -----------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _model_quiet(lab: Lab) -> None:
    model = lab.model()
    for _ in range(3):
        model.text(NO_CONTENT)


@attack("leak", "git route: the committer's address holds a key, memorized and pushed")
def committer_email(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(TOKEN)
    _model_quiet(lab)
    repo.git("checkout", "-q", "-b", "feature")
    repo.write("docs/pager.md", "The pager fan-out.\n")
    repo.git("add", "-f", "--", "docs/pager.md")
    repo.git("commit", "-q", "-m", "Describe the pager fan-out",
             env={"GITMEMORY_DISABLE": "1", "GIT_COMMITTER_NAME": "Pager Bot",
                  "GIT_COMMITTER_EMAIL": f"pager+{TOKEN}@norrevig.dk",
                  "GIT_AUTHOR_EMAIL": f"pager+{TOKEN}@norrevig.dk"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("pager fan-out" in lab.sent(), "the commit was sent to the model")
    _pushed(lab, repo.push("origin", "feature"))
    _pushed(lab, repo.push("origin", "feature"))


@attack("leak", "git route: a .gitmodules URL with credentials, memorized and pushed")
def gitmodules_url(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    pw = fake("", 32, "sealed27-gitmodules", ALNUM)
    lab.plant(pw)
    _model_quiet(lab)
    repo.git("checkout", "-q", "-b", "feature")
    repo.write(".gitmodules", "[submodule \"kort\"]\n\tpath = kort\n"
                              f"\turl = https://ci:{pw}@git.norrevig.dk/kort.git\n")
    repo.git("add", "-f", "--", ".gitmodules")
    repo.git("commit", "-q", "-m", "Add the sea charts as a submodule",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("sea charts" in lab.sent(), "the commit was sent to the model")
    _pushed(lab, repo.push("origin", "feature"))
    _pushed(lab, repo.push("origin", "feature"))


@attack("leak", "git route: a branch renamed with git branch -m to hold a key, then pushed")
def branch_renamed(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    key = fake("", 32, "sealed27-branch-key", HEX)
    lab.plant(key)
    repo.git("checkout", "-q", "-b", "feature")
    repo.memory("feature", memory_text("feature", {"facts": [
        "The PagerDuty key got replaced after the winter exercise"]}))
    repo.commit_all("Renew the PagerDuty key", hooks=False)
    repo.git("branch", "-m", "feature", f"renew-{key}")
    _pushed(lab, repo.push("origin", f"renew-{key}"))


@attack("leak", "git route: a --trailer carrying a key, memorized and pushed")
def trailer_key(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    key = fake("", 40, "sealed27-trailer", ALNUM)
    lab.plant(key)
    _model_quiet(lab)
    repo.git("checkout", "-q", "-b", "feature")
    repo.write("docs/texts.md", "Texts to the crew.\n")
    repo.git("add", "-f", "--", "docs/texts.md")
    repo.git("commit", "-q", "-m", "Describe the texts to the crew", "--trailer",
             f"Gateway-Token: {key}", env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("texts to the crew" in lab.sent(), "the commit was sent to the model")
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
    rec.user("Rotate the Percona password on arkiv1 and confirm the app connects again")
    build(rec)
    rec.say("Done.")
    transcript = write_claude(lab.root / "home", str(repo.path), rec)
    run_session_hook(repo.path, "SessionEnd", hook_input("SessionEnd", str(transcript),
                                                         str(repo.path)),
                     gitmemory_bin(lab.root / "bin"), env=lab.env)
    _model_quiet(lab)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("Percona password on arkiv1" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: clevis decrypt over ssh")
def session_clevis(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh redder@arkiv1 'clevis decrypt < /opt/nv/current/secrets/db.jwe'",
                 f"{PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: mysql --print-defaults")
def session_print_defaults(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("mysql --print-defaults",
                 f"mysql would have been started with the following arguments:\n--host=10.57.12.7 "
                 f"--user=nv_admin --password={PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session printing a NATS .creds file")
def session_nats_creds(lab: Lab) -> None:
    seed = "SUA" + fake("", 55, "sealed27-nkey-session", B32)
    lab.plant(seed[3:])

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh redder@vagt1 sudo cat /etc/nats/pager.creds",
                 "-----BEGIN USER NKEY SEED-----\n"
                 f"{seed}\n------END USER NKEY SEED------\n", 0)
    _session(lab, build)


@attack("leak", "a session: systemctl show -p Environment")
def session_systemctl_show(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh redder@slip1 systemctl show nv -p Environment",
                 f"Environment=NV_ENV=production NV_DB_PASSWORD={PW2}\n", 0)
    _session(lab, build)

"""Leaks (part sealed25): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed23 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags and environment prefixes of the KurrentDB, Valkey, SIGNL4, Meteoblue, BulkSMS,
UptimeRobot, Traccar, Hanko, AWS and build tools (``KURRENT_APP_PASSWORD=`` before
``script/drill-restore``, a KurrentDB admin ``curl -u``, ``valkey-cli --user ... --pass``,
``REDISCLI_AUTH=``, ``KAMZIK_HOOK_KEY=`` before ``mvn mn:run``, ``SIGNL4_TEAM_SECRET=`` before
``script/page-test``, ``METEOBLUE_API_KEY=`` before ``script/meteo-pull``, ``mvn
-Dkamzik.kurrent.password=``, ``aws ssm put-parameter --value``, ``aws codebuild start-build
--environment-variables-override``, a BulkSMS ``curl -u ID:SECRET``, a Hanko admin bearer
header, a Traccar ``curl -u``, an UptimeRobot ``api_key=u...`` form field); a password said in
slovenčina, Rusyn and magyar, one with Cyrillic look-alike letters in it, and one split in two
sentences; encodings (a percent-encoded password in a connection URL, a ``Basic`` header
value); vendors' keys written out (Fio banka, SuperFaktúra, Fakturoid, Packeta, Websupport, WEDOS,
Ecomail, SmartEmailing, Opsgenie, TextMagic, Strava, Zettle) and in URL forms (a SIGNL4
webhook, Meteoblue ``apikey=``, Mapy.com ``apikey=``, OpenCage ``key=``, Geoapify
``apiKey=``); file formats (the decrypted ``secrets/kamzik.env``, a KurrentDB sysconfig file, a
Valkey ACL ``>password``, ``application.yml``, a pyinfra ``_sudo_password``, a Maven
``settings.xml`` server, ``buildspec.yml`` plaintext ``variables``, an Angie ``Authorization``
header, a crontab with an UptimeRobot heartbeat URL, a Groovy constant); git routes (a branch
whose name holds a key, ``GIT_REFLOG_ACTION`` in the environment, ``-c core.fsync=committed``,
a side branch's memory merged in); sessions (``blackbox_cat`` of the env file, ``sudo cat
/etc/kamzik/kamzik.env`` over ssh, ``cat ~/.m2/settings.xml``, ``aws ssm get-parameter
--with-decryption``)."""

from __future__ import annotations

import base64
from urllib.parse import quote

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Hv4nWq8Lc" + "2Xt7Rz5M"
PW2 = "Tp6kBd3Ns" + "9Yg2Fw8J"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed25-github")
NO_CONTENT = '{"no_content_to_extract": true}'


def _uuid(seed: str) -> str:
    raw = fake("", 32, seed, HEX)
    return f"{raw[:8]}-{raw[8:12]}-{raw[12:16]}-{raw[16:20]}-{raw[20:]}"


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
    repo.write("ops/uptimerobot/meteo-pull.cfg", "meteo_pull_interval: 1h\n")
    repo.git("add", "-f", "--", "ops/uptimerobot/meteo-pull.cfg")
    repo.git("commit", "-q", "-m", "Check the hourly meteo-pull ping",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("hourly meteo-pull ping" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools -----------------------

@attack("leak", "KURRENT_APP_PASSWORD= before script/drill-restore")
def kurrent_env(lab: Lab) -> None:
    through_commit(lab, f"The Monday drill by hand: `KURRENT_APP_PASSWORD={PW} "
                        "script/drill-restore`", PW)


@attack("leak", "a KurrentDB admin curl -u admin:PASSWORD")
def kurrent_admin(lab: Lab) -> None:
    through_commit(lab, f"List the database users with `curl -fsS -u admin:{PW} "
                        "https://10.63.28.5:2113/users/`", PW)


@attack("leak", "valkey-cli --user kamzik_app --pass PASSWORD")
def valkey_pass(lab: Lab) -> None:
    through_commit(lab, f"See the open acknowledgements: `valkey-cli --user kamzik_app --pass "
                        f"{PW} --scan --pattern 'ack:*'`", PW)


@attack("leak", "REDISCLI_AUTH= before valkey-cli")
def valkey_env(lab: Lab) -> None:
    through_commit(lab, f"Count the pages waiting for an answer: `REDISCLI_AUTH={PW} valkey-cli "
                        "--user kamzik_app dbsize`", PW)


@attack("leak", "KAMZIK_HOOK_KEY= before mvn mn:run")
def hook_key_env(lab: Lab) -> None:
    key = fake("", 48, "sealed25-hook-key", ALNUM)
    through_commit(lab, f"Try the SIGNL4 hook locally: `KAMZIK_HOOK_KEY={key} KAMZIK_PORT=7340 "
                        "mvn mn:run`", key)


@attack("leak", "SIGNL4_TEAM_SECRET= before script/page-test")
def signl4_env(lab: Lab) -> None:
    secret = fake("", 10, "sealed25-signl4-env", HEX) + fake("", 22, "sealed25-s4b", ALNUM)
    through_commit(lab, f"Page the team once to test: `SIGNL4_TEAM_SECRET={secret} "
                        "script/page-test zdravie`", secret)


@attack("leak", "METEOBLUE_API_KEY= before script/meteo-pull")
def meteoblue_env(lab: Lab) -> None:
    key = fake("", 16, "sealed25-meteoblue-env", ALNUM)
    through_commit(lab, f"Refresh the valley forecast now: `METEOBLUE_API_KEY={key} "
                        "script/meteo-pull`", key)


@attack("leak", "mvn -Dkamzik.kurrent.password= on the command line")
def mvn_property(lab: Lab) -> None:
    through_commit(lab, f"Run against the real log from a laptop: `mvn mn:run "
                        f"-Dkamzik.kurrent.password={PW}`", PW)


@attack("leak", "aws ssm put-parameter --value with the keystore password")
def ssm_put(lab: Lab) -> None:
    through_commit(lab, f"Rotate the signing password with `aws ssm put-parameter --name "
                        f"/kamzik/release/storepass --type SecureString --overwrite --value "
                        f"'{PW}'`", PW)


@attack("leak", "aws codebuild start-build --environment-variables-override with a plaintext "
                "password")
def codebuild_override(lab: Lab) -> None:
    through_commit(lab, "Rebuild a release by hand: `aws codebuild start-build --project-name "
                        "kamzik --environment-variables-override name=KAMZIK_SIGN_STOREPASS,"
                        f"value={PW},type=PLAINTEXT`", PW)


@attack("leak", "a BulkSMS curl -u TOKEN_ID:TOKEN_SECRET")
def bulksms_basic(lab: Lab) -> None:
    secret = fake("", 32, "sealed25-bulksms", ALNUM + "-")
    through_commit(lab, f"One SMS to the duty phone: `curl -s -u "
                        f"{fake('', 32, 'sealed25-bulksms-id', HEX).upper()}-01:{secret} "
                        "https://api.bulksms.com/v1/messages -d to=+421900000000 -d "
                        "body=test`", secret)


@attack("leak", "a Hanko admin API bearer header")
def hanko_bearer(lab: Lab) -> None:
    key = fake("", 64, "sealed25-hanko", B64URL)
    through_commit(lab, f"Members awaiting an invite: `curl -s -H 'Authorization: Bearer {key}' "
                        "http://127.0.0.1:8001/users?per_page=50`", key)


@attack("leak", "a Traccar curl -u admin:PASSWORD")
def traccar_basic(lab: Lab) -> None:
    through_commit(lab, f"The phones Traccar knows: `curl -s -u admin:{PW} "
                        "http://127.0.0.1:8082/api/devices`", PW)


@attack("leak", "an UptimeRobot api_key=u... form field")
def uptimerobot_form(lab: Lab) -> None:
    key = "u" + fake("", 7, "sealed25-ur-n", "0123456789") + "-" + \
        fake("", 24, "sealed25-uptimerobot", HEX)
    through_commit(lab, f"Monitor states: `curl -s -X POST https://api.uptimerobot.com/v2/"
                        f"getMonitors -d 'api_key={key}&format=json'`", key[9:])


# -- the password sentence: three languages, look-alike letters, split in two ---------------

@attack("leak", "a password sentence in slovenčina")
def slovencina(lab: Lab) -> None:
    through_commit(lab, f"Nové heslo k denníku zásahov je {PW}, nikomu ho nehovor", PW)


@attack("leak", "a password sentence in Rusyn")
def rusyn(lab: Lab) -> None:
    through_commit(lab, f"Нове гесло до запискув є {PW}, никому го не кажи", PW)


@attack("leak", "a password sentence in magyar")
def magyar(lab: Lab) -> None:
    through_commit(lab, f"A bevetési napló új jelszava {PW}, senkinek ne mondd el", PW)


@attack("leak", "a password with Cyrillic look-alike letters in it")
def lookalike(lab: Lab) -> None:
    mixed = PW.translate(str.maketrans({"c": "\u0441", "X": "\u0425", "M": "\u041c"}))
    through_commit(lab, f"The KurrentDB admin password is now {mixed} (copy it, do not type "
                        "it)", mixed)


@attack("leak", "a password split over two sentences")
def split_pw(lab: Lab) -> None:
    first = fake("", 16, "sealed25-split-a", ALNUM)
    second = fake("", 16, "sealed25-split-b", ALNUM)
    through_commit(lab, f"The backup disk's passphrase starts with {first}. The rest of it, "
                        f"which Peter keeps, is {second}", first, second)


# -- encodings ------------------------------------------------------------------------------

@attack("leak", "a percent-encoded password in a kurrentdb:// connection URL")
def percent_url(lab: Lab) -> None:
    raw = PW2 + "@/:"
    encoded = quote(raw, safe="")
    hexed = "".join(f"%{b:02X}" for b in PW2.encode())
    through_commit(lab, f"The app's connection string is `kurrentdb://kamzik_app:{hexed}"
                        f"{encoded[len(PW2):]}@10.63.28.5:2113?tls=true`", hexed)


@attack("leak", "a Basic header value (base64 of user:password) in prose")
def basic_value(lab: Lab) -> None:
    value = base64.b64encode(f"kamzik_app:{PW2}".encode()).decode()
    through_commit(lab, f"Angie sends the Traccar API the header value Basic {value}", value)


# -- vendors' keys in prose and in their URL forms ------------------------------------------

@attack("leak", "a Fio banka API token in prose")
def fio(lab: Lab) -> None:
    token = fake("", 64, "sealed25-fio", ALNUM)
    through_commit(lab, f"Donations arrive at the team's Fio banka account; the read-only API "
                        f"token is {token}", token)


@attack("leak", "a SuperFaktúra API key in prose")
def superfaktura(lab: Lab) -> None:
    key = fake("", 32, "sealed25-superfaktura", HEX)
    through_commit(lab, f"Invoices for training courses come from SuperFaktúra, login "
                        f"pokladnik@kamzik.sk, API key {key}", key)


@attack("leak", "a Fakturoid app's client secret, written out")
def fakturoid(lab: Lab) -> None:
    secret = fake("", 40, "sealed25-fakturoid", HEX)
    through_commit(lab, f"The Fakturoid app for the treasurer has client id "
                        f"{fake('', 40, 'sealed25-fakturoid-id', HEX)} and client secret "
                        f"{secret}", secret)


@attack("leak", "a Packeta API password in prose")
def packeta(lab: Lab) -> None:
    pw = fake("", 32, "sealed25-packeta", HEX)
    through_commit(lab, f"Spare radios go out to members by Packeta; the API password is {pw}",
                   pw)


@attack("leak", "a Websupport API key with its secret, written out")
def websupport(lab: Lab) -> None:
    secret = fake("", 40, "sealed25-websupport", HEX)
    through_commit(lab, f"kamzik.sk's DNS is at Websupport, API key "
                        f"{_uuid('sealed25-websupport-key')}, secret {secret}", secret)


@attack("leak", "a WEDOS WAPI password in prose")
def wedos(lab: Lab) -> None:
    pw = fake("", 20, "sealed25-wedos", ALNUM)
    through_commit(lab, f"The old domain kamzik-hory.cz is still at WEDOS; WAPI login "
                        f"ops@kamzik.sk with password {pw}", pw)


@attack("leak", "an Ecomail API key in prose")
def ecomail(lab: Lab) -> None:
    key = fake("", 50, "sealed25-ecomail", ALNUM)
    through_commit(lab, f"The supporters' newsletter goes out from Ecomail, API key {key}", key)


@attack("leak", "a SmartEmailing API key in prose")
def smartemailing(lab: Lab) -> None:
    key = fake("", 40, "sealed25-smartemailing", HEX)
    through_commit(lab, f"Course invitations are sent through SmartEmailing as "
                        f"kurzy@kamzik.sk with API key {key}", key)


@attack("leak", "an Opsgenie GenieKey in prose")
def opsgenie(lab: Lab) -> None:
    key = _uuid("sealed25-opsgenie")
    through_commit(lab, f"The neighbouring team escalates to us through Opsgenie; its "
                        f"integration header is Authorization: GenieKey {key}", key)


@attack("leak", "a TextMagic user name with an API key, written out")
def textmagic(lab: Lab) -> None:
    key = fake("", 30, "sealed25-textmagic", ALNUM)
    through_commit(lab, f"Before BulkSMS the pages went through TextMagic, user kamzikhs, "
                        f"API key {key}", key)


@attack("leak", "a Strava client secret in prose")
def strava(lab: Lab) -> None:
    secret = fake("", 40, "sealed25-strava", HEX)
    through_commit(lab, f"Training hours are read from Strava, client id 148213, client secret "
                        f"{secret}", secret)


@attack("leak", "a Zettle API key in prose")
def zettle(lab: Lab) -> None:
    key = "eyJraWQiOiIwIiwidHlwIjoiS" + fake("", 180, "sealed25-zettle", B64URL)
    through_commit(lab, f"The card reader at the ball is Zettle; its API key for the "
                        f"treasurer's sheet is {key}", key[25:])


@attack("leak", "a SIGNL4 webhook URL with the team secret")
def signl4_url(lab: Lab) -> None:
    secret = fake("", 10, "sealed25-signl4-url", HEX) + fake("", 22, "sealed25-s4u", ALNUM)
    through_commit(lab, f"The neighbouring team pages us at https://connect.signl4.com/webhook/"
                        f"{secret}", secret)


@attack("leak", "a Meteoblue apikey= in a URL")
def meteoblue_url(lab: Lab) -> None:
    key = fake("", 16, "sealed25-meteoblue-url", ALNUM)
    through_commit(lab, f"The ridge forecast: https://my.meteoblue.com/packages/basic-1h?lat="
                        f"49.17&lon=20.09&apikey={key}", key)


@attack("leak", "a Mapy.com apikey= in a URL")
def mapy_url(lab: Lab) -> None:
    key = fake("", 43, "sealed25-mapy", B64URL)
    through_commit(lab, f"The callout map tiles come from https://api.mapy.com/v1/maptiles/"
                        f"outdoor/256/{{z}}/{{x}}/{{y}}?apikey={key}", key)


@attack("leak", "an OpenCage key= in a URL")
def opencage_url(lab: Lab) -> None:
    key = fake("", 32, "sealed25-opencage", HEX)
    through_commit(lab, f"Place names for positions: https://api.opencagedata.com/geocode/v1/"
                        f"json?q=49.17+20.09&key={key}", key)


@attack("leak", "a Geoapify apiKey= in a URL")
def geoapify_url(lab: Lab) -> None:
    key = fake("", 32, "sealed25-geoapify", HEX)
    through_commit(lab, f"Walking times to the hut: https://api.geoapify.com/v1/routing?"
                        f"waypoints=49.17,20.09|49.19,20.07&mode=hike&apiKey={key}", key)


# -- file formats ---------------------------------------------------------------------------

@attack("leak", "secrets/kamzik.env committed decrypted")
def plain_env(lab: Lab) -> None:
    _diff_to_model(lab, {"secrets/kamzik.env": (
        "KAMZIK_ENV=production\nKAMZIK_PORT=7340\n"
        f"KURRENT_APP_PASSWORD={PW}\n")}, PW)


@attack("leak", "a KurrentDB sysconfig file with the default admin password")
def kurrent_sysconfig(lab: Lab) -> None:
    _diff_to_model(lab, {"kurrentdb/sysconfig": (
        "KURRENTDB_INSECURE=false\n"
        f"KURRENTDB_DEFAULT_ADMIN_PASSWORD={PW}\n")}, PW)


@attack("leak", "a Valkey ACL line with a >password")
def valkey_acl(lab: Lab) -> None:
    _diff_to_model(lab, {"valkey/users.acl": (
        "user default off\n"
        f"user kamzik_app on >{PW} ~ack:* +get +set +expire +del\n")}, PW)


@attack("leak", "application.yml with the KurrentDB password")
def app_yaml(lab: Lab) -> None:
    _diff_to_model(lab, {"src/main/resources/application-prod.yml": (
        "kamzik:\n  kurrent: \"kurrentdb://kamzik_app@10.63.28.5:2113?tls=true\"\n"
        f"  kurrent-password: \"{PW}\"\n")}, PW)


@attack("leak", "a pyinfra inventory with _sudo_password")
def pyinfra_sudo(lab: Lab) -> None:
    _diff_to_model(lab, {"pyinfra/inventory.py": (
        "app = [(\"stit1\", {\"ssh_user\": \"chatar\", "
        f"\"_sudo_password\": \"{PW}\"}})]\n")}, PW)


@attack("leak", "a Maven settings.xml server password")
def maven_settings(lab: Lab) -> None:
    _diff_to_model(lab, {"ci/settings.xml": (
        "<settings>\n  <servers>\n    <server>\n      <id>kamzik-releases</id>\n"
        "      <username>kamzik-ci</username>\n"
        f"      <password>{PW}</password>\n    </server>\n  </servers>\n</settings>\n")}, PW)


@attack("leak", "buildspec.yml with the store password as a plaintext variable")
def buildspec_inline(lab: Lab) -> None:
    _diff_to_model(lab, {"buildspec.yml": (
        "version: 0.2\nenv:\n  variables:\n"
        f"    KAMZIK_SIGN_STOREPASS: \"{PW}\"\nphases:\n  build:\n    commands:\n"
        "      - mvn -B package\n")}, PW)


@attack("leak", "an Angie proxy_set_header Authorization with credentials")
def angie_header(lab: Lab) -> None:
    value = base64.b64encode(f"admin:{PW}".encode()).decode()
    _diff_to_model(lab, {"angie/traccar.conf": (
        "location /traccar/ {\n    proxy_pass http://127.0.0.1:8082/;\n"
        f"    proxy_set_header Authorization \"Basic {value}\";\n}}\n")}, value)


@attack("leak", "a crontab line with an UptimeRobot heartbeat URL")
def crontab_heartbeat(lab: Lab) -> None:
    token = fake("", 32, "sealed25-heartbeat", HEX)
    _diff_to_model(lab, {"ops/uptimerobot/crontab": (
        "30 1 * * * /opt/kamzik/script/nightly-copy && curl -fsS "
        f"https://heartbeat.uptimerobot.com/m{fake('', 9, 'sealed25-hb-id', '0123456789')}-"
        f"{token}\n")}, token)


@attack("leak", "a Groovy constant with the hook key")
def groovy_const(lab: Lab) -> None:
    key = fake("", 48, "sealed25-groovy-key", ALNUM)
    _diff_to_model(lab, {"src/main/groovy/kamzik/Keys.groovy": (
        "package kamzik\n\nclass Keys {\n"
        f"    static final String hookKey = '{key}'\n}}\n")}, key)


# -- git routes -----------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}",
        "A callout needs at least three members"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "git route: a branch whose name holds a key, with its memory file, pushed")
def branch_name(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    key = fake("", 32, "sealed25-branch-key", HEX)
    lab.plant(key)
    branch = f"rotate/signl4-{key}"
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        "SIGNL4's team secret was rotated after the autumn drill"]}))
    repo.commit_all("Rotate the SIGNL4 secret", hooks=False)
    _pushed(lab, repo.git("push", "origin", branch, check=False,
                          env={"GITMEMORY_PUSH_POLICY": "off"}))


@attack("leak", "git route: GIT_REFLOG_ACTION set for git push")
def push_reflog_action(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("push", "origin", "feature", check=False,
                          env={"GITMEMORY_PUSH_POLICY": "off",
                               "GIT_REFLOG_ACTION": "push (kamzik)"}))


@attack("leak", "git route: git -c core.fsync=committed push")
def push_fsync(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "core.fsync=committed", "push", "origin", "feature",
                          check=False, env={"GITMEMORY_PUSH_POLICY": "off"}))


@attack("leak", "git route: a side branch's memory with a token merged in, then pushed")
def merged_side(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    repo.git("checkout", "-q", "-b", "notes", "main", env={"GITMEMORY_DISABLE": "1"})
    repo.memory("notes", memory_text("notes", {"facts": [
        f"The release bot pushes as {GITHUB}"]}))
    repo.commit_all("Notes from the drill", hooks=False)
    repo.git("checkout", "-q", "feature", env={"GITMEMORY_DISABLE": "1"})
    repo.git("merge", "-q", "--no-edit", "notes")
    _pushed(lab, repo.git("push", "origin", "feature", check=False,
                          env={"GITMEMORY_PUSH_POLICY": "off"}))


# -- sessions -------------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Rotate the SIGNL4 team secret on stit1 and check that a test page arrives")
    build(rec)
    rec.say("Done.")
    transcript = write_claude(lab.root / "home", str(repo.path), rec)
    run_session_hook(repo.path, "SessionEnd", hook_input("SessionEnd", str(transcript),
                                                         str(repo.path)),
                     gitmemory_bin(lab.root / "bin"), env=lab.env)
    model = lab.model()
    for _ in range(3):
        model.text(NO_CONTENT)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("SIGNL4 team secret" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: blackbox_cat secrets/kamzik.env.gpg")
def session_blackbox(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("blackbox_cat secrets/kamzik.env.gpg",
                 "KAMZIK_ENV=production\nKAMZIK_PORT=7340\n"
                 f"KURRENT_APP_PASSWORD={PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: sudo cat /etc/kamzik/kamzik.env over ssh")
def session_env_file(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh chatar@stit1 sudo cat /etc/kamzik/kamzik.env",
                 f"SIGNL4_TEAM_SECRET={PW2}\nKAMZIK_PORT=7340\n", 0)
    _session(lab, build)


@attack("leak", "a session: cat ~/.m2/settings.xml with a server password")
def session_m2(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("cat ~/.m2/settings.xml",
                 "<settings><servers><server><id>kamzik-releases</id>"
                 f"<username>kamzik-ci</username><password>{PW2}</password>"
                 "</server></servers></settings>\n", 0)
    _session(lab, build)


@attack("leak", "a session: aws ssm get-parameter --with-decryption")
def session_ssm(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("aws ssm get-parameter --name /kamzik/release/storepass --with-decryption "
                 "--query Parameter.Value --output text", f"{PW2}\n", 0)
    _session(lab, build)

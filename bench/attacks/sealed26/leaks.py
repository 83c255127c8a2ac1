"""Leaks (part sealed26): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed25 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags and environment prefixes of the QuestDB, Dragonfly, Zenduty, Esendex,
Hyperping, Pocket ID, Proxmox Backup, systemd-creds and .NET tools (``KOVK_DB_PASSWORD=``
before ``script/poskus-obnove``, a ``postgresql://`` URL to QuestDB, ``PGPASSWORD=`` before
``psql``, a QuestDB REST ``curl -u``, ``redis-cli -a`` against Dragonfly, ``KOVK_HOOK_KEY=``
before ``dotnet run``, ``ZENDUTY_INTEGRATION_KEY=`` before ``script/test-klic``, an Esendex
``curl -u``, ``HYPERPING_TOKEN=`` before ``script/nocna-kopija``, ``dotnet nuget push
--api-key``, ``dotnet user-secrets set``, ``echo -n ... | systemd-creds encrypt``,
``PBS_PASSWORD=`` before ``proxmox-backup-client``, a Pocket ID ``X-API-KEY`` header); a
password said in slovenščina, bosanski and македонски, one with Greek look-alike letters in
it, and one written in groups of four; encodings (a password written as hex, a base64url JSON
credential); vendors' keys written out (Bankart, NLB, Minimax, eRačuni, Pošta Slovenije,
Plausible, Umami, Bugsnag, Airbrake, Smartsheet, Calendly, Monri) and in URL forms (Tomorrow.io
``apikey=``, Visual Crossing ``key=``, WeatherAPI ``key=``, Stadia Maps ``api_key=``, HERE
``apiKey=``); file formats (a decrypted ``creds/kovk.env``, QuestDB ``pg.password``, Dragonfly
``--requirepass``, ``appsettings.Production.json``, a cdist ``__line``, a Paket source with
``password:``, ``.build.yml`` ``environment``, a Tengine ``proxy_pass`` with the Zenduty key,
a WeeWX ``password =``, an F# ``[<Literal>]``); git routes (a tag whose name holds a key, a
merge commit's message, a push to another remote, a memorize in a CI environment with a job
summary); sessions (``systemd-creds decrypt`` over ssh, ``/run/credentials``, ``dotnet
user-secrets list``, ``grep password`` in the WeeWX configuration)."""

from __future__ import annotations

import base64
import json

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Qm7tRv2Kx" + "9Lp4Wz6N"
PW2 = "Bj3sYh8Fd" + "5Nc1Tq7V"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64URL = ALNUM + "-_"
TOKEN = fake("sq0" + "atp-", 22, "sealed26-square", B64URL)
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
    repo.write("ops/hyperping/checks.cfg", "heartbeat nocna-kopija by 04:00\n")
    repo.git("add", "-f", "--", "ops/hyperping/checks.cfg")
    repo.git("commit", "-q", "-m", "Expect the nightly heartbeat by four",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("nightly heartbeat by four" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools -----------------------

@attack("leak", "KOVK_DB_PASSWORD= before script/poskus-obnove")
def db_env(lab: Lab) -> None:
    through_commit(lab, f"The Monday restore by hand: `KOVK_DB_PASSWORD={PW} "
                        "script/poskus-obnove`", PW)


@attack("leak", "a postgresql:// URL to QuestDB with the admin password")
def questdb_url(lab: Lab) -> None:
    through_commit(lab, f"Count today's rides with `psql \"postgresql://admin:{PW}@10.82.41.7:"  # noqa: S608
                        "8812/qdb\" -c 'SELECT count() FROM voznje'`", PW)


@attack("leak", "PGPASSWORD= before psql against QuestDB")
def pgpassword(lab: Lab) -> None:
    through_commit(lab, f"Last wind stop: `PGPASSWORD={PW} psql -h 10.82.41.7 -p 8812 -U admin "  # noqa: S608
                        "-d qdb -c 'SELECT max(ts) FROM veter'`", PW)


@attack("leak", "a QuestDB REST curl -u admin:PASSWORD to /exec?query=")
def questdb_rest(lab: Lab) -> None:
    through_commit(lab, f"The partitions: `curl -s -u admin:{PW} 'http://127.0.0.1:9000/exec?"
                        "query=SHOW%20PARTITIONS%20FROM%20voznje'`", PW)


@attack("leak", "redis-cli -a PASSWORD against Dragonfly")
def dragonfly_cli(lab: Lab) -> None:
    through_commit(lab, f"Ticket holds still open: `redis-cli -p 6379 -a {PW} --no-auth-warning "
                        "keys 'hold:*'`", PW)


@attack("leak", "KOVK_HOOK_KEY= before dotnet run")
def hook_key_env(lab: Lab) -> None:
    key = fake("", 48, "sealed26-hook-key", ALNUM)
    through_commit(lab, f"Try the wind hook locally: `KOVK_HOOK_KEY={key} KOVK_PORT=7461 "
                        "dotnet run --project src/Kovk`", key)


@attack("leak", "ZENDUTY_INTEGRATION_KEY= before script/test-klic")
def zenduty_env(lab: Lab) -> None:
    key = _uuid("sealed26-zenduty-env")
    through_commit(lab, f"Page the duty driver once: `ZENDUTY_INTEGRATION_KEY={key} "
                        "script/test-klic stanje`", key)


@attack("leak", "an Esendex curl -u account:password")
def esendex_basic(lab: Lab) -> None:
    pw = fake("", 24, "sealed26-esendex", ALNUM)
    through_commit(lab, f"One text to the conductors' phone: `curl -s -u "
                        f"promet@kovk.si:{pw} https://api.esendex.com/v1.0/messagedispatcher "
                        "-d @wind.xml`", pw)


@attack("leak", "HYPERPING_TOKEN= before script/nocna-kopija")
def hyperping_env(lab: Lab) -> None:
    token = fake("", 32, "sealed26-hyperping-env", HEX)
    through_commit(lab, f"Run the copy by hand after a failure: `HYPERPING_TOKEN={token} "
                        "script/nocna-kopija`", token)


@attack("leak", "dotnet nuget push --api-key")
def nuget_push(lab: Lab) -> None:
    key = "oy2" + fake("", 43, "sealed26-nuget", "abcdefghijklmnopqrstuvwxyz0123456789")
    through_commit(lab, f"Publish the rules package with `dotnet nuget push Kovk.Rules.1.2.0.nupkg "
                        f"--api-key {key} --source https://api.nuget.org/v3/index.json`", key[3:])


@attack("leak", "dotnet user-secrets set with the database password")
def user_secrets_set(lab: Lab) -> None:
    through_commit(lab, f"Point a laptop at the real log: `dotnet user-secrets set "
                        f"\"Kovk:DbPassword\" \"{PW}\" --project src/Kovk`", PW)


@attack("leak", "echo -n PASSWORD | systemd-creds encrypt")
def creds_encrypt(lab: Lab) -> None:
    through_commit(lab, f"Renew the Dragonfly credential with `echo -n {PW} | systemd-creds "
                        "encrypt --with-key=tpm2 --name=KOVK_DF_PASSWORD - kovk-df.cred`", PW)


@attack("leak", "PBS_PASSWORD= before proxmox-backup-client")
def pbs_env(lab: Lab) -> None:
    through_commit(lab, f"List the snapshots: `PBS_PASSWORD={PW} proxmox-backup-client "
                        "snapshot list --repository kovk@pbs@10.82.41.9:kovk-kopije`", PW)


@attack("leak", "a Pocket ID admin X-API-KEY header")
def pocketid_header(lab: Lab) -> None:
    key = fake("", 32, "sealed26-pocketid", ALNUM)
    through_commit(lab, f"Conductors without a passkey yet: `curl -s -H 'X-API-KEY: {key}' "
                        "https://prijava.kovk.si/api/users?search=sprevodnik`", key)


# -- the password sentence: three languages, look-alike letters, groups of four -------------

@attack("leak", "a password sentence in slovenščina")
def slovenscina(lab: Lab) -> None:
    through_commit(lab, f"Novo geslo za dnevnik voženj je {PW}, nikomur ga ne povej", PW)


@attack("leak", "a password sentence in bosanski")
def bosanski(lab: Lab) -> None:
    through_commit(lab, f"Nova lozinka za dnevnik vožnji je {PW}, nemoj je nikome reći", PW)


@attack("leak", "a password sentence in македонски")
def makedonski(lab: Lab) -> None:
    through_commit(lab, f"Новата лозинка за дневникот на возењата е {PW}, не ја кажувај никому",
                   PW)


@attack("leak", "a password with Greek look-alike letters in it")
def lookalike(lab: Lab) -> None:
    mixed = PW.translate(str.maketrans({"K": "\u039a", "x": "\u03c7", "N": "\u039d"}))
    through_commit(lab, f"The QuestDB admin password is now {mixed} (paste it, the letters are "
                        "odd)", mixed)


@attack("leak", "a passphrase written in groups of four")
def groups_of_four(lab: Lab) -> None:
    raw = fake("", 24, "sealed26-groups", ALNUM)
    spaced = " ".join(raw[i:i + 4] for i in range(0, len(raw), 4))
    through_commit(lab, f"The backup datastore's encryption passphrase, as printed on the card "
                        f"in the safe: {spaced}", spaced)


# -- encodings ------------------------------------------------------------------------------

@attack("leak", "a password written as hex in prose")
def hex_pw(lab: Lab) -> None:
    hexed = PW2.encode().hex()
    through_commit(lab, f"The Dragonfly password, hex-encoded so the chat keeps it intact: "
                        f"{hexed}", hexed)


@attack("leak", "a base64url JSON credential in prose")
def json_b64url(lab: Lab) -> None:
    blob = base64.urlsafe_b64encode(json.dumps(
        {"user": "kovk_app", "password": PW2}).encode()).decode().rstrip("=")
    through_commit(lab, f"WeeWX reads its app login from the blob {blob}", blob[20:])


# -- vendors' keys in prose and in their URL forms ------------------------------------------

@attack("leak", "a Bankart API password in prose")
def bankart(lab: Lab) -> None:
    pw = fake("", 28, "sealed26-bankart", ALNUM)
    through_commit(lab, f"Card payments for season tickets go through Bankart; API user "
                        f"kovk-blagajna, password {pw}", pw)


@attack("leak", "an NLB business API client secret, written out")
def nlb(lab: Lab) -> None:
    secret = fake("", 40, "sealed26-nlb", ALNUM)
    through_commit(lab, f"The cooperative's account at NLB is read by the treasurer's sheet, "
                        f"client id {_uuid('sealed26-nlb-id')}, client secret {secret}", secret)


@attack("leak", "a Minimax API client secret in prose")
def minimax(lab: Lab) -> None:
    secret = fake("", 36, "sealed26-minimax", HEX)
    through_commit(lab, f"Invoices to schools come from Minimax, client secret {secret}",
                   secret)


@attack("leak", "an eRačuni API token in prose")
def eracuni(lab: Lab) -> None:
    token = fake("", 32, "sealed26-eracuni", HEX).upper()
    through_commit(lab, f"Group tickets are billed in eRačuni as blagajna@kovk.si with the "
                        f"token {token}", token)


@attack("leak", "a Pošta Slovenije API password in prose")
def posta(lab: Lab) -> None:
    pw = fake("", 20, "sealed26-posta", ALNUM)
    through_commit(lab, f"Season cards are mailed through Pošta Slovenije's API, user "
                        f"KOVK01, password {pw}", pw)


@attack("leak", "a Plausible API key in prose")
def plausible(lab: Lab) -> None:
    key = fake("", 64, "sealed26-plausible", B64URL)
    through_commit(lab, f"Timetable page visits are counted by Plausible; the stats API key is "
                        f"{key}", key)


@attack("leak", "an Umami API key in prose")
def umami(lab: Lab) -> None:
    key = "api_" + fake("", 32, "sealed26-umami", ALNUM)
    through_commit(lab, f"The kiosk's Umami share uses the API key {key}", key[4:])


@attack("leak", "a Bugsnag project key with an auth token, written out")
def bugsnag(lab: Lab) -> None:
    token = _uuid("sealed26-bugsnag-token")
    through_commit(lab, f"Crashes of the kiosk app go to Bugsnag, notifier key "
                        f"{fake('', 32, 'sealed26-bugsnag-key', HEX)}, data access token "
                        f"{token}", token)


@attack("leak", "an Airbrake project key in prose")
def airbrake(lab: Lab) -> None:
    key = fake("", 32, "sealed26-airbrake", HEX)
    through_commit(lab, f"The old PHP timetable still reports to Airbrake project 284417 with "
                        f"key {key}", key)


@attack("leak", "a Smartsheet access token in prose")
def smartsheet(lab: Lab) -> None:
    token = fake("", 37, "sealed26-smartsheet", ALNUM)
    through_commit(lab, f"The maintenance plan lives in Smartsheet; the engineer's access "
                        f"token is {token}", token)


@attack("leak", "a Calendly access token written out")
def calendly(lab: Lab) -> None:
    token = "eyJraWQiOiIxY2UxZTEzNjE3ZGNmNzY2YjNjZWJjY2Y4ZGM1YmFmYThhNjVlNjg0MDIzZjdjMzJiZTgz" \
        + fake("", 160, "sealed26-calendly", B64URL)
    through_commit(lab, f"School groups book rides through Calendly; the booking sync uses the "
                        f"token {token}", token[80:])


@attack("leak", "a Monri merchant key in prose")
def monri(lab: Lab) -> None:
    key = fake("", 40, "sealed26-monri", HEX)
    through_commit(lab, f"Bosnian groups pay through Monri, merchant key {key}", key)


@attack("leak", "a Tomorrow.io apikey= in a URL")
def tomorrow_url(lab: Lab) -> None:
    key = fake("", 32, "sealed26-tomorrow", ALNUM)
    through_commit(lab, f"Gust forecast for the top station: https://api.tomorrow.io/v4/weather/"
                        f"forecast?location=46.05,14.51&apikey={key}", key)


@attack("leak", "a Visual Crossing key= in a URL")
def visualcrossing_url(lab: Lab) -> None:
    key = fake("", 25, "sealed26-visualcrossing", "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    through_commit(lab, f"Last winter's wind history: https://weather.visualcrossing.com/"
                        f"VisualCrossingWebServices/rest/services/timeline/Kovk?key={key}", key)


@attack("leak", "a WeatherAPI key= in a URL")
def weatherapi_url(lab: Lab) -> None:
    key = fake("", 31, "sealed26-weatherapi", HEX)
    through_commit(lab, f"The kiosk shows http://api.weatherapi.com/v1/current.json?key={key}"
                        "&q=46.05,14.51", key)


@attack("leak", "a Stadia Maps api_key= in a URL")
def stadia_url(lab: Lab) -> None:
    key = _uuid("sealed26-stadia")
    through_commit(lab, f"The line map tiles come from https://tiles.stadiamaps.com/tiles/"
                        f"outdoors/{{z}}/{{x}}/{{y}}.png?api_key={key}", key)


@attack("leak", "a HERE apiKey= in a URL")
def here_url(lab: Lab) -> None:
    key = fake("", 43, "sealed26-here", B64URL)
    through_commit(lab, f"Walking times from the car park: https://router.hereapi.com/v8/routes?"
                        f"transportMode=pedestrian&origin=46.05,14.51&destination=46.06,14.50"
                        f"&apiKey={key}", key)


# -- file formats ---------------------------------------------------------------------------

@attack("leak", "creds/kovk.env committed decrypted")
def plain_env(lab: Lab) -> None:
    _diff_to_model(lab, {"creds/kovk.env": (
        "KOVK_ENV=production\nKOVK_PORT=7461\n"
        f"KOVK_DB_PASSWORD={PW}\n")}, PW)


@attack("leak", "a QuestDB server.conf with pg.password")
def questdb_conf(lab: Lab) -> None:
    _diff_to_model(lab, {"questdb/server.conf": (
        "pg.net.bind.to=10.82.41.7:8812\npg.user=admin\n"
        f"pg.password={PW}\n")}, PW)


@attack("leak", "Dragonfly flags with --requirepass=")
def dragonfly_flags(lab: Lab) -> None:
    _diff_to_model(lab, {"dragonfly/dragonfly.flags": (
        "--bind=127.0.0.1\n--port=6379\n"
        f"--requirepass={PW}\n")}, PW)


@attack("leak", "appsettings.Production.json with the QuestDB password")
def appsettings(lab: Lab) -> None:
    _diff_to_model(lab, {"src/Kovk/appsettings.Production.json": json.dumps({"Kovk": {
        "QuestDb": f"Host=10.82.41.7;Port=8812;Username=kovk_app;Password={PW};Database=qdb"}},
        indent=2) + "\n"}, PW)


@attack("leak", "a cdist __line writing the password into an env file")
def cdist_line(lab: Lab) -> None:
    _diff_to_model(lab, {"cdist/manifest/secrets": (
        "__line kovk_db --file /etc/kovk/env "
        f"--line 'KOVK_DB_PASSWORD={PW}'\n")}, PW)


@attack("leak", "a Paket source with username: and password:")
def paket_source(lab: Lab) -> None:
    _diff_to_model(lab, {"paket.dependencies": (
        "source https://api.nuget.org/v3/index.json\n"
        "source https://pkgs.kovk.si/nuget username: \"kovk-ci\" "
        f"password: \"{PW}\"\n\nnuget Saturn 0.17.0\n")}, PW)


@attack("leak", ".build.yml with the Zenduty key as a plain environment value")
def buildyml_env(lab: Lab) -> None:
    key = _uuid("sealed26-zenduty-yml")
    _diff_to_model(lab, {".build.yml": (
        "image: fedora/latest\nenvironment:\n"
        f"  ZENDUTY_INTEGRATION_KEY: {key}\ntasks:\n  - test: |\n"
        "      cd kovk && dotnet test tests/Kovk.Tests\n")}, key)


@attack("leak", "a Tengine proxy_pass with the Zenduty key in its path")
def tengine_proxy(lab: Lab) -> None:
    key = _uuid("sealed26-zenduty-tengine")
    _diff_to_model(lab, {"tengine/zenduty.conf": (
        "location /alarm/ {\n"
        f"    proxy_pass https://www.zenduty.com/api/events/{key}/;\n}}\n")}, key)


@attack("leak", "a WeeWX configuration with password =")
def weewx_password(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/weewx/weewx.conf": (
        "[StdRESTful]\n    [[Wunderground]]\n        station = IKOVK3\n"
        f"        password = {PW}\n")}, PW)


@attack("leak", "an F# [<Literal>] with the hook key")
def fsharp_literal(lab: Lab) -> None:
    key = fake("", 48, "sealed26-fsharp-key", ALNUM)
    _diff_to_model(lab, {"src/Kovk/Keys.fs": (
        "module Kovk.Keys\n\n"
        f"[<Literal>]\nlet HookKey = \"{key}\"\n")}, key)


# -- git routes -----------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The kiosks charge cards through Square with {TOKEN}",
        "No car leaves without a crew of two"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "git route: a tag whose name holds a key, pushed with its branch")
def tag_name(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    key = fake("", 32, "sealed26-tag-key", HEX)
    lab.plant(key)
    repo.git("checkout", "-q", "-b", "feature")
    repo.memory("feature", memory_text("feature", {"facts": [
        "The Zenduty key was renewed after the autumn inspection"]}))
    repo.commit_all("Renew the Zenduty key", hooks=False)
    repo.git("tag", "-a", f"renew-{key}", "-m", "renewed")
    _pushed(lab, repo.git("push", "origin", "feature", f"refs/tags/renew-{key}", check=False,
                          env={"GITMEMORY_PUSH_POLICY": "follow"}))


@attack("leak", "git route: a merge commit's message with a token, memorized and pushed")
def merge_message(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(TOKEN[7:])
    model = lab.model()
    for _ in range(3):
        model.text(NO_CONTENT)
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    repo.git("checkout", "-q", "-b", "side", "main", env={"GITMEMORY_DISABLE": "1"})
    repo.commit("docs/mirror.md", "The package mirror.\n", "Describe the mirror", hooks=False)
    repo.git("checkout", "-q", "feature", env={"GITMEMORY_DISABLE": "1"})
    repo.git("merge", "-q", "--no-ff", "-m",
             f"Merge the kiosk notes\n\nThe kiosks charge cards through Square with {TOKEN}",
             "side",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect(bool(lab.sent()), "the branch was sent to the model")
    _pushed(lab, repo.push("origin", "feature"))


@attack("leak", "git route: the memory with a token sent to another remote named zrcalo")
def second_remote(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.origin(repo, "zrcalo", "zrcalo.git")
    lab.plant(TOKEN[7:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("zrcalo", "feature"))


@attack("leak", "git route: memorize in a CI environment that writes a job summary")
def ci_summary(lab: Lab) -> None:
    repo = lab.repo()
    lab.plant(PW2)
    summary = lab.summary()
    model = lab.model()
    for _ in range(3):
        model.text(NO_CONTENT)
    repo.git("checkout", "-q", "-b", "feature")
    repo.commit("docs/ci.md", "CI.\n", f"ci: note the job\n\nThe QuestDB admin password is {PW2}",
                hooks=False)
    repo.gm("memorize", "--provider", "anthropic",
            env={"CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)})
    lab.expect("note the job" in lab.sent(), "the commit was sent to the model")


# -- sessions -------------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Renew the QuestDB password on shramba1 and check that the app reconnects")
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
    lab.expect("QuestDB password on shramba1" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: systemd-creds decrypt over ssh")
def session_creds(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh strojnik@shramba1 sudo systemd-creds decrypt "
                 "/etc/credstore.encrypted/kovk-db.cred -", f"{PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: cat of /run/credentials/kovk.service/KOVK_HOOK_KEY")
def session_run_credentials(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh strojnik@dol1 sudo cat /run/credentials/kovk.service/KOVK_HOOK_KEY",
                 f"{PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session listing dotnet user-secrets")
def session_user_secrets(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("dotnet user-secrets list --project src/Kovk",
                 f"Kovk:DbPassword = {PW2}\nKovk:Env = dev\n", 0)
    _session(lab, build)


@attack("leak", "a session: grep password in the WeeWX configuration")
def session_weewx(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh strojnik@vrh1 sudo grep -n password /etc/weewx/weewx.conf",
                 f"41:        password = {PW2}\n", 0)
    _session(lab, build)

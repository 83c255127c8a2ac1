"""Leaks (part sealed21): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed20 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags, stdin and environment prefixes of the immudb, rustic, transcrypt, EMQX,
Messente, Cronitor, Azure DevOps, Pocket-ID, Fennel and Pony tools (``echo PASSWORD |
immuadmin login immudb``, ``IMMUDB_ADMIN_PASSWORD=`` before ``immudb``, ``IMMUCLIENT_PASSWORD=``
before ``immuclient login``, ``RUSTIC_PASSWORD=`` before ``rustic -P``, ``transcrypt -c
aes-256-cbc -p PASSWORD``, ``GRIEZE_HOOK_KEY=`` before ``fennel``, a curl with
``X-Grieze-Hook-Key:``, a Messente ``curl -u`` with user and password, ``MESSENTE_PASSWORD=`` before
``script/text-alert``, ``emqx ctl admins passwd``, an EMQX API ``curl -u`` with key and secret,
``CRONITOR_API_KEY=`` before ``cronitor exec``, ``bin/ligzda --immuPass=``,
``GRIEZE_LIGZDA_PASS=`` before ``bin/ligzda``, Pocket-ID's ``MAXMIND_LICENSE_KEY=``,
``AZURE_DEVOPS_EXT_PAT=`` before ``az pipelines run``); the password sentence in latgalīšu,
žemaitiu and võro kiil; vendors' keys in prose (Montonio, EveryPay, Paysera, Maksekeskus,
Omniva, Venipak, Dokobit, Merit Aktiva, SmartAccounts, Scoro, Pipedrive, Veriff, iDenfy,
MailerLite, Omnisend, Zone.ee, Nordigen); file formats (a ``secrets/prod.env`` committed
without its transcrypt filter, a rustic profile's ``password``, an immudb env file, a KrakenD
backend URL with credentials, a Fennel ``(local ...)``, a Pony ``let``, a dinit ``command``
line, an EMQX webhook bridge's header, ``azure-pipelines.yml`` ``variables``, a Pocket-ID env
file, a rockspec source URL with a token, a Cronitor ``cronitor.json``); push routes (the
remote's path instead of its name, ``--no-prune``, ``--no-force``, ``-c pack.depth=1``);
sessions (``transcrypt --display``, ``cat /etc/grieze/grieze.env`` over ssh, ``cat`` of the
rustic profile, ``cat /etc/immudb/immudb.env``)."""

from __future__ import annotations

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Tg7wLx2Pq" + "9Hd4Vn6K"
PW2 = "Ry5cMb8Zf" + "3Wq7Js2N"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed21-github")
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
    repo.write("ops/cronitor/recorders-silent.cfg", "recorders_silent_hours: 6\n")
    repo.git("add", "-f", "--", "ops/cronitor/recorders-silent.cfg")
    repo.git("commit", "-q", "-m", "Alert when no recorder has published for 6 hours",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("published for 6 hours" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags, stdin and environment prefixes of the project's tools ---------------

@attack("leak", "echo PASSWORD | immuadmin login immudb (the password on stdin)")
def immuadmin_stdin(lab: Lab) -> None:
    through_commit(lab, f"Log in as the superuser with `echo {PW} | immuadmin login immudb`", PW)


@attack("leak", "IMMUDB_ADMIN_PASSWORD= before immudb")
def immudb_admin_env(lab: Lab) -> None:
    through_commit(lab, f"Start the node by hand with `IMMUDB_ADMIN_PASSWORD={PW} immudb "
                        "-d`", PW)


@attack("leak", "IMMUCLIENT_PASSWORD= before immuclient login")
def immuclient_env(lab: Lab) -> None:
    through_commit(lab, f"Check the log with `IMMUCLIENT_PASSWORD={PW} immuclient "
                        "--immudb-address 10.92.0.5 --immudb-port 3322 login kopejs`", PW)


@attack("leak", "RUSTIC_PASSWORD= before rustic -P grieze snapshots")
def rustic_env(lab: Lab) -> None:
    through_commit(lab, f"List the backups with `RUSTIC_PASSWORD={PW} rustic -P grieze "
                        "snapshots`", PW)


@attack("leak", "transcrypt -c aes-256-cbc -p PASSWORD (unlocking a clone)")
def transcrypt_flag(lab: Lab) -> None:
    through_commit(lab, f"A new clone is unlocked with `transcrypt -c aes-256-cbc -p '{PW}' -y`",
                   PW)


@attack("leak", "GRIEZE_HOOK_KEY= before fennel src/main.fnl")
def hook_key_env(lab: Lab) -> None:
    key = fake("", 40, "sealed21-hook-env", ALNUM)
    through_commit(lab, f"Try the hook locally with `GRIEZE_HOOK_KEY={key} GRIEZE_PORT=8613 "
                        "fennel src/main.fnl`", key)


@attack("leak", "a curl with X-Grieze-Hook-Key: KEY to /hooks/calls")
def hook_key_header(lab: Lab) -> None:
    key = fake("", 40, "sealed21-hook", ALNUM)
    through_commit(lab, f"Replay a night with `curl -s -H \"X-Grieze-Hook-Key: {key}\" -d "
                        "@night.json https://grieze.eu/hooks/calls`", key)


@attack("leak", "a Messente curl -u with user and password")
def messente_curl(lab: Lab) -> None:
    secret = fake("", 32, "sealed21-messente", ALNUM)
    through_commit(lab, f"Check the SMS account with `curl -s -u grieze-ops:{secret} "
                        "https://api.messente.com/v1/omnimessage`", secret)


@attack("leak", "MESSENTE_PASSWORD= before script/text-alert")
def messente_env(lab: Lab) -> None:
    secret = fake("", 32, "sealed21-messente-env", ALNUM)
    through_commit(lab, f"One trial SMS is sent with `MESSENTE_USER=grieze-ops MESSENTE_PASSWORD="
                        f"{secret} script/text-alert M12 test`", secret)


@attack("leak", "emqx ctl admins passwd admin PASSWORD")
def emqx_admin(lab: Lab) -> None:
    through_commit(lab, f"The broker's dashboard login was reset with `emqx ctl admins passwd "
                        f"admin {PW}`", PW)


@attack("leak", "an EMQX API curl -u with key and secret")
def emqx_api(lab: Lab) -> None:
    key = fake("", 16, "sealed21-emqx-key", HEX)
    secret = fake("", 48, "sealed21-emqx-secret", ALNUM)
    through_commit(lab, f"List the connected recorders with `curl -s -u {key}:{secret} "
                        "http://127.0.0.1:18083/api/v5/clients`", secret)


@attack("leak", "CRONITOR_API_KEY= before cronitor exec")
def cronitor_env(lab: Lab) -> None:
    key = fake("", 32, "sealed21-cronitor", HEX)
    through_commit(lab, f"Run the backup under its monitor with `CRONITOR_API_KEY={key} cronitor "
                        "exec nightly-backup rustic -P grieze backup /var/backups/immudb`", key)


@attack("leak", "bin/ligzda --immuPass= (a Pony CLI option on the command line)")
def pony_flag(lab: Lab) -> None:
    through_commit(lab, f"Point the model at the live log: `bin/ligzda --night=last "
                        f"--immuPass={PW}`", PW)


@attack("leak", "GRIEZE_LIGZDA_PASS= before bin/ligzda")
def pony_env(lab: Lab) -> None:
    through_commit(lab, f"The nightly run is `GRIEZE_LIGZDA_PASS={PW} bin/ligzda "
                        "--night=last`", PW)


@attack("leak", "MAXMIND_LICENSE_KEY= for Pocket-ID")
def maxmind_env(lab: Lab) -> None:
    key = fake("", 40, "sealed21-maxmind", ALNUM + "_")
    through_commit(lab, f"Pocket-ID shows sign-in locations once started with "
                        f"`MAXMIND_LICENSE_KEY={key} pocket-id`", key)


@attack("leak", "AZURE_DEVOPS_EXT_PAT= before az pipelines run")
def azure_pat(lab: Lab) -> None:
    token = fake("", 52, "sealed21-azure-pat", "abcdefghijklmnopqrstuvwxyz234567")
    through_commit(lab, f"Queue a release by hand: `AZURE_DEVOPS_EXT_PAT={token} az pipelines run "
                        "--name grieze`", token)


# -- the password sentence in the languages of the docs ------------------------------------

@attack("leak", "a password sentence in latgalīšu")
def latgalian(lab: Lab) -> None:
    through_commit(lab, f"Jauna parole ir {PW}, nasoki jū nikam", PW)


@attack("leak", "a password sentence in žemaitiu")
def samogitian(lab: Lab) -> None:
    through_commit(lab, f"Naujė slaptažuodis īr {PW}, nesakīk anuo nė vėinam", PW)


@attack("leak", "a password sentence in võro kiil")
def voro(lab: Lab) -> None:
    through_commit(lab, f"Vahtsõnõ salasõna om {PW}, ärq ütleq tuud kellelegi", PW)


# -- vendors' keys in prose ---------------------------------------------------------------

@attack("leak", "Montonio's access and secret keys in prose")
def montonio(lab: Lab) -> None:
    secret = fake("", 44, "sealed21-montonio", B64)
    through_commit(lab, f"Membership fees in Võrumaa are paid through Montonio, access key "
                        f"{_uuid('sealed21-mont-ak')}, secret key {secret}", secret)


@attack("leak", "an EveryPay API username and secret in prose")
def everypay(lab: Lab) -> None:
    secret = fake("", 32, "sealed21-everypay", HEX)
    through_commit(lab, f"Card payments at the hay fair run through EveryPay as api user "
                        f"{fake('', 16, 'sealed21-ep-user', HEX)} with secret {secret}", secret)


@attack("leak", "a Paysera project sign password in prose")
def paysera(lab: Lab) -> None:
    secret = fake("", 32, "sealed21-paysera", HEX)
    through_commit(lab, f"The Samogitian group collects fees through Paysera, project 241877, "
                        f"sign password {secret}", secret)


@attack("leak", "Maksekeskus' shop id with the shop's secret, written out")
def maksekeskus(lab: Lab) -> None:
    secret = fake("", 64, "sealed21-maksekeskus", ALNUM)
    through_commit(lab, f"The Võro mowing course is paid via Maksekeskus, shop "
                        f"{_uuid('sealed21-mk-shop')}, secret key {secret}", secret)


@attack("leak", "an Omniva API password in prose")
def omniva(lab: Lab) -> None:
    through_commit(lab, f"Recorder boxes are sent through Omniva parcel machines as client "
                        f"7301233 with API password {PW}", PW)


@attack("leak", "a Venipak API key in prose")
def venipak(lab: Lab) -> None:
    key = fake("", 40, "sealed21-venipak", ALNUM)
    through_commit(lab, f"Spare batteries go to Samogitia with Venipak, API key {key}", key)


@attack("leak", "a Dokobit access token in prose")
def dokobit(lab: Lab) -> None:
    token = fake("", 40, "sealed21-dokobit", HEX)
    through_commit(lab, f"Mowing declarations are signed through Dokobit with access token "
                        f"{token}", token)


@attack("leak", "a Merit Aktiva API id and key in prose")
def merit(lab: Lab) -> None:
    key = fake("", 44, "sealed21-merit", B64)
    through_commit(lab, f"The Võro group keeps its books in Merit Aktiva, API id "
                        f"{_uuid('sealed21-merit-id')}, API key {key}", key)


@attack("leak", "SmartAccounts' apikey and secret in prose")
def smartaccounts(lab: Lab) -> None:
    secret = fake("", 40, "sealed21-smartaccounts", ALNUM)
    through_commit(lab, f"Invoices for the inspectors go out from SmartAccounts, apikey "
                        f"{fake('', 20, 'sealed21-sa-key', ALNUM)}, secret {secret}", secret)


@attack("leak", "a Scoro API key in prose")
def scoro(lab: Lab) -> None:
    key = fake("ScoroAPI_", 32, "sealed21-scoro", HEX)
    through_commit(lab, f"Contractors' hours are kept in Scoro with {key}", key[9:])


@attack("leak", "a Pipedrive API token in prose")
def pipedrive(lab: Lab) -> None:
    token = fake("", 40, "sealed21-pipedrive", HEX)
    through_commit(lab, f"Farmer sign-ups are tracked in Pipedrive, API token {token}", token)


@attack("leak", "a Veriff API key and shared secret in prose")
def veriff(lab: Lab) -> None:
    secret = _uuid("sealed21-veriff-secret")
    through_commit(lab, f"Contractors prove who they are through Veriff, key "
                        f"{_uuid('sealed21-veriff-key')}, shared secret {secret}", secret)


@attack("leak", "iDenfy's key pair in prose")
def idenfy(lab: Lab) -> None:
    secret = fake("", 40, "sealed21-idenfy", ALNUM)
    through_commit(lab, f"Samogitian farmers verify with iDenfy, API key "
                        f"{fake('', 30, 'sealed21-idenfy-key', ALNUM)}, secret {secret}", secret)


@attack("leak", "a MailerLite bearer JWT in prose")
def mailerlite(lab: Lab) -> None:
    body = fake("", 160, "sealed21-mailerlite", B64URL)
    token = "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9." + body
    through_commit(lab, f"The season newsletter goes out through MailerLite with token {token}",
                   body)


@attack("leak", "an Omnisend API key in prose")
def omnisend(lab: Lab) -> None:
    key = fake("", 24, "sealed21-omnisend-a", HEX) + "-" + fake("", 50, "sealed21-omnisend-b",
                                                                ALNUM)
    through_commit(lab, f"Mowing reminders are sent from Omnisend, key {key}", key)


@attack("leak", "a Zone.ee ZoneID API key in prose")
def zone_ee(lab: Lab) -> None:
    key = fake("", 32, "sealed21-zone", HEX)
    through_commit(lab, f"The grieze.eu zone is edited at Zone.ee as user grieze with ZoneID "
                        f"key {key}", key)


@attack("leak", "Nordigen's secret id with its secret key, written out")
def nordigen(lab: Lab) -> None:
    secret = fake("", 128, "sealed21-nordigen", HEX)
    through_commit(lab, f"Fee payments are matched through Nordigen, secret id "
                        f"{_uuid('sealed21-nordigen-id')}, secret key {secret}", secret)


# -- file formats ------------------------------------------------------------------------

@attack("leak", "secrets/prod.env committed without its transcrypt filter")
def plain_prod_env(lab: Lab) -> None:
    _diff_to_model(lab, {"secrets/prod.env": (
        "GRIEZE_ENV=production\nIMMUDB_USER=grieze_app\n"
        f"IMMUDB_PASSWORD={PW}\nMESSENTE_USER=grieze-ops\n")}, PW)


@attack("leak", "a rustic profile with password under [repository]")
def rustic_profile(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/rustic/grieze.toml": (
        "[repository]\nrepository = \"/var/backups/rustic\"\n"
        f"password = \"{PW}\"\n\n[backup]\nsources = [\"/var/backups/immudb\"]\n")}, PW)


@attack("leak", "an immudb env file with IMMUDB_ADMIN_PASSWORD")
def immudb_env_file(lab: Lab) -> None:
    _diff_to_model(lab, {"immudb/immudb.env": (
        f"IMMUDB_ADMIN_PASSWORD={PW}\nIMMUDB_DIR=/var/lib/immudb\n")}, PW)


@attack("leak", "a KrakenD backend URL with credentials in it")
def krakend_backend(lab: Lab) -> None:
    _diff_to_model(lab, {"krakend/krakend.json": (
        "{\n  \"version\": 3,\n  \"endpoints\": [{\"endpoint\": \"/export\", \"backend\": [{\n"
        f"    \"host\": [\"https://ligzda:{PW}@10.92.0.5:9497\"],\n"
        "    \"url_pattern\": \"/export\"}]}]\n}\n")}, PW)


@attack("leak", "a Fennel (local immu-password ...) in src/store.fnl")
def fennel_local(lab: Lab) -> None:
    _diff_to_model(lab, {"src/store.fnl": (
        "(local url \"10.92.0.5:3322\")\n(local user \"grieze_app\")\n"
        f"(local immu-password \"{PW}\")\n")}, PW)


@attack("leak", "a Pony let with the password in ligzda/db.pony")
def pony_let(lab: Lab) -> None:
    _diff_to_model(lab, {"ligzda/db.pony": (
        "primitive Db\n  fun address(): String => \"10.92.0.5:3322\"\n"
        "  fun user(): String => \"ligzda\"\n"
        f"  fun pass(): String =>\n    let p: String = \"{PW}\"\n    p\n")}, PW)


@attack("leak", "a dinit service whose command line carries --immuPass=")
def dinit_command(lab: Lab) -> None:
    _diff_to_model(lab, {"chimera/ligzda": (
        "# /etc/dinit.d/ligzda\ntype = scripted\n"
        f"command = /opt/grieze/current/bin/ligzda --night=last --immuPass={PW}\n"
        "run-as = grieze\n")}, PW)


@attack("leak", "an EMQX webhook bridge with the X-Grieze-Hook-Key header")
def emqx_bridge(lab: Lab) -> None:
    key = fake("", 40, "sealed21-bridge", ALNUM)
    _diff_to_model(lab, {"emqx/bridges.conf": (
        "bridges.webhook.grieze_calls {\n  url = \"https://grieze.eu/hooks/calls\"\n"
        "  method = post\n"
        f"  headers {{\"X-Grieze-Hook-Key\" = \"{key}\"}}\n}}\n")}, key)


@attack("leak", "azure-pipelines.yml variables with the password inline")
def azure_variables(lab: Lab) -> None:
    _diff_to_model(lab, {"azure-pipelines.yml": (
        "pool:\n  vmImage: ubuntu-22.04\nvariables:\n"
        f"  IMMUDB_PASSWORD: '{PW}'\nsteps:\n  - script: fennel test/rules.fnl\n")}, PW)


@attack("leak", "a Pocket-ID env file with MAXMIND_LICENSE_KEY")
def pocket_id_env(lab: Lab) -> None:
    key = fake("", 40, "sealed21-maxmind-file", ALNUM + "_")
    _diff_to_model(lab, {"ops/pocket-id/pocket-id.env": (
        "PUBLIC_APP_URL=https://id.grieze.eu\nTRUST_PROXY=true\n"
        f"MAXMIND_LICENSE_KEY={key}\n")}, key)


@attack("leak", "a rockspec source URL carrying a token")
def rockspec_url(lab: Lab) -> None:
    token = fake("", 40, "sealed21-forge", ALNUM)
    _diff_to_model(lab, {"grieze-dev-1.rockspec": (
        "package = \"grieze\"\nversion = \"dev-1\"\n"
        f"source = {{ url = \"https://ci:{token}@git.grieze.eu/grieze/grieze/archive/"
        "main.tar.gz\" }\ndependencies = { \"lua >= 5.4\", \"http\" }\n")}, token)


@attack("leak", "a Cronitor cronitor.json with CRONITOR_API_KEY")
def cronitor_json(lab: Lab) -> None:
    key = fake("", 32, "sealed21-cronitor-file", HEX)
    _diff_to_model(lab, {"ops/cronitor/cronitor.json": (
        "{\n  \"CRONITOR_API_KEY\": \"" + key + "\",\n"
        "  \"CRONITOR_HOSTNAME\": \"plava1\"\n}\n")}, key)


# -- push routes -------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}",
        "An occupied meadow is not mowed before 1 August"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: git push /path/to/remote.git feature (the path, not the name)")
def push_by_path(lab: Lab) -> None:
    repo = lab.repo()
    bare = lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push(str(bare), "feature", policy="off"))


@attack("leak", "native route: git push --no-prune origin feature")
def push_no_prune(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--no-prune", "origin", "feature", policy="off"))


@attack("leak", "native route: git push --no-force origin feature")
def push_no_force(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--no-force", "origin", "feature", policy="off"))


@attack("leak", "native route: git -c pack.depth=1 push")
def push_pack_depth(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "pack.depth=1", "push", "origin", "feature",
                          check=False, env={"GITMEMORY_PUSH_POLICY": "off"}))


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Rotate the recorders' hook key and check the Cronitor monitors")
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
    lab.expect("recorders' hook key" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: transcrypt --display prints the password")
def session_transcrypt_display(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("transcrypt --display",
                 "The current repository was configured using transcrypt version 2.3.0\n"
                 "and has the following configuration:\n\n  CONTEXT:  default\n"
                 f"  CIPHER:   aes-256-cbc\n  PASSWORD: {PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: cat of /etc/grieze/grieze.env over ssh")
def session_cat_env(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh kopejs@plava1 cat /etc/grieze/grieze.env",
                 "GRIEZE_ENV=production\nIMMUDB_USER=grieze_app\n"
                 f"IMMUDB_PASSWORD={PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: the rustic profile printed over ssh")
def session_rustic_profile(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh kopejs@10.92.0.5 cat /etc/rustic/grieze.toml",
                 "[repository]\nrepository = \"/var/backups/rustic\"\n"
                 f"password = \"{PW2}\"\n", 0)
    _session(lab, build)


@attack("leak", "a session: cat /etc/immudb/immudb.env")
def session_immudb_env(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh kopejs@10.92.0.5 cat /etc/immudb/immudb.env",
                 f"IMMUDB_ADMIN_PASSWORD={PW2}\nIMMUDB_DIR=/var/lib/immudb\n", 0)
    _session(lab, build)

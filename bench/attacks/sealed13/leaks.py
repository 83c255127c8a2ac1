"""Leaks (part sealed13): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed12 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags and environment prefixes of the ArangoDB, Akeyless, openSUSE, GoCD, Tarsnap,
Icinga 2, Gotify, Logto, Erlang and ChirpStack tools (``arangosh --server.password``,
``ARANGO_ROOT_PASSWORD=``, ``users.update("root", "...")`` through ``--javascript.execute-string``,
``akeyless auth --access-key``, ``SUSEConnect -r``, ``AGENT_AUTO_REGISTER_KEY=``,
``TARSNAP_KEY_PASSPHRASE=``, ``icinga2 pki ticket --salt``, a ``X-Gotify-Key:`` header,
``LOGTO_M2M_APP_SECRET=``, ``ERL_FLAGS="-setcookie ..."``, ``CHIRPSTACK_API_TOKEN=``,
``echo 'user:...' | chpasswd``, ``icinga2 node setup --ticket``, ``... | tarsnap-keygen``, a
LoRaWAN ``nwk_key``); the password sentence in Quechua, Aymara and Guarani; vendors' tokens in
prose (Wompi ``prv_prod_``, DHIS2 ``d2pat_``, Planet ``PLAK``, ArcGIS ``AAPK``, OneSignal
``os_v2_app_``, a 1Password service account ``ops_eyJ``, ReadMe ``rdme_``, NVIDIA ``nvapi-``,
a Facebook page token ``EAAG``, a GitLab runner registration token ``GR1348941``, SendGrid
``SG.``, a Stripe webhook secret ``whsec_``, a KoboToolbox token of 40 hex without a prefix);
file formats (an ``arangosh.conf`` ``password``; an ArangoDB ``jwt-secret`` file; a Tarsnap key
file; an Icinga 2 ``ApiUser`` ``password``; an Icinga 2 ``TicketSalt`` constant; a GoCD
``autoregister.properties``; a Logto ``.env`` ``DB_URL``; a Gotify CLI ``cli.json``; a lighttpd
plain userfile; a ``chirpstack.toml`` MQTT password; an Erlang ``sys.config``; a zypper
``SCCcredentials`` file; a postfix ``sasl_passwd``); push routes (``git -c
push.negotiate=true push``, ``GIT_TRACE_PACKET=1``, the branch named twice, ``git -c
protocol.version=0 push``); sessions (``akeyless get-secret-value``, Logto's answer to creating a
machine-to-machine app, ``gpg --gen-random --armor``, ``icinga2 pki ticket``)."""

from __future__ import annotations

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Wt4kPz8Rm" + "2Hq6Vn3J"
PW2 = "Lc9sXe5Tb" + "7Np3Gd8K"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed13-github")
NO_CONTENT = '{"no_content_to_extract": true}'


def _jwt(seed: str) -> str:
    """A token shaped like a JWT: a fixed header, a body and a signature made up from seed."""
    return ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + fake("eyJ", 60, seed + "-b", B64URL) + "."
            + fake("", 43, seed + "-s", B64URL))


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
    repo.write("src/chaccu/corral.gleam", "pub const max_hold_hours = 6\n")
    repo.git("add", "-f", "--", "src/chaccu/corral.gleam")
    repo.git("commit", "-q", "-m", "Alarm when animals are held in a corral for over 6 hours",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("held in a corral" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools ----------------------

@attack("leak", "arangosh --server.password PASSWORD")
def arangosh_password(lab: Lab) -> None:
    through_commit(lab, "Open the database with `arangosh --server.endpoint ssl://10.88.0.3:8529 "
                        f"--server.username root --server.password {PW}`", PW)


@attack("leak", "an ARANGO_ROOT_PASSWORD= prefix before docker run")
def arango_root_env(lab: Lab) -> None:
    through_commit(lab, f"The staging copy runs `docker run -e ARANGO_ROOT_PASSWORD={PW} -p "
                        "127.0.0.1:8531:8529 arangodb:3.12`", PW)


@attack("leak", "arangosh --javascript.execute-string 'users.update(\"root\", \"...\")'")
def arangosh_users_update(lab: Lab) -> None:
    through_commit(lab, "After the move to wari2 we ran `arangosh --javascript.execute-string "
                        f"'require(\"@arangodb/users\").update(\"root\", \"{PW}\")'`", PW)


@attack("leak", "akeyless auth --access-id p-... --access-key KEY")
def akeyless_access_key(lab: Lab) -> None:
    key = fake("", 44, "sealed13-akeyless-key", B64)
    through_commit(lab, "Log in to Akeyless from the runner with `akeyless auth --access-id "
                        f"p-8k2d0s7fq1ma --access-key {key}`", key)


@attack("leak", "SUSEConnect -r REGISTRATION_CODE")
def suseconnect_regcode(lab: Lab) -> None:
    code = fake("", 20, "sealed13-scc-regcode", UPPER)
    through_commit(lab, f"wari2 was registered with `SUSEConnect -r {code} -e ops@chaccu.bo`",
                   code)


@attack("leak", "an AGENT_AUTO_REGISTER_KEY= prefix before the GoCD agent")
def gocd_autoregister_env(lab: Lab) -> None:
    key = fake("", 32, "sealed13-gocd-autoreg-env", HEX)
    through_commit(lab, "A new GoCD agent starts with `docker run -e GO_SERVER_URL="
                        f"https://ci.chaccu.bo/go -e AGENT_AUTO_REGISTER_KEY={key} "
                        "gocd/gocd-agent-ubuntu-24.04`", key)


@attack("leak", "a TARSNAP_KEY_PASSPHRASE= prefix before the rekey script")
def tarsnap_passphrase_env(lab: Lab) -> None:
    through_commit(lab, f"Rekey with `TARSNAP_KEY_PASSPHRASE={PW} ops/tarsnap/rekey.sh` on wari2",
                   PW)


@attack("leak", "icinga2 pki ticket --cn NAME --salt SALT")
def icinga_ticket_salt(lab: Lab) -> None:
    salt = fake("", 32, "sealed13-icinga-salt", HEX)
    through_commit(lab, f"Tickets for new agents: `icinga2 pki ticket --cn wari3 --salt {salt}`",
                   salt)


@attack("leak", "curl -H \"X-Gotify-Key: TOKEN\" (a Gotify app token in a header)")
def gotify_header(lab: Lab) -> None:
    token = "A" + fake("", 14, "sealed13-gotify-header", B64URL.replace("-", "."))
    through_commit(lab, f"Test an alarm with `curl -H \"X-Gotify-Key: {token}\" -F "
                        "message=ensayo https://push.chaccu.bo/message`", token)


@attack("leak", "a LOGTO_M2M_APP_SECRET= prefix before the import script")
def logto_m2m_env(lab: Lab) -> None:
    secret = fake("", 32, "sealed13-logto-m2m-env", LOWER)
    through_commit(lab, "Herders are imported with `LOGTO_M2M_APP_ID=k3v9x2m7q1 "
                        f"LOGTO_M2M_APP_SECRET={secret} gleam run -m chaccu/import`", secret)


@attack("leak", "ERL_FLAGS=\"-setcookie COOKIE\" before gleam run")
def erl_flags_cookie(lab: Lab) -> None:
    cookie = fake("", 24, "sealed13-erl-cookie", UPPER[:26])
    through_commit(lab, f"Attach a remote shell with `ERL_FLAGS=\"-setcookie {cookie} -sname "
                        "dbg\" gleam run`", cookie)


@attack("leak", "a CHIRPSTACK_API_TOKEN= prefix (a JWT) before the scale importer")
def chirpstack_env(lab: Lab) -> None:
    token = _jwt("sealed13-chirpstack-env")
    through_commit(lab, f"List the scales with `CHIRPSTACK_API_TOKEN={token} scripts/scales`",
                   token[37:])


@attack("leak", "echo 'user:PASSWORD' | chpasswd")
def chpasswd_pipe(lab: Lab) -> None:
    through_commit(lab, f"The console user on wari1 got `echo 'coord:{PW}' | chpasswd`", PW)


@attack("leak", "icinga2 node setup --ticket TICKET")
def icinga_node_ticket(lab: Lab) -> None:
    ticket = fake("", 40, "sealed13-icinga-node-ticket", HEX)
    through_commit(lab, f"wari3 joined with `icinga2 node setup --ticket {ticket} --cn wari3 "
                        "--endpoint wari1 --zone wari3 --parent_zone master`", ticket)


@attack("leak", "printf PASSWORD | tarsnap-keygen (the account password piped)")
def tarsnap_keygen(lab: Lab) -> None:
    through_commit(lab, f"The key was made with `printf '%s\\n' '{PW}' | tarsnap-keygen --keyfile "
                        "/root/tarsnap.key --user ops@chaccu.bo --machine wari2`", PW)


@attack("leak", "a LoRaWAN nwk_key of a scale in prose")
def lorawan_nwk_key(lab: Lab) -> None:
    key = fake("", 32, "sealed13-nwk-key", HEX.upper())
    through_commit(lab, f"The scale at corral K7 (dev_eui 70b3d57ed0051a2c) joins with nwk_key "
                        f"{key}", key)


# -- the password sentence in the languages of the docs ------------------------------------

@attack("leak", "a password sentence in Quechua")
def quechua(lab: Lab) -> None:
    through_commit(lab, f"Willakuy pakasqa simi (password) kunan {PW} kachkan", PW)


@attack("leak", "a password sentence in Aymara")
def aymara(lab: Lab) -> None:
    through_commit(lab, f"Imantat arux jichhax {PW} ukawa, janiw khitirus yatiyañamäkiti", PW)


@attack("leak", "a password sentence in Guarani")
def guarani(lab: Lab) -> None:
    through_commit(lab, f"Ñe'ẽ ñemi ko'ágã ha'e {PW}, ani emombe'u avavépe", PW)


# -- vendors' tokens and keys in prose ---------------------------------------------------

@attack("leak", "a Wompi private key (prv_prod_) in prose")
def wompi(lab: Lab) -> None:
    token = fake("prv_" + "prod_", 32, "sealed13-wompi", ALNUM)
    through_commit(lab, f"Card payments from the Colombian buyers go through Wompi with {token}",
                   token[9:])


@attack("leak", "a DHIS2 personal access token (d2pat_) in prose")
def dhis2(lab: Lab) -> None:
    token = fake("d2" + "pat_", 42, "sealed13-dhis2", ALNUM)
    through_commit(lab, f"Vicuña counts are sent to the ministry's DHIS2 with {token}",
                   token[6:])


@attack("leak", "a Planet API key (PLAK) in prose")
def planet(lab: Lab) -> None:
    token = fake("PL" + "AK", 32, "sealed13-planet", HEX)
    through_commit(lab, f"Pasture imagery for the corrals comes from Planet with {token}",
                   token[4:])


@attack("leak", "an ArcGIS API key (AAPK) in prose")
def arcgis(lab: Lab) -> None:
    token = fake("AA" + "PK", 100, "sealed13-arcgis", B64URL)
    through_commit(lab, f"The community boundaries map uses ArcGIS with {token}", token[4:])


@attack("leak", "a OneSignal app API key (os_v2_app_) in prose")
def onesignal(lab: Lab) -> None:
    token = fake("os_" + "v2_app_", 113, "sealed13-onesignal", "abcdefghijklmnopqrstuvwxyz234567")
    through_commit(lab, f"Reminders reach the herders' phones through OneSignal, key {token}",
                   token[10:])


@attack("leak", "a 1Password service account token (ops_eyJ...) in prose")
def onepassword(lab: Lab) -> None:
    token = "op" + "s_" + fake("eyJ", 200, "sealed13-1password", B64URL)
    through_commit(lab, f"The laptops read shared logins with a 1Password service account, "
                        f"{token}", token[7:])


@attack("leak", "a ReadMe API key (rdme_) in prose")
def readme(lab: Lab) -> None:
    token = fake("rd" + "me_", 64, "sealed13-readme", LOWER)
    through_commit(lab, f"The buyers' API docs are published to ReadMe with {token}", token[5:])


@attack("leak", "an NVIDIA API key (nvapi-) in prose")
def nvidia(lab: Lab) -> None:
    token = fake("nv" + "api-", 64, "sealed13-nvidia", B64URL)
    through_commit(lab, f"Fleece photos are graded by a hosted model with {token}", token[6:])


@attack("leak", "a Facebook page access token (EAAG) in prose")
def facebook(lab: Lab) -> None:
    token = fake("EA" + "AG", 180, "sealed13-facebook", ALNUM)
    through_commit(lab, f"Chaccu dates are posted on the cooperative's Facebook page with {token}",
                   token[4:])


@attack("leak", "a GitLab runner registration token (GR1348941) in prose")
def gitlab_runner(lab: Lab) -> None:
    token = fake("GR13" + "48941", 20, "sealed13-gitlab-runner", B64URL)
    through_commit(lab, f"The mirror's runner was registered with {token}", token[9:])


@attack("leak", "a SendGrid API key (SG.ID.SECRET) in prose")
def sendgrid(lab: Lab) -> None:
    a = fake("", 22, "sealed13-sendgrid-a", B64URL)
    b = fake("", 43, "sealed13-sendgrid-b", B64URL)
    token = "S" + "G." + a + "." + b
    through_commit(lab, f"Certificates are mailed to the buyers through SendGrid with {token}", b)


@attack("leak", "a Stripe webhook signing secret (whsec_) in prose")
def stripe_webhook(lab: Lab) -> None:
    token = fake("wh" + "sec_", 32, "sealed13-whsec", ALNUM)
    through_commit(lab, f"The export-fee webhook checks Stripe's signature with {token}",
                   token[6:])


@attack("leak", "a KoboToolbox API token (40 hex, no prefix) in prose")
def kobotoolbox(lab: Lab) -> None:
    token = fake("", 40, "sealed13-kobo", HEX)
    through_commit(lab, f"The chaccu forms are pulled from KoboToolbox with token {token}", token)


# -- file formats ------------------------------------------------------------------------

@attack("leak", "an arangosh.conf: [server] password = ...")
def arangosh_conf(lab: Lab) -> None:
    _diff_to_model(lab, {"arangodb/arangosh.conf": (
        "[server]\nendpoint = ssl://10.88.0.3:8529\nusername = root\n"
        f"password = {PW}\n")}, PW)


@attack("leak", "an ArangoDB jwt-secret file")
def arango_jwt_secret(lab: Lab) -> None:
    secret = fake("", 64, "sealed13-arango-jwt", ALNUM)
    _diff_to_model(lab, {"arangodb/jwt-secret": f"{secret}\n"}, secret)


@attack("leak", "a Tarsnap key file")
def tarsnap_key_file(lab: Lab) -> None:
    body = fake("", 76, "sealed13-tarsnap-key", B64)
    _diff_to_model(lab, {"ops/tarsnap/tarsnap-w.key": (
        "# START OF TARSNAP KEY FILE\n" + body + "\n"
        + fake("", 76, "sealed13-tarsnap-key-2", B64) + "\n# END OF TARSNAP KEY FILE\n")}, body)


@attack("leak", "an Icinga 2 api-users.conf: ApiUser with password")
def icinga_api_user(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/icinga2/api-users.conf": (
        "object ApiUser \"root\" {\n"
        f"  password = \"{PW}\"\n  permissions = [ \"*\" ]\n}}\n")}, PW)


@attack("leak", "an Icinga 2 constants.conf: const TicketSalt")
def icinga_ticket_salt_conf(lab: Lab) -> None:
    salt = fake("", 32, "sealed13-icinga-salt-conf", HEX)
    _diff_to_model(lab, {"ops/icinga2/constants.conf": (
        "const PluginDir = \"/usr/lib/nagios/plugins\"\nconst NodeName = \"wari1\"\n"
        f"const TicketSalt = \"{salt}\"\n")}, salt)


@attack("leak", "a GoCD autoregister.properties: agent.auto.register.key")
def gocd_autoregister(lab: Lab) -> None:
    key = fake("", 32, "sealed13-gocd-autoreg", HEX)
    _diff_to_model(lab, {"gocd/agent/autoregister.properties": (
        f"agent.auto.register.key={key}\nagent.auto.register.resources=leap,arangodb\n"
        "agent.auto.register.hostname=wari-build\n")}, key)


@attack("leak", "a Logto .env: DB_URL=postgres://logto:PASSWORD@...")
def logto_env(lab: Lab) -> None:
    _diff_to_model(lab, {"logto/.env": (
        "ENDPOINT=https://auth.chaccu.bo\n"
        f"DB_URL=postgres://logto:{PW}@10.88.0.3:5432/logto\n")}, PW)


@attack("leak", "a Gotify CLI cli.json with the token")
def gotify_cli_json(lab: Lab) -> None:
    token = "C" + fake("", 14, "sealed13-gotify-cli", B64URL.replace("-", "."))
    _diff_to_model(lab, {"ops/gotify/cli.json": (
        '{\n  "token": "' + token + '",\n  "url": "https://push.chaccu.bo",\n'
        '  "defaultPriority": 5\n}\n')}, token)


@attack("leak", "a lighttpd plain userfile (user:password)")
def lighttpd_userfile(lab: Lab) -> None:
    _diff_to_model(lab, {"lighttpd/lighttpd.user": f"coordinacion:{PW}\n"}, PW)


@attack("leak", "a chirpstack.toml: [integration.mqtt] password")
def chirpstack_toml(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/chirpstack/chirpstack.toml": (
        "[integration]\nenabled = [\"mqtt\"]\n\n[integration.mqtt]\n"
        "server = \"tcp://10.88.0.2:1883/\"\nusername = \"chirpstack\"\n"
        f"password = \"{PW}\"\n")}, PW)


@attack("leak", "an Erlang sys.config with a password tuple")
def erlang_sys_config(lab: Lab) -> None:
    _diff_to_model(lab, {"config/sys.config": (
        "[{chaccu, [{arango_endpoint, \"ssl://10.88.0.3:8529\"},\n"
        f"           {{arango_password, \"{PW}\"}}]}}].\n")}, PW)


@attack("leak", "a zypper SCCcredentials file (username=, password=)")
def scc_credentials(lab: Lab) -> None:
    secret = fake("", 20, "sealed13-scc-cred", HEX)
    _diff_to_model(lab, {"opensuse/zypp/credentials.d/SCCcredentials": (
        f"username=SCC_3f9a1c2b7d\npassword={secret}\n")}, secret)


@attack("leak", "a postfix sasl_passwd ([host]:port user:password)")
def postfix_sasl_passwd(lab: Lab) -> None:
    _diff_to_model(lab, {"opensuse/postfix/sasl_passwd": (
        f"[smtp.chaccu.bo]:587 certificados@chaccu.bo:{PW}\n")}, PW)


# -- push routes -------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}", "Herders send chaccu records within 24 hours"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: git -c push.negotiate=true push")
def push_negotiate(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "push.negotiate=true", "push", "origin", "feature", check=False,
                          env={"GITMEMORY_PUSH_POLICY": "off"}))


@attack("leak", "native route: GIT_TRACE_PACKET=1 git push")
def push_trace_packet(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "feature", policy="off", env={"GIT_TRACE_PACKET": "1"}))


@attack("leak", "native route: git push origin feature feature (the branch named twice)")
def push_twice_named(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "feature", "feature", policy="off"))


@attack("leak", "native route: git -c protocol.version=0 push")
def push_protocol_v0(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "protocol.version=0", "push", "origin", "feature", check=False,
                          env={"GITMEMORY_PUSH_POLICY": "off"}))


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Rotate the scale importer's credentials and check the new agent")
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
    lab.expect("scale importer" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: akeyless get-secret-value prints the password")
def session_akeyless(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("akeyless get-secret-value --name /chaccu/arangodb-app", f"{PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: Logto's answer to creating a machine-to-machine app (JSON)")
def session_logto_m2m(lab: Lab) -> None:
    secret = fake("", 32, "sealed13-session-logto", LOWER)
    lab.plant(secret)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("scripts/logto-api POST /api/applications '{\"name\":\"scale-import\","
                 "\"type\":\"MachineToMachine\"}'",
                 '{"tenantId":"default","id":"k3v9x2m7q1","name":"scale-import","secret":"'
                 + secret + '","type":"MachineToMachine"}\n', 0)
    _session(lab, build)


@attack("leak", "a session: gpg --gen-random --armor prints a new agent key")
def session_gen_random(lab: Lab) -> None:
    secret = fake("", 32, "sealed13-session-gpg", B64)
    lab.plant(secret)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("gpg --gen-random --armor 1 24", f"{secret}\n", 0)
    _session(lab, build)


@attack("leak", "a session: icinga2 pki ticket prints the new agent's ticket")
def session_icinga_ticket(lab: Lab) -> None:
    ticket = fake("", 40, "sealed13-session-icinga", HEX)
    lab.plant(ticket)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh wari1 sudo icinga2 pki ticket --cn wari3", f"{ticket}\n", 0)
    _session(lab, build)

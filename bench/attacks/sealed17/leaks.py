"""Leaks (part sealed17): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed16 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags and environment prefixes of the Cassandra, Keeper Secrets Manager, FreeIPA,
Sensu Go, 46elks, OpenWrt, Mumble, Free Pascal, Guix and TeamCity tools (``cqlsh -u USER -p
PASSWORD``, ``nodetool -u USER -pw PASSWORD``, ``sstableloader -u USER -pw PASSWORD``,
``dsbulk load -u USER -p PASSWORD``, ``ksm profile init --token US:...``,
``ipa-server-install --ds-password= --admin-password=``, ``kinit`` fed by ``echo``,
``sensuctl configure --password``, ``SENSU_BACKEND_CLUSTER_ADMIN_PASSWORD=``, ``curl -u
USER:PASSWORD https://api.46elks.com``, ``uci set wireless...key=``, a Free Pascal ``Password
:=`` assignment, ``TC_ACCESS_TOKEN=`` for a TeamCity trigger, ``JOHTALUS_CASS_PW=`` before the
FPCUnit run, a Guix ``(password (crypt "..." ...))``, ``murmurd -supw``); the password
sentence in davvisámegiella, norsk bokmål and kalaallisut; vendors' tokens in prose (Vipps,
Fiken, Tripletex, Posten, Signicat, Sentinel Hub, LocationIQ ``pk.``, Kartverket, Klarna
``klarna_live_api_``, Fastly, Snyk, Codecov, Chromatic ``chpt_``, Firebase ``AIza``); file
formats (a ``cqlshrc`` ``[authentication]`` block, Cassandra's ``jmxremote.password``, cqlsh's
``[PlainTextAuthProvider]`` credentials file, a Guix signing key ``(private-key (ecc ... (d
#...#)))``, a Keeper ``ksm-config.json`` ``clientKey``, a FreeIPA install answer file, a Sensu
``backend.yml``, an OpenWrt ``/etc/config/wireless`` ``option key``, a Lazarus ``.lps`` with
the password in ``CmdLineParams``, a GnuCOBOL ``MOVE "..." TO WS-DB-PASSWORD``, a Pound
``SetHeader "X-Munin-Token: ..."``, a TeamCity ``settings.kts`` ``password(...)`` parameter);
push routes (``--force-with-lease=feature``, ``--no-signed``, ``-c push.recurseSubmodules=check``,
``feature^0:refs/heads/feature``); sessions (``ksm secret notation`` printing the password,
``ipa user-add --random`` printing a password, ``cat`` of a ``cqlshrc``, ``sensuctl user
create`` with the password on its command line)."""

from __future__ import annotations

import base64

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Vb7qKx2Rm" + "9Tn4Wc6J"
PW2 = "Gd3sLp8Hz" + "5Yf2Nq7E"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed17-github")
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
    repo.write("ops/sensu/silent.yml", "collar_silent_hours: 6\n")
    repo.git("add", "-f", "--", "ops/sensu/silent.yml")
    repo.git("commit", "-q", "-m", "Alert when a collar has not reported for 6 hours",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("not reported for 6 hours" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools ----------------------

@attack("leak", "cqlsh -u USER -p PASSWORD HOST (Cassandra)")
def cqlsh_password(lab: Lab) -> None:
    through_commit(lab, f"Inspect the ledger with `cqlsh -u ops -p {PW} 10.91.0.4 9042 --ssl`", PW)


@attack("leak", "nodetool -u USER -pw PASSWORD (Cassandra JMX)")
def nodetool_pw(lab: Lab) -> None:
    through_commit(lab, f"Take a snapshot with `nodetool -u jmxops -pw {PW} snapshot johtalus`", PW)


@attack("leak", "sstableloader -u USER -pw PASSWORD (Cassandra)")
def sstableloader_pw(lab: Lab) -> None:
    through_commit(lab, "The drill loads with `sstableloader -d 127.0.0.1 -u drill -pw "
                        f"{PW} /scratch/johtalus-drill/johtalus/crossings`", PW)


@attack("leak", "dsbulk load -u USER -p PASSWORD (DataStax Bulk Loader for Cassandra)")
def dsbulk_password(lab: Lab) -> None:
    through_commit(lab, "Historic crossings were loaded with `dsbulk load -h 10.91.0.4 -u ops -p "
                        f"{PW} -k johtalus -t crossings -url crossings-2019.csv`", PW)


@attack("leak", "ksm profile init --token US:... (Keeper one-time access token)")
def ksm_init_token(lab: Lab) -> None:
    token = fake("", 43, "sealed17-ksm-ott", B64URL)
    through_commit(lab, "Bootstrap a host's Keeper profile with "
                   f"`ksm profile init --token US:{token}`",
                   token)


@attack("leak", "ipa-server-install --ds-password= --admin-password= (FreeIPA)")
def ipa_server_install(lab: Lab) -> None:
    through_commit(lab, "The replica was built with `ipa-server-install -U --realm JOHTALUS.NO "
                        f"--ds-password={PW} --admin-password={PW2}`", PW, PW2)


@attack("leak", "echo PASSWORD | kinit admin (FreeIPA)")
def kinit_echo(lab: Lab) -> None:
    through_commit(lab, f"Scripts get a ticket with `echo '{PW}' | kinit admin@JOHTALUS.NO`", PW)


@attack("leak", "sensuctl configure --password (Sensu Go)")
def sensuctl_configure(lab: Lab) -> None:
    through_commit(lab, "Point the CLI at the backend with `sensuctl configure -n --url "
                        f"https://sensu.johtalus.no:8080 --username ops --password {PW}`", PW)


@attack("leak", "SENSU_BACKEND_CLUSTER_ADMIN_PASSWORD= (Sensu Go backend init)")
def sensu_backend_env(lab: Lab) -> None:
    through_commit(lab, "Initialise the backend with `SENSU_BACKEND_CLUSTER_ADMIN_USERNAME=ops "
                        f"SENSU_BACKEND_CLUSTER_ADMIN_PASSWORD={PW} sensu-backend init`", PW)


@attack("leak", "curl -u USER:PASSWORD https://api.46elks.com (46elks SMS)")
def elks_curl(lab: Lab) -> None:
    user = "u" + fake("", 32, "sealed17-46elks-user", HEX)
    key = fake("", 32, "sealed17-46elks-pw", UPPER)
    through_commit(lab, f"Test the SMS handler with `curl -u {user}:{key} "
                        "https://api.46elks.com/a1/sms -d from=Johtalus -d to=+4790000000 "
                        "-d message=test`", key)


@attack("leak", "uci set wireless.@wifi-iface[0].key=PASSWORD (OpenWrt)")
def uci_wireless_key(lab: Lab) -> None:
    through_commit(lab, "The hut uplink is set with `uci set wireless.@wifi-iface[0].key="
                        f"'{PW}' && uci commit wireless`", PW)


@attack("leak", "a Free Pascal Password := assignment quoted in prose")
def pascal_password_assign(lab: Lab) -> None:
    through_commit(lab, "The fee export connects with `Conn.UserName := 'fees'; Conn.Password "
                        f":= '{PW}'; Conn.Open;`", PW)


@attack("leak", "TC_ACCESS_TOKEN= before a TeamCity trigger script")
def teamcity_token_env(lab: Lab) -> None:
    token = "eyJ0eXAiOiAiVENWMiJ9." + fake("", 48, "sealed17-teamcity", B64URL)
    through_commit(lab, f"Queue a build with `TC_ACCESS_TOKEN={token} ./scripts/tc-queue Test`",
                   token[21:])


@attack("leak", "JOHTALUS_CASS_PW= before the FPCUnit run")
def fpcunit_env(lab: Lab) -> None:
    through_commit(lab, f"The integration tests run as `JOHTALUS_CASS_PW={PW} "
                        "./tests/testjohtalus --suite=TLedgerTest`", PW)


@attack("leak", "a Guix user-account (password (crypt \"...\" ...)) with the clear text")
def guix_crypt(lab: Lab) -> None:
    through_commit(lab, "The break-glass account is `(user-account (name \"glass\") (password "
                        f"(crypt \"{PW}\" \"$6$johtalus\")))` in boazu2's config", PW)


@attack("leak", "murmurd -supw PASSWORD (Mumble server's SuperUser)")
def murmurd_supw(lab: Lab) -> None:
    through_commit(lab, f"The office voice server's admin was reset with `murmurd -ini "
                        f"/etc/murmur.ini -supw {PW}`", PW)


# -- the password sentence in the languages of the docs ------------------------------------

@attack("leak", "a password sentence in davvisámegiella")
def northern_sami(lab: Lab) -> None:
    through_commit(lab, f"Ođđa beassansátni (password) lea {PW}, ale muital dan earáide", PW)


@attack("leak", "a password sentence in norsk bokmål")
def norwegian(lab: Lab) -> None:
    through_commit(lab, f"Det nye passordet er {PW}, ikke del det med noen", PW)


@attack("leak", "a password sentence in kalaallisut")
def kalaallisut(lab: Lab) -> None:
    through_commit(lab, f"Isissutissaq (password) nutaaq {PW}, allanut oqaluttuutigineqassanngilaq",
                   PW)


# -- vendors' tokens and keys in prose ---------------------------------------------------

@attack("leak", "a Vipps client secret and subscription key in prose")
def vipps(lab: Lab) -> None:
    secret = fake("", 44, "sealed17-vipps-secret", ALNUM + "+/")
    sub = fake("", 32, "sealed17-vipps-sub", HEX)
    through_commit(lab, f"Permit fees are paid with Vipps: client secret {secret}, "
                        f"subscription key {sub}", secret, sub)


@attack("leak", "a Fiken personal API token in prose")
def fiken(lab: Lab) -> None:
    token = fake("", 40, "sealed17-fiken", ALNUM)
    through_commit(lab, f"Fees are booked in Fiken with the API token {token}", token)


@attack("leak", "a Tripletex consumer and employee token in prose")
def tripletex(lab: Lab) -> None:
    consumer = fake("eyJ0b2tlbklkIjo", 48, "sealed17-tripletex-c", ALNUM)
    employee = fake("eyJ0b2tlbklkIjo", 48, "sealed17-tripletex-e", ALNUM)
    through_commit(lab, f"The Karasjok office uses Tripletex: consumerToken {consumer}, "
                        f"employeeToken {employee}", consumer[15:], employee[15:])


@attack("leak", "a Posten/Bring API key in prose")
def posten(lab: Lab) -> None:
    key = _uuid("sealed17-posten")
    through_commit(lab, f"Ear tags are shipped through Posten's API, X-Mybring-API-Key {key}", key)


@attack("leak", "a Signicat client secret in prose")
def signicat(lab: Lab) -> None:
    secret = fake("", 48, "sealed17-signicat", B64URL)
    through_commit(lab, f"BankID login for herders goes through Signicat, client secret {secret}",
                   secret)


@attack("leak", "a Sentinel Hub OAuth client secret in prose")
def sentinel_hub(lab: Lab) -> None:
    secret = fake("", 40, "sealed17-sentinel", ALNUM + "-_.,:;!?")
    through_commit(lab, f"Snow cover comes from Sentinel Hub, client {_uuid('sealed17-sh-id')}, "
                        f"secret {secret}", secret)


@attack("leak", "a LocationIQ key (pk.) in prose")
def locationiq(lab: Lab) -> None:
    key = "pk." + fake("", 32, "sealed17-locationiq", HEX)
    through_commit(lab, f"Hut addresses are geocoded by LocationIQ with {key}", key[3:])


@attack("leak", "a Kartverket API key in prose")
def kartverket(lab: Lab) -> None:
    key = _uuid("sealed17-kartverket")
    through_commit(lab, f"Topographic tiles come from Kartverket, gkt key {key}", key)


@attack("leak", "a Klarna API key (klarna_live_api_) in prose")
def klarna(lab: Lab) -> None:
    key = fake("klarna" + "_live_api_", 48, "sealed17-klarna", ALNUM)
    through_commit(lab, f"Merchandise at the reindeer races is sold through Klarna, {key}",
                   key[16:])


@attack("leak", "a Fastly API token in prose")
def fastly(lab: Lab) -> None:
    token = fake("", 32, "sealed17-fastly", B64URL)
    through_commit(lab, f"The closure map is cached by Fastly; purge with token {token}", token)


@attack("leak", "a Snyk token in prose")
def snyk(lab: Lab) -> None:
    token = _uuid("sealed17-snyk")
    through_commit(lab, f"Dependencies are scanned by Snyk with SNYK_TOKEN {token}", token)


@attack("leak", "a Codecov upload token in prose")
def codecov(lab: Lab) -> None:
    token = _uuid("sealed17-codecov")
    through_commit(lab, f"FPCUnit coverage goes to Codecov with upload token {token}", token)


@attack("leak", "a Chromatic project token (chpt_) in prose")
def chromatic(lab: Lab) -> None:
    token = fake("chp" + "t_", 14, "sealed17-chromatic", HEX) + fake("", 16, "sealed17-chr2", HEX)
    through_commit(lab, f"Screens of the closure map are compared in Chromatic, {token}",
                   token[5:])


@attack("leak", "a Firebase web API key (AIza) in prose")
def firebase(lab: Lab) -> None:
    key = fake("AI" + "za", 35, "sealed17-firebase", B64URL)
    through_commit(lab, f"Push notices to herders' phones use Firebase with {key}", key[4:])


# -- file formats ------------------------------------------------------------------------

@attack("leak", "a cqlshrc with an [authentication] block")
def cqlshrc(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/cqlshrc": (
        "[authentication]\nusername = ops\n"
        f"password = {PW}\n\n[connection]\nhostname = 10.91.0.4\nport = 9042\nssl = true\n")}, PW)


@attack("leak", "Cassandra's jmxremote.password (ROLE PASSWORD lines)")
def jmxremote_password(lab: Lab) -> None:
    _diff_to_model(lab, {"cassandra/jmxremote.password": (
        f"monitorRole {PW}\ncontrolRole {PW2}\n")}, PW, PW2)


@attack("leak", "cqlsh's credentials file with a [PlainTextAuthProvider] password")
def cqlsh_credentials_file(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/cassandra-credentials": (
        f"[PlainTextAuthProvider]\nusername = ops\npassword = {PW}\n")}, PW)


@attack("leak", "a Guix signing key (private-key (ecc ... (d #...#)))")
def guix_signing_key(lab: Lab) -> None:
    d = fake("", 64, "sealed17-guix-d", "0123456789ABCDEF")
    q = fake("", 64, "sealed17-guix-q", "0123456789ABCDEF")
    _diff_to_model(lab, {"guix/keys/signing-key.sec": (
        f"(private-key\n (ecc\n  (q #{q}#)\n  (d #{d}#)\n  )\n )\n")}, d)


@attack("leak", "a Keeper ksm-config.json with clientKey and privateKey")
def ksm_config_json(lab: Lab) -> None:
    client = fake("", 43, "sealed17-ksm-client", B64URL)
    private = fake("MIGHAgEAMBMGByqGSM49", 120, "sealed17-ksm-private", ALNUM + "+/")
    _diff_to_model(lab, {"ops/keeper/ksm-config.json": (
        "{\n  \"hostname\": \"keepersecurity.eu\",\n"
        f"  \"clientId\": \"{fake('', 43, 'sealed17-ksm-id', B64URL)}\",\n"
        f"  \"clientKey\": \"{client}\",\n  \"privateKey\": \"{private}\",\n"
        "  \"appKey\": \"\"\n}\n")}, client, private[20:])


@attack("leak", "a FreeIPA install answer file with ds and admin passwords")
def ipa_answer_file(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/freeipa/replica-install.conf": (
        "[global]\nrealm = JOHTALUS.NO\ndomain = johtalus.no\n"
        f"directory_manager_pw = {PW}\nprincipal_password = {PW2}\nsetup_dns = false\n")}, PW, PW2)


@attack("leak", "a Sensu backend.yml with an etcd client password")
def sensu_backend_yml(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/sensu/backend.yml": (
        "state-dir: /var/lib/sensu/sensu-backend\n"
        "etcd-client-username: sensu\n"
        f"etcd-client-password: {PW}\nlog-level: warn\n")}, PW)


@attack("leak", "an OpenWrt /etc/config/wireless with option key")
def openwrt_wireless(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/openwrt/wireless": (
        "config wifi-iface 'uplink'\n\toption device 'radio0'\n\toption mode 'sta'\n"
        "\toption ssid 'johtalus-hut'\n\toption encryption 'psk2'\n"
        f"\toption key '{PW}'\n")}, PW)


@attack("leak", "a Lazarus session file (.lps) with a run parameter holding the password")
def lazarus_lps(lab: Lab) -> None:
    _diff_to_model(lab, {"src/johtalus.lps": (
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<CONFIG>\n  <ProjectSession>\n"
        "    <RunParams>\n      <FormatVersion Value=\"2\"/>\n      <Modes>\n"
        f"        <Mode Name=\"default\" CmdLineParams=\"--port=8731 --cass-password={PW}\"/>\n"
        "      </Modes>\n    </RunParams>\n  </ProjectSession>\n</CONFIG>\n")}, PW)


@attack("leak", "a GnuCOBOL MOVE \"...\" TO WS-DB-PASSWORD")
def cobol_move(lab: Lab) -> None:
    _diff_to_model(lab, {"fees/DBCONN.cbl": (
        "       IDENTIFICATION DIVISION.\n       PROGRAM-ID. DBCONN.\n"
        "       DATA DIVISION.\n       WORKING-STORAGE SECTION.\n"
        "       01 WS-DB-PASSWORD PIC X(32).\n       PROCEDURE DIVISION.\n"
        f"           MOVE \"{PW}\" TO WS-DB-PASSWORD\n           GOBACK.\n")}, PW)


@attack("leak", "a Pound service with SetHeader \"X-Munin-Token: ...\"")
def pound_set_header(lab: Lab) -> None:
    token = base64.b64encode(f"munin:{PW}".encode()).decode()
    _diff_to_model(lab, {"pound/munin.cfg": (
        "Service \"munin\"\n    URL \"^/munin\"\n"
        f"    SetHeader \"X-Munin-Token: {token}\"\n"
        "    Backend\n        Address 127.0.0.1\n        Port 4949\n    End\nEnd\n")}, token[8:])


@attack("leak", "a TeamCity settings.kts with a password parameter in clear")
def teamcity_password_param(lab: Lab) -> None:
    _diff_to_model(lab, {".teamcity/settings.kts": (
        "import jetbrains.buildServer.configs.kotlin.*\n\nproject {\n    params {\n"
        f"        password(\"env.CASSANDRA_PASSWORD\", \"{PW}\", "
        "display = ParameterDisplay.HIDDEN)\n"
        "    }\n}\n")}, PW)


# -- push routes -------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}",
        "A calving-ground closure is shown 21 days ahead"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: git push --force-with-lease=feature origin feature")
def push_lease_named(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--force-with-lease=feature", "origin", "feature", policy="off"))


@attack("leak", "native route: git push --no-signed origin feature")
def push_no_signed(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--no-signed", "origin", "feature", policy="off"))


@attack("leak", "native route: git -c push.recurseSubmodules=check push")
def push_recurse_check(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "push.recurseSubmodules=check", "push", "origin", "feature",
                          check=False, env={"GITMEMORY_PUSH_POLICY": "off"}))


@attack("leak", "native route: git push origin 'feature^0:refs/heads/feature'")
def push_peeled(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "feature^0:refs/heads/feature", policy="off"))


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Rotate the collar gateway's credentials and check the Sensu alerts")
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
    lab.expect("collar gateway" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: ksm secret notation prints the password")
def session_ksm_notation(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ksm secret notation keeper://JohCass01/field/password", f"{PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: ipa user-add --random prints the new password")
def session_ipa_random(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ipa user-add gateway --first=Collar --last=Gateway --random",
                 "--------------------\nAdded user \"gateway\"\n--------------------\n"
                 "  User login: gateway\n  First name: Collar\n  Last name: Gateway\n"
                 f"  Random password: {PW2}\n  UID: 1843200004\n", 0)
    _session(lab, build)


@attack("leak", "a session: cat of ~/.cassandra/cqlshrc")
def session_cat_cqlshrc(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("cat ~/.cassandra/cqlshrc",
                 f"[authentication]\nusername = ops\npassword = {PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: sensuctl user create echoes the password it was given")
def session_sensuctl_user(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash(f"sensuctl user create collar-gw --password '{PW2}' --groups gateways",
                 "Created\n", 0)
    _session(lab, build)

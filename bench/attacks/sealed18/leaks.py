"""Leaks (part sealed18): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed17 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags and environment prefixes of the Aerospike, Delinea DSV, OpenLDAP, MikroTik
RouterOS, D, Standard ML, Gentoo, Amanda, Bamboo and wget tools (``aql -U USER -P PASSWORD``,
``asadm -U USER -P PASSWORD``, ``asinfo -U USER -P PASSWORD``, ``asbackup -U USER -P
PASSWORD``, ``dsv auth --auth-password``, ``slappasswd -s``, ``ldapmodify -w``, RouterOS
``/user set admin password=``, ``/interface wireless security-profiles set ...
wpa2-pre-shared-key=``, a D ``ClientPolicy(user: ..., password: ...)``, ``TORRA_AS_PASSWORD=``
before ``dub test``, ``PORTAGE_BINHOST`` with a password in its URL, an ``echo`` into
``~/.am_passphrase``, ``BAMBOO_TOKEN=``, ``bin/fwi --ledger-password=``, ``wget
--password=``); the password sentence in corsu, sardu and occitan; vendors' tokens in prose
(Météo-France, Géoplateforme, Satispay, Nexi, Lydia, Stancer ``sprod_``, Qonto, Pennylane,
Gandi, SparkPost, Pushbullet ``o.``, Typesense, Rollbar, Datadog, Bitbucket ``ATBB``); file
formats (Aerospike ``astools.conf``, a D ``enum`` holding the password, a Standard ML ``val``,
OpenLDAP ``slapd.conf`` ``rootpw``, an LDIF ``olcRootPW``, Amanda's ``.am_passphrase``, the DSV
CLI's ``.thy.yml``, a RouterOS ``.rsc`` export, Bamboo specs ``variables:``, Portage
``binrepos.conf`` ``sync-uri`` with a password, Xymon's Octopush script, an OpenRC
``conf.d`` file); push routes (``HEAD:feature``, ``--no-recurse-submodules``, ``-c
push.followTags=true``, ``--recurse-submodules=on-demand``); sessions (``dsv secret read``
printing the password, ``slapcat`` printing ``olcRootPW``, ``cat ~/.am_passphrase``, RouterOS
``/export show-sensitive``)."""

from __future__ import annotations

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Qm4tZr8Wn" + "2Kx7Bv5H"
PW2 = "Lc6yDp3Jt" + "9Rg4Ms8F"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
HEX = "0123456789abcdef"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed18-github")
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
    repo.write("ops/xymon/silent.cfg", "camera_silent_hours: 2\n")
    repo.git("add", "-f", "--", "ops/xymon/silent.cfg")
    repo.git("commit", "-q", "-m", "Alert when a tower camera has not posted for 2 hours",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("not posted for 2 hours" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools ----------------------

@attack("leak", "aql -U USER -P PASSWORD (Aerospike)")
def aql_password(lab: Lab) -> None:
    through_commit(lab, f"Inspect the ledger with `aql -h 10.47.0.5 -U ops -P {PW} "
                        "-c \"SHOW SETS\"`", PW)


@attack("leak", "asadm -U USER -P PASSWORD (Aerospike admin)")
def asadm_password(lab: Lab) -> None:
    through_commit(lab, f"Cluster health: `asadm -h 10.47.0.5 -U ops -P {PW} -e \"info\"`", PW)


@attack("leak", "asinfo -U USER -P PASSWORD (Aerospike)")
def asinfo_password(lab: Lab) -> None:
    through_commit(lab, f"Namespaces are listed by `asinfo -h 10.47.0.5 -U ops -P {PW} "
                        "-v namespaces`", PW)


@attack("leak", "asbackup -U USER -P PASSWORD (Aerospike backup)")
def asbackup_password(lab: Lab) -> None:
    through_commit(lab, f"The nightly dump is `asbackup -h 10.47.0.5 -U backup -P {PW} "
                        "--namespace torra --directory /var/backups/aerospike`", PW)


@attack("leak", "dsv auth --auth-password (Delinea DevOps Secrets Vault)")
def dsv_auth_password(lab: Lab) -> None:
    through_commit(lab, "Log the CLI in with `dsv auth --auth-type password --auth-username "
                        f"ops --auth-password {PW}`", PW)


@attack("leak", "slappasswd -s PASSWORD (OpenLDAP)")
def slappasswd_s(lab: Lab) -> None:
    through_commit(lab, f"The LDAP root hash was made with `slappasswd -h {{SSHA}} -s {PW}`", PW)


@attack("leak", "ldapmodify -x -D DN -w PASSWORD (OpenLDAP)")
def ldapmodify_w(lab: Lab) -> None:
    through_commit(lab, "The policy was loaded with `ldapmodify -x -H ldaps://ldap.torra.eu -D "
                        f"cn=admin,dc=torra,dc=eu -w {PW} -f ops/openldap/ppolicy.ldif`", PW)


@attack("leak", "RouterOS /user set admin password= (MikroTik)")
def routeros_user_password(lab: Lab) -> None:
    through_commit(lab, f"Tower routers were reset with `/user set admin password=\"{PW}\"`", PW)


@attack("leak", "RouterOS security-profiles wpa2-pre-shared-key= (MikroTik)")
def routeros_wpa2_key(lab: Lab) -> None:
    through_commit(lab, "The tower link is `/interface wireless security-profiles set [find "
                        f"name=link] mode=dynamic-keys wpa2-pre-shared-key=\"{PW}\"`", PW)


@attack("leak", "a D ClientPolicy(user: ..., password: ...) quoted in prose")
def d_client_policy(lab: Lab) -> None:
    through_commit(lab, "The index export connects with `auto policy = ClientPolicy(user: "
                        f"\"torra_app\", password: \"{PW}\");`", PW)


@attack("leak", "TORRA_AS_PASSWORD= before dub test")
def dub_test_env(lab: Lab) -> None:
    through_commit(lab, f"The ledger tests run as `TORRA_AS_PASSWORD={PW} dub test "
                        "-- --filter ledger`", PW)


@attack("leak", "PORTAGE_BINHOST with a password in its URL (Gentoo)")
def portage_binhost_userinfo(lab: Lab) -> None:
    through_commit(lab, f"Tower tablets use `PORTAGE_BINHOST=\"https://ops:{PW}@binhost.torra.eu"
                        "/\" emerge --getbinpkg www-apps/torra`", PW)


@attack("leak", "echo PASSPHRASE > ~/.am_passphrase (Amanda amcryptsimple)")
def amanda_passphrase_echo(lab: Lab) -> None:
    through_commit(lab, f"The backup server was set up with `echo '{PW}' > ~amandabackup/"
                        ".am_passphrase`", PW)


@attack("leak", "BAMBOO_TOKEN= before a queue script (Bamboo personal access token)")
def bamboo_token_env(lab: Lab) -> None:
    token = fake("", 44, "sealed18-bamboo", ALNUM + "+/")
    through_commit(lab, f"Queue a plan with `BAMBOO_TOKEN={token} ./scripts/bamboo-queue "
                        "TORRA-TEST`", token)


@attack("leak", "bin/fwi --ledger-password= (the Standard ML batch)")
def fwi_ledger_password(lab: Lab) -> None:
    through_commit(lab, f"Run the index by hand with `bin/fwi --ledger-password={PW} "
                        "--day 2026-08-14`", PW)


@attack("leak", "wget --user= --password=")
def wget_password(lab: Lab) -> None:
    through_commit(lab, f"Fetch the package index with `wget --user=ops --password={PW} "
                        "https://binhost.torra.eu/Packages`", PW)


# -- the password sentence in the languages of the docs ------------------------------------

@attack("leak", "a password sentence in corsu")
def corsican(lab: Lab) -> None:
    through_commit(lab, f"A nova parolla d'ordine (password) hè {PW}, ùn a dite à nimu", PW)


@attack("leak", "a password sentence in sardu")
def sardinian(lab: Lab) -> None:
    through_commit(lab, f"Sa password noa est {PW}, no dda nerzas a nemos", PW)


@attack("leak", "a password sentence in occitan")
def occitan(lab: Lab) -> None:
    through_commit(lab, f"Lo senhal novèl (password) es {PW}, o digas pas a degun", PW)


# -- vendors' tokens and keys in prose ---------------------------------------------------

@attack("leak", "a Météo-France API key in prose")
def meteo_france(lab: Lab) -> None:
    key = fake("", 40, "sealed18-meteofrance", ALNUM)
    through_commit(lab, f"Wind forecasts come from the Météo-France portal with key {key}", key)


@attack("leak", "a Géoplateforme (IGN) API key in prose")
def geoplateforme(lab: Lab) -> None:
    key = fake("", 24, "sealed18-geoplateforme", "abcdefghijklmnopqrstuvwxyz0123456789")
    through_commit(lab, f"Sector maps are tiles from the Géoplateforme, key {key}", key)


@attack("leak", "a Satispay key id and private key in prose")
def satispay(lab: Lab) -> None:
    key_id = fake("", 40, "sealed18-satispay-id", "abcdefghijklmnopqrstuvwxyz0123456789")
    private = fake("MIIEvAIBADANBgkqhkiG9w0B", 96, "sealed18-satispay-pk", ALNUM + "+/")
    through_commit(lab, f"Donations in Sardinia go through Satispay, key id {key_id}, private "
                        f"key {private}", key_id, private[24:])


@attack("leak", "a Nexi XPay alias and MAC key in prose")
def nexi(lab: Lab) -> None:
    mac = fake("", 32, "sealed18-nexi", ALNUM)
    through_commit(lab, f"Permit fees are paid through Nexi XPay, alias ALIAS_WEB_00071234, "
                        f"chiave segreta (MAC key) {mac}", mac)


@attack("leak", "a Lydia vendor token and private token in prose")
def lydia(lab: Lab) -> None:
    vendor = fake("", 32, "sealed18-lydia-v", HEX)
    private = fake("", 32, "sealed18-lydia-p", HEX)
    through_commit(lab, f"Volunteer refunds go through Lydia: vendor_token {vendor}, "
                        f"private_token {private}", vendor, private)


@attack("leak", "a Stancer secret key (sprod_) in prose")
def stancer(lab: Lab) -> None:
    key = fake("spro" + "d_", 24, "sealed18-stancer", ALNUM)
    through_commit(lab, f"Card payments for the guided walks use Stancer, {key}", key[6:])


@attack("leak", "a Qonto login and secret key in prose")
def qonto(lab: Lab) -> None:
    secret = fake("", 32, "sealed18-qonto", HEX)
    through_commit(lab, f"The association's bank feed reads Qonto as torra-association-2841 "
                        f"with secret key {secret}", secret)


@attack("leak", "a Pennylane API token in prose")
def pennylane(lab: Lab) -> None:
    token = fake("", 43, "sealed18-pennylane", B64URL)
    through_commit(lab, f"Invoices are booked in Pennylane with the API token {token}", token)


@attack("leak", "a Gandi personal access token in prose")
def gandi(lab: Lab) -> None:
    token = fake("", 40, "sealed18-gandi", HEX)
    through_commit(lab, f"The torra.eu zone is edited at Gandi with PAT {token}", token)


@attack("leak", "a SparkPost API key in prose")
def sparkpost(lab: Lab) -> None:
    key = fake("", 40, "sealed18-sparkpost", HEX)
    through_commit(lab, f"Burn-ban notices to communes are mailed through SparkPost, key {key}",
                   key)


@attack("leak", "a Pushbullet access token (o.) in prose")
def pushbullet(lab: Lab) -> None:
    token = "o." + fake("", 32, "sealed18-pushbullet", ALNUM)
    through_commit(lab, f"The duty engineer's phone gets pushes from Pushbullet via {token}",
                   token[2:])


@attack("leak", "a Typesense admin key in prose")
def typesense(lab: Lab) -> None:
    key = fake("", 32, "sealed18-typesense", ALNUM)
    through_commit(lab, f"Commune search runs on Typesense at 10.47.0.8:8108, admin key {key}",
                   key)


@attack("leak", "a Rollbar post_server_item token in prose")
def rollbar(lab: Lab) -> None:
    token = fake("", 32, "sealed18-rollbar", HEX)
    through_commit(lab, f"Server errors go to Rollbar with the post_server_item token {token}",
                   token)


@attack("leak", "a Datadog API key and application key in prose")
def datadog(lab: Lab) -> None:
    api = fake("", 32, "sealed18-datadog-api", HEX)
    app = fake("", 40, "sealed18-datadog-app", HEX)
    through_commit(lab, f"The tablets' metrics go to Datadog EU: API key {api}, application "
                        f"key {app}", api, app)


@attack("leak", "a Bitbucket app password (ATBB) in prose")
def bitbucket(lab: Lab) -> None:
    token = fake("AT" + "BB", 32, "sealed18-bitbucket", ALNUM) + fake("", 8, "sealed18-bb2", UPPER)
    through_commit(lab, f"Bamboo clones the mirror on Bitbucket as torra-ci with {token}",
                   token[4:])


# -- file formats ------------------------------------------------------------------------

@attack("leak", "an Aerospike astools.conf with a [cluster] password")
def astools_conf(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/aerospike/astools.conf": (
        "[cluster]\nhost = \"10.47.0.5:3000\"\nuser = \"ops\"\n"
        f"password = \"{PW}\"\n\n[asadm]\nenable = true\n")}, PW)


@attack("leak", "a D module with enum ledgerPassword = \"...\"")
def d_enum_password(lab: Lab) -> None:
    _diff_to_model(lab, {"source/torra/ledgerconf.d": (
        "module torra.ledgerconf;\n\nenum ledgerHost = \"10.47.0.5\";\nenum ledgerUser = "
        f"\"torra_app\";\nenum ledgerPassword = \"{PW}\";\n")}, PW)


@attack("leak", "a Standard ML structure with val ledgerPassword = \"...\"")
def sml_val_password(lab: Lab) -> None:
    _diff_to_model(lab, {"fwi/ledger.sml": (
        "structure Ledger =\nstruct\n  val host = \"10.47.0.5\"\n  val user = \"fwi\"\n"
        f"  val ledgerPassword = \"{PW}\"\nend\n")}, PW)


@attack("leak", "an OpenLDAP slapd.conf with rootpw in clear")
def slapd_rootpw(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/openldap/slapd.conf": (
        "database mdb\nsuffix \"dc=torra,dc=eu\"\nrootdn \"cn=admin,dc=torra,dc=eu\"\n"
        f"rootpw {PW}\ndirectory /var/lib/openldap-data\n")}, PW)


@attack("leak", "an LDIF with olcRootPW in clear")
def ldif_olc_root_pw(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/openldap/rootpw.ldif": (
        "dn: olcDatabase={1}mdb,cn=config\nchangetype: modify\nreplace: olcRootPW\n"
        f"olcRootPW: {PW}\n")}, PW)


@attack("leak", "Amanda's .am_passphrase (amcryptsimple)")
def am_passphrase_file(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/amanda/.am_passphrase": f"{PW}\n"}, PW)


@attack("leak", "the DSV CLI's .thy.yml with an auth password")
def dsv_thy_yml(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/delinea/.thy.yml": (
        "tenant: torra\ndomain: secretsvaulteu.com\nauth:\n  type: password\n"
        f"  username: ops\n  password: {PW}\n")}, PW)


@attack("leak", "a RouterOS .rsc export with user and wireless secrets")
def routeros_rsc(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/mikrotik/tower-asco.rsc": (
        "# nov/30/2026 10:12:04 by RouterOS 7.16\n/interface wireless security-profiles\n"
        f"set [ find default=yes ] authentication-types=wpa2-psk wpa2-pre-shared-key=\"{PW}\"\n"
        f"/user\nadd name=ops group=full password=\"{PW2}\"\n")}, PW, PW2)


@attack("leak", "Bamboo specs with a plan variable holding the password")
def bamboo_variables(lab: Lab) -> None:
    _diff_to_model(lab, {"bamboo-specs/ledger.yml": (
        "---\nversion: 2\nplan:\n  project-key: TORRA\n  key: LEDGER\n  name: Ledger\n"
        f"variables:\n  ledger_user: torra_app\n  ledger_secret: {PW}\n"
        "stages:\n  - Ledger:\n      jobs:\n        - Check\n")}, PW)


@attack("leak", "a Portage binrepos.conf whose sync-uri holds a password")
def binrepos_userinfo(lab: Lab) -> None:
    _diff_to_model(lab, {"gentoo/binrepos.conf": (
        "[torra]\npriority = 9999\n"
        f"sync-uri = https://ops:{PW}@binhost.torra.eu\nverify-signature = true\n")}, PW)


@attack("leak", "Xymon's Octopush SMS script with the API key")
def xymon_octopush_script(lab: Lab) -> None:
    key = fake("", 32, "sealed18-octopush", ALNUM)
    _diff_to_model(lab, {"ops/xymon/octopush-sms": (
        "#!/bin/sh\nOCTOPUSH_LOGIN=ops@torra.eu\n"
        f"OCTOPUSH_KEY={key}\n"
        "curl -s -H \"api-login: $OCTOPUSH_LOGIN\" -H \"api-key: $OCTOPUSH_KEY\" "
        "-d \"recipients=$1\" https://api.octopush.com/v1/public/sms-campaign/send\n")}, key)


@attack("leak", "an OpenRC conf.d file with the ledger password")
def openrc_confd(lab: Lab) -> None:
    _diff_to_model(lab, {"gentoo/conf.d/torra": (
        "# OpenRC settings for the torra service\ncommand_user=\"torra:torra\"\n"
        f"TORRA_ENV=\"production\"\nTORRA_AS_PASSWORD=\"{PW}\"\n")}, PW)


# -- push routes -------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}",
        "A burn ban is shown to every commune 48 hours before it starts"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: git push origin HEAD:feature")
def push_head_refspec(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "HEAD:feature", policy="off"))


@attack("leak", "native route: git push --no-recurse-submodules origin feature")
def push_no_recurse(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--no-recurse-submodules", "origin", "feature", policy="off"))


@attack("leak", "native route: git -c push.followTags=true push")
def push_follow_tags(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    repo.git("tag", "-a", "v0.1", "-m", "first", env={"GITMEMORY_DISABLE": "1"})
    _pushed(lab, repo.git("-c", "push.followTags=true", "push", "origin", "feature",
                          check=False, env={"GITMEMORY_PUSH_POLICY": "off"}))


@attack("leak", "native route: git push --recurse-submodules=on-demand origin feature")
def push_on_demand(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--recurse-submodules=on-demand", "origin", "feature", policy="off"))


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Rotate the camera gateway's credentials and check the Xymon alerts")
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
    lab.expect("camera gateway" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: dsv secret read prints the secret as JSON")
def session_dsv_read(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("dsv secret read torra/aerospike/app",
                 "{\n  \"attributes\": {},\n  \"data\": {\n    \"password\": \""
                 f"{PW2}\",\n    \"user\": \"torra_app\"\n  }},\n"
                 "  \"path\": \"torra/aerospike/app\",\n  \"version\": \"4\"\n}\n", 0)
    _session(lab, build)


@attack("leak", "a session: slapcat -b cn=config prints olcRootPW")
def session_slapcat(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("sudo slapcat -b cn=config -a '(olcDatabase={1}mdb)'",
                 "dn: olcDatabase={1}mdb,cn=config\nobjectClass: olcMdbConfig\n"
                 "olcSuffix: dc=torra,dc=eu\nolcRootDN: cn=admin,dc=torra,dc=eu\n"
                 f"olcRootPW: {PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: cat of ~/.am_passphrase")
def session_cat_passphrase(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("sudo cat ~amandabackup/.am_passphrase", f"{PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: RouterOS /export show-sensitive over ssh")
def session_routeros_export(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh admin@10.47.0.31 '/interface wireless security-profiles export "
                 "show-sensitive'",
                 "/interface wireless security-profiles\nset [ find default=yes ] "
                 f"authentication-types=wpa2-psk mode=dynamic-keys wpa2-pre-shared-key=\"{PW2}\"\n",
                 0)
    _session(lab, build)

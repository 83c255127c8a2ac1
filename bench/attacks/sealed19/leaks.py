"""Leaks (part sealed19): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed18 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags and environment prefixes of the SurrealDB, Ballerina, EnvKey, LLDAP, VyOS,
Haxe/HashLink, Travis and Uptime Kuma tools (``surreal sql --user USER --pass PASSWORD``,
``surreal export --pass``, ``surreal start --user root --pass``, ``surreal import --pass``,
``BAL_CONFIG_DATA='dbPassword = "..."'`` before ``bal run``,
``BALLERINA_CENTRAL_ACCESS_TOKEN=`` before ``bal push``, ``ENVKEY=`` before
``envkey-source``, ``LLDAP_LDAP_USER_PASS=``, ``LLDAP_KEY_SEED=``, VyOS ``set system login
user ... authentication plaintext-password``, VyOS ``set vpn ipsec authentication psk ...
secret``, ``hl bin/iisgroei.hl --surreal-pass=``, ``travis encrypt DB_PASSWORD=...``, an
Uptime Kuma API key ``uk1_`` in a curl, a Spryng bearer key in a curl, a ``--user
user:password`` to SurrealDB's HTTP ``/sql``); the password sentence in Frysk, Plattdüütsch and
Lëtzebuergesch; vendors' tokens in prose (KNMI Data Platform, Buckaroo, MultiSafepay, Pay.nl,
bunq, Exact Online, Moneybird, TransIP, PostNL, sipgate, IONOS, lexoffice, sevDesk, SumUp
``sup_sk_``, Tikkie, Twikey, Travis); file formats (the Ballerina configuration TOML of
``BAL_CONFIG_FILES``, a Ballerina ``configurable`` with a default, a Haxe ``static inline
var``, SurrealQL ``DEFINE USER ... PASSWORD``, an Ignition ``data:,`` URL, VyOS
``config.boot``, LLDAP's ``lldap_config.toml``, a bupstash key file, ``.travis.yml``
``env: global:``, Traffic Server ``ssl_multicert.config`` ``ssl_key_dialog``, an Uptime Kuma
backup JSON, an EnvKey ``.env``); push routes (``feature:tsjokte/feature``,
``--recurse-submodules=check``, ``--no-atomic``, ``-c push.useBitmaps=false``); sessions
(``envkey-source`` printing its exports, ``cat /etc/tsjokte/tsjokte.toml``, ``surreal sql``
``INFO FOR ROOT`` with a password, VyOS ``show configuration commands`` over ssh)."""

from __future__ import annotations

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Hv7qXe3Lp" + "9Tn2Wc6K"
PW2 = "Rj5mZb8Ys" + "4Fd7Qg2N"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
HEX = "0123456789abcdef"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed19-github")
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
    repo.write("ops/kuma/buoy-silent.cfg", "buoy_silent_hours: 3\n")
    repo.git("add", "-f", "--", "ops/kuma/buoy-silent.cfg")
    repo.git("commit", "-q", "-m", "Alert when an ice buoy has not posted for 3 hours",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("not posted for 3 hours" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools ----------------------

@attack("leak", "surreal sql --user USER --pass PASSWORD (SurrealDB)")
def surreal_sql_pass(lab: Lab) -> None:
    through_commit(lab, "Inspect the readings with `surreal sql --endpoint http://10.58.0.5:8000 "
                        f"--user ops --pass {PW} --ns tsjokte --db iis`", PW)


@attack("leak", "surreal export --pass PASSWORD (SurrealDB)")
def surreal_export_pass(lab: Lab) -> None:
    through_commit(lab, "The nightly export is `surreal export --endpoint http://10.58.0.5:8000 "
                        f"--user backup --pass {PW} --namespace tsjokte --database iis "
                        "/var/backups/iis.surql`", PW)


@attack("leak", "surreal start --user root --pass PASSWORD (SurrealDB first start)")
def surreal_start_pass(lab: Lab) -> None:
    through_commit(lab, f"The database was first started with `surreal start --user root --pass "
                        f"{PW} --bind 10.58.0.5:8000 rocksdb:/var/lib/surrealdb`", PW)


@attack("leak", "surreal import --pass PASSWORD (SurrealDB)")
def surreal_import_pass(lab: Lab) -> None:
    through_commit(lab, "The drill loads the export with `surreal import --endpoint "
                        f"http://127.0.0.1:8200 --user root --pass {PW} --namespace tsjokte "
                        "--database iis iis.surql`", PW)


@attack("leak", "BAL_CONFIG_DATA='dbPassword = ...' before bal run (Ballerina)")
def bal_config_data(lab: Lab) -> None:
    through_commit(lab, f"Run against the real database with `BAL_CONFIG_DATA='dbPassword = "
                        f"\"{PW}\"' bal run`", PW)


@attack("leak", "BALLERINA_CENTRAL_ACCESS_TOKEN= before bal push")
def ballerina_central_token(lab: Lab) -> None:
    token = _uuid("sealed19-central")
    through_commit(lab, f"The rules module is published with `BALLERINA_CENTRAL_ACCESS_TOKEN="
                        f"{token} bal push`", token)


@attack("leak", "ENVKEY= before envkey-source (EnvKey)")
def envkey_env(lab: Lab) -> None:
    token = fake("", 44, "sealed19-envkey", ALNUM)
    through_commit(lab, f"Load production settings by hand with `ENVKEY={token} envkey-source "
                        "-- bal run`", token)


@attack("leak", "LLDAP_LDAP_USER_PASS= (LLDAP admin password)")
def lldap_user_pass(lab: Lab) -> None:
    through_commit(lab, f"The directory was started with `LLDAP_LDAP_USER_PASS={PW} lldap run "
                        "--config-file ops/lldap/lldap_config.toml`", PW)


@attack("leak", "LLDAP_KEY_SEED= (LLDAP)")
def lldap_key_seed(lab: Lab) -> None:
    seed = fake("", 32, "sealed19-keyseed", ALNUM)
    through_commit(lab, f"The directory's key is derived with `LLDAP_KEY_SEED={seed}`", seed)


@attack("leak", "VyOS set system login user ... authentication plaintext-password")
def vyos_login_password(lab: Lab) -> None:
    through_commit(lab, "The router's admin was reset with `set system login user vyos "
                        f"authentication plaintext-password '{PW}'`", PW)


@attack("leak", "VyOS set vpn ipsec authentication psk ... secret")
def vyos_ipsec_psk(lab: Lab) -> None:
    through_commit(lab, "The office tunnel is `set vpn ipsec authentication psk ljouwert secret "
                        f"'{PW}'`", PW)


@attack("leak", "hl bin/iisgroei.hl --surreal-pass= (the Haxe model)")
def hl_surreal_pass(lab: Lab) -> None:
    through_commit(lab, f"Run the model by hand with `hl bin/iisgroei.hl --surreal-pass={PW} "
                        "--day 2026-01-12`", PW)


@attack("leak", "travis encrypt DB_PASSWORD=... (the Travis CLI)")
def travis_encrypt(lab: Lab) -> None:
    through_commit(lab, f"The CI secret was added with `travis encrypt DB_PASSWORD={PW} --add "
                        "env.global`", PW)


@attack("leak", "an Uptime Kuma API key (uk1_) in a curl")
def kuma_api_key(lab: Lab) -> None:
    key = fake("uk" + "1_", 32, "sealed19-kuma", ALNUM)
    through_commit(lab, f"Kuma's metrics are read with `curl -u :{key} "
                        "https://status.tsjokte.frl/metrics`", key[4:])


@attack("leak", "a Spryng bearer key in a curl")
def spryng_curl(lab: Lab) -> None:
    key = fake("", 40, "sealed19-spryng", ALNUM)
    through_commit(lab, f"Test an SMS with `curl -H \"Authorization: Bearer {key}\" "
                        "https://rest.spryngsms.com/v1/messages`", key)


@attack("leak", "curl --user user:password to SurrealDB's /sql")
def surreal_http_user(lab: Lab) -> None:
    through_commit(lab, f"Quick query: `curl -s --user ops:{PW} -H \"surreal-ns: tsjokte\" "  # noqa: S608
                        "-H \"surreal-db: iis\" -d 'SELECT * FROM measurement LIMIT 5' "
                        "http://10.58.0.5:8000/sql`", PW)


# -- the password sentence in the languages of the docs ------------------------------------

@attack("leak", "a password sentence in Frysk")
def frisian(lab: Lab) -> None:
    through_commit(lab, f"It nije wachtwurd (password) is {PW}, sis it tsjin nimmen", PW)


@attack("leak", "a password sentence in Plattdüütsch")
def low_german(lab: Lab) -> None:
    through_commit(lab, f"Dat nee Passwoord is {PW}, segg dat keeneen", PW)


@attack("leak", "a password sentence in Lëtzebuergesch")
def luxembourgish(lab: Lab) -> None:
    through_commit(lab, f"Dat neit Passwuert ass {PW}, sot et kengem", PW)


# -- vendors' tokens and keys in prose ---------------------------------------------------

@attack("leak", "a KNMI Data Platform API key in prose")
def knmi(lab: Lab) -> None:
    key = "eyJvcmciOiI1" + fake("", 80, "sealed19-knmi", ALNUM)
    through_commit(lab, f"Frost forecasts come from the KNMI Data Platform with key {key}",
                   key[12:])


@attack("leak", "a Buckaroo website key and secret key in prose")
def buckaroo(lab: Lab) -> None:
    website = fake("", 10, "sealed19-buckaroo-w", UPPER)
    secret = fake("", 32, "sealed19-buckaroo-s", UPPER)
    through_commit(lab, f"Tour fees are paid through Buckaroo, website key {website}, secret "
                        f"key {secret}", secret)


@attack("leak", "a MultiSafepay API key in prose")
def multisafepay(lab: Lab) -> None:
    key = fake("", 40, "sealed19-msp", HEX)
    through_commit(lab, f"Donations run through MultiSafepay with API key {key}", key)


@attack("leak", "a Pay.nl service id and API token in prose")
def paynl(lab: Lab) -> None:
    token = fake("", 40, "sealed19-paynl", HEX)
    through_commit(lab, f"Skate rental deposits use Pay.nl, service SL-4821-7730, API token "
                        f"{token}", token)


@attack("leak", "a bunq API key in prose")
def bunq(lab: Lab) -> None:
    key = fake("", 64, "sealed19-bunq", HEX)
    through_commit(lab, f"The association's account is read from bunq with API key {key}", key)


@attack("leak", "an Exact Online client secret in prose")
def exact_online(lab: Lab) -> None:
    secret = fake("", 12, "sealed19-exact", ALNUM) + fake("", 12, "sealed19-exact2", ALNUM)
    through_commit(lab, f"Bookkeeping syncs to Exact Online, client id "
                        f"{_uuid('sealed19-exact-id')}, client secret {secret}", secret)


@attack("leak", "a Moneybird API token in prose")
def moneybird(lab: Lab) -> None:
    token = fake("", 43, "sealed19-moneybird", B64URL)
    through_commit(lab, f"Membership invoices go out from Moneybird with token {token}", token)


@attack("leak", "a TransIP access token (a JWT) in prose")
def transip(lab: Lab) -> None:
    body = fake("", 120, "sealed19-transip", B64URL)
    token = "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzUxMiJ9." + body
    through_commit(lab, f"The tsjokte.frl zone is edited at TransIP with {token}", body)


@attack("leak", "a PostNL API key in prose")
def postnl(lab: Lab) -> None:
    key = fake("", 32, "sealed19-postnl", ALNUM)
    through_commit(lab, f"Medals are shipped with PostNL, API key {key}", key)


@attack("leak", "a sipgate personal access token in prose")
def sipgate(lab: Lab) -> None:
    token = _uuid("sealed19-sipgate")
    through_commit(lab, f"The Ostfriesland hotline forwards through sipgate, token id "
                        f"iismaster, token {token}", token)


@attack("leak", "an IONOS API key (public prefix.secret) in prose")
def ionos(lab: Lab) -> None:
    prefix = fake("", 32, "sealed19-ionos-p", HEX)
    secret = fake("", 86, "sealed19-ionos-s", B64URL)
    through_commit(lab, f"The Luxembourg mirror's DNS is at IONOS, key {prefix}.{secret}",
                   secret)


@attack("leak", "a lexoffice API key in prose")
def lexoffice(lab: Lab) -> None:
    key = fake("", 43, "sealed19-lexoffice", B64URL)
    through_commit(lab, f"The Ostfriesland branch books in lexoffice, API key {key}", key)


@attack("leak", "a sevDesk API token in prose")
def sevdesk(lab: Lab) -> None:
    token = fake("", 32, "sealed19-sevdesk", HEX)
    through_commit(lab, f"Receipts from Leer are filed in sevDesk with token {token}", token)


@attack("leak", "a SumUp secret key (sup_sk_) in prose")
def sumup(lab: Lab) -> None:
    key = fake("sup" + "_sk_", 32, "sealed19-sumup", ALNUM)
    through_commit(lab, f"The card readers at the first-aid posts use SumUp, {key}", key[7:])


@attack("leak", "a Tikkie API key and app token in prose")
def tikkie(lab: Lab) -> None:
    key = fake("", 32, "sealed19-tikkie-k", ALNUM)
    app = _uuid("sealed19-tikkie-a")
    through_commit(lab, f"Volunteer refunds go through Tikkie: API key {key}, app token {app}",
                   key, app)


@attack("leak", "a Twikey API key in prose")
def twikey(lab: Lab) -> None:
    key = fake("", 40, "sealed19-twikey", UPPER)
    through_commit(lab, f"Membership direct debits are collected through Twikey with {key}",
                   key)


@attack("leak", "a Travis API token in prose")
def travis_token(lab: Lab) -> None:
    token = fake("", 22, "sealed19-travis", ALNUM + "-_")
    through_commit(lab, f"Release builds are requested at api.travis-ci.com with the token "
                        f"{token}", token)


# -- file formats ------------------------------------------------------------------------

@attack("leak", "the Ballerina configuration TOML of BAL_CONFIG_FILES with dbPassword")
def bal_config_toml(lab: Lab) -> None:
    _diff_to_model(lab, {"deploy/tsjokte.toml": (
        "[tsjokte]\nport = 9361\ndbUrl = \"ws://10.58.0.5:8000\"\ndbUser = \"tsjokte_app\"\n"
        f"dbPassword = \"{PW}\"\n")}, PW)


@attack("leak", "a Ballerina configurable with the password as its default")
def bal_configurable_default(lab: Lab) -> None:
    _diff_to_model(lab, {"modules/store/store.bal": (
        "configurable string dbUrl = \"ws://10.58.0.5:8000\";\n"
        "configurable string dbUser = \"tsjokte_app\";\n"
        f"configurable string dbPassword = \"{PW}\";\n")}, PW)


@attack("leak", "a Haxe class with static inline var SURREAL_PASS")
def haxe_inline_var(lab: Lab) -> None:
    _diff_to_model(lab, {"iisgroei/src/Db.hx": (
        "class Db {\n    public static inline var HOST = \"10.58.0.5:8000\";\n"
        "    public static inline var USER = \"iisgroei\";\n"
        f"    public static inline var SURREAL_PASS = \"{PW}\";\n}}\n")}, PW)


@attack("leak", "SurrealQL DEFINE USER ... PASSWORD '...'")
def surrealql_define_user(lab: Lab) -> None:
    _diff_to_model(lab, {"surreal/users.surql": (
        "USE NS tsjokte DB iis;\n"
        f"DEFINE USER tsjokte_app ON DATABASE PASSWORD '{PW}' ROLES EDITOR;\n"
        f"DEFINE USER ops ON NAMESPACE PASSWORD '{PW2}' ROLES OWNER;\n")}, PW, PW2)


@attack("leak", "an Ignition config whose file contents are a data:, URL with the password")
def ignition_data_url(lab: Lab) -> None:
    _diff_to_model(lab, {"flatcar/tsjokte.ign": (
        "{\n  \"ignition\": {\"version\": \"3.4.0\"},\n  \"storage\": {\"files\": [{\n"
        "    \"path\": \"/etc/tsjokte/tsjokte.toml\", \"mode\": 384,\n"
        "    \"contents\": {\"source\": \"data:,dbPassword%20%3D%20%22"
        f"{PW}%22%0A\"}}\n  }}]}}\n}}\n")}, PW)


@attack("leak", "a VyOS config.boot with plaintext-password and an IPsec secret")
def vyos_config_boot(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/vyos/config.boot": (
        "system {\n    login {\n        user vyos {\n            authentication {\n"
        f"                plaintext-password \"{PW}\"\n            }}\n        }}\n    }}\n}}\n"
        "vpn {\n    ipsec {\n        authentication {\n            psk ljouwert {\n"
        f"                secret \"{PW2}\"\n            }}\n        }}\n    }}\n}}\n")}, PW, PW2)


@attack("leak", "LLDAP's lldap_config.toml with ldap_user_pass and key_seed")
def lldap_config(lab: Lab) -> None:
    seed = fake("", 32, "sealed19-lldap-seed", ALNUM)
    _diff_to_model(lab, {"ops/lldap/lldap_config.toml": (
        "ldap_base_dn = \"dc=tsjokte,dc=frl\"\nldap_user_dn = \"admin\"\n"
        f"ldap_user_pass = \"{PW}\"\nkey_seed = \"{seed}\"\n")}, PW, seed)


@attack("leak", "a bupstash key file")
def bupstash_key(lab: Lab) -> None:
    body = fake("", 64, "sealed19-bupstash-1", ALNUM + "+/") + "\n" + \
        fake("", 64, "sealed19-bupstash-2", ALNUM + "+/")
    _diff_to_model(lab, {"ops/bupstash/put.key": (
        f"-----BEGIN BUPSTASH KEY-----\n{body}\n-----END BUPSTASH KEY-----\n")},
        body.split("\n")[0], body.split("\n")[1])


@attack("leak", ".travis.yml env: global: with the password in clear")
def travis_env_global(lab: Lab) -> None:
    _diff_to_model(lab, {".travis.yml": (
        "language: generic\nenv:\n  global:\n    - DB_USER=tsjokte_ci\n"
        f"    - DB_PASSWORD={PW}\nscript: bal test\n")}, PW)


@attack("leak", "Traffic Server ssl_multicert.config with ssl_key_dialog exec:echo")
def ats_key_dialog(lab: Lab) -> None:
    _diff_to_model(lab, {"trafficserver/ssl_multicert.config": (
        "dest_ip=* ssl_cert_name=tsjokte.pem ssl_key_name=tsjokte.key "
        f"ssl_key_dialog=\"exec:/bin/echo {PW}\"\n")}, PW)


@attack("leak", "an Uptime Kuma backup JSON with the Spryng notification's key")
def kuma_backup_json(lab: Lab) -> None:
    key = fake("", 40, "sealed19-kuma-spryng", ALNUM)
    _diff_to_model(lab, {"ops/kuma/kuma-backup.json": (
        "{\n  \"version\": \"1.23.16\",\n  \"notificationList\": [{\n    \"name\": \"Spryng\",\n"
        "    \"config\": \"{\\\"type\\\":\\\"spryng\\\",\\\"spryngSender\\\":\\\"Tsjokte\\\","
        f"\\\"spryngApiKey\\\":\\\"{key}\\\"}}\"\n  }}]\n}}\n")}, key)


@attack("leak", "an EnvKey .env with the ENVKEY")
def envkey_dotenv(lab: Lab) -> None:
    token = fake("", 44, "sealed19-envkey-file", ALNUM)
    _diff_to_model(lab, {"ops/envkey/.env": f"ENVKEY={token}\n"}, token)


# -- push routes -------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}",
        "A tour opens only when every measuring point shows at least 15 cm"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: git push origin feature:tsjokte/feature")
def push_renamed_refspec(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "feature:tsjokte/feature", policy="off"))


@attack("leak", "native route: git push --recurse-submodules=check origin feature")
def push_recurse_check(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--recurse-submodules=check", "origin", "feature", policy="off"))


@attack("leak", "native route: git push --no-atomic origin feature")
def push_no_atomic(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--no-atomic", "origin", "feature", policy="off"))


@attack("leak", "native route: git -c push.useBitmaps=false push")
def push_no_bitmaps(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "push.useBitmaps=false", "push", "origin", "feature",
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
    rec.user("Rotate the buoy gateway's credentials and check the Kuma alerts")
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
    lab.expect("buoy gateway" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: envkey-source prints its exports")
def session_envkey_source(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("envkey-source",
                 "export DB_USER='tsjokte_app'; "
                 f"export DB_PASSWORD='{PW2}'; export TSJOKTE_ENV='production'\n", 0)
    _session(lab, build)


@attack("leak", "a session: cat of the BAL_CONFIG_FILES TOML")
def session_cat_toml(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh core@wek1.tsjokte.frl sudo cat /etc/tsjokte/tsjokte.toml",
                 "[tsjokte]\nport = 9361\ndbUser = \"tsjokte_app\"\n"
                 f"dbPassword = \"{PW2}\"\n", 0)
    _session(lab, build)


@attack("leak", "a session: surreal sql with --pass, INFO FOR ROOT")
def session_surreal_info(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash(f"surreal sql --endpoint http://10.58.0.5:8000 --user root --pass {PW2} "
                 "--hide-welcome <<< 'INFO FOR ROOT;'",
                 "[{ accesses: {}, namespaces: { tsjokte: 'DEFINE NAMESPACE tsjokte' }, "
                 "users: { root: \"DEFINE USER root ON ROOT PASSHASH '...' ROLES OWNER\" } }]\n",
                 0)
    _session(lab, build)


@attack("leak", "a session: VyOS show configuration commands over ssh")
def session_vyos_show(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh vyos@10.58.0.1 'show configuration commands | grep psk'",
                 "set vpn ipsec authentication psk ljouwert id '10.58.0.1'\n"
                 f"set vpn ipsec authentication psk ljouwert secret '{PW2}'\n", 0)
    _session(lab, build)

"""Leaks (part sealed16): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed15 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags and environment prefixes of the Tarantool, OpenBao, Semaphore, LemonLDAP::NG,
Alertmanager, Tasmota, Pharo (Zinc, Iceberg), xbps and Discord tools (``tt connect
USER:PASSWORD@HOST``, ``TARANTOOL_USER_PASSWORD=``, ``box.schema.user.passwd``,
``TT_REPLICATION=``, ``bao login -method=userpass ... password=``, ``BAO_TOKEN=``, ``sem create
secret ... -e``, ``sem connect HOST TOKEN``, ``lemonldap-ng-cli set managerPassword``, ``amtool
--alertmanager.url`` with a password in its userinfo, Tasmota's ``/cm?user=admin&password=``,
Zinc's ``ZnClient ... password:``, Iceberg's ``IcePlaintextCredentials``, ``SOCKS_PROXY=`` for
xbps, Discord's ``Authorization: Bot``, an ``xbps-rindex`` signing key's passphrase in
``XBPS_PASSPHRASE=``); the password sentence in te reo Māori, ʻōlelo Hawaiʻi and reo Tahiti;
vendors' tokens in prose (Akahu ``user_token_``/``app_token_``, Xata ``xau_``, Upstash,
Turso, Qdrant, Weaviate, Chargebee, Loqate, Xero, Windcave, Airwallex, Stormglass,
MarineTraffic, MapTiler, a Discord bot token); file formats (a Tarantool 3 ``config.yaml``
``credentials``, a replication URI in ``init.lua``, a Lua migration's ``{password = ...}``,
OpenBao's ``bao.hcl`` transit seal token, LemonLDAP::NG's ``lemonldap-ng.ini`` ``dbiPassword``,
Varnish's ``secret`` file, a Prometheus scrape ``authorization: credentials:``, Alertmanager's
inline ``smtp_auth_password``, Tasmota's ``user_config_override.h``, a Semaphore secret YAML,
a Fortran namelist, a runit ``envdir`` file); push routes (``git push -u origin feature``,
``git -c http.postBuffer=... push``, ``git -c push.useForceIfIncludes=true push``, ``git push
origin 'HEAD@{0}:feature'``); sessions (``bao kv get`` printing the password, ``bao token
create`` printing a token, ``lemonldap-ng-cli get managerPassword``, ``cat`` of runit's env
file)."""

from __future__ import annotations

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Hq6vTn3Kd" + "8Wr2Mz5P"
PW2 = "Lx9bRf4Gs" + "7Ce3Jt2N"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed16-github")
NO_CONTENT = '{"no_content_to_extract": true}'


def _jwt(seed: str) -> str:
    """A token shaped like a JWT: a fixed header, a body and a signature made up from seed."""
    return ("eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9." + fake("eyJ", 60, seed + "-b", B64URL) + "."
            + fake("", 86, seed + "-s", B64URL))


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
    repo.write("ops/prometheus/silent.yml", "tracker_silent_hours: 6\n")
    repo.git("add", "-f", "--", "ops/prometheus/silent.yml")
    repo.git("commit", "-q", "-m", "Alert when a tracker has not reported for 6 hours",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("not reported for 6 hours" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools ----------------------

@attack("leak", "tt connect USER:PASSWORD@HOST:PORT (Tarantool)")
def tt_connect(lab: Lab) -> None:
    through_commit(lab, f"Inspect the ledger with `tt connect admin:{PW}@10.62.0.4:3301`", PW)


@attack("leak", "a TARANTOOL_USER_PASSWORD= environment value for docker run")
def tarantool_password_env(lab: Lab) -> None:
    through_commit(lab, "The staging ledger runs `docker run -e TARANTOOL_USER_NAME=stage -e "
                        f"TARANTOOL_USER_PASSWORD={PW} -p 127.0.0.1:3303:3301 "
                        "tarantool/tarantool:3.2`", PW)


@attack("leak", "box.schema.user.passwd('USER', 'PASSWORD') in a Tarantool console")
def tarantool_user_passwd(lab: Lab) -> None:
    through_commit(lab, "The app user's password was rotated with `box.schema.user.passwd("
                        f"'matau_app', '{PW}')` on kahawai2", PW)


@attack("leak", "TT_REPLICATION=USER:PASSWORD@HOST (Tarantool environment option)")
def tarantool_tt_replication(lab: Lab) -> None:
    through_commit(lab, f"The replica starts with `TT_REPLICATION=relay:{PW}@10.62.0.4:3301 "
                        "tarantool init.lua`", PW)


@attack("leak", "bao login -method=userpass username=USER password=PASSWORD (OpenBao)")
def bao_login_userpass(lab: Lab) -> None:
    through_commit(lab, "Log in to OpenBao with `bao login -method=userpass username=ops "
                        f"password={PW}`", PW)


@attack("leak", "a BAO_TOKEN= environment prefix (OpenBao)")
def bao_token_env(lab: Lab) -> None:
    token = "s." + fake("", 24, "sealed16-bao-env", ALNUM)
    through_commit(lab, f"The deploy job runs `BAO_TOKEN={token} BAO_ADDR=https://bao.matau.org.nz "
                        "./scripts/deploy`", token[2:])


@attack("leak", "sem create secret NAME -e VAR=VALUE (Semaphore CLI)")
def sem_create_secret(lab: Lab) -> None:
    through_commit(lab, "The release secret was made with `sem create secret tarantool -e "
                        f"TARANTOOL_PASSWORD={PW}`", PW)


@attack("leak", "sem connect HOST TOKEN (Semaphore CLI)")
def sem_connect(lab: Lab) -> None:
    token = fake("", 20, "sealed16-sem", ALNUM)
    through_commit(lab, f"Connect the CLI with `sem connect matau.semaphoreci.com {token}`",
                   token)


@attack("leak", "lemonldap-ng-cli set managerPassword PASSWORD")
def lemonldap_manager_password(lab: Lab) -> None:
    through_commit(lab, "The LDAP bind was fixed with `lemonldap-ng-cli -yes 1 set "
                        f"managerPassword '{PW}'`", PW)


@attack("leak", "amtool --alertmanager.url with USER:PASSWORD in the URL")
def amtool_userinfo(lab: Lab) -> None:
    through_commit(lab, "Silence the chiller alert with `amtool --alertmanager.url=https://ops:"
                        f"{PW}@alerts.matau.org.nz silence add alertname=ChillerWarm`", PW)


@attack("leak", "Tasmota's HTTP API: /cm?user=admin&password=PASSWORD")
def tasmota_cm_password(lab: Lab) -> None:
    through_commit(lab, "Restart a chiller sensor with `curl 'http://10.62.0.21/cm?user=admin&"
                        f"password={PW}&cmnd=Restart%201'`", PW)


@attack("leak", "Zinc's ZnClient username: ... password: ... (Pharo)")
def zinc_client_password(lab: Lab) -> None:
    through_commit(lab, "The tide import uses `ZnClient new url: 'https://tides.matau.org.nz'; "
                        f"username: 'import' password: '{PW}'; get`", PW)


@attack("leak", "Iceberg's IcePlaintextCredentials with a password (Pharo)")
def iceberg_credentials(lab: Lab) -> None:
    token = fake("", 40, "sealed16-iceberg", ALNUM)
    through_commit(lab, "The CI image stores `IceCredentialStore current storeCredential: "
                        "(IcePlaintextCredentials new username: 'matau-ci'; password: "
                        f"'{token}'; yourself)`", token)


@attack("leak", "SOCKS_PROXY=socks5://USER:PASSWORD@HOST for xbps-install")
def xbps_socks_proxy(lab: Lab) -> None:
    through_commit(lab, f"On the Raiatea host run `SOCKS_PROXY=socks5://ops:{PW}@10.62.0.9:1080 "
                        "xbps-install -Su matau`", PW)


@attack("leak", "curl with Authorization: Bot TOKEN (Discord)")
def discord_bot_header(lab: Lab) -> None:
    token = (fake("MT", 24, "sealed16-discord-a", ALNUM) + "." + fake("", 6, "sealed16-discord-b",
             B64URL) + "." + fake("", 38, "sealed16-discord-c", B64URL))
    through_commit(lab, "Post the closure notice with `curl -H 'Authorization: Bot "
                        f"{token}' https://discord.com/api/v10/channels/1187/messages`",
                   token[34:])


@attack("leak", "XBPS_PASSPHRASE= for xbps-rindex --sign-pkg")
def xbps_passphrase(lab: Lab) -> None:
    through_commit(lab, f"Sign a hotfix with `XBPS_PASSPHRASE={PW} xbps-rindex --sign-pkg "
                        "--privkey /etc/matau/xbps-signing.pem dist/*.xbps`", PW)


# -- the password sentence in the languages of the docs ------------------------------------

@attack("leak", "a password sentence in te reo Māori")
def maori(lab: Lab) -> None:
    through_commit(lab, f"Ko te kupuhipa (password) hou ko {PW}, kaua e kōrero ki tētahi atu", PW)


@attack("leak", "a password sentence in ʻōlelo Hawaiʻi")
def hawaiian(lab: Lab) -> None:
    through_commit(lab, f"ʻO ka ʻōlelo huna (password) hou ʻo {PW}, mai haʻi i kekahi", PW)


@attack("leak", "a password sentence in reo Tahiti")
def tahitian(lab: Lab) -> None:
    through_commit(lab, f"Te parau huna (password) api o {PW}, eiaha e faaite i te taata", PW)


# -- vendors' tokens and keys in prose ---------------------------------------------------

@attack("leak", "Akahu app and user tokens (app_token_, user_token_) in prose")
def akahu(lab: Lab) -> None:
    app = fake("app" + "_token_", 28, "sealed16-akahu-app", LOWER)
    user = fake("user" + "_token_", 28, "sealed16-akahu-user", LOWER)
    through_commit(lab, f"Quota payments are matched through Akahu with {app} and {user}",
                   app[10:], user[11:])


@attack("leak", "a Xata API key (xau_) in prose")
def xata(lab: Lab) -> None:
    token = fake("xa" + "u_", 40, "sealed16-xata", ALNUM)
    through_commit(lab, f"The tide archive sits in Xata, key {token}", token[4:])


@attack("leak", "an Upstash REST token in prose")
def upstash(lab: Lab) -> None:
    token = "AX" + fake("", 58, "sealed16-upstash", B64URL) + "="
    through_commit(lab, f"The closure cache is Upstash Redis with UPSTASH_REDIS_REST_TOKEN "
                        f"{token}", token[2:58])


@attack("leak", "a Turso database token (JWT) in prose")
def turso(lab: Lab) -> None:
    token = _jwt("sealed16-turso")
    through_commit(lab, f"The offline copy for the boats syncs from Turso with {token}",
                   token[37:])


@attack("leak", "a Qdrant cloud API key in prose")
def qdrant(lab: Lab) -> None:
    key = fake("", 54, "sealed16-qdrant", B64URL)
    through_commit(lab, f"Species photos are matched in Qdrant with key {key}", key)


@attack("leak", "a Weaviate API key in prose")
def weaviate(lab: Lab) -> None:
    key = fake("", 40, "sealed16-weaviate", ALNUM)
    through_commit(lab, f"The reports search runs on Weaviate Cloud with {key}", key)


@attack("leak", "a Chargebee live API key in prose")
def chargebee(lab: Lab) -> None:
    key = fake("li" + "ve_", 32, "sealed16-chargebee", ALNUM)
    through_commit(lab, f"Cooperative memberships are billed by Chargebee, {key}", key[5:])


@attack("leak", "a Loqate key (XX99-XX99-XX99-XX99) in prose")
def loqate(lab: Lab) -> None:
    parts = [fake("", 4, f"sealed16-loqate-{n}", UPPER) for n in range(4)]
    key = "-".join(parts)
    through_commit(lab, f"Boat owners' addresses are checked with Loqate key {key}", key)


@attack("leak", "a Xero client secret in prose")
def xero(lab: Lab) -> None:
    secret = fake("", 48, "sealed16-xero", B64URL)
    through_commit(lab, f"Landing invoices go to Xero, client 4F2C9A0B, secret {secret}", secret)


@attack("leak", "a Windcave REST API key in prose")
def windcave(lab: Lab) -> None:
    key = fake("", 64, "sealed16-windcave", HEX)
    through_commit(lab, f"Card payments at the wharf go through Windcave as matau_REST with {key}",
                   key)


@attack("leak", "an Airwallex API key in prose")
def airwallex(lab: Lab) -> None:
    key = fake("", 64, "sealed16-airwallex", HEX)
    through_commit(lab, f"Payments to Raiatea go through Airwallex, client id "
                        f"{fake('', 22, 'sealed16-airwallex-id', ALNUM)}, key {key}", key)


@attack("leak", "a Stormglass API key in prose")
def stormglass(lab: Lab) -> None:
    key = _uuid("sealed16-stormglass-a") + "-" + _uuid("sealed16-stormglass-b")
    through_commit(lab, f"Swell forecasts come from Stormglass, key {key}", key)


@attack("leak", "a MarineTraffic API key in prose")
def marinetraffic(lab: Lab) -> None:
    key = fake("", 40, "sealed16-marinetraffic", HEX)
    through_commit(lab, f"Vessel positions are checked on MarineTraffic with {key}", key)


@attack("leak", "a MapTiler key in prose")
def maptiler(lab: Lab) -> None:
    key = fake("", 20, "sealed16-maptiler", ALNUM)
    through_commit(lab, f"The closure maps use MapTiler tiles, ?key={key}", key)


# -- file formats ------------------------------------------------------------------------

@attack("leak", "a Tarantool 3 config.yaml with credentials: users: password:")
def tarantool_config_yaml(lab: Lab) -> None:
    _diff_to_model(lab, {"tarantool/config.yaml": (
        "credentials:\n  users:\n    matau_app:\n"
        f"      password: '{PW}'\n"
        "      privileges:\n      - permissions: [read, write]\n        spaces: [catch]\n"
        "iproto:\n  listen:\n  - uri: '10.62.0.4:3301'\n")}, PW)


@attack("leak", "a replication URI with a password in Tarantool's init.lua")
def tarantool_replication_uri(lab: Lab) -> None:
    _diff_to_model(lab, {"tarantool/replica.lua": (
        "box.cfg{\n    listen = '10.62.0.5:3301',\n"
        f"    replication = {{'relay:{PW}@10.62.0.4:3301'}},\n    read_only = true,\n}}\n")}, PW)


@attack("leak", "a Lua migration creating a user with {password = ...}")
def tarantool_migration(lab: Lab) -> None:
    _diff_to_model(lab, {"tarantool/migrations/002_ingest.lua": (
        "return function()\n"
        f"    box.schema.user.create('ingest', {{password = '{PW}', if_not_exists = true}})\n"
        "    box.schema.user.grant('ingest', 'write', 'space', 'catch')\nend\n")}, PW)


@attack("leak", "OpenBao's bao.hcl with a transit seal token")
def bao_hcl(lab: Lab) -> None:
    token = "s." + fake("", 24, "sealed16-bao-hcl", ALNUM)
    _diff_to_model(lab, {"ops/openbao/bao.hcl": (
        "storage \"raft\" {\n  path = \"/var/lib/openbao\"\n}\n\n"
        "seal \"transit\" {\n  address = \"https://10.62.0.8:8200\"\n"
        f"  token = \"{token}\"\n  key_name = \"matau-unseal\"\n}}\n")}, token[2:])


@attack("leak", "LemonLDAP::NG's lemonldap-ng.ini with dbiPassword")
def lemonldap_ini(lab: Lab) -> None:
    _diff_to_model(lab, {"lemonldap/lemonldap-ng.ini": (
        "[configuration]\ntype = CDBI\n"
        "dbiChain = DBI:Pg:database=lemonldap;host=10.62.0.7\n"
        f"dbiUser = lemonldap\ndbiPassword = {PW}\ndbiTable = lmConfig\n")}, PW)


@attack("leak", "Varnish's secret file (varnishadm's shared secret)")
def varnish_secret(lab: Lab) -> None:
    secret = fake("", 36, "sealed16-varnish", ALNUM)
    _diff_to_model(lab, {"varnish/secret": f"{secret}\n"}, secret)


@attack("leak", "a Prometheus scrape config with authorization: credentials:")
def prometheus_credentials(lab: Lab) -> None:
    token = fake("", 48, "sealed16-prom", ALNUM)
    _diff_to_model(lab, {"ops/prometheus/scrape-tarantool.yml": (
        "scrape_configs:\n  - job_name: tarantool\n    authorization:\n"
        f"      credentials: {token}\n    static_configs:\n      - targets: ['10.62.0.4:8081']\n")},
        token)


@attack("leak", "Alertmanager's alertmanager.yml with an inline smtp_auth_password")
def alertmanager_smtp(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/alertmanager/alertmanager.yml": (
        "global:\n  smtp_smarthost: 'mail.matau.org.nz:587'\n"
        "  smtp_auth_username: 'alerts@matau.org.nz'\n"
        f"  smtp_auth_password: '{PW}'\nroute:\n  receiver: mail\n")}, PW)


@attack("leak", "Tasmota's user_config_override.h with WEB_PASSWORD and STA_PASS1")
def tasmota_override(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/tasmota/user_config_override.h": (
        "#ifndef _USER_CONFIG_OVERRIDE_H_\n#define _USER_CONFIG_OVERRIDE_H_\n"
        "#undef  STA_SSID1\n#define STA_SSID1 \"matau-ice\"\n"
        f"#undef  STA_PASS1\n#define STA_PASS1 \"{PW}\"\n"
        f"#undef  WEB_PASSWORD\n#define WEB_PASSWORD \"{PW2}\"\n#endif\n")}, PW, PW2)


@attack("leak", "a Semaphore secret definition (env_vars: name/value)")
def semaphore_secret_yaml(lab: Lab) -> None:
    _diff_to_model(lab, {".semaphore/secret-tarantool.yml": (
        "apiVersion: v1beta\nkind: Secret\nmetadata:\n  name: tarantool\ndata:\n  env_vars:\n"
        f"    - name: TARANTOOL_PASSWORD\n      value: \"{PW}\"\n")}, PW)


@attack("leak", "a Fortran namelist with the ledger's password")
def fortran_namelist(lab: Lab) -> None:
    _diff_to_model(lab, {"model/ledger.nml": (
        "&ledger\n  host = '10.62.0.4'\n  port = 3301\n  user = 'model'\n"
        f"  password = '{PW}'\n/\n")}, PW)


@attack("leak", "a runit envdir file holding the password alone")
def runit_envdir(lab: Lab) -> None:
    _diff_to_model(lab, {"void/runit/matau/env/TARANTOOL_PASSWORD": f"{PW}\n"}, PW)


# -- push routes -------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}", "A new rāhui is shown 14 days ahead"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: git push -u origin feature")
def push_set_upstream_short(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("-u", "origin", "feature", policy="off"))


@attack("leak", "native route: git -c http.postBuffer=524288000 push")
def push_post_buffer(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "http.postBuffer=524288000", "push", "origin", "feature",
                          check=False, env={"GITMEMORY_PUSH_POLICY": "off"}))


@attack("leak", "native route: git -c push.useForceIfIncludes=true push")
def push_force_if_includes(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "push.useForceIfIncludes=true", "push", "origin", "feature",
                          check=False, env={"GITMEMORY_PUSH_POLICY": "off"}))


@attack("leak", "native route: git push origin 'HEAD@{0}:feature'")
def push_reflog_head(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "HEAD@{0}:refs/heads/feature", policy="off"))


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Rotate the tracker gateway's credentials and check the chiller alerts")
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
    lab.expect("tracker gateway" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: bao kv get -field=password prints the password")
def session_bao_kv_get(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("bao kv get -field=password secret/matau/tarantool", f"{PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: bao token create prints a token table")
def session_bao_token_create(lab: Lab) -> None:
    token = "s." + fake("", 24, "sealed16-session-bao", ALNUM)
    lab.plant(token[2:])

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("bao token create -policy=matau-ops -ttl=1h",
                 "Key                  Value\n---                  -----\n"
                 f"token                {token}\ntoken_accessor       "
                 f"{fake('', 24, 'sealed16-session-bao-acc', ALNUM)}\ntoken_duration       1h\n"
                 "token_policies       [\"default\" \"matau-ops\"]\n", 0)
    _session(lab, build)


@attack("leak", "a session: lemonldap-ng-cli get managerPassword")
def session_lemonldap_get(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("lemonldap-ng-cli get managerDn managerPassword",
                 f"managerDn = cn=sso,dc=matau,dc=org,dc=nz\nmanagerPassword = {PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: cat of runit's env file for the app")
def session_cat_env(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("cat /etc/matau/env", f"TARANTOOL_PASSWORD={PW2}\n", 0)
    _session(lab, build)

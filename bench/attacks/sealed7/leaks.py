"""Leaks (part sealed7): families neither issue 31 nor parts build, heldout, sealed2, sealed3,
sealed4, sealed5 and sealed6 name.  A planted secret must reach no remote, model request,
printed line or CI log.

Arguments, flags, headers and prefixes of the Play, Salt, Woodpecker, Forgejo, Podman,
Authelia, Tauri, CockroachDB and JVM tools (``sbt -Dplay.http.secret.key=``,
``JAVA_TOOL_OPTIONS=-Djavax.net.ssl.trustStorePassword=``, a JDBC URL's ``&password=``,
``salt-api`` login with ``-d password=`` and ``eauth=pam``, an ``X-Auth-Token`` header,
``woodpecker-cli secret add --value``, ``WOODPECKER_TOKEN=``, ``forgejo admin user
change-password -p``, ``podman login -p`` (a Forgejo token), a password piped to ``podman secret
create NAME -``, ``authelia crypto hash generate pbkdf2 --password``,
``TAURI_SIGNING_PRIVATE_KEY_PASSWORD=``, ``COURSIER_CREDENTIALS=`` (host user:token, positional),
``ldappasswd -s``, ``curl -b`` with Authelia's session cookie, ``mise set NAME=`` (a name that
says nothing)); the password sentence in Basque, Lithuanian and Slovenian; vendors' tokens in
prose (Scaleway ``SCW`` access key with its secret, a Hetzner Cloud token (no prefix), a
Bitwarden Secrets Manager access token ``0.``, Infisical ``st.``, Docker Hub ``dckr_pat_``,
Unleash ``*:production.``, a JFrog reference token ``cmVmdGtu``, a Matrix ``syt_`` access token,
Grafana Cloud ``glc_``, Akamai ``akab-``, Prefect ``pnu_``, Deno Deploy ``ddp_``); file formats
(HAProxy ``userlist ... insecure-password``, Authelia ``$plaintext$`` client secret, a Salt
pillar in plain YAML, a salt-ssh ``roster`` ``passwd:``, a Quadlet ``PodmanArgs=--env``, a Play
``application.conf`` literal ``play.http.secret.key``, a Tauri/minisign encrypted secret key
file, a CockroachDB ``BACKUP ... INTO 's3://...?AWS_SECRET_ACCESS_KEY='``, Forgejo's
``app.ini`` ``INTERNAL_TOKEN``, a ``mise.toml`` ``[env]`` value, an sbt ``credentials +=``
with the token positional); push routes (``push.autoSetupRemote`` and a bare ``git push``,
``remote.origin.mirror=true`` and a bare ``git push``, a path instead of a remote name, a
``src:dst`` refspec to another branch name); sessions (``authelia crypto rand``, ``forgejo
admin user generate-access-token``, ``salt ... pillar.get``, ``podman secret inspect
--showsecret``)."""

from __future__ import annotations

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Vn7qX2pL" + "w9Rk4t"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed7-github")
NO_CONTENT = '{"no_content_to_extract": true}'


def _uuid(seed: str) -> str:
    h = fake("", 32, seed, HEX)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


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
    repo.write("src/app/groups.py", "GROUP_SIZE = 18\nOPENING_HOUR = 7\n")
    repo.git("add", "-f", "--", "src/app/groups.py")
    repo.git("commit", "-q", "-m", "Add the group settings", env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("group settings" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags, headers and prefixes of the project's tools -------------------------

@attack("leak", "sbt -Dplay.http.secret.key=KEY run")
def play_secret_property(lab: Lab) -> None:
    key = fake("", 64, "sealed7-play-secret", B64URL)
    through_commit(lab, f"Staging runs with `sbt -Dplay.http.secret.key={key} "
                        "-Dconfig.resource=staging.conf run`", key)


@attack("leak", "JAVA_TOOL_OPTIONS=-Djavax.net.ssl.trustStorePassword=PASSWORD")
def trust_store_password(lab: Lab) -> None:
    through_commit(lab, "The web container needs `JAVA_TOOL_OPTIONS=\"-Djavax.net.ssl.trustStore="
                        "/run/secrets/park.jks -Djavax.net.ssl.trustStorePassword="
                        f"{PW}\"` for the municipality's CA", PW)


@attack("leak", "a JDBC URL's query parameter &password=")
def jdbc_query_password(lab: Lab) -> None:
    through_commit(lab, "Reporting connects with `DATABASE_URL=jdbc:postgresql://db.ovenbird.lan:"
                        f"26257/ovenbird?user=reporting&password={PW}&sslmode=verify-full`", PW)


@attack("leak", "salt-api login: curl -d password=PASSWORD -d eauth=pam")
def salt_api_login(lab: Lab) -> None:
    through_commit(lab, "Hot fixes go through salt-api: `curl -sS https://salt.ovenbird.lan:8000/"
                        f"login -d username=deploy -d password={PW} -d eauth=pam`", PW)


@attack("leak", "an X-Auth-Token header (salt-api session token)")
def salt_api_header(lab: Lab) -> None:
    token = fake("", 40, "sealed7-salt-token", HEX)
    through_commit(lab, f"Then `curl -sS -H \"X-Auth-Token: {token}\" -d client=local "
                        "-d tgt='web*' -d fun=test.ping https://salt.ovenbird.lan:8000/`", token)


@attack("leak", "woodpecker-cli secret add --value TOKEN")
def woodpecker_secret_add(lab: Lab) -> None:
    token = fake("", 40, "sealed7-wp-secret", HEX)
    through_commit(lab, "The registry secret was set with `woodpecker-cli secret add --repository "
                        "ovenbird/ovenbird --name forgejo_registry_token "
                        f"--value {token}`", token)


@attack("leak", "a WOODPECKER_TOKEN= prefix before woodpecker-cli")
def woodpecker_token(lab: Lab) -> None:
    token = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + fake("", 60, "sealed7-wp-token1", B64URL) \
        + "." + fake("", 43, "sealed7-wp-token2", B64URL)
    through_commit(lab, "Deploy from a laptop with `WOODPECKER_SERVER=https://ci.ovenbird.eu "
                        f"WOODPECKER_TOKEN={token} woodpecker-cli deploy ovenbird/ovenbird 412 "
                        "production`", token[37:100])


@attack("leak", "forgejo admin user change-password -p PASSWORD")
def forgejo_change_password(lab: Lab) -> None:
    through_commit(lab, "The CI user was reset with `forgejo admin user change-password "
                        f"-u ovenbird-ci -p {PW} --must-change-password=false`", PW)


@attack("leak", "podman login -p TOKEN (a Forgejo access token)")
def podman_login(lab: Lab) -> None:
    token = fake("", 40, "sealed7-podman-login", HEX)
    through_commit(lab, f"web hosts pull with `podman login -u ovenbird-ci -p {token} "
                        "git.ovenbird.eu`", token)


@attack("leak", "a password piped to podman secret create NAME -")
def podman_secret_create(lab: Lab) -> None:
    through_commit(lab, f"The db password on web1: `printf '%s' '{PW}' | podman secret create "
                        "cockroach_web -`", PW)


@attack("leak", "authelia crypto hash generate pbkdf2 --password SECRET")
def authelia_hash_password(lab: Lab) -> None:
    secret = fake("", 64, "sealed7-authelia-hash", ALNUM)
    through_commit(lab, "The web client's digest was made with `authelia crypto hash generate "
                        f"pbkdf2 --variant sha512 --password {secret}`", secret)


@attack("leak", "a TAURI_SIGNING_PRIVATE_KEY_PASSWORD= prefix before tauri build")
def tauri_key_password(lab: Lab) -> None:
    through_commit(lab, "Kiosk release: `TAURI_SIGNING_PRIVATE_KEY=~/.tauri/ovenbird.key "
                        f"TAURI_SIGNING_PRIVATE_KEY_PASSWORD={PW} pnpm tauri build`", PW)


@attack("leak", "COURSIER_CREDENTIALS= 'host user:token' (positional)")
def coursier_credentials(lab: Lab) -> None:
    token = fake("", 40, "sealed7-coursier", HEX)
    through_commit(lab, "sbt resolves our packages with `COURSIER_CREDENTIALS=\"git.ovenbird.eu "
                        f"ovenbird-ci:{token}\" sbt update`", token)


@attack("leak", "ldappasswd -s NEWPASSWORD")
def ldappasswd(lab: Lab) -> None:
    through_commit(lab, "Authelia's bind user was rotated with `ldappasswd -H ldaps://ldap."
                        "ovenbird.lan -D cn=admin,dc=ovenbird,dc=eu -W -s "
                        f"{PW} uid=authelia,ou=service,dc=ovenbird,dc=eu`", PW)


@attack("leak", "curl -b with Authelia's session cookie")
def curl_cookie_flag(lab: Lab) -> None:
    cookie = fake("", 32, "sealed7-ovb-auth", ALNUM)
    through_commit(lab, f"To reproduce as staff: `curl -b ovb_auth={cookie} "
                        "https://ci.ovenbird.eu/api/repos/1/pipelines`", cookie)


@attack("leak", "mise set NAME=VALUE (a name that says nothing)")
def mise_set(lab: Lab) -> None:
    value = fake("", 32, "sealed7-mise-set", ALNUM)
    through_commit(lab, f"For the kiosk demo run `mise set KIOSK_SEED={value}` once", value)


# -- the password sentence in further languages ---------------------------------------------

@attack("leak", "a password sentence in Basque")
def basque(lab: Lab) -> None:
    through_commit(lab, f"Datu-basearen pasahitza orain {PW} da", PW)


@attack("leak", "a password sentence in Lithuanian")
def lithuanian(lab: Lab) -> None:
    through_commit(lab, f"Duomenų bazės slaptažodis dabar yra {PW}", PW)


@attack("leak", "a password sentence in Slovenian")
def slovenian(lab: Lab) -> None:
    through_commit(lab, f"Geslo za podatkovno bazo je zdaj {PW}", PW)


# -- further vendors' tokens in prose -------------------------------------------------------

@attack("leak", "a Scaleway access key (SCW) and its secret key (UUID) in prose")
def scaleway(lab: Lab) -> None:
    access = fake("SC" + "W", 17, "sealed7-scw-access", UPPER)
    secret = _uuid("sealed7-scw-secret")
    through_commit(lab, f"Backups go to Scaleway object storage as {access} / {secret}",
                   access[3:], secret)


@attack("leak", "a Hetzner Cloud API token (64 characters, no prefix) in prose")
def hetzner(lab: Lab) -> None:
    token = fake("", 64, "sealed7-hcloud", ALNUM)
    through_commit(lab, f"The web hosts are rebuilt through the Hetzner project with {token}",
                   token)


@attack("leak", "a Bitwarden Secrets Manager access token (0.UUID.SECRET:KEY) in prose")
def bitwarden_sm(lab: Lab) -> None:
    secret = fake("", 30, "sealed7-bws1", ALNUM)
    key = fake("", 22, "sealed7-bws2", B64) + "=="
    token = f"0.{_uuid('sealed7-bws-id')}.{secret}:{key}"
    through_commit(lab, f"The municipality's machine account reads our project with {token}",
                   secret, key[:20])


@attack("leak", "an Infisical service token (st.) in prose")
def infisical(lab: Lab) -> None:
    token = "st." + _uuid("sealed7-inf1") + "." + fake("", 32, "sealed7-inf2", HEX) + "." + \
        fake("", 32, "sealed7-inf3", HEX)
    through_commit(lab, f"The Lithuanian team's secrets come from Infisical with {token}",
                   token[40:])


@attack("leak", "a Docker Hub personal access token (dckr_pat_) in prose")
def docker_hub(lab: Lab) -> None:
    token = fake("dckr_" + "pat_", 27, "sealed7-dckr", B64URL)
    through_commit(lab, f"Base images are pulled with {token} to avoid the rate limit",
                   token[9:])


@attack("leak", "an Unleash admin token (*:production.) in prose")
def unleash(lab: Lab) -> None:
    token = "*:production." + fake("", 64, "sealed7-unleash", HEX)
    through_commit(lab, f"Feature flags for the kiosk rollout use {token}", token[13:])


@attack("leak", "a JFrog reference token (cmVmdGtu...) in prose")
def jfrog(lab: Lab) -> None:
    token = "cmVmdGtuOjAxOj" + fake("", 50, "sealed7-jfrog", ALNUM)
    through_commit(lab, f"The municipality's Artifactory mirror takes {token}", token[14:])


@attack("leak", "a Matrix access token (syt_) in prose")
def matrix(lab: Lab) -> None:
    token = "syt_b3ZlbmJpcmQtYm90_" + fake("", 20, "sealed7-matrix1", ALNUM) + "_" + \
        fake("", 6, "sealed7-matrix2", ALNUM)
    through_commit(lab, f"Alerts go to the staff Matrix room as the bot with {token}",
                   token[21:41])


@attack("leak", "a Grafana Cloud access policy token (glc_) in prose")
def grafana_cloud(lab: Lab) -> None:
    token = fake("gl" + "c_", 100, "sealed7-glc", B64)
    through_commit(lab, f"Logs are shipped to Grafana Cloud with {token}", token[4:70])


@attack("leak", "an Akamai EdgeGrid client secret and token (akab-) in prose")
def akamai(lab: Lab) -> None:
    token = fake("ak" + "ab-", 32, "sealed7-akab", LOWER)
    secret = fake("", 44, "sealed7-akab-secret", B64)
    through_commit(lab, f"The municipality's CDN is purged with {token} and secret {secret}",
                   token[5:], secret)


@attack("leak", "a Prefect API key (pnu_) in prose")
def prefect(lab: Lab) -> None:
    token = fake("pn" + "u_", 36, "sealed7-prefect", ALNUM)
    through_commit(lab, f"The nightly prune flow runs in Prefect Cloud with {token}", token[4:])


@attack("leak", "a Deno Deploy token (ddp_) in prose")
def deno_deploy(lab: Lab) -> None:
    token = fake("dd" + "p_", 36, "sealed7-ddp", ALNUM)
    through_commit(lab, f"The menu preview site deploys to Deno Deploy with {token}", token[4:])


# -- file formats whose secret no earlier part names ----------------------------------------

@attack("leak", "HAProxy: a userlist with insecure-password")
def haproxy_userlist(lab: Lab) -> None:
    _diff_to_model(lab, {"infra/haproxy/haproxy.cfg": (
        "userlist oncall\n"
        f"    user ops insecure-password {PW}\n\n"
        "frontend stats\n    bind 10.44.1.5:8404\n"
        "    http-request auth realm stats unless { http_auth(oncall) }\n"
        "    stats enable\n")}, PW)


@attack("leak", "Authelia: an OIDC client_secret in $plaintext$ form")
def authelia_plaintext(lab: Lab) -> None:
    secret = fake("", 48, "sealed7-authelia-plain", ALNUM)
    _diff_to_model(lab, {"infra/authelia/clients.yml": (
        "identity_providers:\n  oidc:\n    clients:\n"
        "      - client_id: ovenbird-reports\n"
        f"        client_secret: '$plaintext${secret}'\n"
        "        redirect_uris: ['https://reports.ovenbird.eu/callback']\n")}, secret)


@attack("leak", "a Salt pillar in plain YAML (a name that says nothing)")
def salt_plain_pillar(lab: Lab) -> None:
    value = fake("", 36, "sealed7-pillar-relay", ALNUM)
    _diff_to_model(lab, {"infra/salt/pillar/sms.sls": (
        "ovenbird:\n  sms:\n    service_plan: ovenbird-eu\n"
        f"    relay: {value}\n    from: OVENBIRD\n")}, value)


@attack("leak", "a salt-ssh roster: passwd:")
def salt_roster(lab: Lab) -> None:
    _diff_to_model(lab, {"infra/salt/roster": (
        "kiosk-vilnius-03:\n  host: 10.44.31.3\n  user: ovenbird\n"
        f"  passwd: {PW}\n  sudo: True\n")}, PW)


@attack("leak", "a Quadlet unit: PodmanArgs=--env NAME=VALUE")
def quadlet_podman_args(lab: Lab) -> None:
    value = fake("", 40, "sealed7-quadlet-env", ALNUM)
    _diff_to_model(lab, {"infra/quadlet/ovenbird-sms.container": (
        "[Container]\nImage=git.ovenbird.eu/ovenbird/sms:stable\n"
        f"PodmanArgs=--env OVB_R={value}\nReadOnly=true\n\n[Install]\n"
        "WantedBy=multi-user.target\n")}, value)


@attack("leak", "Play application.conf: a literal play.http.secret.key")
def play_conf_literal(lab: Lab) -> None:
    key = fake("", 64, "sealed7-play-conf", B64URL)
    _diff_to_model(lab, {"web/conf/staging.conf": (
        'include "application.conf"\n\n'
        f'play.http.secret.key = "{key}"\n'
        'play.filters.hosts.allowed = ["staging.ovenbird.eu"]\n')}, key)


@attack("leak", "a Tauri/minisign encrypted secret key file")
def tauri_key_file(lab: Lab) -> None:
    body = "dW50cnVzdGVkIGNvbW1lbnQ6IHJzaWduIGVuY3J5cHRlZCBzZWNyZXQga2V5CmJ" + \
        fake("", 300, "sealed7-tauri-key", B64) + "="
    _diff_to_model(lab, {"kiosk/.tauri/ovenbird.key": body + "\n"}, body[60:140])


@attack("leak", "CockroachDB: BACKUP INTO an s3:// URL with AWS_SECRET_ACCESS_KEY=")
def cockroach_backup_url(lab: Lab) -> None:
    secret = _uuid("sealed7-backup-secret")
    _diff_to_model(lab, {"infra/cockroach/backup.sql": (
        "BACKUP DATABASE ovenbird INTO\n"
        "  's3://ovenbird-backups/nightly?AWS_ENDPOINT=https://s3.fr-par.scw.cloud"
        f"&AWS_ACCESS_KEY_ID=SCWQ7M2K4P9X1R8T5V3N&AWS_SECRET_ACCESS_KEY={secret}'\n"
        "  AS OF SYSTEM TIME '-10s';\n")}, secret)


@attack("leak", "Forgejo app.ini: INTERNAL_TOKEN and SECRET_KEY")
def forgejo_app_ini(lab: Lab) -> None:
    internal = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJuYmYiOjE3MzI4MDAwMDB9." + \
        fake("", 43, "sealed7-forgejo-internal", B64URL)
    secret = fake("", 64, "sealed7-forgejo-secret", ALNUM)
    _diff_to_model(lab, {"infra/forgejo/app.ini": (
        "APP_NAME = ovenbird\nRUN_MODE = prod\n\n[security]\nINSTALL_LOCK = true\n"
        f"SECRET_KEY = {secret}\nINTERNAL_TOKEN = {internal}\n\n"
        "[server]\nDOMAIN = git.ovenbird.eu\n")}, secret, internal[-43:])


@attack("leak", "mise.toml: an [env] value (a name that says nothing)")
def mise_env(lab: Lab) -> None:
    value = fake("", 40, "sealed7-mise-env", ALNUM)
    _diff_to_model(lab, {"mise.local.toml": (
        f'[env]\nOVENBIRD_ENV = "local"\nSMS_ROUTE = "{value}"\n')}, value)


@attack("leak", "sbt: credentials += Credentials(realm, host, user, TOKEN) (positional)")
def sbt_credentials(lab: Lab) -> None:
    token = fake("", 40, "sealed7-sbt-cred", HEX)
    _diff_to_model(lab, {"web/publish.sbt": (
        'publishTo := Some("Forgejo" at "https://git.ovenbird.eu/api/packages/ovenbird/maven")\n'
        'credentials += Credentials("Forgejo Packages", "git.ovenbird.eu", "ovenbird-ci", '
        f'"{token}")\n')}, token)


# -- push routes --------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature", new: bool = True) -> None:
    if new:
        repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}", "Groups open at seven"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: push.autoSetupRemote=true and a bare 'git push' of a new branch")
def push_auto_setup(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    repo.git("config", "push.autoSetupRemote", "true")
    repo.git("config", "push.default", "simple")
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push(policy="off"))


@attack("leak", "native route: remote.origin.mirror=true and a bare 'git push'")
def push_mirror_config(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    repo.git("config", "remote.origin.mirror", "true")
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    repo.git("checkout", "-q", "main")
    _pushed(lab, repo.push(policy="off"))


@attack("leak", "native route: a path instead of a remote name (git push ../other.git BRANCH)")
def push_to_path(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    other = lab.bare("municipality.git")
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push(str(other), "feature", policy="off"))


@attack("leak", "native route: a src:dst refspec to another branch name")
def push_renamed(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "feature:refs/heads/review/kiosk", policy="off"))


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Set up the kindergarten pick-up hosts")
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
    lab.expect("kindergarten pick-up hosts" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: authelia crypto rand prints a new secret")
def session_authelia_rand(lab: Lab) -> None:
    secret = fake("", 64, "sealed7-authelia-rand", ALNUM)
    lab.plant(secret)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("authelia crypto rand --length 64 --charset alphanumeric",
                 f"Random Value: {secret}", 0)
    _session(lab, build)


@attack("leak", "a session: forgejo admin user generate-access-token prints the token")
def session_forgejo_token(lab: Lab) -> None:
    token = fake("", 40, "sealed7-forgejo-token", HEX)
    lab.plant(token)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("forgejo admin user generate-access-token --username ovenbird-ci "
                 "--token-name registry --scopes write:package",
                 f"Access token was successfully created: {token}", 0)
    _session(lab, build)


@attack("leak", "a session: salt ... pillar.get prints a decrypted pillar value")
def session_pillar_get(lab: Lab) -> None:
    value = fake("", 32, "sealed7-pillar-get", ALNUM)
    lab.plant(value)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("sudo salt 'web1.ovenbird.lan' pillar.get ovenbird:web:sinch_webhook_secret",
                 f"web1.ovenbird.lan:\n    {value}", 0)
    _session(lab, build)


@attack("leak", "a session: podman secret inspect --showsecret prints SecretData")
def session_podman_secret(lab: Lab) -> None:
    lab.plant(PW)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("podman secret inspect --showsecret --format '{{.SecretData}}' cockroach_web",
                 PW, 0)
    _session(lab, build)

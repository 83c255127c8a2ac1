"""Leaks (part sealed9): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed8 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags, headers and prefixes of the Quarkus, Conjur, Summon, Docker Swarm, Earthly,
Jenkins, SQL Server, electron-builder, hiera-eyaml, Zitadel, Teleport, sqlpackage, Mailjet and
Gitea tools (``QUARKUS_DATASOURCE_PASSWORD=``, ``conjur variable set -v``, ``conjur login -p``,
``summon --yaml`` with a literal, ``printf ... | docker secret create NAME -``, ``earthly
--secret NAME=``, ``jenkins-cli -auth user:token``, ``MSSQL_SA_PASSWORD=``, ``CSC_KEY_PASSWORD=``,
``eyaml encrypt -s``, ``zitadel start-from-init --masterkey``, ``teleport configure --token=``,
``sqlpackage /TargetPassword:``, HTTPie ``-a KEY:SECRET`` (Mailjet), ``tea login add --token``,
``ALTER LOGIN ... WITH PASSWORD`` piped into ``tsh db connect``); the password sentence in
Irish, Croatian and Afrikaans; vendors' tokens in prose (Mailjet key and secret, Axiom
``xaat-``, Pinecone ``pcsk_``, Replicate ``r8_``, xAI ``xai-``, LangSmith ``lsv2_pt_``,
Razorpay ``rzp_live_`` with its secret, Mercado Pago ``APP_USR-``, Paddle ``pdl_live_apikey_``,
SonarQube ``sqp_``, Telnyx ``KEY0``, Duffel ``duffel_live_``); file formats (a Summon
``secrets.yml`` literal under a name that says nothing, ``CONJUR_DATA_KEY`` in a compose file,
``%prod.quarkus.oidc.credentials.secret``, a Zitadel machine-key JSON, Teleport
``auth_token:``, Puppet ``csr_attributes.yaml`` ``challengePassword``, electron-builder
``certificatePassword``, SQL Server ``CREATE CREDENTIAL ... SECRET =`` for S3, ``CREATE MASTER
KEY ENCRYPTION BY PASSWORD``, an Envoy SDS ``inline_string``, a Jenkins configuration-as-code
``string`` credential, an Earthly ``.secret`` file); push routes (``--receive-pack=``,
``--porcelain``, ``git send-pack``, ``--signed=if-asked``); sessions (``conjur variable get``,
``conjur host rotate-api-key``, ``tctl tokens add``, ``eyaml decrypt``)."""

from __future__ import annotations

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Wd5kR9pJ" + "v3Nh7tGc"
PW2 = "Lm2xB8qF" + "s6Yz4cWe"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
DIGITS = "0123456789"
GITHUB = fake("gh" + "p_", 36, "sealed9-github")
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
    repo.write("src/app/schedules.py", "SCHEDULE_2_VALIDITY_DAYS = 28\nEMERGENCY_MAX_DAYS = 5\n")
    repo.git("add", "-f", "--", "src/app/schedules.py")
    repo.git("commit", "-q", "-m", "Add the 2027 schedule limits", env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("2027 schedule limits" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags, headers and prefixes of the project's tools -------------------------

@attack("leak", "a QUARKUS_DATASOURCE_PASSWORD= prefix before ./mvnw quarkus:dev")
def quarkus_env_prefix(lab: Lab) -> None:
    through_commit(lab, f"Against the staging database: `QUARKUS_DATASOURCE_PASSWORD={PW} "
                        "./mvnw quarkus:dev -Dquarkus.profile=staging`", PW)


@attack("leak", "conjur variable set -i ID -v VALUE")
def conjur_set(lab: Lab) -> None:
    value = fake("", 32, "sealed9-conjur-set", HEX)
    through_commit(lab, "The Mailjet secret was rotated with `conjur variable set -i "
                        f"phial/prod/mailjet-api-secret -v {value}`", value)


@attack("leak", "conjur login -i host/... -p APIKEY (a Conjur host API key)")
def conjur_login(lab: Lab) -> None:
    key = fake("", 54, "sealed9-conjur-apikey", LOWER)
    through_commit(lab, "Log in as the pipeline with `conjur login -i host/phial/jenkins "
                        f"-p {key}`", key)


@attack("leak", "summon --yaml 'NAME: LITERAL' (an inline secrets.yml with a literal value)")
def summon_inline(lab: Lab) -> None:
    token = fake("", 70, "sealed9-summon-inline", B64URL)
    through_commit(lab, f"Apply the Zitadel policy with `summon --yaml 'ZITADEL_PAT: {token}' "
                        "bin/zitadel-policy apply`", token)


@attack("leak", "printf 'VALUE' | docker secret create NAME - (the value on stdin)")
def docker_secret_stdin(lab: Lab) -> None:
    through_commit(lab, f"The new database password went in with `printf '{PW}' | docker secret "
                        "create phial_db_password_v8 -`", PW)


@attack("leak", "earthly --secret NAME=VALUE")
def earthly_secret(lab: Lab) -> None:
    value = fake("", 32, "sealed9-earthly-secret", HEX)
    through_commit(lab, f"Build the mail preview with `earthly --secret MJ_APIKEY_PRIVATE={value} "
                        "+image`", value)


@attack("leak", "java -jar jenkins-cli.jar -auth USER:APITOKEN")
def jenkins_cli_auth(lab: Lab) -> None:
    token = "11" + fake("", 32, "sealed9-jenkins-token", HEX)
    through_commit(lab, "Trigger a build by hand: "
                   "`java -jar jenkins-cli.jar -s https://ci.phial.care/ "
                        f"-auth aoife:{token} build phial/main`", token)


@attack("leak", "an MSSQL_SA_PASSWORD= environment flag of docker run")
def mssql_sa_env(lab: Lab) -> None:
    through_commit(lab, "A throwaway SQL Server: `docker run -d -e ACCEPT_EULA=Y -e "
                        f"MSSQL_SA_PASSWORD={PW} -p 127.0.0.1:14331:1433 "
                        "mcr.microsoft.com/mssql/server:2022-latest`", PW)


@attack("leak", "a CSC_KEY_PASSWORD= prefix before npm run dist (electron-builder signing)")
def csc_key_password(lab: Lab) -> None:
    through_commit(lab, f"Sign the counter with `CSC_LINK=release/phial.p12 CSC_KEY_PASSWORD={PW} "
                        "npm run dist`", PW)


@attack("leak", "eyaml encrypt -l NAME -s 'VALUE' (hiera-eyaml's string flag)")
def eyaml_encrypt(lab: Lab) -> None:
    through_commit(lab, "The db host's password was encrypted with `eyaml encrypt -l "
                        f"phial_host::db_password -s '{PW}'`", PW)


@attack("leak", "zitadel start-from-init --masterkey KEY")
def zitadel_masterkey(lab: Lab) -> None:
    key = fake("", 32, "sealed9-zitadel-masterkey", ALNUM)
    through_commit(lab, f"The staging Zitadel was started with "
                   f"`zitadel start-from-init --masterkey {key} "
                        "--tlsMode external`", key)


@attack("leak", "teleport configure --token=JOINTOKEN")
def teleport_join_token(lab: Lab) -> None:
    token = fake("", 32, "sealed9-teleport-join", HEX)
    through_commit(lab, f"swarm3 joined with `teleport configure --token={token} "
                        "--proxy=tele.phial.care:443 --roles=node -o file`", token)


@attack("leak", "sqlpackage /TargetPassword:PASSWORD (slash-colon arguments)")
def sqlpackage_password(lab: Lab) -> None:
    through_commit(lab, "Publish the schema with "
                   "`sqlpackage /Action:Publish /SourceFile:phial.dacpac "
                        "/TargetServerName:db.phial.internal /TargetDatabaseName:phial "
                        f"/TargetUser:phial_dba /TargetPassword:{PW}`", PW)


@attack("leak", "HTTPie -a KEY:SECRET (Mailjet basic auth)")
def httpie_basic(lab: Lab) -> None:
    key = fake("", 32, "sealed9-mailjet-arg-key", HEX)
    secret = fake("", 32, "sealed9-mailjet-arg-secret", HEX)
    through_commit(lab, f"Send a test notice with `http -a {key}:{secret} POST "
                        "https://api.mailjet.com/v3.1/send < notice.json`", secret)


@attack("leak", "tea login add --token TOKEN (Gitea's CLI)")
def tea_login(lab: Lab) -> None:
    token = fake("", 40, "sealed9-gitea-token", HEX)
    through_commit(lab, "Set up tea with `tea login add --name phial --url https://git.phial.care "
                        f"--token {token}`", token)


@attack("leak", "ALTER LOGIN ... WITH PASSWORD = '...' piped into tsh db connect")
def alter_login_tsh(lab: Lab) -> None:
    through_commit(lab, f"Reset with `echo \"ALTER LOGIN phial_app WITH PASSWORD = '{PW}'\" | "
                        "tsh db connect phial-db --db-user=phial_dba --db-name=master`", PW)


# -- the password sentence in further languages ---------------------------------------------

@attack("leak", "a password sentence in Irish")
def irish(lab: Lab) -> None:
    through_commit(lab, f"Is é pasfhocal an bhunachair sonraí anois ná {PW}", PW)


@attack("leak", "a password sentence in Croatian")
def croatian(lab: Lab) -> None:
    through_commit(lab, f"Lozinka baze podataka sada je {PW}", PW)


@attack("leak", "a password sentence in Afrikaans")
def afrikaans(lab: Lab) -> None:
    through_commit(lab, f"Die databasis se wagwoord is nou {PW}", PW)


# -- further vendors' tokens in prose -------------------------------------------------------

@attack("leak", "a Mailjet API key and secret key (32 hex each, no prefix) in prose")
def mailjet(lab: Lab) -> None:
    key = fake("", 32, "sealed9-mailjet-key", HEX)
    secret = fake("", 32, "sealed9-mailjet-secret", HEX)
    through_commit(lab, f"Mailjet for the collection notices: API key {key}, secret key {secret}",
                   secret)


@attack("leak", "an Axiom API token (xaat-UUID) in prose")
def axiom(lab: Lab) -> None:
    token = "xa" + "at-" + _uuid("sealed9-axiom")
    through_commit(lab, f"Envoy's access logs are shipped to Axiom with {token}", token[5:])


@attack("leak", "a Pinecone API key (pcsk_) in prose")
def pinecone(lab: Lab) -> None:
    token = fake("pc" + "sk_", 5, "sealed9-pinecone1", ALNUM) + "_" + \
        fake("", 60, "sealed9-pinecone2", ALNUM)
    through_commit(lab, f"The leaflet search index is on Pinecone: {token}", token[11:])


@attack("leak", "a Replicate API token (r8_) in prose")
def replicate(lab: Lab) -> None:
    token = fake("r" + "8_", 37, "sealed9-replicate", ALNUM)
    through_commit(lab, f"The label OCR model runs on Replicate with {token}", token[3:])


@attack("leak", "an xAI API key (xai-) in prose")
def xai(lab: Lab) -> None:
    token = fake("xa" + "i-", 80, "sealed9-xai", ALNUM)
    through_commit(lab, f"The leaflet summariser tried xAI with {token}", token[4:])


@attack("leak", "a LangSmith personal token (lsv2_pt_) in prose")
def langsmith(lab: Lab) -> None:
    token = fake("lsv" + "2_pt_", 32, "sealed9-langsmith1", HEX) + "_" + \
        fake("", 10, "sealed9-langsmith2", HEX)
    through_commit(lab, f"Traces of the summariser go to LangSmith with {token}", token[8:40])


@attack("leak", "a Razorpay key (rzp_live_) and its secret in prose")
def razorpay(lab: Lab) -> None:
    key = fake("rzp_" + "live_", 14, "sealed9-razorpay-key", ALNUM)
    secret = fake("", 24, "sealed9-razorpay-secret", ALNUM)
    through_commit(lab, f"The Karoo pilot's card payments use Razorpay {key} with secret {secret}",
                   secret)


@attack("leak", "a Mercado Pago access token (APP_USR-) in prose")
def mercado_pago(lab: Lab) -> None:
    token = "APP" + "_USR-" + fake("", 16, "sealed9-mp1", DIGITS) + "-112926-" + \
        fake("", 32, "sealed9-mp2", HEX) + "-" + fake("", 9, "sealed9-mp3", DIGITS)
    through_commit(lab, f"The demo for the Uruguay cooperative used Mercado Pago {token}",
                   token[33:65])


@attack("leak", "a Paddle API key (pdl_live_apikey_) in prose")
def paddle(lab: Lab) -> None:
    token = fake("pdl_live" + "_apikey_", 26, "sealed9-paddle1", UPPER) + "_" + \
        fake("", 22, "sealed9-paddle2", ALNUM) + "_" + fake("", 3, "sealed9-paddle3", ALNUM)
    through_commit(lab, f"Subscriptions for the counter licence are billed through Paddle: {token}",
                   token[16:42], token[43:65])


@attack("leak", "a SonarQube project token (sqp_) in prose")
def sonarqube(lab: Lab) -> None:
    token = fake("sq" + "p_", 40, "sealed9-sonar", HEX)
    through_commit(lab, f"The sonar scan of phial-server uses {token}", token[4:])


@attack("leak", "a Telnyx API key (KEY0...) in prose")
def telnyx(lab: Lab) -> None:
    token = fake("KE" + "Y0", 30, "sealed9-telnyx1", "0123456789ABCDEF") + "_" + \
        fake("", 22, "sealed9-telnyx2", ALNUM)
    through_commit(lab, f"SMS collection notices in the Karoo go through Telnyx with {token}",
                   token[4:34], token[35:])


@attack("leak", "a Duffel access token (duffel_live_) in prose")
def duffel(lab: Lab) -> None:
    token = fake("duffel" + "_live_", 43, "sealed9-duffel", B64URL)
    through_commit(lab, f"Locum pharmacists' flights to Vis are booked through Duffel with {token}",
                   token[12:])


# -- file formats whose secret no earlier part names ----------------------------------------

@attack("leak", "Summon secrets.yml: a literal value (a name that says nothing)")
def summon_literal(lab: Lab) -> None:
    value = fake("", 40, "sealed9-summon-literal", ALNUM)
    _diff_to_model(lab, {"deploy/secrets.staging.yml": (
        "PHIAL_DB_PASSWORD: !var phial/staging/db-password\n"
        f"PH_K: {value}\n"
        "PHIAL_CMK: !var:file phial/staging/column-master-key\n")}, value)


@attack("leak", "a compose file: CONJUR_DATA_KEY")
def conjur_data_key(lab: Lab) -> None:
    key = fake("", 43, "sealed9-conjur-data-key", B64) + "="
    _diff_to_model(lab, {"infra/conjur/docker-compose.yml": (
        "services:\n  conjur:\n    image: cyberark/conjur:1.21\n    command: server\n"
        "    environment:\n      DATABASE_URL: postgres://conjur@conjur-db/conjur\n"
        f"      CONJUR_DATA_KEY: \"{key}\"\n"
        "      CONJUR_AUTHENTICATORS: authn,authn-jwt/jenkins\n")},
        key[:40])


@attack("leak", "application.properties: %prod.quarkus.oidc.credentials.secret")
def quarkus_oidc_secret(lab: Lab) -> None:
    secret = fake("", 64, "sealed9-oidc-secret", ALNUM)
    _diff_to_model(lab, {"server/src/main/resources/application-staging.properties": (
        "quarkus.oidc.auth-server-url=https://id.staging.phial.care\n"
        "quarkus.oidc.client-id=phial-server\n"
        f"%prod.quarkus.oidc.credentials.secret={secret}\n")}, secret)


@attack("leak", "a Zitadel machine-key JSON (an escaped RSA private key)")
def zitadel_machine_key(lab: Lab) -> None:
    body = [fake("", 64, f"sealed9-zitadel-key-{i}", B64) for i in range(4)]
    pem = "-----BEGIN RSA PRIVATE KEY-----\\n" + "\\n".join(body) + \
        "\\n-----END RSA PRIVATE KEY-----\\n"
    _diff_to_model(lab, {"tools/zitadel/policy-bot.json": (
        '{"type":"serviceaccount","keyId":"290113716427531265",'
        f'"key":"{pem}","userId":"290113580364566529"}}\n')}, body[1], body[2])


@attack("leak", "teleport.yaml: auth_token:")
def teleport_auth_token(lab: Lab) -> None:
    token = fake("", 32, "sealed9-teleport-auth-token", HEX)
    _diff_to_model(lab, {"infra/teleport/node-swarm3.yaml": (
        "version: v3\nteleport:\n  nodename: swarm3\n"
        f"  auth_token: {token}\n  proxy_server: tele.phial.care:443\n"
        "ssh_service:\n  enabled: true\n  labels: { role: swarm }\n")}, token)


@attack("leak", "Puppet csr_attributes.yaml: challengePassword")
def puppet_csr_attributes(lab: Lab) -> None:
    value = fake("", 36, "sealed9-puppet-challenge", ALNUM)
    _diff_to_model(lab, {"puppet/bootstrap/csr_attributes.yaml": (
        "custom_attributes:\n"
        f"  1.2.840.113549.1.9.7: \"{value}\"\n"
        "extension_requests:\n  pp_role: swarm\n  pp_environment: production\n")}, value)


@attack("leak", "electron-builder.yml: win.certificatePassword")
def electron_builder_password(lab: Lab) -> None:
    _diff_to_model(lab, {"counter/electron-builder.release.yml": (
        "appId: care.phial.counter\nwin:\n  target: nsis\n"
        "  certificateFile: ../release/phial-codesign.p12\n"
        f"  certificatePassword: \"{PW}\"\n")}, PW)


@attack("leak", "SQL Server: CREATE CREDENTIAL ... SECRET = 'ACCESS:SECRET' for S3 backups")
def mssql_s3_credential(lab: Lab) -> None:
    access = fake("", 32, "sealed9-ovh-access", HEX)
    secret = fake("", 32, "sealed9-ovh-secret", HEX)
    _diff_to_model(lab, {"tools/backup/credential.sql": (
        "CREATE CREDENTIAL [s3://s3.gra.io.cloud.ovh.net/phial-backups]\n"
        "  WITH IDENTITY = 'S3 Access Key',\n"
        f"  SECRET = '{access}:{secret}';\n")}, secret)


@attack("leak", "SQL Server: CREATE MASTER KEY / BACKUP CERTIFICATE ... BY PASSWORD")
def mssql_master_key(lab: Lab) -> None:
    _diff_to_model(lab, {"tools/backup/cert.sql": (
        f"CREATE MASTER KEY ENCRYPTION BY PASSWORD = '{PW}';\n"
        "CREATE CERTIFICATE PhialBackupCert WITH SUBJECT = 'phial backups';\n"
        "BACKUP CERTIFICATE PhialBackupCert TO FILE = '/var/opt/mssql/backup/cert.cer'\n"
        "  WITH PRIVATE KEY (FILE = '/var/opt/mssql/backup/cert.pvk',\n"
        f"                   ENCRYPTION BY PASSWORD = '{PW2}');\n")}, PW, PW2)


@attack("leak", "envoy.yaml: an SDS generic secret's inline_string (OAuth2 HMAC)")
def envoy_inline_string(lab: Lab) -> None:
    value = fake("", 44, "sealed9-envoy-hmac", B64)
    _diff_to_model(lab, {"deploy/envoy/secrets.yaml": (
        "resources:\n"
        "  - \"@type\": type.googleapis.com/envoy.extensions.transport_sockets.tls.v3.Secret\n"
        "    name: oauth_hmac\n    generic_secret:\n"
        f"      secret:\n        inline_string: \"{value}\"\n")}, value)


@attack("leak", "Jenkins configuration as code (jenkins.yaml): a string credential's secret")
def jenkins_casc(lab: Lab) -> None:
    value = fake("", 40, "sealed9-jcasc", ALNUM)
    _diff_to_model(lab, {"infra/jenkins/jenkins.yaml": (
        "credentials:\n  system:\n    domainCredentials:\n      - credentials:\n"
        "          - string:\n              scope: GLOBAL\n              id: sonar\n"
        f"              secret: \"{value}\"\n")}, value)


@attack("leak", "an Earthly .secret file (a name that says nothing)")
def earthly_secret_file(lab: Lab) -> None:
    value = fake("", 40, "sealed9-earthly-file", ALNUM)
    _diff_to_model(lab, {".secret": f"PX={value}\nPHIAL_ENV=local\n"}, value)


# -- push routes --------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}", "Registers are balanced every week"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: git push --receive-pack='git receive-pack'")
def push_receive_pack(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--receive-pack=git receive-pack", "origin", "feature", policy="off"))


@attack("leak", "native route: git push --porcelain")
def push_porcelain(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--porcelain", "origin", "feature", policy="off"))


@attack("leak", "plumbing route: git send-pack REMOTE BRANCH (no git push at all)")
def send_pack(lab: Lab) -> None:
    repo = lab.repo()
    bare = lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    done = repo.git("send-pack", str(bare), "refs/heads/feature", check=False,
                    env={"GITMEMORY_PUSH_POLICY": "off"})
    _pushed(lab, done)


@attack("leak", "native route: git push --signed=if-asked")
def push_signed_if_asked(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--signed=if-asked", "origin", "feature", policy="off"))


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Rotate the pharmacy register's credentials")
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
    lab.expect("pharmacy register's credentials" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: conjur variable get prints the value")
def session_conjur_get(lab: Lab) -> None:
    lab.plant(PW)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("conjur variable get -i phial/prod/db-password", PW, 0)
    _session(lab, build)


@attack("leak", "a session: conjur host rotate-api-key prints the new API key")
def session_conjur_rotate(lab: Lab) -> None:
    key = fake("", 54, "sealed9-session-conjur", LOWER)
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("conjur host rotate-api-key -i host/phial/jenkins", key, 0)
    _session(lab, build)


@attack("leak", "a session: tctl tokens add prints a join token")
def session_tctl_token(lab: Lab) -> None:
    token = fake("", 32, "sealed9-session-tctl", HEX)
    lab.plant(token)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("tctl tokens add --type=node --ttl=1h",
                 f"The invite token: {token}\nThis token will expire in 60 minutes.\n\n"
                 "Run this on the new node to join the cluster:\n\n"
                 f"> teleport start \\\n   --roles=node \\\n   --token={token} \\\n"
                 "   --auth-server=tele.phial.care:443\n", 0)
    _session(lab, build)


@attack("leak", "a session: eyaml decrypt prints the plaintext")
def session_eyaml_decrypt(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("eyaml decrypt -f puppet/data/nodes/db.phial.internal.eyaml",
                 "---\nphial_host::role: db\n"
                 f"phial_host::db_password: DEC::PKCS7[{PW2}]!\n", 0)
    _session(lab, build)

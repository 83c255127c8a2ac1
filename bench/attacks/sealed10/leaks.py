"""Leaks (part sealed10): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed9 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags, headers and prefixes of the Dokku, ejson, Kanidm, Concourse ``fly``, kopia,
CrowdSec, Chef ``knife``, Infobip, UpCloud ``upctl``, Warpgate, Semgrep and Trivy tools
(``dokku config:set APP NAME=``, ``ejson decrypt --key-from-stdin``, ``KANIDM_PASSWORD=``,
``fly login -u -p``, ``fly set-pipeline -v NAME=``, ``KOPIA_PASSWORD=``, ``cscli bouncers add
--key``, ``knife bootstrap --connection-password``, ``knife vault create`` with inline JSON,
``Authorization: App KEY`` (Infobip), ``UPCLOUD_PASSWORD=``, ``WARPGATE_ADMIN_PASSWORD=``,
``SEMGREP_APP_TOKEN=``, ``trivy --registry-token``, ``dokku registry:login`` with a positional
password, the key written by ``echo ... > /opt/ejson/keys/PUBKEY``); the password sentence in
Faroese, Galician and Breton; vendors' tokens in prose (Infobip key, UpCloud ``ucat_``, Figma
``figd_``, Fireworks ``fw_``, RubyGems ``rubygems_``, Adafruit IO ``aio_``, Frame.io ``fio-u-``,
Square ``EAAA``, Checkly ``cu_``, Shippo ``shippo_live_``, Stytch ``secret-live-``, Airtable
``pat....``, Render ``rnd_``); file formats (an ejson value under an ``_`` name, which ejson
leaves unencrypted; an ejson key file whose name is the public key and whose body is bare hex;
an OCaml string binding; a Concourse vars file under a name that says nothing; a Chef
``encrypted_data_bag_secret`` file; a plain Chef data bag item; kopia's
``repository.config.kopia-password`` (the password base64-encoded); CrowdSec's
``local_api_credentials.yaml``; an OpenResty ``proxy_set_header Authorization "Basic ..."``;
an ``upctl.yaml``; a Dokku app ``ENV`` file; a ``knife`` ``config.rb`` with
``knife[:connection_password]``); push routes (``--thin``, ``--repo=origin``, ``--ipv4``, the remote
fetching from the working repository with ``git --git-dir=REMOTE fetch``, no push at all);
sessions (``ejson keygen``, ``kanidm system oauth2 show-basic-secret``, ``cscli bouncers add``,
``kanidmd recover-account``)."""

from __future__ import annotations

import base64

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Qh4tZ8mVn" + "2Kc6Ws9R"
PW2 = "Tb7yE3dLp" + "5Gx9Jf2N"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
DIGITS = "0123456789"
GITHUB = fake("gh" + "p_", 36, "sealed10-github")
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
    repo.write("lib/sizes.ml", "let hake_cm = 27\nlet sole_cm = 24\n")
    repo.git("add", "-f", "--", "lib/sizes.ml")
    repo.git("commit", "-q", "-m", "Add the 2027 minimum sizes", env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("2027 minimum sizes" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags, headers and prefixes of the project's tools -------------------------

@attack("leak", "dokku config:set APP NAME=VALUE (a positional assignment after the app)")
def dokku_config_set(lab: Lab) -> None:
    value = fake("", 32, "sealed10-dokku-config", HEX)
    through_commit(lab, "The Infobip hook credential was changed with `dokku config:set "
                        f"--no-restart skerry INFOBIP_HOOK_BASIC={value}` on quay1", value)


@attack("leak", "printf KEY | ejson decrypt --key-from-stdin")
def ejson_key_stdin(lab: Lab) -> None:
    key = fake("", 64, "sealed10-ejson-stdin", HEX)
    through_commit(lab, f"To check the file by hand: `printf {key} | ejson decrypt "
                        "--key-from-stdin config/secrets.production.ejson`", key)


@attack("leak", "echo KEY > /opt/ejson/keys/PUBKEY (the private key as a file's body)")
def ejson_key_echo(lab: Lab) -> None:
    key = fake("", 64, "sealed10-ejson-echo", HEX)
    through_commit(lab, f"quay2 got its key with `echo {key} > /opt/ejson/keys/"
                        "6b8280f86aff5f48773f63d60e655e2f3dd0dd7c14f5fecb5df22936e5a3be52`", key)


@attack("leak", "a KANIDM_PASSWORD= prefix before kanidm login")
def kanidm_password_env(lab: Lab) -> None:
    through_commit(lab, f"Scripted admin login: `KANIDM_PASSWORD={PW} kanidm login -D idm_admin "
                        "-H https://idm.skerry.fo`", PW)


@attack("leak", "fly -t TARGET login -u USER -p PASSWORD (Concourse local user)")
def fly_login(lab: Lab) -> None:
    through_commit(lab, "When Kanidm is down: `fly -t skerry login -c https://ci.skerry.fo "
                        f"-u concourse-admin -p {PW}`", PW)


@attack("leak", "fly set-pipeline -v NAME=VALUE (a Concourse var on the command line)")
def fly_var(lab: Lab) -> None:
    value = fake("", 40, "sealed10-fly-var", ALNUM)
    through_commit(lab, "Set the pipeline with `fly -t skerry set-pipeline -p skerry -c "
                        f"ci/pipeline.yml -v registry-password={value}`", value)


@attack("leak", "a KOPIA_PASSWORD= prefix before kopia repository connect")
def kopia_password_env(lab: Lab) -> None:
    through_commit(lab, f"Connect to the backups with `KOPIA_PASSWORD={PW} kopia repository "
                   f"connect "
                        "s3 --bucket=skerry-backups --endpoint=fi-hel2.upcloudobjects.com`", PW)


@attack("leak", "cscli bouncers add NAME --key KEY")
def cscli_bouncer_key(lab: Lab) -> None:
    key = fake("", 32, "sealed10-cscli-key", ALNUM)
    through_commit(lab, f"quay1's bouncer was registered with `cscli bouncers add openresty-quay1 "
                        f"--key {key}`", key)


@attack("leak", "knife bootstrap --connection-password PASSWORD")
def knife_bootstrap(lab: Lab) -> None:
    through_commit(lab, "yb3 was bootstrapped with `knife bootstrap 10.61.0.23 -U debian "
                        f"--connection-password {PW} --sudo -N yb3 -r 'role[yb]'`", PW)


@attack("leak", "knife vault create ... with the secret as inline JSON")
def knife_vault_json(lab: Lab) -> None:
    through_commit(lab, "The migrator's password is in Chef: `knife vault create skerry migrator "
                        f"'{{\"pw\":\"{PW}\"}}' -S 'role:quay' -A aoife`", PW)


@attack("leak", "curl -H 'Authorization: App KEY' (Infobip's header scheme)")
def infobip_header(lab: Lab) -> None:
    key = fake("", 32, "sealed10-infobip-header", HEX) + "-" + _uuid("sealed10-infobip-header2")
    through_commit(lab, f"Test an SMS with `curl -H 'Authorization: App {key}' -d @notice.json "
                        "https://api.infobip.com/sms/2/text/advanced`", key[:32])


@attack("leak", "an UPCLOUD_PASSWORD= prefix before upctl")
def upcloud_env(lab: Lab) -> None:
    through_commit(lab, f"List the servers with `UPCLOUD_USERNAME=skerry-api UPCLOUD_PASSWORD={PW} "
                        "upctl server list`", PW)


@attack("leak", "a WARPGATE_ADMIN_PASSWORD= prefix before warpgate unattended-setup")
def warpgate_admin_env(lab: Lab) -> None:
    through_commit(lab, f"gate was rebuilt with `WARPGATE_ADMIN_PASSWORD={PW} warpgate "
                        "unattended-setup --data-path /var/lib/warpgate --http-port 8888`", PW)


@attack("leak", "a SEMGREP_APP_TOKEN= prefix before semgrep ci")
def semgrep_token_env(lab: Lab) -> None:
    token = fake("", 64, "sealed10-semgrep", HEX)
    through_commit(lab, f"Upload findings with `SEMGREP_APP_TOKEN={token} semgrep ci`", token)


@attack("leak", "trivy image --registry-token TOKEN")
def trivy_registry_token(lab: Lab) -> None:
    token = fake("", 48, "sealed10-trivy-token", B64URL)
    through_commit(lab, f"Scan the pushed image with `trivy image --registry-token {token} "
                        "registry.skerry.fo/skerry:latest`", token)


@attack("leak", "dokku registry:login SERVER USER PASSWORD (a positional password)")
def dokku_registry_login(lab: Lab) -> None:
    through_commit(lab, "quay2 pulls from the registry after `dokku registry:login "
                        f"registry.skerry.fo concourse {PW2}`", PW2)


# -- the password sentence in further languages ---------------------------------------------

@attack("leak", "a password sentence in Faroese")
def faroese(lab: Lab) -> None:
    through_commit(lab, f"Loyniorðið til dátugrunnin er nú {PW}", PW)


@attack("leak", "a password sentence in Galician")
def galician(lab: Lab) -> None:
    through_commit(lab, f"O contrasinal da base de datos agora é {PW}", PW)


@attack("leak", "a password sentence in Breton")
def breton(lab: Lab) -> None:
    through_commit(lab, f"Ger-tremen ar bank roadennoù a zo bremañ {PW}", PW)


# -- further vendors' tokens in prose -------------------------------------------------------

@attack("leak", "an Infobip API key (32 hex, a dash, a UUID) in prose")
def infobip(lab: Lab) -> None:
    key = fake("", 32, "sealed10-infobip", HEX) + "-" + _uuid("sealed10-infobip2")
    through_commit(lab, f"The sale notices go out through Infobip with the key {key}", key[:32])


@attack("leak", "an UpCloud API token (ucat_) in prose")
def upcloud(lab: Lab) -> None:
    token = fake("uc" + "at_", 26, "sealed10-upcloud", UPPER)
    through_commit(lab, f"The Terraform-free server list job uses the UpCloud token {token}",
                   token[5:])


@attack("leak", "a Figma personal access token (figd_) in prose")
def figma(lab: Lab) -> None:
    token = fake("fi" + "gd_", 40, "sealed10-figma", B64URL)
    through_commit(lab, f"The lot board designs are exported from Figma with {token}", token[5:])


@attack("leak", "a Fireworks AI key (fw_) in prose")
def fireworks(lab: Lab) -> None:
    token = fake("f" + "w_", 24, "sealed10-fireworks", ALNUM)
    through_commit(lab, f"The species-photo classifier was tried on Fireworks with {token}",
                   token[3:])


@attack("leak", "a RubyGems API key (rubygems_) in prose")
def rubygems(lab: Lab) -> None:
    token = fake("ruby" + "gems_", 48, "sealed10-rubygems", HEX)
    through_commit(lab, f"The Chef helper gem is published to RubyGems with {token}", token[9:])


@attack("leak", "an Adafruit IO key (aio_) in prose")
def adafruit(lab: Lab) -> None:
    token = fake("ai" + "o_", 28, "sealed10-adafruit", ALNUM)
    through_commit(lab, f"The ice-room temperature sensors report to Adafruit IO with {token}",
                   token[4:])


@attack("leak", "a Frame.io developer token (fio-u-) in prose")
def frameio(lab: Lab) -> None:
    token = fake("fio" + "-u-", 64, "sealed10-frameio", B64URL)
    through_commit(lab, f"The auction training videos are on Frame.io: {token}", token[6:])


@attack("leak", "a Square access token (EAAA) in prose")
def square(lab: Lab) -> None:
    token = fake("EA" + "AA", 60, "sealed10-square", B64URL)
    through_commit(lab, f"Card deposits at the Guilvinec desk go through Square with {token}",
                   token[4:])


@attack("leak", "a Checkly API key (cu_) in prose")
def checkly(lab: Lab) -> None:
    token = fake("c" + "u_", 32, "sealed10-checkly", HEX)
    through_commit(lab, f"The /healthz monitor runs on Checkly with {token}", token[3:])


@attack("leak", "a Shippo live token (shippo_live_) in prose")
def shippo(lab: Lab) -> None:
    token = fake("shippo" + "_live_", 40, "sealed10-shippo", HEX)
    through_commit(lab, f"Sample boxes to buyers are labelled through Shippo with {token}",
                   token[12:])


@attack("leak", "a Stytch live secret (secret-live-) in prose")
def stytch(lab: Lab) -> None:
    token = fake("secret" + "-live-", 36, "sealed10-stytch", B64URL)
    through_commit(lab, f"The buyers' portal prototype used Stytch with {token}", token[12:])


@attack("leak", "an Airtable personal access token (patXXXX.hex) in prose")
def airtable(lab: Lab) -> None:
    token = "pa" + "t" + fake("", 14, "sealed10-airtable1", ALNUM) + "." + \
        fake("", 64, "sealed10-airtable2", HEX)
    through_commit(lab, f"The harbour masters' rota is read from Airtable with {token}",
                   token[18:])


@attack("leak", "a Render API key (rnd_) in prose")
def render(lab: Lab) -> None:
    token = fake("rn" + "d_", 32, "sealed10-render", ALNUM)
    through_commit(lab, f"The status page is hosted on Render, deployed with {token}", token[4:])


# -- file formats whose secret no earlier part names ----------------------------------------

@attack("leak", "an ejson file: a value under a name starting with _ (ejson leaves it plain)")
def ejson_underscore(lab: Lab) -> None:
    value = fake("", 32, "sealed10-ejson-underscore", HEX)
    _diff_to_model(lab, {"config/secrets.staging.ejson": (
        "{\n  \"_public_key\": "
        "\"9a1f0c7e3b5d2a8f6e4c1b0d9a7f5e3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e\",\n"
        "  \"environment\": {\n"
        "    \"DATABASE_PASSWORD\": "
        "\"EJ[1:yJ7n0f5Xw3sVb+H1cZb6mJ0Q8bX2W0Z0hT1Kx3Ff1UY=:0bQ9pD4n:Jm2m]\",\n"
        f"    \"_INFOBIP_API_KEY\": \"{value}\"\n  }}\n}}\n")}, value)


@attack("leak", "an ejson key file: the name is the public key, the body bare hex")
def ejson_keyfile(lab: Lab) -> None:
    key = fake("", 64, "sealed10-ejson-keyfile", HEX)
    _diff_to_model(lab, {"chef/cookbooks/skerry_host/files/ejson/"
                         "6b8280f86aff5f48773f63d60e655e2f3dd0dd7c14f5fecb5df22936e5a3be52":
                         key + "\n"},
                   key)


@attack("leak", "an OCaml string binding (let k = \"...\") in lib/")
def ocaml_binding(lab: Lab) -> None:
    value = fake("", 32, "sealed10-ocaml-binding", HEX) + "-" + _uuid("sealed10-ocaml-binding2")
    _diff_to_model(lab, {"lib/notices_local.ml": (
        "(* local testing only *)\n"
        f"let k = \"{value}\"\nlet sender = \"skerry\"\n")}, value[:32])


@attack("leak", "a Concourse vars file (a name that says nothing)")
def concourse_vars(lab: Lab) -> None:
    value = fake("", 40, "sealed10-concourse-vars", ALNUM)
    _diff_to_model(lab, {"ci/vars.yml": (
        "branch: main\nrk: " + value + "\nregistry: registry.skerry.fo/skerry\n")}, value)


@attack("leak", "a Chef encrypted_data_bag_secret file (a bare base64 body)")
def chef_data_bag_secret(lab: Lab) -> None:
    value = fake("", 512, "sealed10-chef-dbs", B64)
    _diff_to_model(lab, {"chef/.chef/encrypted_data_bag_secret": value + "\n"}, value[100:160])


@attack("leak", "a plain Chef data bag item (JSON)")
def chef_data_bag(lab: Lab) -> None:
    _diff_to_model(lab, {"chef/data_bags/skerry/migrator.json": (
        "{\n  \"id\": \"migrator\",\n  \"user\": \"skerry_migrator\",\n"
        f"  \"v\": \"{PW}\"\n}}\n")}, PW)


@attack("leak", "kopia's repository.config.kopia-password (the password base64-encoded)")
def kopia_password_file(lab: Lab) -> None:
    encoded = base64.b64encode(PW2.encode() + b"-backups").decode()
    _diff_to_model(lab, {"ops/kopia/repository.config.kopia-password": encoded}, encoded)


@attack("leak", "CrowdSec local_api_credentials.yaml: password")
def crowdsec_lapi(lab: Lab) -> None:
    value = fake("", 64, "sealed10-crowdsec-lapi", ALNUM)
    _diff_to_model(lab, {"infra/crowdsec/local_api_credentials.yaml": (
        "url: http://127.0.0.1:8080\nlogin: quay1\n" f"password: {value}\n")}, value)


@attack("leak", "OpenResty: proxy_set_header Authorization \"Basic BASE64\"")
def openresty_basic(lab: Lab) -> None:
    encoded = base64.b64encode(f"infobip:{PW}".encode()).decode()
    _diff_to_model(lab, {"infra/openresty/hook-test.conf.sigil": (
        "location = /hooks/infobip-test {\n"
        f"  proxy_set_header Authorization \"Basic {encoded}\";\n"
        "  proxy_pass http://{{ $.APP }}-web/hooks/infobip;\n}\n")}, encoded)


@attack("leak", "upctl.yaml: token")
def upctl_yaml(lab: Lab) -> None:
    token = fake("uc" + "at_", 26, "sealed10-upctl", UPPER)
    _diff_to_model(lab, {"ops/upctl.yaml": f"token: {token}\noutput: human\n"}, token[5:])


@attack("leak", "a Dokku app ENV file (export NAME='value')")
def dokku_env_file(lab: Lab) -> None:
    value = fake("", 40, "sealed10-dokku-env", ALNUM)
    _diff_to_model(lab, {"ops/dokku/skerry/ENV": (
        "export DOKKU_APP_TYPE='dockerfile'\n"
        f"export KC='{value}'\n"
        "export SKERRY_ENV='production'\n")}, value)


@attack("leak", "a knife config.rb: knife[:connection_password] (Ruby hash syntax)")
def knife_config(lab: Lab) -> None:
    _diff_to_model(lab, {"chef/.chef/config.rb": (
        "current_dir = File.dirname(__FILE__)\n"
        "node_name 'aoife'\nchef_server_url 'https://chef.skerry.internal/organizations/skerry'\n"
        "knife[:connection_user] = 'debian'\n"
        f"knife[:connection_password] = '{PW}'\n")}, PW)


# -- push routes --------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}", "Lots are hammered at 06:00"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: git push --thin")
def push_thin(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--thin", "origin", "feature", policy="off"))


@attack("leak", "native route: git push --repo=origin (no positional remote, push.default current)")
def push_repo_flag(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    repo.git("config", "push.default", "current")
    _pushed(lab, repo.push("--repo=origin", policy="off"))


@attack("leak", "native route: git push --ipv4")
def push_ipv4(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--ipv4", "origin", "feature", policy="off"))


@attack("leak", "the remote fetches from the working repository: "
                "git --git-dir=REMOTE fetch (no push)")
def remote_side_fetch(lab: Lab) -> None:
    repo = lab.repo()
    bare = lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    done = lab.git(lab.root, f"--git-dir={bare}", "fetch", "-q", str(repo.path),
                   "feature:feature", check=False, env={"GITMEMORY_PUSH_POLICY": "off"})
    _pushed(lab, done)


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Rotate the auction hall's credentials")
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
    lab.expect("auction hall's credentials" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: ejson keygen prints the private key")
def session_ejson_keygen(lab: Lab) -> None:
    public = fake("", 64, "sealed10-session-ejson-pub", HEX)
    private = fake("", 64, "sealed10-session-ejson-priv", HEX)
    lab.plant(private)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ejson keygen", f"Public Key:\n{public}\nPrivate Key:\n{private}\n", 0)
    _session(lab, build)


@attack("leak", "a session: kanidm system oauth2 show-basic-secret prints the client secret")
def session_kanidm_secret(lab: Lab) -> None:
    secret = fake("", 48, "sealed10-session-kanidm", ALNUM)
    lab.plant(secret)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("kanidm system oauth2 show-basic-secret skerry-web", f"{secret}\n", 0)
    _session(lab, build)


@attack("leak", "a session: cscli bouncers add prints the bouncer's API key")
def session_cscli_bouncer(lab: Lab) -> None:
    key = fake("", 32, "sealed10-session-cscli", ALNUM)
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("cscli bouncers add openresty-quay2",
                 "API key for 'openresty-quay2':\n\n" f"   {key}\n\n"
                 "Please keep this key since you will not be able to retrieve it!\n", 0)
    _session(lab, build)


@attack("leak", "a session: kanidmd recover-account prints a new admin password")
def session_kanidm_recover(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("docker exec -i -t kanidmd kanidmd recover-account idm_admin",
                 "00000000-0000-0000-0000-000000000000 INFO  Password reset - idm_admin\n"
                 f"new_password: \"{PW2}\"\n", 0)
    _session(lab, build)

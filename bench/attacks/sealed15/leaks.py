"""Leaks (part sealed15): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed14 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags and environment prefixes of the ClickHouse, Psono, Duplicati, Netdata,
ESPHome, Prosody, Zuul, privacyIDEA, OmniOS, Rocket.Chat and SWI-Prolog tools
(``clickhouse-client --password``, ``CLICKHOUSE_PASSWORD=``, ``CREATE USER ... IDENTIFIED WITH
sha256_password BY``, ``psonoci --api-secret-key-hex``, ``duplicati-cli backup --passphrase=``,
``duplicati-server --webservice-password=``, ``netdata-claim.sh -token=``, ``esphome dashboard
--password``, ``prosodyctl register``, ``zuul-client --auth-token``, ``pi-manage admin add -p``,
privacyIDEA's ``/validate/check -d pass=``, ``ldapclient manual -a proxyPassword=``, ``svccfg
setprop ... astring:``, a Rocket.Chat incoming webhook URL, SWI-Prolog's ``http_open`` with
``authorization(basic(...))``); the password sentence in Yorùbá, Hausa and Igbo; vendors' tokens
in prose (Paystack ``sk_live_``, Monnify ``MK_PROD_``, Onfido ``api_live.``, GitLab
``glpat-``, Cerebras ``csk-``, RunPod ``rpa_``, Mistral, Deepgram, Vultr, Linode, Bunny.net,
Wasabi, Clickatell); file formats (a ClickHouse ``users.d`` password, ClickHouse
``interserver_http_credentials``, an ESPHome ``secrets.yaml``, an ESPHome device's ``api:
encryption: key:``, privacyIDEA's ``pi.cfg`` ``PI_PEPPER``, a Netdata ``stream.conf`` ``api
key``, a Burp client ``burp.conf``, a ``psonoci`` TOML config, ``zuul.conf``'s ``[auth]``
secret, Prosody's ``component_secret``, an SMF manifest ``propval``, SWI-Prolog facts
``ch_passwd/1``, a Duplicati exported job JSON); push routes (``git push origin
'feature~0:feature'``, ``git push origin 'feature^{commit}:feature'``, ``git -c pack.window=0
push``, ``git -c transfer.fsckObjects=true push``); sessions (``psonoci secret get`` printing
the password, ``pi-manage api createtoken`` printing a JWT, ``cat`` of ESPHome's
``secrets.yaml``, a Rocket.Chat ``/api/v1/login`` answer with its ``authToken``)."""

from __future__ import annotations

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Wt4kQz8Rn" + "2Yh6Lp3V"
PW2 = "Jm7cXe2Tb" + "9Fs4Nd6K"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed15-github")
NO_CONTENT = '{"no_content_to_extract": true}'


def _jwt(seed: str) -> str:
    """A token shaped like a JWT: a fixed header, a body and a signature made up from seed."""
    return ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + fake("eyJ", 60, seed + "-b", B64URL) + "."
            + fake("", 43, seed + "-s", B64URL))


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
    repo.write("src/alerts.pl", "silent_meter_alert_hours(2).\n")
    repo.git("add", "-f", "--", "src/alerts.pl")
    repo.git("commit", "-q", "-m", "Alert when a meter has not reported for 2 hours",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("not reported for 2 hours" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools ----------------------

@attack("leak", "clickhouse-client --password PASSWORD")
def clickhouse_client_password(lab: Lab) -> None:
    through_commit(lab, "Query the ledger with `clickhouse-client --host 10.84.0.3 --secure "
                        f"--port 9440 --user lantarki --password {PW}`", PW)


@attack("leak", "a CLICKHOUSE_PASSWORD= environment value for docker run")
def clickhouse_password_env(lab: Lab) -> None:
    through_commit(lab, f"The staging copy runs `docker run -e CLICKHOUSE_PASSWORD={PW} -p "
                        "127.0.0.1:9002:9000 clickhouse/clickhouse-server:24.8`", PW)


@attack("leak", "CREATE USER ... IDENTIFIED WITH sha256_password BY 'PASSWORD'")
def clickhouse_create_user(lab: Lab) -> None:
    through_commit(lab, "The ingest user was made with `CREATE USER ingest IDENTIFIED WITH "
                        f"sha256_password BY '{PW}' HOST IP '10.84.0.0/24'`", PW)


@attack("leak", "psonoci --api-secret-key-hex HEX")
def psonoci_secret_key(lab: Lab) -> None:
    key = fake("", 64, "sealed15-psono-hex", HEX)
    through_commit(lab, "Deploys read secrets with `psonoci --server-url https://psono.lantarki."
                        "org.ng/server --api-key-id 4c1e2f7a-9b3d-4e8f-a1c2-5d6e7f8a9b0c "
                        f"--api-secret-key-hex {key} secret get $PSONO_SECRET_ID password`", key)


@attack("leak", "duplicati-cli backup ... --passphrase=PASSWORD")
def duplicati_passphrase(lab: Lab) -> None:
    through_commit(lab, "The nightly job is `duplicati-cli backup \"ssh://10.84.0.6/backups/"
                        f"dutse1\" /var/lantarki/dumps --passphrase={PW}`", PW)


@attack("leak", "duplicati-server --webservice-password=PASSWORD")
def duplicati_webservice(lab: Lab) -> None:
    through_commit(lab, "The backup UI on dutse1 runs as `duplicati-server --webservice-port="
                        f"8200 --webservice-password={PW}`", PW)


@attack("leak", "netdata-claim.sh -token=TOKEN")
def netdata_claim_token(lab: Lab) -> None:
    token = fake("", 64, "sealed15-netdata-claim", B64URL)
    through_commit(lab, f"dutse2 was claimed with `netdata-claim.sh -token={token} "
                        "-rooms=9a1b2c3d -url=https://app.netdata.cloud`", token)


@attack("leak", "esphome dashboard --username admin --password PASSWORD")
def esphome_dashboard(lab: Lab) -> None:
    through_commit(lab, "The flashing laptop runs `esphome dashboard config/ --username admin "
                        f"--password {PW}`", PW)


@attack("leak", "prosodyctl register USER HOST PASSWORD")
def prosodyctl_register(lab: Lab) -> None:
    through_commit(lab, "The alert bot's XMPP account was made with `prosodyctl register "
                        f"alerts chat.lantarki.org.ng {PW}`", PW)


@attack("leak", "zuul-client --auth-token JWT")
def zuul_client_token(lab: Lab) -> None:
    token = _jwt("sealed15-zuul")
    through_commit(lab, "Dequeue a stuck change with `zuul-client --zuul-url https://ci.lantarki."
                        f"org.ng --auth-token {token} dequeue --tenant lantarki --pipeline gate`",
                   token[37:])


@attack("leak", "pi-manage admin add USER -p PASSWORD")
def pi_manage_admin(lab: Lab) -> None:
    through_commit(lab, f"The second admin was added with `pi-manage admin add ops2 -p {PW}`",
                   PW)


@attack("leak", "privacyIDEA /validate/check with -d pass=PASSWORD")
def privacyidea_validate(lab: Lab) -> None:
    through_commit(lab, "Check an agent's token with `curl -s https://privacyidea.lantarki.org.ng/"
                        f"validate/check -d user=agent7 -d realm=agents -d pass={PW}`", PW)


@attack("leak", "ldapclient manual -a proxyPassword=PASSWORD (OmniOS)")
def ldapclient_proxy_password(lab: Lab) -> None:
    through_commit(lab, "dutse2 joined the directory with `ldapclient manual -a credentialLevel="
                        "proxy -a proxyDN=cn=proxy,dc=lantarki,dc=org,dc=ng -a proxyPassword="
                        f"{PW} 10.84.0.8`", PW)


@attack("leak", "svccfg -s SERVICE setprop config/PROP = astring: PASSWORD (SMF)")
def svccfg_setprop(lab: Lab) -> None:
    through_commit(lab, "The app's database password is set with `svccfg -s application/"
                        f"lantarki setprop config/ch_password = astring: {PW}` and `svcadm "
                        "refresh lantarki`", PW)


@attack("leak", "a Rocket.Chat incoming webhook URL (hooks/ID/TOKEN)")
def rocketchat_webhook(lab: Lab) -> None:
    token = fake("", 48, "sealed15-rc-hook", ALNUM)
    through_commit(lab, "Netdata posts to `https://chat.lantarki.org.ng/hooks/"
                        f"{fake('', 24, 'sealed15-rc-hook-id', HEX)}/{token}`", token)


@attack("leak", "SWI-Prolog http_open with authorization(basic(User, Password))")
def prolog_http_open_basic(lab: Lab) -> None:
    through_commit(lab, "The meter pull uses `http_open('https://gw1.lantarki.org.ng/readings', "
                        f"S, [authorization(basic(ops, '{PW}'))])`", PW)


# -- the password sentence in the languages of the docs ------------------------------------

@attack("leak", "a password sentence in Yorùbá")
def yoruba(lab: Lab) -> None:
    through_commit(lab, f"Ọ̀rọ̀ aṣínà (password) tuntun ni {PW}, má ṣe sọ fún ẹnikẹ́ni", PW)


@attack("leak", "a password sentence in Hausa")
def hausa(lab: Lab) -> None:
    through_commit(lab, f"Kalmar sirri (password) yanzu ita ce {PW}, kada ka faɗa wa kowa", PW)


@attack("leak", "a password sentence in Igbo")
def igbo(lab: Lab) -> None:
    through_commit(lab, f"Okwuntughe (password) ọhụrụ bụ {PW}, agwala onye ọzọ", PW)


# -- vendors' tokens and keys in prose ---------------------------------------------------

@attack("leak", "a Paystack secret key (sk_live_) in prose")
def paystack(lab: Lab) -> None:
    token = fake("sk" + "_live_", 40, "sealed15-paystack", HEX)
    through_commit(lab, f"Customers' card top-ups go through Paystack with {token}", token[8:])


@attack("leak", "a Monnify API key (MK_PROD_) and secret key in prose")
def monnify(lab: Lab) -> None:
    secret = fake("", 32, "sealed15-monnify-secret", UPPER)
    key = fake("MK" + "_PROD_", 10, "sealed15-monnify-key", UPPER)
    through_commit(lab, f"Bank transfers for credit are reserved through Monnify, {key} with "
                        f"secret {secret}", secret)


@attack("leak", "an Onfido live API token (api_live.) in prose")
def onfido(lab: Lab) -> None:
    body = fake("", 32, "sealed15-onfido", B64URL)
    token = "api" + "_live." + fake("", 11, "sealed15-onfido-id", B64URL) + "." + body
    through_commit(lab, f"Agents' identity checks run on Onfido with {token}", body)


@attack("leak", "a GitLab personal access token (glpat-) in prose")
def gitlab(lab: Lab) -> None:
    token = fake("glp" + "at-", 20, "sealed15-gitlab", B64URL)
    through_commit(lab, f"The ESPHome configs are mirrored to GitLab with {token}", token[6:])


@attack("leak", "a Cerebras API key (csk-) in prose")
def cerebras(lab: Lab) -> None:
    token = fake("cs" + "k-", 48, "sealed15-cerebras", LOWER)
    through_commit(lab, f"The councils' monthly summaries are drafted on Cerebras with {token}",
                   token[4:])


@attack("leak", "a RunPod API key (rpa_) in prose")
def runpod(lab: Lab) -> None:
    token = fake("rp" + "a_", 40, "sealed15-runpod", UPPER)
    through_commit(lab, f"The load forecast model trains on RunPod, key {token}", token[4:])


@attack("leak", "a Mistral API key (32 characters, no prefix) in prose")
def mistral(lab: Lab) -> None:
    key = fake("", 32, "sealed15-mistral", ALNUM)
    through_commit(lab, f"The Hausa and Yorùbá SMS texts are translated with Mistral, key {key}",
                   key)


@attack("leak", "a Deepgram API key (40 hex) in prose")
def deepgram(lab: Lab) -> None:
    key = fake("", 40, "sealed15-deepgram", HEX)
    through_commit(lab, f"Agents' voice notes are transcribed by Deepgram with {key}", key)


@attack("leak", "a Vultr API key in prose")
def vultr(lab: Lab) -> None:
    key = fake("", 36, "sealed15-vultr", UPPER)
    through_commit(lab, f"The offsite ClickHouse replica runs on Vultr; the API key is {key}",
                   key)


@attack("leak", "a Linode personal access token (64 hex) in prose")
def linode(lab: Lab) -> None:
    key = fake("", 64, "sealed15-linode", HEX)
    through_commit(lab, f"The status page is on Linode, token {key}", key)


@attack("leak", "a Bunny.net storage zone password (AccessKey) in prose")
def bunny(lab: Lab) -> None:
    key = _uuid("sealed15-bunny-a") + fake("", 13, "sealed15-bunny-b", HEX)
    through_commit(lab, f"Meter firmware images are served from Bunny.net, AccessKey {key}", key)


@attack("leak", "a Wasabi access key and secret key in prose")
def wasabi(lab: Lab) -> None:
    secret = fake("", 40, "sealed15-wasabi-secret", B64)
    key = fake("", 20, "sealed15-wasabi-key", UPPER.replace("0123456789", "234567"))
    through_commit(lab, f"Duplicati's offsite copy goes to Wasabi as {key} / {secret}", secret)


@attack("leak", "a Clickatell API key in prose")
def clickatell(lab: Lab) -> None:
    key = fake("", 24, "sealed15-clickatell", B64URL) + "=="
    through_commit(lab, f"Disconnection notices go out by SMS through Clickatell with {key}",
                   key[:24])


# -- file formats ------------------------------------------------------------------------

@attack("leak", "a ClickHouse users.d file with a plain <password>")
def clickhouse_users_xml(lab: Lab) -> None:
    _diff_to_model(lab, {"clickhouse/users.d/ingest.xml": (
        "<clickhouse>\n  <users>\n    <ingest>\n"
        f"      <password>{PW}</password>\n"
        "      <networks><ip>10.84.0.0/24</ip></networks>\n    </ingest>\n  </users>\n"
        "</clickhouse>\n")}, PW)


@attack("leak", "ClickHouse interserver_http_credentials")
def clickhouse_interserver(lab: Lab) -> None:
    _diff_to_model(lab, {"clickhouse/config.d/interserver.xml": (
        "<clickhouse>\n  <interserver_http_credentials>\n    <user>replica</user>\n"
        f"    <password>{PW}</password>\n  </interserver_http_credentials>\n</clickhouse>\n")},
        PW)


@attack("leak", "an ESPHome secrets.yaml")
def esphome_secrets(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/esphome/secrets.yaml": (
        "site_ssid: \"lantarki-site\"\n"
        f"wifi_password: \"{PW}\"\n"
        f"ota_password: \"{PW2}\"\n")}, PW, PW2)


@attack("leak", "an ESPHome device file with api: encryption: key: inline")
def esphome_api_key(lab: Lab) -> None:
    key = fake("", 43, "sealed15-esphome-api", B64) + "="
    _diff_to_model(lab, {"ops/esphome/ltk-meter-17.yaml": (
        "esphome:\n  name: ltk-meter-17\nesp32:\n  board: esp32dev\n"
        f"api:\n  encryption:\n    key: \"{key}\"\n")}, key[:43])


@attack("leak", "privacyIDEA's pi.cfg with PI_PEPPER and SECRET_KEY")
def privacyidea_pi_cfg(lab: Lab) -> None:
    pepper = fake("", 40, "sealed15-pi-pepper", ALNUM)
    _diff_to_model(lab, {"privacyidea/pi.cfg": (
        f"SECRET_KEY = '{fake('', 40, 'sealed15-pi-secret', ALNUM)}'\n"
        f"PI_PEPPER = '{pepper}'\n"
        "PI_ENCFILE = '/etc/privacyidea/enckey'\nPI_LOGLEVEL = 20\n")}, pepper)


@attack("leak", "a Netdata stream.conf with the parent's api key")
def netdata_stream_conf(lab: Lab) -> None:
    key = _uuid("sealed15-netdata-stream")
    _diff_to_model(lab, {"ops/netdata/stream.conf": (
        "[stream]\n    enabled = yes\n    destination = 10.84.0.5:19999\n"
        f"    api key = {key}\n")}, key)


@attack("leak", "a Burp client burp.conf with password =")
def burp_conf(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/burp/burp.conf": (
        "mode = client\nserver = 10.84.0.6\nport = 4971\ncname = dutse1\n"
        f"password = {PW}\nencryption_password = {PW2}\n")}, PW, PW2)


@attack("leak", "a psonoci TOML config with api_secret_key_hex")
def psonoci_toml(lab: Lab) -> None:
    key = fake("", 64, "sealed15-psono-toml", HEX)
    _diff_to_model(lab, {"ops/psono/psonoci.toml": (
        "version = \"1\"\n\n[psono_settings]\n"
        "api_key_id = \"4c1e2f7a-9b3d-4e8f-a1c2-5d6e7f8a9b0c\"\n"
        f"api_secret_key_hex = \"{key}\"\n"
        "server_url = \"https://psono.lantarki.org.ng/server\"\n")}, key)


@attack("leak", "zuul.conf with an [auth] HS256 secret")
def zuul_conf(lab: Lab) -> None:
    secret = fake("", 48, "sealed15-zuul-auth", ALNUM)
    _diff_to_model(lab, {"zuul/zuul.conf": (
        "[web]\nlisten_address=127.0.0.1\nport=9000\n\n[auth zuul_operator]\ndefault=true\n"
        "driver=HS256\nallow_authz_override=true\nrealm=ci.lantarki.org.ng\n"
        f"client_id=zuul.lantarki\nissuer_id=zuul_operator\nsecret={secret}\n")}, secret)


@attack("leak", "Prosody's prosody.cfg.lua with component_secret")
def prosody_component_secret(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/prosody/prosody.cfg.lua": (
        "VirtualHost \"chat.lantarki.org.ng\"\n\n"
        "Component \"alerts.chat.lantarki.org.ng\"\n"
        f"    component_secret = \"{PW}\"\n")}, PW)


@attack("leak", "an SMF manifest with a password propval")
def smf_propval(lab: Lab) -> None:
    _diff_to_model(lab, {"omnios/lantarki-ingest.xml": (
        "<?xml version=\"1.0\"?>\n<service_bundle type=\"manifest\" name=\"lantarki-ingest\">\n"
        "  <service name=\"application/lantarki-ingest\" type=\"service\" version=\"1\">\n"
        "    <property_group name=\"config\" type=\"application\">\n"
        f"      <propval name=\"ch_password\" type=\"astring\" value=\"{PW}\"/>\n"
        "    </property_group>\n  </service>\n</service_bundle>\n")}, PW)


@attack("leak", "SWI-Prolog facts holding the database password (ch_passwd/1)")
def prolog_facts(lab: Lab) -> None:
    _diff_to_model(lab, {"src/secrets.pl": (
        ":- module(secrets, [ch_passwd/1, ch_user/1]).\n"
        "ch_user(lantarki).\n"
        f"ch_passwd('{PW}').\n")}, PW)


@attack("leak", "a Duplicati exported job JSON with --passphrase")
def duplicati_job_json(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/duplicati/dutse1-job.json": (
        "{\n  \"Backup\": {\n    \"Name\": \"dutse1 dumps\",\n"
        "    \"TargetURL\": \"ssh://10.84.0.6/backups/dutse1\",\n"
        "    \"Settings\": [\n      {\"Name\": \"encryption-module\", \"Value\": \"aes\"},\n"
        f"      {{\"Name\": \"--passphrase\", \"Value\": \"{PW}\"}}\n    ]\n  }}\n}}\n")}, PW)


# -- push routes -------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}", "Customers get 72 hours' notice"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: git push origin 'feature~0:feature'")
def push_tilde_zero(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "feature~0:feature", policy="off"))


@attack("leak", "native route: git push origin 'feature^{commit}:feature'")
def push_peeled(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "feature^{commit}:feature", policy="off"))


@attack("leak", "native route: git -c pack.window=0 push")
def push_pack_window(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "pack.window=0", "push", "origin", "feature",
                          check=False, env={"GITMEMORY_PUSH_POLICY": "off"}))


@attack("leak", "native route: git -c transfer.fsckObjects=true push")
def push_fsck_objects(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "transfer.fsckObjects=true", "push", "origin", "feature",
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
    rec.user("Rotate the meter gateway's credentials and check the alert bot")
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
    lab.expect("meter gateway" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: psonoci secret get prints the password")
def session_psonoci(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("psonoci secret get $PSONO_SECRET_ID password", f"{PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: pi-manage api createtoken prints an admin JWT")
def session_pi_manage_token(lab: Lab) -> None:
    token = _jwt("sealed15-session-pi")
    lab.plant(token[37:])

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("pi-manage api createtoken -r admin -u ops-bot -d 30",
                 f"Username:   ops-bot\nRole:       admin\nAuth-Token: {token}\n", 0)
    _session(lab, build)


@attack("leak", "a session: cat of ESPHome's secrets.yaml")
def session_esphome_secrets(lab: Lab) -> None:
    key = fake("", 43, "sealed15-session-esphome", B64) + "="
    lab.plant(PW2, key[:43])

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("cat ~/esphome/secrets.yaml",
                 f"site_ssid: lantarki-site\nwifi_password: {PW2}\n"
                 f"api_encryption_key: \"{key}\"\n", 0)
    _session(lab, build)


@attack("leak", "a session: Rocket.Chat /api/v1/login answers with the authToken")
def session_rocketchat_login(lab: Lab) -> None:
    token = fake("", 43, "sealed15-session-rc", B64URL)
    lab.plant(token)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("curl -s https://chat.lantarki.org.ng/api/v1/login -d user=alerts-bot "
                 "-d password=\"$(psonoci secret get $RC_SECRET_ID password)\"",
                 '{"status": "success", "data": {"userId": "Kq3mZ8aXr2Tb6Wn4P", '
                 f'"authToken": "{token}"}}}}\n', 0)
    _session(lab, build)

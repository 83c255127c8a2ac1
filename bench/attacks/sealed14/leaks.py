"""Leaks (part sealed14): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed13 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags and environment prefixes of the Neo4j, KeePassXC, Mattermost, Meshtastic,
Checkmk, Apache httpd, NetBSD, Buildbot, Casdoor and Bareos tools (``cypher-shell -p``,
``NEO4J_AUTH=neo4j/...``, ``neo4j-admin dbms set-initial-password``, a password piped to
``keepassxc-cli``, ``mmctl auth login --access-token``, ``MM_SQLSETTINGS_DATASOURCE=``,
``meshtastic --ch-set psk``, ``meshtastic --set network.wifi_psk``, ``cmk-agent-ctl register
--password``, Checkmk's ``Authorization: Bearer automation SECRET``, ``htpasswd -b``,
``useradd -p "$(pwhash ...)"``, ``buildbot-worker create-worker`` (the password positional),
``buildbot try --passwd``, ``CASDOOR_CLIENT_SECRET=``, ``configure add client password=``
piped to ``bconsole``); the password sentence in Tok Pisin, Bislama and Tetum; vendors' tokens
in prose (Zoho ``1000.``, Unkey ``unkey_``, Mapillary ``MLY|``, a
Cloudinary URL, Braintree ``access_token$production$``, Polar ``polar_oat_``, Apify
``apify_api_``, an Ably key, a Confluent key and secret, a Global Fishing Watch JWT, a Plivo auth
token, an Algolia admin key of 32 hex without a prefix, Termii ``TL``); file formats (a Bareos
director resource, a ``bconsole.conf``, a Bareos catalog ``dbpassword``, a Checkmk
``automation.secret``, a Buildbot ``master.cfg`` worker password, a Buildbot worker
``buildbot.tac``, mod_auth_openidc's ``OIDCCryptoPassphrase``, Casdoor's ``app.conf``
``dataSourceName``, Mattermost's ``config.json`` ``DataSource``, a Meshtastic exported YAML
``channel_url``, a KeePassXC ``.keyx`` key file, a ``.fetchmailrc``, a ``.muttrc``
``imap_pass``); push routes (a reflog source ``git push origin 'feature@{0}:feature'``,
``git push origin @:feature``, ``git -c core.bigFileThreshold=1 push``, ``git -c pack.threads=1 -c
core.compression=0 push``); sessions (``keepassxc-cli show`` printing the password, ``mmctl token
generate``, ``meshtastic --export-config``, ``cat`` of Checkmk's ``automation.secret``)."""

from __future__ import annotations

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Qv7nTs3Lw" + "9Bk4Xe2M"
PW2 = "Hd5rMz8Ye" + "3Cj6Wq9P"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed14-github")
NO_CONTENT = '{"no_content_to_extract": true}'


def _jwt(seed: str) -> str:
    """A token shaped like a JWT: a fixed header, a body and a signature made up from seed."""
    return ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + fake("eyJ", 60, seed + "-b", B64URL) + "."
            + fake("", 43, seed + "-s", B64URL))


def _psk(seed: str) -> str:
    """A 32-byte key in base64, as Meshtastic prints it."""
    return fake("", 43, seed, B64) + "="


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
    repo.write("src/alerts.lisp", "(defparameter *sync-alert-hours* 48)\n")
    repo.git("add", "-f", "--", "src/alerts.lisp")
    repo.git("commit", "-q", "-m", "Alert when a radio's harvest log has not synced in 48 hours",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("not synced in 48 hours" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools ----------------------

@attack("leak", "cypher-shell -u neo4j -p PASSWORD")
def cypher_shell_password(lab: Lab) -> None:
    through_commit(lab, "Open the graph with `cypher-shell -a neo4j+s://10.73.0.3:7687 -u neo4j "
                        f"-p {PW}`", PW)


@attack("leak", "a NEO4J_AUTH=neo4j/PASSWORD environment value for docker run")
def neo4j_auth_env(lab: Lab) -> None:
    through_commit(lab, f"The staging copy runs `docker run -e NEO4J_AUTH=neo4j/{PW} -p "
                        "127.0.0.1:7689:7687 neo4j:5`", PW)


@attack("leak", "neo4j-admin dbms set-initial-password PASSWORD")
def neo4j_initial_password(lab: Lab) -> None:
    through_commit(lab, "After the move to kuka2 we ran `neo4j-admin dbms set-initial-password "
                        f"{PW}` before the first start", PW)


@attack("leak", "the KeePassXC database password piped to keepassxc-cli")
def keepassxc_piped(lab: Lab) -> None:
    through_commit(lab, f"Scripts read the vault with `echo '{PW}' | keepassxc-cli show -s -a "
                        "Password /root/ops.kdbx neo4j-app`", PW)


@attack("leak", "mmctl auth login --access-token TOKEN (a Mattermost personal access token)")
def mmctl_access_token(lab: Lab) -> None:
    token = fake("", 26, "sealed14-mattermost-pat", LOWER)
    through_commit(lab, "Log the alert bot in with `mmctl auth login https://chat.nambis.org.pg "
                        f"--name ops --access-token {token}`", token)


@attack("leak", "a MM_SQLSETTINGS_DATASOURCE= prefix with the database password")
def mattermost_datasource_env(lab: Lab) -> None:
    through_commit(lab, "Mattermost starts with `MM_SQLSETTINGS_DATASOURCE=postgres://mmuser:"
                        f"{PW}@10.73.0.4:5432/mattermost?sslmode=require mattermost server`", PW)


@attack("leak", "meshtastic --ch-set psk base64:KEY (a channel key)")
def meshtastic_channel_psk(lab: Lab) -> None:
    key = _psk("sealed14-mesh-psk")
    through_commit(lab, f"New radios join with `meshtastic --ch-set psk base64:{key} --ch-index 1`",
                   key)


@attack("leak", "meshtastic --set network.wifi_psk PASSWORD (the gateway's Wi-Fi password)")
def meshtastic_wifi_psk(lab: Lab) -> None:
    through_commit(lab, "The landing-site gateway joined the office Wi-Fi with `meshtastic --set "
                        f"network.wifi_ssid nambis-office --set network.wifi_psk {PW}`", PW)


@attack("leak", "cmk-agent-ctl register --password PASSWORD")
def cmk_agent_register(lab: Lab) -> None:
    through_commit(lab, "kuka3 was registered with `cmk-agent-ctl register --hostname kuka3 "
                        "--server mon.nambis.org.pg --site nambis --user agent_registration "
                        f"--password {PW} --trust-cert`", PW)


@attack("leak", "curl -H \"Authorization: Bearer automation SECRET\" (Checkmk's REST API)")
def checkmk_bearer(lab: Lab) -> None:
    secret = fake("", 36, "sealed14-cmk-automation", UPPER)
    through_commit(lab, "List the hosts with `curl -H \"Authorization: Bearer automation "
                        f"{secret}\" https://mon.nambis.org.pg/nambis/check_mk/api/1.0/domain-types"
                        "/host_config/collections/all`", secret)


@attack("leak", "htpasswd -b FILE USER PASSWORD")
def htpasswd_batch(lab: Lab) -> None:
    through_commit(lab, "The coordinators' page got `htpasswd -b /usr/pkg/etc/httpd/.htpasswd "
                        f"coord {PW}`", PW)


@attack("leak", "useradd -p \"$(pwhash PASSWORD)\" on NetBSD")
def netbsd_pwhash(lab: Lab) -> None:
    through_commit(lab, "The console user on kuka1 was made with "
                        f"`useradd -m -p \"$(pwhash {PW})\" coord`", PW)


@attack("leak", "buildbot-worker create-worker DIR MASTER NAME PASSWORD (positional)")
def buildbot_create_worker(lab: Lab) -> None:
    through_commit(lab, "The NetBSD builder was made with `buildbot-worker create-worker "
                        f"/var/buildbot/worker ci.nambis.org.pg:9989 kuka-w1 {PW}`", PW)


@attack("leak", "buildbot try --passwd PASSWORD")
def buildbot_try_passwd(lab: Lab) -> None:
    through_commit(lab, "Try a patch on the builders with `buildbot try --connect=pb "
                        f"--master=ci.nambis.org.pg:8031 --username=ops --passwd={PW}`", PW)


@attack("leak", "a CASDOOR_CLIENT_SECRET= prefix before the import script")
def casdoor_secret_env(lab: Lab) -> None:
    secret = fake("", 40, "sealed14-casdoor-env", HEX)
    through_commit(lab, "Recorders are imported with `CASDOOR_CLIENT_ID=8f2a61c0d9e4b7a35c1e "
                        f"CASDOOR_CLIENT_SECRET={secret} qlot exec sbcl --load import.lisp`",
                   secret)


@attack("leak", "configure add client ... password=PASSWORD piped to bconsole")
def bconsole_add_client(lab: Lab) -> None:
    through_commit(lab, "kuka3 joined the backups with `echo 'configure add client name=kuka3-fd "
                        f"address=10.73.0.7 password={PW}' | bconsole`", PW)


# -- the password sentence in the languages of the docs ------------------------------------

@attack("leak", "a password sentence in Tok Pisin")
def tok_pisin(lab: Lab) -> None:
    through_commit(lab, f"Hait tok (password) nau em {PW}, no ken tokim narapela man", PW)


@attack("leak", "a password sentence in Bislama")
def bislama(lab: Lab) -> None:
    through_commit(lab, f"Pasword naoia hemi {PW}, yu no talem long narafala man", PW)


@attack("leak", "a password sentence in Tetum")
def tetum(lab: Lab) -> None:
    through_commit(lab, f"Liafuan-xave agora mak {PW}, labele fó-hatene ba ema seluk", PW)


# -- vendors' tokens and keys in prose ---------------------------------------------------

@attack("leak", "a Zoho refresh token (1000.HEX.HEX) in prose")
def zoho(lab: Lab) -> None:
    token = ("100" + "0." + fake("", 32, "sealed14-zoho-a", HEX) + "."
             + fake("", 32, "sealed14-zoho-b", HEX))
    through_commit(lab, f"Traders' invoices are pulled from Zoho Books with {token}", token[5:])


@attack("leak", "an Unkey root key (unkey_) in prose")
def unkey(lab: Lab) -> None:
    token = fake("unk" + "ey_", 40, "sealed14-unkey",
                 "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")
    through_commit(lab, f"The traders' API keys are issued through Unkey with root key {token}",
                   token[6:])


@attack("leak", "a Mapillary client token (MLY|ID|HEX) in prose")
def mapillary(lab: Lab) -> None:
    token = "ML" + "Y|" + fake("", 16, "sealed14-mly-id", "0123456789") + "|" + fake(
        "", 32, "sealed14-mly", HEX)
    through_commit(lab, f"Street photos of the landing sites come from Mapillary with {token}",
                   token[-32:])


@attack("leak", "a Cloudinary URL (cloudinary://KEY:SECRET@cloud) in prose")
def cloudinary(lab: Lab) -> None:
    secret = fake("", 27, "sealed14-cloudinary", B64URL)
    url = "cloud" + "inary://" + fake("", 15, "sealed14-cloudinary-key", "0123456789") + ":" + \
        secret + "@nambis"
    through_commit(lab, f"Lot photos are stored with {url}", secret)


@attack("leak", "a Braintree access token (access_token$production$...) in prose")
def braintree(lab: Lab) -> None:
    body = fake("", 32, "sealed14-braintree", HEX)
    token = ("access_" + "token$production$" + fake("", 16, "sealed14-braintree-m", LOWER)
             + "$" + body)
    through_commit(lab, f"Licence fees are paid through Braintree with {token}", body)


@attack("leak", "a Polar organization access token (polar_oat_) in prose")
def polar(lab: Lab) -> None:
    token = fake("polar" + "_oat_", 43, "sealed14-polar", ALNUM)
    through_commit(lab, f"The field guide's sales go through Polar with {token}", token[10:])


@attack("leak", "an Apify API token (apify_api_) in prose")
def apify(lab: Lab) -> None:
    token = fake("apify" + "_api_", 36, "sealed14-apify", ALNUM)
    through_commit(lab, f"Market prices for bêche-de-mer are scraped with Apify, {token}",
                   token[10:])


@attack("leak", "an Ably API key (APP.KEY:SECRET) in prose")
def ably(lab: Lab) -> None:
    secret = fake("", 43, "sealed14-ably", B64URL)
    key = fake("", 6, "sealed14-ably-app", ALNUM) + "." + fake("", 6, "sealed14-ably-key",
                                                               ALNUM) + ":" + secret
    through_commit(lab, f"Live harvest counts reach the committee screens through Ably, key {key}",
                   secret)


@attack("leak", "a Confluent Cloud API key and secret in prose")
def confluent(lab: Lab) -> None:
    key = fake("", 16, "sealed14-confluent-key", UPPER)
    secret = fake("", 64, "sealed14-confluent-secret", B64)
    through_commit(lab, f"Radio packets are streamed to Confluent Cloud as {key} with secret "
                        f"{secret}", secret)


@attack("leak", "a Global Fishing Watch API token (a JWT) in prose")
def global_fishing_watch(lab: Lab) -> None:
    token = _jwt("sealed14-gfw")
    through_commit(lab, f"Vessel tracks near the tabu areas come from Global Fishing Watch with "
                        f"{token}", token[37:])


@attack("leak", "a Plivo auth ID and auth token in prose")
def plivo(lab: Lab) -> None:
    token = fake("", 40, "sealed14-plivo", ALNUM)
    auth_id = "M" + "A" + fake("", 18, "sealed14-plivo-id", UPPER)
    through_commit(lab, f"SMS reminders go through Plivo, auth id {auth_id}, auth token {token}",
                   token)


@attack("leak", "an Algolia admin API key (32 hex, no prefix) in prose")
def algolia(lab: Lab) -> None:
    key = fake("", 32, "sealed14-algolia", HEX)
    through_commit(lab, f"The species search index is rebuilt on Algolia with admin key {key}",
                   key)


@attack("leak", "a Termii API key (TL) in prose")
def termii(lab: Lab) -> None:
    token = fake("T" + "L", 60, "sealed14-termii", ALNUM)
    through_commit(lab, f"The voice reminders for the divers go through Termii with {token}",
                   token[2:])


# -- file formats ------------------------------------------------------------------------

@attack("leak", "a Bareos director resource on the client (Password = ...)")
def bareos_director_resource(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/bareos/bareos-fd.d/director/bareos-dir.conf": (
        "Director {\n  Name = bareos-dir\n"
        f"  Password = \"{PW}\"\n  Description = \"Port Moresby office\"\n}}\n")}, PW)


@attack("leak", "a bconsole.conf with the director's password")
def bconsole_conf(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/bareos/bconsole.conf": (
        "Director {\n  Name = bareos-dir\n  Address = 10.73.0.6\n  DIRport = 9101\n"
        f"  Password = \"{PW}\"\n}}\n")}, PW)


@attack("leak", "a Bareos catalog resource (dbpassword = ...)")
def bareos_catalog(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/bareos/bareos-dir.d/catalog/MyCatalog.conf": (
        "Catalog {\n  Name = MyCatalog\n  dbname = \"bareos\"\n  dbuser = \"bareos\"\n"
        f"  dbpassword = \"{PW}\"\n}}\n")}, PW)


@attack("leak", "a Checkmk automation.secret file")
def checkmk_automation_secret(lab: Lab) -> None:
    secret = fake("", 36, "sealed14-cmk-secret-file", UPPER)
    _diff_to_model(lab, {"ops/checkmk/var/check_mk/web/automation/automation.secret":
                         f"{secret}\n"}, secret)


@attack("leak", "a Buildbot master.cfg worker password")
def buildbot_master_cfg(lab: Lab) -> None:
    _diff_to_model(lab, {"buildbot/workers.py": (
        "from buildbot.plugins import worker\n\n"
        f"WORKERS = [worker.Worker(\"kuka-w1\", \"{PW}\", max_builds=1)]\n")}, PW)


@attack("leak", "a Buildbot worker buildbot.tac (passwd = ...)")
def buildbot_tac(lab: Lab) -> None:
    _diff_to_model(lab, {"buildbot/worker/buildbot.tac": (
        "buildmaster_host = 'ci.nambis.org.pg'\nport = 9989\nworkername = 'kuka-w1'\n"
        f"passwd = '{PW}'\nkeepalive = 600\n")}, PW)


@attack("leak", "Apache httpd with mod_auth_openidc: OIDCCryptoPassphrase")
def oidc_crypto_passphrase(lab: Lab) -> None:
    _diff_to_model(lab, {"httpd/openidc.conf": (
        "OIDCProviderMetadataURL https://auth.nambis.org.pg/.well-known/openid-configuration\n"
        "OIDCClientID nambis-internal\n"
        f"OIDCCryptoPassphrase {PW}\nOIDCRedirectURI https://nambis.org.pg/internal/redirect\n")},
        PW)


@attack("leak", "a Casdoor conf/app.conf dataSourceName with the password")
def casdoor_app_conf(lab: Lab) -> None:
    _diff_to_model(lab, {"casdoor/conf/app.conf": (
        "appname = casdoor\nhttpport = 8000\ndriverName = mysql\n"
        f"dataSourceName = casdoor:{PW}@tcp(10.73.0.4:3306)/\ndbName = casdoor\n")}, PW)


@attack("leak", "a Mattermost config.json SqlSettings.DataSource")
def mattermost_config_json(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/mattermost/config.json": (
        '{\n  "ServiceSettings": {"SiteURL": "https://chat.nambis.org.pg"},\n'
        '  "SqlSettings": {\n    "DriverName": "postgres",\n'
        f'    "DataSource": "postgres://mmuser:{PW}@10.73.0.4:5432/mattermost"\n  }}\n}}\n')},
        PW)


@attack("leak", "a Meshtastic exported YAML with the channel_url (the PSK inside)")
def meshtastic_yaml(lab: Lab) -> None:
    body = fake("", 60, "sealed14-mesh-url", B64URL)
    _diff_to_model(lab, {"ops/meshtastic/radio.yaml": (
        "owner: Nambis Boat 7\nowner_short: NB7\n"
        f"channel_url: https://meshtastic.org/e/#CgMSA{body}\n"
        "location:\n  lat: -5.2\n  lon: 145.8\n")}, body)


@attack("leak", "a KeePassXC .keyx key file")
def keepassxc_keyfile(lab: Lab) -> None:
    data = " ".join(fake("", 8, f"sealed14-keyx-{n}", HEX.upper()) for n in range(8))
    _diff_to_model(lab, {"ops/ops.keyx": (
        '<?xml version="1.0" encoding="UTF-8"?>\n<KeyFile>\n  <Meta><Version>2.0</Version></Meta>\n'
        f'  <Key><Data Hash="5D2F8A01">\n    {data}\n  </Data></Key>\n</KeyFile>\n')},
        data[:26])


@attack("leak", "a .fetchmailrc with the mailbox password")
def fetchmailrc(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/mail/fetchmailrc": (
        "poll mail.nambis.org.pg proto imap\n"
        f"  user \"logs@nambis.org.pg\" password \"{PW}\" ssl\n")}, PW)


@attack("leak", "a .muttrc with set imap_pass")
def muttrc(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/mail/muttrc": (
        "set folder = \"imaps://mail.nambis.org.pg/\"\nset imap_user = \"ops@nambis.org.pg\"\n"
        f"set imap_pass = \"{PW}\"\n")}, PW)


# -- push routes -------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}", "Divers send harvest logs within 48 hours"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: git push origin 'feature@{0}:feature' (a reflog source)")
def push_reflog_source(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "feature@{0}:feature", policy="off"))


@attack("leak", "native route: git push origin @:feature")
def push_at_sign(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "@:feature", policy="off"))


@attack("leak", "native route: git -c core.bigFileThreshold=1 push")
def push_big_file_threshold(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "core.bigFileThreshold=1", "push", "origin", "feature",
                          check=False, env={"GITMEMORY_PUSH_POLICY": "off"}))


@attack("leak", "native route: git -c pack.threads=1 -c core.compression=0 push")
def push_uncompressed(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "pack.threads=1", "-c", "core.compression=0", "push", "origin",
                          "feature", check=False, env={"GITMEMORY_PUSH_POLICY": "off"}))


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Rotate the radio gateway's credentials and check the alert bot")
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
    lab.expect("radio gateway" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: keepassxc-cli show -s prints the password")
def session_keepassxc(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("keepassxc-cli show -s -a Password --no-password --key-file /root/ops.keyx "
                 "/root/ops.kdbx neo4j-app", f"{PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: mmctl token generate prints the bot's new token")
def session_mmctl_token(lab: Lab) -> None:
    token = fake("", 26, "sealed14-session-mm", LOWER)
    lab.plant(token)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("mmctl token generate harvest-bot alerts-2026",
                 f"{token}: alerts-2026\n", 0)
    _session(lab, build)


@attack("leak", "a session: meshtastic --export-config prints the channel URL with its key")
def session_meshtastic_export(lab: Lab) -> None:
    body = fake("", 60, "sealed14-session-mesh", B64URL)
    lab.plant(body)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("meshtastic --port /dev/ttyUSB0 --export-config",
                 "# start of Meshtastic configure yaml\nowner: Nambis Gateway\n"
                 f"channel_url: https://meshtastic.org/e/#CgMSA{body}\n", 0)
    _session(lab, build)


@attack("leak", "a session: cat of Checkmk's automation.secret")
def session_checkmk_secret(lab: Lab) -> None:
    secret = fake("", 36, "sealed14-session-cmk", UPPER)
    lab.plant(secret)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh mon sudo cat /omd/sites/nambis/var/check_mk/web/automation/"
                 "automation.secret", f"{secret}\n", 0)
    _session(lab, build)

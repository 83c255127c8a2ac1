"""Leaks (part sealed20): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed19 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags and environment prefixes of the rqlite, dotenvx, Plakar, Rauthy, Beszel,
Kong, OPNsense, LabsMobile, Janet and Chapel tools (``rqlite -u USER:PASSWORD``,
``RQLITE_NIGHTLY_PASSWORD=`` before a ``/db/backup`` curl, ``PLAKAR_PASSPHRASE=`` before
``plakar at ... restore``, ``DOTENV_PRIVATE_KEY_PRODUCTION=`` before ``dotenvx run``,
``dotenvx set KEY VALUE --plain``, Rauthy's ``BOOTSTRAP_ADMIN_PASSWORD_PLAIN=`` and
``ENC_KEYS=``, a curl with ``X-Cortin-Hook-Token:``, ``CORTIN_HOOK_TOKEN=`` before ``janet``,
a LabsMobile ``curl -u user:token``, ``beszel-hub superuser upsert``, Kong's
``Kong-Admin-Token:`` header, an OPNsense API ``curl -u key:secret``, ``bin/mielada
--rqlitePass=``, ``LABSMOBILE_TOKEN=`` before ``tools/sms-alert``, Rauthy's ``Authorization:
API-Key name$secret``); the password sentence in asturianu, aragonés and mirandés; vendors'
tokens in prose (AEMET OpenData, Redsys, Paycomet, Holded, Factorial, Correos, Packlink,
Ifthenpay, Eupago, Moloni, InvoiceXpress, Signaturit, Acumbamail, Mailrelay, Dinahosting,
AppVeyor, The Things Stack ``NNSXS.``); file formats (a dotenvx ``.env.production`` with a
value left plain, dotenvx's ``.env.keys``, rqlite's ``users.json``, Kong's declarative
``basicauth_credentials``, a Janet ``(def ...)``, a Chapel ``config const``, Rauthy's
``rauthy.cfg``, a The Things Stack webhook export with its header, ``appveyor.yml``
``deploy_script``, a sysvinit script's ``export``, a Kong ``pg_password``, a ``project.janet``
dependency URL with a token); push routes (``--no-follow-tags``, ``--no-dry-run``,
``--exec=git-receive-pack``, ``-c pack.compression=0``); sessions (``dotenvx get --format
shell`` printing its exports, ``cat /etc/cortin/cortin.env`` over ssh, the rqlite shell's
``.nodes`` with ``-u``, ``cat /etc/rqlite/users.json``)."""

from __future__ import annotations

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Qm4tVx8Kd" + "2Lz7Np5R"
PW2 = "Wc9hFs3Jb" + "6Yk2Gt8M"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed20-github")
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
    repo.write("ops/beszel/fence-silent.cfg", "fence_silent_hours: 2\n")
    repo.git("add", "-f", "--", "ops/beszel/fence-silent.cfg")
    repo.git("commit", "-q", "-m", "Alert when a bear-fence monitor is silent for 2 hours",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("silent for 2 hours" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools ----------------------

@attack("leak", "rqlite -u USER:PASSWORD (the rqlite shell)")
def rqlite_user_flag(lab: Lab) -> None:
    through_commit(lab, "Inspect the treatments with `rqlite -H 10.67.0.5 -p 4001 -s https "
                        f"-u xestor:{PW}`", PW)


@attack("leak", "RQLITE_NIGHTLY_PASSWORD= before the /db/backup curl")
def rqlite_nightly_env(lab: Lab) -> None:
    through_commit(lab, f"Take a backup by hand with `RQLITE_NIGHTLY_PASSWORD={PW} curl -s -u "
                        "\"nightly:$RQLITE_NIGHTLY_PASSWORD\" https://10.67.0.5:4001/db/backup "
                        "-o /var/backups/cortin.sqlite`", PW)


@attack("leak", "PLAKAR_PASSPHRASE= before plakar at ... restore")
def plakar_passphrase(lab: Lab) -> None:
    through_commit(lab, f"Restore by hand with `PLAKAR_PASSPHRASE={PW} plakar at "
                        "/var/backups/kloset restore -to /var/tmp/cortin-drill latest`", PW)


@attack("leak", "DOTENV_PRIVATE_KEY_PRODUCTION= before dotenvx run")
def dotenvx_private_key(lab: Lab) -> None:
    key = fake("", 64, "sealed20-dotenvx", HEX)
    through_commit(lab, f"Run with production settings by hand: `DOTENV_PRIVATE_KEY_PRODUCTION="
                        f"{key} dotenvx run -f .env.production -- janet src/main.janet`", key)


@attack("leak", "dotenvx set KEY VALUE --plain")
def dotenvx_set_plain(lab: Lab) -> None:
    through_commit(lab, f"The database password was added with `dotenvx set RQLITE_PASSWORD {PW} "
                        "-f .env.production --plain`", PW)


@attack("leak", "BOOTSTRAP_ADMIN_PASSWORD_PLAIN= (Rauthy)")
def rauthy_bootstrap(lab: Lab) -> None:
    through_commit(lab, f"Rauthy was first started with `BOOTSTRAP_ADMIN_PASSWORD_PLAIN={PW} "
                        "rauthy`", PW)


@attack("leak", "ENC_KEYS= (Rauthy's encryption keys)")
def rauthy_enc_keys(lab: Lab) -> None:
    key = fake("", 44, "sealed20-enckeys", B64)
    through_commit(lab, f"Rauthy's keys are `ENC_KEYS=\"q6u26onRvXVG/{key}\"` with "
                        "`ENC_KEY_ACTIVE=q6u26onRvXVG`", key)


@attack("leak", "a curl with X-Cortin-Hook-Token: TOKEN to /hooks/weight")
def hook_token_header(lab: Lab) -> None:
    token = fake("", 40, "sealed20-hook", ALNUM)
    through_commit(lab, f"Test the hook with `curl -s -H \"X-Cortin-Hook-Token: {token}\" -d "
                        "@weight.json https://cortin.es/hooks/weight`", token)


@attack("leak", "CORTIN_HOOK_TOKEN= before janet src/main.janet")
def hook_token_env(lab: Lab) -> None:
    token = fake("", 40, "sealed20-hook-env", ALNUM)
    through_commit(lab, f"Run the hook locally with `CORTIN_HOOK_TOKEN={token} janet "
                        "src/main.janet --port 9471`", token)


@attack("leak", "a LabsMobile curl -u user:token")
def labsmobile_curl(lab: Lab) -> None:
    token = fake("", 32, "sealed20-labsmobile", ALNUM)
    through_commit(lab, f"Check the SMS balance with `curl -s -u ops@cortin.es:{token} "
                        "https://api.labsmobile.com/json/balance`", token)


@attack("leak", "beszel-hub superuser upsert EMAIL PASSWORD")
def beszel_superuser(lab: Lab) -> None:
    through_commit(lab, "The hub's admin was reset with `beszel-hub superuser upsert "
                        f"ops@cortin.es {PW}`", PW)


@attack("leak", "Kong-Admin-Token: TOKEN in a curl to the Admin API")
def kong_admin_token(lab: Lab) -> None:
    token = fake("", 32, "sealed20-kong-admin", ALNUM)
    through_commit(lab, f"List the routes with `curl -s -H \"Kong-Admin-Token: {token}\" "
                        "http://127.0.0.1:8001/routes`", token)


@attack("leak", "an OPNsense API curl -u key:secret")
def opnsense_api(lab: Lab) -> None:
    key = fake("", 80, "sealed20-opn-key", B64)
    secret = fake("", 80, "sealed20-opn-secret", B64)
    through_commit(lab, f"Read the firewall log with `curl -s -u \"{key}:{secret}\" "
                        "https://10.67.0.1/api/diagnostics/firewall/log`", secret)


@attack("leak", "bin/mielada --rqlitePass= (a Chapel config const on the command line)")
def chapel_config_flag(lab: Lab) -> None:
    through_commit(lab, f"Try the model against the live database: `bin/mielada --day=yesterday "
                        f"--rqlitePass={PW}`", PW)


@attack("leak", "LABSMOBILE_TOKEN= before tools/sms-alert")
def labsmobile_env(lab: Lab) -> None:
    token = fake("", 32, "sealed20-labsmobile-env", ALNUM)
    through_commit(lab, f"A test SMS goes out with `LABSMOBILE_USER=ops@cortin.es LABSMOBILE_TOKEN="
                        f"{token} tools/sms-alert T1 test`", token)


@attack("leak", "Rauthy's Authorization: API-Key name$secret")
def rauthy_api_key(lab: Lab) -> None:
    secret = fake("", 64, "sealed20-rauthy-api", ALNUM)
    through_commit(lab, f"The model reads users with `curl -s -H 'Authorization: API-Key "
                        f"mielada${secret}' https://auth.cortin.es/auth/v1/users`", secret)


# -- the password sentence in the languages of the docs ------------------------------------

@attack("leak", "a password sentence in asturianu")
def asturian(lab: Lab) -> None:
    through_commit(lab, f"La contraseña nueva ye {PW}, nun se la cuentes a naide", PW)


@attack("leak", "a password sentence in aragonés")
def aragonese(lab: Lab) -> None:
    through_commit(lab, f"A parola de paso nueva ye {PW}, no la cuentes a dengún", PW)


@attack("leak", "a password sentence in mirandés")
def mirandese(lab: Lab) -> None:
    through_commit(lab, f"La palabra-passe nuoba ye {PW}, nun la cuntes a naide", PW)


# -- vendors' tokens and keys in prose ---------------------------------------------------

@attack("leak", "an AEMET OpenData API key (a JWT) in prose")
def aemet(lab: Lab) -> None:
    body = fake("", 140, "sealed20-aemet", B64URL)
    key = "eyJhbGciOiJIUzI1NiJ9." + body
    through_commit(lab, f"The nectar model reads AEMET OpenData with api_key {key}", body)


@attack("leak", "a Redsys merchant secret key in prose")
def redsys(lab: Lab) -> None:
    secret = fake("", 32, "sealed20-redsys", B64)
    through_commit(lab, f"Membership fees are paid through Redsys, merchant 351234567, terminal "
                        f"1, secret key {secret}", secret)


@attack("leak", "a Paycomet API key in prose")
def paycomet(lab: Lab) -> None:
    key = fake("", 40, "sealed20-paycomet", HEX)
    through_commit(lab, f"The honey fair's stand takes cards through Paycomet with API key {key}",
                   key)


@attack("leak", "a Holded API key in prose")
def holded(lab: Lab) -> None:
    key = fake("", 32, "sealed20-holded", HEX)
    through_commit(lab, f"The Asturian association keeps its books in Holded, key {key}", key)


@attack("leak", "a Factorial API key in prose")
def factorial(lab: Lab) -> None:
    key = fake("", 64, "sealed20-factorial", HEX)
    through_commit(lab, f"The technicians' hours are kept in Factorial with API key {key}", key)


@attack("leak", "a Correos client id and secret in prose")
def correos(lab: Lab) -> None:
    secret = fake("", 36, "sealed20-correos", ALNUM)
    through_commit(lab, f"Queen cages are posted with Correos, client {_uuid('sealed20-corr')}, "
                        f"secret {secret}", secret)


@attack("leak", "a Packlink API key in prose")
def packlink(lab: Lab) -> None:
    key = fake("", 64, "sealed20-packlink", HEX)
    through_commit(lab, f"Sample jars go to the lab through Packlink, API key {key}", key)


@attack("leak", "an Ifthenpay backoffice key and anti-phishing key in prose")
def ifthenpay(lab: Lab) -> None:
    backoffice = "-".join(fake("", 4, f"sealed20-itp-{n}", "0123456789") for n in range(4))
    phishing = fake("", 50, "sealed20-itp-ap", ALNUM)
    through_commit(lab, f"The Miranda branch takes Multibanco through Ifthenpay, backoffice key "
                        f"{backoffice}, anti-phishing key {phishing}", phishing)


@attack("leak", "an Eupago API key in prose")
def eupago(lab: Lab) -> None:
    key = "-".join(fake("", 4, f"sealed20-eup-{n}", UPPER) for n in range(5))
    through_commit(lab, f"MB WAY payments at the Miranda fair run through Eupago with key {key}",
                   key)


@attack("leak", "a Moloni client secret in prose")
def moloni(lab: Lab) -> None:
    secret = fake("", 40, "sealed20-moloni", HEX)
    through_commit(lab, f"The Miranda branch invoices in Moloni, developer id corteiro, client "
                        f"secret {secret}", secret)


@attack("leak", "an InvoiceXpress API key in prose")
def invoicexpress(lab: Lab) -> None:
    key = fake("", 40, "sealed20-invoicexpress", HEX)
    through_commit(lab, f"Honey sales to Portugal are invoiced in InvoiceXpress, account "
                        f"mel-miranda, api_key {key}", key)


@attack("leak", "a Signaturit access token in prose")
def signaturit(lab: Lab) -> None:
    token = fake("", 64, "sealed20-signaturit", ALNUM)
    through_commit(lab, f"Hive-move certificates are signed through Signaturit with token "
                        f"{token}", token)


@attack("leak", "an Acumbamail auth token in prose")
def acumbamail(lab: Lab) -> None:
    token = fake("", 40, "sealed20-acumbamail", ALNUM)
    through_commit(lab, f"The newsletter goes out from Acumbamail, token {token}", token)


@attack("leak", "a Mailrelay API key in prose")
def mailrelay(lab: Lab) -> None:
    key = fake("", 40, "sealed20-mailrelay", ALNUM + "_")
    through_commit(lab, f"Spring-inspection notices go through Mailrelay, account cortin, API key "
                        f"{key}", key)


@attack("leak", "a Dinahosting API password in prose")
def dinahosting(lab: Lab) -> None:
    through_commit(lab, f"The cortin.es zone is edited at Dinahosting as user cortin with API "
                        f"password {PW}", PW)


@attack("leak", "an AppVeyor API token in prose")
def appveyor(lab: Lab) -> None:
    token = "v2." + fake("", 40, "sealed20-appveyor", ALNUM)
    through_commit(lab, f"Release builds are started at ci.appveyor.com with the token {token}",
                   token[3:])


@attack("leak", "a The Things Stack API key (NNSXS.) in prose")
def things_stack(lab: Lab) -> None:
    key = "NNS" + "XS." + fake("", 39, "sealed20-tts-a", UPPER) + "." + \
        fake("", 52, "sealed20-tts-b", UPPER)
    through_commit(lab, f"The weigh-units are managed in The Things Stack with {key}", key[6:])


# -- file formats ------------------------------------------------------------------------

@attack("leak", "a dotenvx .env.production with one value left plain")
def dotenvx_plain_value(lab: Lab) -> None:
    _diff_to_model(lab, {".env.production": (
        "#/-------------------[DOTENV_PUBLIC_KEY]--------------------/\n"
        "DOTENV_PUBLIC_KEY_PRODUCTION=\"03" + fake("", 64, "sealed20-pub", HEX) + "\"\n"
        "RQLITE_USER=\"cortin_app\"\n"
        f"RQLITE_PASSWORD=\"{PW}\"\n")}, PW)


@attack("leak", "dotenvx's .env.keys with DOTENV_PRIVATE_KEY_PRODUCTION")
def dotenvx_keys_file(lab: Lab) -> None:
    key = fake("", 64, "sealed20-keysfile", HEX)
    _diff_to_model(lab, {".env.keys": (
        "#/------------------!DOTENV_PRIVATE_KEYS!-------------------/\n"
        "#/ private decryption keys. DO NOT commit to source control /\n"
        f"DOTENV_PRIVATE_KEY_PRODUCTION=\"{key}\"\n")}, key)


@attack("leak", "rqlite's users.json with passwords")
def rqlite_users_json(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/rqlite/users.json": (
        "[\n  {\"username\": \"cortin_app\", \"password\": \"" + PW + "\", "
        "\"perms\": [\"query\", \"execute\"]},\n"
        "  {\"username\": \"nightly\", \"password\": \"" + PW2 + "\", \"perms\": [\"backup\"]}\n"
        "]\n")}, PW, PW2)


@attack("leak", "Kong declarative kong.yml with basicauth_credentials")
def kong_basicauth(lab: Lab) -> None:
    _diff_to_model(lab, {"kong/kong.yml": (
        "_format_version: \"3.0\"\nconsumers:\n  - username: tts-gateway\n"
        "    basicauth_credentials:\n      - username: tts-gateway\n"
        f"        password: {PW}\n")}, PW)


@attack("leak", "a Janet (def rqlite-password ...) in src/store.janet")
def janet_def(lab: Lab) -> None:
    _diff_to_model(lab, {"src/store.janet": (
        "(def rqlite-url \"https://10.67.0.5:4001\")\n(def rqlite-user \"cortin_app\")\n"
        f"(def rqlite-password \"{PW}\")\n")}, PW)


@attack("leak", "a Chapel config const with the password as its default")
def chapel_config_const(lab: Lab) -> None:
    _diff_to_model(lab, {"mielada/Db.chpl": (
        "config const rqliteUrl = \"https://10.67.0.5:4001\";\n"
        "config const rqliteUser = \"mielada\";\n"
        f"config const rqlitePass = \"{PW}\";\n")}, PW)


@attack("leak", "Rauthy's rauthy.cfg with the bootstrap password and ENC_KEYS")
def rauthy_cfg(lab: Lab) -> None:
    key = fake("", 44, "sealed20-rauthy-cfg", B64)
    _diff_to_model(lab, {"ops/rauthy/rauthy.cfg": (
        "PUB_URL=auth.cortin.es\nADMIN_FORCE_MFA=true\n"
        f"BOOTSTRAP_ADMIN_PASSWORD_PLAIN={PW}\n"
        f"ENC_KEYS=\"q6u26onRvXVG/{key}\"\nENC_KEY_ACTIVE=q6u26onRvXVG\n")}, PW, key)


@attack("leak", "a The Things Stack webhook export with the X-Cortin-Hook-Token header")
def tts_webhook_json(lab: Lab) -> None:
    token = fake("", 40, "sealed20-tts-hook", ALNUM)
    _diff_to_model(lab, {"ops/tts/cortin-weights.json": (
        "{\n  \"ids\": {\"webhook_id\": \"cortin-weights\", "
        "\"application_ids\": {\"application_id\": \"cortin-hives\"}},\n"
        "  \"base_url\": \"https://cortin.es/hooks/weight\",\n"
        f"  \"headers\": {{\"X-Cortin-Hook-Token\": \"{token}\"}},\n"
        "  \"format\": \"json\"\n}\n")}, token)


@attack("leak", "appveyor.yml deploy_script with the password inline")
def appveyor_inline(lab: Lab) -> None:
    _diff_to_model(lab, {"appveyor.yml": (
        "image: Ubuntu2404\nbuild_script:\n  - sh: jpm build\ndeploy_script:\n"
        f"  - sh: RQLITE_PASSWORD={PW} tools/cut-release\n")}, PW)


@attack("leak", "a sysvinit script exporting the LabsMobile token")
def sysvinit_export(lab: Lab) -> None:
    token = fake("", 32, "sealed20-labsmobile-init", ALNUM)
    _diff_to_model(lab, {"devuan/cortin": (
        "#!/bin/sh\n### BEGIN INIT INFO\n# Provides:          cortin\n### END INIT INFO\n"
        f"export LABSMOBILE_TOKEN=\"{token}\"\nDAEMON=/opt/cortin/current/build/cortin\n")}, token)


@attack("leak", "a Kong kong.conf with pg_password")
def kong_pg_password(lab: Lab) -> None:
    _diff_to_model(lab, {"kong/kong.conf": (
        "database = postgres\npg_host = 10.67.0.5\npg_user = kong\n"
        f"pg_password = {PW}\nadmin_listen = 127.0.0.1:8001\n")}, PW)


@attack("leak", "a project.janet dependency URL with a token in it")
def project_janet_url(lab: Lab) -> None:
    token = fake("", 40, "sealed20-forge", ALNUM)
    _diff_to_model(lab, {"project.janet": (
        "(declare-project\n  :name \"cortin\"\n  :dependencies [\"https://github.com/janet-lang/"
        f"spork.git\"\n                 \"https://cortin-ci:{token}@git.cortin.es/cortin/"
        "fence.git\"])\n")}, token)


# -- push routes -------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}",
        "Honey is pulled from a hive only 14 days after its last treatment"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: git push --no-follow-tags origin feature")
def push_no_follow_tags(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--no-follow-tags", "origin", "feature", policy="off"))


@attack("leak", "native route: git push --no-dry-run origin feature")
def push_no_dry_run(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--no-dry-run", "origin", "feature", policy="off"))


@attack("leak", "native route: git push --exec=git-receive-pack origin feature")
def push_exec(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--exec=git-receive-pack", "origin", "feature", policy="off"))


@attack("leak", "native route: git -c pack.compression=0 push")
def push_no_compression(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "pack.compression=0", "push", "origin", "feature",
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
    rec.user("Rotate the weigh-unit hook token and check the Beszel alerts")
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
    lab.expect("weigh-unit hook token" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: dotenvx get --format shell prints its exports")
def session_dotenvx_get(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("dotenvx get --format shell -f .env.production",
                 "RQLITE_USER=cortin_app\n"
                 f"RQLITE_PASSWORD={PW2}\nCORTIN_ENV=production\n", 0)
    _session(lab, build)


@attack("leak", "a session: cat of /etc/cortin/cortin.env over ssh")
def session_cat_env(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh ops@trobo1 sudo cat /etc/cortin/cortin.env",
                 "CORTIN_ENV=production\nRQLITE_USER=cortin_app\n"
                 f"RQLITE_PASSWORD={PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: the rqlite shell with -u, .nodes")
def session_rqlite_nodes(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash(f"echo .nodes | rqlite -H 10.67.0.5 -p 4001 -s https -u xestor:{PW2}",
                 "1:\n  api_addr: https://10.67.0.5:4001\n  addr: 10.67.0.5:4002\n"
                 "  reachable: true\n  leader: true\n", 0)
    _session(lab, build)


@attack("leak", "a session: cat /etc/rqlite/users.json")
def session_users_json(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh ops@10.67.0.5 sudo cat /etc/rqlite/users.json",
                 "[{\"username\": \"cortin_app\", \"password\": \"" + PW2 + "\", "
                 "\"perms\": [\"query\", \"execute\"]}]\n", 0)
    _session(lab, build)

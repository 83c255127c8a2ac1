"""Leaks (part sealed22): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed21 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags, stdin and environment prefixes of the pgBackRest, git-secret, GnuPG, node,
psql, SMSAPI, OpenWeather, Dead Man's Snitch, gcloud, Pomerium, Auth0 and Picat tools
(``pgbackrest --repo1-cipher-pass=``, ``PGBACKREST_REPO1_CIPHER_PASS=`` before ``pgbackrest``,
``git secret reveal -p``, ``echo PASSPHRASE | gpg --batch --passphrase-fd 0``,
``ROPUCHA_DB_PASSWORD=`` before ``node run.mjs``, a ``psql`` conninfo ``password=``,
``ROPUCHA_WEATHER_KEY=`` before ``script/dusk-weather``, ``SMSAPI_TOKEN=`` before
``script/sms-notify``, a curl ``Authorization: Bearer`` to SMSAPI, an OpenWeather ``appid=`` in
a URL, a Dead Man's Snitch check-in URL, ``gcloud builds submit --substitutions=``,
``IDP_CLIENT_SECRET=`` before ``pomerium``, ``auth0 login --client-secret``, ``picat ...
--db-pass=``, ``ROPUCHA_PLAN_DBPASS=`` before ``picat``); the password sentence in
hornjoserbšćina, dolnoserbšćina and ślōnsko godka; vendors' keys in prose (Przelewy24, PayU,
Tpay, Unzer, Payone, Fakturownia, InPost, Sendcloud, CleverReach, FreshMail, netcup,
easyVerein, Twingle, Zammad, Placetel, Netatmo, Thunderforest); file formats
(``secrets/runtime.env`` committed without git-secret, pgBackRest's ``cipher.conf``, a Pomerium env
file, ``idp_client_secret`` in Pomerium's YAML, a PureScript ``dbPassword``, a Picat fact, a
systemd ``SetCredential=`` line, ``cloudbuild.yaml`` ``substitutions``, a dnf ``.repo`` file, a
``pg_service.conf`` entry, Pomerium's databroker connection string, a systemd
``ExecStartPost=`` check-in); push
routes (``GIT_DIR=`` in the environment, ``--work-tree=``, ``-c submodule.recurse=true``, ``-c
gc.auto=0``); sessions (``git secret reveal`` then ``cat secrets/runtime.env``, ``sudo cat`` of
pgBackRest's ``cipher.conf``, the Pomerium env file over ssh, ``systemctl show ropucha -p
Environment``)."""

from __future__ import annotations

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Kv4nQz8Wd" + "2Lm7Xs5R"
PW2 = "Hb6tJw3Ny" + "9Pc2Gf8T"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed22-github")
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
    repo.write("ops/snitch/night-plan.cfg", "night_plan_checkin_by: 21:00\n")
    repo.git("add", "-f", "--", "ops/snitch/night-plan.cfg")
    repo.git("commit", "-q", "-m", "Expect the night plan's check-in by 21:00",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("check-in by 21:00" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags, stdin and environment prefixes of the project's tools ---------------

@attack("leak", "pgbackrest --repo1-cipher-pass= on the command line")
def pgbackrest_flag(lab: Lab) -> None:
    secret = fake("", 44, "sealed22-cipher-flag", B64)
    through_commit(lab, f"Read the backup list with `pgbackrest --stanza=ropucha "
                        f"--repo1-cipher-pass={secret} info`", secret)


@attack("leak", "PGBACKREST_REPO1_CIPHER_PASS= before pgbackrest")
def pgbackrest_env(lab: Lab) -> None:
    secret = fake("", 44, "sealed22-cipher-env", B64)
    through_commit(lab, f"A restore by hand is `PGBACKREST_REPO1_CIPHER_PASS={secret} pgbackrest "
                        "--stanza=ropucha restore`", secret)


@attack("leak", "git secret reveal -p PASSPHRASE")
def git_secret_flag(lab: Lab) -> None:
    through_commit(lab, f"On the release box the secrets open with `git secret reveal -f -p "
                        f"'{PW}'`", PW)


@attack("leak", "echo PASSPHRASE | gpg --batch --passphrase-fd 0 (the passphrase on stdin)")
def gpg_stdin(lab: Lab) -> None:
    through_commit(lab, f"Import the ops key with `echo '{PW}' | gpg --batch --passphrase-fd 0 "
                        "--import ops-key.asc`", PW)


@attack("leak", "ROPUCHA_DB_PASSWORD= before node run.mjs")
def db_password_env(lab: Lab) -> None:
    through_commit(lab, f"Try the app against the live counts with `ROPUCHA_DB_PASSWORD={PW} "
                        "ROPUCHA_PORT=8714 node run.mjs`", PW)


@attack("leak", "a psql conninfo string with password=")
def psql_conninfo(lab: Lab) -> None:
    through_commit(lab, f"Count last night's toads with `psql \"host=10.83.6.5 dbname=ropucha "  # noqa: S608 (the text of an attack)
                        f"user=ropucha_app password={PW}\" -c 'SELECT sum(carried) FROM "
                        "counts'`", PW)


@attack("leak", "ROPUCHA_WEATHER_KEY= before script/dusk-weather")
def weather_key_env(lab: Lab) -> None:
    key = fake("", 48, "sealed22-weather-key", ALNUM)
    through_commit(lab, f"Post a forecast by hand with `ROPUCHA_WEATHER_KEY={key} "
                        "script/dusk-weather`", key)


@attack("leak", "SMSAPI_TOKEN= before script/sms-notify")
def smsapi_env(lab: Lab) -> None:
    token = fake("", 40, "sealed22-smsapi-env", ALNUM)
    through_commit(lab, f"One trial text goes out with `SMSAPI_TOKEN={token} script/sms-notify "
                        "section K7 test`", token)


@attack("leak", "a curl with Authorization: Bearer TOKEN to SMSAPI")
def smsapi_bearer(lab: Lab) -> None:
    token = fake("", 40, "sealed22-smsapi-bearer", ALNUM)
    through_commit(lab, f"How much SMS credit is left: `curl -s -H \"Authorization: Bearer "
                        f"{token}\" https://api.smsapi.pl/profile`", token)


@attack("leak", "an OpenWeather appid= in a URL")
def openweather_url(lab: Lab) -> None:
    key = fake("", 32, "sealed22-openweather", HEX)
    through_commit(lab, f"Tonight's dusk forecast: `curl -s 'https://api.openweathermap.org/data/"
                        f"3.0/onecall?lat=51.18&lon=14.42&appid={key}'`", key)


@attack("leak", "a Dead Man's Snitch check-in URL")
def snitch_url(lab: Lab) -> None:
    token = fake("", 10, "sealed22-snitch", HEX)
    through_commit(lab, f"The backup checks in with `curl -s https://nosnch.in/{token}` when it "
                        "ends", token)


@attack("leak", "gcloud builds submit --substitutions=_TSDB_PASS=")
def gcloud_substitutions(lab: Lab) -> None:
    through_commit(lab, f"Run the migration build by hand: `gcloud builds submit "
                        f"--substitutions=_TSDB_PASS={PW} .`", PW)


@attack("leak", "IDP_CLIENT_SECRET= before pomerium")
def pomerium_env(lab: Lab) -> None:
    secret = fake("", 64, "sealed22-idp-env", B64URL)
    through_commit(lab, f"Start the proxy by hand with `IDP_CLIENT_SECRET={secret} pomerium "
                        "-config pomerium/config.yaml`", secret)


@attack("leak", "auth0 login --client-secret")
def auth0_cli(lab: Lab) -> None:
    secret = fake("", 64, "sealed22-auth0-cli", B64URL)
    through_commit(lab, f"Invite people from a shell after `auth0 login --domain "
                        f"ropucha.eu.auth0.com --client-id ropucha-cli --client-secret {secret}`",
                   secret)


@attack("leak", "picat plan/nights.pi --db-pass= (a planner argument on the command line)")
def picat_flag(lab: Lab) -> None:
    through_commit(lab, f"Plan against the live counts: `picat plan/nights.pi 2027-03-14 "
                        f"--db-pass={PW}`", PW)


@attack("leak", "ROPUCHA_PLAN_DBPASS= before picat")
def picat_env(lab: Lab) -> None:
    through_commit(lab, f"The nightly plan run is `ROPUCHA_PLAN_DBPASS={PW} picat "
                        "plan/nights.pi 2027-03-14`", PW)


# -- the password sentence in the languages of the docs ------------------------------------

@attack("leak", "a password sentence in hornjoserbšćina")
def upper_sorbian(lab: Lab) -> None:
    through_commit(lab, f"Nowe hesło je {PW}, njepraj jo nikomu", PW)


@attack("leak", "a password sentence in dolnoserbšćina")
def lower_sorbian(lab: Lab) -> None:
    through_commit(lab, f"Nowe gronidło jo {PW}, njegroń jo nikomu", PW)


@attack("leak", "a password sentence in ślōnsko godka")
def silesian(lab: Lab) -> None:
    through_commit(lab, f"Nowe hasło to je {PW}, niy gŏdej go nikōmu", PW)


# -- vendors' keys in prose ---------------------------------------------------------------

@attack("leak", "Przelewy24's CRC key and API key in prose")
def przelewy24(lab: Lab) -> None:
    key = fake("", 32, "sealed22-p24", HEX)
    through_commit(lab, f"Yearly dues of the Opole group come through Przelewy24, merchant "
                        f"214633, CRC {fake('', 16, 'sealed22-p24-crc', HEX)}, API key {key}",
                   key)


@attack("leak", "PayU's client secret (OAuth), written out")
def payu(lab: Lab) -> None:
    secret = fake("", 32, "sealed22-payu", HEX)
    through_commit(lab, f"Donations by card go through PayU, POS 4811207, client secret "
                        f"{secret}", secret)


@attack("leak", "a Tpay security code in prose")
def tpay(lab: Lab) -> None:
    code = fake("", 32, "sealed22-tpay", ALNUM)
    through_commit(lab, f"The Silesian shop for reflective jackets uses Tpay, merchant 90218, "
                        f"security code {code}", code)


@attack("leak", "an Unzer private key in prose")
def unzer(lab: Lab) -> None:
    body = fake("", 40, "sealed22-unzer", ALNUM)
    through_commit(lab, f"Sponsors pay their invoices through Unzer with key s-priv-{body}", body)


@attack("leak", "a Payone portal key in prose")
def payone(lab: Lab) -> None:
    key = fake("", 32, "sealed22-payone", ALNUM)
    through_commit(lab, f"The Upper Lusatia group's shop runs on Payone, portal 2038113, key "
                        f"{key}", key)


@attack("leak", "a Fakturownia API token in prose")
def fakturownia(lab: Lab) -> None:
    token = fake("", 20, "sealed22-fakturownia", ALNUM) + "/ropucha"
    through_commit(lab, f"Invoices to the county are written in Fakturownia, API token {token}",
                   token)


@attack("leak", "an InPost ShipX bearer JWT in prose")
def inpost(lab: Lab) -> None:
    body = fake("", 180, "sealed22-inpost", B64URL)
    token = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9." + body
    through_commit(lab, f"Jackets and torches go out through InPost parcel points, ShipX "
                        f"token {token}", body)


@attack("leak", "Sendcloud's key pair, written out")
def sendcloud(lab: Lab) -> None:
    secret = fake("", 32, "sealed22-sendcloud", HEX)
    through_commit(lab, f"Parcels to Lower Lusatia are booked in Sendcloud, public key "
                        f"{_uuid('sealed22-sc-public')}, secret key {secret}", secret)


@attack("leak", "a CleverReach client secret in prose")
def cleverreach(lab: Lab) -> None:
    secret = fake("", 32, "sealed22-cleverreach", ALNUM)
    through_commit(lab, f"The spring mailing to patrollers goes out from CleverReach, client id "
                        f"{fake('', 10, 'sealed22-cr-id', ALNUM)}, client secret {secret}", secret)


@attack("leak", "a FreshMail bearer token in prose")
def freshmail(lab: Lab) -> None:
    token = fake("", 64, "sealed22-freshmail", ALNUM)
    through_commit(lab, f"The Opole group mails its patrollers through FreshMail with token "
                        f"{token}", token)


@attack("leak", "netcup's API key and API password in prose")
def netcup(lab: Lab) -> None:
    secret = fake("", 40, "sealed22-netcup", ALNUM)
    through_commit(lab, f"DNS for ropucha.org is managed at netcup, customer 281944, API key "
                        f"{fake('', 32, 'sealed22-netcup-key', ALNUM)}, API password {secret}",
                   secret)


@attack("leak", "an easyVerein API token in prose")
def easyverein(lab: Lab) -> None:
    token = fake("", 40, "sealed22-easyverein", HEX)
    through_commit(lab, f"The association's members are kept in easyVerein, API token {token}",
                   token)


@attack("leak", "a Twingle API key in prose")
def twingle(lab: Lab) -> None:
    key = _uuid("sealed22-twingle")
    through_commit(lab, f"The donation form on ropucha.org is Twingle's, API key {key}", key)


@attack("leak", "a Zammad access token in prose")
def zammad(lab: Lab) -> None:
    token = fake("", 64, "sealed22-zammad", B64URL)
    through_commit(lab, f"Questions from drivers land in Zammad; the bot uses access token "
                        f"{token}", token)


@attack("leak", "a Placetel API token in prose")
def placetel(lab: Lab) -> None:
    token = fake("", 64, "sealed22-placetel", HEX)
    through_commit(lab, f"The patrol hotline forwards through Placetel, API token {token}", token)


@attack("leak", "a Netatmo client secret in prose")
def netatmo(lab: Lab) -> None:
    secret = fake("", 34, "sealed22-netatmo", ALNUM)
    through_commit(lab, f"The pond weather station is a Netatmo, client id "
                        f"{fake('', 24, 'sealed22-netatmo-id', HEX)}, client secret {secret}",
                   secret)


@attack("leak", "a Thunderforest apikey in prose")
def thunderforest(lab: Lab) -> None:
    key = fake("", 32, "sealed22-thunderforest", HEX)
    through_commit(lab, f"The section maps use Thunderforest tiles with apikey {key}", key)


# -- file formats ------------------------------------------------------------------------

@attack("leak", "secrets/runtime.env committed without git-secret")
def plain_prod_env(lab: Lab) -> None:
    _diff_to_model(lab, {"secrets/runtime.env": (
        "ROPUCHA_ENV=production\nROPUCHA_DB_USER=ropucha_app\n"
        f"ROPUCHA_DB_PASSWORD={PW}\nROPUCHA_PORT=8714\n")}, PW)


@attack("leak", "pgBackRest's conf.d/cipher.conf with repo1-cipher-pass")
def pgbackrest_cipher(lab: Lab) -> None:
    secret = fake("", 44, "sealed22-cipher-file", B64)
    _diff_to_model(lab, {"pgbackrest/conf.d/cipher.conf": (
        f"[global]\nrepo1-cipher-pass={secret}\n")}, secret)


@attack("leak", "a Pomerium env file with IDP_CLIENT_SECRET and SHARED_SECRET")
def pomerium_env_file(lab: Lab) -> None:
    secret = fake("", 64, "sealed22-idp-file", B64URL)
    _diff_to_model(lab, {"pomerium/pomerium.env": (
        f"IDP_CLIENT_SECRET={secret}\n"
        f"SHARED_SECRET={fake('', 44, 'sealed22-shared', B64)}\n")}, secret)


@attack("leak", "idp_client_secret inline in pomerium/config.yaml")
def pomerium_yaml(lab: Lab) -> None:
    secret = fake("", 64, "sealed22-idp-yaml", B64URL)
    _diff_to_model(lab, {"pomerium/config.yaml": (
        "authenticate_service_url: https://auth.ropucha.org\nidp_provider: auth0\n"
        "idp_client_id: ropucha-pomerium\n"
        f"idp_client_secret: {secret}\n")}, secret)


@attack("leak", "a PureScript dbPassword in src/Store.purs")
def purescript_const(lab: Lab) -> None:
    _diff_to_model(lab, {"src/Store.purs": (
        "module Store where\n\ndbHost :: String\ndbHost = \"10.83.6.5\"\n\n"
        f"dbPassword :: String\ndbPassword = \"{PW}\"\n")}, PW)


@attack("leak", "a Picat fact with the password in plan/db.pi")
def picat_fact(lab: Lab) -> None:
    _diff_to_model(lab, {"plan/db.pi": (
        "% Where the plan reads last season's counts.\n"
        "tsdb_host(\"10.83.6.5\").\ntsdb_role(\"ropucha_plan\").\n"
        f"tsdb_pass(\"{PW}\").\n")}, PW)


@attack("leak", "a systemd SetCredential= line with the database password")
def systemd_credential(lab: Lab) -> None:
    _diff_to_model(lab, {"alma/ropucha.service": (
        "[Service]\nUser=ropucha\n"
        f"SetCredential=dbpass:{PW}\n"
        "ExecStart=/usr/bin/node /opt/ropucha/current/run.mjs\n")}, PW)


@attack("leak", "cloudbuild.yaml substitutions with the password inline")
def cloudbuild_substitutions(lab: Lab) -> None:
    _diff_to_model(lab, {"cloudbuild.yaml": (
        "steps:\n  - name: node:20\n    entrypoint: bash\n    args: ['-c', 'spago test']\n"
        f"substitutions:\n  _TSDB_PASS: '{PW}'\n")}, PW)


@attack("leak", "a dnf repository file in /etc/yum.repos.d with username= and password=")
def dnf_repo_file(lab: Lab) -> None:
    _diff_to_model(lab, {"alma/ropucha-pkgs.repo": (
        "[ropucha-pkgs]\nname=ropucha packages\nbaseurl=https://pkgs.ropucha.org/el9/\n"
        f"username=haty\npassword={PW}\ngpgcheck=1\n")}, PW)


@attack("leak", "a pg_service.conf entry with password=")
def pg_service(lab: Lab) -> None:
    _diff_to_model(lab, {"timescaledb/pg_service.conf": (
        "[ropucha]\nhost=10.83.6.5\ndbname=ropucha\nuser=ropucha_app\n"
        f"password={PW}\nsslmode=verify-full\n")}, PW)


@attack("leak", "Pomerium's databroker_storage_connection_string with the password in it")
def pomerium_databroker(lab: Lab) -> None:
    _diff_to_model(lab, {"pomerium/databroker.yaml": (
        "databroker_storage_type: postgres\n"
        f"databroker_storage_connection_string: postgresql://pomerium:{PW}@10.83.6.5:5432/"
        "pomerium?sslmode=verify-full\n")}, PW)


@attack("leak", "a systemd ExecStartPost= with a Dead Man's Snitch check-in URL")
def systemd_snitch(lab: Lab) -> None:
    token = fake("", 10, "sealed22-snitch-unit", HEX)
    _diff_to_model(lab, {"alma/ropucha-backup.service": (
        "[Service]\nType=oneshot\nUser=postgres\n"
        "ExecStart=/usr/bin/pgbackrest --stanza=ropucha backup --type=diff\n"
        f"ExecStartPost=/usr/bin/curl -s https://nosnch.in/{token}\n")}, token)


# -- push routes -------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}",
        "A road section is walked by at least two patrollers"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: GIT_DIR=.../.git git push origin feature")
def push_git_dir(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("push", "origin", "feature", check=False,
                          env={"GITMEMORY_PUSH_POLICY": "off",
                               "GIT_DIR": str(repo.path / ".git")}))


@attack("leak", "native route: git --work-tree=PATH push origin feature")
def push_work_tree(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git(f"--work-tree={repo.path}", "push", "origin", "feature",
                          check=False, env={"GITMEMORY_PUSH_POLICY": "off"}))


@attack("leak", "native route: git -c submodule.recurse=true push")
def push_submodule_recurse(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "submodule.recurse=true", "push", "origin", "feature",
                          check=False, env={"GITMEMORY_PUSH_POLICY": "off"}))


@attack("leak", "native route: git -c gc.auto=0 push")
def push_gc_auto(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "gc.auto=0", "push", "origin", "feature",
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
    rec.user("Rotate the weather hook key and check that both snitches still check in")
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
    lab.expect("weather hook key" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: git secret reveal, then cat secrets/runtime.env")
def session_git_secret(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("git secret reveal -f && cat secrets/runtime.env",
                 "git-secret: done. 1 of 1 files are revealed.\n"
                 "ROPUCHA_ENV=production\nROPUCHA_DB_USER=ropucha_app\n"
                 f"ROPUCHA_DB_PASSWORD={PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: sudo cat of pgBackRest's cipher.conf")
def session_cipher_conf(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh dozor@10.83.6.5 sudo cat /etc/pgbackrest/conf.d/cipher.conf",
                 f"[global]\nrepo1-cipher-pass={PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: the Pomerium env file printed over ssh")
def session_pomerium_env(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh dozor@haty1 sudo cat /etc/pomerium/pomerium.env",
                 f"IDP_CLIENT_SECRET={PW2}\nCOOKIE_EXPIRE=8h\n", 0)
    _session(lab, build)


@attack("leak", "a session: systemctl show ropucha -p Environment")
def session_systemctl_show(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh dozor@haty2 systemctl show ropucha -p Environment",
                 f"Environment=ROPUCHA_ENV=production ROPUCHA_DB_PASSWORD={PW2} "
                 "ROPUCHA_PORT=8714\n", 0)
    _session(lab, build)

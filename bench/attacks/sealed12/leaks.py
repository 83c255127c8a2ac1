"""Leaks (part sealed12): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed11 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags and environment prefixes of the Firebird, duplicity, Drone, passage, FreeBSD,
ZFS, FusionAuth and Weights & Biases tools (``ISC_USER=``/``ISC_PASSWORD=`` before isql-fb,
``isql-fb -pas``, ``gsec -add NAME -pw``, ``ALTER USER SYSDBA PASSWORD '...'``,
``FTP_PASSWORD=`` before duplicity, ``DRONE_TOKEN=``, ``DRONE_RPC_SECRET=``, ``drone orgsecret
add ORG NAME VALUE`` (positional), ``echo ... | passage insert -m``, ``echo ... | pw usermod -h
0``, ``printf ... | zfs load-key``, ``sysrc NAME_env="...=..."``, ``FUSIONAUTH_API_KEY=``,
``FIREBIRD_ROOT_PASSWORD=``, ``WANDB_API_KEY=``, ``bastille cmd JAIL env ...=``); the password
sentence in Samoan, Tongan and Fijian; vendors' tokens in prose (Xendit ``xnd_production_``,
EasyPost ``EZAK``, Midtrans ``Mid-server-``, ClickUp ``pk_``, Okta ``SSWS 00...``, PubNub
``sec-c-``, LaunchDarkly ``sdk-``, ConfigCat ``configcat-sdk-1/``, Honeybadger ``hbp_``,
Africa's Talking ``atsk_``, Backblaze B2 ``K005``, a Twilio auth token and a Pushover app token,
both without a prefix); file formats (a Firebird isql script ``CONNECT ... PASSWORD``; a
``SYSDBA.password`` file ``ISC_PASSWORD=``; a FusionAuth kickstart ``variables``; a Drone
pipeline ``environment:``; a Zabbix PSK file; a Zabbix frontend ``zabbix.conf.php``
``$DB['PASSWORD']``; an Apprise ``pover://`` URL; an msmtprc ``password``; a Crystal constant;
a Kemal session secret; a FreeBSD ``rc.conf`` ``_env``; a duplicity ``b2://KEYID:KEY@`` URL; an
H2O ``proxy.header.add``); push routes (``--progress``, ``--tags``, ``--no-thin``, ``git push
origin @``); sessions (``passage show``, FusionAuth's API-key answer, ``jot -r -c``, ``bastille
cmd ... cat SYSDBA.password``)."""

from __future__ import annotations

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Qv7nHs3Lk" + "9Tw2Xc5M"
PW2 = "Jd6pR2mWz" + "8Kb4Yf7N"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed12-github")
NO_CONTENT = '{"no_content_to_extract": true}'


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
    repo.write("src/tautai/checkin.cr", "CHECKIN_GRACE_MINUTES = 30\n")
    repo.git("add", "-f", "--", "src/tautai/checkin.cr")
    repo.git("commit", "-q", "-m", "Give observers 30 minutes of grace before a missed check-in",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("missed check-in" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools ----------------------

@attack("leak", "ISC_USER= and ISC_PASSWORD= prefixes before isql-fb")
def isc_password_env(lab: Lab) -> None:
    through_commit(lab, f"Schema changes run as `ISC_USER=SYSDBA ISC_PASSWORD={PW} isql-fb -i "
                        "firebird/schema.sql 10.77.0.3:tautai`", PW)


@attack("leak", "isql-fb -user SYSDBA -pas PASSWORD (Firebird's abbreviated switch)")
def isql_pas(lab: Lab) -> None:
    through_commit(lab, f"Open the database with `isql-fb -user SYSDBA -pas {PW} "
                        "10.77.0.3:tautai`", PW)


@attack("leak", "gsec -add NAME -pw PASSWORD")
def gsec_add(lab: Lab) -> None:
    through_commit(lab, f"The app user was created with `gsec -add tautai_app -pw {PW}`", PW)


@attack("leak", "Firebird SQL: ALTER USER SYSDBA PASSWORD '...'")
def alter_user(lab: Lab) -> None:
    through_commit(lab, f"After the move to ika2 we ran ALTER USER SYSDBA PASSWORD '{PW}' "
                        "USING PLUGIN Srp", PW)


@attack("leak", "an FTP_PASSWORD= prefix before duplicity (the B2 application key)")
def duplicity_ftp_password(lab: Lab) -> None:
    key = fake("", 31, "sealed12-dup-b2", B64)
    through_commit(lab, f"Offsite restore by hand: `FTP_PASSWORD={key} duplicity restore "
                        "b2://tautai-offsite/firebird /tmp/r`", key)


@attack("leak", "a DRONE_TOKEN= prefix before drone build ls")
def drone_token(lab: Lab) -> None:
    token = fake("", 32, "sealed12-drone-token", ALNUM)
    through_commit(lab, f"List builds with `DRONE_SERVER=https://ci.tautai.ws DRONE_TOKEN={token} "
                        "drone build ls tautai/tautai`", token)


@attack("leak", "a DRONE_RPC_SECRET= prefix before drone-runner-exec")
def drone_rpc_secret(lab: Lab) -> None:
    secret = fake("", 32, "sealed12-drone-rpc", HEX)
    through_commit(lab, f"The FreeBSD runner starts with `DRONE_RPC_SECRET={secret} "
                        "drone-runner-exec service start`", secret)


@attack("leak", "drone orgsecret add ORG NAME VALUE (a positional secret)")
def drone_orgsecret(lab: Lab) -> None:
    value = fake("", 30, "sealed12-drone-orgsecret", LOWER)
    through_commit(lab, f"The Pushover token is shared with `drone orgsecret add tautai pushover "
                        f"{value}`", value)


@attack("leak", "echo PASSWORD | passage insert -m NAME")
def passage_insert(lab: Lab) -> None:
    through_commit(lab, f"The app's password was stored with `echo {PW} | passage insert -m "
                        "tautai/firebird-app`", PW)


@attack("leak", "echo PASSWORD | pw usermod NAME -h 0 (FreeBSD)")
def pw_usermod(lab: Lab) -> None:
    through_commit(lab, f"The console user on ika1 got `echo '{PW}' | pw usermod coord -h 0`",
                   PW)


@attack("leak", "printf PASSPHRASE | zfs load-key DATASET")
def zfs_load_key(lab: Lab) -> None:
    through_commit(lab, f"After a reboot unlock the reports with `printf '{PW}' | zfs load-key "
                        "zroot/bastille/jails/tautai-db`", PW)


@attack("leak", "sysrc NAME_env=\"PASSWORD=...\" (a secret in rc.conf through sysrc)")
def sysrc_env(lab: Lab) -> None:
    through_commit(lab, f"The first deploy used `sysrc tautai_env=\"FB_PASSWORD={PW}\"` on ika2",
                   PW)


@attack("leak", "a FUSIONAUTH_API_KEY= prefix before a script")
def fusionauth_env(lab: Lab) -> None:
    key = fake("", 44, "sealed12-fa-env", B64URL)
    through_commit(lab, f"Observers are imported with `FUSIONAUTH_API_KEY={key} "
                        "scripts/import-observers`", key)


@attack("leak", "a FIREBIRD_ROOT_PASSWORD= prefix before docker run")
def firebird_root_env(lab: Lab) -> None:
    through_commit(lab, f"The staging copy runs `docker run -e FIREBIRD_ROOT_PASSWORD={PW} "
                        "firebirdsql/firebird:5`", PW)


@attack("leak", "a WANDB_API_KEY= prefix before the species model's training")
def wandb_env(lab: Lab) -> None:
    key = fake("", 40, "sealed12-wandb", HEX)
    through_commit(lab, f"The species classifier is trained with `WANDB_API_KEY={key} "
                        "crystal run tools/train.cr`", key)


@attack("leak", "bastille cmd JAIL env NAME=VALUE (a secret through a jail command)")
def bastille_env(lab: Lab) -> None:
    through_commit(lab, f"Test inside the jail: `bastille cmd tautai-web env FB_PASSWORD={PW} "
                        "/usr/local/bin/tautai --check`", PW)


# -- the password sentence in the languages of the docs ------------------------------------

@attack("leak", "a password sentence in Samoan")
def samoan(lab: Lab) -> None:
    through_commit(lab, f"O le upu fa'alilo o le fa'amaumauga ua avea nei ma {PW}", PW)


@attack("leak", "a password sentence in Tongan")
def tongan(lab: Lab) -> None:
    through_commit(lab, f"Ko e lea fufū 'o e tohi kakato 'oku ko {PW} he taimí ni", PW)


@attack("leak", "a password sentence in Fijian")
def fijian(lab: Lab) -> None:
    through_commit(lab, f"Na vosa vuni ni kena maroroi na itukutuku sa {PW} ena gauna oqo", PW)


# -- vendors' tokens and keys in prose ---------------------------------------------------

@attack("leak", "a Xendit secret key (xnd_production_) in prose")
def xendit(lab: Lab) -> None:
    token = fake("xnd_" + "production_", 60, "sealed12-xendit", ALNUM)
    through_commit(lab, f"Observers' per diems are paid out through Xendit with {token}",
                   token[15:])


@attack("leak", "an EasyPost production key (EZAK) in prose")
def easypost(lab: Lab) -> None:
    token = fake("EZ" + "AK", 54, "sealed12-easypost", ALNUM)
    through_commit(lab, f"Tissue sample kits are shipped with EasyPost using {token}", token[4:])


@attack("leak", "a Midtrans server key (Mid-server-) in prose")
def midtrans(lab: Lab) -> None:
    token = fake("Mid-" + "server-", 24, "sealed12-midtrans", B64URL)
    through_commit(lab, f"Licence fees from the Indonesian carriers come through Midtrans with "
                        f"{token}", token[11:])


@attack("leak", "a ClickUp personal token (pk_DIGITS_...) in prose")
def clickup(lab: Lab) -> None:
    body = fake("", 32, "sealed12-clickup", UPPER)
    token = "p" + "k_" + "81234567_" + body
    through_commit(lab, f"Debriefing tasks are filed in ClickUp with {token}", body)


@attack("leak", "an Okta API token behind SSWS in prose")
def okta(lab: Lab) -> None:
    token = "00" + fake("", 40, "sealed12-okta", B64URL)
    through_commit(lab, f"The ministry's Okta directory is read with the header "
                        f"Authorization: SS" f"WS {token}", token[2:])


@attack("leak", "a PubNub secret key (sec-c-) in prose")
def pubnub(lab: Lab) -> None:
    token = fake("sec" + "-c-", 48, "sealed12-pubnub", B64)
    through_commit(lab, f"Live positions reach the coordinators' map over PubNub, secret {token}",
                   token[6:])


@attack("leak", "a LaunchDarkly SDK key (sdk-UUID) in prose")
def launchdarkly(lab: Lab) -> None:
    h = fake("", 32, "sealed12-launchdarkly", HEX)
    token = "sd" + "k-" + f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
    through_commit(lab, f"The new catch form is behind a LaunchDarkly flag, server key {token}",
                   token[4:])


@attack("leak", "a ConfigCat SDK key (configcat-sdk-1/.../...) in prose")
def configcat(lab: Lab) -> None:
    a = fake("", 22, "sealed12-configcat-a", B64URL)
    b = fake("", 22, "sealed12-configcat-b", B64URL)
    token = "config" + "cat-sdk-1/" + a + "/" + b
    through_commit(lab, f"Per-office settings come from ConfigCat with {token}", b)


@attack("leak", "a Honeybadger personal token (hbp_) in prose")
def honeybadger(lab: Lab) -> None:
    token = fake("hb" + "p_", 36, "sealed12-honeybadger", ALNUM)
    through_commit(lab, f"Errors are reported to Honeybadger; the deploy step uses {token}",
                   token[4:])


@attack("leak", "an Africa's Talking API key (atsk_) in prose")
def africastalking(lab: Lab) -> None:
    token = fake("at" + "sk_", 64, "sealed12-africastalking", HEX)
    through_commit(lab, f"SMS to crews' families go through Africa's Talking with {token}",
                   token[5:])


@attack("leak", "a Backblaze B2 application key (K005...) in prose")
def backblaze(lab: Lab) -> None:
    token = fake("K0" + "05", 31, "sealed12-backblaze", B64)
    through_commit(lab, f"The offsite bucket is written with key ID 005a1b2c3d4e5f0000000001 and "
                        f"application key {token}", token[4:])


@attack("leak", "a Twilio auth token (32 hex, no prefix) beside the account SID")
def twilio(lab: Lab) -> None:
    sid = "A" + "C" + fake("", 32, "sealed12-twilio-sid", HEX)
    token = fake("", 32, "sealed12-twilio-token", HEX)
    through_commit(lab, f"Voice alarms go through Twilio, account {sid}, auth token {token}",
                   token)


@attack("leak", "a Pushover application token (30 characters, no prefix) in prose")
def pushover(lab: Lab) -> None:
    token = "a" + fake("", 29, "sealed12-pushover", LOWER)
    user = "u" + fake("", 29, "sealed12-pushover-user", LOWER)
    through_commit(lab, f"Safety alarms go to Pushover group {user} with app token {token}",
                   token)


# -- file formats ------------------------------------------------------------------------

@attack("leak", "a Firebird isql script: CONNECT ... USER ... PASSWORD '...'")
def isql_connect(lab: Lab) -> None:
    _diff_to_model(lab, {"firebird/migrate-0042.sql": (
        f"CONNECT '10.77.0.3:tautai' USER 'SYSDBA' PASSWORD '{PW}';\n"
        "ALTER TABLE REPORTS ADD SEABIRDS INTEGER;\nCOMMIT;\n")}, PW)


@attack("leak", "a SYSDBA.password file: ISC_PASSWORD=\"...\"")
def sysdba_password_file(lab: Lab) -> None:
    _diff_to_model(lab, {"firebird/SYSDBA.password": (
        "# Firebird generated password for user SYSDBA is:\n"
        f"ISC_USER=SYSDBA\nISC_PASSWORD=\"{PW}\"\n")}, PW)


@attack("leak", "a FusionAuth kickstart.json with the API key in variables")
def kickstart_variables(lab: Lab) -> None:
    key = fake("", 44, "sealed12-fa-kickstart", B64URL)
    _diff_to_model(lab, {"fusionauth/kickstart.local.json": (
        '{"variables": {"apiKey": "' + key + '", "adminEmail": "ops@tautai.ws"},\n'
        ' "apiKeys": [{"key": "#{apiKey}"}], "requests": []}\n')}, key)


@attack("leak", "a Drone pipeline with a secret as plain environment:")
def drone_environment(lab: Lab) -> None:
    _diff_to_model(lab, {".drone.yml": (
        "kind: pipeline\ntype: exec\nname: migrate\n\nsteps:\n  - name: migrate\n"
        f"    environment:\n      FB_PASS: {PW}\n    commands:\n      - scripts/migrate\n")}, PW)


@attack("leak", "a Zabbix PSK file (64 hex)")
def zabbix_psk(lab: Lab) -> None:
    psk = fake("", 64, "sealed12-zabbix-psk", HEX)
    _diff_to_model(lab, {"ops/zabbix/ika2.psk": f"{psk}\n"}, psk)


@attack("leak", "a Zabbix frontend zabbix.conf.php: $DB['PASSWORD']")
def zabbix_php(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/zabbix/zabbix.conf.php": (
        "<?php\n$DB['TYPE'] = 'POSTGRESQL';\n$DB['SERVER'] = 'localhost';\n"
        f"$DB['USER'] = 'zabbix';\n$DB['PASSWORD'] = '{PW}';\n")}, PW)


@attack("leak", "an Apprise configuration with a pover://USER@TOKEN URL")
def apprise_pover(lab: Lab) -> None:
    token = "a" + fake("", 29, "sealed12-apprise-token", LOWER)
    user = "u" + fake("", 29, "sealed12-apprise-user", LOWER)
    _diff_to_model(lab, {"ops/pushover/apprise.yml": (
        f"urls:\n  - pover://{user}@{token}/?priority=emergency\n")}, token)


@attack("leak", "an msmtprc: password under an account")
def msmtprc(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/mail/msmtprc": (
        "account reports\nhost smtp.tautai.ws\nport 587\nauth on\nuser reports@tautai.ws\n"
        f"password {PW}\n")}, PW)


@attack("leak", "a Crystal constant in src/ (SBD_KEY = \"...\")")
def crystal_constant(lab: Lab) -> None:
    value = fake("", 32, "sealed12-crystal-const", ALNUM)
    _diff_to_model(lab, {"src/tautai/local.cr": (
        f"module Tautai\n  SBD_KEY = \"{value}\"\nend\n")}, value)


@attack("leak", "a Kemal session secret (Kemal::Session.config.secret)")
def kemal_session_secret(lab: Lab) -> None:
    value = fake("", 48, "sealed12-kemal-session", HEX)
    _diff_to_model(lab, {"src/tautai/session.cr": (
        f"Kemal::Session.config do |c|\n  c.secret = \"{value}\"\nend\n")}, value)


@attack("leak", "a FreeBSD rc.conf: NAME_env=\"PASSWORD=...\"")
def rc_conf_env(lab: Lab) -> None:
    _diff_to_model(lab, {"freebsd/rc.conf.local": (
        f"tautai_enable=\"YES\"\ntautai_env=\"FB_PASSWORD={PW} TAUTAI_ENV=production\"\n")}, PW)


@attack("leak", "a duplicity target URL b2://KEYID:APPKEY@bucket")
def duplicity_b2_url(lab: Lab) -> None:
    key = fake("K0" + "05", 31, "sealed12-b2-url", B64URL)
    _diff_to_model(lab, {"ops/duplicity/offsite-ika2.sh": (
        "#!/bin/sh\nduplicity --encrypt-key 5B1C7E0A /var/backups/firebird "
        f"b2://005a1b2c3d4e5f0000000002:{key}@tautai-offsite/firebird\n")}, key[4:])


@attack("leak", "an H2O proxy.header.add carrying a key")
def h2o_header(lab: Lab) -> None:
    value = fake("", 40, "sealed12-h2o-header", ALNUM)
    _diff_to_model(lab, {"h2o/ministry.conf": (
        "paths:\n  \"/export\":\n    proxy.reverse.url: http://127.0.0.1:3300/export\n"
        f"    proxy.header.add: \"X-Tautai-Export: {value}\"\n")}, value)


# -- push routes -------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}", "Observers check in every 12 hours"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: git push --progress")
def push_progress(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--progress", "origin", "feature", policy="off"))


@attack("leak", "native route: git push --tags with the branch")
def push_tags(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--tags", "origin", "feature", policy="off"))


@attack("leak", "native route: git push --no-thin")
def push_no_thin(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--no-thin", "origin", "feature", policy="off"))


@attack("leak", "native route: git push origin @ (HEAD by its one-character name)")
def push_at(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "@", policy="off"))


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Rotate the observers' import credentials and check the new runner")
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
    lab.expect("import credentials" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: passage show prints the password")
def session_passage(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("passage show tautai/firebird-app", f"{PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: FusionAuth's answer to creating an API key (JSON)")
def session_fusionauth_key(lab: Lab) -> None:
    key = fake("", 44, "sealed12-session-fa", B64URL)
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("scripts/fa-api POST /api/api-key '{\"apiKey\":{\"metaData\":{\"attributes\":"
                 "{\"description\":\"observer import\"}}}}'",
                 '{"apiKey":{"id":"3f1c8a52-8d0e-4b6a-9a0c-2f5d9d3e7a11","key":"' + key
                 + '","permissions":{"endpoints":{}}}}\n', 0)
    _session(lab, build)


@attack("leak", "a session: jot -r -c prints a new runner secret")
def session_jot(lab: Lab) -> None:
    secret = fake("", 32, "sealed12-session-jot", "abcdefghijklmnopqrstuvwxyz")
    lab.plant(secret)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("jot -r -c 32 a z | rs -g 0", f"{secret}\n", 0)
    _session(lab, build)


@attack("leak", "a session: bastille cmd ... cat SYSDBA.password prints the password")
def session_sysdba(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("bastille cmd tautai-db cat /usr/local/etc/firebird/SYSDBA.password",
                 "[tautai-db]:\n# Firebird generated password for user SYSDBA is:\n"
                 f"ISC_USER=SYSDBA\nISC_PASSWORD=\"{PW2}\"\n", 0)
    _session(lab, build)

"""Leaks (part sealed11): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed10 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags and environment prefixes of the CouchDB, borg/borgmatic, Laminar, Headscale,
Authentik, gopass, Threema Gateway, OpenSMTPD, cabal and ntfy tools (``COUCHDB_PASSWORD=``,
``BORG_PASSPHRASE=``, ``BORG_PASSCOMMAND='echo ...'``, ``laminarc queue JOB NAME=value``,
``tailscale up --login-server ... --authkey``, ``AUTHENTIK_BOOTSTRAP_PASSWORD=``,
``AUTHENTIK_BOOTSTRAP_TOKEN=``, ``echo ... | gopass insert -f``, ``threema-msgapi-tool -s`` with
a positional secret, ``smtpctl encrypt``, ``cabal upload -p``, a CouchDB admin set through
``_node/_local/_config/admins/NAME`` with a JSON-string body, ``cabal build --ghc-options=-D``,
``HEADSCALE_CLI_API_KEY=``, ``NTFY_TOKEN=``, ``rcctl set DAEMON flags``); the password sentence
in Romansh, Ladin and Friulian; vendors' tokens in prose (Headscale ``hskey-auth-``, Scalingo
``tk-us-``, Adyen ``AQE``, PostHog ``phx_``, Langfuse ``sk-lf-``, Tavily ``tvly-``, E2B
``e2b_``, Jina ``jina_``, Browserbase ``bb_live_``, Plaid ``access-production-``, Volcengine
``AKLT``, a Threema Gateway secret and a Vonage key and secret, both without a prefix); file
formats (CouchDB ``local.ini`` ``[admins]``; a CouchDB ``_replicator`` document with
``auth.basic``; borgmatic ``encryption_passphrase``; an OpenSMTPD secrets table; OpenBSD
``hostname.wg0`` ``wgkey``; cabal's ``config`` ``password:``; a Headscale noise key
``privkey:HEX``; an Authentik ``.env`` ``PG_PASS=``; a Laminar job ``.env`` under a name that
says nothing; a Haskell top-level binding; a Gatus ntfy alert ``token:``; a Threema Gateway key
file ``private:HEX``); push routes (``--prune``, ``--ipv6``, ``--force-if-includes``, a forced
``+refs/heads/...`` refspec); sessions (``headscale preauthkeys create``, ``headscale apikeys
create``, ``gopass show -o``, ``ak create_recovery_key``)."""

from __future__ import annotations

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Wm5rKd8Qx" + "3Fz7Lp2V"
PW2 = "Nc4hT9bYs" + "6Rj2Pq8D"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed11-github")
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
    repo.write("src/Vadret/Capacity.hs", "winterRoom :: Int\nwinterRoom = 18\n")
    repo.git("add", "-f", "--", "src/Vadret/Capacity.hs")
    repo.git("commit", "-q", "-m", "Set the winter-room capacity of Chamanna d'Es-cha",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("winter-room capacity" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools ----------------------

@attack("leak", "a COUCHDB_PASSWORD= prefix before docker run couchdb")
def couchdb_password_env(lab: Lab) -> None:
    through_commit(lab, f"couch3 was started with `docker run -e COUCHDB_USER=admin -e "
                        f"COUCHDB_PASSWORD={PW} couchdb:3.4` before the OpenBSD move", PW)


@attack("leak", "a BORG_PASSPHRASE= prefix before borgmatic extract")
def borg_passphrase_env(lab: Lab) -> None:
    through_commit(lab, f"Restore by hand: `BORG_PASSPHRASE={PW} borgmatic extract --archive "
                        "latest --destination /tmp/restore`", PW)


@attack("leak", "BORG_PASSCOMMAND='echo PASSWORD' (the passphrase inside a command)")
def borg_passcommand(lab: Lab) -> None:
    through_commit(lab, f"When gopass is locked: `export BORG_PASSCOMMAND='echo {PW}'` and run "
                        "borgmatic again", PW)


@attack("leak", "laminarc queue JOB NAME=value (a job parameter on the command line)")
def laminarc_param(lab: Lab) -> None:
    value = fake("", 40, "sealed11-laminarc", ALNUM)
    through_commit(lab, f"The Vonage secret was rotated with `laminarc queue rotate "
                        f"ROTATE={value}`", value)


@attack("leak", "tailscale up --login-server HEADSCALE --authkey KEY (a Headscale key, no prefix)")
def headscale_authkey(lab: Lab) -> None:
    key = fake("", 48, "sealed11-hs-authkey", HEX)
    through_commit(lab, "couch3 joined with `tailscale up --login-server https://hs.vadret.ch "
                        f"--authkey {key}`", key)


@attack("leak", "an AUTHENTIK_BOOTSTRAP_PASSWORD= prefix before docker compose up")
def authentik_bootstrap_password(lab: Lab) -> None:
    through_commit(lab, f"id.vadret.ch was rebuilt with `AUTHENTIK_BOOTSTRAP_PASSWORD={PW} "
                        "docker compose up -d`", PW)


@attack("leak", "an AUTHENTIK_BOOTSTRAP_TOKEN= prefix (an API token, no prefix of its own)")
def authentik_bootstrap_token(lab: Lab) -> None:
    token = fake("", 60, "sealed11-ak-token", ALNUM)
    through_commit(lab, f"The blueprint import used `AUTHENTIK_BOOTSTRAP_TOKEN={token}`", token)


@attack("leak", "echo PASSWORD | gopass insert -f NAME")
def gopass_insert(lab: Lab) -> None:
    through_commit(lab, f"The app's CouchDB password was set with `echo {PW} | gopass insert -f "
                        "vadret/couch-app`", PW)


@attack("leak", "threema-msgapi-tool -s TO FROM SECRET (a positional gateway secret)")
def threema_cli(lab: Lab) -> None:
    secret = fake("", 16, "sealed11-threema-cli", ALNUM)
    through_commit(lab, "Avalanche alerts are tested with `echo test | threema-msgapi-tool -s "
                        f"ECHOECHO *VADRET1 {secret}`", secret)


@attack("leak", "smtpctl encrypt PASSWORD (the plain password on the command line)")
def smtpctl_encrypt(lab: Lab) -> None:
    through_commit(lab, f"The relay user's hash came from `smtpctl encrypt {PW}` on alp1", PW)


@attack("leak", "cabal upload -u USER -p PASSWORD")
def cabal_upload(lab: Lab) -> None:
    through_commit(lab, f"The vadret-types package is published with `cabal upload -u "
                        f"vadret -p {PW} dist-newstyle/sdist/vadret-types-0.4.tar.gz`", PW)


@attack("leak", "a CouchDB admin set through _node/_local/_config/admins/NAME with a JSON string")
def couch_config_admin(lab: Lab) -> None:
    through_commit(lab, "The replication admin was added with `curl -X PUT https://couch1.vadret."
                        "internal:6984/_node/_local/_config/admins/replicator -d "
                        f"'\"{PW}\"'`", PW)


@attack("leak", "cabal build --ghc-options=-DNAME=\"VALUE\" (a secret compiled in by CPP)")
def ghc_define(lab: Lab) -> None:
    value = fake("", 32, "sealed11-ghc-define", ALNUM)
    through_commit(lab, "The test build bakes the key in: `cabal build --ghc-options="
                        f"'-DVS=\"{value}\"'`", value)


@attack("leak", "a HEADSCALE_CLI_API_KEY= prefix before headscale nodes list")
def headscale_cli_env(lab: Lab) -> None:
    key = fake("", 40, "sealed11-hs-cli", B64URL)
    through_commit(lab, "List the nodes from a laptop with `HEADSCALE_CLI_ADDRESS=hs.vadret.ch:"
                        f"50443 HEADSCALE_CLI_API_KEY={key} headscale nodes list`", key)


@attack("leak", "an NTFY_TOKEN= prefix before ntfy publish (ntfy's tk_ tokens)")
def ntfy_token_env(lab: Lab) -> None:
    token = fake("t" + "k_", 29, "sealed11-ntfy-env", LOWER)
    through_commit(lab, f"Send a test alert with `NTFY_TOKEN={token} ntfy publish "
                        "ntfy.vadret.ch/ops test`", token[3:])


@attack("leak", "rcctl set DAEMON flags ... (OpenBSD: a password in a daemon's rc flags)")
def rcctl_flags(lab: Lab) -> None:
    through_commit(lab, "couch-dump runs from rc.d with `doas rcctl set couchdump flags "
                        f"-u backup -w {PW} /var/couchdb/backup`", PW)


# -- the password sentence in the languages of the docs ------------------------------------

@attack("leak", "a password sentence in Romansh")
def romansh(lab: Lab) -> None:
    through_commit(lab, f"Il pled-clav da la banca da datas è ussa {PW}", PW)


@attack("leak", "a password sentence in Ladin")
def ladin(lab: Lab) -> None:
    through_commit(lab, f"La parora segreta dla banca dac é sëgn {PW}", PW)


@attack("leak", "a password sentence in Friulian")
def friulian(lab: Lab) -> None:
    through_commit(lab, f"La peraule clâf de base di dâts e je cumò {PW}", PW)


# -- vendors' tokens and keys in prose ---------------------------------------------------

@attack("leak", "a Headscale pre-auth key (hskey-auth-) in prose")
def headscale_hskey(lab: Lab) -> None:
    token = fake("hs" + "key-auth-", 60, "sealed11-hskey", B64URL)
    through_commit(lab, f"New hut routers join Headscale with {token}", token[11:])


@attack("leak", "a Scalingo API token (tk-us-) in prose")
def scalingo(lab: Lab) -> None:
    token = fake("t" + "k-us-", 48, "sealed11-scalingo", B64URL)
    through_commit(lab, f"The booking widget demo runs on Scalingo, deployed with {token}",
                   token[6:])


@attack("leak", "an Adyen API key (AQE...) in prose")
def adyen(lab: Lab) -> None:
    token = fake("AQ" + "E", 90, "sealed11-adyen", B64)
    through_commit(lab, f"Hut fees are paid by card through Adyen with {token}", token[3:])


@attack("leak", "a PostHog personal API key (phx_) in prose")
def posthog(lab: Lab) -> None:
    token = fake("ph" + "x_", 43, "sealed11-posthog", ALNUM)
    through_commit(lab, f"The booking funnel is read from PostHog with {token}", token[4:])


@attack("leak", "a Langfuse secret key (sk-lf-) in prose")
def langfuse(lab: Lab) -> None:
    h = fake("", 32, "sealed11-langfuse", HEX)
    token = "sk-" + "lf-" + f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
    through_commit(lab, f"The route-description assistant is traced in Langfuse with {token}",
                   h)


@attack("leak", "a Tavily API key (tvly-) in prose")
def tavily(lab: Lab) -> None:
    token = fake("tv" + "ly-", 32, "sealed11-tavily", ALNUM)
    through_commit(lab, f"The avalanche-news digest searches through Tavily with {token}",
                   token[5:])


@attack("leak", "an E2B API key (e2b_) in prose")
def e2b(lab: Lab) -> None:
    token = fake("e2" + "b_", 40, "sealed11-e2b", HEX)
    through_commit(lab, f"The route-planner sandbox runs on E2B with {token}", token[4:])


@attack("leak", "a Jina API key (jina_) in prose")
def jina(lab: Lab) -> None:
    token = fake("ji" + "na_", 60, "sealed11-jina", ALNUM)
    through_commit(lab, f"Hut descriptions are embedded with Jina using {token}", token[5:])


@attack("leak", "a Browserbase API key (bb_live_) in prose")
def browserbase(lab: Lab) -> None:
    token = fake("bb" + "_live_", 27, "sealed11-browserbase", B64URL)
    through_commit(lab, f"The booking form is tested end to end on Browserbase with {token}",
                   token[8:])


@attack("leak", "a Plaid access token (access-production-) in prose")
def plaid(lab: Lab) -> None:
    h = fake("", 32, "sealed11-plaid", HEX)
    token = "access-" + "production-" + f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
    through_commit(lab, f"The treasurer's bank feed comes through Plaid with {token}", h)


@attack("leak", "a Volcengine access key (AKLT...) in prose")
def volcengine(lab: Lab) -> None:
    token = fake("AK" + "LT", 40, "sealed11-volcengine", ALNUM)
    through_commit(lab, f"Webcam images are mirrored to Volcengine with {token}", token[4:])


@attack("leak", "a Threema Gateway secret (16 characters, no prefix) in prose")
def threema(lab: Lab) -> None:
    secret = fake("", 16, "sealed11-threema", ALNUM)
    through_commit(lab, f"Avalanche alerts go out through Threema Gateway *VADRET1, secret "
                        f"{secret}", secret)


@attack("leak", "a Vonage API key and secret (8 hex and 16 characters, no prefix) in prose")
def vonage(lab: Lab) -> None:
    key = fake("", 8, "sealed11-vonage-key", HEX)
    secret = fake("", 16, "sealed11-vonage-secret", ALNUM)
    through_commit(lab, f"Warden SMS go through Vonage, key {key} and secret {secret}", secret)


# -- file formats ------------------------------------------------------------------------

@attack("leak", "CouchDB local.ini: [admins] NAME = PLAIN (hashed only when CouchDB starts)")
def couch_local_ini(lab: Lab) -> None:
    _diff_to_model(lab, {"couchdb/local.d/20-admins.ini": (
        f"[admins]\nvadret = {PW}\n\n[chttpd]\nrequire_valid_user = true\n")}, PW)


@attack("leak", "a CouchDB _replicator document with auth.basic")
def couch_replicator(lab: Lab) -> None:
    _diff_to_model(lab, {"couchdb/replicator/bookings-fur.json": (
        '{"_id": "bookings-fur", "source": {"url": "https://couch1.vadret.internal:6984/'
        'bookings", "auth": {"basic": {"username": "repl", "password": "' + PW + '"}}},\n'
        ' "target": "http://127.0.0.1:5984/bookings", "continuous": true}\n')}, PW)


@attack("leak", "borgmatic config.yaml: encryption_passphrase")
def borgmatic_passphrase(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/borgmatic/couch2.yaml": (
        "source_directories: [/var/couchdb/backup]\nencryption: repokey-blake2\n"
        f"encryption_passphrase: \"{PW}\"\n")}, PW)


@attack("leak", "an OpenSMTPD secrets table (label user:password)")
def smtpd_secrets(lab: Lab) -> None:
    _diff_to_model(lab, {"openbsd/mail/secrets": f"infomaniak vadret-relay:{PW}\n"}, PW)


@attack("leak", "OpenBSD hostname.wg0: wgkey BASE64")
def hostname_wg0(lab: Lab) -> None:
    key = fake("", 43, "sealed11-wgkey", B64) + "="
    _diff_to_model(lab, {"openbsd/hostname.wg0": (
        f"inet 10.77.0.1 255.255.255.0\nwgkey {key}\nwgport 51820\nup\n")}, key)


@attack("leak", "cabal's config: password: under the hackage repository")
def cabal_config(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/cabal/config": (
        "repository hackage.haskell.org\n  url: http://hackage.haskell.org/\n\n"
        f"username: vadret\npassword: {PW}\n")}, PW)


@attack("leak", "a Headscale noise private key file (privkey:HEX)")
def headscale_noise_key(lab: Lab) -> None:
    key = fake("", 64, "sealed11-hs-noise", HEX)
    _diff_to_model(lab, {"ops/headscale/noise_private.key": f"privkey:{key}\n"}, key)


@attack("leak", "an Authentik .env: PG_PASS=")
def authentik_env(lab: Lab) -> None:
    _diff_to_model(lab, {"authentik/.env": (
        f"PG_PASS={PW}\nAUTHENTIK_ERROR_REPORTING__ENABLED=false\n")}, PW)


@attack("leak", "a Laminar job .env under a name that says nothing")
def laminar_job_env(lab: Lab) -> None:
    value = fake("", 32, "sealed11-laminar-env", ALNUM)
    _diff_to_model(lab, {"laminar/jobs/deploy.env": f"HOSTS=alp1 alp2\nVS={value}\n"}, value)


@attack("leak", "a Haskell top-level binding (vs = \"...\") in src/")
def haskell_binding(lab: Lab) -> None:
    value = fake("", 32, "sealed11-hs-binding", ALNUM)
    _diff_to_model(lab, {"src/Vadret/Local.hs": (
        "module Vadret.Local where\n\nvs :: Text\n" f"vs = \"{value}\"\n")}, value)


@attack("leak", "a Gatus alerting block: ntfy token (tk_)")
def gatus_ntfy(lab: Lab) -> None:
    token = fake("t" + "k_", 29, "sealed11-gatus-ntfy", LOWER)
    _diff_to_model(lab, {"ops/gatus/alerting.yaml": (
        "alerting:\n  ntfy:\n    url: https://ntfy.vadret.ch\n    topic: ops\n"
        f"    token: {token}\n")}, token[3:])


@attack("leak", "a Threema Gateway private key file (private:HEX)")
def threema_keyfile(lab: Lab) -> None:
    key = fake("", 64, "sealed11-threema-key", HEX)
    _diff_to_model(lab, {"ops/threema/VADRET1.key": f"private:{key}\n"}, key)


# -- push routes -------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}", "Wardens confirm bookings by 18:00"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: git push --prune")
def push_prune(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--prune", "origin", "feature", policy="off"))


@attack("leak", "native route: git push --ipv6")
def push_ipv6(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--ipv6", "origin", "feature", policy="off"))


@attack("leak", "native route: git push --force-if-includes")
def push_force_if_includes(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--force-if-includes", "origin", "feature", policy="off"))


@attack("leak", "native route: a forced refspec +refs/heads/feature:refs/heads/feature")
def push_forced_refspec(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "+refs/heads/feature:refs/heads/feature", policy="off"))


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Set up the new hut router and rotate the wardens' access")
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
    lab.expect("rotate the wardens' access" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: headscale preauthkeys create prints the key")
def session_preauthkey(lab: Lab) -> None:
    key = fake("", 48, "sealed11-session-preauth", HEX)
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("headscale preauthkeys create --user huts --expiration 1h", f"{key}\n", 0)
    _session(lab, build)


@attack("leak", "a session: headscale apikeys create prints the API key")
def session_apikey(lab: Lab) -> None:
    key = fake("", 40, "sealed11-session-apikey", B64URL)
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("headscale apikeys create --expiration 90d", f"{key}\n", 0)
    _session(lab, build)


@attack("leak", "a session: gopass show -o prints the password")
def session_gopass(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("gopass show -o vadret/couch-app", f"{PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: ak create_recovery_key prints a recovery URL with its token")
def session_recovery_key(lab: Lab) -> None:
    token = fake("", 64, "sealed11-session-recovery", ALNUM)
    lab.plant(token)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("docker compose exec worker ak create_recovery_key 10 akadmin",
                 "Store this link safely, as it will allow anyone to access authentik as "
                 f"akadmin.\nhttps://id.vadret.ch/recovery/use-token/{token}/\n", 0)
    _session(lab, build)

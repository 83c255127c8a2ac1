"""Leaks (part sealed23): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed22 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags, headers and environment prefixes of the Couchbase, Sync Gateway, ClickSend,
Met Office, Nix, oauth2-proxy, JumpCloud and Bitbucket tools (``cbbackupmgr ... --passphrase``,
``CB_ARCHIVE_PASSPHRASE=`` before ``script/backup-proof``, ``couchbase-cli ... -P``, ``cbq
... -p``, ``AIRIGH_MET_KEY=`` before ``script/met-pull``, ``CLICKSEND_API_KEY=`` before
``script/text-notify``, a curl ``-u USER:KEY`` to ClickSend, the Met Office ``apikey:`` header,
``RELEASE_CACHE_KEY=`` before ``script/sign-release``, a Nix signing key echoed into a file,
``OAUTH2_PROXY_CLIENT_SECRET=`` before ``oauth2-proxy``, ``oauth2-proxy --cookie-secret=``, a
JumpCloud ``x-api-key: jca_...`` header, a Bitbucket ``x-token-auth`` clone URL, a Sync Gateway
admin ``curl -u``, ``AIRIGH_CB_PASSWORD=`` before ``swift run``); a password said in
Gàidhlig, Gaelg and Scots; vendors' keys in prose and in their URL forms (Recurly, Worldpay,
Checkout.com, Revolut Business, Monzo, FreeAgent, Campaign Monitor, Buttondown, Zendesk, Aircall,
Porkbun, JustGiving; Mailchimp, Freshdesk, what3words, Ordnance Survey and TomTom in URLs); file
formats (``secrets/airigh-env`` committed without agenix, Sync Gateway's bootstrap
``password``, oauth2-proxy's ``clientSecret`` inline in Nix, ``access-tokens`` in nix.conf, a
Swift ``cbPassword``, Vapor's ``.env.development``, ``bitbucket-pipelines.yml`` variables, a
NixOS ``Environment`` line, a RutOS ``option password`` of the 4G interface, a Sync Gateway
user's ``password`` in db.json, a flake input whose URL carries a token, a crontab line
with a Better Stack heartbeat URL); push routes (``GIT_CONFIG_COUNT``/``GIT_CONFIG_KEY_0`` in the
environment, ``GIT_TERMINAL_PROMPT=0``, ``-c color.ui=never``, ``-c
advice.pushUpdateRejected=false``); sessions (``agenix -d`` of the env file, ``sudo cat`` of
/run/agenix/airigh-env over ssh, ``cat ~/.config/nix/nix.conf``, ``env | grep`` in a CI
debug step)."""

from __future__ import annotations

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Rq7vTm2Kx" + "9Bn4Wc6H"
PW2 = "Ls3dGy8Pz" + "5Jf1Qk7V"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed23-github")
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
    repo.write("ops/betterstack/met-pull.cfg", "met_pull_expected_every: 1h\n")
    repo.git("add", "-f", "--", "ops/betterstack/met-pull.cfg")
    repo.git("commit", "-q", "-m", "Expect the hourly met-pull heartbeat",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("hourly met-pull heartbeat" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags, headers and environment prefixes of the project's tools --------------

@attack("leak", "cbbackupmgr backup --passphrase on the command line")
def cbbackupmgr_flag(lab: Lab) -> None:
    through_commit(lab, f"A backup by hand: `cbbackupmgr backup --archive /srv/cbbackup --repo "
                        f"airigh --cluster couchbases://10.29.14.5 --passphrase '{PW}'`", PW)


@attack("leak", "CB_ARCHIVE_PASSPHRASE= before script/backup-proof")
def archive_env(lab: Lab) -> None:
    through_commit(lab, f"The Monday restore check is `CB_ARCHIVE_PASSPHRASE={PW} "
                        "script/backup-proof`", PW)


@attack("leak", "couchbase-cli user-manage -P with the Administrator password")
def couchbase_cli(lab: Lab) -> None:
    through_commit(lab, f"List the bucket's users with `couchbase-cli user-manage -c "
                        f"couchbases://10.29.14.5 -u Administrator -P '{PW}' --list`", PW)


@attack("leak", "cbq -p PASSWORD")
def cbq_password(lab: Lab) -> None:
    through_commit(lab, f"Count this year's fank entries with `cbq -e couchbases://10.29.14.5 "  # noqa: S608
                        f"-u airigh_app -p {PW} -s \"SELECT COUNT(*) FROM airigh\"`", PW)


@attack("leak", "AIRIGH_MET_KEY= before script/met-pull")
def met_key_env(lab: Lab) -> None:
    key = fake("", 48, "sealed23-met-key", ALNUM)
    through_commit(lab, f"Push a forecast manually: `AIRIGH_MET_KEY={key} script/met-pull`",
                   key)


@attack("leak", "CLICKSEND_API_KEY= before script/text-notify")
def clicksend_env(lab: Lab) -> None:
    key = _uuid("sealed23-clicksend-env").upper()
    through_commit(lab, f"To send a single test message: `CLICKSEND_USERNAME=clerk@airigh.scot "
                        f"CLICKSEND_API_KEY={key} script/text-notify \"beat 2 test\"`", key)


@attack("leak", "a curl -u USERNAME:API_KEY to ClickSend")
def clicksend_basic(lab: Lab) -> None:
    key = _uuid("sealed23-clicksend-basic").upper()
    through_commit(lab, f"ClickSend balance: `curl -s -u clerk@airigh.scot:{key} "
                        "https://rest.clicksend.com/v3/account`", key)


@attack("leak", "the Met Office DataHub apikey: header in a curl")
def metoffice_header(lab: Lab) -> None:
    key = "eyJ4NXQiOiJOak16WWpreVlUZGlZVGM0TUdSalpEaGtaV1psWWpjME5UTXhPRFV4TlRZM1lXVTRO" + \
        fake("", 120, "sealed23-metoffice", B64URL)
    through_commit(lab, f"Tonight's hill forecast: `curl -s -H 'apikey: {key}' "
                        "'https://data.hub.api.metoffice.gov.uk/sitespecific/v0/point/hourly"
                        "?latitude=57.41&longitude=-7.33'`", key[-120:])


@attack("leak", "RELEASE_CACHE_KEY= before script/sign-release")
def cache_key_env(lab: Lab) -> None:
    key = "airigh-cache-1:" + fake("", 88, "sealed23-cache-env", B64)
    through_commit(lab, f"Sign a release from a laptop with `RELEASE_CACHE_KEY='{key}' "
                        "script/sign-release v2.3.0`", key[15:])


@attack("leak", "a Nix binary cache signing key echoed into a file")
def nix_key_echo(lab: Lab) -> None:
    key = "airigh-cache-1:" + fake("", 88, "sealed23-cache-echo", B64)
    through_commit(lab, f"Set up signing once with `echo '{key}' > /tmp/cache-key && nix store "
                        "sign --key-file /tmp/cache-key --recursive ./result`", key[15:])


@attack("leak", "OAUTH2_PROXY_CLIENT_SECRET= before oauth2-proxy")
def oauth2_proxy_env(lab: Lab) -> None:
    secret = fake("", 40, "sealed23-o2p-env", B64URL)
    through_commit(lab, f"Run oauth2-proxy in the foreground as "
                        f"`OAUTH2_PROXY_CLIENT_SECRET={secret} oauth2-proxy --provider=oidc "
                        "--client-id=airigh-proxy`", secret)


@attack("leak", "oauth2-proxy --cookie-secret= on the command line")
def oauth2_proxy_cookie(lab: Lab) -> None:
    secret = fake("", 32, "sealed23-o2p-cookie", B64URL)
    through_commit(lab, f"For a quick test on cnoc2: `oauth2-proxy --config /etc/oauth2-proxy.cfg "
                        f"--cookie-secret={secret}`", secret)


@attack("leak", "a JumpCloud x-api-key: jca_ header")
def jumpcloud_header(lab: Lab) -> None:
    body = fake("", 36, "sealed23-jumpcloud", ALNUM)
    through_commit(lab, f"List the clerks' group: `curl -s -H 'x-api-key: jca_{body}' "
                        "https://console.jumpcloud.com/api/v2/usergroups`", body)


@attack("leak", "a Bitbucket x-token-auth clone URL")
def bitbucket_url(lab: Lab) -> None:
    body = fake("", 180, "sealed23-bitbucket", B64URL)
    token = "ATCTT3xFfGN0" + body
    through_commit(lab, f"The hosts pull with `git clone https://x-token-auth:{token}"
                        "@bitbucket.org/ceann-loch/airigh.git`", body)


@attack("leak", "a Sync Gateway admin curl -u airigh_sgw:PASSWORD")
def sgw_admin(lab: Lab) -> None:
    through_commit(lab, f"Check the database config: `curl -s -u airigh_sgw:{PW} "
                        "http://127.0.0.1:4985/airigh/_config`", PW)


@attack("leak", "AIRIGH_CB_PASSWORD= before swift run")
def cb_password_env(lab: Lab) -> None:
    through_commit(lab, f"Point a development build at the real bucket: `AIRIGH_CB_PASSWORD={PW} "
                        "AIRIGH_PORT=8630 swift run Run serve`", PW)


# -- the password sentence in the languages of the docs -------------------------------------

@attack("leak", "a password sentence in Gàidhlig")
def gaidhlig(lab: Lab) -> None:
    through_commit(lab, f"Is e am facal-faire ùr {PW}, na innis do dhuine e", PW)


@attack("leak", "a password sentence in Gaelg")
def gaelg(lab: Lab) -> None:
    through_commit(lab, f"Yn fockle-follit noa eh {PW}, ny insh eh da peiagh erbee", PW)


@attack("leak", "a password sentence in Scots")
def scots(lab: Lab) -> None:
    through_commit(lab, f"The new passwird is {PW}, dinna tell a sowl", PW)


# -- vendors' keys in prose and in their URL forms ------------------------------------------

@attack("leak", "a Recurly private API key in prose")
def recurly(lab: Lab) -> None:
    key = fake("", 32, "sealed23-recurly", HEX)
    through_commit(lab, f"Grazing fees are billed through Recurly, site ceann-loch, private "
                        f"API key {key}", key)


@attack("leak", "a Worldpay service key in prose")
def worldpay(lab: Lab) -> None:
    body = fake("", 36, "sealed23-worldpay", HEX)
    key = f"{body[:8]}-{body[8:12]}-{body[12:16]}-{body[16:20]}-{body[20:32]}"
    through_commit(lab, f"Card payments at the ram sale go through Worldpay, service key "
                        f"T_S_{key}", key)


@attack("leak", "a Checkout.com secret key in prose")
def checkout(lab: Lab) -> None:
    body = fake("", 36, "sealed23-checkout", ALNUM)
    through_commit(lab, f"The township's wool shop takes cards through Checkout.com; its "
                        f"secret key is sk_sbox_{body}", body)


@attack("leak", "a Revolut Business refresh token in prose")
def revolut(lab: Lab) -> None:
    token = "oa_prod_" + fake("", 43, "sealed23-revolut", B64URL)
    through_commit(lab, f"The committee's account is with Revolut Business; the API refresh "
                        f"token is {token}", token[8:])


@attack("leak", "a Monzo access token in prose")
def monzo(lab: Lab) -> None:
    token = "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9." + fake("", 160, "sealed23-monzo", B64URL)
    through_commit(lab, f"The fank fund sits in Monzo; the treasurer's script reads it with "
                        f"access token {token}", token[37:])


@attack("leak", "a FreeAgent OAuth identifier and secret in prose")
def freeagent(lab: Lab) -> None:
    secret = fake("", 22, "sealed23-freeagent", B64URL)
    through_commit(lab, f"The grazings accounts are kept in FreeAgent, OAuth identifier "
                        f"{fake('', 22, 'sealed23-fa-id', B64URL)}, secret {secret}", secret)


@attack("leak", "a Campaign Monitor API key in prose")
def campaign_monitor(lab: Lab) -> None:
    key = fake("", 64, "sealed23-campaignmonitor", B64)
    through_commit(lab, f"Notices of the gathering days go out from Campaign Monitor, API key "
                        f"{key}", key)


@attack("leak", "a Buttondown API key in prose")
def buttondown(lab: Lab) -> None:
    key = _uuid("sealed23-buttondown")
    through_commit(lab, f"The committee's notices to shareholders go out through Buttondown, "
                        f"API key {key}", key)


@attack("leak", "a Zendesk API token in prose")
def zendesk(lab: Lab) -> None:
    token = fake("", 40, "sealed23-zendesk", ALNUM)
    through_commit(lab, f"Questions from shareholders land in ceannloch.zendesk.com; the bot "
                        f"signs in as clerk@airigh.scot/token with {token}", token)


@attack("leak", "an Aircall API ID and token in prose")
def aircall(lab: Lab) -> None:
    token = fake("", 32, "sealed23-aircall", HEX)
    through_commit(lab, f"The clerk's line runs on Aircall, API ID "
                        f"{fake('', 32, 'sealed23-aircall-id', HEX)}, API token {token}", token)


@attack("leak", "a Porkbun API key and secret API key in prose")
def porkbun(lab: Lab) -> None:
    secret = fake("", 64, "sealed23-porkbun", HEX)
    through_commit(lab, f"airigh.scot is registered at Porkbun, API key pk1_"
                        f"{fake('', 64, 'sealed23-porkbun-pk', HEX)}, secret API key sk1_{secret}",
                   secret)


@attack("leak", "a JustGiving app secret in prose")
def justgiving(lab: Lab) -> None:
    secret = fake("", 32, "sealed23-justgiving", ALNUM)
    through_commit(lab, f"The new fank roof is funded through JustGiving, app id "
                        f"{fake('', 8, 'sealed23-jg-id', HEX)}, app secret {secret}", secret)


@attack("leak", "a Mailchimp API key in its basic-auth URL")
def mailchimp_url(lab: Lab) -> None:
    key = fake("", 32, "sealed23-mailchimp", HEX)
    through_commit(lab, f"The shareholders' list syncs from `https://anystring:{key}-us21"
                        "@us21.api.mailchimp.com/3.0/lists`", key)


@attack("leak", "a Freshdesk API key as the user of its URL")
def freshdesk_url(lab: Lab) -> None:
    key = fake("", 20, "sealed23-freshdesk", ALNUM)
    through_commit(lab, f"Open tickets: `curl -s https://{key}:X@ceannloch.freshdesk.com/api/v2/"
                        "tickets`", key)


@attack("leak", "a what3words key= in a URL")
def what3words_url(lab: Lab) -> None:
    key = fake("", 16, "sealed23-w3w", ALNUM[:26] + ALNUM[52:])
    through_commit(lab, f"Fank gates are found with https://api.what3words.com/v3/"
                        f"convert-to-coordinates?words=filled.count.soap&key={key}", key)


@attack("leak", "an Ordnance Survey key= in a URL")
def ordnance_url(lab: Lab) -> None:
    key = fake("", 32, "sealed23-os", ALNUM)
    through_commit(lab, f"The croft map tiles come from https://api.os.uk/maps/raster/v1/zxy/"
                        f"Outdoor_3857/{{z}}/{{x}}/{{y}}.png?key={key}", key)


@attack("leak", "a TomTom key= in a URL")
def tomtom_url(lab: Lab) -> None:
    key = fake("", 32, "sealed23-tomtom", ALNUM)
    through_commit(lab, f"Road times to the Dingwall sale: https://api.tomtom.com/routing/1/"
                        f"calculateRoute/57.41,-7.33:57.59,-4.43/json?key={key}", key)


# -- file formats ---------------------------------------------------------------------------

@attack("leak", "secrets/airigh-env committed without agenix")
def plain_env(lab: Lab) -> None:
    _diff_to_model(lab, {"secrets/airigh-env": (
        "AIRIGH_ENV=production\nAIRIGH_CB_USER=airigh_app\n"
        f"AIRIGH_CB_PASSWORD={PW}\nAIRIGH_PORT=8630\n")}, PW)


@attack("leak", "Sync Gateway's bootstrap password inline in sync-gateway.json")
def sgw_bootstrap(lab: Lab) -> None:
    _diff_to_model(lab, {"couchbase/sync-gateway.json": (
        "{\n  \"bootstrap\": {\n    \"server\": \"couchbases://10.29.14.5\",\n"
        f"    \"username\": \"airigh_sgw\",\n    \"password\": \"{PW}\"\n  }}\n}}\n")}, PW)


@attack("leak", "oauth2-proxy's clientSecret inline in a NixOS module")
def nix_client_secret(lab: Lab) -> None:
    secret = fake("", 40, "sealed23-o2p-nix", B64URL)
    _diff_to_model(lab, {"nixos/oauth2-proxy.nix": (
        "{ ... }:\n{\n  services.oauth2-proxy = {\n    enable = true;\n"
        "    clientID = \"airigh-proxy\";\n"
        f"    clientSecret = \"{secret}\";\n  }};\n}}\n")}, secret)


@attack("leak", "access-tokens = github.com=... in nix.conf")
def nix_access_tokens(lab: Lab) -> None:
    _diff_to_model(lab, {"nixos/nix.conf": (
        "experimental-features = nix-command flakes\n"
        f"access-tokens = github.com={GITHUB}\n")}, GITHUB[4:])


@attack("leak", "a Swift cbPassword constant in Sources/App/Store.swift")
def swift_const(lab: Lab) -> None:
    _diff_to_model(lab, {"Sources/App/Store.swift": (
        "enum Store {\n    static let cbHost = \"couchbases://10.29.14.5\"\n"
        "    static let cbUser = \"airigh_app\"\n"
        f"    static let cbPassword = \"{PW}\"\n}}\n")}, PW)


@attack("leak", "Vapor's .env.development with the bucket password")
def vapor_dotenv(lab: Lab) -> None:
    _diff_to_model(lab, {".env.development": (
        "AIRIGH_PORT=8630\nAIRIGH_CB_HOST=couchbases://10.29.14.5\n"
        f"AIRIGH_CB_PASSWORD={PW}\n")}, PW)


@attack("leak", "bitbucket-pipelines.yml with the cache key inline")
def pipelines_inline(lab: Lab) -> None:
    key = fake("", 88, "sealed23-cache-yml", B64)
    _diff_to_model(lab, {"bitbucket-pipelines.yml": (
        "pipelines:\n  tags:\n    'v*':\n      - step:\n          name: Release\n"
        "          script:\n"
        f"            - export RELEASE_CACHE_KEY='airigh-cache-1:{key}'\n"
        "            - script/sign-release \"$BITBUCKET_TAG\"\n")}, key)


@attack("leak", "a NixOS systemd Environment line with the bucket password")
def nix_environment(lab: Lab) -> None:
    _diff_to_model(lab, {"nixos/airigh-service.nix": (
        "{ ... }:\n{\n  systemd.services.airigh.serviceConfig.Environment = [\n"
        "    \"AIRIGH_PORT=8630\"\n"
        f"    \"AIRIGH_CB_PASSWORD={PW}\"\n  ];\n}}\n")}, PW)


@attack("leak", "a RutOS option password for the 4G interface")
def rutos_uci(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/teltonika/network": (
        "config interface 'mob1s1a1'\n\toption proto 'wwan'\n\toption apn 'iot.township'\n"
        f"\toption username 'airigh'\n\toption password '{PW}'\n")}, PW)


@attack("leak", "a Sync Gateway user's password in couchbase/db.json")
def sgw_user(lab: Lab) -> None:
    _diff_to_model(lab, {"couchbase/db.json": (
        "{\n  \"name\": \"airigh\",\n  \"guest\": { \"disabled\": true },\n"
        f"  \"users\": {{ \"clerk\": {{ \"password\": \"{PW}\", "
        "\"admin_channels\": [\"clerk\"] } }\n}\n")}, PW)


@attack("leak", "a flake input URL with a Bitbucket token in it")
def flake_input(lab: Lab) -> None:
    body = fake("", 180, "sealed23-flake-input", B64URL)
    _diff_to_model(lab, {"nixos/flake.nix": (
        "{\n  inputs.township.url =\n"
        f"    \"git+https://x-token-auth:ATCTT3xFfGN0{body}@bitbucket.org/ceann-loch/"
        "township.git\";\n  outputs = { self, township }: { };\n}\n")}, body)


@attack("leak", "a crontab line with a Better Stack heartbeat URL")
def crontab_heartbeat(lab: Lab) -> None:
    token = fake("", 24, "sealed23-betterstack", ALNUM)
    _diff_to_model(lab, {"ops/betterstack/crontab": (
        "15 1 * * * /opt/airigh/couchbase/backup.sh && curl -fsS "
        f"https://uptime.betterstack.com/api/v1/heartbeat/{token}\n")}, token)


# -- push routes ----------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}",
        "A gathering of the hill needs at least four people"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: GIT_CONFIG_COUNT/GIT_CONFIG_KEY_0 in the environment, git push")
def push_config_env(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("push", "origin", "feature", check=False,
                          env={"GITMEMORY_PUSH_POLICY": "off", "GIT_CONFIG_COUNT": "1",
                               "GIT_CONFIG_KEY_0": "core.quotePath",
                               "GIT_CONFIG_VALUE_0": "false"}))


@attack("leak", "native route: GIT_TERMINAL_PROMPT=0 git push origin feature")
def push_terminal_prompt(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("push", "origin", "feature", check=False,
                          env={"GITMEMORY_PUSH_POLICY": "off", "GIT_TERMINAL_PROMPT": "0"}))


@attack("leak", "native route: git -c color.ui=never push")
def push_color(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "color.ui=never", "push", "origin", "feature",
                          check=False, env={"GITMEMORY_PUSH_POLICY": "off"}))


@attack("leak", "native route: git -c advice.pushUpdateRejected=false push")
def push_advice(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.git("-c", "advice.pushUpdateRejected=false", "push", "origin", "feature",
                          check=False, env={"GITMEMORY_PUSH_POLICY": "off"}))


# -- sessions -------------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Rotate the Met Office signing key on cnoc1 and confirm the two heartbeats arrive")
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
    lab.expect("Met Office signing key" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: agenix -d airigh-env.age")
def session_agenix(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("cd secrets && agenix -d airigh-env.age",
                 "AIRIGH_ENV=production\nAIRIGH_CB_USER=airigh_app\n"
                 f"AIRIGH_CB_PASSWORD={PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: sudo cat /run/agenix/airigh-env over ssh")
def session_run_agenix(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh buachaille@cnoc1 sudo cat /run/agenix/airigh-env",
                 f"AIRIGH_MET_KEY={PW2}\nAIRIGH_PORT=8630\n", 0)
    _session(lab, build)


@attack("leak", "a session: cat ~/.config/nix/nix.conf with access-tokens")
def session_nix_conf(lab: Lab) -> None:
    token = fake("gh" + "p_", 36, "sealed23-github-session")
    lab.plant(token[4:])

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("cat ~/.config/nix/nix.conf",
                 "experimental-features = nix-command flakes\n"
                 f"access-tokens = github.com={token}\n", 0)
    _session(lab, build)


@attack("leak", "a session: env | grep in a CI debug step")
def session_env_grep(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("env | grep -i -e cb_ -e cache",
                 f"CB_ARCHIVE_PASSPHRASE={PW2}\nCB_BACKUP_HOST=10.29.14.9\n", 0)
    _session(lab, build)

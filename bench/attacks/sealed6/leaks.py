"""Leaks (part sealed6): families neither issue 31 nor parts build, heldout, sealed2, sealed3,
sealed4 and sealed5 name.  A planted secret must reach no remote, model request, printed line
or CI log.

Arguments, flags, headers and prefixes of the PHP, Keycloak, Meilisearch, HashiCorp, Flutter,
Dart, Traefik and GitLab tools (``composer config http-basic``, ``COMPOSER_AUTH=`` with a
bearer, ``kcadm.sh ... --password``, ``kc.sh start --db-password``, ``kcadm.sh update ... -s
secret=``, ``meilisearch --master-key``, an ``X-Meili-API-Key`` header, ``NOMAD_TOKEN=``,
``consul acl set-agent-token``, ``nomad var put PATH name=value``, ``flutter build
--dart-define=``, ``gitlab-runner register --token``, a ``PRIVATE-TOKEN`` header, ``curl -F
token=`` of a pipeline trigger, a token piped to ``dart pub token add``, Traefik's ACME
``eab.hmacencoded``); the password sentence in Icelandic, Armenian and Mongolian; vendors'
tokens in prose (Brevo ``xkeysib-``, a Telegram bot token, Sourcegraph ``sgp_``, Infracost
``ico-``, Buildkite ``bkua_``, OpenShift ``sha256~``, Netlify ``nfp_``, Neon ``napi_``,
Flutterwave ``FLWSECK-``, GitLab deploy token ``gldt-``, a Laravel ``base64:`` app key, a
git-crypt key in base64); file formats (Composer ``auth.json`` with a ``gitlab-token``, a
Keycloak realm export, Consul's gossip ``encrypt``, a Nomad job's ``env`` block, Traefik's
``acme.json``, a Laravel config's ``env()`` default, gitlab-runner's ``config.toml``, Dart's
``pub-credentials.json``, a php.ini ``session.save_path`` with ``?auth=``, a
``--dart-define-from-file`` JSON); push routes (``push.default=matching``,
``remote.pushDefault``, ``branch.<name>.pushRemote``, ``git push origin HEAD``); sessions
(``nomad acl bootstrap``, ``php artisan key:generate --show``, ``kcadm.sh get
.../client-secret``, ``consul keygen``)."""

from __future__ import annotations

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Tq4mW8zR" + "k2Ls7v"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed6-github")
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
    repo.write("src/app/huts.py", "HUT_BEDS = 24\nSEASON_WEEKS = 14\n")
    repo.git("add", "-f", "--", "src/app/huts.py")
    repo.git("commit", "-q", "-m", "Add the hut settings", env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("hut settings" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags, headers and prefixes of the project's tools -------------------------

@attack("leak", "composer config http-basic.HOST USER PASSWORD")
def composer_http_basic(lab: Lab) -> None:
    through_commit(lab, "The private packages: `composer config --global "
                        f"http-basic.repo.packagist.com cairnpass {PW}`", PW)


@attack("leak", "a COMPOSER_AUTH= prefix holding a bearer token in JSON")
def composer_auth_env(lab: Lab) -> None:
    key = fake("", 40, "sealed6-composer-bearer", HEX)
    through_commit(lab, "CI installs with `COMPOSER_AUTH='{\"bearer\":{\"repo.packagist.com\":"
                        f"\"{key}\"}}}}' composer install --working-dir=web`", key)


@attack("leak", "kcadm.sh config credentials --password PASSWORD")
def kcadm_password(lab: Lab) -> None:
    through_commit(lab, "Realm changes: `kcadm.sh config credentials --server "
                        "https://auth.cairnpass.is --realm master --user admin "
                        f"--password {PW}`", PW)


@attack("leak", "kc.sh start --db-password PASSWORD")
def kc_db_password(lab: Lab) -> None:
    through_commit(lab, "Keycloak starts with `kc.sh start --db mariadb --db-url-host "
                        f"db.cairnpass.internal --db-username keycloak --db-password {PW}`", PW)


@attack("leak", "kcadm.sh update clients/ID -s secret=VALUE")
def kcadm_set_secret(lab: Lab) -> None:
    secret = fake("", 32, "sealed6-kc-client", ALNUM)
    through_commit(lab, "The web client was reset with `kcadm.sh update clients/"
                        "4c1d2e3f -r cairnpass -s 'clientAuthenticatorType=client-secret' "
                        f"-s secret={secret}`", secret)


@attack("leak", "meilisearch --master-key KEY")
def meili_master_key(lab: Lab) -> None:
    key = fake("", 32, "sealed6-meili-master", B64URL)
    through_commit(lab, "Local search: `meilisearch --env development --master-key "
                        f"{key} --db-path ./data.ms`", key)


@attack("leak", "an X-Meili-API-Key header")
def meili_header(lab: Lab) -> None:
    key = fake("", 64, "sealed6-meili-key", HEX)
    through_commit(lab, "The hut index is read with `curl -H \"X-Meili-API-Key: "
                        f"{key}\" http://meilisearch.service.consul:7700/indexes/huts/search`",
                   key)


@attack("leak", "a NOMAD_TOKEN= prefix before nomad job run")
def nomad_token(lab: Lab) -> None:
    token = _uuid("sealed6-nomad-token")
    through_commit(lab, f"Deploys from the hut: `NOMAD_TOKEN={token} nomad job run "
                        "deploy/nomad/web.nomad.hcl`", token)


@attack("leak", "consul acl set-agent-token agent TOKEN (positional)")
def consul_agent_token(lab: Lab) -> None:
    token = _uuid("sealed6-consul-agent")
    through_commit(lab, "The new Consul client was joined with `consul acl set-agent-token "
                        f"agent {token}`", token)


@attack("leak", "nomad var put PATH name=value (a name that says nothing)")
def nomad_var_put(lab: Lab) -> None:
    through_commit(lab, "The mail relay was set with `nomad var put nomad/jobs/mailer "
                        f"relay_user=cairnpass relay={PW}`", PW)


@attack("leak", "flutter build --dart-define=NAME=KEY")
def dart_define(lab: Lab) -> None:
    key = fake("", 32, "sealed6-weather", HEX)
    through_commit(lab, "The beta build: `flutter build apk --release "
                        f"--dart-define=WEATHER_FEED={key}`", key)


@attack("leak", "gitlab-runner register --token glrt-...")
def runner_register(lab: Lab) -> None:
    token = fake("glr" + "t-", 20, "sealed6-glrt", B64URL)
    through_commit(lab, "The park runner: `gitlab-runner register --non-interactive --url "
                        f"https://gitlab.com --token {token} --executor docker`", token[5:])


@attack("leak", "a PRIVATE-TOKEN header with a legacy 20-character token")
def private_token_header(lab: Lab) -> None:
    token = fake("", 20, "sealed6-private-token", B64URL)
    through_commit(lab, "Package lookups: `curl --header \"PRIVATE-TOKEN: "
                        f"{token}\" https://gitlab.com/api/v4/projects/4242/packages`", token)


@attack("leak", "curl -F token=glptt-... of a GitLab pipeline trigger")
def trigger_token(lab: Lab) -> None:
    token = fake("glpt" + "t-", 40, "sealed6-glptt", HEX)
    through_commit(lab, f"Nightly reindex: `curl -X POST -F token={token} -F ref=main "
                        "https://gitlab.com/api/v4/projects/4242/trigger/pipeline`", token[6:])


@attack("leak", "a token piped to dart pub token add")
def pub_token_add(lab: Lab) -> None:
    token = fake("", 40, "sealed6-pub-token", ALNUM)
    through_commit(lab, f"The private pub server: `echo {token} | dart pub token add "
                        "https://pub.cairnpass.is`", token)


@attack("leak", "Traefik's --certificatesresolvers.NAME.acme.eab.hmacencoded=KEY")
def traefik_eab(lab: Lab) -> None:
    key = fake("", 86, "sealed6-eab", B64URL)
    through_commit(lab, "Traefik gets certificates from the park's ACME CA with "
                        "`--certificatesresolvers.le.acme.eab.kid=park-traefik "
                        f"--certificatesresolvers.le.acme.eab.hmacencoded={key}`", key[:60])


# -- the password sentence in further languages ---------------------------------------------

@attack("leak", "a password sentence in Icelandic")
def icelandic(lab: Lab) -> None:
    through_commit(lab, f"Lykilorðið að gagnagrunninum er núna {PW}", PW)


@attack("leak", "a password sentence in Armenian")
def armenian(lab: Lab) -> None:
    through_commit(lab, f"Տվյալների բազայի գաղտնաբառը հիմա {PW} է", PW)


@attack("leak", "a password sentence in Mongolian")
def mongolian(lab: Lab) -> None:
    through_commit(lab, f"Өгөгдлийн сангийн нууц үг одоо {PW}", PW)


# -- further vendors' tokens in prose -------------------------------------------------------

@attack("leak", "a Brevo API key (xkeysib-) in prose")
def brevo(lab: Lab) -> None:
    key = fake("xkey" + "sib-", 64, "sealed6-brevo1", HEX) + "-" + \
        fake("", 16, "sealed6-brevo2", ALNUM)
    through_commit(lab, f"Permit e-mails are sent through Brevo with {key}", key[8:])


@attack("leak", "a Telegram bot token in prose")
def telegram(lab: Lab) -> None:
    key = fake("", 10, "sealed6-tg1", "0123456789") + ":AA" + fake("", 33, "sealed6-tg2", B64URL)
    through_commit(lab, f"Ranger alerts go to the Telegram channel through bot {key}", key)


@attack("leak", "a Sourcegraph access token (sgp_) in prose")
def sourcegraph(lab: Lab) -> None:
    key = fake("sg" + "p_", 40, "sealed6-sourcegraph", HEX)
    through_commit(lab, f"Code search for the park repos uses {key}", key[4:])


@attack("leak", "an Infracost API key (ico-) in prose")
def infracost(lab: Lab) -> None:
    key = fake("ic" + "o-", 32, "sealed6-infracost", ALNUM)
    through_commit(lab, f"Cost estimates in merge requests use {key}", key[4:])


@attack("leak", "a Buildkite user token (bkua_) in prose")
def buildkite(lab: Lab) -> None:
    key = fake("bku" + "a_", 40, "sealed6-buildkite", HEX)
    through_commit(lab, f"The old pipelines on Buildkite were read with {key}", key[5:])


@attack("leak", "an OpenShift token (sha256~) in prose")
def openshift(lab: Lab) -> None:
    key = fake("sha256" + "~", 43, "sealed6-openshift", B64URL)
    through_commit(lab, f"The partner park's OpenShift cluster accepts {key}", key[7:])


@attack("leak", "a Netlify personal access token (nfp_) in prose")
def netlify(lab: Lab) -> None:
    key = fake("nf" + "p_", 36, "sealed6-netlify", ALNUM)
    through_commit(lab, f"The trail guide site deploys to Netlify with {key}", key[4:])


@attack("leak", "a Neon API key (napi_) in prose")
def neon(lab: Lab) -> None:
    key = fake("nap" + "i_", 64, "sealed6-neon", LOWER)
    through_commit(lab, f"Preview databases are branched on Neon with {key}", key[5:])


@attack("leak", "a Flutterwave secret key (FLWSECK-) in prose")
def flutterwave(lab: Lab) -> None:
    key = fake("FLWSE" + "CK-", 32, "sealed6-flutterwave", HEX) + "-X"
    through_commit(lab, f"Card payments for Armenian hikers go through {key}", key[8:])


@attack("leak", "a GitLab deploy token (gldt-) in prose")
def gitlab_deploy_token(lab: Lab) -> None:
    key = fake("gld" + "t-", 20, "sealed6-gldt", B64URL)
    through_commit(lab, f"The Nomad nodes pull images with deploy token {key}", key[5:])


@attack("leak", "a Laravel app key (base64:) in prose")
def laravel_app_key(lab: Lab) -> None:
    key = "base64:" + fake("", 43, "sealed6-appkey", B64) + "="
    through_commit(lab, f"Production's app key is {key}", key[7:])


@attack("leak", "a git-crypt symmetric key in base64 in prose")
def git_crypt_key(lab: Lab) -> None:
    key = "AEdJVENSWVBUS0VZ" + fake("", 180, "sealed6-gitcrypt", B64) + "=="
    through_commit(lab, f"If GPG is broken, the exported git-crypt key (base64) is {key}",
                   key[16:80])


# -- file formats whose secret no earlier part names ----------------------------------------

@attack("leak", "Composer auth.json: a gitlab-token")
def composer_auth_json(lab: Lab) -> None:
    token = fake("", 20, "sealed6-auth-json", B64URL)
    _diff_to_model(lab, {"web/auth.json": (
        '{\n    "gitlab-token": {\n        "gitlab.com": "' + token + '"\n    },\n'
        '    "gitlab-domains": ["gitlab.com"]\n}\n')}, token)


@attack("leak", "a Keycloak realm export: a client secret and a user's credential value")
def keycloak_export(lab: Lab) -> None:
    secret = fake("", 32, "sealed6-kc-export", ALNUM)
    _diff_to_model(lab, {"auth/realm-export.json": (
        '{\n  "realm": "cairnpass",\n  "clients": [\n    {"clientId": "cairnpass-web", '
        f'"secret": "{secret}"}}\n  ],\n  "users": [\n    {{"username": "park-admin", '
        f'"credentials": [{{"type": "password", "value": "{PW}", "temporary": false}}]}}\n'
        '  ]\n}\n')}, secret, PW)


@attack("leak", "Consul's consul.hcl: the gossip encryption key (encrypt =)")
def consul_gossip(lab: Lab) -> None:
    key = fake("", 43, "sealed6-gossip", B64) + "="
    _diff_to_model(lab, {"deploy/consul/consul.hcl": (
        'datacenter = "park-1"\ndata_dir   = "/opt/consul"\n'
        f'encrypt    = "{key}"\nencrypt_verify_incoming = true\n')}, key)


@attack("leak", "a Nomad job's env block with a literal key")
def nomad_env_block(lab: Lab) -> None:
    key = fake("", 40, "sealed6-nomad-env", ALNUM)
    _diff_to_model(lab, {"deploy/nomad/search.nomad.hcl": (
        'job "search" {\n  group "search" {\n    task "meilisearch" {\n'
        '      driver = "docker"\n      env {\n'
        f'        MEILI_MASTER_KEY = "{key}"\n        MEILI_ENV = "production"\n'
        '      }\n    }\n  }\n}\n')}, key)


@attack("leak", "Traefik's acme.json: the account's PrivateKey (base64 DER, no PEM armour)")
def acme_json(lab: Lab) -> None:
    der = "MIIJKQIBAAKCAgEA" + fake("", 600, "sealed6-acme", B64)
    _diff_to_model(lab, {"deploy/traefik/acme.json": (
        '{\n  "le": {\n    "Account": {\n      "Email": "platform@cairnpass.is",\n'
        f'      "PrivateKey": "{der}",\n      "KeyType": "4096"\n    }},\n'
        '    "Certificates": null\n  }\n}\n')}, der[16:120])


@attack("leak", "a Laravel config: the secret as env()'s default argument")
def env_default(lab: Lab) -> None:
    key = fake("", 40, "sealed6-env-default", ALNUM)
    _diff_to_model(lab, {"web/config/services.php": (
        "<?php\n\nreturn [\n    'rapyd' => [\n"
        "        'access_key' => env('RAPYD_ACCESS_KEY', 'rak_cairnpass'),\n"
        f"        'webhook_secret' => env('RAPYD_WEBHOOK_SECRET', '{key}'),\n"
        "    ],\n];\n")}, key)


@attack("leak", "gitlab-runner's config.toml: a runner token")
def runner_config(lab: Lab) -> None:
    token = fake("glr" + "t-", 20, "sealed6-runner-toml", B64URL)
    _diff_to_model(lab, {"deploy/runner/config.toml": (
        'concurrent = 2\n\n[[runners]]\n  name = "park-runner"\n  url = "https://gitlab.com"\n'
        f'  token = "{token}"\n  executor = "docker"\n  [runners.docker]\n'
        '    image = "alpine:3.20"\n    privileged = false\n')}, token[5:])


@attack("leak", "Dart's pub-credentials.json: a Google refresh token (1//0)")
def pub_credentials(lab: Lab) -> None:
    refresh = "1//0" + fake("", 100, "sealed6-pub-refresh", B64URL)
    _diff_to_model(lab, {"ranger/tool/pub-credentials.json": (
        '{"accessToken":"ya29.expired","refreshToken":"' + refresh + '",'
        '"tokenEndpoint":"https://accounts.google.com/o/oauth2/token",'
        '"scopes":["openid","https://www.googleapis.com/auth/userinfo.email"],'
        '"expiration":1764400000000}\n')}, refresh[4:70])


@attack("leak", "a php.ini session.save_path with the Redis password in ?auth=")
def session_save_path(lab: Lab) -> None:
    _diff_to_model(lab, {"web/docker/php/conf.d/session.ini": (
        "session.save_handler = redis\n"
        f'session.save_path = "tcp://redis.service.consul:6379?auth={PW}&database=2"\n')}, PW)


@attack("leak", "a --dart-define-from-file JSON with a maps key")
def dart_define_file(lab: Lab) -> None:
    key = fake("", 40, "sealed6-maps", B64URL)
    _diff_to_model(lab, {"ranger/config/prod.json": (
        '{\n  "API_BASE": "https://app.cairnpass.is",\n'
        f'  "TILES_ACCESS": "{key}"\n}}\n')}, key)


# -- push routes --------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature", new: bool = True) -> None:
    if new:
        repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}", "Hut beds are cached for five minutes"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: push.default=matching and a bare 'git push' from main")
def push_matching(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    repo.git("checkout", "-q", "-b", "feature")
    repo.git("push", "-q", "origin", "feature", env={"GITMEMORY_DISABLE": "1"})
    lab.plant(GITHUB[4:])
    _memory_with_token(repo, new=False)
    repo.git("checkout", "-q", "main")
    repo.git("config", "push.default", "matching")
    _pushed(lab, repo.push(policy="off"))


@attack("leak", "native route: remote.pushDefault names another remote; a bare 'git push'")
def push_default_remote(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.origin(repo, "parks", "parks.git")
    repo.git("config", "remote.pushDefault", "parks")
    repo.git("config", "push.default", "current")
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push(policy="off"))


@attack("leak", "native route: branch.<name>.pushRemote; a bare 'git push'")
def push_remote_branch(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.origin(repo, "parks", "parks.git")
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    repo.git("config", "branch.feature.pushRemote", "parks")
    repo.git("config", "push.default", "current")
    _pushed(lab, repo.push(policy="off"))


@attack("leak", "native route: git push origin HEAD")
def push_head(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "HEAD", policy="off"))


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Set up the hut booking cluster")
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
    lab.expect("hut booking cluster" in lab.sent(), "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: nomad acl bootstrap prints the management token's Secret ID")
def session_nomad_bootstrap(lab: Lab) -> None:
    secret = _uuid("sealed6-nomad-bootstrap")
    lab.plant(secret)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("nomad acl bootstrap",
                 f"Accessor ID  = {_uuid('sealed6-nomad-accessor')}\n"
                 f"Secret ID    = {secret}\nName         = Bootstrap Token\n"
                 "Type         = management\nGlobal       = true\nPolicies     = n/a", 0)
    _session(lab, build)


@attack("leak", "a session: php artisan key:generate --show prints the app key")
def session_key_generate(lab: Lab) -> None:
    key = "base64:" + fake("", 43, "sealed6-keygen", B64) + "="
    lab.plant(key[7:])

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("php web/artisan key:generate --show", key, 0)
    _session(lab, build)


@attack("leak", "a session: kcadm.sh get clients/ID/client-secret prints the secret")
def session_kcadm_secret(lab: Lab) -> None:
    secret = fake("", 32, "sealed6-kc-session", ALNUM)
    lab.plant(secret)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("kcadm.sh get clients/4c1d2e3f/client-secret -r cairnpass",
                 '{\n  "type" : "secret",\n  "value" : "' + secret + '"\n}', 0)
    _session(lab, build)


@attack("leak", "a session: consul keygen prints a gossip key")
def session_consul_keygen(lab: Lab) -> None:
    key = fake("", 43, "sealed6-keygen-gossip", B64) + "="
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("consul keygen", key, 0)
    _session(lab, build)

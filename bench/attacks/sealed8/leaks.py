"""Leaks (part sealed8): families neither issue 31 nor parts build, heldout, sealed2 ...
sealed7 name.  A planted secret must reach no remote, model request, printed line or CI log.

Arguments, flags, headers and prefixes of the Clojure, Babashka, Kamal, Passbolt, Kratos,
Litestream, Nebula, Capacitor, SQLCipher, Exoscale, Postmark, CircleCI and GoCardless tools
(``clojure -J-D...key=``, ``clojure -X`` keyword arguments ``:temp-password '"..."'``,
``KAMAL_REGISTRY_PASSWORD=``, ``passbolt create resource --password``, an ``X-Session-Token``
header (Kratos native session ``ory_st_``), an ``X-Postmark-Server-Token`` header (UUID), a
``Circle-Token`` header (``CCIPAT_``), ``LITESTREAM_SECRET_ACCESS_KEY=``,
``NEBULA_CA_PASSPHRASE=``, ``npx cap build android --keystorepass``/``--keystorealiaspass``,
``sqlcipher FILE "PRAGMA key = '...'"``, ``EXOSCALE_API_SECRET=``, an ``smtps://`` connection URI
whose user and password are a Postmark server token, HTTPie ``--auth-type=bearer --auth``
(GoCardless ``sandbox_``), ``bb -x`` with ``--new-key``); the password sentence in Estonian,
Maltese and Albanian; vendors' tokens in prose (Exoscale ``EXO`` key and secret, an Ory
personal access token ``ory_pat_``, a Clojars deploy token ``CLOJARS_``, a Honeycomb ingest key
``hcaik_``, Typeform ``tfp_``, Notion ``ntn_``, HubSpot ``pat-na1-``, Yandex Cloud ``y0_``,
Alibaba Cloud ``LTAI`` with its secret, Tencent Cloud ``AKID`` with its secret, Hugging Face
``hf_``, a Slack bot token ``xoxb-``); file formats (``.kamal/secrets`` with a literal value under
a name that says nothing, Kratos ``secrets.cookie``/``secrets.cipher``, a Kratos identities import
file with a password credential, ``litestream.yml`` ``secret-access-key``, a Nebula
``X25519 PRIVATE KEY`` file, a Leiningen ``profiles.clj`` repository ``:password``, a ring
cookie-store key in ``config.edn``, a CircleCI ``environment:`` literal, Capacitor
``buildOptions.keystorePassword``, a SQLCipher raw key ``PRAGMA key = "x'...'"`` in a SQL file,
a ``bb.edn`` task's ``:extra-env``, the CircleCI CLI's ``cli.yml`` ``token:``); push routes
(``--force-with-lease``, push options ``-o``, ``--set-upstream``, a push into a teammate's
non-bare checkout with ``receive.denyCurrentBranch=updateInstead``); sessions (``kamal secrets
print``, ``passbolt get resource``, ``exo iam api-key create``, ``bb -e`` printing a new cookie
key)."""

from __future__ import annotations

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Tq4mZ8wK" + "r2Lp6x"
PW2 = "Hc7vN3sB" + "y5Qe9d"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed8-github")
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
    repo.write("src/app/tariffs.py", "TARIFF_EUR_M3 = 1.84\nSTANDING_CHARGE_EUR = 4.10\n")
    repo.git("add", "-f", "--", "src/app/tariffs.py")
    repo.git("commit", "-q", "-m", "Add the 2027 tariffs", env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("2027 tariffs" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags, headers and prefixes of the project's tools -------------------------

@attack("leak", "clojure -J-Drunnel.db.key=KEY (a JVM property through the Clojure CLI)")
def clojure_jvm_property(lab: Lab) -> None:
    key = fake("", 64, "sealed8-db-key", HEX)
    through_commit(lab, f"Open a copy of production with `clojure -J-Drunnel.db.key={key} "
                        "-M:run`", key)


@attack("leak", "clojure -X keyword arguments: :temp-password '\"PASSWORD\"'")
def clojure_exec_args(lab: Lab) -> None:
    through_commit(lab, "The first supervisor was invited with `clojure -X:admin/invite :email "
                        f"'\"tiina@runnel.coop\"' :temp-password '\"{PW}\"'`", PW)


@attack("leak", "a KAMAL_REGISTRY_PASSWORD= prefix before kamal build push")
def kamal_registry_prefix(lab: Lab) -> None:
    token = fake("", 40, "sealed8-kamal-registry", ALNUM)
    through_commit(lab, f"Push the image by hand with `KAMAL_REGISTRY_PASSWORD={token} "
                        "kamal build push`", token)


@attack("leak", "passbolt create resource --password PASSWORD")
def passbolt_create(lab: Lab) -> None:
    through_commit(lab, "The Postmark login was stored with `passbolt create resource --name "
                        "postmark --username ops@runnel.coop --password "
                        f"{PW} --folderParentID runnel-prod`", PW)


@attack("leak", "an X-Session-Token header (a Kratos native session, ory_st_)")
def kratos_session_header(lab: Lab) -> None:
    token = fake("ory_" + "st_", 32, "sealed8-ory-st", ALNUM)
    through_commit(lab, f"To reproduce the reader's error: `curl -H \"X-Session-Token: {token}\" "
                        "https://id.runnel.coop/sessions/whoami`", token[7:])


@attack("leak", "an X-Postmark-Server-Token header (UUID)")
def postmark_header(lab: Lab) -> None:
    token = _uuid("sealed8-postmark-header")
    through_commit(lab, "Test the bill e-mail with `curl https://api.postmarkapp.com/email "
                        f"-H \"X-Postmark-Server-Token: {token}\" -d @bill.json`", token)


@attack("leak", "a Circle-Token header (CircleCI personal token CCIPAT_)")
def circle_token_header(lab: Lab) -> None:
    token = fake("CCI" + "PAT_", 22, "sealed8-ccipat1", ALNUM) + "_" + \
        fake("", 40, "sealed8-ccipat2", HEX)
    through_commit(lab, "Rerun the hold with `curl -X POST -H \"Circle-Token: "
                        f"{token}\" https://circleci.com/api/v2/workflow/8c1e/rerun`",
                   token[7:29], token[30:])


@attack("leak", "a LITESTREAM_SECRET_ACCESS_KEY= prefix before litestream restore")
def litestream_prefix(lab: Lab) -> None:
    secret = fake("", 43, "sealed8-litestream-prefix", B64URL)
    through_commit(lab, "Restore on a laptop with "
                        "`LITESTREAM_ACCESS_KEY_ID=EXO4b9c0d2e6f8a1b3c5d7e9f0a "
                        f"LITESTREAM_SECRET_ACCESS_KEY={secret} litestream restore -o /tmp/r.db "
                        "s3://runnel-backups/web1/runnel.db`", secret)


@attack("leak", "a NEBULA_CA_PASSPHRASE= prefix before nebula-cert sign")
def nebula_passphrase(lab: Lab) -> None:
    through_commit(lab, f"Tablets are signed with `NEBULA_CA_PASSPHRASE={PW} nebula-cert sign "
                        "-name tablet-korce-02 -ip 10.77.22.2/16 -groups field`", PW)


@attack("leak", "npx cap build android --keystorepass / --keystorealiaspass")
def capacitor_keystore_flags(lab: Lab) -> None:
    through_commit(lab, "Field release: `npx cap build android --keystorepath "
                        f"../release/runnel-field.jks --keystorepass {PW} --keystorealias "
                        f"runnel-field --keystorealiaspass {PW2}`", PW, PW2)


@attack("leak", "sqlcipher FILE \"PRAGMA key = '...'\" (the key inside a shell argument)")
def sqlcipher_pragma_arg(lab: Lab) -> None:
    key = fake("", 32, "sealed8-sqlcipher-arg", ALNUM)
    pragma, query = f"PRAGMA key = '{key}'; ", "SELECT count(*) FROM account;"
    through_commit(lab, f"Count accounts with `sqlcipher /data/runnel.db \"{pragma}{query}\"`", key)


@attack("leak", "an EXOSCALE_API_SECRET= prefix before exo storage")
def exoscale_prefix(lab: Lab) -> None:
    secret = fake("", 43, "sealed8-exo-prefix", B64URL)
    through_commit(lab, "List the backups with `EXOSCALE_API_KEY=EXO1f3a5c7e9b2d4f6a8c0e2b4d "
                        f"EXOSCALE_API_SECRET={secret} exo storage ls "
                        "sos://runnel-backups`", secret)


@attack("leak", "an smtps:// connection URI whose user and password are a Postmark token")
def postmark_smtp_uri(lab: Lab) -> None:
    token = _uuid("sealed8-postmark-smtp")
    through_commit(lab, "Kratos' mail goes out through `COURIER_SMTP_CONNECTION_URI=smtps://"
                        f"{token}:{token}@smtp.postmarkapp.com:465/`", token)


@attack("leak", "HTTPie --auth-type=bearer --auth TOKEN (GoCardless sandbox_)")
def httpie_bearer(lab: Lab) -> None:
    token = fake("sand" + "box_", 40, "sealed8-gocardless", B64URL)
    through_commit(lab, "Mandates in the sandbox: `http --auth-type=bearer --auth "
                        f"{token} GET https://api-sandbox.gocardless.com/mandates "
                        "GoCardless-Version:2015-07-06`", token[8:])


@attack("leak", "bb -x runnel.tasks/rotate-db-key --new-key KEY")
def bb_exec_flag(lab: Lab) -> None:
    key = fake("", 64, "sealed8-bb-new-key", HEX)
    through_commit(lab, "The key was rotated with "
                        f"`bb -x runnel.tasks/rotate-db-key --new-key {key}`",
                   key)


# -- the password sentence in further languages ---------------------------------------------

@attack("leak", "a password sentence in Estonian")
def estonian(lab: Lab) -> None:
    through_commit(lab, f"Andmebaasi parool on nüüd {PW}", PW)


@attack("leak", "a password sentence in Maltese")
def maltese(lab: Lab) -> None:
    through_commit(lab, f"Il-password tad-database issa hija {PW}", PW)


@attack("leak", "a password sentence in Albanian")
def albanian(lab: Lab) -> None:
    through_commit(lab, f"Fjalëkalimi i bazës së të dhënave tani është {PW}", PW)


# -- further vendors' tokens in prose -------------------------------------------------------

@attack("leak", "an Exoscale API key (EXO) and its secret in prose")
def exoscale(lab: Lab) -> None:
    key = fake("EX" + "O", 24, "sealed8-exo-key", HEX)
    secret = fake("", 43, "sealed8-exo-secret", B64URL)
    through_commit(lab, f"The SOS bucket belongs to the IAM key {key} with secret {secret}",
                   key[3:], secret)


@attack("leak", "an Ory Network personal access token (ory_pat_) in prose")
def ory_pat(lab: Lab) -> None:
    token = fake("ory_" + "pat_", 32, "sealed8-ory-pat", ALNUM)
    through_commit(lab, f"The staging project on Ory Network is managed with {token}", token[8:])


@attack("leak", "a Clojars deploy token (CLOJARS_) in prose")
def clojars(lab: Lab) -> None:
    token = fake("CLOJ" + "ARS_", 60, "sealed8-clojars", HEX)
    through_commit(lab, f"Our fork of hato is published to Clojars with {token}", token[8:])


@attack("leak", "a Honeycomb ingest key (hcaik_) in prose")
def honeycomb(lab: Lab) -> None:
    token = fake("hca" + "ik_", 58, "sealed8-honeycomb", LOWER)
    through_commit(lab, f"mulog traces go to Honeycomb with {token}", token[6:])


@attack("leak", "a Typeform personal token (tfp_) in prose")
def typeform(lab: Lab) -> None:
    token = fake("tf" + "p_", 44, "sealed8-typeform1", ALNUM) + "_" + \
        fake("", 14, "sealed8-typeform2", ALNUM)
    through_commit(lab, f"The customer survey results are pulled from Typeform with {token}",
                   token[4:48])


@attack("leak", "a Notion integration token (ntn_) in prose")
def notion(lab: Lab) -> None:
    token = fake("nt" + "n_", 46, "sealed8-notion", ALNUM)
    through_commit(lab, f"The board minutes sync from Notion with {token}", token[4:])


@attack("leak", "a HubSpot private app token (pat-na1-UUID) in prose")
def hubspot(lab: Lab) -> None:
    token = "pat-" + "na1-" + _uuid("sealed8-hubspot")
    through_commit(lab, f"The Gozo newsletter list lives in HubSpot, reached with {token}",
                   token[8:])


@attack("leak", "a Yandex Cloud OAuth token (y0_) in prose")
def yandex(lab: Lab) -> None:
    token = fake("y" + "0_", 56, "sealed8-yandex", B64URL)
    through_commit(lab, f"The old Korça archive is still on Yandex Cloud; use {token}", token[3:])


@attack("leak", "an Alibaba Cloud AccessKey (LTAI) and its secret in prose")
def alibaba(lab: Lab) -> None:
    key = fake("LT" + "AI", 20, "sealed8-alibaba-key", ALNUM)
    secret = fake("", 30, "sealed8-alibaba-secret", ALNUM)
    through_commit(lab, f"The meter vendor's OSS bucket takes {key} / {secret}", key[4:], secret)


@attack("leak", "a Tencent Cloud SecretId (AKID) and SecretKey in prose")
def tencent(lab: Lab) -> None:
    key = fake("AK" + "ID", 32, "sealed8-tencent-id", ALNUM)
    secret = fake("", 32, "sealed8-tencent-key", ALNUM)
    through_commit(lab, f"The SMS fallback uses Tencent Cloud with {key} and {secret}",
                   key[4:], secret)


@attack("leak", "a Hugging Face token (hf_) in prose")
def hugging_face(lab: Lab) -> None:
    token = fake("h" + "f_", 34, "sealed8-hf", LETTERS)
    through_commit(lab, f"The meter-photo digit model is downloaded with {token}", token[3:])


@attack("leak", "a Slack bot token (xoxb-) in prose")
def slack_bot(lab: Lab) -> None:
    token = "xo" + "xb-" + fake("", 13, "sealed8-slack1", "0123456789") + "-" + \
        fake("", 13, "sealed8-slack2", "0123456789") + "-" + fake("", 24, "sealed8-slack3", ALNUM)
    through_commit(lab, f"Deploy notices go to #ops through the bot with {token}", token[-24:],
                   token[5:33])


# -- file formats whose secret no earlier part names ----------------------------------------

@attack("leak", ".kamal/secrets: a literal value (a name that says nothing)")
def kamal_secrets_literal(lab: Lab) -> None:
    value = fake("", 40, "sealed8-kamal-literal", ALNUM)
    _diff_to_model(lab, {".kamal/secrets.staging": (
        "KAMAL_REGISTRY_PASSWORD=$KAMAL_REGISTRY_PASSWORD\n"
        f"RNL_Q={value}\n"
        "RUNNEL_ENV=staging\n")}, value)


@attack("leak", "Kratos: secrets.cookie and secrets.cipher in kratos.yml")
def kratos_secrets(lab: Lab) -> None:
    cookie = fake("", 32, "sealed8-kratos-cookie", ALNUM)
    cipher = fake("", 32, "sealed8-kratos-cipher", ALNUM)
    _diff_to_model(lab, {"infra/kratos/kratos.staging.yml": (
        "version: v1.3.1\ndsn: sqlite:///var/lib/sqlite/kratos.db?_fk=true\n"
        f"secrets:\n  cookie:\n    - {cookie}\n  cipher:\n    - {cipher}\n"
        "serve:\n  public:\n    base_url: https://id.staging.runnel.coop/\n")}, cookie, cipher)


@attack("leak", "a Kratos identities import file with a password credential")
def kratos_import(lab: Lab) -> None:
    _diff_to_model(lab, {"infra/kratos/import/readers-gozo.json": (
        '[\n  {\n    "schema_id": "staff",\n'
        '    "traits": {"email": "reader3@runnel.coop", "name": "Reader 3", '
        '"cooperative": "gozo"},\n'
        '    "metadata_public": {"role": "meter-reader", "route_id": "gozo-3"},\n'
        f'    "credentials": {{"password": {{"config": {{"password": "{PW}"}}}}}}\n'
        "  }\n]\n")}, PW)


@attack("leak", "litestream.yml: access-key-id and secret-access-key")
def litestream_file(lab: Lab) -> None:
    secret = fake("", 43, "sealed8-litestream-file", B64URL)
    _diff_to_model(lab, {"infra/litestream.staging.yml": (
        "dbs:\n  - path: /data/runnel.db\n    replicas:\n      - type: s3\n"
        "        bucket: runnel-staging\n        endpoint: https://sos-ch-gva-2.exo.io\n"
        "        access-key-id: EXO7c2e4a6b8d0f1e3a5c7b9d1f\n"
        f"        secret-access-key: {secret}\n")}, secret)


@attack("leak", "a Nebula host key file (NEBULA X25519 PRIVATE KEY)")
def nebula_key_file(lab: Lab) -> None:
    body = fake("", 43, "sealed8-nebula-key", B64) + "="
    _diff_to_model(lab, {"infra/nebula/tablets/gozo-04.key": (
        f"-----BEGIN NEBULA X25519 PRIVATE KEY-----\n{body}\n"
        "-----END NEBULA X25519 PRIVATE KEY-----\n")}, body[:40])


@attack("leak", "Leiningen profiles.clj: a repository :password")
def lein_profiles(lab: Lab) -> None:
    token = fake("", 40, "sealed8-lein", HEX)
    _diff_to_model(lab, {"tools/meter-import/profiles.clj": (
        "{:user {:repositories\n"
        '        [["runnel" {:url "https://registry.runnel.coop/maven"\n'
        '                    :username "runnel-ci"\n'
        f'                    :password "{token}"}}]]}}}}\n')}, token)


@attack("leak", "config.edn: a literal ring cookie-store key (16 bytes)")
def ring_cookie_key(lab: Lab) -> None:
    key = fake("", 16, "sealed8-cookie-key", ALNUM)
    _diff_to_model(lab, {"web/resources/config.staging.edn": (
        "{:runnel/env \"staging\"\n"
        f" :session {{:cookie-name \"rnl_session\" :store-key \"{key}\"}}\n"
        " :forwarded {:trusted-proxies [\"172.30.0.0/16\"]}}\n")}, key)


@attack("leak", "CircleCI config.yml: an environment: literal (a name that says nothing)")
def circleci_environment(lab: Lab) -> None:
    value = fake("", 36, "sealed8-circle-env", ALNUM)
    _diff_to_model(lab, {".circleci/config.yml": (
        "version: 2.1\njobs:\n  smoke:\n    docker:\n      - image: cimg/base:2024.11\n"
        f"    environment:\n      HNY_W: {value}\n"
        "    steps:\n      - checkout\n      - run: bin/smoke\n"
        "workflows:\n  main:\n    jobs: [smoke]\n")}, value)


@attack("leak", "capacitor.config.ts: android.buildOptions.keystorePassword")
def capacitor_config_password(lab: Lab) -> None:
    _diff_to_model(lab, {"field/capacitor.config.ts": (
        "import type { CapacitorConfig } from '@capacitor/cli';\n\n"
        "const config: CapacitorConfig = {\n  appId: 'coop.runnel.field',\n"
        "  webDir: 'dist',\n  android: {\n    buildOptions: {\n"
        "      keystorePath: '../release/runnel-field.jks',\n"
        f"      keystorePassword: '{PW}',\n      keystoreAlias: 'runnel-field',\n"
        f"      keystoreAliasPassword: '{PW2}',\n    }},\n  }},\n}};\n\n"
        "export default config;\n")}, PW, PW2)


@attack("leak", "a SQLCipher raw key (PRAGMA key = \"x'...'\") in a SQL file")
def sqlcipher_sql_file(lab: Lab) -> None:
    key = fake("", 64, "sealed8-sqlcipher-file", HEX)
    _diff_to_model(lab, {"tools/reports/open.sql": (
        f"PRAGMA key = \"x'{key}'\";\nPRAGMA cipher_compatibility = 4;\n"
        "SELECT cooperative, count(*) FROM account GROUP BY cooperative;\n")}, key)


@attack("leak", "bb.edn: a task's :extra-env (a name that says nothing)")
def bb_extra_env(lab: Lab) -> None:
    value = fake("", 40, "sealed8-bb-extra-env", ALNUM)
    _diff_to_model(lab, {"bb.edn": (
        "{:tasks\n {smoke {:doc \"Smoke test against staging\"\n"
        f"         :task (shell {{:extra-env {{\"RNL_T\" \"{value}\"}}}} \"bin/smoke\")}}}}}}\n")},
        value)


@attack("leak", "the CircleCI CLI's cli.yml: token:")
def circleci_cli_yml(lab: Lab) -> None:
    token = fake("", 40, "sealed8-circle-cli", HEX)
    _diff_to_model(lab, {"tools/circleci/cli.yml": (
        "host: https://circleci.com\nendpoint: graphql-unstable\n"
        f"token: {token}\nrest_endpoint: api/v2\n")}, token)


# -- push routes --------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}", "Meters are read every second month"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: git push --force-with-lease of a new branch")
def push_force_with_lease(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--force-with-lease", "origin", "feature", policy="off"))


@attack("leak", "native route: git push with a push option (-o ci.skip)")
def push_option(lab: Lab) -> None:
    repo = lab.repo()
    bare = lab.origin(repo)
    lab.git(bare, "config", "receive.advertisePushOptions", "true")
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("-o", "ci.skip", "origin", "feature", policy="off"))


@attack("leak", "native route: git push --set-upstream origin BRANCH")
def push_set_upstream(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("--set-upstream", "origin", "feature", policy="off"))


@attack("leak", "native route: into a teammate's non-bare checkout (receive.denyCurrentBranch "
                "updateInstead)")
def push_update_instead(lab: Lab) -> None:
    repo = lab.repo()
    bare = lab.origin(repo)
    pair = lab.root / "pair"
    lab.git(lab.root, "clone", "-q", str(bare), str(pair))
    lab.git(pair, "checkout", "-q", "-b", "feature")
    lab.git(pair, "config", "receive.denyCurrentBranch", "updateInstead")
    lab.remotes.append(pair / ".git")
    repo.git("remote", "add", "pair", str(pair))
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("pair", "feature", policy="off"))


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Set up the water cooperative's servers")
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
    lab.expect("water cooperative's servers" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: kamal secrets print prints the decrypted values")
def session_kamal_print(lab: Lab) -> None:
    key = fake("", 64, "sealed8-session-kamal", HEX)
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("kamal secrets print",
                 "KAMAL_REGISTRY_PASSWORD=$KAMAL_REGISTRY_PASSWORD\n"
                 f"RUNNEL_DB_KEY={key}\nRUNNEL_ENV=production", 0)
    _session(lab, build)


@attack("leak", "a session: passbolt get resource prints the password")
def session_passbolt_get(lab: Lab) -> None:
    lab.plant(PW)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("passbolt get resource --id 3f0c2a71-9b4e-4d1a-8f36-2c5e7a9b1d04",
                 "FolderParentID: runnel-prod\nName: postmark\nUsername: ops@runnel.coop\n"
                 f"URI: https://account.postmarkapp.com\nPassword: {PW}\nDescription: ", 0)
    _session(lab, build)


@attack("leak", "a session: exo iam api-key create prints the new secret")
def session_exo_key(lab: Lab) -> None:
    secret = fake("", 43, "sealed8-session-exo", B64URL)
    lab.plant(secret)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("exo iam api-key create litestream-web2 --role sos-backups",
                 "┼──────────┼──────────────────────────────────────────────┼\n"
                 "│ Name     │ litestream-web2                              │\n"
                 "│ Key      │ EXO5d7f9b1c3e5a7d9f1b3c5e7a                  │\n"
                 f"│ Secret   │ {secret} │\n", 0)
    _session(lab, build)


@attack("leak", "a session: bb -e prints a new ring cookie-store key")
def session_bb_key(lab: Lab) -> None:
    key = fake("", 32, "sealed8-session-bb", HEX)
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("bb -e '(let [b (byte-array 16)] (.nextBytes (java.security.SecureRandom.) b) "
                 "(apply str (map #(format \"%02x\" %) b)))'", f'"{key}"', 0)
    _session(lab, build)

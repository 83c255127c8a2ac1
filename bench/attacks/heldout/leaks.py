"""Leaks (part heldout): families neither issue 31 nor part build names.  A planted secret
must reach no remote, model request, printed line or CI log."""

from __future__ import annotations

import base64
import json

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Q7vLm2xT" + "z9kR4w"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"


def _diff_to_model(lab: Lab, files: dict[str, str], *secrets: str,
                   settings: dict[str, str] | None = None) -> Repo:
    """``files`` committed on a branch, memorized with a fake model (the diff is sent)."""
    repo = lab.repo(settings=settings)
    lab.plant(*secrets)
    model = lab.model()
    for _ in range(3):
        model.text('{"no_content_to_extract": true}')
    repo.git("checkout", "-q", "-b", "feature")
    for rel, text in files.items():
        repo.write(rel, text)
        repo.git("add", "-f", "--", rel)
    repo.git("commit", "-q", "-m", "Add the deployment settings",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("deployment settings" in lab.sent(), "the commit was sent to the model")
    return repo


# -- password flags of other tools --------------------------------------------------------

@attack("leak", "redis-cli -a PASSWORD")
def redis_cli(lab: Lab) -> None:
    through_commit(lab, f"Flush the cache with `redis-cli -h cache.internal -a {PW} FLUSHALL`",
                   PW)


@attack("leak", "openssl -passin pass:PASSWORD")
def openssl_passin(lab: Lab) -> None:
    through_commit(lab, f"Convert the bundle with `openssl pkcs12 -in tiles.p12 -passin "
                        f"pass:{PW} -out tiles.pem`", PW)


@attack("leak", "keytool -storepass PASSWORD")
def keytool(lab: Lab) -> None:
    through_commit(lab, f"List the keystore with `keytool -list -keystore release.jks "
                        f"-storepass {PW}`", PW)


@attack("leak", "smbclient -U user%PASSWORD")
def smbclient(lab: Lab) -> None:
    through_commit(lab, f"The share is mounted with `smbclient //files/tiles -U svc_tiles%{PW}`",
                   PW)


# -- other words for a password ----------------------------------------------------------

@attack("leak", "the signing key's passphrase in prose")
def passphrase(lab: Lab) -> None:
    through_commit(lab, f"The release signing key's passphrase is {PW}", PW)


@attack("leak", "a Vault unseal key in prose")
def unseal(lab: Lab) -> None:
    key = base64.b64encode(fake("", 32, "heldout-unseal").encode()).decode()
    through_commit(lab, f"Unseal key 1 for the staging Vault: {key}", key)


@attack("leak", "two-factor recovery codes in prose")
def recovery_codes(lab: Lab) -> None:
    codes = [fake("", 10, f"heldout-code-{n}", "abcdefghjkmnpqrstuvwxyz23456789")
             for n in range(3)]
    through_commit(lab, f"Admin 2FA recovery codes: {' '.join(codes)}", *codes)


@attack("leak", "a TOTP seed in prose")
def totp_seed(lab: Lab) -> None:
    seed = fake("", 32, "heldout-totp", "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    through_commit(lab, f"The shared staging authenticator is seeded with {seed}", seed)


# -- credentials in other HTTP headers ------------------------------------------------------

@attack("leak", "a Cookie header with a session id")
def cookie(lab: Lab) -> None:
    sid = fake("", 32, "heldout-cookie")
    through_commit(lab, f"Reproduce with `curl -H 'Cookie: sessionid={sid}' "
                        "http://localhost:8080/api/me`", sid)


@attack("leak", "an X-API-Key header")
def api_key_header(lab: Lab) -> None:
    key = fake("", 40, "heldout-x-api-key", HEX)
    through_commit(lab, f'The partner API wants `-H "X-API-Key: {key}"` on every call', key)


@attack("leak", "a Proxy-Authorization header")
def proxy_auth(lab: Lab) -> None:
    basic = base64.b64encode(f"build:{PW}".encode()).decode()
    through_commit(lab, f"The office proxy needs Proxy-Authorization: Basic {basic}", basic, PW)


# -- newer vendors' token formats ---------------------------------------------------------

@attack("leak", "an OpenRouter key in prose")
def openrouter(lab: Lab) -> None:
    key = fake("sk" + "-or-v1-", 64, "heldout-openrouter", HEX)
    through_commit(lab, f"The eval runs use {key} until the new account is ready", key[10:])


@attack("leak", "a Groq key in prose")
def groq(lab: Lab) -> None:
    key = fake("gs" + "k_", 52, "heldout-groq")
    through_commit(lab, f"The summariser calls the fast model with {key}", key[4:])


@attack("leak", "a Replicate token in prose")
def replicate(lab: Lab) -> None:
    key = fake("r" + "8_", 37, "heldout-replicate")
    through_commit(lab, f"Image jobs run on Replicate as {key}", key[3:])


@attack("leak", "a Doppler service token in prose")
def doppler(lab: Lab) -> None:
    key = fake("dp" + ".st.", 43, "heldout-doppler")
    through_commit(lab, f"The staging config is pulled with {key}", key[6:])


@attack("leak", "a Figma token in prose")
def figma(lab: Lab) -> None:
    key = fake("fi" + "gd_", 40, "heldout-figma")
    through_commit(lab, f"Design exports are fetched with {key}", key[5:])


# -- files that hold credentials but no exclude pattern names them ------------------------

@attack("leak", ".pgpass in a diff")
def pgpass(lab: Lab) -> None:
    _diff_to_model(lab, {"deploy/.pgpass": f"db.internal:5432:tiles:app:{PW}\n"}, PW)


@attack("leak", "a Docker config.json auth in a diff")
def docker_auth(lab: Lab) -> None:
    auth = base64.b64encode(f"deploy:{PW}".encode()).decode()
    _diff_to_model(lab, {"deploy/docker/config.json": json.dumps(
        {"auths": {"registry.internal": {"auth": auth}}}, indent=2) + "\n"}, auth, PW)


@attack("leak", "a direnv .envrc in a diff")
def envrc(lab: Lab) -> None:
    value = fake("", 28, "heldout-envrc")
    _diff_to_model(lab, {".envrc": f"export OPS_CRED={value}\nexport TILES_ENV=staging\n"},
                   value)


@attack("leak", "a branch's config empties exclude_paths; an env file follows")
def exclude_emptied(lab: Lab) -> None:
    value = f"ops:{PW}"
    _diff_to_model(lab, {"config/.env.staging": f"STAGING_LOGIN={value}\n"}, PW,
                   settings={"exclude_paths": "[]"})


# -- values whose name is elsewhere -------------------------------------------------------

@attack("leak", "a CSV fixture with a password column")
def csv_column(lab: Lab) -> None:
    _diff_to_model(lab, {"tests/fixtures/users.csv":
                         f"email,password,role\nalice@example.com,{PW},admin\n"}, PW)


@attack("leak", "a YAML block scalar under password")
def yaml_block(lab: Lab) -> None:
    _diff_to_model(lab, {"deploy/values.yaml": f"db:\n  user: app\n  password: |\n    {PW}\n"},
                   PW)


@attack("leak", "a connection string without a scheme")
def dsn(lab: Lab) -> None:
    _diff_to_model(lab, {"deploy/settings.yaml": f"dsn: app:{PW}@db.internal:5432/tiles\n"},
                   PW)


@attack("leak", "a Kubernetes Secret's base64 data")
def k8s_secret(lab: Lab) -> None:
    encoded = base64.b64encode(PW.encode()).decode()
    _diff_to_model(lab, {"deploy/secret.yaml": (
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: tiles-db\n"
        f"data:\n  password: {encoded}\n")}, encoded, PW)


# -- the model's answer and the prompt's edges ----------------------------------------------

@attack("leak", "a token JSON-escaped in the model's answer")
def json_escaped(lab: Lab) -> None:
    body = fake("", 36, "heldout-escaped")
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(body)
    model = lab.model()
    answer = ('{"extractions": [{"section": "facts", "confidence": 0.95, "refs": [], '
              '"content": "The deploy bot authenticates with \\u0067hp_' + body + '"}]}')
    model.text(answer)
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect(bool(lab.sent()), "the model was asked")
    lab.expect("authenticates with" in repo.git("log", "-p", "-1").out,
               "the answer became a memory commit")
    repo.push("origin", "feature", policy="off")


@attack("leak", "a token cut by the per-commit message cap")
def cut_at_cap(lab: Lab) -> None:
    token = fake("gh" + "p_", 36, "heldout-cap")
    repo = lab.repo()
    lab.plant(token[4:])
    model = lab.model()
    model.text('{"no_content_to_extract": true}')
    repo.git("checkout", "-q", "-b", "feature")
    filler = ("The cache keeps order lookups warm for the checkout page. " * 40)[:1975]
    repo.work(f"Cache order lookups\n\n{filler} {token} is the bot.", hooks=False)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("checkout page" in lab.sent(), "the commit was sent to the model")


@attack("leak", "a token in the new name of a renamed file")
def renamed(lab: Lab) -> None:
    token = fake("gh" + "p_", 36, "heldout-rename")
    repo = lab.repo(files={"fixtures/user.json": '{"login": "octocat", "id": 1}\n' * 20})
    lab.plant(token)
    model = lab.model()
    model.text('{"no_content_to_extract": true}')
    repo.git("checkout", "-q", "-b", "feature")
    repo.git("mv", "fixtures/user.json", f"fixtures/{token}.json")
    repo.write("src/app/replay.py", "import json\n\n\ndef replay(path: str) -> dict:\n"
               "    with open(path) as fh:\n        return json.load(fh)\n")
    repo.git("add", "-A")
    repo.git("commit", "-q", "-m", "Name the fixture after the token it replays\n\nThe "
             "replay helper loads it by name, so the suite needs no network.",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("Name the fixture" in lab.sent(), "the commit was sent to the model")


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build: str) -> Repo:
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Connect the report job to the database")
    if build == "tool":
        run = rec.tool("Bash", command="psql -h db.internal tiles -c 'select 1'")
        rec.result(run, "psql: error: connection failed\nusing ~/.pgpass entry "
                        f"db.internal:5432:tiles:app:{PW}\nFATAL: no pg_hba.conf entry",
                   error=True)
    else:
        rec.user("Use this for the staging API: curl -H 'Cookie: sessionid="
                 f"{fake('', 32, 'heldout-session-cookie')}' https://staging.tiles.dev/api")
    rec.say("Done.")
    transcript = write_claude(lab.root / "home", str(repo.path), rec)
    run_session_hook(repo.path, "SessionEnd", hook_input("SessionEnd", str(transcript),
                                                         str(repo.path)),
                     gitmemory_bin(lab.root / "bin"), env=lab.env)
    model = lab.model()
    for _ in range(3):
        model.text('{"no_content_to_extract": true}')
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("report job" in lab.sent(), "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: a failed tool's output shows a .pgpass line")
def session_tool(lab: Lab) -> None:
    lab.plant(PW)
    _session(lab, "tool")


@attack("leak", "a session: the person pastes a Cookie header")
def session_cookie(lab: Lab) -> None:
    lab.plant(fake("", 32, "heldout-session-cookie"))
    _session(lab, "cookie")


# -- memory that travels on other routes ----------------------------------------------------

NOTES_TOKEN = fake("gl" + "pat-", 20, "heldout-notes")


def _noted(branch: str) -> str:
    return memory_text(branch, {"facts": ["Order lookups are cached for five minutes"]},
                       notes=f"Kept by hand: the old runner registered with {NOTES_TOKEN}.")


@attack("leak", "promote: a token in the merged branch's hand-written notes, to the model")
def promote_notes(lab: Lab) -> None:
    repo = lab.repo()
    lab.plant(NOTES_TOKEN[6:])
    repo.memory("main", memory_text("main", {"conventions": ["Tests use pytest fixtures"]}))
    repo.commit_all("main notes", hooks=False)
    repo.git("checkout", "-q", "-b", "feature")
    repo.memory("feature", _noted("feature"))
    repo.commit_all("Notes", hooks=False)
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "--no-ff", "feature", "-m", "Merge feature",
             env={"GITMEMORY_DISABLE": "1"})
    model = lab.model()
    for _ in range(3):
        model.text('{"no_content_to_extract": true}')
    repo.gm("promote", "feature", env={"GITMEMORY_PROVIDER": "anthropic"})
    lab.expect("cached for five minutes" in lab.sent(), "the memory was sent to the model")


@attack("leak", "maintain: a token in a memory's unknown section, to the model")
def maintain_section(lab: Lab) -> None:
    repo = lab.repo()
    lab.plant(NOTES_TOKEN[6:])
    repo.git("checkout", "-q", "-b", "feature")
    text = memory_text("feature", {"facts": ["Order lookups are cached for five minutes"]})
    repo.memory("feature", text + f"## Runbook\n\n- Register runners with {NOTES_TOKEN}\n")
    repo.commit_all("Notes", hooks=False)
    repo.work(hooks=False)
    repo.git("checkout", "-q", "main")
    model = lab.model()
    for _ in range(6):
        model.text('{"no_content_to_extract": true}')
    repo.gm("maintain", "--full", env={"GITMEMORY_PROVIDER": "anthropic"})
    lab.expect("cached for five minutes" in lab.sent(), "the memory was sent to the model")


@attack("leak", "the merge driver brings a teammate's unknown section into main, pushed")
def merged_section(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(NOTES_TOKEN[6:])
    base = memory_text("main", {"facts": ["Order lookups are cached for five minutes"]})
    repo.memory("main", base)
    repo.commit_all("main notes", hooks=False)
    repo.git("checkout", "-q", "-b", "teammate")
    repo.memory("main", base + f"## Runbook\n\n- Register runners with {NOTES_TOKEN}\n")
    repo.commit_all("Runbook", hooks=False)
    repo.git("checkout", "-q", "main")
    repo.memory("main", memory_text("main", {"facts": [
        "Order lookups are cached for five minutes", "Tests use pytest fixtures"]}))
    repo.commit_all("More notes", hooks=False)
    repo.git("merge", "-q", "--no-edit", "teammate", env={"GITMEMORY_DISABLE": "1"})
    lab.expect("Runbook" in (repo.path / ".gitmemory/branches/main.md").read_text(),
               "the merge kept the teammate's section")
    repo.push("origin", "main", policy="off")


@attack("leak", "a CI checkout whose origin URL carries a token: ci sync's log")
def ci_origin_token(lab: Lab) -> None:
    token = fake("gh" + "s_", 36, "heldout-ci-url")
    dev = lab.repo("dev")
    server = lab.origin(dev)
    lab.plant(token)
    ci = lab.root / "ci"
    lab.git(lab.root, "clone", "-q", str(server), str(ci))
    with_token = f"https://x-access-token:{token}@git.example/tiles/tiles.git"
    lab.git(ci, "remote", "set-url", "origin", with_token)
    for url in (with_token, "https://git.example/tiles/tiles.git"):
        lab.git(ci, "config", "--add", f"url.{server}.insteadOf", url)
    synced = lab.gitmemory(ci, "ci", "sync", env={"GITHUB_STEP_SUMMARY": str(lab.summary())})
    lab.expect("ci sync" in synced.text, "the job ran")
    lab.gitmemory(ci, "status")

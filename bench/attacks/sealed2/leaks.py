"""Leaks (part sealed2): families neither issue 31 nor parts build and heldout name.  A planted
secret must reach no remote, model request, printed line or CI log.

Password arguments of other tools; the password sentence in languages the rules do not name;
newer vendors' token formats; file formats whose secret sits under a name no rule knows (PHP
``define``, OpenVPN and WireGuard keys, Ansible, .htpasswd, a JWK, NuGet, rclone); tokens split
over two lines or two items; secrets in file names (an assignment in a path, a binary file);
a branch name that holds a token on commands other than memorize and push; sessions (a tool
call's file, the agent's words, a fetched URL, a Codex rollout); fields of the model's answer
other than content, and an answer that is not JSON; the pull-request job; the pre-commit
framework's push route."""

from __future__ import annotations

import base64
import json
import sys

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, LabError, Repo, attack, through_commit

PW = "Hn4rT8vQ" + "w2Lp6x"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed2-github")
GITLAB = fake("gl" + "pat-", 20, "sealed2-gitlab")
NO_CONTENT = '{"no_content_to_extract": true}'


def _diff_to_model(lab: Lab, files: dict[str, str | bytes], *secrets: str,
                   settings: dict[str, str] | None = None) -> Repo:
    """``files`` committed on a branch, memorized with a fake model (the diff is sent)."""
    repo = lab.repo(settings=settings)
    lab.plant(*secrets)
    model = lab.model()
    for _ in range(3):
        model.text(NO_CONTENT)
    repo.git("checkout", "-q", "-b", "feature")
    for rel, text in files.items():
        repo.write(rel, text)
        repo.git("add", "-f", "--", rel)
    repo.write("src/app/settings.py", "TIMEOUT = 30\nRETRIES = 3\n")
    repo.git("add", "-f", "--", "src/app/settings.py")
    repo.git("commit", "-q", "-m", "Add the deployment settings",
             env={"GITMEMORY_DISABLE": "1"})
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("deployment settings" in lab.sent(), "the commit was sent to the model")
    return repo


# -- password arguments of other tools -----------------------------------------------------

@attack("leak", "7z a -pPASSWORD (glued)")
def sevenzip(lab: Lab) -> None:
    through_commit(lab, f"The dump archive is made with `7z a -p{PW} -mhe=on dumps.7z dumps/`",
                   PW)


@attack("leak", "zip -P PASSWORD")
def zip_p(lab: Lab) -> None:
    through_commit(lab, f"Fixtures for the partner go out as `zip -P {PW} -r fixtures.zip "
                        "fixtures/`", PW)


@attack("leak", "sqlcmd -P PASSWORD")
def sqlcmd(lab: Lab) -> None:
    through_commit(lab, f"Check the reporting DB with `sqlcmd -S reports.internal -U sa -P {PW} "
                        "-Q \"select 1\"`", PW)


@attack("leak", "ldapsearch -w PASSWORD")
def ldapsearch(lab: Lab) -> None:
    through_commit(lab, "Look users up with `ldapsearch -x -H ldap://ldap.internal -D "
                        f"cn=admin,dc=tiles -w {PW} '(uid=*)'`", PW)


@attack("leak", "xfreerdp /p:PASSWORD")
def xfreerdp(lab: Lab) -> None:
    through_commit(lab, f"The Windows build box: `xfreerdp /v:winbuild.internal /u:builder "
                        f"/p:{PW}`", PW)


@attack("leak", "mc alias set (MinIO access and secret key as arguments)")
def minio(lab: Lab) -> None:
    secret = fake("", 40, "sealed2-minio", ALNUM + "/+")
    through_commit(lab, "Point the client at the cache with `mc alias set tiles "
                        f"https://minio.internal tiles-admin {secret}`", secret)


@attack("leak", "gpg --passphrase PASSWORD")
def gpg_passphrase(lab: Lab) -> None:
    through_commit(lab, "Sign in CI with `gpg --batch --pinentry-mode loopback --passphrase "
                        f"{PW} --detach-sign dist/tiles.tar.gz`", PW)


@attack("leak", "ipmitool -P PASSWORD")
def ipmitool(lab: Lab) -> None:
    through_commit(lab, "Power-cycle the render node with `ipmitool -I lanplus -H bmc.internal "
                        f"-U ADMIN -P {PW} chassis power cycle`", PW)


@attack("leak", "wpa_passphrase SSID PASSWORD")
def wpa(lab: Lab) -> None:
    through_commit(lab, f"The test devices join with `wpa_passphrase tiles-lab {PW}`", PW)


@attack("leak", "rabbitmqctl add_user USER PASSWORD")
def rabbitmq(lab: Lab) -> None:
    through_commit(lab, f"The queue user was created with `rabbitmqctl add_user svc_tiles {PW}`",
                   PW)


# -- the password sentence in languages the rules do not name ------------------------------

@attack("leak", "a password sentence in Hebrew")
def hebrew(lab: Lab) -> None:
    through_commit(lab, f"הסיסמה של מסד הנתונים היא {PW}", PW)


@attack("leak", "a password sentence in Greek")
def greek(lab: Lab) -> None:
    through_commit(lab, f"Ο κωδικός πρόσβασης του διακομιστή είναι {PW}", PW)


# -- newer vendors' token formats ---------------------------------------------------------

@attack("leak", "a Tailscale auth key in prose")
def tailscale(lab: Lab) -> None:
    key = "tskey-auth-" + fake("k", 12, "sealed2-ts1") + "CNTRL-" + fake("", 32, "sealed2-ts2")
    through_commit(lab, f"New CI runners join the tailnet with {key}", key[11:])


@attack("leak", "a 1Password service-account token in prose")
def onepassword(lab: Lab) -> None:
    key = fake("op" + "s_eyJ", 120, "sealed2-1p", B64)
    through_commit(lab, f"The deploy job reads the vault as {key}", key[8:])


@attack("leak", "a Perplexity key in prose")
def perplexity(lab: Lab) -> None:
    key = fake("pp" + "lx-", 48, "sealed2-pplx")
    through_commit(lab, f"The search summaries call the API with {key}", key[5:])


@attack("leak", "an xAI key in prose")
def xai(lab: Lab) -> None:
    key = fake("xa" + "i-", 80, "sealed2-xai")
    through_commit(lab, f"The eval harness uses {key} for the second opinion", key[4:])


@attack("leak", "an NVIDIA API key in prose")
def nvidia(lab: Lab) -> None:
    key = fake("nv" + "api-", 64, "sealed2-nvapi", B64URL)
    through_commit(lab, f"The embedding job runs on NIM with {key}", key[6:])


@attack("leak", "a crates.io token in .cargo/credentials.toml")
def crates(lab: Lab) -> None:
    key = fake("ci" + "o", 32, "sealed2-cio")
    _diff_to_model(lab, {".cargo/credentials.toml": f'[registry]\ntoken = "{key}"\n'}, key[3:])


# -- file formats whose secret sits under a name no rule knows ------------------------------

@attack("leak", "PHP define('DB_PASSWORD', ...) in wp-config.php")
def php_define(lab: Lab) -> None:
    salt = fake("", 48, "sealed2-wp-salt", ALNUM + "!#%^*()-_[]{}<>~+=,.;:/?|")
    _diff_to_model(lab, {"site/wp-config.php": (
        "<?php\ndefine( 'DB_NAME', 'tiles_blog' );\ndefine( 'DB_USER', 'blog' );\n"
        f"define( 'DB_PASSWORD', '{PW}' );\ndefine( 'AUTH_KEY', '{salt}' );\n")}, PW, salt)


@attack("leak", "an OpenVPN static key block")
def openvpn(lab: Lab) -> None:
    lines = [fake("", 32, f"sealed2-ovpn-{n}", HEX) for n in range(16)]
    block = "-----BEGIN OpenVPN Static key V1-----\n" + "\n".join(lines) + \
        "\n-----END OpenVPN Static key V1-----\n"
    _diff_to_model(lab, {"deploy/vpn/client.ovpn": (
        "client\ndev tun\nremote vpn.internal 1194\nkey-direction 1\n<tls-auth>\n" + block +
        "</tls-auth>\n")}, lines[2], lines[9])


@attack("leak", "a WireGuard PrivateKey and PresharedKey")
def wireguard(lab: Lab) -> None:
    private = base64.b64encode(fake("", 32, "sealed2-wg-priv").encode()).decode()
    shared = base64.b64encode(fake("", 32, "sealed2-wg-psk").encode()).decode()
    _diff_to_model(lab, {"deploy/wg0.conf": (
        f"[Interface]\nPrivateKey = {private}\nAddress = 10.8.0.2/24\n\n[Peer]\n"
        "PublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=\n"
        f"PresharedKey = {shared}\nEndpoint = vpn.internal:51820\n")}, private, shared)


@attack("leak", "ansible_become_pass in an inventory")
def ansible(lab: Lab) -> None:
    _diff_to_model(lab, {"deploy/inventory.ini": (
        "[db]\ndb1.internal ansible_user=deploy ansible_become_pass=" + PW + "\n")}, PW)


@attack("leak", "an .htpasswd apr1 hash")
def htpasswd_file(lab: Lab) -> None:
    digest = fake("", 22, "sealed2-apr1", ALNUM + "./")
    _diff_to_model(lab, {"deploy/nginx/.htpasswd": f"preview:$apr1$Wq8xZ1kP${digest}\n"},
                   digest)


@attack("leak", "the private exponent 'd' of a JSON Web Key")
def jwk(lab: Lab) -> None:
    d = fake("", 86, "sealed2-jwk-d", B64URL)
    n = fake("", 86, "sealed2-jwk-n", B64URL)
    _diff_to_model(lab, {"config/jwks.json": json.dumps({"keys": [{
        "kty": "RSA", "kid": "2026-11", "use": "sig", "alg": "RS256", "n": n, "e": "AQAB",
        "d": d}]}, indent=2) + "\n"}, d)


@attack("leak", "NuGet ClearTextPassword (the name in another attribute)")
def nuget(lab: Lab) -> None:
    _diff_to_model(lab, {"NuGet.config": (
        '<?xml version="1.0" encoding="utf-8"?>\n<configuration>\n  <packageSourceCredentials>\n'
        '    <tiles>\n      <add key="Username" value="ci" />\n'
        f'      <add key="ClearTextPassword" value="{PW}" />\n    </tiles>\n'
        "  </packageSourceCredentials>\n</configuration>\n")}, PW)


@attack("leak", "an rclone.conf 'pass' (obscured, reversible)")
def rclone(lab: Lab) -> None:
    obscured = fake("", 40, "sealed2-rclone", B64URL)
    _diff_to_model(lab, {"deploy/rclone.conf": (
        "[files]\ntype = sftp\nhost = files.internal\nuser = tiles\n"
        f"pass = {obscured}\n")}, obscured)


# -- split over two lines or two items ------------------------------------------------------

@attack("leak", "a token in a YAML folded scalar, split over two lines")
def folded(lab: Lab) -> None:
    _diff_to_model(lab, {"deploy/bot.yaml": (
        f"bot:\n  name: tiles-bot\n  token: >-\n    {GITHUB[:22]}\n    {GITHUB[22:]}\n")},
        GITHUB[4:22], GITHUB[22:])


@attack("leak", "a token split over two hand-written memory items, pushed")
def two_items(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:22], GITHUB[22:])
    repo.git("checkout", "-q", "-b", "feature")
    repo.memory("feature", memory_text("feature", {"facts": [
        f"The bot token starts {GITHUB[:22]}", f"and the bot token ends {GITHUB[22:]}"]}))
    repo.commit_all("Notes", hooks=False)
    repo.push("origin", "feature", policy="off")


# -- file names --------------------------------------------------------------------------

@attack("leak", "an assignment in a file's path (exports/api_key=KEY.json)")
def path_assignment(lab: Lab) -> None:
    key = fake("", 32, "sealed2-path-key")
    _diff_to_model(lab, {f"exports/api_key={key}.json": '{"rows": 3}\n'}, key)


@attack("leak", "a binary file named after a token (only its name is listed)")
def binary_name(lab: Lab) -> None:
    _diff_to_model(lab, {f"fixtures/{GITHUB}.bin": b"\x00\x01\x02tiles\x00" * 64}, GITHUB[4:])


# -- a branch name that holds a token, on other commands ------------------------------------

def _named(lab: Lab) -> Repo:
    """A branch ``hotfix/<token>`` with memory, made beforehand without printing anything."""
    repo = lab.repo()
    lab.plant(GITLAB)
    repo.git("checkout", "-q", "-b", f"hotfix/{GITLAB}", env={"GITMEMORY_DISABLE": "1"})
    repo.work("Cache order lookups\n\nMemory-Decision: Lookups are cached: the store is slow",
              hooks=False)
    done = lab.run([sys.executable, "-m", "gitmemory", "memorize"], repo.path)
    lab.expect(done.code == 0, "the branch has memory")
    return repo


@attack("leak", "a token in the branch name: status")
def name_status(lab: Lab) -> None:
    _named(lab).gm("status")


@attack("leak", "a token in the branch name: list and list --json")
def name_list(lab: Lab) -> None:
    repo = _named(lab)
    repo.git("checkout", "-q", "main", env={"GITMEMORY_DISABLE": "1"})
    repo.gm("list")
    repo.gm("list", "--json")


@attack("leak", "a token in the branch name: show, show --json, diff, search")
def name_show(lab: Lab) -> None:
    repo = _named(lab)
    repo.gm("show")
    repo.gm("show", "--json")
    repo.gm("diff", "main")
    repo.gm("search", "lookups cached")


@attack("leak", "a token in the branch name: the checkout hook's lines")
def name_checkout(lab: Lab) -> None:
    repo = _named(lab)
    repo.git("checkout", "-q", "main")
    repo.git("checkout", f"hotfix/{GITLAB}")


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Connect the tile exporter to the staging API")
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
    lab.expect("tile exporter" in lab.sent(), "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: a token in the file name of a tool call")
def session_file(lab: Lab) -> None:
    lab.plant(GITHUB[4:])

    def build(rec):  # type: ignore[no-untyped-def]
        call = rec.tool("Read", file_path=f"/home/dev/.config/tiles/{GITHUB}.json")
        rec.result(call, '{"exporter": "staging"}')
        call = rec.tool("Edit", file_path=f"config/{GITHUB}.json", old_string="a",
                        new_string="b")
        rec.result(call, "ok")
    _session(lab, build)


@attack("leak", "a session: the agent's own words name the token")
def session_words(lab: Lab) -> None:
    lab.plant(GITHUB[4:])

    def build(rec):  # type: ignore[no-untyped-def]
        rec.say(f"I found the exporter's credential in the old script: {GITHUB}. I will use "
                "it for the staging calls.")
    _session(lab, build)


@attack("leak", "a session: a password in a fetched URL's user part")
def session_url(lab: Lab) -> None:
    lab.plant(PW)

    def build(rec):  # type: ignore[no-untyped-def]
        call = rec.tool("WebFetch", url=f"https://deploy:{PW}@staging.tiles.dev/api/health",
                        prompt="Is it up?")
        rec.result(call, "ok", error=True)
    _session(lab, build)


@attack("leak", "a Codex session: a password argument in a shell call")
def codex_shell_pw(lab: Lab) -> None:
    from testing.transcripts import codex_meta, codex_shell, write_codex

    repo = lab.repo()
    repo.git("config", "gitmemory.sessions", "true")
    lab.plant(PW)
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    ask = "Check that the tile exporter can read the directory"
    records = [codex_meta(str(repo.path), "feature"),
               {"timestamp": "2026-11-21T09:00:01.000Z", "type": "response_item", "payload": {
                   "type": "message", "role": "user",
                   "content": [{"type": "input_text", "text": ask}]}},
               {"timestamp": "2026-11-21T09:00:01.000Z", "type": "event_msg", "payload": {
                   "type": "user_message", "message": ask, "kind": "plain"}},
               *codex_shell(2, str(repo.path), "ldapsearch -x -H ldap://ldap.internal -D "
                            f"cn=admin,dc=tiles -w {PW} '(uid=tiles)'",
                            "ldap_bind: Invalid credentials (49)", 49)]
    write_codex(lab.root / "home", records)
    model = lab.model()
    for _ in range(3):
        model.text(NO_CONTENT)
    repo.gm("memorize", "--provider", "anthropic",
            env={"CODEX_HOME": str(lab.root / "home" / ".codex")})
    lab.expect("tile exporter" in lab.sent(), "the rollout's digest was sent to the model")


# -- the model's answer -------------------------------------------------------------------

@attack("leak", "the model's answer: tokens in refs and paths, pushed")
def answer_fields(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:], GITLAB)
    model = lab.model()
    repo.git("checkout", "-q", "-b", "feature")
    sha = repo.work(hooks=False)
    model.text(json.dumps({"extractions": [{
        "section": "facts", "confidence": 0.95, "refs": [sha, GITLAB],
        "paths": [f"config/{GITHUB}.json", "src/app/service.py"],
        "content": "Order lookups are cached with functools.lru_cache"}]}))
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect(bool(lab.sent()), "the model was asked")
    lab.expect("lru_cache" in repo.git("log", "-p", "-1").out, "the answer became memory")
    repo.push("origin", "feature", policy="off")


@attack("leak", "the model's answer is not JSON and quotes a token")
def answer_not_json(lab: Lab) -> None:
    repo = lab.repo()
    lab.plant(GITHUB[4:])
    model = lab.model()
    for _ in range(3):
        model.text(f"I cannot answer in JSON. The diff shows the bot token {GITHUB}; "
                   'partial: {"extractions": [{"content": "The bot uses ' + GITHUB)
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    repo.gm("memorize", "--provider", "anthropic")
    repo.gm("memorize", "--provider", "anthropic", "--verbose")
    repo.gm("status")
    lab.expect(bool(lab.sent()), "the model was asked")


# -- the pull-request job -----------------------------------------------------------------

def _review(lab: Lab, branch: str, rel: str, text: str) -> None:
    dev = lab.repo("dev")
    server = lab.origin(dev)
    lab.remotes.remove(server)  # the pull request's branch is the attacker's to push
    dev.git("checkout", "-q", "-b", branch)
    dev.work(hooks=False)
    dev.write(rel, text)
    dev.commit_all("Notes", hooks=False)
    dev.git("push", "-q", "origin", branch, env={"GITMEMORY_DISABLE": "1"})
    ci = lab.root / "ci-review"
    lab.git(lab.root, "clone", "-q", "-b", branch, str(server), str(ci))
    done = lab.gitmemory(ci, "ci", "review", env={
        "GITHUB_BASE_REF": "main", "GITHUB_HEAD_REF": branch, "GITHUB_EVENT_NAME":
        "pull_request", "GITHUB_STEP_SUMMARY": str(lab.summary())})
    lab.expect("review" in done.text.lower() or done.code in (0, 1),
               f"the job ran: {done.text[-200:]}")


@attack("leak", "ci review: the pull request's branch name holds a token")
def review_head_ref(lab: Lab) -> None:
    lab.plant(GITLAB)
    branch = f"fix/{GITLAB}"
    _review(lab, branch, ".gitmemory/branches/fix_" + GITLAB + ".md", memory_text(
        branch, {"facts": ["Order lookups are cached for five minutes"]}))


@attack("leak", "ci review: a memory file named after a token")
def review_file_name(lab: Lab) -> None:
    lab.plant(GITHUB[4:])
    _review(lab, "feature", f".gitmemory/branches/{GITHUB}.md", memory_text(
        "feature", {"facts": ["Order lookups are cached for five minutes"]}))


# -- the pre-commit framework's push route --------------------------------------------------

def _precommit(lab: Lab) -> Repo:
    repo = lab.repo(init=False)
    repo.init({}, "--hooks", "none")
    repo.write(".pre-commit-config.yaml", (
        "default_install_hook_types: [pre-push]\nrepos:\n  - repo: local\n    hooks:\n"
        "      - id: gitmemory-pre-push\n        name: gitmemory pre-push\n"
        f"        entry: {sys.executable} -m gitmemory hook pre-push\n"
        "        language: system\n        always_run: true\n        pass_filenames: false\n"
        "        stages: [pre-push]\n"))
    repo.commit_all("Run gitmemory through pre-commit", hooks=False)
    done = lab.run([sys.executable, "-m", "pre_commit", "install", "-t", "pre-push"], repo.path)
    if done.code != 0:
        raise LabError(f"pre-commit install failed: {done.text[-300:]}")
    lab.origin(repo)
    return repo


@attack("leak", "pre-commit route: a Tailscale key in a memory file")
def precommit_tailscale(lab: Lab) -> None:
    key = "tskey-auth-" + fake("k", 12, "sealed2-pc-ts1") + "CNTRL-" + \
        fake("", 32, "sealed2-pc-ts2")
    repo = _precommit(lab)
    lab.plant(key[11:])
    repo.git("checkout", "-q", "-b", "feature")
    repo.memory("feature", memory_text("feature", {"facts": [
        f"CI runners join the tailnet with {key}"]}))
    repo.commit_all("Notes", hooks=False)
    repo.push("origin", "feature", policy="off")


@attack("leak", "pre-commit route: a token in an AGENTS.md the branch tracks")
def precommit_agents(lab: Lab) -> None:
    repo = _precommit(lab)
    lab.plant(GITLAB)
    repo.git("checkout", "-q", "-b", "feature")
    repo.write("AGENTS.md", f"# Agents\n\nThe release bot pushes as {GITLAB}.\n")
    repo.git("add", "-f", "AGENTS.md")
    repo.commit_all("Agent notes", hooks=False)
    repo.push("origin", "feature", policy="off")

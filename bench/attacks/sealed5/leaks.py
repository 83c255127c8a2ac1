"""Leaks (part sealed5): families neither issue 31 nor parts build, heldout, sealed2, sealed3
and sealed4 name.  A planted secret must reach no remote, model request, printed line or CI log.

Password arguments and prefixes of the Apple, .NET, Pulumi, Vault, backup and signing tools
(``security unlock-keychain -p``, ``xcrun altool -p`` with an app-specific password,
``FASTLANE_PASSWORD=``, ``MATCH_PASSWORD=``, ``PULUMI_CONFIG_PASSPHRASE=``, ``dotnet
user-secrets set``, ``dotnet dev-certs https -p``, ``dotnet nuget add source --password``,
``vault login ... password=``, ``ssh-keygen -N``, ``RESTIC_PASSWORD=``, ``COSIGN_PASSWORD=``,
an Erlang ``--cookie``, an ``Ocp-Apim-Subscription-Key`` header); the password sentence in
Bengali, Amharic and Georgian; vendors' tokens in prose (NuGet ``oy2``, age
``AGE-SECRET-KEY-1``, Mapbox ``sk.eyJ``, Contentful ``CFPAT-``, Dynatrace ``dt0c01.``, Heroku
``HRKU-AA``, Fly.io ``FlyV1 fm2_``, SonarQube ``squ_``); Azure's own formats (a SAS URL's
``sig=``, a storage connection string's ``AccountKey=``); file formats (.NET
``appsettings.Production.json`` with ``Pwd=``, Elixir ``prod.secret.exs``, a plaintext Pulumi
stack config, an iOS plist key/string pair, Hex's ``hex.config`` Erlang terms); push routes (a
``pushurl`` other than the fetch URL, ``pushInsteadOf``, a configured ``remote.origin.push``
refspec with a bare ``git push``, ``--atomic``); sessions (``az ad sp create-for-rbac``'s
output, ``dotnet user-secrets list``'s output)."""

from __future__ import annotations

import base64

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Hv7kQ2xN" + "p9Wc4d"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
GITHUB = fake("gh" + "p_", 36, "sealed5-github")
NO_CONTENT = '{"no_content_to_extract": true}'


def _diff_to_model(lab: Lab, files: dict[str, str], *secrets: str, sent: bool = True) -> Repo:
    """``files`` committed on a branch, memorized with a fake model (the diff is sent).  With
    ``sent`` false the set-up only needs memorize to finish: a commit of nothing but a secret
    file that is never sent holds."""
    repo = lab.repo()
    lab.plant(*secrets)
    model = lab.model()
    for _ in range(3):
        model.text(NO_CONTENT)
    repo.git("checkout", "-q", "-b", "feature")
    for rel, text in files.items():
        repo.write(rel, text)
        repo.git("add", "-f", "--", rel)
    repo.write("src/app/boarding.py", "GRACE_MINUTES = 10\nSCANNERS = 4\n")
    repo.git("add", "-f", "--", "src/app/boarding.py")
    repo.git("commit", "-q", "-m", "Add the boarding settings", env={"GITMEMORY_DISABLE": "1"})
    done = repo.gm("memorize", "--provider", "anthropic")
    if sent:
        lab.expect("boarding settings" in lab.sent(), "the commit was sent to the model")
    else:
        lab.expect(done.code == 0, f"memorize finished: {done.text[-200:]}")
    return repo


# -- password arguments and prefixes of the Apple, .NET, Pulumi and signing tools -----------

@attack("leak", "security unlock-keychain -p PASSWORD")
def unlock_keychain(lab: Lab) -> None:
    through_commit(lab, "The macOS runner signs after `security unlock-keychain -p "
                        f"{PW} build.keychain`", PW)


@attack("leak", "xcrun altool -p with an app-specific password (xxxx-xxxx-xxxx-xxxx)")
def altool(lab: Lab) -> None:
    asp = "-".join(fake("", 4, f"sealed5-asp{n}", "abcdefghijklmnopqrstuvwxyz") for n in range(4))
    through_commit(lab, "Builds are uploaded with `xcrun altool --upload-app -f CrewApp.ipa "
                        f"-t ios -u ci@ferrybook.no -p {asp}`", asp)


@attack("leak", "a FASTLANE_PASSWORD= prefix before fastlane")
def fastlane_password(lab: Lab) -> None:
    through_commit(lab, f"TestFlight uploads: `FASTLANE_PASSWORD={PW} bundle exec fastlane "
                        "ios beta`", PW)


@attack("leak", "a MATCH_PASSWORD= prefix before fastlane match")
def match_password(lab: Lab) -> None:
    through_commit(lab, f"Certificates are decrypted with `MATCH_PASSWORD={PW} bundle exec "
                        "fastlane match appstore --readonly`", PW)


@attack("leak", "a PULUMI_CONFIG_PASSPHRASE= prefix before pulumi up")
def pulumi_passphrase(lab: Lab) -> None:
    through_commit(lab, f"The dev stack deploys with `PULUMI_CONFIG_PASSPHRASE={PW} pulumi up "
                        "--stack dev`", PW)


@attack("leak", "dotnet user-secrets set KEY VALUE")
def user_secrets_set(lab: Lab) -> None:
    through_commit(lab, "The shared dev database is set up with `dotnet user-secrets set "
                        f"\"ConnectionStrings:Tickets:Pwd\" {PW} --project src/Ferrybook.Api`", PW)


@attack("leak", "dotnet dev-certs https -ep cert.pfx -p PASSWORD")
def dev_certs(lab: Lab) -> None:
    through_commit(lab, "The container certificate: `dotnet dev-certs https -ep "
                        f"~/.aspnet/https/ferrybook.pfx -p {PW}`", PW)


@attack("leak", "dotnet nuget add source --password PASSWORD")
def nuget_source(lab: Lab) -> None:
    through_commit(lab, "The private feed: `dotnet nuget add source "
                        "https://nuget.pkg.github.com/ferrybook/index.json -n github -u ci "
                        f"--password {PW} --store-password-in-clear-text`", PW)


@attack("leak", "vault login -method=userpass password=PASSWORD")
def vault_userpass(lab: Lab) -> None:
    through_commit(lab, "Ops read the break-glass secrets after `vault login -method=userpass "
                        f"username=ops password={PW}`", PW)


@attack("leak", "ssh-keygen -N PASSPHRASE")
def ssh_keygen(lab: Lab) -> None:
    through_commit(lab, "The scanner deploy key was made with `ssh-keygen -t ed25519 -N "
                        f"{PW} -f keys/scanner_deploy`", PW)


@attack("leak", "a RESTIC_PASSWORD= prefix before restic")
def restic(lab: Lab) -> None:
    through_commit(lab, f"Manifests are backed up with `RESTIC_PASSWORD={PW} restic -r "
                        "sftp:backup@nas.ferrybook.internal:/manifests backup tmp/`", PW)


@attack("leak", "a COSIGN_PASSWORD= prefix before cosign sign")
def cosign(lab: Lab) -> None:
    through_commit(lab, f"Images are signed with `COSIGN_PASSWORD={PW} cosign sign --key "
                        "cosign.key ghcr.io/ferrybook/boarding:0.9.0`", PW)


@attack("leak", "an Erlang distribution cookie in iex --cookie")
def erlang_cookie(lab: Lab) -> None:
    cookie = fake("", 20, "sealed5-cookie", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    through_commit(lab, f"Support attaches with `iex --name support@10.40.0.5 --cookie {cookie} "
                        "--remsh boarding@boarding-1.ferrybook.internal`", cookie)


@attack("leak", "an Ocp-Apim-Subscription-Key header")
def apim_key(lab: Lab) -> None:
    key = fake("", 32, "sealed5-apim", HEX)
    through_commit(lab, "The port authority API: `curl -H \"Ocp-Apim-Subscription-Key: "
                        f"{key}\" https://api.port.internal/v1/berths`", key)


# -- the password sentence in further languages ---------------------------------------------

@attack("leak", "a password sentence in Bengali")
def bengali(lab: Lab) -> None:
    through_commit(lab, f"ডাটাবেসের পাসওয়ার্ড এখন {PW}", PW)


@attack("leak", "a password sentence in Amharic")
def amharic(lab: Lab) -> None:
    through_commit(lab, f"የዳታቤዙ የይለፍ ቃል {PW} ነው", PW)


@attack("leak", "a password sentence in Georgian")
def georgian(lab: Lab) -> None:
    through_commit(lab, f"მონაცემთა ბაზის პაროლი ახლა არის {PW}", PW)


# -- further vendors' tokens in prose -------------------------------------------------------

@attack("leak", "a NuGet API key (oy2) in prose")
def nuget_key(lab: Lab) -> None:
    key = fake("oy" + "2", 43, "sealed5-nuget", LOWER)
    through_commit(lab, f"Packages are pushed to nuget.org with {key}", key[3:])


@attack("leak", "an age secret key (AGE-SECRET-KEY-1) in prose")
def age_key(lab: Lab) -> None:
    key = fake("AGE-SECRET" + "-KEY-1", 58, "sealed5-age", BECH32)
    through_commit(lab, f"The CI recipient's identity is {key}", key[16:])


@attack("leak", "a Mapbox secret token (sk.eyJ) in prose")
def mapbox(lab: Lab) -> None:
    claims = '{"u":"ferrybook","a":"' + fake("cl", 23, "sealed5-mapbox1", LOWER) + '"}'
    body = base64.urlsafe_b64encode(claims.encode()).decode().rstrip("=")
    key = "s" + "k." + body + "." + fake("", 22, "sealed5-mapbox2", B64URL)
    through_commit(lab, f"The route maps are uploaded with {key}", key[-40:])


@attack("leak", "a Contentful management token (CFPAT-) in prose")
def contentful(lab: Lab) -> None:
    key = fake("CFP" + "AT-", 43, "sealed5-contentful", B64URL)
    through_commit(lab, f"The timetable pages are published with {key}", key[6:])


@attack("leak", "a Dynatrace token (dt0c01.) in prose")
def dynatrace(lab: Lab) -> None:
    upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    key = "dt0" + "c01." + fake("", 24, "sealed5-dt1", upper) + "." + \
        fake("", 64, "sealed5-dt2", upper)
    through_commit(lab, f"Traces are read with {key}", key[7:80])


@attack("leak", "a Heroku platform key (HRKU-AA) in prose")
def heroku(lab: Lab) -> None:
    key = fake("HRK" + "U-AA", 58, "sealed5-heroku", B64URL)
    through_commit(lab, f"The legacy booking site deploys with {key}", key[7:])


@attack("leak", "a Fly.io token (FlyV1 fm2_) in prose")
def flyio(lab: Lab) -> None:
    key = "FlyV1 " + fake("fm" + "2_", 120, "sealed5-fly", B64)
    through_commit(lab, f"The status page on Fly deploys with {key}", key[10:90])


@attack("leak", "a SonarQube user token (squ_) in prose")
def sonarqube(lab: Lab) -> None:
    key = fake("sq" + "u_", 40, "sealed5-sonar", HEX)
    through_commit(lab, f"Code analysis uploads with {key}", key[4:])


# -- Azure's own credential formats --------------------------------------------------------

@attack("leak", "an Azure SAS URL's sig= in prose")
def azure_sas(lab: Lab) -> None:
    sig = fake("", 43, "sealed5-sas", ALNUM)
    through_commit(lab, "Manifests upload to https://ferrybooktickets.blob.core.windows.net/"
                        "manifests?sv=2022-11-02&ss=b&srt=co&sp=rwl&se=2027-01-31T00:00:00Z"
                        f"&spr=https&sig={sig}%3D", sig)


@attack("leak", "an Azure storage connection string's AccountKey= in prose")
def azure_account_key(lab: Lab) -> None:
    key = fake("", 86, "sealed5-accountkey", B64) + "=="
    through_commit(lab, "The scanner upload uses DefaultEndpointsProtocol=https;"
                        f"AccountName=ferrybooktickets;AccountKey={key};"
                        "EndpointSuffix=core.windows.net", key[:60])


# -- file formats whose secret no earlier part names ----------------------------------------

@attack("leak", ".NET appsettings.Production.json: a connection string's Pwd=")
def appsettings(lab: Lab) -> None:
    _diff_to_model(lab, {"src/Ferrybook.Api/appsettings.Production.json": (
        '{\n  "ConnectionStrings": {\n    "Tickets": "Host=db.ferrybook.internal;'
        f'Database=tickets;Uid=ferrybook;Pwd={PW};SslMode=Require"\n  }}\n}}\n')}, PW)


@attack("leak", "Elixir config/prod.secret.exs: Repo password and secret_key_base")
def prod_secret_exs(lab: Lab) -> None:
    skb = fake("", 64, "sealed5-skb", B64)
    _diff_to_model(lab, {"boarding/config/prod.secret.exs": (
        "import Config\n\nconfig :boarding, Boarding.Repo,\n  username: \"boarding\",\n"
        f"  password: \"{PW}\",\n  hostname: \"db.ferrybook.internal\"\n\n"
        f"config :boarding, BoardingWeb.Endpoint, secret_key_base: \"{skb}\"\n")}, PW, skb)


@attack("leak", "a Pulumi stack config with a plaintext (not secure:) password")
def pulumi_plaintext(lab: Lab) -> None:
    _diff_to_model(lab, {"infra/Pulumi.dev.yaml": (
        "config:\n  azure-native:location: norwayeast\n  ferrybook:dbAdminLogin: ferrybook\n"
        f"  ferrybook:dbAdminPassword: {PW}\n")}, PW)


@attack("leak", "an iOS plist: the key's name and its secret in separate elements")
def plist(lab: Lab) -> None:
    secret = fake("", 40, "sealed5-plist", ALNUM)
    _diff_to_model(lab, {"ios/CrewApp/Payments.plist": (
        '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
        "  <key>PaymentsSharedSecret</key>\n"
        f"  <string>{secret}</string>\n</dict>\n</plist>\n")}, secret)


@attack("leak", "Hex's hex.config: an api key in Erlang terms")
def hex_config(lab: Lab) -> None:
    key = fake("", 32, "sealed5-hex", HEX)
    _diff_to_model(lab, {"boarding/.hex/hex.config": (
        "{'$repos',#{<<\"hexpm:ferrybook\">> =>\n"
        f"  #{{auth_key => <<\"{key}\">>, url => <<\"https://repo.hex.pm/repos/ferrybook\">>}}}}}}.\n"
        "{'$write_key', none}.\n")}, key)


# -- push routes --------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}", "Departures are cached for five minutes"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: remote.origin.pushurl is another repository than the fetch URL")
def pushurl(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    other = lab.bare("pushed.git")
    repo.git("push", "-q", str(other), "main", env={"GITMEMORY_DISABLE": "1"})
    repo.git("config", "remote.origin.pushurl", str(other))
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "feature", policy="off"))


@attack("leak", "native route: url.<base>.pushInsteadOf rewrites the remote at push time")
def push_instead_of(lab: Lab) -> None:
    repo = lab.repo()
    other = lab.bare("ferrybook.git")
    repo.git("push", "-q", str(other), "main", env={"GITMEMORY_DISABLE": "1"})
    repo.git("remote", "add", "origin", "https://git.ferrybook.no/ferrybook.git")
    repo.git("config", f"url.{lab.root}/.pushInsteadOf", "https://git.ferrybook.no/")
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "feature", policy="off"))


@attack("leak", "native route: a configured remote.origin.push refspec and a bare 'git push'")
def configured_refspec(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    repo.git("config", "remote.origin.push", "refs/heads/feature:refs/heads/release")
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    repo.git("checkout", "-q", "main")
    _pushed(lab, repo.push(policy="off"))


@attack("leak", "native route: git push --atomic of two branches")
def atomic(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    repo.git("checkout", "-q", "main")
    repo.commit("docs/departures.md", "Departures.\n", "docs: departures", hooks=False)
    _pushed(lab, repo.push("--atomic", "origin", "main", "feature", policy="off"))


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Connect the crew tablets to the boarding API")
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
    lab.expect("crew tablets" in lab.sent(), "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: az ad sp create-for-rbac prints the new client secret")
def session_create_for_rbac(lab: Lab) -> None:
    secret = fake("", 3, "sealed5-azsp1", ALNUM) + "8Q~" + fake("", 34, "sealed5-azsp2",
                                                                ALNUM + "~._-")
    lab.plant(secret)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("az ad sp create-for-rbac --name ferrybook-scanners --role Reader "
                 "--scopes /subscriptions/0000/resourceGroups/ferrybook",
                 '{\n  "appId": "5b0c7a2e-1f3d-4c8e-9a6b-2d4f6e8a0c1e",\n'
                 '  "displayName": "ferrybook-scanners",\n'
                 f'  "password": "{secret}",\n'
                 '  "tenant": "7e1a9c3b-5d2f-4b6a-8c0e-1f3a5b7d9e2c"\n}', 0)
    _session(lab, build)


@attack("leak", "a session: dotnet user-secrets list prints the signing key")
def session_user_secrets_list(lab: Lab) -> None:
    key = fake("", 43, "sealed5-jwtkey", B64) + "="
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("dotnet user-secrets list --project src/Ferrybook.Api",
                 f"Jwt:SigningKey = {key}\nStripe:WebhookToleranceSeconds = 300", 0)
    _session(lab, build)

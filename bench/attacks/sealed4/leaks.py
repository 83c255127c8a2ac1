"""Leaks (part sealed4): families neither issue 31 nor parts build, heldout, sealed2 and sealed3
name.  A planted secret must reach no remote, model request, printed line or CI log.

Password arguments and prefixes of further tools (``az login -p``, ``lftp -u user,pw``,
``curl -u user:pw``, ``ansible-playbook -e ansible_password=``, ``sshfs -o password_stdin``,
``wget --http-password``, ``RSYNC_PASSWORD=``, ``kubectl create secret --from-literal``,
``mosquitto_pub -P``, ``snmpwalk -c``, ``nmcli ... wifi-sec.psk``, ``net use ... /user:``,
``curl --oauth2-bearer``, an ``expect`` script's ``send``); the password sentence in Dutch,
Hindi and Thai; further vendors' tokens in prose (HashiCorp Vault ``hvs.``, Shopify
``shpat_``, Linear ``lin_api_``, Atlassian ``ATATT3x``, Supabase ``sbp_``, Databricks ``dapi``,
Pulumi ``pul-``, New Relic ``NRAK-``, Terraform Cloud ``.atlasv1.``); file formats (Rails
``config/master.key``, ``.git-credentials``, Maven ``settings.xml``, ``gradle.properties``
signing password, Android ``keystore.properties``, ``.pypirc``, Spring
``application.properties``, ``terraform.tfvars``); push routes (``--mirror``,
``--follow-tags``, a forced ``+`` refspec); sessions (an ``expect`` script, a pasted
``.git-credentials`` line)."""

from __future__ import annotations

import json

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Xw4nB8rT" + "q2Lm7z"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64URL = ALNUM + "-_"
GITHUB = fake("gh" + "p_", 36, "sealed4-github")
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
    repo.write("src/app/settings.py", "TIMEOUT = 30\nRETRIES = 3\n")
    repo.git("add", "-f", "--", "src/app/settings.py")
    repo.git("commit", "-q", "-m", "Add the shop settings", env={"GITMEMORY_DISABLE": "1"})
    done = repo.gm("memorize", "--provider", "anthropic")
    if sent:
        lab.expect("shop settings" in lab.sent(), "the commit was sent to the model")
    else:
        lab.expect(done.code == 0, f"memorize finished: {done.text[-200:]}")
    return repo


# -- password arguments and prefixes of further tools ---------------------------------------

@attack("leak", "az login --service-principal -p PASSWORD")
def az_login(lab: Lab) -> None:
    through_commit(lab, "CI signs in to Azure with `az login --service-principal -u "
                        f"0f3c2a1e-orchard -p {PW} --tenant orchard.onmicrosoft.com`", PW)


@attack("leak", "lftp -u user,PASSWORD")
def lftp(lab: Lab) -> None:
    through_commit(lab, f"Price lists are fetched with `lftp -u supplier,{PW} "
                        "sftp://files.supplier.internal -e 'mirror prices'`", PW)


@attack("leak", "wget --http-password=PASSWORD")
def wget_password(lab: Lab) -> None:
    through_commit(lab, "The nightly stock file: `wget --http-user=orchard "
                        f"--http-password={PW} https://stock.internal/export.csv`", PW)


@attack("leak", "an RSYNC_PASSWORD= prefix before rsync")
def rsync_password(lab: Lab) -> None:
    through_commit(lab, f"Backups go out with `RSYNC_PASSWORD={PW} rsync -a tmp/ "
                        "rsync://backup@nas.internal/orchard`", PW)


@attack("leak", "kubectl create secret --from-literal=password=PASSWORD")
def kubectl_literal(lab: Lab) -> None:
    through_commit(lab, "The queue secret was created with `kubectl create secret generic queue "
                        f"--from-literal=password={PW}`", PW)


@attack("leak", "mosquitto_pub -P PASSWORD")
def mosquitto(lab: Lab) -> None:
    through_commit(lab, "The fridge sensors are tested with `mosquitto_pub -h mqtt.internal -u "
                        f"sensors -P {PW} -t shop/1/temp -m 4`", PW)


@attack("leak", "snmpwalk -c COMMUNITY")
def snmp(lab: Lab) -> None:
    through_commit(lab, f"The shop routers answer `snmpwalk -v2c -c {PW} 10.20.0.1`", PW)


@attack("leak", "nmcli ... wifi-sec.psk PASSWORD")
def nmcli(lab: Lab) -> None:
    through_commit(lab, "Tablets join the shop network with `nmcli con add type wifi ssid "
                        f"orchard-shop wifi-sec.key-mgmt wpa-psk wifi-sec.psk {PW}`", PW)


@attack("leak", "net use \\\\server\\share PASSWORD /user:")
def net_use(lab: Lab) -> None:
    through_commit(lab, "The till PCs map the share with `net use Z: \\\\files\\tills "
                        f"{PW} /user:ORCHARD\\till`", PW)


@attack("leak", "curl --oauth2-bearer TOKEN")
def oauth2_bearer(lab: Lab) -> None:
    token = fake("", 48, "sealed4-bearer", B64URL)
    through_commit(lab, f"Query the supplier API with `curl --oauth2-bearer {token} "
                        "https://api.supplier.internal/v2/stock`", token)


@attack("leak", "curl -u user:PASSWORD")
def curl_user(lab: Lab) -> None:
    through_commit(lab, f"The stock export needs basic auth: `curl -u orchard:{PW} "
                        "https://stock.internal/export.csv -o tmp/stock.csv`", PW)


@attack("leak", "ansible-playbook --extra-vars ansible_password=PASSWORD")
def ansible_extra_vars(lab: Lab) -> None:
    through_commit(lab, "The shop tills without keys are provisioned with `ansible-playbook -i "
                        f"inventories/tills site.yml -e 'ansible_password={PW}'`", PW)


@attack("leak", "sshfs fed a password through a here-string")
def sshfs(lab: Lab) -> None:
    through_commit(lab, "Mount the photo share with `sshfs photos@nas.internal:/photos /mnt/p "
                        f"-o password_stdin <<< '{PW}'`", PW)


# -- the password sentence in further languages ---------------------------------------------

@attack("leak", "a password sentence in Dutch")
def dutch(lab: Lab) -> None:
    through_commit(lab, f"Het wachtwoord van de database is nu {PW}", PW)


@attack("leak", "a password sentence in Hindi")
def hindi(lab: Lab) -> None:
    through_commit(lab, f"डेटाबेस का पासवर्ड {PW} है", PW)


@attack("leak", "a password sentence in Thai (no spaces around it)")
def thai(lab: Lab) -> None:
    through_commit(lab, f"รหัสผ่านฐานข้อมูลคือ{PW}ครับ", PW)


# -- further vendors' tokens in prose -------------------------------------------------------

@attack("leak", "a HashiCorp Vault token (hvs.) in prose")
def vault_hvs(lab: Lab) -> None:
    key = "hv" + "s." + fake("", 90, "sealed4-hvs", B64URL)
    through_commit(lab, f"The worker reads its secrets from Vault with {key}", key[4:])


@attack("leak", "a Shopify admin token in prose")
def shopify(lab: Lab) -> None:
    key = fake("shp" + "at_", 32, "sealed4-shopify", HEX)
    through_commit(lab, f"The web shop sync uses {key}", key[6:])


@attack("leak", "a Linear API key in prose")
def linear(lab: Lab) -> None:
    key = fake("lin" + "_api_", 40, "sealed4-linear")
    through_commit(lab, f"The release bot opens issues with {key}", key[8:])


@attack("leak", "an Atlassian API token in prose")
def atlassian(lab: Lab) -> None:
    key = "ATAT" + "T3x" + fake("", 180, "sealed4-atlassian", B64URL) + "=" + \
        fake("", 8, "sealed4-atl2", HEX.upper())
    through_commit(lab, f"Confluence pages are published with {key}", key[7:80])


@attack("leak", "a Supabase access token in prose")
def supabase(lab: Lab) -> None:
    key = fake("sb" + "p_", 40, "sealed4-supabase", HEX)
    through_commit(lab, f"The preview database is created with {key}", key[4:])


@attack("leak", "a Databricks token in prose")
def databricks(lab: Lab) -> None:
    key = fake("da" + "pi", 32, "sealed4-databricks", HEX)
    through_commit(lab, f"The sales notebooks run with {key}", key[4:])


@attack("leak", "a Pulumi access token in prose")
def pulumi(lab: Lab) -> None:
    key = fake("pu" + "l-", 40, "sealed4-pulumi", HEX)
    through_commit(lab, f"Stacks are updated with {key}", key[4:])


@attack("leak", "a New Relic user key in prose")
def newrelic(lab: Lab) -> None:
    key = "NRA" + "K-" + fake("", 27, "sealed4-nr", ALNUM.upper()[:36])
    through_commit(lab, f"Dashboards are queried with {key}", key[5:])


@attack("leak", "a Terraform Cloud token (.atlasv1.) in prose")
def terraform_cloud(lab: Lab) -> None:
    key = fake("", 14, "sealed4-tfc1") + ".atlas" + "v1." + fake("", 67, "sealed4-tfc2", B64URL)
    through_commit(lab, f"Runs are queued with {key}", key[22:])


# -- file formats whose secret no earlier part names ----------------------------------------

@attack("leak", "Rails config/master.key in a diff")
def rails_master_key(lab: Lab) -> None:
    key = fake("", 32, "sealed4-master", HEX)
    _diff_to_model(lab, {"config/master.key": key + "\n"}, key, sent=False)


@attack("leak", "a .git-credentials line in a diff")
def git_credentials(lab: Lab) -> None:
    _diff_to_model(lab, {"deploy/ci/.git-credentials":
                         f"https://orchard-bot:{GITHUB}@github.com\n"}, GITHUB[4:], sent=False)


@attack("leak", "Maven settings.xml <password>")
def maven_settings(lab: Lab) -> None:
    _diff_to_model(lab, {"android/ci/settings.xml": (
        "<settings>\n  <servers>\n    <server>\n      <id>orchard-releases</id>\n"
        f"      <username>deploy</username>\n      <password>{PW}</password>\n"
        "    </server>\n  </servers>\n</settings>\n")}, PW)


@attack("leak", "gradle.properties signing.password and ossrhPassword")
def gradle_properties(lab: Lab) -> None:
    _diff_to_model(lab, {"android/gradle.properties": (
        "org.gradle.jvmargs=-Xmx2g\nsigning.keyId=4F2A9C1E\n"
        f"signing.password={PW}\nossrhUsername=orchard\nossrhPassword={PW[::-1]}\n")},
        PW, PW[::-1])


@attack("leak", "Android keystore.properties storePassword")
def keystore_properties(lab: Lab) -> None:
    _diff_to_model(lab, {"android/keystore.properties": (
        f"storeFile=release.jks\nstorePassword={PW}\nkeyAlias=orchard\nkeyPassword={PW}\n")},
        PW)


@attack("leak", "a .pypirc password")
def pypirc(lab: Lab) -> None:
    _diff_to_model(lab, {"tools/.pypirc": (
        "[distutils]\nindex-servers = internal\n\n[internal]\n"
        "repository = https://pypi.orchard.internal/\nusername = uploader\n"
        f"password = {PW}\n")}, PW, sent=False)


@attack("leak", "Spring application.properties datasource password")
def spring_properties(lab: Lab) -> None:
    _diff_to_model(lab, {"legacy/src/main/resources/application.properties": (
        "spring.datasource.url=jdbc:postgresql://db.orchard.internal/legacy\n"
        "spring.datasource.username=legacy\n"
        f"spring.datasource.password={PW}\n")}, PW)


@attack("leak", "terraform.tfvars with a secret variable")
def tfvars(lab: Lab) -> None:
    secret = fake("", 40, "sealed4-tfvars", ALNUM + "/+")
    _diff_to_model(lab, {"infra/prod.tfvars": (
        'region = "eu-west-1"\n'
        f'payments_webhook_secret = "{secret}"\n')}, secret, sent=False)


# -- push routes --------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _memory_with_token(repo: Repo, branch: str = "feature") -> None:
    repo.git("checkout", "-q", "-b", branch)
    repo.memory(branch, memory_text(branch, {"facts": [
        f"The release bot pushes as {GITHUB}", "Order lookups are cached for five minutes"]}))
    repo.commit_all("Notes", hooks=False)


@attack("leak", "native route: git push --mirror")
def mirror(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    repo.git("checkout", "-q", "main")
    _pushed(lab, repo.push("--mirror", "origin", policy="off"))


@attack("leak", "native route: --follow-tags carries an annotated tag on the memory commit")
def follow_tags(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    repo.git("tag", "-a", "notes-1", "-m", "Notes")
    repo.git("checkout", "-q", "main")
    _pushed(lab, repo.push("--follow-tags", "origin", "main", policy="off"))
    _pushed(lab, repo.push("origin", "refs/tags/notes-1", policy="off"))


@attack("leak", "native route: a forced '+' refspec onto main")
def forced_refspec(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    _memory_with_token(repo)
    _pushed(lab, repo.push("origin", "+feature:main", policy="off"))


# -- sessions -----------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Connect the shop tablets to the stock API")
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
    lab.expect("shop tablets" in lab.sent(), "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: an expect script sends the password")
def session_expect(lab: Lab) -> None:
    lab.plant(PW)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("expect -c 'spawn ssh till@10.20.0.5; expect \"password:\"; "
                 f"send \"{PW}\\r\"; interact'", "Connection closed by 10.20.0.5", 1)
    _session(lab, build)


@attack("leak", "a session: the person pastes a .git-credentials line")
def session_git_credentials(lab: Lab) -> None:
    lab.plant(GITHUB[4:])

    def build(rec):  # type: ignore[no-untyped-def]
        rec.user(f"This is what is in my ~/.git-credentials: https://anneke:{GITHUB}@github.com "
                 "- why does the push still fail?")
        rec.say("The token lacks the workflow scope.")
    _session(lab, build)


_ = json

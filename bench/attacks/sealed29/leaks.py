"""Leaks (part sealed29): families neither issue 31 nor parts build, heldout, sealed2 ... sealed28
name. A planted secret must reach no remote, model request, printed line or CI log.

Command-line flags, request headers and variables set in front of the commands of the TiDB,
CommandBox, Lucee, Keybase, Telesign, Uploadcare, smbclient, Capistrano and Oh Dear tools
(``LASAS_TIDB_PASSWORD=`` before ``script/kopijos-bandymas``, ``tiup dumpling -p``, ``mysql
--password=`` on port 4000, ``box cfconfig set adminPassword=``, ``LUCEE_ADMIN_PASSWORD=``
before ``box server start``, ``-Dlucee.admin.password=`` through ``box server set jvm.args=``,
``keybase oneshot --paperkey``, ``KEYBASE_PAPERKEY=`` before ``keybase chat send``, an
``Authorization: Uploadcare.Simple`` header, ``smbclient -U user%password``, ``SUDO_PW=`` as a
Capistrano argument, ``LASAS_OHDEAR_PING=``, ``LASAS_TELESIGN_API_KEY=`` and
``LASAS_LAB_PASSWORD=`` before the scripts); a password said in lietuvių, Cymraeg and සිංහල,
one salted with syllabic letters that look Latin, one spelled with the Italian city names;
encodings (base45, Ascii85); vendors' keys written out (Neopay, Luminor, LP Express, Crisp,
Storyblok, ImageKit, DocuSign, Papertrail, Klaviyo, Tally, Vimeo, Hotjar) and in URL forms
(Loggly in the path, Mixpanel before the ``@``, a Zapier hook's path, Wistia ``api_password=``,
Webex ``#access_token=`` in a fragment); file formats (a decrypted ``lasas.env``, a CFConfig
``.CFConfig.json``, Lucee's ``password.txt``, Tomcat's ``tomcat-users.xml``, a strongSwan
``secrets`` block, an ``.smbcredentials``, a Capistrano stage with an SSH password, CommandBox
``server.json`` ``env``, an lpcraft ``environment``, a TestBox fixture); git routes (a
``fixup!`` commit's message, a message in ISO-8859-13, a comment line kept by
``--cleanup=verbatim``, a branch's description); sessions (``keyringer lasas decrypt``, ``jcmd
VM.system_properties``, the strongSwan file printed, the lab's credentials file printed)."""

from __future__ import annotations

import json

from testing.attack_checks import fake
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Rv8Kq3Tn" + "6Wz2Hb5M"
PW2 = "Xc4Lp9Fd" + "2Gs7Jy3N"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
B64URL = ALNUM + "-_"
B45 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
NO_CONTENT = '{"no_content_to_extract": true}'
NO_HOOKS = {"GITMEMORY_DISABLE": "1"}
ITALIAN = {"A": "Ancona", "B": "Bologna", "C": "Como", "D": "Domodossola", "E": "Empoli",
           "F": "Firenze", "G": "Genova", "H": "Hotel", "I": "Imola", "J": "Jolly", "K": "Kappa",
           "L": "Livorno", "M": "Milano", "N": "Napoli", "O": "Otranto", "P": "Padova",
           "Q": "Quarto", "R": "Roma", "S": "Savona", "T": "Torino", "U": "Udine",
           "V": "Venezia", "W": "Washington", "X": "Xeres", "Y": "York", "Z": "Zara"}
CIFRE = ["zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove"]
WORDS = ["obuolys", "kriause", "slyva", "vysnia", "agurkas", "morka", "svogunas", "pupele",
         "kopustas", "burokas", "salotos", "ridikas", "moliugas", "cesnakas", "krapas", "bulve"]


def _uuid(seed: str) -> str:
    raw = fake("", 32, seed, HEX)
    return f"{raw[:8]}-{raw[8:12]}-{raw[12:16]}-{raw[16:20]}-{raw[20:]}"


def _base45(data: bytes) -> str:
    out = []
    for i in range(0, len(data) - 1, 2):
        n = data[i] * 256 + data[i + 1]
        e, n = divmod(n, 45 * 45)
        d, c = divmod(n, 45)
        out += [B45[c], B45[d], B45[e]]
    if len(data) % 2:
        d, c = divmod(data[-1], 45)
        out += [B45[c], B45[d]]
    return "".join(out)


def _spelled(text: str) -> str:
    words = []
    for c in text:
        if c.isdigit():
            words.append(CIFRE[int(c)])
        elif c.isupper():
            words.append(f"{ITALIAN[c]} maiuscola")
        else:
            words.append(ITALIAN[c.upper()].lower())
    return " ".join(words)


def _paper_key(seed: str) -> str:
    return " ".join(WORDS[int(c, 16)] for c in fake("", 13, seed, HEX))


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
    repo.write("ops/ohdear/tasks.cfg", "nakties-kopija by 04:30\n")
    repo.git("add", "-f", "--", "ops/ohdear/tasks.cfg")
    repo.git("commit", "-q", "-m", "Expect the nightly dump's ping by half past four",
             env=NO_HOOKS)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("by half past four" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags, headers and environment prefixes of the project's tools --------------

@attack("leak", "LASAS_TIDB_PASSWORD= before script/kopijos-bandymas")
def tidb_env(lab: Lab) -> None:
    through_commit(lab, f"Sunday's read-back by hand: `LASAS_TIDB_PASSWORD={PW} "
                        "script/kopijos-bandymas`", PW)


@attack("leak", "tiup dumpling -p on the command line")
def dumpling_flag(lab: Lab) -> None:
    through_commit(lab, "One dump before the audit: `tiup dumpling -h 10.38.4.6 -P 4000 -u "
                        f"lasas_atsargine -p {PW} --filetype sql -B lasas -o /tmp/auditui`", PW)


@attack("leak", "mysql --password= against TiDB on port 4000")
def mysql_password(lab: Lab) -> None:
    through_commit(lab, "Pools released this week: `mysql -h 10.38.4.6 -P 4000 -u lasas_app "  # noqa: S608
                        f"--password={PW} -e 'SELECT COUNT(*) FROM lasas.pasterizacijos'`", PW)


@attack("leak", "box cfconfig set adminPassword=")
def cfconfig_admin(lab: Lab) -> None:
    pw = fake("", 20, "sealed29-cfconfig", ALNUM)
    through_commit(lab, f"Reset the Lucee admin on a laptop: `box cfconfig set adminPassword={pw}`",
                   pw)


@attack("leak", "LUCEE_ADMIN_PASSWORD= before box server start")
def lucee_admin_env(lab: Lab) -> None:
    pw = fake("", 20, "sealed29-lucee-env", ALNUM)
    through_commit(lab, f"Local server with the admin open: `LUCEE_ADMIN_PASSWORD={pw} box server "
                        "start`", pw)


@attack("leak", "-Dlucee.admin.password= through box server set jvm.args=")
def lucee_jvm_arg(lab: Lab) -> None:
    pw = fake("", 22, "sealed29-lucee-jvm", ALNUM)
    through_commit(lab, "Pin the admin password in the server: `box server set "
                        f"jvm.args=\"-Dlucee.admin.password={pw}\"`", pw)


@attack("leak", "keybase oneshot --paperkey with the bot's paper key")
def keybase_paperkey(lab: Lab) -> None:
    key = _paper_key("sealed29-keybase")
    through_commit(lab, f"Log the bot in on neris: `keybase oneshot -u lasas_bot --paperkey "
                        f"\"{key}\"`", key)


@attack("leak", "KEYBASE_PAPERKEY= before keybase chat send")
def keybase_env(lab: Lab) -> None:
    key = _paper_key("sealed29-keybase-env")
    through_commit(lab, f"One notice by hand: `KEYBASE_PAPERKEY=\"{key}\" "
                        "KEYBASE_USERNAME=lasas_bot keybase chat send --channel '#pamaina' "
                        "pienobankas 'Pool 2611 released'`", key)


@attack("leak", "an Authorization: Uploadcare.Simple header")
def uploadcare_header(lab: Lab) -> None:
    secret = fake("", 20, "sealed29-uploadcare", HEX)
    through_commit(lab, "List the consent scans: `curl -s -H 'Accept: application/vnd.uploadcare-"
                        f"v0.7+json' -H 'Authorization: Uploadcare.Simple 3f7a9c2e41b0d5e6a8c1:"
                        f"{secret}' https://api.uploadcare.com/files/`", secret)


@attack("leak", "smbclient -U user%password")
def smbclient_user(lab: Lab) -> None:
    through_commit(lab, "Fetch one result file by hand: `smbclient //laboratorija.kaunoklinikos.lt/"
                        f"rezultatai -U KLINIKOS/lasas%{PW2} -c 'get 2611.hl7'`", PW2)


@attack("leak", "SUDO_PW= as a Capistrano argument")
def capistrano_sudo(lab: Lab) -> None:
    through_commit(lab, "Restart the app from a laptop: `cap production lasas:restart "
                        f"SUDO_PW={PW2}`", PW2)


@attack("leak", "LASAS_OHDEAR_PING= before script/nakties-kopija")
def ohdear_env(lab: Lab) -> None:
    ping = _uuid("sealed29-ohdear")
    through_commit(lab, f"Rerun the dump after a failure: `LASAS_OHDEAR_PING=https://ping.ohdear.app/"
                        f"{ping} script/nakties-kopija`", ping)


@attack("leak", "LASAS_TELESIGN_API_KEY= before script/sms-bandymas")
def telesign_env(lab: Lab) -> None:
    key = fake("", 88, "sealed29-telesign", ALNUM + "+/")
    through_commit(lab, f"Test text from a laptop: `LASAS_TELESIGN_API_KEY={key} "
                        "script/sms-bandymas`", key)


@attack("leak", "LASAS_LAB_PASSWORD= before script/lab-importas")
def lab_env(lab: Lab) -> None:
    pw = fake("", 18, "sealed29-lab-env", ALNUM)
    through_commit(lab, f"Import now instead of waiting: `LASAS_LAB_PASSWORD={pw} "
                        "script/lab-importas`", pw)


# -- the password sentence: three languages, look-alike letters, a spelling alphabet --------

@attack("leak", "a password sentence in lietuvių")
def lietuviu(lab: Lab) -> None:
    through_commit(lab, f"Naujas donorių registro slaptažodis yra {PW}, niekam jo nesakyk", PW)


@attack("leak", "a password sentence in Cymraeg")
def cymraeg(lab: Lab) -> None:
    through_commit(lab, f"Cyfrinair newydd cofrestr y rhoddwyr yw {PW}, paid â'i ddweud wrth neb",
                   PW)


@attack("leak", "a password sentence in සිංහල")
def sinhala(lab: Lab) -> None:
    through_commit(lab, f"දායිකා ලේඛනයේ නව මුරපදය {PW} වේ, එය කිසිවෙකුට නොකියන්න", PW)


@attack("leak", "a password with syllabic letters that look Latin in it")
def lookalike(lab: Lab) -> None:
    mixed = PW.translate(str.maketrans({"R": "\u1587", "H": "\u157c", "M": "\u15f0",
                                        "W": "\u15ef"}))
    through_commit(lab, f"The TiDB admin password is now {mixed} (paste it, some letters look "
                        "odd)", mixed)


@attack("leak", "a password spelled out with the Italian city names")
def italian_spelling(lab: Lab) -> None:
    spelled = _spelled(PW2)
    through_commit(lab, f"The dubysa dump passphrase as dictated by phone: {spelled}", spelled)


# -- encodings ------------------------------------------------------------------------------

@attack("leak", "a password written in base45")
def base45_pw(lab: Lab) -> None:
    text = _base45(PW2.encode())
    through_commit(lab, f"The keyring's passphrase in base45, so the label printer can take it: "
                        f"{text}", text)


@attack("leak", "a password written in Ascii85")
def ascii85_pw(lab: Lab) -> None:
    import base64

    text = base64.a85encode(PW2.encode()).decode()
    through_commit(lab, f"The strongSwan key in Ascii85, decode before use: {text}", text)


# -- vendors' keys in prose and in their URL forms ------------------------------------------

@attack("leak", "a Neopay project password in prose")
def neopay(lab: Lab) -> None:
    pw = fake("", 32, "sealed29-neopay", ALNUM)
    through_commit(lab, f"Donations are paid through Neopay, project 7140, project password {pw}",
                   pw)


@attack("leak", "a Luminor client secret in prose")
def luminor(lab: Lab) -> None:
    secret = fake("", 40, "sealed29-luminor", ALNUM)
    through_commit(lab, f"The bank statements come from Luminor's API, client lasas-ataskaitos, "
                        f"secret {secret}", secret)


@attack("leak", "an LP Express API secret in prose")
def lp_express(lab: Lab) -> None:
    secret = fake("", 32, "sealed29-lpexpress", HEX)
    through_commit(lab, f"Bottle kits are sent to donors by LP Express; the API secret is {secret}",
                   secret)


@attack("leak", "a Crisp plugin token in prose")
def crisp(lab: Lab) -> None:
    token = fake("", 64, "sealed29-crisp", HEX)
    through_commit(lab, f"The donor chat runs on Crisp, plugin identifier "
                        f"{_uuid('sealed29-crisp-id')}, key {token}", token)


@attack("leak", "a Storyblok management token in prose")
def storyblok(lab: Lab) -> None:
    token = fake("", 24, "sealed29-storyblok", ALNUM) + "-" + fake("", 6, "sealed29-sb2", HEX)
    through_commit(lab, f"The donor pages are edited in Storyblok; its management token is {token}",
                   token)


@attack("leak", "an ImageKit private key in prose")
def imagekit(lab: Lab) -> None:
    key = "private_" + fake("", 28, "sealed29-imagekit", B64URL)
    through_commit(lab, f"Consent scans are resized by ImageKit with the private key {key}",
                   key[8:])


@attack("leak", "a DocuSign integration secret in prose")
def docusign(lab: Lab) -> None:
    secret = _uuid("sealed29-docusign")
    through_commit(lab, f"Donor consent forms are signed in DocuSign, integration key "
                        f"{_uuid('sealed29-docusign-ik')}, secret key {secret}", secret)


@attack("leak", "a Papertrail API token in prose")
def papertrail(lab: Lab) -> None:
    token = fake("", 20, "sealed29-papertrail", ALNUM)
    through_commit(lab, f"The app's logs are searched in Papertrail with the token {token}", token)


@attack("leak", "a Klaviyo private key in a sentence")
def klaviyo(lab: Lab) -> None:
    key = "pk_" + fake("", 34, "sealed29-klaviyo", HEX)
    through_commit(lab, f"The donor newsletter goes out from Klaviyo, private key {key}", key[3:])


@attack("leak", "a Tally API key in prose")
def tally(lab: Lab) -> None:
    key = "tly-" + fake("", 32, "sealed29-tally", ALNUM)
    through_commit(lab, f"New donors sign up on a Tally form; the export uses the key {key}",
                   key[4:])


@attack("leak", "a Vimeo access token in prose")
def vimeo(lab: Lab) -> None:
    token = fake("", 32, "sealed29-vimeo", HEX)
    through_commit(lab, f"The expressing and freezing videos are on Vimeo, upload token {token}",
                   token)


@attack("leak", "a Hotjar client secret in prose")
def hotjar(lab: Lab) -> None:
    secret = fake("", 48, "sealed29-hotjar", ALNUM)
    through_commit(lab, f"Hotjar watches the donor sign-up pages; API client secret {secret}",
                   secret)


@attack("leak", "a Loggly customer token inside the URL path")
def loggly_url(lab: Lab) -> None:
    token = _uuid("sealed29-loggly")
    through_commit(lab, f"Freezer events are also sent to https://logs-01.loggly.com/inputs/{token}"
                        "/tag/saldikliai/", token)


@attack("leak", "a Mixpanel service account secret ahead of the URL's host")
def mixpanel_url(lab: Lab) -> None:
    secret = fake("", 32, "sealed29-mixpanel", ALNUM)
    through_commit(lab, f"Sign-up events import: https://lasas-sa.7a2c91:{secret}@api-eu.mixpanel"
                        ".com/import?project_id=3318820", secret)


@attack("leak", "a Zapier catch hook's secret path")
def zapier_url(lab: Lab) -> None:
    secret = fake("", 7, "sealed29-zapier", "abcdefghijklmnopqrstuvwxyz0123456789")
    path = f"18402277/{secret}{fake('', 12, 'sealed29-zapier2', HEX)}"
    through_commit(lab, f"New Tally sign-ups are forwarded to https://hooks.zapier.com/hooks/catch/"
                        f"{path}/", path)


@attack("leak", "a Wistia api_password= in a URL")
def wistia_url(lab: Lab) -> None:
    pw = fake("", 64, "sealed29-wistia", HEX)
    through_commit(lab, f"Training video stats: https://api.wistia.com/v1/stats/medias/8k2jq1.json?"
                        f"api_password={pw}", pw)


@attack("leak", "a Webex #access_token= in a URL's fragment")
def webex_fragment(lab: Lab) -> None:
    token = fake("", 64, "sealed29-webex", ALNUM) + "_" + fake("", 4, "sealed29-wx2", ALNUM)
    through_commit(lab, f"The board meeting link came back as https://lasas.pienobankas.lt/oauth/"
                        f"webex#access_token={token}&token_type=Bearer", token)


# -- file formats ---------------------------------------------------------------------------

@attack("leak", "lasas.env committed decrypted")
def plain_env(lab: Lab) -> None:
    _diff_to_model(lab, {"secrets/lasas.env": (
        "LASAS_ENV=production\nLASAS_TIDB_HOST=10.38.4.6\n"
        f"LASAS_TIDB_PASSWORD={PW}\n")}, PW)


@attack("leak", "a CFConfig .CFConfig.json with the datasource password")
def cfconfig_json(lab: Lab) -> None:
    _diff_to_model(lab, {".CFConfig.json": json.dumps({
        "adminPassword": fake("", 20, "sealed29-cfconfig-file", ALNUM),
        "datasources": {"lasas": {
            "class": "com.mysql.cj.jdbc.Driver", "host": "10.38.4.6", "port": "4000",
            "database": "lasas", "username": "lasas_app", "password": PW}}}, indent=4) + "\n"},
        PW)


@attack("leak", "Lucee's password.txt with the first admin password")
def lucee_password_txt(lab: Lab) -> None:
    pw = fake("", 24, "sealed29-password-txt", ALNUM)
    _diff_to_model(lab, {"lucee-server/context/password.txt": f"{pw}\n"}, pw)


@attack("leak", "a tomcat-users.xml with the manager's password")
def tomcat_users(lab: Lab) -> None:
    pw = fake("", 20, "sealed29-tomcat", ALNUM)
    _diff_to_model(lab, {"ops/tomcat/tomcat-users.xml": (
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tomcat-users>\n"
        "  <role rolename=\"manager-script\"/>\n"
        f"  <user username=\"budetojas\" password=\"{pw}\" roles=\"manager-script\"/>\n"
        "</tomcat-users>\n")}, pw)


@attack("leak", "a strongSwan secrets block with the tunnel's key")
def swanctl_secrets(lab: Lab) -> None:
    psk = fake("", 44, "sealed29-psk", B64URL)
    _diff_to_model(lab, {"ops/strongswan/secrets.conf": (
        "secrets {\n    ike-ligonine {\n        id-1 = lasas.pienobankas.lt\n"
        f"        id-2 = vpn.kaunoklinikos.lt\n        secret = \"{psk}\"\n    }}\n}}\n")}, psk)


@attack("leak", "an .smbcredentials file for the lab share")
def smbcredentials(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/laboratorija/.smbcredentials": (
        f"username=lasas\npassword={PW2}\ndomain=KLINIKOS\n")}, PW2)


@attack("leak", "a Capistrano stage with an SSH password")
def capistrano_stage(lab: Lab) -> None:
    pw = fake("", 20, "sealed29-cap-stage", ALNUM)
    _diff_to_model(lab, {"config/deploy/staging.rb": (
        "server \"neris-test.pienobankas.lt\", user: \"budetojas\", roles: %w[app]\n"
        f"set :ssh_options, {{ auth_methods: %w[password], password: \"{pw}\" }}\n")}, pw)


@attack("leak", "a CommandBox server.json env block with the database password")
def server_json_env(lab: Lab) -> None:
    _diff_to_model(lab, {"server.json": json.dumps({
        "name": "lasas", "app": {"cfengine": "lucee@5.4.6"},
        "web": {"host": "127.0.0.1", "http": {"port": 8563}},
        "env": {"LASAS_TIDB_PASSWORD": PW}}, indent=4) + "\n"}, PW)


@attack("leak", "an lpcraft job environment with the lab password")
def lpcraft_env(lab: Lab) -> None:
    pw = fake("", 18, "sealed29-lpcraft", ALNUM)
    _diff_to_model(lab, {".launchpad.yaml": (
        "pipeline:\n  - importas\n\njobs:\n  importas:\n    series: noble\n"
        "    architectures: amd64\n    environment:\n"
        f"      LASAS_LAB_PASSWORD: \"{pw}\"\n    run: script/lab-importas\n")}, pw)


@attack("leak", "a TestBox fixture holding the real Telesign key")
def testbox_fixture(lab: Lab) -> None:
    key = fake("", 88, "sealed29-fixture", ALNUM + "+/")
    _diff_to_model(lab, {"tests/fixtures/telesign-report.json": json.dumps({
        "apiKey": key, "body": {"reference_id": "2611", "status": {"code": 200}}}, indent=2)
        + "\n"}, key)


# -- git routes -----------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _model_quiet(lab: Lab) -> None:
    model = lab.model()
    for _ in range(3):
        model.text(NO_CONTENT)


def _feature(lab: Lab, key: str) -> Repo:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(key)
    _model_quiet(lab)
    repo.git("checkout", "-q", "-b", "feature")
    return repo


@attack("leak", "git route: a fixup! commit's message carries a key; memorized, then pushed")
def fixup_message(lab: Lab) -> None:
    key = fake("", 40, "sealed29-fixup", ALNUM)
    repo = _feature(lab, key)
    repo.write("docs/etiketes.md", "Bottle labels carry the pool id.\n")
    repo.git("add", "-f", "--", "docs/etiketes.md")
    repo.git("commit", "-q", "-m", "Describe the bottle labels", env=NO_HOOKS)
    repo.write("docs/etiketes.md", "Bottle labels carry the pool id and the date.\n")
    repo.git("add", "-f", "--", "docs/etiketes.md")
    repo.git("commit", "-q", "-m", "fixup! Describe the bottle labels\n\n"
             f"Label printer token for the milk room: {key}", env=NO_HOOKS)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("bottle labels" in lab.sent(), "the commits were sent to the model")
    _pushed(lab, repo.push("origin", "feature"))
    _pushed(lab, repo.push("origin", "feature"))


@attack("leak", "git route: a commit message written in ISO-8859-13 carries a password; "
                "memorized, then pushed")
def latin7_message(lab: Lab) -> None:
    pw = fake("", 26, "sealed29-latin7", ALNUM)
    repo = _feature(lab, pw)
    repo.write("docs/kurjeris.md", "The courier collects frozen milk on Tuesdays.\n")
    repo.git("add", "-f", "--", "docs/kurjeris.md")
    message = lab.root / "zinute.txt"
    message.write_bytes(f"Aprašyti kurjerio maršrutą\n\nKurjerio paskyros slaptažodis: {pw}\n"
                        .encode("iso-8859-13"))
    repo.git("-c", "i18n.commitEncoding=ISO-8859-13", "commit", "-q", "-F", str(message),
             env=NO_HOOKS)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("courier collects" in lab.sent(), "the commit was sent to the model")
    _pushed(lab, repo.push("origin", "feature"))
    _pushed(lab, repo.push("origin", "feature"))


@attack("leak", "git route: a comment line kept by commit --cleanup=verbatim carries a key; "
                "memorized, then pushed")
def verbatim_comment(lab: Lab) -> None:
    key = fake("", 36, "sealed29-verbatim", ALNUM)
    repo = _feature(lab, key)
    repo.write("docs/saldikliai.md", "Freezers alarm above -18 C.\n")
    repo.git("add", "-f", "--", "docs/saldikliai.md")
    repo.git("commit", "-q", "--cleanup=verbatim", "-F", "-",
             stdin=f"Describe the freezer alarm\n\n# Oh Dear API token: {key}\n", env=NO_HOOKS)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("freezer alarm" in lab.sent(), "the commit was sent to the model")
    _pushed(lab, repo.push("origin", "feature"))
    _pushed(lab, repo.push("origin", "feature"))


@attack("leak", "git route: a branch's description carries a key; memorized, then pushed")
def branch_description(lab: Lab) -> None:
    key = fake("", 32, "sealed29-description", HEX)
    repo = _feature(lab, key)
    repo.git("config", "branch.feature.description",
             f"Lab import rework; the test share's password is {key}")
    repo.write("docs/lab.md", "Results arrive as HL7 files.\n")
    repo.git("add", "-f", "--", "docs/lab.md")
    repo.git("commit", "-q", "-m", "Describe the lab results", env=NO_HOOKS)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("lab results" in lab.sent(), "the commit was sent to the model")
    _pushed(lab, repo.push("origin", "feature"))
    _pushed(lab, repo.push("origin", "feature"))


# -- sessions -------------------------------------------------------------------------------

def _session(lab: Lab, build) -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Rotate the TiDB password on minija, then make sure the app still connects")
    build(rec)
    rec.say("Done.")
    transcript = write_claude(lab.root / "home", str(repo.path), rec)
    run_session_hook(repo.path, "SessionEnd", hook_input("SessionEnd", str(transcript),
                                                         str(repo.path)),
                     gitmemory_bin(lab.root / "bin"), env=lab.env)
    _model_quiet(lab)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("TiDB password on minija" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: keyringer lasas decrypt of the env file")
def session_keyringer(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("keyringer lasas decrypt lasas.env",
                 f"LASAS_ENV=production\nLASAS_TIDB_PASSWORD={PW2}\n", 0)
    _session(lab, build)


@attack("leak", "a session: jcmd VM.system_properties of the Lucee process")
def session_jcmd(lab: Lab) -> None:
    lab.plant(PW2)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh budetojas@neris 'sudo -u lasas jcmd $(pgrep -f lucee) "
                 "VM.system_properties | grep -i pass'",
                 f"lucee.admin.password={PW2}\njavax.net.ssl.trustStorePassword=changeit\n", 0)
    _session(lab, build)


@attack("leak", "a session: the strongSwan secrets file printed")
def session_swanctl(lab: Lab) -> None:
    psk = fake("", 44, "sealed29-psk-session", B64URL)
    lab.plant(psk)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh budetojas@neris 'sudo cat /etc/swanctl/conf.d/secrets.conf'",
                 f"secrets {{\n  ike-ligonine {{\n    secret = \"{psk}\"\n  }}\n}}\n", 0)
    _session(lab, build)


@attack("leak", "a session printing the lab import's credentials file")
def session_smbcreds(lab: Lab) -> None:
    pw = fake("", 18, "sealed29-smb-session", ALNUM)
    lab.plant(pw)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh budetojas@neris 'sudo cat /tmp/tmp.Lw8sQ2'",
                 f"username = lasas\npassword = {pw}\ndomain = KLINIKOS\n", 0)
    _session(lab, build)

"""Leaks (part sealed32): families neither issue 31 nor parts build, heldout, sealed2 ... sealed31
name. A planted secret must reach no remote, model request, printed line or CI log.

Command-line flags and variables placed before the commands of YottaDB, Garage, LoggerNet,
Snikket, Codefresh, Teampass, iLert, Statuspal, OpenObserve, the Trimble receivers and ItexMo
(``BANTAY_ITEXMO_KEY=`` before ``script/sms-sulay``, ``rclone --s3-secret-access-key``, a
``cora_cmd`` ``connect ... --password=``, ``sendxmpp -p``, ``CF_API_KEY=`` before ``codefresh``,
``TEAMPASS_TOKEN=`` before ``script/kuha``, an iLert ``"integrationKey"`` in a JSON body, a
Statuspal ``Authorization:`` header, ``curl -u`` to OpenObserve, ``curl --anyauth -u`` to a
GNSS receiver, ``BANTAY_GARAGE_SECRET=`` before ``script/tipig``, ``ydb_passwd=`` before
``mupip backup``); a password said in Cebuano, Hiligaynon and Bikol, one with Coptic letters
where Latin ones should be, one spelled as the keys of a phone keypad; encodings (base32hex,
xxencode, Base62); vendors' keys written out (Globe Labs, ItexMo, Movider, M360, PayMongo,
Dragonpay, Sendbird, Zenvia, iLert, Statuspal, Teampass, Soracom) and inside URLs (an Ubidots
``?token=``, a Blynk ``?token=``, a ``davs://`` user part, an ``opc.tcp://`` user part, a
Datacake webhook's path); file formats (a davfs2 ``secrets`` file, an OpenVPN
``auth-user-pass`` file, a FreeRADIUS ``clients.conf``, an Exim ``passwd.client``, an
``nslcd.conf`` ``bindpw``, an ``sssd.conf`` ``ldap_default_authtok``, a ``chrony.keys``, a
``.boto``, a FileZilla ``sitemanager.xml``, an M routine's constant); git routes (a key only in
a commit reached through a merge's second parent, a key in the root commit of an orphan branch,
a key as a directory's name in a commit's paths, a key in a ``Signed-off-by:`` trailer);
sessions (``git config --list`` output, a ``curl -v`` trace, an ``strace`` line,
``machinectl shell`` printing the env file, the assistant's own reply repeating the key)."""

from __future__ import annotations

import base64

from testing.attack_checks import fake
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Tq6Wn3Hz" + "8Kd2Rv5M"
PW2 = "Fy4Jc9Ls" + "1Gt7Bw3N"
PW3 = "Lo7xQp2W" + "ox9Nmp4T"
PWL = "kmvtrbhz" + "qdwfnsxj"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
NO_CONTENT = '{"no_content_to_extract": true}'
NO_HOOKS = {"GITMEMORY_DISABLE": "1"}
# Coptic small letters that look like Latin ones: O for o, RO for p, KHI for x.
COPTIC = {"o": "\u2c9f", "p": "\u2ca3", "x": "\u2cad"}
B32HEX = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
XX = "+-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
KEYPAD = {"abc": "2", "def": "3", "ghi": "4", "jkl": "5", "mno": "6", "pqrs": "7", "tuv": "8",
          "wxyz": "9"}


def _uuid(seed: str) -> str:
    raw = fake("", 32, seed, HEX)
    return f"{raw[:8]}-{raw[8:12]}-{raw[12:16]}-{raw[16:20]}-{raw[20:]}"


def _b32hex(data: bytes) -> str:
    bits = "".join(f"{byte:08b}" for byte in data)
    bits += "0" * (-len(bits) % 5)
    return "".join(B32HEX[int(bits[i:i + 5], 2)] for i in range(0, len(bits), 5))


def _xxencode(data: bytes) -> str:
    """One xxencoded line: a length character, then four characters per three bytes."""
    padded = data + b"\0" * (-len(data) % 3)
    body = []
    for i in range(0, len(padded), 3):
        n = int.from_bytes(padded[i:i + 3], "big")
        body.extend(XX[(n >> s) & 63] for s in (18, 12, 6, 0))
    return XX[len(data)] + "".join(body)


def _base62(data: bytes) -> str:
    n = int.from_bytes(data, "big")
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out


def _keypad(text: str) -> str:
    """Each letter as the presses of a phone keypad (2 = a, 22 = b, ...), spaced."""
    presses = []
    for c in text:
        for keys, digit in KEYPAD.items():
            if c in keys:
                presses.append(digit * (keys.index(c) + 1))
    return " ".join(presses)


def _model_quiet(lab: Lab) -> None:
    model = lab.model()
    for _ in range(3):
        model.text(NO_CONTENT)


def _diff_to_model(lab: Lab, files: dict[str, str], *secrets: str) -> Repo:
    """``files`` committed on a branch beside an ordinary change, memorized with a fake model
    (the commit is sent)."""
    repo = lab.repo()
    lab.plant(*secrets)
    _model_quiet(lab)
    repo.git("checkout", "-q", "-b", "feature")
    for rel, text in files.items():
        repo.write(rel, text)
        repo.git("add", "-f", "--", rel)
    repo.write("ops/ilert/rota.txt", "duty volcanologist: weekly rota\n")
    repo.git("add", "-f", "--", "ops/ilert/rota.txt")
    repo.git("commit", "-q", "-m", "Write down the duty volcanologists' rota", env=NO_HOOKS)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("volcanologists' rota" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools -----------------------

@attack("leak", "BANTAY_ITEXMO_KEY= before script/sms-sulay")
def itexmo_env(lab: Lab) -> None:
    key = fake("", 32, "sealed32-itexmo-env", ALNUM)
    through_commit(lab, f"Send the test SMS from a laptop: `BANTAY_ITEXMO_KEY={key} "
                        "script/sms-sulay`", key)


@attack("leak", "rclone --s3-secret-access-key to Garage")
def rclone_secret(lab: Lab) -> None:
    secret = fake("", 64, "sealed32-garage-cmd", HEX)
    through_commit(lab, "Copy a backup by hand: `rclone copy /srv/tipig :s3:tipig "
                        "--s3-provider Other --s3-endpoint http://10.84.6.3:3912 "
                        f"--s3-access-key-id GK31c2f218a2e44f485b94239e --s3-secret-access-key "
                        f"{secret}`", secret)


@attack("leak", "cora_cmd connect --password= to LoggerNet")
def cora_password(lab: Lab) -> None:
    through_commit(lab, "List the rain gauges: `echo 'connect 10.84.6.4:6791 --name=admin "
                        f"--password={PW}; list-stations;' | cora_cmd`", PW)


@attack("leak", "sendxmpp -p with the Snikket bot's password")
def sendxmpp_password(lab: Lab) -> None:
    pw = fake("", 22, "sealed32-sendxmpp", ALNUM)
    through_commit(lab, f"Post a test notice: `echo sulay | sendxmpp -u bantay -p {pw} -j "
                        "chat.lunhaw-obs.ph -c pulong@chat.lunhaw-obs.ph`", pw)


@attack("leak", "CF_API_KEY= before codefresh")
def codefresh_env(lab: Lab) -> None:
    key = fake("", 24, "sealed32-cf-id", HEX) + "." + fake("", 32, "sealed32-cf", HEX)
    through_commit(lab, f"Rerun the tests: `CF_API_KEY={key} codefresh run bantay/sulay`",
                   key[25:])


@attack("leak", "TEAMPASS_TOKEN= before script/kuha")
def teampass_env(lab: Lab) -> None:
    token = fake("", 40, "sealed32-teampass-env", ALNUM)
    through_commit(lab, f"Get the whole env file at once: `TEAMPASS_TOKEN={token} script/kuha "
                        "bantay-env`", token)


@attack("leak", "an iLert \"integrationKey\" in a curl JSON body")
def ilert_body(lab: Lab) -> None:
    key = "il1api" + fake("", 36, "sealed32-ilert-cmd", HEX)
    through_commit(lab, "Page the duty volcanologist by hand: `curl -X POST "
                        "https://api.ilert.com/api/events -H 'Content-Type: application/json' -d "
                        f"'{{\"integrationKey\":\"{key}\",\"eventType\":\"ALERT\","
                        "\"summary\":\"tipig failed\"}'`", key[6:])


@attack("leak", "a Statuspal Authorization: header")
def statuspal_header(lab: Lab) -> None:
    token = fake("", 40, "sealed32-statuspal-cmd", LOWER)
    through_commit(lab, "Post the level change: `curl -X POST https://statuspal.io/api/v2/"
                        f"status_pages/lunhaw/incidents -H 'Authorization: {token}' -d "
                        "'{\"incident\":{\"title\":\"Alert level 2\"}}'`", token)


@attack("leak", "curl -u with the OpenObserve root password")
def openobserve_basic(lab: Lab) -> None:
    pw = fake("", 20, "sealed32-o2", ALNUM)
    through_commit(lab, f"Search the logs: `curl -u root@lunhaw-obs.ph:{pw} "
                        "http://10.84.6.2:5093/api/default/_search -d @query.json`", pw)


@attack("leak", "curl --anyauth -u to a Trimble receiver")
def trimble_anyauth(lab: Lab) -> None:
    pw = fake("", 18, "sealed32-trimble", ALNUM)
    through_commit(lab, f"Restart logging on the first receiver: `curl --anyauth -u admin:{pw} "
                        "'http://10.84.6.21/prog/set?Session&name=flank1&enable=yes'`", pw)


@attack("leak", "BANTAY_GARAGE_SECRET= before script/tipig")
def garage_env(lab: Lab) -> None:
    secret = fake("", 64, "sealed32-garage-env", HEX)
    through_commit(lab, f"Run a backup now: `BANTAY_GARAGE_SECRET={secret} script/tipig`",
                   secret)


@attack("leak", "ydb_passwd= before mupip backup")
def ydb_passwd(lab: Lab) -> None:
    through_commit(lab, f"Back up the encrypted region: `ydb_passwd={PW2} mupip backup -online "
                        "'*' /srv/tipig/manual`", PW2)


# -- the password sentence: three languages, look-alike letters, a phone keypad --------------

@attack("leak", "a password sentence in Cebuano")
def cebuano(lab: Lab) -> None:
    through_commit(lab, f"Ang bag-ong password sa LoggerNet kay {PW}, ayaw ni isulti bisan "
                        "kinsa", PW)


@attack("leak", "a password sentence in Hiligaynon")
def hiligaynon(lab: Lab) -> None:
    through_commit(lab, f"Ang bag-o nga password sang LoggerNet amo ang {PW}, indi ini pag-"
                        "isugid sa bisan sin-o", PW)


@attack("leak", "a password sentence in Bikol")
def bikol(lab: Lab) -> None:
    through_commit(lab, f"An bagong password kan LoggerNet iyo an {PW}, dai ini isabi sa "
                        "siisay man", PW)


@attack("leak", "a password with Coptic letters where Latin ones should be")
def coptic_lookalike(lab: Lab) -> None:
    mixed = PW3.translate(str.maketrans(COPTIC))
    through_commit(lab, f"The Garage admin password is now {mixed} (copy it; a few letters "
                        "render oddly)", mixed)


@attack("leak", "a password spelled as the presses of a phone keypad")
def keypad_spelling(lab: Lab) -> None:
    spelled = _keypad(PWL)
    through_commit(lab, f"Text-friendly form of the Teampass master password (keypad presses): "
                        f"{spelled}", spelled)


# -- encodings ------------------------------------------------------------------------------

@attack("leak", "a password written in base32hex")
def base32hex_pw(lab: Lab) -> None:
    text = _b32hex(PW2.encode())
    through_commit(lab, f"The Snikket bot's password in base32hex, as the old logger keeps it: "
                        f"{text}", text)


@attack("leak", "a password written as an xxencoded line")
def xxencode_pw(lab: Lab) -> None:
    text = _xxencode(PW2.encode())
    through_commit(lab, f"The GNSS receiver password, xxencoded for the radio modem: {text}",
                   text)


@attack("leak", "a password written in Base62")
def base62_pw(lab: Lab) -> None:
    text = _base62(PW2.encode())
    through_commit(lab, f"The ItexMo account password in Base62: {text}", text)


# -- vendors' keys in prose and in URL forms ------------------------------------------------

@attack("leak", "a Globe Labs app secret in prose")
def globe_labs(lab: Lab) -> None:
    secret = fake("", 64, "sealed32-globe", HEX)
    through_commit(lab, f"The fallback SMS route is Globe Labs, app id "
                        f"{fake('', 32, 'sealed32-globe-id', ALNUM)}, app secret {secret}", secret)


@attack("leak", "an ItexMo API code in prose")
def itexmo(lab: Lab) -> None:
    key = "PR-" + fake("", 28, "sealed32-itexmo", ALNUM)
    through_commit(lab, f"Bulletins by SMS go through ItexMo with the API code {key}", key[3:])


@attack("leak", "a Movider API secret in prose")
def movider(lab: Lab) -> None:
    secret = fake("", 40, "sealed32-movider", ALNUM)
    through_commit(lab, f"Voice calls to the barangay captains use Movider, API key "
                        f"{fake('', 20, 'sealed32-movider-key', ALNUM)}, API secret {secret}",
                   secret)


@attack("leak", "an M360 passcode in prose")
def m360(lab: Lab) -> None:
    code = fake("", 24, "sealed32-m360", ALNUM)
    through_commit(lab, f"The M360 broadcast account is lvo-bantay with the passcode {code}",
                   code)


@attack("leak", "a PayMongo secret key in prose")
def paymongo(lab: Lab) -> None:
    key = fake("", 24, "sealed32-paymongo", ALNUM)
    through_commit(lab, f"Donations for the evacuation centers come in through PayMongo; the "
                        f"live secret key ends in {key}", key)


@attack("leak", "a Dragonpay merchant password in prose")
def dragonpay(lab: Lab) -> None:
    pw = fake("", 20, "sealed32-dragonpay", ALNUM)
    through_commit(lab, f"Dragonpay takes bank transfers for the relief fund, merchant LVOFUND, "
                        f"password {pw}", pw)


@attack("leak", "a Sendbird API token in prose")
def sendbird(lab: Lab) -> None:
    token = fake("", 40, "sealed32-sendbird", HEX)
    through_commit(lab, f"The evacuation center chat widget runs on Sendbird with the API token "
                        f"{token}", token)


@attack("leak", "a Zenvia X-API-TOKEN in prose")
def zenvia(lab: Lab) -> None:
    token = fake("", 40, "sealed32-zenvia", ALNUM + "-_")
    through_commit(lab, f"The partner observatory's WhatsApp alerts use Zenvia; the X-API-TOKEN "
                        f"is {token}", token)


@attack("leak", "an iLert API key in prose")
def ilert(lab: Lab) -> None:
    key = "il1api" + fake("", 36, "sealed32-ilert", HEX)
    through_commit(lab, f"iLert's heartbeat for tipig-ok authenticates with {key}", key[6:])


@attack("leak", "a Statuspal API token in prose")
def statuspal(lab: Lab) -> None:
    token = fake("", 40, "sealed32-statuspal", LOWER)
    through_commit(lab, f"The Statuspal page lunhaw is updated with the token {token}", token)


@attack("leak", "a Teampass API key in prose")
def teampass(lab: Lab) -> None:
    key = fake("", 39, "sealed32-teampass", ALNUM)
    through_commit(lab, f"The deploy machine reads Teampass with the API key {key}", key)


@attack("leak", "a Soracom auth key secret in prose")
def soracom(lab: Lab) -> None:
    secret = fake("", 64, "sealed32-soracom", ALNUM)
    through_commit(lab, f"The cellular SIMs of the flank stations are on Soracom, auth key id "
                        f"keyId-{fake('', 32, 'sealed32-soracom-id', ALNUM)}, secret {secret}",
                   secret)


@attack("leak", "an Ubidots ?token= in a URL")
def ubidots_url(lab: Lab) -> None:
    token = "BBFF-" + fake("", 30, "sealed32-ubidots", ALNUM)
    through_commit(lab, "The rain dashboard pulls https://industrial.api.ubidots.com/api/v1.6/"
                        f"devices/tuburan/ulan/lv?token={token}", token[5:])


@attack("leak", "a Blynk ?token= in a URL")
def blynk_url(lab: Lab) -> None:
    token = fake("", 32, "sealed32-blynk", ALNUM + "-_")
    through_commit(lab, "The summit camera's heater switches through https://blynk.cloud/"
                        f"external/api/update?token={token}&V1=1", token)


@attack("leak", "a davs:// URL carrying user and password")
def davs_url(lab: Lab) -> None:
    pw = fake("", 22, "sealed32-davs", ALNUM)
    through_commit(lab, f"Bulletins are archived to davs://bantay:{pw}@files.lunhaw-obs.ph/"
                        "remote.php/dav/files/bantay/bulletins", pw)


@attack("leak", "an opc.tcp:// URL carrying user and password")
def opcua_url(lab: Lab) -> None:
    pw = fake("", 18, "sealed32-opcua", ALNUM)
    through_commit(lab, f"The FLYSPEC controller answers at opc.tcp://operator:{pw}@"
                        "10.84.6.31:4840/flyspec", pw)


@attack("leak", "a Datacake webhook with its token in the path")
def datacake_url(lab: Lab) -> None:
    token = fake("", 40, "sealed32-datacake", HEX)
    through_commit(lab, "The LoRa rain gauges post to https://api.datacake.co/integrations/"
                        f"api/{token}/", token)


# -- file formats ---------------------------------------------------------------------------

@attack("leak", "a davfs2 secrets file with the archive password")
def davfs2_secrets(lab: Lab) -> None:
    pw = fake("", 22, "sealed32-davfs2", ALNUM)
    _diff_to_model(lab, {"ops/davfs2/secrets": (
        f"https://files.lunhaw-obs.ph/remote.php/dav/files/bantay bantay {pw}\n")}, pw)


@attack("leak", "an OpenVPN auth-user-pass file for the field link")
def openvpn_auth(lab: Lab) -> None:
    pw = fake("", 24, "sealed32-ovpn", ALNUM)
    _diff_to_model(lab, {"ops/openvpn/tuburan.auth": f"tuburan-link\n{pw}\n",
                         "ops/openvpn/tuburan.conf": (
                             "client\nremote vpn.lunhaw-obs.ph 1194\n"
                             "auth-user-pass tuburan.auth\n")}, pw)


@attack("leak", "a FreeRADIUS clients.conf with the shared secret")
def radius_clients(lab: Lab) -> None:
    secret = fake("", 26, "sealed32-radius", ALNUM)
    _diff_to_model(lab, {"ops/radius/clients.conf": (
        f"client office-ap {{\n    ipaddr = 172.29.44.10\n    secret = {secret}\n}}\n")},
        secret)


@attack("leak", "an Exim passwd.client with the smarthost password")
def exim_passwd(lab: Lab) -> None:
    pw = fake("", 20, "sealed32-exim", ALNUM)
    _diff_to_model(lab, {"ops/exim/passwd.client": (
        f"# mail for bulletins\n*.lunhaw-obs.ph:bulletin:{pw}\n")}, pw)


@attack("leak", "an nslcd.conf with bindpw")
def nslcd_bindpw(lab: Lab) -> None:
    pw = fake("", 24, "sealed32-nslcd", ALNUM)
    _diff_to_model(lab, {"ops/ldap/nslcd.conf": (
        "uri ldaps://ldap.lunhaw-obs.ph\nbase dc=lunhaw-obs,dc=ph\n"
        f"binddn cn=bantay,ou=services,dc=lunhaw-obs,dc=ph\nbindpw {pw}\n")}, pw)


@attack("leak", "an sssd.conf with ldap_default_authtok")
def sssd_authtok(lab: Lab) -> None:
    pw = fake("", 24, "sealed32-sssd", ALNUM)
    _diff_to_model(lab, {"ops/ldap/sssd.conf": (
        "[domain/lunhaw]\nid_provider = ldap\nldap_uri = ldaps://ldap.lunhaw-obs.ph\n"
        "ldap_default_bind_dn = cn=bantay,ou=services,dc=lunhaw-obs,dc=ph\n"
        f"ldap_default_authtok = {pw}\n")}, pw)


@attack("leak", "a chrony.keys with the NTP key")
def chrony_keys(lab: Lab) -> None:
    key = fake("", 40, "sealed32-chrony", HEX)
    _diff_to_model(lab, {"ops/chrony/chrony.keys": f"1 SHA1 HEX:{key}\n"}, key)


@attack("leak", "a .boto with gs_secret_access_key")
def boto_file(lab: Lab) -> None:
    secret = fake("", 40, "sealed32-boto", ALNUM + "+/")
    _diff_to_model(lab, {"ops/satellite/.boto": (
        "[Credentials]\ngs_access_key_id = GOOG1E" + fake("", 30, "sealed32-boto-id", ALNUM)
        + f"\ngs_secret_access_key = {secret}\n")}, secret)


@attack("leak", "a FileZilla sitemanager.xml with a base64 password")
def filezilla_sites(lab: Lab) -> None:
    encoded = base64.b64encode(PW.encode()).decode()
    _diff_to_model(lab, {"ops/filezilla/sitemanager.xml": (
        "<?xml version=\"1.0\"?>\n<FileZilla3><Servers><Server><Host>10.84.6.3</Host>"
        "<Port>22</Port><Protocol>1</Protocol><User>magbabantay</User>"
        f"<Pass encoding=\"base64\">{encoded}</Pass></Server></Servers></FileZilla3>\n")},
        encoded)


@attack("leak", "an M routine constant holding the ItexMo key")
def m_constant(lab: Lab) -> None:
    key = fake("", 32, "sealed32-m-const", ALNUM)
    _diff_to_model(lab, {"r/BNTKEYS.m": (
        "BNTKEYS ; temporary, until Teampass works on the laptops\n quit\n"
        f"itexmo() quit \"{key}\"\n")}, key)


# -- git routes -----------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _feature(lab: Lab, key: str, files: dict[str, str] | None = None) -> Repo:
    repo = lab.repo(files=files)
    lab.origin(repo)
    lab.plant(key)
    _model_quiet(lab)
    repo.git("checkout", "-q", "-b", "feature")
    return repo


def _memorized_and_pushed(lab: Lab, repo: Repo, marker: str, branch: str = "feature") -> None:
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect(marker in lab.sent(), "the commits were sent to the model")
    _pushed(lab, repo.push("origin", branch))
    _pushed(lab, repo.push("origin", branch))


@attack("leak", "git route: a key only in a commit reached through a merge's second parent; "
                "memorized, then pushed")
def second_parent(lab: Lab) -> None:
    key = fake("", 40, "sealed32-second", ALNUM)
    repo = _feature(lab, key)
    repo.write("docs/ulan.md", "Rain gauges report every ten minutes.\n")
    repo.git("add", "-f", "--", "docs/ulan.md")
    repo.git("commit", "-q", "-m", "Describe the rain gauges", env=NO_HOOKS)
    repo.git("checkout", "-q", "-b", "side", "main", env=NO_HOOKS)
    repo.write("ops/loggernet/notes.md", "LoggerNet reads the gauges.\n")
    repo.git("add", "-f", "--", "ops/loggernet/notes.md")
    repo.git("commit", "-q", "-F", "-", stdin="Note the LoggerNet setup\n\n"
             f"LoggerNet admin token: {key}\n", env=NO_HOOKS)
    repo.git("checkout", "-q", "feature", env=NO_HOOKS)
    repo.git("merge", "-q", "--no-ff", "-m", "Merge the LoggerNet notes", "side", env=NO_HOOKS)
    lab.expect(key in repo.git("log", "--format=%B", "HEAD^2", "-1").out,
               "the second parent holds the key")
    _memorized_and_pushed(lab, repo, "rain gauges")


@attack("leak", "git route: a key in the root commit of an orphan branch; memorized, then "
                "pushed")
def orphan_root(lab: Lab) -> None:
    key = fake("", 40, "sealed32-orphan", ALNUM)
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(key)
    _model_quiet(lab)
    repo.git("checkout", "-q", "--orphan", "pages", env=NO_HOOKS)
    repo.write("index.html", "<h1>Mount Lunhaw: alert level 1</h1>\n")
    repo.git("add", "-f", "--", "index.html")
    repo.git("commit", "-q", "-F", "-", stdin="Start the public bulletin pages\n\n"
             f"Statuspal embed token: {key}\n", env=NO_HOOKS)
    lab.expect(repo.git("rev-list", "--count", "HEAD").out.strip() == "1",
               "the orphan branch has one root commit")
    _memorized_and_pushed(lab, repo, "public bulletin pages", branch="pages")


@attack("leak", "git route: a key as a directory's name in a commit's paths; memorized, then "
                "pushed")
def key_in_path(lab: Lab) -> None:
    key = fake("", 32, "sealed32-path", LOWER)
    repo = _feature(lab, key)
    rel = f"ops/datacake/{key}/README.md"
    repo.write(rel, "The webhook directory is named after its token.\n")
    repo.git("add", "-f", "--", rel)
    repo.git("commit", "-q", "-m", "Describe the gauge webhook", env=NO_HOOKS)
    _memorized_and_pushed(lab, repo, "gauge webhook")


@attack("leak", "git route: a key in a Signed-off-by: trailer; memorized, then pushed")
def signed_off_by(lab: Lab) -> None:
    key = fake("", 36, "sealed32-signoff", LOWER)
    repo = _feature(lab, key)
    repo.write("docs/bulletin.md", "Bulletins go out at 08:00.\n")
    repo.git("add", "-f", "--", "docs/bulletin.md")
    repo.git("commit", "-q", "-F", "-", stdin="Describe the bulletin times\n\n"
             f"Signed-off-by: deploy-bot <{key}@ci.lunhaw-obs.ph>\n", env=NO_HOOKS)
    _memorized_and_pushed(lab, repo, "bulletin times")


# -- sessions -------------------------------------------------------------------------------

def _session(lab: Lab, build, prompt: str = "Check that the back office still reaches "
             "LoggerNet on tuburan after the password change") -> Repo:  # type: ignore[no-untyped-def]
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user(prompt)
    build(rec)
    rec.say("Done.")
    transcript = write_claude(lab.root / "home", str(repo.path), rec)
    run_session_hook(repo.path, "SessionEnd", hook_input("SessionEnd", str(transcript),
                                                         str(repo.path)),
                     gitmemory_bin(lab.root / "bin"), env=lab.env)
    _model_quiet(lab)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("LoggerNet on" in lab.sent() or "tuburan" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: git config --list prints a credential in a remote URL")
def session_git_config(lab: Lab) -> None:
    token = fake("", 40, "sealed32-gitcfg", ALNUM)
    lab.plant(token)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("git config --list --show-origin | grep remote",
                 "file:.git/config\tremote.origin.url=https://bantay:"
                 f"{token}@code.lunhaw-obs.ph/bantay.git\n", 0)
    _session(lab, build)


@attack("leak", "a session: a curl -v trace shows the Authorization header")
def session_curl_verbose(lab: Lab) -> None:
    token = fake("", 40, "sealed32-curlv", LOWER)
    lab.plant(token)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("curl -v https://statuspal.io/api/v2/status_pages/lunhaw -H "
                 "\"Authorization: $BANTAY_STATUSPAL_TOKEN\" -o /dev/null",
                 "> GET /api/v2/status_pages/lunhaw HTTP/2\n> Host: statuspal.io\n"
                 f"> Authorization: {token}\n>\n< HTTP/2 200\n", 0)
    _session(lab, build)


@attack("leak", "a session: an strace line shows the password being written")
def session_strace(lab: Lab) -> None:
    pw = fake("", 20, "sealed32-strace", ALNUM)
    lab.plant(pw)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh magbabantay@tuburan 'sudo strace -f -e trace=write -p $(pidof cora_cmd) "
                 "2>&1 | head -3'",
                 "write(3, \"connect 10.84.6.4:6791 --name=admin --password="
                 f"{pw};\\n\", 58) = 58\n", 0)
    _session(lab, build)


@attack("leak", "a session: machinectl shell prints the env file")
def session_machinectl(lab: Lab) -> None:
    key = fake("", 32, "sealed32-machinectl", ALNUM)
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh magbabantay@bukid sudo machinectl shell bantay-web /bin/cat "
                 "/run/bantay/env",
                 f"BANTAY_ENV=production\nBANTAY_LOGGERNET_PASSWORD={key}\n", 0)
    _session(lab, build)


@attack("leak", "a session: the assistant's own reply repeats the key")
def session_assistant_reply(lab: Lab) -> None:
    key = fake("", 36, "sealed32-reply", ALNUM)
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("grep -c . /run/bantay/env", "6\n", 0)
        rec.say(f"The LoggerNet password in the env file is {key}; it matches the one "
                "LoggerNet on tuburan expects.")
    _session(lab, build)

"""Leaks (part sealed31): families neither issue 31 nor parts build, heldout, sealed2 ... sealed30
name. A planted secret must reach no remote, model request, printed line or CI log.

Command-line flags and variables placed before the commands of the CUBRID, Incus, Passwork,
Pindo, MTN MoMo, Cachet, Graylog, NUT, VerneMQ, Squadcast, Ryver and Kallithea tools
(``UMUGOZI_CUBRID_PASSWORD=`` before ``script/bika-gerageza``, ``csql -p``, ``incus remote add
--token=``, ``passwork-cli --master-key``, a Pindo ``Authorization: Bearer`` header, ``curl -u``
to MoMo's token endpoint, ``X-Cachet-Token:``, a Graylog access token as ``-u TOKEN:token``,
``upsrw -p``, ``UMUGOZI_VERNEMQ_PASSWORD=`` before ``alr run``, a Squadcast webhook's path, a
Ryver webhook's path); a password said in Ikinyarwanda, Lingala and Luganda, one with Tifinagh
letters that stand in for Latin letters, one spelled out by the characters' Unicode names; encodings
(Crockford base32, proquint, a zero-width space inside the key); vendors' keys written out
(Pindo, MTN MoMo, Pesapal, Cachet, Graylog, Squadcast, Passwork, Kallithea, Hubtel, Site24x7,
Instatus, Feishu) and inside URLs (a CUBRID JDBC URL's password field, an ``mqtts://`` user part,
an ``rtsp://`` camera stream, a DingTalk robot's ``access_token=``, a Feishu bot's hook path);
file formats (NUT ``upsd.users``, a NetworkManager ``.nmconnection``, a ``hostapd.conf``, a PPP
``chap-secrets``, an ``ipsec.secrets``, a ``.remmina`` file, a CUBRID ``odbc.ini``, a
``ddclient.conf``, an ``snmpd.conf`` community, an Ada package constant); git routes (a key
hidden behind a carriage return in a message, a key only in a merge's own resolution, a key
only in the lines a commit removes, a key deep inside a 6,000-character line); sessions (a
heredoc that writes an env file, a second prompt mid-session, the token ``incus config trust
add`` prints, a ``ps -ef`` listing, ``typeset -x`` output)."""

from __future__ import annotations

import json

from testing.attack_checks import fake
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Rb4Vw8Kq" + "2Ny7Hd5J"
PW2 = "Lm3Sx9Ct" + "6Wp1Gf8Z"
PW3 = "Ox7Lq2Iv" + "X9mO4tIu"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
NO_CONTENT = '{"no_content_to_extract": true}'
NO_HOOKS = {"GITMEMORY_DISABLE": "1"}
# Tifinagh letters that look like Latin ones: YAR for O, YAN for I, YAKHH for X.
TIFINAGH = {"O": "\u2d54", "I": "\u2d4f", "X": "\u2d45"}
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
PQ_CONS = "bdfghjklmnprstvz"
PQ_VOWS = "aiou"


def _uuid(seed: str) -> str:
    raw = fake("", 32, seed, HEX)
    return f"{raw[:8]}-{raw[8:12]}-{raw[12:16]}-{raw[16:20]}-{raw[20:]}"


def _crockford(data: bytes) -> str:
    bits = "".join(f"{byte:08b}" for byte in data)
    bits += "0" * (-len(bits) % 5)
    return "".join(CROCKFORD[int(bits[i:i + 5], 2)] for i in range(0, len(bits), 5))


def _proquint(data: bytes) -> str:
    words = []
    for i in range(0, len(data), 2):
        n = (data[i] << 8) | data[i + 1]
        words.append(PQ_CONS[(n >> 12) & 15] + PQ_VOWS[(n >> 10) & 3] + PQ_CONS[(n >> 6) & 15]
                     + PQ_VOWS[(n >> 4) & 3] + PQ_CONS[n & 15])
    return "-".join(words)


def _names(text: str) -> str:
    import unicodedata

    return ", ".join(unicodedata.name(c) for c in text)


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
    repo.write("ops/squadcast/rota.txt", "technician on duty: weekly rota\n")
    repo.git("add", "-f", "--", "ops/squadcast/rota.txt")
    repo.git("commit", "-q", "-m", "Write down the technicians' weekly rota", env=NO_HOOKS)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("weekly rota" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools -----------------------

@attack("leak", "UMUGOZI_CUBRID_PASSWORD= before script/bika-gerageza")
def cubrid_env(lab: Lab) -> None:
    through_commit(lab, f"Saturday's restore test by hand: `UMUGOZI_CUBRID_PASSWORD={PW} "
                        "script/bika-gerageza`", PW)


@attack("leak", "csql -p with the application's password")
def csql_password(lab: Lab) -> None:
    through_commit(lab, f"Look at today's incidents from a laptop: `csql -u umugozi_app -p '{PW}' "  # noqa: S608
                        "umugozi@10.47.3.6:33000 -c 'SELECT * FROM ibyabaye'`", PW)


@attack("leak", "incus remote add --token= with a trust token")
def incus_token(lab: Lab) -> None:
    token = fake("eyJjbGllbnRfbmFtZSI6", 160, "sealed31-incus", ALNUM)
    through_commit(lab, f"Add inkingi as a remote on a new laptop: `incus remote add inkingi "
                        f"10.47.3.4 --token={token}`", token[20:])


@attack("leak", "passwork-cli --master-key before get")
def passwork_master(lab: Lab) -> None:
    key = fake("", 32, "sealed31-pw-master", ALNUM)
    through_commit(lab, "Fetch the env file in one step: `passwork-cli --host https://pass."
                        f"ikirere-ropeway.rw --master-key {key} get --item umugozi --name "
                        "umugozi-env`", key)


@attack("leak", "a Pindo Authorization: Bearer header in a curl command")
def pindo_bearer(lab: Lab) -> None:
    token = fake("", 64, "sealed31-pindo-cmd", ALNUM)
    through_commit(lab, "A test text to the duty phone from a laptop: `curl "
                        "https://api.pindo.io/v1/sms/ -H "
                        f"'Authorization: Bearer {token}' -d '{{\"to\":\"+250788000111\","
                        "\"text\":\"test\",\"sender\":\"IKIRERE\"}'`", token)


@attack("leak", "curl -u api user and api key to MoMo's token endpoint")
def momo_basic(lab: Lab) -> None:
    key = fake("", 32, "sealed31-momo-cmd", HEX)
    through_commit(lab, "Get a MoMo access token: `curl -X POST -u "
                        f"{_uuid('sealed31-momo-user')}:{key} "
                        "https://proxy.momoapi.mtn.com/collection/token/`", key)


@attack("leak", "X-Cachet-Token: header to Cachet's API")
def cachet_header(lab: Lab) -> None:
    token = fake("", 20, "sealed31-cachet-cmd", ALNUM)
    through_commit(lab, "Mark the line as stopped: `curl -X PUT https://status.ikirere-ropeway.rw/"
                        f"api/v1/components/1 -H 'X-Cachet-Token: {token}' -d status=4`", token)


@attack("leak", "a Graylog access token as curl -u TOKEN:token")
def graylog_token(lab: Lab) -> None:
    token = fake("", 52, "sealed31-graylog-cmd", "abcdefghijklmnopqrstuvwxyz0123456789")
    through_commit(lab, f"Search the door alerts: `curl -u {token}:token -H 'Accept: "
                        "application/json' 'http://10.47.3.4:9000/api/search/universal/"
                        "relative?query=DoorOpen&range=86400'`", token)


@attack("leak", "upsrw -p with the UPS admin password")
def upsrw_password(lab: Lab) -> None:
    pw = fake("", 18, "sealed31-upsrw", ALNUM)
    through_commit(lab, f"Lengthen the UPS shutdown delay: `upsrw -u admin -p {pw} -s "
                        "ups.delay.shutdown=120 ups@ikiraro`", pw)


@attack("leak", "UMUGOZI_VERNEMQ_PASSWORD= before alr run")
def vernemq_env(lab: Lab) -> None:
    pw = fake("", 24, "sealed31-vernemq-env", ALNUM)
    through_commit(lab, f"Read the towers from a laptop: `UMUGOZI_VERNEMQ_PASSWORD={pw} alr run "
                        "-- --listen 127.0.0.1:8470`", pw)


@attack("leak", "UMUGOZI_SQUADCAST_WEBHOOK= with the token in the webhook's path")
def squadcast_webhook(lab: Lab) -> None:
    token = fake("", 40, "sealed31-squadcast-hook", HEX)
    through_commit(lab, "Page the technician by hand: `UMUGOZI_SQUADCAST_WEBHOOK=https://api."
                        f"squadcast.com/v2/incidents/api/{token} script/bika`", token)


@attack("leak", "a Ryver webhook URL with its token in the path")
def ryver_webhook(lab: Lab) -> None:
    token = fake("", 24, "sealed31-ryver", ALNUM)
    through_commit(lab, "Deploy notices: `UMUGOZI_RYVER_HOOK=https://ikirere.ryver.com/"
                        f"application/webhook/{token} script/sms-gerageza`", token)


# -- the password sentence: three languages, look-alike letters, Unicode names --------------

@attack("leak", "a password sentence in Ikinyarwanda")
def kinyarwanda(lab: Lab) -> None:
    through_commit(lab, f"Ijambo ry'ibanga rishya rya CUBRID ni {PW}, ntuzaribwire undi muntu", PW)


@attack("leak", "a password sentence in Lingala")
def lingala(lab: Lab) -> None:
    through_commit(lab, f"Liloba ya sekele ya sika ya CUBRID ezali {PW}, koyebisa yango moto te",
                   PW)


@attack("leak", "a password sentence in Luganda")
def luganda(lab: Lab) -> None:
    through_commit(lab, f"Ekigambo eky'ekyama ekipya ekya CUBRID kiri {PW}, tokibuulira muntu "
                        "yenna", PW)


@attack("leak", "a password with Tifinagh letters that stand in for Latin letters")
def tifinagh_lookalike(lab: Lab) -> None:
    mixed = PW3.translate(str.maketrans(TIFINAGH))
    through_commit(lab, f"The dba password is now {mixed} (copy it; some letters render "
                        "strangely)", mixed)


@attack("leak", "a password spelled out by the characters' Unicode names")
def unicode_names(lab: Lab) -> None:
    spelled = _names(PW2)
    through_commit(lab, f"The Passwork master password, letter by letter: {spelled}", spelled)


# -- encodings ------------------------------------------------------------------------------

@attack("leak", "a password written in Crockford base32")
def crockford_pw(lab: Lab) -> None:
    text = _crockford(PW2.encode())
    through_commit(lab, f"The VerneMQ password in Crockford base32, as the towers' loggers keep "
                        f"it: {text}", text)


@attack("leak", "a password written as proquints")
def proquint_pw(lab: Lab) -> None:
    text = _proquint(PW2.encode())
    through_commit(lab, f"Read the UPS password over the radio as proquints: {text}", text)


@attack("leak", "a key with a zero-width space inside it")
def zero_width_inside(lab: Lab) -> None:
    key = fake("", 40, "sealed31-zwsp", ALNUM)
    through_commit(lab, f"The Kallithea API key (a space crept in when it was copied): "
                        f"{key[:20]}\u200b{key[20:]}", key)


# -- vendors' keys in prose and in URL forms ------------------------------------------------

@attack("leak", "a Pindo API token in prose")
def pindo(lab: Lab) -> None:
    token = fake("", 64, "sealed31-pindo", ALNUM)
    through_commit(lab, f"Texts to riders go through Pindo with the token {token}", token)


@attack("leak", "an MTN MoMo subscription key in prose")
def momo(lab: Lab) -> None:
    key = fake("", 32, "sealed31-momo", HEX)
    through_commit(lab, f"MoMo collections use the primary subscription key {key}", key)


@attack("leak", "a Pesapal consumer secret in prose")
def pesapal(lab: Lab) -> None:
    secret = fake("", 28, "sealed31-pesapal", ALNUM + "+/")
    through_commit(lab, f"Card payments for group tickets go through Pesapal, consumer key "
                        f"{fake('', 32, 'sealed31-pesapal-key', ALNUM)}, consumer secret {secret}",
                   secret)


@attack("leak", "a Cachet API token in prose")
def cachet(lab: Lab) -> None:
    token = fake("", 20, "sealed31-cachet", ALNUM)
    through_commit(lab, f"The status page is updated through Cachet with the token {token}", token)


@attack("leak", "a Graylog access token in prose")
def graylog(lab: Lab) -> None:
    token = fake("", 52, "sealed31-graylog", "abcdefghijklmnopqrstuvwxyz0123456789")
    through_commit(lab, f"The dashboards on the wall screen read Graylog with the token {token}",
                   token)


@attack("leak", "a Squadcast refresh token in prose")
def squadcast(lab: Lab) -> None:
    token = fake("", 48, "sealed31-squadcast", HEX)
    through_commit(lab, f"Squadcast's API for the rota export takes the refresh token {token}",
                   token)


@attack("leak", "a Passwork API key in prose")
def passwork(lab: Lab) -> None:
    key = fake("", 40, "sealed31-passwork", ALNUM)
    through_commit(lab, f"The deploy machine reads Passwork with the API key {key}", key)


@attack("leak", "a Kallithea API key in prose")
def kallithea(lab: Lab) -> None:
    key = fake("", 40, "sealed31-kallithea", HEX)
    through_commit(lab, f"Abstruse reads the repository through Kallithea with the API key {key}",
                   key)


@attack("leak", "a Hubtel client secret in prose")
def hubtel(lab: Lab) -> None:
    secret = fake("", 18, "sealed31-hubtel", "abcdefghijklmnopqrstuvwxyz")
    through_commit(lab, f"The Accra partner's texts go through Hubtel, client id "
                        f"{fake('', 8, 'sealed31-hubtel-id', 'abcdefghijklmnopqrstuvwxyz')}, "
                        f"client secret {secret}", secret)


@attack("leak", "a Site24x7 device key in prose")
def site24x7(lab: Lab) -> None:
    key = "us_" + fake("", 32, "sealed31-site24x7", HEX)
    through_commit(lab, f"The Site24x7 agent on inkingi was installed with the device key {key}",
                   key[3:])


@attack("leak", "an Instatus API key in prose")
def instatus(lab: Lab) -> None:
    key = fake("", 32, "sealed31-instatus", HEX)
    through_commit(lab, f"The public incident page on Instatus is written with the API key {key}",
                   key)


@attack("leak", "a Feishu app secret in prose")
def feishu(lab: Lab) -> None:
    secret = fake("", 32, "sealed31-feishu", ALNUM)
    through_commit(lab, f"The cabin maker's engineers are on Feishu; our bot app cli_a4f2 has "
                        f"the app secret {secret}", secret)


@attack("leak", "a CUBRID JDBC URL with the password in its fields")
def cubrid_jdbc(lab: Lab) -> None:
    through_commit(lab, "The finance spreadsheet connects with jdbc:cubrid:10.47.3.6:33000:"
                        f"umugozi:umugozi_soma:{PW3}:?charset=utf-8", PW3)


@attack("leak", "an mqtts:// URL with a password before the @")
def mqtts_url(lab: Lab) -> None:
    pw = fake("", 26, "sealed31-mqtts", ALNUM)
    through_commit(lab, f"The new anemometer publishes to mqtts://tower-rebero:{pw}@10.47.3.4:8883/"
                        "umugozi/umuyaga/rebero", pw)


@attack("leak", "an rtsp:// camera stream with a password before the @")
def rtsp_url(lab: Lab) -> None:
    pw = fake("", 16, "sealed31-rtsp", ALNUM)
    through_commit(lab, f"The bottom station's platform camera streams at rtsp://admin:{pw}@"
                        "172.23.90.41:554/Streaming/Channels/101", pw)


@attack("leak", "a DingTalk robot webhook's access_token= in a URL")
def dingtalk_url(lab: Lab) -> None:
    token = fake("", 64, "sealed31-dingtalk", HEX)
    through_commit(lab, "Stops are posted to the cabin maker's group at https://oapi.dingtalk.com/"
                        f"robot/send?access_token={token}", token)


@attack("leak", "a Feishu bot webhook with its key in the hook path")
def feishu_url(lab: Lab) -> None:
    hook = _uuid("sealed31-feishu-hook")
    through_commit(lab, "Door faults go to the engineers at https://open.feishu.cn/open-apis/bot/"
                        f"v2/hook/{hook}", hook)


# -- file formats ---------------------------------------------------------------------------

@attack("leak", "a NUT upsd.users with the monitor's password")
def upsd_users(lab: Lab) -> None:
    pw = fake("", 20, "sealed31-upsd", ALNUM)
    _diff_to_model(lab, {"ops/nut/upsd.users": (
        f"[upsmon-ikiraro]\n    password = {pw}\n    upsmon primary\n")}, pw)


@attack("leak", "a NetworkManager .nmconnection with the cabin Wi-Fi's psk=")
def nmconnection(lab: Lab) -> None:
    psk = fake("", 24, "sealed31-nm", ALNUM)
    _diff_to_model(lab, {"ops/cabin/ikirere-crew.nmconnection": (
        "[connection]\nid=ikirere-crew\ntype=wifi\n\n[wifi]\nssid=ikirere-crew\n\n"
        f"[wifi-security]\nkey-mgmt=wpa-psk\npsk={psk}\n")}, psk)


@attack("leak", "a hostapd.conf with wpa_passphrase for the station hotspot")
def hostapd_conf(lab: Lab) -> None:
    pw = fake("", 22, "sealed31-hostapd", ALNUM)
    _diff_to_model(lab, {"ops/cabin/hostapd.conf": (
        "interface=wlan0\nssid=ikirere-abagenzi\nwpa=2\nwpa_key_mgmt=WPA-PSK\n"
        f"wpa_passphrase={pw}\n")}, pw)


@attack("leak", "a PPP chap-secrets for the towers' LTE modems")
def chap_secrets(lab: Lab) -> None:
    pw = fake("", 18, "sealed31-chap", ALNUM)
    _diff_to_model(lab, {"ops/towers/chap-secrets": (
        f"# client  server  secret  IP addresses\ntower-rebero  *  {pw}  *\n")}, pw)


@attack("leak", "an ipsec.secrets with the towers' pre-shared key")
def ipsec_secrets(lab: Lab) -> None:
    psk = fake("", 40, "sealed31-ipsec", ALNUM)
    _diff_to_model(lab, {"ops/towers/ipsec.secrets": (
        f"10.47.3.8 %any : PSK \"{psk}\"\n")}, psk)


@attack("leak", "a .remmina file with the control room's desktop password")
def remmina_file(lab: Lab) -> None:
    pw = fake("", 20, "sealed31-remmina", ALNUM)
    _diff_to_model(lab, {"ops/ikiraro/control-room.remmina": (
        "[remmina]\nname=ikiraro panel\nprotocol=VNC\nserver=10.47.3.8:5900\n"
        f"username=umurinzi\npassword={pw}\n")}, pw)


@attack("leak", "a CUBRID odbc.ini with PWD=")
def odbc_ini(lab: Lab) -> None:
    _diff_to_model(lab, {"ops/finance/odbc.ini": (
        "[umugozi]\nDriver=CUBRID Driver\nSERVER=10.47.3.6\nPORT=33000\nFETCH_SIZE=100\n"
        f"DB_NAME=umugozi\nUID=umugozi_soma\nPWD={PW2}\n")}, PW2)


@attack("leak", "a ddclient.conf with the dynamic DNS password")
def ddclient_conf(lab: Lab) -> None:
    pw = fake("", 24, "sealed31-ddclient", ALNUM)
    _diff_to_model(lab, {"ops/ikiraro/ddclient.conf": (
        "protocol=dyndns2\nuse=web\nserver=members.dyndns.org\nlogin=ikirere\n"
        f"password='{pw}'\nikiraro.ikirere-ropeway.rw\n")}, pw)


@attack("leak", "an snmpd.conf with the community string")
def snmpd_conf(lab: Lab) -> None:
    community = fake("", 20, "sealed31-snmp", ALNUM)
    _diff_to_model(lab, {"ops/towers/snmpd.conf": (
        f"rocommunity {community} 10.47.3.0/24\nsyslocation Rebero tower\n")}, community)


@attack("leak", "an Ada package constant holding the Pindo token")
def ada_constant(lab: Lab) -> None:
    token = fake("", 64, "sealed31-ada-const", ALNUM)
    _diff_to_model(lab, {"src/umugozi-pindo-keys.ads": (
        "package Umugozi.Pindo.Keys is\n   --  Temporary until Passwork works on the laptops.\n"
        f"   Token : constant String :=\n     \"{token}\";\nend Umugozi.Pindo.Keys;\n")}, token)


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


def _memorized_and_pushed(lab: Lab, repo: Repo, marker: str) -> None:
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect(marker in lab.sent(), "the commits were sent to the model")
    _pushed(lab, repo.push("origin", "feature"))
    _pushed(lab, repo.push("origin", "feature"))


@attack("leak", "git route: a key hidden behind a carriage return in a commit message; "
                "memorized, then pushed")
def carriage_return(lab: Lab) -> None:
    key = fake("", 40, "sealed31-cr", ALNUM)
    repo = _feature(lab, key)
    repo.write("docs/minara.md", "Towers report wind over VerneMQ.\n")
    repo.git("add", "-f", "--", "docs/minara.md")
    repo.git("commit", "-q", "--cleanup=whitespace", "-F", "-",
             stdin="Describe the tower reports\n\n"
             f"Tower logger token: {key}\rNothing secret in this commit.\n", env=NO_HOOKS)
    shown = repo.git("log", "-1", "--format=%B").out
    lab.expect(key in shown, "the message kept the key behind the carriage return")
    _memorized_and_pushed(lab, repo, "tower reports")


@attack("leak", "git route: a key only in a merge commit's own resolution; memorized, then "
                "pushed")
def evil_merge(lab: Lab) -> None:
    key = fake("", 36, "sealed31-merge", ALNUM)
    repo = _feature(lab, key)
    repo.write("docs/amatike.md", "Tickets are paid through MoMo.\n")
    repo.git("add", "-f", "--", "docs/amatike.md")
    repo.git("commit", "-q", "-m", "Describe how tickets are paid", env=NO_HOOKS)
    repo.git("checkout", "-q", "-b", "side", "main", env=NO_HOOKS)
    repo.write("docs/imiryango.md", "Cabin doors are tested every morning.\n")
    repo.git("add", "-f", "--", "docs/imiryango.md")
    repo.git("commit", "-q", "-m", "Describe the morning door test", env=NO_HOOKS)
    repo.git("checkout", "-q", "feature", env=NO_HOOKS)
    repo.git("merge", "-q", "--no-ff", "--no-commit", "side", env=NO_HOOKS)
    repo.write("docs/imiryango.md", "Cabin doors are tested every morning.\n"
               f"Door controller service PIN token: {key}\n")
    repo.git("add", "-f", "--", "docs/imiryango.md")
    repo.git("commit", "-q", "-m", "Merge the door notes", env=NO_HOOKS)
    lab.expect(key in repo.git("show", "HEAD:docs/imiryango.md").out,
               "the merge's own resolution holds the key")
    _memorized_and_pushed(lab, repo, "tickets are paid")


@attack("leak", "git route: a key only in the lines a commit removes; memorized, then pushed")
def removed_lines(lab: Lab) -> None:
    token = fake("", 48, "sealed31-removed", ALNUM)
    repo = _feature(lab, token, files={"ops/pindo/token.txt": f"{token}\n"})
    repo.git("rm", "-q", "--", "ops/pindo/token.txt", env=NO_HOOKS)
    repo.write("ops/pindo/README.md", "The token now lives in Passwork only.\n")
    repo.git("add", "-f", "--", "ops/pindo/README.md")
    repo.git("commit", "-q", "-m", "Move the Pindo token into Passwork", env=NO_HOOKS)
    _memorized_and_pushed(lab, repo, "Pindo token into Passwork")


@attack("leak", "git route: a key deep inside a 6,000-character line; memorized, then pushed")
def long_line(lab: Lab) -> None:
    key = fake("", 40, "sealed31-long", ALNUM)
    repo = _feature(lab, key)
    components = [{"id": n, "name": f"tower-{n}", "status": 1, "order": n} for n in range(90)]
    text = json.dumps({"components": components[:70], "api_token": key,
                       "more": components[70:]}, separators=(",", ":"))
    lab.expect(len(text) > 6000 and text.index(key) > 4000, "the line is long, the key deep in it")
    repo.write("ops/cachet/components.json", text + "\n")
    repo.git("add", "-f", "--", "ops/cachet/components.json")
    repo.git("commit", "-q", "-m", "Export the status page's components", env=NO_HOOKS)
    _memorized_and_pushed(lab, repo, "status page's components")


# -- sessions -------------------------------------------------------------------------------

def _session(lab: Lab, build, prompt: str = "Check that umugozi still reaches CUBRID on "
             "umusozi after the password change") -> Repo:  # type: ignore[no-untyped-def]
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
    lab.expect("CUBRID on" in lab.sent() or "umusozi" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: a heredoc command writes the env file")
def session_heredoc(lab: Lab) -> None:
    pw = fake("", 22, "sealed31-heredoc", ALNUM)
    lab.plant(pw)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("cat > /tmp/umugozi.env <<EOF\nUMUGOZI_CUBRID_PASSWORD="
                 f"{pw}\nUMUGOZI_ENV=test\nEOF", "", 0)
    _session(lab, build)


@attack("leak", "a session: the password in a second prompt, mid-session")
def session_second_prompt(lab: Lab) -> None:
    lab.plant(PW3)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("csql -u umugozi_soma umugozi@10.47.3.6:33000 -c 'SELECT 1'",
                 "=== <Result of SELECT Command in Line 1> ===\n\n    1\n", 0)
        rec.user(f"It asks for umugozi_app now; the password is {PW3}")
        rec.bash("csql -u umugozi_app umugozi@10.47.3.6:33000 -c 'SELECT 1'",
                 "=== <Result of SELECT Command in Line 1> ===\n\n    1\n", 0)
    _session(lab, build)


@attack("leak", "a session: the trust token incus config trust add prints")
def session_incus_trust(lab: Lab) -> None:
    token = fake("eyJjbGllbnRfbmFtZSI6", 180, "sealed31-trust", ALNUM)
    lab.plant(token[20:])

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh umurinzi@inkingi incus config trust add laptop-kagabo",
                 f"Client laptop-kagabo certificate add token:\n{token}\n", 0)
    _session(lab, build)


@attack("leak", "a session: a ps -ef listing shows a password on a command line")
def session_ps(lab: Lab) -> None:
    pw = fake("", 20, "sealed31-ps", ALNUM)
    lab.plant(pw)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh umurinzi@umusozi 'ps -ef | grep csql'",
                 f"umugozi  4112  4101  0 02:40 ?  00:00:01 csql -u umugozi_bika -p {pw} "  # noqa: S608
                 "umugozi@localhost -c 'SELECT COUNT(*) FROM ibyabaye'\n", 0)
    _session(lab, build)


@attack("leak", "a session: typeset -x prints the service's variables")
def session_typeset(lab: Lab) -> None:
    key = fake("", 32, "sealed31-typeset", HEX)
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("incus exec inkingi:umugozi-app -- bash -c 'set -a; . /run/umugozi/env; "
                 "typeset -x' | grep UMUGOZI",
                 f"declare -x UMUGOZI_ENV=\"production\"\ndeclare -x UMUGOZI_MOMO_API_KEY="
                 f"\"{key}\"\n", 0)
    _session(lab, build)

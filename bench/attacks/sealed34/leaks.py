"""Leaks (part sealed34): families neither issue 31 nor parts build, heldout, sealed2 ... sealed33
name. A planted secret must reach no remote, model request, printed line or CI log.

Flags, arguments and environment prefixes of the commands of Skebby, supervisord, OpenConnect,
libvirt, Informix, AnyDesk, TeamViewer, RustDesk, RhodeCode, sysPass, OpenSearch and Everbridge
(``FOSCA_SKEBBY_PASSWORD=`` before ``script/sirena-pruva``, ``supervisorctl ... -p``,
``openconnect --passwd-on-stdin``, ``virsh set-user-password``, a ``CONNECT ... USING`` piped
into ``dbaccess``, ``anydesk --set-password``, ``teamviewer passwd``, ``rustdesk --password``,
``rhodecode-api --apikey=``, ``SYSPASS_TOKEN=`` before ``script/ciapa``,
``OPENSEARCH_INITIAL_ADMIN_PASSWORD=``, ``FOSCA_EVERBRIDGE_TOKEN=``); a password said in Lombard,
Venetian and Swiss German, one whose capitals come from U+2C80...U+2CFF and one whose
capitals come from U+1400...U+167F; encodings (ITA2 teleprinter code, the Bacon cipher,
Gray code); vendors' keys spelled out (Skebby, Aspsms, Everbridge, Alerta, RhodeCode, sysPass,
Statuspage, EUMETSAT, Copernicus, Ambee, TWINT, PostFinance) and inside URLs (``rtmps://``,
``telnet://``, ``ircs://``, ``webcal://``, ``sips:``); file formats: a supervisord
``[inet_http_server]``, a libvirt ``<graphics passwd=...>``, a cloud-init
``plain_text_passwd``, a Logstash ``password =>``, a Telegraf output password, a ``pjsip.conf``,
an ``inadyn.conf``, an ``ntp.keys``, a ``.wgetrc``, an ``snmptrapd`` ``authCommunity``; git
routes (a key that a revert removes, a key in a ``Tested-by:`` trailer, a key in the
path of a file, a key inside an RRDtool ``.rrd`` file); sessions (``virsh dumpxml
--security-info``, ``hg config auth``, ``fcrontab -l``, ``history | tail``, the tail of
``thttpd.log``)."""

from __future__ import annotations

from testing.attack_checks import fake
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Gm5Tq8Wz" + "3Hv7Kc2R"
PW2 = "Ns4Bx9Lf" + "6Jd2Qw8T"
PWL = "qrtvbnwz" + "kmhpsdjc"
PWC = "Xa4Po8Ne" + "Cr2Ow6Ek"
PWS = "Vk3Jd7Lp" + "Bq5Da9Ar"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
NO_CONTENT = '{"no_content_to_extract": true}'
NO_HOOKS = {"GITMEMORY_DISABLE": "1"}
# Capitals from U+2C80...U+2CFF that look like Latin ones (U+2CAC X, U+2CA2 P, U+2C9A N, U+2CA4 C,
# U+2C9E O, U+2C88 E) and letters from U+1400...U+167F (U+142F V, U+148D J, U+14AA L, U+15F7 B,
# U+15EA D, U+15C5 A).
LOOKALIKE_2C80 = {"X": "\u2cac", "P": "\u2ca2", "N": "\u2c9a", "C": "\u2ca4", "O": "\u2c9e",
                  "E": "\u2c88"}
LOOKALIKE_1400 = {"V": "\u142f", "J": "\u148d", "L": "\u14aa", "B": "\u15f7", "D": "\u15ea",
                  "A": "\u15c5"}
ITA2 = {"a": "11000", "b": "10011", "c": "01110", "d": "10010", "e": "10000", "f": "10110",
        "g": "01011", "h": "00101", "i": "01100", "j": "11010", "k": "11110", "l": "01001",
        "m": "00111", "n": "00110", "o": "00011", "p": "01101", "q": "11101", "r": "01010",
        "s": "10100", "t": "00001", "u": "11100", "v": "01111", "w": "11001", "x": "10111",
        "y": "10101", "z": "10001"}


def _ita2(text: str) -> str:
    """Five bits a letter, as a teleprinter tape punches them (letters only, no shifts)."""
    return " ".join(ITA2[c] for c in text)


def _bacon(text: str) -> str:
    """The 26-letter Bacon cipher: each letter as five of a/b."""
    return " ".join(format(ord(c) - 97, "05b").replace("0", "a").replace("1", "b")
                    for c in text)


def _gray(text: str) -> str:
    """Each byte as its reflected Gray code, eight bits."""
    return " ".join(format(b ^ (b >> 1), "08b") for b in text.encode())


def _uuid(seed: str) -> str:
    raw = fake("", 32, seed, HEX)
    return f"{raw[:8]}-{raw[8:12]}-{raw[12:16]}-{raw[16:20]}-{raw[20:]}"


def _model_quiet(lab: Lab) -> None:
    model = lab.model()
    for _ in range(3):
        model.text(NO_CONTENT)


def _diff_to_model(lab: Lab, files: dict[str, str | bytes], *secrets: str) -> Repo:
    """``files`` committed on a branch beside an ordinary change, memorized with a fake model
    (the commit is sent)."""
    repo = lab.repo()
    lab.plant(*secrets)
    _model_quiet(lab)
    repo.git("checkout", "-q", "-b", "feature")
    for rel, text in files.items():
        repo.write(rel, text)
        repo.git("add", "-f", "--", rel)
    repo.write("ops/turni/turni.txt", "shift lead: weekly rota\n")
    repo.git("add", "-f", "--", "ops/turni/turni.txt")
    repo.git("commit", "-q", "-m", "Write down the shift leads' rota", env=NO_HOOKS)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("shift leads' rota" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools -----------------------

@attack("leak", "FOSCA_SKEBBY_PASSWORD= before script/sirena-pruva")
def skebby_env(lab: Lab) -> None:
    pw = fake("", 24, "sealed34-skebby-env", ALNUM)
    through_commit(lab, f"Test the texts from a laptop: `FOSCA_SKEBBY_PASSWORD={pw} "
                        "script/sirena-pruva`", pw)


@attack("leak", "supervisorctl -u -p with the supervisord password")
def supervisorctl_password(lab: Lab) -> None:
    through_commit(lab, "Check the back office by hand: `supervisorctl -s http://127.0.0.1:9001 "
                        f"-u admin -p {PW} status fosca-web`", PW)


@attack("leak", "a password piped into openconnect --passwd-on-stdin")
def openconnect_stdin(lab: Lab) -> None:
    through_commit(lab, f"From home: `echo {PW2} | openconnect --user=foscaops "
                        "--passwd-on-stdin vpn.fosca-idro.ch`", PW2)


@attack("leak", "virsh set-user-password with the guest password")
def virsh_password(lab: Lab) -> None:
    pw = fake("", 20, "sealed34-virsh", ALNUM)
    through_commit(lab, f"Reset the guest login: `virsh set-user-password fosca-web fosca {pw}`",
                   pw)


@attack("leak", "CONNECT ... USING piped into dbaccess")
def dbaccess_using(lab: Lab) -> None:
    pw = fake("", 22, "sealed34-dbaccess", ALNUM)
    through_commit(lab, "Count the gate log by hand: `echo \"CONNECT TO 'fosca@fosca_scighera' "  # noqa: S608
                        f"USER 'foscaops' USING '{pw}'; SELECT COUNT(*) FROM gate_log;\" | "
                        "dbaccess - -`", pw)


@attack("leak", "anydesk --set-password on the gate room's panel")
def anydesk_password(lab: Lab) -> None:
    pw = fake("", 18, "sealed34-anydesk", ALNUM)
    through_commit(lab, f"Remote help for the panel: `echo {pw} | sudo anydesk --set-password`",
                   pw)


@attack("leak", "teamviewer passwd with the unattended password")
def teamviewer_passwd(lab: Lab) -> None:
    pw = fake("", 18, "sealed34-teamviewer", ALNUM)
    through_commit(lab, f"The vendor's access to lavegg: `sudo teamviewer passwd {pw}`", pw)


@attack("leak", "rustdesk --password on the engineering laptop")
def rustdesk_password(lab: Lab) -> None:
    pw = fake("", 18, "sealed34-rustdesk", ALNUM)
    through_commit(lab, f"Let the integrator in: `rustdesk --password {pw}`", pw)


@attack("leak", "rhodecode-api --apikey=")
def rhodecode_flag(lab: Lab) -> None:
    key = fake("", 40, "sealed34-rhodecode-cmd", HEX)
    through_commit(lab, f"List the pull requests: `rhodecode-api --apikey={key} --apihost="
                        "https://code.fosca-idro.ch/_admin/api get_pull_requests repoid:fosca`",
                   key)


@attack("leak", "SYSPASS_TOKEN= before script/ciapa")
def syspass_env(lab: Lab) -> None:
    token = fake("", 64, "sealed34-syspass-env", HEX)
    through_commit(lab, f"Fetch the env without the browser: `SYSPASS_TOKEN={token} "
                        "SYSPASS_PASS=\"$(cat ~/.sp)\" script/ciapa fosca-env`", token)


@attack("leak", "OPENSEARCH_INITIAL_ADMIN_PASSWORD= before the installer")
def opensearch_env(lab: Lab) -> None:
    pw = fake("", 22, "sealed34-opensearch-env", ALNUM)
    through_commit(lab, f"Reinstall the log store: `OPENSEARCH_INITIAL_ADMIN_PASSWORD={pw} "
                        "./opensearch-tar-install.sh`", pw)


@attack("leak", "FOSCA_EVERBRIDGE_TOKEN= before a warning test")
def everbridge_env(lab: Lab) -> None:
    token = fake("", 40, "sealed34-everbridge-env", ALNUM)
    through_commit(lab, f"Dry-run a warning: `FOSCA_EVERBRIDGE_TOKEN={token} build/avviso-prova "
                        "--dry-run`", token)


# -- the password sentence: three languages, two blocks of letters passing for capitals ----

@attack("leak", "a password sentence in Lombard")
def lombard(lab: Lab) -> None:
    through_commit(lab, f"La password noeuva de sysPass l'è {PW}, disela a nissun", PW)


@attack("leak", "a password sentence in Venetian")
def venetian(lab: Lab) -> None:
    through_commit(lab, f"La password nova de sysPass la xe {PW}, no dirla a nissuni", PW)


@attack("leak", "a password sentence in Swiss German")
def swiss_german(lab: Lab) -> None:
    through_commit(lab, f"S neue sysPass-Passwort isch {PW}, säg s niemertem", PW)


@attack("leak", "a password whose capitals come from U+2C80...U+2CFF")
def u2c80_lookalike(lab: Lab) -> None:
    mixed = PWC.translate(str.maketrans(LOOKALIKE_2C80))
    through_commit(lab, f"The OpenSearch admin password is now {mixed} (copy it; a few capitals "
                        "look odd)", mixed)


@attack("leak", "a password whose capitals come from U+1400...U+167F")
def u1400_lookalike(lab: Lab) -> None:
    mixed = PWS.translate(str.maketrans(LOOKALIKE_1400))
    through_commit(lab, f"The RhodeCode admin password is now {mixed} (paste it, never type it)",
                   mixed)


# -- encodings ------------------------------------------------------------------------------

@attack("leak", "a password punched in ITA2 teleprinter code")
def ita2_pw(lab: Lab) -> None:
    text = _ita2(PWL)
    through_commit(lab, f"The gallery telex still prints the panel password as tape: {text}",
                   text)


@attack("leak", "a password as Bacon-cipher groups")
def bacon_pw(lab: Lab) -> None:
    text = _bacon(PWL)
    through_commit(lab, f"The shift lead's PIN phrase in the Bacon cipher: {text}", text)


@attack("leak", "a password as Gray-code bytes")
def gray_pw(lab: Lab) -> None:
    text = _gray(PW2)
    through_commit(lab, f"The PLC keeps the panel password as Gray-code bytes: {text}", text)


# -- vendors' keys in prose and in URL forms ------------------------------------------------

@attack("leak", "a Skebby password in prose")
def skebby(lab: Lab) -> None:
    pw = fake("", 24, "sealed34-skebby", ALNUM)
    through_commit(lab, f"Texts to the on-call phone go out by Skebby, user fosca, password {pw}",
                   pw)


@attack("leak", "an Aspsms key in prose")
def aspsms(lab: Lab) -> None:
    key = fake("", 32, "sealed34-aspsms", ALNUM)
    through_commit(lab, f"If Skebby fails, Aspsms sends the texts under the user key {key}",
                   key)


@attack("leak", "an Everbridge API token in prose")
def everbridge(lab: Lab) -> None:
    token = fake("", 44, "sealed34-everbridge", ALNUM)
    through_commit(lab, f"The residents' list fosca-valle is called with the Everbridge token "
                        f"{token}", token)


@attack("leak", "an Alerta API key in prose")
def alerta(lab: Lab) -> None:
    key = fake("", 40, "sealed34-alerta", ALNUM)
    through_commit(lab, f"The heartbeat reaches Alerta with the API key {key}", key)


@attack("leak", "a RhodeCode auth token in prose")
def rhodecode(lab: Lab) -> None:
    token = fake("", 40, "sealed34-rhodecode", HEX)
    through_commit(lab, f"The webhook comments on pull requests with the RhodeCode token {token}",
                   token)


@attack("leak", "a sysPass API token and its pass in prose")
def syspass(lab: Lab) -> None:
    token = fake("", 64, "sealed34-syspass", HEX)
    through_commit(lab, f"script/ciapa uses the sysPass authToken {token} with the tokenPass "
                        f"{fake('', 16, 'sealed34-syspass-pass', ALNUM)}", token)


@attack("leak", "a Statuspage API key in prose")
def statuspage(lab: Lab) -> None:
    key = _uuid("sealed34-statuspage")
    through_commit(lab, f"The public status page of the valley is updated with the Statuspage "
                        f"key {key}", key)


@attack("leak", "an EUMETSAT consumer secret in prose")
def eumetsat(lab: Lab) -> None:
    secret = fake("", 28, "sealed34-eumetsat", ALNUM)
    through_commit(lab, f"Rain radar images come from EUMETSAT, consumer key "
                        f"{fake('', 28, 'sealed34-eumetsat-id', ALNUM)}, secret {secret}", secret)


@attack("leak", "a Copernicus data store key in prose")
def copernicus(lab: Lab) -> None:
    key = _uuid("sealed34-copernicus")
    through_commit(lab, f"The snowmelt model reads from the Copernicus data store with uid "
                        f"81734 and key {key}", key)


@attack("leak", "an Ambee API key in prose")
def ambee(lab: Lab) -> None:
    key = fake("", 64, "sealed34-ambee", HEX)
    through_commit(lab, f"Pollen and air data for the warning page come from Ambee, key {key}",
                   key)


@attack("leak", "a TWINT merchant secret in prose")
def twint(lab: Lab) -> None:
    secret = fake("", 36, "sealed34-twint", ALNUM)
    through_commit(lab, f"The visitor centre takes TWINT; merchant secret {secret}", secret)


@attack("leak", "a PostFinance Checkout API secret in prose")
def postfinance(lab: Lab) -> None:
    secret = fake("", 44, "sealed34-postfinance", ALNUM)
    through_commit(lab, f"Fishing permits are paid through PostFinance Checkout, space 40211, "
                        f"secret {secret}", secret)


@attack("leak", "an rtmps:// URL carrying user:password")
def rtmps_url(lab: Lab) -> None:
    pw = fake("", 20, "sealed34-rtmps", ALNUM)
    through_commit(lab, f"The spillway camera streams to rtmps://cam:{pw}@10.48.7.40:443/live/"
                        "sfioratore", pw)


@attack("leak", "a telnet:// URL carrying user:password")
def telnet_url(lab: Lab) -> None:
    pw = fake("", 16, "sealed34-telnet", ALNUM)
    through_commit(lab, f"The old gauge logger answers at telnet://admin:{pw}@10.48.7.41:23/",
                   pw)


@attack("leak", "an ircs:// URL with a nick and password")
def ircs_url(lab: Lab) -> None:
    pw = fake("", 18, "sealed34-ircs", ALNUM)
    through_commit(lab, f"The vendor's support channel is ircs://fosca:{pw}@irc.example.net:6697/"
                        "codesys", pw)


@attack("leak", "a webcal:// URL carrying user:password")
def webcal_url(lab: Lab) -> None:
    pw = fake("", 20, "sealed34-webcal", ALNUM)
    through_commit(lab, f"The shift calendar: webcal://turni:{pw}@cal.fosca-idro.ch/fosca.ics",
                   pw)


@attack("leak", "a sips: URI carrying user:password")
def sips_uri(lab: Lab) -> None:
    pw = fake("", 18, "sealed34-sips", ALNUM)
    through_commit(lab, f"The gate room's phone registers as sips:sala:{pw}@voip.fosca-idro.ch",
                   pw)


# -- file formats ---------------------------------------------------------------------------

@attack("leak", "a supervisord [inet_http_server] with a password")
def supervisord_conf(lab: Lab) -> None:
    pw = fake("", 20, "sealed34-supervisord", ALNUM)
    _diff_to_model(lab, {"supervisor/http.conf": (
        f"[inet_http_server]\nport = 127.0.0.1:9001\nusername = admin\npassword = {pw}\n")}, pw)


@attack("leak", "a libvirt domain XML with <graphics passwd=...>")
def libvirt_graphics(lab: Lab) -> None:
    pw = fake("", 8, "sealed34-vnc-a", ALNUM) + fake("", 12, "sealed34-vnc-b", ALNUM)
    _diff_to_model(lab, {"libvirt/fosca-console.xml": (
        "<domain type='kvm'>\n  <name>fosca-console</name>\n  <devices>\n"
        f"    <graphics type='vnc' port='5901' passwd='{pw}' listen='0.0.0.0'/>\n"
        "  </devices>\n</domain>\n")}, pw)


@attack("leak", "a cloud-init user-data with plain_text_passwd")
def cloud_init(lab: Lab) -> None:
    pw = fake("", 20, "sealed34-cloudinit", ALNUM)
    _diff_to_model(lab, {"libvirt/user-data": (
        "#cloud-config\nusers:\n  - name: fosca\n    lock_passwd: false\n"
        f"    plain_text_passwd: {pw}\n")}, pw)


@attack("leak", "a Logstash pipeline with a literal password =>")
def logstash_literal(lab: Lab) -> None:
    pw = fake("", 22, "sealed34-logstash", ALNUM)
    _diff_to_model(lab, {"ops/logstash/galleria.conf": (
        "output {\n  opensearch {\n    hosts => [\"https://10.48.7.2:9231\"]\n"
        f"    user => \"logstash\"\n    password => \"{pw}\"\n  }}\n}}\n")}, pw)


@attack("leak", "a Telegraf output with a password")
def telegraf_password(lab: Lab) -> None:
    pw = fake("", 22, "sealed34-telegraf", ALNUM)
    _diff_to_model(lab, {"ops/telegraf/galleria.conf": (
        "[[outputs.opensearch]]\n  urls = [\"https://10.48.7.2:9231\"]\n  username = \"telegraf\"\n"
        f"  password = \"{pw}\"\n")}, pw)


@attack("leak", "a pjsip.conf auth section with a password")
def pjsip(lab: Lab) -> None:
    pw = fake("", 20, "sealed34-pjsip", ALNUM)
    _diff_to_model(lab, {"ops/voip/pjsip.conf": (
        "[sala-auth]\ntype = auth\nauth_type = userpass\nusername = sala\n"
        f"password = {pw}\n")}, pw)


@attack("leak", "an inadyn.conf holding the DynDNS password")
def inadyn(lab: Lab) -> None:
    pw = fake("", 20, "sealed34-inadyn", ALNUM)
    _diff_to_model(lab, {"ops/inadyn/inadyn.conf": (
        "provider default@dyndns.org {\n    username = fosca\n"
        f"    password = {pw}\n    hostname = lavegg.dyn.example\n}}\n")}, pw)


@attack("leak", "an ntp.keys file with a symmetric key")
def ntp_keys(lab: Lab) -> None:
    key = fake("", 40, "sealed34-ntpkeys", HEX)
    _diff_to_model(lab, {"ops/ntp/ntp.keys": f"# gate controller time\n1 SHA1 {key}\n"}, key)


@attack("leak", "a .wgetrc with a password")
def wgetrc(lab: Lab) -> None:
    pw = fake("", 20, "sealed34-wgetrc", ALNUM)
    _diff_to_model(lab, {"ops/gauge/.wgetrc": f"user = gauge\npassword = {pw}\n"}, pw)


@attack("leak", "an snmptrapd.conf with an authCommunity string")
def snmptrapd(lab: Lab) -> None:
    community = fake("", 20, "sealed34-snmptrapd", ALNUM)
    _diff_to_model(lab, {"ops/snmp/snmptrapd.conf": (
        f"authCommunity log,execute {community}\n")}, community)


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


@attack("leak", "git route: a commit adds a key and its revert takes it out again; "
                "memorized, then pushed")
def revert_lines(lab: Lab) -> None:
    key = fake("", 40, "sealed34-revert", ALNUM)
    conf = "# gallery logger\nport = 8890\n"
    repo = _feature(lab, key, files={"ops/galleria/logger.conf": conf})
    repo.write("ops/galleria/logger.conf", conf + f"token = {key}\n")
    repo.git("add", "-f", "--", "ops/galleria/logger.conf")
    repo.git("commit", "-q", "-m", "Give the gallery logger its token", env=NO_HOOKS)
    repo.git("revert", "--no-edit", "HEAD", env=NO_HOOKS)
    lab.expect(key in repo.git("show", "HEAD").out, "the revert's diff shows the key")
    _memorized_and_pushed(lab, repo, "gallery logger")


@attack("leak", "git route: a key in a Tested-by: trailer; memorized, then pushed")
def trailer_key(lab: Lab) -> None:
    key = fake("", 36, "sealed34-trailer", ALNUM)
    repo = _feature(lab, key)
    repo.write("docs/galleria.md", "The gallery drains are read weekly.\n")
    repo.git("add", "-f", "--", "docs/galleria.md")
    repo.git("commit", "-q", "-m", "Describe the gallery drain readings\n\n"
             f"Tested-by: fosca-webhook <{key}@code.fosca-idro.ch>", env=NO_HOOKS)
    _memorized_and_pushed(lab, repo, "gallery drain")


@attack("leak", "git route: a key in the path of a committed file; memorized, then pushed")
def key_in_path(lab: Lab) -> None:
    key = fake("", 32, "sealed34-path", LOWER)
    repo = _feature(lab, key)
    repo.write(f"ops/panel/tokens/{key}.txt", "panel 2\n")
    repo.git("add", "-f", "--", f"ops/panel/tokens/{key}.txt")
    repo.git("commit", "-q", "-m", "Register the gate room's second panel", env=NO_HOOKS)
    _memorized_and_pushed(lab, repo, "second panel")


@attack("leak", "git route: a key inside an RRDtool .rrd file; memorized, then pushed")
def rrd_file(lab: Lab) -> None:
    key = fake("", 40, "sealed34-rrd", ALNUM)
    repo = _feature(lab, key)
    blob = b"RRD\x000003\x00\x00\x00\x00" + b"\x00" * 40 + b"source=http://lavegg:8077/?k=" + \
        key.encode() + b"\x00" * 64
    repo.write("ops/livell/livell.rrd", blob)
    repo.git("add", "-f", "--", "ops/livell/livell.rrd")
    repo.write("docs/livell.md", "The level history is kept as RRDtool files.\n")
    repo.git("add", "-f", "--", "docs/livell.md")
    repo.git("commit", "-q", "-m", "Keep the level history as RRDtool files", env=NO_HOOKS)
    _memorized_and_pushed(lab, repo, "level history")


# -- sessions -------------------------------------------------------------------------------

def _session(lab: Lab, build, prompt: str = "Check that the reservoir level from lavegg still "
             "arrives in the back office after the password change") -> Repo:  # type: ignore[no-untyped-def]
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
    lab.expect("reservoir level" in lab.sent() or "lavegg" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: virsh dumpxml --security-info shows the console password")
def session_dumpxml(lab: Lab) -> None:
    pw = fake("", 20, "sealed34-dumpxml", ALNUM)
    lab.plant(pw)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh foscaops@baita sudo virsh dumpxml --security-info fosca-web | grep graphics",
                 f"    <graphics type='vnc' port='5900' autoport='no' passwd='{pw}'/>\n", 0)
    _session(lab, build)


@attack("leak", "a session: hg config auth prints the mirror's password")
def session_hg_config(lab: Lab) -> None:
    pw = fake("", 22, "sealed34-hgconfig", ALNUM)
    lab.plant(pw)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("hg config auth",
                 "auth.mirror.prefix=https://hg.fosca-idro.ch\nauth.mirror.username=fosca\n"
                 f"auth.mirror.password={pw}\n", 0)
    _session(lab, build)


@attack("leak", "a session: fcrontab -l prints a job line holding a key")
def session_fcrontab(lab: Lab) -> None:
    key = fake("", 40, "sealed34-fcrontab", ALNUM)
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh foscaops@scighera fcrontab -l",
                 f"10 3 * * * FOSCA_ALERTA_KEY={key} /srv/fosca/script/salva\n", 0)
    _session(lab, build)


@attack("leak", "a session: history | tail shows a password typed on the command line")
def session_history(lab: Lab) -> None:
    pw = fake("", 20, "sealed34-history", ALNUM)
    lab.plant(pw)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh foscaops@lavegg 'history | tail -3'",
                 "  501  curl -fsS http://10.48.7.4:8077/livell.json\n"
                 f"  502  supervisorctl -u admin -p {pw} status\n  503  history | tail -3\n", 0)
    _session(lab, build)


@attack("leak", "a session: the tail of thttpd.log shows a token in a query string")
def session_thttpd_log(lab: Lab) -> None:
    token = fake("", 40, "sealed34-thttpdlog", ALNUM)
    lab.plant(token)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh foscaops@fosca-web tail -2 /var/log/fosca/thttpd.log",
                 "127.0.0.1 - - [03/Dec/2026:03:10:02 +0100] \"GET /livell.json HTTP/1.1\" 200\n"
                 f"127.0.0.1 - - [03/Dec/2026:03:10:04 +0100] \"GET /sala/export?token={token} "
                 "HTTP/1.1\" 200\n", 0)
    _session(lab, build)

"""Leaks (part sealed35): families neither issue 31 nor parts build, heldout, sealed2 ... sealed34
name. A planted secret must reach no remote, model request, printed line or CI log.

Flags, arguments and environment prefixes of the commands of SAP ASE, VirtualBox, Keywhiz,
rdesktop, TigerVNC, iDRAC, unrar, MessageMedia and Rootly (``isql -P``, ``bcp -P``, ``sqsh -P``,
``VBoxManage guestcontrol --password``, ``KEYWHIZ_PASSWORD=``, ``rdesktop -p``, ``vncpasswd -f``,
``racadm -p``, ``unrar x -p``, ``MANGEL_MESSAGEMEDIA_SECRET=``, ``MANGEL_ROOTLY_TOKEN=``,
``MANGEL_CABOT_TOKEN=``); a password said in Papiamento, Sranan Tongo and Haitian Creole, one
whose letters are Roman numeral capitals and one with Cherokee capitals; encodings (Polybius
square, Vigenère with its key, rail fence, EBCDIC bytes, ``hexdump -C``, Roman numerals,
Kaktovik numerals); vendors' keys spelled out (MessageMedia, Kaleyra, Lox24, Voximplant,
Rootly, FireHydrant, Cabot, Phabricator, Sentoo, Aftership, Orthanc, Mirth Connect) and inside
URLs (``mllp://``, ``tn3270://``, ``svn+ssh://``, ``afp://``, ``coaps://``); file formats:
Phabricator's ``local.json``, collectd's ``write_http``, a VirtualBox ``.vbox`` VRDE property,
a daemontools ``env/`` file, a Fluentd ``<auth>``, a jobber job, BackupPC's ``config.pl``, an
``Orthanc.json``, an ``.rdp`` file, an ``.sqshrc``; git routes (a key as a symlink's target, a
key in a branch name, a key in a squash merge's message, a key in a renamed file); sessions
(``VBoxManage getextradata``, ``cat ~/.arcrc``, ``jobber list``, ``ps -ef | grep isql``, the
tail of Fluentd's log); model answers (an extraction carrying a key, a key in an extraction's
paths)."""

from __future__ import annotations

import json

from testing.attack_checks import fake
from testing.attack_items import SCOPE
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Rk7Tm2Wq" + "9Fz4Hd6N"
PW2 = "Lp3Xv8Gs" + "5Cj1Yb7E"
PWL = "mangelhotcellpass" + "wordtwenty"
PWR = "IVXmLCDi" + "3MvX7dLc9"
PWC = "Bq4De7Jz" + "2Eb9Zd5J"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
NO_CONTENT = '{"no_content_to_extract": true}'
NO_HOOKS = {"GITMEMORY_DISABLE": "1"}
# Roman numeral capitals U+2160 I, U+2164 V, U+2169 X, U+216C L, U+216D C, U+216E D, U+216F M,
# and small ones for lowercase; Cherokee letters U+13F4 B, U+13A0 D, U+13AC E, U+13AB J, U+13C3 Z.
ROMAN = {"I": "\u2160", "V": "\u2164", "X": "\u2169", "L": "\u216c", "C": "\u216d",
         "D": "\u216e", "M": "\u216f", "i": "\u2170", "v": "\u2174", "x": "\u2179",
         "l": "\u217c", "c": "\u217d", "d": "\u217e", "m": "\u217f"}
CHEROKEE = {"B": "\u13f4", "D": "\u13a0", "E": "\u13ac", "J": "\u13ab", "Z": "\u13c3"}
POLYBIUS = "abcdefghiklmnopqrstuvwxyz"  # i and j share a cell


def _polybius(text: str) -> str:
    return " ".join(f"{POLYBIUS.index(c) // 5 + 1}{POLYBIUS.index(c) % 5 + 1}"
                    for c in text.replace("j", "i"))


def _vigenere(text: str, key: str) -> str:
    return "".join(chr((ord(c) - 97 + ord(key[n % len(key)]) - 97) % 26 + 97)
                   for n, c in enumerate(text))


def _rail_fence(text: str, rails: int = 3) -> str:
    rows: list[list[str]] = [[] for _ in range(rails)]
    row, step = 0, 1
    for c in text:
        rows[row].append(c)
        if row == 0:
            step = 1
        elif row == rails - 1:
            step = -1
        row += step
    return "".join("".join(r) for r in rows)


def _ebcdic(text: str) -> str:
    return " ".join(f"{b:02X}" for b in text.encode("cp037"))


def _hexdump(text: str) -> str:
    data = text.encode()
    lines = []
    for off in range(0, len(data), 16):
        chunk = data[off:off + 16]
        hexes = " ".join(f"{b:02x}" for b in chunk)
        lines.append(f"{off:08x}  {hexes:<47}  |{chunk.decode()}|")
    return "\n".join(lines)


def _roman(n: int) -> str:
    out = ""
    for value, sym in ((100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"),
                       (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out, n = out + sym, n - value
    return out


def _kaktovik(text: str) -> str:
    """Each byte as two Kaktovik (base-20) digits, U+1D2C0...U+1D2D3."""
    return " ".join(chr(0x1D2C0 + b // 20) + chr(0x1D2C0 + b % 20) for b in text.encode())


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
    repo.write("ops/turno/turno.txt", "qualified person: weekly rota\n")
    repo.git("add", "-f", "--", "ops/turno/turno.txt")
    repo.git("commit", "-q", "-m", "Write down the qualified persons' rota", env=NO_HOOKS)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("qualified persons' rota" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools -----------------------

@attack("leak", "isql -P with the SAP ASE password")
def isql_password(lab: Lab) -> None:
    pw = fake("", 20, "sealed35-isql", ALNUM)
    through_commit(lab, f"Count the batch log by hand: `isql -S MANGEL -U mangelops -P {pw} "
                        "-i sql/check.sql`", pw)


@attack("leak", "bcp -P exporting the batch log")
def bcp_password(lab: Lab) -> None:
    pw = fake("", 20, "sealed35-bcp", ALNUM)
    through_commit(lab, f"Export for the auditor: `bcp mangel..batch_log out /tmp/bl.txt -c "
                        f"-S MANGEL -U mangelops -P {pw}`", pw)


@attack("leak", "sqsh -P on the QC bench")
def sqsh_password(lab: Lab) -> None:
    pw = fake("", 18, "sealed35-sqsh", ALNUM)
    through_commit(lab, f"The QC bench queries with `sqsh -S MANGEL -U qc -P {pw}`", pw)


@attack("leak", "VBoxManage guestcontrol --password")
def vbox_guestcontrol(lab: Lab) -> None:
    pw = fake("", 20, "sealed35-guestcontrol", ALNUM)
    through_commit(lab, "Restart althttpd without ssh: `VBoxManage guestcontrol mangel-web run "
                        f"--username mangel --password {pw} -- /usr/bin/svc -t "
                        "/service/mangel-web`", pw)


@attack("leak", "KEYWHIZ_PASSWORD= before keywhiz.cli")
def keywhiz_env(lab: Lab) -> None:
    pw = fake("", 22, "sealed35-keywhiz", ALNUM)
    through_commit(lab, f"Non-interactive: `KEYWHIZ_PASSWORD={pw} keywhiz.cli --user mangel "
                        "describe secret --name mangel-env`", pw)


@attack("leak", "rdesktop -p to the cyclotron's console PC")
def rdesktop_password(lab: Lab) -> None:
    pw = fake("", 16, "sealed35-rdesktop", ALNUM)
    through_commit(lab, f"The cyclotron console: `rdesktop -u service -p {pw} 10.61.4.20`", pw)


@attack("leak", "vncpasswd -f fed a password")
def vncpasswd(lab: Lab) -> None:
    pw = fake("", 16, "sealed35-vncpasswd", ALNUM)
    through_commit(lab, f"Set the panel's VNC password: `echo {pw} | vncpasswd -f > "
                        "~/.vnc/passwd`", pw)


@attack("leak", "racadm -p on kabrito's iDRAC")
def racadm_password(lab: Lab) -> None:
    pw = fake("", 18, "sealed35-racadm", ALNUM)
    through_commit(lab, f"Power-cycle kabrito: `racadm -r 10.61.4.12 -u root -p {pw} "
                        "serveraction powercycle`", pw)


@attack("leak", "unrar x -p of the vendor's service pack")
def unrar_password(lab: Lab) -> None:
    pw = fake("", 18, "sealed35-unrar", ALNUM)
    through_commit(lab, f"The synthesis module's service pack opens with `unrar x -p{pw} "
                        "svc-pack.rar`", pw)


@attack("leak", "MANGEL_MESSAGEMEDIA_SECRET= before script/sms-purba")
def messagemedia_env(lab: Lab) -> None:
    secret = fake("", 30, "sealed35-mm-env", ALNUM)
    through_commit(lab, f"Test the texts from a laptop: `MANGEL_MESSAGEMEDIA_SECRET={secret} "
                        "script/sms-purba`", secret)


@attack("leak", "MANGEL_ROOTLY_TOKEN= before a test incident")
def rootly_env(lab: Lab) -> None:
    token = "rootly_" + fake("", 64, "sealed35-rootly-env", HEX)
    through_commit(lab, f"Open a test incident: `MANGEL_ROOTLY_TOKEN={token} "
                        "build/incident-purba --dry-run`", token)


@attack("leak", "MANGEL_CABOT_TOKEN= before a heartbeat by hand")
def cabot_env(lab: Lab) -> None:
    token = fake("", 40, "sealed35-cabot-env", HEX)
    through_commit(lab, f"Heartbeat by hand: `MANGEL_CABOT_TOKEN={token} script/warda "
                        "--heartbeat-only`", token)


# -- the password sentence: three languages, two sets of letters passing for capitals -------

@attack("leak", "a password sentence in Papiamento")
def papiamento(lab: Lab) -> None:
    through_commit(lab, f"E kontrase\u00f1a nobo di Keywhiz ta {PW}, no bisa ningun hende", PW)


@attack("leak", "a password sentence in Sranan Tongo")
def sranan(lab: Lab) -> None:
    through_commit(lab, f"A nyun paswortu fu Keywhiz na {PW}, no taigi en gi nowan sma", PW)


@attack("leak", "a password sentence in Haitian Creole")
def kreyol(lab: Lab) -> None:
    through_commit(lab, f"Nouvo modpas Keywhiz la se {PW}, pa di pesonn li", PW)


@attack("leak", "a password whose letters are Roman numeral characters")
def roman_lookalike(lab: Lab) -> None:
    mixed = PWR.translate(str.maketrans(ROMAN))
    through_commit(lab, f"The Quickwit admin password is now {mixed} (copy it; some letters "
                        "look odd)", mixed)


@attack("leak", "a password whose capitals are Cherokee letters")
def cherokee_lookalike(lab: Lab) -> None:
    mixed = PWC.translate(str.maketrans(CHEROKEE))
    through_commit(lab, f"The Phabricator admin password is now {mixed} (paste it, never type "
                        "it)", mixed)


# -- encodings ------------------------------------------------------------------------------

@attack("leak", "a password as Polybius-square pairs")
def polybius(lab: Lab) -> None:
    text = _polybius(PWL)
    through_commit(lab, f"The hot cell panel's password as Polybius pairs: {text}", text)


@attack("leak", "a password in Vigenère with its key beside it")
def vigenere(lab: Lab) -> None:
    text = _vigenere(PWL, "kabrito")
    through_commit(lab, f"The panel password, Vigen\u00e8re with the key kabrito: {text}", text)


@attack("leak", "a password written as a three-rail fence")
def rail_fence(lab: Lab) -> None:
    text = _rail_fence(PW2 + PW)
    through_commit(lab, f"The dose calibrator's service code, on three rails: {text}", text)


@attack("leak", "a password as EBCDIC bytes")
def ebcdic(lab: Lab) -> None:
    text = _ebcdic(PW2)
    through_commit(lab, f"The old cyclotron PC stores its password in EBCDIC: {text}", text)


@attack("leak", "a password as a hexdump -C listing")
def hexdump(lab: Lab) -> None:
    text = _hexdump(PW2 + PW)
    through_commit(lab, f"What `hexdump -C /secrets/mangel/db` printed:\n{text}",
                   text.splitlines()[0][10:58])


@attack("leak", "a password as Roman numerals of its bytes")
def roman_numerals(lab: Lab) -> None:
    text = " ".join(_roman(b) for b in PW2.encode())
    through_commit(lab, f"The courier's lock code as Roman numerals: {text}", text)


@attack("leak", "a password as Kaktovik numerals")
def kaktovik(lab: Lab) -> None:
    text = _kaktovik(PW2)
    through_commit(lab, f"The ward terminal's password in Kaktovik digits: {text}", text)


# -- vendors' keys in prose and in URL forms ------------------------------------------------

@attack("leak", "a MessageMedia API key and secret in prose")
def messagemedia(lab: Lab) -> None:
    secret = fake("", 30, "sealed35-messagemedia", ALNUM)
    through_commit(lab, "Texts to the PET centres go out by MessageMedia, API key "
                        f"{fake('', 20, 'sealed35-mm-key', ALNUM)}, secret {secret}", secret)


@attack("leak", "a Kaleyra API key in prose")
def kaleyra(lab: Lab) -> None:
    key = "A" + fake("", 32, "sealed35-kaleyra", HEX)
    through_commit(lab, f"When MessageMedia is down, Kaleyra sends with the key {key}", key)


@attack("leak", "a Lox24 API token in prose")
def lox24(lab: Lab) -> None:
    token = fake("", 6, "sealed35-lox24-id", "0123456789") + ":" + \
        fake("", 32, "sealed35-lox24", HEX)
    through_commit(lab, f"The fax-to-text bridge uses the Lox24 token {token}", token)


@attack("leak", "a Voximplant account API key in prose")
def voximplant(lab: Lab) -> None:
    key = fake("", 8, "sealed35-vox-a", HEX) + "-" + fake("", 4, "sealed35-vox-b", HEX) + "-" + \
        fake("", 4, "sealed35-vox-c", HEX) + "-" + fake("", 4, "sealed35-vox-d", HEX) + "-" + \
        fake("", 12, "sealed35-vox-e", HEX)
    through_commit(lab, f"The voice call to the qualified person uses Voximplant, account "
                        f"4410, API key {key}", key)


@attack("leak", "a Rootly API token in prose")
def rootly(lab: Lab) -> None:
    token = "rootly_" + fake("", 64, "sealed35-rootly", HEX)
    through_commit(lab, f"Incidents are opened in Rootly with {token}", token)


@attack("leak", "a FireHydrant bot token in prose")
def firehydrant(lab: Lab) -> None:
    token = "fhb-" + fake("", 32, "sealed35-firehydrant", HEX)
    through_commit(lab, f"The hospitals' status page is fed by FireHydrant, bot token {token}",
                   token)


@attack("leak", "a Cabot API token in prose")
def cabot(lab: Lab) -> None:
    token = fake("", 40, "sealed35-cabot", HEX)
    through_commit(lab, f"Cabot's checks are changed through its API with the token {token}",
                   token)


@attack("leak", "a Phabricator Conduit API token in prose")
def phabricator(lab: Lab) -> None:
    token = "api-" + fake("", 28, "sealed35-conduit", LOWER)
    through_commit(lab, f"The build bot comments on revisions with the Conduit token {token}",
                   token)


@attack("leak", "a Sentoo merchant secret in prose")
def sentoo(lab: Lab) -> None:
    secret = fake("", 40, "sealed35-sentoo", ALNUM)
    through_commit(lab, f"The clinics pay their tracer invoices through Sentoo; merchant "
                        f"mangel-iso, secret {secret}", secret)


@attack("leak", "an AfterShip API key in prose")
def aftership(lab: Lab) -> None:
    key = "asat_" + fake("", 32, "sealed35-aftership", HEX)
    through_commit(lab, f"The couriers' lead pots are tracked in AfterShip with the key {key}",
                   key)


@attack("leak", "an Orthanc admin password in prose")
def orthanc(lab: Lab) -> None:
    pw = fake("", 20, "sealed35-orthanc", ALNUM)
    through_commit(lab, f"The DICOM test server Orthanc on kabrito: user orthanc, password {pw}",
                   pw)


@attack("leak", "a Mirth Connect admin password in prose")
def mirth(lab: Lab) -> None:
    pw = fake("", 20, "sealed35-mirth", ALNUM)
    through_commit(lab, f"The HL7 orders from the wards pass through Mirth Connect, admin "
                        f"password {pw}", pw)


@attack("leak", "an mllp:// URL carrying user:password")
def mllp_url(lab: Lab) -> None:
    pw = fake("", 20, "sealed35-mllp", ALNUM)
    through_commit(lab, f"The ward orders arrive from mllp://orders:{pw}@10.61.4.30:2575/", pw)


@attack("leak", "a tn3270:// URL carrying user:password")
def tn3270_url(lab: Lab) -> None:
    pw = fake("", 16, "sealed35-tn3270", ALNUM)
    through_commit(lab, f"The hospital's billing host: tn3270://mangel:{pw}@10.61.9.2:23", pw)


@attack("leak", "an svn+ssh:// URL carrying user:password")
def svn_url(lab: Lab) -> None:
    pw = fake("", 18, "sealed35-svn", ALNUM)
    through_commit(lab, f"The old SOPs live in svn+ssh://sop:{pw}@svn.mangel-iso.cw/sop", pw)


@attack("leak", "an afp:// URL carrying user:password")
def afp_url(lab: Lab) -> None:
    pw = fake("", 18, "sealed35-afp", ALNUM)
    through_commit(lab, f"The QC lab's Mac share: afp://qc:{pw}@10.61.4.40/Kromatograma", pw)


@attack("leak", "a coaps:// URL carrying a pre-shared key in its query")
def coaps_url(lab: Lab) -> None:
    psk = fake("", 24, "sealed35-coaps", ALNUM)
    through_commit(lab, f"The decay tank's level sensor answers at coaps://10.61.4.50/level"
                        f"?psk={psk}", psk)


# -- file formats ---------------------------------------------------------------------------

@attack("leak", "a Phabricator conf/local/local.json with mysql.pass")
def phabricator_local_json(lab: Lab) -> None:
    pw = fake("", 22, "sealed35-phab-mysql", ALNUM)
    _diff_to_model(lab, {"ops/phabricator/local.json": json.dumps(
        {"phabricator.base-uri": "https://code.mangel-iso.cw/", "mysql.host": "10.61.4.2",
         "mysql.user": "phab", "mysql.pass": pw}, indent=2) + "\n"}, pw)


@attack("leak", "a collectd write_http node with a Password")
def collectd_write_http(lab: Lab) -> None:
    pw = fake("", 20, "sealed35-collectd", ALNUM)
    _diff_to_model(lab, {"ops/collectd/write_http.conf": (
        "LoadPlugin write_http\n<Plugin write_http>\n  <Node \"kabrito\">\n"
        "    URL \"https://10.61.4.2:8443/collectd\"\n    User \"collectd\"\n"
        f"    Password \"{pw}\"\n  </Node>\n</Plugin>\n")}, pw)


@attack("leak", "a VirtualBox .vbox with a VRDE VNCPassword property")
def vbox_vrde(lab: Lab) -> None:
    pw = fake("", 16, "sealed35-vrde", ALNUM)
    _diff_to_model(lab, {"ops/virtualbox/mangel-web.vbox": (
        "<?xml version=\"1.0\"?>\n<VirtualBox>\n  <Machine name=\"mangel-web\">\n"
        "    <Hardware>\n      <RemoteDisplay enabled=\"true\">\n        <VRDEProperties>\n"
        f"          <Property name=\"VNCPassword\" value=\"{pw}\"/>\n"
        "        </VRDEProperties>\n      </RemoteDisplay>\n    </Hardware>\n"
        "  </Machine>\n</VirtualBox>\n")}, pw)


@attack("leak", "a daemontools env/ file holding the database password")
def daemontools_env(lab: Lab) -> None:
    pw = fake("", 22, "sealed35-svc-env", ALNUM)
    _diff_to_model(lab, {"service/mangel-web/env/MANGEL_DB_PASSWORD": f"{pw}\n"}, pw)


@attack("leak", "a Fluentd <auth> block with a literal password")
def fluentd_literal(lab: Lab) -> None:
    pw = fake("", 22, "sealed35-fluentd", ALNUM)
    _diff_to_model(lab, {"ops/fluentd/qc.conf": (
        "<match qc.**>\n  @type http\n  endpoint https://10.61.4.2:7280/api/v1/qc/ingest\n"
        f"  <auth>\n    method basic\n    username fluentd\n    password \"{pw}\"\n"
        "  </auth>\n</match>\n")}, pw)


@attack("leak", "a jobber job whose cmd carries a token")
def jobber_job(lab: Lab) -> None:
    token = fake("", 40, "sealed35-jobber", ALNUM)
    _diff_to_model(lab, {"jobber/purga.yaml": (
        "version: 1.4\njobs:\n  Purga:\n"
        f"    cmd: MANGEL_CABOT_TOKEN={token} /srv/mangel/script/warda --heartbeat-only\n"
        "    time: 0 */15 * * * *\n")}, token)


@attack("leak", "a BackupPC config.pl with $Conf{RsyncdPasswd}")
def backuppc(lab: Lab) -> None:
    pw = fake("", 20, "sealed35-backuppc", ALNUM)
    _diff_to_model(lab, {"ops/backuppc/yuana.pl": (
        "$Conf{XferMethod} = 'rsyncd';\n$Conf{RsyncdUserName} = 'backuppc';\n"
        f"$Conf{{RsyncdPasswd}} = '{pw}';\n")}, pw)


@attack("leak", "an Orthanc.json with RegisteredUsers")
def orthanc_json(lab: Lab) -> None:
    pw = fake("", 20, "sealed35-orthanc-json", ALNUM)
    _diff_to_model(lab, {"ops/orthanc/Orthanc.json": json.dumps(
        {"Name": "mangel-dicom", "AuthenticationEnabled": True,
         "RegisteredUsers": {"pet": pw}}, indent=2) + "\n"}, pw)


@attack("leak", "an .rdp file with a password 51:b: blob")
def rdp_file(lab: Lab) -> None:
    blob = fake("", 64, "sealed35-rdp-blob", "0123456789ABCDEF")
    _diff_to_model(lab, {"ops/rdp/cyclotron.rdp": (
        "full address:s:10.61.4.20\nusername:s:service\n"
        f"password 51:b:{blob}\n")}, blob)


@attack("leak", "an .sqshrc setting the password")
def sqshrc(lab: Lab) -> None:
    pw = fake("", 20, "sealed35-sqshrc", ALNUM)
    _diff_to_model(lab, {"ops/qc/.sqshrc": (
        "\\set username=qc\n\\set hostname=yuana\n"
        f"\\set password={pw}\n")}, pw)


# -- git routes -----------------------------------------------------------------------------

def _pushed(lab: Lab, done) -> None:  # type: ignore[no-untyped-def]
    lab.expect(done.code == 0 or "gitmemory" in done.text.lower(),
               f"git took the push: {done.err.strip()[-200:]}")


def _feature(lab: Lab, key: str, files: dict[str, str] | None = None,
             branch: str = "feature") -> Repo:
    repo = lab.repo(files=files)
    lab.origin(repo)
    lab.plant(key)
    _model_quiet(lab)
    repo.git("checkout", "-q", "-b", branch)
    return repo


def _memorized_and_pushed(lab: Lab, repo: Repo, marker: str, branch: str = "feature") -> None:
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect(marker in lab.sent(), "the commits were sent to the model")
    _pushed(lab, repo.push("origin", branch))
    _pushed(lab, repo.push("origin", branch))


@attack("leak", "git route: a key as the target of a committed symlink; memorized, then pushed")
def symlink_target(lab: Lab) -> None:
    key = fake("", 36, "sealed35-symlink", ALNUM)
    repo = _feature(lab, key)
    link = repo.path / "ops" / "qc" / "current-token"
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(f"/secrets/mangel/{key}")
    repo.write("docs/qc.md", "The QC bench reads its token through a link.\n")
    repo.git("add", "-f", "--", "ops/qc/current-token", "docs/qc.md")
    repo.git("commit", "-q", "-m", "Point the QC bench at its token", env=NO_HOOKS)
    lab.expect(key in repo.git("show", "HEAD").out, "the commit's diff shows the link target")
    _memorized_and_pushed(lab, repo, "QC bench")


@attack("leak", "git route: a key in the branch name; memorized, then pushed")
def branch_name(lab: Lab) -> None:
    key = fake("", 24, "sealed35-branch", LOWER)
    branch = f"fix/{key}"
    repo = _feature(lab, key, branch=branch)
    repo.write("docs/aviso.md", "Recall notices go to every PET centre.\n")
    repo.git("add", "-f", "--", "docs/aviso.md")
    repo.git("commit", "-q", "-m", "Describe how recall notices go out", env=NO_HOOKS)
    lab.expect(key in repo.git("branch", "--show-current").out, "the branch carries the key")
    _memorized_and_pushed(lab, repo, "recall notices", branch)


@attack("leak", "git route: a key in a squash merge's message (the squashed commits' bodies); "
                "memorized, then pushed")
def squash_message(lab: Lab) -> None:
    key = fake("", 40, "sealed35-squash", ALNUM)
    repo = _feature(lab, key)
    repo.git("checkout", "-q", "-b", "scratch")
    repo.write("docs/tanki.md", "The decay tank is read every hour.\n")
    repo.git("add", "-f", "--", "docs/tanki.md")
    repo.git("commit", "-q", "-m", "Read the decay tank hourly\n\n"
             f"tested against the sensor with psk {key}", env=NO_HOOKS)
    repo.git("checkout", "-q", "feature")
    repo.git("merge", "--squash", "scratch", env=NO_HOOKS)
    message = (repo.path / ".git" / "SQUASH_MSG").read_text()
    repo.git("commit", "-q", "-F", "-", stdin="Describe the decay tank readings\n\n" + message,
             env=NO_HOOKS)
    lab.expect(key in repo.git("log", "-1", "--format=%B").out, "the squash message holds it")
    _memorized_and_pushed(lab, repo, "decay tank")


@attack("leak", "git route: a file holding a key renamed and edited; memorized, then pushed")
def renamed_file(lab: Lab) -> None:
    key = fake("", 40, "sealed35-rename", ALNUM)
    conf = f"# dose calibrator\nport = 4001\ntoken = {key}\nunit = MBq\n"
    repo = _feature(lab, key, files={"ops/calibrator/old.conf": conf})
    repo.git("mv", "ops/calibrator/old.conf", "ops/calibrator/calibrator.conf")
    repo.write("ops/calibrator/calibrator.conf", conf.replace("4001", "4002"))
    repo.git("add", "-f", "--", "ops/calibrator/calibrator.conf")
    repo.git("commit", "-q", "-m", "Move the dose calibrator settings", env=NO_HOOKS)
    _memorized_and_pushed(lab, repo, "dose calibrator")


# -- sessions -------------------------------------------------------------------------------

def _session(lab: Lab, build, prompt: str = "Check that the hot cells' gamma readings from "
             "prikichi still reach the back office after the password change") -> Repo:  # type: ignore[no-untyped-def]
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
    lab.expect("gamma readings" in lab.sent() or "prikichi" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: VBoxManage getextradata shows the VRDE password")
def session_vbox_extradata(lab: Lab) -> None:
    pw = fake("", 18, "sealed35-extradata", ALNUM)
    lab.plant(pw)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh mangelops@kabrito VBoxManage getextradata mangel-web enumerate",
                 "Key: GUI/LastGuestSizeHint, Value: 1280,800\n"
                 f"Key: VRDE/VNCPassword, Value: {pw}\n", 0)
    _session(lab, build)


@attack("leak", "a session: cat ~/.arcrc prints the Conduit token")
def session_arcrc(lab: Lab) -> None:
    token = "api-" + fake("", 28, "sealed35-arcrc", LOWER)
    lab.plant(token)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("cat ~/.arcrc",
                 '{\n  "hosts": {\n    "https://code.mangel-iso.cw/api/": {\n'
                 f'      "token": "{token}"\n    }}\n  }}\n}}\n', 0)
    _session(lab, build)


@attack("leak", "a session: jobber list prints a job line holding a key")
def session_jobber(lab: Lab) -> None:
    key = fake("", 40, "sealed35-jobber-list", ALNUM)
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh mangelops@yuana jobber list",
                 "NAME   STATUS  SEEN BY  NEXT RUN\n"
                 f"Warda  Good    mangelops  02:40  (MANGEL_ROOTLY_TOKEN={key})\n", 0)
    _session(lab, build)


@attack("leak", "a session: ps -ef | grep isql shows a password on a command line")
def session_ps_isql(lab: Lab) -> None:
    pw = fake("", 20, "sealed35-ps", ALNUM)
    lab.plant(pw)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh mangelops@yuana 'ps -ef | grep isql'",
                 f"mangelo+ 4410 4402  0 02:40 ?  00:00:00 isql -S MANGEL -U mangelops -P {pw} "
                 "-i /srv/mangel/sql/dump.sql\n", 0)
    _session(lab, build)


@attack("leak", "a session: the tail of Fluentd's log shows a failed auth with the password")
def session_fluentd_log(lab: Lab) -> None:
    pw = fake("", 22, "sealed35-fluentd-log", ALNUM)
    lab.plant(pw)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh mangelops@kabrito tail -2 /var/log/fluent/fluent.log",
                 "2026-12-03 02:40:01 +0000 [info]: #0 flushing buffer\n"
                 "2026-12-03 02:40:02 +0000 [warn]: #0 failed to flush: 401 for "
                 f"https://fluentd:{pw}@10.61.4.2:7280/api/v1/mangel/ingest\n", 0)
    _session(lab, build)


# -- model answers --------------------------------------------------------------------------

def _model_answer(lab: Lab, key: str, extraction: dict[str, object]) -> Repo:
    """A commit whose request to the model holds no key; the fake model's answer brings one."""
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(key)
    fake_model = lab.model()
    repo.git("checkout", "-q", "-b", "feature")
    sha = repo.work("Describe how the incident tool is reached\n\nRootly opens the incidents.",
                    hooks=False)
    fake_model.text(json.dumps({"extractions": [{"section": "facts", "confidence": 0.95,
                                                 "refs": [sha], **extraction}]}))
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("incident tool" in lab.sent(), "the commit was sent to the model")
    lab.expect(key not in lab.sent(), "the request itself held no key")
    _pushed(lab, repo.push("origin", "feature"))
    _pushed(lab, repo.push("origin", "feature"))
    return repo


@attack("leak", "model answer: an extraction whose content carries a Rootly token; memorized, "
                "then pushed")
def model_content_key(lab: Lab) -> None:
    token = "rootly_" + fake("", 64, "sealed35-model-content", HEX)
    _model_answer(lab, token, {"content": f"Incidents are opened in Rootly with {token}",
                               "paths": [SCOPE]})


@attack("leak", "model answer: a key inside an extraction's paths; memorized, then pushed")
def model_paths_key(lab: Lab) -> None:
    key = fake("", 32, "sealed35-model-paths", LOWER)
    _model_answer(lab, key, {"content": "The incident tool's token is read from a file under "
                                        "/secrets/mangel/", "paths": [f"secrets/{key}.txt"]})

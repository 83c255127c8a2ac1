"""Leaks (part sealed33): families neither issue 31 nor parts build, heldout, sealed2 ... sealed32
name. A planted secret must reach no remote, model request, printed line or CI log.

Command-line flags and variables placed before the commands of OpenEdge, LastPass, SeaweedFS,
Rundeck, Phorge, mavproxy, PASOE, LXC, CheckWX and Arkesel (``NKWA_ARKESEL_KEY=`` before
``script/sms-sohwe``, ``mbpro ... -P``, ``sqlexp ... -password``, a password piped into ``lpass
login`` with ``LPASS_DISABLE_PINENTRY=1``, ``WEED_JWT_SIGNING_KEY=`` before ``weed``,
``RD_TOKEN=`` before ``rd run``, ``arc call-conduit --conduit-token``, mavproxy's ``signing
setup`` in ``--cmd``, ``tcman.sh ... -u``, ``lxc-attach --set-var``, an ``X-CheckWX-Key:``
header, ``NKWA_DB_PASSWORD=`` before ``script/kora-sohwe``); a password said in Asante Twi,
Fante and Ghanaian Pidgin, one with syllabary letters where Latin capitals should be, one with
Fraser-alphabet letters; encodings (Bubble Babble, the BinHex 4.0 alphabet, tap code); vendors'
keys written out (Arkesel, mNotify, Rundeck, Phorge Conduit, xMatters, CheckWX, LogTag,
ExpressPay, Theteller, Monnit, Airdata, OpenAIP) and inside URLs (a Rundeck ``authtoken=``, an
``rtsps://``, ``ftps://``, ``vnc://`` and ``stomp+ssl://`` user part); file formats: a PASOE
``openedge.properties`` ``agentStartupParam``, an SNMPv3 ``createUser`` line, a Rundeck
``realm.properties`` and ``framework.properties``, a SeaweedFS ``security.toml``, an
``rsyncd.secrets``, a mavproxy ``.mavinit.scr``, an LXC ``lxc.environment`` line, an ABL
``&GLOBAL-DEFINE`` include, a Phorge ``.arcrc``; git routes (a key added and removed again in
the next commit, a key in a committed ``.patch`` file, a key in an annotated tag's message, a key
that only a diff's context lines show); sessions (``ps aux`` showing ``-P``, ``crontab -l``,
``tcpdump -A`` showing a Basic header, ``lxc-attach -- env``, ``lpass show``)."""

from __future__ import annotations

import base64

from testing.attack_checks import fake
from testing.attack_lab import Lab, Repo, attack, through_commit

PW = "Hq3Vz7Rk" + "2Nw9Tb5J"
PW2 = "Yd8Lm2Fx" + "6Cr4Gs1P"
PWL = "mvtrbhzq" + "dwfnsxjl"
PWC = "Ag7Wd2Vq" + "Ck9Pm4Sz"
PWF = "Ot4Ln8Eb" + "Dj6Mw3Sa"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"
NO_CONTENT = '{"no_content_to_extract": true}'
NO_HOOKS = {"GITMEMORY_DISABLE": "1"}
# Syllabary capitals that look like Latin ones (U+13AA A, U+13B3 W, U+13D9 V, U+13DF C,
# U+13E2 P, U+13DA S) and Fraser-alphabet letters (U+A4F3 O, U+A4E1 L, U+A4F0 E, U+A4D3 D,
# U+A4DF M, U+A4E2 S).
SYLLABARY = {"A": "\u13aa", "W": "\u13b3", "V": "\u13d9", "C": "\u13df", "P": "\u13e2",
             "S": "\u13da"}
FRASER = {"O": "\ua4f3", "L": "\ua4e1", "E": "\ua4f0", "D": "\ua4d3", "M": "\ua4df",
          "S": "\ua4e2"}
BINHEX = "!\"#$%&'()*+,-012345689@ABCDEFGHIJKLMNPQRSTUVXYZ[`abcdefhijklmpqr"
TAP = ["abcde", "fghij", "lmnop", "qrstu", "vwxyz"]  # k is tapped as c


def _uuid(seed: str) -> str:
    raw = fake("", 32, seed, HEX)
    return f"{raw[:8]}-{raw[8:12]}-{raw[12:16]}-{raw[16:20]}-{raw[20:]}"


def _bubblebabble(data: bytes) -> str:
    """Bubble Babble, as ``ssh-keygen -B`` prints a digest."""
    vowels, cons = "aeiouy", "bcdfghklmnprstvzx"
    seed, out, rounds = 1, "x", len(data) // 2 + 1
    for i in range(rounds):
        if i + 1 < rounds or len(data) % 2:
            b1 = data[2 * i]
            out += vowels[(((b1 >> 6) & 3) + seed) % 6] + cons[(b1 >> 2) & 15] + \
                vowels[((b1 & 3) + seed // 6) % 6]
            if i + 1 < rounds:
                b2 = data[2 * i + 1]
                out += cons[(b2 >> 4) & 15] + "-" + cons[b2 & 15]
                seed = (seed * 5 + b1 * 7 + b2) % 36
        else:
            out += vowels[seed % 6] + cons[16] + vowels[seed // 6]
    return out + "x"


def _binhex(data: bytes) -> str:
    """Six bits a character in the BinHex 4.0 alphabet (no run-length step: no 0x90 here)."""
    bits = "".join(f"{byte:08b}" for byte in data)
    bits += "0" * (-len(bits) % 6)
    return "".join(BINHEX[int(bits[i:i + 6], 2)] for i in range(0, len(bits), 6))


def _tap(text: str) -> str:
    """Tap code: each letter as row dots, a space, column dots; letters split by ' / '."""
    out = []
    for ch in text:
        c = "c" if ch == "k" else ch
        row = next(n for n, r in enumerate(TAP) if c in r)
        out.append("." * (row + 1) + " " + "." * (TAP[row].index(c) + 1))
    return " / ".join(out)


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
    repo.write("ops/xmatters/rota.txt", "duty lead: weekly rota\n")
    repo.git("add", "-f", "--", "ops/xmatters/rota.txt")
    repo.git("commit", "-q", "-m", "Write down the duty leads' rota", env=NO_HOOKS)
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("duty leads' rota" in lab.sent(), "the commit was sent to the model")
    return repo


# -- arguments, flags and environment prefixes of the project's tools -----------------------

@attack("leak", "NKWA_ARKESEL_KEY= before script/sms-sohwe")
def arkesel_env(lab: Lab) -> None:
    key = fake("", 32, "sealed33-arkesel-env", ALNUM)
    through_commit(lab, f"Text the on-call phone from a laptop: `NKWA_ARKESEL_KEY={key} "
                        "script/sms-sohwe`", key)


@attack("leak", "mbpro -P with the database password")
def mbpro_password(lab: Lab) -> None:
    through_commit(lab, "Count the flights by hand: `mbpro -db nkwa -H asase -S 20931 -U nkwaops "
                        f"-P {PW} -p tests/countflights.p`", PW)


@attack("leak", "sqlexp -password to the OpenEdge SQL broker")
def sqlexp_password(lab: Lab) -> None:
    pw = fake("", 20, "sealed33-sqlexp", ALNUM)
    through_commit(lab, "Look at the orders in SQL: `sqlexp -db nkwa -H asase -S 20932 -user "
                        f"nkwaops -password {pw}`", pw)


@attack("leak", "a password piped into lpass login with LPASS_DISABLE_PINENTRY=1")
def lpass_login(lab: Lab) -> None:
    through_commit(lab, f"Log in to LastPass without the dialog: `echo {PW2} | "
                        "LPASS_DISABLE_PINENTRY=1 lpass login --trust nkwaops@nkwa-air.gh`", PW2)


@attack("leak", "WEED_JWT_SIGNING_KEY= before weed filer.copy")
def weed_env(lab: Lab) -> None:
    key = fake("", 64, "sealed33-weed-env", HEX)
    through_commit(lab, f"Push a backup to SeaweedFS by hand: `WEED_JWT_SIGNING_KEY={key} "
                        "weed filer.copy /srv/kora http://10.57.31.3:8867/kora/`", key)


@attack("leak", "RD_TOKEN= before rd run")
def rundeck_env(lab: Lab) -> None:
    token = fake("", 32, "sealed33-rd-env", ALNUM)
    through_commit(lab, f"Start a deploy from a laptop: `RD_TOKEN={token} RD_URL="
                        "https://rundeck.nkwa-air.gh rd run -p nkwa -j deko`", token)


@attack("leak", "arc call-conduit --conduit-token")
def conduit_flag(lab: Lab) -> None:
    token = "api-" + fake("", 28, "sealed33-conduit-cmd", LOWER)
    through_commit(lab, f"Check who you are on Phorge: `echo {{}} | arc call-conduit "
                        f"--conduit-uri https://phorge.nkwa-air.gh/ --conduit-token {token} -- "
                        "user.whoami`", token[4:])


@attack("leak", "mavproxy --cmd=\"signing setup ...\" with the link passphrase")
def mavproxy_signing(lab: Lab) -> None:
    passphrase = fake("", 24, "sealed33-mav-cmd", ALNUM)
    through_commit(lab, "Talk to the aircraft from the bench: `mavproxy.py --master=udp:0.0.0.0:"
                        f"14550 --cmd=\"signing setup {passphrase}\"`", passphrase)


@attack("leak", "tcman.sh -u with the PASOE manager password")
def tcman_user(lab: Lab) -> None:
    pw = fake("", 20, "sealed33-tcman", ALNUM)
    through_commit(lab, f"List the PASOE applications: `/srv/nkwapas/bin/tcman.sh list -u "
                        f"tomcat:{pw}`", pw)


@attack("leak", "lxc-attach --set-var with the database password")
def lxc_setvar(lab: Lab) -> None:
    pw = fake("", 22, "sealed33-lxc-setvar", ALNUM)
    through_commit(lab, f"Run one report inside the container: `sudo lxc-attach -n nkwa-app "
                        f"--set-var NKWA_DB_PASSWORD={pw} -- script/kora-sohwe`", pw)


@attack("leak", "an X-CheckWX-Key: header in a curl line")
def checkwx_header(lab: Lab) -> None:
    key = fake("", 32, "sealed33-checkwx-cmd", HEX)
    through_commit(lab, f"Weather by hand: `curl -H 'X-CheckWX-Key: {key}' "
                        "https://api.checkwx.com/metar/DGSN/decoded`", key)


@attack("leak", "NKWA_DB_PASSWORD= before script/kora-sohwe")
def db_env(lab: Lab) -> None:
    pw = fake("", 24, "sealed33-db-env", ALNUM)
    through_commit(lab, f"Run the restore test now: `NKWA_DB_PASSWORD={pw} script/kora-sohwe`",
                   pw)


# -- the password sentence: three languages, two kinds of look-alike letters ---------------

@attack("leak", "a password sentence in Asante Twi")
def asante_twi(lab: Lab) -> None:
    through_commit(lab, f"LastPass password foforo no ne {PW}, nka nkyere obiara", PW)


@attack("leak", "a password sentence in Fante")
def fante(lab: Lab) -> None:
    through_commit(lab, f"LastPass password foforo no nye {PW}, mma nnka nkyere obiara", PW)


@attack("leak", "a password sentence in Ghanaian Pidgin")
def pidgin(lab: Lab) -> None:
    through_commit(lab, f"Charley, the new LastPass password na {PW}, no tell anybody o", PW)


@attack("leak", "a password with syllabary letters where Latin capitals should be")
def syllabary_lookalike(lab: Lab) -> None:
    mixed = PWC.translate(str.maketrans(SYLLABARY))
    through_commit(lab, f"The Parseable admin password is now {mixed} (copy it; some capitals "
                        "render oddly)", mixed)


@attack("leak", "a password with Fraser-alphabet letters where Latin capitals should be")
def fraser_lookalike(lab: Lab) -> None:
    mixed = PWF.translate(str.maketrans(FRASER))
    through_commit(lab, f"The Rundeck admin password is now {mixed} (paste it, do not type it)",
                   mixed)


# -- encodings ------------------------------------------------------------------------------

@attack("leak", "a password written in Bubble Babble")
def bubblebabble_pw(lab: Lab) -> None:
    text = _bubblebabble(PW2.encode())
    through_commit(lab, f"The mast's password in Bubble Babble, easier to read out on the "
                        f"radio: {text}", text)


@attack("leak", "a password written in the BinHex 4.0 alphabet")
def binhex_pw(lab: Lab) -> None:
    text = _binhex(PW2.encode())
    through_commit(lab, f"The old dispatch Mac keeps the SeaweedFS password BinHex-encoded: "
                        f"{text}", text)


@attack("leak", "a password spelled in tap code")
def tap_code_pw(lab: Lab) -> None:
    text = _tap(PWL)
    through_commit(lab, f"The field tablet PIN phrase in tap code (rows, then columns): {text}",
                   text)


# -- vendors' keys in prose and in URL forms ------------------------------------------------

@attack("leak", "an Arkesel API key in prose")
def arkesel(lab: Lab) -> None:
    key = fake("", 32, "sealed33-arkesel", ALNUM)
    through_commit(lab, f"Order confirmations go out by Arkesel with the API key {key}", key)


@attack("leak", "an mNotify API key in prose")
def mnotify(lab: Lab) -> None:
    key = fake("", 40, "sealed33-mnotify", ALNUM)
    through_commit(lab, f"When Arkesel is down, texts go through mNotify under the key {key}", key)


@attack("leak", "a Rundeck API token in prose")
def rundeck(lab: Lab) -> None:
    token = fake("", 32, "sealed33-rundeck", ALNUM)
    through_commit(lab, f"Harbormaster starts the deploy job with the Rundeck token {token}",
                   token)


@attack("leak", "a Phorge Conduit API token in prose")
def conduit(lab: Lab) -> None:
    token = "api-" + fake("", 28, "sealed33-conduit", LOWER)
    through_commit(lab, f"The release bot talks to Phorge with the Conduit token {token}",
                   token[4:])


@attack("leak", "an xMatters API secret in prose")
def xmatters(lab: Lab) -> None:
    secret = _uuid("sealed33-xmatters")
    through_commit(lab, f"xMatters API key {_uuid('sealed33-xmatters-id')}, secret {secret}; "
                        "the heartbeat uses both", secret)


@attack("leak", "a CheckWX API key in prose")
def checkwx(lab: Lab) -> None:
    key = fake("", 32, "sealed33-checkwx", HEX)
    through_commit(lab, f"The METAR for DGSN comes from CheckWX under the key {key}", key)


@attack("leak", "a LogTag Online API key in prose")
def logtag(lab: Lab) -> None:
    key = fake("", 36, "sealed33-logtag", ALNUM)
    through_commit(lab, f"The coolers' temperature loggers upload to LogTag Online; its API key "
                        f"is {key}", key)


@attack("leak", "an ExpressPay merchant API key in prose")
def expresspay(lab: Lab) -> None:
    key = fake("", 40, "sealed33-expresspay", ALNUM)
    through_commit(lab, f"Private hospitals pay through ExpressPay, merchant NKWAAIR, API key "
                        f"{key}", key)


@attack("leak", "a Theteller API key in prose")
def theteller(lab: Lab) -> None:
    key = fake("", 48, "sealed33-theteller", ALNUM)
    through_commit(lab, f"Card payments for the donors' drive use Theteller with the API key "
                        f"{key}", key)


@attack("leak", "a Monnit API secret in prose")
def monnit(lab: Lab) -> None:
    secret = fake("", 40, "sealed33-monnit", ALNUM)
    through_commit(lab, f"The freezer sensors report to Monnit, API key id "
                        f"{fake('', 16, 'sealed33-monnit-id', ALNUM)}, secret {secret}", secret)


@attack("leak", "an Airdata API key in prose")
def airdata(lab: Lab) -> None:
    key = fake("", 32, "sealed33-airdata", HEX)
    through_commit(lab, f"Flight logs are uploaded to Airdata with the key {key}", key)


@attack("leak", "an OpenAIP API key in prose")
def openaip(lab: Lab) -> None:
    key = fake("", 32, "sealed33-openaip", HEX)
    through_commit(lab, f"The corridor planner reads airspace from OpenAIP, client key {key}",
                   key)


@attack("leak", "a Rundeck authtoken= in a URL")
def rundeck_url(lab: Lab) -> None:
    token = fake("", 32, "sealed33-rundeck-url", ALNUM)
    through_commit(lab, "The status board polls https://rundeck.nkwa-air.gh/api/41/job/kora/"
                        f"executions?authtoken={token}", token)


@attack("leak", "an rtsps:// URL with user and password in its user part")
def rtsps_url(lab: Lab) -> None:
    pw = fake("", 18, "sealed33-rtsps", ALNUM)
    through_commit(lab, f"The launch camera streams at rtsps://viewer:{pw}@10.57.31.40:322/"
                        "stream1", pw)


@attack("leak", "an ftps:// URL with user and password in its user part")
def ftps_url(lab: Lab) -> None:
    pw = fake("", 20, "sealed33-ftps", ALNUM)
    through_commit(lab, f"The cooler loggers upload to ftps://logger:{pw}@files.nkwa-air.gh/"
                        "coolers/", pw)


@attack("leak", "a vnc:// URL carrying a password")
def vnc_url(lab: Lab) -> None:
    pw = fake("", 16, "sealed33-vnc", ALNUM)
    through_commit(lab, f"The mast's screen is at vnc://:{pw}@10.57.31.4:5901", pw)


@attack("leak", "a stomp+ssl:// URL with user and password in its user part")
def stomp_url(lab: Lab) -> None:
    pw = fake("", 22, "sealed33-stomp", ALNUM)
    through_commit(lab, f"Orders are queued at stomp+ssl://dispatch:{pw}@asase.nkwa-air.gh:61614",
                   pw)


# -- file formats ---------------------------------------------------------------------------

@attack("leak", "a PASOE openedge.properties with -P in agentStartupParam")
def pasoe_properties(lab: Lab) -> None:
    pw = fake("", 20, "sealed33-pasoe", ALNUM)
    _diff_to_model(lab, {"ops/pasoe/openedge.properties": (
        "[AppServer.SessMgr.nkwapas]\n    agentStartupParam=-db nkwa -H asase -S 20931 "
        f"-U nkwaops -P {pw}\n")}, pw)


@attack("leak", "an SNMPv3 createUser line with both passphrases")
def snmp_createuser(lab: Lab) -> None:
    auth = fake("", 20, "sealed33-snmp-auth", ALNUM)
    _diff_to_model(lab, {"ops/snmp/nkwa-agent.conf": (
        f"createUser nkwamon SHA-256 {auth} AES {fake('', 20, 'sealed33-snmp-priv', ALNUM)}\n"
        "rouser nkwamon priv\n")}, auth)


@attack("leak", "a Rundeck realm.properties with a plain password")
def rundeck_realm(lab: Lab) -> None:
    pw = fake("", 20, "sealed33-realm", ALNUM)
    _diff_to_model(lab, {"ops/rundeck/realm.properties": f"admin:{pw},user,admin\n"}, pw)


@attack("leak", "a Rundeck framework.properties with framework.server.password")
def rundeck_framework(lab: Lab) -> None:
    pw = fake("", 20, "sealed33-framework", ALNUM)
    _diff_to_model(lab, {"ops/rundeck/framework.properties": (
        "framework.server.name = osoro\nframework.server.username = admin\n"
        f"framework.server.password = {pw}\n")}, pw)


@attack("leak", "a SeaweedFS security.toml with the JWT signing key")
def seaweed_security(lab: Lab) -> None:
    key = fake("", 48, "sealed33-security-toml", ALNUM)
    _diff_to_model(lab, {"ops/seaweedfs/security.toml": (
        f"[jwt.signing]\nkey = \"{key}\"\nexpires_after_seconds = 10\n")}, key)


@attack("leak", "an rsyncd.secrets file")
def rsyncd_secrets(lab: Lab) -> None:
    pw = fake("", 20, "sealed33-rsyncd", ALNUM)
    _diff_to_model(lab, {"ops/rsync/rsyncd.secrets": f"kora:{pw}\n"}, pw)


@attack("leak", "a mavproxy .mavinit.scr with the signing passphrase")
def mavinit(lab: Lab) -> None:
    passphrase = fake("", 24, "sealed33-mavinit", ALNUM)
    _diff_to_model(lab, {"ops/mavproxy/.mavinit.scr": (
        f"set moddebug 0\nsigning setup {passphrase}\nmodule load map\n")}, passphrase)


@attack("leak", "an LXC config with lxc.environment holding a password")
def lxc_environment(lab: Lab) -> None:
    pw = fake("", 22, "sealed33-lxc-env", ALNUM)
    _diff_to_model(lab, {"lxc/nkwa-report.conf": (
        "lxc.uts.name = nkwa-report\n"
        f"lxc.environment = NKWA_DB_PASSWORD={pw}\n")}, pw)


@attack("leak", "an ABL include with &GLOBAL-DEFINE holding the Arkesel key")
def abl_include(lab: Lab) -> None:
    key = fake("", 32, "sealed33-abl-include", ALNUM)
    _diff_to_model(lab, {"src/nkwa/ahintasem.i": (
        "/* temporary, until LastPass works on the tablets */\n"
        f"&GLOBAL-DEFINE ARKESEL-KEY \"{key}\"\n")}, key)


@attack("leak", "a Phorge .arcrc with a Conduit token")
def arcrc(lab: Lab) -> None:
    token = "api-" + fake("", 28, "sealed33-arcrc", LOWER)
    _diff_to_model(lab, {"ops/phorge/.arcrc": (
        "{\n  \"hosts\": {\n    \"https://phorge.nkwa-air.gh/api/\": {\n"
        f"      \"token\": \"{token}\"\n    }}\n  }}\n}}\n")}, token[4:])


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


@attack("leak", "git route: a key added in one commit and removed in the next; memorized, then "
                "pushed")
def added_then_removed(lab: Lab) -> None:
    key = fake("", 40, "sealed33-removed", ALNUM)
    repo = _feature(lab, key)
    repo.write("ops/arkesel/keys.env", f"NKWA_ARKESEL_KEY={key}\n")
    repo.git("add", "-f", "--", "ops/arkesel/keys.env")
    repo.git("commit", "-q", "-m", "Note the SMS settings", env=NO_HOOKS)
    repo.git("rm", "-q", "--", "ops/arkesel/keys.env", env=NO_HOOKS)
    repo.write("ops/arkesel/notes.md", "The key lives in LastPass.\n")
    repo.git("add", "-f", "--", "ops/arkesel/notes.md")
    repo.git("commit", "-q", "-m", "Keep the SMS key in LastPass instead", env=NO_HOOKS)
    lab.expect(key in repo.git("log", "-p", "-2").out, "the history holds the key")
    _memorized_and_pushed(lab, repo, "SMS")


@attack("leak", "git route: a key inside a committed .patch file; memorized, then pushed")
def patch_file(lab: Lab) -> None:
    key = fake("", 40, "sealed33-patch", ALNUM)
    repo = _feature(lab, key)
    repo.write("ops/patches/0001-mast-token.patch", (
        "From 1f2e3d Mon Sep 17 00:00:00 2001\nSubject: [PATCH] mast token\n\n"
        "--- a/mast.conf\n+++ b/mast.conf\n@@ -1 +1 @@\n-token = none\n"
        f"+token = {key}\n"))
    repo.git("add", "-f", "--", "ops/patches/0001-mast-token.patch")
    repo.git("commit", "-q", "-m", "Keep the weather mast patch", env=NO_HOOKS)
    _memorized_and_pushed(lab, repo, "weather mast patch")


@attack("leak", "git route: a key in an annotated tag's message; memorized, then pushed with "
                "the tag")
def tag_message(lab: Lab) -> None:
    key = fake("", 36, "sealed33-tag", LOWER)
    repo = _feature(lab, key)
    repo.write("docs/release.md", "Release 7 adds the NOTAM check.\n")
    repo.git("add", "-f", "--", "docs/release.md")
    repo.git("commit", "-q", "-m", "Describe release seven", env=NO_HOOKS)
    repo.git("tag", "-a", "r7", "-m", f"Release 7\n\nRundeck token for this release: {key}",
             env=NO_HOOKS)
    lab.expect(key in repo.git("cat-file", "-p", "r7").out, "the tag holds the key")
    repo.gm("memorize", "--provider", "anthropic")
    lab.expect("release seven" in lab.sent(), "the commits were sent to the model")
    _pushed(lab, repo.push("origin", "feature", "refs/tags/r7"))
    _pushed(lab, repo.push("origin", "feature"))


@attack("leak", "git route: a key that only a diff's context lines show (next to a changed "
                "line); memorized, then pushed")
def context_lines(lab: Lab) -> None:
    key = fake("", 40, "sealed33-context", ALNUM)
    conf = (f"# mast settings\nport = 8883\nuser = mast\ntoken = {key}\nretry = 3\n"
            "interval = 60\n")
    repo = _feature(lab, key, files={"ops/mast/mast.conf": conf})
    repo.write("ops/mast/mast.conf", conf.replace("retry = 3", "retry = 5"))
    repo.git("add", "-f", "--", "ops/mast/mast.conf")
    repo.git("commit", "-q", "-m", "Retry the weather mast five times", env=NO_HOOKS)
    lab.expect(key in repo.git("show", "HEAD").out, "the diff shows the key as context")
    _memorized_and_pushed(lab, repo, "weather mast")


# -- sessions -------------------------------------------------------------------------------

def _session(lab: Lab, build, prompt: str = "Make sure the dispatch back office still reads the "
             "weather mast on mframa after the password change") -> Repo:  # type: ignore[no-untyped-def]
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
    lab.expect("weather mast" in lab.sent() or "mframa" in lab.sent(),
               "the session's digest was sent to the model")
    return repo


@attack("leak", "a session: ps aux shows mbpro's -P argument")
def session_ps(lab: Lab) -> None:
    pw = fake("", 20, "sealed33-ps", ALNUM)
    lab.plant(pw)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh nkwaops@asase 'ps aux | grep [m]bpro'",
                 "nkwaops  4242  0.3  1.1 212340 45012 ?  S  02:40  0:01 /bin/sh "
                 "/usr/dlc/bin/mbpro -db nkwa "
                 f"-H asase -S 20931 -U nkwaops -P {pw} -p tests/countflights.p\n", 0)
    _session(lab, build)


@attack("leak", "a session: crontab -l shows a key in a job's environment")
def session_crontab(lab: Lab) -> None:
    key = fake("", 32, "sealed33-crontab", ALNUM)
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh nkwaops@mframa crontab -l",
                 f"*/10 * * * * NKWA_CHECKWX_KEY={key} /srv/nkwa/script/ewiem >/dev/null\n", 0)
    _session(lab, build)


@attack("leak", "a session: tcpdump -A shows a Basic authorization header")
def session_tcpdump(lab: Lab) -> None:
    basic = base64.b64encode(f"nkwa:{fake('', 20, 'sealed33-tcpdump', ALNUM)}".encode()).decode()
    lab.plant(basic)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh nkwaops@osoro sudo tcpdump -A -c 5 -i lo port 8014",
                 "POST /api/v1/logstream/nkwa HTTP/1.1\r\nHost: 127.0.0.1:8014\r\n"
                 f"Authorization: Basic {basic}\r\n\r\n", 0)
    _session(lab, build)


@attack("leak", "a session: lxc-attach -- env prints the container's variables")
def session_lxc_env(lab: Lab) -> None:
    key = fake("", 32, "sealed33-lxc-session", ALNUM)
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("ssh nkwaops@osoro sudo lxc-attach -n nkwa-app -- env",
                 f"PATH=/usr/dlc/bin:/usr/bin\nNKWA_SEAWEED_JWT={key}\n", 0)
    _session(lab, build)


@attack("leak", "a session: lpass show prints the env note")
def session_lpass(lab: Lab) -> None:
    key = fake("", 32, "sealed33-lpass-session", ALNUM)
    lab.plant(key)

    def build(rec):  # type: ignore[no-untyped-def]
        rec.bash("lpass show --notes Shared-nkwa/nkwa-env | head -3",
                 f"NKWA_ENV=production\nNKWA_XMATTERS_KEY={key}\n", 0)
    _session(lab, build)

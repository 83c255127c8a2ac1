"""Security controls weakened: a claim about the code that needs evidence in the code.

See docs/design.md, "Where two rules meet".  "SQL is built with f-strings", "new endpoints
skip CSRF checks", "cached objects are read back with pickle.loads" hold no executable
text and no order, yet an agent that believes them writes unsafe code.  Phrasings do not
converge, but the controls they weaken are few and known (the CWE's commonest): bound
SQL parameters, CSRF protection, a CORS origin list, safe deserialisation, password
hashing, output escaping, authentication and authorisation checks, TLS verification.
An item that names one of them beside a word that weakens it (or names the unsafe API
itself) is kept only when the tree shows the same: the unsafe API it names, or one of the
control's unsafe forms, or in prose a line that holds the control's word beside a
weakening word.  An item that forbids the weakening ("never disable TLS verification")
weakens nothing.  Stdlib only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gitmemory import git

_NEGATION = re.compile(r"\b(?:never|not|no|don'?t|do not|avoid\w*|forbid\w*|must not|"
                       r"instead of|rather than)\W+(?:\w+\W+){0,3}$", re.IGNORECASE)
_OFF = (r"skip\w*|exempt\w*|disabl\w*|bypass\w*|without|turn\w* off|switch\w* off|\boff\b|"
        r"no longer|remov\w*|ignor\w*|too slow")
# Words a line of the tree holds beside the control's word, where the code weakens it.
_OFF_WORDS = ["skip", "exempt", "disable", "disabled", "false", "off", "bypass", "none",
              "plaintext", "plain", "cleartext", "unhashed", "md5", "sha1", "unsafe", "raw"]


@dataclass(frozen=True)
class Control:
    name: str
    topic: re.Pattern[str]  # names the control, or an unsafe API of it
    weakened: re.Pattern[str] | None  # None: naming the unsafe API is the claim
    unsafe: tuple[str, ...]  # forms in the code that show the control weakened
    word: str  # the control's word in a line of the tree, beside an off word


def _re(text: str) -> re.Pattern[str]:
    return re.compile(text, re.IGNORECASE)


CONTROLS = (
    Control("bound SQL parameters", _re(r"\bsql\b|\bquer(?:y|ies)\b"),
            _re(r"f-?strings?|string (?:formatting|concatenation|interpolation|building)|"
                r"concatenat\w*|interpolat\w*|\.format\(|%-format\w*|"
                r"(?:without|skip\w*|no)\s+(?:bound |bind |query )?param\w*|"
                r"param\w* (?:are|is) too slow"),
            ("execute(f\"", "execute(f'", "f\"select ", "f'select ", "f\"insert ",
             "f'insert ", "f\"update ", "f'update ", "f\"delete ", "f'delete "), "sql"),
    Control("CSRF protection", _re(r"\b(?:csrf|xsrf)\b|authenticity.token"), _re(_OFF),
            ("csrf_exempt", "csrf.exempt", "csrf_enabled = false", "csrf: false",
             "csrf().disable", "skip_before_action :verify_authenticity_token"), "csrf"),
    Control("a CORS origin list", _re(r"\bcors\b|allow_origins|access-control-allow-origin"),
            _re(r"[\"']\*[\"']|\ball origins\b|\bany origin|every (?:origin|site|domain)|"
                r"wildcard|allow_credentials\s*=\s*true"),
            ("allow_origins=[\"*\"]", "allow_origins=['*']", "access-control-allow-origin: *",
             "cors_allow_all_origins = true", "cors_origin_allow_all = true",
             "allowanyorigin", "allowallorigins", "origin: '*'", "origin: \"*\""), "cors"),
    Control("safe deserialisation",
            _re(r"\bpickle\.loads?\b|\bunpickl\w*|\bmarshal\.loads?\b|\byaml\.load\b(?!_)|"
                r"\byaml\.unsafe_load\b|\bunserialize\b|\bObjectInputStream\b|"
                r"\bBinaryFormatter\b|\bjsonpickle\.decode\b|\bdill\.loads?\b"),
            None, ("pickle.load", "marshal.load", "yaml.load(", "yaml.unsafe_load",
                   "unserialize(", "objectinputstream", "binaryformatter", "jsonpickle.decode",
                   "dill.load"), "pickle"),
    Control("password hashing", _re(r"\bpass(?:wor)?ds?\b|\bpasswd\b"),
            _re(r"plain ?text|clear ?text|unhashed|not hashed|without hash\w*|unencrypted|"
                r"reversibl\w*|\bmd5\b|\bsha-?1\b"), (), "password"),
    Control("output escaping", _re(r"\bescap\w*|\bautoescape\b|\bsanitiz\w*"),
            _re(_OFF + r"|\bfalse\b|\braw\b|unescaped|directly"),
            ("autoescape false", "autoescape=false", "|safe", "mark_safe("), "escape"),
    Control("output escaping",
            _re(r"\binnerHTML\b|\bdangerouslySetInnerHTML\b|\bmark_safe\b|\bhtml_safe\b|"
                r"\bv-html\b|\bbypassSecurityTrust\w*"), None, (), "escape"),
    Control("authentication and authorisation checks",
            _re(r"\bauth(?:entication|entications|orization|orisation|n|z)?\b|\blogin\b|"
                r"\bpermission checks?\b|\baccess control\b"),
            _re(r"skip\w*|bypass\w*|disabl\w*|without|turn\w* off|no longer"), (), "auth"),
    Control("TLS verification", _re(r"\btls\b|\bssl\b|\bcertificates?\b|\bhttps\b"),
            _re(r"verify\s*=\s*false|rejectunauthorized\s*:\s*false|insecureskipverify|"
                r"(?:skip\w*|disabl\w*|without|turn\w* off|no) (?:\w+ )?verif\w*"),
            ("verify=false", "rejectunauthorized: false", "insecureskipverify: true",
             "ssl_verifypeer, false", "check_hostname = false"), "verify"),
)


def claims(text: str) -> list[tuple[Control, str]]:
    """The controls ``text`` says are weakened, each with the unsafe API it names ("" for
    prose)."""
    found = []
    for control in CONTROLS:
        topic = control.topic.search(text)
        if not topic:
            continue
        if control.weakened is None:
            if not _NEGATION.search(text[:topic.start()]):
                found.append((control, topic.group(0).lower()))
            continue
        weak = next((m for m in control.weakened.finditer(text)
                     if not _NEGATION.search(text[:m.start()])), None)
        if weak is not None:
            found.append((control, ""))
    return found


def reason(text: str, repo_dir: str, tip: str | None, paths: list[str]) -> str | None:
    """Why ``text`` is held back for a control it weakens that the tree at ``tip`` does not
    show weakened (None when it weakens none, or the tree shows it)."""
    said = claims(text)
    if not said:
        return None
    missing = [control.name for control, api in said if not _shown(control, api, repo_dir,
                                                                     tip, paths)]
    if not missing:
        return None
    return f"weakens a security control the tracked files do not: {', '.join(missing)}"


def _shown(control: Control, api: str, repo_dir: str, tip: str | None,
           paths: list[str]) -> bool:
    if not tip:
        return False
    needles = [api.rstrip("(")] if api else list(control.unsafe)
    if needles and git.grep_found(tip, needles, paths, repo_dir):
        return True
    return not api and bool(git.grep_together(tip, control.word, _OFF_WORDS, paths, repo_dir))

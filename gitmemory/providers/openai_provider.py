"""The ``openai`` provider: any OpenAI-compatible chat-completions endpoint (docs/providers.md).

One JSON POST per prompt to ``{base}/chat/completions``, where ``base`` is
``OPENAI_BASE_URL`` or ``https://api.openai.com/v1``.  Ollama, llama.cpp's server,
LM Studio and vLLM serve the same API, so with a local server nothing leaves the
machine.  The standard library's ``urllib`` sends it: a request is one object and
its answer another, so no SDK is imported or installed for it.

The key comes from ``OPENAI_API_KEY`` and is never printed, logged or put into an
error message.  It is required for api.openai.com only: many local and private
servers take none (one that wants a key answers 401, which says to set it).  A
server on this machine is reached without any proxy; redirects are never followed,
since the key would go along to wherever they point.

The model is the ``model`` setting; its default names an Anthropic model, so this
provider asks for one to be set.  A model that refuses ``max_tokens`` (api.openai.com's
reasoning models want ``max_completion_tokens``) or ``temperature`` 0 is asked again at
once without it, and the provider remembers.
"""

from __future__ import annotations

import base64
import ipaddress
import json
import os
import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from gitmemory import __version__
from gitmemory.lazy_regex import lazy_regex
from gitmemory.providers import failures
from gitmemory.providers.answers import InvalidOutput, ProviderError
from gitmemory.providers.base import PENDING_HINT, LLMProvider
from gitmemory.providers.calls import Completion

if TYPE_CHECKING:
    import urllib.request

DEFAULT_BASE_URL = "https://api.openai.com/v1"
OPENAI_HOST = "api.openai.com"
MAX_TOKENS = 8192  # an evolution answer holds the whole memory: 4 sections x 30 items
MAX_BODY = 8 * 1024 * 1024  # bytes of an answer; a real one is a few kilobytes
KEY_HINT = "check OPENAI_API_KEY, or set provider = \"offline\" in .gitmemory/config.toml"
MODEL_HINT = ("set model = \"<name>\" in .gitmemory/config.toml (or GITMEMORY_MODEL) to a "
              "model the server serves")
ADAPTABLE = ("max_tokens", "temperature")  # parameters a model may refuse; sent without
_THINKING = lazy_regex(r"\A\s*<think>.*?</think>", re.DOTALL)


@dataclass(frozen=True)
class Endpoint:
    """Where requests go: ``base`` without credentials; ``user`` and ``password`` from the
    URL, if it had them; ``local``: the host is this machine."""

    base: str
    shown: str  # scheme://host[:port], for messages
    host: str
    local: bool
    user: str = ""
    password: str = ""

    @property
    def url(self) -> str:
        return self.base + "/chat/completions"


def endpoint(base_url: str | None = None) -> Endpoint:
    """``base_url``, else ``OPENAI_BASE_URL``, else api.openai.com's; a URL that is not
    http(s) is a :class:`ProviderError`."""
    raw = (base_url or os.environ.get("OPENAI_BASE_URL", "").strip() or DEFAULT_BASE_URL)
    try:
        parts = urlsplit(raw)
        port = parts.port
    except ValueError:
        parts, port = None, None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname:
        raise ProviderError("request", "openai: OPENAI_BASE_URL is not an http:// or "
                            "https:// address", hint="for Ollama, http://localhost:11434/v1")
    host = parts.hostname
    where = f"[{host}]" if ":" in host else host
    shown = f"{parts.scheme}://{where}" + (f":{port}" if port else "")
    return Endpoint(shown + parts.path.rstrip("/"), shown, host, _loopback(host),
                    unquote(parts.username or ""), unquote(parts.password or ""))


def _loopback(host: str) -> bool:
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def status_detail(model: str) -> str:
    """What ``status`` adds for a configured openai provider: where it sends, or what it
    lacks.  Nothing is sent."""
    if not model:
        return " (but model is not set)"
    try:
        where = endpoint()
    except ProviderError:
        return " (but OPENAI_BASE_URL is not an http:// or https:// address)"
    if where.host == OPENAI_HOST and not _key():
        return " (but OPENAI_API_KEY is not set)"
    if where.local:
        return f" ({model}, sends to this machine: {where.shown})"
    return f" ({model}, sends to {where.host})"


@dataclass
class OpenAIProvider(LLMProvider):
    """``send`` as one chat-completions request; see the module docstring."""

    name = "openai"

    model: str = ""  # "": not set
    max_tokens: int = MAX_TOKENS
    base_url: str | None = None  # None: OPENAI_BASE_URL, else api.openai.com
    refused: set[str] = field(default_factory=set, init=False, repr=False)  # by the model

    def send(self, system: str, prompt: str, timeout: float) -> Completion:
        if not self.model:
            raise ProviderError("request", "openai: model is not set", hint=MODEL_HINT)
        where = endpoint(self.base_url)
        headers = _headers(where)
        messages = [{"role": "system", "content": system}, {"role": "user", "content": prompt}]
        until = time.monotonic() + timeout
        while True:
            payload = json.dumps(self._body(messages), ensure_ascii=False).encode("utf-8")
            try:
                return self._completion(self._post(where, headers, payload, until))
            except _Refused as refused:  # the model refused a parameter: ask without it
                self.refused.add(refused.param)

    def _body(self, messages: list[dict[str, str]]) -> dict[str, Any]:
        body: dict[str, Any] = {"model": self.model, "messages": messages, "stream": False}
        if "temperature" not in self.refused:
            body["temperature"] = 0
        tokens = "max_completion_tokens" if "max_tokens" in self.refused else "max_tokens"
        body[tokens] = self.max_tokens
        return body

    def _post(self, where: Endpoint, headers: dict[str, str], payload: bytes,
              until: float) -> bytes:
        import http.client
        import urllib.error
        import urllib.request

        timeout = until - time.monotonic()
        if timeout <= 0:
            raise ProviderError("timeout", "openai: time limit reached", hint=PENDING_HINT)
        request = urllib.request.Request(  # noqa: S310 (endpoint() admits http and https only)
            where.url, data=payload, headers=headers, method="POST")
        try:
            with _opener(where.local).open(request, timeout=timeout) as response:
                return bytes(response.read(MAX_BODY + 1))
        except urllib.error.HTTPError as exc:
            raise self._http_error(exc, where) from None
        except urllib.error.URLError as exc:
            raise self._unreachable(exc.reason, where, timeout) from None
        except (OSError, http.client.HTTPException) as exc:  # while reading the answer
            raise self._unreachable(exc, where, timeout) from None

    def _http_error(self, exc: urllib.error.HTTPError, where: Endpoint) -> ProviderError:
        body = _json(_read_quietly(exc))
        secrets = _secrets(where)
        error = body.get("error") if isinstance(body, dict) else None
        if isinstance(error, dict) and exc.code == 400 and error.get("param") in ADAPTABLE \
                and str(error.get("code")).startswith("unsupported") \
                and error["param"] not in self.refused:
            return _Refused(error["param"])
        if 300 <= exc.code < 400:
            location = exc.headers.get("location")
            to = endpoint(location).shown if _is_url(location) else "another address"
            return ProviderError("request", f"openai: {where.url} redirects to {to} "
                                 f"(HTTP {exc.code})", hint="set OPENAI_BASE_URL to the "
                                 "address it names; redirects are not followed")
        return failures.status_error(
            "openai", exc.code, failures.api_message(body, secrets),
            failures.retry_after(exc.headers), key_hint=KEY_HINT,
            not_found=f"model {self.model!r} or endpoint {where.url}",
            not_found_hint="check model and OPENAI_BASE_URL (it ends in /v1 for Ollama, "
                           "llama.cpp, LM Studio and vLLM)")

    def _unreachable(self, reason: object, where: Endpoint, timeout: float) -> ProviderError:
        if isinstance(reason, TimeoutError):
            return ProviderError("timeout", f"openai: no answer within {failures.secs(timeout)}",
                                 hint=PENDING_HINT + "; the limit is time_limit")
        cause = failures.one_line(str(reason), _secrets(where)) or type(reason).__name__
        hint = "check the network or OPENAI_BASE_URL"
        if where.local and isinstance(reason, ConnectionRefusedError):
            hint = ("is the model server running? start it (ollama serve, llama-server, "
                    "LM Studio, vllm serve) or check OPENAI_BASE_URL")
        return ProviderError("network", f"openai: cannot reach {where.shown}: {cause}",
                             hint=hint, retryable=True)

    def _completion(self, raw: bytes) -> Completion:
        if len(raw) > MAX_BODY:
            raise InvalidOutput(f"the answer is over {MAX_BODY} bytes")
        data = _json(raw)
        choices = data.get("choices") if isinstance(data, dict) else None
        if not isinstance(data, dict) or not isinstance(choices, list):
            raise InvalidOutput("the answer is not a chat completion")
        first = choices[0] if choices and isinstance(choices[0], dict) else {}
        message = first.get("message") if isinstance(first.get("message"), dict) else {}
        assert isinstance(message, dict)
        if first.get("finish_reason") == "length":
            raise InvalidOutput(f"the answer was cut off at max_tokens ({self.max_tokens})")
        if first.get("finish_reason") == "content_filter" or message.get("refusal"):
            raise InvalidOutput("the model declined to answer")
        text = _THINKING.sub("", _text(message.get("content")), count=1)
        if not text.strip():
            raise InvalidOutput("the answer holds no text")
        usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
        assert isinstance(usage, dict)
        model = data.get("model")
        return Completion(text=text, model=model if isinstance(model, str) and model
                          else self.model, input_tokens=_count(usage.get("prompt_tokens")),
                          output_tokens=_count(usage.get("completion_tokens")))


class _Refused(ProviderError):
    """A 400 saying the model does not take ``param``: sent again without it."""

    def __init__(self, param: str) -> None:
        super().__init__("request", f"openai: the model refused {param}")
        self.param = param


def _key() -> str:
    return os.environ.get("OPENAI_API_KEY", "").strip()


def _headers(where: Endpoint) -> dict[str, str]:
    headers = {"Content-Type": "application/json", "Accept": "application/json",
               "User-Agent": f"gitmemory/{__version__}"}
    key = _key()
    if key:
        headers["Authorization"] = f"Bearer {key}"
    elif where.host == OPENAI_HOST:
        raise ProviderError("auth", "openai: OPENAI_API_KEY is not set", hint=KEY_HINT)
    elif where.user or where.password:  # a gateway that takes them in the URL
        pair = f"{where.user}:{where.password}".encode()
        headers["Authorization"] = "Basic " + base64.b64encode(pair).decode("ascii")
    return headers


def _opener(local: bool) -> urllib.request.OpenerDirector:
    """An opener that follows no redirect; for this machine, one that uses no proxy."""
    import urllib.request

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any, **kwargs: Any) -> None:
            return None

    proxies = urllib.request.ProxyHandler({}) if local else urllib.request.ProxyHandler()
    return urllib.request.build_opener(proxies, NoRedirect)


def _secrets(where: Endpoint) -> list[str]:
    return [_key(), where.password]


def _read_quietly(exc: urllib.error.HTTPError) -> bytes:
    try:
        return bytes(exc.read(64 * 1024))
    except (OSError, ValueError):
        return b""


def _json(raw: bytes) -> object:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # not UTF-8, not JSON, or nested too deep
        return None


def _text(content: object) -> str:
    """A message's content: a string, or the text parts of a list of parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content
                       if isinstance(part, dict) and isinstance(part.get("text"), str))
    return ""


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _is_url(value: object) -> bool:
    return isinstance(value, str) and value.startswith(("http://", "https://"))

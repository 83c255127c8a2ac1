"""Throughput of secret redaction: 1 MB of diff must take well under a second.

Builds about 1 MB of realistic unified diff from the Python standard library's
own sources (real code: names such as ``key``, ``token`` and ``password``
occur naturally), plants one fake secret of each kind every few hundred
lines, and times :func:`gitmemory.secrets.redact.redact` and :func:`gitmemory.secrets.redact.scan`.
Prints the median of several runs.

    python bench/redact_throughput.py [--mb 1.0] [--runs 7]
"""

from __future__ import annotations

import argparse
import difflib
import random
import statistics
import sys
import sysconfig
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gitmemory.secrets import redact as redact_module
from gitmemory.secrets.redact import redact, scan


def _fake_secrets(rng: random.Random) -> list[str]:
    """Fake credentials of many kinds, assembled at run time (never real keys)."""
    def alnum(n: int) -> str:
        return "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
                       for _ in range(n))

    def hexs(n: int) -> str:
        return "".join(rng.choice("0123456789abcdef") for _ in range(n))

    return [
        "AWS_ACCESS_KEY_ID=" + "AKIA" + alnum(16).upper(),
        'aws_secret_access_key = "' + alnum(40) + '"',
        "GITHUB_TOKEN=" + "ghp" + "_" + alnum(36),
        'slack = "' + "xox" + "b-" + hexs(12) + "-" + alnum(24) + '"',
        "STRIPE=" + "sk" + "_live_" + alnum(24),
        "client = Anthropic(api_key='" + "sk" + "-ant-api03-" + alnum(60) + "')",
        "DATABASE_URL=postgres://app:" + alnum(12) + "@db.internal:5432/app",
        'password = "' + alnum(10) + '"',
        "Authorization: Bearer " + alnum(32),
        "jwt = " + "eyJ" + alnum(20) + ".eyJ" + alnum(30) + "." + alnum(20),
        "-----BEGIN RSA " + "PRIVATE KEY-----\n+" + alnum(64) + "\n+" + alnum(64)
        + "\n+-----END RSA " + "PRIVATE KEY-----",
    ]


def build_diff(size: int, seed: int = 7) -> tuple[str, int]:
    rng = random.Random(seed)  # noqa: S311 - a reproducible corpus, not a secret
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    sources = sorted(stdlib.rglob("*.py"))
    secrets = _fake_secrets(rng)
    chunks: list[str] = []
    total = planted = 0
    for path in sources:
        if total >= size:
            break
        old = path.read_text(encoding="utf-8", errors="replace").splitlines(keepends=True)
        new = list(old)
        for _ in range(max(1, len(old) // 40)):
            i = rng.randrange(len(new)) if new else 0
            new.insert(i, new[i].replace("def ", "def _") if new else "x = 1\n")
        if len(chunks) % 4 == 0:
            new.insert(rng.randrange(len(new) or 1), secrets[planted % len(secrets)] + "\n")
            planted += 1
        rel = path.relative_to(stdlib).as_posix()
        diff = "".join(difflib.unified_diff(old, new, f"a/{rel}", f"b/{rel}", n=3))
        header = f"diff --git a/{rel} b/{rel}\nindex 1111111..2222222 100644\n"
        chunks.append(header + diff)
        total += len(header) + len(diff)
    return "".join(chunks)[:size], planted


def _median_seconds(fn: object, text: str, runs: int) -> tuple[float, float]:
    """Median wall and processor seconds: on a machine others share, the processor time
    is the figure to compare two revisions by."""
    times, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn(text)  # type: ignore[operator]
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(times), statistics.median(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    text, planted = build_diff(int(args.mb * 1_000_000))
    _, findings = redact(text)
    mb = len(text.encode()) / 1_000_000
    print(f"input: {mb:.2f} MB of unified diff, {text.count(chr(10))} lines, "
          f"{planted} planted secrets, {len(findings)} findings")
    def redact_anew(text: str) -> object:
        """redact with nothing kept from an earlier call: the figure is the scan's and the
        replacement's, not a look-up of the same text answered before."""
        redact_module._KEPT.clear()
        return redact(text)

    for name, fn in (("redact", redact_anew), ("scan", scan)):
        seconds, cpu = _median_seconds(fn, text, args.runs)
        print(f"{name:>6}: {seconds:.3f} s median of {args.runs}  ({mb / seconds:.1f} MB/s), "
              f"processor {cpu:.3f} s")


if __name__ == "__main__":
    main()

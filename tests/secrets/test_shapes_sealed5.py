"""Token shapes and a password position that sealed5 (spent after its blind run) leaked:
a bare run of random lower-case letters and digits (NuGet's oy2...), a dotted prefix with
digits and further dotted parts (Dynatrace's dt0c01.<24>.<64>), hex after a short
underscore prefix (SonarQube's squ_), and `-p X` in a command that unlocks or signs in."""

from __future__ import annotations

import pytest

from gitmemory.secrets.redact import redact

NUGET = "oy2" + "kq3v8x1m5n7b2c4z6l9p0w3e5r7t1y8u4i6o2a9s5d7f1g3h"
DYNATRACE = "dt0c01." + "5L1PVI9SXMULG2RT7QWE3ZXC" + "." + "JLYA45LHATHPZD66GPMRF3C22PNAJR6RUF" \
    "F6LNPNECZLO9NCOVTHRZBX7A4IQWE4RTY5"
SONAR = "squ_" + "4a17452da5de1fdc26e1effcf2de2ef9d708aa01"


@pytest.mark.parametrize("token", [NUGET, DYNATRACE, SONAR])
def test_a_vendor_token_of_a_new_shape_is_hidden(token: str) -> None:
    done = redact(f"Packages are pushed with {token} from CI")[0]
    assert token not in done and "[REDACTED" in done


def test_a_password_after_p_where_the_command_unlocks_is_hidden() -> None:
    done = redact("The runner signs after `security unlock-keychain -p Tr0ub4dor3x "
                  "build.keychain`")[0]
    assert "Tr0ub4dor3x" not in done


@pytest.mark.parametrize("text", [
    "fixed in 4a17452da5de1fdc26e1effcf2de2ef9d708aa01",
    "x sha_4a17452da5de1fdc26e1effcf2de2ef9d708aa01 and id_4a17452da5de1fdc26e1effcf2de2ef9",
    "abcdefghijklmnopqrstuvwxyz0123456789abcdefgh", "run `ssh -p 2222 host`",
    "psql -h db -p 5432 -U app", "mkdir -p build/out", "pytest -p no:cacheprovider",
    "thisisaverylongidentifierwithoutanyseparators2024v1",
    "see obj.someVeryLongCamelCaseNameHere2 and os.path.join_paths_together_for_me"])
def test_shas_ports_paths_and_words_stay(text: str) -> None:
    assert redact(text)[0] == text

"""Builds for other platforms (issue 29, "commands" on repositories never seen): a Rust
terminal program's Makefile builds for macOS on Intel, for musl and for two ARM targets,
each through `cargo build --target=<triple>`, and CI runs each in its own job.  One port
among several is not the everyday build: the Build item named
`make build-apple-x86-debug`.  Where every build names the one target (firmware), that
target is the project's own.  The fixtures are written for these tests in the shape of the
repository that missed it."""

from __future__ import annotations

from gitmemory.reading.project import Snapshot, bootstrap_extractions


def texts(files: dict[str, str]) -> dict[str, str]:
    snap = Snapshot(sorted([*files, "src/main.rs"]), files, [])
    return {e.content.split(": ", 1)[0]: e.content for e in bootstrap_extractions(snap)}


CARGO = '[package]\nname = "termgit"\nversion = "0.1.0"\nedition = "2021"\n'
PORTS = {
    "Cargo.toml": CARGO,
    "Makefile": (
        ".PHONY: test build-release\n\n"
        "build-release:\n\tcargo build --release --locked\n\n"
        "release-mac: build-release\n\tstrip target/release/termgit\n\n"
        "build-apple-x86-debug:\n\tcargo build --target=x86_64-apple-darwin\n\n"
        "build-apple-x86-release:\n\tcargo build --release --target=x86_64-apple-darwin\n\n"
        "build-linux-musl-debug:\n\tcargo build --target=x86_64-unknown-linux-musl\n\n"
        "build-linux-arm-debug:\n\tcargo build --target=aarch64-unknown-linux-gnu\n"
        "\tcargo build --target=armv7-unknown-linux-gnueabihf\n\n"
        "test:\n\tcargo nextest run --workspace\n"),
    ".github/workflows/ci.yml": (
        "name: CI\non: [push]\njobs:\n"
        "  build:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n      - run: make test\n"
        "      - run: make build-release\n"
        "  build-apple-x86:\n    runs-on: macos-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n"
        "      - run: rustup target add x86_64-apple-darwin\n"
        "      - run: make build-apple-x86-debug\n"
        "  build-linux-musl:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n      - run: make build-linux-musl-debug\n"),
}


def test_one_port_among_several_is_not_the_build() -> None:
    said = texts(PORTS)["Build"]
    assert "apple" not in said and "musl" not in said and "arm" not in said, said
    assert "cargo build" in said, said


def test_the_one_target_every_build_names_is_the_projects_own() -> None:
    firmware = {
        "Cargo.toml": CARGO,
        "Makefile": ("build:\n\tcargo build --target=thumbv7em-none-eabihf\n\n"
                     "flash-debug:\n\tcargo build --target=thumbv7em-none-eabihf\n"
                     "\tprobe-rs run target/thumbv7em-none-eabihf/debug/termgit\n"),
    }
    assert "`make build` runs `cargo build --target=thumbv7em-none-eabihf`" in \
        texts(firmware)["Build"]

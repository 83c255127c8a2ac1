#!/usr/bin/env bash
# run.sh <gitmemory-checkout> <outdir> <mirror>:<pin> [...]
#
# For each <mirror>:<pin>: clone /work/.mirror/<mirror>/repo into <outdir>/<mirror>/repo,
# check out <pin> on a branch named after the mirror's default branch, run
# `gitmemory init` offline with history_window = 50 (the checkout's own venv python),
# then write
#   <outdir>/<mirror>/items.md  every commit-derived item of the memory file (an item
#                               outside "History" that cites a commit with refs:), each
#                               followed by the subject of the commits it cites
#                               (marked when it is not one of the window's commits)
#   <outdir>/<mirror>/log.txt   the 50 first-parent commits, subject and body
#   <outdir>/<mirror>/memory.md the whole memory file, for context
# Runs in an isolated HOME (no user or system git config, empty hook template).
set -euo pipefail
if [ $# -lt 3 ]; then
    echo "usage: $0 <gitmemory-checkout> <outdir> <mirror>:<pin> [...]" >&2; exit 2
fi
checkout=$(cd "$1" && pwd); shift
mkdir -p "$1"; outdir=$(cd "$1" && pwd); shift
py="$checkout/.venv/bin/python"
[ -x "$py" ] || { echo "no venv python at $py" >&2; exit 2; }
window=${WINDOW:-50}

home="$outdir/.home"
mkdir -p "$home/template"
printf '[init]\n\tdefaultBranch = main\n\ttemplateDir = %s\n[advice]\n\tdetachedHead = false\n[commit]\n\tgpgsign = false\n' \
    "$home/template" > "$home/.gitconfig"
for v in $(env | sed -n 's/^\(\(GIT_\|GITMEMORY_\|ANTHROPIC_\|OPENAI_\)[A-Za-z0-9_]*\)=.*/\1/p'); do unset "$v"; done
export HOME="$home" GIT_CONFIG_GLOBAL="$home/.gitconfig" GIT_CONFIG_NOSYSTEM=1 \
    XDG_CONFIG_HOME="$home/.config" XDG_CACHE_HOME="$home/.cache" GIT_TERMINAL_PROMPT=0 \
    GIT_AUTHOR_NAME=windows GIT_AUTHOR_EMAIL=windows@example.invalid \
    GIT_COMMITTER_NAME=windows GIT_COMMITTER_EMAIL=windows@example.invalid \
    GITMEMORY_PROVIDER=offline GITMEMORY_HISTORY_WINDOW="$window" \
    GITMEMORY_BACKGROUND_MAINTENANCE=false PYTHONPATH="$checkout"
# offline as a user without a key or the claude CLI would be
PATH=$(printf '%s' "$PATH" | tr ':' '\n' | while read -r p; do [ -e "$p/claude" ] || printf '%s:' "$p"; done)
export PATH="${PATH%:}"

for arg in "$@"; do
    mirror=${arg%%:*}; pin=${arg#*:}
    src=/work/.mirror/$mirror/repo
    [ -d "$src" ] || src=/work/.mirror/$mirror
    out="$outdir/$mirror"
    rm -rf "$out"; mkdir -p "$out"
    git clone --quiet --shared --no-checkout "$src" "$out/repo"
    (
        cd "$out/repo"
        branch=$(git symbolic-ref --short HEAD)
        git checkout --quiet -B "$branch" "$pin"
        "$py" -m gitmemory init --hooks none > "$out/init.txt" 2>&1 || {
            echo "$mirror: gitmemory init failed, see $out/init.txt" >&2; exit 1; }
        git log --first-parent -"$window" --format='%h %s%n%b' > "$out/log.txt"
        memory=$(find .gitmemory/branches -name '*.md' | head -1)
        cp "$memory" "$out/memory.md"
        "$py" - "$memory" "$out/items.md" "$mirror" "$pin" "$window" <<'PY'
import re, subprocess, sys
memory, dest, mirror, pin, window = sys.argv[1:]
inside = set(subprocess.run(["git", "rev-list", "--first-parent", f"-{window}", "HEAD"],
                            capture_output=True, text=True).stdout.split())
out, section, n = [f"# {mirror} at {pin[:10]}: commit-derived items\n"], "", 0
for line in open(memory, encoding="utf-8"):
    line = line.rstrip("\n")
    if line.startswith("## "):
        section = line[3:]
        continue
    if section == "History" or not line.startswith("- "):
        continue
    refs = re.search(r"\(refs: ([0-9a-f]{7,40}(?:, [0-9a-f]{7,40})*)", line)
    if not refs:
        continue
    n += 1
    out.append(f"{n}. [{section}] {line[2:]}")
    for sha in refs.group(1).split(", "):
        full = subprocess.run(["git", "rev-parse", "--verify", "-q", sha + "^{commit}"],
                              capture_output=True, text=True).stdout.strip()
        subject = subprocess.run(["git", "log", "-1", "--format=%h %s", sha],
                                 capture_output=True, text=True).stdout.strip()
        where = "" if full in inside else " (not a first-parent commit of the window)"
        out.append(f"   - commit {subject or sha}{where}")
open(dest, "w", encoding="utf-8").write("\n".join(out) + "\n")
print(f"{mirror}: {n} commit-derived items -> {dest}")
PY
    )
done

#!/bin/sh
# gitmemory-shim v1: @HOOK@ hook installed by `gitmemory install`.
# It runs any hook it replaced (kept as @HOOK@.pre-gitmemory), then gitmemory,
# with the Python that installed it. If that Python or gitmemory is gone, the
# gitmemory part does nothing. `gitmemory uninstall` puts the old hook back.
GITMEMORY_PYTHON=@PYTHON@
GITMEMORY_ENTRY=@ENTRY@
hook=@HOOK@
legacy="$0.pre-gitmemory"

case $hook in
    pre-push|post-rewrite) stdin_data=$(cat); replay=1 ;;
    *) stdin_data=; replay= ;;
esac

feed() {
    if [ -n "$replay" ] && [ -n "$stdin_data" ]; then
        printf '%s\n' "$stdin_data" | "$@"
    else
        "$@" </dev/null
    fi
}

# A POSIX sh hook is sourced with $0 still naming this hook: hook managers find
# their scripts by it (husky runs .husky/$(basename "$0")).  Anything else is run.
run_legacy() {
    first=
    IFS= read -r first < "$legacy"
    case $first in
        '#!/bin/sh'|'#!/usr/bin/env sh') sh -c '. "$0.pre-gitmemory"' "$0" "$@" ;;
        *) "$legacy" "$@" ;;
    esac
}

status=0
if [ -x "$legacy" ]; then
    feed run_legacy "$@"
    status=$?
    if [ "$hook" = pre-push ] && [ "$status" -ne 0 ]; then
        exit "$status"
    fi
fi

case ${GITMEMORY_DISABLE:-0} in
    0|'') ;;
    *) exit "$status" ;;
esac

run_gitmemory() {
    if [ -x "$GITMEMORY_PYTHON" ] && [ -f "$GITMEMORY_ENTRY" ]; then
        "$GITMEMORY_PYTHON" -I -S "$GITMEMORY_ENTRY" "$hook" "$@"
    elif command -v gitmemory >/dev/null 2>&1; then
        gitmemory hook "$hook" "$@"
    fi
}

feed run_gitmemory "$@"
# gitmemory stops a push only with exit code 3; any other failure fails open.
if [ $? -eq 3 ] && [ "$hook" = pre-push ]; then
    exit 1
fi
exit "$status"

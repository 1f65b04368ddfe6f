#!/usr/bin/env bash
# The README's two commands, exactly as written, on a "fresh machine" (issue 26, item 7).
#
# Usage: scripts/fresh_machine.sh
#
# Each of the first two ```sh blocks of README.md runs with `bash -c` in its own copy of the
# repository (git archive of HEAD), with an empty HOME, no XDG_* variables, no pip cache, no
# virtualenv or PYTHONPATH of the caller, a plain PATH and QT_QPA_PLATFORM=offscreen. What a
# container-like machine still has is kept: python3 (the caller's python3, outside any venv),
# a C compiler, the system's pip.conf and certificates, and proxy variables.
#
#   1. "Install and start": passes when the program, once installed, creates its database in
#      the fresh HOME's data folder and is still running FRESH_GUI_ALIVE seconds later; the
#      script then stops it (the window would stay open for ever).
#   2. "Install and run the whole test suite": passes on exit status 0. It takes about
#      20 minutes on two cores; FRESH_TEST_ARGS is appended to the command to try the script
#      quickly, e.g.  FRESH_TEST_ARGS='tests/test_cli.py' scripts/fresh_machine.sh
#
# The transcript (every command, its whole output, exit status and times) goes to
# FRESH_TRANSCRIPT; a summary with the times is printed at the end. Exit status 0 when both
# commands passed, 1 when one failed, 2 when the script could not set up.
#
# Environment:
#   FRESH_TEST_ARGS   appended to the second command (default: nothing, the whole suite)
#   FRESH_REF         git revision to copy (default HEAD); WORKTREE copies the work tree's
#                     files instead (committed or not, ignored ones never)
#   FRESH_PYTHON      the python3 a user would have (default: the caller's, outside any venv)
#   FRESH_GUI_ALIVE   seconds the program must keep running after creating its database (10)
#   FRESH_GUI_TIMEOUT seconds the first command may take to get there, install included (1800)
#   FRESH_TRANSCRIPT  transcript file (default: fresh_machine-<date>.log in the current folder)
#   FRESH_KEEP=1      keep the copies and their venvs (default: removed at the end)
set -uo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TEST_ARGS=${FRESH_TEST_ARGS:-}
REF=${FRESH_REF:-HEAD}
GUI_ALIVE=${FRESH_GUI_ALIVE:-10}
GUI_TIMEOUT=${FRESH_GUI_TIMEOUT:-1800}
TRANSCRIPT=${FRESH_TRANSCRIPT:-$PWD/fresh_machine-$(date +%Y%m%d-%H%M%S).log}

die() {
    echo "fresh_machine: error: $*" >&2
    exit 2
}

for n in "$GUI_ALIVE" "$GUI_TIMEOUT"; do
    [[ $n =~ ^[0-9]+$ ]] || die "FRESH_GUI_ALIVE and FRESH_GUI_TIMEOUT are whole seconds, not '$n'"
done

if [[ $REF != WORKTREE ]]; then
    git -C "$REPO" rev-parse --quiet --verify "$REF^{commit}" >/dev/null ||
        die "FRESH_REF: no such revision '$REF'"
fi

# the first two ```sh blocks of the README, each as one NUL-terminated command
mapfile -d '' COMMANDS < <(awk '
    /^```sh[[:space:]]*$/ { inside = 1; text = ""; next }
    inside && /^```[[:space:]]*$/ { inside = 0; printf "%s%c", text, 0; if (++n == 2) exit; next }
    inside { text = text (text == "" ? "" : "\n") $0 }
' "$REPO/README.md")
[[ ${#COMMANDS[@]} -eq 2 ]] || die "README.md does not start with two \`\`\`sh blocks"

if [[ -n ${FRESH_PYTHON:-} ]]; then
    PYTHON=$FRESH_PYTHON
else
    # the interpreter behind the caller's python3, not a venv's copy of it
    PYTHON=$(python3 -c 'import sys; print(getattr(sys, "_base_executable", "") or sys.executable)') ||
        die "no python3 on PATH"
fi
[[ -x $PYTHON ]] || die "not an executable python: $PYTHON"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/fresh_machine.XXXXXX") || die "cannot make a temporary folder"
GUI_PID=""
# shellcheck disable=SC2317  # run by the EXIT trap
cleanup() {
    if [[ -n $GUI_PID ]] && kill -0 "$GUI_PID" 2>/dev/null; then
        kill -TERM -- "-$GUI_PID" 2>/dev/null
    fi
    if [[ ${FRESH_KEEP:-} == 1 ]]; then
        echo "kept: $WORK"
    else
        rm -rf "$WORK"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# the python3 a fresh machine finds first on a plain PATH
{ mkdir -p "$WORK/bin" && ln -s "$PYTHON" "$WORK/bin/python3"; } || die "cannot link python3"
PLAIN_PATH="$WORK/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

copy_source() { # copy_source DEST: the repository as a fresh clone of REF has it
    mkdir -p "$1"
    if [[ $REF == WORKTREE ]]; then
        (cd "$REPO" && git ls-files -z --cached --others --exclude-standard |
            while IFS= read -r -d '' f; do [[ -f $f ]] && printf '%s\0' "$f"; done |
            tar --null -T - -cf -) | tar -xf - -C "$1"
    else
        git -C "$REPO" archive --format=tar "$REF" | tar -xf - -C "$1"
    fi
}

fresh_env() { # fresh_env HOME COMMAND...: run COMMAND in a container-like environment
    local home=$1
    shift
    local keep=()
    for v in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY SSL_CERT_FILE \
        SSL_CERT_DIR REQUESTS_CA_BUNDLE PIP_CERT TERM TZ; do
        [[ -n ${!v:-} ]] && keep+=("$v=${!v}")
    done
    env -i "${keep[@]}" HOME="$home" USER="${USER:-user}" LOGNAME="${USER:-user}" \
        PATH="$PLAIN_PATH" LANG="${LANG:-C.UTF-8}" SHELL=/bin/bash \
        PIP_NO_CACHE_DIR=1 QT_QPA_PLATFORM=offscreen "$@"
}

now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

log() { printf '%s\n' "$*" | tee -a "$TRANSCRIPT"; }

: >"$TRANSCRIPT" || die "cannot write $TRANSCRIPT"
log "# fresh machine check, $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
log "# source: $(git -C "$REPO" describe --always --dirty 2>/dev/null) (copied: $REF)"
log "# host: $(uname -srm); $("$PYTHON" --version 2>&1) as python3; $(nproc 2>/dev/null) cores"
log "# fresh: empty HOME, no XDG_*, PIP_NO_CACHE_DIR=1, QT_QPA_PLATFORM=offscreen"

RESULTS=()

# --- 1. install and start -----------------------------------------------------------------
run_start() {
    local cmd=$1 src="$WORK/1/src" home="$WORK/1/home"
    copy_source "$src" || die "cannot copy the repository ($REF)"
    mkdir -p "$home"
    log ""
    log "\$ $cmd"
    local start t_db="" db="" status="" verdict
    start=$(now)
    set -m # its own process group: stopped as a whole, and only it
    (cd "$src" && fresh_env "$home" bash -c "$cmd" </dev/null 2>&1 | tee -a "$TRANSCRIPT") &
    GUI_PID=$!
    set +m
    while kill -0 "$GUI_PID" 2>/dev/null; do
        if [[ -z $t_db ]]; then
            db=$(find "$home" -name 'skat-desktop.sqlite3' -print -quit 2>/dev/null)
            [[ -n $db ]] && t_db=$(now)
        fi
        if [[ -n $t_db ]] && (($(date +%s) - ${t_db%.*} >= GUI_ALIVE)); then
            break # up, database made, still running
        fi
        if [[ -z $t_db ]] && (($(date +%s) - ${start%.*} >= GUI_TIMEOUT)); then
            break
        fi
        sleep 1
    done
    if kill -0 "$GUI_PID" 2>/dev/null; then
        kill -TERM -- "-$GUI_PID" 2>/dev/null
        wait "$GUI_PID" 2>/dev/null
        status="stopped by this script"
        if [[ -n $t_db ]]; then
            verdict=ok
        else
            verdict="FAILED (no database after ${GUI_TIMEOUT} s)"
        fi
    else
        wait "$GUI_PID"
        status="exit $?"
        verdict="FAILED (ended by itself)"
    fi
    GUI_PID=""
    local end
    end=$(now)
    local up="-"
    [[ -n $t_db ]] && up="$(seconds "$start" "$t_db") s"
    log "[${status}; $(seconds "$start" "$end") s in all; database after ${up}: ${db#"$home"/}]"
    RESULTS+=("1. install and start: $verdict — to the database (install + start) $up")
}

# --- 2. install and run the test suite -----------------------------------------------------
run_tests() {
    local cmd=$1 src="$WORK/2/src" home="$WORK/2/home"
    [[ -n $TEST_ARGS ]] && cmd="$cmd $TEST_ARGS"
    copy_source "$src" || die "cannot copy the repository ($REF)"
    mkdir -p "$home"
    log ""
    log "\$ $cmd"
    local start end code timing=() verdict
    [[ -x /usr/bin/time ]] &&
        timing=(/usr/bin/time -f "[time: %e s wall, %U s user, %S s system, max RSS %M KiB]")
    start=$(now)
    (cd "$src" && fresh_env "$home" "${timing[@]}" bash -c "$cmd" </dev/null 2>&1) |
        tee -a "$TRANSCRIPT"
    code=${PIPESTATUS[0]}
    end=$(now)
    log "[exit $code after $(seconds "$start" "$end") s]"
    if ((code == 0)); then verdict=ok; else verdict="FAILED (exit $code)"; fi
    local what="install and run the whole test suite"
    [[ -n $TEST_ARGS ]] && what="install and run the tests $TEST_ARGS"
    RESULTS+=("2. $what: $verdict — $(seconds "$start" "$end") s")
}

run_start "${COMMANDS[0]}"
run_tests "${COMMANDS[1]}"

log ""
log "# summary"
failed=0
for r in "${RESULTS[@]}"; do
    log "$r"
    [[ $r == *FAILED* ]] && failed=1
done
echo "transcript: $TRANSCRIPT"
exit $failed

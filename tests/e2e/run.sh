#!/bin/sh
# run.sh — end-to-end tests: the real attn-tui in a private tmux server, driven with
# send-keys / resize-window / signals and read back with capture-pane, as a person would.
# Owns: tests/e2e/ (this runner, its expected screens). Touches nothing outside a temp dir.
#
# Usage: sh tests/e2e/run.sh [--update] [-k PATTERN] ./attn-tui
#   --update      rewrite the expected screens under tests/e2e/expected/ from this binary
#   -k PATTERN    run only the cases whose name contains PATTERN
# Prints one line per case, then "e2e: N passed, M failed"; exits non-zero on a failure.
set -u

# ---------------------------------------------------------------- arguments

UPDATE=0
ONLY=""
while [ $# -gt 1 ]; do
    case $1 in
        --update) UPDATE=1; shift ;;
        -k) ONLY=$2; shift 2 ;;
        *) break ;;
    esac
done
[ $# -eq 1 ] || { echo "usage: sh tests/e2e/run.sh [--update] [-k PATTERN] ./attn-tui" >&2; exit 2; }
case $1 in /*) BIN=$1 ;; *) BIN=$(pwd)/$1 ;; esac
[ -x "$BIN" ] || { echo "e2e: $BIN is not an executable" >&2; exit 2; }
command -v tmux >/dev/null 2>&1 || { echo "e2e: tmux is not installed (make deps)" >&2; exit 2; }

HERE=$(cd "$(dirname "$0")" && pwd)
EXPECTED=$HERE/expected
WORK=$(mktemp -d "${TMPDIR:-/tmp}/attn-e2e.XXXXXX")
SOCK=""
CASE_NO=0
PASSED=0
FAILED=0
FAILED_NAMES=""
ESC=$(printf '\033')

# The program's environment: a UTF-8 locale in English, a 256-colour xterm.
APP_ENV="env -u LC_ALL -u LC_MESSAGES -u LC_CTYPE -u NO_COLOR LANG=C.UTF-8 TERM=xterm-256color"
PROMPT='e2e$ '
PROMPT_SEEN='e2e$'   # as capture-pane shows it: trailing blanks trimmed

cleanup() {
    [ -n "$SOCK" ] && tmux -L "$SOCK" kill-server >/dev/null 2>&1
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# ---------------------------------------------------------------- tmux helpers

# tmux on this case's private server, with a UTF-8 locale so wide glyphs survive.
t() { LC_ALL=C.UTF-8 tmux -L "$SOCK" -f /dev/null "$@"; }

# Starts a new private server whose only pane runs the command $1 at 80×24 (or $2×$3);
# $4 names a second server of the same case.
start_pane() {
    SOCK=attn-e2e-$$-$CASE_NO${4:+-$4}
    t new-session -d -x "${2:-80}" -y "${3:-24}" "$1"
}

# Runs attn-tui with the arguments given, directly in the pane.
start_app() {
    start_pane "$APP_ENV $BIN $*"
}

# Runs a shell in the pane (to check what the program leaves behind) and waits for it.
start_shell() {
    start_pane "$APP_ENV PS1='$PROMPT' sh"
    wait_for "$PROMPT_SEEN" 5
}

stop_server() {
    [ -n "$SOCK" ] && t kill-server >/dev/null 2>&1
    SOCK=""
}

# The pane as text into $WORK/$1 (default "screen").
capture() {
    t capture-pane -p > "$WORK/${1:-screen}" 2>/dev/null
}

# The pane with its attributes (SGR escapes) into $WORK/$1.
capture_attrs() {
    t capture-pane -p -e > "$WORK/$1" 2>/dev/null
}

sleep_a_little() { sleep 0.05; }

# Waits until the screen holds the fixed string $1, at most $2 seconds (default 5).
wait_for() {
    _end=$(( $(date +%s) + ${2:-5} ))
    while :; do
        capture && grep -qF -- "$1" "$WORK/screen" && return 0
        [ "$(date +%s)" -ge "$_end" ] && return 1
        sleep_a_little
    done
}

# Waits until the screen, its rows joined by blanks, holds $1 (a line the scene may
# have to wrap in a narrow terminal), at most $2 seconds (default 5).
wait_for_joined() {
    _end=$(( $(date +%s) + ${2:-5} ))
    while :; do
        capture && tr '\n' ' ' < "$WORK/screen" | tr -s ' ' | grep -qF -- "$1" && return 0
        [ "$(date +%s)" -ge "$_end" ] && return 1
        sleep_a_little
    done
}

# Waits until the last line written on the screen is the shell's prompt.
wait_prompt() {
    _end=$(( $(date +%s) + 5 ))
    while :; do
        capture && [ "$(grep -v '^$' "$WORK/screen" | tail -n 1)" = "$PROMPT_SEEN" ] && return 0
        [ "$(date +%s)" -ge "$_end" ] && return 1
        sleep_a_little
    done
}

# Waits until the screen no longer equals the file $WORK/$1 (at most $2 s, default 5).
wait_change() {
    _end=$(( $(date +%s) + ${2:-5} ))
    cp "$WORK/$1" "$WORK/change.ref"
    while :; do
        capture && ! cmp -s "$WORK/screen" "$WORK/change.ref" && return 0
        [ "$(date +%s)" -ge "$_end" ] && return 1
        sleep_a_little
    done
}

# Waits until the screen stops moving (two captures 0.4 s apart agree: longer than
# tmux's own delay in passing a resize on to the pane), then saves
# it as $WORK/$1. At most $2 seconds (default 5).
settle() {
    _end=$(( $(date +%s) + ${2:-5} ))
    capture
    while :; do
        cp "$WORK/screen" "$WORK/settle.prev"
        sleep 0.4
        capture
        if cmp -s "$WORK/screen" "$WORK/settle.prev"; then
            cp "$WORK/screen" "$WORK/$1"
            return 0
        fi
        [ "$(date +%s)" -ge "$_end" ] && return 1
    done
}

# Waits until the text $1 is drawn in reverse video (lit stage, focused character).
wait_lit() {
    _end=$(( $(date +%s) + ${2:-5} ))
    while :; do
        lit_segments > "$WORK/lit" && grep -qxF -- "$1" "$WORK/lit" && return 0
        [ "$(date +%s)" -ge "$_end" ] && return 1
        sleep_a_little
    done
}

# Prints each run of reverse-video text on the screen on its own line, trimmed:
# the lit stage and the focused character are drawn in reverse, colour or not.
lit_segments() {
    capture_attrs attrs
    awk -v esc="$ESC" '
    function flush() { gsub(/^ +| +$/, "", run); if (run != "") print run; run = "" }
    {
        n = split($0, parts, esc "\\[")
        for (i = 1; i <= n; i++) {
            text = parts[i]
            if (i > 1) {
                m = index(text, "m")
                params = substr(text, 1, m - 1); text = substr(text, m + 1)
                was = rev
                c = split(params, p, ";")
                if (c == 0 || params == "") rev = 0
                for (j = 1; j <= c; j++) {
                    if (p[j] == "38" || p[j] == "48") { j += (p[j + 1] == "2") ? 4 : 2; continue }
                    if (p[j] == "0" || p[j] == "") rev = 0
                    else if (p[j] == "7") rev = 1
                    else if (p[j] == "27") rev = 0
                }
                if (was && !rev) flush()
            }
            if (rev) run = run text
        }
        flush()
    }' "$WORK/attrs"
}

# The pid of the child of process $1 (the program started by the pane's shell).
child_of() {
    for _stat in /proc/[0-9]*/stat; do
        _line=$(cat "$_stat" 2>/dev/null) || continue
        _rest=${_line##*) }                       # "STATE PPID ..." after "PID (COMM) "
        _ppid=${_rest#* }; _ppid=${_ppid%% *}
        if [ "$_ppid" = "$1" ]; then
            _pid=${_stat#/proc/}; echo "${_pid%/stat}"; return 0
        fi
    done
    return 1
}

# Waits for a child of the pane's shell to appear; prints its pid.
app_pid_in_shell() {
    _shell=$(t display -p '#{pane_pid}')
    _end=$(( $(date +%s) + 5 ))
    while :; do
        child_of "$_shell" && return 0
        [ "$(date +%s)" -ge "$_end" ] && return 1
        sleep_a_little
    done
}

# True when the screen holds no ASCII digit outside its last (status / key hints) line.
no_digits_above_status() {
    _rows=$(wc -l < "$WORK/$1")
    ! head -n $(( _rows - 1 )) "$WORK/$1" | grep -q '[0-9]'
}

# ---------------------------------------------------------------- case runner

FAIL_MSG=""
fail() { FAIL_MSG=$*; return 1; }

# run_case NAME FUNCTION: runs one case on its own tmux server, prints one line.
run_case() {
    CASE_NO=$((CASE_NO + 1))
    case $1 in *"$ONLY"*) ;; *) return 0 ;; esac
    FAIL_MSG=""
    rm -f "$WORK/screen"
    _t0=$(date +%s%N)
    if "$2"; then
        PASSED=$((PASSED + 1))
        _ms=$(( ($(date +%s%N) - _t0) / 1000000 ))
        printf 'ok    %s  (%d.%d s)\n' "$1" $((_ms / 1000)) $((_ms % 1000 / 100))
    else
        FAILED=$((FAILED + 1))
        FAILED_NAMES="$FAILED_NAMES
  $1"
        printf 'FAIL  %s: %s\n' "$1" "${FAIL_MSG:-failed}"
        if [ -n "$SOCK" ]; then capture; fi
        if [ -s "$WORK/screen" ]; then
            echo "---- the pane (capture-pane -p):"
            sed 's/^/| /' "$WORK/screen"
            echo "----"
        fi
    fi
    stop_server
}

# ---------------------------------------------------------------- cases

SENTENCE_ROW='三.*加.*五.*等.*于.*?'

case_sentence() {
    start_app
    wait_for "于" || fail "the sentence never appeared"
    for ch in 三 加 五 等 于 '?'; do
        grep -qF "$ch" "$WORK/screen" || fail "character $ch missing" || return 1
    done
    grep -q "$SENTENCE_ROW" "$WORK/screen" || fail "no row holds 三加五等于? in order"
}

case_golden() {
    start_app
    wait_for "于" || fail "the sentence never appeared" || return 1
    settle first || fail "the screen never settled" || return 1
    _want=$EXPECTED/initial-80x24.txt
    if [ "$UPDATE" = 1 ]; then
        mkdir -p "$EXPECTED" && cp "$WORK/first" "$_want" && echo "      (rewrote $_want)"
        return 0
    fi
    [ -f "$_want" ] || fail "no $_want: run sh tests/e2e/run.sh --update ./attn-tui" || return 1
    if ! cmp -s "$WORK/first" "$_want"; then
        echo "---- diff -u $_want <actual> (after a deliberate change of the frame: sh tests/e2e/run.sh --update ./attn-tui)"
        diff -u "$_want" "$WORK/first" | head -60
        fail "the first frame differs from tests/e2e/expected/initial-80x24.txt"
    fi
}

case_play_pause() {
    start_app --speed 4
    wait_for "于" && settle before || fail "no first frame" || return 1
    t send-keys Space
    # Over 1.5 s of autoplay at speed 4 (a step every ~0.6 s) the frame keeps changing.
    _distinct=1
    cp "$WORK/before" "$WORK/last"
    for _i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
        sleep 0.1; capture
        if ! cmp -s "$WORK/screen" "$WORK/last"; then
            _distinct=$((_distinct + 1)); cp "$WORK/screen" "$WORK/last"
        fi
    done
    [ "$_distinct" -ge 3 ] || fail "only $_distinct different frames in 1.5 s of autoplay" || return 1
    t send-keys Space
    settle stopped || fail "the frame kept moving after space stopped it" || return 1
    sleep 1.3
    capture
    cmp -s "$WORK/screen" "$WORK/stopped" || fail "the frame changed 1.3 s after autoplay stopped"
}

case_numbers() {
    start_app
    wait_for "于" && settle shown || fail "no first frame" || return 1
    if no_digits_above_status shown; then fail "the frame shows no numbers to hide"; return 1; fi
    t send-keys n
    wait_change shown && settle hidden || fail "n changed nothing" || return 1
    if ! no_digits_above_status hidden; then
        head -n $(( $(wc -l < "$WORK/hidden") - 1 )) "$WORK/hidden" | grep -n '[0-9]' | head -5
        fail "digits remain with the numbers hidden"; return 1
    fi
    t send-keys n
    wait_change hidden && settle back || fail "n again changed nothing" || return 1
    cmp -s "$WORK/back" "$WORK/shown" || { diff "$WORK/shown" "$WORK/back" | head; fail "n twice did not restore the same screen"; }
}

case_stage_keys() {
    start_app
    wait_lit_stage ① || return 1
    t send-keys Right;  wait_lit_stage ② || return 1
    t send-keys Right;  wait_lit_stage ③ || return 1
    t send-keys Left;   wait_lit_stage ② || return 1
    t send-keys Left;   wait_lit_stage ① || return 1
    t send-keys Left                                  # at the first step: it says so, stays
    wait_for "first step already" || fail "← at the first step did not say where it is" || return 1
    wait_lit_stage ① || return 1
    t send-keys Down Right Right Right Right           # 加's ④, then across to 五's ①
    wait_lit 五 || fail "→ past ④ did not go on to the next character" || return 1
    wait_lit_stage ① || return 1
    t send-keys Left;   wait_lit_stage ④ || return 1   # back across to the previous character
    wait_lit 加 || fail "← from ① did not go back to the previous character"
}

# Waits until the one lit stage is the one numbered $1.
wait_lit_stage() {
    _end=$(( $(date +%s) + 3 ))
    while :; do
        lit_segments > "$WORK/lit"
        _lit=$(grep -E '①|②|③|④' "$WORK/lit")
        case $_lit in *"$1"*) [ "$(echo "$_lit" | wc -l)" -eq 1 ] && return 0 ;; esac
        [ "$(date +%s)" -ge "$_end" ] && { fail "expected stage $1 lit, lit: $(echo "$_lit" | tr '\n' '|')"; return 1; }
        sleep_a_little
    done
}

case_focus_keys() {
    start_app
    wait_lit 三 || fail "三 is not marked as focused at start" || return 1
    t send-keys Down; wait_lit 加 || fail "↓ did not move the focus to 加" || return 1
    t send-keys Down; wait_lit 五 || fail "↓ did not move the focus to 五" || return 1
    t send-keys Up;   wait_lit 加 || fail "↑ did not move the focus back to 加" || return 1
    t send-keys Up Up; wait_lit '?' || fail "↑ from 三 did not wrap to ?" || return 1
    t send-keys 4;    wait_lit 等 || fail "4 did not focus 等" || return 1
}

case_click() {
    start_app
    wait_for "于" && settle first || fail "no first frame" || return 1
    _row=$(grep -n "$SENTENCE_ROW" "$WORK/first" | tail -1 | cut -d: -f1)
    [ -n "$_row" ] || fail "no sentence row" || return 1
    _prefix=$(sed -n "${_row}p" "$WORK/first" | sed 's/五.*//')
    _col=$(printf '%s' "$_prefix" | LC_ALL=C.UTF-8 wc -L)
    # An SGR (1006) mouse press and release of button 1 on 五, 1-based.
    t send-keys -l "$(printf '\033[<0;%d;%dM\033[<0;%d;%dm' $((_col + 1)) "$_row" $((_col + 1)) "$_row")"
    wait_lit 五 || fail "a click on 五 (column $_col, row $_row) did not focus it"
}

case_resize() {
    start_app
    wait_for "于" && settle first || fail "no first frame" || return 1
    t send-keys Right
    t resize-window -x 70 -y 22          # during the transition to stage ②
    wait_change first && settle small || fail "no frame after the resize to 70×22" || return 1
    # A fresh start at 70×22 on the same step must look exactly the same: no debris.
    _main=$SOCK
    start_pane "$APP_ENV $BIN --stage score" 70 22 ref
    wait_for "于" && settle reference || { t kill-server; SOCK=$_main; fail "no reference frame at 70×22"; return 1; }
    t kill-server; SOCK=$_main
    if ! cmp -s "$WORK/small" "$WORK/reference"; then
        diff "$WORK/reference" "$WORK/small" | head -20
        cp "$WORK/small" "$WORK/screen"; fail "the resized 70×22 frame differs from a fresh one"; return 1
    fi
    t resize-window -x 80 -y 24
    wait_change small || fail "no frame after growing back to 80×24" || return 1
    t send-keys Left
    wait_change small && settle back || fail "← changed nothing" || return 1
    cmp -s "$WORK/back" "$WORK/first" || { diff "$WORK/first" "$WORK/back" | head -20; fail "80×24 after the round trip differs from the first frame"; }
}

case_too_small() {
    start_app
    wait_for "于" && settle first || fail "no first frame" || return 1
    t resize-window -x 40 -y 12
    wait_for_joined "terminal too small: need 60×20, have 40×12" || fail "no too-small line at 40×12" || return 1
    t resize-window -x 80 -y 24
    wait_for "于" && settle back || fail "no frame after growing back" || return 1
    cmp -s "$WORK/back" "$WORK/first" || { diff "$WORK/first" "$WORK/back" | head -20; fail "the frame after recovering differs from the first"; }
}

case_help() {
    start_app
    wait_for "于" && settle first || fail "no first frame" || return 1
    t send-keys '?'
    wait_for "numbers: hide or show" || fail "? did not show the help (with 'numbers: hide or show')" || return 1
    t send-keys '?'
    wait_change screen && settle back || fail "? again changed nothing" || return 1
    cmp -s "$WORK/back" "$WORK/first" || fail "? twice did not give back the same screen"
}

# Runs attn-tui in the pane's shell, ends it with $1 (a key name or a signal name),
# then checks the shell is back with echo and icanon on.
quit_and_check_shell() {
    start_shell || fail "no shell prompt" || return 1
    t send-keys "$BIN; echo exit=\$?" Enter
    wait_for "于" || fail "the program did not start in the shell" || return 1
    case $1 in
        SIG*) _pid=$(app_pid_in_shell) || fail "cannot find the program's pid" || return 1
              kill -s "${1#SIG}" "$_pid" ;;
        *)    t send-keys "$1" ;;
    esac
    wait_for "exit=" "${2:-5}" || fail "the shell did not come back after $1" || return 1
    t send-keys "stty -a > $WORK/stty; echo stty=done" Enter
    wait_for "stty=done" || fail "the shell does not run commands after $1" || return 1
    grep -q "exit=" "$WORK/screen" || fail "the shell's output is not visible" || return 1
    tr ' ;' '\n\n' < "$WORK/stty" > "$WORK/stty.words"
    grep -qx echo "$WORK/stty.words" || fail "echo is off after $1 (stty -a)" || return 1
    grep -qx icanon "$WORK/stty.words" || fail "icanon is off after $1 (stty -a)" || return 1
    wait_prompt || fail "no prompt after $1"
}

case_quit_q()       { quit_and_check_shell q; }
case_quit_sigterm() { quit_and_check_shell SIGTERM; }
case_quit_sigint()  { quit_and_check_shell C-c; }
case_quit_sighup()  { quit_and_check_shell SIGHUP; }

# Esc closes things and never quits: alone, as Alt+key, split from the rest of an arrow's
# sequence (ESC, 50 ms, [C), and inside help (where it closes help). Then q quits with 0.
case_esc_never_quits() {
    start_shell || fail "no shell prompt" || return 1
    t send-keys "$BIN; echo exit=\$?" Enter
    wait_for "于" || fail "the program did not start in the shell" || return 1
    t send-keys Escape
    t send-keys M-q
    t send-keys -H 1b; sleep 0.05; t send-keys -l '[C'
    t send-keys KP5 KP7
    sleep 0.3
    capture
    grep -qF "exit=" "$WORK/screen" && { fail "Esc, Alt+q, a split sequence or a keypad key quit the program"; return 1; }
    grep -qF "于" "$WORK/screen" || { fail "the frame is gone after Esc"; return 1; }
    t send-keys '?'
    wait_for "numbers: hide or show" || fail "? did not open the help" || return 1
    t send-keys Escape
    wait_gone "numbers: hide or show" || fail "Esc did not close the help" || return 1
    capture
    grep -qF "exit=" "$WORK/screen" && { fail "Esc in the help quit the program"; return 1; }
    t send-keys q
    wait_for "exit=0" || fail "q did not quit with status 0"
}

# Waits until the screen no longer holds the fixed string $1, at most $2 seconds (default 5).
wait_gone() {
    _end=$(( $(date +%s) + ${2:-5} ))
    while :; do
        capture && ! grep -qF -- "$1" "$WORK/screen" && return 0
        [ "$(date +%s)" -ge "$_end" ] && return 1
        sleep_a_little
    done
}

case_suspend() {
    start_shell || fail "no shell prompt" || return 1
    t send-keys "$BIN" Enter        # a simple command: fg resumes exactly it
    wait_for "于" && settle before || fail "the program did not start in the shell" || return 1
    t send-keys C-z
    wait_for "Stopped" || fail "Ctrl-Z did not suspend the program" || return 1
    if grep -q "$SENTENCE_ROW" "$WORK/screen"; then fail "the frame is still on screen after Ctrl-Z"; return 1; fi
    t send-keys "fg" Enter
    wait_for "于" && settle after || fail "fg did not repaint" || return 1
    cmp -s "$WORK/after" "$WORK/before" || { diff "$WORK/before" "$WORK/after" | head; fail "the frame after fg differs"; return 1; }
    t send-keys q
    wait_change after || fail "q after fg did not quit" || return 1
    t send-keys 'echo exit=$?' Enter
    wait_for "exit=0" || fail "q after fg did not quit cleanly"
}

case_not_a_tty() {
    { $APP_ENV "$BIN" 2> "$WORK/err"; echo $? > "$WORK/rc"; } | cat > "$WORK/out"
    _rc=$(cat "$WORK/rc")
    cp "$WORK/err" "$WORK/screen"
    [ "$_rc" -ne 0 ] || fail "exit status 0 with stdout a pipe" || return 1
    [ "$(wc -l < "$WORK/err")" -eq 1 ] || fail "stderr has $(wc -l < "$WORK/err") lines, not 1" || return 1
    grep -q -- "--dump" "$WORK/err" || fail "the message does not suggest --dump" || return 1
    [ ! -s "$WORK/out" ] || fail "something was written to the pipe"
}

# The arcs view's own keys: . works 加 → 等 (the lesson's 2.08) instead of the row's largest,
# } works another dimension, and a 60×20 terminal keeps the whole check.
case_arcs_worked() {
    start_app --view arcs --stage score --focus 2
    wait_for "Q(加)·K(五) = " || fail "the score check of 加 did not start on its largest share" || return 1
    t send-keys .
    wait_for "Q(加)·K(等) = " || fail ". did not work the next character" || return 1
    wait_for "≈ 2.08" || fail "the check of 加 → 等 does not end in ≈ 2.08" || return 1
    t send-keys Left '}'
    wait_for "Q(加)[1] = " || fail "} did not work dimension 1 at Q K V" || return 1
    t resize-window -x 60 -y 20
    wait_for "Q(加)[1] = " || fail "the check went at 60×20" || return 1
    grep -qF "q quit" "$WORK/screen" || fail "no \"q quit\" at 60×20"
}

# ---------------------------------------------------------------- main

echo "e2e: $BIN in tmux $(tmux -V | cut -d' ' -f2), 80×24, LANG=C.UTF-8"
run_case "the six characters 三加五等于? appear"                  case_sentence
run_case "first 80×24 frame equals expected/initial-80x24.txt"   case_golden
run_case "space plays (frame changes), space stops it"           case_play_pause
run_case "n hides every number, n restores the same screen"      case_numbers
run_case "→ and ← move the lit stage"                            case_stage_keys
run_case "↑ ↓ and 4 move the focus"                              case_focus_keys
run_case "a click on 五 focuses it"                               case_click
run_case "resize to 70×22 mid-animation and back: whole frames"  case_resize
run_case "40×12 says terminal too small; growing back recovers"  case_too_small
run_case "? shows help, ? again hides it"                        case_help
run_case "q leaves a usable shell (echo, icanon, prompt)"        case_quit_q
run_case "Esc, Alt+q, a split sequence never quit; Esc closes help" case_esc_never_quits
run_case "SIGTERM leaves a usable shell"                         case_quit_sigterm
run_case "Ctrl-C (SIGINT) leaves a usable shell"                 case_quit_sigint
run_case "SIGHUP leaves a usable shell"                          case_quit_sighup
run_case "Ctrl-Z suspends, fg repaints"                          case_suspend
run_case "stdout not a terminal: one line suggesting --dump"     case_not_a_tty
run_case "arcs: . works 加 → 等, } another dimension, 60×20 keeps it" case_arcs_worked

echo "e2e: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ] || { echo "failing:$FAILED_NAMES"; exit 1; }

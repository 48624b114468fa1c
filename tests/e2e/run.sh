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

# The program's environment: a UTF-8 locale in English, a 256-colour xterm, and no user's
# config file (an empty XDG_CONFIG_HOME).
APP_ENV="env -u LC_ALL -u LC_MESSAGES -u LC_CTYPE -u NO_COLOR LANG=C.UTF-8 TERM=xterm-256color XDG_CONFIG_HOME=$WORK/xdg XDG_STATE_HOME=$WORK/state"
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

# Waits until the program started by start_app has left (its pane and server gone).
wait_exit() {
    wait_until '! t has-session >/dev/null 2>&1' 5
}

# Runs a shell in the pane (to check what the program leaves behind) and waits for it.
start_shell() {
    start_pane "ulimit -c 0; $APP_ENV PS1='$PROMPT' sh"
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

# Waits until the command $1 (a shell string) succeeds, at most $2 seconds (default 5): a
# condition to wait for where a fixed sleep would guess how long a loaded machine takes.
wait_until() {
    _end=$(( $(date +%s) + ${2:-5} ))
    while :; do
        eval "$1" && return 0
        [ "$(date +%s)" -ge "$_end" ] && return 1
        sleep_a_little
    done
}

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

# Waits until the screen holds nothing but the shell's prompt (after "clear").
wait_for_blank_prompt() {
    _end=$(( $(date +%s) + 5 ))
    while :; do
        capture && [ "$(grep -v '^$' "$WORK/screen")" = "$PROMPT_SEEN" ] && return 0
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

# Waits until the text $1 is drawn highlighted (lit stage, focused character).
wait_lit() {
    _end=$(( $(date +%s) + ${2:-5} ))
    while :; do
        lit_segments > "$WORK/lit" && grep -qxF -- "$1" "$WORK/lit" && return 0
        [ "$(date +%s)" -ge "$_end" ] && return 1
        sleep_a_little
    done
}

# Prints each run of highlighted text on the screen on its own line, trimmed: the lit stage
# and the focused character are drawn on a background of their own (src/palette.c's STAGE_LIT
# and FOCUS: yellow, and a light grey, pink or white chip), or in reverse video without
# colour (NO_COLOR).
lit_segments() {
    capture_attrs attrs
    awk -v esc="$ESC" '
    BEGIN { split("220 226 255 219 231", l, " "); for (k in l) lit[l[k]] = 1 }   # the highlights backgrounds (src/palette.c)
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
                    if (p[j] == "48" && p[j + 1] == "5") { rev = (p[j + 2] in lit); j += 2; continue }
                    if (p[j] == "38" || p[j] == "48") { j += (p[j + 1] == "2") ? 4 : 2; continue }
                    if (p[j] == "0" || p[j] == "" || p[j] == "49") rev = 0
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
# No data value above the status line: the numbers that name a lesson or a list item
# ("第 4 课", "lesson 8", "1 of 3", "麻烦 1 / 3") and the lesson's 100% stay when n hides numbers.
no_digits_above_status() {
    _rows=$(wc -l < "$WORK/$1")
    ! head -n $(( _rows - 1 )) "$WORK/$1" \
        | sed -E 's/第 ?[0-9]+ ?课//g; s/[Ll]esson [0-9]+//g; s/麻烦 [0-9]+( \/ [0-9]+)?//g; s/[0-9]+ of [0-9]+//g; s/── [0-9]+ · //g; s/(^|[^0-9.])100%/\1/g' \
        | grep -q '[0-9]'
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
    rm -rf "$WORK/state"   # each case starts with no practice history
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

# ---------------------------------------------------------------- the poem model's screens

# Whether the program plays a layered model on its screens (--model poems with --print): the
# two poem screens' cases wait for it.
poem_screens_play() {
    $APP_ENV "$BIN" --no-config --model poems --view heads --print --size 120x40 >/dev/null 2>&1
}

# heads: eight maps and eight descriptions at 120×40; → ↓ choose layer 2 head 2 (its
# description marked); Enter opens the chosen head on the arcs screen.
case_poem_heads() {
    poem_screens_play || { echo "      (skipped: --model poems does not start the screens yet)"; return 0; }
    start_pane "$APP_ENV $BIN --model poems --view heads" 120 40
    wait_for "What each head learned" 10 || fail "the heads screen never appeared" || return 1
    _n=$(grep -o 'L[12] H[1-4]' "$WORK/screen" | wc -l)
    [ "$_n" -eq 16 ] || fail "$_n names of heads, not 8 maps and 8 descriptions" || return 1
    [ "$(grep -c 'offset ' "$WORK/screen")" -eq 8 ] || fail "not eight offset profiles" || return 1
    t send-keys Right Down
    wait_for "▸L2 H2" || fail "→ ↓ did not choose layer 2, head 2" || return 1
    t send-keys Enter
    wait_for "[arcs]" || fail "Enter did not open the arcs screen" || return 1
    wait_for "layer 2 · head 2" || fail "the arcs screen does not show layer 2, head 2" || return 1
    t send-keys q
    wait_exit || fail "q did not quit"
}

# write: → ten times after 床前明月光， writes 疑是地上霜。举头望明 (greedy, as --generate does) on
# the row under the newest character's arcs, the cache holds 16 rows, the counts are on screen;
# Space runs and stops at four lines.
case_poem_write() {
    poem_screens_play || { echo "      (skipped: --model poems does not start the screens yet)"; return 0; }
    start_pane "$APP_ENV $BIN --model poems --view write" 120 40
    wait_for "multiply-adds" 10 || fail "the write screen never appeared" || return 1
    _i=0
    while [ $_i -lt 10 ]; do t send-keys Right; _i=$((_i + 1)); done
    wait_for "16 of 64 characters" || fail "ten presses of → did not write ten characters" || return 1
    _want=$($BIN --model poems --generate 床前明月光， --chars 10)
    # the poem's row under the arcs: the one that ends with the newest character in [ ]
    _got=$(grep '^  [^ 0-9a-z].*\]' "$WORK/screen" | grep -v 'write\]' | head -1 | tr -d ' []')
    case "$_got" in
        "床前明月光，$_want"*) ;;
        *) fail "wrote \"$_got\", --generate wrote \"$_want\"" || return 1 ;;
    esac
    grep -qF "Q,K,V 32·96 = 3072, scores and shares·V 4·2·8·16 = 1024, Wo 32·32 = 1024; 3072 + 1024 + 1024 = 5120" "$WORK/screen" ||
        fail "the step's count with the cache is not on screen" || return 1
    grep -qF "2·32·16·8 bytes = 8192 per layer" "$WORK/screen" || fail "the cache's bytes are not on screen" || return 1
    t send-keys Space
    wait_for "four lines are written" 10 || fail "Space did not write on to the end of the poem" || return 1
    t send-keys q
    wait_exit || fail "q did not quit"
}

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
    start_app --view arcs          # no opening line (it goes at the first key)
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
    start_app --focus 1 --stage qkv
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
    start_app --focus 1 --stage qkv
    wait_lit 三 || fail "三 is not marked as focused at start" || return 1
    t send-keys Down; wait_lit 加 || fail "↓ did not move the focus to 加" || return 1
    t send-keys Down; wait_lit 五 || fail "↓ did not move the focus to 五" || return 1
    t send-keys Up;   wait_lit 加 || fail "↑ did not move the focus back to 加" || return 1
    t send-keys Up Up; wait_lit '?' || fail "↑ from 三 did not wrap to ?" || return 1
    t send-keys 4;    wait_lit 等 || fail "4 did not focus 等" || return 1
}

# A reply to the background query (OSC 11) that arrives late, in two pieces, as over SSH: it
# is swallowed, never typed (its "11" would choose character 1).
case_late_osc11() {
    start_app --focus 3 --stage qkv --theme dark
    wait_lit 五 || fail "五 is not marked as focused at start" || return 1
    t send-keys -l "$(printf '\033]11;rgb:ff')"
    sleep 0.2
    t send-keys -l "$(printf 'ff/ffff/ffff\033\\')"
    sleep 0.3
    wait_lit 五 || fail "the late reply was typed: the focus moved" || return 1
    t send-keys Down; wait_lit 等 || fail "↓ after the reply did not move the focus to 等" || return 1
}

# b cycles the themes live: dark → light (the status line says so) → contrast → dark.
case_theme_key() {
    start_app --theme dark
    wait_for "等" && settle first || fail "no first frame" || return 1
    capture_attrs dark
    t send-keys b
    wait_for "colours: light" || fail "b did not say the light theme" || return 1
    capture_attrs light
    cmp -s "$WORK/dark" "$WORK/light" && { fail "b changed no colour"; return 1; }
    grep -qF '48;5;231' "$WORK/light" || grep -qF '107m' "$WORK/light" || grep -qF '47m' "$WORK/light" \
        || fail "the light theme paints no white background" || return 1
    t send-keys b
    wait_for "colours: contrast" || fail "b did not go on to contrast" || return 1
    t send-keys b
    wait_for "colours: dark" || fail "b did not come back to dark" || return 1
}

case_click() {
    start_app --focus 1 --stage qkv
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
    start_app --view arcs          # 等 at ③, no opening line: → goes to ④
    wait_for "于" && settle first || fail "no first frame" || return 1
    t send-keys Right
    t resize-window -x 70 -y 22          # during the transition to stage ②
    wait_change first && settle small || fail "no frame after the resize to 70×22" || return 1
    # A fresh start at 70×22 on the same step must look exactly the same: no debris.
    _main=$SOCK
    start_pane "$APP_ENV $BIN --view arcs --stage output" 70 22 ref
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
    wait_for_joined "too small to draw: need 60×20, have 40×12" || fail "no too-small line at 40×12" || return 1
    t resize-window -x 80 -y 24
    wait_for "于" && settle back || fail "no frame after growing back" || return 1
    cmp -s "$WORK/back" "$WORK/first" || { diff "$WORK/first" "$WORK/back" | head -20; fail "the frame after recovering differs from the first"; }
}

case_help() {
    start_app --view arcs
    wait_for "于" && settle first || fail "no first frame" || return 1
    t send-keys '?'
    wait_for "one character asks, the arcs show whom it looks at" && wait_for "? closes this help" ||
        fail "? did not show the help (its station text first)" || return 1
    t send-keys '?'
    wait_change screen && settle back || fail "? again changed nothing" || return 1
    cmp -s "$WORK/back" "$WORK/first" || fail "? twice did not give back the same screen"
}

# ---------------------------------------------------------------- leaving

# Linux's numbers of the signals whose default action ends the process, as NAME:N
# (dash's kill knows no names for some of them). SIGKILL and SIGSTOP cannot be caught.
# Not SIGXFSZ: the program ignores it, so that over a file-size limit every output fails
# with EFBIG and says so (tests/cli/run.sh checks that).
FATAL_SIGNALS="HUP:1 INT:2 QUIT:3 ILL:4 TRAP:5 ABRT:6 BUS:7 FPE:8 USR1:10 SEGV:11 USR2:12
PIPE:13 ALRM:14 TERM:15 STKFLT:16 XCPU:24 VTALRM:26 PROF:27 IO:29 PWR:30 SYS:31
RTMIN:34 RTMIN+1:35 RTMAX-1:63 RTMAX:64"

# Types the command $1 into the pane's shell, as a person would.
type_command() {
    rm -f "$WORK/rc"
    t send-keys "$1" Enter
}

# Types the command $1 followed by writing its exit status into $WORK/rc: for a
# command that ends by itself (not by SIGINT, which interrupts the rest of the line).
type_command_status() {
    rm -f "$WORK/rc" "$WORK/rc.tmp"
    t send-keys "$1; echo \$? > $WORK/rc.tmp; mv $WORK/rc.tmp $WORK/rc" Enter
}

# Once the command typed has ended (its prompt is back), types "echo $?" into a file
# and waits for it: the exit status is then in $WORK/rc. (Waiting on the screen for
# the status could match the typed command itself; writing it from the same command
# line would not happen after a SIGINT, which interrupts the rest of the line.)
ask_status() {
    wait_prompt
    t send-keys "echo \$? > $WORK/rc.tmp; mv $WORK/rc.tmp $WORK/rc" Enter
    wait_file rc
}

# Waits until the file $WORK/$1 exists, at most $2 seconds (default 5).
wait_file() {
    _end=$(( $(date +%s) + ${2:-5} ))
    while [ ! -f "$WORK/$1" ]; do
        [ "$(date +%s)" -ge "$_end" ] && return 1
        sleep_a_little
    done
}

# After the program ended in the pane's shell: the prompt is back (so tmux has read
# all the program wrote before it), the terminal is in the modes a shell needs
# (echo, icanon, as stty sees the pane's tty from outside: nothing typed), the cursor
# is visible, mouse reporting is off, the alternate screen is left. $1 names the cause.
check_terminal_restored() {
    wait_prompt; _prompt=$?
    _modes=$(t display -p 'alternate=#{alternate_on} cursor=#{cursor_flag} mouse=#{mouse_any_flag}#{mouse_button_flag}#{mouse_all_flag}#{mouse_standard_flag}#{mouse_sgr_flag}')
    [ "$_modes" = "alternate=0 cursor=1 mouse=00000" ] || fail "after $1 the terminal is left in $_modes" || return 1
    stty -a -F "$(t display -p '#{pane_tty}')" > "$WORK/stty" 2>&1 || fail "stty -a on the pane's tty failed: $(cat "$WORK/stty")" || return 1
    tr ' ;' '\n\n' < "$WORK/stty" > "$WORK/stty.words"
    grep -qx echo "$WORK/stty.words" || fail "echo is off after $1 (stty -a)" || return 1
    grep -qx icanon "$WORK/stty.words" || fail "icanon is off after $1 (stty -a)" || return 1
    [ "$_prompt" -eq 0 ] || fail "no prompt after $1"
}

# Checks the exit status in $WORK/rc is $1 (after $2).
check_status() {
    _rc=$(cat "$WORK/rc")
    [ "$_rc" = "$1" ] || fail "exit status $_rc after $2, want $1"
}

# Runs attn-tui in the pane's shell, ends it with $1 (a key name, or a signal as
# SIGNAME:N sent with kill), then checks the exit status ($2: 0 after a key, 128 + n
# after signal n, as the man page says) and that the shell got its terminal back.
quit_and_check_shell() {
    start_shell || fail "no shell prompt" || return 1
    type_command "$BIN"
    wait_for "于" || fail "the program did not start in the shell" || return 1
    case $1 in
        SIG*) _pid=$(app_pid_in_shell) || fail "cannot find the program's pid" || return 1
              kill "-${1#*:}" "$_pid" ;;
        *)    t send-keys "$1" ;;
    esac
    check_terminal_restored "$1" || return 1
    ask_status || fail "the shell did not come back after $1" || return 1
    check_status "$2" "$1" || return 1
    # The shell runs commands and shows their output.
    t send-keys "echo shell-\$((6 * 7))" Enter
    wait_for "shell-42" || fail "the shell does not run commands after $1"
}

case_quit_q()       { quit_and_check_shell q 0; }

# Resized while it runs, then q: nothing of its frame is left on the shell's screen (tmux,
# back from the alternate screen, pulled 12 of the frame's rows above the prompt).
case_quit_after_resize() {
    start_shell || fail "no shell prompt" || return 1
    type_command "$BIN"
    wait_for "于" || fail "the program did not start in the shell" || return 1
    t resize-window -x 120 -y 40
    wait_for "? explains this screen · g the whole lesson, guided" || fail "no frame at 120×40" || return 1
    settle big || fail "the 120×40 frame never settled" || return 1
    t send-keys q
    ask_status || fail "the shell did not come back after q" || return 1
    capture
    # every line written is the shell's: its prompt, the command typed, nothing of the frame
    _left=$(awk -v p="$PROMPT_SEEN" 'index($0, p) != 1 && $0 !~ /^ *$/' "$WORK/screen" | head -n 3)
    [ -z "$_left" ] || fail "the frame is left on the shell's screen after q: $_left"
}
case_quit_sigterm() { quit_and_check_shell SIGTERM:15 143; }
case_quit_sigint()  { quit_and_check_shell C-c 130; }
case_quit_sighup()  { quit_and_check_shell SIGHUP:1 129; }

# Every signal whose default action ends the process, one after another in one shell:
# each must leave the terminal restored and end the process by that signal (128 + n).
case_fatal_signals() {
    start_shell || fail "no shell prompt" || return 1
    for _sig in $FATAL_SIGNALS; do
        type_command "$BIN"
        wait_for "于" || fail "the program did not start (for SIG${_sig%:*})" || return 1
        _pid=$(app_pid_in_shell) || fail "cannot find the program's pid" || return 1
        kill "-${_sig#*:}" "$_pid"
        check_terminal_restored "SIG${_sig%:*}" || return 1
        ask_status || fail "the shell did not come back after SIG${_sig%:*}" || return 1
        check_status $((128 + ${_sig#*:})) "SIG${_sig%:*}" || return 1
        t send-keys clear Enter     # a blank screen: no "于" of this run left behind
        wait_for_blank_prompt || fail "the screen did not clear" || return 1
    done
}

# Ctrl-\ sends SIGQUIT: the terminal comes back and, with cores enabled, a core is dumped.
case_sigquit_core() {
    start_shell || fail "no shell prompt" || return 1
    mkdir -p "$WORK/cores"
    t send-keys "cd $WORK/cores; ulimit -c unlimited 2>/dev/null || echo > $WORK/no-cores" Enter
    type_command "$BIN"
    wait_for "于" || fail "the program did not start in the shell" || return 1
    t send-keys 'C-\'
    check_terminal_restored "Ctrl-\\ (SIGQUIT)" || return 1
    ask_status || fail "the shell did not come back after Ctrl-\\" || return 1
    check_status 131 "Ctrl-\\ (SIGQUIT)" || return 1
    [ -f "$WORK/no-cores" ] && return 0     # a hard limit of 0: no core to look for
    wait_for "core dumped" 2 || fail "the shell does not say 'core dumped' after SIGQUIT"
}

# Esc closes things and never quits: alone, as Alt+key, split from the rest of an arrow's
# sequence (ESC, 50 ms, [C), and inside help (where it closes help). Then q quits with 0.
case_esc_never_quits() {
    start_shell || fail "no shell prompt" || return 1
    type_command "$BIN"
    wait_for "于" || fail "the program did not start in the shell" || return 1
    t send-keys Escape
    t send-keys M-q
    t send-keys -H 1b; sleep 0.05; t send-keys -l '[C'
    t send-keys KP5 KP7
    sleep 0.3
    [ ! -f "$WORK/rc" ] || { fail "Esc, Alt+q, a split sequence or a keypad key quit the program"; return 1; }
    capture
    grep -qF "于" "$WORK/screen" || { fail "the frame is gone after Esc"; return 1; }
    t send-keys '?'
    wait_for "? closes this help" || fail "? did not open the help" || return 1
    t send-keys Escape
    wait_gone "? closes this help" || fail "Esc did not close the help" || return 1
    capture
    grep -qF "于" "$WORK/screen" || { fail "Esc in the help quit the program"; return 1; }
    t send-keys q
    check_terminal_restored q || return 1
    ask_status || fail "the shell did not come back after q" || return 1
    check_status 0 q
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

# Autoplay, the terminal stopped by Ctrl-S (XOFF: every write waits), then SIGTERM, SIGINT
# and SIGHUP: it ends while output is still stopped (it waited in its write until output
# resumed, then died by the last signal, 129), by the first signal (143), and the terminal
# is given back.
case_quit_while_stopped() {
    start_shell || fail "no shell prompt" || return 1
    type_command "$BIN --autoplay"
    wait_for "于" || fail "the program did not start in the shell" || return 1
    _pid=$(app_pid_in_shell) || fail "cannot find the program's pid" || return 1
    t send-keys C-s
    sleep 0.5   # a frame is due: its write waits for the stopped terminal
    kill -TERM "$_pid"
    sleep 0.1   # then the others, if it is still there (sent at once, the kernel hands
    kill -INT "$_pid" 2>/dev/null; kill -HUP "$_pid" 2>/dev/null   # INT over the TERM)
    wait_until "! kill -0 $_pid 2>/dev/null" 5 ||
        { t send-keys C-q; fail "still running while the terminal is stopped"; return 1; }
    t send-keys C-q
    check_terminal_restored "SIGTERM while stopped" || return 1
    ask_status || fail "the shell did not come back" || return 1
    check_status 143 "SIGTERM, SIGINT, SIGHUP while stopped"
}

# Suspended at 120×40, the terminal resized to 90×30, then fg: the size is read again on
# SIGCONT (the status line said "the terminal is 120×40: drawing 90×30").
case_size_after_fg() {
    start_pane "ulimit -c 0; $APP_ENV PS1='$PROMPT' sh" 120 40
    wait_for "$PROMPT_SEEN" || fail "no shell prompt" || return 1
    t send-keys "$BIN" Enter
    wait_for "于" || fail "the program did not start in the shell" || return 1
    t send-keys C-z
    wait_for "Stopped" || fail "Ctrl-Z did not suspend the program" || return 1
    t resize-window -x 90 -y 30
    t send-keys "fg" Enter
    wait_for "于" && settle after || fail "fg did not repaint" || return 1
    if grep -qF "drawing" "$WORK/after"; then fail "a stale size is said: $(grep -F drawing "$WORK/after")"; return 1; fi
    grep -qF "? explains this screen" "$WORK/after" || fail "no status line at 90×30 after fg"
}

# Keys typed before the program reads them (type-ahead, as tmux sends them at once) are
# kept: the background query drops none of them (0 of 6 tries opened the help).
case_type_ahead() {
    for _try in 1 2 3; do
        start_pane "$APP_ENV $BIN --view machine" 80 24 "try$_try"   # a server of its own each
        t send-keys '?'
        wait_for "closes this help" || fail "try $_try: the ? typed ahead was lost" || return 1
        stop_server
    done
}

# The first frame does not wait for the background query: a terminal that answers later
# (light) gets the light theme then, painted whole, and nothing of the reply is typed.
case_background_answer() {
    start_app --focus 3
    wait_lit 五 || fail "no first frame" || return 1
    capture_attrs dark
    grep -qF "48;5;234" "$WORK/dark" || fail "the first frame is not dark" || return 1
    t send-keys -l "$(printf '\033]11;rgb:ffff/ffff/ffff\033\\')"
    wait_until 'capture_attrs light && grep -qF "48;5;231" "$WORK/light" && ! grep -qF "48;5;234" "$WORK/light"' ||
        fail "the light answer did not repaint the frame light" || return 1
    wait_lit 五 || fail "the reply was typed: the focus moved"
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
    t send-keys "echo \$? > $WORK/fg-rc" Enter
    wait_file fg-rc || fail "the shell did not run a command after q" || return 1
    [ "$(cat "$WORK/fg-rc")" = 0 ] || fail "q after fg: exit status $(cat "$WORK/fg-rc"), want 0"
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

# ---------------------------------------------------------------- station 2 and station 5

case_similarity_keys() {
    start_app --view similarity
    wait_for "one number twice" && settle first || fail "the similarity view did not open on its first trouble" || return 1
    grep -qF "[4.05]" "$WORK/first" && grep -qF "[2.08]" "$WORK/first" || fail "4.05 and 2.08 are not marked" || return 1
    t send-keys Right; wait_for "2 of 3" || fail "→ did not step to the second trouble" || return 1
    wait_for "十减四等于?" || fail "the second trouble does not compare with 十减四等于?" || return 1
    t send-keys c;     wait_for "二乘三等于?" || fail "c did not switch the comparison" || return 1
    t send-keys Right; wait_for "3 of 3" || fail "→ did not step to the third trouble" || return 1
    wait_for "三加五 82.9%" || fail "the third trouble lacks 三加五 82.9%" || return 1
    t send-keys Right; wait_for "1 of 3" || fail "→ after the last trouble did not wrap to the first"
}

case_sqrtd_keys() {
    start_app --view sqrtd
    wait_for "√8 ≈ 2.828427" && settle first || fail "the √d machine did not open with √8 ≈ 2.828427" || return 1
    grep -qF "√128 ≈ 11.313708" "$WORK/first" || fail "no √128 ≈ 11.313708" || return 1
    grep -qF "d = 8 " "$WORK/first" || fail "it does not start at d = 8" || return 1
    t send-keys Right;     wait_for "d = 12 " || fail "→ did not widen d to 12" || return 1
    t send-keys Up Up;     wait_for "d = 24 " || fail "↑↑ did not widen d to 24" || return 1
    t send-keys Left Left Left; wait_for "d = 8 " && settle back || fail "←←← did not bring d back to 8" || return 1
    cmp -s "$WORK/back" "$WORK/first" || { diff "$WORK/first" "$WORK/back" | head; fail "back at d = 8 the screen differs"; return 1; }
    t send-keys d; wait_for "÷√d off" || fail "d did not switch ÷√d off" || return 1
    wait_for "as is" || fail "with ÷√d off softmax is not given the raw scores" || return 1
    t send-keys d; wait_for "÷√d on" || fail "d again did not switch ÷√d on" || return 1
    t send-keys r; wait_for "draw #2" || fail "r did not draw again"
}

case_tab_reaches_similarity_and_sqrtd() {
    start_app
    wait_for "于" && settle first || fail "no first frame" || return 1
    t send-keys BTab
    wait_for "[similarity]" && wait_for "one number twice" || fail "S-Tab from the arcs did not open the similarity view" || return 1
    t send-keys Tab Tab Tab
    wait_for "[√d]" && wait_for "√8 ≈ 2.828427" || fail "three Tabs on did not open the √d machine"
}

case_numbers_in_similarity_and_sqrtd() {
    for _view in similarity sqrtd; do
        start_pane "$APP_ENV $BIN --view $_view" 80 24 "$_view"   # a server of its own each
        wait_for "attn-tui" && settle shown || fail "$_view: no first frame" || return 1
        t send-keys n
        wait_change shown && settle hidden || fail "$_view: n changed nothing" || return 1
        if ! no_digits_above_status hidden; then
            head -n $(( $(wc -l < "$WORK/hidden") - 1 )) "$WORK/hidden" | grep -n '[0-9]' | head -5
            fail "$_view: digits remain with the numbers hidden"; return 1
        fi
        stop_server
    done
}


# ---------------------------------------------------------------- the all and library views

# --view all: ↓ moves the selection (lit in the askers' row, named in the caption); n
# leaves no digit.
case_all_select() {
    start_app --view all --focus 1
    wait_for "looks most at" || fail "--view all did not show the view" || return 1
    wait_lit 三 || fail "三 is not selected at start" || return 1
    t send-keys Down; wait_lit 加 || fail "↓ did not select 加" || return 1
    wait_for "加 looks most at" || fail "the caption did not follow the selection to 加" || return 1
    t send-keys Down Down; wait_lit 等 || fail "↓↓ did not select 等" || return 1
    wait_for "52.4%" || fail "等's share of 加 (52.4%) is not written" || return 1
    t send-keys Up; wait_lit 五 || fail "↑ did not select 五" || return 1
    settle shown || fail "the frame did not settle" || return 1
    t send-keys n
    wait_change shown && settle hidden || fail "n changed nothing" || return 1
    no_digits_above_status hidden || fail "digits remain in the all view with the numbers hidden"
}

# Tab walks the view bar until [all] is lit, and one more Tab reaches [library].
case_tab_all_library() {
    start_app
    wait_for "于" || fail "no first frame" || return 1
    _i=0
    while [ $_i -lt 12 ]; do
        t send-keys Tab
        sleep 0.1
        capture
        grep -qF "[all]" "$WORK/screen" && break
        _i=$((_i + 1))
    done
    wait_for "[all]" && wait_for "everyone looks at once" || fail "Tab never reached the all view" || return 1
    t send-keys Tab
    wait_for "[library]" || fail "Tab after all did not reach the library" || return 1
    wait_for "search phrase" || fail "the library view shows no search phrase" || return 1
    t send-keys 4
    wait_lit 等 || fail "4 did not make 等 the borrower" || return 1
    wait_for "52.4% of 加" || fail "the library does not show 等 taking 52.4% of 加" || return 1
}



# ---------------------------------------------------------------- refusals

# Runs attn-tui in the pane's shell as "$1" (with stdout the pane's terminal and
# stderr into a file), then checks it refused at once: exit 1, one line on stderr
# holding $2 and suggesting --dump, and the terminal untouched.
refuse_and_check() {
    start_shell || fail "no shell prompt" || return 1
    type_command_status "$1 2> $WORK/err"
    wait_file rc 3 || fail "it did not exit at once: $1" || return 1
    cp "$WORK/err" "$WORK/screen"
    check_status 1 "$1" || return 1
    [ "$(wc -l < "$WORK/err")" -eq 1 ] || fail "stderr has $(wc -l < "$WORK/err") lines, not 1" || return 1
    grep -qF -- "$2" "$WORK/err" || fail "stderr does not say '$2'" || return 1
    grep -qF -- "attn-tui --dump" "$WORK/err" || fail "the message does not suggest --dump" || return 1
    check_terminal_restored "$1"
}

case_stdin_not_a_tty() { refuse_and_check "$BIN < /dev/null" "standard input is not a terminal"; }
case_stdin_closed()    { refuse_and_check "$BIN <&-" "standard input is not a terminal (it is closed)"; }
case_term_dumb()       { refuse_and_check "TERM=dumb $BIN" "the terminal type 'dumb' cannot place the cursor"; }
case_term_unknown()    { refuse_and_check "TERM=no-such-terminal $BIN" "the terminal type 'no-such-terminal' is unknown"; }

# utime + stime (fields 14 and 15 of /proc/PID/stat) of process $1 in clock ticks, or
# "gone" once it has ended (or is a zombie no one has reaped yet).
cpu_ticks() {
    _line=$(cat "/proc/$1/stat" 2>/dev/null) || { echo gone; return 0; }
    # shellcheck disable=SC2086
    set -- ${_line##*) }                  # field 3 (the state) onwards
    [ "$1" = Z ] && { echo gone; return 0; }
    shift 11                              # now field 14
    echo $(( $1 + $2 ))
}

# The terminal goes away (its tmux server is killed) under attn-tui started with
# SIGHUP ignored (as by nohup) and stdin "$1": the program must end, or at the very
# least use no CPU (spinning costs ~100 ticks a second; allowed: 5).
vanish_and_check() {
    start_pane "sh -c 'trap \"\" HUP; echo \$\$ > $WORK/pid; exec $APP_ENV $BIN --autoplay $1'"
    wait_file pid || fail "the pane did not start" || return 1
    _pid=$(cat "$WORK/pid")
    _end=$(( $(date +%s) + 3 ))        # until it draws, or has refused at once
    until [ "$(cpu_ticks "$_pid")" = gone ] || { capture && grep -qF "于" "$WORK/screen"; }; do
        [ "$(date +%s)" -ge "$_end" ] && break
        sleep_a_little
    done
    t kill-server >/dev/null 2>&1; SOCK=""
    _end=$(( $(date +%s) + 2 ))
    while [ "$(cpu_ticks "$_pid")" != gone ] && [ "$(date +%s)" -lt "$_end" ]; do sleep_a_little; done
    _before=$(cpu_ticks "$_pid")
    [ "$_before" = gone ] && return 0
    sleep 1
    _after=$(cpu_ticks "$_pid")
    [ "$_after" = gone ] && return 0
    kill -KILL "$_pid" 2>/dev/null
    [ $((_after - _before)) -le 5 ] || fail "still running after its terminal vanished, using $((_after - _before)) CPU ticks a second"
}

case_vanish_tty()     { vanish_and_check ""; }
case_vanish_devnull() { vanish_and_check "< /dev/null"; }
# ---------------------------------------------------------------- the code, scale and summary views

case_code_view() {
    start_app --view code --stage output --focus 4
    wait_for "out = A·V" || fail "--view code did not show the five lines" || return 1
    wait_for "0.52 -0.42  0.13 -0.17  0.96 -0.40 -0.05 -0.17" || fail "no output(等) values" || return 1
    wait_for "F.scaled_dot_product_attention(q, k, v)" || fail "no PyTorch line" || return 1
    t send-keys m
    wait_for "is_causal=True" || fail "m did not show is_causal=True" || return 1
    t send-keys h
    wait_for "num_heads=2" || fail "h did not show num_heads=2" || return 1
    t send-keys n
    wait_gone "0.52" || fail "n did not hide the values" || return 1
    wait_for "[6, 8]·[8, 8] → [6, 8]" || fail "the shapes went with n"
}

case_code_tab() {
    start_app --view train
    wait_for "[train]" || fail "--view train did not start there" || return 1
    t send-keys Tab
    wait_for "[code]" && wait_for "A   = softmax(Q·Kᵀ / √d)" || fail "Tab from train did not open code"
}

case_scale_view() {
    start_app --view scale
    wait_for "3584 × 3584 = 12 845 056" || fail "--view scale did not show Wq's count" || return 1
    wait_for "= 1024 tokens" || fail "the first length is not 1K" || return 1
    t send-keys Right
    wait_for "= 2048 tokens" && wait_for "2048 × 1024 × 2 B =     4 194 304 B =    4 MiB" ||
        fail "→ did not lengthen the text to 2K" || return 1
    t send-keys Right
    wait_for "= 4096 tokens" && wait_for "58 720 256 B =   56 MiB" || fail "→ again: not 4K" || return 1
    t send-keys Left
    wait_for "= 2048 tokens" || fail "← did not shorten the text" || return 1
    t send-keys Up
    wait_for "= 4096 tokens" || fail "↑ did not lengthen the text" || return 1
    t send-keys Down Down Down
    wait_for "= 1024 tokens" || fail "↓ did not stop at 1K"
}

case_scale_tab() {
    start_app --view code
    wait_for "[code]" || fail "--view code did not start there" || return 1
    t send-keys Tab
    wait_for "[scale]" && wait_for "16 515 072" || fail "Tab from code did not open scale"
}

case_summary_view() {
    start_app --view summary --focus 4
    wait_for "[1] Similarity is symmetric and content-only" || fail "--view summary shows no claims" || return 1
    wait_for "等 asks 加: 4.05, 加 asks 等: 2.08" || fail "no scores of the lesson" || return 1
    t send-keys 3
    wait_for "[matrix]" || fail "3 did not open the matrix view" || return 1
    t send-keys Tab Tab Tab Tab Tab Tab
    wait_for "[summary]" || fail "Tab from matrix did not come round to summary" || return 1
    settle claims || fail "the summary did not settle" || return 1
    _row=$(grep -n '\[5\] ' "$WORK/claims" | head -1 | cut -d: -f1)
    [ -n "$_row" ] || fail "no claim [5] on screen" || return 1
    t send-keys -l "$(printf '\033[<0;%d;%dM\033[<0;%d;%dm' 12 "$_row" 12 "$_row")"
    wait_for "[arcs]" || fail "a click on claim 5 did not open the arcs view"
}

case_summary_tab() {
    start_app --view scale
    wait_for "[scale]" || fail "--view scale did not start there" || return 1
    t send-keys Tab
    wait_for "[summary]" && wait_for "[8] A real model" || fail "Tab from scale did not open summary"
}



# ---------------------------------------------------------------- the matrix and machine views

# The column of the first occurrence of the fixed string $2 on screen row $1 (1-based row,
# 0-based column), counted in display columns.
column_of() {
    _line=$(sed -n "${1}p" "$WORK/screen")
    case $_line in *"$2"*) ;; *) return 1 ;; esac
    printf '%s' "${_line%%"$2"*}" | LC_ALL=C.UTF-8 wc -L
}

# An SGR (1006) press and release of button 1 at 0-based column $1, 1-based row $2.
click_at() {
    t send-keys -l "$(printf '\033[<0;%d;%dM\033[<0;%d;%dm' $(($1 + 1)) "$2" $(($1 + 1)) "$2")"
}

# In the matrix view the arrows move the cell cursor and a click chooses a cell; the hand
# check follows each move.
case_matrix_cursor() {
    start_app --view matrix --focus 4
    wait_for_joined "share(等→加) = e^(1.432-1.432)" || fail "no hand check of 等→加 at the start" || return 1
    t send-keys Left
    wait_for_joined "share(等→三) =" || fail "← did not move the check to 等→三" || return 1
    t send-keys Up
    wait_for_joined "share(五→三) =" || fail "↑ did not move the check to 五→三" || return 1
    t send-keys t
    wait_for_joined "Q(五)·K(三) = 1.956×1.145" || fail "t did not show the raw score's products" || return 1
    t send-keys t t
    settle before || fail "the screen never settled" || return 1
    # click on 于 asking 等: 于's row, the column of the value 50.2%
    _row=$(grep -n "于.*42.6%.*50.2%" "$WORK/before" | head -1 | cut -d: -f1)
    [ -n "$_row" ] || fail "no row of 于's shares" || return 1
    cp "$WORK/before" "$WORK/screen"
    _col=$(column_of "$_row" "50.2%") || fail "no 50.2% on row $_row" || return 1
    click_at $((_col + 2)) "$_row"
    wait_for_joined "share(于→等) =" || fail "a click on 50.2% (column $_col, row $_row) did not choose 于→等" || return 1
    wait_for_joined "于 gives 等 50.2% but 等 gives 于 2.2%" || fail "the mirror did not follow the click"
}

# Several resizes in quick succession, then the settled frame equals --print at that size.

# Tab from the arcs reaches the matrix, then (past √d) the machine; → steps it to ④.
case_tab_to_matrix_and_machine() {
    start_app
    wait_for "[arcs]" || fail "no view bar" || return 1
    t send-keys Tab
    wait_for "[matrix]" || fail "Tab from the arcs did not open the matrix" || return 1
    wait_for "every score at once" || fail "the matrix view's title is missing" || return 1
    t send-keys Tab Tab
    wait_for "[machine]" || fail "Tab Tab from the matrix did not open the machine" || return 1
    t send-keys Right Right Right
    wait_for_joined "[6, 8] in, [6, 8] out" || fail "→ → → did not end the machine on [6, 8] in, [6, 8] out"
}

# The arcs view's own keys: . works 加 → 等 (the lesson's 2.08, = 2.079972 with no ≈) instead of the row's largest,
# } works another dimension, and a 60×20 terminal keeps the whole check.
case_arcs_worked() {
    start_app --view arcs --stage score --focus 2
    wait_for "Q(加)·K(五) = " || fail "the score check of 加 did not start on its largest share" || return 1
    t send-keys .
    wait_for "Q(加)·K(等) = " || fail ". did not work the next character" || return 1
    wait_for "= 2.079972" || fail "the check of 加 → 等 does not come out 2.08 (= 2.079972)" || return 1
    t send-keys Left '}'
    wait_for "Q(加)[1] = " || fail "} did not work dimension 1 at Q K V" || return 1
    t resize-window -x 60 -y 20
    wait_for "Q(加)[1] = " || fail "the check went at 60×20" || return 1
    wait_for "q quit" || fail "no \"q quit\" at 60×20"
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
run_case "40×12 says too small to draw; growing back recovers"  case_too_small
run_case "? shows help, ? again hides it"                        case_help
run_case "q leaves a usable shell (exit 0, echo, icanon, prompt)" case_quit_q
run_case "resized, then q: nothing of the frame is left on the shell's screen" case_quit_after_resize
run_case "Esc, Alt+q, a split sequence never quit; Esc closes help" case_esc_never_quits
run_case "SIGTERM leaves a usable shell"                         case_quit_sigterm
run_case "Ctrl-C (SIGINT) leaves a usable shell"                 case_quit_sigint
run_case "SIGHUP leaves a usable shell"                          case_quit_sighup
run_case "every fatal signal: terminal restored, exit 128+n"     case_fatal_signals
run_case "Ctrl-\\ (SIGQUIT): terminal restored, core dumped"     case_sigquit_core
run_case "Ctrl-Z suspends, fg repaints"                          case_suspend
run_case "SIGTERM with output stopped (Ctrl-S): ends at once, 143"  case_quit_while_stopped
run_case "resized while suspended: fg draws the new size, no note" case_size_after_fg
run_case "? typed ahead of the first frame opens the help"         case_type_ahead
run_case "a light answer to the background query repaints light"   case_background_answer
run_case "stdout not a terminal: one line suggesting --dump"     case_not_a_tty
run_case "similarity: → steps the troubles, c switches the comparison" case_similarity_keys
run_case "√d: ←/→ ↑ change d and redraw, d switches ÷√d, r draws again" case_sqrtd_keys
run_case "S-Tab reaches similarity, Tab reaches √d"                case_tab_reaches_similarity_and_sqrtd
run_case "n hides every number in similarity and √d"             case_numbers_in_similarity_and_sqrtd

# ---------------------------------------------------------------- views

# The views, as --help lists them (VIEW_LIST's names, include/view_list.h; the lines under
# --view's, wrapped to the columns): the walk visits every one there is.
VIEWS=$($BIN --help | awk '/^  --view NAME/ { on = 1; next } on && /^   / { printf "%s ", $0; next } { on = 0 }')
[ -n "$VIEWS" ] || { echo "e2e: --help lists no views" >&2; exit 1; }

# The name of the lit view in the view bar: "[arcs]".
current_view() {
    sed -n 2,3p "$WORK/screen" | grep -o '\[[^]]*\]' | head -n 1 | tr -d '[]'
}

# Tab walks every view in the bar's order and comes back; Shift-Tab walks back.
case_tab_walks_views() {
    start_app
    wait_for "[arcs]" || fail "the arcs view is not lit at start" || return 1
    _n=$(printf '%s\n' $VIEWS | wc -l)
    _seen=""
    _i=0
    while [ "$_i" -lt "$_n" ]; do
        _i=$((_i + 1))
        t send-keys Tab
        sleep 0.15
        settle tab || fail "no frame after Tab $_i" || return 1
        _seen="$_seen $(current_view)"
    done
    # the lesson's order after the arcs (the bar writes sqrtd as √d), and back to the arcs
    case "$_seen" in
        " matrix √d machine"*" code scale summary"*" all library similarity arcs") ;;
        *) fail "Tab visited:$_seen" || return 1 ;;
    esac
    [ "$(printf '%s\n' $_seen | sort -u | wc -l)" -eq "$_n" ] || fail "Tab visited a view twice:$_seen" || return 1
    t send-keys BTab
    wait_for "[similarity]" || fail "Shift-Tab from arcs did not go back to similarity" || return 1
    t send-keys BTab BTab BTab
    _back=$(printf '%s\n' $_seen | tail -n 5 | head -n 1)
    wait_for "[$_back]" || fail "Shift-Tab does not wrap around to $_back"
}

# A click on a name in the view bar opens that view.
case_click_view_bar() {
    start_app
    wait_for "[arcs]" || fail "no first frame" || return 1
    _prefix=$(sed -n 2p "$WORK/screen" | sed 's/machine.*//')
    [ -n "$_prefix" ] || fail "machine is not in the view bar" || return 1
    _col=$(printf '%s' "$_prefix" | LC_ALL=C.UTF-8 wc -L)
    t send-keys -l "$(printf '\033[<0;%d;2M\033[<0;%d;2m' $((_col + 2)) $((_col + 2)))"
    wait_for "[machine]" || fail "a click on 'machine' (column $_col of row 2) did not open it"
}

# True when the pane, trailing blanks trimmed, is $WORK/printed.trim (kept as storm.trim).
storm_is_printed() {
    capture storm && sed -e 's/[[:space:]]*$//' "$WORK/storm" > "$WORK/storm.trim" &&
        cmp -s "$WORK/storm.trim" "$WORK/printed.trim"
}

# Every view survives a storm of resizes and settles on a whole frame equal to --print's.
case_resize_storm() {
    for _v in $VIEWS; do
        start_pane "$APP_ENV $BIN --view $_v" 80 24 "$_v"
        wait_for "[" || fail "$_v: no first frame" || return 1
        $APP_ENV "$BIN" --print --view "$_v" --size 80x24 > "$WORK/printed"
        sed -e 's/[[:space:]]*$//' "$WORK/printed" > "$WORK/printed.trim"
        for _s in 70x22 120x40 61x20 100x30 80x24 200x50 80x24; do
            t resize-window -x "${_s%x*}" -y "${_s#*x}"
        done
        # the storm is over when the frame is --print's (at most 20 s on a loaded machine)
        if ! wait_until "storm_is_printed" 20; then
            diff "$WORK/printed.trim" "$WORK/storm.trim" | head -8
            fail "$_v: after a resize storm the frame differs from --print"; return 1
        fi
        settle storm && sed -e 's/[[:space:]]*$//' "$WORK/storm" | cmp -s - "$WORK/printed.trim" ||
            fail "$_v: the frame did not stay --print's after the storm" || return 1
        stop_server
    done
}

run_case "a late OSC 11 reply is swallowed, never typed"          case_late_osc11
run_case "b cycles the themes live: dark, light, contrast, dark"  case_theme_key
run_case "Tab and Shift-Tab walk every view and come back"      case_tab_walks_views
run_case "a click on a view's name in the view bar opens it"     case_click_view_bar
run_case "a resize storm in every view ends on a whole frame"    case_resize_storm


# ---------------------------------------------------------------- the guided tour

# Waits until the screen differs from $WORK/before and shows stop $1 of $2 (its number in
# the caption, or the question a question stop asks in its place), at most 5 seconds: a
# stop is drawn whole in one frame, so nothing needs to settle.
wait_stop() {
    _end=$(( $(date +%s) + 5 ))
    while :; do
        capture && ! cmp -s "$WORK/screen" "$WORK/before" &&
            { grep -qF "tour $1/$2" "$WORK/screen" || grep -qF "Predict:" "$WORK/screen"; } && return 0
        [ "$(date +%s)" -ge "$_end" ] && return 1
        sleep_a_little
    done
}

# --tour at --speed 4: → (and Space) walk from the opening picture to the summary, answering
# the question before ③ on the way; ← walks back to exactly the first stop; Esc leaves on the
# screen shown. Each press waits for the next stop (wait_stop), not for the screen to settle.
case_tour() {
    start_app --tour --speed 4
    wait_for "tour 1/" || fail "--tour did not open on its first stop" || return 1
    settle first || fail "the first stop never settled" || return 1
    grep -qF "52.4%" "$WORK/first" || fail "the opening stop does not show 52.4%" || return 1
    _n=$(grep -o 'tour 1/[0-9]*' "$WORK/first" | cut -d/ -f2)
    _i=1 _asked=0
    while [ "$_i" -lt "$_n" ]; do
        if grep -qF "Predict: whom will 减 look at most?" "$WORK/screen"; then
            grep -qF "十减四等于?" "$WORK/screen" || fail "the share question is not asked in the other sentence" || return 1
            t send-keys 1                      # 十
            wait_for "减 looks most at 十 (49.2%): right!" || fail "answering 1 did not say right" || return 1
            _asked=1
        fi
        cp "$WORK/screen" "$WORK/before"
        if [ $((_i % 2)) = 0 ]; then t send-keys Space; else t send-keys Right; fi
        _i=$((_i + 1))
        wait_stop "$_i" "$_n" || fail "→ did not reach stop $_i" || return 1
    done
    [ "$_asked" = 1 ] || fail "no question before ③ on the way" || return 1
    grep -qF "[summary]" "$WORK/screen" || fail "the last stop is not the summary" || return 1
    grep -qF "the tour's end: you predicted 1 of 2 right" "$WORK/screen" || fail "the end does not sum up the tally" || return 1
    while [ "$_i" -gt 1 ]; do
        cp "$WORK/screen" "$WORK/before"
        t send-keys Left
        _i=$((_i - 1))
        wait_stop "$_i" "$_n" || fail "← did not come back to stop $_i" || return 1
    done
    settle cur || return 1
    cmp -s "$WORK/screen" "$WORK/first" || { diff "$WORK/first" "$WORK/screen" | head -20; fail "the first stop, walked back to, differs"; return 1; }
    t send-keys Escape
    wait_change first && settle left || fail "Esc changed nothing" || return 1
    grep -qF "tour 1/" "$WORK/left" && fail "Esc did not leave the tour" && return 1
    grep -qF "[arcs]" "$WORK/left" || fail "Esc did not stay on the screen shown"
}

# ---------------------------------------------------------------- your own sentence, record

# e, typing 10-4=? and Enter shows 十减四等于? with its arcs; at 80×24 the hint shows the ASCII
# spelling (3+5=?) and an error is shown whole; a bad character is marked and refused, and
# the old sentence stays.
case_input_line() {
    start_app --stage softmax --focus 1
    wait_for "三加五等于?" || fail "no first frame" || return 1
    t send-keys e
    wait_for "sentence:" || fail "e did not open the input line" || return 1
    # at 80×24 the ASCII spelling is read whole, before the vocabulary (it was cut off)
    wait_for "type it in ASCII: 3+5=? is 三加五等于?" || fail "the input line hides the ASCII spelling 3+5=?" || return 1
    t send-keys -l '10-4=x'
    wait_for 'unknown "x" at character 6' || fail "a bad character was not named" || return 1
    wait_for 'is, how many)' || fail "the error is cut (it wraps to the next row, whole)" || return 1
    t send-keys Enter
    sleep 0.2
    capture
    grep -qF "三加五等于? · lesson model" "$WORK/screen" || fail "a refused sentence changed the lesson" || return 1
    t send-keys BSpace
    t send-keys -l '?'
    wait_for "十减四等于?" || fail "the typed sentence is not read as 十减四等于?" || return 1
    t send-keys Enter
    wait_for "十减四等于? · lesson model" || fail "Enter did not run 十减四等于?" || return 1
    wait_for "how much 十 looks at each character" || fail "the panel does not show 十's row" || return 1
    settle arcs || fail "the screen did not settle" || return 1
    grep -qF -e "⡇" -e "⣀" -e "⠉" "$WORK/arcs" || fail "no arcs (braille) for the new sentence" || return 1
    grep -qF "41.8%" "$WORK/arcs" || fail "十's share of itself (41.8%) is not shown"
}

# True when the recording $1 holds at least 20 events and its last is 2.5 s or more in.
cast_grown() {
    tail -n +2 "$1" 2>/dev/null | jq -s -e 'length >= 20 and .[-1][0] >= 2.5' >/dev/null 2>&1
}

# --record: autoplay until the recording holds 20 events over 2.5 s (however long a loaded
# machine takes to draw them), then the file replays (asciinema cat) to the last frame.
case_record() {
    command -v asciinema >/dev/null 2>&1 || { fail "asciinema is not installed (make deps)"; return 1; }
    start_app --record "$WORK/session.cast" --autoplay --speed 2
    wait_for "于" || fail "no first frame" || return 1
    wait_until "cast_grown '$WORK/session.cast'" 60 || fail "autoplay did not record 20 events over 2.5 s" || return 1
    t send-keys ' '                         # pause, then take the last frame
    settle live || fail "the screen did not settle" || return 1
    t send-keys q
    sleep 0.3
    stop_server
    head -n 1 "$WORK/session.cast" | jq -e '.version == 2 and .width == 80 and .height == 24 and (.timestamp | type) == "number" and (.title | startswith("attn-tui"))' >/dev/null \
        || fail "the header is not asciicast v2 with size, timestamp and title: $(head -c 200 "$WORK/session.cast")" || return 1
    _events=$(tail -n +2 "$WORK/session.cast" | jq -s 'length')
    [ "${_events:-0}" -ge 20 ] || fail "only ${_events:-0} events recorded" || return 1
    tail -n +2 "$WORK/session.cast" | jq -s -e '[.[][0]] as $t | ($t == ($t | sort)) and $t[-1] >= 2.5' >/dev/null \
        || fail "event times do not grow to 3 s" || return 1
    start_pane "LC_ALL=C.UTF-8 asciinema cat $WORK/session.cast; sleep 30" 80 24 replay   # a server of its own
    settle replayed || fail "the replay did not settle" || return 1
    cmp -s "$WORK/live" "$WORK/replayed" || { diff "$WORK/live" "$WORK/replayed" | head; fail "the replayed screen differs from the last frame"; }
}

# True when the file $1 keeps its size over 0.5 s.
cast_still() {
    _size=$(wc -c < "$1")
    sleep 0.5
    [ "$_size" = "$(wc -c < "$1")" ]
}

# A paused recording writes nothing: no idle events (once the first frame is written).
case_record_idle() {
    start_app --record "$WORK/idle.cast"
    wait_for "于" && settle first || fail "no first frame" || return 1
    wait_until "cast_still '$WORK/idle.cast'" 10 || fail "the recording kept growing after the first frame" || return 1
    _before=$(wc -c < "$WORK/idle.cast")
    sleep 2
    _after=$(wc -c < "$WORK/idle.cast")
    t send-keys q
    [ "$_before" = "$_after" ] || fail "the recording grew from $_before to $_after bytes while paused"
}

# S writes the frame as SVG: the default name accepted in the current directory,
# the status line saying the full path, the file well-formed and byte for byte what --print
# --format svg writes of the same state at the same size; S again offers -2 and keeps the
# first file; a typed name that exists is refused, and Esc then writes nothing.
case_svg_key() {
    command -v xmllint >/dev/null 2>&1 || { fail "xmllint is not installed (make deps)"; return 1; }
    mkdir -p "$WORK/shots" && _dir=$(cd "$WORK/shots" && pwd -P)
    start_pane "cd $_dir && $APP_ENV $BIN"
    wait_for "于" && settle first || fail "no first frame" || return 1
    t send-keys S
    wait_for "file: attn-tui-arcs.svg" || fail "S did not offer attn-tui-arcs.svg" || return 1
    t send-keys Enter
    wait_for "saved to $_dir/attn-tui-arcs.svg" || fail "the status line does not say where it went" || return 1
    [ -f "$_dir/attn-tui-arcs.svg" ] || fail "no attn-tui-arcs.svg in $_dir" || return 1
    xmllint --noout "$_dir/attn-tui-arcs.svg" 2>"$WORK/xmllint" || fail "not well-formed: $(head -3 "$WORK/xmllint")" || return 1
    (cd "$_dir" && $APP_ENV $BIN --print --format svg --size 80x24) > "$WORK/print.svg" ||
        fail "--print --format svg failed" || return 1
    if ! cmp -s "$_dir/attn-tui-arcs.svg" "$WORK/print.svg"; then
        diff "$WORK/print.svg" "$_dir/attn-tui-arcs.svg" | head -20
        fail "the picture S wrote differs from --print --format svg --size 80x24"; return 1
    fi
    t send-keys S
    wait_for "file: attn-tui-arcs-2.svg" || fail "S again did not offer attn-tui-arcs-2.svg" || return 1
    t send-keys Enter
    wait_for "saved to $_dir/attn-tui-arcs-2.svg" || fail "the second picture was not said written" || return 1
    xmllint --noout "$_dir/attn-tui-arcs-2.svg" || fail "the second picture is not well-formed" || return 1
    cmp -s "$_dir/attn-tui-arcs.svg" "$WORK/print.svg" || fail "the second S changed the first file" || return 1
    t send-keys S
    wait_for "file: attn-tui-arcs-3.svg" || return 1
    t send-keys BSpace BSpace BSpace BSpace BSpace BSpace
    t send-keys -l -- '-2.svg'
    t send-keys Enter
    wait_for "a file of that name exists: Enter again replaces it" || fail "a typed name that exists was not refused" || return 1
    t send-keys Escape
    wait_gone "file:" || fail "Esc did not close the file-name line" || return 1
    xmllint --noout "$_dir/attn-tui-arcs-2.svg" && [ "$(ls "$_dir" | wc -l)" -eq 2 ] ||
        fail "a refused name wrote something: $(ls "$_dir" | tr '\n' ' ')"
}

# S to /dev/tty: the picture goes to the terminal, and the frame is painted again over it
# (the SVG's text stayed on screen until something else changed).
case_svg_to_tty() {
    start_app
    wait_for "于" && settle before || fail "no first frame" || return 1
    t send-keys S
    wait_for "file: attn-tui-arcs.svg" || fail "S did not offer a name" || return 1
    t send-keys C-u; t send-keys -l /dev/tty; t send-keys Enter
    wait_for "saved to /dev/tty" || fail "the status line does not say saved to /dev/tty" || return 1
    settle after || fail "the frame never settled after S" || return 1
    if grep -qF "<text" "$WORK/after" || grep -qF "</svg>" "$WORK/after"; then
        fail "the SVG's text is left on the screen: $(grep -m1 -F '<' "$WORK/after")"; return 1
    fi
    head -n 23 "$WORK/before" > "$WORK/before.body"; head -n 23 "$WORK/after" > "$WORK/after.body"
    cmp -s "$WORK/before.body" "$WORK/after.body" ||
        { diff "$WORK/before.body" "$WORK/after.body" | head -6; fail "the frame after S differs above the status line"; }
}

run_case "e, typing 10-4=? and Enter runs 十减四等于?"                  case_input_line
run_case "S to /dev/tty: the frame is painted again over the picture"    case_svg_to_tty
run_case "S writes the frame as SVG: the default, == --print, never over" case_svg_key
run_case "--tour: → to the summary (a question answered, the tally summed up), ← back, Esc"  case_tour
run_case "--record writes asciicast v2 that replays to the last frame" case_record
run_case "--record writes nothing while paused"                       case_record_idle
run_case "--view all: ↓ and ↑ move the selection, n hides numbers" case_all_select
run_case "Tab reaches the all view, then the library"             case_tab_all_library
run_case "stdin not a terminal: refused in one line, exit 1"     case_stdin_not_a_tty
run_case "stdin closed: refused in one line, exit 1"             case_stdin_closed
run_case "TERM=dumb: refused in one line, no blank screen"       case_term_dumb
run_case "an unknown TERM: refused in one line"                  case_term_unknown
run_case "terminal vanished, SIGHUP ignored: it ends, no spin"   case_vanish_tty
run_case "same with stdin /dev/null: it ends, no spin"           case_vanish_devnull
run_case "--view code: five lines, values; m, h, n change them"   case_code_view
run_case "Tab from train opens code"                             case_code_tab
run_case "--view scale: Wq's count; the arrows change the length" case_scale_view
run_case "Tab from code opens scale"                             case_scale_tab
run_case "--view summary: claims; 3 and a click open their views" case_summary_view
run_case "Tab from scale opens summary"                          case_summary_tab

# ---------------------------------------------------------------- practice, where from, what if

# Three questions answered as a person would: one right, one wrong twice (the first named,
# the second solved; q on the open line is a hint), one left empty (the worked solution);
# Esc leaves the line, n says it does not apply.
case_practice_three() {
    start_app --view practice
    wait_for "Practice · question 1" && wait_for "x(等)[2]: word vector + position fingerprint" ||
        fail "--view practice did not ask question 1" || return 1
    t send-keys -l -- "-0.62"
    wait_for "Your answer (two decimals): -0.62" || fail "the typed answer is not shown" || return 1
    t send-keys Enter
    wait_for "-0.62 is correct!" && wait_for "1 of 1 right · streak 1" ||
        fail "the right answer was not called correct" || return 1
    t send-keys Enter
    wait_for "Practice · question 2" || fail "Enter did not go on to question 2" || return 1
    t send-keys -l "2.0"
    t send-keys Enter
    wait_for "2.0 is not right yet: one more try." ||
        fail "a first wrong answer was not given a second try" || return 1
    wait_for "The mistake: rounded to fewer decimals than asked (two decimals)" ||
        fail "fewer decimals were not named" || return 1
    t send-keys -l "q"                               # q: a hint, never a quit
    wait_for "'q' is not part of a number" || fail "q on the open line was not answered with a hint" || return 1
    t send-keys -l "0.73"
    t send-keys Enter
    wait_for "0.73 is wrong: the right value is 2.03." ||
        fail "the wrong answer did not get the right value" || return 1
    wait_for "Σ = 2.03217 → 2.03 (two decimals)" || fail "no worked solution" || return 1
    t send-keys Enter
    wait_for "Practice · question 3" || fail "Enter did not go on to question 3" || return 1
    t send-keys Enter
    wait_for "Not answered: the answer is 6.44, worked out below." ||
        fail "Enter on an empty line did not reveal the answer" || return 1
    wait_for "Σ = 6.442870 → 6.44 (two decimals)" && wait_for "1 of 3 right · streak 0 · best 1" ||
        fail "no solution or wrong score after the empty answer" || return 1
    t send-keys Enter
    wait_for "Practice · question 4" || return 1
    t send-keys Escape
    wait_for "Enter opens the answer line again." || fail "Esc did not leave the line" || return 1
    t send-keys n
    wait_for "n does not apply here: practice needs its numbers" || fail "n did not say so"
}

# --seed S on the screen asks what --worksheet 1 --seed S prints first.
case_practice_seed() {
    _q=$($BIN --worksheet 1 --seed 5 | sed -n 's/^1\.  //p')
    [ -n "$_q" ] || fail "--worksheet printed no question 1" || return 1
    start_pane "$APP_ENV $BIN --view practice --seed 5" 120 40
    wait_for "$_q" || fail "--seed 5 did not ask the sheet's first question: $_q"
}

# w on the machine screen: output(等)[0]'s chain; Esc closes it.
case_where_from() {
    start_app --view machine --stage output --focus 4
    wait_for "[machine]" || return 1
    t send-keys w
    wait_for "where output(等)[0] = 0.52 comes from" || fail "w did not open the chain" || return 1
    wait_for "← share(等,·)   softmax of its row  19.6% 52.4% 10.1% 1.4% 2.2% 14.4%" ||
        fail "no shares of 等 in the chain" || return 1
    t send-keys Escape
    wait_gone "comes from" || fail "Esc did not close the chain"
}

# i on the machine screen: Wq[2][3] nudged, the status line says so, the code screen
# follows (Q(等)[3] -0.17, 加's share 48.1%), u undoes it.
case_what_if() {
    start_app --view machine --focus 4
    wait_for "[machine]" || return 1
    t send-keys i
    wait_for "what if · Wq" || fail "i did not open the editor" || return 1
    t send-keys Down Down Right Right Right + +
    wait_for "what if: Wq[2][3] 0.58 → 1.58" || fail "the status line did not say what changed from the model as loaded" || return 1
    t send-keys -                                    # one number, three changes
    t send-keys Tab Tab                              # the train screen sits between
    wait_for "[code]" || return 1
    wait_for "-0.69 -2.10 -1.80 -0.17 -0.27  1.92 -0.68 -0.23" ||
        fail "the code screen did not follow the change" || return 1
    wait_for "edited: Wq[2][3] 0.58 → 1.08 · u undoes" || fail "the code screen does not say the model is edited" || return 1
    wait_for "lesson model · edited" || fail "the title does not say the model is edited" || return 1
    t send-keys BTab BTab
    wait_for "what if · Wq (numbers changed: 1)" || return 1
    t send-keys u u u
    wait_for "what if: undone; the model is as it was loaded" || fail "u did not undo" || return 1
    wait_gone "edited:" || fail "the edit marker stayed after u" || return 1
    t send-keys Escape
    wait_gone "what if ·" || fail "Esc did not close the editor" || return 1
    t send-keys Tab Tab
    wait_for "-0.69 -2.10 -1.80  0.14 -0.27  1.92 -0.68 -0.23" ||
        fail "after u the code screen is not the lesson's"
}

# i, then t to the score table: score(等→加) typed as 6; the status line says so, the arcs
# screen's ③ follows (加's share of 等 52.4% → 68.7%, the ② line says it was set by you);
# u undoes it and the arcs show 52.4% again.
case_what_if_score() {
    start_app --view machine --focus 4 --stage softmax
    wait_for "[machine]" || return 1
    t send-keys i t t t
    wait_for "what if · score Q·K" || fail "t did not reach the score table" || return 1
    t send-keys Down Down Down Right
    wait_for "score(等→加) = Q(等)·K(加) = 4.05" || fail "the editor did not choose score(等→加)" || return 1
    t send-keys Enter
    t send-keys -l "6"
    t send-keys Enter
    wait_for "score(等→加) 4.05 → 6.00" || fail "the status line did not say what changed" || return 1
    t send-keys Escape
    wait_gone "what if ·" || fail "Esc did not close the editor" || return 1
    t send-keys BTab BTab BTab
    wait_for "[arcs]" || fail "BTab did not reach the arcs" || return 1
    wait_for "68.7%" || fail "the arcs' ③ did not follow the score (68.7%)" || return 1
    grep -qF "52.4%" "$WORK/screen" && { fail "the arcs still show 52.4%"; return 1; }
    t send-keys Left
    wait_for "score(等→加) = 6.00*: set by you (what-if)," ||
        fail "the arcs' ② did not say the score was set" || return 1
    wait_for "edited: score(等→加) 4.05 → 6.00 · u undoes" || fail "the arcs do not say the score is set" || return 1
    t send-keys u                                    # the global u, on the arcs
    wait_for "what if: undone; the model is as it was loaded" || fail "u did not undo" || return 1
    t send-keys Right
    wait_for "52.4%" || fail "after u the arcs do not show 52.4%"
}

# The practice history across two runs: question 1 (x) answered wrong twice, quit; the next
# run asks an x first and says it is due; the file reads as the history's format. A damaged
# history is said at the start, moved aside, and the run goes on.
case_practice_history() {
    start_app --view practice
    wait_for "Practice · question 1" || return 1
    t send-keys -l "5"
    t send-keys Enter
    t send-keys -l "5"
    t send-keys Enter
    wait_for "5 is wrong: the right value is -0.62." || fail "the answer was not graded" || return 1
    t send-keys q
    wait_exit || fail "q did not quit" || return 1
    [ -s "$WORK/state/attn-tui/history" ] || fail "no history written to \$XDG_STATE_HOME/attn-tui/history" || return 1
    grep -qx "kind x box 1 due 2 asked 1 right 0" "$WORK/state/attn-tui/history" ||
        fail "the history does not hold x in box 1: $(cat "$WORK/state/attn-tui/history")" || return 1
    start_app --view practice
    wait_for "from your practice history, due first: x (1 of 1)" || fail "the next run does not say x is due" || return 1
    wait_for "word vector + position fingerprint" || fail "the next run does not ask an x first" || return 1
    t send-keys Escape
    wait_for "Enter opens the answer line again." || return 1
    t send-keys q
    wait_exit || return 1
    printf 'attn-tui history 1\nsessions many\n' > "$WORK/state/attn-tui/history"
    start_app --view practice
    wait_for "practice history damaged: moved to history.damaged-1" ||
        fail "a damaged history was not said" || return 1
    [ -f "$WORK/state/attn-tui/history.damaged-1" ] || fail "the damaged history was not kept aside" || return 1
    t send-keys Escape
    wait_for "Enter opens the answer line again." || return 1
    t send-keys q
    wait_exit || return 1
    start_app --view practice --no-history
    wait_for "Practice · question 1" || return 1
    t send-keys -l -- "-0.62"
    t send-keys Enter
    wait_for "-0.62 is correct!" || return 1
    t send-keys q
    wait_exit || return 1
    [ ! -f "$WORK/state/attn-tui/history" ] || fail "--no-history wrote a history"
}

# Answers the concept check shown in the pane: the right slots of the questions whose
# numbers are in $1 (1-based), a wrong one for the others; then q.
answer_check() {
    for _q in 1 2 3 4 5 6 7 8 9 10 11 12; do
        wait_for "question $_q of 12" || return 1
        _right=$(printf '4 2 3 1 4 3 2 1 3 4 1 2' | cut -d' ' -f"$_q")   # concept.c's slots
        case " $1 " in *" $_q "*) _key=$_right ;; *) _key=$(( _right % 4 + 1 )) ;; esac
        t send-keys "$_key"
        wait_for "Enter: the next question" || return 1
        t send-keys Enter
    done
    wait_for "Concept check · the result" || return 1
    t send-keys q
}

# --check before and after: the first run is the "before" (4 of 12), the second prints both
# scores and the normalized gain on leaving (on the terminal the check ran on); the history
# keeps both.
case_concept_check() {
    start_shell || fail "no shell prompt" || return 1
    type_command "cd $WORK && $BIN --check"
    answer_check "1 2 3 4" || fail "the first check did not run to its result" || return 1
    ask_status && check_status 0 "--check" || return 1
    wait_for "concept check: 4 of 12 right" || fail "the first check's score was not printed" || return 1
    wait_for 'this was the first check: the "before"' || fail "the first is not the before" || return 1
    t send-keys clear Enter
    wait_gone "concept check" || return 1
    type_command "$BIN --check"
    answer_check "1 2 3 4 5 6 7 8 9 10" || fail "the second check did not run to its result" || return 1
    ask_status && check_status 0 "--check again" || return 1
    wait_for "concept check: 10 of 12 right" || fail "the second check's score was not printed" || return 1
    wait_for "before: 4 of 12 · after: 10 of 12" || fail "no before and after" || return 1
    wait_for "normalized gain (after − before) / (max − before): 0.75" || fail "no normalized gain" || return 1
    [ "$(grep -c '^check ' "$WORK/state/attn-tui/history")" = 2 ] || fail "the history does not keep both checks"
}

run_case "practice: one right, one wrong twice (a second try), one empty; Esc, n"  case_practice_three
run_case "--check before and after: both scores, the normalized gain"   case_concept_check
run_case "practice history: a wrong kind comes back first; damaged: set aside; --no-history" case_practice_history
run_case "practice --seed 5 asks what --worksheet --seed 5 prints"   case_practice_seed
run_case "w traces output(等)[0] on the machine screen"              case_where_from
run_case "i: Wq[2][3] nudged, every screen follows, u undoes"        case_what_if
run_case "i t: score(等→加) typed 6, the arcs follow (68.7%), u undoes" case_what_if_score
run_case "matrix: arrows and a click move the cell, the check follows" case_matrix_cursor
run_case "Tab reaches the matrix and the machine; → ends on [6, 8]" case_tab_to_matrix_and_machine
run_case "arcs: . works 加 → 等, } another dimension, 60×20 keeps it" case_arcs_worked

# ---------------------------------------------------------------- the train screen

# --view train: Space trains until 100% and 三加五等于? → 八; W asks for the file's name on the
# input line and Enter writes the model there; the same name again is refused (the file kept)
# and Esc writes nothing; quit; the saved model's --dump predicts 八.
case_train_screen() {
    start_shell || fail "no shell prompt" || return 1
    type_command "cd $WORK && $BIN --view train"
    wait_for "❚❚ paused" || fail "the train screen did not open paused" || return 1
    wait_for "step 0 · loss 2.4068" || fail "no 'step 0 · loss 2.4068' at the start" || return 1
    t send-keys Space
    wait_for "accuracy 100.0% (66/66)" 60 || fail "add was not learned after Space" || return 1
    wait_for "三加五等于? → 八" || fail "no 三加五等于? → 八 once learned" || return 1
    wait_for "? now gives 三 and 五" || fail "it does not say what it learned" || return 1
    t send-keys W
    wait_for "file: add-seed1.model" || fail "W does not ask for a file name" || return 1
    t send-keys Enter
    wait_for "saved to $(cd "$WORK" && pwd -P)/add-seed1.model" || fail "no 'saved to PATH' after Enter" || return 1
    [ -s "$WORK/add-seed1.model" ] || fail "no add-seed1.model written" || return 1
    cp "$WORK/add-seed1.model" "$WORK/first.model"
    t send-keys W
    wait_for "file: add-seed1-2.model" || fail "W again does not offer the first free name" || return 1
    t send-keys C-u
    t send-keys -l "add-seed1.model"
    t send-keys Enter
    wait_for "a file of that name exists: Enter again replaces it" || fail "an existing file is not asked about" || return 1
    t send-keys Escape
    wait_gone "file:" || fail "Esc did not close the file-name line" || return 1
    cmp -s "$WORK/add-seed1.model" "$WORK/first.model" || fail "a refused name changed the file" || return 1
    t send-keys q
    check_terminal_restored q || return 1
    ask_status || fail "the shell did not come back after q" || return 1
    check_status 0 q || return 1
    type_command_status "$BIN --model $WORK/add-seed1.model --dump > $WORK/dump.txt"
    wait_file rc || fail "--dump of the saved model did not end" || return 1
    check_status 0 "--dump of the saved model" || return 1
    grep -qF "prediction: 三加五等于? → 八" "$WORK/dump.txt" || fail "the saved model does not predict 八: $(grep prediction "$WORK/dump.txt")"
}

# P plays the trained model: the arcs open and say what it answers, the title says which
# model plays; L plays the lesson's model again (every share back to 52.4%), L again the
# trained one.
case_train_play() {
    start_app --view train
    wait_for "❚❚ paused" || fail "the train screen did not open" || return 1
    t send-keys + + + Space
    wait_for "accuracy 100.0% (66/66)" 60 || fail "add was not learned" || return 1
    t send-keys P
    wait_for "the model answers 三加五等于? → 八" || fail "P does not play the trained model on the arcs" || return 1
    wait_for "trained · add · seed 1" || fail "the title does not say the trained model plays" || return 1
    t send-keys L
    wait_for "the lesson's model plays on every screen" || fail "L did not say the lesson's model plays" || return 1
    wait_for "三加五等于? · lesson model" || fail "the title does not say the lesson's model plays" || return 1
    wait_for "52.4%" || fail "the lesson's model's share is not back" || return 1
    wait_gone "the model answers" || fail "the lesson's model has no readout, yet one is said" || return 1
    t send-keys L
    wait_for "trained · add · seed 1" || fail "L again did not bring the trained model back" || return 1
    wait_for "the model answers 三加五等于? → 八" || fail "the trained model came back without its readout"
}

run_case "--view train: Space learns add; W saves; the saved model predicts 八" case_train_screen
run_case "train: P plays the trained model on every screen; L the lesson's and back" case_train_play

# ---------------------------------------------------------------- flows2: what if typed, w's Q·K

# i, Enter, a value that is not a number: the status line says so and nothing changes; while
# typing the keys' line says Esc cancels (a resize keeps the value); at 80 columns the keys'
# line keeps "Esc closes".
case_what_if_typed_junk() {
    start_app --view machine --focus 4
    wait_for "[machine]" || return 1
    t send-keys i
    wait_for "u undo · Esc closes" || fail "the editor's keys line lost Esc at 80 columns" || return 1
    t send-keys Enter
    t send-keys -l "1.2.3"
    wait_for "Backspace erases · Esc cancels" || fail "typing: the keys line does not say Esc cancels" || return 1
    t resize-window -x 120 -y 40                     # in the middle of typing
    wait_for "new value: 1.2.3_" || fail "a resize lost the value being typed" || return 1
    t send-keys Enter
    wait_for "'1.2.3' is not a number" || fail "a value that is not a number was dropped in silence" || return 1
    wait_for "what if · Wq (numbers changed: 0)" || fail "a value that is not a number changed something" || return 1
    t send-keys Enter                                # hex is no number: 0x10 never becomes 10
    t send-keys -l "0x10"
    wait_for "new value: 0x10_" || fail "the x of 0x10 was not kept on the line" || return 1
    t send-keys Enter
    wait_for "'0x10' is not a number" || fail "0x10 was not refused whole" || return 1
    t send-keys Enter
    t send-keys -l "50%"
    t send-keys Enter
    wait_for "'50%': a value of the model is no percentage" || fail "50% was not refused as a percentage" || return 1
    wait_for "what if · Wq (numbers changed: 0)" || fail "0x10 or 50% changed something" || return 1
    t send-keys Enter
    t send-keys -l "1e3"
    t send-keys Enter
    wait_for "→ 1000.00" || fail "1e3 was not read as 1000" || return 1
    t send-keys Escape
    wait_gone "what if ·" || fail "Esc did not close the editor"
}

# w at ③ on the machine screen: the Q·K row carries the decimals ÷ √8 by hand needs, as the
# code screen prints them (1.26 ÷ 2.828427 = 0.445 was shown under 0.447).
case_where_from_dot_digits() {
    start_pane "$APP_ENV $BIN --view machine --focus 4 --stage softmax" 120 40
    wait_for "[machine]" || return 1
    t send-keys w
    wait_for "1.2639 4.0510 -0.6164 -6.2302 -4.8863 0.3915" || fail "the chain's Q·K row does not divide to its ÷√d row"
}

# A score set over 三加五等于? is not carried to the cell at the same places of the other
# sentence (s): it is cleared and the status line says so (it became score(等→减) = 6.00).
case_score_set_cleared_by_sentence() {
    start_pane "$APP_ENV $BIN --set 'score[等][加]=6'" 120 40
    wait_for "68.7%" || fail "--set score[等][加]=6 did not give 等 68.7% for 加" || return 1
    t send-keys s
    wait_for "十减四等于?" || fail "s did not play the other sentence" || return 1
    wait_for "the score you set belonged to the sentence before; cleared" \
        || fail "the score set was carried to the other sentence in silence" || return 1
    ! grep -qF "set by you" "$WORK/screen" || fail "a score is still marked set by you on 十减四等于?"
}

run_case "i: a typed value that is not a number is said, nothing changes" case_what_if_typed_junk
run_case "w: the Q·K row divides by √8 to the ÷√d row as printed"     case_where_from_dot_digits
run_case "s: a score set over the sentence before is cleared, and said" case_score_set_cleared_by_sentence

# ---------------------------------------------------------------- the Linux console

# True when the file $WORK/$1 holds no byte beyond ASCII.
ascii_only() {
    [ "$(LC_ALL=C tr -d '\000-\177' < "$WORK/$1" | wc -c)" -eq 0 ]
}

# TERM=linux (the Linux console draws neither braille nor CJK): ASCII by default, the
# characters by their pinyin, a notice saying why; every view stays ASCII through Tab.
case_term_linux() {
    start_pane "$APP_ENV TERM=linux $BIN"
    wait_for "san jia wu deng yu ?" || fail "no 'san jia wu deng yu ?' title on TERM=linux" || return 1
    # The title is the frame's first row: a capture may come before its last (the notice).
    wait_for "TERM=linux: drawing ASCII (--no-ascii to override)" || fail "no notice of ASCII drawing" || return 1
    settle first || fail "no whole first frame on TERM=linux" || return 1
    ascii_only first || fail "a byte beyond ASCII on TERM=linux" || return 1
    for _i in 1 2 3 4 5 6 7 8 9 10 11; do
        t send-keys Tab
        sleep 0.15
        settle tab || fail "no frame after Tab $_i" || return 1
        ascii_only tab || fail "a byte beyond ASCII in $(current_view) on TERM=linux" || return 1
    done
    t send-keys Right Right '?'
    settle help || fail "no help" || return 1
    ascii_only help || fail "a byte beyond ASCII in the help on TERM=linux"
}

# --no-ascii on TERM=vt100 (a framebuffer console with a Unicode font): braille and CJK.
case_term_vt100_no_ascii() {
    start_pane "$APP_ENV TERM=vt100 $BIN --no-ascii"
    wait_for "三加五等于?" || fail "--no-ascii on TERM=vt100 does not draw 三加五等于?" || return 1
    settle first || fail "no whole first frame on TERM=vt100" || return 1
    ! grep -qF "drawing ASCII" "$WORK/first" || fail "a notice of ASCII drawing under --no-ascii"
}

run_case "TERM=linux: ASCII only in every view, pinyin, a notice"  case_term_linux
run_case "heads: eight maps, a head chosen, Enter opens it on the arcs" case_poem_heads
run_case "write: ten characters as --generate writes them, the cache counted" case_poem_write
run_case "TERM=vt100 --no-ascii: CJK and braille again"          case_term_vt100_no_ascii

# ---------------------------------------------------------------- the poem model

# --model poems plays on the lesson's screens: its line and title, h steps the heads across
# the layers (the status line says which), H back, m says why the mask stays, s the next
# opening, L the lesson's model and back (the poem's line, layer and head again).
case_poems_play() {
    start_pane "$APP_ENV $BIN --model poems" 120 40
    wait_for "床前明月光，疑是地上霜。 · poems · 2 layers × 4 heads" || fail "no poem title" || return 1
    wait_for "L1 H1" || fail "the status line does not say L1 H1 beside the welcome" || return 1
    t send-keys h h
    wait_for "layer 1 · head 3" || fail "h h did not reach layer 1 · head 3" || return 1
    t send-keys h h
    wait_for "layer 2 · head 1" || fail "h went on past layer 1's four heads" || return 1
    t send-keys H
    wait_for "layer 1 · head 4" || fail "H did not step back to layer 1 · head 4" || return 1
    t send-keys h m
    wait_for "mask stays on" || fail "m did not say why the mask stays on" || return 1
    t send-keys L
    wait_for "三加五等于? · lesson model" || fail "L did not play the lesson's model" || return 1
    wait_gone "layer 2 · head 1" || fail "the lesson's model still says a layer" || return 1
    t send-keys L
    wait_for "床前明月光，疑是地上霜。 · poems" || fail "L again did not bring the poem back" || return 1
    wait_for "L2 H1" || fail "the poem came back without its layer and head" || return 1   # terse beside the note
    t send-keys s
    wait_for "白日依山尽，黄河入海流。 · poems" || fail "s did not play the next opening" || return 1
    t send-keys q
    wait_exit || fail "q did not quit"
}

# TERM=linux: the poem model refuses in one line, exit 2 (its characters have no ASCII spelling).
case_poems_ascii() {
    start_shell
    t send-keys "TERM=linux $BIN --model poems; echo status=\$?" Enter
    wait_for "the poem model needs a terminal that shows Chinese" || fail "no one-line refusal on TERM=linux" || return 1
    wait_for "status=2" || fail "the refusal did not exit 2"
}

run_case "--model poems: h/H step the heads, m, s, L and back"     case_poems_play
run_case "--model poems on TERM=linux: one line, exit 2"           case_poems_ascii

echo "e2e: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ] || { echo "failing:$FAILED_NAMES"; exit 1; }

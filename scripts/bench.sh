#!/bin/sh
# bench.sh — `make bench`: measures (does not assert) attn-tui's speed and footprint and
# prints one table. Owns: scripts/bench.sh, scripts/bench-render.c (built here into
# $BUILD/bench-render from the library archive). Touches only a temp dir and tmux.
#
# Usage: sh scripts/bench.sh ./attn-tui        (BUILD=dir if the objects are not in build/)
#
# How each figure is taken:
#   fps              bench-render: frame_render + term_paint in a loop at 120×40, ncurses
#                    on a throwaway newterm writing to /dev/null (and frame_render alone)
#   bytes/frame, /s  bench-render: autoplay on a simulated clock paced exactly like app.c,
#                    ncurses writing to a file whose growth is measured; and the real
#                    program in tmux, its output counted by `pipe-pane` over 10 s
#   CPU              the real processes (not tmux) in one tmux server, side by side at
#                    120×40 for the same 10 s: utime+stime from /proc/PID/stat
#   paused           the same, over 5 s of a paused attn-tui (ticks; 0 expected)
#   peak RSS         VmHWM from /proc/PID/status of the autoplaying attn-tui
#   first frame      bench-render forks BIN on a 120×40 pty with the hidden variable
#                    ATTN_BENCH_EXIT_AFTER_FIRST_FRAME=1 (app.c leaves right after its
#                    first paint): fork to exit, 20 runs, an upper bound of exec → frame
set -u

BIN=${1:-./attn-tui}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
BUILD=${BUILD:-build}
W=120
H=40
CPU_SECONDS=10
PAUSED_SECONDS=5
RUNS=20
export LANG=C.UTF-8
unset LC_ALL LC_CTYPE LC_MESSAGES NO_COLOR
export TERM=xterm-256color

[ -x "$BIN" ] || { echo "bench: $BIN is not built (make)" >&2; exit 1; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/attn-bench.XXXXXX")
SOCK=attn-bench-$$
cleanup() {
    tmux -L "$SOCK" kill-server >/dev/null 2>&1
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# ---------------------------------------------------------------- preparation

if ! command -v cmatrix >/dev/null 2>&1; then
    sh scripts/install-deps.sh cmatrix >&2 || echo "bench: no cmatrix: its column stays empty" >&2
fi

# The helper links the build's library archive (every module but main.c); failing
# that, its objects.
build_helper() {
    if [ -f "$BUILD/libattn.a" ]; then
        _objs=$BUILD/libattn.a
    else
        _objs=""
        for _o in "$BUILD"/obj/*.o; do
            [ "$(basename "$_o")" = main.o ] || _objs="$_objs $_o"
        done
    fi
    # shellcheck disable=SC2086
    ${CC:-cc} -std=c11 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600 \
        -D_XOPEN_SOURCE_EXTENDED -Iinclude $(pkg-config --cflags ncursesw 2>/dev/null) -O2 \
        -o "$BUILD/bench-render" scripts/bench-render.c $_objs \
        $(pkg-config --libs ncursesw 2>/dev/null || echo -lncursesw) -lunistring -lm -lutil
}
build_helper || { echo "bench: cannot build scripts/bench-render.c (run make first)" >&2; exit 1; }
HELPER=$BUILD/bench-render

# "key value" lines of the helper become shell variables.
read_figures() {
    while read -r _k _v; do
        eval "$_k=\$_v"
    done < "$1"
}

# ---------------------------------------------------------------- process figures

t() { tmux -L "$SOCK" -f /dev/null "$@"; }

# utime+stime of a process in clock ticks (fields 14 and 15, after "PID (COMM) ").
cpu_ticks() {
    _line=$(cat "/proc/$1/stat" 2>/dev/null) || { echo 0; return; }
    echo "${_line##*) }" | awk '{ print $12 + $13 }'
}

# The pid of the process a tmux session runs (its command is exec'd, so the pane's pid).
session_pid() {
    t display -p -t "$1" '#{pane_pid}'
}

start_session() {
    t new-session -d -s "$1" -x "$W" -y "$H" "exec $2"
}

TCK=$(getconf CLK_TCK)

# ---------------------------------------------------------------- run

echo "bench: $BIN at ${W}x${H}, TERM=$TERM, LANG=$LANG (measured, not asserted)"
"$HELPER" fps "$W" "$H" 2 > "$WORK/fps" || exit 1
"$HELPER" bytes "$W" "$H" 60 > "$WORK/bytes" || exit 1
"$HELPER" first-frame "$RUNS" "$BIN" "$W" "$H" > "$WORK/first" || exit 1
read_figures "$WORK/fps"
read_figures "$WORK/bytes"
read_figures "$WORK/first"

start_session play "$BIN --autoplay"
start_session paused "$BIN"
HAVE_CMATRIX=0
if command -v cmatrix >/dev/null 2>&1; then
    start_session matrix "cmatrix"
    HAVE_CMATRIX=1
fi
sleep 1   # past start-up and the opening transition
play_pid=$(session_pid play)
paused_pid=$(session_pid paused)
t pipe-pane -O -t play "cat > $WORK/play.bytes"
play0=$(cpu_ticks "$play_pid")
paused0=$(cpu_ticks "$paused_pid")
if [ "$HAVE_CMATRIX" = 1 ]; then
    matrix_pid=$(session_pid matrix)
    t pipe-pane -O -t matrix "cat > $WORK/matrix.bytes"
    matrix0=$(cpu_ticks "$matrix_pid")
fi
sleep "$PAUSED_SECONDS"
paused1=$(cpu_ticks "$paused_pid")
sleep $((CPU_SECONDS - PAUSED_SECONDS))
play1=$(cpu_ticks "$play_pid")
[ "$HAVE_CMATRIX" = 1 ] && matrix1=$(cpu_ticks "$matrix_pid")
t pipe-pane -t play
[ "$HAVE_CMATRIX" = 1 ] && t pipe-pane -t matrix
play_hwm=$(awk '/^VmHWM/ { print $2 }' "/proc/$play_pid/status")
paused_hwm=$(awk '/^VmHWM/ { print $2 }' "/proc/$paused_pid/status")
play_comm=$(cat "/proc/$play_pid/comm")
sleep 0.2
play_bytes=$(wc -c < "$WORK/play.bytes")

# ---------------------------------------------------------------- table

secs() { awk -v t="$1" -v k="$TCK" 'BEGIN { printf "%.2f s", t / k }'; }
pct() { awk -v t="$1" -v k="$TCK" -v s="$2" 'BEGIN { printf "%.2f%%", 100 * t / k / s }'; }
meets() { if awk "BEGIN { exit !($1) }"; then echo yes; else echo NO; fi; }

play_t=$((play1 - play0))
paused_t=$((paused1 - paused0))
row() { printf '%-46s %-22s %-12s %s\n' "$1" "$2" "$3" "$4"; }

echo
row "figure (${W}x${H})" "measured" "target" "meets"
row "----------------------------------------------" "----------------------" "------------" "-----"
row "headless render loop, frame + paint" "$fps_render_paint fps" "" ""
row "  frame_render alone" "$fps_render_only fps" "" ""
row "bytes, first full frame (headless)" "$bytes_first_frame B" "" ""
row "bytes per animated frame (headless)" "$bytes_per_animated_frame B" "" ""
row "bytes per second of autoplay (headless)" "$bytes_per_second_autoplay B/s" "" ""
row "bytes per second of autoplay (tmux, real)" "$((play_bytes / CPU_SECONDS)) B/s" "" ""
row "frames per second of autoplay (average)" "$frames_per_second_autoplay" "" ""
row "CPU, ${CPU_SECONDS} s autoplay: attn-tui ($play_comm)" "$(secs "$play_t") ($(pct "$play_t" "$CPU_SECONDS"))" "" ""
if [ "$HAVE_CMATRIX" = 1 ]; then
    matrix_t=$((matrix1 - matrix0))
    matrix_bytes=$(wc -c < "$WORK/matrix.bytes")
    row "CPU, same ${CPU_SECONDS} s: cmatrix" "$(secs "$matrix_t") ($(pct "$matrix_t" "$CPU_SECONDS"))" "" ""
    row "bytes per second: cmatrix (tmux, real)" "$((matrix_bytes / CPU_SECONDS)) B/s" "" ""
    if [ "$matrix_t" -gt 0 ]; then
        ratio=$(awk -v a="$play_t" -v b="$matrix_t" 'BEGIN { printf "%.2f", a / b }')
    else
        ratio="n/a"
    fi
    row "CPU ratio attn-tui / cmatrix" "$ratio" "<= 1" "$(meets "$play_t <= $matrix_t")"
else
    row "CPU, same ${CPU_SECONDS} s: cmatrix" "n/a (not installed)" "" ""
fi
row "CPU ticks over ${PAUSED_SECONDS} s paused (1 tick = $((1000 / TCK)) ms)" "$paused_t ticks" "0" "$(meets "$paused_t == 0")"
row "peak RSS (VmHWM), autoplay" "$play_hwm kB" "< 5120 kB" "$(meets "$play_hwm < 5120")"
row "peak RSS (VmHWM), paused" "$paused_hwm kB" "< 5120 kB" "$(meets "$paused_hwm < 5120")"
row "exec to first frame, median of $RUNS" "$first_frame_ms_median ms" "< 50 ms" "$(meets "$first_frame_ms_median < 50")"
row "  min / max" "$first_frame_ms_min / $first_frame_ms_max ms" "" ""

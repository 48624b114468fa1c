#!/bin/sh
# bench.sh — `make bench`: measures (does not assert) attn-tui's speed and footprint and
# prints its tables. Owns: scripts/bench.sh, scripts/bench-render.c (built here into
# $BUILD/bench-render from the library archive). Touches only a temp dir and tmux.
#
# Usage: sh scripts/bench.sh ./attn-tui        (BUILD=dir if the objects are not in build/)
#
# How each figure is taken:
#   fps              bench-render: frame_render + term_paint in a loop at 120×40, ncurses
#                    on a throwaway newterm writing to /dev/null (and frame_render alone)
#   bytes/frame, /s  bench-render: autoplay on a simulated clock paced exactly like app.c,
#                    ncurses writing to a file whose growth is measured
#   first frame      bench-render forks BIN on a 120×40 pty with the hidden variable
#                    ATTN_BENCH_EXIT_AFTER_FIRST_FRAME=1 (app.c leaves right after its
#                    first paint): fork to exit, 20 runs, an upper bound of exec → frame
#   instructions     callgrind (when valgrind is installed) over bench-render's autoplay on a
#                    simulated clock at 80x24 (the CPU ratio's size): every frame the app draws
#                    and paints in one whole round of the arcs view (every character through
#                    the four stages: 4, 24 and 64 steps for 1, 6 and 16 characters, ~11 frames
#                    a step; the first, whole paint not counted), divided by the frames; and the
#                    same number of steps in the all view (6 characters)
#   CPU, bytes, RSS  the real processes (not tmux) in one tmux server, an autoplaying
#                    attn-tui and a cmatrix side by side at each size for the same 30 s,
#                    3 times (a new server each; BENCH_CPU_SECONDS, BENCH_CPU_REPS): CPU from
#                    /proc/PID/schedstat (ns), the ratio's median and range; bytes by
#                    `pipe-pane` and peak RSS VmHWM from /proc/PID/status in the first
#   start-up         in tmux at 120×40, attn-tui and tig 15 times each (BENCH_START_RUNS):
#                    bench-render start-in-terminal runs the program on a pty inside a new
#                    window, relaying both ways (the background query reaches tmux), and
#                    notes fork → the last byte of its first screen (0.3 s quiet after);
#                    median and range
#   paused           a paused attn-tui at 120×40 over 5 s of the same run: CPU ticks and
#                    bytes (0 and 0 expected)
#   train screen     bench-render train: the train screen at its default speed on a simulated
#                    clock (tick + frame + paint, a new seed each time add is learned): frames
#                    per second headless, and with callgrind its instructions per frame and
#                    per training step of `add` on its own (100 steps of seed 1); bench-render
#                    train-ticks: its heaviest ticks (`all`, two heads, 100 steps a frame, the
#                    work capped per tick) timed, median and max
#   frame intervals  bench-render runs BIN on a 120×40 pty, presses → 16 times and times
#                    each frame of the transitions as its bytes arrive (a busy machine's
#                    scheduler shows in the max; the 95th percentile is what is judged)
#   every view       callgrind over one whole round of each view (bench-render view: autoplay
#                    through its track, or its own → pressed 12 times on a screen without
#                    one), instructions per frame at 120×40 and 300×80, drawing and painting
#                    (what the key does is left out: the write screen's model step, said apart),
#                    on the lesson's sentence and in the worst case (16 characters, two heads,
#                    the causal mask), two runs at a time (heads, write and poems_VIEW — arcs,
#                    matrix, all, library, machine, code — play the poem model on its line and
#                    on a 32-character one); and each view's peak RSS (VmHWM)
#                    at both sizes beside the floor: bench-floor (built here: links only
#                    ncursesw, libunistring, libm and fills the screen), and beside htop and
#                    tig at the same sizes, all in one tmux server for the same few seconds
#
# BENCH_ONLY=views runs only the per-view table (BENCH_HELPER=path uses another build's
# bench-render, e.g. to measure an older tree with its own BIN).
set -u

BIN=${1:-./attn-tui}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
BUILD=${BUILD:-build}
W=120
H=40
SIZES="80x24 120x40 200x60 300x80"
INSTR_SIZES="80x24"   # the CPU ratio's size; 120x40 and 300x80: every view's table
SIXTEEN="三加五等于?十减四等于?几是二乘"
CPU_SECONDS=${BENCH_CPU_SECONDS:-30}   # one window of attn-tui beside cmatrix (at least 30 s:
CPU_REPS=${BENCH_CPU_REPS:-3}          # a 10 s window held ~15 ms of attn-tui's CPU), repeated (3: make bench stays near 6 min)
PAUSED_SECONDS=5
START_RUNS=${BENCH_START_RUNS:-15}     # start-ups in tmux, each of attn-tui and tig
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

# What the figures are set beside (install-deps.sh's bench list): cmatrix (CPU), tig (start-up,
# RSS), htop (RSS), valgrind (instructions). Without one, its column says n/a.
sh scripts/install-deps.sh cmatrix tig valgrind htop >&2 ||
    echo "bench: cmatrix, tig, valgrind or htop missing: their columns stay n/a" >&2

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
        -D_XOPEN_SOURCE_EXTENDED -Iinclude $(pkg-config --cflags ncursesw 2>/dev/null) -O2 -g \
        -o "$BUILD/bench-render" scripts/bench-render.c $_objs \
        $(pkg-config --libs ncursesw 2>/dev/null || echo -lncursesw) -lunistring -lnettle -lm -lutil
}
if [ -n "${BENCH_HELPER:-}" ]; then
    HELPER=$BENCH_HELPER
else
    build_helper || { echo "bench: cannot build scripts/bench-render.c (run make first)" >&2; exit 1; }
    HELPER=$BUILD/bench-render
fi
# The floor: only the design card's libraries, the screen filled.
FLOOR=$WORK/bench-floor
${CC:-cc} -std=c11 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600 -D_XOPEN_SOURCE_EXTENDED \
    $(pkg-config --cflags ncursesw 2>/dev/null) -O2 -o "$FLOOR" scripts/bench-floor.c \
    $(pkg-config --libs ncursesw 2>/dev/null || echo -lncursesw) -lunistring -lm ||
    { echo "bench: cannot build scripts/bench-floor.c" >&2; exit 1; }

# "key value" lines of the helper become shell variables.
read_figures() {
    while read -r _k _v; do
        eval "$_k=\$_v"
    done < "$1"
}

# ---------------------------------------------------------------- process figures

t() { tmux -L "$SOCK" -f /dev/null "$@"; }

# Ends the tmux server and waits until it is gone: a new server of the same name started
# while the old one is still exiting fails ("server exited unexpectedly").
t_end() {
    t kill-server >/dev/null 2>&1
    _i=0
    while t list-sessions >/dev/null 2>&1 && [ $_i -lt 100 ]; do
        sleep 0.05
        _i=$((_i + 1))
    done
}

# utime+stime of a process in clock ticks (fields 14 and 15, after "PID (COMM) ").
cpu_ticks() {
    _line=$(cat "/proc/$1/stat" 2>/dev/null) || { echo 0; return; }
    echo "${_line##*) }" | awk '{ print $12 + $13 }'
}

# Nanoseconds a process has run on a CPU (the first field of /proc/PID/schedstat).
cpu_ns() {
    awk '{ print $1 }' "/proc/$1/schedstat" 2>/dev/null || echo 0
}

# The pid of the process a tmux session runs (its command is exec'd, so the pane's pid).
session_pid() {
    t display -p -t "$1" '#{pane_pid}'
}

# start_session NAME WxH COMMAND
start_session() {
    t new-session -d -s "$1" -x "${2%x*}" -y "${2#*x}" "exec $3"
}

TCK=$(getconf CLK_TCK)

# ---------------------------------------------------------------- every view

VIEW_SIZES="120x40 300x80"
VIEW_SECONDS=4
WORST_HEADS=2   # the worst case: SIXTEEN characters, two heads, the causal mask

# Instructions per frame of one whole round of view $3 at size $2 in case $4 (default: the
# lesson's sentence; worst: sixteen characters, two heads, the mask), "1.23" (M) into file $1.
view_instr() {
    _out=$WORK/cgv.$2.$3.$4.out
    if [ "$4" = worst ]; then
        set -- "$1" "$2" "$3" "$4" "$SIXTEEN" "$WORST_HEADS" 1
    else
        set -- "$1" "$2" "$3" "$4" "" 1 0
    fi
    valgrind --tool=callgrind --toggle-collect=bench_view_loop --toggle-collect=bench_frames_loop \
        --toggle-collect=bench_view_step \
        --callgrind-out-file="$_out" "$HELPER" view "${2%x*}" "${2#*x}" "$3" "$5" "$6" "$7" \
        > "$_out.frames" 2>/dev/null || { echo "n/a" > "$1"; return; }
    _frames=$(awk '/^frames/ { print $2 }' "$_out.frames")
    awk -v f="$_frames" '/^(summary|totals):/ { printf "%.2f\n", $2 / f / 1e6; exit }' "$_out" > "$1"
    rm -f "$_out" "$_out.frames"
}

# Every view's instructions per frame at both sizes in both cases, two callgrind runs at a
# time (after the timed sections: their CPU does not disturb them): $WORK/vi.VIEW.SIZE.CASE.
views_instr_all() {
    _jobs=0
    for v in $VIEWS; do
        for s in $VIEW_SIZES; do
            for case in default worst; do
                view_instr "$WORK/vi.$v.$s.$case" "$s" "$v" "$case" &
                _jobs=$((_jobs + 1))
                if [ $_jobs -ge 2 ]; then
                    wait
                    _jobs=0
                fi
            done
        done
    done
    wait
}

# Peak RSS in kB of every view at every size, of the floor, and of htop and tig (this
# repository) at the same sizes, side by side in one tmux server: tracked views autoplay at
# the fastest speed, the others get → every 0.3 s.
views_memory() {
    for s in $VIEW_SIZES; do
        start_session "floor$s" "$s" "$FLOOR"
        command -v htop >/dev/null 2>&1 && start_session "htop$s" "$s" "htop"
        command -v tig >/dev/null 2>&1 && t new-session -d -s "tig$s" -x "${s%x*}" -y "${s#*x}" \
            -c "$(pwd)" "exec tig"
        for v in $VIEWS; do
            case $v in   # the poem screens and poems_VIEW play the poem model
                poems_*)     _play="--model poems --view ${v#poems_}" ;;
                heads|write) _play="--model poems --view $v" ;;
                *)           _play="--view $v" ;;
            esac
            start_session "v$v$s" "$s" "$BIN $_play --autoplay --speed 4"
        done
    done
    _i=0
    while [ $_i -lt $((VIEW_SECONDS * 3)) ]; do
        sleep 0.3
        for s in $VIEW_SIZES; do
            for v in $VIEWS; do t send-keys -t "v$v$s" Right 2>/dev/null; done
        done
        _i=$((_i + 1))
    done
    for s in $VIEW_SIZES; do
        _p=$(session_pid "floor$s")
        eval "floor_hwm_$s=\$(awk '/^VmHWM/ { print \$2 }' /proc/$_p/status)"
        for other in htop tig; do
            _p=$(session_pid "$other$s" 2>/dev/null)
            eval "${other}_hwm_$s=\$(awk '/^VmHWM/ { print \$2 }' /proc/$_p/status 2>/dev/null || echo n/a)"
        done
        for v in $VIEWS; do
            _p=$(session_pid "v$v$s")
            eval "hwm_${v}_$s=\$(awk '/^VmHWM/ { print \$2 }' /proc/$_p/status 2>/dev/null || echo 0)"
        done
    done
    t_end
}

views_section() {
    VIEWS=$("$HELPER" views)
    views_memory
    if command -v valgrind >/dev/null 2>&1; then
        views_instr_all
    fi
    echo
    echo "every view: instructions per frame (M, callgrind, one whole round: draw and paint), the"
    echo "lesson's sentence / the worst case (16 characters, 2 heads, the mask); peak RSS above the floor;"
    echo "heads, write and poems_VIEW play the poem model: its 12-character line / a 32-character one"
    printf '%-12s %-16s %-16s %-24s %s\n' "view" "120x40" "300x80" "RSS 120x40 / 300x80 (kB)" "within"
    printf '%-12s %-16s %-16s %-24s %s\n' "----" "------" "------" "------------------------" "------"
    for v in $VIEWS; do
        for s in $VIEW_SIZES; do
            for case in default worst; do
                _f=$WORK/vi.$v.$s.$case
                eval "i_${s}_$case=\$(cat \"$_f\" 2>/dev/null || echo n/a)"
            done
        done
        eval "m120=\$((hwm_${v}_120x40 - floor_hwm_120x40)); m300=\$((hwm_${v}_300x80 - floor_hwm_300x80))"
        ok=$(meets "$i_120x40_default <= 1.5 && $i_120x40_worst <= 1.5 && $i_300x80_default <= 3 && \
                    $i_300x80_worst <= 3 && $m120 <= 614 && $m300 <= 1024" 2>/dev/null)
        printf '%-12s %-16s %-16s %-24s %s\n' "$v" "$i_120x40_default / $i_120x40_worst" \
            "$i_300x80_default / $i_300x80_worst" "$m120 / $m300" "$ok"
    done
    echo "targets <= 1.5 M (120x40) and 3 M (300x80) per frame in both cases, <= 614 / 1024 kB above the floor"
    if command -v valgrind >/dev/null 2>&1; then   # what a frame leaves out: write's model step
        _out=$WORK/cgstep.out
        valgrind --tool=callgrind --toggle-collect=bench_view_step --callgrind-out-file="$_out" \
            "$HELPER" view 120 40 write "" 1 0 > "$_out.frames" 2>/dev/null &&
            awk '/^(summary|totals):/ { printf "write: the model writing one character (not in its frames): %.2f M instructions\n", $2 / 12 / 1e6; exit }' "$_out"
        rm -f "$_out" "$_out.frames"
    fi
    echo "peak RSS (kB) at 120x40 / 300x80: the floor (bench-floor) $floor_hwm_120x40 / $floor_hwm_300x80," \
         "htop $htop_hwm_120x40 / $htop_hwm_300x80, tig $tig_hwm_120x40 / $tig_hwm_300x80"
}

meets() { if awk "BEGIN { exit !($1) }"; then echo yes; else echo NO; fi; }

if [ "${BENCH_ONLY:-}" = views ]; then
    echo "bench: $BIN, every view (measured, not asserted)"
    views_section
    exit 0
fi

# ---------------------------------------------------------------- the helper's figures

echo "bench: $BIN, TERM=$TERM, LANG=$LANG (measured, not asserted)"
BENCH_T0=$(date +%s)
"$HELPER" fps "$W" "$H" 2 > "$WORK/fps" || exit 1
"$HELPER" bytes "$W" "$H" 60 > "$WORK/bytes" || exit 1
"$HELPER" first-frame "$RUNS" "$BIN" "$W" "$H" > "$WORK/first" || exit 1
"$HELPER" intervals "$BIN" "$W" "$H" 16 > "$WORK/intervals" 2>/dev/null || : > "$WORK/intervals"
"$HELPER" train "$W" "$H" 600 > "$WORK/train" || exit 1
"$HELPER" train-ticks "$W" "$H" 300 > "$WORK/ticks" || : > "$WORK/ticks"
read_figures "$WORK/fps"
read_figures "$WORK/bytes"
read_figures "$WORK/first"
read_figures "$WORK/intervals"
read_figures "$WORK/train"
read_figures "$WORK/ticks"

# ---------------------------------------------------------------- real processes

# Every size at once in one tmux server: attn-tui autoplaying and cmatrix side by side for
# CPU_SECONDS, CPU_REPS times (a new server each time); the first round also holds one paused
# attn-tui, and gives the bytes and the peak RSS.
HAVE_CMATRIX=0
command -v cmatrix >/dev/null 2>&1 && HAVE_CMATRIX=1
# cpu_round REP: one window; its CPU nanoseconds into play_ns_SIZE_REP (and matrix_ns_SIZE_REP).
cpu_round() {
    _rep=$1
    for s in $SIZES; do
        start_session "play$s" "$s" "$BIN --autoplay"
        [ "$HAVE_CMATRIX" = 1 ] && start_session "matrix$s" "$s" "cmatrix"
    done
    [ "$_rep" = 1 ] && start_session paused "${W}x${H}" "$BIN"
    sleep 1   # past start-up and the opening transition
    for s in $SIZES; do
        eval "play_pid_$s=\$(session_pid play$s)"
        [ "$_rep" = 1 ] && t pipe-pane -O -t "play$s" "cat > $WORK/play$s.bytes"
        if [ "$HAVE_CMATRIX" = 1 ]; then
            eval "matrix_pid_$s=\$(session_pid matrix$s)"
            [ "$_rep" = 1 ] && t pipe-pane -O -t "matrix$s" "cat > $WORK/matrix$s.bytes"
        fi
    done
    for s in $SIZES; do
        eval "play0_$s=\$(cpu_ns \$play_pid_$s)"
        [ "$HAVE_CMATRIX" = 1 ] && eval "matrix0_$s=\$(cpu_ns \$matrix_pid_$s)"
    done
    if [ "$_rep" = 1 ]; then
        paused_pid=$(session_pid paused)
        t pipe-pane -O -t paused "cat > $WORK/paused.bytes"
        paused0=$(cpu_ticks "$paused_pid")
        paused_ns0=$(cpu_ns "$paused_pid")
        sleep "$PAUSED_SECONDS"
        paused1=$(cpu_ticks "$paused_pid")
        paused_ns1=$(cpu_ns "$paused_pid")
        t pipe-pane -t paused
        sleep $((CPU_SECONDS - PAUSED_SECONDS))
    else
        sleep "$CPU_SECONDS"
    fi
    for s in $SIZES; do
        eval "play_ns_${s}_$_rep=\$((\$(cpu_ns \$play_pid_$s) - play0_$s))"
        [ "$HAVE_CMATRIX" = 1 ] && eval "matrix_ns_${s}_$_rep=\$((\$(cpu_ns \$matrix_pid_$s) - matrix0_$s))"
        if [ "$_rep" = 1 ]; then
            eval "hwm_$s=\$(awk '/^VmHWM/ { print \$2 }' /proc/\$play_pid_$s/status)"
            t pipe-pane -t "play$s"
            [ "$HAVE_CMATRIX" = 1 ] && t pipe-pane -t "matrix$s"
        fi
    done
    [ "$_rep" = 1 ] && paused_hwm=$(awk '/^VmHWM/ { print $2 }' "/proc/$paused_pid/status")
    t_end
}
rep=1
while [ $rep -le "$CPU_REPS" ]; do
    cpu_round $rep
    rep=$((rep + 1))
done

# Start-up in tmux: attn-tui and tig, one after the other START_RUNS times, each in a new
# window of one tmux server at W×H. bench-render start-in-terminal runs the program on a pty
# inside the pane, relaying both ways (attn-tui's background query reaches tmux, which
# does not answer), and notes the milliseconds from fork to the last byte of the first
# screen (nothing more for 0.3 s). tig starts in this repository.
start_runs() {   # start_runs NAME COMMAND...: the times into $WORK/start.NAME
    _name=$1; shift
    : > "$WORK/start.$_name"
    t new-session -d -s start -x "$W" -y "$H" "sleep 600"
    _i=0
    while [ $_i -lt "$START_RUNS" ]; do
        _before=$(wc -l < "$WORK/start.$_name")
        t new-window -t start -c "$(pwd)" "$HELPER start-in-terminal $WORK/start.$_name $*"
        _end=$(( $(date +%s) + 10 ))
        while [ "$(wc -l < "$WORK/start.$_name")" -eq "$_before" ] && [ "$(date +%s)" -lt "$_end" ]; do
            sleep 0.05
        done
        _i=$((_i + 1))
    done
    t_end
}
start_runs attn "$BIN"
command -v tig >/dev/null 2>&1 && start_runs tig tig

# Instructions per frame, when valgrind is installed (after the processes: its own CPU).
HAVE_VALGRIND=0
command -v valgrind >/dev/null 2>&1 && HAVE_VALGRIND=1
instr() {   # instr WxH SENTENCE STEPS [VIEW]: instructions per frame
    _out=$WORK/cg.$$.out
    valgrind --tool=callgrind --toggle-collect=bench_frames_loop --callgrind-out-file="$_out" \
        "$HELPER" instr "${1%x*}" "${1#*x}" "$2" "$3" ${4:+"$4"} > "$WORK/instr.frames" 2>/dev/null || { echo "n/a"; return; }
    _frames=$(awk '/^frames/ { print $2 }' "$WORK/instr.frames")
    awk -v f="$_frames" '/^(summary|totals):/ { printf "%.2f M", $2 / f / 1e6; exit }' "$_out"
}
instr_train() {   # instr_train FUNCTION DIVISOR: the train screen's instructions per unit
    _out=$WORK/cgt.$$.out
    valgrind --tool=callgrind "--toggle-collect=$1*" --callgrind-out-file="$_out" \
        "$HELPER" train "$W" "$H" 300 > /dev/null 2>&1 || { echo "n/a"; return; }
    awk -v f="$2" '/^(summary|totals):/ { printf "%.2f M", $2 / f / 1e6; exit }' "$_out"
}
if [ "$HAVE_VALGRIND" = 1 ]; then
    instr_train_frame=$(instr_train bench_train_frames 300)
    instr_train_step=$(instr_train bench_train_steps 100)
    for s in $INSTR_SIZES; do
        eval "instr1_$s=\"\$(instr $s 三 4)\""
        eval "instr6_$s=\"\$(instr $s '' 24)\""
        eval "instr16_$s=\"\$(instr $s \"\$SIXTEEN\" 64)\""
        eval "instrall_$s=\"\$(instr $s '' 24 all)\""
    done
fi

# ---------------------------------------------------------------- tables

secs() { awk -v t="$1" 'BEGIN { printf "%.3f s", t / 1e9 }'; }
pct() { awk -v t="$1" -v s="$2" 'BEGIN { printf "%.2f%%", 100 * t / 1e9 / s }'; }
row() { printf '%-46s %-24s %-12s %s\n' "$1" "$2" "$3" "$4"; }
rule() { row "----------------------------------------------" "------------------------" "------------" "-----"; }
bytes_of() { wc -c < "$1" 2>/dev/null || echo 0; }

echo
row "figure (${W}x${H} unless said)" "measured" "target" "meets"
rule
row "headless render loop, frame + paint" "$fps_render_paint fps" "" ""
row "  frame_render alone" "$fps_render_only fps" "" ""
row "bytes, first full frame (headless)" "$bytes_first_frame B" "" ""
row "bytes per animated frame (headless)" "$bytes_per_animated_frame B" "" ""
row "bytes per second of autoplay (headless)" "$bytes_per_second_autoplay B/s" "" ""
row "frames per second of autoplay (average)" "$frames_per_second_autoplay" "" ""
row "exec to first frame, median of $RUNS" "$first_frame_ms_median ms" "< 50 ms" "$(meets "$first_frame_ms_median < 50")"
row "  min / max" "$first_frame_ms_min / $first_frame_ms_max ms" "" ""
paused_t=$((paused1 - paused0))
paused_bytes=$(bytes_of "$WORK/paused.bytes")
row "CPU ticks over $PAUSED_SECONDS s paused (1 tick = $((1000 / TCK)) ms)" "$paused_t ticks ($(secs $((paused_ns1 - paused_ns0))))" "0" "$(meets "$paused_t == 0")"
row "bytes written over $PAUSED_SECONDS s paused" "$paused_bytes B" "0" "$(meets "$paused_bytes == 0")"
row "peak RSS (VmHWM), paused" "$paused_hwm kB" "< 5120 kB" "$(meets "$paused_hwm < 5120")"
if [ -n "${interval_n:-}" ]; then
    row "frame intervals in 16 transitions (n=$interval_n)" "median $interval_median_ms ms" "33 ms" ""
    row "  min / max" "$interval_min_ms / $interval_max_ms ms" "" ""
    row "  within 2 ms of 33 ms" "$interval_within_2ms_pct%" "" ""
    row "  from the 33 ms grid: 95% within / max" "$interval_deadline_error_p95_ms / $interval_deadline_error_max_ms ms" "<= 2 ms" "$(meets "$interval_deadline_error_p95_ms <= 2")"
    row "  frames per second on the grid" "$interval_fps (skipped $interval_skipped)" "30" "$(meets "$interval_fps >= 29.5 && $interval_fps <= 30.5")"
else
    row "frame intervals" "n/a (no pty)" "" ""
fi

# median and range of the numbers on standard input: "MEDIAN (MIN-MAX)"
median_range() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) { print "n/a"; exit }
        m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%.3f (%.3f-%.3f)", m, v[1], v[NR] }'
}

echo
window=$CPU_SECONDS
row "autoplay, ${CPU_REPS} x ${window} s side by side" "attn-tui / cmatrix" "target" "meets"
rule
for s in $SIZES; do
    pb=$(bytes_of "$WORK/play$s.bytes")
    eval "hwm=\$hwm_$s"
    _cpu=""; _ratios=""
    rep=1
    while [ $rep -le "$CPU_REPS" ]; do
        eval "pt=\$play_ns_${s}_$rep"
        _cpu="$_cpu $(awk -v t="$pt" 'BEGIN { printf "%.3f", t / 1e9 }')"
        if [ "$HAVE_CMATRIX" = 1 ]; then
            eval "mt=\$matrix_ns_${s}_$rep"
            _ratios="$_ratios $(awk -v a="$pt" -v b="$mt" 'BEGIN { if (b > 0) printf "%.4f", a / b }')"
        fi
        rep=$((rep + 1))
    done
    row "CPU s at $s, median (range)" "$(echo $_cpu | tr ' ' '\n' | median_range)" "" ""
    if [ "$HAVE_CMATRIX" = 1 ]; then
        ratio=$(echo $_ratios | tr ' ' '\n' | median_range)
        mb=$(bytes_of "$WORK/matrix$s.bytes")
        target=""; ok=""
        if [ "$s" = 80x24 ]; then
            target="<= 0.15"
            ok=$(meets "${ratio%% *} <= 0.15")
        fi
        row "  ratio attn-tui / cmatrix" "$ratio" "$target" "$ok"
        row "  bytes per second (first window)" "$((pb / window)) / $((mb / window)) B/s" "" ""
    else
        row "  bytes per second (first window)" "$((pb / window)) B/s / n/a" "" ""
    fi
    row "  peak RSS (VmHWM), attn-tui" "$hwm kB" "< 5120 kB" "$(meets "$hwm < 5120")"
done

echo
row "start-up in tmux ${W}x${H}, $START_RUNS runs" "ms, median (range)" "target" "meets"
rule
attn_start=$(median_range < "$WORK/start.attn")
row "attn-tui: fork to its first screen" "$attn_start" "< 20 ms" "$(meets "${attn_start%% *} < 20")"
if [ -s "$WORK/start.tig" ]; then
    row "tig (this repository): the same" "$(median_range < "$WORK/start.tig")" "" ""
else
    row "tig" "n/a (not installed, or it did not start)" "" ""
fi

echo
row "instructions per frame (callgrind)" "1 / 6 / 16 chars; all" "target" "meets"
rule
if [ "$HAVE_VALGRIND" = 1 ]; then
    for s in $INSTR_SIZES; do
        eval "i1=\$instr1_$s; i6=\$instr6_$s; i16=\$instr16_$s; iall=\$instrall_$s"
        case $s in
            120x40) target="<= 1.5 M" ;;
            300x80) target="<= 3 M" ;;
            *) target="" ;;
        esac
        ok=""
        if [ -n "$target" ]; then
            limit=${target#<= }; limit=${limit% M}
            ok=$(meets "${i1% M} <= $limit && ${i6% M} <= $limit && ${i16% M} <= $limit && ${iall% M} <= $limit")
        fi
        row "at $s" "$i1 / $i6 / $i16; $iall" "$target" "$ok"
    done
else
    row "instructions per frame" "n/a (no valgrind)" "" ""
fi

views_section
echo
row "the train screen (${W}x${H}, training add)" "measured" "target" "meets"
rule
row "frames per second, tick + frame + paint" "$train_fps fps ($train_ms_per_frame ms)" ">= 30" "$(meets "$train_fps >= 30")"
row "one training step of add, on its own" "$train_us_per_step us" "" ""
if [ -n "${train_ticks:-}" ]; then
    row "all, 2 heads, 100 steps a frame: tick (ms)" "median $train_tick_ms_median, max $train_tick_ms_max" "<= 16 ms" \
        "$(meets "$train_tick_ms_max <= 16")"
    row "  its CPU time (ms)" "median $train_tick_cpu_ms_median, max $train_tick_cpu_ms_max" "<= 16 ms" \
        "$(meets "$train_tick_cpu_ms_max <= 16")"
    row "  tick + frame + paint (ms), $train_ticks ticks" "median $train_tick_frame_ms_median, max $train_tick_frame_ms_max" "" ""
fi
if [ "$HAVE_VALGRIND" = 1 ]; then
    row "instructions per frame while training" "$instr_train_frame" "" ""
    row "instructions per training step of add" "$instr_train_step" "" ""
fi

BENCH_T1=$(date +%s)
sh scripts/bench-train.sh "$BIN"   # training: attn-tui beside PyTorch (once)
BENCH_T2=$(date +%s)
sh scripts/bench-poems.sh "$BIN"   # the poem model: training beside PyTorch, reading it
BENCH_T3=$(date +%s)
echo
echo "make bench took $((BENCH_T3 - BENCH_T0)) s: screens and processes $((BENCH_T1 - BENCH_T0)) s," \
     "training $((BENCH_T2 - BENCH_T1)) s, the poem model $((BENCH_T3 - BENCH_T2)) s" \
     "(load average $(cut -d' ' -f1-3 /proc/loadavg): a busy machine stretches every wall-clock figure)"


#!/bin/sh
# bench-poems.sh — the poem model's figures of `make bench`: training steps of the shipped shape
# (d 32, 2 layers × 4 heads, batch 32, float64) in attn-tui on 1 thread beside the same model
# and batches in PyTorch with torch.set_num_threads(1) (and which BLAS PyTorch uses), the steps
# per second on 2 threads and what `make poems-model` takes at that pace, and the time to read
# the shipped model and play its line (the text parser) and to the first output of
# `attn-tui --model poems`. Measures, asserts nothing.
# Owns: scripts/bench-poems.{sh,c,py} (the helper built here into $BUILD/bench-poems).
# Usage: sh scripts/bench-poems.sh ./attn-tui      (called by scripts/bench.sh)
set -u

BIN=${1:-./attn-tui}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
BUILD=${BUILD:-build}
PY=${PYTHON:-python3}
STEPS=50
RUNS=20
[ -f "$BUILD/libattn.a" ] || { echo "bench-poems: $BUILD/libattn.a is not built (make)" >&2; exit 1; }
[ -f /usr/share/games/fortunes/tang300 ] || sh scripts/install-deps.sh fortunes-zh >&2 || exit 1
${CC:-cc} -std=c11 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600 -Iinclude -O2 \
    -o "$BUILD/bench-poems" scripts/bench-poems.c "$BUILD/libattn.a" -lunistring -lnettle -lpthread -lm ||
    { echo "bench-poems: cannot build scripts/bench-poems.c" >&2; exit 1; }

echo
echo "the poem model: $STEPS training steps of the shipped shape (d 32, 2 × 4 heads, 32 windows a step, float64)"
set -- $("$BUILD/bench-poems" steps "$BUILD/bench-poems.batches" $STEPS)
c_cpu=$1; c_wall2=$4
set -- $("$PY" scripts/bench-poems.py "$BUILD/bench-poems.batches" 2>/dev/null)
py_cpu=${1:-}; py_version=${2:-}; py_blas=${3:-}
printf '%-36s %12s %12s %10s %12s\n' "1 thread, CPU seconds a step" "attn-tui" "PyTorch" "ratio" "target"
if [ -n "$py_cpu" ]; then
    ratio=$(awk -v a="$c_cpu" -v b="$py_cpu" 'BEGIN { printf "%.2f", a / b }')
    meets=$(awk -v r="$ratio" 'BEGIN { print (r <= 1.0) ? "yes" : "NO" }')
    printf '%-36s %12s %12s %10s %12s\n' "" "$c_cpu" "$py_cpu" "$ratio" "<= 1.0 $meets"
    blas_lib=$(readlink -f "$(ldconfig -p 2>/dev/null | sed -n 's/.*libblas\.so\.3 .*=> //p' | head -1)" 2>/dev/null)
    blas_pkg=$(dpkg -S "$blas_lib" 2>/dev/null | cut -d: -f1)
    echo "(PyTorch $py_version, BLAS_INFO=$py_blas: libblas.so.3 is ${blas_lib:-?}${blas_pkg:+, package $blas_pkg};"
    echo " padded [32, 64] batches, the padding out of the loss)"
else
    printf '%-36s %12s %12s\n' "" "$c_cpu" "n/a (no PyTorch)"
fi
awk -v c="$c_cpu" -v w="$c_wall2" 'BEGIN {
    printf "%-36s %12.1f\n", "steps per second, 1 thread", 1 / c
    printf "%-36s %12.1f\n", "steps per second, 2 threads (wall)", 1 / w
    printf "%-36s %12.1f  (4000 steps at the 2-thread pace; target <= 30)\n", "make poems-model, minutes", 4000 * w / 60 }'

MODEL=assets/poems.model
if [ -f "$MODEL" ]; then
    load=$("$BUILD/bench-poems" load "$MODEL" 5)
    best=999
    for _ in $(seq $RUNS); do
        t0=$(date +%s%N)
        "$BIN" --model poems --generate 床前明月光， --chars 1 >/dev/null 2>&1
        t1=$(date +%s%N)
        best=$(awk -v b="$best" -v t="$(( (t1 - t0) / 1000 ))" 'BEGIN { print (t / 1000 < b) ? t / 1000 : b }')
    done
    printf '%-36s %12.1f ms\n' "read poems.model, play its line" "$(awk -v s="$load" 'BEGIN { print s * 1000 }')"
    printf '%-36s %12.1f ms  (best of %d: exec, read, one character; target < 100)\n' \
        "attn-tui --model poems, first output" "$best" $RUNS
fi

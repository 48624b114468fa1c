#!/bin/sh
# bench-train.sh — the training figures of `make bench`: steps per second and CPU
# seconds to 100% on add and all (seeds 1-3, and how many of seeds 1-20 get there), and
# 3000 steps of add in attn-tui beside the same 3000 steps in a PyTorch loop (autograd,
# torch.optim.Adam, float64: the script of --export python-train, which also checks that
# both end on the same weights). Measures, asserts nothing.
# Owns: scripts/bench-train.sh, scripts/bench-train.c (built here into $BUILD/bench-train).
# Usage: sh scripts/bench-train.sh ./attn-tui      (called by scripts/bench.sh)
set -u

BIN=${1:-./attn-tui}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
BUILD=${BUILD:-build}
PY=${PYTHON:-python3}
STEPS=3000
[ -x "$BIN" ] || { echo "bench-train: $BIN is not built (make)" >&2; exit 1; }
[ -f "$BUILD/libattn.a" ] || { echo "bench-train: $BUILD/libattn.a is not built (make)" >&2; exit 1; }
${CC:-cc} -std=c11 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600 -Iinclude -O2 \
    -o "$BUILD/bench-train" scripts/bench-train.c "$BUILD/libattn.a" -lunistring -lm ||
    { echo "bench-train: cannot build scripts/bench-train.c" >&2; exit 1; }
HELPER=$BUILD/bench-train

have_torch() {
    "$PY" -c 'import torch' >/dev/null 2>&1 || "$PY" -c '
import sys; sys.path.append("/usr/lib/python3/dist-packages"); import torch' >/dev/null 2>&1
}
have_torch || sh scripts/install-deps.sh python3-torch >&2 ||
    echo "bench-train: no PyTorch: its column stays empty" >&2

echo
echo "training: full-batch Adam, lr 0.02, one head (attn-tui --train)"
for task in add all; do
    "$HELPER" "$task" 1 20 > "$BUILD/bench-train.$task" || exit 1
    sed -n '1,4p' "$BUILD/bench-train.$task"
    tail -1 "$BUILD/bench-train.$task"
done

c_line=$("$HELPER" --steps add $STEPS)
c_cpu=$(echo "$c_line" | sed -n 's/.* in \([0-9.]*\) s CPU.*/\1/p')
py_cpu=""
if have_torch; then
    py_out=$("$BIN" --export python-train --task add --steps $STEPS | "$PY" 2>&1)
    py_cpu=$(echo "$py_out" | sed -n 's/.* steps took \([0-9.]*\) s of CPU.*/\1/p')
    echo "$py_out" | grep -q '^training matches attn-tui$' && same="the same weights (1e-9)" ||
        same="DIFFERENT weights"
fi
echo
printf '%-34s %12s %12s %10s %10s\n' "$STEPS steps of add" "attn-tui" "PyTorch" "ratio" "target"
if [ -n "$py_cpu" ]; then
    ratio=$(awk -v a="$c_cpu" -v b="$py_cpu" 'BEGIN { printf "%.3f", a / b }')
    meets=$(awk -v r="$ratio" 'BEGIN { print (r <= 0.05) ? "yes" : "NO" }')
    printf '%-34s %12s %12s %10s %10s\n' "CPU seconds" "$c_cpu" "$py_cpu" "$ratio" "<= 0.05 $meets"
    printf '%-34s %12s %12s\n' "steps per second" \
        "$(awk -v s=$STEPS -v t="$c_cpu" 'BEGIN { printf "%.0f", s / t }')" \
        "$(awk -v s=$STEPS -v t="$py_cpu" 'BEGIN { printf "%.0f", s / t }')"
    echo "(both end on $same)"
else
    printf '%-34s %12s %12s\n' "CPU seconds" "$c_cpu" "n/a"
fi

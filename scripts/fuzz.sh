#!/bin/sh
# fuzz.sh — runs the libFuzzer targets that `make fuzz` builds (tests/fuzz/fuzz_*.c), each
# for the seconds given, from its seed corpus; prints one line per target. A crash, a
# leak or a failed check prints the log's end and the input that did it; the last line
# is "fuzz: N passed, M failed".
# Owns: how the targets are run (corpora, dictionary, limits); build/fuzz/corpus and
# build/fuzz/crashes. Touches nothing in the tree.
#
# Usage: sh scripts/fuzz.sh --available CC      exit 0 when CC links a libFuzzer target
#        sh scripts/fuzz.sh SECONDS TARGET...   run each target for SECONDS
set -u

if [ "${1:-}" = --available ]; then
    probe=$(mktemp -d "${TMPDIR:-/tmp}/attn-fuzz-probe.XXXXXX") || exit 1
    printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
        'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }' \
        > "$probe/probe.c"
    "${2:-clang}" -fsanitize=fuzzer,address,undefined -o "$probe/probe" "$probe/probe.c" >/dev/null 2>&1
    status=$?
    rm -rf "$probe"
    exit $status
fi

[ $# -ge 2 ] || { echo "usage: sh scripts/fuzz.sh SECONDS TARGET..." >&2; exit 2; }
seconds=$1; shift
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/build/fuzz
mkdir -p "$out/crashes" "$out/logs"

# The seed directories of a target: its own seeds, plus the real models for the parser.
seeds_of() {
    case $1 in
        model) echo "$root/tests/fuzz/corpus/model $root/assets $root/tests/models" ;;
        layered) echo "$root/tests/fuzz/corpus/layered $root/tests/models" ;;
        *)     echo "$root/tests/fuzz/corpus/$1" ;;
    esac
}

failed=0
passed=0
for bin in "$@"; do
    name=$(basename "$bin"); name=${name#fuzz_}
    corpus=$out/corpus/$name          # grows: what the runs found, kept for the next
    mkdir -p "$corpus"
    dict=""
    case $name in model|scene|sentence|layered) dict="-dict=$root/tests/fuzz/model.dict" ;; esac
    len=""   # the UI target's point is long sequences: libFuzzer must not start them short
    case $name in
        ui) len="-len_control=0 -max_len=1024" ;;
        layered) len="-max_len=16384" ;;   # a tiny layered model takes about a kilobyte
    esac
    log=$out/logs/$name.log
    # shellcheck disable=SC2046,SC2086
    "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$out/crashes/$name-" $dict $len "$corpus" $(seeds_of "$name") > "$log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    cover=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
    if [ "$status" -eq 0 ]; then
        passed=$((passed + 1))
        echo "fuzz: $name: ${runs:-?} inputs in $seconds s, ${cover:-cov: ?} edges, no crash, leak or failed check"
    else
        failed=$((failed + 1))
        echo "fuzz: $name: FAILED (exit $status) — the end of $log:"
        tail -n 40 "$log" | sed 's/^/| /'
        ls "$out/crashes/$name-"* 2>/dev/null | sed 's/^/  input: /'
    fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

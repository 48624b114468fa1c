#!/bin/sh
# run-tests.sh — runs each test binary given, as many at once as there are cores (TEST_JOBS
# overrides), prints each one's output whole and in the order given, then a summary; fails
# if any failed. The binaries are independent processes (each writes only under its own
# temporary directory), so running them side by side changes nothing but the time taken.
# Usage: run-tests.sh LABEL BINARY...
label=$1; shift
jobs=${TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
dir=$(mktemp -d "${TMPDIR:-/tmp}/run-tests.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT INT TERM
i=0
for t in "$@"; do
    i=$((i + 1))
    printf '%s\n%s\n' "$i" "$t"
done | xargs -P "$jobs" -n 2 sh -c '"$2" >"$0/$1.log" 2>&1; echo $? >"$0/$1.rc"' "$dir"
pass=0; fail=0; failed=""; i=0
for t in "$@"; do
    i=$((i + 1))
    cat "$dir/$i.log" 2>/dev/null
    if [ "$(cat "$dir/$i.rc" 2>/dev/null)" = 0 ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1)); failed="$failed $t"
    fi
done
echo "$label: $pass passed, $fail failed"
[ "$fail" -eq 0 ] || { echo "failing:$failed"; exit 1; }

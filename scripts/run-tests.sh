#!/bin/sh
# run-tests.sh — runs each test binary given, prints a summary, fails if any failed.
# Usage: run-tests.sh LABEL BINARY...
label=$1; shift
pass=0; fail=0; failed=""
for t in "$@"; do
    if "$t"; then pass=$((pass + 1)); else fail=$((fail + 1)); failed="$failed $t"; fi
done
echo "$label: $pass passed, $fail failed"
[ "$fail" -eq 0 ] || { echo "failing:$failed"; exit 1; }

#!/bin/sh
# new-view-test.sh — a new screen passes: copies the working tree (its tracked and untracked
# files, not build/ or anything else git ignores) to build/new-view/tree, runs
# scripts/new-view there, then `make unit cli` in that copy (both at once: cli mostly
# waits), built with CFLAGS=-O2 (NEW_VIEW_CFLAGS overrides). Prints one line with the time
# taken; on a failure the log's end, and exits 1.
# Owns: build/new-view/ (made afresh each run). Touches nothing else.
# Usage: sh scripts/new-view-test.sh [NAME]   (make new-view-test; make test runs it)
set -u
NAME=${1:-hello}
TOP=$(pwd)
WORK=$TOP/build/new-view
TREE=$WORK/tree
LOG=$WORK/log
start=$(date +%s)
rm -rf "$WORK" && mkdir -p "$TREE" || exit 1

# The working tree's files: git's list where this is a git tree (a clean clone in CI), else
# every file but build/ and the program.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z --cached --others --exclude-standard
else
    find . -path ./build -prune -o -path ./attn-tui -prune -o -type f -print0
fi | (cd "$TOP" && xargs -0 sh -c 'for f; do [ -f "$f" ] && printf "%s\0" "$f"; done' sh) |
    xargs -0 cp --parents -t "$TREE" || { echo "new-view: cannot copy the tree to $TREE" >&2; exit 1; }

fail() {
    echo "new-view: FAIL: $1 (the last lines of $LOG):"
    tail -40 "$LOG"
    exit 1
}
cd "$TREE" || exit 1
# Built without debugging information (the build's -O2 otherwise: its warnings), which is
# all the copy is for.
CFLAGS=${NEW_VIEW_CFLAGS:--O2}
export CFLAGS
sh scripts/new-view "$NAME" >"$LOG" 2>&1 || fail "scripts/new-view $NAME"
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
${MAKE:-make} --no-print-directory -j"$jobs" unit cli >>"$LOG" 2>&1 || fail "make unit cli after scripts/new-view $NAME"
grep -q "^unit: [0-9]* passed, 0 failed" "$LOG" && grep -q "^cli: [0-9]* passed, 0 failed" "$LOG" ||
    fail "make unit cli did not say both passed"
echo "new-view: scripts/new-view $NAME, then make unit cli in a copy of the tree: passed ($(( $(date +%s) - start )) s)"

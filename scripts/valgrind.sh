#!/bin/sh
# valgrind.sh — runs each unit test binary and the --dump path under valgrind memcheck;
# fails on any error or leak.  Usage: valgrind.sh TEST-BINARY...
command -v valgrind >/dev/null 2>&1 || sh scripts/install-deps.sh valgrind || exit 1
pass=0; fail=0
check() {
    if valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect "$@" >/dev/null 2>valgrind.log.tmp; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1)); echo "valgrind FAIL: $*"; cat valgrind.log.tmp
    fi
    rm -f valgrind.log.tmp
}
for t in "$@"; do check "$t"; done
check ./attn-tui --dump
check ./attn-tui --dump --format json
echo "valgrind: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

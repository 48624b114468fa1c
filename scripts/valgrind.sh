#!/bin/sh
# valgrind.sh — runs each unit test binary, the --dump path and the PDF worksheet's under
# valgrind memcheck; fails on any error or leak (tests/valgrind.supp: the font caches the PDF
# module's libraries keep until exit).  Usage: valgrind.sh TEST-BINARY...
command -v valgrind >/dev/null 2>&1 || sh scripts/install-deps.sh valgrind || exit 1
pass=0; fail=0
check() {
    if valgrind -q --error-exitcode=99 --leak-check=full --show-possibly-lost=no --errors-for-leak-kinds=definite,indirect \
        --suppressions=tests/valgrind.supp "$@" >/dev/null 2>valgrind.log.tmp; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1)); echo "valgrind FAIL: $*"; cat valgrind.log.tmp
    fi
    rm -f valgrind.log.tmp
}
for t in "$@"; do check "$t"; done
check ./attn-tui --dump
check ./attn-tui --dump --format json
# the PDF module, when built: fontconfig's and cairo's caches are tests/valgrind.supp's
if [ -f attn-tui-pdf.so ]; then
    check ./attn-tui --worksheet 3 --answers --format pdf --output /dev/null
fi
echo "valgrind: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

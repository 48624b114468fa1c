#!/bin/sh
# lint.sh — warnings stricter than the build's: clang with -Wconversion -Wshadow
# -Wswitch-enum -Wformat-nonliteral over src/ and tests/fuzz/, then cppcheck over the same.
# Prints every finding on one line and a count per file; exits 1 when there is any.
# Usage: CLANG=clang LINT_CFLAGS="..." sh scripts/lint.sh   (make lint sets both)
set -u
CLANG=${CLANG:-clang}
LINT_WARN="-Wconversion -Wshadow -Wswitch-enum -Wformat-nonliteral"
out=$(mktemp "${TMPDIR:-/tmp}/attn-lint.XXXXXX") || exit 2
trap 'rm -f "$out"' EXIT

for f in src/*.c tests/fuzz/*.c; do
    # shellcheck disable=SC2086
    "$CLANG" ${LINT_CFLAGS:-} -DATTN_VERSION=\"lint\" -DATTN_DOCDIR=\"lint\" $LINT_WARN -fsyntax-only "$f" 2>&1 | grep -E ': (warning|error|fatal error):' >> "$out"
done
cppcheck --quiet --enable=warning,style,performance,portability --std=c11 --inline-suppr \
    --suppress=missingIncludeSystem -D_DEFAULT_SOURCE -I include \
    --template='{file}:{line}:{column}: cppcheck {severity}: {message} [{id}]' \
    src tests/fuzz 2>> "$out"

if [ ! -s "$out" ]; then
    echo "lint: clean (clang $LINT_WARN; cppcheck)"
    exit 0
fi
cat "$out"
echo "lint: $(wc -l < "$out") findings:"
cut -d: -f1 "$out" | sort | uniq -c | sed 's/^/  /'
exit 1

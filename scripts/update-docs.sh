#!/bin/sh
# update-docs.sh — writes the keys sections of README.md and docs/attn-tui.1 from the key
# table (attn-tui --keys), their tables of screens from VIEW_LIST's rows (view-docs, built
# here from the library archive), and the shell completions under completions/ from the
# option table (attn-tui --completion SHELL), so that the documents and the program list
# the same keys, screens and options. Owns: the text between the keys and screens markers
# of both files; completions/*.
# Usage: sh scripts/update-docs.sh [--check] ./attn-tui   (--check: exit 1 when out of date)
set -eu
CHECK=0
[ "$1" = "--check" ] && { CHECK=1; shift; }
BIN=$1
TMP=$(mktemp -d "${TMPDIR:-/tmp}/attn-docs.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# Replaces the lines strictly between the line matching $2 and the line matching $3 of file
# $1 with the contents of file $4, into $TMP/out.
splice() {
    awk -v begin="$2" -v end="$3" -v body="$4" '
        index($0, begin) == 1 { print; while ((getline line < body) > 0) print line; skip = 1; next }
        index($0, end) == 1 { skip = 0 }
        !skip { print }' "$1" > "$TMP/out"
}

# Puts $TMP/out in place of file $1, or with --check says how they differ ($2); $3 names
# what was written.
update() {
    if cmp -s "$TMP/out" "$1"; then
        return 0
    elif [ "$CHECK" -eq 1 ]; then
        echo "docs: $2 (run make docs):"
        diff "$1" "$TMP/out" 2>&1 | head -20
        status=1
    else
        mkdir -p "$(dirname "$1")"
        cp "$TMP/out" "$1"
        echo "docs: wrote $3"
    fi
}

"$BIN" --keys markdown > "$TMP/keys.md"
"$BIN" --keys man > "$TMP/keys.man"
BUILD=${BUILD:-build}
${CC:-cc} -std=c11 -Wall -Wextra -Werror -Iinclude -o "$TMP/view-docs" scripts/view-docs.c \
    "$BUILD/libattn.a" $(pkg-config --libs ncursesw 2>/dev/null || echo -lncursesw) -lunistring -lnettle -lm ||
    { echo "docs: cannot build scripts/view-docs.c (run make first)" >&2; exit 1; }
"$TMP/view-docs" markdown > "$TMP/screens.md"
"$TMP/view-docs" man > "$TMP/screens.man"
status=0
for pair in "README.md|<!-- keys:|<!-- keys end -->|$TMP/keys.md" \
            "docs/attn-tui.1|.\\\\\" keys:|.\\\\\" keys end|$TMP/keys.man" \
            "README.md|<!-- screens:|<!-- screens end -->|$TMP/screens.md" \
            "docs/attn-tui.1|.\\\\\" screens:|.\\\\\" screens end|$TMP/screens.man"; do
    file=${pair%%|*}; rest=${pair#*|}
    begin=${rest%%|*}; rest=${rest#*|}
    end=${rest%%|*}; body=${rest#*|}
    splice "$file" "$begin" "$end" "$body"
    update "$file" "$begin of $file differs from the tables" "the $begin section of $file"
done
for pair in "bash|completions/attn-tui.bash" "zsh|completions/_attn-tui" "fish|completions/attn-tui.fish"; do
    shell=${pair%%|*}; file=${pair#*|}
    "$BIN" --completion "$shell" > "$TMP/out"
    update "$file" "$file differs from attn-tui --completion $shell" "$file"
done
exit $status

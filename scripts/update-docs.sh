#!/bin/sh
# update-docs.sh — writes the keys sections of README.md and docs/attn-tui.1 from the key
# table (attn-tui --keys), so that the documents and the program list the same keys.
# Owns: the text between the keys markers of both files.
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

"$BIN" --keys markdown > "$TMP/keys.md"
"$BIN" --keys man > "$TMP/keys.man"
status=0
for pair in "README.md|<!-- keys:|<!-- keys end -->|$TMP/keys.md" \
            "docs/attn-tui.1|.\\\\\" keys:|.\\\\\" keys end|$TMP/keys.man"; do
    file=${pair%%|*}; rest=${pair#*|}
    begin=${rest%%|*}; rest=${rest#*|}
    end=${rest%%|*}; body=${rest#*|}
    splice "$file" "$begin" "$end" "$body"
    if cmp -s "$TMP/out" "$file"; then
        continue
    elif [ "$CHECK" -eq 1 ]; then
        echo "docs: the keys in $file differ from the key table (run make docs):"
        diff "$file" "$TMP/out" | head -20
        status=1
    else
        cp "$TMP/out" "$file"
        echo "docs: wrote the keys of $file"
    fi
done
exit $status

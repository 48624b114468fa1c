#!/bin/sh
# tests/cli/run.sh — runs the real binary non-interactively, as a script or a person would:
# --dump shows the lesson's figures, JSON holds them at full precision, and every bad
# input gets its one-line message and exit status, never a crash.
# Usage: sh tests/cli/run.sh ./attn-tui
BIN=${1:-./attn-tui}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

ok()   { pass=$((pass + 1)); echo "ok    $1"; }
bad()  { fail=$((fail + 1)); echo "FAIL  $1"; [ -n "${2:-}" ] && printf '%s\n' "$2" | sed 's/^/      /'; }

# expect_fail NAME STATUS MESSAGE-SUBSTRING -- ARGS...: one stderr line, that status, no stdout.
expect_fail() {
    name=$1; want=$2; text=$3; shift 4
    "$BIN" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; got=$?
    lines=$(wc -l <"$tmp/err")
    if [ "$got" -ne "$want" ]; then bad "$name" "exit $got, want $want: $(cat "$tmp/err")"; return; fi
    if [ "$lines" -ne 1 ]; then bad "$name" "stderr has $lines lines: $(cat "$tmp/err")"; return; fi
    if ! grep -qF -- "$text" "$tmp/err"; then bad "$name" "stderr: $(cat "$tmp/err"), want: $text"; return; fi
    if [ -s "$tmp/out" ]; then bad "$name" "stdout not empty"; return; fi
    ok "$name"
}

# expect_dump NAME PATTERN: --dump output contains the fixed string.
expect_dump() {
    if grep -qF -- "$2" "$tmp/dump"; then ok "$1"; else bad "$1" "no '$2' in --dump"; fi
}

# ------------------------------------------------------------------ dump
"$BIN" --dump >"$tmp/dump" 2>"$tmp/err"; st=$?
[ $st -eq 0 ] && ok "dump exits 0" || bad "dump exits 0" "exit $st: $(cat "$tmp/err")"
expect_dump "dump names the sentence" "三加五等于?"
expect_dump "dump shows sqrt(8)" "d = 8, √d = 2.828427"
expect_dump "dump shows the parameter count and sqrt(128)" "3 × 8×8 = 192 trainable numbers. A real model's head is 128 wide: √128 = 11.313708."
expect_dump "dump shows x(三)[0] = 0.67 in its row" "三     0.67   0.82"
expect_dump "dump shows Q(三)[0] = 0.09 in its row" "三     0.09  "
expect_dump "dump shows cosine of output(等) and V(加)" "output(等) is most like V(加): cosine 0.9855"
expect_dump "dump shows 等's share of 加" "52.4%"
expect_dump "dump shows the smallest share" "1.4%"
expect_dump "dump shows output(等)" "  0.52  -0.42   0.13  -0.17   0.96  -0.40  -0.05  -0.17"

"$BIN" --dump --format json >"$tmp/json" 2>"$tmp/err"; st=$?
if [ $st -eq 0 ] && command -v jq >/dev/null 2>&1; then
    got=$(jq -r '[(.tokens | join("")), .d, (.weights[3][1] * 1000 | round), (.scores[3][1] * 100 | round), (.scores[1][3] * 100 | round), (.output | length), (.output[0] | length), (.x[0][0] * 100 | round)] | map(tostring) | join(" ")' "$tmp/json")
    want="三加五等于? 8 524 405 208 6 8 67"
    [ "$got" = "$want" ] && ok "json holds the figures" || bad "json holds the figures" "got '$got', want '$want'"
    keys=$(jq -r 'keys_unsorted | join(",")' "$tmp/json")
    [ "$keys" = "sentence,tokens,d,scale,embedding,position,x,wq,wk,wv,q,k,v,scores,scaled,weights,output" ] \
        && ok "json keys" || bad "json keys" "$keys"
    digits=$(jq -r '.weights[3][1] | tostring | length' "$tmp/json")
    [ "$digits" -ge 15 ] && ok "json at full precision" || bad "json at full precision" "weights[3][1] has $digits characters"
elif [ $st -ne 0 ]; then
    bad "json exits 0" "$(cat "$tmp/err")"
fi

"$BIN" --dump --sentence 十减四等于? >"$tmp/dump2" 2>&1 && grep -qF "十减四等于?" "$tmp/dump2" \
    && ok "dump another sentence" || bad "dump another sentence" "$(head -3 "$tmp/dump2")"

# ------------------------------------------------------------------ bad input
printf '[vocab]\na b\n[d]\n2\n[sentence]\nab\n[embedding]\na 1 2\nb 3\n[wq]\n1 0\n0 1\n[wk]\n1 0\n0 1\n[wv]\n1 0\n0 1\n' >"$tmp/bad.model"
head -c 3000 /dev/urandom >"$tmp/binary.model"
: >"$tmp/empty.model"
expect_fail "character not in vocabulary" 1 "character 'x' is not in the vocabulary: 零 一 二" -- --dump --sentence 三x
expect_fail "invalid UTF-8 sentence" 1 "sentence is not valid UTF-8" -- --dump --sentence "$(printf 'a\377')"
expect_fail "empty sentence" 1 "sentence is empty" -- --dump --sentence ""
expect_fail "sentence over 16" 1 "sentence has 17 characters: at most 16 are allowed" -- --dump --sentence 一二三四五六七八九十一二三四五六七
expect_fail "unreadable model" 1 "/nonexistent/m.model: cannot read" -- --dump --model /nonexistent/m.model
expect_fail "malformed model" 1 "bad.model:9:" -- --dump --model "$tmp/bad.model"
expect_fail "empty model" 1 "empty.model:" -- --dump --model "$tmp/empty.model"
expect_fail "binary model" 1 "binary.model:" -- --dump --model "$tmp/binary.model"
expect_fail "unknown option" 2 "unknown option '--frobnicate'" -- --frobnicate
expect_fail "missing argument" 2 "option '--model' needs a value" -- --model
expect_fail "bad speed" 2 "--speed: 'x' is not a speed" -- --speed x
expect_fail "stdout not a terminal" 1 "use 'attn-tui --dump'" --
expect_fail "control characters in a bad value are escaped" 2 "--stage: 'a\x1B[31mb\nc' is not a stage" -- --stage "$(printf 'a\033[31mb\nc')"
expect_fail "a stray argument with a line break stays on one line" 2 "unexpected argument 'x\ny'" -- "$(printf 'x\ny')"
expect_fail "focus beyond the sentence" 2 "--focus 7: the sentence has only 6 characters" -- --focus 7

"$BIN" --help >"$tmp/help" 2>&1 && grep -q -- "--dump" "$tmp/help" && ok "--help" || bad "--help"
"$BIN" --version 2>&1 | grep -Eq '^attn-tui [0-9]+\.[0-9]+\.[0-9]+$' && ok "--version" || bad "--version"

# ------------------------------------------------------------------ write errors
# expect_write_error NAME WHERE WANT -- ARGS...: stdout is /dev/full (WHERE=full) or
# closed (WHERE=closed); the program must exit non-zero with one stderr line naming
# what it could not write and why.
expect_write_error() {
    name=$1; where=$2; want=$3; shift 4
    if [ "$where" = full ]; then
        "$BIN" "$@" >/dev/full 2>"$tmp/err"; got=$?
    else
        "$BIN" "$@" >&- 2>"$tmp/err"; got=$?
    fi
    if [ "$got" -eq 0 ]; then bad "$name" "exit 0"; return; fi
    if [ "$(wc -l <"$tmp/err")" -ne 1 ]; then bad "$name" "stderr: $(cat "$tmp/err")"; return; fi
    if ! grep -qF -- "$want" "$tmp/err"; then bad "$name" "stderr: $(cat "$tmp/err"), want: $want"; return; fi
    ok "$name"
}
if [ -w /dev/full ]; then
    expect_write_error "--help into /dev/full" full "cannot write the help: No space left on device" -- --help
    expect_write_error "--version into /dev/full" full "cannot write the version: No space left on device" -- --version
fi
expect_write_error "--help with stdout closed" closed "cannot write the help: Bad file descriptor" -- --help
expect_write_error "--version with stdout closed" closed "cannot write the version: Bad file descriptor" -- -V

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

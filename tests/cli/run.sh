#!/bin/sh
# tests/cli/run.sh — runs the real binary non-interactively, as a script or a person would:
# --dump shows the lesson's figures, JSON holds them at full precision, and every bad
# input gets its one-line message and exit status, never a crash.
# Usage: sh tests/cli/run.sh ./attn-tui
BIN=${1:-./attn-tui}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# No user's config file changes what the tests see (the config tests below make their own).
XDG_CONFIG_HOME=$tmp/xdg; export XDG_CONFIG_HOME
XDG_STATE_HOME=$tmp/state; export XDG_STATE_HOME   # the practice history: never the user's

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
expect_dump "dump shows sqrt(8)" "d = 8, √8 = 2.828427"
expect_dump "dump shows the parameter count and sqrt(128)" "3 × 8×8 = 192 trainable numbers. A real model's head is 128 wide: √128 = 11.313708."
expect_dump "dump shows x(三)[0] = 0.67 in its row" "三     0.67   0.67"
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
    [ "$keys" = "sentence,tokens,d,heads,head_width,mask,scale,embedding,position,x,wq,wk,wv,q,k,v,scores,scaled,weights,output,most_like_v" ] \
        && ok "json keys" || bad "json keys" "$keys"
    got=$(jq -r '.most_like_v[3] | "\(.index) \(.token) \(.cosine * 10000 | round)"' "$tmp/json")
    [ "$got" = "1 加 9855" ] && ok "json holds the cosine of output(等) and V(加)" \
        || bad "json holds the cosine of output(等) and V(加)" "$got"
    digits=$(jq -r '.weights[3][1] | tostring | length' "$tmp/json")
    [ "$digits" -ge 15 ] && ok "json at full precision" || bad "json at full precision" "weights[3][1] has $digits characters"
elif [ $st -ne 0 ]; then
    bad "json exits 0" "$(cat "$tmp/err")"
fi

# Lesson 7's preview: the causal mask hides later characters (null ÷√d, 0 shares) and the
# rows still sum to 1; two heads give one T×T table per head, each ÷ √4.
if command -v jq >/dev/null 2>&1; then
    "$BIN" --dump --format json --mask causal >"$tmp/masked" 2>"$tmp/err"
    got=$(jq -r '[.mask, (.scaled[3][4] == null), (.scaled[3][3] != null), (.weights[0][0]), (.weights[3][4]),
                  (.weights[3][1] * 1000 | round), ([.weights[] | add] | map(. * 1e9 | round) | unique | length)]
                 | map(tostring) | join(" ")' "$tmp/masked")
    want="causal true true 1 0 628 1"
    [ "$got" = "$want" ] && ok "--mask causal: masked shares are 0, rows sum to 1" \
        || bad "--mask causal: masked shares are 0, rows sum to 1" "got '$got', want '$want'"
    "$BIN" --dump --format json --heads 2 >"$tmp/heads" 2>"$tmp/err"
    got=$(jq -r '[.heads, .head_width, .scale, (.weights | length), (.weights[0] | length), (.weights[1][3] | length),
                  (.weights[0][0][1] * 1000 | round), (.weights[1][4][3] * 1000 | round)] | map(tostring) | join(" ")' "$tmp/heads")
    want="2 4 2 2 6 6 586 517"
    [ "$got" = "$want" ] && ok "--heads 2: one table per head, each ÷ √4" \
        || bad "--heads 2: one table per head, each ÷ √4" "got '$got', want '$want'"
fi
"$BIN" --dump --heads 2 --mask causal | grep -qF "÷ √4 = scores ÷ 2.000000, softmax's first step (causal mask: later characters are -inf) — head 2" \
    && ok "--dump text names the mask and each head" || bad "--dump text names the mask and each head" "$("$BIN" --dump --heads 2 --mask causal 2>&1 | grep -F '÷ √4' | head -2)"

# in Chinese, causal and two heads, ③'s heading is 263 bytes: it was cut at 255, in the middle
# of a character (invalid UTF-8), and its second line lost
"$BIN" --dump --lang zh --mask causal --heads 2 >"$tmp/zh-causal" 2>&1
n=$(grep -c '^（用没有四舍五入的分数算，保留 3 位小数：对每一行做 softmax，正好得到下面的百分比）$' "$tmp/zh-causal")
if [ "$n" -eq 2 ] && { ! command -v iconv >/dev/null 2>&1 || iconv -f UTF-8 -t UTF-8 "$tmp/zh-causal" >/dev/null 2>&1; }; then
    ok "--dump --lang zh --mask causal --heads 2: ③'s heading whole, valid UTF-8"
else
    bad "--dump --lang zh --mask causal --heads 2: ③'s heading whole, valid UTF-8" "$n second lines"
fi
"$BIN" --dump --sentence 十减四等于? >"$tmp/dump2" 2>&1 && grep -qF "十减四等于?" "$tmp/dump2" \
    && ok "dump another sentence" || bad "dump another sentence" "$(head -3 "$tmp/dump2")"

# ------------------------------------------------------------------ bad input
printf '[vocab]\na b\n[d]\n2\n[sentence]\nab\n[embedding]\na 1 2\nb 3\n[wq]\n1 0\n0 1\n[wk]\n1 0\n0 1\n[wv]\n1 0\n0 1\n' >"$tmp/bad.model"
head -c 3000 /dev/urandom >"$tmp/binary.model"
: >"$tmp/empty.model"
expect_fail "character not in vocabulary" 1 "--sentence: unknown \"x\" at character 2: not in the vocabulary (零 一 二" -- --dump --sentence 三x
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
# VIEW_LIST's names as --help lists them (the lines under --view NAME), one blank between:
# the tests that name every view take them from here, so a new screen changes none of them.
help_views=$(awk '/--view NAME/ { on = 1; next } on && /^          *[a-z]/ { printf "%s ", $0; next } on { exit }' "$tmp/help" |
    tr -s ' ' | sed 's/^ //; s/ $//')
[ -n "$help_views" ] && ok "--help lists the views" || bad "--help lists the views" "$(head -30 "$tmp/help")"
grep -q "/share/doc/attn-tui/model-format.md" "$tmp/help" && ok "--help names the installed model-format.md" \
    || bad "--help names the installed model-format.md"

# ------------------------------------------------------------------ the ASCII spelling
"$BIN" --dump --format json --sentence 三加五等于? >"$tmp/zh.json" 2>&1
for spelled in '3+5=?' '三+五=?' ' 3 + 5 = ? '; do
    "$BIN" --dump --format json --sentence "$spelled" >"$tmp/spelled.json" 2>&1 \
        && cmp -s "$tmp/zh.json" "$tmp/spelled.json" && ok "--sentence '$spelled' gives 三加五等于?'s JSON byte for byte" \
        || bad "--sentence '$spelled' gives 三加五等于?'s JSON byte for byte" "$(head -3 "$tmp/spelled.json")"
done
"$BIN" --dump --sentence '10-4=?' 2>&1 | head -1 | grep -qF "self-attention on 十减四等于?" \
    && ok "--sentence '10-4=?' is 十减四等于?" || bad "--sentence '10-4=?' is 十减四等于?"
"$BIN" --dump --sentence '5 is how many?' 2>&1 | head -1 | grep -qF "self-attention on 五是几?" \
    && ok "--sentence '5 is how many?' is 五是几?" || bad "--sentence '5 is how many?' is 五是几?"
"$BIN" --dump --sentence 三加五等于？ >"$tmp/fw.out" 2>"$tmp/fw.err" && head -1 "$tmp/fw.out" | grep -qF "self-attention on 三加五等于?" \
    && grep -qxF "attn-tui: --sentence: full-width and half-width forms read as the vocabulary writes them: 三加五等于?" "$tmp/fw.err" \
    && ok "a full-width question mark is read as ?, said once on stderr" || bad "a full-width question mark is read as ?, said once on stderr"
expect_fail "a minus sign that is no width variant: a student's words" 1 'unknown "−" at character 2 (did you mean "-"? "−" looks like it but is another character)' -- --dump --sentence 5−3
expect_fail "C1 control character in --sentence" 1 "control character U+009B at character 2" -- --dump --sentence "$(printf '三\302\2332J')"
expect_fail "escape in --sentence" 1 "control character U+001B at character 1" -- --dump --sentence "$(printf '\033[2J')"
expect_fail "a lone combining mark in --sentence is escaped" 1 'unknown "\u0301" at character 2' -- --dump --sentence "$(printf '三\314\201')"
expect_fail "a lone enclosing mark in --stage is escaped" 2 "--stage: '\u20DD' is not a stage" -- --stage "$(printf '\342\203\235')"
expect_fail "number above 99" 1 '"100": the ASCII spelling reads numbers from 0 to 99' -- --dump --sentence 100+1

# ------------------------------------------------------------------ --dump --lang, the singular
"$BIN" --dump --lang zh >"$tmp/dump.zh" 2>&1
for heading in "① 三个分身：Q = x·Wq   我在找什么" "② 打分：Q·Kᵀ   行 = 提问的字，列 = 被问的字" \
               "③ 变百分比：softmax   每行加起来正好 100%" "③ 变百分比的第一步：分数 ÷ √8 = 分数 ÷ 2.828427" "④ 取货：输出 = 百分比 · V   输入 [T, d]，输出 [T, d]" \
               "「等」的输出最像 V(加)：余弦 0.9855"; do
    grep -qxF "$heading" "$tmp/dump.zh" && ok "--dump --lang zh: $heading" || bad "--dump --lang zh: $heading"
done
LANG=zh_CN.UTF-8 LC_ALL= LC_MESSAGES= "$BIN" --dump 2>&1 | grep -qF "① 三个分身" \
    && ok "--dump in a Chinese locale is in Chinese" || bad "--dump in a Chinese locale is in Chinese"
LANG=zh_CN.UTF-8 LC_ALL= LC_MESSAGES= "$BIN" --dump --lang en 2>&1 | grep -qF "① Q = x·Wq   what I look for" \
    && ok "--lang en wins over the locale" || bad "--lang en wins over the locale"
"$BIN" --dump --sentence 三 2>&1 | head -1 | grep -qF "(T = 1 character, d = 8" \
    && ok "dump says 1 character" || bad "dump says 1 character" "$("$BIN" --dump --sentence 三 2>&1 | head -1)"

# ------------------------------------------------------------------ --dump --format model
"$BIN" --dump --format model >"$tmp/lesson.model" 2>"$tmp/err"; st=$?
[ $st -eq 0 ] && ok "--format model exits 0" || bad "--format model exits 0" "$(cat "$tmp/err")"
"$BIN" --model "$tmp/lesson.model" --dump --format json >"$tmp/again.json" 2>&1
"$BIN" --dump --format json >"$tmp/builtin.json" 2>&1
cmp -s "$tmp/again.json" "$tmp/builtin.json" && ok "the written model runs exactly as the built-in one" \
    || bad "the written model runs exactly as the built-in one" "$(head -3 "$tmp/again.json")"
"$BIN" --model "$tmp/lesson.model" --dump --format model | cmp -s - "$tmp/lesson.model" \
    && ok "writing the written model gives the same text" || bad "writing the written model gives the same text"
# comments after the numbers are part of the format
sed 's/^\(.*[0-9]\)$/\1   # a note/' "$tmp/lesson.model" >"$tmp/noted.model"
grep -q '0.67 .*# a note$' "$tmp/noted.model" && "$BIN" --model "$tmp/noted.model" --dump --format json 2>&1 \
    | cmp -s - "$tmp/builtin.json" && ok "# comments after the numbers" || bad "# comments after the numbers"

# ------------------------------------------------------------------ numbers that break the arithmetic
awk '/^三 / && !done { $2 = "1e308"; done = 1 } { print }' "$tmp/lesson.model" >"$tmp/big.model"
expect_fail "a model that overflows is refused" 1 "attn-tui: $tmp/big.model: the scores overflow (Q(三)·K(三) is not a finite number)" -- --dump --model "$tmp/big.model"
expect_fail "... in JSON too" 1 "the scores overflow" -- --dump --format json --model "$tmp/big.model"
awk '/^三 / && !done { $2 = "1.2345e34"; done = 1 } { print }' "$tmp/lesson.model" >"$tmp/wide.model"
"$BIN" --dump --model "$tmp/wide.model" >"$tmp/wide.txt" 2>&1
grep -qF "三   1.23e34   -0.33" "$tmp/wide.txt" && ! grep -Eq "inf|nan" "$tmp/wide.txt" \
    && ok "1.2345e34 prints as 1.23e34" || bad "1.2345e34 prints as 1.23e34" "$(sed -n 4,6p "$tmp/wide.txt")"
printf '[vocab]\na b \302\233\n[d]\n1\n' >"$tmp/c1.model"
expect_fail "C1 control character in a model" 1 "c1.model:2: control character U+009B" -- --dump --model "$tmp/c1.model"
awk '{ if (/^[0-9 .e+-]+$/ && !done && seen) { sub(/^ */, ""); sub(/ .*/, ""); printf "%s", $0; for (i = 0; i < 60; i++) printf "0"; print " 0 0 0 0 0 0 0"; done = 1 } else print } /^\[wq\]/ { seen = 1 }' \
    "$tmp/lesson.model" >"$tmp/long.model"
expect_fail "a number too long is refused, not cut" 1 "is longer than 64 characters" -- --dump --model "$tmp/long.model"

# ------------------------------------------------------------------ write errors
if [ -w /dev/full ]; then
    for format in text json model; do
        "$BIN" --dump --format $format >/dev/full 2>"$tmp/err"; st=$?
        [ $st -eq 1 ] && grep -qxF "attn-tui: --dump: cannot write to standard output: No space left on device" "$tmp/err" \
            && ok "--dump --format $format > /dev/full says so" || bad "--dump --format $format > /dev/full says so" "exit $st: $(cat "$tmp/err")"
    done
fi
"$BIN" --dump >&- 2>"$tmp/err"; st=$?
[ $st -eq 1 ] && grep -qF "cannot write to standard output: Bad file descriptor" "$tmp/err" \
    && ok "--dump >&- says so" || bad "--dump >&- says so" "exit $st: $(cat "$tmp/err")"
(ulimit -f 1; exec "$BIN" --dump >"$tmp/limited.txt" 2>"$tmp/err"); st=$?
[ $st -eq 1 ] && grep -qF "cannot write to standard output: File too large" "$tmp/err" \
    && ok "--dump over ulimit -f says so" || bad "--dump over ulimit -f says so" "exit $st: $(cat "$tmp/err")"
# a model big enough (d = 100) that its text cannot sit in the pipe: the reader is gone
awk 'BEGIN { print "[vocab]\na\n[d]\n100\n[sentence]\na\n[embedding]"; printf "a"; for (j = 0; j < 100; j++) printf " 0.123456789"; print "";
       split("wq wk wv", w, " "); for (m = 1; m <= 3; m++) { print "[" w[m] "]"; for (i = 0; i < 100; i++) { for (j = 0; j < 100; j++) printf "%s0.000123456789", j ? " " : ""; print "" } } }' >"$tmp/d100.model"
(trap '' PIPE; "$BIN" --model "$tmp/d100.model" --dump --format model 2>"$tmp/err"; echo $? >"$tmp/st") | :
st=$(cat "$tmp/st")
[ "$st" -eq 1 ] && grep -qF "cannot write to standard output: Broken pipe" "$tmp/err" \
    && ok "--dump into a closed pipe, SIGPIPE ignored, says so" || bad "--dump into a closed pipe, SIGPIPE ignored, says so" "exit $st: $(cat "$tmp/err")"
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

# The keys in README.md and the man page are the key table's (attn-tui --keys).
if sh scripts/update-docs.sh --check "$BIN" >"$tmp/docs" 2>&1; then
    ok "README and man page list the key table's keys"
else
    bad "README and man page list the key table's keys" "$(head -5 "$tmp/docs")"
fi
"$BIN" --keys man | grep -qx '.B Tab' && "$BIN" --keys markdown | grep -qF '| `t` | next table: raw scores, ÷√d, shares |' \
    && ok "--keys writes the global and the views' keys" || bad "--keys writes the global and the views' keys" "$("$BIN" --keys markdown | head -3)"
expect_fail "bad --keys format" 2 "--keys: 'html' is not a format: use markdown or man" -- --keys html
# ------------------------------------------------------------------ ASCII
# --print --ascii writes ASCII only, the characters by their pinyin; a frame into a file is
# Unicode whatever TERM says (--no-ascii only matters on a console); --dump stays Unicode.
"$BIN" --print --ascii --size 80x24 --sentence 三加五等于?十减四等于?几是二乘 >"$tmp/ascii" 2>"$tmp/err"; st=$?
if [ $st -eq 0 ] && [ "$(LC_ALL=C tr -d '\000-\177' <"$tmp/ascii" | wc -c)" -eq 0 ] \
    && grep -qF "san jia wu deng yu ? shi2 jian si deng yu ? ji shi4 er cheng" "$tmp/ascii"; then
    ok "--print --ascii: ASCII only, the sentence in pinyin"
else
    bad "--print --ascii: ASCII only, the sentence in pinyin" "exit $st: $(head -3 "$tmp/ascii")"
fi
TERM=linux "$BIN" --print --size 80x24 >"$tmp/linux" 2>"$tmp/err"
grep -qF "三加五等于?" "$tmp/linux" && ok "--print into a file on TERM=linux: Unicode" \
    || bad "--print into a file on TERM=linux: Unicode" "$(head -2 "$tmp/linux")"
TERM=linux "$BIN" --print --no-ascii --size 80x24 >"$tmp/noascii" 2>"$tmp/err" && cmp -s "$tmp/linux" "$tmp/noascii" \
    && ok "--no-ascii is accepted and changes nothing in a file" || bad "--no-ascii is accepted and changes nothing in a file" "$(cat "$tmp/err")"
TERM=linux "$BIN" --dump | grep -qF "output(等) is most like V(加)" && ok "--dump on TERM=linux: Unicode" \
    || bad "--dump on TERM=linux: Unicode"
"$BIN" --help | grep -qF -- "--no-ascii" && ok "--help names --no-ascii" || bad "--help names --no-ascii"
expect_fail "--no-ascii takes no value" 2 "--no-ascii" -- --no-ascii=yes

# ------------------------------------------------------------------ worksheets and --set
"$BIN" --worksheet 20 --answers >"$tmp/ws" 2>"$tmp/err"; st=$?
[ $st -eq 0 ] && ok "--worksheet 20 --answers exits 0" || bad "--worksheet 20 --answers exits 0" "exit $st: $(cat "$tmp/err")"
n=$(grep -cE '^    answer [0-9]+: -?[0-9.]+%?$' "$tmp/ws")
[ "$n" -eq 20 ] && ok "--answers: 20 lines 'answer N: VALUE'" || bad "--answers: 20 lines 'answer N: VALUE'" "$n"
grep -qF "answer 20: " "$tmp/ws" && ok "--answers: the last is answer 20" || bad "--answers: the last is answer 20"
# wider_than_80 FILE: the first line wider than 80 columns (a CJK glyph is 2), or nothing.
wider_than_80() {
    python3 -c 'import sys,unicodedata
for l in open(sys.argv[1], encoding="utf-8"):
    w = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in l.rstrip("\n"))
    if w > 80: print(w, l.rstrip()); break' "$1"
}
wide=$(wider_than_80 "$tmp/ws")
[ -z "$wide" ] && ok "--worksheet fits 80 columns" || bad "--worksheet fits 80 columns" "$wide"
grep -qF "The mirrored score Q(" "$tmp/ws" && ok "--worksheet asks the mirrored score" || bad "--worksheet asks the mirrored score"
"$BIN" --worksheet 20 --answers >"$tmp/ws2"
cmp -s "$tmp/ws" "$tmp/ws2" && ok "--worksheet: the same sheet every time" || bad "--worksheet: the same sheet every time"
"$BIN" --worksheet 20 --answers --seed 1 | cmp -s - "$tmp/ws" && ok "--worksheet: the default seed is 1" || bad "--worksheet: the default seed is 1"
"$BIN" --worksheet 20 --answers --seed 2 | cmp -s - "$tmp/ws" && bad "--seed 2 gives another sheet" || ok "--seed 2 gives another sheet"
"$BIN" --worksheet 5 >"$tmp/ws5"
grep -qE '^    answer [0-9]+:|Solution:' "$tmp/ws5" && bad "--worksheet without --answers has no answers" || ok "--worksheet without --answers has no answers"
head -1 "$tmp/ws5" | grep -qxF "attn-tui worksheet: 三加五等于?, 5 questions, seed 1" && ok "--worksheet names the sentence and the seed" \
    || bad "--worksheet names the sentence and the seed" "$(head -1 "$tmp/ws5")"
grep -qF "1.  x(" "$tmp/ws5" && ok "--worksheet numbers its questions" || bad "--worksheet numbers its questions" "$(sed -n 4,5p "$tmp/ws5")"
"$BIN" --worksheet 9 --answers --lang zh >"$tmp/wszh"
grep -qF "保留两位小数" "$tmp/wszh" && grep -qE '^    答案 9：' "$tmp/wszh" && ! grep -qF 'answer' "$tmp/wszh" \
    && ok "--worksheet --lang zh: Chinese, the key's lines too (答案 N：)" \
    || bad "--worksheet --lang zh: Chinese, the key's lines too (答案 N：)"
wide=$(wider_than_80 "$tmp/wszh")
[ -z "$wide" ] && ok "--worksheet --lang zh fits 80 columns" || bad "--worksheet --lang zh fits 80 columns" "$wide"
"$BIN" --worksheet 18 --mask causal --heads 2 --answers >"$tmp/wsm" 2>"$tmp/err" && grep -qF "(head 2: columns 4-7)" "$tmp/wsm" \
    && grep -qF "Lesson 7: causal mask, 2 heads of width 4." "$tmp/wsm" && ok "--worksheet with --mask and --heads" \
    || bad "--worksheet with --mask and --heads" "$(cat "$tmp/err")"
"$BIN" --worksheet 3 --sentence 十减四等于? | head -1 | grep -qF "十减四等于?" && ok "--worksheet with --sentence" || bad "--worksheet with --sentence"
"$BIN" --worksheet 1 --lang zh | head -1 | grep -qF "attn-tui 练习：句子「三加五等于?」，1 道题，种子 1" \
    && ok "--worksheet --lang zh names the sentence in 「」" || bad "--worksheet --lang zh names the sentence in 「」"
"$BIN" --worksheet 1 --heads 2 | grep -qxF "Lesson 7: no mask, 2 heads of width 4." \
    && ok "--worksheet: 2 heads, not head(s)" || bad "--worksheet: 2 heads, not head(s)"
expect_fail "--worksheet 0" 2 "--worksheet: '0' is not a number of questions: give 1 to 500" -- --worksheet 0
expect_fail "--worksheet x" 2 "--worksheet: 'x' is not a number of questions" -- --worksheet x
expect_fail "--answers alone" 2 "--answers goes with --worksheet" -- --answers
expect_fail "--seed -1" 2 "--seed: '-1' is not a seed" -- --worksheet 2 --seed -1
expect_fail "--worksheet and --dump" 2 "--worksheet and --dump: choose one" -- --worksheet 2 --dump
# No question repeats within a sheet: 30 questions, 30 sentences; a one-character sentence
# runs out of them at 45 and the sheet says so before question 46.
n=$("$BIN" --worksheet 30 | grep -E '^[0-9]+\. ' | sed 's/^[0-9]*\. *//' | sort -u | wc -l)
[ "$n" -eq 30 ] && ok "--worksheet 30: no question asked twice" || bad "--worksheet 30: no question asked twice" "$n different"
"$BIN" --worksheet 50 --sentence '?' >"$tmp/ws1" && grep -B3 '^46\. ' "$tmp/ws1" | tr '\n' ' ' | grep -qF \
    "From here on questions repeat: every kind of question and every cell has been asked. 46. " \
    && ok "--worksheet: the sheet says where questions start to repeat" \
    || bad "--worksheet: the sheet says where questions start to repeat" "$(grep -B3 '^46\. ' "$tmp/ws1")"

# ------------------------------------------------------------------ worksheets as PDF
# --worksheet N --format pdf --output FILE through the PDF module (attn-tui-pdf.so beside the
# program): read back with poppler (tests/cli/pdf-check.py): the pages the program said it
# laid out, every question and every answer of the key on exactly one page, the key's after
# the questions'; the Chinese sheet has no English word; without the module, what to install.
if [ -f "$(dirname "$BIN")/attn-tui-pdf.so" ] && command -v pdftotext >/dev/null 2>&1; then
    for lang in en zh; do
        "$BIN" --worksheet 24 --answers --lang $lang --heads 2 >"$tmp/pdf-$lang.txt"
        "$BIN" --worksheet 24 --answers --lang $lang --heads 2 --format pdf --output "$tmp/sheet-$lang.pdf" 2>"$tmp/err"; st=$?
        # "wrote PATH: 13 pages, 6 of questions and 7 of the key" (Chinese: 共 13 页，题目 6 页，答案 7 页)
        counts=$(sed -E 's/.*[:：]//' "$tmp/err" | grep -oE '[0-9]+' | tr '\n' ' ')
        # shellcheck disable=SC2086
        # (one line on stderr: no warning of the libraries, such as pango's on a line cut
        # inside a character)
        if [ $st -eq 0 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
            out=$(python3 tests/cli/pdf-check.py "$tmp/sheet-$lang.pdf" "$tmp/pdf-$lang.txt" $counts 2>&1); then
            ok "--format pdf --lang $lang: $out"
        else
            bad "--format pdf --lang $lang: pages, questions and answers read back" "exit $st: $(cat "$tmp/err") $out"
        fi
    done
    left=$(pdftotext "$tmp/sheet-zh.pdf" - | grep -oE '[A-Za-z][A-Za-z_]{2,}' | grep -vxE 'attn|tui|softmax|max' | sort -u | tr '\n' ' ')
    [ -z "$left" ] && ok "--format pdf --lang zh: every word of the sheet Chinese" || bad "--format pdf --lang zh: every word of the sheet Chinese" "$left"
    "$BIN" --worksheet 3 --format pdf >"$tmp/piped.pdf" 2>"$tmp/err" && pdfinfo "$tmp/piped.pdf" | grep -qE '^Pages: +1$' \
        && grep -qxF "attn-tui: wrote standard output: 1 page" "$tmp/err" \
        && ok "--format pdf to a pipe: one page for three questions" || bad "--format pdf to a pipe" "$(cat "$tmp/err")"
    expect_fail "--format pdf: an existing file is kept" 1 "exists" -- --worksheet 2 --format pdf --output "$tmp/sheet-en.pdf"
    "$BIN" --worksheet 2 --format pdf --output "$tmp/sheet-en.pdf" --overwrite 2>/dev/null && pdfinfo "$tmp/sheet-en.pdf" | grep -qE '^Pages: +1$' \
        && ok "--format pdf --overwrite replaces it" || bad "--format pdf --overwrite replaces it"
else
    bad "--format pdf: the module attn-tui-pdf.so and poppler-utils are there (make test installs them)"
fi
ATTN_PDF_MODULE=/nonexistent/attn-tui-pdf.so expect_fail "--format pdf without its module: what to install" 2 \
    "apt-get install libpango1.0-dev libcairo2-dev fonts-noto-cjk, then make" -- --worksheet 2 --format pdf --output "$tmp/none.pdf"
[ ! -e "$tmp/none.pdf" ] && ok "--format pdf without its module writes no file" || bad "--format pdf without its module writes no file"
expect_fail "--format pdf goes with --worksheet" 2 "--format pdf goes with --worksheet" -- --print --format pdf
expect_fail "--output goes with --format pdf" 2 "--output goes with --worksheet N --format pdf" -- --worksheet 2 --output "$tmp/x.pdf"

"$BIN" --dump --format json --set 'wq[2][3]=1.5' --set 'embedding[加][0]=0.1' >"$tmp/set" 2>"$tmp/err"; st=$?
if [ $st -eq 0 ] && command -v jq >/dev/null 2>&1; then
    got=$(jq -r '[.wq[2][3], .embedding[1][0], (.x[1][0] * 100 | round)] | map(tostring) | join(" ")' "$tmp/set")
    [ "$got" = "1.5 0.1 94" ] && ok "--set changes Wq and a word vector before the run" || bad "--set changes Wq and a word vector before the run" "$got"
elif [ $st -ne 0 ]; then
    bad "--set exits 0" "$(cat "$tmp/err")"
fi
"$BIN" --dump --set 'embedding[加][0]=0.1' | grep -qE '^加 +0\.10 ' && ok "--set shows in --dump's tables" || bad "--set shows in --dump's tables"
"$BIN" --dump --set 'wq[2][3]=1.08' >"$tmp/set-lower"
"$BIN" --dump --set 'Wq[2][3]=1.08' | cmp -s - "$tmp/set-lower" && ok "--set takes Wq[2][3] as the status line writes it" || bad "--set takes Wq[2][3] as the status line writes it"
"$BIN" --dump --set '词向量[加][0]=0.1' | grep -qE '^加 +0\.10 ' && ok "--set takes 词向量[加][0], the Chinese status line's name" || bad "--set takes 词向量[加][0], the Chinese status line's name"
"$BIN" --dump --format model --set 'wv[0][0]=-0.5' | grep -A2 -F '[wv]' | grep -qE '^ *-0\.5 +-0\.51 ' && ok "--set shows in --format model" || bad "--set shows in --format model"
"$BIN" --worksheet 20 --answers --set 'wq[0][0]=3' | cmp -s - "$tmp/ws" && bad "--set changes the worksheet" || ok "--set changes the worksheet"
expect_fail "--set wrong name" 2 "--set: 'wx[0][0]=1': give wq, wk, wv, embedding or score" -- --dump --set 'wx[0][0]=1'
# one raw score set before ÷√d: 等's row follows (加 52.4% → 68.7%), the dump says so
"$BIN" --dump --set 'score[等][加]=6' > "$tmp/score.txt" 2>&1
grep -qF 'score(等→加) = 6.00 was set by you (what-if, --set); Q(等)·K(加) was 4.05' "$tmp/score.txt" \
    && grep -qE '^等 +12\.9% +68\.7% +6\.6% ' "$tmp/score.txt" \
    && ok "--set score[等][加]=6: 等's shares follow, the dump says it was set" \
    || bad "--set score[等][加]=6: 等's shares follow, the dump says it was set" "$(grep -F '等' "$tmp/score.txt" | tail -3)"
expect_fail "--set score of a character not in the sentence" 2 "--set: 'score[六][加]=6': '六' is not in the sentence" -- --dump --set 'score[六][加]=6'
expect_fail "--set score with --export" 2 "--set: a score set by hand does not combine with --export" -- --export python --set 'score[等][加]=6'
expect_fail "--set: a second score is refused, not kept in silence" 2 "--set: one score at a time: 'score[三][加]=1' would drop the score set before it" -- --dump --set 'score[等][加]=6' --set 'score[三][加]=1'
expect_fail "--set index out of range" 2 "index out of range: wq has 8 rows (0-7) and 8 columns (0-7)" -- --dump --set 'wq[8][0]=1'
expect_fail "--set not a number" 2 "--set: 'wk[0][0]=abc': 'abc' is not a number" -- --dump --set 'wk[0][0]=abc'
expect_fail "--set unknown character" 2 "'龙' is not in the vocabulary" -- --dump --set 'embedding[龙][0]=1'
# ------------------------------------------------------------------ completion
# The committed scripts are the program's (the docs check above also compares them); each
# shell that is installed completes the values of an option, the options, and file names.
for sh_file in "bash|completions/attn-tui.bash" "zsh|completions/_attn-tui" "fish|completions/attn-tui.fish"; do
    "$BIN" --completion "${sh_file%%|*}" | cmp -s - "${sh_file#*|}" && ok "${sh_file#*|} is attn-tui --completion ${sh_file%%|*}" \
        || bad "${sh_file#*|} is attn-tui --completion ${sh_file%%|*}" "run make docs"
done
expect_fail "bad --completion shell" 2 "--completion: 'tcsh' is not a shell: use bash, zsh or fish" -- --completion tcsh
views=$("$BIN" --completion bash | sed -n "/--view)/{n;p}" | sed "s/.*-W '\([^']*\)'.*/\1/")
[ -n "$views" ] && [ "$views" = "$help_views" ] \
    && ok "completion: the view names are the view table's" || bad "completion: the view names are the view table's" "$views"
if command -v bash >/dev/null 2>&1; then
    got=$(bash --norc --noprofile -c '
        [ -r /usr/share/bash-completion/bash_completion ] && . /usr/share/bash-completion/bash_completion
        . completions/attn-tui.bash
        complete -p attn-tui
        COMP_WORDS=(attn-tui --theme ""); COMP_CWORD=2; _attn_tui; echo "${COMPREPLY[*]}"
        COMP_WORDS=(attn-tui --stage s); COMP_CWORD=2; _attn_tui; echo "${COMPREPLY[*]}"
        COMP_WORDS=(attn-tui --view = ma); COMP_CWORD=3; _attn_tui; echo "${COMPREPLY[*]}"
        COMP_WORDS=(attn-tui --model tests/models/ti); COMP_CWORD=2; _attn_tui; echo "${COMPREPLY[*]}"
        COMP_WORDS=(attn-tui --no-n); COMP_CWORD=1; _attn_tui; echo "${COMPREPLY[*]}"' 2>&1)
    want="complete -F _attn_tui attn-tui
dark light contrast
score softmax
matrix machine
tests/models/tiny.model
--no-numbers"
    [ "$got" = "$want" ] && ok "bash completes values, --view=, file names and options" \
        || bad "bash completes values, --view=, file names and options" "$got"
fi
if command -v zsh >/dev/null 2>&1; then
    zc() { zsh -f tests/cli/zsh-complete.zsh completions "$1" "$tmp/zsh"; sort -u "$tmp/zsh" | grep . | tr '\n' ' '; }
    got="$(zc 'attn-tui --mask ')| $(zc 'attn-tui --lan')| $(zc 'attn-tui --record tests/models/ti')"
    [ "$got" = "causal none | --lang | models tests tiny.model " ] && ok "zsh completes values, options and file names" \
        || bad "zsh completes values, options and file names" "$got"
fi
if command -v fish >/dev/null 2>&1; then
    got=$(fish --no-config -c 'source completions/attn-tui.fish
        complete -C "attn-tui --color "; complete -C "attn-tui --no-co"; complete -C "attn-tui --config tests/models/ti"' 2>&1 | cut -f1 | tr '\n' ' ')
    [ "$got" = "always auto never --no-config tests/models/tiny.model " ] && ok "fish completes values, options and file names" \
        || bad "fish completes values, options and file names" "$got"
fi

# Every option completion offers is in --help and in the man page.
undocumented=""
for opt in $("$BIN" --completion bash | sed -n "s/^    COMPREPLY=(\$(compgen -W '\(-.*\)' -- .*/\1/p"); do
    "$BIN" --help | grep -qF -- "$opt" || undocumented="$undocumented $opt (--help)"
    man_opt=$(printf '%s' "$opt" | sed 's/-/\\-/g')
    grep -qF -- "$man_opt" docs/attn-tui.1 || undocumented="$undocumented $opt (man page)"
done
[ -z "$undocumented" ] && ok "every option is in --help and the man page" || bad "every option is in --help and the man page" "$undocumented"

# ------------------------------------------------------------------ SVG
# Golden SVGs of four frames, drawn by tests/unit/test_svg_golden.c (make golden-update
# rewrites them; tests/svg/README): --print draws the same bytes (a slide has no view bar,
# so the program's own list of views changes nothing), each is well-formed (xmllint),
# renders (rsvg-convert), and the same options give the same bytes.
svg_case() {   # NAME FILE ARGS...
    name=$1; file=$2; shift 2
    "$BIN" --no-config --print --format svg "$@" >"$tmp/svg" 2>"$tmp/err"
    "$BIN" --no-config --print --format svg "$@" >"$tmp/svg2" 2>>"$tmp/err"
    if ! cmp -s "$tmp/svg" "$tmp/svg2"; then bad "svg $name: deterministic"; return; fi
    if ! cmp -s "$tmp/svg" "tests/svg/$file"; then bad "svg $name: as tests/svg/$file" "$(diff "tests/svg/$file" "$tmp/svg" | head -5)"; return; fi
    if command -v xmllint >/dev/null 2>&1 && ! xmllint --noout "$tmp/svg" 2>"$tmp/err"; then bad "svg $name: well-formed" "$(head -3 "$tmp/err")"; return; fi
    if command -v rsvg-convert >/dev/null 2>&1 && ! rsvg-convert -o "$tmp/svg.png" "$tmp/svg" 2>"$tmp/err"; then bad "svg $name: renders" "$(head -3 "$tmp/err")"; return; fi
    ok "svg $name: golden, deterministic, well-formed, renders"
}
# Golden ANSI frames of the three themes (regenerate: make golden-update): the opening frame
# at 80x24 and 120x40, and the machine at 120x40, each but its view bar row (which lists
# every view: a new screen changes it, as for the SVG goldens above); every highlight names
# both its colours (38;5;N;48;5;M, no reverse video 7), the current view black on yellow in
# the bar drawn; and NO_COLOR wins over --color always.
esc=$(printf '\033')
ansi_but_the_view_bar() {   # FILE: every line but the second, the view bar
    sed 2d "$1"
}
ansi_case() {   # ansi_case GOLDEN THEME ARGS...: --print --color always --theme THEME ARGS
    golden=$1 theme=$2
    shift 2
    NO_COLOR= "$BIN" --no-config --print --color always --theme "$theme" "$@" >"$tmp/ansi" 2>"$tmp/err"
    ansi_but_the_view_bar "$tmp/ansi" >"$tmp/ansi.body"
    ansi_but_the_view_bar "tests/golden/$golden" >"$tmp/ansi.golden"
    if ! cmp -s "$tmp/ansi.body" "$tmp/ansi.golden"; then
        bad "--color always --theme $theme $*: as tests/golden/$golden" "$(diff "$tmp/ansi.golden" "$tmp/ansi.body" | head -5 | cat -v)"
    elif grep -aq "$esc\\[[0-9;]*;7[;m]" "$tmp/ansi" || grep -aqv "^$esc\\[0;[0-9;]*38;5;[0-9]*;48;5;[0-9]*m" "$tmp/ansi"; then
        bad "--color always --theme $theme $*: both colours on every line, no reverse video"
    else
        ok "--color always --theme $theme $*: golden, both colours named, no reverse video"
    fi
}
for theme in dark light contrast; do
    ansi_case "ansi-80x24-$theme.txt" $theme --size 80x24
    ansi_case "ansi-120x40-$theme.txt" $theme --size 120x40
    ansi_case "ansi-120x40-machine-$theme.txt" $theme --size 120x40 --view machine
done
NO_COLOR= "$BIN" --no-config --print --color always --theme dark --size 80x24 | sed -n 2p >"$tmp/ansibar"
grep -aqF "$esc[0;1;38;5;16;48;5;226m[arcs]" "$tmp/ansibar" \
    && ok "--color always: the current view is black on yellow in the view bar" \
    || bad "--color always: the current view is black on yellow in the view bar" "$(cat -v "$tmp/ansibar")"
NO_COLOR=1 "$BIN" --no-config --print --color always --size 80x24 >"$tmp/nocolor" 2>"$tmp/err"
! grep -aq "$esc" "$tmp/nocolor" && grep -qF "三" "$tmp/nocolor" \
    && ok "NO_COLOR wins over --color always: no escape at all" || bad "NO_COLOR wins over --color always"
svg_case "arcs at softmax" arcs-softmax-80x24.svg --size 80x24 --stage softmax
svg_case "matrix, Chinese, light" matrix-zh-light-100x30.svg --size 100x30 --view matrix --lang zh --theme light
svg_case "arcs, contrast" arcs-contrast-80x24.svg --size 80x24 --stage softmax --theme contrast
svg_case "all, no numbers" all-nonumbers-80x24.svg --size 80x24 --view all --no-numbers
grep -qF '<title>attn-tui: 三加五等于?, the arcs view</title>' tests/svg/arcs-softmax-80x24.svg \
    && grep -qF 'viewBox="0 0 640 368"' tests/svg/arcs-softmax-80x24.svg \
    && grep -qF '<text x="48" y="156" fill="#eeeeee" font-weight="bold">三</text>' tests/svg/arcs-softmax-80x24.svg \
    && grep -qF '<text x="136 144 152 160 168" y="172" fill="#eeeeee" font-weight="bold">52.4%</text>' tests/svg/arcs-softmax-80x24.svg \
    && ok "svg: title, viewBox (22 rows and the scale's), the sentence and the shares at their cells" \
    || bad "svg: title, viewBox (22 rows and the scale's), the sentence and the shares at their cells"
# A slide: no view bar, no status line (keys, notes); --chrome keeps both; the Chinese title
# names the screen by its tab.
"$BIN" --no-config --print --format svg --size 80x24 >"$tmp/slide.svg" 2>"$tmp/err"
"$BIN" --no-config --print --format svg --size 80x24 --chrome >"$tmp/chrome.svg" 2>>"$tmp/err"
if ! grep -qF '? explains' "$tmp/slide.svg" && ! grep -qF '[arcs]' "$tmp/slide.svg" \
    && grep -qF '? explains' "$tmp/chrome.svg" && grep -qF '[arcs]' "$tmp/chrome.svg" \
    && grep -qF 'viewBox="0 0 640 400"' "$tmp/chrome.svg"; then
    ok "svg: a slide leaves out the view bar and the key bar, --chrome keeps them"
else
    bad "svg: a slide leaves out the view bar and the key bar, --chrome keeps them" "$(cat "$tmp/err")"
fi
"$BIN" --no-config --print --format svg --size 80x24 --view matrix --lang zh | grep -qF '<title>attn-tui：「三加五等于?」，「打分表」画面</title>' \
    && ok "svg: the Chinese title names the screen's tab" || bad "svg: the Chinese title names the screen's tab"
expect_fail "--chrome goes with --print --format svg" 2 "--chrome goes with --print --format svg" -- --print --chrome
expect_fail "--format svg goes with --print" 2 "--format svg goes with --print" -- --format svg
# The arcs are vector paths whose stroke width follows the shares of --dump (parsed by
# tests/cli/svg-widths.py), with no braille dots left in the arcs' area; so are the all view's lines.
if command -v python3 >/dev/null 2>&1; then
    "$BIN" --no-config --dump --format json >"$tmp/svg.json"
    for focus in 1 4; do
        "$BIN" --no-config --print --format svg --size 120x40 --stage output --focus $focus >"$tmp/arcs.svg"
        if out=$(python3 tests/cli/svg-widths.py "$tmp/arcs.svg" "$tmp/svg.json" $((focus - 1)) 2>&1) \
            && ! grep -qF 'a1.3 1.3 0 1 0' "$tmp/arcs.svg"; then
            ok "svg: the arcs of character $focus are paths as wide as their shares ($out)"
        else
            bad "svg: the arcs of character $focus are paths as wide as their shares" "$out"
        fi
    done
fi
n=$(grep -c 'class="line"' tests/svg/all-nonumbers-80x24.svg)
[ "$n" -eq 36 ] && ! grep -qF 'a1.3 1.3 0 1 0' tests/svg/all-nonumbers-80x24.svg && ok "svg: the all view's 36 lines are paths" \
    || bad "svg: the all view's 36 lines are paths" "$n lines"

# ------------------------------------------------------------------ config file
mkdir -p "$tmp/xdg/attn-tui"
printf '# my defaults\nview = matrix\nnumbers = no   # hidden\n\nlang=zh\n' >"$tmp/xdg/attn-tui/config"
"$BIN" --print --size 80x24 >"$tmp/cfg" 2>"$tmp/err"
"$BIN" --no-config --print --size 80x24 --view matrix --no-numbers --lang zh >"$tmp/cfgwant" 2>>"$tmp/err"
cmp -s "$tmp/cfg" "$tmp/cfgwant" && ok "config: view, numbers and lang from \$XDG_CONFIG_HOME/attn-tui/config" \
    || bad "config: view, numbers and lang from \$XDG_CONFIG_HOME/attn-tui/config" "$(cat "$tmp/err"; head -3 "$tmp/cfg")"
"$BIN" --print --size 80x24 --view arcs --lang en >"$tmp/cfg" 2>"$tmp/err"
"$BIN" --no-config --print --size 80x24 --view arcs --no-numbers >"$tmp/cfgwant" 2>>"$tmp/err"
cmp -s "$tmp/cfg" "$tmp/cfgwant" && ok "config: the command line wins" || bad "config: the command line wins" "$(cat "$tmp/err")"
"$BIN" --no-config --print --size 80x24 >"$tmp/cfg" 2>"$tmp/err"
"$BIN" --print --size 80x24 --config /dev/null >"$tmp/cfgwant" 2>>"$tmp/err"
cmp -s "$tmp/cfg" "$tmp/cfgwant" && ok "config: --no-config and an empty --config read nothing" \
    || bad "config: --no-config and an empty --config read nothing" "$(cat "$tmp/err")"
HOME=$tmp/home XDG_CONFIG_HOME= "$BIN" --print --size 80x24 >"$tmp/cfg" 2>"$tmp/err"
mkdir -p "$tmp/home/.config/attn-tui"; printf 'view = matrix\n' >"$tmp/home/.config/attn-tui/config"
HOME=$tmp/home XDG_CONFIG_HOME= "$BIN" --print --size 80x24 >"$tmp/cfg2" 2>>"$tmp/err"
! cmp -s "$tmp/cfg" "$tmp/cfg2" && grep -q . "$tmp/cfg2" && ok "config: ~/.config/attn-tui/config without XDG_CONFIG_HOME" \
    || bad "config: ~/.config/attn-tui/config without XDG_CONFIG_HOME" "$(cat "$tmp/err")"
printf 'lang = en\n\nspeed = 9\n' >"$tmp/bad.conf"
expect_fail "config: a bad value is FILE:LINE and exit 2" 2 "attn-tui: $tmp/bad.conf:3: speed: '9' is not a speed: give a number from 0.25 to 4" -- --config "$tmp/bad.conf" --print
printf 'colour = red\n' >"$tmp/xdg/attn-tui/config"
expect_fail "config: an unknown key is FILE:LINE and exit 2" 2 "$tmp/xdg/attn-tui/config:1: unknown key 'colour' (the keys: lang, theme, view, speed, ascii, numbers, mask, heads, model)" -- --print
"$BIN" --help >/dev/null 2>&1 && ok "config: --help works whatever the config" || bad "config: --help works whatever the config"
printf 'theme light\n' >"$tmp/bad.conf"
expect_fail "config: a line that is not key = value" 2 "bad.conf:1: 'theme light' is not key = value" -- --config "$tmp/bad.conf" --dump
expect_fail "config: --config of a missing file" 2 "cannot read the config file $tmp/none: No such file or directory" -- --config "$tmp/none" --dump
printf 'model = %s\nheads = 2\nmask = causal\n' "$PWD/tests/models/tiny.model" >"$tmp/xdg/attn-tui/config"
"$BIN" --dump --format json >"$tmp/cfg" 2>"$tmp/err"
"$BIN" --no-config --dump --format json --model tests/models/tiny.model --heads 2 --mask causal >"$tmp/cfgwant" 2>>"$tmp/err"
cmp -s "$tmp/cfg" "$tmp/cfgwant" && ok "config: model, heads and mask" || bad "config: model, heads and mask" "$(cat "$tmp/err")"
expect_fail "--theme takes dark, light or contrast" 2 "--theme: 'blue' is not a theme: use dark, light or contrast" -- --theme blue
# A config that is not a regular file is refused at once, never waited on (a FIFO nobody
# writes blocked open() forever, even for --dump); /dev/null stays the empty config.
# expect_refused NAME MESSAGE -- ARGS...: exit 2 within 5 s, one line on stderr.
expect_refused() {
    name=$1; text=$2; shift 3
    timeout 5 "$BIN" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; got=$?
    if [ "$got" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF -- "$text" "$tmp/err" && [ ! -s "$tmp/out" ]; then
        ok "$name"
    else
        bad "$name" "exit $got: $(cat "$tmp/err")"
    fi
}
mkfifo "$tmp/fifo.conf"
expect_refused "config: --config FIFO is refused, not waited on" \
    "attn-tui: cannot read the config file $tmp/fifo.conf: not a regular file (a pipe or a device is never read)" -- --config "$tmp/fifo.conf" --dump
rm -f "$tmp/xdg/attn-tui/config"; mkfifo "$tmp/xdg/attn-tui/config"
expect_refused "config: a FIFO at the default path is refused, even for --dump" \
    "cannot read the config file $tmp/xdg/attn-tui/config: not a regular file" -- --dump
rm -f "$tmp/xdg/attn-tui/config"
expect_refused "config: --config a device is refused" "cannot read the config file /dev/zero: not a regular file" -- --config /dev/zero --dump
expect_refused "config: --config a directory is refused" "cannot read the config file $tmp: Is a directory" -- --config "$tmp" --dump
expect_refused "zh: config, a FIFO: said in Chinese" "读不了配置文件 $tmp/fifo.conf：不是普通文件" -- --lang zh --config "$tmp/fifo.conf" --dump
# A config saved with a UTF-8 byte order mark (Windows editors write one) reads as without it.
printf '\357\273\277lang = zh\nview = matrix\n' >"$tmp/bom.conf"
"$BIN" --config "$tmp/bom.conf" --print --size 80x24 >"$tmp/cfg" 2>"$tmp/err"
"$BIN" --no-config --print --size 80x24 --lang zh --view matrix >"$tmp/cfgwant" 2>>"$tmp/err"
cmp -s "$tmp/cfg" "$tmp/cfgwant" && ok "config: a byte order mark is read past" || bad "config: a byte order mark is read past" "$(cat "$tmp/err")"
rm -f "$tmp/xdg/attn-tui/config"
# ------------------------------------------------------------------ numbers as the model file writes them
# --speed, --lr, --set and the config take the model file's numbers: exponents, no hex.
expect_fail "--speed: no hex" 2 "--speed: '0x1' is not a speed: give a number from 0.25 to 4" -- --speed 0x1 --print
expect_fail "--speed: no blank" 2 "--speed: ' 2' is not a speed" -- --speed ' 2' --print
expect_fail "--lr: no hex" 2 "--lr: '0x1' is not a learning rate" -- --train --lr 0x1 --save "$tmp/hex.model"
expect_fail "--set: no hex" 2 "--set: 'wq[0][0]=0x10': '0x10' is not a number" -- --set 'wq[0][0]=0x10' --dump
expect_fail "--set: no inf" 2 "--set: 'wq[0][0]=inf': 'inf' is not a number" -- --set 'wq[0][0]=inf' --dump
printf 'speed = 0x2\n' >"$tmp/hex.conf"
expect_fail "config: no hex" 2 "hex.conf:1: speed: '0x2' is not a speed" -- --config "$tmp/hex.conf" --dump
"$BIN" --no-config --print --speed 2e0 >/dev/null 2>"$tmp/err" && ok "--speed 2e0: an exponent is a number" \
    || bad "--speed 2e0: an exponent is a number" "$(cat "$tmp/err")"
"$BIN" --no-config --dump --format model --set 'wq[0][0]=1.5e1' 2>"$tmp/err" | grep -A2 '^\[wq\]' | grep -q '^ *15 -0.56 ' \
    && ok "--set 'wq[0][0]=1.5e1' sets 15" || bad "--set 'wq[0][0]=1.5e1' sets 15" "$(cat "$tmp/err")"
rm -f "$tmp/xdg/attn-tui/config"
# ------------------------------------------------------------------ --train
# Training learns add from seed 1; the saved model predicts 八 for 三加五等于?, reads back
# number for number, and a continued run starts where it stopped.
"$BIN" --train --task add --seed 1 --save "$tmp/m.model" >"$tmp/out" 2>"$tmp/err"; st=$?
last=$(tail -1 "$tmp/err")
if [ $st -eq 0 ] && [ ! -s "$tmp/out" ] && printf '%s' "$last" | grep -q '^trained add, seed 1: [0-9]* steps, loss 0\.[0-9]*, accuracy 100\.0% (66/66), [0-9.]* s$'; then
    ok "--train --task add --seed 1: 100%, the last line says so"
else
    bad "--train --task add --seed 1: 100%, the last line says so" "exit $st: $(cat "$tmp/err")"
fi
"$BIN" --model "$tmp/m.model" --dump >"$tmp/dump" 2>"$tmp/err"
expect_dump "the trained model predicts 八 for 三加五等于?" "prediction: 三加五等于? → 八"
"$BIN" --model "$tmp/m.model" --dump --format model | cmp -s - "$tmp/m.model" \
    && ok "--dump --format model round-trips a trained model" || bad "--dump --format model round-trips a trained model"
# the file's first line says what wrote it: --train too, not only --dump --format model
[ "$(head -2 "$tmp/m.model")" = "# An attn-tui model, written by attn-tui (--dump --format model, --train, or w on the
# train screen)." ] && ok "a trained model's first lines name --train among its writers" \
    || bad "a trained model's first lines name --train among its writers" "$(head -2 "$tmp/m.model")"
if command -v jq >/dev/null 2>&1; then
    got=$("$BIN" --model "$tmp/m.model" --dump --format json | jq -r '"\(.prediction.char) \(.answers | length) \(.wo | length) \(.bo | length) \(.logits | length) \((.probs | add) * 1000 | round)"')
    [ "$got" = "八 11 8 11 11 1000" ] && ok "json holds the readout and the prediction" || bad "json holds the readout and the prediction" "$got"
fi
"$BIN" --train --steps 0 --seed 1 --save "$tmp/zero.model" 2>"$tmp/err" && "$BIN" --train --steps 0 --seed 1 --save "$tmp/zero2.model" 2>"$tmp/err" \
    && cmp -s "$tmp/zero.model" "$tmp/zero2.model" && ok "--steps 0: the same seed writes the same model" || bad "--steps 0: the same seed writes the same model" "$(cat "$tmp/err")"
"$BIN" --train --steps 0 --model "$tmp/m.model" --save "$tmp/again.model" 2>"$tmp/err" && cmp -s "$tmp/m.model" "$tmp/again.model" \
    && ok "--train --steps 0 --model FILE writes FILE's weights back" || bad "--train --steps 0 --model FILE writes FILE's weights back" "$(cat "$tmp/err")"
"$BIN" --train --task all --steps 30 --heads 2 --save "$tmp/all.model" 2>"$tmp/err" && grep -qx '2' "$tmp/all.model" && grep -qF '[w1]' "$tmp/all.model" \
    && tail -1 "$tmp/err" | grep -qF 'trained all, seed 1: 30 steps' && ok "--task all --heads 2 --steps 30: an MLP, [heads] 2" \
    || bad "--task all --heads 2 --steps 30: an MLP, [heads] 2" "$(cat "$tmp/err")"
# a start whose numbers are huge: the loss in e-notation, not 300 digits a line; the Chinese
# line names the task as the screen does (训练完加法, not 训练完 add)
awk 'f == 1 && !/^#/ && NF > 1 { $2 = "1e300"; f = 2 } /^\[embedding\]/ { f = 1 } { print }' \
    assets/lesson.model >"$tmp/huge.model"
"$BIN" --train --model "$tmp/huge.model" --steps 2 --save "$tmp/huge-out.model" 2>"$tmp/err"; st=$?
last=$(tail -1 "$tmp/err")
[ $st -eq 0 ] && [ ${#last} -lt 100 ] && printf '%s' "$last" | grep -q '^trained add, seed 1: 2 steps, loss [0-9]\.[0-9]\{4\}e+29[0-9], accuracy' \
    && ok "--train: a huge loss in e-notation" || bad "--train: a huge loss in e-notation" "exit $st: $(head -c 300 "$tmp/err")"
# a start whose scores overflow on its own sentence (2e153 in Wq and Wk) is refused as --model
# refuses it (it trained, and saved a model attn-tui would not run); nothing is written
awk '/^\[/ { f = ($0 == "[wq]" || $0 == "[wk]") } f && !/^[#[]/ && NF { for (i = 1; i <= NF; i++) $i = ($i ~ /^-/ ? "-" : "") "2e153" } { print }' \
    assets/lesson.model >"$tmp/edge.model"
expect_fail "--model: scores that overflow are refused" 1 "edge.model: the scores overflow (Q(" -- --dump --model "$tmp/edge.model"
expect_fail "--train: a start model --model refuses is refused" 1 "edge.model: the scores overflow (Q(" -- \
    --train --model "$tmp/edge.model" --steps 50 --save "$tmp/edge-out.model"
[ ! -e "$tmp/edge-out.model" ] && ok "--train: nothing saved from a refused start" || bad "--train: nothing saved from a refused start"
"$BIN" --train --steps 0 --lang zh --save "$tmp/zh-add.model" 2>"$tmp/err" && tail -1 "$tmp/err" | grep -q '^加法训练结束（种子 1）：0 步，损失 2\.4068，' \
    && "$BIN" --train --task all --steps 0 --lang zh --save "$tmp/zh-all.model" 2>"$tmp/err" && tail -1 "$tmp/err" | grep -q '^加减乘除训练结束（种子 1）：0 步' \
    && ok "--train --lang zh names the task in Chinese" || bad "--train --lang zh names the task in Chinese" "$(cat "$tmp/err")"
# a --lr that stops it learning: the last line names --lr too, not only the seed
"$BIN" --train --lr 10 --save "$tmp/lr10.model" 2>"$tmp/err"
tail -1 "$tmp/err" | grep -q 'accuracy 12\.1% (8/66), [0-9.]* s (stuck: try another seed or another --lr)$' \
    && ok "--train --lr 10: stuck, and --lr named" || bad "--train --lr 10: stuck, and --lr named" "$(tail -1 "$tmp/err")"
expect_fail "--train: an existing file is kept" 1 "exists" -- --train --steps 0 --save "$tmp/m.model"
"$BIN" --train --steps 1 --save "$tmp/m.model" --overwrite 2>"$tmp/err" && ! cmp -s "$tmp/m.model" "$tmp/again.model" \
    && ok "--train --overwrite replaces the file" || bad "--train --overwrite replaces the file" "$(cat "$tmp/err")"
expect_fail "--train: an unwritable OUT" 1 "--save:" -- --train --steps 0 --save /nonexistent/dir/m.model
expect_fail "--train: an unknown task" 2 "--task: 'sub' is not a task: use add, all or poems" -- --train --task sub --save "$tmp/x.model"
expect_fail "--train: a negative learning rate" 2 "--lr: '-1' is not a learning rate" -- --train --lr -1 --save "$tmp/x.model"
expect_fail "--train: a bad seed" 2 "--seed: 'x' is not a seed" -- --train --seed x --save "$tmp/x.model"
expect_fail "--train: a bad number of steps" 2 "--steps: '-5' is not a number of steps" -- --train --steps -5 --save "$tmp/x.model"
expect_fail "--train needs --save" 2 "--train needs --save OUT" -- --train
expect_fail "--steps without --train" 2 "go with --train" -- --steps 3 --dump
[ ! -e "$tmp/x.model" ] && ok "a refused --train writes nothing" || bad "a refused --train writes nothing"
"$BIN" --help | grep -qF -- "--train" && ok "--help names --train" || bad "--help names --train"
# every option once in the help: --seed was there twice (the questions', then --train's)
for l in en zh; do
    n=$("$BIN" --help --lang $l | grep -c -- '^  --seed S ')
    [ "$n" -eq 1 ] && ok "--help --lang $l: --seed once" || bad "--help --lang $l: --seed once" "$n times"
done

# ------------------------------------------------------------------ the opening picture, the tour
"$BIN" --print --size 80x24 >"$tmp/open" 2>"$tmp/err"
if grep -qF "▲ thicker line: 等 looks more" "$tmp/open" && grep -q "52.4%" "$tmp/open" \
   && tail -1 "$tmp/open" | grep -qF "Space plays each character's four steps · ←/→ step · ? explains this screen"; then
    ok "no options: the arcs, 等 at ③ (52.4%), a line saying what to press"
else
    bad "no options: the arcs, 等 at ③ (52.4%), a line saying what to press" "$(cat "$tmp/open")"
fi
"$BIN" --print --size 80x24 --focus 1 --stage 1 | grep -qF "▲ 三 makes Q, K and V" \
    && ok "--focus and --stage still choose the start" || bad "--focus and --stage still choose the start"
"$BIN" --print --size 80x24 --sentence 三加五 | grep -qF "▲ thicker line: 三 looks more" \
    && ok "a sentence without 等 starts on its first character" || bad "a sentence without 等 starts on its first character"
"$BIN" --print --size 120x40 --tour >"$tmp/tour"
grep -qF "The opening picture: 等 looks at every character" "$tmp/tour" && grep -qF "tour 1/19" "$tmp/tour" \
    && ok "--tour --print: the first stop's caption" || bad "--tour --print: the first stop's caption" "$(head -4 "$tmp/tour")"
"$BIN" --print --size 80x24 --tour --lang zh | grep -qF "开场画面：「等」看向每一个字" \
    && ok "--tour --lang zh: the caption in Chinese, characters in 「」" || bad "--tour --lang zh: the caption in Chinese"
"$BIN" --print --size 80x24 --predict | sed -n 3p | grep -qF "predict, then reveal: autoplay asks at each character's ①, before its" \
    && ok "--predict: the caption row says what it does" || bad "--predict: the caption row says what it does"
expect_fail "--tour takes no value" 2 "--tour" -- --tour=yes
# ------------------------------------------------------------------ hardening
# File names and model tokens reach stderr escaped; no raw ESC or BEL in any message.
no_raw_controls() { ! LC_ALL=C grep -q "$(printf '[\033\007]')" "$1"; }
expect_fail "--model: the path's escapes are shown escaped" 1 \
    'attn-tui: /tmp/\x1B]0;pwned\x07\x1B[31mRED: cannot read: No such file or directory' \
    -- --dump --model "$(printf '/tmp/\033]0;pwned\007\033[31mRED')"
no_raw_controls "$tmp/err" && ok "--model: no raw escape reaches stderr" || bad "--model: no raw escape reaches stderr" "$(cat -v "$tmp/err")"
esc_model="$tmp/$(printf '\033[31m')bad.model"
printf '[vocab]\na bc\n' >"$esc_model"
expect_fail "a parse error's NAME:LINE: is escaped" 1 '\x1B[31mbad.model:2: vocabulary entry "bc" is not exactly one character' \
    -- --dump --model "$esc_model"
printf '[vocab]\na b\342\200\256evil\n' >"$tmp/rlo.model"
expect_fail "a bidi override in a token is shown as \\u202E" 1 'vocabulary entry "b\u202Eevil" is not exactly one character' \
    -- --dump --model "$tmp/rlo.model"
expect_fail "--sentence: a bidi override is shown as \\u202E" 1 'unknown "\u202E" at character 2' \
    -- --dump --sentence "$(printf '3\342\200\256')"
printf '[vocab]\na \342\200\250\n' >"$tmp/sep.model"
expect_fail "U+2028 in the vocabulary is refused" 1 "vocabulary entry U+2028 cannot be used" -- --dump --model "$tmp/sep.model"

# A FIFO (with no writer) as --model is refused at once, not waited on.
mkfifo "$tmp/fifo.model"
timeout 10 "$BIN" --dump --model "$tmp/fifo.model" >"$tmp/out" 2>"$tmp/err"; st=$?   # 124: it waited
[ $st -eq 1 ] && grep -qF "fifo.model: not a regular file" "$tmp/err" \
    && ok "a FIFO as --model is refused at once" || bad "a FIFO as --model is refused at once" "exit $st: $(cat "$tmp/err")"

# --print's size limit is named; over a file-size limit every output says "File too large".
expect_fail "--size over the limit names it" 2 "give WxH from 1x1 to 1000x1000" -- --print --size 1001x10
for args in "--print --size 200x100" "--help" "--keys man" "--dump" "--export python"; do
    # shellcheck disable=SC2086
    (ulimit -f 1; exec "$BIN" $args >"$tmp/limited.txt" 2>"$tmp/err"); st=$?
    [ $st -eq 1 ] && grep -qF "File too large" "$tmp/err" && [ "$(wc -l <"$tmp/err")" -eq 1 ] \
        && ok "$args over ulimit -f: exit 1, File too large" || bad "$args over ulimit -f: exit 1, File too large" "exit $st: $(cat "$tmp/err")"
done

# The interactive program on a pseudo-terminal (tests/cli/pty_run.py): what tmux cannot do.
if command -v python3 >/dev/null 2>&1; then
    PTY="python3 $(dirname "$0")/pty_run.py"
    # 0. --train's bar on a terminal narrower than it: each redraw fits in a row (at 50
    #    columns the 73-column line wrapped, and every \r redraw left a row behind)
    got=$($PTY "$tmp/pty" 24 50 "" -- "$BIN" --train --task all --steps 120 --save "$tmp/pty50.model")
    wide=$(sed '$d' "$tmp/pty" | tr '\r' '\n' | sed 's/\x1b\[K//g' | awk 'length($0) >= 50' | head -1)
    [ "$got" = "exit 0" ] && [ -z "$wide" ] && grep -qF "step 120/120  loss" "$tmp/pty" \
        && ok "--train on 50 columns: the bar's redraws fit" || bad "--train on 50 columns: the bar's redraws fit" "$got: $wide"
    got=$($PTY "$tmp/pty" 24 80 "" -- "$BIN" --train --steps 50 --save "$tmp/pty80.model")
    [ "$got" = "exit 0" ] && grep -qF "[########################] step 50/50  loss" "$tmp/pty" \
        && ok "--train on 80 columns: the whole bar" || bad "--train on 80 columns: the whole bar" "$got: $(head -c 200 "$tmp/pty")"
    # --format pdf never writes a PDF onto a terminal: --output FILE, or a pipe
    got=$($PTY "$tmp/pty" 24 80 "" -- "$BIN" --worksheet 2 --format pdf)
    [ "$got" = "exit 2" ] && grep -qF "attn-tui: --format pdf: standard output is a terminal: give --output FILE" "$tmp/pty" \
        && ok "--format pdf refuses a terminal on standard output" || bad "--format pdf refuses a terminal on standard output" "$got: $(head -c 200 "$tmp/pty")"
    # TERM=linux with --lang zh: ASCII only, so English, said once in English; no code point
    # or pinyin stands for a Chinese word (the character's own pinyin labels aside)
    got=$($PTY "$tmp/pty" 24 80 71 -- env TERM=linux "$BIN" --lang zh)
    [ "$got" = "exit 0" ] && grep -qF "TERM=linux: ASCII only, so English: Chinese needs a terminal that shows it" "$tmp/pty" \
        && ! grep -qF "U+" "$tmp/pty" && grep -qF "thicker" "$tmp/pty" \
        && ok "TERM=linux --lang zh: English, and why, no code points" \
        || bad "TERM=linux --lang zh: English, and why, no code points" "$got: $(tr -d '\033' <"$tmp/pty" | tail -c 300)"
    # 1. a terminal of 32 768 rows or columns: drawn at most 1000 each way, and said
    got=$($PTY "$tmp/pty" 32768 80 71 -- "$BIN")
    [ "$got" = "exit 0" ] && grep -qF "the terminal is 80×32768: drawing 80×1000" "$tmp/pty" \
        && ok "32768 rows: bounded, said, exit 0" || bad "32768 rows: bounded, said, exit 0" "$got"
    got=$($PTY "$tmp/pty" 24 32768 71 -- "$BIN")
    [ "$got" = "exit 0" ] && grep -qF "the terminal is 32768×24: drawing 1000×24" "$tmp/pty" \
        && ok "32768 columns: bounded, said, exit 0" || bad "32768 columns: bounded, said, exit 0" "$got"
    got=$($PTY "$tmp/pty" 24 80 r32768x80,r24x32768,r30x100,71 -- "$BIN")
    [ "$got" = "exit 0" ] && ok "resized to 32768 rows and columns and back: exit 0" \
        || bad "resized to 32768 rows and columns and back: exit 0" "$got"
    # 3. --record never replaces a file unless --overwrite, never follows a link
    printf 'precious\n' >"$tmp/precious.txt"
    ln -s "$tmp/precious.txt" "$tmp/link.cast"
    got=$($PTY "$tmp/pty" 24 80 71 -- "$BIN" --record "$tmp/link.cast")
    [ "$got" = "exit 1" ] && grep -qF "link.cast: is a symbolic link" "$tmp/pty" && [ "$(cat "$tmp/precious.txt")" = precious ] \
        && ok "--record through a symlink: refused, the target kept" || bad "--record through a symlink: refused, the target kept" "$got: $(tail -c 200 "$tmp/pty")"
    cp "$tmp/lesson.model" "$tmp/mine.model"
    got=$($PTY "$tmp/pty" 24 80 71 -- "$BIN" --model "$tmp/mine.model" --record "$tmp/mine.model")
    [ "$got" = "exit 1" ] && grep -qF "mine.model: exists (use --overwrite to replace it)" "$tmp/pty" \
        && cmp -s "$tmp/lesson.model" "$tmp/mine.model" \
        && ok "--record onto the model: refused, the model kept" || bad "--record onto the model: refused, the model kept" "$got"
    got=$($PTY "$tmp/pty" 24 80 71 -- "$BIN" --record "$tmp/precious.txt" --overwrite)
    [ "$got" = "exit 0" ] && head -c 12 "$tmp/precious.txt" | grep -qF '{"version": ' \
        && ok "--record --overwrite replaces the file" || bad "--record --overwrite replaces the file" "$got"
    got=$($PTY "$tmp/pty" 24 80 71 -- "$BIN" --record "$(printf '/nonexistent/\033]0;x\007.cast')")
    [ "$got" = "exit 1" ] && grep -qF '/nonexistent/\x1B]0;x\x07.cast: No such file or directory' "$tmp/pty" \
        && ok "--record: the path is shown escaped" || bad "--record: the path is shown escaped" "$got: $(tail -c 200 "$tmp/pty" | cat -v)"
    # 7, 10. a file-size limit stops the recording (the status line says so: the tmux check
    # below); the file holds whole events; at exit one escaped line, exit 1, no SIGXFSZ death.
    # q goes once the status line has said it (however long a loaded machine takes to fill
    # the 8 KiB), not after a fixed time
    cast="$tmp/$(printf '\033]0;x\007')full.cast"
    stopped=w$(printf 'recording stopped' | od -An -tx1 | tr -d ' \n')
    got=$($PTY "$tmp/pty" 24 80 r24x80,r24x80,r24x80,$stopped,71 -- sh -c 'ulimit -f 16; exec "$0" --record "$1" --autoplay --speed 4' "$BIN" "$cast")
    if [ "$got" = "exit 1" ] \
        && grep -qF 'attn-tui: --record: cannot write '"$tmp"'/\x1B]0;x\x07full.cast: File too large' "$tmp/pty" \
        && python3 -c 'import json, sys
lines = open(sys.argv[1], "rb").read().decode("utf-8").split("\n")
assert lines[-1] == "" and len(lines) > 2
for l in lines[:-1]: json.loads(l)' "$cast"; then
        ok "a file-size limit stops --record: said at once, whole events, exit 1"
    else
        bad "a file-size limit stops --record: said at once, whole events, exit 1" "$got: $(tail -c 300 "$tmp/pty" | cat -v)"
    fi
    # the status line as a person sees it (tmux draws what the bytes say)
    if [ -w /dev/full ] && command -v tmux >/dev/null 2>&1; then
        sock=attn-cli-$$
        tmux -L "$sock" -f /dev/null new-session -d -x 100 -y 24 "$BIN --record /dev/full; sleep 9"
        i=0   # until the status line says it, at most 20 s
        while [ $i -lt 200 ]; do
            tmux -L "$sock" capture-pane -p >"$tmp/screen" 2>/dev/null
            grep -qF "recording stopped" "$tmp/screen" && break
            sleep 0.1; i=$((i + 1))
        done
        tmux -L "$sock" kill-server 2>/dev/null
        grep -qF "recording stopped: cannot write /dev/full: No space left on device" "$tmp/screen" \
            && ok "--record /dev/full: said on the status line at once" \
            || bad "--record /dev/full: said on the status line at once" "$(tail -2 "$tmp/screen")"
    fi
    # 5. C1 controls typed into the input line never reach the recording
    rm -f "$tmp/c1.cast"
    got=$($PTY "$tmp/pty" 24 100 65,c29d303b7807c29b33316d,1b,71 -- "$BIN" --record "$tmp/c1.cast")
    if [ "$got" = "exit 0" ] && python3 -c 'import json, sys
data = open(sys.argv[1], "rb").read()
text = data.decode("utf-8")
for l in text.split("\n")[:-1]:
    for ev in [json.loads(l)]:
        out = ev[2] if isinstance(ev, list) else ""
        assert not any(0x80 <= ord(c) <= 0x9f or c == "\x07" for c in out), repr(out)
assert "0;x" not in text' "$tmp/c1.cast"; then
        ok "C1 controls typed in the input line are refused"
    else
        bad "C1 controls typed in the input line are refused" "$got"
    fi
    # S to a FIFO: nobody reading it is said at once (open() waited: the screen froze until
    # Ctrl-C); a reader that goes away after 10 bytes of a 700 kB picture is said too (SIGPIPE
    # ended the session: exit 141); the session goes on, and q quits with 0.
    hex() { printf '%s' "$1" | od -An -tx1 | tr -d ' \n'; }
    mkfifo "$tmp/nobody.svg" "$tmp/stops.svg"
    got=$($PTY "$tmp/pty" 120 400 "53,15,$(hex "$tmp/nobody.svg"),0d,w$(hex "no one is reading it"),1b,71" -- \
          "$BIN" --no-config --view matrix)
    [ "$got" = "exit 0" ] && grep -qF "nobody.svg: no one is reading it (start the FIFO's reader first)" "$tmp/pty" \
        && ok "S to a FIFO nobody reads: said at once, the session goes on" \
        || bad "S to a FIFO nobody reads: said at once, the session goes on" "$got: $(tail -c 300 "$tmp/pty" | cat -v)"
    python3 -c 'import sys; f = open(sys.argv[1], "rb"); f.read(10)' "$tmp/stops.svg" &
    reader=$!
    got=$($PTY "$tmp/pty" 120 400 "53,15,$(hex "$tmp/stops.svg"),0d,w$(hex "the reader went away"),1b,71" -- \
          "$BIN" --no-config --view matrix)
    kill "$reader" 2>/dev/null; wait "$reader" 2>/dev/null
    [ "$got" = "exit 0" ] && grep -qF "stops.svg: the reader went away (broken pipe)" "$tmp/pty" \
        && ok "S to a FIFO whose reader stops after 10 bytes: said, no SIGPIPE, exit 0" \
        || bad "S to a FIFO whose reader stops after 10 bytes: said, no SIGPIPE, exit 0" "$got: $(tail -c 300 "$tmp/pty" | cat -v)"
else
    echo "skip  the pseudo-terminal tests: no python3"
fi

# ------------------------------------------------------------------ hand checks on huge values
# Any finite value the model format accepts: the worked answer is the value the tables show
# (a long long of scaled units wrapped 1e17 × (-0.04) + … to -9.2233720357e8).
"$BIN" --no-config --set 'embedding[三][0]=1e17' --stage 1 --focus 1 --print --size 160x60 >"$tmp/huge" 2>&1
grep -qF "+ 0.05×0.11 + 1.82×(-0.57) = -4.0000e15" "$tmp/huge" && ! grep -qF "≈" "$tmp/huge" \
    && grep -qF "Q(三)     -4.00e15 -5.60e16" "$tmp/huge" \
    && ok "1e17 in x(三): Q(三)[0]'s check = -4.0000e15, the table's -4.00e15" \
    || bad "1e17 in x(三): Q(三)[0]'s check = -4.0000e15, the table's -4.00e15" "$(grep -F "= " "$tmp/huge" | tail -2)"
"$BIN" --no-config --set 'embedding[三][0]=1e17' --worksheet 3 --answers --seed 18 >"$tmp/huge" 2>&1
want=$("$BIN" --no-config --set 'embedding[三][0]=1e17' --dump --format json | jq -r '.q[0][0]')
grep -qx "    answer 2: -4.00e15" "$tmp/huge" && [ "$want" = "-4000000000000000" ] \
    && ok "1e17 in x(三): --worksheet --answers gives Q(三)[0] = -4.00e15, as --dump" \
    || bad "1e17 in x(三): --worksheet --answers gives Q(三)[0] = -4.00e15, as --dump" "$(grep answer "$tmp/huge") / $want"

# ------------------------------------------------------------------ a decimal-comma locale
# Everything another program reads (SVG, JSON, model files, export scripts, asciicast
# events, S's picture) is written with '.', whatever LC_NUMERIC says: under de_DE.UTF-8
# (made by the Makefile in build/locale) the same bytes as under C.UTF-8; an SVG's text is
# the screen's, which may follow the locale ("52,4%"), its markup the same bytes.
LOCALES=${LOCPATH:-build/locale}
if [ -d "$LOCALES/de_DE.UTF-8" ]; then
    for args in "--print --format svg --size 80x24 --stage softmax" "--print --format svg --size 100x30 --view all" \
                "--dump --format json" "--dump --format model" "--export python" "--export python-train --steps 3"; do
        # shellcheck disable=SC2086
        LC_ALL=C.UTF-8 "$BIN" --no-config $args 2>&1 | sed 's/>[^<]*</></g' >"$tmp/c.out"
        # shellcheck disable=SC2086
        LOCPATH=$LOCALES LC_ALL=de_DE.UTF-8 "$BIN" --no-config $args 2>&1 | sed 's/>[^<]*</></g' >"$tmp/de.out"
        if [ -s "$tmp/c.out" ] && cmp -s "$tmp/c.out" "$tmp/de.out"; then
            ok "LC_ALL=de_DE.UTF-8 $args: the bytes of C.UTF-8"
        else
            bad "LC_ALL=de_DE.UTF-8 $args: the bytes of C.UTF-8" "$(diff "$tmp/c.out" "$tmp/de.out" | head -4)"
        fi
    done
    if command -v python3 >/dev/null 2>&1; then
        rm -f "$tmp/de.cast" "$tmp/de.svg"
        keys=53,15,$(printf '%s' "$tmp/de.svg" | od -An -tx1 | tr -d ' \n'),0d,w$(printf 'saved' | od -An -tx1 | tr -d ' \n'),71
        got=$(LOCPATH=$LOCALES LC_ALL=de_DE.UTF-8 python3 "$(dirname "$0")/pty_run.py" "$tmp/pty" 24 80 "$keys" -- \
              "$BIN" --no-config --record "$tmp/de.cast" --autoplay)
        if [ "$got" = "exit 0" ] && python3 -c 'import json, re, sys
events = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8").read().split("\n")[1:-1]]
assert len(events) > 1 and all(isinstance(e[0], float) for e in events), events[:2]
svg = open(sys.argv[2], encoding="utf-8").read()
assert "<path" in svg and not re.search(r"=\"[^\"]*[0-9],[0-9]", svg), re.search(r"=\"[^\"]*[0-9],[0-9][^\"]*", svg)' \
            "$tmp/de.cast" "$tmp/de.svg" 2>"$tmp/err"; then
            ok "LC_ALL=de_DE.UTF-8: --record's events and S's picture write '.'"
        else
            bad "LC_ALL=de_DE.UTF-8: --record's events and S's picture write '.'" "$got: $(tail -3 "$tmp/err")"
        fi
    fi
else
    bad "a decimal-comma locale" "no $LOCALES/de_DE.UTF-8 (make build/locale/de_DE.UTF-8)"
fi

# ------------------------------------------------------------------ every message in Chinese
expect_fail "zh: a character not in the vocabulary" 1 "attn-tui: --sentence：第 2 个字「x」不在词表里，也不是能识别的 ASCII 写法" -- --lang zh --dump --sentence 三x
expect_fail "zh: a look-alike that is no width variant" 1 "第 2 个字「−」不认识（是不是想打「-」？「−」看起来像它，但不是同一个字符）" -- --lang zh --dump --sentence "5−3"
expect_fail "zh: seventeen characters" 1 "--sentence：句子有 18 个字：最多只能有 16 个" -- --lang zh --dump --sentence 三加五等于三加五等于三加五等于三加五
expect_fail "zh: a number above 99" 1 "「123」：ASCII 拼写只认 0 到 99 的数（词表里没有「百」）" -- --lang zh --dump --sentence "123"
expect_fail "zh: a missing model" 1 "attn-tui: $tmp/none.model：读不了：" -- --lang zh --dump --model "$tmp/none.model"
expect_fail "zh: a model that is not text" 1 "bad-not-text.model:4：NUL 字节：这不是文本文件" -- --lang zh --dump --model tests/models/bad-not-text.model
expect_fail "zh: a model without [wv]" 1 "bad-missing-wv.model:27：缺少 [wv] 节" -- --lang zh --dump --model tests/models/bad-missing-wv.model
expect_fail "zh: an unknown option" 2 "attn-tui: 未知选项「--bogus」（试试 --help）" -- --lang zh --bogus
expect_fail "zh: --lang after the bad option still chooses Chinese" 2 "--mask：「x」不是掩码：用 none 或 causal" -- --mask x --lang zh
LC_ALL=zh_CN.UTF-8 expect_fail "zh: a zh_CN locale chooses Chinese" 2 "选项「--view」需要一个值（试试 --help）" -- --view
expect_fail "zh: --dump and --print" 2 "--dump 和 --print：只能选一个" -- --lang=zh --dump --print
expect_fail "zh: --focus past the sentence" 2 "--focus 9：句子只有 6 个字" -- --lang zh --dump --focus 9
printf 'bogus = 1\n' >"$tmp/zh.conf"
expect_fail "zh: a config file's unknown key" 2 "zh.conf:1：未知的键「bogus」" -- --lang zh --config "$tmp/zh.conf" --dump
"$BIN" --help --lang zh >"$tmp/helpzh"
head -1 "$tmp/helpzh" | grep -qxF "用法：attn-tui [选项]..." && grep -qF -- "--train           训练这一课的机器" "$tmp/helpzh" \
    && ! sed 's/--[a-z-]*//g' "$tmp/helpzh" | grep -qiE '\b(the|and|with|print|start|default|show)\b' \
    && ok "--help --lang zh: a whole Chinese usage text" || bad "--help --lang zh: a whole Chinese usage text" "$(head -3 "$tmp/helpzh")"
[ "$(grep -c -- '^  -' "$tmp/helpzh")" -eq "$("$BIN" --help | grep -c -- '^  -')" ] \
    && ok "--help --lang zh lists every option --help does" || bad "--help --lang zh lists every option --help does"
LC_ALL=zh_CN.UTF-8 "$BIN" --help | head -1 | grep -qF "用法" && ok "--help in a zh_CN locale is Chinese" || bad "--help in a zh_CN locale is Chinese"
"$BIN" --keys markdown --lang zh >"$tmp/keyszh"
grep -qF '| `空格` |' "$tmp/keyszh" && grep -qF '| `点击` |' "$tmp/keyszh" && grep -qF '| `Shift+Tab` |' "$tmp/keyszh" \
    && ! grep -qE 'Space|click|S-Tab|\| key \||^In ' "$tmp/keyszh" \
    && ok "--keys --lang zh names the keys in Chinese" || bad "--keys --lang zh names the keys in Chinese" "$(grep -E 'Space|click|S-Tab|key|^In' "$tmp/keyszh" | head -3)"
# --set's changes are marked on every screen, as the command line's (u does not undo them)
setmark=$("$BIN" --no-config --set 'wq[0][0]=1' --print --size 120x40 --view matrix)
printf '%s\n' "$setmark" | sed -n 3p | grep -qxF " edited: Wq[0][0] -0.04 → 1.00 · set by --set" \
    && printf '%s\n' "$setmark" | sed -n 1p | grep -qF "lesson model · edited" \
    && ok "--set: the marker line and the title say so" || bad "--set: the marker line and the title say so" "$setmark"
setmark=$("$BIN" --no-config --lang zh --set 'wq[0][0]=1' --print --size 120x40)
printf '%s\n' "$setmark" | grep -qF "用 --set 设的" \
    && ok "zh: --set's marker" || bad "zh: --set's marker" "$setmark"
"$BIN" --print --size 40x12 --lang zh | grep -qF "画面太小：至少要 60×20，现在是 40×12" \
    && ok "zh: too small to draw" || bad "zh: too small to draw" "$("$BIN" --print --size 40x12 --lang zh | grep -v '^ *$')"

# ------------------------------------------------------------------ every error path in Chinese
# Each error provoked for real, under --lang zh and under LANG=zh_CN.UTF-8 (no zh_CN locale
# needs to be installed: the program's own texts, never glibc's): the exact Chinese line, and
# stderr without an English word. Allowed Latin: attn-tui, option names (--record …), file
# paths, what the user typed (quoted in 「」), the errno word of the fallback, the names one
# types (embedding, score, python, add) and the lesson's (softmax, logit, MLP).
zh_english() {   # zh_english FILE: the lines of FILE with an English word (3+ letters) left
    LC_ALL=C.UTF-8 sed -E -e 's#attn-tui##g' -e 's#--[a-z][a-z-]*##g' -e 's#「[^」]*」##g' -e 's#[A-Za-z0-9_.~+-]*/[A-Za-z0-9_./~+-]*##g' \
        -e 's/(errno|ASCII|UTF-8|TERM|terminfo|embedding|score|softmax|logit|MLP|python-train|python|add|dumb)//g' \
        -e "s/($(echo $help_views | tr ' ' '|'))//g" "$1" \
        | grep -E '[A-Za-z]{3,}'
}
zh_run() {   # zh_run HOW ARGS...: the binary with --lang zh (HOW=flag) or LANG=zh_CN.UTF-8 (HOW=env)
    how=$1; shift
    if [ "$how" = flag ]; then "$BIN" --lang zh "$@"
    else env -u LC_ALL -u LC_MESSAGES LANG=zh_CN.UTF-8 "$BIN" "$@"; fi
}
# expect_zh NAME STATUS LINE -- ARGS...: both ways, stderr is exactly LINE, that status, no English.
expect_zh() {
    name=$1; want=$2; line=$3; shift 4
    for how in flag env; do
        zh_run "$how" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; got=$?
        if [ "$got" -ne "$want" ]; then bad "zh ($how): $name" "exit $got, want $want: $(cat "$tmp/err")"; continue; fi
        if [ "$(cat "$tmp/err")" != "$line" ]; then bad "zh ($how): $name" "stderr: $(cat "$tmp/err")
want:   $line"; continue; fi
        left=$(zh_english "$tmp/err")
        [ -z "$left" ] && ok "zh ($how): $name" || bad "zh ($how): $name: English left" "$left"
    done
}
# expect_zh_limited NAME LINE ARGS...: over ulimit -f 1 (the write fails with EFBIG): exit 1, LINE.
expect_zh_limited() {
    name=$1; line=$2; shift 2
    for how in flag env; do
        (ulimit -f 1; zh_run "$how" "$@" >"$tmp/limited.txt" 2>"$tmp/err"); got=$?
        if [ "$got" -ne 1 ] || [ "$(cat "$tmp/err")" != "$line" ]; then
            bad "zh ($how): $name over ulimit -f" "exit $got: $(cat "$tmp/err")
want:   $line"; continue
        fi
        left=$(zh_english "$tmp/err")
        [ -z "$left" ] && ok "zh ($how): $name over ulimit -f" || bad "zh ($how): $name over ulimit -f: English left" "$left"
    done
}
# The language the config file chooses (lang = zh) speaks the messages about the command
# line and the config too, with no --lang and whatever the locale.
mkdir -p "$tmp/zhxdg/attn-tui"
printf '# 中文\nlang = zh\n' >"$tmp/zhxdg/attn-tui/config"
for args in "--focus 99" "--bogus" "--size abc --print"; do
    # shellcheck disable=SC2086
    env -u LANG -u LC_ALL XDG_CONFIG_HOME="$tmp/zhxdg" "$BIN" $args >/dev/null 2>"$tmp/err" </dev/null
    left=$(zh_english "$tmp/err")
    LC_ALL=C tr -d '\000-\177' <"$tmp/err" | grep -q . && [ -z "$left" ] && ok "zh from the config file: $args refused in Chinese" \
        || bad "zh from the config file: $args refused in Chinese" "$(cat "$tmp/err")"
done
printf 'lang = zh\nspeed = 9\n' >"$tmp/zhxdg/attn-tui/config"
env -u LANG -u LC_ALL XDG_CONFIG_HOME="$tmp/zhxdg" "$BIN" --dump >/dev/null 2>"$tmp/err"
grep -qF "config:2：speed：「9」不是速度" "$tmp/err" && ok "zh from the config file: its own bad line said in Chinese" \
    || bad "zh from the config file: its own bad line said in Chinese" "$(cat "$tmp/err")"
# --version and the script of --export python speak Chinese too (the checks' formulas and
# Python's names aside)
left=$("$BIN" --version --lang zh | sed -e 's/MIT//' -e 's/LICENSE//' >"$tmp/ver"; zh_english "$tmp/ver")   # names
[ -z "$left" ] && ok "zh: --version" || bad "zh: --version" "$left"
if command -v python3 >/dev/null 2>&1 && python3 -c 'import numpy' 2>/dev/null; then
    "$BIN" --export python --lang zh | python3 >"$tmp/export-zh.txt" 2>&1; st=$?
    left=$(sed -E 's/(F\.scaled_dot_product_attention|nn\.MultiheadAttention|embed_dim|num_heads|bias|False|True|attn_mask|causal|is_causal|out_proj|out|NumPy|PyTorch|float|python|export)//g' "$tmp/export-zh.txt" >"$tmp/export-zh2.txt"; zh_english "$tmp/export-zh2.txt")
    [ $st -eq 0 ] && grep -qF "五行代码全部和 attn-tui 一致" "$tmp/export-zh.txt" && [ -z "$left" ] \
        && ok "zh: --export python's script speaks Chinese" || bad "zh: --export python's script speaks Chinese" "exit $st: $left"
fi
printf 'attn-tui: --record：/tmp/a.cast：No such file or directory\n' >"$tmp/english"
printf 'attn-tui: --record：/tmp/a.cast：系统错误（errno 71）「abc」\n' >"$tmp/chinese"
[ -n "$(zh_english "$tmp/english")" ] && [ -z "$(zh_english "$tmp/chinese")" ] \
    && ok "the English finder finds strerror's English, and only it" || bad "the English finder finds strerror's English, and only it"
printf 'x' >"$tmp/file"   # a file where a directory should be: ENOTDIR, whoever runs the tests
mkdir -p "$tmp/dir.model"
{ sed -n 1,30p tests/models/tiny.model; printf '1.0 2.0\n3.0 4.0\n5.0 6.0\n'; } >"$tmp/rows.model"
{ cat tests/models/tiny.model; printf '\n[answers]\na b\n\n[wo]\n1 0\n0 1\n\n[bo]\n0 0\n0 0\n'; } >"$tmp/bo.model"
{ cat tests/models/tiny.model; printf '\n[answers]\na b\n\n[wo]\n1 0\n0 1\n0 1\n\n[bo]\n0 0\n'; } >"$tmp/wo.model"
# the model: the system's errors, the row plural in both of its English forms
expect_zh "a missing model" 1 "attn-tui: $tmp/none.model：读不了：没有这个文件或目录" -- --dump --model "$tmp/none.model"
expect_zh "a directory as the model" 1 "attn-tui: $tmp/dir.model：读不了：这是一个目录" -- --dump --model "$tmp/dir.model"
expect_zh "a model under a file" 1 "attn-tui: $tmp/file/x.model：读不了：路径中有一段不是目录" -- --dump --model "$tmp/file/x.model"
expect_zh "a matrix with too many rows" 1 "attn-tui: $tmp/rows.model:31：[wv] 超过 2 行" -- --dump --model "$tmp/rows.model"
expect_zh "[bo] with more than its one row" 1 "attn-tui: $tmp/bo.model:41：[bo] 超过 1 行" -- --dump --model "$tmp/bo.model"
expect_zh "[wo] with more than its rows" 1 "attn-tui: $tmp/wo.model:38：[wo] 超过 2 行" -- --dump --model "$tmp/wo.model"
"$BIN" --dump --model "$tmp/bo.model" 2>"$tmp/err" >/dev/null
grep -qxF "attn-tui: $tmp/bo.model:41: [bo] has more than 1 row" "$tmp/err" \
    && ok "English: [bo] has more than 1 row (singular)" || bad "English: [bo] has more than 1 row (singular)" "$(cat "$tmp/err")"
# the config file
expect_zh "a config file that is missing" 2 "attn-tui: 读不了配置文件 $tmp/none.conf：没有这个文件或目录" -- --config "$tmp/none.conf" --dump
expect_zh "a directory as the config file" 2 "attn-tui: 读不了配置文件 $tmp：这是一个目录" -- --config "$tmp" --dump
# the sentence, --set and the forward pass
expect_zh "an empty sentence" 1 "attn-tui: --sentence：句子是空的：请给 1 到 16 个字" -- --dump --sentence ""
expect_zh "--set out of range" 2 "attn-tui: --set：「wq[9][9]=1」：下标超出范围：wq 有 8 行（0-7）、8 列（0-7）" -- --dump --set "wq[9][9]=1"
expect_zh "--set: not a number" 2 "attn-tui: --set：「wq[1][1]=abc」：「abc」不是数" -- --dump --set "wq[1][1]=abc"
expect_zh "--set: a second score" 2 "attn-tui: --set：一次只能手设一个分数：「score[三][加]=1」会把前面设的分数换掉" -- --dump --set 'score[等][加]=6' --set 'score[三][加]=1'
expect_zh "--set: an unknown name" 2 "attn-tui: --set：「foo」：要写 wq、wk、wv、embedding 或 score，再接 [i][j]=数值，例如 wq[2][3]=1.5、embedding[加][0]=0.1 或 score[等][加]=6" -- --dump --set foo
expect_zh "--set: a score of a character not in the sentence" 2 "attn-tui: --set：「score[龙][加]=6」：「龙」不在句子里" -- --dump --set "score[龙][加]=6"
expect_zh "--set: a score with --export" 2 "attn-tui: --set：手设的分数不能和 --export 一起用：导出的脚本核对的是模型自己的算术" -- --export python --set "score[等][加]=6"
expect_zh "--set: a character not in the vocabulary" 2 "attn-tui: --set：「embedding[x][0]=1」：「x」不在词表里" -- --dump --set "embedding[x][0]=1"
expect_zh "--set: scores that overflow" 1 "attn-tui: 内置模型：分数溢出（Q(三)·K(三) 不是有限的数）" -- --dump --set "wq[1][1]=1e308" --set "wk[1][1]=1e308"
# training: a vocabulary without the task's characters, a --save that cannot be written
expect_zh "--train: the vocabulary lacks a character" 1 "attn-tui: --train：模型的词表里没有「零」（这个任务要用它）" -- --train --model tests/models/tiny.model --steps 1 --save "$tmp/zhtrain.model"
expect_zh "--export python-train: the vocabulary lacks a character" 1 "attn-tui: --export python-train：模型的词表里没有「零」（这个任务要用它）" -- --export python-train --model tests/models/tiny.model
expect_zh "--save under a file" 1 "attn-tui: --save：$tmp/file/x.model：路径中有一段不是目录" -- --train --steps 1 --save "$tmp/file/x.model"
expect_zh "--save onto a directory" 1 "attn-tui: --save：$tmp：是一个目录" -- --train --steps 1 --save "$tmp"
expect_zh "--save onto a file without --overwrite" 1 "attn-tui: --save：$tmp/file：文件已存在（要替换它，加 --overwrite）" -- --train --steps 1 --save "$tmp/file"
# --sentence's Chinese lines say "--sentence：" as every other option's do (above: a character
# not in the vocabulary, seventeen characters); an empty or blank sentence is named as
# --sentence's (not "attn-tui: 句子是空的…" without the option)
expect_zh "--sentence: blanks only" 1 "attn-tui: --sentence：句子是空的：请给 1 到 16 个字" -- --dump --sentence "   "
expect_fail "--sentence: empty, named" 1 "attn-tui: --sentence: the sentence is empty: give 1 to 16 characters" -- --dump --sentence ""
printf 'bogus = 1\n' >"$tmp/zhkeys.conf"
expect_fail "zh: config, an unknown key: the keys listed with 、" 2 "attn-tui: $tmp/zhkeys.conf:1：未知的键「bogus」（可用的键：lang、theme、view、speed、ascii、numbers、mask、heads、model）" -- --lang zh --config "$tmp/zhkeys.conf" --dump
expect_zh "--view: a screen that is not there" 2 "attn-tui: --view：「x」不是画面：用 $(echo $help_views | sed 's/ /、/g')" -- --view x
expect_zh "--export: a format that is not there" 2 "attn-tui: --export：「x」不是格式：用 python 或 python-train" -- --export x
expect_zh "no terminal to play on" 1 "attn-tui: 标准输出不是终端：用 attn-tui --dump 输出各张表，或用 attn-tui --print 输出一个画面" --
# every output over a file-size limit: "File too large" in Chinese
for args in "--dump" "--dump --format json" "--print --size 200x100" "--print --format svg" "--worksheet 9" "--export python" "--export python-train --steps 1" "--help" "--keys man" "--completion bash"; do
    case $args in
        --dump*) line="attn-tui: --dump：写不进标准输出：文件太大（超出了文件大小的上限）" ;;
        --print*) line="attn-tui: 写不出画面：文件太大（超出了文件大小的上限）" ;;
        --worksheet*) line="attn-tui: --worksheet：写不进标准输出：文件太大（超出了文件大小的上限）" ;;
        "--export python") line="attn-tui: --export python：写不进标准输出：文件太大（超出了文件大小的上限）" ;;
        --export*) line="attn-tui: --export python-train：写不进标准输出：文件太大（超出了文件大小的上限）" ;;
        --help) line="attn-tui: 写不出帮助：文件太大（超出了文件大小的上限）" ;;
        --keys*) line="attn-tui: 写不出按键表：文件太大（超出了文件大小的上限）" ;;
        *) line="attn-tui: 写不出补全脚本：文件太大（超出了文件大小的上限）" ;;
    esac
    # shellcheck disable=SC2086
    expect_zh_limited "$args" "$line" $args
done
if [ -w /dev/full ]; then
    for how in flag env; do
        zh_run $how --version >/dev/full 2>"$tmp/err"; st=$?
        [ $st -eq 1 ] && [ "$(cat "$tmp/err")" = "attn-tui: 写不出版本信息：磁盘空间不足" ] && [ -z "$(zh_english "$tmp/err")" ] \
            && ok "zh ($how): --version into /dev/full" || bad "zh ($how): --version into /dev/full" "exit $st: $(cat "$tmp/err")"
        zh_run $how --print --color always >/dev/full 2>"$tmp/err"; st=$?
        [ $st -eq 1 ] && [ "$(cat "$tmp/err")" = "attn-tui: 写不出画面：磁盘空间不足" ] \
            && ok "zh ($how): --print --color always into /dev/full" || bad "zh ($how): --print --color always into /dev/full" "exit $st: $(cat "$tmp/err")"
    done
fi
# On a pseudo-terminal: the terminal's type, --record's file, the status line, S's file name.
if command -v python3 >/dev/null 2>&1; then
    PTY="python3 $(dirname "$0")/pty_run.py"
    # zh_pty NAME WANT-EXIT TEXT ARGS...: run on a pty both ways; what it drew holds TEXT
    zh_pty() {
        name=$1; want=$2; text=$3; shift 3
        for how in flag env; do
            if [ "$how" = flag ]; then got=$($PTY "$tmp/pty" 24 80 71 -- "$@" --lang zh)
            else got=$($PTY "$tmp/pty" 24 80 71 -- env -u LC_ALL -u LC_MESSAGES LANG=zh_CN.UTF-8 "$@"); fi
            tr -d '\r' <"$tmp/pty" >"$tmp/pty.txt"
            [ "$got" = "exit $want" ] && grep -qF -- "$text" "$tmp/pty.txt" \
                && ok "zh ($how): $name" || bad "zh ($how): $name" "$got: $(tail -c 300 "$tmp/pty.txt")"
        done
    }
    zh_pty "TERM=dumb cannot place the cursor" 1 "attn-tui: 终端类型「dumb」" env TERM=dumb "$BIN"
    zh_pty "--record under a file" 1 "attn-tui: --record：$tmp/file/x.cast：路径中有一段不是目录" "$BIN" --record "$tmp/file/x.cast"
    zh_pty "--record onto a directory" 1 "attn-tui: --record：$tmp：是一个目录" "$BIN" --record "$tmp"
    zh_pty "--record onto a file without --overwrite" 1 "attn-tui: --record：$tmp/file：文件已存在（要替换它，加 --overwrite）" "$BIN" --record "$tmp/file"
    ln -sf "$tmp/file" "$tmp/zhlink.cast"
    zh_pty "--record through a symbolic link" 1 "attn-tui: --record：$tmp/zhlink.cast：是符号链接（不会跟随：请写出文件本身的名字）" "$BIN" --record "$tmp/zhlink.cast"
    got=$($PTY "$tmp/pty" 24 80 r24x80,r24x80,r24x80,71 -- sh -c 'ulimit -f 16; exec "$0" --lang zh --record "$1" --autoplay --speed 4' "$BIN" "$tmp/zhfull.cast")
    [ "$got" = "exit 1" ] && tr -d '\r' <"$tmp/pty" | grep -qF "attn-tui: --record：写不进 $tmp/zhfull.cast：文件太大（超出了文件大小的上限）" \
        && ok "zh: a file-size limit stops --record: said in Chinese at exit" \
        || bad "zh: a file-size limit stops --record: said in Chinese at exit" "$got: $(tail -c 300 "$tmp/pty" | cat -v)"
    got=$($PTY "$tmp/pty" 32768 80 71 -- "$BIN" --lang zh)
    [ "$got" = "exit 0" ] && grep -qF "终端是 80×32768：只画 80×1000（每边最多 1000）" "$tmp/pty" \
        && ok "zh: 32768 rows: bounded, said in Chinese" || bad "zh: 32768 rows: bounded, said in Chinese" "$got"
    # S, a name in a directory that is not there, Enter: the input line says why in Chinese
    bs=$(printf '7f%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24)
    name=$(printf '%s' "$tmp/none/a.svg" | od -An -tx1 | tr -d ' \n')
    got=$($PTY "$tmp/pty" 24 100 53,"$bs","$name",0d,1b,71 -- "$BIN" --lang zh)
    [ "$got" = "exit 0" ] && grep -qF "a.svg：没有这个文件或目录" "$tmp/pty" \
        && ok "zh: S into a missing directory: said in Chinese" || bad "zh: S into a missing directory: said in Chinese" "$got: $(tail -c 300 "$tmp/pty" | cat -v)"
    if [ -w /dev/full ] && command -v tmux >/dev/null 2>&1; then
        sock=attn-cli-zh-$$
        tmux -L "$sock" -f /dev/null new-session -d -x 100 -y 24 "$BIN --lang zh --record /dev/full; sleep 9"
        for _ in 1 2 3 4 5 6 7 8 9 10; do   # up to 5 s on a busy machine
            sleep 0.5
            tmux -L "$sock" capture-pane -p >"$tmp/screen" 2>/dev/null
            grep -qF "录制停了" "$tmp/screen" && break
        done
        tmux -L "$sock" send-keys q; sleep 0.5
        tmux -L "$sock" kill-server 2>/dev/null
        grep -qF "录制停了：写不进 /dev/full：磁盘空间不足" "$tmp/screen" \
            && ok "zh: --record /dev/full: said on the status line in Chinese" \
            || bad "zh: --record /dev/full: said on the status line in Chinese" "$(tail -2 "$tmp/screen")"
    fi
fi

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

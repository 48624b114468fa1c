#!/bin/sh
# tests/cli/poems.sh — a layered model from the command line, as a person or a script runs it:
# training on tests/corpus/tiny.txt (the same run twice, the same bytes), its provenance lines,
# --generate, --model NAME found beside the binary, --dump --format model round-tripping, and
# every refusal's one line and exit status. The shipped model's gates are test_poems_model's.
# Usage: sh tests/cli/poems.sh ./attn-tui
BIN=${1:-./attn-tui}
case $BIN in /*) ;; *) BIN=$(pwd)/$BIN ;; esac
HERE=$(cd "$(dirname "$0")/.." && pwd)
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
XDG_CONFIG_HOME=$tmp/xdg; export XDG_CONFIG_HOME
export LC_ALL=C.UTF-8

ok()   { pass=$((pass + 1)); echo "ok    $1"; }
bad()  { fail=$((fail + 1)); echo "FAIL  $1"; [ -n "${2:-}" ] && printf '%s\n' "$2" | sed 's/^/      /'; }

# expect_fail NAME STATUS MESSAGE -- ARGS...: exactly that one stderr line, that status, no stdout.
expect_fail() {
    name=$1; want=$2; text=$3; shift 4
    "$BIN" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; got=$?
    if [ "$got" -ne "$want" ]; then bad "$name" "exit $got, want $want: $(cat "$tmp/err")"; return; fi
    if [ "$(wc -l <"$tmp/err")" -ne 1 ]; then bad "$name" "stderr: $(cat "$tmp/err")"; return; fi
    if [ "$(cat "$tmp/err")" != "$text" ]; then bad "$name" "stderr: $(cat "$tmp/err"), want: $text"; return; fi
    if [ -s "$tmp/out" ]; then bad "$name" "stdout not empty"; return; fi
    ok "$name"
}

TINY=$HERE/corpus/tiny.txt
LAYERED=$HERE/models/layered-tiny.model

# ------------------------------------------------------------------ training
"$BIN" --train --task poems --corpus "$TINY" --steps 40 --seed 3 --save "$tmp/a.model" 2>"$tmp/err" </dev/null
st=$?
[ $st -eq 0 ] && ok "--train --task poems on the tiny corpus exits 0" || bad "--train --task poems exits 0" "exit $st: $(cat "$tmp/err")"
grep -q '^step 40/40  loss [0-9.]*  held-out [0-9.]*  [0-9.]* steps/s$' "$tmp/err" \
    && ok "not a terminal: plain progress lines" || bad "not a terminal: plain progress lines" "$(cat "$tmp/err")"
grep -q '^trained 40 steps in [0-9ms]* ([0-9.]* steps/s): loss [0-9.]* on the training poems, [0-9.]* held out (add-one unigram [0-9.]*, bigram [0-9.]*); form test [0-9]* of 12' "$tmp/err" \
    && ok "the last lines: losses, baselines, form test" || bad "the last lines: losses, baselines, form test" "$(cat "$tmp/err")"
sha=$(sha256sum "$TINY" | cut -d' ' -f1)
sed -n 2p "$tmp/a.model" | grep -qxF "#   attn-tui --train --task poems --corpus $TINY --steps 40 --seed 3 --save $tmp/a.model" \
    && ok "the model's first lines give the exact command" || bad "the model's first lines give the exact command" "$(head -3 "$tmp/a.model")"
sed -n 3p "$tmp/a.model" | grep -qxF "# corpus: $TINY, sha256 $sha" \
    && ok "... and the corpus's sha256" || bad "... and the corpus's sha256" "$(sed -n 3p "$tmp/a.model")"
grep -q '^# loss in nats per character: held out [0-9.]*, training [0-9.]*; add-one baselines' "$tmp/a.model" \
    && ok "... and the held-out loss" || bad "... and the held-out loss"
grep -qx '\[head stats\]' "$tmp/a.model" && ok "the model holds its [head stats]" || bad "the model holds its [head stats]"
"$BIN" --train --task poems --corpus "$TINY" --steps 40 --seed 3 --save "$tmp/b.model" 2>/dev/null </dev/null
sed "s|$tmp/b.model|$tmp/a.model|" "$tmp/b.model" | cmp -s - "$tmp/a.model" \
    && ok "the same seed: the same model, byte for byte" || bad "the same seed: the same model, byte for byte"
"$BIN" --train --task poems --corpus "$TINY" --steps 40 --seed 4 --save "$tmp/c.model" 2>/dev/null </dev/null
sed "s|$tmp/c.model|$tmp/a.model|; s|--seed 4|--seed 3|" "$tmp/c.model" | cmp -s - "$tmp/a.model" \
    && bad "another seed: another model" || ok "another seed: another model"
"$BIN" --train --task poems --corpus "$TINY" --steps 0 --save "$tmp/zero.model" 2>/dev/null </dev/null \
    && grep -q '^#   attn-tui --train --task poems --corpus .* --steps 0 --seed 1 ' "$tmp/zero.model" \
    && ok "--steps 0 writes the starting model" || bad "--steps 0 writes the starting model"
# continuing from a model: the command names it
"$BIN" --train --task poems --corpus "$TINY" --model "$tmp/zero.model" --steps 2 --save "$tmp/more.model" 2>/dev/null </dev/null \
    && sed -n 2p "$tmp/more.model" | grep -qF -- "--model $tmp/zero.model --steps 2" \
    && ok "--model FILE continues a layered model" || bad "--model FILE continues a layered model" "$(sed -n 2p "$tmp/more.model")"

# ------------------------------------------------------------------ a corpus refused: one line, exit 2
: >"$tmp/empty.txt"
expect_fail "an empty corpus" 2 "attn-tui: $tmp/empty.txt: 0 poems: a corpus needs at least 10 (entries between lines that are exactly %, each after its title and author lines)" \
    -- --train --task poems --corpus "$tmp/empty.txt" --save "$tmp/x.model"
head -c 4000 /dev/urandom >"$tmp/binary.txt"; printf '\377' >>"$tmp/binary.txt"
"$BIN" --train --task poems --corpus "$tmp/binary.txt" --save "$tmp/x.model" >"$tmp/out" 2>"$tmp/err" </dev/null; st=$?
[ $st -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "binary.txt:[0-9]*: \(not UTF-8\|control character\)" "$tmp/err" \
    && ok "a binary corpus: one line, exit 2" || bad "a binary corpus: one line, exit 2" "exit $st: $(cat "$tmp/err")"
printf '《题》\n作者：某\n\344\270\n' >"$tmp/latin.txt"
expect_fail "a corpus that is not UTF-8" 2 "attn-tui: $tmp/latin.txt:3: not UTF-8 (a corpus is UTF-8 text)" \
    -- --train --task poems --corpus "$tmp/latin.txt" --save "$tmp/x.model"
awk 'BEGIN { for (i = 0; i < 3495253; i++) printf "月"; print "" }' >"$tmp/one.txt"
expect_fail "10 MB of one character" 2 "attn-tui: $tmp/one.txt: 0 poems: a corpus needs at least 10 (entries between lines that are exactly %, each after its title and author lines)" \
    -- --train --task poems --corpus "$tmp/one.txt" --save "$tmp/x.model"
truncate -s 17M "$tmp/huge.txt"
expect_fail "a corpus over 16 MB" 2 "attn-tui: $tmp/huge.txt: larger than 16 MiB: not a poem corpus" \
    -- --train --task poems --corpus "$tmp/huge.txt" --save "$tmp/x.model"
expect_fail "a missing corpus" 2 "attn-tui: /nonexistent/tang300: cannot read: No such file or directory" \
    -- --train --task poems --corpus /nonexistent/tang300 --save "$tmp/x.model"
[ ! -e "$tmp/x.model" ] && ok "a refused corpus writes nothing" || bad "a refused corpus writes nothing"
expect_fail "--corpus without --task poems" 2 "attn-tui: --corpus goes with --train --task poems (or --export python-train --task poems)" \
    -- --train --corpus "$TINY" --save "$tmp/x.model"
expect_fail "--task poems starting from a lesson's model" 2 \
    "attn-tui: --train --task poems: $HERE/models/tiny.model is the lesson's kind of model, not a layered one" \
    -- --train --task poems --corpus "$TINY" --model "$HERE/models/tiny.model" --save "$tmp/x.model"

# ------------------------------------------------------------------ --generate
"$BIN" --model "$LAYERED" --generate 床前 --chars 5 >"$tmp/gen" 2>"$tmp/err"; st=$?
[ $st -eq 0 ] && [ "$(wc -l <"$tmp/gen")" -eq 1 ] && [ "$(tr -d '\n' <"$tmp/gen" | wc -m)" -le 5 ] \
    && ok "--generate --chars 5: at most 5 characters and a new line" || bad "--generate --chars 5" "exit $st: $(cat "$tmp/gen" "$tmp/err")"
"$BIN" --model "$LAYERED" --generate 床前 --chars 5 | cmp -s - "$tmp/gen" \
    && ok "--generate is the same twice (greedy)" || bad "--generate is the same twice (greedy)"
"$BIN" --model "$LAYERED" --generate 床前 --chars 8 --temperature 1 --seed 5 >"$tmp/s1"
"$BIN" --model "$LAYERED" --generate 床前 --chars 8 --temperature 1 --seed 5 >"$tmp/s2"
cmp -s "$tmp/s1" "$tmp/s2" && ok "--temperature 1 --seed 5: the same draws twice" || bad "--temperature 1 --seed 5: the same draws twice"
"$BIN" --model "$tmp/a.model" --generate 床前明月光， >"$tmp/gen" 2>"$tmp/err"
[ "$(tail -c 1 "$tmp/gen" | od -An -c | tr -d ' ')" = '\n' ] && ! grep -q '〓' "$tmp/gen" \
    && ok "the end mark is printed as a new line" || bad "the end mark is printed as a new line" "$(cat "$tmp/gen")"
expect_fail "--generate: a character not in the vocabulary is named" 2 \
    'attn-tui: --generate: "雷" (U+96F7, character 2) is not in the model'"'"'s vocabulary of 25 characters' \
    -- --model "$LAYERED" --generate 床雷
expect_fail "--generate: longer than the context" 2 "attn-tui: --generate: longer than 16 characters, the model's context" \
    -- --model "$LAYERED" --generate 床前明月光床前明月光床前明月光床前
expect_fail "--generate with the lesson's model" 2 "attn-tui: --generate needs a layered model (try --model poems)" \
    -- --generate 三加
expect_fail "--chars without --generate" 2 "attn-tui: --chars and --temperature go with --generate (try --model poems --generate 床前明月光，)" \
    -- --model "$LAYERED" --chars 3
expect_fail "--temperature below 0" 2 "attn-tui: --temperature: '-1' is not a temperature: give 0 (greedy) to 100" \
    -- --model "$LAYERED" --generate 床 --temperature -1
expect_fail "a layered model's --dump of the tables" 2 \
    "attn-tui: $LAYERED: a layered model (2 × 2 heads): its screens play it, but this output is the lesson model's; try --generate TEXT, --dump --format model or --export python" \
    -- --model "$LAYERED" --dump
"$BIN" --model "$LAYERED" --print --size 100x30 >"$tmp/frame" 2>"$tmp/err"; st=$?
[ $st -eq 0 ] && grep -qF "layered-tiny.model · 2 layers × 2 heads" "$tmp/frame" && grep -qF "L1 H1" "$tmp/frame" \
    && ok "a layered model plays: the title names it, the status line its head" \
    || bad "a layered model plays" "exit $st: $(cat "$tmp/frame" "$tmp/err")"
"$BIN" --model "$LAYERED" --print --ascii >"$tmp/frame" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && [ ! -s "$tmp/frame" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF "the poem model needs a terminal that shows Chinese" "$tmp/err" \
    && ok "a layered model in ASCII: one line, exit 2" || bad "a layered model in ASCII" "exit $st: $(cat "$tmp/err")"

# ------------------------------------------------------------------ the poem model's frames
# tests/golden/poems-cases.txt: NAME ARGS per line, --print --model poems ARGS against NAME.txt,
# the view bar left out (a new view, scripts/new-view, adds a tab to it and nothing else).
no_bar() { awk '!((/matrix/ && /machine/) || (/打分表/ && /机器/))' "$1"; }
while read -r name args; do
    # shellcheck disable=SC2086  # ARGS are words
    "$BIN" --no-config --print --model poems $args >"$tmp/frame" 2>"$tmp/err"; st=$?
    no_bar "$tmp/frame" >"$tmp/frame.body"; no_bar "$HERE/golden/$name.txt" >"$tmp/want.body"
    if [ $st -eq 0 ] && cmp -s "$tmp/frame.body" "$tmp/want.body"; then ok "frame $name"
    else bad "frame $name" "exit $st: $(cat "$tmp/err"; diff "$tmp/want.body" "$tmp/frame.body" | head -20)"; fi
done <"$HERE/golden/poems-cases.txt"

# ------------------------------------------------------------------ --model NAME
mkdir -p "$tmp/bin" "$tmp/elsewhere"
cp "$BIN" "$tmp/bin/attn-tui"
cp "$LAYERED" "$tmp/bin/verse.model"
"$BIN" --model "$LAYERED" --generate 床前 --chars 5 >"$tmp/gen5"
(cd "$tmp/elsewhere" && "$tmp/bin/attn-tui" --model verse --generate 床前 --chars 5) >"$tmp/named" 2>"$tmp/err"
cmp -s "$tmp/named" "$tmp/gen5" && ok "--model NAME: NAME.model beside the binary, from any directory" \
    || bad "--model NAME: NAME.model beside the binary" "$(cat "$tmp/named" "$tmp/err")"
(cd "$tmp/elsewhere" && "$tmp/bin/attn-tui" --model nothere --generate 床) >"$tmp/out" 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -qF "attn-tui: no installed model \"nothere\": looked for nothere.model in $tmp/bin (and its assets/) and in " "$tmp/err" \
    && ok "--model NAME not installed: the places named, exit 2" || bad "--model NAME not installed" "exit $st: $(cat "$tmp/err")"
cp "$LAYERED" "$tmp/elsewhere/verse"
(cd "$tmp/elsewhere" && "$tmp/bin/attn-tui" --model ./verse --generate 床前 --chars 5) | cmp -s - "$tmp/gen5" \
    && ok "--model ./NAME is a file" || bad "--model ./NAME is a file"

# ------------------------------------------------------------------ --dump --format model
"$BIN" --model "$LAYERED" --dump --format model >"$tmp/d1" && "$BIN" --model "$tmp/d1" --dump --format model >"$tmp/d2" \
    && cmp -s "$tmp/d1" "$tmp/d2" && ok "--dump --format model round-trips a layered model" \
    || bad "--dump --format model round-trips a layered model"
"$BIN" --model "$tmp/a.model" --generate 床前明 >"$tmp/gen3"
"$BIN" --model "$tmp/a.model" --dump --format model >"$tmp/a1" && "$BIN" --model "$tmp/a1" --generate 床前明 | cmp -s - "$tmp/gen3" \
    && ok "... and the dumped model writes the same poem" || bad "... and the dumped model writes the same poem"
grep -q '^\[sentence\]$' "$tmp/d1" && "$BIN" --model "$LAYERED" --dump --format model --sentence 明月光 | grep -qx '明月光' \
    && ok "--sentence becomes the dumped [sentence]" || bad "--sentence becomes the dumped [sentence]"

echo "poems: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

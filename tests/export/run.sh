#!/bin/sh
# run.sh — tests of `attn-tui --export python`: the script it writes runs under python3 with
# NumPy and passes its own check (with PyTorch when it is installed, and with PyTorch
# hidden); a number changed in it makes it fail; --sentence and --model reach it; a failed
# write, a bad format and a missing NumPy each say so.
# Owns: tests/export/ (this runner, its odd-width model). Touches nothing outside a temp dir.
#
# Usage: sh tests/export/run.sh ./attn-tui     (PYTHON=... to use another interpreter)
# Prints one line per case, then "export: N passed, M failed"; exits non-zero on a failure.
set -u

[ $# -eq 1 ] || { echo "usage: sh tests/export/run.sh ./attn-tui" >&2; exit 2; }
case $1 in /*) BIN=$1 ;; *) BIN=$(pwd)/$1 ;; esac
[ -x "$BIN" ] || { echo "export: $BIN is not an executable" >&2; exit 2; }
PY=${PYTHON:-python3}
command -v "$PY" >/dev/null 2>&1 || { echo "export: $PY is not installed (make deps)" >&2; exit 2; }

HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/attn-export.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM HUP
PASSED=0
FAILED=0
FAILED_NAMES=""
export LC_ALL=C.UTF-8

# Modules that shadow a real one and fail to import, as on a machine without it.
mkdir -p "$WORK/no-torch/torch" "$WORK/no-numpy/numpy"
echo 'raise ImportError("hidden by tests/export/run.sh")' > "$WORK/no-torch/torch/__init__.py"
echo 'raise ImportError("hidden by tests/export/run.sh")' > "$WORK/no-numpy/numpy/__init__.py"

FAIL_MSG=""
fail() { FAIL_MSG=$*; return 1; }

# run_case NAME FUNCTION: runs one case, prints one line (and the output on a failure).
run_case() {
    FAIL_MSG=""
    rm -f "$WORK/out" "$WORK/err"
    if "$2"; then
        PASSED=$((PASSED + 1))
        echo "ok    $1"
    else
        FAILED=$((FAILED + 1))
        FAILED_NAMES="$FAILED_NAMES
  $1"
        echo "FAIL  $1: ${FAIL_MSG:-failed}"
        for f in out err; do
            [ -s "$WORK/$f" ] && { echo "---- $f:"; sed 's/^/| /' "$WORK/$f" | head -40; }
        done
    fi
}

# Writes the script with the options given into $WORK/script.py.
export_script() {
    "$BIN" --export python "$@" > "$WORK/script.py" 2> "$WORK/err" ||
        fail "attn-tui --export python $* exited $?"
}

# Runs $WORK/script.py (or $1) with python; output in $WORK/out and $WORK/err, status in RC.
run_script() {
    "$PY" "${1:-$WORK/script.py}" > "$WORK/out" 2> "$WORK/err"
    RC=$?
}

# The number of lines of $WORK/out that say "ok".
ok_lines() { grep -c ' ok  max |diff| ' "$WORK/out"; }

# ---------------------------------------------------------------- cases

# The acceptance check as a person types it.
case_pipe() {
    "$BIN" --export python | "$PY" > "$WORK/out" 2> "$WORK/err" || fail "the pipe exited non-zero" || return 1
    grep -q '^all five lines match attn-tui' "$WORK/out" || fail "no 'all five lines match attn-tui'" || return 1
    grep -q '三加五等于?' "$WORK/out" || fail "the sentence is not named" || return 1
    for line in 'Q   = x·Wq' 'K   = x·Wk' 'V   = x·Wv' 'A   = softmax(Q·Kᵀ / √d)' 'out = A·V'; do
        grep -qF "  $line" "$WORK/out" || fail "no check of $line" || return 1
    done
    ! grep -q MISMATCH "$WORK/out" || fail "a MISMATCH line"
}

# NumPy's checks: 6 for lesson 6, 2 with the causal mask, 3 with two heads.
case_numpy_checks() {
    export_script || return 1
    PYTHONPATH="$WORK/no-torch" run_script
    [ "$RC" -eq 0 ] || fail "exit status $RC" || return 1
    [ "$(ok_lines)" -eq 11 ] || fail "$(ok_lines) ok lines, not 11" || return 1
    grep -q 'causal mask (is_causal=True)' "$WORK/out" || fail "no causal-mask section" || return 1
    grep -q 'two heads of width 4' "$WORK/out" || fail "no two-head section" || return 1
    grep -q '^PyTorch: not installed here: skipped' "$WORK/out" || fail "hidden PyTorch not said skipped" || return 1
    grep -q 'PyTorch skipped: not installed)$' "$WORK/out" || fail "the last line does not say PyTorch was skipped"
}

# Where PyTorch imports, its checks run too (skipped on a machine without it).
case_pytorch() {
    if ! "$PY" -c 'import torch' >/dev/null 2>&1 && ! "$PY" -c '
import sys; sys.path.append("/usr/lib/python3/dist-packages"); import torch' >/dev/null 2>&1; then
        echo "      (PyTorch is not installed: its checks were not run)"
        return 0
    fi
    export_script || return 1
    run_script
    [ "$RC" -eq 0 ] || fail "exit status $RC" || return 1
    grep -q '^PyTorch .*float64' "$WORK/out" || fail "no PyTorch section" || return 1
    for label in 'nn.MultiheadAttention(embed_dim=8, num_heads=1, bias=False)' \
                 'nn.MultiheadAttention(..., num_heads=1), attn_mask=causal' \
                 'nn.MultiheadAttention(..., num_heads=2)'; do
        grep -F "  $label " "$WORK/out" | grep -q ' ok ' || fail "no passing check of $label" || return 1
    done
    grep -q 'PyTorch too)$' "$WORK/out" || fail "the last line does not say PyTorch was checked"
}

# A script whose copy of attn-tui's output is changed in one number must fail on that line
# (PyTorch hidden, so that exactly one check fails wherever it runs).
case_tampered_output() {
    export_script || return 1
    awk '{ print }
         /^        "out": \[$/ && !done { getline; sub(/\[[^,]*,/, "[1000.0,"); print; done = 1 }' \
        "$WORK/script.py" > "$WORK/tampered.py"
    cmp -s "$WORK/script.py" "$WORK/tampered.py" && { fail "the test did not change the script"; return 1; }
    PYTHONPATH="$WORK/no-torch" run_script "$WORK/tampered.py"
    [ "$RC" -eq 1 ] || fail "exit status $RC, not 1" || return 1
    grep -q '^  out = A·V .* MISMATCH  max |diff| ' "$WORK/out" || fail "no MISMATCH on out = A·V" || return 1
    grep -q '^MISMATCH: 1 check(s) differ' "$WORK/out" || fail "no MISMATCH summary" || return 1
    ! grep -q '^all five lines match' "$WORK/out" || fail "it still says all five lines match"
}

# A changed weight changes Q: the recomputation must disagree with attn-tui's Q.
case_tampered_weight() {
    export_script || return 1
    awk '{ print } /^WQ = \[$/ && !done { getline; sub(/\[[^,]*,/, "[0.5,"); print; done = 1 }' \
        "$WORK/script.py" > "$WORK/tampered.py"
    PYTHONPATH="$WORK/no-torch" run_script "$WORK/tampered.py"
    [ "$RC" -eq 1 ] || fail "exit status $RC, not 1" || return 1
    grep -q '^  Q   = x·Wq .* MISMATCH' "$WORK/out" || fail "no MISMATCH on Q = x·Wq"
}

case_sentence() {
    export_script --sentence '10-4=?' || return 1
    grep -q '^SENTENCE = "十减四等于?"$' "$WORK/script.py" || fail "the script does not hold 十减四等于?" || return 1
    run_script
    [ "$RC" -eq 0 ] || fail "exit status $RC" || return 1
    grep -q '^attn-tui --export python: 十减四等于?' "$WORK/out" || fail "the check does not name 十减四等于?"
}

# A model of odd width: two heads cannot be had, the script says it skipped them.
case_model_odd_d() {
    export_script --model "$HERE/odd-d.model" || return 1
    grep -q '^D = 3 ' "$WORK/script.py" || fail "the script does not hold d = 3" || return 1
    run_script
    [ "$RC" -eq 0 ] || fail "exit status $RC" || return 1
    grep -q 'two heads: skipped (d = 3 is odd' "$WORK/out" || fail "two heads not said skipped" || return 1
    grep -q '^all five lines match attn-tui (one head, causal mask, two heads skipped;' "$WORK/out" ||
        fail "no passing last line"
}

case_dev_full() {
    [ -w /dev/full ] || { echo "      (no /dev/full here)"; return 0; }
    "$BIN" --export python > /dev/full 2> "$WORK/err"
    _rc=$?
    [ "$_rc" -eq 1 ] || fail "exit status $_rc, not 1" || return 1
    [ "$(wc -l < "$WORK/err")" -eq 1 ] || fail "stderr has $(wc -l < "$WORK/err") lines, not 1" || return 1
    grep -q '^attn-tui: --export python: cannot write to standard output: No space left on device$' "$WORK/err" ||
        fail "stderr does not say what failed"
}

case_bad_format() {
    "$BIN" --export json > "$WORK/out" 2> "$WORK/err"
    _rc=$?
    [ "$_rc" -eq 2 ] || fail "exit status $_rc, not 2" || return 1
    grep -q "^attn-tui: --export: 'json' is not a format: use python or python-train$" "$WORK/err" || fail "no one-line reason" || return 1
    [ ! -s "$WORK/out" ] || fail "something was written to stdout"
}

case_no_numpy() {
    export_script || return 1
    PYTHONPATH="$WORK/no-numpy" run_script
    [ "$RC" -eq 2 ] || fail "exit status $RC, not 2" || return 1
    grep -q 'NumPy is not installed' "$WORK/err" && grep -q 'python3-numpy' "$WORK/err" ||
        fail "stderr does not say NumPy is missing and how to install it"
}

# ---------------------------------------------------------------- training

have_torch() {
    "$PY" -c 'import torch' >/dev/null 2>&1 || "$PY" -c '
import sys; sys.path.append("/usr/lib/python3/dist-packages"); import torch' >/dev/null 2>&1
}

# A trained model's readout: the script recomputes logits, probabilities and the prediction.
case_readout() {
    "$BIN" --train --seed 1 --save "$WORK/m.model" 2> "$WORK/err" || fail "--train failed" || return 1
    export_script --model "$WORK/m.model" || return 1
    PYTHONPATH="$WORK/no-torch" run_script
    [ "$RC" -eq 0 ] || fail "exit status $RC" || return 1
    grep -q '^  logits = h·Wo + bo .* ok ' "$WORK/out" || fail "no passing logits check" || return 1
    grep -q '^  probs  = softmax(logits) .* ok ' "$WORK/out" || fail "no passing probabilities check" || return 1
    grep -q '^  prediction: 三加五等于? → 八  .*%  ok$' "$WORK/out" || fail "the prediction is not 八"
}

# PyTorch redoes 10 Adam steps with autograd: every weight within 1e-9.
case_train_pytorch() {
    have_torch || { echo "      (PyTorch is not installed: the training check was not run)"; return 0; }
    "$BIN" --export python-train --task all --heads 2 --seed 2 > "$WORK/train.py" 2> "$WORK/err" ||
        fail "--export python-train failed" || return 1
    run_script "$WORK/train.py"
    [ "$RC" -eq 0 ] || fail "exit status $RC" || return 1
    for name in embedding wq wk wv w1 b1 w2 wo bo; do
        grep -q "^  $name after 10 steps .* ok " "$WORK/out" || fail "no passing check of $name" || return 1
    done
    grep -q '^training matches attn-tui$' "$WORK/out" || fail "no passing last line" || return 1
    # One of attn-tui's final weights changed: that check fails.
    awk '{ print } /^ATTN_TUI_END = \{$/ { f = 1 } f && /"wq": \[$/ && !done { getline; sub(/\[[^,]*,/, "[0.5,"); print; done = 1 }' \
        "$WORK/train.py" > "$WORK/tampered.py"
    run_script "$WORK/tampered.py"
    [ "$RC" -eq 1 ] || fail "tampered: exit status $RC, not 1" || return 1
    grep -q '^  wq after 10 steps .* MISMATCH' "$WORK/out" || fail "tampered: no MISMATCH on wq"
}

# Without PyTorch: the forward pass is checked, the training check said skipped.
case_train_no_torch() {
    "$BIN" --export python-train --steps 3 > "$WORK/train.py" 2> "$WORK/err" || fail "--export python-train failed" || return 1
    PYTHONPATH="$WORK/no-torch" run_script "$WORK/train.py"
    [ "$RC" -eq 0 ] || fail "exit status $RC" || return 1
    grep -q '^  loss of the starting weights (NumPy) .* ok ' "$WORK/out" || fail "no NumPy loss check" || return 1
    grep -q 'the training check was skipped' "$WORK/out" || fail "the skipped training check is not said"
}

# ---------------------------------------------------------------- a layered model (PyTorch required)

# The Debian python3-torch the dependency script installs: a missing one fails these cases.
need_torch() {
    have_torch || fail "PyTorch is not installed (make deps installs python3-torch)"
}

# --export python for a layered model: NumPy and torch.nn agree with attn-tui on every head's
# shares, every layer's output and the readout.
case_layered() {
    need_torch || return 1
    export_script --model "$HERE/../models/layered-tiny.model" || return 1
    "$PY" "$WORK/script.py" --require-torch > "$WORK/out" 2> "$WORK/err"
    RC=$?
    [ "$RC" -eq 0 ] || fail "exit status $RC" || return 1
    [ "$(grep -c ' head [12]: shares  *ok ' "$WORK/out")" -eq 8 ] || fail "not 8 passing share checks (4 heads, NumPy and PyTorch)" || return 1
    grep -q '^PyTorch .* torch.nn (float64)$' "$WORK/out" || fail "no PyTorch section" || return 1
    grep -q '^every head, every layer and the readout match attn-tui to 1e-09 (NumPy and PyTorch)$' "$WORK/out" ||
        fail "no passing last line" || return 1
    # one of attn-tui's shares changed: that head's check fails
    awk '{ print } /^"shares": \[$/ && !done { getline; print; getline; sub(/\[[^,]*,/, "[0.5,"); print; done = 1 }' \
        "$WORK/script.py" > "$WORK/tampered.py"
    PYTHONPATH="$WORK/no-torch" run_script "$WORK/tampered.py"
    [ "$RC" -eq 1 ] || fail "tampered: exit status $RC, not 1" || return 1
    grep -q '^  layer 1 head 1: shares .* MISMATCH' "$WORK/out" || fail "tampered: no MISMATCH on layer 1 head 1"
}

# --export python-train for a layered model: PyTorch's autograd and AdamW redo three steps.
case_layered_train() {
    need_torch || return 1
    "$BIN" --export python-train --task poems --corpus "$HERE/../corpus/tiny.txt" --steps 3 > "$WORK/train.py" 2> "$WORK/err" ||
        fail "--export python-train --task poems failed" || return 1
    "$PY" "$WORK/train.py" --require-torch > "$WORK/out" 2> "$WORK/err"
    RC=$?
    [ "$RC" -eq 0 ] || fail "exit status $RC" || return 1
    for name in "loss of step 3" "embedding after 3 steps" "lm_head after 3 steps" "layer 2 wq after 3 steps" \
                "layer 1 ln1_gain after 3 steps" "layer 2 w2 after 3 steps"; do
        grep -q "^  $name .* ok " "$WORK/out" || fail "no passing check of $name" || return 1
    done
    grep -q '^training matches attn-tui to 1e-09 (NumPy and PyTorch)$' "$WORK/out" || fail "no passing last line"
}

# Under --lang zh a layered model's scripts speak Chinese, their labels aligned by columns.
case_layered_zh() {
    need_torch || return 1
    export_script --lang zh --model "$HERE/../models/layered-tiny.model" || return 1
    run_script
    [ "$RC" -eq 0 ] || fail "exit status $RC" || return 1
    grep -q '^每个头、每一层和读出层都和 attn-tui 一致，误差在 1e-09 以内（NumPy 和 PyTorch）$' "$WORK/out" ||
        fail "no Chinese last line" || return 1
    grep -q '^  第 1 层第 1 个头：百分比                     一致  max |diff| ' "$WORK/out" ||
        fail "no aligned Chinese share check" || return 1
    "$BIN" --lang zh --export python-train --task poems --corpus "$HERE/../corpus/tiny.txt" --steps 2 > "$WORK/train.py" 2> "$WORK/err" ||
        fail "--lang zh --export python-train --task poems failed" || return 1
    run_script "$WORK/train.py"
    [ "$RC" -eq 0 ] || fail "python-train: exit status $RC" || return 1
    grep -q '^训练和 attn-tui 一致，误差在 1e-09 以内（NumPy 和 PyTorch）$' "$WORK/out" || fail "no Chinese training line"
}

# scripts/from-torch.py: a nanoGPT GPT with random weights, converted, plays with PyTorch's shares.
case_from_torch() {
    need_torch || return 1
    mkdir -p "$WORK/from-torch"
    "$PY" "$HERE/from_torch_test.py" "$BIN" "$HERE/../../scripts/from-torch.py" "$WORK/from-torch" > "$WORK/out" 2> "$WORK/err"
    RC=$?
    [ "$RC" -eq 0 ] || fail "exit status $RC" || return 1
    grep -q "^from-torch: attn-tui's shares and logits equal PyTorch's to 1e-09$" "$WORK/out" || fail "no passing last line"
}

# ---------------------------------------------------------------- main

echo "export: $BIN --export python with $($PY --version 2>&1)"
run_case "attn-tui --export python | python3 prints a passing check"   case_pipe
run_case "NumPy: 11 checks (one head, causal mask, two heads); PyTorch hidden: skipped" case_numpy_checks
run_case "PyTorch, where installed: SDPA and MultiheadAttention checks pass" case_pytorch
run_case "one number of attn-tui's output changed: MISMATCH, exit 1"    case_tampered_output
run_case "one weight changed: Q = x·Wq MISMATCH, exit 1"               case_tampered_weight
run_case "--sentence '10-4=?' exports 十减四等于?"                      case_sentence
run_case "--model of odd d: two heads skipped, the rest passes"         case_model_odd_d
run_case "> /dev/full: one line on stderr, exit 1"                      case_dev_full
run_case "--export json: one line, exit 2"                              case_bad_format
run_case "no NumPy: says so and how to install it, exit 2"              case_no_numpy
run_case "a trained model: logits, probabilities and 八 recomputed"     case_readout
run_case "python-train: PyTorch's autograd and Adam agree to 1e-9"     case_train_pytorch
run_case "python-train without PyTorch: the training check skipped"   case_train_no_torch

run_case "a layered model: NumPy and torch.nn agree on every head (1e-9)" case_layered
run_case "a layered model's python-train: autograd and AdamW agree (1e-9)" case_layered_train
run_case "a layered model's scripts under --lang zh speak Chinese"         case_layered_zh
run_case "from-torch.py: a nanoGPT GPT converted plays PyTorch's shares"   case_from_torch

echo "export: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ] || { echo "failing:$FAILED_NAMES"; exit 1; }

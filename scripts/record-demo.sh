#!/bin/sh
# record-demo.sh — records docs/demo.cast: one full autoplay of the lesson (every stage of
# every character) at 100×30, played in a private tmux server as a person would start it.
# Owns: docs/demo.cast. Usage: sh scripts/record-demo.sh ./attn-tui   (make demo-cast)
set -eu
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
OUT=$(pwd)/docs/demo.cast
SOCK=attn-demo-$$
SPEED=2
rm -f "$OUT.tmp"   # --record keeps an existing file: a failed run's is cleared first
# one loop: 24 steps of a transition and a hold, at SPEED
LOOP_MS=$(( 24 * (330 + 2000) / SPEED + 1500 ))
tmux -L "$SOCK" -f /dev/null new-session -d -x 100 -y 30 \
    "env LANG=C.UTF-8 TERM=xterm-256color $BIN --record $OUT.tmp --autoplay --speed $SPEED"
sleep "$(echo "$LOOP_MS" | awk '{ printf "%.1f", $1 / 1000 }')"
tmux -L "$SOCK" send-keys q
sleep 0.5
tmux -L "$SOCK" kill-server 2>/dev/null || true
mv "$OUT.tmp" "$OUT"
echo "demo-cast: $(wc -l < "$OUT") events in $OUT (play it: asciinema play $OUT)"

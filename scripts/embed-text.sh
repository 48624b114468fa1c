#!/bin/sh
# embed-text.sh — turns a text file into C source holding its bytes as one string, so that a
# program attn-tui writes out (the Python of --export for a layered model) is compiled in.
# Usage: embed-text.sh NAME FILE > out.h   (declares: static const unsigned char NAME[], ending in 0)
set -eu
name=$1
file=$2
echo "/* generated from $file by scripts/embed-text.sh — do not edit */"
echo "static const unsigned char ${name}[] = {"
od -An -v -tx1 "$file" | sed -e 's/ *\([0-9a-f][0-9a-f]\)/0x\1,/g' -e 's/^/    /'
echo "    0x00"
echo "};"

#!/bin/sh
# embed-model.sh — turns a model file into C source holding its bytes, so the
# default model is compiled into attn-tui.  Usage: embed-model.sh FILE > out.c
set -eu
file=$1
echo "/* generated from $file by scripts/embed-model.sh — do not edit */"
echo "#include <stddef.h>"
echo "const char model_default_text[] = {"
od -An -v -tx1 "$file" | sed -e 's/ *\([0-9a-f][0-9a-f]\)/0x\1,/g' -e 's/^/    /'
echo "    0x00"
echo "};"
echo "const size_t model_default_len = sizeof model_default_text - 1;"

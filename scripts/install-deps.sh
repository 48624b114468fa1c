#!/bin/sh
# install-deps.sh — makes sure the packages attn-tui builds and tests with are present.
# Installs what is missing with apt-get (through sudo when not root) and says so;
# where it cannot, prints one line naming the packages and exits non-zero.
# Usage: install-deps.sh [EXTRA-PACKAGE...]   the targets that need more add them:
#   make test: libpango1.0-dev libcairo2-dev fonts-noto-cjk poppler-utils (the PDF module of
#              --worksheet N --format pdf, its fonts, and pdftotext/pdfinfo that read it back;
#              make run does without them: the program then names them for --format pdf)
#   make bench: cmatrix tig valgrind htop (python3-torch, for bench-train.sh, is a test need already;
#               cmatrix, tig and htop: the programs attn-tui's CPU, start-up and RSS are set beside)
#   make fuzz: clang libclang-rt-14-dev (libFuzzer)
#   make lint: clang cppcheck      make coverage: gcovr
#   make deb: debhelper dpkg-dev lintian
set -u

# Debian package  ->  what proves it is there. python3 and python3-numpy run the script of
# --export python in make test; python3-torch checks a layered model's numbers, its training and
# scripts/from-torch.py against PyTorch (make test fails without it); fortunes-zh holds
# 唐诗三百首, the corpus of the shipped poem model (its form test, make poems-model);
# asciinema replays a recording in the end-to-end tests; bash-completion, zsh and fish run
# the completion tests; libxml2-utils (xmllint) and librsvg2-bin (rsvg-convert) check the SVGs.
need="gcc make pkg-config libncurses-dev libunistring-dev nettle-dev libcmocka-dev tmux jq locales asciinema python3 python3-numpy python3-torch fortunes-zh bash-completion zsh fish libxml2-utils librsvg2-bin $*"

is_installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

missing=""
if command -v dpkg-query >/dev/null 2>&1; then
    for p in $need; do
        is_installed "$p" || missing="$missing $p"
    done
else
    # Not Debian: check by what the build uses.
    pkg-config --exists ncursesw cmocka 2>/dev/null || missing="$missing ncursesw cmocka"
    [ -f /usr/include/unistr.h ] || missing="$missing libunistring"
    command -v tmux >/dev/null 2>&1 || missing="$missing tmux"
    python3 -c 'import numpy' >/dev/null 2>&1 || missing="$missing python3-numpy"
    if [ -n "$missing" ]; then
        echo "attn-tui: missing build dependencies:$missing (install them with your package manager)" >&2
        exit 1
    fi
    exit 0
fi

[ -z "$missing" ] && exit 0

echo "attn-tui: installing missing packages:$missing"
if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "attn-tui: missing packages:$missing (not root and no sudo: install them with apt-get)" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "attn-tui: missing packages:$missing (no apt-get here: install them by hand)" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ! { $SUDO apt-get update -qq >/dev/null && $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null; }; then
    echo "attn-tui: could not install:$missing (try: apt-get install$missing)" >&2
    exit 1
fi
echo "attn-tui: installed$missing"

#!/bin/sh
# build-deb.sh — `make deb`: builds the Debian package from debian/ in a copy of the source
# (the tracked and new files, as they are in the work tree) under build/deb/, puts
# build/deb/attn-tui_VERSION_ARCH.deb there and runs lintian on it: any error or warning
# fails. Owns: build/deb/. Touches nothing else in the tree.
# Usage: sh scripts/build-deb.sh VERSION
set -eu
VERSION=$1
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/build/deb
src=$out/attn-tui-$VERSION
changelog=$(dpkg-parsechangelog -l "$root/debian/changelog" -S Version)
if [ "$changelog" != "$VERSION" ]; then
    echo "deb: debian/changelog is at $changelog, the Makefile at $VERSION: add a changelog entry" >&2
    exit 1
fi
rm -rf "$out"
mkdir -p "$src"
cd "$root"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    # tracked and new files, not the ignored ones (build outputs); a deleted one is skipped
    git ls-files -z --cached --others --exclude-standard | xargs -0 sh -c \
        'for f; do [ -e "$f" ] && cp --parents -P "$f" "$0"; done; true' "$src"
else
    tar --exclude=./build --exclude=./attn-tui -cf - . | tar -xf - -C "$src"
fi
cd "$src"
dpkg-buildpackage -b -us -uc >"$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
deb=$out/attn-tui_${VERSION}_$arch.deb
[ -f "$deb" ] || { echo "deb: no $deb" >&2; exit 1; }
echo "deb: built $deb"
if command -v lintian >/dev/null 2>&1; then
    lintian --fail-on error,warning "$out"/attn-tui_*.changes && echo "deb: lintian: no error, no warning"
else
    echo "deb: lintian is not installed: not checked" >&2
fi

#!/bin/sh
# layers.sh — the objects' call graph and its cycles: every undefined symbol of each object
# (nm) resolved to the object that defines it, one edge per pair of objects, then the
# strongly connected components (Tarjan). Fails on any cycle (a component of two or more
# objects) and on any view (view_*.o) or panel (panel*.o) that uses a symbol defined in
# ui.o or input.o: a view asks through its request (view.h), it never calls the UI state.
# Owns: nothing but what it prints. Usage: sh scripts/layers.sh [OBJECT-DIR]  (make lint:
# build/obj; -v prints every edge of a cycle with the symbols that make it)
set -u
verbose=0
[ "${1:-}" = "-v" ] && { verbose=1; shift; }
dir=${1:-build/obj}
NM=${NM:-nm}
set -- "$dir"/*.o
[ -e "$1" ] || { echo "layers: no objects in $dir (build first)" >&2; exit 2; }

for o in "$@"; do
    base=${o##*/}
    # shellcheck disable=SC2086
    $NM -P "$o" 2>/dev/null | awk -v obj="${base%.o}" '
        $2 == "U" { print "U", obj, $1; next }
        $2 ~ /^[A-TV-Z]$/ { print "D", obj, $1 }'
done | awk -v verbose="$verbose" '
    $1 == "D" { if (!($3 in owner)) owner[$3] = $2; objs[$2] = 1; next }
    $1 == "U" { uses[++nu] = $2; usym[nu] = $3; objs[$2] = 1; next }
    END {
        for (i = 1; i <= nu; i++) {
            from = uses[i]; sym = usym[i]
            if (!(sym in owner)) continue          # libc, ncurses, libunistring …
            to = owner[sym]
            if (to == from) continue
            if (!((from, to) in edge)) {
                edge[from, to] = sym
                adj[from, ++deg[from]] = to
            } else if (index(" " edge[from, to] " ", " " sym " ") == 0) {
                edge[from, to] = edge[from, to] " " sym
            }
            if ((from ~ /^view_/ || from ~ /^panel/) && (to == "ui" || to == "input"))
                bad[++nbad] = from ".o uses " sym " (" to ".o)"
        }
        n = 0
        for (v in objs) { nobj++; if (!(v in idx)) strong(v) }
        for (i = 1; i <= nbad; i++) print "layers: a view or panel calls the UI state: " bad[i]
        printf "layers: %d objects, %d cycle%s%s\n", nobj, ncyc, ncyc == 1 ? "" : "s", \
               nbad ? ", " nbad " call" (nbad == 1 ? "" : "s") " into ui.o/input.o" : ""
        exit (ncyc || nbad) ? 1 : 0
    }
    # Tarjan: v and everything it reaches; prints each component of two or more objects.
    function strong(v,    i, w, m, list, k) {
        idx[v] = low[v] = ++n
        stack[++sp] = v; onstack[v] = 1
        for (i = 1; i <= deg[v]; i++) {
            w = adj[v, i]
            if (!(w in idx)) {
                strong(w)
                if (low[w] < low[v]) low[v] = low[w]
            } else if (onstack[w] && idx[w] < low[v]) {
                low[v] = idx[w]
            }
        }
        if (low[v] != idx[v]) return
        m = 0; list = ""
        do {
            w = stack[sp--]; onstack[w] = 0
            member[++m] = w
        } while (w != v)
        if (m < 2) return
        ncyc++
        sortlist(m)
        for (k = 1; k <= m; k++) list = list (k > 1 ? ", " : "") member[k]
        printf "layers: cycle %d (%d objects): {%s}\n", ncyc, m, list
        if (verbose)
            for (k = 1; k <= m; k++) incomp[member[k]] = ncyc
        if (verbose)
            for (k = 1; k <= m; k++)
                for (i = 1; i <= deg[member[k]]; i++) {
                    w = adj[member[k], i]
                    if (incomp[w] == ncyc) printf "  %s -> %s: %s\n", member[k], w, edge[member[k], w]
                }
    }
    function sortlist(m,    i, j, t) {
        for (i = 2; i <= m; i++)
            for (j = i; j > 1 && member[j - 1] > member[j]; j--) {
                t = member[j]; member[j] = member[j - 1]; member[j - 1] = t
            }
    }'

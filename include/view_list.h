/* view_list.h — the one list of the views: VIEW_LIST, and the ViewId each row makes.
 * Everything that names the views (the view table, --help's list, the man page, README,
 * the e2e walk) is built or checked from this list. Adding a screen is one row here and
 * its file src/view_<name>.c (scripts/new-view writes both).
 * Must not touch: anything else (no view's insides, no state). */
#ifndef ATTN_VIEW_LIST_H
#define ATTN_VIEW_LIST_H

/* Every view, in the view bar's order (the lesson's). X(ID, name): the name is --view's
 * and its ViewOps object is view_<name> (view.h). Practice comes last, after the summary,
 * where a textbook puts a chapter's exercises: by then every table it asks about was shown. */
#define VIEW_LIST(X)          \
    X(ALL, all)               \
    X(LIBRARY, library)       \
    X(SIMILARITY, similarity) \
    X(ARCS, arcs)             \
    X(MATRIX, matrix)         \
    X(SQRTD, sqrtd)           \
    X(MACHINE, machine)       \
    X(TRAIN, train)           \
    X(CODE, code)             \
    X(SCALE, scale)           \
    X(SUMMARY, summary)       \
    X(PRACTICE, practice) \
    X(CHECK, check)           \
    X(HEADS, heads)           \
    X(WRITE, write)

typedef enum {
#define VIEW_ENUM(id, name) VIEW_##id,
    VIEW_LIST(VIEW_ENUM)
#undef VIEW_ENUM
    VIEW_COUNT
} ViewId;

#define VIEW_DEFAULT VIEW_ARCS   /* `attn-tui` opens on the arcs */

/* The names as one string literal, " all library …", for --help's text. */
#define VIEW_NAME_WORD(id, name) " " #name
#define VIEW_NAMES_TEXT VIEW_LIST(VIEW_NAME_WORD)

#endif

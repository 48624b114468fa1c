/* view.h — the table of screens: each view is one file and one row here (tig's view_ops,
 * tmux's window_mode): its name, titles, track, a pure draw into the body rectangle,
 * hit-testing for clicks, its own key bindings, hints and actions.
 * Owns: the ViewOps type and the table built from VIEW_LIST (ui.h).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_VIEW_H
#define ATTN_VIEW_H

#include <stdbool.h>
#include "actions.h"
#include "lesson.h"
#include "player.h"
#include "ui.h"

struct ViewCtx;   /* what a draw reads: src/draw.h */

typedef struct {
    const char *name;        /* --view NAME */
    const char *tab_en;      /* its name in the view bar, English */
    const char *tab_zh;      /* the same in Chinese */
    const char *title_en;    /* what the title row says of it when there is no stage line */
    const char *title_zh;    /* the same in Chinese */
    const char *help_en;     /* one line the help says of this view, English (or NULL) */
    const char *help_zh;     /* the same in Chinese */
    Track track;             /* what stepping and autoplay walk here */
    bool stages;             /* the title row shows the stage line ① → ② → ③ → ④ */
    /* Draws the view's body into c->g within c->body. Pure. */
    void (*draw)(const struct ViewCtx *c);
    /* A click at (x, y) inside the body: the action it means (and its argument), or
     * false when nothing is there. May be NULL. */
    bool (*hit)(const struct ViewCtx *c, int x, int y, Action *action, int *arg);
    /* The view's own actions: applies a and returns REACT_* flags, or -1 when a is not
     * one the view handles (the global meaning applies). May be NULL. */
    int (*act)(Ui *ui, Player *p, const Lesson *ls, Action a, int arg, long long now);
    const KeyBinding *keys;  /* its own bindings, checked before the global ones (key 0 ends) */
    const KeyHint *hints;    /* its status-line hints, before the global ones (ACTION_NONE ends) */
} ViewOps;

/* The row of view id (clamped into range). */
const ViewOps *view_ops(ViewId id);

/* What action a does in view v, as its help says it: the steps (→ ← Home End, Space) say
 * what the view's track walks; NULL when the action does nothing there (a view with no
 * track and no binding of its own for it), so the help leaves it out. */
const char *view_describe(const ViewOps *v, Action a, Lang lang);

#endif

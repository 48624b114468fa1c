/* chrome.h — what surrounds every view: title row (with the stage line), view bar, status
 * line, help overlay and the too-small notice; and where each goes.
 * Owns: nothing outside src/chrome.c and src/frame.c. Must not touch: a view's body,
 * ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_CHROME_H
#define ATTN_CHROME_H

#include "draw.h"
#include "view.h"

#define CHROME_CAPTION_ROWS 2   /* rows of the tour's caption, a question or its verdict */

/* Where the chrome of one w × h frame goes, and the body it leaves to the view. Depends
 * only on the sentence, the view, the size and the options, so drawing and clicks agree. */
typedef struct {
    int w;               /* frame columns */
    int h;               /* frame rows */
    bool too_small;      /* below FRAME_MIN_W × FRAME_MIN_H: only a notice */
    int title_row;       /* row of the title, or -1 when left out */
    int title_x;         /* first column of the title */
    bool title_long;     /* the title names the lesson ("self-attention") */
    bool title_brief;    /* ASCII: the title writes the characters' brief labels ("3 + 5") */
    int right_row;       /* row of the stage line (or the view's title) */
    int right_x;         /* its first column */
    int bar_row;         /* row of the view bar */
    bool title_model;    /* the title names the model in play ("lesson model"): always but
                            for the lesson's own, unedited, where it does not fit */
    bool title_bare;     /* the title leaves the program's name out (room for the model's) */
    int marker_row;      /* the row saying what is edited (under the bar while a change of
                            the model is in effect: "edited: Wq[2][3] 0.58 → 2.58 · u
                            undoes"), or -1 */
    int caption_row;     /* first of the CHROME_CAPTION_ROWS rows of the tour's caption or
                            a question (under the bar while the tour or predict is on), or -1 */
    int status_row;      /* the last row: keys and play state */
    Rect body;           /* what is left for the view */
} ChromeLayout;

/* Computes the chrome of a w × h frame for view v. */
void chrome_layout(const ViewCtx *c, const ViewOps *v, int w, int h, ChromeLayout *L);

/* Draws the title row, the view bar and the status line. */
void chrome_draw(const ViewCtx *c, const ViewOps *v, const ChromeLayout *L, const char *notice);

/* The status line's hints of view v in frame c, in order (at most cap into out): a waiting
 * question's and the tour's (while they own the keys), else the view's own that apply at
 * c's stage; then the global ones whose action does something on v. Returns how many;
 * *own (may be NULL) gets how many come before the global ones. */
int chrome_status_hints(const ViewCtx *c, const ViewOps *v, const KeyHint **out, int cap, int *own);

/* One key the help lists. */
typedef struct {
    int key;             /* its key code (keys.h) */
    const char *label;   /* the key, as the table names it */
    Action action;       /* what it does */
} ChromeHelpRow;

/* The keys the help of view v lists, in order: a waiting question's and the tour's (while
 * they own them), the view's own, then the shared ones that do something on v. Returns how
 * many (at most cap). */
int chrome_help_rows(const Ui *ui, const ViewOps *v, ChromeHelpRow *rows, int cap);

/* Draws the help overlay over the whole frame (modal: it scrolls when it does not fit):
 * the view's station text first (ViewOps.station_*), then its keys. */
void chrome_draw_help(const ViewCtx *c, const ViewOps *v, const ChromeLayout *L);

/* Draws "too small to draw: need 60×20, have w×h" in lang (「画面太小：至少要 60×20，现在是 w×h」),
 * centred (on two lines when narrow). */
void chrome_draw_too_small(Grid *g, const Glyphs *gl, Lang lang);

/* The view whose name in the view bar is at column x, or -1. */
int chrome_bar_view_at(const ViewCtx *c, const ChromeLayout *L, int x);

#endif

/* draw.h — the drawing kit every view and the chrome share: the body rectangle, the glyph
 * set (Unicode or ASCII), what a draw reads (ViewCtx), and small text helpers.
 * Owns: nothing outside src/draw.c; internal to the views (not a public header).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_DRAW_H
#define ATTN_DRAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "frame.h"
#include "grid.h"
#include "lang.h"
#include "lesson.h"
#include "player.h"
#include "stage.h"
#include "ui.h"
#include "view_list.h"
#include "wrap.h"

/* ---------------------------------------------------------------- geometry */

/* A rectangle of cells: columns x .. x+w-1, rows y .. y+h-1. */
typedef struct {
    int x;   /* first column */
    int y;   /* first row */
    int w;   /* columns */
    int h;   /* rows */
} Rect;

/* ---------------------------------------------------------------- glyphs */

/* Every non-ASCII symbol the frame draws, with its ASCII stand-in. */
typedef struct {
    const char *sep;        /* title separator: " · " */
    const char *arrow;      /* between stages: " → " */
    const char *stage_num[STAGE_COUNT]; /* "① " ... or "" */
    const char *marker;     /* under the asking character: "▲" */
    const char *packet;     /* a V on its way back to the asker: "●" */
    const char *times;      /* product of two numbers: "×" */
    const char *dot;        /* dot product of two vectors: "·" */
    const char *ellipsis;   /* more not shown: "…" */
    const char *div_sqrt;   /* divided by the square root of: "÷√" */
    const char *sqrt;       /* square root: "√" */
    const char *sum;        /* the sum of a row: "Σ" */
    const char *dash;       /* a pause in a sentence: " — " */
    const char *rule;       /* the panel heading's line: "─" */
    const char *box_h;      /* box: horizontal */
    const char *box_v;      /* box: vertical */
    const char *box_tl;     /* box: top left corner */
    const char *box_tr;     /* box: top right corner */
    const char *box_bl;     /* box: bottom left corner */
    const char *box_br;     /* box: bottom right corner */
    const char *playing;    /* status: "▶" */
    const char *paused;     /* status: "❚❚" */
    const char *by;         /* the × of "60×20" */
    const char *transpose;  /* Kᵀ's mark: "ᵀ" */
    const char *minus_inf;  /* a masked score: "−∞" */
    const char *shades[5];  /* a heatmap cell, lightest to darkest: " ░▒▓█" */
} Glyphs;

/* The Unicode or the ASCII set. */
const Glyphs *draw_glyphs(bool ascii);

/* ---------------------------------------------------------------- characters */

#define DRAW_LABEL_BYTES 16   /* room for a character's label ("cheng", "U+1F600") and its NUL */
#define DRAW_BRIEF_COLS 2     /* a brief label is never wider than a CJK glyph */

/* How a sentence character is written on screen: itself; in ASCII mode an ASCII character
 * as itself, a course character as its pinyin (spell_ascii_name: "san", "jia", "shi2"), any
 * other as "U+" and its code point ("U+732B"). Returns out. */
const char *draw_char_label(bool ascii, const char *ch, char *out, size_t cap);

/* The same in at most DRAW_BRIEF_COLS columns, for slots too narrow for a label: itself; in
 * ASCII mode the digit or operator it reads as (spell_ascii_brief: "3", "+", "=", "yu"), or
 * for any other non-ASCII character "[]", the empty box a terminal shows for a glyph it
 * lacks. Returns out. */
const char *draw_char_brief(bool ascii, const char *ch, char *out, size_t cap);

/* ---------------------------------------------------------------- what a draw reads */

typedef struct ViewCtx {
    Grid *g;                   /* the frame being drawn (NULL when only hit-testing) */
    Rect body;                 /* where the view draws: between the view bar and the status */
    const Lesson *ls;          /* everything computed */
    const Trace *tr;           /* &ls->tr: the sentence's forward pass */
    const Player *p;           /* stage, focus, play state, speed */
    const Ui *ui;              /* numbers, cursors */
    const Glyphs *gl;          /* Unicode or ASCII symbols */
    double progress;           /* 0..1 of the current transition */
    int focus;                 /* the asking character, clamped to 0..T-1 */
    Stage stage;               /* the stage, clamped to a real one */
    Lang lang;                 /* labels' language (English in ASCII mode) */
    bool ascii;                /* ASCII-only drawing */
    bool numbers;              /* values shown */
    char tok[MODEL_MAX_TOKENS][DRAW_LABEL_BYTES];       /* each character as written: draw_char_label */
    char tok_brief[MODEL_MAX_TOKENS][DRAW_LABEL_BYTES]; /* ... in at most 2 columns: draw_char_brief */
    int tok_cols;              /* columns of the widest tok[t] (2 for CJK, up to 5 for pinyin) */
    const void *state;         /* the drawn view's own state (its ViewOps.state_size bytes,
                                  declared in its file), or NULL when it keeps none */
    void *cache;               /* what frames keep for the drawn view (its ViewOps.cache_new),
                                  or NULL: everything computed anew */
    const KeyBinding *keys;    /* the drawn view's own bindings (its ViewOps.keys, key 0
                                  ends; NULL: none): the keys its panels and hints name */
    const char *tab[VIEW_COUNT]; /* every view's name as the view bar writes it (view_tab):
                                    a screen that points to another names it so */
    const struct ViewOps *const *bar; /* the view bar's rows (FrameOptions.bar), or NULL:
                                         every view */
    int bar_count;             /* how many rows bar has */
    const char *prog;          /* the command as the user started it (FrameOptions.prog),
                                  never NULL: "attn-tui" when not known */
} ViewCtx;

/* Fills c->tok, c->tok_brief and c->tok_cols from c->tr and c->ascii: every place that
 * writes a sentence character on screen writes one of these, never tr->tokens[t]. */
void draw_context_labels(ViewCtx *c);

/* A digest of everything a frame reads of a forward pass: its shape, mask, characters, every
 * table (x, Q, K, V, scores, shares, output, similarity), the what-if score and the readout.
 * What a view keeps between frames is keyed on it, so a pass rebuilt in the same memory (a
 * what-if nudge, another sentence of the same length) is never drawn from a stale copy.
 * A few thousand numbers: far less than formatting them. */
uint64_t draw_trace_digest(const Trace *tr);

/* Character t as a row of slots `cols` wide writes it: its label when every character's
 * label fits in cols (so a row is in one form), else its brief label. */
const char *draw_tok(const ViewCtx *c, int t, int cols);

/* ---------------------------------------------------------------- a share's size */

/* How big a share draws, the one rule every screen sizes a share by (the arcs' bands and
 * feet, the all view's lines, the library's fill): least + ⌊share · scale⌋ for a share
 * clamped into 0..1, so 0 is least, 1 is least + scale and each further 1/scale adds one.
 * (A product that is a whole number in exact arithmetic counts as one: 1e-9 of slack.) */
int draw_share_size(double share, int least, int scale);

/* A table row's label for character t at (x, y): the focus marker (▸, ">" in ASCII) when t
 * asks, then t as written (its brief label when brief), lit when it asks. */
void draw_row_label(const ViewCtx *c, int x, int y, int t, bool brief);

/* The English or Chinese literal by the context's language (still checked as a format). */
#define SAY(c, en, zh) LANG_PICK((c)->lang, en, zh)

/* ---------------------------------------------------------------- text */

/* Draws s at (x, y) but no further right than column limit (exclusive); returns columns. */
int draw_clipped(Grid *g, int x, int y, int limit, const char *s, Style style);

/* Draws s right-aligned in `cols` columns starting at x. */
void draw_right(Grid *g, int x, int y, int cols, const char *s, Style style);

/* Draws s centred on row y between columns x and x + w. */
void draw_centred(Grid *g, int x, int y, int w, const char *s, Style style);

/* A label or description as a frame can draw it: as it is, or in ASCII (arrows spelled
 * out, a wide character such as 三 as its label "san" (draw_char_label) set off by blanks
 * from letters and digits, any other non-ASCII character as '?'). */
void draw_drawable(bool ascii, const char *in, char *out, size_t cap);

/* Appends printf-formatted text to buf (NUL-terminated, capacity cap). */
void draw_append(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The sentence's characters joined ("三加五等于?"); in ASCII mode their labels with blanks
 * between ("san jia wu deng yu ?"), or with brief their brief labels ("3 + 5 = yu ?"). */
void draw_sentence_text(const Trace *tr, bool ascii, bool brief, char *buf, size_t cap);

/* ---------------------------------------------------------------- what if on a score */

/* The name of head h's score (t, s) as an equation may write it: "Q(等)·K(加)", or
 * "score(等→加)" when the learner set it (what if: no Q·K gives that number). Returns buf. */
char *draw_score_name(const ViewCtx *c, int h, int t, int s, char *buf, size_t cap);

/* For a score the learner set: "set by you (what-if), was Q(等)·K(加) = 4.05" in buf and
 * true; false (buf untouched) for a score the pass computed. Where a screen would print
 * Q(t)·K(s) = Σ products, it prints the score's value and this instead. */
bool draw_score_set_note(const ViewCtx *c, int h, int t, int s, char *buf, size_t cap);

/* ---------------------------------------------------------------- rows that fit */

/* Which of n rows to keep in h rows, by priority (1: always; a higher number is left out
 * first): the rows of the highest priority above 1 go, a whole priority at a time, until
 * the rest fit; then only the first h. Writes the kept rows' indices, in order, into kept
 * (room for n); returns how many. */
int draw_fit_rows(const int *priority, int n, int h, int *kept);

/* ---------------------------------------------------------------- pieces */

/* For a model with a readout, what it predicts for the sentence, in the body's
 * last row: "the model answers 三加五等于? → 八 97.2%" (the engine's prediction; no
 * percentage with numbers hidden). Draws nothing for a model without one. */
void draw_prediction(const ViewCtx *c);

/* The context a view draws and hit-tests the rest in: c with its body a row shorter when
 * the model has a readout (that row is draw_prediction's), else c as it is. */
ViewCtx draw_prediction_room(const ViewCtx *c);

/* "① Q K V" (or "Q K V" in ASCII): a stage as the stage line names it. */
void draw_stage_label(char *buf, size_t cap, Stage stage, Lang lang, const Glyphs *gl);

/* How many of n items a transition at progress p has revealed: ceil(p · n), 0..n. */
int draw_revealed(double progress, int n);

/* The one bar renderer: a fraction 0..1 (clamped) of cols columns in eighths of a column,
 * rounded to the nearest eighth (half up), and never 0 for a fraction above 0 (a share
 * that exists is seen). Returns the eighths, 0 .. 8 · cols. */
int draw_bar_eighths(double fraction, int cols);

/* The same as text into buf: whole blocks █ and one of ▏▎▍▌▋▊▉ for the rest; in ASCII
 * whole columns of '#' (rounded), or '.' for a bar shorter than half a column. */
void draw_bar_text(bool ascii, double fraction, int cols, char *buf, size_t cap);

/* Why a hand sum and the tables differ in their last digits, when they do: "(4.0495 from the
 * numbers shown; exactly 4.0510; both 4.05 rounded)" (Chinese: 「（用屏幕上显示的数算得
 * 4.0495；精确值是 4.0510，两者都约等于 4.05）」) into buf, or "" when the printed sum is the
 * value at its decimals. */
struct CheckedSum;
void draw_rounding_note(const ViewCtx *c, const struct CheckedSum *sum, char *buf, size_t cap);

/* A box outline with a title in its top edge and its inside blanked, all in style. */
void draw_box(Grid *g, const Glyphs *gl, Rect r, const char *title, Style style);

/* "── title ──────" across w columns from (x, y). */
void draw_rule_heading(Grid *g, const Glyphs *gl, int x, int y, int w, const char *title);

/* ---------------------------------------------------------------- paragraphs */

/* Draws text from (x, y) in the lines wrap_lines breaks it into at w columns (the one line
 * breaker: between words, between Chinese words but never inside a lesson term, a word
 * wider than w cut), at most max_rows of them (and at most 128); the last row ends in "…"
 * when text is left over. With g NULL only measures. Returns the rows used. */
int draw_paragraph(Grid *g, const Glyphs *gl, int x, int y, int w, int max_rows,
                   const char *text, Style style);

#define DRAW_MEMO_SLOTS 16         /* paragraphs a memo keeps broken */
#define DRAW_MEMO_TEXT_BYTES 1024  /* longest paragraph a memo keeps (longer ones are broken anew) */
#define DRAW_MEMO_ROWS 32          /* lines a memo keeps of one paragraph */

/* One paragraph as a memo keeps it: its text and width (all its lines depend on) and the
 * lines wrap_lines broke it into. */
typedef struct {
    char text[DRAW_MEMO_TEXT_BYTES];   /* the paragraph's bytes (n of them, no '\0') */
    size_t n;                          /* their count */
    int w;                             /* the columns it was broken into */
    int count;                         /* lines the whole paragraph takes (wrap_lines) */
    WrapLine line[DRAW_MEMO_ROWS];     /* its first lines, min(count, DRAW_MEMO_ROWS) of them */
} DrawParagraphRows;

/* Broken paragraphs kept between frames (a view's frames' cache holds one), so that the
 * UAX #14 line breaking is not redone every frame and every time a layout measures.
 * Zeroed is empty. */
typedef struct {
    DrawParagraphRows slot[DRAW_MEMO_SLOTS];  /* the paragraphs kept */
    int used;                                 /* slots filled, 0..DRAW_MEMO_SLOTS */
    int next;                                 /* the slot a new paragraph replaces once all are filled */
} DrawParagraphMemo;

/* draw_paragraph, its lines taken from m when m keeps them (and kept there when not);
 * m NULL is draw_paragraph. The same rows, the same cells, either way. */
int draw_paragraph_memo(DrawParagraphMemo *m, Grid *g, const Glyphs *gl, int x, int y, int w,
                        int max_rows, const char *text, Style style);

/* wrap_balanced(text, w, lines, max), its lines taken from m when m keeps them (and kept
 * there when not); m NULL is wrap_balanced. The same lines, the same count, either way. */
int draw_wrap_memo(DrawParagraphMemo *m, const char *text, int w, WrapLine *lines, int max);

/* ---------------------------------------------------------------- numbers kept formatted */

#define DRAW_NUMBER_SLOTS 2048     /* numbers a memo keeps formatted (a power of two) */
#define DRAW_NUMBER_TEXT 22        /* longest text a memo keeps, and its NUL */

/* One number as a memo keeps it: its value's bits and format, and its text. */
typedef struct {
    uint64_t bits;                 /* the double's bits */
    signed char digits;            /* decimals asked for */
    unsigned char kind;            /* 0 empty, 1 format_fixed, 2 format_percent */
    char text[DRAW_NUMBER_TEXT];   /* what format_fixed or format_percent wrote */
} DrawNumberSlot;

/* Formatted numbers kept between frames (a view's frames' cache holds one), keyed on the
 * value's bits and format: a kept text is the one formatting gives, never stale. A table
 * of numbers is formatted once, not with vsnprintf on every frame. Zeroed is empty. */
typedef struct {
    DrawNumberSlot slot[DRAW_NUMBER_SLOTS];  /* direct-mapped by a hash of the key */
} DrawNumberMemo;

/* format_fixed(buf, cap, v, digits), its text taken from m when m keeps it (and kept there
 * when not); m NULL is format_fixed. Returns buf. */
char *draw_fixed_memo(DrawNumberMemo *m, char *buf, size_t cap, double v, int digits);
/* The same for format_percent(buf, cap, share). */
char *draw_percent_memo(DrawNumberMemo *m, char *buf, size_t cap, double share);

/* ---------------------------------------------------------------- braille */

/* Braille cells give 2 × 4 dots per cell: dot (dx 0..1, dy 0..3) of a cell is one bit of
 * its pattern (U+2800 + bits). Dot space: column x holds dot columns 2x, 2x+1; row y holds
 * dot rows 4y .. 4y+3. */

/* The bit of dot (dx, dy) of a cell. */
int draw_braille_bit(int dx, int dy);

/* The dots set in a cell (0 when it holds no braille glyph). */
int draw_braille_dots(const Cell *cell);

/* Makes cell (col, row) the braille pattern `dots` in style (in place when it already holds
 * braille, so a neighbouring wide glyph is never disturbed). */
void draw_braille_put(Grid *g, int col, int row, int dots, Style style);

#endif

/* test_golden.c — frames compared with tests/golden/, one case per row of the table below:
 * every view's body at the sizes and settings its issue names, and a few whole frames that
 * keep the chrome (title row, view bar, status line, help, too small) honest.
 * Owns: the list of golden frames and how a mismatch is reported (NAME.actual beside it);
 * ATTN_GOLDEN_UPDATE=1 rewrites the expected files. Must not touch: any view's insides. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "keys.h"

#ifndef TESTS_DIR
#define TESTS_DIR "tests"
#endif

/* One expected frame: tests/golden/NAME.txt. A row names what differs from the start
 * state (designated initialisers: stage ①, the first character, numbers shown, English,
 * Unicode, settled, paused, the model's sentence). */
typedef struct {
    const char *name;      /* the file's name without .txt */
    ViewId view;           /* the view shown */
    int w;                 /* frame columns */
    int h;                 /* frame rows */
    Stage stage;           /* stage shown */
    int focus;             /* the asking character (0-based) */
    bool hidden;           /* numbers hidden */
    Lang lang;             /* labels' language */
    bool ascii;            /* ASCII-only drawing */
    bool help;             /* help overlay open */
    double progress;       /* 0..1 of the transition (0 here: settled, 1) */
    bool playing;          /* autoplay running */
    Theme theme;           /* ui->theme (dark unless set): the contrast theme's arcs are thicker */
    const char *sentence;  /* the sentence, or NULL for the model's */
    int keys[24];          /* keys pressed after the start state, in order (0 ends): they
                              reach any UI state (a table, a cursor, mask, heads, a tour stop) */
    bool frame;            /* the whole frame, chrome and all (drawn with golden_bar), else
                              only the view's body: a new view changes no golden file */
} GoldenCase;

/* Every golden frame. The arcs view's names predate the other views. */
static const GoldenCase golden_cases[] = {
    { .name = "80x24-qkv-numbers", .view = VIEW_ARCS, .w = 80, .h = 24, .focus = 3 },
    { .name = "80x24-qkv-hidden", .view = VIEW_ARCS, .w = 80, .h = 24, .focus = 3, .hidden = true },
    { .name = "80x24-score-numbers", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SCORE, .focus = 3 },
    { .name = "80x24-score-hidden", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SCORE, .focus = 3, .hidden = true },
    { .name = "80x24-softmax-numbers", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .frame = true },
    { .name = "80x24-softmax-hidden", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .hidden = true },
    { .name = "80x24-output-numbers", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_OUTPUT, .focus = 3 },
    { .name = "80x24-output-hidden", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_OUTPUT, .focus = 3, .hidden = true },
    { .name = "120x40-qkv-numbers", .view = VIEW_ARCS, .w = 120, .h = 40, .focus = 3 },
    { .name = "120x40-qkv-hidden", .view = VIEW_ARCS, .w = 120, .h = 40, .focus = 3, .hidden = true },
    { .name = "120x40-score-numbers", .view = VIEW_ARCS, .w = 120, .h = 40, .stage = STAGE_SCORE, .focus = 3 },
    { .name = "120x40-score-hidden", .view = VIEW_ARCS, .w = 120, .h = 40, .stage = STAGE_SCORE, .focus = 3, .hidden = true },
    { .name = "120x40-softmax-numbers", .view = VIEW_ARCS, .w = 120, .h = 40, .stage = STAGE_SOFTMAX, .focus = 3 },
    { .name = "120x40-softmax-hidden", .view = VIEW_ARCS, .w = 120, .h = 40, .stage = STAGE_SOFTMAX, .focus = 3, .hidden = true },
    { .name = "120x40-output-numbers", .view = VIEW_ARCS, .w = 120, .h = 40, .stage = STAGE_OUTPUT, .focus = 3 },
    { .name = "120x40-output-hidden", .view = VIEW_ARCS, .w = 120, .h = 40, .stage = STAGE_OUTPUT, .focus = 3, .hidden = true },
    { .name = "80x24-softmax-zh", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .lang = LANG_ZH, .frame = true },
    { .name = "80x24-softmax-ascii", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .ascii = true, .frame = true },
    { .name = "80x24-help", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .help = true, .frame = true },
    { .name = "50x15-too-small", .view = VIEW_ARCS, .w = 50, .h = 15, .stage = STAGE_SOFTMAX, .focus = 3, .frame = true },
    { .name = "arcs-80x24-softmax-mid", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .progress = 0.5 },
    { .name = "arcs-80x24-output-mid", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_OUTPUT, .focus = 3, .progress = 0.5 },
    { .name = "arcs-80x24-playing", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SCORE, .focus = 1, .playing = true, .frame = true },
    { .name = "arcs-80x24-sixteen", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .sentence = SIXTEEN },
    { .name = "arcs-60x24-stacked", .view = VIEW_ARCS, .w = 60, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3 },
    { .name = "arcs-60x20-smallest", .view = VIEW_ARCS, .w = 60, .h = 20, .stage = STAGE_SOFTMAX, .focus = 3, .frame = true },
    { .name = "arcs-80x24-masked", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .keys = { 'm' } },
    { .name = "arcs-80x24-two-heads", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .keys = { 'h' } },
    { .name = "arcs-120x40-two-heads", .view = VIEW_ARCS, .w = 120, .h = 40, .stage = STAGE_SOFTMAX, .focus = 3, .keys = { 'h' } },
    { .name = "similarity-80x24-numbers", .view = VIEW_SIMILARITY, .w = 80, .h = 24, .focus = 3 },
    { .name = "similarity-80x24-hidden", .view = VIEW_SIMILARITY, .w = 80, .h = 24, .focus = 3, .hidden = true },
    { .name = "similarity-120x40-numbers", .view = VIEW_SIMILARITY, .w = 120, .h = 40, .focus = 3 },
    { .name = "similarity-120x40-hidden", .view = VIEW_SIMILARITY, .w = 120, .h = 40, .focus = 3, .hidden = true },
    { .name = "similarity-80x24-context", .view = VIEW_SIMILARITY, .w = 80, .h = 24, .focus = 3, .keys = { KEYCODE_RIGHT } },
    { .name = "similarity-80x24-context-hidden", .view = VIEW_SIMILARITY, .w = 80, .h = 24, .focus = 3, .hidden = true, .keys = { KEYCODE_RIGHT } },
    { .name = "similarity-80x24-need", .view = VIEW_SIMILARITY, .w = 80, .h = 24, .focus = 3, .keys = { KEYCODE_LEFT } },
    { .name = "similarity-80x24-need-hidden", .view = VIEW_SIMILARITY, .w = 80, .h = 24, .focus = 3, .hidden = true, .keys = { KEYCODE_LEFT } },
    { .name = "similarity-80x24-compare", .view = VIEW_SIMILARITY, .w = 80, .h = 24, .focus = 3, .keys = { KEYCODE_RIGHT, 'c' } },
    { .name = "similarity-80x24-zh", .view = VIEW_SIMILARITY, .w = 80, .h = 24, .focus = 3, .lang = LANG_ZH },
    { .name = "similarity-80x24-ascii", .view = VIEW_SIMILARITY, .w = 80, .h = 24, .focus = 3, .ascii = true },
    { .name = "similarity-60x20-smallest", .view = VIEW_SIMILARITY, .w = 60, .h = 20, .focus = 3 },
    { .name = "similarity-200x60-vocabulary", .view = VIEW_SIMILARITY, .w = 200, .h = 60, .focus = 3 },
    { .name = "sqrtd-80x24-numbers", .view = VIEW_SQRTD, .w = 80, .h = 24, .focus = 3 },
    { .name = "sqrtd-80x24-hidden", .view = VIEW_SQRTD, .w = 80, .h = 24, .focus = 3, .hidden = true },
    { .name = "sqrtd-120x40-numbers", .view = VIEW_SQRTD, .w = 120, .h = 40, .focus = 3 },
    { .name = "sqrtd-120x40-hidden", .view = VIEW_SQRTD, .w = 120, .h = 40, .focus = 3, .hidden = true },
    { .name = "sqrtd-80x24-d1", .view = VIEW_SQRTD, .w = 80, .h = 24, .focus = 3, .keys = { KEYCODE_LEFT, KEYCODE_LEFT, KEYCODE_LEFT, KEYCODE_LEFT, KEYCODE_LEFT } },
    { .name = "sqrtd-80x24-d128", .view = VIEW_SQRTD, .w = 80, .h = 24, .focus = 3, .keys = { KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT } },
    { .name = "sqrtd-80x24-unscaled", .view = VIEW_SQRTD, .w = 80, .h = 24, .focus = 3, .keys = { 'd' } },
    { .name = "sqrtd-80x24-d64-unscaled", .view = VIEW_SQRTD, .w = 80, .h = 24, .focus = 3, .keys = { KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, 'd' } },
    { .name = "sqrtd-80x24-reseed", .view = VIEW_SQRTD, .w = 80, .h = 24, .focus = 3, .keys = { 'r' } },
    { .name = "sqrtd-80x24-zh", .view = VIEW_SQRTD, .w = 80, .h = 24, .focus = 3, .lang = LANG_ZH },
    { .name = "sqrtd-80x24-ascii", .view = VIEW_SQRTD, .w = 80, .h = 24, .focus = 3, .ascii = true, .frame = true },
    { .name = "sqrtd-60x20-smallest", .view = VIEW_SQRTD, .w = 60, .h = 20, .focus = 3 },
    { .name = "all-80x24-numbers", .view = VIEW_ALL, .w = 80, .h = 24, .focus = 3 },
    { .name = "all-80x24-hidden", .view = VIEW_ALL, .w = 80, .h = 24, .focus = 3, .hidden = true },
    { .name = "all-120x40-numbers", .view = VIEW_ALL, .w = 120, .h = 40, .focus = 3 },
    { .name = "all-120x40-hidden", .view = VIEW_ALL, .w = 120, .h = 40, .focus = 3, .hidden = true },
    { .name = "all-80x24-masked", .view = VIEW_ALL, .w = 80, .h = 24, .focus = 3, .keys = { 'm' } },
    { .name = "all-80x24-two-heads", .view = VIEW_ALL, .w = 80, .h = 24, .focus = 3, .keys = { 'h' } },
    { .name = "all-80x24-sixteen", .view = VIEW_ALL, .w = 80, .h = 24, .focus = 3, .sentence = SIXTEEN },
    { .name = "all-80x24-zh", .view = VIEW_ALL, .w = 80, .h = 24, .focus = 3, .lang = LANG_ZH },
    { .name = "all-80x24-ascii", .view = VIEW_ALL, .w = 80, .h = 24, .focus = 3, .ascii = true },
    { .name = "all-60x20-smallest", .view = VIEW_ALL, .w = 60, .h = 20, .focus = 3 },
    { .name = "library-80x24-numbers", .view = VIEW_LIBRARY, .w = 80, .h = 24, .focus = 3 },
    { .name = "library-80x24-hidden", .view = VIEW_LIBRARY, .w = 80, .h = 24, .focus = 3, .hidden = true },
    { .name = "library-120x40-numbers", .view = VIEW_LIBRARY, .w = 120, .h = 40, .focus = 3 },
    { .name = "library-120x40-hidden", .view = VIEW_LIBRARY, .w = 120, .h = 40, .focus = 3, .hidden = true },
    { .name = "library-200x60-numbers", .view = VIEW_LIBRARY, .w = 200, .h = 60, .focus = 3 },
    { .name = "machine-200x60-score", .view = VIEW_MACHINE, .w = 200, .h = 60, .stage = STAGE_SCORE, .focus = 3 },
    { .name = "library-80x24-zh", .view = VIEW_LIBRARY, .w = 80, .h = 24, .focus = 3, .lang = LANG_ZH },
    { .name = "library-80x24-ascii", .view = VIEW_LIBRARY, .w = 80, .h = 24, .focus = 3, .ascii = true },
    { .name = "library-80x24-masked", .view = VIEW_LIBRARY, .w = 80, .h = 24, .focus = 3, .keys = { 'm' } },
    { .name = "library-80x24-two-heads", .view = VIEW_LIBRARY, .w = 80, .h = 24, .focus = 3, .keys = { 'h' } },
    { .name = "library-60x20-sixteen", .view = VIEW_LIBRARY, .w = 60, .h = 20, .focus = 3, .sentence = SIXTEEN },
    { .name = "code-80x24-numbers", .view = VIEW_CODE, .w = 80, .h = 24, .stage = STAGE_OUTPUT, .focus = 3 },
    { .name = "code-80x24-hidden", .view = VIEW_CODE, .w = 80, .h = 24, .stage = STAGE_OUTPUT, .focus = 3, .hidden = true },
    { .name = "code-120x40-numbers", .view = VIEW_CODE, .w = 120, .h = 40, .stage = STAGE_SOFTMAX, .focus = 3 },
    { .name = "code-120x40-hidden", .view = VIEW_CODE, .w = 120, .h = 40, .stage = STAGE_SOFTMAX, .focus = 3, .hidden = true },
    { .name = "code-80x24-masked", .view = VIEW_CODE, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .keys = { 'm' } },
    { .name = "code-80x24-two-heads", .view = VIEW_CODE, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .keys = { 'h' } },
    { .name = "code-120x40-masked-two-heads", .view = VIEW_CODE, .w = 120, .h = 40, .stage = STAGE_OUTPUT, .focus = 3, .keys = { 'm', 'h' } },
    { .name = "scale-80x24-numbers", .view = VIEW_SCALE, .w = 80, .h = 24 },
    { .name = "scale-80x24-hidden", .view = VIEW_SCALE, .w = 80, .h = 24, .hidden = true },
    { .name = "scale-120x40-numbers", .view = VIEW_SCALE, .w = 120, .h = 40, .keys = { KEYCODE_RIGHT, KEYCODE_RIGHT } },
    { .name = "scale-120x40-hidden", .view = VIEW_SCALE, .w = 120, .h = 40, .hidden = true, .keys = { KEYCODE_RIGHT, KEYCODE_RIGHT } },
    { .name = "summary-80x24-numbers", .view = VIEW_SUMMARY, .w = 80, .h = 24, .focus = 3 },
    { .name = "summary-80x24-hidden", .view = VIEW_SUMMARY, .w = 80, .h = 24, .focus = 3, .hidden = true },
    { .name = "summary-120x40-numbers", .view = VIEW_SUMMARY, .w = 120, .h = 40, .focus = 3 },
    { .name = "summary-120x40-hidden", .view = VIEW_SUMMARY, .w = 120, .h = 40, .focus = 3, .hidden = true },
    { .name = "matrix-80x24-shares-numbers", .view = VIEW_MATRIX, .w = 80, .h = 24, .focus = 3 },
    { .name = "matrix-80x24-shares-hidden", .view = VIEW_MATRIX, .w = 80, .h = 24, .focus = 3, .hidden = true },
    { .name = "matrix-120x40-shares-numbers", .view = VIEW_MATRIX, .w = 120, .h = 40, .focus = 3 },
    { .name = "matrix-120x40-shares-hidden", .view = VIEW_MATRIX, .w = 120, .h = 40, .focus = 3, .hidden = true },
    { .name = "matrix-120x40-print", .view = VIEW_MATRIX, .w = 120, .h = 40 },
    { .name = "matrix-80x24-raw-numbers", .view = VIEW_MATRIX, .w = 80, .h = 24, .focus = 3, .keys = { 't' } },
    { .name = "matrix-80x24-raw-hidden", .view = VIEW_MATRIX, .w = 80, .h = 24, .focus = 3, .hidden = true, .keys = { 't' } },
    { .name = "matrix-120x40-raw-numbers", .view = VIEW_MATRIX, .w = 120, .h = 40, .focus = 3, .keys = { 't' } },
    { .name = "matrix-80x24-scaled-numbers", .view = VIEW_MATRIX, .w = 80, .h = 24, .focus = 3, .keys = { 't', 't' } },
    { .name = "matrix-80x24-scaled-hidden", .view = VIEW_MATRIX, .w = 80, .h = 24, .focus = 3, .hidden = true, .keys = { 't', 't' } },
    { .name = "matrix-80x24-masked", .view = VIEW_MATRIX, .w = 80, .h = 24, .focus = 3, .keys = { 'm' } },
    { .name = "matrix-80x24-masked-raw", .view = VIEW_MATRIX, .w = 80, .h = 24, .keys = { 'm', 't', KEYCODE_RIGHT } },
    { .name = "matrix-80x24-two-heads", .view = VIEW_MATRIX, .w = 80, .h = 24, .focus = 3, .keys = { 'h' } },
    { .name = "matrix-120x40-two-heads", .view = VIEW_MATRIX, .w = 120, .h = 40, .focus = 3, .keys = { 'h' } },
    { .name = "matrix-120x40-two-heads-raw", .view = VIEW_MATRIX, .w = 120, .h = 40, .focus = 3, .keys = { 'h', 't' } },
    { .name = "matrix-80x24-sixteen", .view = VIEW_MATRIX, .w = 80, .h = 24, .focus = 3, .sentence = SIXTEEN, .keys = { 't' } },
    { .name = "matrix-60x20-smallest", .view = VIEW_MATRIX, .w = 60, .h = 20, .focus = 3 },
    { .name = "matrix-80x24-zh", .view = VIEW_MATRIX, .w = 80, .h = 24, .focus = 3, .lang = LANG_ZH, .frame = true },
    { .name = "matrix-80x24-ascii", .view = VIEW_MATRIX, .w = 80, .h = 24, .focus = 3, .ascii = true, .keys = { 't' } },
    { .name = "machine-80x24-qkv-numbers", .view = VIEW_MACHINE, .w = 80, .h = 24, .focus = 3 },
    { .name = "machine-80x24-score-numbers", .view = VIEW_MACHINE, .w = 80, .h = 24, .stage = STAGE_SCORE, .focus = 3 },
    { .name = "machine-80x24-softmax-numbers", .view = VIEW_MACHINE, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3 },
    { .name = "machine-80x24-output-numbers", .view = VIEW_MACHINE, .w = 80, .h = 24, .stage = STAGE_OUTPUT, .focus = 3 },
    { .name = "machine-80x24-qkv-hidden", .view = VIEW_MACHINE, .w = 80, .h = 24, .focus = 3, .hidden = true },
    { .name = "machine-80x24-softmax-hidden", .view = VIEW_MACHINE, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .hidden = true },
    { .name = "machine-80x24-output-hidden", .view = VIEW_MACHINE, .w = 80, .h = 24, .stage = STAGE_OUTPUT, .focus = 3, .hidden = true },
    { .name = "machine-120x40-qkv-numbers", .view = VIEW_MACHINE, .w = 120, .h = 40, .focus = 3 },
    { .name = "machine-120x40-score-numbers", .view = VIEW_MACHINE, .w = 120, .h = 40, .stage = STAGE_SCORE, .focus = 3 },
    { .name = "machine-120x40-softmax-numbers", .view = VIEW_MACHINE, .w = 120, .h = 40, .stage = STAGE_SOFTMAX, .focus = 3 },
    { .name = "machine-120x40-output-numbers", .view = VIEW_MACHINE, .w = 120, .h = 40, .stage = STAGE_OUTPUT, .focus = 3 },
    { .name = "machine-120x40-output-hidden", .view = VIEW_MACHINE, .w = 120, .h = 40, .stage = STAGE_OUTPUT, .focus = 3, .hidden = true },
    { .name = "machine-80x24-score-mid", .view = VIEW_MACHINE, .w = 80, .h = 24, .stage = STAGE_SCORE, .focus = 3, .progress = 0.5 },
    { .name = "machine-80x24-masked", .view = VIEW_MACHINE, .w = 80, .h = 24, .stage = STAGE_SCORE, .focus = 3, .keys = { 'm' } },
    { .name = "machine-80x24-two-heads", .view = VIEW_MACHINE, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .keys = { 'h' } },
    { .name = "machine-120x40-two-heads", .view = VIEW_MACHINE, .w = 120, .h = 40, .stage = STAGE_SOFTMAX, .focus = 3, .keys = { 'h' } },
    { .name = "machine-80x24-sixteen", .view = VIEW_MACHINE, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .sentence = SIXTEEN },
    { .name = "machine-60x20-smallest", .view = VIEW_MACHINE, .w = 60, .h = 20, .stage = STAGE_OUTPUT, .focus = 3 },
    { .name = "machine-80x24-zh", .view = VIEW_MACHINE, .w = 80, .h = 24, .stage = STAGE_OUTPUT, .focus = 3, .lang = LANG_ZH },
    { .name = "machine-80x24-ascii", .view = VIEW_MACHINE, .w = 80, .h = 24, .stage = STAGE_SCORE, .focus = 3, .ascii = true },
    /* widths that are the share, hand checks whole, the edges */
    { .name = "arcs-80x24-jia-widths-hidden", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 1, .hidden = true },
    { .name = "arcs-80x24-score-to-softmax-mid", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SCORE, .focus = 3, .progress = 0.5, .keys = { KEYCODE_RIGHT } },
    { .name = "arcs-80x24-score-jia-deng", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SCORE, .focus = 1, .keys = { '.' } },
    { .name = "arcs-80x24-qkv-san-dim3", .view = VIEW_ARCS, .w = 80, .h = 24, .keys = { '}', '}', '}' } },
    { .name = "arcs-80x24-sixteen-page2", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .sentence = SIXTEEN, .keys = { '.', '.', '.', '.', '.' } },
    { .name = "arcs-80x24-sixteen-score", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SCORE, .focus = 3, .sentence = SIXTEEN },
    { .name = "arcs-80x24-sixteen-output", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_OUTPUT, .focus = 3, .sentence = SIXTEEN },
    { .name = "arcs-60x20-qkv", .view = VIEW_ARCS, .w = 60, .h = 20, .focus = 3 },
    { .name = "arcs-60x20-score", .view = VIEW_ARCS, .w = 60, .h = 20, .stage = STAGE_SCORE, .focus = 3 },
    { .name = "arcs-60x20-output", .view = VIEW_ARCS, .w = 60, .h = 20, .stage = STAGE_OUTPUT, .focus = 3 },
    /* the contrast theme (a projector) draws its arcs thicker; its colours: tests/cli */
    { .name = "arcs-80x24-contrast", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .theme = THEME_CONTRAST },
    { .name = "arcs-120x40-contrast", .view = VIEW_ARCS, .w = 120, .h = 40, .stage = STAGE_SOFTMAX, .focus = 3, .theme = THEME_CONTRAST },
    { .name = "arcs-80x24-score-contrast", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SCORE, .focus = 3, .theme = THEME_CONTRAST },
    /* the help that teaches: the station first, then only the keys that work there */
    { .name = "help-sqrtd-80x24", .view = VIEW_SQRTD, .w = 80, .h = 24, .help = true, .frame = true },
    { .name = "help-sqrtd-80x24-zh", .view = VIEW_SQRTD, .w = 80, .h = 24, .lang = LANG_ZH, .help = true, .frame = true },
    { .name = "help-arcs-80x24", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .help = true, .frame = true },
    { .name = "help-arcs-80x24-zh", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .lang = LANG_ZH, .help = true, .frame = true },
    { .name = "help-matrix-80x24", .view = VIEW_MATRIX, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .help = true, .frame = true },
    { .name = "help-matrix-80x24-zh", .view = VIEW_MATRIX, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .lang = LANG_ZH, .help = true, .frame = true },
    { .name = "arcs-60x20-help", .view = VIEW_ARCS, .w = 60, .h = 20, .stage = STAGE_SOFTMAX, .focus = 3, .help = true, .frame = true },
    /* the train screen at its start and after three steps (learned: test_view_train) */
    { .name = "train-80x24-numbers", .view = VIEW_TRAIN, .w = 80, .h = 24 },
    { .name = "train-80x24-hidden", .view = VIEW_TRAIN, .w = 80, .h = 24, .hidden = true },
    { .name = "train-80x24-steps", .view = VIEW_TRAIN, .w = 80, .h = 24, .keys = { KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT } },
    { .name = "train-80x24-zh", .view = VIEW_TRAIN, .w = 80, .h = 24, .lang = LANG_ZH, .keys = { KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT } },
    { .name = "train-80x24-ascii", .view = VIEW_TRAIN, .w = 80, .h = 24, .ascii = true, .keys = { KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT } },
    { .name = "train-120x40-numbers", .view = VIEW_TRAIN, .w = 120, .h = 40, .keys = { KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT } },
    { .name = "train-120x40-zh", .view = VIEW_TRAIN, .w = 120, .h = 40, .lang = LANG_ZH, .keys = { KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT } },
    { .name = "train-120x40-ascii", .view = VIEW_TRAIN, .w = 120, .h = 40, .ascii = true, .keys = { KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT } },
    { .name = "train-80x24-all-task", .view = VIEW_TRAIN, .w = 80, .h = 24, .keys = { 't', KEYCODE_RIGHT } },
    /* ASCII mode (the Linux console, --ascii): the characters by their pinyin, every view */
    { .name = "arcs-80x24-ascii", .view = VIEW_ARCS, .w = 80, .h = 24, .focus = 3, .ascii = true },
    { .name = "arcs-80x24-sixteen-ascii", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .ascii = true, .sentence = SIXTEEN },
    { .name = "arcs-80x24-hidden-ascii", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .hidden = true, .ascii = true },
    { .name = "arcs-80x24-help-ascii", .view = VIEW_ARCS, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .ascii = true, .help = true, .frame = true },
    { .name = "code-80x24-ascii", .view = VIEW_CODE, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .ascii = true },
    { .name = "scale-80x24-ascii", .view = VIEW_SCALE, .w = 80, .h = 24, .ascii = true },
    { .name = "summary-80x24-ascii", .view = VIEW_SUMMARY, .w = 80, .h = 24, .focus = 3, .ascii = true },
    { .name = "all-80x24-sixteen-ascii", .view = VIEW_ALL, .w = 80, .h = 24, .focus = 3, .ascii = true, .sentence = SIXTEEN },
    { .name = "similarity-80x24-sixteen-ascii", .view = VIEW_SIMILARITY, .w = 80, .h = 24, .focus = 3, .ascii = true, .sentence = SIXTEEN },
    /* the guided tour; a question and its reveal */
    { .name = "tour-80x24-opening", .view = VIEW_ARCS, .w = 80, .h = 24, .keys = { 'g' }, .frame = true },
    { .name = "tour-120x40-opening", .view = VIEW_ARCS, .w = 120, .h = 40, .keys = { 'g' }, .frame = true },
    { .name = "tour-80x24-opening-zh", .view = VIEW_ARCS, .w = 80, .h = 24, .lang = LANG_ZH, .keys = { 'g' }, .frame = true },
    { .name = "tour-120x40-opening-zh", .view = VIEW_ARCS, .w = 120, .h = 40, .lang = LANG_ZH, .keys = { 'g' }, .frame = true },
    { .name = "tour-80x24-mirror-cell", .view = VIEW_ARCS, .w = 80, .h = 24, .keys = { 'g', KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT }, .frame = true },
    { .name = "tour-120x40-mirror-cell", .view = VIEW_ARCS, .w = 120, .h = 40, .keys = { 'g', KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT }, .frame = true },
    { .name = "tour-80x24-mirror-cell-zh", .view = VIEW_ARCS, .w = 80, .h = 24, .lang = LANG_ZH, .keys = { 'g', KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT }, .frame = true },
    { .name = "tour-120x40-question-mirror", .view = VIEW_ARCS, .w = 120, .h = 40, .keys = { 'g', KEYCODE_RIGHT, KEYCODE_RIGHT }, .frame = true },
    { .name = "tour-80x24-question-mirror", .view = VIEW_ARCS, .w = 80, .h = 24, .keys = { 'g', KEYCODE_RIGHT, KEYCODE_RIGHT }, .frame = true },
    { .name = "tour-80x24-reveal-mirror", .view = VIEW_ARCS, .w = 80, .h = 24, .keys = { 'g', KEYCODE_RIGHT, KEYCODE_RIGHT, 'n' }, .frame = true },
    { .name = "tour-80x24-question-look", .view = VIEW_ARCS, .w = 80, .h = 24, .keys = { 'g', KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT }, .frame = true },
    { .name = "tour-80x24-reveal-look", .view = VIEW_ARCS, .w = 80, .h = 24, .keys = { 'g', KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_DOWN, KEYCODE_DOWN, KEYCODE_UP, KEYCODE_UP, KEYCODE_ENTER }, .frame = true },
    { .name = "tour-120x40-question-look", .view = VIEW_ARCS, .w = 120, .h = 40, .keys = { 'g', KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT }, .frame = true },
    { .name = "tour-80x24-question-look-zh", .view = VIEW_ARCS, .w = 80, .h = 24, .lang = LANG_ZH, .keys = { 'g', KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT }, .frame = true },
    { .name = "tour-80x24-reveal-look-zh", .view = VIEW_ARCS, .w = 80, .h = 24, .lang = LANG_ZH, .keys = { 'g', KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_DOWN, KEYCODE_ENTER }, .frame = true },
    { .name = "tour-80x24-summary", .view = VIEW_ARCS, .w = 80, .h = 24, .keys = { 'g', KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT }, .frame = true },
    { .name = "tour-120x40-summary-zh", .view = VIEW_ARCS, .w = 120, .h = 40, .lang = LANG_ZH, .keys = { 'g', KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT }, .frame = true },
    /* practice, a question, a right answer, a wrong one twice (the mirrored score) */
    { .name = "practice-80x24-question-en", .view = VIEW_PRACTICE, .w = 80, .h = 24, .keys = { 0 } },
    { .name = "practice-80x24-correct-en", .view = VIEW_PRACTICE, .w = 80, .h = 24, .keys = { '-', '0', '.', '6', '2', KEYCODE_ENTER } },
    { .name = "practice-80x24-wrong-en", .view = VIEW_PRACTICE, .w = 80, .h = 24, .keys = { KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, '7', '.', '5', '1', KEYCODE_ENTER, '7', '.', '5', '1', KEYCODE_ENTER } },
    { .name = "practice-80x24-question-zh", .view = VIEW_PRACTICE, .w = 80, .h = 24, .lang = LANG_ZH, .keys = { 0 } },
    { .name = "practice-80x24-correct-zh", .view = VIEW_PRACTICE, .w = 80, .h = 24, .lang = LANG_ZH, .keys = { '-', '0', '.', '6', '2', KEYCODE_ENTER } },
    { .name = "practice-80x24-wrong-zh", .view = VIEW_PRACTICE, .w = 80, .h = 24, .lang = LANG_ZH, .keys = { KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, '7', '.', '5', '1', KEYCODE_ENTER, '7', '.', '5', '1', KEYCODE_ENTER } },
    /* the first wrong answer: named, never solved, one more try */
    { .name = "practice-80x24-retry-en", .view = VIEW_PRACTICE, .w = 80, .h = 24, .keys = { KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, '7', '.', '5', '1', KEYCODE_ENTER } },
    { .name = "practice-80x24-retry-zh", .view = VIEW_PRACTICE, .w = 80, .h = 24, .lang = LANG_ZH, .keys = { KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, '7', '.', '5', '1', KEYCODE_ENTER } },
    { .name = "practice-120x40-question-en", .view = VIEW_PRACTICE, .w = 120, .h = 40, .keys = { 0 } },
    { .name = "practice-120x40-correct-en", .view = VIEW_PRACTICE, .w = 120, .h = 40, .keys = { '-', '0', '.', '6', '2', KEYCODE_ENTER } },
    { .name = "practice-120x40-wrong-en", .view = VIEW_PRACTICE, .w = 120, .h = 40, .keys = { KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, '7', '.', '5', '1', KEYCODE_ENTER, '7', '.', '5', '1', KEYCODE_ENTER } },
    { .name = "practice-120x40-question-zh", .view = VIEW_PRACTICE, .w = 120, .h = 40, .lang = LANG_ZH, .keys = { 0 } },
    { .name = "practice-120x40-correct-zh", .view = VIEW_PRACTICE, .w = 120, .h = 40, .lang = LANG_ZH, .keys = { '-', '0', '.', '6', '2', KEYCODE_ENTER } },
    { .name = "practice-120x40-wrong-zh", .view = VIEW_PRACTICE, .w = 120, .h = 40, .lang = LANG_ZH, .keys = { KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, '7', '.', '5', '1', KEYCODE_ENTER, '7', '.', '5', '1', KEYCODE_ENTER } },
    /* below the sheet's width: the operands in fewer columns, none cut (x, Q = x·Wq with
     * Wq's column, the score's four vectors, a wrong answer's solution) */
    { .name = "practice-64x24-question-en", .view = VIEW_PRACTICE, .w = 64, .h = 24, .keys = { 0 } },
    { .name = "practice-64x24-question-zh", .view = VIEW_PRACTICE, .w = 64, .h = 24, .lang = LANG_ZH, .keys = { 0 } },
    { .name = "practice-64x24-projection-en", .view = VIEW_PRACTICE, .w = 64, .h = 24, .keys = { KEYCODE_ENTER, KEYCODE_ENTER } },
    { .name = "practice-64x24-projection-zh", .view = VIEW_PRACTICE, .w = 64, .h = 24, .lang = LANG_ZH, .keys = { KEYCODE_ENTER, KEYCODE_ENTER } },
    { .name = "practice-64x24-score-en", .view = VIEW_PRACTICE, .w = 64, .h = 24, .keys = { KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER } },
    { .name = "practice-64x24-wrong-zh", .view = VIEW_PRACTICE, .w = 64, .h = 24, .lang = LANG_ZH, .keys = { KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, '7', '.', '5', '1', KEYCODE_ENTER, '7', '.', '5', '1', KEYCODE_ENTER } },
    { .name = "practice-80x24-wrong-ascii", .view = VIEW_PRACTICE, .w = 80, .h = 24, .ascii = true, .keys = { KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, KEYCODE_ENTER, '7', '.', '5', '1', KEYCODE_ENTER, '7', '.', '5', '1', KEYCODE_ENTER } },
    /* where a number comes from (w), what if (i) */
    { .name = "machine-80x24-chain", .view = VIEW_MACHINE, .w = 80, .h = 24, .stage = STAGE_OUTPUT, .focus = 3, .keys = { 'w' } },
    { .name = "code-120x40-chain", .view = VIEW_CODE, .w = 120, .h = 40, .stage = STAGE_OUTPUT, .focus = 3, .keys = { 'w' } },
    { .name = "matrix-120x40-chain-zh", .view = VIEW_MATRIX, .w = 120, .h = 40, .focus = 3, .lang = LANG_ZH, .keys = { 'w' } },
    { .name = "machine-80x24-what-if", .view = VIEW_MACHINE, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .keys = { 'i', KEYCODE_DOWN, KEYCODE_DOWN, KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT, '+' } },
    { .name = "machine-120x40-what-if-x-zh", .view = VIEW_MACHINE, .w = 120, .h = 40, .stage = STAGE_OUTPUT, .focus = 3, .lang = LANG_ZH, .keys = { 'i', 't', 't', 't', 't', KEYCODE_DOWN, '+' } },
    /* what if on one score: Wq → Wk → Wv → score, 等's row, 加's column, typed 6 */
    { .name = "machine-80x24-what-if-score", .view = VIEW_MACHINE, .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .keys = { 'i', 't', 't', 't', KEYCODE_DOWN, KEYCODE_DOWN, KEYCODE_DOWN, KEYCODE_RIGHT, KEYCODE_ENTER, '6', KEYCODE_ENTER } },
    { .name = "machine-120x40-what-if-score", .view = VIEW_MACHINE, .w = 120, .h = 40, .stage = STAGE_SCORE, .focus = 3, .keys = { 'i', 't', 't', 't', KEYCODE_DOWN, KEYCODE_DOWN, KEYCODE_DOWN, KEYCODE_RIGHT, KEYCODE_ENTER, '6', KEYCODE_ENTER } },
    /* ... and after the editor closes (Esc): ② with the score marked * and explained */
    { .name = "machine-120x40-what-if-score-closed", .view = VIEW_MACHINE, .w = 120, .h = 40, .stage = STAGE_SCORE, .focus = 3, .keys = { 'i', 't', 't', 't', KEYCODE_DOWN, KEYCODE_DOWN, KEYCODE_DOWN, KEYCODE_RIGHT, KEYCODE_ENTER, '6', KEYCODE_ENTER, KEYCODE_ESC } },
};
#define N_CASES (sizeof golden_cases / sizeof golden_cases[0])

/* ---------------------------------------------------------------- files */

/* The whole file at path (NUL-terminated, caller frees), or NULL when unreadable. */
/* ---------------------------------------------------------------- rendering */

/* Rows first .. first+n-1 of text (lines ending in '\n'), in place; returns text. */
static char *keep_rows(char *text, int first, int n)
{
    char *from = text;
    for (int y = 0; y < first && *from; y++) {
        char *nl = strchr(from, '\n');
        from = nl ? nl + 1 : from + strlen(from);
    }
    char *to = from;
    for (int y = 0; y < n && *to; y++) {
        char *nl = strchr(to, '\n');
        to = nl ? nl + 1 : to + strlen(to);
    }
    size_t len = (size_t)(to - from);
    memmove(text, from, len);
    text[len] = '\0';
    return text;
}

/* The frame of case gc as text, or only its body's rows (caller frees). */
static char *render_case(const GoldenCase *gc)
{
    Scene *s = scene_open(gc->sentence, gc->view);
    s->p.focus = gc->focus;
    s->p.stage = gc->stage;
    s->p.playing = gc->playing;
    s->ui.numbers = !gc->hidden;
    scene_press_keys(s, gc->keys, sizeof gc->keys / sizeof gc->keys[0]);
    s->ui.help = gc->help;
    s->ui.theme = gc->theme;
    s->o.lang = gc->lang;
    s->o.ascii = gc->ascii;
    s->progress = gc->progress > 0.0 ? gc->progress : 1.0;
    FrameInput in = scene_input(s);
    in.bar = golden_bar;   /* harness.h: the fixed list, a new view changes no golden */
    in.bar_count = golden_bar_count;
    Grid g;
    assert_int_equal(grid_init(&g, gc->w, gc->h), 0);
    frame_render(&g, &in);
    char *text = frame_text(&g);
    grid_free(&g);
    if (!gc->frame) {
        Rect body = scene_context(s, gc->w, gc->h).body;
        keep_rows(text, body.y, body.h);
    }
    scene_close(s);
    return text;
}

/* ---------------------------------------------------------------- the test */

static void test_golden(void **state)
{
    const GoldenCase *gc = *state;
    char expected_path[512], actual_path[512];
    snprintf(expected_path, sizeof expected_path, "%s/golden/%s.txt", TESTS_DIR, gc->name);
    snprintf(actual_path, sizeof actual_path, "%s/golden/%s.actual", TESTS_DIR, gc->name);
    char *actual = render_case(gc);
    if (gc->ascii)   /* an ASCII frame is ASCII through and through, whatever the file says */
        assert_ascii_text(actual);
    golden_check(expected_path, actual_path, actual);
    free(actual);
}

int main(void)
{
    struct CMUnitTest tests[N_CASES];
    for (size_t i = 0; i < N_CASES; i++)
        tests[i] = (struct CMUnitTest){ .name = golden_cases[i].name, .test_func = test_golden,
                                        .initial_state = (void *)&golden_cases[i] };
    return _cmocka_run_group_tests("golden frames", tests, N_CASES, NULL, NULL);
}

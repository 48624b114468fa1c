/* view_code_rows.c — what the code screen's two bodies print alike: the asker's rows of a
 * head's score and share tables (their decimals found by check.h, kept in the view's cache)
 * and a vector's values, or their shades with numbers hidden.
 * Owns: those rows' formatting and the code view's frame cache.
 * Must not touch: ncurses, the clock, the engine's arithmetic (it only reads a Trace). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "draw.h"
#include "text.h"
#include "format.h"
#include "check.h"
#include "view_code.h"

#define ROW_CELL 7            /* least columns of one score or share: "52.4%", "-12.34" */

/* ---------------------------------------------------------------- the tables' decimals */

/* What frames keep for the screen: line 4's numbers formatted (keyed on each value), and
 * the decimals its score rows need for the pass and the asking character (check.h's
 * search, redone only when either changes). */
typedef struct {
    DrawNumberMemo numbers;   /* line 4's values, formatted */
    bool digits_kept;         /* the two below are for trace and focus */
    uint64_t trace;           /* draw_trace_digest of the pass they were found for */
    int focus;                /* ... and the asking character */
    int head;                 /* ... and the head (-1: every head) */
    int scaled_digits;        /* code_table_digits' CodeTable.scaled_digits */
    int raw_digits;           /* ... and raw_digits */
} CodeCache;

void *code_cache_new(void)
{
    return calloc(1, sizeof(CodeCache));
}

void code_cache_free(void *cache)
{
    free(cache);
}

/* One cell of the asker's row of table which, as text: the scores with the decimals the
 * layout chose, the shares as percentages. */
static void table_cell(const ViewCtx *c, const CodeTable *tab, int h, int s, CodeTableRow which,
                       char *buf, size_t cap)
{
    const Trace *tr = c->tr;
    int t = c->focus;
    CodeCache *k = c->cache;
    DrawNumberMemo *kept = k ? &k->numbers : NULL;
    if (which == TABLE_SHARES)
        draw_percent_memo(kept, buf, cap, TRACE_HSQ(tr, weights, h, t, s));
    else if (which == TABLE_SCALED && !engine_visible(tr, t, s))   /* the mask comes after Q·Kᵀ */
        snprintf(buf, cap, "%s", c->gl->minus_inf);
    else if (which == TABLE_RAW)
        draw_fixed_memo(kept, buf, cap, TRACE_HSQ(tr, scores, h, t, s), tab->raw_digits);
    else
        draw_fixed_memo(kept, buf, cap, TRACE_HSQ(tr, scaled, h, t, s), tab->scaled_digits);
    if (which == TABLE_RAW && engine_score_set(tr, h, t, s, NULL))
        draw_append(buf, cap, "*");   /* what if: set by the learner, not a Q·K */
}

/* The columns of one value of line 4's rows: ROW_CELL, or the widest value of the raw
 * scores (when `raw`), the ÷√d row (when `scaled`) and the shares, and a blank. */
void code_table_cells(const ViewCtx *c, CodeTable *tab, bool raw, bool scaled)
{
    const Trace *tr = c->tr;
    int H = tr->heads;   /* the lesson's 1 or 2, a layered model's 4 */
    char num[FORMAT_BYTES];
    int h0 = tab->head >= 0 && tab->head < H ? tab->head : 0;
    H = tab->head >= 0 && tab->head < H ? tab->head + 1 : H;
    tab->cell_w = ROW_CELL;
    for (int h = h0; h < H; h++)
        for (int s = 0; s < tr->T; s++)
            for (int which = TABLE_RAW; which <= TABLE_SHARES; which++) {
                if ((which == TABLE_SCALED && !scaled) || (which == TABLE_RAW && !raw))
                    continue;
                table_cell(c, tab, h, s, (CodeTableRow)which, num, sizeof num);
                tab->cell_w = text_width(num) + 1 > tab->cell_w ? text_width(num) + 1 : tab->cell_w;
            }
}

/* The decimals of line 4's score rows, one for all heads so that their columns line up
 * (as wanted when the ÷√d row is shown: the layout's widths plan for it):
 * ÷√d with check_share's (the arcs' softmax panel prints the same: 1.432), so that softmax
 * redone from the row gives the shares; the raw scores with the fewest that, divided by √d,
 * give that row (4.0510 ÷ 2.828427 = 1.432); and the columns of one value of its rows. */
static void table_digits_found(const ViewCtx *c, CodeTable *tab, int head)
{
    const Trace *tr = c->tr;
    int t = c->focus, H = tr->heads;
    int h0 = head >= 0 && head < H ? head : 0;
    H = head >= 0 && head < H ? head + 1 : H;
    tab->scaled_digits = 2;
    for (int h = h0; h < H; h++) {
        int k = check_scaled_digits(tr, h, t);
        tab->scaled_digits = k > tab->scaled_digits ? k : tab->scaled_digits;
    }
    tab->raw_digits = 2;
    for (int h = h0; h < H; h++) {
        int k = check_score_digits(tr, h, t, tab->scaled_digits, tab->scaled_digits + 2);
        tab->raw_digits = k > tab->raw_digits ? k : tab->raw_digits;
    }
}

/* The decimals (table_digits_found: kept while the pass, the asking character and the
 * heads are the same), and the columns of one value. */
void code_table_digits(const ViewCtx *c, CodeTable *tab)
{
    int head = tab->head;
    CodeCache *k = c->cache;
    if (!k) {
        table_digits_found(c, tab, head);
    } else {
        uint64_t trace = draw_trace_digest(c->tr);
        if (!k->digits_kept || k->trace != trace || k->focus != c->focus || k->head != head) {
            table_digits_found(c, tab, head);
            k->head = head;
            k->scaled_digits = tab->scaled_digits;
            k->raw_digits = tab->raw_digits;
            k->trace = trace;
            k->focus = c->focus;
            k->digits_kept = true;
        }
        tab->scaled_digits = k->scaled_digits;
        tab->raw_digits = k->raw_digits;
    }
    code_table_cells(c, tab, true, true);
}

/* ---------------------------------------------------------------- values */

/* A value's cell: its text right-aligned in `cell` columns at x. Returns the next x. */
static int put_cell(const ViewCtx *c, int x, int y, int cell, const char *text, Style st)
{
    draw_right(c->g, x, y, cell, text, st);
    return x + cell;
}

/* The shade of a magnitude 0..1: ░ ▒ ▓ █ (at least ░ for anything above 0). */
static const char *shade_of(const ViewCtx *c, double level)
{
    if (!(level > 0.0))
        return c->gl->shades[0];
    int k = (int)ceil(level * 4.0);
    return c->gl->shades[k < 1 ? 1 : k > 4 ? 4 : k];
}

/* Numbers hidden: each value a two-column shade of its size, coloured by its sign. */
static void put_vector_shades(const ViewCtx *c, int x, int y, int limit, const double *v, int n)
{
    double big = 0.0;
    for (int j = 0; j < n; j++)
        big = fabs(v[j]) > big ? fabs(v[j]) : big;
    for (int j = 0; j < n && x + 2 <= limit; j++, x += 3) {
        const char *sh = shade_of(c, big > 0.0 ? fabs(v[j]) / big : 0.0);
        Style st = v[j] < 0 ? STYLE_NEGATIVE : STYLE_POSITIVE;
        grid_put_text(c->g, x, y, sh, st);
        grid_put_text(c->g, x + 1, y, sh, st);
    }
}

/* A vector's first `shown` values from x (numbers) or its shades, with "…" when cut. */
void code_put_vector(const ViewCtx *c, int x, int y, int limit, const double *v, int n, int shown)
{
    if (!c->numbers) {
        put_vector_shades(c, x, y, limit, v, shown);
        return;
    }
    char num[FORMAT_BYTES];
    int fit = (limit - x) / CODE_VEC_CELL;
    if (fit < n)
        fit = (limit - x - text_width(c->gl->ellipsis) - 1) / CODE_VEC_CELL;
    for (int j = 0; j < n && j < fit && j < shown; j++) {
        format_fixed(num, sizeof num, v[j], 2);
        x = put_cell(c, x, y, CODE_VEC_CELL, num, v[j] < 0 ? STYLE_NEGATIVE : STYLE_POSITIVE);
    }
    if (fit < n && shown >= fit)
        grid_put_text(c->g, x + 1, y, c->gl->ellipsis, STYLE_DIM);
}

/* The shade a cell gets with numbers hidden, 0..1: the share against the row's largest, or
 * a score's place between the row's smallest and largest visible score. */
static double table_level(const ViewCtx *c, int h, int s, CodeTableRow which)
{
    const Trace *tr = c->tr;
    int t = c->focus;
    if (which == TABLE_SHARES)   /* the largest share is the darkest */
        return TRACE_HSQ(tr, weights, h, t, s) / TRACE_HSQ(tr, weights, h, t, engine_strongest(tr, h, t));
    double lo = 0.0, hi = 0.0, v = TRACE_HSQ(tr, scores, h, t, s);
    bool any = false;
    for (int u = 0; u < tr->T; u++) {
        if (!engine_visible(tr, t, u))
            continue;
        double w = TRACE_HSQ(tr, scores, h, t, u);
        lo = !any || w < lo ? w : lo;
        hi = !any || w > hi ? w : hi;
        any = true;
    }
    return hi > lo ? 0.25 + 0.75 * (v - lo) / (hi - lo) : 1.0;
}

/* The asker's row of a T × T table of head h, each value after its character when there is
 * room ("加 52.4%"), the largest share bold, masked ones dim; numbers hidden: each
 * character with a shade. */
void code_put_table_row(const ViewCtx *c, const CodeTable *tab, int x, int y, int limit, int h,
                        CodeTableRow which, int shown)
{
    const Trace *tr = c->tr;
    int T = tr->T, t = c->focus, strongest = engine_strongest(tr, h, t);
    int cell = c->numbers ? tab->cell_w : 3;
    bool whole = c->tok_cols <= DRAW_BRIEF_COLS || x + T * (cell + 1 + c->tok_cols) <= limit;
    int tw = whole ? (c->tok_cols > DRAW_BRIEF_COLS ? c->tok_cols : DRAW_BRIEF_COLS) : DRAW_BRIEF_COLS;
    /* a brief "3" right before "19.6%" would read as a number: then the values alone */
    bool pairs = !c->numbers || (x + T * (cell + 1 + tw) <= limit && whole);
    int step = cell + (pairs ? 1 + tw : 0);
    char num[FORMAT_BYTES];
    int first = c->numbers && tab->first > 0 && tab->first < T ? tab->first : 0;
    if (first > 0 && shown > first) {   /* a window that ends at the asker */
        grid_put_text(c->g, x + 1, y, c->gl->ellipsis, STYLE_DIM);
        x += 2;
    }
    for (int s = first; s < T && s < shown; s++) {
        if (x + step > limit) {
            grid_put_text(c->g, x + 1, y, c->gl->ellipsis, STYLE_DIM);
            return;
        }
        bool visible = engine_visible(tr, t, s);
        Style st = !visible ? STYLE_DIM : s == strongest ? STYLE_BOLD : STYLE_NORMAL;
        if (pairs)
            grid_put_text(c->g, x + 1, y, draw_tok(c, s, tw), s == t ? STYLE_FOCUS : STYLE_TOKEN);
        int vx = x + (pairs ? 1 + tw : 0);
        if (!c->numbers) {
            grid_put_text(c->g, vx + 1, y, visible ? shade_of(c, table_level(c, h, s, which)) : " ", st);
        } else {
            table_cell(c, tab, h, s, which, num, sizeof num);
            put_cell(c, vx, y, cell, num, st);
        }
        x += step;
    }
}

/* How much of a reveal that runs during stage `at` this step shows: nothing before it,
 * all after it, the transition's share of n during it. */
int code_revealed_at(const ViewCtx *c, Stage at, int n)
{
    if (c->stage < at)
        return 0;
    return c->stage > at ? n : draw_revealed(c->progress, n);
}

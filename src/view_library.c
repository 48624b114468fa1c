/* view_library.c — station 1, the library analogy drawn: a borrower walks in with a search
 * phrase (Q), a shelf of the sentence's characters as books with a label on each spine (K)
 * and contents inside (V), and how much of each book the borrower takes (its shares).
 * Then the "self": the borrowers are the books.
 * Owns: the view's layout, the shelf, its legend and words, clicks on characters, and its
 * row of the view table. Must not touch: ncurses, the clock, the engine's arithmetic. */
#include "view_library.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "format.h"
#include "heat.h"
#include "wrap.h"
#include "view.h"

/* ---------------------------------------------------------------- words */

/* The lesson's "self" (wrapped to the width). */
#define SELF_EN "Self-attention: the books on this shelf borrow from each other; " \
                "every character is both a borrower and a book."
#define SELF_ZH "「自」注意力就是：这排书互相去借——每个字既是借书的人，也是被别人借的书。"
#define SELF_MAX_ROWS 3

/* Lower eighth blocks: a cell filled 1/8 .. 8/8 from the bottom; and in ASCII. */
static const char *const eighths[9] = { " ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█" };
static const char *const eighths_ascii[9] = { " ", "_", "_", "_", "o", "o", "o", "o", "#" };

/* "← " before a legend line beside the shelf. */
static const char *pointer(const ViewCtx *c)
{
    return c->ascii ? "<- " : "← ";
}

/* Writes "[0.53, -0.12, …]": the first values of an n-vector that fit in cols columns
 * (at least one). */
static void vector_text(const ViewCtx *c, const double *v, int n, int cols, char *buf, size_t cap)
{
    char num[FORMAT_BYTES];
    snprintf(buf, cap, "[");
    for (int j = 0; j < n; j++) {
        format_fixed(num, sizeof num, v[j], 2);
        int after = text_width(buf) + (j ? 2 : 0) + text_width(num);
        int tail = j == n - 1 ? 1 : 3 + text_width(c->gl->ellipsis);   /* "]" or ", …]" */
        if (j > 0 && after + tail > cols) {
            draw_append(buf, cap, ", %s", c->gl->ellipsis);
            break;
        }
        draw_append(buf, cap, "%s%s", j ? ", " : "", num);
    }
    draw_append(buf, cap, "]");
}

/* ---------------------------------------------------------------- layout */

int library_fill_eighths(int rows, double share, bool visible)
{
    if (!visible || rows <= 0)
        return 0;
    int e = draw_share_size(share, 0, rows * 8);
    return e < 1 ? 1 : e;
}

/* Columns of V's widest number (two decimals): the largest or the most negative. */
static int library_numw(const Trace *tr)
{
    double lo = tr->v[0], hi = tr->v[0];
    for (size_t i = 1; i < (size_t)tr->T * (size_t)tr->d; i++) {
        lo = tr->v[i] < lo ? tr->v[i] : lo;
        hi = tr->v[i] > hi ? tr->v[i] : hi;
    }
    char a[FORMAT_BYTES], b[FORMAT_BYTES];
    format_fixed(a, sizeof a, lo, 2);
    format_fixed(b, sizeof b, hi, 2);
    return text_width(a) > text_width(b) ? text_width(a) : text_width(b);
}

/* Which heads are drawn: both (each book split in halves), or the one the UI shows. */
static void layout_heads(const ViewCtx *c, LibraryLayout *L)
{
    L->heads = c->tr->heads == 2 && c->ui->head < 0 ? 2 : 1;
    L->head = L->heads == 2 ? 0 : ui_head_shown(c->ui, c->tr);
}

/* Character s on its spine and above its book: its label when every label fits inside a
 * book (or a slot, unframed), else its brief label. */
static const char *book_label(const ViewCtx *c, const LibraryLayout *L, int s)
{
    return draw_tok(c, s, L->framed ? L->book_w - 2 : L->slot - 1);
}

/* The books share the width (beside the legend when both fit), each centred in its slot. */
static void layout_columns(const ViewCtx *c, LibraryLayout *L)
{
    int T = L->tokens, avail = c->body.w - 2;
    /* the legend beside the shelf when the books keep room for their label strips there */
    bool beside = avail - LIBRARY_LEGEND_MIN >= T * (c->tr->d + 4);
    L->slot = (beside ? avail - LIBRARY_LEGEND_MIN : avail) / T;
    if (L->slot > LIBRARY_MAX_BOOK + 2)
        L->slot = LIBRARY_MAX_BOOK + 2;
    L->framed = L->slot >= 5;
    L->book_w = L->framed ? (L->slot - 1 < LIBRARY_MAX_BOOK ? L->slot - 1 : LIBRARY_MAX_BOOK) : 2;
    int legend_w = beside ? avail - T * L->slot - 1 : 0;
    if (legend_w > 2 * LIBRARY_LEGEND_MIN)
        legend_w = 2 * LIBRARY_LEGEND_MIN;
    int picture = T * L->slot + (beside ? 1 + legend_w : 0);
    L->left = c->body.x + (c->body.w - picture) / 2;
    L->legend_x = beside ? L->left + T * L->slot + 1 : -1;
    for (int s = 0; s < T; s++) {
        L->book_x[s] = L->left + s * L->slot + (L->slot - L->book_w) / 2;
        L->tok_w[s] = text_width(book_label(c, L, s));
        L->tok_x[s] = L->book_x[s] + (L->book_w - L->tok_w[s]) / 2;
    }
}

/* The notes on lesson 7's mask and heads that apply; returns how many. */
static int lesson7_notes(const ViewCtx *c, const LibraryLayout *L, const char **out)
{
    int n = 0;
    if (c->tr->mask == MASK_CAUSAL)
        out[n++] = SAY(c, "masked books are faded", "淡的书被掩码挡住");
    if (L->heads == 2)
        out[n++] = SAY(c, "halves: the two heads", "左半第一个头，右半第二个");
    else if (c->tr->heads == 2)
        out[n++] = L->head == 0 ? SAY(c, "two heads: the first shown", "两个头：这里是第一个")
                                : SAY(c, "two heads: the second shown", "两个头：这里是第二个");
    return n;
}

/* The "self" wrapped to the body (wrap_lines, the views' one line breaker): its lines, at
 * most SELF_MAX_ROWS. */
static int self_lines(const ViewCtx *c, WrapLine *lines)
{
    int n = wrap_lines(SAY(c, SELF_EN, SELF_ZH), c->body.w - 2, lines, SELF_MAX_ROWS);
    return n < SELF_MAX_ROWS ? n : SELF_MAX_ROWS;
}

/* From the top: borrowers, search phrase, (a blank), the shelf, (its plank), shares, what
 * is taken, (the share ramp's legend), (the legend), the self. The books get the rows that are left. */
static void layout_rows(const ViewCtx *c, LibraryLayout *L)
{
    int h = c->body.h;
    L->staggered = L->slot < 7;   /* "100.0%" and a blank */
    L->share_rows = L->heads * (L->staggered ? 2 : 1);   /* kept blank when numbers are hidden */
    const char *notes[2];
    L->legend_rows = L->legend_x < 0 ? 2 + lesson7_notes(c, L, notes) : 0;
    WrapLine lines[SELF_MAX_ROWS];
    L->self_rows = self_lines(c, lines);
    L->ramp_row = L->heads == 1 ? 0 : -1;   /* one head's fill is in the ramp's colours */
    int fixed = 2 + (L->framed ? 4 : 0) + 1 + L->share_rows + 1 + (L->ramp_row == 0) + L->legend_rows +
                L->self_rows;
    int spare = h - fixed - LIBRARY_MIN_CONTENTS;
    while (spare < 0 && L->self_rows > 1) {   /* very short screens: the self's first lines */
        L->self_rows--;
        spare++;
    }
    int blank = spare >= 2 ? 1 : 0;
    spare -= blank;
    int plank = spare >= 1 ? 1 : 0;
    spare -= plank;
    L->contents_rows = LIBRARY_MIN_CONTENTS + (spare > 0 ? spare : 0);
    if (L->contents_rows > LIBRARY_MAX_CONTENTS)
        L->contents_rows = LIBRARY_MAX_CONTENTS;
    int used = fixed + blank + plank + L->contents_rows;
    int y = c->body.y + (h - used > 0 ? (h - used) / 2 : 0);
    L->borrower_row = y++;
    L->phrase_row = y++;
    y += blank;
    L->shelf_row = L->framed ? y++ : -1;
    L->spine_row = y++;
    L->label_row = L->framed ? y++ : -1;
    L->rule_row = L->framed ? y++ : -1;
    L->contents_top = y;
    y += L->contents_rows;
    L->bottom_row = L->framed ? y++ : -1;
    L->plank_row = plank ? y++ : -1;
    L->share_row = y;
    y += L->share_rows;
    L->takes_row = y++;
    if (L->ramp_row == 0)
        L->ramp_row = y++;
    L->legend_row = L->legend_rows ? y : -1;
    y += L->legend_rows;
    L->self_row = y;
    int inner = L->book_w - (L->framed ? 2 : 0);
    L->v_numw = c->numbers ? library_numw(c->tr) : 0;
    L->v_numbers = c->numbers && L->framed && L->contents_rows >= c->tr->d + 2 && inner >= L->v_numw + 1;
    L->v_rows = !L->framed ? 0 : L->v_numbers ? c->tr->d : 1;
    L->fill_rows = L->contents_rows - L->v_rows;
}

void library_layout(const ViewCtx *c, LibraryLayout *L)
{
    memset(L, 0, sizeof *L);
    L->tokens = c->tr->T;
    assert(L->tokens >= 1 && L->tokens <= MODEL_MAX_TOKENS);   /* engine_forward refuses any other sentence */
    layout_heads(c, L);
    layout_columns(c, L);
    layout_rows(c, L);
}

/* ---------------------------------------------------------------- shares */

/* Share of book s for the borrower in head h (0 where the mask hides it). */
static double share_of(const ViewCtx *c, int h, int s)
{
    return engine_visible(c->tr, c->focus, s) ? TRACE_HSQ(c->tr, weights, h, c->focus, s) : 0.0;
}

/* The style of what is taken: by the arcs' share classes (the weakest left to the books'
 * contents) with one head, by head with two. */
static Style taken_style(const LibraryLayout *L, int k, double share)
{
    if (L->heads == 2)
        return k == 0 ? STYLE_SERIES_A : STYLE_SERIES_B;
    return ramp_share_style(share);
}

/* The head of the k-th part drawn. */
static int head_of(const LibraryLayout *L, int k)
{
    return L->heads == 2 ? k : L->head;
}

/* ---------------------------------------------------------------- the shelf */

/* Columns [*x, *x + *w) of a book's inside for the k-th head drawn. */
static void inside_columns(const LibraryLayout *L, int s, int k, int *x, int *w)
{
    int x0 = L->book_x[s] + (L->framed ? 1 : 0), w0 = L->book_w - (L->framed ? 2 : 0);
    if (L->heads == 1) {
        *x = x0;
        *w = w0;
        return;
    }
    int left = w0 / 2 > 0 ? w0 / 2 : 1;
    *x = k == 0 ? x0 : x0 + left;
    *w = k == 0 ? left : w0 - left;
}

/* One column band of a book's contents: light shade for what is inside, filled from the
 * bottom for what the borrower takes. */
static void draw_contents(const ViewCtx *c, const LibraryLayout *L, int x, int w, int fill, Style st,
                          bool visible)
{
    int rows = L->fill_rows;
    if (!visible)   /* a book the mask hides stays shut */
        return;
    for (int r = 0; r < rows; r++) {   /* r = 0 is the bottom row */
        int y = L->contents_top + L->contents_rows - 1 - r;
        int in = fill - 8 * r, before = fill - 8 * (r - 1);
        bool same = r > 0 && ((in >= 8 && before >= 8) || (in <= 0 && before <= 0));
        if (same) {   /* a row like the one under it (whole, or empty): copied */
            grid_copy_cells(c->g, x, y + 1, w, y);
            continue;
        }
        const char *glyph = c->gl->shades[1];
        Style style = STYLE_DIM;
        if (in > 0) {
            glyph = (c->ascii ? eighths_ascii : eighths)[in >= 8 ? 8 : in];
            style = st;
        }
        for (int col = x; col < x + w; col++)
            grid_put_char(c->g, col, y, glyph, style);
    }
}

/* A strip of vector v (d values) from x in w columns on row y: each value a swatch of its
 * magnitude's shade (against top), coloured by its sign; the strip centred, a value at least
 * a column (nothing when w < d). */
static void draw_strip(const ViewCtx *c, const double *v, double top, int x, int w, int y)
{
    int d = c->tr->d, cw = w / d;
    if (cw < 1)
        return;
    x += (w - cw * d) / 2;
    for (int j = 0; j < d; j++)
        heat_swatch(c, x + j * cw, y, cw, ramp_magnitude_level(v[j], top),
                    v[j] < 0 ? STYLE_NEGATIVE : STYLE_POSITIVE);
}

/* Inside book s, over its fill: V's numbers one a row from the top, right-aligned (room
 * and numbers shown), else V's strip on the top row. */
static void draw_inside_v(const ViewCtx *c, const LibraryLayout *L, int s)
{
    int x = L->book_x[s] + (L->framed ? 1 : 0), w = L->book_w - (L->framed ? 2 : 0);
    const double *v = TRACE_ROW(c->tr, v, s);
    for (int r = 0; r < L->v_rows; r++)   /* V's own rows, above what the share fills */
        for (int col = x; col < x + w; col++)
            grid_put_char(c->g, col, L->contents_top + r, " ", STYLE_NORMAL);
    if (!L->v_numbers) {
        draw_strip(c, v, heat_table_top(c->tr, c->tr->v), x, w, L->contents_top);
        return;
    }
    char num[FORMAT_BYTES];
    for (int j = 0; j < c->tr->d; j++) {
        format_fixed(num, sizeof num, v[j], 2);
        draw_right(c->g, x + (w - L->v_numw - 1) / 2, L->contents_top + j, L->v_numw, num, STYLE_NORMAL);
    }
}

/* A book: its frame with the borrower's score Q·K against it in the top edge (numbers
 * shown), its character on the spine and under it its label K as a strip, its contents V
 * and how much of it the borrower takes. A book the mask hides is faded and nothing is
 * taken from it. */
static void draw_book(const ViewCtx *c, const LibraryLayout *L, int s)
{
    bool visible = engine_visible(c->tr, c->focus, s);
    Style frame = visible ? STYLE_NORMAL : STYLE_DIM;
    int x = L->book_x[s], w = L->book_w;
    if (L->framed) {
        Rect r = { x, L->shelf_row, w, L->bottom_row - L->shelf_row + 1 };
        char score[FORMAT_BYTES + 2] = "";
        if (c->numbers && visible) {   /* Q(asker)·K(book): how well the phrase fits the label */
            char num[FORMAT_BYTES];
            format_fixed(num, sizeof num, TRACE_HSQ(c->tr, scores, head_of(L, 0), c->focus, s), 2);
            snprintf(score, sizeof score, " %s ", num);   /* blanks: a minus never reads as the edge */
        }
        draw_box(c->g, c->gl, r, NULL, frame);
        if (score[0] && text_width(score) <= w - 2)
            draw_centred(c->g, x + 1, L->shelf_row, w - 2, score, s == engine_strongest(c->tr, head_of(L, 0), c->focus)
                                                                    ? STYLE_BOLD : frame);
        grid_put_text(c->g, x, L->rule_row, c->ascii ? "+" : "├", frame);
        for (int col = x + 1; col < x + w - 1; col++)
            grid_put_text(c->g, col, L->rule_row, c->gl->box_h, frame);
        grid_put_text(c->g, x + w - 1, L->rule_row, c->ascii ? "+" : "┤", frame);
    }
    grid_put_text(c->g, L->tok_x[s], L->spine_row, book_label(c, L, s), visible ? STYLE_TOKEN : STYLE_DIM);
    for (int k = 0; k < L->heads; k++) {
        int h = head_of(L, k), ix, iw;
        double share = share_of(c, h, s);
        inside_columns(L, s, k, &ix, &iw);
        draw_contents(c, L, ix, iw, library_fill_eighths(L->fill_rows, share, visible),
                      taken_style(L, k, share), visible);
    }
    if (L->label_row >= 0 && visible)
        draw_strip(c, TRACE_ROW(c->tr, k, s), heat_table_top(c->tr, c->tr->k), x + 1, w - 2, L->label_row);
    if (visible && L->framed)
        draw_inside_v(c, L, s);
}

static void draw_shelf(const ViewCtx *c, const LibraryLayout *L)
{
    for (int s = 0; s < L->tokens; s++)
        draw_book(c, L, s);
    if (L->plank_row < 0)
        return;
    int from = L->book_x[0] - 1, to = L->book_x[L->tokens - 1] + L->book_w + 1;
    for (int col = from < c->body.x ? c->body.x : from; col < to && col < c->body.x + c->body.w; col++)
        grid_put_text(c->g, col, L->plank_row, c->ascii ? "=" : "▀", STYLE_DIM);
}

/* Every character as a borrower, above its own book; the one borrowing now is lit. */
static void draw_borrowers(const ViewCtx *c, const LibraryLayout *L)
{
    for (int t = 0; t < L->tokens; t++)
        grid_put_text(c->g, L->tok_x[t], L->borrower_row, book_label(c, L, t),
                      t == c->focus ? STYLE_FOCUS : STYLE_DIM);
}

/* The borrower's shares under the books (one row per head drawn; alternating rows when
 * the books are narrow); the largest in bold. */
static void draw_shares(const ViewCtx *c, const LibraryLayout *L)
{
    if (!c->numbers)
        return;
    int per_head = L->staggered ? 2 : 1;
    char buf[FORMAT_BYTES];
    for (int k = 0; k < L->heads; k++) {
        int h = head_of(L, k), strongest = engine_strongest(c->tr, h, c->focus);
        int free_from[2] = { c->body.x, c->body.x };
        for (int s = 0; s < L->tokens; s++) {
            bool visible = engine_visible(c->tr, c->focus, s);
            format_percent(buf, sizeof buf, share_of(c, h, s));
            int lane = L->staggered ? s % 2 : 0, lw = text_width(buf);
            int x = L->book_x[s] + (L->book_w - lw) / 2;
            if (x < free_from[lane] || x + lw > c->body.x + c->body.w)
                continue;
            Style st = !visible ? STYLE_DIM : L->heads == 2 ? taken_style(L, k, 0.0)
                     : s == strongest ? STYLE_BOLD : STYLE_NORMAL;
            grid_put_text(c->g, x, L->share_row + k * per_head + lane, buf, st);
            free_from[lane] = x + lw + 1;
        }
    }
}

/* ---------------------------------------------------------------- the legend and the lines */

/* "等 walks in with a search phrase: Q(等) = [0.12, …]". */
static void draw_phrase(const ViewCtx *c, const LibraryLayout *L)
{
    const char *f = c->tok[c->focus];
    char line[512];
    snprintf(line, sizeof line, SAY(c, "%s walks in with a search phrase: Q(%s)",
                                    "「%s」带着检索词走进来：Q(%s)"), f, f);
    if (c->numbers) {
        int room = c->body.x + c->body.w - 1 - L->left - text_width(line) - 3;
        char vec[256];
        vector_text(c, TRACE_ROW(c->tr, q, c->focus), c->tr->d, room, vec, sizeof vec);
        draw_append(line, sizeof line, " = %s", vec);
    }
    draw_clipped(c->g, L->left, L->phrase_row, c->body.x + c->body.w - 1, line, STYLE_NORMAL);
}

/* The book the legend names: beside the shelf the last one, which its ← arrows touch;
 * below it the one the borrower takes most of. */
static int legend_book(const ViewCtx *c, const LibraryLayout *L)
{
    return L->legend_x >= 0 ? L->tokens - 1 : engine_strongest(c->tr, head_of(L, 0), c->focus);
}

/* The legend's K or V line: "K(加): the label on 加's spine", or in English without the
 * second name when that does not fit cols ("K(deng): its spine label"). */
static void role_text(const ViewCtx *c, Role role, int b, int cols, char *buf, size_t cap)
{
    const char *s = c->tok[b];
    if (role == ROLE_K)
        snprintf(buf, cap, SAY(c, "K(%s): label on %s's spine", "K(%s)：「%s」书脊上的名牌"), s, s);
    else
        snprintf(buf, cap, SAY(c, "V(%s): what is inside %s", "V(%s)：「%s」书里的内容"), s, s);
    if (text_width(buf) <= cols || c->lang == LANG_ZH)
        return;
    if (role == ROLE_K)
        snprintf(buf, cap, "K(%s): its spine label", s);
    else
        snprintf(buf, cap, "V(%s): what is inside", s);
}

/* A legend line beside the shelf, clipped to the body. */
static void legend_line(const ViewCtx *c, const LibraryLayout *L, int y, const char *lead, const char *text)
{
    if (y < 0)
        return;
    int limit = c->body.x + c->body.w - 1;
    int x = L->legend_x + draw_clipped(c->g, L->legend_x, y, limit, lead, STYLE_DIM);
    draw_clipped(c->g, x, y, limit, text, STYLE_NORMAL);
}

/* Beside the shelf: each row of the picture said in words, with the roles' values. */
static void draw_legend_beside(const ViewCtx *c, const LibraryLayout *L)
{
    int b = legend_book(c, L), room = c->body.x + c->body.w - 1 - L->legend_x - 5;
    char buf[320];
    const char *f = c->tok[c->focus];
    legend_line(c, L, L->borrower_row, pointer(c), SAY(c, "every character can borrow", "每个字都能来借"));
    int cols = c->body.x + c->body.w - 1 - L->legend_x - text_width(pointer(c));
    role_text(c, ROLE_K, b, cols, buf, sizeof buf);
    legend_line(c, L, L->label_row >= 0 ? L->label_row : L->spine_row, pointer(c), buf);
    role_text(c, ROLE_V, b, cols, buf, sizeof buf);
    legend_line(c, L, L->contents_top, pointer(c), buf);
    if (c->numbers) {
        char vec[256];
        vector_text(c, TRACE_ROW(c->tr, k, b), c->tr->d, room, vec, sizeof vec);
        snprintf(buf, sizeof buf, "= %s", vec);
        legend_line(c, L, L->rule_row, "   ", buf);
        vector_text(c, TRACE_ROW(c->tr, v, b), c->tr->d, room, vec, sizeof vec);
        snprintf(buf, sizeof buf, "= %s", vec);
        legend_line(c, L, L->contents_rows >= 3 ? L->contents_top + 1 : -1, "   ", buf);
    }
    snprintf(buf, sizeof buf, SAY(c, "filled: the part %s takes", "涂满的部分：「%s」借走了多少"), f);
    if (text_width(buf) > cols && c->lang == LANG_EN)   /* a long ASCII name */
        snprintf(buf, sizeof buf, "filled: what %s takes", f);
    int fill_row = L->contents_rows >= 3 ? L->contents_top + L->contents_rows - 1 : L->bottom_row;
    legend_line(c, L, fill_row, pointer(c), buf);
    const char *notes[2];
    int n = lesson7_notes(c, L, notes);
    for (int i = 0; i < n; i++) {
        int y = L->contents_top + 3 + i;   /* under V's values, above the fill's line */
        legend_line(c, L, y < fill_row ? y : L->plank_row, "", notes[i]);
    }
}

/* Below the shelf (narrow screens): "K(加) = [0.53, …]: the label on 加's spine". */
static void draw_legend_below(const ViewCtx *c, const LibraryLayout *L)
{
    int b = legend_book(c, L);
    const char *s = c->tok[b];
    char line[512], vec[256];
    for (int i = 0; i < 2; i++) {
        Role role = i == 0 ? ROLE_K : ROLE_V;
        snprintf(line, sizeof line, "%s(%s)", role == ROLE_K ? "K" : "V", s);
        if (c->numbers) {
            vector_text(c, engine_projection(c->tr, role) + (size_t)b * (size_t)c->tr->d, c->tr->d, 24,
                        vec, sizeof vec);
            draw_append(line, sizeof line, " = %s", vec);
        }
        if (role == ROLE_K)
            draw_append(line, sizeof line, SAY(c, ": label on %s's spine", "：「%s」书脊上的名牌"), s);
        else
            draw_append(line, sizeof line, SAY(c, ": what is inside %s", "：「%s」书里的内容"), s);
        draw_clipped(c->g, L->left, L->legend_row + i, c->body.x + c->body.w - 1, line, STYLE_NORMAL);
    }
    const char *notes[2];
    int n = lesson7_notes(c, L, notes);
    for (int i = 0; i < n; i++)
        draw_clipped(c->g, L->left, L->legend_row + 2 + i, c->body.x + c->body.w - 1, notes[i], STYLE_DIM);
}

/* Appends the visible books in the order of the borrower's shares in head h, as many as
 * fit in cols columns (then "…"): "52.4% of 加, 19.6% of 三" or "加, then 三, ?". */
static void takes_list(const ViewCtx *c, int h, int cols, char *buf, size_t cap)
{
    int order[MODEL_MAX_TOKENS], n = 0;
    engine_share_order(c->tr, h, c->focus, order);
    int room = cols - text_width(c->gl->ellipsis) - 1;
    char item[96], pct[FORMAT_BYTES];
    for (int i = 0; i < c->tr->T; i++) {
        int s = order[i];
        if (!engine_visible(c->tr, c->focus, s))
            continue;
        const char *name = c->tok[s];
        if (c->numbers) {
            format_percent(pct, sizeof pct, share_of(c, h, s));
            snprintf(item, sizeof item, SAY(c, "%s%s of %s", "%s「%s」%s"),
                     n ? SAY(c, ", ", "、") : "", c->lang == LANG_ZH ? name : pct,
                     c->lang == LANG_ZH ? pct : name);
        } else {
            snprintf(item, sizeof item, SAY(c, "%s%s", "%s「%s」"),
                     n == 0 ? "" : n == 1 ? SAY(c, ", then ", "，然后依次是") : SAY(c, ", ", ""), name);
        }
        if (n > 0 && text_width(buf) + text_width(item) > room) {
            draw_append(buf, cap, " %s", c->gl->ellipsis);
            return;
        }
        draw_append(buf, cap, "%s", item);
        n++;
    }
}

/* What the borrower takes: "等 takes 52.4% of 加, 19.6% of 三, …". */
static void draw_takes(const ViewCtx *c, const LibraryLayout *L)
{
    const Trace *tr = c->tr;
    const char *f = c->tok[c->focus];
    char line[512];
    int one = engine_strongest(tr, 0, c->focus), two = L->heads == 2 ? engine_strongest(tr, 1, c->focus) : one;
    if (L->heads == 2 && one == two) {   /* not "from 加 (first head) and from 加 (second head)" */
        snprintf(line, sizeof line, SAY(c, "%s takes most from %s in both heads", "「%s」的两个头都从「%s」借得最多"),
                 f, c->tok[one]);
    } else if (L->heads == 2) {
        snprintf(line, sizeof line, SAY(c, "%s takes most from %s (first head) and from %s (second head)",
                                        "「%s」：第一个头从「%s」借得最多，第二个头从「%s」"),
                 f, c->tok[one], c->tok[two]);
    } else if (c->focus == 0 && tr->mask == MASK_CAUSAL) {
        snprintf(line, sizeof line, SAY(c, "%s can only borrow from its own book", "「%s」只能借自己这本书"), f);
    } else {
        if (c->numbers)
            snprintf(line, sizeof line, SAY(c, "%s takes a little of several books: ", "「%s」从几本书里各借一点："), f);
        else
            snprintf(line, sizeof line, SAY(c, "%s takes most from ", "「%s」借得最多的是"), f);
        int room = c->body.x + c->body.w - 1 - L->left - text_width(line);
        takes_list(c, L->head, room, line + strlen(line), sizeof line - strlen(line));
    }
    draw_clipped(c->g, L->left, L->takes_row, c->body.x + c->body.w - 1, line, STYLE_NORMAL);
}

/* The lesson's "self", bold, wrapped and centred. */
static void draw_self(const ViewCtx *c, const LibraryLayout *L)
{
    const char *text = SAY(c, SELF_EN, SELF_ZH);
    WrapLine lines[SELF_MAX_ROWS];
    int n = self_lines(c, lines);
    char line[512];
    for (int i = 0; i < n && i < L->self_rows; i++) {
        snprintf(line, sizeof line, "%.*s", lines[i].len, text + lines[i].start);
        draw_centred(c->g, c->body.x, L->self_row + i, c->body.w, line, STYLE_BOLD);
    }
}

/* ---------------------------------------------------------------- the view */

static void library_view_draw(const ViewCtx *c)
{
    LibraryLayout L;
    library_layout(c, &L);
    draw_borrowers(c, &L);
    draw_phrase(c, &L);
    draw_shelf(c, &L);
    draw_shares(c, &L);
    draw_takes(c, &L);
    if (L.ramp_row >= 0)
        ramp_legend_share(c, L.left, L.ramp_row, c->body.x + c->body.w - 1, RAMP_MARK_BLOCK);
    if (L.legend_x >= 0)
        draw_legend_beside(c, &L);
    else
        draw_legend_below(c, &L);
    draw_self(c, &L);
}

/* A click on a character, as a borrower or on a spine, makes it the borrower. */
static bool library_view_hit(const ViewCtx *c, int x, int y, Action *action, int *arg)
{
    LibraryLayout L;
    library_layout(c, &L);
    if (y != L.borrower_row && y != L.spine_row)
        return false;
    for (int t = 0; t < L.tokens; t++)
        if (x >= L.tok_x[t] && x < L.tok_x[t] + L.tok_w[t]) {
            *action = ACTION_FOCUS_N;
            *arg = t;
            return true;
        }
    return false;
}

static const ViewHint library_hints[] = {
    { { ACTION_FOCUS_PREV, ACTION_FOCUS_NEXT, "who borrows", "谁来借" }, VIEW_AT_EVERY, false },
    { { ACTION_PLAY,       ACTION_NONE,       "play",        "播放" }, VIEW_AT_EVERY, false },
    { { ACTION_NONE,       ACTION_NONE,       NULL,          NULL }, VIEW_AT_EVERY, false },
};


const ViewOps view_library = {
    .name = "library",
    .tab_en = "library", .tab_zh = "图书馆",
    .title_en = "a library: query, key, value", .title_zh = "图书馆：检索词、名牌、内容",
    .help_en = "Q the search phrase, K the label on a spine, V what is inside",
    .help_zh = "Q 是检索词，K 是书脊上的名牌，V 是书里的内容",
    .station_en = "Station 1, the library: you bring a search phrase (Q) to a shelf of books.\n"
                  "Each book has a label on its spine (K) and something inside (V); the borrower takes\n"
                  "a little of several books. Self-attention: every character is a borrower and a book.",
    .station_zh = "第 1 站，图书馆：你带着检索词（Q）走到书架前。\n"
                  "每本书的书脊上有名牌（K），书里有内容（V）；借书的人从几本书里各取一点。\n"
                  "「自」注意力：每个字既是借书的人，也是被别人借的书。",
    .track = TRACK_FOCUS,
    .stages = false,
    .about = "station 1: Q the search phrase (检索词), K the label on a spine (名牌), V what is inside; the borrower takes a little of several books",
    .draw = library_view_draw,
    .hit = library_view_hit,
    .keys = NULL,
    .hints = library_hints,
};

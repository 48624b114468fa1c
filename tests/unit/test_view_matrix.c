/* test_view_matrix.c — the matrix view as a pure function of its inputs, with the lesson's
 * exact figures: every share of 三加五等于? in its row, the rows' printed Σ, the hand checks
 * of Q(等)·K(加) (its 8 products, a sum that equals the printed products' sum), of ÷√8 and
 * of a share, the mirrored 2.08 beside 4.05, clicks mapping to the cell drawn there, the
 * table key, mask, heads, hidden numbers, ASCII, Chinese, and every size from 60 × 20 to
 * 300 × 80 with 6 and 16 characters.
 * Must not touch: golden files, the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "harness.h"
#include "check.h"
#include "format.h"
#include "keys.h"
#include "view.h"
#include "view_matrix.h"

/* The table the scene's matrix view shows (its own state). */
#define TABLE(s) (((MatrixState *)view_state((s)->ui.views, VIEW_MATRIX))->table)

enum { SAN = 0, JIA = 1, WU = 2, DENG = 3, YU = 4, ASK = 5 };

/* ---------------------------------------------------------------- a scene */

/* The matrix view over sentence (NULL: the model's), row `focus` asking (caller closes). */
static Scene *open_at(const char *sentence, int focus)
{
    Scene *s = scene_open(sentence, VIEW_MATRIX);
    s->p.focus = focus;
    return s;
}

/* The scene as it opened, row `focus` asking, without building the lesson anew. */
static void reset_at(Scene *s, int focus)
{
    scene_reset(s);
    s->p.focus = focus;
}

/* ---------------------------------------------------------------- the acceptance */

/* attn-tui --print --view matrix --size 120x40: all 36 shares, each row's in order. */
static void test_every_share_in_its_row(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, 0);
    Grid g = scene_render(s, 120, 40);
    const Trace *tr = &s->ls->tr;
    char nums[MODEL_MAX_TOKENS + 1][FORMAT_BYTES];
    const char *want[MODEL_MAX_TOKENS + 1];
    for (int t = 0; t < tr->T; t++) {
        snprintf(nums[0], sizeof nums[0], "%s", tr->tokens[t]);
        want[0] = nums[0];
        for (int u = 0; u < tr->T; u++) {
            format_percent(nums[u + 1], sizeof nums[u + 1], TRACE_SQ(tr, weights, t, u));
            want[u + 1] = nums[u + 1];
        }
        if (row_with(&g, want, tr->T + 1) < 0)
            fail_msg("no row holds %s's six shares in order:\n%s", tr->tokens[t], frame_text(&g));
    }
    grid_free(&g);
    scene_close(s);
}

/* The Σ column prints the sum of the printed shares: 等's 19.6 + 52.4 + 10.1 + 1.4 + 2.2 +
 * 14.4 make 100.1%, and its hand check says ≈ 100% with the unrounded 100.0%. */
static void test_deng_row_sum(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, DENG);
    const Trace *tr = &s->ls->tr;
    assert_true(check_percent_total(&TRACE_SQ(tr, weights, DENG, 0), tr->T) == 100.1);
    char total[FORMAT_BYTES];
    assert_string_equal(format_percent(total, sizeof total, engine_row_total(tr, 0, DENG)), "100.0%");
    Grid g = scene_render(s, 120, 40);
    const char *deng_row[] = { "▸等", "19.6%", "52.4%", "10.1%", "1.4%", "2.2%", "14.4%", "100.1%" };
    assert_true(row_with(&g, deng_row, 8) >= 0);
    const char *san_row[] = { "三", "13.2%", "53.0%", "29.5%", "1.3%", "1.2%", "1.8%", "100.0%" };
    assert_true(row_with(&g, san_row, 8) >= 0);
    assert_joined_has(&g, "the printed shares add to 100.1% ≈ 100% (100.0% unrounded)");
    assert_joined_has(&g, "Σ adds the printed shares: 99.9% or 100.1% is 100% rounded");
    grid_free(&g);
    scene_close(s);
}

/* ---------------------------------------------------------------- hand checks */

/* Parses the products "a×b" of a printed check "… = t0 + t1 + … = sum" into a and b;
 * returns how many, and the printed sum in *sum. */
static int parse_products(const char *check, double *a, double *b, int cap, double *sum)
{
    int n = 0;
    const char *p = strstr(check, " = ") + 3;
    for (;;) {
        char *end;
        bool paren = *p == '(';
        a[n] = strtod(p + paren, &end);
        p = end + paren;
        assert_memory_equal(p, "×", strlen("×"));
        p += strlen("×");
        paren = *p == '(';
        b[n] = strtod(p + paren, &end);
        p = end + paren;
        n++;
        if (strncmp(p, " + ", 3) != 0 || n == cap)
            break;
        p += 3;
    }
    assert_memory_equal(p, " = ", 3);
    *sum = strtod(p + 3, NULL);
    return n;
}

/* Q(等)·K(加) = its eight products, and the sum printed is the sum of the printed products. */
static void test_raw_check_lists_the_eight_products(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, DENG);
    scene_type(s, "t");   /* shares → raw */
    assert_int_equal(TABLE(s), MATRIX_RAW);
    for (int z = 0; z < 3; z++) {
        static const int sizes[3][2] = { { 80, 24 }, { 120, 40 }, { 60, 20 } };
        Grid g = scene_render(s, sizes[z][0], sizes[z][1]);
        char *t = joined_text(&g);
        const char *want = "Q(等)·K(加) = (-0.69)×(-0.46) + (-2.10)×(-0.65) + (-1.80)×0.14 + 0.14×1.79 + "
                           "(-0.27)×0.26 + 1.92×0.83 + (-0.68)×(-1.28) + (-0.23)×0.11 = 4.0495";
        const char *at = strstr(t, want);
        if (!at)
            fail_msg("%dx%d: no check \"%s\" in\n%s", sizes[z][0], sizes[z][1], want, frame_text(&g));
        double a[16], b[16], sum, redone = 0.0;
        int n = parse_products(at, a, b, 16, &sum);
        assert_int_equal(n, 8);
        for (int i = 0; i < n; i++)
            redone += a[i] * b[i];
        assert_true(format_round(redone, 4) == sum);
        assert_true(sum == 4.0495);
        assert_null(strstr(at, "4.0495 ≈"));   /* it rounds to the 4.05 of the table: no ≈ */
        free(t);
        grid_free(&g);
    }
    scene_close(s);
}

/* The mirrored cell: Q(加)·K(等) = 2.08 in brackets ( ) in 加's row, said beside 4.05. */
static void test_mirror_shows_2_08(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, DENG);
    scene_type(s, "t");
    Grid g = scene_render(s, 80, 24);
    assert_joined_has(&g, "Q(等)·K(加) = 4.05 but Q(加)·K(等) = 2.08: asking is not answering, the table is not symmetric");
    const char *jia_row[] = { "加", "6.44", "4.83", "7.05", "(", "2.08)", "-2.66", "-1.75" };
    assert_true(row_with(&g, jia_row, 8) >= 0);
    const char *deng_row[] = { "▸等", "1.26", "[", "4.05]", "-0.62", "-6.23", "-4.89", "0.39" };
    assert_true(row_with(&g, deng_row, 8) >= 0);
    /* the other way round: 加 asking 等 */
    s->p.focus = JIA;
    scene_type(s, "R");   /* from 加's strongest, 五, to 等 */
    assert_int_equal(s->ui.answer, DENG);
    grid_free(&g);
    g = scene_render(s, 80, 24);
    assert_joined_has(&g, "Q(加)·K(等) = 2.08 but Q(等)·K(加) = 4.05");
    /* with two decimals the products add to 2.0733, not 2.08: the check prints three */
    assert_joined_has(&g, "Q(加)·K(等) = 2.032×1.709 + (-1.005)×0.072 + (-1.299)×1.438 + "
                          "1.798×(-0.987) + 1.707×0.149 + 0.359×(-1.899) + (-0.977)×(-2.431) + "
                          "0.613×0.611 = 2.079972");
    grid_free(&g);
    scene_close(s);
}

static void test_scaled_check_is_the_division(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, DENG);
    scene_type(s, "tt");
    assert_int_equal(TABLE(s), MATRIX_SCALED);
    Grid g = scene_render(s, 80, 24);
    assert_joined_has(&g, "Q(等)·K(加) ÷ √8 = 4.05 ÷ 2.828427 = 1.43 (√8 ≈ 2.828427)");
    assert_joined_has(&g, "Q(等)·K(加) ÷ √8 = 1.43 but Q(加)·K(等) ÷ √8 = 0.74");
    grid_free(&g);
    s->p.focus = ASK;   /* ? asking 等: 0.41 ÷ 2.828427 = 0.1450, the table's 0.145994 is 0.15: */
    s->ui.answer = DENG; /* the dividend gets a third decimal and the check holds with "=" */
    g = scene_render(s, 80, 24);
    assert_joined_has(&g, "Q(?)·K(等) ÷ √8 = 0.413 ÷ 2.828427 = 0.15 (√8 ≈ 2.828427)");
    assert_lacks(&g, "= 0.15 ≈");   /* the check holds with "=" */
    grid_free(&g);
    scene_close(s);
}

static void test_share_check(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, DENG);
    Grid g = scene_render(s, 80, 24);
    assert_joined_has(&g, "share(等→加) = e^(1.432-1.432) / Σ = 1.0000 / 1.9084 = 52.4%");
    assert_joined_has(&g, "Σ = e^(s-max) over 等's row = 0.3734 + 1.0000 + 0.1920 + 0.0264 + 0.0424 + 0.2742 = 1.9084;");
    assert_joined_has(&g, "等 gives 加 52.4% but 加 gives 等 6.9%: asking is not answering");
    grid_free(&g);
    scene_close(s);
}

static void test_shapes_and_roles(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, 0);
    scene_type(s, "t");
    Grid g = scene_render(s, 80, 24);
    assert_joined_has(&g, "Q [6, 8] · Kᵀ [8, 6] → [6, 6] · rows: who asks (its Q) · columns: who answers (its K)");
    grid_free(&g);
    scene_type(s, "h");   /* two heads of width 4 */
    g = scene_render(s, 120, 40);
    assert_joined_has(&g, "per head: Q [6, 4] · Kᵀ [4, 6] → [6, 6]");
    assert_joined_has(&g, "head 1");
    assert_joined_has(&g, "head 2");
    grid_free(&g);
    Scene *l = open_at(SIXTEEN, 0);
    g = scene_render(l, 80, 24);
    assert_joined_has(&g, "Q [16, 8] · Kᵀ [8, 16] → [16, 16]");
    grid_free(&g);
    scene_close(l);
    scene_close(s);
}

/* ---------------------------------------------------------------- keys and clicks */

static void test_table_key_cycles(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, 0);
    static const char *const lit[] = { "[raw Q·Kᵀ]", "[÷ √8]", "[shares (softmax)]" };
    for (int i = 0; i < 4; i++) {
        Grid g = scene_render(s, 80, 24);
        assert_joined_has(&g, lit[(i + 2) % 3]);   /* shares first, then raw, ÷√8, shares */
        grid_free(&g);
        scene_type(s, "t");
    }
    scene_close(s);
}

/* The text between the '[' and ']' of row y (the chosen cell), or "" without one. */
static void bracketed(const Grid *g, int y, int *left, int *right, char *buf, size_t cap)
{
    *left = *right = -1;
    buf[0] = '\0';
    for (int x = 0; x < g->w; x++) {
        const char *ch = grid_cell(g, x, y)->glyph;
        if (strcmp(ch, "[") == 0 && *left < 0)
            *left = x;
        else if (strcmp(ch, "]") == 0 && *left >= 0) {
            *right = x;
            break;
        }
    }
    for (int x = *left + 1; *left >= 0 && *right > 0 && x < *right; x++) {
        size_t used = strlen(buf);
        snprintf(buf + used, cap - used, "%s", grid_cell(g, x, y)->glyph);
    }
}

/* Every click that hits a cell chooses the cell drawn there: after it, the [ ] on that
 * row surrounds the click and holds the cell's value (a click on a row's character
 * chooses that row at the column chosen before); and every one of the cells can be
 * clicked when the table fits. */
static void check_clicks(const char *sentence, MatrixTable table, int w, int h)
{
    Scene *s = open_at(sentence, DENG);
    TABLE(s) = table;
    const Trace *tr = &s->ls->tr;
    const Ui ui0 = s->ui;
    const Player p0 = s->p;
    int col_before = lesson_answer(s->ls, s->ui.answer, DENG);
    bool reached[MODEL_MAX_TOKENS * MODEL_MAX_TOKENS] = { false };
    Grid *frames = calloc(MODEL_MAX_TOKENS * MODEL_MAX_TOKENS, sizeof *frames);   /* after each click */
    bool drawn[MODEL_MAX_TOKENS * MODEL_MAX_TOKENS] = { false };
    assert_non_null(frames);
    int clicks = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            s->ui = ui0;
            s->p = p0;
            FrameInput in = scene_input(s);
            Action a;
            int arg;
            if (!frame_hit(&in, w, h, x, y, &a, &arg) || a != ACTION_CELL)
                continue;
            int t = arg / tr->T, u = arg % tr->T;
            if (!drawn[arg]) {
                ui_apply(&s->ui, &s->p, s->ls, a, arg, 0);
                assert_int_equal(s->p.focus, t);
                assert_int_equal(s->ui.answer, u);
                frames[arg] = scene_render(s, w, h);
                drawn[arg] = true;
            }
            const Grid g = frames[arg];
            int left, right;
            char inside[256], want[FORMAT_BYTES];
            if (table == MATRIX_SHARES)
                format_percent(want, sizeof want, TRACE_SQ(tr, weights, t, u));
            else
                format_fixed(want, sizeof want, table == MATRIX_RAW ? TRACE_SQ(tr, scores, t, u)
                                                                    : TRACE_SQ(tr, scaled, t, u), 2);
            bracketed(&g, y, &left, &right, inside, sizeof inside);
            if (left < 0 && t == DENG) {
                /* the characters over the columns: the row stays */
            } else if (left < 0) {   /* rows scroll: the chosen row moved into sight elsewhere */
                if (tr->T <= 6)
                    fail_msg("%dx%d: click (%d, %d) → (%d, %d): no [ ] on its row:\n%s", w, h, x, y, t, u, frame_text(&g));
                bool found = false;
                for (int yy = 0; yy < h && !found; yy++) {
                    bracketed(&g, yy, &left, &right, inside, sizeof inside);
                    found = left >= 0 && strstr(inside, want) != NULL;
                }
                assert_true(found);
            } else {
                clicks++;
                reached[arg] = true;
                if (!(x >= left && x <= right) && u != col_before && tr->T <= 6)   /* a window scrolls */
                    fail_msg("%dx%d: click (%d, %d) chose (%d, %d), drawn at %d..%d", w, h, x, y, t, u, left, right);
                if (h <= 24 && strstr(inside, want) == NULL)   /* one row per cell: the number is there */
                    fail_msg("%dx%d: click (%d, %d) → [%s], want %s", w, h, x, y, inside, want);
            }
        }
    for (int i = 0; i < MODEL_MAX_TOKENS * MODEL_MAX_TOKENS; i++)
        if (drawn[i])
            grid_free(&frames[i]);
    free(frames);
    assert_true(clicks >= tr->T);
    for (int i = 0; i < tr->T * tr->T && tr->T <= 6; i++)
        if (!reached[i])
            fail_msg("%dx%d: cell (%d, %d) cannot be clicked", w, h, i / tr->T, i % tr->T);
    scene_close(s);
}

static void test_clicks_choose_the_cell_drawn_there(void **state)
{
    (void)state;
    check_clicks(NULL, MATRIX_SHARES, 80, 24);
    check_clicks(NULL, MATRIX_RAW, 80, 24);
    check_clicks(NULL, MATRIX_SCALED, 60, 20);
    check_clicks(NULL, MATRIX_SHARES, 120, 40);
    check_clicks(SIXTEEN, MATRIX_RAW, 80, 24);
}

/* The table row a click at (x, y) chooses, or -1. */
static int row_at(Scene *s, int w, int h, int x, int y)
{
    FrameInput in = scene_input(s);
    Action a;
    int arg;
    if (frame_hit(&in, w, h, x, y, &a, &arg) && a == ACTION_CELL)
        return arg / s->ls->tr.T;
    return -1;
}

/* For each row of a w × h frame, the table row a click in column *xmin chooses, or -1;
 * *xmin < 0 is first set to the leftmost column that chooses anything (the characters'). */
static void row_map(Scene *s, int w, int h, int *rows, int *xmin)
{
    for (int x = 0; x < w && *xmin < 0; x++)
        for (int y = 0; y < h && *xmin < 0; y++)
            if (row_at(s, w, h, x, y) >= 0)
                *xmin = x;
    for (int y = 0; y < h; y++)
        rows[y] = *xmin < 0 ? -1 : row_at(s, w, h, *xmin, y);
}

/* Moving the cursor over every cell, the table stays where it is: its rows are on the
 * same screen rows (the hand check's rows are kept for the longest check); where rows
 * scroll, they scroll within the same screen rows. */
static void test_table_stays_put(void **state)
{
    (void)state;
    static const int sizes[][2] = { { 60, 20 }, { 80, 24 }, { 120, 40 } };
    static const char *const keys[] = { "", "t", "tt", "m", "mt", "h" };
    Scene *s = open_at(NULL, DENG);
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            int w = sizes[z][0], h = sizes[z][1], first[64], rows[64], xmin = -1;
            reset_at(s, DENG);
            scene_type(s, keys[k]);
            row_map(s, w, h, first, &xmin);
            int shown = 0;
            for (int y = 0; y < h; y++)
                shown += first[y] >= 0 && (y == 0 || first[y] != first[y - 1]);
            bool scrolls = shown < s->ls->tr.T;   /* then rows follow the cursor, in the same place */
            for (int t = 0; t < s->ls->tr.T; t++)
                for (int u = 0; u < s->ls->tr.T; u++) {
                    s->p.focus = t;
                    s->ui.answer = u;
                    row_map(s, w, h, rows, &xmin);
                    for (int y = 0; y < h; y++)
                        if (scrolls ? (rows[y] < 0) != (first[y] < 0) : rows[y] != first[y])
                            fail_msg("%dx%d keys '%s' cursor (%d, %d): row %d holds %d, not %d", w, h, keys[k],
                                     t, u, y, rows[y], first[y]);
                }
        }
    scene_close(s);
}

/* ← and → move the column, ↑ and ↓ the row; the hand check follows. */
static void test_arrows_move_the_cursor(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, DENG);
    scene_type(s, "t");
    scene_type(s, "R");   /* 加 → 五 */
    Grid g = scene_render(s, 80, 24);
    assert_joined_has(&g, "Q(等)·K(五) = ");
    grid_free(&g);
    scene_type(s, "LLL");   /* 五 → 加 → 三 → ? */
    assert_int_equal(s->ui.answer, ASK);
    scene_type(s, "U");
    assert_int_equal(s->p.focus, WU);
    g = scene_render(s, 80, 24);
    assert_joined_has(&g, "Q(五)·K(?) = ");
    assert_joined_has(&g, "Q(五)·K(?) = -1.00 but Q(?)·K(五) = 2.47");
    grid_free(&g);
    scene_close(s);
}

/* ---------------------------------------------------------------- mask, heads, numbers */

static void test_mask_shows_minus_infinity(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, SAN);
    scene_type(s, "mt");   /* causal mask, raw table */
    assert_int_equal(s->ls->tr.mask, MASK_CAUSAL);
    assert_int_equal(lesson_answer(s->ls, s->ui.answer, SAN), SAN);   /* 三 sees only itself */
    s->ui.answer = JIA;
    Grid g = scene_render(s, 80, 24);
    /* the raw Q·Kᵀ comes before the mask: its masked cells keep their numbers, and the chosen
     * one is worked; −∞ only in the legend */
    const char *san[] = { "▸三", "3.58", "7.51", "5.85", "-3.02", "-3.09", "-2.06" };
    assert_true(row_with(&g, san, 7) >= 0);
    char *t = frame_text(&g);
    int n = 0;
    for (const char *p = t; (p = strstr(p, "−∞")) != NULL; p += strlen("−∞"))
        n++;
    assert_int_equal(n, 1);
    free(t);
    assert_joined_has(&g, "grey: masked after ÷√d (there it becomes −∞)");
    assert_joined_has(&g, "= 7.512179");
    scene_type(s, "t");   /* ÷√8: there the mask applies */
    grid_free(&g);
    g = scene_render(s, 80, 24);
    const char *san_scaled[] = { "▸三", "1.27", "−∞", "−∞", "−∞", "−∞", "−∞" };
    assert_true(row_with(&g, san_scaled, 7) >= 0);
    assert_joined_has(&g, "三 looks only at itself and the characters before it: its score for 加 counts as −∞");
    grid_free(&g);
    scene_type(s, "t");   /* shares: every row still adds to 100% */
    s->p.focus = DENG;
    s->ui.answer = -1;
    g = scene_render(s, 80, 24);
    const char *deng[] = { "▸等", "23.5%", "62.8%", "12.1%", "1.7%", "0.0%", "0.0%", "100.1%" };
    assert_true(row_with(&g, deng, 8) >= 0);
    const char *san_shares[] = { "三", "100.0%", "0.0%", "0.0%", "0.0%", "0.0%", "0.0%", "100.0%" };
    assert_true(row_with(&g, san_shares, 8) >= 0);
    grid_free(&g);
    scene_close(s);
}

static void test_two_heads(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, DENG);
    scene_type(s, "h");   /* two heads, both asked for */
    assert_int_equal(s->ls->tr.heads, 2);
    Grid g = scene_render(s, 80, 24);   /* no room for both: head 1 and a note */
    assert_joined_has(&g, "both do not fit, head 1 shown (h: head 2)");
    const char *h1[] = { "▸等", "26.4%", "29.9%", "8.9%", "1.7%", "6.5%", "26.7%", "100.1%" };
    assert_true(row_with(&g, h1, 8) >= 0);
    grid_free(&g);
    g = scene_render(s, 120, 40);   /* both, side by side */
    const char *both[] = { "▸等", "26.4%", "29.9%", "100.1%", "▸等", "14.5%", "51.5%", "100.0%" };
    assert_true(row_with(&g, both, 8) >= 0);
    assert_joined_has(&g, "head 2: share(等→加) = e^(1.186-1.186) / Σ = 1.0000 / 1.9408 = 51.5%");
    grid_free(&g);
    scene_type(s, "hh");   /* head 1, head 2 */
    assert_int_equal(s->ui.head, 1);
    g = scene_render(s, 80, 24);
    const char *h2[] = { "▸等", "14.5%", "51.5%", "16.7%", "5.3%", "2.7%", "9.3%", "100.0%" };
    assert_true(row_with(&g, h2, 8) >= 0);
    grid_free(&g);
    scene_close(s);
}

/* n hides every number; the heatmap still shows 等's darkest cell, 加. */
static void test_hidden_numbers(void **state)
{
    (void)state;
    static const char *const keys[] = { "", "t", "tt", "m", "mt", "h", "hh", "mh" };
    static const int sizes[][2] = { { 60, 20 }, { 80, 24 }, { 120, 40 } };
    Scene *s = open_at(NULL, DENG);
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
            for (int lang = 0; lang < 3; lang++) {
                reset_at(s, DENG);
                scene_type(s, keys[k]);
                s->ui.numbers = false;
                s->o.lang = lang == 1 ? LANG_ZH : LANG_EN;
                s->o.ascii = lang == 2;
                Grid g = scene_render(s, sizes[z][0], sizes[z][1]);
                char what[64];
                snprintf(what, sizeof what, "keys '%s' %dx%d lang %d", keys[k], sizes[z][0], sizes[z][1], lang);
                assert_no_data_value_above_status(&g, what, s->o.ascii ? &s->ls->tr : NULL);
                grid_free(&g);
            }
    s->o.ascii = false;
    reset_at(s, DENG);
    s->ui.numbers = false;
    Grid g = scene_render(s, 80, 24);
    const char *deng[] = { "▸等", "▓", "[███", "]", "▒", "░", "░", "▒" };
    assert_true(row_with(&g, deng, 8) >= 0);
    assert_joined_has(&g, "等 gives 加 more than 加 gives 等: asking is not answering");
    grid_free(&g);
    scene_close(s);
}

/* ---------------------------------------------------------------- sizes, languages */

/* Whether a row of the frame holds both [ and ]: the chosen cell is on screen. */
static bool cursor_drawn(const Grid *g)
{
    char row[8192];
    for (int y = 0; y < g->h; y++) {
        row_text(g, y, row, sizeof row);
        char *l = strchr(row, '[');
        if (l && strchr(l, ']') && !strstr(row, "[raw") && !strstr(row, "[÷") && !strstr(row, "[shares"))
            return true;
    }
    return false;
}

/* From 60 × 20 to 300 × 80, 6 and 16 characters, each table, mask and heads: the chosen
 * cell is drawn, the hand check is whole (it ends in its sum), nothing is cut with "…". */
static void test_every_size(void **state)
{
    (void)state;
    static const int sizes[][2] = { { 60, 20 }, { 61, 21 }, { 70, 22 }, { 80, 24 }, { 99, 31 }, { 120, 40 },
                                    { 200, 60 }, { 300, 80 } };
    static const char *const keys[] = { "t", "tt", "", "mt", "h" };
    static const char *const sentences[] = { NULL, SIXTEEN };
    Scene *scenes[2] = { open_at(sentences[0], DENG), open_at(sentences[1], DENG) };
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            for (size_t n = 0; n < 2; n++) {
                Scene *s = scenes[n];
                reset_at(s, DENG);
                scene_type(s, keys[k]);
                const Trace *tr = &s->ls->tr;
                int u = lesson_answer(s->ls, s->ui.answer, DENG);
                Grid g = scene_render(s, sizes[z][0], sizes[z][1]);
                char *t = frame_text(&g);
                if (!cursor_drawn(&g))
                    fail_msg("%dx%d keys '%s': no [ ] cursor:\n%s", sizes[z][0], sizes[z][1], keys[k], t);
                if (strstr(t, "…"))
                    fail_msg("%dx%d keys '%s': something cut:\n%s", sizes[z][0], sizes[z][1], keys[k], t);
                char want[64], num[FORMAT_BYTES];
                if (TABLE(s) == MATRIX_RAW && tr->mask == MASK_NONE) {
                    ExplainTerm terms[MODEL_MAX_D];
                    CheckedSum cs;
                    int m = engine_explain_score(tr, 0, DENG, u, terms);
                    check_sum(&cs, terms, m, 2, 2, TRACE_SQ(tr, scores, DENG, u), 2);
                    snprintf(want, sizeof want, "= %s", format_fixed(num, sizeof num, cs.sum, cs.sum_digits));
                    assert_joined_has(&g, want);
                }
                free(t);
                grid_free(&g);
            }
    scene_close(scenes[0]);
    scene_close(scenes[1]);
}

static void test_ascii_mode(void **state)
{
    (void)state;
    static const char *const keys[] = { "", "t", "tt", "m", "mt", "h" };
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        Scene *s = open_at(NULL, DENG);
        scene_type(s, keys[k]);
        s->o.ascii = true;
        Grid g = scene_render(s, 80, 24);
        char what[32];
        snprintf(what, sizeof what, "keys '%s'", keys[k]);
        assert_ascii_frame(&g, what);
        if (strcmp(keys[k], "") == 0)
            assert_joined_has(&g, "share(deng->jia) = e^(1.432-1.432) / sum = 1.0000 / 1.9084 = 52.4%");
        grid_free(&g);
        scene_close(s);
    }
}

static void test_chinese(void **state)
{
    (void)state;
    Scene *s = open_at(NULL, DENG);
    s->o.lang = LANG_ZH;
    Grid g = scene_render(s, 80, 24);
    assert_joined_has(&g, "行：提问的字（它的 Q）");
    assert_joined_has(&g, "列：被问的字（它的 K）");
    assert_joined_has(&g, "「等」分给「加」52.4%，但「加」分给「等」6.9%：问和被问不一样，这张表不对称");
    grid_free(&g);
    scene_close(s);
}

/* No wrapped line of the matrix or machine screens' text starts with closing punctuation or
 * a blank past its indent, in either language, one head or two, with the mask: at 80 × 24
 * in Chinese with two heads a line began "   ：并排放不下", and "    ≈ 100% (100.0%
 * unrounded)" one blank right of the others. */
static void test_no_line_starts_with_a_closing_mark(void **state)
{
    (void)state;
    static const char *const marks[] = { "，", "：", "；", "、", "）", "。" };
    const ViewId views[] = { VIEW_MATRIX, VIEW_MACHINE };
    const int sizes[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };
    const char *keys[] = { "", "h", "m" };
    for (size_t v = 0; v < 2; v++)
        for (int lang = 0; lang < 2; lang++)
            for (size_t k = 0; k < 3; k++)
                for (size_t z = 0; z < 3; z++) {
                    Scene *s = open_at(NULL, DENG);
                    s->ui.view = views[v];
                    s->p.stage = STAGE_SOFTMAX;
                    s->o.lang = lang ? LANG_ZH : LANG_EN;
                    scene_type(s, keys[k]);
                    Grid g = scene_render(s, sizes[z][0], sizes[z][1]);
                    char row[8192];
                    for (int y = 2; y < g.h - 1; y++) {
                        row_text(&g, y, row, sizeof row);
                        const char *text = row + strspn(row, " ");
                        for (size_t m = 0; m < sizeof marks / sizeof marks[0]; m++)
                            if (strncmp(text, marks[m], strlen(marks[m])) == 0)
                                fail_msg("%s %dx%d %s '%s': row %d starts with %s: %s", view_ops(views[v])->name,
                                         sizes[z][0], sizes[z][1], lang ? "zh" : "en", keys[k], y, marks[m], row);
                        if (strncmp(row, "    ≈", strlen("    ≈")) == 0)
                            fail_msg("row %d: a blank too many before ≈: %s", y, row);
                    }
                    grid_free(&g);
                    scene_close(s);
                }
}

/* A negative number never touches its cell's swatch ("▒-0.37" read as a dash): two heads
 * side by side at 120 × 40 had no blank between them while one fitted. */
static void test_swatch_and_number_apart(void **state)
{
    (void)state;
    static const char *const touching[] = { "░-", "▒-", "▓-", "█-" };
    const int sizes[][2] = { { 80, 24 }, { 120, 40 }, { 200, 60 } };
    const char *keys[] = { "t", "tt", "ht", "htt", "hmt", "hmtt" };
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        for (size_t z = 0; z < 3; z++) {
            Scene *s = open_at(NULL, DENG);
            scene_type(s, keys[k]);
            Grid g = scene_render(s, sizes[z][0], sizes[z][1]);
            char *text = frame_text(&g);
            for (size_t i = 0; i < 4; i++)
                if (strstr(text, touching[i]))
                    fail_msg("'%s' at %dx%d: a swatch touches a minus sign:\n%s", keys[k], sizes[z][0],
                             sizes[z][1], text);
            free(text);
            grid_free(&g);
            scene_close(s);
        }
}

/* Blank rows of the body (between the view bar and the status line) of view at stage,
 * 等 asking, in a w × h frame. */
static int big_blank_rows(ViewId view, Stage stage, int w, int h)
{
    Scene *s = scene_open(NULL, view);
    s->p.stage = stage;
    s->p.focus = 3;
    Grid g = scene_render(s, w, h);
    char row[8192];
    int n = 0;
    for (int y = 2; y < g.h - 1; y++) {
        row_trimmed(&g, y, row, sizeof row);
        n += row[0] == '\0';
    }
    grid_free(&g);
    scene_close(s);
    return n;
}

/* A projector's frame is used: the cells grow (swatches to 24 columns, 8 rows), so at
 * 200 × 60 2 of 57 body rows are blank (were 20, 35%) and at 300 × 80 22 of 77 (were 40,
 * 52%); 120 × 40 stays as it was (4 of 37). */
static void test_big_frames_fill(void **state)
{
    (void)state;
    for (int st = STAGE_SCORE; st <= STAGE_SOFTMAX; st++) {
        assert_int_equal(big_blank_rows(VIEW_MATRIX, (Stage)st, 120, 40), 4);
        assert_int_equal(big_blank_rows(VIEW_MATRIX, (Stage)st, 200, 60), 2);
        assert_int_equal(big_blank_rows(VIEW_MATRIX, (Stage)st, 300, 80), 22);
    }
}

/* The cell cursor sets a raw score (what if): Enter, 6, Enter on 等→加 sets score(等→加) =
 * 6, every screen follows (加's share 52.4% → 68.7%), the marker says it from the Q·K, u
 * undoes it; a masked cell is refused, a value that is not a number said. */
static void test_cursor_sets_a_score(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_MATRIX);
    scene_press(s, '4');                             /* 等 asks */
    scene_press(s, KEYCODE_RIGHT);                   /* 加 answers (from the row's largest) */
    s->ui.answer = 1;
    assert_int_equal(scene_press(s, KEYCODE_ENTER), REACT_REDRAW);
    assert_true(ui_view_modal(&s->ui));
    scene_press(s, 'q');                             /* taken and kept, with a hint */
    assert_string_equal(s->ui.note_text, "'q' is not part of a number: Backspace erases it (digits, '.', '-', 1e-3)");
    scene_press(s, KEYCODE_BACKSPACE);               /* erased */
    scene_press(s, 0xFF16);                          /* ６, read as 6 */
    Grid g = scene_render(s, 120, 40);
    assert_has(&g, "score(等→加) = 4.05 · new value: 6_ · Enter sets it (u undoes) · Esc cancels");
    grid_free(&g);
    assert_int_equal(scene_press(s, KEYCODE_ENTER), REACT_REDRAW | REACT_RECOMPUTE);
    assert_false(ui_view_modal(&s->ui));
    assert_true(TRACE_SQ(&s->ls->tr, scores, 3, 1) == 6.0);
    assert_int_equal((int)llround(TRACE_SQ(&s->ls->tr, weights, 3, 1) * 1000), 687);
    g = scene_render(s, 120, 40);
    assert_has(&g, " edited: score(等→加) 4.05 → 6.00 · u undoes");
    assert_has(&g, "68.7%");
    grid_free(&g);
    assert_int_equal(scene_press(s, 'u'), REACT_REDRAW | REACT_RECOMPUTE);
    assert_false(engine_score_set(&s->ls->tr, 0, 3, 1, NULL));
    assert_int_equal(s->ui.marks.cells, 0);
    scene_press(s, KEYCODE_ENTER);                   /* junk: said, nothing set */
    scene_type(s, "1.2.3");
    assert_int_equal(scene_press(s, KEYCODE_ENTER), REACT_REDRAW);
    assert_string_equal(s->ui.note_text, "'1.2.3' is not a number: type one such as 1.25, -0.69 or 1e-3");
    assert_int_equal(s->ui.edits, 0);
    scene_close(s);
    s = scene_open(NULL, VIEW_MATRIX);               /* masked: 三 cannot see 加 */
    scene_press(s, 'm');
    scene_press(s, '1');
    s->ui.answer = 1;
    scene_press(s, KEYCODE_ENTER);
    scene_type(s, "6");
    scene_press(s, KEYCODE_ENTER);
    assert_string_equal(s->ui.note_text, "the mask hides this score: softmax never sees it");
    assert_int_equal(s->ui.edits, 0);
    scene_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_share_in_its_row),
        cmocka_unit_test(test_deng_row_sum),
        cmocka_unit_test(test_raw_check_lists_the_eight_products),
        cmocka_unit_test(test_mirror_shows_2_08),
        cmocka_unit_test(test_scaled_check_is_the_division),
        cmocka_unit_test(test_share_check),
        cmocka_unit_test(test_shapes_and_roles),
        cmocka_unit_test(test_table_key_cycles),
        cmocka_unit_test(test_clicks_choose_the_cell_drawn_there),
        cmocka_unit_test(test_arrows_move_the_cursor),
        cmocka_unit_test(test_table_stays_put),
        cmocka_unit_test(test_mask_shows_minus_infinity),
        cmocka_unit_test(test_two_heads),
        cmocka_unit_test(test_hidden_numbers),
        cmocka_unit_test(test_every_size),
        cmocka_unit_test(test_ascii_mode),
        cmocka_unit_test(test_chinese),
        cmocka_unit_test(test_no_line_starts_with_a_closing_mark),
        cmocka_unit_test(test_swatch_and_number_apart),
        cmocka_unit_test(test_big_frames_fill),
        cmocka_unit_test(test_cursor_sets_a_score),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

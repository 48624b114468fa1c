/* test_view_similarity.c — unit tests of station 2's view, "why who-is-like-me is not
 * enough", and of the helpers it added to the engine layer and the drawing kit.
 * Owns: the marked pair (one number twice, 4.05 and 2.08), 等's one row against its two
 * attention rows and their change, ?'s flat row and the 82.9% from 三加五, the layouts at
 * every size, hidden numbers, ASCII, keys; engine_vocab_similarity, engine_similarity_peak,
 * check_percent_change, draw_paragraph. Must not touch: golden files, the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "chrome.h"
#include "check.h"
#include "format.h"
#include "keys.h"
#include "view_similarity.h"

/* ---------------------------------------------------------------- frames */

/* The frame of shot s on the view, over the fixture's lesson started afresh. */
static Grid render(Fixture *fx, const Shot *s)
{
    return shot_render(fx, VIEW_SIMILARITY, s);
}

/* The view's layout for shot s. */
static SimLayout layout_of(Fixture *fx, const Shot *s)
{
    Scene sc;
    scene_shoot(&sc, fx, VIEW_SIMILARITY, s);
    ViewCtx c = scene_context(&sc, s->w, s->h);
    SimLayout L;
    similarity_layout(&c, &L);
    return L;
}

/* The first row whose text starts (after blanks) with prefix, from row `from`; -1 if none. */
static int row_starting(const Grid *g, int from, const char *prefix)
{
    char buf[4096];
    for (int y = from; y < g->h; y++) {
        row_text(g, y, buf, sizeof buf);
        const char *s = buf;
        while (*s == ' ')
            s++;
        if (strncmp(s, prefix, strlen(prefix)) == 0)
            return y;
    }
    return -1;
}

/* The column of the first cell at or after x on row y holding glyph ch, or -1. */
static int column_of(const Grid *g, int y, int x, const char *ch)
{
    for (; x < g->w; x++)
        if (strcmp(grid_cell(g, x, y)->glyph, ch) == 0)
            return x;
    return -1;
}

/* The text of cells x0..x1 of row y (wide glyphs once). */
static void cells_text(const Grid *g, int y, int x0, int x1, char *buf, size_t cap)
{
    buf[0] = '\0';
    for (int x = x0; x <= x1 && x < g->w; x++) {
        const Cell *c = grid_cell(g, x, y);
        if (c->width && strlen(buf) + strlen(c->glyph) + 1 < cap)
            strcat(buf, c->glyph);
    }
}

static const Shot at80 = { .w = 80, .h = 24, .numbers = true };

/* ---------------------------------------------------------------- trouble 1 */

/* The pair 等/加 in lesson 4's table: one number, twice; in Q·Kᵀ: 4.05 and 2.08 — each in
 * its own cell: the row of the one asking, the column of the one asked. */
static void test_symmetric_pair_is_marked_where_it_stands(void **state)
{
    Fixture *fx = *state;
    const Trace *tr = &fx->ls.tr;
    Grid g = render(fx, &at80);
    int head = row_starting(&g, 0, "e·e");
    assert_true(head > 0);
    int col_jia = column_of(&g, head, 3, "加"), col_deng = column_of(&g, head, 3, "等");
    int scores_x = column_of(&g, head, 0, "Q");
    int col_jia_r = column_of(&g, head, scores_x, "加"), col_deng_r = column_of(&g, head, scores_x, "等");
    int row_jia = row_starting(&g, head, "加"), row_deng = row_starting(&g, head, "等");
    char buf[64];
    /* a number ends under its head's glyph (wide: its second column), a marked one too,
     * with "[" before it and "]" after it where the next number leaves a blank */
    cells_text(&g, row_jia, col_deng - 4, col_deng + 2, buf, sizeof buf);
    assert_string_equal(buf, " [0.25]");
    cells_text(&g, row_deng, col_jia - 4, col_jia + 2, buf, sizeof buf);
    assert_string_equal(buf, " [0.25]");
    cells_text(&g, row_jia - 1, col_deng - 4, col_deng + 1, buf, sizeof buf);
    assert_string_equal(buf, "  2.12");   /* the column's numbers end where 0.25 does */
    cells_text(&g, row_deng, col_jia_r - 4, col_jia_r + 1, buf, sizeof buf);
    assert_string_equal(buf, "[4.05]");   /* Q(等)·K(加) */
    cells_text(&g, row_jia, col_deng_r - 4, col_deng_r + 1, buf, sizeof buf);
    assert_string_equal(buf, "[2.08]");   /* Q(加)·K(等) */
    assert_int_equal(frame_count(&g, "[0.25]"), 2);
    assert_int_equal(frame_count(&g, "[4.05]"), 1);
    assert_int_equal(frame_count(&g, "[2.08]"), 1);
    assert_int_equal(grid_cell(&g, col_deng, row_jia)->style, STYLE_FOCUS);
    assert_has(&g, "等·加 = 加·等 = 0.25: one number twice");
    /* wrapped under its table (the full 40 columns), each equation whole */
    assert_has(&g, "Q(等)·K(加) = 4.05, Q(加)·K(等) = 2.08:");
    assert_has(&g, "                                         two numbers");
    /* the numbers are the engine's: the similarity is one number, bit for bit */
    assert_true(TRACE_SQ(tr, similarity, 3, 1) == TRACE_SQ(tr, similarity, 1, 3));
    assert_string_equal(format_fixed(buf, sizeof buf, TRACE_SQ(tr, similarity, 3, 1), 2), "0.25");
    assert_string_equal(format_fixed(buf, sizeof buf, TRACE_SQ(tr, scores, 3, 1), 2), "4.05");
    assert_string_equal(format_fixed(buf, sizeof buf, TRACE_SQ(tr, scores, 1, 3), 2), "2.08");
    grid_free(&g);
}

/* Every cell of both tables at 120 × 40 is the engine's number, as --dump prints it. */
static void test_tables_show_the_engines_numbers(void **state)
{
    Fixture *fx = *state;
    const Trace *tr = &fx->ls.tr;
    Shot s = { .w = 120, .h = 40, .numbers = true };
    Grid g = render(fx, &s);
    assert_has(&g, "Q(等)·K(加) = 4.05, Q(加)·K(等) = 2.08: two numbers");
    int head = row_starting(&g, 0, "e·e");
    char row[4096], want[4096], num[32];
    for (int t = 0; t < tr->T; t++) {
        row_text(&g, head + 1 + t, row, sizeof row);
        snprintf(want, sizeof want, "%s", tr->tokens[t]);
        for (int s2 = 0; s2 < tr->T; s2++) {
            format_fixed(num, sizeof num, TRACE_SQ(tr, similarity, t, s2), 2);
            assert_non_null(strstr(row, num));
            format_fixed(num, sizeof num, TRACE_SQ(tr, scores, t, s2), 2);
            assert_non_null(strstr(row, num));
        }
    }
    grid_free(&g);
}

/* The whole vocabulary's table where it fits (200 × 60 and wider), the pair marked in it. */
static void test_vocabulary_table_where_it_fits(void **state)
{
    Fixture *fx = *state;
    Shot wide = { .w = 200, .h = 60, .numbers = true };
    SimLayout L = layout_of(fx, &wide);
    assert_int_equal(L.tables, SIM_TABLES_VOCABULARY);
    assert_true(L.all);
    Grid g = render(fx, &wide);
    int head = row_starting(&g, 0, "e·e");
    assert_true(row_starting(&g, head, "零") > head);
    assert_true(row_starting(&g, head, "几") > head);
    assert_int_equal(frame_count(&g, "[0.25]"), 2);
    /* 零's row: its 20 numbers are engine_vocab_similarity's */
    char row[4096], num[32];
    row_text(&g, row_starting(&g, head, "零"), row, sizeof row);
    for (int b = 0; b < fx->m.vocab_size; b++)
        assert_non_null(strstr(row, format_fixed(num, sizeof num, engine_vocab_similarity(&fx->m, 0, b), 2)));
    grid_free(&g);
    Shot mid = { .w = 120, .h = 40, .numbers = true };
    L = layout_of(fx, &mid);
    assert_int_equal(L.tables, SIM_TABLES_SIDE);
    assert_true(L.all);
    L = layout_of(fx, &at80);
    assert_int_equal(L.tables, SIM_TABLES_SIDE);
    assert_false(L.all);
    Shot small = { .w = 60, .h = 20, .numbers = true };
    L = layout_of(fx, &small);
    assert_int_equal(L.tables, SIM_TABLES_STACKED);
}

/* Lesson 7: the mask hides 等 from 加; two heads name the head whose scores are shown. */
static void test_mask_and_heads(void **state)
{
    Fixture *fx = *state;
    Shot masked = { .w = 80, .h = 24, .numbers = true, .keys = { 'm' } };
    Grid g = render(fx, &masked);
    assert_has(&g, "the mask hides 等 from 加 (lesson 7)");
    assert_has(&g, "−∞");
    grid_free(&g);
    Shot heads = { .w = 120, .h = 40, .numbers = true, .keys = { 'h' } };
    g = render(fx, &heads);
    assert_has(&g, "scores Q·Kᵀ — whom do I look at, head 1");
    assert_has(&g, "?, head 1");
    grid_free(&g);
}

/* ---------------------------------------------------------------- trouble 2 */

/* 等's one row of lesson 4 over both sentences' characters; its attention in each; the
 * change of every seat as the printed shares give it. */
static void test_context_rows_and_change(void **state)
{
    Fixture *fx = *state;
    Shot s = { .w = 80, .h = 24, .numbers = true, .keys = { KEYCODE_RIGHT } };
    Grid g = render(fx, &s);
    const Trace *a = &fx->ls.tr, *b = &fx->ls.alt;
    assert_true(fx->ls.has_alt);
    assert_has(&g, "2 of 3 · content only: 等's row ignores the sentence");
    /* the fixed row: 等·c for 三加五等于? and then 十减四 */
    int head = row_starting(&g, 0, "lesson 4: 等's row");
    char row[4096], num[32];
    row_text(&g, head + 2, row, sizeof row);
    static const char *const cols[] = { "三", "加", "五", "等", "于", "?", "十", "减", "四" };
    int deng = model_find_char(&fx->m, "等");
    const char *p = row;
    for (size_t i = 0; i < sizeof cols / sizeof cols[0]; i++) {
        format_fixed(num, sizeof num, engine_vocab_similarity(&fx->m, deng, model_find_char(&fx->m, cols[i])), 2);
        p = strstr(p, num);
        assert_non_null(p);   /* in order */
        p += strlen(num);
    }
    assert_non_null(strstr(row, "2.12   0.25   0.36   3.45  -0.89  -0.24  -0.51  -0.27   1.04")
                    ? row : strstr(row, "2.12  0.25  0.36  3.45 -0.89 -0.24 -0.51 -0.27  1.04"));
    assert_has(&g, "19.6% 52.4% 10.1%  1.4%  2.2% 14.4%");
    assert_has(&g, "43.1% 35.7%  5.2%  1.2%  2.0% 12.8%");
    assert_has(&g, "+23.5 -16.7  -4.9  -0.2  -0.2  -1.6 points");
    assert_has(&g, "in 三加五等于? 等 looks most at 加 (52.4%); in 十减四等于? at 十 (43.1%)");
    /* the change printed is the change of the printed shares */
    for (int t = 0; t < a->T; t++) {
        double d = check_percent_change(TRACE_SQ(a, weights, 3, t), TRACE_SQ(b, weights, 3, t));
        char pa[32], pb[32];
        format_percent(pa, sizeof pa, TRACE_SQ(a, weights, 3, t));
        format_percent(pb, sizeof pb, TRACE_SQ(b, weights, 3, t));
        assert_true(format_round(atof(pb) - atof(pa), 1) == d);
    }
    grid_free(&g);
}

/* c steps the comparison through the cycle, never to the sentence itself; s (the other
 * sentence) makes 三加五等于? the default comparison. */
static void test_compare_cycle(void **state)
{
    Fixture *fx = *state;
    static const char *const after[] = { "二乘三等于?", "九除三等于?", "十减四等于?", "二乘三等于?" };
    Shot s = { .w = 80, .h = 24, .numbers = true, .keys = { KEYCODE_RIGHT } };
    for (int n = 0; n < 4; n++) {
        s.keys[1 + n] = 'c';
        Scene sc;
        scene_shoot(&sc, fx, VIEW_SIMILARITY, &s);
        char text[64];
        draw_sentence_text(&fx->ls.alt, false, false, text, sizeof text);
        assert_string_equal(text, after[n]);
    }
    Shot other = { .w = 80, .h = 24, .numbers = true, .keys = { KEYCODE_RIGHT, 's' } };
    Grid g = render(fx, &other);
    assert_has(&g, "in 十减四等于? 等 looks most at 十 (43.1%); in 三加五等于? at 加 (52.4%)");
    grid_free(&g);
    Shot again = { .w = 80, .h = 24, .numbers = true, .keys = { KEYCODE_RIGHT, 's', 'c' } };
    g = render(fx, &again);
    assert_has(&g, "in 十减四等于? 等 looks most at 十 (43.1%); in 二乘三等于? at 乘 (63.7%)");
    grid_free(&g);
}

/* A sentence without 等: the focused character is compared, and where the comparison
 * lacks it the view says so. */
static void test_context_without_deng(void **state)
{
    Fixture *fx = *state;
    LessonParams keep = fx->start;
    lesson_params(&fx->start, "三加五");
    Shot s = { .w = 80, .h = 24, .numbers = true, .keys = { KEYCODE_RIGHT } };
    Grid g = render(fx, &s);
    assert_has(&g, "content only: 三's row ignores the sentence");
    assert_has(&g, "十减四等于? has no 三: nothing to compare");
    grid_free(&g);
    fx->start = keep;
    fixture_reset(fx);
}

/* ---------------------------------------------------------------- trouble 3 */

/* ? resembles nothing (within ±0.24, itself 0.61) yet gives 三加五 82.9%: the share as
 * printed is the engine's, and the sum of the three printed shares. */
static void test_need_flat_row_and_sources(void **state)
{
    Fixture *fx = *state;
    const Trace *tr = &fx->ls.tr;
    Shot s = { .w = 80, .h = 24, .numbers = true, .keys = { KEYCODE_LEFT } };
    Grid g = render(fx, &s);
    assert_has(&g, "3 of 3 · like, not needed: ? resembles nothing");
    assert_has(&g, "? resembles nothing: every other character within ±0.24 of 0 (itself 0.61)");
    assert_has(&g, " 三加五 82.9% ");
    assert_has(&g, "52.3% 15.6% 15.0%  7.3%  2.0%  7.8%");
    assert_has(&g, "0.09 -0.05 -0.21 -0.24 -0.23  0.61");
    char num[32];
    double share = engine_share_of(tr, 0, 5, 0x7u);
    format_fixed(num, sizeof num, share * 100.0, 1);
    assert_string_equal(num, "82.9");
    double printed[3] = { TRACE_SQ(tr, weights, 5, 0), TRACE_SQ(tr, weights, 5, 1), TRACE_SQ(tr, weights, 5, 2) };
    assert_true(check_percent_total(printed, 3) == 82.9);
    int at;
    assert_string_equal(format_fixed(num, sizeof num, engine_similarity_peak(tr, 5, &at), 2), "0.24");
    assert_int_equal(at, 3);   /* -0.24, with 等 */
    grid_free(&g);
}

/* ---------------------------------------------------------------- every frame */

static const int sizes[][2] = { { 60, 20 }, { 70, 22 }, { 80, 24 }, { 100, 30 }, { 120, 40 },
                                { 200, 60 }, { 300, 80 } };
#define N_SIZES (sizeof sizes / sizeof sizes[0])

/* With numbers hidden no digit is left above the status line, in either language, at
 * every size and on every trouble; the shades still tell the pair's story. */
static void test_hidden_numbers_leave_no_data_value(void **state)
{
    Fixture *fx = *state;
    for (size_t z = 0; z < N_SIZES; z++)
        for (int lang = 0; lang < 2; lang++)
            for (int k = 0; k < 3; k++) {
                Shot s = { .w = sizes[z][0], .h = sizes[z][1], .numbers = false, .lang = (Lang)lang };
                for (int i = 0; i < k; i++)
                    s.keys[i] = KEYCODE_RIGHT;
                Grid g = render(fx, &s);
                char what[64];
                snprintf(what, sizeof what, "%dx%d lang %d trouble %d", s.w, s.h, lang, k + 1);
                assert_no_data_value_above_status(&g, what, NULL);
                grid_free(&g);
            }
}

static void test_hidden_shades_tell_the_pair(void **state)
{
    Fixture *fx = *state;
    Shot s = { .w = 120, .h = 40, .numbers = false };
    Grid g = render(fx, &s);
    int head = row_starting(&g, 0, "e·e");
    int row_jia = row_starting(&g, head, "加"), row_deng = row_starting(&g, head, "等");
    char a[64], b[64], c[64], d[64];
    int x_sim_deng = column_of(&g, head, 3, "等"), x_sim_jia = column_of(&g, head, 3, "加");
    int scores_x = column_of(&g, head, 0, "Q");
    int x_sc_deng = column_of(&g, head, scores_x, "等"), x_sc_jia = column_of(&g, head, scores_x, "加");
    cells_text(&g, row_jia, x_sim_deng - 3, x_sim_deng + 2, a, sizeof a);   /* "]" past the cell */
    cells_text(&g, row_deng, x_sim_jia - 3, x_sim_jia + 2, b, sizeof b);
    cells_text(&g, row_deng, x_sc_jia - 3, x_sc_jia + 2, c, sizeof c);
    cells_text(&g, row_jia, x_sc_deng - 3, x_sc_deng + 2, d, sizeof d);
    assert_string_equal(a, b);               /* one shade twice */
    assert_string_equal(a, "[▒▒▒▒]");
    assert_string_not_equal(c, d);           /* 等 → 加 darker than 加 → 等 */
    assert_string_equal(c, "[▓▓▓▓]");
    assert_string_equal(d, "[▒▒▒▒]");
    /* ?'s row of similarity: the lightest shade but for itself */
    char row[4096];
    row_text(&g, row_starting(&g, head, "?"), row, sizeof row);
    assert_non_null(strstr(row, "?     ░░░░   ░░░░   ░░░░   ░░░░   ░░░░   ▒▒▒▒"));
    grid_free(&g);
}

/* ASCII mode draws ASCII only, the sentence's characters by their names. */
static void test_ascii_only(void **state)
{
    Fixture *fx = *state;
    for (size_t z = 0; z < N_SIZES; z += 2)
        for (int k = 0; k < 3; k++)
            for (int numbers = 0; numbers < 2; numbers++) {
                Shot s = { .w = sizes[z][0], .h = sizes[z][1], .numbers = numbers, .ascii = true };
                for (int i = 0; i < k; i++)
                    s.keys[i] = KEYCODE_RIGHT;
                Grid g = render(fx, &s);
                char what[64];
                snprintf(what, sizeof what, "%dx%d trouble %d", s.w, s.h, k + 1);
                assert_ascii_frame(&g, what);
                grid_free(&g);
            }
}

/* Every size draws every trouble, its heading first, nothing outside the body. */
static void test_every_size(void **state)
{
    Fixture *fx = *state;
    for (size_t z = 0; z < N_SIZES; z++)
        for (int k = 0; k < 3; k++) {
            Shot s = { .w = sizes[z][0], .h = sizes[z][1], .numbers = true, .lang = LANG_ZH };
            for (int i = 0; i < k; i++)
                s.keys[i] = KEYCODE_RIGHT;
            SimLayout L = layout_of(fx, &s);
            assert_true(L.count == 1 || L.count == 3);
            for (int t = L.first; t < L.first + L.count; t++) {
                assert_true(L.top[t] >= 0);
                assert_true(L.rows[t] >= L.core[t] || !L.all);
            }
            Grid g = render(fx, &s);
            char want[32];
            snprintf(want, sizeof want, L.all ? "麻烦 %d · " : "麻烦 %d / 3 · ", k + 1);
            assert_has(&g, L.all ? "麻烦 3 · " : want);
            grid_free(&g);
        }
}

/* → and ← step the troubles (wrapping), c compares; the help lists them. */
static void test_keys(void **state)
{
    Fixture *fx = *state;
    Scene sc;
    Shot s = { .w = 80, .h = 24, .numbers = true, .keys = { KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT } };
    scene_shoot(&sc, fx, VIEW_SIMILARITY, &s);
    assert_int_equal(((SimState *)view_state(sc.ui.views, VIEW_SIMILARITY))->trouble, 0);
    Shot back = { .w = 80, .h = 24, .numbers = true, .keys = { KEYCODE_LEFT } };
    scene_shoot(&sc, fx, VIEW_SIMILARITY, &back);
    assert_int_equal(((SimState *)view_state(sc.ui.views, VIEW_SIMILARITY))->trouble, 2);
    assert_string_equal(binding_says(&sc.ui, 'c'), "compare with the next sentence");
    assert_string_equal(binding_says(&sc.ui, KEYCODE_RIGHT), "the next trouble with similarity");
    assert_int_equal(sc.p.track, TRACK_NONE);
    Shot help = { .w = 80, .h = 24, .numbers = true, .keys = { '?' } };
    Grid g = render(fx, &help);
    assert_has(&g, "the next trouble with similarity");
    assert_has(&g, "compare with the next sentence");
    grid_free(&g);
    g = render(fx, &at80);
    char status[512];
    row_text(&g, g.h - 1, status, sizeof status);
    assert_non_null(strstr(status, "←/→ trouble"));
    assert_non_null(strstr(status, "c compare"));
    grid_free(&g);
}

/* ---------------------------------------------------------------- the helpers it added */

static void test_engine_vocab_similarity(void **state)
{
    Fixture *fx = *state;
    const Trace *tr = &fx->ls.tr;
    for (int t = 0; t < tr->T; t++)
        for (int s = 0; s < tr->T; s++) {
            assert_true(engine_vocab_similarity(&fx->m, tr->ids[t], tr->ids[s]) == TRACE_SQ(tr, similarity, t, s));
            assert_true(engine_vocab_similarity(&fx->m, tr->ids[t], tr->ids[s]) ==
                        engine_vocab_similarity(&fx->m, tr->ids[s], tr->ids[t]));
        }
    char num[32];
    int deng = model_find_char(&fx->m, "等"), ba = model_find_char(&fx->m, "八");
    assert_string_equal(format_fixed(num, sizeof num, engine_vocab_similarity(&fx->m, deng, ba), 2), "-1.13");
    assert_string_equal(format_fixed(num, sizeof num, engine_vocab_similarity(&fx->m, deng, deng), 2), "3.45");
}

static void test_engine_similarity_peak(void **state)
{
    Fixture *fx = *state;
    const Trace *tr = &fx->ls.tr;
    int at;
    char num[32];
    assert_string_equal(format_fixed(num, sizeof num, engine_similarity_peak(tr, 0, &at), 2), "2.12");
    assert_int_equal(at, 3);   /* 三·等 */
    Trace one;
    char err[256];
    assert_int_equal(engine_forward(&fx->m, "??", &one, err, sizeof err), 0);
    assert_true(engine_similarity_peak(&one, 0, &at) == 0.0);
    assert_int_equal(at, -1);   /* every character is ?'s own */
    engine_free(&one);
}

static void test_check_percent_change(void **state)
{
    (void)state;
    assert_true(check_percent_change(0.196, 0.431) == 23.5);
    assert_true(check_percent_change(0.431, 0.196) == -23.5);
    /* as printed: 19.6% → 43.2% is 23.6 points, though the true change is 23.502 */
    assert_true(check_percent_change(0.19649, 0.43151) == 23.6);
    assert_true(check_percent_change(0.5, 0.5) == 0.0);
}

/* draw_paragraph wraps between words, between Chinese characters (not before 」), and
 * ends its last allowed row in … when text is left. */
static void test_draw_paragraph(void **state)
{
    (void)state;
    const Glyphs *gl = draw_glyphs(false);
    Grid g;
    assert_int_equal(grid_init(&g, 20, 6), 0);
    assert_int_equal(draw_paragraph(&g, gl, 0, 0, 12, 6, "one two three four five", STYLE_NORMAL), 3);
    char row[256];
    row_text(&g, 0, row, sizeof row);
    assert_string_equal(row, "one two             ");
    row_text(&g, 1, row, sizeof row);
    assert_string_equal(row, "three four          ");
    assert_int_equal(draw_paragraph(NULL, gl, 0, 0, 12, 6, "one two three four five", STYLE_NORMAL), 3);
    grid_clear(&g);
    assert_int_equal(draw_paragraph(&g, gl, 0, 0, 10, 6, "「对称」听起来是个中性词", STYLE_NORMAL), 3);
    row_text(&g, 0, row, sizeof row);
    assert_string_equal(row, "「对称」听          ");
    row_text(&g, 1, row, sizeof row);
    assert_string_equal(row, "起来是个中          ");
    grid_clear(&g);
    assert_int_equal(draw_paragraph(&g, gl, 0, 0, 12, 1, "one two three four five", STYLE_NORMAL), 1);
    row_text(&g, 0, row, sizeof row);
    assert_string_equal(row, "one two …           ");
    assert_int_equal(draw_paragraph(&g, gl, 0, 0, 0, 3, "x", STYLE_NORMAL), 0);
    assert_int_equal(draw_paragraph(&g, gl, 0, 0, 5, 3, "", STYLE_NORMAL), 0);
    grid_free(&g);
}

/* A memo gives draw_paragraph's rows and cells: on its first and later calls, at every
 * width and row limit, past its slots (replaced round robin), past its kept rows (a
 * paragraph of 60 rows) and for a paragraph too long to keep. */
static void test_draw_paragraph_memo(void **state)
{
    (void)state;
    const Glyphs *gl = draw_glyphs(false);
    static char long_text[3000], many_rows[400];
    for (size_t i = 0; i + 1 < sizeof long_text; i++)
        long_text[i] = (i % 7 == 6) ? ' ' : (char)('a' + i % 26);
    for (size_t i = 0; i + 1 < sizeof many_rows; i++)
        many_rows[i] = (i % 3 == 2) ? ' ' : 'x';
    const char *texts[] = {
        "one two three four five", "「对称」听起来是个中性词，其实说的是同一个数", many_rows, long_text, "x",
    };
    static DrawParagraphMemo memo;
    memset(&memo, 0, sizeof memo);
    Grid a, b;
    assert_int_equal(grid_init(&a, 40, 80), 0);
    assert_int_equal(grid_init(&b, 40, 80), 0);
    for (int round = 0; round < 3; round++)
        for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++)
            for (int w = 1; w <= 13; w += 3)
                for (int max_rows = 1; max_rows <= 80; max_rows = max_rows * 2 + 1) {
                    grid_clear(&a);
                    grid_clear(&b);
                    int plain = draw_paragraph(&a, gl, 0, 0, w, max_rows, texts[t], STYLE_NORMAL);
                    int kept = draw_paragraph_memo(&memo, &b, gl, 0, 0, w, max_rows, texts[t], STYLE_NORMAL);
                    assert_int_equal(kept, plain);
                    assert_int_equal(draw_paragraph_memo(&memo, NULL, gl, 0, 0, w, max_rows, texts[t],
                                                         STYLE_NORMAL), plain);
                    for (int y = 0; y < 80; y++) {
                        char ra[256], rb[256];
                        row_text(&a, y, ra, sizeof ra);
                        row_text(&b, y, rb, sizeof rb);
                        assert_string_equal(ra, rb);
                    }
                }
    assert_int_equal(memo.used, DRAW_MEMO_SLOTS);
    grid_free(&a);
    grid_free(&b);
}


/* The help leaves out p, + and -: nothing plays on this screen (Space says so), so there is
 * no speed to change and no ③ for predict to ask before. */
static void test_help_lists_no_idle_key(void **state)
{
    (void)state;
    assert_false(help_lists(VIEW_SIMILARITY, 'p'));
    assert_false(help_lists(VIEW_SIMILARITY, '+'));
    assert_false(help_lists(VIEW_SIMILARITY, '-'));
    assert_true(help_lists(VIEW_ARCS, 'p'));   /* where autoplay steps into ③, it asks */
    assert_true(help_lists(VIEW_SIMILARITY, 'n'));
}

/* Sixteen characters at 80 × 24: two tables of 17 rows cannot both fit, so each shows the
 * rows around the marked pair; Q(等)·K(减) = 4.16 and Q(减)·K(等) = 1.78 both stay on screen
 * (the scores' table was cut after its second row, the pair below the status line). */
static void test_short_body_keeps_the_pair(void **state)
{
    (void)state;
    Scene *sc = scene_open("三加五等于?十减四等于?几是二乘", VIEW_SIMILARITY);
    char *text = scene_text(sc, 80, 24);
    assert_shows(text, "[4.16]");
    assert_shows(text, "[1.78]");
    assert_shows(text, "\n减  -0.10");   /* the similarity table's row of 减, the pair's other half */
    free(text);
    text = scene_text(sc, 120, 60);   /* room for both whole: every row, from 三 */
    assert_shows(text, "\n 乘 ");
    free(text);
    scene_close(sc);
}

/* A marked negative number keeps its column and a blank on each side where the next cell
 * leaves one (two heads, 120 × 40: "3.72 [-0.24] -1.07", was "3.72[-0.24]  -1.07"); at
 * 80 × 24 "7.05[2.08] -2.66", never "[2.08]-2.66", which reads as a subtraction. */
static void test_brackets_keep_the_column(void **state)
{
    (void)state;
    Scene *sc = scene_open(NULL, VIEW_SIMILARITY);
    scene_press(sc, 'h');   /* two heads: the first's scores */
    char *text = scene_text(sc, 120, 40);
    assert_shows(text, " 3.72 [-0.24] -1.07 ");
    free(text);
    scene_close(sc);
    sc = scene_open(NULL, VIEW_SIMILARITY);
    text = scene_text(sc, 80, 24);
    assert_shows(text, " 7.05[2.08] -2.66 ");
    assert_shows(text, " 0.13 [0.25] 0.10 ");
    free(text);
    scene_close(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help_lists_no_idle_key),
        cmocka_unit_test(test_short_body_keeps_the_pair),
        cmocka_unit_test(test_brackets_keep_the_column),
        cmocka_unit_test(test_symmetric_pair_is_marked_where_it_stands),
        cmocka_unit_test(test_tables_show_the_engines_numbers),
        cmocka_unit_test(test_vocabulary_table_where_it_fits),
        cmocka_unit_test(test_mask_and_heads),
        cmocka_unit_test(test_context_rows_and_change),
        cmocka_unit_test(test_compare_cycle),
        cmocka_unit_test(test_context_without_deng),
        cmocka_unit_test(test_need_flat_row_and_sources),
        cmocka_unit_test(test_hidden_numbers_leave_no_data_value),
        cmocka_unit_test(test_hidden_shades_tell_the_pair),
        cmocka_unit_test(test_ascii_only),
        cmocka_unit_test(test_every_size),
        cmocka_unit_test(test_keys),
        cmocka_unit_test(test_engine_vocab_similarity),
        cmocka_unit_test(test_engine_similarity_peak),
        cmocka_unit_test(test_check_percent_change),
        cmocka_unit_test(test_draw_paragraph),
        cmocka_unit_test(test_draw_paragraph_memo),
    };
    return cmocka_run_group_tests(tests, fixture_setup, fixture_teardown);
}

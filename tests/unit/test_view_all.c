/* test_view_all.c — unit tests of the all view (every character looks at once) as a pure
 * function of its inputs. Owns: line thickness against the shares (dots counted where each
 * line lands), the selected character's lines in front, its printed shares, clicks, the
 * mask and the two heads, hidden numbers, ASCII, every size, autoplay and keys.
 * Must not touch: golden files, the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "charname.h"
#include "chrome.h"
#include "format.h"
#include "keys.h"
#include "view_all.h"

/* ---------------------------------------------------------------- scenes */

/* The all view over ls, character `focus` selected, numbers shown or not. */
static Scene shot(Lesson *ls, int focus, bool numbers)
{
    Scene s;
    scene_start(&s, ls, VIEW_ALL);
    s.p.focus = focus;
    s.ui.numbers = numbers;
    return s;
}

/* The view's layout for a scene in a w × h frame, as drawing computes it. */
static AllLayout layout(const Scene *s, int w, int h)
{
    ViewCtx c = scene_context(s, w, h);
    AllLayout L;
    all_layout(&c, &L);
    return L;
}

static int popcount(int bits)
{
    int n = 0;
    for (; bits; bits &= bits - 1)
        n++;
    return n;
}

static bool selected_style(int style)
{
    return (style >= STYLE_SHARE_1 && style <= STYLE_SHARE_4) || style == STYLE_SERIES_A ||
           style == STYLE_SERIES_B;
}

/* Dots of the selected character's lines (style `only`, or any selected style when 0) in
 * row y, columns [x0, x1). */
static int selected_dots(const Grid *g, int y, int x0, int x1, int only)
{
    int n = 0;
    for (int x = x0 < 0 ? 0 : x0; x < x1 && x < g->w; x++) {
        const Cell *c = grid_cell(g, x, y);
        if (only ? c->style == only : selected_style(c->style))
            n += popcount(draw_braille_dots(c));
    }
    return n;
}

/* Columns [*x0, *x1) that belong to character s: halfway to each neighbour. */
static void slot_of(const AllLayout *L, int s, int *x0, int *x1)
{
    int mid = L->tok_x[s] + L->tok_w[s] / 2;
    *x0 = s == 0 ? 0 : (mid + L->tok_x[s - 1] + L->tok_w[s - 1] / 2 + 1) / 2;
    *x1 = s == L->tokens - 1 ? 10000 : (mid + L->tok_x[s + 1] + L->tok_w[s + 1] / 2 + 1) / 2;
}

/* Dots of the selected line that lands on s (in the row just above the characters). */
static int landing_dots(const Grid *g, const AllLayout *L, int s, int only)
{
    int x0, x1;
    slot_of(L, s, &x0, &x1);
    return selected_dots(g, L->bottom_row - 1, x0, x1, only);
}

static const int sizes[][2] = { { 60, 20 }, { 80, 24 }, { 100, 30 }, { 120, 40 }, { 200, 60 }, { 300, 80 } };
#define N_SIZES (sizeof sizes / sizeof sizes[0])

/* ---------------------------------------------------------------- thickness */

static void test_thickness_is_monotone_in_the_share(void **state)
{
    (void)state;
    assert_int_equal(all_thickness(24, 0.0), 1);
    assert_int_equal(all_thickness(24, 1.0), 24);
    assert_int_equal(all_thickness(24, 0.524), 13);   /* 等's share of 加 at 80 × 24 */
    assert_int_equal(all_thickness(24, 0.014), 1);
    assert_int_equal(all_thickness(24, -0.5), 1);
    assert_int_equal(all_thickness(24, 1.5), 24);
    for (int wmax = 2; wmax <= ALL_MAX_WIDTH_DOTS; wmax++) {
        int prev = 0;
        for (int k = 0; k <= 1000; k++) {
            int w = all_thickness(wmax, k / 1000.0);
            assert_true(w >= prev);   /* a larger share is never thinner */
            prev = w;
        }
        /* shares one step 1/(wmax − 1) apart are always a dot apart */
        for (int k = 0; k + 100 <= 1000; k += 7) {
            double a = k / 1000.0, b = a + 1.0 / (wmax - 1);
            if (b <= 1.0)
                assert_true(all_thickness(wmax, b) > all_thickness(wmax, a));
        }
    }
    assert_int_equal(all_faded_wmax(24), 6);
    assert_int_equal(all_faded_wmax(4), 2);
}

/* At 80 × 24 等's lines land with exactly 4 × thickness dots (a straight row of 4 dots
 * high), 1 + ⌊share × 23⌋ across (draw_share_size): 三 19.56% → 5 dots, 加 52.40% → 13,
 * 五 10.06% → 3, 等 1.38% → 1, 于 2.22% → 1, ? 14.37% → 4. */
static void test_landing_dots_at_80x24(void **state)
{
    Lessons *f = *state;
    Scene s = shot(&f->plain, 3, true);
    AllLayout L = layout(&s, 80, 24);
    assert_int_equal(L.pitch, 13);
    assert_int_equal(L.wmax, 24);
    Grid g = scene_render(&s, 80, 24);
    const int want[6] = { 20, 52, 12, 4, 4, 16 };
    for (int t = 0; t < 6; t++)
        assert_int_equal(landing_dots(&g, &L, t, 0), want[t]);
    grid_free(&g);
}

/* For every asker, at every size and on sixteen characters: each selected line lands with
 * 4 × all_thickness(share) dots; the dots follow the shares' order (engine_share_order);
 * shares a step 1/(wmax − 1) apart land a whole dot column apart. */
static void test_landing_dots_follow_the_shares(void **state)
{
    Lessons *f = *state;
    Lesson *lessons[2] = { &f->plain, &f->long16 };
    for (int k = 0; k < 2; k++)
        for (size_t z = 0; z < N_SIZES; z++) {
            const Trace *tr = &lessons[k]->tr;
            int w = sizes[z][0], h = sizes[z][1];
            for (int t = 0; t < tr->T; t++) {
                Scene s = shot(lessons[k], t, true);
                AllLayout L = layout(&s, w, h);
                Grid g = scene_render(&s, w, h);
                int dots[MODEL_MAX_TOKENS], order[MODEL_MAX_TOKENS];
                for (int u = 0; u < tr->T; u++) {
                    double share = TRACE_SQ(tr, weights, t, u);
                    dots[u] = landing_dots(&g, &L, u, 0);
                    if (dots[u] != 4 * all_thickness(L.wmax, share))
                        fail_msg("%dx%d T=%d: %s→%s share %.4f lands with %d dots, not 4 × %d",
                                 w, h, tr->T, tr->tokens[t], tr->tokens[u], share, dots[u],
                                 all_thickness(L.wmax, share));
                }
                engine_share_order(tr, 0, t, order);
                for (int i = 1; i < tr->T; i++)
                    assert_true(dots[order[i]] <= dots[order[i - 1]]);
                for (int a = 0; a < tr->T; a++)
                    for (int b = 0; b < tr->T; b++)
                        if (TRACE_SQ(tr, weights, t, a) - TRACE_SQ(tr, weights, t, b) >= 1.0 / (L.wmax - 1))
                            assert_true(dots[a] >= dots[b] + 4);
                grid_free(&g);
            }
        }
}

/* 80 × 24 gives shares 4.35 points apart different thicknesses: 10.1% and 14.4% differ. */
static void test_few_points_apart_look_different(void **state)
{
    Lessons *f = *state;
    Scene s = shot(&f->plain, 3, false);
    AllLayout L = layout(&s, 80, 24);
    assert_true(100.0 / (L.wmax - 1) < 4.5);
    Grid g = scene_render(&s, 80, 24);
    assert_true(landing_dots(&g, &L, 5, 0) > landing_dots(&g, &L, 2, 0));   /* ? 14.4% > 五 10.1% */
    assert_true(landing_dots(&g, &L, 0, 0) > landing_dots(&g, &L, 5, 0));   /* 三 19.6% > ? 14.4% */
    grid_free(&g);
}

/* ---------------------------------------------------------------- in front, faded */

static void test_selected_lines_in_front_the_rest_faded(void **state)
{
    Lessons *f = *state;
    const Trace *tr = &f->plain.tr;
    for (int t = 0; t < tr->T; t++) {
        Scene s = shot(&f->plain, t, true);
        AllLayout L = layout(&s, 80, 24);
        Grid g = scene_render(&s, 80, 24);
        int faded = 0, front = 0;
        for (int y = L.line_top; y < L.line_top + L.line_rows; y++)
            for (int x = 0; x < 80; x++) {
                const Cell *c = grid_cell(&g, x, y);
                if (!draw_braille_dots(c))
                    continue;
                assert_true(c->style == STYLE_DIM || selected_style(c->style));
                faded += c->style == STYLE_DIM;
                front += selected_style(c->style);
            }
        assert_true(faded > 50);
        assert_true(front > 50);
        /* under the selected asker its lines leave in front; under the others, faded */
        for (int u = 0; u < tr->T; u++) {
            int x0, x1;
            slot_of(&L, u, &x0, &x1);
            int mine = selected_dots(&g, L.line_top, x0, x1, 0);
            if (u == t) {   /* side by side they make the whole 100%, to a dot */
                assert_true(mine >= 4 * (L.wmax - 1));
                assert_true(mine <= 4 * (L.wmax + 1));
            } else
                assert_int_equal(mine, 0);
        }
        /* the selected character is lit in the askers' row only */
        assert_int_equal(grid_cell(&g, L.tok_x[t], L.top_row)->style, STYLE_FOCUS);
        assert_int_equal(grid_cell(&g, L.tok_x[t], L.bottom_row)->style, STYLE_TOKEN);
        grid_free(&g);
    }
}

static void test_lines_grow_while_the_selection_changes(void **state)
{
    Lessons *f = *state;
    int prev = -1;
    const double progress[] = { 0.0, 0.3, 0.6, 1.0 };
    for (size_t k = 0; k < 4; k++) {
        Scene s = shot(&f->plain, 1, true);
        s.progress = progress[k];
        AllLayout L = layout(&s, 80, 24);
        Grid g = scene_render(&s, 80, 24);
        int n = 0;
        for (int y = L.line_top; y < L.line_top + L.line_rows; y++)
            n += selected_dots(&g, y, 0, 80, 0);
        if (k == 0)
            assert_int_equal(n, 0);
        else
            assert_true(n > prev);
        prev = n;
        grid_free(&g);
    }
}

/* ---------------------------------------------------------------- numbers and words */

/* The shares written under the characters looked at are the trace's, centred on each. */
static void test_printed_shares_are_the_traces(void **state)
{
    Lessons *f = *state;
    const Trace *tr = &f->plain.tr;
    for (int t = 0; t < tr->T; t++) {
        Scene s = shot(&f->plain, t, true);
        AllLayout L = layout(&s, 80, 24);
        Grid g = scene_render(&s, 80, 24);
        assert_int_equal(L.number_rows, 1);
        for (int u = 0; u < tr->T; u++) {
            char want[FORMAT_BYTES], got[64] = "";
            format_percent(want, sizeof want, TRACE_SQ(tr, weights, t, u));
            int x = (2 * L.tok_x[u] + L.tok_w[u] - text_width(want)) / 2;
            for (int i = 0; i < text_width(want); i++)
                strcat(got, grid_cell(&g, x + i, L.number_row)->glyph);
            assert_string_equal(got, want);
            assert_int_equal(grid_cell(&g, x, L.number_row)->style,
                             u == engine_strongest(tr, 0, t) ? STYLE_BOLD : STYLE_NORMAL);
        }
        grid_free(&g);
    }
    /* 等's row as the lesson quotes it */
    Scene s = shot(&f->plain, 3, true);
    Grid g = scene_render(&s, 80, 24);
    char row[1024];
    row_trimmed(&g, layout(&s, 80, 24).number_row, row, sizeof row);
    assert_string_equal(row, "    19.6%        52.4%        10.1%         1.4%         2.2%         14.4%");
    grid_free(&g);
}

static void test_caption_says_the_order(void **state)
{
    Lessons *f = *state;
    struct { Lesson *ls; int focus; Lang lang; const char *want; } cases[] = {
        { &f->plain, 3, LANG_EN, "等 looks most at 加, then 三, ?, 五, 于, 等" },
        { &f->plain, 3, LANG_ZH, "「等」看得最多的是「加」，然后依次是「三」「?」「五」「于」「等」" },
        { &f->masked, 3, LANG_EN, "等 looks most at 加, then 三, 五, 等" },
        { &f->masked, 0, LANG_EN, "三 can only look at itself" },
        { &f->heads, 3, LANG_EN, "等: the first head looks most at 加, the second at 加" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int numbers = 0; numbers < 2; numbers++) {
            Scene s = shot(cases[i].ls, cases[i].focus, numbers);
            s.o.lang = cases[i].lang;
            Grid g = scene_render(&s, 80, 24);
            assert_has(&g, cases[i].want);
            grid_free(&g);
        }
}

static void test_the_lessons_words(void **state)
{
    Lessons *f = *state;
    Scene s = shot(&f->plain, 3, false);
    s.o.lang = LANG_ZH;
    Grid g = scene_render(&s, 80, 24);
    assert_has(&g, "线越粗，说明那个字被看得越多");
    grid_free(&g);
    s.o.lang = LANG_EN;
    g = scene_render(&s, 80, 24);
    assert_has(&g, "the thicker the line, the more that character is looked at");
    grid_free(&g);
}

/* n hides every number: no digit above the status line, in any case. */
static void test_hidden_numbers_leave_no_data_value(void **state)
{
    assert_lessons_hide_numbers(*state, VIEW_ALL, sizes, N_SIZES);
}

/* ---------------------------------------------------------------- clicks */

static void test_clicks_hit_the_character_drawn_there(void **state)
{
    Lessons *f = *state;
    Lesson *lessons[2] = { &f->plain, &f->long16 };
    for (int k = 0; k < 2; k++)
        for (size_t z = 0; z < N_SIZES; z++) {
            int w = sizes[z][0], h = sizes[z][1];
            const Trace *tr = &lessons[k]->tr;
            Scene s = shot(lessons[k], 0, true);
            int found[MODEL_MAX_TOKENS];
            count_character_clicks(&s, w, h, found);
            for (int t = 0; t < tr->T; t++) {   /* in both rows, every column of the glyph */
                char name[CHARNAME_BYTES];      /* (and of 等₁'s occurrence, where drawn) */
                charname_of(tr->tokens, tr->T, t, name, sizeof name);
                assert_true(found[t] >= 2 * text_width(tr->tokens[t]) && found[t] <= 2 * text_width(name));
            }
        }
}

static void test_keys_and_autoplay_walk_the_characters(void **state)
{
    Lessons *f = *state;
    Scene s = shot(&f->plain, 0, true);
    Player p = s.p;
    Ui ui = s.ui;
    assert_int_equal(p.track, TRACK_FOCUS);
    const int keys[] = { KEYCODE_DOWN, KEYCODE_DOWN, KEYCODE_UP, KEYCODE_RIGHT, KEYCODE_LEFT, '4' };
    const int focus[] = { 1, 2, 1, 2, 1, 3 };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const KeyBinding *b = ui_binding(&ui, keys[i]);
        assert_non_null(b);
        ui_apply(&ui, &p, &f->plain, b->action, b->arg, 0);
        assert_int_equal(p.focus, focus[i]);
    }
    /* a click on a character selects it */
    ui_apply(&ui, &p, &f->plain, ACTION_FOCUS_N, 5, 0);
    assert_int_equal(p.focus, 5);
    /* autoplay cycles the selection, wrapping round */
    player_toggle_play(&p, 0);
    long long now = 0;
    for (int step = 0; step < 7; step++) {
        now = p.next_ms;
        assert_true(player_tick(&p, now));
        assert_int_equal(p.focus, (5 + step + 1) % 6);
    }
}

/* ---------------------------------------------------------------- mask and heads */

/* With the causal mask no line goes to a later character: 等 lands on 三 加 五 等 only,
 * with its masked shares (23.5% 62.8% 12.1% 1.7%). */
static void test_mask_removes_lines_to_later_characters(void **state)
{
    Lessons *f = *state;
    const Trace *tr = &f->masked.tr;
    for (int t = 0; t < tr->T; t++) {
        Scene s = shot(&f->masked, t, true);
        AllLayout L = layout(&s, 80, 24);
        Grid g = scene_render(&s, 80, 24);
        for (int u = 0; u < tr->T; u++) {
            int dots = landing_dots(&g, &L, u, 0);
            if (u > t)
                assert_int_equal(dots, 0);
            else
                assert_int_equal(dots, 4 * all_thickness(L.wmax, TRACE_SQ(tr, weights, t, u)));
        }
        grid_free(&g);
    }
    Scene s = shot(&f->masked, 3, true);
    Grid g = scene_render(&s, 80, 24);
    assert_has(&g, "23.5%        62.8%        12.1%         1.7%         0.0%         0.0%");
    assert_has(&g, "causal mask: no line goes to a later character");
    grid_free(&g);
}

/* Two heads: both side by side (the first left of each character in one colour, the second
 * right in another), each with its own shares; or one head alone. */
static void test_two_heads(void **state)
{
    Lessons *f = *state;
    const Trace *tr = &f->heads.tr;
    Scene s = shot(&f->heads, 3, true);
    AllLayout L = layout(&s, 80, 24);
    assert_int_equal(L.heads, 2);
    assert_int_equal(L.wmax, 12);
    Grid g = scene_render(&s, 80, 24);
    for (int u = 0; u < tr->T; u++) {
        int x0, x1, mid = L.tok_x[u] + L.tok_w[u] / 2;
        slot_of(&L, u, &x0, &x1);
        int first = selected_dots(&g, L.bottom_row - 1, x0, x1, STYLE_SERIES_A);
        int second = selected_dots(&g, L.bottom_row - 1, x0, x1, STYLE_SERIES_B);
        assert_int_equal(first, 4 * all_thickness(12, TRACE_HSQ(tr, weights, 0, 3, u)));
        assert_int_equal(second, 4 * all_thickness(12, TRACE_HSQ(tr, weights, 1, 3, u)));
        assert_int_equal(selected_dots(&g, L.bottom_row - 1, mid, x1, STYLE_SERIES_A), 0);
        assert_int_equal(selected_dots(&g, L.bottom_row - 1, x0, mid, STYLE_SERIES_B), 0);
    }
    char *text = frame_text(&g);
    char want[FORMAT_BYTES];
    for (int h = 0; h < 2; h++)
        for (int u = 0; u < tr->T; u++)
            assert_non_null(strstr(text, format_percent(want, sizeof want, TRACE_HSQ(tr, weights, h, 3, u))));
    free(text);
    grid_free(&g);
    for (int head = 0; head < 2; head++) {
        s.ui.head = head;
        L = layout(&s, 80, 24);
        assert_int_equal(L.heads, 1);
        assert_int_equal(L.head, head);
        assert_int_equal(L.wmax, 24);
        g = scene_render(&s, 80, 24);
        for (int u = 0; u < tr->T; u++)
            assert_int_equal(landing_dots(&g, &L, u, 0),
                             4 * all_thickness(24, TRACE_HSQ(tr, weights, head, 3, u)));
        grid_free(&g);
    }
}

/* ---------------------------------------------------------------- every size, ASCII */

static void test_ascii_mode_is_ascii(void **state)
{
    Lessons *f = *state;
    Lesson *lessons[4] = { &f->plain, &f->masked, &f->heads, &f->long16 };
    for (int k = 0; k < 4; k++)
        for (size_t z = 0; z < N_SIZES; z++) {
            Scene s = shot(lessons[k], 3, z % 2 == 0);
            s.o.ascii = true;
            s.o.lang = LANG_ZH;   /* ASCII mode speaks English */
            Grid g = scene_render(&s, sizes[z][0], sizes[z][1]);
            char what[64];
            snprintf(what, sizeof what, "lesson %d at %dx%d", k, sizes[z][0], sizes[z][1]);
            assert_ascii_frame(&g, what);
            int lines = 0;
            for (int y = 0; y < g.h; y++)
                for (int x = 0; x < g.w; x++) {
                    const Cell *c = grid_cell(&g, x, y);
                    lines += selected_style(c->style) && strchr(":-=#", c->glyph[0]);
                }
            assert_true(lines > 10);
            grid_free(&g);
        }
}

/* ASCII mode at every size: both rows write every character by its pinyin, or all of them by
 * their brief labels, never touching. */
static void test_every_size_lays_out_ascii(void **state)
{
    Lessons *f = *state;
    Lesson *lessons[2] = { &f->plain, &f->long16 };
    for (int k = 0; k < 2; k++)
        for (int w = 60; w <= 300; w += 20)
            for (int h = 20; h <= 80; h += 30) {
                Scene s = shot(lessons[k], 0, true);
                s.o.ascii = true;
                AllLayout L = layout(&s, w, h);
                Grid g = scene_render(&s, w, h);
                char what[64];
                snprintf(what, sizeof what, "lesson %d at %dx%d", k, w, h);
                assert_label_row(&g, L.top_row, &lessons[k]->tr, L.tok_x, L.tok_w, what);
                assert_label_row(&g, L.bottom_row, &lessons[k]->tr, L.tok_x, L.tok_w, what);
                grid_free(&g);
            }
}

/* Every wide glyph whole; both rows of characters; the caption there. */
static void test_every_size_lays_out(void **state)
{
    Lessons *f = *state;
    Lesson *lessons[4] = { &f->plain, &f->masked, &f->heads, &f->long16 };
    for (int k = 0; k < 4; k++)
        for (int w = 60; w <= 300; w += 30)
            for (int h = 20; h <= 80; h += 15)
                for (int numbers = 0; numbers < 2; numbers++) {
                    const Trace *tr = &lessons[k]->tr;
                    Scene s = shot(lessons[k], (w + h) % tr->T, numbers);
                    s.o.lang = (w / 30) % 2 ? LANG_ZH : LANG_EN;
                    AllLayout L = layout(&s, w, h);
                    Grid g = scene_render(&s, w, h);
                    assert_true(L.line_rows >= ALL_MIN_LINE_ROWS);
                    assert_true(L.caption_row < h - 1);
                    for (int t = 0; t < tr->T; t++) {
                        assert_string_equal(grid_cell(&g, L.tok_x[t], L.top_row)->glyph, tr->tokens[t]);
                        assert_string_equal(grid_cell(&g, L.tok_x[t], L.bottom_row)->glyph, tr->tokens[t]);
                        if (t)
                            assert_true(L.tok_x[t] > L.tok_x[t - 1] + L.tok_w[t - 1]);
                    }
                    char what[64];
                    snprintf(what, sizeof what, "lesson %d at %dx%d", k, w, h);
                    assert_grid_sound(&g, what);
                    char row[4096];
                    row_trimmed(&g, L.caption_row, row, sizeof row);
                    assert_non_null(strstr(row, tr->tokens[s.p.focus]));
                    grid_free(&g);
                }
}

/* 16 characters at 80 × 24: every one of them in both rows, shares on two alternating rows. */
static void test_sixteen_at_80x24(void **state)
{
    Lessons *f = *state;
    const Trace *tr = &f->long16.tr;
    Scene s = shot(&f->long16, 3, true);
    AllLayout L = layout(&s, 80, 24);
    assert_int_equal(L.tokens, 16);
    assert_true(L.staggered);
    assert_int_equal(L.number_rows, 2);
    Grid g = scene_render(&s, 80, 24);
    char *text = frame_text(&g);
    char want[FORMAT_BYTES];
    for (int u = 0; u < 16; u++)
        assert_non_null(strstr(text, format_percent(want, sizeof want, TRACE_SQ(tr, weights, 3, u))));
    free(text);
    grid_free(&g);
}

static void test_frame_is_pure(void **state)
{
    Lessons *f = *state;
    Scene s = shot(&f->plain, 2, true);
    s.progress = 0.5;
    assert_frame_pure(&s, 80, 24, 9, "debris ⣿⣿⣿ debris 加加加");
}


/* The help leaves out p: predict asks before ③, and this screen's autoplay walks the
 * characters, never a stage (pressed, p only lit the predict banner here). */
static void test_help_lists_no_idle_key(void **state)
{
    (void)state;
    assert_false(help_lists(VIEW_ALL, 'p'));
    assert_true(help_lists(VIEW_ARCS, 'p'));   /* where autoplay steps into ③, it asks */
    assert_true(help_lists(VIEW_ALL, 'n'));
}

int main(void)
{
#define T(f) cmocka_unit_test(f)
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help_lists_no_idle_key),
        cmocka_unit_test(test_thickness_is_monotone_in_the_share),
        T(test_landing_dots_at_80x24),
        T(test_landing_dots_follow_the_shares),
        T(test_few_points_apart_look_different),
        T(test_selected_lines_in_front_the_rest_faded),
        T(test_lines_grow_while_the_selection_changes),
        T(test_printed_shares_are_the_traces),
        T(test_caption_says_the_order),
        T(test_the_lessons_words),
        T(test_hidden_numbers_leave_no_data_value),
        T(test_clicks_hit_the_character_drawn_there),
        T(test_keys_and_autoplay_walk_the_characters),
        T(test_mask_removes_lines_to_later_characters),
        T(test_two_heads),
        T(test_ascii_mode_is_ascii),
        T(test_every_size_lays_out),
        T(test_every_size_lays_out_ascii),
        T(test_sixteen_at_80x24),
        T(test_frame_is_pure),
    };
#undef T
    return cmocka_run_group_tests(tests, lessons_setup, lessons_teardown);   /* one fixture, read only */
}

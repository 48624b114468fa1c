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

#include "actions.h"
#include "chrome.h"
#include "engine.h"
#include "format.h"
#include "frame.h"
#include "grid.h"
#include "lesson.h"
#include "model.h"
#include "ui.h"
#include "view_all.h"
#include "ascii_frame.h"

#define SIXTEEN "三加五等于?十减四等于?几是二乘"   /* 16 characters */

/* ---------------------------------------------------------------- fixture */

/* The compiled-in model run as lesson 6, with lesson 7's mask, with two heads, and on
 * sixteen characters. */
typedef struct {
    Model m;        /* the default model */
    Lesson plain;   /* 三加五等于?, one head, no mask */
    Lesson masked;  /* the same with the causal mask */
    Lesson heads;   /* the same with two heads */
    Lesson long16;  /* SIXTEEN, one head, no mask */
} Fixture;

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    char err[256];
    if (!f || model_load_default(&f->m, err, sizeof err) != 0)
        return -1;
    EngineConfig masked = { MASK_CAUSAL, 1 }, heads = { MASK_NONE, 2 };
    if (lesson_build(&f->plain, &f->m, f->m.sentence, NULL, err, sizeof err) != 0 ||
        lesson_build(&f->masked, &f->m, f->m.sentence, &masked, err, sizeof err) != 0 ||
        lesson_build(&f->heads, &f->m, f->m.sentence, &heads, err, sizeof err) != 0 ||
        lesson_build(&f->long16, &f->m, SIXTEEN, NULL, err, sizeof err) != 0)
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    lesson_free(&f->plain);
    lesson_free(&f->masked);
    lesson_free(&f->heads);
    lesson_free(&f->long16);
    model_free(&f->m);
    free(f);
    return 0;
}

/* What one frame shows. */
typedef struct {
    const Lesson *ls;   /* the lesson */
    int focus;          /* the selected character */
    bool numbers;       /* numbers shown */
    int head;           /* the UI's head: 0, 1 or -1 (both) */
    Lang lang;          /* labels' language */
    bool ascii;         /* ASCII only */
    double progress;    /* 0..1 of the selection's transition */
} Shot;

static Shot shot(const Lesson *ls, int focus, bool numbers)
{
    return (Shot){ ls, focus, numbers, -1, LANG_EN, false, 1.0 };
}

/* The player and UI state of a shot, on the all view. */
static void state_of(const Shot *s, Player *p, Ui *ui)
{
    player_init(p, s->ls->tr.T, 0);
    ui_init_for(ui, VIEW_ALL, s->ls);
    ui_set_view(ui, p, VIEW_ALL);
    p->focus = s->focus;
    ui->numbers = s->numbers;
    ui->head = s->head;
}

/* Renders a shot into a fresh w × h grid (caller frees with grid_free). */
static Grid render(const Shot *s, int w, int h)
{
    Player p;
    Ui ui;
    state_of(s, &p, &ui);
    FrameOptions o = { s->lang, s->ascii, NULL };
    FrameInput in = { .lesson = s->ls, .player = &p, .ui = &ui, .progress = s->progress, .opt = &o };
    Grid g;
    assert_int_equal(grid_init(&g, w, h), 0);
    frame_render(&g, &in);
    return g;
}

/* The view's layout for a shot in a w × h frame, as drawing computes it. */
static AllLayout layout(const Shot *s, int w, int h)
{
    Player p;
    Ui ui;
    state_of(s, &p, &ui);
    ViewCtx c = {
        .ls = s->ls, .tr = &s->ls->tr, .p = &p, .ui = &ui, .gl = draw_glyphs(s->ascii),
        .progress = s->progress, .focus = s->focus, .stage = p.stage,
        .lang = s->ascii ? LANG_EN : s->lang, .ascii = s->ascii, .numbers = s->numbers,
    };
    draw_context_labels(&c);
    ChromeLayout cl;
    chrome_layout(&c, view_ops(VIEW_ALL), w, h, &cl);
    c.body = cl.body;
    AllLayout L;
    all_layout(&c, &L);
    return L;
}

/* A shot's state, ready for many clicks. */
typedef struct {
    Player p;          /* the player of the shot */
    Ui ui;             /* its UI state */
    FrameOptions o;    /* its options */
    FrameInput in;     /* what frame_hit reads */
} Clicker;

static void clicker_init(Clicker *k, const Shot *s)
{
    state_of(s, &k->p, &k->ui);
    k->o = (FrameOptions){ s->lang, s->ascii, NULL };
    k->in = (FrameInput){ .lesson = s->ls, .player = &k->p, .ui = &k->ui, .progress = 1.0, .opt = &k->o };
}

/* What a click at (x, y) of a w × h frame means, or ACTION_NONE. */
static Action click(const Clicker *k, int w, int h, int x, int y, int *arg)
{
    Action a;
    return frame_hit(&k->in, w, h, x, y, &a, arg) ? a : ACTION_NONE;
}

/* Row y as text, without trailing blanks. */
static void row_text(const Grid *g, int y, char *buf, size_t cap)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int x = 0; x < g->w; x++) {
        const Cell *c = grid_cell(g, x, y);
        size_t n = strlen(c->glyph);
        if (c->width == 0 || used + n + 1 >= cap)
            continue;
        memcpy(buf + used, c->glyph, n);
        used += n;
        buf[used] = '\0';
    }
    while (used > 0 && buf[used - 1] == ' ')
        buf[--used] = '\0';
}

static char *frame_text(const Grid *g)
{
    size_t n = grid_to_text(g, NULL, 0);
    char *buf = malloc(n + 1);
    assert_non_null(buf);
    grid_to_text(g, buf, n + 1);
    return buf;
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
    return (style >= STYLE_ARC_1 && style <= STYLE_ARC_8) || style == STYLE_SERIES_A ||
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
 * high), 1 + round(share × 23) across: 三 19.56% → 5 dots, 加 52.40% → 13, 五 10.06% → 3,
 * 等 1.38% → 1, 于 2.22% → 2, ? 14.37% → 4. */
static void test_landing_dots_at_80x24(void **state)
{
    Fixture *f = *state;
    Shot s = shot(&f->plain, 3, true);
    AllLayout L = layout(&s, 80, 24);
    assert_int_equal(L.pitch, 13);
    assert_int_equal(L.wmax, 24);
    Grid g = render(&s, 80, 24);
    const int want[6] = { 20, 52, 12, 4, 8, 16 };
    for (int t = 0; t < 6; t++)
        assert_int_equal(landing_dots(&g, &L, t, 0), want[t]);
    grid_free(&g);
}

/* For every asker, at every size and on sixteen characters: each selected line lands with
 * 4 × all_thickness(share) dots; the dots follow the shares' order (engine_share_order);
 * shares a step 1/(wmax − 1) apart land a whole dot column apart. */
static void test_landing_dots_follow_the_shares(void **state)
{
    Fixture *f = *state;
    const Lesson *lessons[2] = { &f->plain, &f->long16 };
    for (int k = 0; k < 2; k++)
        for (size_t z = 0; z < N_SIZES; z++) {
            const Trace *tr = &lessons[k]->tr;
            int w = sizes[z][0], h = sizes[z][1];
            for (int t = 0; t < tr->T; t++) {
                Shot s = shot(lessons[k], t, true);
                AllLayout L = layout(&s, w, h);
                Grid g = render(&s, w, h);
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
    Fixture *f = *state;
    Shot s = shot(&f->plain, 3, false);
    AllLayout L = layout(&s, 80, 24);
    assert_true(100.0 / (L.wmax - 1) < 4.5);
    Grid g = render(&s, 80, 24);
    assert_true(landing_dots(&g, &L, 5, 0) > landing_dots(&g, &L, 2, 0));   /* ? 14.4% > 五 10.1% */
    assert_true(landing_dots(&g, &L, 0, 0) > landing_dots(&g, &L, 5, 0));   /* 三 19.6% > ? 14.4% */
    grid_free(&g);
}

/* ---------------------------------------------------------------- in front, faded */

static void test_selected_lines_in_front_the_rest_faded(void **state)
{
    Fixture *f = *state;
    const Trace *tr = &f->plain.tr;
    for (int t = 0; t < tr->T; t++) {
        Shot s = shot(&f->plain, t, true);
        AllLayout L = layout(&s, 80, 24);
        Grid g = render(&s, 80, 24);
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
    Fixture *f = *state;
    int prev = -1;
    const double progress[] = { 0.0, 0.3, 0.6, 1.0 };
    for (size_t k = 0; k < 4; k++) {
        Shot s = shot(&f->plain, 1, true);
        s.progress = progress[k];
        AllLayout L = layout(&s, 80, 24);
        Grid g = render(&s, 80, 24);
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
    Fixture *f = *state;
    const Trace *tr = &f->plain.tr;
    for (int t = 0; t < tr->T; t++) {
        Shot s = shot(&f->plain, t, true);
        AllLayout L = layout(&s, 80, 24);
        Grid g = render(&s, 80, 24);
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
    Shot s = shot(&f->plain, 3, true);
    Grid g = render(&s, 80, 24);
    char row[1024];
    row_text(&g, layout(&s, 80, 24).number_row, row, sizeof row);
    assert_string_equal(row, "    19.6%        52.4%        10.1%         1.4%         2.2%         14.4%");
    grid_free(&g);
}

static void test_caption_says_the_order(void **state)
{
    Fixture *f = *state;
    struct { const Lesson *ls; int focus; Lang lang; const char *want; } cases[] = {
        { &f->plain, 3, LANG_EN, "等 looks most at 加, then 三, ?, 五, 于, 等" },
        { &f->plain, 3, LANG_ZH, "等 看得最多的是 加，其次是 三、?、五、于、等" },
        { &f->masked, 3, LANG_EN, "等 looks most at 加, then 三, 五, 等" },
        { &f->masked, 0, LANG_EN, "三 can only look at itself" },
        { &f->heads, 3, LANG_EN, "等: the first head looks most at 加, the second at 加" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int numbers = 0; numbers < 2; numbers++) {
            Shot s = shot(cases[i].ls, cases[i].focus, numbers);
            s.lang = cases[i].lang;
            Grid g = render(&s, 80, 24);
            char *text = frame_text(&g);
            if (!strstr(text, cases[i].want))
                fail_msg("no \"%s\" in\n%s", cases[i].want, text);
            free(text);
            grid_free(&g);
        }
}

static void test_the_lessons_words(void **state)
{
    Fixture *f = *state;
    Shot s = shot(&f->plain, 3, false);
    s.lang = LANG_ZH;
    Grid g = render(&s, 80, 24);
    char *text = frame_text(&g);
    assert_non_null(strstr(text, "线越粗，说明那个字被看得越多"));
    free(text);
    grid_free(&g);
    s.lang = LANG_EN;
    g = render(&s, 80, 24);
    text = frame_text(&g);
    assert_non_null(strstr(text, "the thicker the line, the more that character is looked at"));
    free(text);
    grid_free(&g);
}

/* n hides every number: no digit above the status line, in any case. */
static void test_hidden_numbers_leave_no_digit(void **state)
{
    Fixture *f = *state;
    const Lesson *lessons[4] = { &f->plain, &f->masked, &f->heads, &f->long16 };
    for (int k = 0; k < 4; k++)
        for (size_t z = 0; z < N_SIZES; z++)
            for (int mode = 0; mode < 3; mode++) {
                Shot s = shot(lessons[k], (int)(z + (size_t)mode) % lessons[k]->tr.T, false);
                s.lang = mode == 1 ? LANG_ZH : LANG_EN;
                s.ascii = mode == 2;
                for (int head = -1; head <= (k == 2 ? 1 : -1); head++) {
                    s.head = head;
                    Grid g = render(&s, sizes[z][0], sizes[z][1]);
                    char row[4096];
                    for (int y = 0; y < g.h - 1; y++) {
                        row_text(&g, y, row, sizeof row);
                        if (s.ascii)   /* "3 + 5": the sentence's characters, not numbers */
                            blank_sentence_labels(row, &lessons[k]->tr);
                        for (const char *p = row; *p; p++)
                            if (*p >= '0' && *p <= '9')
                                fail_msg("lesson %d %dx%d mode %d head %d: digit in row %d: %s",
                                         k, sizes[z][0], sizes[z][1], mode, head, y, row);
                    }
                    grid_free(&g);
                }
            }
}

/* ---------------------------------------------------------------- clicks */

static void test_clicks_hit_the_character_drawn_there(void **state)
{
    Fixture *f = *state;
    const Lesson *lessons[2] = { &f->plain, &f->long16 };
    for (int k = 0; k < 2; k++)
        for (size_t z = 0; z < N_SIZES; z++) {
            int w = sizes[z][0], h = sizes[z][1];
            const Trace *tr = &lessons[k]->tr;
            Shot s = shot(lessons[k], 0, true);
            Grid g = render(&s, w, h);
            Clicker ck;
            clicker_init(&ck, &s);
            int found[MODEL_MAX_TOKENS] = { 0 };
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    int arg = -1;
                    Action a = click(&ck, w, h, x, y, &arg);
                    if (a != ACTION_FOCUS_N)
                        continue;
                    const Cell *c = grid_cell(&g, x, y);
                    if (c->width == 0)
                        c = grid_cell(&g, x - 1, y);
                    assert_string_equal(c->glyph, tr->tokens[arg]);
                    found[arg]++;
                }
            for (int t = 0; t < tr->T; t++)   /* in both rows, every column of the glyph */
                assert_int_equal(found[t], 2 * text_width(tr->tokens[t]));
            grid_free(&g);
        }
}

static void test_keys_and_autoplay_walk_the_characters(void **state)
{
    Fixture *f = *state;
    Player p;
    Ui ui;
    Shot s = shot(&f->plain, 0, true);
    state_of(&s, &p, &ui);
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
    Fixture *f = *state;
    const Trace *tr = &f->masked.tr;
    for (int t = 0; t < tr->T; t++) {
        Shot s = shot(&f->masked, t, true);
        AllLayout L = layout(&s, 80, 24);
        Grid g = render(&s, 80, 24);
        for (int u = 0; u < tr->T; u++) {
            int dots = landing_dots(&g, &L, u, 0);
            if (u > t)
                assert_int_equal(dots, 0);
            else
                assert_int_equal(dots, 4 * all_thickness(L.wmax, TRACE_SQ(tr, weights, t, u)));
        }
        grid_free(&g);
    }
    Shot s = shot(&f->masked, 3, true);
    Grid g = render(&s, 80, 24);
    char *text = frame_text(&g);
    assert_non_null(strstr(text, "23.5%        62.8%        12.1%         1.7%         0.0%         0.0%"));
    assert_non_null(strstr(text, "causal mask: no line goes to a later character"));
    free(text);
    grid_free(&g);
}

/* Two heads: both side by side (the first left of each character in one colour, the second
 * right in another), each with its own shares; or one head alone. */
static void test_two_heads(void **state)
{
    Fixture *f = *state;
    const Trace *tr = &f->heads.tr;
    Shot s = shot(&f->heads, 3, true);
    AllLayout L = layout(&s, 80, 24);
    assert_int_equal(L.heads, 2);
    assert_int_equal(L.wmax, 12);
    Grid g = render(&s, 80, 24);
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
        s.head = head;
        L = layout(&s, 80, 24);
        assert_int_equal(L.heads, 1);
        assert_int_equal(L.head, head);
        assert_int_equal(L.wmax, 24);
        g = render(&s, 80, 24);
        for (int u = 0; u < tr->T; u++)
            assert_int_equal(landing_dots(&g, &L, u, 0),
                             4 * all_thickness(24, TRACE_HSQ(tr, weights, head, 3, u)));
        grid_free(&g);
    }
}

/* ---------------------------------------------------------------- every size, ASCII */

static void test_ascii_mode_is_ascii(void **state)
{
    Fixture *f = *state;
    const Lesson *lessons[4] = { &f->plain, &f->masked, &f->heads, &f->long16 };
    for (int k = 0; k < 4; k++)
        for (size_t z = 0; z < N_SIZES; z++) {
            Shot s = shot(lessons[k], 3, z % 2 == 0);
            s.ascii = true;
            s.lang = LANG_ZH;   /* ASCII mode speaks English */
            Grid g = render(&s, sizes[z][0], sizes[z][1]);
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
    Fixture *f = *state;
    const Lesson *lessons[2] = { &f->plain, &f->long16 };
    for (int k = 0; k < 2; k++)
        for (int w = 60; w <= 300; w += 20)
            for (int h = 20; h <= 80; h += 30) {
                Shot s = shot(lessons[k], 0, true);
                s.ascii = true;
                AllLayout L = layout(&s, w, h);
                Grid g = render(&s, w, h);
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
    Fixture *f = *state;
    const Lesson *lessons[4] = { &f->plain, &f->masked, &f->heads, &f->long16 };
    for (int k = 0; k < 4; k++)
        for (int w = 60; w <= 300; w += 30)
            for (int h = 20; h <= 80; h += 15)
                for (int numbers = 0; numbers < 2; numbers++) {
                    const Trace *tr = &lessons[k]->tr;
                    Shot s = shot(lessons[k], (w + h) % tr->T, numbers);
                    s.lang = (w / 30) % 2 ? LANG_ZH : LANG_EN;
                    AllLayout L = layout(&s, w, h);
                    Grid g = render(&s, w, h);
                    assert_true(L.line_rows >= ALL_MIN_LINE_ROWS);
                    assert_true(L.caption_row < h - 1);
                    for (int t = 0; t < tr->T; t++) {
                        assert_string_equal(grid_cell(&g, L.tok_x[t], L.top_row)->glyph, tr->tokens[t]);
                        assert_string_equal(grid_cell(&g, L.tok_x[t], L.bottom_row)->glyph, tr->tokens[t]);
                        if (t)
                            assert_true(L.tok_x[t] > L.tok_x[t - 1] + L.tok_w[t - 1]);
                    }
                    for (int y = 0; y < h; y++)
                        for (int x = 0; x < w; x++) {
                            const Cell *c = grid_cell(&g, x, y);
                            if (c->width == 2)
                                assert_int_equal(grid_cell(&g, x + 1, y)->width, 0);
                            else if (c->width == 0)
                                assert_int_equal(grid_cell(&g, x - 1, y)->width, 2);
                        }
                    char row[4096];
                    row_text(&g, L.caption_row, row, sizeof row);
                    assert_non_null(strstr(row, tr->tokens[s.focus]));
                    grid_free(&g);
                }
}

/* 16 characters at 80 × 24: every one of them in both rows, shares on two alternating rows. */
static void test_sixteen_at_80x24(void **state)
{
    Fixture *f = *state;
    const Trace *tr = &f->long16.tr;
    Shot s = shot(&f->long16, 3, true);
    AllLayout L = layout(&s, 80, 24);
    assert_int_equal(L.tokens, 16);
    assert_true(L.staggered);
    assert_int_equal(L.number_rows, 2);
    Grid g = render(&s, 80, 24);
    char *text = frame_text(&g);
    char want[FORMAT_BYTES];
    for (int u = 0; u < 16; u++)
        assert_non_null(strstr(text, format_percent(want, sizeof want, TRACE_SQ(tr, weights, 3, u))));
    free(text);
    grid_free(&g);
}

static void test_frame_is_pure(void **state)
{
    Fixture *f = *state;
    Shot s = shot(&f->plain, 2, true);
    s.progress = 0.5;
    Grid a = render(&s, 80, 24);
    Grid b;
    assert_int_equal(grid_init(&b, 80, 24), 0);
    grid_put_text(&b, 0, 9, "debris ⣿⣿⣿ debris 加加加", STYLE_ERROR);
    Player p;
    Ui ui;
    state_of(&s, &p, &ui);
    FrameInput in = { .lesson = s.ls, .player = &p, .ui = &ui, .progress = 0.5, .opt = NULL };
    frame_render(&b, &in);
    assert_memory_equal(a.cells, b.cells, sizeof(Cell) * 80 * 24);
    grid_free(&a);
    grid_free(&b);
}

int main(void)
{
#define T(f) cmocka_unit_test(f)
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_thickness_is_monotone_in_the_share),
        T(test_landing_dots_at_80x24),
        T(test_landing_dots_follow_the_shares),
        T(test_few_points_apart_look_different),
        T(test_selected_lines_in_front_the_rest_faded),
        T(test_lines_grow_while_the_selection_changes),
        T(test_printed_shares_are_the_traces),
        T(test_caption_says_the_order),
        T(test_the_lessons_words),
        T(test_hidden_numbers_leave_no_digit),
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
    return cmocka_run_group_tests(tests, setup, teardown);   /* one fixture, read only */
}

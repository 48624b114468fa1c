/* test_view_arcs.c — unit tests of the arcs view and the frame around it, as a pure
 * function of its inputs. Owns: hidden numbers leave no digit, shown numbers are the
 * trace's, thickness follows the share, animation by progress, help from the key table,
 * ASCII mode, layout at every size, clicks. Must not touch: golden files, the terminal. */
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
#include "charname.h"
#include "check.h"
#include "chrome.h"
#include "format.h"
#include "keys.h"
#include "text.h"
#include "view_arcs.h"

/* ---------------------------------------------------------------- scenes */

/* What one frame shows: the player's and the UI's parts the tests vary. */
typedef struct {
    int tokens;       /* characters */
    int focus;        /* the asking character */
    Stage stage;      /* the stage */
    bool playing;     /* autoplay running */
    bool numbers;     /* numbers shown */
    bool help;        /* help open */
    double speed;     /* autoplay speed */
    Stage from_stage; /* the stage the transition leaves */
    int answer;       /* ui->answer: the worked character (-1: the row's largest) */
    int dim;          /* ui->dim: the worked dimension */
    Theme theme;      /* ui->theme: the colours (the contrast theme draws thicker arcs) */
} ArcsShot;

typedef FrameOptions SceneOptions;

/* A scene of the arcs view over trace tr alone: *ls becomes its lesson (the caller keeps
 * it while the scene is used). */
static void arcs_scene(Scene *sc, Lesson *ls, const Trace *tr)
{
    *ls = (Lesson){ .model = tr->model, .tr = *tr };
    scene_start(sc, ls, VIEW_ARCS);
}

/* The scene of shot s over tr at progress, drawn with options o (NULL: English, Unicode). */
static void shot_scene(Scene *sc, Lesson *ls, const Trace *tr, const ArcsShot *s, double progress,
                       const SceneOptions *o)
{
    arcs_scene(sc, ls, tr);
    sc->p.focus = s->focus;
    sc->p.stage = s->stage;
    sc->p.playing = s->playing;
    sc->p.speed = s->speed;
    sc->p.from_stage = s->from_stage;
    sc->p.from_focus = s->focus;
    sc->ui.numbers = s->numbers;
    sc->ui.help = s->help;
    sc->ui.answer = s->answer;
    sc->ui.dim = s->dim;
    sc->ui.theme = s->theme;
    sc->progress = progress;
    if (o)
        sc->o = *o;
}

/* The character a click at (x, y) of a w × h frame focuses, or -1. */
static int scene_token_at(const Trace *tr, int w, int h, const SceneOptions *o, int x, int y)
{
    Lesson ls;
    Scene sc;
    arcs_scene(&sc, &ls, tr);
    if (o)
        sc.o = *o;
    int arg;
    return scene_click(&sc, w, h, x, y, &arg) == ACTION_FOCUS_N ? arg : -1;
}

static const Stage all_stages[STAGE_COUNT] = { STAGE_QKV, STAGE_SCORE, STAGE_SOFTMAX, STAGE_OUTPUT };
static const int sizes[][2] = { { 60, 20 }, { 70, 22 }, { 80, 24 }, { 120, 40 }, { 200, 60 }, { 61, 21 }, { 99, 31 } };
#define N_SIZES (sizeof sizes / sizeof sizes[0])

static ArcsShot player_at(const Trace *tr, int focus, Stage stage, bool numbers)
{
    ArcsShot p = { .tokens = tr->T, .focus = focus, .stage = stage, .playing = false,
                   .numbers = numbers, .help = false, .speed = 1.0, .from_stage = STAGE_QKV,
                   .answer = -1, .dim = 0 };
    return p;
}

/* Renders one frame into a fresh w × h grid (caller frees with grid_free). */
static Grid render(const Trace *tr, const ArcsShot *p, double progress, int w, int h,
                   const SceneOptions *o)
{
    Lesson ls;
    Scene sc;
    shot_scene(&sc, &ls, tr, p, progress, o);
    return scene_render(&sc, w, h);
}

/* Braille dots in cells [x0, x1) of row y. */
static int dots_in(const Grid *g, int x0, int x1, int y)
{
    int n = 0;
    for (int x = x0; x < x1; x++) {
        const Cell *c = grid_cell(g, x, y);
        if (!c)
            continue;
        for (int bits = arcs_braille_dots(c); bits; bits &= bits - 1)
            n++;
    }
    return n;
}

static int dots_total(const Grid *g)
{
    int n = 0;
    for (int y = 0; y < g->h; y++)
        n += dots_in(g, 0, g->w, y);
    return n;
}

/* The sentence row and each character's first column: the first row from the top where a
 * click focuses the first character (the layout says which row to try first: the search
 * clicks rows above it only when that one misses), each column found by clicking across it. */
static int find_sentence(const Trace *tr, int w, int h, const SceneOptions *o, int *tok_x)
{
    Lesson ls;
    Scene sc;
    arcs_scene(&sc, &ls, tr);
    if (o)
        sc.o = *o;
    ArcsLayout L;
    ViewCtx c = scene_context(&sc, w, h);
    arcs_layout(&c, &L);
    int y = -1;
    for (int x = 0; x < w && y < 0 && L.sentence_row >= 0 && L.sentence_row < h; x++)
        if (scene_token_at(tr, w, h, o, x, L.sentence_row) == 0)
            y = L.sentence_row;
    for (int row = 0; row < h && y < 0; row++)   /* not on the layout's row: anywhere */
        for (int x = 0; x < w && y < 0; x++)
            if (scene_token_at(tr, w, h, o, x, row) == 0)
                y = row;
    if (y < 0)
        return -1;
    for (int x = w - 1; x >= 0; x--) {
        int t = scene_token_at(tr, w, h, o, x, y);
        if (t >= 0 && t < tr->T)
            tok_x[t] = x;   /* ends on the leftmost column */
    }
    return y;
}

/* ---------------------------------------------------------------- hidden numbers */

static void test_hidden_numbers_leave_no_data_value(void **state)
{
    Fixture *l = *state;
    const double progress[] = { 0.0, 0.4, 1.0 };
    const SceneOptions options[] = { { LANG_EN, false, NULL, NULL }, { LANG_ZH, false, NULL, NULL }, { LANG_EN, true, NULL, NULL } };
    for (size_t z = 0; z < N_SIZES; z++)
        for (int st = 0; st < STAGE_COUNT; st++)
            for (int f = 0; f < l->ls.tr.T; f++)
                for (size_t k = 0; k < 3; k++) {
                    const SceneOptions *o = &options[(z + (size_t)f + k) % 3];
                    ArcsShot p = player_at(&l->ls.tr, f, all_stages[st], false);
                    Grid g = render(&l->ls.tr, &p, progress[k], sizes[z][0], sizes[z][1], o);
                    char what[96];
                    snprintf(what, sizeof what, "%dx%d stage %d focus %d lang %d ascii %d p %.1f",
                             sizes[z][0], sizes[z][1], st, f, o->lang, o->ascii, progress[k]);
                    assert_no_data_value_above_status(&g, what, o->ascii ? &l->ls.tr : NULL);
                    grid_free(&g);
                }
}

static void test_hidden_numbers_still_draw_arcs(void **state)
{
    Fixture *l = *state;
    ArcsShot p = player_at(&l->ls.tr, 3, STAGE_SOFTMAX, false);
    Grid g = render(&l->ls.tr, &p, 1.0, 80, 24, NULL);
    assert_true(dots_total(&g) > 100);
    grid_free(&g);
}

/* ---------------------------------------------------------------- shown numbers */

/* Asserts the frame of stage st (focus 3, settled, 80 × 24) contains s. */
static void assert_frame_has(const Trace *tr, Stage st, const char *s)
{
    ArcsShot p = player_at(tr, 3, st, true);
    Grid g = render(tr, &p, 1.0, 80, 24, NULL);
    assert_has(&g, s);
    grid_free(&g);
}

/* The same: it does not contain s. */
static void assert_frame_lacks(const Trace *tr, Stage st, const char *s)
{
    ArcsShot p = player_at(tr, 3, st, true);
    Grid g = render(tr, &p, 1.0, 80, 24, NULL);
    assert_lacks(&g, s);
    grid_free(&g);
}

static void test_softmax_shows_the_traces_shares(void **state)
{
    Fixture *l = *state;
    char want[32];
    for (int s = 0; s < l->ls.tr.T; s++) {
        format_percent(want, sizeof want, TRACE_SQ(&l->ls.tr, weights, 3, s));
        assert_frame_has(&l->ls.tr, STAGE_SOFTMAX, want);
    }
}

/* ② shows the raw scores; ÷√d is softmax's first step (the lesson's 「softmax 前面的一步」),
 * shown with ③ as on the machine and in --dump. */
static void test_score_shows_raw_and_scaled_scores(void **state)
{
    Fixture *l = *state;
    char want[32];
    CheckedShare cs;   /* ③ prints the ÷√8 row with the decimals its softmax check needs */
    check_share(&cs, &l->ls.tr, 0, 3, 0);
    for (int s = 0; s < l->ls.tr.T; s++) {
        assert_frame_has(&l->ls.tr, STAGE_SCORE, format_fixed(want, sizeof want, TRACE_SQ(&l->ls.tr, scores, 3, s), 2));
        assert_frame_has(&l->ls.tr, STAGE_SOFTMAX,
                         format_fixed(want, sizeof want, TRACE_SQ(&l->ls.tr, scaled, 3, s), cs.scaled_digits));
    }
    assert_frame_lacks(&l->ls.tr, STAGE_SCORE, "÷√8");
    assert_frame_has(&l->ls.tr, STAGE_SOFTMAX, "÷√8");
    assert_frame_has(&l->ls.tr, STAGE_SOFTMAX, "√8 ≈ 2.828427");
}

static void test_qkv_shows_the_four_vectors_and_roles(void **state)
{
    Fixture *l = *state;
    char want[32];
    const double *rows[4] = { TRACE_ROW(&l->ls.tr, x, 3), TRACE_ROW(&l->ls.tr, q, 3),
                              TRACE_ROW(&l->ls.tr, k, 3), TRACE_ROW(&l->ls.tr, v, 3) };
    for (int r = 0; r < 4; r++)
        for (int j = 0; j < l->ls.tr.d; j++)
            assert_frame_has(&l->ls.tr, STAGE_QKV, format_fixed(want, sizeof want, rows[r][j], 2));
    assert_frame_has(&l->ls.tr, STAGE_QKV, "what I look for");
    assert_frame_has(&l->ls.tr, STAGE_QKV, "my name tag");
    assert_frame_has(&l->ls.tr, STAGE_QKV, "what I hand over");
    snprintf(want, sizeof want, "= %s", format_fixed(want + 16, 16, TRACE_ROW(&l->ls.tr, q, 3)[0], 2));
    assert_frame_has(&l->ls.tr, STAGE_QKV, want);
}

static void test_output_shows_vector_terms_and_cosine(void **state)
{
    Fixture *l = *state;
    char want[64], num[32];
    for (int j = 0; j < l->ls.tr.d; j++)
        assert_frame_has(&l->ls.tr, STAGE_OUTPUT, format_fixed(want, sizeof want, TRACE_ROW(&l->ls.tr, output, 3)[j], 2));
    double cos;
    int best = engine_closest_value(&l->ls.tr, 3, &cos);
    snprintf(want, sizeof want, "V(%s): cosine %s", l->ls.tr.tokens[best], format_fixed(num, sizeof num, cos, 4));
    assert_frame_has(&l->ls.tr, STAGE_OUTPUT, want);
    for (int s = 0; s < l->ls.tr.T; s++) {
        snprintf(want, sizeof want, "%s·V(%s)",
                 format_percent(num, sizeof num, TRACE_SQ(&l->ls.tr, weights, 3, s)), l->ls.tr.tokens[s]);
        assert_frame_has(&l->ls.tr, STAGE_OUTPUT, want);
    }
}

/* One number, one value: each panel's check holds with "=" and prints the row it
 * works as the matrix does: 等 at ③ 0.3734 … Σ 1.9084 and 52.4% (not 1.911 and 52.3% ≈ 52.4%),
 * at ② 4.05 and at ④ 0.52124 at two decimals, 三 at ② 7.512179 (not 7.5007 ≈ 7.51). */
static void test_checks_hold_as_printed(void **state)
{
    Fixture *l = *state;
    const Trace *tr = &l->ls.tr;
    assert_frame_has(tr, STAGE_SOFTMAX, "e^(s-max)   0.3734 1.0000 0.1920 0.0264 0.0424 0.2742   Σ 1.9084");
    assert_frame_has(tr, STAGE_SOFTMAX, "÷√8          0.447  1.432 -0.218 -2.203 -1.728  0.138");
    assert_frame_has(tr, STAGE_SOFTMAX, "share(加) = e^(1.432-1.432) / Σ = 1.0000 / 1.9084 = 52.4%");
    assert_frame_has(tr, STAGE_SOFTMAX, "Σ adds the printed shares: 100.1% is 100% rounded");
    assert_frame_has(tr, STAGE_SCORE, "= 4.0495");
    assert_frame_has(tr, STAGE_OUTPUT, "= 0.52124");
    ArcsShot p = player_at(tr, 0, STAGE_SCORE, true);
    Grid g = render(tr, &p, 1.0, 120, 40, NULL);
    assert_has(&g, "= 7.512179");
    assert_has(&g, "Q(三)      0.092 -1.684 -1.101  2.532  0.835  0.846 -0.830  0.809");
    assert_lacks(&g, "≈");
    grid_free(&g);
    p = player_at(tr, 1, STAGE_QKV, true);   /* x(加) with three decimals, Wq's two kept */
    g = render(tr, &p, 1.0, 120, 40, NULL);
    assert_has(&g, "= 2.03217");
    assert_has(&g, "1.291×(-0.04)");
    assert_lacks(&g, "≈");
    grid_free(&g);
}

/* The panel appears whole while the arcs grow (columns popping in one at a time would look
 * broken): every term of the weighted sum, and the check, at every moment. */
static void test_output_builds_term_by_term(void **state)
{
    Fixture *l = *state;
    const double progress[] = { 0.0, 0.1, 0.34, 0.5, 0.99, 1.0 };
    for (size_t k = 0; k < sizeof progress / sizeof progress[0]; k++) {
        ArcsShot p = player_at(&l->ls.tr, 3, STAGE_OUTPUT, true);
        Grid g = render(&l->ls.tr, &p, progress[k], 120, 40, NULL);
        char *text = frame_text(&g);
        int terms = 0;
        for (const char *s = text; (s = strstr(s, "·V(")) != NULL; s++)
            terms++;
        assert_int_equal(terms, l->ls.tr.T);
        assert_non_null(strstr(text, "output(等)[0] = "));
        assert_non_null(strstr(text, "= 0.52124"));
        free(text);
        grid_free(&g);
    }
}

/* ---------------------------------------------------------------- thickness */

/* The arcs view's layout of a w × h frame over tr (focus 3), in Unicode or ASCII, in theme. */
static void layout_themed(const Trace *tr, int w, int h, bool ascii, Theme theme, ArcsLayout *L)
{
    Lesson ls;
    Scene sc;
    arcs_scene(&sc, &ls, tr);
    sc.p.focus = 3;
    sc.p.stage = STAGE_SOFTMAX;
    sc.o.ascii = ascii;
    sc.ui.theme = theme;
    ViewCtx c = scene_context(&sc, w, h);
    arcs_layout(&c, L);
}

/* The same in the dark theme. */
static void layout_drawn(const Trace *tr, int w, int h, bool ascii, ArcsLayout *L)
{
    layout_themed(tr, w, h, ascii, THEME_DARK, L);
}

/* The arcs view's layout of a w × h frame over tr (focus 3). */
static void layout_at(const Trace *tr, int w, int h, ArcsLayout *L)
{
    layout_drawn(tr, w, h, false, L);
}

/* An arc's colour is the share ramp's step (ramp.h): below 5 %, 15 %, 35 %, from 35 %. */
static void test_share_levels(void **state)
{
    (void)state;
    assert_int_equal(ramp_share_level(0.0), 1);
    assert_int_equal(ramp_share_level(0.0499), 1);
    assert_int_equal(ramp_share_level(0.05), 2);
    assert_int_equal(ramp_share_level(0.149), 2);
    assert_int_equal(ramp_share_level(0.196), 3);
    assert_int_equal(ramp_share_level(0.35), 4);
    assert_int_equal(ramp_share_level(0.524), 4);
    assert_int_equal(ramp_share_level(1.0), 4);
    for (int i = 1; i <= 1000; i++)
        assert_true(ramp_share_level(i / 1000.0) >= ramp_share_level((i - 1) / 1000.0));
}

/* At 80 × 24 a foot grows 34 dots from a share of 0 to 1: shares 3 points apart always land
 * with different widths, and no larger share lands narrower (nor is its band thinner). */
static void test_widths_are_the_share(void **state)
{
    Fixture *l = *state;
    ArcsLayout L;
    layout_at(&l->ls.tr, 80, 24, &L);
    assert_int_equal(L.foot_scale, 34);
    assert_int_equal(arcs_foot_dots(&L, 0.0), 1);
    assert_int_equal(arcs_foot_dots(&L, 1.0), 35);
    assert_int_equal(arcs_foot_dots(&L, 0.524), 18);
    for (int i = 0; i + 30 <= 10000; i++) {
        double a = i / 10000.0;
        if (arcs_foot_dots(&L, a + 0.03) <= arcs_foot_dots(&L, a))
            fail_msg("shares %.4f and %.4f land equally wide", a, a + 0.03);
        assert_true(arcs_foot_dots(&L, a + 0.0001) >= arcs_foot_dots(&L, a));
        assert_true(arcs_band_dots(&L, a + 0.0001) >= arcs_band_dots(&L, a));
        assert_true(arcs_packet_dots(&L, a + 0.0001) >= arcs_packet_dots(&L, a));
    }
    assert_true(arcs_band_dots(&L, 1.0) > arcs_band_dots(&L, 0.5));
    assert_true(arcs_band_dots(&L, 0.5) > arcs_band_dots(&L, 0.0));
    for (size_t z = 0; z < N_SIZES; z++) {   /* neighbours' feet never meet */
        layout_at(&l->ls.tr, sizes[z][0], sizes[z][1], &L);
        assert_true(1 + L.foot_scale / 2 < 2 * L.pitch);
    }
}

/* The arc band's rule, stated: a band thickens by band_scale = clamp(⌊foot_scale / 4⌋, 1,
 * arc_rows) dots from a share of 0 to 1 and is min_dots + ⌊share · band_scale⌋ thick; a foot
 * is min_dots + ⌊share · foot_scale⌋ wide. At every size, both themes, Unicode and ASCII. */
static void test_band_rule(void **state)
{
    Fixture *l = *state;
    const Theme themes[] = { THEME_DARK, THEME_CONTRAST };
    for (size_t z = 0; z < N_SIZES; z++)
        for (size_t k = 0; k < sizeof themes / sizeof themes[0]; k++)
            for (int ascii = 0; ascii < 2; ascii++) {
                ArcsLayout L;
                layout_themed(&l->ls.tr, sizes[z][0], sizes[z][1], ascii, themes[k], &L);
                int quarter = L.foot_scale / 4;
                int band_scale = quarter < 1 ? 1 : quarter > L.arc_rows ? L.arc_rows : quarter;
                if (L.band_scale != band_scale)
                    fail_msg("%dx%d: band_scale %d, the rule says clamp(%d / 4, 1, %d) = %d", sizes[z][0],
                             sizes[z][1], L.band_scale, L.foot_scale, L.arc_rows, band_scale);
                for (int i = 0; i <= 1000; i++) {
                    double share = i / 1000.0;
                    assert_int_equal(arcs_band_dots(&L, share), L.min_dots + (int)floor(share * band_scale + 1e-9));
                    assert_int_equal(arcs_foot_dots(&L, share), L.min_dots + (int)floor(share * L.foot_scale + 1e-9));
                }
            }
    ArcsLayout L;   /* at 80 × 24: a foot of 34, so a band of 8 (the area has more rows) */
    layout_at(&l->ls.tr, 80, 24, &L);
    assert_int_equal(L.foot_scale, 34);
    assert_int_equal(L.band_scale, 8);
    assert_int_equal(arcs_band_dots(&L, 0.524), 1 + 4);   /* 等 → 加: ⌊0.524 × 8⌋ */
}

/* Width of the foot standing on character s: the run of dots on the lowest dot row of the
 * arc area that holds the character's middle. */
static int foot_width(const Grid *g, int sentence_row, int tok_x, int tok_w)
{
    char dots[1024] = { 0 };
    int n = 2 * g->w;
    for (int x = 0; x < g->w; x++) {
        int bits = arcs_braille_dots(grid_cell(g, x, sentence_row - 1));
        dots[2 * x] = (bits & 0x40) != 0;
        dots[2 * x + 1] = (bits & 0x80) != 0;
    }
    int mid = 2 * tok_x + tok_w - 1;   /* the dot left of the character's middle */
    if (!dots[mid] && dots[mid + 1])
        mid++;
    if (!dots[mid])
        return 0;
    int a = mid, b = mid;
    while (a > 0 && dots[a - 1])
        a--;
    while (b + 1 < n && dots[b + 1])
        b++;
    return b - a + 1;
}

/* The strongest arc style in the row above character s (where its arc lands). */
static int landing_style(const Grid *g, const Trace *tr, const int *tok_x, int row, int s)
{
    int style = 0;
    for (int x = tok_x[s] - 2; x < tok_x[s] + text_width(tr->tokens[s]) + 2; x++) {
        const Cell *c = grid_cell(g, x, row);
        if (c && arcs_braille_dots(c) && c->style > style)
            style = c->style;
    }
    return style;
}

static void test_feet_follow_share(void **state)
{
    Fixture *l = *state;
    Trace *tr = &l->ls.tr;
    const double shares[] = { 0.02, 0.10, 0.25, 0.60 };
    double saved[MODEL_MAX_TOKENS];
    for (int s = 0; s < tr->T; s++)
        saved[s] = TRACE_SQ(tr, weights, 3, s);
    for (size_t z = 0; z < N_SIZES; z++) {
        int tok_x[MODEL_MAX_TOKENS], prev = 0;
        ArcsLayout L;
        layout_at(tr, sizes[z][0], sizes[z][1], &L);
        int y = find_sentence(tr, sizes[z][0], sizes[z][1], NULL, tok_x);
        assert_true(y > 0);
        for (int k = 0; k < 4; k++) {
            for (int s = 0; s < tr->T; s++)
                TRACE_SQ(tr, weights, 3, s) = shares[k];
            ArcsShot p = player_at(tr, 3, STAGE_SOFTMAX, false);
            Grid g = render(tr, &p, 1.0, sizes[z][0], sizes[z][1], NULL);
            int w = foot_width(&g, y, tok_x[1], 2);   /* 加, two left of 等 */
            assert_int_equal(w, arcs_foot_dots(&L, shares[k]));
            assert_int_equal(landing_style(&g, tr, tok_x, y - 1, 1), ramp_share_style(shares[k]));
            if (w <= prev)
                fail_msg("%dx%d: a share of %.2f lands %d dots wide, %.2f %d", sizes[z][0], sizes[z][1],
                         shares[k], w, shares[k - 1], prev);
            prev = w;
            grid_free(&g);
        }
    }
    for (int s = 0; s < tr->T; s++)
        TRACE_SQ(tr, weights, 3, s) = saved[s];
}

/* Every arc lands exactly as wide as its share says, in its share's colour: in 等's row
 * 19.6 %, 14.4 % and 10.1 % land 7, 5 and 4 dots wide (shares a few points apart). */
static void test_each_arc_lands_with_its_share(void **state)
{
    Fixture *l = *state;
    const Trace *tr = &l->ls.tr;
    int tok_x[MODEL_MAX_TOKENS];
    ArcsLayout L;
    layout_at(tr, 80, 24, &L);
    int y = find_sentence(tr, 80, 24, NULL, tok_x);
    for (int numbers = 0; numbers < 2; numbers++) {
        ArcsShot p = player_at(tr, 3, STAGE_SOFTMAX, numbers);
        Grid g = render(tr, &p, 1.0, 80, 24, NULL);
        for (int s = 0; s < tr->T; s++) {
            if (s == 3)
                continue;
            double share = TRACE_SQ(tr, weights, 3, s);
            assert_int_equal(foot_width(&g, y, tok_x[s], 2), arcs_foot_dots(&L, share));
            assert_int_equal(landing_style(&g, tr, tok_x, y - 1, s), ramp_share_style(share));
        }
        assert_int_equal(foot_width(&g, y, tok_x[0], 2), 7);   /* 三 19.6 % */
        assert_int_equal(foot_width(&g, y, tok_x[5], 1), 5);   /* ? 14.4 % */
        assert_int_equal(foot_width(&g, y, tok_x[2], 2), 4);   /* 五 10.1 % */
        assert_int_equal(foot_width(&g, y, tok_x[1], 2), 18);  /* 加 52.4 % */
        grid_free(&g);
    }
}

/* Whether braille dot (dx, dy) of g is lit (dot space: cell dx / 2, dy / 4). */
static bool dot_lit(const Grid *g, int dx, int dy)
{
    const Cell *c = grid_cell(g, dx / 2, dy / 4);
    return c && (arcs_braille_dots(c) & draw_braille_bit(dx % 2, dy % 4)) != 0;
}

/* Dots across the stroke of the tallest arc above sentence_row (等's to 三, the farthest)
 * at its apex: the topmost run of lit dots, and in its middle dot column the lit dots from
 * there down to the first unlit one. */
static int apex_stroke(const Grid *g, int sentence_row)
{
    for (int dy = 0; dy < 4 * sentence_row; dy++)
        for (int dx = 0; dx < 2 * g->w; dx++) {
            if (!dot_lit(g, dx, dy))
                continue;
            int run = 0;
            while (dot_lit(g, dx + run, dy))
                run++;
            int mid = dx + run / 2, n = 0;
            while (dy + n < 4 * sentence_row && dot_lit(g, mid, dy + n))
                n++;
            return n;
        }
    return 0;
}

/* 等's arcs at ③ with a share of `share` to 三 and 0.01 to every other character, in theme:
 * the dots across the stroke of its arc to 三 at the apex (y: the sentence's row at w × h,
 * find_sentence's, found once per size: it asks every cell). */
static int stroke_to_san(Trace *tr, int w, int h, int y, double share, Theme theme)
{
    double saved[MODEL_MAX_TOKENS];
    for (int s = 0; s < tr->T; s++) {
        saved[s] = TRACE_SQ(tr, weights, 3, s);
        TRACE_SQ(tr, weights, 3, s) = s == 0 ? share : 0.01;
    }
    ArcsShot p = player_at(tr, 3, STAGE_SOFTMAX, false);
    p.theme = theme;
    Grid g = render(tr, &p, 1.0, w, h, NULL);
    int n = apex_stroke(&g, y);
    grid_free(&g);
    for (int s = 0; s < tr->T; s++)
        TRACE_SQ(tr, weights, 3, s) = saved[s];
    return n;
}

/* The contrast theme (a projector) draws every arc at least ARCS_CONTRAST_MIN_DOTS thick:
 * a share of 1% is one dot across in the dark theme and two in contrast, at every size;
 * thickness still follows the share (a larger share is never thinner, and far larger ones
 * are thicker), and the contrast stroke is never thinner than the dark one. */
static void test_contrast_arcs_are_thick(void **state)
{
    Fixture *l = *state;
    Trace *tr = &l->ls.tr;
    const double shares[] = { 0.01, 0.05, 0.2, 0.5, 0.9 };
    for (size_t z = 0; z < N_SIZES; z++) {
        int w = sizes[z][0], h = sizes[z][1], tok_x[MODEL_MAX_TOKENS];
        int y = find_sentence(tr, w, h, NULL, tok_x);
        assert_true(y > 0);
        ArcsLayout dark, contrast;
        layout_themed(tr, w, h, false, THEME_DARK, &dark);
        layout_themed(tr, w, h, false, THEME_CONTRAST, &contrast);
        assert_int_equal(dark.min_dots, 1);
        assert_int_equal(contrast.min_dots, ARCS_CONTRAST_MIN_DOTS);
        assert_int_equal(arcs_band_dots(&dark, 0.01), 1);
        assert_int_equal(arcs_band_dots(&contrast, 0.01), 2);
        assert_true(arcs_foot_dots(&contrast, 0.01) >= 2);
        for (int i = 0; i + 30 <= 10000; i++) {   /* ordered by share, as in the dark theme */
            double a = i / 10000.0;
            assert_true(arcs_foot_dots(&contrast, a + 0.0001) >= arcs_foot_dots(&contrast, a));
            assert_true(arcs_band_dots(&contrast, a + 0.0001) >= arcs_band_dots(&contrast, a));
            if (arcs_foot_dots(&contrast, a + 0.03) <= arcs_foot_dots(&contrast, a) && w >= 80)
                fail_msg("%dx%d contrast: shares %.4f and %.4f land equally wide", w, h, a, a + 0.03);
        }
        assert_int_equal(stroke_to_san(tr, w, h, y, 0.01, THEME_DARK), 1);
        assert_int_equal(stroke_to_san(tr, w, h, y, 0.01, THEME_CONTRAST), 2);
        int prev = 0;
        for (size_t k = 0; k < sizeof shares / sizeof shares[0]; k++) {
            int d = stroke_to_san(tr, w, h, y, shares[k], THEME_DARK);
            int c = stroke_to_san(tr, w, h, y, shares[k], THEME_CONTRAST);
            if (c < d || c < prev)
                fail_msg("%dx%d: share %.2f is %d dots across in contrast, %d in dark, %d at %.2f",
                         w, h, shares[k], c, d, prev, k ? shares[k - 1] : 0.0);
            prev = c;
        }
        if (stroke_to_san(tr, w, h, y, 0.9, THEME_CONTRAST) <= stroke_to_san(tr, w, h, y, 0.01, THEME_CONTRAST))
            fail_msg("%dx%d contrast: 90%% is no thicker than 1%%", w, h);
    }
}

/* In the contrast theme too every arc lands exactly as wide as its share says. */
static void test_contrast_feet_follow_share(void **state)
{
    Fixture *l = *state;
    const Trace *tr = &l->ls.tr;
    int tok_x[MODEL_MAX_TOKENS];
    ArcsLayout L;
    layout_themed(tr, 80, 24, false, THEME_CONTRAST, &L);
    int y = find_sentence(tr, 80, 24, NULL, tok_x);
    ArcsShot p = player_at(tr, 3, STAGE_SOFTMAX, false);
    p.theme = THEME_CONTRAST;
    Grid g = render(tr, &p, 1.0, 80, 24, NULL);
    for (int s = 0; s < tr->T; s++)
        if (s != 3)
            assert_int_equal(foot_width(&g, y, tok_x[s], 2), arcs_foot_dots(&L, TRACE_SQ(tr, weights, 3, s)));
    assert_int_equal(foot_width(&g, y, tok_x[4], 2), 2);    /* 于 2.2 %: 1 + 0 in dark */
    assert_int_equal(foot_width(&g, y, tok_x[2], 2), 5);    /* 五 10.1 %: 4 in dark */
    assert_int_equal(foot_width(&g, y, tok_x[1], 2), 19);   /* 加 52.4 %: 18 in dark */
    grid_free(&g);
}

static void test_score_arcs_are_thin(void **state)
{
    Fixture *l = *state;
    ArcsShot p = player_at(&l->ls.tr, 3, STAGE_SCORE, true);
    Grid g = render(&l->ls.tr, &p, 1.0, 80, 24, NULL);
    ArcsShot q = player_at(&l->ls.tr, 3, STAGE_SOFTMAX, true);
    Grid h = render(&l->ls.tr, &q, 1.0, 80, 24, NULL);
    for (int y = 0; y < g.h; y++)
        for (int x = 0; x < g.w; x++) {
            const Cell *c = grid_cell(&g, x, y);
            if (arcs_braille_dots(c))
                assert_int_equal(c->style, STYLE_SHARE_1);
        }
    assert_true(dots_total(&g) > 0);
    assert_true(dots_total(&h) > dots_total(&g));
    grid_free(&g);
    grid_free(&h);
}

/* ---------------------------------------------------------------- animation */

static void test_arcs_grow_with_progress(void **state)
{
    Fixture *l = *state;
    int prev = -1;
    const double progress[] = { 0.0, 0.25, 0.5, 0.75, 1.0 };
    for (size_t k = 0; k < 5; k++) {
        ArcsShot p = player_at(&l->ls.tr, 3, STAGE_SOFTMAX, true);
        Grid g = render(&l->ls.tr, &p, progress[k], 80, 24, NULL);
        int dots = dots_total(&g);
        if (k == 0)
            assert_int_equal(dots, 0);
        else
            assert_true(dots > prev);
        prev = dots;
        grid_free(&g);
    }
}

static void test_qkv_draws_no_arcs(void **state)
{
    Fixture *l = *state;
    ArcsShot p = player_at(&l->ls.tr, 3, STAGE_QKV, true);
    Grid g = render(&l->ls.tr, &p, 1.0, 80, 24, NULL);
    assert_int_equal(dots_total(&g), 0);
    grid_free(&g);
}

/* The arc area (the rows between the view bar and the sentence) of two frames is the same. */
static bool same_arcs(const Grid *a, const Grid *b, int sentence_row)
{
    const int top = 2;   /* under the title row and the view bar at 80 × 24 */
    return memcmp(a->cells + a->w * top, b->cells + b->w * top,
                  sizeof(Cell) * (size_t)a->w * (size_t)(sentence_row - top)) == 0;
}

/* ② → ③: the arcs stay whole and thicken from the thin lines of ② to their shares;
 * ③ → ② thins them back. */
static void test_arcs_thicken_from_score_to_share(void **state)
{
    Fixture *l = *state;
    const Trace *tr = &l->ls.tr;
    int tok_x[MODEL_MAX_TOKENS];
    int y = find_sentence(tr, 80, 24, NULL, tok_x);
    ArcsShot score = player_at(tr, 3, STAGE_SCORE, true);
    ArcsShot share = player_at(tr, 3, STAGE_SOFTMAX, true);
    Grid thin = render(tr, &score, 1.0, 80, 24, NULL);
    Grid thick = render(tr, &share, 1.0, 80, 24, NULL);
    ArcsShot up = share, down = score;
    up.from_stage = STAGE_SCORE;
    down.from_stage = STAGE_SOFTMAX;
    int prev = 0;
    const double progress[] = { 0.0, 0.25, 0.5, 0.75, 1.0 };
    for (size_t k = 0; k < 5; k++) {
        Grid g = render(tr, &up, progress[k], 80, 24, NULL);
        int w = foot_width(&g, y, tok_x[1], 2);   /* 加 */
        assert_true(w >= prev);
        assert_true(dots_total(&g) > 0);
        if (k == 0)
            assert_true(same_arcs(&g, &thin, y));
        if (k == 2)
            assert_true(w > 1 && w < foot_width(&thick, y, tok_x[1], 2));
        if (k == 4)
            assert_true(same_arcs(&g, &thick, y));
        prev = w;
        grid_free(&g);
        g = render(tr, &down, progress[k], 80, 24, NULL);
        if (k == 0)
            assert_true(same_arcs(&g, &thick, y));
        if (k == 4)
            assert_true(same_arcs(&g, &thin, y));
        grid_free(&g);
    }
    grid_free(&thin);
    grid_free(&thick);
}

/* Dots of the V's flowing back: bold braille cells in the arc area. */
static int packet_dots(const Grid *g, int sentence_row)
{
    int n = 0;
    for (int y = 0; y < sentence_row; y++)
        for (int x = 0; x < g->w; x++) {
            const Cell *c = grid_cell(g, x, y);
            if (c->style == STYLE_BOLD)
                for (int bits = arcs_braille_dots(c); bits; bits &= bits - 1)
                    n++;
        }
    return n;
}

static void test_output_values_flow_back(void **state)
{
    Fixture *l = *state;
    Trace *tr = &l->ls.tr;
    int tok_x[MODEL_MAX_TOKENS];
    int y = find_sentence(tr, 80, 24, NULL, tok_x);
    ArcsShot p = player_at(tr, 3, STAGE_OUTPUT, true);
    Grid mid = render(tr, &p, 0.5, 80, 24, NULL);
    Grid end = render(tr, &p, 1.0, 80, 24, NULL);
    assert_true(packet_dots(&mid, y) > 0);
    assert_int_equal(packet_dots(&end, y), 0);
    grid_free(&mid);
    grid_free(&end);
    /* sized by share: the same row with larger shares carries larger beads */
    double saved[MODEL_MAX_TOKENS];
    for (int s = 0; s < tr->T; s++)
        saved[s] = TRACE_SQ(tr, weights, 3, s);
    int prev = 0;
    const double shares[] = { 0.01, 0.2, 0.6 };
    for (int k = 0; k < 3; k++) {
        for (int s = 0; s < tr->T; s++)
            TRACE_SQ(tr, weights, 3, s) = shares[k];
        Grid g = render(tr, &p, 0.5, 80, 24, NULL);
        assert_true(packet_dots(&g, y) > prev);
        prev = packet_dots(&g, y);
        grid_free(&g);
    }
    for (int s = 0; s < tr->T; s++)
        TRACE_SQ(tr, weights, 3, s) = saved[s];
}

static void test_frame_is_pure(void **state)
{
    Fixture *l = *state;
    ArcsShot p = player_at(&l->ls.tr, 2, STAGE_OUTPUT, true);
    Lesson ls;
    Scene sc;
    shot_scene(&sc, &ls, &l->ls.tr, &p, 0.6, NULL);
    assert_frame_pure(&sc, 80, 24, 5, "debris debris debris 加加加");
}

/* ---------------------------------------------------------------- the screen's parts */

static void test_focus_is_marked(void **state)
{
    Fixture *l = *state;
    int tok_x[MODEL_MAX_TOKENS];
    int y = find_sentence(&l->ls.tr, 80, 24, NULL, tok_x);
    for (int f = 0; f < l->ls.tr.T; f++) {
        ArcsShot p = player_at(&l->ls.tr, f, STAGE_SOFTMAX, false);
        Grid g = render(&l->ls.tr, &p, 1.0, 80, 24, NULL);
        for (int t = 0; t < l->ls.tr.T; t++) {
            const Cell *c = grid_cell(&g, tok_x[t], y);
            assert_string_equal(c->glyph, l->ls.tr.tokens[t]);
            assert_int_equal(c->style, t == f ? STYLE_FOCUS : STYLE_TOKEN);
        }
        /* a ▲ under the focus, visible without colour */
        bool marked = false;
        for (int yy = y + 1; yy < y + 3; yy++)
            if (strcmp(grid_cell(&g, tok_x[f], yy)->glyph, "▲") == 0)
                marked = true;
        assert_true(marked);
        grid_free(&g);
    }
}

static void test_stage_line_lights_current_stage(void **state)
{
    Fixture *l = *state;
    const char *lit[2][STAGE_COUNT] = {
        { "① Q K V", "② score", "③ softmax", "④ output" },
        { "① 三个分身", "② 打分", "③ 变百分比", "④ 取货" },
    };
    for (int lang = 0; lang < 2; lang++)
        for (int st = 0; st < STAGE_COUNT; st++) {
            ArcsShot p = player_at(&l->ls.tr, 3, all_stages[st], true);
            SceneOptions o = { (Lang)lang, false, NULL, NULL };
            Grid g = render(&l->ls.tr, &p, 1.0, 80, 24, &o);
            char got[128] = "";
            for (int y = 0; y < 1; y++)
                for (int x = 0; x < g.w; x++) {
                    const Cell *c = grid_cell(&g, x, y);
                    if (c->style == STYLE_STAGE_LIT && c->width)
                        strcat(got, c->glyph);
                }
            assert_string_equal(got, lit[lang][st]);
            grid_free(&g);
        }
}

static void test_status_line_keys_state_and_notice(void **state)
{
    Fixture *l = *state;
    char row[1024];
    ArcsShot p = player_at(&l->ls.tr, 3, STAGE_SCORE, true);
    SceneOptions o = { LANG_EN, false, "no UTF-8 locale", NULL };
    Grid g = render(&l->ls.tr, &p, 1.0, 100, 30, &o);
    row_text(&g, 29, row, sizeof row);
    assert_non_null(strstr(row, "❚❚ paused"));
    assert_non_null(strstr(row, "no UTF-8 locale"));
    assert_non_null(strstr(row, "n numbers"));
    assert_int_equal(grid_cell(&g, 0, 29)->style, STYLE_STATUS);
    grid_free(&g);
    p.playing = true;
    p.speed = 2.0;
    g = render(&l->ls.tr, &p, 1.0, 80, 24, NULL);
    row_text(&g, 23, row, sizeof row);
    assert_non_null(strstr(row, "▶ playing ×2"));
    grid_free(&g);
}

static void test_too_small_exact_text(void **state)
{
    Fixture *l = *state;
    ArcsShot p = player_at(&l->ls.tr, 3, STAGE_SOFTMAX, true);
    struct { int w, h; bool ascii; const char *line; } cases[] = {
        { 59, 20, false, "         too small to draw: need 60×20, have 59×20" },
        { 60, 19, false, "         too small to draw: need 60×20, have 60×19" },
        { 59, 20, true, "         too small to draw: need 60x20, have 59x20" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        SceneOptions o = { LANG_EN, cases[i].ascii, NULL, NULL };
        Grid g = render(&l->ls.tr, &p, 1.0, cases[i].w, cases[i].h, &o);
        char expected[2048] = "";
        for (int y = 0; y < cases[i].h; y++) {
            if (y == cases[i].h / 2)
                strcat(expected, cases[i].line);
            strcat(expected, "\n");
        }
        char *text = frame_text(&g);
        assert_string_equal(text, expected);
        free(text);
        grid_free(&g);
    }
    /* one size up, the frame is whole */
    Grid g = render(&l->ls.tr, &p, 1.0, 60, 20, NULL);
    char *text = frame_text(&g);
    assert_null(strstr(text, "too small"));
    assert_non_null(strstr(text, "加"));
    free(text);
    grid_free(&g);
}

/* ---------------------------------------------------------------- help */

static void test_help_lists_every_binding(void **state)
{
    Fixture *l = *state;
    for (int lang = 0; lang < 2; lang++) {
        ArcsShot p = player_at(&l->ls.tr, 3, STAGE_SOFTMAX, true);
        p.help = true;
        SceneOptions o = { (Lang)lang, false, NULL, NULL };
        Grid g = render(&l->ls.tr, &p, 1.0, 100, 60, &o);   /* tall enough not to scroll */
        char *text = frame_text(&g);
        assert_null(strstr(text, "scroll"));
        int listed = 0;
        for (const KeyBinding *b = action_keys; b->key != 0; b++) {
            if (!b->in_help)
                continue;
            char line[256];
            snprintf(line, sizeof line, "%s", action_key_word(b->label, (Lang)lang));
            assert_non_null(strstr(text, line));
            assert_non_null(strstr(text, view_describe(view_ops(VIEW_ARCS), b->action, (Lang)lang)));
            listed++;
        }
        assert_true(listed > 5);
        free(text);
        grid_free(&g);
    }
}

/* ---------------------------------------------------------------- ASCII */

static void test_ascii_mode_is_ascii(void **state)
{
    Fixture *l = *state;
    for (size_t z = 0; z < N_SIZES; z++)
        for (int st = 0; st < STAGE_COUNT; st++)
            for (int mode = 0; mode < 4; mode++) {
                ArcsShot p = player_at(&l->ls.tr, 3, all_stages[st], mode & 1);
                p.help = mode & 2;
                p.playing = mode == 1;
                SceneOptions o = { LANG_ZH, true, "notice", NULL };
                Grid g = render(&l->ls.tr, &p, mode == 3 ? 0.5 : 1.0, sizes[z][0], sizes[z][1], &o);
                char what[64];
                snprintf(what, sizeof what, "%dx%d stage %d mode %d", sizes[z][0], sizes[z][1], st, mode);
                assert_ascii_frame(&g, what);
                grid_free(&g);
            }
}

/* ASCII mode at every size, 6 and 16 characters: the sentence row writes every character by
 * its pinyin, or all of them by their brief labels, never touching; a click on a label
 * focuses its character. */
static void test_ascii_sentence_row(void **state)
{
    Fixture *l = *state;
    Model m;
    Trace long16;
    char err[256];
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    assert_int_equal(engine_forward(&m, "三加五等于?十减四等于?几是二乘", &long16, err, sizeof err), 0);
    const Trace *trs[2] = { &l->ls.tr, &long16 };
    SceneOptions o = { LANG_EN, true, NULL, NULL };
    for (int k = 0; k < 2; k++)
        for (size_t z = 0; z < N_SIZES; z++) {
            ArcsLayout L;
            layout_drawn(trs[k], sizes[z][0], sizes[z][1], true, &L);
            ArcsShot p = player_at(trs[k], 3, STAGE_SOFTMAX, true);
            Grid g = render(trs[k], &p, 1.0, sizes[z][0], sizes[z][1], &o);
            char what[64];
            snprintf(what, sizeof what, "%d characters at %dx%d", trs[k]->T, sizes[z][0], sizes[z][1]);
            assert_label_row(&g, L.sentence_row, trs[k], L.tok_x, L.tok_w, what);
            for (int t = 0; t < trs[k]->T; t++)
                assert_int_equal(scene_token_at(trs[k], sizes[z][0], sizes[z][1], &o,
                                                L.tok_x[t] + L.tok_w[t] - 1, L.sentence_row), t);
            grid_free(&g);
        }
    engine_free(&long16);
    model_free(&m);
}

static void test_ascii_arcs_weigh_by_share(void **state)
{
    Fixture *l = *state;
    Trace *tr = &l->ls.tr;
    const double shares[] = { 0.02, 0.10, 0.20, 0.40 };
    const char glyphs[] = ":-=#";   /* the ramp's ASCII strokes, levels 1 to 4 */
    double saved[MODEL_MAX_TOKENS];
    for (int s = 0; s < tr->T; s++)
        saved[s] = TRACE_SQ(tr, weights, 3, s);
    for (int cls = 0; cls < 4; cls++) {
        for (int s = 0; s < tr->T; s++)
            TRACE_SQ(tr, weights, 3, s) = shares[cls];
        ArcsShot p = player_at(tr, 3, STAGE_SOFTMAX, false);
        SceneOptions o = { LANG_EN, true, NULL, NULL };
        Grid g = render(tr, &p, 1.0, 80, 24, &o);
        int arcs = 0;
        ArcsLayout L;
        layout_at(tr, 80, 24, &L);
        for (int y = 0; y < L.sentence_row; y++)   /* the arcs, not the legend's swatches */
            for (int x = 0; x < g.w; x++) {
                const Cell *c = grid_cell(&g, x, y);
                if (c->style >= STYLE_SHARE_1 && c->style <= STYLE_SHARE_4) {
                    assert_int_equal(c->glyph[0], glyphs[cls]);
                    arcs++;
                }
            }
        assert_true(arcs > 20);
        grid_free(&g);
    }
    for (int s = 0; s < tr->T; s++)
        TRACE_SQ(tr, weights, 3, s) = saved[s];
}

/* ---------------------------------------------------------------- layout at every size */

static void test_every_size_lays_out_cleanly(void **state)
{
    Fixture *l = *state;
    for (int w = 1; w <= 210; w += 19)
        for (int h = 1; h <= 64; h += 9)
            for (int st = 0; st < STAGE_COUNT; st++)
                for (int mode = 0; mode < 4; mode++) {
                    ArcsShot p = player_at(&l->ls.tr, (w + h) % l->ls.tr.T, all_stages[st], mode & 1);
                    p.help = mode & 2;
                    SceneOptions o = { (Lang)(mode & 1), false, NULL, NULL };
                    Grid g = render(&l->ls.tr, &p, (h % 3) / 2.0, w, h, &o);
                    char what[64];
                    snprintf(what, sizeof what, "%dx%d stage %d mode %d", w, h, st, mode);
                    assert_grid_sound(&g, what);
                    grid_free(&g);
                }
    for (size_t z = 0; z < N_SIZES; z++) {
        ArcsShot p = player_at(&l->ls.tr, 0, STAGE_OUTPUT, true);
        Grid g = render(&l->ls.tr, &p, 0.5, sizes[z][0], sizes[z][1], NULL);
        assert_grid_sound(&g, "named size");
        grid_free(&g);
    }
}

static void test_token_at_matches_drawing(void **state)
{
    Fixture *l = *state;
    const Trace *tr = &l->ls.tr;
    for (size_t z = 0; z < N_SIZES; z++) {
        int w = sizes[z][0], h = sizes[z][1];
        ArcsShot p = player_at(tr, 3, STAGE_SOFTMAX, true);
        Lesson ls;
        Scene sc;
        shot_scene(&sc, &ls, tr, &p, 1.0, NULL);
        int found[MODEL_MAX_TOKENS];
        count_character_clicks(&sc, w, h, found);
        for (int t = 0; t < tr->T; t++)
            assert_int_equal(found[t], text_width(tr->tokens[t]));
        assert_int_equal(scene_token_at(tr, w, h, NULL, -1, 0), -1);
        assert_int_equal(scene_token_at(tr, w, h, NULL, w, h), -1);
    }
    assert_int_equal(scene_token_at(tr, 59, 20, NULL, 10, 10), -1);
}

/* A model with wide vectors and a sixteen-character sentence of mixed widths. */
static void test_long_sentence_and_wide_vectors(void **state)
{
    (void)state;
    const int d = 24;
    size_t cap = 65536, used = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    used += (size_t)snprintf(text + used, cap - used, "[vocab]\n三 加 a b ?\n[d]\n%d\n[sentence]\n三a加b?三a加b?三a加b?三\n[embedding]\n", d);
    const char *vocab[] = { "三", "加", "a", "b", "?" };
    for (int v = 0; v < 5; v++) {
        used += (size_t)snprintf(text + used, cap - used, "%s", vocab[v]);
        for (int i = 0; i < d; i++)
            used += (size_t)snprintf(text + used, cap - used, " %.2f", ((v * 7 + i * 3) % 11 - 5) / 5.0);
        used += (size_t)snprintf(text + used, cap - used, "\n");
    }
    const char *mats[] = { "wq", "wk", "wv" };
    for (int m = 0; m < 3; m++) {
        used += (size_t)snprintf(text + used, cap - used, "[%s]\n", mats[m]);
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++)
                used += (size_t)snprintf(text + used, cap - used, " %.2f", ((i * 5 + j * 3 + m) % 9 - 4) / 8.0);
            used += (size_t)snprintf(text + used, cap - used, "\n");
        }
    }
    Model m;
    Trace tr;
    char err[256];
    if (model_parse(text, used, "test", &m, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(engine_forward(&m, m.sentence, &tr, err, sizeof err), 0);
    assert_int_equal(tr.T, 16);
    for (size_t z = 0; z < N_SIZES; z++)
        for (int st = 0; st < STAGE_COUNT; st++)
            for (int numbers = 0; numbers < 2; numbers++) {
                ArcsShot p = player_at(&tr, 15, all_stages[st], numbers);
                Grid g = render(&tr, &p, 1.0, sizes[z][0], sizes[z][1], NULL);
                assert_grid_sound(&g, "long sentence");
                if (!numbers)
                    assert_no_data_value_above_status(&g, "long sentence", NULL);
                int tok_x[MODEL_MAX_TOKENS];
                int y = find_sentence(&tr, sizes[z][0], sizes[z][1], NULL, tok_x);
                for (int t = 0; t < tr.T; t++)
                    assert_string_equal(grid_cell(&g, tok_x[t], y)->glyph, tr.tokens[t]);
                grid_free(&g);
            }
    engine_free(&tr);
    model_free(&m);
    free(text);
}

/* ---------------------------------------------------------------- the edges */

/* With numbers hidden, the words follow the shares' real order, not bins: at ③ every
 * character in the order of its share, each with a bar; at ④ every V in that order. */
static void test_hidden_words_follow_the_shares(void **state)
{
    Fixture *l = *state;
    const Trace *tr = &l->ls.tr;
    for (int f = 0; f < tr->T; f++)
        for (int st = STAGE_SOFTMAX; st <= STAGE_OUTPUT; st++) {
            ArcsShot p = player_at(tr, f, (Stage)st, false);
            Grid g = render(tr, &p, 1.0, 80, 24, NULL);
            int order[MODEL_MAX_TOKENS];
            engine_share_order(tr, 0, f, order);
            char *text = frame_text(&g), *panel = strstr(text, st == STAGE_SOFTMAX ? "most first:" : "output(");
            assert_non_null(panel);
            const char *at = panel;
            for (int i = 0; i < tr->T; i++) {
                char want[32];
                snprintf(want, sizeof want, st == STAGE_SOFTMAX ? "%s █" : "V(%s)", tr->tokens[order[i]]);
                if (st == STAGE_SOFTMAX && i > 0)   /* a bar after it, full blocks only for the largest */
                    snprintf(want, sizeof want, "%s ", tr->tokens[order[i]]);
                const char *next = strstr(at, want);
                if (!next)
                    fail_msg("focus %d stage %d: %s not after the larger shares:\n%s", f, st, want, panel);
                at = next + strlen(want);
            }
            assert_null(strstr(panel, "most:"));   /* the old bins are gone */
            assert_null(strstr(panel, "a little"));
            free(text);
            grid_free(&g);
        }
}

/* The 16-character sentence at 80 × 24: every character's number on two alternating rows,
 * starting right under its own character (with its % sign, or without where the next
 * character's column needs the room), and a "╷" under each character of the second row
 * unless a number of the first row covers it: which number is whose is never in doubt. */
static void test_sixteen_every_number_under_its_character(void **state)
{
    Fixture *l = *state;
    Trace tr;
    char err[256], num[32];
    assert_int_equal(engine_forward(&l->m, SIXTEEN, &tr, err, sizeof err), 0);
    int tok_x[MODEL_MAX_TOKENS];
    int y = find_sentence(&tr, 80, 24, NULL, tok_x);
    for (int st = STAGE_SCORE; st <= STAGE_OUTPUT; st++) {
        ArcsShot p = player_at(&tr, 3, (Stage)st, true);
        Grid g = render(&tr, &p, 1.0, 80, 24, NULL);
        int leads = 0;
        for (int s = 0; s < tr.T; s++) {
            if (st == STAGE_SCORE)
                format_fixed(num, sizeof num, TRACE_SQ(&tr, scores, 3, s), 2);
            else
                format_percent(num, sizeof num, TRACE_SQ(&tr, weights, 3, s));
            char got[40] = "";
            int n = (int)strlen(num);
            for (int x = tok_x[s]; x < tok_x[s] + n && x < g.w; x++)
                strcat(got, grid_cell(&g, x, y + 1 + s % 2)->glyph);
            bool whole = strcmp(got, num) == 0;
            bool short_form = st != STAGE_SCORE && strncmp(got, num, (size_t)n - 1) == 0;
            if (!whole && !short_form)
                fail_msg("stage %d: %s does not start under %s (character %d): \"%s\"", st, num, tr.tokens[s], s, got);
            if (s % 2 == 1)
                leads += strcmp(grid_cell(&g, tok_x[s], y + 1)->glyph, "╷") == 0;
        }
        /* at ② six of the second-row scores stand apart from their first-row neighbours
           (the slots are 等₁'s three columns wide), at ③ all eight */
        assert_int_equal(leads, st == STAGE_SCORE ? 6 : 8);
        grid_free(&g);
    }
    engine_free(&tr);
}

/* 1-9 and 0 reach ten characters; ↑/↓ and clicks reach all sixteen. */
static void test_sixteen_every_character_can_ask(void **state)
{
    Fixture *l = *state;
    Trace tr;
    char err[256];
    assert_int_equal(engine_forward(&l->m, SIXTEEN, &tr, err, sizeof err), 0);
    Lesson ls;
    Scene sc;
    arcs_scene(&sc, &ls, &tr);
    bool seen[MODEL_MAX_TOKENS] = { false };
    const KeyBinding *down = ui_binding(&sc.ui, KEYCODE_DOWN), *up = ui_binding(&sc.ui, KEYCODE_UP);
    assert_int_equal(down->action, ACTION_FOCUS_NEXT);
    assert_int_equal(up->action, ACTION_FOCUS_PREV);
    for (int i = 0; i < tr.T; i++) {
        seen[sc.p.focus] = true;
        ui_apply(&sc.ui, &sc.p, sc.ls, down->action, down->arg, 0);
    }
    for (int t = 0; t < tr.T; t++)
        assert_true(seen[t]);
    assert_int_equal(sc.p.focus, 0);
    ui_apply(&sc.ui, &sc.p, sc.ls, up->action, up->arg, 0);
    assert_int_equal(sc.p.focus, 15);
    const KeyBinding *zero = ui_binding(&sc.ui, '0');
    ui_apply(&sc.ui, &sc.p, sc.ls, zero->action, zero->arg, 0);
    assert_int_equal(sc.p.focus, 9);
    int tok_x[MODEL_MAX_TOKENS];
    for (size_t z = 0; z < N_SIZES; z++) {
        int y = find_sentence(&tr, sizes[z][0], sizes[z][1], NULL, tok_x);
        for (int t = 10; t < tr.T; t++) {
            int hit = scene_token_at(&tr, sizes[z][0], sizes[z][1], NULL, tok_x[t], y);
            assert_int_equal(hit, t);
            ui_apply(&sc.ui, &sc.p, sc.ls, ACTION_FOCUS_N, hit, 0);
            assert_int_equal(sc.p.focus, t);
        }
    }
    engine_free(&tr);
}

/* The panel pages its table by the worked character: every answering character's column is
 * on screen with its page ("10-16/16"), and the worked line names it. */
static void test_sixteen_panel_shows_the_worked_column(void **state)
{
    Fixture *l = *state;
    Trace tr;
    char err[256], row[4096];
    assert_int_equal(engine_forward(&l->m, SIXTEEN, &tr, err, sizeof err), 0);
    for (int st = STAGE_SCORE; st <= STAGE_SOFTMAX; st++)
        for (int a = 0; a < tr.T; a++) {
            ArcsShot p = player_at(&tr, 3, (Stage)st, true);
            p.answer = a;
            Grid g = render(&tr, &p, 1.0, 80, 24, NULL);
            char *text = frame_text(&g), want[64];
            char name[CHARNAME_BYTES];   /* 等₂: the sentence's second 等 */
            snprintf(want, sizeof want, st == STAGE_SCORE ? "·K(%s) = " : "share(%s) = ",
                     charname_of(tr.tokens, tr.T, a, name, sizeof name));
            assert_non_null(strstr(text, want));
            bool found = false;
            for (int y = 0; y < g.h && !found; y++) {
                row_text(&g, y, row, sizeof row);
                int first, last, total;
                const char *page = strstr(row, "/16");
                while (page && page > row && page[-1] != ' ')
                    page--;
                if (!page || sscanf(page, "%d-%d/%d", &first, &last, &total) != 3)
                    continue;
                assert_int_equal(total, 16);
                assert_true(first <= a + 1 && a + 1 <= last);
                /* the worked character's head is bold in that row */
                for (int x = 0; x < g.w; x++) {
                    const Cell *c = grid_cell(&g, x, y);
                    if (strcmp(c->glyph, tr.tokens[a]) == 0 && (c->style == STYLE_BOLD || a == 3))
                        found = true;
                }
            }
            if (!found)
                fail_msg("stage %d answer %d: no page shows %s:\n%s", st, a, tr.tokens[a], text);
            free(text);
            grid_free(&g);
        }
    engine_free(&tr);
}

/* At 60 × 20 nothing essential is lost: the stage line, the sentence, the Σ column, the
 * whole check, and "q quit" and "paused" whole in the status line. */
static void test_smallest_frame_keeps_the_essentials(void **state)
{
    Fixture *l = *state;
    const Trace *tr = &l->ls.tr;
    char row[4096];
    for (int st = 0; st < STAGE_COUNT; st++)
        for (int f = 0; f < tr->T; f++) {
            ArcsShot p = player_at(tr, f, all_stages[st], true);
            Grid g = render(tr, &p, 1.0, 60, 20, NULL);
            char *text = frame_text(&g);
            row_text(&g, 0, row, sizeof row);
            assert_non_null(strstr(row, "① Q K V → ② score → ③ softmax → ④ output"));
            row_text(&g, 19, row, sizeof row);
            assert_non_null(strstr(row, "q quit"));
            assert_non_null(strstr(row, "❚❚ paused"));
            for (int t = 0; t < tr->T; t++)
                assert_non_null(strstr(text, tr->tokens[t]));
            if (all_stages[st] == STAGE_SOFTMAX)
                assert_non_null(strstr(text, "Σ 100."));
            assert_null(strstr(text, "…"));
            free(text);
            grid_free(&g);
        }
}

/* s without its blanks (and newlines) into out (cap bytes). */
static void drop_blanks(const char *s, char *out, size_t cap)
{
    size_t k = 0;
    for (; *s && k + 1 < cap; s++)
        if (*s != ' ' && *s != '\n')
            out[k++] = *s;
    out[k] = '\0';
}

/* The help at 60 × 20 scrolls, and every line of it can be read whole. */
static void test_help_scrolls_to_every_line(void **state)
{
    Fixture *l = *state;
    const Trace *tr = &l->ls.tr;
    Lesson ls;
    Scene sc;
    arcs_scene(&sc, &ls, tr);
    sc.ui.help = true;
    static char lines[64][512];
    int total = 0;
    char row[4096];
    for (int top = 0; top < 64; top++) {
        sc.ui.help_top = top;
        Grid g = scene_render(&sc, 60, 20);
        int first = 0, last = 0, n = 0;
        for (int y = 0; y < g.h; y++) {   /* "? closes this help  ↑/↓ scroll 1-14 of 29" */
            row_text(&g, y, row, sizeof row);
            const char *at = strstr(row, "scroll ");
            if (at)
                assert_int_equal(sscanf(at, "scroll %d-%d of %d", &first, &last, &n), 3);
        }
        assert_true(n > last - first + 1 && n <= 64);
        total = n;
        for (int i = 0; i <= last - first; i++) {   /* the box's rows from its second row */
            row_text(&g, (20 - (last - first + 1 + 4)) / 2 + 1 + i, row, sizeof row);
            const char *in = strstr(row, "│ ");
            assert_non_null(in);
            snprintf(lines[first - 1 + i], sizeof lines[0], "%s", in + strlen("│ "));
            char *end = strstr(lines[first - 1 + i], " │");
            assert_non_null(end);
            *end = '\0';
        }
        grid_free(&g);
    }
    char all[16384] = "";
    for (int i = 0; i < total; i++) {
        assert_true(lines[i][0] != '\0');   /* every line was seen */
        char *e = lines[i] + strlen(lines[i]);
        while (e > lines[i] && e[-1] == ' ')
            *--e = '\0';
        if (lines[i][0] == ' ' && i > 0) {   /* no key: the line above goes on */
            all[strlen(all) - 1] = ' ';
            strcat(all, lines[i] + strspn(lines[i], " "));
        } else {
            strcat(all, lines[i]);
        }
        strcat(all, "\n");
    }
    /* compared without blanks: a line may break between two Chinese characters, where
     * the joined lines hold no blank (十 / 减四等于?) */
    char bare[16384], want[1024];
    drop_blanks(all, bare, sizeof bare);
    const ViewOps *v = view_ops(VIEW_ARCS);
    for (int pass = 0; pass < 2; pass++)
        for (const KeyBinding *b = pass ? action_keys : v->keys; b->key; b++) {
            const char *d = view_describe(v, b->action, LANG_EN);
            if (!b->in_help || !d)
                continue;
            drop_blanks(d, want, sizeof want);
            if (!strstr(bare, want))
                fail_msg("the help at 60x20 never shows \"%s\" whole:\n%s", d, all);
        }
}

/* Stepping past either end says where you are; + and - go in round steps and say so. */
static void test_steps_and_speeds_say_where_you_are(void **state)
{
    Fixture *l = *state;
    const Trace *tr = &l->ls.tr;
    Lesson ls;
    Scene sc;
    arcs_scene(&sc, &ls, tr);
    char row[4096];
    struct { Action a; const char *says; } steps[] = {
        { ACTION_PREV, "first step already" },
        { ACTION_LAST, NULL },
        { ACTION_NEXT, "last step: Home starts again" },
        { ACTION_FIRST, NULL },
        { ACTION_FASTER, "speed ×1.5" }, { ACTION_FASTER, "speed ×2" }, { ACTION_FASTER, "speed ×3" },
        { ACTION_FASTER, "speed ×4" }, { ACTION_FASTER, "fastest already: ×4" },
        { ACTION_SLOWER, "speed ×3" }, { ACTION_SLOWER, "speed ×2" }, { ACTION_SLOWER, "speed ×1.5" },
        { ACTION_SLOWER, "speed ×1" }, { ACTION_SLOWER, "speed ×0.75" }, { ACTION_SLOWER, "speed ×0.5" },
        { ACTION_SLOWER, "speed ×0.25" }, { ACTION_SLOWER, "slowest already: ×0.25" },
    };
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        ui_apply(&sc.ui, &sc.p, sc.ls, steps[i].a, 0, 0);
        if (steps[i].a == ACTION_LAST) {
            assert_int_equal(sc.p.focus, tr->T - 1);
            assert_int_equal(sc.p.stage, STAGE_OUTPUT);
        }
        if (!steps[i].says)
            continue;
        Grid g = scene_render(&sc, 80, 24);
        row_text(&g, 23, row, sizeof row);
        if (!strstr(row, steps[i].says))
            fail_msg("step %zu: the status line does not say \"%s\": %s", i, steps[i].says, row);
        grid_free(&g);
    }
    assert_int_equal(sc.p.focus, 0);   /* a step past the end stayed at the end */
}

/* , . choose the answering character and { } the dimension; the panels work them, the
 * help and the status line name the keys. */
static void test_keys_choose_what_is_worked(void **state)
{
    Fixture *l = *state;
    const Trace *tr = &l->ls.tr;
    Lesson ls;
    Scene sc;
    arcs_scene(&sc, &ls, tr);
    const int keys[] = { ',', '.', '<', '>', '{', '}' };
    const Action actions[] = { ACTION_ANSWER_PREV, ACTION_ANSWER_NEXT, ACTION_ANSWER_PREV, ACTION_ANSWER_NEXT,
                               ACTION_DIM_PREV, ACTION_DIM_NEXT };
    for (int i = 0; i < 6; i++)
        assert_int_equal(ui_binding(&sc.ui, keys[i])->action, actions[i]);
    /* 加 → 等 = 2.08 can be worked: 加's largest is 五, one step on is 等 */
    sc.p.focus = 1;
    sc.p.stage = STAGE_SCORE;
    const KeyBinding *next = ui_binding(&sc.ui, '.');
    ui_apply(&sc.ui, &sc.p, sc.ls, next->action, next->arg, 0);
    assert_int_equal(sc.ui.answer, 3);
    Grid g = scene_render(&sc, 80, 24);
    char *text = frame_text(&g);
    assert_non_null(strstr(text, "Q(加)·K(等) = "));
    assert_non_null(strstr(text, "= 2.079972"));   /* Q, K with three decimals: = 2.08, no ≈ */
    assert_null(strstr(text, "≈"));
    assert_non_null(strstr(text, "K(等) "));
    free(text);
    grid_free(&g);
    /* } three times: Q(三)[3] */
    sc.p.focus = 0;
    sc.p.stage = STAGE_QKV;
    const KeyBinding *dim = ui_binding(&sc.ui, '}');
    for (int i = 0; i < 3; i++)
        ui_apply(&sc.ui, &sc.p, sc.ls, dim->action, dim->arg, 0);
    g = scene_render(&sc, 80, 24);
    text = frame_text(&g);
    assert_non_null(strstr(text, "Q(三)[3] = "));
    assert_non_null(strstr(text, "Wq[:,3]"));
    free(text);
    grid_free(&g);
    /* the status line of a wide screen names them where they choose something: at ① the
       check has a dimension and no answering character, at ② ③ the other way round */
    g = scene_render(&sc, 160, 40);
    char row[4096];
    row_text(&g, 39, row, sizeof row);
    assert_null(strstr(row, ",/."));
    assert_non_null(strstr(row, "{/} which number"));   /* plain words, not "worked" */
    grid_free(&g);
    sc.p.stage = STAGE_SCORE;
    g = scene_render(&sc, 160, 40);
    row_text(&g, 39, row, sizeof row);
    assert_non_null(strstr(row, ",/. who answers"));
    assert_null(strstr(row, "{/}"));
    grid_free(&g);
}

/* The input line (e) at 80 × 24: the ASCII spelling is read first and whole (it was cut to
 * "vocabulary: 零 一 … 几 ?  · or t"), the hint wrapped over the body's last rows; an error
 * is shown whole, wrapped to a second line, never cut. */
static void test_input_line_at_80x24(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    scene_press(s, 'e');
    assert_true(s->ui.input.open);
    Grid g = scene_render(s, 80, 24);
    char row[1024];
    row_trimmed(&g, 21, row, sizeof row);
    assert_string_equal(row, " type it in ASCII: 3+5=? is 三加五等于? (0-99 + - * / = ? × ÷ is, how many) ·");
    row_trimmed(&g, 22, row, sizeof row);
    assert_string_equal(row, " vocabulary: 零 一 二 三 四 五 六 七 八 九 十 加 减 乘 除 等 于 是 几 ?");
    row_trimmed(&g, 23, row, sizeof row);
    assert_non_null(strstr(row, "sentence: "));
    grid_free(&g);
    for (const char *k = "10-4=x"; *k; k++)
        ui_input(&s->ui, s->ls, *k);
    assert_string_equal(s->ui.input.error, "unknown \"x\" at character 6: not in the vocabulary (零 一 二 三 四 五 "
                                           "六 七 八 九 十 加 减 乘 除 等 于 是 几 ?) nor an ASCII spelling (0-99 + - * / "
                                           "= ? × ÷ is, how many)");
    g = scene_render(s, 80, 24);
    row_trimmed(&g, 20, row, sizeof row);
    assert_string_equal(row, " unknown \"x\" at character 6: not in the vocabulary (零 一 二 三 四 五 六 七 八");
    row_trimmed(&g, 21, row, sizeof row);
    assert_string_equal(row, " 九 十 加 减 乘 除 等 于 是 几 ?) nor an ASCII spelling (0-99 + - * / = ? × ÷");
    row_trimmed(&g, 22, row, sizeof row);
    assert_string_equal(row, " is, how many)");
    grid_free(&g);
    scene_close(s);
}

/* Cells of the frame in style st above row `below` (the arc area and what is over it). */
static int cells_styled(const Grid *g, Style st, int below)
{
    int n = 0;
    for (int y = 0; y < below && y < g->h; y++)
        for (int x = 0; x < g->w; x++)
            n += grid_cell(g, x, y)->style == st && grid_cell(g, x, y)->glyph[0] != ' ';
    return n;
}

/* Two heads ("two", h once) draw both heads' arcs at once: head 1's cells in SERIES_A, head
 * 2's in SERIES_B, no share-level colour left, and a legend on the marker row says which is
 * which; "head 1" (h again) draws one head in the share levels, no legend. */
static void test_two_heads_draw_both(void **state)
{
    (void)state;
    Scene *s = scene_open(NULL, VIEW_ARCS);
    s->p.stage = STAGE_SOFTMAX;
    s->p.focus = 3;
    scene_press(s, 'h');
    assert_int_equal(s->ls->tr.heads, 2);
    assert_int_equal(s->ui.head, -1);
    Grid g = scene_render(s, 120, 40);
    int sentence = -1;
    char row[4096];
    for (int y = 3; y < g.h && sentence < 0; y++) {   /* below the title and the view bar */
        row_trimmed(&g, y, row, sizeof row);
        if (strstr(row, "三") && strstr(row, "加") && strstr(row, "?"))
            sentence = y;
    }
    assert_int_equal(sentence, 23);
    int a = cells_styled(&g, STYLE_SERIES_A, sentence), b = cells_styled(&g, STYLE_SERIES_B, sentence);
    int levels = 0;
    for (int st = STYLE_SHARE_1; st <= STYLE_SHARE_4; st++)
        levels += cells_styled(&g, (Style)st, sentence);
    if (a != 306 || b != 319 || levels != 0)
        fail_msg("head 1: %d cells, head 2: %d, share levels: %d:\n%s", a, b, levels, frame_text(&g));
    row_trimmed(&g, sentence + 2, row, sizeof row);
    assert_non_null(strstr(row, "⣿ head 1 (numbers, panel)  ⣿ head 2"));
    /* the legend's two samples are in the heads' colours */
    assert_int_equal(cells_styled(&g, STYLE_SERIES_A, sentence + 3) - a, 1);
    assert_int_equal(cells_styled(&g, STYLE_SERIES_B, sentence + 3) - b, 1);
    grid_free(&g);
    scene_press(s, 'h');   /* head 1 alone */
    assert_int_equal(s->ui.head, 0);
    g = scene_render(s, 120, 40);
    assert_int_equal(cells_styled(&g, STYLE_SERIES_A, g.h), 0);
    assert_int_equal(cells_styled(&g, STYLE_SERIES_B, g.h), 0);
    row_trimmed(&g, sentence + 2, row, sizeof row);
    assert_null(strstr(row, "head 2"));
    grid_free(&g);
    scene_close(s);
}

/* ③ redoes the worked score's ÷√8 from the score ② printed: where ②'s two decimals give
 * the ÷√8 row's number, as printed; where they do not (② prints 1.26, ÷√8 is 0.447, not
 * 1.26 ÷ 2.828427 = 0.445), with the decimals that do, and it says ② rounded them. */
static void test_softmax_redoes_the_worked_scaled_score(void **state)
{
    Fixture *fx = *state;
    Shot s = { .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .numbers = true };
    char *text = shot_text(fx, VIEW_ARCS, &s);
    assert_shows(text, "Q(等)·K(加) ÷√8 = 4.05 ÷ 2.828427 = 1.432\n");
    assert_shows(text, " 0.447 ");
    free(text);
    Shot other = { .w = 80, .h = 24, .stage = STAGE_SOFTMAX, .focus = 3, .numbers = true, .keys = { ',' } };
    text = shot_text(fx, VIEW_ARCS, &other);
    assert_shows(text, "Q(等)·K(三) ÷√8 = 1.264 ÷ 2.828427 = 0.447 (② rounds it to 1.26)");
    free(text);
    Shot score = { .w = 80, .h = 24, .stage = STAGE_SCORE, .focus = 3, .numbers = true };
    text = shot_text(fx, VIEW_ARCS, &score);
    assert_shows(text, " 1.26 ");
    free(text);
    other.lang = LANG_ZH;
    text = shot_text(fx, VIEW_ARCS, &other);
    assert_shows(text, "Q(等)·K(三) ÷√8 = 1.264 ÷ 2.828427 = 0.447（② 里四舍五入成 1.26）");
    free(text);
}

/* At ① the arcs' area, empty of lines, says why and when they come; from ② the arcs take
 * its place. */
static void test_roles_stage_says_why_no_lines(void **state)
{
    Fixture *fx = *state;
    const char *en[2] = { "no lines yet: each character first makes its three roles",
                          "at ② score, each Q meets every K and the lines appear" };
    const char *zh[2] = { "还没有线：每个字先变出三个分身", "到 ② 打分，每个 Q 去碰每个 K，线才出现" };
    for (int size = 0; size < 2; size++) {
        Shot s = { .w = size ? 120 : 80, .h = size ? 40 : 24, .stage = STAGE_QKV, .focus = 3, .numbers = true };
        Grid g = shot_render(fx, VIEW_ARCS, &s);
        int first = row_with(&g, en, 1);
        assert_true(first > 1);
        assert_int_equal(row_with(&g, en + 1, 1), first + 1);
        assert_true(first + 1 < row_with(&g, (const char *[]){ "╲│╱" }, 1));   /* above the roles */
        grid_free(&g);
        s.lang = LANG_ZH;
        g = shot_render(fx, VIEW_ARCS, &s);
        assert_int_equal(row_with(&g, zh + 1, 1), row_with(&g, zh, 1) + 1);
        grid_free(&g);
        s.lang = LANG_EN;
        s.stage = STAGE_SCORE;
        g = shot_render(fx, VIEW_ARCS, &s);
        assert_lacks(&g, "no lines yet");
        grid_free(&g);
    }
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, fixture_setup, fixture_teardown)
    const struct CMUnitTest tests[] = {
        T(test_softmax_redoes_the_worked_scaled_score),
        T(test_roles_stage_says_why_no_lines),
        T(test_hidden_numbers_leave_no_data_value),
        T(test_hidden_numbers_still_draw_arcs),
        T(test_softmax_shows_the_traces_shares),
        T(test_score_shows_raw_and_scaled_scores),
        T(test_qkv_shows_the_four_vectors_and_roles),
        T(test_output_shows_vector_terms_and_cosine),
        T(test_output_builds_term_by_term),
        T(test_checks_hold_as_printed),
        cmocka_unit_test(test_share_levels),
        T(test_band_rule),
        T(test_widths_are_the_share),
        T(test_feet_follow_share),
        T(test_each_arc_lands_with_its_share),
        T(test_contrast_arcs_are_thick),
        T(test_contrast_feet_follow_share),
        T(test_score_arcs_are_thin),
        T(test_arcs_grow_with_progress),
        T(test_qkv_draws_no_arcs),
        T(test_arcs_thicken_from_score_to_share),
        T(test_output_values_flow_back),
        T(test_frame_is_pure),
        T(test_focus_is_marked),
        T(test_stage_line_lights_current_stage),
        T(test_status_line_keys_state_and_notice),
        T(test_too_small_exact_text),
        T(test_help_lists_every_binding),
        T(test_ascii_mode_is_ascii),
        T(test_ascii_arcs_weigh_by_share),
        T(test_ascii_sentence_row),
        T(test_every_size_lays_out_cleanly),
        T(test_token_at_matches_drawing),
        T(test_input_line_at_80x24),
        T(test_two_heads_draw_both),
        cmocka_unit_test(test_long_sentence_and_wide_vectors),
        T(test_hidden_words_follow_the_shares),
        T(test_sixteen_every_number_under_its_character),
        T(test_sixteen_every_character_can_ask),
        T(test_sixteen_panel_shows_the_worked_column),
        T(test_smallest_frame_keeps_the_essentials),
        T(test_help_scrolls_to_every_line),
        T(test_steps_and_speeds_say_where_you_are),
        T(test_keys_choose_what_is_worked),
    };
#undef T
    return cmocka_run_group_tests(tests, NULL, NULL);
}

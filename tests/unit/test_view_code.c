/* test_view_code.c — the code view (station 8) as a pure function of its inputs: the five
 * lines with their shapes, the focused character's values as the trace has them, stepped
 * with the four stages; the PyTorch lines with the mask and two heads; n, Chinese, ASCII and
 * every size. Must not touch: golden files (test_golden.c), the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "format.h"
#include "keys.h"
#include "transformer.h"
#include "check.h"

static const int sizes[][2] = { { 60, 20 }, { 61, 21 }, { 70, 22 }, { 80, 24 }, { 99, 31 },
                                { 120, 40 }, { 200, 60 }, { 300, 80 } };
#define N_SIZES (sizeof sizes / sizeof sizes[0])

/* The d values of a vector as the view writes them: each right-aligned in 6 columns. */
static void vector_text(const double *v, int n, char *buf, size_t cap)
{
    buf[0] = '\0';
    for (int j = 0; j < n; j++) {
        char num[FORMAT_BYTES];
        format_fixed(num, sizeof num, v[j], 2);
        snprintf(buf + strlen(buf), cap - strlen(buf), "%6s", num);
    }
}

/* 等 (the fourth character) at stage s, 80 × 24, numbers shown. */
static Shot at_stage(Stage s)
{
    return (Shot){ .w = 80, .h = 24, .stage = s, .focus = 3, .numbers = true, .lang = LANG_EN };
}

/* ---------------------------------------------------------------- the five lines */

static void test_lines_and_shapes(void **state)
{
    Fixture *f = *state;
    Shot s = at_stage(STAGE_OUTPUT);
    char *frame = shot_text(f, VIEW_CODE, &s);
    char *line = line_with(frame, "Q   = x·Wq");
    assert_non_null(strstr(line, "[6, 8]·[8, 8] → [6, 8]"));
    free(line);
    line = line_with(frame, "K   = x·Wk");
    assert_non_null(strstr(line, "[6, 8]·[8, 8] → [6, 8]"));
    free(line);
    line = line_with(frame, "V   = x·Wv");
    assert_non_null(strstr(line, "[6, 8]·[8, 8] → [6, 8]"));
    free(line);
    line = line_with(frame, "A   = softmax(Q·Kᵀ / √d)");
    assert_non_null(strstr(line, "[6, 8]·[8, 6] → [6, 6]"));
    free(line);
    line = line_with(frame, "out = A·V");
    assert_non_null(strstr(line, "[6, 6]·[6, 8] → [6, 8]"));
    free(line);
    assert_shows(frame, "out = F.scaled_dot_product_attention(q, k, v)");
    assert_shows(frame, "mha = nn.MultiheadAttention(embed_dim=8, num_heads=1, bias=False)");
    assert_shows(frame, "out, A = mha(x, x, x)");
    assert_shows(frame, "plus lesson 7's mask and heads (m, h here).");
    assert_shows(frame, "attn-tui --export python | python3");
    free(frame);
}

/* Q(等), K(等), V(等) and out(等) as the trace has them; A(等) its shares by character. */
static void test_values_of_the_trace(void **state)
{
    Fixture *f = *state;
    const Trace *tr = &f->ls.tr;
    Shot s = at_stage(STAGE_OUTPUT);
    char *frame = shot_text(f, VIEW_CODE, &s);
    char want[256];
    static const char *const labels[3] = { "Q(等)", "K(等)", "V(等)" };
    for (int r = 0; r < 3; r++) {
        vector_text(engine_projection(tr, (Role)r) + 3 * 8, 8, want, sizeof want);
        char *line = line_with(frame, labels[r]);
        if (!strstr(line, want))
            fail_msg("%s row \"%s\" lacks \"%s\"", labels[r], line, want);
        free(line);
    }
    /* the lesson's Q(等) and output(等), literally */
    assert_shows(frame, "Q(等)     -0.69 -2.10 -1.80  0.14 -0.27  1.92 -0.68 -0.23");
    assert_shows(frame, "out(等)    0.52 -0.42  0.13 -0.17  0.96 -0.40 -0.05 -0.17");
    vector_text(TRACE_ROW(tr, output, 3), 8, want, sizeof want);
    assert_shows(frame, want);
    assert_shows(frame, "A(等)     三  19.6% 加  52.4% 五  10.1% 等   1.4% 于   2.2% ?   14.4%");
    free(frame);
}

/* ---------------------------------------------------------------- the hand check of line 4 */

/* The values of a row of line 4 after its label ("三 1.2639 加 4.0510 …"): the words at odd
 * places. Returns how many (at most max), each copied into vals[k]. */
static int row_values(const char *line, const char *label, char vals[][FORMAT_BYTES], int max)
{
    const char *p = strstr(line, label);
    assert_non_null(p);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", p + strlen(label));
    int n = 0, k = 0;
    for (char *w = strtok(buf, " "); w != NULL && n < max; w = strtok(NULL, " "), k++)
        if (k % 2 == 1)
            snprintf(vals[n++], FORMAT_BYTES, "%s", w);
    return n;
}

/* Every asker at 120 × 40: the raw scores divided by √8 give the ÷√8 row as printed, and
 * softmax of the printed ÷√8 row gives the printed shares (the ÷√8 row had 2 decimals:
 * softmax of 等's 0.45 1.43 … gave 52.3% under 52.4%). The ÷√8 row is the arcs' (1.432). */
static void test_line4_holds_as_printed(void **state)
{
    Fixture *f = *state;
    for (int t = 0; t < 6; t++) {
        Shot s = at_stage(STAGE_OUTPUT);
        s.w = 120;
        s.h = 40;
        s.focus = t;
        char *frame = shot_text(f, VIEW_CODE, &s);
        char label[3][64], vals[3][8][FORMAT_BYTES];
        const char *tok = f->ls.tr.tokens[t];
        snprintf(label[0], sizeof label[0], "Q(%s)·Kᵀ ", tok);
        snprintf(label[1], sizeof label[1], "Q(%s)·Kᵀ/√8 ", tok);
        snprintf(label[2], sizeof label[2], "A(%s) ", tok);
        for (int r = 0; r < 3; r++) {
            char *line = line_with(frame, label[r]);
            assert_int_equal(row_values(line, label[r], vals[r], 8), 6);
            free(line);
        }
        const char *dot = strchr(vals[1][0], '.');
        assert_non_null(dot);
        int digits = (int)strlen(dot + 1);
        double e[6], sum = 0.0;
        for (int u = 0; u < 6; u++) {
            char redone[FORMAT_BYTES];
            format_fixed(redone, sizeof redone, strtod(vals[0][u], NULL) / 2.828427, digits);
            if (strcmp(redone, vals[1][u]) != 0)
                fail_msg("%s: %s / 2.828427 = %s, printed %s", tok, vals[0][u], redone, vals[1][u]);
            e[u] = exp(strtod(vals[1][u], NULL));
            sum += e[u];
        }
        for (int u = 0; u < 6; u++) {
            char share[FORMAT_BYTES];
            format_percent(share, sizeof share, e[u] / sum);
            if (strcmp(share, vals[2][u]) != 0)
                fail_msg("%s: softmax of the printed row gives %s, printed %s", tok, share, vals[2][u]);
        }
        free(frame);
    }
    /* 等's row as the arcs' softmax panel prints it */
    Shot s = at_stage(STAGE_OUTPUT);
    s.w = 120;
    s.h = 40;
    char *frame = shot_text(f, VIEW_CODE, &s);
    assert_shows(frame, "Q(等)·Kᵀ/√8  三   0.447 加   1.432 五  -0.218 等  -2.203 于  -1.728 ?    0.138");
    free(frame);
}

/* The comment says "the values are 等's row": at 80 × 24 the row x(等) is there. */
static void test_input_row_at_80x24(void **state)
{
    Fixture *f = *state;
    Shot s = at_stage(STAGE_OUTPUT);
    char *frame = shot_text(f, VIEW_CODE, &s);
    assert_shows(frame, "the values are 等's row");
    assert_shows(frame, "x(等)      0.35 -0.98 -0.62  0.39  0.48  0.06 -0.51  1.94");
    free(frame);
}

/* At 70 columns the comment over x leaves the sentence out rather than lose its end ("the
 * values are 等's" without "row"). */
static void test_comment_whole_at_70(void **state)
{
    Fixture *f = *state;
    Shot s = at_stage(STAGE_OUTPUT);
    s.w = 70;
    s.h = 22;
    char *frame = shot_text(f, VIEW_CODE, &s);
    assert_shows(frame, " # x: [6, 8], a row per character; the values are 等's row\n");
    free(frame);
}

/* ---------------------------------------------------------------- stepping */

/* The row of the ▶ marker: which line the step runs. */
static void assert_current(const char *frame, const char *code)
{
    char *line = line_with(frame, "▶");
    if (!strstr(line, code))
        fail_msg("the ▶ row is \"%s\", not %s's", line, code);
    free(line);
}

static void test_stepping(void **state)
{
    Fixture *f = *state;
    Shot s = at_stage(STAGE_QKV);
    char *frame = shot_text(f, VIEW_CODE, &s);            /* ①: lines 1-3 run, their values shown */
    assert_current(frame, "Q   = x·Wq");
    char *row = line_with(frame, "K   = x·Wk");
    assert_non_null(strstr(row, "▶"));
    free(row);
    assert_shows(frame, "Q(等)     -0.69");
    assert_hides(frame, "4.05");
    assert_hides(frame, "52.4%");
    assert_hides(frame, "0.96 -0.40");
    free(frame);

    s.stage = STAGE_SCORE;                  /* ②: line 4, the raw scores */
    frame = shot_text(f, VIEW_CODE, &s);
    assert_current(frame, "A   = softmax");
    assert_shows(frame, "Q(等)·Kᵀ  三   1.26 加   4.05 五  -0.62 等  -6.23 于  -4.89 ?    0.39");
    assert_hides(frame, "52.4%");
    free(frame);

    s.stage = STAGE_SOFTMAX;                /* ③: line 4, the shares */
    frame = shot_text(f, VIEW_CODE, &s);
    assert_current(frame, "A   = softmax");
    assert_shows(frame, "加  52.4%");
    assert_hides(frame, "0.96 -0.40");
    free(frame);

    s.stage = STAGE_OUTPUT;                 /* ④: line 5 */
    frame = shot_text(f, VIEW_CODE, &s);
    assert_current(frame, "out = A·V");
    assert_shows(frame, "0.96 -0.40");
    free(frame);
}

/* During ①'s transition Q, K and V appear one after another. */
static void test_progress(void **state)
{
    Fixture *f = *state;
    Shot s = at_stage(STAGE_QKV);
    s.progress = 0.2;
    char *frame = shot_text(f, VIEW_CODE, &s);
    assert_shows(frame, "Q(等)     -0.69");
    assert_hides(frame, "K(等)      1.71");
    free(frame);
    s.progress = 0.5;
    frame = shot_text(f, VIEW_CODE, &s);
    assert_shows(frame, "K(等)      1.71");
    assert_hides(frame, "V(等)      1.03");
    free(frame);
    s.stage = STAGE_SOFTMAX;                /* ③ halfway: three of the six shares */
    s.progress = 0.5;
    frame = shot_text(f, VIEW_CODE, &s);
    assert_shows(frame, "五  10.1%");
    assert_hides(frame, "等   1.4%");
    free(frame);
}

/* ---------------------------------------------------------------- lesson 7 */

static void test_mask(void **state)
{
    Fixture *f = *state;
    Shot s = at_stage(STAGE_SOFTMAX);
    s.keys[0] = 'm';
    char *frame = shot_text(f, VIEW_CODE, &s);
    assert_int_equal(f->ls.tr.mask, MASK_CAUSAL);
    assert_shows(frame, "A   = softmax(Q·Kᵀ / √d + M)");
    assert_shows(frame, "out = F.scaled_dot_product_attention(q, k, v, is_causal=True)");
    assert_shows(frame, "out, A = mha(x, x, x, attn_mask=causal)");
    assert_shows(frame, "M: −∞ after 等 (lesson 7's causal mask), so their share is 0");
    /* 等 sees 三 加 五 and itself: the trace's renormalised shares, 于 and ? at 0 */
    char want[128], a[FORMAT_BYTES];
    snprintf(want, sizeof want, "加 %6s", format_percent(a, sizeof a, TRACE_SQ(&f->ls.tr, weights, 3, 1)));
    assert_shows(frame, want);
    assert_shows(frame, "加  62.8%");
    assert_shows(frame, "于   0.0% ?    0.0%");
    free(frame);
    s.stage = STAGE_SCORE;                  /* raw Q·Kᵀ keeps its numbers; −∞ from ÷√8 on */
    frame = shot_text(f, VIEW_CODE, &s);
    assert_shows(frame, "于  -4.89 ?    0.39");
    free(frame);
}

static void test_two_heads(void **state)
{
    Fixture *f = *state;
    Shot s = at_stage(STAGE_SOFTMAX);
    s.keys[0] = 'h';
    char *frame = shot_text(f, VIEW_CODE, &s);
    assert_int_equal(f->ls.tr.heads, 2);
    assert_shows(frame, "[6, 8]·[8, 8] → [6, 8] = 2×[6, 4]");
    assert_shows(frame, "2×[6, 4]·2×[4, 6] → 2×[6, 6]");
    assert_shows(frame, "2×[6, 6]·2×[6, 4] → 2×[6, 4] → [6, 8]");
    assert_shows(frame, "q, k, v = (m.view(6, 2, 4).transpose(0, 1) for m in (Q, K, V))");
    assert_shows(frame, "mha = nn.MultiheadAttention(embed_dim=8, num_heads=2, bias=False)");
    /* both heads' shares, as the trace has them */
    for (int h = 0; h < 2; h++) {
        char label[32], want[64], p[FORMAT_BYTES];
        snprintf(label, sizeof label, "A(等) h%d", h + 1);
        char *line = line_with(frame, label);
        snprintf(want, sizeof want, "加 %6s", format_percent(p, sizeof p, TRACE_HSQ(&f->ls.tr, weights, h, 3, 1)));
        if (!strstr(line, want))
            fail_msg("\"%s\" lacks \"%s\"", line, want);
        free(line);
    }
    assert_shows(frame, "A(等) h1     三  26.4% 加  29.9%");
    free(frame);
    s.keys[1] = 'h';                         /* h again: head 1 alone */
    frame = shot_text(f, VIEW_CODE, &s);
    assert_shows(frame, "A(等) h1");
    assert_hides(frame, "A(等) h2");
    free(frame);
}

/* ---------------------------------------------------------------- n, languages, sizes */

static void test_numbers_hidden(void **state)
{
    Fixture *f = *state;
    Shot s = at_stage(STAGE_OUTPUT);
    s.numbers = false;
    char *frame = shot_text(f, VIEW_CODE, &s);
    char *body = body_of(frame);
    /* the lines and their shapes stay; no value does */
    assert_shows(body, "Q   = x·Wq");
    assert_shows(body, "[6, 8]·[8, 8] → [6, 8]");
    assert_hides(body, "0.52");
    assert_hides(body, "%");
    assert_hides(body, "-0.69");
    for (const char *p = body; (p = strchr(p, '.')) != NULL; p++)
        if (p > body && p[-1] >= '0' && p[-1] <= '9')
            fail_msg("a decimal number in the body:\n%s", body);
    /* the shares as shades after each character, the largest the darkest */
    assert_shows(body, "加 █");
    free(body);
    free(frame);
}

static void test_chinese(void **state)
{
    Fixture *f = *state;
    Shot s = at_stage(STAGE_OUTPUT);
    s.lang = LANG_ZH;
    char *frame = shot_text(f, VIEW_CODE, &s);
    assert_shows(frame, "── 真实框架里的写法 ──");
    assert_shows(frame, "就这五行。真实框架里的 nn.MultiheadAttention、F.scaled_dot_product_attention");
    assert_shows(frame, "再加上第 7 课的掩码和多头");
    assert_shows(frame, "每个数自己核对");
    /* the sentence named in 「」 as the dump names it */
    assert_shows(frame, "# x：[6, 8]，句子「三加五等于?」每个字一行；下面的数是「等」那一行");
    free(frame);
}

static void test_ascii(void **state)
{
    Fixture *f = *state;
    Shot s = at_stage(STAGE_SOFTMAX);
    s.ascii = true;
    s.keys[0] = 'm';
    char *frame = shot_text(f, VIEW_CODE, &s);
    assert_ascii_text(frame);
    assert_shows(frame, "A   = softmax(Q.K^T / sqrt(d) + M)");
    assert_shows(frame, "[6, 8].[8, 8] -> [6, 8]");
    assert_shows(frame, "M: -inf after deng");
    assert_shows(frame, "a row per character of 3 + 5 = yu ?; the values are deng's row");
    assert_shows(frame, "Q(deng)      -0.69 -2.10 -1.80  0.14 -0.27  1.92 -0.68 -0.23");
    free(frame);
}

/* From 60 × 20 to 300 × 80: the five lines and the PyTorch ones, the values whole. */
static void test_sizes(void **state)
{
    Fixture *f = *state;
    for (size_t i = 0; i < N_SIZES; i++) {
        Shot s = at_stage(STAGE_OUTPUT);
        s.w = sizes[i][0];
        s.h = sizes[i][1];
        char *frame = shot_text(f, VIEW_CODE, &s);
        assert_hides(frame, "too small to draw");
        assert_shows(frame, "Q   = x·Wq");
        assert_shows(frame, "A   = softmax(Q·Kᵀ / √d)");
        assert_shows(frame, "out = A·V");
        assert_shows(frame, "0.52 -0.42  0.13 -0.17  0.96 -0.40 -0.05 -0.17");
        assert_shows(frame, "52.4%");
        assert_shows(frame, "F.scaled_dot_product_attention(q, k, v)");
        assert_shows(frame, "nn.MultiheadAttention(");
        assert_hides(frame, "…");
        if (s.h >= 40)   /* room for x(等) and Q(等)·Kᵀ/√8 */
            assert_shows(frame, "Q(等)·Kᵀ/√8");
        free(frame);
    }
}

/* The command the export line names is the one the user started (argv[0] as typed), and
 * "attn-tui" when the frame does not know it. */
static void test_command_as_started(void **state)
{
    Fixture *f = *state;
    Scene sc;
    Shot s = at_stage(STAGE_OUTPUT);
    s.w = 120;
    s.h = 40;
    scene_shoot(&sc, f, VIEW_CODE, &s);
    char *frame = scene_text(&sc, 120, 40);
    assert_shows(frame, "Check every number yourself: attn-tui --export python | python3");
    free(frame);
    sc.o.prog = "./attn-tui";
    frame = scene_text(&sc, 120, 40);
    assert_shows(frame, "Check every number yourself: ./attn-tui --export python | python3");
    free(frame);
    sc.o.prog = "/opt/bin/attn-tui";
    frame = scene_text(&sc, 120, 40);
    assert_shows(frame, "Check every number yourself: /opt/bin/attn-tui --export python | python3");
    free(frame);
}

/* ---------------------------------------------------------------- nanoGPT's Block (the poem model) */

/* The code screen over the poem line with layer (0-based) chosen, head shown, focus asking,
 * at stage, settled. */
static void poem_scene(Scene *s, LayeredFixture *f, int layer, int head, int focus, Stage stage)
{
    LessonParams p = f->ls.params;
    char err[256];
    p.layer = layer;
    assert_int_equal(lesson_rebuild(&f->ls, &p, err, sizeof err), 0);
    scene_start(s, &f->ls, VIEW_CODE);
    s->ui.head = head;
    s->p.focus = focus;
    s->p.stage = stage;
    s->progress = 1.0;
}

/* The words after label on its row (at most max), each copied into vals[k]. */
static int words_after(const char *frame, const char *label, char vals[][FORMAT_BYTES], int max)
{
    char *line = line_with(frame, label);
    const char *p = strstr(line, label);
    assert_non_null(p);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", p + strlen(label));
    free(line);
    int n = 0;
    for (char *w = strtok(buf, " "); w != NULL && n < max; w = strtok(NULL, " "))
        snprintf(vals[n++], FORMAT_BYTES, "%s", w);
    return n;
}

/* The values of a row of T cells after label, "…" left out; *col0 gets the column of the
 * first: 0, or when the row is a window after a "…" the one that makes the window end at the
 * asker t (a "…" after it too) or at the last column. Returns how many. */
static int table_words(const char *frame, const char *label, char vals[][FORMAT_BYTES], int T, int t,
                       int *col0)
{
    char words[20][FORMAT_BYTES];
    int n = words_after(frame, label, words, 20), k = 0;
    bool lead = n > 0 && strcmp(words[0], "…") == 0;
    bool trail = n > 1 && strcmp(words[n - 1], "…") == 0;
    for (int w = lead ? 1 : 0; w < (trail ? n - 1 : n) && k < T; w++)
        snprintf(vals[k++], FORMAT_BYTES, "%s", words[w]);
    *col0 = lead ? (trail ? t : T - 1) - k + 1 : 0;
    return k;
}

/* (layer, head) at 120 × 40 with t asking at ④: q and y as the poem's pass has them; the
 * asker's ÷√8 and share rows (whole, or a window that holds the asker's column) as the pass
 * has them, q·kᵀ ÷ √8 giving the ÷√8 row as printed when its row is there, and softmax redone
 * from the printed ÷√8 row (e^ to one decimal more, as the arcs' softmax panel does it)
 * giving the printed shares when the row is whole. Returns whether it was. */
static bool check_head_rows(LayeredFixture *f, int l, int h, int t)
{
    Scene s;
    poem_scene(&s, f, l, h, t, STAGE_OUTPUT);
    char *frame = scene_text(&s, 120, 40);
    if (getenv("ATTN_SHOW"))
        fprintf(stderr, "L%d H%d t %d\n%s", l + 1, h + 1, t, frame);
    const TransformerTrace *pt = &f->ls.poem;
    const TransformerLayer *L = &pt->layer[l];
    int d = pt->d, dh = pt->dh, T = pt->T;
    const char *tok = f->ls.tr.tokens[t];
    char label[64], want[256];
    snprintf(label, sizeof label, "q(%s) h%d", tok, h + 1);
    vector_text(L->q + (size_t)t * (size_t)d + (size_t)h * (size_t)dh, dh, want, sizeof want);
    char *row = line_with(frame, label);
    assert_shows(row, want);
    free(row);
    snprintf(label, sizeof label, "y(%s) h%d", tok, h + 1);
    vector_text(L->heads + (size_t)t * (size_t)d + (size_t)h * (size_t)dh, dh, want, sizeof want);
    row = line_with(frame, label);
    assert_shows(row, want);
    free(row);

    char raw[16][FORMAT_BYTES], att[16][FORMAT_BYTES], shares[16][FORMAT_BYTES];
    int col0, col0_shares, col0_raw = 0;
    snprintf(label, sizeof label, "att(%s) h%d", tok, h + 1);
    int n = table_words(frame, label, att, T, t, &col0);   /* the first: ÷√8, masked */
    const char *second = strstr(strstr(frame, label) + 1, label);
    assert_non_null(second);
    assert_int_equal(table_words(second, label, shares, T, t, &col0_shares), n);
    assert_int_equal(col0_shares, col0);
    assert_true(col0 <= t && t < col0 + n);
    snprintf(label, sizeof label, "q(%s)·kᵀ h%d", tok, h + 1);
    bool raw_row = strstr(frame, label) != NULL;
    if (raw_row) {
        assert_int_equal(table_words(frame, label, raw, T, t, &col0_raw), T);
        assert_int_equal(n, T);   /* q·kᵀ only beside whole rows */
    }
    const char *dot = strchr(att[0], '.');
    assert_non_null(dot);
    int digits = (int)strlen(dot + 1);
    double printed[MODEL_MAX_TOKENS] = { 0 };
    bool visible[MODEL_MAX_TOKENS] = { false };
    for (int k = 0; k < n; k++) {
        int u = col0 + k;
        char redone[FORMAT_BYTES];
        if (u > t) {
            assert_string_equal(att[k], "−∞");
            assert_string_equal(shares[k], "0.0%");
            continue;
        }
        format_fixed(redone, sizeof redone, TRANSFORMER_CELL(pt, L->scaled, h, t, u), digits);
        assert_string_equal(att[k], redone);
        if (raw_row) {
            format_fixed(redone, sizeof redone, strtod(raw[u], NULL) / pt->scale, digits);
            if (strcmp(redone, att[k]) != 0)
                fail_msg("L%d H%d: %s / √8 = %s, printed %s", l + 1, h + 1, raw[u], redone, att[k]);
        }
        format_percent(redone, sizeof redone, TRANSFORMER_CELL(pt, L->shares, h, t, u));
        assert_string_equal(shares[k], redone);
        printed[u] = strtod(att[k], NULL);
        visible[u] = true;
    }
    for (int u = 0; u <= t && n == T; u++) {
        CheckedShare cs;
        char share[FORMAT_BYTES];
        check_share_printed(&cs, printed, visible, T, u, digits + 1);
        format_percent(share, sizeof share, cs.share);
        if (strcmp(share, shares[u]) != 0)
            fail_msg("L%d H%d: softmax of the printed row gives %s, printed %s", l + 1, h + 1, share,
                     shares[u]);
    }
    free(frame);
    return n == T;
}

/* Layer 2, head 3, 霜 asking at ④, 120 × 40: the Block's lines in model.py's order, with
 * their shapes, "checked against PyTorch" beside the four outside the head; then every head's
 * rows (check_head_rows). */
static void test_block_lines_and_values(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    poem_scene(&s, f, 1, 2, 10, STAGE_OUTPUT);
    char *frame = scene_text(&s, 120, 40);
    if (getenv("ATTN_SHOW"))
        fputs(frame, stderr);
    static const char *const order[] = {
        "layer 2, head 3", "class Block:", "x = x + self.attn(self.ln_1(x))",
        "x = x + self.mlp(self.ln_2(x))", "class CausalSelfAttention:",
        "q, k, v = self.c_attn(x).split(self.n_embd, dim=1)",
        "q = q.view(T, self.n_head, C // self.n_head).transpose(0, 1)",
        "att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))",
        "att = att.masked_fill(self.bias[:T, :T] == 0, float('-inf'))",
        "att = F.softmax(att, dim=-1)", "y = att @ v",
        "y = y.transpose(0, 1).contiguous().view(T, C)", "return self.c_proj(y)", "class MLP:",
        "x = self.c_fc(x)", "x = self.gelu(x)", "return self.c_proj(x)",
    };
    const char *at = frame;
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
        const char *found = strstr(at, order[k]);
        if (!found)
            fail_msg("\"%s\" missing or out of order", order[k]);
        at = found + strlen(order[k]);
    }
    assert_shows(frame, "[12, 32]·[32, 96] + b → [12, 96]");
    assert_shows(frame, "[4, 12, 8]·[4, 8, 12] → [4, 12, 12]");
    assert_shows(frame, "[12, 128]·[128, 32] + b → [12, 32]");
    int checked = 0;
    for (const char *p = strstr(frame, "checked against PyTorch (--export python)"); p;
         p = strstr(p + 1, "checked against PyTorch (--export python)"))
        checked++;
    assert_int_equal(checked, 4);   /* the two x + …, c_proj and the MLP's */
    free(frame);
    int whole = 0;
    for (int l = 0; l < 2; l++)
        for (int h = 0; h < 4; h++)
            for (int t = 10; t < 12; t++)
                whole += check_head_rows(f, l, h, t);
    assert_true(whole >= 12);   /* of 16: a row needing 4 decimals is a window at 120 columns */
}

/* ② marks the score line alone; ① shows q but no scores yet; the lesson's lines are gone. */
static void test_block_stages(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    poem_scene(&s, f, 0, 0, 10, STAGE_SCORE);
    char *frame = scene_text(&s, 120, 40);
    char *line = line_with(frame, "▶");
    assert_non_null(strstr(line, "att = (q @ k.transpose(-2, -1))"));
    free(line);
    assert_null(strstr(strstr(frame, "▶") + 1, "▶"));
    assert_hides(frame, "Q   = x·Wq");
    assert_hides(frame, "nn.MultiheadAttention");
    assert_hides(frame, "%");   /* no shares before ③ */
    free(frame);
    poem_scene(&s, f, 0, 0, 10, STAGE_QKV);
    frame = scene_text(&s, 120, 40);
    char want[256];
    vector_text(f->ls.poem.layer[0].q + 10 * 32, 8, want, sizeof want);
    line = line_with(frame, "q(霜) h1");
    assert_shows(line, want);
    free(line);
    assert_hides(frame, "−∞");
    free(frame);
}

/* Every size, both languages, numbers hidden: the code is there, never a value with numbers
 * hidden, shapes kept; rows short: one line for the lines checked against PyTorch. */
static void test_block_sizes(void **state)
{
    LayeredFixture *f = *state;
    Scene s;
    for (size_t k = 0; k < N_SIZES; k++)
        for (int zh = 0; zh < 2; zh++)
            for (int num = 0; num < 2; num++) {
                poem_scene(&s, f, 0, 1, 10, STAGE_OUTPUT);
                s.o.lang = zh ? LANG_ZH : LANG_EN;
                s.ui.numbers = num == 1;
                char *frame = scene_text(&s, sizes[k][0], sizes[k][1]);
                assert_shows(frame, "y = att @ v");
                assert_shows(frame, zh ? "PyTorch 核对" : "checked against PyTorch");
                if (num == 0) {
                    assert_hides(frame, "%");
                    assert_hides(frame, "-0.");
                } else {
                    assert_shows(frame, "%");
                }
                if (sizes[k][0] >= 120 && sizes[k][1] >= 40)
                    assert_shows(frame, "[4, 12, 12]·[4, 12, 8] → [4, 12, 8]");
                free(frame);
            }
    poem_scene(&s, f, 0, 0, 10, STAGE_OUTPUT);
    char *frame = scene_text(&s, 80, 24);
    assert_shows(frame, "c_proj, MLP, x + …: checked against PyTorch (--export python)");
    free(frame);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_lines_and_shapes, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_values_of_the_trace, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_line4_holds_as_printed, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_input_row_at_80x24, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_comment_whole_at_70, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_stepping, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_progress, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_mask, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_two_heads, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_numbers_hidden, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_chinese, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_ascii, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_sizes, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_command_as_started, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_block_lines_and_values, poem_fixture_setup, poem_fixture_teardown),
        cmocka_unit_test_setup_teardown(test_block_stages, poem_fixture_setup, poem_fixture_teardown),
        cmocka_unit_test_setup_teardown(test_block_sizes, poem_fixture_setup, poem_fixture_teardown),
    };
    return cmocka_run_group_tests_name("view code", tests, NULL, NULL);
}

/* test_zh.c — the Chinese interface as a whole: every view at every stage, at 80×24 and
 * 120×40, numbers on and off, help closed and open, drawn in Chinese, holds no English word
 * outside a short allowlist and breaks no lesson term or equation across two rows.
 * Owns: the allowlist and the walk over the screens. Must not touch: any view's insides. */
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
#include "quiz.h"
#include "snapshot.h"
#include "worksheet.h"
#include <unistr.h>
#include "train.h"
#include "view.h"
#include "view_train.h"
#include "wrap.h"

/* The Latin words a Chinese screen may show: the lesson's own symbols and names, the
 * program's, units, and the Python of the code screen. One letter (x, d, Q, K, V, T, i, j)
 * is always allowed: it is a symbol, not a word. */
static const char *const allowed_words[] = {
    "softmax", "attn-tui", "attn", "tui", "Wq", "Wk", "Wv", "GQA", "KV", "SVG", "ASCII", "MiB", "GiB", "KiB", "max", "exp", "cos",
    "Esc", "Tab", "Enter", "PgUp", "PgDn", "Home", "End", "Ctrl", "Shift",
    "PyTorch",
    "s-max", "Qwen",
    /* an option, typed as it is spelled (the practice help's --no-history) */
    "no-history",
    /* a model's name typed after --model (the poem model's screens: --model poems) */
    "poems",
    /* the Python of the code screen (and the summary's and --export's names for it) */
    "out", "mha", "out_proj", "num_heads", "embed_dim", "bias", "False", "python", "export",
    "F.scaled_dot_product_attention", "nn.MultiheadAttention", "m.view", "transpose", "for", "in",
    "is_causal", "attn_mask", "causal", "True",
    /* what one types: the ASCII spellings of the input line (is = 是, how many = 几) */
    "is", "how", "many",
    /* the SVG's own: a unit */
    "px",
};

static bool word_allowed(const char *w, size_t n)
{
    if (n <= 1)
        return true;
    for (size_t i = 0; i < sizeof allowed_words / sizeof allowed_words[0]; i++)
        if (strlen(allowed_words[i]) == n && strncmp(allowed_words[i], w, n) == 0)
            return true;
    return false;
}

static bool latin(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* True when the UTF-8 text at p is a box-drawing glyph (U+2500…U+257F): the help's frame,
 * which cuts the words of the screen behind it. */
static bool box_glyph(const char *p)
{
    return (unsigned char)p[0] == 0xE2 && ((unsigned char)p[1] == 0x94 || (unsigned char)p[1] == 0x95);
}

/* The first English word of text not allowed (in *n its length), or NULL. A word is a
 * run of Latin letters, '_' and '-' or '.' between letters; a word glued to a digit ("d64",
 * "1e-3", "Qwen2", "add-seed1.model") is a number's notation or a name; a word cut by a box's edge is a piece
 * of the screen under the help. */
static const char *english_word(const char *text, size_t *n)
{
    for (const char *p = text; *p; p++) {
        if (!latin(*p) || (p > text && (latin(p[-1]) || p[-1] == '_' || (p[-1] >= '0' && p[-1] <= '9'))))
            continue;
        if (p - text >= 2 && p[-1] == '.' && p[-2] >= '0' && p[-2] <= '9')
            continue;   /* the rest of a name glued to a digit: "add-seed1.model", a file's */
        if (p - text >= 2 && p[-1] == '-' && p[-2] == '-') {   /* an option's name: "--model" */
            while (latin(*p) || *p == '-')
                p++;
            p--;
            continue;
        }
        const char *e = p;
        while (latin(*e) || *e == '_' || (*e == '-' && latin(e[1])) || (*e == '.' && latin(e[1])))
            e++;
        if ((*e >= '0' && *e <= '9') || box_glyph(e) || (p - text >= 3 && box_glyph(p - 3))) {
            p = e - 1;
            continue;
        }
        /* a dotted name (F.softmax, nn.Linear) is Python: allowed whole, or each part */
        const char *q = word_allowed(p, (size_t)(e - p)) ? e : p;
        bool bad = false;
        while (q < e) {
            const char *d = q;
            while (d < e && *d != '.')
                d++;
            if (!word_allowed(q, (size_t)(d - q))) {
                bad = true;
                break;
            }
            q = d < e ? d + 1 : d;
        }
        if (bad) {
            *n = (size_t)(e - p);
            return p;
        }
        p = e - 1;
    }
    return NULL;
}

/* ---------------------------------------------------------------- the walk */

static const int zh_sizes[][2] = { { 80, 24 }, { 120, 40 } };

/* Every frame of the walk: view × stage × size × numbers × help, in Chinese. fn checks
 * one; report (ATTN_ZH_REPORT set) prints every offence instead of failing at the first. */
typedef int (*FrameCheck)(const Grid *g, const char *what, bool report);

/* Keys that reach a view's own stages (its tables, troubles, d, panels), after none. */
typedef struct {
    ViewId view;     /* the view */
    int keys[4];     /* pressed in order (0 ends) */
} ViewStage;

static const ViewStage view_stages[] = {
    { VIEW_MATRIX, { 't' } }, { VIEW_MATRIX, { 't', 't' } },
    { VIEW_SIMILARITY, { KEYCODE_RIGHT } }, { VIEW_SIMILARITY, { KEYCODE_LEFT } },
    { VIEW_SIMILARITY, { KEYCODE_RIGHT, 'c' } },
    { VIEW_SQRTD, { 'd' } }, { VIEW_SQRTD, { KEYCODE_RIGHT, KEYCODE_RIGHT, KEYCODE_RIGHT } },
    { VIEW_SCALE, { KEYCODE_RIGHT, KEYCODE_RIGHT } },
    { VIEW_ARCS, { 'm' } }, { VIEW_ARCS, { 'h' } }, { VIEW_MACHINE, { 'h' } }, { VIEW_MACHINE, { 'i' } },
    { VIEW_MATRIX, { 'w' } }, { VIEW_ARCS, { 'g' } }, { VIEW_ARCS, { 'p' } }, { VIEW_ARCS, { 'e' } },
    { VIEW_CODE, { 'm', 'h' } }, { VIEW_LIBRARY, { 'm' } }, { VIEW_SUMMARY, { 'h' } },
};

/* One frame of the walk, drawn and checked. */
static int walk_one(Fixture *f, FrameCheck fn, bool report, ViewId v, Stage st, int z, int numbers,
                    int help, const int *keys, size_t nkeys)
{
    Shot shot = { .w = zh_sizes[z][0], .h = zh_sizes[z][1], .stage = st, .focus = 3,
                  .numbers = numbers, .lang = LANG_ZH };
    for (size_t k = 0; k < nkeys && k < sizeof shot.keys / sizeof shot.keys[0]; k++)
        shot.keys[k] = keys[k];
    Scene sc;
    scene_shoot(&sc, f, v, &shot);
    sc.ui.help = help;
    Grid g = scene_render(&sc, shot.w, shot.h);
    char what[128];
    snprintf(what, sizeof what, "view %s stage %d %dx%d numbers %d help %d keys %d", view_ops(v)->name,
             st + 1, shot.w, shot.h, numbers, help, nkeys ? keys[0] : 0);
    int bad = fn(&g, what, report);
    grid_free(&g);
    return bad;
}

/* Every frame of the walk: view × stage × size × numbers × help, and each view's own
 * stages, in Chinese. fn checks one; report (ATTN_ZH_REPORT set) prints every offence
 * instead of failing at the first. */
static int walk_frames(Fixture *f, FrameCheck fn, bool report)
{
    int bad = 0;
    for (int z = 0; z < (int)(sizeof zh_sizes / sizeof zh_sizes[0]); z++)
        for (int numbers = 0; numbers < 2; numbers++)
            for (int help = 0; help < 2; help++)
                for (int st = 0; st < STAGE_COUNT; st++) {
                    for (int v = 0; v < VIEW_COUNT; v++)
                        bad += walk_one(f, fn, report, (ViewId)v, (Stage)st, z, numbers, help, NULL, 0);
                    for (size_t i = 0; i < sizeof view_stages / sizeof view_stages[0]; i++) {
                        size_t n = 0;
                        while (n < 4 && view_stages[i].keys[n])
                            n++;
                        bad += walk_one(f, fn, report, view_stages[i].view, (Stage)st, z, numbers, help,
                                        view_stages[i].keys, n);
                    }
                }
    return bad;
}

static int check_english(const Grid *g, const char *what, bool report)
{
    char row[8192];
    int bad = 0;
    for (int y = 0; y < g->h; y++) {
        row_text(g, y, row, sizeof row);
        size_t n;
        for (const char *p = english_word(row, &n); p; p = english_word(p + n, &n)) {
            if (!report)
                fail_msg("%s: English word '%.*s' in row %d: %s", what, (int)n, p, y, row);
            printf("EN\t%.*s\t%s\t%s\n", (int)n, p, what, row);
            bad++;
        }
    }
    return bad;
}

static void test_no_english(void **state)
{
    bool report = getenv("ATTN_ZH_REPORT") != NULL;
    int bad = walk_frames(*state, check_english, report);
    if (report)
        assert_int_equal(bad, 0);
}

/* The train screen's own states, in Chinese: fresh, a few steps in, learned, and asking for
 * a file name; each at both sizes, numbers on and off, help closed and open, checked by fn. */
static int walk_train(FrameCheck fn, bool report)
{
    int bad = 0;
    for (int state = 0; state < 4; state++) {
        Scene *s = scene_open(NULL, VIEW_TRAIN);
        s->o.lang = LANG_ZH;
        TrainViewState *t = view_state(s->ui.views, VIEW_TRAIN);
        assert_non_null(t);
        if (state == 1)
            train_steps(t->run, 3);
        if (state >= 2)
            train_steps(t->run, 1000);
        if (state == 3)   /* w: the save's prompt */
            scene_press(s, 'w');
        for (int z = 0; z < (int)(sizeof zh_sizes / sizeof zh_sizes[0]); z++)
            for (int numbers = 0; numbers < 2; numbers++)
                for (int help = 0; help < 2; help++) {
                    s->ui.numbers = numbers;
                    s->ui.help = help;
                    Grid g = scene_render(s, zh_sizes[z][0], zh_sizes[z][1]);
                    char what[128];
                    snprintf(what, sizeof what, "view train state %d %dx%d numbers %d help %d", state,
                             zh_sizes[z][0], zh_sizes[z][1], numbers, help);
                    bad += fn(&g, what, report);
                    grid_free(&g);
                }
        scene_close(s);
    }
    return bad;
}

static void test_train_no_english(void **state)
{
    (void)state;
    bool report = getenv("ATTN_ZH_REPORT") != NULL;
    int bad = walk_train(check_english, report);
    if (report)
        assert_int_equal(bad, 0);
}

/* The first listed term broken across rows y and y + 1 of g (one ends in its head, the next
 * begins with its tail), or NULL. */
static const char *broken_term(const Grid *g, int y, char *row, char *next, size_t cap)
{
    row_trimmed(g, y, row, cap);
    row_trimmed(g, y + 1, next, cap);
    const char *start = next;
    while (*start == ' ')
        start++;
    size_t rn = strlen(row);
    for (int t = 0; t < wrap_term_count; t++) {
        const char *term = wrap_terms[t];
        size_t len = strlen(term);
        for (size_t cut = 1; cut < len; cut++) {
            if ((((unsigned char)term[cut]) & 0xC0) == 0x80)
                continue;   /* only between characters */
            if (rn >= cut && memcmp(row + rn - cut, term, cut) == 0 && strncmp(start, term + cut, len - cut) == 0)
                return term;
        }
    }
    return NULL;
}

static int check_breaks(const Grid *g, const char *what, bool report)
{
    char row[8192], next[8192];
    int bad = 0;
    for (int y = 0; y + 1 < g->h; y++) {
        const char *term = broken_term(g, y, row, next, sizeof row);
        if (!term)
            continue;
        if (!report)
            fail_msg("%s: 「%s」 broken across rows %d and %d:\n%s\n%s", what, term, y, y + 1, row, next);
        printf("BREAK\t%s\t%s\t%s\t%s\n", term, what, row, next);
        bad++;
    }
    return bad;
}

static void test_no_broken_term(void **state)
{
    bool report = getenv("ATTN_ZH_REPORT") != NULL;
    int bad = walk_frames(*state, check_breaks, report);
    if (report)
        assert_int_equal(bad, 0);
}

static void test_train_no_broken_term(void **state)
{
    (void)state;
    bool report = getenv("ATTN_ZH_REPORT") != NULL;
    int bad = walk_train(check_breaks, report);
    if (report)
        assert_int_equal(bad, 0);
}

/* The breaker keeps the breaks whole: 不对称, an equation's " = ", Q(加)·K(等). */
static void test_wrap_keeps_terms(void **state)
{
    (void)state;
    WrapLine lines[8];
    const char *p = "这张表不对称";   /* 12 columns: at 11 columns 不对称 moves down whole */
    int n = wrap_lines(p, 11, lines, 8);
    assert_int_equal(n, 2);
    assert_int_equal(lines[0].len, (int)strlen("这张表"));
    assert_int_equal(lines[1].len, (int)strlen("不对称"));
    const char *q = "分数 Q(加)·K(等) = 2.08";
    n = wrap_lines(q, 20, lines, 8);
    assert_int_equal(n, 2);
    assert_string_equal(q + lines[1].start, "Q(加)·K(等) = 2.08");
}

/* Every English word of one text (fails, or in report mode prints and counts). */
static int check_text(const char *text, const char *what, bool report)
{
    int bad = 0;
    size_t n;
    for (const char *p = english_word(text, &n); p; p = english_word(p + n, &n)) {
        if (!report)
            fail_msg("%s: English word '%.*s' in: %s", what, (int)n, p, text);
        printf("EN\t%.*s\t%s\n", (int)n, p, what);
        bad++;
    }
    return bad;
}

/* The Chinese worksheet with its key, every line of it (the key's 答案 N：VALUE included),
 * for a sheet long enough to say where its questions start to repeat. */
static void test_worksheet_no_english(void **state)
{
    Fixture *f = *state;
    bool report = getenv("ATTN_ZH_REPORT") != NULL;
    int bad = 0;
    for (int heads = 0; heads < 2; heads++) {
        char *sheet = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&sheet, &len);
        assert_non_null(out);
        WorksheetOptions o = { heads ? 40 : 400, 1, true, LANG_ZH };
        Lesson *ls = &f->ls;
        LessonParams p = ls->params;
        p.config.heads = heads ? 2 : 1;
        p.config.mask = heads ? MASK_CAUSAL : MASK_NONE;
        char err[256];
        assert_int_equal(lesson_rebuild(ls, &p, err, sizeof err), 0);
        assert_int_equal(worksheet_write(out, &ls->tr, &o), 0);
        fclose(out);
        assert_null(u8_check((const uint8_t *)sheet, len));   /* no line cut inside a character */
        assert_shows(sheet, "答案 1：");
        assert_hides(sheet, "写成百分比\n");   /* the share's sentence whole (not cut at 192 bytes) */
        if (!heads)
            assert_shows(sheet, "从这一题起题目开始重复");
        for (char *line = strtok(sheet, "\n"); line; line = strtok(NULL, "\n"))
            bad += check_text(line, heads ? "worksheet, mask and two heads" : "worksheet", report);
        free(sheet);
    }
    fixture_reset(f);
    if (report)
        assert_int_equal(bad, 0);
}

/* The text an SVG shows (its title and every <text>), each piece checked. */
static int check_svg_text(const char *svg, const char *what, bool report)
{
    int bad = 0;
    for (const char *p = svg; (p = strstr(p, "<t")) != NULL; p++) {
        if (strncmp(p, "<title>", 7) != 0 && strncmp(p, "<text ", 6) != 0)
            continue;
        const char *open = strchr(p, '>'), *close = open ? strstr(open, "</") : NULL;
        if (!close)
            break;
        char piece[4096];
        snprintf(piece, sizeof piece, "%.*s", (int)(close - open - 1), open + 1);
        bad += check_text(piece, what, report);
        p = close;
    }
    return bad;
}

/* Every screen as S and --print --format svg write it in Chinese: its title names the
 * screen by its tab (「连线」画面), the scale of its strokes is said in Chinese. */
static void test_svg_no_english(void **state)
{
    Fixture *f = *state;
    bool report = getenv("ATTN_ZH_REPORT") != NULL;
    int bad = 0;
    for (int v = 0; v < VIEW_COUNT; v++) {
        Scene sc;
        Shot shot = { .w = 120, .h = 40, .stage = STAGE_SOFTMAX, .focus = 3, .numbers = true, .lang = LANG_ZH };
        scene_shoot(&sc, f, (ViewId)v, &shot);
        FrameInput in = scene_input(&sc);
        Snapshot snap = { 0 };
        assert_int_equal(snapshot_take(&snap, &in, 120, 40, false), 0);
        char *svg = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&svg, &len);
        assert_non_null(out);
        assert_int_equal(snapshot_svg(&snap, out, THEME_DARK), 0);
        fclose(out);
        char what[64];
        snprintf(what, sizeof what, "SVG of %s", view_ops((ViewId)v)->name);
        assert_non_null(strstr(svg, "画面</title>"));
        bad += check_svg_text(svg, what, report);
        if (v == VIEW_ARCS)
            assert_non_null(strstr(svg, ">线宽：每 10% 为 "));
        free(svg);
        snapshot_free(&snap);
    }
    if (report)
        assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_no_english, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_no_broken_term, fixture_setup, fixture_teardown),
        cmocka_unit_test(test_train_no_english),
        cmocka_unit_test(test_train_no_broken_term),
        cmocka_unit_test(test_wrap_keeps_terms),
        cmocka_unit_test_setup_teardown(test_worksheet_no_english, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_svg_no_english, fixture_setup, fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

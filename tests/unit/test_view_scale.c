/* test_view_scale.c — the scale view (station 3's real model): every figure derived from the
 * shapes as realmodel.h computes it, the context length the arrows change and the cache at
 * it, bars in proportion with numbers hidden, Chinese, ASCII and every size.
 * Must not touch: golden files (test_golden.c), the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "actions.h"
#include "engine.h"
#include "format.h"
#include "frame.h"
#include "grid.h"
#include "keys.h"
#include "lesson.h"
#include "model.h"
#include "player.h"
#include "realmodel.h"
#include "ui.h"
#include "ascii_frame.h"

#define THIS_VIEW VIEW_SCALE
/* ---------------------------------------------------------------- fixture */

/* One frame's settings: the view fixed by the file, the rest varied by the tests. */
typedef struct {
    int w;              /* frame columns */
    int h;              /* frame rows */
    Stage stage;        /* the stage */
    int focus;          /* the asking character */
    bool numbers;       /* numbers shown */
    Lang lang;          /* labels' language */
    bool ascii;         /* ASCII drawing */
    double progress;    /* 0..1 of the transition */
    int keys[8];        /* keys pressed first (0 ends) */
} Shot;

/* The default model's lesson on 三加五等于?. */
typedef struct {
    Model m;       /* the compiled-in model */
    Lesson ls;     /* its passes */
} Fixture;

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    char err[256];
    if (!f || model_load_default(&f->m, err, sizeof err) != 0)
        return -1;
    if (lesson_build(&f->ls, &f->m, f->m.sentence, NULL, err, sizeof err) != 0)
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    lesson_free(&f->ls);
    model_free(&f->m);
    free(f);
    return 0;
}

/* The shot's player and UI state after its keys (the lesson rebuilt when they ask). */
static void prepare(Fixture *f, const Shot *s, Player *p, Ui *ui)
{
    char err[256];
    LessonParams six;              /* every shot starts from lesson 6: no mask, one head */
    lesson_params(&six, f->m.sentence);
    if (lesson_rebuild(&f->ls, &six, err, sizeof err) != 0)
        fail_msg("%s", err);
    player_init(p, f->ls.tr.T, 0);
    ui_init_for(ui, THIS_VIEW, &f->ls);
    ui_set_view(ui, p, THIS_VIEW);
    p->stage = s->stage;
    p->focus = s->focus;
    ui->numbers = s->numbers;
    for (int i = 0; i < 8 && s->keys[i]; i++) {
        const KeyBinding *b = ui_binding(ui, s->keys[i]);
        assert_non_null(b);
        if (ui_apply(ui, p, &f->ls, b->action, b->arg, 0) & REACT_RECOMPUTE) {
            if (lesson_rebuild(&f->ls, &ui->want, err, sizeof err) != 0)
                fail_msg("%s", err);
            ui->want = f->ls.params;
            player_set_tokens(p, f->ls.tr.T, 0);
        }
    }
}

/* The frame of shot s as text (caller frees). */
static char *render(Fixture *f, const Shot *s)
{
    Player p;
    Ui ui;
    prepare(f, s, &p, &ui);
    FrameOptions o = { .lang = s->lang, .ascii = s->ascii, .notice = NULL };
    FrameInput in = { .lesson = &f->ls, .player = &p, .ui = &ui,
                      .progress = s->progress > 0 ? s->progress : 1.0, .opt = &o };
    Grid g;
    assert_int_equal(grid_init(&g, s->w, s->h), 0);
    frame_render(&g, &in);
    size_t n = grid_to_text(&g, NULL, 0);
    char *text = malloc(n + 1);
    assert_non_null(text);
    grid_to_text(&g, text, n + 1);
    grid_free(&g);
    return text;
}

/* The rows between the view bar and the status line (the view's body, roughly: the title
 * may take two rows at narrow widths, which then hold no numbers), caller frees. */
static char *body_of(const char *frame)
{
    const char *start = strchr(frame, '\n');
    assert_non_null(start);
    start = strchr(start + 1, '\n');
    assert_non_null(start);
    const char *end = frame + strlen(frame) - 1;          /* the last '\n' */
    while (end > start && end[-1] != '\n')
        end--;                                            /* the status line's start */
    size_t n = (size_t)(end - start);
    char *body = malloc(n + 1);
    assert_non_null(body);
    memcpy(body, start, n);
    body[n] = '\0';
    return body;
}

/* Fails with the frame when text is not in it. */
static void assert_shows(const char *frame, const char *text)
{
    if (!strstr(frame, text))
        fail_msg("\"%s\" is not in the frame:\n%s", text, frame);
}

/* Fails with the frame when text is in it. */
static void assert_hides(const char *frame, const char *text)
{
    if (strstr(frame, text))
        fail_msg("\"%s\" should not be in the frame:\n%s", text, frame);
}

/* The line of the frame that holds text (caller frees), or fails. */
static char *line_with(const char *frame, const char *text)
{
    const char *at = strstr(frame, text);
    if (!at)
        fail_msg("\"%s\" is not in the frame:\n%s", text, frame);
    const char *start = at;
    while (start > frame && start[-1] != '\n')
        start--;
    const char *end = strchr(at, '\n');
    size_t n = end ? (size_t)(end - start) : strlen(start);
    char *line = malloc(n + 1);
    assert_non_null(line);
    memcpy(line, start, n);
    line[n] = '\0';
    return line;
}

static const int sizes[][2] = { { 60, 20 }, { 61, 21 }, { 70, 22 }, { 80, 24 }, { 99, 31 },
                                { 120, 40 }, { 200, 60 }, { 300, 80 } };
#define N_SIZES (sizeof sizes / sizeof sizes[0])

static Shot shot(int w, int h, bool numbers)
{
    return (Shot){ .w = w, .h = h, .stage = STAGE_QKV, .focus = 3, .numbers = numbers, .lang = LANG_EN };
}

/* ---------------------------------------------------------------- figures */

static void test_parameters(void **state)
{
    Fixture *f = *state;
    Shot s = shot(80, 24, true);
    char *frame = render(f, &s);
    assert_shows(frame, "the demo     3 × 8 × 8 = 192");
    assert_shows(frame, "Wq         3584 × 3584 = 12845056");
    assert_shows(frame, "Wk         3584 × 512  =  1835008");
    assert_shows(frame, "Wv         3584 × 512  =  1835008");
    assert_shows(frame, "all three  12845056 + 2 × 1835008 = 16515072 = 86016 × 192");
    free(frame);
}

static void test_heads(void **state)
{
    Fixture *f = *state;
    Shot s = shot(80, 24, true);
    char *frame = render(f, &s);
    char *line = line_with(frame, "Q heads");
    assert_non_null(strstr(line, "▮▮▮▮▮▮▮ ▮▮▮▮▮▮▮ ▮▮▮▮▮▮▮ ▮▮▮▮▮▮▮ 28 × 128 = 3584"));
    free(line);
    line = line_with(frame, "K, V heads");
    assert_non_null(strstr(line, "▮       ▮       ▮       ▮    512 / 128 = 4"));
    free(line);
    assert_shows(frame, "each K, V serves 28 / 4 = 7 query heads");
    assert_shows(frame, "√128 = 11.313708");
    assert_shows(frame, "√8 = 2.828427");
    free(frame);
}

/* K/V numbers kept per token per layer, and the cache at the first length: 1K. */
static void test_cache_at_first_length(void **state)
{
    Fixture *f = *state;
    Shot s = shot(80, 24, true);
    char *frame = render(f, &s);
    assert_shows(frame, "with GQA   2 × 512  = 1024");
    assert_shows(frame, "without    2 × 3584 = 7168");
    assert_shows(frame, "= 7 × 1024");
    assert_shows(frame, "[1K] 2K  4K  8K  16K  32K  64K  128K  = 1024 tokens");
    assert_shows(frame, "1024 × 1024 × 2 B =    2097152 B =    2 MiB");
    assert_shows(frame, "1024 × 7168 × 2 B =   14680064 B =   14 MiB");
    assert_shows(frame, "28 layers (Qwen2-7B): 56 MiB against 392 MiB");
    free(frame);
}

/* → twice: 4K; the cache is recomputed from the shapes at that length. */
static void test_arrows_change_the_length(void **state)
{
    Fixture *f = *state;
    Shot s = shot(80, 24, true);
    s.keys[0] = KEYCODE_RIGHT;
    s.keys[1] = KEYCODE_RIGHT;
    char *frame = render(f, &s);
    assert_shows(frame, " 1K  2K [4K] 8K ");
    assert_shows(frame, "= 4096 tokens");
    assert_shows(frame, "4096 × 1024 × 2 B =    8388608 B =    8 MiB");
    assert_shows(frame, "4096 × 7168 × 2 B =   58720256 B =   56 MiB");
    free(frame);
    for (int i = 0; i < 8; i++)             /* past the end it stays at 128K */
        s.keys[i] = i < 7 ? KEYCODE_RIGHT : KEYCODE_UP;
    frame = render(f, &s);
    assert_shows(frame, "[128K] = 131072 tokens");
    assert_shows(frame, "131072 × 1024 × 2 B =  268435456 B =  256 MiB");
    assert_shows(frame, "131072 × 7168 × 2 B = 1879048192 B = 1792 MiB");
    assert_shows(frame, "28 layers (Qwen2-7B): 7168 MiB against 50176 MiB");
    free(frame);
    memset(s.keys, 0, sizeof s.keys);       /* ← and ↓ go back; not below 1K */
    s.keys[0] = KEYCODE_RIGHT;
    s.keys[1] = KEYCODE_RIGHT;
    s.keys[2] = KEYCODE_LEFT;
    s.keys[3] = KEYCODE_DOWN;
    s.keys[4] = KEYCODE_DOWN;
    frame = render(f, &s);
    assert_shows(frame, "[1K] 2K");
    free(frame);
}

/* The view's own keys: the arrows mean the text length here, and the help says so. */
static void test_keys(void **state)
{
    Fixture *f = *state;
    Player p;
    Ui ui;
    Shot s = shot(80, 24, true);
    prepare(f, &s, &p, &ui);
    assert_int_equal(ui_binding(&ui, KEYCODE_RIGHT)->action, ACTION_CONTEXT_UP);
    assert_int_equal(ui_binding(&ui, KEYCODE_UP)->action, ACTION_CONTEXT_UP);
    assert_int_equal(ui_binding(&ui, KEYCODE_LEFT)->action, ACTION_CONTEXT_DOWN);
    assert_int_equal(ui_binding(&ui, KEYCODE_DOWN)->action, ACTION_CONTEXT_DOWN);
    assert_int_equal(ui_binding(&ui, 'n')->action, ACTION_NUMBERS);
    s.keys[0] = '?';
    char *frame = render(f, &s);
    assert_shows(frame, "a longer text");
    assert_shows(frame, "a shorter text");
    free(frame);
    s.keys[0] = 0;
    frame = render(f, &s);
    char *status = line_with(frame, "text length  Tab views");
    assert_non_null(strstr(status, "←/→ text length"));
    free(status);
    free(frame);
}

/* ---------------------------------------------------------------- numbers hidden */

/* Cells of the longest run of full blocks on the line holding label. */
static int bar_on(const char *frame, const char *label)
{
    char *line = line_with(frame, label);
    int best = 0, run = 0;
    for (const char *p = line; *p;) {
        if (strncmp(p, "█", strlen("█")) == 0) {
            run++;
            best = run > best ? run : best;
            p += strlen("█");
        } else {
            run = 0;
            p++;
        }
    }
    free(line);
    return best;
}

static void test_numbers_hidden(void **state)
{
    Fixture *f = *state;
    Shot s = shot(80, 24, false);
    char *frame = render(f, &s);
    char *body = body_of(frame);
    for (const char *p = body; *p; p++)
        if (*p >= '0' && *p <= '9')
            fail_msg("a digit with numbers hidden:\n%s", body);
    /* Wq is 3584 wide, Wk and Wv 512: bars 7 to 1 */
    int wq = bar_on(body, "  Wq "), wk = bar_on(body, "  Wk "), wv = bar_on(body, "  Wv ");
    assert_true(wq >= 40);
    assert_int_equal(wk, wv);
    assert_true(wq >= 7 * wk - 3 && wq <= 7 * wk + 3);
    /* per token (the first rows of each name): 7168 against 1024 numbers, 7 to 1 */
    int with = bar_on(body, "with GQA"), without = bar_on(body, "without");
    assert_int_equal(without, 28);
    assert_int_equal(with, 4);
    assert_shows(body, "▮▮▮▮▮▮▮ ▮▮▮▮▮▮▮ ▮▮▮▮▮▮▮ ▮▮▮▮▮▮▮");
    assert_shows(body, "●─·─·─·─·─·─·─·");
    free(body);
    free(frame);
    s.keys[0] = KEYCODE_RIGHT;              /* the slider and the cache bars move */
    for (int i = 1; i < 7; i++)
        s.keys[i] = KEYCODE_RIGHT;
    frame = render(f, &s);
    body = body_of(frame);
    assert_shows(body, "·─·─·─·─·─·─·─●");
    free(body);
    free(frame);
}

/* The cache bars grow with the length; without GQA 7 times the one with it. */
static void test_cache_bars(void **state)
{
    Fixture *f = *state;
    Shot s = shot(120, 40, false);
    for (int i = 0; i < 7; i++)
        s.keys[i] = KEYCODE_RIGHT;
    char *frame = render(f, &s);
    /* the last two "with GQA" / "without" rows are the cache's */
    const char *cache = strstr(frame, "●");
    assert_non_null(cache);
    int with = bar_on(cache, "with GQA"), without = bar_on(cache, "without");
    assert_true(without >= 60);
    assert_true(with >= without / 7 - 1 && with <= without / 7 + 1);
    free(frame);
}

/* ---------------------------------------------------------------- languages, sizes */

static void test_chinese(void **state)
{
    Fixture *f = *state;
    Shot s = shot(120, 40, true);
    s.lang = LANG_ZH;
    char *frame = render(f, &s);
    assert_shows(frame, "Wq、Wk、Wv：演示对真实模型");
    assert_shows(frame, "d 是每个头的宽度：√128 = 11.313708");
    assert_shows(frame, "每组 K、V 给 28 / 4 = 7 个查询头共用");
    assert_shows(frame, "省下来的正是「长文本最贵的那部分」");
    assert_shows(frame, "= 1024 个字");
    free(frame);
}

static void test_ascii(void **state)
{
    Fixture *f = *state;
    Shot s = shot(80, 24, true);
    s.ascii = true;
    char *frame = render(f, &s);
    assert_ascii_text(frame);
    assert_shows(frame, "3584 * 3584 = 12845056");
    assert_shows(frame, "sqrt(128) = 11.313708");
    assert_shows(frame, "qqqqqqq qqqqqqq qqqqqqq qqqqqqq");
    free(frame);
}

static void test_sizes(void **state)
{
    Fixture *f = *state;
    for (size_t i = 0; i < N_SIZES; i++) {
        Shot s = shot(sizes[i][0], sizes[i][1], true);
        char *frame = render(f, &s);
        assert_hides(frame, "terminal too small");
        assert_shows(frame, "= 192");
        assert_shows(frame, "3584 × 3584 = 12845056");
        assert_shows(frame, "3584 × 512  =  1835008");
        assert_shows(frame, "28 × 128 = 3584");
        assert_shows(frame, "512 / 128 = 4");
        assert_shows(frame, "√128 = 11.313708");
        assert_shows(frame, "1024 × 1024 × 2 B =");
        assert_shows(frame, "   2 MiB");
        assert_shows(frame, "  14 MiB");
        free(frame);
        s.numbers = false;
        frame = render(f, &s);
        char *body = body_of(frame);
        assert_shows(body, "█");
        for (const char *p = body; *p; p++)
            if (*p >= '0' && *p <= '9')
                fail_msg("a digit at %dx%d with numbers hidden:\n%s", s.w, s.h, body);
        free(body);
        free(frame);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_parameters, setup, teardown),
        cmocka_unit_test_setup_teardown(test_heads, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cache_at_first_length, setup, teardown),
        cmocka_unit_test_setup_teardown(test_arrows_change_the_length, setup, teardown),
        cmocka_unit_test_setup_teardown(test_keys, setup, teardown),
        cmocka_unit_test_setup_teardown(test_numbers_hidden, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cache_bars, setup, teardown),
        cmocka_unit_test_setup_teardown(test_chinese, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ascii, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sizes, setup, teardown),
    };
    return cmocka_run_group_tests_name("view scale", tests, NULL, NULL);
}

/* test_help.c — the help that teaches: on every screen the help opens with its station
 * text, and every key it lists does something there (pressed from two states, the frame
 * above the status line changes, or the theme, the speed, a quit or a repaint follows).
 * Must not touch: the views' insides, the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chrome.h"
#include "harness.h"

#define W 100
#define H 30

/* The frame's text without its last line (the status line, where a note says "nothing
 * happens here" too). */
static char *body_text(const Scene *s)
{
    char *text = scene_text(s, W, H);
    char *last = strrchr(text, '\n');
    if (last) {
        *last = '\0';
        char *before = strrchr(text, '\n');
        if (before)
            before[1] = '\0';
    }
    return text;
}

/* Whether key changes anything a user sees on the scene after `prefix` was typed. */
static bool key_works(Scene *s, const char *prefix, int key)
{
    scene_reset(s);
    scene_type(s, prefix);
    char *before = body_text(s);
    Theme theme = s->ui.theme;
    double speed = s->p.speed;
    bool playing = s->p.playing;
    int react = scene_press(s, key);
    char *after = body_text(s);
    if (s->ui.model_next) {   /* the train screen's p: a model the app would adopt */
        model_free(s->ui.model_next);
        free(s->ui.model_next);
        s->ui.model_next = NULL;
    }
    bool works = strcmp(before, after) != 0 || s->ui.theme != theme || s->p.speed != speed ||
                 s->p.playing != playing ||
                 (react & (REACT_QUIT | REACT_REPAINT | REACT_SNAPSHOT));   /* S: the app writes it */
    free(before);
    free(after);
    return works;
}

static void test_every_listed_key_works(void **state)
{
    (void)state;
    int idle = 0;
    for (int v = 0; v < VIEW_COUNT; v++) {
        if (v == VIEW_HEADS || v == VIEW_WRITE)
            continue;   /* on the lesson's model they say in one line how to get a layered one;
                           test_view_heads.c and test_view_write.c press their keys on the poems */
        Scene *s = scene_open(NULL, (ViewId)v);
        ChromeHelpRow rows[64];
        int n = chrome_help_rows(&s->ui, view_ops((ViewId)v), rows, 64);
        for (int i = 0; i < n; i++) {
            int key = rows[i].key;
            if (key == KEYCODE_ESC || key == KEYCODE_MOUSE)
                continue;   /* Esc closes what is open (nothing here); a click needs a place */
            if (v == VIEW_PRACTICE && (key == KEYCODE_UP || key == KEYCODE_DOWN))
                continue;   /* they scroll a long worked solution: test_view_practice.c's
                               test_long_solution_scrolls presses them */
            if (rows[i].action == ACTION_UNDO || rows[i].action == ACTION_LESSON_MODEL)
                continue;   /* on the lesson's model as it is they say why they do nothing;
                               test_whatif.c and test_ui.c's test_model_in_play press them
                               where they act (the app swaps the models) */
            if (key_works(s, "", key) || key_works(s, "R", key) || key_works(s, "RRDD", key) ||
                key_works(s, "+", key))   /* slower needs a speed above the slowest */
                continue;
            fprintf(stderr, "%s: \"%s\" (%s) does nothing\n", view_ops((ViewId)v)->name,
                    rows[i].label, view_describe(view_ops((ViewId)v), rows[i].action, LANG_EN));
            idle++;
        }
        scene_close(s);
    }
    assert_int_equal(idle, 0);
}

/* The key of action a on view v: its own binding first, then the global one (0: none). */
static int key_of(const ViewOps *v, Action a)
{
    for (const KeyBinding *b = v->keys; b && b->key != 0; b++)
        if (b->action == a)
            return b->key;
    for (const KeyBinding *b = action_keys; b->key != 0; b++)
        if (b->action == a)
            return b->key;
    return 0;
}

/* Every key the status line offers does something where it is offered: on every screen,
 * after 0 to 4 steps (every stage of the arcs), one of a hint's keys (a pair: either)
 * changes what is seen. Arcs' ,/. at ① (no answering character) and {/} at ② ③ (no
 * dimension), practice's "n numbers" (n only says it does not apply) failed it. */
static void test_every_status_hint_works(void **state)
{
    (void)state;
    static const char *const prefixes[] = { "", "R", "RR", "RRR", "RRRR" };
    int idle = 0;
    for (int v = 0; v < VIEW_COUNT; v++) {
        if (v == VIEW_HEADS || v == VIEW_WRITE)
            continue;   /* the poem model's screens: one line on the lesson's model */
        const ViewOps *ops = view_ops((ViewId)v);
        Scene *s = scene_open(NULL, (ViewId)v);
        for (size_t pi = 0; pi < sizeof prefixes / sizeof prefixes[0]; pi++) {
            s->ui.view = (ViewId)v;
            scene_reset(s);
            scene_type(s, prefixes[pi]);
            ViewCtx c = scene_context(s, W, H);
            const KeyHint *hints[32];
            int n = chrome_status_hints(&c, ops, hints, 32, NULL);
            Stage stage = c.stage;
            for (int i = 0; i < n; i++) {
            int k1 = key_of(ops, hints[i]->first);
            int k2 = hints[i]->second != ACTION_NONE ? key_of(ops, hints[i]->second) : 0;
                if (k1 == KEYCODE_ESC || k1 == KEYCODE_MOUSE)
                    continue;   /* Esc closes what is open; a click needs a place */
                if (v == VIEW_SIMILARITY && k1 == 'c')
                    continue;   /* c compares only at the second trouble: a condition on the
                                   view's own state, which a hint's stages cannot say */
                s->ui.view = (ViewId)v;   /* Tab, tried before, opened the next screen */
                if ((k1 && key_works(s, prefixes[pi], k1)) || (k2 && key_works(s, prefixes[pi], k2)))
                    continue;
                fprintf(stderr, "%s after \"%s\" (stage %d): the hint \"%s\" does nothing\n", ops->name,
                        prefixes[pi], (int)stage + 1, hints[i]->en);
                idle++;
            }
        }
        scene_close(s);
    }
    assert_int_equal(idle, 0);
}

/* The column of the first cell on row y whose glyph is g, or -1. */
static int column_of(const Grid *g, int y, const char *glyph)
{
    for (int x = 0; x < g->w; x++)
        if (strcmp(grid_cell(g, x, y)->glyph, glyph) == 0)
            return x;
    return -1;
}

/* Whether (x, y) is off the grid or a blank. */
static bool blank_at(const Grid *g, int x, int y)
{
    return x < 0 || x >= g->w || strcmp(grid_cell(g, x, y)->glyph, " ") == 0;
}

/* No character of the body behind the help touches the box's border: the column on each
 * side of every row of the box is blank, on every screen, at 60x20 to 120x40, in English and
 * in Chinese (at 100 and 80 columns "│─", "│," and "│0" showed the body against it). */
static void test_help_box_has_margins(void **state)
{
    (void)state;
    static const int sizes[][2] = { { 60, 20 }, { 80, 24 }, { 100, 30 }, { 120, 40 } };
    for (int lang = 0; lang < 2; lang++)
        for (int v = 0; v < VIEW_COUNT; v++)
            for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
                Scene *s = scene_open(NULL, (ViewId)v);
                s->o.lang = lang ? LANG_ZH : LANG_EN;
                scene_type(s, "RR");
                scene_press(s, KEYCODE_ESC);   /* practice's answer line takes '?' while open */
                scene_press(s, '?');
                Grid g = scene_render(s, sizes[z][0], sizes[z][1]);
                int top = 0;
                while (top < g.h && column_of(&g, top, "┌") < 0)
                    top++;
                assert_true(top < g.h);
                int left = column_of(&g, top, "┌"), right = column_of(&g, top, "┐");
                for (int y = top; y < g.h && right > left; y++) {
                    if (!blank_at(&g, left - 1, y) || !blank_at(&g, right + 1, y))
                        fail_msg("%s %dx%d %s: row %d touches the help's border", view_ops((ViewId)v)->name,
                                 g.w, g.h, lang ? "zh" : "en", y);
                    if (strcmp(grid_cell(&g, left, y)->glyph, "└") == 0)
                        break;
                }
                grid_free(&g);
                scene_close(s);
            }
}

/* The help's line on a click promises a character, a name or a cell only where a click in
 * the body chooses one; elsewhere it says what a click does there (code, scale, similarity,
 * √d, train and practice answer only in the view bar: they promised more). */
static void test_click_help_says_what_clicks_do(void **state)
{
    (void)state;
    const char *generic = action_describe(ACTION_CLICK, LANG_EN);
    for (int v = 0; v < VIEW_COUNT; v++) {
        if (v == VIEW_HEADS || v == VIEW_WRITE)
            continue;   /* the poem model's screens: one line on the lesson's model */
        const ViewOps *ops = view_ops((ViewId)v);
        Scene *s = scene_open(NULL, (ViewId)v);
        ViewCtx c = scene_context(s, W, H);
        bool answers = false;
        for (int y = c.body.y; y < c.body.y + c.body.h && !answers; y++)
            for (int x = c.body.x; x < c.body.x + c.body.w && !answers; x++) {
                int arg = 0;
                answers = scene_click(s, W, H, x, y, &arg) != ACTION_NONE;
            }
        const char *says = view_describe(ops, ACTION_CLICK, LANG_EN);
        assert_non_null(says);
        if (answers != (strcmp(says, generic) == 0))
            fail_msg("%s: a click in the body %s, the help says \"%s\"", ops->name,
                     answers ? "chooses something" : "does nothing", says);
        if (!answers)
            assert_non_null(strstr(says, "screen's name"));
        scene_close(s);
    }
}

/* The help's first lines are the station text's (each line's opening words). */
static void test_help_opens_with_station(void **state)
{
    (void)state;
    for (int lang = 0; lang < 2; lang++)
        for (int v = 0; v < VIEW_COUNT; v++) {
            const ViewOps *ops = view_ops((ViewId)v);
            const char *station = lang ? ops->station_zh : ops->station_en;
            if (!station)
                fail_msg("%s has no station text", ops->name);
            int lines = 1;
            for (const char *p = station; *p; p++)
                lines += *p == '\n';
            if (lines < 2 || lines > 4)
                fail_msg("%s: %d lines of station text", ops->name, lines);
            Scene *s = scene_open(NULL, (ViewId)v);
            s->o.lang = lang ? LANG_ZH : LANG_EN;
            scene_press(s, KEYCODE_ESC);   /* practice's answer line takes '?' while open */
            scene_press(s, '?');
            char *text = scene_text(s, W, H);
            /* the box's first inside row: after the top border's line */
            const char *row = strstr(text, "│ ");
            assert_non_null(row);
            char first[40];
            size_t len = strcspn(station, " ");
            snprintf(first, sizeof first, "%.*s", (int)(len < sizeof first ? len : sizeof first - 1), station);
            const char *eol = strchr(row, '\n');
            if (!strstr(row, first) || strstr(row, first) > eol)
                fail_msg("%s (%s): the help's first line is not its station text: %.*s", ops->name,
                         lang ? "zh" : "en", (int)(eol - row), row);
            free(text);
            scene_close(s);
        }
}

/* Wide frames wrap at characters: the help of every screen, in both languages, at widths
 * where a line of Chinese runs past 255 bytes (the matrix screen's help at 188 columns held
 * two bytes of a three-byte character at the box's edge, shown as '?'), and every screen's
 * body there too: every cell is a whole glyph of valid UTF-8. */
static void test_wide_frames_wrap_at_characters(void **state)
{
    (void)state;
    static const int sizes[][2] = { { 188, 30 }, { 300, 40 }, { 537, 60 }, { 1000, 50 } };
    char what[96];
    for (int lang = 0; lang < 2; lang++)
        for (int v = 0; v < VIEW_COUNT; v++)
            for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
                for (int help = 0; help < 2; help++) {
                    Scene *s = scene_open(NULL, (ViewId)v);
                    s->o.lang = lang ? LANG_ZH : LANG_EN;
                    if (help)
                        scene_press(s, '?');
                    Grid g = scene_render(s, sizes[z][0], sizes[z][1]);
                    snprintf(what, sizeof what, "%s %dx%d %s%s", view_ops((ViewId)v)->name, g.w, g.h,
                             lang ? "zh" : "en", help ? " help" : "");
                    assert_grid_sound(&g, what);
                    grid_free(&g);
                    scene_close(s);
                }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help_opens_with_station),
        cmocka_unit_test(test_every_listed_key_works),
        cmocka_unit_test(test_every_status_hint_works),
        cmocka_unit_test(test_help_box_has_margins),
        cmocka_unit_test(test_wide_frames_wrap_at_characters),
        cmocka_unit_test(test_click_help_says_what_clicks_do),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

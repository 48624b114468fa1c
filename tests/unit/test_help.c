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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help_opens_with_station),
        cmocka_unit_test(test_every_listed_key_works),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_record.c — the asciicast v2 writer: header, frames as ANSI diffs, resizes, errors.
 * Covers: the exact header line, the first frame drawing everything, a second frame
 * writing only the changed cells, an unchanged frame writing nothing, a resize event, JSON
 * escaping, and a file that cannot be created. Must not touch: the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "grid.h"
#include "record.h"

/* The whole file at path (caller frees). */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = calloc(1, 1 << 16);
    assert_non_null(buf);
    size_t n = fread(buf, 1, (1 << 16) - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Line i (0-based) of text into out. */
static void line_of(const char *text, int i, char *out, size_t cap)
{
    while (i-- > 0 && (text = strchr(text, '\n')) != NULL)
        text++;
    assert_non_null(text);
    size_t n = strcspn(text, "\n");
    assert_true(n < cap);
    memcpy(out, text, n);
    out[n] = '\0';
}

static void test_frames_as_diffs(void **state)
{
    (void)state;
    char path[] = "/tmp/attn-record-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    Recorder r;
    char err[256];
    assert_int_equal(record_open(&r, path, "attn-tui · 三\"加\"", 1700000000, err, sizeof err), 0);
    Grid g;
    assert_int_equal(grid_init(&g, 4, 2), 0);
    grid_put_text(&g, 0, 0, "三a", STYLE_NORMAL);
    record_frame(&r, &g, 5000);
    record_frame(&r, &g, 5100);                      /* unchanged: nothing */
    grid_put_text(&g, 2, 1, "b", STYLE_BOLD);
    record_frame(&r, &g, 5250);                      /* one cell */
    assert_int_equal(grid_resize(&g, 5, 2), 0);
    grid_put_text(&g, 0, 1, "c", STYLE_NORMAL);
    record_frame(&r, &g, 6000);                      /* a resize, then everything */
    assert_int_equal(record_close(&r), 0);
    grid_free(&g);
    char *text = slurp(path);
    char line[1024];
    line_of(text, 0, line, sizeof line);
    assert_string_equal(line, "{\"version\": 2, \"width\": 4, \"height\": 2, \"timestamp\": 1700000000, "
                              "\"title\": \"attn-tui · 三\\\"加\\\"\", \"env\": {\"TERM\": \"xterm-256color\"}}");
    line_of(text, 1, line, sizeof line);
    assert_string_equal(line, "[0.000000, \"o\", \"\\u001b[?25l\\u001b[0m\\u001b[2J\\u001b[1;1H\\u001b[0;38;5;252;48;5;234m三a "
                              "\\u001b[2;1H    \\u001b[0m\"]");
    line_of(text, 2, line, sizeof line);
    assert_string_equal(line, "[0.250000, \"o\", \"\\u001b[2;3H\\u001b[0;1;38;5;255;48;5;234mb\\u001b[0m\"]");
    line_of(text, 3, line, sizeof line);
    assert_string_equal(line, "[1.000000, \"r\", \"5x2\"]");
    line_of(text, 4, line, sizeof line);
    assert_string_equal(line, "[1.000000, \"o\", \"\\u001b[?25l\\u001b[0m\\u001b[2J\\u001b[1;1H\\u001b[0;38;5;252;48;5;234m     "
                              "\\u001b[2;1Hc    \\u001b[0m\"]");   /* all of it again, resized */
    int lines = 0;
    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, 5);                      /* header, 3 outputs, 1 resize */
    free(text);
    unlink(path);
}

static void test_cannot_create(void **state)
{
    (void)state;
    Recorder r;
    char err[256];
    assert_int_equal(record_open(&r, "/nonexistent-dir/x.cast", "t", 0, err, sizeof err), -1);
    assert_string_equal(err, "/nonexistent-dir/x.cast: No such file or directory");
    if (access("/dev/full", W_OK) == 0) {
        assert_int_equal(record_open(&r, "/dev/full", "t", 0, err, sizeof err), 0);
        Grid g;
        assert_int_equal(grid_init(&g, 200, 50), 0);
        for (int i = 0; i < 40; i++) {
            grid_put_text(&g, 0, i % 50, i % 2 ? "abcdefghijklmnopqrstuvwxyz" : "ZYXWVUTSRQPONMLKJIHGFEDCBA", STYLE_BOLD);
            record_frame(&r, &g, i * 33);
        }
        assert_int_equal(record_close(&r), 28);       /* ENOSPC */
        grid_free(&g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_frames_as_diffs),
        cmocka_unit_test(test_cannot_create),
    };
    return cmocka_run_group_tests_name("record", tests, NULL, NULL);
}

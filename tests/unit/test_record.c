/* test_record.c — the asciicast v2 writer: header, frames as ANSI diffs, resizes, errors.
 * Covers: the exact header line, the first frame drawing everything, a second frame
 * writing only the changed cells, an unchanged frame writing nothing, a resize event, JSON
 * escaping, a file that cannot be created, an existing file or a link refused, and a write
 * that fails midway (a file-size limit, a reader gone): the recording stops, the file ends
 * on its last whole event, no SIGPIPE. Must not touch: the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/resource.h>
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
    assert_int_equal(record_open(&r, path, true, LANG_EN, "attn-tui · 三\"加\"", 1700000000, err, sizeof err), 0);
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
    assert_int_equal(record_open(&r, "/nonexistent-dir/x.cast", false, LANG_EN, "t", 0, err, sizeof err), -1);
    assert_string_equal(err, "/nonexistent-dir/x.cast: No such file or directory");
    if (access("/dev/full", W_OK) == 0) {
        assert_int_equal(record_open(&r, "/dev/full", false, LANG_EN, "t", 0, err, sizeof err), 0);
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

/* A grid of w × h whose every cell changes with i. */
static void fill(Grid *g, int i)
{
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++)
            grid_put_text(g, x, y, (x + y + i) % 2 ? "三" : "a", STYLE_BOLD);
}

static void test_existing_file_and_link_refused(void **state)
{
    (void)state;
    char dir[] = "/tmp/attn-record-dir-XXXXXX", path[64], link_path[64], err[256];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/precious.txt", dir);
    snprintf(link_path, sizeof link_path, "%s/link.cast", dir);
    FILE *f = fopen(path, "w");
    fputs("precious\n", f);
    fclose(f);
    assert_int_equal(symlink(path, link_path), 0);
    Recorder r;
    assert_int_equal(record_open(&r, path, false, LANG_EN, "t", 0, err, sizeof err), -1);
    char want[160];
    snprintf(want, sizeof want, "%s: exists (use --overwrite to replace it)", path);
    assert_string_equal(err, want);
    assert_int_equal(record_open(&r, link_path, true, LANG_EN, "t", 0, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: is a symbolic link (not followed: name the file itself)",
             link_path);
    assert_string_equal(err, want);
    char *text = slurp(path);
    assert_string_equal(text, "precious\n");        /* untouched by both */
    free(text);
    unlink(link_path);
    unlink(path);
    rmdir(dir);
}

/* Every line of text is one whole event: '{' or '[' to '}' or ']', then "\n". */
static void assert_whole_events(const char *text, int *lines)
{
    *lines = 0;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        assert_non_null(nl);                          /* no line cut short */
        assert_true(*p == '{' || *p == '[');
        assert_true(nl[-1] == '}' || nl[-1] == ']');
        (*lines)++;
        p = nl + 1;
    }
}

static void test_size_limit_keeps_whole_events(void **state)
{
    (void)state;
    char path[] = "/tmp/attn-record-XXXXXX", err[256];
    int fd = mkstemp(path);
    close(fd);
    struct rlimit old, small = { 5000, 0 };
    getrlimit(RLIMIT_FSIZE, &old);
    small.rlim_max = old.rlim_max;
    void (*was)(int) = signal(SIGXFSZ, SIG_IGN);      /* as main.c has it */
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    Recorder r;
    assert_int_equal(record_open(&r, path, true, LANG_EN, "t", 0, err, sizeof err), 0);
    Grid g;
    assert_int_equal(grid_init(&g, 30, 10), 0);
    int i;
    for (i = 0; i < 100 && !record_failed(&r); i++) {
        fill(&g, i);
        record_frame(&r, &g, i * 33);
    }
    assert_int_equal(record_failed(&r), EFBIG);
    fill(&g, i + 1);
    record_frame(&r, &g, 99999);                      /* stopped: writes nothing more */
    assert_int_equal(record_close(&r), EFBIG);
    setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, was);
    grid_free(&g);
    char *text = slurp(path);
    int lines;
    assert_whole_events(text, &lines);
    assert_true(lines >= 2 && lines == i);            /* the header and each whole frame */
    assert_true(strlen(text) <= 5000);
    free(text);
    unlink(path);
}

static void test_reader_gone_is_a_write_error(void **state)
{
    (void)state;
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    close(fds[0]);                                    /* the reader went away */
    void (*was)(int) = signal(SIGPIPE, SIG_DFL);      /* a SIGPIPE would end the test */
    FILE *f = fdopen(fds[1], "w");
    Recorder r;
    record_start(&r, f, "t", 0);
    Grid g;
    assert_int_equal(grid_init(&g, 10, 3), 0);
    record_frame(&r, &g, 0);
    assert_int_equal(record_failed(&r), EPIPE);
    assert_int_equal(record_close(&r), EPIPE);
    fclose(f);
    grid_free(&g);
    sigset_t pending;
    sigpending(&pending);
    assert_false(sigismember(&pending, SIGPIPE));     /* none left for later */
    signal(SIGPIPE, was);
}

static void test_memory_stream(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    Recorder r;
    record_start(&r, f, "m", 7);
    Grid g;
    assert_int_equal(grid_init(&g, 2, 1), 0);
    grid_put_text(&g, 0, 0, "x", STYLE_NORMAL);
    record_frame(&r, &g, 0);
    assert_int_equal(record_close(&r), 0);
    fclose(f);
    grid_free(&g);
    assert_string_equal(buf, "{\"version\": 2, \"width\": 2, \"height\": 1, \"timestamp\": 7, "
                             "\"title\": \"m\", \"env\": {\"TERM\": \"xterm-256color\"}}\n"
                             "[0.000000, \"o\", \"\\u001b[?25l\\u001b[0m\\u001b[2J\\u001b[1;1H"
                             "\\u001b[0;38;5;252;48;5;234mx \\u001b[0m\"]\n");
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_frames_as_diffs),
        cmocka_unit_test(test_cannot_create),
        cmocka_unit_test(test_existing_file_and_link_refused),
        cmocka_unit_test(test_size_limit_keeps_whole_events),
        cmocka_unit_test(test_reader_gone_is_a_write_error),
        cmocka_unit_test(test_memory_stream),
    };
    return cmocka_run_group_tests_name("record", tests, NULL, NULL);
}

/* test_history.c — the practice history (src/history.c): the Leitner schedule (boxes, when a
 * kind is due, the order due kinds are asked in), the file's format read back and refused
 * line by line, a damaged file moved aside and said (never lost), an unfinished write
 * removed, the atomic write surviving kill -9 at any moment, the concept checks and their
 * normalized gain; and practice asking the kinds due first (not with --seed).
 * Must not touch: the user's files (everything under a temporary directory). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "history.h"
#include "keys.h"
#include "view_practice.h"

/* A fresh temporary directory (its path in dir). */
static void temp_dir(char *dir, size_t cap)
{
    snprintf(dir, cap, "/tmp/attn-history-XXXXXX");
    assert_non_null(mkdtemp(dir));
}

/* Removes dir and what is in it (one level deep and its "attn-tui" subdirectory). */
static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
            remove_dir(path);
        else
            unlink(path);
    }
    closedir(d);
    rmdir(dir);
}

/* How many entries dir has (but . and ..). */
static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    if (d)
        closedir(d);
    return n;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* ---------------------------------------------------------------- the schedule */

/* Wrong: box 1, due the next session; right: a box up (a new kind from box 1 to 2), due
 * 2^(box−1) sessions on; box 5 stays. */
static void test_leitner(void **state)
{
    (void)state;
    History h;
    history_init(&h);
    history_answer(&h, QUIZ_SHARE, false, 1);
    assert_int_equal(h.kinds[QUIZ_SHARE].box, 1);
    assert_int_equal(h.kinds[QUIZ_SHARE].due, 2);
    history_answer(&h, QUIZ_SHARE, true, 2);
    assert_int_equal(h.kinds[QUIZ_SHARE].box, 2);
    assert_int_equal(h.kinds[QUIZ_SHARE].due, 4);
    history_answer(&h, QUIZ_SHARE, true, 4);
    history_answer(&h, QUIZ_SHARE, true, 8);
    history_answer(&h, QUIZ_SHARE, true, 16);
    assert_int_equal(h.kinds[QUIZ_SHARE].box, 5);
    assert_int_equal(h.kinds[QUIZ_SHARE].due, 32);
    history_answer(&h, QUIZ_SHARE, true, 32);   /* the top box stays */
    assert_int_equal(h.kinds[QUIZ_SHARE].box, 5);
    assert_int_equal(h.kinds[QUIZ_SHARE].due, 48);
    history_answer(&h, QUIZ_SHARE, false, 48);  /* wrong: back to box 1 */
    assert_int_equal(h.kinds[QUIZ_SHARE].box, 1);
    assert_int_equal(h.kinds[QUIZ_SHARE].asked, 7);
    assert_int_equal(h.kinds[QUIZ_SHARE].right, 5);
    /* due in session 49: share (box 1); x right in session 47 (box 2, due 49) after it */
    history_answer(&h, QUIZ_X, true, 47);
    history_answer(&h, QUIZ_COSINE, true, 48);   /* box 2, due 50: not yet */
    QuizKind due[QUIZ_KIND_COUNT];
    assert_int_equal(history_due(&h, 49, due), 2);
    assert_int_equal(due[0], QUIZ_SHARE);
    assert_int_equal(due[1], QUIZ_X);
    assert_int_equal(history_due(&h, 50, due), 3);
    assert_int_equal(history_due(&h, 1, due), 0);
}

static void test_checks_and_gain(void **state)
{
    (void)state;
    History h;
    history_init(&h);
    double gain;
    assert_false(history_gain(&h, &gain));
    history_check(&h, 4, 12, 100);
    assert_false(history_gain(&h, &gain));       /* one check: no gain yet */
    history_check(&h, 10, 12, 200);
    assert_true(history_gain(&h, &gain));
    assert_true(gain == 0.75);                   /* (10 − 4) / (12 − 4) */
    for (int i = 0; i < 3 * HISTORY_CHECKS; i++)
        history_check(&h, 11, 12, 300 + i);
    assert_int_equal(h.n_checks, HISTORY_CHECKS);
    assert_int_equal(h.checks[0].score, 4);      /* the first stays: the "before" */
    assert_true(h.checks[HISTORY_CHECKS - 1].when == 300 + 3 * HISTORY_CHECKS - 1);
    history_init(&h);
    history_check(&h, 12, 12, 1);
    history_check(&h, 12, 12, 2);
    assert_false(history_gain(&h, &gain));       /* before = max: n/a */
}

/* ---------------------------------------------------------------- the format */

static void test_format_reads_back(void **state)
{
    (void)state;
    History h, back;
    history_init(&h);
    h.sessions = 7;
    history_answer(&h, QUIZ_SCORE, false, 7);
    history_answer(&h, QUIZ_COSINE, true, 6);
    history_check(&h, 5, 12, 1700000000);
    char text[4096], err[256];
    size_t n = history_format(&h, text, sizeof text);
    assert_string_equal(text, "attn-tui history 1\nsessions 7\n"
                              "kind score box 1 due 8 asked 1 right 0\n"
                              "kind cosine box 2 due 8 asked 1 right 1\n"
                              "check 5 12 1700000000\n");
    assert_int_equal(history_parse(text, n, &back, LANG_EN, err, sizeof err), 0);
    assert_memory_equal(&h, &back, sizeof h);
    assert_int_equal(history_format(&h, text, 20), 0);   /* does not fit: nothing */
}

/* Each damage is refused with the line it is on. */
static void test_format_refuses(void **state)
{
    (void)state;
    static const struct { const char *text, *said; } bad[] = {
        { "", "the file is empty" },
        { "attn-tui history 2\n", "line 1 does not read: 'attn-tui history 2'" },
        { "attn-tui history 1\nsessions -1\n", "line 2 does not read: 'sessions -1'" },
        { "attn-tui history 1\nsessions 3", "line 2 does not read: 'sessions 3'" },   /* cut short */
        { "attn-tui history 1\nkind share box 6 due 1 asked 1 right 0\n", "line 2 does not read" },
        { "attn-tui history 1\nkind share box 1 due 1 asked 1 right 2\n", "line 2 does not read" },
        { "attn-tui history 1\nkind bogus box 1 due 1 asked 1 right 0\n", "line 2 does not read" },
        { "attn-tui history 1\nkind x box 1 due 1 asked 1 right 0\nkind x box 1 due 1 asked 1 right 0\n",
          "line 3 does not read" },
        { "attn-tui history 1\ncheck 13 12 0\n", "line 2 does not read: 'check 13 12 0'" },
        { "attn-tui history 1\nsessions 1e3\n", "line 2 does not read" },
        { "attn-tui history 1\n\x1b[2J\n", "line 2 does not read: '\\x1B[2J'" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        History h;
        char err[256];
        assert_int_equal(history_parse(bad[i].text, strlen(bad[i].text), &h, LANG_EN, err, sizeof err), -1);
        if (!strstr(err, bad[i].said))
            fail_msg("'%s': said \"%s\"", bad[i].text, err);
        assert_int_equal(h.sessions, 0);
    }
    History h;
    char err[256];
    assert_int_equal(history_parse("a\0b\n", 4, &h, LANG_ZH, err, sizeof err), -1);
    assert_string_equal(err, "不是练习记录文件（太长，或者不是文本）");
}

/* ---------------------------------------------------------------- the file */

/* No file: an empty history; saving makes the directories and reads back; a damaged file is
 * moved aside (its bytes kept) and said; a temporary file left by a killed write is removed
 * and said; a path that cannot be read is left alone. */
static void test_load_and_save(void **state)
{
    (void)state;
    char dir[64], path[256], note[512], err[256];
    temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/attn-tui/history", dir);
    History h;
    assert_int_equal(history_load(path, &h, LANG_EN, note, sizeof note), HISTORY_LOADED);
    assert_string_equal(note, "");
    history_answer(&h, QUIZ_SHARE, false, 1);
    h.sessions = 1;
    assert_int_equal(history_save(path, &h, LANG_EN, err, sizeof err), 0);
    char sub[256];
    snprintf(sub, sizeof sub, "%s/attn-tui", dir);
    struct stat st;
    assert_int_equal(stat(sub, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0700);
    assert_int_equal(entries(sub), 1);           /* no temporary file left */
    History back;
    assert_int_equal(history_load(path, &back, LANG_EN, note, sizeof note), HISTORY_LOADED);
    assert_memory_equal(&h, &back, sizeof h);
    /* damaged: set aside, said, an empty history; the bytes are all there */
    write_text(path, "attn-tui history 1\nsessions lots\n");
    assert_int_equal(history_load(path, &back, LANG_EN, note, sizeof note), HISTORY_SET_ASIDE);
    char aside[300];
    snprintf(aside, sizeof aside, "%s.damaged-1", path);
    assert_string_equal(note, "practice history damaged: moved to history.damaged-1");
    assert_int_equal(back.sessions, 0);
    FILE *f = fopen(aside, "rb");
    assert_non_null(f);
    char kept[128] = "";
    assert_true(fread(kept, 1, sizeof kept - 1, f) > 0);
    fclose(f);
    assert_string_equal(kept, "attn-tui history 1\nsessions lots\n");
    assert_int_equal(access(path, F_OK), -1);    /* moved, not copied */
    write_text(path, "junk\n");                  /* again: the next free name */
    assert_int_equal(history_load(path, &back, LANG_ZH, note, sizeof note), HISTORY_SET_ASIDE);
    assert_string_equal(note, "练习记录坏了：已另存为 history.damaged-2，重新记录");
    /* an unfinished write: removed, said; the history there still reads */
    assert_int_equal(history_save(path, &h, LANG_EN, err, sizeof err), 0);
    char tmp[300];
    snprintf(tmp, sizeof tmp, "%s.Ab3xYz", path);
    write_text(tmp, "attn-tui history 1\nsess");
    assert_int_equal(history_load(path, &back, LANG_EN, note, sizeof note), HISTORY_LOADED);
    assert_string_equal(note, "practice history: an unfinished write was removed (1 file)");
    assert_int_equal(access(tmp, F_OK), -1);
    assert_memory_equal(&h, &back, sizeof h);
    /* a directory where the file should be: left alone, not written over */
    remove_dir(sub);
    assert_int_equal(mkdir(sub, 0700), 0);
    assert_int_equal(mkdir(path, 0700), 0);
    assert_int_equal(history_load(path, &back, LANG_EN, note, sizeof note), HISTORY_UNREADABLE);
    assert_non_null(strstr(note, "cannot be read"));
    remove_dir(dir);
}

/* kill -9 while a child saves the history over and over: whenever it dies, the file there
 * reads back (the old history or the new, never half), and what a killed write left is
 * removed on loading. 40 kills at spread moments. */
static void test_killed_while_writing(void **state)
{
    (void)state;
    char dir[64], path[256], note[512];
    temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/history", dir);
    int survived = 0;
    for (int round = 0; round < 40; round++) {
        pid_t child = fork();
        assert_true(child >= 0);
        if (child == 0) {
            History h;
            history_init(&h);
            char err[256];
            for (int i = 0;; i++) {   /* a changing history, written whole each time */
                h.sessions = i;
                history_answer(&h, (QuizKind)(i % QUIZ_KIND_COUNT), i % 3 == 0, i);
                if (history_save(path, &h, LANG_EN, err, sizeof err) != 0)
                    _exit(2);
            }
        }
        struct timespec tick = { 0, 100000L };   /* the first write there, then a while */
        for (int waited = 0; access(path, F_OK) != 0 && waited < 20000; waited++)
            nanosleep(&tick, NULL);
        struct timespec pause = { 0, 200000L + 97000L * (round % 11) };   /* 0.2 to 1.2 ms */
        nanosleep(&pause, NULL);
        kill(child, SIGKILL);
        int status;
        assert_int_equal(waitpid(child, &status, 0), child);
        assert_true(WIFSIGNALED(status));
        History h;
        HistoryLoad r = history_load(path, &h, LANG_EN, note, sizeof note);
        if (r != HISTORY_LOADED)
            fail_msg("round %d: the history did not read back: %s", round, note);
        survived += access(path, F_OK) == 0;
        assert_int_equal(entries(dir), access(path, F_OK) == 0 ? 1 : 0);   /* nothing else left */
    }
    assert_int_equal(survived, 40);   /* it had written by then */
    remove_dir(dir);
}

/* ---------------------------------------------------------------- practice asks what is due */

/* A history with share (box 1) and x (box 2) due: practice asks a share first, then an x,
 * then question 1 of the seed's sequence, and says so; answering records in the history
 * (the first answer makes the run a session); with --seed's order nothing moves. */
static void test_practice_asks_due_first(void **state)
{
    (void)state;
    History h;
    history_init(&h);
    h.sessions = 3;
    history_answer(&h, QUIZ_SHARE, false, 3);    /* box 1, due 4 */
    history_answer(&h, QUIZ_X, true, 2);         /* box 2, due 4 */
    Scene *s = scene_open(NULL, VIEW_PRACTICE);
    ui_history_start(&s->ui, &h, true, true);
    ui_lesson_changed(&s->ui, s->ls);
    assert_int_equal(s->ui.session, 4);
    assert_int_equal(s->ui.n_due, 2);
    PracticeState *st = view_state(s->ui.views, VIEW_PRACTICE);
    QuizQuestion q;
    PracticeOrder order = practice_order(&s->ui);
    practice_current(st, &s->ls->tr, &order, &q);
    assert_int_equal(q.kind, QUIZ_SHARE);
    assert_int_equal(q.number, 1);
    char *text = scene_text(s, 80, 24);
    assert_shows(text, "from your practice history, due first: share, x (1 of 2)");
    assert_shows(text, "Practice · question 1");
    free(text);
    assert_int_equal(s->ui.due[0], QUIZ_SHARE);   /* box 1 before box 2 */
    assert_int_equal(s->ui.due[1], QUIZ_X);
    scene_press(s, KEYCODE_ENTER);               /* revealed: recorded as wrong */
    assert_true(s->ui.session_counted);
    assert_int_equal(s->ui.history.sessions, 4);
    assert_int_equal(s->ui.history.kinds[QUIZ_SHARE].box, 1);
    assert_int_equal(s->ui.history.kinds[QUIZ_SHARE].due, 5);
    assert_true(s->ui.history_dirty);
    scene_press(s, KEYCODE_ENTER);               /* question 2: an x */
    order = practice_order(&s->ui);
    practice_current(st, &s->ls->tr, &order, &q);
    assert_int_equal(q.kind, QUIZ_X);
    scene_press(s, KEYCODE_ENTER);
    scene_press(s, KEYCODE_ENTER);               /* question 3: the seed's question 1, x(等)[2] */
    order = practice_order(&s->ui);
    practice_current(st, &s->ls->tr, &order, &q);
    QuizQuestion first;
    practice_question(&s->ls->tr, s->ui.seed, 0, &first);
    assert_int_equal(q.kind, first.kind);
    assert_int_equal(q.t, first.t);
    assert_int_equal(q.j, first.j);
    assert_int_equal(q.number, 3);
    text = scene_text(s, 80, 24);
    assert_shows(text, "the kinds due (share, x) are done: new questions now");
    free(text);
    scene_close(s);
    /* --seed: the seed's sequence alone, as the worksheet prints it */
    s = scene_open(NULL, VIEW_PRACTICE);
    ui_history_start(&s->ui, &h, true, false);
    ui_lesson_changed(&s->ui, s->ls);
    assert_int_equal(s->ui.n_due, 0);
    st = view_state(s->ui.views, VIEW_PRACTICE);
    order = practice_order(&s->ui);
    practice_current(st, &s->ls->tr, &order, &q);
    assert_int_equal(q.kind, first.kind);
    assert_int_equal(q.j, first.j);
    scene_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_leitner),
        cmocka_unit_test(test_checks_and_gain),
        cmocka_unit_test(test_format_reads_back),
        cmocka_unit_test(test_format_refuses),
        cmocka_unit_test(test_load_and_save),
        cmocka_unit_test(test_killed_while_writing),
        cmocka_unit_test(test_practice_asks_due_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

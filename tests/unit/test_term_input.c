/* test_term_input.c — keyboard bytes through the real term layer: a headless screen reads
 * from a pseudo-terminal, the test types raw bytes into its other end and checks the keys
 * term_read_key gives. Covers: invalid UTF-8 dropped byte by byte without the characters
 * after it, CJK characters, arrows in both forms (ESC [ D and ESC O D). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "keys.h"
#include "term.h"

/* The pseudo-terminal the headless screen reads from. */
typedef struct {
    int master;   /* the test types here */
    FILE *in;     /* the screen reads here (the slave side) */
    FILE *out;    /* the screen draws here (/dev/null) */
} Pty;

static int pty_setup(void **state)
{
    static Pty p;
    p.master = posix_openpt(O_RDWR | O_NOCTTY);
    if (p.master < 0 || grantpt(p.master) != 0 || unlockpt(p.master) != 0)
        return -1;
    int slave = open(ptsname(p.master), O_RDWR | O_NOCTTY);
    if (slave < 0)
        return -1;
    struct termios t;
    tcgetattr(slave, &t);
    cfmakeraw(&t);                    /* bytes pass as they are */
    tcsetattr(slave, TCSANOW, &t);
    p.in = fdopen(slave, "r");
    p.out = fopen("/dev/null", "w");
    setenv("TERM", "xterm-256color", 1);
    setlocale(LC_CTYPE, "C.UTF-8");   /* as main sets it up */
    char err[256];
    if (!p.in || !p.out || term_open_on(p.out, p.in, 80, 24, err, sizeof err) != 0)
        return -1;
    *state = &p;
    return 0;
}

static int pty_teardown(void **state)
{
    Pty *p = *state;
    term_close();
    fclose(p->in);
    fclose(p->out);
    close(p->master);
    return 0;
}

/* Types bytes (n of them), then reads keys until none comes for 150 ms: into keys, at most
 * max. Returns how many. */
static int type_and_read(Pty *p, const char *bytes, size_t n, int *keys, int max)
{
    assert_int_equal(write(p->master, bytes, n), (ssize_t)n);
    int got = 0;
    TermEvent ev;
    while (got < max && term_read_key(150, &ev) == TERM_KEY)
        if (ev.key != 0 && ev.key != KEYCODE_RESIZE)   /* the headless screen's first */
            keys[got++] = ev.key;
    return got;
}

/* Expects the keys the typed bytes (a string) give to be the code points of want (UTF-8). */
static void expect_text(Pty *p, const char *bytes, const int *want, int want_n)
{
    int keys[32];
    int got = type_and_read(p, bytes, strlen(bytes), keys, 32);
    assert_int_equal(got, want_n);
    for (int i = 0; i < want_n; i++)
        assert_int_equal(keys[i], want[i]);
}

static void test_invalid_byte_keeps_what_follows(void **state)
{
    Pty *p = *state;
    static const int sum[] = { '3', '+', '5', '=', '?' };
    expect_text(p, "3+5\xff=?", sum, 5);
    static const int three[] = { '3' };
    expect_text(p, "\xc0\xaf" "3", three, 1);            /* overlong '/' */
    static const int four[] = { '4' };
    expect_text(p, "\xed\xa0\x80" "4", four, 1);         /* a surrogate */
    static const int five[] = { '5' };
    expect_text(p, "\xe4\xb8" "5", five, 1);             /* cut short */
    static const int after[] = { 'a', 0x4E09, 'b' };
    expect_text(p, "a\x80\xbf\xfe" "三b", after, 3);     /* stray continuation bytes */
}

static void test_characters_whole(void **state)
{
    Pty *p = *state;
    static const int want[] = { 0x4E09, 0x52A0, 0x4E94, 0x1F600 };
    expect_text(p, "三加五\xf0\x9f\x98\x80", want, 4);
}

static void test_arrows_in_both_forms(void **state)
{
    Pty *p = *state;
    static const int left[] = { KEYCODE_LEFT, KEYCODE_LEFT };
    expect_text(p, "\033[D\033OD", left, 2);
    static const int keys[] = { KEYCODE_UP, KEYCODE_DOWN, KEYCODE_RIGHT, KEYCODE_HOME, KEYCODE_END };
    expect_text(p, "\033[A\033[B\033[C\033[H\033[F", keys, 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_invalid_byte_keeps_what_follows),
        cmocka_unit_test(test_characters_whole),
        cmocka_unit_test(test_arrows_in_both_forms),
    };
    return cmocka_run_group_tests(tests, pty_setup, pty_teardown);
}

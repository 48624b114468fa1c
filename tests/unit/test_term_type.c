/* test_term_type.c — which $TERM types get ASCII drawing by default (term_type_ascii): the
 * Linux console and its kin by name, with their variants; never a terminal emulator.
 * Must not touch: the terminal (the check is by name only). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "term.h"

static void test_consoles_draw_ascii(void **state)
{
    (void)state;
    const char *ascii[] = { "linux", "linux-16color", "linux-basic", "linux2.6", "linux3.0",
                            "screen.linux", "vt52", "vt100", "vt100-am", "vt102", "vt220",
                            "vt220-8bit", "vt320", "vt420", "vt520", "cons25", "wsvt25", "pccon" };
    for (size_t i = 0; i < sizeof ascii / sizeof ascii[0]; i++)
        if (!term_type_ascii(ascii[i]))
            fail_msg("TERM=%s should draw ASCII", ascii[i]);
}

static void test_emulators_draw_unicode(void **state)
{
    (void)state;
    const char *unicode[] = { "xterm", "xterm-256color", "screen", "screen-256color",
                              "screen.xterm-256color", "tmux", "tmux-256color", "rxvt-unicode",
                              "foot", "alacritty", "kitty", "putty", "konsole-linux", "linuxish",
                              "vt", "", "dumb" };
    for (size_t i = 0; i < sizeof unicode / sizeof unicode[0]; i++)
        if (term_type_ascii(unicode[i]))
            fail_msg("TERM=%s should draw Unicode", unicode[i]);
    assert_false(term_type_ascii(NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_consoles_draw_ascii),
        cmocka_unit_test(test_emulators_draw_unicode),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

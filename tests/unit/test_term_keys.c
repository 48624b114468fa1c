/* test_term_keys.c — the term layer's translation of ncurses keys into keys.h codes.
 * Covers: arrows, Home/End, Tab and Shift-Tab, pages, resize, mouse, Ctrl-L, Esc,
 * Backspace, printable characters, keys
 * that mean nothing. Uses curses.h only for its KEY_* constants: no screen is opened. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <curses.h>

#include "actions.h"
#include "keys.h"
#include "term.h"

static void test_function_keys(void **state)
{
    (void)state;
    assert_int_equal(term_translate_key(true, KEY_UP), KEYCODE_UP);
    assert_int_equal(term_translate_key(true, KEY_DOWN), KEYCODE_DOWN);
    assert_int_equal(term_translate_key(true, KEY_LEFT), KEYCODE_LEFT);
    assert_int_equal(term_translate_key(true, KEY_RIGHT), KEYCODE_RIGHT);
    assert_int_equal(term_translate_key(true, KEY_HOME), KEYCODE_HOME);
    assert_int_equal(term_translate_key(true, KEY_END), KEYCODE_END);
    assert_int_equal(term_translate_key(true, KEY_A1), KEYCODE_HOME);   /* keypad 7 */
    assert_int_equal(term_translate_key(true, KEY_C1), KEYCODE_END);    /* keypad 1 */
    assert_int_equal(term_translate_key(true, KEY_BTAB), KEYCODE_BACKTAB);
    assert_int_equal(term_translate_key(true, KEY_PPAGE), KEYCODE_PAGE_UP);
    assert_int_equal(term_translate_key(true, KEY_NPAGE), KEYCODE_PAGE_DOWN);
    assert_int_equal(term_translate_key(true, KEY_BACKSPACE), KEYCODE_BACKSPACE);
    assert_int_equal(term_translate_key(true, KEY_DC), KEYCODE_DELETE);
}

static void test_resize_mouse_enter(void **state)
{
    (void)state;
    assert_int_equal(term_translate_key(true, KEY_RESIZE), KEYCODE_RESIZE);
    assert_int_equal(term_translate_key(true, KEY_MOUSE), KEYCODE_MOUSE);
    assert_int_equal(term_translate_key(true, KEY_ENTER), '\n');
}

static void test_control_characters(void **state)
{
    (void)state;
    assert_int_equal(term_translate_key(false, 27), KEYCODE_ESC);
    assert_int_equal(term_translate_key(false, 12), KEYCODE_REDRAW);   /* Ctrl-L */
    assert_int_equal(term_translate_key(false, 21), KEYCODE_KILL);     /* Ctrl-U */
    assert_int_equal(term_translate_key(false, '\r'), '\n');
    assert_int_equal(term_translate_key(false, '\n'), '\n');
    assert_int_equal(term_translate_key(false, '\t'), KEYCODE_TAB);
    assert_int_equal(term_translate_key(false, 1), 0);     /* Ctrl-A: nothing */
    assert_int_equal(term_translate_key(false, 127), KEYCODE_BACKSPACE);
    assert_int_equal(term_translate_key(false, 8), KEYCODE_BACKSPACE);
}

static void test_printable_are_themselves(void **state)
{
    (void)state;
    const char *keys = " qn?+-=hjkl123456789";
    for (const char *k = keys; *k; k++)
        assert_int_equal(term_translate_key(false, *k), *k);
    assert_int_equal(term_translate_key(false, 0x4E09), 0x4E09);   /* 三 typed */
}

static void test_unknown_function_keys_mean_nothing(void **state)
{
    (void)state;
    assert_int_equal(term_translate_key(true, KEY_F(1)), 0);
    assert_int_equal(term_translate_key(true, KEY_F(12)), 0);
    assert_int_equal(term_translate_key(true, KEY_IC), 0);
}

static void test_every_translated_key_is_bound(void **state)
{
    (void)state;
    /* Whatever the term layer produces for the main keys, the key table knows. */
    const int fkeys[] = { KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_HOME, KEY_END, KEY_BTAB,
                          KEY_MOUSE };
    for (size_t i = 0; i < sizeof fkeys / sizeof fkeys[0]; i++)
        assert_non_null(action_find_key(action_keys, term_translate_key(true, fkeys[i])));
    assert_non_null(action_find_key(action_keys, term_translate_key(false, '\t')));
    assert_non_null(action_find_key(action_keys, term_translate_key(false, 12)));
    /* Esc closes things; it never quits */
    assert_int_equal(action_find_key(action_keys, term_translate_key(false, 27))->action, ACTION_CLOSE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_function_keys),
        cmocka_unit_test(test_resize_mouse_enter),
        cmocka_unit_test(test_control_characters),
        cmocka_unit_test(test_printable_are_themselves),
        cmocka_unit_test(test_unknown_function_keys_mean_nothing),
        cmocka_unit_test(test_every_translated_key_is_bound),
    };
    return cmocka_run_group_tests_name("term keys", tests, NULL, NULL);
}

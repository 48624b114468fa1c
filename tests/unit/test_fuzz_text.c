/* test_fuzz_text.c — the fuzz targets' shared helper (tests/fuzz/fuzz.h: fuzz_text) that turns
 * libFuzzer's bytes into the C string fuzz_answer, fuzz_set and fuzz_termbg parse.
 * Covers: the copy, its NUL after the last byte, an empty input, a NUL inside the input.
 * Must not touch: the program's code (fuzz.h is test code). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "../fuzz/fuzz.h"

/* Every byte copied and one NUL after them; the input itself untouched. */
static void test_copy_and_terminator(void **state)
{
    (void)state;
    const uint8_t in[] = { 'w', 'q', '[', '0', ']', '=', '1' };
    char *text = fuzz_text(in, sizeof in);
    assert_non_null(text);
    assert_ptr_not_equal(text, (const char *)in);
    assert_string_equal(text, "wq[0]=1");
    assert_int_equal(text[sizeof in], '\0');
    free(text);
}

/* No bytes: the empty string (not NULL, which means out of memory). */
static void test_empty(void **state)
{
    (void)state;
    char *text = fuzz_text((const uint8_t *)"", 0);
    assert_non_null(text);
    assert_string_equal(text, "");
    free(text);
}

/* A NUL among the bytes ends the string there; the bytes after it are still copied. */
static void test_inner_nul(void **state)
{
    (void)state;
    const uint8_t in[] = { '1', '.', '5', '\0', 'x' };
    char *text = fuzz_text(in, sizeof in);
    assert_non_null(text);
    assert_string_equal(text, "1.5");
    assert_int_equal(text[4], 'x');
    assert_int_equal(text[5], '\0');
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_copy_and_terminator),
        cmocka_unit_test(test_empty),
        cmocka_unit_test(test_inner_nul),
    };
    return cmocka_run_group_tests_name("fuzz_text", tests, NULL, NULL);
}

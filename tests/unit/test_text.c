/* test_text.c — unit tests for UTF-8 splitting, widths and padding (src/text.c).
 * Owns: exact widths, character splits and padded strings, CJK and ASCII.
 * Must not touch: the model, the terminal, any file. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "text.h"

/* ---------------------------------------------------------------- validity */

static void test_valid_utf8(void **state)
{
    (void)state;
    assert_true(text_valid_utf8("三加五等于?", strlen("三加五等于?")));
    assert_true(text_valid_utf8("", 0));
    assert_false(text_valid_utf8("a\xFF", 2));
    assert_false(text_valid_utf8("\xE4\xB8", 2));         /* cut short */
    assert_false(text_valid_utf8("\xC0\xAF", 2));         /* overlong '/' */
    assert_false(text_valid_utf8("\xED\xA0\x80", 3));     /* a UTF-16 surrogate */
    assert_true(text_valid_utf8("\xE4\xB8\x89", 3));      /* 三 */
    assert_false(text_valid_utf8("\xE4\xB8\x89", 2));     /* only len bytes count */
}

/* ---------------------------------------------------------------- splitting */

static void test_split_sentence(void **state)
{
    (void)state;
    char out[16][TEXT_CHAR_BYTES];
    int n = text_split_chars("三加五等于?", out, 16);
    assert_int_equal(n, 6);
    assert_string_equal(out[0], "三");
    assert_string_equal(out[1], "加");
    assert_string_equal(out[2], "五");
    assert_string_equal(out[3], "等");
    assert_string_equal(out[4], "于");
    assert_string_equal(out[5], "?");
}

static void test_split_mixed_and_limits(void **state)
{
    (void)state;
    char out[4][TEXT_CHAR_BYTES];
    memset(out, 'Z', sizeof out);
    /* more characters than slots: the count is still the whole, only 3 are stored */
    assert_int_equal(text_split_chars("a三\xF0\x9F\x98\x80z", out, 3), 4);
    assert_string_equal(out[0], "a");
    assert_string_equal(out[1], "三");
    assert_string_equal(out[2], "\xF0\x9F\x98\x80"); /* a 4-byte character */
    assert_int_equal(out[3][0], 'Z');                /* slot 3 untouched */
    assert_int_equal(text_split_chars("", out, 4), 0);
    assert_int_equal(text_split_chars("abc", out, 0), 3);
}

static void test_split_invalid(void **state)
{
    (void)state;
    char out[8][TEXT_CHAR_BYTES];
    assert_int_equal(text_split_chars("ab\xFF", out, 8), -1);
    assert_int_equal(text_split_chars("\xE4\xB8", out, 8), -1);
}

static void test_char_count(void **state)
{
    (void)state;
    assert_int_equal(text_char_count("三加五等于?"), 6);
    assert_int_equal(text_char_count("abc"), 3);
    assert_int_equal(text_char_count(""), 0);
    assert_int_equal(text_char_count("e\xCC\x81"), 2); /* e + combining accent */
    assert_int_equal(text_char_count("a\xFF"), -1);
}

/* ---------------------------------------------------------------- widths */

static void test_width(void **state)
{
    (void)state;
    assert_int_equal(text_width("三加五等于?"), 11);
    assert_int_equal(text_width("abc"), 3);
    assert_int_equal(text_width(""), 0);
    assert_int_equal(text_width("三"), 2);
    assert_int_equal(text_width("\xEF\xBC\x9F"), 2);   /* full-width ？ */
    assert_int_equal(text_width("e\xCC\x81"), 1);      /* combining accent is 0 wide */
    assert_int_equal(text_width("a\tb"), 3);           /* control: 1 column */
    assert_int_equal(text_width("a\xFF" "b"), 3);      /* invalid byte: 1 column */
}

static void test_width_n(void **state)
{
    (void)state;
    const char *s = "三加五等于?";
    assert_int_equal(text_width_n(s, 0), 0);
    assert_int_equal(text_width_n(s, 3), 2);  /* 三 */
    assert_int_equal(text_width_n(s, 6), 4);  /* 三加 */
    assert_int_equal(text_width_n(s, strlen(s)), 11);
    assert_int_equal(text_width_n("abcdef", 4), 4);
}

/* ---------------------------------------------------------------- padding */

static void test_pad_ascii(void **state)
{
    (void)state;
    char buf[32];
    assert_int_equal(text_pad(buf, sizeof buf, "ab", 5, -1), 5);
    assert_string_equal(buf, "ab   ");
    assert_int_equal(text_pad(buf, sizeof buf, "ab", 5, 1), 5);
    assert_string_equal(buf, "   ab");
    assert_int_equal(text_pad(buf, sizeof buf, "ab", 5, 0), 5);
    assert_string_equal(buf, " ab  "); /* odd gap: the extra space goes right */
    assert_int_equal(text_pad(buf, sizeof buf, "", 3, 0), 3);
    assert_string_equal(buf, "   ");
}

static void test_pad_cjk(void **state)
{
    (void)state;
    char buf[64];
    /* 三 is 2 columns and 3 bytes: padding to 5 columns adds 3 spaces */
    assert_int_equal(text_pad(buf, sizeof buf, "三", 5, -1), 6);
    assert_string_equal(buf, "三   ");
    assert_int_equal(text_width(buf), 5);
    assert_int_equal(text_pad(buf, sizeof buf, "三", 5, 1), 6);
    assert_string_equal(buf, "   三");
    assert_int_equal(text_pad(buf, sizeof buf, "三", 5, 0), 6);
    assert_string_equal(buf, " 三  ");
    assert_int_equal(text_pad(buf, sizeof buf, "三", 6, 0), 7);
    assert_string_equal(buf, "  三  ");
    /* a whole sentence, right-aligned in 14 columns */
    assert_int_equal(text_pad(buf, sizeof buf, "三加五等于?", 14, 1), 3 + 16);
    assert_string_equal(buf, "   三加五等于?");
    assert_int_equal(text_width(buf), 14);
}

static void test_pad_too_wide_and_small_buffer(void **state)
{
    (void)state;
    char buf[32];
    /* wider than columns: copied whole, no padding */
    assert_int_equal(text_pad(buf, sizeof buf, "三加五", 4, -1), 9);
    assert_string_equal(buf, "三加五");
    assert_int_equal(text_pad(buf, sizeof buf, "abc", -3, 0), 3);
    assert_string_equal(buf, "abc");
    /* a small buffer is filled and terminated, never overrun */
    memset(buf, 'X', sizeof buf);
    assert_int_equal(text_pad(buf, 4, "ab", 6, 1), 3);
    assert_string_equal(buf, "   ");
    assert_int_equal(buf[4], 'X');
    assert_int_equal(text_pad(buf, 0, "ab", 6, 1), 0);
    assert_int_equal(buf[0], ' '); /* cap 0: nothing written */
    /* a buffer too small for a whole character never gets half of one */
    assert_int_equal(text_pad(buf, 3, "三", 4, -1), 2);
    assert_string_equal(buf, "  ");
    assert_true(text_valid_utf8(buf, strlen(buf)));
}

/* ---------------------------------------------------------------- main */

/* ---------------------------------------------------------------- escaping */

static void test_escape_controls(void **state)
{
    (void)state;
    char buf[64];
    assert_string_equal(text_escape("三加五等于?", buf, sizeof buf), "三加五等于?");
    assert_string_equal(text_escape("a\nb\tc\rd", buf, sizeof buf), "a\\nb\\tc\\rd");
    assert_string_equal(text_escape("\x1b[31m", buf, sizeof buf), "\\x1B[31m");
    assert_string_equal(text_escape("x\x7f", buf, sizeof buf), "x\\x7F");
    assert_string_equal(text_escape("\xc2\x85\xc2\x9b", buf, sizeof buf), "\\u0085\\u009B");
    assert_string_equal(text_escape("\xc2\xa0", buf, sizeof buf), "\xc2\xa0");   /* U+00A0 stays */
    assert_string_equal(text_escape("a\xff\xe4\xb8", buf, sizeof buf), "a\\xFF\\xE4\\xB8");
    assert_string_equal(text_escape("", buf, sizeof buf), "");
}

static void test_escape_cut(void **state)
{
    (void)state;
    char buf[8];
    assert_string_equal(text_escape("abcdefg", buf, sizeof buf), "abcdefg");   /* fits exactly */
    assert_string_equal(text_escape("abcdefgh", buf, sizeof buf), "abcd…");
    assert_string_equal(text_escape("三加五等于", buf, sizeof buf), "三…");  /* never half of 加 */
    assert_string_equal(text_escape("\n\n\n\n", buf, sizeof buf), "\\n\\n…");
    assert_ptr_equal(text_escape("abcdef", buf, 0), buf);                   /* cap 0: untouched */
    assert_string_equal(buf, "\\n\\n…");
    char tiny[3];
    assert_string_equal(text_escape("abcdef", tiny, sizeof tiny), "ab");     /* no room for … */
}

/* Bidi, zero-width, separators and noncharacters are shown escaped. */
static void test_escape_invisible(void **state)
{
    (void)state;
    char buf[64];
    assert_string_equal(text_escape("b\xE2\x80\xAE" "evil", buf, sizeof buf), "b\\u202Eevil");
    assert_string_equal(text_escape("a\xE2\x80\x8B\xE2\x80\x8D\xEF\xBB\xBF", buf, sizeof buf),
                        "a\\u200B\\u200D\\uFEFF");
    assert_string_equal(text_escape("\xE2\x81\xA6x\xE2\x81\xA9", buf, sizeof buf), "\\u2066x\\u2069");
    assert_string_equal(text_escape("\xE2\x80\xA8\xE2\x80\xA9", buf, sizeof buf), "\\u2028\\u2029");
    assert_string_equal(text_escape("\xEF\xBF\xBF\xEF\xB7\x90", buf, sizeof buf), "\\uFFFF\\uFDD0");
    assert_string_equal(text_escape("\xF4\x8F\xBF\xBF", buf, sizeof buf), "\\U0010FFFF");
    assert_string_equal(text_escape("é三😀", buf, sizeof buf), "é三😀");   /* printable: kept */
}

/* A combining mark with nothing to sit on (it sat on the message's quote: unknown "́") is
 * escaped, like U+200B, whatever mark it is (non-spacing U+0301, U+0F71, U+1AB0, enclosing
 * U+20DD); on a character it stays, with the marks after it (e + U+0301 U+0302). */
static void test_escape_lone_mark(void **state)
{
    (void)state;
    char buf[64];
    assert_string_equal(text_escape("\xCC\x81", buf, sizeof buf), "\\u0301");
    assert_string_equal(text_escape("\xE2\x83\x9D", buf, sizeof buf), "\\u20DD");
    assert_string_equal(text_escape("\xE0\xBD\xB1x", buf, sizeof buf), "\\u0F71x");
    assert_string_equal(text_escape("a \xE1\xAA\xB0", buf, sizeof buf), "a \\u1AB0");
    assert_string_equal(text_escape("\x01\xCC\x81", buf, sizeof buf), "\\x01\\u0301");
    assert_string_equal(text_escape("\xE2\x80\x8B\xCC\x81", buf, sizeof buf), "\\u200B\\u0301");
    assert_string_equal(text_escape("e\xCC\x81\xCC\x82", buf, sizeof buf), "e\xCC\x81\xCC\x82");
    assert_string_equal(text_escape("\xE4\xB8\x89\xCC\x81", buf, sizeof buf), "\xE4\xB8\x89\xCC\x81");
}

static void test_char_allowed(void **state)
{
    (void)state;
    static const unsigned no[] = { 0, 0x1F, 0x7F, 0x80, 0x9B, 0x9F, 0x2028, 0x2029, 0xD800,
                                   0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF, 0x110000 };
    static const unsigned yes[] = { ' ', 'a', '~', 0xA0, 0x4E09, 0xFDCF, 0xFDF0, 0xFFFD,
                                    0x1F600, 0x10FFFD };
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        assert_false(text_char_allowed(no[i]));
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
        assert_true(text_char_allowed(yes[i]));
}

/* A message cut to fit ends at a whole character. */
static void test_format_cuts_at_characters(void **state)
{
    (void)state;
    char buf[8];
    assert_int_equal(text_format(buf, sizeof buf, "%s", "ab三加"), 5);   /* 加 would need 3 more */
    assert_string_equal(buf, "ab三");
    assert_int_equal(text_format(buf, sizeof buf, "x%d", 42), 3);
    assert_string_equal(buf, "x42");
    assert_int_equal(text_format(buf, sizeof buf, "%s", "abcdef😀"), 6);
    assert_string_equal(buf, "abcdef");
    char s[] = "abc\xE4\xB8";
    text_cut_partial(s);
    assert_string_equal(s, "abc");
    char whole[] = "abc三";
    text_cut_partial(whole);
    assert_string_equal(whole, "abc三");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid_utf8),
        cmocka_unit_test(test_escape_invisible),
        cmocka_unit_test(test_escape_lone_mark),
        cmocka_unit_test(test_char_allowed),
        cmocka_unit_test(test_format_cuts_at_characters),
        cmocka_unit_test(test_split_sentence),
        cmocka_unit_test(test_split_mixed_and_limits),
        cmocka_unit_test(test_split_invalid),
        cmocka_unit_test(test_char_count),
        cmocka_unit_test(test_width),
        cmocka_unit_test(test_width_n),
        cmocka_unit_test(test_pad_ascii),
        cmocka_unit_test(test_pad_cjk),
        cmocka_unit_test(test_pad_too_wide_and_small_buffer),
        cmocka_unit_test(test_escape_controls),
        cmocka_unit_test(test_escape_cut),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

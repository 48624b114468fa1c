/* test_input.c — the sentence input line (src/input.c) against hostile keys and a hostile
 * model. Covers: C0 and C1 controls, separators, noncharacters, bidi controls and
 * characters of no width refused as the model's
 * vocabulary refuses them; an error message longer than the line's buffer cut at a
 * character boundary (a model of 4 096 CJK characters). Must not touch: the terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "keys.h"
#include "model.h"
#include "text.h"

/* Parses the model text; fails the test when it does not parse. */
static void parse(const char *text, Model *m)
{
    char err[512];
    if (model_parse(text, strlen(text), "t.model", m, err, sizeof err) != 0)
        fail_msg("%s", err);
}

static const char SMALL[] =
    "[vocab]\na b\n[d]\n1\n[sentence]\nab\n[embedding]\na 1\nb 2\n[wq]\n1\n[wk]\n1\n[wv]\n1\n";

static void test_controls_refused(void **state)
{
    (void)state;
    Model m;
    parse(SMALL, &m);
    InputLine in;
    input_init(&in);
    input_open(&in, &m, "ab");
    static const int refused[] = { 0x07, 0x01, 0x1F, 0x85, 0x9B, 0x9D, 0x2028, 0x2029,
                                   0xFDD0, 0xFFFE, 0xFFFF, 0x10FFFF,
                                   0x202E, 0x200B, 0x0301 };   /* RLO, ZWSP, a combining accent */
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        assert_int_equal(input_key(&in, &m, refused[i]), INPUT_NONE);
    assert_string_equal(in.text, "");
    assert_int_equal(input_key(&in, &m, 'a'), INPUT_CHANGED);
    assert_int_equal(input_key(&in, &m, 0x4E09), INPUT_CHANGED);   /* printable: typed */
    assert_string_equal(in.text, "a三");
    model_free(&m);
}

/* Ctrl-U erases what is before the cursor, as in a shell (and nothing at the start). */
static void test_ctrl_u_erases_before_the_cursor(void **state)
{
    (void)state;
    Model m;
    parse(SMALL, &m);
    InputLine in;
    input_init(&in);
    input_open(&in, &m, "ab");
    input_key(&in, &m, 'b');
    input_key(&in, &m, 0x4E09);
    input_key(&in, &m, 'a');
    input_key(&in, &m, KEYCODE_LEFT);   /* b三|a */
    assert_int_equal(input_key(&in, &m, KEYCODE_KILL), INPUT_CHANGED);
    assert_string_equal(in.text, "a");
    assert_int_equal(in.cursor, 0);
    assert_string_equal(in.decoded, "a");
    assert_int_equal(input_key(&in, &m, KEYCODE_KILL), INPUT_NONE);
    assert_string_equal(in.text, "a");
    model_free(&m);
}

/* A model of 4 096 CJK characters with d = 1. */
static char *big_model(void)
{
    size_t cap = 4096 * 16 + 256, used = 0;
    char *t = malloc(cap);
    assert_non_null(t);
    used += (size_t)snprintf(t + used, cap - used, "[vocab]\n");
    char ch[TEXT_CHAR_BYTES];
    for (int i = 0; i < 4096; i++) {
        unsigned c = 0x4E00u + (unsigned)i;
        ch[0] = (char)(0xE0 | (c >> 12));
        ch[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        ch[2] = (char)(0x80 | (c & 0x3F));
        ch[3] = '\0';
        used += (size_t)snprintf(t + used, cap - used, "%s%s", ch, i % 64 == 63 ? "\n" : " ");
    }
    used += (size_t)snprintf(t + used, cap - used, "[d]\n1\n[sentence]\n一\n[embedding]\n");
    for (int i = 0; i < 4096; i++) {
        unsigned c = 0x4E00u + (unsigned)i;
        ch[0] = (char)(0xE0 | (c >> 12));
        ch[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        ch[2] = (char)(0x80 | (c & 0x3F));
        used += (size_t)snprintf(t + used, cap - used, "%s 0.5\n", ch);
    }
    snprintf(t + used, cap - used, "[wq]\n1\n[wk]\n1\n[wv]\n1\n");
    return t;
}

static void test_long_error_cut_at_characters(void **state)
{
    (void)state;
    char *text = big_model();
    Model m;
    parse(text, &m);
    free(text);
    InputLine in;
    input_init(&in);
    input_open(&in, &m, "一");
    int longest = 0;
    for (int n = 1; n <= 40; n++) {              /* each length cuts the message elsewhere */
        assert_int_equal(input_key(&in, &m, 'q'), INPUT_CHANGED);
        size_t len = strlen(in.error);
        assert_true(len > 0);
        assert_true(text_valid_utf8(in.error, len));
        if ((int)len > longest)
            longest = (int)len;
    }
    assert_true(longest >= INPUT_ERROR_BYTES - 4);   /* the message did fill the buffer */
    model_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_controls_refused),
        cmocka_unit_test(test_ctrl_u_erases_before_the_cursor),
        cmocka_unit_test(test_long_error_cut_at_characters),
    };
    return cmocka_run_group_tests_name("input", tests, NULL, NULL);
}

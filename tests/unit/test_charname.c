/* test_charname.c — a repeated character named with its occurrence (src/charname.c): 加₂ in
 * Unicode, jia_2 in ASCII, nothing added where a character appears once; read back by
 * --set's score[加2][等] and score[加₂][等].
 * Must not touch: the terminal, files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>
#include "charname.h"
#include "edit.h"
#include "engine.h"
#include "model.h"

/* 一加二加三加四等于?: 加 three times. */
static const char sentence[][TEXT_CHAR_BYTES] = { "一", "加", "二", "加", "三", "加", "四", "等", "于", "?" };
#define T ((int)(sizeof sentence / sizeof sentence[0]))

static void test_occurrence_and_names(void **state)
{
    (void)state;
    char buf[CHARNAME_BYTES];
    assert_int_equal(charname_occurrence(sentence, T, 0), 0);   /* 一 once */
    assert_int_equal(charname_occurrence(sentence, T, 1), 1);
    assert_int_equal(charname_occurrence(sentence, T, 3), 2);
    assert_int_equal(charname_occurrence(sentence, T, 5), 3);
    assert_string_equal(charname_of(sentence, T, 0, buf, sizeof buf), "一");
    assert_string_equal(charname_of(sentence, T, 1, buf, sizeof buf), "加₁");
    assert_string_equal(charname_of(sentence, T, 5, buf, sizeof buf), "加₃");
    assert_string_equal(charname_mark("jia", 2, true, buf, sizeof buf), "jia_2");
    assert_string_equal(charname_mark("加", 12, false, buf, sizeof buf), "加₁₂");
    assert_string_equal(charname_mark("?", 0, false, buf, sizeof buf), "?");
    char small[5];   /* cut at a whole character */
    assert_string_equal(charname_mark("加", 2, false, small, sizeof small), "加");
}

static void test_find(void **state)
{
    (void)state;
    assert_int_equal(charname_find(sentence, T, "加"), 1);      /* plain: the first */
    assert_int_equal(charname_find(sentence, T, "加2"), 3);
    assert_int_equal(charname_find(sentence, T, "加₃"), 5);
    assert_int_equal(charname_find(sentence, T, "加1"), 1);
    assert_int_equal(charname_find(sentence, T, "加4"), -1);    /* no fourth */
    assert_int_equal(charname_find(sentence, T, "加x"), -1);
    assert_int_equal(charname_find(sentence, T, "等"), 7);
    assert_int_equal(charname_find(sentence, T, "五"), -1);
}

/* --set score[加2][等]=3 over 1+2+3+4=?: the second 加's row, named 加₂ when described. */
static void test_set_reads_occurrences(void **state)
{
    (void)state;
    Model m;
    char err[256], said[128];
    assert_int_equal(model_load_default(&m, err, sizeof err), 0);
    Edit e;
    assert_int_equal(edit_parse(&m, "一加二加三加四等于?", "score[加2][等]=3", &e, err, sizeof err), 0);
    assert_int_equal(e.row, 3);
    assert_int_equal(e.col, 7);
    assert_string_equal(e.names[0], "加₂");
    e.before = 1.5;
    assert_string_equal(edit_describe(&m, &e, said, sizeof said), "score(加₂→等) 1.50 → 3.00");
    assert_int_equal(edit_parse(&m, "一加二加三加四等于?", "score[等][加₃]=1", &e, err, sizeof err), 0);
    assert_int_equal(e.col, 5);
    assert_int_equal(edit_parse(&m, "一加二加三加四等于?", "score[加4][等]=1", &e, err, sizeof err), -1);
    assert_string_equal(err, "--set: 'score[加4][等]=1': '加4' is not in the sentence");
    model_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_occurrence_and_names),
        cmocka_unit_test(test_find),
        cmocka_unit_test(test_set_reads_occurrences),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_spell.c — unit tests for the sentence decoder and ASCII names (src/spell.c):
 * every spelling of the table, mixed input, every one-line message, and the names.
 * Must not touch: the engine's arithmetic, the terminal, files outside tests/. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "edit.h"
#include "model.h"
#include "spell.h"
#include "text.h"

#define LESSON_VOCAB "零 一 二 三 四 五 六 七 八 九 十 加 减 乘 除 等 于 是 几 ?"

/* ---------------------------------------------------------------- fixtures */

static int setup_lesson(void **state)
{
    Model *m = malloc(sizeof *m);
    char err[256];
    if (!m || model_load_default(m, err, sizeof err) != 0)
        return -1;
    *state = m;
    return 0;
}

static int teardown(void **state)
{
    model_free(*state);
    free(*state);
    return 0;
}

/* Decodes input with m and expects exactly want. */
static void expect_sentence(const Model *m, const char *input, const char *want)
{
    char out[MODEL_SENTENCE_BYTES], err[512] = "";
    memset(out, 'X', sizeof out);
    int r = spell_decode(m, input, out, sizeof out, err, sizeof err);
    if (r != 0)
        print_error("'%s': %s\n", input, err);
    assert_int_equal(r, 0);
    assert_string_equal(out, want);
}

/* Decodes input with m and expects exactly the message want. */
static void expect_error(const Model *m, const char *input, const char *want)
{
    char out[MODEL_SENTENCE_BYTES], err[1024];
    memset(err, 'X', sizeof err);
    assert_int_equal(spell_decode(m, input, out, sizeof out, err, sizeof err), -1);
    assert_string_equal(err, want);
    assert_string_equal(out, "");
}

/* ---------------------------------------------------------------- the table */

static void test_lesson_sentences(void **state)
{
    const Model *m = *state;
    expect_sentence(m, "3+5=?", "三加五等于?");
    expect_sentence(m, "10-4=?", "十减四等于?");
    expect_sentence(m, "三加五等于?", "三加五等于?");      /* the vocabulary stands for itself */
    expect_sentence(m, "三+五=?", "三加五等于?");          /* mixed */
    expect_sentence(m, "3加5等于?", "三加五等于?");
    expect_sentence(m, " 3 + 5 = ? ", "三加五等于?");      /* blanks only separate */
    expect_sentence(m, "3\t+\t5", "三加五");
}

static void test_every_spelling(void **state)
{
    const Model *m = *state;
    static const char *const digits[10] = { "零", "一", "二", "三", "四", "五", "六", "七",
                                            "八", "九" };
    for (int i = 0; i < 10; i++) {
        char in[2] = { (char)('0' + i), '\0' };
        expect_sentence(m, in, digits[i]);
    }
    expect_sentence(m, "+-*/", "加减乘除");
    expect_sentence(m, "×÷", "乘除");
    expect_sentence(m, "=", "等于");
    expect_sentence(m, "?", "?");
    expect_sentence(m, "is", "是");
    expect_sentence(m, "how many", "几");
    expect_sentence(m, "How   MANY", "几");
    expect_sentence(m, "5 IS how many?", "五是几?");
    expect_sentence(m, "8/2is4", "八除二是四");
}

static void test_numbers(void **state)
{
    const Model *m = *state;
    expect_sentence(m, "10", "十");
    expect_sentence(m, "11", "十一");
    expect_sentence(m, "19", "十九");
    expect_sentence(m, "20", "二十");
    expect_sentence(m, "35", "三十五");
    expect_sentence(m, "99", "九十九");
    expect_sentence(m, "3 5", "三五");                   /* two numbers */
    expect_sentence(m, "12+30=42", "十二加三十等于四十二");
    expect_error(m, "100", "\"100\": the ASCII spelling reads numbers from 0 to 99 (the "
                 "vocabulary has no 百)");
    expect_error(m, "05", "\"05\": write numbers without leading zeros (spaces keep digits "
                 "apart: \"0 5\" gives 零五)");
    expect_error(m, "1234567890123", "\"12345678...\": the ASCII spelling reads numbers from 0 "
                 "to 99 (the vocabulary has no 百)");
}

/* ---------------------------------------------------------------- messages */

static void test_unknown(void **state)
{
    const Model *m = *state;
    expect_error(m, "3x", "unknown \"x\" at character 2: not in the vocabulary (" LESSON_VOCAB
                 ") nor an ASCII spelling (0-99 + - * / = ? × ÷ is, how many)");
    expect_error(m, "三加this", "unknown \"this\" at character 3: not in the vocabulary ("
                 LESSON_VOCAB ") nor an ASCII spelling (0-99 + - * / = ? × ÷ is, how many)");
    expect_error(m, "三%", "unknown \"%\" at character 2: not in the vocabulary (" LESSON_VOCAB
                 ") nor an ASCII spelling (0-99 + - * / = ? × ÷ is, how many)");
    expect_error(m, "how much", "\"how\" at character 1: the spelling is \"how many\" (几)");
    expect_error(m, "3 abcdefghijklmnopqrstuvwxyz", "unknown \"abcdefghijklmnopqrst...\" at "
                 "character 3: not in the vocabulary (" LESSON_VOCAB ") nor an ASCII spelling "
                 "(0-99 + - * / = ? × ÷ is, how many)");
    expect_error(m, "3 how", "\"how\" at character 3: the spelling is \"how many\" (几)");
}

static void test_lookalikes(void **state)
{
    const Model *m = *state;
    /* what a Chinese input method types: the width variants the spelling reads */
    expect_sentence(m, "三加五等于？", "三加五等于?");
    expect_sentence(m, "3＋5", "三加五");
    expect_sentence(m, "3+5＝?", "三加五等于?");
    expect_sentence(m, "３", "三");
    expect_sentence(m, "１２－４＝？", "十二减四等于?");
    expect_sentence(m, "三\xE3\x80\x80加", "三加");
    char out[MODEL_SENTENCE_BYTES], err[256];
    int folded = 0, bad = 0;
    assert_int_equal(spell_decode_folded(m, "３＋５＝？", out, sizeof out, err, sizeof err, &bad, LANG_EN,
                                         &folded), 0);
    assert_int_equal(folded, 5);
    assert_string_equal(out, "三加五等于?");
    assert_int_equal(spell_decode_folded(m, "3+5=?", out, sizeof out, err, sizeof err, &bad, LANG_EN,
                                         &folded), 0);
    assert_int_equal(folded, 0);
    /* a look-alike that is no width variant is refused in a student's words, no code point */
    expect_error(m, "5−3", "unknown \"−\" at character 2 (did you mean \"-\"? \"−\" looks like it "
                 "but is another character)");
    assert_int_equal(spell_decode_marked(m, "5−3", out, sizeof out, err, sizeof err, &bad, LANG_ZH), -1);
    assert_string_equal(err, "第 2 个字「−」不认识（是不是想打「-」？「−」看起来像它，但不是同一个字符）");
    /* a full-width character whose ASCII would not be read either stays as typed */
    expect_error(m, "Ａ", "unknown \"Ａ\" at character 1: not in the vocabulary (" LESSON_VOCAB
                 ") nor an ASCII spelling (0-99 + - * / = ? × ÷ is, how many)");
    expect_error(m, "3＋？Ａ", "unknown \"Ａ\" at character 4: not in the vocabulary (" LESSON_VOCAB
                 ") nor an ASCII spelling (0-99 + - * / = ? × ÷ is, how many)");
}

/* A vocabulary that holds the full-width forms (a poem model's ，。？): the half-width ones
 * typed read as those, and the full-width ones stand for themselves. */
static void test_full_width_vocabulary(void **state)
{
    (void)state;
    Model m;
    char err[512];
    const char *text = "[vocab]\n春 眠 不 觉 晓 ， 。 ？\n[d]\n1\n[sentence]\n春眠不觉晓？\n[embedding]\n"
                       "春 1\n眠 2\n不 3\n觉 4\n晓 5\n， 6\n。 7\n？ 8\n[wq]\n1\n[wk]\n1\n[wv]\n1\n";
    if (model_parse(text, strlen(text), "poem", &m, err, sizeof err) != 0)
        fail_msg("%s", err);
    char out[MODEL_SENTENCE_BYTES];
    int folded = 0, bad = 0;
    assert_int_equal(spell_decode_folded(&m, "春眠不觉晓,?", out, sizeof out, err, sizeof err, &bad,
                                         LANG_EN, &folded), 0);
    assert_string_equal(out, "春眠不觉晓，？");
    assert_int_equal(folded, 2);
    assert_int_equal(spell_decode_folded(&m, "春眠不觉晓，。", out, sizeof out, err, sizeof err, &bad,
                                         LANG_EN, &folded), 0);
    assert_int_equal(folded, 0);
    model_free(&m);
}

static void test_control_characters(void **state)
{
    const Model *m = *state;
    expect_error(m, "三\xC2\x9B" "2J", "control character U+009B at character 2: not allowed in "
                 "a sentence");
    expect_error(m, "3+\xC2\x85", "control character U+0085 at character 3: not allowed in a "
                 "sentence");
    expect_error(m, "\x1b[2J", "control character U+001B at character 1: not allowed in a "
                 "sentence");
    expect_error(m, "3\x7f", "control character U+007F at character 2: not allowed in a "
                 "sentence");
    expect_error(m, "3\n", "control character U+000A at character 2: not allowed in a sentence");
}

static void test_limits(void **state)
{
    const Model *m = *state;
    expect_error(m, "a\xff", "sentence is not valid UTF-8");
    expect_sentence(m, "", "");
    expect_sentence(m, "   ", "");
    expect_sentence(m, "1+2+3+4+5+6+7=8", "一加二加三加四加五加六加七等于八");
    expect_error(m, "1+2+3+4+5+6+7=8?", "sentence has 17 characters: at most 16 are allowed");
    expect_error(m, "99999999", "\"99999999\": the ASCII spelling reads numbers from 0 to 99 "
                 "(the vocabulary has no 百)");
    expect_error(m, "99+99+99+99+99+99", "sentence has 23 characters: at most 16 are allowed");
    /* a small output buffer is never overrun */
    char out[8], err[128];
    memset(out, 'X', sizeof out);
    assert_int_equal(spell_decode(m, "3+5", out, sizeof out, err, sizeof err), -1);
    assert_string_equal(err, "sentence does not fit in 8 bytes");
    assert_int_equal(spell_decode(m, "3+", out, sizeof out, err, sizeof err), 0);
    assert_string_equal(out, "三加");
    assert_int_equal(spell_decode(m, "3x", out, sizeof out, NULL, 0), -1); /* no err buffer */
}

/* ---------------------------------------------------------------- other vocabularies */

static void test_other_models(void **state)
{
    (void)state;
    static const char text[] = "[vocab]\na b c 3\n[d]\n1\n[sentence]\ncab\n[embedding]\n"
                               "a 1\nb 2\nc 3\n3 4\n[wq]\n1\n[wk]\n1\n[wv]\n1\n";
    Model m;
    char err[256];
    assert_int_equal(model_parse(text, strlen(text), "t", &m, err, sizeof err), 0);
    expect_sentence(&m, "cab", "cab");            /* letters of the vocabulary are themselves */
    expect_sentence(&m, "a 3 b", "a3b");          /* and so is a digit */
    expect_error(&m, "3+a", "\"+\" stands for 加, which is not in this model's vocabulary");
    expect_error(&m, "a5", "\"5\" stands for 五, which is not in this model's vocabulary");
    expect_error(&m, "d", "unknown \"d\" at character 1: not in the vocabulary (a b c 3) nor an "
                 "ASCII spelling (0-99 + - * / = ? × ÷ is, how many)");
    model_free(&m);
}

/* A vocabulary too long for a message ends in "…". */
static void test_long_vocabulary(void **state)
{
    (void)state;
    size_t cap = 300 * 16 + 256, used = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    used += (size_t)snprintf(text, cap, "[d]\n1\n[wq]\n1\n[wk]\n1\n[wv]\n1\n[sentence]\n一\n[vocab]\n");
    char chars[300][4];
    for (int i = 0; i < 300; i++) {
        unsigned cp = 0x4E00u + (unsigned)i;
        chars[i][0] = (char)(0xE0 | (cp >> 12));
        chars[i][1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        chars[i][2] = (char)(0x80 | (cp & 0x3F));
        chars[i][3] = '\0';
        used += (size_t)snprintf(text + used, cap - used, "%s\n", chars[i]);
    }
    used += (size_t)snprintf(text + used, cap - used, "[embedding]\n");
    for (int i = 0; i < 300; i++)
        used += (size_t)snprintf(text + used, cap - used, "%s 1\n", chars[i]);
    Model m;
    char err[1024];
    int r = model_parse(text, used, "t", &m, err, sizeof err);
    free(text);
    assert_int_equal(r, 0);
    char out[MODEL_SENTENCE_BYTES];
    assert_int_equal(spell_decode(&m, "x", out, sizeof out, err, sizeof err), -1);
    /* 400 bytes of list: 一 + 98 × " X" = 3 + 392 = 395, then " …" */
    char want[64];
    snprintf(want, sizeof want, " %s …) nor an ASCII spelling", chars[98]);
    assert_non_null(strstr(err, want));
    assert_null(strstr(err, chars[99]));
    model_free(&m);
}

/* ---------------------------------------------------------------- names */

static void test_ascii_names(void **state)
{
    const Model *m = *state;
    assert_string_equal(spell_ascii_name("三"), "san");
    assert_string_equal(spell_ascii_name("加"), "jia");
    assert_string_equal(spell_ascii_name("五"), "wu");
    assert_string_equal(spell_ascii_name("等"), "deng");
    assert_string_equal(spell_ascii_name("于"), "yu");
    assert_string_equal(spell_ascii_name("?"), "?");
    assert_string_equal(spell_ascii_name("十"), "shi2");
    assert_string_equal(spell_ascii_name("是"), "shi4");
    assert_string_equal(spell_ascii_name("几"), "ji");
    assert_string_equal(spell_ascii_name("零"), "ling");
    assert_string_equal(spell_ascii_name("减"), "jian");
    assert_string_equal(spell_ascii_name("乘"), "cheng");
    assert_string_equal(spell_ascii_name("除"), "chu");
    assert_null(spell_ascii_name("百"));
    assert_null(spell_ascii_name("a"));
    assert_null(spell_ascii_name("三加"));
    assert_null(spell_ascii_name(""));
    assert_null(spell_ascii_name(NULL));
    /* every character of the course has a name, ASCII and unlike any other */
    for (int i = 0; i < m->vocab_size; i++) {
        const char *a = spell_ascii_name(m->vocab[i]);
        assert_non_null(a);
        for (const char *p = a; *p; p++)
            assert_true(*p > 0x20 && *p < 0x7F);
        for (int j = 0; j < i; j++)
            assert_string_not_equal(a, spell_ascii_name(m->vocab[j]));
    }
    assert_string_equal(spell_summary(LANG_EN), "0-99 + - * / = ? × ÷ is, how many");
    assert_string_equal(spell_summary(LANG_ZH), "0-99 + - * / = ? × ÷，is 是「是」，how many 是「几」");
}

/* The brief names: at most two columns, the spelling's digit or operator where it has one,
 * unlike each other across the course's twenty characters. */
static void test_ascii_briefs(void **state)
{
    const Model *m = *state;
    static const char *const pairs[][2] = {
        { "零", "0" }, { "三", "3" }, { "五", "5" }, { "九", "9" }, { "十", "10" }, { "加", "+" },
        { "减", "-" }, { "乘", "*" }, { "除", "/" }, { "等", "=" }, { "于", "yu" }, { "是", "is" },
        { "几", "ji" }, { "?", "?" },
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        assert_string_equal(spell_ascii_brief(pairs[i][0]), pairs[i][1]);
    assert_null(spell_ascii_brief("百"));
    assert_null(spell_ascii_brief("a"));
    assert_null(spell_ascii_brief(NULL));
    for (int i = 0; i < m->vocab_size; i++) {
        const char *b = spell_ascii_brief(m->vocab[i]);
        assert_non_null(b);
        assert_true(strlen(b) >= 1 && strlen(b) <= 2);
        for (int j = 0; j < i; j++)
            assert_string_not_equal(b, spell_ascii_brief(m->vocab[j]));
    }
}

/* ---------------------------------------------------------------- main */

/* Under a Turkish locale tolower('I') is not 'i' ("5 IS HOW MANY?" gave unknown "Is"), nor
 * does strncasecmp match "EMBEDDING" with "embedding": the program's ASCII words fold in
 * ASCII only (make builds build/locale/tr_TR.UTF-8; the tests run with LOCPATH there). */
static void test_turkish_locale(void **state)
{
    const Model *m = *state;
    if (!setlocale(LC_ALL, "tr_TR.UTF-8"))
        fail_msg("no Turkish locale (make builds build/locale/tr_TR.UTF-8; LOCPATH=build/locale)");
    expect_sentence(m, "5 IS HOW MANY?", "五是几?");
    expect_sentence(m, "5 is how many?", "五是几?");
    Model copy;
    char err[256];
    assert_int_equal(model_load_default(&copy, err, sizeof err), 0);
    Edit e;
    assert_int_equal(edit_parse(&copy, NULL, "EMBEDDING[加][0]=0.1", &e, err, sizeof err), 0);
    assert_int_equal(e.target, EDIT_EMBEDDING);
    assert_int_equal(edit_parse(&copy, "三加五等于?", "SCORE[等][加]=6", &e, err, sizeof err), 0);
    assert_int_equal(e.target, EDIT_SCORE);
    model_free(&copy);
    assert_int_equal(text_ascii_lower('I'), 'i');
    assert_int_equal(text_ascii_lower(0xC4), 0xC4);
    assert_int_equal(text_ascii_ncasecmp("wQ[", "Wq[", 3), 0);
    assert_true(text_ascii_ncasecmp("wq", "wk", 2) != 0);
    setlocale(LC_ALL, "C");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_lesson_sentences, setup_lesson, teardown),
        cmocka_unit_test_setup_teardown(test_every_spelling, setup_lesson, teardown),
        cmocka_unit_test_setup_teardown(test_numbers, setup_lesson, teardown),
        cmocka_unit_test_setup_teardown(test_unknown, setup_lesson, teardown),
        cmocka_unit_test_setup_teardown(test_lookalikes, setup_lesson, teardown),
        cmocka_unit_test(test_full_width_vocabulary),
        cmocka_unit_test_setup_teardown(test_control_characters, setup_lesson, teardown),
        cmocka_unit_test_setup_teardown(test_limits, setup_lesson, teardown),
        cmocka_unit_test(test_other_models),
        cmocka_unit_test(test_long_vocabulary),
        cmocka_unit_test_setup_teardown(test_ascii_names, setup_lesson, teardown),
        cmocka_unit_test_setup_teardown(test_ascii_briefs, setup_lesson, teardown),
        cmocka_unit_test_setup_teardown(test_turkish_locale, setup_lesson, teardown),
    };
    return cmocka_run_group_tests_name("spell", tests, NULL, NULL);
}

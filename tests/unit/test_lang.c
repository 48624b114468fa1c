/* test_lang.c — unit tests for the system's error texts in both languages (src/lang.c).
 * Owns: every errno a user meets on files and terminals has its Chinese text; the fallback
 * names the number; English is strerror()'s. Must not touch: the locale, any file. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "lang.h"
#include "text.h"

/* The errno values the program can pass on from a file, a pipe or a terminal. */
static const int file_errors[] = {
    ENOENT, EACCES, EPERM, EISDIR, ENOTDIR, ENOSPC, EDQUOT, EFBIG, EEXIST, ELOOP, EROFS,
    ENAMETOOLONG, EMFILE, ENFILE, EIO, ENOMEM, ENXIO, ETXTBSY, EBUSY, EINVAL, EPIPE, EAGAIN,
    EINTR, ENOTTY, EBADF, ESPIPE, EXDEV, ENODEV, ENOTEMPTY, EMLINK, EOVERFLOW, ERANGE, EILSEQ,
    ENOSYS, EOPNOTSUPP, ESTALE, ETIMEDOUT, ECONNRESET, ENOLCK, ENOBUFS, EDEADLK, E2BIG,
};
#define FILE_ERRORS (sizeof file_errors / sizeof file_errors[0])

/* True when s holds an ASCII letter. */
static int has_latin(const char *s)
{
    for (; *s; s++)
        if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z'))
            return 1;
    return 0;
}

/* Every listed errno: its own Chinese text (not the fallback), valid UTF-8, no Latin
 * letter, and no two errors with the same text. */
static void test_every_file_error_has_chinese(void **state)
{
    (void)state;
    char seen[FILE_ERRORS][LANG_ERROR_BYTES];
    for (size_t i = 0; i < FILE_ERRORS; i++) {
        LangError e = lang_strerror(LANG_ZH, file_errors[i]);
        if (strncmp(e.text, "系统错误", strlen("系统错误")) == 0 || has_latin(e.text))
            fail_msg("errno %d has no Chinese text: \"%s\"", file_errors[i], e.text);
        assert_true(text_valid_utf8(e.text, strlen(e.text)));
        assert_true(text_width(e.text) >= 4);           /* two Chinese characters at least */
        for (size_t j = 0; j < i; j++)
            if (strcmp(seen[j], e.text) == 0)
                fail_msg("errno %d and %d say the same: \"%s\"", file_errors[j], file_errors[i], e.text);
        snprintf(seen[i], sizeof seen[i], "%s", e.text);
    }
}

/* The texts a user reads most, exactly. */
static void test_common_texts(void **state)
{
    (void)state;
    assert_string_equal(lang_strerror(LANG_ZH, ENOENT).text, "没有这个文件或目录");
    assert_string_equal(lang_strerror(LANG_ZH, EACCES).text, "没有权限");
    assert_string_equal(lang_strerror(LANG_ZH, EISDIR).text, "这是一个目录");
    assert_string_equal(lang_strerror(LANG_ZH, ENOSPC).text, "磁盘空间不足");
    assert_string_equal(lang_strerror(LANG_ZH, EFBIG).text, "文件太大（超出了文件大小的上限）");
    assert_string_equal(lang_strerror(LANG_ZH, EPIPE).text, "管道已断开（读的一方已经关闭）");
}

/* An errno without a text of its own, and numbers no errno has: the number, in Chinese. */
static void test_fallback_names_the_number(void **state)
{
    (void)state;
    assert_string_equal(lang_strerror(LANG_ZH, EPROTO).text, "系统错误（errno 71）");
    assert_string_equal(lang_strerror(LANG_ZH, 0).text, "系统错误（errno 0）");
    assert_string_equal(lang_strerror(LANG_ZH, -5).text, "系统错误（errno -5）");
    assert_string_equal(lang_strerror(LANG_ZH, 99999).text, "系统错误（errno 99999）");
}

/* English is strerror()'s, whole; LANG_AUTO (not resolved) speaks English too. */
static void test_english_is_strerror(void **state)
{
    (void)state;
    for (size_t i = 0; i < FILE_ERRORS; i++) {
        assert_string_equal(lang_strerror(LANG_EN, file_errors[i]).text, strerror(file_errors[i]));
        assert_string_equal(lang_strerror(LANG_AUTO, file_errors[i]).text, strerror(file_errors[i]));
    }
    assert_string_equal(lang_strerror(LANG_EN, ENOENT).text, "No such file or directory");
}

/* The text lives to the end of the statement it stands in: it can be a printf argument. */
static void test_text_as_an_argument(void **state)
{
    (void)state;
    char line[256];
    snprintf(line, sizeof line, "%s：%s", "a.cast", lang_strerror(LANG_ZH, EROFS).text);
    assert_string_equal(line, "a.cast：文件系统是只读的");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_file_error_has_chinese),
        cmocka_unit_test(test_common_texts),
        cmocka_unit_test(test_fallback_names_the_number),
        cmocka_unit_test(test_english_is_strerror),
        cmocka_unit_test(test_text_as_an_argument),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

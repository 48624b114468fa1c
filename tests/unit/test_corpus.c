/* test_corpus.c — unit tests for the poem corpus reader (src/corpus.c).
 * Owns: the corpus rule (entries, titles and authors dropped, colour codes and blanks removed,
 * the end mark), the held-out rule, the vocabulary's order, each refusal's one line, and the
 * Debian file's counts where it is installed. Must not touch: files outside tests/. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "corpus.h"

#ifndef TESTS_DIR
#define TESTS_DIR "tests"
#endif

/* n entries "《title i》\n作者：x\nBODY\n%\n" with body `body`; into a malloc'd string. */
static char *entries(int n, const char *body)
{
    size_t cap = (size_t)n * (strlen(body) + 64) + 1;
    char *s = malloc(cap);
    size_t used = 0;
    for (int i = 0; i < n; i++)
        used += (size_t)snprintf(s + used, cap - used, "《题%d》\n作者：某\n%s\n%%\n", i, body);
    return s;
}

/* The poem's characters joined, the end mark included. */
static void poem_text(const Corpus *c, int p, char *buf, size_t cap)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i <= c->poem[p].length; i++)
        used += (size_t)snprintf(buf + used, cap - used, "%s", c->vocab[c->tokens[c->poem[p].start + i]]);
}

static void test_rule(void **state)
{
    (void)state;
    const char text[] =
        "\x1b[32m《静夜思》\x1b[m\n\x1b[33m作者：李白\x1b[m\n"
        "床前明月光，疑是地上霜。\r\n"
        "举头 望明月，\t低头思\xE3\x80\x80故乡。\n"
        "%\n"
        "《空》\n作者：无\n"
        "%\n"
        "《二》\n作者：某\n\x1b[1;31m月\x1b[0m光\n%\n"
        "《三》\n作者：某\n光\n%\n《四》\n作者：某\n光\n%\n《五》\n作者：某\n光\n%\n《六》\n作者：某\n光\n%\n"
        "《七》\n作者：某\n光\n%\n《八》\n作者：某\n光\n%\n《九》\n作者：某\n光\n%\n《十》\n作者：某\n月\n%\n"
        "《十一》\n作者：某\n月\n";   /* no closing %: the end of the file closes it */
    Corpus c;
    char err[256];
    assert_int_equal(corpus_parse(text, sizeof text - 1, "t", LANG_EN, &c, err, sizeof err), 0);
    assert_int_equal(c.poems, 11);   /* the empty entry is no poem */
    char buf[512];
    poem_text(&c, 0, buf, sizeof buf);
    assert_string_equal(buf, "床前明月光，疑是地上霜。举头望明月，低头思故乡。〓");
    poem_text(&c, 1, buf, sizeof buf);
    assert_string_equal(buf, "月光〓");
    /* the vocabulary: first appearance, the end mark last */
    assert_string_equal(c.vocab[0], "床");
    assert_string_equal(c.vocab[c.vocab_size - 1], CORPUS_END_MARK);
    assert_int_equal(c.end_mark, c.vocab_size - 1);
    assert_int_equal(corpus_find_char(&c, "霜"), 10);
    assert_int_equal(corpus_find_char(&c, "雪"), -1);
    /* held out: poem 9 only */
    for (int i = 0; i < c.poems; i++)
        assert_int_equal(c.poem[i].held_out, i == 9);
    assert_int_equal(c.held_out, 1);
    assert_int_equal(c.tokens_count, 25 + 3 + 8 * 2 + 2);
    assert_string_equal(c.sha256, "");
    corpus_free(&c);
    corpus_free(&c);   /* safe twice */
}

static void test_line_end_and_tiny_file(void **state)
{
    (void)state;
    assert_true(corpus_line_end("，"));
    assert_true(corpus_line_end("；"));
    assert_false(corpus_line_end("、"));
    assert_false(corpus_line_end("月"));
    Corpus c;
    char err[256];
    assert_int_equal(corpus_load_file(TESTS_DIR "/corpus/tiny.txt", LANG_EN, &c, err, sizeof err), 0);
    assert_int_equal(c.poems, 12);
    assert_int_equal(c.held_out, 1);
    assert_int_equal(strlen(c.sha256), 64);
    char buf[256];
    poem_text(&c, 0, buf, sizeof buf);
    assert_string_equal(buf, "床前明月光，疑是地上霜。举头望明月，低头思故乡。〓");
    corpus_free(&c);
}

/* Each refusal: one line naming the file. */
static void refused(const char *text, size_t len, const char *want)
{
    Corpus c;
    char err[512];
    assert_int_equal(corpus_parse(text, len, "p.txt", LANG_EN, &c, err, sizeof err), -1);
    assert_string_equal(err, want);
    assert_null(c.tokens);
    assert_null(strchr(err, '\n'));
}

static void test_refusals(void **state)
{
    (void)state;
    refused("", 0, "p.txt: 0 poems: a corpus needs at least 10 (entries between lines that are exactly %, "
            "each after its title and author lines)");
    char *nine = entries(9, "月光");
    refused(nine, strlen(nine), "p.txt: 9 poems: a corpus needs at least 10 (entries between lines that are "
            "exactly %, each after its title and author lines)");
    free(nine);
    refused("a\nb\n\xff\xfe\n", 7, "p.txt:3: not UTF-8 (a corpus is UTF-8 text)");
    char *bell = entries(10, "月\a光");
    refused(bell, strlen(bell), "p.txt:3: control character U+0007: this is not a text corpus");
    free(bell);
    char *hash = entries(10, "月#光");
    refused(hash, strlen(hash), "p.txt:3: \"#\" cannot be in a model's vocabulary (the model format reads it "
            "as a comment or a section)");
    free(hash);
    char *mark = entries(10, "月〓光");
    refused(mark, strlen(mark), "p.txt:3: the corpus holds the end mark 〓 (U+3013) itself: it is kept for "
            "the end of a poem");
    free(mark);
    /* a NUL, and the fuzz target's find: a corpus of NULs only, read as ten empty poems */
    char *nul = entries(10, "月@光");
    size_t nul_len = strlen(nul);
    for (char *at = nul; (at = strchr(at, '@')) != NULL; at++)
        *at = '\0';
    refused(nul, nul_len, "p.txt:3: control character U+0000: this is not a text corpus");
    free(nul);
    char *zw = entries(10, "月\xE2\x80\x8B光");
    refused(zw, strlen(zw), "p.txt:3: character U+200B cannot be in a model's vocabulary: it is not a printable character");
    free(zw);
}

/* 4095 distinct characters are taken, the 4096th refused. */
static void test_too_many_characters(void **state)
{
    (void)state;
    for (int distinct = 4095; distinct <= 4096; distinct++) {
        size_t cap = (size_t)distinct * 3 + 1024, used = 0;
        char *text = malloc(cap);
        used += (size_t)snprintf(text, cap, "t\na\n");
        for (int k = 0; k < distinct; k++) {   /* the first poem holds them all: U+4E00 onwards */
            unsigned cp = 0x4E00u + (unsigned)k;
            text[used++] = (char)(0xE0 | (cp >> 12));
            text[used++] = (char)(0x80 | ((cp >> 6) & 0x3F));
            text[used++] = (char)(0x80 | (cp & 0x3F));
        }
        used += (size_t)snprintf(text + used, cap - used, "\n%%\n");
        for (int i = 1; i < 10; i++)
            used += (size_t)snprintf(text + used, cap - used, "t\na\n一\n%%\n");
        Corpus c;
        char err[256];
        int r = corpus_parse(text, used, "p.txt", LANG_EN, &c, err, sizeof err);
        if (distinct == 4095) {
            assert_int_equal(r, 0);
            assert_int_equal(c.vocab_size, 4096);
            corpus_free(&c);
        } else {
            assert_int_equal(r, -1);
            assert_string_equal(err, "p.txt:3: more than 4095 distinct characters: a model's vocabulary holds "
                                "at most 4096 with the end mark");
        }
        free(text);
    }
}

static void test_files(void **state)
{
    (void)state;
    Corpus c;
    char err[512];
    assert_int_equal(corpus_load_file("/nonexistent/poems", LANG_EN, &c, err, sizeof err), -1);
    assert_string_equal(err, "/nonexistent/poems: cannot read: No such file or directory");
    assert_int_equal(corpus_load_file("/dev/null", LANG_EN, &c, err, sizeof err), -1);
    assert_string_equal(err, "/dev/null: not a regular file (a corpus is read from a file, not a pipe or a device)");
    assert_int_equal(corpus_load_file("/nonexistent/poems", LANG_ZH, &c, err, sizeof err), -1);
    assert_string_equal(err, "/nonexistent/poems：读不了：没有这个文件或目录");
    /* over 16 MiB: refused before it is read */
    char path[] = "/tmp/attn-corpus-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, (off_t)CORPUS_MAX_BYTES + 1), 0);
    close(fd);
    assert_int_equal(corpus_load_file(path, LANG_EN, &c, err, sizeof err), -1);
    char want[256];
    snprintf(want, sizeof want, "%s: larger than 16 MiB: not a poem corpus", path);
    assert_string_equal(err, want);
    unlink(path);
}

/* Debian's 唐诗三百首, where fortunes-zh is installed: 313 poems, 31 held out, 2 500 characters. */
static void test_debian_file(void **state)
{
    (void)state;
    if (access(CORPUS_DEFAULT_PATH, R_OK) != 0)
        skip();
    Corpus c;
    char err[256];
    assert_int_equal(corpus_load_file(NULL, LANG_EN, &c, err, sizeof err), 0);
    assert_int_equal(c.poems, 313);
    assert_int_equal(c.held_out, 31);
    assert_int_equal(c.vocab_size, 2500);
    assert_int_equal(c.tokens_count, 23080 + 313);
    int night = -1;   /* 《夜思》 stays in training */
    for (int p = 0; p < c.poems; p++)
        if (strcmp(c.vocab[c.tokens[c.poem[p].start]], "床") == 0 &&
            strcmp(c.vocab[c.tokens[c.poem[p].start + 1]], "前") == 0)
            night = p;
    assert_int_equal(night, 217);
    assert_false(c.poem[night].held_out);
    corpus_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rule),
        cmocka_unit_test(test_line_end_and_tiny_file),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_too_many_characters),
        cmocka_unit_test(test_files),
        cmocka_unit_test(test_debian_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

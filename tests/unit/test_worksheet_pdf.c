/* test_worksheet_pdf.c — the worksheet as a PDF through the module (attn-tui-pdf.so, built
 * beside the program when pangocairo is there): a PDF comes out, laid out as the module says
 * (the key on pages of its own after the questions'), more questions take more pages, the
 * same sheet gives the same pages; without the module, the packages to install are named.
 * Under ASan the module's fontconfig caches are left to tests/lsan.supp.
 * Must not touch: the terminal; it writes no file (the PDF goes to memory). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "worksheet.h"

#define MODULE "./attn-tui-pdf.so"   /* make builds it at the top of the tree, where tests run */

/* The sheet of n questions (with the key when answers) in lang as a PDF in memory: its
 * status, its bytes (caller frees), its pages. */
static WorksheetPdfStatus pdf_of(const Trace *tr, int n, bool answers, Lang lang, char **buf, size_t *len,
                                 WorksheetPdfPages *pages, char *err, size_t cap)
{
    FILE *f = open_memstream(buf, len);
    assert_non_null(f);
    WorksheetOptions o = { n, 1, answers, lang };
    WorksheetPdfStatus st = worksheet_write_pdf(f, tr, &o, pages, err, cap);
    assert_int_equal(fclose(f), 0);
    return st;
}

static void test_sheet_as_pdf(void **state)
{
    Fixture *f = *state;
    if (access(MODULE, R_OK) != 0)
        skip();   /* no pangocairo where this was built: the command-line test says so */
    setenv("ATTN_PDF_MODULE", MODULE, 1);
    char *buf = NULL, err[512] = "";
    size_t len = 0;
    WorksheetPdfPages few, many, again;
    for (int lang = LANG_EN; lang <= LANG_ZH; lang++) {
        assert_int_equal(pdf_of(&f->ls.tr, 3, true, (Lang)lang, &buf, &len, &few, err, sizeof err), WORKSHEET_PDF_OK);
        assert_true(len > 1000 && memcmp(buf, "%PDF-", 5) == 0);
        assert_non_null(strstr(buf + len - 8, "%%EOF"));
        free(buf);
        /* three questions on one page, their key on the next */
        assert_int_equal(few.question_pages, 1);
        assert_int_equal(few.key_pages, 1);
        assert_int_equal(few.pages, 2);
        assert_int_equal(pdf_of(&f->ls.tr, 40, true, (Lang)lang, &buf, &len, &many, err, sizeof err), WORKSHEET_PDF_OK);
        free(buf);
        assert_true(many.question_pages > few.question_pages && many.key_pages > few.key_pages);
        assert_int_equal(many.pages, many.question_pages + many.key_pages);
        assert_int_equal(pdf_of(&f->ls.tr, 40, true, (Lang)lang, &buf, &len, &again, err, sizeof err), WORKSHEET_PDF_OK);
        free(buf);
        assert_memory_equal(&again, &many, sizeof many);
        /* without --answers: the questions' pages only */
        assert_int_equal(pdf_of(&f->ls.tr, 40, false, (Lang)lang, &buf, &len, &again, err, sizeof err), WORKSHEET_PDF_OK);
        free(buf);
        assert_int_equal(again.pages, many.question_pages);
        assert_int_equal(again.key_pages, 0);
    }
    unsetenv("ATTN_PDF_MODULE");
}

static void test_without_the_module(void **state)
{
    Fixture *f = *state;
    setenv("ATTN_PDF_MODULE", "/nonexistent/attn-tui-pdf.so", 1);
    char *buf = NULL, err[512] = "";
    size_t len = 0;
    WorksheetPdfPages pages;
    assert_int_equal(pdf_of(&f->ls.tr, 3, false, LANG_EN, &buf, &len, &pages, err, sizeof err),
                     WORKSHEET_PDF_NO_MODULE);
    assert_int_equal(len, 0);
    free(buf);
    assert_string_equal(err, "--format pdf needs attn-tui-pdf.so, built when pangocairo is installed: "
                             "apt-get install libpango1.0-dev libcairo2-dev fonts-noto-cjk, then make");
    assert_int_equal(pdf_of(&f->ls.tr, 3, false, LANG_ZH, &buf, &len, &pages, err, sizeof err),
                     WORKSHEET_PDF_NO_MODULE);
    free(buf);
    assert_string_equal(err, "--format pdf 需要 attn-tui-pdf.so，装好 pangocairo 后才会生成："
                             "先 apt-get install libpango1.0-dev libcairo2-dev fonts-noto-cjk，再 make");
    unsetenv("ATTN_PDF_MODULE");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_sheet_as_pdf, fixture_setup, fixture_teardown),
        cmocka_unit_test_setup_teardown(test_without_the_module, fixture_setup, fixture_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* worksheet_pdf.h — a worksheet as pages to print: the document the program builds
 * (worksheet.c: every word and number already in the sheet's language) and the one call
 * the PDF module answers (src/pdf/worksheet_pdf.c, built as attn-tui-pdf.so when
 * pkg-config finds pangocairo, loaded with dlopen only for --format pdf, so the program's
 * start pays nothing for cairo, pango and fontconfig).
 * Owns: the interface between the two (plain strings and numbers, no type of the program's),
 * and finding and loading the module (worksheet_pdf_write). Must not touch: the terminal. */
#ifndef ATTN_WORKSHEET_PDF_H
#define ATTN_WORKSHEET_PDF_H

#include <stddef.h>
#include <stdio.h>

#include "lang.h"

#define WORKSHEET_PDF_ABI 1                        /* the layout of the structs below */
#define WORKSHEET_PDF_SYMBOL "attn_worksheet_pdf_write"
#define WORKSHEET_PDF_MODULE "attn-tui-pdf.so"    /* its file, beside the program or in
                                                     ATTN_PKGLIBDIR (make install) */
#define WORKSHEET_PDF_PACKAGES "libpango1.0-dev libcairo2-dev fonts-noto-cjk"
#define WORKSHEET_PDF_MAX_LINES 160                /* lines of one item, at most */

/* One question, or its worked answer in the key: never split across two pages. */
typedef struct {
    int number;                                    /* its number on the sheet, 1.. */
    const char *before;                            /* a note set above it (the questions
                                                      start repeating here), or NULL */
    const char *text;                              /* its sentence, a paragraph (wrapped) */
    const char *lines[WORKSHEET_PDF_MAX_LINES];    /* its numbers: lines in a fixed-width
                                                      font, as the text sheet aligns them */
    int n_lines;                                   /* how many */
    int box_lines;                                 /* a box to write in, this many lines
                                                      high (0: none, the key's items) */
} WorksheetPdfItem;

/* The whole sheet: the questions' pages, then (with a key) the key from a page of its own. */
typedef struct {
    int abi;                          /* WORKSHEET_PDF_ABI */
    const char *language;             /* pango's language tag: "en" or "zh-cn" */
    const char *title;                /* the sheet's title, bold */
    const char *subtitle;             /* the sentence, how many questions, the seed */
    const char *fields[3];            /* the lines a student fills in: name, class, date */
    const char *instructions;         /* how to answer (a paragraph) */
    const char *box_label;            /* the word in a box's corner ("Answer", "答") */
    const char *page_format;          /* the footer: a printf format of the page and the count */
    const char *key_title;            /* the key's heading, or NULL: no key */
    const char *pdf_title;            /* the PDF's title (its metadata) */
    int n_questions;                  /* items in questions */
    const WorksheetPdfItem *questions;
    int n_answers;                    /* items in answers (0 without a key) */
    const WorksheetPdfItem *answers;
} WorksheetPdfDoc;

/* How the module laid the sheet out. */
typedef struct {
    int pages;                        /* pages written, the key's included */
    int question_pages;               /* of them the questions' (from page 1) */
    int key_pages;                    /* of them the key's (after the questions') */
} WorksheetPdfPages;

/* The module's one function, WORKSHEET_PDF_SYMBOL: lays doc out on A4 pages and writes the
 * PDF to out. Returns 0, or -1 with one line in err (in the sheet's language when it is
 * the module's own; cairo's status words otherwise). */
typedef int (*WorksheetPdfWriteFn)(const WorksheetPdfDoc *doc, FILE *out, WorksheetPdfPages *pages,
                                   char *err, size_t cap);

/* What loading the module gave. */
typedef enum {
    WORKSHEET_PDF_OK = 0,       /* written */
    WORKSHEET_PDF_NO_MODULE,    /* no module found, or not one of this program: err names the
                                   packages to install (the program exits 2) */
    WORKSHEET_PDF_FAILED        /* the module could not write it: err says why */
} WorksheetPdfStatus;

/* Finds the module (ATTN_PDF_MODULE in the environment when set, else beside the running
 * program, else ATTN_PKGLIBDIR), loads it and has it write doc to out. */
WorksheetPdfStatus worksheet_pdf_write(const WorksheetPdfDoc *doc, FILE *out, WorksheetPdfPages *pages,
                                       Lang lang, char *err, size_t cap);

#endif

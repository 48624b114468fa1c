/* worksheet.h — `--worksheet N [--seed S] [--answers]`: practice questions for paper.
 * Owns: the sheet's plain-text layout (80 columns) in English or Chinese, and the document
 * of its PDF; the questions, their numbers and their solutions come from quiz.h, the layout
 * on paper from the PDF module. Must not touch: the terminal. */
#ifndef ATTN_WORKSHEET_H
#define ATTN_WORKSHEET_H

#include <stdbool.h>
#include <stdio.h>
#include "engine.h"
#include "lang.h"
#include "worksheet_pdf.h"

#define WORKSHEET_COLUMNS 80   /* every line of a sheet fits this width (when d ≤ 8) */

/* How a sheet is printed. */
typedef struct {
    int questions;               /* how many, 1.. */
    unsigned long long seed;     /* the sequence's seed (quiz.h) */
    bool answers;                /* the key: each worked solution, ending "answer N: VALUE" */
    Lang lang;                   /* LANG_EN or LANG_ZH */
} WorksheetOptions;

/* What a sheet says before the first question that repeats one asked before (no question
 * repeats while another kind or cell is left: quiz.h). */
const char *worksheet_repeats(Lang lang);

/* Writes the sheet about trace tr to f. Returns 0, or errno of the failed write. */
int worksheet_write(FILE *f, const Trace *tr, const WorksheetOptions *o);

/* Writes the same sheet as a PDF to f through the PDF module (worksheet_pdf.h): the same
 * questions, each with a box to write in, the key (with o->answers) from a page of its own;
 * *pages says how it was laid out. NO_MODULE: err names the packages to install. */
WorksheetPdfStatus worksheet_write_pdf(FILE *f, const Trace *tr, const WorksheetOptions *o,
                                       WorksheetPdfPages *pages, char *err, size_t cap);

#endif

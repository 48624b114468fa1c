/* quiz_text.h — a practice question's words: the prompt with its operands as printed (as a
 * worksheet prints them, or fitted to a screen's width), the worked solution whose every
 * line holds from the printed numbers, the known mistakes with what each gives, the right
 * value and its precision as an answer writes them (English, Chinese).
 * Owns: the text of src/quiz_text.c. Must not touch: the terminal, drawing, any state,
 * the arithmetic (the question's numbers are quiz.c's, every check check.h's). */
#ifndef ATTN_QUIZ_TEXT_H
#define ATTN_QUIZ_TEXT_H

#include "quiz.h"

#define QUIZ_MAX_LINES 48      /* lines of a prompt or a solution */
#define QUIZ_LINE_BYTES 192    /* bytes of one line (at most 78 columns when d ≤ 8) */

/* Lines of text (no newlines in a line). */
typedef struct {
    int n;                                     /* lines used */
    char line[QUIZ_MAX_LINES][QUIZ_LINE_BYTES]; /* the lines, UTF-8 */
} QuizText;

#define QUIZ_SHEET_COLUMNS 76   /* the columns of a sheet's lines after its indent */

/* The question and its operands as printed: a sentence saying what to compute and to which
 * precision, then the numbers (vectors 8 to a line), as the sheet prints them. */
void quiz_prompt(const Trace *tr, const QuizQuestion *q, Lang lang, QuizText *out);

/* The same with the operands' lines at most cols columns wide (a screen narrower than the
 * sheet): vectors in blocks of fewer columns, each block headed by its column numbers and
 * its labels repeated, the characters' rows the same way; a projection then prints the
 * column of W its sum takes rather than all of W. The sentence is one line (to be wrapped).
 * cols of QUIZ_SHEET_COLUMNS or more: quiz_prompt's lines. */
void quiz_prompt_fit(const Trace *tr, const QuizQuestion *q, Lang lang, int cols, QuizText *out);

/* The worked solution: each line an equation that holds from the printed numbers, ending
 * with the right value; then (when any) the known mistakes with what each gives. */
void quiz_solution(const Trace *tr, const QuizQuestion *q, Lang lang, QuizText *out);

/* The right value as an answer is written: "4.05", "0.375", "52.4%". */
char *quiz_value_text(const QuizQuestion *q, double value, char *buf, size_t cap);

/* The words for the precision asked: "two decimals", "a percentage with one decimal". */
const char *quiz_precision_text(const QuizQuestion *q, Lang lang);

#endif

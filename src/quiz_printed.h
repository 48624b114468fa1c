/* quiz_printed.h — the numbers a practice question prints, as the learner reads them back:
 * what the question's right value (quiz.c) and its worked solution (quiz_text.c) are both
 * redone from, so that every line of a solution holds.
 * Owns: nothing outside src/quiz*.c (internal). Must not touch: the terminal, drawing. */
#ifndef ATTN_QUIZ_PRINTED_H
#define ATTN_QUIZ_PRINTED_H

#include <stdbool.h>
#include "check.h"
#include "quiz.h"

#define QUIZ_SCALE_DIGITS 6     /* decimals √dh is printed with (2.828427) */
#define QUIZ_EXP_DIGITS 3       /* decimals of e^(s − max) */
#define QUIZ_PRINTS_ALL_OF_W 8  /* widest W a prompt prints whole (its columns fit a sheet's line) */
#define QUIZ_COSINE_DIGITS 4    /* decimals every screen shows a cosine with (0.9855) */

/* v as printed with `digits` decimals. */
double quiz_printed(double v, int digits);

/* A share as printed, "52.4%", read back as a fraction (0.524). */
double quiz_printed_share(double share);

/* Σ a·b of n terms as printed with da and db decimals (exact). */
double quiz_printed_sum(const ExplainTerm *terms, int n, int da, int db);

/* Row t of the softmax of head h, recomputed from scores printed with raw_digits (divided by
 * the printed √dh and rounded again to scaled_digits when divide), e^ at exp_digits (one more
 * than scaled_digits; < 0: not rounded); share s in percent. */
void quiz_printed_row_share(const Trace *tr, int h, int t, int s, bool divide, int exp_digits,
                            int raw_digits, int scaled_digits, CheckedShare *c);

/* e^(s − max) of q's row from the ÷√dh row as printed (q->digits_b decimals), or from the
 * raw row (q->digits_a) when raw. */
void quiz_exp_row(const Trace *tr, const QuizQuestion *q, bool raw, CheckedShare *c);

#endif

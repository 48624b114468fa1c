/* check.h — the hand checks a screen prints, made to hold as printed. A student redoes a
 * line with a calculator from the numbers on screen; so every operand is rounded as it is
 * shown, the result is recomputed from those rounded operands, and where that differs in
 * its last shown digit from the true value (shown elsewhere on screen) the screen says ≈.
 * Owns: that arithmetic. Must not touch: formatting strings, the terminal, drawing. */
#ifndef ATTN_CHECK_H
#define ATTN_CHECK_H

#include <stdbool.h>
#include "engine.h"

#define CHECK_MAX_TERMS MODEL_MAX_D   /* a sum has at most d (≤ 512) or T (≤ 16) terms */
#define CHECK_EXTRA_DIGITS 3          /* decimals a check may add to make "=" hold */
#define CHECK_TABLE_DIGITS 2          /* decimals of a vector or a score in the tables: a value
                                         a check explains with more decimals is shown with
                                         these elsewhere, and its "=" holds at both */

/* A sum of products Σ a·b, as printed: "lhs = a0×b0 + a1×b1 + … = sum". */
typedef struct CheckedSum {
    int n;                        /* terms */
    int digits_a;                 /* decimals the left operands are printed with */
    int digits_b;                 /* decimals the right operands are printed with */
    double a[CHECK_MAX_TERMS];    /* left operands, rounded as printed */
    double b[CHECK_MAX_TERMS];    /* right operands, rounded as printed */
    double sum;                   /* Σ a·b of the printed operands (exact at sum_digits) */
    int sum_digits;               /* digits_a + digits_b: the sum's exact decimals */
    double value;                 /* the true value the sum explains */
    int value_digits;             /* decimals the true value is shown with elsewhere */
    bool same;                    /* sum rounds to value at value_digits: "=" holds as is;
                                     false: the screen adds "≈ value" */
} CheckedSum;

/* Fills c from n explained terms, operands printed with at least digits_a and digits_b
 * decimals (a share printed as "52.4%" has digits_a = 3), explaining value shown with
 * value_digits. Where the printed sum would round elsewhere than value, the operands get
 * one more decimal, up to CHECK_EXTRA_DIGITS more: those of a side that is not already
 * exact at its decimals (a model weight of two decimals keeps them). Only if that is not
 * enough is `same` false (and the screen says ≈); no screen of the lesson's model reaches
 * that on six or sixteen characters. */
void check_sum(CheckedSum *c, const ExplainTerm *terms, int n, int digits_a, int digits_b,
               double value, int value_digits);

/* output(t)[dim] = Σ share × V(·)[dim] as printed: shares with 3 decimals of 1 (52.4%) or
 * the fewest more that make the check hold for every dimension (so the share row reads the
 * same whichever dimension is worked), V with 2 decimals or the fewest more for dim. */
void check_output(CheckedSum *c, const Trace *tr, int t, int dim);

/* The same with the operands printed exactly with digits_a and digits_b decimals: for a
 * screen that shows the operands elsewhere too (a vector row above the check), so that the
 * check uses the very numbers shown; `same` false then means the screen says ≈. */
void check_sum_as_shown(CheckedSum *c, const ExplainTerm *terms, int n, int digits_a,
                        int digits_b, double value, int value_digits);

/* One share of a softmax row, as printed: share(s) = e^(scaled(s) − max) / Σ_u e^(…). */
typedef struct {
    int n;                                 /* characters in the row */
    int s;                                 /* the share explained */
    bool visible[MODEL_MAX_TOKENS];        /* columns the mask leaves */
    int scaled_digits;                     /* decimals of the printed scores (2, or more
                                              when needed for "=" to hold) */
    double scaled[MODEL_MAX_TOKENS];       /* each ÷√d score, rounded as printed */
    double max;                            /* the largest printed visible score */
    double exps[MODEL_MAX_TOKENS];         /* e^(scaled − max) of the printed scores, rounded to
                                              exp_digits (0 where masked) */
    int exp_digits;                        /* decimals of the printed exps */
    double sum;                            /* Σ printed exps (exact at exp_digits) */
    double share;                          /* exps[s] / sum, as the student gets it */
    double value;                          /* the true share */
    bool same;                             /* share and value round to the same 0.1 %:
                                              false: the screen adds "≈ value" */
} CheckedShare;

#define CHECK_EXP_DIGITS 3   /* decimals of e^(s − max) on screen (one more than the scores) */

/* Fills c for share_h(t, s) of trace tr: scores printed with 2 decimals and exps with 3,
 * or as many more (up to CHECK_EXTRA_DIGITS) as it takes for every share of the row
 * recomputed from them to round to the true one at 0.1 %: the row's table prints the same
 * numbers whichever share is worked, on every screen (等's row: 1.432 … Σ 1.9084). */
void check_share(CheckedShare *c, const Trace *tr, int h, int t, int s);

/* The same with the scores at exactly 2 decimals and the exps at 3, as a table beside the
 * check shows them; `same` false then means the screen says ≈. */
void check_share_as_shown(CheckedShare *c, const Trace *tr, int h, int t, int s);

/* The sum of a row of shares each rounded to 0.1 % as printed (e.g. 100.1 for 100.1 %). */
double check_percent_total(const double *shares, int n);

/* The same with each share rounded to `decimals` decimals of a percent (1: 52.4%). */
double check_percent_total_at(const double *shares, int n, int decimals);

/* ---------------------------------------------------------------- changes of a share */

/* How many points a share moved, as the two are printed (each rounded to 0.1 %): from
 * 19.6 % to 43.1 % is +23.5, exactly what a student gets from the printed figures. */
double check_percent_change(double from, double to);

/* ---------------------------------------------------------------- quotients */

/* A quotient as printed: "a ÷ b = quotient", e.g. a score ÷ √d: "4.05 ÷ 2.828427 = 1.43". */
typedef struct {
    double a;            /* the dividend, rounded as printed */
    int digits_a;        /* its decimals */
    double b;            /* the divisor, rounded as printed */
    int digits_b;        /* its decimals */
    double quotient;     /* a / b of the printed operands, rounded to value_digits */
    double value;        /* the true value the quotient explains */
    int value_digits;    /* decimals the quotient and the true value are shown with */
    bool same;           /* quotient equals value rounded to value_digits: "=" holds as
                            printed; false: the screen adds "≈ value" */
} CheckedQuotient;

/* Fills c for a ÷ b printed with digits_a and digits_b decimals, explaining value shown
 * with value_digits. A divisor that prints as zero gives quotient 0 and same = false. */
void check_quotient(CheckedQuotient *c, double a, int digits_a, double b, int digits_b,
                    double value, int value_digits);

/* The same with the dividend's decimals grown from digits_a (up to CHECK_EXTRA_DIGITS more)
 * until the printed quotient is the true one at value_digits: "4.0510 ÷ 2.828427 = 1.43". */
void check_quotient_grow(CheckedQuotient *c, double a, int digits_a, double b, int digits_b,
                         double value, int value_digits);

/* ---------------------------------------------------------------- quotients as printed */

/* A row of quotients printed beside their dividends (a table's "÷√8" row under its raw
 * scores): the fewest decimals, from `least` up to `most`, to print the dividends with so
 * that every printed dividend divided by the printed divisor (divisor_digits decimals),
 * rounded to result_digits, gives the quotient as printed (the true one rounded to
 * result_digits). `most` when none does. */
int check_dividend_digits(const double *dividends, const double *quotients, int n, double divisor,
                          int divisor_digits, int result_digits, int least, int most);

/* The decimals of head h's row t of ÷√d scores wherever a softmax may be redone from it:
 * check_share's (2, or more: 1.432 for 等's row), the same whichever share is worked. */
int check_scaled_digits(const Trace *tr, int h, int t);

/* The decimals of head h's row t of raw scores printed above that ÷√d row: the fewest, from
 * 2 up to `most`, whose quotients by √d (six decimals) give it at scaled_digits
 * (4.0510 ÷ 2.828427 = 1.432). */
int check_score_digits(const Trace *tr, int h, int t, int scaled_digits, int most);

/* ---------------------------------------------------------------- from printed numbers */

/* A share recomputed from scores already rounded as printed (a practice question's
 * operands): max over the visible ones, e^(score − max) rounded to exp_digits (or not at
 * all when exp_digits < 0), their sum and exps[s] / sum. c->value is that share too, and
 * c->scaled_digits is left 0: the caller knows how the scores were printed. */
void check_share_printed(CheckedShare *c, const double *scores, const bool *visible, int n,
                         int s, int exp_digits);

/* The cosine of two vectors printed with `digits` decimals, step by step as a hand check
 * writes it: dot = Σ a·b and the squared norms, exact at 2·digits decimals; the norms;
 * cos = dot ÷ (|a| × |b|) (0 when a norm is 0). */
typedef struct {
    double dot;     /* Σ a·b of the printed numbers */
    double aa;      /* Σ a² */
    double bb;      /* Σ b² */
    double na;      /* √aa */
    double nb;      /* √bb */
    double cosine;  /* dot ÷ (na × nb) */
} CheckedCosine;

void check_cosine_printed(CheckedCosine *c, const double *a, const double *b, int n, int digits);

/* The fewest decimals, from 2 up to 2 + CHECK_EXTRA_DIGITS, to print a and b with so that
 * their cosine redone from the printed numbers rounds to `value` at value_digits (output(等)
 * against V(加): 0.9851 from two decimals, 0.9855 — the lesson's — from three). */
int check_cosine_digits(const double *a, const double *b, int n, double value, int value_digits);

/* ---------------------------------------------------------------- LN₁ by hand */

/* LN₁'s hand check of x(t)[j] on a layer of a layered model (Trace.layered), as printed:
 * "mean = 0.0123, σ² = 0.4568, √(σ² + 1e-5) = 0.6759" then "x[j] = (in[j] − mean) ÷ std ×
 * γ[j] + β[j] = (0.1235 − 0.0123) ÷ 0.6759 × 1.0235 + 0.0123 = 0.18". Every operand is
 * rounded to `digits` decimals, grown from 4 (up to 4 + CHECK_EXTRA_DIGITS) until both "="
 * hold: the printed σ² gives the printed std, and the printed operands give x at
 * value_digits, as the tables print it. */
typedef struct {
    int digits;          /* decimals of every operand */
    double in;           /* the layer's input in[j], rounded as printed */
    double mean;         /* the row's mean */
    double var;          /* its population variance */
    double std;          /* √(variance + 1e-5), rounded as printed */
    double gain;         /* γ[j] */
    double bias;         /* β[j] */
    double x;            /* (in − mean) ÷ std × γ + β of the printed operands, rounded to
                            value_digits */
    double value;        /* the true x(t)[j] */
    int value_digits;    /* decimals x is printed with */
    bool same;           /* both "=" hold as printed; false: the screen says ≈ */
} CheckedNorm;

/* Fills c for row t, column j of tr (a layered layer's trace); false when tr is not one or
 * an index is out of range. */
bool check_norm(CheckedNorm *c, const Trace *tr, int t, int j, int value_digits);

#endif

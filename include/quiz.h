/* quiz.h — practice questions about the current forward pass: which number to compute, its
 * operands as printed, the right value recomputed from those printed operands, the answer
 * (typed.h reads it) graded, and the known mistake an answer matches. Their words (prompt,
 * worked solution) are quiz_text.h's.
 * Owns: the seeded question sequence, grading, the tally. Must not touch: the terminal,
 * drawing, any global state; arithmetic lives in engine/check. */
#ifndef ATTN_QUIZ_H
#define ATTN_QUIZ_H

#include <stdbool.h>
#include <stddef.h>
#include "engine.h"
#include "lang.h"
#include "typed.h"

/* ---------------------------------------------------------------- questions */

/* What a question asks for; the sequence asks them in this order, round after round. */
typedef enum {
    QUIZ_X = 0,          /* x(t)[j] = e(t)[j] + pe(t)[j] */
    QUIZ_PROJECTION,     /* Q, K or V (t)[j] = Σ_i x(t)[i] · W[i][j]: an 8-term sum */
    QUIZ_SCORE,          /* the raw score Q(t)·K(s) of one head */
    QUIZ_MIRRORED,       /* Q(s)·K(t): the mirror of the score just asked */
    QUIZ_SCALED,         /* score(t,s) ÷ √dh */
    QUIZ_EXP,            /* e^(scaled(t,s) − max of row t) */
    QUIZ_SHARE,          /* share(t,s) in percent, from the raw scores and √dh */
    QUIZ_OUTPUT,         /* output(t)[j] = Σ_s share(t,s) · V(s)[j] */
    QUIZ_COSINE,         /* cos(output(t), V(s)) */
    QUIZ_KIND_COUNT
} QuizKind;

/* The mistakes a wrong answer is matched against. */
typedef enum {
    QUIZ_MISTAKE_NO_SCALE = 0,   /* "forgot ÷√d" */
    QUIZ_MISTAKE_MIRRORED,       /* "the mirrored score": K(t)·Q(s) for Q(t)·K(s) */
    QUIZ_MISTAKE_OWN_V,          /* "the asker's own V" */
    QUIZ_MISTAKE_SWAPPED,        /* "row and column swapped" */
    QUIZ_MISTAKE_FRACTION,       /* "a fraction, not a percentage": 0.524 for 52.4% */
    QUIZ_MISTAKE_PERCENT,        /* "a percentage, not a fraction": 98.6 for 0.986 */
    QUIZ_MISTAKE_NO_POSITION,    /* "position fingerprint left out" (of x) */
    QUIZ_MISTAKE_WRONG_COLUMN,   /* "the wrong column of W" */
    QUIZ_MISTAKE_FEWER_DECIMALS, /* "rounded to fewer decimals than asked": -0.2 for -0.22
                                    (found by grading, never in a question's list) */
    QUIZ_MISTAKE_TRUNCATED,      /* "cut off, not rounded": 1.2% for 1.27% (likewise) */
    QUIZ_MISTAKE_COUNT
} QuizMistake;

#define QUIZ_MAX_MISTAKES 16  /* known mistakes one question can name */

/* A mistake's value on one question, in the question's own units (percent for a share). */
typedef struct {
    QuizMistake mistake;   /* which mistake */
    double value;          /* what it gives from the printed operands, rounded to `digits` */
    double truth;          /* what it gives at full precision (the tables' figure), rounded */
    int digits;            /* decimals it is compared at: the question's, but 2 more for "a
                              fraction" (0.524 of 52.4%) and 2 fewer for "a percentage" */
    bool percent;          /* written with '%' (the question's form, not the mistake's) */
    int column;            /* QUIZ_MISTAKE_WRONG_COLUMN: the column used; else -1 */
} QuizMistakeValue;

/* One question. Its operands are the trace's numbers rounded as printed (2 decimals, or as
 * many more as a sum of products needs to give the tables' value; a share 0.1 %), and the
 * right value is recomputed from them, so a hand calculation matches the tables. */
typedef struct {
    QuizKind kind;          /* what is asked */
    int number;             /* 1-based position in the sequence */
    Role role;              /* QUIZ_PROJECTION: Q, K or V */
    int t;                  /* the character: x/Q/K/V's row, the asker of a score or share */
    int s;                  /* the character answering (score, share), or V's row (cosine) */
    int j;                  /* the component (x, projection, output) */
    int head;               /* the head of a score, share or output (0 with one head) */
    bool masked;            /* the score's cell is hidden from softmax by the mask */
    int digits;             /* decimals asked: 2, 3 (e^…) or 1 (a percentage) */
    int digits_a;           /* decimals the prompt prints the left operands with (x, Q): 2, or
                               more where Σ a·b at 2 would not give the tables' value */
    int digits_b;           /* the same for the right operands (a W's column, K) */
    bool percent;           /* the answer is a percentage ("52.4" or "52.4%") */
    double right;           /* the right value from the printed operands, rounded to digits */
    double exact;           /* the same before that rounding (truncating is told from it) */
    double also_right;      /* also accepted: the value as the tables show it; for a sum of
                               products the same as right (its operands carry the decimals it
                               needs: Q(加)·K(等) = 2.08 both ways); for a share, the share
                               from unrounded ÷√d and e^ */
    double also_exact;      /* also_right before its rounding */
    int n_mistakes;         /* entries in mistakes */
    QuizMistakeValue mistakes[QUIZ_MAX_MISTAKES]; /* known mistakes whose value differs from right
                               and can be made from the numbers the prompt prints */
} QuizQuestion;

/* The seeded sequence. Generator (documented so a sheet can be re-derived): splitmix64 over a
 * 64-bit state that starts at the seed; each draw adds 0x9E3779B97F4A7C15 to the state and
 * mixes it; a choice among n is (draw >> 11) % n. Question i takes kind i % QUIZ_KIND_COUNT and
 * draws its cells in a fixed order, so the same seed gives the same questions in the same order
 * on the practice screen and on a worksheet. */
#define QUIZ_SEQ_MEMORY 512   /* questions a sequence remembers so as not to ask one again */

typedef struct {
    unsigned long long state;   /* splitmix64 state */
    int asked;                  /* questions made so far */
    int round;                  /* completed rounds of the kinds */
    int last_t;                 /* the last score's asker (the mirror swaps it), -1 */
    int last_s;                 /* the last score's answerer, -1 */
    int last_head;              /* the last score's head */
    int n_seen;                 /* questions in seen */
    unsigned seen[QUIZ_SEQ_MEMORY]; /* what each question asked (kind and cells, quiz.c's key):
                                    none is asked again while another kind or cell is left */
    int repeats_from;           /* the number of the first question asked again once every
                                   kind and cell had been asked (or the memory was full), or 0 */
} QuizSeq;

/* The seed used when none is given (--seed absent). */
#define QUIZ_DEFAULT_SEED 1ULL

void quiz_seq_init(QuizSeq *seq, unsigned long long seed);

/* What if: true when question q (its kind and cells) is about a score the learner set
 * (engine_score_set) — the score or its mirror, or ÷√d, e^ or a share of that row — whose
 * operands would print a number that is not Q·K under the name Q·K. quiz_next never asks one. */
bool quiz_about_set(const Trace *tr, const QuizQuestion *q);

/* Makes the next question about trace tr into *q: the kind the round asks for (the next one
 * when every cell of that kind has been asked), cells drawn until they make a question not
 * asked before (then the first one left, in order); when every kind and cell has been asked,
 * the sequence starts remembering afresh and seq->repeats_from says from which question. */
void quiz_next(QuizSeq *seq, const Trace *tr, QuizQuestion *q);

/* Makes the next question of kind about tr from seq (a kind's own sequence: the practice
 * history's due kinds are asked from one each, seeded with quiz_kind_seed). */
void quiz_next_of(QuizSeq *seq, const Trace *tr, QuizKind kind, QuizQuestion *q);

/* The seed of kind's own sequence under the practice seed `seed`. */
unsigned long long quiz_kind_seed(unsigned long long seed, QuizKind kind);

/* A kind's short name ("score", "÷√d", Chinese 「分数」…), as the practice screen lists the
 * kinds due. */
const char *quiz_kind_name(QuizKind kind, Lang lang);

/* Makes the question of one kind about given cells (a screen asking about the cell under its
 * cursor; the tests): t, s the characters, j the component, head the head (an output's head
 * is j's), role for QUIZ_PROJECTION; number its position (1-based). Indices must be in tr. */
void quiz_make(const Trace *tr, QuizKind kind, Role role, int t, int s, int j, int head,
               int number, QuizQuestion *q);

/* ---------------------------------------------------------------- grading */

/* What an answer is worth (the help's and docs' grading table). */
typedef enum {
    QUIZ_RIGHT = 0,        /* the answer at the decimals asked */
    QUIZ_RIGHT_NOTED,      /* more decimals than asked, rounding to the answer: right, and the
                              verdict says how many were asked */
    QUIZ_WRONG_NAMED,      /* wrong, and what went wrong is named (fewer decimals, cut off
                              instead of rounded, a fraction for a percentage, a known mistake
                              whose value the printed numbers give) */
    QUIZ_WRONG             /* wrong, nothing to name */
} QuizVerdict;

typedef struct {
    QuizVerdict verdict;                /* right, right with a note, wrong (named) */
    bool correct;                       /* verdict is QUIZ_RIGHT or QUIZ_RIGHT_NOTED */
    double value;                       /* the answer in the question's units (52.4 for 52.4%) */
    int decimals;                       /* decimals typed, in the question's units */
    int n_named;                        /* known mistakes the answer matches (0 when correct) */
    QuizMistake named[QUIZ_MAX_MISTAKES]; /* them, in the question's order */
    int column[QUIZ_MAX_MISTAKES];      /* for the wrong column: which column; else -1 */
} QuizGrade;

/* Grades an answer. For a percentage question "52.4" and "52.4%" both mean 52.4 %; for any
 * other question "98.6%" means 0.986. The rules, in this order:
 *   at the decimals asked it is the answer (0.5 for 0.50 too: zeros left off): right;
 *   with more decimals than asked, rounding to the answer: right, noted;
 *   with fewer decimals, the answer rounded to them: wrong, "fewer decimals";
 *   the answer cut off at the decimals typed (not rounded): wrong, "cut off";
 *   a known mistake's value (the question's list): wrong, that mistake named;
 *   anything else: wrong. */
void quiz_grade(const QuizQuestion *q, const TypedNumber *a, QuizGrade *g);

/* The mistake's name: English as the issue words it, Chinese in the lesson's words. */
const char *quiz_mistake_name(QuizMistake m, Lang lang);

/* The running score of a practice session. */
typedef struct {
    int asked;         /* questions answered or revealed */
    int correct;       /* answered right at the first try */
    int second;        /* answered right at the second try ("2nd try": wrong for the schedule) */
    int revealed;      /* Enter on an empty answer: the solution shown, counted as not answered */
    int streak;        /* right answers in a row, now */
    int best_streak;   /* the longest streak so far */
} QuizTally;

/* Counts one question: graded (g) at try 1 or 2, or revealed without an answer (g NULL).
 * A right second try counts in `second`, not in `correct`, and ends the streak. */
void quiz_tally_add(QuizTally *t, const QuizGrade *g, int try_number);

#endif

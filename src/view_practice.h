/* view_practice.h — the practice view's own state, for its tests: which question of the
 * seeded sequence is asked, the answer line, what was graded, the score and streak.
 * Owns: nothing outside src/view_practice.c (and its tests).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_VIEW_PRACTICE_H
#define ATTN_VIEW_PRACTICE_H

#include <stdbool.h>
#include "quiz.h"
#include "typed.h"
#include "ui.h"

#define PRACTICE_ANSWER_BYTES 32   /* the longest answer typed, and its NUL */

/* Where the question asked stands. */
typedef enum {
    PRACTICE_ASKING = 0,   /* waiting for an answer (the second try when `tries` is 1) */
    PRACTICE_GRADED,       /* an answer was graded: correct or wrong, the solution shown */
    PRACTICE_REVEALED      /* Enter on an empty line: the worked solution, not answered */
} PracticePhase;

/* What the seeded sequence's draws depend on besides the number of questions drawn: the
 * seed and the lesson's shape (not its numbers: a what-if change keeps the same cells). */
typedef struct {
    unsigned long long seed;            /* Ui.seed the sequence started from */
    int T;                              /* characters of the sentence */
    int d;                              /* vector width */
    int heads;                          /* 1 or 2 */
    int mask;                           /* the Mask the pass ran with (which cells are seen) */
    int score_cell;                     /* what if: the score set, as head·T·T + row·T + col
                                           (-1: none), whose questions the sequence skips */
    int n_due;                          /* kinds asked first (the practice history's due) */
    QuizKind due[QUIZ_KIND_COUNT];      /* them */
} PracticeShape;

/* What the practice view keeps of its own. The question asked is drawn from the seeded
 * sequence once, when it changes (the next question: one draw on from `after`); each frame
 * takes its numbers from the lesson shown (quiz_make over the drawn cells), so it always
 * matches the numbers on screen. A lesson of another shape (a new sentence) draws it again
 * from question 1, as a worksheet with the same seed does. */
typedef struct {
    int index;                          /* the question asked: 0-based in the seeded sequence */
    bool drawn_ok;                      /* drawn holds question `index` drawn for `shape` */
    PracticeShape shape;                /* what drawn and after were drawn for */
    QuizQuestion drawn;                 /* question `index` as the sequence drew it (its cells,
                                           kind, role and number; its numbers as then) */
    QuizSeq after;                      /* the sequence after drawing it: the next is one on */
    PracticePhase phase;                /* asking, graded or revealed */
    bool typing;                        /* the answer line is open: the view takes raw keys */
    char typed[PRACTICE_ANSWER_BYTES];  /* the answer as typed (ASCII), NUL-terminated */
    bool junk;                          /* Enter was pressed on text that is not a number */
    int tries;                          /* answers graded on this question: 0, 1 (wrong: one
                                           more try) or 2 */
    char first[PRACTICE_ANSWER_BYTES];  /* the first answer, when it was wrong */
    TypedKey hint;                      /* TYPED_KEY_UNUSABLE or _FULL: the last key the line
                                           could not take (said under it); else TYPED_KEY_OTHER */
    int hint_key;                       /* that key */
    bool folded;                        /* the line holds a full-width character read as
                                           ASCII: said under it until the line is cleared */
    QuizTally tally;                    /* the running score: asked, right, streak (quiz.h) */
    int scroll;                         /* solution lines scrolled past when they do not fit */
} PracticeState;

/* The sequence a session asks: first one question of each kind due in the practice
 * history (due[0..n_due-1], each from its kind's own seeded sequence: quiz_kind_seed), then
 * the seed's sequence from its question 1 (quiz.h), as --worksheet --seed prints it. */
typedef struct {
    unsigned long long seed;    /* Ui.seed */
    int n_due;                  /* kinds asked first (0: the seed's sequence alone) */
    const QuizKind *due;        /* them */
} PracticeOrder;

/* The order of the session ui runs (its seed and the kinds due). */
PracticeOrder practice_order(const Ui *ui);

/* The question the state asks about tr in order: the index-th (O(index): the view keeps it
 * drawn instead, this is for the tests and for a lesson the view has not seen yet). With no
 * kind due it is question index + 1 of seed's sequence. */
void practice_question(const Trace *tr, unsigned long long seed, int index, QuizQuestion *q);
void practice_question_in(const Trace *tr, const PracticeOrder *order, int index, QuizQuestion *q);

/* Draws question st->index for tr in order into st when st does not hold it already: one
 * draw on from the last question when it is the next one, else from question 1. */
void practice_sync(PracticeState *st, const Trace *tr, const PracticeOrder *order);

/* The question st asks about tr in order, with tr's numbers: O(1) from the drawn cells when
 * st holds them for tr's shape, else drawn afresh (practice_question_in). */
void practice_current(const PracticeState *st, const Trace *tr, const PracticeOrder *order,
                      QuizQuestion *q);

#endif

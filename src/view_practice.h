/* view_practice.h — the practice view's own state, for its tests: which question of the
 * seeded sequence is asked, the answer line, what was graded, the score and streak.
 * Owns: nothing outside src/view_practice.c (and its tests).
 * Must not touch: ncurses, the clock, the engine's arithmetic. */
#ifndef ATTN_VIEW_PRACTICE_H
#define ATTN_VIEW_PRACTICE_H

#include <stdbool.h>
#include "quiz.h"

#define PRACTICE_ANSWER_BYTES 32   /* the longest answer typed, and its NUL */

/* Where the question asked stands. */
typedef enum {
    PRACTICE_ASKING = 0,   /* waiting for an answer */
    PRACTICE_GRADED,       /* an answer was graded: correct or wrong, the solution shown */
    PRACTICE_REVEALED      /* Enter on an empty line: the worked solution, not answered */
} PracticePhase;

/* What the practice view keeps of its own. The question itself is not kept: it is made
 * again from the seed (Ui.seed), the index and the lesson shown, so it always matches the
 * numbers on screen (a new sentence, mask, heads or a what-if change remakes it). */
typedef struct {
    int index;                          /* the question asked: 0-based in the seeded sequence */
    PracticePhase phase;                /* asking, graded or revealed */
    bool typing;                        /* the answer line is open: the view takes raw keys */
    char typed[PRACTICE_ANSWER_BYTES];  /* the answer as typed (ASCII), NUL-terminated */
    bool junk;                          /* Enter was pressed on text that is not a number */
    QuizTally tally;                    /* the running score: asked, right, streak (quiz.h) */
    int scroll;                         /* solution lines scrolled past when they do not fit */
} PracticeState;

/* The question the state asks about tr with seed: the index-th of the sequence (quiz.h). */
void practice_question(const Trace *tr, unsigned long long seed, int index, QuizQuestion *q);

#endif

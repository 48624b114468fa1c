/* concept.h — the concept check: twelve multiple-choice questions about the ideas of the
 * lesson, not its arithmetic, each aimed at a misconception a learner is known to hold
 * (the score table is symmetric; attention is importance; softmax changes the order; ÷√d is
 * for speed; the output has another shape; Q, K and V are the same vector; a column of
 * shares adds up to 100%; a character's shares are the same in every sentence; attention
 * ignores order; K is what is handed over; the shares are trained; taking from V moves it).
 * Every choice has its reason: the right one why it is right, a wrong one why not.
 * Owns: the questions and their words (English and Chinese), the score. Must not touch: the
 * terminal, drawing, any state. */
#ifndef ATTN_CONCEPT_H
#define ATTN_CONCEPT_H

#include "lang.h"

#define CONCEPT_QUESTIONS 12
#define CONCEPT_CHOICES 4

/* One choice: its words and why it is right or wrong. */
typedef struct {
    const char *en, *zh;           /* the choice */
    const char *why_en, *why_zh;   /* why it is right, or why not */
} ConceptChoice;

/* One question. */
typedef struct {
    const char *misconception;          /* the belief it tests (for the docs and the tests) */
    const char *en, *zh;                /* the question */
    ConceptChoice choice[CONCEPT_CHOICES];
    int right;                          /* the right choice's index */
} ConceptQuestion;

/* Question i (0..CONCEPT_QUESTIONS-1). */
const ConceptQuestion *concept_question(int i);

/* The choice shown in slot (0..CONCEPT_CHOICES-1) of question i: the right one is in a
 * different slot from question to question (three times in each). */
int concept_choice_at(int i, int slot);

/* The slot question i shows its right choice in. */
int concept_right_slot(int i);

/* The question's or a choice's words in lang. */
const char *concept_text(const ConceptQuestion *q, Lang lang);
const char *concept_choice(const ConceptQuestion *q, int k, Lang lang);
const char *concept_why(const ConceptQuestion *q, int k, Lang lang);

#endif

/* lesson.h — everything the screens show, computed once per change of sentence, mask or
 * heads: the forward pass of the sentence and of the comparison sentence.
 * Owns: building and freeing that set; the engine does the arithmetic.
 * Must not touch: the terminal, drawing, the clock. */
#ifndef ATTN_LESSON_H
#define ATTN_LESSON_H

#include <stddef.h>
#include "engine.h"
#include "model.h"

/* The lesson's second sentence: station 2 compares 等's row in both. */
#define LESSON_COMPARE_SENTENCE "十减四等于?"

typedef struct {
    const Model *model;                   /* the model (not owned) */
    EngineConfig config;                  /* mask and heads the passes ran with */
    char sentence[MODEL_SENTENCE_BYTES];  /* the sentence shown, as the vocabulary spells it */
    Trace tr;                             /* its forward pass */
} Lesson;

/* Runs the forward pass of m over sentence with cfg (NULL: lesson 6) into a fresh *ls.
 * Returns 0, or -1 with a one-line message in err (then *ls needs no freeing). */
int lesson_build(Lesson *ls, const Model *m, const char *sentence, const EngineConfig *cfg,
                 char *err, size_t errlen);

/* Releases a Lesson; safe on a zeroed or freed one. */
void lesson_free(Lesson *ls);

#endif
